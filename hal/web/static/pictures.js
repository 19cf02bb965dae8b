// The Labyrinth pictures as emoji, each edition's 24 distinct (classic, Super Mario, Star Wars;
// tests/web/test_pictures.py checks; a picture without one would show 🔶),
// shared by the Labyrinth page and the private pages.
"use strict";

const PICTURES = {
  // classic
  book: "📖", money: "💰", map: "🗺️", crown: "👑", keys: "🗝️", skull: "💀", ring: "💍", chest: "🧰",
  emerald: "💎", sword: "🗡️", candle: "🕯️", helmet: "⛑️", spider: "🕷️", moth: "🦋", owl: "🦉", mouse: "🐁",
  lizard: "🦎", beetle: "🪲", ghost: "👻", sorceress: "🧙‍♀️", pig: "🐷", genie: "🧞", bat: "🦇", dragon: "🐉",
  // Super Mario
  mario: "🍄", luigi: "🟩", peach: "👸", toad: "🧢", yoshi: "🦖", bowser: "🐢", "bowser-jr": "🐣", daisy: "🌼",
  boo: "👻", "piranha-plant": "🌱", "bullet-bill": "🚀", "chain-chomp": "⛓️", blooper: "🦑", wiggler: "🐛",
  "king-boo": "👑", goomba: "🌰", "dry-bones": "🦴", "hammer-bro": "🔨", "koopa-troopa": "🐚", lakitu: "☁️",
  rosalina: "⭐", "shy-guy": "🎭", waluigi: "🟪", wario: "🟨",
  // Star Wars
  anakin: "🧒", "boba-fett": "🪖", "c-3po": "🦾", chewbacca: "🐻", "count-dooku": "🧛", "darth-maul": "👹",
  "darth-sidious": "🧟", "death-star": "🌑", "general-grievous": "🦿", "han-solo": "🔫", jabba: "🐌", "jar-jar": "🐸",
  lando: "🎩", leia: "👸", luke: "🗡️", "mace-windu": "🟣", "millennium-falcon": "🛸", "obi-wan": "🧔", padme: "👑",
  "qui-gon": "🧙", "r2-d2": "🤖", stormtrooper: "💂", "x-wing": "🛩️", yoda: "🟢",
  // the Vader tile (Star Wars, variant vader): where the black Vader pawn starts; a figure, never a
  // black disc like the pawn (the cards bearing Vader's mark show ⚫ on the private page)
  vader: "🦹",
};

// A picture's name as a person reads it: "darth-sidious" -> "Darth Sidious", "c-3po" -> "C-3PO",
// "x-wing" -> "X-Wing" (names with a digit keep their hyphen and are upper case; a one-letter part too).
function pictureName(id) {
  if (!id) return "";
  const parts = String(id).split("-");
  if (parts.some((w) => /[0-9]/.test(w))) return parts.join("-").toUpperCase();
  const words = parts.map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return words.reduce((out, w, i) => (i === 0 ? w : out + (w.length === 1 || words[i - 1].length === 1 ? "-" : " ") + w), "");
}

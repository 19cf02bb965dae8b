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
  // the Vader mark (Star Wars, variant vader)
  vader: "⚫",
};

// The Labyrinth pictures as emoji, each edition's 24 distinct (classic, Super Mario, Star Wars;
// tests/web/test_pictures.py checks; a picture without one would show 🔶),
// shared by the Labyrinth page and the private pages. A picture Unicode has no emoji for is drawn
// (PICTURE_DRAWINGS; pictureHTML gives the markup a page shows): the moth, whose nearest emoji is a
// butterfly a newcomer looking for "moth" would not take for it.
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

// drawn pictures (SVG, sized 1.2 em like an emoji of the same font size; named by pictureHTML): the
// moth dull brown with its wings spread flat as a delta, a furry body and feathered antennae
// (a butterfly: bright, wings up, thin clubbed antennae)
// ...and the emerald green (Labyrinth newcomer 28 hesitated at "💎 Emerald": the emoji is a blue diamond), a
// step-cut stone
const PICTURE_DRAWINGS = {
  emerald: '<svg viewBox="0 0 100 100" width="1.2em" height="1.2em" style="vertical-align:-0.2em">' +
    '<polygon points="30,10 70,10 90,30 90,70 70,90 30,90 10,70 10,30" fill="#17994e" stroke="#0a4a25" stroke-width="4"/>' +
    '<polygon points="38,25 62,25 75,38 75,62 62,75 38,75 25,62 25,38" fill="#3fcf7c" stroke="#0a4a25" stroke-width="2.5"/>' +
    '<path d="M30 10 L38 25 M70 10 L62 25 M90 30 L75 38 M90 70 L75 62 M70 90 L62 75 M30 90 L38 75 M10 70 L25 62 ' +
    'M10 30 L25 38" stroke="#0a4a25" stroke-width="2.5"/><polygon points="40,31 57,31 45,45" fill="#c8f7dc" opacity=".85"/></svg>',
  moth: '<svg viewBox="0 0 100 100" width="1.2em" height="1.2em" style="vertical-align:-0.2em">' +
    '<g fill="none" stroke="#3b2614" stroke-width="2.5" stroke-linecap="round">' +
    '<path d="M46 28 Q36 14 22 10 M54 28 Q64 14 78 10"/>' +
    '<path d="M40 21 l-3 -7 M34 16 l-2 -7 M28 13 l-1 -6 M40 21 l-7 1 M34 16 l-7 1 M28 13 l-6 1"/>' +
    '<path d="M60 21 l3 -7 M66 16 l2 -7 M72 13 l1 -6 M60 21 l7 1 M66 16 l7 1 M72 13 l6 1"/></g>' +
    '<g stroke="#3b2614" stroke-width="2.5" stroke-linejoin="round">' +
    '<path d="M48 40 L6 58 Q4 72 16 78 L48 62 Z" fill="#9c7a52"/>' +
    '<path d="M52 40 L94 58 Q96 72 84 78 L52 62 Z" fill="#9c7a52"/>' +
    '<path d="M48 58 L22 80 Q30 92 46 80 Z M52 58 L78 80 Q70 92 54 80 Z" fill="#7a5a38"/></g>' +
    '<path d="M14 66 Q28 60 44 52 M86 66 Q72 60 56 52" stroke="#5e4226" stroke-width="3" fill="none"/>' +
    '<circle cx="26" cy="66" r="4.5" fill="#3b2614"/><circle cx="74" cy="66" r="4.5" fill="#3b2614"/>' +
    '<ellipse cx="50" cy="58" rx="7.5" ry="25" fill="#5a3c20" stroke="#2b1a0c" stroke-width="2"/>' +
    '<path d="M44 58 h12 M44 66 h12 M45 74 h10" stroke="#c9a878" stroke-width="2.5"/>' +
    '<circle cx="50" cy="32" r="7" fill="#4a3018" stroke="#2b1a0c" stroke-width="2"/></svg>',
};
// a picture as a page shows it (HTML): its drawing, named for screen readers and tests
// (aria-label), or its emoji (🔶: a picture the pages have none for)
function pictureHTML(id) {
  const drawing = PICTURE_DRAWINGS[id];
  return drawing ? drawing.replace("<svg ", `<svg role="img" aria-label="${pictureName(id)}" `) : (PICTURES[id] || "🔶");
}

// names the rule below would spell wrong (controller/i18n.py PICTURE_NAMES: the catalogue's English says the same)
const PICTURE_NAMES = { "obi-wan": "Obi-Wan", "qui-gon": "Qui-Gon", padme: "Padmé", "bowser-jr": "Bowser Jr." };
// A picture's name as a person reads it: "darth-sidious" -> "Darth Sidious", "c-3po" -> "C-3PO",
// "x-wing" -> "X-Wing" (names with a digit keep their hyphen and are upper case; a one-letter part too).
// ...in the page's language where it has the picture's name (picture.ID, symbol.ID: I18N.valueWord), first letter
// capitalised as in English (a German page said "Ersatzkarte 🦉 Owl")
function pictureName(id) {
  if (!id) return "";
  const word = typeof I18N !== "undefined" ? I18N.valueWord(String(id)) : null;
  if (word) return word.charAt(0).toUpperCase() + word.slice(1);
  if (PICTURE_NAMES[id]) return PICTURE_NAMES[id];
  const parts = String(id).split("-");
  if (parts.some((w) => /[0-9]/.test(w))) return parts.join("-").toUpperCase();
  const words = parts.map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return words.reduce((out, w, i) => (i === 0 ? w : out + (w.length === 1 || words[i - 1].length === 1 ? "-" : " ") + w), "");
}

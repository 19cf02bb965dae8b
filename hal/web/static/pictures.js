// The Labyrinth pictures as emoji (classic, Super Mario, Star Wars editions; others show 🔶),
// shared by the Labyrinth page and the private pages.
"use strict";

const PICTURES = {
  book: "📖", money: "💰", map: "🗺️", crown: "👑", keys: "🗝️", skull: "💀", ring: "💍", chest: "🧰",
  emerald: "💎", sword: "🗡️", candle: "🕯️", helmet: "⛑️", spider: "🕷️", moth: "🦋", owl: "🦉", mouse: "🐁",
  lizard: "🦎", beetle: "🪲", ghost: "👻", sorceress: "🧙‍♀️", pig: "🐷", genie: "🧞", bat: "🦇", dragon: "🐉",
  mario: "🍄", luigi: "🟢", peach: "👸", toad: "🍄", yoshi: "🦖", bowser: "🐢", "bowser-jr": "🐢", daisy: "🌼",
  boo: "👻", "piranha-plant": "🌱", "bullet-bill": "🚀", "chain-chomp": "⛓️", blooper: "🦑", wiggler: "🐛",
  "king-boo": "👑", goomba: "🍄", yoda: "🟢", "r2-d2": "🤖", "c-3po": "🤖", "death-star": "🌑", "x-wing": "🛩️",
  "millennium-falcon": "🛸", stormtrooper: "💂", chewbacca: "🐻", "jar-jar": "🐸", vader: "⚫",
};

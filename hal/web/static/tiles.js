// Labyrinth tiles drawn as they lie, shared by the simulator's Labyrinth page and the real board's
// companion page. Tile notation (docs/labyrinth.md): the open sides in N E S W order (N: rank 7's
// side), then ":picture" or ":vader"; masks N=1 E=2 S=4 W=8 (hal/labyrinth.py).
"use strict";

function parseTile(text) {
  const [sides, label] = text.split(":");
  let mask = 0;
  for (const ch of sides) mask |= { N: 1, E: 2, S: 4, W: 8 }[ch] || 0;
  return { mask, label: label || null };
}
function tileSVG(mask) {
  const arms = [[1, "34,0,32,50"], [2, "50,34,50,32"], [4, "34,50,32,50"], [8, "0,34,50,32"]]
    .filter(([bit]) => mask & bit)
    .map(([, r]) => { const [x, y, w, h] = r.split(","); return `<rect x="${x}" y="${y}" width="${w}" height="${h}"/>`; }).join("");
  const path = `<rect x="34" y="34" width="32" height="32"/>${arms}`;
  // the corridor's edge: the same shapes stroked under the path, so only the stroke's outer half shows,
  // on the rock along each side of the corridor (none unless a page's CSS gives it a stroke)
  return `<svg viewBox="0 0 100 100" aria-hidden="true"><rect class="rock" width="100" height="100" rx="6"/>` +
    `<g class="edge" fill="none" stroke="none">${path}</g><g class="path">${path}</g></svg>`;
}

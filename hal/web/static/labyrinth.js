// Labyrinth browser view. Draws the tiles as they lie (world), the LEDs (frames) and what the
// controller announced (view), and turns clicks into physical actions: rotate the spare, push it
// in at a slot, slide / lift / place a pawn, press done. The controller decides everything.
"use strict";

const ARROW = { S: "▲", N: "▼", W: "▶", E: "◀" };
// the log's words for a warning (the controller's warning kinds, controller/labyrinth/referee.py)
function warningText(kind) {
  switch (kind) {
    case "forbidden_slot": return I18N.t("page.lab.warn.forbidden_slot", "tried the forbidden slot");
    case "extra_shift": return I18N.t("page.lab.warn.extra_shift", "pushed when no push was due");
    case "unreachable": return I18N.t("page.lab.warn.unreachable", "moved to a tile out of reach");
    case "out_of_turn": return I18N.t("page.lab.warn.out_of_turn", "moved out of turn");
    case "moved_before_shift": return I18N.t("page.lab.warn.moved_before_shift", "moved before the shift");
    case "lifted": return I18N.t("page.lab.warn.lifted", "lifted the pawn");
    case "not_wrapped": return I18N.t("page.lab.warn.not_wrapped", "a pushed-off pawn is not on the new tile");
    case "misplaced": return I18N.t("page.lab.warn.misplaced", "a pawn stands where none should");
    case "ambiguous": return I18N.t("page.lab.warn.ambiguous", "the reeds cannot tell where the pawn stopped");
    default: return kind;
  }
}
const emoji = (name) => PICTURES[name] || "🔶";
const drawn = (name) => pictureHTML(name); // markup: the moth is drawn, the butterfly emoji is not it (pictures.js)
// where a drawn picture goes in a line of text: said as text, then drawn (a drawing is markup, pictures.js)
const DRAWN_MARK = "\uE000";
// a picture in a line of text: its emoji and name (a drawn one, the moth: its mark, drawn where the line is
// shown, addLog; never the butterfly, round 24)
const pic = (name) => (!name ? "" : `${name in PICTURE_DRAWINGS ? DRAWN_MARK : emoji(name)} ${pictureName(name)}`);
// a pawn as people call it: the player's colour (in the page's language), or the Vader pawn
const pawnName = (p) => (p === "vader" ? I18N.t("page.lab.vader_pawn", "the Vader pawn")
  : I18N.t("page.lab.colour", "{Player}", { player: p }));
const player = (p) => I18N.t("page.lab.colour", "{Player}", { player: p });
// a picture on a tile: its name, or what the Vader tile is (only a picture: the pawn starts there)
const tileName = (label) => (label === "vader" ? I18N.t("page.lab.vader_tile", "Vader's start tile") : pictureName(label));

const S = { hello: null, view: null, world: null, pixels: [], selected: null, bannerShown: false, preview: null, armed: null,
  pointerAt: null, stillAt: null };

function cellName(f, r) { return String.fromCharCode(97 + f) + (r + 1); }

// what the board asks now (the controller's instruction event), or null before the first
function said() { return S.view ? S.view.instruction : null; }
// a control acts only when the view's controls say so (computed by the server from the instruction)
function buttonState(id) { return MB.control(S.view, S.hello, id); }
function press(button, message) {
  const [on, why] = buttonState(button);
  if (!on) { MB.showError(I18N.t("page.lab.not_now", "{what}: {why}", { what: controlName(button), why })); return; }
  MB.send(message);
}

// -- drawing ---------------------------------------------------------------------
function controlName(id) {
  if (id.startsWith("slot:")) return I18N.t("page.lab.slot", "slot {slot}", { slot: id.slice(5) });
  if (id === "rotate") return I18N.t("page.lab.rotate", "Rotate");
  if (id === "done") return I18N.t("page.lab.done", "Done");
  return id;
}
function buildMaze() {
  const h = S.hello, maze = $("maze");
  maze.innerHTML = "";
  for (let r = 0; r < h.ranks; r++) {
    for (let f = 0; f < h.files; f++) {
      const cell = cellName(f, r), d = document.createElement("div");
      d.className = "tile";
      d.dataset.cell = cell;
      d.style.gridColumn = String(f + 2);
      d.style.gridRow = String(h.ranks + 1 - r);
      d.addEventListener("click", () => tileClicked(cell));
      // a mouse pointing at a tile names its picture under the board, as a tap does (round 23): when it moves
      // onto the tile, never when the board moves under a resting mouse (pointedAt)
      d.addEventListener("pointerenter", (e) => pointedAt(e, cell));
      d.addEventListener("pointermove", (e) => pointedAt(e, cell));
      maze.appendChild(d);
    }
  }
  for (const [slot, s] of Object.entries(h.slots)) {
    const f = s.entry.charCodeAt(0) - 97, r = parseInt(s.entry.slice(1), 10) - 1;
    const d = document.createElement("button");
    d.type = "button";
    d.className = `slot edge-${s.edge}`;
    d.dataset.slot = slot;
    d.title = I18N.t("page.lab.push_at", "push the spare in at {slot}", { slot });
    d.innerHTML = `<span class="arrow">${ARROW[s.edge]}</span><span class="code">${slot}</span>`; // named as the prompt names it
    const col = s.edge === "W" ? 1 : s.edge === "E" ? h.files + 2 : f + 2;
    const row = s.edge === "N" ? 1 : s.edge === "S" ? h.ranks + 2 : h.ranks + 1 - r;
    d.style.gridColumn = String(col);
    d.style.gridRow = String(row);
    // a finger's first tap on a lit arrow shows where its push leads and asks for a second tap to push (Labyrinth
    // newcomers 43, 45, 46: a tap pushed at once and a phone has no pointer to preview with, so pushes were made
    // blind); a mouse's click or a key pushes at once (armPush)
    d.addEventListener("click", (e) => {
      // a mouse's or finger's press keeps no focus: its ring, drawn at the next key (D), read as the next thing to
      // press, into the game's end (Labyrinth newcomer 57); a key's press (detail 0) keeps it
      if (e.detail > 0) d.blur();
      // (...and after ⟳ Rotate, which lets go of it, a tap on the arrow tapped before is a first tap again: Labyrinth
      // newcomers 50 and 62 tapped it to see the turned spare's push, and it pushed)
      if ((e.pointerType === "touch" || e.pointerType === "pen") && S.armed !== slot && !d.classList.contains("off")) { armPush(slot); return; }
      armPush(null);
      press(`slot:${slot}`, { type: "insert", slot });
    });
    // where the push leads, while the arrow is pointed at, focused or pressed (a finger: from touch to lift, and
    // after a first tap until the second): the line of 7 tiles it moves and the tile pushed out (previewPush)
    for (const [type, on] of [["pointerenter", true], ["pointermove", true], ["pointerleave", false], ["pointercancel", false],
      ["focus", true], ["blur", false]]) {
      d.addEventListener(type, (e) => {
        if (on && S.preview === slot) return;
        if (!on && S.armed) { previewPush(S.armed); return; } // an arrow tapped once keeps its marks
        if (on && e.clientX !== undefined && stillPointer(e)) return; // the board drawn anew under a resting mouse
        previewPush(on ? slot : null);
      });
    }
    maze.appendChild(d);
  }
  const corners = Object.entries(h.corners);
  for (const [p, c] of corners) {
    const t = maze.querySelector(`.tile[data-cell="${c}"]`);
    if (t) { t.classList.add("home", p); t.dataset.home = p; }
  }
  $("title").textContent = h.title;
  document.title = `${h.title} · mazeboard`;
  const variants = h.variants.length ? I18N.t("page.lab.info_variants", " · variants: {names}", { names: I18N.list(h.variants) }) : "";
  // how long the game is, on screen (Labyrinth newcomer 28 learned "12 cards each" from the log alone; ✨ New game →
  // Cards each plays a shorter one): the rules' game deals all 24 pictures out
  const each = h.cards_each || Math.floor(24 / Math.max(1, h.players.length));
  // (one card: "1 card each", as the log says it; Labyrinth newcomer 30 read "1 cards each")
  $("game-info").textContent = (each === 1 ? I18N.t("page.lab.info_one_card", "seed {seed} · {n} players · 1 card each", { seed: h.seed, n: h.players.length })
    : I18N.t("page.lab.info_cards", "seed {seed} · {n} players · {each} cards each", { seed: h.seed, n: h.players.length, each })) + variants;
  drawLegend();
  MB.onSeats = () => { if (S.view) drawInfo(); };
  MB.privateLinks(h);
}

// whether a pointer event comes from a pointer that has not moved since the board was drawn anew (a new
// game: the browser reports the arrow now under a resting mouse as entered, round 24); a move frees it
// a mouse moved onto `cell`: its name under the board, unless it says so already. The browser also reports a
// tile entered when the page moves under a mouse that does not (a scroll, a line shown above the board): such an
// enter comes where the last move left the pointer, and names nothing (Labyrinth newcomer 23 saw "a6: no picture"
// under the board after each push, a tile no one had pointed at)
function pointedAt(e, cell) {
  if (e.pointerType !== "mouse") return;
  const at = S.pointerAt;
  if (e.type === "pointerenter" && at && at[0] === e.clientX && at[1] === e.clientY) return;
  if (S.named === cell && !$("picked").hidden) return;
  S.touch = false;
  pickTile(cell);
}
function stillPointer(e) {
  const at = S.stillAt;
  if (at && at[0] === e.clientX && at[1] === e.clientY) return true;
  S.stillAt = null;
  return false;
}
document.addEventListener("pointermove", (e) => { S.pointerAt = [e.clientX, e.clientY]; }, true);
// a touch screen's first tap on the lit arrow ``slot`` (null: none): its push previewed, the arrow ringed, and in the
// line under the board (#picked, where a tapped tile is named: never over a tile, Labyrinth newcomer 47 had its
// target hidden by words beside the arrow) "tap N-b again to push"; a tap anywhere but on it or ⟳ Rotate (which turns
// the spare it shows) lets go.
// ⟳ Rotate (``turned``) lets go too, its marks and ring gone, and says a tap on it shows the push of the spare as
// turned: what the board shows is what a tap does, marks there a push, none a look (Labyrinth newcomers 82 and 86
// hesitated before the ring kept after the turn; 107 and 109 saw the marks kept and took the next tap for the push,
// which only marked it again; 50 and 62, earlier, had tapped to see the turned spare's push, and it pushed)
function armPush(slot, turned = false) {
  const was = S.armed, box = $("picked");
  S.armed = turned ? null : slot;
  S.lookSlot = turned ? slot : null; // (⟳ Rotate again says its words again: an attack saw them gone at the second)
  for (const el of $("maze").querySelectorAll(".slot")) el.classList.toggle("armed", !!S.armed && el.dataset.slot === S.armed);
  if (!slot) {
    if (was && box.classList.contains("push-again")) { box.hidden = true; box.classList.remove("push-again"); }
    if (S.preview) previewPush(null);
    return;
  }
  clearTimeout(S.pickedTimer);
  MB.clearError(); // a refusal of a tap before (the forbidden arrow's) goes: this arrow is the one now (an attack)
  // (after ⟳ Rotate, said as the push of the spare as it lies now: Labyrinth newcomer 50 took the marks for the
  // spare before the turn and the second tap for a fresh first one)
  box.textContent = turned ? I18N.t("page.lab.push_turned_look_touch", "⟳ turned: tap {slot} to see its push with the spare as it lies now", { slot })
    : I18N.t("page.lab.push_again_touch", "tap {slot} again to push", { slot }) + pushedOffWords(slot);
  box.classList.add("push-again");
  box.classList.remove("news", "preview");
  // ...above the board for an arrow in its top half (Labyrinth newcomer 51 tapped N-b and looked for the words
  // there, not under the board's foot): outside the frame either way, never over a tile
  // (...where the screen shows that room: a board scrolled to the screen's top, a small phone scrolled down to ⟳
  // Rotate, had them above the screen: an attack)
  box.classList.toggle("above", /^N-|-6$/.test(slot) && $("maze").getBoundingClientRect().top > 44);
  box.hidden = false;
  S.named = null;
  previewPush(turned ? null : slot);
}
document.addEventListener("pointerdown", (e) => {
  if (!S.armed || !e.target.closest) return;
  if (e.target.closest(`.slot[data-slot="${S.armed}"]`) || e.target.closest("#rotate")) return;
  armPush(null);
}, true);
// the cells a push at ``slot`` moves (entry first) and the one it pushes out (the last): a column for a
// slot on the N or S edge, a row for W or E (the hello's slots: {edge, entry})
function pushLine(slot) {
  const h = S.hello, s = h && h.slots[slot];
  if (!s) return [];
  const f = s.entry.charCodeAt(0) - 97, r = parseInt(s.entry.slice(1), 10) - 1, cells = [];
  if (s.edge === "N" || s.edge === "S") for (let k = 0; k < h.ranks; k++) cells.push(cellName(f, s.edge === "N" ? h.ranks - 1 - k : k));
  else for (let k = 0; k < h.files; k++) cells.push(cellName(s.edge === "W" ? k : h.files - 1 - k, r));
  return cells;
}
// marks the line a push at ``slot`` would move and the tile it would push out (null: no marks); only for
// a slot that takes the spare now (never the forbidden one, nor on another's turn)
// ...and the tiles the pawn on turn, a person's here, could walk to after that push (the world's push_reach, with the
// spare as it lies: Labyrinth newcomers 34 and 37 learnt where a push led only once pushed); not for the Vader pawn
function previewPush(slot) {
  S.preview = slot;
  const el = slot && $("maze").querySelector(`.slot[data-slot="${slot}"]`);
  const cells = el && !el.classList.contains("off") ? pushLine(slot) : [];
  const v = S.view, who = v && v.current, moves = !v || !Array.isArray(v.movers) || !v.movers.length || v.movers.includes(who);
  const reach = cells.length && who && moves && S.hello.humans.includes(who) && S.world
    && S.world.push_reach && S.world.push_reach[who] ? S.world.push_reach[who][slot] || [] : [];
  // the row drawn as it will lie (Labyrinth newcomers 38 and 39 read dashes on the tiles about to leave their cells):
  // each tile of the line one cell on with its pawns, the spare in at the entry, the tile pushed out past the edge;
  // a dash goes on the tile that will stand on a cell reached
  const ghost = shiftPreview(cells), onto = (cell) => { const k = cells.indexOf(cell); return k < 0 ? cell : k ? cells[k - 1] : null; };
  const marked = new Set(reach.map(onto));
  for (const t of $("maze").querySelectorAll(".tile:not(.spare-ghost)")) {
    const k = cells.indexOf(t.dataset.cell);
    t.classList.toggle("push-line", k >= 0);
    t.classList.toggle("push-out", k >= 0 && k === cells.length - 1);
    t.classList.toggle("push-reach", marked.has(t.dataset.cell));
  }
  if (ghost) ghost.classList.toggle("push-reach", marked.has(null));
  previewWords(slot, cells.length && S.hello.humans.includes(who) ? who : null, reach.length > 0);
}
// ...said under the board while a mouse or a key points at the arrow (a finger's first tap says "tap it again to
// push": armPush): what the white frame and the dashes are (Labyrinth newcomer 80 took the frame round the spare's
// cell for a tile reached, clicked it after the push, and ended the turn without moving)
function previewWords(slot, who, dashed) {
  const box = $("picked");
  if (!slot || !who || S.armed) {
    if (box.classList.contains("preview")) { box.hidden = true; box.classList.remove("preview"); }
    return;
  }
  const edge = S.hello.slots[slot].edge;
  const way = { N: I18N.t("page.lab.side_down", "down"), S: I18N.t("page.lab.side_up", "up"),
    W: I18N.t("page.lab.side_right", "right"), E: I18N.t("page.lab.side_left", "left") }[edge];
  box.textContent = (edge === "N" || edge === "S"
    ? I18N.t("page.lab.preview_column", "{slot}: the framed column moves one tile {way}", { slot, way })
    : I18N.t("page.lab.preview_row", "{slot}: the framed row moves one tile {way}", { slot, way })) +
    (dashed ? I18N.t("page.lab.preview_reach", "; dashed: the tiles {Player} can walk to after this push", { player: who }) : "") +
    pushedOffWords(slot);
  clearTimeout(S.pickedTimer);
  box.classList.remove("push-again", "news");
  box.classList.add("preview");
  box.hidden = false;
  S.named = null;
  placePicked(box);
}
// the pawns a push at `slot` pushes off the board's edge, each said with the tile it comes back on (the one pushed in
// at the other end: RULES.md §2; Labyrinth newcomer 88 pushed Blue round onto its own start square unawares, and lost),
// as "; Blue is pushed off g6 and comes back on a6", or ""
function pushedOffWords(slot) {
  const line = pushLine(slot), exit = line[line.length - 1], pawns = (S.world && S.world.pawns) || {};
  const off = Object.keys(pawns).filter((p) => exit && pawns[p] === exit).sort(), to = carriedBy(slot, exit) || line[0];
  // (two pawns on one tile in one clause: an attack read the same words twice)
  return off.length > 1
    ? I18N.t("page.lab.preview_pushed_off_many", "; {pawns} are pushed off {from} and come back on {to}",
      // (the clause follows a semicolon: "; Blue and the Vader pawn are…", an attack read "Blue and The Vader pawn")
      { pawns: I18N.list(off.map(pawnName)), from: exit, to })
    : off.length ? I18N.t("page.lab.preview_pushed_off", "; {pawn} is pushed off {from} and comes back on {to}",
      { pawn: pawnName(off[0]), from: exit, to }) : "";
}
// the line under the board never lies over the tile a push would push out (past the board's foot for N-b, N-d, N-f),
// nor over the spare or a control that acts now (a phone's spare and ⟳ Rotate under the board: a tapped tile's words in
// three lines, an attack): above the board then, where the screen shows that room (armPush's rule)
// ...nor past the screen's foot (a 900x600 window cut a tile's last line, an attack); above only where its words fit
// whole between the screen's top and the board's frame (a scrolled 320 px phone had four lines' first two above the
// screen: an attack), else where it was
// ...and where the window leaves room beside the board (a wide screen), there rather than above: above, it lay over the
// prompt's second line (Labyrinth newcomer 98 at 1920x1080, pointing at N-b)
function placePicked(box) {
  box.classList.remove("above", "aside", "aside-right");
  box.style.width = "";
  if (box.hidden) return;
  const r = box.getBoundingClientRect(), hits = (b) => b.left < r.right && b.right > r.left && b.top < r.bottom && b.bottom > r.top;
  const marks = [...$("maze").querySelectorAll(".tile.push-out, .tile.spare-ghost")];
  const controls = [...document.querySelectorAll("#spare, #rotate, #done, #lift")].filter((b) => !b.disabled && b.offsetParent !== null);
  const under = [...marks, ...controls].some((el) => hits(el.getBoundingClientRect())) || r.bottom > window.innerHeight;
  const frame = box.parentElement.getBoundingClientRect(), side = document.querySelector(".info-side");
  // the room beside the board, up to the side panel on whichever side it stands (a right-to-left page has it on the
  // left: an attack in Persian had the words over the panel), else up to the window's edge
  const panel = side && side.offsetParent !== null ? side.getBoundingClientRect() : null;
  const left = frame.left - (panel && panel.right <= frame.left ? panel.right : 0) - 22;
  const right = (panel && panel.left >= frame.right ? panel.left : window.innerWidth) - frame.right - 22;
  if (under && Math.max(left, right) >= ASIDE_PX) {
    box.classList.add("aside");
    if (right > left) box.classList.add("aside-right");
    box.style.width = `${Math.min(ASIDE_MAX_PX, Math.max(left, right))}px`;
  } else if (under && frame.top - 3 - r.height >= 0) box.classList.add("above");
}
// the words beside the board, between 170 and 240 px wide (labyrinth.css .picked.aside)
const ASIDE_PX = 170, ASIDE_MAX_PX = 240;
// moves the tiles of a push's line (entry first) one cell on and shows the spare, as it is turned, at the entry:
// the ghost tile, or null with no line (every tile back in its cell)
function shiftPreview(cells) {
  const maze = $("maze"), tile = (c) => maze.querySelector(`.tile[data-cell="${c}"]`);
  for (const t of maze.querySelectorAll(".tile[data-shifted]")) {
    t.style.translate = ""; delete t.dataset.shifted;
    const name = t.querySelector(".coord");
    if (name) name.textContent = t.dataset.cell;
  }
  let ghost = $("spare-ghost");
  if (cells.length < 2 || !tile(cells[0]) || !tile(cells[1])) { if (ghost) ghost.remove(); return null; }
  const a = tile(cells[0]).getBoundingClientRect(), b = tile(cells[1]).getBoundingClientRect();
  const by = [b.left - a.left, b.top - a.top].map((n) => CSS.px(n)).join(" "); // (the CSS translate property, in CSS pixels)
  // each cell keeps its name where it is, said by the tile that will stand on it (Labyrinth newcomer 64 counted rows
  // with the line's names hidden; newcomer 41 read "a4", moved with its tile, on the b4 square): the pushed-out
  // tile's name hidden (labyrinth.css), the spare's at the entry
  cells.forEach((c, k) => {
    const t = tile(c), name = t.querySelector(".coord");
    t.style.translate = by; t.dataset.shifted = "";
    if (name) name.textContent = k + 1 < cells.length ? cells[k + 1] : "";
  });
  if (!ghost) { ghost = document.createElement("div"); ghost.id = "spare-ghost"; ghost.className = "tile spare-ghost"; maze.appendChild(ghost); }
  // a pawn on the tile pushed out lands on the tile pushed in (RULES.md): drawn there, not on the faded tile past the edge
  // (Labyrinth newcomer 54 saw its pawn nowhere in the preview of the push that carried it off f1)
  const off = tile(cells[cells.length - 1]).querySelector(".pawns");
  ghost.innerHTML = $("spare").innerHTML + `<span class="coord">${cells[0]}</span>` +
    (off && off.children.length ? `<div class="pawns">${off.innerHTML}</div>` : "");
  ghost.style.gridColumn = tile(cells[0]).style.gridColumn;
  ghost.style.gridRow = tile(cells[0]).style.gridRow;
  return ghost;
}

function drawTiles() {
  if (!S.hello || !S.world) return;
  const rows = S.world.layout; // rank 7 first
  for (let k = 0; k < rows.length; k++) {
    const r = S.hello.ranks - 1 - k, words = rows[k].split(" ");
    words.forEach((word, f) => {
      const cell = cellName(f, r), t = $("maze").querySelector(`.tile[data-cell="${cell}"]`);
      if (t.dataset.tile === word) return;
      t.dataset.tile = word;
      const { mask, label } = parseTile(word);
      const home = t.dataset.home ? `<span class="home-mark">🏠</span>` : "";
      t.title = tileTitle(cell, label);
      t.setAttribute("aria-label", t.title);
      t.innerHTML = tileSVG(mask) + `<div class="led"></div>` + home + `<span class="coord">${cell}</span>` +
        (label ? picHTML(label) : "") + `<div class="pawns"></div>`;
    });
  }
  const spare = parseTile(S.world.spare);
  $("spare").innerHTML = tileSVG(spare.mask) + (spare.label ? picHTML(spare.label) : "");
  $("spare").title = spare.label ? tileName(spare.label) : "";
  $("spare-name").innerHTML = spare.label ? `${drawn(spare.label)} ${esc(tileName(spare.label))}` : "";
  $("spare").dataset.tile = S.world.spare;
  drawLeds();
  drawPawns();
}

// the picture on its tile. Its name is never drawn on the tile (round 23: a name fits only between the
// openings of some tiles, and names on some tiles only looked random): every picture tile names it the
// same way, in its tooltip and accessible name, and under the board when pointed at or tapped (pickTile)
function picHTML(label) {
  const vader = label === "vader";
  const title = vader ? I18N.t("page.lab.vader_tile_title", "Vader's start tile: only a picture, where the black Vader pawn starts")
    : pictureName(label);
  return `<div class="pic${vader ? " vader-mark" : ""}" title="${esc(title)}">${drawn(label)}</div>`;
}
const cardSpan = (c) => `<span title="${esc(pictureName(c))}">${drawn(c)}</span>`;
const esc = (t) => String(t).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
function tileTitle(cell, label) {
  return label ? I18N.t("page.lab.tile_title", "{cell}: {name}", { cell, name: tileName(label) }) : cell;
}
// whose start square ``cell`` is (a corner tile has no picture: it is named by its player), or null
const startOf = (cell) => ((S.hello && Object.entries(S.hello.corners).find(([, c]) => c === cell)) || [null])[0];
// a tap (or click) on a tile says its picture's name whole under the board, for a few seconds
// ...and the ways its paths lead, "paths lead up and right" (Labyrinth newcomers 79 and 80 could not tell a 45 px phone
// tile's open sides, and planned only by previewing every push): in the board's own directions, rank 7 up
function pathWords(mask) {
  const sides = [[1, I18N.t("page.lab.side_up", "up")], [2, I18N.t("page.lab.side_right", "right")],
    [4, I18N.t("page.lab.side_down", "down")], [8, I18N.t("page.lab.side_left", "left")]].filter(([bit]) => mask & bit).map(([, w]) => w);
  return sides.length ? I18N.t("page.lab.picked_paths", " · paths lead {sides}", { sides: I18N.list(sides) }) : "";
}
// ...and which tiles a step from it reaches as the board lies now: an open side meeting the neighbour's open side
// (Labyrinth newcomer 108 read "paths lead right and down" as a way right, the tile there closed on that side)
const SIDE_STEPS = [[1, 0, 1, 4], [2, 1, 0, 8], [4, 0, -1, 1], [8, -1, 0, 2]]; // bit, file step, rank step, facing bit
function stepWords(cell, mask) {
  if (!mask || !isCell(cell)) return "";
  const f = cell.charCodeAt(0) - 97, r = parseInt(cell.slice(1), 10) - 1, to = [];
  for (const [bit, df, dr, back] of SIDE_STEPS) {
    const t = (mask & bit) && $("maze").querySelector(`.tile[data-cell="${cellName(f + df, r + dr)}"]`);
    if (t && parseTile(t.dataset.tile || "").mask & back) to.push(t.dataset.cell);
  }
  return to.length ? I18N.t("page.lab.picked_steps", " · a step from it reaches {cells}", { cells: I18N.list(to) })
    : I18N.t("page.lab.picked_no_steps", " · no step from it reaches another tile");
}
function pickTile(cell, pushFirst) {
  const t = $("maze").querySelector(`.tile[data-cell="${cell}"]`), tile = parseTile((t && t.dataset.tile) || ""), label = tile.label;
  const box = $("picked");
  const mark = DRAWN_MARK;
  S.named = cell;
  box.classList.remove("push-again", "news", "preview");
  const text = (label ? I18N.t("page.lab.picked", "{cell}: {pic} {name}", { cell, pic: mark, name: tileName(label) })
    : startOf(cell) ? I18N.t("page.lab.picked_start", "{cell}: {Player}'s start square 🏠", { cell, player: startOf(cell) })
    : I18N.t("page.lab.picked_none", "{cell}: no picture", { cell })) + pathWords(tile.mask) + stepWords(cell, tile.mask) +
    // the "↪" on a pawn moved by another's push, said when its tile is tapped (Labyrinth newcomer 108 saw the mark,
    // its words gone after their first seconds, and nothing said it)
    (t && t.querySelector(".news-tag:not([hidden])") && newsNow().length ? ` · ↪ ${newsNow().map(newsText).join(" · ")}` : "") +
    (!pushFirst ? "" : S.touch ? I18N.t("page.lab.push_first_twice_touch", " · push the spare in first: tap a lit arrow twice")
      : I18N.t("page.lab.push_first", " · push the spare tile in first, then move"));
  box.innerHTML = esc(text).replace(mark, label ? drawn(label) : "");
  box.hidden = false;
  placePicked(box);
  clearTimeout(S.pickedTimer);
  // a finger's tap: the name stays until the next tap (round 26: gone in a moment, the tap looked useless);
  // a mouse's: a few seconds (pointing at another tile names it)
  if (!S.touch) S.pickedTimer = setTimeout(() => { box.hidden = true; }, 4000);
}
// what the last press was (a finger or a pen: a tile's name stays); a tap off the tiles puts the name away
document.addEventListener("pointerdown", (e) => {
  S.touch = e.pointerType !== "mouse";
  // (...but an arrow tapped once keeps its words through ⟳ Rotate and its second tap: armPush, an attack)
  const kept = S.armed || S.lookSlot;
  const keep = kept && e.target.closest && (e.target.closest("#rotate") || e.target.closest(`.slot[data-slot="${kept}"]`));
  if (S.lookSlot && !keep) S.lookSlot = null;
  if (S.touch && !keep && !(e.target.closest && e.target.closest(".tile"))) { clearTimeout(S.pickedTimer); $("picked").hidden = true; }
}, true);
// what the Vader pawn and the Vader tile are (the vader variant only)
function drawLegend() {
  const box = $("legend"), on = S.hello && S.hello.variants.includes("vader");
  box.hidden = !on;
  $("help-vader").hidden = !on; // the help speaks of the Vader pawn only in a game that has it
  if (!on) return;
  box.innerHTML = `<span class="legend-item"><span class="lpawn vader legend-pawn">V</span> ` +
    esc(I18N.t("page.lab.legend_pawn", "the Vader pawn: you move it instead of yours when your card bears Vader's mark ⚫")) +
    `</span> <span class="legend-item"><span class="pic vader-mark legend-pic">${emoji("vader")}</span> ` +
    esc(I18N.t("page.lab.legend_tile", "Vader's tile: only a picture, where the Vader pawn starts")) + `</span>` +
    ` <span class="legend-item"><span class="lpawn legend-pawn selected red"></span> ` +
    esc(I18N.t("page.lab.legend_ring", "a white ring: the pawn your clicks move, when you may move either")) + `</span>`;
}

function drawLeds() {
  if (!S.hello) return;
  const fresh = newsFresh(), turn = turnCell(), goal = homeGoal();
  for (const el of $("maze").querySelectorAll(".tile:not(.spare-ghost)")) {
    const hex = S.pixels[S.hello.layout[el.dataset.cell]];
    MB.light(el, hex);
    el.classList.toggle("turn-cell", el.classList.contains("lit") && el.dataset.cell === turn);
    el.classList.toggle("home-goal", el.classList.contains("lit") && el.dataset.cell === goal);
    el.classList.toggle("out-of-reach", el.dataset.cell === goal && !(said().cells || []).includes(goal));
    foundTag(el);
    newsTag(el, fresh);
  }
  newsLine(fresh);
  for (const el of $("maze").querySelectorAll(".slot")) {
    MB.light(el, S.pixels[S.hello.layout[`slot:${el.dataset.slot}`]]);
    // the forbidden slot is crossed out while the game goes on (no push is forbidden once it is over)
    el.classList.toggle("forbidden", !!S.view && S.view.phase !== "over" && S.view.forbidden === el.dataset.slot);
  }
}

// a card just found: its tile flashes in the finder's colour on the board (instructions.py, 1.5 s); the page says what
// the flash means on the tile itself, "⭐ found", for FOUND_MS (Labyrinth newcomer 25: the flash was unexplained)
const FOUND_MS = 4000;
// the tag goes with the tile whose picture was found (an attack: a push within the seconds moved the tile on and
// the tag stayed on the cell, over another tile); pushed off the board, the tile is the spare and no tile says it
function foundTag(el) {
  const f = S.justFound, label = el.dataset.tile ? parseTile(el.dataset.tile).label : null;
  const on = !!f && performance.now() < f.until && (f.card ? label === f.card : f.cell === el.dataset.cell);
  let tag = el.querySelector(".found-tag");
  if (on && !tag) {
    tag = document.createElement("span");
    tag.className = "found-tag";
    el.append(tag);
  }
  if (tag) { tag.hidden = !on; tag.textContent = on ? I18N.t("page.lab.just_found", "⭐ found") : ""; }
}
// a game of the rules' full deal (12 cards each for two) takes long: the first tip says so first, with the way to a
// shorter one (Labyrinth newcomer 29 played 20 minutes for 2 of 12; the help's "a first game takes long" is read
// only by those who open it), in the tip's room: nothing pushes the board down
function longGame() {
  const h = S.hello;
  if (!h || h.cards_each) return "";
  const each = Math.floor(24 / Math.max(1, h.players.length));
  return each < 8 ? "" : I18N.t("page.lab.long_game_tip", "{each} cards each: a long game (✨ New game → Cards each plays a shorter one). ", { each });
}
// whose turn: the LED under the pawn of the player on turn (controller/labyrinth/instructions.py scene), in the
// shift and the move with nothing asked of the board, drawn as that LED's glow round the pawn, never as the frame of
// a tile to walk to (Labyrinth newcomer 49 read the glowing 🏠 of the start square, "Red's turn" beside it, as "go
// back home"); its own tile stays one to end the move on (Done stays), as the words say
// ...read off the LEDs themselves, the one tile lit in a colour at full strength (the reachable tiles glow dimly;
// the start square to go back to, homeGoal, is the other), never from where the page's hand has the pawn: while a
// walk is under way the board is a step behind it, and the tile the pawn had just left showed a full-colour frame,
// a tile to go to (an attack)
function turnCell() {
  const v = S.view, s = said(), h = S.hello;
  if (!v || !v.current || !h || !s || !["shift", "move"].includes(s.action) || (s.requests || []).length) return null;
  const goal = homeGoal(), pawn = S.world && S.world.pawns[v.current];
  const full = Object.keys(h.layout).filter((c) => !c.startsWith("slot:") && fullColour(S.pixels[h.layout[c]]));
  const others = full.filter((c) => c !== goal);
  if (others.length === 1) return others[0];
  if (!others.length) return goal && full.includes(goal) && pawn === goal ? goal : null; // (the pawn at home)
  return others.includes(pawn) ? pawn : null;
}
// an LED at full strength in a player's colour (its brightest channel 190 or more: green is (0, 200, 0), an attack
// saw Green's turn never drawn; the reachable tiles glow at a third of it), never the white of a target
function fullColour(hex) {
  if (!/^#[0-9a-f]{6}$/i.test(hex || "")) return false;
  const v = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return Math.max(...v) >= 190 && Math.min(...v) < 190;
}
// every card found: the start square of the player on turn, lit in full as where to go back to (instructions.py
// scene), drawn as its 🏠 glowing, and framed only while the move can reach it (Labyrinth newcomer 50 clicked a1,
// framed as the tiles to reach, and read "a1 cannot be reached")
function homeGoal() {
  const v = S.view, s = said();
  if (!v || !v.current || !s || !["shift", "move"].includes(s.action) || (s.requests || []).length) return null;
  return (s.messages || []).some((m) => m.args && m.args.home) ? S.hello.corners[v.current] || null : null;
}
// every card found, while the spare waits to go in: the lit arrows whose push (the spare as it lies) lets the pawn on
// turn, a person's here, walk home (the world's push_reach, as the pointed push's dashes; Labyrinth newcomer 54
// pointed at all 11 arrows in turn to find the one that reached a1), or null at other moments. Drawn as a 🏠 beside
// each and said after the prompt (homeWaysWords). Never a card's tile: it is secret
function homeWays() {
  const s = said(), home = s && s.action === "shift" ? homeGoal() : null, who = S.view && S.view.current;
  if (!home || !S.hello.humans.includes(who) || !S.world || !S.world.push_reach) return null;
  const reach = S.world.push_reach[who] || {};
  return Object.keys(reach).filter((slot) => buttonState(`slot:${slot}`)[0] && (reach[slot] || []).includes(home)).sort();
}
// ...in words after the prompt (Labyrinth newcomer 55 saw the 🏠 beside S-d unexplained, and learnt only by turning
// the spare and pointing at every arrow that no push reached a1 with the spare as dealt), or ""
// ...and when none does as the spare lies, whether one does with the spare turned (the world's push_reach_any): if none
// does however it is turned, it says so at once (Labyrinth newcomer 59 turned the spare four times, and the words
// said each time to turn it)
function homeWaysTurned() {
  const home = homeGoal(), who = S.view && S.view.current, any = S.world && S.world.push_reach_any;
  if (!home || !any) return true; // (an older server: said as before)
  const reach = any[who] || {};
  return Object.keys(reach).some((slot) => buttonState(`slot:${slot}`)[0] && (reach[slot] || []).includes(home));
}
// the lit arrows whose push (the spare as it lies) lets the pawn on turn walk nearest to `home`, in tiles across plus up
// (the walls not counted), and that distance, or null
// (`turned`: the reach with the spare turned any way, push_reach_any)
function nearestPushes(home, turned = false) {
  const who = S.view && S.view.current, all = S.world && (turned ? S.world.push_reach_any : S.world.push_reach);
  const reach = all && all[who];
  if (!reach || !home) return null;
  const at = (c) => [c.charCodeAt(0) - 97, parseInt(c.slice(1), 10)], [hx, hy] = at(home);
  const far = (c) => { const [x, y] = at(c); return Math.abs(x - hx) + Math.abs(y - hy); };
  const best = Object.keys(reach).filter((slot) => buttonState(`slot:${slot}`)[0] && (reach[slot] || []).length)
    .map((slot) => [slot, Math.min(...reach[slot].map(far))]);
  if (!best.length) return null;
  const tiles = Math.min(...best.map(([, d]) => d));
  const slots = best.filter(([, d]) => d === tiles).map(([slot]) => slot).sort();
  // ...and for each, the tile it lets the pawn walk to nearest home (the first in the board's order, a1, b1 … g1, a2 …,
  // where several are as near: the table's picture_pushes breaks the tie so, and the card page says its tile;
  // Labyrinth newcomer 113 read "then walk to b2" here and "then walk to c1" on the card page)
  const rowFirst = (a, b) => (at(a)[1] - at(b)[1]) || (at(a)[0] - at(b)[0]);
  const to = Object.fromEntries(slots.map((slot) => [slot, reach[slot].filter((c) => far(c) === tiles).sort(rowFirst)[0]]));
  // ...and whether that is nearer than where the pawn stands now (Labyrinth newcomer 70 read eight pushes, each "then
  // to d1", where its pawn stood)
  const here = S.world.pawns && S.world.pawns[who];
  return { slots, tiles, to, here, nearer: !here || tiles < far(here) };
}
// the pushes of nearestPushes said, each with its tile: "N-b, then walk to b4"; a push whose row or column carries the
// pawn to that tile says so (Labyrinth newcomer 76 read "N-f, then walk to f4" of a push that carried it from f5 to
// f4, and nothing was left to walk); three at most, the others counted
function pushesSaid(near) {
  const here = near.here, named = near.slots.slice(0, near.slots.length > 4 ? 3 : 4);
  const rides = (slot) => here && carriedBy(slot, here) === near.to[slot];
  if (near.slots.length === 1) {
    const slot = near.slots[0], cell = near.to[slot];
    return rides(slot) ? I18N.t("page.lab.push_carries", "{slot}, which carries your pawn to {cell}", { slot, cell })
      : I18N.t("page.lab.push_then_walk", "{slot}, then walk to {cell}", { slot, cell });
  }
  return I18N.list([...named.map((slot) => (rides(slot)
    ? I18N.t("page.lab.push_carries_short", "{slot} (carried to {cell})", { slot, cell: near.to[slot] })
    : I18N.t("page.lab.push_to_cell", "{slot} (then to {cell})", { slot, cell: near.to[slot] }))),
  ...(near.slots.length > named.length ? [I18N.t("page.lab.pushes_more", "{n} more as near", { n: near.slots.length - named.length })] : [])],
  "text.or"); // (alternatives: Labyrinth newcomer 108 read "and" as two pushes to make)
}
// where a push at `slot` ("N-f": column f from the north) carries a pawn standing on `cell`, or null when its row or
// column is another (a tile pushed out comes back in at the other end, as the spare does)
function carriedBy(slot, cell) {
  const [edge, line] = String(slot).split("-"), n = (S.world && S.world.layout && S.world.layout.length) || 7;
  const f = cell.charCodeAt(0) - 97, r = parseInt(cell.slice(1), 10);
  if (edge === "N" || edge === "S") {
    if (cell[0] !== line) return null;
    return cell[0] + ((((r - 1 + (edge === "N" ? -1 : 1)) % n) + n) % n + 1);
  }
  if (String(r) !== line) return null;
  return String.fromCharCode(97 + (((f + (edge === "W" ? 1 : -1)) % n) + n) % n) + r;
}
function homeWaysWords() {
  const ways = homeWays(), home = ways && homeGoal();
  if (!ways) return "";
  if (!ways.length && !homeWaysTurned()) {
    // ...and which push, the spare as it lies, lets the pawn walk nearest to it, counted in tiles across and up
    // (Labyrinth newcomer 61 pointed at all 11 arrows to find it)
    // (...each push with the tile to walk to, and the distance said as what it counts: Labyrinth newcomer 68 read
    // "distance 4" unsure of its unit and of the tile meant)
    // (...three at most, the others counted: Labyrinth newcomer 70 read eight as good as one another)
    const near = nearestPushes(home), ways = near ? pushesSaid(near) : "";
    // ...where a turn of the spare lets a push take the pawn nearer, said so, with that push (Labyrinth newcomer 75
    // read "none nearer" as every way the spare turns; 76 read "⟳ Rotate it" as one press, and the words stayed)
    const turnedNear = near && !near.nearer ? nearestPushes(home, true) : null;
    if (turnedNear && turnedNear.nearer) return I18N.t("page.lab.home_ways_nearer_turned", "No push opens a way to {home} this turn, whichever way the spare is turned. As the spare lies now, none lets your pawn walk nearer to it than {here}, where it stands; turned another way: {ways}. ⟳ Rotate it, a quarter turn a press, until these words name the nearest pushes “with the spare as it lies”.", { home, here: near.here, ways: pushesSaid(turnedNear) });
    if (near && !near.nearer) return I18N.t("page.lab.home_ways_none_nearer", "No push opens a way to {home} this turn, whichever way the spare is turned, and none lets your pawn walk nearer to it than {here}, where it stands.", { home, here: near.here });
    // (...the push first, then the distance in a sentence of its own with what it does not count, as the card page says
    // it: Labyrinth newcomer 94 stopped to work out whether "(2 tiles from a1 along the rows and columns)" after the
    // pushes counted steps along the paths, newcomer 114 read "(walls not counted)" three times; one tile is beside
    // it, a wall between, or a way would open: Labyrinth newcomer 90 on the card page)
    return near && near.tiles === 1 ? I18N.t("page.lab.home_ways_nearest_one", "No push opens a way to {home} this turn, whichever way the spare is turned. Nearest with the spare as it lies: push at {ways}. Your pawn then stands beside {home}, behind a wall.", { home, ways })
      : near ? I18N.t("page.lab.home_ways_nearest_walk", "No push opens a way to {home} this turn, whichever way the spare is turned. Nearest with the spare as it lies: push at {ways}. Your pawn is then {tiles} tiles from {home}, counted along the rows and columns as if there were no walls.", { home, ways, tiles: near.tiles })
      : I18N.t("page.lab.home_ways_never", "No push opens a way to {home} this turn, whichever way the spare is turned: push where your pawn can walk nearest to it.", { home });
  }
  return ways.length === 1 ? I18N.t("page.lab.home_way_one", "🏠 The push at {slot} opens a way to {home} (a 🏠 beside its arrow).", { slot: ways[0], home })
    : ways.length ? I18N.t("page.lab.home_ways", "🏠 These pushes open a way to {home}: {slots} (a 🏠 beside each arrow).", { slots: I18N.list(ways), home })
    : I18N.t("page.lab.home_ways_none", "No push opens a way to {home} with the spare as it lies: ⟳ Rotate it; a 🏠 shows beside each arrow whose push then does.", { home });
}
function pawnDiv(p) {
  const d = document.createElement("div");
  const playable = p === "vader" ? S.hello.humans.includes(S.view.current) : S.hello.humans.includes(p);
  // the white ring marks the pawn a click on a tile moves, drawn only when there is a choice (the Vader
  // variant: the own pawn or the Vader pawn); with one pawn to move it would mean nothing (round 23)
  const ringed = p === S.selected && pawnChoice();
  d.className = `lpawn ${p}` + (ringed ? " selected" : "") + (playable ? " mine" : "") +
    (p === S.view.current && S.view.phase !== "over" ? " turn" : "");
  d.dataset.pawn = p;
  d.title = p === "vader" ? I18N.t("page.lab.vader_pawn_title", "the Vader pawn: move it instead of yours when your card bears Vader's mark ⚫")
    : S.hello.humans.includes(p) ? I18N.t("page.lab.pawn_you", "{Player} (you)", { player: p }) : player(p);
  if (ringed) d.title += I18N.t("page.lab.pawn_ringed", " · ringed in white: the tiles you click move this pawn");
  d.textContent = p === "vader" ? "V" : "";
  if (playable) {
    // (...and names its tile, as a click beside it does: a lone pawn stands on its tile's middle, where a tap to read
    // the tile's name lands; a click on the own pawn's tile never moves it)
    d.addEventListener("click", (e) => {
      e.stopPropagation();
      const t = d.closest(".tile"); // (before select draws the pawns anew, this one gone)
      select(p);
      if (t && t.dataset.cell) tileClicked(t.dataset.cell);
    });
    // a drag of the pawn (mouse or finger) that ends on a tile acts as a click on that tile (round 26: it did
    // nothing, silently); a drag that ends where it began is a click on the pawn
    d.addEventListener("pointerdown", (e) => { if (e.button === 0) S.drag = { pawn: p, x: e.clientX, y: e.clientY }; });
  }
  return d;
}
// ... begun anywhere on the tile of a pawn this page moves (Labyrinth newcomer 12: a drag from beside the
// small pawn disc did nothing), as in the Magic Labyrinth; the pawn the clicks move first when two stand there
document.addEventListener("pointerdown", (e) => {
  const tile = e.button === 0 && e.target.closest ? e.target.closest("#maze .tile") : null;
  if (!tile || e.target.closest(".lpawn.mine")) return; // the pawn's own handler takes a press on the pawn
  const mine = [...tile.querySelectorAll(".lpawn.mine")].map((d) => d.dataset.pawn);
  if (!mine.length) return;
  S.drag = { pawn: mine.includes(humansMover()) ? humansMover() : mine[0], x: e.clientX, y: e.clientY };
});
// the dragged pawn follows the pointer once it has moved 10 px, and the tile under it is framed (Labyrinth
// newcomer 17: with a mouse, the pawn stayed on its tile until let go, and nothing said the drag had taken)
document.addEventListener("pointermove", (e) => {
  const drag = S.drag;
  if (!drag || (!drag.ghost && Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 10)) return;
  if (!drag.ghost) {
    const from = $("maze").querySelector(`.lpawn[data-pawn="${drag.pawn}"]`);
    drag.ghost = document.createElement("div");
    drag.ghost.className = `lpawn ${drag.pawn} drag-ghost`;
    drag.ghost.textContent = drag.pawn === "vader" ? "V" : "";
    const tile = $("maze").querySelector(".tile"); // the size of the board's pawns (their --t: a tile's side)
    drag.ghost.style.setProperty("--t", `${tile ? tile.getBoundingClientRect().width : 60}px`);
    document.body.appendChild(drag.ghost);
    if (from) { from.classList.add("dragged"); drag.from = from; }
  }
  drag.ghost.style.left = `${e.clientX}px`;
  drag.ghost.style.top = `${e.clientY}px`;
  const under = document.elementFromPoint(e.clientX, e.clientY), tile = under && under.closest("#maze .tile");
  $("maze").querySelectorAll(".tile.drop-at").forEach((t) => { if (t !== tile) t.classList.remove("drop-at"); });
  if (tile) tile.classList.add("drop-at");
});
function dragEnded(drag) {
  if (!drag) return;
  if (drag.ghost) drag.ghost.remove();
  if (drag.from) drag.from.classList.remove("dragged");
  $("maze").querySelectorAll(".tile.drop-at").forEach((t) => t.classList.remove("drop-at"));
}
document.addEventListener("pointerup", (e) => {
  const drag = S.drag;
  S.drag = null;
  dragEnded(drag);
  if (!drag || Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 10 || !S.view || !S.world) return;
  const under = document.elementFromPoint(e.clientX, e.clientY), tile = under && under.closest(".tile");
  if (!tile || !$("maze").contains(tile)) return;
  if (drag.pawn !== humansMover()) select(drag.pawn);
  tileClicked(tile.dataset.cell);
});
document.addEventListener("pointercancel", () => { dragEnded(S.drag); S.drag = null; });
// whether the person whose turn it is chooses which pawn to move (theirs or the Vader pawn)
function pawnChoice() {
  const v = S.view;
  return !!(v && S.hello && S.hello.humans.includes(v.current) && v.phase !== "over" && (v.movers || []).length > 1);
}
function drawPawns() {
  if (!S.hello || !S.world) return;
  $("maze").querySelectorAll(".pawns").forEach((c) => { c.innerHTML = ""; });
  const hand = $("hand");
  hand.innerHTML = "";
  for (const [p, cell] of Object.entries(S.world.pawns)) {
    if (cell) $("maze").querySelector(`.tile[data-cell="${cell}"] .pawns`).appendChild(pawnDiv(p));
    else hand.appendChild(pawnDiv(p));
  }
  for (const t of $("maze").querySelectorAll(".tile:not(.spare-ghost)")) t.classList.toggle("occupied", t.querySelector(".pawns").children.length > 0);
  // the box shows only while a pawn is lifted (never an empty "nothing"), saying what to do with it
  const lifted = [...hand.children].map((d) => d.dataset.pawn);
  hand.closest(".hand-box").hidden = lifted.length === 0;
  for (const p of lifted) {
    const say = document.createElement("span");
    say.className = "hand-note";
    say.textContent = I18N.t("page.lab.in_hand", "{pawn} is in your hand: click a tile to set it down", { pawn: cap(pawnName(p)) });
    hand.appendChild(say);
  }
}

// the prompt: the board's instruction as this page says it, or, while the simulated hand walks a pawn of this
// page's to the tile clicked (one tile at a time), that it walks (Labyrinth newcomer 21: the pawn seemed to stop
// short of the tile, with Done already on): a press of Done waits for the walk (the hand does one thing at a time)
function promptNow() {
  const v = S.view, h = S.hello, s = said();
  const pawn = v.phase === "move" && S.world && S.world.busy && h.humans.includes(v.current) ? humansMover() : null;
  const to = pawn && S.world.hand[pawn], at = pawn && S.world.pawns[pawn];
  if (to && at && to !== at) {
    return I18N.t("page.lab.walking_done", "⏳ {who} walks to {cell}, one tile at a time; then press ✋ Done (pressed now, Done ends the move once the walk ends).",
      { who: pawn === "vader" ? cap(pawnName(pawn)) : I18N.t("page.lab.your_pawn", "Your pawn"), cell: to });
  }
  // ...and while it pushes the line this page's arrow asked for, that the push is under way, not the board's words for
  // a push left half done (Labyrinth newcomer 98 read "Red: push the row at W-4 all the way in" just after its click)
  const first = s && Array.isArray(s.messages) ? s.messages[0] : null;
  if (S.world && S.world.busy && first && (first.id === "lab.settle" || first.id === "lab.settle_row")
      && h.humans.includes(s.player)) {
    const slot = (first.args || {}).slot;
    return first.id === "lab.settle_row"
      ? I18N.t("page.lab.pushing_row", "⏳ The row at {slot} is being pushed in for you; your move comes next.", { slot })
      : I18N.t("page.lab.pushing_column", "⏳ The column at {slot} is being pushed in for you; your move comes next.", { slot });
  }
  // the game over: what the lit tiles and arrows are (the LEDs' celebration), in the prompt, on a phone's first screen
  // (Labyrinth newcomer 27: under "Look at the board" every tile and arrow glowed blue, as when pushing was allowed,
  // and the words saying why lay below the buttons)
  if (v.phase === "over" && v.winner) {
    // (the instruction names the winner: said once, not "Blue wins! … for the winner: Blue won.")
    return NOTICE.prompt(s, v.prompt, h && h.humans) + " " + I18N.t("page.lab.over_celebrate_then", "The board's lights celebrate in every colour, then glow in the winner's. The game is over: ✨ New game starts another.");
  }
  const unseen = unseenOn();
  if (unseen) {
    const m = s.messages[0], seen = { ...s, messages: [{ id: "lab.move_on", args: { ...(m.args || {}), cell: unseen.cell } }] };
    return NOTICE.prompt(seen, I18N.say("lab.move_on", seen.messages[0].args), h.humans);
  }
  return NOTICE.prompt(s, v.prompt, h && h.humans);
}
// the board's reeds cannot see a pawn set down on a tile another pawn closes already ("once the pawn stands on a lit
// tile, press Done"): the simulator's world can, and the page says where it is, as for any other tile (Labyrinth
// newcomer 83 read the board's words with its pawn on c7 beside Blue's and was unsure the walk had ended): the mover
// and its lit tile, or null. The prompt (promptNow) and the log's walk line (drawWalk) both say it: a newcomer at
// 1920x1080 read "the pawn is on f2 now" above "Red e2 → e1 → f1", the step onto Blue's f2 logged only at Done
function unseenOn() {
  const h = S.hello, s = said();
  const m = s && Array.isArray(s.messages) ? s.messages[0] : null, mover = m && m.id === "lab.move_set" && h && h.humans.includes(s.player)
    && S.world && S.view ? humansMover() : null;
  const on = mover && S.world.pawns[mover];
  return on && (s.cells || []).includes(on) ? { pawn: mover, cell: on } : null;
}
// the prompt in its room (labyrinth.css: three lines on a phone): longer words in smaller letters, so the board
// under it stays put from turn to turn (Labyrinth newcomer 33: a push with a slot forbidden took a fourth line and
// moved the board 19 px; a fourth line's room would put Done and Lift pawn under the first screen); words longer
// still grow the box
function fitPrompt() {
  const box = $("prompt");
  const room = parseFloat(getComputedStyle(box).getPropertyValue("--room")) || 0;
  const over = () => box.scrollHeight > box.offsetHeight + 1 || (room && box.offsetHeight > room + 1);
  box.classList.remove("long", "longer");
  if (over()) box.classList.add("long");
  if (over()) box.classList.add("longer");
}
function drawInfo() {
  const v = S.view, h = S.hello;
  const prompt = promptNow();
  drawWalk();
  if (NOTICE.prompted(prompt)) MB.clearError(); // a refusal of the moment before goes (notice.js)
  drawPrompt(prompt);
  document.body.dataset.phase = v.phase || ""; // a phone's move step: Done and Lift pawn above the idle spare (labyrinth.css)
  guideTip();
  NOTICE.turnColour(v);
  MB.setOver(v.phase === "over");
  const players = $("players");
  players.innerHTML = "";
  for (const p of v.players.length ? v.players : h.players) {
    const found = v.found[p] || [], left = v.remaining[p];
    // the score and the cards left told apart in words ("found 1 · 1 left", never "1 1 left"); once every
    // card is found: back home to win, and once the game is over the winner's row just says home
    // (another player with every card found but not home when the game ends: nothing more to say)
    // (the exit-anywhere variant: out at any edge, not home: an attack read "home 🏠" beside "out of the maze 🚪")
    const rest = left === undefined ? "" : left === 0
      ? (v.winner === p ? (exitAnywhere() ? I18N.t("page.lab.left_out_over", "out 🚪") : I18N.t("page.lab.left_home_over", "home 🏠"))
        : v.phase === "over" ? ""
        : exitAnywhere() ? I18N.t("page.lab.left_edge_short", "to an edge 🚪") : I18N.t("page.lab.left_home_short", "back to 🏠"))
      : I18N.t("page.lab.left", "{n} left", { n: left });
    // the last picture found and "found N" on one line, never broken apart (a word joiner between them: round
    // 25, a 🗝️ stood alone at the top right, its words under it); many pictures wrap among themselves
    const extra = `<span class="found" title="${esc(I18N.list(found.map(pictureName)))}">${found.map(drawn).join("")}</span>` +
      `\u2060<b class="score">${esc(I18N.t("page.lab.found_n", "found {n}", { n: found.length }))}</b>` +
      // the dot stays with what it separates; the space before it, outside the unbroken words, is where a
      // narrow row wraps (round 25: "· home 🏠" ran off a phone's screen at the end)
      (rest ? ` <small class="left">·\u00a0${esc(rest)}</small>` : "");
    players.appendChild(MB.playersRow(p, v, h, extra));
  }
  // no rotation words by the spare: the drawing shows how it lies (a spare a push brought out was never turned)
  const movers = v.movers.filter((m) => m === "vader" || h.humans.includes(m));
  // before the push too: a card with Vader's mark means the Vader pawn moves this turn (plan the push for it)
  // said only when the pawn to move is not the player's own (a Vader card): the own pawn needs no word
  const moving = S.selected || movers[0] || v.current;
  $("mover").textContent = !h.humans.includes(v.current) ? ""
    : v.phase === "move" ? (pawnChoice()
      ? I18N.t("page.lab.you_move_ringed", "This turn you move {pawn} (ringed in white); click the other pawn to move it instead",
        { pawn: pawnName(moving) })
      : moving === v.current ? ""
        : I18N.t("page.lab.you_move", "This turn you move {pawn}", { pawn: pawnName(moving) }))
      : v.phase === "shift" && v.movers.includes("vader")
        ? I18N.t("page.lab.moves_next", "after the push you move: {pawns}", { pawns: v.movers.map(pawnName).join(" / ") })
        : homeWaysWords(); // every card found: the pushes that open a way home (also after the prompt, where it fits)
  $("mover").classList.toggle("home-ways", !!homeWays());
  // game over: the tiles lit in colours (the LEDs' celebration, then the winner's colour) said in words (round 22),
  // in the prompt (promptNow); the arrows then look switched off (labyrinth.css body[data-phase=over])
  const open = Object.entries(v.open_cards);
  $("open-cards").hidden = open.length === 0;
  $("open-cards").innerHTML = `<div class="label">${esc(I18N.t("page.lab.open_cards", "Open cards (younger players)"))}</div>` +
    open.map(([p, cards]) => `<div class="${p}"><span class="dot-s"></span> ${cards.map(cardSpan).join(" ")}</div>`).join("");
  const s = said();
  for (const id of ["rotate", "done"]) {
    const [on, why] = buttonState(id);
    MB.enable($(id), on);
    $(id).title = I18N.t("page.lab.button_title", "{name} ({key}): {why}", { name: controlName(id), key: id[0].toUpperCase(), why });
    $(id).dataset.tap = I18N.t("page.lab.not_now", "{what}: {why}", { what: controlName(id), why }); // a phone: no key named
  }
  $("rotate").textContent = s && s.action === "confirm" ? I18N.t("page.lab.next_guess", "⟳ Next guess") : I18N.t("page.lab.rotate_button", "⟳ Rotate");
  const ways = homeWays(), home = ways && homeGoal();
  for (const el of $("maze").querySelectorAll(".slot")) {
    const [on, why] = buttonState(`slot:${el.dataset.slot}`);
    const opens = !!ways && ways.includes(el.dataset.slot);
    el.classList.toggle("off", !on);
    el.classList.toggle("home-way", opens);
    el.title = opens ? I18N.t("page.lab.push_at_home", "push the spare in at {slot}: its push opens a way to {home} 🏠", { slot: el.dataset.slot, home })
      : on ? I18N.t("page.lab.push_at", "push the spare in at {slot}", { slot: el.dataset.slot })
        : I18N.t("page.lab.not_now", "{what}: {why}", { what: el.dataset.slot, why });
  }
  // an arrow tapped once that no longer takes the spare (pushed, another's turn) lets go
  if (S.armed && !buttonState(`slot:${S.armed}`)[0]) armPush(null);
  if (S.lookSlot && !buttonState("rotate")[0]) S.lookSlot = null; // (pushed: no turn to say again)
  previewPush(S.preview || null); // a slot pointed at that no longer takes the spare (just pushed): its marks go
  const pawn = humansMover();
  const inHand = pawn !== null && S.world && S.world.hand[pawn] === null;
  // Lift acts only where the board asks for a pawn (hal/web/controls.py lab_lift_refusal): a move is a click
  MB.enable($("lift"), !(pawn === null || inHand || !buttonState(`lift:${pawn}`)[0]));
  $("lift").title = pawn === null ? I18N.t("page.lab.lift_title", "Lift pawn: {why}", { why: buttonState("done")[1] }) : inHand
    ? I18N.t("page.lab.in_hand", "{pawn} is in your hand: click a tile to set it down", { pawn: pawnName(pawn) })
    // "Lift Red's pawn", never "Lift Red" (Labyrinth newcomer 17 read it as odd)
    : pawn === "vader" ? I18N.t("page.lab.lift_pawn_title", "Lift {pawn}: {why}", { pawn: pawnName(pawn), why: buttonState(`lift:${pawn}`)[1] })
      : I18N.t("page.lab.lift_colour_title", "Lift {Player}'s pawn: {why}", { player: pawn, why: buttonState(`lift:${pawn}`)[1] });
  if (v.phase === "over" && !S.bannerShown) {
    S.bannerShown = true;
    // the cards found, and who came home (Labyrinth newcomer 37 read "Red 2 · Blue 2" under "Blue wins!" as a tie)
    const scores = esc(scoreWords(Object.fromEntries(Object.entries(v.found).map(([p, c]) => [p, c.length])), v.winner));
    // (the exit-anywhere variant's finish is any open edge: an attack read "came back to the start square" there)
    const why = exitAnywhere()
      ? I18N.t("page.lab.wins_why_edge", "{Winner} found all their cards and left the maze at an edge first.", { winner: v.winner })
      : I18N.t("page.lab.wins_why", "{Winner} found all their cards and came back to the start square first.", { winner: v.winner });
    MB.banner(`🏆 ${esc(I18N.t("page.lab.wins", "{Winner} wins!", { winner: v.winner }))}<div class="banner-scores">${scores}</div>` +
      `<div class="banner-why">${esc(why)}</div>`);
  }
  if (v.phase === "over") NOTICE.keep($("guide")); // no tip about a turn once the game is over (a phone keeps the room: notice.js)
}

// the exit-anywhere variant: the game is won at any edge whose path opens off the board, not at home (RULES.md)
function exitAnywhere() { return !!(S.hello && S.hello.variants.includes("exit-anywhere")); }

// the cards found, and who came home: "Red: 2 found · Blue: 2 found, back home 🏠" (Labyrinth newcomer 37 read "Red 2 ·
// Blue 2" under "Blue wins!" as a tie; newcomer 41 the log's "Red wins (Red 2, Blue 2)"); counts: player -> cards found
function scoreWords(counts, winner) {
  return Object.entries(counts).map(([p, n]) => (p === winner && exitAnywhere()
    ? I18N.t("page.lab.score_out", "{who}: {n} found, out of the maze 🚪", { who: player(p), n })
    : p === winner
    ? I18N.t("page.lab.score_home", "{who}: {n} found, back home 🏠", { who: player(p), n })
    : I18N.t("page.lab.score_found", "{who}: {n} found", { who: player(p), n }))).join(" · ");
}

// the tiles no push moves: said in the push tip as the help says it (#help-fixed, in the page's language)
function fixedWords() { return ($("help-fixed") || { textContent: "" }).textContent.trim(); }

// the first-game guide: the tip for what the board asks now, when a person here is asked
function tips() {
  return {
    // no keys on a touch screen (Labyrinth newcomer 15's phone read "Rotate (or R)", as Struggle's did "(or T)")
    // (a touch screen: how to see a push before making it, Labyrinth newcomer 31; the help said it alone)
    // (the first step first, short, and the arrows' codes said where they first come: Labyrinth newcomer 52 read a
    // long first sentence and "N-b, W-4" unexplained until it tapped an arrow)
    // (...a first sentence short enough for a phone's folded tip, beside its buttons: Labyrinth newcomer 88 read "Tap a
    // lit arrow (a slot) beside the board to see its ▾ more"; an attack read "Tap a lit arrow beside the board (a
    // slot; the prompt ▾ more"; the codes said as the prompt's names for arrows, last: Labyrinth newcomer 53 read "the
    // prompt names each arrow" and waited for the prompt to name the arrow it had tapped)
    shift: longGame() + (I18N.touch ? I18N.t("page.lab.tip_shift_short_touch", "Tap a lit arrow to see its push. Tap it again to push the spare tile in there (the arrows are the slots the prompt speaks of), or another arrow to compare; ⟳ Rotate turns the spare first. The code on an arrow (N-b, W-4…) is its name where the prompt speaks of one, as in “not S-f”.")
      : I18N.t("page.lab.tip_shift_short", "Click a lit arrow (a slot) beside the board to push the spare tile in there; ⟳ Rotate (or R) turns the spare first. The code on an arrow (N-b, W-4…) is its name where the prompt speaks of one, as in “not S-f”.")) +
      // (where a push leads: Labyrinth newcomers 34 and 37 learnt it only once pushed)
      (I18N.touch ? I18N.t("page.lab.tip_push_reach_touch", " While an arrow is marked, the tiles your pawn could walk to after that push are dashed in your colour (the row it moves counted as it will lie once pushed).")
        : I18N.t("page.lab.tip_push_reach", " Point at an arrow to see a push first: the row or column it moves, and, dashed in your colour, the tiles your pawn could walk to after it (the row it moves counted as it will lie once pushed).")) +
      // (Labyrinth newcomer 42's picture lay on a tile no push moves, and it learnt why only by itself)
      " " + fixedWords() + seatTip(),
    // (the first sentence short and whole: folded on a phone it read "…along the paths (lit: ▾ more", Labyrinth newcomer 48)
    move: I18N.t("page.lab.tip_move_walk", "Click a lit tile (framed in your colour): your pawn walks there along the paths. Then press ✋ Done: your card's picture is found when your move ends on its tile (Done at once stays). The glow round your pawn means your turn. A 🏠 marks a start square: once all your cards are found, walk back to yours to win (it glows then, framed when you can reach it). Click any tile to read its picture's name."),
  };
}
// the way to the secret card, while this page holds no seat (said where it is: by "Your seat", wherever
// the layout puts it; never once a seat is this page's, nor in a new window with the seat cookie, nor
// when every seat played here is another browser's: there is no colour left to press)
function seatTip() {
  const s = typeof MB !== "undefined" ? MB.seats : null;
  if (!s || (s.mine || []).length || !S.hello || !S.hello.humans.length) return "";
  if (S.hello.humans.every((p) => (s.taken || []).includes(p))) return "";
  // (the tap opens the card's tab at once: Labyrinth newcomer 37 read "press your colour, then Open your secret card
  // page" as two steps after the tap had done both)
  return I18N.t("page.lab.tip_see_card_tab", " To see your secret card: press your colour beside “See your secret card”: the card opens in a tab of its own (later, “🃏️ Open your secret card page” shows it again).");
}
// under "Your seat" (labyrinth.css: .seat-hint): the same table (every seat played here held on another screen), on
// any screen
function seatHint() {
  const box = $("seat-hint");
  if (!box) return;
  const s = typeof MB !== "undefined" ? MB.seats : null, over = S.view && S.view.phase === "over";
  // every seat played here held on another screen: the one table, its moves this page's too (Labyrinth newcomers
  // 21, 22: a phone opened beside the wide screen; common.js says it in a notice on a wide screen)
  const away = s && S.hello && S.hello.humans.length && !(s.mine || []).length
    && S.hello.humans.every((p) => MB.seatElsewhere(p)) ? S.hello.humans[0] : null;
  // (the words before a free colour say "See your secret card": no second line saying it again, Labyrinth 32)
  // ...its card's screen closed said so, as the seat itself says it (Labyrinth newcomer 78 read "its screen is closed"
  // on the seat and "on the other screen" here: "which one is true?")
  const closed = away && Array.isArray(s.away) && s.away.includes(away);
  // (several seats held elsewhere: each named, and where their cards are said by each seat's own button, which knows:
  // an attack read only Red named with Blue's seat elsewhere too)
  const many = away && S.hello.humans.length > 1;
  const say = over || seatTip() ? "" : many ? I18N.t("page.lab.same_table_hint_many", "This screen shows the same game: you can move {players} here too; each one's button at the top says where its secret card is.", { players: I18N.list(S.hello.humans.map((p) => MB.colourName(p))) })
    : closed ? I18N.t("page.lab.same_table_hint_closed", "This screen shows the same game: you can move {Player} here too; the screen that showed {Player}'s secret card is closed now.", { player: away })
      : away ? I18N.t("page.lab.same_table_hint", "This screen shows the same game: you can move {Player} here too; {Player}'s secret card is on the other screen.", { player: away }) : "";
  box.textContent = say;
  box.hidden = !say;
  box.classList.toggle("same", !seatTip() && !!away); // said on a wide screen too (labyrinth.css)
}
function guideTip() {
  seatHint();
  NOTICE.tips = tips();
  const box = $("guide"); // a tip showing now: its words as they are now (a seat just taken)
  if (box && !box.hidden && NOTICE.tips[box.dataset.tip]) box.querySelector(".guide-text").textContent = NOTICE.tips[box.dataset.tip];
  const s = said();
  NOTICE.now(s && S.hello && S.hello.humans.includes(s.player) ? s.action : null); // an earlier moment's tip goes
}
function drawAll() { drawTiles(); drawLeds(); drawPawns(); drawInfo(); fitLog(); }

// the log's scrolling box ends at a whole entry (round 22: the last one was cut mid-line at its bottom):
// read at rest (newest on top, common.js: addLog), it is made no taller than the entries that fit whole
function fitLog() {
  const log = $("log");
  if (!log || log.scrollTop > 0) return; // someone is reading further down: left as it is
  log.style.maxHeight = "";
  if (log.scrollHeight <= log.clientHeight) return;
  const top = log.getBoundingClientRect().top + log.clientTop;
  let whole = 0;
  for (const li of log.children) {
    const bottom = li.getBoundingClientRect().bottom - top;
    if (bottom > log.clientHeight + 0.5) break;
    whole = bottom;
  }
  if (whole > 0) log.style.maxHeight = `${Math.floor(whole)}px`;
}
window.addEventListener("resize", () => fitLog());

// -- the log --------------------------------------------------------------------------
const LOG_TEXT = {
  game_started: (e) => I18N.t("page.lab.log.started", "A new game of {title}: {players}",
    { title: S.hello ? S.hello.title : "", players: I18N.list(e.players.map(player)) }) +
    (S.hello && e.cards_each === 1 ? I18N.t("page.lab.log.one_card_each", ", 1 card each")
      : S.hello && e.cards_each ? I18N.t("page.lab.log.cards_each", ", {n} cards each", { n: e.cards_each }) : ""),
  turn_started: (e) => (e.pawns.includes("vader") ? I18N.t("page.lab.log.turn_vader", "{Player}'s turn (Vader's card)", { player: e.player })
    : I18N.t("page.lab.log.turn", "{Player}'s turn", { player: e.player })),
  // each press of Rotate turns the spare one quarter clockwise (referee.py: quarters + 1); no angle
  spare_rotated: (e) => I18N.t("page.lab.log.rotated_quarter", "{Player} turned the spare a quarter turn clockwise", { player: e.player }),
  shifted: (e) => I18N.t("page.lab.log.pushed", "{Player} pushed the spare in at {slot}; {next} is forbidden next",
    { player: e.player, slot: e.slot, next: e.forbidden_next }) +
    // a pawn on the pushed line rides with its tile (the event's carried; a pawn pushed off: wrapped)
    (Array.isArray(e.carried) ? e.carried : []).filter((c) => c && typeof c === "object").map((c) => I18N.t("page.lab.log.carried", "; {pawn} rode along with its tile {from} → {to}",
      { pawn: pawnName(c.pawn), from: c.from, to: c.to })).join("") + ejectedWords(e),
  wrapped: (e) => I18N.t("page.lab.log.wrapped", "{pawn} was pushed off {from} onto {to}", { pawn: cap(pawnName(e.pawn)), from: e.from, to: e.to }),
  reachable: null,
  instruction: null, // shown as the prompt, not in the log
  step: (e) => `${cap(pawnName(e.pawn))} ${e.from} → ${e.to}`,
  card_found: (e) => I18N.t("page.lab.log.found", "⭐ {Player} found {pic} on {cell} ({n} left)",
    { player: e.player, pic: pic(e.card), cell: e.cell, n: e.remaining }),
  card_shown: (e) => I18N.t("page.lab.log.open_cards", "{Player}'s open cards: {cards}", { player: e.player, cards: I18N.list(e.cards.map(pictureName)) }),
  turn_ended: (e) => I18N.t("page.lab.log.turn_ended", "{Player}'s turn ends", { player: e.player }),
  guess: (e) => I18N.t("page.lab.log.guess", "Is {pawn} on {cell}?", { pawn: pawnName(e.pawn), cell: e.cell }),
  warning: (e) => `⚠ ${player(e.player)}: ${warningText(e.kind)}` +
    (e.cell ? I18N.t("page.lab.log.at", " at {cell}", { cell: e.cell }) : "") + (e.slot ? ` ${e.slot}` : ""),
  game_over: (e) => I18N.t("page.lab.log.over", "🏆 {Winner} wins ({scores})", { winner: e.winner, scores: scoreWords(e.scores, e.winner) }),
};

// -- hands ---------------------------------------------------------------------------------
function humansMover() {
  const v = S.view, h = S.hello;
  if (S.selected && (S.selected === "vader" ? h.humans.includes(v.current) : h.humans.includes(S.selected))) return S.selected;
  if (h.humans.includes(v.current)) return v.movers.includes(v.current) ? v.current : (v.movers[0] || v.current);
  return h.humans[0] || null;
}
function select(p) { S.selected = p; drawPawns(); drawInfo(); }
function tileClicked(cell) {
  const pawn = humansMover(), v = S.view, s = said();
  if (!pawn) { pickTile(cell); MB.showError(I18N.t("page.lab.only_watches", "every colour is simulated: this page only watches")); return; }
  const here = S.world.hand[pawn] === undefined ? S.world.pawns[pawn] : S.world.hand[pawn];
  if (here === null) { MB.send({ type: "place", player: pawn, cell }); S.world.hand[pawn] = cell; return; }
  // a click walks the pawn only when it may move: its move, or the board asking for it. Otherwise
  // (before the push, another's turn) it only names the tile's picture: a tap to read a name must
  // never slide the pawn before the shift (the referee would warn, the newcomer would not know why)
  const walks = (v.phase === "move" && S.hello.humans.includes(v.current)) || (s && (s.requests || []).length > 0);
  pickTile(cell, !walks && v.phase === "shift" && S.hello.humans.includes(v.current));
  if (!walks) return;
  if (here === cell) return;
  // in a plain move a tile out of reach is said so here, never with an invitation to lift (round 25:
  // Lift acts only where the board asks for a pawn, hal/web/controls.py lab_lift_refusal)
  const reach = (v.reachable || {})[pawn], asked = s && (s.requests || []).some((r) => r.piece === pawn);
  if (!asked && Array.isArray(reach) && !reach.includes(cell)) {
    pickTile(cell);
    MB.showError(I18N.t("page.lab.out_of_reach", "{cell} cannot be reached from {here} (no open path): click a lit tile (framed in your colour)",
      { cell, here }));
    return;
  }
  MB.send({ type: "slide", player: pawn, to: cell });
  S.world.hand[pawn] = cell;
}

// the arrow keys walk the pawn one tile, where both tiles open toward each other (Labyrinth newcomer 21 pressed
// them, as The Magic Labyrinth's page takes them, and nothing moved or was said): [files, ranks, this tile's
// side, the next tile's side] (tiles.js masks: N=1 E=2 S=4 W=8; N is rank 7's side)
const ARROW_STEP = { ArrowUp: [0, 1, 1, 4], ArrowRight: [1, 0, 2, 8], ArrowDown: [0, -1, 4, 1], ArrowLeft: [-1, 0, 8, 2] };
function arrowStep([df, dr, out, into]) {
  const v = S.view, h = S.hello, pawn = S.view && S.hello ? humansMover() : null;
  if (!pawn || !S.world) return;
  const here = S.world.hand[pawn] === undefined ? S.world.pawns[pawn] : S.world.hand[pawn];
  if (!here || v.phase !== "move" || !h.humans.includes(v.current)) {
    MB.showError(I18N.t("page.lab.arrows_when", "the arrow keys walk your pawn one tile at a time once it may move: after the push, on your turn"));
    return;
  }
  const to = String.fromCharCode(here.charCodeAt(0) + df) + (parseInt(here.slice(1), 10) + dr);
  const tile = (c) => $("maze").querySelector(`.tile[data-cell="${c}"]`), a = tile(here), b = tile(to);
  const open = a && b && (parseTile(a.dataset.tile || "").mask & out) && (parseTile(b.dataset.tile || "").mask & into);
  if (!open) {
    MB.showError(I18N.t("page.lab.no_path_that_way", "no open path that way from {here}: the paths of both tiles must meet", { here }));
    return;
  }
  tileClicked(to);
}

const HANDLERS = {
  hello(msg) {
    if (!MB.sameGame(msg, "labyrinth")) return;
    const wasView = S.view;
    S.hello = msg; S.view = msg.view; S.world = msg.world; S.pixels = msg.frame.pixels;
    // the arrows are drawn anew: none is pointed at until a pointer moves to one or focus comes to it (round 24)
    S.preview = null; S.stillAt = S.pointerAt || null;
    // a game that ended while this page was away (its connection broken, not a new game) is told as one ending
    // now (Magic newcomer 31's wide screen came back after the end with no "wins!"); a page opened on it too
    S.bannerShown = NOTICE.winToldBefore(msg.view, wasView);
    S.selected = null;
    buildMaze();
    fillNewGame(msg);
    $("log").innerHTML = "";
    S.news = []; // (the log said again: its news heard again)
    for (const ev of msg.log) addLog(ev);
    drawAll();
  },
  event(msg) {
    S.view = msg.view;
    addLog(msg.event);
    if (msg.event.type === "card_found") MB.cardFound(msg.event.player, msg.event.remaining);
    if (msg.event.type === "game_over" && MB.newCard.size) { MB.newCard.clear(); MB.drawSeats(); } // no next card now
    if (msg.event.type === "card_found" && msg.event.cell) { // the tile says so while its LED flashes, and a while after
      S.justFound = { card: msg.event.card, cell: msg.event.cell, until: performance.now() + FOUND_MS };
      clearTimeout(S.foundTimer); S.foundTimer = setTimeout(drawLeds, FOUND_MS + 20);
    }
    fitLog();
    if (msg.event.type === "turn_started") {
      const movers = msg.event.pawns;
      S.selected = S.hello.humans.includes(msg.event.player) ? (movers.includes(msg.event.player) ? msg.event.player : movers[0]) : null;
    }
    drawInfo(); drawLeds(); drawPawns();
  },
  frame(msg) { S.pixels = msg.pixels; drawLeds(); },
  seats() { if (S.view && S.hello) guideTip(); },
  world(msg) {
    if (!MB.settled() && S.world) msg.world.hand = S.world.hand; // not yet seen by the server: keep the plan
    S.world = msg.world; drawTiles(); drawInfo();
  },
};
const BIG = ["card_found", "game_over"];
// a picture the push put off the board, the spare now (Labyrinth newcomer 56: Blue's push put its next picture off
// and the newcomer searched the board for it): which, from where; every player sees it leave on the table. ""
function ejectedWords(e) {
  const label = typeof e.ejected === "string" ? parseTile(e.ejected).label : null;
  const line = typeof e.slot === "string" && S.hello ? pushLine(e.slot) : [];
  if (!label || label === "vader" || !line.length) return "";
  return I18N.t("page.lab.log.ejected", "; the {name} went off the board at {cell}: it is the spare now", { name: tileName(label), cell: line[line.length - 1] });
}
// a log line with its colour dot: the player's, or for a line about a pawn (pushed off, a step) the pawn's
function addLog(ev) {
  heardNews(ev);
  if (ev.type === "spare_rotated") { turnsInARow(ev); return; }
  if (ev.type === "step" && stepsInARow(ev)) return;
  MB.addLog(ev.player || !ev.pawn ? ev : { ...ev, player: ev.pawn }, LOG_TEXT, BIG);
  if (ev.type === "step" && $("log").firstElementChild) {
    const li = $("log").firstElementChild;
    Object.assign(li.dataset, { pawn: ev.pawn, end: ev.to, walk: li.querySelector(".text").textContent });
  }
  const text = ev.card ? $("log").querySelector("li .text") : null; // the line just added (newest on top)
  if (text && text.textContent.includes(DRAWN_MARK)) text.innerHTML = MB.unbrokenHTML(text.textContent).replace(DRAWN_MARK, drawn(ev.card));
}

// a pawn's steps in a row, each from where the last ended, are one line, "Red a1 → b1 → c1" (Labyrinth newcomer 93
// read 17 lines for one walk on a phone, the push and the finds far down); true when the step joined the newest line
function stepsInARow(ev) {
  const last = $("log").firstElementChild, text = last ? last.querySelector(".text") : null;
  if (!text || last.dataset.type !== "step" || last.dataset.pawn !== ev.pawn || last.dataset.end !== ev.from) return false;
  last.dataset.end = ev.to;
  last.dataset.walk = `${last.dataset.walk || text.textContent} → ${ev.to}`;
  text.textContent = last.dataset.walk;
  NOTICE.news(); // (a phone's "Latest in What happened" says the whole walk: an attack read "Red a1 → a2" there)
  return true;
}
// the newest walk line says the steps the board saw (dataset.walk) and, where the pawn walked on onto a tile the board
// cannot see it on (unseenOn), that tile as its end, as the prompt says it: the board logs that step once the move ends
function drawWalk() {
  const last = $("log").firstElementChild, text = last ? last.querySelector(".text") : null;
  if (!text || last.dataset.type !== "step" || last.dataset.walk === undefined) return;
  const unseen = unseenOn();
  const words = unseen && unseen.pawn === last.dataset.pawn && unseen.cell !== last.dataset.end
    ? `${last.dataset.walk} → ${unseen.cell}` : last.dataset.walk;
  if (text.textContent === words) return;
  text.textContent = words;
  NOTICE.news();
}
// a player's turns of the spare in a row are one line, "Red turned the spare 3 quarter turns clockwise" (Labyrinth
// newcomer 39 turned it to the way wanted and read eight lines of quarter turns); the newest line is the count so far
function turnsInARow(ev) {
  const last = $("log").firstElementChild;
  if (!last || last.dataset.type !== "spare_rotated" || last.dataset.by !== ev.player) {
    MB.addLog(ev, LOG_TEXT, BIG);
    if ($("log").firstElementChild) Object.assign($("log").firstElementChild.dataset, { by: ev.player, quarters: "1" });
    return;
  }
  const n = (Number(last.dataset.quarters) + 1) % 4; // (the turns in all: five quarters lie as one)
  last.dataset.quarters = String(n);
  MB.setText(last.querySelector(".text"), n === 0
    ? I18N.t("page.lab.log.rotated_whole", "{Player} turned the spare a whole turn: it lies as before", { player: ev.player })
    : n === 1 ? LOG_TEXT.spare_rotated(ev)
      : I18N.t("page.lab.log.rotated_quarters", "{Player} turned the spare {n} quarter turns clockwise", { player: ev.player, n }));
  NOTICE.news();
}

// -- news: another player's push that moved a pawn played here -----------------------------------
// said at that pawn's next push step (Labyrinth newcomer 40: its pawn rode along Blue's row in Blue's turn and only
// the log, a screen down on a phone, said why it stood elsewhere): on the pawn's tile ("↪ Blue's push", newsTag) and,
// where its room holds it with the instruction, in the prompt ("Blue's push carried Red's pawn a1 → a2"); forgotten
// once its player has pushed; the pawns of a page's people only (the Vader pawn is no one's), at most NEWS_MAX lines
const NEWS_MAX = 3;
const isCell = (c) => typeof c === "string" && /^[a-z][0-9]{1,2}$/.test(c);
function heardNews(ev) {
  const h = S.hello;
  if (ev.type === "game_started") S.news = [];
  if (!h || !["shifted", "wrapped"].includes(ev.type)) return;
  if (ev.type === "shifted") {
    S.pusher = typeof ev.player === "string" ? ev.player : null;
    S.news = (S.news || []).filter((n) => n.owner !== ev.player);
  }
  // (each field checked: a malformed event says nothing, never "carried Red's pawn → "); kept as facts, said when
  // drawn (an attack: said at the event, a page whose catalogue came later kept English words)
  const moved = ev.type === "shifted" ? (Array.isArray(ev.carried) ? ev.carried : [])
    .filter((c) => c && typeof c === "object" && isCell(c.from) && isCell(c.to)).map((c) => ({ kind: "carried", ...c }))
    : isCell(ev.from) && isCell(ev.to) ? [{ kind: "wrapped", pawn: ev.pawn, from: ev.from, to: ev.to }] : [];
  for (const m of moved) {
    if (S.pusher && m.pawn !== S.pusher && h.humans.includes(m.pawn)) {
      S.news = [...(S.news || []), { owner: m.pawn, pusher: S.pusher, kind: m.kind, from: m.from, to: m.to }].slice(-NEWS_MAX);
    }
  }
}
function newsText(n) {
  const args = { player: n.pusher, pawn: n.owner, from: n.from, to: n.to };
  return n.kind === "wrapped" ? I18N.t("page.lab.news_wrapped", "{Player}'s push put {Pawn}'s pawn off {from}, onto {to}", args)
    : I18N.t("page.lab.news_carried", "{Player}'s push carried {Pawn}'s pawn {from} → {to}", args);
}
// the news for the person whose push step it is: its lines, none outside such a step
function newsNow() {
  const v = S.view, h = S.hello;
  if (!v || !h || v.phase !== "shift" || !h.humans.includes(v.current)) return [];
  return (S.news || []).filter((n) => n.owner === v.current);
}
// ...in the prompt, after the instruction, where the prompt's room holds both (the board under it stays put)
// ...with what the page adds after it where its room holds it (the board never moves for them): the arrows that open a
// way home (homeWaysWords, said under the board too), then the news of pushes that moved this page's pawns, after the tile's mark
// "↪" (Labyrinth newcomer 89 saw the mark on a phone, with no hover to read its title)
function drawPrompt(prompt) {
  const box = $("prompt"), news = newsNow().map(newsText).join(" · ");
  const adds = [homeWaysWords(), news ? I18N.t("page.lab.news", "(↪ {news})", { news }) : ""].filter(Boolean);
  MB.setText(box, prompt); // slot names never break
  fitPrompt();
  if (!adds.length) return;
  const room = parseFloat(getComputedStyle(box).getPropertyValue("--room")) || 0;
  const fits = Math.max(room, box.offsetHeight), kind = box.className;
  for (let n = adds.length; n > 0; n--) {
    MB.setText(box, [prompt, ...adds.slice(0, n)].join(" "));
    fitPrompt();
    if (!(box.offsetHeight > fits + 1 || (box.className !== kind && !room))) return;
  }
  MB.setText(box, prompt);
  fitPrompt();
}
// ...and on the tile of the pawn moved, at every width: whose push moved it (the prompt may have no room)
// (every pusher named: an attack saw Blue's push, then Green's, move Red, and the tag name Green only), in words for
// NEWS_TAG_MS from the step's first drawing, then as a "↪" in the tile's lower-left corner, rock on every tile, its
// words in its title (Labyrinth newcomer 43: the words hid the paths of the very tile to plan the push from)
const NEWS_TAG_MS = 6000;
function newsFresh() {
  if (!newsNow().length) { S.newsSeen = null; return false; }
  if (!S.newsSeen) { S.newsSeen = performance.now(); clearTimeout(S.newsTimer); S.newsTimer = setTimeout(drawLeds, NEWS_TAG_MS + 20); }
  return performance.now() - S.newsSeen < NEWS_TAG_MS;
}
function newsTag(el, fresh) {
  const n = newsNow(), at = S.world && S.world.pawns;
  const who = n.length && at && at[n[0].owner] === el.dataset.cell ? [...new Set(n.map((x) => x.pusher))] : [];
  let tag = el.querySelector(".news-tag");
  if (who.length && !tag) { tag = document.createElement("span"); tag.className = "news-tag"; el.append(tag); }
  if (!tag) return;
  tag.hidden = !who.length;
  const words = who.length === 1 ? I18N.t("page.lab.news_tag", "↪ {Player}'s push", { player: who[0] })
    : who.length ? I18N.t("page.lab.news_tag_many", "↪ pushes by {players}", { players: I18N.list(who.map(player)) }) : "";
  // a "↪" in the tile's lower-left corner, rock on every tile; its words in the line under the board for their first
  // seconds (newsLine): words on the tile hid the paths to plan the push from (Labyrinth newcomers 43 and 48)
  tag.textContent = who.length ? "↪" : "";
  tag.classList.toggle("corner", !!who.length);
  tag.title = who.length ? `${words}: ${n.map(newsText).join(" · ")}` : "";
}
// the news of pawns moved by others' pushes, said in the line under the board (#picked) for NEWS_TAG_MS, unless a
// tile's name or an arrow's "tap again" is said there
function newsLine(fresh) {
  const box = $("picked"), n = newsNow(), ours = box.classList.contains("news");
  if (fresh && n.length && (box.hidden || ours)) {
    box.textContent = `↪ ${n.map(newsText).join(" · ")}`;
    box.classList.remove("push-again");
    box.classList.add("news");
    box.hidden = false;
    placePicked(box);
  } else if (ours && !(fresh && n.length)) {
    box.hidden = true;
    box.classList.remove("news");
  }
}

// ⟳ Rotate, by its button or the R key: the spare turned, and an arrow tapped once let go of, a tap on it to show the
// push of the spare as it lies now (armPush)
function rotate() {
  press("rotate", { type: "rotate" });
  const slot = S.armed || S.lookSlot;
  if (slot && buttonState("rotate")[0]) armPush(slot, true);
}
function wire() {
  $("rotate").addEventListener("click", rotate);
  $("done").addEventListener("click", () => press("done", { type: "press", button: "done" }));
  $("lift").addEventListener("click", () => {
    const pawn = humansMover();
    if (!pawn || !buttonState(`lift:${pawn}`)[0]) return; // off: MB.tapOff says why
    MB.send({ type: "lift", player: pawn });
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, dialog")) return;
    if (!MB.ownKey(e)) return;
    const k = NOTICE.keyOf(e);
    // a key's refusal said beside what it presses, as a click's: the pawn's tile for an arrow, the button for a letter
    // (Labyrinth newcomer 110, 1920x1080, eyes on the board, nearly missed an arrow key's refusal under Done)
    const mover = S.hello && S.world ? humansMover() : null, at = mover && (S.world.hand[mover] || S.world.pawns[mover]);
    const pressed = ARROW_STEP[e.key] ? at && $("maze").querySelector(`.tile[data-cell="${at}"]`) : { r: $("rotate"), d: $("done") }[k];
    if (pressed) NOTICE.keyAt(pressed);
    if (k === "r") rotate(); // (as the button: an arrow tapped once is a first tap again, an attack)
    else if (k === "d") press("done", { type: "press", button: "done" });
    else if (ARROW_STEP[e.key]) { e.preventDefault(); arrowStep(ARROW_STEP[e.key]); }
  });
  $("ng-players").addEventListener("change", () => fillCardsEach(parseInt($("ng-cards-each").value, 10) || 0));
  $("ng-edition").addEventListener("change", () => S.hello && fitVariants(S.hello));
  MB.wireNewGame(() => S.hello, () => ({
    edition: $("ng-edition").value,
    variants: [...document.querySelectorAll("#ng-variants input:checked")].map((i) => i.value),
    cards_each: parseInt($("ng-cards-each").value, 10) || 0,
  }), () => S.view);
}
function fillNewGame(h) {
  $("ng-edition").innerHTML = Object.entries(h.editions).map(([k, t]) => `<option value="${k}" ${k === h.edition ? "selected" : ""}>${t}</option>`).join("");
  fillCardsEach(h.cards_each || 0);
  $("ng-variants").innerHTML = h.variant_names.map((n) => `<label><input type="checkbox" value="${n}" ${h.variants.includes(n) ? "checked" : ""}> ` +
    `<b>${n}</b> <small>${esc(variantText(n))}</small></label>`).join("");
  fitVariants(h);
}
// the vader variant needs an edition with the Vader tile (the hello's vader_editions): offered only then
function fitVariants(h) {
  const box = document.querySelector('#ng-variants input[value="vader"]');
  if (!box || !Array.isArray(h.vader_editions)) return;
  const fits = h.vader_editions.includes($("ng-edition").value);
  box.disabled = !fits;
  if (!fits) box.checked = false;
  box.closest("label").title = fits ? "" : I18N.t("page.lab.vader_needs_edition",
    "only with the Star Wars edition: the others have no Vader tile");
}
// a shorter game: fewer cards each (a house rule; 0: all 24 dealt, as the rule book says), only as
// many as the players chosen can each hold (24 shared out: 12, 8 or 6), the game's own count kept
function fillCardsEach(each) {
  const share = Math.floor(24 / (parseInt($("ng-players").value, 10) || 2));
  // the whole share said once, as "all 24: 12 each" (Labyrinth newcomer 21: with two players "12 (a shorter
  // game)" was the same game as the rules' "long" one)
  const counts = [...new Set([0, 1, 2, 3, 4, 5, 6, 8, 12, each])].filter((n) => n < share).sort((a, b) => a - b);
  const keep = each >= share ? 0 : each;
  $("ng-cards-each").innerHTML = counts.map((n) => `<option value="${n}" ${n === keep ? "selected" : ""}>${n === 0
    ? esc(I18N.t("page.lab.cards_all_share", "all 24: {n} each (the rules, long)", { n: share }))
    // (the counts alone, the fewest said the shortest: Labyrinth newcomer 105 read "1 (a shorter game)" to
    // "8 (a shorter game)", every count alike)
    : n === 1 ? esc(I18N.t("page.lab.cards_shortest", "1 (the shortest game)")) : String(n)}</option>`).join("");
}
// what a variant does, in a few words (RULES.md §2 Variants)
function variantText(name) {
  if (name === "younger") return I18N.t("page.lab.variant.younger", "all your cards open, found in any order");
  if (name === "exit-anywhere") return I18N.t("page.lab.variant.exit", "after your last card, leave the maze at any edge instead of going home");
  if (name === "vader") return I18N.t("page.lab.variant.vader", "Star Wars edition: cards with Vader's mark move the black Vader pawn");
  return "";
}

// a phone: ✋ Done stands in the spare's box beside ⟳ Rotate, ✊ Lift pawn under it, in the push and the move alike,
// all on the first screen (Labyrinth newcomers 107, 108, 110, 111, 112: the rows of Done and Rotate traded places
// between the push and the move, and a thumb pressed one for the other); a wide screen keeps both first in the
// controls' row (labyrinth.css places them in the box's grid)
const PHONE_ROWS = window.matchMedia("(max-width:899.98px)"); // (labyrinth.css: the phone's layout below 900 px)
function placeOwnControls() {
  const own = [$("done"), $("lift")], row = document.querySelector(".spare-row"), controls = document.querySelector(".controls");
  if (PHONE_ROWS.matches) { for (const b of own) if (b.parentElement !== row) row.appendChild(b); }
  else if (own[0].parentElement !== controls) controls.prepend(...own);
}
PHONE_ROWS.addEventListener("change", placeOwnControls);
placeOwnControls();
wire();
NOTICE.guide("labyrinth", tips());
MB.connect(HANDLERS);

// the page's language arrived (i18n.js): say the prompt in it
I18N.ready(() => {
  NOTICE.tips = tips();
  if (S.view && S.hello) { drawLegend(); drawInfo(); }
});

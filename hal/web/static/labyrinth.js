// Labyrinth browser view. Draws the tiles as they lie (world), the LEDs (frames) and what the
// controller announced (view), and turns clicks into physical actions: rotate the spare, push it
// in at a slot, slide / lift / place a pawn, press done. The controller decides everything.
"use strict";

const ARROW = { S: "▲", N: "▼", W: "▶", E: "◀" };
const WARNING_TEXT = {
  forbidden_slot: "tried the forbidden slot", extra_shift: "pushed when no push was due", unreachable: "moved to a tile out of reach",
  out_of_turn: "moved out of turn", moved_before_shift: "moved before the shift", lifted: "lifted the pawn",
  not_wrapped: "a pushed-off pawn is not on the new tile", misplaced: "a pawn stands where none should",
  ambiguous: "the reeds cannot tell where the pawn stopped"
};
const pic = (name) => (name ? `${PICTURES[name] || "🔶"} ${name}` : "");
const pawnName = (p) => (p === "vader" ? "Vader" : cap(p));

const S = { hello: null, view: null, world: null, pixels: [], selected: null, bannerShown: false };

function cellName(f, r) { return String.fromCharCode(97 + f) + (r + 1); }

// what the board asks now (the controller's instruction event), or null before the first
function said() { return S.view ? S.view.instruction : null; }
// a control acts only when the view's controls say so (computed by the server from the instruction)
function buttonState(id) { return MB.control(S.view, S.hello, id); }
function press(button, message) {
  const [on, why] = buttonState(button);
  if (!on) { MB.showError(`${button.startsWith("slot:") ? "slot " + button.slice(5) : cap(button)}: ${why}`); return; }
  MB.send(message);
}

// -- drawing ---------------------------------------------------------------------
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
      maze.appendChild(d);
    }
  }
  for (const [slot, s] of Object.entries(h.slots)) {
    const f = s.entry.charCodeAt(0) - 97, r = parseInt(s.entry.slice(1), 10) - 1;
    const d = document.createElement("button");
    d.type = "button";
    d.className = `slot edge-${s.edge}`;
    d.dataset.slot = slot;
    d.title = `push the spare in at ${slot}`;
    d.innerHTML = `<span class="arrow">${ARROW[s.edge]}</span><span class="code">${slot}</span>`; // named as the prompt names it
    const col = s.edge === "W" ? 1 : s.edge === "E" ? h.files + 2 : f + 2;
    const row = s.edge === "N" ? 1 : s.edge === "S" ? h.ranks + 2 : h.ranks + 1 - r;
    d.style.gridColumn = String(col);
    d.style.gridRow = String(row);
    d.addEventListener("click", () => press(`slot:${slot}`, { type: "insert", slot }));
    maze.appendChild(d);
  }
  const corners = Object.entries(h.corners);
  for (const [p, c] of corners) {
    const t = maze.querySelector(`.tile[data-cell="${c}"]`);
    if (t) { t.classList.add("home", p); t.dataset.home = p; }
  }
  $("title").textContent = h.title;
  document.title = `${h.title} · mazeboard`;
  const variants = h.variants.length ? ` · variants: ${h.variants.join(", ")}` : "";
  $("game-info").textContent = `seed ${h.seed} · ${h.players.length} players${variants}`;
  MB.privateLinks(h);
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
      t.innerHTML = tileSVG(mask) + `<div class="led"></div>` + home + `<span class="coord">${cell}</span>` +
        (label ? `<div class="pic${label === "vader" ? " vader-mark" : ""}" title="${label}">${PICTURES[label] || "🔶"}</div>` +
          `<div class="pic-name">${label}</div>` : "") + `<div class="pawns"></div>`;
    });
  }
  const spare = parseTile(S.world.spare);
  $("spare").innerHTML = tileSVG(spare.mask) + (spare.label ? `<div class="pic">${PICTURES[spare.label] || "🔶"}</div><div class="pic-name">${spare.label}</div>` : "");
  $("spare").dataset.tile = S.world.spare;
  drawLeds();
  drawPawns();
}

function drawLeds() {
  if (!S.hello) return;
  for (const el of $("maze").querySelectorAll(".tile")) MB.light(el, S.pixels[S.hello.layout[el.dataset.cell]]);
  for (const el of $("maze").querySelectorAll(".slot")) {
    MB.light(el, S.pixels[S.hello.layout[`slot:${el.dataset.slot}`]]);
    el.classList.toggle("forbidden", S.view && S.view.forbidden === el.dataset.slot);
  }
}

function pawnDiv(p) {
  const d = document.createElement("div");
  const playable = p === "vader" ? S.hello.humans.includes(S.view.current) : S.hello.humans.includes(p);
  d.className = `lpawn ${p}` + (p === S.selected ? " selected" : "") + (playable ? " mine" : "") +
    (p === S.view.current && S.view.phase !== "over" ? " turn" : "");
  d.dataset.pawn = p;
  d.title = pawnName(p) + (S.hello.humans.includes(p) ? " (you)" : "");
  d.textContent = p === "vader" ? "V" : "";
  if (playable) d.addEventListener("click", (e) => { e.stopPropagation(); select(p); });
  return d;
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
  for (const t of $("maze").querySelectorAll(".tile")) t.classList.toggle("occupied", t.querySelector(".pawns").children.length > 0);
  if (!hand.children.length) hand.innerHTML = `<span class="muted">nothing</span>`;
}

function drawInfo() {
  const v = S.view, h = S.hello;
  $("prompt").textContent = I18N.prompt(said(), v.prompt);
  guideTip();
  document.documentElement.style.setProperty("--turn", v.current ? `var(--${v.current})` : "#888");
  const players = $("players");
  players.innerHTML = "";
  for (const p of v.players.length ? v.players : h.players) {
    const found = v.found[p] || [], left = v.remaining[p];
    const extra = `<span class="found">${found.map((c) => PICTURES[c] || "🔶").join("")}</span>` +
      `<b class="score">${found.length}</b><small class="left">${left === undefined ? "" : `${left} left`}</small>`;
    players.appendChild(MB.playersRow(p, v, h, extra));
  }
  $("rotation").textContent = v.current && v.rotation ? `(turned ${v.rotation}° clockwise)` : "";
  const movers = v.movers.filter((m) => m === "vader" || h.humans.includes(m));
  $("mover").textContent = h.humans.includes(v.current) && v.phase === "move"
    ? `moving: ${pawnName(S.selected || movers[0] || v.current)}` : "";
  const open = Object.entries(v.open_cards);
  $("open-cards").hidden = open.length === 0;
  $("open-cards").innerHTML = `<div class="label">Open cards (younger players)</div>` +
    open.map(([p, cards]) => `<div class="${p}"><span class="dot-s"></span> ${cards.map((c) => PICTURES[c] || "🔶").join(" ")}</div>`).join("");
  const s = said();
  for (const id of ["rotate", "done"]) {
    const [on, why] = buttonState(id);
    $(id).disabled = !on;
    $(id).title = `${cap(id)} (${id[0].toUpperCase()}): ${why}`;
  }
  $("rotate").textContent = s && s.action === "confirm" ? "⟳ Next guess" : "⟳ Rotate";
  for (const el of $("maze").querySelectorAll(".slot")) {
    const [on, why] = buttonState(`slot:${el.dataset.slot}`);
    el.classList.toggle("off", !on);
    el.title = on ? `push the spare in at ${el.dataset.slot}` : `${el.dataset.slot}: ${why}`;
  }
  const pawn = humansMover();
  const inHand = pawn !== null && S.world && S.world.hand[pawn] === null;
  $("lift").disabled = pawn === null || inHand || !buttonState(`hand:${pawn}`)[0];
  $("lift").title = pawn === null ? `Lift pawn: ${buttonState("done")[1]}` : inHand
    ? `The ${pawnName(pawn)} pawn is in your hand: click a tile to set it down`
    : `Lift the ${pawnName(pawn)} pawn: ${buttonState(`hand:${pawn}`)[1]}`;
  if (v.phase === "over" && !S.bannerShown) {
    S.bannerShown = true;
    MB.banner(`🏆 ${cap(v.winner)} wins!<div class="banner-scores">${Object.entries(v.found).map(([p, c]) => `${p} ${c.length}`).join(" · ")}</div>`);
  }
}

// the first-game guide: the tip for what the board asks now, when a person here is asked
const TIPS = {
  shift: "Turn the spare tile with ⟳ Rotate (or R), then click a lit arrow beside the board to push it in; each arrow carries the name the prompt uses. Take your seat (top right) to see your secret card.",
  move: "Click a tile your pawn can reach along the paths (the lit ones), or press ✋ Done to stay where you are.",
};
function guideTip() {
  const s = said();
  if (s && S.hello && S.hello.humans.includes(s.player)) NOTICE.tip(s.action);
}
function drawAll() { drawTiles(); drawLeds(); drawPawns(); drawInfo(); }

// -- the log --------------------------------------------------------------------------
const LOG_TEXT = {
  game_started: (e) => `A new game of ${S.hello ? S.hello.title : "Labyrinth"}: ${e.players.join(", ")}`,
  turn_started: (e) => `${cap(e.player)}'s turn` + (e.pawns.includes("vader") ? " (Vader's card)" : ""),
  spare_rotated: (e) => `${cap(e.player)} turned the spare to ${e.rotation}°`,
  shifted: (e) => `${cap(e.player)} pushed the spare in at ${e.slot} (${e.rotation}°); ${e.forbidden_next} is forbidden next`,
  wrapped: (e) => `${pawnName(e.pawn)} was pushed off ${e.from} onto ${e.to}`,
  reachable: null,
  instruction: null, // shown as the prompt, not in the log
  step: (e) => `${pawnName(e.pawn)} ${e.from} → ${e.to}`,
  card_found: (e) => `⭐ ${cap(e.player)} found ${pic(e.card)} on ${e.cell} (${e.remaining} left)`,
  card_shown: (e) => `${cap(e.player)}'s open cards: ${e.cards.join(", ")}`,
  turn_ended: (e) => `${cap(e.player)}'s turn ends`,
  guess: (e) => `Is ${pawnName(e.pawn)} on ${e.cell}?`,
  warning: (e) => `⚠ ${cap(e.player)}: ${WARNING_TEXT[e.kind] || e.kind}${e.cell ? " at " + e.cell : ""}${e.slot ? " " + e.slot : ""}`,
  game_over: (e) => `🏆 ${cap(e.winner)} wins (${Object.entries(e.scores).map(([p, s]) => `${p} ${s}`).join(", ")})`,
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
  const pawn = humansMover();
  if (!pawn) { MB.showError("every colour is simulated: this page only watches"); return; }
  const here = S.world.hand[pawn] === undefined ? S.world.pawns[pawn] : S.world.hand[pawn];
  if (here === null) { MB.send({ type: "place", player: pawn, cell }); S.world.hand[pawn] = cell; return; }
  if (here === cell) return;
  MB.send({ type: "slide", player: pawn, to: cell });
  S.world.hand[pawn] = cell;
}

const HANDLERS = {
  hello(msg) {
    if (!MB.sameGame(msg, "labyrinth")) return;
    S.hello = msg; S.view = msg.view; S.world = msg.world; S.pixels = msg.frame.pixels;
    S.bannerShown = msg.view.phase === "over";
    S.selected = null;
    buildMaze();
    fillNewGame(msg);
    $("log").innerHTML = "";
    for (const ev of msg.log) MB.addLog(ev, LOG_TEXT, BIG);
    drawAll();
  },
  event(msg) {
    S.view = msg.view;
    MB.addLog(msg.event, LOG_TEXT, BIG);
    if (msg.event.type === "turn_started") {
      const movers = msg.event.pawns;
      S.selected = S.hello.humans.includes(msg.event.player) ? (movers.includes(msg.event.player) ? msg.event.player : movers[0]) : null;
    }
    drawInfo(); drawLeds(); drawPawns();
  },
  frame(msg) { S.pixels = msg.pixels; drawLeds(); },
  world(msg) {
    if (!MB.settled() && S.world) msg.world.hand = S.world.hand; // not yet seen by the server: keep the plan
    S.world = msg.world; drawTiles(); drawInfo();
  },
};
const BIG = ["card_found", "game_over"];

function wire() {
  $("rotate").addEventListener("click", () => press("rotate", { type: "rotate" }));
  $("done").addEventListener("click", () => press("done", { type: "press", button: "done" }));
  $("lift").addEventListener("click", () => {
    const pawn = humansMover();
    if (!pawn) return;
    MB.send({ type: "lift", player: pawn });
  });
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, dialog")) return;
    if (e.key === "r" || e.key === "R") press("rotate", { type: "rotate" });
    else if (e.key === "d" || e.key === "D") press("done", { type: "press", button: "done" });
  });
  MB.wireNewGame(() => S.hello, () => ({
    edition: $("ng-edition").value,
    variants: [...document.querySelectorAll("#ng-variants input:checked")].map((i) => i.value),
  }));
}
function fillNewGame(h) {
  $("ng-edition").innerHTML = Object.entries(h.editions).map(([k, t]) => `<option value="${k}" ${k === h.edition ? "selected" : ""}>${t}</option>`).join("");
  $("ng-variants").innerHTML = h.variant_names.map((n) => `<label><input type="checkbox" value="${n}" ${h.variants.includes(n) ? "checked" : ""}> ${n}</label>`).join("");
}

wire();
NOTICE.guide("labyrinth", TIPS);
MB.connect(HANDLERS);

// the page's language arrived (i18n.js): say the prompt in it
I18N.ready(() => { if (S.view && S.hello) drawInfo(); });

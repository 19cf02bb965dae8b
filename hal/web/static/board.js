// The Magic Labyrinth browser view. Draws what the server sends (hello, event, frame, world,
// walls) and turns clicks, drags and keys into physical actions (press, slide one cell, lift,
// place, fetch-ball). It never decides anything: the controller does, through the sensors.
"use strict";

const SYMBOL_EMOJI = {
  owl: "🦉", bat: "🦇", frog: "🐸", spider: "🕷️", snake: "🐍", cat: "🐈", dragon: "🐉",
  unicorn: "🦄", ghost: "👻", skull: "💀", key: "🔑", crown: "👑", ring: "💍", potion: "🧪",
  book: "📖", candle: "🕯️", "crystal-ball": "🔮", hourglass: "⏳", moon: "🌙", star: "⭐",
  sun: "☀️", mushroom: "🍄", wand: "🪄", chest: "🧰",
};
const PIPS = { 1: [5], 2: [1, 9], 3: [1, 5, 9], 4: [1, 3, 7, 9] };
const WARNING_TEXT = {
  out_of_turn: "moved out of turn", moved_before_roll: "moved before rolling", overstep: "moved too far",
  occupied: "cannot end on a taken cell", jump: "jumped instead of sliding", revisit: "went back to a cell",
};
const REASON_TEXT = {
  steps_used: "all steps used", done: "Done pressed", settled: "the pawn rested",
  ball_dropped: "the ball dropped", symbol_collected: "the symbol was found",
};
// where a pawn's centre stands in its cell (fractions of the cell from the top left)
const PAWN_AT = [0.74, 0.68];
const KEY_DIR = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

const $ = (id) => document.getElementById(id);
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : "");
const sym = (name) => `${SYMBOL_EMOJI[name] || "❔"} ${name}`;

const S = {
  ws: null, hello: null, view: null, world: null, pixels: [], walls: null,
  selected: null, msgId: 0, answered: 0, errorTimer: null, bannerShown: false,
  clock: { game: 0, local: 0 }, // the game's clock (ms) as last heard, and when (performance.now())
};
function heard(t) { if (typeof t === "number") S.clock = { game: t, local: performance.now() }; }
function gameNow() { return S.clock.game + (performance.now() - S.clock.local); }
// what the board asks now (the controller's instruction event), or null before the first
function said() { return S.view ? S.view.instruction : null; }

// -- geometry ---------------------------------------------------------------
function coords(cell) { return [cell.charCodeAt(0) - 97, parseInt(cell.slice(1), 10) - 1]; }
function cellAt(f, r) {
  if (f < 0 || r < 0 || f >= S.hello.files || r >= S.hello.ranks) return null;
  return String.fromCharCode(97 + f) + (r + 1);
}
function adjacent(a, b) {
  const [fa, ra] = coords(a), [fb, rb] = coords(b);
  return Math.abs(fa - fb) + Math.abs(ra - rb) === 1;
}
function pct(f, r) { // top-left corner of a cell in % of the board
  return [(f * 100) / S.hello.files, ((S.hello.ranks - 1 - r) * 100) / S.hello.ranks];
}

// -- connection ----------------------------------------------------------------
function connect() {
  const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws`);
  S.ws = ws;
  setConn("connecting", "connecting…");
  ws.onopen = () => setConn("open", "live");
  ws.onclose = () => {
    setConn("closed", "disconnected: retrying…");
    NOTICE.closed();
    setTimeout(connect, 1000);
  };
  ws.onmessage = (m) => {
    let msg;
    try { msg = JSON.parse(m.data); } catch (e) { return; }
    const handler = HANDLERS[msg.type];
    if (handler) handler(msg);
  };
}
function setConn(state, text) { const c = $("conn"); c.dataset.state = state; c.textContent = text; }
function send(msg) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) { showError("not connected to the board"); return; }
  msg.id = ++S.msgId;
  S.ws.send(JSON.stringify(msg));
}
// every command is answered (ok or error) in the order sent; until the last one is, a world
// message may predate a command this page sent: the page keeps where it sent its hands
function answered(id) { if (typeof id === "number" && id > S.answered) S.answered = id; }
function settled() { return S.answered >= S.msgId; }

const HANDLERS = {
  hello(msg) {
    NOTICE.hello(msg);
    if ($("error").textContent.startsWith("starting a new game")) { clearTimeout(S.errorTimer); $("error").textContent = ""; }
    S.hello = msg; S.view = msg.view; S.world = msg.world; S.pixels = msg.frame.pixels; S.walls = msg.walls;
    S.answered = S.msgId; // a new connection: the server's world is all there is
    heard(msg.frame.t);
    S.bannerShown = msg.view.phase === "over";
    $("reveal").checked = msg.walls !== null;
    buildBoard();
    $("log").innerHTML = "";
    for (const ev of msg.log) addLog(ev);
    drawAll();
  },
  event(msg) {
    S.view = msg.view;
    heard(msg.event.t);
    NOTICE.heard(msg.event.t);
    addLog(msg.event);
    if (msg.event.type === "turn_started" && S.hello.humans.includes(msg.event.player)) S.selected = msg.event.player;
    if (msg.event.type === "die_rolled") { const d = $("die"); d.classList.remove("rolled"); void d.offsetWidth; d.classList.add("rolled"); }
    drawAll();
  },
  frame(msg) { S.pixels = msg.pixels; heard(msg.t); drawLeds(); },
  world(msg) {
    if (!settled() && S.world) msg.world.hands = S.world.hands; // not yet seen by the server: keep the plan
    S.world = msg.world; drawPawns(); drawTray(); drawControls();
  },
  walls(msg) { S.walls = msg.walls; drawWalls(); },
  ok(msg) { answered(msg.id); },
  error(msg) { answered(msg.id); showError(msg.message); },
  restarting() { showError("starting a new game…"); $("banner").hidden = true; },
};

// -- drawing ----------------------------------------------------------------------
function buildBoard() {
  const h = S.hello, board = $("board");
  board.innerHTML = "";
  const corners = new Set(Object.values(h.corners));
  for (let r = h.ranks - 1; r >= 0; r--) {
    for (let f = 0; f < h.files; f++) {
      const cell = cellAt(f, r), name = h.symbols[cell];
      const div = document.createElement("div");
      div.className = "cell" + (corners.has(cell) ? " corner" : "");
      div.dataset.cell = cell;
      div.innerHTML = `<div class="led"></div><span class="coord">${cell}</span>` +
        (name ? `<div class="sym">${SYMBOL_EMOJI[name] || "❔"}</div><div class="name">${name}</div>`
              : (corners.has(cell) ? `<div class="sym">🏠</div>` : ""));
      div.addEventListener("click", () => cellClicked(cell));
      div.addEventListener("dragover", (e) => { e.preventDefault(); div.classList.add("drop-ok"); });
      div.addEventListener("dragleave", () => div.classList.remove("drop-ok"));
      div.addEventListener("drop", (e) => { e.preventDefault(); div.classList.remove("drop-ok"); dropped(e.dataTransfer.getData("text/plain"), cell); });
      board.appendChild(div);
    }
  }
  $("ranks").innerHTML = Array.from({ length: h.ranks }, (_, i) => `<div>${h.ranks - i}</div>`).join("");
  $("files").innerHTML = Array.from({ length: h.files }, (_, i) => `<div>${String.fromCharCode(97 + i)}</div>`).join("");
  $("game-info").textContent = `seed ${h.seed} · ${h.maze} maze · ${h.players.length} players`;
  const humans = h.humans.length ? h.humans : [];
  if (!S.selected || !humans.includes(S.selected)) S.selected = humans[0] || null;
  buildTray();
}

function drawAll() { drawLeds(); drawWalls(); drawPawns(); drawTray(); drawInfo(); drawControls(); }

function glow(hex) { // LEDs look brighter than their RGB value on a dark board: display gamma
  const v = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  const [r, g, b] = v.map((x) => Math.round(255 * Math.sqrt(x)));
  return `rgb(${r}, ${g}, ${b})`;
}
function drawLeds() {
  if (!S.hello) return;
  for (const div of $("board").querySelectorAll(".cell")) {
    const cell = div.dataset.cell, hex = S.pixels[S.hello.layout[cell]] || "#000000";
    div.dataset.led = hex;
    div.classList.toggle("lit", hex !== "#000000");
    div.style.setProperty("--glow", glow(hex));
    div.title = `${cell}${S.hello.symbols[cell] ? " " + S.hello.symbols[cell] : ""} · LED ${hex}`;
  }
}

function wallDiv(edge, cls) {
  const [a, b] = edge.split("-");
  const [fa, ra] = coords(a), [fb, rb] = coords(b);
  const d = document.createElement("div");
  d.className = `wall ${cls}`;
  d.dataset.edge = edge;
  const cw = 100 / S.hello.files, ch = 100 / S.hello.ranks, t = 1.6;
  if (ra === rb) { // side by side: a vertical bar
    const [x, y] = pct(Math.max(fa, fb), ra);
    Object.assign(d.style, { left: `calc(${x}% - ${t / 2}%)`, top: `${y}%`, width: `${t}%`, height: `${ch}%` });
  } else { // one above the other: a horizontal bar
    const [x, y] = pct(fa, Math.max(ra, rb));
    Object.assign(d.style, { left: `${x}%`, top: `calc(${y + ch}% - ${t / 2}%)`, width: `${cw}%`, height: `${t}%` });
  }
  return d;
}
function drawWalls() {
  if (!S.hello) return;
  const board = $("board");
  board.querySelectorAll(".wall").forEach((w) => w.remove());
  for (const e of S.walls || []) board.appendChild(wallDiv(e, "revealed"));
  for (const e of S.view.walls_learned) board.appendChild(wallDiv(e, "learned"));
}

function pawnDiv(player) {
  const p = S.world.pawns[player], mine = S.hello.humans.includes(player);
  const d = document.createElement("div");
  d.className = `pawn ${player}` + (mine ? " mine" : "") + (player === S.selected ? " selected" : "") +
    (player === S.view.current && S.view.phase !== "over" ? " turn" : "");
  d.dataset.player = player;
  d.title = `${cap(player)}${mine ? " (you)" : ""}${p.ball === "attached" ? "" : " — no ball"}`;
  d.innerHTML = `<div class="body">🧙</div>` + (p.ball === "attached" ? `<div class="ball"></div>` : "");
  if (mine) {
    d.draggable = true;
    d.addEventListener("dragstart", (e) => { e.dataTransfer.setData("text/plain", player); S.selected = player; });
    d.addEventListener("click", (e) => { e.stopPropagation(); pawnClicked(player); });
  }
  return d;
}
function drawPawns() {
  if (!S.hello || !S.world) return;
  const board = $("board"), hand = $("hand");
  board.querySelectorAll(".pawn").forEach((p) => p.remove());
  hand.innerHTML = "";
  const byCell = {};
  for (const [player, p] of Object.entries(S.world.pawns)) {
    if (p.cell) (byCell[p.cell] = byCell[p.cell] || []).push(player);
  }
  for (const div of board.querySelectorAll(".cell")) div.classList.toggle("occupied", div.dataset.cell in byCell);
  for (const [cell, players] of Object.entries(byCell)) {
    const [f, r] = coords(cell), [x, y] = pct(f, r);
    players.forEach((player, i) => {
      // lower right of the cell (PAWN_AT), clear of the symbol's name above and the symbol stepping left
      const d = pawnDiv(player), off = players.length > 1 ? (i - (players.length - 1) / 2) * 5 : 0;
      d.style.left = `calc(${x + (100 / S.hello.files) * PAWN_AT[0] + off}% - var(--cell) * .2)`;
      d.style.top = `calc(${y + (100 / S.hello.ranks) * PAWN_AT[1] + off}% - var(--cell) * .2)`;
      board.appendChild(d);
    });
  }
  for (const [player, p] of Object.entries(S.world.pawns)) {
    if (!p.cell) {
      const d = pawnDiv(player);
      d.addEventListener("click", () => { S.selected = player; showError(`click a cell to set ${player}'s pawn down`); });
      hand.appendChild(d);
    }
  }
  if (!hand.children.length) hand.innerHTML = `<span class="muted">nothing</span>`;
}

function buildTray() {
  const tray = $("tray");
  tray.innerHTML = "";
  for (const s of S.hello.tray) {
    const d = document.createElement("div");
    const where = s.replace("tray-", "");
    d.className = `pocket ${where}`;
    d.dataset.sensor = s;
    d.innerHTML = `<span class="where">${where.toUpperCase()}</span>`;
    tray.appendChild(d);
  }
}
function drawTray() {
  if (!S.hello || !S.world) return;
  const tray = $("tray");
  tray.querySelectorAll(".tray-ball").forEach((b) => b.remove());
  for (const [sensor, players] of Object.entries(S.world.tray)) {
    const pocket = tray.querySelector(`[data-sensor="${sensor}"]`);
    pocket.classList.toggle("sensing", players.length > 0);
    for (const player of players) {
      const b = document.createElement("div");
      b.className = `tray-ball ${player}`;
      b.dataset.player = player;
      b.title = `${cap(player)}'s ball`;
      b.addEventListener("click", () => fetchBall(player));
      pocket.appendChild(b);
    }
  }
  for (const [player, p] of Object.entries(S.world.pawns)) {
    if (p.ball === "rolling") {
      const b = document.createElement("div");
      b.className = `tray-ball rolling ${player}`;
      b.title = `${cap(player)}'s ball is rolling`;
      tray.appendChild(b);
    }
  }
}

function drawCountdown() {
  const s = said(), box = $("countdown");
  const left = s && s.until !== null && s.action === "move" ? Math.ceil((s.until - gameNow()) / 1000) : null;
  box.hidden = left === null || left < 0;
  if (!box.hidden) box.textContent = `⏳ the move ends by itself in ${left} s unless the pawn moves on (or press Done)`;
}
setInterval(() => { if (S.view) drawCountdown(); }, 250);

function drawInfo() {
  const v = S.view, h = S.hello;
  $("prompt").textContent = I18N.prompt(said(), v.prompt);
  drawCountdown();
  guideTip();
  document.documentElement.style.setProperty("--turn", v.current ? `var(--${v.current})` : "#888");
  const players = $("players");
  players.innerHTML = "";
  for (const p of v.players.length ? v.players : h.players) {
    const score = v.scores[p] || 0;
    const row = document.createElement("div");
    row.className = `player ${p}` + (p === v.current && v.phase !== "over" ? " turn" : "");
    row.dataset.player = p;
    const tag = h.humans.includes(p) ? "you" : "simulated";
    row.innerHTML = `<span class="arrow">▶</span><span class="dot"></span>` +
      `<span class="who">${p}<small>${tag}${v.winner === p ? " · winner 🏆" : ""}</small></span>` +
      `<span class="tokens">${"⭐".repeat(Math.min(score, 8))}<b class="score">${score}</b></span>`;
    players.appendChild(row);
  }
  const t = v.target;
  $("target").innerHTML = t
    ? `<span class="big-sym">${SYMBOL_EMOJI[t.symbol] || "❔"}</span><span><span class="target-name">${t.symbol}</span><br><span class="muted">on ${t.cell}</span></span>`
    : `<span class="muted">—</span>`;
  $("target").dataset.symbol = t ? t.symbol : "";
  document.querySelectorAll(".cell.target-cell").forEach((c) => c.classList.remove("target-cell"));
  if (t) { const c = $("board").querySelector(`[data-cell="${t.cell}"]`); if (c) c.classList.add("target-cell"); }
  const die = $("die");
  die.dataset.value = v.die || "";
  die.innerHTML = v.die ? PIPS[v.die].map((i) => `<span class="pip" style="grid-area:${Math.ceil(i / 3)}/${((i - 1) % 3) + 1}"></span>`).join("")
                        : `<span class="q">?</span>`;
  $("steps").textContent = stepsText(v);
  if (v.phase === "over" && !S.bannerShown) {
    S.bannerShown = true;
    const scores = Object.entries(v.scores).map(([p, s]) => `${p} ${s}`).join(" · ");
    $("banner-text").innerHTML = `🏆 ${cap(v.winner)} wins!<div class="banner-scores">${scores}</div>`;
    $("banner").hidden = false;
  }
}

// under the die: the step count as the board counts it (its instruction's roll and steps left, so
// the count and the prompt never disagree), else what the player on turn does; nothing after the game
function stepsText(v) {
  const s = said(), args = s && s.messages && s.messages[0] ? s.messages[0].args : {};
  if (v.phase === "over" || (s && s.action === "game_over")) return "";
  if (s && s.action === "move" && typeof args.roll === "number") return `step ${args.roll - args.left} of ${args.roll}`;
  if (s && s.action === "closing") return "move over";
  return v.current ? `${cap(v.current)} ${v.phase_text}` : "";
}
// the first-game guide: the tip for what the board asks now, when a person here is asked
const TIPS = {
  roll: "Press 🎲 Roll (or the R key). The cells your pawn may end on light up in your colour; the white one holds the symbol to find.",
  move: "Slide your pawn one cell at a time: arrow keys, click a neighbouring cell, or drag it. Hidden walls drop your ball; stop early with ✋ Done.",
  return: "Your ball fell at a hidden wall: press ✊ Lift pawn, click your start corner (🏠) to set it down, then click your ball in the tray to fish it out.",
};
function guideTip() {
  const s = said();
  if (s && S.hello && S.hello.humans.includes(s.player || (s.requests[0] || {}).by)) NOTICE.tip(s.action);
}
// whether a control of this page acts now, and why: [on, why] as the server computed it from the
// board's instruction and the colours this page plays (the view's controls: the same answer the
// server gives when it refuses a command); "roll", "done", "hand:red"...
function control(id) {
  const c = S.view && S.view.controls ? S.view.controls[id] : null;
  return c || [false, S.hello && S.hello.humans.length === 0 ? "every colour is simulated: this page only watches" : "waiting for the board"];
}
function drawControls() {
  if (!S.hello || !S.world) return;
  for (const id of ["roll", "done"]) {
    const [on, why] = control(id);
    $(id).disabled = !on;
    $(id).title = `${id === "roll" ? "Roll" : "Done"} (${id[0].toUpperCase()}): ${why}`;
  }
  const player = activeHuman(), me = player && S.world.pawns[player];
  const [on, why] = control(`hand:${player}`);
  const inHand = player !== null && planned(player) === null;
  $("lift").textContent = inHand ? "👇 Click a cell to place" : "✊ Lift pawn";
  $("lift").disabled = !on || inHand;
  $("lift").title = inHand ? "Your pawn is in your hand: click a cell to set it down" : `Lift pawn: ${why}`;
  $("fetch").disabled = !me || me.ball === "attached";
  $("fetch").title = !me ? control("roll")[1] : me.ball === "attached" ? "Fish ball out: your ball is on your pawn" : "Fish your ball out of the tray";
}

// -- the log --------------------------------------------------------------------------
const LOG_TEXT = {
  game_started: (e) => `A new game: ${e.players.join(", ")}. Find the symbols!`,
  target: (e) => `New target: ${sym(e.symbol)} on ${e.cell}`,
  turn_started: (e) => `${cap(e.player)}'s turn`,
  die_rolled: (e) => `${cap(e.player)} rolled ${e.value}`,
  step: (e) => `${cap(e.player)} ${e.from} → ${e.to} (step ${e.steps})`,
  warning: (e) => `⚠ ${cap(e.player)} ${WARNING_TEXT[e.kind] || e.kind}${e.cell ? " at " + e.cell : ""}`,
  ball_dropped: (e) => `💥 ${cap(e.player)}'s ball dropped${e.edge ? ": a wall at " + e.edge : ""}`,
  wall_learned: (e) => `🧱 Wall found between ${e.edge.replace("-", " and ")}`,
  symbol_collected: (e) => `⭐ ${cap(e.player)} found ${sym(e.symbol)} (${e.score} token${e.score === 1 ? "" : "s"})`,
  turn_ended: (e) => `${cap(e.player)}'s turn ends: ${REASON_TEXT[e.reason] || e.reason}`,
  returned_to_start: (e) => `${cap(e.player)} is back at the start with the ball`,
  game_over: (e) => `🏆 ${cap(e.winner)} wins (${Object.entries(e.scores).map(([p, s]) => `${p} ${s}`).join(", ")})`,
};
function addLog(ev) {
  if (ev.type === "instruction") return; // shown as the prompt, not in the log
  const text = (LOG_TEXT[ev.type] || ((e) => `${e.type}`))(ev);
  const li = document.createElement("li");
  li.className = ev.type + (["symbol_collected", "game_over", "wall_learned"].includes(ev.type) ? " big" : "");
  li.dataset.type = ev.type;
  const who = ev.player || ev.winner;
  if (who) li.style.setProperty("--pc", `var(--${who})`);
  const secs = (ev.t / 1000).toFixed(1);
  li.innerHTML = `<span class="t">${secs}s</span><span class="pdot"></span><span class="text"></span>`;
  li.querySelector(".text").textContent = text;
  const log = $("log");
  log.prepend(li);
  while (log.children.length > 300) log.lastChild.remove();
}

// -- hands ------------------------------------------------------------------------------
function showError(text) {
  const e = $("error");
  e.textContent = text;
  clearTimeout(S.errorTimer);
  S.errorTimer = setTimeout(() => { e.textContent = ""; }, 4000);
}
function mine() { return S.hello && S.hello.humans.length > 0; }
function activeHuman() {
  if (!mine()) return null;
  return S.hello.humans.includes(S.selected) ? S.selected : S.hello.humans[0];
}
function planned(player) { const h = S.world.hands[player]; return h ? h.cell : null; }
function slideTo(player, cell) {
  send({ type: "slide", player, to: cell });
  S.world.hands[player] = { cell, busy: true }; // where the hand is heading; the server confirms
}
function cellClicked(cell) {
  const player = activeHuman();
  if (!player) { showError("every colour is simulated: this page only watches"); return; }
  const here = planned(player);
  if (here === null) { send({ type: "place", player, cell }); S.world.hands[player] = { cell, busy: true }; return; }
  if (cell === here) return;
  const other = Object.entries(S.world.pawns).find(([p, v]) => v.cell === cell && S.hello.humans.includes(p));
  if (other && !adjacent(here, cell)) { pawnClicked(other[0]); return; }
  if (adjacent(here, cell)) slideTo(player, cell);
  else showError(`${cell} is not next to ${here}: slide one cell at a time (lift the pawn to jump)`);
}
function pawnClicked(player) { S.selected = player; drawPawns(); drawControls(); }
function dropped(player, cell) {
  if (!S.hello.humans.includes(player)) return;
  S.selected = player;
  const here = planned(player);
  if (here === null) { send({ type: "place", player, cell }); return; }
  if (here === cell) return;
  if (adjacent(here, cell)) { slideTo(player, cell); return; }
  send({ type: "lift", player }); // a jump: the pawn leaves the board and lands elsewhere
  send({ type: "place", player, cell });
  S.world.hands[player] = { cell, busy: true };
}
function fetchBall(player) {
  if (!S.hello.humans.includes(player)) { showError(`that is ${player}'s ball: a simulated player fetches it`); return; }
  send({ type: "fetch-ball", player });
}
function arrow(dir) {
  const player = activeHuman();
  if (!player) return;
  const here = planned(player);
  if (here === null) { showError("your pawn is in your hand: click a cell to set it down"); return; }
  const [f, r] = coords(here), to = cellAt(f + dir[0], r + dir[1]);
  if (to) slideTo(player, to);
}

function press(button) {
  const [on, why] = control(button);
  if (!on) { showError(`${cap(button)}: ${why}`); return; }
  send({ type: "press", button });
}

function wire() {
  $("roll").addEventListener("click", () => press("roll"));
  $("done").addEventListener("click", () => press("done"));
  $("lift").addEventListener("click", () => {
    const player = activeHuman();
    if (!player) return;
    if (planned(player) === null) { showError("click a cell to set the pawn down"); return; }
    send({ type: "lift", player });
    S.world.hands[player] = { cell: null, busy: true };
  });
  $("fetch").addEventListener("click", () => { const p = activeHuman(); if (p) fetchBall(p); });
  $("reveal").addEventListener("change", (e) => send({ type: "reveal", on: e.target.checked }));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, dialog")) return;
    if (KEY_DIR[e.key]) { e.preventDefault(); arrow(KEY_DIR[e.key]); }
    else if (e.key === "r" || e.key === "R") press("roll");
    else if (e.key === "d" || e.key === "D") press("done");
  });
  const openNew = () => {
    const h = S.hello;
    $("ng-players").value = String(h ? h.players.length : 2);
    fillHumans();
    $("new-dialog").showModal();
  };
  const fillHumans = () => {
    const n = parseInt($("ng-players").value, 10), h = S.hello;
    $("ng-humans").innerHTML = (h ? h.colours : ["red", "blue", "green", "yellow"]).slice(0, n).map((c) =>
      `<label class="${c}"><input type="checkbox" name="humans" value="${c}" ${h && h.humans.includes(c) ? "checked" : ""}> ${c}</label>`).join("");
  };
  $("ng-players").addEventListener("change", fillHumans);
  $("new-game").addEventListener("click", openNew);
  $("banner-new").addEventListener("click", () => { $("banner").hidden = true; openNew(); });
  $("banner-close").addEventListener("click", () => { $("banner").hidden = true; });
  $("new-dialog").addEventListener("close", () => {
    if ($("new-dialog").returnValue !== "start") return;
    const humans = [...document.querySelectorAll("#ng-humans input:checked")].map((i) => i.value);
    const seedText = $("ng-seed").value.trim();
    send({ type: "new_game", players: parseInt($("ng-players").value, 10), maze: $("ng-maze").value,
           humans, seed: seedText === "" ? null : parseInt(seedText, 10) });
  });
  $("help-button").addEventListener("click", () => $("help").showModal());
}

wire();
NOTICE.guide("magic-labyrinth", TIPS);
connect();

// the page's language arrived (i18n.js): say the prompt in it
I18N.ready(() => { if (S.view && S.hello) drawInfo(); });

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
// words the page builds are said through I18N.t (i18n.js): ids and English as plain literals
const WARNING_TEXT = {
  out_of_turn: () => I18N.t("page.magic.warn_out_of_turn", "moved out of turn"),
  moved_before_roll: () => I18N.t("page.magic.warn_before_roll", "moved before rolling"),
  overstep: () => I18N.t("page.magic.warn_overstep", "moved too far"),
  occupied: () => I18N.t("page.magic.warn_occupied", "cannot end on a taken cell"),
  jump: () => I18N.t("page.magic.warn_jump", "jumped instead of sliding"),
  // the cell said in the words (newcomer 16: "⚠ Red went back to a cell at a1" left open whether it broke a rule)
  revisit: (e) => I18N.t("page.magic.warn_revisit_at", "stepped back onto {cell}, a cell passed already in this move: the step counts, but the rules forbid going back (no probing for walls)", { cell: e.cell || "?" }),
};
const WARNING_SAYS_CELL = new Set(["revisit"]);
const REASON_TEXT = {
  steps_used: () => I18N.t("page.magic.end_steps_used", "all steps used"),
  done: () => I18N.t("page.magic.end_done", "Done pressed"),
  // (the move clock ran out: Magic newcomer 27 read "the pawn rested" and did not know the time was up)
  settled: () => I18N.t("page.magic.end_settled", "the move's time ran out"),
  ball_dropped: () => I18N.t("page.magic.end_ball_dropped", "the ball dropped"),
  symbol_collected: () => I18N.t("page.magic.end_symbol", "the symbol was found"),
};
// where a pawn's centre stands in its cell (fractions of the cell from the top left)
const PAWN_AT = [0.74, 0.70];
// pawns sharing a cell: the first one's centre across, and how far the last one stands right of it
const PAWN_SHARED = [0.58, 0.24];
const KEY_DIR = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

const $ = (id) => document.getElementById(id);
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : "");
const WATCH = () => I18N.t("page.magic.watching", "every colour is simulated: this page only watches");
// a symbol as a person reads it: "crystal ball", not the id "crystal-ball" (it looked like a code name)
// a symbol's name as the page says it: in its language (symbol.owl), in English its id's words ("crystal ball")
const symLabel = (name) => I18N.valueWord(String(name)) || String(name).replace(/-/g, " ");
const sym = (name) => `${SYMBOL_EMOJI[name] || "❔"} ${symLabel(name)}`;

const S = { screens: 1, // board pages open on this game (the server's `screens` message)
  ws: null, hello: null, view: null, world: null, pixels: [], walls: null,
  selected: null, msgId: 0, answered: 0, errorTimer: null, bannerShown: false,
  recentSteps: [], // the last few step events, newest first (to say where a ball fell)
  fellAt: {}, // player -> the cell its pawn stood on when its last ball fell (null: not known)
  crossed: {}, // player -> the hidden wall its last ball drop crossed ("a1-b1", the ball_dropped event's edge)
  drawnAt: null, // the cell of the target just drawn, until a step: a symbol found there was drawn under a pawn
  clock: { game: 0, local: 0 }, // the game's clock (ms) as last heard, and when (performance.now())
  moveClock: null, // the seconds a person's move's countdown gives, as the board last said them (clockSeconds)
  fetchWhenBack: null, // the player whose Fish ball out waits for the pawn on its corner (fetchBall)
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
  setConn("connecting", connWords("connecting"));
  // open is not yet connected: the badge says so once the board's first view (its hello) is here,
  // never over a prompt still saying "Connecting to the board…" (issue 15)
  ws.onclose = () => {
    setConn("closed", connWords("closed"));
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
// the badge's words for its state in the page's language (said again once a late catalogue comes)
function connWords(state) {
  return state === "open" ? I18N.t("page.magic.live", "connected")
    : state === "connecting" ? I18N.t("page.magic.connecting", "connecting…")
      : state === "closed" ? I18N.t("page.magic.disconnected", "disconnected: retrying…") : null;
}
function send(msg) {
  if (!S.ws || S.ws.readyState !== WebSocket.OPEN) { showError(I18N.t("page.magic.not_connected", "not connected to the board")); return; }
  msg.id = ++S.msgId;
  S.ws.send(JSON.stringify(msg));
  NOTICE.shownAt = 0; // acted on: a refusal shown before goes with the request it answered (notice.js graceLeft)
  NOTICE.acted(msg); // ...and the tips shown so far are seen (notice.js gameOver)
}
// every command is answered (ok or error) in the order sent; until the last one is, a world
// message may predate a command this page sent: the page keeps where it sent its hands
function answered(id) { if (typeof id === "number" && id > S.answered) S.answered = id; }
function settled() { return S.answered >= S.msgId; }

// a person here rolled (this game): from then on the prompt keeps its move's room on a phone (drawPrompt)
function rolledHere(ev, hello) { return ev.type === "die_rolled" && !!hello && hello.humans.includes(ev.player); }
const HANDLERS = {
  // how many board pages are open on this game (server.py _tell_screens): a whole number, else ignored
  screens(msg) {
    if (!Number.isInteger(msg.screens) || msg.screens < 1 || msg.screens > 10000) return;
    S.screens = msg.screens;
    drawGameInfo();
  },
  // the first-game tips read at this table, on this screen or another (server.py _tips_read)
  tips_read(msg) { NOTICE.tipsRead(msg); },
  hello(msg) {
    setConn("open", connWords("open"));
    NOTICE.hello(msg);
    const wasView = S.view;
    if (S.restarting) { S.restarting = false; clearTimeout(S.errorTimer); $("error").textContent = ""; }
    if (NOTICE.request(msg.view.instruction, msg.humans)) clearError();
    S.hello = msg; S.view = msg.view; S.world = msg.world; S.pixels = msg.frame.pixels; S.walls = msg.walls;
    S.answered = S.msgId; // a new connection: the server's world is all there is
    heard(msg.frame.t);
    // a game that ended while this page was away (its connection broken, not a new game) is told as one ending
    // now (Magic newcomer 31's wide screen came back after the end with no "wins!"); a page opened on it too
    S.bannerShown = NOTICE.winToldBefore(msg.view, wasView);
    $("reveal").checked = msg.walls !== null;
    buildBoard();
    $("log").innerHTML = "";
    S.crossed = {}; S.fellAt = {}; S.recentSteps = []; S.news = null; S.lastFind = null;
    S.rolledHere = msg.log.some((ev) => rolledHere(ev, msg));
    S.heardT = msg.frame.t; // the log's times of day count back from it (I18N.clock)
    for (const ev of msg.log) addLog(ev);
    drawAll();
  },
  event(msg) {
    if (NOTICE.request(msg.view.instruction, S.hello && S.hello.humans)) clearError(); // a refusal of the request before goes (notice.js)
    S.view = msg.view;
    heard(msg.event.t);
    NOTICE.heard(msg.event.t);
    S.heardT = msg.event.t;
    addLog(msg.event);
    if (msg.event.type === "turn_ended") S.turnEnded = { player: msg.event.player, reason: msg.event.reason, at: performance.now() };
    if (msg.event.type === "symbol_collected" && msg.view.phase !== "over") news(msg.event);
    if (msg.event.type === "turn_started" && S.hello.humans.includes(msg.event.player)) S.selected = msg.event.player;
    if (rolledHere(msg.event, S.hello)) S.rolledHere = true;
    if (msg.event.type === "die_rolled") { const d = $("die"); d.classList.remove("rolled"); void d.offsetWidth; d.classList.add("rolled"); }
    drawAll();
    fetchWhenBack();
  },
  frame(msg) { S.pixels = msg.pixels; heard(msg.t); drawLeds(); },
  world(msg) {
    if (!settled() && S.world) msg.world.hands = S.world.hands; // not yet seen by the server: keep the plan
    S.world = msg.world; drawPawns(); drawTray(); drawControls(); if (S.view) { drawPrompt(); drawRecoveryMarks(); guideTip(); }
    fetchWhenBack();
  },
  walls(msg) { S.walls = msg.walls; drawWalls(); },
  ok(msg) { answered(msg.id); },
  error(msg) { answered(msg.id); showError(msg.message); },
  restarting() { NOTICE.gameOver(); S.restarting = true; S.turnEnded = null; showError(I18N.t("page.magic.restarting", "starting a new game…")); $("banner").hidden = true; },
};

// -- drawing ----------------------------------------------------------------------
// the header's line: the seed, the maze, the walls counted (Magic newcomer 32: "easy maze" said nothing of the six
// walls met near the start), the players; and a second screen open on the game (Magic newcomers 46, 48, 49: both
// pages said "Red you", nothing said which counted; S.screens: the server's `screens` message)
// (the maze's name in the page's language: a German header said "Labyrinth easy")
const MAZE_WORD = { easy: () => I18N.t("page.magic.maze_word_easy", "easy"), hard: () => I18N.t("page.magic.maze_word_hard", "hard") };
function drawGameInfo() {
  const h = S.hello;
  if (!h) return;
  const maze = MAZE_WORD[h.maze] ? MAZE_WORD[h.maze]() : h.maze;
  const game = typeof h.wall_count === "number"
    ? I18N.t("page.magic.game_info_walls", "seed {seed} · {maze} maze, {walls} walls · {n} players",
             { seed: h.seed, maze, walls: h.wall_count, n: h.players.length })
    : I18N.t("page.magic.game_info", "seed {seed} · {maze} maze · {n} players", { seed: h.seed, maze, n: h.players.length });
  const screens = S.screens === 2 ? I18N.t("page.magic.game_info_screens", " · open on {n} screens: a move on either counts", { n: S.screens })
    : S.screens > 2 ? I18N.t("page.magic.game_info_screens_many", " · open on {n} screens: a move on any of them counts", { n: S.screens })
      : "";
  // on a phone the screens alone, on one line (board.css): the header never grows as a second screen opens (Magic
  // newcomer 75: the board moved 60 px down under a finger tapping by position); the game's line in its title
  const phone = NOTICE.phone() && screens;
  $("game-info").textContent = phone ? screens.replace(/^\s*·\s*/, "") : game + screens;
  $("game-info").title = phone ? game : "";
  S.infoPhone = NOTICE.phone();
}
// (again where the page crosses the phone's width: the line's two forms)
window.addEventListener("resize", () => { if (S.hello && S.infoPhone !== NOTICE.phone()) drawGameInfo(); });
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
        (name ? `<div class="sym">${SYMBOL_EMOJI[name] || "❔"}</div><div class="name">${symLabel(name)}</div>`
              : (corners.has(cell) ? `<div class="sym">🏠</div>` : ""));
      div.addEventListener("click", () => cellClicked(cell));
      // a drag begun anywhere on a cell holding this page's pawn moves the pawn, with a finger or a mouse (Magic
      // newcomer 16 dragged from the cell's middle to the start corner with a mouse: nothing moved, nothing said);
      // a mouse on the pawn itself makes the HTML drag (pawnDiv)
      div.addEventListener("pointerdown", (e) => {
        const mine = Object.keys(S.world ? S.world.pawns : {}).filter((p) => S.world.pawns[p].cell === cell && S.hello.humans.includes(p));
        if (e.target.closest(".pawn") || (e.pointerType === "mouse" && e.button !== 0)) return;
        if (mine.length) { S.pointerDrag = { player: mine.includes(S.selected) ? S.selected : mine[0], x: e.clientX, y: e.clientY }; S.dragPath = []; }
        // another's pawn there: a drag of it is answered as a click on it is, whose it is (Magic newcomer 105 dragged
        // Blue's pawn on a phone: nothing said, the page scrolled; board.css .holds-theirs)
        else if (theirsOn(cell)) S.pointerDrag = { theirs: theirsOn(cell), x: e.clientX, y: e.clientY };
      });
      div.addEventListener("dragover", (e) => { e.preventDefault(); div.classList.add("drop-ok"); passed(cell); });
      div.addEventListener("dragleave", () => div.classList.remove("drop-ok"));
      div.addEventListener("drop", (e) => { e.preventDefault(); div.classList.remove("drop-ok"); dropped(e.dataTransfer.getData("text/plain"), cell); });
      board.appendChild(div);
    }
  }
  $("ranks").innerHTML = Array.from({ length: h.ranks }, (_, i) => `<div>${h.ranks - i}</div>`).join("");
  $("files").innerHTML = Array.from({ length: h.files }, (_, i) => `<div>${String.fromCharCode(97 + i)}</div>`).join("");
  drawGameInfo();
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
// whose turn: the LED under the pawn that moves (controller/magic/instructions.py scene), drawn as that LED's
// glow round the pawn's foot, never as a frame round the cell (Magic newcomers 25, 33, 46, 47 read the lit start
// corner, a frame, a glowing 🏠, "Red's turn" by it, as "go back here" with the pawn elsewhere)
function turnCell() {
  const s = said(), v = S.view;
  // (a request elsewhere, another pawn knocked, leaves the turn light lit: drawn as such too, never as a framed
  // cell, as the scene lights it: an attack)
  if (!s || !v || !v.current || !["roll", "move", "closing"].includes(s.action)) return null;
  const pawn = S.world && S.world.pawns[v.current];
  return pawn && pawn.cell ? pawn.cell : null;
}
function drawLeds() {
  if (!S.hello) return;
  const turn = turnCell();
  for (const div of $("board").querySelectorAll(".cell")) {
    const cell = div.dataset.cell, hex = S.pixels[S.hello.layout[cell]] || "#000000";
    div.dataset.led = hex;
    div.classList.toggle("lit", hex !== "#000000");
    div.classList.toggle("turn-cell", cell === turn && hex !== "#000000");
    div.style.setProperty("--glow", glow(hex));
    div.style.setProperty("--frame", NOTICE.fullHue(hex)); // the frame bright in the LED's hue (Magic newcomer 49)
    div.title = I18N.t("page.magic.cell_title", "{cell}{name} · LED {hex}",
                       { cell, name: S.hello.symbols[cell] ? " " + symLabel(S.hello.symbols[cell]) : "", hex });
  }
  reachColour();
}
// the reachable target's frame in the lit cells' own colour, their LED's full hue (--frame): Magic newcomer 71 read the
// turn's softer red beside them as "a red tint", not a frame in the mover's colour; the turn's colour before any is lit
function reachColour() {
  const target = $("board").querySelector(".cell.target-reach");
  if (!target) return;
  const lit = $("board").querySelector(".cell.lit:not(.target-cell):not(.turn-cell)");
  const frame = lit ? lit.style.getPropertyValue("--frame") : "";
  if (frame) target.style.setProperty("--reach-colour", frame); else target.style.removeProperty("--reach-colour");
}

// each lit cell's fewest steps from the pawn, written on it (the instruction's steps: controller/magic/instructions.py
// lit_steps), of a move made on this page only: Magic newcomers 77, 79 and 85 read a cell lit beside a wall found,
// reached round it, as one step across the wall
function drawSteps(over) {
  const s = said(), mine = !over && s && s.action === "move" && S.hello.humans.includes(s.player);
  const steps = mine && s.steps && typeof s.steps === "object" ? s.steps : {};
  for (const div of $("board").querySelectorAll(".cell")) {
    const n = steps[div.dataset.cell];
    let tag = div.querySelector(".steps");
    if (!Number.isInteger(n) || n < 1 || n > 6) { if (tag) tag.remove(); continue; }
    if (!tag) { tag = document.createElement("span"); tag.className = "steps"; div.appendChild(tag); }
    tag.textContent = String(n);
    tag.title = n === 1 ? I18N.t("page.magic.steps_one", "1 step from your pawn")
      : I18N.t("page.magic.steps_many", "{n} steps from your pawn, the fewest (round the walls found)", { n });
  }
}
function wallDiv(edge, cls) {
  const [a, b] = edge.split("-");
  const [fa, ra] = coords(a), [fb, rb] = coords(b);
  const d = document.createElement("div");
  d.className = `wall ${cls}`;
  d.dataset.edge = edge;
  // the bar's thickness is the stylesheet's (--wall-t, board.css), which keeps the cells' names clear of it
  const cw = 100 / S.hello.files, ch = 100 / S.hello.ranks, t = "var(--wall-t)";
  if (ra === rb) { // side by side: a vertical bar
    const [x, y] = pct(Math.max(fa, fb), ra);
    Object.assign(d.style, { left: `calc(${x}% - ${t} / 2)`, top: `${y}%`, width: t, height: `${ch}%` });
  } else { // one above the other: a horizontal bar
    const [x, y] = pct(fa, Math.max(ra, rb));
    Object.assign(d.style, { left: `${x}%`, top: `calc(${y + ch}% - ${t} / 2)`, width: `${cw}%`, height: t });
  }
  return d;
}
function drawWalls() {
  if (!S.hello) return;
  const board = $("board");
  board.querySelectorAll(".wall").forEach((w) => w.remove());
  for (const e of S.walls || []) board.appendChild(wallDiv(e, "revealed"));
  for (const e of S.view.walls_learned) board.appendChild(wallDiv(e, "learned"));
  drawRecoveryMarks();
}
// through a ball drop's recovery the pawn is drawn where the hand put it (past the wall: the reed
// switches' truth); the picture says why: the wall crossed, a red bar on the edge between the two
// cells, and the cell the pawn goes back to, a dashed ring "↩ back to a1" (until the pawn is on it);
// both go when the recovery ends (the instruction no longer "return")
function drawRecoveryMarks() {
  const board = $("board"), s = said();
  board.querySelectorAll(".back-here, .wall.crossed").forEach((m) => m.remove());
  const args = s && s.action === "return" && s.messages && s.messages[0] ? s.messages[0].args : null;
  const who = args && args.returner, edge = who && S.crossed[who];
  if (!who) return;
  if (edge && /^[a-z]\d+-[a-z]\d+$/.test(edge)) {
    const bar = wallDiv(edge, "crossed");
    bar.title = I18N.t("page.magic.wall_crossed", "the hidden wall {Player}'s pawn crossed: the ball fell here", { player: who });
    board.appendChild(bar);
  }
  const corner = args.corner, pawn = S.world && S.world.pawns[who];
  if (typeof corner !== "string" || !/^[a-z]\d+$/.test(corner) || (pawn && pawn.cell === corner)) return;
  const [f, r] = coords(corner), [x, y] = pct(f, r);
  const ring = document.createElement("div");
  ring.className = `back-here ${who}`;
  ring.dataset.cell = corner;
  Object.assign(ring.style, { left: `${x}%`, top: `${y}%`, width: `${100 / S.hello.files}%`, height: `${100 / S.hello.ranks}%` });
  const label = document.createElement("span");
  // (the cell named: on a phone a start corner draws no name, and the prompt says "tap a1"; Magic newcomer 52)
  label.textContent = I18N.t("page.magic.back_to_cell", "↩ back to {cell}", { cell: corner });
  ring.title = I18N.t("page.magic.back_here_title", "{Player}'s pawn goes back here, its start corner", { player: who });
  ring.appendChild(label);
  board.appendChild(ring);
}

// the start corner `player`'s pawn goes back to now (a ball drop's recovery: the instruction's returner), or null
function goingBack(player) {
  const s = said(), args = s && s.action === "return" && s.messages && s.messages[0] ? s.messages[0].args : null;
  return args && args.returner === player && typeof args.corner === "string" ? args.corner : null;
}
function pawnDiv(player) {
  const p = S.world.pawns[player], mine = S.hello.humans.includes(player);
  const d = document.createElement("div");
  d.className = `pawn ${player}` + (mine ? " mine" : "") + (player === S.selected ? " selected" : "") +
    (player === S.view.current && S.view.phase !== "over" ? " turn" : "");
  d.dataset.player = player;
  d.title = I18N.t("page.magic.pawn_title", "{Player}{you}{ball}", { player,
    you: mine ? I18N.t("page.magic.you_paren", " (you)") : "", ball: p.ball === "attached" ? "" : I18N.t("page.magic.no_ball", " — no ball") });
  // a pawn whose ball fell, not yet back on its corner: drawn where the reeds feel it (past the wall, often), faded
  // with a dashed ring: its move is over (Magic newcomers 48, 54 and 57 saw it on the cell past the wall the prompt
  // named and thought it had got through)
  const back = goingBack(player);
  d.classList.toggle("going-back", !!back && p.cell !== back);
  if (back && p.cell !== back) d.title += " · " + I18N.t("page.magic.pawn_going_back", "its move is over: it goes back to {corner}", { corner: back });
  d.innerHTML = `<div class="body">🧙</div>` + (p.ball === "attached" ? `<div class="ball"></div>` : "");
  if (mine) {
    d.draggable = true;
    d.addEventListener("dragstart", (e) => { e.dataTransfer.setData("text/plain", player); S.selected = player; S.dragPath = []; });
    // a finger (or pen) drags too: a touch screen starts no HTML drag from a short press (round 26: a drag of
    // the pawn on a phone did nothing); the cell under the finger where it lifts takes the drop, as a mouse's
    d.addEventListener("pointerdown", (e) => { if (e.pointerType !== "mouse") { S.pointerDrag = { player, x: e.clientX, y: e.clientY }; S.dragPath = []; } });
    d.addEventListener("click", (e) => { e.stopPropagation(); pawnClicked(player); });
  } else if (p.cell) { // another's pawn: a click on it is a click on its cell (a step there, or whose pawn it is)
    d.addEventListener("click", (e) => { e.stopPropagation(); cellClicked(p.cell); });
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
  for (const div of board.querySelectorAll(".cell")) {
    div.classList.toggle("occupied", div.dataset.cell in byCell);
    div.classList.toggle("pawns-two", (byCell[div.dataset.cell] || []).length > 1); // (a phone hides its name: board.css)
    // a cell holding a pawn of this page's: a finger that comes down anywhere on it drags the pawn (board.css:
    // it does not scroll the page; round 11: a drag begun on the cell beside the small pawn scrolled instead)
    div.classList.toggle("holds-mine", (byCell[div.dataset.cell] || []).some((p) => S.hello.humans.includes(p)));
    div.classList.toggle("holds-theirs", (byCell[div.dataset.cell] || []).some((p) => !S.hello.humans.includes(p)));
  }
  for (const [cell, players] of Object.entries(byCell)) {
    const [f, r] = coords(cell), [x, y] = pct(f, r);
    const n = players.length;
    players.forEach((player, i) => {
      // lower right of the cell (PAWN_AT), clear of the symbol's name above and the symbol stepping left;
      // pawns sharing a cell (one passing over another) stand smaller side by side at the same height,
      // never stepping up over the name (board.css .pawn.shared)
      const d = pawnDiv(player), [fx, fy] = n > 1 ? [PAWN_SHARED[0] + PAWN_SHARED[1] * i / (n - 1), PAWN_AT[1]] : PAWN_AT;
      const half = n > 1 ? ".17" : ".2";
      d.classList.toggle("shared", n > 1);
      d.style.left = `calc(${x + (100 / S.hello.files) * fx}% - var(--cell) * ${half})`;
      d.style.top = `calc(${y + (100 / S.hello.ranks) * fy}% - var(--cell) * ${half})`;
      board.appendChild(d);
    });
  }
  const lifted = [];
  for (const [player, p] of Object.entries(S.world.pawns)) {
    if (!p.cell) {
      const d = pawnDiv(player), mine = S.hello.humans.includes(player);
      lifted.push(player);
      d.addEventListener("click", () => {
        if (!mine) { showError(I18N.t("page.magic.lifted_simulated", "{Player}'s pawn: {Player} (a simulated player) sets it down", { player })); return; }
        S.selected = player; showError(I18N.t("page.magic.set_down_who", "click a cell to set {player}'s pawn down", { player }));
      });
      hand.appendChild(d);
    }
  }
  // the hand's box only while a pawn is in it ("In your hand: nothing" read as a box meant to hold something), named
  // for whose hand it is (Magic newcomer 40 saw Blue's pawn "In your hand" during Blue's return)
  hand.closest(".hand-box").hidden = !hand.children.length;
  $("hand-label").textContent = lifted.every((p) => S.hello.humans.includes(p)) ? I18N.t("page.magic.in_your_hand", "In your hand")
    : lifted.length === 1 ? I18N.t("page.magic.in_hand_of", "In {Player}'s hand", { player: lifted[0] })
      : I18N.t("page.magic.lifted_off", "Lifted off the board");
}

function buildTray() {
  const tray = $("tray");
  tray.innerHTML = "";
  for (const s of S.hello.tray) {
    const d = document.createElement("div");
    const where = s.replace("tray-", "");
    d.className = `pocket ${where}`;
    d.dataset.sensor = s;
    d.innerHTML = `<span class="where"></span>`; // in the words of the phone's strip (round 6 saw "NW" here)
    d.querySelector(".where").textContent = TRAY_POCKET[s] ? TRAY_POCKET[s]() : where.toUpperCase();
    d.addEventListener("click", (e) => { if (!e.target.closest(".tray-ball")) pocketClicked(s); });
    tray.appendChild(d);
  }
}
// a ball's title in the tray: a simulated player's says who fetches it, as its tap does (attack 16: it said
// "click to put it back" and the click was refused)
function ballTitle(player) {
  return S.hello.humans.includes(player)
    ? I18N.t("page.magic.ball_title", "{Player}'s ball: click to put it back under the pawn", { player })
    : I18N.t("page.magic.not_your_ball", "that is {player}'s ball: a simulated player fetches it", { player });
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
      b.title = ballTitle(player);
      b.addEventListener("click", () => fetchBall(player));
      pocket.appendChild(b);
    }
  }
  for (const [player, p] of Object.entries(S.world.pawns)) {
    if (p.ball === "rolling") {
      const b = document.createElement("div");
      b.className = `tray-ball rolling ${player}`;
      b.title = I18N.t("page.magic.ball_rolling", "{Player}'s ball is rolling", { player });
      tray.appendChild(b);
    }
  }
  drawTrayStrip();
}
// a click anywhere in a tray corner (its label, its frame) acts as a click on the ball in it (round 26: a
// click on the framed corner did nothing, silently); a corner with no ball says where the balls are, unless one ball
// alone of this page's colours is out
function pocketClicked(sensor) {
  const here = (S.world && S.world.tray[sensor]) || [];
  if (here.length) { fetchBall(here.find((p) => S.hello.humans.includes(p)) || here[0]); return; }
  const out = Object.entries((S.world && S.world.tray) || {}).filter(([, ps]) => ps.length);
  if (!out.length) { showError(I18N.t("page.magic.pocket_none", "no ball is in the tray")); return; }
  // the one ball out of a colour played here: the click anywhere in the tray means it (Magic newcomer 47 clicked the
  // corner where the ball lay the time before; it had rolled into another)
  const mine = [...new Set(out.flatMap(([, ps]) => ps).filter((p) => S.hello.humans.includes(p)))];
  if (mine.length === 1) { fetchBall(mine[0]); return; }
  const [where, ps] = out[0];
  showError(I18N.t("page.magic.pocket_empty", "no ball in this corner: {Player}'s ball is {where}",
                   { player: ps[0], where: TRAY_CORNER[where] ? TRAY_CORNER[where]() : where }));
}
// the tray's corners in words (the phone's strip has no picture of the tray to name NW..SE on)
const TRAY_CORNER = {
  "tray-nw": () => I18N.t("page.magic.tray_nw", "in the top-left corner"),
  "tray-ne": () => I18N.t("page.magic.tray_ne", "in the top-right corner"),
  "tray-sw": () => I18N.t("page.magic.tray_sw", "in the bottom-left corner"),
  "tray-se": () => I18N.t("page.magic.tray_se", "in the bottom-right corner"),
};
// ...and as the tray's picture labels its pockets
const TRAY_POCKET = {
  "tray-nw": () => I18N.t("page.magic.pocket_nw", "top left"),
  "tray-ne": () => I18N.t("page.magic.pocket_ne", "top right"),
  "tray-sw": () => I18N.t("page.magic.pocket_sw", "bottom left"),
  "tray-se": () => I18N.t("page.magic.pocket_se", "bottom right"),
};
// the tray's state in a line beside Fish ball out (shown on a phone, where the tray itself is a screen
// further down): each ball out with its pocket (click yours to put it back), one still falling, or none
function drawTrayStrip() {
  const strip = $("tray-strip"), balls = strip.querySelector(".strip-balls");
  balls.replaceChildren();
  const ball = (player, cls, title) => {
    const b = document.createElement("span");
    b.className = `tray-ball strip-ball ${cls} ${player}`;
    b.dataset.player = player;
    b.title = title;
    return b;
  };
  for (const [sensor, players] of Object.entries(S.world.tray)) {
    for (const player of players) {
      const b = ball(player, "", ballTitle(player));
      b.addEventListener("click", () => fetchBall(player));
      const where = document.createElement("span");
      where.className = "where";
      const corner = TRAY_CORNER[sensor] ? TRAY_CORNER[sensor]() : sensor.replace("tray-", "").toUpperCase();
      const pocket = TRAY_POCKET[sensor] ? TRAY_POCKET[sensor]() : corner;
      // a ball of this page's: the tray's explanation in a short form, in the strip's height (round 26: the
      // phone said only "in the bottom-right corner", the wide tray how a ball gets there and out)
      // ... and before it may be fished out, what comes first (round 27: "tap it to fish it out" right after the
      // drop, and the tap refused: the pawn goes back to its corner first)
      // (another player's ball: whose, and the corner the tray's, Magic newcomer 34 read "in the bottom-right corner"
      // beside Blue's ball as the board's, Blue's start corner being top right)
      where.textContent = !S.hello.humans.includes(player)
        ? I18N.t("page.magic.tray_ball_of", "{Player}'s ball: {corner} of the tray", { player, corner })
        : control(`fetch:${player}`)[0]
        ? I18N.t("page.magic.tray_mine_tap", "In the tray: tap it to fish it out")
        : I18N.t("page.magic.tray_mine_later_tap", "In the tray: tap it once your pawn is back on 🏠");
      // (the own ball's corner only in the words' title: Magic newcomer 16 read "Bottom right: tap it …" and looked
      // for a bottom right on the phone; the picture beside it shows the corner)
      // (said short, the pocket as the tray labels it and the start corner as the board marks it, in three
      // lines: "rolled in the bottom-right corner: ... on its start corner" took five, and the strip shrank
      // as the pawn went home; CI, round 27)
      where.title = S.hello.humans.includes(player) ? `${pocket}: ${where.textContent}` : where.textContent;
      // the words beside the own ball take its tap too (round 11: the 22 px ball alone was fiddly for a finger)
      if (S.hello.humans.includes(player)) { where.classList.add("mine"); where.addEventListener("click", () => fetchBall(player)); }
      // the ball drawn in its corner of a small picture of the tray, which the words' corner points at
      // (Magic newcomer 14: "rolled to the top right" beside a lone ball pointed nowhere on a phone)
      const tray = document.createElement("span");
      tray.className = `mini-tray ${sensor.replace("tray-", "")}`;
      tray.title = corner;
      tray.append(b);
      tray.addEventListener("click", (e) => { if (e.target === tray) fetchBall(player); }); // its frame too
      balls.append(tray, where);
    }
  }
  for (const [player, p] of Object.entries(S.world.pawns)) {
    if (p.ball === "rolling") balls.append(ball(player, "falling", I18N.t("page.magic.ball_rolling", "{Player}'s ball is rolling", { player })));
  }
  strip.classList.toggle("sensing", balls.children.length > 0);
  if (!balls.children.length) {
    const none = document.createElement("span");
    none.className = "muted";
    none.textContent = I18N.t("page.magic.tray_none", "no ball out");
    balls.append(none);
  }
}

// the move's countdown, said in the prompt itself (under the buttons a slow reader missed it and lost
// the rest of the roll): for a person's move on this page, from the roll on -- before the first step
// what the clock will do, after it the seconds left (the settle timer: the instruction's `until`)
function countdownText(left) {
  // (each step starts the clock again: Magic newcomers 41-43 read "The move ends in 20 s" after each step as one
  // clock for the whole move, set back)
  return I18N.t("page.magic.countdown_step", "⏳ {left} s for a step to a lit cell, or the move ends (or Done).", { left });
}
// the seconds the move's countdown gives (the instruction's `clock`: the settle timer's own setting), from
// the board's latest move request seen by this page; null before one (round 26: "a short countdown"
// did not say how long, and the newcomer's turn ended while deciding)
function clockSeconds() {
  const s = said(), mine = s && S.hello && S.hello.humans.includes(s.player);
  const args = mine && (s.action === "move" || s.action === "roll") && s.messages && s.messages[0] ? s.messages[0].args : null;
  if (args && typeof args.clock === "number") S.moveClock = args.clock;
  return typeof S.moveClock === "number" ? S.moveClock : null;
}
function countdownFirst(n) {
  const secs = n === undefined ? clockSeconds() : n;
  // said calmly, in the prompt's own weight (Magic newcomer 30: "No clock yet" in bold, before anything was done,
  // made the first roll feel rushed): when the clock starts and how long it gives (board.css .countdown.calm)
  // (one line at 1024x700: the prompt's room is the board's loss, tests/web/test_responsive.py)
  return secs ? I18N.t("page.magic.countdown_first_each", "No rush yet: {n} s per step, from your first step.", { n: secs })
    : I18N.t("page.magic.countdown_first_each_short", "No rush yet: a clock per step, from your first step.");
}
function countdownSaid() {
  const s = said();
  if (!s || s.action !== "move" || !S.hello || !S.hello.humans.includes(s.player)) return null;
  if (s.until === null || s.until === undefined) {
    if (clockSeconds() === 0) return null; // no clock at this table (settle 0): nothing runs
    return countdownFirst();
  }
  return countdownText(Math.max(0, Math.ceil((s.until - gameNow()) / 1000)));
}
// the countdown's line at the prompt's foot (made again when the prompt's text is replaced); its
// every second is not read out by a screen reader (the prompt's aria-live: its words once, not a tick)
function drawCountdown() {
  const p = $("prompt"), text = p.dataset.offline ? null : countdownSaid();
  let box = $("countdown");
  if (text === null) { if (box) box.hidden = true; return; }
  if (!box || box.parentNode !== p) {
    box = document.createElement("span");
    box.id = "countdown";
    box.className = "countdown";
    box.setAttribute("aria-live", "off");
    p.appendChild(box);
  }
  box.hidden = false;
  if (box.textContent !== text) box.textContent = text;
  const s = said(); // before the first step: calm, not bold (Magic newcomer 30)
  box.classList.toggle("calm", !!s && (s.until === null || s.until === undefined));
}
setInterval(() => { if (S.view) drawCountdown(); }, 250);

// the prompt: the board's instruction, said as this page does it when it asks a person here -- the
// pawn in the hand (click where it goes), the ball drop (Lift, the corner, one click on the ball)
function promptText() {
  const s = said(), v = S.view;
  if (s && (v.phase === "over" || s.action === "game_over")) { // what is left to do: a new game
    return `${I18N.prompt(s, v.prompt)} ${I18N.t("page.magic.again", "Press ✨ New game to play again.")}`;
  }
  if (!s) return I18N.prompt(s, v.prompt);
  const reqs = s.requests || [];
  const player = activeHuman();
  if (player && S.world && S.world.pawns[player] && planned(player) === null) {
    const r = reqs.find((q) => q.kind === "pawn" && q.piece === player);
    const to = r && r.to.length ? r.to.join(I18N.t("page.magic.or", " or ")) : "";
    return to ? I18N.t("page.magic.in_hand_to", "Your pawn is in your hand: click {to} to set it down.", { to })
              : I18N.t("page.magic.in_hand", "Your pawn is in your hand: click a cell to set it down.");
  }
  const args = s.messages && s.messages[0] ? s.messages[0].args : {};
  const who = args.returner;
  if (s.action === "return" && who && S.hello.humans.includes(who)) {
    // the board's requests, in its order (the pawn, then the ball), said as this page does them; the pawn's
    // request names where it stands: off the cell its ball fell on (lifted and set down elsewhere), the
    // prompt says that cell (round 26: set down on b1, the prompt still said only "press Lift, then a1")
    const pawn = reqs.find((q) => q.kind === "pawn" && q.piece === who), ball = reqs.some((q) => q.kind === "ball");
    const say = returnPrompts(who, args.corner, notTaken(who), pawn ? pawn.from : null);
    if (pawn && say.misplaced) return ball ? say.misplacedBall : say.misplaced;
    if (pawn && !ball) return say.liftOnly; // the ball under it again
    if (pawn) return say.lift;
    if (reqs.some((q) => q.kind === "ball" && q.piece === who)) return say.ball;
  }
  if (s.action === "return" && who && S.hello.humans.length && !S.hello.humans.includes(who)) {
    return I18N.t("page.magic.return_other", "{Returner}'s ball fell at a hidden wall: {Returner} (simulated) goes back to {corner} and fishes the ball out; wait.",
                  { returner: who, corner: args.corner });
  }
  return NOTICE.prompt(s, v.prompt, S.hello.humans);
}
// what a ball drop's recovery says to a person here, step by step: Lift and the corner (with the ball
// still in the tray, or under the pawn already), the pawn in the hand, the ball
// (the pawn left standing on the target by its ball drop: the symbol there is not taken, said while
// the pawn stands on it -- round 5 saw it only in the log; `lost` the words, "" for none)
function notTakenWords(target) {
  return target ? ` ${I18N.t("page.magic.return_not_taken", "(The {symbol} here is not taken: the ball fell first.)", { symbol: sym(target.symbol) })}` : "";
}
function notTaken(who) {
  const target = S.view && S.view.target, pawn = S.world && S.world.pawns[who];
  return target && pawn && pawn.cell === target.cell ? notTakenWords(target) : "";
}
// `at`: where the board's request says the pawn stands; another cell than the one its ball fell on (and
// than its corner) is a pawn set down on a wrong cell, said as such (misplaced)
// `edge`: the wall its ball fell at ("c2-c3", S.crossed), named in the first words ("the wall c2–c3"): the pawn stands past it, where
// the step took it before the ball fell (Magic newcomer 48 thought it had crossed the wall)
function returnPrompts(who, corner, lost = notTaken(who), at = null, fell = S.fellAt[who], edge = S.crossed[who]) {
  const wrong = typeof at === "string" && typeof fell === "string" && at !== corner && at !== fell;
  const wall = typeof edge === "string" && /^[a-z]\d+-[a-z]\d+$/.test(edge) ? edge.split("-") : null;
  return {
    ...(wrong ? {
      misplaced: I18N.t("page.magic.return_misplaced", "{Returner}'s pawn is on {cell}, not on its start corner: press ✊ Lift pawn, then click {corner} (🏠).",
                        { returner: who, cell: at, corner }),
      misplacedBall: I18N.t("page.magic.return_misplaced_ball", "{Returner}'s pawn is on {cell}, not on its start corner: press ✊ Lift pawn, click {corner} (🏠), then 🎣 fish the ball out of the tray.",
                            { returner: who, cell: at, corner }),
    } : {}),
    liftOnly: I18N.t("page.magic.return_lift_only", "{Returner}'s pawn goes back to its start corner: press ✊ Lift pawn, then click {corner} (🏠).",
                     { returner: who, corner }) + lost,
    // (the ball in the tray said with the button that fetches it too: Magic newcomer 48 saw "tap the ball in the
    // tray" beside 🎣 Fish ball out, and learnt they were one only from the next prompt)
    // (no wall known: a jump, a lifted pawn, a step the board cannot tell: "fell", no more; the log says why. An
    // attack saw "at a hidden wall" beside the log's "no wall is marked". No longer than before: the prompt's room
    // keeps 60 px cells at 1024x700, tests/web/test_responsive.py)
    lift: (wall ? I18N.t("page.magic.return_lift_wall", "{Returner}'s ball fell crossing the wall {a}–{b}: press ✊ Lift pawn, click the start corner {corner} (🏠), then 🎣 fish the ball out of the tray.",
                         { returner: who, corner, a: wall[0], b: wall[1] })
      : I18N.t("page.magic.return_lift_fell", "{Returner}'s ball fell: press ✊ Lift pawn, click the start corner {corner} (🏠), then 🎣 fish the ball out of the tray.",
               { returner: who, corner })) + lost,
    hand: I18N.t("page.magic.in_hand_to", "Your pawn is in your hand: click {to} to set it down.", { to: corner }),
    ball: I18N.t("page.magic.return_ball", "{Returner}'s pawn is back on {corner}: now click the ball in the tray (or 🎣 Fish ball out); it goes back under the pawn.",
                 { returner: who, corner }),
  };
}
// the prompt, and on a phone (where its room is the prompt shown: no empty band kept) the room of the
// longest prompt of the step the board is at: through a ball drop's recovery (Lift, the corner, the
// ball) the prompt changes at each step and the board under it stays put (a newcomer saw it jump)
function drawPrompt() {
  const p = $("prompt"), text = promptText(), s = said();
  if (NOTICE.prompted(text)) clearError(); // a refusal of the moment before goes (notice.js)
  const args = s && s.messages && s.messages[0] ? s.messages[0].args : {};
  const phone = window.matchMedia("(max-width: 899.98px)").matches;
  const steps = phone && s && s.action === "return" && args.returner && S.hello.humans.includes(args.returner)
    ? Object.values(returnPrompts(args.returner, args.corner, notTaken(args.returner), "f6", "e6", "e5-e6")).map((t) => [t, null]) : [];
  // a person's move: the countdown's line before the first step and while it counts (its widest
  // number), so the board does not move under the finger when the countdown starts after a step
  const counting = phone && countdownSaid();
  // ...and (every width: a narrow wide window too) the room of a person's longest move and recovery prompts all game, so the board
  // stays put from the roll to the turn's end and back (round 5 saw it jump 76 px at each roll): their
  // words with the largest roll and a corner's name, the shorter prompts in the middle of that room
  // On a phone too, from the start: before the first roll of a person here, their "press Roll" says
  // under it what comes next (nextLine), so the room is not an empty box (round 24 saw "Red: press
  // Roll." in a box four lines high) and the board does not jump 76 px at that roll (newcomer 18)
  // ...and at the game's end, under the win box (Magic newcomer 43: the prompt shrank to its one line and the board
  // jumped up 76 px)
  const me = S.hello && S.hello.humans.length ? S.hello.humans[0] : null;
  if (me) {
    const most = { player: me, roll: 4, left: 4, s: "s", here: "a1", settle: " or wait for the countdown", other: "yellow" };
    // (none: no lit cell; over: on another pawn's cell)
    for (const [id, left] of [["magic.move_start", 4], ["magic.move", 3], ["magic.move_none", 1], ["magic.move_over", 3]]) {
      const t = I18N.say(id, { ...most, left });
      steps.push([t, countdownFirst(60)], [t, countdownText(20)]);
    }
    const corner = (S.hello.corners && S.hello.corners[me]) || "a1";
    // (the target's words measured with the longest symbol's name, never the target's own: a target found in another
    // player's turn changed the words' wrap, and the room, by 2 px: the board moved)
    const widest = longestTarget();
    for (const t of Object.values(returnPrompts(me, corner, notTakenWords(widest), "f6", "e6", "e5-e6"))) steps.push([t, null]);
    // ...and a roll's line saying the news (nextLine): the person's own find, each other player's drop, and on a
    // phone the symbol to find after them
    const others = (S.view.players.length ? S.view.players : S.hello.players).filter((o) => !S.hello.humans.includes(o));
    const t = widest, found = LOG_TEXT.symbol_collected({ player: me, symbol: t ? t.symbol : "", score: 4 });
    const heard = [found, ...others.map((o) => dropNews(o, "f6", "e6") + (t ? dropNotTakenWords(t) : ""))].slice(0, NEWS_MAX).join(". ") + ".";
    steps.push([I18N.say("magic.roll", { player: me }), null, `${heard} ${targetLine(t)}`]);
  }
  if (counting) {
    const texts = [text], m = s.messages && s.messages[0];
    if (m && m.id === "magic.move_start" && typeof args.roll === "number") { // and the first step's longer words
      const left = Math.max(1, args.roll - 1);
      texts.push(I18N.say("magic.move", { ...args, left, s: left === 1 ? "" : "s" }));
    }
    for (const t of texts) steps.push([t, countdownFirst(60)], [t, countdownText(20)]);
  }
  const next = nextLine(s, phone);
  NOTICE.keepRoom(p, steps, [text, null, next], ([t, line, after]) => { // a step's words with its countdown's line
    p.textContent = t;
    if (line !== null) { const c = document.createElement("span"); c.className = "countdown"; c.textContent = line; p.appendChild(c); }
    if (after) { const n = document.createElement("span"); n.className = "prompt-next"; n.textContent = after; p.appendChild(n); }
  });
  drawCountdown();
}
window.addEventListener("resize", () => { if (S.view && S.hello) drawPrompt(); });
// on a phone, in the room the prompt keeps for the move (drawPrompt), under a "press Roll": a person's before
// their first roll of the game says what comes after it; after that, and on a simulated player's, the symbol to
// find (the target's panel is below the fold: Magic newcomer 21 saw a box 200 px high round "Red: press Roll.",
// and never saw the target while playing); "" anywhere else
// At a person's roll, at every width, the line first says what the turns since their last roll found or dropped (S.news)
function nextLine(s, phone) {
  if (!s || s.action !== "roll") return "";
  const news = S.hello.humans.includes(s.player) && S.news && S.news.length
    ? `${S.news.map((n) => (typeof n === "function" ? n() : n)).join(". ")}. ` : "";
  // (a wide screen shows the target's panel beside the board: the symbol to find said only after news, where a find
  // has just changed it; Magic newcomer 53 read "⭐ Red found 🧪 potion: 1 of 3 symbols" and not what came next)
  if (!phone) return news ? `${news}${targetLine(S.view && S.view.target)}`.trim() : "";
  if (!S.rolledHere && S.hello.humans.includes(s.player)) {
    // (the lit cells are where the move can end, some only round a wall found already: Magic newcomer 36 read "a lit
    // cell next to your pawn" as every lit neighbour being a step, and was refused across a found wall)
    return news + I18N.t("page.magic.next_after_roll_end", "Then click the cells next to your pawn, one step at a time, toward the white cell's symbol; the lit ones show where the move can end. A hidden wall drops your ball.");
  }
  return news + targetLine(S.view && S.view.target);
}
// a target standing for any in the room's measure: the symbol of the longest name on the board, on f6
function longestTarget() {
  const names = Object.values((S.hello && S.hello.symbols) || {});
  const symbol = names.reduce((a, b) => (sym(b).length > sym(a).length ? b : a), names[0] || "");
  return symbol ? { symbol, cell: "f6" } : null;
}
function targetLine(t) {
  return t && t.symbol ? I18N.t("page.magic.next_target", "To find: {symbol} on {cell} (the white cell).", { symbol: sym(t.symbol), cell: t.cell }) : "";
}
// what another player's turn did that a person here must know at their roll (S.news, said by nextLine): a symbol
// found (the target changed) or a ball dropped, as the log says it; on a phone the log is far below the first
// screen (Magic newcomer 23 saw the target change and "⭐ 1/2" on Blue's row, and nothing said why); every other
// player's since a person here last rolled (an attack: with three players Blue's find was forgotten at Green's
// turn), at most NEWS_MAX; forgotten when a person here rolls
const NEWS_MAX = 3;
// a drop said shortly there: where, and that a wall stands there (the log says the rest; Magic newcomer 38 saw the
// board move 15-30 px under a five-line prompt saying Blue's drop as the log does)
function newsWords(ev, text) {
  if (ev.type !== "ball_dropped") return text;
  const edge = typeof ev.edge === "string" ? ev.edge.split("-") : [];
  const st = S.recentSteps.find((x) => x.player === ev.player && edge.includes(x.from) && edge.includes(x.to));
  return st ? dropNews(ev.player, st.from, st.to) + dropNotTaken(ev.player, st) : I18N.t("page.magic.news_dropped", "💥 {Player}'s ball dropped", { player: ev.player });
}
// the target a dropping pawn stepped onto, at the wall's step or later (its move ended at the wall: no symbol), in
// the log's line and the news at a person's roll (Magic newcomer 107 saw Blue's pawn slide d6 → c6 → c5 onto the
// spider and go home without it, the drop said at d6 → c6 and nothing said why the spider stayed); "" otherwise
function dropNotTaken(player, st) {
  const target = S.view && S.view.target;
  if (!target || !target.cell) return "";
  const since = S.recentSteps.slice(0, S.recentSteps.indexOf(st) + 1).filter((x) => x.player === player);
  return since.some((x) => x.to === target.cell) ? dropNotTakenWords(target) : "";
}
function dropNotTakenWords(target) {
  return I18N.t("page.magic.log_not_taken", "; the {symbol} on {cell} is not taken", { symbol: sym(target.symbol), cell: target.cell });
}
function dropNews(player, from, to) {
  return I18N.t("page.magic.news_dropped_at", "💥 {Player}'s ball dropped at the step {from} → {to}: a wall there", { player, from, to });
}
// a person's move ended by its clock (the settle timer) while they were away or deciding: where, and why (Magic
// newcomer 106 left the tab mid-move and came back to "Red: press Roll.", only the log saying the time ran out)
// (said when the line is drawn, at the person's roll, whose instruction gives the clock's seconds: a page opened or
// reloaded after the move had not heard them when the log was replayed, an attack)
function timedOutNews(ev) {
  const last = S.recentSteps.find((st) => st.player === ev.player), cell = last ? last.to : "";
  return () => {
    const secs = clockSeconds(), args = { player: ev.player, cell, n: secs };
    if (typeof secs !== "number" || !secs) {
      return cell ? I18N.t("page.magic.news_timed_out_plain_on", "⏳ {Player}'s move ended by itself on {cell}: no step in time", args)
        : I18N.t("page.magic.news_timed_out_plain", "⏳ {Player}'s move ended by itself: no step in time", args);
    }
    return cell ? I18N.t("page.magic.news_timed_out", "⏳ {Player}'s move ended by itself on {cell}: no step for {n} s", args)
      : I18N.t("page.magic.news_timed_out_nocell", "⏳ {Player}'s move ended by itself: no step for {n} s", args);
  };
}
function heardNews(ev, text) {
  const here = S.hello && S.hello.humans.includes(ev.player);
  const timedOut = here && ev.type === "turn_ended" && ev.reason === "settled";
  if (timedOut) S.news = [...(S.news || []), timedOutNews(ev)].slice(-NEWS_MAX);
  // a person's own find too (Magic newcomer 39 found the ring, and after Blue's turn read only "Red: press Roll.")
  else if ((ev.type === "symbol_collected" || (ev.type === "ball_dropped" && !here)) && S.hello) S.news = [...(S.news || []), newsWords(ev, text)].slice(-NEWS_MAX);
  else if ((ev.type === "die_rolled" && here) || ev.type === "game_started") S.news = null;
}

function drawInfo() {
  const v = S.view, h = S.hello;
  drawPrompt();
  drawCountdown();
  guideTip();
  const over = v.phase === "over" || (said() && said().action === "game_over");
  $("new-game").classList.toggle("wanted", over); // the one thing left to press
  if (over) { // only the win box and what it offers: no tip, countdown or old error behind it
    NOTICE.keep($("guide")); // (on a phone the tips' room stays, saying the newest line: the win's)
    if ($("countdown")) $("countdown").hidden = true;
    if (!S.restarting) { clearTimeout(S.errorTimer); $("error").textContent = ""; }
  }
  NOTICE.turnColour(v);
  const players = $("players");
  players.innerHTML = "";
  players.dataset.count = String((v.players.length ? v.players : h.players).length); // a phone's score bar fits its chips to it
  for (const p of v.players.length ? v.players : h.players) {
    const score = v.scores[p] || 0;
    const row = document.createElement("div");
    row.className = `player ${p}` + (p === v.current && v.phase !== "over" ? " turn" : "");
    row.dataset.player = p;
    const tag = h.humans.includes(p) ? I18N.t("page.magic.you", "you") : I18N.t("page.magic.simulated", "simulated");
    const won = v.winner === p ? I18N.t("page.magic.winner_tag", " · winner 🏆") : "";
    row.innerHTML = `<span class="arrow">▶</span><span class="dot"></span>` +
      `<span class="who"><span class="pname"></span><small class="tag">${tag}</small><small class="won">${won}</small></span>` +
      `<span class="tokens"><span class="stars">${"⭐".repeat(Math.min(score, 8))}</span><b class="score">${score}</b><small class="goal"></small></span>`;
    // the colour as a name in the page's language ("Rot"), never the colour's id
    row.querySelector(".pname").textContent = I18N.t("page.common.colour_name", "{Player}", { player: p });
    row.querySelector(".tag").classList.toggle("mine", h.humans.includes(p)); // kept on a crowded phone bar
    row.querySelector(".tag").title = tag; // a phone's four chips show a simulated player's as 🤖 (board.css)
    if (v.win_tokens) { // the goal beside the score: "/5", "5 symbols win" on a hover
      row.querySelector(".goal").textContent = I18N.t("page.magic.goal", "/{n}", { n: v.win_tokens });
      row.querySelector(".tokens").title = I18N.t("page.magic.goal_title", "{n} symbols win", { n: v.win_tokens });
    }
    players.appendChild(row);
  }
  // the help says the move's clock in seconds once the board named them (clockSeconds)
  const clock = clockSeconds();
  $("help-clock").textContent = clock
    ? I18N.t("page.magic.help_clock_s", "After each step you have {n} s to take the next, else the move ends there.", { n: clock })
    : I18N.t("page.magic.help_clock", "After each step a countdown runs: take the next step before it ends, else the move ends there.");
  // the help's goal follows a shorter game (--win-tokens, the dialog's "Symbols to win")
  if (v.win_tokens) {
    $("help-goal").textContent = v.win_tokens === 5 ? I18N.t("page.magic.help_goal_rules", "Five symbols win.")
      : v.win_tokens === 1 ? I18N.t("page.magic.help_goal_one", "One symbol wins (a shorter game).")
      : I18N.t("page.magic.help_goal", "{n} symbols win (the rules say 5).", { n: v.win_tokens });
  }
  const t = v.target;
  $("target").innerHTML = t
    ? `<span class="big-sym">${SYMBOL_EMOJI[t.symbol] || "❔"}</span><span><span class="target-name">${symLabel(t.symbol)}</span><br><span class="muted">${I18N.t("page.magic.on_cell", "on {cell}", { cell: t.cell })}</span></span>`
    : `<span class="muted">—</span>`;
  if (over && v.winner) { // after the game: who won, not an empty dash
    // who won in the card's big letters, the rest small (one long bold sentence took five lines on a phone)
    $("target").innerHTML = `<span class="big-sym">🏆</span><span><span class="target-name"></span><br><span class="muted"></span></span>`;
    $("target").querySelector(".target-name").textContent = I18N.t("page.magic.target_won", "{Winner} won", { winner: v.winner });
    $("target").querySelector(".muted").textContent = I18N.t("page.magic.target_none", "no more symbols to find");
  }
  $("target").classList.toggle("over", Boolean(over && v.winner));
  $("target").dataset.symbol = t ? t.symbol : "";
  document.querySelectorAll(".cell.target-cell").forEach((c) => c.classList.remove("target-cell", "target-reach"));
  if (t) { const c = $("board").querySelector(`[data-cell="${t.cell}"]`); if (c) c.classList.add("target-cell"); }
  // the target within the move's reach: framed in the mover's colour as long as it is (its LED blinks white and that
  // colour, which a glance at one moment may catch white: Magic newcomer 46 read a reachable target as the one cell
  // out of reach)
  const s = said(), reach = t && s && s.action === "move" && Array.isArray(s.cells) && s.cells.includes(t.cell);
  if (reach) { const c = $("board").querySelector(`[data-cell="${t.cell}"]`); if (c) c.classList.add("target-reach"); }
  // ...and said so in words under its name (Magic newcomer 77 read the frame as any lit cell's, and counted the
  // steps itself): the same cells as the lit ones, the instruction's; of a move made on this page only (an attack read
  // "in reach" in the simulated Blue's move as Red's), each part whole on its line ("on f3 · in / reach": an attack)
  if (reach && !over && S.hello.humans.includes(s.player)) {
    const where = $("target").querySelector(".muted"), on = document.createElement("span"), near = document.createElement("span");
    // (the reach words wrap where the card is narrow: kept whole, "erreichbar, wenn keine verborgene Wand" ran off a
    // 320 px phone, an attack)
    on.className = "whole";
    on.textContent = I18N.t("page.magic.on_cell", "on {cell}", { cell: t.cell });
    near.textContent = I18N.t("page.magic.in_reach", "in reach if no hidden wall");
    where.replaceChildren(on, " · ", near);
  }
  reachColour();
  drawSteps(over);
  // a symbol found is marked taken (dimmed, ✓ and its finder's colour): it never comes back as a target
  // (round 6 asked whether it could)
  const taken = new Map((v.taken || []).map((x) => [x.cell, x]));
  for (const c of $("board").querySelectorAll(".cell")) {
    const x = taken.get(c.dataset.cell);
    c.classList.toggle("taken", Boolean(x));
    if (x) c.style.setProperty("--taker", `var(--${x.player})`); else c.style.removeProperty("--taker");
    c.dataset.taken = x ? I18N.t("page.magic.taken_by", "found by {Player}", { player: x.player }) : "";
  }
  const die = $("die"), face = over ? null : v.die; // after the game: no last roll left standing
  die.dataset.value = face || "";
  die.innerHTML = face ? PIPS[face].map((i) => `<span class="pip" style="grid-area:${Math.ceil(i / 3)}/${((i - 1) % 3) + 1}"></span>`).join("")
                        : (over ? `<span class="q">🏁</span>` : `<span class="q">?</span>`);
  $("steps").textContent = stepsText(v);
  // the roll said on Roll itself while the move it gave goes on (Magic newcomer 28: on a phone the die lies below
  // the screen's foot; the number rolled was only in the prompt's words)
  // ...a roll of this page's player only (Magic newcomer 29 saw Blue's 1 on the greyed Roll, read as their own)
  const now = said() || {}, moving = face && ["move", "closing"].includes(now.action) && S.hello.humans.includes(now.player);
  const rolled = $("roll-face");
  rolled.hidden = !moving;
  rolled.textContent = moving ? String(face) : "";
  rolled.title = moving ? I18N.t("page.magic.rolled_face", "rolled {n}", { n: face }) : "";
  if (v.phase === "over" && !S.bannerShown) {
    S.bannerShown = true;
    const scores = Object.entries(v.scores).map(([p, s]) => I18N.t("page.magic.score_of", "{Player} {score}", { player: p, score: s })).join(" · ");
    $("banner-text").innerHTML = `<div></div><div class="banner-scores"></div><div class="banner-why"></div>`;
    $("banner-text").firstChild.textContent = I18N.t("page.magic.wins", "🏆 {Winner} wins!", { winner: v.winner });
    $("banner-text").children[1].textContent = scores;
    // the last symbol found as it appeared under a pawn, maybe in another's turn (Magic newcomer 40 read "Red wins!"
    // in Blue's turn as something gone wrong)
    const f = S.lastFind, why = $("banner-text").lastChild;
    why.textContent = f && f.drawn && f.player === v.winner
      ? I18N.t("page.magic.win_drawn", "The {symbol} appeared under {Player}'s pawn: found at once (a new target under a pawn counts for its player).", { symbol: sym(f.symbol), player: f.player }) : "";
    why.hidden = !why.textContent;
    $("banner").hidden = false;
  }
}

// under the die: the step count as the board counts it (its instruction's roll and steps left, so
// the count and the prompt never disagree), else what the player on turn does; nothing after the game
function stepsText(v) {
  const s = said(), args = s && s.messages && s.messages[0] ? s.messages[0].args : {};
  if (v.phase === "over" || (s && s.action === "game_over")) return "";
  if (s && s.action === "move" && typeof args.roll === "number") {
    return I18N.t("page.magic.step_of", "step {n} of {roll}", { n: args.roll - args.left, roll: args.roll });
  }
  // (whose: Magic newcomer 105 read a bare "move over" among whole lines, "Blue rolls next")
  if (s && s.action === "closing") return I18N.t("page.magic.move_over_who", "{Player}'s move is over", { player: s.player || "" });
  // else the board's current instruction, in a few words (never the phase heard earlier)
  const who = s && (args.returner || s.player);
  if (!s || !who) return "";
  const here = S.hello && S.hello.humans.includes(who);
  if (s.action === "roll") {
    return here ? I18N.t("page.magic.die_press_roll", "{Player}: press 🎲 Roll", { player: who })
                : I18N.t("page.magic.die_rolls", "{Player} rolls next", { player: who });
  }
  if (s.action === "return") {
    const reqs = s.requests || [];
    if (reqs.some((q) => q.kind === "pawn" && q.piece === who)) {
      return I18N.t("page.magic.die_pawn_back", "{Player}: pawn back to {corner}", { player: who, corner: args.corner });
    }
    if (reqs.some((q) => q.kind === "ball" && q.piece === who)) {
      // (a step to do, not a state: Magic newcomer 94 read "Red: ball back under the pawn" as done)
      return I18N.t("page.magic.die_fish_ball", "{Player}: fish the ball out 🎣", { player: who });
    }
  }
  return "";
}
// the first-game guide: the tip for what the board asks now, when a person here is asked
const TIPS = { // getters: said in the page's language when shown; keys named only where the page names keys
  // (the start corner's glow said first, short enough for a phone's folded lines in every seed language: Magic
  // newcomers 42-44 read it and its "Red's turn" as a cell to go back to; not "Press 🎲 Roll", which the prompt above
  // says: newcomer 44)
  get roll() {
    // (a lit cell beside a wall found: reached round it, Magic newcomer 60 took b1 lit beside the wall a1-b1 for the
    // lights crossing it)
    // (short sentences: Magic newcomer 97 read the one long sentence three times)
    return keysShown() ? I18N.t("page.magic.tip_roll_turn_short", "The glow round your pawn means your turn. After 🎲 Roll (or the R key), the cells your pawn can reach light up in your colour, each with the steps it takes. ✋ Done ends the move where your pawn stands. The lights never cross a wall found already: a lit cell beside one is reached round it, by another way. Hidden walls not found yet may still stop you. The white cell holds the symbol to find; it is framed in your colour when your roll can reach it, if no hidden wall is in the way.")
      : I18N.t("page.magic.tip_roll_turn_tap_short", "The glow round your pawn means your turn. After 🎲 Roll, the cells your pawn can reach light up in your colour, each with the steps it takes. ✋ Done ends the move where your pawn stands. The lights never cross a wall found already: a lit cell beside one is reached round it, by another way. Hidden walls not found yet may still stop you. The white cell holds the symbol to find; it is framed in your colour when your roll can reach it, if no hidden wall is in the way.");
  },
  // (a tip adds to the prompt what it does not say, never its steps again: Magic newcomer 45 read two boxes of the
  // same instructions, the tip the prompt in longer words)
  // (never back onto a cell passed, dark for that: Magic newcomer 85 could not tell "not allowed" from "not shown")
  get move() {
    return keysShown() ? I18N.t("page.magic.tip_move_how", "A step: an arrow key, a click on a cell next to your pawn (or on a lit cell with one way to it, as one in line has: the pawn walks there), or a drag. Your pawn may pass another pawn but not stop on it, and never back onto a cell passed already in this move (the rules forbid probing for walls: those stay dark); a hidden wall drops your ball and ends the move.")
      : I18N.t("page.magic.tip_move_how_tap", "A step: tap a cell next to your pawn (or a lit cell with one way to it, as one in line has: the pawn walks there), or drag the pawn there. It may pass another pawn but not stop on it, and never back onto a cell passed already in this move (the rules forbid probing for walls: those stay dark); a hidden wall drops your ball and ends the move.");
  },
  // why the pawn goes back, at each step of the way back (the prompt says the steps: Lift pawn, the corner, the ball)
  // (a ball falls at a hidden wall, or under a pawn lifted off the board: an attack's jump found no wall to show)
  get return() { return I18N.t("page.magic.tip_return_fell", "Why: the ball under your pawn fell into the tray (at a hidden wall, or with the pawn lifted off the board), so the pawn starts over from its own corner (🏠). A wall found shows on the board, and the lit cells never lead across it."); },
};
function guideTip() {
  const s = said();
  const mine = s && S.hello && S.hello.humans.includes(s.player || (s.requests[0] || {}).by);
  // (one tip a moment: the return's says why at each of its steps, the prompt the step)
  NOTICE.now(mine ? s.action : null); // a tip about an earlier moment goes (the ball's, in Blue's turn)
}
// whether a control of this page acts now, and why: [on, why] as the server computed it from the
// board's instruction and the colours this page plays (the view's controls: the same answer the
// server gives when it refuses a command); "roll", "done", "hand:red"...
function control(id) {
  const c = S.view && S.view.controls ? S.view.controls[id] : null;
  if (c && c[2]) return [c[0], NOTICE.reason(c)]; // why not, in the page's language and its prompt's words
  return c || [false, S.hello && S.hello.humans.length === 0 ? WATCH() : I18N.t("page.magic.waiting", "waiting for the board")];
}
// a control off is greyed and announced unavailable (aria-disabled, board.css) but not given the
// disabled attribute: a disabled button gets no click, and a tap on it must say why (tapOff)
function enable(el, on) { el.disabled = false; if (on) el.removeAttribute("aria-disabled"); else el.setAttribute("aria-disabled", "true"); }
// whether this page names keyboard keys: the help's key hints ("or R") show, by the one rule in
// board.css that hides them on a phone or a touch screen (no keyboard there)
function keysShown() { const k = document.querySelector("#help .keys"); return !k || getComputedStyle(k).display !== "none"; }
// a tap or click on a control that is off: nothing acts, its reason (its title: a phone has no hover
// to read it with) is said on the message line, without the title's key ("Done (D): ...") where the
// page names no keys (data-tap). Keys refuse the same way (press()).
function tapOff(e) {
  const el = e.target && e.target.closest ? e.target.closest('button[aria-disabled="true"]') : null;
  if (!el) return;
  e.preventDefault(); e.stopImmediatePropagation();
  showError(!keysShown() && el.dataset.tap ? el.dataset.tap : el.title);
}
// the D key before any step of the roll: said what it does, a second D within 6 s ends the turn (Magic newcomer 112
// pressed D for a step, beside the arrows' WASD place, and lost a roll of 1 without a word); true where it asked. The
// ✋ Done button, pressed by its words, acts at once, and D does once a step is made
function unmovedD() {
  // (...asked in this turn's roll: an attack's Blue, at the same page, had its D taken as the second of Red's)
  const player = activeHuman(), left = player && plainMove() ? stepsLeft(player) : null;
  const roll = `${player}|${S.view.turns}|${S.view.die}`, asked = S.dAsked || {};
  const unmoved = left !== null && left > 0 && left === S.view.die;
  const again = asked.roll === roll && Date.now() - asked.at < 6000;
  S.dAsked = unmoved && !again ? { roll, at: Date.now() } : null;
  if (!unmoved || again) return false;
  showError(I18N.t("page.magic.d_unmoved", "D ends your turn with your roll of {roll} unused: press D again to end it", { roll: S.view.die }));
  return true;
}
function keyButton(el) {
  if (el.getAttribute("aria-disabled") === "true") showError(el.title); else el.click();
}
function drawControls() {
  if (!S.hello || !S.world) return;
  drawTrayStrip(); // its words follow the controls too (whether the own ball may be fished out now)
  const [rollOn, rollWhy] = control("roll"), [doneOn, doneWhy] = control("done");
  enable($("roll"), rollOn);
  $("roll").title = I18N.t("page.magic.roll_title", "Roll (R): {why}", { why: rollWhy });
  $("roll").dataset.tap = I18N.t("page.magic.roll_tap", "Roll: {why}", { why: rollWhy });
  enable($("done"), doneOn);
  $("done").title = I18N.t("page.magic.done_title", "Done (D): {why}", { why: doneWhy });
  $("done").dataset.tap = I18N.t("page.magic.done_tap", "Done: {why}", { why: doneWhy });
  const player = activeHuman(), me = player && S.world.pawns[player];
  const [on, why] = control(`lift:${player}`); // the Lift button: on only when the board asks for the pawn
  const inHand = player !== null && planned(player) === null;
  // (in the hand, the one cell the board asks the pawn to, as the prompt names it: Magic newcomer 111 read "👇 Tap a cell
  // to place" as any cell, tapped b1 after a drop, and the pawn was set down there and asked back)
  const askedTo = inHand ? ((said() || {}).requests || []).find((q) => q.kind === "pawn" && q.piece === player && q.to.length === 1) : null;
  $("lift").textContent = askedTo ? I18N.t("page.magic.lift_placing_at", "👇 Click {cell} to place", { cell: askedTo.to[0] })
    : inHand ? I18N.t("page.magic.lift_placing", "👇 Click a cell to place") : I18N.t("page.magic.lift", "✊ Lift pawn");
  enable($("lift"), on && !inHand);
  // in the hand: what to do next, drawn as a note, not as a greyed button (Magic newcomer 21 read it as off)
  $("lift").classList.toggle("in-hand", inHand);
  $("lift").title = inHand ? I18N.t("page.magic.lift_in_hand", "Your pawn is in your hand: click a cell to set it down")
                           : I18N.t("page.magic.lift_title", "Lift pawn (L): {why}", { why });
  const over = S.view && S.view.phase === "over", [fetchOn, fetchWhy] = player ? fetchControl(player) : control(`fetch:${player}`);
  enable($("fetch"), !(!me || me.ball === "attached" || over || !fetchOn)); // in the order the board asks for
  $("fetch").title = !me ? control("roll")[1]
    // (after the game, as Roll, Done and Lift pawn say it: Magic newcomer 99 read "your ball is on your pawn" there)
    : over ? I18N.t("page.magic.fetch_refused_title", "Fish ball out (F): {why}", { why: control("roll")[1] })
    : me.ball === "attached" ? I18N.t("page.magic.fetch_attached", "Fish ball out (F): your ball is on your pawn")
    : !fetchOn ? I18N.t("page.magic.fetch_refused_title", "Fish ball out (F): {why}", { why: fetchWhy })
    : I18N.t("page.magic.fetch_title", "Fish your ball out of the tray (F): it goes back under your pawn");
  // (said on a tap where the page names no keys: the title without its key, tapOff)
  for (const el of [$("lift"), $("fetch")]) el.dataset.tap = el.title.replace(/\s*\([LF]\)/, "");
}

// -- the log --------------------------------------------------------------------------
const LOG_TEXT = {
  game_started: (e) => I18N.t("page.magic.log_game_started", "A new game: {players}. Find the symbols!", { players: I18N.list(e.players.map((p) => I18N.t("page.common.colour_name", "{Player}", { player: p }))) }),
  target: (e) => I18N.t("page.magic.log_target", "New target: {symbol} on {cell}", { symbol: sym(e.symbol), cell: e.cell }),
  turn_started: (e) => I18N.t("page.magic.log_turn", "{Player}'s turn", { player: e.player }),
  die_rolled: (e) => I18N.t("page.magic.log_rolled", "{Player} rolled {value}", { player: e.player, value: e.value }),
  step: (e) => I18N.t("page.magic.log_step", "{Player} {from} → {to} (step {steps})", { player: e.player, from: e.from, to: e.to, steps: e.steps }),
  warning: (e) => I18N.t("page.magic.log_warning", "⚠ {Player} {what}{where}", { player: e.player,
    what: WARNING_TEXT[e.kind] ? WARNING_TEXT[e.kind](e) : e.kind,
    where: e.cell && !WARNING_SAYS_CELL.has(e.kind) ? I18N.t("page.magic.at_cell", " at {cell}", { cell: e.cell }) : "" }),
  ball_dropped: (e) => { // the ball takes a moment to fall: say at which step it left, not just now
    const edge = e.edge ? e.edge.split("-") : [];
    const st = S.recentSteps.find((x) => x.player === e.player && edge.includes(x.from) && edge.includes(x.to));
    const lost = st ? dropNotTaken(e.player, st) : "";
    // the pawn already a step or more further when the ball came down: said, and that those steps do not count (Magic
    // newcomer 30 read "Blue e6 → d6" before "dropped at f6 → e6" as Blue walking through the wall)
    const last = st && S.recentSteps.find((x) => x.player === e.player), on = last && last !== st ? last.to : null;
    return st ? I18N.t("page.magic.log_ball_dropped_at", "💥 {Player}'s ball dropped at the step {from} → {to}: a wall there (the ball takes a moment to fall)",
                       { player: e.player, from: st.from, to: st.to })
        + (on ? I18N.t("page.magic.log_went_on_back", "; the pawn had gone on to {cell} by then: it goes back to its start corner all the same", { cell: on }) : "") + lost
      : I18N.t("page.magic.log_ball_dropped", "💥 {Player}'s ball dropped{where}", { player: e.player,
        // no edge: why no wall is marked (Magic newcomer 19 saw a drop with no wall and nothing said why)
        where: e.edge ? I18N.t("page.magic.wall_at", ": a wall at {edge}", { edge: e.edge })
          // (...a step onto a cell another pawn holds among the reasons: its reed is closed already, the step unseen;
          // Magic newcomer 52 stepped a5 → b5 onto Blue and read "too close together, or lifted" as not its case)
          : I18N.t("page.magic.wall_not_told", ": the board cannot tell at which step (the steps came too close together for the ball's fall, the pawn stepped onto a cell another pawn stands on, where the board cannot see the step, or it was lifted), so no wall is marked") });
  },
  wall_learned: (e) => I18N.t("page.magic.log_wall", "🧱 Wall found between {a} and {b}", { a: e.edge.split("-")[0], b: e.edge.split("-")[1] }),
  // counted as the score card does ("2/5") and the help says it ("Five symbols win")
  symbol_collected: (e) => I18N.t("page.magic.log_found_of", "⭐ {Player} found {symbol}: {score} of {goal} symbols",
    { player: e.player, symbol: sym(e.symbol), score: e.score, goal: (S.view && S.view.win_tokens) || "?" })
    + (e.drawn ? I18N.t("page.magic.log_drawn_under", " (it appeared under {Player}'s pawn: found at once)", { player: e.player }) : ""),
  turn_ended: (e) => I18N.t("page.magic.log_turn_ended", "{Player}'s turn ends: {why}", { player: e.player,
    why: REASON_TEXT[e.reason] ? REASON_TEXT[e.reason]() : e.reason }),
  returned_to_start: (e) => I18N.t("page.magic.log_back", "{Player} is back at the start with the ball", { player: e.player }),
  game_over: (e) => I18N.t("page.magic.log_over", "🏆 {Winner} wins ({scores})", { winner: e.winner,
    scores: I18N.series(Object.entries(e.scores).map(([p, s]) => I18N.t("page.magic.score_of", "{Player} {score}", { player: p, score: s }))) }),
};
// a symbol found, said for a moment over the top of the screen as the log says it (round 27: on a phone the
// prompt moved on to the next turn at once and the find was said only in the log, a screen below); the win
// has its banner instead
// ...two finds in one moment (a target drawn under another pawn is found at once) both, one a line, the first
// kept (Magic newcomer 34 saw only "Blue found 🐍 snake" when its own find drew the next target under Blue's pawn)
// over the players' row, whose score the find changes, where it is on the screen: never over the header's title and
// buttons (Magic newcomers 59, 61, 62: it hid ✨ New game, and on a wide screen the header's line); else at the top
// ...and on a phone over the tip's room just above that row (a tip, or the log's latest line), the scores left to
// read (Magic newcomers 63, 64, 65: the banner hid the score it announced), where it fits in that room (two finds
// at once: two lines, taller than the room, an attack); else over the row
function placeNews() {
  placeNewsNear();
  keepNewsOffBoard();
}
function placeNewsNear() {
  const box = $("news");
  if (!box || box.hidden) return;
  const row = $("players"), rr = row ? row.getBoundingClientRect() : null;
  const tip = $("guide"), g = tip ? tip.getBoundingClientRect() : null;
  Object.assign(box.style, { top: "", left: "", width: "", minHeight: "" });
  box.classList.remove("on-row");
  const fits = (r) => !!r && r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
  const overTip = fits(g) && !!rr && g.height > 20 && g.bottom <= rr.top + 12 && rr.top - g.bottom < 40;
  // a wide screen: over the head of "What happened", whose newest line says the same find (Magic newcomers 66, 68 and
  // 69: over the players' row it hid the score it announced; newcomer 70: over the target's row, the new target)
  const log = NOTICE.phone() ? null : $("log"), head = log ? log.previousElementSibling : null;
  const tr = head ? head.getBoundingClientRect() : null;
  // (a wide screen whose heading is below it: at the top of the screen, never over the scores: an attack at 1280x420)
  const r = overTip ? g : fits(tr) ? tr : NOTICE.phone() ? rr : null;
  if (!fits(r)) return; // at the top of the screen (.news)
  box.classList.add("on-row");
  Object.assign(box.style, { top: `${r.top}px`, left: `${r.left}px`, width: `${r.width}px` });
  // over the tip's room: as high as the room, none of its frame or words showing round it (Magic newcomer 67)
  if (overTip && box.offsetHeight <= g.height + 2) { box.style.minHeight = `${g.height}px`; return; }
  // ...taller than the room (finds at once on a small phone): from the room's top over the players' row, else over the
  // row, never down over the board (an attack: at 320x568 two finds ran over the board's top row, where they were);
  // where neither holds, at the top of the screen
  const frame = NOTICE.phone() ? document.querySelector(".board-frame") : null; // (a wide screen's board is beside)
  const floor = frame ? frame.getBoundingClientRect().top : window.innerHeight;
  const under = (top) => top + box.offsetHeight <= floor + 1;
  if (overTip && under(g.top)) Object.assign(box.style, { top: `${g.top}px`, left: `${rr.left}px`, width: `${rr.width}px` });
  else if (overTip || !under(r.top)) {
    if (under(rr.top)) Object.assign(box.style, { top: `${rr.top}px`, left: `${rr.left}px`, width: `${rr.width}px` });
    else { Object.assign(box.style, { top: "", left: "", width: "" }); box.classList.remove("on-row"); }
  }
}
// ...never over the board where room outside it is in view: at the top of the screen, else just under the board (an
// attack: a phone scrolled while it showed had the tip's room and the players' row gone up, the banner over the board)
function keepNewsOffBoard() {
  const box = $("news"), frame = document.querySelector(".board-frame");
  if (!box || box.hidden || !frame) return;
  const b = frame.getBoundingClientRect(), n = box.getBoundingClientRect(), h = box.offsetHeight;
  if (!(n.bottom > b.top + 1 && n.top < b.bottom - 1 && n.right > b.left && n.left < b.right)) return;
  const top = () => { Object.assign(box.style, { top: "", left: "", width: "", minHeight: "" }); box.classList.remove("on-row"); };
  if (b.top >= 8 + h) top();
  else if (window.innerHeight - b.bottom >= 8 + h) { top(); box.style.top = `${b.bottom + 4}px`; }
}
// ...and again as the screen turns, the window changes size or the page scrolls while it shows (an attack: a phone
// turned to landscape had it over the board, and back to portrait 828 px wide on a 390 px screen)
for (const ev of ["resize", "scroll"]) {
  window.addEventListener(ev, () => { const box = $("news"); if (box && !box.hidden) placeNews(); }, { passive: true });
}
function news(ev) {
  const box = $("news");
  if (!box) return;
  S.newsLines = box.hidden ? [] : S.newsLines || [];
  S.newsLines.push(LOG_TEXT.symbol_collected(ev));
  box.textContent = S.newsLines.slice(-3).join("\n");
  // (finds at once in smaller letters on a phone: three made it taller than the header, over the prompt at 320x568)
  box.classList.toggle("many", S.newsLines.length > 1);
  box.style.setProperty("--pc", `var(--${ev.player})`);
  box.hidden = false;
  placeNews();
  // (again as the page settles: the prompt grows with the next turn's words just after a find, an attack)
  for (const ms of [150, 600]) setTimeout(placeNews, ms);
  clearTimeout(S.newsTimer);
  S.newsTimer = setTimeout(() => { box.hidden = true; }, 3500 + 1500 * (Math.min(S.newsLines.length, 3) - 1));
}
function addLog(ev) {
  if (ev.type === "instruction") return; // shown as the prompt, not in the log
  if (ev.type === "step") S.recentSteps = [ev, ...S.recentSteps.slice(0, 5)];
  passedNow(ev);
  // this drop's wall, or none when the controller could not tell it (edge null): never an earlier drop's
  if (ev.type === "ball_dropped" && typeof ev.player === "string") S.crossed[ev.player] = typeof ev.edge === "string" ? ev.edge : null;
  // ...and the cell its pawn stood on then (its last step's), the cell the board first asks it back from
  if (ev.type === "ball_dropped" && typeof ev.player === "string") {
    const last = S.recentSteps.find((st) => st.player === ev.player);
    S.fellAt[ev.player] = last ? last.to : null;
  }
  // a target drawn under a pawn is found at once (the chain rule): no step comes between
  const drawnAt = S.drawnAt;
  S.drawnAt = ev.type === "target" ? ev.cell : ev.type === "step" ? null : S.drawnAt;
  if (ev.type === "symbol_collected") { ev = { ...ev, drawn: drawnAt === ev.cell }; S.lastFind = ev; }
  const text = (LOG_TEXT[ev.type] || ((e) => `${e.type}`))(ev);
  heardNews(ev, text);
  const li = document.createElement("li");
  li.className = ev.type + (["symbol_collected", "game_over", "wall_learned"].includes(ev.type) ? " big" : "");
  li.dataset.type = ev.type;
  const who = ev.player || ev.winner;
  if (who) li.style.setProperty("--pc", `var(--${who})`);
  li.innerHTML = `<span class="t">${I18N.clock(ev.t, S.heardT, ev.wall_ms)}</span><span class="pdot"></span><span class="text"></span>`;
  li.querySelector(".text").textContent = text;
  const log = $("log");
  log.prepend(li);
  while (log.children.length > 300) log.lastChild.remove();
}

// -- hands ------------------------------------------------------------------------------
function clearError() {
  if (S.restarting) return; // the restart's line goes at its hello
  clearTimeout(S.errorTimer);
  const e = $("error"), gone = () => { e.textContent = ""; e.classList.remove("toast", "near"); };
  const left = NOTICE.graceLeft(); // a refusal shown a moment ago is read first (notice.js)
  if (left > 0 && e.textContent) S.errorTimer = setTimeout(gone, left); else gone();
}
// a refusal a moment after a person's own turn ended (a tap as the board passed the turn on) says so first: Magic
// newcomer 38 read "it is Blue's turn" as having played out of turn
const JUST_ENDED_MS = 4000;
function lateWords(text) {
  const e = S.turnEnded, v = S.view;
  if (!e || !S.hello || !S.hello.humans.includes(e.player) || performance.now() - e.at > JUST_ENDED_MS) return text;
  // (a person here on turn now: the refusal is about their own turn, never the one before: a hot seat, an attack)
  if (!v || v.phase === "over" || v.current === e.player || S.hello.humans.includes(v.current)) return text;
  const why = REASON_TEXT[e.reason] ? REASON_TEXT[e.reason]() : String(e.reason || "");
  // (a sentence of its own before the refusal's: Magic newcomer 96 read "…(Done pressed): No step now: it is Blue's
  // turn", two colons in a row; ...begun with a capital: an attack read "(Done pressed). that is Blue's pawn")
  text = text.charAt(0).toLocaleUpperCase(I18N.lang) + text.slice(1);
  return S.hello.humans.length === 1
    ? I18N.t("page.magic.your_turn_ended", "Your turn ended just now ({why}). {text}", { why, text })
    : I18N.t("page.magic.turn_ended_now", "{Player}'s turn ended just now ({why}). {text}", { player: e.player, why, text });
}
function showError(text) {
  const e = $("error");
  text = lateWords(text);
  e.textContent = text;
  clearTimeout(S.errorTimer);
  S.errorTimer = setTimeout(() => { e.textContent = ""; e.classList.remove("toast", "near"); }, I18N.readMs(text));
  NOTICE.placeLine(e, text); // where the person looks (a phone: at the screen's foot), as every game page
}
function mine() { return S.hello && S.hello.humans.length > 0; }
function activeHuman() {
  if (!mine()) return null;
  return S.hello.humans.includes(S.selected) ? S.selected : S.hello.humans[0];
}
function planned(player) { const h = S.world.hands[player]; return h ? h.cell : null; }
function handRefused(player) { // the page's hand may not move the pawn now: say why (the view's hand:COLOUR)
  const [on, why] = control(`hand:${player}`);
  // the pawn on its way down to the corner the board asks for (this page's hand): said so, not "press ✊ Lift pawn,
  // then click a1" again, both done (an attack clicked a2 there)
  const corner = on ? null : settingDownOnCorner(player);
  if (corner) {
    showError(I18N.t("page.magic.no_step_setting_down", "No step now: your pawn is being set down on {corner}; then click your ball in the tray (or 🎣 Fish ball out)", { corner }));
    return true;
  }
  // (Magic newcomer 40 read "Your pawn stays: ... the pawn goes back to its start corner" as two opposites)
  if (!on) showError(I18N.t("page.magic.no_step_now", "No step now: {why}", { why }));
  return !on;
}
// a wall the players found this game stands on the edge between two cells (the view's walls_learned):
// a step across it is legal but sure to drop the ball again, refused in words as "not next to" is
function foundWall(a, b) {
  const [x, y] = [a, b].sort();
  return (S.view.walls_learned || []).includes(`${x}-${y}`) ? [x, y] : null;
}
// one step of `player`'s pawn to the neighbouring `cell`; false where the page refuses it (said why)
// the cells the move under way has passed (S.passed: its player and cells, from its roll on): a step back onto one is
// refused in words, as a step across a wall found is (Magic newcomer 108 stepped a1 → b1 → b2, tapped b1 "to undo",
// and the step was taken and spent, only the log's warning saying the rules forbid going back)
function passedNow(ev) {
  if (ev.type === "die_rolled" || ev.type === "turn_started" || ev.type === "game_started") S.passed = { player: ev.player, cells: new Set(), sent: 0 };
  else if (ev.type === "step" && S.passed && S.passed.player === ev.player) S.passed.cells.add(ev.from).add(ev.to);
}
// why this page refuses a step of `player`'s pawn from `a` onto `b`, in words, or null: a wall found between them (`a`
// null: not asked), or in a plain move (`plain`) a cell the move has passed already (a pawn the board asks back, after
// an overstep, may be slid back over its path)
function stepBlocked(player, a, b, plain) {
  const wall = a && foundWall(a, b);
  if (wall) return I18N.t("page.magic.found_wall", "a wall found already stands between {a} and {b}: go round it", { a: wall[0], b: wall[1] });
  if (plain && S.passed && S.passed.player === player && S.passed.cells.has(b)) {
    return I18N.t("page.magic.passed_already", "{cell} is a cell this move has passed already: the rules forbid going back (no probing for walls); step on elsewhere, or press ✋ Done", { cell: b });
  }
  return null;
}
// a plain move: a roll's steps, nothing asked back
function plainMove() { const s = said(); return !!s && s.action === "move" && !(s.requests || []).length; }
function slideStep(player, cell) {
  if (handRefused(player)) return false;
  const here = planned(player), plain = plainMove(), why = stepBlocked(player, here, cell, plain);
  if (why) { showError(why); return false; }
  // the roll's last step onto another pawn: a move may pass a pawn but not end on it (RULES.md), refused here in
  // words as a found wall is (Magic newcomer 24 stepped onto Blue's cell, then was asked to put it right)
  const other = stepsLeft(player) === 1 && Object.keys(S.world.pawns).find((p) => p !== player && S.world.pawns[p].cell === cell);
  if (other) {
    showError(I18N.t("page.magic.last_step_taken", "{Other}'s pawn stands on {cell}: your last step cannot end there (a pawn may pass another, not stop on it); step elsewhere or press ✋ Done",
      { other, cell }));
    return false;
  }
  send({ type: "slide", player, to: cell });
  S.world.hands[player] = { cell, busy: true }; // where the hand is heading; the server confirms
  if (S.passed && S.passed.player === player && here) { // (before the step's event)
    S.passed.cells.add(here).add(cell);
    if (plain) S.passed.sent += 1;
  }
  return true;
}
function cellClicked(cell) {
  const player = activeHuman();
  if (!player) { showError(WATCH()); return; }
  const here = planned(player);
  // (the controls follow the hand at once: Fish ball out acts while the pawn is set down on its corner, fetchControl)
  if (here === null) { send({ type: "place", player, cell }); S.world.hands[player] = { cell, busy: true }; drawControls(); return; }
  // the pawn's own cell: nothing to do there, but when the pawn may not move now, say why (round 26:
  // after the turn passed by itself a tap "did nothing and showed no message")
  if (cell === here) { handRefused(player); return; }
  if (backInOne(player, cell)) return; // Magic newcomer 21: a click on "↩ back here" was refused; a drag did it
  const other = Object.entries(S.world.pawns).find(([p, v]) => v.cell === cell && S.hello.humans.includes(p));
  if (other && !adjacent(here, cell)) { pawnClicked(other[0]); return; }
  // a simulated player's pawn clicked where no step of the person's goes there: say whose it is (the
  // newcomer read "Your pawn stays: press Roll first" as about the pawn they had clicked)
  const theirs = theirsOn(cell);
  if (theirs && (!control(`hand:${player}`)[0] || !adjacent(here, cell))) { notYours(theirs); return; }
  if (handRefused(player)) return; // why the pawn stays, before "not next to"
  if (adjacent(here, cell)) slideStep(player, cell);
  else farTap(player, here, cell);
}
// a tap on a cell not next to the pawn (Magic newcomers 106 and 109 tapped the lit cell "3", as its number seemed to
// invite): in line with the pawn, within the roll, with no wall found nor cell passed on the way, the pawn walks
// there a step at a time, as a straight drag along the line does (the one way there); otherwise the words say why,
// and off the line which first steps the player may choose (the way is theirs: a hidden wall may stand on any)
function farTap(player, here, cell) {
  const s = said(), plain = plainMove(), line = straight(here, cell);
  // (a correction spends no roll: the pawn the board asks back walks to the cell it asks for, as slideStep lets it:
  // an attack's tap on the asked a3 was answered "a3 is 2 steps from a5: your roll leaves 0")
  const asked = !plain && ((s && s.requests) || []).some((q) => q.kind === "pawn" && q.piece === player && q.to.includes(cell));
  const left = plain ? stepsLeft(player) : null;
  // the tapped cell passed already, said first, in line or not (attack 16 tapped the dark a1 from b2 and read "first
  // b1", from where a1 was refused as passed)
  const walks = asked || left !== null;
  const passedWhy = walks ? stepBlocked(player, null, cell, plain) : null;
  if (passedWhy) { showError(passedWhy); return; }
  // in line, what stands in the way first, as its step's own refusal says it (an attack, back along the walk to a1,
  // read "your roll leaves 1" as if a bigger roll would let it): a wall found or a cell passed on the way
  const why = walks && line ? line.map((c, i) => stepBlocked(player, i ? line[i - 1] : here, c, plain)).find(Boolean) : null;
  if (why) { showError(why); return; }
  // ...and off the line, where every step has one way on (the others closed by a wall found or a cell passed: Magic
  // newcomer 112 clicked the lit d2 from c1 and read "first d1", the one way there): walked as a line is
  const way = walks ? line || oneWay(player, here, cell, plain) : null;
  if (way) {
    if (!asked && way.length > left) {
      showError(I18N.t("page.magic.far_beyond_roll", "{cell} is {n} steps from {here}: your roll leaves {left}", { cell, n: way.length, here, left }));
      return;
    }
    for (const c of way) { if (!slideStep(player, c)) return; }
    return;
  }
  const first = towards(player, here, cell, plain).sort();
  showError(plain && first.length
    ? I18N.t("page.magic.not_next_first", "{cell} is not next to {here}: step one cell at a time, the way you choose (a hidden wall may stand on any): first {first}",
      { cell, here, first: first.join(I18N.t("page.magic.or", " or ")) })
    : I18N.t("page.magic.not_next_way", "{cell} is not next to {here}: slide one cell at a time, by the way you choose (a hidden wall may stand on any), or drag the pawn along it", { cell, here }));
}
// the steps from `at` one cell nearer to `cell`, along its row or its column, that the page would take (stepBlocked: no
// wall found there, no cell passed): none, one or two cells
function towards(player, at, cell, plain) {
  const [f, r] = coords(at), [tf, tr] = coords(cell);
  return [[Math.sign(tf - f), 0], [0, Math.sign(tr - r)]].filter(([df, dr]) => df || dr)
    .map(([df, dr]) => cellAt(f + df, r + dr)).filter((c) => c && !stepBlocked(player, at, c, plain));
}
// the one way from `here` to `cell` by steps each nearer to it (towards), or null where a step has two ways on (the
// player's choice: a hidden wall may stand on either) or none
function oneWay(player, here, cell, plain) {
  const way = [];
  for (let at = here; at !== cell; at = way[way.length - 1]) {
    const next = towards(player, at, cell, plain);
    if (next.length !== 1) return null;
    way.push(next[0]);
  }
  return way;
}
// the pawn on `cell` of a player no one at this page plays (a simulated one's), or undefined
function theirsOn(cell) {
  return S.world && S.hello ? Object.keys(S.world.pawns).find((p) => S.world.pawns[p].cell === cell && !S.hello.humans.includes(p)) : undefined;
}
// a click on, or a drag of, `theirs`'s pawn: whose it is and which is the person's (the newcomer read "Your pawn stays:
// press Roll first" as about the pawn they had clicked)
function notYours(theirs) {
  const player = activeHuman();
  if (!player) { showError(WATCH()); return; }
  showError(I18N.t("page.magic.not_your_pawn", "that is {Other}'s pawn: yours is the {colour} one on {here}",
    { other: theirs, colour: I18N.lang === "en" ? player : I18N.say(`colour.${player}`), here: planned(player) }));
}
// the end of a finger's drag of a pawn (pawnDiv), or of a drag begun on its cell: over another cell, the drop a
// mouse's HTML drag makes there; a pointer that lifts where it came down (under 10 px away) was a click or tap
document.addEventListener("pointerup", (e) => {
  const drag = S.pointerDrag;
  S.pointerDrag = null;
  markDrop(null);
  if (!drag || Math.hypot(e.clientX - drag.x, e.clientY - drag.y) < 10 || !S.hello || !S.world) return;
  if (drag.theirs) { notYours(drag.theirs); return; }
  const cell = document.elementsFromPoint(e.clientX, e.clientY).map((el) => el.closest("#board .cell")).find(Boolean);
  if (cell) dropped(drag.player, cell.dataset.cell);
});
document.addEventListener("pointercancel", () => { S.pointerDrag = null; markDrop(null); });
// the cell under a dragging finger, marked as a mouse's drag marks it (round 27: nothing showed until release)
function markDrop(cell) { $("board").querySelectorAll(".cell.drop-ok").forEach((c) => { if (c !== cell) c.classList.remove("drop-ok"); }); if (cell) cell.classList.add("drop-ok"); }
document.addEventListener("pointermove", (e) => {
  if (!S.pointerDrag || S.pointerDrag.theirs) return;
  const over = document.elementsFromPoint(e.clientX, e.clientY).map((el) => el.closest("#board .cell")).find(Boolean) || null;
  markDrop(over);
  if (over) passed(over.dataset.cell);
});
// the cells a drag passes over, in order (S.dragPath): a pawn dragged across the board slides over them, as a hand
// sliding it does on the real board (Magic newcomer 22 dragged a2 over a3 to a4 and was warned of a jump)
function passed(cell) { if (S.dragPath && S.dragPath[S.dragPath.length - 1] !== cell) S.dragPath.push(cell); }
// the slide a drag from `here` to `cell` made: the cells it passed, each next to the one before, ending on `cell`;
// two cells the pointer was seen on in one row or column stand for the cells between them too (an attack, session
// 6: a quick straight drag, seen on a1 then on a3, was a jump); a pointer that crossed a corner diagonally or went
// back over a cell: not a slide; null if it is none
function dragSlide(here, cell) {
  const path = [];
  let at = here;
  for (const c of (S.dragPath || []).filter((x) => x !== here)) {
    const line = straight(at, c);
    if (!line) return null;
    path.push(...line);
    at = c;
  }
  if (!path.length || path[path.length - 1] !== cell) return null;
  return new Set(path).size === path.length ? path : null;
}
// the cells from `a` (left out) to `b` along one row or column, in order ([] for a itself); null off a straight line
function straight(a, b) {
  const [fa, ra] = coords(a), [fb, rb] = coords(b);
  if (fa !== fb && ra !== rb) return null;
  const n = Math.abs(fb - fa) + Math.abs(rb - ra), df = Math.sign(fb - fa), dr = Math.sign(rb - ra);
  return Array.from({ length: n }, (_, i) => cellAt(fa + df * (i + 1), ra + dr * (i + 1)));
}
// the steps the roll leaves `player` now (the view's die less the steps the board counted, or those this page's hand
// has been sent, where more: the board counts a step once its reed sees it), or null where none is counted (no roll
// under way); a drag slides the pawn no further (an attack, session 6: a drag of four cells on a roll of 2 took the
// pawn two past it, where a tap is refused once the steps are used; an attack, session 32: a tap on a3, then on a5
// before the board had counted the first walk, took the pawn past a roll of 3)
function stepsLeft(player) {
  const v = S.view;
  if (!v || v.phase !== "move" || v.current !== player || typeof v.die !== "number") return null;
  const sent = S.passed && S.passed.player === player ? S.passed.sent : 0;
  return Math.max(0, v.die - Math.max(v.steps || 0, sent));
}
// a click or tap on a pawn picks it (the one a cell's click moves); on the pawn the board asks back (its ball fell),
// takes it in hand, as ✊ Lift pawn does (Magic newcomer 97 tapped its fallen pawn, as on a real board, and nothing
// changed on the screen)
function pawnClicked(player) {
  S.selected = player;
  if (S.hello.humans.includes(player) && planned(player) !== null && control(`lift:${player}`)[0]) { liftHand(player); return; }
  drawPawns(); drawControls();
}
function liftHand(player) {
  send({ type: "lift", player });
  S.world.hands[player] = { cell: null, busy: true };
  drawPawns(); drawControls(); drawPrompt(); // in the hand now: say so at once
}
function dropped(player, cell) {
  if (!S.hello.humans.includes(player)) return;
  S.selected = player;
  const here = planned(player);
  if (here === null) { send({ type: "place", player, cell }); return; }
  if (here === cell || backInOne(player, cell)) return;
  if (adjacent(here, cell)) { slideStep(player, cell); return; }
  if (handRefused(player)) return;
  const slide = dragSlide(here, cell);
  S.dragPath = null;
  if (!slide) { jump(player, cell); return; }
  const left = stepsLeft(player), steps = left === null ? slide : slide.slice(0, left);
  for (const c of steps) { if (!slideStep(player, c)) return; }
  if (steps.length < slide.length && steps.length) {
    showError(I18N.t("page.magic.drag_roll_end", "your roll allows {n} more step(s): the pawn stops on {cell}",
      { n: steps.length, cell: steps[steps.length - 1] }));
  } else if (!steps.length) handRefused(player) || showError(I18N.t("page.magic.no_steps_left", "no steps left of your roll: press ✋ Done"));
}
// a click, a tap or a drop on the cell the board asks `player`'s pawn back to (its start corner after its ball
// fell: the "↩ back here" ring) while Lift acts for it: Lift and that cell in one, as a hand takes it there
function backInOne(player, cell) {
  const asked = ((said() || {}).requests || []).find((q) => q.kind === "pawn" && q.piece === player);
  if (!asked || !control(`lift:${player}`)[0] || !asked.to.includes(cell)) return false;
  jump(player, cell);
  return true;
}
function jump(player, cell) {
  send({ type: "lift", player }); // a jump: the pawn leaves the board and lands elsewhere
  send({ type: "place", player, cell });
  S.world.hands[player] = { cell, busy: true };
  drawControls();
}
// Fish ball out's control for `player`, as control() gives it, said for the pawn in this page's hand: the board
// asks for the pawn on its corner first, and with the pawn lifted that is one tap, not "press ✊ Lift pawn" again
// (Magic newcomer 20 had lifted it, tapped the ball too early, and was told to lift)
function fetchControl(player) {
  const c = S.view && S.view.controls ? S.view.controls[`fetch:${player}`] : null, [on, why] = control(`fetch:${player}`);
  if (!on && c && c[2] && c[2].id === "control.fetch.pawn_first" && S.world && S.world.hands[player] && planned(player) === null) {
    return [false, I18N.t("page.magic.fetch_set_down_first", "first click {corner} to set down the pawn in your hand: the ball goes back under the pawn once it stands on its start corner",
                          { corner: (c[2].args || {}).corner || "" })];
  }
  // the pawn set down on its corner by this page's hand, not yet seen there by the board: Fish ball out acts, once
  // it stands there (fetchWhenBack; Magic newcomers 89 and 93 pressed F a moment after the click on a1 and were told
  // to lift the pawn and click a1, both done)
  if (!on && settingDownOnCorner(player)) return [true, fetchLaterWords(player)];
  return [on, why];
}
// the start corner the board asks `player`'s pawn back to, when this page's hand has it on its way there (or set down
// there, not yet seen by the board), else null
function settingDownOnCorner(player) {
  const asked = ((said() || {}).requests || []).find((q) => q.kind === "pawn" && q.piece === player);
  const at = S.world && S.world.hands[player] ? planned(player) : null;
  return asked && at !== null && asked.to.includes(at) ? at : null;
}
function fetchLaterWords(player) {
  return I18N.t("page.magic.fetch_when_back", "🎣 Your ball is fished out once your pawn stands on {corner}.", { corner: settingDownOnCorner(player) });
}
function fetchBall(player) {
  if (!S.hello.humans.includes(player)) { showError(I18N.t("page.magic.not_your_ball", "that is {player}'s ball: a simulated player fetches it", { player })); return; }
  // (the ball seen on the pawn already: said so, as the button's title, not asked again while the board's controls
  // lag a moment behind the world's news -- CI68 pressed F just after the fish and heard nothing)
  const me = S.world && S.world.pawns[player];
  if (me && me.ball === "attached") { showError(I18N.t("page.magic.fetch_attached", "Fish ball out (F): your ball is on your pawn")); return; }
  const [on, why] = fetchControl(player);
  if (!on) { showError(I18N.t("page.magic.fetch_refused", "Fish ball out: {why}", { why })); return; }
  if (!control(`fetch:${player}`)[0]) { S.fetchWhenBack = player; showError(fetchLaterWords(player)); return; }
  S.fetchWhenBack = null;
  send({ type: "fetch-ball", player });
}
// a fish asked for while the pawn was on its way to its corner (fetchBall): sent once the board's controls let it,
// forgotten when the pawn is set down elsewhere or the board asks for something else
function fetchWhenBack() {
  const player = S.fetchWhenBack;
  if (!player || !S.view) return;
  if (control(`fetch:${player}`)[0]) { S.fetchWhenBack = null; send({ type: "fetch-ball", player }); }
  else if (!settingDownOnCorner(player)) S.fetchWhenBack = null;
}
function arrow(dir) {
  const player = activeHuman();
  if (!player) return;
  const here = planned(player);
  if (here === null) { showError(I18N.t("page.magic.in_hand_error", "your pawn is in your hand: click a cell to set it down")); return; }
  const [f, r] = coords(here), to = cellAt(f + dir[0], r + dir[1]);
  if (to) slideStep(player, to);
}

function press(button) {
  const [on, why] = control(button);
  if (!on) { showError(I18N.t("page.magic.refused", "{Button}: {why}", { button, why })); return; }
  send({ type: "press", button });
}

function wire() {
  // a phone's tray strip: a tap anywhere on it (its label, its frame) fishes out this page's one ball there, as the
  // ball and its words do (Magic newcomer 58 tapped the strip and only the 30 px ball answered)
  $("tray-strip").addEventListener("click", (e) => {
    if (!S.world || (e.target.closest && e.target.closest(".strip-ball, .where.mine, .mini-tray"))) return;
    const mine = [...new Set(Object.values(S.world.tray).flat().filter((p) => S.hello.humans.includes(p)))];
    if (mine.length === 1) fetchBall(mine[0]);
  });
  // a control pressed with the mouse or a finger keeps no focus (Chromium draws a focused button's ring
  // after any key press, and a greyed Roll with a ring looked selected); a keyboard's press (detail 0) keeps it
  document.addEventListener("click", (e) => {
    const b = e.detail > 0 && e.target.closest ? e.target.closest(".controls button") : null;
    if (b) b.blur();
  }, true);
  document.addEventListener("click", tapOff, true); // before any other listener: a control off never acts
  $("roll").addEventListener("click", () => press("roll"));
  $("done").addEventListener("click", () => press("done"));
  $("lift").addEventListener("click", () => {
    const player = activeHuman();
    if (!player) return;
    if (planned(player) === null) { showError(I18N.t("page.magic.set_down", "click a cell to set the pawn down")); return; }
    liftHand(player);
  });
  $("fetch").addEventListener("click", () => { const p = activeHuman(); if (p) fetchBall(p); });
  // showing every hidden wall spoils a memory game: asked first while a game goes on (Magic newcomer 17 tapped it
  // mid-game; a phone has no hover to read its title "for debugging")
  $("reveal").addEventListener("change", async (e) => {
    const box = e.target, playing = S.view && S.view.phase !== "over";
    if (box.checked && playing) {
      box.checked = false; // ticked once the question is answered yes
      if (!await ASK.ask(I18N.t("page.magic.reveal_confirm",
        "Show every hidden wall? This spoils the game (it is a memory game): Reveal walls is for trying things out."),
      I18N.t("page.magic.reveal_yes", "Show the walls"), I18N.t("page.common.ask_no", "Cancel"))) {
        box.focus();
        return;
      }
      box.checked = true;
      box.focus();
    }
    send({ type: "reveal", on: box.checked });
  });
  document.addEventListener("keydown", (e) => {
    // keys typed into a field or a dialog are theirs; a checkbox (Reveal walls) takes no letters (Magic newcomer
    // 18: after ticking it, R and the arrows did nothing, without a word)
    if (e.target.closest && e.target.closest("input:not([type=checkbox]), select, textarea, dialog")) return;
    // with Ctrl, Alt or Meta a key is the browser's (Ctrl+R reloads, Ctrl+D bookmarks: they rolled and pressed
    // Done); R and D act once per press, never on a held key's repeats (as common.js's MB.ownKey; attack 16)
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = NOTICE.keyOf(e);
    // a key's refusal said beside what it presses, as a click's: the pawn for an arrow, the button for a letter (Magic
    // newcomer 106 pressed ← into a wall found already, eyes on the board, and missed the words under the buttons)
    const pressed = KEY_DIR[e.key] ? document.querySelector(`#board .pawn.${activeHuman()}`)
      : { r: $("roll"), d: $("done"), l: $("lift"), f: $("fetch") }[k];
    if (pressed) NOTICE.keyAt(pressed);
    if (KEY_DIR[e.key]) { e.preventDefault(); arrow(KEY_DIR[e.key]); }
    else if (e.repeat) return;
    else if (k === "r") press("roll");
    else if (k === "d") { if (!unmovedD()) press("done"); }
    // Lift pawn and Fish ball out too (Magic newcomer 74 looked for their keys after a drop and took the mouse); a
    // key for a button that is off says why, as a tap on it does (tapOff)
    else if (k === "l") keyButton($("lift"));
    else if (k === "f") { const p = activeHuman(); if (p) fetchBall(p); else keyButton($("fetch")); } // (as its button)
  });
  const openNew = () => {
    const h = S.hello;
    $("ng-players").value = String(h ? h.players.length : 2);
    // this game's maze too, as its players (Magic newcomer 20: Players kept 3, Maze went back to easy after hard)
    if (h && [...$("ng-maze").options].some((o) => o.value === h.maze)) $("ng-maze").value = h.maze;
    fillHumans();
    // in the middle of a game, the dialog says that game ends (and how to keep it); not once it is over
    const v = S.view;
    $("ng-ends").hidden = !(h && v && v.phase !== "over" && !(said() && said().action === "game_over"));
    fillWinTokens((S.view && S.view.win_tokens) || 5);
    $("new-dialog").showModal();
  };
  const fillHumans = () => {
    const n = parseInt($("ng-players").value, 10), h = S.hello;
    $("ng-humans").replaceChildren(...(h ? h.colours : ["red", "blue", "green", "yellow"]).slice(0, n).map((c) => {
      const label = document.createElement("label"), box = document.createElement("input");
      Object.assign(box, { type: "checkbox", name: "humans", value: c, checked: !!(h && h.humans.includes(c)) });
      label.className = c;
      label.append(box, ` ${I18N.lang === "en" ? c : I18N.say(`colour.${c}`)}`); // the colour in the page's language
      return label;
    }));
  };
  // a shorter game (newcomer round 7 played 9 minutes to 5): the symbols to win, opened on this game's own
  const fillWinTokens = (now) => {
    $("ng-win-tokens").replaceChildren(...[...new Set([1, 2, 3, 4, 5, 6, 8, 12, now])].sort((a, b) => a - b).map((n) => {
      const o = document.createElement("option");
      o.value = String(n);
      o.selected = n === now;
      o.textContent = n === 5 ? I18N.t("page.magic.win_rules", "{n} (the rules)", { n })
        : n < 5 ? I18N.t("page.magic.win_shorter", "{n} (a shorter game)", { n }) : I18N.t("page.magic.win_longer", "{n} (a longer game)", { n });
      return o;
    }));
  };
  $("ng-players").addEventListener("change", fillHumans);
  $("new-game").addEventListener("click", openNew);
  $("banner-new").addEventListener("click", () => { $("banner").hidden = true; openNew(); });
  $("banner-close").addEventListener("click", () => { $("banner").hidden = true; NOTICE.lookAtBoard(); });
  $("new-dialog").addEventListener("close", () => {
    if ($("new-dialog").returnValue !== "start") return;
    const humans = [...document.querySelectorAll("#ng-humans input:checked")].map((i) => i.value);
    const seedText = $("ng-seed").value.trim();
    send({ type: "new_game", players: parseInt($("ng-players").value, 10), maze: $("ng-maze").value,
           humans, seed: seedText === "" ? null : parseInt(seedText, 10), win_tokens: parseInt($("ng-win-tokens").value, 10) || 5 });
  });
  // opened at its top: showModal focuses the first control, "Got it" at the bottom, and scrolls there
  $("help-button").addEventListener("click", () => { $("help").showModal(); $("help").scrollTop = 0; });
}

wire();
NOTICE.guide("magic-labyrinth", TIPS);
NOTICE.socket = () => S.ws; // the tips read here are told on it (notice.js share)
I18N.settled(connect); // in the page's language from the board's first message on (i18n.js)

// the page's language arrived (i18n.js): say the prompt in it
I18N.ready(() => {
  if (S.view && S.hello) drawInfo();
  if (S.hello && S.world) drawTray();
  const t = connWords($("conn").dataset.state); // (a catalogue later than the page waits: the badge too)
  if (t) $("conn").textContent = t;
  // ...and the symbols' names on the cells (drawn with the board at the hello)
  if (S.hello) for (const el of $("board").querySelectorAll(".cell .name")) el.textContent = symLabel(S.hello.symbols[el.closest(".cell").dataset.cell]);
});

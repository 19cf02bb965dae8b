// The real board's companion page (mazeboard service run): the LEDs as the controller drives them,
// every sensor (closed reed switches, Hall-effect sensors, buttons as pressed), what the board asks
// now, whose turn, the scores, the log, the lobby and its options, the seats. It draws what the
// server sends; the only things it can ask of the board are the lobby's (options, start, abandon),
// and only for a browser holding a seat. It can never move a piece: there is no such message.
"use strict";

const C = { hello: null, view: null, pixels: [], sensors: null, lobby: null, phase: "", flash: {} };
// the lobby's state in the page's language (controller/lobby.py STATES; an attack read "playing: Rot und Blau sitzen")
const LOBBY_STATE = {
  seating: () => I18N.t("page.common.lobby_seating", "seating"), result: () => I18N.t("page.common.lobby_result", "result"),
  playing: () => I18N.t("page.common.lobby_playing", "playing"),
  confirming_abandon: () => I18N.t("page.common.lobby_confirming", "confirming the abandon"),
};
const GAME_LOG = {
  game_started: (e) => I18N.t("page.common.log.game_started", "A new game: {players}", { players: I18N.list((e.players || []).map(MB.colourName)) }),
  turn_started: (e) => I18N.t("page.common.log.turn_started", "{Player}'s turn", e),
  game_over: (e) => I18N.t("page.common.log.game_over", "🏆 {Winner} wins", e),
  game_requested: (e) => I18N.t("page.common.log.game_requested", "Game requested ({by}): {players}", { by: e.by, players: I18N.list((e.players || []).map(MB.colourName)) }),
  game_abandoned: (e) => I18N.t("page.common.log.game_abandoned", "Game abandoned ({by}): {reason}", { by: e.by, reason: e.reason || "" }),
  abandon_asked: (e) => I18N.t("page.common.log.abandon_asked", "Abandon? asked from the {by}: confirm on the board", e),
  abandon_cancelled: (e) => I18N.t("page.common.log.abandon_cancelled", "Abandon cancelled ({reason})", e),
  warning: (e) => I18N.t("page.common.log.warning", "⚠ {Player} {kind}{at}", { player: e.player, kind: e.kind,
    at: e.cell ? I18N.t("page.common.log.at", " at {cell}", e) : "" }),
  die_rolled: (e) => I18N.t("page.common.log.die_rolled", "{Player} rolled {value}", e),
  step: (e) => `${cap(e.player)} ${e.from} → ${e.to}`,
  symbol_collected: (e) => I18N.t("page.common.log.symbol_collected", "⭐ {Player} found {symbol}", e),
  card_found: (e) => I18N.t("page.common.log.card_found", "⭐ {Player} found {card}", e),
  round_started: (e) => I18N.t("page.common.log.round_started", "Round {round}", e),
  hand: (e) => I18N.t("page.common.log.hand", "{Player} threw {faces}", { player: e.player, faces: (e.faces || []).join(" ") }),
  held: (e) => I18N.t("page.common.log.held", "{Player} holds dice {held}", { player: e.player,
    held: I18N.series(e.held || []) || I18N.t("page.common.log.none", "none") }),
  outcomes: (e) => I18N.t("page.common.log.outcomes", "{count} ways to play the hand", { count: (e.outcomes || []).length }),
  played: (e) => I18N.t("page.common.log.played", "{Player} played", e),
  round_over: (e) => I18N.t("page.common.log.round_over", "Round {round} over", e),
  spare_rotated: (e) => I18N.t("page.common.log.spare_rotated", "{Player} turned the spare to {rotation}°", e),
  shifted: (e) => I18N.t("page.common.log.shifted", "{Player} pushed the spare in at {slot}", e),
  turn_ended: (e) => I18N.t("page.common.log.turn_ended", "{Player}'s turn ends", e),
  ball_dropped: (e) => I18N.t("page.common.log.ball_dropped", "💥 {Player}'s ball dropped", e),
  wall_learned: (e) => I18N.t("page.common.log.wall_learned", "🧱 Wall found at {edge}", e),
  target: (e) => I18N.t("page.common.log.target", "New target: {symbol} on {cell}", e),
  instruction: null, lobby: null,
};

function magnetTitle() { return I18N.t("page.common.magnet", "a magnet: the reed switch is closed"); }
function isCell(name) { return /^[a-z][1-9]$/.test(name); }

function build() {
  const h = C.hello, board = $("board"), extras = $("extras");
  $("title").textContent = h.title;
  document.title = I18N.t("page.common.doc_title", "{title} · mazeboard", { title: h.title });
  board.innerHTML = ""; extras.innerHTML = "";
  const gridNames = new Set();
  if (h.grid) {
    const [files, ranks] = h.grid;
    board.style.gridTemplateColumns = `repeat(${files}, 1fr)`;
    for (let r = ranks - 1; r >= 0; r--) {
      for (let f = 0; f < files; f++) {
        const cell = String.fromCharCode(97 + f) + (r + 1), d = document.createElement("div");
        d.className = "cell"; d.dataset.cell = cell;
        d.innerHTML = `<span class="coord">${cell}</span><span class="magnet" title="${escHTML(magnetTitle())}"></span>`;
        board.appendChild(d); gridNames.add(cell);
      }
    }
  } else board.hidden = true;
  const names = [...new Set([...Object.keys(h.layout), ...h.reeds, ...h.hall, ...h.buttons])].filter((n) => !gridNames.has(n));
  for (const n of names) {
    const d = document.createElement("span");
    d.className = "chip" + (h.hall.includes(n) ? " hall" : "") + (h.buttons.includes(n) ? " button" : "") + (h.reeds.includes(n) ? " reed" : "");
    d.dataset.name = n; d.textContent = n;
    extras.appendChild(d);
  }
  MB.seatColours = h.colours;
  MB.drawSeats();
  wireOptions();
}

function drawLeds() {
  if (!C.hello) return;
  for (const el of document.querySelectorAll("#board .cell, #extras .chip")) {
    const name = el.dataset.cell || el.dataset.name, i = C.hello.layout[name];
    if (i !== undefined) MB.light(el, C.pixels[i]);
  }
}

// Labyrinth: the tiles as they lie (or, during the guided layout, as they must be laid: the cell
// to lay now outlined, the ones not laid yet dimmed), the spare and Vader's start, from the view
function drawTiles() {
  const v = C.view || {}, rows = C.phase === "lobby" ? null : v.layout, card = $("tilecard");
  const board = $("board");
  board.classList.toggle("tiled", !!(rows && rows.length));
  if (!rows || !rows.length || !C.hello || !C.hello.grid) { card.hidden = true; return; }
  const ranks = C.hello.grid[1], step = v.layout_step, laid = new Set(v.laid || []);
  rows.forEach((row, k) => {
    row.split(" ").forEach((word, f) => {
      const cell = String.fromCharCode(97 + f) + (ranks - k), el = board.querySelector(`.cell[data-cell="${cell}"]`);
      if (!el) return;
      let t = el.querySelector(".ctile");
      if (!t) { t = document.createElement("span"); t.className = "ctile"; el.prepend(t); }
      if (t.dataset.tile !== word) {
        const { mask, label } = parseTile(word);
        t.dataset.tile = word;
        t.innerHTML = tileSVG(mask) + (label ? `<span class="cpic" title="${label}">${pictureHTML(label)}</span>` : "");
      }
      el.classList.toggle("lay-now", !!(step && step.cell === cell));
      el.classList.toggle("unlaid", !!step && !step.spare && step.cell !== cell && !laid.has(cell) && !isFixed(f, ranks - k));
      el.classList.toggle("vader-start", v.vader === cell);
    });
  });
  card.hidden = false;
  const show = step ? parseTile(step.tile) : parseTile(v.spare || "");
  const label = show.label;
  const n = step ? { n: step.index + 1, steps: step.steps, cell: step.cell, rank: ranks } : {};
  $("tilecard-title").textContent = step
    ? (step.spare ? I18N.t("page.common.tile_spare", "Tile {n} of {steps}: keep this one aside as the spare", n)
      : I18N.t("page.common.tile_lay", "Tile {n} of {steps}: lay it on {cell}, turned as drawn (the top is rank {rank}'s side)", n))
    : I18N.t("page.common.spare_turned", "The spare tile, as turned");
  $("tilecard-tile").innerHTML = (step || v.spare) ? tileSVG(show.mask) +
    (label ? `<span class="cpic">${pictureHTML(label)}</span>` : "") : "";
  $("tilecard-tile").dataset.tile = step ? step.tile : (v.spare || "");
  $("tilecard-name").textContent = label ? (label === "vader" ? I18N.t("page.common.vader_name", "Vader's mark") : label)
    : I18N.t("page.common.no_picture", "no picture");
  $("tilecard-vader").textContent = v.vader ? I18N.t("page.common.vader_starts", "Vader starts on {cell}.", { cell: v.vader }) : "";
}
// Struggle: the track as the simulator draws it (a serpentine of coloured spaces, start bottom left,
// then the arrival places), each space with its LED and reed switch, and the tokens where the board
// believes they stand (the view's spaces and arrivals: the reeds cannot tell tokens apart)
const TRACK_PER_ROW = 6;
const TOKEN_ORDER = ["K", "Q", "J", "10", "9"];
function drawTrack() {
  const v = C.view || {}, track = C.phase === "lobby" ? null : v.track, board = $("board");
  const on = !!(track && track.length && C.hello && !C.hello.grid);
  board.classList.toggle("track", on);
  if (!on) { if (C.hello && !C.hello.grid) { board.hidden = true; board.dataset.track = ""; } return; }
  board.hidden = false;
  const places = (C.hello.reeds || []).filter((n) => n.startsWith("place-"));
  const sig = track.join(",") + "|" + places.join(",");
  if (board.dataset.track !== sig) {
    board.dataset.track = sig;
    board.innerHTML = "";
    const rows = Math.ceil(track.length / TRACK_PER_ROW), all = Math.max(rows, places.length);
    board.style.gridTemplateColumns = `repeat(${TRACK_PER_ROW + 1}, minmax(0, 1fr))`;
    const space = (name, kind, label, row, col) => {
      const d = document.createElement("div");
      d.className = `cell space kind-${kind}`; d.dataset.name = name; d.dataset.kind = kind;
      d.style.gridRow = String(row); d.style.gridColumn = String(col);
      d.title = I18N.t("page.common.space_title", "{label}: its LED and reed switch", { label });
      d.innerHTML = `<span class="coord">${label}</span><span class="magnet" title="${escHTML(magnetTitle())}"></span><span class="toks"></span>`;
      board.appendChild(d);
    };
    track.forEach((kind, i) => {
      const row = Math.floor(i / TRACK_PER_ROW), k = i % TRACK_PER_ROW;
      space(`s${i}`, kind, kind === "start" ? "START" : kind === "finish" ? "FINISH" : String(i),
            all - row, (row % 2 === 0 ? k : TRACK_PER_ROW - 1 - k) + 1);
    });
    places.forEach((name, j) => space(name, "place", name.slice(6), j + 1, TRACK_PER_ROW + 1));
    for (const chip of document.querySelectorAll("#extras .chip")) {
      chip.hidden = /^s\d+$/.test(chip.dataset.name) || chip.dataset.name.startsWith("place-");
    }
    drawLeds(); drawSensors();
  }
  const at = {};
  for (const [t, i] of Object.entries(v.spaces || {})) (at[`s${i}`] = at[`s${i}`] || []).push(t);
  (v.arrived || []).forEach((t, j) => { if (places[j]) (at[places[j]] = at[places[j]] || []).push(t); });
  for (const el of board.querySelectorAll(".space")) {
    const toks = (at[el.dataset.name] || []).filter((t) => !(v.arrived || []).includes(t) || el.dataset.kind === "place");
    el.querySelector(".toks").textContent = toks.sort((a, b) => TOKEN_ORDER.indexOf(a) - TOKEN_ORDER.indexOf(b)).join(" ");
  }
}

// the fixed tiles of the Labyrinth (odd files and ranks, 1-based) are never laid by hand
function isFixed(f, rank) { return f % 2 === 0 && (rank - 1) % 2 === 0; }

function drawSensors() {
  if (!C.hello || !C.sensors) return;
  const closed = new Set(C.sensors.closed), active = new Set(C.sensors.active);
  for (const el of document.querySelectorAll("#board .cell")) el.classList.toggle("closed", closed.has(el.dataset.cell || el.dataset.name));
  const now = performance.now();
  const latest = C.sensors.pressed[0];
  if (latest && (!C.lastPress || latest.t !== C.lastPress.t || latest.button !== C.lastPress.button)) {
    C.flash[latest.button] = now + 1500; C.lastPress = latest;
  }
  for (const el of document.querySelectorAll("#extras .chip")) {
    const n = el.dataset.name;
    el.classList.toggle("closed", closed.has(n));
    el.classList.toggle("active", active.has(n));
    el.classList.toggle("pressed", (C.flash[n] || 0) > now);
  }
  $("board").dataset.closed = [...closed].sort().join(",");
  $("extras").dataset.active = [...active].sort().join(",");
  $("extras").dataset.pressed = C.sensors.pressed.map((p) => p.button).join(",");
}
setInterval(drawSensors, 500);

function scoresOf(v) {
  if (v.scores) return v.scores;
  if (v.totals) return v.totals;
  if (v.found) return Object.fromEntries(Object.entries(v.found).map(([p, c]) => [p, c.length]));
  return {};
}
function drawInfo() {
  const v = C.view || {}, lobby = C.lobby;
  const inLobby = C.phase === "lobby";
  // a game over: a seat another phone holds says where its card is, no lock (as on the simulator's pages); in the
  // lobby the seat is held for the next game again
  MB.setOver(!inLobby && v.phase === "over");
  const said = inLobby ? null : v.instruction;
  if (said) $("prompt").textContent = said.text;
  drawTiles();
  drawTrack();
  $("phase").textContent = inLobby ? I18N.t("page.common.lobby_now", "No game now: the lobby.")
    : (v.players ? I18N.t("page.common.a_game", "A game: {players}", { players: I18N.list(v.players.map(MB.colourName)) }) : "");
  const players = $("players");
  players.innerHTML = "";
  const scores = scoresOf(v);
  for (const p of (!inLobby && v.players) || []) {
    const row = document.createElement("div");
    row.className = `player ${p}` + (p === v.current && v.phase !== "over" ? " turn" : "");
    row.dataset.player = p;
    row.innerHTML = `<span class="dot"></span><span class="who">${MB.colourName(p)}${v.winner === p ? I18N.t("page.common.winner", " · winner 🏆") : ""}</span><span class="score">${scores[p] ?? 0}</span>`;
    players.appendChild(row);
  }
  $("lobby").hidden = !inLobby || !lobby;
  $("abandon").hidden = inLobby;
  if (inLobby && lobby) {
    const seated = lobby.players.length ? I18N.t("page.common.seated", "{players} seated", { players: I18N.list(lobby.players.map(MB.colourName)) })
      : I18N.t("page.common.nobody_seated", "nobody seated yet");
    $("lobby-state").textContent = `${(LOBBY_STATE[lobby.state] || (() => lobby.state))()}: ${seated}` + (lobby.ready ? I18N.t("page.common.lobby_ready", " · ready") : "") +
      (lobby.strays.length ? I18N.t("page.common.lobby_clear", " · clear {cells}", { cells: I18N.list(lobby.strays) }) : "");
    $("lobby-state").dataset.state = lobby.state;
    $("start").disabled = !(lobby.ready || lobby.state === "result");
    fillOptions(lobby.options);
  }
}

// the lobby's options: one control per key, as the schema says; a change is sent at once
function wireOptions() {
  const form = $("options"), schema = C.hello.schema || {};
  form.innerHTML = "";
  for (const [key, s] of Object.entries(schema)) {
    const label = document.createElement("label");
    label.htmlFor = `opt-${key}`; label.textContent = key.replace(/_/g, " ");
    let input;
    if (s.type === "bool") { input = document.createElement("input"); input.type = "checkbox"; }
    else if (s.type === "int") { input = document.createElement("input"); input.type = "number"; input.min = s.min; input.max = s.max; }
    else if (s.type === "choice") {
      input = document.createElement("select");
      input.innerHTML = s.choices.map((c) => `<option value="${c}">${c}</option>`).join("");
    } else {
      input = document.createElement("span");
      input.innerHTML = s.choices.map((c) => `<label><input type="checkbox" value="${c}"> ${c}</label>`).join(" ");
    }
    input.id = `opt-${key}`; input.dataset.key = key;
    input.addEventListener("change", () => sendOption(key, s, input));
    form.appendChild(label); form.appendChild(input);
  }
}
function sendOption(key, s, input) {
  let value;
  if (s.type === "bool") value = input.checked;
  else if (s.type === "int") value = parseInt(input.value, 10);
  else if (s.type === "choice") value = input.value;
  else value = [...input.querySelectorAll("input:checked")].map((i) => i.value);
  MB.send({ type: "option", key, value });
}
function fillOptions(options) {
  for (const [key, value] of Object.entries(options || {})) {
    const input = $(`opt-${key}`);
    if (!input || input === document.activeElement) continue;
    if (input.type === "checkbox") input.checked = !!value;
    else if (input.tagName === "SPAN") input.querySelectorAll("input").forEach((i) => { i.checked = value.includes(i.value); });
    else input.value = String(value);
    input.dataset.value = JSON.stringify(value);
  }
}

function logLine(ev) {
  if (GAME_LOG[ev.type] === null) return;
  const texts = Object.assign({}, GAME_LOG);
  MB.addLog(ev, texts, ["game_over", "game_abandoned"]);
}

const HANDLERS = {
  hello(msg) {
    if (msg.page && msg.page !== "companion.html") { location.reload(); return; }
    C.hello = msg; C.view = msg.view; C.pixels = msg.frame.pixels; C.sensors = msg.sensors; C.lobby = msg.lobby; C.phase = msg.phase;
    build();
    $("log").innerHTML = "";
    for (const ev of msg.log) logLine(ev);
    const said = msg.log.filter((e) => e.type === "instruction").pop();
    if (said) $("prompt").textContent = said.text;
    drawLeds(); drawSensors(); drawInfo();
    $("game-info").textContent = msg.players.length ? I18N.t("page.common.n_players", "{count} players", { count: msg.players.length }) : "";
  },
  event(msg) {
    C.view = msg.view;
    logLine(msg.event);
    drawInfo();
  },
  frame(msg) { C.pixels = msg.pixels; drawLeds(); },
  sensors(msg) { C.sensors = msg.sensors; drawSensors(); },
  lobby(msg) {
    C.lobby = msg.lobby; C.phase = "lobby"; C.view = null;
    drawInfo();
  },
  phase(msg) { C.phase = msg.phase; drawInfo(); },
  done(msg) { const n = $("note"); n.textContent = msg.message; setTimeout(() => { if (n.textContent === msg.message) n.textContent = ""; }, 5000); },
};

// the lobby's own instruction arrives as an event too, but only in the lobby phase the page has no
// game view: show the board's words from the last instruction event either way
const ORIGINAL_EVENT = HANDLERS.event;
HANDLERS.event = (msg) => {
  if (msg.event.type === "instruction") $("prompt").textContent = msg.event.text;
  ORIGINAL_EVENT(msg);
};

$("start").addEventListener("click", () => MB.send({ type: "start" }));
$("abandon").addEventListener("click", () => MB.send({ type: "abandon" }));
MB.connect(HANDLERS);

// Struggle browser view. Draws the track with its coloured spaces and LEDs, the tokens where they
// stand (world), the electronic dice, the outcomes and the scores (view), and turns clicks into
// button presses and token moves by hand. The controller decides everything.
"use strict";

// spaces per row of the serpentine: six on a laptop, four on a phone in portrait (the CSS follows --per-row)
const NARROW = window.matchMedia("(max-width: 600px)");
const perRow = () => (NARROW.matches ? 4 : 6);
// the ace reads "A" everywhere (dice, prompt, log, the private card), as on the physical dice
const FACE = { A: "A", K: "K", Q: "Q", J: "J", 10: "10", 9: "9" };
const S = { hello: null, view: null, world: null, pixels: [], selected: null, bannerShown: false };

function spacePos(i, n, per) { // serpentine, start bottom left
  const row = Math.floor(i / per), k = i % per;
  return { row, col: row % 2 === 0 ? k : per - 1 - k, rows: Math.ceil(n / per) };
}
function buildTrack() {
  const h = S.hello, track = $("track"), per = perRow();
  track.innerHTML = "";
  const n = h.track.length, area = track.closest(".board-area");
  area.style.setProperty("--per-row", String(per));
  area.style.setProperty("--rows", String(Math.ceil(n / per)));
  h.track.forEach((kind, i) => {
    const { row, col, rows } = spacePos(i, n, per);
    const d = document.createElement("div");
    d.className = `space kind-${kind}`;
    d.dataset.sensor = `s${i}`;
    d.dataset.kind = kind;
    d.style.gridRow = String(rows - row);
    d.style.gridColumn = String(col + 1);
    d.title = `space ${i}: ${kind}`;
    d.innerHTML = `<div class="led"></div><span class="num">${kind === "start" ? "START" : kind === "finish" ? "FINISH" : i}</span><div class="toks"></div>`;
    d.addEventListener("click", () => spaceClicked(`s${i}`));
    track.appendChild(d);
  });
  const places = $("places");
  places.innerHTML = "";
  for (const p of h.places) {
    const d = document.createElement("div");
    d.className = "space place";
    d.dataset.sensor = `place-${p}`;
    d.innerHTML = `<div class="led"></div><span class="num">${p}</span><div class="toks"></div>`;
    d.addEventListener("click", () => spaceClicked(`place-${p}`));
    places.appendChild(d);
  }
  $("game-info").textContent = `seed ${h.seed} · ${h.players.length} players · track ${h.track_name}`;
  MB.privateLinks(h);
}

function drawLeds() {
  if (!S.hello) return;
  for (const el of document.querySelectorAll(".space")) MB.light(el, S.pixels[S.hello.layout[el.dataset.sensor]]);
}
function tokenDiv(t) {
  const d = document.createElement("div");
  d.className = "token" + (t === S.selected ? " selected" : "");
  d.dataset.token = t;
  d.textContent = t;
  d.title = `token ${t}` + (S.hello.humans.length ? ": click, then click a space" : "");
  d.addEventListener("click", (e) => { e.stopPropagation(); S.selected = S.selected === t ? null : t; drawTokens(); });
  return d;
}
function drawTokens() {
  if (!S.hello || !S.world) return;
  document.querySelectorAll(".space .toks").forEach((c) => { c.innerHTML = ""; });
  const hand = $("hand");
  hand.innerHTML = "";
  for (const t of S.hello.tokens) {
    const at = S.world.tokens[t];
    if (at) document.querySelector(`.space[data-sensor="${at}"] .toks`).appendChild(tokenDiv(t));
    else hand.appendChild(tokenDiv(t));
  }
  if (!hand.children.length) hand.innerHTML = `<span class="muted">nothing</span>`;
}

// a space of the track in words: "the start", "space 3"
function spaceName(i) {
  const kind = S.hello.track[i];
  return kind === "start" ? "the start" : kind === "finish" ? "the finish" : `space ${i}`;
}
// one token's move in plain words, with a picture of the token; the track's colour rules named
function moveLine(m) {
  const li = document.createElement("li");
  li.className = `move result-${m.result}`;
  const tok = document.createElement("span");
  tok.className = "token mini"; tok.dataset.token = m.token; tok.textContent = m.token;
  let text;
  if (m.place) text = `${spaceName(m.from)} → arrives, place ${m.place}`;
  else if (m.result === "impasse") text = `stays on ${spaceName(m.from)}: blocked (a yellow space ahead is taken)`;
  else if (m.result === "swapped") text = `${spaceName(m.from)} → ${spaceName(m.to)}; ${m.displaced ? m.displaced.join(" and ") : "the token there"} goes back to ${spaceName(m.from)} (red space)`;
  else if (m.to === m.from) text = `stays on ${spaceName(m.from)}`;
  else text = `${spaceName(m.from)} → ${spaceName(m.to)}` + (m.displaced ? `, pushes ${m.displaced.join(" and ")} back` : "");
  li.append(tok, document.createTextNode(" " + text));
  return li;
}
function drawInfo() {
  const v = S.view, h = S.hello;
  $("prompt").textContent = I18N.prompt(said(), v.prompt);
  guideTip();
  document.documentElement.style.setProperty("--turn", v.current ? `var(--${v.current})` : "#888");
  const players = $("players");
  players.innerHTML = "";
  for (const p of v.players.length ? v.players : h.players) {
    players.appendChild(MB.playersRow(p, v, h, `<b class="score">${v.totals[p] || 0}</b><small> pts</small>`));
  }
  // dice
  const dice = $("dice");
  dice.innerHTML = "";
  for (let i = 0; i < 5; i++) {
    const face = v.faces[i], d = document.createElement("button");
    d.type = "button";
    d.className = "pdie" + (v.held.includes(i + 1) ? " held" : "") + (face === "A" ? " ace" : "");
    d.dataset.die = String(i + 1);
    d.dataset.face = face || "";
    d.textContent = face ? FACE[face] : "?";
    const [on, why] = buttonState(`die${i + 1}`);
    d.title = (face ? `die ${i + 1}: ${face === "A" ? "ace (joker)" : face}` : `die ${i + 1}`) + ` (${i + 1}): ${why}`;
    d.disabled = !on;
    d.addEventListener("click", () => press(`die${i + 1}`));
    dice.appendChild(d);
  }
  $("throws").textContent = v.throws ? `throw ${v.throws} of 3` : "";
  $("stop").textContent = { choosing: "✋ Stop: play it", placing: "✋ Stop: tokens placed", tokens: "✋ Stop: tokens placed" }[v.phase] || "✋ Stop";
  const mine = h.humans.includes(v.current);
  for (const id of ["throw", "stop"]) MB.setControl($(id), buttonState(id), id === "throw" ? "Throw (T)" : "Stop (S)");
  MB.setControl($("follow"), buttonState("follow"), "Place tokens as shown");
  MB.setControl($("gather"), buttonState("gather"), "Gather tokens on start");
  // outcomes
  const list = $("outcomes");
  list.innerHTML = "";
  $("outcome-count").textContent = v.outcomes.length ? `(${v.outcomes.length})` : "";
  for (const o of v.outcomes) {
    const li = document.createElement("li");
    li.className = "outcome" + (o.index === v.selected ? " selected" : "");
    li.dataset.index = String(o.index);
    li.innerHTML = `<span class="n">${o.index + 1}</span><ul class="moves"></ul>`;
    for (const m of o.moves) li.querySelector(".moves").appendChild(moveLine(m));
    if (!o.moves.length) li.querySelector(".moves").textContent = "no token moves";
    if (mine && v.phase === "choosing") li.addEventListener("click", () => MB.send({ type: "pick", index: o.index }));
    list.appendChild(li);
  }
  if (!v.outcomes.length) list.innerHTML = `<li class="muted">${v.phase === "placing" ? "played" : "throw, then Stop"}</li>`;
  // scores
  const rounds = Math.max(v.rounds, v.results.length);
  let html = `<tr><th></th>${Array.from({ length: rounds }, (_, i) => `<th>R${i + 1}</th>`).join("")}<th>total</th></tr>`;
  for (const p of v.players) {
    html += `<tr class="${p}" data-player="${p}"><td><span class="dot-s"></span> ${p}</td>` +
      Array.from({ length: rounds }, (_, i) => `<td>${v.results[i] ? v.results[i].points[p] : "–"}</td>`).join("") +
      `<td class="total">${v.totals[p] || 0}</td></tr>`;
  }
  const last = v.results[v.results.length - 1];
  if (last) html += `<tr class="order"><td colspan="${rounds + 2}">round ${last.round}: ${last.order.map((t, i) => `${h.places[i]} ${t}`).join(" · ")}</td></tr>`;
  $("scores").innerHTML = html;
  $("game-info").textContent = `seed ${h.seed} · ${h.players.length} players · round ${v.round || 1} of ${v.rounds} · track ${h.track_name}`;
  if (v.phase === "over" && !S.bannerShown) {
    S.bannerShown = true;
    MB.banner(`🏆 ${v.winners.map(cap).join(" and ")} win${v.winners.length > 1 ? "" : "s"}!<div class="banner-scores">${Object.entries(v.totals).map(([p, s]) => `${p} ${s}`).join(" · ")}</div>`);
  }
}
// the first-game guide: the tip for what the board asks now, when a person here is asked
const TIPS = {
  throw: "Press 🎲 Throw (or T). Then click dice to keep them and throw the others again (three throws at most), or press ✋ Stop to keep the hand.",
  choose: "Each line under “Ways to play the hand” shows where the tokens would go. Click one to see it on the LEDs, then press ✋ Stop (it plays the way the LEDs show). Your seat's private page shows your secret card: the order you want the tokens to arrive in.",
  place: "Move the tokens where the LEDs blink: click a token, then its space, or press 🤚 Place tokens as shown.",
};
function guideTip() {
  const s = said();
  if (s && S.hello && S.hello.humans.includes(s.player)) NOTICE.tip(s.action);
}
function drawAll() { drawLeds(); drawTokens(); drawInfo(); }

// what the board asks now (the controller's instruction event), or null before the first
function said() { return S.view ? S.view.instruction : null; }
// a control acts only when the view's controls say so (computed by the server from the instruction)
function buttonState(id) { return MB.control(S.view, S.hello, id); }
function press(button, message) {
  const [on, why] = buttonState(button);
  if (!on) { MB.showError(`${cap(button)}: ${why}`); return; }
  MB.send(message || { type: "press", button });
}

const LOG_TEXT = {
  game_started: (e) => `A new game of Struggle: ${e.players.join(", ")}, ${e.rounds} round${e.rounds > 1 ? "s" : ""}`,
  round_started: (e) => `Round ${e.round}: objective cards dealt (each on its owner's private page)`,
  turn_started: (e) => `${cap(e.player)}'s turn`,
  hand: (e) => `${cap(e.player)} threw ${e.faces.map((f) => FACE[f] || f).join(" ")} (throw ${e.throw})`,
  held: null,
  outcomes: (e) => `${e.outcomes.length} way${e.outcomes.length > 1 ? "s" : ""} to play ${e.faces.map((f) => FACE[f] || f).join(" ")}`,
  selected: null,
  played: (e) => `${cap(e.player)} played ${e.order.join(", then ")}${e.ace.length ? ` (the A counting as ${e.ace.join(" and ")})` : ""}`,
  arrived: (e) => `🏁 ${e.token} arrives in place ${e.place}`,
  turn_ended: (e) => `${cap(e.player)}'s turn ends${e.reason === "void" ? ": five aces, void" : ""}`,
  warning: (e) => (e.kind === "out_of_turn" ? `⚠ a token moved on ${e.cell} while no token should move`
    : e.kind === "card_refused" ? `⚠ ${cap(e.player)}'s card entry refused: ${e.reason}`
      : `⚠ a token was put on ${e.cell}, where none belongs`),
  game_resumed: (e) => `↻ The saved game resumed (round ${e.round}): put the tokens back where the board shows`,
  setup_check: null,
  setup_restored: () => "The tokens stand as saved: the game goes on",
  instruction: null,
  round_over: (e) => `⭐ Round ${e.round} over: ${Object.entries(e.points).map(([p, s]) => `${p} ${s}`).join(", ")}`,
  game_over: (e) => `🏆 ${e.winners.map(cap).join(" and ")} win${e.winners.length > 1 ? "" : "s"} (${Object.entries(e.scores).map(([p, s]) => `${p} ${s}`).join(", ")})`,
};
const BIG = ["round_over", "game_over", "arrived"];

function spaceClicked(sensor) {
  if (!S.selected) { MB.showError("click a token first, then the space to put it on"); return; }
  MB.send({ type: "move", token: S.selected, to: sensor });
  S.selected = null;
  drawTokens();
}

const HANDLERS = {
  hello(msg) {
    if (!MB.sameGame(msg, "struggle")) return;
    S.hello = msg; S.view = msg.view; S.world = msg.world; S.pixels = msg.frame.pixels;
    S.bannerShown = msg.view.phase === "over";
    buildTrack();
    $("log").innerHTML = "";
    for (const ev of msg.log) MB.addLog(ev, LOG_TEXT, BIG);
    drawAll();
  },
  event(msg) { S.view = msg.view; MB.addLog(msg.event, LOG_TEXT, BIG); drawInfo(); },
  frame(msg) { S.pixels = msg.pixels; drawLeds(); },
  world(msg) { S.world = msg.world; drawTokens(); },
};

function wire() {
  $("throw").addEventListener("click", () => press("throw"));
  $("stop").addEventListener("click", () => press("stop"));
  $("follow").addEventListener("click", () => press("follow", { type: "follow" }));
  $("gather").addEventListener("click", () => press("gather", { type: "gather" }));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, dialog")) return;
    if (e.key === "t" || e.key === "T") press("throw");
    else if (e.key === "s" || e.key === "S") press("stop");
    else if (e.key >= "1" && e.key <= "5") press(`die${e.key}`);
  });
  MB.wireNewGame(() => S.hello, () => ({ rounds: parseInt($("ng-rounds").value, 10) || 1 }));
}

wire();
NOTICE.guide("struggle", TIPS);
NARROW.addEventListener("change", () => { if (S.hello) { buildTrack(); drawAll(); } });
MB.connect(HANDLERS);

// the page's language arrived (i18n.js): say the prompt in it
I18N.ready(() => { if (S.view && S.hello) drawInfo(); });

// Struggle browser view. Draws the track with its coloured spaces and LEDs, the tokens where they
// stand (world), the electronic dice, the outcomes and the scores (view), and turns clicks into
// button presses and token moves by hand. The controller decides everything.
"use strict";

// spaces per row of the serpentine: six, on a phone as on a laptop (Struggle newcomers 52, 54, 57: five to a row on a
// phone, six on a wide screen, and after moving to the laptop the tokens had to be found again); on a phone in portrait
// the three rows leave room for the prompt, the dice and the scores on its first screen (the CSS follows --per-row)
const NARROW = window.matchMedia("(max-width: 600px)");
const perRow = () => 6;
// the ace die face reads "ACE" on the dice (smaller letters: struggle.css .pdie.ace) and "ace" in words
// (prompt, log, tips): a bare "A" is arrival place A (RULES.md, Struggle: places A-E; round 23)
const FACE = { A: "ACE", K: "K", Q: "Q", J: "J", 10: "10", 9: "9" };
const S = { hello: null, view: null, world: null, pixels: [], selected: null, bannerShown: false,
  cards: {}, hints: {}, hintWhy: {}, sockets: {} };
// how many arrivals end a round (RULES.md §3: when the fourth token arrives, the fifth takes the last place)
const ARRIVALS_PER_ROUND = 4;

function spacePos(i, n, per) { // serpentine, start bottom left
  const row = Math.floor(i / per), k = i % per;
  return { row, col: row % 2 === 0 ? k : per - 1 - k, rows: Math.ceil(n / per) };
}
// a space's kind in the page's language (its tooltip: an Italian page said "casella 3: yellow")
const KIND_WORD = {
  start: () => I18N.t("page.str.kind_start", "start"), plain: () => I18N.t("page.str.kind_plain", "plain"),
  yellow: () => I18N.t("page.str.kind_yellow", "yellow"), red: () => I18N.t("page.str.kind_red", "red"),
  black: () => I18N.t("page.str.kind_black", "black"), finish: () => I18N.t("page.str.kind_finish", "finish"),
};
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
    if (col === 0 || col === per - 1) d.dataset.edge = col === 0 ? "first" : "last"; // (struggle.css: the stays mark)
    d.title = I18N.t("page.str.space_title", "{name}: {kind} space", { name: spaceName(i), kind: KIND_WORD[kind] ? KIND_WORD[kind]() : kind });
    d.innerHTML = `<div class="led"></div><span class="num">${kind === "start" ? I18N.t("page.str.start_label", "START") : kind === "finish" ? I18N.t("page.str.finish_label", "FINISH") : i}</span><div class="toks"></div>`;
    d.addEventListener("click", () => spaceClicked(`s${i}`));
    // a drag begun on the space but off its tokens (a ghost's dashes, the room a token just left) takes the token the
    // play moves from there, as a tap on the space does (Struggle newcomer 92 dragged from where K had stood a moment
    // before, under Q's ghost, and nothing moved)
    d.addEventListener("pointerdown", (e) => {
      if (e.target.closest(".token:not(.want)")) return; // a token's own pointerdown takes it
      const asked = askedFrom(`s${i}`);
      if (asked) dragStart(e, asked);
    });
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
  drawLegend();
  gameInfo();
  // the seats people play here, never a simulated player's (its card is no one's to see)
  MB.onSeats = () => { if (S.view) drawInfo(); }; // the players' "you" and the card box follow the seats
  MB.privateLinks(h.humans.length ? { ...h, players: h.players.filter((p) => h.humans.includes(p)) } : h);
}

// what the track's colours mean, near the track without opening the help (round 26: only "?" said it): the
// colours of this track only, each a swatch and a few words; a phone has it on the arrival places' label
// line, a wide screen beside the hand's buttons under the track (struggle.css shows one of the two)
function drawLegend() {
  const kinds = new Set(S.hello.track), words = {
    yellow: I18N.t("page.str.legend_yellow", "if taken: can't land"),
    red: I18N.t("page.str.legend_red", "if taken: swap"),
    // "can't land", as yellow's: "never stop" was read as a token jumping over it (Struggle newcomer 19)
    black: I18N.t("page.str.legend_black", "can't land"),
  };
  for (const id of ["legend-track", "legend-under"]) {
    const box = $(id);
    box.innerHTML = "";
    box.title = I18N.t("page.str.legend_title", "a token cannot land on a yellow space another token holds; a token landing on a red space another holds stays there and sends that token back where the mover came from; no token lands on black: a move that would end there does not happen (the token stays where it was)");
    for (const k of ["yellow", "red", "black"]) {
      if (!kinds.has(k)) continue;
      const item = document.createElement("span");
      item.className = `legend-item kind-${k}`;
      item.innerHTML = '<i class="swatch"></i>';
      item.append(words[k]);
      box.appendChild(item);
    }
  }
}
// the way lit while choosing: a token it leaves where it is glows orange on the board (the LEDs' prompt colour,
// instructions.py scene): the space says "stays" under it (Struggle newcomer 82 read the orange glow on space 11 as J
// leaving it, the place tip saying a glowing space is where a token leaves from)
function drawStays(v) {
  const o = v && v.phase === "choosing" && Array.isArray(v.outcomes) ? v.outcomes[v.selected] : null;
  // (not a token the round's end then puts on the last place: Struggle newcomer 86 read "stays" on K beside "K space
  // 11 → arrival place E")
  const ends = new Set(o && Array.isArray(o.round_end) ? o.round_end.map((e) => e && e.token) : []);
  // space -> the tokens that stay there, named (Struggle newcomer 91 read "stays" on space 11 as of the 9 standing
  // there, which the way moves on, the J it sends back there being the one that stays)
  const at = new Map();
  for (const m of o && Array.isArray(o.moves) ? o.moves : []) {
    if (!m || m.result !== "impasse" || typeof m.from !== "number" || ends.has(m.token)) continue;
    at.set(`s${m.from}`, [...(at.get(`s${m.from}`) || []), m.token]);
  }
  for (const el of document.querySelectorAll(".space")) {
    const ts = at.get(el.dataset.sensor);
    if (ts) el.dataset.stays = ts.length === 1 ? I18N.t("page.str.space_stays_token", "token {token} stays", { token: ts[0] })
      : I18N.t("page.str.space_stay_tokens", "tokens {tokens} stay", { tokens: I18N.list(ts) });
    else delete el.dataset.stays;
  }
}
function drawLeds() {
  if (!S.hello) return;
  for (const el of document.querySelectorAll(".space")) MB.light(el, S.pixels[S.hello.layout[el.dataset.sensor]]);
  paintWayBoard();
}
// the phone's layout (struggle.css's narrow screens): the list of ways far below the board
const PHONE_LAYOUT = window.matchMedia("(max-width: 899.98px)");
// the picture of the board in the way tapped on a phone (drawInfo's canvas.way-board): the board area as the track
// draws it, scaled to the way's width -- each space in its colour, a lit one framed in its LED's glow (the track's
// ring), the tokens and, dotted, the way's ghosts (drawWould), read off the track itself, so the two never differ;
// painted again with every frame of the LEDs and every redraw of the tokens; a picture, taking no taps
function paintWayBoard() {
  const c = document.querySelector("#outcomes .outcome.selected canvas.way-board"), area = document.querySelector(".board-area");
  if (!c || !area) return;
  const a = area.getBoundingClientRect(), room = c.parentElement ? c.parentElement.clientWidth : 0;
  if (!a.width || !a.height || !room) return;
  const k = Math.min(0.8, room / a.width), dpr = window.devicePixelRatio || 1, w = a.width * k, h = a.height * k;
  c.style.width = `${w}px`; c.style.height = `${h}px`;
  c.width = Math.round(w * dpr); c.height = Math.round(h * dpr);
  const ctx = c.getContext("2d");
  ctx.setTransform(dpr * k, 0, 0, dpr * k, 0, 0);
  const rect = (el) => { const r = el.getBoundingClientRect(); return [r.left - a.left, r.top - a.top, r.width, r.height]; };
  const box = (x, y, bw, bh, rad) => { ctx.beginPath(); ctx.roundRect(x, y, bw, bh, rad); };
  const frame = area.querySelector(".track-frame");
  if (frame) { box(...rect(frame), 16); ctx.fillStyle = "#5a1f1f"; ctx.fill(); }
  for (const el of area.querySelectorAll(".space")) {
    const [x, y, sw, sh] = rect(el), st = getComputedStyle(el);
    box(x, y, sw, sh, 10);
    ctx.fillStyle = el.classList.contains("kind-finish") ? "#777" : st.backgroundColor;
    ctx.fill();
    if (el.classList.contains("lit")) { // the LED: a frame of its hue, as the track's ring
      ctx.lineWidth = 6; ctx.strokeStyle = st.getPropertyValue("--glow").trim();
      ctx.stroke();
    }
    const num = el.querySelector(".num");
    if (num && num.textContent) { // (where the track writes it, as large)
      const [nx, ny] = rect(num), ns = getComputedStyle(num);
      ctx.fillStyle = ns.color; ctx.font = `800 ${ns.fontSize} system-ui, sans-serif`; ctx.textBaseline = "top";
      ctx.fillText(num.textContent, nx, ny + 1);
    }
  }
  const would = [];
  for (const t of area.querySelectorAll(".token")) {
    const [x, y, tw, th] = rect(t), ghost = t.classList.contains("would") || t.classList.contains("want");
    box(x, y, tw, th, 5);
    ctx.fillStyle = ghost ? "rgba(255, 253, 246, .45)" : "#fffdf6"; ctx.fill();
    ctx.setLineDash(ghost ? [3, 3] : []); ctx.lineWidth = 2; ctx.strokeStyle = "#2b1a0c"; ctx.stroke(); ctx.setLineDash([]);
    ctx.fillStyle = ghost ? "rgba(43, 26, 12, .75)" : "#1a1a1a"; ctx.font = `800 ${Math.round(th * 0.6)}px system-ui, sans-serif`;
    ctx.textAlign = "center"; ctx.textBaseline = "middle"; ctx.fillText(t.textContent, x + tw / 2, y + th / 2 + 1); ctx.textAlign = "start";
    if (t.classList.contains("would")) would.push(`${t.textContent} ${t.closest(".space").dataset.sensor}`);
  }
  c.dataset.would = would.sort().join(","); // (what it shows of the way, for tests)
}
function tokenDiv(t) {
  const d = document.createElement("div");
  d.className = "token" + (t === S.selected ? " selected" : "");
  d.dataset.token = t;
  d.textContent = t;
  d.title = S.hello.humans.length ? I18N.t("page.str.token_click", "token {token}: click it, then click a space", { token: t })
    : I18N.t("page.str.token", "token {token}", { token: t });
  d.addEventListener("pointerdown", (e) => dragStart(e, t));
  d.addEventListener("click", (e) => {
    e.stopPropagation();
    if (handPlacing()) return;
    const space = d.closest(".space");
    // a finger's tap on a space the play moves tokens from means the space, not the chip under it: the token the line
    // names, and again the next, in turn (Struggle newcomer 84 tapped START's middle, on 9's chip, for the J the line
    // named; newcomer 73 the other way round: five chips a finger's third wide each cannot be aimed at)
    const finger = e.pointerType === "touch" || e.pointerType === "pen";
    if (finger && space && askedHere(space.dataset.sensor).length && !(S.selected && S.world.tokens[S.selected] !== space.dataset.sensor)) {
      spaceClicked(space.dataset.sensor);
      return;
    }
    // another token chosen first: the click means this token's space (several tokens share one), not this token
    if (S.selected && S.selected !== t && space) {
      // ...but on the chosen token's own space, another token the play moves from there: that one instead
      if (S.world.tokens[S.selected] === space.dataset.sensor && askedTokens().includes(t)) { S.selected = t; drawTokens(); return; }
      spaceClicked(space.dataset.sensor);
      return;
    }
    // no token moves now (a throw, a choice, a simulated player's turn): said, nothing chosen (Struggle newcomer 17:
    // "token J chosen" in Green's simulated turn, then the choice went without a word)
    if (S.selected !== t && noMoveNow()) { MB.showError(noMoveNow()); return; }
    // a finger's tap on a token the play does not move, beside one it moves from the same space: the one it moves is
    // chosen (Struggle newcomer 58: on a phone's START a tap aimed at K chose Q, the tokens a finger's third wide; a
    // mouse's click, or a drag, takes the token it is on)
    // (a tap on another token it moves from there takes that one, as the line says: "tap START (it takes token K; a
    // tap on token Q takes that one)": Struggle newcomer 73 tapped START's middle, on Q, the line having named K only;
    // an attack: a deliberate tap on 9 taken as J put J on 9's space)
    const asked = finger && !S.selected && space ? askedFrom(space.dataset.sensor) : null;
    if (asked && !askedTokens().includes(t)) { S.selected = asked; drawTokens(); return; }
    S.selected = S.selected === t ? null : t;
    drawTokens();
  });
  return d;
}
// drag and drop: a token pressed, moved a few pixels and let go on a space goes there, as a click on the
// token then on the space does (pointer events: mouse, pen and finger alike; struggle.css gives the tokens
// touch-action: none, so that a finger drags the token rather than the page)
const DRAG_PX = 6;
const D = { token: null, here: [], id: null, x: 0, y: 0, ghost: null, quietUntil: 0 };
function dragStart(e, t) {
  if (e.button !== 0 || !S.hello.humans.length || (S.world && S.world.placing)) return;
  // a finger's drag begun on a space the play moves a token from takes the token a tap there takes: the one the line
  // names, or the one taps on that space chose (Struggle newcomer 111 dragged from START, the line naming 10, and Q,
  // under the finger, a token the play leaves, moved; newcomer 113 dragged from START, the line naming K, and Q, under
  // the finger, a token the play moves too, moved)
  // ...and, let go where the play puts another token it moves from that space, that one (dropTaken: newcomer 114
  // dragged J, under the finger, to J's own space, and K, the line's, went there)
  const finger = e.pointerType === "touch" || e.pointerType === "pen", at = S.world && S.world.tokens[t];
  const here = finger && at ? askedHere(at) : [];
  const asked = !here.length ? null : here.includes(t) ? t : here.includes(S.selected) ? S.selected : here[0];
  Object.assign(D, { token: asked || t, here, id: e.pointerId, x: e.clientX, y: e.clientY, ghost: null });
}
// the token a finger's drag from a space the play moves tokens from (`here`, in the play's order) moves, let go on
// `sensor`: the one dragged where the play puts it there, else the first of `here` the play puts there, else the one
// dragged (each a finger's third wide on START: the chip under it may not be the one meant, the space let go on is)
function dropTaken(token, here, sensor) {
  const ends = new Set(movesAsked().filter((q) => Array.isArray(q.to) && q.to.includes(sensor)).map((q) => q.piece));
  return ends.has(token) ? token : here.find((x) => ends.has(x)) || token;
}
function dropSpace(e) {
  const under = document.elementFromPoint(e.clientX, e.clientY);
  return under && under.closest ? under.closest(".space") : null;
}
function dragMove(e) {
  if (D.token === null || e.pointerId !== D.id) return;
  if (!D.ghost) {
    if (Math.hypot(e.clientX - D.x, e.clientY - D.y) < DRAG_PX) return;
    D.ghost = document.createElement("div");
    D.ghost.className = "token selected drag-ghost";
    D.ghost.textContent = D.token;
    // as large as the tokens on the track (its space size, struggle.css --sp)
    D.ghost.style.setProperty("--sp", getComputedStyle(document.querySelector(".track-frame")).getPropertyValue("--sp"));
    document.body.appendChild(D.ghost);
    S.selected = D.token;
    drawTokens();
  }
  e.preventDefault();
  D.ghost.style.left = `${e.clientX}px`;
  D.ghost.style.top = `${e.clientY}px`;
  const over = dropSpace(e);
  document.querySelectorAll(".space.drop").forEach((el) => { if (el !== over) el.classList.remove("drop"); });
  if (over) over.classList.add("drop");
}
function dragEnd(e) {
  if (D.token === null || e.pointerId !== D.id) return;
  const { ghost } = D;
  let { token } = D;
  D.token = null;
  if (!ghost) return; // not moved: a click, which the click handlers take
  ghost.remove();
  document.querySelectorAll(".space.drop").forEach((el) => el.classList.remove("drop"));
  D.quietUntil = Date.now() + 400; // the click the browser sends after the release is not a second choice
  const space = e.type === "pointerup" ? dropSpace(e) : null;
  if (space && D.here && D.here.length) token = dropTaken(token, D.here, space.dataset.sensor);
  if (space && space.dataset.sensor !== S.world.tokens[token]) { S.selected = token; spaceClicked(space.dataset.sensor); return; }
  S.selected = null; // let go where it was, or off the spaces: nothing moves, nothing stays picked up
  drawTokens();
  // ...said, off the spaces (Struggle newcomer 91 let 9 go where no space was, and nothing said why nothing moved)
  if (!space && e.type === "pointerup") {
    MB.showError(I18N.t("page.str.drop_off", "token {token} let go off the spaces: nothing moved (drop it on a space)", { token }));
  }
}
document.addEventListener("pointermove", dragMove, { passive: false });
document.addEventListener("pointerup", dragEnd);
document.addEventListener("pointercancel", dragEnd);
document.addEventListener("click", (e) => { if (Date.now() < D.quietUntil) { e.stopPropagation(); e.preventDefault(); } }, true);

// the tokens in a hand (lifted, not yet set down) once the hands here are done, in a turn played here: said
// in the prompt, the first one chosen, so that a click on a space puts it down
function inHand() {
  // a simulated player's hand lifts tokens in its own turn: only a turn played here is this page's to say
  if (!S.world || S.world.busy || !S.view || !S.hello.humans.includes(S.view.current)) return [];
  return S.hello.tokens.filter((t) => !S.world.tokens[t]);
}
// the prompt's two parts (the connection's notice, notice.js, writes over the whole prompt: made again)
function promptParts() {
  if (!$("prompt-text")) {
    $("prompt").innerHTML = '<span id="in-hand" class="in-hand" hidden></span><span id="prompt-text"></span>'
      + '<span id="prompt-news" class="prompt-news" hidden></span>'
      + '<button type="button" id="prompt-goal" class="prompt-goal" hidden></button>'
      + '<button type="button" id="prompt-new" class="prompt-new small" hidden></button>';
    // the game over: the way forward in the page too, once the popup is closed (round 26: only in the popup)
    $("prompt-new").addEventListener("click", () => $("new-game").click());
    // a tap brings the whole goal tip into view
    $("prompt-goal").addEventListener("click", () => { if (!$("guide").hidden) $("guide").scrollIntoView({ block: "center" }); });
  }
}
// while the goal tip is up, the goal in one short line in the prompt's spare room (round 23: the tip
// waited under the controls; since round 24 a phone shows the tip itself under the prompt and hides this
// line, struggle.css; a wide screen keeps it: its tip floats at the side panel's foot)
function drawGoal() {
  promptParts();
  const box = $("guide"), line = $("prompt-goal");
  line.hidden = box.hidden || box.dataset.tip !== "goal";
  if (!line.hidden) line.textContent = I18N.t("page.str.goal_line_tip", "Goal: bring the tokens to FINISH in your card's order — see the first-game tip");
  fitPrompt();
}
// tokens to be put down by a hand here (Place or Gather acts, or a token is in a hand): on a phone the hand
// box and those buttons come up under the track (struggle.css [data-hands])
function handsUp() {
  if (!S.view) return;
  const up = buttonState("follow")[0] || buttonState("gather")[0] || inHand().length > 0;
  if (up) document.body.dataset.hands = ""; else delete document.body.dataset.hands;
}
function drawInHand() {
  if (!S.hello || $("prompt").dataset.offline) return;
  promptParts();
  const box = $("in-hand"), held = inHand();
  box.hidden = !held.length || !S.hello.humans.length;
  if (box.hidden) { // set down meanwhile: the choice made for it goes too
    if (S.autoSelected && S.selected === S.autoSelected) S.selected = null;
    S.autoSelected = null;
    return;
  }
  if (!held.includes(S.selected)) S.selected = S.autoSelected = held[0];
  box.textContent = held.length > 1
    ? I18N.t("page.str.in_hand_many", "✋ Tokens {tokens} are in a hand, off the board: click a space to put token {token} down there.", { tokens: andList(held), token: S.selected })
    : I18N.t("page.str.in_hand", "✋ Token {token} is in a hand, off the board: click a space to put it down there.", { token: S.selected });
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
  drawWants();
  // the spaces a drag begun off their tokens takes a token from (buildTrack), marked for a finger (struggle.css .takes)
  document.querySelectorAll(".space[data-sensor]").forEach((el) => el.classList.toggle("takes", askedHere(el.dataset.sensor).length > 0));
  // how many share each space: one or two stand larger (struggle.css; on a phone 7 px letters read as specks)
  document.querySelectorAll(".space .toks").forEach((c) => { c.dataset.n = String(c.children.length); });
  handsUp();
  // no token off the board: said so, and a token chosen on the board (tapped, to be put on a space) said
  // here too (round 23: "In a hand: nothing" right after tapping a token read as the tap having failed)
  if (!hand.children.length) {
    hand.innerHTML = '<span class="muted"></span>';
    // (a touch screen's words in every language, as the line before it said "tap": an attack read "tap", then
    // "click", in Persian)
    // (...and where this play puts it, when it moves it: Struggle newcomer 81 tapped START's middle for the J the line
    // named, a chip took 9, and 9 went to J's space: the token and its space said, a wrong chip shows before it is set)
    // (a play of this page's players only: on a simulated player's turn a chosen token names no space, an attack)
    const mine = said() && S.hello.humans.includes(said().player);
    const goes = mine && S.selected && S.world.tokens[S.selected] ? movesAsked().find((q) => q.piece === S.selected) : null;
    const there = goes ? whereTo(goes.to) : "";
    // (the next a tap on its space again takes, where the play moves others from there: Struggle newcomer 84)
    const from = goes ? S.world.tokens[S.selected] : null, here = from ? askedHere(from) : [];
    const next = here.length > 1 && here.includes(S.selected) ? here[(here.indexOf(S.selected) + 1) % here.length] : null;
    hand.firstChild.textContent = goes && I18N.touch && next
      ? I18N.t("page.str.hand_chosen_to_again_touch", "token {token} chosen: tap {to}, where this play puts it (a tap on {from} again takes token {next})", { token: S.selected, to: there, from: sensorName(from), next })
      : goes && I18N.touch
      ? I18N.t("page.str.hand_chosen_to_touch", "token {token} chosen: tap {to}, where this play puts it", { token: S.selected, to: there })
      : goes ? I18N.t("page.str.hand_chosen_to", "token {token} chosen: click {to}, where this play puts it", { token: S.selected, to: there })
      : S.selected && S.world.tokens[S.selected] && I18N.touch
      ? I18N.t("page.str.hand_chosen_touch", "token {token} chosen: tap a space to put it there", { token: S.selected })
      : S.selected && S.world.tokens[S.selected]
        ? I18N.t("page.str.hand_chosen", "token {token} chosen: click a space to put it there", { token: S.selected })
      : nextMoveWords() || I18N.t("page.str.hand_none", "no token off the board");
  }
  const was = S.selected;
  drawInHand();
  fitPrompt();
  if (S.selected !== was) drawTokens();
}

// which token goes to which lit space: the board's LEDs light the spaces only, the words said it in the prompt alone
// (Struggle newcomers 31, 32). Each space the board's instruction asks a token to (its requests, as the prompt and
// the LEDs render them) shows that token's ghost, dashed, among the tokens standing there, until it stands there
// (drawTokens empties the spaces first; a tap on a ghost is the space's)
function drawWants() {
  const s = said();
  drawWould();
  for (const r of (s && s.requests) || []) {
    if (!r.piece || !Array.isArray(r.to) || !r.to.length || r.to.includes(S.world.tokens[r.piece])) continue;
    const toks = document.querySelector(`.space[data-sensor="${CSS.escape(String(r.to[0]))}"] .toks`);
    if (!toks) continue;
    const w = document.createElement("div");
    w.className = "token want"; w.textContent = r.piece; w.dataset.want = r.piece; // (START: its place there)
    w.title = I18N.t("page.str.want_title", "token {token} goes here", { token: r.piece });
    toks.appendChild(w);
  }
  paintWayBoard();
}
// ...and while a way is lit (choosing), where it would leave each token it moves: a ghost of its own look (dotted,
// struggle.css .would), from the way's own race after the play (the referee's outcome_summary: spaces, arrived), not
// asked for yet (Struggle newcomer 98: the lit spaces alone did not say which token went where, the list had to be
// read to match them)
function drawWould() {
  const v = S.view, o = v && v.phase === "choosing" && Array.isArray(v.outcomes) ? v.outcomes[v.selected] : null;
  const ends = wayEnds(o);
  for (const t of S.hello.tokens) {
    const end = ends[t];
    const toks = end && end !== S.world.tokens[t] ? document.querySelector(`.space[data-sensor="${CSS.escape(end)}"] .toks`) : null;
    if (!toks) continue;
    const w = document.createElement("div");
    w.className = "token would"; w.textContent = t; w.dataset.would = t;
    // (Stop named only on a turn played here: an attack read "press Stop" under a simulated player's way)
    w.title = S.hello.humans.includes(v.current)
      ? I18N.t("page.str.would_title", "with this way, token {token} ends here (press Stop to play it)", { token: t })
      : I18N.t("page.str.would_title_watch", "with this way, token {token} ends here", { token: t });
    toks.appendChild(w);
  }
}
// where a way leaves each token, token -> sensor ("s3", "place-A"), from the way's race after the play (the referee's
// outcome_summary: spaces, arrived); {} for no way
function wayEnds(o) {
  const out = {};
  if (!o || !o.spaces || !Array.isArray(o.arrived)) return out;
  for (const t of S.hello.tokens) {
    const place = S.hello.places[o.arrived.indexOf(t)];
    if (typeof o.spaces[t] === "number") out[t] = `s${o.spaces[t]}`;
    else if (place) out[t] = `place-${place}`;
  }
  return out;
}
// a way with a swap: where each token it touches ends, from where it stands now, "in the end: token J space 4 →
// space 3 (back), token 10 space 5 → space 6" (Struggle newcomer 98: J moved to space 5, then a swap sent it back to
// 3, said in two lines far apart, and the pick could not be judged); "" for a way without one
function netText(o) {
  if (!o || !Array.isArray(o.moves) || !o.moves.some((m) => m && m.result === "swapped") || o.moves_nothing) return "";
  const ends = wayEnds(o), touched = [];
  for (const m of o.moves) for (const t of [m.token, ...(m.displaced || [])]) if (!touched.includes(t)) touched.push(t);
  const at = (sensor) => { const m = /^s(\d+)$/.exec(String(sensor)); return m ? +m[1] : null; };
  const said = touched.filter((t) => ends[t] && S.world.tokens[t] && ends[t] !== S.world.tokens[t]).map((t) => {
    const from = S.world.tokens[t], to = ends[t], args = { token: t, from: sensorName(from), to: sensorName(to) };
    return at(to) !== null && at(from) !== null && at(to) < at(from)
      ? I18N.t("page.str.net_back", "token {token} {from} → {to} (back)", args)
      : I18N.t("page.str.net_move", "token {token} {from} → {to}", args);
  });
  return said.length ? I18N.t("page.str.way_net", "in the end: {moves}", { moves: I18N.series(said) }) : "";
}
// a space of the track in words, as the board labels it (and the prompt names it): "START", "space 3", "FINISH"
function spaceName(i) {
  const kind = S.hello.track[i];
  return kind === "start" ? "START" : kind === "finish" ? "FINISH" : I18N.t("page.str.space", "space {n}", { n: i });
}
// one token's move in plain words, with a picture of the token; the track's colour rules named
// a move in words, as its line in the ways list says it: "token J START → space 4"
function moveText(m) {
  return `${I18N.t("page.str.token_named", "token {token}", { token: m.token })} ${moveLine(m).lastChild.textContent.trim()}`;
}
function moveLine(m) {
  const li = document.createElement("li");
  li.className = `move result-${m.result}`;
  const tok = document.createElement("span");
  tok.className = "token mini"; tok.dataset.token = m.token; tok.textContent = m.token;
  const from = spaceName(m.from), to = m.place ? "" : spaceName(m.to), others = m.displaced ? andList(m.displaced) : "";
  let text;
  if (m.place) text = I18N.t("page.str.move_arrives", "{from} → arrival place {place}", { from, place: m.place });
  else if (m.result === "impasse") text = blockedText(m, from);
  else if (m.result === "swapped") text = I18N.t("page.str.move_swapped", "{from} → {to} (red space); {others} goes back to {from}", { from, to, others: others || I18N.t("page.str.the_token_there", "the token there") });
  else if (m.to === m.from) text = I18N.t("page.str.move_stays", "stays on {from}", { from });
  else if (others) text = I18N.t("page.str.move_pushes", "{from} → {to}, pushes {others} back", { from, to, others });
  else text = I18N.t("page.str.move", "{from} → {to}", { from, to });
  li.append(tok, document.createTextNode(" " + text));
  return li;
}
// the fifth token put on the last place when the fourth arrives (RULES.md Struggle: the round ends)
function roundEndLine(e) {
  const li = document.createElement("li");
  li.className = "move result-round-end";
  const tok = document.createElement("span");
  tok.className = "token mini"; tok.dataset.token = e.token; tok.textContent = e.token;
  const args = { from: typeof e.from === "number" ? spaceName(e.from) : "", place: e.place };
  li.append(tok, document.createTextNode(" " + (args.from
    ? I18N.t("page.str.move_round_end", "{from} → arrival place {place}: the fourth arrival ends the round, the last token takes the last place", args)
    : I18N.t("page.str.move_round_end_any", "→ arrival place {place}: the fourth arrival ends the round, the last token takes the last place", args))));
  return li;
}
// why a move is cancelled (RULES.md Struggle): it would end on a black space (no token stops there), or
// on a taken yellow (or plain) space; older logs without the reason say only that it is blocked
function blockedText(m, from) {
  const to = typeof m.target === "number" ? spaceName(m.target) : "";
  if (m.blocked === "black") return I18N.t("page.str.move_blocked_black", "stays on {from}: it would end on black {to}, where no token stops", { from, to });
  if (m.blocked === "yellow") return I18N.t("page.str.move_blocked_yellow", "stays on {from}: it would end on yellow {to}, which is taken", { from, to });
  if (m.blocked) return I18N.t("page.str.move_blocked_taken", "stays on {from}: it would end on {to}, which is taken", { from, to });
  return I18N.t("page.str.move_blocked", "stays on {from}: blocked", { from });
}
// tokens in the order they move, named so that 10 and 9 do not read as counts: "token 10, then K"
function tokenList(order) {
  if (!order.length) return I18N.t("page.str.no_token", "no token");
  return I18N.t("page.str.token_named", "token {token}", { token: order[0] }) + order.slice(1).map((t) => I18N.t("page.str.then", ", then ") + I18N.t("page.str.token_named", "token {token}", { token: t })).join("");
}
// a tie (RULES.md §3: the highest total wins; all who have it win), as the board says it (str.tie)
function tieLine(winners, points, n) {
  return n === 2 ? I18N.t("page.str.tie", "{winners} tie with {points} points: both win", { winners, points })
    : n === 3 ? I18N.t("page.str.tie_three", "{winners} tie with {points} points: all three win", { winners, points })
      : I18N.t("page.str.tie_four", "{winners} tie with {points} points: all four win", { winners, points });
}
function andList(items) { return I18N.list(items); }
// "10 or J", "K, 10 or J": either of the items
function orList(items) {
  return items.reduceRight((tail, x, i) => (i === items.length - 1 ? x
    : i === items.length - 2 ? I18N.t("page.str.or_last", "{rest} or {last}", { rest: x, last: tail })
      : I18N.t("page.str.or_series", "{first}, {rest}", { first: x, rest: tail })), "");
}
// the other counts of a way's aces that play out the same, each a list of tokens: its plays' ``ace=`` (rules.py Play.text),
// counted as sets (K,10 and 10,K alike), the one shown left out
function acesOtherwise(o, shown) {
  const key = (aces) => [...aces].sort().join(","), seen = new Set([key(shown)]), out = [];
  for (const p of o.plays || []) {
    const m = /(?:^|\s)ace=(\S+)/.exec(String(p));
    if (!m) continue;
    const aces = m[1].split(",");
    if (!seen.has(key(aces))) { seen.add(key(aces)); out.push(aces); }
  }
  return out;
}

// -- the secret objective card: shown on this page only when this browser holds the seat (the
// seat's own WebSocket, /ws?seat=COLOUR, brings it, as it does to the private page) -------------
function heldHumans() {
  const mine = MB.seats ? MB.seats.mine || [] : [];
  return S.hello ? S.hello.humans.filter((p) => mine.includes(p)) : [];
}
function watchSeats() {
  for (const p of heldHumans()) {
    if (S.sockets[p]) continue;
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws?seat=${encodeURIComponent(p)}`);
    S.sockets[p] = ws;
    ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch (err) { return; }
      if ((msg.type === "hello" || msg.type === "secret") && msg.secret && Array.isArray(msg.secret.card)) {
        const before = MB.cardHere();
        S.cards[p] = msg.secret.card; S.hints[p] = msg.secret.hint; S.hintWhy[p] = msg.secret.hint_why;
        if (S.view) drawInfo();
        if (MB.cardHere() !== before) MB.drawSeats(); // the header's link says the card is shown here too
      }
    };
    ws.onclose = () => { delete S.sockets[p]; setTimeout(() => { if (S.hello) watchSeats(); }, 3000); };
  }
}
// whether this page shows a held seat's card itself (its card box): the header's link to the card's own page is
// then an "also" (Struggle newcomer 16 wondered whether it had to open that page too; common.js drawSeats)
MB.cardHere = () => heldHumans().some((p) => (S.cards[p] || []).length > 0);
MB.cardShownHere = true; // a seat taken here shows its card on this page (#my-card): no tab opened by the tap
// a seat claimed on this page: its card, drawn in its box once the new hello brings it, is brought into view and
// marked for a moment (Struggle newcomers: "Red" tapped at the top of a phone showed the card far below the first
// screen, and nothing said where); a box already in view stays put, later redraws move nothing
MB.onClaimed = (colour) => { S.reveal = { colour, until: performance.now() + 15000 }; };
function revealCard(box, owner) {
  const r = S.reveal;
  if (!r || r.colour !== owner) return;
  S.reveal = null;
  if (performance.now() > r.until) return;
  // while it is marked, a box that something drawn after it (a tip, the seats' line) pushed out of view is brought
  // back, unless the person scrolls or taps meanwhile (CI53: under load the box left the screen right after it came)
  const end = performance.now() + 2500;
  let mine = true;
  const kinds = ["wheel", "touchstart", "keydown", "mousedown"];
  const stop = () => { mine = false; };
  kinds.forEach((t) => addEventListener(t, stop, { passive: true }));
  // (a box taller than the screen, never wholly in view: its top in the screen's upper half is enough, an attack)
  const h = window.innerHeight;
  const out = (at) => (at.height > h ? at.top < -1 || at.top > h / 2 : at.top < -1 || at.bottom > h + 1);
  const keep = () => {
    if (!mine || !box.isConnected || performance.now() > end) {
      kinds.forEach((t) => removeEventListener(t, stop));
      return;
    }
    const at = box.getBoundingClientRect();
    if (out(at)) box.scrollIntoView({ block: at.height > h ? "start" : "nearest" });
    requestAnimationFrame(keep);
  };
  keep();
  box.classList.add("just-shown");
  clearTimeout(S.revealTimer);
  S.revealTimer = setTimeout(() => box.classList.remove("just-shown"), 2500);
}
// whose card this page says things for: the player whose turn it is when it is held here, else the first held
function cardOwner() {
  const held = heldHumans().filter((p) => (S.cards[p] || []).length);
  return held.includes(S.view && S.view.current) ? S.view.current : held[0] || null;
}
function drawCard() {
  const box = $("my-card"), h = S.hello;
  if (!h.humans.length) { box.hidden = true; return; }
  box.hidden = false;
  const owner = cardOwner();
  if (!owner) {
    const free = h.humans.filter((p) => !(MB.seats && (MB.seats.taken || []).includes(p) && !(MB.seats.mine || []).includes(p)));
    // every seat of this page's colours held on another screen: said so, as the top does (Struggle newcomer 15:
    // "take your seat" here beside "🔒 Red's card: on another screen" at the top)
    const away = free.length ? [] : h.humans; // (a colour not free is held elsewhere)
    box.innerHTML = `<div class="label">${I18N.t("page.str.card_title", "Your objective card")}</div>` +
      // said with the colour the players' row calls "you" (round 25: "Red · you", then "take your seat"); never "you
      // play Red here: take your seat" (Struggle newcomer 26: played here, and yet a seat to take, read as contradicting)
      `<div>${away.length ? I18N.t("page.str.card_secret_away_move", "{colours}'s secret card shows on another screen, the one holding the seat (to see it here, press “⇄ show it here instead” at the top); the moves can still be made from here.", { colours: andList(away.map((p) => MB.colourName(p))) })
        : I18N.t("page.str.card_secret_press", "{colours}'s secret card shows on one screen only: to see it on this one, press below (the moves can be made from any screen).", { colours: andList(h.humans.map((p) => MB.colourName(p))) })}</div>`;
    for (const p of free) {
      const b = document.createElement("button");
      b.type = "button"; b.className = `small show-card ${p}`;
      b.textContent = heldHumans().includes(p) ? I18N.t("page.str.card_wait", "waiting for the card…")
        : showCardWords(p);
      b.addEventListener("click", () => MB.claim(p));
      box.appendChild(b);
    }
    return;
  }
  const card = S.cards[owner];
  box.innerHTML = `<div class="label">${I18N.t("page.str.card_of", "{Colour}'s objective card (secret): the order you want", { colour: owner })}</div>` +
    `<div class="card-row">${h.places.map((place, i) => `<div class="card-place"><span class="where">${place}</span><b>${card[i] === "A" ? "★" : card[i]}</b></div>`).join("")}</div>` +
    `<div class="muted">${I18N.t("page.str.card_points", "10 points for each token that arrives in its place{joker}.", { joker: card.includes("A") ? I18N.t("page.str.card_joker_note", "; ★ counts for any token") : "" })}</div>`;
  revealCard(box, owner);
}
// the arrival order if the race stopped now: the arrived tokens, then the others furthest first (ties in
// token order) -- the order the board's pick weighs (controller/struggle/rules.py projected_order, evaluate)
function projected(spaces, arrived) {
  const order = S.hello.tokens;
  const rest = order.filter((t) => !arrived.includes(t))
    .sort((a, b) => (spaces[b] || 0) - (spaces[a] || 0) || order.indexOf(a) - order.indexOf(b));
  return [...arrived, ...rest];
}
// 10 points per token in its card's place, the card's ★ (ace) taking any token (rules.py points)
function cardPoints(card, order) { return order.reduce((n, t, i) => n + (card[i] === "A" || card[i] === t ? 10 : 0), 0); }
function nth(i) {
  return [I18N.t("page.str.nth1", "1st"), I18N.t("page.str.nth2", "2nd"), I18N.t("page.str.nth3", "3rd"),
    I18N.t("page.str.nth4", "4th"), I18N.t("page.str.nth5", "5th")][i] || String(i + 1);
}
// what one way to play does for the card, in the terms the board's pick uses: each token it moves, good
// (✔), bad (✘) or no change (=) for the card if the race stopped there, and the points it would score then
// (those of arrived tokens sure): "✔ token J moves ahead, 3. in the race: its place C on your card"
// (`who`: the player whose way it is, when not the card's owner: "If Blue plays it, for your card: …", Struggle newcomer
// 107 read "For your card: …" under Blue's ways and could not tell why its card was in Blue's choice)
function forCard(o, card, who = null) {
  const places = S.hello.places, before = S.view.spaces || {}, after = o.spaces || {}, parts = [];
  const had = S.view.arrived || [], arrived = o.arrived || had;
  const was = projected(before, had), will = projected(after, arrived);
  const tokens = [...new Set([...o.moves.map((m) => m.token), ...o.moves.flatMap((m) => m.displaced || []), ...S.hello.tokens])];
  // each note's mark follows the points (round 9: "✔ good" under a way scoring less than one of "=" lines): a
  // token in its card's place scores 10 if the race stopped there, so each token's note is +10 (now in its
  // place), −10 (out of it) or no change, and the notes add up to the way's points against now's
  // while no token has left START (no "now" is said, round 23) the notes count from nothing: each token the way
  // leaves in its card's place +10, the card's ★ +10, adding up to the way's points
  const started = had.length > 0 || Object.values(before).some((at) => typeof at === "number" && at > 0);
  const named = new Set(); // the tokens whose lines say a rank
  const star = card.indexOf("A"); // the card's ★ place (any token), or -1
  for (const token of tokens) {
    const j = card.indexOf(token);
    const delta = j < 0 ? 0 : (will[j] === token ? 1 : 0) - (started && was[j] === token ? 1 : 0);
    if (arrived.includes(token) && !had.includes(token)) {
      const k = arrived.indexOf(token), place = places[k], want = card[k], args = { token, place, want, mine: places[j] };
      const wantOpen = want !== "A" && !arrived.slice(0, k).includes(want);
      // the places this arrival takes out of reach, said after a note that does not say them itself (an attack: a token
      // set on the ★ place, or out of its own place for −10, before its own place, lost that place for good unsaid,
      // and the pick said "this one loses fewer places on your card for good" against it; rules.py within_reach)
      const lost = (note) => {
        const own = j > k, other = wantOpen && want !== token;
        return !own && !other ? note : note + I18N.t("page.str.card_lost_sep", "; ")
          + (own && other ? I18N.t("page.str.card_lost_both", "⚠ both place {place} and its own place ({mine}) are lost for good (an arrival is final)", args)
            : own ? I18N.t("page.str.card_lost_own", "⚠ its own place on your card ({mine}) is lost for good (an arrival is final)", args)
              : I18N.t("page.str.card_lost_place", "⚠ place {place}, where your card wants {want}, is lost for good (an arrival is final)", args));
      };
      if (want === token && delta > 0) parts.push(I18N.t("page.str.card_hit", "✔ good for your card: token {token} arrives at its place {place}: +10", args));
      // an arrival at a place the token held in the race already: its points do not change, and cannot be lost any
      // more (Struggle newcomer 28 read "no change … sure now" as a contradiction; newcomer 33 read "○ no change …
      // counted already" beside scores of "–" as a way that does nothing for the card, the one that made its points)
      else if (want === token) parts.push(I18N.t("page.str.card_hit_sure", "🔒 made sure for your card: token {token} arrives at its place {place}, the place it held in the race already: its 10 points cannot be lost any more", args));
      else if (want === "A" && delta < 0) parts.push(lost(I18N.t("page.str.card_star_out", "✘ bad for your card: token {token} takes place {place} (your card's ★, any token), out of its own place on your card ({mine}): −10", args)));
      else if (want === "A") parts.push(lost(I18N.t("page.str.card_star_sure", "🔒 made sure for your card: token {token} takes place {place}, your card's ★ (any token): its 10 points cannot be lost any more", args)));
      else if (delta < 0) parts.push(lost(I18N.t("page.str.card_miss_out", "✘ bad for your card: token {token} takes place {place}, where your card wants {want}, out of its own place on your card ({mine}): −10", args)));
      // (Struggle newcomer 20 hesitated: an arrival is final, so the place is lost for good, "no change" or not;
      // newcomer 36 read "○ no change" as undersold: the token's own place on the card is lost for good too. A
      // warning's mark, not ✘: the points if the race stopped now do not change, and each ✔/✘ follows the points)
      // ...only of places still open: the token's own place still ahead of the one it takes, the place it takes not
      // already out of reach of the token the card wants there (Struggle newcomer 41: "both places are lost for good"
      // of a place A another token had taken a turn before); a place lost for good is a loss, ⚠, as the two before
      // (Struggle newcomer 55 read "○ no change … lost for good" as nothing lost)
      else if (j > k && wantOpen) parts.push(I18N.t("page.str.card_miss_both", "⚠ a loss for your card: token {token} takes place {place}, where your card wants {want}, and so never reaches its own place on your card ({mine}): both places are lost for good (an arrival is final); no change to the points if the race stopped now", args));
      else if (j > k) parts.push(I18N.t("page.str.card_miss_own", "⚠ a loss for your card: token {token} takes place {place} and so never reaches its own place on your card ({mine}): lost for good (an arrival is final); no change to the points if the race stopped now", args));
      else if (wantOpen) parts.push(I18N.t("page.str.card_miss_final", "⚠ a loss for your card: token {token} takes place {place}, where your card wants {want}: that place is lost for good (an arrival is final); no change to the points if the race stopped now", args));
      else parts.push(I18N.t("page.str.card_miss_none", "○ no change in points: token {token} takes place {place}, which your card could no longer score", args));
      continue;
    }
    const from = before[token], to = after[token];
    if (typeof from !== "number" || typeof to !== "number") continue;
    const pb = was.indexOf(token), pa = will.indexOf(token);
    if (from === to && !delta) continue; // not moved, its points the same: nothing to say
    named.add(token);
    // a token that moves ahead while others pass it drops in the race: said so (Struggle newcomer 16 read "moves
    // ahead from 1st to 2nd" as a contradiction), and the same for one that goes back but comes up
    // ...the cause first, "and so goes to 3rd" before a rank (Struggle newcomer 95 read "✔ … stays put but drops (others
    // pass it) to 3rd" twice, "drops" beside a ✔; 96 read "moves ahead but drops … to 5th" as a contradiction)
    const moves = from === to ? (pa > pb ? I18N.t("page.str.stays_passed", "stays put while others pass it") : I18N.t("page.str.stays_ahead_back", "stays put while a token ahead goes back"))
      : to > from ? (pa > pb ? I18N.t("page.str.moves_ahead_passed", "moves ahead while others pass it") : I18N.t("page.str.moves_ahead", "moves ahead"))
        : pa < pb ? I18N.t("page.str.goes_back_ahead_back", "goes back while a token ahead goes back further") : I18N.t("page.str.goes_back", "goes back");
    const shifted = from === to || (to > from ? pa > pb : pa < pb); // a "while …" phrase: the rank's cause said
    const args = { token, place: places[j], rank: nth(pa), want: nth(j), was: nth(pb), moves };
    // (before a rank: "…while others pass it, and so goes to 3rd in the race")
    const argsTo = shifted ? { ...args, moves: I18N.t("page.str.moves_and_so", "{moves}, and so goes", { moves }) } : args;
    // the token the way leaves in the card's ★ place from START: said once, by the ★ line below (an attack read "no
    // points … token 10" above "★ place (A) … token 10 … +10")
    if (!started && card.indexOf("A") >= 0 && will[card.indexOf("A")] === token) continue;
    if (!started) { // from START: what the way leaves in place, counted from nothing; the tokens stand level on
      // START, so no rank is "still" or "from" one (Struggle newcomer 20 read "moves ahead, still 1st in the race"
      // with all five there; round 27 had seen "from 3rd to 3rd"), and a token leaving it only moves ahead
      const at = { ...args, from: spaceName(from), moves: I18N.t("page.str.moves_ahead", "moves ahead") };
      if (delta > 0 && from === to) parts.push(I18N.t("page.str.card_stays_start", "✔ good for your card: token {token} stays on {from}, {rank} in the race, the place your card wants for it ({place}): +10", at));
      else if (delta > 0) parts.push(I18N.t("page.str.card_in_place", "✔ good for your card: token {token} {moves} to {rank} in the race, the place your card wants for it ({place}): +10", at));
      else if (j < 0) parts.push(I18N.t("page.str.card_not_on_start", "○ no points for your card: token {token} {moves}, and your card does not name it (its ★ takes any token)", at));
      else parts.push(I18N.t("page.str.card_out_from_start", "○ no points for your card: token {token} {moves} to {rank} in the race, not the {want} place your card wants for it ({place})", at));
      continue;
    }
    // (...nor through the ★ once its place is taken: Struggle newcomer 104 read "its ★ takes any token" of Q with 9 on
    // the ★ place, and took it that Q could still score there)
    if (j < 0 && star >= 0 && star < arrived.length) parts.push(I18N.t("page.str.card_not_on_star_taken", "○ no change in points (compared with now): token {token} {moves}, and your card does not name it (its ★ place, {star}, is taken already)", { ...args, star: places[star] }));
    else if (j < 0) parts.push(I18N.t("page.str.card_not_on", "○ no change in points (compared with now): token {token} {moves}, and your card does not name it (its ★ takes any token)", args));
    // (...where the card's ★ place is still free after the way, that it takes this token too: Struggle newcomer 101
    // read "the place your card wants for it (C) is taken already" of J under every way, raced J home to the ★ place D
    // by itself, and scored there)
    else if (j < had.length && star >= arrived.length) parts.push(I18N.t("page.str.card_place_taken_star", "○ no change in points (compared with now): token {token} {moves}; the place your card wants for it ({place}) is taken already, but your card's ★ place ({star}) takes any token, token {token} too", { ...args, star: places[star] }));
    else if (j < had.length) parts.push(I18N.t("page.str.card_place_taken", "○ no change in points (compared with now): token {token} {moves}, but the place your card wants for it ({place}) is taken already", args));
    else if (delta > 0) parts.push(I18N.t("page.str.card_in_place", "✔ good for your card: token {token} {moves} to {rank} in the race, the place your card wants for it ({place}): +10", argsTo));
    else if (delta < 0) parts.push(I18N.t("page.str.card_out_of_place", "✘ bad for your card: token {token} {moves} to {rank} in the race, out of the {want} place your card wants for it ({place}): −10", argsTo));
    else if (pa === pb) parts.push(I18N.t("page.str.card_same", "○ no change in points (compared with now): token {token} {moves}, still {rank} in the race", args));
    else if (Math.abs(pa - j) < Math.abs(pb - j)) parts.push(I18N.t("page.str.card_nearer_same", "○ no change in points (compared with now): token {token} {moves} from {was} to {rank} in the race, nearer the {want} place your card wants for it ({place}) but not in it", argsTo));
    else if (Math.abs(pa - j) > Math.abs(pb - j)) parts.push(I18N.t("page.str.card_farther_same", "○ no change in points (compared with now): token {token} {moves} from {was} to {rank} in the race, farther from the {want} place your card wants for it ({place}); it was not in that place before either", argsTo));
    else parts.push(I18N.t("page.str.card_as_far_same", "○ no change in points (compared with now): token {token} {moves} from {was} to {rank} in the race, as far as before from the {want} place your card wants for it ({place})", argsTo));
  }
  // (the token that would stand in it, named: Struggle newcomer 93 could not tell why its first way scored there)
  const fromStart = started ? -1 : star;
  if (fromStart >= 0) named.add(will[fromStart]); // (its rank said too: Struggle newcomer 100 read Q "3rd" still on START)
  const level = levelLine(after, arrived, named);
  if (level) parts.push(level);
  // a way that ends the round scores now, every card, not only this one (Struggle newcomer 53)
  if ((o.round_end || []).length) parts.push(I18N.t("page.str.card_round_ends", "⚑ this way ends the round: every place scores now, for every card, the other players' cards too"));
  if (fromStart >= 0) {
    parts.push(I18N.t("page.str.card_star_start_token", "✔ good for your card: your card's ★ place ({place}) scores with any token: token {token}, {rank} in the race if it stopped here: +10",
      { place: places[fromStart], token: will[fromStart], rank: nth(fromStart) }));
  }
  const sure = cardPoints(card.slice(0, arrived.length), arrived), total = cardPoints(card, will);
  // "no change" compares with now: the points now said beside those of the way when they differ (a way
  // marked "=" showed 20 points while others showed 10 or 30, and nothing said 20 was what now scores)
  const now = cardPoints(card, was);
  // while no token has left START the race has no "now" to score (round 23: "(20 if it stopped now)" with
  // every token on the start read as nonsense): only the way's points are said
  if (!parts.length && total === now) parts.push(I18N.t("page.str.card_nothing", "○ no change in points (compared with now)"));
  // (...said under every way once the race has begun, the same or not: Struggle newcomer 105 read "10 points" under
  // one way and "20 points (now: 10)" under the next)
  // ("if it stopped now": Struggle newcomer 110 read "(now: 30)" as the score, the scores saying "– pts")
  const score = started
    ? (sure ? I18N.t("page.str.card_score_sure_if_now", "If the race stopped after this way: {points} points for your card, {sure} of them sure already (from tokens arrived: an arrival is final) (if it stopped now: {now})", { points: total, sure, now })
      : I18N.t("page.str.card_score_if_now", "If the race stopped after this way: {points} points for your card (if it stopped now: {now})", { points: total, now }))
    : sure ? I18N.t("page.str.card_score_sure", "If the race stopped after this way: {points} points for your card, {sure} of them sure already (from tokens arrived: an arrival is final)", { points: total, sure })
      : I18N.t("page.str.card_score", "If the race stopped after this way: {points} points for your card", { points: total });
  // one line each (struggle.css: pre-line), the points last
  const lines = "\n" + [...parts, score].join("\n");
  return who ? I18N.t("page.str.for_card_theirs", "If {Player} plays it, for your card: {parts}", { player: who, parts: lines })
    : I18N.t("page.str.for_card", "For your card: {parts}", { parts: lines });
}
// how tokens level on one space rank (projected: in the tokens' order), for those a way's note names (Struggle
// newcomer 21 read "token 9 moves ahead to 2nd" beside J on the same space, and could not tell why J was 1st):
// "(tokens level on one space rank in the order K, Q, J, 10, 9: J before 9 on space 3)", or ""
function levelLine(spaces, arrived, named) {
  const order = S.hello.tokens, racing = order.filter((t) => !arrived.includes(t) && typeof spaces[t] === "number");
  const groups = [...new Set(racing.map((t) => spaces[t]))].map((at) => racing.filter((t) => spaces[t] === at))
    .filter((on) => on.length > 1 && on.some((t) => named.has(t)))
    .map((on) => I18N.t("page.str.level_group", "{tokens} on {space}", { tokens: on.join(I18N.t("page.str.before", " before ")), space: spaceName(spaces[on[0]]) }));
  return groups.length ? I18N.t("page.str.card_level", "(tokens level on one space rank in the order {order}: {groups})",
    { order: order.join(", "), groups: groups.join("; ") }) : "";
}
// a way's note for the card in the box `note`: `pick` (the board's pick, or ""), then forCard's `text`: its
// header and the tokens' lines (.card-why, hidden on a phone under a way not shown: struggle.css) and its last
// line, the points, followed by "tap for why" where the lines are hidden
// (`lights`: a tap on the way lights it on the board too, said so: Struggle newcomer 51 tapped "for why" and found
// the board lighting that way)
function noteLines(note, pick, text, lights = false) {
  const lines = text.split("\n"), score = lines.pop();
  note.textContent = pick ? `${pick}\n` : "";
  const why = document.createElement("span");
  why.className = "card-why";
  why.textContent = lines.map((l) => l + "\n").join("");
  const points = document.createElement("span");
  points.className = "card-score";
  points.textContent = score;
  const more = document.createElement("span");
  more.className = "card-more";
  more.textContent = ` ${lights ? I18N.t("page.str.card_tap_light_why", "· click to light it and see why") : I18N.t("page.str.card_tap_why", "· click for why")}`;
  note.append(why, points, more);
}
function gameInfo() {
  const h = S.hello, v = S.view;
  // the track named only when it is not the default one ("track default" meant nothing to a newcomer)
  const args = { seed: h.seed, players: h.players.length, round: (v && v.round) || 1, rounds: v ? v.rounds : 1, track: h.track_name };
  $("game-info").textContent = h.track_name && h.track_name !== "default"
    ? I18N.t("page.str.game_info", "seed {seed} · {players} players · round {round} of {rounds} · track {track}", args)
    : I18N.t("page.str.game_info_default", "seed {seed} · {players} players · round {round} of {rounds}", args);
}
// the arrivals counted as the board shows them: while a play's tokens are still being placed, one the referee counts
// as arrived but not yet standing on its arrival place is said as coming (Struggle newcomer 24 read "arrived: 1 of 4"
// over five empty arrival places, the 9 still on its way there)
const THROWN_MS = 600; // the dice's tumble (struggle.css .pdie.thrown)
function drawProgress() {
  const v = S.view;
  const counted = Math.min(v.arrived.length, ARRIVALS_PER_ROUND);
  const placing = v.phase === "placing" && S.world && S.world.tokens;
  const coming = placing ? v.arrived.slice(0, ARRIVALS_PER_ROUND).filter((t) => !String(S.world.tokens[t] || "").startsWith("place-")).length : 0;
  const arrived = counted - coming;
  $("progress").textContent = v.phase === "over" ? I18N.t("page.str.progress_over", "Game over after {rounds} round{s}", { rounds: v.rounds, s: v.rounds > 1 ? "s" : "" })
    : I18N.t("page.str.progress", "Round {round} of {rounds} · arrived: {arrived} of {needed} ({needed} end the round)",
      { round: v.round || 1, rounds: v.rounds, arrived, needed: ARRIVALS_PER_ROUND })
      + (coming ? I18N.t("page.str.progress_coming", " · {n} more once placed", { n: coming }) : "");
}

function drawPrompt() {
  if (!S.view) return;
  promptParts();
  const prompt = promptNow();
  if (NOTICE.prompted(prompt)) MB.clearError(); // a refusal of the moment before goes (notice.js)
  $("prompt-text").textContent = prompt;
  $("prompt-new").hidden = S.view.phase !== "over";
  $("prompt-new").textContent = I18N.t("page.str.prompt_new", "✨ New game");
  drawInHand();
  // another player's play, only where the prompt's room holds it as it is (Struggle newcomer 23: with a long
  // prompt the news made the box grow, its letters smaller, and pushed Throw off the first screen)
  const news = newsNow(), box = $("prompt");
  $("prompt-news").hidden = true;
  fitPrompt();
  if (!news) return;
  const fits = box.className, height = box.offsetHeight;
  $("prompt-news").textContent = news;
  $("prompt-news").hidden = false;
  fitPrompt();
  if (box.className !== fits || box.offsetHeight > height + 1) { $("prompt-news").hidden = true; fitPrompt(); }
}
// what another player's turn did, said under a person's "press Throw" before their first throw (a phone's log is
// two screens down: Struggle newcomer 22 found their K back on START and only "Red: press Throw." said): the
// other's play as the log says it ("Blue played: token 9 moves and sends token K back to START"); forgotten once
// a person here throws; at every width where the prompt's room holds it (Struggle newcomer 39 at 1920 dug it from the log)
// Every other player's play since a person here last threw is said, not only the last (an attack: with three
// players Blue's play was forgotten at Green's turn); a new round's deal starts the news afresh (its tokens are back
// on START), at most NEWS_MAX plays
const NEWS_MAX = 3;
function heardNews(ev) {
  const here = S.hello && S.hello.humans.includes(ev.player);
  if (ev.type === "played" && !here && S.hello) S.news = [...(S.news || []), playedNews(ev)].slice(-NEWS_MAX);
  else if ((ev.type === "hand" && here) || ev.type === "round_started" || ev.type === "game_started") S.news = null;
}
// another player's play as news: where each token went (Struggle newcomer 28 had to scroll to the log to learn that
// Blue's play had put a token in place A), else the log's words
// ...the tokens that moved only, short: the prompt's room holds it (Struggle newcomer 75: three impasses said at length
// made it too long, and the news was left out); a play that moved none says so (the log says each die)
function playedNews(ev) {
  const all = Array.isArray(ev.moves) ? ev.moves : [];
  if (!all.length) return LOG_TEXT.played(ev);
  const moves = all.filter((m) => m && m.result !== "impasse" && (m.from !== m.to || m.place));
  // ...and a die's token that stayed, why, short (Struggle newcomer 77 read Blue's three Qs and no Q in the news, and
  // worked out alone that space 7, black, stopped it)
  // (not one a later move's swap sent back: it did not stay, an attack read "token Q stays" of a Q sent to space 3)
  const sentLater = (i, token) => all.slice(i + 1).some((m) => m && Array.isArray(m.displaced) && m.displaced.includes(token));
  const stayed = (m, i) => m && m.result === "impasse" && !sentLater(i, m.token);
  const stays = staysShort(all.filter(stayed));
  if (!moves.length) return stays ? I18N.t("page.str.news_played_none_why", "{Player}'s play moved no token: {stays}", { player: ev.player, stays })
    : I18N.t("page.str.news_played_none", "{Player}'s play moved no token", { player: ev.player });
  // ...each in the play's order, stays one after another said together (Struggle newcomer 114 read "token 10 space 8 →
  // space 9 · … · token Q stays (space 8 ahead is taken)", Q stopped by 10 before 10 moved on)
  const parts = [];
  let run = [];
  const flush = () => { if (run.length) parts.push(staysShort(run)); run = []; };
  all.forEach((m, i) => {
    if (stayed(m, i)) run.push(m);
    else if (moves.includes(m)) { flush(); parts.push(moveText(m)); }
  });
  flush();
  return I18N.t("page.str.news_played", "{Player} played: {moves}", { player: ev.player, moves: parts.join(" · ") });
}
// the moves that could not be made, in the news's few words, by what stopped them: "token Q stays (black space 7)",
// "tokens J and 9 stay (black spaces)" (three impasses said at length did not fit the prompt: Struggle newcomer 75);
// the space it would have ended on said ahead (Struggle newcomer 110 read "token 10 stays (black space 7)" as 10 on 7)
function staysShort(impasses) {
  const by = { black: [], taken: [], other: [] };
  for (const m of impasses) by[m.blocked === "black" ? "black" : m.blocked ? "taken" : "other"].push(m);
  return Object.entries(by).filter(([, ms]) => ms.length).map(([why, ms]) => {
    if (ms.length > 1) {
      const tokens = I18N.list(ms.map((m) => m.token));
      return why === "black" ? I18N.t("page.str.news_stay_black_many_ahead", "tokens {tokens} stay (black spaces ahead)", { tokens })
        : why === "taken" ? I18N.t("page.str.news_stay_taken_many_ahead", "tokens {tokens} stay (spaces ahead taken)", { tokens })
          : I18N.t("page.str.news_stay_many", "tokens {tokens} stay", { tokens });
    }
    const token = ms[0].token, to = typeof ms[0].target === "number" ? spaceName(ms[0].target) : "";
    return why === "black" && to ? I18N.t("page.str.news_stay_black_ahead", "token {token} stays ({to} ahead is black)", { token, to })
      : why === "taken" && to ? I18N.t("page.str.news_stay_taken_ahead", "token {token} stays ({to} ahead is taken)", { token, to })
        : I18N.t("page.str.news_stay", "token {token} stays", { token });
  }).join(" · ");
}
function newsNow() {
  const s = said(), v = S.view;
  return S.news && S.news.length && s && s.action === "throw" && S.hello.humans.includes(s.player) && !v.throws
    ? S.news.join(" · ") : "";
}
function drawInfo() {
  const v = S.view, h = S.hello;
  MB.setOver(v.phase === "over");
  drawPrompt();
  guideTip();
  drawGoal();
  watchSeats();
  drawCard();
  drawProgress();
  NOTICE.turnColour(v);
  const players = $("players");
  players.innerHTML = "";
  for (const p of v.players.length ? v.players : h.players) {
    // no round over yet: no points counted yet, a dash rather than a 0 that reads as scoring not working
    // (Struggle newcomer 16: "0 pts" all round; the points are counted when the round ends, RULES.md)
    const counted = v.results.length > 0 || v.phase === "over";
    const row = MB.playersRow(p, v, h, `<b class="score" title="${escHTML(counted ? "" : I18N.t("page.str.pts_later", "points are counted when the round ends"))}">` +
      `${counted ? v.totals[p] || 0 : "–"}</b><small> ${I18N.t("page.str.pts", "pts")}</small>`);
    shortTag(row, p, h);
    players.appendChild(row);
  }
  // dice
  const over = v.phase === "over", dice = $("dice");
  // the hand kept (choosing a way) or played: no die is held any more, all look alike, and the ones that
  // still act say what they do in words beside them (die 1: the previous way; die 2: another order)
  const kept = v.phase === "choosing" || v.phase === "placing";
  dice.classList.toggle("kept", kept);
  dice.innerHTML = "";
  const roles = v.phase === "choosing" ? dieRoles(v) : [];
  for (let i = 0; i < 5; i++) {
    const face = over ? "" : v.faces[i], d = document.createElement("button"); // the game over: no hand
    d.type = "button";
    const tumble = !over && !kept && S.thrown && performance.now() - S.thrown.at < THROWN_MS && !S.thrown.held.includes(i + 1);
    d.className = "pdie" + (!over && !kept && v.held.includes(i + 1) ? " held" : "") + (face === "A" ? " ace" : "")
      + (tumble ? " thrown" : "");
    if (tumble) d.style.animationDelay = `${-(performance.now() - S.thrown.at)}ms`; // a redraw goes on with it
    d.dataset.die = String(i + 1);
    d.dataset.face = face || "";
    d.dataset.heldLabel = I18N.t("page.str.held", "held"); // shown under a held die (struggle.css)
    d.textContent = face ? FACE[face] : "?";
    if (roles[i]) d.dataset.role = roles[i]; // what this die does in the shown way, under it (struggle.css)
    // while throwing, a die whose token has arrived says it moves nothing (Struggle newcomer 68 nearly kept 10, 10,
    // 10, 10, Q with 10 and Q arrived: only the log said their dice moved nothing); a held die says "held"
    const idle = !over && !kept && face && face !== "A" && (v.arrived || []).includes(face);
    d.classList.toggle("idle", !!idle);
    if (idle) d.dataset.idleLabel = I18N.t("page.str.die_idle", "moves nothing");
    // while choosing, the dice on this page are the hand's picture, not buttons: the page's ◀ Previous way, Throw
    // (the next way), Stop and ⇄ Another order do what the board's die 1 and die 2 do (Struggle newcomer 33: a die's
    // tap held it a moment before, then some dice became hidden buttons beside those); a tap says so
    // (every die says the same then, whether the board's button under it acts or not: an attack found die 1 on way 1
    // and dice 3-5 saying only "does nothing now")
    const [acts, said] = buttonState(`die${i + 1}`), on = acts && v.phase !== "choosing";
    const keptHere = v.phase === "choosing" && h.humans.includes(v.current);
    // (two ways: no ◀ Previous way, hidden beside ▶, an attack)
    const why = keptHere && twoWays() ? I18N.t("page.str.die_kept_two", "the hand is kept: ▶ shows the other way, Stop plays the one lit")
      : keptHere ? I18N.t("page.str.die_kept", "the hand is kept: choose its way with ◀ Previous way, Throw (the next way) and Stop") : said;
    d.title = I18N.t("page.str.die_title", "die {n}: {face} (key {n}): {why}",
      { n: i + 1, face: face === "A" ? I18N.t("page.str.ace", "ace (joker)") : face || "?", why });
    if (idle) d.title += ` · ${I18N.t("page.str.die_idle_title", "token {token} has arrived: its dice move nothing", { token: face })}`;
    if (keptHere) d.dataset.tap = why; else delete d.dataset.tap; // (a tap elsewhen says the title: the die, its key)
    MB.enable(d, on);
    // its key on its corner while it can be held, where a keyboard is at hand (board.css; Struggle newcomer 103:
    // Throw and Stop had tags, the dice none)
    if (on) d.dataset.keyTag = String(i + 1);
    // a tap or click keeps no focus ring on the die (newcomer 16: a held die kept a blue ring into the kept hand)
    d.addEventListener("click", (e) => { if (e.detail > 0) d.blur(); press(`die${i + 1}`); });
    dice.appendChild(d);
  }
  // an ace said in plain words where it is met, under the dice (round 9: "ace" was explained only in "?", as a
  // "joker for figures", "five aces void"); the same words as the help's (struggle.html page.str.help_ace)
  const aces = !over && v.phase !== "placing" && (v.faces || []).includes("A");
  $("ace-note").hidden = !aces;
  $("ace-note").textContent = aces ? I18N.t("page.str.ace_note", "An ace counts as one of the tokens the other dice show (with 9, 9 and an ace: a 9), your choice; five aces count for nothing.") : "";
  // why the dice stop answering: the hand is kept (choosing) or played (placing)
  $("throws").textContent = v.phase === "choosing" ? I18N.t("page.str.dice_kept", "hand kept: choose a way to play it")
    // (a play moving no token said so, as the board's prompt does: Struggle newcomer 67 read "the tokens move" beside
    // "Red's play moves no token")
    : v.phase === "placing" && ((v.instruction && v.instruction.messages) || []).some((m) => m && m.id === "str.placed_none")
      ? I18N.t("page.str.dice_played_none", "hand played: no token moves")
      : v.phase === "placing" ? I18N.t("page.str.dice_played", "hand played: the tokens move")
      : v.throws && !over ? I18N.t("page.str.throw_of", "throw {n} of 3", { n: v.throws }) : "";
  // while choosing, Throw shows the next way: its label says so, as the prompt names it (PAGE_SAID): "▶ Next way",
  // no 🎲 (Struggle newcomers 35, 36 read "🎲 Throw: next way" as throwing again); a language without these words
  // keeps the board's, "Throw: next way", as its prompt does
  const nextWay = v.phase === "choosing", throwWord = $("throw").querySelector('[data-i18n="page.throw"]');
  const own = nextWayOwn(), lastWay = nextWay && v.selected === v.outcomes.length - 1 && v.outcomes.length > 1;
  if (throwWord) throwWord.hidden = nextWay;
  $("throw").querySelector(".throw-icon").hidden = nextWay && own;
  $("next-way").hidden = !nextWay;
  $("next-way").textContent = own ? (lastWay ? I18N.t("page.str.back_to_way_1", "▶ Back to way 1") : I18N.t("page.str.next_way", "▶ Next way"))
    : lastWay ? I18N.t("page.str.throw_first_way", "Throw: way 1") : I18N.t("page.str.throw_next_way", "Throw: next way");
  // choosing: the way it plays named (Struggle newcomer 17 took it and the way's "Play this way (Stop)" for two acts)
  $("stop").textContent = v.phase === "choosing" ? (typeof v.selected === "number"
    ? I18N.t("page.str.stop_play_way", "✋ Stop: play way {n}", { n: v.selected + 1 }) : I18N.t("page.str.stop_play", "✋ Stop: play it"))
    : v.phase === "placing" ? I18N.t("page.str.stop_turn", "✋ Stop: end the turn")
      : v.phase === "tokens" ? I18N.t("page.str.stop_round", "✋ Stop: start the round")
        // after a throw Stop keeps the hand (round 25: a newcomer pressed "✋ Stop" to end the throwing); short, as
        // "Stop: play it", to stay beside Throw on a phone (the ways panel says "press ✋ Stop to keep this hand")
        : v.phase === "throw" && v.throws && !over ? I18N.t("page.str.stop_keep", "✋ Stop: keep it") : I18N.t("page.str.stop", "✋ Stop");
  const mine = h.humans.includes(v.current);
  // choosing, the page's own pair for the ways beside Stop: ◀ Previous way (the board's die 1) and Throw (the next
  // way), on a phone's first screen (Struggle newcomers 16-29: the board's dice as the only way back read as holding)
  const prev = $("prev-way");
  prev.hidden = !(v.phase === "choosing" && mine && v.outcomes.length > 1) || twoWays();
  prev.textContent = I18N.t("page.str.prev_way", "◀ Previous way");
  MB.setControl(prev, buttonState("die1"), I18N.t("page.str.prev_way_key", "Previous way (die 1)"));
  // what this page's person is asked to do now, for the layout (struggle.css: on a phone, Stop stays on
  // screen while choosing a way far down the list)
  document.body.dataset.phase = mine ? v.phase : "watching";
  handsUp();
  MB.setControl($("throw"), buttonState("throw"), v.phase === "choosing" ? I18N.t("page.str.next_way_throw_key", "Next way: the board's Throw button (T)") : I18N.t("page.str.throw_key", "Throw (T)"));
  drawStop(); // and Place tokens as shown
  drawStays(v);
  MB.setControl($("gather"), buttonState("gather"), I18N.t("page.str.gather", "Gather tokens on start"));
  // outcomes
  const list = $("outcomes");
  list.innerHTML = "";
  const ways = over ? [] : v.outcomes;
  $("outcome-count").textContent = ways.length ? `(${ways.length})` : "";
  const owner = cardOwner(), card = owner ? S.cards[owner] : null, hint = owner ? S.hints[owner] : null;
  // another player's ways (a simulated player's turn, or one played on another screen): the heading says whose they
  // are, a line under it who chooses and what the notes under them are, each note "If Blue plays it, for your card"
  // (Struggle newcomer 107, 1920x1080: in Blue's turn "Ways to play the hand" listed "For your card: …" notes, and
  // the newcomer could not tell whose choice it was, nor why its own card was in it)
  const theirs = !!ways.length && (!mine || (!!owner && owner !== v.current)) ? v.current : null;
  $("ways-title").hidden = !!theirs;
  $("ways-title-theirs").hidden = !theirs;
  $("ways-title-theirs").textContent = theirs ? I18N.t("page.str.ways_of", "{Player}'s ways to play the hand", { player: theirs }) : "";
  const whose = theirs && v.phase === "choosing" ? (!mine
    ? (card ? I18N.t("page.str.ways_theirs_sim_card", "🤖 {Player} chooses one of them, by itself (simulated). Under each: what it would do for your card.", { player: theirs })
      : I18N.t("page.str.ways_theirs_sim", "🤖 {Player} chooses one of them, by itself (simulated).", { player: theirs }))
    : card ? I18N.t("page.str.ways_theirs_card", "{Player} chooses one of them. Under each: what it would do for your card.", { player: theirs })
      : I18N.t("page.str.ways_theirs", "{Player} chooses one of them.", { player: theirs })) : "";
  $("ways-whose").hidden = !whose;
  $("ways-whose").textContent = whose;
  // the dice on tokens arrived already, said before the play (Struggle newcomer 96 saw a 10 die dropped from the one
  // way listed, said only in the log after; an ace counted so is said in its way, "the ace counts as …")
  const dead = v.phase === "choosing" && ways.length ? (v.faces || []).filter((f) => f !== "A" && (v.arrived || []).includes(f)) : [];
  const deadTokens = [...new Set(dead)];
  $("ways-dead").hidden = !dead.length;
  $("ways-dead").textContent = !dead.length ? ""
    : dead.length === 1 ? I18N.t("page.str.ways_dead_one", "The {die} die moves nothing: token {token} arrived already.", { die: dead[0], token: dead[0] })
      : deadTokens.length === 1 ? I18N.t("page.str.ways_dead_dice_token", "The {dice} dice move nothing: token {token} arrived already.", { dice: andList(dead), token: deadTokens[0] })
        : I18N.t("page.str.ways_dead_dice_tokens", "The {dice} dice move nothing: tokens {tokens} arrived already.", { dice: andList(dead), tokens: andList(deadTokens) });
  // ways whose heading would read alike (the same aces, or none) and whose first move differs: each says which token
  // moves first (Struggle newcomer 42: ways 2 and 3 both read "the ace counts as J", Q then J and J then Q)
  const headOf = (o) => shownPlay(o).ace.join(" "), firstOf = (o) => ((shownPlay(o).moves || [])[0] || {}).token;
  const alike = (o) => ways.some((w) => w !== o && headOf(w) === headOf(o) && firstOf(w) !== firstOf(o));
  for (const o of ways) {
    const li = document.createElement("li");
    // (the pick only among two ways or more: Struggle newcomer 100 read "★ the board's pick" under a hand's one way;
    // never under another player's ways, which that player chooses: Struggle newcomer 107)
    const picked = ways.length > 1 && hint === o.index && !theirs;
    li.className = "outcome" + (o.index === v.selected ? " selected" : "") + (card && v.phase === "choosing" && picked ? " pick" : "");
    li.dataset.index = String(o.index);
    li.innerHTML = `<span class="n">${o.index + 1}</span><div><ul class="moves"></ul></div>`;
    // what the aces count as: two ways can differ in that alone (round 5 saw the same move twice)
    const shown = shownPlay(o); // the way the LEDs show in the order the prompt says (die 2: another order)
    if (shown.ace.length) {
      const ace = document.createElement("div");
      ace.className = "ace-as";
      ace.textContent = shown.ace.length > 1 ? I18N.t("page.str.way_aces", "the aces count as {aces}", { aces: andList(shown.ace) })
        : I18N.t("page.str.way_ace", "the ace counts as {aces}", { aces: andList(shown.ace) });
      // an ace counted as a token arrived already moves nothing: said there, not only in the log after the play
      // (Struggle newcomer 34 read "the ace counts as 9" with 9 home as a move)
      // (only while choosing: once played, the arrivals counted include this play's own, Struggle newcomer 38)
      const spent = v.phase !== "choosing" ? [] : [...new Set(shown.ace.filter((t) => (v.arrived || []).includes(t)))];
      if (spent.length) ace.textContent += I18N.t("page.str.way_ace_arrived", " ({tokens} arrived already: moves nothing)", { tokens: andList(spent) });
      // the aces counted otherwise to the same end, said (one way lists every play that gives it, rules.py outcomes:
      // Struggle newcomer 104 read one way, "the ace counts as K", and wondered whether a choice had been missed)
      const others = v.phase === "choosing" ? acesOtherwise(o, shown.ace) : [];
      if (others.length) {
        // (two aces or more counted otherwise in more than one way: counted, not listed; an attack read "as Q, Q and J,
        // 9, 9 and 9 or J, J and J", the lists' commas run together)
        ace.textContent += shown.ace.length > 1 && others.length > 1
          ? I18N.t("page.str.way_aces_same_n", " (counted {n} other ways, they play out the same)", { n: others.length })
          : shown.ace.length > 1
            ? I18N.t("page.str.way_aces_same", " (counted otherwise, as {others}, they play out the same)", { others: andList(others[0]) })
            : I18N.t("page.str.way_ace_same", " (as {others} it plays out the same)", { others: orList(others.map(andList)) });
      }
      li.lastElementChild.prepend(ace);
    }
    if (alike(o) && firstOf(o)) {
      const first = document.createElement("div");
      first.className = "first-move";
      first.textContent = I18N.t("page.str.way_first", "token {token} moves first", { token: firstOf(o) });
      const ace = li.querySelector(".ace-as");
      if (ace) ace.after(first); else li.querySelector(".moves").before(first);
    }
    // the order said, where there are several (Struggle newcomer 37: two ways listing the same moves in two orders
    // read alike; the order decides where a token may land)
    shown.moves.forEach((m, i) => {
      const line = moveLine(m);
      if (shown.moves.length > 1) {
        const order = document.createElement("small");
        order.className = "order";
        // (numbered: Struggle newcomer 39 read "first/then" as places in the race)
        order.textContent = I18N.t("page.str.order_step_n", "{n}.", { n: i + 1 });
        order.title = I18N.t("page.str.order_title", "the order the tokens move in: this move is number {n}", { n: i + 1 });
        line.prepend(order, " ");
      }
      li.querySelector(".moves").appendChild(line);
    });
    // the fourth arrival ends the round: the fifth token takes the last place (where it really ends)
    for (const e of o.round_end || []) li.querySelector(".moves").appendChild(roundEndLine(e));
    if (!o.moves.length && !(o.round_end || []).length) li.querySelector(".moves").textContent = I18N.t("page.str.no_moves", "no token moves");
    // moves that undo each other (two swaps on a red space): said under them (Struggle newcomer 64 read two moves)
    else if (o.moves_nothing && o.moves.some((m) => m.to !== m.from)) {
      const none = document.createElement("div");
      none.className = "undone";
      none.textContent = I18N.t("page.str.way_undone", "in the end no token moves: these moves undo each other");
      li.querySelector(".moves").after(none);
    }
    // (only while choosing: once played, the tokens stand where the way put them)
    const net = v.phase === "choosing" ? netText(o) : "";
    if (net) {
      const line = document.createElement("div");
      line.className = "net";
      line.textContent = net;
      li.querySelector(".moves").after(line);
    }
    // without the card, its box says once how to see it (not under every way); once played, the
    // tokens stand where the way put them, so "what it does" is only said while choosing
    if (card && v.phase === "choosing") {
      const note = document.createElement("div");
      note.className = "for-card";
      // the pick said first under its way (round 9: it was the last line of a long text); the top of the list names it
      noteLines(note, picked ? I18N.t("page.str.hint_short", "★ the board's pick for your card") : "", forCard(o, card, theirs), mine);
      li.lastElementChild.appendChild(note);
      // on a phone a way not shown says only its points until tapped (Struggle newcomer 17: three ways of
      // seven lines each ran three screens); a way of another player's turn opens here alone
      if (!mine) li.addEventListener("click", () => li.toggleAttribute("data-open"));
    }
    if (mine && v.phase === "choosing") li.addEventListener("click", () => pickWay(o.index));
    // on a phone the way tapped pictures the board lit, at its top (Struggle newcomer 101: the board lay a screen
    // above the list)
    if (mine && v.phase === "choosing" && o.index === v.selected && PHONE_LAYOUT.matches) {
      const pic = document.createElement("canvas");
      // (its numbers written left to right, as the track's, in a right-to-left page too: an attack read 13 as "3"
      // and START as "TAT" in Persian)
      pic.className = "way-board"; pic.setAttribute("aria-hidden", "true"); pic.dir = "ltr";
      li.lastElementChild.prepend(pic);
    }
    // on a phone the way tapped has Stop's control in it (struggle.css shows it there only): Stop is far above
    if (mine && v.phase === "choosing" && o.index === v.selected) {
      const play = document.createElement("button");
      play.type = "button"; play.className = "play-way big";
      play.textContent = I18N.t("page.str.play_way", "✋ Play this way (Stop)");
      MB.setControl(play, buttonState("stop"), I18N.t("page.str.stop", "✋ Stop"));
      play.addEventListener("click", (e) => {
        e.stopPropagation(); press("stop");
        // the play happens on the board: the prompt and the track back in view (round 23: on a phone, after
        // Play far down a long list, the prompt and the board were off-screen)
        if ($("prompt").getBoundingClientRect().top < 0) $("prompt").scrollIntoView({ block: "start" });
      });
      li.lastElementChild.appendChild(play);
    }
    list.appendChild(li);
  }
  // the way the LEDs show, in the list's view (the list scrolls on a wide screen; never the page), once each time
  // another way is lit (a redraw leaves the list where the person scrolled it: an attack pressed "▲ way 1 above",
  // and the next redraw scrolled back)
  const chosen = list.querySelector(".outcome.selected"), shownKey = `${handKeyOf(v)}|${v.selected}`;
  if (chosen && list.scrollHeight > list.clientHeight && S.waysScrolledFor !== shownKey) {
    S.waysScrolledFor = shownKey;
    const top = chosen.offsetTop - list.offsetTop, bottom = top + chosen.offsetHeight;
    // (3 px of room for its outline, struggle.css; and below the "▲ way 1 above" line when a way lies above it,
    // never under it: drawWaysAbove)
    const room = top > 3 ? 3 + WAYS_ABOVE_PX : 3;
    if (top - room < list.scrollTop) list.scrollTop = Math.max(0, top - room);
    else if (bottom + 3 > list.scrollTop + list.clientHeight) {
      list.scrollTop = Math.min(bottom + 3 - list.clientHeight, Math.max(0, top - room));
    }
  }
  drawWaysAbove();
  paintWayBoard();
  drawPickLine(v, ways, card, hint, mine, owner ? S.hintWhy[owner] : null);
  drawWayShown(v, ways, card, hint, mine);
  if (!ways.length) {
    list.innerHTML = '<li class="muted"></li>';
    list.firstChild.textContent = waysEmpty(v, mine);
  }
  // scores
  const rounds = Math.max(v.rounds, v.results.length);
  let html = `<tr><th></th>${Array.from({ length: rounds }, (_, i) => `<th>R${i + 1}</th>`).join("")}<th>${I18N.t("page.str.total", "total")}</th></tr>`;
  for (const p of v.players) {
    html += `<tr class="${p}" data-player="${p}"><td><span class="dot-s"></span> ${escHTML(MB.colourName(p))}</td>` +
      Array.from({ length: rounds }, (_, i) => `<td>${v.results[i] ? v.results[i].points[p] : "–"}</td>`).join("") +
      // (a dash until a round is counted, as the players' row: Struggle newcomer 32 saw "– pts" beside a total of 0)
      `<td class="total">${v.results.length || v.phase === "over" ? v.totals[p] || 0 : "–"}</td></tr>`;
  }
  const last = v.results[v.results.length - 1];
  if (last) {
    html += `<tr class="order"><td colspan="${rounds + 2}">${I18N.t("page.str.round_order", "round {round}: {order}",
      { round: last.round, order: last.order.map((t, i) => `${h.places[i]} ${t}`).join(" · ") })}</td></tr>`;
    // the cards are public once the round is over (RULES.md): each one, to check the points
    for (const p of v.players) {
      const c = (last.cards || {})[p];
      const scored = scoredWords(last, p);
      if (c) html += `<tr class="order round-card" data-player="${p}"><td colspan="${rounds + 2}">${I18N.t("page.str.round_card",
        "{Colour}'s card (places A to E): {card}", { colour: p, card: c.map((t) => (t === "A" ? "★" : t)).join(" ") })} · ${scored}</td></tr>`;
    }
  }
  $("scores").innerHTML = html;
  gameInfo();
  if (v.phase === "over" && !S.bannerShown) {
    S.bannerShown = true;
    const winners = andList(v.winners.map((p) => MB.colourName(p)));
    const line = v.winners.length > 1 ? `🏆 ${tieLine(winners, v.totals[v.winners[0]], v.winners.length)}!` : I18N.t("page.str.wins", "🏆 {winners} wins!", { winners });
    // ...and why: where each player's card scored in the last round, on the first screen (Struggle newcomer 33: said
    // only under the Rounds table, far below a phone's first screen)
    const why = last ? v.players.map((p) => escHTML(I18N.t("page.str.banner_scored", "{Colour}: {scored}", { colour: p, scored: scoredWords(last, p) }))) : [];
    MB.banner(`${line}<div class="banner-scores">${Object.entries(v.totals).map(([p, s]) => `${escHTML(MB.colourName(p))} ${s}`).join(" · ")}</div>` +
      (why.length ? `<div class="banner-why">${v.results.length > 1 ? escHTML(I18N.t("page.str.banner_last_round", "Round {round}:", { round: last.round })) + " " : ""}${why.join("<br>")}</div>` : ""));
  }
}
// the places that scored for `player` in a round (the round_over event's `scored`), each with its token: "scored at
// C (J) and D (10)", or "no token in its place"
function scoredWords(round, player) {
  const hits = ((round.scored || {})[player] || []).map((x) => `${x} (${round.order[S.hello.places.indexOf(x)]})`);
  return hits.length ? I18N.t("page.str.round_scored", "scored at {places}", { places: andList(hits) })
    : I18N.t("page.str.round_scored_none", "no token in its place");
}
// a phone's chip says the seat in a short tag at any count of players (round 26: "Blue simula…" cut with
// two, nothing with three): "you", or 🤖 for a simulated player, said in words in the chip's title (and in
// the prompt, "🤖 Blue plays by itself (simulated)"); struggle.css shows it on a phone instead of the long tag
function shortTag(row, p, h) {
  const who = row.querySelector(".who"), mine = h.humans.includes(p);
  const tag = document.createElement("small");
  tag.className = "tag-short";
  // (its card held on another screen: 🔒, as the header's seat says it, an attack read "Red you" under "🔒 Red's card:
  // its screen is closed")
  const lock = mine && MB.seatElsewhere(p);
  tag.textContent = mine ? I18N.t("page.common.you", "you") + (lock ? " 🔒" : "") : "🤖";
  row.title = !mine ? I18N.t("page.str.chip_simulated", "{Colour}: 🤖 simulated, plays by itself", { colour: p })
    : MB.seatAway(p) ? I18N.t("page.str.chip_you_closed", "{Colour}: you play it here; its card's screen is closed", { colour: p })
      : lock ? I18N.t("page.str.chip_you_elsewhere", "{Colour}: you play it here; its card is on another screen", { colour: p })
        : I18N.t("page.str.chip_you", "{Colour}: you play it here", { colour: p });
  if (who) who.appendChild(tag);
}
// the ways whose start lies above the list's view (a wide screen's list, scrolled to the way lit), said over its top
// line: "▲ ways 1–2 above" (Struggle newcomers 61, 63 read a first line cut mid-sentence, nothing saying more lay above)
const WAYS_ABOVE_PX = 24; // the "▲ way 1 above" line's height (struggle.css .ways-above), the way lit just under it
function drawWaysAbove() {
  const list = $("outcomes"), line = $("ways-above");
  if (!line) return;
  const top = list.scrollTop;
  const above = [...list.querySelectorAll(".outcome")].filter((li) => li.offsetTop - list.offsetTop < top - 1)
    .map((li) => Number(li.dataset.index) + 1);
  line.hidden = !above.length || list.scrollHeight <= list.clientHeight;
  if (line.hidden) return;
  line.style.top = `${list.offsetTop}px`;
  line.textContent = above.length === 1 ? I18N.t("page.str.way_above", "▲ way {n} above: press to see it", { n: above[0] })
    : I18N.t("page.str.ways_above", "▲ ways {first}–{last} above: press to see them", { first: above[0], last: above[above.length - 1] });
}
// the board's pick for the card held here, said once at the top of the ways (round 9: "★ the board's pick" was
// the last line of way 3's long text while way 1 was shown): "★ the board's pick for your card: way 3 · Show
// it"; only on the page holding the card (never the shared LEDs), while its owner chooses among several ways
// why: the board's reason ({reason, token}: controller/struggle/rules.py hint_reason), said among ways of equal points
// "this one beats way 2 by leaving the racing tokens more in your card's order; ways 4 and 5 by moving the tokens
// further forward":
// a mixed reason's ways, by the measure the pick is ahead of each on (the secret's hint_why.apart, [[index, measure]]:
// controller/struggle/rules.py hint_apart), in the board's order of measures, `card` the card held here; "" where it
// says none
function apartWords(apart, card) {
  if (!Array.isArray(apart)) return "";
  const by = { reach: [], order: [], lead: [], back: [], moves: [], first: [] };
  for (const pair of apart) if (Array.isArray(pair) && Number.isInteger(pair[0]) && by[pair[1]]) by[pair[1]].push(pair[0] + 1);
  const last = Array.isArray(card) && card.length ? card[card.length - 1] : "";
  // each part "way 2 by …", one clause a rival (Struggle newcomer 94 read "this one is ahead of each of them. Way 7:
  // the pick …; way 6: the pick …" three times), the ways named before the measure (no preposition before them to
  // decline: an attack read "vor Wege 7 und 8", "a modi 7 e 8")
  const parts = Object.entries(by).filter(([, ns]) => ns.length).map(([m, ns]) => {
    const ways = ns.length === 1 ? I18N.t("page.str.way_named_lc", "way {n}", { n: ns[0] }) : I18N.t("page.str.ways_named_lc", "ways {list}", { list: I18N.list(ns.map(String)) });
    // (each said as what the pick does better: Struggle newcomer 89 could not tell what "on how far the tokens move" or
    // "only by coming first in the list" meant; "Way 2: this one …" read as praise of way 2, an attack)
    return m === "reach" ? I18N.t("page.str.apart_reach_by", "{ways} by losing fewer places on your card for good", { ways })
      : m === "order" ? I18N.t("page.str.apart_order_by", "{ways} by leaving the racing tokens more in your card's order", { ways })
      : m === "lead" ? I18N.t("page.str.apart_lead_by", "{ways} by taking the next token named on your card further", { ways })
        : m === "back" ? (last && last !== "A" ? I18N.t("page.str.apart_back_by", "{ways} by keeping token {token}, which your card wants last, further back", { ways, token: last })
          : I18N.t("page.str.apart_back_own_by", "{ways} by keeping the token your card wants last further back", { ways }))
          : m === "moves" ? I18N.t("page.str.apart_moves_by", "{ways} by moving the tokens further forward", { ways })
            : I18N.t("page.str.apart_first_by", "{ways}, weighed the same on all the board counts, by coming first in the list", { ways });
  });
  // (between clauses a semicolon: "…further back and way 2 by …" read as one thing kept back)
  return parts.length > 1 ? I18N.t("page.str.pick_why_beats", "this one beats {parts}", { parts: parts.join(I18N.t("page.str.apart_sep", "; ")) }) : "";
}
function drawPickLine(v, ways, card, hint, mine, why) {
  const box = $("pick-line");
  const o = card && mine && v.phase === "choosing" && ways.length > 1 ? ways.find((w) => w.index === hint) : null;
  // no card here while this page plays the colour choosing: where its notes are (Struggle newcomer 36 went on at a
  // wide screen while the phone held Red's seat, and the ways had lost "For your card" and the pick, unsaid why)
  const away = !card && mine && v.phase === "choosing" && ways.length ? cardAway(v.current) : "";
  box.hidden = !o && !away;
  if (away) { box.textContent = away; return; }
  if (!o) { box.textContent = ""; return; }
  // ways scoring as much as the pick: why this one, as the board weighed it (rules.py hint_reason; Struggle newcomer
  // 22 saw three ways of 10 points each and the pick on way 3, with no reason said; newcomer 66 read "more in your
  // card's order" of a pick that kept the order and took J, the card's next token, one space further)
  // (the ways scoring as many named: Struggle newcomer 70 read "other ways" as all the others, two of them scoring less)
  const level = ways.filter((w) => w.index !== o.index && weigh(w, card) === weigh(o, card)).map((w) => w.index + 1);
  const tied = level.length > 0;
  const n = o.index + 1, reason = why && typeof why === "object" ? why.reason : null;
  const token = why && typeof why.token === "string" ? why.token : "";
  // (a place lost for good is no change to the points now: Struggle newcomer 82 saw the pick's "⚠ a loss for your
  // card" beside ways of as many points losing nothing; the board weighs the places within reach next, rules.py)
  const because = reason === "reach" ? I18N.t("page.str.pick_why_reach", "this one loses fewer places on your card for good (an arrival is final)")
    : reason === "order" ? I18N.t("page.str.pick_why_order", "this one leaves the racing tokens more in your card's order")
    // (the next token named on the card: Struggle newcomer 94 read "the next your card wants" of K with the ★ place C,
    // any token, before K's D)
    : reason === "lead" && token ? I18N.t("page.str.pick_why_lead_named", "this one takes token {token}, the next named on your card, furthest", { token })
      : reason === "moves" ? I18N.t("page.str.pick_why_moves", "this one moves the tokens furthest")
        // (what the board weighs named: Struggle newcomer 90 saw way 3 take token 9, the card's next but one, a space
        // further, and read "as good in every way" as false)
        : reason === "first" ? I18N.t("page.str.pick_why_first_kept", "the board weighs them the same (the points, the places on your card, their order, its next named token, the token it wants last kept back, the spaces moved): this one comes first in the list")
          // (each way's own next token: one has the pick's arrived, or as far)
          : reason === "lead" ? I18N.t("page.str.pick_why_lead_own_named", "this one takes the next token named on your card further than each of them does")
            // (the token the card wants last kept back: the last place is the token's still racing when four have
            // arrived, rules.py wanted_last; Struggle newcomer 88 saw J, wanted in E, taken "furthest"; compared with
            // the ways scoring as many, rules.py _kept_back: newcomer 101 read "keeps token 10 furthest back" beside
            // "token 10 moves ahead from 2nd to 1st")
            : reason === "back" && token ? I18N.t("page.str.pick_why_back_than", "this one keeps token {token} further back than each of them does: your card wants it last, in place E, the place of the token still racing when four have arrived", { token })
            : reason === "back" ? I18N.t("page.str.pick_why_back_own", "this one keeps the token your card wants last further back than each of them does (place E is the token's still racing when four have arrived)")
            // ahead of some on one measure, of others on another: said way by way (Struggle newcomer 76 gave up
            // reading every measure listed at once)
            : reason === "mixed" && apartWords(why.apart, card) ? apartWords(why.apart, card)
              // (every measure, in its order: an attack found the pick level with one way in every way and ahead of
              // another on the spaces moved only, said ahead on the order and the next token)
              : I18N.t("page.str.pick_why_next_kept", "this one comes out ahead on what the board weighs next, in this order: the places on your card lost for good, the racing tokens in your card's order, how far its next named token gets, how far back the token it wants last stays, how far the tokens move, and first in the list");
  // ...and where every way scores fewer points than now, said so (Struggle newcomer 67 read the pick's "✘ bad for your
  // card: −10" twice before seeing no way did better); not while every token stands on START (no "now": forCard)
  const before = v.spaces || {}, had = v.arrived || [];
  const started = had.length > 0 || Object.values(before).some((at) => typeof at === "number" && at > 0);
  const now = cardPoints(card, projected(before, had));
  const plain = (w) => cardPoints(card, projected(w.spaces || {}, w.arrived || had));
  const losing = started && ways.every((w) => plain(w) < now) && ways.every((w) => plain(w) <= plain(o));
  // ...ways the board weighs the same, scoring other points (an arrival's counted twice: an attack read "Way 1 would
  // score as many points" of a way scoring 20 beside the pick's 10, sure already): said as the board counts them
  const weighed = ways.some((w) => level.includes(w.index + 1) && plain(w) !== plain(o));
  const Ways = level.length === 1 ? I18N.t("page.str.way_named", "Way {n}", { n: level[0] }) : I18N.t("page.str.ways_named", "Ways {list}", { list: I18N.list(level.map(String)) });
  const ways_ = level.length === 1 ? I18N.t("page.str.way_named_lc", "way {n}", { n: level[0] }) : I18N.t("page.str.ways_named_lc", "ways {list}", { list: I18N.list(level.map(String)) });
  box.textContent = losing && tied && weighed ? I18N.t("page.str.pick_line_losing_weighed", "★ The board's pick for your card: way {n}. If the race stopped there, every way scores fewer points for your card than now; counting the points an arrival makes sure twice, {ways} as much as this one; {because}", { n, ways: ways_, because })
    : tied && weighed ? I18N.t("page.str.pick_line_weighed", "★ The board's pick for your card: way {n}. Counting the points if the race stopped there, and those an arrival makes sure twice: {ways} as much as this one; {because}", { n, ways: ways_, because })
    : losing && tied ? I18N.t("page.str.pick_line_losing_level", "★ The board's pick for your card: way {n}. If the race stopped there, every way scores fewer points for your card than now, {ways} as many as this one; {because}", { n, ways: ways_, because })
    : losing ? I18N.t("page.str.pick_line_losing", "★ The board's pick for your card: way {n}. If the race stopped there, every way scores fewer points for your card than now; this one the most of them", { n })
    : tied ? I18N.t("page.str.pick_line_level", "★ The board's pick for your card: way {n}. {ways} would score as many points if the race stopped there; {because}", { n, ways: Ways, because })
    : I18N.t("page.str.pick_line_sure", "★ The board's pick for your card: way {n} (the most points if the race stopped there, points an arrival makes sure weighing more)", { n });
  // ...and a pick that moves no token while another way moves one, said so (Struggle newcomer 96 expected the pick to
  // move something): the board weighs no way moving one higher (it takes the way moving more among equals)
  const still = (w) => Boolean(w.moves_nothing) || (!(w.moves || []).some((m) => m && m.to !== m.from) && !(w.round_end || []).length);
  if (still(o) && ways.some((w) => !still(w))) {
    box.textContent += I18N.t("page.str.pick_moves_nothing", ". It moves no token: as the board weighs them, no way that moves one does your card more good.");
  }
  box.title = I18N.t("page.str.hint", "★ the board's pick for your card: the most points if the race stopped here, with the points of tokens already arrived counting double (no play can take those away)");
  const show = document.createElement("button");
  show.type = "button"; show.className = "small";
  const shown = v.selected === o.index;
  // (Struggle newcomer 17 could not tell what "shown" meant: whether the pick was on the lights)
  show.textContent = shown ? I18N.t("page.str.pick_on_leds", "✓ lit on the board now") : I18N.t("page.str.pick_show", "Show it");
  MB.enable(show, !shown);
  show.addEventListener("click", () => { if (v.selected !== o.index) pickWay(o.index); });
  box.append(" ", show);
}
// where `player`'s card is when held on another screen; "" otherwise
function cardAway(player) {
  if (!MB.seats || !player) return "";
  // (the board's pick for it is way 1, lit as the choice opens: Struggle newcomer 37 saw a way past the first lit here)
  if (MB.seatElsewhere(player)) return I18N.t("page.str.card_elsewhere_pick", "🔒 {Player}'s card is on another screen: what each way does for it shows there, and way 1 is the board's pick for it (to see them here, take the seat for this screen at the top)", { player });
  return ""; // (a free seat: the card box says how to take it, just above the ways on a phone)
}
// what the board's pick weighs first for a way (rules.py evaluate): its points if the race stopped there, those of
// the tokens already arrived counted twice
function weigh(o, card) {
  const arrived = o.arrived || S.view.arrived || [];
  return cardPoints(card, projected(o.spaces || {}, arrived)) + cardPoints(card.slice(0, arrived.length), arrived);
}
// the way shown (the LEDs' way) said in a line under the dice while choosing (struggle.css: on a phone only,
// where the list runs far below the board): "Way 2 of 3: token J space 2 → space 4 · token 9 START → space 1"
function drawWayShown(v, ways, card, hint, mine) { fillWayShown(v, ways, card, hint, mine); fitWayShown(); }
function fillWayShown(v, ways, card, hint, mine) {
  const box = $("way-shown");
  const o = v.phase === "choosing" && mine ? ways.find((w) => w.index === v.selected) : null;
  // while throwing, the ace's note there on a phone (struggle.css: in the dice row it pushed Throw and Stop off)
  const aceNote = !o && v.phase === "throw" && mine && (v.faces || []).includes("A");
  box.hidden = !o && !aceNote;
  if (aceNote) box.dataset.ace = ""; else delete box.dataset.ace;
  if (aceNote) { box.textContent = $("ace-note").textContent; return; }
  if (!o) { box.textContent = ""; return; }
  const shown = shownPlay(o);
  const moves = shown.moves.map((m, i) => (i ? I18N.t("page.str.then_move", "then {move}", { move: moveText(m) }) : moveText(m)));
  for (const e of o.round_end || []) moves.push(`${I18N.t("page.str.token_named", "token {token}", { token: e.token })} → ${I18N.t("page.str.arrival_place", "arrival place {place}", { place: e.place })}`);
  // the fourth arrival ends the round, the last round's the game: said before it is played (Struggle newcomer 31)
  // ...and that every card scores then, the other players' too (Struggle newcomer 53 played a way for its points and
  // handed Blue the game)
  if ((o.round_end || []).length) moves.push((v.round || 1) >= v.rounds ? I18N.t("page.str.way_ends_game_all", "⚑ the round and the game end: every card scores")
    : I18N.t("page.str.way_ends_round_all", "⚑ the round ends: every card scores"));
  const ace = shown.ace.length ? [I18N.t("page.str.way_shown_ace", "ace = {aces}", { aces: andList(shown.ace) })] : [];
  // once die 2 acted on it, the line says so, on the first screen of a phone (round 27: die 2's role was said in its
  // title, which a phone never shows, and in the dice keys below the screen's edge)
  const reordered = S.orderTapped === orderKey(v);
  const args = { n: o.index + 1, count: ways.length,
    moves: [...ace, ...(moves.length ? moves : [I18N.t("page.str.no_moves", "no token moves")])].join(" · ") };
  box.textContent = (reordered ? I18N.t("page.str.way_shown_reordered", "Way {n} of {count}, its moves in another order: {moves}", args)
    : I18N.t("page.str.way_shown", "Way {n} of {count}: {moves}", args))
    + (card && hint === o.index && ways.length > 1 ? " · " + I18N.t("page.str.hint_short", "★ the board's pick for your card") : "");
  // the same moves in another order, where the order changes what happens (the instruction's orders_differ): the
  // board's die 2, as the page's own button at the end of the way's line (the dice are no buttons while choosing)
  const a = chooseArgs();
  if (buttonState("die2")[0] && a.orders_differ !== false) {
    const b = document.createElement("button");
    b.type = "button"; b.id = "other-order"; b.className = "small";
    b.textContent = I18N.t("page.str.other_order", "⇄ Another order");
    b.title = I18N.t("page.str.other_order_title", "the same moves in another order: what happens changes (die 2 on the board)");
    b.addEventListener("click", () => press("die2"));
    box.append(" ", b);
  }
  // the board's pick for the card held here, when another way is shown: first in the line, a tap shows it (Struggle
  // newcomer 20 pressed "Stop: play way 1" while the pick, way 3, was said only atop the ways, 1800 px down)
  const pick = card && ways.length > 1 && hint !== o.index ? ways.find((w) => w.index === hint) : null;
  if (pick) {
    const b = document.createElement("button");
    b.type = "button"; b.className = "small pick-show";
    b.textContent = I18N.t("page.str.pick_show_way_board", "★ The board's pick for your card: way {n} · show it", { n: pick.index + 1 });
    b.addEventListener("click", () => pickWay(pick.index));
    box.prepend(b, " ");
  }
}
// the line keeps the idle hand row's room on a phone (struggle.css), so that the dice, Throw and Stop stay put:
// a longer way is said in smaller letters, and the line grows down only if even those do not fit (Struggle
// newcomers 20 and 21: a long way's last moves were cut off, out of sight)
function fitWayShown() {
  const box = $("way-shown"), under = box.parentElement;
  box.classList.remove("long", "longer", "grown");
  under.style.minHeight = "";
  if (box.hidden || getComputedStyle(box).position !== "absolute") return;
  const over = () => box.scrollHeight > box.clientHeight + 1;
  if (over()) box.classList.add("long");
  if (over()) box.classList.add("longer");
  if (over()) { box.classList.add("grown"); under.style.minHeight = `${box.offsetHeight}px`; }
}
// the way shown as the prompt says it (die 2 names the same moves in another order: round 27, the phone's line
// kept the first order): the instruction's moves and aces for the selected way, else the way's first order
// the facts of the choice the board shows now (its instruction's first message's args), else {}
function chooseArgs() {
  const s = said();
  return s && s.action === "choose" ? ((s.messages || [])[0] || {}).args || {} : {};
}
function shownPlay(o) {
  const a = chooseArgs();
  return a.selected === o.index && Array.isArray(a.moves) ? { moves: a.moves, ace: a.aces || o.ace || [] }
    : { moves: o.moves, ace: o.ace || [] };
}
// what each die does in the way shown (the LEDs' way), said under it while choosing (round 26: the dice's
// roles seemed to change from way to way): a figure moves its token one space, an ace counts as the figure
// the way gives it (its aces in the order of the dice); a token already arrived moves no more
function dieRoles(v) {
  const o = (v.outcomes || []).find((x) => x.index === v.selected);
  if (!o) return [];
  const aces = [...(o.ace || [])], arrived = v.arrived || [], moves = shownPlay(o).moves || [];
  // a token the way keeps where it is (blocked: round 27, its dice said "moves")
  const stays = (t) => moves.some((m) => m.token === t && (m.result === "impasse" || m.to === m.from));
  return v.faces.map((f) => {
    const as = f === "A" ? aces.shift() : f;
    if (!as) return "";
    if (f === "A") return I18N.t("page.str.die_ace_as", "token {token}", { token: as }) /* one die wide: the ace is that token (Struggle newcomer 26 read "= token 10= token 10", run together) */;
    // the figure's face names its token already: under it only what it does (one die's width on a phone)
    return arrived.includes(as) ? I18N.t("page.str.die_done", "arrived")
      : stays(as) ? I18N.t("page.str.die_stays", "stays") : I18N.t("page.str.die_moves", "moves");
  });
}
// what the ways panel holds while it lists no way, at each moment of a turn (round 25: after a throw it
// still said "throw, then Stop", and before the first throw nothing said how dice move tokens)
function waysEmpty(v, mine) {
  if (v.phase === "over") return I18N.t("page.str.ways_over", "the game is over");
  if (v.phase === "placing") return I18N.t("page.str.played", "played");
  if (v.phase === "throw" && v.throws) {
    // (a hand no way of playing moves a token, as the prompt says: Struggle newcomer 73 learnt it after Stop)
    const s = said(), m = s && s.messages && s.messages[0];
    if (mine && m && typeof m.id === "string" && m.id.endsWith("_idle")) return I18N.t("page.str.ways_idle", "this hand moves no token: no way of playing it changes the race");
    return mine ? I18N.t("page.str.ways_keep", "press ✋ Stop to keep this hand: the ways to play it show here")
      : I18N.t("page.str.ways_keep_other", "the ways to play the hand show here once {Player} keeps it", { player: v.current });
  }
  // ("kept" read as the dice held, Struggle newcomer 35: every die of the hand at Stop moves its token, held or not)
  // (...and the ace: Struggle newcomer 107 saw Blue's first hand, an ace in it, before any tip said it; the dice tip comes
  // at the person's own throw)
  // (one short line: the card's button under it stays in view at 950x620, test_struggle_tip_mid_width_attack.py)
  return I18N.t("page.str.ways_before_hand_aces", "🎲 throw, then ✋ Stop: each K, Q, J, 10 or 9 then moves that token one space, held or not; an ace counts as any of them");
}
// the card box's button that shows a colour's card on this page (its tip names it: tips().goal)
function showCardWords(p) { return I18N.t("page.str.card_show_colour", "🃏️ Show {Colour}'s card", { colour: p }); }

// the first-game guide: the tips for what the board asks now, when a person here is asked, one at a
// time in this order (the objective and the dice first, then what to press); said in the page's language
// how to see the card here: the card box's button, where it is, and the colour at the top said to do the same
// (Struggle newcomer 49 saw both and could not tell which one took the seat); a language without those words keeps
// its own whole sentence
function cardHowShow() {
  const colour = (S.hello && S.hello.humans[0]) || "", button = showCardWords(colour);
  const where = NOTICE.phone() ? I18N.t("page.str.card_how_under_dice", "under the dice") : I18N.t("page.str.card_how_beside_board", "beside the board");
  return I18N.lang === "en" || I18N.has("page.str.card_how_show_either")
    ? I18N.t("page.str.card_how_show_either", "to see it here, press “{button}” {where}, or {Colour} at the top: both do the same", { button, where, colour })
    : I18N.t("page.str.card_how_show", "to see it here, press “{button}” {where}", { button, where });
}
// (the ways' own tip before the dice tip at the ways' moment: Struggle newcomer 98 had the dice tip there, and the
// ways' tip only at its next turn's Stop)
const TIP_ORDER = { throw: ["goal", "dice", "throw"], choose: ["goal", "choose", "dice"], place: ["place"] };
function tips() {
  // the card already shown here: the tip does not ask for the seat any more (a newcomer saw it asked after)
  const shown = heldHumans().some((p) => (S.cards[p] || []).length);
  return {
    // (where an arriving token goes: Struggle newcomer 95 read "race from START to FINISH" and dropped a token on FINISH;
    // reaching FINISH is enough, and on a phone the ARRIVAL row lies under the track, not beside FINISH: an attack)
    // where the card is on the page: under the dice on a phone, in the side panel beside the board on a wide screen
    // (Struggle newcomer 30: "(shown here)" while the card lay far below a phone's first screen)
    goal: shown ? I18N.t("page.str.tip_goal_where_leaves", "Your goal: five tokens (K, Q, J, 10, 9) race from START to FINISH; a token reaching or passing FINISH leaves the track for the next free ARRIVAL place. They belong to nobody. Your secret objective card ({where}) says in which order you want them to arrive: arrival places A to E. Each token that arrives in its card's place scores 10 points. A round ends when the fourth token arrives (the fifth then takes the last place, E); after the last round the highest total wins.",
      { where: NOTICE.phone() ? I18N.t("page.str.card_under_dice", "shown on this page, under the dice") : I18N.t("page.str.card_beside_board", "shown on this page, beside the board") })
      // (the seat held on another screen: the top has no colour to press, but "⇄ show it here instead": Struggle
      // newcomer 37 read "press your colour at the top" there)
      : I18N.t("page.str.tip_goal_how_leaves", "Your goal: five tokens (K, Q, J, 10, 9) race from START to FINISH; a token reaching or passing FINISH leaves the track for the next free ARRIVAL place. They belong to nobody. Your secret objective card ({how}) says in which order you want them to arrive: arrival places A to E. Each token that arrives in its card's place scores 10 points. A round ends when the fourth token arrives (the fifth then takes the last place, E); after the last round the highest total wins.",
        { how: MB.seatElsewhere((S.hello && S.hello.humans[0]) || "") ? I18N.t("page.str.card_how_elsewhere_move", "on another screen now: to see it here, press “⇄ show it here instead” at the top")
          // (the card box's own button named, where it is: Struggle newcomer 40 read "press your colour at the top"
          // here and "press below" in the box, and could not tell which was meant)
          // (...and the colour at the top said to do the same: Struggle newcomer 49 saw both and could not tell which
          // one took the seat)
          : cardHowShow() }),
    dice: I18N.t("page.str.tip_dice", "The dice: each K, Q, J, 10 or 9 in the hand you keep moves that token one space (two Qs: Q moves two spaces); an ace counts as any token the other dice show, your choice; five aces count for nothing. A token cannot land on a yellow space another token holds (it stays where it was); a token landing on a red space another holds stays there, and the token already there goes back to the space the mover came from; no token stops on black: a move that would end there does not happen, and the token stays where it was."),
    // no keys on a touch screen (round 26: a phone's tip said "(or T)")
    throw: I18N.touch ? I18N.t("page.str.tip_throw_touch", "Press 🎲 Throw. Then tap dice to keep them and throw the others again (three throws at most), or press ✋ Stop to keep the hand.")
      : I18N.t("page.str.tip_throw", "Press 🎲 Throw (or T). Then click dice to keep them and throw the others again (three throws at most), or press ✋ Stop to keep the hand."),
    // (the order, and how level tokens rank: Struggle newcomer 45 learnt both only from the ways' notes)
    // (on a phone, where the list lies: Struggle newcomer 108 read the tip, and the list was a screen below)
    choose: NOTICE.phone() ? I18N.t("page.str.tip_choose_order_phone", "Each line under “Ways to play the hand” (below the dice: scroll down) shows where the tokens would go and what that does for your card (★ the board's pick for your card: the most points). The same dice may move the tokens in another order (“token Q moves first”): the order can change where they end. The notes rank tokens level on one space in the order K, Q, J, 10, 9, as the pick weighs them. Click a way to see it lit on the board, then press ✋ Stop to play it.")
      : I18N.t("page.str.tip_choose_order", "Each line under “Ways to play the hand” shows where the tokens would go and what that does for your card (★ the board's pick for your card: the most points). The same dice may move the tokens in another order (“token Q moves first”): the order can change where they end. The notes rank tokens level on one space in the order K, Q, J, 10, 9, as the pick weighs them. Click a way to see it lit on the board, then press ✋ Stop to play it."),
    // (what each way does next said: Struggle newcomer 34 moved the tokens by hand and pressed Stop, then pressed
    // Place tokens as shown and found Blue already playing)
    // (what the glow pulsing on the space a token leaves means: Struggle newcomer 50 saw START glow red and read it as
    // a mark nothing explained)
    place: I18N.t("page.str.tip_place_ends", "Move the tokens to the blinking spaces (a space glowing and fading, START too, is where a token leaves from): click a token, then its space, then press ✋ Stop to end the turn; or press 🤚 Place tokens as shown, which places them and ends the turn."),
  };
}
// a tip goes when the step it teaches is done (and is learnt then: stepsLearnt): the placing tip once
// every move is made (the countdown's words, or the world showing each asked token where it goes; round 26:
// it stayed after all the tokens were placed), the throwing tip once the first throw is made (newcomer 15: it
// still said "Press 🎲 Throw" at throws 1 and 2, where the prompt says what follows: hold, throw again, Stop)
const TIP_DONE = {
  throw: () => !!(S.view && S.view.throws),
  place: (s) => ["str.placed", "str.placed_none"].includes(((s.messages || [])[0] || {}).id) || madeInSim(s),
};
function guideTip() { stepsLearnt(); guideTipNow(); NOTICE.reserve(); } // (a phone keeps the tips' room for the game: notice.js)
// a step done by this page's player is learnt: its tip, shown or not, is read (remembered, and told to the table's
// other screens) and comes at no later turn (Struggle newcomer 98: the throw tip first came at its second turn, after
// it had thrown, held and thrown again; newcomer 15's throw tip, gone at the first throw, came again the next turn).
// Thrown: the first throw made (TIP_DONE); chosen: a way played (the ways' moment followed by the placing one);
// placed: every move made (TIP_DONE)
function stepsLearnt() {
  const s = said(), now = s && S.hello && S.hello.humans.includes(s.player) ? `${s.player}|${s.action}` : null;
  const was = S.stepAsked;
  S.stepAsked = now;
  const learnt = [];
  if (now && s.action === "throw" && TIP_DONE.throw(s)) learnt.push("throw");
  if (now && s.action === "place" && was === `${s.player}|choose`) learnt.push("choose");
  if (now && s.action === "place" && TIP_DONE.place(s)) learnt.push("place");
  const seen = NOTICE.seen();
  for (const id of learnt) if (Object.hasOwn(NOTICE.tips || {}, id) && !seen.includes(id)) NOTICE.remember(id);
}
// the board's request a tip belongs to: whose, what, and after which throw
const momentKey = (s) => (s ? `${s.player}|${s.action}|${(S.view && S.view.throws) || 0}` : "");
function guideTipNow() {
  const s = said(), box = $("guide");
  // Got it clears the tip box: the next tip waits for the board's next request (Struggle newcomers 56, 58 tapped Got it
  // and saw another tip at once, several times over, and took Got it for a button that did nothing)
  if (S.tipHeld !== undefined && S.tipHeld === momentKey(s)) return;
  S.tipHeld = undefined;
  const asked = s && S.hello && S.hello.humans.includes(s.player) ? TIP_ORDER[s.action] || [s.action] : [];
  const moment = asked.filter((id) => !(TIP_DONE[id] && TIP_DONE[id](s)));
  // a tip lasts as long as its moment: one left from a moment that is over goes (not remembered: it comes again)
  if (box && !box.hidden && !moment.includes(box.dataset.tip)) NOTICE.rest(box); // (a phone keeps its room)
  if (!moment.length) return;
  const seen = NOTICE.seen(), next = moment.find((id) => !seen.includes(id));
  NOTICE.tips = tips();
  // (a tip shown, not dismissed, that gives way to the moment's own: its moment over for it, counted as a rest)
  if (next && box && !box.hidden && box.dataset.tip && box.dataset.tip !== next) NOTICE.twice(box.dataset.tip);
  if (next) NOTICE.tip(next);
}
// the prompt keeps its room (struggle.css) so that the board seldom moves under a finger: a longer one is
// said in smaller letters, and the box grows only if even those do not fit (always seen whole)
function fitPrompt() {
  const box = $("prompt");
  const over = () => box.scrollHeight > box.offsetHeight + 1 || box.offsetHeight > parseFloat(getComputedStyle(box).minHeight) + 1;
  box.classList.remove("long", "longer");
  if (over()) box.classList.add("long");
  if (over()) box.classList.add("longer"); // a phone's second step (struggle.css); else the box grows
}
function drawAll() { drawLeds(); drawTokens(); drawInfo(); }
// the prompt: the board's instruction, as this page says it (a play's turn ends at Stop, never by a
// countdown since round 27, so nothing here counts down)
function promptNow() {
  const s = said(), v = S.view;
  // "Place tokens as shown" moves them one at a time: said, so that it does not look stuck half-way
  if (S.world && S.world.placing && s && s.action === "place" && S.hello.humans.includes(s.player)) {
    return I18N.t("page.str.placing_then_stop", "⏳ Placing the tokens as the play says, one at a time; then Stop ends the turn: wait…");
  }
  const stop = stopWait(s);
  if (stop) return stop;
  const named = mistakeNamed(s);
  if (named) return NOTICE.prompt(named, named.messages.map((x) => I18N.say(x.id, x.args)).join(" "), S.hello && S.hello.humans);
  const table = asTableHasIt(s);
  if (table) return table;
  const made = movesMade(s);
  if (made) return made;
  const short = pageWords(s);
  if (short) return short;
  return NOTICE.prompt(s, v.prompt, S.hello && S.hello.humans) + pointsLater(s, v);
}
// the "–" of the scores said in the prompt at a throw here while no round is counted (Struggle newcomer 27 wondered
// for the whole round whether scoring was broken: the title saying why is never seen on a phone, and the board's
// str.throw_arrived says it only once a token arrived)
function pointsLater(s, v) {
  const m = s && Array.isArray(s.messages) ? s.messages[0] : null;
  if (!m || m.id !== "str.throw" || !S.hello.humans.includes(s.player) || v.results.length || v.phase === "over") return "";
  if (newsNow()) return ""; // the other player's play first: the prompt's room holds one of the two (drawPrompt)
  // (in the board's own words for the moment after an arrival, str.throw_arrived: Struggle newcomer 28 read two)
  return " " + I18N.t("page.str.points_later_board", "Points are counted when the round ends (10 for each token on its place on your card): until then the scores show “–”.");
}
// choosing: the way's moves are said beside the board (the ways list; on a phone the line under the dice), so the
// prompt says which way is lit and what to press, without the moves again in brackets (Struggle newcomer 26: the
// prompt ran to five lines, its letters shrinking); the board's own words keep them ({play_text}, the narration)
// ...and placing, the board's caveat that it cannot tell tokens apart goes (Struggle newcomer 27: tokens are tapped
// by name here, and the page refuses Stop until every move is made)
const PAGE_BLANKS = { "str.choose": "play_text", "str.choose_first": "play_text", "str.choose_last": "play_text",
  "str.choose_one": "play_text", "str.place_unseen": "unseen_text" };
function blanked(m) {
  const blank = m && PAGE_BLANKS[m.id];
  return blank && m.args && blank in m.args ? { ...m, args: { ...m.args, [blank]: "" } } : m;
}
// ...and the choice's way back named as the page's own button, ◀ Previous way (beside Throw and Stop), not the
// board's die 1 (Struggle newcomer 30: "Die 1 for the previous one" where the first die on the screen was an ace);
// each the board's message id's page twin, said under its own id
// ...and the next way as the page's button names it, ▶ Next way (Struggle newcomers 35, 36: "Throw" read as throwing)
const PAGE_SAID = {
  "str.choose": { id: "page.str.choose_next_prev", say: (a) => I18N.t("page.str.choose_next_prev", "{Player}: the board lights way {n} of {count}{pick} to play {hand}: press Stop to play it, ▶ Next way for the next one, ◀ Previous way to go back one.", a) },
  "str.choose_first": { id: "page.str.choose_first_next", say: (a) => I18N.t("page.str.choose_first_next", "{Player}: the board lights way {n} of {count}{pick} to play {hand}: press Stop to play it, ▶ Next way for the next one.", a) },
  // (two ways: the other one, by ▶ alone, ◀ Previous way hidden: Struggle newcomer 80 saw "◀ Previous way or ▶ Way 1"
  // lead to the same way)
  // (the sentence said, in every language, under the id of the words chosen: `which`, pageWords -- an attack saw German
  // say the "◀ Previous way" sentence beside two ways, the prompt rebuilt from the entry's one id)
  "str.choose_last": { id: "page.str.choose_last_back", which: lastWayId, say: (a) => {
    const id = lastWayId();
    return id === "page.str.choose_last_two" ? I18N.t("page.str.choose_last_two", "{Player}: the board lights way {n} of {count}{pick} to play {hand}: press Stop to play it, ▶ Back to way 1 to see the first again.", a)
      : I18N.t("page.str.choose_last_back", "{Player}: the board lights way {n} of {count}{pick} to play {hand}: press Stop to play it, ◀ Previous way to go back one, ▶ Back to way 1 to see the first again.", a); } },
};
// the last way's words: two ways (the first again, by ▶ alone), or back to way 1
function lastWayId() { return twoWays() ? "page.str.choose_last_two" : "page.str.choose_last_back"; }
// two ways to choose from, said as such where the page's language has the words (PAGE_SAID: "▶ Back to way 1 to see
// the first again"): one button to the other way, ▶, and no ◀ Previous way beside it leading to the same
function twoWays() {
  return !!S.view && S.view.phase === "choosing" && Array.isArray(S.view.outcomes) && S.view.outcomes.length === 2
    && (I18N.lang === "en" || I18N.has("page.str.choose_last_two"));
}
// whether the page says a board's sentence in its own words (PAGE_SAID): English, a language that has the page's, or one
// that lacks the board's too (it then says the page's English, never half one language)
function pageTwin(id) { const x = PAGE_SAID[id]; return !!x && (I18N.lang === "en" || I18N.has(x.id) || !I18N.has(id)); }
// ...and the button names the next way as the prompt does (an attack: in Persian the prompt said "▶ Next way" beside
// "🎲 Throw: next way")
function nextWayOwn() { return pageTwin("str.choose"); }
// the way lit, when it is the board's pick for the card held here: " (★ the board's pick for your card)" said after
// "way 1 of 3" (the board lists its pick first: Struggle newcomers 44-47 and 109-113 read the pick lit as "way 3 of
// 6" and ▶ going on to 4, 5, 6, then 1)
function handKeyOf(v) { return JSON.stringify([v.current, v.round, v.faces, v.throws, (v.outcomes || []).length]); }
// a way lit by a person here (a way's row, the pick's buttons): remembered for the hand, so the prompt never says it
// was lit from another screen (pickLit)
function pickWay(index) {
  S.choseHere = handKeyOf(S.view);
  MB.send({ type: "pick", index });
}
function pickLit(s) {
  const v = S.view, card = s && S.cards[s.player], hint = s && S.hints[s.player];
  // the card on another screen, a way past the first lit and not from here: lit from the screen that holds the card
  // (its board's pick as the choice opens, or its person's choice; Struggle newcomer 49 read "the board lights way 5
  // of 6" here and never learnt why not way 1)
  if (v && s && !(card && card.length) && v.selected > 0 && (v.outcomes || []).length > 1 && MB.seatElsewhere
    && MB.seatElsewhere(s.player) && S.choseHere !== handKeyOf(v) && (I18N.lang === "en" || I18N.has("page.str.prompt_lit_away"))) {
    return I18N.t("page.str.prompt_lit_away", " (lit from the screen that holds {Player}'s card)", { player: s.player });
  }
  if (!(v && card && card.length && S.hello.humans.includes(s.player) && typeof hint === "number" && hint === v.selected
    && (v.outcomes || []).length > 1)) return "";
  return I18N.t("page.str.prompt_pick", " (★ the board's pick for your card)");
}
function pageWords(s) {
  const m = s && Array.isArray(s.messages) ? s.messages[0] : null;
  if (!m || blanked(m) === m) return null;
  // (a language that has the board's sentence and not the page's keeps the board's: never half one language; the
  // page's said under its own id, which the prompt's language then says: I18N.prompt)
  const own = (x) => pageTwin(x.id);
  const board = [blanked(m), ...s.messages.slice(1)];
  // (the page's twin with its own field, the way lit named as the board's pick, in every language: an attack saw
  // German fill the twin from the board's fields alone)
  const mine = (x) => ({ ...x, id: PAGE_SAID[x.id].which ? PAGE_SAID[x.id].which() : PAGE_SAID[x.id].id,
    args: { ...(x.args || {}), pick: pickLit(s) } });
  const text = board.map((x) => (own(x) ? PAGE_SAID[x.id].say(mine(x).args) : I18N.say(x.id, x.args))).join(" ");
  const messages = board.map((x) => (own(x) ? mine(x) : x));
  if (text.includes(m.id)) return null; // (the catalogue not loaded yet: the board's words)
  return NOTICE.prompt({ ...s, messages }, text, S.hello && S.hello.humans);
}
// a token put where none belongs (str.mistake): the reeds cannot say which, the simulator's world can, so
// the page names it and where it belongs, as the board does when only one token may stand there
// (str.mistake_named, round 26: "Red: token 9 is on space 5, where it does not belong: move it to space 1.")
function mistakeNamed(s) {
  const m = s && Array.isArray(s.messages) && s.messages[0], wrong = s && (s.requests || [])[0];
  if (!m || m.id !== "str.mistake" || !wrong || !wrong.from || !S.world || !S.world.tokens || !S.view) return null;
  const on = S.hello.tokens.filter((t) => S.world.tokens[t] === wrong.from);
  if (on.length !== 1) return null;
  const token = on[0], asked = (s.requests || []).find((r) => r.piece === token && Array.isArray(r.to) && r.to.length);
  const at = (S.view.spaces || {})[token];
  const home = asked ? asked.to[0] : typeof at === "number" ? `s${at}` : null;
  if (!home) return null;
  // (the moves no reed can see too, that the world shows not made: Struggle newcomer 44's Q to space 2 was left out;
  // and a move off a shared space the board cannot name, named as the world has it: an attack's J on space 1)
  // ...each token once, where the play puts it (an attack put 9 on space 5 and K, which the play moves to space 1, on
  // space 7: "Then: token K on space 1, … and token K on START", K's stray request read as any place it may go)
  // ...and every token the table has elsewhere than the play puts it, asked for or not (attack 16: K set on J's space 4
  // and 9 on space 6 were said as 9's mistake alone, K on space 4 and J still on START unnamed): the requests' tokens
  // in their order, then the others
  const endOf = (t) => (playEnds().find(([x]) => x === t) || [])[1];
  const named = (s.requests || []).map((r) => (r.piece ? r : { ...r, piece: worldToken(r) }))
    .map((r) => (r.piece && Array.isArray(r.to) && r.to.includes(endOf(r.piece)) ? { ...r, to: [endOf(r.piece)] } : r));
  const left = named.filter((r) => r.piece && r.piece !== token && Array.isArray(r.to) && r.to.length
    && !r.to.includes(S.world.tokens[r.piece]));
  const told = left.filter((r, i) => left.findIndex((x) => x.piece === r.piece) === i);
  // (the play this page places known: where each token goes, or stays)
  const want = (t) => endOf(t) || homeOf(t), known = S.view.phase === "placing" && playEnds().length > 0;
  const rest = [...told, ...(known ? S.hello.tokens : []).filter((t) => t !== token && !told.some((r) => r.piece === t)
    && want(t) && S.world.tokens[t] !== want(t)).map((t) => ({ piece: t, to: [want(t)] }))];
  const moves = I18N.list(rest.map((r) => I18N.say("str.check_on", { token: r.piece, place: sensorName(r.to[0]) })));
  const args = { player: s.player, piece: token, where: sensorName(wrong.from), to: sensorName(home),
    then: rest.length ? I18N.say("str.mistake_then", { moves }) : "" };
  return { ...s, messages: [{ id: "str.mistake_named", args }] };
}
// a request for "a token" on a space (the reeds cannot tell which of the tokens the play moves from there is left) said
// of the one the simulator's world has there: "Token J: space 1 → space 2." (Struggle newcomer 42 moved Q of Q and J)
function tokenNamed(x, r) {
  const token = x && x.args && !x.args.piece ? worldToken(r) : "";
  return token ? { ...x, args: { ...x.args, piece: token, token_text: I18N.say("text.the_token", { piece: token }) } } : x;
}
// the one token the simulator's world has on a request's space that the play sends where the request does, or ""
// (only such a token: never another sent there, an attack's K on space 1)
function worldToken(r) {
  if (!r || !r.from || !S.world || !S.world.tokens || !Array.isArray(r.to)) return "";
  const on = S.hello.tokens.filter((t) => S.world.tokens[t] === r.from);
  return on.length === 1 && playEnds().some(([t, at]) => t === on[0] && r.to.includes(at)) ? on[0] : "";
}
// the moves the placing prompt lists that the simulator's world shows made (the reeds cannot see a token set
// on a space another already holds): not asked again, but said made in one short line after the others
// (round 26: "Token Q: START → space 1" stayed listed after Q stood there); null when none is made
function movesMade(s) {
  const ms = s && Array.isArray(s.messages) ? s.messages : [], reqs = (s && s.requests) || [];
  if (!s || s.action !== "place" || !S.world || !S.world.tokens || !S.hello.humans.includes(s.player)
      || ms.length !== reqs.length + 1) return null; // one sentence a request, in order (instruction.messages)
  const made = reqs.map((r) => !!r.piece && Array.isArray(r.to) && r.to.includes(S.world.tokens[r.piece]));
  // made: each move of the play whose token stands where it goes, asked for still (a move no reed sees) or not any
  // more (its reed saw it: Struggle newcomer 37 dragged 10 to its space and missed it in "✓ Made", thought it failed)
  const ends = playEnds(), asked = new Set(reqs.map((r) => r.piece));
  const done = ends.filter(([t, at]) => S.world.tokens[t] === at && (!asked.has(t) || made[reqs.findIndex((r) => r.piece === t)]))
    .map(([token, at]) => I18N.say("str.check_on", { token, place: sensorName(at) }));
  if (!done.length) return null;
  const each = ms.slice(1).map((x, i) => tokenNamed(x, reqs[i]));
  // (every token named: the board's "cannot tell tokens apart: read the letters" is not this page's)
  const head = ms[0].id === "str.place_which" && each.every((x) => !x.args || x.args.piece)
    ? { id: "str.place", args: { player: s.player } } : blanked(ms[0]);
  const left = { ...s, messages: [head, ...each.filter((_, i) => !made[i])] };
  return NOTICE.prompt(left, left.messages.map((x) => I18N.say(x.id, x.args)).join(" "), S.hello.humans)
    + " " + I18N.t("page.str.moves_made", "✓ Made: {moves}.", { moves: I18N.list(done) });
}
// placing, where the simulator's world has a token of the play elsewhere than the board's requests say (a request's
// token neither where it is asked from nor where it goes, or a move of the play the reeds took for made that the
// table shows not made): every move left as the table has it, as the line under the board says them (movesAsked).
// The reeds cannot tell tokens on one space apart: Struggle newcomer 99 took the 10 instead of the K from a stack,
// and read "Token 10: space 13 → space 14" with 13 empty and K's move gone. Said of any token taken for another, a
// stack or not (Struggle newcomer 107 read "tokens on one space" with none sharing one). null where the two agree
function asTableHasIt(s) {
  if (!s || s.action !== "place" || !S.world || !S.world.tokens || !S.hello.humans.includes(s.player)) return null;
  const reqs = (s.requests || []).filter((r) => r.piece && Array.isArray(r.to) && r.to.length);
  // (a request the reeds cannot say where from, its token still where the play moves it from, is a move not made:
  // Struggle newcomer 112 put a misplaced Q right and read "the board's sensors cannot tell which token is which")
  // ...nor is a token on a space the play takes it to on its way (Struggle newcomer 115 moved J to space 5, as listed,
  // before Q's swap sends it back to space 4, and read "the sensors cannot tell which token is which")
  const astray = reqs.some((r) => { const at = S.world.tokens[r.piece]; return at && at !== (r.from || playStart(r.piece)) && !r.to.includes(at) && !playPath(r.piece).includes(at); });
  const asked = new Set(reqs.map((r) => r.piece));
  // (a move asked of "a token" on a space, the one the world has there going where it asks, is asked: tokenNamed)
  const anon = (s.requests || []).filter((r) => !r.piece && r.from && Array.isArray(r.to));
  const unseen = [...new Map(playEnds())].some(([t, at]) => !asked.has(t) && S.world.tokens[t] && S.world.tokens[t] !== at
    && !anon.some((r) => r.from === S.world.tokens[t] && r.to.includes(at)));
  const left = astray || unseen ? movesAsked(s) : [];
  if (!left.length) return null;
  const args = { player: s.player, moves: movesTo(left) };
  const said = { ...s, messages: [{ id: "page.str.place_as_table_sensors", args }] };
  return NOTICE.prompt(said, I18N.t("page.str.place_as_table_sensors", "{Player}: the board's sensors cannot tell which token is which (a reed feels a magnet, not a letter); as the tokens stand now, move {moves}.", args), S.hello.humans);
}
// the spaces the play being placed takes `token` to, in turn: its moves' ends and where a swap sends it back
function playPath(token) {
  const o = placedPlay(), path = [];
  for (const m of (o && Array.isArray(o.moves) ? o.moves : [])) {
    if (m.token === token && m.to !== m.from) path.push(m.place ? `place-${m.place}` : `s${m.to}`);
    if ((m.displaced || []).includes(token)) path.push(`s${m.from}`);
  }
  return path;
}
// where the play being placed moves `token` from: "s0" (START), "s7", or null where the play does not move it
function playStart(token) {
  const o = placedPlay(), m = o && Array.isArray(o.moves) ? o.moves.find((x) => x.token === token) : null;
  return m ? `s${m.from}` : null;
}
// where the play being placed takes each token it moves, in the play's order: [token, sensor] (a token sent back by a
// swap to the space its mover left); [] without the way in the view
// the play being placed: the view's selected way (its moves, displaced tokens and round end), or null
function placedPlay() { const v = S.view; return v && Array.isArray(v.outcomes) ? v.outcomes[v.selected] || null : null; }
function playEnds() {
  const o = placedPlay();
  if (!o || !Array.isArray(o.moves)) return [];
  const ends = [];
  for (const m of o.moves) {
    if (m.to !== m.from) ends.push([m.token, m.place ? `place-${m.place}` : `s${m.to}`]);
    for (const d of m.displaced || []) ends.push([d, `s${m.from}`]);
  }
  // ...and the round's last token on the last place, the fourth arrival's round end (Struggle newcomer 38)
  for (const e of o.round_end || []) ends.push([e.token, `place-${e.place}`]);
  return ends;
}
// the board waits for Stop (str.placed_unseen: moves of the play no reed can see, which it cannot tell are
// made; it never passes the turn by itself then, round 27). The simulator knows where each token stands:
// every move made, the tokens stand where the play put them (round 24: not checked by eye again); some
// left, those alone are said, to move (round 27: "check by eye: tokens K, J and 9" after K alone was moved).
// Where Stop does not act for this page, who presses it. The board's own words without a world; null when
// the board does not wait for Stop.
// The same where the board, unsure which token is which (one lifted from a shared space), asks the players to check
// them and press Stop to end the turn (str.confirm_end): the simulator's world says which still has to move
// (Struggle newcomer 30: "check that these stand where they belong" with token 9 still on START and Stop lit).
const STOP_WAITS = ["str.placed_unseen", "str.confirm_end"];
function stopWait(s) {
  const m = s && Array.isArray(s.messages) && s.messages[0];
  if (m && m.id === "str.placed" && S.hello) {
    const swapped = unmadeInSim(s);
    if (!swapped.length) return null;
    // (what Stop would do now said, the page greying it: Struggle newcomer 103 read "takes them for placed" beside a
    // greyed Stop as the move accepted; newcomer 114 could not follow "on this table they stand elsewhere")
    const said = { ...s, messages: [{ id: "page.str.placed_swapped_stop", args: { player: s.player, moves: movesTo(swapped) } }] };
    return NOTICE.prompt(said, I18N.t("page.str.placed_swapped_stop", "{Player}: the board cannot tell the tokens apart, and Stop now would take them for placed, but they are not where the play puts them: move {moves}, then press Stop to end the turn.", said.messages[0].args), S.hello.humans);
  }
  if (!m || !STOP_WAITS.includes(m.id) || !S.hello) return null;
  const acts = !!buttonState("stop")[0], humans = S.hello.humans;
  const asked = (s.requests || []).filter((r) => r.piece && Array.isArray(r.to) && r.to.length);
  if (!S.world || !S.world.tokens || !asked.length) {
    const said = acts || m.id !== "str.placed_unseen" ? s : { ...s, messages: [{ id: "str.placed_unseen_wait", args: m.args }] };
    return NOTICE.prompt(said, said.messages.map((x) => I18N.say(x.id, x.args)).join(" "), humans);
  }
  const left = unmadeInSim(s);
  const args = { player: s.player, moves: movesTo(left) };
  // ("still" once one of them is made: Struggle newcomer 62 read "still to move" before moving anything)
  const begun = left.length < asked.length;
  const id = left.length ? (begun ? (acts ? "str.placed_left" : "str.placed_left_wait") : (acts ? "str.placed_todo" : "str.placed_todo_wait"))
    : (acts ? "str.placed" : "str.placed_wait");
  const said = { ...s, messages: [{ id, args }] };
  return NOTICE.prompt(said, I18N.say(id, args), humans);
}
// the moves the board waits for Stop on (str.placed_unseen, str.confirm_end) that the simulator's world shows not made
// ...and where the board takes every token for placed (str.placed), the tokens of the play the simulator's world has
// elsewhere: two tokens set on each other's spaces, which the reeds cannot tell apart (Struggle newcomer 81: 9 set on
// J's space and J on 9's, "the tokens stand where Red's play put them"), each with where the play puts it
// ...and, placing, every token of the play the simulator's world has elsewhere, asked about or not (movesAsked: Struggle
// newcomer 84 set 9 and J on each other's spaces, the board asking about J alone, its reed having seen a token come)
function unmadeInSim(s) {
  const m = s && Array.isArray(s.messages) && s.messages[0];
  if (!m || !S.world || !S.world.tokens || !(m.id === "str.placed" || STOP_WAITS.includes(m.id))) return [];
  if (s.action === "place") return movesAsked(s);
  return m.id === "str.placed" ? []
    : (s.requests || []).filter((r) => r.piece && Array.isArray(r.to) && r.to.length && !r.to.includes(S.world.tokens[r.piece]));
}
// "token J to space 1 and token 10 to space 1": where each must go (round 27: "token K on space 4" read as
// where K stood)
function movesTo(reqs) {
  return I18N.list(reqs.map((r) => I18N.say("str.move_to", { token: r.piece, place: sensorName(r.to[0]) })));
}
// every token the instruction asks about stands where it is asked to, as the simulator's world has it
function madeInSim(s) {
  const asked = (s.requests || []).filter((r) => r.piece && Array.isArray(r.to) && r.to.length);
  return !!(S.world && S.world.tokens && asked.length) && asked.every((r) => r.to.includes(S.world.tokens[r.piece]));
}
// Stop, greyed with its reason while the simulator's world shows a move of the play no reed can see not made
// (Struggle newcomer 15: it looked ready, its title said "the tokens stand right", and a tap was refused);
// redrawn as the tokens move (handlers.world)
function drawStop() {
  MB.setControl($("stop"), handState("stop"), I18N.t("page.str.stop_key", "Stop (S)"));
  MB.setControl($("follow"), handState("follow"), I18N.t("page.str.follow", "Place tokens as shown"));
}
// Stop's and Place tokens as shown's state as the simulator's world has the tokens (Struggle newcomer 20: while
// the hand placed them, "Stop: end the turn" looked pressable and did nothing; with every token moved by hand,
// Place tokens as shown stayed lit): greyed while the hand places them, Place tokens once every one stands where
// asked, Stop while a move no reed sees is not made; else as the board's controls say
function handState(id) {
  const [on, why] = buttonState(id), s = said();
  // (the board taking the tokens for placed while the table has some elsewhere: the hand's Place tokens as shown does
  // not act, the person's hand does: Struggle newcomer 102 read "no token needs moving now" under a prompt asking a move)
  if (!on && id === "follow" && s && (s.messages || [])[0] && s.messages[0].id === "str.placed" && unmadeInSim(s).length) {
    return [false, I18N.t("page.str.follow_by_hand", "the board takes the tokens for placed, as it cannot tell them apart: move them by hand, as the prompt says")];
  }
  if (!on) return [on, why];
  if (S.world && S.world.placing) return [false, I18N.t("page.str.placing_wait", "the hand is placing the tokens one at a time: wait")];
  if (id === "follow" && s && madeInSim(s)) return [false, I18N.t("page.str.follow_made", "every token stands where the board asks already")];
  const left = id === "stop" ? unmadeInSim(s) : [];
  return left.length ? [false, unmadeLine(left).replace(/^[^:]*: /, "")] : [on, why];
}
// why Stop waits: the moves no reed sees still to make ("Stop: first move token J to space 1. ...": Struggle newcomer
// 114 read "…holds one: it would count it as moved" and could make no sense of it)
function unmadeLine(left) {
  return I18N.t("page.str.stop_unmade", "Stop: first move {moves}. The board cannot see a token set on a space where another already stands, so this screen waits until it stands there.",
      { moves: movesTo(left) });
}
// what the board asks now (the controller's instruction event), or null before the first
function said() { return S.view ? S.view.instruction : null; }
// a control acts only when the view's controls say so (computed by the server from the instruction)
// a control's reason quoting the board's instruction quotes it as this page's prompt says it (Struggle newcomer 28:
// the prompt said "The tokens stand where Red's play put them", the greyed buttons' titles "the board cannot tell
// whether these moves are made, so check by eye"); the reason's own words, else the board's English
function buttonState(id) {
  const c = S.view && S.view.controls ? S.view.controls[id] : null;
  return c && c[2] ? [c[0], NOTICE.reason(c)] : MB.control(S.view, S.hello, id);
}
// the way shown in this turn, for die 2's legend once die 2 was tapped on it
function orderKey(v) { return JSON.stringify([v.current, v.faces, v.selected]); }
// the words a refusal names a button by: the label it shows ("▶ Next way" while choosing, not "Throw"), a die by its
// number ("Die 1", never the board's "die1"); an attack read "Die1: it is Blue's turn" and "Throw: …" beside "▶ Next way"
function buttonLabel(button) {
  const el = { throw: $("throw"), stop: $("stop"), follow: $("follow"), gather: $("gather") }[button]
    || (button === "die1" && S.view && S.view.phase === "choosing" ? $("prev-way") : null)
    || (button === "die2" && S.view && S.view.phase === "choosing" ? $("other-order") : null);
  const shown = el && el.offsetParent !== null ? MB.shownText(el).replace(/\s+/g, " ").trim() : "";
  if (shown) return shown;
  const n = /^die([1-5])$/.exec(button);
  return n ? I18N.t("page.str.die_label", "Die {n}", { n: n[1] }) : cap(button);
}
function press(button, message) {
  const [on, why] = button === "follow" || (button === "stop" && S.world && S.world.placing) ? handState(button) : buttonState(button);
  if (on && button === "die2" && S.view) S.orderTapped = orderKey(S.view);
  if (!on) { MB.showError(`${buttonLabel(button)}: ${why}`); return; }
  // the simulator knows a move no reed can see is not made: Stop would end the turn with the token elsewhere
  // (the board would take it as made), so the page says what is left first (round 27: J and 10 left on START)
  const left = button === "stop" ? unmadeInSim(said()) : [];
  if (left.length) {
    MB.showError(unmadeLine(left));
    return;
  }
  if (button === "follow") { S.selected = S.autoSelected = null; drawTokens(); } // the hand places them all
  if (S.view && S.view.phase === "choosing") S.choseHere = handKeyOf(S.view); // (a way lit from this screen: pickLit)
  MB.send(message || { type: "press", button });
  if (button === "throw" || button === "stop") promptInView();
}
// on a phone, after Throw or Stop the prompt that says what came of it is in view (round 26: Throw tapped
// further down left the prompt off the top): the first screen (prompt, track, dice, Throw and Stop), the
// page's top, once the prompt is above the screen's top edge
function promptInView() {
  if (!NARROW.matches) return;
  const top = $("prompt").getBoundingClientRect().top;
  if (top < 0) window.scrollTo({ top: Math.max(0, window.scrollY + top - 8) });
}

// a sensor of the event log as the board labels it: s0 -> START, s3 -> space 3, place-A -> arrival place A
function sensorName(sensor) {
  const m = /^s(\d+)$/.exec(String(sensor));
  if (m && S.hello && +m[1] < S.hello.track.length) return spaceName(+m[1]);
  const p = /^place-([A-E])$/.exec(String(sensor));
  return p ? I18N.t("page.str.arrival_place", "arrival place {place}", { place: p[1] }) : String(sensor);
}
const faces = (e) => e.faces.map((f) => (f === "A" ? I18N.t("page.str.ace_word", "ace") : FACE[f] || f)).join(" ");
// (each player named in the page's language: an attack read "⭐ Runde 1 vorbei: red 40, blue 50")
const scoresText = (o) => I18N.series(Object.entries(o).map(([p, s]) => `${MB.colourName(p)} ${s}`));
const LOG_TEXT = {
  game_started: (e) => (e.rounds > 1 ? I18N.t("page.str.log_game_rounds", "A new game of Struggle: {players}, {rounds} rounds", { players: I18N.list(e.players.map((p) => MB.colourName(p))), rounds: e.rounds })
    : I18N.t("page.str.log_game", "A new game of Struggle: {players}, 1 round", { players: I18N.list(e.players.map((p) => MB.colourName(p))) })),
  round_started: (e) => I18N.t("page.str.log_round", "Round {round}: objective cards dealt (each secret to its owner)", { round: e.round }),
  turn_started: (e) => I18N.t("page.str.log_turn", "{Player}'s turn", { player: e.player }),
  // a throw after the first: which dice were thrown again and which kept (Struggle newcomer 46: two dice thrown again
  // came up as before, the line read as the first's, and Throw seemed to have done nothing)
  hand: (e) => {
    const held = Array.isArray(e.held) ? e.held : [], kept = e.faces.filter((_, i) => held.includes(i + 1));
    const again = e.faces.filter((_, i) => !held.includes(i + 1));
    return e.throw > 1 && kept.length && again.length
      // (the hand first, in the dice's order as the prompt says it: Struggle newcomer 47 read the dice thrown again first
      // as another hand)
      // (...the dice thrown again counted, then what they came up: Struggle newcomer 52 re-threw Q Q, read "Q ace thrown
      // again" as dice it had not thrown)
      ? (I18N.lang === "en" || I18N.has("page.str.log_hand_rethrown_now")
        ? I18N.t("page.str.log_hand_rethrown_now", "{Player} threw {faces} (throw {n}: {count} thrown again, now {again}; {kept} kept)",
                 { player: e.player, again: faces({ faces: again }), kept: faces({ faces: kept }), n: e.throw, faces: faces(e),
                   count: again.length === 1 ? I18N.t("page.str.one_die", "1 die") : I18N.t("page.str.n_dice", "{n} dice", { n: again.length }) })
        : I18N.t("page.str.log_hand_rethrown", "{Player} threw {faces} (throw {n}: {again} thrown again, {kept} kept)",
                 { player: e.player, again: faces({ faces: again }), kept: faces({ faces: kept }), n: e.throw, faces: faces(e) }))
      : I18N.t("page.str.log_hand", "{Player} threw {faces} (throw {n})", { player: e.player, faces: faces(e), n: e.throw });
  },
  held: null,
  outcomes: (e) => (e.outcomes.length > 1 ? I18N.t("page.str.log_ways", "{n} ways to play {faces}", { n: e.outcomes.length, faces: faces(e) })
    : I18N.t("page.str.log_way", "1 way to play {faces}", { faces: faces(e) })),
  selected: null,
  // the play as it went (the event's `said`: each token moves, stays, arrives; the aces), else its order
  played: (e) => (e.said ? I18N.t("page.str.log_played_said", "{Player} played: {said}", { player: e.player, said: e.said })
    : LOG_TEXT.played_order(e)),
  played_order: (e) => I18N.t("page.str.log_played", "{Player} played {order}{ace}", { player: e.player, order: tokenList(e.order),
    ace: e.ace.length > 1 ? I18N.t("page.str.log_aces", " (the aces counting as {aces})", { aces: andList(e.ace) })
      : e.ace.length ? I18N.t("page.str.log_ace", " (the ace counting as {aces})", { aces: andList(e.ace) }) : "" }),
  // (the board says an arrival when the way is played, before its tokens are placed: the play's, not yet made; Struggle
  // newcomer 53 read "token K arrives in place D" over a K still on its space)
  arrived: (e) => I18N.t("page.str.log_arrived_play", "🏁 the play takes token {token} to arrival place {place}", { token: e.token, place: e.place }),
  turn_ended: (e) => (e.reason === "void" ? I18N.t("page.str.log_void", "{Player}'s turn ends: five aces, void", { player: e.player })
    : I18N.t("page.str.log_turn_ends", "{Player}'s turn ends", { player: e.player })),
  warning: (e) => (e.kind === "out_of_turn" ? I18N.t("page.str.log_out_of_turn", "⚠ a token moved on {cell} while no token should move", { cell: sensorName(e.cell) })
    : e.kind === "card_refused" ? I18N.t("page.str.log_card_refused", "⚠ {Player}'s card entry refused: {reason}", { player: e.player, reason: e.reason })
      : I18N.t("page.str.log_misplaced", "⚠ a token was put on {cell}, where none belongs", { cell: sensorName(e.cell) })),
  game_resumed: (e) => I18N.t("page.str.log_resumed", "↻ The saved game resumed (round {round}): put the tokens back where the board shows", { round: e.round }),
  setup_check: null,
  setup_restored: () => I18N.t("page.str.log_restored", "The tokens stand as saved: the game goes on"),
  instruction: null,
  objective: null, // each card is secret to its owner
  card_entry: null, // each dice press of a card entry: the prompt says it
  tokens_confirmed: () => I18N.t("page.str.log_tokens_confirmed", "✔ The players checked the tokens: they stand where they belong"),
  card_wanted: (e) => I18N.t("page.str.log_card_wanted", "{Player}: enter your objective card on the dice buttons", { player: e.player }),
  card_entered: (e) => I18N.t("page.str.log_card_entered", "{Player}'s card: {card}", { player: e.player, card: e.card.join(" ") }),
  card_withdrawn: (e) => I18N.t("page.str.log_card_withdrawn", "{By} keeps {card}: {Player}'s entry of it is taken back", { by: e.by, card: e.card.join(" "), player: e.player }),
  round_over: (e) => I18N.t("page.str.log_round_over", "⭐ Round {round} over: {points}", { round: e.round, points: scoresText(e.points) }),
  game_over: (e) => (e.winners.length > 1 ? `🏆 ${tieLine(andList(e.winners.map((p) => MB.colourName(p))), e.scores[e.winners[0]], e.winners.length)} (${scoresText(e.scores)})`
    : I18N.t("page.str.log_wins", "🏆 {winners} wins ({scores})", { winners: andList(e.winners.map((p) => MB.colourName(p))), scores: scoresText(e.scores) })),
};
const BIG = ["round_over", "game_over", "arrived"];

// why no token moves now, or null: a throw, a choice, the game over, or a simulated player's turn with nothing
// asked of this page; said in the board's words (its prompt)
function noMoveNow() {
  const s = said();
  if (!s || !S.hello) return null;
  const theirs = s.player && !S.hello.humans.includes(s.player) && !(s.requests || []).length;
  if (!["throw", "choose", "enter_card", "game_over"].includes(s.action) && !theirs) return null;
  return I18N.t("page.str.nothing_to_move", "no token moves now: {prompt}", { prompt: $("prompt-text") ? $("prompt-text").textContent : "" });
}
// the token on `sensor` the board asks this page to move away now (placing, the request first in the play's order),
// or null: none asked, or the turn is not played here
// the tokens the play moves now (the board's requests to place, each from where it stands), or []
function askedTokens() { return movesAsked().map((q) => q.piece); }
// the board's requests to place a token not yet where it goes, in the play's order ({piece, to: [sensor…]}), or []
// the moves of the placing step still to make, as the simulator's world has the tokens: the board's requests not made,
// then every move of the play the world has elsewhere, asked about or not (the reeds cannot tell tokens apart: an
// attack set J and 9 on each other's spaces, the board asked nothing more, and the line said "no token off the board"
// beside a prompt naming both; a tap on their spaces was refused)
function movesAsked(s = said()) {
  if (!s || s.action !== "place" || !S.world || !S.world.tokens) return [];
  const asked = (s.requests || []).filter((q) => q.piece && Array.isArray(q.to) && q.to.length && !q.to.includes(S.world.tokens[q.piece]));
  const named = new Set(asked.map((q) => q.piece)), ends = new Map(playEnds());
  const rest = [...ends].filter(([t, at]) => !named.has(t) && S.world.tokens[t] !== at).map(([piece, at]) => ({ piece, to: [at] }));
  // ...first, a token the play does not move standing elsewhere than where it belongs, as the table has it: back (Struggle
  // newcomer 102 put the 9 on space 13 in place of the Q the play moved there from their shared space 11, the reeds
  // seeing the play made, and read only "move token Q to space 13")
  // (a token the board's requests name, made or not, goes where they say: never asked back)
  const requested = new Set((s.requests || []).map((q) => q.piece).filter((t) => t));
  const back = S.hello.tokens.filter((t) => !requested.has(t) && !ends.has(t) && S.world.tokens[t] && homeOf(t) && S.world.tokens[t] !== homeOf(t))
    .map((piece) => ({ piece, to: [homeOf(piece)] }));
  // a token standing where the board says none belongs (a "misplaced" request's space) first, as the prompt names it
  // first (Struggle newcomer 112 read "token J is on space 3, where it does not belong: move it to space 4" in the
  // prompt and "next: tap START (it takes token 9), then space 1" under the board)
  const astray = new Set((s.requests || []).filter((q) => q.reason === "misplaced" && q.from).map((q) => q.from));
  const first = (q) => (astray.has(S.world.tokens[q.piece]) ? 0 : 1);
  return [...back, ...asked, ...rest].sort((a, b) => first(a) - first(b));
}
// where a token belongs now, as the view's race has it (the play made, while placing): "s4", "place-B", or null
function homeOf(t) {
  const v = S.view, at = v && v.spaces ? v.spaces[t] : undefined, k = v && Array.isArray(v.arrived) ? v.arrived.indexOf(t) : -1;
  return typeof at === "number" ? `s${at}` : k >= 0 && S.hello.places[k] ? `place-${S.hello.places[k]}` : null;
}
function askedFrom(sensor) {
  return askedHere(sensor)[0] || null;
}
// the tokens the play asks this page's player to move from `sensor`, in the play's order (the first is the one a tap
// there takes; a tap again takes the next: spaceClicked)
function askedHere(sensor) {
  const s = said();
  if (!s || !S.hello.humans.includes(s.player)) return [];
  return [...new Set(movesAsked().filter((q) => S.world.tokens[q.piece] === sensor).map((q) => q.piece))];
}
// the next move the play asks of this page, as a finger or a mouse makes it, or null (no move asked here): a tap
// anywhere on the token's space takes the token the play moves (spaceClicked), a mouse's click the token under it
// (Struggle newcomer 66 aimed at one of START's five tokens, each a finger's third wide, not knowing a tap anywhere on
// START takes the one to move)
// where a request sends a token, in words: "space 4", or "one of arrival places A and B"
function whereTo(to) {
  return to.length === 1 ? sensorName(to[0]) : I18N.t("page.str.one_of_places", "one of {places}", { places: I18N.series(to.map(sensorName)) });
}
function nextMoveWords() {
  // (not while the hand places the tokens itself, Place tokens as shown: Struggle newcomer 68 read "next: tap space
  // 4" beside the prompt's "⏳ Placing the tokens as the play says…: wait")
  const s = said(), q = s && S.hello.humans.includes(s.player) && !S.world.placing ? movesAsked()[0] : null;
  const at = q && S.world.tokens[q.piece];
  if (!at) return null;
  const to = whereTo(q.to);
  // (other tokens the play moves from the same space: a tap on one takes it, said: Struggle newcomer 73)
  // (on a touch screen a tap again takes the next, in turn: Struggle newcomer 84)
  const others = askedHere(at).filter((t) => t !== q.piece);
  if (I18N.touch && others.length === 1) {
    return I18N.t("page.str.hand_next_again_touch", "next: tap {from} (it takes token {token}; tap it again for token {other}), then {to}",
      { from: sensorName(at), token: q.piece, other: others[0], to });
  }
  if (I18N.touch && others.length) {
    return I18N.t("page.str.hand_next_again_many_touch", "next: tap {from} (it takes token {token}; each tap again takes the next of {others}), then {to}",
      { from: sensorName(at), token: q.piece, others: I18N.list(others), to });
  }
  return I18N.touch ? I18N.t("page.str.hand_next_touch", "next: tap {from} (it takes token {token}), then {to}", { from: sensorName(at), token: q.piece, to })
    : I18N.t("page.str.hand_next", "next: click token {token} on {from}, then {to}", { from: sensorName(at), token: q.piece, to });
}
// while Place tokens as shown places them, a click on a token or a space chooses and moves nothing, said (an attack:
// taps on START then chose 9, Q, 10 and K in turn, each moved to the space tapped next, and the turn passed with
// the board asking Blue to put them right)
function handPlacing() {
  if (!(S.world && S.world.placing)) return false;
  MB.showError(I18N.t("page.str.placing_wait", "the hand is placing the tokens one at a time: wait"));
  return true;
}
function spaceClicked(sensor) {
  if (handPlacing()) return;
  // a tap (or click) on the chosen token's own space, where the play moves others too: the next of them, in turn
  const here = askedHere(sensor);
  if (S.selected && S.world.tokens[S.selected] === sensor && here.length > 1 && here.includes(S.selected)) {
    S.selected = here[(here.indexOf(S.selected) + 1) % here.length];
    drawTokens();
    return;
  }
  // ...with none other: let go, as a click on a chosen token lets it go (a move to where it stands does nothing)
  if (S.selected && S.world.tokens[S.selected] === sensor) { S.selected = S.autoSelected = null; drawTokens(); return; }
  if (!S.selected) {
    // no token to move now (a throw, a choice, another's turn): say what the board asks instead (round 8: a tap on
    // a space before the throw read "click a token first", an invitation to move tokens)
    if (noMoveNow()) { MB.showError(noMoveNow()); return; }
    // a tap on a space whose token the board asks to move: that token is chosen (Struggle newcomer 26: the five
    // tokens on START are a finger's third wide on a phone; a tap on START picks the one the play moves from there)
    const asked = askedFrom(sensor);
    if (asked) { S.selected = asked; drawTokens(); return; }
    MB.showError(I18N.t("page.str.click_token_first", "click a token first, then the space to put it on"));
    return;
  }
  MB.send({ type: "move", token: S.selected, to: sensor });
  S.selected = null;
  drawTokens();
}

const HANDLERS = {
  hello(msg) {
    if (!MB.sameGame(msg, "struggle")) return;
    const wasView = S.view;
    S.hello = msg; S.view = msg.view; S.world = msg.world; S.pixels = msg.frame.pixels;
    // a game that ended while this page was away (its connection broken, not a new game) is told as one ending
    // now (Magic newcomer 31's wide screen came back after the end with no "wins!"); a page opened on it too
    S.bannerShown = NOTICE.winToldBefore(msg.view, wasView);
    buildTrack();
    $("log").innerHTML = "";
    S.news = null;
    for (const ev of msg.log) { MB.addLog(ev, LOG_TEXT, BIG); heardNews(ev); }
    drawAll();
  },
  event(msg) {
    S.view = msg.view; MB.addLog(msg.event, LOG_TEXT, BIG); heardNews(msg.event);
    // a throw: the dice thrown tumble once (Struggle newcomer 27 threw K K again and saw nothing change)
    if (msg.event.type === "hand") S.thrown = { at: performance.now(), held: [...(msg.view.held || [])] };
    // a token chosen here is let go when the turn ends (round 27: chosen before Place tokens as shown, it stayed
    // chosen into the next turn, and a tap on a space moved it out of turn)
    // (...and when the turn is another's, whoever's it was: "token K chosen" stayed beside "Blue plays by itself", an
    // attack)
    const turn = msg.view && msg.view.instruction ? msg.view.instruction.player : null;
    if (S.selected && (msg.event.type === "turn_ended" || (turn && !S.hello.humans.includes(turn)))) S.selected = S.autoSelected = null;
    // the line under the board says the instruction too, so it follows each view, not only the tokens (stop 39's CI:
    // the world's message came before the event that opened the placing step, and "no token off the board" stayed)
    drawTokens();
    drawInfo();
  },
  // a seat claimed or released (here or on another screen): the card box at once, not at the next event
  // (round 25: a released seat's card stayed shown until the game moved on)
  seats() { if (S.view && S.hello) drawInfo(); },
  frame(msg) { S.pixels = msg.pixels; drawLeds(); },
  world(msg) {
    const was = S.world && S.world.placing;
    // a token chosen here that moved meanwhile (another screen's hand on the same seat set it down, or took it up) is
    // no longer chosen: a tap here would move it again (an attack: the phone kept "token 10 chosen" with 10 placed on
    // the wide screen, and its next tap took 10 off its place)
    const chosenAt = S.selected && S.world ? S.world.tokens[S.selected] : undefined;
    if (S.selected && msg.world && msg.world.tokens && chosenAt !== undefined && msg.world.tokens[S.selected] !== chosenAt) {
      S.selected = S.autoSelected = null;
    }
    S.world = msg.world; drawTokens(); drawProgress(); // (an arrival counted once its token stands on its place)
    // the prompt and the tip follow the tokens too (a move no reed sees changes no instruction: movesMade), in the
    // placing step and where the board asks to check the tokens (str.confirm_end, stopWait: Struggle newcomer 32 saw
    // "still to move: token 9" stay with 9 on its space, Stop greyed, until a reload)
    if (was !== S.world.placing || ["place", "confirm"].includes((said() || {}).action)) { drawPrompt(); guideTip(); drawGoal(); drawStop(); }
  },
};

function wire() {
  $("throw").addEventListener("click", () => press("throw"));
  $("outcomes").addEventListener("scroll", drawWaysAbove, { passive: true });
  $("ways-above").addEventListener("click", () => { $("outcomes").scrollTo({ top: 0 }); });
  $("prev-way").addEventListener("click", () => press("die1"));
  $("stop").addEventListener("click", () => press("stop"));
  $("follow").addEventListener("click", () => press("follow", { type: "follow" }));
  $("gather").addEventListener("click", () => press("gather", { type: "gather" }));
  document.addEventListener("keydown", (e) => {
    if (e.target.closest && e.target.closest("input, select, dialog")) return;
    if (!MB.ownKey(e)) return;
    const k = NOTICE.keyOf(e);
    // (a refusal of the key said beside its button, not at the side panel's foot: Struggle newcomer 107, NOTICE.keyAt)
    NOTICE.keyAt(k === "t" ? $("throw") : k === "s" ? $("stop")
      : k >= "1" && k <= "5" ? document.querySelector(`#dice .pdie[data-die="${k}"]`) : null);
    if (k === "t") press("throw");
    else if (k === "s") press("stop");
    else if (k >= "1" && k <= "5") press(`die${k}`);
  });
  MB.wireNewGame(() => S.hello, () => ({ rounds: parseInt($("ng-rounds").value, 10) || 1 }), () => S.view);
}

wire();
NOTICE.guide("struggle", tips());
// a tip dismissed: none until the board asks the next thing (guideTipNow: S.tipHeld)
document.querySelector("#guide .guide-ok").addEventListener("click", () => { S.tipHeld = momentKey(said()); setTimeout(drawGoal, 0); });
document.querySelector("#guide .guide-off").addEventListener("click", () => setTimeout(drawGoal, 0));
NARROW.addEventListener("change", () => { if (S.hello) { buildTrack(); drawAll(); } });
MB.connect(HANDLERS);

// the page's language arrived (i18n.js): say the prompt in it
I18N.ready(() => { if (S.view && S.hello) { drawLegend(); drawInfo(); } }); // (the legend too: a catalogue late)

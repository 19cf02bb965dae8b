// Shared plumbing of the Labyrinth, Struggle, companion and private pages: the WebSocket, sending
// commands, one-line errors, LED colours, the event log, the new-game dialog's players, and the
// seats (claim a colour: its private page is then this browser's only; the server checks). The words it
// builds are said through I18N.t (i18n.js: the page's language).
// A game's script calls MB.connect(HANDLERS) and draws what the server sends; it never decides.
"use strict";

const $ = (id) => document.getElementById(id);
const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : "");
const COLOURS = ["red", "blue", "green", "yellow"];
// text put into HTML: its <, >, & and quotes as entities
const escHTML = (t) => String(t).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
// the tabs by name (Labyrinth newcomer 20 juggled three: "Open your secret card page" opened a new tab each time,
// and the card page's "↩ Board's page" turned that tab into a second board): a board's page is the tab
// "mazeboard-board", a colour's card page the tab "mazeboard-card-COLOUR"; a link to either shows that tab again
const TAB_BOARD = "mazeboard-board";
// closes `tab` (a window.open's) if it was opened for the press, still blank; a card tab the person had open already,
// found again by its name, stays where the claim is refused (an attack lost it to a refused "⇄ Move it here")
function shutter(tab) {
  let blank = false;
  try { blank = !!tab && tab.location.href === "about:blank"; } catch (e) { blank = false; }
  return () => { if (blank && tab && !tab.closed) tab.close(); };
}
function tabOfCard(colour) { return ["mazeboard", "card", colour].join("-"); } // a name, not words: never shown
if (!location.pathname.startsWith("/seat/")) window.name = TAB_BOARD;

const MB = {
  ws: null, msgId: 0, answered: 0, errorTimer: null, handlers: {}, query: "", heardT: null,
  // commands sent while the page reopens its own WebSocket (a seat claimed: MB.claim) wait for the new
  // connection's hello, at most HOLD_MS and HOLD_MAX of them (CI25: a Throw sent as the seat was taken was lost)
  reopening: false, held: [], heldTimer: null, HOLD_MS: 3000, HOLD_MAX: 8,

  connect(handlers, query) {
    MB.handlers = handlers;
    MB.query = query || "";
    if (MB.notice()) NOTICE.socket = () => MB.ws; // the tips read here are told on it (notice.js share)
    I18N.settled(() => MB.open()); // in the page's language from the board's first message on
  },
  open() {
    const ws = new WebSocket(`${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws${MB.query}`);
    MB.ws = ws;
    MB.setConn("connecting", MB.connWords("connecting"));
    // open is not yet connected: the badge says so once the board's first view (its hello) is here,
    // never over a prompt still saying "Connecting to the board…" (issue 15)
    ws.onclose = () => {
      if (ws !== MB.ws) return;
      const wait = MB.quick ? 0 : 1000;
      MB.quick = false;
      MB.setConn("closed", MB.connWords("closed")); setTimeout(() => MB.open(), wait);
      if (MB.handlers.closed) MB.handlers.closed();
      if (wait && MB.notice()) NOTICE.closed(); // a claim's quick reopen is no loss
    };
    ws.onmessage = (m) => {
      let msg;
      try { msg = JSON.parse(m.data); } catch (e) { return; }
      if ((msg.type === "ok" || msg.type === "error") && typeof msg.id === "number") MB.answered = Math.max(MB.answered, msg.id);
      if (msg.type === "ok") return;
      if (msg.type === "hello") MB.answered = MB.msgId; // a new connection: nothing of ours is pending
      // the game clock's latest time heard (the log's times of day count back from it: I18N.clock)
      if (msg.type === "hello") MB.heardT = msg.frame ? msg.frame.t : (msg.log || []).reduce((m, e) => Math.max(m, e.t), 0);
      if (msg.type === "event" && msg.event && typeof msg.event.t === "number") MB.heardT = msg.event.t;
      if (msg.type === "error") { MB.showError(msg.message); return; }
      if (msg.type === "restarting") MB.dropHeld(); // a new game: what was held meant the old one
      if (msg.type === "restarting" && MB.notice()) NOTICE.gameOver();
      if (msg.type === "restarting") { MB.restartText = I18N.t("page.common.restarting", "starting a new game…"); MB.showError(MB.restartText); const b = $("banner"); if (b) b.hidden = true; return; }
      if (msg.type === "hello") {
        MB.setConn("open", MB.connWords("open"));
        if (MB.notice()) NOTICE.hello(msg);
        const e = $("error");
        if (e && MB.restartText && e.textContent === MB.restartText) { clearTimeout(MB.errorTimer); e.textContent = ""; }
      }
      if (msg.type === "event" && MB.notice()) NOTICE.heard(msg.event.t);
      if (msg.type === "seats") MB.seatsHeard(msg);
      if (msg.type === "tips_read" && MB.notice()) NOTICE.tipsRead(msg);
      if (msg.type === "site") { MB.site = msg; MB.drawSite(); }
      // the board asks something new: a refusal of the request before goes (one mechanism for every game page: NOTICE.request)
      if (msg.view && MB.notice() && NOTICE.request(msg.view.instruction)) MB.clearError();
      const handler = MB.handlers[msg.type];
      if (handler) handler(msg);
      if (msg.type === "hello") MB.sendHeld();
    };
  },
  notice() { return typeof NOTICE !== "undefined"; }, // the game pages load notice.js; the private page does not
  // every command is answered (ok or error) in the order sent; until the last one is, a world
  // message may predate a command this page sent (the page keeps where it sent its hands)
  settled() { return MB.answered >= MB.msgId; },
  // whether a control of the page acts now, and why: [on, why] as the server computed it from the
  // board's instruction and the colours the page plays (the view's controls; the server refuses a
  // command with the same reason): a board button ("throw", "slot:S-b"), "hand:red", "gather"...;
  // why it does not act is said in the page's language (the server sends its id: hal/web/controls.py)
  control(view, hello, id) {
    const c = view && view.controls ? view.controls[id] : null;
    if (c) return c[2] ? [c[0], I18N.said(c[2], c[1])] : c;
    return [false, hello && hello.humans.length === 0
      ? I18N.t("page.common.watching", "every colour is simulated: this page only watches")
      : I18N.t("page.common.waiting", "waiting for the board")];
  },
  // draw one control: it acts only when on, its title saying what it does or why not
  // (its `label` names its key, "Throw (T)"; a tap on a phone, which has no keys, says the button's own
  // words instead: data-tap, MB.tapOff)
  setControl(el, [on, why], label) {
    MB.enable(el, on);
    el.title = `${label}: ${why}`;
    // (the words it shows, not its textContent: Throw holds "🎲 Throw" and "▶ Next way", one of them hidden, and a tap
    // said "🎲 Throw▶ Next way: it is Blue's turn…", Struggle newcomer 107)
    el.dataset.tap = `${MB.shownText(el).replace(/\s+/g, " ").trim()}: ${why}`;
  },
  // an element's text without its hidden parts (the hidden attribute)
  shownText(el) {
    let s = "";
    for (const n of el.childNodes) {
      if (n.nodeType === Node.TEXT_NODE) s += n.data;
      else if (n.nodeType === Node.ELEMENT_NODE && !n.hidden) s += MB.shownText(n);
    }
    return s;
  },
  // whether the page names keys (a keyboard to press them): not on a phone or a touch screen (board.css #help .keys)
  keysShown() { return !window.matchMedia("(max-width: 899.98px), (hover: none) and (pointer: coarse)").matches; },
  // a control off is greyed and announced unavailable (aria-disabled, board.css) but not given the
  // disabled attribute: a disabled button gets no click, and a tap on it must say why (MB.tapOff)
  // (...and a control going off lets go of the focus: its focus ring, kept after a press, read as the next thing to
  // press into the next turn and at the game's end: Struggle newcomer 49)
  enable(el, on) {
    el.disabled = false;
    if (on) el.removeAttribute("aria-disabled"); else el.setAttribute("aria-disabled", "true");
    if (!on && document.activeElement === el) el.blur();
  },
  // a tap or click on a control that is off: nothing acts, its reason (its title: a phone has no
  // hover to read it with; without its key where no keys are named) is said on the page's message line. Keys refuse the same way (press()).
  tapOff(e) {
    const el = e.target && e.target.closest ? e.target.closest('button[aria-disabled="true"]') : null;
    if (!el) return;
    e.preventDefault(); e.stopImmediatePropagation();
    MB.showError(!MB.keysShown() && el.dataset.tap ? el.dataset.tap : el.title);
  },
  setConn(state, text) { const c = $("conn"); if (c) { c.dataset.state = state; c.textContent = text; } },
  // the badge's words for its state, in the page's language (said again once a late catalogue comes: I18N.ready)
  connWords(state) {
    return state === "open" ? I18N.t("page.common.live", "connected")
      : state === "connecting" ? I18N.t("page.common.connecting", "connecting…")
        : state === "closed" ? I18N.t("page.common.retrying", "disconnected: retrying…") : null;
  },
  send(msg) {
    if (MB.reopening) { // sent at the new connection's hello (MB.sendHeld), in the order sent; one more than
      // HOLD_MAX is refused, never sent ahead of them (an attack: the ninth went out first once the socket opened)
      if (MB.held.length >= MB.HOLD_MAX) { MB.showError(I18N.t("page.common.not_connected", "not connected to the board")); return; }
      MB.held.push(msg);
      if (!MB.heldTimer) MB.heldTimer = setTimeout(() => MB.dropHeld(), MB.HOLD_MS);
      return;
    }
    if (!MB.ws || MB.ws.readyState !== WebSocket.OPEN) { MB.showError(I18N.t("page.common.not_connected", "not connected to the board")); return; }
    msg.id = ++MB.msgId;
    MB.ws.send(JSON.stringify(msg));
    if (MB.notice()) { NOTICE.shownAt = 0; NOTICE.acted(msg); } // acted on: a refusal shown before goes with its request
    // (notice.js graceLeft), and the tips shown so far are seen (notice.js gameOver)
  },
  sendHeld() {
    const held = MB.held;
    MB.reopening = false; MB.held = []; clearTimeout(MB.heldTimer); MB.heldTimer = null;
    for (const msg of held) MB.send(msg);
  },
  // the reopen did not come back in time: the held commands are not sent later, out of the moment they meant
  dropHeld() {
    clearTimeout(MB.heldTimer); MB.heldTimer = null;
    if (!MB.held.length) return;
    MB.reopening = false; MB.held = [];
    MB.showError(I18N.t("page.common.not_connected", "not connected to the board"));
  },
  clearError() {
    const e = $("error");
    if (!e || (MB.restartText && e.textContent === MB.restartText)) return; // the restart's line goes at its hello
    clearTimeout(MB.errorTimer);
    const gone = () => { e.textContent = ""; e.classList.remove("toast", "near"); };
    const left = MB.notice() ? NOTICE.graceLeft() : 0; // a refusal shown a moment ago is read first (notice.js)
    if (left > 0 && e.textContent) MB.errorTimer = setTimeout(gone, left); else gone();
  },
  // a line of text as markup, its Labyrinth slot names ("S-d", "W-4") kept whole on one line (round 26: a
  // phone broke a refusal's "(not S-" / "d: ...") -- the text read (textContent) is unchanged
  unbrokenHTML(text) { return escHTML(text).replace(/\b([NSEW])-([a-z0-9])\b/g, '<span class="nobr">$1-$2</span>'); },
  setText(el, text) { el.innerHTML = MB.unbrokenHTML(text); },
  showError(text) {
    const e = $("error");
    if (!e) return;
    MB.setText(e, text);
    clearTimeout(MB.errorTimer);
    MB.errorTimer = setTimeout(() => { e.textContent = ""; e.classList.remove("toast", "near"); }, I18N.readMs(text));
    // read in full where the person looks: the game pages as one (notice.js NOTICE.placeLine: a phone's
    // line off the screen at the screen's foot, the page not moved); the others scroll just to it
    if (MB.notice()) { NOTICE.placeLine(e, text); return; }
    const r = e.getBoundingClientRect();
    if (text && (r.bottom > window.innerHeight || r.top < 0)) e.scrollIntoView({ block: "nearest" });
  },
  // a page for another game (the server now serves a different one): load it
  sameGame(hello, game) { if (hello.game !== game) { location.reload(); return false; } return true; },
  glow(hex) { // LEDs look brighter than their RGB value on a dark board: display gamma
    const v = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const [r, g, b] = v.map((x) => Math.round(255 * Math.sqrt(x)));
    return `rgb(${r}, ${g}, ${b})`;
  },
  light(el, hex) { // show one LED's colour on an element (data-led for tests, --glow for CSS)
    hex = hex || "#000000";
    el.dataset.led = hex;
    el.classList.toggle("lit", hex !== "#000000");
    el.style.setProperty("--glow", MB.glow(hex));
    // ...and --frame, its hue at full strength, for a lit tile's frame (Labyrinth newcomer 47: a dim LED's dark red on
    // the dark-green board, the tiles to reach found only by zooming in); the pages without notice.js: the glow
    el.style.setProperty("--frame", MB.notice() ? NOTICE.fullHue(hex) : MB.glow(hex));
  },
  addLog(ev, texts, bigTypes) {
    const make = texts[ev.type];
    if (make === null) return; // not worth a line
    const text = make ? make(ev) : ev.type;
    const li = document.createElement("li");
    // "ev-" keeps event names (hand, place...) apart from the page's own classes
    li.className = `ev-${ev.type}` + (ev.type === "warning" ? " warning" : "") + (bigTypes.includes(ev.type) ? " big" : "");
    li.dataset.type = ev.type;
    const who = ev.player || ev.winner;
    if (COLOURS.includes(who)) li.style.setProperty("--pc", `var(--${who})`);
    // spaces between the parts: the line read as text (copied, read aloud) is "5.7s 3 ways...", not "5.7s3 ways"
    // (a flex container draws no space-only text between its items: the look is unchanged)
    li.innerHTML = `<span class="t">${I18N.clock(ev.t, MB.heardT, ev.wall_ms)}</span> <span class="pdot"></span> <span class="text"></span>`;
    MB.setText(li.querySelector(".text"), text);
    const log = $("log");
    log.prepend(li);
    while (log.children.length > 300) log.lastChild.remove();
  },
  // a player's colour as a name in the page's language ("Rot", "قرمز"; English "Red"): never the colour's id
  colourName(p) { return I18N.t("page.common.colour_name", "{Player}", { player: p }); },
  playersRow(p, view, hello, extra) {
    const row = document.createElement("div");
    row.className = `player ${p}` + (p === view.current && view.phase !== "over" ? " turn" : "");
    row.dataset.player = p;
    // a colour played here whose seat (its secret card) another browser holds: still played from this page,
    // its card elsewhere (round 25 said "at another screen", read as "not yours to play" in round 8; Struggle newcomer 26
    // read "you · card on another screen" on a screen holding no seat as this screen calling itself the seat's)
    // ...its screen closed said so, as the seat's own button says it (Struggle newcomer 79 read "card elsewhere" here
    // beside "its screen is closed" there, and wondered whether the card was still open somewhere)
    // ...said as this screen's (Labyrinth newcomer 94 read "played here" beside the board as a place on it)
    const away = MB.seatAway(p);
    const tag = away ? I18N.t("page.common.card_elsewhere_closed", "on this screen · card's screen closed")
      : MB.seatElsewhere(p) ? I18N.t("page.common.card_elsewhere", "on this screen · card elsewhere")
      : hello.humans.includes(p) ? I18N.t("page.common.you", "you") : I18N.t("page.common.simulated", "simulated");
    const won = view.winner === p || (view.winners || []).includes(p);
    row.innerHTML = `<span class="arrow">▶</span><span class="dot"></span>` +
      `<span class="who">${escHTML(MB.colourName(p))}<small>${tag}${won ? I18N.t("page.common.winner", " · winner 🏆") /* a no-break space: the cup never alone on a line (round 26) */ : ""}</small></span><span class="tokens">${extra}</span>`;
    return row;
  },
  // seats: claim a free colour (POST; the server answers with a cookie only this browser has),
  // then that colour's private page opens from here; taken ones are shown as taken
  seats: null, site: null, seatColours: null, seatHumans: null, onSeats: null,
  // ...and no page of that browser open now (the seats message's `away`): its card's screen is closed
  seatAway(p) { return MB.seatElsewhere(p) && Array.isArray(MB.seats.away) && MB.seats.away.includes(p); },
  seatElsewhere(p) { const s = MB.seats; return !!s && (s.taken || []).includes(p) && !(s.mine || []).includes(p); },
  // the seats now (the seats message, or /seats after a claim here): a seat freed since is told in the log of
  // every page, and the page that held it says so near its prompt (round 25: the holder's card went
  // without a word when another screen released its seat)
  setSeats(s) {
    const before = MB.seats;
    MB.seats = s;
    MB.drawSeats();
    // (a page opened while another screen holds a seat plays the one table: each page says so where it says its
    // seat, in the flow of the page -- labyrinth.js seatHint, struggle.js's card box; a notice floating over the
    // side panel hid the scores until OK: Labyrinth newcomer 23, Struggle newcomer 24)
    if (!before) return;
    // a seat of this page's held on another screen at once (released and taken there between two messages)
    for (const p of (before.mine || []).filter((c) => !(s.mine || []).includes(c) && (s.taken || []).includes(c))) {
      MB.releasedHere.add(p);
    }
    for (const p of (before.taken || []).filter((c) => !(s.taken || []).includes(c))) {
      if ($("log")) {
        MB.addLog({ type: "seat_released", player: p, t: MB.heardT },
          { seat_released: (e) => I18N.t("page.common.log_seat_released", "{Player}'s seat released", { player: e.player }) }, []);
      }
      // (a seat whose colour a new game's computer plays went with that game, no screen released it: the
      // prompt says the colour plays by itself; attack 16)
      if ((before.mine || []).includes(p) && !(s.mine || []).includes(p) && !(s.simulated || []).includes(p)
          && typeof NOTICE !== "undefined") {
        MB.seatSaid = p;
        NOTICE.say(s.release ? I18N.t("page.common.seat_released_here", "Your seat ({Player}) was released from another screen: take it again to see your card.", { player: p })
          : I18N.t("page.common.seat_released_board", "Your seat ({Player}) was released on the board: take it again to see your card.", { player: p }));
        MB.releasedHere.add(p);
      }
    }
    // ...and once that other screen takes the seat, the line says so (Struggle newcomer 15: "take it again"
    // stayed up beside the seat's lock)
    for (const p of [...MB.releasedHere]) {
      if (MB.seatElsewhere(p) && typeof NOTICE !== "undefined") {
        MB.seatSaid = p;
        // (what this page may still do said too: Labyrinth newcomer 18 wondered whether it could still move Red)
        NOTICE.say(I18N.t("page.common.seat_taken_elsewhere", "Your seat ({Player}) is taken on another screen now: the card shows there. Both screens play {Player}'s moves: use either.", { player: p }));
      }
      if (MB.seatElsewhere(p) || (s.mine || []).includes(p)) MB.releasedHere.delete(p);
    }
    // the seat that line spoke of held here again: the line goes (Labyrinth newcomer 17: "Your seat (Red) is taken
    // on another screen now" stayed under the header's "Open your secret card page (red)" after taking it back)
    if (MB.seatSaid && (s.mine || []).includes(MB.seatSaid) && typeof NOTICE !== "undefined") {
      MB.seatSaid = null;
      NOTICE.unsay();
    }
  },
  seatSaid: null, // the colour whose seat the notice line last spoke of (setSeats)
  // a key of the page's own (R, D, T, S, 1-5): pressed alone, once. With Ctrl, Alt or Meta it is the browser's
  // (Ctrl+D bookmarks, Ctrl+S saves, Ctrl+R reloads: they pressed Done, Stop, Rotate or Roll), and a key held
  // down repeats some 30 times a second (an S held a moment kept the hand, then played way 1; attack 16)
  ownKey(e) { return !(e.ctrlKey || e.metaKey || e.altKey || e.repeat); },
  releasedHere: new Set(), // seats this page held until another screen released them (setSeats)
  // the seats message of the WebSocket: worked out from the cookies the socket opened with, so a seat this
  // browser took since in another tab reads as another screen's (attack 16: two tabs, "🔒 on another screen",
  // and its release took the seat from this browser's own card page). A colour taken and not ours by the
  // socket's word is asked again over HTTP (this browser's cookies now); ours after all: the socket reopens
  seatsSeq: 0,
  async seatsHeard(msg) {
    const seq = ++MB.seatsSeq;
    if (!(msg.taken || []).some((c) => !(msg.mine || []).includes(c))) { MB.setSeats(msg); return; }
    const now = await fetch("/seats").then((r) => r.json()).catch(() => null);
    if (seq !== MB.seatsSeq) return; // a newer seats message came meanwhile
    if (now && (now.mine || []).some((c) => !(msg.mine || []).includes(c))) {
      MB.setSeats(now);
      MB.reopen();
      return;
    }
    MB.setSeats(msg);
  },
  // whether this page shows the held seat's card itself (a game page sets it: struggle.js); never by default
  cardHere: () => false,
  // whether this page shows a seat's card itself once the seat is taken (Struggle's page); else the tap that takes a
  // seat opens the card's own page (drawSeats)
  cardShownHere: false,
  // the colours held here whose next secret card came since their page was last opened from here (a game page adds)
  newCard: new Set(),
  cardFound(player, remaining) {
    if (!MB.seats || !(MB.seats.mine || []).includes(player)) return;
    if (remaining > 0) MB.newCard.add(player); else MB.newCard.delete(player);
    MB.drawSeats();
  },
  // the game is over (a game page says so at each drawing: setOver): a seat held elsewhere is no longer locked, its
  // card no secret (Labyrinth newcomers 38-42 read "🔒 … move it to this screen" under the win)
  over: false,
  setOver(over) { if (MB.over !== !!over) { MB.over = !!over; MB.drawSeats(); } },
  privateLinks(hello) { MB.seatColours = hello.players; MB.seatHumans = hello.humans || null; MB.drawSeats(); },
  drawSeats() {
    const box = $("private-links");
    if (!box || !MB.seats) return;
    const s = MB.seats, colours = MB.seatColours || s.seats;
    box.innerHTML = "";
    // several seats here (a hot seat): "Open your secret card page" said once, then a link per colour
    const several = colours.filter((p) => s.mine.includes(p)).length > 1;
    let led = false;
    for (const p of colours) {
      let el;
      if (s.mine.includes(p)) {
        if (several && !led) {
          const lead = document.createElement("span");
          lead.className = "seat-lead"; led = true;
          lead.textContent = I18N.t("page.seat_open_many", "🃏️ Open your secret card page:");
          box.appendChild(lead); box.appendChild(document.createTextNode(" "));
        }
        el = document.createElement("a");
        // a link that looks like a button and says what it opens (issue 15: it read as a label)
        el.className = `plink seat-link button small ${p}`; el.href = `/seat/${p}`; el.target = tabOfCard(p); // (no noopener: a named tab is found only within one group of tabs; the same site)
        // a card of this colour just found, another to find: the link says the next card is there (Labyrinth
        // newcomer 27: after a find the board's page never said where the next picture was), until opened; shown
        // there by the card page itself (Labyrinth newcomer 103 read "Your next card" as a card to fetch with it)
        const next = MB.newCard.has(p);
        el.textContent = several ? I18N.t("page.seat_open_colour", "{Colour} ↗", { colour: p })
          // (the card said to be here first: Struggle newcomer 104 could not tell whether "also on its own page" was to
          // be opened too; 105 read "For another screen: …" as moving the card away from this one)
          // ("on this page", true beside it on a wide screen and below it on a phone, and what a click does said:
          // Struggle newcomer 107, 1920x1080, read "Your card is below · its own tab" with the card in the right-hand
          // column, and could not tell what the link would do)
          : MB.cardHere() ? I18N.t("page.seat_open_below", "🃏️ Your card is on this page · open it in its own tab ({colour}) ↗", { colour: p })
            : next ? I18N.t("page.seat_open_next_shown", "🃏️ Your card page shows the next card ({colour}) ↗", { colour: p })
              : I18N.t("page.seat_open", "🃏️ Open your secret card page ({colour}) ↗", { colour: p });
        el.classList.toggle("fresh", next);
        if (next) el.addEventListener("click", () => { MB.newCard.delete(p); setTimeout(() => MB.drawSeats(), 0); });
        el.title = I18N.t("page.seat_open.title", "your seat: opens {colour}'s private page with your secret card, in a new tab", { colour: p });
      } else if (s.release && MB.seatHumans && !MB.seatHumans.includes(p)) {
        // the simulator's computer plays this colour: its secret card is nobody's to read (round 25)
        el = document.createElement("span");
        el.className = `plink seat-simulated ${p}`;
        el.textContent = I18N.t("page.common.seat_simulated", "{Player}: simulated", { player: p });
        el.title = I18N.t("page.common.seat_simulated.title", "the computer plays {player}: its secret card stays hidden", { player: p });
      } else if (s.taken.includes(p) && MB.over) {
        el = document.createElement("span");
        el.className = `plink seat-taken seat-over ${p}`;
        // (as the card's own page says it: Labyrinth newcomer 73 read "Secret card: Red's card: on another screen" there;
        // its screen closed said so, as during the game: an attack; "(game over)": Labyrinth newcomer 85 and Struggle
        // newcomer 85 read "nothing secret now" as unclear, and 86 read "no longer secret" as the card to be shown here)
        el.textContent = Array.isArray(s.away) && s.away.includes(p)
          ? I18N.t("page.common.card_seat_over_closed", "{Player}'s card: its screen is closed (game over)", { player: p })
          : I18N.t("page.common.card_seat_over_open", "{Player}'s card: on another screen (game over)", { player: p });
      } else if (s.taken.includes(p) && s.release) {
        // the browser simulator: the page is the board, whoever is at it the adult who frees a lost seat
        el = document.createElement("button");
        el.type = "button"; el.className = `plink seat-taken seat-release small ${p}`;
        // what the button does said in words, not only in its tooltip (round 26: unreadable on touch): two
        // short lines, so the header keeps its height on a phone
        // ...or, where no page of that browser is open now, that its screen is closed (the server's seats `away`:
        // Struggle newcomers 64, 65 and 68 closed the phone and read "on another screen" on the laptop)
        const away = Array.isArray(s.away) && s.away.includes(p);
        el.innerHTML = escHTML(away ? I18N.t("page.common.card_seat_closed", "🔒 {Player}'s card: its screen is closed", { player: p })
          : I18N.t("page.common.card_seat_on_another", "🔒 {Player}'s card: on another screen", { player: p })) +
          ` <small class="seat-release-what">${escHTML(I18N.t("page.common.seat_move_here", "⇄ show it here instead"))}</small>`;
        el.title = I18N.t("page.common.seat_move.title", "another browser holds this seat: press to move its secret card to this screen (that browser then no longer shows it)", { player: p });
        el.addEventListener("click", () => MB.release(p));
      } else if (s.taken.includes(p)) {
        el = document.createElement("span");
        el.className = `plink seat-taken ${p}`; el.textContent = `${MB.colourName(p)} 🔒`;
        el.title = I18N.t("page.common.seat_taken", "another phone holds this seat (an adult can release it on the board)");
      } else {
        el = document.createElement("button");
        el.type = "button"; el.className = `plink seat-claim small ${p}`; el.textContent = MB.colourName(p); // "Rot", "Red"
        el.title = I18N.t("page.common.seat_claim", "take the {player} seat: its secret card then shows on this browser only", { player: p });
        // a page that does not show the card itself opens the card's page in the same tap, in the tab its link finds
        // again (Labyrinth newcomer 35 tapped "Red" to see the card and got a link to tap once more); opened now,
        // while the tap lets a page open a tab, and pointed at the card once the seat is taken (MB.claim)
        el.addEventListener("click", () => MB.claim(p, MB.cardShownHere ? null : window.open("", tabOfCard(p))));
      }
      el.dataset.seat = p;
      box.appendChild(el);
      box.appendChild(document.createTextNode(" "));
    }
    MB.seatLabel(box);
    if (MB.onSeats) MB.onSeats(); // the player list's "you" follows the seats
  },
  // the words before the seats: while this browser holds none and one is free, they say to take it (Struggle
  // newcomer 24 read "Your seat (shows your card here): Red" as seated already, beside "take your seat to see
  // your secret card"); a label the page does not know is left as it is (the companion's is the sim pages': an attack
  // read "Your seat:" before a seat another phone held, after the game)
  seatLabel(box) {
    const label = box.previousElementSibling, id = label && label.dataset.i18n;
    // (held, Struggle's says "Your seat:" beside "🃏️ Your card, also on its own page": Struggle newcomer 34 read
    // "Your seat (shows your card here):" before it as two ideas in one spot)
    if (!label || !["page.your_seat", "page.struggle.seat_held"].includes(id)) return;
    if (label.dataset.held === undefined) { // the page's own words (its data-i18n), in the language once it is here
      label.dataset.held = label.textContent;
      I18N.ready(() => { label.dataset.held = I18N.say(id); MB.seatLabel(box); });
    }
    const take = !MB.seats.mine.length && !!box.querySelector(".seat-claim");
    // (what a free colour is for, the secret card: "Take your seat" read as needed to play, Labyrinth newcomer 32,
    // and against "Red · you", Struggle newcomer 32)
    // (none held here and none free, a seat held on another screen: not "Your seat:" before it, Struggle newcomer 41)
    // (...and after the game, a seat held elsewhere no more locked: Labyrinth newcomer 43 read "Your seat:" before it)
    const away = !MB.seats.mine.length && !take && !!box.querySelector(".seat-release, .seat-over");
    // (after the game no label: each card's words say whose it is and where, nothing secret now, Labyrinth newcomer
    // 73; a phone read "Cards:" alone at the header's end, the card's words wrapped below it, Labyrinth newcomer 109)
    const over = away && !box.querySelector(".seat-release");
    label.hidden = over;
    label.textContent = over ? "" : away ? I18N.t("page.seat_away_label", "Secret card:") : !take ? label.dataset.held
      : id === "page.your_seat" ? I18N.t("page.see_card", "See your secret card:") : I18N.t("page.struggle.see_card_label", "See your card here:");
  },
  // the WebSocket learnt this browser's seats when it opened: open it again, at once, with the new cookie
  // (a command sent meanwhile waits for the new hello: MB.send)
  reopen() { if (MB.ws) { MB.quick = true; MB.reopening = true; MB.ws.close(); } },
  // `tab`: a tab opened for the card's page by the tap (drawSeats), pointed at it once the seat is taken, closed if not
  // `how`: "claim" a free seat, or "move" one another browser holds here (the simulator's "⇄ Move it here": release)
  async claim(colour, tab = null, how = "claim") {
    const shut = shutter(tab);
    let r;
    try { r = await fetch(`/seat/${colour}/${how === "move" ? "move" : "claim"}`, { method: "POST" }); } catch (e) { shut(); MB.showError(I18N.t("page.common.not_connected", "not connected to the board")); return; }
    const body = await r.json().catch(() => ({}));
    if (!r.ok) { shut(); MB.showError(body.error || I18N.t("page.common.claim_failed", "could not claim {player}", { player: colour })); return; }
    if (tab && !tab.closed) tab.location.replace(`/seat/${colour}`);
    const s = await (await fetch("/seats")).json().catch(() => null);
    if (s) MB.setSeats(s);
    if (MB.onClaimed) MB.onClaimed(colour); // (a page showing the card itself brings it into view: struggle.js)
    MB.reopen();
  },
  // the simulator only (the seats message's release): free a seat another browser holds, once confirmed
  async release(colour) {
    if (!await ASK.ask(I18N.t("page.common.seat_move.confirm", "Move {Player}'s secret card to this screen? The other screen then no longer shows it.", { player: colour }),
      I18N.t("page.common.seat_move.yes", "⇄ Move it here"), I18N.t("page.common.ask_no", "Cancel"))) return;
    // the card shown here, as asked: its tab opened at the press (still the person's own gesture), as a tap on a free
    // seat opens it (Labyrinth newcomer 77 pressed "⇄ Move it here" and saw no card), pointed at it once it is taken
    const tab = MB.cardShownHere ? null : window.open("", tabOfCard(colour));
    // ...and taken here in the same step, as its label says ("⇄ show it here instead"; Labyrinth newcomer 14 pressed
    // it, then had to find and press the colour again): one request, the seat never free between the two screens (a
    // release, then a claim, had the card page left behind say "the server restarted, or the seat was released":
    // Labyrinth newcomer 80)
    await MB.claim(colour, tab, "move");
  },
  drawSite() {
    const box = $("join");
    if (!box || !MB.site) return;
    const s = MB.site;
    box.hidden = false;
    box.dataset.reachable = s.reachable ? "yes" : "no";
    const also = s.addresses.length > 1 ? I18N.t("page.common.join_also", " · also {addresses}", { addresses: s.addresses.slice(1).join(" · ") }) : "";
    box.innerHTML = s.reachable
      ? `<img class="qr" src="${s.qr}" alt="${escHTML(I18N.t("page.common.qr", "QR code of {url}", { url: s.url }))}">` +
        `<div><b>${escHTML(I18N.t("page.common.join", "Join from a phone:"))}</b> <a href="${s.url}">${s.url}</a>` +
        `<div class="muted">${escHTML(I18N.t("page.common.reachable", "reachable from your network{also}", { also }))}</div></div>`
      : `<div class="muted">${escHTML(I18N.t("page.common.local_only", "This page is served to this machine only ({url}): phones cannot join.", { url: s.url }))}</div>`;
  },
  // new-game dialog: players and who plays here
  fillHumans(hello) {
    const n = parseInt($("ng-players").value, 10);
    $("ng-humans").innerHTML = COLOURS.slice(0, n).map((c) =>
      `<label class="${c}"><input type="checkbox" name="humans" value="${c}"> ${escHTML(MB.colourName(c))}</label>`).join(""); // (named in the language: an attack)
    $("ng-humans").querySelectorAll("input").forEach((i) => { i.checked = !!hello && hello.humans.includes(i.value); });
  },
  // `getView`: the page's view; in the middle of a game the dialog says that game ends (not once it is over)
  wireNewGame(getHello, build, getView) {
    const open = () => {
      const h = getHello(), v = getView ? getView() : null;
      $("ng-players").value = String(h ? h.players.length : 2);
      $("ng-players").dispatchEvent(new Event("change")); // what depends on the players: humans, cards each
      $("ng-ends").hidden = !(h && v && v.phase !== "over");
      $("new-dialog").showModal();
    };
    $("ng-players").addEventListener("change", () => MB.fillHumans(getHello()));
    $("new-game").addEventListener("click", open);
    $("banner-new").addEventListener("click", () => { $("banner").hidden = true; open(); });
    $("banner-close").addEventListener("click", () => { $("banner").hidden = true; NOTICE.lookAtBoard(); });
    // opened at its top: showModal focuses the first control, "Got it" at the bottom, and scrolls there
    $("help-button").addEventListener("click", () => { $("help").showModal(); $("help").scrollTop = 0; });
    $("new-dialog").addEventListener("close", () => {
      if ($("new-dialog").returnValue !== "start") return;
      const humans = [...document.querySelectorAll("#ng-humans input:checked")].map((i) => i.value);
      const seedText = $("ng-seed").value.trim();
      MB.send(Object.assign({ type: "new_game", players: parseInt($("ng-players").value, 10), humans,
                              seed: seedText === "" ? null : parseInt(seedText, 10) }, build()));
    });
  },
  banner(html) { $("banner-text").innerHTML = html; $("banner").hidden = false; },
};
// before any page listener (capture): a control that is off never acts
document.addEventListener("click", MB.tapOff, true);

// a catalogue later than the page waits for (I18N.settled: 3 s) says the badge again in the language (an attack: a
// catalogue 4.5 s late left "connected" in English under Italian prompts for good)
I18N.ready(() => {
  const c = $("conn"), t = c && MB.connWords(c.dataset.state);
  if (t) c.textContent = t;
  MB.drawSeats(); // (the seats' colours, named in the language)
});

// What every game page tells a person beyond the board's instruction: the connection to the game's
// server (lost: said in the prompt with the way back, the controls inert; after a restart: this tab
// joined a new game, and what became of the old one), and the first-game guide (short tips shown at
// the moment they apply, each dismissable, remembered in localStorage). Loaded before a game's own
// script; it declares only NOTICE (board.js and common.js each declare their own $ and cap).
"use strict";

const NOTICE = {
  // the letter or digit a key press names, lower case ("r", "3"), as the buttons' key tags show it (every game's page
  // loads this file): the key's own letter where it types a Latin one, else the key's place on the keyboard
  // (KeyboardEvent.code: "KeyR", "Digit3"), so that a Persian or Greek layout's key under R presses Roll (an attack:
  // the tags said R, and the Persian keyboard's key there typed "ق" and did nothing); "" for any other key
  keyOf(e) {
    if (typeof e.key === "string" && /^[A-Za-z0-9]$/.test(e.key)) return e.key.toLowerCase();
    const m = /^(?:Key([A-Z])|Digit([0-9])|Numpad([0-9]))$/.exec(e.code || "");
    return m ? (m[1] || m[2] || m[3]).toLowerCase() : "";
  },
  lastT: null, lost: false, game: null, title: "",

  el(id) { return document.getElementById(id); },
  // the connection broke (the server stopped, or the network): the prompt says so and how to get
  // back; nothing on the page acts until the game is back
  // ...first as a moment's break, reconnecting (Magic newcomer 31: a busy machine dropped a tab's connection for a
  // while; "The game's server stopped … start the server again" sent them to restart a server that ran); once the
  // tries have failed for LOST_MS, as the server stopped, with the way back
  LOST_MS: 5000, lostAt: 0,
  closed() {
    if (!NOTICE.lost) NOTICE.lostAt = performance.now();
    NOTICE.lost = true;
    const p = NOTICE.el("prompt"), long = performance.now() - NOTICE.lostAt >= NOTICE.LOST_MS;
    if (p) {
      p.dataset.offline = "yes";
      p.textContent = long ? I18N.t("page.common.server_stopped", "The game's server stopped (or the connection to it broke): nothing you do here reaches the board now. To get it back, start the server again (./run play, or mazeboard sim, in a terminal); this page reconnects by itself.")
        : I18N.t("page.common.reconnecting", "⏳ The connection to the game's server broke: reconnecting… (nothing you do here reaches the board until it is back)");
    }
    const main = document.querySelector("main");
    if (main) main.inert = true;
    document.body.classList.add("offline");
  },
  // a hello arrived: connected again. After a loss, a log that starts over (its clock went back)
  // means the server restarted and this tab joined a new game: say it, and what became of the old one.
  hello(msg) {
    const p = NOTICE.el("prompt");
    if (p) delete p.dataset.offline;
    const main = document.querySelector("main");
    if (main) main.inert = false;
    document.body.classList.remove("offline");
    const log = msg.log || [], last = log.length ? log[log.length - 1].t : 0;
    const restarted = NOTICE.lost && NOTICE.lastT !== null && last < NOTICE.lastT;
    NOTICE.restarted = restarted; // (a page's hello: a game that ended while this page was away is still told)
    if (restarted) NOTICE.gameOver(); // another game: the tips shown in the old one are seen
    NOTICE.seed = msg.seed;
    NOTICE.roomBack();
    NOTICE.lost = false;
    NOTICE.heard(last);
    NOTICE.share([...NOTICE.gone]); // read while the connection was away (share), or before a restarted server
    if (restarted) {
      // the simulator keeps a session's record in memory only (sim/web/record.py): a stopped
      // server took the old game's scenario with it; a real board resumes its saved game itself
      NOTICE.say(I18N.t("page.common.server_restarted", "The server restarted: this tab joined a new game. The old game's moves went with the stopped server (it keeps them in memory only): next time, use 💾 Save as scenario before stopping it."));
    }
  },
  // the request the board stands at: its instruction's player, action and words (their ids, not their
  // numbers: a countdown, a die held or the spare turned is the same request). A refusal answers the
  // request it was made at: once the board asks something else, it is stale (round 26: a refused
  // Done stayed under the next player's push). true when the request changed since the last view
  asked: null,
  // humans (optional: the colours this page plays): a turn of a colour not played here, asking nobody
  // here for anything, is one request for this page (wait) through all its steps: a refusal made in it
  // stays (round 26: a tap on the greyed Roll in Blue's simulated turn said why for a blink only, the
  // next step of Blue's wiped it)
  // the prompt's room: as high as the highest of `steps` (the words a person's own turns bring, each put in the box by
  // `put` and measured in its font and width), then `now` put in it; so the board under it stays put as they come and
  // go (Magic round 5: 76 px at each roll; Labyrinth newcomer 33: 19 px when a push forbade a slot). Fractional
  // heights: a rounded one moved what follows by a pixel.
  // The room is measured again only when what it depends on changes (the steps' words, the box's width, font and
  // classes, the window's width, the fonts loaded: fontLoads), and `now` is put and read once: each read after a
  // change is a forced layout of the page, and the Magic Labyrinth's page redraws its prompt at every world message
  // (five for one step: the hand, two reeds, the crossing, the hand done); measuring a dozen prompts each time took
  // 100-250 ms a message on a busy machine, the messages queued behind each other, and a click on the next cell was
  // answered after 1.5 s (Magic newcomer: "the board takes about 1.5 s to answer a click"; the board itself senses
  // the step in about 135 ms)
  rooms: new WeakMap(),
  fontLoads: 0,
  keepRoom(box, steps, now, put) {
    box.style.minHeight = "";
    put(now);
    const seen = box.getBoundingClientRect(), css = getComputedStyle(box);
    const key = JSON.stringify([steps, seen.width, window.innerWidth, box.className, box.dir, document.documentElement.dir,
      document.fonts ? document.fonts.status : "", NOTICE.fontLoads,
      ...["fontFamily", "fontSize", "fontWeight", "lineHeight", "letterSpacing", "padding", "borderWidth"].map((k) => css[k])]);
    const kept = NOTICE.rooms.get(box);
    let room = kept && kept.key === key ? kept.room : null, height = seen.height;
    if (room === null) {
      room = 0;
      for (const step of steps) { put(step); room = Math.max(room, box.getBoundingClientRect().height); }
      NOTICE.rooms.set(box, { key, room });
      put(now);
      height = box.getBoundingClientRect().height;
    }
    if (room > height) box.style.minHeight = `${room}px`;
  },
  // the colour the prompt's edge and the current player's marks take (--turn): whose turn it is, and once the game
  // is over the winner's (Struggle newcomer 34: "Red wins!" edged in Blue's colour, the last to play); a view's
  // `winner` (Magic, Labyrinth) or first of its `winners` (Struggle). Here, as every game page loads notice.js
  // (the Magic Labyrinth's page has no common.js: MB there stopped its page, Magic newcomer 37)
  turnColour(v) {
    const who = v.phase === "over" ? v.winner || (v.winners || [])[0] || null : v.current;
    document.documentElement.style.setProperty("--turn", who ? `var(--${who})` : "#888");
  },
  // the words of the page's prompt, as each game's page draws them: true when they changed (the board's ask, or the
  // page's own words of it as the simulator's world moves on: the pawn lifted, a token set down). A refusal of the
  // moment before then goes (after its grace): Magic newcomer 35 read "… press ✊ Lift pawn" under "Your pawn is in
  // your hand" after pressing it
  prompted(text) {
    const moved = NOTICE.promptSaid !== undefined && NOTICE.promptSaid !== text;
    NOTICE.promptSaid = text;
    return moved;
  },
  // a control's reason (a view's controls: [on, English, {id, args}]) said in the page's language, quoting the board's
  // instruction ({text}) as the page's prompt says it, where the page says it in its own words (the simulator's: "one
  // tap puts it back under the pawn" for the board's "fish the ball out ... put it back"; Struggle newcomer 28, Magic
  // newcomer 39 read both in one moment); the reason's own words when the page's language lacks the message
  reason(c) {
    const r = c[2], page = NOTICE.promptSaid;
    if (r && r.args && typeof r.args.text === "string" && page && page !== r.args.text) {
      const t = I18N.say(r.id, { ...r.args, text: page });
      if (t && !t.includes(r.id)) return t;
    }
    return I18N.said(r, c[1]);
  },
  request(instruction, humans) {
    const i = instruction || {};
    const ours = (q) => !!q && humans.includes(q);
    const others = Array.isArray(humans) && i.player && !ours(i.player) && i.action !== "game_over"
      && !(i.requests || []).some((r) => ours(r.by) || ours(r.piece));
    const key = others ? JSON.stringify([i.player, "others"])
      : JSON.stringify([i.player || null, i.action || null, (i.messages || []).map((m) => m && m.id)]);
    const moved = NOTICE.asked !== null && key !== NOTICE.asked;
    NOTICE.asked = key;
    return moved;
  },
  // a refusal's line (#error, its text just set) read in full where the person looks, one way for the three
  // game pages. A phone shows a line off its screen at the screen's foot, over the page (board.css .error.toast),
  // the page left where it was (round 26, Magic: scrolled to it, the top buttons were half cut off; round 27,
  // Struggle: the line under the long list of ways to play, scrollY 0 -> 664, the board and dice gone); a
  // wider screen scrolls just to it, a few pixels clear of the edge (round 24: cut by the screen's bottom edge)
  placeLine(e, text) {
    NOTICE.shownAt = text ? performance.now() : 0;
    e.classList.remove("toast", "near");
    e.classList.remove("above");
    e.style.removeProperty("--near-x"); e.style.removeProperty("--near-y"); e.style.removeProperty("--near-bottom");
    if (!e.dataset.tapAway) { // a tap on the toast puts it away (it may cover what was tapped: the dice at the foot)
      e.dataset.tapAway = "yes";
      e.addEventListener("click", () => { if (e.classList.contains("toast")) { e.textContent = ""; e.classList.remove("toast", "near", "above"); } });
    }
    if (!text) return;
    const r = e.getBoundingClientRect(), phone = window.matchMedia("(max-width: 899.98px)").matches;
    // wide: the answer to a click far from the line (Magic's tray, 900 px from it at 1920 in round 27) is
    // said beside the click, just under the pointer (board.css .error.toast.near)
    const p = NOTICE.pointer, age = p ? performance.now() - p.at : Infinity, fresh = age < 2000; // (a loaded server answers late)
    if (!phone && fresh && Math.hypot(p.x - (r.left + r.right) / 2, p.y - (r.top + r.bottom) / 2) > 300) {
      e.classList.add("toast", "near");
      // (the line lifted out of the page's flow shortens it: a page scrolled to its end scrolls back, and what was
      // pressed moves down with it; so does any scroll since the press. An attack at 1100x500: over the pawn pressed)
      // (reading offsetHeight lays the page out first, so that scrollY is the scroll after the line left the flow)
      const dy = e.offsetHeight >= 0 && typeof p.sy === "number" ? p.sy - window.scrollY : 0;
      const q = { ...p, x: p.x + (typeof p.sx === "number" ? p.sx - window.scrollX : 0), y: p.y + dy, top: p.top + dy, bottom: p.bottom + dy };
      // (a click on the board: within the board's width, never over the side panel's controls -- Labyrinth newcomer
      // 80's "g6 cannot be reached" lay over Done and Lift pawn)
      const board = document.querySelector("#board, #maze, #track"), br = board && board.getBoundingClientRect();
      const onBoard = br && br.width > e.offsetWidth && q.x >= br.left && q.x <= br.right && q.y >= br.top && q.y <= br.bottom;
      const x0 = Math.max(8, Math.min(q.x - 40, window.innerWidth - 440));
      const x = onBoard ? Math.max(br.left, Math.min(x0, br.right - e.offsetWidth)) : x0;
      e.style.setProperty("--near-x", `${x}px`);
      const h = e.offsetHeight, under = Math.max(q.y + 24, q.bottom + 6); // under what was clicked, or above it
      let y = Math.max(8, under + h <= window.innerHeight - 8 ? under : q.top - 6 - h);
      // ...and never over the Struggle dice (their "held" and "moves" under them: a die's key, Struggle newcomer 107):
      // under them or above them, where that is on the screen and over no control (an attack: moved under the dice at
      // 1280x600 in German, it lay over Stop, wrapped to a second row there)
      const w = e.offsetWidth, hits = (top, r) => x < r.right && x + w > r.left && top < r.bottom && top + h > r.top;
      const controls = [...document.querySelectorAll(NOTICE.CONTROLS)].filter((b) => b.offsetParent !== null)
        .map((b) => b.getBoundingClientRect());
      for (const k of NOTICE.keepClear()) {
        if (!hits(y, k)) continue;
        y = [k.bottom + 6, k.top - 6 - h].find((top) => top >= 8 && top + h <= window.innerHeight - 8 && !controls.some((r) => hits(top, r)))
          ?? y;
      }
      e.style.setProperty("--near-y", `${y}px`);
    } else if (phone && (r.bottom > window.innerHeight || r.top < 0 || age < 2000)) {
      // (or the answer to a tap, wherever the line is: Labyrinth newcomer 13 tapped a top arrow and its reason
      // showed under Done and Lift pawn, 500 px down; Magic newcomer 19 saw some refusals beside the finger and
      // others as plain text under the tray row, 250 px from the tapped cell, easy to miss: one place, the finger)
      e.classList.add("toast");
      // just above the finger, never over what was tapped (round 27, Labyrinth: at the screen's foot it lay over
      // Done, tapped again a moment later); under it when the tap was near the top. Nor over a game control
      // that acts now (Magic newcomer 16: "first press ✊ Lift pawn …" lay over Lift pawn): moved past it
      if (age < 2000) { // (an answer from the server comes a moment later)
        const spot = NOTICE.clearSpot(e.offsetHeight, p);
        if (spot.above) {
          e.classList.add("near", "above");
          e.style.setProperty("--near-bottom", `${Math.round(window.innerHeight - spot.edge)}px`);
        } else {
          e.classList.add("near");
          e.style.setProperty("--near-x", "8px");
          e.style.setProperty("--near-y", `${Math.round(spot.edge)}px`);
        }
      }
    }
    else if (r.bottom > window.innerHeight) window.scrollBy(0, Math.ceil(r.bottom - window.innerHeight) + 8);
    else if (r.top < 0) window.scrollBy(0, Math.floor(r.top) - 8);
  },
  // ms a refusal shown just now still stays when the board's request changes under it (a clearError): 1.5 s in
  // all from when it was shown (Magic newcomer 19: a tap just after the move ended was refused, and the next
  // player's first step wiped the words within a blink, so the tap seemed ignored); 0 for an older one, and
  // once the page has sent anything since (the person acted on it: the pages' send)
  shownAt: 0,
  graceLeft() { return NOTICE.shownAt ? Math.max(0, 1500 - (performance.now() - NOTICE.shownAt)) : 0; },
  // where a phone's toast of height h goes near the finger p: {above, edge} (edge: its bottom when above, else its
  // top); a tap on the board: beside the board; else above the finger when the tap was below the screen's first third, moved on past any game control that
  // acts now (CONTROLS); the other side when that runs off the screen; the first try when both do
  clearSpot(h, p) {
    const board = document.querySelector("#board, #maze, #track"), br = board && board.getBoundingClientRect();
    const H = window.innerHeight, boxes = [...document.querySelectorAll(NOTICE.CONTROLS)]
      .filter((b) => !b.disabled && b.getAttribute("aria-disabled") !== "true" && b.offsetParent !== null)
      .map((b) => b.getBoundingClientRect()).filter((r) => r.height && r.bottom > 0 && r.top < H);
    if (typeof p.top === "number") boxes.push({ top: p.top, bottom: p.bottom }); // nor over what was tapped
    boxes.push(...NOTICE.keepClear()); // nor over the Struggle dice (Struggle newcomer 107: over all five, above Throw)
    // the spot with its bottom at `bottom`, moved up past the controls; with its top at `top`, moved down past them
    const up = (bottom) => { let hit;
      while ((hit = boxes.find((r) => r.top < bottom && r.bottom > bottom - h))) bottom = hit.top - 6;
      return bottom - h >= 0 ? { above: true, edge: bottom } : null; };
    const down = (top) => { let hit;
      while ((hit = boxes.find((r) => r.top < top + h && r.bottom > top))) top = hit.bottom + 6;
      return top + h <= H ? { above: false, edge: top } : null; };
    // never over the board's cells (Magic newcomer 26: "Your pawn stays: Red's ball fell…" lay over row 2, over the
    // pawn and the wall it spoke of; newcomer 27: a long refusal of 🎣 Fish ball out, under Roll, was moved up past
    // Roll and lay over row 1)
    const clear = (s) => !!s && (!br || !br.height || (s.above ? s.edge <= br.top || s.edge - h >= br.bottom
      : s.edge >= br.bottom || s.edge + h <= br.top));
    const beside = () => (br && br.height ? [up(br.top - 6), down(br.bottom + 6)].find(clear) : null);
    // a tap on the board: the answer just above the board, else under it, moved past a control that acts now (an
    // attack: under the board it lay over Roll); a tap elsewhere: the other side of the finger first, then beside
    // the board (over the prompt rather than the cells or a control)
    const onBoard = br && br.height && p.x >= br.left && p.x <= br.right && p.y >= br.top && p.y <= br.bottom;
    const above = up(Math.min(p.y - 32, p.top - 6)), under = down(Math.max(p.y + 32, p.bottom + 6));
    const first = p.y > H / 3, tries = onBoard ? [beside()] : first ? [above, under] : [under, above];
    const found = tries.find(clear) || (!onBoard && beside()) || tries.find(Boolean) || (onBoard && (above || under));
    if (found) return found;
    // nowhere clear: the finger's side, kept on the screen (an attack: landscape, a long refusal at -36 px)
    return first ? { above: true, edge: Math.min(H, Math.max(h, Math.min(p.y - 32, p.top - 6))) }
      : { above: false, edge: Math.max(0, Math.min(H - h, Math.max(p.y + 32, p.bottom + 6))) };
  },
  // (Struggle's placing buttons and ◀ Previous way too: Struggle newcomer 110's refusal of Stop lay over Place tokens as
  // shown, the next button pressed, and that tap only put the toast away)
  CONTROLS: "#roll, #done, #lift, #fetch, #throw, #stop, #rotate, #follow, #gather, #prev-way",
  // what a refusal's toast never covers, acting now or not: the Struggle dice (Struggle newcomer 107: a tap on Throw
  // during Blue's turn was answered over the five dice on a phone) -- the boxes of those shown
  KEEP_CLEAR: "#dice",
  keepClear() {
    return [...document.querySelectorAll(NOTICE.KEEP_CLEAR)].filter((b) => b.offsetParent !== null)
      .map((b) => b.getBoundingClientRect()).filter((r) => r.height);
  },
  pointer: null, // where and when the last click or tap came down (placeLine: a refusal beside a far click)
  // a key that presses a control counts as a press on its middle (Struggle newcomer 107: T pressed during Blue's turn
  // was refused at 1920 at the foot of the side panel, under the ways, 1100 px from Throw and the prompt): its refusal
  // is said beside the control, as a click's (placeLine); a control off the screen or not shown: on the line, as before
  keyAt(el) {
    const r = el && el.getBoundingClientRect();
    if (!r || !r.width || !r.height || r.bottom <= 0 || r.top >= window.innerHeight) return;
    NOTICE.pointer = { x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2, at: performance.now(), sx: window.scrollX,
                       sy: window.scrollY, top: r.top, bottom: r.bottom };
  },
  heard(t) { if (typeof t === "number" && (NOTICE.lastT === null || t > NOTICE.lastT || !NOTICE.lost)) NOTICE.lastT = t; },
  // a line above the board that stays until dismissed
  say(text) {
    let box = NOTICE.el("notice");
    if (!box) return;
    box.hidden = false;
    box.querySelector(".notice-text").textContent = text;
  },
  unsay() { const box = NOTICE.el("notice"); if (box) box.hidden = true; },
  wireNotice() {
    const box = NOTICE.el("notice");
    if (box) box.querySelector("button").addEventListener("click", () => { box.hidden = true; });
  },

  // -- the first-game guide ------------------------------------------------------------
  // tips: id -> text; shown when a page calls tip(id) at the moment it applies, once, until
  // dismissed (then remembered); "Hide all tips" remembers every one. A tip shown but not dismissed
  // comes again when its moment does in the same game, once (twice); once that game is over for this page (✨ New
  // game, a restarted server: gameOver) it is remembered too, if the person acted after it showed: a second game shows only tips not yet
  // shown (round 24: a newcomer saw the first game's tips all again in the second)
  tips: {}, key: "", game: "", shown: new Set(),
  guide(game, tips) {
    NOTICE.game = game;
    NOTICE.key = `mazeboard.guide.${game}`;
    NOTICE.tips = tips;
    const box = NOTICE.el("guide");
    if (!box) return;
    box.querySelector(".guide-ok").addEventListener("click", () => NOTICE.dismiss(box.dataset.tip));
    // the kept room says the log's newest line: told whenever the log changes (a line added, a hello's whole log)
    const log = NOTICE.el("log");
    if (log && window.MutationObserver) new MutationObserver(() => NOTICE.news()).observe(log, { childList: true });
    // on a phone the tip shows its first two lines under the prompt (board.css): a tap shows it whole
    // (anywhere on the tip but its buttons: round 8 newcomers tapped beside the words and saw nothing)
    // ...and "▴ less" folds it again (Magic newcomer 25: ten lines opened pushed the board's first row and Roll
    // below the screen, and only Got it or Hide all tips took them away)
    box.addEventListener("click", (e) => {
      const less = box.dataset.open !== undefined && e.target.closest && e.target.closest(".guide-more");
      if (less) { delete box.dataset.open; NOTICE.clamped(box); return; }
      if (!(e.target.closest && e.target.closest("button")) || e.target.closest(".guide-more")) { box.dataset.open = ""; NOTICE.clamped(box); }
    });
    // ...and says so: a "▾ more" at the foot of the words while they are cut (round 26: nothing said a tap
    // shows the rest); the words and the button in one box, the button over the end of the last line
    const text = box.querySelector(".guide-text");
    const body = document.createElement("span");
    body.className = "guide-body";
    text.replaceWith(body);
    const more = document.createElement("button");
    more.type = "button";
    more.className = "guide-more";
    more.hidden = true;
    body.append(text, more);
    window.addEventListener("resize", () => NOTICE.clamped(box));
    // ...and as the words' box changes width without a resize (the buttons beside it in the page's language, arriving
    // after the words: a Persian page's "▾ more" measured against the English buttons cut a word, in CI)
    if (window.ResizeObserver) new ResizeObserver(() => NOTICE.clamped(box)).observe(text);
    box.querySelector(".guide-off").addEventListener("click", () => {
      for (const id of Object.keys(NOTICE.tips)) NOTICE.remember(id);
      NOTICE.roomGone();
      NOTICE.hide();
      // the person's own tap gives the tips' room back at once (an attack: kept all game, a landscape phone's 55 px
      // box said only the newest line, and a reload of the same game had none)
      document.body.classList.remove("guide-resting");
    });
  },
  // the tips dismissed: remembered in localStorage, and for this page's life in `gone` as well, so a
  // dismissed tip stays dismissed where storage is refused (a private window, storage blocked)
  gone: new Set(),
  seen() {
    let kept = [];
    try { kept = JSON.parse(localStorage.getItem(NOTICE.key) || "[]"); } catch (e) { kept = []; }
    return [...new Set([...(Array.isArray(kept) ? kept : []), ...NOTICE.gone])];
  },
  // told: the server said another screen read it (tipsRead): not told back
  remember(id, told) {
    const fresh = !NOTICE.gone.has(id);
    NOTICE.gone.add(id);
    const seen = NOTICE.seen();
    if (!seen.includes(id)) seen.push(id);
    try { localStorage.setItem(NOTICE.key, JSON.stringify(seen)); } catch (e) { /* private mode: shown again next time */ }
    if (fresh && !told) NOTICE.share([id]);
  },
  // -- the tips read at this table: one board page's read tips are every board page's (server.py _tips_read) --
  // (Magic newcomers 64 and 66 read the tips on the phone and had them all again on the laptop, in the same game)
  // socket: the page's WebSocket (board.js, common.js); a tip read while it is closed is told at the next hello
  socket: () => null,
  share(ids) {
    const ws = NOTICE.socket();
    if (!ids.length || !NOTICE.game || !ws || ws.readyState !== WebSocket.OPEN) return;
    // (no id: the server answers nothing, and the page's count of commands to be answered is not touched)
    try { ws.send(JSON.stringify({ type: "tips_read", game: NOTICE.game, tips: ids.slice(0, 64) })); } catch (e) { /* closed meanwhile */ }
  },
  // the server's tips_read: the tips read at this table, on this screen or another; one shown here now goes,
  // its room kept (keep), as at Got it
  tipsRead(msg) {
    if (!msg || msg.game !== NOTICE.game || !Array.isArray(msg.tips)) return;
    const read = msg.tips.slice(0, 64).filter((id) => typeof id === "string" && Object.hasOwn(NOTICE.tips, id));
    for (const id of read) NOTICE.remember(id, true);
    const box = NOTICE.el("guide");
    if (box && !box.hidden && read.includes(box.dataset.tip)) NOTICE.keep(box);
    else if (box && !box.hidden) NOTICE.count(box, box.dataset.tip); // (fewer to come: read on another screen)
    if (box && box.hidden) NOTICE.news();
  },
  // Got it: the tip goes; on a phone its room stays for the rest of the game (keep, reserve)
  dismiss(id) {
    NOTICE.remember(id);
    NOTICE.gotIt = NOTICE.newest(); // (restWords: until the game's next line, the room says what Got it did)
    const box = NOTICE.el("guide");
    if (box) NOTICE.keep(box);
  },
  phone() { return window.matchMedia("(max-width: 899.98px)").matches; },
  // the tips not yet seen (their ids)
  toCome() { const seen = NOTICE.seen(); return Object.keys(NOTICE.tips || {}).filter((id) => !seen.includes(id)); },
  // the game this page showed tips in is over (a new one is starting): each tip shown is seen
  // ...a tip counts as seen once the person acted after it showed (a move, a press: acted), not when the game was
  // left before any (Labyrinth newcomer 26 read the first tip, chose ✨ New game to pick fewer cards, and the new
  // game's first screen said only that "the next first-game tip shows here when its moment comes")
  used: new Set(),
  acted(msg) {
    if (msg && ["new_game", "option", "abandon"].includes(msg.type)) return;
    for (const id of NOTICE.shown) NOTICE.used.add(id);
    NOTICE.fold();
  },
  // a tip opened whole on a phone folds once the person acts on the board (they read it), and a page scrolled
  // down to reach a control the opened tip had pushed below the screen goes back to its top, where the prompt
  // and its clock are (Magic newcomer 32 scrolled to Roll and moved with "The move ends in 20 s" out of sight)
  fold() {
    const box = NOTICE.el("guide");
    if (!box || box.dataset.open === undefined || !NOTICE.phone()) return;
    delete box.dataset.open;
    NOTICE.clamped(box);
    if (window.scrollY > 0) window.scrollTo(0, 0);
  },
  gameOver() {
    NOTICE.gotIt = undefined;
    NOTICE.roomGone(); // (the next game keeps it again as its tips come: keep)
    for (const id of NOTICE.shown) if (NOTICE.used.has(id)) NOTICE.remember(id);
    NOTICE.shown.clear(); NOTICE.used.clear();
    const box = NOTICE.el("guide");
    if (box && !box.hidden) NOTICE.hide();
    // the next game has the tips' room only if a tip is still to come (reserve): with none, its first screen is
    // the board's (a room given back between two games, or at the person's own Hide all tips: never by itself in one)
    if (!NOTICE.toCome().length) document.body.classList.remove("guide-resting");
  },
  // the tip goes (Hide all tips, a game's end); where it begins on the first screen (a phone: under the controls, its foot below the
  // window, so a person scrolled down to press "Got it"), the page goes back to its top with it: the
  // title and the board as they were, not left scrolled (a newcomer saw the title cut off); on a phone its room
  // stays (keep)
  hide() {
    const box = NOTICE.el("guide");
    if (!box) return;
    const top = box.hidden ? Infinity : box.getBoundingClientRect().top + window.scrollY;
    NOTICE.keep(box);
    if (window.scrollY > 0 && top < window.innerHeight && getComputedStyle(box).position !== "fixed") window.scrollTo(0, 0);
  },
  // an LED's colour ("#4c0000") at full strength, its hue kept ("rgb(255, 0, 0)"); black stays black: a lit cell's or
  // tile's frame (a dim LED's dark red on a dark board was found only by zooming in: Labyrinth 47, Magic 49)
  fullHue(hex) {
    const v = /^#[0-9a-f]{6}$/i.test(hex || "") ? [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) : [0, 0, 0];
    const top = Math.max(...v);
    return top ? `rgb(${v.map((x) => Math.round((255 * x) / top)).join(", ")})` : "rgb(0, 0, 0)";
  },
  // "Look at the board" (the win box closed): the board in view, whatever the page was scrolled to (round 26:
  // a phone showed only the prompt's "Red wins!..." line); a board already in view stays put
  lookAtBoard() {
    const board = document.querySelector("#board, #maze, #track");
    if (!board) return;
    const r = board.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) board.scrollIntoView({ block: r.height > window.innerHeight ? "start" : "center" });
  },
  // the moment the board is at (a tip's id, or null: none of this page's): a tip shown for
  // another moment goes (not remembered: it comes back when its moment does), then now's tip
  // the board's instruction as a page shows it to its people (`humans`, the colours played here): one
  // for a simulated player is said as the wait it is for them, and nothing more -- its orders ("Blue:
  // press Roll.", "push the spare tile…", "…or press Stop") were read as orders to the newcomer
  // watching; what the simulated player does shows on the board and in the log
  prompt(instruction, english, humans) {
    const p = instruction && instruction.player;
    if (typeof p !== "string" || !Array.isArray(humans) || !humans.length || humans.includes(p)
        || instruction.action === "game_over") return I18N.prompt(instruction, english);
    return I18N.t("page.common.simulated_turn", "🤖 {Player} plays by itself (simulated): wait.", { player: p });
  },
  // one tip a moment, said as the moment starts (a tip says what the prompt does not: never steps to follow, which
  // the prompt says as they change, Magic newcomer 45)
  now(id) {
    const box = NOTICE.el("guide");
    if (box && !box.hidden && box.dataset.tip && box.dataset.tip !== id) NOTICE.rest(box);
    if (id) NOTICE.tip(id);
    NOTICE.reserve();
  },
  // One room for the tips on a phone, under the prompt, for the whole game: a tip shows in it while its moment
  // lasts; otherwise it says the game's newest line (restWords). A game whose page has a tip still to come has the
  // room from its start to its end (after a tip's moment, Got it, the win); a game with none has no room, its first
  // screen the board's. The room is given back at the person's own Hide all tips, and otherwise only between two
  // games (gameOver): a room kept while a tip was to come and given back once none was left moved the board up in
  // the middle of a game, and a first-time tip that came later (the drop's) moved it down again (Magic newcomers
  // 23-31).
  // reserve: no tip shown and the room not yet kept, a tip to come: it is kept from now, measured as a tip folded
  // to its first lines (any tip's words: folded, every tip is as high as its two buttons)
  reserve() {
    const box = NOTICE.el("guide"), text = box && box.querySelector(".guide-text");
    if (!box || !text || !box.hidden || document.body.classList.contains("guide-resting") || !NOTICE.phone()
        || !NOTICE.toCome().length) return;
    const sample = Object.values(NOTICE.tips || {}).find((t) => typeof t === "string");
    if (!sample) return;
    const was = text.textContent, open = box.dataset.open;
    delete box.dataset.open;
    text.textContent = sample;
    box.hidden = false;
    NOTICE.keep(box);
    text.textContent = was;
    if (open !== undefined) box.dataset.open = open;
  },
  // the room kept, remembered for this tab's game (sessionStorage: the guide's game and the hello's seed): a reload in
  // the middle of the game keeps it, and the board where it was (Magic newcomer 112 and Labyrinth newcomer 114
  // reloaded, the room was gone, the board 65-120 px higher, and their next taps landed a row off); at most 400 px
  ROOM: "mazeboard.guide.room",
  seed: null,
  roomKept(height) {
    try { sessionStorage.setItem(NOTICE.ROOM, JSON.stringify({ game: NOTICE.game, seed: NOTICE.seed, height })); } catch (e) { /* storage refused */ }
  },
  roomGone() { try { sessionStorage.removeItem(NOTICE.ROOM); } catch (e) { /* storage refused */ } },
  roomBack() {
    let kept = null;
    try { kept = JSON.parse(sessionStorage.getItem(NOTICE.ROOM) || "null"); } catch (e) { kept = null; }
    if (!kept || typeof kept !== "object" || kept.game !== NOTICE.game || kept.seed !== NOTICE.seed || !NOTICE.phone()
        || typeof kept.height !== "number" || !(kept.height > 0) || document.body.classList.contains("guide-resting")) return;
    document.body.style.setProperty("--guide-rest", `${Math.min(400, Math.round(kept.height))}px`);
    document.body.classList.add("guide-resting");
    NOTICE.news();
  },
  // a tip whose moment is over goes, its room kept on a phone (keep)
  rest(box) {
    NOTICE.twice(box.dataset.tip);
    NOTICE.keep(box);
  },
  // the tip shown goes; on a phone its room stays for the rest of the game (unseen, board.css body.guide-resting),
  // as high as the tip folded to its first lines, never as a tip opened to its whole words (Struggle newcomer 24:
  // a room a quarter of the screen high pushed the dice and Throw below it)
  keep(box) {
    if (NOTICE.phone() && !box.hidden) {
      const open = box.dataset.open;
      delete box.dataset.open;
      document.body.style.setProperty("--guide-rest", `${box.offsetHeight}px`);
      NOTICE.roomKept(box.offsetHeight);
      if (open !== undefined) box.dataset.open = open;
      document.body.classList.add("guide-resting");
    }
    box.hidden = true;
    NOTICE.news();
  },
  // whether a hello's game over was told on this page already (its win box shown): only when this page saw it over
  // before this hello, in the same game. A page opened on a game over shows the win box too (Magic newcomer 58's
  // wide screen, opened after Blue won, had only the prompt's line), as does one that was away when it ended
  // (Magic newcomer 31)
  winToldBefore(view, wasView) {
    return view.phase === "over" && !!wasView && wasView.phase === "over" && !NOTICE.restarted;
  },
  // what the kept room says: the game's newest line in the log (on a phone the log lies below the first screen), not
  // a warning (its fix is the prompt's, and the line would stand after the fix, Struggle newcomer 30); before the
  // log has one, what the room is for (Magic newcomer 19 saw a 130 px gap under the prompt once the tip went;
  // newcomer 26 saw "every tip has been shown" stay all game, saying nothing)
  // (not a line saying only whose turn it is, which the prompt says: Struggle newcomer 35 read "📜 Red's turn" under
  // "Red: press Throw" while Blue's play, two tokens moved, was said only far below in the log), nor one saying a turn
  // ended (Struggle newcomer 53 read "Blue's turn ends" there after some of Blue's turns, its play just before it;
  // a Magic turn's end says why after the line that said it happen: a drop, the last step)
  // Right after Got it, while a tip is still to come, it says the next one shows there at its moment, and how many are
  // to come, until the game's next line (Struggle newcomer 79 read "Got it · 4 more" as paging through four tips, and
  // saw the box close)
  gotIt: undefined, // the newest line when Got it was pressed (null: none yet), undefined: not pressed in this game
  newest() { return document.querySelector('#log li:not(.warning):not([data-type="turn_started"]):not([data-type="turn_ended"]) .text'); },
  restWords() {
    const newest = NOTICE.newest(), more = NOTICE.toCome().length;
    if (NOTICE.gotIt !== undefined && NOTICE.gotIt === newest && more) {
      return I18N.t("page.common.guide_rest_got_it", "💡 The next tip shows here when its moment comes ({n} more to come).", { n: more });
    }
    const line = newest && NOTICE.walkEnds(newest.textContent.trim());
    // (said as the log's newest line: Magic newcomers 39, 40 and 42 read a bare "📜 Red rolled 2" as a box unexplained)
    if (line) return I18N.t("page.common.guide_rest_latest", "📜 Latest in What happened: {line}", { line });
    return NOTICE.toCome().length ? I18N.t("page.common.guide_rest", "💡 The next first-game tip shows here when its moment comes.")
      : I18N.t("page.common.guide_rest_none", "💡 Every first-game tip has been shown; ? at the top has the rules.");
  },
  // a long walk ("Red b5 → a5 → … ", the log's cells joined by arrows) said by its start and its last `keep` cells, the
  // middle left out: the kept room shows two lines, cut at the end (Labyrinth newcomer 107 read "Red b5 → a5 → a6 → a7
  // → b7 → b6 → b7 → a7 → a6 → a5 → b5 → a5 → a…" and could not see where the pawn ended); the log keeps it whole
  walkEnds(line, keep = 5) {
    const parts = line.split(" → ");
    return parts.length > keep + 2 ? [parts[0], "…", ...parts.slice(-keep)].join(" → ") : line;
  },
  // the log changed (a page's addLog, a hello's whole log): the kept room says its newest line
  news() {
    const box = NOTICE.el("guide");
    if (box) box.dataset.rest = NOTICE.restWords();
  },
  // a tip shown at two moments and not dismissed is remembered when the second is over: it has been read, or
  // is not wanted (Struggle newcomer 22 pressed Got it on another tip and saw the dice tip come back every turn)
  rested: {},
  twice(id) {
    if (!id) return;
    NOTICE.rested[id] = (NOTICE.rested[id] || 0) + 1;
    if (NOTICE.rested[id] >= 2) NOTICE.remember(id);
  },
  tip(id) {
    const box = NOTICE.el("guide"), text = NOTICE.tips[id];
    if (!box || !text || NOTICE.seen().includes(id)) return;
    if (box.dataset.tip === id && !box.hidden && box.querySelector(".guide-text").textContent === text) return;
    if (box.dataset.tip !== id) delete box.dataset.open; // another tip: its first lines, until tapped
    box.dataset.tip = id;
    NOTICE.shown.add(id);
    NOTICE.count(box, id);
    box.querySelector(".guide-text").textContent = text;
    box.hidden = false;
    document.body.classList.remove("guide-resting"); // its room is the tip's again
    NOTICE.clamped(box);
    NOTICE.room(box);
  },
  // the tip's label says how many of the game's tips are still to come ("💡 Tip (3 more to come):"): Got it hides this
  // one, the next comes at its own moment (Struggle newcomers 72, 74 and 76 pressed Got it, expected the tips to stop,
  // and took the next one for the same coming back). Counted from the tips read at the table (every screen's), so it
  // never goes up and is the same on every screen (numbered "Tip 5 of 5" then "2 of 5", tips coming back at their
  // moments read as a count going backwards: Struggle newcomer 78; numbered as shown, two screens disagreed: an attack)
  count(box, id) {
    const label = box.querySelector("b"), off = box.querySelector(".guide-off");
    if (!label || Object.keys(NOTICE.tips || {}).length < 2) return;
    const more = NOTICE.toCome().filter((t) => t !== id).length;
    label.textContent = more ? I18N.t("page.tip_count_more", "💡 Tip ({n} more to come):", { n: more })
      // (in the count's own words: Magic newcomer 104 read "(the last one)" oddly as the tip came back at its moments)
      : I18N.t("page.tip_count_none", "💡 Tip (no more to come):");
    // (a phone has no room for the label: "Hide all tips (3 to come)" says it, board.css, the tips that button skips;
    // on Got it, "Got it · 3 more", then "· 3 later", read as a page through the tips now, or as unclear: Struggle
    // newcomers 79 and 85, Magic newcomers 87 and 88; "No more tips (1 left)" read as a contradiction, or the count
    // unsaid: Labyrinth newcomer 88, Magic newcomer 90)
    if (off) {
      if (more) off.dataset.count = I18N.t("page.tip_left_short", "{n} to come", { n: more });
      else delete off.dataset.count;
    }
  },
  // the "▾ more" shows only while the tip's words are cut (a phone's two lines, not yet tapped open)
  clamped(box) {
    const more = box.querySelector(".guide-more"), text = box.querySelector(".guide-text");
    if (!more || !text) return;
    more.textContent = I18N.t("page.common.tip_more", "▾ more");
    more.hidden = true; // measured without it
    if (box.dataset.open !== undefined) { // opened: "▴ less" folds it again, where its words were cut
      more.textContent = I18N.t("page.common.tip_less", "▴ less");
      more.hidden = box.hidden || !NOTICE.phone();
      return;
    }
    more.hidden = box.hidden || text.scrollHeight <= text.clientHeight + 1;
    more.style.paddingInlineStart = "";
    more.classList.remove("whole");
    // "▾ more" at the end of the words' own lines: a tip not yet in a right-to-left page's language reads left to
    // right there (board.css: unicode-bidi plaintext, its first strong letter), and ends at the right (an attack:
    // in Persian the English tip's button lay at the left, over its first words)
    const dir = NOTICE.textDir(text.textContent);
    box.dataset.textDir = dir; more.dir = dir;
    if (!more.hidden) NOTICE.wholeWord(text, more);
  },
  // the direction of a text by its first strong letter, as unicode-bidi: plaintext lays it out: "rtl" or "ltr"
  textDir(t) {
    const first = String(t || "").match(/[A-Za-z\u00C0-\u024F\u0370-\u04FF\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/);
    return first && /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/.test(first[0]) ? "rtl" : "ltr";
  },
  // folded, the last line ends on a whole word: "▾ more" grows over the word it would cut ("…plays a s▾ more",
  // every round of the ninth session), its start edge at that word's start (the right edge, right to left); where a
  // sentence ends on that line before it, from there (Magic newcomer 50 read "…means your turn. After 🎲 Roll, the
  // ▾ more" as a broken sentence; Labyrinth 48 "(lit: ▾ more")
  // ...and where the words in sight stop within a sentence, "… ▾ more" says the cut (Magic newcomer 103 read "A step: tap
  // a cell next to your pawn, or ▾ more" as unfinished): measured again with its "…", which may hide a word more
  // ...but never where "…" would leave the last line no word in sight (an attack at 320x568: Struggle's first tip
  // showed only "… ▾ more", over two lines): there "▾ more" as before (`plain`)
  wholeWord(text, more, again, plain) {
    if (text.querySelector(".guide-rest")) text.textContent = text.textContent; // (one text again: measured anew)
    const node = text.firstChild;
    if (!node || node.nodeType !== Node.TEXT_NODE || node !== text.lastChild) return; // (words of one text only)
    const bottom = text.getBoundingClientRect().bottom, m = more.getBoundingClientRect();
    const rtl = more.dir === "rtl", range = document.createRange(), line = [];
    for (const w of node.textContent.matchAll(/\S+/g)) {
      range.setStart(node, w.index); range.setEnd(node, w.index + w[0].length);
      const b = range.getBoundingClientRect();
      if (b.top >= bottom - 1 || b.bottom > bottom + 1 || b.bottom < m.top) continue; // a line not the last shown
      line.push({ word: w[0], b, at: w.index });
    }
    const cut = line.findIndex(({ b }) => (rtl ? b.left < m.right : b.right > m.left));
    if (cut >= 0) {
      let from = cut;
      for (let k = cut - 1; k >= 0; k--) if (/[.!?…][”"’)]?$/.test(line[k].word)) { from = k + 1; break; }
      const b = line[from].b, grow = rtl ? b.right - m.right : m.left - b.left;
      if (grow > 0) more.style.paddingInlineStart = `${parseFloat(getComputedStyle(more).paddingInlineStart) + grow + 1}px`;
      // ...and the words from there on hidden whole (board.css .guide-rest, by opacity): an emoji rising above its line peeked over
      // "▾ more"'s ground as a stray mark (Magic newcomers 68, 70, 73 and 76)
      const rest = node.splitText(line[from].at), span = document.createElement("span");
      span.className = "guide-rest";
      rest.replaceWith(span);
      span.appendChild(rest);
    }
    more.classList.add("whole"); // measured: no fade needed over the word before it
    const shown = cut >= 0 ? node.textContent : line.length ? node.textContent.slice(0, line[line.length - 1].at + line[line.length - 1].word.length) : "";
    const midSentence = shown.trim() !== "" && !/[.!?…:؟][”"’)]?\s*$/.test(shown);
    if (again && !plain && line.length && cut === 0) { // the "…" took the last line's every word: "▾ more" alone
      more.textContent = I18N.t("page.common.tip_more", "▾ more");
      more.style.paddingInlineStart = "";
      more.classList.remove("whole");
      NOTICE.wholeWord(text, more, true, true);
      return;
    }
    if (midSentence && !again) {
      more.textContent = I18N.t("page.common.tip_more_cut", "… ▾ more");
      more.style.paddingInlineStart = "";
      more.classList.remove("whole");
      NOTICE.wholeWord(text, more, true);
    } else if (!midSentence && again) more.textContent = I18N.t("page.common.tip_more", "▾ more");
  },
  // where the tip floats (board.css, a wide screen) the side panel keeps its height free below the
  // log: measured again whenever the tip's size changes (a phone turned into a wide window, a longer
  // tip, the page's language arriving), not only when it is shown
  room(box) {
    NOTICE.fitWide(box);
    document.body.style.setProperty("--guide-room", `${box.offsetHeight + 24}px`);
    if (!NOTICE.watch && window.ResizeObserver) {
      NOTICE.watch = new ResizeObserver(() => { if (!box.hidden) NOTICE.room(box); });
      NOTICE.watch.observe(box);
    }
  },
};
// a font loaded since a room was measured (an emoji's, as a prompt first shows it): the room is measured again (keepRoom)
if (document.fonts) document.fonts.addEventListener("loadingdone", () => { NOTICE.fontLoads += 1; });
// a wide screen's tip no taller than the room under the side panel's buttons, its words scrolling within it (an
// attack at 1300x800: Labyrinth's first tip, 390 px high at the foot of the side panel's column, lay over ✋ Done and
// ✊ Lift pawn); on Struggle's page, under its objective card's box, whose button the first tip names (an attack,
// session 21: at 1024x700 "🃏️ Show Red's card" lay below the panel's view, under the tip); none where the tip lies
// beside the side panel, not over it (Struggle's tip under its dice at 1300x800 and more)
// (its words scroll, Got it and Hide all tips stay in view)
NOTICE.fitWide = (box) => {
  const c = document.querySelector(".info-side .controls, .info-side .my-card:not([hidden])"), side = c && c.closest(".info-side");
  const body = box.querySelector(".guide-body");
  if (!body) return;
  body.style.maxHeight = "";
  if (NOTICE.phone() || !c || !side) return;
  const g = box.getBoundingClientRect(), p = side.getBoundingClientRect();
  if (g.right <= p.left || g.left >= p.right) return;
  const bottom = c.getBoundingClientRect().bottom + side.scrollTop;
  // (the side panel ends --guide-room, the tip and 24 px, above the foot of main, whose padding is 12 px)
  const over = box.offsetHeight - Math.max(88, Math.floor(window.innerHeight - bottom - 44));
  if (over > 0) body.style.maxHeight = `${Math.max(48, body.offsetHeight - over)}px`;
};
window.addEventListener("resize", () => { const box = NOTICE.el("guide"); if (box && !box.hidden) NOTICE.room(box); });
document.addEventListener("DOMContentLoaded", () => NOTICE.wireNotice());
// the last click or tap (NOTICE.pointer), before any handler of the page runs (a capture listener)
// with the edges of what it came down on (a tile, a cell, a space, a button): a refusal said beside it never
// covers it (Labyrinth newcomer 13: at 1920 the line under the pointer lay over the lower half of the tile
// clicked); a thing taller than 120 px (the board itself) counts as the point; a Magic pawn, drawn over the board and
// not in a cell, is such a thing too (Magic newcomer 96 dragged it during Blue's turn: the refusal lay over the pawn)
document.addEventListener("pointerdown", (e) => {
  const el = e.target && e.target.closest ? e.target.closest(".pawn, .tile, .cell, .space, .slot, .token, .pdie, button") : null;
  const r = el ? el.getBoundingClientRect() : null, fits = r && r.height <= 120;
  NOTICE.pointer = { x: e.clientX, y: e.clientY, at: performance.now(), sx: window.scrollX, sy: window.scrollY,
                     top: fits ? r.top : e.clientY - 8, bottom: fits ? r.bottom : e.clientY + 8 };
}, true);

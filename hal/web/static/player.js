// A player's private page (/seat/COLOUR, served only to the browser that claimed the seat): their own
// secret card only -- the Labyrinth card(s) to find, the Struggle objective card. It listens on
// /ws?seat=COLOUR (the server checks the seat's cookie again) and sends nothing.
"use strict";

const PLAYER = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const P = { hello: null };
// the line under the card: keep it to yourself while it is a secret; after the game it is none
function sayNote(over) {
  $("note").textContent = over ? I18N.t("page.common.note_over",
    "The game is over: nothing here is secret any more. A new game starts from the board's page (✨ New game).")
    : I18N.t("page.card.keep_private", "Keep this page to yourself: only you see your card here. The board's LEDs never show it. It follows the game by itself, no need to reload.");
}

function drawLabyrinth(s) {
  const box = $("secret");
  sayNote(!!s.winner);
  if (s.winner) {
    // the cup is the winner's only, and a loser's page shows the cards still sought, nothing being secret now
    // (Labyrinth newcomer 26: a big 🏆 in the loser's frame read as a win, and the card hunted was gone)
    const won = s.winner === PLAYER, left = Math.max(0, (s.remaining || 0) - s.cards.length);
    const sought = s.cards.map((c) => `<span class="pic-small">${pictureHTML(c)} ${escHTML(typeof pictureName === "function" ? pictureName(c) : c)}</span>`).join(" ");
    box.innerHTML = `<div class="big-pic">${won ? "🏆" : "🏁"}</div><div class="pic-title">${escHTML(I18N.t("page.common.card_over", "The game is over"))}</div>` +
      `<div>${escHTML(won ? I18N.t("page.common.card_over_won", "You win! {found} found.", { found: s.found })
        : I18N.t("page.common.card_over_found", "{Winner} wins. {found} found by you.", { winner: s.winner, found: s.found }))}</div>` +
      // every card not found, once the game's end says them (game_over.cards_left: Labyrinth newcomer 33 read
      // "Beetle and 1 more" under "nothing here is secret any more")
      (sought ? `<div class="muted">${escHTML(s.cards.length > 1 ? I18N.t("page.common.card_over_not_found", "Your cards not found:")
        : I18N.t("page.common.card_over_sought", "You were looking for:"))} ${sought}` +
        (left ? escHTML(I18N.t("page.common.card_over_more", " and {n} more", { n: left })) : "") + "</div>" : "");
    box.dataset.cards = "";
    return;
  }
  if (!s.cards.length) {
    box.innerHTML = s.corner
      ? `<div class="big-pic">🏠</div><div class="pic-title">${escHTML(I18N.t("page.common.all_found", "All found!"))}</div>` +
        // (the exit-anywhere variant: out at any edge, not home; an attack read "Go back to your start square" there)
        `<div>${escHTML(s.exit_anywhere ? I18N.t("page.common.leave_at_edge", "Leave the maze at any edge: end your move on a tile at the board's edge whose path opens off the board.")
          // (standing on it: Labyrinth newcomers 99 and 100 read "Go back" while the board said "press Done to win")
          : s.at_home ? I18N.t("page.common.at_home", "Your pawn is on your start square {cell}: end a move there (✋ Done on the board's page) to win.", { cell: s.corner })
          : I18N.t("page.common.go_back", "Go back to your start square {cell}.", { cell: s.corner }))}</div>` +
        // (the pushes that open a way home: Labyrinth newcomer 89 looked for them here; said of the start square, as the
        // board's page says them: newcomer 115 read "7 tiles from the picture" under "All found!")
        waysHTML(s.ways && s.ways.home, false, s.corner)
      : `<span class="muted">${escHTML(I18N.t("page.common.no_card", "No card yet."))}</span>`;
    box.dataset.cards = "";
    return;
  }
  const one = (c) => `<div class="card-pic" data-card="${c}"><div class="big-pic">${pictureHTML(c)}</div>` +
    `<div class="pic-title">${typeof pictureName === "function" ? pictureName(c) : c}</div>${s.vader_cards.includes(c) ? vader : ""}` +
    waysHTML(s.ways && s.ways[c], s.vader_cards.includes(c)) + "</div>";
  const vader = `<div>${escHTML(I18N.t("page.common.vader_mark", "⚫ Vader's mark: move the Vader pawn"))}</div>`;
  const heading = s.cards.length > 1 ? I18N.t("page.common.open_cards", "Your open cards") : I18N.t("page.common.find_this", "Find this picture");
  const togo = s.remaining !== null && s.remaining !== undefined ? I18N.t("page.common.to_go", " · {remaining} to go", { remaining: s.remaining }) : "";
  box.innerHTML = `<div class="muted">${escHTML(heading)}</div>` + s.cards.map(one).join("") +
    `<div class="muted">${escHTML(I18N.t("page.common.found", "{found} found{togo}", { found: s.found, togo }))}</div>`;
  box.dataset.cards = s.cards.join(",");
}
// during this player's push: which pushes open a way from the pawn to the card's picture (the table's `ways`, said
// here only: the board's page is everyone's; Labyrinth newcomers 84 and 86 pointed at the arrows one by one to find
// one), or "" at every other moment; `vader`: a card with Vader's mark, whose pushes are the Vader pawn's (an attack
// read "from your pawn" under "move the Vader pawn")
function waysHTML(w, vader = false, home = null) {
  if (!w) return "";
  // (the arrows named in the order the board's page names them: an attack read two orders of one set)
  w = { ...w, now: [...(w.now || [])].sort(), turned: [...(w.turned || [])].sort() };
  const say = home ? homeWaysSay(home) : vader ? VADER_WAYS : PAWN_WAYS;
  const text = w.now.length === 1 ? say.one({ slot: w.now[0] })
    : w.now.length ? say.now({ slots: I18N.list(w.now) })
    : w.turned.length ? say.turned({ turns: turnsSaid(w) })
    : nearestSaid(w, say);
  // (an arrow's name kept whole on its line: Labyrinth newcomer 96 read "push at W-" and "4." on a phone)
  return `<div class="ways">${escHTML(text).replace(/\b([NESW]-[a-g1-7])\b/g, '<span class="slot-name">$1</span>')}</div>`;
}
// the lines of waysHTML for the player's own pawn, and for the Vader pawn
const PAWN_WAYS = {
  one: (p) => I18N.t("page.card.ways_one", "🔀 Your turn now: the push at {slot} opens a way from your pawn to it.", p),
  now: (p) => I18N.t("page.card.ways_now", "🔀 Your turn now: these pushes open a way from your pawn to it: {slots}.", p),
  turned: (p) => I18N.t("page.card.ways_turned", "🔀 With the spare as it lies, no push opens a way from your pawn to it. Turn the spare with ⟳ Rotate (on the board's page): {turns}.", p),
  stuck: (p) => I18N.t("page.card.ways_stuck_keep", "🔀 No push opens a way from your pawn to it this turn, whichever way the spare is turned, and none lets your pawn get nearer to it than it stands; these keep it as near: {ways}.", p),
  none: () => I18N.t("page.card.ways_none", "🔀 No push opens a way from your pawn to it this turn, whichever way the spare is turned: push where your pawn gets nearer to it."),
  ready: (p) => I18N.t("page.card.ways_ready", "🔀 No push opens a way from your pawn to it this turn, whichever way the spare is turned, and none lets your pawn get nearer to it than it stands. Get ready for your next turn, with the spare as it lies: {ways}. From {cell}, a push at {then} opens the way next turn, whatever the spare is then, unless the other players' pushes change the maze first.", p),
  // (the picture counted where it lies after the push: Labyrinth newcomer 112 counted from where it lay before, d6, and
  // read the 3 of "3 tiles from it" as wrong, N-d moving it to d5)
  nearestOne: (p) => I18N.t("page.card.ways_nearest_one", "🔀 No push opens a way from your pawn to the picture this turn, whichever way the spare is turned. Nearest with the spare as it lies: push at {ways}. Your pawn then stands beside the picture, behind a wall (the push may move the picture too).", p),
  nearest: (p) => I18N.t("page.card.ways_nearest", "🔀 No push opens a way from your pawn to the picture this turn, whichever way the spare is turned. Nearest with the spare as it lies: push at {ways}. Your pawn is then {tiles} tiles from the picture, counted along the rows and columns as if there were no walls (the push may move the picture too).", p),
};
// the way home (`home`: the start square), the nearest said as the board's page says it (labyrinth.js homeWaysWords)
function homeWaysSay(home) {
  return { ...PAWN_WAYS,
    nearestOne: (p) => "🔀 " + I18N.t("page.lab.home_ways_nearest_one", "No push opens a way to {home} this turn, whichever way the spare is turned. Nearest with the spare as it lies: push at {ways}. Your pawn then stands beside {home}, behind a wall.", { ...p, home }),
    nearest: (p) => "🔀 " + I18N.t("page.lab.home_ways_nearest_walk", "No push opens a way to {home} this turn, whichever way the spare is turned. Nearest with the spare as it lies: push at {ways}. Your pawn is then {tiles} tiles from {home}, counted along the rows and columns as if there were no walls.", { ...p, home }) };
}
const VADER_WAYS = {
  one: (p) => I18N.t("page.card.vader_ways_one", "🔀 Your turn now: the push at {slot} opens a way from the Vader pawn to it.", p),
  now: (p) => I18N.t("page.card.vader_ways_now", "🔀 Your turn now: these pushes open a way from the Vader pawn to it: {slots}.", p),
  turned: (p) => I18N.t("page.card.vader_ways_turned", "🔀 With the spare as it lies, no push opens a way from the Vader pawn to it. Turn the spare with ⟳ Rotate (on the board's page): {turns}.", p),
  stuck: (p) => I18N.t("page.card.vader_ways_stuck_keep", "🔀 No push opens a way from the Vader pawn to it this turn, whichever way the spare is turned, and none lets the Vader pawn get nearer to it than it stands; these keep it as near: {ways}.", p),
  none: () => I18N.t("page.card.vader_ways_none", "🔀 No push opens a way from the Vader pawn to it this turn, whichever way the spare is turned: push where the Vader pawn gets nearer to it."),
  ready: (p) => I18N.t("page.card.vader_ways_ready", "🔀 No push opens a way from the Vader pawn to it this turn, whichever way the spare is turned, and none lets the Vader pawn get nearer to it than it stands. Get ready for your next turn, with the spare as it lies: {ways}. From {cell}, a push at {then} opens the way next turn, whatever the spare is then, unless the other players' pushes change the maze, or one of them moves the Vader pawn, first.", p),
  nearestOne: (p) => I18N.t("page.card.vader_ways_nearest_one", "🔀 No push opens a way from the Vader pawn to the picture this turn, whichever way the spare is turned. Nearest with the spare as it lies: push at {ways}. The Vader pawn then stands beside the picture, behind a wall (the push may move the picture too).", p),
  nearest: (p) => I18N.t("page.card.vader_ways_nearest", "🔀 No push opens a way from the Vader pawn to the picture this turn, whichever way the spare is turned. Nearest with the spare as it lies: push at {ways}. The Vader pawn is then {tiles} tiles from the picture, counted along the rows and columns as if there were no walls (the push may move the picture too).", p),
};
// the pushes that open a way with the spare turned, by the ⟳ Rotate presses each needs (the table's `turns`): "once,
// then push at S-f; twice, then push at N-b or W-4" (Labyrinth newcomer 91, the card page in its own tab on a phone,
// rotated, switched tabs, read, and switched back to learn how far)
// slots said as alternatives: "N-b", "N-b or W-4", "N-b, S-d or W-4"
function slotsOr(xs) {
  return xs.length < 2 ? xs.join("") : I18N.t("page.card.slots_or", "{rest} or {last}", { rest: I18N.series(xs.slice(0, -1)), last: xs[xs.length - 1] });
}
function turnsSaid(w) {
  const turns = w.turns || {}, by = [1, 2, 3].map((n) => w.turned.filter((s) => turns[s] === n));
  const said = [
    by[0].length ? I18N.t("page.card.turns_once", "once, then push at {slots}", { slots: slotsOr(by[0]) }) : null,
    by[1].length ? I18N.t("page.card.turns_twice", "twice, then push at {slots}", { slots: slotsOr(by[1]) }) : null,
    by[2].length ? I18N.t("page.card.turns_thrice", "three times, then push at {slots}", { slots: slotsOr(by[2]) }) : null,
  ].filter((x) => x);
  return said.join(I18N.t("page.card.turns_join", "; "));
}
// pushes that all lead to one tile, two or more: each named, the tile once ("any of N-b, N-d or S-f, each letting it
// walk to g5"), said of the pawn ("letting it", not "walk to": a Vader card's line is the Vader pawn's)
function oneTileSaid(slots, cell, staying) {
  const args = { cell, slots: slotsOr(slots), first: slots[0], last: slots[1] };
  return slots.length === 2
    ? (staying ? I18N.t("page.card.either_stay", "either {first} or {last}, each leaving it on {cell}", args)
      : I18N.t("page.card.either_walk", "either {first} or {last}, each letting it walk to {cell}", args))
    : staying ? I18N.t("page.card.any_stay", "any of {slots}, each leaving it on {cell}", args)
      : I18N.t("page.card.any_walk", "any of {slots}, each letting it walk to {cell}", args);
}
// one push and the tile it leads to: "S-f, then walk to d4", or "S-f, then stay on d4" where the push leaves it there
function pushThenSaid(slot, cell, staying) {
  return staying ? I18N.t("page.card.push_then_stay", "{slot}, then stay on {cell}", { slot, cell })
    : I18N.t("page.lab.push_then_walk", "{slot}, then walk to {cell}", { slot, cell });
}
// pushes, each with its tile: "S-b (then to g5)", "N-b (then stay on c2)"
function pushItems(slots, cellOf, stay) {
  return slots.map((slot) => (stay(slot)
    ? I18N.t("page.card.push_stay_short", "{slot} (then stay on {cell})", { slot, cell: cellOf(slot) })
    : I18N.t("page.lab.push_to_cell", "{slot} (then to {cell})", { slot, cell: cellOf(slot) })));
}
// no push helps this turn: this turn's pushes to the tile from which the most pushes of the next turn open the way
// (the table's `ready`: pushes, cell, stay, then), said with the others' pushes between the two turns
function readySaid(r, say) {
  const slots = [...r.pushes].sort(), stay = (s) => (r.stay || []).includes(s), cell = r.cell;
  const ways = slots.length === 1 ? pushThenSaid(slots[0], cell, stay(slots[0]))
    : slots.every(stay) || !slots.some(stay) ? oneTileSaid(slots, cell, slots.every(stay))
    : I18N.list(pushItems(slots, () => cell, stay), "text.or"); // (either one: Labyrinth newcomer 108)
  return say.ready({ ways, cell, then: slotsOr([...r.then].sort()) });
}
// no push opens a way, whichever way the spare is turned: the pushes that let the pawn walk nearest (the spare as it
// lies), each with the tile to walk to, three at most, the others counted (as the board's page says the way home)
function nearestSaid(w, say = PAWN_WAYS) {
  // (sorted, as every list of arrows on the card page: an attack read two orders of one set)
  const slots = Object.keys(w.nearest || {}).sort(), stay = (slot) => (w.stay || []).includes(slot);
  if (!slots.length) return say.none();
  // (boxed in, no push nearer: a look one turn further where the table found one, hal/labyrinth.py
  // ready_for_next_turn; Labyrinth newcomer 97, beside its picture past a wall, was given pushes that kept it there)
  if (w.nearer === false && w.ready) return readySaid(w.ready, say);
  const named = slots.slice(0, slots.length > 4 ? 3 : 4);
  // pushes that all lead to one tile: each named, the tile once (Labyrinth newcomer 95 read "S-b (then to g5), N-b (then
  // to g5), N-d (then to g5) and 4 more as near", g5 reached whatever was pushed, as each a push needed); said of the
  // pawn ("letting it walk", not "walk to": a Vader card's line is the Vader pawn's, an attack), and where they keep it
  // as near as it stands too (an attack: "N-b (then stay on c2), N-d (then stay on c2), …")
  const cell = w.nearest[slots[0]], staying = slots.every(stay);
  if (slots.length > 1 && slots.every((s) => w.nearest[s] === cell) && (staying || !slots.some(stay))) {
    const ways = oneTileSaid(slots, cell, staying);
    if (w.nearer === false) return say.stuck({ ways });
    return w.tiles === 1 ? say.nearestOne({ ways }) : say.nearest({ ways, tiles: w.tiles });
  }
  // a push after which the pawn already stands on that tile (carried there, or not moved): "then stay on a5", not "your
  // pawn is on a5 after it" (Labyrinth newcomer 92 wondered whether S-b would carry it somewhere), and the distance
  // said before the pushes, not in a second pair of brackets after them
  const ways = slots.length === 1 ? pushThenSaid(slots[0], w.nearest[slots[0]], stay(slots[0]))
    : I18N.list([...pushItems(named, (slot) => w.nearest[slot], stay),
    ...(slots.length > named.length ? [I18N.t("page.lab.pushes_more", "{n} more as near", { n: slots.length - named.length })] : [])], "text.or");
  // (no push nearer than the pawn stands: the pushes that keep it as near, said as such, not as a way nearer: Labyrinth
  // newcomer 91 read them as advice; "any push will do" was false of pushes that leave it farther, an attack)
  if (w.nearer === false) return say.stuck({ ways });
  return w.tiles === 1 ? say.nearestOne({ ways }) : say.nearest({ ways, tiles: w.tiles });
}
function drawStruggle(s) {
  const box = $("secret");
  sayNote(!!s.over);
  if (!s.card.length) {
    box.innerHTML = `<span class="muted">${escHTML(I18N.t("page.common.no_objective", "No card yet: the round has not started."))}</span>`;
    box.dataset.cards = ""; return;
  }
  // the game over: said first, with how it ended for this card (Struggle newcomer 28: the page still read "Your
  // objective, round 1" and nothing said the game had ended)
  const winners = s.over ? (s.winners || []) : [], won = winners.includes(PLAYER);
  const end = !s.over ? "" : `<div class="big-pic">${won ? "🏆" : "🏁"}</div><div class="pic-title">${escHTML(I18N.t("page.common.card_over", "The game is over"))}</div>` +
    `<div>${escHTML(won ? (winners.length > 1 ? I18N.t("page.common.str_over_tie", "A tie: you are among the winners, with {total} points.", { total: s.total })
      : I18N.t("page.common.str_over_won", "You win, with {total} points!", { total: s.total }))
      : I18N.t("page.common.str_over_lost", "{winners} won; you have {total} points.", { winners: I18N.list(winners.map((w) => MB.colourName(w))), total: s.total }))}</div>`;
  box.innerHTML = end + `<div class="muted">${escHTML(I18N.t("page.common.objective", "Your objective, round {round}: the arrival order you score on", { round: s.round }))}</div>` +
    // the card's ace reads ★ as on the board's page and its card (round 25: "A" under place A read "A / A")
    `<div class="places">${s.places.map((p, i) => `<div class="place"><div class="where">${p}</div><div class="tok">${s.card[i] === "A" ? "★" : s.card[i]}</div></div>`).join("")}</div>` +
    (s.card.includes("A") ? `<div class="muted">${escHTML(I18N.t("page.common.star_joker", "★ counts for any token: any token arriving there scores."))}</div>` : "") +
    (s.hint !== null && s.hint !== undefined
      ? `<div class="hint">${escHTML(I18N.t("page.common.hint", "The board suggests outcome #{n} for your card.", { n: s.hint + 1 }))}</div>` : "");
  box.dataset.cards = s.card.join(",");
}
const DRAW = { labyrinth: drawLabyrinth, struggle: drawStruggle };

function draw(secret) {
  const d = DRAW[P.hello.game];
  P.over = !!(secret && (secret.winner || secret.over)); // the game's end: nothing here is secret any more
  if (d) d(secret);
}
const HANDLERS = {
  hello(msg) {
    P.hello = msg;
    $("seat-note").textContent = "";
    document.body.classList.add(msg.player);
    $("who").textContent = I18N.t("page.common.whose_card", "{player}'s card", { player: msg.player });
    document.title = I18N.t("page.common.whose_card_title", "{Player}'s card · {title}", { player: msg.player, title: msg.title });
    $("game").textContent = msg.seed ? I18N.t("page.common.title_seed", "{title} · seed {seed}", { title: msg.title, seed: msg.seed }) : msg.title;
    draw(msg.secret);
  },
  secret(msg) { if (P.hello) draw(msg.secret); },
};
// the connection dropped: the server stopped (it reconnects by itself), or this browser no longer
// holds the seat (a restarted simulator forgets its claims; an adult released it): then the card shown
// is stale -- say so, with the way back, instead of retrying in silence
async function checkSeat() {
  let seats;
  try { seats = await (await fetch("/seats", { cache: "no-store" })).json(); } catch (e) {
    $("seat-note").textContent = I18N.t("page.common.unreachable", "The board's server cannot be reached: this page reconnects by itself when it is back.");
    return;
  }
  if ((seats.mine || []).includes(PLAYER)) { $("seat-note").textContent = ""; if (MB.closed) regained(); return; }
  // (after the game's end the page keeps what it showed: nothing is secret then, Labyrinth newcomer 32 saw the card
  // hidden once the seat went to another screen)
  if (!P.over) {
    $("secret").innerHTML = `<span class="muted">${escHTML(I18N.t("page.common.not_yours", "No card shown: this seat is not yours any more."))}</span>`;
    $("secret").dataset.cards = "";
  }
  // why, as far as the seats tell: held by another browser now, or by none (Labyrinth newcomer 20 read "the server
  // restarted, or the seat was released" after taking the seat on a phone, and could have thought it crashed)
  const there = (seats.taken || []).includes(PLAYER);
  $("seat-note").innerHTML = escHTML(there
    ? I18N.t("page.common.seat_taken_there", "The {player} seat was taken on another screen: the card shows there now.", { player: PLAYER })
    : I18N.t("page.common.seat_lost", "The {player} seat is no longer held by this browser (the server restarted, or the seat was released).", { player: PLAYER })) +
    ` <a href="/">${escHTML(there ? I18N.t("page.common.take_back", "To see it here again, take the seat back on the board's page.")
      : I18N.t("page.common.claim_again", "Claim a colour again on the board's page."))}</a>`;
  MB.closed = true; // stop retrying: the server would refuse this page
  // and the badge says so too (round 27: "disconnected: retrying…" stayed above the note, for ever)
  MB.setConn("closed", I18N.t("page.common.seat_gone_badge", "not this browser's seat"));
  // ...until this browser holds the seat again (taken back on the board's page: Labyrinth newcomer 17's card tab
  // still said "not yours any more", and only a reload brought the card): asked every 5 s, and when the tab shows
  if (!P.watch) P.watch = setInterval(() => { if (MB.closed) checkSeat(); }, 5000);
}
// the seat held by this browser again: the card page listens again (its hello draws the card)
function regained() {
  clearInterval(P.watch); P.watch = null;
  MB.closed = false;
  MB.open();
}
document.addEventListener("visibilitychange", () => { if (!document.hidden && MB.closed) checkSeat(); });
const OPENED = MB.open;
MB.open = () => { if (!MB.closed) OPENED(); };
HANDLERS.closed = checkSeat;
MB.connect(HANDLERS, `?seat=${encodeURIComponent(PLAYER)}`);

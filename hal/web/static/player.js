// A player's private page (/seat/COLOUR, served only to the browser that claimed the seat): their own
// secret card only -- the Labyrinth card(s) to find, the Struggle objective card. It listens on
// /ws?seat=COLOUR (the server checks the seat's cookie again) and sends nothing.
"use strict";

const PLAYER = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const P = { hello: null };

function drawLabyrinth(s) {
  const box = $("secret");
  if (s.winner) {
    box.innerHTML = `<div class="big-pic">🏆</div><div class="pic-title">The game is over</div><div>${cap(s.winner)} wins. ${s.found} found by you.</div>`;
    box.dataset.cards = "";
    return;
  }
  if (!s.cards.length) {
    box.innerHTML = s.corner
      ? `<div class="big-pic">🏠</div><div class="pic-title">All found!</div><div>Go back to your start square ${s.corner}.</div>`
      : `<span class="muted">No card yet.</span>`;
    box.dataset.cards = "";
    return;
  }
  const one = (c) => `<div class="card-pic" data-card="${c}"><div class="big-pic">${PICTURES[c] || "🔶"}</div>` +
    `<div class="pic-title">${typeof pictureName === "function" ? pictureName(c) : c}</div>${s.vader_cards.includes(c) ? "<div>⚫ Vader's mark: move the Vader pawn</div>" : ""}</div>`;
  box.innerHTML = `<div class="muted">${s.cards.length > 1 ? "Your open cards" : "Find this picture"}</div>` + s.cards.map(one).join("") +
    `<div class="muted">${s.found} found${s.remaining !== null && s.remaining !== undefined ? ` · ${s.remaining} to go` : ""}</div>`;
  box.dataset.cards = s.cards.join(",");
}
function drawStruggle(s) {
  const box = $("secret");
  if (!s.card.length) { box.innerHTML = `<span class="muted">No card yet: the round has not started.</span>`; box.dataset.cards = ""; return; }
  box.innerHTML = `<div class="muted">Your objective, round ${s.round}: the arrival order you score on</div>` +
    `<div class="places">${s.places.map((p, i) => `<div class="place"><div class="where">${p}</div><div class="tok">${s.card[i]}</div></div>`).join("")}</div>` +
    `<div class="muted">A (the ace) is a joker: any token there scores.</div>` +
    (s.hint !== null && s.hint !== undefined ? `<div class="hint">The board suggests outcome #${s.hint + 1} for your card.</div>` : "");
  box.dataset.cards = s.card.join(",");
}
const DRAW = { labyrinth: drawLabyrinth, struggle: drawStruggle };

function draw(secret) {
  const d = DRAW[P.hello.game];
  if (d) d(secret);
}
const HANDLERS = {
  hello(msg) {
    P.hello = msg;
    $("seat-note").textContent = "";
    document.body.classList.add(msg.player);
    $("who").textContent = `${msg.player}'s card`;
    document.title = `${cap(msg.player)}'s card · ${msg.title}`;
    $("game").textContent = msg.seed ? `${msg.title} · seed ${msg.seed}` : msg.title;
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
    $("seat-note").textContent = "The board's server cannot be reached: this page reconnects by itself when it is back.";
    return;
  }
  if ((seats.mine || []).includes(PLAYER)) { $("seat-note").textContent = ""; return; }
  $("secret").innerHTML = `<span class="muted">No card shown: this seat is not yours any more.</span>`;
  $("secret").dataset.cards = "";
  $("seat-note").innerHTML = `The ${PLAYER} seat is no longer held by this browser (the server restarted, or the ` +
    `seat was released). <a href="/">Claim a colour again on the board's page</a>.`;
  MB.closed = true; // stop retrying: the server would refuse this page
}
const OPENED = MB.open;
MB.open = () => { if (!MB.closed) OPENED(); };
HANDLERS.closed = checkSeat;
MB.connect(HANDLERS, `?seat=${encodeURIComponent(PLAYER)}`);

"""Issue 15 (CI25 at adb951b): taking a seat reopens the page's WebSocket with the seat's cookie
(common.js MB.claim). A press sent in that moment, while the old socket closes and the new one connects,
was refused "not connected to the board" and lost: the CI's Throw, sent once the card showed, never threw.
A command sent while the page's own reopen is under way is now held and sent at the new connection's hello."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser

WAIT = 30000
SEED7 = ("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red")


@contextmanager
def _at_throw(browser: Any, touch: bool = False) -> Iterator[Any]:
    """Seed 7's page on a phone-sized screen (a touch phone's when ``touch``), Red asked to throw."""
    with serving(SEED7) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=touch, is_mobile=touch)
        page = ctx.new_page()
        try:
            page.goto(url)
            page.wait_for_function("S.view && S.view.phase === 'throw' && S.hello", timeout=WAIT)
            yield page
        finally:
            ctx.close()


def test_a_press_sent_as_the_seat_is_taken_is_not_lost(browser: Any) -> None:
    with _at_throw(browser, touch=True) as page:
        # the claim's reopen starts as MB.claim resolves: the press goes out at once, as a quick thumb's would
        state = page.evaluate("MB.claim('red').then(() => { const s = MB.ws.readyState; "
                              "MB.send({type: 'press', button: 'throw'}); return s; })")
        assert state != 1  # the socket was not open when the press was sent (else this tests nothing)
        page.wait_for_function("S.view && S.view.throws > 0", timeout=WAIT)
        assert "not connected" not in page.locator("#error").inner_text()


def test_a_press_held_through_a_reopen_that_fails_is_said_not_sent(browser: Any) -> None:
    """A held command is not kept for ever: a reopen that does not come back says "not connected" and drops it."""
    with _at_throw(browser) as page:
        held = page.evaluate("""() => {
            MB.open = () => {};            // the server gone: no new connection comes
            MB.quick = true; MB.reopening = true; MB.ws.close();
            MB.send({type: 'press', button: 'throw'});
            return MB.held ? MB.held.length : -1;
        }""")
        assert held == 1
        page.wait_for_function("MB.held.length === 0", timeout=WAIT)
        page.wait_for_function("document.getElementById('error').textContent.includes('not connected')", timeout=WAIT)


def test_commands_past_the_hold_are_refused_never_sent_ahead_of_those_held(browser: Any) -> None:
    """An attack: the ninth command during a reopen went out first, once the new socket was open before its
    hello; now it is refused ("not connected") and the eight held go in the order sent."""
    with _at_throw(browser) as page:
        page.evaluate("""() => {
            window.wire = [];
            const send = WebSocket.prototype.send;
            WebSocket.prototype.send = function (data) { window.wire.push(JSON.parse(data).n); return send.call(this, data); };
            // the ninth sent as the new socket opens, before its hello can have come
            const Real = WebSocket;
            window.WebSocket = function (url) {
                const ws = new Real(url);
                ws.addEventListener('open', () => MB.send({type: 'ping', n: 9}));
                window.WebSocket = Real;
                return ws;
            };
            window.WebSocket.OPEN = Real.OPEN;
            MB.reopen();
            for (let n = 1; n <= 8; n++) MB.send({type: 'ping', n});
        }""")
        page.wait_for_function("!MB.reopening && MB.ws.readyState === 1", timeout=WAIT)
        page.wait_for_timeout(200)
        assert page.evaluate("window.wire") == [1, 2, 3, 4, 5, 6, 7, 8]

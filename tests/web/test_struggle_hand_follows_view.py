"""Issue 15 (stop 39's CI): the line under a Struggle board (``#hand``) is a rendering of the board's instruction,
so it follows the view as the prompt does. It was drawn on a ``world`` message only: where the world's message came
before the event that opened the placing step (a loaded machine), the line kept the choosing step's "no token off the
board" beside a prompt asking for moves, until a token moved."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, _choosing

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))


def _placing(page: Any, choose: str = "") -> None:
    """Red's first hand played as way 1 (J START -> space 4, 9 START -> space 1), the line saying the next move; with
    ``choose``, that token on START clicked and chosen."""
    _choosing(page)
    page.click("#stop")
    page.wait_for_function("() => /next: click token/.test(document.getElementById('hand').innerText)", timeout=WAIT)
    if choose:
        page.click(f'.space[data-sensor="s0"] .token[data-token="{choose}"]')
        page.wait_for_function("(t) => S.selected === t", arg=choose, timeout=WAIT)


def test_the_line_under_the_board_follows_an_event_that_comes_after_the_world(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _choosing(page)
            page.evaluate("window.__choosing = S.view")
            page.click("#stop")  # play way 1: the placing step asks for moves
            page.wait_for_function("() => /next: click token/.test(document.getElementById('hand').innerText)",
                                   timeout=WAIT)
            # the same messages in the other order: the choosing step's view, the world, then the placing event
            said = page.evaluate("""() => {
                const placing = S.view;
                HANDLERS.event({ event: { type: "noop" }, view: window.__choosing });
                HANDLERS.world({ world: S.world });
                const before = document.getElementById('hand').innerText;
                HANDLERS.event({ event: { type: "noop" }, view: placing });
                return [before, document.getElementById('hand').innerText];
            }""")
            assert "no token off the board" in said[0], said  # (the replay reached the choosing step's line)
            assert "next: click token" in said[1], said
        finally:
            page.close()


def test_a_token_chosen_here_and_moved_on_another_screen_is_no_longer_chosen(browser: Any) -> None:
    """(an attack, two pages on Red's seat: the phone chose token 10, the wide page moved it to space 2; the phone kept
    "token 10 chosen: tap a space to put it there", and its next tap took 10 off its place again)"""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _placing(page, choose="9")
            said = page.evaluate("""() => {
                const world = JSON.parse(JSON.stringify(S.world));
                world.tokens["9"] = "s1";  // set down on space 1 by the other screen's hand
                HANDLERS.world({ world });
                return [S.selected, document.getElementById('hand').innerText,
                        !!document.querySelector('.token.selected')];
            }""")
            assert said[0] is None and "chosen" not in said[1] and not said[2], said
        finally:
            page.close()


def test_a_stop_wait_names_every_token_the_table_has_elsewhere(browser: Any) -> None:
    """Struggle newcomer 84 (phone): 9 and J set on each other's spaces, one of them where no reed could see it; the
    board asked to check J alone (the reed under 9's space saw a token come), and the prompt said "still to move:
    token J to space 4. Then press Stop", 9 unsaid though it stood on J's space. The simulator knows each token: every
    token of the play it has elsewhere than the play puts it is said, as where the board takes them all for placed."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _placing(page)
            text = page.evaluate("""() => {
                const ends = new Map(playEnds());
                const [[a, at], [b, bt]] = [...ends];
                S.world = JSON.parse(JSON.stringify(S.world));
                S.world.tokens[a] = bt; S.world.tokens[b] = at;  // set on each other's spaces
                S.view.instruction = { ...S.view.instruction, action: 'place',
                    messages: [{ id: 'str.placed_unseen', args: { player: 'red', moves: '' } }, { id: 'x', args: {} }],
                    requests: [{ piece: a, kind: 'token', reason: 'unseen', from: 's0', to: [at], blocking: false }] };
                drawPrompt();
                return [a, b, document.getElementById('prompt-text').textContent];
            }""")
            a, b, said = text
            assert f"token {a} to" in said and f"token {b} to" in said, text
        finally:
            page.close()


def test_no_token_is_chosen_or_moved_while_the_hand_places_them(browser: Any) -> None:
    """(an attack: taps on START while Place tokens as shown placed the tokens chose 9, then Q, 10 and K, each moved to
    the space tapped next; the turn passed with the board asking Blue to put them right, and "token K chosen" stayed
    beside "Blue plays by itself") While the hand places them, a click on a token or a space says to wait."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _placing(page)
            said = page.evaluate("""() => { const world = JSON.parse(JSON.stringify(S.world)); world.placing = true;
                HANDLERS.world({ world });
                const sent = []; const send = MB.send; MB.send = (m) => sent.push(m);
                document.querySelector('.space[data-sensor="s0"] .token[data-token="Q"]').click();
                const chosen = S.selected;
                document.querySelector('.space[data-sensor="s2"]').click();
                MB.send = send;
                return [chosen, S.selected, document.getElementById('error').textContent, sent]; }""")
            assert said[0] is None and said[1] is None and "placing the tokens" in said[2] and not said[3], said
        finally:
            page.close()


def test_a_token_chosen_is_let_go_when_the_turn_is_another_s(browser: Any) -> None:
    """(the same attack: "token K chosen: tap a space to put it there" beside "🤖 Blue plays by itself: wait")"""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _placing(page, choose="9")
            said = page.evaluate("""() => {
                const view = { ...S.view, current: 'blue', instruction: { ...S.view.instruction, player: 'blue' } };
                HANDLERS.event({ event: { type: "noop" }, view });
                return [S.selected, document.getElementById('hand').innerText]; }""")
            assert said[0] is None and "chosen" not in said[1], said
        finally:
            page.close()

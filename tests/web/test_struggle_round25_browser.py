"""Issue 15, round 25 (Struggle newcomer, round 7) on the page: what moves a token is said where a person
looks first (the help and the ways panel before the first throw), the ways panel and Stop say what they
are at each moment of a turn, and a Stop pressed while the dice still roll acts or says why."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from test_plain_words_browser import WIDE, open_page, serve, stop

pytestmark = pytest.mark.browser

WAIT = 20000
DICE_MOVE = "moves that token one space"


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    proc, url = serve(("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red"))
    yield url
    stop(proc)


def _text(page: Any, sel: str) -> str:
    return str(page.evaluate("(sel) => document.querySelector(sel).textContent", sel))


def _until_prompt(page: Any, says: str) -> None:
    page.wait_for_function("(says) => !!document.getElementById('prompt-text')?.textContent.includes(says)", arg=says,
                           timeout=WAIT)


def test_the_help_and_the_ways_panel_say_how_dice_move_tokens(browser: Any, server: str) -> None:
    """Round 7: "Nothing says how dice move tokens": only the first-game tip said it, and tips come one
    at a time. The help says it, and the ways panel before the first throw, in one short line."""
    page = open_page(browser, server, WIDE)
    try:
        _until_prompt(page, "Red: press Throw")
        ways = _text(page, "#outcomes")
        assert DICE_MOVE in ways, ways
        assert len(ways) < 140, ways  # one short line
        page.click("#help-button")
        page.wait_for_selector("#help[open]", timeout=WAIT)
        assert DICE_MOVE in page.locator("#help").inner_text(), page.locator("#help").inner_text()
    finally:
        page.close()


def test_the_ways_panel_and_stop_say_what_they_are_at_each_moment(browser: Any) -> None:
    """Round 7: after the first throw the ways panel still said "throw, then Stop" and Stop read "✋ Stop":
    the newcomer pressed it to end the throwing and got a list of ways. After a throw the panel says Stop
    keeps the hand and the ways show there; Stop's label says what each Stop does. Seed 7: red throws
    9 J A J A, holds die 1, throws 9 9 Q A A (3 ways)."""
    proc, url = serve(("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red"))
    page = open_page(browser, url, WIDE)
    try:
        _until_prompt(page, "Red: press Throw")
        page.click("#throw")
        _until_prompt(page, "Red threw")
        ways = _text(page, "#outcomes")
        assert "throw, then Stop" not in ways, ways
        assert "Stop to keep this hand" in ways and "the ways to play it show here" in ways, ways
        assert "Stop: keep it" in _text(page, "#stop"), _text(page, "#stop")
        page.click("#dice .pdie >> nth=0")
        _until_prompt(page, "(holding die 1)")
        page.click("#throw")
        _until_prompt(page, "Red threw 9, 9, Q")
        assert "Stop to keep this hand" in _text(page, "#outcomes"), _text(page, "#outcomes")
        assert "Stop: keep it" in _text(page, "#stop"), _text(page, "#stop")
        page.click("#stop")
        _until_prompt(page, "way 1 of 3")
        assert "play way 1" in _text(page, "#stop"), _text(page, "#stop")  # the way it plays (Struggle newcomer 17)
        assert page.locator("#outcomes .outcome").count() == 3
        page.click("#stop")
        _until_prompt(page, "Red: move the tokens")
        assert "end the turn" in _text(page, "#stop"), _text(page, "#stop")
    finally:
        page.close()
        stop(proc)


def test_the_private_page_reads_the_cards_ace_as_the_main_page_does(browser: Any, server: str) -> None:
    """Round 7: the private page (/seat/red) showed 'A' under place 'A' ("A / A"), where the main page and
    the dice say the ace as ★. Seed 7: red's card has an ace (checked on the main page)."""
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": WIDE[0], "height": WIDE[1]})
    try:
        page = context.new_page()
        page.goto(server)
        page.locator("button.seat-claim.red").click(timeout=WAIT)
        expect(page.locator("#my-card .card-row")).to_be_visible(timeout=WAIT)
        main = [el.inner_text() for el in page.locator("#my-card .card-place b").all()]
        assert "★" in main, main
        private = context.new_page()
        private.goto(server + "seat/red")
        expect(private.locator("#secret .place .tok")).to_have_count(5, timeout=WAIT)
        tokens = [el.inner_text() for el in private.locator("#secret .place .tok").all()]
        assert tokens == main, (tokens, main)  # the same card, the ace as ★
        note = private.locator("#secret").inner_text()
        assert "★" in note and "A (the ace)" not in note, note
    finally:
        context.close()


def test_a_seat_released_from_another_screen_is_said_to_its_holder_and_logged(browser: Any) -> None:
    """Round 7: "Releasing a seat is silent for its holder": the phone that held red's seat lost its card
    without a word. Its page says so near the prompt, and a seat released on its own (not moved to another
    screen) is logged on every page."""
    from playwright.sync_api import expect

    proc, server = serve(("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red"))
    holder, other = browser.new_context(), browser.new_context()
    try:
        phone = holder.new_page()
        phone.goto(server)
        phone.locator("button.seat-claim.red").click(timeout=WAIT)
        expect(phone.locator("#my-card .card-row")).to_be_visible(timeout=WAIT)
        assert phone.locator("#notice").is_hidden()
        screen = other.new_page()
        screen.goto(server)
        # "⇄ show it here instead" releases the seat and takes it there (Labyrinth newcomer 14)
        screen.locator("button.seat-release.red").click(timeout=WAIT)
        screen.locator("#ask button[value=yes]").click(timeout=WAIT)  # once asked in the page (ask.js)
        expect(phone.locator("#notice")).to_be_visible(timeout=WAIT)
        expect(phone.locator("#notice")).to_contain_text("Your seat (Red) is taken on another screen now", timeout=WAIT)
        expect(phone.locator("#my-card .card-row")).to_have_count(0, timeout=WAIT)
        # (the seat moved in one step, never free: no page logs it released -- Labyrinth newcomer 80's card page
        # read that as a restart; POST /seat/COLOUR/move)
        assert "seat released" not in phone.locator("#log").inner_text()
        assert "released" not in screen.locator("#notice").inner_text()  # the screen that released it knows
        # the card box of the page that plays red says "you" as the players' row does, and where the card is
        box = phone.locator("#my-card").inner_text()
        assert "Red's secret card shows on another screen" in box and "⇄ show it here instead" in box, box
        # ...and a seat released on its own (no screen taking it) is logged on every page
        assert screen.request.post(server + "seat/red/release").ok
        expect(phone.locator("#log")).to_contain_text("Red's seat released", timeout=WAIT)
    finally:
        holder.close()
        other.close()
        stop(proc)

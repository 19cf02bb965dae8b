"""Issue 15, Magic Labyrinth newcomer 16: a mouse drag begun on the pawn's cell (not on the small pawn) moved
nothing and said nothing; the log's "⚠ Red went back to a cell at a1" left open whether a rule was broken."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest
from test_magic_newcomer import DROP_ARGS, WAIT_MS, WIDE, open_page, roll_at_least_two, served, wait_action

pytestmark = pytest.mark.browser


@pytest.fixture
def drop16() -> Iterator[str]:
    yield from served(DROP_ARGS)


def _drag(page: Any, frm: str, to: str) -> None:
    """A mouse pressed in the middle of cell ``frm`` (the symbol's place, not the pawn) and let go on ``to``."""
    a = page.locator(f'#board .cell[data-cell="{frm}"]').bounding_box()
    b = page.locator(f'#board .cell[data-cell="{to}"]').bounding_box()
    page.mouse.move(a["x"] + a["width"] * 0.3, a["y"] + a["height"] * 0.3)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] * 0.4, b["y"] + b["height"] * 0.4, steps=8)
    page.mouse.up()


def test_a_mouse_drag_from_the_pawns_cell_takes_it_home_after_a_ball_drop(browser: Any, drop16: str) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, drop16, WIDE)
    try:
        roll_at_least_two(page)
        _drag(page, "a1", "a2")  # a step, dragged from the cell
        expect(page.locator("#prompt")).to_contain_text(re.compile(r"up to \d+ more step|for a step to a lit cell"), timeout=WAIT_MS)
        assert page.evaluate("S.world.pawns.red.cell") == "a2"
        page.locator('#board .cell[data-cell="a3"]').click()  # through the wall a2-a3: the ball drops
        wait_action(page, "return")
        page.wait_for_function("S.world.pawns.red.cell === 'a3'", timeout=WAIT_MS)
        _drag(page, "a3", "a1")  # the pawn home in one drag, as a hand lifts it and sets it down
        page.wait_for_function("S.world.pawns.red.cell === 'a1'", timeout=WAIT_MS)
        expect(page.locator("#prompt")).to_contain_text("back on a1", timeout=WAIT_MS)
    finally:
        page.close()


def test_a_step_back_is_said_as_against_the_rules_with_its_cell(browser: Any, drop16: str) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, drop16, WIDE)
    try:
        roll_at_least_two(page)
        page.locator('#board .cell[data-cell="a2"]').click()
        page.wait_for_function("S.world.pawns.red.cell === 'a2'", timeout=WAIT_MS)
        # the page's hand refuses the step back, in words (Magic newcomer 108: it was taken, and a step spent)
        page.locator('#board .cell[data-cell="a1"]').click()
        expect(page.locator("#error")).to_contain_text("a1 is a cell this move has passed already", timeout=WAIT_MS)
        page.wait_for_timeout(300)
        assert page.evaluate("S.world.pawns.red.cell") == "a2"
        # ...a hand on a real board is not stopped: the referee warns, the log says it against the rules
        page.evaluate("send({ type: 'slide', player: 'red', to: 'a1' })")
        log = page.locator("#log")
        expect(log).to_contain_text("stepped back onto a1", timeout=WAIT_MS)
        text = log.inner_text()
        assert "the rules forbid going back" in text and "went back to a cell" not in text, text
    finally:
        page.close()


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] \
        and a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


def test_a_phones_refusal_does_not_cover_the_control_it_names(browser: Any, drop16: str) -> None:
    """Newcomer 16 tapped the tray's ball before taking the pawn home: "Fish ball out: first press ✊ Lift pawn
    and tap a1 …" showed over the row of Roll, Done and Lift pawn, hiding the button it named."""
    from test_magic_newcomer import PHONE

    page = open_page(browser, drop16, PHONE, tips=True, touch=True)  # a tip shown: the tray at the screen's foot
    try:
        roll_at_least_two(page)
        page.locator('#board .cell[data-cell="a2"]').tap()
        page.wait_for_function("S.world.pawns.red.cell === 'a2'", timeout=WAIT_MS)
        page.locator('#board .cell[data-cell="a3"]').tap()
        wait_action(page, "return")
        page.wait_for_function("!document.getElementById('lift').disabled"
                               " && document.getElementById('lift').getAttribute('aria-disabled') !== 'true'", timeout=WAIT_MS)
        err = page.evaluate("document.getElementById('error').getBoundingClientRect().bottom")
        assert err > PHONE[1], f"the refusal's own line is on the screen ({err}): no toast to place"
        page.locator("#tray-strip").tap()
        toast = page.locator("#error.toast")
        toast.wait_for(state="visible", timeout=WAIT_MS)
        assert "Lift pawn" in toast.inner_text(), toast.inner_text()
        box, lift = toast.bounding_box(), page.locator("#lift").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE[1], box
        assert not _overlap(box, lift), (box, lift)
    finally:
        page.close()


def test_a_simulated_players_ball_in_the_tray_says_who_fetches_it(browser: Any, drop16: str) -> None:
    """Attack 16: blue's (simulated) ball in the tray said "click to put it back under the pawn", and the click
    was refused ("a simulated player fetches it"). The world as the server sends it, blue's ball in a corner."""
    page = open_page(browser, drop16, WIDE)
    try:
        titles = page.evaluate("""() => { S.world.tray = {'tray-se': ['blue'], 'tray-nw': ['red']};
            drawTray(); drawTrayStrip();
            return [...document.querySelectorAll('.tray-ball')].map((b) => [b.dataset.player, b.title]); }""")
        blue = [t for p, t in titles if p == "blue"]
        red = [t for p, t in titles if p == "red"]
        assert blue and all("simulated player fetches it" in t and "click" not in t for t in blue), titles
        assert red and all("click to put it back" in t for t in red), titles
    finally:
        page.close()


def test_the_keys_act_after_reveal_walls_was_ticked(browser: Any, drop16: str) -> None:
    """Newcomer 18 ticked Reveal walls and ticked it off again: R, the arrows and D then did nothing (the focused
    checkbox took the keys), without a word."""
    from playwright.sync_api import expect

    page = open_page(browser, drop16, WIDE)
    try:
        page.click("#reveal")
        page.locator("#ask button[value=yes]").click()  # "Show every hidden wall? …" (ask.js)
        expect(page.locator(".wall.revealed").first).to_be_visible(timeout=WAIT_MS)
        page.click("#reveal")  # off again: the checkbox keeps the focus
        assert page.evaluate("document.activeElement.id") == "reveal"
        page.keyboard.press("r")
        wait_action(page, "move")
    finally:
        page.close()


def test_a_simulated_winners_phone_chip_has_no_loose_dot(browser: Any, drop16: str) -> None:
    """Newcomer 17: on a phone, blue's (simulated) winning chip read "Blue · winner 🏆": the "simulated" tag was
    hidden to make room, its separator dot left alone. The tag now shows as 🤖 there."""
    from test_magic_newcomer import PHONE

    page = open_page(browser, drop16, PHONE, touch=True)
    try:
        tag = page.evaluate("""() => { S.view = {...S.view, winner: 'blue'}; drawInfo();
            const t = document.querySelector('#players .player.blue .tag');
            return [t.getBoundingClientRect().width, getComputedStyle(t, '::before').content]; }""")
        assert tag[0] > 0 and "🤖" in tag[1], tag
    finally:
        page.close()

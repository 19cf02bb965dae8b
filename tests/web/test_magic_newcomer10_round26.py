"""Round 26, newcomer round 10 on The Magic Labyrinth (phone 390x844, touch): the countdown's first
line and the help say the seconds the move's clock gives; a tap on a cell or a greyed control when
the pawn may not move says why, and the line stays through a simulated player's turn."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from test_magic_newcomer import ARGS, PHONE, WAIT_MS, roll, serve  # noqa: E402

pytestmark = pytest.mark.browser

from mazeboard.sim.web.session import HUMAN_SETTLE_MS  # noqa: E402

#: the settle timer's own setting for a person's pawn in the simulator (the countdown's seconds)
SETTLE_S = HUMAN_SETTLE_MS // 1000


def touch_page(browser: Any, url: str) -> Any:
    from playwright.sync_api import expect

    ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('mazeboard.guide.magic-labyrinth', JSON.stringify(['roll', 'move', 'return']))")
    page.goto(url)
    expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
    expect(page.locator("#prompt")).to_have_text(re.compile("Red: press Roll"), timeout=WAIT_MS)
    return page


def test_the_first_countdown_line_and_the_help_say_the_clock_s_seconds(browser: Any) -> None:
    from playwright.sync_api import expect

    proc, url = serve(ARGS)
    try:
        page = touch_page(browser, url)
        assert f"you have {SETTLE_S} s" in page.locator("#help-clock").text_content(), "the help before the roll"
        roll(page)
        expect(page.locator("#countdown")).to_contain_text(f"{SETTLE_S} s", timeout=WAIT_MS)
        # calm before the first step, in the prompt's weight (Magic newcomer 30: "⏳ No clock yet" in bold rushed them)
        assert "No rush yet" in page.locator("#countdown").inner_text()
        assert "from your first step" in page.locator("#countdown").inner_text()
        # ... and starts again at each step (Magic newcomers 41-43 read "The move ends in 20 s" after each step as
        # one clock for the whole move, set back)
        assert f"{SETTLE_S} s per step" in page.locator("#countdown").inner_text()
        weight = page.evaluate("() => parseInt(getComputedStyle(document.getElementById('countdown')).fontWeight, 10)")
        assert weight < 600, weight
        page.context.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_tap_on_the_pawn_s_own_cell_before_the_roll_says_why_it_stays(browser: Any) -> None:
    proc, url = serve(ARGS)
    try:
        page = touch_page(browser, url)
        page.evaluate("clearError()")
        page.locator('#board .cell[data-cell="a1"]').tap()  # the own pawn's cell: the board asks Roll
        page.wait_for_timeout(300)
        said = page.locator("#error").inner_text()
        page.context.close()
        assert "Roll" in said, f"the tap said nothing: {said!r}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_tap_on_greyed_roll_in_a_simulated_turn_says_why_and_stays_through_its_steps(browser: Any) -> None:
    """Seen: the greyed Roll tapped in Blue's (simulated) turn showed nothing (Blue's next step, a new
    request of the board, wiped the line at once). The board's views are fed to the page here: a
    simulated turn at --speed 20 lasts less than a tap."""
    proc, url = serve(ARGS)
    try:
        page = touch_page(browser, url)
        blue = """(action, id) => ({...S.view, current: 'blue', instruction: {player: 'blue', action,
                  text: 'Blue', messages: [{id, args: {player: 'blue'}}], requests: [], buttons: {}},
                  controls: {...S.view.controls, roll: [false, "it is Blue's turn (a simulated player): wait"]}})"""
        page.evaluate(f"() => HANDLERS.event({{event: {{type: 'turn_started', player: 'blue', t: S.heardT}}, view: ({blue})('roll', 'magic.roll')}})")
        page.locator("#roll").tap(force=True)  # greyed (aria-disabled): a tap says why
        page.wait_for_timeout(200)
        said = page.locator("#error").inner_text()
        assert "Blue" in said, said
        assert page.locator("#error").is_visible()
        page.evaluate(f"() => HANDLERS.event({{event: {{type: 'die_rolled', player: 'blue', value: 3, t: S.heardT}}, view: ({blue})('move', 'magic.move_start')}})")
        page.wait_for_timeout(200)
        left = page.locator("#error").inner_text()
        page.context.close()
        assert left == said, f"Blue's next step wiped the refusal: {left!r}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_the_countdown_never_says_nan_seconds_after_a_step(browser: Any) -> None:
    """Round 11: "The move ends in NaN s" for about a second after every step (the move's seconds
    were kept in the page's game clock, which the countdown then counted from)."""
    proc, url = serve(ARGS)
    try:
        page = touch_page(browser, url)
        roll(page)
        page.evaluate("""() => { window.lines = []; const box = document.getElementById('prompt');
            new MutationObserver(() => lines.push(box.textContent)).observe(box, {childList: true, characterData: true, subtree: true}); }""")
        page.locator('#board .cell[data-cell="a2"]').tap()
        page.wait_for_function("S.world.pawns.red.cell === 'a2'", timeout=WAIT_MS)
        page.wait_for_timeout(1500)
        lines = page.evaluate("lines")
        page.context.close()
        counted = [line for line in lines if "for a step to a lit cell" in line]
        assert counted, lines[-5:]
        assert not [line for line in counted if "NaN" in line], counted[:3]
        assert all(re.search(r"\b\d+ s for a step to a lit cell, or the move ends", line) for line in counted), counted[:3]
    finally:
        proc.terminate()
        proc.wait(timeout=10)

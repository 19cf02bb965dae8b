"""Round 26, newcomer round 9 on The Magic Labyrinth (phone, touch unless said): the prompt renders
what the board asks after a pawn put down on a wrong cell, the board is in view after "Look at the
board", ..."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from test_magic_newcomer import ARGS, PHONE, WAIT_MS, WIDE, open_page, roll, serve, wait_action  # noqa: E402

pytestmark = pytest.mark.browser


def test_a_pawn_set_down_on_a_wrong_cell_after_its_ball_fell_is_said_in_the_prompt(browser: Any) -> None:
    """Seen: lifted after the fall and set down on b1, not a1: the prompt still said "press ✊ Lift pawn,
    then click the start corner a1"; only the greyed Roll's title named the pawn's cell."""
    from playwright.sync_api import expect

    proc, url = serve(ARGS)
    try:
        page = open_page(browser, url, PHONE)
        roll(page)
        page.locator('#board .cell[data-cell="b1"]').click()
        wait_action(page, "return", None)
        prompt = page.locator("#prompt")
        expect(prompt).to_contain_text("Red's ball fell crossing the wall a1–b1", timeout=WAIT_MS)  # the pawn where its ball fell
        page.locator("#lift").click()
        page.locator('#board .cell[data-cell="a2"]').click()
        page.wait_for_function("S.view.instruction.requests.some((r) => r.kind === 'pawn' && r.from === 'a2')",
                               timeout=WAIT_MS)
        expect(prompt).to_contain_text(re.compile(r"Red's pawn is on a2\b.*\ba1\b"), timeout=WAIT_MS)
        assert "ball fell crossing the wall" not in prompt.inner_text()
        # the same order as the board's instruction: the pawn first, then the ball
        text = prompt.inner_text()
        assert text.index("Lift pawn") < text.index("tray"), text
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.parametrize("size", [PHONE, WIDE])
def test_look_at_the_board_brings_the_board_into_view(browser: Any, size: tuple[int, int]) -> None:
    """Seen: after the win box's "Look at the board" the phone showed only the prompt line."""
    from playwright.sync_api import expect

    proc, url = serve(ARGS)
    try:
        page = open_page(browser, url, size)
        # a whole game's log below the board, read to its end when the game ended (as a newcomer did)
        page.evaluate("for (let i = 0; i < 80; i++) { const li = document.createElement('li'); li.textContent = 'step ' + i; $('log').appendChild(li); }")
        page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
        page.evaluate("""() => { S.view = {...S.view, phase: 'over', winner: 'red', scores: {red: 5, blue: 2}};
                                  drawAll(); }""")
        expect(page.locator("#banner")).to_be_visible(timeout=WAIT_MS)
        page.locator("#banner-close").click()
        page.wait_for_timeout(800)
        box = page.locator("#board").bounding_box()
        assert box is not None
        seen = min(box["y"] + box["height"], size[1]) - max(box["y"], 0)
        assert seen >= min(box["height"], size[1]) * 0.8, (box, size)
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.parametrize("corner", ["framed", "another"])
def test_a_click_anywhere_in_the_tray_fishes_the_ball_out(browser: Any, corner: str) -> None:
    """Seen at 1920: the tray corner holding the ball is framed, but a click on it (its label) did
    nothing, silently; only the ball itself acted. Magic newcomer 47 clicked the corner where the ball had lain the
    time before: another corner fishes out the one ball of a colour played here too (a corner clicked while no such
    ball is out says where the balls are: test_a_corner_without_the_ball_says_where_it_is)."""
    from playwright.sync_api import expect

    proc, url = serve(ARGS)
    try:
        page = open_page(browser, url, WIDE)
        roll(page)
        page.locator('#board .cell[data-cell="b1"]').click()
        wait_action(page, "return", None)
        # (under load: Lift clicked only once it acts, a1 only once the pawn is in the hand; CI16 lost the lift)
        expect(page.locator("#lift")).not_to_have_attribute("aria-disabled", "true", timeout=WAIT_MS)
        page.locator("#lift").click()
        page.wait_for_function("S.world.hands.red && S.world.hands.red.cell === null || S.world.pawns.red.cell === null",
                               timeout=WAIT_MS)
        page.locator('#board .cell[data-cell="a1"]').click()
        page.wait_for_function("S.view.controls['fetch:red'] && S.view.controls['fetch:red'][0] === true", timeout=WAIT_MS)
        framed = page.locator("#tray .pocket.sensing")
        expect(framed).to_have_count(1)
        if corner == "framed":
            framed.locator(".where").click()  # the corner's label, not the ball
        else:  # the one ball out of a colour played here, whichever corner is clicked (Magic newcomer 47)
            page.locator("#tray .pocket:not(.sensing)").first.locator(".where").click()
        wait_action(page, "roll", "blue")
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_before_the_first_step_the_countdown_line_says_no_clock_runs_yet(browser: Any) -> None:
    """Seen: right after Roll, "⏳ After each step a countdown runs here." read as a timer already running."""
    proc, url = serve(ARGS)
    try:
        page = open_page(browser, url, PHONE)
        roll(page)
        line = page.locator("#countdown").inner_text()
        assert re.search(r"\bno\b.*\byet\b", line, re.I), line  # "No rush yet: the 20 s clock starts at …"
        assert "runs here" not in line, line
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_on_a_phone_the_tray_strip_says_how_a_ball_gets_there_and_out(browser: Any) -> None:
    """Seen: at 1920 the tray says "(a dropped ball rolls into any of its four corners; click yours to fish
    it out)"; the phone's tray strip said only "in the bottom-right corner"."""
    proc, url = serve(ARGS)
    try:
        page = open_page(browser, url, PHONE)
        roll(page)
        page.locator('#board .cell[data-cell="b1"]').click()
        wait_action(page, "return", None)
        page.wait_for_function("Object.values(S.world.tray).some((ps) => ps.length)", timeout=WAIT_MS)
        strip = page.locator("#tray-strip")
        text = strip.inner_text()
        # the ball drawn in its corner of a small tray, the words saying what to tap (newcomer 16: no corner in them)
        assert "In the tray" in text and re.search(r"\btap\b", text), text
        assert page.locator("#tray-strip .mini-tray .tray-ball").count() >= 1
        assert strip.is_visible()
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_the_help_says_what_orange_the_warning_flash_and_the_end_s_colour_mean(browser: Any) -> None:
    """Seen: the start corner turned orange while the ball had to be fished out and nothing said what
    orange means; the help said "flashing red a warning" while red is a player's colour and the whole
    board turns the winner's colour at the end."""
    proc, url = serve(ARGS)
    try:
        page = open_page(browser, url, WIDE)
        page.locator("#help-button").click()
        text = " ".join(page.locator("#help").inner_text().split())
        assert "flashing red a warning" not in text, text
        assert re.search(r"orange[^.]*(ball|tray)|(ball|tray)[^.]*orange", text), text
        assert re.search(r"warning[^.]*white|white[^.]*warning", text), text  # strobing red AND white
        assert re.search(r"winner's colour|colour of the winner", text), text
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.parametrize("players", ["2", "3", "4"])
def test_the_phone_s_score_cards_say_simulated_alike_whatever_the_number_of_players(browser: Any, players: str) -> None:
    """Seen: "Blue simulated" with 2 players, but "Blue" alone with 3."""
    proc, url = serve((*ARGS, "--players", players))
    try:
        page = open_page(browser, url, PHONE)
        for chip in page.locator("#players .player").all():
            if chip.get_attribute("data-player") == "red":
                continue
            tag = chip.locator(".tag")
            assert tag.is_visible(), chip.inner_text()
            box, card = tag.bounding_box(), chip.bounding_box()
            assert box and card and box["x"] + box["width"] <= card["x"] + card["width"] + 1, (box, card)
            shown = tag.evaluate("e => e.textContent + getComputedStyle(e, '::before').content")
            assert "simulated" in shown and (players == "4" or tag.evaluate("e => parseFloat(getComputedStyle(e).fontSize) > 0")), shown
            assert players != "4" or "🤖" in shown, shown  # four chips: the robot, the word in its title
            assert tag.evaluate("e => e.scrollWidth <= e.clientWidth + .5"), "cut"
            assert tag.get_attribute("title") == "simulated"
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_tap_on_a_cell_says_why_on_screen_without_scrolling_the_top_away(browser: Any) -> None:
    """Seen: after tapping a cell the page scrolled (the reason's line brought into view) so the top
    buttons were half cut off. The reason shows on the screen and the page stays where it was."""
    from playwright.sync_api import expect

    proc, url = serve(ARGS)
    try:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True)
        page.add_init_script("localStorage.setItem('mazeboard.guide.magic-labyrinth', JSON.stringify(['roll', 'move', 'return']))")
        page.goto(url)
        roll(page)
        page.locator('#board .cell[data-cell="b1"]').tap()
        wait_action(page, "return", None)
        page.evaluate("window.scrollTo(0, 0)")
        page.locator('#board .cell[data-cell="c1"]').tap()  # the pawn may not go on: the reason is long
        error = page.locator("#error")
        expect(error).to_contain_text("goes back to its start corner", timeout=WAIT_MS)
        page.wait_for_timeout(300)
        box = page.evaluate("(() => { const r = document.getElementById('error').getBoundingClientRect(); "
                            "return {top: r.top, bottom: r.bottom, h: innerHeight, y: scrollY}; })()")
        assert box["y"] == 0, f"the page scrolled: {box}"
        assert box["top"] >= 0 and box["bottom"] <= box["h"], f"the reason is off the screen: {box}"
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_a_corner_without_the_ball_says_where_it_is(browser: Any) -> None:
    """A corner clicked while the ball out is a simulated player's (no ball of this page's colours): where it is."""
    from playwright.sync_api import expect

    proc, url = serve(ARGS)
    try:
        page = open_page(browser, url, WIDE)
        page.evaluate("""() => { S.world = { ...S.world, tray: { 'tray-nw': ['blue'], 'tray-ne': [], 'tray-sw': [], 'tray-se': [] } };
                                 pocketClicked('tray-se'); }""")
        expect(page.locator("#error")).to_contain_text(re.compile(r"no ball in this corner.*Blue's ball is in the top-left corner"))
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)

"""Issue 15, Magic Labyrinth newcomer 18 on a phone: the board jumped 76 px down at the first roll (the
prompt's room for the move was kept only from that roll on, so as not to show "Red: press Roll." in an
empty box four lines high); and after pressing ✊ Lift pawn in a ball drop's recovery, the first-game tip
still said "press ✊ Lift pawn"."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest
from test_magic_newcomer import (DROP_ARGS, PHONE, WAIT_MS, board_y, open_page, roll_at_least_two, served,
                                 wait_action)

pytestmark = pytest.mark.browser


@pytest.fixture
def drop18() -> Iterator[str]:
    yield from served(DROP_ARGS)


def _drop_at_the_wall(page: Any) -> None:
    """Red steps a1 -> a2 -> a3 by taps, through the wall a2-a3 of DROP_ARGS: its ball drops."""
    roll_at_least_two(page)
    page.locator('#board .cell[data-cell="a2"]').tap()
    page.wait_for_function("S.world.pawns.red.cell === 'a2'", timeout=WAIT_MS)
    page.locator('#board .cell[data-cell="a3"]').tap()
    wait_action(page, "return")


def _lifted_after_the_drop(page: Any) -> None:
    """The ball dropped (:func:`_drop_at_the_wall`), then ✊ Lift pawn tapped: the pawn is in the hand."""
    _drop_at_the_wall(page)
    page.wait_for_selector('#lift:not([aria-disabled="true"])', timeout=WAIT_MS)
    page.locator("#lift").tap()
    page.wait_for_function("S.world.hands.red.cell === null", timeout=WAIT_MS)


@pytest.mark.parametrize("tips", [False, True], ids=["no-tips", "tips"])
def test_the_phone_board_does_not_move_at_the_first_roll(browser: Any, drop18: str, tips: bool) -> None:
    """The room is kept from the start, and the first "press Roll" says in it what comes next."""
    from playwright.sync_api import expect

    page = open_page(browser, drop18, PHONE, tips=tips, touch=True)
    try:
        before = board_y(page)
        nxt = page.locator("#prompt .prompt-next")
        expect(nxt).to_be_visible()
        expect(nxt).to_contain_text("tap the cells next to your pawn, one step at a time")
        expect(nxt).to_contain_text("the lit ones show where the move can end")  # (Magic newcomer 36)
        prompt = page.locator("#prompt").bounding_box()
        assert prompt["y"] + prompt["height"] <= board_y(page), "the next line spills over the board"
        roll_at_least_two(page)
        expect(nxt).to_have_count(0)  # said once: the move's own prompt now
        assert abs(board_y(page) - before) < 1, f"the board moved from {before} to {board_y(page)} at the roll"
    finally:
        page.close()


def test_the_ball_drop_tip_follows_the_pawn_into_the_hand(browser: Any, drop18: str) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, drop18, PHONE, tips=True, touch=True)
    try:
        _drop_at_the_wall(page)
        tip = page.locator("#guide .guide-text")
        # the tip says why the pawn starts over, the prompt the steps (Magic newcomer 45: test_magic_newcomer45.py): at
        # no step does the tip tell one done already (newcomer 18 read "press ✊ Lift pawn" after it had lifted it)
        expect(tip).to_contain_text("starts over", timeout=WAIT_MS)
        page.wait_for_selector('#lift:not([aria-disabled="true"])', timeout=WAIT_MS)
        page.locator("#lift").tap()
        page.wait_for_function("S.world.hands.red.cell === null", timeout=WAIT_MS)
        expect(page.locator("#prompt")).to_contain_text("in your hand", timeout=WAIT_MS)
        expect(tip).not_to_contain_text("Lift pawn")
        page.locator('#board .cell[data-cell="a1"]').tap()
        expect(page.locator("#prompt")).to_contain_text(re.compile("back on a1"), timeout=WAIT_MS)
        expect(tip).not_to_contain_text("Lift pawn")
        expect(tip).not_to_contain_text("start corner (🏠) to set")
    finally:
        page.close()


def test_a_long_refusal_stays_up_long_enough_to_be_read(browser: Any, drop18: str) -> None:
    """Newcomer 18: a refusal of some 150 characters went after 4 s, before it was read. A line stays
    4.5 s, 70 ms more for each character past 60, at most 12 s (i18n.js readMs; every game page)."""
    page = open_page(browser, drop18, PHONE, touch=True)
    try:
        assert page.evaluate("[I18N.readMs('short'), I18N.readMs('x'.repeat(160)), I18N.readMs('x'.repeat(900))]") \
            == [4500, 11500, 12000]
        page.evaluate("showError('Fish ball out: ' + 'first take the pawn back to its corner, '.repeat(4))")
        page.wait_for_timeout(5500)  # (a timer can only fire later under load, never sooner)
        assert page.locator("#error").inner_text().startswith("Fish ball out"), "the refusal went before 5.5 s"
    finally:
        page.close()


def test_a_ball_drop_with_no_wall_told_says_why_in_the_log(browser: Any, drop18: str) -> None:
    """Newcomer 19: "💥 Blue's ball dropped" after "Blue b5 → c5 (step 2)", no wall found and no wall drawn,
    unlike every other drop: the event's edge was null (two steps in the ball's fall time: RULES.md §1 Ball
    drop), and the log said nothing of it."""
    page = open_page(browser, drop18, PHONE)
    try:
        page.evaluate("""() => { addLog({type: 'step', player: 'blue', from: 'b5', to: 'c5', steps: 2, t: 1});
            addLog({type: 'ball_dropped', player: 'blue', edge: null, t: 2}); }""")
        text = page.locator("#log li").first.inner_text()
        assert "ball dropped" in text and "cannot tell at which step" in text and "no wall is marked" in text and "another pawn stands on" in text, text
    finally:
        page.close()


def test_a_refusal_shown_a_moment_ago_outlives_a_new_request_for_a_moment(browser: Any, drop18: str) -> None:
    """Newcomer 19: a tap just after the move ended was refused, and the next player's first step (a new
    request, which takes the old request's refusal away) wiped the words within a blink: the tap seemed
    ignored. A refusal stays 1.5 s in all from when it was shown; an older one goes at once."""
    page = open_page(browser, drop18, PHONE, touch=True)
    try:
        page.evaluate("showError('No step now: it is Blue\\'s turn'); clearError();")  # a request change at once
        page.wait_for_timeout(400)
        assert "No step now" in page.locator("#error").inner_text()
        page.wait_for_function("document.getElementById('error').textContent === ''", timeout=5000)
        page.evaluate("showError('an older refusal'); NOTICE.shownAt = performance.now() - 5000; clearError();")
        assert page.locator("#error").inner_text() == ""
    finally:
        page.close()


def test_fish_ball_out_with_the_pawn_in_the_hand_says_to_set_it_down(browser: Any, drop18: str) -> None:
    """Newcomer 20 pressed Lift pawn after a ball drop (the pawn in the hand), tapped the ball too early, and
    read "Fish ball out: first press ✊ Lift pawn and tap a1 …": it had lifted it; one tap on a1 was left."""
    from playwright.sync_api import expect

    page = open_page(browser, drop18, PHONE, touch=True)
    try:
        _lifted_after_the_drop(page)
        page.evaluate("fetchBall('red')")  # the ball in the tray, tapped too early
        error = page.locator("#error")
        expect(error).to_contain_text("Fish ball out: first tap a1 to set down the pawn in your hand", timeout=WAIT_MS)
        assert "Lift pawn" not in error.inner_text()
    finally:
        page.close()


def test_the_new_game_dialog_opens_on_this_games_maze(browser: Any) -> None:
    """Newcomer 20: after a hard game the New game dialog kept Players at 3 and put Maze back to easy."""
    gen = served(("--seed", "7", "--maze", "hard", "--players", "3"))
    url = next(gen)
    page = open_page(browser, url, PHONE)
    try:
        page.locator("#new-game").click()
        assert page.locator("#ng-maze").input_value() == "hard"
        assert page.locator("#ng-players").input_value() == "3"
    finally:
        page.close()
        next(gen, None)


def test_the_targets_name_stands_on_a_dark_ground(browser: Any, drop18: str) -> None:
    """Newcomer 20: the target cell's name, white on the cell's white light, was barely readable."""
    page = open_page(browser, drop18, PHONE)
    try:
        page.wait_for_function("S.view && S.view.target", timeout=WAIT_MS)
        ground = page.evaluate("""() => { const c = S.view.target.cell;
            return getComputedStyle(document.querySelector(`#board .cell[data-cell="${c}"] .name`)).backgroundColor; }""")
        m = re.match(r"rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)", ground)
        assert m, ground
        rgb, alpha = [int(x) for x in m.groups()[:3]], float(m.group(4) or 1)
        assert max(rgb) < 60 and alpha >= 0.5, ground
    finally:
        page.close()

"""Issue 15, Magic newcomer 96 (1920x1080): a drag of the pawn during Blue's turn was refused in a line said beside
the pointer, lying over the lower half of the pawn dragged (its top 24 px under the pointer). A refusal said beside
a click or drag that came down on a pawn lies under the whole pawn, or above it, as it does for a cell or a tile."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from test_magic_newcomer import WIDE, open_page, url  # noqa: F401  (url: the module's server fixture)

pytestmark = pytest.mark.browser


def _refused_beside_the_pawn(page: Any) -> None:
    """Presses Red's pawn with the mouse, has the page refuse (``showError``), and checks that the line is said beside
    the press (``near``) and lies wholly under or above the pawn."""
    box = page.locator("#board .pawn.red").bounding_box()
    assert box
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.mouse.up()
    got = page.evaluate("""() => { showError("No step now: it is Blue's turn"); const e = document.getElementById('error');
      const r = e.getBoundingClientRect(), p = document.querySelector('#board .pawn.red').getBoundingClientRect();
      return { near: e.classList.contains('near'), top: r.top, bottom: r.bottom, pawnTop: p.top, pawnBottom: p.bottom }; }""")
    assert got["near"], got
    assert got["top"] >= got["pawnBottom"] or got["bottom"] <= got["pawnTop"], got


def test_a_refusal_beside_a_pawn_pressed_keeps_off_the_pawn(browser: Any, url: str) -> None:  # noqa: F811
    page = open_page(browser, url, WIDE)
    try:
        # said as far from the line's own place as a refusal of a drag at the board's foot is (a far click: beside it)
        _refused_beside_the_pawn(page)
    finally:
        page.close()


def test_a_refusal_beside_a_pawn_keeps_off_it_on_a_page_scrolled_to_its_end(browser: Any, url: str) -> None:  # noqa: F811
    """An attack (session 26) at 1100x500: the page scrolled to its end, the line lifted out of the page's flow as it
    is said beside the pawn shortened the page, the browser scrolled back 32 px, and the pawn slid under the line."""
    page = open_page(browser, url, (1100, 500), tips=True)  # (the first-game tips shown, as the attack had them)
    try:
        # (a line said a moment before, in the page's flow under the buttons, as the attack had it)
        page.evaluate("""() => { document.getElementById('error').textContent = 'Roll first';
          window.scrollTo(0, document.documentElement.scrollHeight); }""")
        page.wait_for_timeout(100)
        assert page.evaluate("() => window.scrollY") > 0
        _refused_beside_the_pawn(page)
    finally:
        page.close()


@pytest.fixture
def drop97() -> Iterator[str]:
    from test_magic_newcomer import DROP_ARGS, served

    yield from served(DROP_ARGS)


def test_a_tap_on_the_pawn_the_board_asks_back_takes_it_in_hand(browser: Any, drop97: str) -> None:
    """Magic newcomer 97 (phone): after the ball fell the prompt said "press ✊ Lift pawn, tap the start corner a1"; a
    tap on the fallen pawn, as a hand takes it on a real board, changed nothing on the screen. It takes the pawn in
    hand, as ✊ Lift pawn does: the prompt then says to set it down on a1."""
    from playwright.sync_api import expect
    from test_magic_newcomer import PHONE, WAIT_MS, roll_at_least_two, wait_action

    page = open_page(browser, drop97, PHONE, touch=True)
    try:
        roll_at_least_two(page)
        page.locator('#board .cell[data-cell="a2"]').tap()
        page.wait_for_function("S.world.pawns.red.cell === 'a2'", timeout=WAIT_MS)
        page.locator('#board .cell[data-cell="a3"]').tap()  # through the wall a2-a3: the ball drops
        wait_action(page, "return")
        page.locator("#board .pawn.red").tap()
        expect(page.locator("#prompt")).to_contain_text("in your hand", timeout=WAIT_MS)
        assert page.evaluate("planned('red')") is None
        page.locator('#board .cell[data-cell="a1"]').tap()
        page.wait_for_function("S.world.pawns.red.cell === 'a1'", timeout=WAIT_MS)
    finally:
        page.close()


def test_the_reachable_target_s_step_number_is_in_the_frame_s_colour(browser: Any, url: str) -> None:  # noqa: F811
    """Magic newcomer 97 (1920x1080): the reachable moon's step number "3" was pale on the white cell, hard to read: its
    badge took the cell's LED hue, white half the time as the target's LED blinks white. On the target the badge is
    in the frame's colour, the mover's."""
    page = open_page(browser, url, WIDE)
    try:
        got = page.evaluate("""() => { const c = document.querySelector('#board .cell');
          c.classList.add('target-cell', 'target-reach'); c.style.setProperty('--frame', '#ffffff');
          c.style.setProperty('--reach-colour', '#ff0000');
          const b = document.createElement('span'); b.className = 'steps'; b.textContent = '3'; c.appendChild(b);
          return { badge: getComputedStyle(b).backgroundColor, frame: getComputedStyle(c, '::before').borderTopColor }; }""")
    finally:
        page.close()
    assert got["badge"] == got["frame"] == "rgb(255, 0, 0)", got


def test_after_the_game_fish_ball_out_says_the_game_is_over_as_the_other_buttons_do(browser: Any, url: str) -> None:  # noqa: F811
    """Magic newcomer 99 (1920x1080): after the game Roll, Done and Lift pawn said "the game is over …", and Fish ball
    out "your ball is on your pawn"."""
    page = open_page(browser, url, WIDE)
    try:
        titles = page.evaluate("""() => {
          const over = "the game is over: press ✨ New game to play another";
          S.view = { ...S.view, phase: "over", winner: "red",
                     controls: { ...S.view.controls, roll: [false, over, null], done: [false, over, null], "lift:red": [false, over, null] } };
          drawControls();
          return { roll: document.getElementById("roll").title, fetch: document.getElementById("fetch").title }; }""")
    finally:
        page.close()
    assert "the game is over" in titles["roll"], titles
    assert titles["fetch"] == "Fish ball out (F): the game is over: press ✨ New game to play another", titles


def test_f_with_the_ball_on_the_pawn_says_so_while_the_controls_lag(browser: Any, url: str) -> None:  # noqa: F811
    """CI68 (tests/web/test_magic_newcomer73.py): F pressed just after the fish heard nothing: the world's news (the
    ball on the pawn) came before the board's controls (Fish ball out still on), and the page asked for the fish
    again. F with the ball seen on the pawn says so, and sends nothing."""
    page = open_page(browser, url, WIDE)
    try:
        got = page.evaluate("""() => {
          const sent = []; const ws = S.ws, was = ws.send; ws.send = (m) => { sent.push(JSON.parse(m)); };
          S.world.pawns.red.ball = "attached";
          S.view = { ...S.view, current: "red", controls: { ...S.view.controls, "fetch:red": [true, "", null] } };
          document.dispatchEvent(new KeyboardEvent("keydown", { key: "f", bubbles: true }));
          ws.send = was;
          return { error: document.getElementById("error").textContent, sent: sent.filter((m) => m && m.type === "fetch-ball").length }; }""")
    finally:
        page.close()
    assert got["sent"] == 0 and "your ball is on your pawn" in got["error"], got

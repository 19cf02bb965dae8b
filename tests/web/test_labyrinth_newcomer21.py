"""Issue 15, Labyrinth newcomer 21.

- Phone, the move step, no first-game tip: with the seat held on another screen ("🔒 Red's card: on another
  screen / move it to this screen", two lines) and a tile's name said under the board, Done stood at 838 px of
  844, a sliver; the newcomer had to scroll. In the move step Done and Lift pawn come before the idle spare.
- The New game dialog offered "all 24 shared out (the rules; a long game)" and "12 (a shorter game)": with two
  players the same game, one called long, the other shorter. The counts offered are those below the share,
  and the share is said ("12 each").
- A tap on a far tile walks the pawn one tile at a time while Done is already on: the prompt says the pawn
  walks and that Done waits for it.
"""

from __future__ import annotations

from typing import Any

import pytest

from test_labyrinth_newcomer_third import NEWCOMER_GAME, PHONE, WAIT_MS, open_page, push
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


def test_done_is_on_a_phones_first_screen_in_the_move_step_without_a_tip(browser: Any) -> None:
    with serving(NEWCOMER_GAME) as url:
        other = open_page(browser, url, (1920, 1080), guide=False)
        other.locator("button.seat-claim.red").click(timeout=WAIT_MS)  # the seat held on another screen
        other.locator("a.seat-link.red").wait_for(timeout=WAIT_MS)
        page = open_page(browser, url, PHONE, guide=False)
        try:
            page.wait_for_function("() => document.getElementById('guide').hidden", timeout=WAIT_MS)
            push(page)
            cell = page.evaluate("() => S.view.reachable.red.find((c) => c !== S.world.pawns.red)")
            page.locator(f'#maze .tile[data-cell="{cell}"]').tap()  # its picture's name said under the board
            page.wait_for_function("() => S.world.busy === false", timeout=WAIT_MS)
            page.evaluate("() => window.scrollTo(0, 0)")
            page.wait_for_timeout(300)
            done = page.locator("#done").bounding_box()
            assert done["y"] + done["height"] <= PHONE[1] - 4, f"Done at {done['y']:.0f}-{done['y'] + done['height']:.0f} px of {PHONE[1]}"
        finally:
            page.close()
            other.close()


def test_the_cards_each_offered_never_repeat_the_whole_share(browser: Any) -> None:
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, (1920, 1080), guide=False)
        try:
            page.click("#new-game")
            for players, share in (("2", 12), ("3", 8), ("4", 6)):
                page.select_option("#ng-players", players)
                options = page.locator("#ng-cards-each option").all_inner_texts()
                values = [int(v) for v in page.locator("#ng-cards-each option").evaluate_all("(os) => os.map((o) => o.value)")]
                assert options[0] == f"all 24: {share} each (the rules, long)", options  # one phone line (test_new_game_dialog_phone.py)
                assert all(0 < n < share for n in values[1:]), (players, values)
        finally:
            page.close()


def test_the_prompt_says_the_pawn_walks_while_it_does(browser: Any) -> None:
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, (1920, 1080), guide=False)
        try:
            push(page)
            here = page.evaluate("() => S.world.pawns.red")
            far = page.evaluate("""(here) => {
              const d = (c) => Math.abs(c.charCodeAt(0) - here.charCodeAt(0)) + Math.abs(+c.slice(1) - +here.slice(1));
              return S.view.reachable.red.slice().sort((a, b) => d(b) - d(a))[0];
            }""", here)
            page.click(f'#maze .tile[data-cell="{far}"]')
            page.wait_for_function("() => S.world.busy", timeout=WAIT_MS)
            text = page.locator("#prompt").inner_text()
            assert f"walks to {far}" in text and "Done" in text, text
            page.wait_for_function("() => !S.world.busy", timeout=WAIT_MS)
            page.wait_for_timeout(200)
            assert "walks to" not in page.locator("#prompt").inner_text()
        finally:
            page.close()


def test_the_arrow_keys_walk_the_pawn_one_open_tile(browser: Any) -> None:
    """Newcomer 21 pressed → and ↑ after the push, as The Magic Labyrinth's page takes them: nothing moved, nothing
    was said. An arrow walks the pawn to the next tile where both tiles' paths meet; elsewhere it says why."""
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, (1920, 1080), guide=False)
        try:
            page.keyboard.press("ArrowUp")  # before the push: said when the arrows act
            page.wait_for_function("document.getElementById('error').textContent.includes('after the push')", timeout=WAIT_MS)
            push(page)
            here = page.evaluate("() => S.world.pawns.red")
            step = page.evaluate("""(here) => {
              const masks = (c) => { const t = document.querySelector(`#maze .tile[data-cell="${c}"]`); return t ? parseTile(t.dataset.tile).mask : null; };
              const k = { ArrowUp: [0, 1, 1, 4], ArrowRight: [1, 0, 2, 8], ArrowDown: [0, -1, 4, 1], ArrowLeft: [-1, 0, 8, 2] };
              const out = {};
              for (const [key, [df, dr, a, b]] of Object.entries(k)) {
                const to = String.fromCharCode(here.charCodeAt(0) + df) + (parseInt(here.slice(1), 10) + dr);
                const m = masks(to);
                out[key] = [to, m !== null && (masks(here) & a) !== 0 && (m & b) !== 0];
              }
              return out;
            }""", here)
            shut = next((k for k, (_, ok) in step.items() if not ok), None)
            if shut:
                page.keyboard.press(shut)
                page.wait_for_function("document.getElementById('error').textContent.includes('no open path that way')", timeout=WAIT_MS)
            key, (to, _) = next(((k, v) for k, v in step.items() if v[1]), (None, (None, None)))
            if key is None:
                pytest.skip(f"no open neighbour of {here} in this game")
            page.keyboard.press(key)
            page.wait_for_function(f"() => S.world.pawns.red === '{to}' && !S.world.busy", timeout=WAIT_MS)
        finally:
            page.close()


def test_a_screen_opened_beside_one_holding_the_seat_says_it_is_the_same_table(browser: Any) -> None:
    """Newcomer 21 opened the phone beside the wide screen (which held Red's seat), expected a game of its own,
    and found the same one, free to move Red: nothing said every screen plays the one table."""
    with serving(NEWCOMER_GAME) as url:
        other = open_page(browser, url, (1920, 1080), guide=False)
        other.locator("button.seat-claim.red").click(timeout=WAIT_MS)
        other.locator("a.seat-link.red").wait_for(timeout=WAIT_MS)
        page = open_page(browser, url, PHONE, guide=False)
        wide = open_page(browser, url, (1920, 1080), guide=False)
        try:
            # a phone: a line under "Your seat" (a notice there pushed the board off the first screen: newcomer 22)
            hint = page.locator("#seat-hint")
            hint.wait_for(state="visible", timeout=WAIT_MS)
            assert hint.inner_text() == "This screen shows the same game: you can move Red here too; Red's secret card is on the other screen."
            assert page.locator("#notice").is_hidden()
            # a wide screen: the same line beside "Your seat", in the flow of the page; no notice floating over the
            # scores (Labyrinth newcomer 23, Struggle newcomer 24: it hid them until OK)
            wide_hint = wide.locator("#seat-hint")
            wide_hint.wait_for(state="visible", timeout=WAIT_MS)
            assert wide_hint.inner_text() == "This screen shows the same game: you can move Red here too; Red's secret card is on the other screen."
            assert wide.locator("#notice").is_hidden()
            rows, line = wide.locator("#players").bounding_box(), wide_hint.bounding_box()
            assert rows and line and line["y"] + line["height"] <= rows["y"], (line, rows)
            assert other.locator("#seat-hint").is_hidden()  # the screen holding the seat is told nothing
        finally:
            page.close()
            wide.close()
            other.close()


@pytest.mark.parametrize("game", [NEWCOMER_GAME, ("--game", "struggle", "--humans", "red"), ("--humans", "red")],
                         ids=["labyrinth", "struggle", "magic"])
def test_the_new_game_dialog_fits_a_phone(browser: Any, game: tuple[str, ...]) -> None:
    """Labyrinth newcomer 22: on a 390 px phone the New game dialog was 428 px wide (the cards-each choice's long
    words widened its select), the variants' notes cut at the right edge and Start half off the screen."""
    with serving(game) as url:
        page = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True).new_page()
        try:
            page.goto(url)
            page.locator("#new-game").tap(timeout=WAIT_MS)
            dialog = page.locator("dialog[open]")
            dialog.wait_for(timeout=WAIT_MS)
            box = dialog.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0], box
            wide = page.evaluate("[...document.querySelectorAll('dialog[open] *')].map((e) => e.getBoundingClientRect())"
                                 ".filter((r) => r.width && r.right > innerWidth + 0.5).length")
            assert wide == 0, f"{wide} parts of the dialog run past the screen's right edge"
        finally:
            page.context.close()

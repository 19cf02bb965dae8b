"""Issue 15, Labyrinth newcomer 23: after a push, a line under the board named "a6: no picture" (or a7), a
tile no one had tapped, and kept it through Blue's turns. The page had moved under a mouse resting on the
board (a drag made with it earlier), and the browser reports the tile now under it as entered: the page named
it as if pointed at. A tile is named only when a pointer moves onto it."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import pytest
from test_labyrinth_newcomer_third import NEWCOMER_GAME, PHONE, WAIT_MS
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


@contextmanager
def _phone(browser: Any) -> Iterator[Any]:
    """The newcomer's game on a touch phone, its page drawn."""
    with serving(NEWCOMER_GAME) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = ctx.new_page()
        try:
            page.goto(url)
            page.wait_for_function("S.view && S.hello", timeout=WAIT_MS)
            yield page
        finally:
            ctx.close()


def test_a_tile_that_moves_under_a_resting_mouse_is_not_named(browser: Any) -> None:
    with _phone(browser) as page:
        box = page.locator('.tile[data-cell="c4"]').bounding_box()
        page.mouse.move(box["x"] + 10, box["y"] + 10)  # pointed at: named
        page.locator("#picked").filter(has_text="c4").wait_for(state="visible", timeout=WAIT_MS)
        page.locator("#title").tap()  # a tap off the tiles puts the name away
        page.locator("#picked").wait_for(state="hidden", timeout=WAIT_MS)
        page.evaluate("window.scrollBy(0, 80)")  # the board moves under the mouse, which does not move
        page.wait_for_timeout(800)
        assert page.locator("#picked").is_hidden(), page.locator("#picked").inner_text()
        page.mouse.move(box["x"] + 12, box["y"] + 12)  # the mouse moves: the tile under it is named again
        page.locator("#picked").wait_for(state="visible", timeout=WAIT_MS)


def test_the_tips_and_the_refusal_say_lit_as_the_prompt_does() -> None:
    """Labyrinth newcomer 23: the prompt said "move your pawn … to a lit tile", the tip and the refusal "the ones
    framed in your colour": two words for one thing. And the push tip promised "each arrow carries the name the
    prompt uses" while the first prompt names no slot ("push it in at a lit slot")."""
    import re
    from pathlib import Path

    js = (Path(__file__).resolve().parents[2] / "hal" / "web" / "static" / "labyrinth.js").read_text(encoding="utf-8")

    def english(ident: str) -> str:
        m = re.search(r'I18N\.t\("%s", "((?:[^"\\]|\\.)*)"' % re.escape(ident), js)
        assert m, ident
        return m.group(1)

    for ident in ("page.lab.tip_move_walk", "page.lab.out_of_reach"):
        assert re.search(r"\blit tile\b", english(ident)), english(ident)
    for ident in ("page.lab.tip_shift_short", "page.lab.tip_shift_short_touch"):
        words = english(ident)
        assert "the name the prompt uses" not in words and "slot" in words, words


def test_the_pictures_found_never_push_the_board_down_on_a_phone(browser: Any) -> None:
    """Labyrinth newcomer 23: as pictures were found, the players' rows grew to two lines and the board moved down
    the page with each find; cut to the latest in one line, they were counted wrong (Labyrinth newcomer 24). A
    phone's row says "found N" without the pictures."""
    with _phone(browser) as page:
        tops = page.evaluate("""() => {
            const top = () => document.getElementById('maze').getBoundingClientRect().top;
            const before = top();
            S.view.found = {red: ['candle', 'purse', 'beetle', 'mouse', 'ghost'],
                            blue: ['pig', 'bat', 'genie', 'dragon', 'chest', 'crown', 'emerald']};
            drawInfo();
            return [before, top()];
        }""")
        assert tops[0] == tops[1], tops
        assert page.locator("#players .player.blue .found").is_hidden()
        assert "found 7" in page.locator("#players .player.blue").inner_text()

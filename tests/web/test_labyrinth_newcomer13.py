"""Issue 15, Labyrinth newcomer 13 on a phone (390x844, touch), in Debian's headless Chromium:
- a tap on a top arrow in the move step said why it does nothing on the message line under Done and Lift
  pawn, 500 px from the finger (seen only because the page was scrolled): a reason far from the finger is
  said just beside it, as one off the screen is (notice.js placeLine);
- the walk-back prompt took four lines and pushed Done off the screen (877 px of 844): Done and Lift pawn
  stay on the first screen: the prompt says it in three lines;
- the board moved with the prompt's length (35 px at each simulated turn): the prompt keeps three lines'
  room (a fourth, for a push with a forbidden slot, still grows it)."""

from __future__ import annotations

from typing import Any

import pytest

from test_labyrinth_newcomer_third import NEWCOMER_GAME, PHONE, WAIT_MS, open_page, push, to_shift
from test_plain_words_browser import serving

from mazeboard.controller.instruction import MESSAGES

pytestmark = pytest.mark.browser


#: every tip seen: none shows (the layout measured is the one without a tip)
SEEN = ("shift", "move", "goal", "home")


def _phone(browser: Any, url: str) -> Any:
    return open_page(browser, url, PHONE, guide=False, seen=SEEN, mobile=True)


def test_a_reason_far_from_the_finger_is_said_beside_it(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(NEWCOMER_GAME) as url:
        page = _phone(browser, url)
        push(page)
        page.evaluate("window.scrollTo(0, 0)")
        arrow = page.locator("#maze .slot.edge-N").first
        box = arrow.bounding_box()
        assert box and box["y"] < PHONE[1] / 2, box
        arrow.tap()
        line = page.locator("#error")
        expect(line).to_contain_text("does nothing now", timeout=WAIT_MS)
        r = line.bounding_box()
        assert r and 0 <= r["y"] and r["y"] + r["height"] <= PHONE[1], f"the reason is off the screen: {r}"
        finger = box["y"] + box["height"] / 2
        gap = min(abs(r["y"] - finger), abs(r["y"] + r["height"] - finger))
        assert gap < 120, f"the reason is said {gap:.0f} px from the finger (line {r}, tap at y {finger:.0f})"
        page.close()


def test_done_is_on_the_first_screen_in_every_move_step(browser: Any) -> None:
    with serving(NEWCOMER_GAME) as url:
        page = _phone(browser, url)
        push(page)
        page.evaluate("window.scrollTo(0, 0)")
        # the longest move prompts a person meets (all cards found, the pawn away from home; no path home this turn:
        # Labyrinth newcomer 46)
        for mid in ("lab.move_home", "lab.move_home_on", "lab.move_home_far", "lab.move_home_far_on", "lab.move_none"):
            home = MESSAGES[mid].format(Player="Red", home="a1", cell="b1")
            page.evaluate("(t) => { document.getElementById('prompt').textContent = t; }", home)
            done = page.locator("#done").bounding_box()
            assert done and done["y"] + done["height"] <= PHONE[1] - 8, f"{mid}: Done at {done} on a {PHONE[1]} px screen"
        page.close()


def test_the_board_does_not_move_with_the_prompt_s_length(browser: Any) -> None:
    with serving(NEWCOMER_GAME) as url:
        page = _phone(browser, url)
        to_shift(page)
        where = "document.getElementById('maze').getBoundingClientRect().top + window.scrollY"
        ys = {"push": page.evaluate(where)}
        for name, text in (("one line", "Red: press Done."), ("wait", "🤖 Blue plays by itself (simulated): wait."),
                           ("move", MESSAGES["lab.move"].format(Player="Red", movers="your pawn"))):
            page.evaluate("(t) => { document.getElementById('prompt').textContent = t; }", text)
            ys[name] = page.evaluate(where)
        assert max(ys.values()) - min(ys.values()) < 1, f"the board moves with the prompt: {ys}"
        page.close()


#: a tile red cannot reach this move, lowest on the board first (a phone says the reason above the finger)
UNREACHABLE = """() => { const reach = new Set((S.view.reachable || {}).red || []); reach.add(S.world.pawns.red);
  const tiles = [...document.querySelectorAll('#maze .tile[data-cell]')].filter((t) => !reach.has(t.dataset.cell));
  tiles.sort((a, b) => b.getBoundingClientRect().top - a.getBoundingClientRect().top);
  return tiles.length ? tiles[Math.min(3, tiles.length - 1)].dataset.cell : null; }"""


@pytest.mark.parametrize("size", [PHONE, (1920, 1080)], ids=["finger-390", "mouse-1920"])
def test_a_refusal_never_covers_the_tile_it_answers(browser: Any, size: tuple[int, int]) -> None:
    """Seen at 1920: "d4 cannot be reached from a1 ..." lay over d4, the tile just clicked."""
    from playwright.sync_api import expect

    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, size, guide=False, seen=SEEN, mobile=size == PHONE)
        push(page)
        page.evaluate("window.scrollTo(0, 0)")
        cell = page.evaluate(UNREACHABLE)
        assert cell, "every tile is reachable"
        tile = page.locator(f'#maze .tile[data-cell="{cell}"]')
        tile.tap() if size == PHONE else tile.click()
        line = page.locator("#error")
        expect(line).to_contain_text("cannot be reached", timeout=WAIT_MS)
        a, b = tile.bounding_box(), line.bounding_box()
        assert a and b
        overlap = min(a["y"] + a["height"], b["y"] + b["height"]) - max(a["y"], b["y"])
        across = min(a["x"] + a["width"], b["x"] + b["width"]) - max(a["x"], b["x"])
        assert overlap <= 0 or across <= 0, f"the reason {b} lies over the tile {cell} {a}"
        page.close()

"""Round 24 (newcomer round 7): a step across a wall already found is refused in words.

The newcomer's pawn stepped b1 -> b2 across the wall found between b1 and b2 and the ball dropped
again, without a word: the page (and the server behind it) refuse such a step the way "c2 is not
next to a1" is refused; the lit cells after a step never count a route across a known wall.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parents[1] / "magic"))

from webtable import open_table  # noqa: E402

from mazeboard.sim.web.protocol import FetchBall, Lift, Place, Press, Slide  # noqa: E402


def test_a_slide_across_a_wall_found_is_refused_in_words() -> None:
    t = open_table()
    t.advance_until(lambda: t.session.table.view.phase == "roll")
    t.do(Press("roll"), 400)
    t.do(Slide("red", "b1"), 1500)  # a1-b1: the maze's wall, found now
    assert [e["edge"] for e in t.events("wall_learned")] == ["a1-b1"]
    t.do(Lift("red"), 400)
    t.do(Place("red", "a1"), 400)
    t.do(FetchBall("red"), 1200)
    t.advance_until(lambda: t.session.table.view.current == "red" and t.session.table.view.phase == "roll")
    t.do(Press("roll"), 400)
    drops = len(t.events("ball_dropped"))
    t.do(Slide("red", "b1"), 1500)
    assert "a wall found already stands between a1 and b1: go round it" in t.errors()[-1], t.errors()
    assert len(t.events("ball_dropped")) == drops  # nothing moved, no ball fell
    assert t.session.world.snapshot()["pawns"]["red"]["cell"] == "a1"
    refused = len(t.errors())
    t.do(Slide("red", "a2"), 600)  # round it: accepted
    assert len(t.errors()) == refused and t.session.world.snapshot()["pawns"]["red"]["cell"] == "a2"


def test_the_lit_cells_after_a_step_do_not_count_a_route_across_a_known_wall() -> None:
    from test_referee import Table  # the referee fed by hand (tests/magic)

    from mazeboard.hal.events import ReedChanged

    t = Table(dice=(2, 1, 2), targets=("owl",))
    t.press("roll")
    t.slide("b1", "b2", frm="a1")
    t.wait(50)
    t.ball(True)  # the wall b1-b2 found (the last step)
    assert [e["edge"] for e in t.of("wall_learned")] == ["b1-b2"]
    t.send(ReedChanged(t.clock.now_ms(), "b2", False))
    t.send(ReedChanged(t.clock.now_ms(), "a1", True))
    t.wait(50)
    t.ball(False)
    t.press("roll")  # blue
    t.press("done")
    t.wait(600)
    t.press("roll")  # red rolls 2
    t.slide("b1", frm="a1")
    said = [e for e in t.events if e.type == "instruction"][-1].to_dict()
    cells = set(said["cells"])
    # from b1 with 1 step left: b2 only across the found wall (round it: 3 steps); a1, passed already in
    # this move, is not lit either (a step back is a revisit: test_lit_cells)
    assert "b2" not in cells and "a1" not in cells and {"b1", "c1"} <= cells, cells


@pytest.mark.browser
def test_the_page_refuses_a_key_click_or_drag_across_a_wall_found(browser: Any) -> None:
    """The newcomer's case on the page: the wall a1-b1 found by red's first ball drop; on red's next
    move a key, a click and a drag east from a1 are refused in words, the pawn stays on a1."""
    from playwright.sync_api import expect

    from test_magic_newcomer import WAIT_MS, WIDE, roll
    from test_magic_return_controls import ball_dropped

    with ball_dropped(browser, WIDE) as page:
        page.wait_for_function("S.view.controls['lift:red'][0] === true", timeout=WAIT_MS)
        page.locator("#lift").click()
        page.locator('#board .cell[data-cell="a1"]').click()
        expect(page.locator("#fetch")).to_be_enabled(timeout=WAIT_MS)
        page.locator("#fetch").click()
        roll(page)
        error = page.locator("#error")
        page.evaluate("window.sentSlides = []; const o = S.ws.send.bind(S.ws);"
                      "S.ws.send = (m) => { if (JSON.parse(m).type === 'slide') sentSlides.push(m); o(m); }; true")
        for move in ("key", "click", "drag"):
            if move == "key":
                page.keyboard.press("ArrowRight")
            elif move == "click":
                page.locator('#board .cell[data-cell="b1"]').click()
            else:
                page.evaluate("dropped('red', 'b1')")
            expect(error, move).to_have_text("a wall found already stands between a1 and b1: go round it", timeout=2_000)
            page.wait_for_timeout(600)
            assert page.evaluate("S.world.pawns.red.cell") == "a1", move
            page.evaluate("document.getElementById('error').textContent = ''")
        assert page.evaluate("sentSlides") == []  # the page itself says it, in its language (no server round)
        assert page.evaluate("S.view.instruction.action") == "move"

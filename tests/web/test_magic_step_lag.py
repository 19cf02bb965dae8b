"""The Magic Labyrinth, a newcomer at 1920x1080 with a mouse on a busy machine: "the board takes about 1.5 s to answer
a click" (a step's click to the pawn drawn on its cell and the prompt naming it). The simulated board senses the step
in about 135 ms (half of a 250 ms slide, sim/world.py Physics.step_ms, then the 10 ms reed debounce); the rest was
the page: each of the step's five world messages redrew the prompt, and each redraw measured the prompt's room
(notice.js keepRoom: a dozen prompts put in the box and read back, a forced layout each), 100-250 ms a message on a
busy machine, so the messages queued behind each other. The room is measured again only when what it is measured
from changes."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from tests.web.test_magic_newcomer import ARGS, WIDE, open_page, roll, served

pytestmark = pytest.mark.browser

#: the page's layouts from the click until the step is done (Chromium's own count, DevTools' Performance.getMetrics):
#: one a message and some frames' own; the page made over a hundred (a dozen prompts measured at each message)
LAYOUTS = 40


#: the click on a2 and the clock in the page: each frame looks whether the pawn is drawn on a2 and the prompt names it
#: (window.__seen: ms from the click); also benchmarks/bench_page_step.py's
CLICK_A2 = """() => new Promise((done) => {
    window.__seen = {};
    const t0 = performance.now(), $ = (q) => document.querySelector(q);
    const on = (el, cell) => { // the middle of `el` inside `cell`
      if (!el || !cell) return false;
      const a = el.getBoundingClientRect(), r = cell.getBoundingClientRect();
      const x = a.left + a.width / 2, y = a.top + a.height / 2;
      return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
    };
    const look = () => {
      const n = performance.now() - t0, seen = window.__seen;
      if (seen.pawn === undefined && on($('#board .pawn.red'), $('#board .cell[data-cell="a2"]'))) seen.pawn = n;
      if (seen.prompt === undefined && /\\bon a2\\b/.test($('#prompt').textContent)) seen.prompt = n;
      if (seen.pawn === undefined || seen.prompt === undefined) requestAnimationFrame(look);
    };
    $('#board .cell[data-cell="a2"]').click();
    requestAnimationFrame(look);
    done();
})"""


@pytest.fixture
def url() -> Iterator[str]:
    yield from served(ARGS)


def test_a_step_clicked_is_drawn_without_measuring_the_prompt_s_room_at_every_message(browser: Any, url: str) -> None:
    page = open_page(browser, url, WIDE)
    try:
        roll(page)
        page.wait_for_function("S.world.pawns.red.cell === 'a1' && !S.world.hands.red.busy")
        assert re.search(r"\bon a1\b", page.locator("#prompt").inner_text()), page.locator("#prompt").inner_text()
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")

        def layouts() -> int:
            metrics = cdp.send("Performance.getMetrics")["metrics"]
            return next(int(m["value"]) for m in metrics if m["name"] == "LayoutCount")

        before = layouts()
        # the click and the clock in the page: a1 -> a2 is open (ARGS: the one wall is a1-b1); each frame looks
        # whether the pawn is drawn on a2 and the prompt names it
        page.evaluate(CLICK_A2)
        page.wait_for_function("window.__seen.pawn !== undefined && window.__seen.prompt !== undefined", timeout=15_000)
        # the step done: the hand idle on a2 (the last of the step's world messages)
        page.wait_for_function("!S.world.hands.red.busy && S.world.pawns.red.cell === 'a2'")
        made = layouts() - before
        seen = page.evaluate("window.__seen")
        assert made < LAYOUTS, f"{made} layouts of the page for one step"
        assert seen["pawn"] >= 0 and seen["prompt"] >= 0, seen  # (both seen: the step drawn and said)
    finally:
        page.close()

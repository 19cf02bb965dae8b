"""Issue 15, Labyrinth newcomer 93 (phone): one walk wrote a log line per step, "Red a1 → b1", "Red b1 → c1", … 17 of
them, and the push, the finds and Blue's turn went far down. A pawn's steps in a row are one line, "Red a1 → b1 → c1";
a step that does not go on from the line's end (another pawn, a jump) starts a new one."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_plain_words_browser import LABYRINTH, WAIT_MS, WIDE, open_page, serving

pytestmark = pytest.mark.browser


def test_a_walk_is_one_line_of_the_log(browser: Any) -> None:
    with serving(LABYRINTH) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.view && S.world", timeout=WAIT_MS)
            lines = page.evaluate("""() => {
              const step = (pawn, from, to) => addLog({ type: "step", pawn, from, to, t: 0 });
              step("red", "a1", "b1"); step("red", "b1", "c1"); step("red", "c1", "c2");
              step("blue", "g7", "f7"); step("red", "e5", "e4");
              return [...document.querySelectorAll("#log li")].slice(0, 3).map((li) => li.querySelector(".text").textContent); }""")
            # the tip box's rest line on a phone ("📜 Latest in What happened: …") says the whole walk (an attack read
            # only its first step there)
            rest = page.evaluate("""() => { addLog({ type: "step", pawn: "red", from: "e4", to: "e3", t: 0 });
              return document.getElementById("guide").dataset.rest; }""")
        finally:
            page.close()
    assert lines == ["Red e5 → e4", "Blue g7 → f7", "Red a1 → b1 → c1 → c2"], lines
    assert "Red e5 → e4 → e3" in rest, rest

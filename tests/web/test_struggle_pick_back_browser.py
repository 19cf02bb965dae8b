"""Issue 15, Struggle newcomer 88 on the page: the pick that keeps back the token the card wants last says so
(``hint_why`` ``back``, ``tests/struggle/test_struggle_pick_last_place.py``), never "takes token J … furthest"."""

from __future__ import annotations

from typing import Any

import pytest
from test_struggle_choosing_round26a_browser import SEED7

from tests.web.test_plain_words_browser import WIDE, open_page, serving

pytestmark = pytest.mark.browser


def test_the_pick_line_says_the_token_wanted_last_is_kept_back(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=30_000)
            said = page.evaluate("""() => {
              S.view.spaces = { J: 11, "10": 3 }; S.view.arrived = ["9", "K", "Q"]; S.view.phase = "choosing";
              const card = ["9", "K", "A", "Q", "J"];
              const ways = [{ index: 0, spaces: { J: 15, "10": 3 }, arrived: ["9", "K", "Q"] },
                            { index: 1, spaces: { J: 14, "10": 3 }, arrived: ["9", "K", "Q"] }];
              const out = {};
              for (const why of [{ reason: "back", token: "J" }, { reason: "back", token: null }]) {
                drawPickLine(S.view, ways, card, 1, true, why);
                out[why.token || "own"] = document.getElementById("pick-line").textContent;
              }
              return out;
            }""")
        finally:
            page.close()
    assert "way 2" in said["J"] and "keeps token J further back than each of them does: your card wants it last, in place E" in said["J"], said
    assert "keeps the token your card wants last further back" in said["own"], said
    # (compared with the ways scoring as many, never "furthest": Struggle newcomer 101 read "keeps token 10 furthest
    # back" beside the same way's "token 10 moves ahead from 2nd to 1st")
    assert "furthest" not in said["own"] + said["J"] and "takes token" not in said["J"] + said["own"], said

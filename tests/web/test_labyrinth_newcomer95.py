"""Issue 15, Labyrinth newcomer 95 (the card page, phone and 1920x1080): "Nearest to it, 2 tiles away …: S-b (then to
g5), N-b (then to g5), N-d (then to g5) and 4 more as near" -- none of those pushes touched the pawn or its path, g5
was reached whatever was pushed, and seven pushes "equally good" made each one look necessary. Pushes that all lead
to one tile are said as such: the tile once, then how many pushes do it."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer17 import card_tab

from tests.web.test_plain_words_browser import LABYRINTH, serving

pytestmark = pytest.mark.browser

SEVEN = {"N-b": "g5", "N-d": "g5", "N-f": "g5", "S-b": "g5", "S-d": "g5", "W-2": "g5", "W-4": "g5"}


def test_pushes_that_all_lead_to_one_tile_are_said_with_it_once(browser: Any) -> None:
    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, _page, card = card_tab(browser, url)
        try:
            said = card.evaluate("""(seven) => {
              const base = { cards: ["crown"], found: 0, remaining: 2, corner: "a1", vader_cards: [], winner: null };
              const say = (nearest, stay) => { drawLabyrinth({ ...base, ways: { crown: { now: [], turned: [], nearest,
                tiles: 2, stay, nearer: true } } }); return document.querySelector("#secret .ways").textContent; };
              return { seven: say(seven, []), two: say({ "N-b": "g5", "S-d": "g5" }, []),
                       stay: say({ "N-b": "g5", "S-d": "g5" }, ["N-b", "S-d"]),
                       mixed: say({ "N-b": "g5", "S-d": "f4" }, []) }; }""", SEVEN)
        finally:
            mine.close()
    assert "with the spare as it lies: walk to g5 after any of these 7 pushes: N-b, N-d, N-f and 4 more." in said["seven"], said
    assert "(then to g5)" not in said["seven"], said
    assert "walk to g5 after either of these pushes: N-b or S-d." in said["two"], said
    assert "stay on g5 after either of these pushes: N-b or S-d." in said["stay"], said
    # (pushes to two tiles: each with its own)
    assert "N-b (then to g5) and S-d (then to f4)" in said["mixed"], said

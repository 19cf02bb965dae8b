"""Issue 15, Labyrinth newcomer 95 (the card page, phone and 1920x1080): "Nearest to it, 2 tiles away …: S-b (then to
g5), N-b (then to g5), N-d (then to g5) and 4 more as near" -- none of those pushes touched the pawn or its path, g5
was reached whatever was pushed, and seven pushes "equally good" made each one look necessary. Pushes that all lead
to one tile are said as such: each push named once, then the tile once."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer17 import card_tab

from tests.web.test_plain_words_browser import LABYRINTH, serving

pytestmark = pytest.mark.browser

# (in the server's order, SLOT_NAMES: the page sorts them, as its other lists of arrows)
SEVEN = {"S-b": "g5", "N-b": "g5", "S-d": "g5", "N-d": "g5", "N-f": "g5", "W-2": "g5", "W-4": "g5"}


def test_pushes_that_all_lead_to_one_tile_are_said_with_it_once(browser: Any) -> None:
    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, _page, card = card_tab(browser, url)
        try:
            said = card.evaluate("""(seven) => {
              const base = { cards: ["crown"], found: 0, remaining: 2, corner: "a1", vader_cards: [], winner: null };
              const say = (nearest, stay, nearer = true) => { drawLabyrinth({ ...base, ways: { crown: { now: [], turned: [],
                nearest, tiles: 2, stay, nearer } } }); return document.querySelector("#secret .ways").textContent; };
              return { seven: say(seven, []), two: say({ "S-d": "g5", "N-b": "g5" }, []),
                       stay: say({ "N-b": "g5", "S-d": "g5" }, ["N-b", "S-d"]),
                       stuck: say({ "N-b": "c2", "N-d": "c2", "S-b": "c2" }, ["N-b", "N-d", "S-b"], false),
                       mixed: say({ "N-b": "g5", "S-d": "f4" }, []) }; }""", SEVEN)
        finally:
            mine.close()
    # (every push named, none left as "4 more", in one order: an attack)
    assert "push at any of N-b, N-d, N-f, S-b, S-d, W-2 or W-4, each letting it walk to g5." in said["seven"], said
    assert "(then to g5)" not in said["seven"], said
    assert "push at either N-b or S-d, each letting it walk to g5." in said["two"], said
    assert "either N-b or S-d, each leaving it on g5." in said["stay"], said
    # (no push nearer than it stands: the pushes keeping it as near grouped too, an attack)
    assert "these keep it as near: any of N-b, N-d or S-b, each leaving it on c2." in said["stuck"], said
    # (pushes to two tiles: each with its own)
    assert "N-b (then to g5) or S-d (then to f4)" in said["mixed"], said

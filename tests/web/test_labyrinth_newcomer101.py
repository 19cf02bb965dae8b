"""Issue 15, Labyrinth newcomer 101 (the card page on a phone) read twice "Nearest to it, beside it with a wall between,
with the spare as it lies: E-2, then walk to e2": two qualifiers stacked before the push. The spare's scope comes
first, the nearest tile is said as what the pawn can reach, then the push as one instruction ("With the spare as it
lies, the nearest your pawn can get is the tile beside it, behind a wall: push at E-2, then walk to e2"); on the card
page for the pawn and for the Vader pawn, and on the board's page for the way home. (An attack: "(no need to turn
it)", tried first, was false where a turn of the spare lets a push take the pawn nearer: the words keep to the
spare as it lies.)"""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer17 import card_tab

from tests.web.test_plain_words_browser import LABYRINTH, serving

pytestmark = pytest.mark.browser

PUSH = "push at E-4, then walk to b5."


def test_the_nearest_tile_and_its_push_are_said_apart(browser: Any) -> None:
    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, page, card = card_tab(browser, url)
        try:
            said = card.evaluate("""() => {
              const out = [];
              for (const vader of [[], ["crown"]]) for (const tiles of [1, 3]) {
                drawLabyrinth({ cards: ["crown"], found: 0, remaining: 2, corner: "a1", vader_cards: vader, winner: null,
                                ways: { crown: { now: [], turned: [], nearest: { "E-4": "b5" }, tiles, stay: [] } } });
                out.push(document.querySelector("#secret .ways").textContent); }
              return out; }""")
            # the board's page, its way home: the pawn on e5, the push at the first lit arrow reaching b2 (2 tiles from
            # a1), another b1's neighbour a2 (1 tile)
            page.wait_for_function("() => S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy", timeout=90_000)
            home = page.evaluate("""() => { const lit = [...document.querySelectorAll('#maze .slot:not(.off)')].map((e) => e.dataset.slot);
                const all = Object.fromEntries(lit.map((k) => [k, ['b1']]));
                const out = [];
                for (const near of [['b2', 'c3'], ['a2', 'c3']]) {
                  S.view.instruction = { ...S.view.instruction, messages: [{ id: 'lab.shift_home', args: { player: 'red', home: 'a1' } }] };
                  S.world = { ...S.world, pawns: { ...S.world.pawns, red: 'e5' }, push_reach_any: { red: all },
                              push_reach: { red: Object.fromEntries(lit.map((k, i) => [k, i ? ['c3', 'd4'] : near])) } };
                  drawInfo(); out.push([lit[0], document.getElementById('mover').innerText]); }
                return out; }""")
        finally:
            mine.close()
    assert said[0].endswith("Nearest with the spare as it lies: " + PUSH + " Your pawn then stands beside the picture, behind a "
                            "wall (the push may move the picture too)."), said[0]
    assert said[1].endswith("Nearest with the spare as it lies: " + PUSH + " Your pawn is then 3 tiles from the picture, counted "
                            "along the rows and columns as if there were no walls (the push may move the picture too)."), said[1]
    assert said[2].endswith("Nearest with the spare as it lies: " + PUSH + " The Vader pawn then stands beside the picture, "
                            "behind a wall (the push may move the picture too)."), said[2]
    assert said[3].endswith("Nearest with the spare as it lies: " + PUSH + " The Vader pawn is then 3 tiles from the picture, "
                            "counted along the rows and columns as if there were no walls (the push may move the picture too)."), said[3]
    assert all("Nearest to it" not in s and "with a wall between" not in s for s in said), said
    (first, two), (_, one) = home
    assert (f"Nearest with the spare as it lies: push at {first}, then walk to b2. Your pawn is then 2 tiles from a1, "
            "counted along the rows and columns as if there were no walls.") in two, two
    assert (f"Nearest with the spare as it lies: push at {first}, then walk to a2. Your pawn then stands beside a1, behind "
            "a wall.") in one, one
    assert all("no need to turn" not in s for s in said + [two, one]), (said, two, one)

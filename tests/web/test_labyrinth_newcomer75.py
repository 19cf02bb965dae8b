"""Issue 15, Labyrinth newcomer 75 (1920x1080): walking home, the words said "No push opens a way to a1 this turn,
whichever way the spare is turned, and none lets your pawn walk nearer to it than e7, where it stands"; after one
Rotate, "Nearest to it, with the spare as it lies: N-d, then walk to d7 (9 tiles from a1 …)". The nearest was reckoned
with the spare as it lay only, the sentence read as every way it turns. Where a push with the spare turned lets the
pawn walk nearer, the words say to turn it; "none nearer" is said only where no turn of the spare helps."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import PHONE, WAIT_MS, open_page
from test_labyrinth_round22 import RED_ARGS
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

SET = """([any_near]) => {
  const lit = [...document.querySelectorAll('#maze .slot:not(.off)')].map((e) => e.dataset.slot);
  const s = S.view.instruction;
  S.view.instruction = { ...s, messages: [{ id: 'lab.shift_home', args: { player: 'red', home: 'a1' } }] };
  const now = Object.fromEntries(lit.map((k) => [k, ['c3', 'd4']]));
  const any = Object.fromEntries(lit.map((k, i) => [k, i === 0 && any_near ? ['b2', 'c3', 'd4'] : ['c3', 'd4']]));
  S.world = { ...S.world, pawns: { ...S.world.pawns, red: 'c3' }, push_reach: { red: now }, push_reach_any: { red: any } };
  drawInfo();
  return document.getElementById('mover').innerText;
}"""


def test_none_nearer_is_said_only_where_no_turn_of_the_spare_helps(browser: Any) -> None:
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, PHONE, guide=False, mobile=True)
        try:
            page.wait_for_function("() => S.view && S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy"
                                   " && S.world.push_reach", timeout=WAIT_MS)
            turned = page.evaluate(SET, [True])  # the first arrow's push, the spare turned, reaches b2: 1 tile nearer
            assert "whichever way the spare is turned, and none" not in turned, turned
            assert "Rotate" in turned and "nearer to it than c3" in turned, turned
            never = page.evaluate(SET, [False])  # no turn of the spare gets the pawn off c3's distance
            assert "whichever way the spare is turned, and none lets your pawn walk nearer to it than c3" in never, never
            assert "Rotate" not in never, never
        finally:
            page.context.close()


def test_the_push_to_turn_the_spare_for_is_named(browser: Any) -> None:
    """Labyrinth newcomer 76 (1920x1080) read "⟳ Rotate it, and one then does" as one press; after one Rotate the words
    were the same, and only the second quarter turn named the push. The words name the push and its tile, the spare
    turned, and say to turn it until they say "with the spare as it lies"."""
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, PHONE, guide=False, mobile=True)
        try:
            page.wait_for_function("() => S.view && S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy"
                                   " && S.world.push_reach", timeout=WAIT_MS)
            first = page.evaluate("() => [...document.querySelectorAll('#maze .slot:not(.off)')][0].dataset.slot")
            turned = page.evaluate(SET, [True])
            assert f"{first}, then walk to b2" in turned, turned
            assert "“with the spare as it lies”" in turned.split(first)[1], turned
        finally:
            page.context.close()


def test_a_push_that_carries_the_pawn_there_says_so(browser: Any) -> None:
    """Labyrinth newcomer 76 (1920x1080) read "N-f, then walk to f4": the push carried its pawn from f5 to f4, and the
    prompt then said no path led on: "for a moment I thought I had pushed the wrong arrow". A push whose row or column
    carries the pawn to the tile named says so."""
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, PHONE, guide=False, mobile=True)
        try:
            page.wait_for_function("() => S.view && S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy"
                                   " && S.world.push_reach", timeout=WAIT_MS)
            said = page.evaluate("""() => {
              const lit = [...document.querySelectorAll('#maze .slot:not(.off)')].map((e) => e.dataset.slot);
              const slot = lit.find((k) => k.startsWith('N-'));
              if (!slot) return null;
              const col = slot.slice(2), s = S.view.instruction;
              S.view.instruction = { ...s, messages: [{ id: 'lab.shift_home', args: { player: 'red', home: 'a1' } }] };
              const far = Object.fromEntries(lit.map((k) => [k, [col + '6']]));
              const now = { ...far, [slot]: [col + '4'] };  // the pawn on col5, carried south to col4
              S.world = { ...S.world, pawns: { ...S.world.pawns, red: col + '5' }, push_reach: { red: now },
                          push_reach_any: { red: now } };
              drawInfo();
              return [slot, col, document.getElementById('mover').innerText];
            }""")
            assert said, "no N- slot lit"
            slot, col, words = said
            assert f"{slot}, which carries your pawn to {col}4" in words, words
            assert "then walk to" not in words, words
        finally:
            page.context.close()

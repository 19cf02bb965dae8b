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

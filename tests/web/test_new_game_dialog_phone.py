"""Issue 15, recurring cosmetic (ninth session, round 3): on a phone the New game dialog's first "Cards each"
option read "all 24 shared out: 12 each (the rules; a lor": a choice cut mid-word. Every choice in every game's
New game dialog is read whole inside its box at 390x844 (text measured with the box's own font)."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser

WAIT = 30000

CUT = """() => {
  // a select's own width fits its longest choice; one held narrower by the layout cuts it: each box is measured
  // against a copy of it free to take its own width (one choice at a time, as Chromium sizes a box to them all)
  const out = [];
  for (const sel of document.querySelectorAll('dialog[open] select')) {
    for (const o of sel.options) {
      const free = document.createElement('select');
      free.style.cssText = 'position:absolute;visibility:hidden;width:auto;max-width:none;min-width:0';
      free.className = sel.className;
      free.appendChild(new Option(o.text));
      sel.parentElement.appendChild(free);
      const need = free.getBoundingClientRect().width;
      free.remove();
      if (need > sel.getBoundingClientRect().width + 0.5) out.push(`${sel.id}: "${o.text}" needs ${need.toFixed(0)} px, has ${sel.getBoundingClientRect().width.toFixed(0)}`);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("game,players", [("magic", None), ("labyrinth", ("2", "3", "4")), ("struggle", None)])
def test_every_choice_of_the_new_game_dialog_reads_whole_on_a_phone(browser: Any, game: str, players: Any) -> None:
    with serving(("--game", game, "--seed", "7")) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = ctx.new_page()
        try:
            page.goto(url)
            page.wait_for_function("() => typeof S !== 'undefined' && S.view && S.hello", timeout=WAIT)
            page.locator("#new-game").tap()
            page.locator("dialog[open] select").first.wait_for(timeout=WAIT)
            cut = []
            for n in players or (None,):
                if n:
                    page.select_option("#ng-players", n)
                cut += page.evaluate(CUT)
            assert page.locator("dialog[open] select").count() > 0
            assert not cut, cut
        finally:
            ctx.close()

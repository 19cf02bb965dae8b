"""Issue 15, Struggle newcomer 34: having moved the tokens by hand and pressed Stop on turn 1, the newcomer pressed
"Place tokens as shown" on turn 2 and found Blue already playing: nothing on the page said the button ends the turn
too. The placing tip and the help say what each way does next."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser


def test_the_placing_tip_and_the_help_say_place_tokens_as_shown_ends_the_turn(browser: Any) -> None:
    with serving(("--game", "struggle", "--seed", "7", "--humans", "red")) as url:
        page = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True).new_page()
        try:
            page.goto(url)
            page.wait_for_function("() => S.view && S.hello && typeof tips === 'function'", timeout=30000)
            tip = page.evaluate("tips().place")
            assert "then press ✋ Stop to end the turn" in tip and "Place tokens as shown, which places them and ends the turn" in tip, tip
            assert "tap a token" in tip  # a touch screen's words
            assert "START too, is where a token leaves from" in tip, tip  # the fading glow said (Struggle newcomer 50)
            help_text = " ".join(page.locator("#help").inner_text().split())
            assert "Place tokens as shown, which places them and ends the turn" in help_text, help_text
        finally:
            page.context.close()


def test_an_ace_counted_as_a_token_arrived_already_says_it_moves_nothing(browser: Any) -> None:
    """Struggle newcomer 34: "the ace counts as 9" was listed with 9 arrived already; only the log after the play said
    its dice move nothing."""
    with serving(("--game", "struggle", "--seed", "7", "--humans", "red")) as url:
        page = browser.new_page(viewport={"width": 1920, "height": 1080})
        try:
            page.goto(url)
            page.wait_for_function("() => S.view && S.hello && S.world", timeout=30000)
            said = page.evaluate("""() => {
              const v = S.view;
              v.phase = 'choosing'; v.current = 'red'; v.arrived = ['9']; v.selected = 0;
              v.outcomes = [{ index: 0, ace: ['9'], moves: [{ token: 'J', from: 2, to: 3, result: 'moved' }], spaces: {}, arrived: ['9'] },
                            { index: 1, ace: ['J'], moves: [{ token: 'J', from: 2, to: 4, result: 'moved' }], spaces: {}, arrived: ['9'] }];
              drawInfo();
              return [...document.querySelectorAll('#outcomes .outcome .ace-as')].map((e) => e.textContent);
            }""")
            assert said == ["the ace counts as 9 (9 arrived already: moves nothing)", "the ace counts as J"], said
        finally:
            page.close()

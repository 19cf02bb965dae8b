"""Issue 15, Struggle newcomer 46: 9, ace, ace held, two dice thrown again came up as before (10 K), the log said
"Red threw 9 ace ace 10 K (throw 1)" then the same for throw 2, and the newcomer thought Throw had done nothing. A
throw after the first says which dice were thrown again and which were kept."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving
from test_struggle_newcomer17 import SEED7, WAIT

pytestmark = pytest.mark.browser


def test_a_second_throw_says_the_dice_thrown_again_and_those_kept(browser: Any) -> None:
    with serving(SEED7) as url:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        try:
            page.goto(url)
            page.wait_for_function("() => typeof LOG_TEXT === 'object' && !!S.hello", timeout=WAIT)
            first, again = page.evaluate("""() => [
              LOG_TEXT.hand({player: 'red', faces: ['9', 'A', 'A', '10', 'K'], throw: 1, held: []}),
              LOG_TEXT.hand({player: 'red', faces: ['9', 'A', 'A', '10', 'K'], throw: 2, held: [1, 2, 3]})]""")
            assert first == "Red threw 9 ace ace 10 K (throw 1)", first
            # (the hand first, in the dice's order: Struggle newcomer 47)
            # (...the dice thrown again counted, then what they came up: Struggle newcomer 52)
            assert again == "Red threw 9 ace ace 10 K (throw 2: 2 dice thrown again, now 10 K; 9 ace ace kept)", again
            one = page.evaluate("() => LOG_TEXT.hand({player: 'red', faces: ['9', 'A', 'A', '10', 'K'], throw: 3, held: [1, 2, 3, 4]})")
            assert one == "Red threw 9 ace ace 10 K (throw 3: 1 die thrown again, now K; 9 ace ace 10 kept)", one
        finally:
            page.close()

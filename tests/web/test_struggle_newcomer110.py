"""Issue 15, Struggle newcomer 110 (phone 390x844): a tap on the greyed "✋ Stop: end the turn" before the tokens were
placed was answered "✋ Stop: end the turn: does nothing now. Red: move the tokens …" in a toast laid over "🤚 Place
tokens as shown", the button the newcomer pressed next: that tap only put the toast away. A refusal's toast lies over
no control that acts now, Place tokens as shown and Gather tokens on start among them."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import serving
from test_struggle_choosing_round26a_browser import SEED7, WAIT
from test_struggle_newcomer58 import _phone
from test_struggle_newcomer84 import _placing

pytestmark = pytest.mark.browser


def test_a_refusal_toast_lies_over_no_control_that_acts(browser: Any) -> None:
    with serving(SEED7, 0) as url:
        ctx, page = _phone(browser, url, "['goal', 'dice', 'throw', 'choose', 'place']")
        try:
            _placing(page)
            page.wait_for_function("() => { const b = document.getElementById('follow'); return b && b.offsetParent !== null"
                                   " && b.getAttribute('aria-disabled') !== 'true'; }", timeout=WAIT)
            page.locator("#stop").tap(force=True)  # off (aria-disabled) until the tokens are placed
            page.wait_for_function("() => document.getElementById('error').textContent.includes('does nothing now')",
                                   timeout=WAIT)
            boxes = page.evaluate("""() => { const b = (id) => { const r = document.getElementById(id).getBoundingClientRect();
                return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
              return { error: b('error'), follow: b('follow') }; }""")
        finally:
            ctx.close()
    e, f = boxes["error"], boxes["follow"]
    over = e["left"] < f["right"] and f["left"] < e["right"] and e["top"] < f["bottom"] and f["top"] < e["bottom"]
    assert not over, boxes

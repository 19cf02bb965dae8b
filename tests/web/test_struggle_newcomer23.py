"""Issue 15, Struggle newcomer 23 (phone): the prompt said "Token K: START → space 1", and the J token on START was
tinted pink by space 1's glow: it looked like the token to move. The lights paint under every space and token: a
lit space's glow shows in the gaps round it, and what stands on a neighbour keeps its own colours."""

from __future__ import annotations

from io import BytesIO
from typing import Any

import pytest
from PIL import Image
from test_plain_words_browser import PHONE, serving
from test_struggle_newcomer17 import SEED7, WAIT

pytestmark = pytest.mark.browser


def test_a_lit_space_s_glow_never_paints_over_a_neighbour_s_tokens(browser: Any) -> None:
    with serving(SEED7) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = ctx.new_page()
        try:
            page.goto(url)
            page.wait_for_function("S.hello && S.view && document.querySelector('.space.kind-start .token')", timeout=WAIT)
            # space 1 lit in red beside START, as a way's preview lights it
            page.evaluate("""() => { for (const e of document.querySelectorAll('#track .space')) {
              const n = e.querySelector('.num');
              if (n && n.textContent.trim() === '1') { e.classList.add('lit'); e.style.setProperty('--glow', 'rgb(255, 0, 0)'); } } }""")
            page.wait_for_timeout(300)
            shot = Image.open(BytesIO(page.screenshot())).convert("RGB")

            def edge(token: str) -> tuple[int, int, int]:  # a token's face 3 px in from its right edge
                box = page.locator(f'.space.kind-start .token[data-token="{token}"]').bounding_box()
                return shot.getpixel((int(box["x"] + box["width"] - 4), int(box["y"] + box["height"] / 2)))

            near, far = edge("J"), edge("K")  # J stands next to space 1; K at START's other side
            assert abs(near[1] - far[1]) <= 12 and abs(near[2] - far[2]) <= 12, f"J is tinted: {near} beside K's {far}"
        finally:
            ctx.close()

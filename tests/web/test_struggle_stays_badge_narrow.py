"""Issue 15, an attack on the Struggle board's "stays" mark (session 25): on a 320 px phone, "tokens K and Q stay" on
a space at the board's edge ran past the screen's edge, its words cut. On a space at a row's end the mark keeps to the
board's side of it."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import open_page, serving
from test_struggle_choosing_round26a_browser import SEED7
from test_struggle_newcomer40 import keep_first_hand

pytestmark = pytest.mark.browser

NARROW = (320, 640)


@pytest.mark.parametrize("direction", ["ltr", "rtl"])
def test_a_two_token_stays_mark_keeps_inside_its_space_on_a_narrow_phone(browser: Any, direction: str) -> None:
    """Every space given the longest English mark, "tokens K and Q stay": the mark's box lies inside the screen and
    inside the board's track, and on the space at each row's end it starts or ends within that space; on a page set
    right to left too, as Persian sets it (i18n.js puts the language's direction on <html>)."""
    with serving(SEED7) as url:
        page = open_page(browser, url, NARROW)
        try:
            keep_first_hand(page)
            page.evaluate("(d) => { document.documentElement.dir = d; }", direction)
            boxes = page.evaluate("""() => [...document.querySelectorAll('#track .space')].map((e) => {
              e.dataset.stays = 'tokens K and Q stay';
              const r = e.getBoundingClientRect(), cs = getComputedStyle(e, '::after');
              const w = parseFloat(cs.width) + parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight);
              const t = document.getElementById('track').getBoundingClientRect();
              const left = cs.transform === 'none' ? r.left + parseFloat(cs.left) : r.left + r.width / 2 - w / 2;
              return { s: e.dataset.sensor, left, right: left + w, sl: r.left, sr: r.right, tl: t.left, tr: t.right, vw: innerWidth };
            })""")
            assert boxes
            for b in boxes:
                assert b["left"] >= b["tl"] - 0.5 and b["right"] <= b["tr"] + 0.5, b
                assert b["left"] <= b["sr"] and b["right"] >= b["sl"], b  # (its own space's, not a neighbour's)
                assert b["left"] >= 0 and b["right"] <= b["vw"], b
        finally:
            page.context.close()

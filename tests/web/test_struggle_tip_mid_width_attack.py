"""Issue 15, an attack (session 21): on a wide screen narrower than 1300 px (or lower than 800), Struggle's first tip
floats over the foot of the side panel, and the panel ends above it; the tip, as tall as its words, left the panel so
little room that "🃏️ Show Red's card", the button the tip itself names, lay below the panel's view, under the tip
(1024x700 in English, German and Persian; 1280x720 in German; a window narrowed while the tip showed). The tip is no
taller than the room under the objective card's box, its words scrolling, as Magic's and Labyrinth's are kept under
their side panel's buttons."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import STRUGGLE, WAIT_MS, serving

pytestmark = pytest.mark.browser

SEEN = """() => {
  const g = document.getElementById('guide'), b = document.querySelector('#my-card button');
  if (!b || g.hidden) return { shown: !g.hidden, button: !!b };
  const r = b.getBoundingClientRect(), at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  const ok0 = 0, ok = g.querySelector('.guide-ok').getBoundingClientRect();
  return { shown: true, button: true, hit: !!at && (at === b || b.contains(at)), top: r.top, bottom: r.bottom,
           tip: g.getBoundingClientRect().top, tipH: g.offsetHeight, gotIt: ok.bottom <= innerHeight && ok.top >= 0, h: innerHeight };
}"""


@pytest.mark.parametrize(("size", "lang"), [((1024, 700), "en"), ((1024, 700), "de"), ((1024, 700), "fa"),
                                           ((1280, 720), "de"), ((950, 620), "en")])
def test_the_tip_leaves_the_card_s_button_in_view(browser: Any, size: tuple[int, int], lang: str) -> None:
    with serving(STRUGGLE) as url:
        page = browser.new_page(viewport={"width": size[0], "height": size[1]})
        try:
            page.goto(f"{url}?lang={lang}")
            page.wait_for_function("() => { const g = document.getElementById('guide'); return g && !g.hidden"
                                   " && document.querySelector('#my-card button'); }", timeout=WAIT_MS)
            page.wait_for_timeout(500)
            seen = page.evaluate(SEEN)
            assert seen["hit"] and seen["gotIt"], seen
        finally:
            page.close()


def test_the_tip_leaves_the_card_s_button_in_view_as_the_window_narrows(browser: Any) -> None:
    with serving(STRUGGLE) as url:
        page = browser.new_page(viewport={"width": 1920, "height": 1080})
        try:
            page.goto(url)
            page.wait_for_function("() => { const g = document.getElementById('guide'); return g && !g.hidden"
                                   " && document.querySelector('#my-card button'); }", timeout=WAIT_MS)
            for w, h in ((1300, 800), (1100, 650), (950, 620)):
                page.set_viewport_size({"width": w, "height": h})
                page.wait_for_timeout(500)
                seen = page.evaluate(SEEN)
                assert seen["hit"] and seen["gotIt"], (w, h, seen)
        finally:
            page.close()

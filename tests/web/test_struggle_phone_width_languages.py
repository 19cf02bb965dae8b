"""An attack on the translated labels: the Struggle page on a phone grew wider than the screen in German, Persian,
Italian and Portuguese (493 px on a 390 px screen in Italian: "🤚 Metti le pedine come indicato" and "↩ Raccogli le
pedine sulla partenza" side by side, unbroken), the track cut at both edges; at 320 px English too. Every language's
page keeps a phone's width, the hand's buttons wrapping their words."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import STRUGGLE, WAIT_MS, serving

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [390, 320])
def test_no_language_widens_the_struggle_page_on_a_phone(browser: Any, width: int) -> None:
    from playwright.sync_api import expect

    with serving(STRUGGLE) as url:
        wide = {}
        for lang in ("en", "de", "fa", "it", "pt"):
            ctx = browser.new_context(viewport={"width": width, "height": 844 if width == 390 else 640},
                                      has_touch=True, is_mobile=True)
            page = ctx.new_page()
            page.goto(f"{url}?lang={lang}")
            expect(page.locator("html")).to_have_attribute("lang", lang, timeout=WAIT_MS)
            expect(page.locator("#conn")).to_have_attribute("data-state", "open", timeout=WAIT_MS)
            page.wait_for_timeout(400)
            wide[lang] = page.evaluate("document.documentElement.scrollWidth")
            ctx.close()
        assert all(w <= width for w in wide.values()), wide


def test_the_magic_buttons_keep_their_words_whole_at_320_px(browser: Any) -> None:
    """An attack: at 320 px Italian's "✊ Solleva pedina" and Portuguese's "✊ Levantar peão" were cut ("Soll / ped": 67 px
    of words in a 36 px button)."""
    from playwright.sync_api import expect

    from test_plain_words_browser import MAGIC

    with serving(MAGIC) as url:
        cut = {}
        for lang in ("en", "de", "fa", "it", "pt"):
            ctx = browser.new_context(viewport={"width": 320, "height": 640}, has_touch=True, is_mobile=True)
            page = ctx.new_page()
            page.goto(f"{url}?lang={lang}")
            expect(page.locator("html")).to_have_attribute("lang", lang, timeout=WAIT_MS)
            page.wait_for_timeout(400)
            cut[lang] = page.evaluate("""() => [...document.querySelectorAll('.controls button')]
              .filter((b) => b.offsetParent && b.scrollWidth > b.clientWidth + 1).map((b) => [b.id, b.scrollWidth, b.clientWidth])""")
            ctx.close()
        assert all(not c for c in cut.values()), cut

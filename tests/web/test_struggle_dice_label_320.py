"""Issue 15 (an attack, German at 320x568): the page scrolled sideways (325 px) once the hand was played. The attack
blamed "Wurf gespielt: die Steine ziehen" beside the dice's heading (cut with "…" inside its box, as it is: the
heading never widens the page, checked here in every phase); the cause was "✋ Stopp: Zug beenden", 86 px of words in
the 64 px Stop beside the five dice. Neither widens a 320 px page, in any language."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import serving
from test_struggle_choosing_round26a_browser import SEED7

pytestmark = pytest.mark.browser

IDS = ["page.str.dice_kept", "page.str.dice_played", "page.str.dice_played_none", "page.str.throw_of"]


@pytest.mark.parametrize("lang", ["en", "de", "fa", "it", "pt"])
def test_the_dice_heading_never_widens_a_320_px_page(browser: Any, lang: str) -> None:
    with serving(SEED7) as url:
        page = browser.new_page(viewport={"width": 320, "height": 568})
        try:
            page.goto(f"{url}?lang={lang}")
            page.wait_for_function("() => S.view && S.hello", timeout=30000)
            widths = page.evaluate("""(ids) => ['throw', 'choosing', 'placing'].flatMap((phase) => ids.map((id) => {
                document.body.dataset.phase = phase;
                document.getElementById('throws').textContent = I18N.t(id, id, { n: 3 });
                return [phase, id, document.documentElement.scrollWidth, innerWidth]; }))""", IDS)
            assert all(w <= inner for _, _, w, inner in widths), widths
            # ...and in play, the hand kept, then played (the attack's moment)
            page.reload()
            page.wait_for_function("() => S.view && S.hello && said() && said().action === 'throw'"
                                   " && said().player === 'red'", timeout=30000)
            page.click("#throw")
            page.wait_for_function("() => S.view.throws > 0 && !S.world.rolling", timeout=30000)
            page.click("#stop")
            page.wait_for_function("() => S.view.phase === 'choosing'", timeout=30000)
            seen = [page.evaluate("[document.documentElement.scrollWidth, innerWidth, document.body.dataset.phase]")]
            page.click("#stop")
            page.wait_for_function("() => S.view.phase === 'placing'", timeout=30000)
            page.wait_for_timeout(300)
            seen.append(page.evaluate("[document.documentElement.scrollWidth, innerWidth, document.body.dataset.phase]"))
            assert all(w <= inner for w, inner, _ in seen), seen
        finally:
            page.close()

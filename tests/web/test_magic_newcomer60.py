"""Issue 15, Magic newcomer 60: after the wall a1-b1 was found, b1 was still lit with a roll of 3 (reached round it,
a2-b2-b1), and read as the lights crossing the wall the tip said they never cross. The roll's tip says so, in every
language."""

from __future__ import annotations

from typing import Any

import pytest

from mazeboard.hal import i18n as cat
from test_plain_words_browser import MAGIC, PHONE, WIDE, open_page, serving

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_roll_tip_says_a_cell_lit_beside_a_found_wall_is_reached_round_it(browser: Any, size: tuple[int, int]) -> None:
    with serving(MAGIC) as url:
        page = open_page(browser, url, size)
        try:
            tip = page.evaluate("TIPS.roll")
        finally:
            page.close()
    assert "The lights never cross a wall found already: a lit cell beside one is reached round it, by another way." in tip, tip
    # (short sentences: Magic newcomer 97 read the one long sentence three times)
    import re

    longest = max(len(x.split()) for x in re.split(r"(?<=[.;:])\s", tip))
    assert longest <= 25, (longest, tip)
    for lang in ("de", "fa", "it", "pt"):
        own = cat.translated(lang)
        english = cat.english()
        for mid in ("page.magic.tip_roll_turn_short", "page.magic.tip_roll_turn_tap_short"):
            assert "reached round it" in english[mid] and own.get(mid), (lang, mid)

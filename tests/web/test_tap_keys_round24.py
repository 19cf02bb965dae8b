"""Issue 15, round 24: a tap on a greyed control says why, without naming a key on a phone (a phone has
no keyboard: "Done (D): ..." named a key the newcomer could not press), in Labyrinth and Struggle as on the
Magic Labyrinth's page (test_magic_newcomer); a wide screen with a mouse keeps the key in the reason."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_plain_words_browser import LABYRINTH, PHONE, STRUGGLE, WIDE, open_page, serving

pytestmark = pytest.mark.browser

#: the greyed control at a game's first moment (Labyrinth: Done before the push; Struggle: Stop before
#: the first throw), the key its title names, and the words the reason starts with on a phone
CASES = {"labyrinth": (LABYRINTH + ("--humans", "red"), "#done", "(D)", "Done: "),
         "struggle": (STRUGGLE + ("--humans", "red"), "#stop", "(S)", "✋ Stop: ")}


@pytest.mark.parametrize("game", sorted(CASES))
@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_a_greyed_controls_reason_names_a_key_only_where_there_are_keys(browser: Any, game: str,
                                                                       size: tuple[int, int]) -> None:
    from playwright.sync_api import expect

    args, button, key, phone_words = CASES[game]
    with serving(args) as url:
        page = open_page(browser, url, size)
        try:
            control = page.locator(button)
            expect(control).to_have_attribute("aria-disabled", "true", timeout=30_000)
            control.click(force=True)  # greyed (aria-disabled): a person can still tap it
            said = page.locator("#error")
            expect(said).not_to_have_text("", timeout=30_000)
            text = said.inner_text()
            if size == PHONE:
                assert key not in text and text.startswith(phone_words), text
            else:
                assert key in text, text
            assert not re.search(r"undefined|null|NaN", text), text
        finally:
            page.close()

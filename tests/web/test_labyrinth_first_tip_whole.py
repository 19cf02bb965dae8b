"""Issue 15, Labyrinth newcomer 88 (phone): the push's tip, folded to two lines under the prompt beside "Got it" and
"No more tips (1 left)", read "Tap a lit arrow (a slot) beside the board to see its ▾ more": its first sentence cut.
Folded on a 390 px phone, in every language, its first sentence is whole and clear of "▾ more" (as the Magic roll
tip's, tests/web/test_magic_newcomer43.py)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_plain_words_browser import WAIT_MS, serving

pytestmark = pytest.mark.browser

#: the newcomer's game: two cards each (the tip starts with the push, no word on a long game before it)
ARGS = ("--game", "labyrinth", "--seed", "7", "--cards-each", "2", "--humans", "red")
#: the folded tip's first sentence: its lines inside the words' box, none under "▾ more"
FIRST = """() => {
  const text = document.querySelector('#guide .guide-text'), words = text.textContent;
  const m = words.match(/[.!?…؟][”"’»)]?(\\s|$)/), end = m ? m.index + m[0].trimEnd().length : words.length;
  const range = document.createRange();
  range.setStart(text.firstChild, 0); range.setEnd(text.firstChild, Math.min(end, text.firstChild.textContent.length));
  const rects = [...range.getClientRects()].filter((r) => r.width > 0), box = text.getBoundingClientRect();
  const more = document.querySelector('#guide .guide-more'), mm = more && !more.hidden ? more.getBoundingClientRect() : null;
  const clear = rects.every((r) => !mm || r.bottom <= mm.top + 1 || r.top >= mm.bottom - 1 || r.right <= mm.left + 1 || r.left >= mm.right - 1);
  return { first: words.slice(0, end), whole: end <= text.firstChild.textContent.length,
           inside: rects.every((r) => r.bottom <= box.bottom + 1), clear }; }"""


@pytest.mark.parametrize("lang", ["en", "de", "fa", "it", "pt"])
def test_the_push_tip_s_first_sentence_is_whole_when_folded(browser: Any, lang: str) -> None:
    with serving(ARGS) as url:
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        page = context.new_page()
        try:
            page.goto(url + f"?lang={lang}")
            page.wait_for_function("() => !document.getElementById('guide').hidden && S.view && S.view.phase === 'shift'",
                                   timeout=WAIT_MS)
            page.wait_for_timeout(500)
            shown = page.evaluate(FIRST)
            if lang == "en":
                assert shown["first"] == "Tap a lit arrow to see its push.", shown
            assert shown["whole"] and shown["inside"] and shown["clear"], shown
        finally:
            context.close()

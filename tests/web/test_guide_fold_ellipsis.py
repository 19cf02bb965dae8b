"""Issue 15, Magic newcomer 103 (390x844): a folded tip cut within a sentence read as unfinished: "A step: tap a cell
next to your pawn, or ▾ more", "Why: the ball under your pawn fell into the ▾ more". Where the words in sight stop
within a sentence, "▾ more" opens with "…", the cut said; where they stop at a sentence's end
(test_guide_fold_whole_words.py), it does not."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser

WAIT = 30_000

# the tip's words in sight, in reading order: on its lines shown, clear of "▾ more" on either side (a right-to-left
# tip has it at the line's left), not hidden under it
SHOWN = """() => {
  const box = document.getElementById('guide'), text = box.querySelector('.guide-text'), more = box.querySelector('.guide-more');
  if (box.hidden || more.hidden) return null;
  const bottom = text.getBoundingClientRect().bottom, m = more.getBoundingClientRect(), out = [];
  const walker = document.createTreeWalker(text, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement.closest('.guide-rest')) continue;
    for (const w of node.textContent.matchAll(/\\S+/g)) {
      const r = document.createRange(); r.setStart(node, w.index); r.setEnd(node, w.index + w[0].length);
      const b = r.getBoundingClientRect();
      const under = b.bottom > m.top + 1 && b.right > m.left + 0.5 && b.left < m.right - 0.5;
      if (b.bottom <= bottom + 1 && !under) out.push(w[0]);
    }
  }
  return out;
}"""
ENDS = (".", "!", "?", "…", "؟", ":")


@contextmanager
def folded_tip(browser: Any, game: str, lang: str, size: tuple[int, int]) -> Iterator[Any]:
    """A touch phone of ``size`` on a new ``game`` in ``lang``, its first tip shown folded ("▾ more" in sight)."""
    with serving(("--game", game, "--seed", "7", "--humans", "red", "--lang", lang)) as url:
        ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True)
        try:
            page = ctx.new_page()
            page.goto(url)
            page.wait_for_function("() => { const b = document.getElementById('guide');"
                                   " return !b.hidden && !b.querySelector('.guide-more').hidden; }", timeout=WAIT)
            page.wait_for_timeout(300)
            yield page
        finally:
            ctx.close()


@pytest.mark.parametrize(("game", "lang"), [("magic", "en"), ("labyrinth", "en"), ("struggle", "en"), ("magic", "fa"),
                                            ("struggle", "de")])
def test_a_tip_folded_within_a_sentence_says_it_is_cut(browser: Any, game: str, lang: str) -> None:
    with folded_tip(browser, game, lang, PHONE) as page:
        shown = page.evaluate(SHOWN)
        more = page.locator("#guide .guide-more").inner_text().strip()
        # the fold, where a sentence goes on past it, says so; at a sentence's end, not
        if shown[-1].rstrip("”\"’)").endswith(ENDS):
            assert not more.startswith("…"), (shown[-3:], more)
        else:
            assert more.startswith("…"), (shown[-3:], more)
        # ...and the words in sight still end on a whole word, clear of it (as before)
        assert page.evaluate(SHOWN) == shown
        # opened: "▴ less", no "…"
        page.locator("#guide .guide-more").tap()
        page.wait_for_function("() => document.getElementById('guide').dataset.open !== undefined", timeout=WAIT)
        assert not page.locator("#guide .guide-more").inner_text().strip().startswith("…")


@pytest.mark.parametrize("lang", ["en", "fa", "it"])
def test_on_a_narrow_phone_the_fold_keeps_words_in_sight_and_more_on_one_line(browser: Any, lang: str) -> None:
    """(an attack at 320x568: Struggle's first tip showed no words at all, only "… ▾ more" broken over two lines: the
    wider button hid the last line's only words, and grew over the whole line)"""
    with folded_tip(browser, "struggle", lang, (320, 568)) as page:
        got = page.evaluate("""() => {
          const more = document.querySelector('#guide .guide-more'), text = document.querySelector('#guide .guide-text');
          const m = more.getBoundingClientRect(), line = parseFloat(getComputedStyle(text).lineHeight);
          return { height: m.height, width: m.width, line, column: text.getBoundingClientRect().width }; }""")
        shown = page.evaluate(SHOWN)
    # words in sight on the tip's lines, and "▾ more" one line high, within the words' column
    assert shown and len(shown) >= 3, shown
    assert got["height"] <= got["line"] * 1.3 and got["width"] <= got["column"] + 1, got

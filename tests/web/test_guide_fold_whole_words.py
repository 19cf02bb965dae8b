"""Issue 15, recurring cosmetic (ninth session, every round): a phone's folded tip read "…Cards each plays a s
▾ more": the word under "▾ more" cut in the middle, its first letters showing. Folded, the tip's last line ends
on a whole word; a word that does not fit whole before "▾ more" is hidden whole under it. Checked at each game's
first tip, and right to left (Persian) where "▾ more" stands at the line's left."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser

WAIT = 30000

# the words of the tip's last shown line, each: clear of "▾ more" (with its padding), or wholly under it; and the
# line's first word clear (the button at the end of the words' own lines: an English tip on a Persian page reads left
# to right, and an attack saw its button at the left, over the line's first words)
CUT = """() => {
  const box = document.getElementById('guide'), text = box.querySelector('.guide-text'), more = box.querySelector('.guide-more');
  if (box.hidden || more.hidden) return null;
  const node = text.firstChild, t = node.textContent, bottom = text.getBoundingClientRect().bottom;
  const m = more.getBoundingClientRect(), out = [];
  const words = [...t.matchAll(/\\S+/g)].map((w) => {
    const r = document.createRange(); r.setStart(node, w.index); r.setEnd(node, w.index + w[0].length);
    return [w[0], r.getBoundingClientRect()];
  });
  const last = Math.max(...words.filter(([, b]) => b.bottom <= bottom + 1).map(([, b]) => b.top));
  const line = words.filter(([, b]) => Math.abs(b.top - last) < 2);
  for (const [w, b] of line) {
    const clear = b.right <= m.left + 0.5 || b.left >= m.right - 0.5;
    const under = b.left >= m.left - 0.5 && b.right <= m.right + 0.5;
    if (!clear && !under) out.push(`${w} ${b.left.toFixed(0)}-${b.right.toFixed(0)} px, ▾ more ${m.left.toFixed(0)}-${m.right.toFixed(0)}`);
  }
  const [w0, b0] = line[0];
  if (!(b0.right <= m.left + 0.5 || b0.left >= m.right - 0.5)) out.push(`the line's first word ${w0} under ▾ more`);
  return out;
}"""


@pytest.mark.parametrize("game,lang,size,more", [
    ("magic", "en", PHONE, ()), ("labyrinth", "en", PHONE, ()), ("struggle", "en", PHONE, ()),
    ("labyrinth", "fa", PHONE, ()),
    # the attack's: four players on a small phone, the English tip on a Persian page
    ("labyrinth", "fa", (320, 568), ("--players", "4", "--humans", "red,blue,green,yellow")),
])
def test_a_folded_tip_ends_on_a_whole_word(browser: Any, game: str, lang: str, size: Any, more: Any) -> None:
    args = ("--game", game, "--seed", "9" if more else "7", *(more or ("--humans", "red")))
    with serving(args) as url:
        ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True,
                                  locale=lang)
        page = ctx.new_page()
        try:
            page.goto(url + (f"?lang={lang}" if lang != "en" else ""))
            page.wait_for_function("() => { const b = document.getElementById('guide');"
                                   " return !b.hidden && !b.querySelector('.guide-more').hidden; }", timeout=WAIT)
            page.wait_for_timeout(300)
            cut = page.evaluate(CUT)
            assert cut == [], cut
        finally:
            ctx.close()


# the words still in sight before "▾ more" on the tip's last shown line
SHOWN = """() => {
  const box = document.getElementById('guide'), text = box.querySelector('.guide-text'), more = box.querySelector('.guide-more');
  if (box.hidden || more.hidden) return null;
  const node = text.firstChild, t = node.textContent, bottom = text.getBoundingClientRect().bottom;
  const m = more.getBoundingClientRect();
  const words = [...t.matchAll(/\\S+/g)].map((w) => {
    const r = document.createRange(); r.setStart(node, w.index); r.setEnd(node, w.index + w[0].length);
    return [w[0], r.getBoundingClientRect()];
  });
  return words.filter(([, b]) => b.bottom <= bottom + 1 && (b.right <= m.left + 0.5 || b.bottom < m.top)).map(([w]) => w);
}"""


@pytest.mark.parametrize("game", ["magic", "labyrinth"])
def test_a_folded_tip_stops_at_a_sentence_s_end_on_its_last_line(browser: Any, game: str) -> None:
    """Magic newcomer 50 read "The glow round your pawn means your turn. After 🎲 Roll, the ▾ more" as a broken
    sentence (Labyrinth 48: "…along the paths (lit: ▾ more"). Where a sentence ends on the last line shown, the
    folded tip stops there."""
    with serving(("--game", game, "--seed", "7", "--humans", "red")) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = ctx.new_page()
        try:
            page.goto(url)
            page.wait_for_function("() => { const b = document.getElementById('guide');"
                                   " return !b.hidden && !b.querySelector('.guide-more').hidden; }", timeout=WAIT)
            page.wait_for_timeout(300)
            shown = page.evaluate(SHOWN)
            text = page.locator("#guide .guide-text").inner_text()
            ends = [i for i, w in enumerate(text.split()) if w.endswith((".", "!", "?")) and i < len(shown)]
            if ends:  # a sentence ends within the lines shown: the words in sight stop there
                assert shown[-1].endswith((".", "!", "?")), shown
        finally:
            ctx.close()


def test_the_words_under_more_are_hidden_whole(browser: Any) -> None:
    """Magic newcomers 68, 70, 73 and 76 (390x844): a stray mark showed between the folded tip's lines, just above
    "▾ more": the top of an emoji among the words its ground covers ("After 🎲 Roll"), rising above its line. Those
    words are hidden whole (opacity: still the tip's words for a screen reader), their glyphs too; opened, the tip
    shows them all."""
    with serving(("--seed", "7")) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = ctx.new_page()
        try:
            page.goto(url)
            page.wait_for_function("() => { const b = document.getElementById('guide');"
                                   " return !b.hidden && !b.querySelector('.guide-more').hidden; }", timeout=WAIT)
            page.wait_for_timeout(300)
            said = page.evaluate("""() => { const text = document.querySelector('#guide .guide-text');
                const rest = text.querySelector('.guide-rest');
                return { whole: text.textContent, rest: rest ? rest.textContent : null,
                         hidden: rest ? getComputedStyle(rest).opacity : null,
                         read: text.innerText }; }""")
            assert said["rest"] and "🎲" in said["rest"] and said["hidden"] == "0", said
            assert said["rest"].strip() in said["read"], said  # (the page's text still holds them)
            assert said["whole"].endswith(said["rest"]), said
            page.locator("#guide .guide-more").tap()  # opened: every word shows
            page.wait_for_function("() => document.getElementById('guide').dataset.open !== undefined", timeout=WAIT)
            shown = page.evaluate("""() => { const r = document.querySelector('#guide .guide-rest');
                return r ? getComputedStyle(r).opacity : '1'; }""")
            assert shown == "1", shown
        finally:
            ctx.close()

"""Issue 15, Labyrinth newcomer 96 (the card page on a 390x844 phone): the hint broke an arrow's name across two
lines, "push at W-" then "4.". An arrow's name on the card page never breaks."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer17 import card_tab

from tests.web.test_plain_words_browser import LABYRINTH, serving

pytestmark = pytest.mark.browser


def test_an_arrow_s_name_never_breaks_across_lines(browser: Any) -> None:
    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, _page, card = card_tab(browser, url)
        try:
            card.set_viewport_size({"width": 390, "height": 844})
            broken = card.evaluate("""() => {
              const base = { cards: ["crown"], found: 0, remaining: 2, corner: "a1", vader_cards: [], winner: null };
              const out = [];
              // every width of the line's first words: each arrow's name lands at every place in a line
              for (let pad = 0; pad < 40; pad++) {
                drawLabyrinth({ ...base, ways: { crown: { now: [], turned: ["W-4", "N-b", "S-f", "E-2"],
                  turns: { "W-4": 1, "N-b": 2, "S-f": 3, "E-2": 1 }, nearest: {}, nearer: true } } });
                const box = document.querySelector("#secret .ways");
                box.style.paddingRight = `${10 + pad * 3}px`;
                const text = box.firstChild && box.textContent;
                const range = document.createRange();
                for (const m of text.matchAll(/\\b[NESW]-[a-g1-7]\\b/g)) {
                  // the name's characters' boxes: one line if every one shares the first's top
                  const tops = new Set();
                  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
                  let seen = 0, node;
                  while ((node = walker.nextNode())) {
                    const len = node.textContent.length;
                    for (let i = Math.max(m.index - seen, 0); i < Math.min(m.index + m[0].length - seen, len); i++) {
                      range.setStart(node, i); range.setEnd(node, i + 1);
                      tops.add(Math.round(range.getBoundingClientRect().top));
                    }
                    seen += len;
                  }
                  if (tops.size > 1) out.push([pad, m[0]]);
                }
              }
              return out; }""")
        finally:
            mine.close()
    assert not broken, broken

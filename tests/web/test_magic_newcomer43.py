"""Issue 15, Magic newcomer 43 (phone): at the win the prompt's box shrank to its one line ("Red wins! Press ✨ New
game to play again.") and the whole board jumped up under the win box. The prompt keeps its room at the game's
end: the board stays where it was."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, WIDE, open_page, served, wait_action

pytestmark = pytest.mark.browser

ARGS = ("--seed", "11", "--win-tokens", "3")
TOP = "() => Math.round(document.getElementById('board').getBoundingClientRect().top + scrollY)"


@pytest.fixture
def url() -> Any:
    yield from served(ARGS)


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_board_stays_put_when_the_game_ends(browser: Any, url: str, size: tuple[int, int]) -> None:
    page = open_page(browser, url, size, touch=size == PHONE)
    try:
        wait_action(page, "roll")
        before = page.evaluate(TOP)
        page.evaluate("""() => { S.view = { ...S.view, phase: "over", winner: "red", prompt: "Red wins!",
            instruction: { ...said(), action: "game_over", player: null, requests: [],
                           messages: [{ id: "game_over", args: { winner: "red", again: "" } }] } };
          drawPrompt(); }""")
        assert "wins" in page.locator("#prompt").inner_text()
        assert page.evaluate(TOP) == before, (before, page.evaluate(TOP))
    finally:
        page.close()


@pytest.mark.parametrize(("size", "lang"), [(PHONE, "en"), (WIDE, "en"), (PHONE, "de"), (PHONE, "fa"), (PHONE, "it"),
                                            (PHONE, "pt")],
                         ids=["phone", "wide", "phone-de", "phone-fa", "phone-it", "phone-pt"])
def test_the_roll_tip_first_says_the_glowing_corner_is_only_the_turn(browser: Any, url: str, size: tuple[int, int],
                                                                     lang: str) -> None:
    """Magic newcomers 42-44 read the start corner's glow and its "Red's turn" as a cell to go back to (43: "I thought
    the board wanted my pawn back on a1"); the roll tip said so last, under "▾ more", after a "Press 🎲 Roll" the prompt
    above it says already (44). The tip says it first, whole in the lines a phone shows folded, clear of "▾ more"
    (an attack: a German or Persian page's wider buttons narrowed the words and "▾ more" covered their end)."""
    from playwright.sync_api import expect

    if lang == "en":
        page = open_page(browser, url, size, tips=True, touch=size == PHONE)
    else:
        page = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True, is_mobile=True).new_page()
        page.goto(url + f"?lang={lang}")
        expect(page.locator("#board .cell").first).to_be_visible(timeout=15000)
    try:
        page.wait_for_function("() => !document.getElementById('guide').hidden", timeout=15000)
        page.wait_for_timeout(300)
        shown = page.evaluate("""() => {
          const text = document.querySelector('#guide .guide-text'), words = text.textContent;
          const first = words.slice(0, words.indexOf('.') + 1), range = document.createRange();
          range.setStart(text.firstChild, 0); range.setEnd(text.firstChild, first.length);
          const rects = [...range.getClientRects()], box = text.getBoundingClientRect(), last = rects[rects.length - 1];
          const more = document.querySelector('#guide .guide-more'), m = more && !more.hidden ? more.getBoundingClientRect() : null;
          const clear = !m || last.bottom <= m.top + 1 || last.top >= m.bottom - 1 || last.right <= m.left + 1 || last.left >= m.right - 1;
          return { words, first, inside: rects.every((r) => r.bottom <= box.bottom + 1), clear }; }""")
        assert not shown["words"].startswith("Press 🎲 Roll"), shown
        if lang == "en":
            assert shown["first"] == "The glow round your pawn means your turn.", shown
        assert shown["inside"] and shown["clear"], shown  # folded, the first sentence is whole
    finally:
        page.context.close() if lang != "en" else page.close()

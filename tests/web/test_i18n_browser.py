"""The page in another language, in Debian's headless Chromium (Playwright): Persian right to left
(``<html dir=rtl>``, the prompt's text against the right edge of its box, the side panel on the
left of the board, nothing wider than the window), German from the server's ``--lang`` setting,
English on ``?lang=en``; the page's prompt says the instruction exactly as the controller's
catalogues do (mazeboard.controller.translate). Screenshots: ``artifacts/i18n-*.png`` (gitignored)."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from mazeboard.controller.instruction import Instruction, Request
from mazeboard.controller.struggle.instructions import tie_message
from mazeboard.controller.struggle.rules import Play
from mazeboard.controller.translate import say_messages

from test_plain_words_browser import serving
from test_responsive import LAPTOP, PHONE, WAIT_MS, screenshot
from untranslated_page import leave_untranslated

pytestmark = pytest.mark.browser

CELL = "#board .cell"


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """A Magic Labyrinth page whose server says things in German (``sim --lang de``); red plays here."""
    with serving(("--seed", "7", "--lang", "de")) as address:
        yield address


def open_page(browser: Any, address: str, size: tuple[int, int], lang: str, drop: set[str] = set()) -> Any:
    """The page at ``address`` in ``lang``, connected; ``drop``: ids its catalogue leaves untranslated."""
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    if drop:
        leave_untranslated(page, drop)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(address)
    # connected once the board's first view is here (by then the badge is in the page's language)
    expect(page.locator("#conn")).to_have_attribute("data-state", "open", timeout=WAIT_MS)
    expect(page.locator(CELL).first).to_be_visible(timeout=WAIT_MS)
    expect(page.locator("html")).to_have_attribute("lang", lang, timeout=WAIT_MS)
    assert not problems, problems
    return page


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone-390x844", "laptop-1024x700"])
def test_persian_reads_right_to_left(browser: Any, url: str, size: tuple[int, int]) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, url + "?lang=fa", size, "fa")
    try:
        assert page.locator("html").get_attribute("dir") == "rtl"
        # (the board's words first; on a phone, before the first roll, what comes after Roll under them)
        expect(page.locator("#prompt")).to_have_text(re.compile("^قرمز: «تاس» را بزنید\\."), timeout=WAIT_MS)
        expect(page.locator("#roll")).to_have_text("🎲 تاس")
        expect(page.locator("h2 [data-i18n=page\\.log]")).to_have_text("چه شد")
        assert page.locator("#help-button").get_attribute("title") == "طرز بازی"
        # the prompt's words stand against the right edge of its box (less padding and border), not the left
        text_box, prompt_box, pad = page.evaluate("""() => {
            const el = document.getElementById("prompt"), r = document.createRange();
            r.selectNodeContents(el.firstChild.nodeType === Node.TEXT_NODE ? el.firstChild : el); // the board's words
            const t = r.getBoundingClientRect(), b = el.getBoundingClientRect(), cs = getComputedStyle(el);
            return [{left: t.left, right: t.right}, {left: b.left, right: b.right},
                    {left: parseFloat(cs.paddingLeft) + parseFloat(cs.borderLeftWidth),
                     right: parseFloat(cs.paddingRight) + parseFloat(cs.borderRightWidth)}];
        }""")
        assert abs(prompt_box["right"] - pad["right"] - text_box["right"]) <= 2, (text_box, prompt_box)
        assert text_box["left"] - prompt_box["left"] - pad["left"] > 20, "the prompt's text fills the line: make it shorter"
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= size[0], f"the page is {width} px wide in a {size[0]} px window"
        overflowing = page.evaluate("""() => [...document.querySelectorAll("body *")].filter((e) => {
            const r = e.getBoundingClientRect();
            return r.width > 0 && getComputedStyle(e).position !== "fixed" && (r.left < -1 || r.right > innerWidth + 1);
        }).map((e) => e.id || e.className || e.tagName)""")
        assert not overflowing, f"outside the window: {overflowing[:5]}"
        # the board is the physical one: never mirrored (a1 bottom left, f1 to its right)
        a1, f1 = (page.locator(f'#board [data-cell="{c}"]').bounding_box() for c in ("a1", "f1"))
        assert a1["x"] < f1["x"], (a1, f1)
        if size == LAPTOP:  # side by side: the mirror image of the English page
            board, side = page.locator(".table-side").bounding_box(), page.locator(".info-side").bounding_box()
            assert side["x"] + side["width"] <= board["x"] + 1, (side, board)
        screenshot(page, f"i18n-fa-{size[0]}x{size[1]}.png")
    finally:
        page.close()


def test_the_server_language_and_english_on_request(browser: Any, url: str) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, url, LAPTOP, "de")
    try:
        assert page.locator("html").get_attribute("dir") == "ltr"
        expect(page.locator("#prompt")).to_have_text("Rot: drücke Würfeln.", timeout=WAIT_MS)
        expect(page.locator("#done")).to_have_text("✋ Fertig")
    finally:
        page.close()
    page = open_page(browser, url + "?lang=en", LAPTOP, "en")
    try:
        assert page.locator("html").get_attribute("dir") == "ltr"
        expect(page.locator("#prompt")).to_have_text(re.compile(r"^Red: press Roll\."), timeout=WAIT_MS)
        expect(page.locator("#done")).to_have_text("✋ Done")
        board, side = page.locator(".table-side").bounding_box(), page.locator(".info-side").bounding_box()
        assert board["x"] + board["width"] <= side["x"] + 1, (board, side)
    finally:
        page.close()


#: instructions with requests (their pieces of sentence are built in the language too), and one
#: with a sentence no seed language translates yet (said in English, whole)
SAMPLES = [
    Instruction("red", "move", "magic.move", {"roll": 4, "left": 3, "s": "s", "here": "a1", "settle": ""},
                (Request("blue", "pawn", "out_of_turn", "c3", ("c4", "c5", "d1"), words="magic"),
                 Request("", "ball", "lifted", "tray:ne", (), words="magic"))),
    Instruction(None, "correct", "correct", {},
                (Request("green", "pawn", "lifted", None, tuple(f"a{i}" for i in range(1, 7)), words="magic"),)),
    Instruction("yellow", "roll", "magic.roll_again", {"why": "the die fell"}),
]

#: Struggle's sentences whose fields hold phrases (a play's words, names joined, a tie)
PHRASED = [
    Instruction("red", "choose", "str.choose", {"hand": "K A Q A 9", "n": 2, "count": 3,
                                                "play": Play(("Q", "K"), ("K", "Q", "9")).phrase()}),
    Instruction("blue", "choose", "str.choose_one", {"hand": "K K K K A", "play": Play(("K",), ("K",)).phrase()}),
    Instruction(None, "game_over", *tie_message(["red", "blue", "green"], 20)),
]


@pytest.mark.parametrize("lang", ["fa", "de", "pt", "it"])
def test_the_page_says_phrases_as_the_controller_does(browser: Any, url: str, lang: str) -> None:
    """A field that is a phrase ({id, args}) is said in the sentence's language, never "[object Object]"."""
    page = open_page(browser, url + f"?lang={lang}", LAPTOP, lang)
    try:
        for sample in PHRASED:
            fields = sample.fields()
            expected = say_messages(fields["messages"], lang, fields["text"])
            said = page.evaluate("(i) => I18N.prompt(i, i.text)", fields)
            assert said == expected and "object" not in said, (said, expected)
            if lang == "de":  # German says every Struggle phrase: none of the play's English words
                assert said != fields["text"] and not re.search(r"\b(token|moves|then|ace|counts|tie|win)\b", said), said
    finally:
        page.close()


@pytest.mark.parametrize("lang", ["fa", "de", "pt", "it"])
def test_the_page_says_an_instruction_as_the_controller_does(browser: Any, url: str, lang: str,
                                                             untranslated: Any) -> None:
    # the last sample's sentence left untranslated, on the page and here alike
    untranslated({lang: {"magic.roll_again"}})
    page = open_page(browser, url + f"?lang={lang}", LAPTOP, lang, drop={"magic.roll_again"})
    try:
        for sample in SAMPLES:
            fields = sample.fields()
            expected = say_messages(fields["messages"], lang, fields["text"])
            assert page.evaluate("(i) => I18N.prompt(i, i.text)", fields) == expected
        # the samples show both ways: said in the language, and English as a whole
        first, last = SAMPLES[0].fields(), SAMPLES[-1].fields()
        assert say_messages(first["messages"], lang, first["text"]) != first["text"]
        assert say_messages(last["messages"], lang, last["text"]) == last["text"]
    finally:
        page.close()

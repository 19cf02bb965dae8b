"""Issue 15, Struggle's Stop button: its tooltip said all it might ever do ("Stop: keep the hand /
play the selected outcome / tokens placed (S)") in English, whatever the moment and the language.
Now what a button does is computed from the instruction (its ``buttons``, with their message ids:
``button_messages``), sent with the view's controls (hal/web/controls.py) and said in the page's
language: the tooltip says what Stop does now, and only that."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest
from test_plain_words_browser import WAIT_MS, WIDE, serve, stop

from mazeboard.controller.instruction import MESSAGES
from mazeboard.hal import i18n as cat
from mazeboard.hal.web import controls as c

HTML = Path(__file__).resolve().parents[2] / "hal" / "web" / "static" / "struggle.html"

#: what Stop does in each of Struggle's moments, in English
STOP_WORDS = re.compile(r"keep|hand|play|outcome|tokens|placed|round|turn|confirm|erase")


def _choosing() -> dict[str, Any]:
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "struggle"))
    from test_struggle_referee import run_for, scripted

    session, game, _ = scripted(["K A Q 9 9"], ["throw", "stop"])
    run_for(session, 2000)
    assert game.referee.state == "choosing"
    return game.referee.instruction().fields()


def test_the_page_has_no_static_list_of_what_stop_might_do() -> None:
    tag = re.search(r'<button id="stop"[^>]*>', HTML.read_text())
    assert tag is not None
    assert "keep the hand" not in tag.group(0) and "outcome" not in tag.group(0), tag.group(0)


def test_what_a_button_does_comes_with_its_message_id() -> None:
    said = _choosing()
    assert said["buttons"]["stop"] == "play this way"
    out = c.press_controls(said, ["red"], ["stop", "throw", "roll"])
    on, does, words = out["stop"]
    assert (on, does) == (True, "play this way")
    assert words["id"] in MESSAGES and MESSAGES[words["id"]] == "play this way"
    german = cat.catalogue("de").say(words["id"], words["args"])
    assert german and not STOP_WORDS.search(german), german
    assert out["roll"][0] is False  # a button the instruction does not list still says why not


@pytest.fixture
def german_server() -> Iterator[str]:
    proc, url = serve(("--game", "struggle", "--players", "2", "--seed", "7", "--lang", "de"))
    yield url
    stop(proc)


@pytest.mark.browser
def test_the_stop_tooltip_says_what_stop_does_now_in_the_pages_language(browser: Any, german_server: str) -> None:
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
    page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['goal', 'dice', 'throw', 'choose', 'place']))")
    page.goto(german_server)
    try:
        expect(page.locator("html")).to_have_attribute("lang", "de", timeout=WAIT_MS)
        expect(page.locator("#conn")).to_have_attribute("data-state", "open", timeout=WAIT_MS)
        expect(page.locator("#throw")).to_be_enabled(timeout=WAIT_MS)
        page.locator("#throw").click()
        expect(page.locator("#dice .pdie").first).not_to_have_attribute("data-face", "", timeout=WAIT_MS)
        expect(page.locator("#stop")).to_be_enabled(timeout=WAIT_MS)
        kept = page.locator("#stop").get_attribute("title") or ""
        page.locator("#stop").click()
        expect(page.locator("#outcomes .outcome").first).to_be_visible(timeout=WAIT_MS)
        page.wait_for_function("(t) => document.getElementById('stop').title !== t", arg=kept, timeout=WAIT_MS)
        play = page.locator("#stop").get_attribute("title") or ""
        for title in (kept, play):
            assert title and not STOP_WORDS.search(title) and "/" not in title, title
        assert kept != play, (kept, play)
    finally:
        page.close()

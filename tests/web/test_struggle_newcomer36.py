"""Issue 15, Struggle newcomers 35 and 36: once the hand was kept, "🎲 Throw: next way" showed the next way to play
it, and both read it as throwing again ("the 🎲 icon and the word Throw made me expect another throw"). While
choosing, the page's button is "▶ Next way" (the last way: "▶ Back to way 1"), beside "◀ Previous way", and the
prompt names it so; it is still the board's Throw button (T), which its title says."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, _choosing

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_next_way_is_not_called_throw_while_choosing(browser: Any, size: tuple[int, int]) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, size)
        try:
            _choosing(page)
            button = page.locator("#throw")
            said = [(button.inner_text().strip(), page.locator("#prompt-text").inner_text())]
            assert said[0][0] == "▶ Next way", said
            assert "press Stop to play it, ▶ Next way for the next one." in said[0][1] and "Throw" not in said[0][1], said
            assert "Throw" in (button.get_attribute("title") or ""), button.get_attribute("title")  # the board's button
            for n in (2, 3):
                button.click()
                page.wait_for_function("(n) => S.view.selected === n - 1 && "
                                       "document.getElementById('prompt-text').textContent.includes(`way ${n} of`)",
                                       arg=n, timeout=WAIT)
            label, prompt = button.inner_text().strip(), page.locator("#prompt-text").inner_text()
            assert label == "▶ Back to way 1", label
            assert "◀ Previous way to go back one, ▶ Back to way 1 to see the first again." in prompt, prompt
            assert "Throw" not in prompt, prompt
            button.click()
            page.wait_for_function("() => S.view.selected === 0", timeout=WAIT)
        finally:
            page.context.close()


def test_an_arrival_in_a_place_the_card_wants_for_another_is_said_as_a_loss(browser: Any) -> None:
    """Newcomer 36: "○ no change for your card (compared with now): token K takes place C, where your card wants Q:
    that place is lost for good" undersold it: K arriving 3rd also meant the card's place for K (E) could never
    score. The note says both places are lost for good, with a warning's mark, not the empty circle of a way that
    changes nothing; the points if the race stopped now are said unchanged (each mark still follows the points:
    no ✘ for a note of 0)."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            lines = page.evaluate("""() => {
              S.view.spaces = { K: 15, Q: 14, J: 16, "10": 1, "9": 1 }; S.view.arrived = ["J", "10"];
              const o = { moves: [{ token: "K", from: 15, to: 17, result: "arrived" }],
                          spaces: { K: 17, Q: 14, J: 16, "10": 1, "9": 1 }, arrived: ["J", "10", "K"] };
              return forCard(o, ["J", "10", "Q", "9", "K"]).split("\\n");
            }""")
        finally:
            page.context.close()
    king = next(line for line in lines if "token K" in line)
    assert king.startswith("⚠ a loss for your card"), lines
    assert "token K takes place C, where your card wants Q, and so never reaches its own place on your card (E)" in king, king
    assert "both places are lost for good" in king and "no change to the points if the race stopped now" in king, king


def test_ways_without_the_cards_notes_say_where_the_card_is(browser: Any) -> None:
    """Newcomer 36 went on at a wide screen while the phone held Red's seat: the ways lost their "For your card"
    notes and the board's pick, with nothing saying why. At the top of the ways a line says the card, and what
    each way does for it, are on the screen holding the seat (a free seat: take it to see them)."""
    with serving(SEED7, PORT) as url:
        phone = open_page(browser, url, PHONE)
        wide = open_page(browser, url, WIDE)
        try:
            phone.locator("button.seat-claim.red").click(timeout=WAIT)
            phone.locator("a.seat-link.red").wait_for(timeout=WAIT)
            _choosing(wide)
            line = wide.locator("#pick-line")
            line.wait_for(state="visible", timeout=WAIT)
            assert line.inner_text().startswith("🔒 Red's card is on another screen: what each way does for it shows there"), line.inner_text()
            assert wide.locator("#outcomes").inner_text().count("For your card") == 0
        finally:
            phone.context.close()
            wide.context.close()


@pytest.mark.parametrize("lang", ["de", "fa", "it", "pt"])
def test_in_every_language_the_button_and_the_prompt_name_the_next_way_alike(browser: Any, lang: str) -> None:
    """An attack: in Persian, Italian and Portuguese the prompt said "▶ Next way" (the page's English words, the
    board's sentence having no translation) beside "🎲 Throw: next way"; in German the button said "Throw: next way"
    beside "Werfen für den nächsten Weg"."""
    with serving(SEED7, PORT) as url:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['goal', 'dice', 'throw', 'choose', 'place']))")
        page.goto(url.rstrip("/") + f"/?lang={lang}")
        try:
            page.wait_for_function("() => S.view && S.view.phase === 'throw' && I18N.lang === LANG".replace("LANG", repr(lang)), timeout=WAIT)
            page.locator("#throw").click()
            page.wait_for_function("() => S.view.throws > 0", timeout=WAIT)
            page.locator("#stop").click()
            page.wait_for_function("() => S.view.phase === 'choosing'", timeout=WAIT)
            for n in (1, 2, 3):
                page.wait_for_function("(n) => S.view.selected === n - 1", arg=n, timeout=WAIT)
                page.wait_for_timeout(200)
                label = page.locator("#next-way").inner_text().strip()
                prompt = page.locator("#prompt-text").inner_text()
                assert label and label in prompt, (n, label, prompt)
                assert not page.locator("#throw .throw-icon").is_visible(), (n, label)
                page.locator("#throw").click()
        finally:
            page.context.close()

"""The words common.js and notice.js build, in the page's language, in Debian's headless Chromium
(Playwright): with ``?lang=de`` and the catalogue loaded, a stopped server is said in German in the
prompt (the Magic Labyrinth's page), a control's reason from the server (hal/web/controls.py
``CONTROL_REASONS``) is said in German in its tooltip, and "starting a new game…" is said in German
and goes once the new game has started (the Labyrinth's page)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from test_plain_words_browser import LABYRINTH, MAGIC, STRUGGLE, WAIT_MS, WIDE, free_port, serving
from untranslated_page import leave_untranslated

pytestmark = pytest.mark.browser


def open_german(browser: Any, url: str) -> Any:
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(url + "?lang=de")
    expect(page.locator("html")).to_have_attribute("lang", "de", timeout=WAIT_MS)  # the catalogue is there
    expect(page.locator("#prompt")).not_to_be_empty(timeout=WAIT_MS)
    page.problems = problems
    return page


def test_a_stopped_server_is_said_in_german(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(MAGIC, free_port()) as url:
        page = open_german(browser, url)
    expect(page.locator("#prompt")).to_contain_text("Der Server des Spiels ist angehalten", timeout=WAIT_MS)
    text = page.locator("#prompt").inner_text()
    assert "./run play" in text and "server stopped" not in text
    assert not page.problems, page.problems
    page.close()


def test_labyrinth_says_the_reasons_and_the_new_game_in_german(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH) as url:
        page = open_german(browser, url)
        # red (this page) shifts first: Done does nothing now, the instruction quoted in German too
        expect(page.locator("#done")).to_have_attribute("title", re.compile(r"^Fertig \(D\): tut jetzt nichts\. Rot: "),
                                                        timeout=WAIT_MS)
        # every text #error shows, as it shows it
        page.evaluate("""() => { window.errors = [];
            new MutationObserver(() => window.errors.push(document.getElementById('error').textContent))
              .observe(document.getElementById('error'), { childList: true, characterData: true, subtree: true }); }""")
        page.locator("#new-game").click()
        page.locator("#ng-start").click()
        page.wait_for_function("window.errors.includes('ein neues Spiel beginnt…')", timeout=WAIT_MS)
        # gone once the new game has started (the hello of the new game), long before the 4.5 s an error stays
        expect(page.locator("#error")).to_have_text("", timeout=2500)
        expect(page.locator("html")).to_have_attribute("lang", "de")
        assert not page.problems, page.problems
        page.close()


def test_a_sentence_left_in_english_keeps_its_words_english(browser: Any) -> None:
    """A language with no words for the log's "{Player}'s turn" (Persian had none until 2026-12-05;
    here they are left out of its catalogue): the line stays English whole ("Red's turn"), never the
    Persian colour in an English sentence ("قرمز's turn", seen)."""
    from playwright.sync_api import expect

    with serving(MAGIC, free_port()) as url:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        leave_untranslated(page, {"page.magic.log_turn", "page.common.log.turn_started"})
        page.goto(url + "?lang=fa")
        expect(page.locator("html")).to_have_attribute("dir", "rtl", timeout=WAIT_MS)
        expect(page.locator("#log")).to_contain_text("'s turn", timeout=WAIT_MS)
        page.wait_for_timeout(500)
        lines = [t for t in page.locator("#log").inner_text().splitlines() if "'s turn" in t]
        assert lines and all(re.search(r"\b(?:Red|Blue)'s turn", t) for t in lines), lines
        assert not re.search(r"[\u0600-\u06FF]'s turn", page.locator("#log").inner_text())
        page.close()


@pytest.mark.parametrize("late_s", [1.5, 4.5], ids=["before-connecting", "after-connecting"])
@pytest.mark.parametrize("args", [MAGIC, STRUGGLE], ids=["magic", "struggle"])
def test_words_drawn_from_the_board_s_first_message_are_in_the_language(browser: Any, args: tuple[str, ...],
                                                                       late_s: float) -> None:
    """An Italian Struggle page showed "connected" and the track's legend ("if taken: can't land") in English beside
    Italian prompts: drawn on the board's hello, which came before the catalogue. A page connects once its catalogue
    is there (here it comes 1.5 s late), so nothing drawn from the board's messages is left in English; a catalogue
    later than the page waits (3 s: an attack gave 4.5 s) redraws those words when it comes."""
    import time

    from playwright.sync_api import expect

    with serving(args, free_port()) as url:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})

        def late(route: Any) -> None:
            time.sleep(late_s)
            route.continue_()

        page.route("**/i18n.json*", late)
        page.goto(url + "?lang=it")
        expect(page.locator("#conn")).to_have_attribute("data-state", "open", timeout=WAIT_MS)
        expect(page.locator("html")).to_have_attribute("lang", "it", timeout=WAIT_MS)
        page.wait_for_timeout(300)
        assert page.locator("#conn").inner_text() == "collegato"
        # the score cards name each player in the language (they showed "Red you" under "Rosso ha tirato…")
        names = page.locator("#players .player.red .who").inner_text()
        assert names.startswith("Rosso"), names
        if args is MAGIC:  # the symbols' names on the cells too
            assert page.locator('#board .cell[data-cell="c6"] .name').inner_text() == "gufo"
        if args is STRUGGLE:
            legend = page.locator("#legend-track").inner_text() + page.locator("#legend-under").inner_text()
            assert "can't land" not in legend and "se occupata" in legend, legend
            # the seat's button and the hand's buttons in Italian too (an attack: "Guarda qui la tua carta: Red",
            # "🤚 Place tokens as shown")
            assert page.locator("button.seat-claim.red").inner_text() == "Rosso"
            assert "Metti le pedine come indicato" in page.locator("#follow").inner_text()
        page.close()


@pytest.mark.parametrize("body", ['["de"]', '"de"', '{"lang": "de", "dir": "ltr", "messages": {"colour.red": {"x": 1}, '
                                  '"page.roll": null, "page.done": "Fertig"}, "english": {}}'],
                         ids=["array", "string", "bad-values"])
def test_a_catalogue_of_the_wrong_shape_is_refused_or_taken_in_part(browser: Any, body: str) -> None:
    """An attack served /i18n.json as an array or a string (the page set <html lang="undefined">) and with an object
    as a colour's name (a page error, "t.charAt is not a function") or null as a label (the label went blank): a
    catalogue of the wrong shape leaves the page in English; within one, a value that is not a string is left out."""
    from playwright.sync_api import expect

    with serving(MAGIC, free_port()) as url:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.route("**/i18n.json*", lambda route: route.fulfill(status=200, content_type="application/json", body=body))
        page.goto(url + "?lang=de")
        expect(page.locator("#conn")).to_have_attribute("data-state", "open", timeout=WAIT_MS)
        page.wait_for_timeout(500)
        lang = page.evaluate("document.documentElement.lang")
        assert lang in ("en", "de"), lang
        assert page.locator("#roll").inner_text().strip().endswith("Roll") or "Würfeln" in page.locator("#roll").inner_text()
        if body.startswith("{"):
            assert "Fertig" in page.locator("#done").inner_text()
            assert "Red" in page.locator("#players").inner_text()  # the colour's bad name left out
        assert not errors, errors
        page.close()


def test_the_logs_name_the_players_in_the_language(browser: Any) -> None:
    """An attack: a German Struggle page's log read "Ein neues Struggle-Spiel: red, blue", "⭐ Runde 1 vorbei: red 40,
    blue 50" and "🏆 Blue gewinnt (red 40, blue 50)"; the Magic log "Ein neues Spiel: red, blue"."""
    from playwright.sync_api import expect

    with serving(STRUGGLE, free_port()) as url:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        page.goto(url + "?lang=de")
        expect(page.locator("#conn")).to_have_attribute("data-state", "open", timeout=WAIT_MS)
        lines = page.evaluate("""() => [
          LOG_TEXT.game_started({ players: ['red', 'blue'], rounds: 1 }),
          LOG_TEXT.round_over({ round: 1, points: { red: 40, blue: 50 } }),
          LOG_TEXT.game_over({ winners: ['blue'], scores: { red: 40, blue: 50 } })]""")
        page.close()
    assert all("red" not in t and "Blue" not in t for t in lines), lines
    assert "Rot 40" in lines[1] and "Blau" in lines[2], lines
    with serving(MAGIC, free_port()) as url:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        page.goto(url + "?lang=de")
        expect(page.locator("#log")).to_contain_text("Rot und Blau", timeout=WAIT_MS)
        page.close()

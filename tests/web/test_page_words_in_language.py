"""The pages' fixed words in the page's language, in Debian's headless Chromium (Playwright): an attack on the
German pages found the "How to play" dialogs, the New game dialogs, the Magic Labyrinth's maze word ("Labyrinth
easy"), the Labyrinth's picture names ("Ersatzkarte 🦉 Owl") and Struggle's kinds of space (a tooltip's "yellow")
in English. The help's sentences keep their bold words and the words shown only with a keyboard
(``data-i18n-html``: hal/i18n.py HTML_TAGS), and a catalogue's markup beyond those tags is shown as text, never
run."""

from __future__ import annotations

import json
from typing import Any

import pytest

from mazeboard.hal import i18n as cat
from test_i18n_common_browser import open_german
from test_plain_words_browser import LABYRINTH, MAGIC, STRUGGLE, WAIT_MS, WIDE, free_port, serving

pytestmark = pytest.mark.browser

SENTENCES = """() => [...document.querySelectorAll(
    '#help [data-i18n-html], #new-dialog [data-i18n], #new-dialog [data-i18n-html], #help [data-i18n]')].map((e) => ({ id: e.dataset.i18nHtml || e.dataset.i18n, text: e.innerText.trim(),
    bold: e.querySelectorAll('b').length, keys: e.querySelectorAll('.keys').length }))"""


def changed_on_its_way(page: Any, messages: dict[str, str]) -> None:
    """The page's catalogue (/i18n.json) served with ``messages`` put in, as an attacker on its way would."""
    def hostile(route: Any) -> None:
        body = json.loads(route.fetch().text())
        body["messages"].update(messages)
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route("**/i18n.json*", hostile)


@pytest.mark.parametrize("args", [MAGIC, LABYRINTH, STRUGGLE], ids=["magic", "labyrinth", "struggle"])
def test_the_help_and_the_new_game_dialog_are_in_the_language(browser: Any, args: tuple[str, ...]) -> None:
    with serving(args, free_port()) as url:
        english = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        english.goto(url)
        english.wait_for_function("document.documentElement.lang === 'en' && document.querySelector('#help')")
        en = {s["id"]: s for s in english.evaluate(SENTENCES)}
        english.close()
        page = open_german(browser, url)
        de = {s["id"]: s for s in page.evaluate(SENTENCES)}
        placeholder = page.locator("#ng-seed").get_attribute("placeholder")
        page.locator("#new-game").click()  # the players to play here, by colour (an attack: "red, blue" in English)
        page.wait_for_function("() => document.querySelectorAll('#ng-humans input').length >= 2", timeout=WAIT_MS)
        humans = page.locator("#ng-humans").inner_text()
        page.close()
    assert len(de) >= 8 and de.keys() == en.keys(), sorted(set(en) ^ set(de))
    german = cat.translated("de")
    for mid, s in de.items():
        assert s["text"] != en[mid]["text"] or german.get(mid) == cat.english()[mid], (mid, s["text"])
        assert (s["bold"], s["keys"]) == (en[mid]["bold"], en[mid]["keys"]), (mid, s, en[mid])
    assert placeholder == german["page.ng.seed_random"] != "random"
    assert german["colour.red"].lower() in humans.lower() and "red" not in humans.lower(), humans


def test_a_catalogue_s_markup_beyond_the_help_s_tags_is_shown_as_text(browser: Any) -> None:
    """An attack served a catalogue whose help sentence held an image with a script: the words are escaped, and only
    the tags the English sentence may hold (<b>, <span class="keys">…) are markup."""
    with serving(MAGIC, free_port()) as url:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        changed_on_its_way(page, {"page.help.magic.goal": 'Achtung <img src=x onerror="window.pwned=1"> <b>Ziel</b> & mehr'})
        page.goto(url + "?lang=de")
        page.wait_for_function("document.documentElement.lang === 'de'", timeout=WAIT_MS)
        page.wait_for_timeout(300)
        goal = page.locator('#help [data-i18n-html="page.help.magic.goal"]')
        assert goal.evaluate("(e) => e.querySelectorAll('img').length") == 0
        # the sentence with markup of its own is not used at all (i18n.js words): the English one stays, its bold word
        assert goal.evaluate("(e) => e.querySelector('b') && e.querySelector('b').textContent") == "target"
        assert page.evaluate("typeof window.pwned") == "undefined"
        # ...and a sentence with its own tags only, and an ampersand, is put in with its words escaped
        page.evaluate("""() => { const e = document.querySelector('#help [data-i18n-html="page.help.magic.goal"]');
            e.innerHTML = I18N.markup('Achtung <b>Ziel</b> & <mehr>'); }""")
        assert goal.evaluate("(e) => e.querySelector('b').textContent") == "Ziel"
        assert goal.evaluate("(e) => e.textContent") == "Achtung Ziel & <mehr>"
        page.close()


def test_the_games_own_words_are_in_the_language(browser: Any) -> None:
    """The maze's name in the Magic Labyrinth's header, the Labyrinth's picture names, Struggle's kinds of space."""
    german = cat.translated("de")
    with serving(MAGIC, free_port()) as url:
        page = open_german(browser, url)
        page.wait_for_function("() => document.querySelector('#game-info').textContent.includes('seed') || document.querySelector('#game-info').textContent.includes('7')", timeout=WAIT_MS)
        info = page.locator("#game-info").inner_text()
        page.close()
    assert german["page.magic.maze_word_easy"] in info and " easy" not in info, info
    with serving(LABYRINTH, free_port()) as url:
        page = open_german(browser, url)
        names = page.evaluate("() => ['moth', 'owl', 'darth-sidious'].map(pictureName)")
        page.close()
    cap = lambda w: w[:1].upper() + w[1:]  # noqa: E731
    assert names == [cap(german["picture.moth"]), cap(german["symbol.owl"]), cap(german["picture.darth-sidious"])], names
    assert names[0] != "Moth" and names[1] != "Owl"
    with serving(STRUGGLE, free_port()) as url:
        page = open_german(browser, url)
        # (the track drawn, its titles in the language: CI59 read none, the track not yet drawn under load)
        page.wait_for_function("() => [...document.querySelectorAll('#track .space')].some((e) => e.title)", timeout=WAIT_MS)
        titles = page.evaluate("() => [...document.querySelectorAll('#track .space')].map((e) => e.title)")
        page.close()
    assert titles and not any(k in t for t in titles for k in (" yellow", " plain", " black", " start ", " finish ")), titles
    assert any(german["page.str.kind_yellow"] in t for t in titles), titles


def test_a_catalogue_changed_on_its_way_gives_words_only(browser: Any) -> None:
    """An attack served colour.red = '<img onerror=…>Rot' and page.common.winner with an image: the companion page and
    the score cards put them into their HTML and the script ran. The page takes from a catalogue words only, as the
    server does (hal/i18n.py translation_problem): markup beyond the tags the English sentence holds, tags out of turn
    or a double quote, and that sentence is said in English."""
    with serving(MAGIC, free_port()) as url:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        changed_on_its_way(page, {
            "colour.red": '<img src=x onerror="window.pwned=1">Rot',
            "page.common.winner": ' <img src=x onerror="window.pwned=2">',
            "page.magic.you": 'du" onmouseover="window.pwned=3',
            "page.help.magic.goal": "</b>Wände<b> sind verborgen: das leuchtende Ziel",  # tags out of turn
        })
        page.goto(url + "?lang=de")
        page.wait_for_function("document.documentElement.lang === 'de' && S.view", timeout=WAIT_MS)
        page.wait_for_timeout(500)
        said = page.evaluate("() => ['red', 'blue'].map((p) => I18N.t('page.common.colour_name', '{Player}', { player: p }))")
        goal = page.locator('#help [data-i18n-html="page.help.magic.goal"]').evaluate("(e) => e.innerHTML")
        players = page.locator("#players").inner_html()
        pwned = page.evaluate("typeof window.pwned")
        page.close()
    assert said[0] == "Red" and said[1] == cat.translated("de")["colour.blue"].capitalize(), said
    assert "<img" not in players and pwned == "undefined", (players, pwned)
    assert goal.startswith("Walls are hidden under the board."), goal

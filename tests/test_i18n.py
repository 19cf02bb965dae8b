"""The message catalogues (docs/i18n.md): the English one written from the sources and complete,
every translation's format fields those of the English sentence, untranslated ids said in
English, the language setting checked (CLI: one line, exit 2; the config file), the narration
in the language."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from mazeboard.controller import i18n
from mazeboard.controller.instruction import MESSAGES, Instruction, Request
from mazeboard.controller.narrate import NARRATION, InstructionLines
from mazeboard.controller.translate import Words, say_messages
from mazeboard.hal import i18n as cat
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import GameEvent

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ("de", "fa", "it", "pt")
#: what every seed language says at least: each game's main turn and the page's fixed labels
MAIN = ("magic.roll", "magic.move", "magic.move_start", "lab.shift", "lab.move", "str.throw", "str.rethrow",
        "str.keep", "correct", "game_over")


def test_the_english_catalogue_is_written_from_the_sources(tmp_path: Path) -> None:
    """``python -m mazeboard.controller.i18n`` was run after the last change of an English sentence."""
    assert cat.english() == i18n.english_sources(), \
        "hal/locale/messages.pot lags behind the sources: run python -m mazeboard.controller.i18n"
    for mid, text in MESSAGES.items():
        assert cat.english()[mid] == text
    assert set(NARRATION) <= set(cat.english())
    # and the writer writes what the reader reads
    (tmp_path / "de.po").write_bytes((ROOT / "hal/locale/de.po").read_bytes())
    i18n.update(tmp_path)
    assert (tmp_path / "messages.pot").read_bytes() == (ROOT / "hal/locale/messages.pot").read_bytes()
    assert (tmp_path / "de.po").read_bytes() == (ROOT / "hal/locale/de.po").read_bytes(), \
        "hal/locale/de.po is not up to date with the template: run python -m mazeboard.controller.i18n"


def test_the_languages_are_the_seed_ones_and_persian_is_right_to_left() -> None:
    assert cat.languages() == ("en", *SEEDS)
    assert [cat.direction(x) for x in cat.languages()] == ["ltr", "ltr", "rtl", "ltr", "ltr"]


def test_the_page_labels_come_from_the_pages() -> None:
    labels = i18n.page_labels()
    assert labels["page.roll"] == "Roll" and labels["page.log"] == "What happened"
    with pytest.raises(ValueError, match="says something else"):
        i18n.page_labels([("a.html", '<b data-i18n="x">one</b>'), ("b.html", '<b data-i18n="x">two</b>')])
    with pytest.raises(ValueError, match="plain text"):
        i18n.page_labels([("a.html", '<b data-i18n="x">one <i>two</i></b>')])


def test_a_new_id_is_added_untranslated_never_with_a_guessed_translation(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """Babel's fuzzy matching would give a new sentence the translation of a similar old one
    (seen: 'Fish your ball out of the tray...' given another sentence's German); and the
    writer writes the same file when run again."""
    (tmp_path / "de.po").write_text('msgctxt "a"\nmsgid "Press Roll to roll the die"\nmsgstr "Würfeln"\n',
                                    encoding="utf-8")
    monkeypatch.setattr(i18n, "english_sources", lambda: {"a": "Press Roll to roll the die",
                                                          "b": "Press Roll to roll the dice {n}"})
    i18n.update(tmp_path)
    first = (tmp_path / "de.po").read_bytes()
    text = first.decode()
    assert "#, fuzzy\nmsgctxt" not in text and 'msgctxt "b"\nmsgid "Press Roll to roll the dice {n}"\nmsgstr ""' in text
    i18n.update(tmp_path)
    assert (tmp_path / "de.po").read_bytes() == first
    # a changed English sentence keeps its translation for a translator to check: fuzzy
    monkeypatch.setattr(i18n, "english_sources", lambda: {"a": "Press Roll to roll the die now"})
    i18n.update(tmp_path)
    again = (tmp_path / "de.po").read_bytes()
    assert '#, fuzzy\nmsgctxt "a"\nmsgid "Press Roll to roll the die now"\nmsgstr "Würfeln"' in again.decode()
    i18n.update(tmp_path)
    assert (tmp_path / "de.po").read_bytes() == again


def test_a_changed_sentence_keeps_each_language_s_own_translation(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Seen: changing magic.move gave Italian, Portuguese and Persian the German translation (the
    template's message, added to the first catalogue, was given its old translation and shared)."""
    for lang, word in (("de", "Würfeln"), ("it", "Tira"), ("pt", "Lança")):
        (tmp_path / f"{lang}.po").write_text(f'msgctxt "a"\nmsgid "Press Roll"\nmsgstr "{word}"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "english_sources", lambda: {"a": "Press Roll now"})
    i18n.update(tmp_path)
    for lang, word in (("de", "Würfeln"), ("it", "Tira"), ("pt", "Lança")):
        text = (tmp_path / f"{lang}.po").read_text(encoding="utf-8")
        assert f'#, fuzzy\nmsgctxt "a"\nmsgid "Press Roll now"\nmsgstr "{word}"' in text, (lang, text)


def test_the_pages_own_sentences_come_from_their_scripts() -> None:
    found = i18n.page_phrases([("a.js", 'x = I18N.t("js.a", "Move {n} \\"steps\\"", {n: 2});\n'
                                         'y = I18N.t( "js.b" , "Done");')])
    assert found == {"js.a": 'Move {n} "steps"', "js.b": "Done"}
    with pytest.raises(ValueError, match="literal"):
        i18n.page_phrases([("a.js", 'I18N.t(id, "Done")')])
    with pytest.raises(ValueError, match="says two things"):
        i18n.page_phrases([("a.js", 'I18N.t("x", "one"); I18N.t("x", "two")')])
    assert set(i18n.page_phrases()) <= set(i18n.english_sources())


def _names(template: str) -> set[str]:
    """A template's field names; ``{Player}`` and ``{player}`` are the same argument (a language
    capitalises where its sentence begins)."""
    return {f[:1].lower() + f[1:] for f in cat.fields(template)}


def field_problems(english: dict[str, str], translated: dict[str, str]) -> list[str]:
    out = []
    for mid, text in translated.items():
        want, got = _names(english[mid]), _names(text)
        if got - want:
            out.append(f"{mid}: fields the English has not: {sorted(got - want)}")
        if want - got - i18n.ENGLISH_FRAGMENTS:
            out.append(f"{mid}: leaves out {sorted(want - got - i18n.ENGLISH_FRAGMENTS)}")
    return out


def test_a_wrong_format_field_is_found() -> None:
    english = {"a": "{Player}: press Roll.", "b": "{Player} rolled {roll}{s}."}
    assert field_problems(english, {"a": "{Spieler}: drücke Würfeln.", "b": "{Player} hat {roll}."}) == \
        ["a: fields the English has not: ['spieler']", "a: leaves out ['player']"]


@pytest.mark.parametrize("lang", SEEDS)
def test_each_seed_language_keeps_the_format_fields_and_says_the_main_turns(lang: str) -> None:
    own = cat.translated(lang)
    assert field_problems(cat.english(), own) == []
    page = set(i18n.page_labels())  # the fixed labels; the scripts' own sentences (I18N.t) may fall back to English
    missing = (set(MAIN) | page) - set(own)
    assert not missing, f"{lang} does not say {sorted(missing)}"


def test_an_untranslated_id_falls_back_to_english(untranslated) -> None:  # type: ignore[no-untyped-def]
    untranslated({"de": {"lab.confirm", "request.magnet"}, "fa": {"narrate.target"}})
    _falls_back_to_english()


def _falls_back_to_english() -> None:
    de = cat.catalogue("de")
    assert not de.has("lab.confirm")
    assert de.say("lab.confirm", {"pawn": "red", "cell": "c3"}).startswith("Which tile did red stop on?")
    assert de.say("magic.roll", {"player": "red"}) == "Rot: drücke Würfeln."
    # an instruction with one sentence not translated is said in English, whole
    roll = Instruction("red", "roll", "magic.roll").fields()
    assert say_messages(roll["messages"], "de", roll["text"]) == "Rot: drücke Würfeln."
    half = Instruction("red", "roll", "magic.roll",
                       requests=(Request("blue", "magnet", "stray", "c3", words="magic"),)).fields()
    assert say_messages(half["messages"], "de", half["text"]) == half["text"]
    # a narration line the language has no words for
    assert Words(NARRATION, "fa")("narrate.target", symbol="owl", cell="c3") == "Target: the owl on c3"
    assert Words(NARRATION, "fa")("narrate.turn_started", player="red") == "-- نوبت قرمز --"


def test_a_broken_catalogue_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "messages.pot").write_bytes(b'msgctxt "a"\nmsgid "A"\nmsgstr ""\n')
    (tmp_path / "xx.po").write_bytes(b"garbage, not a catalogue\n")
    monkeypatch.setattr(cat, "_locale_dir", lambda: tmp_path)
    cat.english.cache_clear()
    cat.translated.cache_clear()
    try:
        with pytest.raises(ConfigError, match="xx.po: not a readable PO catalogue"):
            cat.translated("xx")
    finally:
        cat.english.cache_clear()
        cat.translated.cache_clear()


def test_the_narration_says_the_board_in_the_language() -> None:
    i = Instruction("red", "correct", "correct", {},
                    (Request("blue", "pawn", "lifted", None, ("a1", "b1"), words="magic"),))
    event = GameEvent("instruction", 0, i.fields())
    assert InstructionLines("it")(event) == \
        "tabellone: Prima sistema ciò che mostra il tabellone: Metti la pedina di Blu su una tra a1 o b1 " \
        "(è stata sollevata)."
    assert InstructionLines()(event) == f"board: {i.text()}"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", *args], capture_output=True, text=True,
                          timeout=120)


def test_an_unknown_language_is_one_line_and_exit_2() -> None:
    for args in (("play", "--lang", "xx"), ("sim", "--lang", "klingon")):
        r = run(*args)
        assert r.returncode == 2, r
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and "is not a language with a catalogue (one of en, de, fa, it, pt)" in lines[0], r.stderr
        assert "Traceback" not in r.stderr


def test_play_narrates_in_german() -> None:
    r = run("play", "--seed", "3", "--lang", "de")
    assert r.returncode == 0, r.stderr[-2000:]
    assert "-- Rot ist am Zug --" in r.stdout
    assert "-- red's turn --" not in r.stdout


def test_the_config_file_names_a_language(tmp_path: Path) -> None:
    from mazeboard.controller.config import load_config

    good = tmp_path / "good.toml"
    good.write_text('[board]\nlang = "fa"\n')
    assert load_config(str(good)).board.lang == "fa"
    bad = tmp_path / "bad.toml"
    bad.write_text('[board]\nlang = "xx"\n')
    with pytest.raises(ConfigError, match="board.lang"):
        load_config(str(bad))


def test_the_server_serves_a_catalogue_per_language(untranslated) -> None:  # type: ignore[no-untyped-def]
    untranslated({"fa": {"lab.confirm"}})
    page = cat.page_catalogue("fa")
    assert page["dir"] == "rtl" and page["messages"]["page.roll"] == "تاس" and "lab.confirm" not in page["messages"]
    assert page["english"]["lab.confirm"] == MESSAGES["lab.confirm"]
    with pytest.raises(ConfigError, match="--lang"):
        cat.check_language("../../etc/passwd")


@pytest.mark.parametrize("game", ["labyrinth", "struggle"])
def test_the_labyrinth_and_struggle_narration_lines_are_in_the_catalogue(game: str) -> None:
    """Each game's own narration lines are message ids with English templates, collected into the catalogue."""
    prefix = {"labyrinth": "narrate.lab.", "struggle": "narrate.str."}[game]
    ids = [m for m in i18n.english_sources() if m.startswith(prefix)]
    assert len(ids) >= 15, ids
    assert set(ids) <= set(cat.english())


@pytest.mark.parametrize(("game", "german", "english"), [
    ("labyrinth", "schiebt", " pushes "),
    ("struggle", "== Runde 1 ==", "== Round 1 =="),
])
def test_play_labyrinth_and_struggle_narrate_in_german(game: str, german: str, english: str) -> None:
    r = run("play", "--game", game, "--seed", "3", "--lang", "de")
    assert r.returncode == 0, r.stderr[-2000:]
    assert german in r.stdout
    assert english not in r.stdout
    assert "'s turn" not in r.stdout and " wins" not in r.stdout


@pytest.mark.parametrize(("text", "why"), [
    ("du<img src=x onerror=alert(1)>", "markup"),
    ('Zug von {player}" onmouseover="x', "markup"),
    ("{player:^999999999} ist dran", "brace"),
    ("{player.__class__} ist dran", "brace"),
    ("{player} ist dran {secret}", "fields"),
])
def test_a_translation_the_pages_or_the_formatter_would_trip_on_is_said_in_english(
        text: str, why: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """A translator is trusted with words, not with the page: a translation with markup, a
    format spec or a field of its own (the attack on issue 15's pages ran script from a
    translation) is left out, logged, and the sentence said in English."""
    from babel.messages.catalog import Catalog

    de = Catalog(locale="de")
    de.add("{Player}'s turn", string=text, context="narrate.turn_started")
    de.add("Roll", string="Würfeln", context="page.roll")
    real = cat._read
    monkeypatch.setattr(cat, "_read", lambda name: de if name == "de.po" else real(name))
    cat.translated.cache_clear()
    try:
        with caplog.at_level("WARNING"):
            own = cat.translated("de")
        assert "narrate.turn_started" not in own and own["page.roll"] == "Würfeln"
        assert why in caplog.text and "narrate.turn_started" in caplog.text
    finally:
        cat.translated.cache_clear()
    assert cat.translation_problem("{Player}'s turn", "Zug: {player}") is None


@pytest.mark.parametrize("lang", SEEDS)
def test_every_shipped_translation_is_usable(lang: str) -> None:
    from babel.messages.pofile import read_po

    with (ROOT / f"hal/locale/{lang}.po").open("rb") as f:
        po = read_po(f)
    english = cat.english()
    bad = {m.context: cat.translation_problem(english[m.context], m.string) for m in po
           if m.context in english and m.string and not m.fuzzy}
    assert {k: v for k, v in bad.items() if v} == {}


@pytest.mark.parametrize("lang", [x for x in SEEDS if x != "de"])
def test_no_language_holds_the_german_words(lang: str) -> None:
    """fa, it and pt once held 'die Figur von {piece}' (a catalogue copied over): a translation the
    same as the German one, where German differs from English, is German in the wrong file."""
    import re

    de, own, english = cat.translated("de"), cat.translated(lang), cat.english()
    # (a translation of placeholders alone, "{moves}", holds no German word: the language's sentence round it says it)
    words = lambda text: re.sub(r"\{\w+\}", "", text).strip(" ,.،")  # noqa: E731
    copied = sorted(mid for mid, text in own.items() if text == de.get(mid) and text != english.get(mid) and words(text))
    assert copied == []


def test_the_magic_labyrinth_s_symbols_are_named_in_the_language() -> None:
    """A German page and narration said "Ziel: owl auf c3": the symbols' names are words of each
    language too (``symbol.NAME``), filled in wherever a field holds one; English keeps them."""
    from mazeboard.hal.boards import MAGIC_SYMBOLS

    assert Words(NARRATION, "de")("narrate.target", symbol="owl", cell="c3") == "Ziel: Eule auf c3"
    assert Words(NARRATION, "en")("narrate.target", symbol="crystal-ball", cell="e3") == "Target: the crystal-ball on e3"
    for lang in SEEDS:
        own = cat.translated(lang)
        missing = [s for s in MAGIC_SYMBOLS.values() if not own.get(f"symbol.{s}")]
        assert missing == [], (lang, missing)


def test_struggle_s_narration_names_the_players_in_the_language() -> None:
    """An attack: an Italian game of Struggle opened "Partita a Struggle: red, blue, green, yellow"."""
    r = run("play", "--game", "struggle", "--seed", "2", "--lang", "it")
    assert r.returncode == 0, r.stderr[-2000:]
    first = r.stdout.splitlines()[0]
    assert "Rosso, Blu;" in first and "red" not in first, first


def test_a_page_sentence_with_markup_keeps_only_its_own_tags() -> None:
    """The help's sentences hold bold words and the words shown only with a keyboard: a page sentence is collected
    with them (``data-i18n-html``; a placeholder with ``data-i18n-placeholder``), and a translation may hold those
    tags, each as often as the English sentence does, and no other markup (an attack: an image with a script)."""
    labels = i18n.page_labels([("a.html", '<p data-i18n-html="x">Press <b>🎲 Roll</b><span class="keys"> (or R)</span>\n'
                                          '   now.</p><input data-i18n-placeholder="y" placeholder="random">')])
    assert labels == {"x": 'Press <b>🎲 Roll</b><span class="keys"> (or R)</span> now.', "y": "random"}
    with pytest.raises(ValueError, match="holds a <img"):
        i18n.page_labels([("a.html", '<p data-i18n-html="x">one <img src=x onerror=alert(1)></p>')])
    with pytest.raises(ValueError, match="holds a <span"):
        i18n.page_labels([("a.html", '<p data-i18n-html="x">one <span class="keys" onclick="x">two</span></p>')])
    english = labels["x"]
    assert cat.translation_problem(english, 'Drücke <b>🎲 Würfeln</b><span class="keys"> (oder R)</span> jetzt.') is None
    assert "<b> 0 times" in str(cat.translation_problem(english, 'Drücke 🎲 Würfeln<span class="keys"> (oder R)</span>.'))
    assert "markup" in str(cat.translation_problem(english, 'Drücke <b>🎲</b><span class="keys"> R</span><img src=x>'))
    assert cat.translation_problem(english, '<b>x</b><span class="keys" onclick="y"> (R)</span>') is not None
    assert cat.translation_problem("Roll", "<b>Würfeln</b>") is not None  # a plain sentence: no tag at all
    # an attack: the counts right, the tags out of turn (the rest of the sentence bold), or every word inside the
    # keyboard's span (a phone would show none of the sentence)
    assert "closes </b>" in str(cat.translation_problem(english, '</b>Drücke<b> 🎲<span class="keys"> (R)</span>'))
    assert "closes" in str(cat.translation_problem(english, 'Drücke <b>🎲<span class="keys"> (R)</b></span>'))
    assert "keyboard" in str(cat.translation_problem(english, '<span class="keys">Drücke <b>🎲 Würfeln</b> (R)</span>'))


def test_play_s_last_line_is_in_the_language() -> None:
    """`mazeboard play --lang de` ended on "Winner: red (Rot 40, Blau 10) after 2.7 minutes of play, 441 events."."""
    r = run("play", "--seed", "3", "--lang", "de")
    assert r.returncode == 0, r.stderr[-2000:]
    last = r.stdout.strip().splitlines()[-1]
    assert "Winner" not in last and "minutes of play" not in last and "red" not in last, last
    assert "Rot" in last and "Blau" in last, last
    assert re.search(r" \d+,\d ", last), last  # the minutes as German writes a decimal
    english = run("play", "--seed", "3").stdout.strip().splitlines()[-1]
    assert english.startswith("Winner: blue (red ") and english.endswith(" events."), english

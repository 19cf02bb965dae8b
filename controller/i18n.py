"""The board's words in other languages, and the English catalogue written from the sources.

One source of truth for English: the sentences of :data:`~.instruction.MESSAGES`,
the narration's :data:`~.narrate.NARRATION` (and each game's: ``LAB_NARRATION``,
``STR_NARRATION``), the colour names, why a page's control does not act
(``CONTROL_REASONS`` of :mod:`mazeboard.hal.web.controls`), the pages' fixed labels
(each element of ``hal/web/static/*.html`` with a ``data-i18n="ID"`` attribute: its
text; ``data-i18n-title``: its tooltip) and the pages' own sentences (each
``I18N.t("ID", "English {field}", ...)`` call in ``hal/web/static/*.js``).
:func:`english_sources` collects them;
``python -m mazeboard.controller.i18n`` writes them to ``hal/locale/messages.pot`` and
brings every ``LANG.po`` up to date with it (Babel's ``Catalog.update``: new ids added
untranslated, never a similar sentence's translation guessed; changed English marked fuzzy). tests/test_i18n.py fails while the
template lags behind the sources.

Saying things in a language at run time: :mod:`.translate`.
"""

from __future__ import annotations

import copy
import io
import json
import re
import sys
from html.parser import HTMLParser
from importlib import resources
from pathlib import Path
from typing import Any, Iterable, Mapping

from mazeboard.hal.boards import MAGIC_SYMBOLS, PLAYER_COLOURS
from mazeboard.hal.labyrinth_editions import EDITIONS, VADER
from mazeboard.hal.i18n import HTML_TAGS, TEMPLATE, fields
from mazeboard.hal.web.controls import CONTROL_REASONS

from .instruction import MESSAGES
from .labyrinth.narrate import LAB_NARRATION
from .narrate import NARRATION
from .struggle.narrate import STR_NARRATION

#: fields whose value the games build of English words (or an English plural ending): a
#: translation may leave them out (it says the fact otherwise, or not at all); every other
#: field of the English sentence must be in a translation, and no other field may be
ENGLISH_FRAGMENTS = frozenset({
    "s", "settle", "again", "held_text", "others", "movers", "mover_text", "card_text",
    "vader_text", "back_text", "erase", "which", "players_text", "result_text", "tile_text", "reason",
})



#: picture names the rule of :func:`picture_name` would spell wrong (hal/web/static/pictures.js PICTURE_NAMES)
PICTURE_NAMES = {"obi-wan": "Obi-Wan", "qui-gon": "Qui-Gon", "padme": "Padmé", "bowser-jr": "Bowser Jr."}


def picture_name(pid: str) -> str:
    """A Labyrinth picture's name as the pages say it in English (hal/web/static/pictures.js
    pictureName): ``"darth-sidious"`` -> ``"Darth Sidious"``, ``"c-3po"`` -> ``"C-3PO"``,
    ``"x-wing"`` -> ``"X-Wing"``, ``"obi-wan"`` -> ``"Obi-Wan"`` (:data:`PICTURE_NAMES`)."""
    if pid in PICTURE_NAMES:
        return PICTURE_NAMES[pid]
    parts = pid.split("-")
    if any(any(ch.isdigit() for ch in w) for w in parts):
        return "-".join(parts).upper()
    words = [w[:1].upper() + w[1:] for w in parts]
    out = words[0]
    for prev, w in zip(words, words[1:]):
        out += ("-" if len(w) == 1 or len(prev) == 1 else " ") + w
    return out


#: the Labyrinth pictures of every edition (and the Vader tile's) a Magic Labyrinth symbol does not name
#: already (the owl is one word in both games)
_PICTURES = sorted(({p for e in EDITIONS.values() for p in e.pictures} | {VADER}) - set(MAGIC_SYMBOLS.values()))

#: names a translation gives the values of arguments (a player's colour, a Magic Labyrinth symbol, a
#: Labyrinth picture: a German page said "Ziel: owl auf c3"); English says a value as it is
WORDS: dict[str, str] = ({f"colour.{c}": c for c in PLAYER_COLOURS} | {"word.nobody": "nobody"}
                         | {f"symbol.{s}": s.replace("-", " ") for s in MAGIC_SYMBOLS.values()}
                         | {f"picture.{p}": picture_name(p) for p in _PICTURES})


class _Labels(HTMLParser):
    """Collects ``data-i18n`` texts, ``data-i18n-title`` tooltips and ``data-i18n-placeholder``
    placeholders of a page, and ``data-i18n-html`` sentences: words with a little markup (the help's
    ``<b>``, ``<code>``, ``<kbd>``, ``<span class="keys">``; :data:`mazeboard.hal.i18n.HTML_TAGS`),
    their template the element's inner HTML, its spaces collapsed."""

    def __init__(self, name: str) -> None:
        super().__init__(convert_charrefs=True)
        self.name = name
        self.found: dict[str, str] = {}
        self._open: str | None = None
        self._html: str | None = None
        self._depth = 0
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self._html is not None:
            start = f"<{tag}>" if not attrs else f'<{tag} class="{dict(attrs).get("class")}">'
            if start not in HTML_TAGS or len(attrs) > 1:
                raise ValueError(f"{self.name}: data-i18n-html={self._html!r} holds a {self.get_starttag_text()}: "
                                 f"only {', '.join(t for t in HTML_TAGS if not t.startswith('</'))}")
            self._text.append(start)
            self._depth += 1
            return
        if self._open is not None:
            raise ValueError(f"{self.name}: data-i18n={self._open!r} holds a <{tag}>: label only plain text")
        a = dict(attrs)
        if a.get("data-i18n-title"):
            self._add(str(a["data-i18n-title"]), str(a.get("title") or ""))
        if a.get("data-i18n-placeholder"):
            self._add(str(a["data-i18n-placeholder"]), str(a.get("placeholder") or ""))
        if a.get("data-i18n"):
            self._open, self._text = str(a["data-i18n"]), []
        elif a.get("data-i18n-html"):
            self._html, self._text, self._depth = str(a["data-i18n-html"]), [], 0

    def handle_endtag(self, tag: str) -> None:
        if self._html is not None:
            if self._depth:
                self._depth -= 1
                self._text.append(f"</{tag}>")
                return
            self._add(self._html, " ".join("".join(self._text).split()))
            self._html = None
        if self._open is not None:
            self._add(self._open, " ".join("".join(self._text).split()))
            self._open = None

    def handle_data(self, data: str) -> None:
        if self._open is not None or self._html is not None:
            self._text.append(data)

    def _add(self, mid: str, text: str) -> None:
        if not text:
            raise ValueError(f"{self.name}: {mid!r} has no English text")
        if self.found.get(mid, text) != text:
            raise ValueError(f"{self.name}: {mid!r} says two things")
        self.found[mid] = text


def page_labels(pages: Iterable[tuple[str, str]] | None = None) -> dict[str, str]:
    """Every ``data-i18n`` id of the pages -> its English text; ``pages``: (name, html)
    pairs (default: the static pages). Raises ValueError for an id that says two things."""
    if pages is None:
        static = resources.files("mazeboard.hal.web") / "static"
        pages = [(p.name, p.read_text(encoding="utf-8")) for p in sorted(static.iterdir(), key=lambda p: p.name)
                 if p.name.endswith(".html")]
    found: dict[str, str] = {}
    for name, html in pages:
        parser = _Labels(name)
        parser.feed(html)
        for mid, text in parser.found.items():
            if found.get(mid, text) != text:
                raise ValueError(f"{name}: {mid!r} says something else than on another page")
            found[mid] = text
    return found


#: a phrase a page's script builds: ``I18N.t("ID", "English ...")`` (both plain double-quoted literals)
_PHRASE = re.compile(r'I18N\.t\(\s*"((?:[^"\\]|\\.)*)"\s*,\s*"((?:[^"\\]|\\.)*)"')
_ANY_CALL = re.compile(r"I18N\.t\(")


def page_phrases(scripts: Iterable[tuple[str, str]] | None = None) -> dict[str, str]:
    """Every ``I18N.t("ID", "English")`` call of the pages' scripts -> ``{ID: English}``;
    ``scripts``: (name, source) pairs (default: the static ``*.js``). Raises ValueError for a
    call whose id or English is not a plain double-quoted literal (the catalogue could not
    hold it), and for an id that says two things."""
    if scripts is None:
        static = resources.files("mazeboard.hal.web") / "static"
        scripts = [(p.name, p.read_text(encoding="utf-8")) for p in sorted(static.iterdir(), key=lambda p: p.name)
                   if p.name.endswith(".js") and p.name != "i18n.js"]
    found: dict[str, str] = {}
    for name, source in scripts:
        calls = _ANY_CALL.findall(source)
        phrases = _PHRASE.findall(source)
        if len(calls) != len(phrases):
            raise ValueError(f"{name}: an I18N.t( call without a literal id and English sentence")
        for mid, text in phrases:
            text = json.loads(f'"{text}"')
            if not text:
                raise ValueError(f"{name}: {mid!r} has no English text")
            if found.get(mid, text) != text:
                raise ValueError(f"{name}: {mid!r} says two things")
            found[mid] = text
    return found


def english_sources() -> dict[str, str]:
    """Every message id -> its English template, from the sources (ids unique across them)."""
    out: dict[str, str] = {}
    for part in (MESSAGES, NARRATION, LAB_NARRATION, STR_NARRATION, CONTROL_REASONS, WORDS, page_labels(), page_phrases()):
        clash = set(out) & set(part)
        if clash:
            raise ValueError(f"message ids defined twice: {sorted(clash)}")
        out.update(part)
    return out


def _catalog(messages: Mapping[str, str]) -> Any:
    from babel.messages.catalog import Catalog

    cat = Catalog(project="mazeboard", fuzzy=False)
    for mid, text in messages.items():
        names = ", ".join(dict.fromkeys(fields(text)))
        cat.add(text, context=mid, auto_comments=[f"fields: {names}"] if names else [])
    return cat


def update(locale: Path) -> list[str]:
    """Write ``locale/messages.pot`` from the sources and bring each ``LANG.po`` up to date
    (Babel keeps translations, adds new ids, marks changed English fuzzy). Returns the files written."""
    from babel.messages.pofile import read_po, write_po

    template = _catalog(english_sources())
    written = []
    buf = io.BytesIO()
    write_po(buf, template, width=100, omit_header=True, sort_output=False)
    (locale / TEMPLATE).write_bytes(buf.getvalue())
    written.append(TEMPLATE)
    for po in sorted(locale.glob("*.po")):
        with po.open("rb") as f:
            cat = read_po(f, locale=po.stem)
        created = cat.creation_date
        # by id: a changed English sentence keeps its translation, marked fuzzy; Babel's own fuzzy
        # matching is off, it gives a new id the translation of whichever sentence looks alike
        before: dict[str, Any] = {m.context: m.string for m in cat if m.id and m.string and m.context}
        # a copy each: Babel adds the template's own message objects for a changed id, and the
        # translation given to one below would be every later language's (seen: German in Italian)
        cat.update(copy.deepcopy(template), no_fuzzy_matching=True, update_header_comment=False)
        for m in cat:
            old = before.get(m.context or "")
            if m.id and not m.string and old:
                m.string = old
                m.flags.add("fuzzy")
        cat.creation_date = created  # the file changes only when its messages do
        buf = io.BytesIO()
        write_po(buf, cat, width=100, ignore_obsolete=True, sort_output=False, include_previous=False)
        po.write_bytes(buf.getvalue())
        written.append(po.name)
    return written


def main() -> int:
    """``python -m mazeboard.controller.i18n [LOCALE_DIR]``: rewrite the catalogues from the sources."""
    here = Path(__file__).resolve().parents[1] / "hal" / "locale"
    locale = Path(sys.argv[1]) if len(sys.argv) > 1 else here
    for name in update(locale):
        print(f"wrote {locale / name}")
    return 0

if __name__ == "__main__":
    raise SystemExit(main())

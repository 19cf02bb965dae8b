"""Message catalogues: the board's words, the pages' labels and the narration in other languages.

The catalogues are gettext PO files under ``hal/locale/`` (package data), read at run time
with Babel (https://babel.pocoo.org, ``babel.messages.pofile.read_po``; nothing compiled,
nothing generated in the work tree). Every entry is keyed by its message id in ``msgctxt``
(``lab.shift``, ``page.roll``); ``msgid`` is the English sentence, ``msgstr`` the translation:

* ``messages.pot`` -- the English catalogue (every id; written from the sources by
  ``python -m mazeboard.controller.i18n``, see docs/i18n.md);
* ``LANG.po`` -- one per language (``de``, ``fa``, ``it``, ``pt``); an empty or fuzzy
  ``msgstr`` is not translated yet: that id is said in English.

Templates use ``str.format`` fields (``{Player}``); :func:`fill` fills them as the
English sentences are filled (a capitalised field takes its argument capitalised).
Which way a language is written comes from CLDR through Babel (``Locale.text_direction``).

Shapes: a language is a short code (``en``, ``fa``; :func:`check_language` bounds it);
:func:`page_catalogue` is what ``/i18n.json`` serves to the pages. Errors: an unknown
language raises :class:`~mazeboard.hal.errors.ConfigError` (one line; the CLI exits 2).
"""

from __future__ import annotations

import functools
import io
import logging
import re
import string
from dataclasses import dataclass
from importlib import resources
from typing import Any, Mapping

from .errors import ConfigError

log = logging.getLogger(__name__)

#: the language every id is written in first, and what an untranslated id falls back to
ENGLISH = "en"
#: the English catalogue's file name (a gettext template)
TEMPLATE = "messages.pot"
#: the largest catalogue file read, bytes (the English one is about 20 KB)
MAX_CATALOGUE_BYTES = 1024 * 1024
#: the kinds of argument values a language names in its own words (``colour.red``, ``symbol.owl``)
VALUE_WORDS = ("colour", "symbol", "picture")
_CODE = re.compile(r"^[a-z]{2,3}(_[A-Z]{2})?$")


def _locale_dir() -> Any:
    return resources.files("mazeboard.hal") / "locale"


def languages() -> tuple[str, ...]:
    """The languages with a catalogue: English first, then the ``LANG.po`` files, sorted."""
    found = sorted(p.name[:-3] for p in _locale_dir().iterdir() if p.name.endswith(".po") and _CODE.match(p.name[:-3]))
    return (ENGLISH, *found)


def check_language(text: str, what: str = "--lang") -> str:
    """``text`` when it names a language with a catalogue; else :class:`ConfigError` ``WHAT: ...``."""
    known = languages()
    if text not in known:
        raise ConfigError(f"{what}: {text[:20]!r} is not a language with a catalogue (one of {', '.join(known)})")
    return text


def _read(name: str) -> Any:
    from babel.messages.pofile import read_po

    data = (_locale_dir() / name).read_bytes()
    if len(data) > MAX_CATALOGUE_BYTES:
        raise ConfigError(f"hal/locale/{name}: larger than {MAX_CATALOGUE_BYTES} bytes")
    try:
        return read_po(io.BytesIO(data), ignore_obsolete=True, abort_invalid=True)
    except Exception as e:  # babel's PoFileError and friends: a broken install
        raise ConfigError(f"hal/locale/{name}: not a readable PO catalogue ({e})") from None


@functools.lru_cache(maxsize=None)
def english() -> dict[str, str]:
    """Every message id -> its English template (the ``messages.pot`` catalogue)."""
    return {str(m.context): str(m.id) for m in _read(TEMPLATE) if m.context and m.id}


#: a translation's field: a plain name, no conversion, format spec or attribute
_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")
#: what a translation may not hold: markup (the pages put some sentences into HTML) and quotes
#: that would end an attribute (a translator is trusted with words, not with the page)
_MARKUP = re.compile(r'[<"]')


#: the markup a page's sentence may hold (``data-i18n-html``: the help's bold words, its key names, the
#: words shown only with a keyboard), exactly as written here, without other attributes
HTML_TAGS = ("<b>", "</b>", "<code>", "</code>", "<kbd>", "</kbd>", '<span class="keys">', "</span>")


_TAG = re.compile("|".join(re.escape(t) for t in HTML_TAGS))
_KEYS_WORDS = re.compile(r'<span class="keys">.*?</span>', re.S)


def _markup_problem(english_text: str, text: str) -> str | None:
    """Why the tags of ``text`` (a sentence with :data:`HTML_TAGS`) cannot be used: one closed
    before it opens or out of turn, one left open, or the words shown to everyone all inside
    ``<span class="keys">`` (shown only with a keyboard: a phone would show nothing)."""
    opened: list[str] = []
    for m in _TAG.finditer(text):
        tag = m.group()
        if not tag.startswith("</"):
            opened.append(tag[1:].split(">")[0].split(" ")[0])
        elif not opened or opened.pop() != tag[2:-1]:
            return f"closes {tag} where it is not open"
    if opened:
        return f"leaves <{opened[-1]}> open"

    def seen(t: str) -> bool:
        return bool(re.search(r"\w", _TAG.sub("", _KEYS_WORDS.sub("", t))))

    if seen(english_text) and not seen(text):
        return 'says everything inside <span class="keys"> (shown only with a keyboard)'
    return None


def translation_problem(english_text: str, text: str) -> str | None:
    """Why a translation of ``english_text`` cannot be used (None: it can): it holds markup or a
    double quote (``<`` opens a tag, ``"`` ends an attribute; ``->`` is fine) beyond the tags of
    :data:`HTML_TAGS` the English sentence holds, each as often as there, opened and closed in turn, and words in
    sight outside ``<span class="keys">`` where the English has some (:func:`_markup_problem`), a brace that is not a plain ``{name}`` field (``{player:>99999}``,
    ``{a.__class__}``), or a field the English sentence does not have (capitalised or not)."""
    for tag in HTML_TAGS:
        if text.count(tag) != english_text.count(tag):
            return f"holds {tag} {text.count(tag)} times, the English sentence {english_text.count(tag)}"
    if english_text.count("<") and (problem := _markup_problem(english_text, text)):
        return problem
    for tag in HTML_TAGS:
        text = text.replace(tag, "")
    if _MARKUP.search(text):
        return "holds markup (a < or a double quote)"
    if "{" in _FIELD.sub("", text) or "}" in _FIELD.sub("", text):
        return "has a brace that is not a plain {name} field"
    own = {f[:1].lower() + f[1:] for f in _FIELD.findall(english_text)}
    extra = sorted({f for f in _FIELD.findall(text) if f[:1].lower() + f[1:] not in own})
    return f"has fields the English sentence has not: {', '.join(extra)}" if extra else None


@functools.lru_cache(maxsize=None)
def translated(lang: str) -> dict[str, str]:
    """The ids ``lang`` translates -> their templates (English: every id). An empty or fuzzy
    translation, one of an id the English catalogue no longer has, and one that
    :func:`translation_problem` refuses (logged once; that id is said in English) are left out."""
    check_language(lang)
    if lang == ENGLISH:
        return dict(english())
    known = english()
    out: dict[str, str] = {}
    for m in _read(f"{lang}.po"):
        mid = str(m.context)
        if m.context not in known or not isinstance(m.string, str) or not m.string or m.fuzzy:
            continue
        problem = translation_problem(known[mid], m.string)
        if problem is not None:
            log.warning("hal/locale/%s.po: %s %s: said in English", lang, mid[:60], problem)
            continue
        out[mid] = m.string
    return out


def direction(lang: str) -> str:
    """``rtl`` or ``ltr``: how ``lang`` is written (CLDR, through Babel)."""
    from babel import Locale

    return str(Locale.parse(lang).text_direction)


def language_name(lang: str) -> str:
    """The language's name in itself (``Deutsch``, ``فارسی``)."""
    from babel import Locale

    return str(Locale.parse(lang).get_display_name(lang))


@dataclass(frozen=True)
class Catalogue:
    """One language's words: :meth:`get` gives the template of an id in ``lang`` when
    translated, else the English one (else None: not an id at all)."""

    lang: str
    own: Mapping[str, str]

    def get(self, mid: str) -> str | None:
        return self.own.get(mid) or english().get(mid)

    def has(self, mid: str) -> bool:
        """Whether ``mid`` is said in this language (not falling back to English)."""
        return mid in self.own

    def say(self, mid: str, args: Mapping[str, Any], default: str | None = None, depth: int = 0) -> str:
        """The sentence ``mid`` in this language with ``args`` filled in; untranslated, the English
        sentence (``default`` when the English catalogue lacks it) filled in English."""
        if self.has(mid):
            return fill(self.own[mid], args, self, depth)
        return fill(english().get(mid) or default or mid, args, None, depth)


@functools.lru_cache(maxsize=None)
def catalogue(lang: str = ENGLISH) -> Catalogue:
    """The :class:`Catalogue` of ``lang`` (checked: :class:`ConfigError` when unknown)."""
    return Catalogue(lang, translated(lang))


@functools.lru_cache(maxsize=None)
def fields(template: str) -> tuple[str, ...]:
    """The ``{name}`` fields of a template, in order (parsed once per template); a broken
    template has none."""
    try:
        return tuple(name for _, name, _, _ in string.Formatter().parse(template) if name)
    except ValueError:
        return ()


def _text(value: Any) -> str:
    return "" if value is None else str(value)


#: how deep phrases may nest in a sentence's arguments (a phrase whose argument is a phrase...);
#: deeper ones read as nothing (a log's messages are input: bounded)
MAX_PHRASE_DEPTH = 8


def is_phrase(value: Any) -> bool:
    """Whether an argument is a *phrase*: ``{"id": MESSAGE_ID, "args": {...}}``, a piece of
    sentence said in the sentence's language (a play's words, names joined with "and")."""
    return isinstance(value, Mapping) and isinstance(value.get("id"), str) and isinstance(value.get("args"), Mapping)


def phrase_ids(args: Mapping[str, Any], depth: int = 0) -> list[str]:
    """The message ids of every phrase among ``args`` (nested ones too, up to
    :data:`MAX_PHRASE_DEPTH`): what a language must say for the sentence to be said in it whole."""
    out: list[str] = []
    if depth >= MAX_PHRASE_DEPTH:
        return out
    for value in args.values():
        if is_phrase(value):
            out.append(value["id"])
            out.extend(phrase_ids(value["args"], depth + 1))
    return out


def fill(template: str, args: Mapping[str, Any], words: Catalogue | None = None, depth: int = 0) -> str:
    """``template`` with ``args`` filled in. A capitalised field name (``{Player}``) takes the
    argument ``player`` capitalised; a missing argument whose lower-case name is given as
    None reads ``word.nobody``. With ``words`` (not English), a value that is a colour
    (``colour.red`` in the catalogue) is said in that language. A value that is a phrase
    (:func:`is_phrase`) is said first, in the same language (English: the English catalogue).
    A template that does not format (a stray brace) is returned as it is."""
    filled: dict[str, str] = {}
    for name in fields(template):
        if name in args:
            filled[name] = _word(args[name], words, depth)
            continue
        low = name[:1].lower() + name[1:]
        value = args.get(low)
        if value is None and low in args:
            text = words.say("word.nobody", {}, "nobody") if words is not None else "nobody"
        else:
            text = _word(value, words, depth)
        filled[name] = text[:1].upper() + text[1:] if name != low else text
    try:
        return template.format(**filled)
    except (KeyError, IndexError, ValueError):
        return template


def _word(value: Any, words: Catalogue | None, depth: int = 0) -> str:
    if is_phrase(value):
        if depth >= MAX_PHRASE_DEPTH:
            return ""
        return (words or catalogue(ENGLISH)).say(value["id"], value["args"], None, depth + 1)
    text = _text(value)
    if words is not None and words.lang != ENGLISH and isinstance(value, str):
        for kind in VALUE_WORDS:  # a colour, a symbol: said in the language
            if words.has(f"{kind}.{value}"):
                return words.own[f"{kind}.{value}"]
    return text


def page_catalogue(lang: str) -> dict[str, Any]:
    """What ``/i18n.json?lang=LANG`` serves: ``lang``, ``dir`` (``ltr``/``rtl``), ``name``, the
    ``languages`` there are, ``messages`` -- the ids said in ``lang`` (English: every id)
    -> templates -- and ``english`` (every id's English template: the words a sentence's
    pieces fall back to). A page falls back to its English text for any id left out."""
    return {"lang": lang, "dir": direction(lang), "name": language_name(lang), "languages": list(languages()),
            "messages": translated(lang), "english": english()}

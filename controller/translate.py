"""Saying the board's words in a language at run time (the catalogues: :mod:`mazeboard.hal.i18n`).

:func:`say_messages` says an ``instruction`` event's ``messages`` (``[{id, args}]``) in a
language; :class:`Words` says the narration's lines. What falls back to English: docs/i18n.md.
"""

from __future__ import annotations

from typing import Any, Mapping

from mazeboard.hal.i18n import ENGLISH, catalogue, fill, phrase_ids

from .instruction import request_fragments


def say_in(lang: str, mid: str, args: Mapping[str, Any]) -> str | None:
    """One sentence of an instruction in ``lang``, or None when ``lang`` does not say ``mid``.
    A request's pieces (where from, where to, why) are said in ``lang`` too (English where
    it has no word for them yet)."""
    words = catalogue(lang)
    if not words.has(mid) or not all(words.has(p) for p in phrase_ids(args)):
        return None
    if mid.startswith("request."):
        args = {**args, **request_fragments(args, words.say)}
    return words.say(mid, args)


def say_messages(messages: Any, lang: str, english_text: str) -> str:
    """An ``instruction`` event's ``messages`` said in ``lang``: every sentence when ``lang`` says
    every one of them; else ``english_text`` (the event's ``text``) whole, never half and half."""
    if lang == ENGLISH or not isinstance(messages, list) or not messages:
        return english_text
    said = []
    for m in messages:
        if not isinstance(m, Mapping) or not isinstance(m.get("args"), Mapping):
            return english_text
        text = say_in(lang, str(m.get("id")), m["args"])
        if text is None:
            return english_text
        said.append(text)
    return " ".join(said)




class Words:
    """Says templates of a source dict (``{id: English}``) in ``lang`` (English when untranslated)."""

    def __init__(self, source: Mapping[str, str], lang: str = ENGLISH) -> None:
        self.source = source
        self.lang = lang
        self._words = None if lang == ENGLISH else catalogue(lang)

    def __call__(self, mid: str, **args: Any) -> str:
        template = self.source[mid]
        return fill(template, args) if self._words is None else self._words.say(mid, args, template)

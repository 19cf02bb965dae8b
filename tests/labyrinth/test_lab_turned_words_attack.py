"""Issue 15, an attack (session 21) on the Labyrinth hint for a spare that must be turned: "... With the spare as it
lies, none lets your pawn walk nearer ...; turned another way: S-b, then walk to b2. ⟳ Rotate it ... until these words
say “with the spare as it lies”" — the words to wait for were in the sentence already, before any turn (English and
Portuguese), and a reader could take the spare as turned right. The words quoted are said by the sentence said once it
is ("Nearest to it, ... with the spare as it lies: ..."), in every language, and appear nowhere else in the sentence
that asks for the turn."""

from __future__ import annotations

import re

import pytest

from mazeboard.hal import i18n as cat

TURNED, NEAREST = "page.lab.home_ways_nearer_turned", ("page.lab.home_ways_nearest_walk", "page.lab.home_ways_nearest_one")
QUOTED = re.compile(r"[“„«]([^”“»]+)[”“»]")


@pytest.mark.parametrize("lang", ["en", "de", "fa", "it", "pt"])
def test_the_words_to_wait_for_are_said_only_once_the_spare_is_turned_right(lang: str) -> None:
    words = cat.english() if lang == "en" else cat.translated(lang)
    turned = words[TURNED]
    quoted = QUOTED.findall(turned)
    assert len(quoted) == 1, turned
    wait_for = quoted[0].strip().rstrip(".:،").strip()
    # ...said by the sentences shown once a push with the spare as it lies is the nearest
    for mid in NEAREST:
        assert wait_for.casefold() in words[mid].casefold(), (mid, wait_for, words[mid])
    # ...and not by the sentence asking for the turn, outside its quotation marks
    outside = QUOTED.sub("", turned).casefold()
    assert wait_for.casefold() not in outside, (wait_for, turned)
    # ...nor its first words ("Nearest to it"): the sentence's own opening, read as the words awaited
    head = re.split(r"[,،]", wait_for)[0].strip().casefold()
    assert head not in outside, (head, turned)

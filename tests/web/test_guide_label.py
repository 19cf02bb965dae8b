"""Issue 15, Magic newcomer 68 (1920x1080): in a second game the tip box still said "First game:", and the newcomer
wondered whether the page had lost track of the game it had finished. A tip shows in any game until it is read
(notice.js), so its box is labelled as a tip, on every game's page, in every language."""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "hal" / "web" / "static"


def test_the_tip_box_is_labelled_as_a_tip_not_as_the_first_game() -> None:
    for name in ("index.html", "labyrinth.html", "struggle.html"):
        html = (STATIC / name).read_text(encoding="utf-8")
        m = re.search(r'<div id="guide"[^>]*><b data-i18n="([^"]+)">([^<]*)</b>', html)
        assert m, name
        assert m.group(1) == "page.tip_label" and m.group(2) == "💡 Tip:", (name, m.groups())

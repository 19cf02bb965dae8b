"""Every Labyrinth picture of every edition has its own emoji on the pages (hal/web/static/pictures.js):
a newcomer matches the picture on the board to the card by its look, not by reading a cut name. (A
picture without one shows the generic 🔶: in the Star Wars edition 17 of 24 did.)"""

from __future__ import annotations

import re
from pathlib import Path

from mazeboard.hal.labyrinth_editions import EDITIONS, edition

PICTURES_JS = Path(__file__).resolve().parents[2] / "hal" / "web" / "static" / "pictures.js"


def emoji() -> dict[str, str]:
    text = PICTURES_JS.read_text(encoding="utf-8")
    body = text[text.index("const PICTURES = {"):text.index("};")]
    return {m.group(1) or m.group(2): m.group(3)
            for m in re.finditer(r'(?:"([a-z0-9-]+)"|([a-z0-9]+)):\s*"([^"]+)"', body)}


def test_every_picture_of_every_edition_has_its_own_emoji() -> None:
    shown = emoji()
    for name in EDITIONS:
        pictures = edition(name).pictures
        missing = [p for p in pictures if p not in shown]
        assert not missing, f"{name}: no emoji for {missing}"
        looks = [shown[p] for p in pictures]
        alike = sorted({p for p in pictures if looks.count(shown[p]) > 1})
        assert not alike, f"{name}: these pictures look alike on the page: {alike}"
        assert "🔶" not in looks

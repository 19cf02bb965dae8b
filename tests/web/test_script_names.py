"""A page's scripts share one global scope: a function declared twice silently takes the place of the first (CI78:
a second ``notTaken`` in board.js replaced the return prompt's, and its words "(The wand here is not taken)" were
lost). Each page's top-level function names are declared once across all the scripts it loads."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "hal" / "web" / "static"
PAGES = sorted(p.name for p in STATIC.glob("*.html"))


@pytest.mark.parametrize("page", PAGES)
def test_each_top_level_function_is_declared_once_on_the_page(page: str) -> None:
    html = (STATIC / page).read_text(encoding="utf-8")
    scripts = re.findall(r'src="/static/([\w.-]+\.js)"', html)
    names: Counter[str] = Counter()
    for script in scripts:
        text = (STATIC / script).read_text(encoding="utf-8")
        names.update(re.findall(r"^(?:async\s+)?function\s+([A-Za-z_$][\w$]*)\s*\(", text, flags=re.M))
    twice = sorted(n for n, k in names.items() if k > 1)
    assert not twice, (page, scripts, twice)

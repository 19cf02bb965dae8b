"""Attack 11, read as a user who cloned the repository (a test that fails on the code it was written against).

The README sends readers of scenarios to ``../shared/SCENARIOS.md`` and docs/event-log.md to
``/work/shared/SCENARIOS.md``: neither exists in a clone, and no page of docs/ describes The Magic
Labyrinth's scenario file (its keys and actions: ``press``, ``slide PLAYER CELL...``, ``lift``,
``place``, ``fetch-ball``, ``wait``, ``glitch``), though every issue-11 reproduction is one.
"""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def test_docs_do_not_point_outside_the_repository() -> None:
    outside = [f"{p.relative_to(ROOT)}: {line.strip()}" for p in PAGES
               for line in p.read_text(encoding="utf-8").splitlines()
               if "../shared/" in line or "/work/shared" in line]
    assert outside == []


def test_the_magic_labyrinth_scenario_format_is_documented() -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in PAGES)
    for words in ("slide PLAYER", "fetch-ball PLAYER", "glitch CELL MS", "ball_roll_ms"):
        assert words in text, words

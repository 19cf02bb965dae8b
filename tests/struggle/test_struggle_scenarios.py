"""Struggle scenario files through the full sensor path: scripted hands -> raw reed and
button levels -> debounce -> referee -> event log, checked against NAME.expect.json
(the format of tests/scenario_check.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenario_check import check_case

HERE = Path(__file__).parent / "scenarios"
CASES = sorted(HERE.glob("*.toml"))


def test_the_scenario_folder_covers_play_and_bad_input() -> None:
    names = [c.stem for c in CASES]
    assert len([n for n in names if not n.startswith("bad_")]) >= 8
    assert len([n for n in names if n.startswith("bad_")]) >= 8
    for case in CASES:
        assert case.with_name(case.stem + ".expect.json").exists(), case.name


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_scenario(case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check_case(case, tmp_path, capsys) == []

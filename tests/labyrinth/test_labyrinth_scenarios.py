"""Labyrinth scenario tests through the sensor path: scripted hands -> reeds, slot sensors,
buttons -> debounce -> tracker -> referee -> event log, checked against NAME.expect.json."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenario_check import check_case

HERE = Path(__file__).parent / "scenarios"
CASES = sorted(HERE.glob("*.toml"))


def test_the_scenario_folder_is_not_empty() -> None:
    assert len(CASES) >= 8


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_scenario(case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check_case(case, tmp_path, capsys) == []

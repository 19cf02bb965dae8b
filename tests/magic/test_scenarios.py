"""Scenario tests through the full sensor path: simulated hands -> raw signals ->
debounce -> tracker -> referee -> event log, checked against NAME.expect.json."""

from __future__ import annotations

from pathlib import Path

import pytest

from scenario_check import check_case

HERE = Path(__file__).parent / "scenarios"
SHARED = Path(__file__).resolve().parents[3] / "shared" / "scenarios" / "magic"

CASES = sorted(HERE.glob("*.toml")) + sorted(SHARED.glob("*.toml"))


def test_the_scenario_folder_is_not_empty() -> None:
    assert len(list(HERE.glob("*.toml"))) >= 20


@pytest.mark.parametrize("case", CASES, ids=[f"{c.parent.name}/{c.stem}" for c in CASES])
def test_scenario(case: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert check_case(case, tmp_path, capsys) == []

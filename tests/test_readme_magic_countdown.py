"""Issue 15, Magic newcomer 95: after Roll the prompt said "No rush yet: 20 s per step, from your first step", then
"⏳ 20 s for a step to a lit cell, or the move ends"; the README named three ends of a move (the steps used, the
target, Done) and no clock, so the newcomer could not tell what running out cost. The README says the countdown, and
the seconds it says are the browser simulator's for a person (``HUMAN_SETTLE_MS``)."""

from __future__ import annotations

from pathlib import Path

from mazeboard.sim.web.session import HUMAN_SETTLE_MS


def test_the_readme_says_the_step_countdown_and_what_it_ends() -> None:
    readme = " ".join(Path(__file__).resolve().parents[1].joinpath("README.md").read_text(encoding="utf-8").split())
    assert "when a step's countdown runs out" in readme
    assert "20 by default, for the next one in the browser; the move then ends where the pawn stands" in readme
    assert HUMAN_SETTLE_MS == 20_000

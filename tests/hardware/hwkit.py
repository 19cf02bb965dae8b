"""Helpers shared by the hardware tests: paths, a calibration from the simulated sensors' model."""

from __future__ import annotations

from pathlib import Path

from mazeboard.hal.calibration import HallCalibration, Stats, threshold_for
from mazeboard.sim.analog import SimAnalogTray

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "wiring" / "magic-labyrinth.toml"
DIGITAL = ROOT / "wiring" / "magic-labyrinth-digital.toml"


def measured_calibration(tray: SimAnalogTray, samples: int = 100) -> HallCalibration:
    """Calibrate ``tray`` the way the CLI does (empty, then a ball per corner), without prompts."""
    saved = dict(tray.staged)
    empty = {s: Stats.of([tray.read_v(s) for _ in range(samples)]) for s in tray.sensors}
    thresholds = {}
    for s in tray.sensors:
        tray.staged[s] = 1
        ball = Stats.of([tray.read_v(s) for _ in range(samples)])
        tray.staged[s] = 0
        thresholds[s] = threshold_for(s, empty[s], ball, tray.lsb_v)
    tray.staged.update(saved)
    return HallCalibration(tray.vref_v, thresholds)

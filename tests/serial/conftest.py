"""Shared helpers for the serial-link tests: the golden vectors and the firmware on sys.path.

The firmware is not a package of the Pi side (pyproject packages only
controller/hal/sim); its pure logic is imported from ``firmware/`` directly.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

FIRMWARE = Path(__file__).resolve().parents[2] / "firmware"
if str(FIRMWARE) not in sys.path:
    sys.path.insert(0, str(FIRMWARE))


@pytest.fixture(scope="session")
def vectors() -> dict[str, Any]:
    return json.loads((FIRMWARE / "vectors.json").read_text())

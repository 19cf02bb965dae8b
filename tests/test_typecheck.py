"""DESIGN.md: the code is mypy clean, and pyflakes-clean (ruff's F rules: unused imports, undefined names)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_is_clean() -> None:
    p = subprocess.run([sys.executable, "-m", "mypy", "controller", "hal", "sim"], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout[-3000:]


def test_no_unused_imports_or_undefined_names() -> None:
    p = subprocess.run([sys.executable, "-m", "ruff", "check", "--select", "F", "--output-format", "concise",
                        "controller", "hal", "sim", "benchmarks"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout[-3000:]

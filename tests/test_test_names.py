"""Every test module's file name is unique across tests/: pytest (rootdir-relative imports, no
packages) refuses to collect two modules of one basename, and the whole run stops at collection
(the fresh-clone CI of stop 23 did: tests/struggle and tests/web both had test_struggle_round23b.py)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_no_two_test_modules_share_a_file_name() -> None:
    names = Counter(p.name for p in TESTS.rglob("test_*.py") if "__pycache__" not in p.parts)
    twice = sorted(n for n, k in names.items() if k > 1)
    assert not twice, f"test modules with the same file name (pytest collects only one): {twice}"

"""Every document a command's help names is one a cloner has (Struggle newcomer 109 read "--scenario FILE  scenario
file to run (SCENARIOS.md)" in ``mazeboard sim --help``; the README and the repository have docs/scenarios.md, and
SCENARIOS.md lives only beside the project, in ../shared)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ("play", "sim", "diagram", "wiring", "calibrate", "diag", "service")


def _help(*words: str) -> str:
    out = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", *words, "--help"], capture_output=True, text=True,
                         timeout=60, check=True)
    return out.stdout


def test_every_document_the_help_names_is_in_the_repository() -> None:
    named: dict[str, str] = {}
    for cmd in ("", *COMMANDS):
        text = _help(*([cmd] if cmd else []))
        assert "usage:" in text, (cmd, text[:200])
        for doc in re.findall(r"[\w./-]+\.md\b", text):
            named[doc] = cmd
    missing = {doc: cmd for doc, cmd in named.items() if not (ROOT / doc).is_file()}
    assert not missing, missing
    assert "docs/scenarios.md" in named, named  # (the scenario option says where its format is)

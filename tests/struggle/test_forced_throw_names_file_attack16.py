"""Attack 16: a scenario whose forced throw has the wrong number of faces is found only in play (how many
dice are thrown depends on the holds). Its one line named neither the file nor which throw ("dice: the forced
throw 'K J' has 2 faces ..."), where every other invalid scenario names the file and the key."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path


def test_a_forced_throw_of_the_wrong_size_names_the_file_and_the_throw(tmp_path: Path) -> None:
    f = tmp_path / "throws.toml"
    f.write_text('game = "struggle"\nplayers = ["red", "blue"]\ndice = ["K Q Q 9 A", "K J"]\n'
                 'actions = ["throw", "hold 1 2", "throw"]\n')
    p = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "sim", "--scenario", str(f),
                        "--events", str(tmp_path / "ev.jsonl")], capture_output=True, text=True, timeout=60)
    assert p.returncode == 2, (p.stdout, p.stderr)
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in p.stderr, p.stderr
    assert f"{f}: dice[1]: the forced throw 'K J' has 2 faces but 3 dice were thrown" in lines[0], lines

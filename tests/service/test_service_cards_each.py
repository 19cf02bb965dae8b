"""The always-on service with a shorter Labyrinth in its config file (``[labyrinth] cards_each``).

The file is checked before anyone sits down (0 to 12, named so in its refusal), and the players
are counted only in the lobby: a value above their even share deals the share
(docs/labyrinth.md), never stops the service with a line about a flag nobody gave (seen in the
attack on issue 15: 12 each with 3 players ended ``service run`` with exit 2)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

CONFIG = """[board]
game = "labyrinth"
[labyrinth]
cards_each = {each}
guided_layout = false
"""


def service(tmp_path: Path, each: str, players: int) -> subprocess.CompletedProcess[str]:
    config = tmp_path / "mazeboard.toml"
    config.write_text(CONFIG.format(each=each))
    return subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "service", "run", "--config", str(config),
                           "--virtual-time", "--games", "1", "--players", str(players), "--seed", "1",
                           "--state-dir", str(tmp_path / "state")],
                          check=False, capture_output=True, text=True, timeout=300)


def test_a_config_cards_each_above_the_share_deals_the_share(tmp_path: Path) -> None:
    out = service(tmp_path, "12", 3)
    assert out.returncode == 0, out.stderr.strip().splitlines()[-1:]
    assert "--cards-each" not in out.stderr


def test_a_negative_config_cards_each_names_its_own_bounds(tmp_path: Path) -> None:
    out = service(tmp_path, "-1", 2)
    assert out.returncode == 2
    line = out.stderr.strip().splitlines()[-1]
    assert "86400000" not in line and "0 to 12" in line, line

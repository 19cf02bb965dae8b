"""Power loss: SIGKILL a journaled game at random points, restart, compare, play on to the end.

The game runs in a child process (``crashy_game.py``) on virtual time and
writes, after every journal record N, the game's fingerprint (scores,
target, positions, turn, state, learned walls, known open edges, bag, dice
generator, ...) to a witness file. After the kill, the journal on disk holds
K complete records; the restarted process replays them and reports the state
it rebuilt, which must equal the state the killed game had right after
record K. Nothing here depends on how fast the machine is: kill points are
chosen by record count (in-process kills) or by a seeded random delay while
the child is paced (kills from outside), and only states are compared.
"""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

HELPER = Path(__file__).with_name("crashy_game.py")


def _run(state: Path, witness: Path, seed: int, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(HELPER), str(state), str(witness), str(seed), *extra],
                          capture_output=True, text=True, timeout=300)


def _witness(path: Path) -> tuple[dict[int, dict], tuple[int, dict] | None]:
    """(record number -> fingerprint after it, (records replayed, restored fingerprint) or None)."""
    states: dict[int, dict] = {}
    restored = None
    for line in path.read_text().splitlines():
        parts = line.split("\t")
        if parts[0] == "restored":
            restored = (int(parts[1]), json.loads(parts[2]))
        elif len(parts) == 2:
            try:
                states[int(parts[0])] = json.loads(parts[1])
            except json.JSONDecodeError:  # the kill hit the witness write itself
                pass
    return states, restored


def _journal_records(state: Path) -> int:
    """Complete records after the header in the killed game's journal."""
    data = (state / "current.jsonl").read_bytes()
    return data.count(b"\n") - 1


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> dict[int, dict[int, dict]]:
    """Uninterrupted games: seed -> record number -> fingerprint."""
    refs = {}
    for seed in (3, 11):
        d = tmp_path_factory.mktemp(f"ref{seed}")
        res = _run(d / "state", d / "witness", seed)
        assert res.returncode == 0, res.stderr
        assert "winner red" in res.stdout or "winner blue" in res.stdout
        refs[seed], restored = _witness(d / "witness")
        assert restored is None
    return refs


def test_reference_games_are_long_enough(reference: dict[int, dict[int, dict]]) -> None:
    for states in reference.values():
        assert len(states) > 100
        assert sorted(states) == list(range(1, len(states) + 1))
        assert max(sum(s["scores"].values()) for s in states.values()) >= 4


@pytest.mark.parametrize("seed", [3, 11])
def test_sigkill_from_outside_at_random_points(tmp_path: Path, seed: int,
                                               reference: dict[int, dict[int, dict]]) -> None:
    ref = reference[seed]
    total = max(ref)
    rng = random.Random(f"kills-{seed}")
    kills = 0
    for i in range(6):
        after = rng.randint(2, total - 60)
        delay_s = rng.uniform(0, 0.03)
        state, witness = tmp_path / f"s{i}", tmp_path / f"w{i}"
        child = subprocess.Popen([sys.executable, str(HELPER), str(state), str(witness), str(seed),
                                  "--slow-after", str(after)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        while child.poll() is None:
            if witness.exists() and witness.read_text().count("\n") >= after:
                break
            time.sleep(0.002)
        time.sleep(delay_s)
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=60)
        assert child.returncode == -signal.SIGKILL, "the paced child cannot finish 60 slow records first"
        kills += 1
        k = _journal_records(state)
        killed, _ = _witness(witness)
        # the killed run was the reference game up to the kill
        assert all(killed[n] == ref[n] for n in killed)
        res = _run(state, tmp_path / f"r{i}", seed)
        assert res.returncode == 0, res.stderr
        assert "winner" in res.stdout and "archived" in res.stdout
        _, restored = _witness(tmp_path / f"r{i}")
        assert restored is not None
        n, fp = restored
        assert n == k
        assert fp == ref[k], f"kill {i}: resumed state after {k} records differs"
        assert not (state / "current.jsonl").exists()
    assert kills == 6


def test_sigkill_chain_resumes_each_time_and_finishes(tmp_path: Path) -> None:
    """Killed three times at chosen records, each restart identical to the moment before."""
    seed = 5
    state = tmp_path / "state"
    rng = random.Random("chain")
    kill_at = 0
    previous: dict[int, dict] | None = None
    for i in range(3):
        kill_at += rng.randint(25, 70)
        witness = tmp_path / f"w{i}"
        res = _run(state, witness, seed, "--kill-at", str(kill_at))
        assert res.returncode == -signal.SIGKILL, res.stderr
        states, restored = _witness(witness)
        if previous is not None:
            assert restored is not None
            n, fp = restored
            assert fp == previous[n]
        assert _journal_records(state) == kill_at
        previous = states
        assert previous[kill_at]["winner"] is None
    res = _run(state, tmp_path / "final", seed)
    assert res.returncode == 0, res.stderr
    states, restored = _witness(tmp_path / "final")
    assert restored is not None and previous is not None
    assert restored[1] == previous[restored[0]]
    assert "winner" in res.stdout and "archived" in res.stdout
    archived = list((state / "archive").glob("game-*.jsonl"))
    assert len(archived) == 1
    # the archived journal holds the whole game: three restarts, each with its board check
    kinds = [json.loads(line)["k"] for line in archived[0].read_text().splitlines()]
    assert kinds.count("resume") == 3 and kinds[0] == "setup" and kinds[1] == "start"


def test_cli_resumes_a_killed_game(tmp_path: Path) -> None:
    state = tmp_path / "state"
    res = _run(state, tmp_path / "w", 7, "--kill-at", "40")
    assert res.returncode == -signal.SIGKILL
    env = dict(os.environ, NO_COLOR="1")
    cli = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "play", "--state-dir", str(state),
                          "--seed", "99"], capture_output=True, text=True, timeout=300, env=env)
    assert cli.returncode == 0, cli.stderr
    assert "Resumed the saved game" in cli.stdout
    assert "Winner:" in cli.stdout
    assert "pawns" not in cli.stderr

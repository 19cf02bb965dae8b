"""`./run`'s first-time install: pip's own lines are kept in a log, said only when it fails.

A newcomer's first `./run play` printed setuptools' "BuildBackendWarning: Editable
installation ... Please be careful with folders in your working directory" (issue 15):
pip's words, not ours, and they read like a failure. The install now writes pip's output
to `<venv>/install.log`; on success nothing of it is shown, on failure its last lines and
the log's path are. A fake venv (a `bin/python` that prints pip-like noise) stands in for
pip, so no network is needed.
"""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOISE = "BuildBackendWarning: Editable installation."


def _fake_venv(tmp_path: Path, pip_rc: int) -> Path:
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    python = venv / "bin" / "python"
    python.write_text(
        "#!/bin/sh\n"
        f'echo "{NOISE}" >&2\n'
        'echo "Please be careful with folders in your working directory"\n'
        f"exit {pip_rc}\n"
    )
    mazeboard = venv / "bin" / "mazeboard"
    mazeboard.write_text('#!/bin/sh\necho "mazeboard ran: $*"\n')
    for f in (python, mazeboard):
        f.chmod(f.stat().st_mode | stat.S_IXUSR)
    return venv


def _run(venv: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, MAZEBOARD_VENV=str(venv))
    return subprocess.run([str(ROOT / "run"), "mazeboard", "--version"], env=env,
                          capture_output=True, text=True, timeout=60)


def test_a_good_install_keeps_pips_words_in_the_log(tmp_path: Path) -> None:
    venv = _fake_venv(tmp_path, 0)
    done = _run(venv)
    assert done.returncode == 0, done.stderr
    assert "mazeboard ran: --version" in done.stdout
    assert NOISE not in done.stdout + done.stderr
    assert "installing mazeboard" in done.stderr and "installed; starting" in done.stderr
    assert NOISE in (venv / "install.log").read_text()


def test_a_failed_install_says_so_with_pips_last_lines(tmp_path: Path) -> None:
    venv = _fake_venv(tmp_path, 1)
    done = _run(venv)
    assert done.returncode != 0
    assert "mazeboard ran" not in done.stdout
    assert NOISE in done.stderr
    assert f"{venv}/install.log" in done.stderr and "failed" in done.stderr
    assert not list(venv.glob(".installed-*")), "a failed install must be tried again next time"

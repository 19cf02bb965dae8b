"""``mazeboard service install [--dry-run]``: the unit, the udev rule, the config file, the user, enabled.

What it does, in order (``--dry-run`` prints exactly this and changes nothing):

1. create the groups ``gpio``, ``spi``, ``dialout`` if the image lacks them, and
   the system user ``mazeboard`` (no login, no home) in those groups;
2. write ``/etc/systemd/system/mazeboard.service`` (``systemd/mazeboard.service``
   with ``ExecStart`` pointing at this virtual environment's ``mazeboard``),
   ``/etc/udev/rules.d/99-mazeboard.rules`` and, if missing, the environment
   file ``/etc/default/mazeboard`` and the commented config file
   ``/etc/mazeboard/mazeboard.toml`` (:data:`mazeboard.controller.config.DEFAULT_TEXT`;
   an existing one is never overwritten);
3. reload udev and systemd, enable the service and (unless ``--no-start``) start it.

The unit and the rule ship inside the package (``mazeboard.systemd``), so a
plain ``pip install`` has them. Needs root; raises :class:`ConfigError` for a
non-root run or an install the unit could not start (a venv under ``/home``,
hidden by ``ProtectHome=yes``), and :class:`InstallError` when a command fails.
"""

from __future__ import annotations

import argparse
import os
import pwd
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Callable, Sequence

from mazeboard.hal.errors import ConfigError, MazeboardError

from .config import DEFAULT_TEXT

UNIT_NAME = "mazeboard.service"
RULE_NAME = "99-mazeboard.rules"
#: the ExecStart path in the shipped unit, replaced by the real one
SHIPPED_EXEC = "/opt/mazeboard/venv/bin/mazeboard"
DEVICE_GROUPS: tuple[str, ...] = ("gpio", "spi", "dialout")
DEFAULT_SETTINGS = """\
# Environment of the mazeboard service (systemd/mazeboard.service). After editing:
#   sudo systemctl restart mazeboard
# The game's settings are in /etc/mazeboard/mazeboard.toml; what is set here wins over its [board].
# Board backend: gpio (sensors and LEDs on the Pi), serial (RP2040 co-processor), sim (no board)
MAZEBOARD_BOARD=gpio
# Wiring file of your board (docs/hardware.md); empty: the reference wiring
#MAZEBOARD_WIRING=/etc/mazeboard/wiring.toml
# Hall-effect sensor calibration (`mazeboard calibrate hall --calibration FILE`)
#MAZEBOARD_CALIBRATION=/etc/mazeboard/hall-calibration.toml
# Extra arguments of `mazeboard service run` (the players come from the pawns on the start
# corners; game options from the config file), e.g. --debug
MAZEBOARD_ARGS=
"""


class InstallError(MazeboardError):
    """A step of the installation failed (exit status 1)."""


@dataclass(frozen=True)
class Plan:
    """Everything ``service install`` would do: files (path -> text, written only if
    ``overwrite`` or missing) and commands (argv lists, run in order)."""

    files: tuple[tuple[Path, str, bool], ...]
    commands: tuple[tuple[str, ...], ...]
    user: str
    exec_path: Path


def shipped(name: str) -> str:
    """The text of a file shipped in ``mazeboard.systemd`` (the unit, the udev rule)."""
    return resources.files("mazeboard.systemd").joinpath(name).read_text(encoding="utf-8")


def default_exec_path() -> Path:
    """This environment's ``mazeboard`` script (beside the running Python), else the one on PATH."""
    beside = Path(sys.executable).parent / "mazeboard"
    if beside.exists():
        return beside
    found = shutil.which("mazeboard")
    return Path(found) if found else beside


def unit_text(exec_path: Path, user: str = "mazeboard") -> str:
    """The shipped unit with ``ExecStart`` at ``exec_path`` and ``User=``/``Group=`` set to ``user``."""
    text = shipped(UNIT_NAME).replace(SHIPPED_EXEC, str(exec_path))
    text = text.replace("\nUser=mazeboard\n", f"\nUser={user}\n").replace("\nGroup=mazeboard\n", f"\nGroup={user}\n")
    return text


def _user_exists(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def config_text(web: bool = False) -> str:
    """The commented default config file; ``web``: with the companion page on, for phones on the
    network (``[web] enabled = true``, ``host = "0.0.0.0"``: ``service install --web``)."""
    if not web:
        return DEFAULT_TEXT
    text = DEFAULT_TEXT.replace('enabled = false             # true: `service run` serves the companion page',
                                'enabled = true              # false: no companion page')
    text = text.replace('host = "127.0.0.1"          # 127.0.0.1 = this Pi only; "0.0.0.0" = phones on your network can join',
                        'host = "0.0.0.0"            # phones on your network can join; "127.0.0.1" = this Pi only')
    assert text.count("enabled = true") == 1 and 'host = "0.0.0.0"' in text
    return text


def plan(exec_path: Path, user: str = "mazeboard", start: bool = True, root: Path = Path("/"),
         user_exists: Callable[[str], bool] = _user_exists, web: bool = False) -> Plan:
    """What to do to install the service for ``exec_path`` running as ``user`` (files under ``root``);
    ``web``: the config file turns the companion page on for the network."""
    etc = root / "etc"
    files = (
        (etc / "systemd" / "system" / UNIT_NAME, unit_text(exec_path, user), True),
        (etc / "udev" / "rules.d" / RULE_NAME, shipped(RULE_NAME), True),
        (etc / "default" / "mazeboard", DEFAULT_SETTINGS, False),
        (etc / "mazeboard" / "mazeboard.toml", config_text(web), False),
    )
    groups = ",".join(DEVICE_GROUPS)
    commands: list[tuple[str, ...]] = [("groupadd", "--system", "--force", g) for g in DEVICE_GROUPS]
    if user_exists(user):
        commands.append(("usermod", "--append", "--groups", groups, user))
    else:
        commands.append(("useradd", "--system", "--user-group", "--no-create-home", "--home-dir",
                         f"/var/lib/{user}", "--shell", "/usr/sbin/nologin", "--groups", groups, user))
    commands += [
        ("udevadm", "control", "--reload"),
        ("udevadm", "trigger"),
        ("systemctl", "daemon-reload"),
        ("systemctl", "enable", "--now", UNIT_NAME) if start else ("systemctl", "enable", UNIT_NAME),
    ]
    return Plan(files, tuple(commands), user, exec_path)


def check(p: Plan) -> list[str]:
    """Problems that would stop the installed unit from starting (one line each)."""
    problems = []
    try:
        exists = p.exec_path.exists()
    except OSError as e:  # a path the kernel refuses to look up (ENAMETOOLONG, EACCES)
        exists, why = False, e.strerror
    else:
        why = "no such file"
    if not exists:
        problems.append(f"{p.exec_path} does not exist ({why}; give --exec PATH to the mazeboard script)")
    if p.exec_path.is_relative_to("/home") or p.exec_path.is_relative_to("/root"):
        problems.append(f"{p.exec_path} is under /home or /root, which the unit hides (ProtectHome=yes): "
                        "make the virtual environment in /opt/mazeboard (docs/install-pi.md)")
    return problems


def describe(p: Plan) -> str:
    """The plan as text: the user, each file with its content, each command."""
    out = [f"# user: {p.user} (system user, no login, groups {', '.join(DEVICE_GROUPS)})"]
    for problem in check(p):
        out.append(f"# WARNING: {problem}")
    for path, text, overwrite in p.files:
        note = "" if overwrite else " (only if missing)"
        out.append(f"\n# --- write {path}{note} ---\n{text.rstrip()}")
    out.append("\n# --- run ---")
    out += [" ".join(cmd) for cmd in p.commands]
    return "\n".join(out) + "\n"


def execute(p: Plan, run: Callable[[Sequence[str]], subprocess.CompletedProcess[str]] | None = None,
            echo: Callable[[str], None] = print) -> None:
    """Carry out ``p``: the user first (the files name it), then the files, then the commands."""
    run = run or (lambda cmd: subprocess.run(list(cmd), capture_output=True, text=True))
    user_cmds = [c for c in p.commands if c[0] in ("groupadd", "useradd", "usermod")]
    for cmd in user_cmds:
        _run(run, cmd, echo)
    for path, text, overwrite in p.files:
        if path.exists() and not overwrite:
            echo(f"kept {path}")
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        echo(f"wrote {path}")
    for cmd in p.commands:
        if cmd not in user_cmds:
            _run(run, cmd, echo)


def _run(run: Callable[[Sequence[str]], subprocess.CompletedProcess[str]], cmd: Sequence[str],
         echo: Callable[[str], None]) -> None:
    echo("$ " + " ".join(cmd))
    try:
        res = run(cmd)
    except OSError as e:
        raise InstallError(f"service install: cannot run {cmd[0]} ({e.strerror or e})") from None
    if res.returncode != 0:
        detail = (res.stderr or res.stdout or "").strip().splitlines()
        raise InstallError(f"service install: `{' '.join(cmd)}` failed (exit {res.returncode})"
                           + (f": {detail[-1]}" if detail else ""))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--dry-run", action="store_true", help="print the unit, the udev rule, the user and the "
                                                          "commands, change nothing")
    p.add_argument("--user", default="mazeboard", help="service user to create (default mazeboard)")
    p.add_argument("--exec", dest="exec_path", metavar="PATH", default=None,
                   help="the mazeboard script the unit starts (default: the one of this environment)")
    p.add_argument("--no-start", action="store_true", help="enable the service but do not start it now")
    p.add_argument("--web", action="store_true",
                   help="a new config file turns the companion page on for phones on your network "
                        "([web] enabled = true, host = \"0.0.0.0\"); an existing one is kept as it is")


def _companion(config_path: Path, web: bool) -> list[str]:
    """The companion page's address (and QR code) as the installed config file says, or as the
    one to be written would."""
    import tomllib

    from . import config as cfg
    from .webview import join_text

    try:
        config = cfg.load_config(str(config_path)) if config_path.exists() else \
            cfg.parse_config(tomllib.loads(config_text(web)), str(config_path))
    except MazeboardError as e:
        return [f"Companion page: {e}"]
    return join_text(config)


#: a system user name useradd accepts (shadow-utils' default NAME_REGEX, at most 32 characters)
USER_NAME = re.compile(r"[a-z_][a-z0-9_-]{0,31}")


def checked_user(name: str) -> str:
    """``--user``: a name useradd accepts (nothing that could add lines to the unit); raises ConfigError."""
    if not USER_NAME.fullmatch(name):
        raise ConfigError(f"--user: {name[:40]!r} is not a system user name (lower-case letters, digits, _ and -, "
                          "at most 32, not starting with a digit or -)")
    return name


def checked_exec(text: str) -> Path:
    """``--exec``: an absolute path with no spaces or control characters, each part a possible file name
    (NAME_MAX 255 bytes); raises ConfigError."""
    path = Path(text)
    if not path.is_absolute() or any(c.isspace() or not c.isprintable() for c in text):
        raise ConfigError(f"--exec: {text[:60]!r} is not an absolute path without spaces (the unit's ExecStart=)")
    if any(len(part.encode("utf-8", "surrogateescape")) > 255 for part in path.parts) or len(text) > 4095:
        raise ConfigError(f"--exec: {text[:60]!r}...: a file name is too long")
    return path


def run(args: argparse.Namespace) -> int:
    exec_path = checked_exec(args.exec_path) if args.exec_path else default_exec_path()
    p = plan(exec_path, checked_user(args.user), start=not args.no_start, web=args.web)
    config_path = next(path for path, _, _ in p.files if path.name == "mazeboard.toml")
    if args.dry_run:
        sys.stdout.write(describe(p))
        sys.stdout.write("\n" + "\n".join(f"# {line}" for line in _companion(config_path, args.web)) + "\n")
        return 0
    if os.geteuid() != 0:
        raise ConfigError("service install: needs root: run `sudo $(which mazeboard) service install` "
                          "(--dry-run shows what it does)")
    problems = check(p)
    if problems:
        raise ConfigError("service install: " + "; ".join(problems))
    execute(p)
    print("mazeboard.service installed; follow it with: journalctl -u mazeboard -f")
    print("\n".join(_companion(config_path, args.web)))
    return 0

"""The unit file: offline security exposure, systemd-analyze verify, what the hardware needs;
the udev rule; ``mazeboard service install`` (dry run and a run against a scratch root)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mazeboard.controller import install
from mazeboard.hal.errors import ConfigError

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "mazeboard.service"
RULE = ROOT / "systemd" / "99-mazeboard.rules"


def _analyze() -> str:
    tool = shutil.which("systemd-analyze")
    assert tool, "systemd-analyze is missing: apt-get install systemd (debian-test-packages.txt lists it)"
    return tool


def _settings(text: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in text.splitlines():
        if line and not line.startswith(("#", "[")) and "=" in line:
            key, _, value = line.partition("=")
            out.setdefault(key, []).append(value)
    return out


def test_offline_security_exposure_is_at_most_2() -> None:
    res = subprocess.run([_analyze(), "security", "--offline=true", str(UNIT)], capture_output=True, text=True)
    m = re.search(r"Overall exposure level for mazeboard\.service: (\d+\.\d)", res.stdout)
    assert m, res.stdout + res.stderr
    exposure = float(m.group(1))
    print(f"offline exposure: {exposure}")
    assert exposure <= 2.0


def test_verify_passes_for_the_unit_as_installed(tmp_path: Path) -> None:
    # The shipped ExecStart (/opt/mazeboard/venv/bin/mazeboard) exists only on an installed Pi, so
    # verify the unit exactly as `service install` writes it for this environment.
    unit = tmp_path / "mazeboard.service"
    unit.write_text(install.unit_text(install.default_exec_path()))
    res = subprocess.run([_analyze(), "verify", str(unit)], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert res.stderr.strip() == ""


def test_verify_of_the_shipped_unit_complains_only_about_the_missing_binary() -> None:
    if Path(install.SHIPPED_EXEC).exists():  # an installed Pi: the shipped unit verifies as is
        res = subprocess.run([_analyze(), "verify", str(UNIT)], capture_output=True, text=True)
        assert res.returncode == 0, res.stderr
        return
    res = subprocess.run([_analyze(), "verify", str(UNIT)], capture_output=True, text=True)
    lines = [ln for ln in res.stderr.splitlines() if ln.strip()]
    assert lines and all(install.SHIPPED_EXEC in ln and "not executable" in ln for ln in lines), res.stderr


def test_the_unit_gives_the_hardware_what_it_needs() -> None:
    s = _settings(UNIT.read_text())
    assert s["Type"] == ["notify"] and s["NotifyAccess"] == ["main"]
    assert int(s["WatchdogSec"][0]) > 0
    assert s["Restart"] == ["on-failure"] and "2" in s["RestartPreventExitStatus"][0].split()
    assert s["StartLimitBurst"] and s["StartLimitIntervalSec"]
    assert s["User"] == ["mazeboard"] and set(s["SupplementaryGroups"][0].split()) == {"gpio", "spi", "dialout"}
    assert s["StateDirectory"] == ["mazeboard"]
    # lgpio needs a writable working directory: the runtime directory, also given as LG_WD
    assert s["WorkingDirectory"] == ["/run/mazeboard"] and s["RuntimeDirectory"] == ["mazeboard"]
    assert "LG_WD=/run/mazeboard" in s["Environment"]
    # PrivateDevices hides GPIO/SPI/serial: a closed device policy with an allow list instead
    assert "PrivateDevices" not in s and s["DevicePolicy"] == ["closed"]
    allowed = " ".join(s["DeviceAllow"])
    for device in ("char-gpiochip", "char-spi", "char-ttyACM", "char-rp1-pio"):
        assert device in allowed
    assert s["StandardOutput"] == ["journal"]
    assert s["ExecStart"][0].startswith(install.SHIPPED_EXEC + " service run")
    # the companion page listens on IPv4/IPv6 and answers the local network only; the board's
    # own sockets stay unix ones
    assert "PrivateNetwork" not in s
    assert set(s["RestrictAddressFamilies"][0].split()) == {"AF_UNIX", "AF_INET", "AF_INET6"}
    assert s["IPAddressDeny"] == ["any"]
    allowed_ips = s["IPAddressAllow"][0].split()
    assert {"localhost", "link-local", "192.168.0.0/16", "10.0.0.0/8", "fc00::/7"} <= set(allowed_ips)
    assert "any" not in allowed_ips


def test_udev_rule_lines_are_well_formed() -> None:
    rules = [ln for ln in RULE.read_text().splitlines() if ln.strip() and not ln.startswith("#")]
    assert len(rules) >= 5
    pair = re.compile(r'^[A-Z]+(\{[A-Za-z_]+\})?(==|\+=|=)"[^"]*"$')
    for line in rules:
        for part in line.split(", "):
            assert pair.match(part), (line, part)
    text = RULE.read_text()
    for needle in ('KERNEL=="gpiochip*", GROUP="gpio"', 'KERNEL=="spidev*", GROUP="spi"', 'KERNEL=="pio[0-9]*"',
                   'SYMLINK+="mazeboard"'):
        assert needle in text


def test_dry_run_prints_unit_rule_user_and_commands() -> None:
    res = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "service", "install", "--dry-run"],
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    out = res.stdout
    assert "# user: mazeboard" in out
    assert "/etc/systemd/system/mazeboard.service" in out and "Type=notify" in out
    assert f"ExecStart={install.default_exec_path()} service run" in out
    assert "/etc/udev/rules.d/99-mazeboard.rules" in out and 'GROUP="spi"' in out
    assert "useradd --system" in out or "usermod --append" in out
    assert "systemctl enable --now mazeboard.service" in out
    assert "# --- write /etc/mazeboard/mazeboard.toml (only if missing) ---\n# mazeboard's settings" in out
    assert "\nlobby_after_ms = 15000 " in out


def test_install_writes_files_then_runs_commands_in_order(tmp_path: Path) -> None:
    exe = tmp_path / "opt" / "mazeboard"
    exe.parent.mkdir()
    exe.write_text("#!/bin/sh\n")
    p = install.plan(exe, root=tmp_path, user_exists=lambda name: False)
    ran: list[tuple[str, ...]] = []
    log: list[str] = []

    def fake_run(cmd):  # type: ignore[no-untyped-def]
        ran.append(tuple(cmd))
        return subprocess.CompletedProcess(cmd, 0, "", "")

    settings = tmp_path / "etc" / "default" / "mazeboard"
    settings.parent.mkdir(parents=True)
    settings.write_text("MAZEBOARD_BOARD=serial\n")
    install.execute(p, run=fake_run, echo=log.append)
    unit = (tmp_path / "etc" / "systemd" / "system" / "mazeboard.service").read_text()
    assert f"ExecStart={exe} service run" in unit
    assert (tmp_path / "etc" / "udev" / "rules.d" / "99-mazeboard.rules").read_text() == RULE.read_text()
    assert settings.read_text() == "MAZEBOARD_BOARD=serial\n"  # the maker's settings are kept
    names = [c[0] for c in ran]
    assert names[:4] == ["groupadd"] * 3 + ["useradd"]
    assert ran[-1] == ("systemctl", "enable", "--now", "mazeboard.service")
    assert log.index(f"wrote {tmp_path / 'etc' / 'systemd' / 'system' / 'mazeboard.service'}") > log.index(
        "$ " + " ".join(ran[3]))


def test_install_writes_the_commented_config_once_and_never_over_the_makers(tmp_path: Path) -> None:
    """Issue 13: the config file replaces game flags in the unit; install writes a commented default."""
    import tomllib

    from mazeboard.controller import config as cfg

    exe = tmp_path / "opt" / "mazeboard"
    exe.parent.mkdir()
    exe.write_text("#!/bin/sh\n")
    p = install.plan(exe, root=tmp_path, user_exists=lambda name: True)
    ok = lambda cmd: subprocess.CompletedProcess(cmd, 0, "", "")  # noqa: E731
    log: list[str] = []
    install.execute(p, run=ok, echo=log.append)
    written = tmp_path / "etc" / "mazeboard" / "mazeboard.toml"
    assert written.read_text() == cfg.DEFAULT_TEXT and f"wrote {written}" in log
    assert cfg.load_config(str(written)) == cfg.Config(str(written))  # it is valid and says the defaults
    assert "--players" not in (tmp_path / "etc" / "default" / "mazeboard").read_text()  # no game flags
    assert tomllib.loads(written.read_text())["lobby"]["lobby_after_ms"] == 15000
    written.write_text("[struggle]\nrounds = 3\n")
    log.clear()
    install.execute(install.plan(exe, root=tmp_path, user_exists=lambda name: True), run=ok, echo=log.append)
    assert written.read_text() == "[struggle]\nrounds = 3\n" and f"kept {written}" in log


def test_a_failing_command_is_one_clear_error(tmp_path: Path) -> None:
    p = install.plan(tmp_path / "mazeboard", root=tmp_path, user_exists=lambda name: True)
    assert ("usermod", "--append", "--groups", "gpio,spi,dialout", "mazeboard") in p.commands

    def failing(cmd):  # type: ignore[no-untyped-def]
        return subprocess.CompletedProcess(cmd, 9, "", "groupadd: cannot lock /etc/group\n")

    with pytest.raises(install.InstallError, match=r"groupadd --system --force gpio.*exit 9.*cannot lock"):
        install.execute(p, run=failing, echo=lambda s: None)


def test_install_refuses_a_venv_under_home_and_a_non_root_user(monkeypatch: pytest.MonkeyPatch) -> None:
    p = install.plan(Path("/home/pi/venv/bin/mazeboard"), user_exists=lambda n: True)
    assert any("ProtectHome" in problem for problem in install.check(p))
    assert "# WARNING:" in install.describe(p)
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    from mazeboard.controller.cli import main

    with pytest.raises(ConfigError, match="needs root"):
        args = ["--debug", "service", "install"]
        main(args)

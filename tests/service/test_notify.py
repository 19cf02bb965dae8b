"""sd_notify and the watchdog: the datagram protocol, ping intervals on virtual time, a stalled
loop stops the pings, and `mazeboard service run` under a test notification socket."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import uuid
from pathlib import Path
from typing import Iterator

import pytest

from mazeboard.controller.notify import Notifier, WatchdogPinger, socket_address, watchdog_interval_ms
from mazeboard.hal.clock import RealtimeClock, VirtualClock

HELPER = Path(__file__).with_name("crashy_game.py")


@pytest.fixture
def listener() -> Iterator[tuple[str, socket.socket]]:
    """An abstract notification socket like systemd's: ('@name', bound socket)."""
    name = f"@mazeboard-test-{uuid.uuid4().hex}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(socket_address(name))
    yield name, sock
    sock.close()


def _recv(sock: socket.socket, timeout_s: float) -> str | None:
    sock.settimeout(timeout_s)
    try:
        return sock.recv(4096).decode()
    except socket.timeout:
        return None


def test_socket_addresses() -> None:
    assert socket_address("@abc") == b"\0abc"
    assert socket_address("/run/systemd/notify") == "/run/systemd/notify"


def test_notify_sends_key_value_lines_to_an_abstract_socket(listener: tuple[str, socket.socket]) -> None:
    name, sock = listener
    n = Notifier(name)
    assert n.notify(READY=1, STATUS="resumed the saved game")
    assert _recv(sock, 5) == "READY=1\nSTATUS=resumed the saved game"
    n.close()


def test_notify_to_a_path_socket(tmp_path: Path) -> None:
    path = str(tmp_path / "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    assert Notifier(path).notify(WATCHDOG=1)
    assert _recv(sock, 5) == "WATCHDOG=1"
    sock.close()


def test_no_socket_or_a_broken_one_never_raises(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    assert not Notifier(None).notify(READY=1)
    assert not Notifier.from_env({}).enabled
    broken = Notifier(str(tmp_path / "nobody-listens"))
    assert not broken.notify(READY=1) and not broken.notify(READY=1)
    assert sum("cannot notify systemd" in r.message for r in caplog.records) == 1
    assert not Notifier("vsock:2:1234").enabled


@pytest.mark.parametrize("env, expected", [
    ({"WATCHDOG_USEC": "10000000"}, 5000),
    ({"WATCHDOG_USEC": "200000", "WATCHDOG_PID": "4242"}, 100),
    ({"WATCHDOG_USEC": "200000", "WATCHDOG_PID": "1"}, None),
    ({"WATCHDOG_USEC": "soon"}, None),
    ({"WATCHDOG_USEC": "0"}, None),
    ({}, None),
])
def test_watchdog_interval_is_half_the_timeout(env: dict[str, str], expected: int | None) -> None:
    assert watchdog_interval_ms(env, pid=4242) == expected


class _Recorder(Notifier):
    def __init__(self, clock: VirtualClock) -> None:
        super().__init__(None)
        self.clock = clock
        self.at: list[int] = []

    def send(self, text: str) -> bool:
        assert text == "WATCHDOG=1"
        self.at.append(self.clock.now_ms())
        return True


def test_pings_come_every_interval_on_the_loops_own_clock() -> None:
    clock = VirtualClock()
    rec = _Recorder(clock)
    pinger = WatchdogPinger(rec, clock, 5000)
    pinger.start()
    clock.call_later(22_000, lambda: None)  # a game still going on
    clock.advance(22_000)
    assert rec.at == [0, 5000, 10000, 15000, 20000]
    assert clock.run_until_idle()  # daemon pings never keep a finished loop alive
    pinger.stop()
    clock.advance(20_000)
    assert rec.at[-1] == 20000


def test_a_stalled_loop_stops_the_pings(listener: tuple[str, socket.socket]) -> None:
    name, sock = listener
    clock = RealtimeClock()
    pinger = WatchdogPinger(Notifier(name), clock, 20)
    clock.call_soon(pinger.start)
    loop = threading.Thread(target=clock.run_forever, daemon=True)
    loop.start()
    try:
        assert all(_recv(sock, 10) == "WATCHDOG=1" for _ in range(3))
        stalled, release = threading.Event(), threading.Event()

        def hang() -> None:  # a referee stuck in a loop
            stalled.set()
            release.wait(30)

        clock.call_soon(hang)
        assert stalled.wait(10)
        while _recv(sock, 0.05) is not None:  # a ping sent just before the stall
            pass
        assert _recv(sock, 0.5) is None, "pings went on while the loop was stalled"
        release.set()
        assert _recv(sock, 10) == "WATCHDOG=1"
    finally:
        release.set()
        clock.stop()
        loop.join(10)


def _saved_game(tmp_path: Path) -> Path:
    state = tmp_path / "state"
    res = subprocess.run([sys.executable, str(HELPER), str(state), str(tmp_path / "w"), "4", "--kill-at", "30"],
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == -signal.SIGKILL
    return state


def _kinds(state: Path) -> list[str]:
    return [json.loads(line)["k"] for line in (state / "current.jsonl").read_text().splitlines()]


def test_service_run_is_ready_after_restoring_then_pings_then_stops(tmp_path: Path,
                                                                     listener: tuple[str, socket.socket]) -> None:
    name, sock = listener
    state = _saved_game(tmp_path)
    assert "resume" not in _kinds(state)
    env = dict(os.environ, NOTIFY_SOCKET=name, WATCHDOG_USEC="200000", MAZEBOARD_BOARD="sim")
    env.pop("WATCHDOG_PID", None)
    proc = subprocess.Popen([sys.executable, "-m", "mazeboard.controller.cli", "service", "run",
                             "--state-dir", str(state)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)
    try:
        first = _recv(sock, 60)
        assert first is not None
        # the watchdog starts with the loop; READY comes once the saved game is replayed and resumed
        messages = [first]
        while not any("READY=1" in m for m in messages):
            m = _recv(sock, 60)
            assert m is not None, messages
            messages.append(m)
        ready = next(m for m in messages if "READY=1" in m)
        assert "STATUS=resumed the saved game" in ready
        assert _kinds(state)[-1] in ("resume", "sensor") and "resume" in _kinds(state)
        pings = sum(m == "WATCHDOG=1" for m in messages)
        while pings < 4:
            m = _recv(sock, 60)
            assert m is not None
            pings += m == "WATCHDOG=1"
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        rest = []
        while (m := _recv(sock, 0.2)) is not None:
            rest.append(m)
        assert any(m.startswith("STOPPING=1") for m in rest)
        assert (state / "current.jsonl").exists()  # unfinished: it resumes at the next start
        assert "resumed the saved game" in err and "Traceback" not in err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()


def test_service_run_plays_games_back_to_back(tmp_path: Path, listener: tuple[str, socket.socket]) -> None:
    name, sock = listener
    env = dict(os.environ, NOTIFY_SOCKET=name, MAZEBOARD_BOARD="sim")
    env.pop("WATCHDOG_USEC", None)
    res = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "service", "run", "--virtual-time",
                          "--games", "2", "--seed", "3", "--state-dir", str(tmp_path / "s")],
                         env=env, capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    messages = []
    while (m := _recv(sock, 0.2)) is not None:
        messages.append(m)
    # ready once the lobby shows; simulated people sit down and start each game from it
    assert messages[0] == "READY=1\nSTATUS=lobby: waiting for players"
    assert messages.index("STATUS=new game, seed 3") < messages.index("STATUS=lobby: waiting for players", 1) \
        < messages.index("STATUS=new game, seed 4")
    assert messages[-1].startswith("STOPPING=1")
    assert len(list((tmp_path / "s" / "archive").glob("game-*.jsonl"))) == 2
    assert res.stderr.count("games played)") == 2


def test_service_run_at_real_time_is_ready_in_the_lobby_and_stops_there(tmp_path: Path,
                                                                          listener: tuple[str, socket.socket]) -> None:
    name, sock = listener
    env = dict(os.environ, NOTIFY_SOCKET=name, WATCHDOG_USEC="400000", MAZEBOARD_BOARD="sim")
    env.pop("WATCHDOG_PID", None)
    cli = [sys.executable, "-m", "mazeboard.controller.cli", "service", "run", "--state-dir", str(tmp_path / "s")]
    # a named config file that is missing: one line, exit 2 (systemd does not retry it), nothing announced
    bad = subprocess.run(cli + ["--config", str(tmp_path / "none.toml")], env=env, capture_output=True, text=True,
                         timeout=120)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "none.toml: cannot read" in bad.stderr
    assert _recv(sock, 0.2) is None
    (tmp_path / "ok.toml").write_text("[lobby]\nlobby_after_ms = 1000\n")
    proc = subprocess.Popen(cli + ["--config", str(tmp_path / "ok.toml")], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        messages: list[str] = []
        while not any("READY=1" in m for m in messages):
            m = _recv(sock, 60)
            assert m is not None, messages
            messages.append(m)
        assert "READY=1\nSTATUS=lobby: waiting for players" in messages
        pings = 0
        while pings < 3:  # the lobby's own loop pings the watchdog
            m = _recv(sock, 60)
            assert m is not None
            pings += m == "WATCHDOG=1"
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
        assert "Traceback" not in err and "lobby: waiting for players" in err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()

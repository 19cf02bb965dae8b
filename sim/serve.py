"""Serve a simulated board as emulated co-processor firmware, on real time, for a controller elsewhere.

    python -m mazeboard.sim.serve --scenario FILE --tcp 0.0.0.0:7777
    python -m mazeboard.sim.serve --scenario FILE --pty /tmp/mazeboard

The controller then runs its real serial backend against it, on this machine
or from a Pi::

    MAZEBOARD_SERIAL=socket://laptop:7777 mazeboard play --board serial --players 2

The scenario's hands start when the first controller says HELLO. Game events
are not carried by the link, so simulated players (who watch them) cannot
play here: a scenario scripts the hands. Stops at the scenario's end (plus
``--linger`` seconds) or on Ctrl-C.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import sys
import threading
from typing import Any, Sequence

from mazeboard.hal.board import BoardRequest
from mazeboard.hal.errors import ConfigError, MazeboardError
from mazeboard.hal.plainnum import shown as _shown

from .backend import open_session
from .emulator import FirmwareEmulator
from .ports import PtyPort, TcpPort

log = logging.getLogger(__name__)

#: longest ``--linger`` (an hour): the emulated board then stops by itself
MAX_LINGER_S = 3600.0
#: ``HOST:PORT`` as typed: a host name or address (IPv6 in brackets) and a port of plain digits
_TCP_RE = re.compile(r"(?P<host>[^\s:]{0,253}|\[[0-9A-Fa-f:.%]{2,60}\]):(?P<port>[0-9]{1,5})")
_SECONDS_RE = re.compile(r"[0-9]{1,6}(?:\.[0-9]{0,6})?")


def linger(text: str) -> float:
    """``--linger``: seconds 0..3600, digits and a point only (not nan, inf, 1_0, 1e3)."""
    if not _SECONDS_RE.fullmatch(text) or float(text) > MAX_LINGER_S:
        raise argparse.ArgumentTypeError(f"give 0 to {MAX_LINGER_S:g} seconds (digits and a point only, "
                                         f"like 2.5), got {_shown(text)}")
    return float(text)


def _tcp(text: str) -> tuple[str, int]:
    """``--tcp HOST:PORT``: (host, port 0..65535); an empty host is this machine only."""
    m = _TCP_RE.fullmatch(text)
    if m is None or int(m["port"]) > 65535:
        raise argparse.ArgumentTypeError(f"give HOST:PORT with a port 0-65535 (like 0.0.0.0:7777), got {_shown(text)}")
    return m["host"].strip("[]") or "127.0.0.1", int(m["port"])


def _tcp_text(text: str) -> str:
    _tcp(text)
    return text


def _reader(port: Any, emulator: FirmwareEmulator, clock: Any, stop: threading.Event, tcp: bool) -> None:
    while not stop.is_set():
        if tcp and not port.connected:
            if port.accept(timeout_s=0.2):
                clock.call_soon(lambda: emulator.attach(port))
            continue
        data = port.read(0.05)
        if data:
            clock.call_soon(lambda data=data: emulator.feed(data))


def serve(scenario: str, *, tcp: str | None = None, pty: str | None = None, linger_s: float = 2.0,
          out: Any = sys.stderr) -> int:
    """Run ``scenario`` behind emulated firmware on a TCP address or a pty symlink; raises
    :class:`ConfigError` for an address or path that cannot be used (one line)."""
    session = open_session(BoardRequest(scenario=scenario, realtime=True))
    clock = session.scheduler
    emulator = FirmwareEmulator(session.board, clock)
    port: Any
    if tcp:
        try:
            host, number = _tcp(tcp)
        except argparse.ArgumentTypeError as e:
            raise ConfigError(f"--tcp: {e}") from None
        try:
            port = TcpPort(host, number)
        except (OSError, OverflowError) as e:
            raise ConfigError(f"--tcp: cannot listen on {_shown(tcp)} ({getattr(e, 'strerror', None) or e})") from None
        print(f"emulated board on {port.url}", file=out, flush=True)
    else:
        link = pty or os.path.join(os.getcwd(), "mazeboard-pty")
        if os.path.lexists(link) and not os.path.islink(link):  # never a file of someone's, nor a folder
            raise ConfigError(f"--pty: {_shown(link)} exists and is not a symlink: name a new path")
        port = PtyPort(link)
        try:
            port.plug()
        except OSError as e:
            raise ConfigError(f"--pty: cannot make the symlink {_shown(link)} ({e.strerror or e})") from None
        emulator.attach(port)
        print(f"emulated board on {port.link_path} -> {port.device}", file=out, flush=True)
    stop = threading.Event()
    started = threading.Event()

    def on_hello() -> None:
        if not started.is_set():
            started.set()
            session.start()

    emulator.on_host_hello = on_hello
    thread = threading.Thread(target=_reader, args=(port, emulator, clock, stop, bool(tcp)), daemon=True)
    thread.start()
    try:
        clock.run_forever(stop=lambda: started.is_set() and session.hands.idle and not clock.pending())
        end_ms = clock.now_ms() + int(linger_s * 1000)
        clock.run_forever(stop=lambda: clock.now_ms() >= end_ms)
    except KeyboardInterrupt:
        pass
    finally:
        stop.set()
        thread.join(timeout=1)
        emulator.close()
        if tcp:
            port.close()
        else:
            port.unplug()
    return 0


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit 2), as ``mazeboard``'s."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def main(argv: Sequence[str] | None = None) -> int:
    p = _Parser(prog="python -m mazeboard.sim.serve", description=__doc__.split("\n\n")[0])
    p.add_argument("--scenario", required=True, metavar="FILE", help="scenario whose hands act on the board")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--tcp", type=_tcp_text, metavar="HOST:PORT", help="listen for socket://HOST:PORT")
    where.add_argument("--pty", metavar="PATH", help="pseudo-terminal behind the symlink PATH (default ./mazeboard-pty)")
    p.add_argument("--linger", type=linger, default=2.0, metavar="S", help="seconds to keep serving after the script (0-3600, default 2)")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="mazeboard-serve: %(levelname)s: %(message)s")
    try:
        return serve(args.scenario, tcp=args.tcp, pty=args.pty, linger_s=args.linger)
    except MazeboardError as e:
        print(f"mazeboard-serve: error: {e}", file=sys.stderr)
        return e.exit_status


if __name__ == "__main__":
    sys.exit(main())

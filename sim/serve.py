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
import sys
import threading
from typing import Any, Sequence

from mazeboard.hal.board import BoardRequest
from mazeboard.hal.errors import MazeboardError
from mazeboard.hal.plainnum import plain_float, shown

from .backend import open_session
from .emulator import FirmwareEmulator
from .ports import PtyPort, TcpPort

log = logging.getLogger(__name__)


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
    """Run ``scenario`` behind emulated firmware on a TCP address or a pty symlink."""
    session = open_session(BoardRequest(scenario=scenario, realtime=True))
    clock = session.scheduler
    emulator = FirmwareEmulator(session.board, clock)
    port: Any
    if tcp:
        host, _, port_text = tcp.rpartition(":")
        port = TcpPort(host or "127.0.0.1", int(port_text))
        print(f"emulated board on {port.url}", file=out, flush=True)
    else:
        port = PtyPort(pty or os.path.join(os.getcwd(), "mazeboard-pty"))
        port.plug()
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


#: the longest ``--linger``, seconds: an hour (a link kept up for a controller still starting, not for days)
MAX_LINGER_S = 3600


def linger(text: str) -> float:
    """``--linger``: seconds, a plain number 0..3600 (never nan, inf, a negative nor "1_0")."""
    s = plain_float(text)
    if not 0 <= s <= MAX_LINGER_S:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not between 0 and {MAX_LINGER_S} seconds")
    return s


class _Parser(argparse.ArgumentParser):
    """A bad argument is one clear line and exit status 2 (no usage block above it), as ``mazeboard``'s."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def main(argv: Sequence[str] | None = None) -> int:
    p = _Parser(prog="python -m mazeboard.sim.serve", description=__doc__.split("\n\n")[0])
    p.add_argument("--scenario", required=True, metavar="FILE", help="scenario whose hands act on the board")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--tcp", metavar="HOST:PORT", help="listen for socket://HOST:PORT")
    where.add_argument("--pty", metavar="PATH", help="pseudo-terminal behind the symlink PATH (default ./mazeboard-pty)")
    p.add_argument("--linger", type=linger, default=2.0, metavar="S",
                   help=f"seconds to keep serving after the script, 0 to {MAX_LINGER_S} (default 2)")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="mazeboard-serve: %(levelname)s: %(message)s")
    try:
        return serve(args.scenario, tcp=args.tcp, pty=args.pty, linger_s=args.linger)
    except MazeboardError as e:
        print(f"mazeboard-serve: error: {e}", file=sys.stderr)
        return e.exit_status


if __name__ == "__main__":
    sys.exit(main())

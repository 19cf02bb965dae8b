"""``mazeboard service run`` on the simulated board in its own process, for the restart tests.

    python crashy_service.py STATE_DIR EVENTS SEED [--game G] [--games N] [--players N] [--kill-on TYPE:N]

Runs the service (lobby, games, lobby...) on virtual time exactly as
``service run --board sim --virtual-time`` does, writing every event (lobby
and games) to EVENTS as JSON lines. ``--kill-on TYPE:N`` SIGKILLs the process
itself right after the N-th event of that type was written (``lobby:2``: in
the lobby, once the first pawn sat down; ``step:12``: mid-game, the journal
holding everything before it). Exits 0 when the service stops by itself.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys

from mazeboard.controller import config as cfg
from mazeboard.controller.eventlog import JsonLinesLog
from mazeboard.controller.lobby import Lobby
from mazeboard.controller.notify import Notifier
from mazeboard.controller.service import Service
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.events import GameEvent


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("state_dir")
    p.add_argument("events")
    p.add_argument("seed", type=int)
    p.add_argument("--game", default="magic-labyrinth")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--kill-on", default=None)
    args = p.parse_args()
    log = JsonLinesLog(args.events)
    kill_type, kill_n = (args.kill_on.split(":") + ["0"])[:2] if args.kill_on else ("", "0")
    seen = {"n": 0}

    def killer(event: GameEvent) -> None:
        if event.type == kill_type:
            seen["n"] += 1
            if seen["n"] >= int(kill_n):
                os.kill(os.getpid(), signal.SIGKILL)

    svc = Service(Lobby(args.game, cfg.Config()), BoardRequest(game=args.game, realtime=False), args.state_dir,
                  "sim", Notifier(None), games=args.games, seed=args.seed, seaters=args.players,
                  sinks=[log, killer])
    code = svc.run()
    log.close()
    print(f"played {svc.played}")
    return code


if __name__ == "__main__":
    sys.exit(main())

"""A journaled simulated game in its own process, for the power-loss tests.

    python crashy_game.py STATE_DIR WITNESS SEED [--game G] [--players N] [--kill-at N] [--slow-after N]
                          [--cards dealt|physical] [--guided-layout]

Plays (or resumes) the game in STATE_DIR exactly as ``mazeboard play
--state-dir`` does, on virtual time. After every journal record it appends
``N <tab> fingerprint-json`` to WITNESS (flushed), the game's state right
after record N; a resumed game first writes ``restored <tab> N <tab>
fingerprint-json`` (the state the replay rebuilt from N records). ``--kill-at
N`` SIGKILLs the process itself right after record N's witness line;
``--slow-after N`` sleeps 20 ms after each later record so a parent can kill
it from outside at a random moment. Exits 0 with the winner on stdout.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time

from mazeboard.controller.persist import fingerprint, open_game
from mazeboard.hal.board import BoardRequest


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("state_dir")
    p.add_argument("witness")
    p.add_argument("seed", type=int)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--game", default="magic-labyrinth")
    p.add_argument("--kill-at", type=int, default=None)
    p.add_argument("--slow-after", type=int, default=None)
    p.add_argument("--cards", choices=("dealt", "physical"), default=None)
    p.add_argument("--guided-layout", action="store_true")
    args = p.parse_args()
    options: dict[str, object] = {}
    if args.cards:
        options["cards"] = args.cards
    if args.guided_layout:
        options["guided_layout"] = True
    out = open(args.witness, "a", encoding="utf-8")
    holder: dict[str, object] = {}

    def on_record(n: int) -> None:
        pgame = holder.get("pgame")
        if pgame is None:
            return
        out.write(f"{n}\t{json.dumps(fingerprint(pgame.game), sort_keys=True)}\n")  # type: ignore[attr-defined]
        out.flush()
        if args.kill_at is not None and n >= args.kill_at:
            os.kill(os.getpid(), signal.SIGKILL)
        if args.slow_after is not None and n >= args.slow_after:
            time.sleep(0.02)

    request = BoardRequest(game=args.game, players=args.players, seed=args.seed, maze="easy", options=options)
    pgame = open_game(request, args.state_dir, "sim")
    holder["pgame"] = pgame
    if pgame.restored is not None:
        out.write(f"restored\t{pgame.journal.count - 1}\t{json.dumps(pgame.restored, sort_keys=True)}\n")
    out.write(f"{pgame.journal.count}\t{json.dumps(fingerprint(pgame.game), sort_keys=True)}\n")
    out.flush()
    pgame.on_record.append(on_record)
    finished = pgame.run()
    ref = pgame.referee
    print(f"winner {ref.winner} finished {finished} archived {pgame.archived}")
    return 0 if finished and ref.winner else 1


if __name__ == "__main__":
    sys.exit(main())

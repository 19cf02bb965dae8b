"""The ``mazeboard`` command.

Subcommands are a table (:data:`COMMANDS`): each has a module-level
``add_arguments(parser)`` and ``run(args) -> int``. Errors of the
:class:`~mazeboard.hal.errors.MazeboardError` family print one line on
stderr and exit 2 (bad input or configuration) or 1 (runtime failure); a
traceback only with ``--debug``.
"""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Callable, Sequence

from mazeboard.hal.errors import MazeboardError

from . import calibrate, commands, diag, maker, servicecmd

#: name -> (help, add_arguments, run)
COMMANDS: dict[str, tuple[str, Callable[[argparse.ArgumentParser], None], Callable[[argparse.Namespace], int]]] = {
    "play": ("play a game on the board (simulated players on the simulated board by default)",
             commands.play_arguments, commands.play),
    "sim": ("run the board simulator: a scenario file (--scenario), or a game in your web browser", commands.sim_arguments, commands.sim),
    "diagram": ("print a game's state machine as a Mermaid diagram", commands.diagram_arguments, commands.diagram),
    "wiring": ("show a wiring file's pinout, or regenerate its wiring diagram", maker.wiring_arguments, maker.wiring),
    "calibrate": ("calibrate the tray's Hall sensors or check every reed switch (guided)",
                  calibrate.calibrate_arguments, calibrate.calibrate),
    "diag": ("LED test and a live view of every sensor", diag.diag_arguments, diag.diag),
    "service": ("run as an always-on systemd service (run), or install it on a Raspberry Pi (install)",
                servicecmd.service_arguments, servicecmd.service),
}


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit 2)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="mazeboard",
        description="Controller for augmented board games (The Magic Labyrinth, Labyrinth, Struggle) "
        "on a simulated or real board.",
    )
    parser.add_argument("--debug", action="store_true", help="show tracebacks and debug logging")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (help_text, add_arguments, _) in COMMANDS.items():
        p = sub.add_parser(name, help=help_text, description=help_text[0].upper() + help_text[1:] + ".")
        add_arguments(p)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.debug else logging.WARNING,
        format="mazeboard: %(levelname)s: %(name)s: %(message)s",
    )
    run = COMMANDS[args.command][2]
    try:
        return run(args)
    except MazeboardError as e:
        if args.debug:
            raise
        print(f"mazeboard: error: {e}", file=sys.stderr)
        return e.exit_status
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except Exception as e:  # a bug: one line unless --debug
        if args.debug:
            raise
        print(f"mazeboard: internal error: {type(e).__name__}: {e} (run with --debug for the traceback)", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())

"""The subcommands behind :mod:`mazeboard.controller.cli`: arguments and run functions."""

from __future__ import annotations

import argparse
import sys

from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.errors import ConfigError, MazeboardError

from . import browser
from .argtypes import (check_game_flags, check_rounds, game as _game, lang as _lang, line_noise as _line_noise, maze as _maze,
                       plain_int, players as _players, seed as _seed, win_tokens as _win_tokens)
from .app import build_game, narrator_for
from .eventlog import JsonLinesLog
from .servicecmd import summary_line


class RuntimeFailure(MazeboardError):
    """A game that could not be played to its end."""


def play_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--game", default="magic-labyrinth", type=_game,
                   help="game to play: magic-labyrinth (default; or magic), labyrinth or struggle")
    p.add_argument("--players", type=_players, default=2, help="number of players, 2-4 (default 2)")
    p.add_argument("--edition", default=None, help="Labyrinth edition: classic, super-mario, star-wars")
    p.add_argument("--variant", action="append", default=[], metavar="NAME",
                   help="rule variant, repeatable (Labyrinth: younger, exit-anywhere, vader)")
    p.add_argument("--rounds", type=plain_int, default=None, metavar="N", help="rounds to play (Struggle)")
    p.add_argument("--cards", choices=("dealt", "physical"), default=None,
                   help="Labyrinth, Struggle: dealt by the controller (default), or physical (the box's own cards)")
    p.add_argument("--cards-each", type=browser.cards_each, default=None, metavar="N",
                   help="Labyrinth: a shorter game, N picture cards each (default: all 24 dealt)")
    p.add_argument("--guided-layout", action="store_true",
                   help="Labyrinth: lay the dealt tiles out one at a time as the board shows, before the first turn")
    p.add_argument("--seed", type=_seed, default=1, help="seed for the maze, dice, targets and players (default 1)")
    p.add_argument("--maze", type=_maze, default=None,
                   help="easy (19 walls), hard (24), or a wall list like 'a2-a3,c4-d4' (default easy)")
    p.add_argument("--events", metavar="FILE", help="also write the event log as JSON lines to FILE ('-': stdout)")
    p.add_argument("--realtime", action="store_true", help="play at the pace of real hands instead of virtual time")
    p.add_argument("--board", choices=sorted(backends.BACKENDS), default=None,
                   help="board backend (default: $MAZEBOARD_BOARD or sim)")
    p.add_argument("--assist", action="store_true", help="assist mode: legal moves stop at walls already found")
    p.add_argument("--win-tokens", type=_win_tokens, default=None, metavar="N", help="tokens needed to win (default 5)")
    p.add_argument("--quiet", action="store_true", help="print only the result")
    p.add_argument("--lang", type=_lang, default="en", metavar="LANG",
                   help="language of the narration: en (default), de, fa, it, pt (docs/i18n.md)")
    p.add_argument("--state-dir", metavar="DIR", default=None,
                   help="keep the game in DIR so it survives a crash or a pulled plug; an unfinished game there resumes")
    p.add_argument("--new", action="store_true", help="with --state-dir: put an unfinished game aside and start over")


def play(args: argparse.Namespace) -> int:
    options: dict[str, object] = {}
    if args.assist:
        options["assist"] = True
    if args.win_tokens is not None:
        if args.win_tokens < 1:
            raise ConfigError("--win-tokens: must be at least 1")
        options["win_tokens"] = args.win_tokens
    check_rounds(args.rounds)
    check_game_flags(args)
    if args.cards is not None:
        options["cards"] = args.cards
    if args.guided_layout:
        options["guided_layout"] = True
    if args.cards_each is not None:
        options["cards_each"] = args.cards_each
    request = BoardRequest(game=args.game, players=args.players, seed=args.seed, maze=args.maze or "easy",
                           realtime=args.realtime, options=options, edition=args.edition,
                           variants=tuple(args.variant), rounds=args.rounds)
    if args.state_dir or args.new:
        from .servicecmd import play_saved  # journaled play (crash-safe games)

        return play_saved(args, request)
    session = backends.open_board(args.board, request)
    log = JsonLinesLog(args.events) if args.events else None
    game = build_game(session, [log] if log else [])
    if not args.quiet:
        out = sys.stderr if args.events == "-" else sys.stdout
        game.sinks.append(narrator_for(game, out, args.lang))
    try:
        finished = game.run()
    finally:
        if log:
            log.close()
    ref = game.referee
    if not finished or ref.winner is None:
        raise RuntimeFailure("the game did not reach a winner within 8 hours of simulated play "
                             "(too many rounds, or the simulated players got stuck)")
    t_s = session.scheduler.now_ms() / 1000
    out = sys.stderr if args.events == "-" else sys.stdout
    print(summary_line(ref, t_s, game.events, args.lang), file=out)
    return 0


def sim_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scenario", metavar="FILE", help="scenario file to run (its format: docs/scenarios.md)")
    p.add_argument("--events", metavar="FILE", default=None,
                   help="where the event log goes ('-': stdout; default: stdout for a scenario, none for the browser)")
    p.add_argument("--realtime", action="store_true", help="run the scenario at real speed")
    p.add_argument("--link", choices=("direct", "serial"), default="direct",
                   help="how the simulated board reaches the controller: in-process (direct, default) or "
                        "serial (emulated co-processor firmware on a pseudo-terminal, the real serial backend)")
    p.add_argument("--line-noise", type=_line_noise, default=0.0, metavar="SHARE",
                   help="with --scenario and --link serial: damage this share of the lines in both directions, "
                        "0-0.5 (0.02: 2 %%; seeded by the scenario's seed; docs/protocol.md)")
    browser.add_arguments(p)


def _browser_options_given(args: argparse.Namespace) -> list[str]:
    """The browser simulator's options that differ from their defaults (e.g. ``--humans``)."""
    ref = argparse.ArgumentParser()
    browser.add_arguments(ref)
    return [max(a.option_strings, key=len) for a in ref._actions
            if a.option_strings and a.dest != "help" and getattr(args, a.dest, a.default) != a.default]


def sim(args: argparse.Namespace) -> int:
    if args.scenario is not None and not args.scenario.strip():
        raise ConfigError("--scenario: give a scenario file (an empty name would start the browser simulator)")
    if args.line_noise and (not args.scenario or args.link != "serial"):
        raise ConfigError("--line-noise: only with --scenario and --link serial (the noise is on the emulated "
                          "serial line)")
    if not args.scenario:
        return browser.run(args)
    stray = _browser_options_given(args)
    if stray:
        raise ConfigError(f"{stray[0]}: only for the browser simulator (without --scenario); "
                          "a scenario file sets its own game, players and seed")
    if args.events is None:
        args.events = "-"
    request = BoardRequest(scenario=args.scenario, realtime=args.realtime, sim_link=args.link,
                           link_noise=args.line_noise)
    session = backends.open_board("sim", request)
    log = JsonLinesLog(args.events)
    try:
        game = build_game(session, [log])
        game.run()
    finally:
        log.close()
    return 0


def diagram_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("game", nargs="?", default="magic-labyrinth", help="game whose machine to draw")


def diagram(args: argparse.Namespace) -> int:
    from .diagrams import mermaid

    print(mermaid(args.game))
    return 0

"""Command-line value types and checks shared by ``play``, ``sim`` and ``service run``
(a module of their own, so that the command modules import it and not each other)."""

from __future__ import annotations

import argparse

from mazeboard.hal.errors import ConfigError
from mazeboard.hal.i18n import check_language
# a number as a person types it: shared with the simulator's own commands (sim/serve.py), which import hal only
from mazeboard.hal.plainnum import plain_float as plain_float, plain_int as plain_int, shown as shown
from mazeboard.hal.web.protocol import SEED_MAX

from .struggle.rules import MAX_ROUNDS


def seed(text: str) -> int:
    """``--seed``: a whole number 0..2147483647, the range the page's ✨ New game takes
    (hal/web/protocol.py SEED_MAX): a seed the command line takes, the page takes too."""
    n = plain_int(text)
    if not 0 <= n <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"a seed is a whole number 0..{SEED_MAX}")
    return n


#: short names a person types for a game (Magic newcomer 23 typed ``--game magic`` and was refused): -> its name
GAME_ALIASES = {"magic": "magic-labyrinth", "magic_labyrinth": "magic-labyrinth", "magiclabyrinth": "magic-labyrinth"}


def game(text: str) -> str:
    """``--game``: a game's name as typed, in any case, a short name taken for its full one (``magic`` ->
    ``magic-labyrinth``); a name no game has is refused later by the command, naming the games."""
    name = text.strip().lower()
    return GAME_ALIASES.get(name, name)


#: the Magic Labyrinth's symbol tokens (RULES.md: 24): more to win could never be collected
MAX_WIN_TOKENS = 24


def win_tokens(text: str) -> int:
    """``--win-tokens``: symbols a player needs to win, 1..24."""
    n = plain_int(text)
    if not 1 <= n <= MAX_WIN_TOKENS:
        raise argparse.ArgumentTypeError(f"a game is won with 1 to {MAX_WIN_TOKENS} symbols")
    return n


def players(text: str) -> int:
    try:
        n = plain_int(text)
    except argparse.ArgumentTypeError:
        raise argparse.ArgumentTypeError(f"{shown(text)} is not a number of players") from None
    if not 2 <= n <= 4:
        raise argparse.ArgumentTypeError("games take 2 to 4 players")
    return n


#: most of the lines ``--line-noise`` may damage (more and the link is not a serial line any more)
MAX_LINE_NOISE = 0.5


def line_noise(text: str) -> float:
    """``--line-noise``: the share of lines damaged, a number 0-0.5 (0.02: 2 %)."""
    try:
        share = plain_float(text[:32])
    except argparse.ArgumentTypeError:
        share = float("nan")
    if len(text) > 32 or not 0 <= share <= MAX_LINE_NOISE:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"give the share of lines to damage, 0-{MAX_LINE_NOISE:g} "
                                         f"(0.02 for 2 %), got {text[:32]!r}")
    return share


def lang(text: str) -> str:
    """``--lang``: a language with a catalogue (``en``, ``de``, ``fa``...; docs/i18n.md)."""
    try:
        return check_language(text)
    except ConfigError as e:
        raise argparse.ArgumentTypeError(str(e).removeprefix("--lang: ")) from None


def maze(text: str) -> str | tuple[str, ...]:
    if text in ("easy", "hard"):
        return text
    return tuple(w.strip() for w in text.split(",") if w.strip())


#: play flags each game uses (given to another game they are an error, not ignored)
GAME_FLAGS: dict[str, frozenset[str]] = {
    "magic-labyrinth": frozenset({"--maze", "--assist", "--win-tokens"}),
    "labyrinth": frozenset({"--edition", "--variant", "--cards", "--cards-each", "--guided-layout"}),
    "struggle": frozenset({"--rounds", "--cards"}),
}


def check_game_flags(args: argparse.Namespace) -> None:
    """Refuse (ConfigError) a flag the chosen game does not use, e.g. ``--rounds`` for the Magic Labyrinth."""
    given = {
        "--maze": getattr(args, "maze", None) is not None, "--assist": getattr(args, "assist", False),
        "--win-tokens": getattr(args, "win_tokens", None) is not None,
        "--edition": getattr(args, "edition", None) is not None, "--variant": bool(getattr(args, "variant", [])),
        "--rounds": getattr(args, "rounds", None) is not None,
        "--cards": getattr(args, "cards", None) is not None,
        "--guided-layout": getattr(args, "guided_layout", False),
        "--cards-each": getattr(args, "cards_each", None) is not None,
    }
    uses = GAME_FLAGS.get(args.game)
    if uses is None:
        return  # an unknown game is refused by the backend, naming the games there are
    for flag, on in given.items():
        if on and flag not in uses:
            users = [g for g, flags in GAME_FLAGS.items() if flag in flags]
            raise ConfigError(f"{flag}: not used by {args.game} (only by {', '.join(users)})")


def check_rounds(rounds: int | None) -> None:
    """Refuse (ConfigError) a ``--rounds`` outside 1..:data:`MAX_ROUNDS`."""
    if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
        raise ConfigError(f"--rounds: play 1 to {MAX_ROUNDS} rounds, not {rounds}")

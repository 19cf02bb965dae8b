"""Struggle scenario files (SCENARIOS.md, "Struggle scenario"), validated with clear errors.

Registered in :data:`mazeboard.sim.scenario.PARSERS` under ``"struggle"``;
:func:`parse_struggle` raises :class:`~mazeboard.hal.errors.ConfigError`
naming the key or action and why (the loader adds the file name).

Actions beyond SCENARIOS.md's example (all documented in docs/struggle.md):
``press BUTTON``, ``select N`` (pick listed outcome N and play it),
``move TOKEN SPACE|PLACE`` (a hand sets a token down anywhere: ``5``,
``A``), ``reset`` (gather the tokens on the start), ``wait MS``,
``glitch SPACE|PLACE MS``, ``card T T T T T`` (with ``cards = "physical"``:
the player the board asks enters their physical objective card, places A-E,
a token or ``A`` for the ace each).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from mazeboard.hal.boards import PLAYER_COLOURS
from mazeboard.hal import settings
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.struggle import ACE, BUTTONS, DICE, FACES, PLACES, TOKENS, Track, parse_track, place_sensor, space_sensor

from ..action_words import ActionWords
from ..world import Physics
from .hands import Act

KEYS = {"game", "players", "seed", "track", "dice", "objectives", "actions", "options", "sim"}
ACTION_HELP = ("throw, hold DIE..., stop, play ace=FIGURE,... order=TOKEN,..., select N, follow, reset, "
               "press BUTTON, move TOKEN SPACE|PLACE, wait MS, glitch SPACE|PLACE MS, card T T T T T")


@dataclass(frozen=True)
class StruggleScenario:
    """A validated Struggle scenario; ``dice`` holds each forced throw as its faces."""

    path: str
    game: str
    players: tuple[str, ...]
    seed: int
    track: Track
    dice: tuple[tuple[str, ...], ...]
    objectives: Mapping[str, tuple[str, ...]]
    actions: tuple[Act, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    physics: Physics = field(default_factory=Physics)


def parse_struggle(data: Mapping[str, Any], name: str = "<scenario>") -> StruggleScenario:
    """Validate a parsed Struggle scenario; raises :class:`ConfigError` (no file name)."""
    unknown = sorted(set(data) - KEYS)
    if unknown:
        raise ConfigError(f"{unknown[0]}: unknown key (known: {', '.join(sorted(KEYS))})")
    players = _players(data.get("players"))
    seed = data.get("seed", 1)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ConfigError(f"seed: must be a whole number, got {seed!r}")
    track = parse_track(data.get("track", "default"))
    dice = _dice(data.get("dice", []))
    objectives = _objectives(data.get("objectives", {}), players)
    options = _table(data, "options")
    physics = Physics.from_mapping(_table(data, "sim"))
    raw_actions = data.get("actions", [])
    if not isinstance(raw_actions, list):
        raise ConfigError("actions: must be a list of strings")
    actions = tuple(_action(line, i, track) for i, line in enumerate(raw_actions))
    return StruggleScenario(name, "struggle", players, seed, track, dice, objectives, actions, options, physics)


def _players(raw: object) -> tuple[str, ...]:
    return settings.validate_players(raw, PLAYER_COLOURS, "Struggle")


def _dice(raw: object) -> tuple[tuple[str, ...], ...]:
    if not isinstance(raw, list):
        raise ConfigError("dice: must be a list of throws like \"K Q Q 9 A\"")
    out = []
    for i, throw in enumerate(raw):
        faces = throw.split() if isinstance(throw, str) else None
        if not faces or len(faces) > DICE:
            raise ConfigError(f"dice[{i}]: {throw!r} is not a throw (1 to {DICE} faces like \"K Q Q 9 A\")")
        for f in faces:
            if f not in FACES:
                raise ConfigError(f"dice[{i}]: {f!r} is not a face of a poker die ({' '.join(FACES)})")
        out.append(tuple(faces))
    return tuple(out)


def _objectives(raw: object, players: tuple[str, ...]) -> dict[str, tuple[str, ...]]:
    if not isinstance(raw, dict):
        raise ConfigError("objectives: must be a table, player = [tokens for places A-E]")
    cards: dict[str, tuple[str, ...]] = {}
    for p, card in raw.items():
        where = f"objectives.{p}"
        if p not in players:
            raise ConfigError(f"{where}: {p!r} is not playing ({', '.join(players)})")
        if not isinstance(card, list) or len(card) != len(PLACES):
            raise ConfigError(f"{where}: give {len(PLACES)} tokens for places A-E, got {card!r}")
        for v in card:
            if v not in (*TOKENS, ACE):
                raise ConfigError(f"{where}: {v!r} is not a token ({', '.join(TOKENS)}) or the ace (A)")
        figures = [v for v in card if v != ACE]
        if len(set(figures)) != len(figures):
            raise ConfigError(f"{where}: a token appears twice")
        cards[p] = tuple(card)
    if len(set(cards.values())) != len(cards):
        raise ConfigError("objectives: two players hold the same card")
    return cards


def _table(data: Mapping[str, Any], key: str) -> dict[str, Any]:
    raw = data.get(key, {})
    if not isinstance(raw, dict):
        raise ConfigError(f"{key}: must be a table")
    return dict(raw)


# -- actions -----------------------------------------------------------------------
@dataclass(frozen=True)
class _Ctx(ActionWords):
    where: str
    text: str
    index: int
    track: Track



    def sensor(self, word: str) -> str:
        """A space number (0 = start) or an arrival place letter A-E."""
        if word in PLACES:
            return place_sensor(word)
        if word.isdigit() and int(word) <= self.track.finish:
            return space_sensor(int(word))
        raise ConfigError(f"{self.where}: {word!r} is not a space (0-{self.track.finish}) or an arrival place (A-E)")

    def token(self, word: str) -> str:
        if word not in TOKENS:
            raise ConfigError(f"{self.where}: {word!r} is not a token ({', '.join(TOKENS)})")
        return word

    def act(self, kind: str, **kw: Any) -> Act:
        return Act(kind, index=self.index, text=self.text, **kw)


def _action(line: object, i: int, track: Track) -> Act:
    where = f"actions[{i}]"
    if not isinstance(line, str) or not line.split():
        raise ConfigError(f"{where}: {line!r} is not an action ({ACTION_HELP})")
    kind, *args = line.split()
    parser = _PARSERS.get(kind)
    if parser is None:
        raise ConfigError(f"{where} {line!r}: unknown action {kind!r} (actions are {ACTION_HELP})")
    return parser(_Ctx(f"{where} {line!r}", line, i, track), args)


def _bare(kind: str) -> Callable[[_Ctx, list[str]], Act]:
    def parse(c: _Ctx, args: list[str]) -> Act:
        c.arity(args, 0, kind)
        return c.act(kind)

    return parse


def _hold(c: _Ctx, args: list[str]) -> Act:
    dice = []
    for w in args:
        if not w.isdigit() or not 1 <= int(w) <= DICE:
            raise ConfigError(f"{c.where}: {w!r} is not a die (1-{DICE})")
        dice.append(int(w))
    if len(set(dice)) != len(dice):
        raise ConfigError(f"{c.where}: a die is listed twice")
    return c.act("hold", dice=tuple(sorted(dice)))


def _play(c: _Ctx, args: list[str]) -> Act:
    parts: dict[str, list[str]] = {}
    for w in args:
        key, eq, value = w.partition("=")
        if not eq or key not in ("ace", "order") or key in parts:
            raise ConfigError(f"{c.where}: expected 'play [ace=FIGURE,...] order=TOKEN,...'")
        parts[key] = [v for v in value.split(",") if v]
    if "order" not in parts:
        raise ConfigError(f"{c.where}: give order=TOKEN,... (the tokens with figures, in the order they move)")
    order = tuple(c.token(t) for t in parts["order"])
    if len(set(order)) != len(order):
        raise ConfigError(f"{c.where}: a token is listed twice in order")
    ace = tuple(c.token(t) for t in parts.get("ace", []))
    return c.act("play", ace=ace, order=order)


def _select(c: _Ctx, args: list[str]) -> Act:
    c.arity(args, 1, "select N")
    if not args[0].isdigit():
        raise ConfigError(f"{c.where}: {args[0]!r} is not an outcome number (0, 1, ...)")
    return c.act("select", number=int(args[0]), by_rank=True)


def _press(c: _Ctx, args: list[str]) -> Act:
    c.arity(args, 1, "press BUTTON")
    if args[0] not in BUTTONS:
        raise ConfigError(f"{c.where}: unknown button {args[0]!r} (buttons are {', '.join(BUTTONS)})")
    return c.act("press", button=args[0])


def _move(c: _Ctx, args: list[str]) -> Act:
    c.arity(args, 2, "move TOKEN SPACE|PLACE")
    return c.act("move", token=c.token(args[0]), sensor=c.sensor(args[1]))


def _wait(c: _Ctx, args: list[str]) -> Act:
    c.arity(args, 1, "wait MS")
    return c.act("wait", ms=c.ms(args[0]))


def _glitch(c: _Ctx, args: list[str]) -> Act:
    c.arity(args, 2, "glitch SPACE|PLACE MS")
    ms = c.ms(args[1])
    if ms == 0:
        raise ConfigError(f"{c.where}: a glitch lasts at least 1 ms")
    return c.act("glitch", sensor=c.sensor(args[0]), ms=ms)


def _card(c: _Ctx, args: list[str]) -> Act:
    c.arity(args, len(PLACES), "card T T T T T (the tokens of places A-E, A for the ace)")
    for w in args:
        if w not in (*TOKENS, ACE):
            raise ConfigError(f"{c.where}: {w!r} is not a token ({', '.join(TOKENS)}) or the ace (A)")
    figures = [w for w in args if w != ACE]
    if len(set(figures)) != len(figures):
        raise ConfigError(f"{c.where}: a token appears twice on the card")
    return c.act("card", card=tuple(args))


_PARSERS: dict[str, Callable[[_Ctx, list[str]], Act]] = {
    "throw": _bare("throw"),
    "stop": _bare("stop"),
    "follow": _bare("follow"),
    "reset": _bare("reset"),
    "hold": _hold,
    "play": _play,
    "select": _select,
    "press": _press,
    "move": _move,
    "wait": _wait,
    "glitch": _glitch,
    "card": _card,
}

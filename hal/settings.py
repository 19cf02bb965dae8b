"""Settings tables (TOML) parsed once into frozen, typed dataclasses.

:func:`from_mapping` checks every key of a table against the fields of a
frozen dataclass and each value against the field's default type, so that
rule options (``[options]``) and simulator physics (``[sim]``) share one
parser with one kind of error message: ``WHERE.KEY: reason``
(:class:`~mazeboard.hal.errors.ConfigError`).
"""

from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, Callable, Mapping, Sequence, TypeVar

from .errors import ConfigError

T = TypeVar("T")

#: largest whole number any setting takes unless its field says otherwise (``field(metadata={"max": N})``):
#: one day in milliseconds
MAX_WHOLE = 86_400_000


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def from_mapping(
    cls: type[T],
    raw: Mapping[str, Any],
    where: str,
    *,
    what: str = "option",
    minimum: int = 0,
    choices: Mapping[str, Sequence[Any]] | None = None,
    convert: Mapping[str, Callable[[Any, str], Any]] | None = None,
) -> T:
    """An instance of the dataclass ``cls`` from the table ``raw`` (see :func:`checked_values`)."""
    return cls(**checked_values(cls, raw, where, what=what, minimum=minimum, choices=choices, convert=convert))


def checked_values(
    cls: type,
    raw: Mapping[str, Any],
    where: str,
    *,
    what: str = "option",
    minimum: int = 0,
    choices: Mapping[str, Sequence[Any]] | None = None,
    convert: Mapping[str, Callable[[Any, str], Any]] | None = None,
) -> dict[str, Any]:
    """The values of the table ``raw``, checked against the fields of the dataclass ``cls``.

    Per field, by its default: ``bool`` must be true/false; ``int`` a whole
    number from ``minimum`` to the field's ``metadata["max"]`` (default
    :data:`MAX_WHOLE`); a 2-tuple of ints a ``[min, max]`` pair (milliseconds,
    each at most :data:`MAX_WHOLE`) with min <= max; a field in ``choices`` one of its values; a field in
    ``convert`` whatever its converter (``fn(value, "WHERE.KEY")``) returns or
    raises. Raises :class:`ConfigError` naming ``WHERE.KEY`` for an unknown key
    or a bad value.
    """
    known = {f.name: f for f in fields(cls)}
    choices = choices or {}
    convert = convert or {}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        name = f"{where}.{key}"
        if key not in known:
            raise ConfigError(f"{name}: unknown {what} (known: {', '.join(sorted(known))})")
        f = known[key]
        default = f.default if f.default is not MISSING else None
        if key in convert:
            value = convert[key](value, name)
        elif key in choices:
            if value not in choices[key]:
                raise ConfigError(f"{name}: {value!r} is not one of {', '.join(map(str, choices[key]))}")
        elif isinstance(default, bool):
            if not isinstance(value, bool):
                raise ConfigError(f"{name}: must be true or false, got {value!r}")
        elif isinstance(default, int):
            top = f.metadata.get("max", MAX_WHOLE)
            if not _whole(value) or not minimum <= value <= top:
                raise ConfigError(f"{name}: must be a whole number from {minimum} to {top}, got {_short(value)}")
        elif isinstance(default, tuple) and len(default) == 2 and all(_whole(v) for v in default):
            if (not isinstance(value, (list, tuple)) or len(value) != 2
                    or not all(_whole(v) and 0 <= v <= MAX_WHOLE for v in value) or value[0] > value[1]):
                raise ConfigError(f"{name}: must be [min, max] milliseconds, got {value!r}")
            value = (value[0], value[1])
        values[key] = value
    return values


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def validate_players(players: object, palette: Sequence[str], game: str, where: str = "players") -> tuple[str, ...]:
    """2-4 distinct colours from ``palette`` (RULES.md Notation); raises :class:`ConfigError`."""
    if not isinstance(players, (list, tuple)) or not 2 <= len(players) <= 4:
        raise ConfigError(f"{where}: {game} takes 2 to 4 players, got {players!r}")
    for p in players:
        if p not in palette:
            raise ConfigError(f"{where}: unknown player {p!r} (players are {', '.join(palette)})")
    if len(set(players)) != len(players):
        raise ConfigError(f"{where}: a player is listed twice")
    return tuple(players)

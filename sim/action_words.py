"""Word checks shared by every game's scenario actions (SCENARIOS.md ``actions``).

Each game's parser context mixes in :class:`ActionWords` (it needs a ``where``
naming the action, e.g. ``actions[3] 'wait soon'``); games with cells use
:class:`CellWords` and share the ``wait`` and ``glitch`` actions below. Errors
are :class:`~mazeboard.hal.errors.ConfigError` naming the action and the reason.
"""

from __future__ import annotations

from mazeboard.hal.errors import ConfigError
from mazeboard.hal.settings import MAX_WHOLE

from .hands import Action


class ActionWords:
    """Checks on an action's words; the host class provides ``where``."""

    where: str

    def arity(self, args: list[str], n: int, usage: str) -> None:
        if len(args) != n:
            raise ConfigError(f"{self.where}: expected '{usage}'")

    def ms(self, word: str) -> int:
        """A number of milliseconds from 0 to :data:`~mazeboard.hal.settings.MAX_WHOLE` (one day)."""
        try:
            value = int(word)
        except ValueError:  # 4300+ digits too
            raise ConfigError(f"{self.where}: {word[:20]!r} is not a number of milliseconds") from None
        if value < 0:
            raise ConfigError(f"{self.where}: {word!r} milliseconds cannot be negative")
        if value > MAX_WHOLE:
            raise ConfigError(f"{self.where}: {word[:20]} milliseconds is more than a day ({MAX_WHOLE})")
        return value


class CellWords(ActionWords):
    """:class:`ActionWords` for a board of cells; the host class checks a cell name."""

    def cell(self, word: str) -> str:
        raise NotImplementedError


def parse_wait(c: ActionWords, args: list[str], line: str, i: int) -> Action:
    """``wait MS``: let virtual time pass."""
    c.arity(args, 1, "wait MS")
    return Action("wait", ms=c.ms(args[0]), text=line, index=i)


def parse_glitch(c: CellWords, args: list[str], line: str, i: int) -> Action:
    """``glitch CELL MS``: a spurious reed closure of at least 1 ms."""
    c.arity(args, 2, "glitch CELL MS")
    ms = c.ms(args[1])
    if ms == 0:
        raise ConfigError(f"{c.where}: a glitch lasts at least 1 ms")
    return Action("glitch", cells=(c.cell(args[0]),), ms=ms, text=line, index=i)

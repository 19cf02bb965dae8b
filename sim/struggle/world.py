"""The physical Struggle board: five tokens with magnets over reed switches, dice buttons.

Every space of the track and every arrival place has a reed switch that is
closed while at least one token's magnet stands on it (occupancy only: two
tokens on one space close one reed). Hands lift a token and set it down
(``move``: lifting takes ``hand_ms``, setting down as long again); buttons
are pressed for ``press_ms``. Every change goes as a raw level to ``raw``
(the hal :class:`~mazeboard.hal.debounce.Debouncer`) and bounces for up to
``bounce_ms``, as in :mod:`mazeboard.sim.world`.

Channel keys: ``("reed", sensor)`` with sensor names from
:mod:`mazeboard.hal.struggle` (``s0``.., ``place-A``..), ``("button", name)``.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Hashable

from mazeboard.hal.clock import Scheduler
from mazeboard.hal.struggle import BUTTONS, TOKENS, Track, space_sensor

from ..world import Contacts, Physics


class StruggleWorld:
    """The simulated Struggle board on ``scheduler``; all tokens start on the start space."""

    def __init__(
        self,
        track: Track,
        scheduler: Scheduler,
        physics: Physics,
        rng: random.Random,
        raw: Callable[[Hashable, bool], None],
        on_change: Callable[[], None] | None = None,
    ) -> None:
        self.track = track
        self.sensors = track.sensors()
        self.scheduler = scheduler
        self.physics = physics
        self.rng = rng
        self._raw = raw
        self.on_change = on_change
        self.buttons = BUTTONS
        #: token -> sensor it stands on, or None while in a hand
        self.tokens: dict[str, str | None] = {t: space_sensor(0) for t in TOKENS}
        self.magnets: dict[str, int] = {s: 0 for s in self.sensors}
        self.magnets[space_sensor(0)] = len(TOKENS)
        self.glitches: dict[str, int] = {s: 0 for s in self.sensors}
        self.contacts = Contacts(scheduler, rng, raw, physics.bounce_ms, self._changed)
        self.contacts.level.update({("reed", s): self.magnets[s] > 0 for s in self.sensors})
        self.contacts.level.update({("button", b): False for b in self.buttons})

    def levels(self) -> dict[Hashable, bool]:
        """Every channel's current physical level (the debouncer's initial state)."""
        return dict(self.contacts.level)

    def _set(self, key: Hashable, level: bool) -> None:
        self.contacts.set(key, level)

    def _changed(self) -> None:
        if self.on_change:  # read at call time: views attach it after construction
            self.on_change()

    def _reed(self, sensor: str) -> None:
        self._set(("reed", sensor), self.magnets[sensor] > 0 or self.glitches[sensor] > 0)

    def _token_moved(self, sensor: str) -> None:
        """A token lifted from or set on ``sensor``: its reed, then the views -- told even when the
        reed keeps its level (another token still stands there), or a page would keep the token in
        a hand (the reed's change tells them too: views coalesce, ServedTable.world_changed)."""
        self._reed(sensor)
        self._changed()

    # -- hands -----------------------------------------------------------------
    def press(self, button: str) -> int:
        """Press and release ``button``; returns the time the press takes (ms)."""
        if button not in self.buttons:
            raise ValueError(f"no button {button!r}")
        self._set(("button", button), True)
        self.scheduler.call_later(self.physics.press_ms, lambda: self._set(("button", button), False))
        return self.physics.press_ms + 40

    def lift(self, token: str) -> int:
        at = self.tokens[token]
        if at is None:
            raise ValueError(f"token {token} is already in a hand")
        self.tokens[token] = None
        self.magnets[at] -= 1
        self._token_moved(at)
        return self.physics.hand_ms

    def place(self, token: str, sensor: str) -> int:
        if self.tokens[token] is not None:
            raise ValueError(f"token {token} stands on {self.tokens[token]}; lift it first")
        self.tokens[token] = sensor
        self.magnets[sensor] += 1
        self._token_moved(sensor)
        return self.physics.hand_ms

    def move(self, token: str, sensor: str) -> int:
        """Lift ``token`` now and set it down on ``sensor`` ``hand_ms`` later; returns the total ms."""
        if self.tokens[token] == sensor:
            return 0
        self.lift(token)
        self.scheduler.call_later(self.physics.hand_ms, lambda: self.place(token, sensor))
        return 2 * self.physics.hand_ms

    def glitch(self, sensor: str, ms: int) -> int:
        """A spurious closure of the reed under ``sensor`` for ``ms`` milliseconds."""
        self.glitches[sensor] += 1
        self._reed(sensor)

        def end() -> None:
            self.glitches[sensor] -= 1
            self._reed(sensor)

        self.scheduler.call_later(ms, end)
        return 0

    def snapshot(self) -> dict[str, Any]:
        return {
            "tokens": dict(self.tokens),
            "reeds": sorted(s for s in self.sensors if self.contacts.level[("reed", s)]),
        }

"""LED scenes and their rendering to frames (pure: scene + time -> frame).

A :class:`Scene` says what the board should show; :func:`render` turns it
into an :class:`~mazeboard.hal.events.LedFrame` for a given time in
milliseconds, so animations (a warning flash, the win sweep, a blinking
prompt) are reproducible and identical in the browser and on real LEDs.
:class:`LedDriver` keeps the current scene, sends a frame whenever what the
LEDs show changes, and ticks animations on the injected scheduler.
"""

from __future__ import annotations

import colorsys
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from mazeboard.hal.board import LedLayout
from mazeboard.hal.clock import Scheduler, Timer
from mazeboard.hal.events import RGB, LedFrame

PLAYER_RGB: dict[str, RGB] = {
    "red": (255, 0, 0),
    "blue": (0, 60, 255),
    "green": (0, 200, 0),
    "yellow": (255, 170, 0),
    "vader": (120, 0, 160),
}
TARGET_RGB: RGB = (255, 255, 255)
WARNING_RGB: RGB = (255, 0, 0)
#: the other half of the warning strobe: red alone could be the red player's colour
WARNING_ALT_RGB: RGB = (255, 255, 255)
PROMPT_RGB: RGB = (255, 90, 0)  # ball-drop prompt, alternating with the player's colour
OFF: RGB = (0, 0, 0)

#: animation frame period (20 frames per second)
TICK_MS = 50
#: dim factor for legal-move cells, 0-1
LEGAL_LEVEL = 0.3
#: the low half of a blink: the colour less bright, never dark (round 26: a glance or a screenshot
#: in a dark phase read a blinking cell as unlit); brighter than a legal move's dim glow
BLINK_LOW = 0.45
#: the period of a pulsing cell (two short flashes, then dark), ms
PULSE_MS = 1000
#: brightness steps of a countdown (fewer steps: fewer frames on the LED chain)
COUNTDOWN_STEPS = 8


def scale(rgb: RGB, level: float) -> RGB:
    """``rgb`` at ``level`` (0-1) brightness."""
    return (int(rgb[0] * level), int(rgb[1] * level), int(rgb[2] * level))


def blink_pair(rgb: RGB) -> tuple[RGB, RGB]:
    """A blink of ``rgb``: full, then at :data:`BLINK_LOW` (lit at every moment)."""
    return rgb, scale(rgb, BLINK_LOW)


def countdown_rgb(rgb: RGB, start_ms: int, end_ms: int, t_ms: int) -> RGB:
    """``rgb`` dimmed by how much of the window ``start_ms``..``end_ms`` has passed at
    ``t_ms``: full at the start, one of :data:`COUNTDOWN_STEPS` steps down to 15 %."""
    span = max(1, end_ms - start_ms)
    step = min(COUNTDOWN_STEPS - 1, max(0, (t_ms - start_ms) * COUNTDOWN_STEPS // span))
    return scale(rgb, 1.0 - 0.85 * step / (COUNTDOWN_STEPS - 1))


@dataclass(frozen=True)
class Scene:
    """What the LEDs show. Later layers paint over earlier ones:

    ``cells`` (steady colours per cell: legal moves, whose turn, target),
    ``countdown`` (cell -> (colour, start ms, end ms): the colour dimming in
    :data:`COUNTDOWN_STEPS` steps from full to a glimmer while a timer runs,
    e.g. the settle time ending a move), ``pulse`` (cells giving a double
    heartbeat flash once a second: a cell a piece must leave; endless),
    ``blink`` (cells alternating two colours at 2 Hz, both lit: where a piece must go,
    the ball-drop prompt; endless), ``flash`` (cells strobing between their
    colour and white at 4 Hz until ``flash_until_ms``; warnings), ``win`` (a
    rainbow sweep from ``win_start_ms`` for ``win_ms``, then steady in ``win_rgb``;
    a shared win: ``win_shared`` lists every winner's colour, and the LEDs stand
    in those colours in turn along the chain, so no winner is left out).
    """

    cells: Mapping[str, RGB] = field(default_factory=dict)
    countdown: Mapping[str, tuple[RGB, int, int]] = field(default_factory=dict)
    pulse: Mapping[str, RGB] = field(default_factory=dict)
    blink: Mapping[str, tuple[RGB, RGB]] = field(default_factory=dict)
    flash: Mapping[str, RGB] = field(default_factory=dict)
    flash_until_ms: int = 0
    win_rgb: RGB | None = None
    win_start_ms: int = 0
    win_ms: int = 4000
    win_shared: tuple[RGB, ...] = ()

    def animated_until(self, t_ms: int) -> tuple[bool, bool]:
        """(changes over time at ``t_ms``, and will stop by itself)."""
        finite = (self.flash and t_ms < self.flash_until_ms) or (
            self.win_rgb is not None and t_ms < self.win_start_ms + self.win_ms
        ) or any(start <= t_ms < end for _, start, end in self.countdown.values())
        endless = bool(self.blink or self.pulse)
        if finite:
            return True, not endless
        return endless, False


def win_scene(winners: Sequence[str], start_ms: int) -> Scene:
    """The win animation for ``winners`` (player colours; several: a shared win, each colour shown)."""
    colours = tuple(PLAYER_RGB.get(w, TARGET_RGB) for w in winners) or (TARGET_RGB,)
    return Scene(win_rgb=colours[0], win_start_ms=start_ms, win_shared=colours if len(colours) > 1 else ())


def render(scene: Scene, t_ms: int, layout: LedLayout) -> LedFrame:
    """The frame ``scene`` shows at ``t_ms``: one RGB per LED of ``layout``."""
    px: list[RGB] = [OFF] * layout.count
    idx = layout.cell_to_index
    for cell, rgb in scene.cells.items():
        if cell in idx:
            px[idx[cell]] = rgb
    for cell, (rgb, start, end) in scene.countdown.items():
        if cell in idx and start <= t_ms < end:
            px[idx[cell]] = countdown_rgb(rgb, start, end, t_ms)
    beat = t_ms % PULSE_MS
    if beat < 120 or 240 <= beat < 360:
        for cell, rgb in scene.pulse.items():
            if cell in idx:
                px[idx[cell]] = rgb
    else:
        for cell in scene.pulse:
            if cell in idx:
                px[idx[cell]] = OFF
    phase2 = (t_ms // 250) % 2
    for cell, (a, b) in scene.blink.items():
        if cell in idx:
            px[idx[cell]] = a if phase2 == 0 else b
    if scene.flash and t_ms < scene.flash_until_ms:
        on = (t_ms // 125) % 2 == 0
        for cell, rgb in scene.flash.items():
            if cell in idx:
                px[idx[cell]] = rgb if on else WARNING_ALT_RGB
    if scene.win_rgb is not None:
        elapsed = t_ms - scene.win_start_ms
        if 0 <= elapsed < scene.win_ms:
            for cell, i in idx.items():
                hue = ((i * 7 + elapsed / 20) % 100) / 100
                r, g, b = colorsys.hsv_to_rgb(hue, 1.0, 1.0)
                px[i] = (int(r * 255), int(g * 255), int(b * 255))
        elif elapsed >= scene.win_ms:
            colours = scene.win_shared or (scene.win_rgb,)
            px = [colours[i % len(colours)] for i in range(layout.count)]
    return LedFrame(t_ms, tuple(px))


class LedDriver:
    """Sends frames for the current scene: at once on a change, then on animation ticks.

    ``show`` is called only when the pixels differ from the last frame sent
    (one frame per change). Endless animations tick on daemon timers so they
    never keep a simulation running.
    """

    def __init__(self, layout: LedLayout, scheduler: Scheduler, show: Callable[[LedFrame], None]) -> None:
        self.layout = layout
        self._scheduler = scheduler
        self._show = show
        self.scene = Scene()
        self.last: LedFrame | None = None
        self._tick: Timer | None = None
        self.frames_sent = 0

    def set(self, scene: Scene) -> None:
        if scene == self.scene and self.last is not None:
            return  # the same scene: its frames (and animation ticks) are under way already
        self.scene = scene
        self._draw()

    def _ticked(self) -> None:
        self._tick = None
        self._draw()

    def _draw(self) -> None:
        now = self._scheduler.now_ms()
        frame = render(self.scene, now, self.layout)
        if self.last is None or frame.pixels != self.last.pixels:
            self.last = frame
            self.frames_sent += 1
            self._show(frame)
        animated, finite = self.scene.animated_until(now)
        tick = self._tick
        if tick is not None and (not animated or tick.daemon == finite):
            tick.cancel()  # stopped animating, or now endless/finite the other way
            tick = self._tick = None
        if animated and tick is None:
            self._tick = self._scheduler.call_later(TICK_MS, self._ticked, daemon=not finite)

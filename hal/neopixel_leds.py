"""NeoPixel (WS2812) output through Adafruit's NeoPixel libraries (Blinka), imported only here.

:func:`open_strip` picks the driver the wiring names:

* ``pwm``: ``neopixel.NeoPixel`` on a PWM/PCM-capable GPIO (rpi_ws281x
  underneath on a Pi 4 and older; needs root);
* ``spi``: ``neopixel_spi.NeoPixel_SPI`` on SPI0 (data on GPIO10, MOSI); no
  root, SPI must be enabled;
* ``pi5``: ``neopixel.NeoPixel`` on a Pi 5, where Blinka uses the Pi 5 PIO
  driver (``adafruit_raspberry_pi5_neopixel_write``, ``/dev/pio0``);
* ``auto``: ``pi5`` on a Raspberry Pi 5, else ``pwm``.

Pixels are written with ``auto_write=False`` and one ``show()`` per frame;
brightness is applied by the library (it scales a separate transmit buffer)
and ``pixel_order`` is the byte order on the wire (``GRB`` for WS2812B).
Any failure to start becomes a :class:`~mazeboard.hal.errors.HardwareError`
naming the fix (not root, SPI disabled, Pi 5 without its driver, not a Pi).
On a PC, ``import neopixel`` raises NotImplementedError unless
``BLINKA_OS_AGNOSTIC=1`` (HARDWARE.md), which tests use with the write captured.
"""

from __future__ import annotations

import contextlib
import importlib
import io
import logging
import re
from dataclasses import dataclass
from typing import Any, Callable, Sequence

from .errors import HardwareError
from .events import RGB
from .wiring import LedChain, gpio_name

log = logging.getLogger(__name__)


class NeoPixelStrip:
    """One LED chain: :meth:`write` sends a whole frame (one ``show()``); :meth:`close` blanks it."""

    def __init__(self, pixels: Any, chain: LedChain, driver: str) -> None:
        self._px = pixels
        self.chain = chain
        self.driver = driver
        #: frames sent (one show() each)
        self.frames = 0

    def write(self, colours: Sequence[RGB]) -> None:
        """Show ``colours`` (one (r, g, b) 0-255 per LED, chain order); raises :class:`HardwareError`."""
        px = self._px
        n = min(len(colours), self.chain.count)
        try:
            px[0:n] = list(colours[:n])
            px.show()
        except Exception as e:  # a driver failing at its first write (ws2811_init) or later
            raise HardwareError(explain(e, self.driver, self.chain)) from e
        self.frames += 1

    def close(self) -> None:
        try:
            self._px.fill((0, 0, 0))
            self._px.show()
            self._px.deinit()
        except Exception as e:  # closing must not hide the error that made us close
            log.warning("LED chain did not close cleanly: %s", e)


def resolve_driver(driver: str) -> str:
    """``auto`` -> ``pi5`` on a Raspberry Pi 5 (Adafruit-PlatformDetect), else ``pwm``."""
    if driver != "auto":
        return driver
    try:
        from adafruit_platformdetect import Detector

        return "pi5" if Detector().board.any_raspberry_pi_5_board else "pwm"
    except Exception:  # no platform detection: keep the classic driver
        return "pwm"


def _quiet_import(*names: str) -> list[Any]:
    """Import Blinka modules, logging what Adafruit-PlatformDetect prints on import (not a Pi)."""
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            return [importlib.import_module(n) for n in names]
    finally:
        if out.getvalue().strip():
            log.debug("blinka: %s", out.getvalue().strip())


def _neopixel(chain: LedChain) -> Any:
    board, microcontroller, neopixel = _quiet_import("board", "microcontroller", "neopixel")

    pin = getattr(board, f"D{chain.pin}", None) or microcontroller.Pin(chain.pin)
    return neopixel.NeoPixel(pin, chain.count, brightness=chain.brightness, auto_write=False,
                             pixel_order=chain.pixel_order)


def _neopixel_spi(chain: LedChain, spi: Any = None) -> Any:
    board, neopixel_spi = _quiet_import("board", "neopixel_spi")

    return neopixel_spi.NeoPixel_SPI(spi if spi is not None else board.SPI(), chain.count,
                                     brightness=chain.brightness, auto_write=False, pixel_order=chain.pixel_order)


#: driver name -> constructor of the library object
DRIVERS: dict[str, Callable[[LedChain], Any]] = {
    "pwm": _neopixel,
    "pi5": _neopixel,
    "spi": _neopixel_spi,
}


def open_strip(chain: LedChain, driver: str | None = None) -> NeoPixelStrip:
    """Open ``chain`` with its driver (or ``driver``) and blank it (so a driver that can
    only fail at its first write fails now); raises :class:`HardwareError` naming the fix."""
    name = resolve_driver(driver or chain.driver)
    try:
        pixels = DRIVERS[name](chain)
    except Exception as e:
        raise HardwareError(explain(e, name, chain)) from e
    strip = NeoPixelStrip(pixels, chain, name)
    strip.write([(0, 0, 0)] * chain.count)
    return strip


@dataclass(frozen=True)
class _Fix:
    pattern: str  # regular expression on "ExceptionType: message"
    drivers: tuple[str, ...]
    fix: str


#: Known failures -> what to do (first match wins). Sources: Blinka's platform checks,
#: rpi_ws281x's ws2811_init errors, HARDWARE.md.
FIXES: tuple[_Fix, ...] = (
    _Fix(r"Board not supported|NotImplementedError", ("pwm", "pi5", "spi"),
         "this machine is not a Raspberry Pi (Blinka: board not supported); use --board sim, "
         "or set BLINKA_OS_AGNOSTIC=1 to run the LED code without LEDs"),
    _Fix(r"adafruit_raspberry_pi5_neopixel_write|Raspberry-Pi5-Neopixel", ("pwm", "pi5"),
         "the Pi 5 NeoPixel driver is not installed: pip install 'mazeboard[pi]' "
         "(Adafruit-Blinka-Raspberry-Pi5-Neopixel), or set leds.driver = \"spi\""),
    _Fix(r"Hardware revision is not supported", ("pwm",),
         "this is a Raspberry Pi 5, where the PWM driver cannot run: set leds.driver = \"pi5\" "
         "(pip install 'mazeboard[pi]') or \"spi\" (data on GPIO10, no root)"),
    _Fix(r"/dev/pio0", ("pi5",),
         "cannot open /dev/pio0: update Raspberry Pi OS (kernel with the PIO driver) and add the udev rule "
         "from docs/hardware.md (or run as root)"),
    _Fix(r"rpi_ws281x|_rpi_ws281x", ("pwm",),
         "the PWM NeoPixel driver is not installed: pip install 'mazeboard[pi]' (rpi_ws281x)"),
    _Fix(r"ws2811_init failed|mmap|Permission denied.*mem|/dev/mem", ("pwm",),
         "the PWM driver needs root (it maps /dev/mem): run as root, or set leds.driver = \"spi\" "
         "(no root; data on GPIO10, enable SPI with raspi-config)"),
    _Fix(r"spidev|No Hardware SPI|SPI", ("spi",),
         "SPI is disabled or not accessible: enable it (raspi-config > Interface Options > SPI, or "
         "dtparam=spi=on in /boot/firmware/config.txt, then reboot) and add the user to the spi group"),
    _Fix(r"gpiod|No module named", ("pwm", "pi5", "spi"),
         "a NeoPixel library is missing: pip install 'mazeboard[pi]'"),
)


def explain(error: BaseException, driver: str, chain: LedChain) -> str:
    """One line: which LED driver failed on which pin, why, and the fix."""
    text = " ".join(f"{type(error).__name__}: {error}".split())  # one line, whatever the library wrote
    text = re.sub(r"<[^<>]* object at 0x[0-9a-f]+>", "<pin>", text)
    where = f"the {driver} LED driver cannot start on {gpio_name(chain.pin)}"
    for fix in FIXES:
        if driver in fix.drivers and re.search(fix.pattern, text):
            return f"{where} ({text}); {fix.fix}"
    return f"{where} ({text}); see docs/hardware.md, LED troubleshooting"

"""What a wiring needs from the Raspberry Pi it runs on: ``config.txt`` lines, device files, root.

The gpio backend opens ``/dev/gpiochip*`` (gpiozero with lgpio) for every
board, ``/dev/spidevB.D`` for an MCP3008 on SPI bus B, chip select D, and
what the LED driver needs (:data:`LED_DRIVERS`):

* ``spi``: ``neopixel_spi`` on SPI0 (``/dev/spidev0.0``, data on GPIO10), no
  root, any model; on a Pi 3, Zero 2 W and Pi 4 with the VPU core clock pinned
  (:data:`SPI_CORE_CLOCK`), since SPI0's clock is divided from it;
* ``pi5``: the Pi 5 PIO driver (``/dev/pio0``), no root with the udev rule,
  Pi 5 only;
* ``pwm``: rpi_ws281x's PWM/DMA output, which maps ``/dev/mem`` and needs
  root; Pi 3, 4 and Zero 2 W only (HARDWARE.md). The hardened service
  (``systemd/mazeboard.service``) runs as an unprivileged user and denies
  ``/dev/mem``, so a wiring whose LEDs resolve to ``pwm`` cannot light them
  as the service;
* ``auto``: ``pi5`` on a Pi 5, else ``pwm``.

:func:`pi_setup` puts this together for one wiring and one Pi model;
``mazeboard wiring show`` prints it, and the tests hold every shipped wiring
against the unit's ``DeviceAllow=`` list. Sources: the Raspberry Pi
device-tree overlay README (``spi1-1cs``: SPI1 on GPIO19-21, CE0 GPIO18),
Adafruit's NeoPixel guides, HARDWARE.md; for the core clock raspberrypi/linux#2060,
jgarff/rpi_ws281x#381 and PR #401.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .wiring import AnalogHall, Wiring

#: Pi models mazeboard supports (all share the 40-pin header) -> how the docs name them
PI_MODELS: dict[str, str] = {"pi3": "Pi 3", "pi4": "Pi 4", "pi5": "Pi 5", "zero2w": "Zero 2 W"}
#: the GPIO character device gpiozero's lgpio pin factory opens
GPIO_DEVICE = "/dev/gpiochip0"


@dataclass(frozen=True)
class LedDriverNeeds:
    """What one LED driver needs: device files, root, ``config.txt`` lines, the models it runs on."""

    devices: tuple[str, ...]
    root: bool
    boot_config: tuple[str, ...]
    models: tuple[str, ...]


LED_DRIVERS: dict[str, LedDriverNeeds] = {
    "spi": LedDriverNeeds(("/dev/spidev0.0",), False, ("dtparam=spi=on",), tuple(PI_MODELS)),
    "pi5": LedDriverNeeds(("/dev/pio0",), False, (), ("pi5",)),
    "pwm": LedDriverNeeds(("/dev/mem",), True, (), ("pi3", "pi4", "zero2w")),
}
#: ``auto`` by model (others: ``pwm``)
AUTO_DRIVER: dict[str, str] = {"pi5": "pi5"}
#: The ``config.txt`` line that keeps SPI0's clock steady for the ``spi`` LED driver, by model.
#: SPI0 is clocked from the VPU core clock, which the firmware scales on its own (idle, heat,
#: under-voltage), and the NeoPixel SPI driver's bit timing moves with it: white flashes, wrong
#: colours. Pi 3 / Zero 2 W: fix the core at 250 MHz (raspberrypi/linux#2060, pelwell: "the only
#: way to avoid this problem is to prevent the core clock from changing"); Pi 4: its core cannot
#: run at 250, so keep it from idling below its 500 MHz default (jgarff/rpi_ws281x#381, PR #401).
#: Pi 5: SPI is in RP1, on RP1's own clock.
SPI_CORE_CLOCK: dict[str, str] = {"pi3": "core_freq=250", "zero2w": "core_freq=250", "pi4": "core_freq_min=500"}
SPI_CORE_CLOCK_WHY = ("core_freq: SPI0's clock follows the VPU core clock, which scales by itself; pinned so "
                      "the NeoPixel data rate holds (raspberrypi/linux#2060, jgarff/rpi_ws281x#381)")


def resolve_led_driver(driver: str, model: str) -> str:
    """The driver ``driver`` means on ``model`` (``auto`` -> ``pi5`` on a Pi 5, else ``pwm``)."""
    if driver != "auto":
        return driver
    return AUTO_DRIVER.get(model, "pwm")


@dataclass(frozen=True)
class PiSetup:
    """One wiring on one Pi model: ``led_driver`` (resolved; None without LEDs), the device
    files opened, the ``config.txt`` lines, whether root is needed, and ``problems``
    (one line each: a driver that cannot run on the model, root the service does not have)."""

    model: str
    led_driver: str | None
    devices: tuple[str, ...]
    boot_config: tuple[str, ...]
    root: bool
    problems: tuple[str, ...]


def spi_boot_line(hall: AnalogHall, declared: frozenset[str]) -> str:
    """The ``config.txt`` line that creates the MCP3008's spidev node."""
    if hall.spi_bus == 0:
        return "dtparam=spi=on"
    cs = 3 if "spi1" in declared else hall.spi_device + 1
    return f"dtoverlay=spi1-{cs}cs"


def pi_setup(w: Wiring, model: str) -> PiSetup:
    """What ``w`` needs on Pi ``model`` (a key of :data:`PI_MODELS`)."""
    name = PI_MODELS[model]
    devices = [GPIO_DEVICE]
    boot: list[str] = []
    problems: list[str] = []
    root = False
    if isinstance(w.hall, AnalogHall):
        devices.append(w.hall.device_path)
        boot.append(spi_boot_line(w.hall, w.declared_buses))
    driver = None
    if w.leds is not None:
        driver = resolve_led_driver(w.leds.driver, model)
        needs = LED_DRIVERS[driver]
        devices += needs.devices
        boot += needs.boot_config
        if driver == "spi" and model in SPI_CORE_CLOCK:
            boot.append(SPI_CORE_CLOCK[model])
        root = needs.root
        if model not in needs.models:
            problems.append(f"the {driver} LED driver does not run on a {name} "
                            f"(it runs on: {', '.join(PI_MODELS[m] for m in needs.models)})")
        if needs.root:
            problems.append(f"the {driver} LED driver needs root ({', '.join(needs.devices)}), which the "
                            "mazeboard service does not have: use leds.driver = \"spi\" (data on GPIO10)")
    return PiSetup(model, driver, tuple(dict.fromkeys(devices)), tuple(dict.fromkeys(boot)), root, tuple(problems))


def setup_lines(w: Wiring) -> list[str]:
    """``wiring show``'s Pi setup: one line per group of models that need the same."""
    groups: dict[PiSetup, list[str]] = {}
    for m in PI_MODELS:
        groups.setdefault(replace(pi_setup(w, m), model=""), []).append(PI_MODELS[m])
    lines = []
    for s, models in groups.items():
        leds = f"LEDs: {s.led_driver} driver; " if s.led_driver else ""
        cfg = ", ".join(s.boot_config) if s.boot_config else "nothing"
        lines.append(f"{', '.join(models)}: {leds}/boot/firmware/config.txt: {cfg}; opens {', '.join(s.devices)}; "
                     f"{'needs ROOT' if s.root else 'no root'}")
        lines += [f"  PROBLEM: {p}" for p in s.problems]
    if any(line.startswith("core_freq") for s in groups for line in s.boot_config):
        lines.append(SPI_CORE_CLOCK_WHY)
    return lines

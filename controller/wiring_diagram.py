"""The wiring diagram, generated from a wiring file with WireViz (the field's harness-diagram tool).

:func:`wireviz_yaml` turns a :class:`~mazeboard.hal.wiring.Wiring` into
WireViz's YAML (connectors: the Pi's 40-pin header, the reed matrix, the
MCP3008 or the Hall sensors, the buttons, the LED chain; one cable per
part); :func:`write_diagram` writes it and, when WireViz and Graphviz are
installed (``pip install 'mazeboard[docs]'``, Debian ``graphviz``), renders
the SVG beside it. ``mazeboard wiring diagram`` regenerates ``docs/wiring/``.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from mazeboard.hal.errors import ConfigError
from mazeboard.hal.wiring import (
    AnalogHall, DigitalHall, MatrixReeds, Wiring, gpio_name, header,
    header_pin, matrix_line,
)

#: header pins used for power: 3V3 (1, 17) and GND (6, 9, 14, 20)
V33_PIN, V33_PIN2 = 1, 17
GND_PIN, GND_PIN2, GND_PIN3, GND_PIN4 = 6, 9, 14, 20
COLOURS = ["BN", "RD", "OG", "YE", "GN", "BU", "VT", "GY", "WH", "PK", "TQ", "BK"]


def wireviz_yaml(w: Wiring) -> str:
    """WireViz YAML for ``w`` (deterministic: same wiring, same text)."""
    try:
        import yaml
    except ImportError:
        raise ConfigError("wiring diagram: PyYAML is missing (pip install 'mazeboard[docs]')") from None
    connectors: dict[str, Any] = {}
    cables: dict[str, Any] = {}
    connections: list[Any] = []
    used: set[int] = set()

    def link(name: str, pi_pins: list[int], part: str, part_pins: list[int], note: str) -> None:
        n = len(pi_pins)
        cables[name] = {"wirecount": n, "colors": [COLOURS[i % len(COLOURS)] for i in range(n)], "notes": note}
        connections.append([{"Pi": pi_pins}, {name: list(range(1, n + 1))}, {part: part_pins}])
        used.update(pi_pins)

    reeds = w.reeds
    if isinstance(reeds, MatrixReeds):
        labels = [f"R{i} ({matrix_line(reeds, 0, i)})" for i in range(len(reeds.rows))]
        labels += [f"C{j} ({matrix_line(reeds, 1, j)})" for j in range(len(reeds.columns))]
        what = "reed and button matrix" if reeds.buttons else "reed matrix"
        connectors["Reeds"] = {"type": f"{len(reeds.rows)}x{len(reeds.columns)} {what}",
                               "subtype": "1N4148 per switch" if reeds.buttons else
                               ("1N4148 per reed" if reeds.diodes else "no diodes"),
                               "pinlabels": labels}
        pins = [header_pin(b) for b in (*reeds.rows, *reeds.columns)]
        link("W1", pins, "Reeds", list(range(1, len(pins) + 1)),
             f"rows driven low in turn, columns pulled up; {reeds.scan_hz} scans/s")
    else:
        cells = list(reeds.pins)
        connectors["Reeds"] = {"type": "reed switches, one per cell", "pinlabels": [*cells, "GND"]}
        pins = [header_pin(reeds.pins[c]) for c in cells]
        link("W1", [*pins, GND_PIN], "Reeds", list(range(1, len(cells) + 2)), "each reed to GND, Pi pull-ups")
    hall = w.hall
    if isinstance(hall, AnalogHall):
        by_ch = {ch: s for s, ch in hall.channels.items()}
        spi = hall.spi
        connectors["MCP3008"] = {"type": "MCP3008 10-bit ADC", "subtype": hall.bus_name,
                                 "pinlabels": ["CLK", "DOUT", "DIN", "CS", "VDD+VREF", "AGND+DGND"]}
        link("W2", [header_pin(spi.sclk), header_pin(spi.miso), header_pin(spi.mosi),
                    header_pin(hall.select_pin), V33_PIN2, GND_PIN3],
             "MCP3008", [1, 2, 3, 4, 5, 6], f"Vref {hall.vref_v:g} V")
        connectors["Tray"] = {"type": "SS49E linear Hall sensors",
                              "pinlabels": [f"CH{ch}: {by_ch[ch]}" for ch in sorted(by_ch)] + ["VCC 3V3", "GND"]}
        n = len(by_ch)
        cables["W3"] = {"wirecount": n + 2, "colors": COLOURS[:n + 2], "notes": "sensor outputs to ADC inputs"}
        connectors["MCP3008"]["pinlabels"] += [f"CH{ch}" for ch in sorted(by_ch)]
        connections.append([{"MCP3008": list(range(7, 7 + n))}, {"W3": list(range(1, n + 1))},
                            {"Tray": list(range(1, n + 1))}])
        connections.append([{"Pi": [V33_PIN, GND_PIN4]}, {"W3": [n + 1, n + 2]}, {"Tray": [n + 1, n + 2]}])
        used.update({V33_PIN, GND_PIN4})
    elif isinstance(hall, DigitalHall):
        names = list(hall.pins)
        connectors["Tray"] = {"type": "A3144 digital Hall sensors (open collector)",
                              "pinlabels": [*names, "VCC 3V3", "GND"]}
        link("W2", [*(header_pin(hall.pins[s]) for s in names), V33_PIN, GND_PIN3], "Tray",
             list(range(1, len(names) + 3)), "outputs to GPIO inputs with pull-ups")
    names = list(w.buttons)
    if names:
        connectors["Buttons"] = {"type": "momentary push buttons", "pinlabels": [*names, "GND"]}
        link("W4", [*(header_pin(w.buttons[b]) for b in names), GND_PIN2], "Buttons", list(range(1, len(names) + 2)),
             "each button to GND, Pi pull-ups")
    if w.leds is not None:
        le = w.leds
        connectors["LEDs"] = {"type": f"{le.count} x WS2812B ({le.pixel_order})",
                              "subtype": f"{le.driver} driver, 5 V supply",
                              "pinlabels": ["DIN (via 74AHCT125)", "GND"]}
        link("W5", [header_pin(le.pin), GND_PIN], "LEDs", [1, 2], "data through a 3.3 V to 5 V level shifter")
    pi_pins = sorted(used)
    connectors = {"Pi": {"type": "Raspberry Pi 40-pin header (J8)", "subtype": "BCM names",
                         "pins": pi_pins, "pinlabels": [_label(p, w) for p in pi_pins]}, **connectors}
    doc = {"metadata": {"title": f"mazeboard wiring: {w.board}", "description": w.description},
           "connectors": connectors, "cables": cables, "connections": connections}
    return ("# Generated by `mazeboard wiring diagram` from the wiring file; do not edit.\n"
            + yaml.safe_dump(doc, sort_keys=False, width=120))


def _label(pin: int, w: Wiring) -> str:
    """``GPIO17`` (or ``GND``, ``3V3``) for header pin ``pin``."""
    return next(h.name for h in header() if h.number == pin)


def write_diagram(w: Wiring, out: Path, name: str, render: bool = True) -> list[Path]:
    """Write ``out/name.yml`` and, with ``render``, ``out/name.svg`` through WireViz.

    Raises :class:`ConfigError` when rendering was asked for and WireViz or
    Graphviz's ``dot`` is missing, naming what to install."""
    out.mkdir(parents=True, exist_ok=True)
    src = out / f"{name}.yml"
    src.write_text(wireviz_yaml(w), encoding="utf-8")
    written = [src]
    if render:
        if shutil.which("dot") is None:
            raise ConfigError("wiring diagram: Graphviz's dot is missing (apt install graphviz); "
                              "use --no-render for the YAML only")
        try:
            from wireviz.wireviz import parse
        except ImportError:
            raise ConfigError("wiring diagram: WireViz is missing (pip install 'mazeboard[docs]')") from None
        try:
            parse(src, output_formats=("svg",), output_dir=out, output_name=name)
        except Exception as e:  # WireViz reports bad input with assorted exception types
            raise ConfigError(f"wiring diagram: WireViz failed: {type(e).__name__}: {e}") from None
        finally:
            (out / f"{name}.tmp").unlink(missing_ok=True)  # WireViz's intermediate Graphviz file
        written.append(out / f"{name}.svg")
    return written


def used_gpios(w: Wiring) -> list[str]:
    """BCM names the diagram shows (for tests and docs)."""
    return [gpio_name(u.bcm) for u in w.uses()]


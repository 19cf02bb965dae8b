# The device's pin map (config.json on the Pico), checked once at boot.
# Errors name the key: ValueError("config: matrix.rows: ...").

from .scan import default_cells

DEFAULTS = {
    "board": "magic-6x6",
    "scan_hz": 500,
    "debounce_ms": {"reed": 10, "hall": 10, "button": 20},
    "hall": [],
    "buttons": [],
    "leds": None,
    "report_raw_hall_ms": 0,
}


def _fail(key, why):
    raise ValueError("config: %s: %s" % (key, why))


def _pins(value, key):
    if not isinstance(value, list) or not all(isinstance(v, int) and 0 <= v <= 29 for v in value):
        _fail(key, "must be a list of GPIO numbers 0-29")
    return value


def check(raw):
    """A validated config dict with defaults filled in."""
    cfg = dict(DEFAULTS)
    for k, v in raw.items():
        if k not in DEFAULTS and k != "matrix":
            _fail(k, "unknown key")
        cfg[k] = v
    if not isinstance(cfg["scan_hz"], int) or not 200 <= cfg["scan_hz"] <= 2000:
        _fail("scan_hz", "must be 200-2000")
    deb = dict(DEFAULTS["debounce_ms"])
    deb.update(cfg["debounce_ms"])
    for k, v in deb.items():
        if not isinstance(v, int) or v < 1:
            _fail("debounce_ms." + k, "must be a whole number of ms >= 1")
    cfg["debounce_ms"] = deb
    m = cfg.get("matrix")
    if m is not None:
        rows = _pins(m.get("rows"), "matrix.rows")
        cols = _pins(m.get("cols"), "matrix.cols")
        if not (1 <= len(rows) <= 8 and 1 <= len(cols) <= 8):
            _fail("matrix", "1-8 rows and 1-8 cols")
        cells = m.get("cells") or default_cells(len(rows), len(cols))
        if len(cells) != len(rows) * len(cols):
            _fail("matrix.cells", "must name rows*cols cells, row by row (null for none)")
        m["cells"] = cells
    used = set()
    for h in cfg["hall"]:
        name = h.get("name")
        if not name:
            _fail("hall", "every sensor needs a name")
        if ("adc" in h) == ("pin" in h):
            _fail("hall." + name, "give either adc (GPIO 26-28) or pin (digital)")
        if "adc" in h and h["adc"] not in (26, 27, 28):
            _fail("hall." + name + ".adc", "the RP2040's ADC inputs are GPIO 26, 27, 28")
        if "adc" in h and not all(isinstance(h.get(k), int) and 0 <= h[k] <= 65535 for k in ("on", "off")):
            _fail("hall." + name, "analog sensors need on and off thresholds 0-65535")
        used.add(h.get("adc", h.get("pin")))
    for b in cfg["buttons"]:
        if not b.get("name") or not isinstance(b.get("pin"), int):
            _fail("buttons", "every button needs a name and a pin")
    leds = cfg["leds"]
    if leds is not None:
        if not isinstance(leds.get("pin"), int) or not isinstance(leds.get("count"), int) or leds["count"] < 1:
            _fail("leds", "needs a pin and a count >= 1")
    return cfg

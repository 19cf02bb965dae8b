# The device's pin map (config.json on the Pico), checked once at boot.
# Errors name the key: ValueError("config: matrix.rows: ..."). Every GPIO is used once: a pin
# named twice (a button on a Hall sensor's pin, the LED data pin on a matrix row) is refused
# naming both keys, since the second Pin() would silently reconfigure the first.

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
ORDERS = ("GRB", "RGB", "BRG", "RBG", "GBR", "BGR")


def _fail(key, why):
    raise ValueError("config: %s: %s" % (key, why))


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _pin(value, key):
    if not _is_int(value) or not 0 <= value <= 29:
        _fail(key, "must be a GPIO number 0-29")
    return value


def _pins(value, key):
    if not isinstance(value, list):
        _fail(key, "must be a list of GPIO numbers 0-29")
    for v in value:
        _pin(v, key)
    return value


def _name(value, key):
    if not isinstance(value, str) or not value or len(value) > 16 or " " in value or "*" in value or "," in value:
        _fail(key, "needs a name: 1-16 characters, no space, comma or *")
    return value


class _Used:
    """GPIO -> the key that took it."""

    def __init__(self):
        self.by = {}

    def take(self, pin, key):
        if pin in self.by:
            _fail(key, "GPIO%d is already used by %s" % (pin, self.by[pin]))
        self.by[pin] = key


def check(raw):
    """A validated config dict with defaults filled in."""
    if not isinstance(raw, dict):
        _fail("config.json", "must be a JSON object")
    cfg = dict(DEFAULTS)
    for k, v in raw.items():
        if k not in DEFAULTS and k != "matrix":
            _fail(k, "unknown key")
        cfg[k] = v
    if not _is_int(cfg["scan_hz"]) or not 200 <= cfg["scan_hz"] <= 2000:
        _fail("scan_hz", "must be 200-2000")
    deb = dict(DEFAULTS["debounce_ms"])
    if not isinstance(cfg["debounce_ms"], dict):
        _fail("debounce_ms", "must map reed, hall, button to milliseconds")
    deb.update(cfg["debounce_ms"])
    for k, v in deb.items():
        if k not in DEFAULTS["debounce_ms"]:
            _fail("debounce_ms." + str(k), "unknown key")
        if not _is_int(v) or not 1 <= v <= 1000:
            _fail("debounce_ms." + k, "must be a whole number of ms, 1-1000")
    cfg["debounce_ms"] = deb
    if not _is_int(cfg["report_raw_hall_ms"]) or cfg["report_raw_hall_ms"] < 0:
        _fail("report_raw_hall_ms", "must be a whole number of ms >= 0 (0: off)")
    used = _Used()
    m = cfg.get("matrix")
    if m is not None:
        if not isinstance(m, dict):
            _fail("matrix", "must have rows, cols and cells")
        rows = _pins(m.get("rows"), "matrix.rows")
        cols = _pins(m.get("cols"), "matrix.cols")
        if not (1 <= len(rows) <= 8 and 1 <= len(cols) <= 8):
            _fail("matrix", "1-8 rows and 1-8 cols")
        for i, r in enumerate(rows):
            used.take(r, "matrix.rows[%d]" % i)
        for i, c in enumerate(cols):
            used.take(c, "matrix.cols[%d]" % i)
        cells = m.get("cells") or default_cells(len(rows), len(cols))
        if not isinstance(cells, list) or len(cells) != len(rows) * len(cols):
            _fail("matrix.cells", "must name rows*cols cells, row by row (null for none)")
        for c in cells:
            if c is not None:
                _name(c, "matrix.cells")
        m["cells"] = cells
    if not isinstance(cfg["hall"], list) or not isinstance(cfg["buttons"], list):
        _fail("hall" if not isinstance(cfg["hall"], list) else "buttons", "must be a list")
    names = set()
    for h in cfg["hall"]:
        if not isinstance(h, dict):
            _fail("hall", "every sensor is an object with a name")
        name = _name(h.get("name"), "hall")
        if name in names:
            _fail("hall." + name, "the name is used twice")
        names.add(name)
        if ("adc" in h) == ("pin" in h):
            _fail("hall." + name, "give either adc (GPIO 26-28) or pin (digital)")
        if "adc" in h and h["adc"] not in (26, 27, 28):
            _fail("hall." + name + ".adc", "the RP2040's ADC inputs are GPIO 26, 27, 28")
        if "adc" in h and not all(_is_int(h.get(k)) and 0 <= h[k] <= 65535 for k in ("on", "off")):
            _fail("hall." + name, "analog sensors need on and off thresholds 0-65535")
        used.take(_pin(h.get("adc", h.get("pin")), "hall." + name), "hall." + name)
    names = set()
    for b in cfg["buttons"]:
        if not isinstance(b, dict):
            _fail("buttons", "every button needs a name and a pin")
        name = _name(b.get("name"), "buttons")
        if name in names:
            _fail("buttons." + name, "the name is used twice")
        names.add(name)
        used.take(_pin(b.get("pin"), "buttons." + name), "buttons." + name)
    leds = cfg["leds"]
    if leds is not None:
        if not isinstance(leds, dict) or not _is_int(leds.get("count")) or not 1 <= leds["count"] <= 1024:
            _fail("leds", "needs a pin and a count 1-1024")
        used.take(_pin(leds.get("pin"), "leds.pin"), "leds.pin")
        if leds.get("order", "GRB") not in ORDERS:
            _fail("leds.order", "must be one of " + ", ".join(ORDERS))
        b = leds.get("brightness", 0.3)
        if not isinstance(b, (int, float)) or isinstance(b, bool) or not 0 <= b <= 1:
            _fail("leds.brightness", "must be 0.0-1.0")
        chain = leds.get("chain")
        if chain is not None and (not isinstance(chain, list) or len(chain) != leds["count"]
                                  or not all(j is None or (_is_int(j) and 0 <= j < 1024) for j in chain)):
            _fail("leds.chain", "must list one frame index (or null) per LED")
    return cfg

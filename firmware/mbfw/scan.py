# Sensor scanning logic, hardware-free: the glue reads pins, these classes decide.
#
# Debounce is counted in scans: a key's raw level must differ from its stable
# level on `need` consecutive scans before the change is reported, so a
# closure shorter than the window (a glitch, contact bounce) never is.
# At 500 Hz (2 ms per scan) a 10 ms window is 5 scans.


def scans_for(window_ms, period_ms):
    """Whole scans covering window_ms (at least 1)."""
    n = (window_ms + period_ms - 1) // period_ms
    return n if n > 0 else 1


class Key:
    """One debounced input. update(raw) returns the new stable level on a change, else None."""

    def __init__(self, need, level=False):
        self.need = need
        self.stable = level
        self.count = 0

    def update(self, raw):
        if raw == self.stable:
            self.count = 0
            return None
        self.count += 1
        if self.count >= self.need:
            self.stable = raw
            self.count = 0
            return raw
        return None


def default_cells(rows, cols):
    """Cell names for a matrix: row r is rank r+1, column c is file 'a'+c."""
    return [chr(97 + c) + str(r + 1) for r in range(rows) for c in range(cols)]


class MatrixScanner:
    """A diode matrix of reed switches, up to 8x8: one row driven at a time, columns read.

    scan(read_row) calls read_row(r) -> list of column levels (True: closed) for every row
    and returns [(cell, closed), ...] for the debounced changes of this scan."""

    def __init__(self, rows, cols, cells, need):
        if not (1 <= rows <= 8 and 1 <= cols <= 8):
            raise ValueError("matrix: rows and cols must be 1-8")
        if len(cells) != rows * cols:
            raise ValueError("matrix: cells must name rows*cols cells (row by row)")
        self.rows = rows
        self.cols = cols
        self.cells = list(cells)
        self.keys = [Key(need) for _ in cells]

    def scan(self, read_row):
        changes = []
        for r in range(self.rows):
            levels = read_row(r)
            base = r * self.cols
            for c in range(self.cols):
                i = base + c
                cell = self.cells[i]
                if cell is None:
                    continue
                level = self.keys[i].update(bool(levels[c]))
                if level is not None:
                    changes.append((cell, level))
        return changes

    def closed(self):
        return [c for c, k in zip(self.cells, self.keys) if c is not None and k.stable]


class HallChannel:
    """A Hall-effect sensor: digital (active low, A3144-type) or analog (SS49E-type through the
    ADC, read_u16 0-65535) with a threshold and hysteresis: `on` enters "ball", `off` leaves it
    (on > off: the field rises with a ball; on < off: it falls). update(value) -> new level or None."""

    def __init__(self, name, need, on=None, off=None):
        self.name = name
        self.analog = on is not None
        self.on = on
        self.off = off if off is not None else on
        self.key = Key(need)

    def level_of(self, value):
        if not self.analog:
            return not value  # active low: 0 on the pin means a ball
        rising = self.on >= self.off
        if self.key.stable:  # ball sensed: leave only past `off`
            return value > self.off if rising else value < self.off
        return value >= self.on if rising else value <= self.on

    def update(self, value):
        return self.key.update(self.level_of(value))


class ButtonChannel:
    """A push button to ground (pull-up): update(pin_value) -> True once per debounced press."""

    def __init__(self, name, need):
        self.name = name
        self.key = Key(need)

    def update(self, value):
        return self.key.update(not value) is True

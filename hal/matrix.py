"""The reed matrix's lines: rows driven low one at a time, columns read, and nothing else.

Two ways to drive them, chosen by gpiozero's pin factory:

* **lgpio** (every Pi, Pi 5 included): the rows are one lgpio output group and the columns
  one input group with pull-ups (``lgpio.group_claim_output`` / ``group_claim_input``), so
  selecting a row is one ``group_write`` and reading every column one ``group_read``, each a
  single ``GPIO_V2_LINE_SET/GET_VALUES`` ioctl (joan2937/lg ``lgGpio.c``). An 8x8 scan is
  17 kernel calls (8 selects, 8 reads, the release). gpiozero's own pins cost 96 for the
  same scan: ``LGPIOPin._set_state`` asks the kernel for the pin's mode before every write
  (``gpio_get_mode``), and each column is read on its own.
* **any other factory** (gpiozero's ``MockFactory`` in the tests, rpigpio, native): gpiozero
  ``Pin`` objects from ``factory.pin()``, written and read directly.

Either way the columns are plain inputs. They are never gpiozero ``DigitalInputDevice``\\ s:
those always install an edge callback (``DigitalInputDevice.__init__`` sets
``pin.when_changed``), which under lgpio claims the line for alerts, so every scan would send
an edge report per closed reed through lgpio's one notification thread -- whose pipe drops
reports without a word when it is full, and which the direct buttons and digital Hall
sensors need for their edges (``lgPthAlerts.c``; ``lgpio.py`` ``_callback_thread``).

The pins are reserved with the factory as a gpiozero device's would be, so a second use of
one is refused (``GPIOPinInUse``).
"""

from __future__ import annotations

from typing import Any

from .wiring import MatrixReeds, gpio_name


def resolve_factory(pin_factory: Any) -> Any:
    """``pin_factory``, else gpiozero's default one (made on first use: lgpio on a Pi,
    ``GPIOZERO_PIN_FACTORY`` when set)."""
    if pin_factory is not None:
        return pin_factory
    from gpiozero import Device

    Device.ensure_pin_factory()
    return Device.pin_factory


def is_lgpio(factory: Any) -> bool:
    """True for gpiozero's ``LGPIOFactory`` (or a subclass of it)."""
    return any(c.__module__ == "gpiozero.pins.lgpio" and c.__name__ == "LGPIOFactory" for c in type(factory).__mro__)


class _Reservation:
    """The requester gpiozero's ``Factory.reserve_pins`` holds for the matrix lines."""

    def _conflicts_with(self, other: Any) -> bool:
        return True


class GroupLines:
    """Rows and columns as two lgpio groups, on a handle of the factory's gpiochip
    (``LGPIOFactory.chip``: 0, or 4 on a Pi 5 with an older kernel).

    :meth:`read` -> one int per row, bit ``c`` set where column ``c`` reads low (closed)."""

    def __init__(self, factory: Any, rows: tuple[int, ...], columns: tuple[int, ...], open_drain: bool) -> None:
        import gpiozero.pins.lgpio as gl

        self.lg = gl.lgpio  # the lgpio module the factory itself runs on
        self.handle = self.lg.gpiochip_open(factory.chip)
        self.rows, self.columns = list(rows), list(columns)
        self.idle = (1 << len(rows)) - 1  # every row high (push-pull) or released (open drain)
        self.selects = [self.idle & ~(1 << r) for r in range(len(rows))]
        self.all_columns = (1 << len(columns)) - 1
        lg = self.lg
        try:
            lg.group_claim_output(self.handle, self.rows, [1] * len(rows), lg.SET_OPEN_DRAIN if open_drain else 0)
            lg.group_claim_input(self.handle, self.columns, lg.SET_PULL_UP)
        except Exception:
            self.close()
            raise

    def read(self) -> list[int]:
        write, read, h = self.lg.group_write, self.lg.group_read, self.handle
        row0, col0, mask = self.rows[0], self.columns[0], self.all_columns
        out = []
        for select in self.selects:
            write(h, row0, select)
            out.append(~read(h, col0)[1] & mask)
        write(h, row0, self.idle)
        return out

    def close(self) -> None:
        """Free both groups and the handle (closing the handle alone would free them too)."""
        for leader in (self.rows[0], self.columns[0]):
            try:
                self.lg.group_free(self.handle, leader)
            except Exception:  # not claimed (a failed open): nothing to free
                pass
        self.lg.gpiochip_close(self.handle)


class PinLines:
    """Rows and columns as gpiozero ``Pin`` objects (no edge detection, no callbacks)."""

    def __init__(self, factory: Any, rows: tuple[int, ...], columns: tuple[int, ...], open_drain: bool) -> None:
        self.open_drain = open_drain
        self.rows = [factory.pin(gpio_name(b)) for b in rows]
        self.columns = [factory.pin(gpio_name(b)) for b in columns]
        for col in self.columns:
            col.function = "input"
            col.pull = "up"
        for row in self.rows:
            if open_drain:  # idle rows float (high impedance)
                row.function = "input"
            else:
                row.output_with_state(True)

    def read(self) -> list[int]:
        out = []
        columns = self.columns
        for row in self.rows:
            if self.open_drain:
                row.output_with_state(False)
            else:
                row.state = False
            bits = 0
            for c, col in enumerate(columns):
                if not col.state:  # pulled low through a closed reed
                    bits |= 1 << c
            out.append(bits)
            if self.open_drain:
                row.function = "input"
            else:
                row.state = True
        return out

    def close(self) -> None:
        for pin in (*self.rows, *self.columns):
            pin.close()


class MatrixScanner:
    """Scans a reed matrix: rows are driven low one at a time, columns read with pull-ups.

    :meth:`scan` returns the set of closed (row, column) positions, the same frozenset object
    as the previous scan when nothing changed. Raises :class:`~mazeboard.hal.errors.HardwareError`
    (through the caller's ``_gpiozero_call``) when a line cannot be claimed."""

    def __init__(self, reeds: MatrixReeds, pin_factory: Any) -> None:
        self.reeds = reeds
        self.scans = 0
        #: without diodes, idle rows float (high impedance) instead of driving high, so two
        #: closed reeds on one column never short a high row to the selected low one
        self.open_drain = not reeds.diodes
        self.factory = resolve_factory(pin_factory)
        self._reservation = _Reservation()
        names = [gpio_name(b) for b in (*reeds.rows, *reeds.columns)]
        self.factory.reserve_pins(self._reservation, *names)
        try:
            kind = GroupLines if is_lgpio(self.factory) else PinLines
            self.lines: GroupLines | PinLines = kind(self.factory, reeds.rows, reeds.columns, self.open_drain)
        except BaseException:
            self.factory.release_all(self._reservation)
            raise
        self._last: tuple[list[int], frozenset[tuple[int, int]]] = ([], frozenset())

    @property
    def grouped(self) -> bool:
        """True when the lines are lgpio groups."""
        return isinstance(self.lines, GroupLines)

    def scan(self) -> frozenset[tuple[int, int]]:
        rows = self.lines.read()
        self.scans += 1
        if rows == self._last[0]:
            return self._last[1]
        closed = []
        for r, bits in enumerate(rows):
            c = 0
            while bits:
                if bits & 1:
                    closed.append((r, c))
                bits >>= 1
                c += 1
        result = frozenset(closed)
        self._last = (rows, result)
        return result

    def close(self) -> None:
        self.lines.close()
        self.factory.release_all(self._reservation)

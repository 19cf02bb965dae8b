# The board's recent lines, kept for a resend (docs/protocol.md "Resending"). MicroPython-safe.
#
# Every line the board sends is copied into one bytearray allocated at boot, back to back,
# wrapping to the start when a line does not fit before the end; the oldest lines make room.
# A line is found by its sequence number: slot = seq % LINES (LINES is a power of two, so slots
# stay in step when seq wraps from 65535 to 0) holds its offset and length.
#
# RAM, fixed at boot: BYTES for the lines + two array('H') of LINES entries (2 bytes each) =
# 8192 + 1024 bytes, plus a few object headers. keep() allocates nothing: a slice store into a
# bytearray copies in C (MicroPython tests/micropython/heapalloc_slice.py); get() returns a
# memoryview (one small object, only when the host asks for a resend).
#
# Sized for the link's rates (docs/protocol.md): the host gives up on a missing line after
# 1500 ms; in a game the board sends at most ~40 lines a second (heartbeats, acks of frames at
# the win sweep's 20 a second, sensor events), ~30 bytes each: 256 lines and 8 KB keep 6 s of that.

from array import array

LINES = 256
BYTES = 8192
SEQ_MODULO = 65536


class Ring:
    def __init__(self, lines=LINES, size=BYTES):
        self.buf = bytearray(size)
        self.view = memoryview(self.buf)
        self.at = array("H", [0] * lines)
        self.len = array("H", [0] * lines)
        self.lines = lines
        self.size = size
        self.clear()

    def clear(self):
        """Forget every line (a new conversation: the board's HELLO restarts at 0)."""
        self.count = 0  # lines kept: sequence numbers next - count .. next - 1
        self.next = 0  # sequence number after the newest kept line
        self.head = 0  # where the next line's bytes go

    def oldest(self):
        return (self.next - self.count) % SEQ_MODULO

    def _drop_oldest_while_at_or_past(self, h):
        while self.count and self.at[self.oldest() % self.lines] >= h:
            self.count -= 1

    def keep(self, seq, line):
        """Keep `line` (bytes, newline included) as line number `seq`."""
        n = len(line)
        if self.count and seq != self.next:
            self.count = 0  # not the next number: the lines kept are of another count
        if n > self.size:
            self.count = 0
            self.next = (seq + 1) % SEQ_MODULO
            return
        h = self.head
        if h + n > self.size:  # the end is too short: skip it, and the oldest lines still there
            self._drop_oldest_while_at_or_past(h)
            h = 0
        at, ln, lines = self.at, self.len, self.lines
        while self.count:
            slot = self.oldest() % lines
            if self.count < lines and (at[slot] >= h + n or at[slot] + ln[slot] <= h):
                break
            self.count -= 1  # the oldest line is in the way (or every slot is taken)
        self.buf[h:h + n] = line
        slot = seq % lines
        at[slot] = h
        ln[slot] = n
        self.head = h + n
        self.count += 1
        self.next = (seq + 1) % SEQ_MODULO

    def behind(self, seq):
        """How many lines back `seq` is: 1 for the newest kept, `count` for the oldest;
        more than `count` (up to half the sequence space) for a line no longer kept, 0 or
        more than half the space for one not sent yet."""
        return (self.next - seq) % SEQ_MODULO

    def get(self, seq):
        """The bytes of line `seq` (a memoryview), or None when it is not kept."""
        back = (self.next - seq) % SEQ_MODULO
        if not 1 <= back <= self.count:
            return None
        slot = seq % self.lines
        a = self.at[slot]
        return self.view[a:a + self.len[slot]]

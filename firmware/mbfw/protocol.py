# The line protocol, board side (docs/protocol.md). MicroPython-compatible:
# no dataclasses, no typing. Kept independent of the Pi's implementation on
# purpose; firmware/vectors.json is what keeps the two in agreement.
#
# Line: "<seq> <TYPE> [<field> ...]*<CRC>\n", CRC-16/CCITT-FALSE (poly 0x1021,
# init 0xFFFF, no reflection, xorout 0) over the bytes before '*', 4 upper-case
# hex digits. At most MAX_LINE_BYTES bytes including the newline.
#
# Cheap on purpose (the 500 Hz scan shares the core): the CRC is table-driven (one lookup a
# byte instead of eight shift-and-test steps), lines are cut out of whole chunks with find(),
# the printable check is min()/max() and frames are decoded by binascii.unhexlify, all of
# which run in C on MicroPython.

from binascii import unhexlify

PROTOCOL_VERSION = 2
FIRMWARE_VERSION = "0.2.0"
MAX_LINE_BYTES = 1024
SEQ_MODULO = 65536


def _crc_table():
    table = []
    for i in range(256):
        crc = i << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
        table.append(crc)
    return table


_CRC_TABLE = _crc_table()


def crc16(data, crc=0xFFFF):
    table = _CRC_TABLE
    for byte in data:
        crc = ((crc << 8) & 0xFF00) ^ table[(crc >> 8) ^ byte]
    return crc


def encode(seq, words):
    """bytes of one line: seq, the words (type first), '*', CRC, newline."""
    body = ("%d %s" % (seq % SEQ_MODULO, " ".join(words))).encode()
    return body + ("*%04X\n" % crc16(body)).encode()


class BadLine(Exception):
    # args: (code, seq or None); code is the E line's code
    pass


def decode(line):
    """(seq, TYPE, [fields]) of one line without its newline; raises BadLine(code, seq)."""
    if line[-1:] == b"\r":
        line = line[:-1]
    if line and (min(line) < 0x20 or max(line) > 0x7E):
        raise BadLine("not-ascii", None)
    star = line.rfind(b"*")
    if star < 0 or len(line) - star - 1 != 4:
        raise BadLine("syntax", None)
    body = line[:star]
    try:
        crc = int(line[star + 1:].decode(), 16)
    except ValueError:
        raise BadLine("syntax", None)
    if crc != crc16(body):
        raise BadLine("crc", None)
    words = body.decode().split(" ")
    if len(words) < 2 or "" in words or b"*" in body:
        raise BadLine("syntax", None)
    seq_text = words[0]
    if not seq_text.isdigit() or len(seq_text) > 5 or int(seq_text) >= SEQ_MODULO:
        raise BadLine("seq", None)
    type_ = words[1]
    if not (type_.isalpha() and type_.upper() == type_ and len(type_) <= 8):
        raise BadLine("syntax", int(seq_text))
    return int(seq_text), type_, words[2:]


class LineReader:
    """Bytes in, complete lines out (without newline); overlong lines are dropped
    and reported as b"" once, so the caller can count and answer them."""

    def __init__(self, max_line=MAX_LINE_BYTES):
        self.max_line = max_line
        self.buf = bytearray()
        self.skipping = False

    def feed(self, data):
        out = []
        start = 0
        n = len(data)
        while start < n:
            nl = data.find(b"\n", start)
            end = n if nl < 0 else nl
            if not self.skipping and end > start:
                if len(self.buf) + (end - start) + 1 > self.max_line:
                    self.buf = bytearray()
                    self.skipping = True
                    out.append(b"")
                else:
                    self.buf.extend(data[start:end])
            if nl < 0:
                break
            if self.skipping:
                self.skipping = False
            elif self.buf:
                out.append(bytes(self.buf))
            self.buf = bytearray()
            start = nl + 1
        return out


def number(text, lo, hi, seq):
    """The whole number in a field, lo-hi; raises BadLine("fields", seq)."""
    if not text.isdigit() or len(text) > 5:
        raise BadLine("fields", seq)
    n = int(text)
    if not lo <= n <= hi:
        raise BadLine("fields", seq)
    return n


def frame_pixels(field):
    """Pixels of an F line's field: bytes r,g,b,r,g,b,... (3 per LED); raises BadLine("fields")."""
    if field == "-":
        return b""
    if len(field) % 6:
        raise BadLine("fields", None)
    try:
        return unhexlify(field)
    except ValueError:
        raise BadLine("fields", None)

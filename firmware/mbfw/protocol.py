# The line protocol, board side (docs/protocol.md). MicroPython-compatible:
# no dataclasses, no typing. Kept independent of the Pi's implementation on
# purpose; firmware/vectors.json is what keeps the two in agreement.
#
# Line: "<seq> <TYPE> [<field> ...]*<CRC>\n", CRC-16/CCITT-FALSE (poly 0x1021,
# init 0xFFFF, no reflection, xorout 0) over the bytes before '*', 4 upper-case
# hex digits. At most MAX_LINE_BYTES bytes including the newline.

PROTOCOL_VERSION = 1
FIRMWARE_VERSION = "0.1.0"
MAX_LINE_BYTES = 1024
SEQ_MODULO = 65536


def crc16(data, crc=0xFFFF):
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            if crc & 0x8000:
                crc = ((crc << 1) ^ 0x1021) & 0xFFFF
            else:
                crc = (crc << 1) & 0xFFFF
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
    for b in line:
        if b < 0x20 or b > 0x7E:
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
        for b in data:
            if b == 10:
                if self.skipping:
                    self.skipping = False
                elif self.buf:
                    out.append(bytes(self.buf))
                self.buf = bytearray()
            elif not self.skipping:
                if len(self.buf) + 2 > self.max_line:
                    self.buf = bytearray()
                    self.skipping = True
                    out.append(b"")
                else:
                    self.buf.append(b)
        return out


def frame_pixels(field):
    """Pixels of an F line's field: list of (r, g, b); raises BadLine("fields")."""
    if field == "-":
        return []
    if len(field) % 6:
        raise BadLine("fields", None)
    try:
        return [(int(field[i:i + 2], 16), int(field[i + 2:i + 4], 16), int(field[i + 4:i + 6], 16))
                for i in range(0, len(field), 6)]
    except ValueError:
        raise BadLine("fields", None)

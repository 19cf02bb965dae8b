"""The pure parser: chunking, resync after garbage, overlong lines, sequence gaps;
property-based fuzzing (hypothesis): no exception escapes, every bad line is counted."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mazeboard.hal.serial.parser import LineParser, Received, Rejected
from mazeboard.hal.serial.window import ReceiveWindow
from mazeboard.hal.serial.protocol import MAX_LINE_BYTES, Button, Hall, Heartbeat, Reed, encode

GOOD = [Reed("a2", True), Reed("a1", False), Hall("tray-sw", True), Button("roll"), Heartbeat(42)]


def good_lines(n: int, start: int = 0) -> list[bytes]:
    return [encode(GOOD[i % len(GOOD)], start + i) for i in range(n)]


def messages(items) -> list:
    return [i.message for i in items if isinstance(i, Received)]


def test_byte_at_a_time_gives_the_same_messages():
    stream = b"".join(good_lines(10))
    p = LineParser()
    out = []
    for i in range(len(stream)):
        out += p.feed(stream[i:i + 1])
    assert [m for m in messages(out)] == [GOOD[i % len(GOOD)] for i in range(10)]
    assert p.bad_lines == 0 and p.good == 10


def test_garbage_then_resync_at_the_next_newline():
    lines = good_lines(3)
    p = LineParser()
    out = p.feed(b"\x00\xff garbage" + b"\n" + lines[0] + b"junk*12\n" + lines[1] + lines[2])
    assert messages(out) == GOOD[:3]
    assert p.bad == {"not-ascii": 1, "syntax": 1}


def test_a_cut_line_merges_with_the_next_and_both_are_one_bad_line():
    lines = good_lines(3)
    p = LineParser()
    out = p.feed(lines[0][:5] + lines[1] + lines[2])
    assert messages(out) == [GOOD[2]]
    assert p.bad_lines == 1


def test_overlong_line_is_counted_once_and_skipped_across_chunks():
    p = LineParser()
    out = []
    for _ in range(5):
        out += p.feed(b"A" * 400)  # 2000 bytes, no newline yet
    out += p.feed(b"tail\n" + good_lines(1)[0])
    assert [i.reason for i in out if isinstance(i, Rejected)] == ["too-long"]
    assert messages(out) == [GOOD[0]]


def test_line_of_exactly_the_maximum_is_accepted():
    # a Frame-like board line padded with a long button name up to MAX_LINE_BYTES
    base = encode(Button("x"), 1)
    name = "x" * (MAX_LINE_BYTES - len(base) + 1)
    line = encode(Button(name), 1)
    assert len(line) == MAX_LINE_BYTES
    p = LineParser()
    assert messages(p.feed(line)) == [Button(name)]
    longer = line[:-1].replace(b"B x", b"B xx", 1) + b"\n"  # one byte over (checksum aside)
    assert [i.reason for i in p.feed(longer) if isinstance(i, Rejected)] == ["too-long"]


def test_empty_lines_are_not_errors():
    p = LineParser()
    p.feed(b"\n\r\n\n")
    assert p.bad_lines == 0


# -- fuzzing ---------------------------------------------------------------------------
def _corrupt(line: bytes, at: int) -> bytes:
    body = bytearray(line[:-1])
    i = at % (len(body) - 5)  # inside seq/type/fields, before "*CRC"
    body[i] = ord("#") if body[i] != ord("#") else ord("%")
    return bytes(body) + b"\n"


bad_segment = st.one_of(
    # random bytes with at least one non-ASCII byte: can never be a valid line
    st.tuples(st.binary(max_size=60), st.integers(0x80, 0xFF), st.binary(max_size=60)).map(
        lambda t: (t[0] + bytes([t[1]]) + t[2]).replace(b"\n", b"") + b"\n"),
    # a good line with one byte changed: CRC-16 detects every single-byte error
    st.tuples(st.sampled_from(GOOD), st.integers(0, 500)).map(lambda t: _corrupt(encode(t[0], 7), t[1])),
    # a good line cut short before its checksum is complete
    st.tuples(st.sampled_from(GOOD), st.integers(1, 4)).map(lambda t: encode(t[0], 7)[:-1 - t[1]] + b"\n"),
    # huge lines
    st.integers(MAX_LINE_BYTES, 4 * MAX_LINE_BYTES).map(lambda n: b"9" * n + b"\n"),
)


@settings(max_examples=300, deadline=None)
@given(
    plan=st.lists(st.one_of(st.just(None), bad_segment), max_size=40),
    cuts=st.lists(st.integers(1, 300), max_size=40),
)
def test_fuzz_every_bad_line_counted_every_good_line_kept(plan, cuts):
    stream = b""
    want = []
    seq = 0
    bad = 0
    for seg in plan:
        if seg is None:
            msg = GOOD[seq % len(GOOD)]
            stream += encode(msg, seq)
            want.append(msg)
            seq += 1
        else:
            stream += seg
            bad += 1
    p = LineParser()
    out = []
    pos = 0
    for n in cuts:
        out += p.feed(stream[pos:pos + n])
        pos += n
    out += p.feed(stream[pos:])
    assert messages(out) == want
    assert p.bad_lines == bad == sum(isinstance(i, Rejected) for i in out)
    window: ReceiveWindow[int] = ReceiveWindow()
    for i in out:
        if isinstance(i, Received):
            got = window.accept(i.seq, i.seq, 0)
            assert [seq for seq, _ in got.deliver] == [i.seq] and got.opened is None


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=3000), st.lists(st.integers(1, 500), max_size=20))
def test_fuzz_random_bytes_never_raise(data, cuts):
    p = LineParser()
    pos = 0
    for n in cuts + [len(data)]:
        for item in p.feed(data[pos:pos + n]):
            assert isinstance(item, (Received, Rejected))
        pos += n
    assert p.good + p.bad_lines <= data.count(b"\n") + 1

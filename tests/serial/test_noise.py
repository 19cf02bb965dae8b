"""The emulator's noisy cable (sim/noise.py): seeded, the rate it is given, damage a receiver sees."""

from __future__ import annotations

import pytest

from mazeboard.hal.serial.parser import LineParser, Received, Rejected
from mazeboard.hal.serial.protocol import Heartbeat, Reed, encode
from mazeboard.sim.noise import ALL, VISIBLE, LineNoise

LINES = [encode(Reed("c3", i % 2 == 0) if i % 3 else Heartbeat(1000 * i), i) for i in range(4000)]


def test_the_same_seed_damages_the_same_lines_at_about_the_rate():
    a, b = LineNoise(0.05, 7), LineNoise(0.05, 7)
    out_a = [a.line(ln) for ln in LINES]
    assert out_a == [b.line(ln) for ln in LINES]
    assert out_a != [LineNoise(0.05, 8).line(ln) for ln in LINES]
    assert a.lines == len(LINES) and 150 <= sum(a.damaged.values()) <= 250  # 5 % of 4000 = 200
    assert set(a.damaged) == set(ALL)
    assert [LineNoise(0.0, 1).line(ln) for ln in LINES] == LINES


def test_visible_damage_always_reaches_the_receiver_as_a_bad_line():
    noise = LineNoise(1.0, 3, VISIBLE)
    harmless = 0
    for line in LINES:
        damaged = noise.line(line)
        items = LineParser().feed(damaged)
        if items and all(isinstance(i, Rejected) for i in items):
            continue
        # the one exception: a flipped bit that lower-cases a checksum digit (0x20 is the case bit);
        # both parsers read the checksum as a hex number, so the line is the same line
        assert damaged.lower() == line.lower() and items == LineParser().feed(line), (line, damaged)
        harmless += 1
    assert harmless < len(LINES) // 100


def test_silent_damage_leaves_no_bad_line_of_its_own():
    lose, join = LineNoise(1.0, 3, ("lose",)), LineNoise(1.0, 3, ("join",))
    assert lose.line(LINES[0]) == b""
    parser = LineParser()
    assert parser.feed(join.line(LINES[0])) == []  # waits for a newline that is not coming
    merged = parser.feed(LINES[1])
    assert len(merged) == 1 and isinstance(merged[0], Rejected)  # and takes the next line down with it


def test_a_stream_is_damaged_line_by_line_however_it_is_chunked():
    data = b"".join(LINES[:300])
    whole = LineNoise(0.1, 5).stream(data)
    chunked, noise = b"", LineNoise(0.1, 5)
    for i in range(0, len(data), 37):
        chunked += noise.stream(data[i:i + 37])
    assert chunked == whole
    good = [i.seq for i in LineParser().feed(whole) if isinstance(i, Received)]
    assert 240 <= len(good) < 300


def test_bad_settings_are_refused():
    with pytest.raises(ValueError, match="rate"):
        LineNoise(1.5)
    with pytest.raises(ValueError, match="kinds"):
        LineNoise(0.1, kinds=("gremlins",))

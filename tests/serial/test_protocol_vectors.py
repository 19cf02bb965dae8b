"""Both implementations of the protocol (Pi: hal.serial.protocol, RP2040: firmware/mbfw)
against the golden vectors in firmware/vectors.json, and against binascii's CRC."""

from __future__ import annotations

import binascii

import pytest

import mbfw.protocol as fw
from mazeboard.hal.errors import ProtocolError
from mazeboard.hal.serial import protocol as host
from mazeboard.hal.serial.protocol import BOARD_MESSAGES, HOST_MESSAGES, decode, encode, reason_of

TABLES = {"board": BOARD_MESSAGES, "host": HOST_MESSAGES}


def test_crc_parameters_match_the_catalogue(vectors):
    for case in vectors["crc"]["check"]:
        want = int(case["crc"], 16)
        data = case["input"].encode()
        assert host.crc16(data) == want
        assert fw.crc16(data) == want
        assert binascii.crc_hqx(data, 0xFFFF) == want  # an independent CRC-16/CCITT-FALSE


def test_versions_and_limits_agree(vectors):
    from mbfw import link, ring

    from mazeboard.sim import emulator

    assert host.PROTOCOL_VERSION == fw.PROTOCOL_VERSION == vectors["protocol"] == 2
    assert host.MAX_LINE_BYTES == fw.MAX_LINE_BYTES == vectors["max_line_bytes"]
    assert host.FIRMWARE_VERSION == fw.FIRMWARE_VERSION
    assert host.RING_LINES == ring.LINES == vectors["ring_lines"]
    assert host.RING_BYTES == ring.BYTES == vectors["ring_bytes"]
    assert (emulator.RESEND_BURST, emulator.TAIL_MS) == (link.RESEND_BURST, link.TAIL_MS)
    assert {c.__name__ for c in emulator.TAILED} == {host.BOARD_MESSAGES[t].__name__ for t in link.TAILED}


def test_good_lines_checksum_independently(vectors):
    for case in vectors["good"]:
        body, _, crc = case["line"].rpartition("*")
        assert int(crc, 16) == binascii.crc_hqx(body.encode(), 0xFFFF), case["note"]


def test_host_decodes_and_reencodes_every_good_line(vectors):
    for case in vectors["good"]:
        line = case["line"].encode()
        seq, msg = decode(line, TABLES[case["dir"]])
        assert seq == case["seq"]
        assert msg.TYPE == case["type"]
        assert msg.words()[1:] == case["fields"] or sorted(msg.words()[1:]) == sorted(case["fields"])
        assert encode(msg, seq) == line + b"\n"


def test_firmware_decodes_and_encodes_every_good_line(vectors):
    for case in vectors["good"]:
        line = case["line"].encode()
        assert fw.decode(line) == (case["seq"], case["type"], case["fields"])
        assert fw.encode(case["seq"], [case["type"], *case["fields"]]) == line + b"\n"


@pytest.mark.parametrize("side", ["host", "firmware"])
def test_bad_lines_are_rejected_with_their_reason(vectors, side):
    for case in vectors["bad"]:
        line = case["line"].encode("utf-8")
        if side == "host":
            with pytest.raises(ProtocolError) as err:
                decode(line, BOARD_MESSAGES)
            assert reason_of(err.value) == case["reason"], case["note"]
        else:
            with pytest.raises(fw.BadLine) as err:
                fw.decode(line)
            assert err.value.args[0] == case["reason"], case["note"]


def test_field_errors_of_the_resend_lines_are_refused(vectors):
    for case in vectors["bad_fields"]:
        with pytest.raises(ProtocolError) as err:
            decode(case["line"].encode(), TABLES[case["dir"]])
        assert reason_of(err.value) == "fields", case["note"]


def test_e_gone_names_the_oldest_line_kept(vectors):
    (case,) = [c for c in vectors["good"] if c["fields"][:1] == ["gone"]]
    _, msg = decode(case["line"].encode(), BOARD_MESSAGES)
    assert (msg.seq, msg.oldest) == (7, 120)
    assert decode(b"9 E crc -*AD86", BOARD_MESSAGES)[1].oldest is None


def test_crlf_is_tolerated_by_both(vectors):
    line = vectors["good"][2]["line"].encode() + b"\r"
    assert decode(line, BOARD_MESSAGES)[0] == 2
    assert fw.decode(line)[0] == 2


def test_frame_pixels_round_trip_through_the_firmware():
    pixels = ((255, 0, 0), (0, 0, 0), (16, 32, 48))
    field = host.Frame(pixels).words()[1]
    assert fw.frame_pixels(field) == bytes(v for rgb in pixels for v in rgb)
    with pytest.raises(fw.BadLine):
        fw.frame_pixels("12345")
    with pytest.raises(fw.BadLine):
        fw.frame_pixels("GG0000")


def test_fields_that_would_break_framing_are_refused():
    with pytest.raises(ProtocolError):
        host.frame_line(1, ["R", "a 1", "1"])
    with pytest.raises(ProtocolError):
        host.frame_line(1, ["R", "a*1", "1"])
    with pytest.raises(ProtocolError):
        host.frame_line(1, ["F", "0" * 2000])


def test_message_field_errors_are_protocol_errors():
    for line in (b"1 R a1 2", b"1 HB x", b"1 S r=a1", b"1 HELLO fw=1", b"1 A 99999", b"1 ZZ"):
        body = line
        framed = body + b"*%04X" % host.crc16(body)
        with pytest.raises(ProtocolError):
            decode(framed, BOARD_MESSAGES)

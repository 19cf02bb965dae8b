"""The host's receiving window (hal/serial/window.py): the board's lines each once, in its order,
whatever the line did to them: gaps held until filled, duplicates dropped, lines given up."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazeboard.hal.serial.protocol import RING_LINES
from mazeboard.hal.serial.window import ReceiveWindow, Run


def seqs(got) -> list[int]:
    return [s for s, _ in got.deliver]


def started(at: int = 0) -> ReceiveWindow[int]:
    w: ReceiveWindow[int] = ReceiveWindow()
    w.restart(at - 1)  # the HELLO was at-1: `at` comes next
    return w


def test_lines_in_order_go_straight_through():
    w = started(1)
    for s in range(1, 6):
        got = w.accept(s, s, 0)
        assert seqs(got) == [s] and got.opened is None
    assert not w.waiting and w.expected == 6


def test_a_gap_holds_the_lines_after_it_until_it_is_filled():
    w = started(1)
    w.accept(1, 1, 0)
    got = w.accept(4, 4, 100)  # 2 and 3 lost on the way
    assert seqs(got) == [] and got.opened == Run(2, 2) and w.waiting
    assert seqs(w.accept(5, 5, 120)) == [] and w.runs() == [Run(2, 2)]
    assert seqs(w.accept(3, 3, 130)) == []  # the resend's second line first: still waiting for 2
    assert w.runs() == [Run(2, 1)] and w.missing_since() == 100
    assert seqs(w.accept(2, 2, 140)) == [2, 3, 4, 5]
    assert not w.waiting and (w.gaps, w.recovered, w.lost) == (1, 2, 0)


def test_duplicates_are_dropped_whether_delivered_or_held():
    w = started(1)
    for s in (1, 2, 2, 1, 4, 4, 3, 3, 4):
        w.accept(s, s, 0)
    assert w.repeats == 5 and w.expected == 5


def test_two_runs_are_asked_for_separately_and_oldest_first():
    w = started(10)
    w.accept(10, 10, 0)
    assert w.accept(13, 13, 5).opened == Run(11, 2)
    assert w.accept(16, 16, 9).opened == Run(14, 2)
    assert w.runs() == [Run(11, 2), Run(14, 2)] and w.next_unseen == 17


def test_giving_up_the_first_run_delivers_what_was_held_up_to_the_next_run():
    w = started(10)
    w.accept(10, 10, 0)
    w.accept(13, 13, 5)
    w.accept(16, 16, 9)
    got = w.give_up_first()
    assert seqs(got) == [13] and got.lost == 2 and w.runs() == [Run(14, 2)] and w.missing_since() == 9
    assert seqs(w.accept(15, 15, 20)) == [] and seqs(w.accept(14, 14, 21)) == [14, 15, 16]
    assert w.lost == 2


def test_lines_the_board_no_longer_keeps_are_given_up_up_to_the_oldest_it_has():
    w = started(100)
    w.accept(100, 100, 0)
    w.accept(110, 110, 0)  # 101..109 missing; the board answers: I keep 105 and later
    got = w.give_up_before(105)
    assert got.lost == 4 and seqs(got) == [] and w.runs() == [Run(105, 5)]
    assert seqs(w.give_up_before(105)) == [] and w.lost == 4  # said twice: nothing more


def test_numbers_wrap_from_65535_to_0():
    w = started(65534)
    w.accept(65534, "a", 0)
    assert w.accept(1, "d", 0).opened == Run(65535, 2)
    assert seqs(w.accept(0, "c", 0)) == [] and seqs(w.accept(65535, "b", 0)) == [65535, 0, 1]
    assert w.accept(65535, "b", 0).duplicate


def test_a_line_further_ahead_than_the_ring_gives_up_everything_before_it():
    w = started(1)
    w.accept(1, 1, 0)
    w.accept(3, 3, 0)
    got = w.accept(2 + RING_LINES + 5, 99, 0)  # the board's ring cannot have the lines between
    assert seqs(got) == [3, 2 + RING_LINES + 5] and got.lost == RING_LINES + 4
    assert not w.waiting and w.expected == 3 + RING_LINES + 5


def test_held_lines_are_bounded_by_the_ring():
    w = started(0)
    for s in range(1, 40_000, 7):  # line 0 never comes; the rest every 7th number
        w.accept(s % 65536, s, 0)
        assert w.held <= RING_LINES
    with pytest.raises(ValueError):
        ReceiveWindow(limit=40_000)


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 65535), st.integers(1, 120), st.integers(0, 2**32 - 1))
def test_fuzz_any_reordering_and_repetition_delivers_each_line_once_in_order(start, n, seed):
    """Lines sent start..start+n-1 arrive shuffled within a short distance, some several
    times: once all have arrived, each was delivered once, in order."""
    rng = random.Random(seed)
    sent = [(start + i) % 65536 for i in range(n)]
    arrivals = sorted(sent + rng.sample(sent, rng.randint(0, n)), key=lambda s: (s - start) % 65536 + rng.random() * 20)
    w = started(start)
    out: list[int] = []
    for t, s in enumerate(arrivals):
        out += seqs(w.accept(s, s, t))
    assert out == sent and not w.waiting and w.lost == 0

"""Which token may stand where (controller/struggle/whereabouts.py): what reeds, which cannot tell
tokens apart, can vouch for -- and when the referee must ask instead of guessing."""

from __future__ import annotations

from mazeboard.controller.struggle.whereabouts import AIR, Whereabouts

TOKENS = ("K", "Q", "J", "10", "9")


class Board:
    """Reeds (closed sensors) and the whereabouts they feed, as the referee drives them."""

    def __init__(self, at: dict[str, str]) -> None:
        self.where = Whereabouts(at)
        self.closed = set(at.values())
        self.home = dict(at)

    def play(self, **moves: str) -> None:
        """The play sends tokens elsewhere (``Nine="s1"`` for 9)."""
        self.home.update({k.replace("Nine", "9").replace("Ten", "10"): v for k, v in moves.items()})

    def open(self, sensor: str) -> None:
        self.closed.discard(sensor)
        self.where.opened(sensor, self.closed, self.home)

    def close(self, sensor: str) -> None:
        self.closed.add(sensor)
        self.where.closed(sensor, self.closed, self.home)

    def fits(self) -> bool:
        return self.closed == set(self.home.values())


def start() -> Board:
    return Board({t: "s0" for t in TOKENS})


def test_tokens_moved_as_asked_from_a_shared_space_are_trusted() -> None:
    b = start()
    b.play(K="s2", Q="s2", Nine="s1")
    b.close("s2")  # K or Q arrived (both asked there): either
    assert b.where.may["K"] == {"s0", "s2"} and b.where.known("9") == "s0"
    b.close("s1")  # 9, the one asked there, not in doubt
    assert b.where.known("9") == "s1"
    assert b.fits() and b.where.sure(b.home)


def test_a_token_knocked_off_its_own_space_is_named_where_it_lands() -> None:
    b = Board({"K": "s2", "Q": "s2", "J": "s0", "10": "s0", "9": "s1"})
    b.open("s1")
    assert b.where.lifted("9")
    b.close("s6")  # the hand set down what it lifted: 9
    assert b.where.known("9") == "s6" and b.where.here("s6") == ("9",)
    b.open("s6")
    b.close("s1")
    assert b.fits() and b.where.sure(b.home)


def test_a_token_knocked_off_a_shared_space_is_anyone_that_stood_there() -> None:
    """Finding 12: after K and Q reached s2, J is knocked off the start onto s4."""
    b = start()
    b.play(K="s2", Q="s2", Nine="s1")
    b.close("s2")
    b.close("s4")
    assert set(b.where.here("s4")) == set(TOKENS)  # the reeds cannot say which
    assert b.where.known("9") is None  # 9 is not named on s4, nor on s0
    b.open("s4")  # the token on s4 (J) taken ...
    b.close("s1")  # ... to where 9 belongs: exactly what 9 going there would look like
    assert b.fits() and not b.where.sure(b.home)
    assert set(b.where.to_check(b.home)) == set(TOKENS)


def test_the_right_moves_after_a_knock_still_need_a_check_then_are_settled() -> None:
    b = start()
    b.play(K="s2", Q="s2", Nine="s1")
    b.close("s2")
    b.close("s4")
    b.close("s1")  # 9 taken from the start to s1: but 9 may have been the token on s4
    b.open("s4")  # J back ... somewhere closed
    assert b.fits() and not b.where.sure(b.home)
    b.where.settle(b.home)  # the players checked (Stop)
    assert b.where.sure(b.home) and b.where.known("J") == "s0"


def test_a_chain_of_moves_onto_spaces_being_left_is_trusted() -> None:
    """K 3->4, Q 2->3, J 1->2: Q is set down on K's space before K leaves it (unseen)."""
    b = Board({"K": "s3", "Q": "s2", "J": "s1", "10": "s9", "9": "s0"})
    b.play(K="s4", Q="s3", J="s2")
    b.open("s2")  # Q lifted ...
    assert b.where.may["Q"] == {AIR}  # ... and set down on s3, where K still stands: no reed changes
    b.open("s1")
    b.close("s2")  # J
    b.close("s4")  # K, off s3 where Q may stand now
    assert b.where.known("J") == "s2" and b.where.known("K") == "s4"
    assert b.fits() and b.where.sure(b.home)


def test_tokens_lifted_together_and_set_back_where_they_stood_leave_no_doubt() -> None:
    """A glitch, or a hand lifting the start's stack and setting it down again."""
    b = Board({"K": "s2", "Q": "s3", "J": "s0", "10": "s0", "9": "s1"})
    b.open("s0")
    assert b.where.may["J"] == {AIR} and b.where.may["10"] == {AIR}
    b.close("s0")
    assert b.fits() and b.where.sure(b.home)


def test_between_rounds_a_token_knocked_off_the_start_and_put_back_leaves_no_doubt() -> None:
    """All five belong on the start: whichever token was knocked, back on the start it is right."""
    b = Board({"K": "place-A", "Q": "place-B", "J": "s3", "10": "s5", "9": "s0"})
    b.home = {t: "s0" for t in TOKENS}
    for sensor in ("place-A", "place-B", "s3", "s5"):
        b.open(sensor)
        b.close("s0")
    assert b.fits() and b.where.sure(b.home)
    b.close("s4")  # a token knocked off the start: any of the five
    assert set(b.where.here("s4")) == set(TOKENS) and not b.fits()
    b.open("s4")  # back onto the start (its reed stays closed)
    assert b.fits() and b.where.sure(b.home) and b.where.doubtful(b.home) == ()


def test_after_a_restart_no_token_is_known_anywhere() -> None:
    b = Board({"K": "s2", "Q": "s2", "J": "s0", "10": "s0", "9": "s1"})
    b.where.forget({"s0"}, b.home)  # the board came back with all five on the start
    assert [b.where.known(t) for t in TOKENS] == [None] * 5
    assert set(b.where.here("s0")) == set(TOKENS) and not any(b.where.lifted(t) for t in TOKENS)


def test_a_token_set_down_where_another_is_asked_is_the_one_in_the_hand() -> None:
    """Struggle newcomer 107: the play Q 14 -> C, 10 16 -> D, J 8 -> E; 10 lifted off 16 and set down on C. The board
    took the token on C for Q (asked there, "could have left" 14 had 10 been set down on it unseen and Q lifted), so Q,
    never touched, was then said to stand on 14 "where it does not belong". A hand sets down what it lifted: 10 on C,
    one move, not three; a token in a hand is taken to have made way for the one asked only where it belongs itself
    (a chain of moves, test_a_chain_of_moves_onto_spaces_being_left_is_trusted)."""
    b = Board({"Q": "s14", "10": "s16", "J": "s8", "K": "B", "9": "A"})
    b.play(Q="C", Ten="D", J="E")
    b.open("s16")
    b.close("C")
    assert b.where.known("10") == "C" and b.where.known("Q") == "s14", b.where.may
    b.open("C")
    b.close("D")  # 10 put right
    assert b.where.known("10") == "D" and b.where.known("Q") == "s14" and b.where.sure(b.home)


def test_a_chain_moved_rear_first_is_trusted() -> None:
    """(an attack on the rule above) K 3 -> 4, Q 2 -> 3, J 1 -> 2, 9 4 -> 6, one hand, rear first: each token set
    down on the space ahead while it is still taken. The reeds see space 1 open and space 6 close, nothing else:
    every move as asked, 9 the token on 6."""
    b = Board({"K": "s3", "Q": "s2", "J": "s1", "9": "s4", "10": "s9"})
    b.play(K="s4", Q="s3", J="s2", Nine="s6")
    b.open("s1")  # J lifted, set on 2 (Q there), Q lifted, set on 3, K on 4, 9 lifted from 4: no reed changes
    b.close("s6")
    assert b.where.known("9") == "s6", b.where.may
    assert b.fits() and b.where.known("10") == "s9"


def test_a_token_parked_while_its_space_is_taken_lets_the_asked_one_come() -> None:
    """(an attack on the rule above) K 2 -> 3, Q 3 -> 2, J 1 -> 4: K lifted while Q still holds its space 3 and parked
    on J's space 1; Q to 2; J lifted from under K's company to 4; K to 3."""
    b = Board({"K": "s2", "Q": "s3", "J": "s1", "9": "s6", "10": "s9"})
    b.play(K="s3", Q="s2", J="s4")
    b.open("s2")  # K lifted (its space 3 taken by Q) and parked on 1, unseen
    b.open("s3")
    b.close("s2")  # Q
    b.close("s4")  # J, off 1, where K stands now
    assert b.where.known("Q") == "s2" and b.where.known("J") == "s4", b.where.may
    b.open("s1")  # K lifted off 1 ...
    b.close("s3")  # ... to 3
    assert b.fits() and b.where.known("K") == "s3" and b.where.sure(b.home)

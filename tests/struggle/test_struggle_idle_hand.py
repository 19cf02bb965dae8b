"""Issue 15, Struggle newcomer 73 (1920x1080): twice a kept hand moved nothing (K and 10 arrived already, the other
dice landing J and 10 on black space 7); after the throw the prompt said only "Stop to keep the hand", and "Red's play
moves no token" came after Stop, while a throw was still left. From the throw on, a hand that moves no token in any
way of playing it is said so, with the throw left to change it."""

from __future__ import annotations

from typing import Any

from test_struggle_round23b import _thrown

from mazeboard.controller.struggle import rules
from mazeboard.controller.struggle.rules import Race, Rules

DEFAULT = Rules.default()


def test_a_hand_that_moves_no_token_in_any_way_is_told_apart() -> None:
    race = Race(spaces=(None, None, 5, 6, None), arrived=("9", "K", "Q"))  # J on red 5, 10 on 6: black 7 ahead
    assert rules.hand_moves_nothing(DEFAULT, race, ("J", "10", "9", "J", "K"))  # J 5 -> 7, 10 6 -> 7: black
    assert rules.hand_moves_nothing(DEFAULT, race, ("A", "A", "A", "A", "A"))  # five aces: void
    assert not rules.hand_moves_nothing(DEFAULT, race, ("J", "A", "9", "K", "K"))  # J 5 -> 6 (the ace a J)
    assert not rules.hand_moves_nothing(DEFAULT, Race(spaces=(0, 0, 0, 0, 0)), ("K", "A", "A", "A", "A"))


def test_the_prompt_after_a_throw_says_the_hand_moves_no_token() -> None:
    ref, _ = _thrown("A A A A A")
    said = ref.instruction()
    assert said.action == "throw" and "moves no token" in said.text(), said.text()
    assert "throw" in said.buttons  # ...with the throws left to change it
    # (no reason given that may be false: an attack read "its dice land on black or taken spaces" of five aces)
    assert "black" not in said.text() and "arrived" not in said.text(), said.text()
    ref2, _ = _thrown("K Q 9 A J")
    assert "moves no token" not in ref2.instruction().text()


def test_a_kept_hand_that_moves_nothing_says_the_three_stops_it_takes(monkeypatch: Any) -> None:
    """Struggle newcomer 77 (1920x1080): "Q, ace, ace, ace, ace is the hand, and it moves no token: press Stop to keep
    it (the turn ends)" -- and it took three presses of Stop (screenshots d25-d27: keep it, play its one way, "Red's
    play moves no token: press Stop to end the turn"). A void hand (five aces) ends the turn at Stop, said so; any
    other is said as the Stops it takes. (The hand's moving nothing stubbed: a race of tokens arrived and on red
    spaces needs the reeds to match it.)"""
    from mazeboard.hal.events import ButtonPressed

    def kept(dice: str) -> Any:
        ref, _ = _thrown(dice)
        t = 100
        while ref.instruction().facts.get("left", 0) > 0:
            ref.on_sensor(ButtonPressed(t, "throw"))
            t += 10
        return ref.instruction()

    monkeypatch.setattr(rules, "hand_moves_nothing", lambda *a: True)
    said = kept("Q A A A A")
    assert said.message == "str.keep_idle_play", said.text()
    assert "Stop again to play it" in said.text() and "(the turn ends)" not in said.text(), said.text()
    monkeypatch.setattr(rules, "is_void", lambda hand: True)  # (five aces: the turn ends at Stop)
    said = kept("Q A A A A")
    assert said.message == "str.keep_idle" and "(the turn ends)" in said.text(), said.text()

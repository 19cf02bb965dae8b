"""Fuzzing the Struggle referee with raw sensor streams (no simulator).

Hypothesis draws sequences of reed changes on the track's spaces and the
arrival places (either level, repeats and impossible ones included), button
presses (``throw``, ``stop``, ``die1``..``die5``, other games' and garbage
names), a Hall-effect change (Struggle has no tray) and plausible token
placements (the reeds set to what the referee expects), with random gaps
during which the referee's timers run. Both the dealt and the physical
objective cards are fuzzed (with physical cards the die buttons enter a card).

After every event: no exception, the state is one of ``STATES``, scores (the
totals) never fall, every emitted event is well-formed per docs/event-log.md.

After the garbage (the game is not lost): a helper does only what the
board's ``instruction`` events ask (:func:`fuzzkit.follow_instruction`: the
tokens its requests name put where they say, ``stop`` or ``throw`` when
listed, a card entered when it asks for one), never reading the referee;
within a bounded number of such acts it accepts a ``throw`` (``hand``) or
the game is over, and every instruction on the way can be acted on and is
shown by the LEDs.
"""

from __future__ import annotations

from typing import Any, Mapping

from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzkit import FUZZ, GAPS, Rig, follow_instruction
from mazeboard.controller.struggle.cards import BUTTON_FOR
from mazeboard.controller.struggle.referee import STATES, StruggleReferee
from mazeboard.hal.board import BoardState, GameSetup
from mazeboard.hal.struggle import DIE_BUTTONS, load_track

TRACK = load_track()
SENSORS = TRACK.sensors()
BUTTONS = ("throw", "throw", "stop", "stop", *DIE_BUTTONS, "roll", "done", "rotate", "", "die6", "STOP")
OPS = st.one_of(
    st.tuples(st.just("reed"), st.sampled_from(SENSORS), st.booleans(), GAPS),
    st.tuples(st.just("button"), st.sampled_from(BUTTONS), st.just(True), GAPS),
    st.tuples(st.just("button"), st.sampled_from(BUTTONS), st.just(True), GAPS),
    st.tuples(st.just("button"), st.sampled_from(BUTTONS), st.just(True), GAPS),
    st.tuples(st.just("tokens"), st.just(""), st.booleans(), GAPS),
    st.tuples(st.just("turns"), st.just(""), st.integers(1, 15), GAPS),
    st.tuples(st.just("hall"), st.just("tray-sw"), st.booleans(), GAPS),
)
SETUPS = st.fixed_dictionaries({
    "players": st.sampled_from([("red", "blue"), ("red", "blue", "green"), ("red", "blue", "green", "yellow")]),
    "seed": st.integers(0, 10_000),
    "options": st.sampled_from([{}, {"rounds": 2}, {"cards": "physical"}, {"cards": "physical", "rounds": 2},
                                {"throws": 1, "settle_ms": 300}]),
})
#: a card to enter with physical cards, one per player (each card exists once)
CARDS = (("K", "Q", "J", "10", "9"), ("9", "10", "J", "Q", "K"), ("Q", "K", "A", "9", "10"), ("J", "9", "K", "A", "Q"))


def struggle_rig(setup: dict[str, Any]) -> Rig:
    gs = GameSetup("struggle", setup["players"], setup["seed"], options=setup["options"])

    def make(clock: Any, emit: Any, show: Any) -> StruggleReferee:
        return StruggleReferee(gs, clock, TRACK.layout(), emit, show, lambda: BoardState(frozenset({"s0"}), frozenset()))

    rig = Rig("struggle", make, STATES)
    rig.start({"s0": True})
    return rig


def set_reeds(rig: Rig, cells: set[str]) -> None:
    for c in sorted(rig.closed() - cells):
        rig.reed(c, False)
        rig.wait(10)
    for c in sorted(cells - rig.closed()):
        rig.reed(c, True)
        rig.wait(10)


def play_garbage(rig: Rig, ops: list[tuple[Any, ...]]) -> None:
    ref: StruggleReferee = rig.ref
    for kind, a, b, gap in ops:
        if kind == "reed":
            rig.reed(a, b)
        elif kind == "hall":
            rig.hall(a, b)
        elif kind == "button":
            rig.press(a)
        elif kind == "turns":  # b plausible turns: throw, accept, play, the tokens moved as shown
            for _ in range(b):
                for button in ("throw", "stop", "stop"):
                    rig.press(button)
                    rig.wait(50)
                set_reeds(rig, set(ref.expected))
                rig.wait(ref.options.settle_ms + 10)
                entry = ref.entry
                if entry is not None:
                    for v in CARDS[ref.players.index(entry.player)]:
                        rig.press(BUTTON_FOR[v])
                    rig.press("stop")
        else:  # the tokens put where the referee expects them (b: and one more, astray)
            set_reeds(rig, set(ref.expected) | ({SENSORS[len(rig.reeds) % len(SENSORS)]} if b else set()))
        rig.wait(gap)


def enter_card(rig: Rig, said: Mapping[str, Any]) -> bool:
    """What a player does when the instruction asks for their physical card: erase what is not
    theirs (Stop, while it is not complete), then enter it and confirm (the dice buttons)."""
    if said["action"] != "enter_card":
        return False
    card = list(CARDS[rig.ref.players.index(said["player"])])
    entered = list(said["messages"][0]["args"]["entered"])
    if entered != card[:len(entered)] and len(entered) < len(card):
        for _ in entered:
            rig.press("stop")
        entered = []
    for v in card[len(entered):]:
        rig.press(BUTTON_FOR[v])
    rig.press("stop")
    return True


@settings(FUZZ, max_examples=200)
@given(setup=SETUPS, ops=st.lists(OPS, min_size=10, max_size=80))
def test_garbage_sensor_streams_never_crash_and_the_game_goes_on(setup: dict[str, Any],
                                                                  ops: list[tuple[Any, ...]]) -> None:
    rig = struggle_rig(setup)
    play_garbage(rig, ops)
    assert rig.all_problems() == []
    outcome = follow_instruction(rig, "hand", ("stop", "throw"), acts=60, answer=enter_card)
    assert rig.all_problems() == [], f"outcome {outcome}"
    assert outcome in ("hand", "game_over")

"""Belief vs board in Struggle (issue 11): a token knocked, moved or lifted when no token
should move is a request (which token, from where, to where, why) that blocks play until the
board matches, in every state; after a restart the board is checked against the saved game
and the players are guided until it matches; ``play --state-dir`` and ``service run`` resume
a killed Struggle game and finish it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from mazeboard.controller.app import Game, build_game
from mazeboard.controller.instruction import LEAVE_RGB
from mazeboard.controller.leds import TARGET_RGB
from mazeboard.controller.persist import fingerprint, open_game
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.events import GameEvent
from mazeboard.sim.struggle.backend import StruggleSession, from_scenario
from mazeboard.sim.struggle.hands import Act
from mazeboard.sim.struggle.scenario import parse_struggle

CRASHY = Path(__file__).resolve().parents[1] / "service" / "crashy_game.py"


def scripted(dice: list[str], actions: list[str], **extra: Any) -> tuple[StruggleSession, Game, list[GameEvent]]:
    data = {"game": "struggle", "players": ["red", "blue"], "dice": dice, "actions": actions, **extra}
    session = from_scenario(parse_struggle(data, "test"), realtime=False)
    events: list[GameEvent] = []
    game = build_game(session, [events.append])
    game.referee.start()
    session.start()
    return session, game, events


def said(events: list[GameEvent]) -> dict[str, Any]:
    return next(e.to_dict() for e in reversed(events) if e.type == "instruction")


def colours(session: StruggleSession, sensor: str) -> set[tuple[int, int, int]]:
    seen = set()
    for _ in range(24):
        seen.add(session.board.led_colour(sensor))
        session.clock.advance(50)
    return seen


def blue_to_throw() -> tuple[StruggleSession, Game, list[GameEvent]]:
    """Red played K 0->2, Q 0->2, 9 0->1 and placed the tokens: blue's turn, nothing thrown."""
    session, game, events = scripted(["K K Q Q 9", "J J J J J"], ["throw", "stop", "play order=K,Q,9", "follow"])
    session.clock.advance(6000)
    assert game.referee.state == "waiting_for_throw" and game.referee.current == "blue"
    return session, game, events


def test_a_token_knocked_before_the_throw_is_asked_back_and_blocks_the_throw() -> None:
    session, game, events = blue_to_throw()
    session.world.move("K", "s7")  # K leaves s2, which Q still closes: the reeds cannot say which
    session.world.move("9", "s6")
    session.clock.advance(1500)
    now = said(events)
    assert now["action"] == "correct" and now["player"] == "blue" and now["buttons"] == {}
    req = [r for r in now["requests"] if r["to"] == ["s1"]]
    assert req and req[0]["piece"] == "9" and req[0]["from"] in ("s6", "s7") and req[0]["blocking"]
    assert req[0]["reason"] == "out_of_turn"
    assert any(r["from"] in ("s6", "s7") and "s2" in r["to"] for r in now["requests"] if r is not req[0])
    assert "9" in now["text"] and "space 1" in now["text"]
    assert any(e.type == "warning" and e["kind"] == "out_of_turn" for e in events)
    assert colours(session, "s1") >= {TARGET_RGB}  # where a token must go blinks
    assert LEAVE_RGB in colours(session, "s6") | colours(session, "s7")  # where one must leave pulses
    mark = len(events)
    session.world.press("throw")
    session.clock.advance(1000)
    assert "hand" not in [e.type for e in events[mark:]], "a throw while the board is wrong must do nothing"
    session.hands.do(Act("follow"))
    session.clock.advance(3000)
    # K left s2, which Q still closed: the token on s7 was K, Q, J or 10 for all the reeds could
    # tell, and it went back unseen (onto s2): the board asks to check before play goes on
    now = said(events)
    assert now["action"] == "confirm" and list(now["buttons"]) == ["stop"]
    assert {(r["piece"], tuple(r["to"]), r["blocking"]) for r in now["requests"]} == {
        ("K", ("s2",), False), ("Q", ("s2",), False), ("J", ("s0",), False), ("10", ("s0",), False)}
    session.world.press("throw")  # not what the board asks: nothing
    session.clock.advance(500)
    assert said(events)["action"] == "confirm"
    session.world.press("stop")
    session.clock.advance(500)
    assert [e["tokens"] for e in events if e.type == "tokens_confirmed"] == [["K", "Q", "J", "10"]]
    now = said(events)
    assert now["action"] == "throw" and now["requests"] == [] and "throw" in now["buttons"]
    session.world.press("throw")
    session.clock.advance(1000)
    assert [e for e in events if e.type == "hand" and e["player"] == "blue"]


def test_a_token_lifted_while_choosing_blocks_the_play_until_it_is_back() -> None:
    session, game, events = blue_to_throw()
    for button in ("throw", "stop"):
        session.world.press(button)
        session.clock.advance(800)
    ref = game.referee
    assert ref.state == "choosing"
    session.world.lift("9")
    session.clock.advance(1000)
    now = said(events)
    assert now["action"] == "correct" and now["buttons"] == {}
    assert [(r["piece"], r["from"], r["to"], r["reason"]) for r in now["requests"]] == [("9", None, ["s1"], "lifted")]
    session.world.press("stop")
    session.clock.advance(1000)
    assert ref.state == "choosing" and not [e for e in events if e.type == "played" and e["player"] == "blue"]
    session.world.place("9", "s1")
    session.clock.advance(1000)
    assert "stop" in said(events)["buttons"]
    session.world.press("stop")
    session.clock.advance(1000)
    assert ref.state == "placing"


def test_stop_is_offered_while_placing_only_when_the_tokens_stand_right() -> None:
    session, game, events = scripted(["K K Q Q 9"], ["throw", "stop", "play order=K,Q,9"])
    session.clock.advance(3000)
    now = said(events)
    assert game.referee.state == "placing" and "stop" not in now["buttons"]
    assert {(r["piece"], r["from"], tuple(r["to"]), r["by"]) for r in now["requests"]} == {
        ("K", "s0", ("s2",), "red"), ("Q", "s0", ("s2",), "red"), ("9", "s0", ("s1",), "red")}
    assert "K: START → space 2" in now["text"]


# -- after a restart ---------------------------------------------------------------------------
def journaled(tmp: Path, seed: int = 3) -> tuple[list[bytes], dict[int, dict]]:
    pgame = open_game(BoardRequest(game="struggle", seed=seed, players=2), tmp, "sim")
    states = {pgame.journal.count: fingerprint(pgame.game)}
    pgame.on_record.append(lambda n: states.__setitem__(n, fingerprint(pgame.game)))
    assert pgame.run() and pgame.referee.winner
    assert pgame.archived is not None
    return pgame.archived.read_bytes().splitlines(keepends=True), states


def test_after_a_restart_the_tokens_are_checked_and_the_game_finishes(tmp_path: Path) -> None:
    lines, states = journaled(tmp_path / "whole")
    # a moment with tokens spread over the track, waiting for a throw
    n = next(k for k in range(40, len(lines) - 1)
             if states[k]["state"] == "waiting_for_throw" and len(set(states[k]["spaces"].values())) >= 3)
    d = tmp_path / "resumed"
    d.mkdir()
    (d / "current.jsonl").write_bytes(b"".join(lines[: n + 1]))
    events: list[GameEvent] = []
    pgame = open_game(BoardRequest(game="struggle", seed=99), d, "sim", attach=lambda g: g.sinks.append(events.append))
    assert pgame.resumed and pgame.restored == states[n]
    kinds = [e.type for e in events]
    assert kinds[:3] == ["game_resumed", "setup_check", "instruction"], kinds
    resumed, check, now = events[:3]
    assert resumed["state"] == "waiting_for_throw" and resumed["spaces"] == states[n]["spaces"]
    assert now["action"] == "check" and now["requests"]
    want = {f"s{s}" for s in states[n]["spaces"].values()}
    assert set(check["missing"].values()) == want - {"s0"}
    assert {s for r in now["requests"] for s in r["to"]} == want - {"s0"}
    assert all(r["reason"] == "resumed" for r in now["requests"])
    assert pgame.referee.state == "waiting_for_setup"
    assert pgame.run() and pgame.referee.winner is not None
    kinds = [e.type for e in events]
    restored = kinds.index("setup_restored")
    assert events[restored]["state"] == "waiting_for_throw"
    assert "turn_started" not in kinds[:restored] and "hand" in kinds[restored:]


def test_after_a_restart_the_check_names_no_token_where_it_cannot_know_it(tmp_path: Path) -> None:
    """The power was out: which token stands where is unknown (the simulated board starts with all
    five on the start). With no token belonging on s0, the check must not call the tokens there
    a stray magnet, nor name one of them as standing there: "a token on s0", the letters say which."""
    lines, states = journaled(tmp_path / "whole", seed=5)
    n = next(k for k in range(40, len(lines) - 1)
             if states[k]["state"] == "waiting_for_throw" and 0 not in states[k]["spaces"].values()
             and not states[k]["arrived"])
    d = tmp_path / "resumed"
    d.mkdir()
    (d / "current.jsonl").write_bytes(b"".join(lines[: n + 1]))
    events: list[GameEvent] = []
    pgame = open_game(BoardRequest(game="struggle", seed=99), d, "sim", attach=lambda g: g.sinks.append(events.append))
    now = said(events)
    assert now["action"] == "check"
    assert [r["kind"] for r in now["requests"]].count("token") == len(now["requests"]), now["requests"]
    assert [(r["piece"], r["from"]) for r in now["requests"] if r["from"] is not None] == [("", "s0")]
    assert {r["piece"] for r in now["requests"] if r["piece"]} == {"K", "Q", "J", "10", "9"}
    assert "A token on START must go to one of" in now["text"]
    assert pgame.run() and pgame.referee.winner is not None
    assert "tokens_confirmed" not in [e.type for e in events]  # set by the letters as asked: trusted


def crash(state: Path, witness: Path, seed: int, at: int) -> None:
    res = subprocess.run([sys.executable, str(CRASHY), str(state), str(witness), str(seed), "--game", "struggle",
                          "--kill-at", str(at)], capture_output=True, text=True, timeout=300)
    assert res.returncode == -signal.SIGKILL, res.stderr[-600:]


def test_play_resumes_a_killed_struggle_game_with_narration(tmp_path: Path) -> None:
    state = tmp_path / "state"
    crash(state, tmp_path / "w", 5, 60)
    cli = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "play", "--game", "struggle",
                          "--state-dir", str(state)], capture_output=True, text=True, timeout=300,
                         env=dict(os.environ, NO_COLOR="1"))
    assert cli.returncode == 0, cli.stderr[-800:]
    assert "Resumed the saved game" in cli.stdout and ("Winner:" in cli.stdout or "Winners:" in cli.stdout)
    assert "Traceback" not in cli.stderr and "internal error" not in cli.stderr


def test_service_run_finishes_a_killed_struggle_game_instead_of_exiting(tmp_path: Path) -> None:
    state = tmp_path / "state"
    crash(state, tmp_path / "w", 6, 45)
    p = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "service", "run", "--game", "struggle",
                        "--virtual-time", "--games", "1", "--state-dir", str(state)],
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr[-800:]
    journals = list((state / "archive").glob("game-*.jsonl"))
    assert len(journals) == 1
    kinds = [json.loads(line).get("k") for line in journals[0].read_text().splitlines()]
    assert "resume" in kinds


def test_a_token_knocked_off_a_shared_space_is_never_named_by_guess_and_the_board_asks_before_playing_on() -> None:
    """Attack 11 (finding 12): red's play moves K, Q (to s2) and 9 (to s1); red moves K and Q, then
    knocks J off the start onto s4. The reeds cannot say which token stands on s4: the board never
    names one there (9 is asked for without a place, "a token on s4" goes where its letters say),
    and once the tokens stand right it does not pass the turn by itself: it asks to check them.
    Followed as a person would, the belief is true, and blue's J moves the real J."""
    session, game, events = scripted(["K K Q Q 9", "J J J J J"],
                                     ["throw", "stop", "play order=K,Q,9", "move K 2", "move Q 2", "move J 4"])
    session.clock.advance(3000)
    ref = game.referee
    now = said(events)
    # the mistake first (round 26: said first, with its fix), then 9
    assert [(r["piece"], r["from"], r["to"]) for r in now["requests"] if r["blocking"]] == [
        ("", "s4", ["s0", "s1", "s2"]), ("9", None, ["s1"])]
    # K and Q both went to s2: its reed closed once, so neither move is seen (shown, not awaited)
    assert {r["piece"] for r in now["requests"] if not r["blocking"]} == {"K", "Q"}
    assert "token 9 on space 1" in now["text"], now["text"]
    assert "tokens J and 10 belong on START, token 9 on space 1, tokens K and Q on space 2" in now["text"]
    session.world.move("J", "s0")  # a person reads the letters: J goes back to the start ...
    session.clock.advance(1000)
    session.world.move("9", "s1")  # ... and 9 goes where the play sends it
    session.clock.advance(30_000)
    now = said(events)
    assert ref.state == "placing" and ref.current == "red" and now["action"] == "confirm"  # no turn passes unseen
    assert {r["piece"]: r["to"] for r in now["requests"]} == {"K": ["s2"], "Q": ["s2"], "J": ["s0"], "10": ["s0"],
                                                               "9": ["s1"]}
    session.world.press("stop")
    session.clock.advance(2000)
    assert ref.state == "waiting_for_throw" and ref.current == "blue"
    assert ref.home() == session.world.tokens  # the board's belief is true
    session.hands.do(Act("throw"), Act("stop"), Act("stop"))
    session.clock.advance(3000)
    assert said(events)["requests"][0]["piece"] == "J" and said(events)["requests"][0]["from"] == "s0"


def test_following_a_misleading_instruction_cannot_swap_two_tokens_silently() -> None:
    """The reviewer's story: the token on s4 (J) is taken to s1, where 9 belongs. The reeds see
    exactly what they would see had it been 9: the board asks to check instead of playing on."""
    session, game, events = scripted(["K K Q Q 9", "J J J J J"],
                                     ["throw", "stop", "play order=K,Q,9", "move K 2", "move Q 2", "move J 4",
                                      "wait 1500", "move J 1"])
    session.clock.advance(60_000)
    ref = game.referee
    assert ref.state == "placing" and said(events)["action"] == "confirm"
    assert not [e for e in events if e.type == "turn_ended"]

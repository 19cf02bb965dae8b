"""Issue 15, round 27 (Struggle newcomer 11): a play with a move no reed switch can see never passes
the turn by itself. The settle countdown started as soon as the reeds matched -- with the second
token, whose move no reed sees, still on START -- and passed the turn under the newcomer's hand: the
referee then believed a token on space 1 that stood on START (belief vs board, silently). The board
cannot know when such a move is made, so it asks to check it by eye and waits for Stop; since newcomer 12
and 13, every play waits for Stop (one rule: "press Stop to end the turn")."""

from __future__ import annotations

from test_struggle_referee import run_for, scripted

from mazeboard.sim.struggle.hands import Act


def _placing(dice: str, order: str):
    session, game, _ = scripted([dice], ["throw", "stop", f"play order={order}"])
    for _ in range(40):
        run_for(session, 200)
        if game.referee.state == "placing":
            return session, game
    raise AssertionError(game.referee.state)


def test_a_play_with_an_unseen_move_waits_for_stop_however_long_the_reeds_match() -> None:
    # seed 80369's first play: K, J and 9 from START to space 1, 10 to space 2 (Q stays on START): once
    # K closes space 1, J and 9 following change no reed
    session, game = _placing("K J 9 10 10", "K,J,9,10")
    ref = game.referee
    assert ref.unseen.keys() == {"K", "J", "9"}, ref.unseen  # which one closes space 1 first: any
    run_for(session, session.world.move("K", "s1") + 50)
    run_for(session, session.world.move("10", "s2") + 50)  # the reeds match; J and 9 still on START
    run_for(session, 20 * ref.options.settle_ms)
    said = ref.instruction()
    assert ref.state == "placing" and ref.current == "red", (ref.state, ref.current)
    assert said.message == "str.placed_unseen" and said.until_ms is None, (said.message, said.until_ms)
    text = said.text()
    assert "press Stop" in text and "passes in" not in text, text
    assert "stop" in said.buttons, said.buttons
    # the LEDs point at where the unseen moves go (shown, not blocking)
    assert {"J", "9"} <= {r.piece for r in said.requests} and not said.blocked
    session.hands.do(Act("press", button="stop"))
    run_for(session, 200)
    assert ref.current == "blue" and ref.state != "placing", (ref.state, ref.current)


def test_a_play_the_reeds_see_whole_waits_for_stop_too() -> None:
    # K to space 3 and Q to space 2 from START (J, 10, 9 stay): each closes a space of its own. Round 27
    # (newcomers 12 and 13): a 1 s countdown here and a Stop-wait for unseen moves read as two rules, and
    # "too short to read": one rule, Stop ends the turn once the tokens stand
    session, game = _placing("K K K Q Q", "K,Q")
    ref = game.referee
    assert not ref.unseen, ref.unseen
    for token in ("K", "Q"):
        target = ref.home()[token]
        run_for(session, session.world.move(token, target) + 50)
    said = ref.instruction()
    assert said.message == "str.placed" and said.until_ms is None, (said.message, said.text())
    assert said.text() == "The tokens stand where Red's play put them: press Stop to end the turn.", said.text()
    run_for(session, 20 * ref.options.settle_ms)
    assert ref.current == "red" and ref.state == "placing", (ref.state, ref.current)
    session.hands.do(Act("press", button="stop"))
    run_for(session, 200)
    assert ref.current == "blue", (ref.state, ref.current)


def test_follow_presses_stop_once_every_token_stands_when_the_board_waits_for_it() -> None:
    # the page's "Place tokens as shown" and a scenario's ``follow``: the hand put every token where the
    # play sends it, so nothing is left to check by eye; without Stop the turn would wait for ever
    session, game, events = scripted(["K J 9 10 10"], ["throw", "stop", "play order=K,J,9,10", "follow"])
    ref = game.referee
    for _ in range(100):
        run_for(session, 100)
        if ref.current == "blue":
            break
    assert ref.current == "blue", (ref.state, ref.instruction().text())
    ended = [e for e in events if e.type == "turn_ended"]
    assert ended and ended[0]["reason"] == "played", ended
    assert session.hands.done[-1].kind == "placed", session.hands.done[-3:]


def test_the_page_s_place_tokens_as_shown_ends_a_seen_play_with_stop_too() -> None:
    # round 27 (Struggle newcomer 12): after "Place tokens as shown" the turn ended by Stop, by its countdown
    # or not at all, seemingly at random: the page's follow (``button`` stop) presses Stop once the tokens
    # stand, whatever ends the turn otherwise (here a countdown far longer than the placing)
    session, game, events = scripted(["K K K Q Q"], ["throw", "stop", "play order=K,Q"], options={"settle_ms": 60_000})
    ref = game.referee
    for _ in range(40):
        run_for(session, 200)
        if ref.state == "placing":
            break
    assert not ref.unseen
    session.hands.do(Act("follow", button="stop"))
    for _ in range(50):
        run_for(session, 200)
        if ref.current == "blue":
            break
    assert ref.current == "blue", (ref.state, ref.instruction().text())
    assert session.hands.done[-1].kind == "placed", session.hands.done[-3:]


def test_stop_on_a_check_while_placing_ends_the_turn_at_once() -> None:
    # round 27 (Struggle newcomer 12): after a token knocked off the start was put back, the board asked to
    # check the tokens and press Stop, whose title said "play on"; Stop then started another 1 s countdown,
    # so the newcomer could not tell whether a second Stop was needed. While placing, the check's Stop ends
    # the turn (the tokens stand where they belong: that is the play made) and says so
    session, game, events = scripted(["K K Q Q 9", "J J J J J"],
                                     ["throw", "stop", "play order=K,Q,9", "move K 2", "move Q 2", "move J 4"])
    session.clock.advance(3000)
    ref = game.referee
    session.world.move("J", "s0")
    session.clock.advance(1000)
    session.world.move("9", "s1")
    session.clock.advance(3000)
    said = ref.instruction()
    assert ref.state == "placing" and said.action == "confirm", (ref.state, said.text())
    assert "end the turn" in str(said.buttons["stop"]) and "end the turn" in said.text(), (said.buttons, said.text())
    session.world.press("stop")
    session.clock.advance(100)
    assert ref.current == "blue" and ref.state == "waiting_for_throw", (ref.state, ref.instruction().text())

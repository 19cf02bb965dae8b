"""Issue 15 (a newcomer in the browser), after a ball drop: the page's hand does not move the pawn on
(arrow keys, a click on a cell, a drag), and 🎣 Fish ball out waits until the pawn is lifted off; each
refusal says why (hal/web/controls.py, the one answer for the page and the server), and the board's
instruction after each step of the real board's order is what the board needs then."""

from __future__ import annotations

import re
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pytest

from mazeboard.hal.events import ReedChanged
from mazeboard.hal.web import controls as c

sys.path.insert(0, str(Path(__file__).parents[1] / "magic"))
sys.path.insert(0, str(Path(__file__).parent))

from test_referee import Table  # noqa: E402

PAWN_BACK = {"piece": "red", "kind": "pawn", "reason": "ball_dropped", "from": "b1", "to": ["a1"], "by": "red"}
BALL = {"piece": "red", "kind": "ball", "reason": "ball_dropped", "from": "tray-sw", "to": [], "by": "red"}
RETURN = {"player": "red", "action": "return", "text": "Red's ball fell.", "buttons": {},
          "requests": [PAWN_BACK, BALL], "messages": [{"id": "magic.return", "args": {"returner": "red", "corner": "a1"}}]}


def test_after_a_ball_drop_the_hand_does_not_slide_the_pawn_on_but_lifts_it_back() -> None:
    why = c.hand_refusal(RETURN, ["red"], "red", "red")
    assert why is not None and "click a1" in why, why  # a click there lifts it back (Magic newcomer 21)
    assert isinstance(why, c.Reason) and why.mid in c.CONTROL_REASONS
    assert c.lift_refusal(RETURN, ["red"], "red") is None  # lifting it is what the board asks
    # a pawn asked back for any other reason slides back: the hand may move it
    asked = {**RETURN, "action": "correct", "requests": [{**PAWN_BACK, "reason": "out_of_turn", "to": ["f6"]}]}
    assert c.hand_refusal(asked, ["red"], "red", "red") is None


def test_the_reason_the_pawn_stays_reads_as_one_plain_sentence() -> None:
    """Seen (newcomer, round 3): "No step now: your ball fell: the pawn goes back to its start
    corner, not on; press ✊ Lift pawn, then click a1": three phrases and a bare "not on"."""
    why = str(c.hand_refusal(RETURN, ["red"], "red", "red"))
    assert ";" not in why and "not on" not in why and why.count(":") <= 1, why
    # (Magic newcomer 21: "cannot go on ... press ✊ Lift pawn, then click a1"; newcomer 29: the prompt's one way)
    assert "goes back to its start corner: press ✊ Lift pawn, then click a1" in why and "cannot go on" not in why, why


def test_the_ball_is_fished_out_only_once_the_pawn_is_off_the_wall() -> None:
    why = c.fetch_refusal(RETURN, ["red"], "red")
    assert why is not None and "Lift pawn" in why and "a1" in why, why
    on_corner = {**RETURN, "requests": [BALL]}
    assert c.fetch_refusal(on_corner, ["red"], "red") is None
    assert "tray" in (c.fetch_refusal({**RETURN, "requests": []}, ["red"], "red") or "")
    assert c.fetch_refusal(on_corner, ["blue"], "blue") is not None
    # a ball nobody can tell whose: whoever the board asks fishes it out
    stray = {**on_corner, "requests": [{**BALL, "piece": "", "reason": "stray_ball", "by": "red"}]}
    assert c.fetch_refusal(stray, ["red"], "red") is None
    assert c.fetch_refusal(on_corner, [], "red") == c.WATCHING and c.fetch_refusal(None, ["red"], "red") == c.WAITING


def test_the_view_sends_the_fetch_control() -> None:
    from mazeboard.hal.web.views import GameView

    view = GameView(humans=("red",))
    view.apply({"type": "instruction", **RETURN})
    on, why, said = view.controls()["fetch:red"]
    assert not on and said["id"] in c.CONTROL_REASONS and "Lift pawn" in why
    assert view.controls()["hand:red"][0] is False and view.controls()["lift:red"][0] is True


def said(t: Table) -> dict[str, Any]:
    return [e for e in t.events if e.type == "instruction"][-1].to_dict()


def kinds(t: Table) -> list[tuple[str, str, str | None, tuple[str, ...]]]:
    return [(r["kind"], r["piece"], r["from"], tuple(r["to"])) for r in said(t)["requests"]]


def dropped() -> Table:
    t = Table(dice=(3,), targets=("owl",))
    t.press("roll")
    t.slide("b1", frm="a1")
    t.wait(50)
    t.ball(True)  # the wall a1-b1
    t.wait(100)
    assert t.ref.state == "waiting_for_return"
    return t


def test_on_the_real_board_a_pawn_slid_on_after_its_ball_fell_is_asked_back_from_where_it_is() -> None:
    t = dropped()
    t.slide("c1", frm="b1")
    assert ("pawn", "red", "c1", ("a1",)) in kinds(t), kinds(t)  # the request follows the pawn
    assert "c1" in said(t)["text"] and "a1" in said(t)["text"]
    assert t.ref.leds.scene.pulse.keys() >= {"c1"} and "a1" in t.ref.leds.scene.blink
    assert "step" not in t.types()[-3:]  # no step counted: the move is over


def test_the_real_board_s_other_order_fish_first_then_lift_then_corner() -> None:
    t = dropped()
    t.ball(False)  # the ball fished out first and put back under the pawn still at the wall
    assert kinds(t) == [("pawn", "red", "b1", ("a1",))], kinds(t)
    assert "Fish" not in said(t)["text"]
    t.send(ReedChanged(t.clock.now_ms(), "b1", False))  # lifted: the magnet leaves, the ball falls again
    t.wait(300)
    t.ball(True)
    t.wait(50)
    assert {k[:2] for k in kinds(t)} == {("pawn", "red"), ("ball", "red")}, kinds(t)
    t.send(ReedChanged(t.clock.now_ms(), "a1", True))
    t.wait(300)
    assert kinds(t) == [("ball", "red", "tray-sw", ())], kinds(t)
    t.ball(False)
    assert t.ref.state == "waiting_for_roll" and t.ref.current == "blue"


# -- in the browser -------------------------------------------------------------------------------
@contextmanager
def ball_dropped(browser: Any, size: tuple[int, int]) -> Iterator[Any]:
    """Red's page (test_magic_newcomer's game) right after red rolled and clicked b1, through the
    wall a1-b1: the ball fell, the board asks for the return. The sim is stopped after."""
    from test_magic_newcomer import ARGS, open_page, roll, serve, wait_action

    proc, url = serve(ARGS)
    try:
        page = open_page(browser, url, size)
        roll(page)
        page.locator('#board .cell[data-cell="b1"]').click()
        wait_action(page, "return", None)
        yield page
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.browser
def test_the_page_refuses_to_move_the_pawn_on_or_fish_the_ball_before_the_lift(browser: Any) -> None:
    from playwright.sync_api import expect

    from test_magic_newcomer import PHONE, WAIT_MS, wait_action

    with ball_dropped(browser, PHONE) as page:
        page.wait_for_function("S.world.pawns.red.ball !== 'attached' && S.view.instruction.requests.length === 2",
                               timeout=WAIT_MS)
        error = page.locator("#error")
        for move in ("key", "click", "far", "drag"):
            if move == "key":
                page.keyboard.press("ArrowRight")
            elif move == "click":
                page.locator('#board .cell[data-cell="c1"]').click()
            elif move == "far":  # not "d1 is not next to b1": why the pawn stays
                page.locator('#board .cell[data-cell="d1"]').click()
            else:
                page.evaluate("dropped('red', 'c1')")
            expect(error, move).to_contain_text(re.compile("(click|tap) a1"), timeout=2_000)
            page.wait_for_timeout(600)
            assert page.evaluate("S.world.pawns.red.cell") == "b1", move
            page.evaluate("document.getElementById('error').textContent = ''")
        assert page.locator("#log li[data-type=step]").count() == 1  # a1 → b1 only
        fetch = page.locator("#fetch")
        expect(fetch).to_be_disabled()
        expect(fetch).to_have_attribute("title", re.compile("Lift pawn"))
        page.locator("#tray-strip .tray-ball.red").click()
        expect(error).to_contain_text("Lift pawn", timeout=2_000)
        assert page.evaluate("S.world.pawns.red.ball") != "attached"
        page.locator("#lift").click()
        page.locator('#board .cell[data-cell="a1"]').click()
        expect(page.locator("#prompt")).to_contain_text("back on a1", timeout=WAIT_MS)
        expect(fetch).to_be_enabled(timeout=WAIT_MS)
        fetch.click()
        wait_action(page, "roll", "blue")


@pytest.mark.browser
def test_a_drag_to_the_start_corner_after_a_ball_drop_lifts_the_pawn_there(browser: Any) -> None:
    from playwright.sync_api import expect

    from test_magic_newcomer import WAIT_MS, WIDE

    with ball_dropped(browser, WIDE) as page:
        page.wait_for_function("S.view.controls['lift:red'][0] === true", timeout=WAIT_MS)
        page.evaluate("dropped('red', 'a1')")  # what a drag onto a1 does
        expect(page.locator("#prompt")).to_contain_text("back on a1", timeout=WAIT_MS)


@pytest.mark.browser
def test_the_prompt_asks_only_for_the_lift_while_the_ball_is_under_the_pawn_again(browser: Any) -> None:
    """Seen: the ball fished out before the lift (the real board's order, or a page of old), and the
    prompt still said "...then click the ball in the tray" with the tray empty."""
    from test_magic_newcomer import ARGS, PHONE, open_page, serve

    proc, url = serve(ARGS)
    try:
        page = open_page(browser, url, PHONE)
        text = page.evaluate("""() => {
            const back = {player: 'red', action: 'return', text: "Red's ball fell. Red's pawn on b1 goes back to its start corner a1.",
              messages: [{id: 'magic.return', args: {player: 'red', returner: 'red', corner: 'a1'}}],
              requests: [{piece: 'red', kind: 'pawn', reason: 'ball_dropped', from: 'b1', to: ['a1'], by: 'red'}],
              buttons: {}, cells: []};
            S.view = {...S.view, instruction: back, prompt: back.text};
            return promptText(); }""")
        assert "Lift pawn" in text and "a1" in text and "tray" not in text, text
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.browser
def test_a_pawn_past_the_wall_its_ball_fell_at_is_drawn_faded_until_it_is_back(browser: Any) -> None:
    """Magic newcomers 54 and 57 (and 48 before): after a drop the pawn stood drawn on b2, past the wall b1-b2 the prompt
    named, "for a moment I thought I had got through". The pawn stays where the reeds feel it, drawn faded with a
    dashed ring (its move is over: it goes back), its tooltip saying so; on its corner again it is drawn as ever."""
    from test_magic_newcomer import WAIT_MS, WIDE

    with ball_dropped(browser, WIDE) as page:
        page.wait_for_function("S.world.pawns.red.cell === 'b1'", timeout=WAIT_MS)
        pawn = page.locator('#board .pawn.red')
        look = "(p) => ({ faded: p.classList.contains('going-back'), opacity: getComputedStyle(p).opacity, title: p.title })"
        past = pawn.evaluate(look)
        assert past["faded"] and float(past["opacity"]) < 0.8, past
        assert "its move is over: it goes back to a1" in past["title"], past
        page.locator("#lift").click()
        page.locator('#board .cell[data-cell="a1"]').click()
        page.wait_for_function("S.world.pawns.red.cell === 'a1'", timeout=WAIT_MS)
        page.wait_for_timeout(300)
        home = page.evaluate(f"({look})(document.querySelector('#board .pawn.red'))")
        assert not home["faded"] and float(home["opacity"]) == 1, home


@pytest.mark.browser
def test_a_tap_anywhere_on_the_phone_s_tray_strip_fishes_out_the_own_ball(browser: Any) -> None:
    """Magic newcomer 58 tapped the tray's words on a phone ("In the tray: tap it to fish it out"), then the strip,
    and only the 30 px ball answered: a tap anywhere on the strip (its label too) fishes out this page's one ball."""
    from test_magic_newcomer import PHONE, WAIT_MS

    with ball_dropped(browser, PHONE) as page:
        page.locator("#lift").click()
        page.locator('#board .cell[data-cell="a1"]').click()
        page.wait_for_function("S.world.pawns.red.cell === 'a1' && S.view.instruction.action === 'return'", timeout=WAIT_MS)
        page.wait_for_function("Object.values(S.world.tray).some((ps) => ps.includes('red'))", timeout=WAIT_MS)
        page.locator("#tray-strip .label").click()
        page.wait_for_function("S.world.pawns.red.ball === 'attached'", timeout=WAIT_MS)

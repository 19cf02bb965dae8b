"""Issue 15, what the fourth newcomer round (stop 23) still found on the Magic Labyrinth's page (and,
for the simulated player's turn, on every game's page), in Debian's headless Chromium:

1. The move's countdown ("the move ends by itself in N s") sat under the buttons, where a slow
   reader missed it and lost the rest of the roll: it is said in the prompt itself, in plain words,
   and counts down there.
2. After a ball drop the pawn is drawn past the hidden wall (where the hand put it: the reed
   switches' truth), which looked odd: the wall crossed is marked on the edge between the two cells
   and the cell the pawn goes back to is marked, both gone when the recovery ends.
3. On a simulated player's turn the prompt said the computer player's orders after the wait line
   ("🤖 Red plays by itself (simulated): wait. Red: turn the spare…"): only the wait line now.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from test_magic_newcomer import PHONE, WAIT_MS, WIDE, open_page, roll, said, serve, url, wait_action  # noqa: F401  (url: the fixture)

pytestmark = pytest.mark.browser


# -- 3. a simulated player's turn: the wait line only -------------------------------------------------

@pytest.mark.parametrize("game", ["magic-labyrinth", "labyrinth", "struggle"])
def test_a_simulated_player_s_turn_says_only_that_it_plays_by_itself(browser: Any, game: str) -> None:
    """--humans blue: Red (simulated) begins; slow (speed 0.1), so its turn lasts while we read."""
    from playwright.sync_api import expect

    proc, u = serve(("--game", game, "--seed", "7", "--humans", "blue"), speed="0.1")
    try:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(u)
        page.wait_for_function("S.view && S.view.instruction && S.view.instruction.player === 'red'", timeout=WAIT_MS)
        expect(page.locator("#prompt")).to_contain_text("Red plays by itself", timeout=WAIT_MS)
        # (on a phone the Magic Labyrinth's prompt keeps a line under it for the symbol to find, said to all:
        # newcomer 21, the target's panel was below the fold; nothing more)
        nxt = page.locator("#prompt .prompt-next")
        next_line = nxt.inner_text().strip() if nxt.count() else ""
        said = [page.locator("#prompt").inner_text().replace(next_line, "").strip(), next_line]
        assert said[0] == "🤖 Red plays by itself (simulated): wait.", said
        assert said[1] == "" or (game == "magic-labyrinth" and said[1].startswith("To find: ")), said
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)


# -- 1. the move's countdown, in the prompt ------------------------------------------------------

def roll_at_least_two(page: Any) -> None:
    from test_magic_newcomer import roll_at_least_two as again
    again(page)


COUNTDOWN = """() => { const p = document.getElementById('prompt'), c = document.getElementById('countdown');
    if (!c || c.hidden) return null;
    const pr = p.getBoundingClientRect(), cr = c.getBoundingClientRect();
    return {inside: p.contains(c), text: c.innerText, prompt: p.innerText,
            within: cr.top >= pr.top - 0.5 && cr.bottom <= pr.bottom + 0.5 && cr.height > 0,
            board: document.getElementById('board').getBoundingClientRect().top}; }"""


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_move_s_countdown_is_said_in_the_prompt_and_counts_down(browser: Any, url: str,  # noqa: F811
                                                                    size: tuple[int, int]) -> None:
    """After a short step the countdown is inside the prompt box, says in plain words what happens
    (the move ends by itself; a lit cell goes on; Done ends it now), and counts down there. A person
    gets 20 s (sim/web/session.py HUMAN_SETTLE_MS): the countdown starts above 15."""
    page = open_page(browser, url, size)
    roll_at_least_two(page)
    before = page.evaluate(COUNTDOWN)  # from the roll on, the prompt says the clock that comes
    assert before and before["inside"] and before["within"], before
    page.locator('#board .cell[data-cell="a2"]').click()
    # (the line before the first step says the seconds too, round 26: "each step starts a 20 s countdown")
    page.wait_for_function("() => /\\d+ s for a step to a lit cell/.test((document.getElementById('countdown') || {}).textContent || '')",
                           timeout=WAIT_MS)
    first = page.evaluate(COUNTDOWN)
    assert first["inside"] and first["within"], f"the countdown is not in the prompt box: {first}"
    assert "ends" in first["text"] and "lit cell" in first["text"] and "Done" in first["text"], first["text"]
    left = int(re.search(r"(\d+) s", first["text"]).group(1))  # type: ignore[union-attr]
    assert left > 15, f"a person gets {left} s after a step: too short to read the prompt and choose"
    page.wait_for_timeout(2_200)
    later = page.evaluate(COUNTDOWN)
    assert int(re.search(r"(\d+) s", later["text"]).group(1)) < left, later  # type: ignore[union-attr]
    # the board stays put when the countdown starts counting: its room was the prompt's from the roll
    assert abs(later["board"] - before["board"]) < 1, (before, later)
    page.close()


# -- 2. a ball drop's picture explains itself ---------------------------------------------------------

MARKS = """() => { const rect = (el) => { if (!el) return null; const r = el.getBoundingClientRect();
        return {l: r.left, t: r.top, r: r.right, b: r.bottom}; };
    const cell = (c) => rect(document.querySelector(`#board .cell[data-cell="${c}"]`));
    return {wall: rect(document.querySelector('#board .wall.crossed[data-edge="a1-b1"]')),
            walls: document.querySelectorAll('#board .wall.crossed').length,
            back: rect(document.querySelector('#board .back-here[data-cell="a1"]')),
            backs: document.querySelectorAll('#board .back-here').length,
            backText: (document.querySelector('#board .back-here') || {}).textContent || '',
            coord: rect(document.querySelector('#board .cell[data-cell="a1"] .coord')),
            a1: cell('a1'), b1: cell('b1')}; }"""


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_a_ball_drop_marks_the_wall_crossed_and_the_cell_to_go_back_to(browser: Any, url: str,  # noqa: F811
                                                                       size: tuple[int, int]) -> None:
    """Red steps a1 -> b1 through the hidden wall a1-b1: the pawn is drawn on b1 (where the hand put
    it), the crossed wall is a red bar on the edge between a1 and b1, and a1 is marked "back here";
    both go when the recovery ends (the ball back under the pawn on a1)."""
    from playwright.sync_api import expect

    page = open_page(browser, url, size)
    roll(page)
    page.locator('#board .cell[data-cell="b1"]').click()
    wait_action(page, "return", None)
    page.wait_for_function("document.querySelector('#board .back-here')", timeout=WAIT_MS)
    m = page.evaluate(MARKS)
    # the board names the wall when the step times tell it (controller/magic/ball.py drop: under a
    # loaded machine the ball's fall can come too late to tell): the page marks only a wall it names
    log = page.locator("#log").inner_text()
    told = "dropped at the step a1 → b1" in log or "a wall at a1-b1" in log
    assert m["walls"] == (1 if told else 0) and m["backs"] == 1, (m, log)
    a1, b1 = m["a1"], m["b1"]
    if told:
        wall = m["wall"]
        mid_x = (wall["l"] + wall["r"]) / 2
        assert abs(mid_x - (a1["r"] + b1["l"]) / 2) < 2, f"the bar {wall} is not on the edge between a1 {a1} and b1 {b1}"
        assert wall["t"] >= a1["t"] - 1 and wall["b"] <= a1["b"] + 1, (wall, a1)
    back = m["back"]
    assert back["l"] >= a1["l"] - 1 and back["r"] <= a1["r"] + 1 and back["t"] >= a1["t"] - 1 and back["b"] <= a1["b"] + 1, (back, a1)
    # (the cell named: a phone draws no name on a start corner, and the prompt says "tap a1": Magic newcomer 52)
    assert "back to a1" in m["backText"].lower(), m["backText"]
    coord = m["coord"]  # round 5: the ring crossed the cell's name "a1" in its corner (a phone draws no names)
    if coord and coord["r"] > coord["l"]:
        cx, cy, radius = (back["l"] + back["r"]) / 2, (back["t"] + back["b"]) / 2, (back["r"] - back["l"]) / 2
        nx, ny = min(max(cx, coord["l"]), coord["r"]), min(max(cy, coord["t"]), coord["b"])  # its point nearest the middle
        assert ((nx - cx) ** 2 + (ny - cy) ** 2) ** .5 > radius, f"the ring {back} crosses the cell's name {coord}"
    page.locator("#lift").click()
    page.locator('#board .cell[data-cell="a1"]').click()
    expect(page.locator("#prompt")).to_contain_text("back on a1", timeout=WAIT_MS)
    m = page.evaluate(MARKS)  # the ball is still out: the recovery goes on (the pawn on a1: no ring)
    assert m["walls"] == (1 if told else 0) and m["backs"] == 0, m
    ball = "#tray-strip .tray-ball.red" if size == PHONE else "#tray .tray-ball.red"
    page.locator(ball).first.click()
    wait_action(page, "roll", "blue")
    m = page.evaluate(MARKS)
    assert m["walls"] == 0 and m["backs"] == 0, f"the recovery's marks stay after it: {m}"
    page.close()


def test_a_pawn_left_on_the_target_by_its_ball_drop_hears_the_symbol_is_not_taken(browser: Any, url: str) -> None:  # noqa: F811
    """Round 5: the pawn stood on the target after its ball dropped at the wall before it, and only the
    log said the symbol was not taken; the prompt the person reads says it while the pawn stands there."""
    page = open_page(browser, url, WIDE)
    roll(page)
    page.locator('#board .cell[data-cell="b1"]').click()  # through the wall a1-b1: the pawn stands on b1
    wait_action(page, "return", None)
    page.wait_for_function("S.world && S.world.pawns.red && S.world.pawns.red.cell === 'b1'", timeout=WAIT_MS)
    on, off = page.evaluate("""() => { const keep = S.view;
        S.view = {...keep, target: {symbol: 'wand', cell: 'b1'}}; const on = promptText();
        S.view = {...keep, target: {symbol: 'wand', cell: 'c1'}}; const off = promptText();
        S.view = keep; return [on, off]; }""")
    assert "not taken" in on and "wand" in on and "Lift pawn" in on, on
    assert "not taken" not in off, off
    page.close()


def test_a_second_ball_drop_with_no_wall_named_marks_no_old_wall(browser: Any, url: str) -> None:  # noqa: F811
    """Attack, stop 23: the controller names no wall (``edge: null``) when it cannot tell which one the
    ball fell at; the page kept the wall of the player's earlier drop and drew it as this drop's."""
    page = open_page(browser, url, WIDE)
    walls = page.evaluate("""() => {
        addLog({type: 'ball_dropped', player: 'red', edge: 'a1-b1', t: 1});
        addLog({type: 'ball_dropped', player: 'red', edge: null, t: 2});
        const keep = S.view;
        S.view = {...keep, instruction: {player: 'red', action: 'return', requests: [],
                  messages: [{id: 'magic.return', args: {returner: 'red', corner: 'a1'}}]}};
        drawRecoveryMarks();
        const out = [...document.querySelectorAll('#board .wall.crossed')].map(w => w.dataset.edge);
        S.view = keep; drawRecoveryMarks(); return out; }""")
    assert walls == [], f"an earlier drop's wall drawn as this one's: {walls}"
    page.close()


def test_the_tray_names_its_corners_in_the_words_the_phone_uses(browser: Any, url: str) -> None:  # noqa: F811
    """Round 6: the wide tray said "NW NE SW SE" while the phone's strip says "in the top-left corner"."""
    page = open_page(browser, url, WIDE)
    labels = page.evaluate("[...document.querySelectorAll('#tray .pocket .where')].map(w => w.textContent)")
    assert labels and not any(re.fullmatch(r"[NS][EW]", w.strip(), re.I) for w in labels), labels
    assert any("top" in w and "left" in w for w in labels), labels
    page.close()


def test_after_the_win_the_highlighted_new_game_in_the_header_can_be_pressed(browser: Any, url: str) -> None:  # noqa: F811
    """Round 6: the header's ✨ New game glowed as the thing to press, but the win box's backdrop covered
    it and a click did nothing."""
    page = open_page(browser, url, WIDE)
    page.evaluate("""() => { S.view = {...S.view, phase: 'over', winner: 'blue', scores: {red: 0, blue: 5}}; drawInfo(); }""")
    page.wait_for_function("!document.getElementById('banner').hidden", timeout=WAIT_MS)
    box = page.locator("#new-game").bounding_box()
    assert box is not None
    top = page.evaluate("([x, y]) => { const e = document.elementFromPoint(x, y); return e && e.closest('#new-game') ? 'new-game' : (e && (e.id || e.className)); }",
                        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2])
    assert top == "new-game", f"the header's New game is covered by {top!r}"
    page.close()


def test_a_symbol_found_is_marked_taken_on_the_board(browser: Any, url: str) -> None:  # noqa: F811
    """Round 6: symbols already found stayed on the board unmarked ("can it come back as a target?")."""
    page = open_page(browser, url, WIDE)
    marks = page.evaluate("""() => { const keep = S.view;
        S.view = {...keep, taken: [{symbol: S.hello.symbols.c1 || 'x', cell: 'c1', player: 'red'}]}; drawInfo();
        const c = document.querySelector('#board .cell[data-cell="c1"]'), o = document.querySelector('#board .cell[data-cell="c2"]');
        const out = {c1: c.classList.contains('taken'), c2: o.classList.contains('taken'), says: c.dataset.taken,
                     dim: getComputedStyle(c.querySelector('.sym')).opacity};
        S.view = keep; drawInfo(); out.after = c.classList.contains('taken'); return out; }""")
    assert marks["c1"] and not marks["c2"] and "found by Red" in marks["says"], marks
    assert float(marks["dim"]) < 1, marks
    assert marks["after"] is False, marks
    page.close()

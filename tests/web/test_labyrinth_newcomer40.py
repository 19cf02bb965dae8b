"""Issue 15, Labyrinth newcomer 40: its pawn moved in Blue's turn (Blue's push carried it along its row) and only
the log said so; the newcomer saw its pawn elsewhere at its next turn. Another player's push that moves a pawn played
here is said in the prompt of that pawn's next push step, at every width where the prompt's room holds it, and
forgotten once its player has pushed. Newcomer 39: eight turns of the spare made eight log lines; the turns of one
player in a row are one line."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import DESKTOP, NEWCOMER_GAME, PHONE, WAIT_MS, open_page
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

#: Blue's turn: its push carries Red's pawn a1 → a2 (or pushes it off g1 onto a1), then Red's turn, the push step
PLAY = """(steps) => {
  const ev = (type, extra) => HANDLERS.event({ view: { ...S.view, ...extra.view }, event: { t: 1, type, ...extra.event } });
  const at = (current, phase) => ({ current, phase, movers: [current] });
  for (const step of steps) ev(step.type, { view: at(step.current, step.phase), event: step.event });
  const box = document.getElementById("prompt"), tag = document.querySelector(`#maze .tile[data-cell="${S.world.pawns.red}"] .news-tag`);
  const seen = (e) => !!e && !e.hidden && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== "hidden";
  return { prompt: box.innerText, log: [...document.querySelectorAll("#log li")].map((l) => l.innerText),
           height: box.offsetHeight, tag: seen(tag) ? tag.innerText : "", title: tag ? tag.title : "",
           line: seen(document.getElementById("picked")) ? document.getElementById("picked").innerText : "",
           room: parseFloat(getComputedStyle(box).getPropertyValue("--room")) || 0 };
}"""


def blue_pushes(wrapped: bool) -> list[dict[str, Any]]:
    """Blue's turn whose push moves Red's pawn (carried along, or ``wrapped``: pushed off), then Red's push step."""
    carried = [] if wrapped else [{"pawn": "red", "from": "a1", "to": "a2"}]
    steps = [{"type": "turn_started", "current": "blue", "phase": "shift", "event": {"player": "blue", "pawns": ["blue"]}},
             {"type": "shifted", "current": "blue", "phase": "shift",
              "event": {"player": "blue", "slot": "W-b", "inserted": "a2", "ejected": "g2", "forbidden_next": "E-b",
                        "carried": carried}}]
    if wrapped:
        steps.append({"type": "wrapped", "current": "blue", "phase": "move", "event": {"pawn": "red", "from": "g1", "to": "a1"}})
    return steps + [{"type": "turn_ended", "current": "blue", "phase": "move", "event": {"player": "blue"}},
                    {"type": "turn_started", "current": "red", "phase": "shift", "event": {"player": "red", "pawns": ["red"]}}]


LAPTOP = (1024, 700)


@pytest.mark.parametrize(("size", "wrapped"), [(DESKTOP, False), (DESKTOP, True), (PHONE, False), (PHONE, True),
                                               (LAPTOP, True)])
def test_another_push_that_moved_my_pawn_is_said_at_my_push(browser: Any, size: tuple[int, int], wrapped: bool) -> None:
    news = "Blue's push put Red's pawn off g1, onto a1" if wrapped else "Blue's push carried Red's pawn a1 → a2"
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, size, guide=size == PHONE, mobile=size == PHONE)
        try:
            page.wait_for_function("() => S.view && S.world && S.view.current === 'red'", timeout=WAIT_MS)
            before = page.evaluate("() => document.getElementById('prompt').offsetHeight")
            shown = page.evaluate(PLAY, blue_pushes(wrapped))
            # on the pawn's tile at every width, a "↪" in its corner, its words in the line under the board (an attack:
            # at 1024x700 the prompt had no room, and the news was lost; Labyrinth newcomer 48: words on the tile hid
            # its paths); in the prompt where its room holds it (a wide screen: always)
            assert shown["tag"] == "↪" and shown["title"].startswith("↪ Blue's push"), shown
            assert news in shown["line"], shown
            assert news in shown["prompt"] or size != DESKTOP, shown
            # ...its words there after the tile's mark, "↪" (Labyrinth newcomer 89 saw the mark on a phone, with no
            # hover to read its title, and nothing to tie it to the prompt's words)
            assert news not in shown["prompt"] or f"(↪ {news}" in shown["prompt"], shown
            assert shown["height"] <= max(before, shown["room"]) + 1, shown  # the board under the prompt stays put
            # Red's own push: the news is old
            after = page.evaluate(PLAY, [
                {"type": "shifted", "current": "red", "phase": "move",
                 "event": {"player": "red", "slot": "S-b", "inserted": "b1", "ejected": "b7", "forbidden_next": "N-b",
                           "carried": []}},
                {"type": "turn_started", "current": "red", "phase": "shift", "event": {"player": "red", "pawns": ["red"]}}])
            assert "Blue's push" not in after["prompt"] and not after["tag"] and "Blue's push" not in after["line"], after
        finally:
            page.close()


def test_a_malformed_push_event_says_no_news(browser: Any) -> None:
    """(an attack: a hostile server's ``carried`` of "abc" or [null] threw, one without cells said "carried … → ")"""
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, DESKTOP, guide=False)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            page.wait_for_function("() => S.view && S.world && S.view.current === 'red'", timeout=WAIT_MS)
            steps = blue_pushes(False)
            for carried in ("abc", [None], [{"pawn": "red"}], [{"pawn": "red", "from": 3, "to": {}}]):
                steps[1]["event"]["carried"] = carried
                shown = page.evaluate(PLAY, steps)
                assert "push carried" not in shown["prompt"] and not shown["tag"], (carried, shown)
            assert not errors, errors
        finally:
            page.close()


def test_a_players_turns_of_the_spare_in_a_row_are_one_log_line(browser: Any) -> None:
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, DESKTOP, guide=False)
        try:
            page.wait_for_function("() => S.view && S.world && S.view.current === 'red'", timeout=WAIT_MS)
            turn = {"type": "spare_rotated", "current": "red", "phase": "shift", "event": {"player": "red", "quarters": 1}}
            shown = page.evaluate(PLAY, [turn] * 3)
            rotated = [line for line in shown["log"] if "turned the spare" in line]
            assert len(rotated) == 1 and "3 quarter turns clockwise" in rotated[0], shown["log"][:5]
            shown = page.evaluate(PLAY, [turn])  # four in all: the spare lies as before
            rotated = [line for line in shown["log"] if "turned the spare" in line]
            assert len(rotated) == 1 and "a whole turn" in rotated[0], shown["log"][:5]
        finally:
            page.close()


def test_while_a_push_is_previewed_every_cell_name_shown_lies_on_its_cell(browser: Any) -> None:
    """Labyrinth newcomer 41: holding an arrow, the cell names moved with the tiles of the row drawn shifted ("a4" on
    the b4 square) and it counted columns to know where a picture would land. A name shown lies on the cell it names."""
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, DESKTOP, guide=False)
        try:
            page.wait_for_function("() => S.view && S.world && S.view.phase === 'shift' && S.world.push_reach", timeout=WAIT_MS)
            slot = page.evaluate("() => [...document.querySelectorAll('#maze .slot')].find((s) => !s.classList.contains('off')).dataset.slot")
            page.locator(f'#maze .slot[data-slot="{slot}"]').hover()
            page.wait_for_timeout(200)
            astray = page.evaluate(r"""() => {
              const out = [], maze = document.getElementById('maze');
              if (!maze.querySelector('.tile[data-shifted]')) return ['no row drawn shifted'];
              for (const c of maze.querySelectorAll('.tile .coord')) {
                const r = c.getBoundingClientRect(), style = getComputedStyle(c);
                if (style.visibility === 'hidden' || style.display === 'none' || !r.width) continue;
                // its cell: the box of the tile standing there, less the shift it is drawn with
                const t = maze.querySelector(`.tile[data-cell="${c.textContent}"]`), b = t.getBoundingClientRect();
                const [dx, dy] = (getComputedStyle(t).translate.match(/-?[\d.]+/g) || [0, 0]).map(Number).concat([0, 0]);
                const left = b.left - dx, top = b.top - dy, x = r.left + r.width / 2, y = r.top + r.height / 2;
                if (x < left || x > left + b.width || y < top || y > top + b.height) out.push(c.textContent);
              }
              return out; }""")
            assert not astray, astray
        finally:
            page.close()


def test_the_logs_win_line_says_the_cards_found_and_who_came_home(browser: Any) -> None:
    """Labyrinth newcomer 41: the log's "🏆 Red wins (Red 2, Blue 2)" read as a tie; it says what the win box says."""
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, DESKTOP, guide=False)
        try:
            page.wait_for_function("() => S.view && S.world", timeout=WAIT_MS)
            shown = page.evaluate(PLAY, [{"type": "game_over", "current": "red", "phase": "over",
                                          "event": {"winner": "red", "scores": {"red": 2, "blue": 2}}}])
            line = next(line for line in shown["log"] if "wins" in line)
            assert "Red: 2 found, back home 🏠 · Blue: 2 found" in line, line
        finally:
            page.close()


def test_the_tip_and_the_help_say_which_tiles_never_move(browser: Any) -> None:
    """Labyrinth newcomer 42: its picture lay on a tile no push moves, and nothing said that only the rows and columns
    with an arrow slide. The push tip and the help say it."""
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, DESKTOP, guide=False)
        try:
            page.wait_for_function("() => S.view && S.world", timeout=WAIT_MS)
            tip = page.evaluate("() => tips().shift")
            helped = page.locator("#help-fixed").text_content() or ""
            for words in (tip, helped):
                assert "Only the rows and columns with an arrow slide" in words and "never move" in words, words
        finally:
            page.close()


def test_after_the_game_a_seat_held_elsewhere_is_no_longer_locked(browser: Any) -> None:
    """Labyrinth newcomers 38-42: after the win the header still read "🔒 Red's card: on another screen / move it to
    this screen", while the card's page said nothing is secret any more. Once the game is over the seat says only
    where the card is: no lock, nothing to move."""
    from test_plain_words_browser import LABYRINTH
    from test_plain_words_browser import open_page as plain_page

    with serving(LABYRINTH + ("--humans", "red,blue")) as url:
        holder = browser.new_context()
        try:
            hp = holder.new_page()
            hp.goto(url)
            assert hp.request.post(url + "seat/red/claim").ok
            page = plain_page(browser, url, DESKTOP)
            page.locator(".seat-release.red").wait_for(timeout=WAIT_MS)
            page.evaluate("() => { S.view = { ...S.view, phase: 'over', winner: 'blue' }; S.bannerShown = true; drawInfo(); }")
            seat = page.locator("#private-links").inner_text()
            assert "🔒" not in seat and "move it" not in seat and "on another screen" in seat, seat
            assert page.locator(".seat-release.red").count() == 0
            page.close()
        finally:
            holder.close()


def test_the_tag_names_every_push_that_moved_the_pawn(browser: Any) -> None:
    """(an attack: Blue's push, then Green's, moved Red; the tag named Green only)"""
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, DESKTOP, guide=False)
        try:
            page.wait_for_function("() => S.view && S.world && S.view.current === 'red'", timeout=WAIT_MS)
            steps = blue_pushes(False)
            green = [dict(step, current="green", event=dict(step["event"], player="green")) if step["event"].get("player") == "blue"
                     else step for step in blue_pushes(False)[:2]]
            shown = page.evaluate(PLAY, steps[:2] + green + steps[2:])
            assert shown["tag"] == "↪" and shown["title"].startswith("↪ pushes by Blue and Green"), shown
            assert "Blue's push carried" in shown["line"] and "Green's push carried" in shown["line"], shown
        finally:
            page.close()

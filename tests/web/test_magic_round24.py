"""Round 24 (issue 15), The Magic Labyrinth's page as a newcomer met it in Debian's headless Chromium:
no empty room kept in the prompt on a phone before the first roll (the board still keeps still through
a move: test_magic_newcomer.py), and a simulated player's name said capitalised mid-sentence as
everywhere else."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from test_magic_newcomer import PHONE, WAIT_MS, WIDE, open_page, roll, serve

pytestmark = pytest.mark.browser


@pytest.fixture
def url() -> Iterator[str]:
    proc, u = serve(("--seed", "7", "--humans", "red"))
    yield u
    proc.terminate()
    proc.wait(timeout=10)


_EMPTY = """() => { const p = document.getElementById('prompt'), cs = getComputedStyle(p);
  const r = document.createRange(); r.selectNodeContents(p);
  const words = r.getBoundingClientRect().height;
  return p.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom) - words; }"""


def test_before_the_first_roll_the_phone_prompt_keeps_no_empty_room(browser: Any, url: str) -> None:
    """"Red: press Roll." sat in a box four lines high (the room of the longest move prompt, kept all
    game so that the board does not move at each roll). Newcomer 18 then saw the board jump 76 px at the
    first roll, when the room was kept only from that roll on: the room is kept from the start, and
    before the person's first roll it says what comes after Roll (less than a line and a half empty,
    split above and below the words); the board keeps still in the move."""
    page = open_page(browser, url, PHONE)
    page.wait_for_timeout(300)
    empty = page.evaluate(_EMPTY)
    line = page.evaluate("parseFloat(getComputedStyle(document.getElementById('prompt')).lineHeight)")
    assert "Then click the cells next to your pawn" in page.locator("#prompt").inner_text()
    assert empty < line * 1.5, f"the prompt keeps {empty:.0f} px empty under 'Red: press Roll.' (a line is {line:.0f} px)"
    roll(page)
    top = page.locator("#board").bounding_box()["y"]
    page.locator('#board .cell[data-cell="a2"]').click()  # a step of the move: the prompt's words change
    page.wait_for_function("() => S.view.instruction.action !== 'move' || S.view.instruction.messages[0].id !== 'magic.move_start'",
                           timeout=WAIT_MS)
    page.wait_for_timeout(300)
    assert page.locator("#board").bounding_box()["y"] == top, "the board moved during the move"
    page.close()


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_a_simulated_returner_is_named_capitalised_mid_sentence(browser: Any, url: str, size: tuple[int, int]) -> None:
    """"Blue's ball fell at a hidden wall: blue (simulated) goes back..." -- the name is Blue everywhere."""
    page = open_page(browser, url, size)
    said = page.evaluate("""() => { S.view = Object.assign({}, S.view, { instruction: { player: 'blue', action: 'return',
        requests: [{ kind: 'pawn', piece: 'blue', to: ['f6'] }],
        messages: [{ id: 'magic.return', args: { returner: 'blue', corner: 'f6' } }] } });
        return promptText(); }""")
    assert "Blue (simulated)" in said and "blue" not in said, said
    page.close()

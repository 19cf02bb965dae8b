"""Issue 15, Labyrinth newcomer 33 (phone): the board under the prompt moved by about 20 px from turn to turn: the
first push's prompt took three lines, a later one four ("… (not N-d: that would undo the last push) …"). The prompt
keeps its room and longer words take smaller letters (labyrinth.js fitPrompt, as Struggle's), so the board stays
put from turn to turn (a fourth line's room would put Done and Lift pawn under a phone's first screen)."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser

WAIT = 30000

SAY = """(id) => {
  const s = S.view.instruction, args = { player: 'red', forbidden: 'N-d', movers: 'red', home: 'a1', cell: 'a1' };
  s.messages = [{ id, args }]; s.player = 'red'; S.view.prompt = I18N.say(id, args); drawInfo();
  return [document.getElementById('maze').getBoundingClientRect().top, document.getElementById('prompt').textContent];
}"""


@pytest.mark.parametrize("size", [PHONE, (1920, 1080)])
def test_the_board_stays_put_as_a_person_s_prompts_come_and_go(browser: Any, size: tuple[int, int]) -> None:
    with serving(("--game", "labyrinth", "--seed", "7", "--humans", "red")) as url:
        page = browser.new_page(viewport={"width": size[0], "height": size[1]})
        page.add_init_script("localStorage.setItem('mazeboard.guide.labyrinth', JSON.stringify(['shift', 'move', 'seat', 'long']))")
        try:
            page.goto(url)
            page.wait_for_function("() => S.view && S.view.instruction && S.view.instruction.player === 'red' && S.hello", timeout=WAIT)
            page.wait_for_timeout(300)
            tops = {}
            for id_ in ("lab.shift", "lab.shift_not", "lab.move", "lab.shift"):
                top, said = page.evaluate(SAY, id_)
                assert said.startswith("Red:"), said
                tops.setdefault(id_, []).append(top)
            every = [t for ts in tops.values() for t in ts]
            assert max(every) - min(every) < 1, tops
        finally:
            page.close()

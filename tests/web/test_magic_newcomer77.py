"""Issue 15, Magic newcomer 77 (1920x1080 and 390x844): the target within the roll's reach was framed in the mover's
colour, as every lit cell is, and the newcomer "wasn't sure whether the red was 'your colour frame' or just the normal
lit-cell border, so I worked out the distance myself". The target's card says it in words under the cell's name while
a move of this page's player can end on it, and only then: "in reach if no hidden wall" (Magic newcomer 84 read "in
reach" as sure, and took four tries past hidden walls to reach a star framed so three times)."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, WAIT_MS, open_page, url  # noqa: F401  (url: a fixture)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [PHONE, (320, 568), (1920, 1080)], ids=["phone", "320", "wide"])
def test_the_target_card_says_when_the_roll_can_reach_it(browser: Any, url: str, size: tuple[int, int]) -> None:  # noqa: F811
    page = open_page(browser, url, size)
    try:
        page.wait_for_function("() => S.view && S.view.target && S.view.instruction", timeout=WAIT_MS)
        said = page.evaluate("""() => {
          const t = S.view.target, box = document.getElementById('target');
          const words = () => ({ text: box.innerText, lines: Math.round(box.querySelector('.muted').getBoundingClientRect().height
            / (1.2 * parseFloat(getComputedStyle(box.querySelector('.muted')).fontSize)) - 0.3) });
          S.view.instruction = { ...S.view.instruction, player: 'red', action: 'move', cells: ['a1', t.cell] }; drawInfo();
          const reach = words();
          S.view.instruction = { ...S.view.instruction, cells: ['a1'] }; drawInfo();
          const out = words();
          // the simulated Blue's move: framed in Blue's colour, never said "in reach" on Red's page (an attack)
          S.view.instruction = { ...S.view.instruction, player: 'blue', cells: ['f6', t.cell] }; drawInfo();
          return { reach, out, blue: words(), cell: t.cell }; }""")
        assert f"on {said['cell']}" in said["reach"]["text"] and "in reach if no hidden wall" in said["reach"]["text"], said
        assert "reach" not in said["out"]["text"] and f"on {said['cell']}" in said["out"]["text"], said
        # (a phone's narrow card: three lines at most in English; the words wrap inside the card in every language:
        # test_magic_newcomer85)
        assert said["reach"]["lines"] <= 3, said
        assert "reach" not in said["blue"]["text"], said
    finally:
        page.close()

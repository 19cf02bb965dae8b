"""Issue 15, Magic newcomer 30 (phone): the log said "Blue f6 → e6", "Blue e6 → d6", then "💥 Blue's ball dropped
at the step f6 → e6: a wall there": Blue seemed to walk through the wall. The drop's line says where the pawn had
gone meanwhile, and (Magic newcomer 38) that it goes back to its start corner all the same."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import PHONE, open_page, served, wait_action

pytestmark = pytest.mark.browser


@pytest.fixture
def url() -> Any:
    yield from served(("--seed", "7"))


def test_a_drop_said_after_the_pawn_went_on_says_where_it_was(browser: Any, url: str) -> None:
    page = open_page(browser, url, PHONE, touch=True)
    try:
        wait_action(page, "roll")
        lines = page.evaluate("""() => {
            S.recentSteps = [{type: 'step', player: 'blue', from: 'e6', to: 'd6'}, {type: 'step', player: 'blue', from: 'f6', to: 'e6'}];
            const went = LOG_TEXT.ball_dropped({type: 'ball_dropped', player: 'blue', edge: 'f6-e6'});
            S.recentSteps = [{type: 'step', player: 'blue', from: 'f6', to: 'e6'}];
            const at = LOG_TEXT.ball_dropped({type: 'ball_dropped', player: 'blue', edge: 'f6-e6'});
            return [went, at]; }""")
        went, at = lines
        assert "f6 → e6" in went and "gone on to d6" in went and "back to its start corner" in went, went
        assert "f6 → e6" in at and "gone on" not in at, at
    finally:
        page.close()

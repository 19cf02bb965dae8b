"""Issue 15, Struggle newcomers 20 and 21 on a phone: the line under the track that says the way shown was cut
off after two lines (a box over the idle hand row, its overflow hidden), so a long way's last moves, or the
card's pick button before them, pushed the rest out of sight. The whole line is now read on the first screen,
and the track above it does not move."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving
from test_struggle_newcomer17 import SEED7, WAIT, _choosing
from test_struggle_newcomer20 import another_way_shown

pytestmark = pytest.mark.browser


def test_the_way_shown_line_is_read_whole_on_a_phone_s_first_screen(browser: Any) -> None:
    with serving(SEED7) as url:
        ctx, page = _choosing(browser, url, PHONE)
        try:
            track = page.locator(".track-frame").bounding_box()
            another_way_shown(page)
            page.locator("#way-shown button.pick-show").wait_for(state="visible", timeout=WAIT)
            dice = page.locator(".dice-box").bounding_box()
            _whole(page, track)
            # a way that fits keeps the hand row's room: the dice, Throw and Stop stay where they were
            assert page.locator(".dice-box").bounding_box()["y"] == pytest.approx(dice["y"], abs=1)
            # the longest a way gets: five tokens moved (one a die each), two aces, the card's pick first, the
            # last turn's arrivals after (the round's end); here four arrivals lengthen the way shown
            page.evaluate("""() => {
              const o = S.view.outcomes.find((w) => w.index === S.view.selected);
              o.round_end = [{ token: "K", place: "A" }, { token: "Q", place: "B" }, { token: "10", place: "C" },
                             { token: "J", place: "D" }];
              drawInfo();
            }""")
            assert "arrival place D" in page.locator("#way-shown").inner_text()
            _whole(page, track)
        finally:
            ctx.close()


def _whole(page: Any, track: dict[str, float]) -> None:
    box = page.locator("#way-shown")
    sizes = box.evaluate("(e) => [e.scrollHeight, e.clientHeight, e.getBoundingClientRect().bottom,"
                         " parseFloat(getComputedStyle(e).fontSize)]")
    assert sizes[0] <= sizes[1] + 1, f"the line is cut: {sizes[0]} px of text in {sizes[1]} px: {box.inner_text()}"
    assert sizes[2] <= page.viewport_size["height"], "the line ends below the first screen"
    assert sizes[3] >= 11, f"the line is said at {sizes[3]} px"
    assert page.locator(".track-frame").bounding_box()["y"] == pytest.approx(track["y"], abs=1)

"""Attack 11 on the browser simulator (tests that fail on the code they were written against).

* During the simulated player's turn the page's Roll and Done are disabled with the reason
  on hover, but "Lift pawn" stays enabled: clicking it does nothing but an error line
  ("it is blue's turn"). Issue 11: controls that do nothing in the current
  state do nothing visibly (disabled, with the reason on hover).
"""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Iterator

import pytest

from test_browser import WAIT_MS

pytestmark = pytest.mark.browser


@pytest.fixture
def served() -> Iterator[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "mazeboard.controller.cli", "sim", "--port", "0", "--seed", "3",
         "--maze", "e6-f6", "--humans", "red", "--speed", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    m = re.search(r"(http://127\.0\.0\.1:\d+/)", proc.stdout.readline())
    assert m, proc.stderr.read() if proc.stderr else ""
    yield m.group(1)
    proc.terminate()
    proc.wait(timeout=10)


def test_lift_is_disabled_with_a_reason_during_the_simulated_players_turn(browser, served: str) -> None:
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 860})  # type: ignore[attr-defined]
    page.goto(served)
    expect(page.locator("#prompt")).to_have_text("Red: press Roll.", timeout=WAIT_MS)
    page.click("#roll")
    expect(page.locator("#done")).to_be_enabled(timeout=WAIT_MS)
    page.click("#done")  # red stays: blue (simulated) plays next
    expect(page.locator(".player.blue")).to_have_class(re.compile(r"\bturn\b"), timeout=WAIT_MS)
    expect(page.locator("#roll")).to_be_disabled()
    # the lift button: clicking it now is refused by the server ("it is blue's turn")
    expect(page.locator("#lift")).to_be_disabled()
    assert "turn" in (page.locator("#lift").get_attribute("title") or "")

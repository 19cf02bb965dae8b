"""The Magic Labyrinth page renders the board's instruction (issue 11), in headless Chromium.

* The prompt is the instruction's text; an overstep names the cell to go back to,
  and its LED blinks in the pawn's colour while the pawn's cell pulses.
* Roll and Done act only when the instruction lists them on a turn played from this
  page: during the simulated player's turn they are disabled, the reason on hover,
  and the keys do nothing.
* While the settle timer runs the page counts it down.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from test_browser import WAIT_MS

pytestmark = pytest.mark.browser


@pytest.fixture
def events(tmp_path) -> Path:
    """The sim's event log: shown when the test fails (a full run once missed Blue's turn)."""
    return tmp_path / "events.jsonl"


@pytest.fixture
def served(events: Path) -> Iterator[str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "mazeboard.controller.cli", "sim", "--port", "0", "--seed", "3",
         "--maze", "e6-f6", "--humans", "red", "--speed", "1", "--events", str(events)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    m = re.search(r"(http://127\.0\.0\.1:\d+/)", proc.stdout.readline())
    assert m, proc.stderr.read() if proc.stderr else ""
    yield m.group(1)
    proc.terminate()
    proc.wait(timeout=10)


def test_overstep_disabled_buttons_and_the_countdown(browser, served: str, events: Path) -> None:
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": 1280, "height": 860})  # type: ignore[attr-defined]
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(served)
    expect(page.locator("#prompt")).to_have_text("Red: press Roll.", timeout=WAIT_MS)
    expect(page.locator("#roll")).to_be_enabled()
    expect(page.locator("#done")).to_be_disabled()
    assert "does nothing now" in (page.locator("#done").get_attribute("title") or "")

    # past the roll, fast, along rank 1 (a1 to at most f1); after the first step the move's
    # settle time counts down on the page (and dims on the pawn's LED)
    page.click("#roll")
    expect(page.locator("#die")).not_to_have_attribute("data-value", "", timeout=WAIT_MS)
    roll = int(page.locator("#die").get_attribute("data-value") or "0")
    expect(page.locator("#done")).to_be_enabled()
    steps = min(5, roll + 2)
    page.keyboard.press("ArrowRight")
    if roll >= 2:
        expect(page.locator("#countdown")).to_contain_text(re.compile(r"\d+ s for a step to a lit cell"), timeout=WAIT_MS)
    for _ in range(steps - 1):
        page.keyboard.press("ArrowRight")
    want = f"{'abcdef'[roll]}1"
    final = f"{'abcdef'[steps]}1"
    expect(page.locator("#prompt")).to_contain_text(f"on {final} must go to {want}", timeout=WAIT_MS)
    expect(page.locator("#done")).to_be_disabled()
    blink = page.locator(f'.cell[data-cell="{want}"]')
    expect(blink).to_have_attribute("data-led", re.compile("#ff0000|#140000"), timeout=WAIT_MS)
    page.keyboard.press("d")  # Done does nothing visibly wrong: refused on the page
    expect(page.locator("#error")).to_contain_text("does nothing now")
    # put it back where the board asks: the turn ends, blue plays
    for k in range(steps - roll - 1):  # one cell at a time, each seen by the board
        page.keyboard.press("ArrowLeft")
        expect(page.locator("#prompt")).to_contain_text(f"on {'abcdef'[steps - k - 1]}1 must go", timeout=WAIT_MS)
    # every rendering from now on is recorded (blue's turn, Roll's state, its reason): blue's
    # whole turn may pass before a check after it starts could look (a loaded machine)
    page.evaluate("""() => {
      window.__seen = [];
      const note = () => {
        const roll = document.querySelector("#roll");
        window.__seen.push({blue: document.querySelector(".player.blue").classList.contains("turn"),
                            disabled: roll.disabled || roll.getAttribute("aria-disabled") === "true",
                            title: roll.title || ""});
      };
      new MutationObserver(note).observe(document.body, {subtree: true, childList: true, attributes: true});
    }""")
    page.keyboard.press("ArrowLeft")
    try:
        expect(page.locator("#log")).to_contain_text("Blue rolled", timeout=WAIT_MS)
    except AssertionError as e:
        tail = events.read_text(encoding="utf-8").splitlines()[-25:] if events.exists() else []
        raise AssertionError(f"{e}\nroll {roll}, steps {steps}; prompt: {page.locator('#prompt').inner_text()!r}\n"
                             "events:\n" + "\n".join(tail)) from None

    # blue's turn: red's controls are off, with the reason on hover; R does nothing
    seen = [s for s in page.evaluate("window.__seen") if s["blue"]]
    assert seen, "the page never showed blue's turn"
    assert all(s["disabled"] for s in seen), seen
    assert all("Blue's turn" in s["title"] or "does nothing now" in s["title"] for s in seen), seen
    page.keyboard.press("r")
    page.wait_for_timeout(300)
    assert problems == []

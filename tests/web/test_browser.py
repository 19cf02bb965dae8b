"""The browser simulator in a real headless Chromium (Debian's /usr/bin/chromium, driven by
Playwright): a short seeded game played by clicking and typing, checked against what the
controller decided (LED colours, scores, turn, log). Not skipped without chromium: CI installs it
(debian-test-packages.txt), and a missing browser is a failure.

The screenshot lands in ``artifacts/browser-sim.png`` (gitignored)."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from mazeboard.controller.magic import rules

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
WAIT_MS = 30_000


def seed_for_ring_near_red() -> int:
    """A seed whose first target is the ring on a3 (two steps up from red's corner) and whose
    third die roll (red's second turn) is 2 or more, so red collects it on that turn."""
    for seed in range(1, 10_000):
        rng = random.Random(seed)
        if rules.TargetBag(rng).draw() == "ring":
            rolls = [rules.roll_die(rng) for _ in range(3)]
            if rolls[2] >= 2:
                return seed
    raise AssertionError("no seed found")



@pytest.fixture
def served() -> Iterator[tuple[str, int]]:
    seed = seed_for_ring_near_red()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mazeboard.controller.cli", "sim", "--port", "0", "--seed", str(seed),
         "--maze", "a1-b1", "--humans", "red", "--speed", "20"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    m = re.search(r"(http://127\.0\.0\.1:\d+/)", proc.stdout.readline())
    assert m, proc.stderr.read() if proc.stderr else ""
    yield m.group(1), seed
    proc.terminate()
    proc.wait(timeout=10)


def test_a_short_game_played_by_clicking(browser: object, served: tuple[str, int], tmp_path: Path) -> None:
    from playwright.sync_api import expect

    url, seed = served
    page = browser.new_page(viewport={"width": 1280, "height": 860})  # type: ignore[attr-defined]
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(url)
    expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
    expect(page.locator("#game-info")).to_contain_text(f"seed {seed}")
    expect(page.locator("#prompt")).to_contain_text("Red: press Roll", timeout=WAIT_MS)
    expect(page.locator(".player.red")).to_have_class(re.compile(r"\bturn\b"))
    cell = lambda c: page.locator(f'.cell[data-cell="{c}"]')  # noqa: E731
    # the target the controller drew: the ring, its LED white
    expect(page.locator("#target")).to_have_attribute("data-symbol", "ring")
    expect(cell("a3")).to_have_attribute("data-led", "#ffffff")
    # walls hidden by default
    expect(page.locator(".wall")).to_have_count(0)

    # roll: the die shows, legal cells light in dim red, the corner in red
    page.click("#roll")
    expect(page.locator("#die")).not_to_have_attribute("data-value", "", timeout=WAIT_MS)
    expect(cell("a2")).to_have_attribute("data-led", "#4c0000")
    expect(cell("a1")).to_have_attribute("data-led", "#ff0000")
    expect(page.locator("#log li").first).to_contain_text("Red rolled")

    # a step into the hidden wall a1-b1: the ball drops, the controller learns the wall
    cell("b1").click()
    expect(page.locator("#log")).to_contain_text("Red's ball dropped at the step a1 → b1", timeout=WAIT_MS)
    expect(page.locator('.wall.learned[data-edge="a1-b1"]')).to_have_count(1)
    # said as the page does it: Lift, the corner, then one click on the ball (test_magic_newcomer.py)
    expect(page.locator("#prompt")).to_contain_text("press ✊ Lift pawn, click the start corner a1")
    expect(page.locator("#tray .pocket .tray-ball.red")).to_have_count(1, timeout=WAIT_MS)
    expect(cell("a1")).to_have_attribute("data-led", re.compile("#ff0000|#ff5a00"), timeout=WAIT_MS)  # blinking prompt

    # back to the corner by hand, then fish the ball out of the tray
    page.click("#lift")
    expect(page.locator("#hand .pawn.red")).to_have_count(1, timeout=WAIT_MS)
    cell("a1").click()
    expect(page.locator("#board .pawn.red")).to_have_count(1, timeout=WAIT_MS)
    page.locator("#tray .pocket .tray-ball.red").click()
    expect(page.locator("#log")).to_contain_text("Red is back at the start with the ball", timeout=WAIT_MS)
    expect(page.locator("#tray .tray-ball")).to_have_count(0)

    # blue (a simulated player) takes its turn; the page follows the controller's turn order.
    # At --speed 20 blue's whole turn lasts a few tens of real milliseconds, shorter than
    # Playwright's polling: its turn is checked in the log, then the turn mark back on red
    expect(page.locator("#log")).to_contain_text("Blue's turn", timeout=WAIT_MS)
    expect(page.locator("#log")).to_contain_text("Blue rolled", timeout=WAIT_MS)
    expect(page.locator(".player.red")).to_have_class(re.compile(r"\bturn\b"), timeout=WAIT_MS)
    expect(page.locator(".player.blue")).not_to_have_class(re.compile(r"\bturn\b"))

    # red again, by keyboard: R rolls, arrow keys slide; the ring on a3 is two cells up
    remaining = 2
    for _ in range(3):
        expect(page.locator("#prompt")).to_contain_text("Red: press Roll", timeout=WAIT_MS)
        page.keyboard.press("r")
        expect(page.locator("#die")).not_to_have_attribute("data-value", "", timeout=WAIT_MS)
        steps = min(int(page.locator("#die").get_attribute("data-value") or "0"), remaining)
        for _ in range(steps):
            page.keyboard.press("ArrowUp")
        remaining -= steps
        if remaining == 0:
            break
    expect(page.locator(".player.red .score")).to_have_text("1", timeout=WAIT_MS)
    expect(page.locator("#log")).to_contain_text("Red found 💍 ring: 1 of 5 symbols")

    # reveal walls asks first while the game goes on (it spoils a memory game): dismissed, nothing shows
    # (asked in the page, ask.js: never the browser's own box, which an in-app browser may answer unseen)
    native: list[str] = []
    page.on("dialog", lambda d: (native.append(d.message), d.dismiss()))
    page.click("#reveal")
    ask = page.locator("dialog#ask")
    expect(ask).to_contain_text("spoils the game")
    assert not page.is_checked("#reveal")  # ticked only once answered yes
    ask.locator("button[value=no]").click()
    page.wait_for_timeout(300)
    assert not page.is_checked("#reveal") and page.locator(".wall.revealed").count() == 0
    # accepted, it shows the hidden maze; off again hides it
    page.click("#reveal")
    ask.locator("button[value=yes]").click()
    assert page.is_checked("#reveal") and native == [], native
    expect(page.locator('.wall.revealed[data-edge="a1-b1"]')).to_have_count(1, timeout=WAIT_MS)

    artifacts = ROOT / "artifacts"
    artifacts.mkdir(exist_ok=True)
    page.screenshot(path=str(artifacts / "browser-sim.png"))
    page.uncheck("#reveal")
    expect(page.locator(".wall.revealed")).to_have_count(0, timeout=WAIT_MS)

    # save as scenario: the download replays with mazeboard sim --scenario
    with page.expect_download() as info:
        page.click("#save")
    saved = tmp_path / "session.toml"
    info.value.save_as(saved)
    p = subprocess.run([sys.executable, "-m", "mazeboard.controller.cli", "sim", "--scenario", str(saved)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 0, p.stderr
    events = [json.loads(line) for line in p.stdout.splitlines()]
    assert {"type": "wall_learned", "edge": "a1-b1"} in [{k: v for k, v in e.items() if k != "t"} for e in events]
    assert any(e["type"] == "symbol_collected" and e["player"] == "red" and e["symbol"] == "ring" for e in events)
    assert problems == []

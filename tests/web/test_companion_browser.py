"""The real board's companion page, served by ``mazeboard service run`` on the simulated board at
real time, in Debian's headless Chromium (Playwright): phones claim seats, change a lobby option
that reaches the board, each sees only its own secret card (a spectator none, an unclaimed colour's
page cannot be read), a reload keeps the claim, the page follows the board live (hostile requests: test_companion_server.py). Not skipped without
chromium: CI installs it.

Screenshots: ``artifacts/companion-*.png`` (gitignored)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
WAIT_MS = 30_000
PHONE = {"width": 390, "height": 844}



class Service:
    """``mazeboard service run --board sim`` with the companion page on a free port."""

    def __init__(self, tmp: Path, game: str, *args: str, config_extra: str = "") -> None:
        self.events_path = tmp / "events.jsonl"
        config = tmp / "mazeboard.toml"
        config.write_text('[web]\nenabled = true\nhost = "127.0.0.1"\nport = 0\n' + config_extra)
        self.stderr = tmp / "stderr.txt"
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mazeboard.controller.cli", "service", "run", "--board", "sim", "--game", game,
             "--config", str(config), "--state-dir", str(tmp / "state"), "--events", str(self.events_path), *args],
            stdout=subprocess.DEVNULL, stderr=self.stderr.open("w"), text=True)
        self.url = self._wait_for(lambda: re.search(r"companion page: (http://127\.0\.0\.1:\d+/)", self.stderr.read_text()),
                                  "the companion page's address").group(1)

    def _wait_for(self, probe: Callable[[], Any], what: str, timeout_s: float = 60) -> Any:
        end = time.monotonic() + timeout_s
        while time.monotonic() < end:
            found = probe()
            if found:
                return found
            assert self.proc.poll() is None, f"service run stopped: {self.stderr.read_text()[-2000:]}"
            time.sleep(0.1)
        raise AssertionError(f"no {what} in {timeout_s} s: {self.stderr.read_text()[-2000:]}")

    def events(self) -> list[dict[str, Any]]:
        if not self.events_path.exists():
            return []
        return [json.loads(line) for line in self.events_path.read_text().splitlines() if line.strip()]

    def wait_event(self, kind: str, timeout_s: float = 60, **match: Any) -> dict[str, Any]:
        def probe() -> dict[str, Any] | None:
            found = [e for e in self.events() if e["type"] == kind and all(e.get(k) == v for k, v in match.items())]
            return found[-1] if found else None
        return self._wait_for(probe, f"{kind} {match} event", timeout_s)  # type: ignore[no-any-return]

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=20)


def screenshot(page: Any, name: str) -> None:
    artifacts = ROOT / "artifacts"
    artifacts.mkdir(exist_ok=True)
    page.screenshot(path=str(artifacts / name))


def phone(browser: Any, url: str) -> Any:
    from playwright.sync_api import expect

    page = browser.new_page(viewport=PHONE)
    page.goto(url)
    expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
    return page


def claim(page: Any, colour: str) -> str:
    """Claim ``colour`` on the companion page; returns the private page's path."""
    from playwright.sync_api import expect

    page.locator(f"button.seat-claim.{colour}").click(timeout=WAIT_MS)
    link = page.locator(f"a.seat-link.{colour}")
    expect(link).to_have_attribute("href", f"/seat/{colour}", timeout=WAIT_MS)
    return link.get_attribute("href") or ""


def test_phones_on_a_real_boards_companion_page(browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    svc = Service(tmp_path, "struggle", "--sit-after", "20", "--players", "2")
    problems: list[str] = []
    try:
        url = svc.url
        assert f"also {url}" not in svc.stderr.read_text(), "the companion page's address is printed twice"
        red, blue, spectator = phone(browser, url), phone(browser, url), phone(browser, url)
        for p in (red, blue, spectator):
            p.on("pageerror", lambda e: problems.append(str(e)))
        # the lobby: what the board asks, its options
        expect(red.locator("#lobby")).to_be_visible(timeout=WAIT_MS)
        expect(red.locator("#prompt")).to_contain_text("players", timeout=WAIT_MS)
        expect(red.locator("#join")).to_have_attribute("data-reachable", "no")
        # a spectator cannot change the board's options
        spectator.locator("#opt-rounds").fill("3")
        spectator.locator("#opt-rounds").dispatch_event("change")
        expect(spectator.locator("#error")).to_contain_text("claim a seat first", timeout=WAIT_MS)
        # two phones claim two colours; a claimed colour is taken for the third
        red_page, blue_page = claim(red, "red"), claim(blue, "blue")
        expect(spectator.locator("span.seat-taken.red")).to_have_count(1, timeout=WAIT_MS)
        expect(spectator.locator("button.seat-claim.red")).to_have_count(0)
        # an option changed from a phone reaches the board: the lobby says so, and the game plays it
        red.locator("#opt-rounds").fill("2")
        red.locator("#opt-rounds").dispatch_event("change")
        expect(red.locator("#note")).to_contain_text("rounds = 2", timeout=WAIT_MS)
        lobby = svc.wait_event("lobby", timeout_s=10)
        assert lobby["options"]["rounds"] == 2
        expect(blue.locator("#opt-rounds")).to_have_value("2", timeout=WAIT_MS)
        screenshot(red, "companion-lobby.png")
        started = svc.wait_event("game_started", timeout_s=90)
        assert started["rounds"] == 2 and started["players"] == ["red", "blue"]

        # each phone sees its own card only
        red_card = svc.wait_event("objective", player="red")["card"]
        blue_card = svc.wait_event("objective", player="blue")["card"]
        red.goto(url.rstrip("/") + red_page)
        blue.goto(url.rstrip("/") + blue_page)
        expect(red.locator("#secret")).to_have_attribute("data-cards", ",".join(red_card), timeout=WAIT_MS)
        expect(blue.locator("#secret")).to_have_attribute("data-cards", ",".join(blue_card), timeout=WAIT_MS)
        # the third phone: no card on the shared page, and the claimed colours' pages are not its
        expect(spectator.locator("#secret, [data-cards]")).to_have_count(0)
        assert "objective" not in spectator.locator("#log").inner_html().replace("objective cards dealt", "")
        for colour in ("red", "blue", "green"):
            response = spectator.goto(url + f"seat/{colour}")
            assert response is not None and response.status == 403, colour
            assert "not yours" in spectator.content() and "player.js" not in spectator.content()
        # a reload keeps the claim
        red.reload()
        expect(red.locator("#secret")).to_have_attribute("data-cards", ",".join(red_card), timeout=WAIT_MS)
        screenshot(red, "companion-red-card.png")

        # the page follows the board live: the instruction and the LEDs change as the people play
        spectator.goto(url)
        expect(spectator.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
        seen_prompts: set[str] = set()
        seen_leds: set[str] = set()
        end = time.monotonic() + 60
        while time.monotonic() < end and (len(seen_prompts) < 3 or len(seen_leds) < 3):
            seen_prompts.add(spectator.locator("#prompt").inner_text())
            seen_leds.add(",".join(spectator.locator("#board .space, #extras .chip").evaluate_all(
                "els => els.map(e => e.dataset.led || '')")))
            time.sleep(0.3)
        assert len(seen_prompts) >= 3 and len(seen_leds) >= 3, (seen_prompts, len(seen_leds))
        said = [e["text"] for e in svc.events() if e["type"] == "instruction"]
        assert seen_prompts & set(said), "the prompt is never the board's own words"
        # every sensor: the tokens' reed switches on the track (drawn as a track), as the board reports them
        expect(spectator.locator("#board .space.closed").first).to_be_visible(timeout=WAIT_MS)
        closed = set((spectator.locator("#board").get_attribute("data-closed") or "").split(","))
        assert closed and all(re.fullmatch(r"s\d+|place-[A-E]", c) for c in closed if c), closed
        expect(spectator.locator(".player.red")).to_have_count(1)
        screenshot(spectator, "companion-game.png")
        assert problems == []
    finally:
        svc.stop()

"""Labyrinth and Struggle in a real headless Chromium (Debian's /usr/bin/chromium, driven by
Playwright): a few seeded actions by clicking, checked against what the controller decided (its
event log, written with ``--events``), and the secret cards: each private page shows its owner's
card only, the shared page none. Not skipped without chromium: CI installs it.

Screenshots land in ``artifacts/browser-labyrinth*.png`` and ``artifacts/browser-struggle*.png``
(gitignored)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Callable

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
WAIT_MS = 30_000
VIEWPORT = {"width": 1280, "height": 860}



def serve(tmp_path: Path, *args: str) -> tuple[subprocess.Popen[str], str, Callable[[], list[dict[str, Any]]]]:
    """``mazeboard sim`` on a free port; returns (process, url, the controller's events so far)."""
    events = tmp_path / "events.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "mazeboard.controller.cli", "sim", "--port", "0", "--events", str(events), *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    m = re.search(r"(http://127\.0\.0\.1:\d+/)", proc.stdout.readline())
    assert m, proc.stderr.read() if proc.stderr else ""

    def log() -> list[dict[str, Any]]:
        return [json.loads(line) for line in events.read_text().splitlines() if line.strip()]
    return proc, m.group(1), log


def last(events: list[dict[str, Any]], kind: str, **match: Any) -> dict[str, Any]:
    found = [e for e in events if e["type"] == kind and all(e.get(k) == v for k, v in match.items())]
    assert found, f"no {kind} {match} in the controller's log"
    return found[-1]


def screenshot(page: Any, name: str) -> None:
    artifacts = ROOT / "artifacts"
    artifacts.mkdir(exist_ok=True)
    page.screenshot(path=str(artifacts / name))


def private_pages(browser: Any, url: str, players: tuple[str, ...]) -> dict[str, Any]:
    """Each player's phone (a browser context of its own) opens the shared page, claims its colour
    there and follows the link to its private page. The Struggle page offers only the seats people
    play (never a simulated player's, whose card is no one's to see): such a seat is claimed as the
    page's button would, through /seat/COLOUR/claim."""
    from playwright.sync_api import expect

    pages = {}
    for p in players:
        page = browser.new_page(viewport={"width": 420, "height": 720})
        page.goto(url)
        expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
        if page.locator(f"button.seat-claim.{p}").count() or "struggle" not in page.url + page.title().lower():
            page.locator(f"button.seat-claim.{p}").click(timeout=WAIT_MS)
            link = page.locator(f"a.seat-link.{p}")
            expect(link).to_have_attribute("href", f"/seat/{p}", timeout=WAIT_MS)
        else:
            assert page.evaluate(f"fetch('/seat/{p}/claim', {{method: 'POST'}}).then((r) => r.ok)"), p
        page.goto(url.rstrip("/") + f"/seat/{p}")
        expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
        pages[p] = page
    return pages


def test_labyrinth_by_clicking(browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    proc, url, events = serve(tmp_path, "--game", "labyrinth", "--seed", "3", "--humans", "red", "--speed", "20")
    try:
        page = browser.new_page(viewport=VIEWPORT)
        problems: list[str] = []
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(url)
        expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
        expect(page.locator("#prompt")).to_contain_text("Red: turn the spare with Rotate", timeout=WAIT_MS)
        expect(page.locator("#done")).to_be_disabled()  # no Done before the push (the instruction does not list it)
        assert "does nothing now" in (page.locator("#done").get_attribute("title") or "")
        tile = lambda c: page.locator(f'.tile[data-cell="{c}"]')  # noqa: E731
        slot = lambda s: page.locator(f'.slot[data-slot="{s}"]')  # noqa: E731
        expect(page.locator("#maze .tile")).to_have_count(49)
        expect(page.locator(".slot")).to_have_count(12)
        # the tiles the controller dealt, as the page draws them
        layout = last(events(), "game_started")["layout"]
        assert tile("a7").get_attribute("data-tile") == layout[0].split()[0]
        assert tile("g1").get_attribute("data-tile") == layout[6].split()[6]
        # waiting for the shift: every slot arrow lit in red, red's start square red
        expect(slot("S-b")).to_have_attribute("data-led", "#ff0000")
        expect(tile("a1")).to_have_attribute("data-led", "#ff0000")
        expect(tile("a1").locator(".lpawn.red")).to_have_count(1)

        spare = page.locator("#spare").get_attribute("data-tile")
        page.click("#rotate")
        expect(page.locator("#log")).to_contain_text("Red turned the spare a quarter turn clockwise", timeout=WAIT_MS)
        expect(page.locator("#spare")).not_to_have_attribute("data-tile", spare or "", timeout=WAIT_MS)
        assert last(events(), "spare_rotated", player="red")["spare"] == page.locator("#spare").get_attribute("data-tile")

        slot("S-b").click()
        expect(page.locator("#log")).to_contain_text("pushed the spare in at S-b", timeout=WAIT_MS)
        expect(slot("N-b")).to_have_class(re.compile(r"\bforbidden\b"))
        expect(page.locator("#prompt")).to_contain_text("Red: move your pawn", timeout=WAIT_MS)
        expect(page.locator("#rotate")).to_be_disabled()  # the spare is in: Rotate does nothing now
        reach = last(events(), "reachable", player="red")["cells"]
        for cell in reach:  # the reachable tiles dim red, as the controller lit them (the start square a1 too, once
            # the pawn has left it: a tile to walk to like the others, Labyrinth newcomer 14); the pawn's own tile in
            # full, whose turn (Labyrinth newcomer 49)
            expect(tile(cell)).to_have_attribute("data-led", "#ff0000" if cell == "a1" else "#4c0000", timeout=WAIT_MS)
        dest = [c for c in reach if c != "a1"]
        if dest:
            tile(dest[-1]).click()
            expect(tile(dest[-1]).locator(".lpawn.red")).to_have_count(1, timeout=WAIT_MS)
            expect(page.locator("#log")).to_contain_text(f"→ {dest[-1]}", timeout=WAIT_MS)
        page.click("#done")
        expect(page.locator("#log")).to_contain_text("Red's turn ends", timeout=WAIT_MS)
        expect(page.locator(".player.blue")).to_have_class(re.compile(r"\bturn\b"), timeout=WAIT_MS)

        # secret cards: each private page its own, the shared page none
        # (blue is simulated: its card is no one's to see, its seat no seat since round 25)
        mine = private_pages(browser, url, ("red",))
        red_card = last(events(), "card_shown", player="red")["cards"]
        blue_card = last(events(), "card_shown", player="blue")["cards"]
        expect(mine["red"].locator("#secret")).to_have_attribute("data-cards", ",".join(red_card), timeout=WAIT_MS)
        assert blue_card[0] not in mine["red"].locator("#secret").inner_text()
        assert page.evaluate("fetch('/seat/blue/claim', {method: 'POST'}).then((r) => r.status)") == 409
        expect(page.locator("[data-card], #secret")).to_have_count(0)
        assert "card_shown" not in page.locator("#log").inner_html()
        assert red_card[0] not in page.locator("#log").inner_text() and blue_card[0] not in page.locator("#log").inner_text()
        screenshot(mine["red"], "browser-labyrinth-red.png")
        screenshot(page, "browser-labyrinth.png")
        assert problems == []
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_struggle_by_clicking(browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    proc, url, events = serve(tmp_path, "--game", "struggle", "--seed", "3", "--humans", "red", "--speed", "20")
    try:
        page = browser.new_page(viewport=VIEWPORT)
        problems: list[str] = []
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(url)
        expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
        expect(page.locator("#prompt")).to_contain_text("Red: press Throw", timeout=WAIT_MS)
        expect(page.locator("#stop")).to_be_disabled()  # nothing thrown yet: Stop does nothing
        assert "does nothing now" in (page.locator("#stop").get_attribute("title") or "")
        track = last(events(), "game_started")["track"]
        expect(page.locator("#track .space")).to_have_count(len(track))
        expect(page.locator("#places .space")).to_have_count(5)
        for i, kind in enumerate(track):
            assert page.locator(f'.space[data-sensor="s{i}"]').get_attribute("data-kind") == kind
        expect(page.locator('.space[data-sensor="s0"] .token')).to_have_count(5)

        page.click("#throw")
        expect(page.locator("#throws")).to_have_text("throw 1 of 3", timeout=WAIT_MS)
        faces = last(events(), "hand", player="red")["faces"]
        assert [page.locator(f'.pdie[data-die="{i + 1}"]').get_attribute("data-face") for i in range(5)] == faces
        page.locator('.pdie[data-die="2"]').click()
        expect(page.locator('.pdie[data-die="2"]')).to_have_class(re.compile(r"\bheld\b"), timeout=WAIT_MS)
        assert last(events(), "held", player="red")["held"] == [2]
        page.click("#stop")
        expect(page.locator("#outcomes .outcome").first).to_be_visible(timeout=WAIT_MS)
        listed = last(events(), "outcomes", player="red")
        expect(page.locator("#outcomes .outcome")).to_have_count(len(listed["outcomes"]))
        expect(page.locator("#outcomes .outcome.selected")).to_have_attribute("data-index", str(listed["selected"]))
        choice = len(listed["outcomes"]) - 1
        page.locator(f'#outcomes .outcome[data-index="{choice}"]').click()
        expect(page.locator("#outcomes .outcome.selected")).to_have_attribute("data-index", str(choice), timeout=WAIT_MS)
        page.click("#stop")  # play it
        expect(page.locator("#log")).to_contain_text("Red played", timeout=WAIT_MS)
        played = last(events(), "played", player="red")
        assert played["spaces"] == listed["outcomes"][choice]["spaces"]
        # the LEDs blink where the tokens go; the page's hand puts them there
        page.click("#follow")
        for token, space in played["spaces"].items():
            expect(page.locator(f'.space[data-sensor="s{space}"] .token[data-token="{token}"]')).to_have_count(1, timeout=WAIT_MS)
        expect(page.locator(".player.blue")).to_have_class(re.compile(r"\bturn\b"), timeout=WAIT_MS)
        expect(page.locator("#log")).to_contain_text("Blue threw", timeout=WAIT_MS)

        # (blue is simulated: its card is no one's to see, its seat no seat since round 25)
        mine = private_pages(browser, url, ("red",))
        red_card = last(events(), "objective", player="red")["card"]
        expect(mine["red"].locator("#secret")).to_have_attribute("data-cards", ",".join(red_card), timeout=WAIT_MS)
        expect(mine["red"].locator("#secret .place")).to_have_count(5)
        assert page.evaluate("fetch('/seat/blue/claim', {method: 'POST'}).then((r) => r.status)") == 409
        expect(page.locator("#secret, [data-cards]")).to_have_count(0)
        assert "objective" not in page.locator("#log").inner_html().replace("objective cards dealt", "")
        screenshot(mine["red"], "browser-struggle-red.png")
        screenshot(page, "browser-struggle.png")
        assert problems == []
    finally:
        proc.terminate()
        proc.wait(timeout=10)

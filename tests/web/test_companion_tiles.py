"""Labyrinth on the real board's companion page (``service run`` on the simulated board, Debian's
headless Chromium): the tiles drawn as they lie, orientation included; during the guided layout the
tile to lay now on its cell and beside the board, the tiles not laid yet dimmed; after a push the
tiles as the push left them. Screenshots: ``artifacts/companion-tiles-*.png`` (gitignored)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_companion_browser import PHONE, WAIT_MS, Service, screenshot  # noqa: E402

pytestmark = pytest.mark.browser


def cell_of(rank_row: int, file: int) -> str:
    return f"{'abcdefg'[file]}{7 - rank_row}"


def tiles_on_page(page: Any) -> dict[str, str]:
    return page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('#board .cell')]"
        ".map((c) => [c.dataset.cell, (c.querySelector('.ctile') || {dataset: {}}).dataset.tile || '']))")


def as_cells(rows: list[str]) -> dict[str, str]:
    return {cell_of(k, f): word for k, row in enumerate(rows) for f, word in enumerate(row.split())}


def test_the_guided_layout_on_the_companion_page(browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    svc = Service(tmp_path, "labyrinth", "--sit-after", "2", "--players", "2",
                  config_extra="[labyrinth]\nguided_layout = true\n")
    problems: list[str] = []
    try:
        started = svc.wait_event("game_started", timeout_s=90)
        assert started["guided"] is True, "the companion test's config did not reach the game"
        page = browser.new_page(viewport=PHONE)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(svc.url)
        first = svc.wait_event("layout_step", index=0)
        expect(page.locator("#tilecard")).to_be_visible(timeout=WAIT_MS)
        # every tile drawn where the deal puts it, as it must lie
        assert tiles_on_page(page) == as_cells(started["layout"])
        later = svc.wait_event("layout_step", index=2, timeout_s=60)
        card = page.locator("#tilecard-tile")
        expect(card).to_have_attribute("data-tile", later["tile"], timeout=WAIT_MS)
        expect(page.locator("#tilecard-title")).to_contain_text(f"lay it on {later['cell']}")
        expect(page.locator(f'#board .cell[data-cell="{later["cell"]}"]')).to_have_class(
            __import__("re").compile(r"\blay-now\b"))
        # the tile laid first is no longer dimmed; one not laid yet (the last loose one) is
        assert "unlaid" not in (page.locator(f'#board .cell[data-cell="{first["cell"]}"]').get_attribute("class") or "")
        assert "unlaid" in (page.locator('#board .cell[data-cell="f1"]').get_attribute("class") or "")
        # a fixed tile (never laid by hand) is never dimmed
        assert "unlaid" not in (page.locator('#board .cell[data-cell="c3"]').get_attribute("class") or "")
        screenshot(page, "companion-tiles-layout.png")
        assert not problems, problems
    finally:
        svc.stop()


def test_the_tiles_follow_the_push(browser: Any, tmp_path: Path) -> None:
    from playwright.sync_api import expect

    svc = Service(tmp_path, "labyrinth", "--sit-after", "2", "--players", "2",
                  config_extra="[labyrinth]\nguided_layout = false\n")  # on by default for a real board
    problems: list[str] = []
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(svc.url)
        started = svc.wait_event("game_started", timeout_s=90)
        expect(page.locator("#tilecard-title")).to_have_text("The spare tile, as turned", timeout=WAIT_MS)
        expect(page.locator("#tilecard-tile")).to_have_attribute("data-tile", started["spare"], timeout=WAIT_MS)
        pushed = svc.wait_event("shifted", timeout_s=90)
        after = as_cells(pushed["layout"])
        assert after != as_cells(started["layout"])
        page.wait_for_function("(want) => [...document.querySelectorAll('#board .cell')].every("
                               "(c) => (c.querySelector('.ctile') || {dataset: {}}).dataset.tile === want[c.dataset.cell])",
                               arg=after, timeout=WAIT_MS)
        screenshot(page, "companion-tiles-play.png")
        assert not problems, problems
    finally:
        svc.stop()


def test_the_struggle_track_on_the_companion_page(browser: Any, tmp_path: Path) -> None:
    """Struggle on the real board's companion page: the track drawn as the simulator draws it (its
    spaces' kinds, start to finish, the arrival places), not a row of sensor chips; the tokens where
    the board's announcements put them."""
    from playwright.sync_api import expect

    svc = Service(tmp_path, "struggle", "--sit-after", "2", "--players", "2")
    problems: list[str] = []
    try:
        page = browser.new_page(viewport=PHONE)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(svc.url)
        started = svc.wait_event("game_started", timeout_s=90)
        track = started["track"]
        expect(page.locator("#board.track")).to_be_visible(timeout=WAIT_MS)
        expect(page.locator("#board .space")).to_have_count(len(track) + 5, timeout=WAIT_MS)
        kinds = page.evaluate("() => Object.fromEntries([...document.querySelectorAll('#board .space')]"
                              ".map((s) => [s.dataset.name, s.dataset.kind]))")
        assert kinds == {**{f"s{i}": k for i, k in enumerate(track)},
                         **{f"place-{p}": "place" for p in "ABCDE"}}
        assert page.locator('#extras .chip[data-name="s0"]').is_hidden()  # on the track, not a chip
        expect(page.locator('#board .space[data-name="s0"] .toks')).to_have_text("K Q J 10 9", timeout=WAIT_MS)
        svc.wait_event("played", timeout_s=90)
        screenshot(page, "companion-struggle.png")

        def page_matches_the_last_play() -> bool:
            last = [e for e in svc.events() if e["type"] in ("played", "round_started")][-1]
            if last["type"] != "played":
                return False
            shown = page.evaluate("() => Object.fromEntries([...document.querySelectorAll('#board .space')]"
                                  ".map((s) => [s.dataset.name, s.querySelector('.toks').textContent]))")
            return all(t in shown[f"s{i}"].split() for t, i in last["spaces"].items())

        deadline = time.monotonic() + 30
        while not page_matches_the_last_play():
            assert time.monotonic() < deadline, "the tokens on the page do not follow the last play"
            time.sleep(0.2)
        assert not problems, problems
    finally:
        svc.stop()

"""A seat's private page when the simulator is stopped and started again (Debian's headless
Chromium): the restarted server no longer knows the claim, so the page must not keep showing the old
game's card behind "disconnected: retrying..." for ever (a newcomer's finding) -- it says the seat is
no longer this browser's, shows no card, and links to the board's page to claim again. While the
server is down it says so."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from test_game_browser import WAIT_MS, private_pages  # noqa: E402

pytestmark = pytest.mark.browser


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(port: int) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-m", "mazeboard.controller.cli", "sim", "--game", "labyrinth",
                             "--seed", "3", "--humans", "red", "--port", str(port)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    assert re.search(r"http://127\.0\.0\.1:\d+/", proc.stdout.readline())
    return proc


def test_a_private_page_after_the_server_restarted_says_the_seat_is_gone(browser: Any) -> None:
    from playwright.sync_api import expect

    port = free_port()
    proc = start(port)
    try:
        page = private_pages(browser, f"http://127.0.0.1:{port}/", ("red",))["red"]
        expect(page.locator("#secret")).not_to_have_attribute("data-cards", "", timeout=WAIT_MS)
        proc.terminate()
        proc.wait(timeout=20)
        expect(page.locator("#seat-note")).to_contain_text("cannot be reached", timeout=WAIT_MS)
        proc = start(port)
        expect(page.locator("#seat-note")).to_contain_text("no longer held by this browser", timeout=WAIT_MS)
        expect(page.locator("#secret")).to_have_attribute("data-cards", "")
        assert page.locator("#seat-note a").get_attribute("href") == "/"
        # the badge agrees with the note: nothing is retried any more (round 27: "disconnected: retrying…" stayed)
        expect(page.locator("#conn")).to_have_text("not this browser's seat", timeout=WAIT_MS)
    finally:
        proc.terminate()
        proc.wait(timeout=20)

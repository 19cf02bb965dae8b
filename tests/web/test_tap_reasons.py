"""Two things a newcomer met on a phone (issue 15), in a real headless Chromium.

* A greyed-out control gave no reason on a phone: the reason was only in the hover tooltip (a
  phone has no hover), and a disabled ``<button>`` gets no click, so a tap on it showed nothing.
  Now a tap on a control that is off says its reason on the page's message line (``#error``), on
  each game page; the control still looks off, is still unavailable to a screen reader
  (``aria-disabled``), and sends nothing to the board.
* The first frame contradicted itself: the header badge said "connected" while the prompt still
  said "Connecting to the board…" over an empty board. The badge says "connected" only once the
  board's first view (its hello) is there.
"""

from __future__ import annotations

import re
import subprocess
import sys
from typing import Any, Iterator

import pytest

from test_browser import WAIT_MS

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


#: the Labyrinth page's greyed Rotate, Done and Lift pawn: an opaque grey (labyrinth.css)
GREYED_LABYRINTH = ("rgb(111, 111, 100)",)

def serve(*args: str) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "mazeboard.controller.cli", "sim", "--port", "0", "--seed", "3", "--humans", "red",
         *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    m = re.search(r"(http://127\.0\.0\.1:\d+/)", proc.stdout.readline())
    assert m, proc.stderr.read() if proc.stderr else ""
    return proc, m.group(1)


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone: 390x844, touch, no mouse hover to read a tooltip with."""
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    yield page
    context.close()
    assert problems == [], problems


def tap(page: Any, selector: str) -> None:
    """A finger on the control's middle (not Playwright's click, which waits for it to be enabled)."""
    el = page.locator(selector)
    el.scroll_into_view_if_needed()
    box = el.bounding_box()
    assert box, f"{selector} is not on the page"
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def reason(page: Any, selector: str) -> str:
    """The control's reason as its tooltip gives it ("Done (D): does nothing now: ...")."""
    title = page.locator(selector).get_attribute("title") or ""
    assert ": " in title, title
    return title.split(": ", 1)[1]


def check_tap_says_why(page: Any, selector: str) -> None:
    from playwright.sync_api import expect

    el = page.locator(selector)
    expect(el).to_be_disabled()  # Playwright: the disabled attribute or aria-disabled
    assert el.get_attribute("aria-disabled") == "true" or el.get_attribute("disabled") is not None
    expect(page.locator("#error")).to_have_text("")
    why = reason(page, selector)
    assert why
    tap(page, selector)
    expect(page.locator("#error"), f"a tap on the greyed-out {selector} says nothing").to_contain_text(why, timeout=3000)
    # still looks off: greyed and a not-allowed cursor
    # (see-through on the Magic and Struggle pages; the Labyrinth's greyed buttons are an opaque grey,
    # so the spare's darker box does not show through Rotate: test_greyed_rotate_looks_like_greyed_done)
    style = page.evaluate("""(s) => { const c = getComputedStyle(document.querySelector(s));
        return [c.opacity, c.cursor, c.filter, c.backgroundColor]; }""", selector)
    greyed = float(style[0]) < 0.7 or "grayscale" in style[2] or style[3] in GREYED_LABYRINTH
    assert greyed and style[1] == "not-allowed", style
    # and a screen reader still hears it is unavailable
    assert page.evaluate("(s) => document.querySelector(s).matches(':disabled, [aria-disabled=\"true\"]')", selector)


def test_magic_a_tap_on_greyed_done_says_why(phone: Any) -> None:
    from playwright.sync_api import expect

    proc, url = serve("--maze", "e6-f6", "--speed", "20")
    try:
        phone.goto(url)
        # (on a phone, before the first roll, what comes after Roll is said under it: test_magic_newcomer18)
        expect(phone.locator("#prompt")).to_have_text(re.compile(r"^Red: press Roll\."), timeout=WAIT_MS)
        check_tap_says_why(phone, "#done")  # before the roll: Done does nothing
        # the keyboard refuses the same way, and the board heard nothing: still red's roll
        phone.locator("#error").evaluate("e => e.textContent = ''")
        phone.keyboard.press("d")
        expect(phone.locator("#error")).to_contain_text(reason(phone, "#done"))
        expect(phone.locator("#prompt")).to_have_text(re.compile(r"^Red: press Roll\."))
        # an enabled control still acts on a tap
        tap(phone, "#roll")
        expect(phone.locator("#die")).not_to_have_attribute("data-value", "", timeout=WAIT_MS)
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.mark.parametrize(("game", "prompt", "greyed"), [
    ("labyrinth", "Red: turn the spare with Rotate", ("#done",)),  # no Done before the push
    ("struggle", "Red: press Throw", ("#stop", '.pdie[data-die="1"]')),  # nothing thrown yet: no Stop, no die to hold
], ids=["labyrinth", "struggle"])
def test_a_tap_on_a_greyed_control_says_why(phone: Any, game: str, prompt: str, greyed: tuple[str, ...]) -> None:
    from playwright.sync_api import expect

    proc, url = serve("--game", game, "--speed", "20")
    try:
        phone.goto(url)
        expect(phone.locator("#prompt")).to_contain_text(prompt, timeout=WAIT_MS)
        for selector in greyed:
            phone.locator("#error").evaluate("e => e.textContent = ''")
            check_tap_says_why(phone, selector)
        expect(phone.locator("#prompt")).to_contain_text(prompt)  # the board heard nothing
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def hold_the_board(page: Any) -> Any:
    """Route the page's WebSocket through the test, holding back everything the board says until
    the returned function is called (the page then gets it all, in order)."""
    held: list[Any] = []
    state: dict[str, Any] = {"holding": True, "page_side": None}

    def route(ws: Any) -> None:
        server = ws.connect_to_server()
        state["page_side"] = ws

        def from_board(message: Any) -> None:
            if state["holding"]:
                held.append(message)
            else:
                ws.send(message)
        server.on_message(from_board)
    page.route_web_socket(re.compile(r"/ws"), route)

    def release() -> None:
        state["holding"] = False
        for message in held:
            state["page_side"].send(message)
    return release


@pytest.mark.parametrize("game", ["magic-labyrinth", "labyrinth", "struggle"])
def test_connected_only_once_the_board_has_spoken(browser: Any, game: str) -> None:
    from playwright.sync_api import expect

    proc, url = serve("--game", game, "--speed", "20")
    try:
        page = browser.new_page(viewport=PHONE)
        release = hold_the_board(page)
        page.goto(url)
        page.wait_for_timeout(1500)  # the socket is open; the board's hello is held back
        assert "Connecting to the board" in page.locator("#prompt").inner_text()
        conn = page.locator("#conn")
        assert conn.get_attribute("data-state") != "open" and conn.inner_text() != "connected", \
            f"the badge says {conn.inner_text()!r} while the prompt still says 'Connecting to the board…'"
        release()
        expect(conn).to_have_text("connected", timeout=WAIT_MS)
        expect(conn).to_have_attribute("data-state", "open")
        expect(page.locator("#prompt")).not_to_contain_text("Connecting to the board", timeout=WAIT_MS)
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)

"""What the Labyrinth newcomers of round 2 (issue 15) still met, in Debian's headless Chromium at a
phone's 390x844 and at 1920x1080: "Open your secret card page" said once per screen however many
seats this browser holds, and a phone's board using the screen's width (tiles of at least 46 px,
nothing wider than the screen)."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from test_labyrinth_newcomer_third import DESKTOP, PHONE, WAIT_MS, open_page, push, to_shift
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-390x844", "desktop-1920x1080"])


@pytest.fixture
def url() -> Iterator[str]:
    """Red and Blue both played from this browser (a hot seat: both seats claimed here), a short game;
    one server a test, as the seats claimed stay with the server."""
    with serving(("--game", "labyrinth", "--cards-each", "2", "--humans", "red,blue", "--seed", "9135",
                           "--speed", "3")) as address:
        yield address


def claim(page: Any, colour: str) -> None:
    from playwright.sync_api import expect

    page.locator(f"button.seat-claim.{colour}").click(timeout=WAIT_MS)
    expect(page.locator(f"a.seat-link.{colour}")).to_be_visible(timeout=WAIT_MS)


#: what a person reads on the page now (visible text only; closed dialogs and hidden boxes left out)
VISIBLE = "() => document.body.innerText"


@SIZES
def test_the_secret_card_page_is_said_once_for_two_seats(browser: Any, url: str, size: tuple[int, int]) -> None:
    page = open_page(browser, url, size)
    claim(page, "red")
    claim(page, "blue")
    page.wait_for_timeout(300)
    said = re.findall(r"secret card page", page.evaluate(VISIBLE), re.I)
    assert len(said) == 1, f"said {len(said)} times: {page.locator('#private-links').inner_text()!r}"
    for colour in ("red", "blue"):  # each seat still opens its own page, named by its colour
        link = page.locator(f"a.seat-link.{colour}")
        assert link.get_attribute("href") == f"/seat/{colour}"
        assert colour in link.inner_text().lower(), link.inner_text()
        box = link.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= size[0], box
    page.close()


def test_one_seat_still_says_what_its_link_opens(browser: Any, url: str) -> None:
    page = open_page(browser, url, PHONE)
    claim(page, "red")
    assert re.search(r"open your secret card page", page.locator("a.seat-link.red").inner_text(), re.I)
    page.close()


#: the tiles' width, the board's frame and how wide the page scrolls (px)
BOARD = """() => { const t = [...document.querySelectorAll('#maze .tile')].map(e => e.getBoundingClientRect().width),
    f = document.querySelector('.maze-frame').getBoundingClientRect();
    return {tile: Math.min(...t), left: f.left, right: f.right, scroll: document.documentElement.scrollWidth}; }"""


def test_a_phones_board_uses_the_width(browser: Any, url: str) -> None:
    page = open_page(browser, url, PHONE)
    claim(page, "red")  # as the newcomer did: a taller header
    for phase in ("shift", "move"):
        if phase == "move":
            push(page)
        else:
            to_shift(page)
        board = page.evaluate(BOARD)
        assert board["tile"] >= 46, f"{phase}: tiles of {board['tile']:.1f} px on a 390 px phone"
        assert board["left"] >= 0 and board["right"] <= PHONE[0], f"{phase}: the board overflows: {board}"
        assert board["scroll"] <= PHONE[0], f"{phase}: the page scrolls sideways: {board}"
    page.close()


def test_the_seat_tip_goes_when_every_seat_is_taken_elsewhere(browser: Any, url: str) -> None:
    """The tip "Press your colour beside Your seat" points to a seat this page can take: once each seat
    played here is another browser's (🔒), it points nowhere and is not said."""
    other = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    try:
        phone = other.new_page()
        phone.goto(url)
        for colour in ("red", "blue"):
            claim(phone, colour)
        page = open_page(browser, url, DESKTOP)
        page.wait_for_function("() => MB.seats && MB.seats.taken.length === 2 && !document.getElementById('guide').hidden",
                               timeout=WAIT_MS)
        page.wait_for_timeout(300)
        tip = page.locator("#guide .guide-text").inner_text()
        assert "your seat" not in tip.lower(), tip
        page.close()
    finally:
        other.close()


# -- round 22b: what the newcomer of --humans red met ----------------------------------------------

#: Red played here, Blue simulated, two cards each (the newcomer's game)
RED_ARGS = ("--game", "labyrinth", "--cards-each", "2", "--humans", "red", "--seed", "9135", "--speed", "3")
#: both colours simulated, one card each, brisk: a game that ends while watched
OVER_ARGS = ("--game", "labyrinth", "--cards-each", "1", "--humans", "none", "--seed", "9135", "--speed", "20")

@pytest.fixture
def red_url() -> Iterator[str]:
    """Red played here, Blue simulated, two cards each (the newcomer's game)."""
    with serving(RED_ARGS) as address:
        yield address


@pytest.fixture
def over_url() -> Iterator[str]:
    """Both colours simulated, one card each, brisk: a game that ends while watched."""
    with serving(OVER_ARGS) as address:
        yield address


#: each picture tile: its box, its disc's box and its open sides (page pixels)
PICTURE_TILES = """() => [...document.querySelectorAll('#maze .tile')].filter(t => t.querySelector('.pic') && !t.querySelector('.lpawn'))
    .map(t => { const b = (e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
      return {cell: t.dataset.cell, tile: b(t), disc: b(t.querySelector('.pic')), open: t.dataset.tile.split(':')[0]}; })"""
PATH = (241, 223, 180)  # labyrinth.css: .tile .path rect


@SIZES
def test_a_picture_tiles_paths_stay_readable_under_its_picture(browser: Any, red_url: str, size: tuple[int, int]) -> None:
    """Each open side's path shows from the tile's edge up to the picture's disc, in the page's pixels
    (no name or badge across it), and the disc is narrower than the corridor (32 % of the tile), so
    the path shows on both sides of it where the ways meet."""
    from io import BytesIO

    from PIL import Image

    page = open_page(browser, red_url, size)
    to_shift(page)
    page.wait_for_timeout(500)
    shot = Image.open(BytesIO(page.screenshot())).convert("RGB")
    tiles = page.evaluate(PICTURE_TILES)
    assert len(tiles) >= 12
    wrong = []
    for t in tiles:
        tile, disc = t["tile"], t["disc"]
        if disc["w"] > 0.30 * tile["w"]:
            wrong.append(f"{t['cell']}: disc {disc['w']:.0f} px of a {tile['w']:.0f} px tile")
        cx, cy = disc["x"] + disc["w"] / 2, disc["y"] + disc["h"] / 2
        # from 3 px inside the edge (the tile's rounded corner) to 3 px off the rim (the disc's own ring)
        ends = {"N": (tile["y"] + 3, disc["y"] - 3), "S": (tile["y"] + tile["h"] - 3, disc["y"] + disc["h"] + 3),
                "W": (tile["x"] + 3, disc["x"] - 3), "E": (tile["x"] + tile["w"] - 3, disc["x"] + disc["w"] + 3)}
        for side in t["open"]:
            a, b = ends[side]
            for k in range(9):
                v = a + (b - a) * k / 8
                x, y = (cx, v) if side in "NS" else (v, cy)
                px = shot.getpixel((int(x), int(y)))
                if sum(abs(p - q) for p, q in zip(px, PATH)) > 90:
                    wrong.append(f"{t['cell']} {side}: {px} at {int(x)},{int(y)}")
                    break
    assert not wrong, f"paths hidden under a picture: {wrong}"
    page.close()


@SIZES
def test_a_pawn_stands_wholly_inside_its_tile(browser: Any, red_url: str, size: tuple[int, int]) -> None:
    """Each pawn on the board, its bob at the highest and its shadow counted, lies within its tile."""
    page = open_page(browser, red_url, size)
    page.wait_for_timeout(300)
    boxes = page.evaluate(r"""() => [...document.querySelectorAll('#maze .tile .lpawn')].map(p => {
        p.getAnimations().forEach(a => { a.pause(); a.currentTime = 600; });  // the bob at its highest (board.css)
        const r = p.getBoundingClientRect(), t = p.closest('.tile').getBoundingClientRect();
        const sh = /(-?[\d.]+)px (-?[\d.]+)px ([\d.]+)px/.exec(getComputedStyle(p).boxShadow) || [0, 0, 0, 0],
          dy = +sh[2], blur = +sh[3];
        return {pawn: [r.left - blur, r.top + dy - blur, r.right + blur, r.bottom + dy + blur], tile: [t.left, t.top, t.right, t.bottom]}; })""")
    assert len(boxes) >= 2
    for b in boxes:
        (l, t, r, bo), (tl, tt, tr, tb) = b["pawn"], b["tile"]
        assert l >= tl and t >= tt and r <= tr and bo <= tb, f"the pawn {b['pawn']} spills out of its tile {b['tile']}"
    page.close()


def test_the_docs_say_where_a_labyrinth_pawn_stands() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "browser-sim.md").read_text(encoding="utf-8")
    assert not re.search(r"Labyrinth tile's picture\) steps aside", text), "a Labyrinth pawn is no longer said to be lower right"
    assert re.search(r"Labyrinth a pawn alone on its tile stands on the tile's middle", text), "where a Labyrinth pawn stands"
    assert re.search(r"Two pawns or more on one tile\s+stand in its corners", text), "where several stand"


def test_score_and_cards_left_are_told_apart(browser: Any, red_url: str) -> None:
    page = open_page(browser, red_url, PHONE)
    row = page.locator('#players .player[data-player="red"] .tokens').inner_text()
    assert re.search(r"found 0\s*·\s*2 left", row), row
    page.close()


def at_game_over(browser: Any, url: str, size: tuple[int, int]) -> tuple[Any, str]:
    """A watching page of ``url``'s game once it is over (and drawn): the page and the winner."""
    page = open_page_watch(browser, url, size)
    page.wait_for_function("() => S.view && S.view.phase === 'over'", timeout=120_000)
    page.wait_for_timeout(500)
    return page, page.evaluate("() => S.view.winner")


def test_the_winners_row_says_no_stale_cards_left(browser: Any, over_url: str) -> None:
    page, winner = at_game_over(browser, over_url, PHONE)
    row = page.locator(f'#players .player[data-player="{winner}"]')
    assert "back to" not in row.inner_text(), row.inner_text()
    assert "home" in row.locator(".tokens").inner_text(), row.inner_text()
    for other in page.evaluate("() => S.view.players.filter(p => p !== S.view.winner)"):  # only the winner is home
        said = page.locator(f'#players .player[data-player="{other}"] .tokens').inner_text()
        assert "home" not in said and "back to" not in said, said
    box = row.bounding_box()
    assert box and box["height"] <= 60, f"the winner's row wraps: {box}"
    page.close()


def test_game_over_says_what_the_tinted_board_means(browser: Any, over_url: str) -> None:
    page, winner = at_game_over(browser, over_url, DESKTOP)
    said = page.evaluate(VISIBLE)
    assert re.search(rf"{winner} wins! The board's lights celebrate in every colour, then glow in the winner's", said, re.I), said[-400:]
    page.close()


def open_page_watch(browser: Any, url: str, size: tuple[int, int]) -> Any:
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, has_touch=size == PHONE)
    page.goto(url)
    expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
    return page


def test_the_phones_first_screen_tells_of_the_secret_card(browser: Any, red_url: str) -> None:
    page = open_page(browser, red_url, PHONE)
    page.wait_for_timeout(300)
    hints = page.evaluate("""() => [...document.querySelectorAll('body *')].filter(e => e.children.length === 0
        && /secret card/i.test(e.textContent) && e.offsetWidth > 0).map(e => e.getBoundingClientRect().bottom)""")
    assert hints and min(hints) <= 844, f"no word of the secret card on the first screen: {hints}"
    page.close()


def test_the_logs_last_entry_is_whole(browser: Any, over_url: str) -> None:
    """Wide: the log's scrolling box ends at a whole entry, never mid-line (a game's worth of entries)."""
    page = open_page_watch(browser, over_url, DESKTOP)
    page.wait_for_function("() => S.view && S.view.phase === 'over'", timeout=120_000)
    page.wait_for_timeout(500)
    fit = page.evaluate("""() => { const l = document.getElementById('log'), r = l.getBoundingClientRect(),
        bottom = r.top + l.clientTop + l.clientHeight;
        const cut = [...l.children].map(e => e.getBoundingClientRect()).filter(e => e.top < bottom - 0.5 && e.bottom > bottom + 0.5);
        return {over: l.scrollHeight > l.clientHeight, cut: cut.length, bottom}; }""")
    assert fit["over"], "the log does not scroll yet: no test"
    assert fit["cut"] == 0, f"an entry is cut at the bottom of the log: {fit}"
    page.close()

"""What the Labyrinth newcomer of round 25 (issue 15, newcomer round 7) still met: a click on a tile
out of reach answered "lift the pawn to put it there" while Lift is off (an invitation to jump)."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from mazeboard.hal.labyrinth import GRID
from mazeboard.sim.web.labyrinth_table import Insert
from mazeboard.sim.web.protocol import Slide

from test_game_tables import serve
from test_labyrinth_newcomer_third import DESKTOP, PHONE, ROOT, WAIT_MS, open_page, push
from test_labyrinth_round22 import RED_ARGS
from test_plain_words_browser import serving


# -- 1. a tile out of reach: never an invitation to lift -----------------------------------------------

def _far_cell(reach: list[str], here: str) -> str:
    return next(c for c in GRID.cells if c not in reach and not GRID.adjacent(here, c))


def test_the_server_refuses_a_tile_out_of_reach_without_inviting_a_lift() -> None:
    s = serve("labyrinth")
    s.do(Insert("S-b"), 3000)
    s.until(lambda: s.table.view()["phase"] == "move")
    here = s.table.world_state()["pawns"]["red"]
    far = _far_cell(s.table.view()["reachable"]["red"], here)
    s.do(Slide("red", far), 1000)
    said = s.errors()[-1]
    assert "lift" not in said.lower(), said
    assert f"{far} cannot be reached from {here}" in said, said
    assert s.table.world_state()["pawns"]["red"] == here


@pytest.fixture(scope="module")
def red_url() -> Iterator[str]:
    """Red played here, Blue simulated, two cards each (the newcomer's game)."""
    with serving(RED_ARGS) as address:
        yield address


@pytest.mark.browser
def test_a_click_on_a_tile_out_of_reach_says_so_in_the_pages_words(browser: Any, red_url: str) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, red_url, PHONE, guide=False)
    push(page)
    far = page.evaluate("""() => { const reach = S.view.reachable.red || [], here = S.world.pawns.red;
        const far = [...document.querySelectorAll('#maze .tile')].map(t => t.dataset.cell)
          .filter(c => !reach.includes(c) && c !== here);
        return far[far.length - 1]; }""")
    page.locator(f'#maze .tile[data-cell="{far}"]').tap()
    expect(page.locator("#error")).to_contain_text("cannot be reached", timeout=WAIT_MS)
    text = page.locator("#error").inner_text()
    page.screenshot(path="/tmp/lab25/unreachable.png")
    page.close()
    assert "lift" not in text.lower(), text
    assert far in text and "framed in your colour" in text, text


# -- 2. no dark frame left where an LED went out ---------------------------------------------------

#: a tile lit in Blue's dim reach colour (not a start corner: its LED is drawn as the 🏠 marker)
LIGHT = """() => { const t = [...document.querySelectorAll('#maze .tile')].find(t => !Object.values(S.hello.corners).includes(t.dataset.cell));
    window.PROBE = {t, keep: S.pixels}; S.pixels = S.pixels.slice(); S.pixels[S.hello.layout[t.dataset.cell]] = '#00124c'; drawLeds();
    return t.dataset.cell; }"""
#: then its LED off (as at the end of Blue's turn): the tile's frame as drawn in the very next rendering
OFF = """() => { const {t, keep} = window.PROBE, led = t.querySelector('.led');
    const lit = parseFloat(getComputedStyle(led).opacity);
    S.pixels[S.hello.layout[t.dataset.cell]] = '#000000'; drawLeds();
    const off = parseFloat(getComputedStyle(led).opacity);
    S.pixels = keep; drawLeds(); return {lit, off, led: t.dataset.led, cell: t.dataset.cell}; }"""


@pytest.mark.browser
def test_an_led_that_goes_out_leaves_no_dark_frame(browser: Any, red_url: str) -> None:
    """Blue's reach frames were seen dark on Red's turn (newcomer round 7, w12/w13/w30): the LED's colour
    went black at once while the frame faded out, and a screenshot (or a slow phone's next frame) caught
    a black frame. An LED that goes out takes its frame with it at once."""
    page = open_page(browser, red_url, DESKTOP, guide=False)
    page.evaluate(LIGHT)
    page.wait_for_timeout(500)  # lit in full
    st = page.evaluate(OFF)
    page.close()
    assert st["lit"] > 0.5, st
    assert st["off"] == 0, f"a tile whose LED went out is still framed (opacity {st['off']}, colour {st['led']})"


@pytest.mark.parametrize("css", ["labyrinth.css", "board.css", "struggle.css"])
def test_every_games_leds_go_out_at_once(css: str) -> None:
    """The same for the Magic Labyrinth's cells and Struggle's spaces: the LED's fade is on lighting
    only (the rule of a lit LED carries the transition; an unlit one has none)."""
    text = (ROOT / "hal" / "web" / "static" / css).read_text(encoding="utf-8")
    led_rules = re.findall(r"\n\.(?:tile|cell|space) \.led \{[^}]*\}", text)
    assert led_rules, f"no LED rule in {css}"
    assert all("transition" not in r for r in led_rules), f"{css}: an LED fades out in its own colour: {led_rules}"


# -- 3. a seat held by another screen, and a simulated colour's seat ---------------------------------

SEATS = """() => ({seats: Object.fromEntries([...document.querySelectorAll('#private-links [data-seat]')].map(e =>
    [e.dataset.seat, {text: e.textContent, button: e.tagName === 'BUTTON' || e.tagName === 'A'}])),
  rows: Object.fromEntries([...document.querySelectorAll('#players .player')].map(r => [r.dataset.player, r.querySelector('.who').textContent]))})"""


@pytest.mark.browser
def test_a_seat_held_by_another_screen_and_a_simulated_seat_say_so(browser: Any) -> None:
    """p01/w33 (newcomer round 7): a second browser read "Your seat: Red 🔒 Release" beside "Red you" (as if
    "you are red: press to leave"), and Blue, played by the computer, could be claimed (its secret card read)."""
    with serving(RED_ARGS) as red_url:  # a game of its own: the red seat stays held after the test
        st, refused = _two_screens(browser, red_url)
    assert "red" in st["seats"]["red"]["text"].lower(), st
    # round 8: the seat is the secret card; red is still played from this page, its card on the other screen
    assert "card elsewhere" in st["rows"]["red"], f"the player list hides whose card is elsewhere: {st}"
    assert "card" in st["seats"]["red"]["text"].lower(), st
    assert "simulated" in st["seats"]["blue"]["text"] and not st["seats"]["blue"]["button"], st
    assert refused["status"] == 409 and "simulated" in refused["body"]["error"], refused


def _two_screens(browser: Any, red_url: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """Red's seat claimed on a first browser; what a second one shows, and its claim of Blue's seat."""
    from playwright.sync_api import expect

    first = browser.new_context(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    second = browser.new_context(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
    try:
        a = first.new_page()
        a.goto(red_url)
        claim = a.locator('#private-links [data-seat="red"]')
        expect(claim).to_be_visible(timeout=WAIT_MS)
        if a.locator('#private-links a[data-seat="red"]').count() == 0:
            claim.click()
        expect(a.locator('#private-links a[data-seat="red"]')).to_be_visible(timeout=WAIT_MS)
        b = second.new_page()
        b.goto(red_url)
        expect(b.locator('#private-links [data-seat="red"]')).to_contain_text("another screen", timeout=WAIT_MS)
        b.wait_for_function("() => S.view && document.querySelectorAll('#players .player').length === 2", timeout=WAIT_MS)
        b.wait_for_timeout(300)
        st = b.evaluate(SEATS)
        b.screenshot(path="/tmp/lab25/seats-second.png")
        refused = b.evaluate("""async () => { const r = await fetch('/seat/blue/claim', {method: 'POST'});
            return {status: r.status, body: await r.json()}; }""")
    finally:
        first.close()
        second.close()
    return st, refused


# -- 4. the README says how each game is played in the browser -------------------------------------

def test_the_readme_says_how_each_game_is_played_in_the_browser() -> None:
    """The README's "Play in your browser" spoke of the Magic Labyrinth's controls only ("click, drag or
    arrow keys"): each game has its own short line. (The arrow keys then did nothing in Labyrinth; since Labyrinth
    newcomer 21 they step the pawn a tile there, and its line says so: test_readme_newcomer_rules.py.)"""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Play in your browser", 1)[1].split("\n## ", 1)[0]
    items = [" ".join(item.split()) for item in re.split(r"\n(?=- )|\n\n", section)]  # a list item, its lines joined
    lines = {game: next((it for it in items if it.startswith(f"- **{game}**")), "")
             for game in ("The Magic Labyrinth", "Labyrinth", "Struggle")}
    assert all(lines.values()), f"a game without its own line of how to play it: {lines}"
    assert "arrow keys" in lines["The Magic Labyrinth"] and "Roll" in lines["The Magic Labyrinth"]
    assert "Rotate" in lines["Labyrinth"] and "push" in lines["Labyrinth"]
    assert "Throw" in lines["Struggle"] and "Stop" in lines["Struggle"]
    assert "arrow keys" not in lines["Struggle"], "arrow keys for Struggle, which takes none"


# -- 5. no sideways scroll at a game's end on a phone; 6. a found picture stays with its words -------

#: the end of a game as the view says it (Blue, simulated, won with every card found; Red found one):
#: what the winner's row and the banner show
GAME_OVER = """(blue) => { Object.assign(S.view, {phase: 'over', winner: 'blue'});
    S.view.found = {red: ['keys'], blue}; S.view.remaining = {red: 1, blue: 0}; drawInfo();
    return [document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth]; }"""


@pytest.mark.parametrize("blue", [["sorceress", "crown"], ["sorceress", "crown", "keys", "moth", "book", "money", "skull"]],
                         ids=["two-found", "seven-found"])
@pytest.mark.browser
def test_a_phone_never_scrolls_sideways_at_the_games_end(browser: Any, red_url: str, blue: list[str]) -> None:
    """p08/p24 (newcomer round 7): at the end the page was 441 px wide on a 390 px phone (the winner's
    row "simulated · winner 🏆 ... found 1 · home 🏠")."""
    page = open_page(browser, red_url, PHONE, guide=False)
    page.evaluate(GAME_OVER, blue)
    page.wait_for_timeout(200)
    widths = page.evaluate("() => [document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth]")
    page.screenshot(path=f"/tmp/lab25/over-phone-{len(blue)}.png")
    page.close()
    assert max(widths[:2]) <= widths[2], f"the page scrolls sideways at the end: {widths}"


#: each player row's found pictures and its "found N": the last picture's line and the words' line
TOGETHER = """() => [...document.querySelectorAll('#players .player')].map(r => {
    const found = r.querySelector('.found'), lines = [...found.getClientRects()], score = r.querySelector('.score').getBoundingClientRect();
    const last = lines.length ? lines[lines.length - 1] : null;
    return {p: r.dataset.player, n: found.textContent.trim().length + found.querySelectorAll('svg').length,
            last: last && (last.top + last.bottom) / 2, top: score.top, bottom: score.bottom}; })"""


@pytest.mark.parametrize("size", [DESKTOP], ids=["desktop-1920x1080"])  # a phone's row says "found N" alone (newcomer 24)
@pytest.mark.browser
def test_a_found_picture_stays_on_the_line_of_its_words(browser: Any, red_url: str, size: tuple[int, int]) -> None:
    """w31/p24: Blue's 🗝️ alone at the top right of its row, "found 1 · back to 🏠" under it."""
    page = open_page(browser, red_url, size, guide=False)
    page.evaluate("() => { S.view.found = {red: ['money'], blue: ['keys']}; S.view.remaining = {red: 0, blue: 0}; drawInfo(); }")
    page.wait_for_timeout(200)
    rows = page.evaluate(TOGETHER)
    page.screenshot(path=f"/tmp/lab25/found-{size[0]}.png")
    page.close()
    for r in rows:
        assert r["n"] >= 1 and r["top"] <= r["last"] <= r["bottom"], f"a found picture is not on its words' line: {r}"

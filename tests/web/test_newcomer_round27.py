"""Round 27 (newcomer rounds 10 and 11): the log's colour dots stand in one column (a line that wrapped
onto two lines, or a bold one, its time of day in bold wider, drew its dot and words about 4 px left of
the others: the time's column shrank under a long line), and the pages' English says "click"."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from test_labyrinth_last_confusions import SIZES, open_page  # noqa: E402
from test_plain_words_browser import serving  # noqa: E402

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with serving(("--game", "labyrinth", "--seed", "7", "--humans", "red,blue", "--speed", "0.1")) as address:
        yield address


LINES = """() => {
  const texts = { short: () => "Red a3 → a2", long: () => "Red pushed the spare in at W-2; E-2 is forbidden next, "
    + "and the pawns on the row rode along with their tiles to the other side", big: () => "Red wins" };
  for (const type of ["short", "long", "big", "short"]) MB.addLog({ type, t: 3_723_000, player: "red" }, texts, ["big"]);
  return [...document.querySelectorAll("#log li")].slice(0, 4).map((li) => ({
    dot: li.querySelector(".pdot").getBoundingClientRect().left,
    text: li.querySelector(".text").getBoundingClientRect().left,
    height: li.querySelector(".text").getBoundingClientRect().height,
    timeFits: li.querySelector(".t").scrollWidth <= li.querySelector(".t").clientWidth }));
}"""


@SIZES
def test_every_log_line_s_dot_and_words_stand_in_one_column(browser: Any, url: str, size: tuple[int, int]) -> None:
    page = open_page(browser, url, size)
    rows = page.evaluate(LINES)
    page.close()
    heights = [r["height"] for r in rows]
    assert max(heights) > 1.5 * min(heights), f"the long line does not wrap: {rows}"
    assert all(r["timeFits"] for r in rows), f"a time of day overflows its column: {rows}"
    assert len({round(r["dot"], 1) for r in rows}) == 1, rows
    assert len({round(r["text"], 1) for r in rows}) == 1, rows


def test_the_pages_english_says_click_and_leaves_tap_to_touch_screens() -> None:
    """Round 27: the Labyrinth move tip at 1920x1080 began "Click a tile …" and ended "Tap any tile …".
    English is written with "click" (i18n.js touchWords says "tap" on a touch screen); only a sentence
    meant for touch screens alone (its id ends in _tap or _touch) says "tap"."""
    import re

    static = Path(__file__).resolve().parents[2] / "hal" / "web" / "static"
    said = []
    for js in sorted(static.glob("*.js")):
        for ident, english in re.findall(r'I18N\.t\("([\w.]+)", "((?:[^"\\]|\\.)*)"', js.read_text(encoding="utf-8")):
            if re.search(r"\btap", english, re.I) and not ident.endswith(("_tap", "_touch")):
                said.append(f"{js.name} {ident}: {english[:60]}")
    assert not said, said


def test_a_wide_screen_s_player_row_says_its_tag_under_the_name_in_at_most_two_lines(browser: Any, url: str) -> None:
    """Round 27 at 1920x1080: "Red you · card on another screen · winner 🏆" wrapped into four short lines
    beside the name in the narrow column."""
    page = open_page(browser, url, (1920, 1080))
    box = page.evaluate("""() => { MB.seatElsewhere = (p) => p === 'red'; S.view.winner = 'red'; drawInfo();
        const who = document.querySelector('#players .player.red .who'), tag = who.querySelector('small');
        const line = parseFloat(getComputedStyle(tag).lineHeight) || 16;
        return { nameBottom: who.getBoundingClientRect().top + 16, tagTop: tag.getBoundingClientRect().top,
                 tagLines: Math.round(tag.getBoundingClientRect().height / line), text: tag.textContent }; }""")
    page.close()
    assert "card elsewhere" in box["text"] and "winner" in box["text"], box
    assert box["tagTop"] >= box["nameBottom"] - 2, f"the tag is beside the name: {box}"
    assert box["tagLines"] <= 2, box


def test_at_1920_a_refusal_for_a_click_on_the_tray_is_said_beside_the_click(browser: Any) -> None:
    """Magic round 11: a click on the tray (bottom left, under the board) was answered under the buttons
    in the right column, about 900 px away, easy to miss. Keys and near clicks keep the line where it is."""
    from test_magic_newcomer import ARGS, WAIT_MS, WIDE, serve

    proc, url = serve(ARGS)
    try:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        page.goto(url)
        page.wait_for_function("typeof S !== 'undefined' && S.view && S.world", timeout=WAIT_MS)
        pocket = page.locator("#tray .pocket").first
        pocket.click()
        page.wait_for_function("document.getElementById('error').textContent.length > 0", timeout=WAIT_MS)
        click, said = pocket.bounding_box(), page.locator("#error").bounding_box()
        page.close()
        assert click and said, (click, said)
        far = abs((said["x"] + said["width"] / 2) - (click["x"] + click["width"] / 2)) + abs(said["y"] - (click["y"] + click["height"]))
        assert far < 500, f"the refusal is {far:.0f} px from the click: {said} vs {click}"
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_the_card_page_says_where_the_card_shows_as_it_does(browser: Any, url: str) -> None:
    """Struggle round 10: the card page said "The shared board never shows it" while Struggle's board page in
    the browser that took the seat showed the card ("RED'S OBJECTIVE CARD (SECRET)"); Labyrinth round 11:
    the next words, "shows here and on the board's page in the browser that took the seat", were untrue for
    Labyrinth, whose board page never shows a card. What is true of every game: the LEDs never show it."""
    from test_game_browser import private_pages

    page = private_pages(browser, url, ("red",))["red"]
    note = page.locator("#note").inner_text()
    page.context.close()
    assert "shared board" not in note and "board's page" not in note and "LEDs never show it" in note, note

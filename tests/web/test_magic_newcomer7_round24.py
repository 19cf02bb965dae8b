"""Round 24 (newcomer round 7, Magic Labyrinth): what the page says when the newcomer clicks what is
not theirs, what the help says is drawn, and where the dialog opens."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.browser


@pytest.fixture
def wide_page(browser: Any) -> Any:
    from test_magic_newcomer import ARGS, WIDE, open_page, serve

    proc, url = serve(ARGS)
    page = open_page(browser, url, WIDE)
    yield page
    page.close()
    proc.terminate()
    proc.wait(timeout=10)


def test_a_click_on_the_simulated_player_s_pawn_says_whose_it_is(wide_page: Any) -> None:
    from playwright.sync_api import expect

    page = wide_page
    page.locator(".pawn.blue").click(force=True)  # blue stands on f6; red has not rolled
    expect(page.locator("#error")).to_have_text("that is Blue's pawn: yours is the red one on a1", timeout=5_000)


def test_a_click_on_the_simulated_player_s_cell_says_whose_pawn_it_is(wide_page: Any) -> None:
    from playwright.sync_api import expect

    page = wide_page
    page.locator('#board .cell[data-cell="f6"]').click(position={"x": 5, "y": 5})
    expect(page.locator("#error")).to_have_text("that is Blue's pawn: yours is the red one on a1", timeout=5_000)


def test_the_help_says_how_found_walls_are_drawn() -> None:
    """The help said "dark bars"; on screen a found wall is a pale cream outlined bar (board.css
    .wall.learned's ring), the one a ball drop just crossed a red bar."""
    import re
    from pathlib import Path

    static = Path(__file__).resolve().parents[2] / "hal" / "web" / "static"
    css = (static / "board.css").read_text()
    assert re.search(r"body\.magic \.wall\.learned \{[^}]*#f3d9b0", css)  # the cream ring drawn on the Magic page
    foot = re.search(r'<p class="foot"[^>]*>(.*?)</p>', (static / "index.html").read_text(), re.S)
    assert foot
    words = " ".join(foot.group(1).split())
    assert "dark bars" not in words, words
    assert "cream" in words and "red bar" in words, words


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_the_tips_name_keys_only_where_the_page_names_keys(browser: Any, size: str) -> None:
    """On a phone (board.css hides #help .keys) the tips said "(or the R key)" and "arrow keys"."""
    from playwright.sync_api import expect

    from test_magic_newcomer import ARGS, PHONE, WAIT_MS, WIDE, open_page, roll, serve

    proc, url = serve(ARGS)
    try:
        page = open_page(browser, url, PHONE if size == "phone" else WIDE, tips=True)
        text = page.locator("#guide .guide-text")
        expect(text).to_contain_text("Roll", timeout=WAIT_MS)
        said = [text.text_content() or ""]
        roll(page)
        expect(text).to_contain_text("A step:", timeout=WAIT_MS)
        said.append(text.text_content() or "")
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    keys = [t for t in said if "key" in t.lower()]
    if size == "phone":
        assert not keys, keys
        assert "tap" in said[1], said  # how a finger moves the pawn
    else:
        assert len(keys) == 2, said  # a keyboard's page keeps its keys


def test_a_ball_in_the_tray_leaves_its_corner_s_name_readable(browser: Any) -> None:
    """The newcomer read "botto● right": the tray ball covered its corner's name (wu0_wall.png)."""
    from test_magic_newcomer import WAIT_MS, WIDE
    from test_magic_return_controls import ball_dropped

    with ball_dropped(browser, WIDE) as page:
        page.wait_for_function("document.querySelector('#tray .pocket .tray-ball')", timeout=WAIT_MS)
        boxes = page.evaluate("""() => [...document.querySelectorAll('#tray .pocket')].map((p) => {
            const w = p.querySelector('.where'), b = p.querySelector('.tray-ball');
            const r = w.getBoundingClientRect(), q = b ? b.getBoundingClientRect() : null;
            return {text: w.textContent, right: r.right, ballLeft: q ? q.left : null,
                    fits: w.scrollWidth <= w.clientWidth + 0.5, pocketRight: p.getBoundingClientRect().right,
                    ballRight: q ? q.right : null};
        })""")
    for b in boxes:
        assert b["fits"], b  # each word of the name inside its box
        if b["ballLeft"] is not None:
            assert b["right"] <= b["ballLeft"], b  # the name ends before the ball begins
            assert b["ballRight"] <= b["pocketRight"], b


def test_the_new_game_dialog_opens_centred_over_a_dimmed_page(wide_page: Any) -> None:
    """Wide screen: the dialog looked off-centre over the board's right edge (w_new.png): it stands
    in the window's centre and the page behind it is dimmed, so it reads as the one thing to answer."""
    page = wide_page
    page.locator("#new-game").click()
    page.wait_for_function("document.getElementById('new-dialog').open")
    box = page.evaluate("""() => { const r = document.getElementById('new-dialog').getBoundingClientRect();
        const bd = getComputedStyle(document.getElementById('new-dialog'), '::backdrop').backgroundColor;
        return {cx: r.left + r.width / 2, cy: r.top + r.height / 2, w: innerWidth, h: innerHeight, backdrop: bd}; }""")
    assert abs(box["cx"] - box["w"] / 2) <= 2 and abs(box["cy"] - box["h"] / 2) <= 2, box
    alpha = [float(x) for x in box["backdrop"].replace("rgba(", "").rstrip(")").split(",")]
    assert len(alpha) == 4 and alpha[3] >= 0.4, box

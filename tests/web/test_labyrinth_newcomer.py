"""What the last newcomer stumbled on in the Labyrinth page (issue 15), in Debian's headless
Chromium: picture names readable on a phone, the Vader tile and the Vader pawn told apart and
named, the shorter game findable on the page, the claimed seat's link looking like a link to
open, and every sentence labyrinth.js / tiles.js build going through I18N.t."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

import pytest

from test_plain_words_browser import serve, serving, stop

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "hal" / "web" / "static"
WAIT_MS = 30_000
PHONE = (390, 844)
DESKTOP = (1920, 1080)


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """A Star Wars game with the Vader variant, red played from the page (blue slowly simulated)."""
    with serving(("--game", "labyrinth", "--edition", "star-wars", "--variant", "vader", "--seed", "7",
                           "--humans", "red", "--speed", "0.1")) as address:
        yield address


def open_page(browser: Any, url: str, size: tuple[int, int]) -> Any:
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, has_touch=size == PHONE)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(url)
    expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
    expect(page.locator("#maze .tile .pic").first).to_be_visible(timeout=WAIT_MS)
    assert not problems, problems
    return page


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-390x844", "desktop-1920x1080"])
def test_every_picture_name_is_readable_or_shown_whole_on_a_tap(browser: Any, url: str, size: tuple[int, int]) -> None:
    """Shown under the picture: at least 11 px and not cut short. Not shown (a phone's tiles are
    too small): the tile's tooltip names it whole, and a tap says it whole under the board."""
    from playwright.sync_api import expect

    page = open_page(browser, url, size)
    tiles = page.evaluate("""() => [...document.querySelectorAll('#maze .tile')].filter(t => t.querySelector('.pic'))
        .map(t => { const n = t.querySelector('.pic-name'), s = n && getComputedStyle(n);
          return {cell: t.dataset.cell, tile: t.dataset.tile, title: t.title, shown: !!n && n.offsetWidth > 0 && s.visibility !== 'hidden',
                  font: s ? parseFloat(s.fontSize) : 0, cut: !!n && n.scrollWidth > n.clientWidth, text: n ? n.textContent : ''}; })""")
    assert len(tiles) >= 24
    names = page.evaluate("(ids) => ids.map(pictureName)", [t["tile"].split(":")[1] for t in tiles])
    hidden = []
    for t, name in zip(tiles, names):
        assert not re.search(r"[a-z]-[a-z]", name) and name[:1].isupper(), f"{name!r} is not a name a person reads"
        assert name in t["title"], f"{t['cell']}: the tooltip {t['title']!r} does not name {name!r}"
        if t["shown"]:
            assert t["font"] >= 11, f"{t['cell']}: {t['text']!r} is {t['font']} px"
            assert not t["cut"], f"{t['cell']}: {t['text']!r} is cut short"
        else:
            hidden.append((t, name))
    for t, name in sorted(hidden, key=lambda h: -len(h[1]))[:2]:  # the longest names, tapped
        page.locator(f'#maze .tile[data-cell="{t["cell"]}"]').tap() if size == PHONE else \
            page.locator(f'#maze .tile[data-cell="{t["cell"]}"]').click()
        expect(page.locator("#picked")).to_contain_text(name, timeout=WAIT_MS)
        assert parseFloat_px(page, "#picked") >= 11
    page.close()


def test_a_tap_to_read_a_name_never_moves_the_pawn_before_the_push(browser: Any, url: str) -> None:
    """Red's turn, before the push: tapping tiles (to read their names) leaves the pawn on its start
    square and draws no warning; the line under the board says to push first."""
    from playwright.sync_api import expect

    page = open_page(browser, url, PHONE)
    assert page.evaluate("() => S.view.current === 'red' && S.view.phase === 'shift'")
    for cell in ("b1", "a2"):
        page.locator(f'#maze .tile[data-cell="{cell}"]').tap()
        expect(page.locator("#picked")).to_contain_text("push the spare in first", timeout=WAIT_MS)
        # ...and how, on a touch screen (Labyrinth newcomer 65 tapped an arrow once, then a tile, and waited for a push),
        # short beside the tile's paths (an attack: three lines over the spare and ⟳ Rotate)
        expect(page.locator("#picked")).to_contain_text("tap a lit arrow twice")
        b = page.locator("#picked").bounding_box()
        assert b and b["x"] >= 0 and b["x"] + b["width"] <= PHONE[0], f"the line under the board leaves the screen: {b}"
    page.wait_for_timeout(1500)
    assert page.evaluate("() => S.world.pawns.red") == "a1"
    assert "⚠" not in page.locator("#log").inner_text()
    page.close()


def parseFloat_px(page: Any, sel: str) -> float:
    return float(page.evaluate("(s) => parseFloat(getComputedStyle(document.querySelector(s)).fontSize)", sel))


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-390x844", "desktop-1920x1080"])
def test_the_vader_tile_and_the_vader_pawn_look_different_and_are_named(browser: Any, url: str, size: tuple[int, int]) -> None:
    page = open_page(browser, url, size)
    mark = page.locator("#maze .pic.vader-mark").first
    pawn = page.locator("#maze .lpawn.vader").first
    mark.wait_for(timeout=WAIT_MS)
    pawn.wait_for(timeout=WAIT_MS)
    look = page.evaluate("""() => { const m = document.querySelector('#maze .pic.vader-mark'),
        p = document.querySelector('#maze .lpawn.vader'), lum = (el) => { const c = getComputedStyle(el).backgroundImage + ' '
          + getComputedStyle(el).backgroundColor; const all = [...c.matchAll(/rgba?\\(([^)]+)\\)/g)]
          .map((m) => m[1].split(',').map(Number)).filter((n) => n.length < 4 || n[3] > 0);
          return all.reduce((t, n) => t + (n[0] + n[1] + n[2]) / 3, 0) / Math.max(1, all.length); };
        return {markText: m.textContent.trim(), pawnText: p.textContent.trim(), markLum: lum(m), pawnLum: lum(p),
                markTitle: m.closest('.tile').title + ' ' + m.title, pawnTitle: p.title}; }""")
    assert look["markText"] != look["pawnText"], look
    assert abs(look["markLum"] - look["pawnLum"]) >= 100, f"the tile's mark and the pawn are both dark: {look}"
    assert "Vader pawn" in look["pawnTitle"], look
    assert re.search(r"Vader.*start|start.*Vader", look["markTitle"]), look
    legend = page.locator("#legend")
    assert legend.is_visible(), "no legend says which is the Vader pawn and which the Vader tile"
    text = legend.inner_text()
    assert "Vader pawn" in text and re.search(r"Vader's (start )?tile", text), text
    page.close()


def test_a_vader_card_says_before_the_push_that_the_vader_pawn_moves(browser: Any) -> None:
    """Seed 10 deals red a card with Vader's mark first (Count Dooku): the push is planned for the
    Vader pawn, so the page says so before it, not only after."""
    from playwright.sync_api import expect

    proc, address = serve(("--game", "labyrinth", "--edition", "star-wars", "--variant", "vader", "--seed", "10",
                           "--humans", "red", "--speed", "1"))
    try:
        page = open_page(browser, address, DESKTOP)
        assert page.evaluate("() => S.view.phase === 'shift' && S.view.movers.join() === 'vader'")
        expect(page.locator("#mover")).to_contain_text("after the push you move: the Vader pawn", timeout=WAIT_MS)
        page.close()
    finally:
        stop(proc)


def test_the_help_names_the_shorter_game(browser: Any, url: str) -> None:
    page = open_page(browser, url, DESKTOP)
    page.click("#help-button")
    # where a newcomer finds it: the page's own dialog (no command line, no config file: issue 15)
    assert re.search(r"shorter game.*New game.*Cards each", page.locator("#help").inner_text(), re.S)
    page.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-390x844", "desktop-1920x1080"])
def test_the_claimed_seat_is_a_link_to_open_that_looks_like_one(browser: Any, size: tuple[int, int]) -> None:
    with serving(("--game", "labyrinth", "--seed", "7", "--humans", "red,blue", "--speed", "0.1")) as url:
        _claim_and_look(browser, url, size)


def _claim_and_look(browser: Any, url: str, size: tuple[int, int]) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, url, size)
    # one seat per browser: each size claims its own (both colours played here: a simulated one has no seat)
    colour = "red" if size == PHONE else "blue"
    page.locator(f"button.seat-claim.{colour}").click(timeout=WAIT_MS)
    link = page.locator(f"a.seat-link.{colour}")
    expect(link).to_have_attribute("href", f"/seat/{colour}", timeout=WAIT_MS)
    assert re.search(r"open your secret card page", link.inner_text(), re.I), link.inner_text()
    style = page.evaluate("""() => { const s = getComputedStyle(document.querySelector('a.seat-link'));
        return {bg: s.backgroundImage + s.backgroundColor, border: s.borderTopWidth, underline: s.textDecorationLine}; }""")
    assert style["underline"] == "underline" or ("gradient" in style["bg"] and style["border"] != "0px"), style
    # measured in the page (the seats row is drawn again with every seats message: a box read from
    # outside can fall between two drawings, seen once as None in CI)
    on_screen = """(c) => { const a = document.querySelector(`a.seat-link.${c}`); if (!a) return false;
        const r = a.getBoundingClientRect(); return r.width > 0 && r.left >= 0 && r.right <= innerWidth; }"""
    page.wait_for_function(on_screen, arg=colour, timeout=WAIT_MS)  # times out: the link is off screen
    page.close()


# a literal of labyrinth.js / tiles.js a person would read: words with a space, or a capitalised word
_LITERAL = re.compile(r'"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`')
_CODE = re.compile(r'(className\s*=|querySelector(All)?\(|closest\()\s*("(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`)')
_CALL = re.compile(r'I18N\.t\(\s*"[^"]*"\s*,\s*"(?:[^"\\]|\\.)*"')


def _readable(literal: str) -> bool:
    body = literal[1:-1]
    body = re.sub(r"\$\{[^{}]*(\{[^{}]*\}[^{}]*)*\}", " ", body)  # interpolations
    body = re.sub(r"<[^>]*>", " ", body)  # markup and its attributes
    body = re.sub(r"var\(--[\w-]+\)|#[0-9a-f]{3,6}\b", " ", body)
    words = re.findall(r"[A-Za-z][a-z']+", body)
    return bool(words) and (len(words) > 1 and " " in body.strip() or body.strip()[:1].isupper()
                            or body.strip() in ("nothing", "you"))


@pytest.mark.parametrize("script", ["labyrinth.js", "tiles.js"])
def test_every_sentence_the_script_builds_goes_through_i18n(script: str) -> None:
    source = (STATIC / script).read_text(encoding="utf-8")
    source = re.sub(r"^\s*//.*$|\s//\s.*$", "", source, flags=re.M)  # comments
    source = _CALL.sub("I18N.t(", source)
    source = re.sub(r'^"use strict";', "", source, flags=re.M)
    source = _CODE.sub("", source)  # class names and selectors
    left = [lit for lit in _LITERAL.findall(source) if _readable(lit)]
    assert not left, f"{script}: said in English only: {left[:8]}"


def test_the_new_game_dialog_offers_a_shorter_game(browser: Any, url: str) -> None:
    """Last in this module: it starts another game on the shared server."""
    from playwright.sync_api import expect

    page = open_page(browser, url, DESKTOP)
    page.click("#new-game")
    options = page.locator("#ng-cards-each option")
    expect(options.first).to_have_text(re.compile("all 24"))
    for label in page.locator("#ng-variants label").all_inner_texts():  # what a variant does, not only its code name
        assert len(label.split()) >= 5, f"the variant {label!r} is not explained"
    page.select_option("#ng-cards-each", "3")
    page.click("#ng-start")
    expect(page.locator("#players")).to_contain_text("3 left", timeout=WAIT_MS)
    expect(page.locator("#log")).to_contain_text("3 cards each", timeout=WAIT_MS)
    page.close()


def _play_red_turn(page: Any, priv: Any) -> None:
    """Red's turn as a newcomer does it by clicking: turn the spare, push it in at a lit arrow, walk to
    the card's picture if that push opens a way (else stay), Done. The push is chosen with the rules'
    own shift (controller/labyrinth/rules.py), looking one push ahead."""
    from mazeboard.controller.labyrinth.rules import apply_shift
    from mazeboard.hal.labyrinth import SLOTS, Maze

    st = page.evaluate("() => ({view: S.view, world: S.world, hello: S.hello})")
    v, world = st["view"], st["world"]
    card = (priv.locator("#secret").get_attribute("data-cards") or "").split(",")[0] or None
    mover = "vader" if v["movers"] == ["vader"] else "red"
    pawns = {k: c for k, c in world["pawns"].items() if c}
    maze = Maze.from_rows(world["layout"], world["spare"])
    best: tuple[int, int, str, str | None] | None = None
    for q in range(4):
        for slot in SLOTS:
            if slot == v.get("forbidden"):
                continue
            out = apply_shift(maze, pawns, slot, q)
            target = out.maze.cell_of(card) if card else st["hello"]["corners"]["red"]
            score = 1 if target in out.maze.reachable_cells(out.positions[mover]) else 0
            if best is None or score > best[0]:
                best = (score, q, slot, target)
    assert best is not None
    _, q, slot, target = best
    for _ in range(q):
        before = page.evaluate("() => S.world.spare")
        page.click("#rotate")
        page.wait_for_function("(b) => S.world.spare !== b && !S.world.busy", arg=before, timeout=WAIT_MS)
    page.click(f'.slot[data-slot="{slot}"]')
    # the push settles first (the row pushed all the way in), then the move
    page.wait_for_function("() => (S.view.phase === 'move' && !S.world.busy) || S.view.phase === 'over'", timeout=WAIT_MS)
    st = page.evaluate("() => ({view: S.view, world: S.world})")
    if st["view"]["phase"] != "move":
        return
    if mover == "vader":
        page.locator("#maze .lpawn.vader").click()
    if target and target != st["world"]["pawns"][mover] and target in (st["view"]["reachable"].get(mover) or []):
        page.locator(f'#maze .tile[data-cell="{target}"]').click()
        page.wait_for_function("(a) => S.world.pawns[a[0]] === a[1] && !S.world.busy", arg=[mover, target], timeout=WAIT_MS)
    page.click("#done")
    page.wait_for_function("() => S.view.current !== 'red' || S.view.phase !== 'move'", timeout=WAIT_MS)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-390x844", "desktop-1920x1080"])
def test_a_newcomer_plays_a_short_game_to_the_end(browser: Any, size: tuple[int, int]) -> None:
    """A whole game by clicking (1 card each): the end says why the winner won, and the first-game
    tip about a turn is gone."""
    from playwright.sync_api import expect

    with serving(("--game", "labyrinth", "--seed", "11", "--humans", "red", "--cards-each", "1")) as address:
        ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
        page = ctx.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(address)
        expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
        page.locator("button.seat-claim.red").click(timeout=WAIT_MS)
        link = page.locator("a.seat-link.red")
        expect(link).to_have_attribute("href", "/seat/red", timeout=WAIT_MS)
        priv = ctx.new_page()
        priv.goto(address.rstrip("/") + "/seat/red")
        expect(priv.locator("#secret")).to_have_attribute("data-cards", re.compile(".+"), timeout=WAIT_MS)
        title = priv.locator("#secret .pic-title").first.inner_text()
        assert not re.search(r"[a-z]-[a-z]", title) and title[:1].isupper(), f"the card reads {title!r}"
        game, card = priv.locator("#game").bounding_box(), priv.locator("#secret").bounding_box()
        assert game and card and game["y"] + game["height"] <= card["y"] + 1, f"the game line {game} beside the card {card}"
        expect(page.locator("#players")).to_contain_text("1 left", timeout=WAIT_MS)
        for _ in range(40):
            page.wait_for_function("() => S.view.phase === 'over' || (S.view.current === 'red' && S.view.phase === 'shift'"
                                   " && !S.world.busy)", timeout=WAIT_MS)
            if page.evaluate("() => S.view.phase") == "over":
                break
            _play_red_turn(page, priv)
        expect(page.locator("#banner")).to_be_visible(timeout=WAIT_MS)
        assert re.search(r"found all their cards and came back to the start square first", page.locator("#banner").inner_text())
        assert page.locator("#guide").is_hidden(), "a tip about a turn stays after the game is over"
        assert not problems, problems
        ctx.close()


# -- the second newcomer (a 1-card game at 1920x1080 and 390x844) -----------------------------------

@pytest.fixture(scope="module")
def short_url() -> Iterator[str]:
    """The newcomer's game: --cards-each 1, red played from the page, blue simulated slowly."""
    with serving(("--game", "labyrinth", "--cards-each", "1", "--humans", "red", "--seed", "11", "--speed", "0.1")) as u:
        yield u


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] < b["x"] + b["width"] and b["x"] < a["x"] + a["width"] and \
        a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"]


#: where a corridor meets a tile's edge (tiles.js: the arms are 32 units wide in a 100-unit tile): the
#: middle third of the edge, as deep as 18 % of the tile (what shows whether the tile opens there)
_OPENINGS = {"N": (.34, 0, .32, .18), "S": (.34, .82, .32, .18), "W": (0, .34, .18, .32), "E": (.82, .34, .18, .32)}


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-390x844", "desktop-1920x1080"])
def test_a_picture_never_hides_which_way_its_tile_opens(browser: Any, short_url: str, size: tuple[int, int]) -> None:
    """The picture's badge and its name leave the four openings of every picture tile (the board's
    and the spare) in view: measured from the DOM against the middle of each edge."""
    page = open_page(browser, short_url, size)
    tiles = page.evaluate("""() => [...document.querySelectorAll('#maze .tile, #spare')].filter(t => t.querySelector('.pic'))
        .map(t => { const box = (el) => { if (!el || !el.offsetWidth || getComputedStyle(el).visibility === 'hidden') return null;
            const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; };
          return {cell: t.dataset.cell || 'spare', tile: box(t), covers: [box(t.querySelector('.pic')), box(t.querySelector('.pic-name'))]
            .filter(Boolean)}; })""")
    assert len(tiles) >= 24
    hidden = []
    for t in tiles:
        r = t["tile"]
        for side, (fx, fy, fw, fh) in _OPENINGS.items():
            opening = {"x": r["x"] + fx * r["width"], "y": r["y"] + fy * r["height"],
                       "width": fw * r["width"], "height": fh * r["height"]}
            if any(_overlap(c, opening) for c in t["covers"]):
                hidden.append(f"{t['cell']} {side}")
    assert not hidden, f"the picture or its name covers the opening of: {hidden}"
    page.close()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-390x844", "desktop-1920x1080"])
def test_the_tapped_tiles_name_covers_no_slot_arrow(browser: Any, short_url: str, size: tuple[int, int]) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, short_url, size)
    for cell in ("g6", "d4", "a2"):
        tile = page.locator(f'#maze .tile[data-cell="{cell}"]')
        tile.tap() if size == PHONE else tile.click()
        expect(page.locator("#picked")).to_contain_text(cell, timeout=WAIT_MS)
        picked = page.locator("#picked").bounding_box()
        assert picked
        for slot in page.locator("#maze .slot").all():
            b = slot.bounding_box()
            assert b and not _overlap(picked, b), f"{cell}: the name line {picked} covers {slot.get_attribute('data-slot')} {b}"
    page.close()


def test_one_card_each_is_said_in_the_singular(browser: Any, short_url: str) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, short_url, DESKTOP)
    expect(page.locator("#log")).to_contain_text("1 card each", timeout=WAIT_MS)
    assert "1 cards" not in page.locator("#log").inner_text()
    page.close()


def test_the_first_game_tip_covers_nothing_of_the_log_at_1920(browser: Any, short_url: str) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, short_url, DESKTOP)
    expect(page.locator("#guide")).to_be_visible(timeout=WAIT_MS)
    guide, log = page.locator("#guide").bounding_box(), page.locator("#log").bounding_box()
    assert guide and log and not _overlap(guide, log), f"the tip {guide} covers the log {log}"
    page.close()


@pytest.mark.parametrize("game", ["magic-labyrinth", "struggle"])
def test_the_first_game_tip_covers_nothing_of_the_log_on_the_other_pages(browser: Any, game: str) -> None:
    """The Magic and Struggle pages share notice.js and board.css's tip: the same at 1920x1080."""
    from playwright.sync_api import expect

    with serving(("--game", game, "--humans", "red", "--speed", "0.1")) as u:
        page = browser.new_page(viewport={"width": DESKTOP[0], "height": DESKTOP[1]})
        page.goto(u)
        expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
        expect(page.locator("#guide")).to_be_visible(timeout=WAIT_MS)
        guide, log = page.locator("#guide").bounding_box(), page.locator("#log").bounding_box()
        assert guide and log and not _overlap(guide, log), f"{game}: the tip {guide} covers the log {log}"
        page.close()


@pytest.mark.parametrize("game", ["magic-labyrinth", "labyrinth"])
def test_the_first_game_tip_covers_nothing_of_the_log_after_a_phone_turns_into_a_wide_window(
        browser: Any, game: str) -> None:
    """A newcomer who went from 390x844 to 1920x1080 saw the tip over the log's foot: the room under
    the log was measured for the tip as it was on the phone (full width, lower)."""
    from playwright.sync_api import expect

    with serving(("--game", game, "--humans", "red", "--speed", "0.1")) as u:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.goto(u)
        expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
        expect(page.locator("#guide")).to_be_visible(timeout=WAIT_MS)
        page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
        page.wait_for_timeout(500)
        guide, log = page.locator("#guide").bounding_box(), page.locator("#log").bounding_box()
        assert guide and log and not _overlap(guide, log), f"{game}: the tip {guide} covers the log {log}"
        page.close()


def test_the_spare_heading_never_claims_a_turn_nobody_made(browser: Any, short_url: str) -> None:
    """Red turns the spare three times and pushes it in: the new spare (never turned) is not said to
    be turned; the heading stays on one line at 1920x1080."""
    page = open_page(browser, short_url, DESKTOP)
    page.wait_for_function("() => S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy", timeout=WAIT_MS)
    for _ in range(3):
        before = page.evaluate("() => S.world.spare")
        page.click("#rotate")
        page.wait_for_function("(b) => S.world.spare !== b && !S.world.busy", arg=before, timeout=WAIT_MS)
    heading = page.locator(".spare-box .label")
    one_line = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('.spare-box .label')).lineHeight) || 20")
    box = heading.bounding_box()
    assert box and box["height"] < 1.6 * one_line, f"the heading {heading.inner_text()!r} wraps: {box}"
    slot = page.evaluate("() => [...document.querySelectorAll('#maze .slot')].map(s => s.dataset.slot)"
                         ".find(s => s !== S.view.forbidden)")
    page.click(f'.slot[data-slot="{slot}"]')
    page.wait_for_function("() => S.view.phase !== 'shift'", timeout=WAIT_MS)
    assert not re.search(r"turned|°", heading.inner_text(), re.I), heading.inner_text()
    box = heading.bounding_box()
    assert box and box["height"] < 1.6 * one_line, f"the heading {heading.inner_text()!r} wraps: {box}"
    page.close()

"""Issue 15, Labyrinth newcomer 49: the turn light stood on the start square, drawn as its 🏠 glowing with "Red's
turn" beside it; with the pawn elsewhere it read as "go back home". The LED of the turn is now the one under the
pawn of the player on turn (controller/labyrinth/instructions.py scene); the page draws it as that LED's glow round
the pawn, never as the frame of a tile to walk to, and the start square stays plain, with no caption."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import PHONE, WAIT_MS, open_page
from test_labyrinth_round22 import RED_ARGS
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

LOOK = """(cell) => { const t = document.querySelector(`#maze .tile[data-cell="${cell}"]`), led = t.querySelector('.led'),
  pawn = t.querySelector('.lpawn.red');
  return { turn: t.classList.contains('turn-cell'), led: t.dataset.led, frame: getComputedStyle(led).boxShadow,
           opacity: getComputedStyle(led).opacity, ring: pawn ? getComputedStyle(pawn).boxShadow : null,
           tags: document.querySelectorAll('#maze .turn-tag').length }; }"""


def test_whose_turn_glows_round_the_pawn_and_the_start_square_stays_plain(browser: Any) -> None:
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, PHONE, guide=False, mobile=True)
        try:
            page.wait_for_function("() => S.view && S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy",
                                   timeout=WAIT_MS)
            page.wait_for_function("() => !!document.querySelector('#maze .tile.turn-cell[data-cell=\"a1\"]')",
                                   timeout=WAIT_MS)
            home = page.evaluate(LOOK, "a1")
            assert home["opacity"] == "0" and home["ring"] and "rgb(255, 0, 0)" in home["ring"], home
            assert home["tags"] == 0, home  # no "Red's turn" caption to read as "go home"
            # red pushes where its pawn can walk off a1, walks, and ends the move (blue's turn, then red's again)
            slot = page.evaluate("""() => Object.keys(said().buttons).find((b) => b.startsWith('slot:W-2') || b.startsWith('slot:N-b'))""")
            assert slot, page.evaluate("() => said().buttons")
            page.evaluate("(b) => MB.send({type: 'insert', slot: b.slice(5)})", slot)
            page.wait_for_function("() => said() && said().action === 'move' && !S.world.busy", timeout=WAIT_MS)
            away = page.evaluate("() => (said().cells || []).find((c) => c !== 'a1' && c !== S.world.pawns.red)")
            if not away:
                pytest.skip("no tile to walk to after the push")
            page.evaluate("(c) => MB.send({type: 'slide', player: 'red', to: c})", away)
            page.wait_for_function("(c) => S.world.pawns.red === c && !S.world.busy", arg=away, timeout=WAIT_MS)
            page.wait_for_function("(c) => !!document.querySelector(`#maze .tile.turn-cell[data-cell=\"${c}\"]`)",
                                   arg=away, timeout=WAIT_MS)
            there, corner = page.evaluate(LOOK, away), page.evaluate(LOOK, "a1")
            assert there["opacity"] == "0" and "rgb(255, 0, 0)" in there["ring"], there  # the glow round the pawn
            assert not corner["turn"], corner
            # the start square is plain, or framed dimly as a tile to walk to (it is in reach)
            assert corner["led"] != "#ff0000", corner
        finally:
            page.context.close()


def test_the_start_square_to_go_back_to_glows_and_is_framed_only_within_reach(browser: Any) -> None:
    """Labyrinth newcomer 50: every card found, a1 lit in full (where to go back to) was framed as the tiles to reach
    while no path reached it, and a click on it said "a1 cannot be reached". It is drawn as its 🏠 glowing, framed
    only while the move can reach it."""
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, PHONE, guide=False, mobile=True)
        try:
            page.wait_for_function("() => S.view && S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy",
                                   timeout=WAIT_MS)
            look = """(cells) => { const s = S.view.instruction;
                S.view.instruction = { ...s, action: 'move', cells, requests: [],
                  messages: [{ id: 'lab.move_home_far', args: { player: 'red', home: 'a1' } }] };
                S.pixels[S.hello.layout.a1] = '#ff0000'; S.world.pawns.red = 'b1'; drawLeds(); }"""
            read = """() => {
                const t = document.querySelector('#maze .tile[data-cell="a1"]');
                return { goal: t.classList.contains('home-goal'), led: getComputedStyle(t.querySelector('.led')).opacity,
                         glow: getComputedStyle(t.querySelector('.home-mark')).animationName }; }"""
            page.evaluate(look, ["b1"])
            page.wait_for_timeout(300)  # (an LED fades in: labyrinth.css)
            far = page.evaluate(read)
            assert far == {"goal": True, "led": "0", "glow": "home-glow"}, far  # no frame: out of reach
            page.evaluate(look, ["a1", "b1"])
            page.wait_for_timeout(300)
            near = page.evaluate(read)
            assert near["goal"] and float(near["led"]) > 0.5 and near["glow"] == "home-glow", near  # framed: in reach
        finally:
            page.context.close()


def test_every_player_s_full_colour_is_read_as_a_turn_light(browser: Any) -> None:
    """An attack: Green's LED colour is (0, 200, 0): no channel at 255, so its turn light was never read as one and
    Green's pawn got no glow. Every player's colour in controller/leds.py PLAYER_RGB counts at full strength; its
    reachable glow (LEGAL_LEVEL) and a target's white do not."""
    from mazeboard.controller.leds import LEGAL_LEVEL, PLAYER_RGB, TARGET_RGB, scale

    def hexed(rgb: tuple[int, int, int]) -> str:
        return "#" + "".join(f"{c:02x}" for c in rgb)

    with serving(RED_ARGS) as address:
        page = open_page(browser, address, PHONE, guide=False, mobile=True)
        try:
            page.wait_for_function("() => typeof fullColour === 'function'", timeout=WAIT_MS)
            for name, rgb in PLAYER_RGB.items():
                if name == "vader":  # (the Vader pawn is nobody's turn)
                    continue
                assert page.evaluate("(h) => fullColour(h)", hexed(rgb)), name
                assert not page.evaluate("(h) => fullColour(h)", hexed(scale(rgb, LEGAL_LEVEL))), name
            assert not page.evaluate("(h) => fullColour(h)", hexed(TARGET_RGB))
        finally:
            page.context.close()


def test_every_card_found_the_arrows_whose_push_opens_a_way_home_are_marked(browser: Any) -> None:
    """Labyrinth newcomer 54, every card found: "no path reaches your start square a1 this turn" came only after the
    push, and finding the one push that reached a1 meant pointing at all 11 arrows in turn. While the spare waits to
    go in, each lit arrow whose push (the spare as it lies) lets the pawn walk home carries a 🏠, and says so; the words
    after the prompt name those arrows, or say to turn the spare when none does (Labyrinth newcomer 55)."""
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, PHONE, guide=False, mobile=True)
        try:
            page.wait_for_function("() => S.view && S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy"
                                   " && S.world.push_reach", timeout=WAIT_MS)
            union = page.evaluate("""() => { const now = S.world.push_reach.red, any = S.world.push_reach_any.red;
                return Object.keys(now).every((k) => now[k].every((c) => any[k].includes(c))) && Object.keys(any).length === 12; }""")
            marked = page.evaluate("""() => {
                const lit = [...document.querySelectorAll('#maze .slot:not(.off)')].map((e) => e.dataset.slot);
                const home = lit.slice(0, 2), reach = Object.fromEntries(lit.map((k) => [k, home.includes(k) ? ['b1', 'a1'] : ['b1']]));
                const s = S.view.instruction;
                S.view.instruction = { ...s, messages: [{ id: 'lab.shift_home', args: { player: 'red', home: 'a1' } }] };
                S.world = { ...S.world, push_reach: { ...S.world.push_reach, red: reach } };
                drawInfo();
                const on = [...document.querySelectorAll('#maze .slot.home-way')];
                return { home, on: on.map((e) => e.dataset.slot), title: on.length ? on[0].title : '',
                         badge: on.length ? getComputedStyle(on[0], '::after').content : '' }; }""")
            assert marked["on"] == marked["home"] and len(marked["home"]) == 2, marked
            assert "opens a way to a1" in marked["title"] and "🏠" in marked["badge"], marked
            # ...and said under the board (after the prompt too, where its room holds it), with the arrows' names
            # (Labyrinth newcomer 55 saw the 🏠 unexplained)
            said = page.locator("#mover").inner_text()
            assert f"These pushes open a way to a1: {' and '.join(sorted(marked['home']))}" in said, said
            assert page.locator("#mover").is_visible()
            # none: the words say to turn the spare
            page.evaluate("""() => { S.world = { ...S.world, push_reach: { ...S.world.push_reach,
                red: Object.fromEntries(Object.keys(S.world.push_reach.red).map((k) => [k, ['b1']])) } }; drawInfo(); }""")
            said = page.locator("#mover").inner_text()
            assert "No push opens a way to a1 with the spare as it lies: ⟳ Rotate it" in said, said
            assert page.locator("#maze .slot.home-way").count() == 0
            # ...and none with the spare turned any way either: said at once (Labyrinth newcomer 59 turned it four
            # times). The server's reach with the spare turned any way holds the reach as it lies
            assert union
            page.evaluate("""() => { S.world = { ...S.world, push_reach_any: { red: Object.fromEntries(
                Object.keys(S.world.push_reach.red).map((k) => [k, ['b1']])) } }; drawInfo(); }""")
            said = page.locator("#mover").inner_text()
            assert "No push opens a way to a1 this turn, whichever way the spare is turned" in said and "Rotate" not in said, said
            # ...and which push lets the pawn walk nearest to it (Labyrinth newcomer 61 pointed at all 11 arrows to find
            # it): here the push at the first lit arrow reaches b2 (distance 2 from a1), the others c3 (distance 4)
            near = page.evaluate("""() => { const lit = [...document.querySelectorAll('#maze .slot:not(.off)')].map((e) => e.dataset.slot);
                S.world = { ...S.world, pawns: { ...S.world.pawns, red: 'e5' },
                            push_reach: { red: Object.fromEntries(lit.map((k, i) => [k, i ? ['c3', 'd4'] : ['b2', 'c3']])) } };
                drawInfo(); return lit[0]; }""")
            said = page.locator("#mover").inner_text()
            # ...the tile to walk to named, and the distance said as what it counts (Labyrinth newcomer 68 read
            # "distance 4" unsure of its unit and of the tile it meant)
            # ...the distance first, with what it does not count (Labyrinth newcomer 94 stopped to work out whether
            # "2 tiles from a1 along the rows and columns", said after the pushes, counted steps along the paths)
            assert (f"Nearest with the spare as it lies: push at {near}, then walk to b2. Your pawn is then 2 tiles from a1, "
                    "counted along the rows and columns as if there were no walls.") in said, said
            # ...no more than three pushes named, the others counted; and none said when no push gets the pawn nearer
            # than it stands (Labyrinth newcomer 70 read eight pushes, each "then to d1", where its pawn stood)
            many = page.evaluate("""() => { const lit = [...document.querySelectorAll('#maze .slot:not(.off)')].map((e) => e.dataset.slot);
                S.world = { ...S.world, pawns: { ...S.world.pawns, red: 'e5' },
                            push_reach: { red: Object.fromEntries(lit.map((k) => [k, ['c3', 'd4']])) } };
                drawInfo(); return lit.length; }""")
            said = page.locator("#mover").inner_text()
            assert many > 4 and f"or {many - 3} more as near." in said and "Your pawn is then 4 tiles from a1" in said, said
            assert said.count("(then to c3)") == 3, said
            # (no turn of the spare nearer either: Labyrinth newcomer 75)
            page.evaluate("""() => { S.world = { ...S.world, pawns: { ...S.world.pawns, red: 'c3' },
                push_reach_any: S.world.push_reach }; drawInfo(); }""")
            said = page.locator("#mover").inner_text()
            assert "none lets your pawn walk nearer to it than c3, where it stands" in said and "then to" not in said, said
            # not while cards are left to find (the card is secret: no arrow says where it lies)
            page.evaluate("""() => { const s = S.view.instruction;
                S.view.instruction = { ...s, messages: [{ id: 'lab.shift', args: { player: 'red' } }] }; drawInfo(); }""")
            assert page.locator("#maze .slot.home-way").count() == 0
        finally:
            page.context.close()


def test_the_arrows_opening_a_way_home_are_listed_in_the_pages_language(browser: Any) -> None:
    """An attack on the 🏠 words in Persian: the arrows were listed "N-b, W-4" with a Latin comma inside a right-to-left
    sentence. Every list a person reads is joined by the language's own words (I18N.list: text.series, text.and)."""
    with serving(RED_ARGS) as address:
        page = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True,
                                   is_mobile=True).new_page()
        try:
            page.add_init_script("localStorage.setItem('mazeboard.guide.labyrinth', JSON.stringify(['shift', 'move']))")
            page.goto(address + "?lang=fa")
            page.wait_for_function("() => S.view && S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy"
                                   " && S.world.push_reach && document.documentElement.dir === 'rtl'", timeout=WAIT_MS)
            home = page.evaluate("""() => {
                const lit = [...document.querySelectorAll('#maze .slot:not(.off)')].map((e) => e.dataset.slot);
                const home = lit.slice(0, 3), reach = Object.fromEntries(lit.map((k) => [k, home.includes(k) ? ['b1', 'a1'] : ['b1']]));
                S.view.instruction = { ...S.view.instruction, messages: [{ id: 'lab.shift_home', args: { player: 'red', home: 'a1' } }] };
                S.world = { ...S.world, push_reach: { ...S.world.push_reach, red: reach } };
                drawInfo();
                return home.sort(); }""")
            said = page.locator("#mover").inner_text()
            assert len(home) == 3 and all(slot in said for slot in home), (home, said)
            assert "," not in said and "،" in said and " و " in said, said
        finally:
            page.context.close()

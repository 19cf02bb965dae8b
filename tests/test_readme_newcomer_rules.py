"""Issue 15: newcomers play from the README alone, so the rules that surprised them are said there.

- Magic newcomer 66: the move ended on the target with steps left (RULES.md: remaining steps are forfeited);
- Magic newcomer 67: the next target, drawn under Blue's pawn during Red's turn, counted for Blue at once and won
  the game (RULES.md: a pawn standing on the new target's cell collects it immediately)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"


def _magic_line() -> str:
    text = README.read_text(encoding="utf-8")
    m = re.search(r"- \*\*The Magic Labyrinth\*\*:(.*?)\n- \*\*", text, re.S)
    assert m, "the README's Magic Labyrinth line is gone"
    return " ".join(m.group(1).split())


def test_the_readme_says_the_move_ends_on_the_target() -> None:
    assert "enters the target's cell" in _magic_line()


def test_the_readme_says_a_new_target_under_a_pawn_counts_for_its_player_at_once() -> None:
    line = _magic_line()
    assert "already standing on it takes it at once" in line and "whoever's turn it is" in line, line


def test_the_readme_says_the_labyrinth_win_is_a_move_ended_at_home() -> None:
    """Labyrinth newcomer 67 walked home and waited for the win: the README said "walk back ... to win", the board
    asked for Done (RULES.md: a card counts only when the player ends their own move on it; home alike)."""
    text = " ".join(README.read_text(encoding="utf-8").split())
    m = re.search(r"- \*\*Labyrinth\*\*:(.*?)- \*\*Struggle", text)
    assert m, "the README's Labyrinth line is gone"
    assert re.search(r"start square \(its 🏠\) and press Done there to win", m.group(1)), m.group(1)


def test_the_readme_names_the_magic_keys() -> None:
    """Magic newcomer 68 clicked Roll on the laptop: the README named R and D for Labyrinth only (the help said them)."""
    line = _magic_line()
    assert "Roll (or R)" in line and "Done (or D)" in line, line
    # (Magic newcomer 74 looked for the keys of Lift pawn and Fish ball out after a drop)
    assert "Lift pawn (or L)" in line and "Fish ball out (or F)" in line, line


def test_the_readme_says_moving_the_card_asks_first() -> None:
    """Struggle newcomers 66 and 69 pressed ⇄ show it here instead, then T at once: the question it asks took the key."""
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert "⇄ show it here instead" in text and "⇄ Move it here" in text, "the README does not say the card's move asks"


def test_the_readme_says_a_phone_page_s_order_as_it_is() -> None:
    """Magic newcomer 72 read "board first" and found the prompt, a tip and the scores above the board."""
    text = " ".join(README.read_text(encoding="utf-8").split())
    assert "board first" not in text
    assert "what the board asks and the scores at the top, then the board with its buttons under it" in text


def test_the_readme_names_the_labyrinth_arrow_keys_the_page_takes() -> None:
    """Labyrinth newcomer 104: the README named the arrow keys for The Magic Labyrinth only, the page's "?" help for
    Labyrinth too (labyrinth.js ARROW_STEP), and the newcomer could not tell whether they worked there."""
    page = (README.parent / "hal" / "web" / "static" / "labyrinth.js").read_text(encoding="utf-8")
    assert "ArrowUp" in page  # (the page takes them)
    text = " ".join(README.read_text(encoding="utf-8").split())
    m = re.search(r"- \*\*Labyrinth\*\*:(.*?)- \*\*Struggle", text)
    assert m, "the README's Labyrinth line is gone"
    assert "arrow keys" in m.group(1), m.group(1)


def test_the_readme_says_t_shows_the_next_way_while_choosing() -> None:
    """Struggle newcomer 105 saw the T key's tag on "▶ Next way" while choosing; the README named T only for Throw."""
    m = re.search(r"- \*\*Struggle\*\*:(.*?)\n\n", README.read_text(encoding="utf-8"), re.S)
    assert m, "the README's Struggle line is gone"
    assert "▶ Next way, the same T key" in " ".join(m.group(1).split()), m.group(1)

"""Issue 15, Struggle newcomers 33 and 35: the glow round the spaces (the board's LEDs, as the page draws them) was
not explained anywhere: red rings after placing, orange and grey halos. The page's help says what each of the
LED scene's layers means on Struggle's board (controller/struggle/instructions.py ``scene``)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

from mazeboard.controller.leds import PROMPT_RGB, TARGET_RGB
from mazeboard.controller.struggle import instructions

PAGE = Path(instructions.__file__).resolve().parents[2] / "hal" / "web" / "static" / "struggle.html"


class _Lights(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.inside, self.text = False, ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if ("id", "help-lights") in attrs:
            self.inside = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "p":
            self.inside = False

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.text += data


def test_the_help_says_what_each_light_means() -> None:
    parser = _Lights()
    parser.feed(PAGE.read_text(encoding="utf-8"))
    said = " ".join(parser.text.split())
    assert said, "no #help-lights paragraph in the help"
    # the layers the scene paints: the preview (player's colour; an impasse in PROMPT_RGB), requests (blink, the
    # cell to leave pulses), the tokens' spaces (white at HOME_LEVEL), warnings (flash)
    assert PROMPT_RGB == (255, 90, 0) and TARGET_RGB == (255, 255, 255)  # the words below name these colours
    assert 0 < instructions.HOME_LEVEL < 0.5  # "faint"
    for words in ("player's colour", "orange", "does not happen", "blinking", "pulse", "faint white", "tokens stand",
                  "flashing"):
        assert re.search(re.escape(words), said), (words, said)

"""Every sentence the pages' scripts build for a person to read goes through ``I18N.t("ID", "English",
args)`` (hal/web/static/i18n.js; collected into the catalogue by mazeboard.controller.i18n.page_phrases),
so it can be said in the page's language (docs/i18n.md).

A static check of the scripts in :data:`SCRIPTS`: the text put where a person reads it -- assigned to
``textContent``, ``innerText``, ``innerHTML``, ``title``, ``placeholder`` (``document.title`` too), passed
to ``MB.showError``, ``NOTICE.say``, ``MB.setConn``, ``MB.banner``, or returned by an arrow function
(the log lines) -- may hold no string literal with a word in it outside a call's arguments (an
``I18N.t(...)`` call's English is an argument). HTML tags in a literal are not words (their ``title``
and ``alt`` are). A literal compared (``=== "over"``) is a value, not a sentence. To check another
script, add its name to :data:`SCRIPTS`.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

STATIC = Path(__file__).resolve().parents[2] / "hal" / "web" / "static"
#: the scripts checked (board.js, labyrinth.js and struggle.js to be added once converted)
SCRIPTS = ("common.js", "notice.js", "player.js", "companion.js", "board.js", "struggle.js", "labyrinth.js", "tiles.js", "pictures.js")

_SINKS = re.compile(
    r"(?:\.(?:textContent|innerText|innerHTML|title|placeholder)|\bdocument\.title)\s*=(?![=>])\s*"
    r"|\b(?:showError|NOTICE\.say|banner)\(\s*|\bsetConn\([^,()]*,\s*|=>\s*(?=[^\s{])")
_WORD = re.compile(r"[A-Za-z]{2,}")
#: not words a person reads: HTML boolean attributes written into a tag, and the product's name
_NOT_WORDS = re.compile(r"\b(?:checked|selected|disabled|hidden|mazeboard)\b")
_TAG = re.compile(r"<[^<>]*>")
_SAID_ATTR = re.compile(r'\b(?:title|alt|aria-label|placeholder)="([^"]*)"')
_OPERATOR_END = "+-*/?:(|&,=!<>[{"
_CLOSE = {"(": ")", "[": "]", "{": "}"}


def _literals(src: str, start: int) -> tuple[list[tuple[int, str]], int]:
    """The string literals a person would read in the expression at ``start``: (offset, text) for
    each literal (a template's text parts) not inside a call's arguments, an index or an object;
    and where the expression ends."""
    out: list[tuple[int, str]] = []
    stack: list[str] = []  # "call", "group", "index", "array", "block", "tmpl" (a template's ${ })
    n = len(src)

    def read_string(i: int, q: str) -> tuple[int, str]:
        j = i + 1
        while j < n and src[j] != q:
            j += 2 if src[j] == "\\" else 1
        return j + 1, src[i + 1:j]

    def shown() -> bool:
        return all(s in ("group", "tmpl") for s in stack)

    def compared(a: int, b: int) -> bool:
        before, after = src[max(0, a - 5):a].rstrip(), src[b:b + 5].lstrip()
        return before.endswith(("==", "!=")) or after.startswith(("==", "!=")) or before.endswith("case")

    def template(i: int) -> int:
        # src[i] == "`": its text parts are literals; ${ } parts are code (scanned with code())
        j = i + 1
        part_start = j
        while j < n and src[j] != "`":
            if src[j] == "\\":
                j += 2
                continue
            if src.startswith("${", j):
                if shown():
                    out.append((part_start, src[part_start:j]))
                stack.append("tmpl")
                j = code(j + 2, inner=True)
                stack.pop()
                part_start = j
                continue
            j += 1
        if shown():
            out.append((part_start, src[part_start:j]))
        return j + 1

    def code(i: int, inner: bool = False) -> int:
        depth0 = len(stack)
        while i < n:
            c = src[i]
            if c in "\"'":
                j, text = read_string(i, c)
                if shown() and not compared(i, j):
                    out.append((i + 1, text))
                i = j
            elif c == "`":
                i = template(i)
            elif src.startswith("//", i):
                i = src.find("\n", i) if "\n" in src[i:] else n
            elif c in "([{":
                prev = src[:i].rstrip()[-1:] if src[:i].rstrip() else ""
                kind = {"(": "call" if prev and (prev.isalnum() or prev in "_$)]") else "group",
                        "[": "index" if prev and (prev.isalnum() or prev in "_$)]") else "array",
                        "{": "block"}[c]
                stack.append(kind)
                i += 1
            elif c in ")]}":
                if len(stack) <= depth0:
                    return i + 1 if inner and c == "}" else i
                stack.pop()
                i += 1
            elif len(stack) == depth0 and not inner and (c in ";," or c == "\n"):
                if c == "\n":
                    before = src[start:i].rstrip()
                    after = src[i:].lstrip()
                    if (before and before[-1] in _OPERATOR_END) or after[:1] in "+?:.|&":
                        i += 1
                        continue
                return i
            else:
                i += 1
        return i

    end = code(start)
    return out, end


def words_outside_i18n(name: str, src: str) -> list[str]:
    """Each ``file:line: "literal"`` a person reads that is not said through ``I18N.t``."""
    found = []
    for m in _SINKS.finditer(src):
        literals, _ = _literals(src, m.end())
        for at, text in literals:
            said = " ".join(_SAID_ATTR.findall(text))
            text = _TAG.sub(" ", text)
            text = re.sub(r"^[^<]*?\"?>", " ", text) if re.match(r'^[^<]*">', text) else text  # a tag's tail
            text = re.sub(r"<[a-z][^>]*$", " ", text)  # a tag's head
            text = re.sub(r'^"?\s*([\w-]+="[^"]*"\s*)*[\w-]+="$', " ", text)  # between two ${} of one tag
            if _WORD.search(_NOT_WORDS.sub(" ", text) + " " + said):
                found.append(f"{name}:{src.count(chr(10), 0, at) + 1}: {(text + ' ' + said).strip()[:70]!r}")
    return sorted(set(found))


@pytest.mark.parametrize("name", SCRIPTS)
def test_the_script_says_its_sentences_through_i18n(name: str) -> None:
    found = words_outside_i18n(name, (STATIC / name).read_text(encoding="utf-8"))
    assert not found, "English not said through I18N.t:\n" + "\n".join(found)


def test_the_check_finds_english_and_lets_the_rest_be() -> None:
    bad = '''
e.textContent = "the board is lost";
box.title = `your seat: ${p}`;
MB.showError("not connected to the board");
const LOG = { a: (e) => `${e.player} wins`, b: (e) => cond ? "x" : "seen twice" };
el.innerHTML = `<span title="a magnet">${x}</span>`;
p.textContent = "one " +
  "two";
'''
    found = words_outside_i18n("bad.js", bad)
    assert [f.split(":")[1] for f in found] == ["2", "3", "4", "5", "5", "6", "7", "8"], found
    good = '''
e.textContent = I18N.t("page.common.lost", "the board is lost");
box.title = I18N.t("page.common.seat", "your seat: {p}", { p });
el.textContent = "";
el.textContent = `${p} 🃏`;
const LOG = { a: (e) => I18N.t("page.common.wins", "{player} wins", e), b: (e) => e.kind === "over" ? "" : "·" };
el.innerHTML = `<span class="coord">${cell}</span><img src="${u}" alt="${a}">`;
x.filter((n) => n.startsWith("place-"));
MB.setConn("closed", I18N.t("page.common.closed", "disconnected"));
'''
    assert words_outside_i18n("good.js", good) == []

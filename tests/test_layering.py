"""DESIGN.md layering: controller never imports sim (or a backend), hal never imports controller,
sim never imports controller; the companion web view (hal/web) imports neither; and no import
circle anywhere among the packages' modules. Checked on the source (every import statement, lazy
ones included) and at run time (what importing the CLI pulls in)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"controller": "mazeboard.controller", "hal": "mazeboard.hal", "sim": "mazeboard.sim"}


def module_name(path: Path) -> tuple[str, str]:
    """(module, package) of a source file: controller/magic/referee.py ->
    ("mazeboard.controller.magic.referee", "mazeboard.controller.magic")."""
    rel = path.relative_to(ROOT).with_suffix("").parts
    parts = [PACKAGES[rel[0]], *rel[1:]]
    if parts[-1] == "__init__":
        parts = parts[:-1]
        return ".".join(parts), ".".join(parts)
    return ".".join(parts), ".".join(parts[:-1])


def _type_checking_only(tree: ast.AST) -> set[int]:
    """ids of the nodes inside ``if TYPE_CHECKING:`` blocks (never run: annotations only)."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                skip.update(id(n) for n in ast.walk(child))
    return skip


def imported_modules(path: Path, runtime: bool = False) -> set[str]:
    """Absolute names of every module imported in ``path`` (relative and lazy imports included;
    ``runtime``: leave out the imports under ``if TYPE_CHECKING:``, which never run)."""
    _, package = module_name(path)
    names: set[str] = set()
    tree = ast.parse(path.read_text(), str(path))
    skip = _type_checking_only(tree) if runtime else set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                mod = f"{base}.{node.module}" if node.module else base
            else:
                mod = node.module or ""
            names.add(mod)
            names.update(f"{mod}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "import_module":
            if node.args and isinstance(node.args[0], ast.Constant):
                names.add(str(node.args[0].value))
    return names


def sources(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


def test_hal_web_is_checked() -> None:
    """The companion web view lives in hal/web (the parametrised checks below read its sources)."""
    assert (ROOT / "hal" / "web" / "server.py").is_file()


@pytest.mark.parametrize(
    "folder,forbidden",
    [("controller", "mazeboard.sim"), ("hal", "mazeboard.controller"), ("sim", "mazeboard.controller"),
     ("hal", "mazeboard.sim"), ("hal/web", "mazeboard.controller"), ("hal/web", "mazeboard.sim")],
)
def test_no_forbidden_imports(folder: str, forbidden: str) -> None:
    bad = {
        str(p.relative_to(ROOT)): sorted(m for m in imported_modules(p) if m == forbidden or m.startswith(forbidden + "."))
        for p in sources(folder)
    }
    assert {k: v for k, v in bad.items() if v} == {}


def test_the_checker_sees_relative_imports() -> None:
    """The check above must be able to fail: a planted relative import of sim is caught."""
    planted = ROOT / "controller" / "_planted_for_test.py"
    planted.write_text("from ..sim import world\n")
    try:
        assert "mazeboard.sim.world" in imported_modules(planted)
    finally:
        planted.unlink()


def import_graph(runtime: bool = True) -> dict[str, set[str]]:
    """Module -> the modules of ours it imports (an imported name resolved to the longest module
    prefix that exists: ``from .table import BrowserTable`` is an edge to ``...table``)."""
    files = {module_name(p)[0]: p for folder in PACKAGES for p in sources(folder)}
    graph: dict[str, set[str]] = {}
    for mod, path in files.items():
        deps: set[str] = set()
        for name in imported_modules(path, runtime=runtime):
            parts = name.split(".")
            for k in range(len(parts), 0, -1):
                if ".".join(parts[:k]) in files:
                    deps.add(".".join(parts[:k]))
                    break
        deps.discard(mod)
        graph[mod] = deps
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(graph.get(w, ())))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    x = stack.pop()
                    on.discard(x)
                    comp.append(x)
                    if x == v:
                        break
                if len(comp) > 1:
                    found.append(sorted(comp))
    return found


def test_no_import_circles() -> None:
    """No module reaches itself through imports, lazy ones included (only ``if TYPE_CHECKING:``
    imports, for annotations, are left out: they never run)."""
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_circles() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []
    planted = ROOT / "controller" / "_planted_circle_for_test.py"
    planted.write_text("from . import _planted_circle_for_test_2\n")
    planted2 = ROOT / "controller" / "_planted_circle_for_test_2.py"
    planted2.write_text("def f():\n    from . import _planted_circle_for_test\n")
    try:
        found = circles(import_graph())
        assert ["mazeboard.controller._planted_circle_for_test", "mazeboard.controller._planted_circle_for_test_2"] in found
    finally:
        planted.unlink()
        planted2.unlink()


def test_importing_the_cli_does_not_load_the_simulator() -> None:
    code = "import sys, mazeboard.controller.cli, mazeboard.controller.app; print(sorted(m for m in sys.modules if m.startswith('mazeboard.sim')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_controller_never_reads_the_wall_clock_or_sleeps() -> None:
    bad = []
    for p in sources("controller"):
        text = p.read_text()
        for needle in ("time.sleep(", "time.time()", "datetime.now(", "time.monotonic("):
            if needle in text:
                bad.append(f"{p.relative_to(ROOT)}: {needle}")
    assert bad == []

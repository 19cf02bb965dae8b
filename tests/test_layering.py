"""DESIGN.md layering: controller never imports sim (or a backend), hal never imports controller,
sim never imports controller. Checked on the source (every import statement, lazy ones
included) and at run time (what importing the CLI pulls in)."""

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


def imported_modules(path: Path) -> set[str]:
    """Absolute names of every module imported in ``path`` (relative and lazy imports included)."""
    _, package = module_name(path)
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
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


@pytest.mark.parametrize(
    "folder,forbidden",
    [("controller", "mazeboard.sim"), ("hal", "mazeboard.controller"), ("sim", "mazeboard.controller")],
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

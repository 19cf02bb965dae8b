"""Shared fixtures: ``untranslated`` leaves chosen ids of the shipped catalogues untranslated."""

import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

# tests import helpers (scenario_check) from this folder
sys.path.insert(0, str(Path(__file__).parent))


@pytest.fixture
def untranslated(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """Leave some ids of the shipped catalogues untranslated: ``untranslated({"de": {...ids}})``
    (every sentence is translated in them, so a fallback has to be made to happen)."""
    from mazeboard.hal import i18n as cat

    real = cat._read
    blank: dict[str, set[str]] = {}

    def read(name: str) -> Any:
        po = real(name)
        for m in po:
            if m.context in blank.get(name.removesuffix(".po"), ()):
                m.string = ""
        return po

    def leave(ids: dict[str, set[str]]) -> None:
        blank.update(ids)
        cat.translated.cache_clear()
        cat.catalogue.cache_clear()

    monkeypatch.setattr(cat, "_read", read)
    yield leave
    cat.translated.cache_clear()
    cat.catalogue.cache_clear()

"""Board backends chosen by name in one place (like gpiozero's pin factories).

``open_board(name, request)`` imports the backend lazily, so hardware
libraries are only imported when that backend is chosen. The name comes from
``--board``, else the ``MAZEBOARD_BOARD`` environment variable, else
``sim`` (the simulator is the default on a machine without board hardware).
"""

from __future__ import annotations

import importlib
import os
from typing import Callable, cast

from .board import BoardRequest, BoardSession
from .errors import ConfigError

#: backend name -> "module:factory"; the factory takes a BoardRequest and returns a BoardSession.
BACKENDS: dict[str, str] = {
    "sim": "mazeboard.sim.backend:open_session",
    "gpio": "mazeboard.hal.gpio:open_session",
    "serial": "mazeboard.hal.serial.backend:open_session",
}

ENV_VAR = "MAZEBOARD_BOARD"
DEFAULT = "sim"


def backend_name(explicit: str | None = None) -> str:
    """The backend to use: ``explicit``, else ``$MAZEBOARD_BOARD``, else ``sim``."""
    name = explicit or os.environ.get(ENV_VAR) or DEFAULT
    if name not in BACKENDS:
        raise ConfigError(f"board backend {name!r} is unknown (choose from {', '.join(sorted(BACKENDS))})")
    return name


def open_board(name: str | None, request: BoardRequest) -> BoardSession:
    """Open the named backend for ``request``; raises :class:`ConfigError` for an unknown name."""
    module_name, _, attr = BACKENDS[backend_name(name)].partition(":")
    factory = cast(Callable[[BoardRequest], BoardSession], getattr(importlib.import_module(module_name), attr))
    return factory(request)

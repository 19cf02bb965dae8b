"""mazeboard.controller: game rules (pure), state machines, pawn tracking, LED scenes, CLI.

Imports only ``mazeboard.hal`` interfaces; never a backend module, never
``mazeboard.sim`` (tests/test_layering.py fails if it does).
"""

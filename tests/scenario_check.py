"""Checking an event log against NAME.expect.json (the shared/scenarios/README.md format)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from mazeboard.controller.cli import main


def matches(pat: dict[str, Any], ev: dict[str, Any]) -> bool:
    for k, v in pat.items():
        if k.endswith("_includes"):
            if not set(v) <= set(ev.get(k[: -len("_includes")]) or []):
                return False
        elif k.endswith("_excludes"):
            if set(v) & set(ev.get(k[: -len("_excludes")]) or []):
                return False
        elif k == "kind_in":
            if ev.get("kind") not in v:
                return False
        elif k == "scores":
            if ev.get("scores") != v:
                return False
        elif isinstance(v, dict):
            if not isinstance(ev.get(k), dict) or any(ev[k].get(a) != b for a, b in v.items()):
                return False
        elif ev.get(k) != v:
            return False
    return True


def problems(exp: dict[str, Any], events: list[dict[str, Any]]) -> list[str]:
    """Every way ``events`` misses ``exp`` (empty when it matches)."""
    out = []
    i = 0
    for pat in exp.get("sequence", []):
        while i < len(events) and not matches(pat, events[i]):
            i += 1
        if i == len(events):
            out.append(f"missing in order: {json.dumps(pat)}")
            break
        i += 1
    for pat in exp.get("contains", []):
        if not any(matches(pat, e) for e in events):
            out.append(f"missing: {json.dumps(pat)}")
    for pat in exp.get("forbid", []):
        bad = [e for e in events if matches(pat, e)]
        if bad:
            out.append(f"forbidden event present: {json.dumps(bad[0])}")
    return out


def run_scenario(path: Path, tmp: Path, capsys: Any) -> tuple[int, list[dict[str, Any]], str]:
    """Run ``mazeboard sim --scenario path --events FILE`` in-process: (exit, events, stderr)."""
    log = tmp / "events.jsonl"
    code = main(["sim", "--scenario", str(path), "--events", str(log)])
    err = capsys.readouterr().err
    events = [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []
    return code, events, err


def check_case(path: Path, tmp: Path, capsys: Any) -> list[str]:
    exp = json.loads(path.with_name(path.stem + ".expect.json").read_text())
    code, events, err = run_scenario(path, tmp, capsys)
    if "exit" in exp:
        out = []
        if code != exp["exit"]:
            out.append(f"exit {code}, wanted {exp['exit']}")
        if "stderr_matches" in exp and not re.search(exp["stderr_matches"], err):
            out.append(f"stderr does not explain: {err!r}")
        if "Traceback" in err or len(err.strip().splitlines()) != 1:
            out.append(f"not one clear line: {err!r}")
        return out
    if code != 0:
        return [f"exit {code}: {err}"]
    return problems(exp, events)

"""The modules under activities/ import each other without cycles."""

from __future__ import annotations

import ast
from pathlib import Path

ACTIVITIES = Path(__file__).resolve().parents[1] / "activities"
PACKAGE = "rubricflow.activities"


def _imports(path: Path) -> set[str]:
    """The activities modules `path` imports, at top level or inside functions."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == PACKAGE:
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(PACKAGE + "."):
            found.add(node.module.rsplit(".", 1)[1])  # type: ignore[union-attr]
    return found


def test_no_import_cycles_among_activities_modules():
    graph = {path.stem: _imports(path) for path in ACTIVITIES.glob("*.py")}
    cycles = []
    for start in graph:
        stack = [(start, [start])]
        while stack:
            node, path = stack.pop()
            for nxt in graph.get(node, ()):
                if nxt == start:
                    cycles.append(" -> ".join([*path, nxt]))
                elif nxt not in path:
                    stack.append((nxt, [*path, nxt]))
    assert cycles == []


def test_the_scripted_model_lives_in_its_own_module():
    assert "class ScriptedChatModel" not in (ACTIVITIES / "models.py").read_text(encoding="utf-8")
    assert "class ScriptedChatModel" in (ACTIVITIES / "scripted.py").read_text(encoding="utf-8")

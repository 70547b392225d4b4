"""The import graph of every package: no cycles, layers that point one way, modules and
functions of a readable size. Read from the source (imports under `if TYPE_CHECKING:`
never run, so they are not edges)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {
    "workflows": "rubricflow.workflows",
    "activities": "rubricflow.activities",
    "rubricflow": "rubricflow",
    "benchmarks": "benchmarks",
}
WORKER_SIDE = ("rubricflow.plugin", "rubricflow.worker", "rubricflow.worker_env", "rubricflow.doctor", "benchmarks")
"""The only modules outside activities/ that may load the activities (and so LangChain)."""
MODEL_LIBRARIES = ("langchain", "langchain_core", "langgraph", "deepagents", "llama_cpp")
MAX_MODULE_LINES = 450
MAX_FUNCTION_LINES = 60
LONG_REASON = "(long: "
"""A longer function says why in its docstring, as `(long: REASON)`."""


def modules() -> dict[str, Path]:
    found = {}
    for folder, package in PACKAGES.items():
        for path in (ROOT / folder).rglob("*.py"):
            parts = [p for p in path.relative_to(ROOT / folder).with_suffix("").parts if p != "__init__"]
            found[".".join([package, *parts])] = path
    return found


def imported(path: Path) -> set[str]:
    """Every module name an import statement of `path` may load, at any depth."""
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                for other in child.orelse:
                    visit(other)
                continue
            if isinstance(child, ast.Import):
                names.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.level == 0 and child.module:
                names.add(child.module)
                names.update(f"{child.module}.{alias.name}" for alias in child.names)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return names


def graph() -> dict[str, set[str]]:
    """Module -> the modules of ours it imports. The package root is no node: importing
    `rubricflow` runs nothing (its names load on first use, `rubricflow/__init__.py`)."""
    known = modules()
    del known["rubricflow"]
    return {name: {i for i in imported(path) if i in known and i != name} for name, path in known.items()}


def test_the_packages_import_each_other_without_cycles():
    edges = graph()
    cycles = set()
    for start in edges:
        stack = [(start, [start])]
        while stack:
            node, trail = stack.pop()
            for nxt in edges[node]:
                if nxt == start:
                    cycles.add(" -> ".join([*trail, nxt]))
                elif nxt not in trail:
                    stack.append((nxt, [*trail, nxt]))
    assert sorted(cycles) == []


def _layer_problems(name: str, names: set[str]) -> list[str]:
    if name.startswith("rubricflow.workflows"):
        return sorted(
            i
            for i in names
            if (i.startswith("rubricflow.") and not i.startswith("rubricflow.workflows"))
            or i.split(".")[0] in MODEL_LIBRARIES
        )
    if name.startswith("rubricflow.activities"):
        return sorted(
            i
            for i in names
            if i.startswith("rubricflow.") and not i.startswith(("rubricflow.workflows", "rubricflow.activities"))
        )
    if name == "rubricflow" or name.startswith(WORKER_SIDE):
        return []  # the root loads `RubricflowPlugin` only when a caller asks for it
    return sorted(
        i for i in names if i.startswith(("rubricflow.activities", *WORKER_SIDE)) or i.split(".")[0] in MODEL_LIBRARIES
    )


SEPARATE_FRONTS = ("rubricflow.cli", "rubricflow.ui")
"""The terminal and the browser are two fronts on the client: neither imports the other;
what both need lives below both (`rubricflow.listing`, `rubricflow.prices`, the client)."""


def _front_problems(name: str, names: set[str]) -> list[str]:
    front = next((f for f in SEPARATE_FRONTS if name == f or name.startswith(f + ".")), None)
    if front is None:
        return []
    others = tuple(f for f in SEPARATE_FRONTS if f != front)
    return sorted(i for i in names if any(i == o or i.startswith(o + ".") for o in others))


def test_the_cli_and_the_web_view_do_not_import_each_other():
    problems = {name: bad for name, path in modules().items() if (bad := _front_problems(name, imported(path)))}
    assert problems == {}


def test_the_front_check_catches_either_direction():
    assert _front_problems("rubricflow.ui.server", {"rubricflow.cli.inputs"}) == ["rubricflow.cli.inputs"]
    assert _front_problems("rubricflow.cli.servers", {"rubricflow.ui"}) == ["rubricflow.ui"]
    assert _front_problems("rubricflow.cli.render", {"rubricflow.listing", "rubricflow.client"}) == []
    assert _front_problems("rubricflow.uix", {"rubricflow.cli"}) == []


def test_layers_point_one_way():
    """The contract imports nothing of ours above it; activities import the contract; only
    the worker side wires activities; the client, CLI and web view see the contract only."""
    problems = {name: bad for name, path in modules().items() if (bad := _layer_problems(name, imported(path)))}
    assert problems == {}


def test_the_layer_check_catches_a_contract_module_that_imports_an_activity():
    assert _layer_problems("rubricflow.workflows.state", {"rubricflow.activities.models"}) == [
        "rubricflow.activities.models"
    ]
    assert _layer_problems("rubricflow.client", {"langchain_core.messages"}) == ["langchain_core.messages"]
    assert _layer_problems("rubricflow.plugin", {"rubricflow.activities.models"}) == []


def test_modules_and_functions_stay_readable():
    long_modules = {}
    long_functions = {}
    for name, path in modules().items():
        text = path.read_text(encoding="utf-8")
        if (lines := len(text.splitlines())) > MAX_MODULE_LINES:
            long_modules[name] = lines
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                length = node.end_lineno - node.lineno + 1  # type: ignore[operator]
                if length > MAX_FUNCTION_LINES and LONG_REASON not in (ast.get_docstring(node) or ""):
                    long_functions[f"{name}.{node.name}"] = length
    assert long_modules == {}
    assert long_functions == {}


def test_the_scripted_model_lives_in_its_own_module():
    activities = ROOT / "activities"
    assert "class ScriptedChatModel" not in (activities / "models.py").read_text(encoding="utf-8")
    assert "class ScriptedChatModel" in (activities / "scripted.py").read_text(encoding="utf-8")

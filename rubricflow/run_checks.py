"""What the client checks before it starts anything: ids, model providers, scripted
model files, and the tools, checks and agents a run names."""

from __future__ import annotations

import os
import uuid
from collections.abc import Sequence
from pathlib import Path

from rubricflow.preflight import RunRefused, check_provider
from rubricflow.workflows.ids import check_id as _check_id
from rubricflow.workflows.rubric import parse_rubric
from rubricflow.workflows.types import RunInput


def check_id(kind: str, value: str) -> str:
    """A thread id or task queue Temporal accepts and `list` shows on one row, else
    `RunRefused` saying what to fix (non-empty, at most 1000 characters, no control
    characters)."""
    try:
        return _check_id(kind, value)
    except ValueError as exc:
        raise RunRefused(str(exc)) from None


def new_thread_id() -> str:
    return f"thread-{uuid.uuid4().hex[:12]}"


def check_input(run: RunInput, *, installed: bool = False) -> None:
    """Checks that need more than the model's own validation, before anything starts:
    known model providers and, with `installed` (the worker runs beside this process),
    their packages present; a rubric the worker could not grade as written."""
    for model in run_models(run):
        check_provider(model, installed=installed)
    if run.rubric is not None:
        check_rubric(run.rubric)


def check_rubric(rubric: str) -> None:
    """`RunRefused` for a rubric whose lines cannot be read (a bad weight or scale, a
    `run_python_tests` without its tests); the check names a worker knows are `check_names`'."""
    problems = parse_rubric(rubric).problems
    if problems:
        raise RunRefused("the rubric cannot be graded: " + "; ".join(problems))


def run_models(run: RunInput) -> list[str]:
    return [run.agent.model, *([run.grader.model] if run.grader is not None else [])]


def check_scripted_file(model: str) -> None:
    """`scripted:PATH` read on this machine (the worker runs beside the caller): the file
    must exist and be readable, else the run would only fail once started."""
    provider, _, path = model.partition(":")
    if provider.strip() != "scripted":
        return
    file = Path(path.strip())
    if not file.is_file() or not os.access(file, os.R_OK):
        why = "does not exist" if not file.exists() else "is not a readable file"
        raise RunRefused(
            f"the scripted model file {str(file)!r} {why}; pass --model scripted:PATH with a "
            'JSON file of canned replies ({"responses": [...]})'
        )


def check_names(
    run: RunInput,
    tools: list[str],
    checks: list[str],
    agents: list[str] | None = None,
    servers: Sequence[str] = (),
) -> None:
    """Refuse agent, tool and check names unknown to a registry (the CLI passes the names a
    default worker has: `rubricflow.preflight.tool_names()`, `check_names()` and
    `agent_names()`, and its MCP servers, `mcp_servers()`: any `<server>_...` passes, and
    the worker refuses a tool its server does not have)."""
    if agents is not None and run.agent.agent not in agents:
        raise RunRefused(f"unknown agent {run.agent.agent!r}; known agents: {', '.join(agents)}")
    named = [*run.agent.tools, *(run.grader.tools if run.grader else [])]
    unknown = sorted(
        {name for name in named if name not in tools and not any(name.startswith(f"{server}_") for server in servers)}
    )
    if unknown:
        known = ", ".join(tools)
        if servers:
            known += ", and " + ", ".join(f"{server}_* (MCP server {server})" for server in servers)
        raise RunRefused(f"unknown tool(s) {unknown}; known tools: {known}")
    if run.rubric is not None:
        problems = parse_rubric(run.rubric, checks).problems
        if problems:
            raise RunRefused("the rubric cannot be graded: " + "; ".join(problems))

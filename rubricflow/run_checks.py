"""What the client checks before it starts anything, from the contract alone: ids, model
providers, rubrics. What only a worker knows, its workers say (`rubricflow/ask_workers.py`)."""

from __future__ import annotations

import uuid

from rubricflow.errors import RunRefused
from rubricflow.ids import check_id as _check_id
from rubricflow.preflight import check_provider
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


def check_input(run: RunInput) -> None:
    """What the contract alone decides, before anything starts: known model providers, no
    address in a model id, a rubric the worker could read as written. What the worker has
    (tools, agents, checks, installed providers, scripted files) its workers decide
    (`Rubricflow.check`)."""
    for model in run_models(run):
        check_provider(model)
    if run.rubric is not None:
        check_rubric(run.rubric)


def check_rubric(rubric: str) -> None:
    """`RunRefused` for a rubric whose lines cannot be read (a bad weight or scale, a
    `run_python_tests` without its tests)."""
    problems = parse_rubric(rubric).problems
    if problems:
        raise RunRefused("the rubric cannot be graded: " + "; ".join(problems))


def run_models(run: RunInput) -> list[str]:
    return [run.agent.model, *([run.grader.model] if run.grader is not None else [])]

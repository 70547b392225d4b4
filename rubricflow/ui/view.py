"""What the thread page shows, computed from a thread's `Progress` (no HTML here): the
criteria x passes matrix, each pass's answer, diff and cost, the task, and the actions
the thread accepts now."""

from __future__ import annotations

import difflib
from collections.abc import Mapping
from dataclasses import dataclass, field

from rubricflow.workflows.steering import ENDED_UNSATISFIED
from rubricflow.workflows.types import Criterion, Evaluation, Message, ModelPrice, PassUsage, Progress, RunInput

EXTEND_STATUSES = ("max_iterations_reached", "budget_exhausted")
"""Statuses that `extend` (more iterations or more budget) applies to."""
FOLD_CHARS = 600
"""Text longer than this (an explanation, a gap, the task) shows folded: its start, and
the whole on a click."""


def offered_actions(progress: Progress) -> tuple[str, ...]:
    """The review actions the thread accepts now, by the rules its update validators
    keep (`workflows/steering.py`): none on a closed thread or one without a grading run;
    approve after a run ended unsatisfied or while it is paused; reject after a run
    ended, while it has a pass left; extend after it ran out of passes or budget."""
    if progress.phase == "done" or progress.grading_run_id is None:
        return ()
    status, actions = progress.status, []
    if status in ENDED_UNSATISFIED or status == "paused":
        actions.append("approve")
    if status in ENDED_UNSATISFIED | {"satisfied"} and progress.iteration < (progress.max_iterations or 0):
        actions.append("reject")
    if status in EXTEND_STATUSES:
        actions.append("extend")
    return tuple(actions)


def the_task(progress: Progress) -> str | None:
    """The request the thread works on: its first message from a person (the grader's
    revision messages are never taken for it)."""
    return next((m.content for m in progress.transcript if m.role == "user" and m.source != "grader"), None)


def pass_cost(usage: PassUsage | None, started: RunInput | None, table: Mapping[str, ModelPrice]) -> float | None:
    """What one pass cost (its agent turn and grader pass), priced with the prices the
    thread started with, then the client's price table; None when a model that spent
    tokens has no price."""
    grader = started.state.grader if started is not None and started.state is not None else None
    grader = grader or (started.grader if started is not None else None)
    if usage is None or started is None or grader is None:
        return None
    prices = {**table, **grader.prices}
    cost = 0.0
    for model, used in ((started.agent.model, usage.agent), (grader.model, usage.grader)):
        if used.total_tokens:
            if model not in prices:
                return None
            cost += prices[model].cost(used)
    return cost


@dataclass
class PassColumn:
    """One grading pass: its record, the answer it graded and that answer's diff to the
    answer of the pass before it (None for the first pass or an unchanged answer)."""

    evaluation: Evaluation
    answer: str | None
    diff: list[tuple[str, str]] | None
    """(kind, line) with kind `add`, `del`, `hunk` or `same`."""
    cost_usd: float | None = None


@dataclass
class GradingRun:
    """One grading run of the thread: the criteria down, its passes across."""

    run_id: str
    passes: list[PassColumn] = field(default_factory=list)
    criteria: list[str] = field(default_factory=list)

    def cell(self, name: str, column: PassColumn) -> Criterion | None:
        return next((c for c in column.evaluation.criteria if c.name == name), None)


def turn_answers(transcript: list[Message]) -> list[str]:
    """The agent's answer of each turn: a turn follows a user message (the task, a
    follow-up, or grader or reviewer feedback) and its answer is its last message that
    calls no tool."""
    answers: list[str] = []
    current: str | None = None
    for message in transcript:
        if message.role == "user":
            if current is not None:
                answers.append(current)
            current = None
        elif message.role == "assistant" and not message.tool_calls:
            current = message.content
    if current is not None:
        answers.append(current)
    return answers


def grading_runs(
    progress: Progress, started: RunInput | None = None, prices: Mapping[str, ModelPrice] | None = None
) -> list[GradingRun]:
    """The thread's grading runs, oldest first. Each grader pass grades the answer of the
    agent turn just before it (a reviewer's verdict grades the answer already there), so
    the graded passes take the turns' answers in order, counted back from the last one
    (minus the newest answer while it waits for its pass)."""
    answers = turn_answers(progress.transcript)
    if progress.phase == "grading" and answers:
        answers = answers[:-1]
    graded = [e for e in progress.evaluations if e.reviewer is None]
    start = len(answers) - len(graded)
    runs: dict[str, GradingRun] = {}
    answer: str | None = None
    previous: str | None = None
    index = 0
    for evaluation in progress.evaluations:
        if evaluation.reviewer is None:
            at = start + index
            answer = answers[at] if 0 <= at < len(answers) else None
            index += 1
        run = runs.setdefault(evaluation.grading_run_id, GradingRun(evaluation.grading_run_id))
        diff = answer_diff(previous, answer) if run.passes else None
        cost = pass_cost(evaluation.usage, started, prices or {})
        run.passes.append(PassColumn(evaluation, answer, diff, cost))
        previous = answer
        for criterion in evaluation.criteria:
            if criterion.name not in run.criteria:
                run.criteria.append(criterion.name)
    return list(runs.values())


def answer_diff(before: str | None, after: str | None) -> list[tuple[str, str]] | None:
    """A unified diff, line by line, of one pass's answer against the one before it."""
    if before is None or after is None or before == after:
        return None
    lines = difflib.unified_diff(
        before.splitlines(), after.splitlines(), "previous pass", "this pass", lineterm="", n=2
    )
    out = []
    for line in lines:
        if line.startswith(("---", "+++")):
            continue
        kind = {"+": "add", "-": "del", "@": "hunk"}.get(line[:1], "same")
        out.append((kind, line))
    return out

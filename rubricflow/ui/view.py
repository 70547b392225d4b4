"""What the thread page shows, computed from a thread's `Progress` (no HTML here)."""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from rubricflow.workflows.types import Criterion, Evaluation, Message, Progress

REVIEW_STATUSES = ("max_iterations_reached", "awaiting_review", "failed", "grader_error", "budget_exhausted")
"""Statuses a person may settle with approve / reject (the workflow's validators decide)."""
EXTEND_STATUSES = ("max_iterations_reached", "budget_exhausted")
"""Statuses that `extend` (more iterations or more budget) applies to."""


@dataclass
class PassColumn:
    """One grading pass: its record, the answer it graded and that answer's diff to the
    answer of the pass before it (None for the first pass or an unchanged answer)."""

    evaluation: Evaluation
    answer: str | None
    diff: list[tuple[str, str]] | None
    """(kind, line) with kind `add`, `del`, `hunk` or `same`."""


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


def grading_runs(progress: Progress) -> list[GradingRun]:
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
        run.passes.append(PassColumn(evaluation, answer, diff))
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

"""What the terminal shows: live events, the final state, the `--json` object, the list.

Colour and tables only on a terminal (rich decides from the stream); piped, plain text.
People count grading passes from 1 (`grading pass 1 of 3`); the records keep the
zero-based `iteration`.
"""

from __future__ import annotations

import json
import re
from typing import Any, TextIO

from rich.console import Console
from rich.markup import escape
from rich.table import Table

from rubricflow.client import ThreadRow
from rubricflow.listing import LIST_COLUMNS, list_cells
from rubricflow.workflows.types import Criterion, Evaluation, Progress, RunEvent

STATUS_STYLE = {
    "satisfied": "green",
    "answered": "green",
    "running": "cyan",
    "paused": "yellow",
    "needs_revision": "yellow",
    "awaiting_review": "yellow",
    "max_iterations_reached": "red",
    "grader_error": "red",
    "failed": "red",
    "cancelled": "red",
    "terminated": "red",
    "timed_out": "red",
}


def console(out: TextIO) -> Console:
    """Rich on a terminal; piped, plain lines (no colour, no wrapping, no markup codes)."""
    return Console(file=out, soft_wrap=True, highlight=False, emoji=False)


def styled(status: str | None) -> str:
    text = escape(str(status))
    style = STATUS_STYLE.get(str(status).split(" ")[0])
    return f"[{style}]{text}[/]" if style else text


def pass_of(iteration: int | None, max_iterations: int | None) -> str:
    """`pass 1 of 3` from the zero-based iteration of the pass."""
    number = (iteration or 0) + 1
    return f"pass {number}" + (f" of {max_iterations}" if max_iterations else "")


def spent_of(progress: Progress) -> str:
    """`2 of 3 grading passes`: passes spent in the current grading run."""
    if progress.max_iterations is None:
        return "no grading"
    return f"{progress.iteration} of {progress.max_iterations} grading passes"


def stamp(event: RunEvent, started: Any) -> str:
    """`[#offset +seconds]`: seconds since the first event seen, by workflow time."""
    offset = f"#{event.offset}" if event.offset is not None else ""
    if event.at is not None and started is not None:
        return f"[{offset} +{(event.at - started).total_seconds():5.1f}s]"
    return f"[{offset}]"


def render_event(
    event: RunEvent, out: TextIO, started: Any = None, max_iterations: int | None = None, c: Console | None = None
) -> None:
    c = c or console(out)
    head = escape(stamp(event, started))
    if event.type == "agent_turn_start":
        c.print(f"{head} agent turn...")
    elif event.type == "agent_turn_end":
        c.print(f"{head} agent answered ({len(event.answer or '')} characters)")
    elif event.type == "rubric_evaluation_start":
        c.print(f"{head} grading {pass_of(event.iteration, max_iterations)}...")
    elif event.type == "rubric_evaluation_end":
        flag = " (unverified)" if event.unverified else ""
        flag += f" (score {event.score:.2f})" if event.score is not None else ""
        flag += " (from the grader cache)" if event.from_cache else ""
        c.print(f"{head} verdict: {styled(event.result)}{flag} - {escape(event.explanation or '')}")
        for criterion in event.criteria or []:
            if criterion.passed:
                c.print(f"    [green]\\[pass][/] {escape(criterion.name)}{escape(criterion_note(criterion))}")
            else:
                gap = (criterion.gap or "").strip().replace("\n", "\n           ")
                mark = "[yellow]\\[????][/]" if criterion.unverified else "[red]\\[FAIL][/]"
                c.print(f"    {mark} {escape(criterion.name)}{escape(criterion_note(criterion))}: {escape(gap)}")
            for line in evidence_lines(criterion):
                c.print(f"[dim]           {escape(line)}[/]")
    elif event.type == "run_end":
        c.print(f"{head} run ended: {styled(event.status)}")
    elif event.type == "hook_failed":
        c.print(
            f"{head} hook {escape(event.hook or '?')} failed for {pass_of(event.iteration, None)}: "
            f"{escape(event.explanation or '')}"
        )
    out.flush()


def render_final(progress: Progress, out: TextIO) -> None:
    c = console(out)
    c.print()
    line = f"status: {styled(progress.status)}"
    if progress.grading_run_id:
        line += f" after {spent_of(progress)} (grading run {escape(progress.grading_run_id)})"
    c.print(line)
    c.print(f"thread: {escape(progress.thread_id)}\n\nanswer:")
    c.print(progress.answer or "(none)", markup=False)
    best = progress.best
    if best is not None and best.iteration != progress.iteration - 1:
        c.print(f"\nbest answer: grading pass {best.iteration + 1}, {best.met} of {best.total} criteria met:")
        c.print(best.answer or "(none)", markup=False)


_TESTS_FAILED = re.compile(r"^(\d+) of (\d+) tests failed")
_FAILING_TEST = re.compile(r"^([\w.\[\]-]+): ")

VERDICT_MEANING = {
    "satisfied": "every criterion passes: the grader found nothing left to change",
    "max_iterations_reached": (
        "the grader still found unmet criteria on the last allowed pass, so the run stopped "
        "there (--max-iterations); the answer is the agent's last, and the best pass is the "
        "one with the most criteria met"
    ),
    "failed": "the grader judged the rubric impossible to evaluate as written",
    "grader_error": "the grader itself broke (its model or its output), so there is no verdict",
    "budget_exhausted": "a budget of the run ran out before the next step",
}
"""What each terminal status means, said plainly (the demo's closing lines)."""


def failing_tests(criterion: Criterion) -> tuple[set[str], int | None] | None:
    """A tests criterion's failing tests and how many tests ran, read from its gap
    (`2 of 4 tests failed:` then `test_x: ...` lines); None for a criterion that runs no
    tests, or a gap said otherwise."""
    if criterion.isolation is None:
        return None
    if criterion.passed:
        return set(), None
    lines = (criterion.gap or "").splitlines()
    head = _TESTS_FAILED.match(lines[0]) if lines else None
    if head is None:
        return None
    names = {m.group(1) for line in lines[1:] if (m := _FAILING_TEST.match(line))}
    return names, int(head.group(2))


def loop_changes(evaluations: list[Evaluation]) -> list[str]:
    """One line per grader pass: criteria met, tests passing, and what went from fail to
    pass since the pass before (criteria, and tests by name)."""
    lines = []
    before: dict[str, Criterion] = {}
    for evaluation in evaluations:
        met = sum(c.passed for c in evaluation.criteria)
        line = f"pass {evaluation.iteration + 1}: {met} of {len(evaluation.criteria)} criteria met"
        fixed, tests_fixed, notes = [], [], []
        for criterion in evaluation.criteria:
            tests = failing_tests(criterion)
            if tests is not None and tests[1] is not None:
                notes.append(f"{tests[1] - len(tests[0])} of {tests[1]} tests pass")
            old = before.get(criterion.name)
            if old is None:
                continue
            if criterion.passed and not old.passed:
                fixed.append(criterion.name)
            old_tests = failing_tests(old)
            if tests is not None and old_tests is not None:
                tests_fixed += sorted(old_tests[0] - tests[0])
        if notes:
            line += f" ({'; '.join(notes)})"
        if fixed or tests_fixed:
            parts = [f"criterion fixed: {name}" for name in fixed]
            parts += [f"test fixed: {name}" for name in tests_fixed]
            line += " - " + "; ".join(parts)
        elif before:
            line += " - nothing fixed"
        lines.append(line)
        before = {c.name: c for c in evaluation.criteria}
    return lines


def render_loop_summary(progress: Progress, out: TextIO) -> None:
    """What the grading run did, in plain words: each pass, what it fixed, the best pass,
    and what the verdict means."""
    c = console(out)
    passes = [e for e in progress.evaluations if e.grading_run_id == progress.grading_run_id and not e.reviewer]
    c.print("\nwhat the loop changed:")
    for line in loop_changes(passes) or ["no grading pass ran"]:
        c.print(f"  {line}", markup=False)
    if progress.best is not None:
        best = progress.best
        c.print(f"  best pass: pass {best.iteration + 1}, {best.met} of {best.total} criteria met", markup=False)
    meaning = VERDICT_MEANING.get(progress.status)
    c.print(f"verdict: {styled(progress.status)}" + (f": {escape(meaning)}" if meaning else ""))


def render_counts(progress: Progress) -> str:
    """`thread T: STATUS (2 of 3 grading passes)`, the line the steering commands print."""
    return f"thread {progress.thread_id}: {progress.status} ({spent_of(progress)})\n"


def verdict_word(criterion: Criterion) -> str:
    """`pass`, `FAIL`, or `UNVERIFIED` for a criterion the grader could not tell."""
    return "pass" if criterion.passed else ("UNVERIFIED" if criterion.unverified else "FAIL")


MAX_SHOWN_CHECK_LINES = 8


def evidence_lines(criterion: Criterion) -> list[str]:
    """The evidence on a criterion's record, a line each: the check the grader wrote (its
    first lines) and the answer's words it cited."""
    lines = []
    if criterion.check:
        source = criterion.check.rstrip().splitlines()
        lines += [f"| {line}" for line in source[:MAX_SHOWN_CHECK_LINES]]
        if len(source) > MAX_SHOWN_CHECK_LINES:
            lines.append(f"| ... ({len(source) - MAX_SHOWN_CHECK_LINES} more lines: status --json has them all)")
    if criterion.quote:
        lines.append(f"cited: {criterion.quote!r}")
    return lines


def criterion_note(criterion: Criterion) -> str:
    """How a criterion was decided, where not by the model's judgement alone: ` (isolation:
    bubblewrap)` for code run in the sandbox, ` (fact: ...)` for a measured fact, ` (votes
    2/3)` for a majority of samples."""
    notes = []
    if criterion.isolation:
        notes.append(f"isolation: {criterion.isolation}")
    if criterion.decided_by:
        notes.append(criterion.decided_by)
    if criterion.votes:
        notes.append(f"votes {criterion.votes}")
    if criterion.score is not None:
        notes.append(f"{criterion.score} points")
    return f" ({'; '.join(notes)})" if notes else ""


def result_json(
    progress: Progress | None, thread_id: str | None = None, error: str | None = None, status: str | None = None
) -> dict[str, Any]:
    """The one `--json` shape, for success and failure alike (`error` is null on success)."""
    from rubricflow.prices import price_table, usage_json

    usage = (
        usage_json(progress, price_table())
        if progress
        else {"usage": None, "run_usage": None, "cost_usd": None, "run_cost_usd": None, "budget": None}
    )
    return {
        "thread_id": progress.thread_id if progress else thread_id,
        "grading_run_id": progress.grading_run_id if progress else None,
        "status": progress.status if progress else status,
        "phase": progress.phase if progress else None,
        "iterations": progress.iteration if progress else None,
        "max_iterations": progress.max_iterations if progress else None,
        "evaluations": [e.model_dump(mode="json") for e in progress.evaluations] if progress else [],
        "answer": progress.answer if progress else None,
        "best": progress.best.model_dump(mode="json") if progress and progress.best else None,
        "pending_review": progress.pending_review if progress else None,
        "files": [f.model_dump() for f in progress.files] if progress else [],
        "todos": [t.model_dump() for t in progress.todos] if progress else [],
        **usage,
        "error": error,
    }


def write_json(data: Any, out: TextIO) -> None:
    out.write(json.dumps(data, indent=2) + "\n")
    out.flush()


def render_list(rows: list[ThreadRow], out: TextIO) -> None:
    """A table on a terminal; piped, a header and tab-separated lines."""
    c = console(out)
    if not c.is_terminal:
        out.write("\t".join(LIST_COLUMNS) + "\n")
        for row in rows:
            out.write("\t".join(list_cells(row)) + "\n")
        return
    table = Table(*LIST_COLUMNS, header_style="bold")
    for row in rows:
        cells = list_cells(row)
        table.add_row(escape(cells[0]), styled(cells[1]), *(escape(x) for x in cells[2:]))
    c.print(table)


TOOL_COLUMNS = ("name", "source", "description")


def render_tools(rows: list[dict[str, str]], out: TextIO) -> None:
    """The worker's tools: a table on a terminal; piped, a header and tab-separated lines."""
    cells = [[row["name"], row["source"], " ".join(row["description"].split())] for row in rows]
    c = console(out)
    if not c.is_terminal:
        out.write("\t".join(TOOL_COLUMNS) + "\n")
        for line in cells:
            out.write("\t".join(line) + "\n")
        return
    table = Table(*TOOL_COLUMNS, header_style="bold")
    for line in cells:
        table.add_row(*(escape(x) for x in line))
    c.print(table)

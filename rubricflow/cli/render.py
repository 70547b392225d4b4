"""What the terminal shows: live events, the final state, the `--json` object."""

from __future__ import annotations

from typing import Any, TextIO

from rubricflow.workflows.types import Progress, RunEvent


def render_event(event: RunEvent, out: TextIO, elapsed: float) -> None:
    stamp = f"[{elapsed:6.1f}s]"
    if event.type == "agent_turn_start":
        out.write(f"{stamp} agent turn (iteration {event.iteration})...\n")
    elif event.type == "agent_turn_end":
        out.write(f"{stamp} agent answered ({len(event.answer or '')} characters)\n")
    elif event.type == "rubric_evaluation_start":
        out.write(f"{stamp} grading pass {event.iteration}...\n")
    elif event.type == "rubric_evaluation_end":
        flag = " (unverified)" if event.unverified else ""
        out.write(f"{stamp} verdict: {event.result}{flag} - {event.explanation}\n")
        for criterion in event.criteria or []:
            if criterion.passed:
                out.write(f"    [pass] {criterion.name}\n")
            else:
                gap = (criterion.gap or "").strip().replace("\n", "\n           ")
                out.write(f"    [FAIL] {criterion.name}: {gap}\n")
    elif event.type == "hook_failed":
        out.write(f"{stamp} hook {event.hook} failed for pass {event.iteration}: {event.explanation}\n")
    out.flush()


def render_final(progress: Progress, out: TextIO) -> None:
    passes = len([e for e in progress.evaluations if e.grading_run_id == progress.grading_run_id])
    out.write(f"\nstatus: {progress.status}")
    if progress.grading_run_id:
        out.write(f" after {passes} grading pass(es) (grading run {progress.grading_run_id})")
    out.write(f"\nthread: {progress.thread_id}\n\nanswer:\n{progress.answer or '(none)'}\n")


def render_counts(progress: Progress) -> str:
    """`thread T: STATUS (iteration N of M)`, the line the steering commands print."""
    return (
        f"thread {progress.thread_id}: {progress.status} (iteration {progress.iteration}"
        + (f" of {progress.max_iterations}" if progress.max_iterations else "")
        + ")\n"
    )


def result_json(progress: Progress) -> dict[str, Any]:
    return {
        "thread_id": progress.thread_id,
        "grading_run_id": progress.grading_run_id,
        "status": progress.status,
        "iterations": progress.iteration,
        "evaluations": [e.model_dump(mode="json") for e in progress.evaluations],
        "answer": progress.answer,
    }

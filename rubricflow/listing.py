"""Listing threads: the statuses `list` filters on, a row, its columns as both fronts (the
terminal and the web view) show them, and the visibility query."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, ConfigDict
from temporalio.client import WorkflowExecutionStatus

from rubricflow.errors import RunRefused
from rubricflow.workflows.names import STATUS_ATTR
from rubricflow.workflows.rubric_run import RubricRunWorkflow
from rubricflow.workflows.state import VISIBLE_STATUSES, WORKING_STATUSES

CLOSED_STATUSES = {
    WorkflowExecutionStatus.FAILED: "failed",
    WorkflowExecutionStatus.CANCELED: "cancelled",
    WorkflowExecutionStatus.TERMINATED: "terminated",
    WorkflowExecutionStatus.TIMED_OUT: "timed_out",
    WorkflowExecutionStatus.CONTINUED_AS_NEW: "continued",
}
"""A closed workflow without a result, said plainly."""

LIST_STATUSES: tuple[str, ...] = (*VISIBLE_STATUSES, "idle")
"""The values `list(status=...)` filters on: every visible status of the contract (the
`RubricStatus` search attribute), and `idle` for an open thread waiting for a follow-up
after its verdict."""


class ThreadRow(BaseModel):
    """One row of `Rubricflow.list()`."""

    model_config = ConfigDict(frozen=True)

    thread_id: str
    workflow_run_id: str
    status: str
    """The thread's real state: running, paused, idle (waiting for a follow-up), the
    run's terminal status, or failed/cancelled/terminated/timed_out for the workflow."""
    rubric_status: str | None
    iteration: int | None
    """Grading passes spent in the current grading run."""
    grading_run_id: str | None
    started: datetime
    closed: datetime | None


LIST_COLUMNS = ("thread", "status", "iteration", "grading run", "started", "closed")


def list_cells(row: ThreadRow) -> tuple[str, ...]:
    """A row as text, one cell per `LIST_COLUMNS` entry."""
    return (
        row.thread_id,
        row.status,
        "-" if row.iteration is None else str(row.iteration),
        (row.grading_run_id or "-")[:12],
        row.started.isoformat(timespec="seconds"),
        row.closed.isoformat(timespec="seconds") if row.closed else "-",
    )


def row_status(workflow_status: WorkflowExecutionStatus | None, rubric_status: str | None) -> str:
    """The state a person wants to see for a listed thread."""
    if workflow_status is not None and workflow_status in CLOSED_STATUSES:
        return CLOSED_STATUSES[workflow_status]
    if workflow_status == WorkflowExecutionStatus.RUNNING:
        if rubric_status in (None, "running", "needs_revision"):
            return "running"
        if rubric_status == "paused":
            return "paused"
        return f"idle ({rubric_status})"
    return rubric_status or "unknown"


def visibility_query(status: str | None) -> str:
    """The list filter, from validated values only (nothing a caller typed is pasted in)."""
    query = f"WorkflowType = '{RubricRunWorkflow.__name__}'"
    if status is not None:
        if status not in LIST_STATUSES:
            raise RunRefused(f"unknown status {status!r}; use one of: {', '.join(LIST_STATUSES)}")
        if status == "idle":
            verdicts = ", ".join(f"'{s}'" for s in VISIBLE_STATUSES if s not in WORKING_STATUSES)
            query += f" AND ExecutionStatus = 'Running' AND {STATUS_ATTR.name} IN ({verdicts})"
        else:
            query += f" AND {STATUS_ATTR.name} = '{status}'"
    return query

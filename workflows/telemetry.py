"""Metrics the thread records itself: runs by terminal status, passes by verdict,
iterations to a terminal status.

Recorded through the global OpenTelemetry meter, which `rubricflow.telemetry` installs as
Temporal's `ReplaySafeMeterProvider`: nothing is recorded while a history replays, so a
worker that replays a run (after a restart, or with no workflow cache) never counts it
twice. With no provider installed these calls are no-ops. Per-step metrics (latency,
tokens, cost, hook failures) are recorded by the activities, where the work happens.
"""

from __future__ import annotations

from opentelemetry import metrics

from rubricflow.workflows.thread_state import ThreadState

RUNS_METRIC = "rubricflow_runs"
PASSES_METRIC = "rubricflow_passes"
ITERATIONS_METRIC = "rubricflow_iterations_to_terminal"

# Created once on the global (proxy) meter: they forward to the provider installed later.
_METER = metrics.get_meter("rubricflow")
_RUNS = _METER.create_counter(RUNS_METRIC, description="Runs that reached a terminal status, by status")
_PASSES = _METER.create_counter(PASSES_METRIC, description="Evaluations recorded, by verdict")
_ITERATIONS = _METER.create_histogram(
    ITERATIONS_METRIC, description="Grader passes a run took to reach its terminal status"
)


def record_run_end(state: ThreadState, status: str, task_queue: str) -> None:
    """A grading run (or an ungraded answer) reached a terminal status."""
    _RUNS.add(1, {"status": status, "task_queue": task_queue})
    if state.run is not None and status != "answered":
        _ITERATIONS.record(state.run.iteration, {"status": status, "task_queue": task_queue})


def record_pass(result: str, by_reviewer: bool, task_queue: str) -> None:
    """A pass was recorded: the grader's verdict, `grader_error`, or a reviewer's."""
    _PASSES.add(1, {"result": result, "source": "reviewer" if by_reviewer else "grader", "task_queue": task_queue})

"""Metrics the thread records itself, through `workflow.metric_meter()`.

That meter is replay-safe (nothing is recorded while a history replays) and reports
through the worker's Temporal runtime, which `rubricflow.telemetry` hands to the
OpenTelemetry metrics pipeline. Per-step metrics (latency, tokens, cost, hook failures)
are recorded by the activities, where the work happens.
"""

from __future__ import annotations

from temporalio.common import MetricMeter

from rubricflow.workflows.state import ThreadState

RUNS_METRIC = "rubricflow_runs"
ITERATIONS_METRIC = "rubricflow_iterations_to_terminal"


def record_run_end(meter: MetricMeter, state: ThreadState, status: str) -> None:
    """A grading run (or an ungraded answer) reached a terminal status."""
    meter.create_counter(RUNS_METRIC, "Runs that reached a terminal status, by status").add(
        1, {"status": status}
    )
    if state.run is not None and status != "answered":
        meter.create_histogram(
            ITERATIONS_METRIC, "Grader passes a run took to reach its terminal status"
        ).record(state.run.iteration, {"status": status})


PASSES_METRIC = "rubricflow_passes"


def record_pass(meter: MetricMeter, result: str, by_reviewer: bool) -> None:
    """A pass was recorded: the grader's verdict, `grader_error`, or a reviewer's."""
    meter.create_counter(PASSES_METRIC, "Evaluations recorded, by verdict").add(
        1, {"result": result, "source": "reviewer" if by_reviewer else "grader"}
    )

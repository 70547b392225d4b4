"""What a thread shows outside itself: search attributes, Web UI details, stream events.

Pure functions of the thread's state; the workflow upserts, sets and publishes them.
"""

from __future__ import annotations

from typing import Any

from temporalio.common import SearchAttributeKey, SearchAttributePair, SearchAttributeUpdate, TypedSearchAttributes

from rubricflow.workflows.names import ITERATION_ATTR, RUN_ID_ATTR, STATUS_ATTR
from rubricflow.workflows.state import iteration, max_iterations, visible_status
from rubricflow.workflows.thread_state import ThreadState
from rubricflow.workflows.types import Evaluation, RunEvent, RunStatus, last_answer

MAX_GAP_CHARS = 200


def search_attribute_updates(state: ThreadState, shown: TypedSearchAttributes) -> list[SearchAttributeUpdate[Any]]:
    """`RubricStatus` (the visible status), always, then `RubricIteration` and, once there
    is a run, `GradingRunId` where they differ from what the run shows (`shown`): an upsert
    carries only what it changes, and a thread upserts whenever it shows its status (its
    recorded histories have an upsert there)."""
    values: list[tuple[SearchAttributeKey[Any], Any]] = [(ITERATION_ATTR, iteration(state))]
    if state.run is not None:
        values.append((RUN_ID_ATTR, state.run.id))
    changed = [key.value_set(value) for key, value in values if shown.get(key) != value]
    return [STATUS_ATTR.value_set(visible_status(state)), *changed]


STATUS_AT_START = "running"
"""What a thread shows once its first message is taken, set by the client that starts it."""


def start_search_attributes() -> TypedSearchAttributes:
    """What a client gives a thread it starts with a message: the status it shows from its
    first task. Set by the start, it costs no event and no billable action; the thread
    then does not upsert it (`upsert_needed`)."""
    return TypedSearchAttributes([SearchAttributePair(STATUS_ATTR, STATUS_AT_START)])


def upsert_needed(state: ThreadState, shown: TypedSearchAttributes, *, first_show: bool) -> bool:
    """Whether showing the thread's status takes an upsert. Every show does, except a run's
    first when its start already set the status it shows (`start_search_attributes`); the
    iteration and grading run id go with the next change of status. `first_show` is false
    on a run continued as new: the status it inherits is not a start's."""
    return not first_show or shown.get(STATUS_ATTR) != visible_status(state)


def render_details(state: ThreadState) -> str:
    """The Web UI's current details (markdown): status, phase and budget, then the last
    pass's criteria as a table."""
    lines = [
        f"**status** {state.status} · **phase** {state.phase} · "
        f"**iteration** {iteration(state)}/{max_iterations(state) or '-'}"
    ]
    if state.usage.total_tokens:
        lines[0] += f" · **tokens** {state.usage.input_tokens} in / {state.usage.output_tokens} out"
        if state.run is not None and state.grader is not None and state.grader.prices:
            lines[0] += f" · **run cost** ${state.run.cost_usd:.4f}"
        if state.run is not None and state.run.exhausted:
            lines[0] += f" · **{state.run.exhausted} budget exhausted**"
    if state.evaluations:
        last = state.evaluations[-1]
        who = f" (reviewer {last.reviewer})" if last.reviewer else ""
        lines += [
            "",
            f"last pass {last.iteration}: **{last.result}**{who}",
            "",
            "| criterion | verdict | gap |",
            "| --- | --- | --- |",
        ]
        for c in last.criteria:
            gap = (c.gap or "").replace("\n", " ").replace("|", "\\|")[:MAX_GAP_CHARS]
            lines.append(f"| {c.name} | {'pass' if c.passed else 'FAIL'} | {gap} |")
    return "\n".join(lines)


def step_event(state: ThreadState, type: str) -> RunEvent:
    """`agent_turn_start`, `agent_turn_end` (with the answer) or `rubric_evaluation_start`."""
    return RunEvent(
        type=type,  # type: ignore[arg-type]
        grading_run_id=state.run.id if state.run is not None else None,
        iteration=iteration(state),
        answer=last_answer(state.transcript) if type == "agent_turn_end" else None,
    )


def evaluation_end_event(evaluation: Evaluation) -> RunEvent:
    return RunEvent(
        type="rubric_evaluation_end",
        grading_run_id=evaluation.grading_run_id,
        iteration=evaluation.iteration,
        result=evaluation.result,
        explanation=evaluation.explanation,
        criteria=evaluation.criteria,
        unverified=evaluation.unverified,
        score=evaluation.score,
        from_cache=evaluation.from_cache or None,
    )


def run_end_event(state: ThreadState, status: RunStatus) -> RunEvent:
    return RunEvent(
        type="run_end",
        grading_run_id=state.run.id if state.run is not None else None,
        iteration=iteration(state),
        status=status,
        answer=last_answer(state.transcript),
    )


def hook_failed_event(evaluation: Evaluation, hook: str, reason: str) -> RunEvent:
    """A hook that still failed after its retries: said on the stream, once."""
    return RunEvent(
        type="hook_failed",
        grading_run_id=evaluation.grading_run_id,
        iteration=evaluation.iteration,
        hook=hook,
        explanation=reason,
    )

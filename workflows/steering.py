"""The decisions of steering a thread from outside, as pure functions: whether an
update is allowed now (the `check_*` functions its validator raises), and what it does
(pause, resume, a reviewer's approve or reject, extend)."""

from __future__ import annotations

from rubricflow.workflows.evaluation import Criterion, Evaluation
from rubricflow.workflows.thread_state import ThreadState
from rubricflow.workflows.types import ApproveInput, ExtendInput, RejectInput, SubmitInput

ENDED_UNSATISFIED: frozenset[str] = frozenset(
    {"max_iterations_reached", "failed", "grader_error", "budget_exhausted", "awaiting_review"}
)
"""A grading run's terminal statuses that a person may still approve."""


def _latest(state: ThreadState) -> Evaluation | None:
    # A state carried from before `latest` existed: its last record.
    return state.latest or (state.evaluations[-1] if state.evaluations else None)


def review_point(state: ThreadState) -> str | None:
    """The operation id of the thread's latest record, a grader's or a reviewer's
    (`Progress.review`): the record a person was shown."""
    latest = _latest(state)
    return latest.operation_id if latest is not None else None


def pending_review(state: ThreadState) -> str | None:
    """The record a person may decide on now (`Progress.pending_review`): the latest one
    when it is a grader's (a reviewer's decision is itself decided) and a decision applies
    (the run ended, or is paused); None otherwise."""
    latest = _latest(state)
    if latest is None or latest.reviewer is not None:
        return None
    if state.paused or state.status in ENDED_UNSATISFIED | {"satisfied"}:
        return latest.operation_id
    return None


def _decided(record: Evaluation) -> str:
    verb = "approved" if record.result == "satisfied" else "rejected"
    return f"{record.reviewer} {verb} it"


def _decision_on(state: ThreadState, review: str) -> Evaluation | None:
    """The reviewer's decision on the record `review`: the record itself when it is one,
    else the first that came after it, if the thread still holds that record (its latest,
    or a decision not yet recorded, counts)."""
    records = list(state.evaluations)
    if state.latest is not None and state.latest not in records:
        records.append(state.latest)
    ids = [r.operation_id for r in records]
    if review not in ids:
        return None
    return next((r for r in records[ids.index(review) :] if r.reviewer is not None), None)


def check_review(state: ThreadState, review: str | None, *, undecided: bool = True) -> None:
    """A decision applies only to the review it names, while that is still the thread's
    latest record, and (with `undecided`) only once: of two reviewers deciding at once,
    the first decides and the other is told who did, whether it read the review before
    the first decision or after it."""
    latest = _latest(state)
    if review is not None and review != review_point(state):
        decision = _decision_on(state, review)
        if decision is not None:
            what = _decided(decision)
        elif latest is None:
            what = "the thread has no record yet"
        elif latest.reviewer is not None:
            what = _decided(latest)
        else:
            what = f"grader pass {latest.iteration + 1} recorded {latest.result!r}"
        raise ValueError(
            f"another decision came first: {what} (record {review_point(state)}, not {review}); "
            "look at the thread again (`rubricflow status`) and decide on what it shows"
        )
    if undecided and latest is not None and latest.reviewer is not None:
        raise ValueError(
            f"this review is decided already: {_decided(latest)} (record {latest.operation_id}); "
            "a review is decided once: look at the thread again (`rubricflow status`) and decide "
            "on the next one it shows"
        )


# -- updates: validation (the validators raise these) and transitions -----------------------


def check_submit(state: ThreadState, input: SubmitInput) -> None:
    if input.rubric is not None and state.grader is None and input.grader is None:
        raise ValueError("this thread has no grader settings: send grader settings with the rubric")


def check_pause(state: ThreadState) -> None:
    if state.paused:
        raise ValueError("the thread is already paused: resume it first")
    if state.status != "running":
        raise ValueError(f"nothing to pause: the thread's status is {state.status!r}, not 'running'")


def check_resume(state: ThreadState) -> None:
    if not state.paused:
        raise ValueError(f"the thread is not paused (status {state.status!r})")


def check_approve(state: ThreadState, review: str | None = None) -> None:
    # Approving a paused run stops it where it is: that is no second decision on a review.
    check_review(state, review, undecided=not state.paused)
    if state.run is None:
        raise ValueError("nothing to approve: this thread has no grading run")
    if not state.paused and state.status not in ENDED_UNSATISFIED:
        raise ValueError(
            f"approve applies to a paused run or one that ended without 'satisfied'; the status is {state.status!r}"
        )


def check_reject(state: ThreadState, review: str | None = None) -> None:
    check_review(state, review)
    if state.run is None:
        raise ValueError("nothing to reject: this thread has no grading run")
    if state.status not in ENDED_UNSATISFIED | {"satisfied"}:
        raise ValueError(
            f"reject applies once a grading run has ended; the status is {state.status!r}"
            + (" (resume or approve a paused run)" if state.paused else "")
        )
    if state.run.iteration >= state.run.max_iterations:
        raise ValueError(
            f"the grading run has used all {state.run.max_iterations} iterations: "
            "extend it first (extend --iterations N)"
        )


def check_extend(state: ThreadState, input: ExtendInput | None = None) -> None:
    if state.status == "budget_exhausted" and state.run is not None and input is not None:
        flag = {"tokens": "extra_tokens", "cost": "extra_cost_usd", "wall": "extra_wall_s"}.get(
            state.run.exhausted or ""
        )
        if flag is not None and not getattr(input, flag):
            raise ValueError(f"the run's {state.run.exhausted} budget is used up: extend it with {flag}")
        return
    if state.status == "max_iterations_reached" and input is not None and not input.iterations:
        raise ValueError("the run used all its iterations: extend it with iterations (--iterations N)")
    if state.status != "max_iterations_reached":
        raise ValueError(
            f"extend applies after 'max_iterations_reached'; the status is {state.status!r} "
            "(after 'budget_exhausted' extend adds budget)"
        )


def pause(state: ThreadState) -> None:
    """Stop the in-flight work; the run keeps its id and remaining budget."""
    state.paused = True
    state.paused_status = state.status
    state.status = "paused"


def resume(state: ThreadState) -> None:
    """Continue the paused run: same id, the iterations it has left."""
    state.paused = False
    state.status = state.paused_status


def approve(state: ThreadState, input: ApproveInput) -> Evaluation | None:
    """A person accepts the work: the run ends `satisfied`, recorded as their verdict.

    Returns the evaluation to record now (a run that ended), or None for a paused run:
    its verdict waits in `state.stop` and ends the run where it is waiting. Each decision
    gets its number (`Evaluation.decision`), hence its own operation id."""
    assert state.run is not None
    evaluation = Evaluation(
        grading_run_id=state.run.id,
        iteration=state.run.iteration,
        result="satisfied",
        explanation=f"Approved by {input.reviewer}" + (f": {input.note}" if input.note else "."),
        reviewer=input.reviewer,
        decision=_next_decision(state),
    )
    state.latest = evaluation
    if state.paused:
        state.stop = evaluation
        state.paused = False
        return None
    return evaluation


def take_stop(state: ThreadState) -> Evaluation:
    """The verdict that stopped the paused run, taken once."""
    assert state.stop is not None, "no reviewer verdict is waiting"
    stop, state.stop = state.stop, None
    return stop


def reject(state: ThreadState, input: RejectInput) -> Evaluation:
    """A person's `needs_revision`: a pass of the run whose gaps go to the agent,
    numbered as for `approve`."""
    assert state.run is not None
    criteria = list(input.criteria) or [Criterion(name="reviewer feedback", passed=False, gap=input.feedback)]
    state.status = "running"
    state.latest = Evaluation(
        grading_run_id=state.run.id,
        iteration=state.run.iteration,
        result="needs_revision",
        explanation=input.feedback,
        criteria=criteria,
        reviewer=input.reviewer,
        decision=_next_decision(state),
    )
    return state.latest


def _next_decision(state: ThreadState) -> int:
    state.decisions += 1
    return state.decisions


def extend(state: ThreadState, input: ExtendInput) -> None:
    """Accept an `extend`: the run is running again; the budget grows when it is handled
    (until then `granted` counts it, so the budget a caller sees is already the new one)."""
    state.status = "running"
    state.granted += input.iterations

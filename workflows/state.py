"""A thread's state as one object, and the decisions on it as pure functions.

Nothing here touches Temporal: `RubricRunWorkflow` holds one `ThreadState`, calls these
functions, and does the side effects (activities, events, search attributes) itself.
The same object is what the thread carries across continue-as-new, so adding a field
is one edit here plus its use.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from rubricflow.workflows.types import (
    MAX_CARRIED_EVALUATIONS,
    MAX_CARRIED_MESSAGES,
    TERMINAL_STATUSES,
    ApproveInput,
    Criterion,
    Evaluation,
    ExtendInput,
    GRADER_SOURCE,
    GraderSettings,
    Message,
    Phase,
    Progress,
    RejectInput,
    RunInput,
    RunStatus,
    SubmitInput,
    last_answer,
    recent_with_request,
)

ENDED_UNSATISFIED: frozenset[str] = frozenset({"max_iterations_reached", "failed", "grader_error"})
"""A grading run's terminal statuses that a person may still approve."""

MessagePlan = Literal["answer", "new_run", "continue_run"]
"""What a message leads to: one ungraded answer, a new grading run, or more of the current one."""


class _State(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GradingRun(_State):
    """One grading run: its id, the rubric it grades against, and its budget."""

    id: str
    rubric: str
    iteration: int = 0
    """Passes spent so far (the next pass's zero-based number)."""
    max_iterations: int
    """The budget: the grader's `max_iterations`, plus what `extend` granted."""
    frozen_criteria: list[str] = Field(default_factory=list)
    """Criterion names fixed by the run's first usable pass (names only)."""


class ThreadState(_State):
    """Everything a thread knows; carried whole across continue-as-new."""

    transcript: list[Message] = Field(default_factory=list)
    evaluations: list[Evaluation] = Field(default_factory=list)
    status: RunStatus = "running"
    phase: Phase = "agent_turn"
    rubric: str | None = None
    """The thread's rubric: persists for follow-ups until a new one is given."""
    grader: GraderSettings | None = None
    run: GradingRun | None = None
    """The current (or last) grading run; None until the first graded message."""
    turns: int = 0
    """Agent turns taken: each turn's number, stable across retries."""
    invocations: int = 0
    """Queued items (messages, rejections, extensions) the thread has finished handling."""
    paused: bool = False
    paused_status: RunStatus = "running"
    """The status to go back to on `resume`."""
    stop: Evaluation | None = None
    """A reviewer's verdict that ends the paused in-flight run when it wakes up."""
    hooks_failed: int = 0
    """Hook deliveries that failed for good, over the thread's life."""

    @model_validator(mode="before")
    @classmethod
    def _from_flat_shape(cls, data: Any) -> Any:
        """Decode the flat shape that threads carried across continue-as-new before
        the state had a nested `run` (histories recorded then still replay)."""
        if not isinstance(data, dict) or "grading_run_id" not in data:
            return data
        data = dict(data)
        run_id = data.pop("grading_run_id")
        rubric = data.pop("active_rubric", None)
        flat = {key: data.pop(key) for key in ("iteration", "max_iterations", "frozen_criteria") if key in data}
        if run_id is not None and rubric is not None:
            data["run"] = {"id": run_id, "rubric": rubric, **flat}
        return data


# -- a thread's beginning and end --------------------------------------------------------


def initial_state(input: RunInput) -> ThreadState:
    """A fresh thread's state, or the one its previous run handed over."""
    if input.state is not None:
        return input.state.model_copy(deep=True)
    return ThreadState(rubric=input.rubric, grader=input.grader)


def carried(state: ThreadState) -> ThreadState:
    """What continue-as-new hands to the next run: the state, with its transcript and
    evaluations cut to a bounded window."""
    return state.model_copy(
        update={
            "transcript": recent_with_request(state.transcript, MAX_CARRIED_MESSAGES),
            "evaluations": state.evaluations[-MAX_CARRIED_EVALUATIONS:],
        },
        deep=True,
    )


# -- messages and grading runs -----------------------------------------------------------


def take_message(state: ThreadState, submit: SubmitInput) -> MessagePlan:
    """Append the user's message, adopt a new rubric or grader, and say what follows.

    A different rubric, or any rubric after a terminal status, starts a new grading run;
    the same rubric while a run is not terminal continues it."""
    state.transcript.append(Message(role="user", content=submit.message, source="user"))
    if submit.grader is not None:
        state.grader = submit.grader
    if submit.rubric is not None:
        state.rubric = submit.rubric
    if state.rubric is None or state.grader is None:
        return "answer"
    if state.run is None or state.rubric != state.run.rubric or state.status in TERMINAL_STATUSES:
        return "new_run"
    return "continue_run"


def start_grading_run(state: ThreadState, run_id: str) -> GradingRun:
    """A new grading run: the given id, a fresh budget, no frozen criteria."""
    assert state.rubric is not None and state.grader is not None, "a grading run needs a rubric and a grader"
    state.run = GradingRun(id=run_id, rubric=state.rubric, max_iterations=state.grader.max_iterations)
    return state.run


def has_budget(state: ThreadState) -> bool:
    return state.run is not None and state.run.iteration < state.run.max_iterations


def freeze_criteria(state: ThreadState, names: list[str]) -> None:
    """The run's first usable pass fixes its criterion names; later passes never change them."""
    if state.run is not None and not state.run.frozen_criteria and names:
        state.run.frozen_criteria = list(names)


def record_pass(state: ThreadState, evaluation: Evaluation) -> RunStatus | None:
    """Append a pass and decide: the status that ends the run, or None to revise.

    `satisfied`, `failed` and `grader_error` end it; `needs_revision` on the last
    allowed pass ends it as `max_iterations_reached` (the record keeps the verdict)."""
    assert state.run is not None, "a pass belongs to a grading run"
    state.evaluations.append(evaluation)
    state.run.iteration = evaluation.iteration + 1
    if evaluation.result != "needs_revision":
        state.status = evaluation.result
    elif state.run.iteration >= state.run.max_iterations:
        state.status = "max_iterations_reached"
    else:
        state.status = "running"
        return None
    return state.status


def append_revision(state: ThreadState, evaluation: Evaluation) -> None:
    """The feedback of a `needs_revision` pass goes to the agent, tagged as the grader's."""
    state.transcript.append(
        Message(role="user", content=evaluation.revision_message(), name=GRADER_SOURCE, source="grader")
    )


def grant_iterations(state: ThreadState, iterations: int) -> None:
    """`extend`, when its turn comes: the run's budget grows and it goes on."""
    assert state.run is not None, "extend applies to a grading run"
    state.run.max_iterations += iterations
    state.status = "running"


# -- what callers see ----------------------------------------------------------------------


def visible_status(state: ThreadState) -> str:
    """`RubricStatus`: the run status, except that a run revising after a
    `needs_revision` pass shows `needs_revision` rather than `running`."""
    last = state.evaluations[-1] if state.evaluations else None
    if (
        state.status == "running"
        and last is not None
        and state.run is not None
        and last.grading_run_id == state.run.id
        and last.result == "needs_revision"
    ):
        return "needs_revision"
    return state.status


def iteration(state: ThreadState) -> int:
    return state.run.iteration if state.run is not None else 0


def max_iterations(state: ThreadState) -> int | None:
    """The current run's budget; before any run, the grader's cap (None without a grader)."""
    if state.run is not None:
        return state.run.max_iterations
    return state.grader.max_iterations if state.grader is not None else None


def progress_view(state: ThreadState, thread_id: str, pending: int) -> Progress:
    """Everything a caller may want to see, at any moment."""
    return Progress(
        thread_id=thread_id,
        phase=state.phase,
        status=state.status,
        rubric=state.rubric,
        grading_run_id=state.run.id if state.run else None,
        iteration=iteration(state),
        max_iterations=max_iterations(state),
        frozen_criteria=state.run.frozen_criteria if state.run else [],
        evaluations=state.evaluations,
        transcript=state.transcript,
        answer=last_answer(state.transcript),
        invocations=state.invocations,
        pending=pending,
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


def check_approve(state: ThreadState) -> None:
    if state.run is None:
        raise ValueError("nothing to approve: this thread has no grading run")
    if not state.paused and state.status not in ENDED_UNSATISFIED:
        raise ValueError(
            f"approve applies to a paused run or one that ended without 'satisfied'; "
            f"the status is {state.status!r}"
        )


def check_reject(state: ThreadState) -> None:
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


def check_extend(state: ThreadState) -> None:
    if state.status != "max_iterations_reached":
        raise ValueError(f"extend applies after 'max_iterations_reached'; the status is {state.status!r}")


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
    its verdict waits in `state.stop` and ends the run where it is waiting."""
    assert state.run is not None
    evaluation = Evaluation(
        grading_run_id=state.run.id,
        iteration=state.run.iteration,
        result="satisfied",
        explanation=f"Approved by {input.reviewer}" + (f": {input.note}" if input.note else "."),
        reviewer=input.reviewer,
    )
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
    """A person's `needs_revision`: a pass of the run whose gaps go to the agent."""
    assert state.run is not None
    criteria = list(input.criteria) or [Criterion(name="reviewer feedback", passed=False, gap=input.feedback)]
    state.status = "running"
    return Evaluation(
        grading_run_id=state.run.id,
        iteration=state.run.iteration,
        result="needs_revision",
        explanation=input.feedback,
        criteria=criteria,
        reviewer=input.reviewer,
    )


def extend(state: ThreadState, input: ExtendInput) -> None:
    """Accept an `extend`: the run is running again; the budget grows when it is handled."""
    state.status = "running"

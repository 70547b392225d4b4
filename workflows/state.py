"""A thread's state as one object, and the decisions on it as pure functions.

Nothing here touches Temporal: `RubricRunWorkflow` holds one `ThreadState`, calls these
functions, and does the side effects (activities, events, search attributes) itself.
The same object is what the thread carries across continue-as-new, so adding a field
is one edit here plus its use.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field

from rubricflow.workflows.files import AgentFile, Todo, apply_changes, file_listing
from rubricflow.workflows.sizes import MAX_SHOWN_EVALUATIONS_BYTES, newest_within, within_transcript

from rubricflow.workflows.types import (
    MAX_CARRIED_EVALUATIONS,
    MAX_CARRIED_MESSAGES,
    TERMINAL_STATUSES,
    ApproveInput,
    BestPass,
    Criterion,
    Evaluation,
    ExtendInput,
    GRADER_SOURCE,
    GraderSettings,
    Message,
    ModelPrice,
    PassUsage,
    Phase,
    Progress,
    RejectInput,
    RunInput,
    RunBudget,
    RunStatus,
    SubmitInput,
    Usage,
    last_answer,
    recent_with_request,
)

ENDED_UNSATISFIED: frozenset[str] = frozenset(
    {"max_iterations_reached", "failed", "grader_error", "budget_exhausted", "awaiting_review"}
)
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
    usage: Usage = Field(default_factory=Usage)
    """Tokens the run has spent (agent turns and grader passes)."""
    cost_usd: float = 0.0
    """What the run has spent, priced with its grader settings' `prices`."""
    unpriced: list[str] = Field(default_factory=list)
    """Models the run used that its price table lacks (their cost counts as 0)."""
    started_at: datetime | None = None
    """`workflow.now()` when the run started: the origin of its wall-clock budget."""
    max_tokens: int | None = None
    max_cost_usd: float | None = None
    max_wall_s: int | None = None
    """The budgets: the grader's, plus what `extend` granted (None: no limit)."""
    exhausted: str | None = None
    """Which budget ended the run: `tokens`, `cost` or `wall`."""
    stopped_before: Literal["agent_turn", "grading"] | None = None
    """The step a budget stopped the run before: where `extend` picks it up."""
    best: BestPass | None = None
    """The grader pass with the most criteria met so far (ties: the later)."""


class ThreadState(_State):
    """Everything a thread knows; carried whole across continue-as-new."""

    transcript: list[Message] = Field(default_factory=list)
    """Appended to only by `append_messages`, which keeps it within its size limit."""
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
    usage: Usage = Field(default_factory=Usage)
    """Tokens the thread has spent, over all its runs."""
    usage_by_model: dict[str, Usage] = Field(default_factory=dict)
    """The thread's tokens per model label."""
    turn_usage: Usage | None = None
    """The last agent turn's tokens, until the pass that follows records them."""
    files: dict[str, AgentFile] = Field(default_factory=dict)
    """The agent's virtual files (a `deep` agent's), within `workflows/files.py`'s limits;
    changed only from completed agent turns."""
    todos: list[Todo] = Field(default_factory=list)
    """The agent's latest `write_todos` list."""
    granted: int = 0
    """Iterations an accepted `extend` granted that its queued item has not yet added."""
    hooks_failed: int = 0
    """Hook deliveries that failed for good, over the thread's life."""
    hooks: bool | None = None
    """Whether the task queue's workers deliver evaluation hooks, as the latest grader pass
    reported (`GradeResult.hooks`); None until one has. Every worker of a task queue is
    expected to share one hook configuration."""
    decisions: int = 0
    """Reviewer decisions (approve, reject) accepted on the thread: numbers the next one."""
    latest: Evaluation | None = None
    """The latest record, or a reviewer decision accepted after it and not yet recorded
    (a queued rejection, an approval waiting for a paused run): what the next decision
    applies to (`review_point`)."""


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
            "transcript": within_transcript(recent_with_request(state.transcript, MAX_CARRIED_MESSAGES)),
            "evaluations": newest_within(state.evaluations[-MAX_CARRIED_EVALUATIONS:], MAX_SHOWN_EVALUATIONS_BYTES),
        },
        deep=True,
    )


def append_messages(state: ThreadState, messages: list[Message]) -> None:
    """Append to the transcript, which stays within `sizes.MAX_TRANSCRIPT_BYTES`: past it
    the oldest messages are dropped, never the request (`sizes.within_transcript`)."""
    state.transcript = within_transcript([*state.transcript, *messages])


# -- an agent turn's files and todos -------------------------------------------------------


def take_turn_files(
    state: ThreadState, changes: dict[str, AgentFile | None], todos: list[Todo] | None
) -> None:
    """Keep what a completed agent turn changed in the thread's files and todos.

    `FileLimitError` (a ValueError) when the files would pass the thread's limits; the
    state is then unchanged."""
    if changes:
        state.files = apply_changes(state.files, changes)
    if todos is not None:
        state.todos = list(todos)


# -- messages and grading runs -----------------------------------------------------------


def take_message(state: ThreadState, submit: SubmitInput) -> MessagePlan:
    """Append the user's message, adopt a new rubric or grader, and say what follows.

    A different rubric, or any rubric after a terminal status, starts a new grading run;
    the same rubric while a run is not terminal continues it."""
    append_messages(state, [Message(role="user", content=submit.message, source="user")])
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


def start_clock(state: ThreadState, now: datetime) -> None:
    """The run's budgets start now: the wall clock from `now`, token and cost budgets
    from the grader's settings."""
    assert state.run is not None and state.grader is not None
    state.run.started_at = now
    state.run.max_tokens = state.grader.max_tokens
    state.run.max_cost_usd = state.grader.max_cost_usd
    state.run.max_wall_s = state.grader.max_wall_s


def spend(state: ThreadState, model: str, usage: Usage, role: Literal["agent", "grader"]) -> None:
    """Count what an agent turn or grader pass spent: on the thread, per model, and on
    the current run (tokens and, where the run's settings price the model, USD)."""
    state.usage = state.usage + usage
    state.usage_by_model[model] = state.usage_by_model.get(model, Usage()) + usage
    if role == "agent":
        state.turn_usage = (state.turn_usage or Usage()) + usage
    run = state.run
    if run is None:
        return
    run.usage = run.usage + usage
    price = _price(state, model)
    if price is not None:
        run.cost_usd += price.cost(usage)
    elif usage.total_tokens and model not in run.unpriced:
        run.unpriced.append(model)


def _price(state: ThreadState, model: str) -> ModelPrice | None:
    return state.grader.prices.get(model) if state.grader is not None else None


def pass_usage(state: ThreadState, grader: Usage) -> PassUsage:
    """What an iteration spent, for its evaluation record: the agent turn(s) since the
    last pass, and the pass. Taking it clears the agent's share."""
    agent, state.turn_usage = state.turn_usage or Usage(), None
    return PassUsage(agent=agent, grader=grader)


def turn_context(state: ThreadState, model: str, graded: bool) -> dict[str, Any]:
    """What an agent turn's span and cost metric need: its grading run and iteration
    (for a graded turn) and its model's price (when the run's table has one)."""
    context: dict[str, Any] = {}
    if graded and state.run is not None:
        context.update(grading_run_id=state.run.id, iteration=state.run.iteration)
    price = _price(state, model)
    if price is not None:
        context["price"] = price
    return context


def budget_exhausted(state: ThreadState, now: datetime) -> str | None:
    """Checked before every spend (an agent turn or a grader pass): which of the run's
    budgets is used up (`tokens`, `cost`, `wall`), or None to go on. A turn in flight is
    never cut short, so a run may overshoot its budget by at most that one step."""
    run = state.run
    if run is None:
        return None
    if run.max_tokens is not None and run.usage.total_tokens >= run.max_tokens:
        return "tokens"
    if run.max_cost_usd is not None and run.cost_usd >= run.max_cost_usd:
        return "cost"
    if (
        run.max_wall_s is not None
        and run.started_at is not None
        and (now - run.started_at).total_seconds() >= run.max_wall_s
    ):
        return "wall"
    return None


def exhaust(state: ThreadState, which: str, before: Literal["agent_turn", "grading"]) -> RunStatus:
    """End the run on its budget before step `before`: its records stay as they are."""
    assert state.run is not None
    state.run.exhausted = which
    state.run.stopped_before = before
    state.status = "budget_exhausted"
    return state.status


def grant_budget(
    state: ThreadState, input: ExtendInput
) -> Literal["agent_turn", "grading", "revise"]:
    """`extend`, when its turn comes: each budget grows by what was given (a budget that
    had no limit keeps none) and the run goes on. Returns where it goes on: the step a
    budget stopped it before, or (after `max_iterations_reached`) a revision."""
    run = state.run
    assert run is not None, "extend applies to a grading run"
    if run.max_tokens is not None:
        run.max_tokens += input.extra_tokens
    if run.max_cost_usd is not None:
        run.max_cost_usd += input.extra_cost_usd
    if run.max_wall_s is not None:
        run.max_wall_s += input.extra_wall_s
    run.max_iterations += input.iterations
    state.granted = max(0, state.granted - input.iterations)  # now counted in the run itself
    where = run.stopped_before or "revise"
    run.exhausted = None
    run.stopped_before = None
    state.status = "running"
    return where


def budget_view(state: ThreadState) -> RunBudget | None:
    run = state.run
    if run is None:
        return None
    return RunBudget(
        max_tokens=run.max_tokens,
        max_cost_usd=run.max_cost_usd,
        max_wall_s=run.max_wall_s,
        exhausted=run.exhausted,
    )


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
    keep_best(state.run, evaluation, last_answer(state.transcript))
    state.latest = evaluation
    state.run.iteration = passes_after(state.run.iteration, evaluation)
    if needs_review(state, evaluation):
        state.status = "awaiting_review"
    elif evaluation.result != "needs_revision":
        state.status = evaluation.result
    elif state.run.iteration >= state.run.max_iterations:
        state.status = "max_iterations_reached"
    else:
        state.status = "running"
        return None
    return state.status


def needs_review(state: ThreadState, evaluation: Evaluation) -> bool:
    """A grader's pass with a split vote waits for a person when the run asks for that and
    has an iteration left for a rejection (on the last allowed pass the run ends as usual,
    its votes on the record)."""
    assert state.run is not None
    return (
        evaluation.split_vote
        and state.grader is not None
        and state.grader.review_split_votes
        and evaluation.result in ("satisfied", "needs_revision")
        and state.run.iteration < state.run.max_iterations
    )


def keep_best(run: GradingRun, evaluation: Evaluation, answer: str | None) -> None:
    """A grader's pass with at least as many criteria met as the best so far becomes the
    best (ties go to the later pass); a reviewer's verdict is not a pass of the grader."""
    if evaluation.reviewer is not None or evaluation.result not in ("satisfied", "needs_revision"):
        return
    met = sum(1 for c in evaluation.criteria if c.passed)
    if run.best is None or met >= run.best.met:
        run.best = BestPass(iteration=evaluation.iteration, met=met, total=len(evaluation.criteria), answer=answer)


def append_revision(state: ThreadState, evaluation: Evaluation) -> None:
    """The feedback of a `needs_revision` pass goes to the agent, tagged as the grader's."""
    append_messages(
        state, [Message(role="user", content=evaluation.revision_message(), name=GRADER_SOURCE, source="grader")]
    )


# -- what callers see ----------------------------------------------------------------------


VISIBLE_STATUSES: tuple[str, ...] = (*get_args(RunStatus), "needs_revision")
"""Every value `visible_status` gives (the `RubricStatus` search attribute): each run
status of the contract, and `needs_revision` for a run revising after such a pass."""
WORKING_STATUSES = ("running", "paused", "needs_revision")
"""The visible statuses of a thread with a turn or pass to come; the others are verdicts
(or `answered`), after which the thread idles until a follow-up or its idle timeout."""


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
        return state.run.max_iterations + state.granted
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
        evaluations=newest_within(state.evaluations, MAX_SHOWN_EVALUATIONS_BYTES),
        transcript=state.transcript,
        answer=last_answer(state.transcript),
        invocations=state.invocations,
        pending=pending,
        usage=state.usage,
        run_usage=state.run.usage if state.run else Usage(),
        usage_by_model=state.usage_by_model,
        run_cost_usd=state.run.cost_usd if state.run and state.grader and state.grader.prices else None,
        budget=budget_view(state),
        files=file_listing(state.files),
        todos=state.todos,
        hooks_failed=state.hooks_failed,
        best=state.run.best if state.run and state.status == "max_iterations_reached" else None,
        review=review_point(state),
    )


def _latest(state: ThreadState) -> Evaluation | None:
    # A state carried from before `latest` existed: its last record.
    return state.latest or (state.evaluations[-1] if state.evaluations else None)


def review_point(state: ThreadState) -> str | None:
    """The operation id a reviewer's decision applies to now (`Progress.review`)."""
    latest = _latest(state)
    return latest.operation_id if latest is not None else None


def check_review(state: ThreadState, review: str | None) -> None:
    """A decision made on `review` applies only while it is still the thread's latest:
    of two reviewers deciding at once, the first one decides and the other is told."""
    if review is None or review == review_point(state):
        return
    latest = _latest(state)
    if latest is None:
        what = "the thread has no record yet"
    elif latest.reviewer is not None:
        verb = "approved" if latest.result == "satisfied" else "rejected"
        what = f"{latest.reviewer} {verb} it"
    else:
        what = f"grader pass {latest.iteration + 1} recorded {latest.result!r}"
    raise ValueError(
        f"another decision came first: {what} (record {review_point(state)}, not {review}); "
        "look at the thread again (`rubricflow status`) and decide on what it shows"
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
    check_review(state, review)
    if state.run is None:
        raise ValueError("nothing to approve: this thread has no grading run")
    if not state.paused and state.status not in ENDED_UNSATISFIED:
        raise ValueError(
            f"approve applies to a paused run or one that ended without 'satisfied'; "
            f"the status is {state.status!r}"
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


def passes_after(spent: int, evaluation: Evaluation) -> int:
    """Passes spent once `evaluation` is recorded: a grader's pass or a reviewer's
    rejection spends one; a reviewer's approval ends the run without spending one (so
    `approve` after `3 of 3` stays `3 of 3`)."""
    if evaluation.reviewer is not None and evaluation.result == "satisfied":
        return spent
    return evaluation.iteration + 1

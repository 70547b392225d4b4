"""The decisions on a thread's state (`thread_state.ThreadState`), as pure functions.

Nothing here touches Temporal: `RubricRunWorkflow` holds one `ThreadState`, calls these
functions, and does the side effects (activities, events, search attributes) itself.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal, get_args

from rubricflow.workflows.files import AgentFile, Todo, apply_changes, file_listing
from rubricflow.workflows.scores import meets_pass_score
from rubricflow.workflows.sizes import MAX_SHOWN_EVALUATIONS_BYTES, newest_within, within_transcript
from rubricflow.workflows.steering import pending_review, review_point
from rubricflow.workflows.thread_state import GradingRun, ThreadState
from rubricflow.workflows.types import (
    GRADER_SOURCE,
    MAX_CARRIED_EVALUATIONS,
    MAX_CARRIED_MESSAGES,
    TERMINAL_STATUSES,
    BestPass,
    Evaluation,
    ExtendInput,
    Message,
    ModelPrice,
    PassUsage,
    Progress,
    RunBudget,
    RunInput,
    RunStatus,
    SubmitInput,
    Usage,
    last_answer,
    recent_with_request,
)

MessagePlan = Literal["answer", "new_run", "continue_run"]
"""What a message leads to: one ungraded answer, a new grading run, or more of the current one."""


# -- a thread's beginning and end --------------------------------------------------------


def initial_state(input: RunInput) -> ThreadState:
    """A fresh thread's state, or the one its previous run handed over."""
    if input.state is not None:
        return input.state.model_copy(deep=True)
    return ThreadState(rubric=input.rubric, grader=input.grader, budget=input.budget)


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


def take_turn_files(state: ThreadState, changes: dict[str, AgentFile | None], todos: list[Todo] | None) -> None:
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


def take_given(state: ThreadState, transcript: list[Message]) -> None:
    """Adopt a conversation given to grade as it stands (`RunInput.transcript`): its
    messages become the thread's transcript; the grading run that follows grades it."""
    append_messages(state, list(transcript))


def start_grading_run(state: ThreadState, run_id: str) -> GradingRun:
    """A new grading run: the given id, a fresh budget, no frozen criteria."""
    assert state.rubric is not None and state.grader is not None, "a grading run needs a rubric and a grader"
    state.run = GradingRun(id=run_id, rubric=state.rubric, max_iterations=state.grader.max_iterations)
    return state.run


def start_clock(state: ThreadState, now: datetime) -> None:
    """The run's budget starts now: the wall clock from `now`, the limits the thread's."""
    assert state.run is not None and state.grader is not None
    state.run.started_at = now
    state.run.budget = state.budget


def spend(state: ThreadState, model: str, usage: Usage, role: Literal["agent", "grader"]) -> None:
    """Count what an agent turn or grader pass spent: on the thread, per model, and on
    the current run (tokens and, where the run's settings price the model, USD).
    `usage_by_model` lists the models that reported tokens: one whose calls report none
    (a scripted model, a server without usage) has nothing to add there."""
    state.usage = state.usage + usage
    if usage.total_tokens:
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
    limits = run.budget
    if limits.max_tokens is not None and run.usage.total_tokens >= limits.max_tokens:
        return "tokens"
    if limits.max_cost_usd is not None and run.cost_usd >= limits.max_cost_usd:
        return "cost"
    if (
        limits.max_wall_s is not None
        and run.started_at is not None
        and (now - run.started_at).total_seconds() >= limits.max_wall_s
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


def grant_budget(state: ThreadState, input: ExtendInput) -> Literal["agent_turn", "grading", "revise"]:
    """`extend`, when its turn comes: each budget grows by what was given (a budget that
    had no limit keeps none) and the run goes on. Returns where it goes on: the step a
    budget stopped it before, or (after `max_iterations_reached`) a revision."""
    run = state.run
    assert run is not None, "extend applies to a grading run"
    run.budget = run.budget.grown(input.extra_tokens, input.extra_cost_usd, input.extra_wall_s)
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
    return RunBudget(**run.budget.model_dump(), exhausted=run.exhausted)


def has_budget(state: ThreadState) -> bool:
    return state.run is not None and state.run.iteration < state.run.max_iterations


def freeze_criteria(state: ThreadState, names: list[str]) -> None:
    """The run's first usable pass fixes its criterion names; later passes never change them."""
    if state.run is not None and not state.run.frozen_criteria and names:
        state.run.frozen_criteria = list(names)


def record_pass(state: ThreadState, evaluation: Evaluation) -> RunStatus | None:
    """Append a pass and decide: the status that ends the run, or None to revise.

    `satisfied`, `failed` and `grader_error` end it; so does a `needs_revision` whose
    weighted score meets the run's pass score (`scores.meets_pass_score`: it ends
    `satisfied`); another `needs_revision` on the last allowed pass ends it as
    `max_iterations_reached`. The record keeps the grader's verdict either way."""
    assert state.run is not None, "a pass belongs to a grading run"
    state.evaluations.append(evaluation)
    keep_best(state.run, evaluation, last_answer(state.transcript))
    state.latest = evaluation
    state.run.iteration = passes_after(state.run.iteration, evaluation)
    if needs_review(state, evaluation):
        state.status = "awaiting_review"
    elif evaluation.result != "needs_revision":
        state.status = evaluation.result
    elif meets_pass_score(evaluation, state.grader.pass_score if state.grader is not None else None):
        state.status = "satisfied"
    elif state.run.iteration >= state.run.max_iterations:
        state.status = "max_iterations_reached"
    else:
        state.status = "running"
        return None
    return state.status


def needs_review(state: ThreadState, evaluation: Evaluation) -> bool:
    """A grader's pass with a split vote, or with a criterion it could not verify, waits for
    a person when the run asks for that and has an iteration left for a rejection (on the
    last allowed pass the run ends as usual, its votes and doubts on the record)."""
    assert state.run is not None
    grader = state.grader
    asked = grader is not None and (
        (evaluation.split_vote and grader.review_split_votes)
        or (grader.review_unverified and any(c.unverified for c in evaluation.criteria))
    )
    return (
        asked
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


def revision(evaluation: Evaluation) -> Message:
    """The message that takes a `needs_revision` pass's feedback to the agent, tagged as the grader's."""
    return Message(role="user", content=evaluation.revision_message(), name=GRADER_SOURCE, source="grader")


def append_revision(state: ThreadState, evaluation: Evaluation) -> None:
    append_messages(state, [revision(evaluation)])


# -- what callers see ----------------------------------------------------------------------


VISIBLE_STATUSES: tuple[str, ...] = (*get_args(RunStatus), "needs_revision")
"""Every value `visible_status` gives (the `RubricStatus` search attribute): each run
status of the contract, and `needs_revision` for a run revising after such a pass."""
WORKING_STATUSES: tuple[str, ...] = tuple(s for s in VISIBLE_STATUSES if s not in TERMINAL_STATUSES)
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
        pending_review=pending_review(state),
    )


def passes_after(spent: int, evaluation: Evaluation) -> int:
    """Passes spent once `evaluation` is recorded: a grader's pass or a reviewer's
    rejection spends one; a reviewer's approval ends the run without spending one (so
    `approve` after `3 of 3` stays `3 of 3`)."""
    if evaluation.reviewer is not None and evaluation.result == "satisfied":
        return spent
    return evaluation.iteration + 1

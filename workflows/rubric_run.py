"""`RubricRunWorkflow`: one conversation thread, graded against a rubric, durably."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Literal

from pydantic import ValidationError
from temporalio import workflow
from temporalio.common import RetryPolicy, SearchAttributeKey
from temporalio.contrib.workflow_streams import WorkflowStream
from temporalio.exceptions import ActivityError, ApplicationError, CancelledError, TimeoutError

with workflow.unsafe.imports_passed_through():
    from rubricflow.workflows import errors
    from rubricflow.workflows.types import (
        TERMINAL_STATUSES,
        AgentTurnInput,
        AgentTurnResult,
        ApproveInput,
        Criterion,
        Evaluation,
        ExtendInput,
        GradeInput,
        GradeResult,
        GRADER_SOURCE,
        MAX_CARRIED_EVALUATIONS,
        MAX_CARRIED_MESSAGES,
        HookInput,
        ThreadState,
        GraderSettings,
        Message,
        Phase,
        Progress,
        RejectInput,
        RunEvent,
        RunInput,
        RunResult,
        RunStatus,
        SubmitInput,
        last_answer,
        recent_with_request,
    )

EVENTS_TOPIC = "events"

STEP_TIMEOUT_GRACE = timedelta(seconds=30)
"""The worker cuts a turn or pass off at its settings' `timeout_s` with a clear error;
the server's start-to-close timeout, this much later, covers a worker too stuck to."""
HEARTBEAT_TIMEOUT = timedelta(seconds=10)
"""A worker that dies mid-activity stops heartbeating; another worker retries the
activity after this long, not after the start-to-close timeout."""

MODEL_RETRY_POLICY = RetryPolicy(
    initial_interval=timedelta(seconds=1),
    backoff_coefficient=2.0,
    maximum_interval=timedelta(seconds=30),
    maximum_attempts=5,
    non_retryable_error_types=list(errors.NON_RETRYABLE),
)

STATUS_ATTR = SearchAttributeKey.for_keyword("RubricStatus")
ITERATION_ATTR = SearchAttributeKey.for_int("RubricIteration")
RUN_ID_ATTR = SearchAttributeKey.for_keyword("GradingRunId")
SEARCH_ATTRIBUTES_PATCH = "rubric-search-attributes-v1"
"""Histories recorded before search attributes existed replay without upserts."""
HOOKS_PATCH = "evaluation-hooks-v1"
"""Histories recorded before hooks existed replay without their activities."""
HOOK_TIMEOUT = timedelta(minutes=2)


@dataclass
class _Invocation:
    """Work queued on the thread: a message, or a reviewer's reject / extend."""

    number: int
    kind: Literal["message", "reject", "extend"]
    submit: SubmitInput | None = None
    evaluation: Evaluation | None = None
    extra_iterations: int = 0


class _Stop(Exception):
    """A reviewer ended the in-flight run (approve while paused)."""


@dataclass
class _Queue:
    items: list[_Invocation] = field(default_factory=list)
    issued: int = 0
    finished: int = 0

    def push(self, **kwargs: Any) -> _Invocation:
        self.issued += 1
        item = _Invocation(number=self.issued, **kwargs)
        self.items.append(item)
        return item


@workflow.defn(failure_exception_types=[ValidationError])
class RubricRunWorkflow:
    """A thread (workflow id = thread id) that runs agent turn -> grader pass -> verdict.

    `needs_revision` sends the revision message back to the agent, up to the grader's
    `max_iterations`; `satisfied`, `failed`, `grader_error` and `max_iterations_reached`
    end the grading run. Without a rubric the agent answers once and nothing is graded.
    The thread then waits `idle_timeout_s` for a follow-up (`submit`, `send`) before it
    completes with its final state. `pause` / `resume` stop and continue the in-flight
    work; `approve`, `reject` and `extend` let a person decide.
    """

    @workflow.init
    def __init__(self, input: RunInput) -> None:
        self._input = input
        self._stream = WorkflowStream(prior_state=input.stream_state)
        self._events = self._stream.topic(EVENTS_TOPIC, type=RunEvent)
        self._transcript: list[Message] = []
        self._evaluations: list[Evaluation] = []
        self._status: RunStatus = "running"
        self._phase: Phase = "agent_turn"
        self._rubric: str | None = input.rubric
        self._grader: GraderSettings | None = input.grader
        self._active_rubric: str | None = None
        self._grading_run_id: str | None = None
        self._frozen_criteria: list[str] = []
        self._iteration = 0
        self._max_iterations = input.grader.max_iterations if input.grader else 0
        self._turns = 0
        self._queue = _Queue()
        self._paused = False
        self._paused_status: RunStatus = "running"
        self._inflight: Any = None
        self._stop_reason: Evaluation | None = None
        self._hook_deliveries: list[Any] = []
        if input.state is not None:
            self._restore(input.state)
        if input.message is not None:
            self._queue.push(kind="message", submit=SubmitInput(message=input.message))

    # -- the thread ------------------------------------------------------------------

    @workflow.run
    async def run(self, input: RunInput) -> RunResult:
        while True:
            if not self._queue.items:
                if input.idle_timeout_s == 0 and self._queue.finished > 0:
                    break
                if workflow.info().is_continue_as_new_suggested():
                    await self._continue_as_new(input)  # returns only if new work came first
                    if self._queue.items:
                        continue
                self._phase = "idle"
                self._update_details()
                try:
                    await workflow.wait_condition(
                        lambda: bool(self._queue.items),
                        timeout=timedelta(seconds=input.idle_timeout_s or 1),
                    )
                except asyncio.TimeoutError:
                    break
                except asyncio.CancelledError:
                    # Cancelled while idle: hooks already scheduled still get delivered.
                    self._phase = "done"
                    await self._hooks_delivered()
                    raise
            item = self._queue.items.pop(0)
            await self._handle(item)
            # Hooks are delivered before the message counts as handled, so that a
            # `submit`'s reply and a continue-as-new can land in the same workflow task.
            await self._hooks_delivered()
            self._queue.finished = item.number
        self._phase = "done"
        self._update_details()
        await workflow.wait_condition(workflow.all_handlers_finished)
        await self._hooks_delivered()
        return self.progress()

    async def _continue_as_new(self, input: RunInput) -> None:
        """Hand the thread to a fresh run with a bounded history: its state, the event
        stream's retained log, nothing queued (only called while idle)."""
        await self._hooks_delivered()
        state = ThreadState(
            transcript=recent_with_request(self._transcript, MAX_CARRIED_MESSAGES),
            evaluations=self._evaluations[-MAX_CARRIED_EVALUATIONS:],
            status=self._status,
            rubric=self._rubric,
            grader=self._grader,
            active_rubric=self._active_rubric,
            grading_run_id=self._grading_run_id,
            frozen_criteria=self._frozen_criteria,
            iteration=self._iteration,
            max_iterations=self._max_iterations,
            turns=self._turns,
            invocations=self._queue.finished,
        )
        if self._queue.items:
            return
        # Release the stream's long-polls (watchers follow to the next run), then go once
        # every handler is done. A message that arrives meanwhile is handled first, here:
        # its `submit` waits for it, so continuing now would wait forever. The stream
        # stays draining until the next idle moment, when the thread continues as new.
        self._stream.detach_pollers()
        await workflow.wait_condition(
            lambda: bool(self._queue.items) or workflow.all_handlers_finished()
        )
        if self._queue.items:
            return
        workflow.continue_as_new(
            args=[
                input.model_copy(
                    update={"message": None, "state": state, "stream_state": self._stream.get_state()}
                )
            ]
        )

    def _restore(self, state: ThreadState) -> None:
        self._transcript = list(state.transcript)
        self._evaluations = list(state.evaluations)
        self._status = state.status
        self._rubric = state.rubric
        self._grader = state.grader
        self._active_rubric = state.active_rubric
        self._grading_run_id = state.grading_run_id
        self._frozen_criteria = list(state.frozen_criteria)
        self._iteration = state.iteration
        self._max_iterations = state.max_iterations
        self._turns = state.turns
        self._queue.issued = self._queue.finished = state.invocations

    async def _hooks_delivered(self) -> None:
        """Hook activities run beside the thread; none is left behind when it closes."""
        if not self._hook_deliveries:
            return
        deliveries, self._hook_deliveries = self._hook_deliveries, []
        await asyncio.gather(*deliveries, return_exceptions=True)

    async def _handle(self, item: _Invocation) -> None:
        if item.kind == "message":
            assert item.submit is not None
            await self._message(item.submit)
        elif item.kind == "reject":
            assert item.evaluation is not None
            if self._record(item.evaluation):
                return
            await self._revise_and_grade(item.evaluation)
        else:
            self._max_iterations += item.extra_iterations
            self._set_status("running")
            await self._revise_and_grade(self._evaluations[-1])

    async def _message(self, submit: SubmitInput) -> None:
        self._transcript.append(Message(role="user", content=submit.message, source="user"))
        if submit.grader is not None:
            self._grader = submit.grader
        if submit.rubric is not None:
            self._rubric = submit.rubric
        if self._rubric is None or self._grader is None:
            self._set_status("running")
            await self._agent_turn()
            self._finish("answered")
            return
        new_run = self._rubric != self._active_rubric or self._status in TERMINAL_STATUSES
        if new_run:
            self._start_grading_run()
        self._set_status("running")
        await self._grading_loop()

    def _start_grading_run(self) -> None:
        """A new grading run: new id, fresh iteration budget, no frozen criteria."""
        assert self._grader is not None
        self._grading_run_id = str(workflow.uuid4())
        self._active_rubric = self._rubric
        self._iteration = 0
        self._max_iterations = self._grader.max_iterations
        self._frozen_criteria = []

    async def _revise_and_grade(self, last: Evaluation) -> None:
        self._append_revision(last)
        await self._grading_loop()

    async def _grading_loop(self) -> None:
        # Bounded by the cap: every pass either ends the run or spends an iteration.
        try:
            while self._iteration < self._max_iterations:
                await self._agent_turn()
                evaluation = await self._grade()
                if self._record(evaluation):
                    return
                self._append_revision(evaluation)
            self._finish("max_iterations_reached")
        except _Stop:
            assert self._stop_reason is not None
            stop, self._stop_reason = self._stop_reason, None
            self._record(stop)

    def _record(self, evaluation: Evaluation) -> bool:
        """Append a pass; True when it ends the grading run."""
        self._evaluations.append(evaluation)
        self._iteration = evaluation.iteration + 1
        self._publish_evaluation_end(evaluation)
        if workflow.patched(HOOKS_PATCH):
            # One activity per evaluation: replay never fires a hook again.
            self._hook_deliveries.append(
                workflow.start_activity(
                    "deliver_evaluation",
                    HookInput(thread_id=workflow.info().workflow_id, evaluation=evaluation),
                    result_type=list[str],
                    start_to_close_timeout=HOOK_TIMEOUT,
                    heartbeat_timeout=HEARTBEAT_TIMEOUT,
                    retry_policy=RetryPolicy(maximum_attempts=3),
                    summary=f"hooks for {evaluation.operation_id}",
                )
            )
        if evaluation.result != "needs_revision":
            self._finish(evaluation.result)
            return True
        if self._iteration >= self._max_iterations:
            # The record keeps the verdict; the run's status says why it stopped.
            self._finish("max_iterations_reached")
            return True
        self._set_status("running")  # refreshes the visible status and iteration
        return False

    def _append_revision(self, evaluation: Evaluation) -> None:
        self._transcript.append(
            Message(
                role="user",
                content=evaluation.revision_message(),
                name=GRADER_SOURCE,
                source="grader",
            )
        )

    # -- activities ------------------------------------------------------------------

    async def _activity(self, name: str, arg: Any, result_type: type, timeout: timedelta, summary: str) -> Any:
        """Run an activity; a `pause` cancels it, and after `resume` it runs again from
        the same state (a cancelled turn's partial result is never kept)."""
        while True:
            if self._paused:
                await workflow.wait_condition(
                    lambda: not self._paused or self._stop_reason is not None
                )
            if self._stop_reason is not None:
                raise _Stop()
            self._inflight = workflow.start_activity(
                name,
                arg,
                result_type=result_type,
                start_to_close_timeout=timeout,
                heartbeat_timeout=HEARTBEAT_TIMEOUT,
                retry_policy=MODEL_RETRY_POLICY,
                summary=summary,
            )
            try:
                return await self._inflight
            except ActivityError as err:
                if self._paused and isinstance(err.cause, CancelledError):
                    continue  # cancelled by `pause`: wait for resume, then run it again
                raise
            finally:
                self._inflight = None

    async def _agent_turn(self) -> None:
        self._phase = "agent_turn"
        self._update_details()
        turn = self._turns
        self._turns += 1
        self._events.publish(
            RunEvent(type="agent_turn_start", grading_run_id=self._grading_run_id, iteration=self._iteration)
        )
        try:
            result: AgentTurnResult = await self._activity(
                "run_agent_turn",
                AgentTurnInput(
                    thread_id=workflow.info().workflow_id,
                    turn=turn,
                    settings=self._input.agent,
                    messages=self._transcript,
                ),
                AgentTurnResult,
                timedelta(seconds=self._input.agent.timeout_s) + STEP_TIMEOUT_GRACE,
                f"agent turn {turn} ({self._input.agent.model})",
            )
        except ActivityError as err:
            raise ApplicationError(
                f"agent turn {turn} failed with model {self._input.agent.model!r}: "
                f"{_describe_failure(err)}",
                type=errors.AGENT_TURN_FAILED,
                non_retryable=True,
            ) from err
        self._transcript.extend(result.messages)
        self._events.publish(
            RunEvent(
                type="agent_turn_end",
                grading_run_id=self._grading_run_id,
                iteration=self._iteration,
                answer=self._answer(),
            )
        )

    async def _grade(self) -> Evaluation:
        assert self._grader is not None and self._rubric is not None
        assert self._grading_run_id is not None
        self._phase = "grading"
        self._update_details()
        iteration = self._iteration
        self._events.publish(
            RunEvent(type="rubric_evaluation_start", grading_run_id=self._grading_run_id, iteration=iteration)
        )
        try:
            graded: GradeResult = await self._activity(
                "grade_transcript",
                GradeInput(
                    thread_id=workflow.info().workflow_id,
                    grading_run_id=self._grading_run_id,
                    iteration=iteration,
                    rubric=self._rubric,
                    settings=self._grader,
                    transcript=self._transcript,
                    frozen_criteria=self._frozen_criteria,
                ),
                GradeResult,
                timedelta(seconds=self._grader.timeout_s) + STEP_TIMEOUT_GRACE,
                f"grader pass {self._grading_run_id}:{iteration} ({self._grader.model})",
            )
        except ActivityError as err:
            return Evaluation(
                grading_run_id=self._grading_run_id,
                iteration=iteration,
                result="grader_error",
                explanation=(
                    f"{_describe_failure(err)} (configured grader model: {self._grader.model!r})"
                ),
            )
        if not self._frozen_criteria and graded.freeze:
            # The run's first usable pass fixes the criterion names (names only).
            self._frozen_criteria = list(graded.freeze)
        verdict = graded.verdict
        return Evaluation(
            grading_run_id=self._grading_run_id,
            iteration=iteration,
            result=verdict.result,
            explanation=verdict.explanation,
            criteria=verdict.criteria,
            unverified=graded.unverified,
        )

    # -- messages: follow-ups ----------------------------------------------------------

    @workflow.update
    async def submit(self, input: SubmitInput) -> Progress:
        """Send a message (with an optional new rubric); returns once it is handled."""
        item = self._queue.push(kind="message", submit=input)
        await workflow.wait_condition(lambda: self._queue.finished >= item.number)
        return self.progress()

    @submit.validator
    def _validate_submit(self, input: SubmitInput) -> None:
        if input.rubric is not None and self._grader is None and input.grader is None:
            raise ValueError(
                "this thread has no grader settings: send grader settings with the rubric"
            )

    @workflow.signal
    def send(self, input: SubmitInput) -> None:
        """Fire-and-forget `submit`."""
        self._queue.push(kind="message", submit=input)

    # -- pause / resume -------------------------------------------------------------------

    @workflow.update
    def pause(self) -> Progress:
        """Stop the in-flight work; the grading run keeps its id and remaining budget."""
        self._paused = True
        self._paused_status = self._status
        self._set_status("paused")
        if self._inflight is not None:
            self._inflight.cancel()
        return self.progress()

    @pause.validator
    def _validate_pause(self) -> None:
        if self._paused:
            raise ValueError("the thread is already paused: resume it first")
        if self._status != "running":
            raise ValueError(
                f"nothing to pause: the thread's status is {self._status!r}, not 'running'"
            )

    @workflow.update
    def resume(self) -> Progress:
        """Continue the paused grading run: same id, the iterations it has left."""
        self._paused = False
        self._set_status(self._paused_status)
        return self.progress()

    @resume.validator
    def _validate_resume(self) -> None:
        if not self._paused:
            raise ValueError(f"the thread is not paused (status {self._status!r})")

    # -- human review -----------------------------------------------------------------------

    @workflow.update
    def approve(self, input: ApproveInput) -> Progress:
        """A person accepts the work: the run ends `satisfied`, recorded as their verdict."""
        assert self._grading_run_id is not None
        evaluation = Evaluation(
            grading_run_id=self._grading_run_id,
            iteration=self._iteration,
            result="satisfied",
            explanation=f"Approved by {input.reviewer}" + (f": {input.note}" if input.note else "."),
            reviewer=input.reviewer,
        )
        if self._paused:
            # The in-flight run is waiting on resume: stop it there with this verdict.
            self._stop_reason = evaluation
            self._paused = False
        else:
            self._record(evaluation)
        return self.progress()

    @approve.validator
    def _validate_approve(self, input: ApproveInput) -> None:
        if self._grading_run_id is None:
            raise ValueError("nothing to approve: this thread has no grading run")
        if not self._paused and self._status not in ("max_iterations_reached", "failed", "grader_error"):
            raise ValueError(
                f"approve applies to a paused run or one that ended without 'satisfied'; "
                f"the status is {self._status!r}"
            )

    @workflow.update
    def reject(self, input: RejectInput) -> Progress:
        """A person's `needs_revision`: counts as a pass, their gaps go to the agent."""
        assert self._grading_run_id is not None
        criteria = list(input.criteria) or [
            Criterion(name="reviewer feedback", passed=False, gap=input.feedback)
        ]
        evaluation = Evaluation(
            grading_run_id=self._grading_run_id,
            iteration=self._iteration,
            result="needs_revision",
            explanation=input.feedback,
            criteria=criteria,
            reviewer=input.reviewer,
        )
        self._set_status("running")
        self._queue.push(kind="reject", evaluation=evaluation)
        return self.progress()

    @reject.validator
    def _validate_reject(self, input: RejectInput) -> None:
        if self._grading_run_id is None:
            raise ValueError("nothing to reject: this thread has no grading run")
        if self._status not in ("satisfied", "max_iterations_reached", "failed", "grader_error"):
            raise ValueError(
                f"reject applies once a grading run has ended; the status is {self._status!r}"
                + (" (resume or approve a paused run)" if self._paused else "")
            )
        if self._iteration >= self._max_iterations:
            raise ValueError(
                f"the grading run has used all {self._max_iterations} iterations: "
                "extend it first (extend --iterations N)"
            )

    @workflow.update
    def extend(self, input: ExtendInput) -> Progress:
        """Grant more iterations after `max_iterations_reached`; the run goes on."""
        self._set_status("running")
        self._queue.push(kind="extend", extra_iterations=input.iterations)
        return self.progress()

    @extend.validator
    def _validate_extend(self, input: ExtendInput) -> None:
        if self._status != "max_iterations_reached":
            raise ValueError(
                f"extend applies after 'max_iterations_reached'; the status is {self._status!r}"
            )

    # -- state, events, visibility -------------------------------------------------------

    def _set_status(self, status: RunStatus) -> None:
        self._status = status
        if workflow.patched(SEARCH_ATTRIBUTES_PATCH):
            updates = [
                STATUS_ATTR.value_set(self._visible_status()),
                ITERATION_ATTR.value_set(self._iteration),
            ]
            if self._grading_run_id is not None:
                updates.append(RUN_ID_ATTR.value_set(self._grading_run_id))
            workflow.upsert_search_attributes(updates)
        self._update_details()

    def _visible_status(self) -> str:
        """`RubricStatus`: the run status, except that a run revising after a
        `needs_revision` pass shows `needs_revision` rather than `running`."""
        last = self._evaluations[-1] if self._evaluations else None
        if (
            self._status == "running"
            and last is not None
            and last.grading_run_id == self._grading_run_id
            and last.result == "needs_revision"
        ):
            return "needs_revision"
        return self._status

    def _finish(self, status: RunStatus) -> None:
        self._set_status(status)
        self._events.publish(
            RunEvent(
                type="run_end",
                grading_run_id=self._grading_run_id,
                iteration=self._iteration,
                status=status,
                answer=self._answer(),
            )
        )

    def _publish_evaluation_end(self, evaluation: Evaluation) -> None:
        self._events.publish(
            RunEvent(
                type="rubric_evaluation_end",
                grading_run_id=evaluation.grading_run_id,
                iteration=evaluation.iteration,
                result=evaluation.result,
                explanation=evaluation.explanation,
                criteria=evaluation.criteria,
                unverified=evaluation.unverified,
            )
        )

    def _update_details(self) -> None:
        """What the Temporal Web UI shows as the run's current details."""
        lines = [
            f"**status** {self._status} · **phase** {self._phase} · "
            f"**iteration** {self._iteration}/{self._max_iterations or '-'}"
        ]
        if self._evaluations:
            last = self._evaluations[-1]
            who = f" (reviewer {last.reviewer})" if last.reviewer else ""
            lines += ["", f"last pass {last.iteration}: **{last.result}**{who}", "",
                      "| criterion | verdict | gap |", "| --- | --- | --- |"]
            for c in last.criteria:
                gap = (c.gap or "").replace("\n", " ").replace("|", "\\|")[:200]
                lines.append(f"| {c.name} | {'pass' if c.passed else 'FAIL'} | {gap} |")
        workflow.set_current_details("\n".join(lines))

    def _answer(self) -> str | None:
        return last_answer(self._transcript)

    @workflow.query
    def progress(self) -> Progress:
        """Everything a caller may want to see, at any moment."""
        return Progress(
            thread_id=workflow.info().workflow_id,
            phase=self._phase,
            status=self._status,
            rubric=self._rubric,
            grading_run_id=self._grading_run_id,
            iteration=self._iteration,
            max_iterations=self._max_iterations or None,
            frozen_criteria=self._frozen_criteria,
            evaluations=self._evaluations,
            transcript=self._transcript,
            answer=self._answer(),
            invocations=self._queue.finished,
            pending=len(self._queue.items),
        )


def _describe_failure(err: ActivityError) -> str:
    """Name what broke: exception type, HTTP status where there is one, and the message."""
    with workflow.unsafe.imports_passed_through():
        from rubricflow.workflows.failures import FailureDetails

    cause = err.cause
    if isinstance(cause, ApplicationError):
        details = FailureDetails.of(cause.details[0]) if cause.details else None
        head = f"raised {(details and details.exception_type) or cause.type or 'ApplicationError'}"
        if details is not None and details.http_status is not None:
            head += f" (HTTP {details.http_status})"
        return f"{head}: {cause.message}"
    if isinstance(cause, TimeoutError):
        return f"timed out ({cause.type.name if cause.type else 'timeout'})"
    return f"failed: {cause or err}"


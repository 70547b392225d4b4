"""`RubricRunWorkflow`: one conversation thread, graded against a rubric, durably.

The thread's state is one `ThreadState` (`workflows/state.py`) and every decision on it
is a pure function there; this class runs the loop, calls the activities, answers the
handlers and continues as new. The mailbox (`mailbox.py`), what the thread shows outside
(`visibility.py`) and the activities' interface (`activity_defs.py`) have their own modules.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any, Literal, TypeVar

from pydantic import ValidationError
from temporalio import workflow
from temporalio.common import VersioningBehavior
from temporalio.contrib.workflow_streams import WorkflowStream
from temporalio.exceptions import ActivityError, ApplicationError, CancelledError

with workflow.unsafe.imports_passed_through():
    # `import a.b as c`, not `from a import b`: only a full module name is passed through
    # (a submodule reached through `from package import ...` is loaded again in the sandbox).
    import rubricflow.workflows.errors as errors
    import rubricflow.workflows.sizes as sizes
    import rubricflow.workflows.state as decide
    import rubricflow.workflows.steering as steer
    from rubricflow.workflows.activity_defs import RubricActivityDefs
    from rubricflow.workflows.mailbox import Invocation, Mailbox
    from rubricflow.workflows.names import EVENTS_TOPIC
    from rubricflow.workflows.step_policy import (
        HEARTBEAT_TIMEOUT,
        HOOK_RETRY_POLICY,
        HOOK_TIMEOUT,
        MAX_HOOK_DELIVERIES,
        STEP_BUDGET_FACTOR,
        STEP_RETRY_POLICY,
        STEP_TIMEOUT_GRACE,
        describe_failure,
        reraise_cancellation,
    )
    from rubricflow.workflows.step_refs import StepRefs
    from rubricflow.workflows.telemetry import record_pass
    from rubricflow.workflows.thread_handlers import ThreadHandlers
    from rubricflow.workflows.types import (
        AgentTurnInput,
        Evaluation,
        GradeInput,
        HookInput,
        Message,
        RunEvent,
        RunInput,
        RunResult,
        SubmitInput,
        Usage,
    )
    from rubricflow.workflows.visibility import (
        evaluation_end_event,
        hook_failed_event,
        step_event,
    )

ArgT = TypeVar("ArgT")
ResultT = TypeVar("ResultT")


class _Stop(Exception):
    """A reviewer ended the in-flight run (approve while paused)."""


@workflow.defn(failure_exception_types=[ValidationError])
class RubricRunWorkflow(ThreadHandlers):
    """A thread (workflow id = thread id) that runs agent turn -> grader pass -> verdict.

    `needs_revision` sends the revision message back to the agent, up to the grader's
    `max_iterations`; `satisfied`, `failed`, `grader_error` and `max_iterations_reached`
    end the grading run. Without a rubric the agent answers once and nothing is graded.
    The thread then waits `idle_timeout_s` for a follow-up (`submit`, `send`) before it
    completes with its final state. `pause` / `resume` stop and continue the in-flight
    work; `approve`, `reject` and `extend` let a person decide.
    """

    VERSIONING_BEHAVIOR = VersioningBehavior.PINNED
    """With Worker Versioning on (RUBRICFLOW_DEPLOYMENT_NAME / RUBRICFLOW_BUILD_ID), a run
    stays on the build it started on: a new build never replays a run it did not start.
    A versioned worker applies it as its default behaviour; it is not put on `defn`
    because the server refuses a behaviour from an unversioned worker."""

    @workflow.init
    def __init__(self, input: RunInput) -> None:
        self._input = input
        self._stream = WorkflowStream(prior_state=input.stream_state)
        self._events = self._stream.topic(EVENTS_TOPIC, type=RunEvent)
        self.state = decide.initial_state(input)
        self._mailbox = Mailbox(issued=self.state.invocations)
        self._inflight: Any = None
        self._hook_deliveries: list[Any] = []
        self._hook_slots = asyncio.Semaphore(MAX_HOOK_DELIVERIES)
        self._refs = StepRefs()
        if input.message is not None:
            self._mailbox.push("message", submit=SubmitInput(message=input.message))
        elif input.transcript is not None and input.state is None:
            self._mailbox.push("given", given=input.transcript)

    # -- the thread ------------------------------------------------------------------

    @workflow.run
    async def run(self, input: RunInput) -> RunResult:
        while True:
            if not self._mailbox:
                if input.idle_timeout_s == 0 and self.state.invocations > 0:
                    break
                if workflow.info().is_continue_as_new_suggested():
                    await self._continue_as_new(input)  # returns only if new work came first
                    if self._mailbox:
                        continue
                self.state.phase = "idle"
                self._show_details()
                try:
                    await workflow.wait_condition(
                        lambda: bool(self._mailbox) or workflow.info().is_continue_as_new_suggested(),
                        timeout=timedelta(seconds=input.idle_timeout_s or 1),
                    )
                except TimeoutError:
                    break
                except asyncio.CancelledError:
                    # Cancelled while idle: hooks already scheduled still get delivered.
                    self.state.phase = "done"
                    await self._hooks_delivered()
                    raise
                if not self._mailbox:
                    continue  # woken by the suggestion: continue as new at the top
            item = self._mailbox.pop()
            try:
                await self._handle(item)
            except ActivityError as err:
                if not isinstance(err.cause, CancelledError):
                    raise
                # Cancelled mid turn or pass: the passes recorded before still get
                # their hooks; the cut-off one records nothing.
                self.state.phase = "done"
                await self._hooks_delivered()
                raise
            if workflow.info().is_continue_as_new_suggested():
                # Hooks run beside the thread, except when it is about to continue as
                # new: then they are delivered before the message counts as handled, so
                # that the next message cannot keep deferring the continue-as-new.
                await self._hooks_delivered()
            self.state.invocations = item.number
            if item.replies:
                item.outcome = self.progress()
        self.state.phase = "done"
        self._show_details()
        await workflow.wait_condition(workflow.all_handlers_finished)
        await self._hooks_delivered()
        return self.progress()

    async def _continue_as_new(self, input: RunInput) -> None:
        """Hand the thread to a fresh run with a bounded history: its state as it is at
        that moment, the event stream's retained log, nothing queued (only called while
        idle)."""
        await self._hooks_delivered()
        if self._mailbox:
            return
        # Release the stream's long-polls (watchers follow to the next run), then go once
        # every handler is done. A message that arrives meanwhile is handled first, here:
        # its `submit` waits for it, so continuing now would wait forever. The stream
        # stays draining until the next idle moment, when the thread continues as new.
        self._stream.detach_pollers()
        while True:
            await workflow.wait_condition(lambda: bool(self._mailbox) or workflow.all_handlers_finished())
            if self._mailbox:
                return
            if not self._hook_deliveries:
                break
            # A review accepted meanwhile (approve) scheduled its hooks: deliver them first.
            await self._hooks_delivered()
        # The state is read now, not before the wait: what a handler changed meanwhile
        # goes with the thread.
        workflow.continue_as_new(
            # A long thread moves to the deployment's current build when it continues as
            # new (versioned workers only): what crosses over is the carried ThreadState,
            # the contract both builds share.
            initial_versioning_behavior=(
                workflow.ContinueAsNewVersioningBehavior.AUTO_UPGRADE
                if workflow.info().get_current_deployment_version() is not None
                else None
            ),
            args=[
                input.model_copy(
                    update={
                        "message": None,
                        "transcript": None,
                        "state": decide.carried(self.state),
                        "stream_state": sizes.carried_stream(self._stream.get_state()),
                    }
                )
            ],
        )

    async def _hooks_delivered(self) -> None:
        """Hook activities run beside the thread; none is left behind when it closes."""
        if not self._hook_deliveries:
            return
        deliveries, self._hook_deliveries = self._hook_deliveries, []
        await asyncio.gather(*deliveries, return_exceptions=True)

    async def _handle(self, item: Invocation) -> None:
        if item.kind == "message":
            assert item.submit is not None
            await self._message(item.submit)
        elif item.kind == "given":
            assert item.given is not None
            await self._given(item.given)
        elif item.kind == "reject":
            assert item.evaluation is not None
            if self._record(item.evaluation):
                return
            await self._revise_and_grade(item.evaluation)
        else:
            assert item.extend is not None
            where = decide.grant_budget(self.state, item.extend)
            self._show_status()
            if where == "revise":
                await self._revise_and_grade(self.state.evaluations[-1])
            else:
                await self._grading_loop(skip_turn=where == "grading")

    async def _message(self, submit: SubmitInput) -> None:
        plan = decide.take_message(self.state, submit)
        if plan == "answer":
            self._set_status("running")
            await self._agent_turn(graded=False)
            self._finish("answered")
            return
        if plan == "new_run":
            decide.start_grading_run(self.state, str(workflow.uuid4()))
            decide.start_clock(self.state, workflow.now())
        self._set_status("running")
        await self._grading_loop()

    async def _given(self, transcript: list[Message]) -> None:
        """A conversation given to grade as it stands: a new grading run whose first pass
        grades it, with no agent turn before it."""
        decide.take_given(self.state, transcript)
        decide.start_grading_run(self.state, str(workflow.uuid4()))
        decide.start_clock(self.state, workflow.now())
        self._set_status("running")
        await self._grading_loop(skip_turn=True)

    async def _revise_and_grade(self, last: Evaluation) -> None:
        decide.append_revision(self.state, last)
        await self._grading_loop()

    async def _grading_loop(self, skip_turn: bool = False) -> None:
        # Bounded by the budget: every pass either ends the run or spends an iteration.
        try:
            while decide.has_budget(self.state):
                if not skip_turn:
                    if self._out_of_budget("agent_turn"):
                        return
                    await self._agent_turn()
                skip_turn = False
                if self._out_of_budget("grading"):
                    return
                evaluation = await self._grade()
                if self._record(evaluation):
                    return
                decide.append_revision(self.state, evaluation)
                self._refs.seen(self.state.transcript[-1:])  # foreseen by the pass's worker
            self._finish("max_iterations_reached")
        except _Stop:
            self._record(steer.take_stop(self.state))

    def _out_of_budget(self, before: Literal["agent_turn", "grading"]) -> bool:
        """Before the next spend: end the run when one of its budgets is used up."""
        which = decide.budget_exhausted(self.state, workflow.now())
        if which is None:
            return False
        self._finish(decide.exhaust(self.state, which, before))
        return True

    def _record(self, evaluation: Evaluation) -> bool:
        """Record a pass (events, hooks, status); True when it ends the grading run."""
        ended = decide.record_pass(self.state, evaluation)
        record_pass(evaluation.result, evaluation.reviewer is not None, workflow.info().task_queue)
        self._publish(evaluation_end_event(evaluation))
        if self.state.hooks is not False:  # False: the workers have no hooks to deliver
            self._hook_deliveries = [t for t in self._hook_deliveries if not t.done()]
            self._hook_deliveries.append(asyncio.create_task(self._deliver_hooks(evaluation)))
        if ended is None:
            self._show_pass()
            return False
        self._finish(ended)
        return True

    async def _deliver_hooks(self, evaluation: Evaluation) -> None:
        """One evaluation's hooks, beside the thread: one activity (replay never fires a
        hook again), retried by its policy; what fails for good becomes a `hook_failed`
        event and counts in `progress().hooks_failed`."""
        async with self._hook_slots:
            try:
                failed = await workflow.execute_activity_method(
                    RubricActivityDefs.deliver_evaluation,
                    HookInput(thread_id=workflow.info().workflow_id, evaluation=evaluation),
                    start_to_close_timeout=HOOK_TIMEOUT,
                    heartbeat_timeout=HEARTBEAT_TIMEOUT,
                    retry_policy=HOOK_RETRY_POLICY,
                    summary=f"hooks for {evaluation.operation_id}",
                )
                reason = "failed after its retries (see the worker log)"
            except ActivityError as err:
                failed, reason = ["(every hook not yet delivered)"], describe_failure(err)
                workflow.logger.warning("hooks for %s failed: %s; the thread goes on", evaluation.operation_id, reason)
        for target in failed:
            self.state.hooks_failed += 1
            self._publish(hook_failed_event(evaluation, target, reason))

    # -- activities ------------------------------------------------------------------

    async def _activity(
        self,
        activity: Callable[[Any, ArgT], Awaitable[ResultT]],
        arg: ArgT,
        timeout: timedelta,
    ) -> ResultT:
        """Run an activity; a `pause` cancels it, and after `resume` it runs again from
        the same state (a cancelled turn's partial result is never kept). A step has no
        summary: its type and input (`turn`, `iteration`) already name it in the Web UI,
        and a summary is one more payload in every step's scheduled event."""
        while True:
            if self.state.paused:
                await workflow.wait_condition(lambda: not self.state.paused or self.state.stop is not None)
            if self.state.stop is not None:
                raise _Stop()
            self._inflight = workflow.start_activity_method(
                activity,
                arg,
                start_to_close_timeout=timeout,
                schedule_to_close_timeout=timeout * STEP_BUDGET_FACTOR,
                heartbeat_timeout=HEARTBEAT_TIMEOUT,
                retry_policy=STEP_RETRY_POLICY,
            )
            try:
                result: ResultT = await self._inflight
                return result
            except ActivityError as err:
                if self.state.paused and isinstance(err.cause, CancelledError):
                    continue  # cancelled by `pause`: wait for resume, then run it again
                raise
            finally:
                self._inflight = None

    async def _agent_turn(self, graded: bool = True) -> None:
        self.state.phase = "agent_turn"
        self._show_details()
        turn = self.state.turns
        self.state.turns += 1
        agent = self._input.agent
        self._publish(step_event(self.state, "agent_turn_start"))
        try:
            result = await self._activity(
                RubricActivityDefs.run_agent_turn,
                AgentTurnInput(
                    turn=turn,
                    **self._refs.settings("agent", agent),
                    transcript_ref=self._refs.transcript(self.state.transcript),
                    **decide.turn_context(self.state, agent.model, graded),
                    files=self.state.files,
                    todos=self.state.todos,
                ),
                timedelta(seconds=agent.timeout_s) + STEP_TIMEOUT_GRACE,
            )
        except ActivityError as err:
            reraise_cancellation(err)
            raise ApplicationError(
                f"agent turn {turn} failed with model {agent.model!r}: {describe_failure(err)}",
                type=errors.AGENT_TURN_FAILED,
                non_retryable=True,
            ) from err
        try:
            decide.take_turn_files(self.state, result.files, result.todos)
        except ValueError as err:  # files.FileLimitError: the worker should have refused it
            raise ApplicationError(
                f"agent turn {turn} left the thread's files over their limits: {err}",
                type=errors.FILE_LIMIT_EXCEEDED,
                non_retryable=True,
            ) from None
        self._refs.seen(result.messages)  # the worker keeps them with what it was sent
        decide.append_messages(self.state, result.messages)
        decide.spend(self.state, agent.model, result.usage, "agent")
        self._publish(step_event(self.state, "agent_turn_end"))

    async def _grade(self) -> Evaluation:
        run, grader, rubric = self.state.run, self.state.grader, self.state.rubric
        assert run is not None and grader is not None and rubric is not None
        self.state.phase = "grading"
        self._show_details()
        iteration = run.iteration
        self._publish(step_event(self.state, "rubric_evaluation_start"))
        try:
            graded = await self._activity(
                RubricActivityDefs.grade_transcript,
                GradeInput(
                    grading_run_id=run.id,
                    iteration=iteration,
                    **self._refs.grader_step(self.state, rubric),
                    transcript_ref=self._refs.transcript(self.state.transcript),
                    frozen_criteria=run.frozen_criteria,
                    files=self.state.files,
                    agent=self._input.agent.agent,
                ),
                timedelta(seconds=grader.timeout_s) + STEP_TIMEOUT_GRACE,
            )
        except ActivityError as err:
            reraise_cancellation(err)
            return Evaluation(
                grading_run_id=run.id,
                iteration=iteration,
                result="grader_error",
                explanation=f"{describe_failure(err)} (configured grader model: {grader.model!r})",
                usage=decide.pass_usage(self.state, Usage()),
            )
        decide.spend(self.state, grader.model, graded.usage, "grader")
        decide.freeze_criteria(self.state, graded.freeze)
        if graded.hooks is not None:
            self.state.hooks = graded.hooks
        return Evaluation.of_pass(
            run.id,
            iteration,
            graded.verdict,
            unverified=graded.unverified,
            split_vote=graded.split_vote,
            usage=decide.pass_usage(self.state, graded.usage),
            score=graded.score,
            required_met=graded.required_met,
            from_cache=graded.from_cache,
        )

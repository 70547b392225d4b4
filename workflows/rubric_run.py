"""`RubricRunWorkflow`: one conversation thread, graded against a rubric, durably."""

from __future__ import annotations

from datetime import timedelta

from pydantic import ValidationError
from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.contrib.workflow_streams import WorkflowStream
from temporalio.exceptions import ActivityError, ApplicationError, TimeoutError

with workflow.unsafe.imports_passed_through():
    from workflows import errors
    from workflows.types import (
        AgentTurnInput,
        AgentTurnResult,
        Evaluation,
        GradeInput,
        GradeResult,
        GRADER_SOURCE,
        Message,
        Phase,
        Progress,
        RunEvent,
        RunInput,
        RunResult,
        RunStatus,
    )

EVENTS_TOPIC = "events"

AGENT_TURN_TIMEOUT = timedelta(minutes=10)
GRADER_PASS_TIMEOUT = timedelta(minutes=10)
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


@workflow.defn(failure_exception_types=[ValidationError])
class RubricRunWorkflow:
    """A thread (workflow id = thread id) that runs agent turn -> grader pass -> verdict.

    `needs_revision` sends the revision message back to the agent, up to the grader's
    `max_iterations`; `satisfied`, `failed`, `grader_error` and `max_iterations_reached`
    end the grading run. Without a rubric the agent answers once and nothing is graded.
    """

    @workflow.init
    def __init__(self, input: RunInput) -> None:
        self._input = input
        self._stream = WorkflowStream()
        self._events = self._stream.topic(EVENTS_TOPIC, type=RunEvent)
        self._transcript: list[Message] = []
        self._evaluations: list[Evaluation] = []
        self._status: RunStatus = "running"
        self._phase: Phase = "agent_turn"
        self._grading_run_id: str | None = None
        self._frozen_criteria: list[str] = []
        self._iteration = 0
        self._turns = 0

    @workflow.run
    async def run(self, input: RunInput) -> RunResult:
        self._transcript.append(Message(role="user", content=input.message, source="user"))
        if input.rubric is None or input.grader is None:
            await self._agent_turn()
            self._finish("answered")
        else:
            self._start_grading_run()
            await self._grading_run(input)
        await workflow.wait_condition(workflow.all_handlers_finished)
        return self.progress()

    def _start_grading_run(self) -> None:
        """A new grading run: new id, fresh iteration budget, no frozen criteria."""
        self._grading_run_id = str(workflow.uuid4())
        self._iteration = 0
        self._frozen_criteria = []

    async def _grading_run(self, input: RunInput) -> None:
        assert input.grader is not None and input.rubric is not None
        # Bounded by the cap: every pass either ends the run or spends an iteration.
        while self._iteration < input.grader.max_iterations:
            await self._agent_turn()
            evaluation = await self._grade(input)
            self._evaluations.append(evaluation)
            self._iteration = evaluation.iteration + 1
            self._publish_evaluation_end(evaluation)
            if evaluation.result != "needs_revision":
                self._finish(evaluation.result)
                return
            if self._iteration >= input.grader.max_iterations:
                # The record keeps the grader's own verdict; the run's status says why it stopped.
                self._finish("max_iterations_reached")
                return
            self._transcript.append(
                Message(
                    role="user",
                    content=evaluation.revision_message(),
                    name=GRADER_SOURCE,
                    source="grader",
                )
            )

    async def _agent_turn(self) -> None:
        self._phase = "agent_turn"
        turn = self._turns
        self._turns += 1
        self._events.publish(
            RunEvent(
                type="agent_turn_start",
                grading_run_id=self._grading_run_id,
                iteration=self._iteration,
            )
        )
        try:
            result: AgentTurnResult = await workflow.execute_activity(
                "run_agent_turn",
                AgentTurnInput(
                    thread_id=workflow.info().workflow_id,
                    turn=turn,
                    settings=self._input.agent,
                    messages=self._transcript,
                ),
                result_type=AgentTurnResult,
                start_to_close_timeout=AGENT_TURN_TIMEOUT,
                heartbeat_timeout=HEARTBEAT_TIMEOUT,
                retry_policy=MODEL_RETRY_POLICY,
                summary=f"agent turn {turn} ({self._input.agent.model})",
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

    async def _grade(self, input: RunInput) -> Evaluation:
        assert input.grader is not None and input.rubric is not None
        assert self._grading_run_id is not None
        self._phase = "grading"
        iteration = self._iteration
        self._events.publish(
            RunEvent(
                type="rubric_evaluation_start",
                grading_run_id=self._grading_run_id,
                iteration=iteration,
            )
        )
        try:
            graded: GradeResult = await workflow.execute_activity(
                "grade_transcript",
                GradeInput(
                    thread_id=workflow.info().workflow_id,
                    grading_run_id=self._grading_run_id,
                    iteration=iteration,
                    rubric=input.rubric,
                    settings=input.grader,
                    transcript=self._transcript,
                    frozen_criteria=self._frozen_criteria,
                ),
                result_type=GradeResult,
                start_to_close_timeout=GRADER_PASS_TIMEOUT,
                heartbeat_timeout=HEARTBEAT_TIMEOUT,
                retry_policy=MODEL_RETRY_POLICY,
                summary=f"grader pass {self._grading_run_id}:{iteration} ({input.grader.model})",
            )
        except ActivityError as err:
            return Evaluation(
                grading_run_id=self._grading_run_id,
                iteration=iteration,
                result="grader_error",
                explanation=(
                    f"{_describe_failure(err)} (configured grader model: "
                    f"{input.grader.model!r})"
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

    def _finish(self, status: RunStatus) -> None:
        self._status = status
        self._phase = "done"
        self._events.publish(
            RunEvent(
                type="run_end",
                grading_run_id=self._grading_run_id,
                iteration=self._iteration,
                status=status,
                answer=self._answer(),
            )
        )

    def _answer(self) -> str | None:
        for message in reversed(self._transcript):
            if message.role == "assistant" and not message.tool_calls:
                return message.content
        return None

    @workflow.query
    def progress(self) -> Progress:
        """Everything a caller may want to see, at any moment."""
        grader = self._input.grader
        return Progress(
            thread_id=workflow.info().workflow_id,
            phase=self._phase,
            status=self._status,
            rubric=self._input.rubric,
            grading_run_id=self._grading_run_id,
            iteration=self._iteration,
            max_iterations=grader.max_iterations if grader else None,
            frozen_criteria=self._frozen_criteria,
            evaluations=self._evaluations,
            transcript=self._transcript,
            answer=self._answer(),
        )


def _describe_failure(err: ActivityError) -> str:
    """Name what broke: exception type, HTTP status where there is one, and the message."""
    cause = err.cause
    if isinstance(cause, ApplicationError):
        details = cause.details[0] if cause.details else {}
        kind = details.get("exception_type") if isinstance(details, dict) else None
        status = details.get("http_status") if isinstance(details, dict) else None
        head = f"raised {kind or cause.type or 'ApplicationError'}"
        if status is not None:
            head += f" (HTTP {status})"
        return f"{head}: {cause.message}"
    if isinstance(cause, TimeoutError):
        return f"timed out ({cause.type.name if cause.type else 'timeout'})"
    return f"failed: {cause or err}"

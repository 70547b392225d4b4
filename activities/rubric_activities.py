"""The activities of a grading run: an agent turn and a grader pass.

Both are methods of `RubricActivities`, which holds the worker-only dependencies
(model factory, tool registry), so no key, client or tool object ever enters a
payload or the workflow history. Every failure leaves as an `ApplicationError`
classified by `provider_errors`, and Temporal owns the retries.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta
from typing import Any

from langchain.agents import create_agent
from langchain.agents.structured_output import StructuredOutputError, ToolStrategy
from langchain_core.messages import HumanMessage
from langgraph.errors import GraphRecursionError
from pydantic import ValidationError
from temporalio import activity
from temporalio.exceptions import ApplicationError

from rubricflow.activities.checks import CheckRegistry, ParsedRubric, default_checks, parse_rubric
from rubricflow.activities.config import WorkerConfig
from rubricflow.activities.grading import (
    GRADER_SYSTEM_PROMPT,
    downgrade_unverified,
    escape_closers,
    grader_payload,
    merge_checks,
    missing_criteria,
    new_nonce,
    normalize_name,
    reask_message,
)
from rubricflow.activities.hooks import Hook, Ledger, deliver
from rubricflow.activities.messages import from_langchain, to_langchain
from rubricflow.activities.model_errors import ModelConfigError
from rubricflow.activities.models import ModelFactory
from rubricflow.activities.provider_errors import to_application_error
from rubricflow.activities.scripted import current_thread_id
from rubricflow.activities.tools import ToolRegistry, UnknownToolError, default_registry
from rubricflow.workflows import errors
from rubricflow.workflows.failures import FailureDetails
from rubricflow.workflows.types import (
    AgentTurnInput,
    AgentTurnResult,
    GradeInput,
    GradeResult,
    GraderVerdict,
    HookInput,
    last_answer,
)

AGENT_RECURSION_LIMIT = 50
"""Graph steps an agent turn may take (model calls plus tool calls) before it must answer."""

DEFAULT_HEARTBEAT_EVERY = timedelta(seconds=2)
"""How often an activity heartbeats when it was scheduled without a heartbeat timeout."""


def heartbeat_interval(heartbeat_timeout: timedelta | None) -> timedelta:
    """Half the activity's own heartbeat timeout, so the two cannot drift apart; the
    default when the activity has none."""
    if not heartbeat_timeout:
        return DEFAULT_HEARTBEAT_EVERY
    return heartbeat_timeout / 2


@contextlib.asynccontextmanager
async def _heartbeating(detail: str, count_faults: bool = True) -> AsyncIterator[None]:
    """Heartbeat while a model call runs, so a dead worker is noticed within the
    heartbeat timeout and a cancellation (pause, cancel) reaches the activity.

    A worker shutting down cancels what is still running when its grace period ends; the
    SDK reports that as a retryable `WorkerShutdown` failure, so the server retries it on
    another worker at once (tests/test_crash.py::TestGracefulShutdown)."""

    every = heartbeat_interval(activity.info().heartbeat_timeout).total_seconds()
    faults = provider_faults_so_far()

    async def beat() -> None:
        while True:
            activity.heartbeat(detail, faults)
            await asyncio.sleep(every)

    task = asyncio.create_task(beat())
    try:
        yield
    except ApplicationError as err:
        if err.non_retryable or not count_faults:
            raise
        # A fault of the step itself (provider error, timeout, output that does not
        # validate; a worker death never gets here): count it in the heartbeat details,
        # which the next attempt reads, and stop at the budget.
        faults += 1
        activity.heartbeat(detail, faults)
        if faults < errors.PROVIDER_ATTEMPTS:
            raise
        raise ApplicationError(
            f"{err.message} (provider fault {faults} of {errors.PROVIDER_ATTEMPTS} for this "
            "step; giving up)",
            *err.details,
            type=err.type,
            non_retryable=True,
        ) from None
    finally:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task


def provider_faults_so_far() -> int:
    """Provider faults earlier attempts of this step met (their heartbeat details carry
    the count; an attempt lost to a dying worker adds nothing)."""
    details = activity.info().heartbeat_details
    if len(details) >= 2 and isinstance(details[1], int):
        return details[1]
    return 0


def _detached(err: ApplicationError, cause: BaseException) -> ApplicationError:
    """Keep a failure small: the server blanks a retried activity's failure that is over
    its size limit ("Failure exceeds size limit."), and a provider's chained stack trace
    through LangGraph is (tests/test_faults.py found it). The full chain goes to
    the worker's log; the failure keeps the message, type and details. Raise the result
    `from None`."""
    activity.logger.warning("%s", err.message, exc_info=cause)
    return err


@contextlib.asynccontextmanager
async def _cut_off_after(seconds: int, what: str, model: str) -> AsyncIterator[None]:
    """Cut a turn or pass off at its `timeout_s`: a hanging provider or tool ends in a
    retryable `StepTimeout` on this worker, well before the server's own timeout."""
    try:
        async with asyncio.timeout(seconds):
            yield
    except TimeoutError:
        raise ApplicationError(
            f"the {what} did not finish within its timeout_s of {seconds} s "
            f"(model {model!r}); it was cut off and will be retried",
            FailureDetails(exception_type="TimeoutError", model=model),
            type=errors.STEP_TIMEOUT,
        ) from None


def _config_error(exc: Exception) -> ApplicationError:
    kind = errors.UNKNOWN_TOOL if isinstance(exc, UnknownToolError) else errors.MODEL_CONFIG_ERROR
    return ApplicationError(
        str(exc),
        FailureDetails(exception_type=type(exc).__name__),
        type=kind,
        non_retryable=True,
    )


@contextlib.contextmanager
def _model_call(role: str, model: str, passthrough: tuple[type[BaseException], ...] = ()) -> Iterator[None]:
    """Map whatever a model call raises to an `ApplicationError` classified for Temporal."""
    try:
        yield
    except passthrough:
        raise
    except ApplicationError:
        raise
    except GraphRecursionError as exc:
        raise ApplicationError(
            f"the {role} was still calling tools after {AGENT_RECURSION_LIMIT} steps "
            "without finishing",
            FailureDetails(exception_type=type(exc).__name__, model=model),
            type=errors.AGENT_RECURSION_LIMIT,
            non_retryable=True,
        ) from None
    except (ModelConfigError, UnknownToolError) as exc:
        raise _detached(_config_error(exc), exc) from None
    except Exception as exc:
        raise _detached(to_application_error(exc, model), exc) from None


class RubricActivities:
    """Activities with the worker's model factory, tool registry and check registry.

    Every dependency is keyword-only; what is not given is built from `config` (the
    worker's settings, read from its environment by `worker.py`; defaults without it)."""

    def __init__(
        self,
        *,
        config: WorkerConfig | None = None,
        models: ModelFactory | None = None,
        tools: ToolRegistry | None = None,
        checks: CheckRegistry | None = None,
        hooks: list[Hook] | None = None,
        ledger: Ledger | None = None,
    ) -> None:
        config = config or WorkerConfig()
        self._hooks = list(hooks if hooks is not None else config.hooks)
        self._webhook_secret = config.webhook_secret
        self._ledger = ledger or Ledger(config.ledger_dir)
        self._models = models or ModelFactory(
            models_dir=config.models_dir, script_state_dir=config.script_state_dir
        )
        self._tools = tools if tools is not None else default_registry(config.files_dir)
        self._checks = checks if checks is not None else default_checks()

    @activity.defn
    async def deliver_evaluation(self, input: HookInput) -> list[str]:
        """Run the worker's per-evaluation hooks; returns the ones that failed for good
        (logged in one line: a failing hook does not stop the run). A webhook that may
        answer later raises a retryable error until the retry policy's last attempt."""
        info = activity.info()
        cap = info.retry_policy.maximum_attempts if info.retry_policy else 1
        async with _heartbeating(f"hooks for {input.evaluation.operation_id}", count_faults=False):
            return await deliver(
                self._hooks, self._ledger, input,
                secret=self._webhook_secret, final_attempt=cap > 0 and info.attempt >= cap,
            )

    @activity.defn
    async def run_agent_turn(self, input: AgentTurnInput) -> AgentTurnResult:
        """Run the agent until it answers without calling a tool; return the new messages."""
        with _model_call("agent", input.settings.model):
            model = self._models.get(input.settings.model)
            tools = self._tools.resolve(input.settings.tools)
        agent = create_agent(model, tools=tools, system_prompt=input.settings.system_prompt)
        history = [to_langchain(m) for m in input.messages]
        token = current_thread_id.set(input.thread_id)
        try:
            async with (
                _heartbeating(f"agent turn {input.turn}"),
                _cut_off_after(input.settings.timeout_s, "agent turn", input.settings.model),
            ):
                with _model_call("agent", input.settings.model):
                    state = await agent.ainvoke(
                        {"messages": history}, config={"recursion_limit": AGENT_RECURSION_LIMIT}
                    )
        finally:
            current_thread_id.reset(token)
        added = state["messages"][len(history) :]
        return AgentTurnResult(messages=[from_langchain(m) for m in added])

    @activity.defn
    async def grade_transcript(self, input: GradeInput) -> GradeResult:
        """One grader pass: checks run as code, the LLM grades the rest, one verdict."""
        rubric = parse_rubric(input.rubric, self._checks.names())
        if rubric.problems:
            # The rubric cannot be evaluated as written: that is the grader's `failed`.
            return GradeResult(
                operation_id=input.operation_id,
                verdict=GraderVerdict(
                    result="failed",
                    explanation="The rubric cannot be evaluated: " + "; ".join(rubric.problems),
                    criteria=[],
                ),
            )
        token = current_thread_id.set(input.thread_id)
        try:
            async with (
                _heartbeating(f"grader pass {input.operation_id}"),
                _cut_off_after(input.settings.timeout_s, "grader pass", input.settings.model),
            ):
                checks = await self._checks.run(
                    rubric, input.transcript, last_answer(input.transcript) or ""
                )
                llm, unverified, calls = (None, False, 0)
                if rubric.needs_llm:
                    llm, unverified, calls = await self._llm_verdict(input, rubric)
        finally:
            current_thread_id.reset(token)
        freeze: list[str] = []
        if llm is not None and not input.frozen_criteria and llm.result != "failed" and not unverified:
            checked = {normalize_name(c.name) for c in rubric.checked}
            freeze = [c.name for c in llm.criteria if normalize_name(c.name) not in checked]
        return GradeResult(
            operation_id=input.operation_id,
            verdict=merge_checks(llm, checks),
            unverified=unverified,
            freeze=freeze,
            model_calls=calls,
        )

    async def _llm_verdict(
        self, input: GradeInput, rubric: ParsedRubric
    ) -> tuple[GraderVerdict, bool, int]:
        """The LLM's verdict, with exactly one corrective re-ask when it is unusable
        (invalid, or not covering every criterion). Returns (verdict, unverified, calls)."""
        model_label = input.settings.model
        with _model_call("grader", model_label):
            model = self._models.get(model_label)
            tools = self._tools.resolve(input.settings.tools)
        grader = create_agent(
            model,
            tools=tools,
            system_prompt=input.settings.system_prompt or GRADER_SYSTEM_PROMPT,
            response_format=ToolStrategy(GraderVerdict, handle_errors=False),
        )
        frozen = list(input.frozen_criteria)
        # Before names are frozen, the rubric's own bullet lines are listed as the criteria
        # to answer for (small models otherwise leave the list out); only frozen names are
        # enforced by the coverage check.
        listed = frozen or [c.name for c in rubric.criteria if not c.check]
        # A fresh nonce on every attempt: a retried pass never reuses its delimiters.
        payload = grader_payload(
            rubric.llm_rubric, input.transcript, input.iteration, new_nonce(), listed
        )
        messages: list[Any] = [HumanMessage(content=payload)]
        config = {
            "recursion_limit": AGENT_RECURSION_LIMIT,
            "metadata": {"rubricflow_operation_id": input.operation_id},
        }
        for ask in (1, 2):
            try:
                with _model_call("grader", model_label, passthrough=(StructuredOutputError, ValidationError)):
                    state = await grader.ainvoke({"messages": messages}, config=config)
                verdict = _as_verdict(state.get("structured_response"), model_label)
            except (StructuredOutputError, ValidationError, ApplicationError) as exc:
                if isinstance(exc, ApplicationError) and exc.type != errors.GRADER_OUTPUT_INVALID:
                    raise
                if ask == 2:
                    raise _detached(_invalid_output(exc, model_label), exc) from None
                messages = [
                    HumanMessage(
                        content=payload
                        + "\n\nYour previous verdict was invalid and was discarded: "
                        + escape_closers(str(exc))[:1_000]
                        + "\nReturn a valid GraderVerdict."
                    )
                ]
                continue
            missing = missing_criteria(verdict, frozen)
            if not missing:
                return verdict, False, ask
            if ask == 1:
                messages = [*state["messages"], HumanMessage(content=reask_message(missing, frozen))]
                continue
            if verdict.result == "satisfied":
                return downgrade_unverified(verdict, missing), True, ask
            return verdict, False, ask
        raise AssertionError("unreachable: the loop returns or raises")


def _invalid_output(exc: Exception, model: str) -> ApplicationError:
    """Invalid structured output is retryable: the next sample may validate."""
    return ApplicationError(
        f"grader output did not validate (model {model!r}): {exc}",
        FailureDetails(exception_type=type(exc).__name__, model=model),
        type=errors.GRADER_OUTPUT_INVALID,
    )


def _as_verdict(value: Any, model: str) -> GraderVerdict:
    if isinstance(value, GraderVerdict):
        return value
    if value is None:
        raise _invalid_output(ValueError("the grader returned no structured verdict"), model)
    try:
        return GraderVerdict.model_validate(value)
    except ValidationError as exc:
        raise _invalid_output(exc, model) from None

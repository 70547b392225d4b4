"""What every agent turn and grader pass runs inside: heartbeats that count provider
faults, a time limit, a size check on the result, and one mapping of whatever a model
call raises to an `ApplicationError` classified for Temporal."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta

from langgraph.errors import GraphRecursionError
from temporalio import activity
from temporalio.exceptions import ApplicationError

from rubricflow.activities.agents import UnknownAgentError
from rubricflow.activities.model_errors import ModelConfigError
from rubricflow.activities.provider_errors import to_application_error
from rubricflow.activities.tools import UnknownToolError
from rubricflow.workflows import errors
from rubricflow.workflows.failures import FailureDetails
from rubricflow.workflows.sizes import PayloadTooLargeError

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
async def heartbeating(detail: str, count_faults: bool = True) -> AsyncIterator[None]:
    """Heartbeat while a model call runs, so a dead worker is noticed within the
    heartbeat timeout and a cancellation (pause, cancel) reaches the activity.

    A worker shutting down cancels what is still running when its grace period ends; the
    SDK reports that as a retryable `WorkerShutdown` failure, so the server retries it on
    another worker at once (tests/test_crash.py::TestGracefulShutdown)."""

    every = heartbeat_interval(activity.info().heartbeat_timeout).total_seconds()
    faults = provider_faults_so_far()

    async def beat() -> None:
        # The first beat after one interval, not at once: a step shorter than that sends
        # none (each is an RPC, and a billed action on Temporal Cloud), and the heartbeat
        # timeout, counted from the start, is twice the interval.
        while True:
            await asyncio.sleep(every)
            activity.heartbeat(detail, faults)

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
            f"{err.message} (provider fault {faults} of {errors.PROVIDER_ATTEMPTS} for this step; giving up)",
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


def detached(err: ApplicationError, cause: BaseException) -> ApplicationError:
    """Keep a failure small: the server blanks a retried activity's failure that is over
    its size limit ("Failure exceeds size limit."), and a provider's chained stack trace
    through LangGraph is (tests/test_faults.py found it). The full chain goes to
    the worker's log; the failure keeps the message, type and details. Raise the result
    `from None`."""
    activity.logger.warning("%s", err.message, exc_info=cause)
    return err


@contextlib.asynccontextmanager
async def cut_off_after(seconds: int, what: str, model: str) -> AsyncIterator[None]:
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


@contextlib.contextmanager
def refused_if_too_large(model: str) -> Iterator[None]:
    """A result that would not fit its size limit ends the step at once, by name: the
    SDK's own payload check would fail it retryably, attempt after attempt."""
    try:
        yield
    except PayloadTooLargeError as exc:
        raise ApplicationError(
            str(exc),
            FailureDetails(exception_type=type(exc).__name__, model=model),
            type=errors.PAYLOAD_TOO_LARGE,
            non_retryable=True,
        ) from None


def config_error(exc: Exception) -> ApplicationError:
    if isinstance(exc, UnknownAgentError):
        kind = errors.UNKNOWN_AGENT
    elif isinstance(exc, UnknownToolError):
        kind = errors.UNKNOWN_TOOL
    else:
        kind = errors.MODEL_CONFIG_ERROR
    return ApplicationError(
        str(exc),
        FailureDetails(exception_type=type(exc).__name__),
        type=kind,
        non_retryable=True,
    )


@contextlib.contextmanager
def model_call(role: str, model: str, passthrough: tuple[type[BaseException], ...] = ()) -> Iterator[None]:
    """Map whatever a model call raises to an `ApplicationError` classified for Temporal."""
    try:
        yield
    except passthrough:
        raise
    except ApplicationError as err:
        # Raised inside the graph (an MCP tool whose server failed), it carries a stack
        # trace through LangGraph past the server's failure size limit; a copy raised
        # here carries a short one.
        raise ApplicationError(
            err.message,
            *err.details,
            type=err.type,
            non_retryable=err.non_retryable,
            next_retry_delay=err.next_retry_delay,
            category=err.category,
        ) from None
    except GraphRecursionError as exc:
        raise ApplicationError(
            f"the {role} was still calling tools after {AGENT_RECURSION_LIMIT} steps without finishing",
            FailureDetails(exception_type=type(exc).__name__, model=model),
            type=errors.AGENT_RECURSION_LIMIT,
            non_retryable=True,
        ) from None
    except (ModelConfigError, UnknownToolError, UnknownAgentError) as exc:
        raise detached(config_error(exc), exc) from None
    except Exception as exc:
        raise detached(to_application_error(exc, model), exc) from None

"""How a thread runs its steps: timeouts, retry policies, and what a failed step says.

Part of the workflow's logic (the values are recorded in its history as each activity
is scheduled), so they live in the contract, not in a worker's settings.
"""

from __future__ import annotations

from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy
from temporalio.exceptions import ActivityError, ApplicationError, CancelledError, TimeoutError

with workflow.unsafe.imports_passed_through():
    import rubricflow.workflows.errors as errors
    from rubricflow.workflows.failures import FailureDetails

STEP_TIMEOUT_GRACE = timedelta(seconds=30)
"""The worker cuts a turn or pass off at its settings' `timeout_s` with a clear error;
the server's start-to-close timeout, this much later, covers a worker too stuck to."""
HEARTBEAT_TIMEOUT = timedelta(seconds=10)
"""A worker that dies mid-activity stops heartbeating; another worker retries the
activity after this long, not after the start-to-close timeout."""

HOOK_TIMEOUT = timedelta(minutes=2)

HOOK_RETRY_POLICY = RetryPolicy(
    initial_interval=timedelta(seconds=1),
    backoff_coefficient=2.0,
    maximum_interval=timedelta(seconds=30),
    maximum_attempts=5,
)
MAX_HOOK_DELIVERIES = 8
"""Hook activities one thread runs at once; more wait for a slot (still scheduled in order)."""

STEP_RETRY_POLICY = RetryPolicy(
    initial_interval=timedelta(seconds=1),
    backoff_coefficient=2.0,
    maximum_interval=timedelta(seconds=30),
    maximum_attempts=errors.PROVIDER_ATTEMPTS + 20,
)
"""Names no non-retryable types: what retrying cannot help the activity raises
`non_retryable` itself (`activities/step_guards.py`), and each scheduled step's history
event carries the policy."""
STEP_BUDGET_FACTOR = errors.PROVIDER_ATTEMPTS + 3
"""A step's total time (schedule-to-close): this many times one attempt's timeout."""


def reraise_cancellation(err: ActivityError) -> None:
    """A cancelled thread ends cancelled: a turn or pass cut off by the cancellation is
    no verdict and no failure (nothing is recorded, no hook fires). `_activity` already
    retried the one cancellation that is not the thread's: a pause's."""
    if isinstance(err.cause, CancelledError):
        raise err


def describe_failure(err: ActivityError) -> str:
    """Name what broke: exception type, HTTP status where there is one, and the message."""
    cause = err.cause
    if isinstance(cause, ApplicationError):
        details = FailureDetails.of(cause.details[0]) if cause.details else None
        head = f"raised {(details and details.exception_type) or cause.type or 'ApplicationError'}"
        if details is not None and details.http_status is not None:
            head += f" (HTTP {details.http_status})"
            # The provider's message already names the error and its status: say it once.
            if f"(HTTP {details.http_status})" in cause.message:
                return cause.message
        return f"{head}: {cause.message}"
    if isinstance(cause, TimeoutError):
        return f"timed out ({cause.type.name if cause.type else 'timeout'})"
    return f"failed: {cause or err}"

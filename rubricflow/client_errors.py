"""The client's errors, and how Temporal's errors become them (`typed_errors`)."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime

from temporalio.api.errordetails.v1 import NamespaceNotFoundFailure
from temporalio.client import WorkflowFailureError, WorkflowUpdateFailedError, WorkflowUpdateRPCTimeoutOrCancelledError
from temporalio.service import RPCError, RPCStatusCode

from rubricflow.errors import NamespaceNotFound, RubricflowError, RunRefused
from rubricflow.settings import connect_config

__all__ = [
    "NamespaceNotFound",
    "RubricflowError",
    "RunFailed",
    "RunRefused",
    "ServerUnreachable",
    "Stuck",
    "ThreadClosed",
    "ThreadNotFound",
    "ThreadStuck",
    "UpdateRefused",
    "target_host",
    "typed_errors",
]


class ThreadNotFound(RubricflowError, LookupError):
    def __init__(self, thread_id: str) -> None:
        self.thread_id = thread_id
        super().__init__(f"no thread {thread_id!r} on this server (see `rubricflow list`)")


class ThreadClosed(RunRefused):
    """A message, pause or review sent to a thread whose workflow has closed: `status`
    is how it ended (its run's terminal status, or failed/cancelled/terminated/timed_out)."""

    def __init__(self, thread_id: str, status: str) -> None:
        self.thread_id, self.status = thread_id, status
        super().__init__(
            f"thread {thread_id} is closed ({status}): a closed thread takes no more messages, "
            f"pauses or reviews; `rubricflow status {thread_id}` shows how it ended, and "
            "`rubricflow run` (or `send --model M`) starts a new one"
        )


class RunFailed(RubricflowError, WorkflowFailureError):
    """The thread's workflow ended without a result: `status` is failed, cancelled,
    terminated or timed_out; `cause` is the exception it ended with (as Temporal's
    `WorkflowFailureError`, which this is too) and `reason` its message, if any."""

    def __init__(self, thread_id: str, status: str, error: WorkflowFailureError) -> None:
        WorkflowFailureError.__init__(self, cause=error.cause)
        self.thread_id, self.status = thread_id, status
        self.reason = _failure_cause(error)
        said = status.replace("_", " ")
        self.args = (f"thread {thread_id} {said}" + (f": {self.reason}" if self.reason else ""),)

    def __str__(self) -> str:
        return str(self.args[0])


class ServerUnreachable(RubricflowError, ConnectionError):
    def __init__(self, address: str, reason: str) -> None:
        self.address = address
        super().__init__(
            f"cannot reach Temporal at {address} ({reason}); start one with `rubricflow dev` or set TEMPORAL_ADDRESS"
        )


class UpdateRefused(RunRefused, WorkflowUpdateFailedError):
    """The thread refused an update (`pause`, `approve`, ...) that does not apply now;
    the message says why. A `RunRefused`, and Temporal's `WorkflowUpdateFailedError`
    (its `cause` is the thread's refusal)."""

    def __init__(self, message: str) -> None:
        RunRefused.__init__(self, message)

    def __str__(self) -> str:
        return str(self.args[0])


def target_host() -> str:
    with contextlib.suppress(Exception):
        return str(connect_config().get("target_host"))
    return os.environ.get("TEMPORAL_ADDRESS", "localhost:7233")


def _failure_cause(err: BaseException) -> str | None:
    """The message of what the workflow (or update) failed with: its own words, which
    already name the step and the underlying error."""
    cause = getattr(err, "cause", None)
    if cause is None:
        return None
    return getattr(cause, "message", None) or str(cause) or None


def missing_namespace(err: RPCError) -> str | None:
    """The namespace the server said it does not have, when that is what `err` is."""
    if err.status != RPCStatusCode.NOT_FOUND:
        return None
    for detail in err.grpc_status.details:
        failure = NamespaceNotFoundFailure()
        if detail.Unpack(failure):
            return failure.namespace
    return None


@contextlib.contextmanager
def typed_errors(thread_id: str | None = None) -> Iterator[None]:
    """Temporal's errors as the client's own."""
    try:
        yield
    except RPCError as err:
        namespace = missing_namespace(err)
        if namespace is not None:
            raise NamespaceNotFound(namespace, target_host()) from None
        if err.status == RPCStatusCode.NOT_FOUND and thread_id is not None:
            raise ThreadNotFound(thread_id) from err
        if err.status == RPCStatusCode.UNAVAILABLE:
            raise ServerUnreachable(target_host(), err.message) from err
        raise
    except WorkflowUpdateFailedError as err:
        raise UpdateRefused(_failure_cause(err) or str(err)) from err.cause
    except WorkflowUpdateRPCTimeoutOrCancelledError as err:
        # The SDK reports a caller cancelled while it waits on an update (Ctrl-C, a task
        # cancelled) as this error: it stays the cancellation it is.
        if isinstance(err.__cause__, asyncio.CancelledError):
            raise err.__cause__ from None
        raise


@dataclass(frozen=True)
class Stuck:
    """A thread whose workflow task keeps failing (Temporal retries it forever)."""

    thread_id: str
    attempt: int
    since: datetime | None
    last_failure: str
    recorded: bool = True
    """The history holds the failure (a `WorkflowTaskFailed` since the last completed
    task); False when only the attempt count says so (a task that timed out, say)."""

    def describe(self) -> str:
        return (
            f"thread {self.thread_id} is stuck: its workflow task has failed "
            f"{self.attempt - 1} time(s) and Temporal keeps retrying it; last failure: "
            f"{self.last_failure}"
        )


class ThreadStuck(RubricflowError):
    """The thread's workflow task keeps failing (a codec key mismatch, a worker bug): the
    run cannot move until what the failure names is fixed on the worker or client."""

    def __init__(self, stuck: Stuck) -> None:
        super().__init__(stuck.describe())
        self.stuck = stuck

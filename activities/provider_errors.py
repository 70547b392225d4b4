"""One table that turns a model provider's exception into an `ApplicationError`.

Provider SDKs are built with their own retries off (`max_retries=0`), so every
failure surfaces here once and Temporal owns the retry: 408, 409, 429 and 5xx are
retryable (a `retry-after` header sets the next delay), other 4xx and authentication
errors are not; timeouts and connection errors are retryable, and so is a local model's
process that died mid-call.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from email.utils import parsedate_to_datetime
from typing import Any

from temporalio.exceptions import ApplicationError

from rubricflow.workflows import errors
from rubricflow.workflows.failures import FailureDetails

RETRYABLE_STATUSES = frozenset({408, 409, 429})
MAX_RETRY_AFTER = timedelta(minutes=5)
"""A provider asking for a longer wait than this gets this: the activity's own
schedule must stay bounded."""

_RETRYABLE_NAMES = (
    "Timeout",
    "TimeoutError",
    "APITimeoutError",
    "ReadTimeout",
    "ConnectTimeout",
    "ConnectionError",
    "APIConnectionError",
    "ConnectError",
    "RemoteProtocolError",
    "ModelOutputError",
    "ModelProcessDied",
)
_AUTH_NAMES = ("AuthenticationError", "PermissionDeniedError", "Unauthorized")


def http_status(exc: BaseException) -> int | None:
    """The HTTP status of a provider error, wherever its SDK keeps it."""
    for holder in (exc, getattr(exc, "response", None)):
        for attr in ("status_code", "status", "http_status"):
            value = getattr(holder, attr, None)
            if isinstance(value, int) and not isinstance(value, bool):
                return value
    return None


def retry_after(exc: BaseException) -> timedelta | None:
    """The delay a provider asked for (`retry-after` seconds or HTTP date), if any."""
    headers: Any = getattr(getattr(exc, "response", None), "headers", None) or getattr(exc, "headers", None)
    if not headers:
        return None
    raw = headers.get("retry-after") or headers.get("Retry-After")
    if raw is None:
        return None
    try:
        seconds = float(raw)
    except ValueError:
        try:
            when = parsedate_to_datetime(str(raw))
        except (TypeError, ValueError):
            return None
        seconds = (when - datetime.now(UTC)).total_seconds()
    if seconds < 0:
        return None
    return min(timedelta(seconds=seconds), MAX_RETRY_AFTER)


def is_retryable(exc: BaseException) -> bool:
    """The table: whether retrying the same call can succeed."""
    status = http_status(exc)
    if status is not None:
        return status in RETRYABLE_STATUSES or status >= 500
    names = {cls.__name__ for cls in type(exc).__mro__}
    if names & set(_AUTH_NAMES):
        return False
    if names & set(_RETRYABLE_NAMES) or isinstance(exc, (TimeoutError, ConnectionError)):
        return True
    # Unknown failures are retried: the retry policy bounds them.
    return True


def to_application_error(exc: BaseException, model: str) -> ApplicationError:
    """Wrap a provider exception for Temporal, keeping what a person needs to act on it."""
    status = http_status(exc)
    retryable = is_retryable(exc)
    message = f"{type(exc).__name__}"
    if status is not None:
        message += f" (HTTP {status})"
    message += f" from model {model!r}: {exc}"
    return ApplicationError(
        message,
        FailureDetails(exception_type=type(exc).__name__, http_status=status, model=model),
        type=errors.PROVIDER_ERROR,
        non_retryable=not retryable,
        next_retry_delay=retry_after(exc) if retryable else None,
    )

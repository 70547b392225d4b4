"""What an activity failure carries besides its message: the `ApplicationError` details.

Activities raise `ApplicationError(message, FailureDetails(...), type=...)`; the workflow
reads the details back with `FailureDetails.of(error)` to say what broke; the same
fields as a plain JSON object decode the same way.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, ValidationError


class FailureDetails(BaseModel):
    model_config = ConfigDict(frozen=True, extra="ignore")

    exception_type: str
    """The class name of the exception that the activity turned into this failure."""
    http_status: int | None = None
    """The provider's HTTP status, when the failure was an HTTP response."""
    model: str | None = None
    """The `provider:model-id` the failing call used, when there was one."""

    @classmethod
    def of(cls, details: Any) -> FailureDetails | None:
        """The details of a failure as decoded from a payload (a dict), or None when the
        failure carries none of ours."""
        if isinstance(details, cls):
            return details
        if not isinstance(details, dict):
            return None
        try:
            return cls.model_validate(details)
        except ValidationError:
            return None

"""`FailureDetails`: what an activity failure carries, as the workflow reads it back."""

from __future__ import annotations

import pytest
from temporalio.api.enums.v1 import RetryState
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.exceptions import ActivityError, ApplicationError

from rubricflow.activities.provider_errors import to_application_error
from rubricflow.workflows.failures import FailureDetails
from rubricflow.workflows.step_policy import describe_failure


class RateLimitError(Exception):
    status_code = 429


def _activity_error(cause: BaseException) -> ActivityError:
    error = ActivityError(
        "activity failed",
        scheduled_event_id=5,
        started_event_id=6,
        identity="worker",
        activity_type="rubricflow.grade_transcript",
        activity_id="1",
        retry_state=RetryState.RETRY_STATE_MAXIMUM_ATTEMPTS_REACHED,
    )
    error.__cause__ = cause
    return error


class TestFailureDetails:
    def test_the_wire_form_is_the_dict_older_histories_recorded(self):
        payload = pydantic_data_converter.payload_converter.to_payloads(
            [FailureDetails(exception_type="RateLimitError", http_status=429, model="m:x")]
        )
        [decoded] = pydantic_data_converter.payload_converter.from_payloads(payload)
        assert decoded == {"exception_type": "RateLimitError", "http_status": 429, "model": "m:x"}
        assert FailureDetails.of(decoded) == FailureDetails(
            exception_type="RateLimitError", http_status=429, model="m:x"
        )

    def test_an_old_dict_without_model_decodes(self):
        assert FailureDetails.of({"exception_type": "UnknownToolError", "http_status": None}) == (
            FailureDetails(exception_type="UnknownToolError")
        )

    @pytest.mark.parametrize("details", ["text", 7, None, {"http_status": 500}, []])
    def test_details_that_are_not_ours_give_none(self, details):
        assert FailureDetails.of(details) is None

    def test_provider_errors_carry_the_model(self):
        error = to_application_error(RateLimitError("slow down"), "openai:gpt-x")
        assert error.details == (
            FailureDetails(exception_type="RateLimitError", http_status=429, model="openai:gpt-x"),
        )


class TestDescribeFailure:
    def test_names_the_exception_and_status_from_the_dict_form(self):
        cause = ApplicationError(
            "rate limited",
            {"exception_type": "RateLimitError", "http_status": 429, "model": "m"},
            type="ProviderError",
        )
        assert describe_failure(_activity_error(cause)) == ("raised RateLimitError (HTTP 429): rate limited")

    def test_names_the_exception_from_the_model_form(self):
        cause = ApplicationError("boom", FailureDetails(exception_type="KeyError"), type="X")
        assert describe_failure(_activity_error(cause)) == "raised KeyError: boom"

    def test_falls_back_to_the_error_type_without_details(self):
        cause = ApplicationError("boom", type="StepTimeout")
        assert describe_failure(_activity_error(cause)) == "raised StepTimeout: boom"

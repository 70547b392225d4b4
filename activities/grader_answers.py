"""A grader pass's answers: the whole-verdict grader it builds, a verdict assembled one
question per criterion, and the structured answer read back as a `GraderVerdict`."""

from __future__ import annotations

from typing import Any

from langchain.agents import create_agent
from langchain.agents.structured_output import ProviderStrategy, ToolStrategy
from pydantic import ValidationError
from temporalio.exceptions import ApplicationError

from rubricflow.activities import strategies
from rubricflow.activities.checks import ParsedRubric
from rubricflow.activities.grader_budget import ToolRoundsMiddleware
from rubricflow.activities.grading import GRADER_SYSTEM_PROMPT, new_nonce
from rubricflow.activities.single_call import SingleCallGrader
from rubricflow.activities.step_guards import model_call
from rubricflow.activities.structured_output import json_mode_prompt, json_object
from rubricflow.activities.verdict_schema import verdict_schema
from rubricflow.workflows import errors
from rubricflow.workflows.failures import FailureDetails
from rubricflow.workflows.model_profiles import StructuredOutput
from rubricflow.workflows.rubric import Scale
from rubricflow.workflows.types import GradeInput, GraderVerdict


def whole_grader(
    model: Any,
    tools: list[Any],
    frozen: list[str],
    input: GradeInput,
    method: StructuredOutput,
    scales: dict[str, Scale] | None = None,
) -> Any:
    """The grader that answers a whole verdict. A local model is held to a grammar built
    from this pass's criteria (and the points of its scaled ones), so a small model cannot
    answer a verdict that fails validation; a `json_mode` one answers the verdict's JSON as
    its final text."""
    local = input.settings.model.startswith("local:")
    schema: Any = verdict_schema(frozen, scales) if local else GraderVerdict
    prompt = input.settings.system_prompt or GRADER_SYSTEM_PROMPT
    rounds = [ToolRoundsMiddleware(evidence_first=local)]
    if method == "json_mode":
        json_schema = schema if isinstance(schema, dict) else schema.model_json_schema()
        return create_agent(model, tools=tools, system_prompt=json_mode_prompt(prompt, json_schema), middleware=rounds)
    if method != "json_schema" and not tools:
        return SingleCallGrader(model, schema, prompt)  # the graph's one call, without the graph
    strategy = ProviderStrategy(schema) if method == "json_schema" else ToolStrategy(schema, handle_errors=False)
    return create_agent(model, tools=tools, system_prompt=prompt, response_format=strategy, middleware=rounds)


async def grade_each_call(
    model: Any,
    input: GradeInput,
    strategy: str,
    frozen: list[str],
    callbacks: list[Any],
    method: StructuredOutput = "tool",
) -> tuple[GraderVerdict, bool, int, bool]:
    """A verdict assembled from one question per criterion (`strategies.grade_each`):
    its criteria always cover the frozen ones, so there is no re-ask and nothing
    unverified. `callbacks` count the tokens and hold the call budget."""
    calls = [0]
    config = {"metadata": {"rubricflow_operation_id": input.operation_id}, "callbacks": callbacks}
    label = input.settings.model
    ask = strategies.structured_asker(model, config, calls, lambda why: invalid_output(ValueError(why), label), method)
    with model_call("grader", label):
        verdict, split = await strategies.grade_each(
            ask,
            strategy=strategy,  # type: ignore[arg-type]
            criteria=frozen,
            transcript=input.transcript,
            files=input.files,
            nonce=new_nonce(),
            samples=input.settings.samples,
        )
    return verdict, False, calls[0], split


def pinned_criteria(rubric: ParsedRubric) -> list[str]:
    """A list rubric's LLM-graded criteria (its bullet or numbered lines without a check):
    the grading run's criteria before any grader call. Empty for a free-text rubric."""
    return [c.name for c in rubric.criteria if not c.check]


def invalid_output(exc: Exception, model: str) -> ApplicationError:
    """Invalid structured output is retryable: the next sample may validate."""
    return ApplicationError(
        f"grader output did not validate (model {model!r}): {exc}",
        FailureDetails(exception_type=type(exc).__name__, model=model),
        type=errors.GRADER_OUTPUT_INVALID,
    )


def json_answer(message: Any, model: str) -> dict[str, Any]:
    """The verdict object of a `json_mode` grader's final answer."""
    try:
        return json_object(getattr(message, "content", ""))
    except ValueError as exc:
        raise invalid_output(exc, model) from None


def as_verdict(value: Any, model: str, *, derive: bool = False) -> GraderVerdict:
    """The grader's structured answer as a verdict. With `derive` (a grammar-bound local
    model, which writes its criteria before `result`) the result follows from the criteria:
    `failed` stays, anything else is `satisfied` exactly when every criterion passes."""
    if isinstance(value, GraderVerdict):
        return value
    if value is None:
        raise invalid_output(ValueError("the grader returned no structured verdict"), model)
    if derive and isinstance(value, dict) and value.get("result") != "failed":
        passing = [isinstance(c, dict) and c.get("passed") is True for c in value.get("criteria") or []]
        value = {**value, "result": "satisfied" if passing and all(passing) else "needs_revision"}
    try:
        return GraderVerdict.model_validate(value)
    except ValidationError as exc:
        raise invalid_output(exc, model) from None

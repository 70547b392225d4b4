"""The `whole` strategy: one structured verdict for the whole rubric (with the grader's
evidence tools, if any), with one corrective re-ask when it is unusable and the
`unverified` downgrade of a `satisfied` that still misses a criterion."""

from __future__ import annotations

from typing import Any

from langchain.agents import create_agent
from langchain.agents.structured_output import ProviderStrategy, StructuredOutputError, ToolStrategy
from langchain_core.messages import HumanMessage
from pydantic import ValidationError
from temporalio import activity
from temporalio.exceptions import ApplicationError

from rubricflow.activities.grader.asking import invalid_output, json_mode_prompt, json_object
from rubricflow.activities.grader.budget import ToolRoundsMiddleware
from rubricflow.activities.grader.coverage import (
    canonical_criteria,
    downgrade_unverified,
    invented_criteria,
    missing_criteria,
)
from rubricflow.activities.grader.prompt import GRADER_SYSTEM_PROMPT
from rubricflow.activities.grader.single_call import SingleCallGrader
from rubricflow.activities.grader.verdict_schema import verdict_schema
from rubricflow.activities.model_profiles import StructuredOutput
from rubricflow.activities.reasks import invalid_reask, reask_message
from rubricflow.activities.step_guards import detached, model_call
from rubricflow.workflows import errors
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


async def whole_verdict(
    grader: Any, payload: str, frozen: list[str], input: GradeInput, config: dict[str, Any], method: StructuredOutput
) -> tuple[GraderVerdict, bool, int]:
    """Ask for the whole verdict, with one corrective re-ask when it does not validate or
    misses a criterion; a `satisfied` that still misses one is downgraded (unverified).
    Returns (verdict, unverified, asks)."""
    model_label = input.settings.model
    local = model_label.startswith("local:")
    messages: list[Any] = [HumanMessage(content=payload)]
    for ask in (1, 2):
        try:
            with model_call("grader", model_label, passthrough=(StructuredOutputError, ValidationError)):
                state = await grader.ainvoke({"messages": messages}, config=config)
            answer = state.get("structured_response")
            if method == "json_mode":
                answer = json_answer(state["messages"][-1], model_label)
            verdict = as_verdict(answer, model_label, derive=local)
        except (StructuredOutputError, ValidationError, ApplicationError) as exc:
            if isinstance(exc, ApplicationError) and exc.type != errors.GRADER_OUTPUT_INVALID:
                raise
            if ask == 2:
                raise detached(invalid_output(exc, model_label), exc) from None
            messages = [HumanMessage(content=invalid_reask(payload, exc))]
            continue
        missing, invented = missing_criteria(verdict, frozen), invented_criteria(verdict, frozen)
        if invented:
            activity.logger.info(
                "grader pass %s: %s answer no criterion of the rubric; not frozen", input.operation_id, invented
            )
        verdict = canonical_criteria(verdict, frozen)
        if not missing:
            return verdict, False, ask
        if ask == 1:
            messages = [*state["messages"], HumanMessage(content=reask_message(missing, frozen, invented))]
            continue
        if verdict.result == "satisfied":
            return downgrade_unverified(verdict, missing), True, ask
        return verdict, False, ask
    raise AssertionError("unreachable: the loop returns or raises")


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

"""How a grader model is asked for structured output, by its profile's method.

- `tool`: the schema as the one tool the model must call (`tool_choice="any"`; a grammar
  for `local:` models). The default for every model without a profile.
- `json_schema`: the provider's JSON-schema response format.
- `json_mode`: the schema in the prompt and `response_format={"type": "json_object"}`,
  for OpenAI-compatible servers that take neither a forced tool choice nor a JSON schema
  (llama.cpp's); the reply's text is parsed here.

Whatever the method, the caller validates the object it gets, and an invalid answer is
re-asked by the caller's own rules; `json_mode` also re-asks once, here, when the reply
is not a JSON object at all.
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from langchain_core.messages import AIMessage, HumanMessage
from temporalio.exceptions import ApplicationError

from rubricflow.activities.model_profiles import StructuredOutput
from rubricflow.workflows import errors
from rubricflow.workflows.failures import FailureDetails

_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)


def schema_instruction(schema: dict[str, Any]) -> str:
    """What a `json_mode` prompt ends with: the reply's shape, as its JSON schema, and
    its required keys with their types in words (small models follow those better)."""
    name = schema.get("title", "the answer")
    props = schema.get("properties") or {}
    keys = ", ".join(f'"{k}" ({props.get(k, {}).get("type", "any")})' for k in schema.get("required") or [])
    return (
        f"\n\nReply with one JSON object, {name}, and nothing else"
        + (f"; its keys: {keys}" if keys else "")
        + ". It must match this JSON schema:\n"
        + json.dumps(schema, separators=(",", ":"))
    )


def missing_keys(value: dict[str, Any], schema: dict[str, Any]) -> list[str]:
    """The schema's required top-level keys that `value` lacks."""
    return [k for k in schema.get("required") or [] if k not in value]


def shape_problem(value: dict[str, Any], schema: dict[str, Any]) -> str | None:
    """What makes `value` unusable as `schema`'s object, in words (a missing required key,
    a required boolean that is not one), or None. Deeper validation is the caller's."""
    missing = missing_keys(value, schema)
    if missing:
        return "lacks " + ", ".join(repr(k) for k in missing)
    props = schema.get("properties") or {}
    for key in schema.get("required") or []:
        if props.get(key, {}).get("type") == "boolean" and not isinstance(value[key], bool):
            return f"has no boolean {key!r}"
    return None


def json_object(text: Any) -> dict[str, Any]:
    """The JSON object a reply's text holds (a ```json fence allowed), else `ValueError`
    saying why."""
    if not isinstance(text, str):
        text = "".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in text or [])
    stripped = text.strip()
    fenced = _FENCE.match(stripped)
    if fenced:
        stripped = fenced.group(1)
    start, end = stripped.find("{"), stripped.rfind("}")
    if start < 0 or end < start:
        raise ValueError("the reply holds no JSON object")
    try:
        value = json.loads(stripped[start : end + 1])
    except json.JSONDecodeError as exc:
        raise ValueError(f"the reply is not valid JSON ({exc.msg} at character {exc.pos})") from None
    if not isinstance(value, dict):
        raise ValueError("the reply's JSON is not an object")
    return value


def _with_instruction(messages: list[Any], schema: dict[str, Any]) -> list[Any]:
    """`messages` with the schema instruction added to the last human message."""
    out = list(messages)
    for i in range(len(out) - 1, -1, -1):
        if isinstance(out[i], HumanMessage) and isinstance(out[i].content, str):
            out[i] = HumanMessage(content=out[i].content + schema_instruction(schema))
            return out
    return [*out, HumanMessage(content=schema_instruction(schema).strip())]


def response_format(schema: dict[str, Any]) -> dict[str, Any]:
    """The OpenAI `json_schema` response format for a schema."""
    body = {k: v for k, v in schema.items() if k not in ("title", "description")}
    return {
        "type": "json_schema",
        "json_schema": {
            "name": schema["title"],
            "description": schema.get("description", ""),
            "schema": body,
            "strict": False,
        },
    }


async def ask_object(
    model: Any,
    messages: list[Any],
    schema: dict[str, Any],
    method: StructuredOutput,
    *,
    temperature: float,
    config: dict[str, Any],
    as_tool: Callable[[dict[str, Any]], dict[str, Any]],
    on_invalid: Callable[[str], Exception],
    count: Callable[[], None],
) -> dict[str, Any]:
    """One structured answer by `method`: the object the model gave (not yet validated
    against `schema`), or `on_invalid(reason)` when it gave none. `count` is called per
    model call."""
    if method == "tool":
        bound = model.bind_tools([as_tool(schema)], tool_choice="any").bind(temperature=temperature)
        count()
        reply = await bound.ainvoke(messages, config=config)
        tool_calls = getattr(reply, "tool_calls", None) or []
        if not tool_calls or not isinstance(tool_calls[0].get("args"), dict):
            raise on_invalid(f"the grader answered without calling {schema['title']}")
        return tool_calls[0]["args"]
    if method == "json_schema":
        bound = model.bind(response_format=response_format(schema), temperature=temperature)
        count()
        reply = await bound.ainvoke(messages, config=config)
        try:
            return json_object(reply.content)
        except ValueError as exc:
            raise on_invalid(f"the grader's {schema['title']}: {exc}") from None
    bound = model.bind(response_format={"type": "json_object"}, temperature=temperature)
    asked = _with_instruction(messages, schema)
    for attempt in (1, 2):
        count()
        reply = await bound.ainvoke(asked, config=config)
        try:
            value = json_object(reply.content)
            missing = missing_keys(value, schema)
            if missing:
                raise ValueError(f"the JSON object lacks {', '.join(missing)}")
            return value
        except ValueError as exc:
            if attempt == 2:
                raise on_invalid(f"the grader's {schema['title']}: {exc}") from None
            asked = [
                *asked,
                AIMessage(content=str(reply.content)[:2_000]),
                HumanMessage(content=f"That was not usable: {exc}. Reply with the JSON object only."),
            ]
    raise AssertionError("unreachable: the loop returns or raises")


def json_mode_prompt(system_prompt: str, schema: dict[str, Any]) -> str:
    """A whole-verdict grader's system prompt in `json_mode`: its final answer is the
    verdict as JSON text (its evidence tools, if any, are called as usual before)."""
    return system_prompt + schema_instruction(schema)


# A structured question, by the model's method ---------------------------------------------

Ask = Callable[[list[Any], dict[str, Any], float], Awaitable[dict[str, Any]]]
"""One structured model call: (messages, JSON schema, temperature) -> the schema's object."""


def as_tool(schema: dict[str, Any]) -> dict[str, Any]:
    """A JSON schema as the one tool a structured model call must call."""
    parameters = {k: v for k, v in schema.items() if k not in ("title", "description")}
    return {
        "type": "function",
        "function": {"name": schema["title"], "description": schema.get("description", ""), "parameters": parameters},
    }


def structured_asker(
    model: Any,
    config: dict[str, Any],
    calls: list[int],
    on_invalid: Callable[[str], Exception],
    method: StructuredOutput = "tool",
) -> Ask:
    """`Ask` on a LangChain chat model, by the model's structured-output `method`
    (`ask_object`; `tool`: the schema bound as the one tool it must call, a grammar for
    `local:` models), the temperature passed per call. Counts each call in `calls[0]`; an
    answer without the object, or whose object lacks a required field or gives a required
    boolean as anything else, is `on_invalid(reason)`."""

    def count() -> None:
        calls[0] += 1

    async def ask(messages: list[Any], schema: dict[str, Any], temperature: float) -> dict[str, Any]:
        args = await ask_object(
            model,
            messages,
            schema,
            method,
            temperature=temperature,
            config=config,
            as_tool=as_tool,
            on_invalid=on_invalid,
            count=count,
        )
        problem = shape_problem(args, schema)
        if problem:
            raise on_invalid(f"the grader's {schema['title']} {problem}")
        return args

    return ask


def invalid_output(exc: Exception, model: str) -> ApplicationError:
    """Invalid structured output is retryable: the next sample may validate."""
    return ApplicationError(
        f"grader output did not validate (model {model!r}): {exc}",
        FailureDetails(exception_type=type(exc).__name__, model=model),
        type=errors.GRADER_OUTPUT_INVALID,
    )

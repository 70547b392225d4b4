"""Tool calling for `local:` models, through the model's own chat template.

The tools go into the prompt the way the model was trained on them: llama-cpp-python
renders the GGUF's chat template with `tools` (Qwen2.5's lists them in `<tools>` and asks
for `<tool_call>{"name": ..., "arguments": {...}}</tool_call>` blocks, as many as it wants:
parallel calls). The reply's text is parsed here into LangChain tool calls with fresh ids.

- Free choice (`auto`, the agent's case): a call is taken from each `<tool_call>` block
  (a reply that is nothing but one bare call object counts too); the text around them is
  the reply's content. A block that is not JSON, names no known tool, or whose arguments
  do not validate against the tool's schema is a `ModelOutputError`: retryable, the next
  sample may parse.
- Required (`any`, `required`, or one named tool): a grammar from the tools' JSON schemas
  constrains the output, so the call is well-formed JSON with a known name and arguments
  of that tool's schema (one named tool: its arguments' own grammar).
"""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rubricflow.activities.model_errors import ModelOutputError

_BLOCK = re.compile(r"<tool_call>\s*(.*?)\s*(?:</tool_call>|$)", re.DOTALL)
_FENCE = re.compile(r"^```(?:json)?\s*(.*?)\s*```$", re.DOTALL)
MAX_SHOWN = 200
"""Characters of a malformed call quoted in its error."""


@dataclass(frozen=True)
class ToolSpec:
    """What a local model was bound with: the OpenAI-format tools (for the template),
    and the tools a reply must call (all of them when a call is required; None when the
    model chooses freely)."""

    tools: tuple[dict[str, Any], ...]
    required: tuple[str, ...] | None = None

    def schemas(self) -> dict[str, dict[str, Any]]:
        return {t["function"]["name"]: t["function"].get("parameters") or {} for t in self.tools}


def tool_spec(tools: Sequence[Any], tool_choice: Any) -> ToolSpec:
    """The spec of `bind_tools(tools, tool_choice=...)`."""
    from langchain_core.utils.function_calling import convert_to_openai_tool

    formatted = tuple(convert_to_openai_tool(t) for t in tools)
    names = tuple(t["function"]["name"] for t in formatted)
    if tool_choice in (None, "auto", "none", False) or not formatted:
        return ToolSpec(formatted)
    if tool_choice in ("any", "required", True):
        return ToolSpec(formatted, names)
    if isinstance(tool_choice, dict):
        tool_choice = (tool_choice.get("function") or {}).get("name")
    if isinstance(tool_choice, str) and tool_choice in names:
        return ToolSpec(formatted, (tool_choice,))
    raise ValueError(f"tool_choice {tool_choice!r} names none of the bound tools ({', '.join(names)})")


def call_schema(spec: ToolSpec) -> dict[str, Any]:
    """The JSON schema of one required call: the named tool's arguments when one tool is
    required, else `{"name": <tool>, "arguments": <its arguments>}` for any of them."""
    assert spec.required
    schemas = spec.schemas()
    if len(spec.required) == 1:
        return schemas[spec.required[0]]
    defs: dict[str, Any] = {}
    shapes = []
    for name in spec.required:
        params = dict(schemas[name])
        defs.update(params.pop("$defs", {}) or {})
        shapes.append(
            {
                "type": "object",
                "properties": {"name": {"const": name}, "arguments": params},
                "required": ["name", "arguments"],
                "additionalProperties": False,
            }
        )
    schema: dict[str, Any] = {"oneOf": shapes}
    if defs:
        schema["$defs"] = defs
    return schema


def grammar(spec: ToolSpec) -> Any:
    """The llama.cpp grammar of one required call (`call_schema`)."""
    from llama_cpp import LlamaGrammar

    return LlamaGrammar.from_json_schema(json.dumps(call_schema(spec)), verbose=False)


def new_call_id() -> str:
    return f"call_{uuid.uuid4().hex[:16]}"


def parse_reply(text: str, spec: ToolSpec) -> tuple[str, list[dict[str, Any]]]:
    """(content, tool calls) of a reply's text; `ModelOutputError` for a malformed call."""
    schemas = spec.schemas()
    if spec.required:
        raw = _loads(text)
        if len(spec.required) == 1:
            raw = {"name": spec.required[0], "arguments": raw}
        return "", [_call(raw, schemas)]
    blocks = _BLOCK.findall(text)
    if blocks:
        content = _BLOCK.sub("", text).strip()
        return content, [_call(_loads(block), schemas) for block in blocks]
    bare = _bare_call(text, schemas)
    if bare is not None:
        return "", [_call(bare, schemas)]
    return text, []


def _bare_call(text: str, schemas: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """A reply that is nothing but one call object (small models drop the tags)."""
    stripped = text.strip()
    fenced = _FENCE.match(stripped)
    stripped = fenced.group(1) if fenced else stripped
    if not (stripped.startswith("{") and stripped.endswith("}")):
        return None
    try:
        value = json.loads(stripped, strict=False)
    except json.JSONDecodeError:
        return None
    if isinstance(value, dict) and value.get("name") in schemas and "arguments" in value:
        return value
    return None


def _loads(text: str) -> Any:
    """JSON, control characters allowed inside strings (a model writes a file's tabs and
    newlines raw; the grammar lets them through)."""
    try:
        return json.loads(text, strict=False)
    except json.JSONDecodeError as exc:
        raise ModelOutputError(
            f"the model's tool call is not JSON ({exc.msg} at character {exc.pos}): {text[:MAX_SHOWN]!r}"
        ) from None


def _call(raw: Any, schemas: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """One LangChain tool call from a parsed call object, its arguments validated."""
    if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
        raise ModelOutputError(f"the model's tool call names no tool: {json.dumps(raw)[:MAX_SHOWN]}")
    name = raw["name"]
    if name not in schemas:
        raise ModelOutputError(f"the model called {name!r}, which is not one of its tools ({', '.join(schemas)})")
    args = raw.get("arguments", raw.get("parameters", {}))
    if isinstance(args, str):
        args = _loads(args)
    if not isinstance(args, dict):
        raise ModelOutputError(f"the model's call of {name!r} has arguments that are not an object")
    problem = schema_problem(args, schemas[name])
    if problem:
        raise ModelOutputError(f"the model's call of {name!r} has invalid arguments: {problem}")
    return {"name": name, "args": args, "id": new_call_id(), "type": "tool_call"}


def schema_problem(args: dict[str, Any], schema: dict[str, Any]) -> str | None:
    """Why `args` do not validate against `schema` (the first error), or None."""
    import jsonschema

    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(schema).iter_errors(args))
    if error is None:
        return None
    where = "/".join(str(p) for p in error.absolute_path)
    return f"{where + ': ' if where else ''}{error.message}"[:MAX_SHOWN]


def template_messages(dicts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """OpenAI-format messages as a chat template renders them: content as text (templates
    concatenate it; content blocks are joined), a call's arguments as an object (templates
    write them with `tojson`; a JSON string would be quoted twice)."""
    out = []
    for message in dicts:
        content = message.get("content")
        if isinstance(content, list):
            text = "\n\n".join(b if isinstance(b, str) else str(b.get("text", "")) for b in content)
            message = {**message, "content": text}
        elif content is None:
            message = {**message, "content": ""}
        calls = message.get("tool_calls")
        if calls:
            fixed = []
            for call in calls:
                function = dict(call.get("function") or {})
                if isinstance(function.get("arguments"), str):
                    try:
                        function["arguments"] = json.loads(function["arguments"])
                    except json.JSONDecodeError:
                        pass
                fixed.append({**call, "function": function})
            message = {**message, "tool_calls": fixed}
        out.append(message)
    return out

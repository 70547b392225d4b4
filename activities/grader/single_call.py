"""Graders without tools, asked by tool calling, as one model call instead of a graph.

`create_agent(model, tools=[], response_format=ToolStrategy(schema, handle_errors=False))`
makes exactly one model call (bound to the schema's tool, `tool_choice="any"`) and parses
the call it answers with: its graph adds nothing but per-step overhead (about 1.5 ms of
CPU per grader pass, measured by `python -m benchmarks.profile`). `SingleCallGrader`
makes that call and that parse with LangChain's own binding and errors, and returns the
state the graph would: the messages (the reply and the "Returning structured response"
tool message) and `structured_response`.
"""

from __future__ import annotations

from typing import Any

from langchain.agents.structured_output import (
    MultipleStructuredOutputsError,
    OutputToolBinding,
    StructuredOutputValidationError,
    ToolStrategy,
)
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, SystemMessage, ToolMessage


class SingleCallGrader:
    """`ainvoke({"messages": [...]}, config)` -> `{"messages": [...], "structured_response": ...}`."""

    def __init__(self, model: BaseChatModel, schema: Any, system_prompt: str | None) -> None:
        strategy = ToolStrategy(schema, handle_errors=False)
        self._tool_message_content = strategy.tool_message_content
        self._bindings = {
            b.tool.name: b for b in (OutputToolBinding.from_schema_spec(spec) for spec in strategy.schema_specs)
        }
        self._model = model.bind_tools([b.tool for b in self._bindings.values()], tool_choice="any")
        self._system = SystemMessage(system_prompt) if system_prompt else None

    async def ainvoke(self, input: dict[str, Any], config: Any = None) -> dict[str, Any]:
        messages: list[BaseMessage] = list(input["messages"])
        prompt = [self._system, *messages] if self._system is not None else messages
        reply = await self._model.ainvoke(prompt, config=config)
        calls = [c for c in reply.tool_calls if c["name"] in self._bindings] if isinstance(reply, AIMessage) else []
        if len(calls) > 1:
            raise MultipleStructuredOutputsError([c["name"] for c in calls], reply)
        if not calls:
            return {"messages": [*messages, reply]}
        call = calls[0]
        try:
            parsed = self._bindings[call["name"]].parse(call["args"])
        except Exception as exc:
            raise StructuredOutputValidationError(call["name"], exc, reply) from exc
        content = self._tool_message_content or f"Returning structured response: {parsed}"
        return {
            "messages": [*messages, reply, ToolMessage(content=content, tool_call_id=call["id"], name=call["name"])],
            "structured_response": parsed,
        }

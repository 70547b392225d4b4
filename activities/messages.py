"""Conversion between our transcript `Message`s and LangChain messages.

LangChain objects never leave an activity: what crosses into workflow state is our
own small type, with non-text blocks kept by their type only. Text that cannot be
encoded (a lone surrogate such as `"\\ud800"` in a model's reply) is cleaned here, at the
boundary, to U+FFFD: it would otherwise fail the payload's encoding on every retry.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)

from rubricflow.workflows.types import GRADER_SOURCE, Message, ToolCall


def to_langchain(message: Message) -> BaseMessage:
    if message.role == "user":
        extra = {"lc_source": GRADER_SOURCE} if message.source == "grader" else {}
        return HumanMessage(
            content=message.content,
            name=GRADER_SOURCE if message.source == "grader" else None,
            additional_kwargs=extra,
        )
    if message.role == "assistant":
        return AIMessage(
            content=message.content,
            tool_calls=[{"name": c.name, "args": c.args, "id": c.id, "type": "tool_call"} for c in message.tool_calls],
        )
    if message.role == "tool":
        return ToolMessage(
            content=message.content,
            name=message.name,
            tool_call_id=message.tool_call_id or "",
        )
    return SystemMessage(content=message.content)


def clean_text(text: str) -> str:
    """`text` as valid Unicode: surrogate pairs joined, lone surrogates replaced by U+FFFD."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


def _clean(value: Any) -> Any:
    """`clean_text` through the strings, lists and dicts of tool-call arguments."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, list):
        return [_clean(v) for v in value]
    if isinstance(value, dict):
        return {_clean(k): _clean(v) for k, v in value.items()}
    return value


def from_langchain(message: BaseMessage) -> Message:
    text, blocks = _split_content(message.content)
    text = clean_text(text)
    if isinstance(message, AIMessage):
        calls = [
            ToolCall(
                id=clean_text(c.get("id") or f"call_{i}"),
                name=clean_text(c["name"]),
                args=_clean(dict(c.get("args") or {})),
            )
            for i, c in enumerate(message.tool_calls)
        ]
        return Message(role="assistant", content=text, tool_calls=calls, blocks=blocks)
    if isinstance(message, ToolMessage):
        return Message(
            role="tool",
            content=text,
            name=clean_text(message.name) if message.name else message.name,
            tool_call_id=clean_text(message.tool_call_id),
            blocks=blocks,
        )
    if isinstance(message, HumanMessage):
        grader = message.additional_kwargs.get("lc_source") == GRADER_SOURCE
        return Message(
            role="user",
            content=text,
            blocks=blocks,
            source="grader" if grader else "user",
        )
    return Message(role="system", content=text, blocks=blocks)


def _split_content(content: Any) -> tuple[str, list[str]]:
    """Text parts joined; any other block kept as its type only (never its bytes)."""
    if isinstance(content, str):
        return content, []
    texts: list[str] = []
    blocks: list[str] = []
    for part in content or []:
        if isinstance(part, str):
            texts.append(part)
        elif isinstance(part, dict) and part.get("type") == "text":
            texts.append(str(part.get("text", "")))
        elif isinstance(part, dict):
            blocks.append(str(part.get("type") or "block"))
        else:
            blocks.append(type(part).__name__)
    return "\n".join(texts), blocks

"""The `deep` agent sized for a small local model.

deepagents' full prompt (planning, subagents, eight file tools, their long descriptions)
is some 6,000 tokens: on a 0.5B model on a CPU that is over a minute of prompt per call,
and the model loses the task in it. A `local:` model gets instead the thread's virtual
filesystem with four tools (`ls`, `read_file`, `write_file`, `edit_file`) described in a
line each, and a turn of a fixed shape:

1. the first model call of a turn must call `write_file` (a grammar makes the call
   well-formed: a path and the file's whole content), so the work lands in a file;
2. once a write has succeeded in the turn, the model answers in text, without tools.

A revision turn shows the model the thread as it is now, not as it went (`small_view`):
the people's messages, the files as they are, then the latest feedback. Earlier turns'
calls and answers and earlier feedback are left out: a 0.5B model copies them, and with
each pass the prompt it loops on grows.

The files, their limits (`FileLimitMiddleware`) and the clipped tool output are the deep
agent's own.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from langchain.agents import create_agent
from langchain.agents.middleware import AgentMiddleware
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage
from langchain_core.tools import BaseTool

from rubricflow.workflows.run_settings import GRADER_SOURCE

SMALL_FS_PROMPT = (
    "You have a virtual filesystem. write_file(file_path, content) writes a whole file; "
    "edit_file changes part of one; read_file and ls show what is there."
)
SMALL_TOOL_DESCRIPTIONS = {
    "ls": "List the files.",
    "read_file": "Read a file.",
    "write_file": "Write a whole file: file_path (absolute, e.g. /solution.py) and its complete content.",
    "edit_file": "Replace old_string with new_string in a file.",
}
WRITE_TOOL = "write_file"
MAX_SHOWN_FILE = 6000
"""Characters of one file a revision turn shows (the small model's files are short)."""


def uses_small_agent(model: BaseChatModel) -> bool:
    """Whether `model` gets the small deep agent (local models say so)."""
    return bool(getattr(model, "small_agent", False))


def small_deep_agent(
    model: BaseChatModel, tools: Sequence[BaseTool], system_prompt: str | None, middleware: Sequence[AgentMiddleware]
) -> Any:
    from deepagents.middleware.filesystem import FilesystemMiddleware

    filesystem = FilesystemMiddleware(
        tools=["ls", "read_file", "write_file", "edit_file"],
        system_prompt=SMALL_FS_PROMPT,
        custom_tool_descriptions=SMALL_TOOL_DESCRIPTIONS,
    )
    return create_agent(
        model,
        tools=list(tools),
        system_prompt=system_prompt,
        middleware=[filesystem, WriteThenAnswerMiddleware(), *middleware],
    )


class WriteThenAnswerMiddleware(AgentMiddleware):
    """The turn's shape for a small model: its first call writes a file, and once a write
    has succeeded it answers without tools. A file it writes as one Markdown code block
    is written as the code inside (`unfenced`)."""

    def wrap_model_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        return unfence_writes(handler(shaped(request)))

    async def awrap_model_call(self, request: Any, handler: Callable[[Any], Awaitable[Any]]) -> Any:
        return unfence_writes(await handler(shaped(request)))


_FENCED = re.compile(r"\A\s*```[\w+.-]*[ \t]*\n(.*?)\n?```[\s}]*\Z", re.DOTALL)
_PROSE_FILES = (".md", ".markdown", ".rst", ".txt")


def unfenced(path: str, content: str) -> str:
    """`content` of a file at `path` that a small model wrapped in one Markdown code block
    (its chat habit, even inside a tool call): the code inside. A prose file, or content
    that is not one whole block, is kept as written."""
    if path.lower().endswith(_PROSE_FILES):
        return content
    match = _FENCED.match(content)
    return match.group(1).rstrip("\n") + "\n" if match else content


def unfence_writes(response: Any) -> Any:
    """`response` with the content of each `write_file` call `unfenced`."""
    messages = response.result if hasattr(response, "result") else [response]
    for message in messages:
        for call in getattr(message, "tool_calls", None) or []:
            args = call.get("args") or {}
            if call.get("name") == WRITE_TOOL and isinstance(args.get("content"), str):
                args["content"] = unfenced(str(args.get("file_path", "")), args["content"])
    return response


def shaped(request: Any) -> Any:
    """`request` with the messages a small model is shown and the tool choice of its
    place in the turn."""
    request = request.override(messages=small_view(request.messages, (request.state or {}).get("files") or {}))
    since = _since_last_request(request.messages)
    names = [getattr(t, "name", None) or (t.get("name") if isinstance(t, dict) else None) for t in request.tools]
    wrote = any(
        isinstance(m, ToolMessage) and m.name in (WRITE_TOOL, "edit_file") and m.status != "error" for m in since
    )
    if wrote:
        return request.override(tools=[], tool_choice=None)
    if not any(isinstance(m, ToolMessage) for m in since) and WRITE_TOOL in names:
        return request.override(tool_choice={"type": "function", "function": {"name": WRITE_TOOL}})
    return request


def _since_last_request(messages: list[Any]) -> list[Any]:
    """The messages after the last human message: this turn's work so far."""
    for index in range(len(messages) - 1, -1, -1):
        if isinstance(messages[index], HumanMessage):
            return messages[index + 1 :]
    return list(messages)


def small_view(messages: list[BaseMessage], files: dict[str, Any]) -> list[BaseMessage]:
    """The thread as a small model is shown it in a turn: the people's messages (system
    and user, not the grader's), the files as they are now, then the turn's request (the
    last user message, the grader's feedback in a revision) and the turn's work so far.
    A first turn, with nothing before its request but people's messages, is unchanged."""
    last = next((i for i in range(len(messages) - 1, -1, -1) if isinstance(messages[i], HumanMessage)), None)
    if last is None:
        return list(messages)
    people = [m for m in messages[:last] if isinstance(m, SystemMessage | HumanMessage) and not _from_grader(m)]
    if len(people) == last:
        return list(messages)
    shown = [_files_note(files)] if files else []
    return [*people, *shown, *messages[last:]]


def _from_grader(message: BaseMessage) -> bool:
    return message.name == GRADER_SOURCE or message.additional_kwargs.get("lc_source") == GRADER_SOURCE


def _files_note(files: dict[str, Any]) -> AIMessage:
    """The agent's files as it would say them: each path and its content."""
    parts = ["My files now:"]
    for path, data in sorted(files.items()):
        content = data.get("content", "") if isinstance(data, dict) else getattr(data, "content", "")
        if isinstance(content, list):
            content = "\n".join(content)
        clipped = content[:MAX_SHOWN_FILE] + ("\n... (clipped)" if len(content) > MAX_SHOWN_FILE else "")
        parts.append(f"{path}:\n{clipped}")
    return AIMessage(content="\n\n".join(parts))

"""Agents by name: an agent is code, so it lives with the worker; a run only names it.

An entry is a factory `(model, tools, system_prompt) -> runnable`: a LangGraph runnable
that takes `{"messages": [...]}` (plus `files` and `todos`, which a graph without those
keys ignores) and returns its state with the messages it added. Built in:

- `default`: LangChain's `create_agent` (the agent rubricflow always ran); with no tools,
  where that graph's loop is exactly one model call, the call itself (`SingleCallAgent`).
- `deep`: deepagents' `create_deep_agent` with the run's model, tools and system prompt,
  planning (`write_todos`), subagents (`task`) and a virtual filesystem (`ls`,
  `read_file`, `write_file`, `edit_file`, `glob`, `grep`) whose files are the thread's
  (`rubricflow.workflows.files`): a write past the thread's limits is refused to the
  agent with the reason, so it can adapt.

Both built-ins cut a tool's output past `sizes.MAX_TEXT_BYTES` with a visible mark before
the agent sees it (`ToolOutputLimitMiddleware`).

Installed packages add agents under the `rubricflow.agents` entry-point group (the entry
point's name is the agent's name, its object the factory).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Sequence
from importlib.metadata import entry_points
from typing import Any

from langchain.agents import create_agent
from langchain.agents.middleware import AgentMiddleware, TodoListMiddleware
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import BaseMessage, SystemMessage, ToolMessage
from langchain_core.tools import BaseTool

from rubricflow.activities.registries import AGENTS_ENTRY_POINT_GROUP
from rubricflow.workflows.files import AgentFile, file_path, path_problem, totals_problem
from rubricflow.workflows.sizes import MAX_TEXT_BYTES, MAX_TODOS_BYTES, clip, encoded_size

AgentFactory = Callable[[BaseChatModel, Sequence[BaseTool], "str | None"], Any]


class UnknownAgentError(LookupError):
    """A run named an agent that this worker's registry does not hold."""


class AgentRegistry:
    """Maps names to agent factories. Register with `add` or `@registry.agent("name")`."""

    def __init__(self, agents: dict[str, AgentFactory] | None = None) -> None:
        self._agents: dict[str, AgentFactory] = {}
        for name, factory in (agents or {}).items():
            self.add(name, factory)

    def add(self, name: str, factory: AgentFactory) -> None:
        if name in self._agents:
            raise ValueError(f"an agent named {name!r} is already registered")
        self._agents[name] = factory

    def agent(self, name: str) -> Callable[[AgentFactory], AgentFactory]:
        """Decorator: `@registry.agent("mine")` registers a factory."""

        def register(factory: AgentFactory) -> AgentFactory:
            self.add(name, factory)
            return factory

        return register

    def names(self) -> list[str]:
        return sorted(self._agents)

    def resolve(self, name: str) -> AgentFactory:
        if name not in self._agents:
            raise UnknownAgentError(
                f"unknown agent {name!r}; this worker has: {', '.join(self.names()) or '(none registered)'}"
            )
        return self._agents[name]


class SingleCallAgent:
    """An agent without tools: `create_agent`'s graph would call the model once (system
    prompt first) and stop, so this makes that call, without the graph's per-step
    machinery. The same interface: `ainvoke({"messages": [...]}, config)` returns the
    state, the messages it was given followed by the reply."""

    def __init__(self, model: BaseChatModel, system_prompt: str | None) -> None:
        self.model = model
        self.system_prompt = system_prompt

    async def ainvoke(self, input: dict[str, Any], config: Any = None) -> dict[str, list[BaseMessage]]:
        messages = list(input["messages"])
        prompt = [SystemMessage(self.system_prompt), *messages] if self.system_prompt else messages
        reply = await self.model.ainvoke(prompt, config=config)
        return {"messages": [*messages, reply]}


def default_agent(model: BaseChatModel, tools: Sequence[BaseTool], system_prompt: str | None) -> Any:
    if not tools:
        return SingleCallAgent(model, system_prompt)
    return create_agent(model, tools=list(tools), system_prompt=system_prompt, middleware=[ToolOutputLimitMiddleware()])


class ToolOutputLimitMiddleware(AgentMiddleware):
    """Cuts a tool's output past `sizes.MAX_TEXT_BYTES`, with the mark, before the agent sees
    it. Placed innermost, it acts before any middleware around it (deepagents moves large
    tool results into files, which would then pass the thread's file limits)."""

    async def awrap_tool_call(self, request: Any, handler: Callable[[Any], Awaitable[Any]]) -> Any:
        return _clipped(await handler(request))

    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        return _clipped(handler(request))


def _clipped(result: Any) -> Any:
    """A tool call's result (a `ToolMessage`, or a `Command` whose update carries some) with
    its text outputs clipped."""
    if isinstance(result, ToolMessage):
        return _clip_output(result)
    update = getattr(result, "update", None)
    if dataclasses.is_dataclass(result) and isinstance(update, dict) and isinstance(update.get("messages"), list):
        messages = [_clip_output(m) if isinstance(m, ToolMessage) else m for m in update["messages"]]
        return dataclasses.replace(result, update={**update, "messages": messages})
    return result


def _clip_output(message: ToolMessage) -> ToolMessage:
    if not isinstance(message.content, str):
        return message
    content = clip(message.content, MAX_TEXT_BYTES)
    return message if content is message.content else message.model_copy(update={"content": content})


class FileLimitMiddleware(AgentMiddleware):
    """Refuses a `write_file` or `edit_file` that would take the thread's files past
    their limits, and a `write_todos` past `sizes.MAX_TODOS_BYTES`; the agent gets the
    reason as the tool's error.

    The calls of one reply run side by side, each seeing the files as they were before
    the reply: a call is judged with the writes of the same reply that come before it
    (and were not refused themselves) already applied, so that a reply of many writes
    is cut at the limit, in order, rather than ending past it."""

    async def awrap_tool_call(self, request: Any, handler: Callable[[Any], Awaitable[Any]]) -> Any:
        return _refusal(request) or await handler(request)

    def wrap_tool_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        return _refusal(request) or handler(request)


def _refusal(request: Any) -> ToolMessage | None:
    """The tool's error for a write past the limits; None lets the call through."""
    problem = _write_problem(request)
    if problem is None:
        return None
    return ToolMessage(
        content=f"Error: write refused: {problem}",
        tool_call_id=request.tool_call["id"],
        name=request.tool_call["name"],
        status="error",
    )


def _write_problem(request: Any) -> str | None:
    name, args = request.tool_call["name"], request.tool_call.get("args") or {}
    if name == "write_todos":
        size = encoded_size(args.get("todos"))
        if size > MAX_TODOS_BYTES:
            return (
                f"the todo list would be {size} bytes; at most {MAX_TODOS_BYTES} are allowed: keep fewer, shorter todos"
            )
        return None
    state = request.state if isinstance(request.state, dict) else {}
    files = {file_path(p): AgentFile.model_validate(f) for p, f in (state.get("files") or {}).items()}
    own = _written(request.tool_call, files)
    if own is None:
        return None
    long = path_problem(own[0])
    if long is not None:
        return long
    count, total = len(files), sum(f.size for f in files.values())
    for call in _earlier_calls(state, request.tool_call):
        change = _written(call, files)
        if change is None or path_problem(change[0]) is not None:
            continue
        path, data = change
        after = _totals(files, path, data, count, total)
        if totals_problem(*after) is None:  # a sibling refused itself changes nothing
            files[path] = data
            count, total = after
    return totals_problem(*_totals(files, *own, count, total))


def _written(call: Any, files: dict[str, AgentFile]) -> tuple[str, AgentFile] | None:
    """The file a `write_file` or `edit_file` call would leave, or None for any other
    call (and for an edit the tool itself will refuse: no such file, bad arguments)."""
    name, args = call.get("name"), call.get("args") or {}
    if name not in ("write_file", "edit_file") or not isinstance(args.get("file_path"), str):
        return None
    path = file_path(args["file_path"])
    if name == "write_file":
        return path, AgentFile(content=str(args.get("content", "")))
    old = files.get(path)
    if old is None or not isinstance(args.get("old_string"), str):
        return None
    count = -1 if args.get("replace_all") else 1
    return path, AgentFile(content=old.content.replace(args["old_string"], str(args.get("new_string", "")), count))


def _totals(files: dict[str, AgentFile], path: str, data: AgentFile, count: int, total: int) -> tuple[int, int]:
    """File count and bytes once `path` holds `data`."""
    old = files.get(path)
    return count + (old is None), total - (old.size if old is not None else 0) + data.size


def _earlier_calls(state: dict[str, Any], call: Any) -> list[Any]:
    """The tool calls of the same reply that come before `call`, in order."""
    for message in reversed(state.get("messages") or []):
        calls = getattr(message, "tool_calls", None) or []
        ids = [c.get("id") for c in calls]
        if call.get("id") in ids:
            return list(calls[: ids.index(call.get("id"))])
    return []


def deep_agent(model: BaseChatModel, tools: Sequence[BaseTool], system_prompt: str | None) -> Any:
    """deepagents' agent; a small local model gets the one sized for it (`small_agent`)."""
    from deepagents import create_deep_agent

    from rubricflow.activities.small_agent import small_deep_agent, uses_small_agent

    if uses_small_agent(model):
        return small_deep_agent(model, tools, system_prompt, [FileLimitMiddleware(), ToolOutputLimitMiddleware()])
    return create_deep_agent(
        model=model,
        tools=list(tools),
        system_prompt=system_prompt,
        middleware=[TodoListMiddleware(), FileLimitMiddleware(), ToolOutputLimitMiddleware()],
    )


def builtin_agents() -> dict[str, AgentFactory]:
    return {"default": default_agent, "deep": deep_agent}


def default_agents() -> AgentRegistry:
    """Built-in agents plus those of the `rubricflow.agents` entry points."""
    registry = AgentRegistry(builtin_agents())
    for entry in entry_points(group=AGENTS_ENTRY_POINT_GROUP):
        registry.add(entry.name, entry.load())
    return registry

"""`scripted:PATH` models: a real `BaseChatModel` that serves the replies of a JSON file,
for tests and offline demos, with provider errors and delays on demand."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import fcntl
import functools
import hashlib
import json
import os
import stat
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import httpx
from langchain_core.callbacks import (
    AsyncCallbackManagerForLLMRun,
    CallbackManagerForLLMRun,
)
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from rubricflow.activities.config import default_script_state_dir
from rubricflow.activities.model_errors import ModelConfigError

current_thread_id: contextvars.ContextVar[str] = contextvars.ContextVar("rubricflow_thread_id", default="default")
"""Set by the activities around a model call; scripted models keep one cursor per
thread so that concurrent runs on one worker do not consume each other's script."""


class ScriptedError(BaseModel):
    model_config = ConfigDict(extra="forbid")
    status: int = Field(ge=100, le=599)
    message: str = "scripted provider error"
    retry_after_s: float | None = Field(default=None, ge=0)


class ScriptedToolCall(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str = Field(min_length=1)
    args: dict[str, Any] = Field(default_factory=dict)


class ScriptedUsage(BaseModel):
    """Tokens a scripted reply declares, reported as a provider would (`usage_metadata`)."""

    model_config = ConfigDict(extra="forbid")
    input_tokens: int = Field(ge=0)
    output_tokens: int = Field(ge=0)


class ScriptedResponse(BaseModel):
    """One scripted reply: text, tool calls, a structured object, an error, a delay,
    and optionally the tokens it reports."""

    model_config = ConfigDict(extra="forbid")
    content: str = ""
    tool_calls: list[ScriptedToolCall] = Field(default_factory=list)
    structured: dict[str, Any] | None = None
    error: ScriptedError | None = None
    delay_s: float = Field(default=0.0, ge=0, le=3600)
    usage: ScriptedUsage | None = None


class Script(BaseModel):
    model_config = ConfigDict(extra="forbid")
    responses: list[ScriptedResponse] = Field(min_length=1)
    deterministic: bool = False
    """False (default): a reply is consumed when a call takes it, so a call cut off by
    a crash loses its reply and the retry gets the next one, as with a sampling
    provider. True: a reply is consumed only once it is delivered, so a retried call
    gets the same reply, as from a deterministic model; crash tests compare such runs
    with uninterrupted ones."""
    record_to: str | None = None
    """A JSON-lines file; each call appends the messages the model was shown."""
    temperature: float | None = Field(default=None, ge=0, le=2)
    """The temperature the script stands in for: 0 declares a model that answers the same
    input the same way, which the grader cache may then answer for (a call it serves never
    reaches the script); None: a sampling model, never cached."""

    @field_validator("responses", mode="before")
    @classmethod
    def _strings_are_text(cls, value: Any) -> Any:
        if isinstance(value, list):
            return [{"content": item} if isinstance(item, str) else item for item in value]
        return value


SCRIPT_FORMAT = (
    '{"responses": [<string> | {"content", "tool_calls", "structured", "error", "delay_s", "usage"}, ...], '
    '"deterministic": <bool>, "record_to": <path>, "temperature": <number>} (the last three optional; '
    "see activities/scripted.py)"
)


def load_script(path: str | Path) -> Script:
    """Read and check a scripted-model file, with an error that says what to fix.

    The errors name the file, a field path and the kind of problem, never the file's
    contents (no values, no unknown keys): a model string comes from a client, and the
    worker's files are not the client's to read."""
    file = Path(path)
    try:
        raw = json.loads(_read_bounded(file).decode("utf-8"))
    except FileNotFoundError as exc:
        raise ModelConfigError(f"scripted model file not found: {file}") from exc
    except UnicodeDecodeError as exc:
        raise ModelConfigError(f"scripted model file {file} is not UTF-8 text") from exc
    except OSError as exc:
        raise ModelConfigError(f"cannot read scripted model file {file}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise ModelConfigError(f"scripted model file {file} is not JSON: {exc.msg} at line {exc.lineno}") from exc
    try:
        return Script.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(_problem(err) for err in exc.errors(include_input=False, include_url=False))
        raise ModelConfigError(f"not a valid script file: {file} ({problems}); expected {SCRIPT_FORMAT}") from None


MAX_SCRIPT_BYTES = 64 * 1024 * 1024
"""The largest scripted-model file a worker reads: canned replies, a few of them the size
of the biggest step result a thread takes (tests/test_payload_limits.py), below it."""


def _read_bounded(file: Path) -> bytes:
    """A regular file's bytes, at most `MAX_SCRIPT_BYTES`; anything else (a device, a FIFO,
    a larger file) is refused without reading it (`O_NONBLOCK`: opening a FIFO does not
    wait for a writer)."""
    too_large = f"scripted model file {file} is larger than {MAX_SCRIPT_BYTES} bytes"
    with os.fdopen(os.open(file, os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
        info = os.fstat(handle.fileno())
        if not stat.S_ISREG(info.st_mode):
            raise ModelConfigError(f"scripted model file {file} is not a regular file")
        if info.st_size > MAX_SCRIPT_BYTES:
            raise ModelConfigError(too_large)
        data = handle.read(MAX_SCRIPT_BYTES + 1)
    if len(data) > MAX_SCRIPT_BYTES:  # it grew while it was read
        raise ModelConfigError(too_large)
    return data


def _problem(err: Any) -> str:
    """`<field path> <problem kind>`: an unknown key is reported at its parent, unnamed."""
    loc = list(err["loc"])
    kind = err["type"]
    if kind == "extra_forbidden":
        loc, kind = loc[:-1], "unknown field"
    where = ".".join(str(p) for p in loc) or "(top level)"
    return f"{where}: {kind}"


class ScriptedProviderError(Exception):
    """Shaped like a provider SDK's HTTP error: `status_code` and an httpx `response`."""

    def __init__(self, error: ScriptedError) -> None:
        super().__init__(error.message)
        self.status_code = error.status
        headers = {}
        if error.retry_after_s is not None:
            headers["retry-after"] = f"{error.retry_after_s:g}"
        self.response = httpx.Response(error.status, headers=headers)


MAX_CACHED_SCRIPTS = 256
_SCRIPTS: dict[str, tuple[tuple[int, int, int, int], Script]] = {}
"""Parsed scripts by path, with the file's identity (device, inode, size, mtime) when read."""


def cached_script(path: str) -> Script:
    """`load_script(path)`, parsed again only when the file changed (another file, size or
    modification time): a model call reads the script's current content, not its own copy."""
    try:
        info = os.stat(path)
    except OSError:
        return load_script(path)  # raises the error that says what to fix
    identity = (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)
    cached = _SCRIPTS.get(path)
    if cached is not None and cached[0] == identity:
        return cached[1]
    script = load_script(path)
    if len(_SCRIPTS) >= MAX_CACHED_SCRIPTS:
        _SCRIPTS.clear()
    _SCRIPTS[path] = (identity, script)
    return script


@functools.lru_cache(maxsize=256)
def _resolved(cwd: str, path: str) -> str:
    return str(Path(cwd, path).resolve())


def _cursor_name(cwd: str, path: str, thread: str) -> str:
    """The cursor file of a script per thread: the same whichever path reaches the script."""
    return hashlib.sha256(f"{_resolved(cwd, path)}\0{thread}".encode()).hexdigest()[:32]


_CURSOR_WIDTH = 20
"""Characters a cursor file holds: a reply index, padded with spaces."""


class _Cursors:
    """Position in each script per (script path, thread), kept in small files so that
    every worker process on the machine shares it: a reply consumed by a worker that
    then died stays consumed, as a real provider's answer would."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def take(self, path: str, thread: str, *, advance: bool = True) -> int:
        """The index of the next reply; consumed now when `advance`."""
        with self._locked(path, thread) as (index, write):
            if advance:
                write(index + 1)
            return index

    def commit(self, path: str, thread: str, index: int) -> None:
        """Consume reply `index` once delivered, unless a retry already did."""
        with self._locked(path, thread) as (current, write):
            if current == index:
                write(index + 1)

    @contextlib.contextmanager
    def _locked(self, path: str, thread: str) -> Iterator[tuple[int, Callable[[int], None]]]:
        state = os.path.join(self.root, _cursor_name(os.getcwd(), path, thread))
        try:
            fd = os.open(state, os.O_RDWR | os.O_CREAT, 0o600)
        except FileNotFoundError:
            self.root.mkdir(parents=True, exist_ok=True)
            fd = os.open(state, os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            index = int(os.pread(fd, _CURSOR_WIDTH, 0).strip() or 0)

            def write(value: int) -> None:
                # Always the same width, so a write replaces the whole value in place
                # (no truncate: that is a metadata write on most file systems).
                os.pwrite(fd, f"{value:<{_CURSOR_WIDTH}}".encode(), 0)

            yield index, write
        finally:
            os.close(fd)  # releases the lock


class ScriptedChatModel(BaseChatModel):
    """A real chat model whose replies come, in order, from a JSON script.

    A `structured` reply is returned as a call to the structured-output tool the
    caller bound last (how both `with_structured_output` and `create_agent`'s tool
    strategy ask for structured output), so the same script serves either path.
    """

    path: str
    state_dir: Path = Field(default_factory=default_script_state_dir)
    """Where the cursors live (`WorkerConfig.script_state_dir`)."""
    bound_tools: list[str] = Field(default_factory=list)

    @property
    def _llm_type(self) -> str:
        return "scripted"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"path": self.path}

    def bind_tools(self, tools: Sequence[Any], **kwargs: Any) -> Any:
        names = [convert_to_openai_tool(tool)["function"]["name"] for tool in tools]
        return self.model_copy(update={"bound_tools": names}).bind(**kwargs)

    def _next(self, messages: list[BaseMessage]) -> tuple[ScriptedResponse, int | None]:
        """The reply to serve, and (for a deterministic script) the index to consume once
        it is delivered."""
        script = cached_script(self.path)
        index = _Cursors(self.state_dir).take(self.path, current_thread_id.get(), advance=not script.deterministic)
        # Logged after the cursor moved: a line in the log means the reply is taken.
        if script.record_to:
            with open(script.record_to, "a", encoding="utf-8") as log:
                log.write(json.dumps([{"type": m.type, "content": m.content} for m in messages]) + "\n")
        # The last response repeats once the list is exhausted.
        response = script.responses[min(index, len(script.responses) - 1)]
        return response, index if script.deterministic else None

    def _reply(self, response: ScriptedResponse, consume: int | None) -> ChatResult:
        if consume is not None:
            _Cursors(self.state_dir).commit(self.path, current_thread_id.get(), consume)
        if response.error is not None:
            raise ScriptedProviderError(response.error)
        calls = [
            {"name": c.name, "args": c.args, "id": f"call_{i}", "type": "tool_call"}
            for i, c in enumerate(response.tool_calls)
        ]
        if response.structured is not None:
            if not self.bound_tools:
                raise ModelConfigError(
                    f"scripted model {self.path} served a 'structured' response but the "
                    "caller bound no structured-output tool"
                )
            calls.append(
                {
                    "name": self.bound_tools[-1],
                    "args": response.structured,
                    "id": f"call_{len(calls)}",
                    "type": "tool_call",
                }
            )
        extra: dict[str, Any] = {}
        if response.usage is not None:
            extra["usage_metadata"] = {
                "input_tokens": response.usage.input_tokens,
                "output_tokens": response.usage.output_tokens,
                "total_tokens": response.usage.input_tokens + response.usage.output_tokens,
            }
        message = AIMessage(
            content=response.content,
            tool_calls=calls,
            response_metadata={"model_name": f"scripted:{self.path}"},
            **extra,
        )
        return ChatResult(generations=[ChatGeneration(message=message)])

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        response, consume = self._next(messages)
        if response.delay_s:
            time.sleep(response.delay_s)
        return self._reply(response, consume)

    async def _agenerate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: AsyncCallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        response, consume = self._next(messages)
        if response.delay_s:
            await asyncio.sleep(response.delay_s)
        return self._reply(response, consume)

"""MCP servers a worker takes tools from (`RUBRICFLOW_MCP`), as data.

The file is the `mcpServers` shape users already write for other MCP clients, as JSON or
TOML (by its suffix):

    {"mcpServers": {
        "calc":  {"command": "python", "args": ["calc_server.py"], "env": {"MODE": "fast"}},
        "issues": {"type": "streamable_http", "url": "https://mcp.example/mcp",
                   "headers": {"Authorization": "Bearer ${ISSUES_TOKEN}"}}}}

A server is `stdio` (it has `command`) or `streamable_http` (it has `url`); `type` or
`transport` may say so (`http` and `streamable-http` mean `streamable_http`). `${VAR}`
(or `${VAR:-default}`) in any of a server's strings is the worker's environment variable
VAR, so secrets stay in the worker's environment, never in the file or a payload. Server
`calc`'s tool `add` is the tool `calc_add`.

Parsed from text here (no I/O, no environment read): the worker reads the file and its
environment once (`worker_env.py`) and connects. Clients never read it: what tools a worker
offers, its workers say (`rubricflow/ask_workers.py`).
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

MCP_CONFIG_ENV = "RUBRICFLOW_MCP"
"""The worker's setting: the path of the MCP servers file."""

DEFAULT_MCP_TIMEOUT_S = 60.0
"""How long one tool call (server start included) may take, unless the server says."""
MAX_MCP_TIMEOUT_S = 3600.0

SERVER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,31}")
"""A server name is the first part of its tools' names, so it keeps to the characters
providers accept in a tool name."""

_REFERENCE = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}")
_TRANSPORTS = {
    "stdio": "stdio",
    "streamable_http": "streamable_http",
    "streamable-http": "streamable_http",
    "http": "streamable_http",
}


class _Server(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    timeout_s: float = Field(default=DEFAULT_MCP_TIMEOUT_S, gt=0, le=MAX_MCP_TIMEOUT_S)
    """The longest one tool call may take, from starting the session to its answer."""


class McpStdioServer(_Server):
    """A server the worker starts as a child process, one per tool call, speaking MCP on
    its stdin and stdout."""

    transport: Literal["stdio"] = "stdio"
    command: str = Field(min_length=1)
    args: list[str] = Field(default_factory=list)
    env: dict[str, str] = Field(default_factory=dict, repr=False)
    """Added to the small default environment the MCP SDK gives a server (PATH, HOME, ...):
    the worker's other variables are not passed on."""
    cwd: str | None = None


class McpHttpServer(_Server):
    """A server the worker reaches over streamable HTTP."""

    transport: Literal["streamable_http"] = "streamable_http"
    url: str
    headers: dict[str, str] = Field(default_factory=dict, repr=False)

    @field_validator("url")
    @classmethod
    def _http_url(cls, value: str) -> str:
        # `${VAR}` may stand for the whole URL: the worker checks it again once expanded.
        if not re.match(r"(https?://[^/\s]+|\$\{)", value):
            raise ValueError("must be an http:// or https:// URL")
        return value


McpServer = Annotated[McpStdioServer | McpHttpServer, Field(discriminator="transport")]


class McpConfig(BaseModel):
    # Other top-level keys belong to other clients sharing the file.
    model_config = ConfigDict(extra="ignore", frozen=True)

    servers: dict[str, McpServer] = Field(alias="mcpServers")

    @field_validator("servers")
    @classmethod
    def _names(cls, value: dict[str, Any]) -> dict[str, Any]:
        for name in value:
            if not SERVER_NAME.fullmatch(name):
                raise ValueError(
                    f"server name {name!r} must be 1 to 32 letters, digits, '-' or '_' "
                    "(starting with a letter or digit): it begins its tools' names"
                )
        return value


FORMAT = (
    '{"mcpServers": {"NAME": {"command": ..., "args": [...], "env": {...}} | '
    '{"type": "streamable_http", "url": ..., "headers": {...}}}} (optional per server: '
    f'"timeout_s", default {DEFAULT_MCP_TIMEOUT_S:g})'
)


def tool_name(server: str, tool: str) -> str:
    """The registry's name for a server's tool."""
    return f"{server}_{tool}"


def parse_mcp_config(text: str, *, toml: bool) -> McpConfig:
    """The servers of a config file's text (TOML when `toml`, else JSON); a `ValueError`
    that says what to fix (a field path, never a value: the file may hold secrets)."""
    try:
        raw = tomllib.loads(text) if toml else json.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ValueError(f"is not valid TOML: {exc}") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("mcpServers"), dict):
        raise ValueError(f"needs a top-level 'mcpServers' table of servers; expected {FORMAT}")
    servers = {name: _with_transport(name, entry) for name, entry in raw["mcpServers"].items()}
    try:
        return McpConfig.model_validate({**raw, "mcpServers": servers})
    except ValidationError as exc:
        problems = "; ".join(_problem(err) for err in exc.errors(include_input=False, include_url=False))
        raise ValueError(f"{problems}; expected {FORMAT}") from None


def _with_transport(name: str, entry: Any) -> Any:
    """The entry with `transport` set from `type`/`transport` or from its keys."""
    if not isinstance(entry, dict):
        return entry
    entry = dict(entry)
    given = entry.pop("type", None)
    given = entry.pop("transport", given)
    if given is None:
        given = "stdio" if "command" in entry else "streamable_http" if "url" in entry else None
    if given is None:
        raise ValueError(f"server {name!r} needs a 'command' (stdio) or a 'url' (streamable_http)")
    if not isinstance(given, str) or given not in _TRANSPORTS:
        raise ValueError(f"server {name!r}: transport {given!r} is not supported; use 'stdio' or 'streamable_http'")
    entry["transport"] = _TRANSPORTS[given]
    return entry


def _problem(err: Any) -> str:
    """`server 'NAME': field: problem` for a server's field, else `where: problem`."""
    loc = [str(p) for p in err["loc"]]
    message = "unknown key (remove it)" if err["type"] == "extra_forbidden" else err["msg"]
    if loc[0] != "mcpServers" or len(loc) < 2:
        return f"{'.'.join(loc)}: {message}"
    fields = loc[3:] if loc[2:3] and loc[2] in _TRANSPORTS.values() else loc[2:]
    return f"server {loc[1]!r}" + (f": {'.'.join(fields)}" if fields else "") + f": {message}"


def url_variables(server: McpStdioServer | McpHttpServer) -> list[str]:
    """The names of the `${VAR}`s in an HTTP server's URL (what a worker keeps out of its logs)."""
    if isinstance(server, McpStdioServer):
        return []
    return [match.group(1) for match in _REFERENCE.finditer(server.url)]


def with_environment(
    server: McpStdioServer | McpHttpServer, environ: Mapping[str, str]
) -> McpStdioServer | McpHttpServer:
    """The server with each `${VAR}` replaced from `environ`; a `KeyError` naming the first
    variable that is neither set nor given a default, a `ValueError` when a replaced value
    is not allowed (a URL that is not http(s), never the value itself)."""

    def expand(text: str) -> str:
        def one(match: re.Match[str]) -> str:
            name, default = match.group(1), match.group(2)
            if name in environ:
                return environ[name]
            if default is not None:
                return default
            raise KeyError(name)

        return _REFERENCE.sub(one, text)

    data = server.model_dump()
    if isinstance(server, McpStdioServer):
        data.update(
            command=expand(server.command),
            args=[expand(a) for a in server.args],
            env={k: expand(v) for k, v in server.env.items()},
            cwd=expand(server.cwd) if server.cwd is not None else None,
        )
    else:
        data.update(url=expand(server.url), headers={k: expand(v) for k, v in server.headers.items()})
    try:
        return type(server).model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}"
            for e in exc.errors(include_input=False, include_url=False)
        )
        raise ValueError(f"once its variables are replaced, {problems}") from None

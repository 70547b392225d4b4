"""Tools from MCP servers (`RUBRICFLOW_MCP`): listed once when the worker starts, each
call made inside the activity that makes it, in a session of its own.

A call opens its session in the task that runs it and closes it there (the adapters'
session per call: a session shared across tasks fails with anyio's "cancel scope in a
different task"), within the server's `timeout_s`. What a call ends in:

- the tool's answer, as its observation;
- the tool raised or refused its arguments, the server answered the call with an error,
  or the call ran past `timeout_s`: an observation saying so (a `ToolMessage` with
  status `error`), which the model reads and may act on;
- the server would not start, could not be reached or exited mid-call: the step fails
  with a retryable `McpServerUnavailable` naming the server, and the step's retry policy
  runs it again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import anyio
from langchain_core.tools import BaseTool
from langchain_mcp_adapters.interceptors import MCPToolCallRequest, MCPToolCallResult
from langchain_mcp_adapters.sessions import Connection
from langchain_mcp_adapters.tools import load_mcp_tools
from mcp.shared.exceptions import McpError
from mcp.types import CONNECTION_CLOSED, CallToolResult, TextContent
from temporalio.exceptions import ApplicationError

from rubricflow.activities.mcp_config import McpConfig, McpHttpServer, McpStdioServer, tool_name
from rubricflow.workflows import errors
from rubricflow.workflows.failures import FailureDetails

log = logging.getLogger(__name__)


class McpStartError(RuntimeError):
    """A server did not list its tools when the worker started; the message names it."""


def connection(server: McpStdioServer | McpHttpServer) -> Connection:
    """The adapters' connection settings for a configured (and expanded) server."""
    if isinstance(server, McpStdioServer):
        return {
            "transport": "stdio",
            "command": server.command,
            "args": list(server.args),
            "env": dict(server.env),
            "cwd": server.cwd,
        }
    return {
        "transport": "streamable_http",
        "url": server.url,
        "headers": dict(server.headers),
        "timeout": server.timeout_s,
        "sse_read_timeout": server.timeout_s,
    }


def leaf(exc: BaseException) -> BaseException:
    """The first exception inside (nested) exception groups: what actually went wrong."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    return exc


CLOSED = (anyio.BrokenResourceError, anyio.ClosedResourceError, anyio.EndOfStream)
"""What the session's streams raise when the server's end is gone (which one, of a server
whose command exits at once, is a race between the session's reader and its writer)."""


def closed(exc: BaseException) -> bool:
    """Whether the server's end of the session is gone (its command exited, or it hung up)."""
    return isinstance(exc, CLOSED) or (isinstance(exc, McpError) and exc.error.code == CONNECTION_CLOSED)


def describe(exc: BaseException) -> str:
    """What went wrong, in words: a closed connection is said one way whichever error it
    came as; any other error by its type and message."""
    inner = leaf(exc)
    if closed(inner):
        return "it closed the connection (did its command exit?)"
    return f"{type(inner).__name__}: {inner}" if str(inner) else type(inner).__name__


def server_unavailable(server: str, tool: str, exc: BaseException) -> ApplicationError:
    """The step's failure when a server fails under a call: retryable, by the step's policy."""
    log.warning("MCP server %r failed during a call of %s", server, tool, exc_info=exc)
    return ApplicationError(
        f"MCP server {server!r} failed during a call of {tool} ({describe(exc)}); the step will be retried",
        FailureDetails(exception_type=type(leaf(exc)).__name__),
        type=errors.MCP_SERVER_UNAVAILABLE,
    )


def observation(text: str) -> CallToolResult:
    """An error result the model reads as the call's observation."""
    return CallToolResult(content=[TextContent(type="text", text=text)], isError=True)


class CallGuard:
    """The adapters' tool-call interceptor for one server: around the whole call (session
    start included), its timeout, and its failures sorted into observations and step
    failures (see the module docstring)."""

    def __init__(self, server: str, timeout_s: float) -> None:
        self.server, self.timeout_s = server, timeout_s

    async def __call__(
        self,
        request: MCPToolCallRequest,
        handler: Callable[[MCPToolCallRequest], Awaitable[MCPToolCallResult]],
    ) -> MCPToolCallResult:
        tool = tool_name(self.server, request.name)
        try:
            with anyio.fail_after(self.timeout_s):
                return await handler(request)
        except TimeoutError:
            return observation(
                f"error: {tool} did not answer within {self.timeout_s:g} s (MCP server "
                f"{self.server!r}); the call was abandoned"
            )
        except McpError as exc:
            if closed(exc):
                raise server_unavailable(self.server, tool, exc) from None
            return observation(f"error: MCP server {self.server!r} refused the call: {exc.error.message}")
        except Exception as exc:
            raise server_unavailable(self.server, tool, exc) from None


async def server_tools(name: str, server: McpStdioServer | McpHttpServer) -> list[BaseTool]:
    """One server's tools, named `<name>_<tool>`, each calling through a `CallGuard`."""
    try:
        with anyio.fail_after(server.timeout_s):
            return await load_mcp_tools(
                None,
                connection=connection(server),
                server_name=name,
                tool_name_prefix=True,
                tool_interceptors=[CallGuard(name, server.timeout_s)],
            )
    except TimeoutError:
        raise McpStartError(
            f"MCP server {name!r} did not list its tools within its timeout_s of {server.timeout_s:g} s"
        ) from None
    except Exception as exc:
        log.debug("MCP server %r did not list its tools", name, exc_info=exc)
        raise McpStartError(f"MCP server {name!r} did not list its tools: {describe(exc)}") from None


async def mcp_tools(config: McpConfig) -> dict[str, list[BaseTool]]:
    """Every configured server's tools, by server, listed at once; an `McpStartError`
    naming each server that failed."""
    names = list(config.servers)
    found = await asyncio.gather(*(server_tools(n, config.servers[n]) for n in names), return_exceptions=True)
    failed = [str(f) for f in found if isinstance(f, BaseException)]
    if failed:
        raise McpStartError("; ".join(failed))
    return {n: tools for n, tools in zip(names, found)}  # type: ignore[misc]

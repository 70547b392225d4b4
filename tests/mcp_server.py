"""A real MCP server for the tests (the `mcp` package's FastMCP), run by path.

    python tests/mcp_server.py                 # stdio
    python tests/mcp_server.py --http PORT     # streamable HTTP on 127.0.0.1:PORT/mcp

Tools: `add` and `multiply`; `divide`, which raises on a zero divisor; `sleep`, which
takes as long as it is told. With
`MCP_TEST_EXIT_ONCE=PATH` in its environment, the first tool call of all the server's
processes creates PATH and exits the process mid-call; later calls answer. With
`MCP_TEST_TOKEN=T` (HTTP only), a request without `Authorization: Bearer T` gets 401.
"""

from __future__ import annotations

import argparse
import asyncio
import os
from pathlib import Path

from mcp.server.fastmcp import FastMCP

server = FastMCP("calc", log_level="WARNING")


def _maybe_exit() -> None:
    marker = os.environ.get("MCP_TEST_EXIT_ONCE")
    if marker and not Path(marker).exists():
        Path(marker).write_text("exited once\n", encoding="utf-8")
        os._exit(3)


@server.tool()
def add(a: int, b: int) -> int:
    """Add two whole numbers."""
    _maybe_exit()
    return a + b


@server.tool()
def multiply(a: int, b: int) -> int:
    """Multiply two whole numbers."""
    _maybe_exit()
    return a * b


@server.tool()
def divide(a: int, b: int) -> float:
    """Divide a by b."""
    _maybe_exit()
    if b == 0:
        raise ZeroDivisionError("cannot divide by zero")
    return a / b


@server.tool()
async def sleep(seconds: float) -> str:
    """Wait this many seconds, then say so."""
    await asyncio.sleep(seconds)
    return f"slept {seconds:g} s"


def serve_http(port: int) -> None:
    import uvicorn
    from starlette.responses import PlainTextResponse

    app = server.streamable_http_app()
    token = os.environ.get("MCP_TEST_TOKEN")

    async def guarded(scope, receive, send):  # type: ignore[no-untyped-def]
        if token and scope["type"] == "http":
            headers = dict(scope["headers"])
            if headers.get(b"authorization") != f"Bearer {token}".encode():
                await PlainTextResponse("unauthorized", status_code=401)(scope, receive, send)
                return
        await app(scope, receive, send)

    uvicorn.run(guarded, host="127.0.0.1", port=port, log_level="warning", lifespan="on")


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--http", type=int, metavar="PORT")
    args = parser.parse_args()
    if args.http is not None:
        serve_http(args.http)
    else:
        server.run("stdio")

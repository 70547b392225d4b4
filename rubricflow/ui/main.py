"""`python -m rubricflow.ui` (what `rubricflow ui` runs): the web view as its own program.

Its options, checks and messages are its own; it shares the `rubricflow` command's exit
codes (0 stopped, 2 bad input, 3 the Temporal server unreachable, 130 interrupted) and
prints no traceback. It binds its socket before it says where it listens, so the first
line it prints is an address that already answers.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import sys
from collections.abc import Sequence
from typing import TextIO

from rubricflow.client import Rubricflow, RunRefused, ServerUnreachable
from rubricflow.ui.security import TOKEN_ENV, Guard, allowed_hosts, check_token, is_loopback, new_token

EXIT_OK, EXIT_BAD_INPUT, EXIT_UNREACHABLE, EXIT_INTERRUPTED = 0, 2, 3, 130
DEFAULT_PORT = 8234


class UiRefused(ValueError):
    """Refused before serving; the message says what to fix."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rubricflow ui",
        description="A web view of threads and batches: their criteria, live progress and review buttons.",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default loopback; any other needs a token)"
    )
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT}; 0: any free)")
    parser.add_argument(
        "--token",
        help=f"the token reads (off loopback) and every action need, at least 16 characters (env {TOKEN_ENV}; "
        "default: a new one, printed)",
    )
    parser.add_argument(
        "--allowed-host",
        action="append",
        default=[],
        metavar="NAME",
        help="another name the view answers to in the Host header, e.g. a reverse proxy's (repeatable)",
    )
    return parser


def token_for(args: argparse.Namespace) -> tuple[str, bool]:
    """(the token, whether it was given): `--token`, else the environment's, else a new one."""
    given, where = args.token, "--token"
    if given is None and os.environ.get(TOKEN_ENV):
        given, where = os.environ[TOKEN_ENV], TOKEN_ENV
    if given is None:
        if not is_loopback(args.host):
            raise UiRefused(
                f"--host {args.host} is not a loopback address: set --token (or {TOKEN_ENV}) "
                "so that only people with it can read and act"
            )
        return new_token(), False
    try:
        return check_token(given, where), True
    except ValueError as err:
        raise UiRefused(str(err)) from None


def bind(host: str, port: int) -> socket.socket:
    if not 0 <= port <= 65535:
        raise UiRefused(f"--port must be a port from 0 to 65535, got {port}")
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as err:
        sock.close()
        raise UiRefused(f"cannot listen on {host}:{port} ({err.strerror}); choose another --port or --host") from None
    sock.listen(128)
    return sock


async def run(args: argparse.Namespace, out: TextIO) -> int:
    from rubricflow.ui.server import serve

    token, given = token_for(args)
    sock = bind(args.host, args.port)
    rf = await Rubricflow.connect()
    host, port = sock.getsockname()[:2]
    where = f"http://{f'[{host}]' if sock.family == socket.AF_INET6 else host}:{port}/"
    out.write(f"rubricflow ui on {where} (task queue {rf.queue!r}); Ctrl-C to stop\n")
    if given:
        out.write(f"open {where}?token=TOKEN with your token to approve, reject or extend runs\n")
    else:
        out.write(
            f"to approve, reject or extend runs open {where}?token={token} (a new token each start; "
            f"--token or {TOKEN_ENV} fixes one)\n"
        )
    out.flush()
    hosts = allowed_hosts(args.host, args.allowed_host)
    await serve(rf, Guard(token, open_reads=is_loopback(args.host)), sock, hosts)
    return EXIT_OK


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    args = build_parser().parse_args(argv)
    try:
        return asyncio.run(run(args, out))
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except (UiRefused, RunRefused) as err:
        sys.stderr.write(f"rubricflow ui: {err}\n")
        return EXIT_BAD_INPUT
    except ServerUnreachable as err:
        sys.stderr.write(f"rubricflow ui: {err}\n")
        return EXIT_UNREACHABLE


def entrypoint() -> None:
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)  # as the CLI: Temporal's client threads never race interpreter teardown

"""`rubricflow`: start, follow and inspect grading runs from a terminal.

Exit codes (one table, `rubricflow --help` shows it): 0 satisfied (or answered, with no
rubric) and any other command done; 1 any other terminal status, or a thread whose
workflow failed, was cancelled, terminated or timed out; 2 bad input, refused before
anything starts (an unknown thread id too); 3 cannot reach the Temporal server; 130
interrupted by Ctrl-C (the thread goes on); 141 the output pipe closed. No traceback
reaches the terminal unless `--debug` asks for it.

The CLI imports only the contract (`rubricflow.workflows`), the client, Temporal and
pydantic: never LangChain, `rubricflow.activities` or `rubricflow.worker`. Commands
that need a worker run it as a process (`rubricflow/cli/serve.py`).

Modules: `parser` (arguments), `commands` (one function per command), `inputs`
(building a run's input), `render` (terminal output), `serve` (embedded server and
worker process).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
import traceback
from collections.abc import Sequence
from typing import TextIO

from pydantic import ValidationError
from temporalio.service import RPCError

from rubricflow.cli.batch import cmd_batch
from rubricflow.cli.calibrate import cmd_calibrate
from rubricflow.cli.commands import COMMANDS
from rubricflow.cli.exits import (
    EXIT_BAD_INPUT,
    EXIT_BROKEN_PIPE,
    EXIT_INTERRUPTED,
    EXIT_NOT_SATISFIED,
    EXIT_UNREACHABLE,
)
from rubricflow.cli.inputs import BadInput, validation_message
from rubricflow.cli.parser import build_parser
from rubricflow.cli.render import result_json
from rubricflow.cli.serve import WorkerRefused, WorkerStartError
from rubricflow.client import RunFailed, ServerUnreachable, ThreadNotFound, ThreadStuck, target_host
from rubricflow.devserver import DevServerError
from rubricflow.errors import ConfigError
from rubricflow.preflight import RunRefused
from rubricflow.prices import PriceTableError

__all__ = ["entrypoint", "main"]


def undecodable_argument(argv: Sequence[str]) -> str | None:
    """An argument that was not valid UTF-8 (Python keeps its bytes as lone surrogates)."""
    for arg in argv:
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            return arg.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return None


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    parser = build_parser()
    try:
        import argcomplete

        argcomplete.autocomplete(parser)
    except ImportError:  # pragma: no cover - completion is optional
        pass
    bad = undecodable_argument(sys.argv[1:] if argv is None else argv)
    if bad is not None:
        sys.stderr.write(f"rubricflow: argument {bad!r} is not valid UTF-8; pass text as UTF-8\n")
        return EXIT_BAD_INPUT
    args = parser.parse_args(argv)
    try:
        return asyncio.run(command(args, out))
    except KeyboardInterrupt:
        thread = getattr(args, "current_thread", None)
        if thread:
            sys.stderr.write(f"\ninterrupted: thread {thread} goes on; re-attach with `rubricflow watch {thread}`\n")
        else:
            sys.stderr.write("\ninterrupted\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`| head`): say nothing, and keep Python's own flush at
        # exit from raising again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except Exception as exc:  # noqa: BLE001 - the one place errors become exit codes
        code, message = classify(exc)
        if args.debug:
            traceback.print_exc()
        if getattr(args, "json", False):  # the one --json shape, with `error` set
            status = exc.status if isinstance(exc, RunFailed) else None
            thread = getattr(args, "current_thread", None) or getattr(args, "thread", None)
            out.write(json.dumps(result_json(None, thread, message, status=status), indent=2) + "\n")
        sys.stderr.write(f"rubricflow: {message}\n")
        return code


async def command(args: argparse.Namespace, out: TextIO) -> int:
    """The command, with Ctrl-C waking the event loop at once."""
    wake_on_interrupt()
    return await {**COMMANDS, "batch": cmd_batch, "calibrate": cmd_calibrate}[args.command](args, out)


def wake_on_interrupt() -> None:
    """`asyncio.run`'s SIGINT handler (it cancels the command, which ends as
    `KeyboardInterrupt`) is Python code: it runs once the main thread runs Python again.
    The kernel may hand the signal to one of the Temporal core's threads while the main
    thread sleeps on a long poll, and then Ctrl-C waited for that poll to return. Through
    the loop's own signal handling the signal wakes the loop at once, whichever thread
    took it, and the handler is the same one."""
    handler = signal.getsignal(signal.SIGINT)
    if callable(handler) and handler is not signal.default_int_handler:
        asyncio.get_running_loop().add_signal_handler(signal.SIGINT, handler, signal.SIGINT, None)


def classify(exc: Exception) -> tuple[int, str]:
    """(exit code, the one line a person reads) for an error a command raised."""
    if isinstance(
        exc,
        (BadInput, RunRefused, ConfigError, ThreadNotFound, PriceTableError, WorkerRefused),
    ):
        return EXIT_BAD_INPUT, str(exc)
    if isinstance(exc, ValidationError):
        return EXIT_BAD_INPUT, validation_message(exc)
    if isinstance(exc, ServerUnreachable):
        return EXIT_UNREACHABLE, str(exc)
    if isinstance(exc, RPCError) and "connect" in str(exc).lower():
        return EXIT_UNREACHABLE, str(ServerUnreachable(target_host(), str(exc)))
    if isinstance(exc, (RunFailed, ThreadStuck)):
        return EXIT_NOT_SATISFIED, str(exc)
    if isinstance(exc, (DevServerError, WorkerStartError)):
        return EXIT_NOT_SATISFIED, str(exc)
    what = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return EXIT_NOT_SATISFIED, f"unexpected error: {what} (run with --debug for the traceback)"


def entrypoint() -> None:
    code = main()
    # The Temporal client's Rust bridge threads can outlive the event loop, and CPython
    # finalization then aborts the process now and then ("PyGILState_Release: thread
    # state ... must be current", temporalio/sdk-python#300), turning a clean exit into
    # SIGABRT. Everything is done and flushed here, so skip interpreter teardown.
    from rubricflow.telemetry import flush

    flush()  # spans and metrics still buffered, when OTEL_* configured an exporter
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        code = EXIT_BROKEN_PIPE
    sys.stderr.flush()
    os._exit(code)

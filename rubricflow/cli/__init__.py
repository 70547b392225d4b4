"""`rubricflow`: start, follow and inspect grading runs from a terminal.

Exit codes: 0 satisfied (or answered, with no rubric), 1 any other terminal status or
a failed run, 2 bad input (refused before anything starts).

The CLI imports only the contract (`rubricflow.workflows`), the client, Temporal and
pydantic: never LangChain, `rubricflow.activities` or `rubricflow.worker`. Commands
that need a worker run it as a process (`rubricflow/cli/serve.py`).

Modules: `parser` (arguments), `commands` (one function per command), `inputs`
(building a run's input), `render` (terminal output), `serve` (embedded server and
worker process).
"""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from pydantic import ValidationError
from temporalio.service import RPCError, RPCStatusCode

from rubricflow.cli.commands import COMMANDS, EXIT_BAD_INPUT, EXIT_NOT_SATISFIED
from rubricflow.cli.inputs import BadInput, validation_message
from rubricflow.cli.parser import build_parser
from rubricflow.cli.serve import WorkerStartError
from rubricflow.client import ServerUnreachable, ThreadStuck
from rubricflow.codec import CodecConfigError
from rubricflow.devserver import DevServerError
from rubricflow.preflight import RunRefused

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
    bad = undecodable_argument(sys.argv[1:] if argv is None else argv)
    if bad is not None:
        sys.stderr.write(f"rubricflow: argument {bad!r} is not valid UTF-8; pass text as UTF-8\n")
        return EXIT_BAD_INPUT
    args = build_parser().parse_args(argv)
    try:
        return asyncio.run(COMMANDS[args.command](args, out))
    except (BadInput, RunRefused, CodecConfigError) as exc:
        sys.stderr.write(f"rubricflow: {exc}\n")
        return EXIT_BAD_INPUT
    except ValidationError as exc:
        sys.stderr.write(f"rubricflow: {validation_message(exc)}\n")
        return EXIT_BAD_INPUT
    except RPCError as exc:
        if exc.status == RPCStatusCode.NOT_FOUND:
            sys.stderr.write(f"rubricflow: not found ({exc.message}); check the thread id with `rubricflow list`\n")
            return EXIT_BAD_INPUT
        raise
    except (ThreadStuck, ServerUnreachable) as exc:
        sys.stderr.write(f"rubricflow: {exc}\n")
        return EXIT_NOT_SATISFIED
    except (DevServerError, WorkerStartError) as exc:
        sys.stderr.write(f"rubricflow: {exc}\n")
        return EXIT_NOT_SATISFIED
    except RuntimeError as exc:
        if "connect" in str(exc).lower():
            sys.stderr.write(
                f"rubricflow: cannot reach Temporal ({exc}); start one with `rubricflow dev` "
                "or set TEMPORAL_ADDRESS\n"
            )
            return EXIT_NOT_SATISFIED
        raise


def entrypoint() -> None:
    code = main()
    # The Temporal client's Rust bridge threads can outlive the event loop, and CPython
    # finalization then aborts the process now and then ("PyGILState_Release: thread
    # state ... must be current", temporalio/sdk-python#300), turning a clean exit into
    # SIGABRT. Everything is done and flushed here, so skip interpreter teardown.
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)

"""The command line: its arguments, and no behaviour."""

from __future__ import annotations

import argparse
import os

from rich_argparse import RawDescriptionRichHelpFormatter, RichHelpFormatter

from rubricflow.cli.batch import add_parser as add_batch_parser
from rubricflow.cli.calibrate import add_parser as add_calibrate_parser
from rubricflow.cli.demo import DEMO_DEEP_MODEL, DEMO_GRADER_MODEL, DEMO_LOCAL_MODEL, DEMO_TEMPERATURE
from rubricflow.client import LIST_STATUSES
from rubricflow.settings import data_dir
from rubricflow.workflows.types import (
    DEFAULT_MAX_GRADER_CALLS,
    DEFAULT_MAX_ITERATIONS,
    GRADING_STRATEGIES,
    MAX_GRADER_CALLS,
    MAX_GRADER_SAMPLES,
    MAX_ITERATIONS,
    MIN_ITERATIONS,
)


def grading_flags(p: argparse.ArgumentParser) -> None:
    """How the grader forms its verdict: the strategy and the samples per criterion."""
    p.add_argument(
        "--grading",
        choices=list(GRADING_STRATEGIES),
        default=None,
        help="how each pass decides: whole (one verdict), per_criterion, evidence (facts measured "
        "by code in the prompt), facts (a measured fact the model picks decides), "
        "auto (default: facts for local: graders, whole otherwise)",
    )
    p.add_argument(
        "--grader-samples",
        default=None,
        help=f"ask each criterion N times (odd, 1..{MAX_GRADER_SAMPLES}) and take the majority (default 1)",
    )
    p.add_argument(
        "--max-grader-calls",
        default=None,
        help=f"model calls one grader pass may make (1..{MAX_GRADER_CALLS}, default "
        f"{DEFAULT_MAX_GRADER_CALLS}); past it the pass ends as a grader_error",
    )
    p.add_argument(
        "--review-split",
        action="store_true",
        help="with --grader-samples: a split vote ends the run awaiting_review for a person",
    )
    p.add_argument(
        "--review-unverified",
        action="store_true",
        help="a pass with a criterion the grader could not verify ends the run awaiting_review "
        "for a person, instead of sending the agent to revise it",
    )
    p.add_argument(
        "--pass-score",
        default=None,
        help="a pass whose weighted score (the rubric's [weight: N] and [scale: ...]) reaches this, "
        "above 0 and at most 1, with every [required] criterion met, ends the run satisfied",
    )
    p.add_argument(
        "--no-cache",
        action="store_true",
        help="always ask the grader model: never answer a pass from the worker's grader cache",
    )


REVIEW_HELP = (
    "the review you decided on, as `status` shows it (`pending review: ...`): refused if another "
    "record or decision came since (default: the review the thread shows when the command runs)"
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rubricflow",
        description="LLM agents that must meet a rubric, run on Temporal.",
        epilog=EXIT_CODES_HELP,
        formatter_class=RawDescriptionRichHelpFormatter,  # keeps the exit-code table's lines
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {package_version()}")
    parser.add_argument("--debug", action="store_true", help="show the full traceback of an unexpected error")
    sub = parser.add_subparsers(dest="command", required=True)
    _add_run(sub)
    _add_thread_commands(sub)
    _add_view_commands(sub)
    _add_info_commands(sub)
    _add_server_commands(sub)
    _add_service_commands(sub)
    add_batch_parser(sub)
    grading_flags(sub.choices["batch"])
    add_calibrate_parser(sub)
    for command in sub.choices.values():
        command.formatter_class = RichHelpFormatter
    return parser


def _add_run(sub: argparse._SubParsersAction) -> None:
    """`run`: start a thread and follow it."""
    run = sub.add_parser("run", help="start a thread and follow it to a verdict")
    run.add_argument("prompt", help="the task for the agent (TEXT or @FILE)")
    run.add_argument("--rubric", help="what done looks like (TEXT or @FILE); omit for no grading")
    run.add_argument("--model", help="agent model 'provider:model-id' (env RUBRICFLOW_AGENT_MODEL)")
    run.add_argument("--grader-model", help="grader model (env RUBRICFLOW_GRADER_MODEL; default: --model)")
    run.add_argument(
        "--max-iterations",
        help=f"grader passes allowed, {MIN_ITERATIONS}..{MAX_ITERATIONS} (default {DEFAULT_MAX_ITERATIONS})",
    )
    run.add_argument(
        "--max-tokens", help="budget: tokens (in + out) the grading run may spend; it ends budget_exhausted"
    )
    run.add_argument("--max-cost", help="budget: USD the grading run may spend, priced by the RUBRICFLOW_PRICES table")
    run.add_argument("--max-wall", help="budget: seconds of wall-clock time the grading run may take")
    run.add_argument(
        "--step-timeout",
        help="seconds one agent turn or grader pass may run before it is cut off and retried, 1..3600 (default 600)",
    )
    run.add_argument("--system-prompt", help="the agent's system prompt")
    run.add_argument("--temperature", help="the agent model's sampling temperature, 0..2 (default: the model's own)")
    run.add_argument("--grader-prompt", help="replaces the built-in grader system prompt")
    run.add_argument(
        "--agent",
        default="default",
        help="the agent by name: default, deep (deepagents, with virtual files) or a worker's own (default: default)",
    )
    run.add_argument("--tool", action="append", help="agent tool by name (repeatable)")
    run.add_argument("--grader-tool", action="append", help="grader evidence tool by name (repeatable)")
    grading_flags(run)
    run.add_argument("--thread", help="thread id (default: a new one)")
    run.add_argument(
        "--idle-timeout",
        default="0",
        help="seconds the thread waits for a follow-up before it closes (default 0: close after this run)",
    )
    run.add_argument("--json", action="store_true", help="print one JSON object at the end")


def _add_thread_commands(sub: argparse._SubParsersAction) -> None:
    """The commands that act on one thread: follow-ups, steering, review."""
    send = sub.add_parser("send", help="send a message (follow-up) to a thread and wait for the outcome")
    send.add_argument("thread")
    send.add_argument("message", help="TEXT or @FILE")
    send.add_argument("--rubric", help="a new rubric (TEXT or @FILE); omitted: the thread's rubric persists")
    send.add_argument("--grader-model", help="grader model for the new rubric")
    send.add_argument("--max-iterations", help="grader passes for the new rubric (1..20)")
    grading_flags(send)
    send.add_argument("--model", help="agent model: create the thread if it does not exist")
    send.add_argument("--idle-timeout", default="3600", help="with --model, for a new thread (default 3600)")
    send.add_argument("--no-wait", action="store_true", help="queue the message and return (a signal)")
    send.add_argument("--json", action="store_true")

    for name, text in (
        ("pause", "pause the in-flight work"),
        ("resume", "resume a paused run"),
        ("cancel", "cancel the thread"),
    ):
        sub.add_parser(name, help=text).add_argument("thread")
    approve = sub.add_parser("approve", help="approve as a person: the run ends satisfied")
    approve.add_argument("thread")
    approve.add_argument("--reviewer", default=os.environ.get("USER", "reviewer"))
    approve.add_argument("--note")
    approve.add_argument("--review", metavar="RECORD", help=REVIEW_HELP)
    reject = sub.add_parser("reject", help="reject with feedback: a needs_revision pass from a person")
    reject.add_argument("thread")
    reject.add_argument("--feedback", required=True, help="TEXT or @FILE")
    reject.add_argument("--reviewer", default=os.environ.get("USER", "reviewer"))
    reject.add_argument("--review", metavar="RECORD", help=REVIEW_HELP)
    extend = sub.add_parser(
        "extend", help="grant more iterations after max_iterations_reached, or more budget after budget_exhausted"
    )
    extend.add_argument("thread")
    extend.add_argument("--iterations", help="more grader passes (1..20)")
    extend.add_argument("--extra-tokens", help="more tokens for the run's --max-tokens budget")
    extend.add_argument("--extra-cost", help="more USD for the run's --max-cost budget")
    extend.add_argument("--extra-wall", help="more seconds for the run's --max-wall budget")


def _add_view_commands(sub: argparse._SubParsersAction) -> None:
    """What a thread shows: its events, state and files, and the list of threads."""
    watch = sub.add_parser("watch", help="follow a thread's events live until it closes")
    watch.add_argument("thread")
    watch.add_argument(
        "--from",
        dest="from_offset",
        type=int,
        default=0,
        help="event offset to replay from (default 0; `watch` prints each event's offset)",
    )

    status = sub.add_parser("status", aliases=["progress"], help="show a thread's state (alias: progress)")
    status.add_argument("thread")
    status.add_argument("--json", action="store_true")

    files = sub.add_parser("files", help="print the files a deep agent wrote in a thread")
    files.add_argument("thread")
    files.add_argument("path", nargs="?", help="one file (with or without the leading /); omitted: list them all")

    lister = sub.add_parser("list", help="list recent threads")
    lister.add_argument("--limit", default="50", help="at most this many threads, 1..1000 (default 50)")
    lister.add_argument(
        "--status",
        choices=LIST_STATUSES,
        metavar="STATUS",
        help=f"only threads whose RubricStatus is STATUS: {', '.join(LIST_STATUSES)}",
    )
    lister.add_argument("--json", action="store_true", help="a JSON array of rows")


def _add_info_commands(sub: argparse._SubParsersAction) -> None:
    """What this machine offers: tools, providers, shell completion."""
    tools = sub.add_parser("tools", help="list the tools a worker started here offers (built-in, entry-point, MCP)")
    tools.add_argument("--json", action="store_true", help="a JSON array of {name, source, description}")

    doctor = sub.add_parser(
        "doctor", help="list the model providers and key variables a worker here has, and its model profiles"
    )
    doctor.add_argument("--json", action="store_true", help="print it as JSON")
    completion = sub.add_parser(
        "completion", help='print a shell completion script (eval "$(rubricflow completion bash)")'
    )
    completion.add_argument("shell", choices=("bash", "zsh"))


def _add_server_commands(sub: argparse._SubParsersAction) -> None:
    """The embedded server with a worker: dev, and the demo on it."""
    for name, text in (
        ("dev", "run the embedded Temporal server and a worker until Ctrl-C"),
        ("demo", "run the offline demo on the embedded server"),
    ):
        p = sub.add_parser(name, help=text)
        p.add_argument(
            "--data-dir",
            default=str(data_dir()),
            help="where the SQLite file and worker.log live (env RUBRICFLOW_DATA_DIR, default .rubricflow)",
        )
        p.add_argument(
            "--port",
            type=int,
            default=7233,
            help="gRPC port (Web UI on port+1000); 0: a new server on free ports, beside any other",
        )
        p.add_argument(
            "--verbose", action="store_true", help="show the worker's output here instead of in DATA_DIR/worker.log"
        )
        if name == "dev":
            p.add_argument(
                "--ui-port",
                type=int,
                default=8234,
                help="the web view's port on 127.0.0.1 (`rubricflow ui`; default 8234, 0: none)",
            )
        if name == "demo":
            p.add_argument(
                "--model", help=f"agent model (default: {DEMO_LOCAL_MODEL}; with --agent deep {DEMO_DEEP_MODEL})"
            )
            p.add_argument("--grader-model", help=f"grader model (default: {DEMO_GRADER_MODEL})")
            p.add_argument(
                "--temperature",
                help=f"the agent's sampling temperature, 0..2 (default {DEMO_TEMPERATURE:g} for the default agent "
                "and model: its most likely answer; an unchanged revision is asked again at 0.8)",
            )
            p.add_argument("--max-iterations", default="3", help="grading passes (1..20, default 3)")
            grading_flags(p)
            p.add_argument("--scripted", action="store_true", help="canned replies instead of a model")
            p.add_argument(
                "--agent",
                default="default",
                choices=["default", "deep"],
                help="default, or deep: a deepagents agent that writes solution.py",
            )


def _add_service_commands(sub: argparse._SubParsersAction) -> None:
    """The services a deployment runs: a worker, the web view, the codec server."""
    worker = sub.add_parser(
        "worker", help="run a worker (python -m rubricflow.worker) against TEMPORAL_ADDRESS until Ctrl-C"
    )
    worker.add_argument(
        "--health-port",
        type=int,
        default=None,
        help="serve /healthz and /readyz on this port (env RUBRICFLOW_HEALTH_PORT), for container probes",
    )
    # The web view is its own program (`python -m rubricflow.ui`): its options are its own,
    # passed on whole (`rubricflow ui --help` shows them).
    ui = sub.add_parser(
        "ui",
        help="serve a web view of threads, batches and review buttons (rubricflow ui --help: its options)",
        add_help=False,
        prefix_chars="+",
    )
    ui.add_argument("ui_args", nargs=argparse.REMAINDER, help="the web view's options: --host, --port, --token, ...")
    codec = sub.add_parser(
        "codec-server", help="decrypt payloads for the Temporal Web UI (needs RUBRICFLOW_CODEC_KEYS)"
    )
    codec.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default loopback; 0.0.0.0 in a container)"
    )
    codec.add_argument("--port", type=int, default=8081)
    codec.add_argument("--ui-origin", default="http://127.0.0.1:8233", help="the Web UI's origin, allowed by CORS")


EXIT_CODES_HELP = """exit codes:
  0    satisfied (or answered, with no rubric); any other command done; demo: any
       verdict (satisfied, max_iterations_reached, failed)
  1    another terminal status (max_iterations_reached, grader_error, failed), or the
       thread's workflow failed, was cancelled, terminated or timed out
  2    bad input, refused before anything starts (also: an unknown thread id)
  3    cannot reach the Temporal server
  130  interrupted (Ctrl-C): the thread goes on; `rubricflow watch ID` re-attaches
  141  the output pipe closed (e.g. `| head`)"""


def package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("rubricflow")
    except PackageNotFoundError:
        return "unknown"

"""`rubricflow`: start, follow and inspect grading runs from a terminal.

Exit codes: 0 satisfied (or answered, with no rubric), 1 any other terminal status or
a failed run, 2 bad input (refused before anything starts).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

from pydantic import ValidationError
from temporalio.client import WorkflowFailureError, WorkflowUpdateFailedError
from temporalio.service import RPCError, RPCStatusCode

from rubricflow.activities.models import ModelConfigError
from rubricflow.activities.checks import default_checks
from rubricflow.activities.tools import default_registry
from rubricflow.client import Rubricflow, RunRefused, check_names
from rubricflow.codec import CodecConfigError
from rubricflow.devserver import DEFAULT_DATA_DIR, DevServerError, start_dev_server, with_address
from rubricflow.settings import connect, task_queue
from rubricflow.workflows.types import (
    DEFAULT_MAX_ITERATIONS,
    DEFAULT_STEP_TIMEOUT_S,
    MAX_STEP_TIMEOUT_S,
    MAX_ITERATIONS,
    MAX_IDLE_TIMEOUT_S,
    MIN_ITERATIONS,
    AgentSettings,
    ApproveInput,
    ExtendInput,
    RejectInput,
    SubmitInput,
    GraderSettings,
    Progress,
    RunEvent,
    RunInput,
)

EXIT_OK, EXIT_NOT_SATISFIED, EXIT_BAD_INPUT = 0, 1, 2


class BadInput(Exception):
    """Refused before anything starts; the message says what to fix."""


def _exit_code(status: str) -> int:
    return EXIT_OK if status in ("satisfied", "answered") else EXIT_NOT_SATISFIED


def _read_text_arg(value: str, what: str) -> str:
    """TEXT, or @FILE for the contents of FILE."""
    if not value.startswith("@"):
        return value
    path = Path(value[1:])
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"cannot read {what} file {str(path)!r}: {exc.strerror}") from exc


def _iterations(value: str) -> int:
    return _whole(value, "--max-iterations", MIN_ITERATIONS, MAX_ITERATIONS)


def _whole(value: str, flag: str, low: int, high: int, kind: str = "a whole number") -> int:
    text = value.strip()
    if not text.isdigit() or not low <= int(text) <= high:
        raise BadInput(f"{flag} must be {kind} from {low} to {high}, got {value!r}")
    return int(text)


def _validation_message(exc: ValidationError) -> str:
    lines = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"])
        message = err["msg"].removeprefix("Value error, ")
        lines.append(f"{where}: {message}" if where else message)
    return "; ".join(lines)


def build_run_input(args: argparse.Namespace) -> RunInput:
    model = args.model or os.environ.get("RUBRICFLOW_AGENT_MODEL")
    if not model:
        raise BadInput(
            "no agent model: pass --model provider:model-id (e.g. scripted:agent.json) "
            "or set RUBRICFLOW_AGENT_MODEL"
        )
    rubric = _read_text_arg(args.rubric, "rubric") if args.rubric is not None else None
    step_timeout = (
        _whole(args.step_timeout, "--step-timeout", 1, MAX_STEP_TIMEOUT_S)
        if args.step_timeout is not None
        else DEFAULT_STEP_TIMEOUT_S
    )
    grader = None
    if rubric is not None:
        grader_model = args.grader_model or os.environ.get("RUBRICFLOW_GRADER_MODEL") or model
        grader = GraderSettings(
            model=grader_model,
            system_prompt=args.grader_prompt,
            tools=args.grader_tool or [],
            max_iterations=(
                _iterations(args.max_iterations)
                if args.max_iterations is not None
                else DEFAULT_MAX_ITERATIONS
            ),
            timeout_s=step_timeout,
        )
    elif args.max_iterations is not None or args.grader_model:
        raise BadInput("--max-iterations and --grader-model need a --rubric")
    return RunInput(
        message=_read_text_arg(args.prompt, "prompt"),
        rubric=rubric,
        agent=AgentSettings(
            model=model, system_prompt=args.system_prompt, tools=args.tool or [], timeout_s=step_timeout
        ),
        grader=grader,
        idle_timeout_s=_seconds(args.idle_timeout, "--idle-timeout"),
    )


def _seconds(value: str, flag: str) -> int:
    return _whole(value, flag, 0, MAX_IDLE_TIMEOUT_S, kind="whole seconds")


# Rendering ----------------------------------------------------------------------


def render_event(event: RunEvent, out: TextIO, elapsed: float) -> None:
    stamp = f"[{elapsed:6.1f}s]"
    if event.type == "agent_turn_start":
        out.write(f"{stamp} agent turn (iteration {event.iteration})...\n")
    elif event.type == "agent_turn_end":
        out.write(f"{stamp} agent answered ({len(event.answer or '')} characters)\n")
    elif event.type == "rubric_evaluation_start":
        out.write(f"{stamp} grading pass {event.iteration}...\n")
    elif event.type == "rubric_evaluation_end":
        flag = " (unverified)" if event.unverified else ""
        out.write(f"{stamp} verdict: {event.result}{flag} - {event.explanation}\n")
        for criterion in event.criteria or []:
            if criterion.passed:
                out.write(f"    [pass] {criterion.name}\n")
            else:
                gap = (criterion.gap or "").strip().replace("\n", "\n           ")
                out.write(f"    [FAIL] {criterion.name}: {gap}\n")
    out.flush()


def render_final(progress: Progress, out: TextIO) -> None:
    passes = len([e for e in progress.evaluations if e.grading_run_id == progress.grading_run_id])
    out.write(f"\nstatus: {progress.status}")
    if progress.grading_run_id:
        out.write(f" after {passes} grading pass(es) (grading run {progress.grading_run_id})")
    out.write(f"\nthread: {progress.thread_id}\n\nanswer:\n{progress.answer or '(none)'}\n")


def result_json(progress: Progress) -> dict[str, Any]:
    return {
        "thread_id": progress.thread_id,
        "grading_run_id": progress.grading_run_id,
        "status": progress.status,
        "iterations": progress.iteration,
        "evaluations": [e.model_dump(mode="json") for e in progress.evaluations],
        "answer": progress.answer,
    }


# Commands ----------------------------------------------------------------------


async def follow(rf: Rubricflow, thread_id: str, as_json: bool, out: TextIO) -> int:
    """Print the thread's events up to the end of the current run, then its state."""
    started = asyncio.get_running_loop().time()
    async for event in rf.events(thread_id):
        if not as_json:
            render_event(event, out, asyncio.get_running_loop().time() - started)
    try:
        progress = await rf.progress(thread_id)
    except WorkflowFailureError as err:
        cause = err.cause
        message = getattr(cause, "message", None) or str(cause or err)
        if as_json:
            out.write(json.dumps({"thread_id": thread_id, "status": "error", "error": message}) + "\n")
        else:
            out.write(f"\nrun failed: {message}\n")
        return EXIT_NOT_SATISFIED
    if as_json:
        out.write(json.dumps(result_json(progress), indent=2) + "\n")
    else:
        render_final(progress, out)
    return _exit_code(progress.status)


async def cmd_run(args: argparse.Namespace, out: TextIO) -> int:
    run = build_run_input(args)
    check_names(run, default_registry().names(), default_checks().names())
    rf = Rubricflow(await connect())
    handle = await rf.start(run, args.thread)
    if not args.json:
        out.write(f"thread {handle.thread_id} started on task queue {rf.queue!r}\n")
    return await follow(rf, handle.thread_id, args.json, out)


async def cmd_status(args: argparse.Namespace, out: TextIO) -> int:
    rf = Rubricflow(await connect())
    progress = await rf.progress(args.thread)
    if args.json:
        data = result_json(progress) | {"phase": progress.phase}
        out.write(json.dumps(data, indent=2) + "\n")
    else:
        out.write(
            f"thread {progress.thread_id}: {progress.status} (phase {progress.phase}, "
            f"iteration {progress.iteration}"
            + (f" of {progress.max_iterations}" if progress.max_iterations else "")
            + ")\n"
        )
        for e in progress.evaluations:
            out.write(f"  pass {e.iteration}: {e.result} - {e.explanation}\n")
        out.write(f"answer:\n{progress.answer or '(none yet)'}\n")
    return EXIT_OK


async def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    rf = Rubricflow(await connect())
    for thread_id, status, started in await rf.list(args.limit, args.status):
        out.write(f"{thread_id}\t{status}\t{started}\n")
    return EXIT_OK


async def cmd_send(args: argparse.Namespace, out: TextIO) -> int:
    rubric = _read_text_arg(args.rubric, "rubric") if args.rubric is not None else None
    grader = None
    if args.grader_model or args.max_iterations is not None:
        if not args.grader_model:
            raise BadInput("--max-iterations with send needs --grader-model")
        grader = GraderSettings(
            model=args.grader_model,
            max_iterations=_iterations(args.max_iterations) if args.max_iterations else DEFAULT_MAX_ITERATIONS,
        )
    message = SubmitInput(message=_read_text_arg(args.message, "message"), rubric=rubric, grader=grader)
    rf = Rubricflow(await connect())
    start = None
    if args.model:
        # Create the thread if it does not exist yet (update-with-start).
        start = RunInput(
            agent=AgentSettings(model=args.model),
            grader=grader,
            idle_timeout_s=_seconds(args.idle_timeout, "--idle-timeout"),
        )
    if args.no_wait:
        await rf.send(args.thread, message)
        out.write(f"queued on thread {args.thread}; follow it with `rubricflow watch {args.thread}`\n")
        return EXIT_OK
    progress = await rf.submit(args.thread, message, start)
    if args.json:
        out.write(json.dumps(result_json(progress), indent=2) + "\n")
    else:
        for e in progress.evaluations[-3:]:
            out.write(f"  pass {e.iteration}: {e.result} - {e.explanation}\n")
        render_final(progress, out)
    return _exit_code(progress.status)


async def _update(args: argparse.Namespace, out: TextIO, call: Any) -> int:
    rf = Rubricflow(await connect())
    try:
        progress = await call(rf)
    except WorkflowUpdateFailedError as err:
        cause = err.cause
        raise BadInput(getattr(cause, "message", None) or str(cause)) from err
    out.write(
        f"thread {progress.thread_id}: {progress.status} (iteration {progress.iteration}"
        + (f" of {progress.max_iterations}" if progress.max_iterations else "")
        + ")\n"
    )
    return EXIT_OK


async def cmd_pause(args: argparse.Namespace, out: TextIO) -> int:
    return await _update(args, out, lambda rf: rf.pause(args.thread))


async def cmd_resume(args: argparse.Namespace, out: TextIO) -> int:
    return await _update(args, out, lambda rf: rf.resume(args.thread))


async def cmd_approve(args: argparse.Namespace, out: TextIO) -> int:
    review = ApproveInput(reviewer=args.reviewer, note=args.note or "")
    return await _update(args, out, lambda rf: rf.approve(args.thread, review))


async def cmd_reject(args: argparse.Namespace, out: TextIO) -> int:
    review = RejectInput(feedback=_read_text_arg(args.feedback, "feedback"), reviewer=args.reviewer)
    return await _update(args, out, lambda rf: rf.reject(args.thread, review))


async def cmd_extend(args: argparse.Namespace, out: TextIO) -> int:
    more = ExtendInput(iterations=_iterations(args.iterations))
    return await _update(args, out, lambda rf: rf.extend(args.thread, more))


async def cmd_cancel(args: argparse.Namespace, out: TextIO) -> int:
    await Rubricflow(await connect()).cancel(args.thread)
    out.write(f"cancellation requested for thread {args.thread}\n")
    return EXIT_OK


async def cmd_watch(args: argparse.Namespace, out: TextIO) -> int:
    """Follow a thread's events live (from offset 0 by default) until it closes."""
    rf = Rubricflow(await connect())
    try:
        await rf.handle(args.thread).handle.describe()
    except RPCError as err:
        if err.status == RPCStatusCode.NOT_FOUND:
            raise BadInput(f"no thread {args.thread!r} on this server (see `rubricflow list`)") from err
        raise
    started = asyncio.get_running_loop().time()
    async for event in rf.events(args.thread, args.from_offset, follow=True):
        render_event(event, out, asyncio.get_running_loop().time() - started)
        if event.type == "run_end":
            out.write(f"  run ended: {event.status}\n")
            out.flush()
    out.write(f"thread {args.thread} closed\n")
    return EXIT_OK


async def _serve(args: argparse.Namespace, out: TextIO, body: Any) -> int:
    """Start (or reuse) the embedded server and a worker in this process, then run `body`."""
    from rubricflow.worker import ensure_search_attributes, install_stop_handlers, run_worker

    server = await start_dev_server(Path(args.data_dir), port=args.port)
    with_address(server)
    where = "reusing" if server.process is None else "started"
    out.write(
        f"temporal dev server {where} at {server.address} (Web UI {server.ui_url}"
        + (f", SQLite {server.db_file}" if server.db_file else "")
        + ")\n"
    )
    out.flush()
    stop = asyncio.Event()
    install_stop_handlers(stop)
    client = await connect()
    await ensure_search_attributes(client)  # before the body starts runs (run_worker checks too)
    worker_task = asyncio.create_task(run_worker(client, stop))
    try:
        return await body(client, stop, server)
    finally:
        stop.set()
        await worker_task
        server.stop()


async def cmd_dev(args: argparse.Namespace, out: TextIO) -> int:
    async def until_stopped(client: Any, stop: asyncio.Event, server: Any) -> int:
        out.write(f"worker running on task queue {task_queue()!r}; Ctrl-C to stop\n")
        out.flush()
        await stop.wait()
        return EXIT_OK

    return await _serve(args, out, until_stopped)


def _demo_file(name: str) -> str:
    return str(resources.files("rubricflow").joinpath("examples", "find_duplicates", name))


DEMO_TASK = (
    "Write a Python function find_duplicates(items) that returns the values that appear "
    "more than once in a list, each once, in order of first appearance."
)
DEMO_SYSTEM_PROMPT = (
    "You are a careful Python programmer. Answer with the complete code in one ```python "
    "code block, then one sentence. When you are asked to revise, give the whole revised "
    "code again."
)


def _demo_models(args: argparse.Namespace) -> tuple[str, str, str]:
    """(agent model, grader model, what to say about them)."""
    if args.scripted:
        return (
            f"scripted:{_demo_file('agent.json')}",
            f"scripted:{_demo_file('grader.json')}",
            "scripted models (no model runs: the replies are canned, the tests are real)",
        )
    from rubricflow.activities.local_models import DEFAULT_LOCAL_MODEL

    default = f"local:{DEFAULT_LOCAL_MODEL}"
    agent, grader = args.model or default, args.grader_model or args.model or default
    return agent, grader, f"agent {agent}, grader {grader}, on this machine's CPU"


async def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    agent_model, grader_model, about = _demo_models(args)
    max_iterations = _iterations(args.max_iterations)
    for model in {agent_model, grader_model}:
        if model.startswith("local:"):
            _check_local(model)
    run = RunInput(
        message=DEMO_TASK,
        rubric=Path(_demo_file("rubric.md")).read_text(encoding="utf-8"),
        agent=AgentSettings(model=agent_model, system_prompt=DEMO_SYSTEM_PROMPT),
        grader=GraderSettings(model=grader_model, max_iterations=max_iterations),
    )

    async def demo(client: Any, stop: asyncio.Event, server: Any) -> int:
        out.write(
            f"demo: {about}.\nThe rubric has a check-backed criterion (the rubric's tests "
            "really run on the agent's code, isolated) and criteria the grader model "
            f"judges; up to {max_iterations} grading passes.\n\n"
        )
        rf = Rubricflow(client)
        handle = await rf.start(run)
        out.write(f"thread {handle.thread_id}\n")
        code = await follow(rf, handle.thread_id, False, out)
        out.write(
            f"\nsee the run: {server.ui_url}/namespaces/default/workflows/{handle.thread_id}"
            f"\n(the history is kept in {server.db_file or 'the running server'}; "
            "`rubricflow dev` serves it again)\n"
        )
        return code

    return await _serve(args, out, demo)


def _check_local(model: str) -> None:
    """Refuse a local model that is not installed before starting anything."""
    from rubricflow.activities.local_models import find_parts, lookup, runtime_available

    if not runtime_available():
        raise BadInput(
            f"{model} needs the local-model runtime: run `bash deploy/install.sh` "
            "(or try `rubricflow demo --scripted`, which needs no model)"
        )
    try:
        find_parts(lookup(model.partition(":")[2]))
    except ModelConfigError as exc:
        raise BadInput(str(exc)) from exc


async def cmd_codec_server(args: argparse.Namespace, out: TextIO) -> int:
    from rubricflow.codec import codec_from_env, codec_server

    codec = codec_from_env()
    if codec is None:
        raise BadInput("set RUBRICFLOW_CODEC_KEYS (ID:BASE64KEY,...) to serve the codec")
    server = codec_server(codec, args.host, args.port, args.ui_origin)
    out.write(f"codec server on http://{args.host}:{args.port} for {args.ui_origin}; Ctrl-C to stop\n")
    out.flush()
    stop = asyncio.Event()
    from rubricflow.worker import install_stop_handlers

    install_stop_handlers(stop)
    loop = asyncio.get_running_loop()
    serving = loop.run_in_executor(None, server.serve_forever)
    await stop.wait()
    server.shutdown()
    await serving
    return EXIT_OK


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rubricflow", description="LLM agents that must meet a rubric, run on Temporal."
    )
    sub = parser.add_subparsers(dest="command", required=True)

    run = sub.add_parser("run", help="start a thread and follow it to a verdict")
    run.add_argument("prompt", help="the task for the agent (TEXT or @FILE)")
    run.add_argument("--rubric", help="what done looks like (TEXT or @FILE); omit for no grading")
    run.add_argument("--model", help="agent model 'provider:model-id' (env RUBRICFLOW_AGENT_MODEL)")
    run.add_argument("--grader-model", help="grader model (env RUBRICFLOW_GRADER_MODEL; default: --model)")
    run.add_argument("--max-iterations", help=f"grader passes allowed, {MIN_ITERATIONS}..{MAX_ITERATIONS} (default {DEFAULT_MAX_ITERATIONS})")
    run.add_argument("--step-timeout", help="seconds one agent turn or grader pass may run before it is cut off and retried, 1..3600 (default 600)")
    run.add_argument("--system-prompt", help="the agent's system prompt")
    run.add_argument("--grader-prompt", help="replaces the built-in grader system prompt")
    run.add_argument("--tool", action="append", help="agent tool by name (repeatable)")
    run.add_argument("--grader-tool", action="append", help="grader evidence tool by name (repeatable)")
    run.add_argument("--thread", help="thread id (default: a new one)")
    run.add_argument("--idle-timeout", default="0", help="seconds the thread waits for a follow-up before it closes (default 0: close after this run)")
    run.add_argument("--json", action="store_true", help="print one JSON object at the end")

    send = sub.add_parser("send", help="send a message (follow-up) to a thread and wait for the outcome")
    send.add_argument("thread")
    send.add_argument("message", help="TEXT or @FILE")
    send.add_argument("--rubric", help="a new rubric (TEXT or @FILE); omitted: the thread's rubric persists")
    send.add_argument("--grader-model", help="grader model for the new rubric")
    send.add_argument("--max-iterations", help="grader passes for the new rubric (1..20)")
    send.add_argument("--model", help="agent model: create the thread if it does not exist")
    send.add_argument("--idle-timeout", default="3600", help="with --model, for a new thread (default 3600)")
    send.add_argument("--no-wait", action="store_true", help="queue the message and return (a signal)")
    send.add_argument("--json", action="store_true")

    for name, text in (("pause", "pause the in-flight work"), ("resume", "resume a paused run"),
                       ("cancel", "cancel the thread")):
        sub.add_parser(name, help=text).add_argument("thread")
    approve = sub.add_parser("approve", help="approve as a person: the run ends satisfied")
    approve.add_argument("thread")
    approve.add_argument("--reviewer", default=os.environ.get("USER", "reviewer"))
    approve.add_argument("--note")
    reject = sub.add_parser("reject", help="reject with feedback: a needs_revision pass from a person")
    reject.add_argument("thread")
    reject.add_argument("--feedback", required=True, help="TEXT or @FILE")
    reject.add_argument("--reviewer", default=os.environ.get("USER", "reviewer"))
    extend = sub.add_parser("extend", help="grant more iterations after max_iterations_reached")
    extend.add_argument("thread")
    extend.add_argument("--iterations", required=True)
    watch = sub.add_parser("watch", help="follow a thread's events live until it closes")
    watch.add_argument("thread")
    watch.add_argument("--from", dest="from_offset", type=int, default=0, help="event offset to replay from (default 0)")

    status = sub.add_parser("status", help="show a thread's state")
    status.add_argument("thread")
    status.add_argument("--json", action="store_true")

    lister = sub.add_parser("list", help="list recent threads")
    lister.add_argument("--limit", type=int, default=50)
    lister.add_argument("--status", help="only threads whose RubricStatus is this (e.g. needs_revision, satisfied)")

    for name, text in (
        ("dev", "run the embedded Temporal server and a worker until Ctrl-C"),
        ("demo", "run the offline demo on the embedded server"),
    ):
        p = sub.add_parser(name, help=text)
        p.add_argument("--data-dir", default=str(DEFAULT_DATA_DIR), help="where the SQLite file lives")
        p.add_argument("--port", type=int, default=7233, help="gRPC port (Web UI on port+1000)")
        if name == "demo":
            p.add_argument("--model", help="agent model (default: local:qwen2.5-coder-0.5b)")
            p.add_argument("--grader-model", help="grader model (default: the agent's model)")
            p.add_argument("--max-iterations", default="3", help="grading passes (1..20, default 3)")
            p.add_argument("--scripted", action="store_true", help="canned replies instead of a model")

    sub.add_parser("worker", help="run a worker against TEMPORAL_ADDRESS")
    codec = sub.add_parser("codec-server", help="decrypt payloads for the Temporal Web UI (needs RUBRICFLOW_CODEC_KEYS)")
    codec.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default loopback; 0.0.0.0 in a container)"
    )
    codec.add_argument("--port", type=int, default=8081)
    codec.add_argument("--ui-origin", default="http://127.0.0.1:8233", help="the Web UI's origin, allowed by CORS")
    return parser


COMMANDS = {
    "run": cmd_run,
    "send": cmd_send,
    "pause": cmd_pause,
    "resume": cmd_resume,
    "approve": cmd_approve,
    "reject": cmd_reject,
    "extend": cmd_extend,
    "cancel": cmd_cancel,
    "watch": cmd_watch,
    "codec-server": cmd_codec_server,
    "status": cmd_status,
    "list": cmd_list,
    "dev": cmd_dev,
    "demo": cmd_demo,
}


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    args = _parser().parse_args(argv)
    if args.command == "worker":
        from rubricflow.worker import main as worker_main

        worker_main()
        return EXIT_OK
    try:
        return asyncio.run(COMMANDS[args.command](args, out))
    except BadInput as exc:
        sys.stderr.write(f"rubricflow: {exc}\n")
        return EXIT_BAD_INPUT
    except ValidationError as exc:
        sys.stderr.write(f"rubricflow: {_validation_message(exc)}\n")
        return EXIT_BAD_INPUT
    except (ModelConfigError, RunRefused) as exc:
        sys.stderr.write(f"rubricflow: {exc}\n")
        return EXIT_BAD_INPUT
    except RPCError as exc:
        if exc.status == RPCStatusCode.NOT_FOUND:
            sys.stderr.write(f"rubricflow: not found ({exc.message}); check the thread id with `rubricflow list`\n")
            return EXIT_BAD_INPUT
        raise
    except CodecConfigError as exc:
        sys.stderr.write(f"rubricflow: {exc}\n")
        return EXIT_BAD_INPUT
    except DevServerError as exc:
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


if __name__ == "__main__":
    entrypoint()

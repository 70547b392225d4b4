"""The commands: each takes the parsed arguments and a stream, and returns an exit code."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

from temporalio.client import Client, WorkflowFailureError, WorkflowUpdateFailedError
from temporalio.service import RPCError, RPCStatusCode

from rubricflow.cli.inputs import BadInput, build_run_input, iterations, read_text_arg, seconds
from rubricflow.cli.render import render_counts, render_event, render_final, result_json
from rubricflow.cli.serve import (
    WorkerProcess,
    install_stop_handlers,
    run_worker_in_foreground,
    serve,
)
from rubricflow.client import Rubricflow, ThreadStuck, check_input, check_names
from rubricflow.devserver import DevServer
from rubricflow.preflight import check_names as known_checks
from rubricflow.preflight import tool_names
from rubricflow.settings import connect, task_queue
from rubricflow.workflows.types import (
    DEFAULT_MAX_ITERATIONS,
    AgentSettings,
    ApproveInput,
    ExtendInput,
    GraderSettings,
    RejectInput,
    RunInput,
    SubmitInput,
)

EXIT_OK, EXIT_NOT_SATISFIED, EXIT_BAD_INPUT = 0, 1, 2


def exit_code(status: str) -> int:
    return EXIT_OK if status in ("satisfied", "answered") else EXIT_NOT_SATISFIED


def preflight(run: RunInput) -> None:
    """What a default worker on this machine would refuse, refused now: unknown or
    uninstalled model providers, unknown tools and checks."""
    check_input(run, installed=True)
    check_names(run, tool_names(), known_checks())


async def follow(rf: Rubricflow, thread_id: str, as_json: bool, out: TextIO) -> int:
    """Print the thread's events up to the end of the current run, then its state."""
    started = asyncio.get_running_loop().time()
    async for event in rf.events(thread_id, on_outage=say_outage):
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
    return exit_code(progress.status)


async def cmd_run(args: argparse.Namespace, out: TextIO) -> int:
    run = build_run_input(args)
    preflight(run)
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
        if progress.hooks_failed:
            out.write(f"hooks failed: {progress.hooks_failed} (see `rubricflow watch {progress.thread_id}`)\n")
        out.write(f"answer:\n{progress.answer or '(none yet)'}\n")
    return EXIT_OK


async def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    rf = Rubricflow(await connect())
    for thread_id, status, started in await rf.list(args.limit, args.status):
        out.write(f"{thread_id}\t{status}\t{started}\n")
    return EXIT_OK


async def cmd_send(args: argparse.Namespace, out: TextIO) -> int:
    rubric = read_text_arg(args.rubric, "rubric") if args.rubric is not None else None
    grader = None
    if args.grader_model or args.max_iterations is not None:
        if not args.grader_model:
            raise BadInput("--max-iterations with send needs --grader-model")
        grader = GraderSettings(
            model=args.grader_model,
            max_iterations=iterations(args.max_iterations) if args.max_iterations else DEFAULT_MAX_ITERATIONS,
        )
    message = SubmitInput(message=read_text_arg(args.message, "message"), rubric=rubric, grader=grader)
    rf = Rubricflow(await connect())
    await warn_without_workers(rf)
    start = None
    if args.model:
        # Create the thread if it does not exist yet (update-with-start).
        start = RunInput(
            agent=AgentSettings(model=args.model),
            grader=grader,
            idle_timeout_s=seconds(args.idle_timeout, "--idle-timeout"),
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
    return exit_code(progress.status)


def say_outage(line: str) -> None:
    sys.stderr.write(f"rubricflow: {line}\n")
    sys.stderr.flush()


async def warn_without_workers(rf: Rubricflow) -> None:
    """Say at once when no worker polls the task queue: the message would wait silently."""
    if not await rf.workers_polling():
        sys.stderr.write(
            f"rubricflow: warning: no worker is polling task queue {rf.queue!r}; the message is "
            "queued and handled once a worker starts there (`rubricflow worker`, or check "
            "RUBRICFLOW_TASK_QUEUE)\n"
        )
        sys.stderr.flush()


async def _update(out: TextIO, call: Any) -> int:
    rf = Rubricflow(await connect())
    try:
        progress = await call(rf)
    except WorkflowUpdateFailedError as err:
        cause = err.cause
        raise BadInput(getattr(cause, "message", None) or str(cause)) from err
    out.write(render_counts(progress))
    return EXIT_OK


async def cmd_pause(args: argparse.Namespace, out: TextIO) -> int:
    return await _update(out, lambda rf: rf.pause(args.thread))


async def cmd_resume(args: argparse.Namespace, out: TextIO) -> int:
    return await _update(out, lambda rf: rf.resume(args.thread))


async def cmd_approve(args: argparse.Namespace, out: TextIO) -> int:
    review = ApproveInput(reviewer=args.reviewer, note=args.note or "")
    return await _update(out, lambda rf: rf.approve(args.thread, review))


async def cmd_reject(args: argparse.Namespace, out: TextIO) -> int:
    review = RejectInput(feedback=read_text_arg(args.feedback, "feedback"), reviewer=args.reviewer)
    return await _update(out, lambda rf: rf.reject(args.thread, review))


async def cmd_extend(args: argparse.Namespace, out: TextIO) -> int:
    more = ExtendInput(iterations=iterations(args.iterations, "--iterations"))
    return await _update(out, lambda rf: rf.extend(args.thread, more))


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
    stuck = await rf.stuck(args.thread)
    if stuck is not None:
        raise ThreadStuck(stuck)
    started = asyncio.get_running_loop().time()
    async for event in rf.events(args.thread, args.from_offset, follow=True, on_outage=say_outage):
        render_event(event, out, asyncio.get_running_loop().time() - started)
        if event.type == "run_end":
            out.write(f"  run ended: {event.status}\n")
            out.flush()
    out.write(f"thread {args.thread} closed\n")
    return EXIT_OK


async def cmd_worker(args: argparse.Namespace, out: TextIO) -> int:
    return await run_worker_in_foreground(out)


async def cmd_dev(args: argparse.Namespace, out: TextIO) -> int:
    async def serve_runs(client: Client, server: DevServer, worker: WorkerProcess) -> int:
        out.write(f"worker running on task queue {task_queue()!r}; Ctrl-C to stop\n")
        out.flush()
        code = await worker.process.wait()
        out.write(f"the worker exited with code {code}; {worker.where()}\n")
        return EXIT_NOT_SATISFIED

    return await serve(Path(args.data_dir), args.port, args.verbose, out, serve_runs, stopped=EXIT_OK)


def demo_file(name: str) -> str:
    return str(resources.files("rubricflow").joinpath("examples", "find_duplicates", name))


DEMO_LOCAL_MODEL = "local:qwen2.5-coder-0.5b"
DEMO_STOPPED = 130
"""Exit code of a demo stopped by Ctrl-C or SIGTERM (128 + SIGINT, as shells report it)."""
DEMO_TASK = (
    "Write a Python function find_duplicates(items) that returns the values that appear "
    "more than once in a list, each once, in order of first appearance."
)
DEMO_SYSTEM_PROMPT = (
    "You are a careful Python programmer. Answer with the complete code in one ```python "
    "code block, then one sentence. When you are asked to revise, give the whole revised "
    "code again."
)


def demo_models(args: argparse.Namespace) -> tuple[str, str, str]:
    """(agent model, grader model, what to say about them)."""
    if args.scripted:
        return (
            f"scripted:{demo_file('agent.json')}",
            f"scripted:{demo_file('grader.json')}",
            "scripted models (no model runs: the replies are canned, the tests are real)",
        )
    agent, grader = args.model or DEMO_LOCAL_MODEL, args.grader_model or args.model or DEMO_LOCAL_MODEL
    return agent, grader, f"agent {agent}, grader {grader}, on this machine's CPU"


async def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    agent_model, grader_model, about = demo_models(args)
    max_iterations = iterations(args.max_iterations)
    run = RunInput(
        message=DEMO_TASK,
        rubric=Path(demo_file("rubric.md")).read_text(encoding="utf-8"),
        agent=AgentSettings(model=agent_model, system_prompt=DEMO_SYSTEM_PROMPT),
        grader=GraderSettings(model=grader_model, max_iterations=max_iterations),
    )
    preflight(run)

    async def demo(client: Client, server: DevServer, worker: WorkerProcess) -> int:
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

    code = await serve(Path(args.data_dir), args.port, args.verbose, out, demo, stopped=DEMO_STOPPED)
    if code == DEMO_STOPPED:
        out.write("\nstopped: the thread stays on the server; `rubricflow dev` picks it up again\n")
    return code


async def cmd_codec_server(args: argparse.Namespace, out: TextIO) -> int:
    from rubricflow.codec import codec_from_env, codec_server

    codec = codec_from_env()
    if codec is None:
        raise BadInput("set RUBRICFLOW_CODEC_KEYS (ID:BASE64KEY,...) to serve the codec")
    server = codec_server(codec, args.host, args.port, args.ui_origin)
    out.write(f"codec server on http://{args.host}:{args.port} for {args.ui_origin}; Ctrl-C to stop\n")
    out.flush()
    stop = asyncio.Event()
    install_stop_handlers(stop)
    loop = asyncio.get_running_loop()
    serving = loop.run_in_executor(None, server.serve_forever)
    await stop.wait()
    server.shutdown()
    await serving
    return EXIT_OK


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
    "worker": cmd_worker,
    "dev": cmd_dev,
    "demo": cmd_demo,
}

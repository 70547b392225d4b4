"""The commands that run something until Ctrl-C: a worker, the embedded server with a
worker (`dev`), the codec server, the web view."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import signal
import sys
from pathlib import Path
from typing import TextIO

from temporalio.client import Client

from rubricflow.cli.exits import EXIT_OK
from rubricflow.cli.inputs import BadInput
from rubricflow.cli.serve import (
    WorkerProcess,
    WorkerStartError,
    run_worker_in_foreground,
    serve,
)
from rubricflow.devserver import DevServer
from rubricflow.settings import task_queue
from rubricflow.stopping import install_stop_handlers


async def cmd_worker(args: argparse.Namespace, out: TextIO) -> int:
    extra = {}
    if args.health_port is not None:
        if not 0 <= args.health_port <= 65535:
            raise BadInput(f"--health-port must be a port from 0 to 65535, got {args.health_port}")
        extra["RUBRICFLOW_HEALTH_PORT"] = str(args.health_port)
    return await run_worker_in_foreground(out, extra)


RESTART_BACKOFF_S = (1.0, 2.0, 5.0, 10.0, 30.0)
"""How long `dev` waits before it starts a worker that died again, by how many times in a
row it died within `STEADY_S` of starting."""
STEADY_S = 60.0


async def cmd_dev(args: argparse.Namespace, out: TextIO) -> int:
    async def serve_runs(client: Client, server: DevServer, worker: WorkerProcess) -> int:
        ui = await start_ui(args.ui_port, out) if args.ui_port else None
        try:
            await keep_worker(client, worker, out)
            return EXIT_OK  # keep_worker returns only when the worker cannot run: serve till Ctrl-C
        finally:
            if ui is not None:
                await stop_process(ui)

    return await serve(Path(args.data_dir), args.port, args.verbose, out, serve_runs, stopped=EXIT_OK)


async def keep_worker(client: Client, worker: WorkerProcess, out: TextIO) -> None:
    """Keep `dev`'s worker running: one that dies is started again after a backoff (longer
    each time it dies soon after starting), and the server stays up meanwhile. A worker
    that refuses its settings (exit 2) is not restarted: that is said, and the server
    keeps serving until Ctrl-C."""
    loop = asyncio.get_running_loop()
    failures = 0
    while True:
        out.write(f"worker running on task queue {task_queue()!r}; Ctrl-C to stop\n")
        out.flush()
        started = loop.time()
        code = await worker.process.wait()
        if code == 2:
            out.write(
                f"the worker refused its settings (exit 2; {worker.where()}): fix them and start "
                "`rubricflow dev` again; the server keeps running until Ctrl-C\n"
            )
            out.flush()
            await asyncio.Event().wait()
        failures = failures + 1 if loop.time() - started < STEADY_S else 1
        delay = RESTART_BACKOFF_S[min(failures, len(RESTART_BACKOFF_S)) - 1]
        out.write(f"the worker exited with code {code}; restarting it in {delay:g} s ({worker.where()})\n")
        out.flush()
        await asyncio.sleep(delay)
        await worker.restart()
        with contextlib.suppress(WorkerStartError):  # it died again before polling: the loop says so
            await worker.wait_until_polling(client, task_queue())


UI_PROGRAM = "rubricflow.ui"
"""The web view is its own program: the CLI runs it (and imports nothing of it)."""


async def start_ui(port: int, out: TextIO) -> asyncio.subprocess.Process:
    """The web view on loopback beside `dev`, as a child process on the same server;
    its first lines (the address and the action token) are passed on to `out`."""
    ui = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        UI_PROGRAM,
        "--port",
        str(port),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
    )
    assert ui.stdout is not None
    for _ in range(2):  # the address, then how to act with the token
        line = (await ui.stdout.readline()).decode()
        if not line:
            break
        out.write(line)
    out.flush()
    return ui


async def stop_process(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        process.terminate()
        try:
            await asyncio.wait_for(process.wait(), timeout=30)
        except TimeoutError:
            process.kill()
            await process.wait()


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


async def cmd_ui(args: argparse.Namespace, out: TextIO) -> int:
    """`rubricflow ui ARGS`: the web view's own program with ARGS, its output passed on
    line by line, SIGTERM passed on to it, and its exit code returned (a Ctrl-C reaches
    both processes; this one waits for the view to stop)."""
    ui = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        UI_PROGRAM,
        *args.ui_args,
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, lambda: ui.returncode is None and ui.terminate())
    try:
        await asyncio.gather(_pass_on(ui.stdout, out), _pass_on(ui.stderr, sys.stderr))
        code = await ui.wait()
    finally:
        loop.remove_signal_handler(signal.SIGTERM)
        await stop_process(ui)
    return code if code >= 0 else 128 - code


async def _pass_on(stream: asyncio.StreamReader | None, to: TextIO) -> None:
    assert stream is not None
    while line := await stream.readline():
        to.write(line.decode(errors="replace"))
        to.flush()

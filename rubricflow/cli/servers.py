"""The commands that run something until Ctrl-C: a worker, the embedded server with a
worker (`dev`), the codec server, the web view."""

from __future__ import annotations

import argparse
import asyncio
import signal
import sys
from pathlib import Path
from typing import TextIO

from temporalio.client import Client

from rubricflow.cli.exits import EXIT_NOT_SATISFIED, EXIT_OK
from rubricflow.cli.inputs import BadInput
from rubricflow.cli.serve import WorkerProcess, install_stop_handlers, run_worker_in_foreground, serve
from rubricflow.devserver import DevServer
from rubricflow.settings import task_queue


async def cmd_worker(args: argparse.Namespace, out: TextIO) -> int:
    extra = {}
    if args.health_port is not None:
        if not 0 <= args.health_port <= 65535:
            raise BadInput(f"--health-port must be a port from 0 to 65535, got {args.health_port}")
        extra["RUBRICFLOW_HEALTH_PORT"] = str(args.health_port)
    return await run_worker_in_foreground(out, extra)


async def cmd_dev(args: argparse.Namespace, out: TextIO) -> int:
    async def serve_runs(client: Client, server: DevServer, worker: WorkerProcess) -> int:
        ui = await start_ui(args.ui_port, out) if args.ui_port else None
        try:
            out.write(f"worker running on task queue {task_queue()!r}; Ctrl-C to stop\n")
            out.flush()
            code = await worker.process.wait()
            out.write(f"the worker exited with code {code}; {worker.where()}\n")
            return EXIT_NOT_SATISFIED
        finally:
            if ui is not None:
                await stop_process(ui)

    return await serve(Path(args.data_dir), args.port, args.verbose, out, serve_runs, stopped=EXIT_OK)


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

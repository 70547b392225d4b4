"""The commands that run something until Ctrl-C: a worker, the embedded server with a
worker (`dev`), the codec server, the web view."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
from pathlib import Path
from typing import TextIO

from temporalio.client import Client

from rubricflow.cli.exits import EXIT_OK
from rubricflow.cli.inputs import BadInput
from rubricflow.cli.serve import (
    WorkerProcess,
    WorkerStartError,
    install_stop_handlers,
    run_worker_in_foreground,
    serve,
)
from rubricflow.client import Rubricflow
from rubricflow.devserver import DevServer
from rubricflow.settings import task_queue


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


async def start_ui(port: int, out: TextIO) -> asyncio.subprocess.Process:
    """`rubricflow ui` on loopback beside `dev`, as a child process on the same server;
    its first lines (the address and the action token) are passed on to `out`."""
    ui = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "rubricflow.cli",
        "ui",
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
    """`rubricflow ui`: the web view, on loopback by default; the token guards every action."""
    import socket

    from rubricflow.ui.security import Guard, is_loopback, new_token
    from rubricflow.ui.server import serve as serve_ui

    loopback = is_loopback(args.host)
    if not loopback and not args.token:
        raise BadInput(
            f"--host {args.host} is not a loopback address: set --token (or RUBRICFLOW_UI_TOKEN) "
            "so that only people with it can read and act"
        )
    if not 0 <= args.port <= 65535:
        raise BadInput(f"--port must be a port from 0 to 65535, got {args.port}")
    token = args.token or new_token()
    rf = await Rubricflow.connect()
    family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.host, args.port))
    except OSError as err:
        sock.close()
        raise BadInput(
            f"cannot listen on {args.host}:{args.port} ({err.strerror}); choose another --port or --host"
        ) from None
    sock.listen(128)
    host, port = sock.getsockname()[:2]
    where = f"http://{f'[{host}]' if family == socket.AF_INET6 else host}:{port}/"
    out.write(f"rubricflow ui on {where} (task queue {rf.queue!r}); Ctrl-C to stop\n")
    if args.token:
        out.write(f"open {where}?token=TOKEN with your token to approve, reject or extend runs\n")
    else:
        out.write(
            f"to approve, reject or extend runs open {where}?token={token} (a new token each start; "
            "--token or RUBRICFLOW_UI_TOKEN fixes one)\n"
        )
    out.flush()
    await serve_ui(rf, Guard(token, open_reads=loopback), sock)
    return EXIT_OK

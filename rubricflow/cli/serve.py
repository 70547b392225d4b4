"""The embedded server and a worker for `rubricflow worker`, `dev` and `demo`.

The worker always runs as its own process, `python -m rubricflow.worker`, with the
environment this command resolved (server address, namespace, task queue, data dir): the
CLI never imports the worker or its activities (and so neither LangChain nor a model).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from temporalio.api.enums.v1 import TaskQueueKind, TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest
from temporalio.client import Client

from rubricflow.devserver import DevServer, free_port, start_dev_server, with_address
from rubricflow.preflight import DoctorReport
from rubricflow.settings import client_runtime, connect, task_queue
from rubricflow.stopping import install_stop_handlers

WORKER_STARTUP_TIMEOUT_S = 60.0
TOOL_LISTING_TIMEOUT_S = 600.0
"""A bound on `rubricflow tools`: the worker lists its MCP servers at once, each within
its own `timeout_s` (60 s unless the file says)."""
WORKER_STOP_TIMEOUT_S = 45.0
"""Longer than the worker's default graceful shutdown (30 s), so it is never cut short."""
POLLER_TYPES = (TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW, TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY)


class WorkerStartError(RuntimeError):
    """The worker process exited or never polled; the message says where its log is."""


class WorkerRefused(ValueError):
    """The worker refused its settings (it exited 2); the message is its own."""


def worker_env(data_dir: Path | None = None) -> dict[str, str]:
    """This process's environment, with what the CLI resolved made explicit."""
    env = {**os.environ, "RUBRICFLOW_TASK_QUEUE": task_queue()}
    if data_dir is not None:
        env["RUBRICFLOW_DATA_DIR"] = str(data_dir)
    return env


@dataclass
class WorkerProcess:
    process: asyncio.subprocess.Process
    log: Path | None
    env: dict[str, str] | None = None
    """The environment it was started with (`restart` starts it again with it)."""

    async def restart(self) -> None:
        """A new worker process in place of this one, which has exited."""
        assert self.env is not None and self.process.returncode is not None
        self.process = (await start_worker(self.env, self.log)).process

    @property
    def identity(self) -> str:
        """The identity the worker's client polls with (the SDK's default: pid@host)."""
        return f"{self.process.pid}@{socket.gethostname()}"

    def where(self) -> str:
        return f"see {self.log}" if self.log else "see its output above"

    async def wait_until_polling(self, client: Client, queue: str, timeout_s: float = WORKER_STARTUP_TIMEOUT_S) -> None:
        """Return once this process polls `queue` for workflow and activity tasks."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout_s
        while not await self._polling(client, queue):
            if self.process.returncode is not None:
                raise WorkerStartError(
                    f"the worker exited with code {self.process.returncode} before it polled "
                    f"task queue {queue!r}; {self.where()}"
                )
            if loop.time() > deadline:
                raise WorkerStartError(
                    f"the worker did not poll task queue {queue!r} within {timeout_s:.0f}s; {self.where()}"
                )
            try:
                await asyncio.wait_for(self.process.wait(), timeout=0.2)
            except TimeoutError:
                pass

    async def _polling(self, client: Client, queue: str) -> bool:
        for kind in POLLER_TYPES:
            described = await client.workflow_service.describe_task_queue(
                DescribeTaskQueueRequest(
                    namespace=client.namespace,
                    task_queue=TaskQueue(name=queue, kind=TaskQueueKind.TASK_QUEUE_KIND_NORMAL),
                    task_queue_type=kind,
                )
            )
            if not any(p.identity == self.identity for p in described.pollers):
                return False
        return True

    async def stop(self, timeout_s: float = WORKER_STOP_TIMEOUT_S) -> int:
        """SIGTERM (the worker's graceful shutdown), then wait; kill only past `timeout_s`."""
        if self.process.returncode is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(self.process.wait(), timeout=timeout_s)
            except TimeoutError:
                self.process.kill()
                await self.process.wait()
        assert self.process.returncode is not None
        return self.process.returncode


async def start_worker(env: dict[str, str], log: Path | None) -> WorkerProcess:
    """`python -m rubricflow.worker` in its own session (a terminal's Ctrl-C reaches only
    this process, which stops the worker with SIGTERM); output appended to `log`, or to
    this terminal when `log` is None."""
    output: Any = None
    if log is not None:
        log.parent.mkdir(parents=True, exist_ok=True)
        output = log.open("ab")
    try:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "rubricflow.worker",
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT if output else None,
            start_new_session=True,
        )
    finally:
        if output is not None:
            output.close()
    return WorkerProcess(process, log, env)


async def worker_tools(timeout_s: float = TOOL_LISTING_TIMEOUT_S) -> list[dict[str, str]]:
    """The tools a worker started with this environment offers (built-in, entry-point and
    MCP tools: `name`, `source`, `description`), from `python -m rubricflow.worker
    --list-tools`, which lists them as the worker does when it starts."""
    rows: list[dict[str, str]] = await _worker_says(
        ["rubricflow.worker", "--list-tools"], "listing its tools", timeout_s
    )
    return rows


async def worker_doctor(timeout_s: float = TOOL_LISTING_TIMEOUT_S) -> DoctorReport:
    """What a worker started with this environment could build (`python -m
    rubricflow.doctor`, which reads the worker's settings as the worker does)."""
    report: DoctorReport = await _worker_says(["rubricflow.doctor"], "reporting what it can build", timeout_s)
    return report


async def _worker_says(module_args: list[str], doing: str, timeout_s: float) -> Any:
    """The JSON a worker-side command prints, run as its own process with this
    environment; `WorkerRefused` in its words when it refuses a setting (exit 2)."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        *module_args,
        env=worker_env(),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        stdout, stderr = await asyncio.wait_for(process.communicate(), timeout=timeout_s)
    except TimeoutError:
        process.kill()
        await process.wait()
        raise WorkerStartError(f"the worker did not finish {doing} within {timeout_s:.0f}s") from None
    said = stderr.decode("utf-8", "replace").strip()
    if process.returncode == 2 and said:
        last = said.splitlines()[-1]
        raise WorkerRefused(last.removeprefix("rubricflow worker: ").removeprefix("rubricflow doctor: "))
    if process.returncode != 0:
        last = said.splitlines()[-1] if said else "no output"
        raise WorkerStartError(f"the worker exited with code {process.returncode} {doing}: {last}")
    return json.loads(stdout)


Body = Callable[[Client, DevServer, WorkerProcess], Awaitable[int]]


async def serve(data_dir: Path, port: int, verbose: bool, out: TextIO, body: Body, stopped: int) -> int:
    """Start (or reuse) the embedded server and a worker process, run `body` until it
    returns or Ctrl-C/SIGTERM (then `stopped` is the exit code), then stop the worker
    (and the server, if this command started it). Port 0: a new server on free ports
    (gRPC and its Web UI), beside any other on this machine."""
    ui_port = None
    if port == 0:
        port, ui_port = free_port(), free_port()
    server = await start_dev_server(data_dir, port=port, ui_port=ui_port)
    try:
        with_address(server)
        where = "reusing" if server.process is None else "started"
        out.write(
            f"temporal dev server {where} at {server.address} (Web UI {server.ui_url}"
            + (f", SQLite {server.db_file}" if server.db_file else "")
            + ")\n"
        )
        log = None if verbose else data_dir / "worker.log"
        worker = await start_worker(worker_env(data_dir), log)
        try:
            if log is not None:
                out.write(f"worker log: {log} (--verbose shows it here)\n")
            out.flush()
            stop = asyncio.Event()
            install_stop_handlers(stop)
            client = await connect(runtime=client_runtime())
            await worker.wait_until_polling(client, task_queue())
            return await until_stopped(body(client, server, worker), stop, stopped)
        finally:
            await worker.stop()
    finally:
        server.stop()


async def until_stopped(work: Awaitable[int], stop: asyncio.Event, stopped: int) -> int:
    """`work`'s result, or `stopped` once `stop` is set first (`work` is then cancelled)."""
    working = asyncio.ensure_future(work)
    stopping = asyncio.ensure_future(stop.wait())
    await asyncio.wait({working, stopping}, return_when=asyncio.FIRST_COMPLETED)
    stopping.cancel()
    if working.done():
        return working.result()
    working.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await working
    return stopped


async def run_worker_in_foreground(out: TextIO, extra_env: dict[str, str] | None = None) -> int:
    """`rubricflow worker`: the worker process with this terminal's output, until Ctrl-C
    or SIGTERM (passed on as SIGTERM), or until it exits; its exit code is returned."""
    worker = await start_worker({**worker_env(), **(extra_env or {})}, None)
    stop = asyncio.Event()
    install_stop_handlers(stop)
    await until_stopped(worker.process.wait(), stop, 0)
    return await worker.stop()

"""The worker's health endpoints, for container probes (stdlib asyncio, no dependency).

- `GET /healthz`: 200 when this process is up and its Temporal client reaches the server
  (the gRPC health check, cut off after `rpc_timeout`); 503 otherwise. A liveness probe:
  restarting the container helps when the process cannot reach a server that others reach.
- `GET /readyz`: 200 only when the worker is running *and* the server lists a poller with
  this worker's identity on each kind of task queue the worker serves (workflow, activity),
  read with `DescribeTaskQueue` (the server keeps a poller listed for a few minutes after
  its last poll, so this answers "the server has seen this worker poll", not "a poll is
  open this instant"); 503 otherwise. A failed RPC is a 503 too: a worker cut off from
  its server takes no work.

Every answer is one line of text; a 503's line says why. Wire it into a worker with

    async with serve_health(client, worker, "0.0.0.0", port):
        ...  # run the worker
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta

from temporalio.api.enums.v1 import TaskQueueKind, TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest
from temporalio.client import Client
from temporalio.worker import Worker

RPC_TIMEOUT = timedelta(seconds=2)
READ_TIMEOUT_S = 5.0
MAX_REQUEST_LINE = 8192

log = logging.getLogger("rubricflow.health")


@dataclass(frozen=True)
class Verdict:
    ok: bool
    reason: str


class HealthChecks:
    """The two checks, apart from HTTP so that they can be called directly."""

    def __init__(self, client: Client, worker: Worker, *, rpc_timeout: timedelta = RPC_TIMEOUT) -> None:
        self.client = client
        self.worker = worker
        self.rpc_timeout = rpc_timeout

    @property
    def _server(self) -> str:
        return self.client.service_client.config.target_host

    async def live(self) -> Verdict:
        try:
            serving = await asyncio.wait_for(
                self.client.service_client.check_health(timeout=self.rpc_timeout),
                self.rpc_timeout.total_seconds() + 1,
            )
        except Exception as exc:  # RPCError, timeout, a dropped connection: all mean unreachable
            return Verdict(False, f"temporal server {self._server} unreachable: {_one_line(exc)}")
        if not serving:
            return Verdict(False, f"temporal server {self._server} answers but its workflow service is not serving")
        return Verdict(True, f"ok: connected to {self._server}")

    async def ready(self) -> Verdict:
        if not self.worker.is_running:
            state = "shut down" if self.worker.is_shutdown else "not started"
            return Verdict(False, f"worker on task queue {self.worker.task_queue!r} is {state}")
        config = self.worker.config(active_config=True)  # with what its plugins added
        identity = config.get("identity") or self.client.identity
        kinds = []
        if config["workflows"]:
            kinds.append(("workflow", TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW))
        if config["activities"]:
            kinds.append(("activity", TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY))
        for name, kind in kinds:
            request = DescribeTaskQueueRequest(
                namespace=self.client.namespace,
                task_queue=TaskQueue(name=self.worker.task_queue, kind=TaskQueueKind.TASK_QUEUE_KIND_NORMAL),
                task_queue_type=kind,
            )
            try:
                response = await asyncio.wait_for(
                    self.client.workflow_service.describe_task_queue(request, timeout=self.rpc_timeout),
                    self.rpc_timeout.total_seconds() + 1,
                )
            except Exception as exc:
                return Verdict(False, f"temporal server {self._server} unreachable: {_one_line(exc)}")
            if not any(poller.identity == identity for poller in response.pollers):
                return Verdict(
                    False,
                    f"no {name} poller with identity {identity!r} on task queue {self.worker.task_queue!r} yet",
                )
        return Verdict(True, f"ok: polling task queue {self.worker.task_queue!r} as {identity!r}")


def _one_line(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:300]


@dataclass
class HealthServer:
    """A running health server; `port` is the bound one (useful with port 0)."""

    host: str
    port: int
    checks: HealthChecks


async def _answer(checks: HealthChecks, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        request_line = await asyncio.wait_for(reader.readline(), READ_TIMEOUT_S)
        while True:  # the headers: read and ignored
            line = await asyncio.wait_for(reader.readline(), READ_TIMEOUT_S)
            if line in (b"\r\n", b"\n", b""):
                break
        parts = request_line.decode("latin-1").split()
        method, path = (parts[0], parts[1].split("?", 1)[0]) if len(parts) >= 2 else ("", "")
        if len(request_line) > MAX_REQUEST_LINE or not method:
            status, body = 400, "bad request"
        elif method not in ("GET", "HEAD"):
            status, body = 405, f"method {method} not allowed: use GET"
        elif path == "/healthz":
            verdict = await checks.live()
            status, body = (200 if verdict.ok else 503), verdict.reason
        elif path == "/readyz":
            verdict = await checks.ready()
            status, body = (200 if verdict.ok else 503), verdict.reason
        else:
            status, body = 404, f"no such endpoint {path}: use /healthz or /readyz"
        payload = (body + "\n").encode()
        phrase = {
            200: "OK",
            400: "Bad Request",
            404: "Not Found",
            405: "Method Not Allowed",
            503: "Service Unavailable",
        }
        head = (
            f"HTTP/1.1 {status} {phrase[status]}\r\n"
            "Content-Type: text/plain; charset=utf-8\r\n"
            f"Content-Length: {len(payload)}\r\n"
            "Cache-Control: no-store\r\n"
            "Connection: close\r\n\r\n"
        ).encode()
        writer.write(head if method == "HEAD" else head + payload)
        await writer.drain()
    except (TimeoutError, ConnectionError):
        pass  # a probe that hung up or never finished its request gets no answer
    finally:
        writer.close()
        with contextlib.suppress(ConnectionError):
            await writer.wait_closed()


@contextlib.asynccontextmanager
async def serve_health(
    client: Client,
    worker: Worker,
    host: str,
    port: int,
    *,
    rpc_timeout: timedelta = RPC_TIMEOUT,
) -> AsyncIterator[HealthServer]:
    """Serve `/healthz` and `/readyz` on `host:port` (port 0: any free one) for the block."""
    checks = HealthChecks(client, worker, rpc_timeout=rpc_timeout)
    server = await asyncio.start_server(lambda r, w: _answer(checks, r, w), host, port)
    bound = server.sockets[0].getsockname()[1]
    log.info("health endpoints on http://%s:%d/healthz and /readyz", host, bound)
    async with server:  # closes the listening socket on the way out
        yield HealthServer(host, bound, checks)

"""`watch` and `run` ride out a Temporal server outage: one line says the run goes on,
they reconnect with backoff, and follow the thread to its end once the server is back."""

from __future__ import annotations

import asyncio
import signal
import socket
from datetime import timedelta

import pytest
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.testing import WorkflowEnvironment

from rubricflow.client import Rubricflow, ServerUnreachable
from rubricflow.devserver import temporal_binary
from rubricflow.search_attributes import ensure_search_attributes
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import start_worker_process, thread_id, verdict, wait_for_running_activity
from tests.reliability import REPORT
from tests.test_cli import start_cli

pytestmark = [pytest.mark.reliability, pytest.mark.slow]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


async def own_server(port: int, db: str) -> WorkflowEnvironment:
    """A dev server of this test's own (the session's must not go down), on a fixed port
    and a database file, so that it comes back with the thread after a restart."""
    env = await WorkflowEnvironment.start_local(
        dev_server_existing_path=temporal_binary(),
        data_converter=pydantic_data_converter,
        port=port,
        dev_server_extra_args=["--db-filename", db],
    )
    await ensure_search_attributes(env.client)
    return env


async def test_watch_rides_out_a_server_outage(tmp_path, script):
    port, db = free_port(), str(tmp_path / "temporal.db")
    server = await own_server(port, db)
    queue = f"outage-{thread_id()}"
    worker = await start_worker_process(server.client, queue)
    try:
        rf = Rubricflow(server.client, queue)
        run = await rf.start(
            RunInput(
                message="go",
                rubric="- tests",
                idle_timeout_s=0,
                agent=AgentSettings(model=script({"content": "the answer", "delay_s": 3})),
                grader=GraderSettings(model=script(verdict("satisfied", "ok", tests=True))),
            ),
            thread_id(),
        )
        watcher = await start_cli(server.client, queue, "watch", run.thread_id)
        await wait_for_running_activity(run.handle)
        await server.shutdown()  # the server goes away mid-turn
        worker.send_signal(signal.SIGKILL)
        await worker.wait()
        line = (await asyncio.wait_for(watcher.stderr.readline(), 60)).decode()
        assert "lost the server" in line and "the run goes on there" in line, line
        assert watcher.returncode is None  # still there, reconnecting
        # The give-up time is stated and held: a follower with 2 s gives up in words.
        said: list[str] = []
        with pytest.raises(ServerUnreachable, match="unreachable for 2 s; thread .* goes on there"):
            async for _ in rf.events(run.thread_id, on_outage=said.append, give_up_after=timedelta(seconds=2)):
                pass
        assert len(said) == 1 and "the run goes on there" in said[0]
        server = await own_server(port, db)
        worker = await start_worker_process(server.client, queue)
        out, err = await asyncio.wait_for(watcher.communicate(), 180)
        out, err = out.decode(), line + err.decode()
        assert watcher.returncode == 0, err
        assert "run ended: satisfied" in out and "reconnected to the server" in err
        assert "Traceback" not in err and err.count("lost the server") == 1
        # One line when the server goes and one when it is back: the SDK's own retry
        # warnings (the Rust core's `WARN temporalio_client::retry`, one per retried call)
        # reach neither of a client's streams.
        assert "temporalio_client" not in out + err and "retried" not in out + err, out + err
        assert len(err.strip().splitlines()) == 2, err
        result = await Rubricflow(server.client, queue).handle(run.thread_id).result()
    finally:
        worker.send_signal(signal.SIGTERM)
        await worker.wait()
        await server.shutdown()
    REPORT.kill("Temporal server (watch followed through)")
    REPORT.run(run.thread_id, "satisfied", result.status)


async def test_a_cancelled_follower_never_reconnects():
    """The SDK may say a call cancelled under a follower (Ctrl-C) as an RPC error, which
    looks like an outage: a task that was asked to stop stops instead of reconnecting."""
    from rubricflow.outages import Outage

    said: list[str] = []
    outage = Outage("t", said.append, timedelta(minutes=5))

    async def follower() -> str:
        asyncio.current_task().cancel()
        try:
            await asyncio.sleep(0)
        except asyncio.CancelledError:  # what the SDK does: the cancel becomes another error
            err = RuntimeError("update RPC cancelled")
        await outage.lost(err)
        return "reconnected"

    task = asyncio.create_task(follower())
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(task, timeout=30)
    assert said == []  # no "lost the server" line for a Ctrl-C

"""The worker's /healthz and /readyz, against real Temporal dev servers."""

from __future__ import annotations

import asyncio
import uuid

import httpx
import pytest
from temporalio.contrib.pydantic import pydantic_data_converter

from rubricflow.devserver import connect_when_up, free_port, spawn_dev_server
from rubricflow.health import serve_health
from rubricflow.worker import build_worker

READY_WITHIN_S = 20.0


async def get(health, path: str) -> httpx.Response:
    async with httpx.AsyncClient(timeout=10) as http:
        return await http.get(f"http://127.0.0.1:{health.port}{path}")


async def until_status(health, path: str, status: int, within_s: float = READY_WITHIN_S) -> httpx.Response:
    """The endpoint's answer once it is `status`; fails with the last answer after `within_s`."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + within_s
    while True:
        response = await get(health, path)
        if response.status_code == status or loop.time() > deadline:
            return response
        await asyncio.sleep(0.2)


class TestRunningWorker:
    async def test_both_endpoints_answer_200_while_the_worker_polls(self, client, worker):
        async with serve_health(client, worker, "127.0.0.1", 0) as health:
            live = await get(health, "/healthz")
            assert live.status_code == 200, live.text
            ready = await until_status(health, "/readyz", 200)
            assert ready.status_code == 200, ready.text
            assert worker.task_queue in ready.text and client.identity in ready.text

    async def test_head_is_answered_without_a_body(self, client, worker):
        async with serve_health(client, worker, "127.0.0.1", 0) as health:
            async with httpx.AsyncClient(timeout=10) as http:
                response = await http.head(f"http://127.0.0.1:{health.port}/healthz")
        assert response.status_code == 200 and response.content == b""

    async def test_unknown_paths_and_methods_are_refused_with_what_to_use(self, client, worker):
        async with serve_health(client, worker, "127.0.0.1", 0) as health:
            missing = await get(health, "/metrics")
            async with httpx.AsyncClient(timeout=10) as http:
                posted = await http.post(f"http://127.0.0.1:{health.port}/healthz")
        assert missing.status_code == 404 and "/healthz or /readyz" in missing.text
        assert posted.status_code == 405 and "use GET" in posted.text


class TestNotReady:
    async def test_a_worker_not_started_is_live_but_not_ready(self, client, task_queue):
        idle = build_worker(client, queue=task_queue)
        async with serve_health(client, idle, "127.0.0.1", 0) as health:
            live = await get(health, "/healthz")
            ready = await get(health, "/readyz")
        assert live.status_code == 200, live.text
        assert ready.status_code == 503
        assert ready.text.strip() == f"worker on task queue {task_queue!r} is not started"

    async def test_a_worker_that_shut_down_is_not_ready(self, client, task_queue):
        stopped = build_worker(client, queue=task_queue)
        async with stopped:
            pass
        async with serve_health(client, stopped, "127.0.0.1", 0) as health:
            ready = await get(health, "/readyz")
        assert ready.status_code == 503 and "shut down" in ready.text


class TestServerGone:
    async def test_both_endpoints_fail_with_the_reason_when_the_server_dies(self):
        port = free_port()
        server = spawn_dev_server(port)
        try:
            client = await connect_when_up(f"127.0.0.1:{port}", server, data_converter=pydantic_data_converter)
            worker = build_worker(client, queue=f"tq-{uuid.uuid4().hex[:10]}")
            async with worker, serve_health(client, worker, "127.0.0.1", 0) as health:
                ready = await until_status(health, "/readyz", 200)
                assert ready.status_code == 200, ready.text
                assert (await get(health, "/healthz")).status_code == 200

                server.kill()
                await asyncio.to_thread(server.wait, 30)

                live = await get(health, "/healthz")
                ready = await get(health, "/readyz")
                assert live.status_code == 503
                assert live.text.startswith(f"temporal server 127.0.0.1:{port} unreachable")
                assert len(live.text.strip().splitlines()) == 1
                assert ready.status_code == 503
                assert ready.text.startswith(f"temporal server 127.0.0.1:{port} unreachable")
        finally:
            if server.poll() is None:
                server.kill()
                await asyncio.to_thread(server.wait, 30)


@pytest.mark.parametrize("path", ["/healthz", "/readyz"])
async def test_a_probe_that_sends_nothing_does_not_stop_the_server(client, worker, path):
    async with serve_health(client, worker, "127.0.0.1", 0) as health:
        _, writer = await asyncio.open_connection("127.0.0.1", health.port)
        writer.close()
        await writer.wait_closed()
        response = await until_status(health, path, 200)
    assert response.status_code == 200, response.text

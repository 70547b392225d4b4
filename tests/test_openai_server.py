"""A real OpenAI-compatible server over real HTTP: llama-cpp-python's `llama_cpp.server`
on the shipped 0.5B GGUF, reached through `openai` model profiles, and a fault-injecting
proxy in front of it that shows the provider-error table at work.

Asserts structure, never the model's wording. Time is bounded: one grader pass, small
`max_tokens`, one criterion."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import httpx
import pytest
import pytest_asyncio

from rubricflow.activities.config import DEFAULT_DATA_DIR
from rubricflow.activities.local_models import DEFAULT_LOCAL_MODEL, gguf_path, runtime_available
from rubricflow.activities.tools import ToolRegistry
from rubricflow.client import Rubricflow, RunFailed
from rubricflow.prices import thread_cost, with_prices
from rubricflow.worker import build_worker
from rubricflow.worker_env import config_from_env
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import activity_attempts, thread_id, until
from tests.reliability import REPORT
from tests.test_cli import wait_for_poller

pytestmark = [pytest.mark.reliability, pytest.mark.slow]

MODEL_ALIAS = "qwen2.5-coder-0.5b"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest_asyncio.fixture(scope="module", loop_scope="session")
async def llama_server() -> AsyncIterator[str]:
    """`python -m llama_cpp.server` on 127.0.0.1 and a free port; its `/v1` base URL."""
    assert runtime_available(), "the local extra is missing: run bash deploy/install.sh --dev"
    model = gguf_path(DEFAULT_LOCAL_MODEL, DEFAULT_DATA_DIR / "models")
    port = free_port()
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "llama_cpp.server",
        "--model",
        str(model),
        "--model_alias",
        MODEL_ALIAS,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--n_ctx",
        "4096",
        "--n_threads",
        "2",
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}/v1"
    try:
        async with httpx.AsyncClient() as http:

            async def serving() -> bool:
                assert proc.returncode is None, "llama_cpp.server exited before it served"
                with contextlib.suppress(httpx.HTTPError):
                    return (await http.get(f"{base}/models", timeout=5)).status_code == 200
                return False

            await until(serving, "llama_cpp.server answering /v1/models", 180, every_s=0.5)
        yield base
    finally:
        proc.terminate()
        with contextlib.suppress(ProcessLookupError):
            await asyncio.wait_for(proc.wait(), timeout=30)


def profiles_file(tmp_path: Path, base_url: str, *, timeout_s: int = 120) -> str:
    text = "\n".join(
        f"""[models.{name}]
provider = "openai"
model = "{MODEL_ALIAS}"
base_url = "{base_url}"
temperature = 0.0
max_tokens = {tokens}
timeout_s = {timeout_s}
structured_output = "json_mode"
input_usd_per_mtok = {price_in}
output_usd_per_mtok = {price_out}
"""
        for name, tokens, price_in, price_out in (("agent", 48, 1.0, 2.0), ("judge", 96, 3.0, 5.0))
    )
    path = tmp_path / "models.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.timeout(900)
async def test_a_thread_on_openai_profiles_against_a_real_server(client, task_queue, tmp_path, llama_server):
    env = {"RUBRICFLOW_MODELS": profiles_file(tmp_path, llama_server), "RUBRICFLOW_TASK_QUEUE": task_queue}
    run = RunInput(
        message="Write one short sentence that greets the reader.",
        rubric="- Greets the reader",
        agent=AgentSettings(model="profile:agent", timeout_s=600),
        grader=GraderSettings(model="profile:judge", max_iterations=1, grading="per_criterion", timeout_s=600),
    )
    async with build_worker(client, config=config_from_env(env), tools=ToolRegistry()):
        rf = Rubricflow(client, task_queue)
        await wait_for_poller(client, task_queue)
        answer = await rf.check(run)  # the worker prices its profiles; the client reads no models file
        assert answer is not None
        table = answer.prices
        handle = await rf.start(with_prices(run, table), thread_id())
        result = await asyncio.wait_for(handle.result(), timeout=800)
        progress = await handle.progress()

    assert result.status in ("satisfied", "needs_revision", "max_iterations_reached")
    [evaluation] = result.evaluations
    assert evaluation.result in ("satisfied", "needs_revision"), evaluation.explanation
    assert [c.name for c in evaluation.criteria] == ["Greets the reader"]
    # Tokens as the server's HTTP responses reported them, per profile.
    agent, judge = progress.usage_by_model["profile:agent"], progress.usage_by_model["profile:judge"]
    assert agent.input_tokens > 0 and agent.output_tokens > 0
    assert judge.input_tokens > 0 and judge.output_tokens > 0
    # The cost is the profiles' prices times those tokens, on the client and in the run.
    expected = (
        agent.input_tokens * 1.0 + agent.output_tokens * 2.0 + judge.input_tokens * 3.0 + judge.output_tokens * 5.0
    ) / 1e6
    cost, unpriced = thread_cost(progress.usage_by_model, table)
    assert unpriced == [] and cost == pytest.approx(expected)
    assert progress.run_cost_usd == pytest.approx(expected)


class FaultProxy:
    """An HTTP proxy on loopback that serves its `faults` in order, one per request, then
    forwards to `upstream`: `429` (with `retry-after`), `500`, `401`, `drop` (the
    connection closed unanswered) or `hang` (never answered)."""

    def __init__(self, upstream: str, faults: list[str], retry_after_s: int = 3) -> None:
        self.upstream, self.faults, self.retry_after_s = upstream, list(faults), retry_after_s
        self.served: list[tuple[str, float]] = []
        self.server: asyncio.Server | None = None
        self.hanging: list[asyncio.StreamWriter] = []

    async def __aenter__(self) -> str:
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", 0)
        return f"http://127.0.0.1:{self.server.sockets[0].getsockname()[1]}/v1"

    async def __aexit__(self, *exc: object) -> None:
        assert self.server is not None
        self.server.close()
        for writer in self.hanging:
            writer.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method, path, _ = lines[0].split(" ", 2)
                headers = {k.lower(): v.strip() for k, _, v in (ln.partition(":") for ln in lines[1:] if ln)}
                body = await reader.readexactly(int(headers.get("content-length", "0")))
                fault = self.faults.pop(0) if self.faults else "pass"
                self.served.append((fault, time.monotonic()))
                if fault == "drop":
                    writer.close()
                    return
                if fault == "hang":
                    self.hanging.append(writer)
                    return
                if fault in ("429", "500", "401"):
                    payload = b'{"error": {"message": "injected fault", "type": "injected"}}'
                    extra = f"retry-after: {self.retry_after_s}\r\n" if fault == "429" else ""
                    writer.write(
                        f"HTTP/1.1 {fault} Injected\r\ncontent-type: application/json\r\n{extra}"
                        f"content-length: {len(payload)}\r\n\r\n".encode()
                        + payload
                    )
                    await writer.drain()
                    continue
                async with httpx.AsyncClient(timeout=600) as http:
                    forwarded = {k: v for k, v in headers.items() if k not in ("host", "content-length", "connection")}
                    reply = await http.request(
                        method, self.upstream + path.removeprefix("/v1"), content=body, headers=forwarded
                    )
                payload = reply.content
                writer.write(
                    f"HTTP/1.1 {reply.status_code} OK\r\ncontent-type: application/json\r\n"
                    f"content-length: {len(payload)}\r\n\r\n".encode()
                    + payload
                )
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError):
            writer.close()


@pytest.mark.timeout(900)
async def test_provider_faults_over_real_http_are_retried_by_the_table(client, task_queue, tmp_path, llama_server):
    proxy = FaultProxy(llama_server, ["429", "500", "drop", "hang"])
    async with proxy as base:
        # The hang ends at the profile's HTTP timeout: a retryable timeout. The same timeout
        # bounds the real answer of the last attempt, so it is generous for 2 busy cores.
        env = {"RUBRICFLOW_MODELS": profiles_file(tmp_path, base, timeout_s=90), "RUBRICFLOW_TASK_QUEUE": task_queue}
        async with build_worker(client, config=config_from_env(env), tools=ToolRegistry()):
            handle = await Rubricflow(client, task_queue).start(
                RunInput(message="Say hello.", agent=AgentSettings(model="profile:agent", timeout_s=600)), thread_id()
            )
            result = await asyncio.wait_for(handle.result(), timeout=800)
    REPORT.fault("provider fault over HTTP", 4)
    REPORT.run(handle.thread_id, "answered", result.status)
    assert result.status == "answered"
    assert [f for f, _ in proxy.served] == ["429", "500", "drop", "hang", "pass"]
    assert await activity_attempts(handle.handle) == [("rubricflow.run_agent_turn", 5)]
    # The 429's retry-after (3 s) set the next attempt's delay, past the 1 s first interval.
    assert proxy.served[1][1] - proxy.served[0][1] >= 2.5


@pytest.mark.timeout(300)
async def test_an_auth_error_over_real_http_is_not_retried(client, task_queue, tmp_path, llama_server):
    proxy = FaultProxy(llama_server, ["401"])
    async with proxy as base:
        env = {"RUBRICFLOW_MODELS": profiles_file(tmp_path, base), "RUBRICFLOW_TASK_QUEUE": task_queue}
        async with build_worker(client, config=config_from_env(env), tools=ToolRegistry()):
            handle = await Rubricflow(client, task_queue).start(
                RunInput(message="Say hello.", agent=AgentSettings(model="profile:agent")), thread_id()
            )
            with pytest.raises(RunFailed) as caught:
                await asyncio.wait_for(handle.result(), timeout=200)
    assert "HTTP 401" in f"{caught.value} {caught.value.__cause__}"
    REPORT.fault("provider fault over HTTP")
    assert [f for f, _ in proxy.served] == ["401"]
    assert await activity_attempts(handle.handle) == [("rubricflow.run_agent_turn", 1)]

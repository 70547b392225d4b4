"""Tools from MCP servers: the worker's RUBRICFLOW_MCP file, its servers' tools in the
registry, calls from the agent and the grader against a real FastMCP server (stdio and
streamable HTTP), and what each kind of failure turns into."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, quote_plus

import anyio
import pytest
import pytest_asyncio
from mcp.shared.exceptions import McpError
from mcp.types import CONNECTION_CLOSED, ErrorData
from temporalio.api.enums.v1 import PendingActivityState

from rubricflow.activities.config import WorkerConfig
from rubricflow.activities.registries import TOOLS_ENTRY_POINT_GROUP
from rubricflow.activities.tools import worker_registry
from rubricflow.client import Rubricflow
from rubricflow.devserver import free_port
from rubricflow.errors import ConfigError
from rubricflow.plugin import serve_tools
from rubricflow.worker import build_worker
from rubricflow.worker_env import config_from_env
from rubricflow.workflows import errors
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import activity_attempts, last_failures, start_worker_process, thread_id, until, verdict
from tests.reliability import REPORT

SERVER = Path(__file__).with_name("mcp_server.py")
TOKEN = "mcp-test-token-7f3a"
"""The HTTP server's bearer token: it reaches the worker through its environment only."""


def stdio_server(**extra: Any) -> dict[str, Any]:
    return {"command": sys.executable, "args": [str(SERVER)], **extra}


def write_config(directory: Path, servers: dict[str, Any], name: str = "mcp.json") -> Path:
    path = directory / name
    path.write_text(json.dumps({"mcpServers": servers}), encoding="utf-8")
    return path


def mcp_env(path: Path, **extra: str) -> dict[str, str]:
    return {"RUBRICFLOW_MCP": str(path), "RUBRICFLOW_ALLOW_SCRIPTED": "1", **extra}


def recorded_script(directory: Path, name: str, *responses: Any) -> tuple[str, Path]:
    """A scripted model that also records what it was shown; (model string, record file)."""
    record = directory / f"{name}.jsonl"
    path = directory / f"{name}.json"
    path.write_text(json.dumps({"responses": list(responses), "record_to": str(record)}), encoding="utf-8")
    return f"scripted:{path}", record


def call(name: str, **args: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "args": args}]}


def tool_results(transcript: list[Any], name: str) -> list[str]:
    return [m.content for m in transcript if m.role == "tool" and m.name == name]


async def wait_port(port: int, process: asyncio.subprocess.Process, deadline_s: float = 60) -> None:
    async def listening() -> bool:
        if process.returncode is not None:
            raise AssertionError(f"the MCP HTTP server exited with {process.returncode}")
        try:
            _, writer = await asyncio.open_connection("127.0.0.1", port)
        except OSError:
            return False
        writer.close()
        await writer.wait_closed()
        return True

    await until(listening, f"the MCP HTTP server listening on port {port}", deadline_s, every_s=0.1)


@pytest_asyncio.fixture(params=["stdio", "streamable_http"])
async def calc_servers(request: pytest.FixtureRequest) -> AsyncIterator[dict[str, Any]]:
    """`mcpServers` with the test server as `calc`: started by the worker (stdio), or
    started here over streamable HTTP on loopback, wanting `Bearer TOKEN`, which the
    worker's entry names as `${CALC_TOKEN}`."""
    if request.param == "stdio":
        yield {"calc": stdio_server()}
        return
    port = free_port()
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        str(SERVER),
        "--http",
        str(port),
        env={**os.environ, "MCP_TEST_TOKEN": TOKEN},
        stdin=asyncio.subprocess.DEVNULL,
    )
    try:
        await wait_port(port, process)
        yield {"calc": {"url": f"http://127.0.0.1:{port}/mcp", "headers": {"Authorization": "Bearer ${CALC_TOKEN}"}}}
    finally:
        if process.returncode is None:
            process.terminate()
            await process.wait()


def run_input(agent: str, grader: str, agent_tools: list[str], grader_tools: list[str] = []) -> RunInput:
    return RunInput(
        message="What is 2 + 3?",
        rubric="- the sum is right",
        agent=AgentSettings(model=agent, tools=agent_tools),
        grader=GraderSettings(model=grader, tools=grader_tools),
    )


async def mcp_worker(client: Any, task_queue: str, config: WorkerConfig):
    """An in-process worker wired as `python -m rubricflow.worker` wires it."""
    return build_worker(client, queue=task_queue, tools=await serve_tools(config), config=config)


@pytest.mark.reliability
class TestConfig:
    def test_json_and_toml_describe_the_same_servers(self, tmp_path: Path):
        write_config(
            tmp_path,
            {
                "calc": stdio_server(env={"MODE": "fast"}),
                "issues": {"type": "http", "url": "https://mcp.example/mcp", "headers": {"X-Team": "qa"}},
            },
        )
        (tmp_path / "mcp.toml").write_text(
            "[mcpServers.calc]\n"
            f"command = {json.dumps(sys.executable)}\n"
            f"args = [{json.dumps(str(SERVER))}]\n"
            'env = { MODE = "fast" }\n'
            "[mcpServers.issues]\n"
            'transport = "streamable_http"\n'
            'url = "https://mcp.example/mcp"\n'
            'headers = { X-Team = "qa" }\n',
            encoding="utf-8",
        )
        from_json = config_from_env({"RUBRICFLOW_MCP": str(tmp_path / "mcp.json")}).mcp
        from_toml = config_from_env({"RUBRICFLOW_MCP": str(tmp_path / "mcp.toml")}).mcp
        assert from_json is not None and from_json == from_toml
        assert from_json.servers["calc"].transport == "stdio"
        assert from_json.servers["issues"].transport == "streamable_http"
        assert config_from_env({}).mcp is None

    def test_secrets_come_from_the_workers_environment_and_are_not_shown(self, tmp_path: Path):
        path = write_config(
            tmp_path,
            {
                "issues": {
                    "url": "${ISSUES_URL:-https://mcp.example/mcp}",
                    "headers": {"Authorization": "Bearer ${ISSUES_TOKEN}"},
                },
            },
        )
        config = config_from_env({"RUBRICFLOW_MCP": str(path), "ISSUES_TOKEN": TOKEN})
        assert config.mcp is not None
        server = config.mcp.servers["issues"]
        assert server.headers == {"Authorization": f"Bearer {TOKEN}"}  # type: ignore[union-attr]
        assert server.url == "https://mcp.example/mcp"  # type: ignore[union-attr]
        assert TOKEN not in repr(config)
        with pytest.raises(ConfigError) as err:
            config_from_env({"RUBRICFLOW_MCP": str(path)})
        assert "server 'issues' names the environment variable ISSUES_TOKEN, which is not set" in str(err.value)
        assert TOKEN not in str(err.value)
        with pytest.raises(ConfigError) as err:
            config_from_env({"RUBRICFLOW_MCP": str(path), "ISSUES_TOKEN": TOKEN, "ISSUES_URL": "file:///etc/passwd"})
        assert "server 'issues': once its variables are replaced, url: Value error, must be an http" in str(err.value)
        assert "/etc/passwd" not in str(err.value)
        REPORT.refuse("MCP config")

    @pytest.mark.parametrize(
        ("text", "suffix", "expected"),
        [
            ("{not json", ".json", "is not valid JSON"),
            ("calc = 1", ".toml", "needs a top-level 'mcpServers' table"),
            ('{"servers": {}}', ".json", "needs a top-level 'mcpServers' table"),
            (
                '{"mcpServers": {"calc": {"type": "sse", "url": "http://x/sse"}}}',
                ".json",
                "server 'calc': transport 'sse' is not supported; use 'stdio' or 'streamable_http'",
            ),
            (
                '{"mcpServers": {"calc": {"args": ["x"]}}}',
                ".json",
                "server 'calc' needs a 'command' (stdio) or a 'url'",
            ),
            (
                '{"mcpServers": {"calc": {"command": "x", "autoApprove": []}}}',
                ".json",
                "server 'calc': autoApprove: unknown key (remove it)",
            ),
            ('{"mcpServers": {"my calc": {"command": "x"}}}', ".json", "server name 'my calc' must be 1 to 32 letters"),
            (
                '{"mcpServers": {"calc": {"url": "ftp://x"}}}',
                ".json",
                "server 'calc': url: Value error, must be an http",
            ),
            (
                '{"mcpServers": {"calc": {"command": "x", "timeout_s": 0}}}',
                ".json",
                "server 'calc': timeout_s: Input should be greater than 0",
            ),
            ('{"mcpServers": {}}', ".yaml", "must end in .json or .toml"),
        ],
    )
    def test_a_bad_file_stops_the_worker_saying_what_to_fix(
        self, tmp_path: Path, text: str, suffix: str, expected: str
    ):
        path = tmp_path / f"mcp{suffix}"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ConfigError) as err:
            config_from_env({"RUBRICFLOW_MCP": str(path)})
        message = str(err.value)
        assert message.startswith(f"RUBRICFLOW_MCP file {path}"), message
        assert expected in message
        REPORT.refuse("MCP config")

    def test_a_missing_file_is_named(self, tmp_path: Path):
        with pytest.raises(ConfigError, match=r"RUBRICFLOW_MCP file .*nope\.json does not exist"):
            config_from_env({"RUBRICFLOW_MCP": str(tmp_path / "nope.json")})
        REPORT.refuse("MCP config")

    def test_the_worker_process_refuses_a_bad_file_with_exit_2(self, tmp_path: Path):
        path = write_config(tmp_path, {"calc": {"type": "sse", "url": "http://x/sse"}})
        done = subprocess.run(
            [sys.executable, "-m", "rubricflow.worker"],
            env={**os.environ, **mcp_env(path)},
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 2, done.stderr
        assert "transport 'sse' is not supported" in done.stderr
        assert "Traceback" not in done.stderr
        REPORT.refuse("MCP config")


class TestRegistry:
    async def test_a_servers_tools_are_listed_under_its_name(self, tmp_path: Path):
        config = config_from_env(mcp_env(write_config(tmp_path, {"calc": stdio_server()})))
        registry = await worker_registry(tmp_path, mcp=config.mcp)
        assert registry.names() == [
            "calc_add",
            "calc_divide",
            "calc_multiply",
            "calc_sleep",
            "list_files",
            "read_file",
            "run_python_tests",
        ]
        listed = {entry.name: entry for entry in registry.describe()}
        assert listed["calc_add"].description == "Add two whole numbers."
        assert listed["calc_add"].source == "MCP server calc"
        assert listed["read_file"].source == "built-in"

    async def test_a_worker_built_without_its_servers_tools_is_refused(self, client, tmp_path: Path):
        config = config_from_env(mcp_env(write_config(tmp_path, {"calc": stdio_server()})))
        with pytest.raises(ValueError, match=r"pass tools=await serve_tools\(config\)"):
            build_worker(client, config=config)

    @pytest.mark.reliability
    async def test_a_server_that_does_not_start_is_named(self, tmp_path: Path):
        from rubricflow.activities.mcp import McpStartError

        servers = {"calc": stdio_server(), "broken": {"command": sys.executable, "args": ["-c", "raise SystemExit(1)"]}}
        config = config_from_env(mcp_env(write_config(tmp_path, servers)))
        # The library ends such a session in one of two errors, by a race (its reader sees
        # the closed pipe first, or its writer does): the message is the same for both.
        closed = r"MCP server 'broken' did not list its tools: it closed the connection \(did its command exit\?\)$"
        with pytest.raises(McpStartError, match=closed):
            await worker_registry(tmp_path, mcp=config.mcp)
        REPORT.fault("MCP server that does not start")

    @pytest.mark.parametrize(
        "exc",
        [
            McpError(ErrorData(code=CONNECTION_CLOSED, message="Connection closed")),
            anyio.BrokenResourceError(),
            anyio.ClosedResourceError(),
            anyio.EndOfStream(),
        ],
        ids=["connection closed", "broken resource", "closed resource", "end of stream"],
    )
    def test_a_closed_connection_is_described_one_way(self, exc: BaseException):
        from rubricflow.activities.mcp import describe

        said = "it closed the connection (did its command exit?)"
        assert describe(exc) == said
        assert describe(BaseExceptionGroup("task group", [exc])) == said
        assert describe(ValueError("bad header")) == "ValueError: bad header"

    @pytest.mark.reliability
    async def test_an_http_server_that_cannot_be_reached_is_named(self, tmp_path: Path):
        from rubricflow.activities.mcp import McpStartError

        nothing_there = f"http://127.0.0.1:{free_port()}/mcp"
        config = config_from_env(mcp_env(write_config(tmp_path, {"issues": {"url": nothing_there}})))
        with pytest.raises(McpStartError, match=r"MCP server 'issues' did not list its tools: ConnectError"):
            await worker_registry(tmp_path, mcp=config.mcp)
        REPORT.fault("MCP server that cannot be reached")

    @pytest.mark.reliability
    async def test_a_name_another_tool_has_is_refused(self, tmp_path: Path, monkeypatch):
        (tmp_path / "rf_mcp_clash.py").write_text(
            "def calc_add(a: int, b: int) -> int:\n    '''Add.'''\n    return a + b\n"
        )
        dist = tmp_path / "rf_mcp_clash-0.1.dist-info"
        dist.mkdir()
        (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: rf-mcp-clash\nVersion: 0.1\n")
        (dist / "entry_points.txt").write_text(f"[{TOOLS_ENTRY_POINT_GROUP}]\ncalc_add = rf_mcp_clash:calc_add\n")
        monkeypatch.syspath_prepend(str(tmp_path))
        config = config_from_env(mcp_env(write_config(tmp_path, {"calc": stdio_server()})))
        with pytest.raises(ValueError, match=r"MCP server 'calc' offers calc_add, a name this worker already has"):
            await worker_registry(tmp_path, mcp=config.mcp)
        REPORT.refuse("MCP config")


class TestCalls:
    async def test_the_agent_and_the_grader_call_a_servers_tools(self, client, task_queue, tmp_path, calc_servers):
        config = config_from_env(mcp_env(write_config(tmp_path, calc_servers), CALC_TOKEN=TOKEN))
        agent, _ = recorded_script(tmp_path, "agent", call("calc_add", a=2, b=3), "2 + 3 = 5")
        grader, seen = recorded_script(
            tmp_path,
            "grader",
            call("calc_multiply", a=6, b=7),
            verdict(
                "satisfied",
                "calc_multiply says 6 * 7 = 42, so the tools work; the sum is right",
                **{"the sum is right": True},
            ),
        )
        async with await mcp_worker(client, task_queue, config):
            run = await Rubricflow(client, task_queue).start(
                run_input(agent, grader, ["calc_add"], ["calc_multiply"]), thread_id()
            )
            result = await run.result()
        assert result.status == "satisfied"
        assert tool_results(result.transcript, "calc_add") == ["5"]
        assert "42" in result.evaluations[-1].explanation
        # The grader was shown the tool's answer before it gave its verdict.
        shown = [json.loads(line) for line in seen.read_text().splitlines()]
        assert len(shown) == 2
        assert {"type": "tool", "content": "42"} in [
            {
                "type": m["type"],
                "content": "".join(b.get("text", "") for b in m["content"])
                if isinstance(m["content"], list)
                else m["content"],
            }
            for m in shown[1]
        ]
        assert await activity_attempts(run.handle) == [
            ("rubricflow.run_agent_turn", 1),
            ("rubricflow.grade_transcript", 1),
        ]
        history = json.dumps([str(e) async for e in run.handle.fetch_history_events()])
        assert TOKEN not in history

    async def test_a_secret_in_a_servers_url_never_reaches_a_log(self, client, task_queue, tmp_path, script, caplog):
        """Issue 38: a URL with `${VAR}` put the secret in 37 worker-log lines (httpx logs
        each request's URL at INFO). The worker's log shows the variable's name instead."""
        secret = "url-secret-91c4/x y"  # a path segment, and characters a URL encodes
        port = free_port()
        process = await asyncio.create_subprocess_exec(
            sys.executable, str(SERVER), "--http", str(port), stdin=asyncio.subprocess.DEVNULL
        )
        try:
            await wait_port(port, process)
            servers = {"calc": {"url": f"http://127.0.0.1:{port}/mcp?key=${{CALC_KEY}}"}}
            config = config_from_env(mcp_env(write_config(tmp_path, servers), CALC_KEY=secret))
            caplog.set_level(logging.DEBUG)
            async with await mcp_worker(client, task_queue, config):
                agent = script(call("calc_add", a=2, b=3), "2 + 3 = 5")
                run = await Rubricflow(client, task_queue).start(
                    RunInput(message="add", agent=AgentSettings(model=agent, tools=["calc_add"])), thread_id()
                )
                result = await run.result()
        finally:
            process.terminate()
            await process.wait()
        assert tool_results(result.transcript, "calc_add") == ["5"]
        logged = "\n".join(record.getMessage() for record in caplog.records)
        assert "HTTP Request: POST" in logged and "key=${CALC_KEY}" in logged  # the requests are logged, redacted
        for form in (secret, quote(secret), quote(secret, safe=""), quote_plus(secret)):
            assert form not in logged, form

    async def test_a_worker_process_serves_the_files_tools(self, client, task_queue, tmp_path, script):
        path = write_config(tmp_path, {"calc": stdio_server()})
        agent = script(call("calc_add", a=2, b=3), "2 + 3 = 5")
        worker = await start_worker_process(client, task_queue, RUBRICFLOW_MCP=str(path))
        try:
            run = await Rubricflow(client, task_queue).start(
                run_input(agent, script(verdict("satisfied", "ok", **{"the sum is right": True})), ["calc_add"]),
                thread_id(),
            )
            result = await run.result()
        finally:
            worker.send_signal(signal.SIGTERM)
            await worker.wait()
        assert result.status == "satisfied"
        assert tool_results(result.transcript, "calc_add") == ["5"]

    async def test_calls_in_one_reply_each_run_in_a_session_of_their_own(self, client, task_queue, tmp_path, script):
        config = config_from_env(mcp_env(write_config(tmp_path, {"calc": stdio_server()})))
        both = {
            "tool_calls": [
                {"name": "calc_add", "args": {"a": 2, "b": 3}},
                {"name": "calc_multiply", "args": {"a": 6, "b": 7}},
            ]
        }
        agent = script(both, "5 and 42")
        async with await mcp_worker(client, task_queue, config):
            run = await Rubricflow(client, task_queue).start(
                run_input(
                    agent,
                    script(verdict("satisfied", "ok", **{"the sum is right": True})),
                    ["calc_add", "calc_multiply"],
                ),
                thread_id(),
            )
            result = await run.result()
        assert result.status == "satisfied"
        assert tool_results(result.transcript, "calc_add") == ["5"]
        assert tool_results(result.transcript, "calc_multiply") == ["42"]
        assert await activity_attempts(run.handle) == [
            ("rubricflow.run_agent_turn", 1),
            ("rubricflow.grade_transcript", 1),
        ]

    @pytest.mark.reliability
    async def test_a_tool_that_raises_is_an_observation(self, client, task_queue, tmp_path, script):
        config = config_from_env(mcp_env(write_config(tmp_path, {"calc": stdio_server()})))
        agent = script(call("calc_divide", a=1, b=0), "1 / 0 has no answer")
        async with await mcp_worker(client, task_queue, config):
            run = await Rubricflow(client, task_queue).start(
                run_input(agent, script(verdict("satisfied", "ok", **{"the sum is right": True})), ["calc_divide"]),
                thread_id(),
            )
            result = await run.result()
        assert result.status == "satisfied"
        [observation] = tool_results(result.transcript, "calc_divide")
        assert "cannot divide by zero" in observation
        assert ("rubricflow.run_agent_turn", 2) not in await activity_attempts(run.handle)
        REPORT.fault("MCP tool raises")
        REPORT.run(run.handle.id, "satisfied", result.status)

    @pytest.mark.reliability
    async def test_a_call_past_its_timeout_is_an_observation(self, client, task_queue, tmp_path, script):
        config = config_from_env(mcp_env(write_config(tmp_path, {"calc": stdio_server(timeout_s=8)})))
        agent = script(call("calc_sleep", seconds=600), "it took too long")
        async with await mcp_worker(client, task_queue, config):
            run = await Rubricflow(client, task_queue).start(
                run_input(agent, script(verdict("satisfied", "ok", **{"the sum is right": True})), ["calc_sleep"]),
                thread_id(),
            )
            result = await run.result()
        assert result.status == "satisfied"
        [observation] = tool_results(result.transcript, "calc_sleep")
        assert "calc_sleep did not answer within 8 s" in observation
        assert ("rubricflow.run_agent_turn", 2) not in await activity_attempts(run.handle)
        REPORT.fault("MCP call past its timeout")
        REPORT.run(run.handle.id, "satisfied", result.status)

    @pytest.mark.reliability
    async def test_a_server_that_exits_mid_call_fails_the_step_and_recovers_on_retry(
        self, client, task_queue, tmp_path, script
    ):
        marker = tmp_path / "exited"
        config = config_from_env(
            mcp_env(write_config(tmp_path, {"calc": stdio_server(env={"MCP_TEST_EXIT_ONCE": str(marker)})}))
        )
        # The first attempt's call meets the exit; the retried turn calls again.
        agent = script(call("calc_add", a=2, b=3), call("calc_add", a=2, b=3), "2 + 3 = 5")
        async with await mcp_worker(client, task_queue, config):
            run = await Rubricflow(client, task_queue).start(
                run_input(agent, script(verdict("satisfied", "ok", **{"the sum is right": True})), ["calc_add"]),
                thread_id(),
            )
            result = await run.result()
        assert marker.exists()
        assert result.status == "satisfied"
        assert tool_results(result.transcript, "calc_add") == ["5"]
        assert ("rubricflow.run_agent_turn", 2) in await activity_attempts(run.handle)
        failure = (await last_failures(run.handle))["rubricflow.run_agent_turn"]
        assert failure.application_failure_info.type == errors.MCP_SERVER_UNAVAILABLE
        assert "MCP server 'calc' failed during a call of calc_add" in failure.message
        REPORT.fault("MCP server exits mid-call")
        REPORT.run(run.handle.id, "satisfied", result.status)

    @pytest.mark.reliability
    async def test_a_server_that_will_not_start_fails_the_step_until_it_can(self, client, task_queue, tmp_path, script):
        copy = tmp_path / "calc_server.py"
        shutil.copy(SERVER, copy)
        config = config_from_env(
            mcp_env(write_config(tmp_path, {"calc": {"command": sys.executable, "args": [str(copy)]}}))
        )
        # Each attempt that fails takes one call; the one that succeeds may call again.
        agent = script(*[call("calc_add", a=2, b=3)] * 3, "2 + 3 = 5")
        async with await mcp_worker(client, task_queue, config):
            copy.rename(tmp_path / "away.py")  # listed at start; gone for the calls
            run = await Rubricflow(client, task_queue).start(
                run_input(agent, script(verdict("satisfied", "ok", **{"the sum is right": True})), ["calc_add"]),
                thread_id(),
            )
            failure = await wait_for_retry_failure(run.handle, "rubricflow.run_agent_turn")
            assert failure.application_failure_info.type == errors.MCP_SERVER_UNAVAILABLE
            assert "MCP server 'calc' failed during a call of calc_add" in failure.message
            (tmp_path / "away.py").rename(copy)
            result = await run.result()
        assert result.status == "satisfied"
        results = tool_results(result.transcript, "calc_add")
        assert results and set(results) == {"5"}
        REPORT.fault("MCP server that will not start")
        REPORT.run(run.handle.id, "satisfied", result.status)


async def wait_for_retry_failure(handle: Any, activity_type: str, deadline_s: float = 120) -> Any:
    """The last failure of a pending activity of `activity_type` once it has one."""

    async def failed() -> Any:
        for pending in (await handle.describe()).raw_description.pending_activities:
            if (
                pending.activity_type.name == activity_type
                and pending.HasField("last_failure")
                and (
                    pending.state
                    in (
                        PendingActivityState.PENDING_ACTIVITY_STATE_SCHEDULED,
                        PendingActivityState.PENDING_ACTIVITY_STATE_STARTED,
                    )
                )
            ):
                return pending.last_failure
        return None

    return await until(failed, f"a {activity_type} attempt failed", deadline_s)


class TestToolsCommand:
    def test_tools_lists_the_registry_with_descriptions(self, tmp_path: Path):
        env = {
            **os.environ,
            **mcp_env(write_config(tmp_path, {"calc": stdio_server()})),
            "RUBRICFLOW_FILES_DIR": str(tmp_path),
        }
        done = subprocess.run(
            [sys.executable, "-m", "rubricflow.cli", "tools", "--json"],
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert done.returncode == 0, done.stderr
        listed = {row["name"]: row for row in json.loads(done.stdout)}
        assert listed["calc_add"] == {
            "name": "calc_add",
            "source": "MCP server calc",
            "description": "Add two whole numbers.",
        }
        assert listed["run_python_tests"]["source"] == "built-in"
        assert set(listed) >= {"calc_multiply", "calc_divide", "list_files", "read_file"}
        text = subprocess.run(
            [sys.executable, "-m", "rubricflow.cli", "tools"], env=env, capture_output=True, text=True, timeout=180
        )
        assert text.returncode == 0, text.stderr
        line = next(line for line in text.stdout.splitlines() if line.startswith("calc_add"))
        assert "MCP server calc" in line and "Add two whole numbers." in line

    @pytest.mark.reliability
    def test_a_server_that_does_not_start_is_named_with_exit_2(self, tmp_path: Path):
        servers = {"broken": {"command": sys.executable, "args": ["-c", "raise SystemExit(1)"]}}
        env = {**os.environ, **mcp_env(write_config(tmp_path, servers))}
        done = subprocess.run(
            [sys.executable, "-m", "rubricflow.cli", "tools"], env=env, capture_output=True, text=True, timeout=180
        )
        assert done.returncode == 2, done.stderr
        assert "MCP server 'broken' did not list its tools" in done.stderr
        assert "Traceback" not in done.stderr
        REPORT.refuse("MCP config")

    @pytest.mark.reliability
    async def test_a_client_without_the_workers_environment_runs_its_mcp_tool(
        self, client, task_queue, tmp_path: Path, script
    ):
        """Issue 38: `rubricflow run --tool calc_add` from a shell without RUBRICFLOW_MCP
        was refused with the client's own tool list. The worker, which has the server,
        decides: its tool runs, and a tool no server of it has is refused in its words."""
        from tests.test_cli import rubricflow, wait_for_poller

        path = write_config(tmp_path, {"calc": stdio_server()})
        worker = await start_worker_process(client, task_queue, RUBRICFLOW_MCP=str(path))
        try:
            await wait_for_poller(client, task_queue)
            agent = script(call("calc_add", a=2, b=3), "2 + 3 = 5")
            code, out, err = await rubricflow(client, task_queue, "run", "add", "--model", agent, "--tool", "calc_add")
            assert code == 0, err
            assert "status: answered" in out and "2 + 3 = 5" in out
            tid = thread_id()
            code, _, err = await rubricflow(
                client, task_queue, "run", "add", "--model", agent, "--tool", "search_add", "--thread", tid
            )
            assert code == 2, err
            assert "unknown tool(s) ['search_add']; this worker has:" in err and "calc_add" in err, err
        finally:
            worker.send_signal(signal.SIGTERM)
            await worker.wait()
        REPORT.refuse("unknown tool")
        REPORT.refuse("MCP config")

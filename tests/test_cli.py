"""The `rubricflow` command as a user runs it: a real process against the test server."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sys
from pathlib import Path

import pytest
from temporalio.api.enums.v1 import TaskQueueKind, TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest
from temporalio.service import RPCError, RPCStatusCode

from rubricflow.cli.exits import exit_code
from tests.helpers import activity_inputs, thread_id, until, verdict, wait_for_running_activity


def cli_env(client, task_queue: str, **extra: str) -> dict[str, str]:
    env = {
        **os.environ,
        "TEMPORAL_ADDRESS": client.service_client.config.target_host,
        "TEMPORAL_NAMESPACE": client.namespace,
        "RUBRICFLOW_TASK_QUEUE": task_queue,
        "RUBRICFLOW_LOG_LEVEL": "INFO",
        **extra,
    }
    env.pop("RUBRICFLOW_AGENT_MODEL", None)
    env.pop("RUBRICFLOW_GRADER_MODEL", None)
    return env


async def start_cli(client, task_queue: str, *args: str, **env_extra: str) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "rubricflow.cli",
        *args,
        env=cli_env(client, task_queue, **env_extra),
        stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )


async def rubricflow(client, task_queue: str, *args: str, **env_extra: str) -> tuple[int, str, str]:
    proc = await start_cli(client, task_queue, *args, **env_extra)
    out, err = await asyncio.wait_for(proc.communicate(), timeout=120)
    return proc.returncode, out.decode(), err.decode()


def server_port(client) -> str:
    return client.service_client.config.target_host.rpartition(":")[2]


async def wait_for_poller(client, task_queue: str, deadline_s: float = 60) -> None:
    """Until some worker polls `task_queue` for workflow tasks (bounded)."""
    request = DescribeTaskQueueRequest(
        namespace=client.namespace,
        task_queue=TaskQueue(name=task_queue, kind=TaskQueueKind.TASK_QUEUE_KIND_NORMAL),
        task_queue_type=TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
    )

    async def polled() -> bool:
        return bool((await client.workflow_service.describe_task_queue(request)).pollers)

    await until(polled, f"a worker polled {task_queue}", deadline_s)


async def assert_no_workflow(client, tid: str) -> None:
    with pytest.raises(RPCError) as err:
        await client.get_workflow_handle(tid).describe()
    assert err.value.status == RPCStatusCode.NOT_FOUND


class TestRun:
    async def test_json_needs_revision_then_satisfied(self, client, task_queue, worker, script, tmp_path: Path):
        agent = script("v1", "v2")
        grader = script(
            verdict("needs_revision", "a test fails", tests="test_triple fails", docs=True),
            verdict("satisfied", "all pass", tests=True, docs=True),
        )
        rubric = tmp_path / "rubric.md"
        rubric.write_text("- tests\n- docs\n")
        tid = thread_id()
        code, out, err = await rubricflow(
            client,
            task_queue,
            "run",
            "write it",
            "--rubric",
            f"@{rubric}",
            "--model",
            agent,
            "--grader-model",
            grader,
            "--thread",
            tid,
            "--json",
        )
        assert code == 0, err
        data = json.loads(out)
        assert set(data) == {
            "thread_id",
            "grading_run_id",
            "status",
            "phase",
            "iterations",
            "max_iterations",
            "evaluations",
            "answer",
            "best",
            "files",
            "todos",
            "usage",
            "run_usage",
            "cost_usd",
            "run_cost_usd",
            "budget",
            "error",
        }
        assert data["error"] is None
        assert data["thread_id"] == tid and data["status"] == "satisfied"
        assert data["iterations"] == 2 and data["answer"] == "v2"
        assert [e["result"] for e in data["evaluations"]] == ["needs_revision", "satisfied"]
        first = data["evaluations"][0]
        assert first["criteria"] == [
            {"name": "tests", "passed": False, "gap": "test_triple fails"},
            {"name": "docs", "passed": True},
        ]
        assert first["grading_run_id"] == data["grading_run_id"] and first["unverified"] is False

    async def test_live_output_and_exit_1_when_not_satisfied(self, client, task_queue, worker, script):
        agent = script("v1")
        grader = script(verdict("needs_revision", "still wrong", tests="fails on []"))
        tid = thread_id()
        code, out, err = await rubricflow(
            client,
            task_queue,
            "run",
            "write it",
            "--rubric",
            "- tests",
            "--model",
            agent,
            "--grader-model",
            grader,
            "--max-iterations",
            "1",
            "--step-timeout",
            "45",
            "--thread",
            tid,
        )
        assert code == 1, err
        assert "verdict: needs_revision - still wrong" in out
        assert "[FAIL] tests: fails on []" in out
        assert "status: max_iterations_reached" in out
        # --step-timeout reached both steps: cut off at 45 s on the worker, 30 s later on the server.
        for kind in ("rubricflow.run_agent_turn", "rubricflow.grade_transcript"):
            [step] = await activity_inputs(client.get_workflow_handle(tid), kind)
            assert step["settings"]["timeout_s"] == 45
        timeouts = [
            e.activity_task_scheduled_event_attributes.start_to_close_timeout.seconds
            async for e in client.get_workflow_handle(tid).fetch_history_events()
            if e.HasField("activity_task_scheduled_event_attributes")
            and e.activity_task_scheduled_event_attributes.activity_type.name != "rubricflow.deliver_evaluation"
        ]
        assert timeouts == [75, 75]

    async def test_status_and_list(self, client, task_queue, worker, script):
        tid = thread_id()
        code, _, err = await rubricflow(
            client, task_queue, "run", "hello", "--model", script("hi there"), "--thread", tid
        )
        assert code == 0, err
        code, out, err = await rubricflow(client, task_queue, "status", tid, "--json")
        assert code == 0, err
        status = json.loads(out)
        assert (status["status"], status["phase"], status["answer"]) == ("answered", "done", "hi there")
        code, out, err = await rubricflow(client, task_queue, "list", "--limit", "200")
        assert code == 0, err
        lines = out.splitlines()
        assert lines[0].split("\t") == ["thread", "status", "iteration", "grading run", "started", "closed"]
        assert any(line.split("\t")[:2] == [tid, "answered"] for line in lines[1:])
        # A thread that waits for a follow-up after its answer is idle, and listed so; the
        # closed one is not.
        waiting = thread_id()
        code, _, err = await rubricflow(
            client, task_queue, "run", "hello", "--model", script("hi"), "--thread", waiting, "--idle-timeout", "600"
        )
        assert code == 0, err
        code, out, err = await rubricflow(client, task_queue, "list", "--limit", "200", "--status", "idle")
        assert code == 0, err
        assert waiting in out and tid not in out
        await client.get_workflow_handle(waiting).terminate("test done")

    def test_list_takes_every_status_the_contract_has(self):
        """The choices come from the contract's statuses, so they cannot drift from it."""
        from typing import get_args

        from rubricflow.cli.parser import build_parser
        from rubricflow.workflows.types import RunStatus

        [lister] = [
            a for a in build_parser()._subparsers._group_actions[0].choices["list"]._actions if a.dest == "status"
        ]
        assert set(lister.choices) == {*get_args(RunStatus), "needs_revision", "idle"}


class TestBadInput:
    @pytest.mark.parametrize(
        ("flag", "bad", "allowed"),
        [
            *[("--max-iterations", bad, "from 1 to 20") for bad in ("0", "21", "2.5", "true", "-1", "three")],
            *[("--step-timeout", bad, "from 1 to 3600") for bad in ("0", "3601", "1.5", "soon")],
        ],
    )
    async def test_bad_numbers_exit_2_before_anything_starts(self, client, task_queue, flag, bad, allowed):
        tid = thread_id()
        code, out, err = await rubricflow(
            client,
            task_queue,
            "run",
            "x",
            "--rubric",
            "- a",
            "--model",
            "scripted:a.json",
            flag,
            bad,
            "--thread",
            tid,
        )
        assert code == 2
        assert f"{flag} must be a whole number {allowed}, got {bad!r}" in err
        await assert_no_workflow(client, tid)

    @pytest.mark.parametrize(
        ("args", "message"),
        [
            (["--model", "nonsense"], "agent model must look like 'provider:model-id'"),
            (["--model", "nosuchprovider:m"], "unknown model provider 'nosuchprovider'"),
            (["--model", "scripted:a.json", "--rubric", "   "], "rubric is empty or whitespace"),
            (["--model", "scripted:a.json", "--rubric", "@/no/such/rubric.md"], "cannot read rubric file"),
            ([], "no agent model"),
            (
                ["--model", "scripted:a.json", "--tool", "nope"],
                "unknown tool(s) ['nope']; known tools: list_files, read_file, run_python_tests",
            ),
            (["--model", "scripted:a.json", "--rubric", "- a", "--grader-tool", "nope"], "unknown tool(s) ['nope']"),
            (["--model", "scripted:a.json", "--rubric", "- works [check: nope]"], "names unknown check 'nope'"),
            (
                ["--model", "scripted:a.json", "--rubric", "- tests [check: run_python_tests]"],
                "no ```python tests block",
            ),
            (["--model", "scripted:a.json", "--idle-timeout", "-5"], "--idle-timeout must be whole seconds"),
        ],
    )
    async def test_bad_input_names_what_to_fix(self, client, task_queue, args, message):
        tid = thread_id()
        code, _, err = await rubricflow(client, task_queue, "run", "task", "--thread", tid, *args)
        assert code == 2
        assert message in err
        await assert_no_workflow(client, tid)


class TestSteering:
    async def test_watch_and_updates_on_an_unknown_thread_say_so(self, client, task_queue):
        code, _, err = await rubricflow(client, task_queue, "watch", "no-such-thread-x1")
        assert code == 2 and "no thread 'no-such-thread-x1'" in err
        for command in (["pause"], ["resume"], ["extend", "--iterations", "1"], ["status"]):
            code, _, err = await rubricflow(client, task_queue, command[0], "no-such-thread-x1", *command[1:])
            assert code == 2 and "no thread 'no-such-thread-x1' on this server" in err, (command, err)

    async def test_reject_send_list_and_refusals_from_a_second_terminal(self, client, task_queue, worker, script):
        tid = thread_id()
        agent = script("v1", "v2", "v3")
        grader = script(
            verdict("satisfied", "ok", tests=True),
            verdict("satisfied", "ok", tests=True),
            verdict("needs_revision", "no docs", docs="missing"),
        )
        code, _, err = await rubricflow(
            client,
            task_queue,
            "run",
            "write it",
            "--rubric",
            "- tests",
            "--model",
            agent,
            "--grader-model",
            grader,
            "--thread",
            tid,
            "--idle-timeout",
            "600",
        )
        assert code == 0, err
        code, out, err = await rubricflow(client, task_queue, "pause", tid)
        assert code == 2 and "nothing to pause: the thread's status is 'satisfied'" in err
        code, out, err = await rubricflow(
            client, task_queue, "reject", tid, "--feedback", "Handle None.", "--reviewer", "ana"
        )
        assert code == 0 and f"thread {tid}: running" in out, err
        code, out, err = await rubricflow(
            client,
            task_queue,
            "send",
            tid,
            "now document it",
            "--rubric",
            "- has docs",
            "--grader-model",
            grader,
            "--max-iterations",
            "1",
            "--json",
        )
        assert code == 1, err  # the new rubric's single pass wants a revision
        data = json.loads(out)
        assert data["status"] == "max_iterations_reached"
        assert [e["result"] for e in data["evaluations"]] == [
            "satisfied",
            "needs_revision",
            "satisfied",
            "needs_revision",
        ]
        assert data["evaluations"][1]["criteria"] == [
            {"name": "reviewer feedback", "passed": False, "gap": "Handle None."}
        ]
        for _ in range(100):  # visibility is eventually consistent: bounded wait for the index
            code, out, err = await rubricflow(client, task_queue, "list", "--status", "max_iterations_reached")
            if tid in out:
                break
            await asyncio.sleep(0.1)
        assert code == 0 and tid in out
        code, out, err = await rubricflow(client, task_queue, "cancel", tid)
        assert code == 0


class TestWorkerProcess:
    """`worker`, `dev` and `demo` run the worker as a process (never in the CLI's own),
    wait until it polls, and stop it with SIGTERM. Here they reuse the test server."""

    async def test_demo_logs_the_worker_to_a_file_and_stops_it(self, client, task_queue, tmp_path: Path):
        data = tmp_path / "data"
        code, out, err = await rubricflow(
            client, task_queue, "demo", "--scripted", "--port", server_port(client), "--data-dir", str(data)
        )
        assert code == 0, err
        assert "status: satisfied" in out
        log = data / "worker.log"
        assert out.count("worker log:") == 1 and f"worker log: {log}" in out
        text = log.read_text()
        assert f"worker polling task queue {task_queue!r}" in text
        assert "shutting down" in text  # stopped by SIGTERM, gracefully
        assert "worker polling" not in out + err

    async def test_demo_with_an_invalid_first_verdict_retries_quietly(self, client, task_queue, tmp_path: Path, script):
        """Issue 14: the grader's verdict fails validation twice in a pass (a failing criterion
        without a gap). The terminal shows one retry line and no traceback; the worker's
        log keeps the details."""
        from rubricflow.cli.demo import demo_file

        data = tmp_path / "data"
        answer = json.loads(Path(demo_file("agent.json")).read_text())["responses"][-1]
        invalid = {
            "structured": {
                "result": "needs_revision",
                "explanation": "x",
                "criteria": [
                    {"name": "Has a docstring that explains what is returned", "passed": False},
                    {"name": "Uses no third-party packages", "passed": True},
                ],
            }
        }
        valid = verdict(
            "satisfied",
            "ok",
            **{
                "Has a docstring that explains what is returned": True,
                "Uses no third-party packages": True,
            },
        )
        code, out, err = await rubricflow(
            client,
            task_queue,
            "demo",
            "--model",
            script(answer),
            "--grader-model",
            script(invalid, invalid, valid),
            "--port",
            server_port(client),
            "--data-dir",
            str(data),
        )
        assert code == 0, err
        assert "status: satisfied" in out
        assert "Traceback" not in out + err
        retries = [line for line in out.splitlines() if "retrying" in line]
        assert len(retries) == 1 and "did not validate" in retries[0], out
        assert "fails but has no gap" in (data / "worker.log").read_text()

    async def test_a_demo_that_reaches_its_cap_exits_0_and_says_what_the_loop_changed(
        self, client, task_queue, tmp_path: Path, script
    ):
        """Issue 40: the demo ran to `max_iterations_reached` and exited 1, which a shell reads
        as a failure. A demo that ran to a verdict exits 0 and says what the loop changed."""
        code_v1 = "def find_duplicates(lst):\n    seen, dups = set(), []\n    for x in lst:\n        if x in seen and x not in dups:\n            dups.append(x)\n        seen.add(x)\n    return dups\n"
        code_v2 = code_v1.replace("(lst):\n", '(lst):\n    """The elements seen twice, in order."""\n')
        judged = {
            "Has a docstring that explains what is returned": "no docstring",
            "Uses no third-party packages": True,
        }
        agent = script(f"```python\n{code_v1}```", f"```python\n{code_v2}```")
        grader = script(
            verdict("needs_revision", "No docstring.", **judged),
            verdict("satisfied", "Both met.", **{**judged, "Has a docstring that explains what is returned": True}),
        )
        code, out, err = await rubricflow(
            client,
            task_queue,
            "demo",
            "--model",
            agent,
            "--grader-model",
            grader,
            "--max-iterations",
            "2",
            "--port",
            server_port(client),
            "--data-dir",
            str(tmp_path / "data"),
        )
        assert code == 0, out + err
        assert "Traceback" not in out + err
        summary = out[out.index("what the loop changed:") :].splitlines()
        assert summary == [
            "what the loop changed:",
            "  pass 1: 1 of 3 criteria met (3 of 4 tests pass)",
            "  pass 2: 2 of 3 criteria met (3 of 4 tests pass) - criterion fixed: "
            "Has a docstring that explains what is returned",
            "  best pass: pass 2, 2 of 3 criteria met",
            "verdict: max_iterations_reached: the grader still found unmet criteria on the last allowed pass, "
            "so the run stopped there (--max-iterations); the answer is the agent's last, and the best pass is "
            "the one with the most criteria met",
        ]
        # `run` keeps its documented codes: the same ending is exit 1 there.
        assert exit_code("max_iterations_reached") == 1

    async def test_a_demo_says_which_tests_a_revision_fixed(self, client, task_queue, tmp_path: Path, script):
        code_v1 = "def find_duplicates(lst):\n    seen, dups = set(), []\n    for x in lst:\n        if x in seen and x not in dups:\n            dups.append(x)\n        seen.add(x)\n    return dups\n"
        code_v2 = code_v1.replace("set()", "[]").replace("seen.add(x)", "seen.append(x)")
        judged = {"Has a docstring that explains what is returned": True, "Uses no third-party packages": True}
        code, out, err = await rubricflow(
            client,
            task_queue,
            "demo",
            "--model",
            script(f"```python\n{code_v1}```", f"```python\n{code_v2}```"),
            "--grader-model",
            script(verdict("satisfied", "ok", **judged), verdict("satisfied", "ok", **judged)),
            "--port",
            server_port(client),
            "--data-dir",
            str(tmp_path / "data"),
        )
        assert code == 0, out + err
        summary = out[out.index("what the loop changed:") :].splitlines()
        assert summary[1:3] == [
            "  pass 1: 2 of 3 criteria met (3 of 4 tests pass)",
            "  pass 2: 3 of 3 criteria met - criterion fixed: find_duplicates passes the tests; "
            "test fixed: test_unhashable",
        ]
        assert summary[-1] == "verdict: satisfied: every criterion passes: the grader found nothing left to change"

    async def test_a_temperature_out_of_range_is_refused_before_anything_starts(self, client, task_queue, script):
        for command in (["run", "hi", "--model", script("x")], ["demo", "--scripted"]):
            code, out, err = await rubricflow(client, task_queue, *command, "--temperature", "3")
            assert code == 2 and "--temperature must be a number from 0 to 2, got '3'" in err, err

    async def test_a_demo_on_port_0_starts_its_own_server_on_free_ports(self, client, task_queue, tmp_path: Path):
        """Several demos (or a demo beside `rubricflow dev`) on one machine: `--port 0`."""
        data = tmp_path / "data"
        code, out, err = await rubricflow(
            client, task_queue, "demo", "--scripted", "--port", "0", "--data-dir", str(data)
        )
        assert code == 0, out + err
        started = re.search(
            r"temporal dev server started at 127\.0\.0\.1:(\d+) \(Web UI http://127\.0\.0\.1:(\d+),", out
        )
        assert started is not None, out
        assert {int(started.group(1)), int(started.group(2))}.isdisjoint({7233, 8233, int(server_port(client))})
        assert (data / "temporal.db").is_file() and "status: satisfied" in out

    async def test_demo_verbose_streams_the_worker_output_instead(self, client, task_queue, tmp_path: Path):
        data = tmp_path / "data"
        code, out, err = await rubricflow(
            client,
            task_queue,
            "demo",
            "--scripted",
            "--verbose",
            "--port",
            server_port(client),
            "--data-dir",
            str(data),
        )
        assert code == 0, err
        assert f"worker polling task queue {task_queue!r}" in err
        assert "worker log:" not in out and not (data / "worker.log").exists()

    async def test_a_worker_that_cannot_start_is_reported_with_its_log(self, client, task_queue, tmp_path: Path):
        data = tmp_path / "data"
        code, out, err = await rubricflow(
            client,
            task_queue,
            "demo",
            "--scripted",
            "--port",
            server_port(client),
            "--data-dir",
            str(data),
            RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES="0",
        )
        assert code == 1
        assert (
            f"the worker exited with code 2 before it polled task queue {task_queue!r}; see {data / 'worker.log'}"
            in err
        )
        assert "RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES must be a whole number" in (data / "worker.log").read_text()

    async def test_dev_serves_runs_and_the_web_view_until_sigterm(self, client, task_queue, script, tmp_path: Path):
        import httpx

        from rubricflow.devserver import free_port

        data = tmp_path / "data"
        ui_port = free_port()
        dev = await start_cli(
            client, task_queue, "dev", "--port", server_port(client), "--data-dir", str(data), "--ui-port", str(ui_port)
        )
        assert dev.stdout is not None
        lines = []
        while not lines or "worker running on task queue" not in lines[-1]:
            line = (await asyncio.wait_for(dev.stdout.readline(), timeout=60)).decode()
            assert line, f"dev exited early: {lines} {(await dev.stderr.read()).decode()}"
            lines.append(line)
        assert any(f"rubricflow ui on http://127.0.0.1:{ui_port}/" in line for line in lines), lines
        code, out, err = await rubricflow(client, task_queue, "run", "hello", "--model", script("hi there"))
        assert code == 0 and "status: answered" in out, err
        async with httpx.AsyncClient() as http:
            page = await http.get(f"http://127.0.0.1:{ui_port}/", timeout=30)
        assert page.status_code == 200 and "<html" in page.text.lower()
        dev.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(dev.wait(), timeout=60) == 0
        assert "shutting down" in (data / "worker.log").read_text()
        with pytest.raises(httpx.ConnectError):  # the web view stopped with it
            httpx.get(f"http://127.0.0.1:{ui_port}/", timeout=5)

    async def test_worker_command_runs_a_worker_until_sigterm(self, client, task_queue, script):
        worker = await start_cli(client, task_queue, "worker")
        try:
            await wait_for_poller(client, task_queue)
            code, out, err = await rubricflow(client, task_queue, "run", "hello", "--model", script("hi there"))
            assert code == 0 and "status: answered" in out, err
        finally:
            worker.send_signal(signal.SIGTERM)  # never left running when an assertion fails
            assert await asyncio.wait_for(worker.wait(), timeout=60) == 0
        assert "shutting down" in (await worker.stderr.read()).decode()

    async def test_worker_command_serves_health_endpoints_for_probes(self, client, task_queue):
        from rubricflow.devserver import free_port

        port = free_port()
        worker = await start_cli(client, task_queue, "worker", "--health-port", str(port))
        await wait_for_poller(client, task_queue)

        async def get(path: str) -> str:
            async with asyncio.timeout(30):
                while True:
                    try:
                        reader, writer = await asyncio.open_connection("127.0.0.1", port)
                        break
                    except OSError:
                        await asyncio.sleep(0.1)  # the worker binds the port just after it polls
                writer.write(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
                await writer.drain()
                return (await reader.read()).decode().split("\r\n", 1)[0]

        try:
            assert await get("/healthz") == "HTTP/1.1 200 OK"
            assert await get("/readyz") == "HTTP/1.1 200 OK"
        finally:
            worker.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(worker.wait(), timeout=60) == 0

    async def test_demo_stopped_by_sigterm_stops_its_worker(self, client, task_queue, script, tmp_path: Path):
        data = tmp_path / "data"
        slow = script({"content": "late", "delay_s": 300})
        demo = await start_cli(
            client,
            task_queue,
            "demo",
            "--model",
            slow,
            "--port",
            server_port(client),
            "--data-dir",
            str(data),
            RUBRICFLOW_GRACEFUL_SHUTDOWN_S="0",  # reaches the worker process: in-flight turns are cancelled at once
        )
        assert demo.stdout is not None
        lines: list[str] = []
        while not lines or not lines[-1].startswith("thread "):
            line = (await asyncio.wait_for(demo.stdout.readline(), timeout=60)).decode()
            assert line, f"demo exited early: {lines} {(await demo.stderr.read()).decode()}"
            lines.append(line)
        tid = lines[-1].split()[1]
        await wait_for_running_activity(client.get_workflow_handle(tid))
        demo.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(demo.wait(), timeout=60) == 130
        rest = (await demo.stdout.read()).decode()
        assert "stopped: the thread stays on the server" in rest
        log = (data / "worker.log").read_text()
        assert "shutting down: in-flight activities get 0:00:00 to finish" in log
        await client.get_workflow_handle(tid).terminate("test over")

"""The `rubricflow` command as a user runs it: a real process against the test server."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import sys
from pathlib import Path

import pytest
from temporalio.api.enums.v1 import TaskQueueKind, TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest
from temporalio.service import RPCError, RPCStatusCode

from rubricflow.client import Rubricflow, RunRefused
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import activity_inputs, thread_id, until, verdict, wait_for_running_activity
from tests.reliability import REPORT


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


async def pollers(client, task_queue: str) -> list[str]:
    """The identities (`pid@host`) that polled `task_queue` for workflow tasks."""
    described = await client.workflow_service.describe_task_queue(
        DescribeTaskQueueRequest(
            namespace=client.namespace,
            task_queue=TaskQueue(name=task_queue, kind=TaskQueueKind.TASK_QUEUE_KIND_NORMAL),
            task_queue_type=TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
        )
    )
    return [p.identity for p in described.pollers]


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
            "pending_review",
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


class TestTheWorkerDecides:
    """Issue 38: the client does not judge the worker's registry from its own machine. It
    asks a worker of the task queue (`Rubricflow.check`), which answers with what it
    would refuse; `run`, `send` and `batch` refuse the same, before anything starts."""

    async def test_a_tool_only_the_worker_has_runs(self, client, task_queue, worker, registry, script):
        @registry.tool
        def worker_only_echo(text: str) -> str:
            """Echo the text (a tool no default worker has)."""
            return text

        tid = thread_id()
        code, out, err = await rubricflow(
            client, task_queue, "run", "task", "--model", script("hi"), "--tool", "worker_only_echo", "--thread", tid
        )
        assert code == 0, err
        assert "status: answered" in out

    async def test_a_scripted_file_only_the_worker_can_read_runs(self, client, task_queue, tmp_path: Path):
        """A relative `scripted:` path is the worker's, below its RUBRICFLOW_SCRIPTED_DIR."""
        from rubricflow.activities.config import WorkerConfig
        from rubricflow.activities.tools import ToolRegistry
        from rubricflow.worker import build_worker

        (tmp_path / "agent.json").write_text(json.dumps({"responses": ["hi"]}))
        config = WorkerConfig(task_queue=task_queue, allow_scripted=True, scripted_dir=tmp_path)
        async with build_worker(client, config=config, tools=ToolRegistry()):
            code, out, err = await rubricflow(client, task_queue, "run", "task", "--model", "scripted:agent.json")
        assert code == 0, err
        assert "status: answered" in out

    @pytest.mark.parametrize(
        ("args", "words"),
        [
            (["--tool", "no_such_tool"], "unknown tool(s) ['no_such_tool']; this worker has:"),
            (["--rubric", "- a", "--grader-tool", "no_such_tool"], "unknown tool(s) ['no_such_tool']"),
            (["--agent", "no_such_agent"], "unknown agent 'no_such_agent'"),
            (["--rubric", "- works [check: nope]"], "names unknown check 'nope'; known checks: run_python_tests"),
            (["--grader-model", "groq:llama-3.1-8b-instant", "--rubric", "- a"], "needs the LangChain package"),
            (["--model", "scripted:/no/such/agent.json"], "scripted model file not found: /no/such/agent.json"),
        ],
    )
    async def test_what_the_worker_lacks_is_refused_in_its_words(self, client, task_queue, worker, script, args, words):
        tid = thread_id()
        model = [] if "--model" in args else ["--model", script("hi")]
        code, _, err = await rubricflow(client, task_queue, "run", "task", *model, *args, "--thread", tid)
        assert code == 2, err
        assert f"the workers on task queue {task_queue!r} refuse this run:" in err and words in err, err
        await assert_no_workflow(client, tid)
        REPORT.refuse("what the worker lacks")

    async def test_send_to_a_new_thread_refuses_what_run_refuses(self, client, task_queue, worker):
        tid = thread_id()
        code, _, err = await rubricflow(
            client, task_queue, "send", tid, "hello", "--model", "groq:llama-3.1-8b-instant"
        )
        assert code == 2, err
        assert "refuse this run:" in err and "needs the LangChain package langchain-groq" in err, err
        await assert_no_workflow(client, tid)

    @pytest.mark.parametrize(
        ("args", "words"),
        [
            (["--model", "scripted:/no/such/agent.json"], "scripted model file not found"),
            (["--rubric", "- works [check: nope]"], "names unknown check 'nope'"),
            (["--model", "groq:llama-3.1-8b-instant"], "needs the LangChain package langchain-groq"),
        ],
    )
    async def test_batch_refuses_what_run_refuses_before_any_item_starts(
        self, client, task_queue, worker, script, tmp_path: Path, args, words
    ):
        dataset = tmp_path / "items.jsonl"
        dataset.write_text("".join(json.dumps({"id": f"q{i}", "prompt": f"p{i}"}) + "\n" for i in range(3)))
        name = f"b-{thread_id()}"
        flags = {"--model": script("hi"), "--rubric": "- ok"}
        for flag, value in zip(args[::2], args[1::2]):
            flags[flag] = value
        code, _, err = await rubricflow(
            client, task_queue, "batch", str(dataset), "--name", name, *[x for kv in flags.items() for x in kv]
        )
        assert code == 2, err
        assert "refuse this run:" in err and words in err, err
        await assert_no_workflow(client, name)
        await assert_no_workflow(client, f"{name}/q0")


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

    async def test_watch_on_a_closed_thread_replays_its_events(self, client, task_queue, worker, script):
        """README: "a late watcher replays them from the start", also once the thread closed."""
        tid = thread_id()
        code, out, err = await rubricflow(
            client,
            task_queue,
            "run",
            "task",
            "--model",
            script("v1", "v2"),
            "--rubric",
            "- ok",
            "--grader-model",
            script(verdict("needs_revision", "no", ok="missing"), verdict("satisfied", "yes", ok=True)),
            "--thread",
            tid,
        )
        assert code == 0, err
        await client.get_workflow_handle(tid).result()  # closed: no follow-up within its idle timeout 0
        code, watched, err = await rubricflow(client, task_queue, "watch", tid)
        assert code == 0, err
        lines = [line.split("] ", 1)[-1] for line in watched.splitlines()]
        for said in (
            "agent turn...",
            "verdict: needs_revision - no",
            "verdict: satisfied - yes",
            "run ended: satisfied",
        ):
            assert any(line.endswith(said) for line in lines), watched
        assert f"thread {tid} closed: satisfied" in watched

    async def test_batch_status_piped_prints_as_the_batch_goes(self, client, task_queue, worker, script):
        """Issue 38: `batch status NAME | cat` printed nothing until the batch ended."""
        from rubricflow.batch_client import Batches, dataset_digest
        from rubricflow.workflows.batch_types import BatchItem, BatchSettings

        dataset = [BatchItem(id=f"q{i}", prompt=f"question {i}") for i in range(4)]
        name = f"b-{thread_id()}"
        settings = BatchSettings(
            name=name,
            agent=AgentSettings(model=script({"content": "slow answer", "delay_s": 5.0})),
            concurrency=1,
            total=len(dataset),
            digest=dataset_digest(dataset),
        )
        batches = Batches(Rubricflow(client, task_queue))
        await batches.start(name, settings)
        await batches.feed(name, dataset)
        watcher = await start_cli(client, task_queue, "batch", "status", name)
        try:
            assert watcher.stdout is not None
            first = (await asyncio.wait_for(watcher.stdout.readline(), 120)).decode()
            assert first.startswith(f"batch {name}: running"), first
            assert (await batches.status(name)).phase == "running"  # printed while the batch goes on
        finally:
            with contextlib.suppress(RunRefused):  # ended already
                await batches.control(name, "cancel")
            await asyncio.wait_for(watcher.communicate(), 120)

    async def test_batch_report_without_matplotlib_writes_the_report_and_skips_the_plot(
        self, client, task_queue, worker, script, tmp_path: Path
    ):
        """Issue 38: on the README's install (no matplotlib) `batch report` wrote nothing."""
        from rubricflow.batch_client import Batches, dataset_digest
        from rubricflow.workflows.batch_types import BatchItem, BatchSettings
        from tests.test_batch import settled_executions

        dataset = [BatchItem(id=f"q{i}", prompt=f"question {i}") for i in range(3)]
        name = f"b-{thread_id()}"
        settings = BatchSettings(
            name=name,
            rubric="- ok",
            agent=AgentSettings(model=script("an answer")),
            grader=GraderSettings(model=script(verdict("satisfied", "fine", ok=True)), max_iterations=1),
            total=len(dataset),
            digest=dataset_digest(dataset),
        )
        batches = Batches(Rubricflow(client, task_queue))
        handle = await batches.start(name, settings)
        await batches.feed(name, dataset)
        await asyncio.wait_for(handle.result(), 120)
        await settled_executions(client, name, 3)
        hidden = tmp_path / "hidden"  # an install without matplotlib: importing it fails
        (hidden / "matplotlib").mkdir(parents=True)
        (hidden / "matplotlib" / "__init__.py").write_text("raise ImportError('No module named matplotlib')\n")
        out_dir = tmp_path / "report"
        code, out, err = await rubricflow(
            client, task_queue, "batch", "report", name, "--out", str(out_dir), PYTHONPATH=str(hidden)
        )
        assert code == 0, err
        assert len((out_dir / f"{name}.jsonl").read_text().splitlines()) == 3
        assert (out_dir / f"{name}.summary.md").exists() and not (out_dir / f"{name}.png").exists()
        assert "plot skipped: it needs matplotlib (pip install 'rubricflow[bench]')" in out + err

    @pytest.mark.reliability
    async def test_racing_approve_and_reject_leave_one_decision_in_10_of_10_tries(
        self, client, task_queue, worker, script
    ):
        """Issue 38: `rubricflow approve T & rubricflow reject T --feedback no & wait`, the
        default commands (no --review). Each reads the pending review once and sends it;
        whichever reaches the thread first decides, the other is refused (exit 2) saying
        who decided, and the thread keeps exactly one decision."""
        rf = Rubricflow(client, task_queue)
        tries = [thread_id() for _ in range(10)]
        for tid in tries:
            grader = script(verdict("failed", "cannot judge it"), verdict("satisfied", "ok", tests=True))
            run = RunInput(
                message="write it",
                rubric="- tests",
                agent=AgentSettings(model=script("v1", "v2")),
                grader=GraderSettings(model=grader),
                idle_timeout_s=600,
            )
            await rf.start(run, tid)
        outcomes = []
        for tid in tries:
            await until(lambda tid=tid: status_is(rf, tid, "failed"), "the grader's verdict, awaiting review")
            approve = await start_cli(client, task_queue, "approve", tid, "--reviewer", "ana")
            reject = await start_cli(client, task_queue, "reject", tid, "--feedback", "no", "--reviewer", "bob")
            (_, approve_err), (_, reject_err) = await asyncio.gather(approve.communicate(), reject.communicate())
            codes = {"ana": approve.returncode, "bob": reject.returncode}
            said = {"ana": approve_err.decode(), "bob": reject_err.decode()}
            await until(lambda tid=tid: rf_idle(rf, tid), "the decision handled")
            after = await rf.progress(tid)
            decisions = [e.reviewer for e in after.evaluations if e.reviewer]
            outcomes.append((codes, decisions, said))
            REPORT.refuse("racing review decision (CLI)")
        one_each = [o for o in outcomes if len(o[1]) == 1 and sorted(o[0].values()) == [0, 2]]
        assert len(one_each) == 10, outcomes
        for codes, [winner], said in outcomes:
            [loser] = [who for who, code in codes.items() if code == 2]
            verb = "approved" if winner == "ana" else "rejected"
            # The loser read the review before or after the winner decided it: either way it
            # is told who did (or, once the agent revised, that the new verdict ended the run).
            assert f"{winner} {verb} it" in said[loser] or "the status is 'satisfied'" in said[loser], said


async def status_is(rf: Rubricflow, tid: str, status: str) -> bool:
    return (await rf.progress(tid)).status == status


async def rf_idle(rf: Rubricflow, tid: str) -> bool:
    """The thread has handled what it was sent and waits for a follow-up."""
    progress = await rf.progress(tid)
    return progress.phase == "idle" and not progress.pending


class TestWorkerProcess:
    """`worker`, `dev` and `demo` run the worker as a process (never in the CLI's own),
    wait until it polls, and stop it with SIGTERM. Here they reuse the test server."""

    @pytest.mark.parametrize("command", ["worker", "run"])
    async def test_an_unreachable_server_is_one_line_and_exit_3(self, client, task_queue, script, command):
        args = ["run", "task", "--model", script("hi")] if command == "run" else ["worker"]
        code, out, err = await rubricflow(client, task_queue, *args, TEMPORAL_ADDRESS="127.0.0.1:1")
        assert code == 3, err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
        assert "cannot reach Temporal at 127.0.0.1:1" in err

    @pytest.mark.parametrize("command", ["worker", "run", "list"])
    async def test_an_unknown_namespace_is_named(self, client, task_queue, script, command):
        namespace = f"nosuchns-{thread_id()}"
        args = {"run": ["run", "task", "--model", script("hi")], "worker": ["worker"], "list": ["list"]}[command]
        code, out, err = await rubricflow(client, task_queue, *args, TEMPORAL_NAMESPACE=namespace)
        assert code == 2, err
        assert "Traceback" not in err and "unexpected error" not in err, err
        assert f"namespace {namespace!r} does not exist on the Temporal server" in err, err

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
        from rubricflow.cli.commands import demo_file

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

    async def test_dev_restarts_a_worker_that_died_and_keeps_its_server(
        self, client, task_queue, script, tmp_path: Path
    ):
        """Issue 38: when its worker died, `dev` stopped the server too and never
        restarted the worker."""
        data = tmp_path / "data"
        dev = await start_cli(
            client, task_queue, "dev", "--port", server_port(client), "--data-dir", str(data), "--ui-port", "0"
        )
        assert dev.stdout is not None
        try:
            line = ""
            while "worker running on task queue" not in line:
                line = (await asyncio.wait_for(dev.stdout.readline(), timeout=60)).decode()
                assert line, (await dev.stderr.read()).decode()
            [first] = await pollers(client, task_queue)
            os.kill(int(first.partition("@")[0]), signal.SIGKILL)
            line = (await asyncio.wait_for(dev.stdout.readline(), timeout=60)).decode()
            assert "the worker exited with code -9" in line and "restarting it" in line, line
            line = (await asyncio.wait_for(dev.stdout.readline(), timeout=120)).decode()
            assert "worker running on task queue" in line, line
            assert dev.returncode is None
            code, out, err = await rubricflow(client, task_queue, "run", "hello", "--model", script("hi there"))
            assert code == 0 and "status: answered" in out, err
            assert [p for p in await pollers(client, task_queue) if p != first]  # the new worker
        finally:
            if dev.returncode is None:
                dev.send_signal(signal.SIGTERM)
        assert await asyncio.wait_for(dev.wait(), timeout=60) == 0

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

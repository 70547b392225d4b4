"""The CLI and client contract a user leans on: exit codes, one `--json` shape, threads in
any state answered clearly, Ctrl-C and closed pipes, iteration wording, the one import
root and the client reference's example (docs/client.md). Real processes against the test server."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import sys
from pathlib import Path

import pytest

from rubricflow import Rubricflow, RunFailed, RunRefused, ThreadNotFound, ThreadRow
from rubricflow.client import visibility_query
from tests.helpers import thread_id, verdict, wait_for_running_activity
from tests.reliability import REPORT
from tests.test_cli import assert_no_workflow, cli_env, rubricflow, start_cli

ROOT = Path(__file__).resolve().parent.parent
PROBE = Path(__file__).with_name("import_probe.py")
JSON_FIELDS = {
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


def no_traceback(*texts: str) -> None:
    for text in texts:
        assert "Traceback" not in text, text


async def run_cli(client, task_queue, *args, **env):
    code, out, err = await rubricflow(client, task_queue, *args, **env)
    no_traceback(out, err)
    return code, out, err


class TestExitCodes:
    """One table: 0 satisfied/answered, 1 another terminal status or a failed run, 2 bad
    input caught before the run starts, 3 the server cannot be reached."""

    @pytest.mark.parametrize(
        ("case", "code", "said"),
        [
            ("answered", 0, "status: answered"),
            ("satisfied", 0, "status: satisfied"),
            ("max_iterations_reached", 1, "status: max_iterations_reached"),
            ("failed_run", 1, "failed: agent turn 0 failed"),
            ("missing_scripted_file", 2, "refuse this run: scripted model file not found: /no/such/agent.json"),
            (
                "provider_not_installed",
                2,
                "model 'groq:llama-3.1-8b-instant' needs the LangChain package langchain-groq",
            ),
            ("unknown_thread", 2, "no thread"),
            ("unreachable", 3, "cannot reach Temporal at 127.0.0.1:1"),
        ],
    )
    async def test_exit_code(self, client, task_queue, worker, script, case, code, said):
        tid = thread_id()
        env: dict[str, str] = {}
        args: list[str] = ["run", "task", "--thread", tid]
        if case == "answered":
            args += ["--model", script("hi")]
        elif case == "satisfied":
            args += [
                "--model",
                script("v1"),
                "--rubric",
                "- ok",
                "--grader-model",
                script(verdict("satisfied", ok=True)),
            ]
        elif case == "max_iterations_reached":
            args += [
                "--model",
                script("v1"),
                "--rubric",
                "- ok",
                "--max-iterations",
                "1",
                "--grader-model",
                script(verdict("needs_revision", "no", ok="missing")),
            ]
        elif case == "failed_run":
            args += ["--model", script({"error": {"status": 401, "message": "bad key"}})]
        elif case == "missing_scripted_file":
            args += ["--model", "scripted:/no/such/agent.json"]
        elif case == "provider_not_installed":
            args += ["--model", "groq:llama-3.1-8b-instant"]
        elif case == "unknown_thread":
            args = ["status", tid]
        elif case == "unreachable":
            env["TEMPORAL_ADDRESS"] = "127.0.0.1:1"
        if case == "unreachable":
            args += ["--model", script("hi")]
        got, out, err = await run_cli(client, task_queue, *args, **env)
        assert got == code, (out, err)
        assert said in out + err
        if code in (2, 3):
            await assert_no_workflow(client, tid)
        if case == "unreachable":
            assert "rubricflow dev" in err

    async def test_a_401_is_explained_once(self, client, task_queue, worker, script):
        code, out, err = await run_cli(
            client,
            task_queue,
            "run",
            "task",
            "--model",
            script({"error": {"status": 401, "message": "bad key"}}),
        )
        assert code == 1
        assert (out + err).count("HTTP 401") == 1, out + err


class TestJsonShape:
    async def test_success_and_failure_share_one_shape(self, client, task_queue, worker, script):
        ok, bad = thread_id(), thread_id()
        code, out, err = await run_cli(
            client, task_queue, "run", "t", "--model", script("hi"), "--thread", ok, "--json"
        )
        assert code == 0, err
        success = json.loads(out)
        code, out, err = await run_cli(
            client,
            task_queue,
            "run",
            "t",
            "--model",
            script({"error": {"status": 401}}),
            "--thread",
            bad,
            "--json",
        )
        assert code == 1, err
        failure = json.loads(out)
        assert set(success) == set(failure) == JSON_FIELDS
        assert success["error"] is None and success["status"] == "answered"
        assert failure["thread_id"] == bad and failure["status"] == "failed" and "HTTP 401" in failure["error"]
        code, out, err = await run_cli(client, task_queue, "status", bad, "--json")
        assert code == 1 and set(json.loads(out)) == JSON_FIELDS
        code, out, err = await run_cli(client, task_queue, "status", "no-such-thread-j", "--json")
        assert code == 2 and set(json.loads(out)) == JSON_FIELDS and "no thread" in json.loads(out)["error"]


class TestThreadsInAnyState:
    async def slow_thread(self, client, task_queue, script) -> str:
        tid = thread_id()
        rf = Rubricflow(client, task_queue)
        from rubricflow import AgentSettings, RunInput

        await rf.start(
            RunInput(message="x", agent=AgentSettings(model=script({"content": "late", "delay_s": 300}))), tid
        )
        await wait_for_running_activity(client.get_workflow_handle(tid))
        return tid

    @pytest.mark.parametrize("how", ["cancelled", "terminated"])
    async def test_status_and_watch_say_it_plainly(self, client, task_queue, worker, script, how):
        tid = await self.slow_thread(client, task_queue, script)
        handle = client.get_workflow_handle(tid)
        if how == "cancelled":
            await handle.cancel()
        else:
            await handle.terminate(reason="operator stopped it")
        with pytest.raises(RunFailed) as failed:
            await Rubricflow(client, task_queue).handle(tid).result()  # waits until it closed
        assert failed.value.status == how
        for command in ("status", "watch", "progress"):
            code, out, err = await run_cli(client, task_queue, command, tid)
            assert code == 1, (command, out, err)
            assert f"thread {tid} {how}" in out + err, (command, out, err)
        if how == "terminated":
            assert "operator stopped it" in out + err
        code, out, err = await run_cli(client, task_queue, "list", "--limit", "200")
        assert any(line.split("\t")[:2] == [tid, how] for line in out.splitlines())

    async def test_status_and_watch_on_a_failed_thread_give_the_cause(self, client, task_queue, worker, script):
        tid = thread_id()
        code, _, _ = await run_cli(
            client,
            task_queue,
            "run",
            "t",
            "--thread",
            tid,
            "--model",
            script({"error": {"status": 401, "message": "bad key"}}),
        )
        assert code == 1
        for command in ("status", "watch"):
            code, out, err = await run_cli(client, task_queue, command, tid)
            assert code == 1 and f"thread {tid} failed: agent turn 0 failed" in out + err, (command, out, err)

    @pytest.mark.reliability
    async def test_a_closed_thread_is_said_to_be_closed_and_an_unknown_one_unknown(
        self, client, task_queue, worker, script
    ):
        tid = thread_id()
        code, _, err = await run_cli(client, task_queue, "run", "t", "--model", script("hi"), "--thread", tid)
        assert code == 0, err  # idle timeout 0: the thread closes once it answered
        for args in (
            ("approve",),
            ("reject", "--feedback", "no"),
            ("pause",),
            ("resume",),
            ("extend", "--iterations", "1"),
            ("send", "more"),
            ("send", "more", "--no-wait"),
        ):
            code, out, err = await run_cli(client, task_queue, args[0], tid, *args[1:])
            assert code == 2, (args, out, err)
            assert f"thread {tid} is closed (answered)" in err, (args, err)
            assert "no thread" not in err
            REPORT.refuse("update on a closed thread")
        code, out, err = await run_cli(client, task_queue, "files", tid)
        assert (code, out) == (0, f"thread {tid} has no files\n"), err
        code, out, err = await run_cli(client, task_queue, "files", "no-such-thread")
        assert code == 2, (out, err)
        assert err.strip() == "rubricflow: no thread 'no-such-thread' on this server (see `rubricflow list`)"
        REPORT.refuse("unknown thread")

    @pytest.mark.reliability
    async def test_a_decision_pinned_to_a_record_is_refused_once_another_came_first(
        self, client, task_queue, worker, script
    ):
        tid = thread_id()
        code, _, err = await run_cli(
            client,
            task_queue,
            "run",
            "t",
            "--model",
            script("v1"),
            "--rubric",
            "- ok",
            "--grader-model",
            script(verdict("failed", "cannot judge")),
            "--thread",
            tid,
            "--idle-timeout",
            "600",
        )
        assert code == 1, err
        code, out, err = await run_cli(client, task_queue, "status", tid)
        [seen] = re.findall(r"^pending review: (\S+) ", out, flags=re.M)
        code, out, err = await run_cli(client, task_queue, "approve", tid, "--reviewer", "ana", "--review", seen)
        assert code == 0, err
        code, out, err = await run_cli(
            client, task_queue, "reject", tid, "--feedback", "no", "--reviewer", "bo", "--review", seen
        )
        assert code == 2, (out, err)
        assert "another decision came first: ana approved it" in err, err
        REPORT.refuse("stale review decision")
        await Rubricflow(client, task_queue).cancel(tid)

    async def test_client_errors_are_typed(self, client, task_queue, worker, script):
        rf = Rubricflow(client, task_queue)
        with pytest.raises(ThreadNotFound, match="no thread 'nope-x'"):
            await rf.progress("nope-x")
        tid = thread_id()
        code, _, err = await run_cli(
            client, task_queue, "run", "t", "--model", script("hi"), "--thread", tid, "--idle-timeout", "600"
        )
        assert code == 0, err
        with pytest.raises(RunRefused, match="nothing to pause"):
            await rf.pause(tid)
        events = [e async for e in rf.events(tid)]
        assert [e.offset for e in events] == list(range(len(events)))
        assert all(e.at is not None for e in events)
        rows = await rf.list(limit=200)
        [row] = [r for r in rows if r.thread_id == tid]
        assert isinstance(row, ThreadRow) and row.status == "idle (answered)" and row.closed is None
        await rf.cancel(tid)


class TestListFilter:
    @pytest.mark.parametrize("bad", ["x' OR 1=1", "bogus", "satisfied'"])
    async def test_a_status_outside_the_known_ones_is_refused_not_queried(self, client, task_queue, bad):
        with pytest.raises(RunRefused, match="unknown status"):
            visibility_query(bad)
        with pytest.raises(RunRefused, match="unknown status"):
            await Rubricflow(client, task_queue).list(status=bad)
        code, out, err = await run_cli(client, task_queue, "list", "--status", bad)
        assert code == 2 and "invalid choice" in err and "needs_revision" in err

    async def test_list_json_rows(self, client, task_queue, worker, script):
        tid = thread_id()
        await run_cli(
            client,
            task_queue,
            "run",
            "t",
            "--model",
            script("v1"),
            "--rubric",
            "- ok",
            "--thread",
            tid,
            "--grader-model",
            script(verdict("satisfied", ok=True)),
        )
        for _ in range(100):  # visibility is eventually consistent: bounded wait for the index
            code, out, err = await run_cli(client, task_queue, "list", "--json", "--status", "satisfied")
            rows = [r for r in json.loads(out) if r["thread_id"] == tid]
            if rows:
                break
            await asyncio.sleep(0.1)
        assert code == 0
        [row] = rows
        assert (row["status"], row["iteration"]) == ("satisfied", 1) and row["grading_run_id"] and row["closed"]


class TestIterationWording:
    async def test_passes_count_from_one_and_extend_and_approve_keep_k_of_n(self, client, task_queue, worker, script):
        tid = thread_id()
        grader = script(
            verdict("needs_revision", "no", ok="missing"), verdict("needs_revision", "still no", ok="missing")
        )
        code, out, err = await run_cli(
            client,
            task_queue,
            "run",
            "t",
            "--model",
            script("v1", "v2"),
            "--rubric",
            "- ok",
            "--grader-model",
            grader,
            "--max-iterations",
            "1",
            "--thread",
            tid,
            "--idle-timeout",
            "600",
        )
        assert code == 1, err
        assert "grading pass 1 of 1..." in out and "grading pass 0" not in out
        assert "status: max_iterations_reached after 1 of 1 grading passes" in out
        code, out, err = await run_cli(client, task_queue, "extend", tid, "--iterations", "0")
        assert code == 2 and "--iterations must be a whole number from 1 to 20" in err
        code, out, err = await run_cli(client, task_queue, "extend", tid, "--iterations", "1")
        assert code == 0 and f"thread {tid}: running (1 of 2 grading passes)" in out, err
        rf = Rubricflow(client, task_queue)
        async for event in rf.events(tid, 0, follow=False):
            pass
        # The second run_end is the extended run's: follow on to it.
        ends = 0
        async for event in rf.events(tid, 0, follow=True):
            ends += event.type == "run_end"
            if ends == 2:
                break
        code, out, err = await run_cli(client, task_queue, "approve", tid, "--reviewer", "ana")
        assert code == 0 and f"thread {tid}: satisfied (2 of 2 grading passes)" in out, err
        await rf.cancel(tid)


class TestQuietTerminal:
    async def test_a_retried_step_is_one_line(self, client, task_queue, worker, script):
        grader = script(
            {"error": {"status": 500, "message": "overloaded"}}, {**verdict("satisfied", ok=True), "delay_s": 3}
        )
        code, out, err = await run_cli(
            client, task_queue, "run", "t", "--model", script("v1"), "--rubric", "- ok", "--grader-model", grader
        )
        assert code == 0, err
        [line] = [x for x in out.splitlines() if "retrying" in x]
        assert line.startswith("grader pass 1 of 3: ") and "HTTP 500" in line
        assert line.endswith("retrying (attempt 2)")


def interrupt(proc, to: str) -> None:
    """SIGINT to the CLI process, or to one of the Temporal core's threads in it (the
    kernel hands a process-wide signal to any thread that does not block it)."""
    if to == "process":
        proc.send_signal(signal.SIGINT)
        return
    import ctypes

    tasks = Path(f"/proc/{proc.pid}/task")
    core = [t for t in tasks.iterdir() if (t / "comm").read_text().startswith("tokio")]
    assert core, "the CLI runs no Temporal core thread"
    tgkill = {"x86_64": 234, "aarch64": 131}[os.uname().machine]
    assert ctypes.CDLL(None, use_errno=True).syscall(tgkill, proc.pid, int(core[0].name), signal.SIGINT) == 0


async def queued(client, tid: str) -> None:
    """Wait until a message waits in the thread's mailbox (its update was accepted)."""
    rf = Rubricflow(client)
    async with asyncio.timeout(120):
        while (await rf.progress(tid)).pending < 1:
            await asyncio.sleep(0.2)


@pytest.fixture
def terminal_sigint():
    """The CLI starts with SIGINT as a terminal leaves it: handled and not blocked. A child
    inherits an ignored SIGINT and a blocked mask from its parent, and something else in
    this test process (a library, an earlier test) may have left either so; then Ctrl-C
    could not reach the CLI at all. What this process had is put back afterwards."""
    before = signal.getsignal(signal.SIGINT)
    if before in (signal.SIG_IGN, None):
        signal.signal(signal.SIGINT, signal.default_int_handler)
    blocked = signal.SIGINT in signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    yield
    if blocked:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    if before in (signal.SIG_IGN, None):
        signal.signal(signal.SIGINT, before or signal.SIG_DFL)


def sigint_reaches(pid: int) -> None:
    """The CLI neither ignores nor blocks SIGINT (read from the kernel)."""
    status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines())
    bit = 1 << (signal.SIGINT - 1)
    assert not int(status["SigIgn"], 16) & bit, "the CLI started with SIGINT ignored"
    assert not int(status["SigBlk"], 16) & bit, "the CLI's main thread blocks SIGINT"


@pytest.mark.reliability
@pytest.mark.usefixtures("terminal_sigint")
class TestInterruptsAndPipes:
    @pytest.mark.parametrize("to", ["process", "core thread"])
    async def test_ctrl_c_during_run_prints_one_line_and_exits_130(self, client, task_queue, worker, script, to):
        tid = thread_id()
        proc = await start_cli(
            client, task_queue, "run", "t", "--model", script({"content": "late", "delay_s": 300}), "--thread", tid
        )
        assert proc.stdout is not None and proc.stderr is not None
        # Conditions, not timing: the CLI said the run started (its Ctrl-C handling is in
        # place from before that line), and the turn it follows is running.
        line = (await asyncio.wait_for(proc.stdout.readline(), timeout=180)).decode()
        assert line.startswith(f"thread {tid} started"), line
        await wait_for_running_activity(client.get_workflow_handle(tid), deadline_s=180)
        sigint_reaches(proc.pid)
        interrupt(proc, to)
        assert await asyncio.wait_for(proc.wait(), timeout=180) == 130
        err = (await proc.stderr.read()).decode()
        no_traceback(err)
        assert err.strip() == f"interrupted: thread {tid} goes on; re-attach with `rubricflow watch {tid}`"
        await client.get_workflow_handle(tid).terminate()
        REPORT.kill(f"CLI run, SIGINT to the {to}")

    @pytest.mark.parametrize("to", ["process", "core thread"])
    async def test_ctrl_c_while_send_waits_is_an_interrupt_not_an_error(self, client, task_queue, worker, script, to):
        """`send` waits on an update: Ctrl-C there is the same one line and 130 as in `run`."""
        from rubricflow import AgentSettings, RunInput

        tid = thread_id()
        await Rubricflow(client, task_queue).start(
            RunInput(
                message="x",
                idle_timeout_s=600,
                agent=AgentSettings(model=script({"content": "late", "delay_s": 300}, "b")),
            ),
            tid,
        )
        await wait_for_running_activity(client.get_workflow_handle(tid), deadline_s=180)
        proc = await start_cli(client, task_queue, "send", tid, "more")
        await queued(client, tid)
        sigint_reaches(proc.pid)
        interrupt(proc, to)
        assert await asyncio.wait_for(proc.wait(), timeout=180) == 130
        out, err = (await proc.stdout.read()).decode(), (await proc.stderr.read()).decode()
        no_traceback(out, err)
        assert err.strip() == f"interrupted: thread {tid} goes on; re-attach with `rubricflow watch {tid}`", err
        await client.get_workflow_handle(tid).terminate()
        REPORT.kill(f"CLI send, SIGINT to the {to}")

    async def test_a_closed_pipe_is_quiet(self, client, task_queue, worker, script):
        tid = thread_id()
        code, _, err = await run_cli(client, task_queue, "run", "t", "--model", script("hi " * 5000), "--thread", tid)
        assert code == 0, err
        read, write = os.pipe()
        os.close(read)  # the reader is gone before anything is written (`| head -0`)
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "rubricflow.cli",
            "status",
            tid,
            env=cli_env(client, task_queue),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=write,
            stderr=asyncio.subprocess.PIPE,
        )
        os.close(write)
        _, err_bytes = await asyncio.wait_for(proc.communicate(), timeout=60)
        assert proc.returncode == 141
        assert err_bytes.decode() == ""


class TestOneImportRoot:
    def test_importing_rubricflow_loads_neither_langchain_nor_activities(self):
        import subprocess

        loaded = json.loads(
            subprocess.run(
                [sys.executable, str(PROBE), "rubricflow"],
                capture_output=True,
                text=True,
                check=True,
                cwd="/",
            ).stdout
        )
        heavy = [
            m for m in loaded if m.startswith(("langchain", "langgraph", "rubricflow.activities", "rubricflow.worker"))
        ]
        assert heavy == []

    def test_version(self):
        import subprocess

        from rubricflow import __version__

        out = subprocess.run([sys.executable, "-m", "rubricflow.cli", "--version"], capture_output=True, text=True)
        assert out.returncode == 0 and out.stdout.strip() == f"rubricflow {__version__}"

    def test_help_documents_the_exit_codes_and_debug_shows_the_traceback(self):
        import subprocess

        from rubricflow.cli import exits

        out = subprocess.run([sys.executable, "-m", "rubricflow.cli", "--help"], capture_output=True, text=True).stdout
        codes = {
            exits.EXIT_OK,
            exits.EXIT_NOT_SATISFIED,
            exits.EXIT_BAD_INPUT,
            exits.EXIT_UNREACHABLE,
            exits.EXIT_INTERRUPTED,
            exits.EXIT_BROKEN_PIPE,
        }
        documented = {int(m) for m in re.findall(r"^  (\d+) ", out.partition("exit codes:")[2], re.M)}
        assert documented == codes
        env = {**os.environ, "TEMPORAL_ADDRESS": "127.0.0.1:1"}
        quiet = subprocess.run(
            [sys.executable, "-m", "rubricflow.cli", "status", "t"], capture_output=True, text=True, env=env
        )
        loud = subprocess.run(
            [sys.executable, "-m", "rubricflow.cli", "--debug", "status", "t"], capture_output=True, text=True, env=env
        )
        assert quiet.returncode == loud.returncode == 3
        assert "Traceback" not in quiet.stderr and "Traceback" in loud.stderr

    async def test_the_client_reference_example_runs(self, client, task_queue, worker, tmp_path: Path):
        reference = (ROOT / "docs" / "client.md").read_text()
        code = re.search(r"```python\n(.*?)```", reference, re.S).group(1)
        example = tmp_path / "example.py"
        example.write_text(code)
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            str(example),
            env=cli_env(client, task_queue),
            cwd=str(tmp_path),
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(proc.communicate(), timeout=120)
        assert proc.returncode == 0, err.decode()
        lines = out.decode().splitlines()
        assert "satisfied def add(a, b):" in lines
        assert lines[0].startswith("0 ") and "agent_turn_start" in lines[0]

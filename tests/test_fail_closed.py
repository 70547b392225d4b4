"""Fail closed: untrusted code without bubblewrap is refused, and contained with it;
scripted models are a test tool; every read from outside is capped (issue 11, findings
1, 4 and 6). Each refusal is counted in the reliability report."""

from __future__ import annotations

import asyncio
import http.client
import io
import json
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path
from threading import Thread

import pytest
from temporalio.client import WorkflowFailureError

from rubricflow.activities import sandbox
from rubricflow.activities.builtin_tools import MAX_READ_CHARS
from rubricflow.activities.config import WorkerConfig
from rubricflow.activities.grader import default_checks
from rubricflow.activities.model_errors import ModelConfigError
from rubricflow.activities.models import ModelFactory
from rubricflow.activities.sandbox import (
    ISOLATION_BWRAP,
    ISOLATION_FALLBACK,
    ISOLATION_REFUSED,
    SandboxLimits,
    run_python_tests,
)
from rubricflow.activities.scripted import load_script
from rubricflow.activities.tools import default_registry
from rubricflow.cli import main
from rubricflow.cli.inputs import BadInput, read_text_arg
from rubricflow.cli.render import render_event
from rubricflow.client import Rubricflow
from rubricflow.codec import MAX_CODEC_BODY_BYTES, EncryptionCodec, codec_server
from rubricflow.errors import ConfigError
from rubricflow.worker import build_worker
from rubricflow.worker_env import config_from_env
from rubricflow.workflows.rubric import parse_rubric
from rubricflow.workflows.types import MAX_RUBRIC_CHARS, Criterion, RunEvent, RunInput
from tests.helpers import thread_id, verdict
from tests.reliability import REPORT
from tests.test_sandbox import DUPLICATES, live_processes, require_bubblewrap, unique_sleeper

pytestmark = pytest.mark.reliability

PROBE = Path(__file__).with_name("sandbox_probe.py")
SECRET = "sk-fake-worker-secret-4f1c"
HIDDEN_PATHS = sorted(
    {str(Path(__file__).resolve().parents[1]), os.path.realpath(sys.prefix)} - {os.path.realpath(sys.base_prefix)}
)
"""The worker's checkout and its virtualenv (not the base Python installation, which is bound)."""

HOSTILE = """
import os, socket
def test_steal():
    found = []
    for pid in (os.getppid(), 1):
        try:
            found.append(open(f"/proc/{pid}/environ", "rb").read())
        except OSError:
            pass
    open("/tmp/../" + "%s", "w").write("ran")
""".strip()

CHECK_RUBRIC = (
    "- All tests pass [check: run_python_tests]\n\n"
    "```python tests\ndef test_dup():\n    assert find_duplicates([1, 1]) == [1]\n```\n"
)
ANSWER = f"```python\n{DUPLICATES}\n```"


@pytest.fixture
def no_bubblewrap(monkeypatch: pytest.MonkeyPatch) -> None:
    """Simulate a machine without `bwrap` (it stays installed)."""
    monkeypatch.setattr(sandbox, "bubblewrap_available", lambda: False)


class TestSandboxFailsClosed:
    async def test_without_bubblewrap_hostile_code_is_refused_unrun(self, no_bubblewrap, tmp_path: Path):
        marker = tmp_path / "ran"
        report = await run_python_tests("", HOSTILE % marker)
        REPORT.refuse("untrusted code without bubblewrap")

        assert not report.passed
        assert report.isolation == ISOLATION_REFUSED
        assert "apt-get install bubblewrap" in report.summary()
        assert "RUBRICFLOW_ALLOW_WEAK_SANDBOX=1" in report.summary()
        assert not marker.exists()  # nothing ran

    async def test_the_check_fails_the_criterion_with_the_reason_and_the_fix(self, no_bubblewrap):
        checks = default_checks()
        rubric = parse_rubric(CHECK_RUBRIC, checks.names())
        [criterion] = await checks.run(rubric, [], ANSWER)
        REPORT.refuse("untrusted code without bubblewrap")

        assert not criterion.passed
        assert criterion.isolation == ISOLATION_REFUSED
        assert "bubblewrap" in (criterion.gap or "") and "apt-get install bubblewrap" in (criterion.gap or "")

    async def test_with_the_weak_setting_it_runs_and_says_limits_only(self, no_bubblewrap):
        checks = default_checks(allow_weak_sandbox=True)
        rubric = parse_rubric(CHECK_RUBRIC, checks.names())
        [criterion] = await checks.run(rubric, [], ANSWER)

        assert criterion.passed, criterion.gap
        assert criterion.isolation == ISOLATION_FALLBACK == "limits only"

    async def test_the_tool_refuses_too_and_the_weak_setting_reaches_it(self, no_bubblewrap, tmp_path: Path):
        strict = default_registry(tmp_path).resolve(["run_python_tests"])[0]
        weak = default_registry(tmp_path, allow_weak_sandbox=True).resolve(["run_python_tests"])[0]
        tests = "def test_dup():\n    assert find_duplicates([2, 2]) == [2]\n"

        refused = await strict.ainvoke({"code": DUPLICATES, "tests": tests})
        ran = await weak.ainvoke({"code": DUPLICATES, "tests": tests})
        REPORT.refuse("untrusted code without bubblewrap")

        assert "apt-get install bubblewrap" in refused and "no test results" in refused
        assert ran.startswith("1 passed, 0 failed") and "(isolation: limits only)" in ran

    def test_the_worker_reads_the_weak_setting(self):
        assert config_from_env({}).allow_weak_sandbox is False
        assert config_from_env({"RUBRICFLOW_ALLOW_WEAK_SANDBOX": "1"}).allow_weak_sandbox is True
        REPORT.refuse("bad worker setting")
        with pytest.raises(ConfigError, match="RUBRICFLOW_ALLOW_WEAK_SANDBOX must be 1 .on. or 0 .off., got 'yes'"):
            config_from_env({"RUBRICFLOW_ALLOW_WEAK_SANDBOX": "yes"})

    def test_isolation_is_shown_with_the_criterion_and_kept_from_the_grader(self):
        criterion = Criterion(name="All tests pass", passed=True, isolation=ISOLATION_BWRAP)
        event = RunEvent(
            type="rubric_evaluation_end", iteration=1, result="satisfied", explanation="ok", criteria=[criterion]
        )
        out = io.StringIO()
        render_event(event, out, 1.0)

        assert "[pass] All tests pass (isolation: bubblewrap)" in out.getvalue()
        assert criterion.model_dump(mode="json")["isolation"] == "bubblewrap"
        assert "isolation" not in Criterion(name="x", passed=True).model_dump(mode="json")  # old shape kept
        from rubricflow.workflows.types import GraderVerdict

        assert "isolation" not in json.dumps(GraderVerdict.model_json_schema())


class TestSandboxContainsUnderBubblewrap:
    def probe(self, tmp_path: Path, tests: str, code: str = "") -> dict:
        (tmp_path / "code.py").write_text(code)
        (tmp_path / "tests.py").write_text(tests)
        env = {**os.environ, "RUBRICFLOW_FAKE_SECRET": SECRET}
        done = subprocess.run(
            [sys.executable, str(PROBE), str(tmp_path / "code.py"), str(tmp_path / "tests.py")],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=True,
        )
        return json.loads(done.stdout)

    def test_the_workers_environment_is_out_of_reach(self, tmp_path: Path):
        require_bubblewrap()
        tests = f"""
import os

def test_parent_and_worker_environ():
    tried = 0
    for pid in {{os.getppid(), 1, {{WORKER_PID}}}}:
        try:
            data = open(f"/proc/{{pid}}/environ", "rb").read()
        except OSError:
            continue
        tried += 1
        assert b"{SECRET}" not in data, f"pid {{pid}} shows the worker's secret"
    print("environ files read:", tried)
    assert not os.path.exists("/proc/{{WORKER_PID}}"), "the worker's process is visible"

def test_worker_files_are_invisible():
    assert not os.path.exists("/root/.bashrc") and not os.path.exists("/home")
    for hidden in {HIDDEN_PATHS!r}:
        assert not os.path.exists(hidden), hidden + " is visible"
"""
        result = self.probe(tmp_path, tests)
        REPORT.refuse("sandbox: read the worker's environ")

        assert result["passed"], result["summary"]
        assert result["isolation"] == ISOLATION_BWRAP
        assert "environ files read:" in result["stdout"]
        assert SECRET not in json.dumps(result)

    async def test_a_setsid_grandchild_does_not_outlive_the_check(self):
        require_bubblewrap()
        sleeper = unique_sleeper()
        tests = (
            "import subprocess\n"
            "def test_escape():\n"
            f"    subprocess.Popen(['setsid', '-f', *{sleeper!r}])\n"
            f"    subprocess.Popen({sleeper!r}, start_new_session=True)\n"
        )
        try:
            report = await run_python_tests("", tests)
            REPORT.refuse("sandbox: setsid grandchild")
            assert report.passed, report.summary()
            assert live_processes(sleeper) == []
        finally:
            from tests.test_sandbox import kill_all

            kill_all(live_processes(sleeper))

    async def test_a_fork_bomb_is_contained_and_the_check_returns(self):
        require_bubblewrap()
        sleeper = unique_sleeper()
        limits = SandboxLimits(wall_clock_s=5.0, max_processes=32)
        tests = (
            "import os\n"
            "def test_flood():\n"
            "    spawned = 0\n"
            "    try:\n"
            "        for _ in range(2000):\n"
            "            if os.fork() == 0:\n"
            f"                os.execv('/usr/bin/sleep', {sleeper!r})\n"
            "            spawned += 1\n"
            "    except OSError as exc:\n"
            "        print('fork refused after', spawned, exc, flush=True)\n"
            "        return\n"
            "    raise AssertionError(f'{spawned} processes and no limit')\n"
            "def test_bomb():\n"
            "    while True:\n"
            "        try:\n"
            "            os.fork()\n"
            "        except OSError:\n"
            "            pass\n"
        )
        started = time.monotonic()
        try:
            report = await run_python_tests("", tests, limits)
            elapsed = time.monotonic() - started
            REPORT.refuse("sandbox: fork bomb")

            assert report.outcomes[0].passed, report.summary()
            assert "fork refused after" in report.stdout
            assert int(report.stdout.split("fork refused after")[1].split()[0]) < limits.max_processes
            assert report.timed_out and not report.passed
            assert elapsed < limits.wall_clock_s + 10
            assert live_processes(sleeper) == []
            assert subprocess.run(["true"], timeout=10).returncode == 0  # the worker can still fork
        finally:
            from tests.test_sandbox import kill_all

            kill_all(live_processes(sleeper))


class TestScriptedModelsAreATestTool:
    def test_off_unless_the_worker_allows_them(self, tmp_path: Path):
        path = tmp_path / "s.json"
        path.write_text(json.dumps({"responses": ["hi"]}))
        REPORT.refuse("scripted model on a default worker")
        with pytest.raises(ModelConfigError, match="start the worker with RUBRICFLOW_ALLOW_SCRIPTED=1"):
            ModelFactory().get(f"scripted:{path}")
        assert ModelFactory(allow_scripted=True).get(f"scripted:{path}") is not None

    def test_the_worker_reads_both_settings(self, tmp_path: Path):
        assert config_from_env({}).allow_scripted is False
        assert config_from_env({}).scripted_dir is None
        config = config_from_env({"RUBRICFLOW_ALLOW_SCRIPTED": "1", "RUBRICFLOW_SCRIPTED_DIR": str(tmp_path)})
        assert config.allow_scripted is True and config.scripted_dir == tmp_path

    def test_limited_to_the_scripted_dir_without_saying_what_exists(self, tmp_path: Path):
        allowed = tmp_path / "scripts"
        allowed.mkdir()
        (allowed / "ok.json").write_text(json.dumps({"responses": ["hi"]}))
        outside = tmp_path / "outside.json"
        outside.write_text(json.dumps({"responses": ["hi"]}))
        factory = ModelFactory(allow_scripted=True, scripted_dir=allowed)

        assert factory.get("scripted:ok.json") is not None
        assert factory.get(f"scripted:{allowed / 'ok.json'}") is not None
        messages = []
        for probe in (str(outside), "../outside.json", str(tmp_path / "missing.json"), "/etc/passwd", "/etc"):
            REPORT.refuse("scripted path outside RUBRICFLOW_SCRIPTED_DIR")
            with pytest.raises(ModelConfigError) as err:
                factory.get(f"scripted:{probe}")
            messages.append(str(err.value).replace(repr(probe), "PATH"))
        assert len(set(messages)) == 1, messages  # the same words whether the path exists or not
        assert "must lie in this worker's RUBRICFLOW_SCRIPTED_DIR" in messages[0]

    @pytest.mark.parametrize(
        "content",
        [
            {"api_key": "sk-live-123", "db": "postgres://u:pw@h/db"},
            {"responses": ["ok"], "api_key": "sk-live-123"},
            {"responses": [{"content": "x", "db": "postgres://u:pw@h/db"}]},
            {"responses": "sk-live-123"},
            ["sk-live-123"],
        ],
    )
    def test_errors_never_echo_the_files_contents(self, tmp_path: Path, content):
        path = tmp_path / "config.json"
        path.write_text(json.dumps(content))
        REPORT.refuse("scripted file contents probed")
        with pytest.raises(ModelConfigError) as err:
            load_script(path)
        message = str(err.value)
        assert message.startswith(f"not a valid script file: {path}")
        for leaked in ("api_key", "sk-live-123", "postgres", "db"):
            assert leaked not in message.replace(str(path), ""), message

    async def test_a_default_worker_fails_the_run_saying_how_to_enable(self, client, task_queue, script):
        REPORT.refuse("scripted model on a default worker")
        rf = Rubricflow(client, task_queue)
        run_input = RunInput.model_validate({"message": "task", "agent": {"model": script("hi")}})
        async with build_worker(client, queue=task_queue, config=WorkerConfig(task_queue=task_queue)):
            run = await rf.start(run_input, thread_id())
            with pytest.raises(WorkflowFailureError) as err:
                await asyncio.wait_for(run.result(), timeout=60)
        REPORT.run(run.thread_id, "failed", "failed")
        assert "RUBRICFLOW_ALLOW_SCRIPTED=1" in str(err.value.cause)


class TestCapsOnEveryRead:
    def test_at_dev_zero_is_refused_at_once(self):
        REPORT.refuse("@FILE not a regular file")
        with pytest.raises(BadInput, match="'/dev/zero' is not a regular file"):
            read_text_arg("@/dev/zero", "rubric")

    def test_at_fifo_is_refused_without_waiting_for_a_writer(self, tmp_path: Path):
        fifo = tmp_path / "pipe"
        os.mkfifo(fifo)
        REPORT.refuse("@FILE not a regular file")
        with pytest.raises(BadInput, match="is not a regular file"):
            read_text_arg(f"@{fifo}", "prompt")

    def test_at_file_over_the_fields_limit_is_refused_unread(self, tmp_path: Path):
        huge = tmp_path / "huge.md"
        with huge.open("wb") as handle:
            handle.truncate(8 * 1024**3)  # sparse: 8 GiB that would not fit in memory
        fits = tmp_path / "fits.md"
        fits.write_text("é" * MAX_RUBRIC_CHARS, encoding="utf-8")
        over = tmp_path / "over.md"
        over.write_text("x" * (MAX_RUBRIC_CHARS + 1), encoding="utf-8")

        assert read_text_arg(f"@{fits}", "rubric") == "é" * MAX_RUBRIC_CHARS
        for path in (huge, over):
            REPORT.refuse("@FILE over its limit")
            with pytest.raises(BadInput, match=f"too large: a rubric has at most {MAX_RUBRIC_CHARS} characters"):
                read_text_arg(f"@{path}", "rubric")

    def test_invalid_utf8_is_a_message_not_a_traceback(self, tmp_path: Path, capsys):
        bad = tmp_path / "bad.md"
        bad.write_bytes(b"- ok\n- caf\xe9\n")
        REPORT.refuse("@FILE invalid UTF-8")
        with pytest.raises(BadInput, match=r"is not valid UTF-8 \(byte 10\); save it as UTF-8 text"):
            read_text_arg(f"@{bad}", "rubric")
        code = main(["run", "--model", "scripted:a.json", "--rubric", f"@{bad}", "task"])
        err = capsys.readouterr().err
        assert code == 2 and "is not valid UTF-8" in err and "Traceback" not in err

    def test_the_cli_refuses_dev_zero_with_exit_2(self, capsys):
        REPORT.refuse("@FILE not a regular file")
        code = main(["run", "--model", "scripted:a.json", "--rubric", "@/dev/zero", "task"])
        err = capsys.readouterr().err
        assert code == 2 and "'/dev/zero' is not a regular file" in err

    def test_read_file_reads_at_most_its_cap(self, tmp_path: Path):
        big = tmp_path / "big.log"
        with big.open("wb") as handle:
            handle.truncate(400 * 1024**2)  # 400 MB
        read = default_registry(tmp_path).resolve(["read_file"])[0]
        tracemalloc.start()
        try:
            text = read.invoke({"path": "big.log"})
            _, peak = tracemalloc.get_traced_memory()
        finally:
            tracemalloc.stop()
        REPORT.refuse("read_file past its cap")
        assert text.endswith("...(truncated)") and len(text) == MAX_READ_CHARS + len("...(truncated)")
        assert peak < 5 * 1024**2, f"read_file held {peak} bytes for a capped read"


class TestCodecServerBody:
    @pytest.fixture
    def server(self):
        server = codec_server(EncryptionCodec({"k1": os.urandom(32)}), "127.0.0.1", 0, "http://127.0.0.1:8233")
        Thread(target=server.serve_forever, daemon=True).start()
        yield server
        server.shutdown()

    @pytest.mark.parametrize(
        ("length", "status", "words"),
        [
            (None, 411, "Content-Length is required"),
            ("-1", 400, "must be a whole number of bytes"),
            ("lots", 400, "must be a whole number of bytes"),
            (str(100 * 1024**2), 413, f"over the limit of {MAX_CODEC_BODY_BYTES}"),
        ],
    )
    def test_bad_or_huge_bodies_are_answered_at_once(self, server, length, status, words):
        connection = http.client.HTTPConnection("127.0.0.1", server.server_address[1], timeout=10)
        connection.putrequest("POST", "/decode")
        if length is not None:
            connection.putheader("Content-Length", length)
        connection.endheaders()  # and no body: a server that waits for one would time out
        started = time.monotonic()
        response = connection.getresponse()
        body = response.read().decode()
        connection.close()
        REPORT.refuse("codec server body")
        assert response.status == status and words in body
        assert time.monotonic() - started < 5


class TestIsolationIsShownToTheUser:
    async def test_run_status_and_json_show_the_checks_isolation(self, client, task_queue, worker, script, monkeypatch):
        import argparse

        from rubricflow.cli.commands import cmd_status
        from rubricflow.cli.render import result_json

        require_bubblewrap()
        rf = Rubricflow(client, task_queue)
        run_input = RunInput.model_validate(
            {
                "message": "write find_duplicates",
                "rubric": CHECK_RUBRIC,
                "agent": {"model": script(ANSWER)},
                "grader": {"model": script(verdict("satisfied", "ok")), "max_iterations": 1},
            }
        )
        run = await rf.start(run_input, thread_id())
        result = await asyncio.wait_for(run.result(), timeout=90)
        progress = await rf.progress(run.thread_id)
        REPORT.run(run.thread_id, "satisfied", result.status)

        [criterion] = progress.evaluations[-1].criteria
        expected = ISOLATION_BWRAP
        assert criterion.isolation == expected
        assert result_json(progress)["evaluations"][-1]["criteria"][0]["isolation"] == expected
        monkeypatch.setenv("TEMPORAL_ADDRESS", client.service_client.config.target_host)
        monkeypatch.setenv("TEMPORAL_NAMESPACE", client.namespace)
        out = io.StringIO()
        await cmd_status(argparse.Namespace(thread=run.thread_id, json=False), out)
        assert f"check All tests pass: pass (isolation: {expected})" in out.getvalue()

"""Fail closed, never stuck: invalid Unicode from a model, ids Temporal would refuse,
and payload encryption that cannot half-work."""

from __future__ import annotations

import asyncio
import base64
import os
import signal

import pytest
from temporalio.client import Client
from temporalio.contrib.pydantic import pydantic_data_converter

from rubricflow.activities.messages import clean_text, from_langchain
from rubricflow.client import Rubricflow, RunRefused, Stuck, ThreadStuck
from rubricflow.codec import CodecConfigError, EncryptionCodec, parse_keys, with_codec
from rubricflow.worker import build_worker
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput, SubmitInput
from tests.helpers import activity_attempts, start_worker_process, thread_id, until, verdict
from tests.reliability import REPORT

pytestmark = [pytest.mark.reliability]


class TestInvalidUnicode:
    def test_lone_surrogates_become_the_replacement_character(self):
        from langchain_core.messages import AIMessage

        message = from_langchain(
            AIMessage(
                content="ok \ud800 done",
                tool_calls=[{"name": "read_file", "args": {"path": "a\udfffb", "n": [1, "\ud800"]}, "id": "c1"}],
            )
        )
        assert message.content == "ok \ufffd done"
        assert message.tool_calls[0].args == {"path": "a\ufffdb", "n": [1, "\ufffd"]}
        assert clean_text("pair \ud83d\ude00 kept") == "pair \U0001f600 kept"
        assert clean_text("plain") == "plain"

    async def test_a_reply_with_a_lone_surrogate_finishes_the_run_in_one_attempt(self, client, task_queue, script):
        agent = script("answer \ud800 with a lone surrogate")
        grader = script(verdict("satisfied", "ok", tests=True))
        async with build_worker(client, queue=task_queue):
            run = await Rubricflow(client, task_queue).start(
                RunInput(
                    message="go",
                    rubric="- tests",
                    agent=AgentSettings(model=agent),
                    grader=GraderSettings(model=grader),
                    idle_timeout_s=0,
                ),
                thread_id(),
            )
            result = await run.result()
        assert result.status == "satisfied"
        assert result.answer == "answer \ufffd with a lone surrogate"
        assert [a for a in await activity_attempts(run.handle) if a[0] == "rubricflow.run_agent_turn"] == [
            ("rubricflow.run_agent_turn", 1)
        ]
        REPORT.fault("model reply with a lone surrogate")
        REPORT.run(run.thread_id, "satisfied", result.status)


def codec_keys(**keys: bytes) -> str:
    return ",".join(f"{key_id}:{base64.b64encode(key).decode()}" for key_id, key in keys.items())


async def stuck_reported(rf: Rubricflow, tid: str, deadline_s: float = 30) -> Stuck:
    """Wait (by polling the server's description: there is no event to await) until the
    thread's workflow task has failed at least once."""
    return await until(lambda: rf.stuck(tid), f"thread {tid} reported stuck", deadline_s, every_s=0.3)


class TestEncryptionCannotHalfWork:
    worker_key = os.urandom(32)

    @pytest.mark.parametrize(
        "client_keys, says",
        [
            (lambda: codec_keys(kB=os.urandom(32)), "encrypted with key 'kB', which this process does not hold"),
            (lambda: codec_keys(kA=os.urandom(32)), "under key 'kA' failed authentication"),
            (lambda: None, "refused a payload that is not encrypted"),
        ],
        ids=["other-key-id", "same-id-other-bytes", "no-keys"],
    )
    async def test_a_mismatch_is_reported_by_status_within_seconds(
        self, client, task_queue, script, client_keys, says, monkeypatch, request
    ):
        kind = request.node.callspec.id
        from tests.test_cli import rubricflow

        keys = client_keys()
        if keys is None:
            monkeypatch.delenv("RUBRICFLOW_CODEC_KEYS", raising=False)
            secure = client
        else:
            secure = await Client.connect(
                client.service_client.config.target_host,
                namespace=client.namespace,
                data_converter=with_codec(pydantic_data_converter, EncryptionCodec(parse_keys(keys))),
            )
        worker = await start_worker_process(client, task_queue, RUBRICFLOW_CODEC_KEYS=codec_keys(kA=self.worker_key))
        try:
            rf = Rubricflow(secure, task_queue)
            started = asyncio.get_running_loop().time()
            run = await rf.start(
                RunInput(
                    message="secret task",
                    rubric="- tests",
                    agent=AgentSettings(model=script("v1")),
                    grader=GraderSettings(model=script(verdict("satisfied", "ok", tests=True))),
                ),
                thread_id(),
            )
            stuck = await stuck_reported(rf, run.thread_id)
            assert asyncio.get_running_loop().time() - started < 30
            assert says in stuck.last_failure
            with pytest.raises(ThreadStuck, match="is stuck: its workflow task has failed"):
                await rf.progress(run.thread_id)
            env = {"RUBRICFLOW_CODEC_KEYS": keys} if keys else {}
            code, out, err = await rubricflow(client, task_queue, "status", run.thread_id, **env)
            assert code == 1, (out, err)
            assert f"thread {run.thread_id} is stuck" in err and says in err and "Traceback" not in err
            await secure.get_workflow_handle(run.thread_id).terminate("test over")
        finally:
            worker.send_signal(signal.SIGTERM)
            await worker.wait()
        REPORT.fault(f"codec mismatch, client {kind}")
        REPORT.figure(
            f"codec mismatch ({kind}): `status` reported the thread stuck on workflow task "
            f"attempt {stuck.attempt}, with the failure in words"
        )

    async def test_run_reports_a_mismatch_in_the_words_status_uses(self, client, task_queue, script):
        """`run` follows the thread it started: a workflow task that keeps failing ends
        it with `ThreadStuck`'s words, not an update error about the failed task."""
        from tests.test_cli import rubricflow

        worker = await start_worker_process(client, task_queue, RUBRICFLOW_CODEC_KEYS=codec_keys(kA=self.worker_key))
        tid = thread_id()
        try:
            started = asyncio.get_running_loop().time()
            code, out, err = await rubricflow(
                client,
                task_queue,
                "run",
                "secret task",
                "--thread",
                tid,
                "--model",
                script("v1"),
                "--rubric",
                "- tests",
                "--grader-model",
                script(verdict("satisfied", "ok", tests=True)),
                RUBRICFLOW_CODEC_KEYS=codec_keys(kB=os.urandom(32)),
            )
            took = asyncio.get_running_loop().time() - started
            assert code == 1, (out, err)
            assert f"thread {tid} is stuck: its workflow task has failed" in err, err
            assert "encrypted with key 'kB', which this process does not hold" in err, err
            assert "unexpected error" not in err and "Traceback" not in err, err
            await client.get_workflow_handle(tid).terminate("test over")
        finally:
            worker.send_signal(signal.SIGTERM)
            await worker.wait()
        REPORT.fault("codec mismatch, followed by run")
        REPORT.figure(f"codec mismatch: `run` ended with the thread stuck, in words, after {took:.0f} s")

    def test_plaintext_is_refused_unless_a_migration_window_is_open(self):
        from temporalio.api.common.v1 import Payload

        plain = [Payload(metadata={"encoding": b"json/plain"}, data=b'"task"')]
        with pytest.raises(CodecConfigError, match="not encrypted.*RUBRICFLOW_CODEC_ALLOW_PLAINTEXT=1"):
            EncryptionCodec({"k1": os.urandom(32)}).decode_sync(plain)
        assert EncryptionCodec({"k1": os.urandom(32)}, allow_plaintext=True).decode_sync(plain) == plain
        REPORT.refuse("plaintext payload on a worker with keys")


class TestIds:
    @pytest.mark.parametrize(
        "bad, says",
        [
            ("", "must not be empty"),
            ("x" * 1001, "has 1001 characters; at most 1000"),
            ("a\nforged-row\tsatisfied", "control character '\\\\n'"),
        ],
    )
    async def test_thread_ids_and_task_queues_are_checked_before_they_reach_temporal(self, client, bad, says):
        rf = Rubricflow(client, "q")
        with pytest.raises(RunRefused, match=f"thread id .*{says}"):
            await rf.start(RunInput(message="m", agent=AgentSettings(model="scripted:/x.json")), bad)
        with pytest.raises(RunRefused, match=f"thread id .*{says}"):
            await rf.send(bad, SubmitInput(message="m"))
        with pytest.raises(RunRefused, match=f"task queue .*{says}"):
            Rubricflow(client, bad)
        REPORT.refuse("bad thread id or task queue")

    async def test_the_cli_refuses_a_bad_thread_id_with_exit_2(self, client, task_queue):
        from tests.test_cli import rubricflow

        code, out, err = await rubricflow(client, task_queue, "status", "a\nb")
        assert code == 2 and "thread id 'a\\nb' contains the control character" in err and "Traceback" not in err
        REPORT.refuse("bad thread id or task queue")


class TestCleanEnds:
    async def test_send_warns_at_once_when_no_worker_polls(self, client, task_queue, script):
        from tests.test_cli import rubricflow

        rf = Rubricflow(client, task_queue)
        run = await rf.start(RunInput(agent=AgentSettings(model=script("hi")), idle_timeout_s=60), thread_id())
        started = asyncio.get_running_loop().time()
        code, out, err = await rubricflow(client, task_queue, "send", "--no-wait", run.thread_id, "hello")
        assert asyncio.get_running_loop().time() - started < 15
        assert code == 0 and f"queued on thread {run.thread_id}" in out
        assert f"no worker is polling task queue {task_queue!r}" in err
        await run.handle.terminate("test over")
        REPORT.refuse("send with no worker (warned)")

    async def test_no_warning_when_a_worker_polls(self, client, task_queue, script):
        async with build_worker(client, queue=task_queue):
            rf = Rubricflow(client, task_queue)
            await until(rf.workers_polling, "the worker's first poll", 30)  # nothing to await

    def test_invalid_utf8_in_argv_is_refused_with_a_message(self):
        import subprocess
        import sys

        done = subprocess.run(
            [sys.executable, "-m", "rubricflow.cli", "status", b"thr\xffead"], capture_output=True, timeout=60
        )
        assert done.returncode == 2
        assert b"is not valid UTF-8" in done.stderr and b"Traceback" not in done.stderr
        REPORT.refuse("invalid UTF-8 argument")

    def test_invalid_utf8_in_a_file_is_refused_with_a_message(self, tmp_path):
        from rubricflow.cli.inputs import BadInput, read_text_arg

        bad = tmp_path / "rubric.md"
        bad.write_bytes(b"- tests pass \xff\n")
        with pytest.raises(BadInput, match="is not valid UTF-8 \\(byte 13\\); save it as UTF-8"):
            read_text_arg(f"@{bad}", "rubric")
        REPORT.refuse("invalid UTF-8 file")

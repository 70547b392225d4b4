"""Per-evaluation hooks: exactly once per evaluation, across replay and worker restarts."""

from __future__ import annotations

import asyncio
import json
import signal
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from threading import Thread

import pytest

from rubricflow.activities.hooks import Hook, Ledger, deliver, parse_hooks
from rubricflow.client import Rubricflow, RunFailed
from rubricflow.worker import build_worker
from rubricflow.workflows.types import (
    AgentSettings,
    ApproveInput,
    Evaluation,
    GraderSettings,
    HookInput,
    RejectInput,
    RunInput,
    SubmitInput,
)
from tests import hook_sink
from tests.helpers import start_worker_process, thread_id, verdict
from tests.reliability import REPORT
from tests.test_threads import run_end


@pytest.fixture(autouse=True)
def clean_sink():
    hook_sink.DELIVERED.clear()


def thread_input(agent: str, grader: str, idle: int = 0) -> RunInput:
    return RunInput(
        message="go",
        rubric="- tests",
        agent=AgentSettings(model=agent),
        grader=GraderSettings(model=grader),
        idle_timeout_s=idle,
    )


def delivered_for(tid: str) -> list[tuple[str, str]]:
    return [(op, result) for t, op, result in hook_sink.DELIVERED if t == tid]


class TestSlowHooks:
    async def test_a_blocking_hook_does_not_stall_the_worker(self, client, task_queue, script, tmp_path):
        gate, sink = tmp_path / "gate", tmp_path / "hooks.log"
        gate.mkdir()
        worker = await start_worker_process(
            client,
            task_queue,
            RUBRICFLOW_HOOKS="tests.hook_sink:block_until_released",
            RUBRICFLOW_TEST_HOOK_GATE=str(gate),
            RUBRICFLOW_TEST_HOOK_SINK=str(sink),
            RUBRICFLOW_DATA_DIR=str(tmp_path / "data"),
        )
        try:
            run = await Rubricflow(client, task_queue).start(
                thread_input(script("v1"), script(verdict("satisfied", "ok", tests=True))), thread_id()
            )
            while not (gate / "entered").exists():
                await asyncio.sleep(0.05)
            # The hook blocks its thread; the worker's event loop still answers a query.
            progress = await asyncio.wait_for(run.progress(), 10)
            assert progress.status == "satisfied"
            (gate / "release").touch()
            result = await run.result()
        finally:
            worker.send_signal(signal.SIGTERM)
            await worker.wait()
        [line] = sink.read_text().splitlines()
        assert line.split("\t") == [run.thread_id, result.evaluations[0].operation_id, "satisfied"]


class TestExactlyOnce:
    async def test_once_per_evaluation_even_when_every_task_replays(self, client, task_queue, script, tmp_path):
        hooks = [Hook("tests.hook_sink:record")]
        async with build_worker(client, queue=task_queue, hooks=hooks, ledger=Ledger(tmp_path), max_cached_workflows=0):
            rf = Rubricflow(client, task_queue)
            grader = script(verdict("needs_revision", "no", tests="fails"), verdict("satisfied", "ok", tests=True))
            run = await rf.start(thread_input(script("v1", "v2"), grader), thread_id())
            result = await run.result()
        ops = [e.operation_id for e in result.evaluations]
        assert delivered_for(run.thread_id) == [(ops[0], "needs_revision"), (ops[1], "satisfied")]

    async def test_once_across_a_worker_restart(self, client, task_queue, script, tmp_path):
        hooks = [Hook("tests.hook_sink:record")]
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        grader = script(verdict("satisfied", "ok", tests=True))
        async with build_worker(client, queue=task_queue, hooks=hooks, ledger=Ledger(tmp_path)):
            await rf.start(thread_input(script("v1", "v2"), grader, idle=600), tid)
            async for event in rf.events(tid):
                pass  # until the first run ends
        # A new worker process-equivalent (new activities, same machine's ledger).
        async with build_worker(client, queue=task_queue, hooks=hooks, ledger=Ledger(tmp_path)):
            after = await rf.submit(tid, SubmitInput(message="follow-up"))
            await rf.cancel(tid)
        assert sorted(delivered_for(tid)) == sorted((e.operation_id, e.result) for e in after.evaluations)
        assert len(delivered_for(tid)) == 2


class TestFailingHooks:
    async def test_a_failing_hook_is_logged_and_the_run_goes_on(self, client, task_queue, script, tmp_path, caplog):
        hooks = [Hook("tests.hook_sink:explode"), Hook("tests.hook_sink:record_async")]
        async with build_worker(client, queue=task_queue, hooks=hooks, ledger=Ledger(tmp_path)):
            run = await Rubricflow(client, task_queue).start(
                thread_input(script("v1"), script(verdict("satisfied", "ok", tests=True))), thread_id()
            )
            result = await run.result()
        assert result.status == "satisfied"
        assert delivered_for(run.thread_id) == [(result.evaluations[0].operation_id, "async:satisfied")]
        assert "hook tests.hook_sink:explode failed" in caplog.text


class TestDelivery:
    def evaluation(self) -> HookInput:
        return HookInput(
            thread_id="t-1",
            evaluation=Evaluation(grading_run_id="run", iteration=0, result="satisfied", explanation="ok"),
        )

    async def test_a_retry_after_delivery_does_not_deliver_again(self, tmp_path):
        ledger = Ledger(tmp_path)
        hooks = [Hook("tests.hook_sink:record")]
        assert await deliver(hooks, ledger, self.evaluation()) == []
        assert await deliver(hooks, ledger, self.evaluation()) == []  # the activity retried
        assert hook_sink.DELIVERED == [("t-1", "run:0", "satisfied")]

    async def test_webhook_gets_json_and_an_idempotency_key(self, tmp_path):
        received = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                body = self.rfile.read(int(self.headers["Content-Length"]))
                received.append((self.headers["Idempotency-Key"], json.loads(body)))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        Thread(target=server.serve_forever, daemon=True).start()
        try:
            url = f"http://127.0.0.1:{server.server_address[1]}/hook"
            assert await deliver([Hook(url)], Ledger(tmp_path), self.evaluation()) == []
        finally:
            server.shutdown()
        [(key, body)] = received
        assert key == "t-1:run:0"
        assert body["thread_id"] == "t-1" and body["result"] == "satisfied" and body["iteration"] == 0

    def test_configuration_is_checked(self):
        assert [h.target for h in parse_hooks(" mod:fn , https://x.example/h ,")] == ["mod:fn", "https://x.example/h"]
        with pytest.raises(ValueError, match="neither 'module:function' nor an http"):
            parse_hooks("not-a-hook")


@pytest.mark.reliability
class TestReviewerDecisions:
    async def test_reject_then_approve_each_reach_the_hooks_once(self, client, task_queue, script, tmp_path):
        """A rejection is a pass of the run, an approval ends it without spending one: each
        decision is its own record, with its own operation id and its own delivery."""
        hooks = [Hook("tests.hook_sink:record")]
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        grader = script(verdict("failed", "cannot judge it"), verdict("failed", "still cannot judge it"))
        run_in = RunInput(
            message="go",
            rubric="- tests",
            agent=AgentSettings(model=script("v1", "v2")),
            grader=GraderSettings(model=grader, max_iterations=3),
            idle_timeout_s=600,
        )
        async with build_worker(client, queue=task_queue, hooks=hooks, ledger=Ledger(tmp_path)):
            run = await rf.start(run_in, tid)
            await run_end(rf, tid, 1)
            await rf.reject(tid, RejectInput(feedback="no", reviewer="bob"))
            await run_end(rf, tid, 2)
            after = await rf.approve(tid, ApproveInput(reviewer="ana"))
            await rf.cancel(tid)  # a cancelled idle thread still delivers what it scheduled
            with pytest.raises(RunFailed):
                await run.result()
        assert [(e.result, e.reviewer, e.iteration) for e in after.evaluations] == [
            ("failed", None, 0),
            ("needs_revision", "bob", 1),
            ("failed", None, 2),
            ("satisfied", "ana", 3),
        ]
        ops = [e.operation_id for e in after.evaluations]
        delivered = Counter(op for t, op, _ in hook_sink.DELIVERED if t == tid)
        assert delivered == Counter(ops), "each evaluation is delivered exactly once"
        assert len(set(ops)) == len(ops), f"operation ids collide: {ops}"
        REPORT.run(tid, "satisfied", after.status)

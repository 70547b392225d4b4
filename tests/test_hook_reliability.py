"""Hooks never hold a thread: a deadline per delivery, retries on 5xx and transport
errors, signed deliveries (Standard Webhooks), settings checked at worker start."""

from __future__ import annotations

import asyncio
import base64
import os
import time

import pytest
from standardwebhooks.webhooks import Webhook
from temporalio.exceptions import ApplicationError

from rubricflow.activities import hooks as hooks_module
from rubricflow.activities.hooks import Hook, Ledger, deliver, parse_hooks, parse_webhook_secret
from rubricflow.client import Rubricflow
from rubricflow.errors import ConfigError
from rubricflow.worker import build_worker
from rubricflow.worker_env import config_from_env
from rubricflow.workflows import errors
from rubricflow.workflows.step_policy import HOOK_RETRY_POLICY
from rubricflow.workflows.types import (
    AgentSettings,
    Evaluation,
    GraderSettings,
    HookInput,
    RunInput,
    SubmitInput,
)
from tests.helpers import thread_id, verdict
from tests.hook_sink import WebhookSink
from tests.reliability import REPORT

pytestmark = [pytest.mark.reliability]

SECRET = "whsec_" + base64.b64encode(b"0123456789abcdef0123456789abcdef").decode()


def evaluation() -> HookInput:
    return HookInput(
        thread_id="t-1", evaluation=Evaluation(grading_run_id="run", iteration=0, result="satisfied", explanation="ok")
    )


@pytest.fixture
def sink(request):
    server = WebhookSink(*getattr(request, "param", ("ok",)))
    yield server
    server.close()


class TestSigning:
    async def test_a_delivery_verifies_with_the_standard_webhooks_verifier(self, sink, tmp_path):
        secret = parse_webhook_secret(SECRET)
        assert await deliver([Hook(sink.url)], Ledger(tmp_path), evaluation(), secret=secret) == []
        [(headers, body)] = sink.requests
        assert headers["webhook-id"] == "t-1:run:0"
        assert abs(int(headers["webhook-timestamp"]) - time.time()) < 60
        payload = Webhook(SECRET).verify(body, headers)
        assert payload["thread_id"] == "t-1" and payload["result"] == "satisfied"

    async def test_a_tampered_body_does_not_verify(self, sink, tmp_path):
        from standardwebhooks.webhooks import WebhookVerificationError

        await deliver([Hook(sink.url)], Ledger(tmp_path), evaluation(), secret=parse_webhook_secret(SECRET))
        [(headers, body)] = sink.requests
        with pytest.raises(WebhookVerificationError):
            Webhook(SECRET).verify(body.replace(b"satisfied", b"failed"), headers)

    async def test_unsigned_without_a_secret(self, sink, tmp_path):
        await deliver([Hook(sink.url)], Ledger(tmp_path), evaluation())
        [(headers, _)] = sink.requests
        assert "webhook-signature" not in headers and headers["idempotency-key"] == "t-1:run:0"

    def test_the_worker_reads_the_secret_from_its_environment(self):
        assert config_from_env({"RUBRICFLOW_WEBHOOK_SECRET": SECRET}).webhook_secret == b"0123456789abcdef" * 2
        assert config_from_env({}).webhook_secret is None

    @pytest.mark.parametrize(
        "bad, says",
        [
            ("0123456789abcdef", "must start with 'whsec_'"),
            ("whsec_***", "not valid base64"),
            ("whsec_" + base64.b64encode(b"short").decode(), "has 5 bytes"),
        ],
    )
    def test_a_bad_secret_stops_the_worker(self, bad, says):
        with pytest.raises(ConfigError, match=f"RUBRICFLOW_WEBHOOK_SECRET is not usable: .*{says}"):
            config_from_env({"RUBRICFLOW_WEBHOOK_SECRET": bad})
        REPORT.refuse("bad worker setting")


class TestDeadlineAndRetries:
    @pytest.mark.parametrize("sink", [("trickle", 5.0)], indirect=True)
    async def test_a_trickling_webhook_is_cut_off_at_the_deadline_and_retried(self, sink, tmp_path, monkeypatch):
        monkeypatch.setattr(hooks_module, "WEBHOOK_DEADLINE_S", 2.0)
        started = time.monotonic()
        with pytest.raises(ApplicationError, match="will be retried: .*no complete answer within 2 s") as caught:
            await deliver([Hook(sink.url)], Ledger(tmp_path), evaluation(), final_attempt=False)
        assert time.monotonic() - started < 4
        assert caught.value.type == errors.HOOK_UNAVAILABLE and not caught.value.non_retryable
        REPORT.fault("webhook trickling a byte every 5 s")

    @pytest.mark.parametrize("sink", [("error",)], indirect=True)
    async def test_a_500_is_retried_then_reported_on_the_last_attempt(self, sink, tmp_path, caplog):
        ledger = Ledger(tmp_path)
        with pytest.raises(ApplicationError, match="HTTP 500"):
            await deliver([Hook(sink.url)], ledger, evaluation(), final_attempt=False)
        assert await deliver([Hook(sink.url)], ledger, evaluation(), final_attempt=True) == [sink.url]
        assert len(sink.requests) == 2
        [record] = [r for r in caplog.records if r.name == "rubricflow.hooks"]
        assert "after its retries: HTTP 500" in record.getMessage() and record.exc_info is None
        REPORT.fault("webhook answering 500")

    async def test_a_refused_connection_is_retryable(self, tmp_path):
        with pytest.raises(ApplicationError, match="ConnectError"):
            await deliver([Hook("http://127.0.0.1:9/hook")], Ledger(tmp_path), evaluation(), final_attempt=False)

    async def test_retries_skip_hooks_that_already_got_it(self, tmp_path):
        ok, failing = WebhookSink("ok"), WebhookSink("error")
        try:
            ledger = Ledger(tmp_path)
            for _ in range(2):
                with pytest.raises(ApplicationError):
                    await deliver([Hook(ok.url), Hook(failing.url)], ledger, evaluation(), final_attempt=False)
            assert (len(ok.requests), len(failing.requests)) == (1, 2)
        finally:
            ok.close()
            failing.close()


class TestSettingsAtStart:
    @pytest.mark.parametrize(
        "spec, says",
        [
            ("nosuchmod:fn", "cannot import its module"),
            ("ftp://x", "only http:// and https:// webhooks"),
            ("tests.hook_sink:no_such_function", "does not name a callable"),
            ("http://", "has no host"),
        ],
    )
    def test_a_hook_that_cannot_work_stops_the_worker(self, spec, says):
        with pytest.raises(ConfigError, match=f"RUBRICFLOW_HOOKS.*{says}"):
            config_from_env({"RUBRICFLOW_HOOKS": spec})
        REPORT.refuse("bad worker setting")

    def test_good_hooks_pass(self):
        assert [h.target for h in parse_hooks("tests.hook_sink:record,https://h.example/x")] == [
            "tests.hook_sink:record",
            "https://h.example/x",
        ]


class TestCleanExit:
    @pytest.mark.parametrize(
        "env",
        [
            {"RUBRICFLOW_HOOKS": "nosuchmod:fn"},
            {"RUBRICFLOW_HOOKS": "ftp://x"},
            {"RUBRICFLOW_TASK_QUEUE": ""},
            {"RUBRICFLOW_TASK_QUEUE": "a\nb"},
            {"RUBRICFLOW_GRACEFUL_SHUTDOWN_S": "-1"},
        ],
    )
    def test_a_bad_setting_exits_2_with_the_message_and_no_abort(self, env):
        import subprocess
        import sys

        for _ in range(3):  # the abort came in about 4 tries of 10
            done = subprocess.run(
                [sys.executable, "-m", "rubricflow.worker"],
                env={**os.environ, **env},
                capture_output=True,
                text=True,
                timeout=60,
                stdin=subprocess.DEVNULL,
            )
            assert done.returncode == 2, done.stderr
            assert done.stderr.startswith("rubricflow worker: RUBRICFLOW_")
            assert "Fatal Python error" not in done.stderr and "Traceback" not in done.stderr
        REPORT.refuse("bad worker setting")


class TestHooksBesideTheThread:
    async def test_slow_and_failing_webhooks_never_hold_the_next_message(
        self, client, task_queue, script, tmp_path, monkeypatch, caplog
    ):
        monkeypatch.setattr(hooks_module, "WEBHOOK_DEADLINE_S", 2.0)
        trickle, failing = WebhookSink("trickle", 5.0), WebhookSink("error")
        hooks = [Hook(trickle.url), Hook(failing.url)]
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        try:
            async with build_worker(client, queue=task_queue, hooks=hooks, ledger=Ledger(tmp_path)):
                await rf.start(
                    RunInput(
                        message="go",
                        rubric="- tests",
                        idle_timeout_s=600,
                        agent=AgentSettings(model=script("v1", "v2")),
                        grader=GraderSettings(model=script(*[verdict("satisfied", "ok", tests=True)] * 2)),
                    ),
                    tid,
                )
                async for event in rf.events(tid):
                    pass  # until the first run ends; its hooks are now being delivered
                started = time.monotonic()
                after = await asyncio.wait_for(rf.submit(tid, SubmitInput(message="follow-up")), 30)
                handled_s = time.monotonic() - started
                assert after.status == "satisfied" and after.invocations == 2
                # Each webhook's failure is recorded once, after its retries.
                failures = []
                async with asyncio.timeout(120):
                    async for event in rf.events(tid, follow=True):
                        if event.type == "hook_failed":
                            failures.append((event.hook, event.iteration, event.grading_run_id))
                        if len(failures) == 4:
                            break
                progress = await rf.progress(tid)
                await rf.cancel(tid)
        finally:
            trickle.close()
            failing.close()
        assert handled_s < 10, f"the follow-up waited {handled_s:.1f} s behind the hooks"
        runs = {e.grading_run_id for e in after.evaluations}
        assert sorted(failures) == sorted((h.target, 0, r) for h in hooks for r in runs)
        assert progress.hooks_failed == 4
        assert len(failing.requests) == 2 * HOOK_RETRY_POLICY.maximum_attempts  # retried, with backoff
        assert len(trickle.requests) == 2 * HOOK_RETRY_POLICY.maximum_attempts
        logged = [r for r in caplog.records if r.name == "rubricflow.hooks"]
        assert len(logged) == 4 and all(r.exc_info is None for r in logged)
        REPORT.fault("webhook trickling during a thread")
        REPORT.fault("webhook answering 500 during a thread")
        REPORT.figure(
            f"hooks beside the thread: the follow-up was handled in {handled_s:.1f} s while a "
            "trickling and a failing webhook were retried; 4 failures recorded once each"
        )
        REPORT.run(tid, "satisfied", after.status)


class TestFailedOnce:
    async def test_a_hook_that_failed_for_good_is_not_run_or_logged_again_on_a_retry(self, tmp_path, caplog):
        failing = WebhookSink("error")
        try:
            ledger = Ledger(tmp_path)
            hooks = [Hook("tests.hook_sink:explode"), Hook(failing.url)]
            with pytest.raises(ApplicationError):
                await deliver(hooks, ledger, evaluation(), final_attempt=False)
            assert await deliver(hooks, ledger, evaluation(), final_attempt=True) == [
                "tests.hook_sink:explode",
                failing.url,
            ]
        finally:
            failing.close()
        logged = [r.getMessage() for r in caplog.records if r.name == "rubricflow.hooks"]
        assert len(logged) == 2 and "explode failed" in logged[0] and "after its retries" in logged[1]

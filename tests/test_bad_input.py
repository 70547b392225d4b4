"""Bad input catalogue: each refused with a message naming the field, nothing left stuck."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from pydantic import ValidationError
from temporalio.client import WorkflowExecutionStatus, WorkflowFailureError

from rubricflow.activities.model_errors import ModelConfigError
from rubricflow.activities.scripted import load_script
from rubricflow.client import Rubricflow, RunRefused, check_input
from rubricflow.errors import ConfigError
from rubricflow.worker_env import config_from_env
from rubricflow.workflows.types import MAX_MESSAGE_CHARS, MAX_RUBRIC_CHARS, RunInput
from tests.helpers import thread_id, verdict
from tests.reliability import REPORT

pytestmark = pytest.mark.reliability

TRIED: list[str] = []


def tried(name: str) -> None:
    TRIED.append(name)
    REPORT.refuse("bad input")


def base(**changes: Any) -> dict[str, Any]:
    raw = {
        "message": "task",
        "rubric": "- ok",
        "agent": {"model": "scripted:a.json"},
        "grader": {"model": "scripted:g.json", "max_iterations": 3},
    }
    for path, value in changes.items():
        target = raw
        *parents, leaf = path.split(".")
        for parent in parents:
            target = target[parent]
        target[leaf] = value
    return raw


CATALOGUE: list[tuple[str, dict[str, Any], str]] = [
    *[
        (
            f"max_iterations={bad!r}",
            base(**{"grader.max_iterations": bad}),
            "max_iterations must be a whole number from 1 to 20",
        )
        for bad in (0, 21, "3", True, 2.5, None, -1)
    ],
    ("empty message", base(message=""), "message is empty"),
    ("whitespace message", base(message=" \n\t "), "message is empty"),
    ("oversized message", base(message="x" * (MAX_MESSAGE_CHARS + 1)), f"at most {MAX_MESSAGE_CHARS}"),
    ("empty rubric", base(rubric=""), "rubric is empty or whitespace"),
    ("whitespace rubric", base(rubric="  \n "), "rubric is empty or whitespace"),
    ("oversized rubric", base(rubric="- x" * MAX_RUBRIC_CHARS), f"at most {MAX_RUBRIC_CHARS}"),
    *[
        (
            f"{who}.timeout_s={bad!r}",
            base(**{f"{who}.timeout_s": bad}),
            f"{who} timeout_s must be a whole number from 1 to 3600",
        )
        for who, bad in (("agent", 0), ("grader", 3601), ("agent", "60"), ("grader", 1.5))
    ],
    ("model without provider", base(**{"agent.model": "gpt-4o"}), "agent model must look like 'provider:model-id'"),
    ("model not a string", base(**{"agent.model": 42}), "agent model must be a string"),
    ("rubric without grader", {**base(), "grader": None}, "a rubric needs grader settings"),
    ("unknown field", {**base(), "temperature": 2}, "Extra inputs are not permitted"),
]


def refused_by_a_worker(run: RunInput) -> None:
    """What a default worker answers the client's check (`Rubricflow.check`), as the
    client refuses it."""
    from rubricflow.activities.agents import default_agents
    from rubricflow.activities.grader import default_checks
    from rubricflow.activities.models import ModelFactory
    from rubricflow.activities.run_check import run_check
    from rubricflow.activities.tools import default_registry
    from rubricflow.ask_workers import check_of, refusals

    answer = run_check(
        check_of(run.agent, run.grader),
        tools=default_registry(),
        agents=default_agents(),
        checks=default_checks().names(),
        models=ModelFactory(allow_scripted=True),
    )
    problems = refusals(answer, {"the rubric": run.rubric})
    if problems:
        raise RunRefused("; ".join(problems))


class TestCatalogue:
    @pytest.mark.parametrize(("name", "raw", "message"), CATALOGUE, ids=[c[0] for c in CATALOGUE])
    def test_refused_by_the_input_model(self, name, raw, message):
        tried(name)
        with pytest.raises(ValidationError) as err:
            RunInput.model_validate(raw)
        assert message in str(err.value)

    @pytest.mark.parametrize(
        ("name", "check", "message"),
        [
            (
                "unknown provider",
                lambda: check_input(RunInput.model_validate(base(**{"agent.model": "nosuch:m"}))),
                "unknown model provider 'nosuch'",
            ),
            (
                "unknown tool",
                lambda: refused_by_a_worker(RunInput.model_validate(base(**{"agent.tools": ["nope"]}))),
                "unknown tool(s) ['nope']",
            ),
            (
                "unknown check",
                lambda: refused_by_a_worker(RunInput.model_validate(base(rubric="- a [check: nope]"))),
                "names unknown check 'nope'",
            ),
        ],
    )
    def test_refused_before_start(self, name, check: Callable[[], None], message):
        tried(name)
        with pytest.raises((RunRefused, ModelConfigError)) as err:
            check()
        assert message in str(err.value)

    @pytest.mark.parametrize(
        ("name", "content", "message"),
        [
            ("scripted file not JSON", "{not json", "is not JSON"),
            ("scripted file wrong shape", json.dumps({"responses": [{"contnet": "typo"}]}), "responses.0"),
            ("scripted file empty list", json.dumps({"responses": []}), "not a valid script file"),
        ],
    )
    def test_malformed_scripted_file(self, tmp_path, name, content, message):
        tried(name)
        path = tmp_path / "s.json"
        path.write_text(content)
        with pytest.raises(ModelConfigError, match=message):
            load_script(path)

    @pytest.mark.parametrize(
        ("variable", "value"),
        [
            ("RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES", "0"),
            ("RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES", "many"),
            ("RUBRICFLOW_GRACEFUL_SHUTDOWN_S", "-5"),
        ],
    )
    def test_bad_worker_settings_stop_the_worker_with_what_to_fix(self, monkeypatch, variable, value):
        tried(f"worker {variable}={value}")
        monkeypatch.setenv(variable, value)
        with pytest.raises(ConfigError, match=f"{variable} must be a whole number from .* got '{re.escape(value)}'"):
            config_from_env()

    @pytest.mark.parametrize(
        ("address", "said"),
        [
            ("127.0.0.1:99999", "has port 99999, not one from 1 to 65535"),
            ("http://127.0.0.1:7233", "HOST:PORT without a scheme"),
            ("127.0.0.1:", "has no port or no host"),
        ],
    )
    @pytest.mark.parametrize("program", ["cli", "worker"])
    async def test_an_unusable_server_address_is_refused_in_words(self, tmp_path, address, said, program):
        import asyncio
        import os
        import sys

        tried(f"TEMPORAL_ADDRESS={address} ({program})")
        args = ["-m", "rubricflow.cli", "status", "some-thread"] if program == "cli" else ["-m", "rubricflow.worker"]
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            *args,
            env={**os.environ, "TEMPORAL_ADDRESS": address},
            cwd=tmp_path,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        _, err_bytes = await asyncio.wait_for(proc.communicate(), timeout=60)
        err = err_bytes.decode()
        assert proc.returncode == 2, err
        assert f"the Temporal address {address!r}" in err and said in err and "TEMPORAL_ADDRESS" in err, err
        assert "Traceback" not in err and "Warning" not in err and "unexpected error" not in err, err

    async def test_malformed_script_at_run_time_fails_the_run_cleanly(
        self, client, task_queue, worker, tmp_path, script
    ):
        tried("scripted file broken after start")
        broken = tmp_path / "broken.json"
        broken.write_text("{oops")
        run = await Rubricflow(client, task_queue).start(
            RunInput.model_validate(
                base(
                    **{"agent.model": f"scripted:{broken}", "grader.model": script(verdict("satisfied", "ok", ok=True))}
                )
            ),
            thread_id(),
        )
        with pytest.raises(WorkflowFailureError) as err:
            await run.result()
        assert "is not JSON" in str(err.value.cause)

    async def test_a_running_thread_id_is_refused(self, client, task_queue, worker, script):
        tried("thread id already running")
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        first = RunInput.model_validate(
            {
                **base(**{"agent.model": script("a"), "grader.model": script(verdict("satisfied", "ok", ok=True))}),
                "idle_timeout_s": 600,
            }
        )
        await rf.start(first, tid)
        with pytest.raises(RunRefused, match=f"thread '{tid}' already has a run in progress"):
            await rf.start(RunInput.model_validate(base(**{"agent.model": script("other")})), tid)
        await rf.cancel(tid)

    async def test_zz_nothing_is_stuck_anywhere(self, client, capsys):
        """Runs last in this module: no workflow task is failing on the server."""
        open_runs = failing = 0
        async for wf in client.list_workflows("ExecutionStatus = 'Running'"):
            open_runs += 1
            description = await client.get_workflow_handle(wf.id, run_id=wf.run_id).describe()
            pending = description.raw_description.pending_workflow_task
            if description.status == WorkflowExecutionStatus.RUNNING and pending.attempt > 1:
                failing += 1
        with capsys.disabled():
            print(
                f"\nbad-input catalogue: {len(TRIED)} bad inputs tried, all refused; "
                f"{failing} failing workflow tasks among {open_runs} open workflows"
            )
        assert len(TRIED) >= 25
        assert failing == 0

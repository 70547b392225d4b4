"""The worker's settings: read once from the environment by worker.py, handed to the
activities as a `WorkerConfig`; nothing under activities/ reads the environment."""

from __future__ import annotations

import ast
from datetime import timedelta
from pathlib import Path

import pytest

from rubricflow.activities.config import WorkerConfig, default_script_state_dir
from rubricflow.activities.hooks import Hook
from rubricflow.activities.rubric_activities import RubricActivities
from rubricflow.activities.step_guards import DEFAULT_HEARTBEAT_EVERY, heartbeat_interval
from rubricflow.worker import build_worker
from rubricflow.worker_env import config_from_env

ACTIVITIES = Path(__file__).resolve().parents[1] / "activities"


class TestConfigFromEnv:
    def test_no_variables_give_the_defaults(self):
        assert config_from_env({}) == WorkerConfig()
        assert WorkerConfig().script_state_dir == default_script_state_dir()
        assert WorkerConfig().graceful_shutdown == timedelta(seconds=30)

    def test_every_variable_lands_in_its_field(self, tmp_path):
        config = config_from_env(
            {
                "RUBRICFLOW_TASK_QUEUE": "q1",
                "RUBRICFLOW_DATA_DIR": str(tmp_path / "data"),
                "RUBRICFLOW_FILES_DIR": str(tmp_path / "files"),
                "RUBRICFLOW_HOOKS": "tests.hook_sink:record, https://hooks.example/x",
                "RUBRICFLOW_SCRIPT_STATE": str(tmp_path / "cursors"),
                "RUBRICFLOW_GRACEFUL_SHUTDOWN_S": "5",
                "RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES": "3",
            }
        )
        assert config == WorkerConfig(
            task_queue="q1",
            data_dir=tmp_path / "data",
            files_dir=tmp_path / "files",
            hooks=(Hook("tests.hook_sink:record"), Hook("https://hooks.example/x")),
            script_state_dir=tmp_path / "cursors",
            graceful_shutdown=timedelta(seconds=5),
            max_concurrent_activities=3,
        )
        assert config.ledger_dir == tmp_path / "data" / "hook-ledger"
        assert config.models_dir == tmp_path / "data" / "models"

    def test_a_bad_hook_stops_the_worker_saying_what_is_allowed(self):
        with pytest.raises(SystemExit, match="RUBRICFLOW_HOOKS must be comma-separated 'module:function'.*'nonsense'"):
            config_from_env({"RUBRICFLOW_HOOKS": "nonsense"})

    def test_reads_the_process_environment_by_default(self, monkeypatch):
        monkeypatch.setenv("RUBRICFLOW_TASK_QUEUE", "from-env")
        assert config_from_env().task_queue == "from-env"


class TestActivitiesReadNoEnvironment:
    def test_no_module_under_activities_reads_the_environment_or_client_settings(self):
        offenders = []
        for path in sorted(ACTIVITIES.glob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.Attribute) and node.attr in ("environ", "getenv"):
                    offenders.append(f"{path.name}:{node.lineno} os.{node.attr}")
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                    ("rubricflow.settings", "rubricflow.client", "rubricflow.cli")
                ):
                    offenders.append(f"{path.name}:{node.lineno} imports {node.module}")
        assert offenders == []

    def test_hooks_come_from_the_config_not_the_environment(self, monkeypatch, tmp_path):
        monkeypatch.setenv("RUBRICFLOW_HOOKS", "not a hook")
        assert RubricActivities(tools=None)._hooks == []
        configured = RubricActivities(config=WorkerConfig(hooks=(Hook("a:b"),), data_dir=tmp_path))
        assert configured._hooks == [Hook("a:b")]
        assert configured._ledger.root == tmp_path / "hook-ledger"

    def test_constructor_arguments_are_keyword_only(self):
        with pytest.raises(TypeError):
            RubricActivities(WorkerConfig())  # type: ignore[misc]


class TestBuildWorker:
    async def test_the_config_sets_queue_and_concurrency(self, client):
        config = WorkerConfig(task_queue="from-config", max_concurrent_activities=2)
        worker = build_worker(client, config=config)
        assert worker.task_queue == "from-config"
        assert worker.config(active_config=True)["max_concurrent_activities"] == 2

    async def test_arguments_override_the_config(self, client):
        worker = build_worker(
            client,
            queue="explicit",
            config=WorkerConfig(max_concurrent_activities=2),
            max_concurrent_activities=7,
            graceful_shutdown=timedelta(0),
        )
        assert worker.task_queue == "explicit"
        assert worker.config(active_config=True)["max_concurrent_activities"] == 7
        assert worker.config(active_config=True)["graceful_shutdown_timeout"] == timedelta(0)


class TestHeartbeatInterval:
    def test_half_the_heartbeat_timeout(self):
        assert heartbeat_interval(timedelta(seconds=30)) == timedelta(seconds=15)

    @pytest.mark.parametrize("timeout", [None, timedelta(0)])
    def test_a_default_without_one(self, timeout):
        assert heartbeat_interval(timeout) == DEFAULT_HEARTBEAT_EVERY


class TestHeartbeating:
    async def test_an_activity_beats_at_half_its_own_heartbeat_timeout(self):
        import asyncio
        import dataclasses

        from temporalio.testing import ActivityEnvironment

        from rubricflow.activities.step_guards import heartbeating as _heartbeating

        env = ActivityEnvironment()
        env.info = dataclasses.replace(env.info, heartbeat_timeout=timedelta(milliseconds=300))
        loop = asyncio.get_running_loop()
        beats: list[float] = []
        three = asyncio.Event()

        def record(*_details: object) -> None:
            beats.append(loop.time())
            if len(beats) == 3:
                three.set()

        env.on_heartbeat = record

        async def activity_body() -> None:
            async with _heartbeating("step"):
                await three.wait()

        await asyncio.wait_for(env.run(activity_body), timeout=5)
        gaps = [later - earlier for earlier, later in zip(beats, beats[1:])]
        # 150 ms apart (half of 300 ms), far from the 2 s default.
        assert all(0.14 <= gap < 1.0 for gap in gaps), gaps

"""The worker's settings: read once from the environment by worker.py, handed to the
activities as a `WorkerConfig`; nothing under activities/ reads the environment."""

from __future__ import annotations

import ast
import re
from datetime import timedelta
from pathlib import Path

import pytest

from rubricflow.activities.config import WorkerConfig, default_script_state_dir
from rubricflow.activities.hooks import Hook
from rubricflow.activities.rubric_activities import RubricActivities
from rubricflow.activities.step_guards import DEFAULT_HEARTBEAT_EVERY, heartbeat_interval
from rubricflow.errors import ConfigError, RubricflowError
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
                "RUBRICFLOW_LOCAL_THREADS": "1",
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
            local_threads=1,
        )
        assert config.ledger_dir == tmp_path / "data" / "hook-ledger"
        assert config.models_dir == tmp_path / "data" / "models"

    def test_a_bad_hook_is_refused_saying_what_is_allowed(self):
        with pytest.raises(ConfigError, match="RUBRICFLOW_HOOKS must be comma-separated 'module:function'.*'nonsense'"):
            config_from_env({"RUBRICFLOW_HOOKS": "nonsense"})

    def test_reads_the_process_environment_by_default(self, monkeypatch):
        monkeypatch.setenv("RUBRICFLOW_TASK_QUEUE", "from-env")
        assert config_from_env().task_queue == "from-env"


BAD_VARIABLES = {
    "RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES": {"RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES": "abc"},
    "RUBRICFLOW_MCP": {"RUBRICFLOW_MCP": "/nonexistent/servers.json"},
    "RUBRICFLOW_MCP's ${VAR}": {"RUBRICFLOW_MCP": str(Path(__file__).with_name("mcp_with_secret.json"))},
    "RUBRICFLOW_CODEC_KEYS": {"RUBRICFLOW_CODEC_KEYS": "bad"},
    "RUBRICFLOW_CODEC_ALLOW_PLAINTEXT": {
        "RUBRICFLOW_CODEC_KEYS": "k1:" + "A" * 43 + "=",
        "RUBRICFLOW_CODEC_ALLOW_PLAINTEXT": "yes",
    },
    "RUBRICFLOW_HEALTH_PORT": {"RUBRICFLOW_HEALTH_PORT": "99999"},
    "RUBRICFLOW_PROMETHEUS_PORT": {"RUBRICFLOW_PROMETHEUS_PORT": "0"},
    "RUBRICFLOW_TASK_QUEUE": {"RUBRICFLOW_TASK_QUEUE": "a\tb"},
    "RUBRICFLOW_HOOKS": {"RUBRICFLOW_HOOKS": "nonsense"},
    "RUBRICFLOW_WEBHOOK_SECRET": {"RUBRICFLOW_WEBHOOK_SECRET": "nope"},
    "RUBRICFLOW_DEPLOYMENT_NAME": {"RUBRICFLOW_DEPLOYMENT_NAME": "blue"},
    "RUBRICFLOW_BUILD_ID": {"RUBRICFLOW_DEPLOYMENT_NAME": "blue", "RUBRICFLOW_BUILD_ID": "b.1"},
    "RUBRICFLOW_ALLOW_SCRIPTED": {"RUBRICFLOW_ALLOW_SCRIPTED": "yes"},
    "RUBRICFLOW_ALLOW_WEAK_SANDBOX": {"RUBRICFLOW_ALLOW_WEAK_SANDBOX": "yes"},
    "RUBRICFLOW_LOCAL_IN_PROCESS": {"RUBRICFLOW_LOCAL_IN_PROCESS": "2"},
    "RUBRICFLOW_LOCAL_THREADS": {"RUBRICFLOW_LOCAL_THREADS": "0"},
    "RUBRICFLOW_MODELS": {"RUBRICFLOW_MODELS": "/nonexistent/models.toml"},
    "RUBRICFLOW_GRACEFUL_SHUTDOWN_S": {"RUBRICFLOW_GRACEFUL_SHUTDOWN_S": "-1"},
    "RUBRICFLOW_LOG_LEVEL": {"RUBRICFLOW_LOG_LEVEL": "LOUD"},
}
"""Every variable the worker reads, each with a value it refuses."""


class TestBadVariables:
    """Library code never exits: a bad variable is a `ConfigError` (a `RubricflowError`
    and a `ValueError`) that a host's `except Exception` catches; only `main` exits."""

    @pytest.mark.parametrize("variable", list(BAD_VARIABLES))
    async def test_each_raises_a_catchable_config_error_naming_it(self, variable):
        from rubricflow import RubricflowPlugin

        with pytest.raises(ConfigError, match=re.escape(variable.split("'")[0])) as caught:
            await RubricflowPlugin.from_env(BAD_VARIABLES[variable])
        assert isinstance(caught.value, RubricflowError) and isinstance(caught.value, ValueError)

    def test_an_otel_exporter_rubricflow_cannot_honour_is_a_config_error(self):
        from rubricflow.telemetry import exporters

        with pytest.raises(ConfigError, match="OTEL_TRACES_EXPORTER names \\['bogus'\\]"):
            exporters({"OTEL_TRACES_EXPORTER": "bogus"}, "traces")

    def test_no_library_module_raises_system_exit(self):
        """Only a program's `main` (and the child programs run by path) may exit."""
        mains = {"worker.py", "__main__.py", "model_server.py", "sandbox_runner.py"}
        offenders = []
        for folder in (ACTIVITIES, ACTIVITIES.parent / "workflows", ACTIVITIES.parent / "rubricflow"):
            for path in sorted(folder.rglob("*.py")):
                if path.name in mains or "bench" in path.parts:
                    continue
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                    if isinstance(node, ast.Raise) and "SystemExit" in ast.unparse(node.exc or node):
                        offenders.append(f"{path.name}:{node.lineno}")
        assert offenders == []


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
            config=WorkerConfig(max_concurrent_activities=2, graceful_shutdown=timedelta(0)),
            max_concurrent_activities=7,
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


class TestDefaultThreads:
    """Unset, a local model generates on every core the worker may use: its CPU affinity,
    capped by a cgroup v2 CPU quota (a container's `limits.cpu`), never below one."""

    @pytest.mark.parametrize(
        ("cpu_max", "expected"),
        [
            ("max 100000\n", 8),
            ("200000 100000\n", 2),
            ("150000 100000\n", 1),
            ("50000 100000\n", 1),
            ("1600000 100000\n", 8),
            ("nonsense\n", 8),
        ],
    )
    def test_the_quota_caps_the_cores(self, tmp_path, cpu_max, expected):
        from rubricflow.activities.local_models import default_threads

        path = tmp_path / "cpu.max"
        path.write_text(cpu_max)
        assert default_threads(cores=8, cpu_max=path) == expected

    def test_no_quota_file_leaves_the_cores(self, tmp_path):
        from rubricflow.activities.local_models import default_threads

        assert default_threads(cores=3, cpu_max=tmp_path / "missing") == 3
        assert default_threads() >= 1

"""`RubricflowPlugin`: rubricflow on a Temporal Worker and Client you already run.

    plugin = await RubricflowPlugin.from_env()      # or RubricflowPlugin(WorkerConfig(...), models=...)
    client = await Client.connect("localhost:7233", plugins=[plugin])
    worker = Worker(client, task_queue="rubricflow", workflows=[YourWorkflow], activities=[your_activity])

On the client the plugin sets rubricflow's data converter (pydantic JSON, and the payload
codec when one is given); on every worker of that client it adds the thread workflow and
its activities, passes the contract package through the workflow sandbox, lets a
`ValidationError` fail a workflow rather than retry its task forever, registers the search
attributes a thread upserts, and applies the worker-side settings of its `WorkerConfig`
(activity slots, Worker Versioning, graceful shutdown) unless the Worker was given its
own; once a worker has shut down, it stops the model processes of its local models. `rubricflow worker` is this plugin on a Worker of its own.

The timeouts and retry policies of a thread's steps are part of the workflow contract,
recorded in its history, so they are not worker options: a turn's and a pass's time limit
are per run (`AgentSettings.timeout_s`, `GraderSettings.timeout_s`), and how often a
provider fault is retried is `errors.PROVIDER_ATTEMPTS`, counted by the activity.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError
from temporalio.client import ClientConfig
from temporalio.common import WorkerDeploymentVersion
from temporalio.converter import PayloadCodec
from temporalio.plugin import SimplePlugin
from temporalio.worker import Worker, WorkerDeploymentConfig, WorkflowRunner
from temporalio.worker import WorkerConfig as TemporalWorkerConfig
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner

from rubricflow.activities.agents import AgentRegistry
from rubricflow.activities.batch import BATCH_ACTIVITIES
from rubricflow.activities.config import WorkerConfig
from rubricflow.activities.hooks import Hook, Ledger
from rubricflow.activities.mcp import McpStartError
from rubricflow.activities.models import ModelFactory
from rubricflow.activities.rubric_activities import RubricActivities
from rubricflow.activities.tools import ToolRegistry, worker_registry
from rubricflow.bridge_exit import hold_exit_for_running_loop
from rubricflow.converter import client_converter
from rubricflow.errors import ConfigError
from rubricflow.search_attributes import ensure_search_attributes
from rubricflow.telemetry import Telemetry
from rubricflow.workflows.batch import BatchWorkflow
from rubricflow.workflows.mcp_config import MCP_CONFIG_ENV
from rubricflow.workflows.rubric_run import RubricRunWorkflow

CONTRACT_PACKAGE = "rubricflow.workflows"
"""Passed through the sandbox: deterministic, no state between runs, and loading it into
each new run's sandbox would cost every run its import."""


def contract_passed_through(runner: WorkflowRunner | None) -> WorkflowRunner:
    """`runner` (none given: the SDK's default sandbox) with the contract package passed
    through, when it is a sandbox."""
    runner = runner or SandboxedWorkflowRunner()
    if isinstance(runner, SandboxedWorkflowRunner):
        return dataclasses.replace(runner, restrictions=runner.restrictions.with_passthrough_modules(CONTRACT_PACKAGE))
    return runner


async def serve_tools(config: WorkerConfig) -> ToolRegistry:
    """The tools the worker offers: built-ins, entry points and the tools of the
    `RUBRICFLOW_MCP` servers, listed now. A server that does not answer, or a tool name
    taken twice, raises `ConfigError` saying which."""
    try:
        return await worker_registry(config.files_dir, allow_weak_sandbox=config.allow_weak_sandbox, mcp=config.mcp)
    except (McpStartError, ValueError) as exc:
        raise ConfigError(f"{exc} (the {MCP_CONFIG_ENV} servers are listed when the worker starts)") from None


class RubricflowPlugin(SimplePlugin):
    """rubricflow's workflow, activities, converter and worker settings, as one plugin.

    `config` holds the worker's settings (default: `WorkerConfig()`, no environment read);
    `models`, `tools`, `agents`, `hooks` and `ledger` replace what the config would build.
    `codec` encrypts payloads on the client (and so on its workers). `telemetry` is what
    `rubricflow.telemetry.setup` installed: its OpenTelemetry plugin then traces the client
    and the workers. `pass_through_contract=False` keeps a Worker's own sandbox as given.
    `workflow` is the thread workflow registered (a subclass: a changed build, in tests).
    """

    def __init__(
        self,
        config: WorkerConfig | None = None,
        *,
        models: ModelFactory | None = None,
        tools: ToolRegistry | None = None,
        agents: AgentRegistry | None = None,
        hooks: Sequence[Hook] | None = None,
        ledger: Ledger | None = None,
        codec: PayloadCodec | None = None,
        telemetry: Telemetry | None = None,
        pass_through_contract: bool = True,
        workflow: type[RubricRunWorkflow] = RubricRunWorkflow,
    ) -> None:
        self.config = config or WorkerConfig()
        if tools is None and self.config.mcp is not None:
            raise ValueError(
                "the MCP servers' tools are listed when the worker starts: pass tools=await serve_tools(config), "
                "or build the plugin with `await RubricflowPlugin.from_env()`"
            )
        self.rubric_activities = RubricActivities(
            config=self.config,
            models=models,
            tools=tools,
            hooks=list(hooks) if hooks is not None else None,
            ledger=ledger,
            agents=agents,
        )
        self._traced = list(telemetry.plugins) if telemetry is not None else []
        super().__init__(
            "rubricflow.RubricflowPlugin",
            data_converter=client_converter(codec),
            activities=[
                self.rubric_activities.run_agent_turn,
                self.rubric_activities.grade_transcript,
                self.rubric_activities.deliver_evaluation,
                *BATCH_ACTIVITIES,
            ],
            workflows=[workflow, BatchWorkflow],
            workflow_runner=contract_passed_through if pass_through_contract else None,
            workflow_failure_exception_types=[ValidationError],
        )

    @classmethod
    async def from_env(cls, environ: Mapping[str, str] | None = None, **options: Any) -> RubricflowPlugin:
        """The plugin a `rubricflow worker` would run: settings from the `RUBRICFLOW_*`
        variables (`worker_env.config_from_env`), the tools of the `RUBRICFLOW_MCP` servers
        listed now, the codec of `RUBRICFLOW_CODEC_KEYS`, OpenTelemetry as the `OTEL_*`
        variables ask. A value that is not allowed raises `ConfigError` saying what to fix."""
        from rubricflow import telemetry
        from rubricflow.worker_env import config_from_env

        env = os.environ if environ is None else environ
        config = config_from_env(env)
        if options.get("tools") is None:
            options["tools"] = await serve_tools(config)
        options.setdefault("codec", config.codec)
        options.setdefault("telemetry", telemetry.setup(env, service="rubricflow-worker"))
        return cls(config, **options)

    def configure_client(self, config: ClientConfig) -> ClientConfig:
        hold_exit_for_running_loop()  # the process's exit waits for the Rust client's last drops
        config = super().configure_client(config)
        for traced in self._traced:
            config = traced.configure_client(config)
        return config

    def configure_worker(self, config: TemporalWorkerConfig) -> TemporalWorkerConfig:
        config = super().configure_worker(config)
        if not _client_has(config, self._traced):
            for traced in self._traced:
                config = traced.configure_worker(config)
        settings = self.config
        if settings.max_concurrent_activities is not None and config.get("max_concurrent_activities") is None:
            config["max_concurrent_activities"] = settings.max_concurrent_activities
        if settings.versioned and config.get("deployment_config") is None:
            assert settings.deployment_name is not None and settings.build_id is not None
            config["deployment_config"] = WorkerDeploymentConfig(
                version=WorkerDeploymentVersion(deployment_name=settings.deployment_name, build_id=settings.build_id),
                use_worker_versioning=True,
                default_versioning_behavior=RubricRunWorkflow.VERSIONING_BEHAVIOR,
            )
        if not config.get("graceful_shutdown_timeout"):  # the SDK's default is none (0)
            config["graceful_shutdown_timeout"] = settings.graceful_shutdown
        return config

    async def run_worker(self, worker: Worker, next: Callable[[Worker], Awaitable[None]]) -> None:
        """Registers the search attributes before the worker polls (it refuses to start
        on a namespace that lacks them and may not get them), and serves the health
        endpoints while it runs when the config has a port. Once the worker has shut
        down, the model processes of its local models stop."""
        await ensure_search_attributes(worker.client)
        try:
            async with self._health(worker):
                await super().run_worker(worker, next)
        finally:
            await asyncio.to_thread(self.rubric_activities.close)

    @contextlib.asynccontextmanager
    async def _health(self, worker: Worker) -> AsyncIterator[None]:
        if self.config.health_port is None:
            yield
            return
        from rubricflow.health import serve_health

        async with serve_health(worker.client, worker, "0.0.0.0", self.config.health_port):
            yield


def _client_has(config: TemporalWorkerConfig, plugins: Sequence[Any]) -> bool:
    """Whether the worker's client already carries these plugins (the SDK then applies
    them to the worker itself)."""
    client = config.get("client")
    if client is None or not plugins:
        return False
    on_client = client.config(active_config=True).get("plugins", [])
    return all(p in on_client for p in plugins)

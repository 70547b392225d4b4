"""`RubricflowPlugin`: rubricflow on a Temporal Worker and Client you already run.

    plugin = await RubricflowPlugin.from_env()      # or RubricflowPlugin(WorkerConfig(...), models=...)
    client = await Client.connect("localhost:7233", plugins=[plugin])
    worker = Worker(client, task_queue="rubricflow", workflows=[YourWorkflow], activities=[your_activity])

On the client the plugin upgrades a default data converter to rubricflow's pydantic JSON,
keeping the host's payload codec (or adding the config's, `RUBRICFLOW_CODEC_KEYS`, when
the host has none) and refusing in words a converter it cannot work with
(`converter.host_converter`); on every worker of that client it adds the thread workflow and
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
from temporalio.plugin import SimplePlugin
from temporalio.worker import Worker, WorkerDeploymentConfig, WorkflowRunner
from temporalio.worker import WorkerConfig as TemporalWorkerConfig
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner

from rubricflow.activities.agents import AgentRegistry
from rubricflow.activities.batch import BATCH_ACTIVITIES
from rubricflow.activities.config import WorkerConfig
from rubricflow.activities.hooks import Hook, Ledger
from rubricflow.activities.log_redaction import redact_in_logs
from rubricflow.activities.mcp import McpStartError
from rubricflow.activities.mcp_config import MCP_CONFIG_ENV
from rubricflow.activities.models import ModelFactory
from rubricflow.activities.rubric_activities import RubricActivities
from rubricflow.activities.tools import ToolRegistry, worker_registry
from rubricflow.bridge_exit import hold_exit_for_running_loop
from rubricflow.converter import host_converter
from rubricflow.errors import ConfigError
from rubricflow.search_attributes import ensure_search_attributes
from rubricflow.workflows.batch import BatchWorkflow
from rubricflow.workflows.rubric_run import RubricRunWorkflow
from rubricflow.workflows.run_check import RunCheckWorkflow

PASSED_THROUGH = (
    "rubricflow",
    "langchain",
    "langchain_core",
    "langchain_mcp_adapters",
    "langgraph",
    "langsmith",
    "deepagents",
    "mcp",
    "httpx",
    "httpcore",
)
"""Passed through every sandbox of the plugin's workers: rubricflow (its contract is
deterministic, keeps no state between runs, and importing it into each run's sandbox would
cost every run that import) and the model libraries its workers load, which a host's
workflow module imports beside it (`from rubricflow import RubricflowPlugin` at the top of
a one-file app, a LangChain `@tool` registered with the plugin). Such a module then
validates: none of these is re-imported in the sandbox, where LangChain's imports touch
what a workflow may not (`http.client` classes)."""


def contract_passed_through(runner: WorkflowRunner | None) -> WorkflowRunner:
    """`runner` (none given: the SDK's default sandbox) with rubricflow and its model
    libraries passed through, when it is a sandbox (`PASSED_THROUGH`)."""
    runner = runner or SandboxedWorkflowRunner()
    if isinstance(runner, SandboxedWorkflowRunner):
        return dataclasses.replace(runner, restrictions=runner.restrictions.with_passthrough_modules(*PASSED_THROUGH))
    return runner


async def serve_tools(config: WorkerConfig) -> ToolRegistry:
    """The tools the worker offers: built-ins, entry points and the tools of the
    `RUBRICFLOW_MCP` servers, listed now. A server that does not answer, or a tool name
    taken twice, raises `ConfigError` saying which. The secrets in the servers' URLs are
    kept out of the logs from here on (`log_redaction`)."""
    redact_in_logs(config.mcp_url_secrets)
    try:
        return await worker_registry(config.files_dir, allow_weak_sandbox=config.allow_weak_sandbox, mcp=config.mcp)
    except (McpStartError, ValueError) as exc:
        raise ConfigError(f"{exc} (the {MCP_CONFIG_ENV} servers are listed when the worker starts)") from None


class RubricflowPlugin(SimplePlugin):
    """rubricflow's workflow, activities, converter and worker settings, as one plugin.

    `config` holds the worker's settings (default: `WorkerConfig()`, no environment read);
    `models`, `tools`, `agents`, `hooks` and `ledger` replace what the config would build.
    OpenTelemetry is a plugin of its own, beside this one in `plugins=[...]`
    (`temporalio.contrib.opentelemetry.OpenTelemetryPlugin`). `pass_through_contract=False`
    keeps a Worker's own sandbox as given.
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
        pass_through_contract: bool = True,
        workflow: type[RubricRunWorkflow] = RubricRunWorkflow,
    ) -> None:
        self.config = config or WorkerConfig()
        redact_in_logs(self.config.mcp_url_secrets)
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
        codec = self.config.codec
        super().__init__(
            "rubricflow.RubricflowPlugin",
            data_converter=lambda existing: host_converter(existing, codec),
            activities=[
                self.rubric_activities.run_agent_turn,
                self.rubric_activities.grade_transcript,
                self.rubric_activities.deliver_evaluation,
                self.rubric_activities.check_run,
                *BATCH_ACTIVITIES,
            ],
            workflows=[workflow, BatchWorkflow, RunCheckWorkflow],
            workflow_runner=contract_passed_through if pass_through_contract else None,
            workflow_failure_exception_types=[ValidationError],
        )

    @classmethod
    async def from_env(cls, environ: Mapping[str, str] | None = None, **options: Any) -> RubricflowPlugin:
        """The plugin a `rubricflow worker` would run: settings from the `RUBRICFLOW_*`
        variables (`worker_env.config_from_env`, the codec of `RUBRICFLOW_CODEC_KEYS`
        among them) and the tools of the `RUBRICFLOW_MCP` servers, listed now. A value
        that is not allowed raises `ConfigError` saying what to fix."""
        from rubricflow.worker_env import config_from_env

        config = config_from_env(os.environ if environ is None else environ)
        if options.get("tools") is None:
            options["tools"] = await serve_tools(config)
        return cls(config, **options)

    def configure_client(self, config: ClientConfig) -> ClientConfig:
        hold_exit_for_running_loop()  # the process's exit waits for the Rust client's last drops
        return super().configure_client(config)

    def configure_worker(self, config: TemporalWorkerConfig) -> TemporalWorkerConfig:
        config = super().configure_worker(config)
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

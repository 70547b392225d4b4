"""The rubricflow worker: wiring only.

Connects with Temporal's standard client configuration (`TEMPORAL_ADDRESS`,
`TEMPORAL_NAMESPACE`, TLS and API key through `temporalio.envconfig`), registers the
workflow and activities on the task queue, and shuts down cleanly on SIGINT/SIGTERM.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import importlib.util
import json
import logging
import os
import signal
import sys
from collections.abc import AsyncIterator, Mapping, Sequence
from datetime import timedelta
from pathlib import Path

from temporalio.api.enums.v1 import IndexedValueType
from temporalio.api.operatorservice.v1 import (
    AddSearchAttributesRequest,
    ListSearchAttributesRequest,
)
from temporalio.client import Client
from temporalio.service import RPCError
from temporalio.common import WorkerDeploymentVersion
from temporalio.worker import Worker, WorkerDeploymentConfig
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner, SandboxRestrictions

from rubricflow.activities.agents import AgentRegistry
from rubricflow.activities.config import (
    DEFAULT_DATA_DIR,
    DEFAULT_FILES_DIR,
    DEFAULT_GRACEFUL_SHUTDOWN,
    DEFAULT_TASK_QUEUE,
    WorkerConfig,
    default_script_state_dir,
)
from rubricflow.activities.hooks import Hook, Ledger, check_hooks, parse_hooks, parse_webhook_secret
from rubricflow.activities.mcp import McpStartError
from rubricflow.activities.models import ModelFactory
from rubricflow.activities.rubric_activities import RubricActivities
from rubricflow.activities.tools import ToolRegistry, worker_registry
from rubricflow.health import serve_health
from rubricflow import telemetry
from rubricflow.codec import CodecConfigError
from rubricflow.preflight import PROVIDER_EXTRAS, RunRefused, check_provider, provider_modules
from rubricflow.settings import AddressError, connect, mcp_config, model_profiles
from rubricflow.workflows.ids import id_problem
from rubricflow.workflows.mcp_config import MCP_CONFIG_ENV, McpConfig, with_environment
from rubricflow.workflows.model_profiles import MODELS_ENV, ModelProfile
from rubricflow.workflows.rubric_run import RubricRunWorkflow
from rubricflow.workflows.types import whole_number_from_text

log = logging.getLogger("rubricflow.worker")

WORKFLOW_RUNNER = SandboxedWorkflowRunner(
    restrictions=SandboxRestrictions.default.with_passthrough_modules("rubricflow.workflows")
)
"""The sandbox, with the contract package passed through: it is deterministic and holds no
state between runs, and re-importing `rubric_run.py` into every new run's sandbox cost
about 52 ms of CPU per run (68 ms against 16 ms to replay a two-pass run; 10.7% of a
loaded worker's CPU in the profile). The sandbox's runtime checks still apply to code it
loads itself; the tests replay every recorded history, and run a thread, in the default
sandbox, where `rubric_run.py` is loaded and checked as before."""


def build_worker(
    client: Client,
    *,
    queue: str | None = None,
    tools: ToolRegistry | None = None,
    models: ModelFactory | None = None,
    hooks: list[Hook] | None = None,
    ledger: Ledger | None = None,
    config: WorkerConfig | None = None,
    graceful_shutdown: timedelta | None = None,
    workflows: Sequence[type] = (RubricRunWorkflow,),
    agents: AgentRegistry | None = None,
    **worker_options: object,
) -> Worker:
    """The worker for `client`: settings from `config` (default: this process's
    environment, `config_from_env()`); the other arguments override it. With MCP
    servers configured, `tools` is the registry `serve_tools(config)` listed."""
    config = config or config_from_env()
    if tools is None and config.mcp is not None:
        raise ValueError("the MCP servers' tools are listed when the worker starts: pass tools=await serve_tools(config)")
    activities = RubricActivities(
        config=config, models=models, tools=tools, hooks=hooks, ledger=ledger, agents=agents
    )
    if config.max_concurrent_activities is not None:
        worker_options.setdefault("max_concurrent_activities", config.max_concurrent_activities)
    if config.versioned:
        assert config.deployment_name is not None and config.build_id is not None
        worker_options.setdefault(
            "deployment_config",
            WorkerDeploymentConfig(
                version=WorkerDeploymentVersion(
                    deployment_name=config.deployment_name, build_id=config.build_id
                ),
                use_worker_versioning=True,
                default_versioning_behavior=RubricRunWorkflow.VERSIONING_BEHAVIOR,
            ),
        )
    worker_options.setdefault("workflow_runner", WORKFLOW_RUNNER)
    return Worker(
        client,
        task_queue=queue or config.task_queue,
        workflows=list(workflows),
        activities=[
            activities.run_agent_turn,
            activities.grade_transcript,
            activities.deliver_evaluation,
        ],
        graceful_shutdown_timeout=(
            config.graceful_shutdown if graceful_shutdown is None else graceful_shutdown
        ),
        **worker_options,  # type: ignore[arg-type]
    )


def _env_int(environ: Mapping[str, str], name: str, low: int, high: int) -> int | None:
    """The contract's one whole-number check, for a setting (unset or blank: None)."""
    raw = environ.get(name)
    if raw is None or not raw.strip():
        return None
    try:
        return whole_number_from_text(raw, name, low, high)
    except ValueError as exc:
        raise SystemExit(f"rubricflow worker: {exc}") from None


def _env_name(environ: Mapping[str, str], name: str) -> str | None:
    raw = environ.get(name)
    if raw is None or not raw.strip():
        return None
    value = raw.strip()
    if len(value) > 255 or any(ch.isspace() or not ch.isprintable() or ch == "." for ch in value):
        raise SystemExit(
            f"rubricflow worker: {name} must be 1 to 255 printable characters without "
            f"spaces or dots, got {raw!r}"
        )
    return value
def _env_flag(environ: Mapping[str, str], name: str) -> bool:
    raw = (environ.get(name) or "").strip()
    if raw in ("", "0"):
        return False
    if raw == "1":
        return True
    raise SystemExit(f"rubricflow worker: {name} must be 1 (on) or 0 (off), got {raw!r}")


def _env_path(environ: Mapping[str, str], name: str, default: Path) -> Path:
    raw = environ.get(name)
    return Path(raw) if raw else default


def _env_mcp(environ: Mapping[str, str]) -> McpConfig | None:
    """The servers of the `RUBRICFLOW_MCP` file, each `${VAR}` replaced from `environ`."""
    try:
        config = mcp_config(environ.get(MCP_CONFIG_ENV))
    except ValueError as exc:
        raise SystemExit(f"rubricflow worker: {exc}") from None
    if config is None:
        return None
    servers = {}
    for name, server in config.servers.items():
        try:
            servers[name] = with_environment(server, environ)
        except KeyError as exc:
            raise SystemExit(
                f"rubricflow worker: {MCP_CONFIG_ENV} file {environ[MCP_CONFIG_ENV].strip()}: server "
                f"{name!r} names the environment variable {exc.args[0]}, which is not set on this "
                f"worker: set it, or give a default as ${{{exc.args[0]}:-DEFAULT}}"
            ) from None
        except ValueError as exc:
            raise SystemExit(
                f"rubricflow worker: {MCP_CONFIG_ENV} file {environ[MCP_CONFIG_ENV].strip()}: server {name!r}: {exc}"
            ) from None
    return config.model_copy(update={"servers": servers})


def _env_profiles(environ: Mapping[str, str]) -> tuple[dict[str, ModelProfile], dict[str, str]]:
    """The `RUBRICFLOW_MODELS` profiles, each one's provider known and its package
    importable, and the values of the key variables they name (each must be set)."""
    try:
        profiles = model_profiles(environ.get(MODELS_ENV)) or {}
    except ValueError as exc:
        raise SystemExit(f"rubricflow worker: {exc}") from None
    keys: dict[str, str] = {}
    for name, profile in profiles.items():
        where = f"rubricflow worker: {MODELS_ENV} profile {name!r}"
        try:
            check_provider(profile.spec)
        except RunRefused as exc:
            raise SystemExit(f"{where}: {exc}") from None
        missing = [d for m, d in provider_modules(profile.provider).items() if importlib.util.find_spec(m) is None]
        if missing:
            extra = PROVIDER_EXTRAS.get(profile.provider)
            how = f"pip install 'rubricflow[{extra}]'" if extra else f"pip install {' '.join(missing)}"
            raise SystemExit(f"{where}: provider {profile.provider!r} needs {', '.join(missing)}: {how}")
        if profile.api_key_env is not None:
            value = environ.get(profile.api_key_env, "")
            if not value.strip():
                raise SystemExit(
                    f"{where} names api_key_env {profile.api_key_env}, which is not set on this "
                    "worker: set it to the provider's key"
                )
            keys[profile.api_key_env] = value.strip()
    return profiles, keys


def config_from_env(environ: Mapping[str, str] | None = None) -> WorkerConfig:
    """The worker's settings, read once from the environment (default `os.environ`):

    - `RUBRICFLOW_TASK_QUEUE` (default `rubricflow`): the task queue polled.
    - `RUBRICFLOW_DATA_DIR` (default `.rubricflow`): joined local models, hook ledger.
    - `RUBRICFLOW_FILES_DIR` (default `.rubricflow/files`): what `read_file` may read.
    - `RUBRICFLOW_HOOKS`: per-evaluation hooks, `module:function` or webhook URLs
      (checked here: each callable imports, each URL is http(s)).
    - `RUBRICFLOW_WEBHOOK_SECRET` (`whsec_` + base64): signs webhook deliveries.
    - `RUBRICFLOW_SCRIPT_STATE` (default `<tmp>/rubricflow-scripted`): scripted models'
      cursors, shared by the machine's workers.
    - `RUBRICFLOW_GRACEFUL_SHUTDOWN_S` (default 30): on SIGTERM/SIGINT the worker stops
      taking work and gives in-flight activities this long to finish; what is still
      running then is cancelled and handed back to the server, which retries it on
      another worker at once (not after the heartbeat timeout).
    - `RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES` (default: the SDK's 100): agent turns and
      grader passes one worker runs at once; lower it for CPU-bound local models.
    - `RUBRICFLOW_DEPLOYMENT_NAME` and `RUBRICFLOW_BUILD_ID` (both or neither): Worker
      Versioning; runs stay on the build they started on (see README, "Upgrades").
    - `RUBRICFLOW_HEALTH_PORT`: serve `/healthz` and `/readyz` for probes.
    - `RUBRICFLOW_ALLOW_WEAK_SANDBOX` (default 0): 1 lets `run_python_tests` run untrusted
      code without bubblewrap, with limits only; 0 makes it refuse.
    - `RUBRICFLOW_ALLOW_SCRIPTED` (default 0): 1 serves `scripted:PATH` models (tests,
      demos); 0 refuses them.
    - `RUBRICFLOW_SCRIPTED_DIR`: when set, scripted model files must lie below it.
    - `RUBRICFLOW_PROMETHEUS_PORT` (default: none): serve the worker's metrics, Temporal's
      SDK metrics among them, for Prometheus on this port (`/metrics`).
    - `RUBRICFLOW_MCP`: a JSON or TOML file of MCP servers (`mcpServers`) whose tools the
      worker offers as `<server>_<tool>`; `${VAR}` in it is this environment's VAR
      (checked here; the servers are listed when the worker starts, `worker_registry`).
    - `RUBRICFLOW_MODELS`: a TOML file of model profiles, served as `profile:NAME`
      (`rubricflow.workflows.model_profiles`); checked here: each provider known and
      installed, each `api_key_env` variable set.

    A value that is not allowed stops the worker (`SystemExit`) saying what is.
    """
    env = os.environ if environ is None else environ
    grace = _env_int(env, "RUBRICFLOW_GRACEFUL_SHUTDOWN_S", 0, 24 * 3600)
    slots = _env_int(env, "RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES", 1, 10_000)
    prometheus_port = _env_int(env, "RUBRICFLOW_PROMETHEUS_PORT", 1, 65_535)
    try:
        hooks = tuple(parse_hooks(env.get("RUBRICFLOW_HOOKS")))
        check_hooks(hooks)
    except ValueError as exc:
        raise SystemExit(
            f"rubricflow worker: RUBRICFLOW_HOOKS must be comma-separated 'module:function' "
            f"callables or http(s) URLs: {exc}"
        ) from None
    deployment = _env_name(env, "RUBRICFLOW_DEPLOYMENT_NAME")
    build_id = _env_name(env, "RUBRICFLOW_BUILD_ID")
    if (deployment is None) != (build_id is None):
        raise SystemExit(
            "rubricflow worker: Worker Versioning needs both RUBRICFLOW_DEPLOYMENT_NAME and "
            "RUBRICFLOW_BUILD_ID (or neither, to run unversioned)"
        )
    health_port = _env_int(env, "RUBRICFLOW_HEALTH_PORT", 0, 65535)
    try:
        webhook_secret = parse_webhook_secret(env.get("RUBRICFLOW_WEBHOOK_SECRET"))
    except ValueError as exc:
        raise SystemExit(f"rubricflow worker: RUBRICFLOW_WEBHOOK_SECRET is not usable: {exc}") from None
    task_queue = env.get("RUBRICFLOW_TASK_QUEUE", DEFAULT_TASK_QUEUE)
    problem = id_problem(task_queue)
    if problem:
        raise SystemExit(f"rubricflow worker: RUBRICFLOW_TASK_QUEUE {problem}")
    profiles, keys = _env_profiles(env)
    return WorkerConfig(
        task_queue=task_queue,
        data_dir=_env_path(env, "RUBRICFLOW_DATA_DIR", DEFAULT_DATA_DIR),
        files_dir=_env_path(env, "RUBRICFLOW_FILES_DIR", DEFAULT_FILES_DIR),
        hooks=hooks,
        script_state_dir=_env_path(env, "RUBRICFLOW_SCRIPT_STATE", default_script_state_dir()),
        graceful_shutdown=timedelta(seconds=grace) if grace is not None else DEFAULT_GRACEFUL_SHUTDOWN,
        max_concurrent_activities=slots,
        deployment_name=deployment,
        build_id=build_id,
        health_port=health_port,
        allow_weak_sandbox=_env_flag(env, "RUBRICFLOW_ALLOW_WEAK_SANDBOX"),
        allow_scripted=_env_flag(env, "RUBRICFLOW_ALLOW_SCRIPTED"),
        scripted_dir=Path(env["RUBRICFLOW_SCRIPTED_DIR"]) if env.get("RUBRICFLOW_SCRIPTED_DIR") else None,
        prometheus_port=prometheus_port,
        webhook_secret=webhook_secret,
        mcp=_env_mcp(env),
        model_profiles=profiles,
        model_keys=keys,
    )


async def serve_tools(config: WorkerConfig) -> ToolRegistry:
    """The tools the worker offers: built-ins, entry points and the tools of the
    `RUBRICFLOW_MCP` servers, listed now. A server that does not answer, or a tool name
    taken twice, stops the worker (`SystemExit`) saying which."""
    try:
        return await worker_registry(
            config.files_dir, allow_weak_sandbox=config.allow_weak_sandbox, mcp=config.mcp
        )
    except (McpStartError, ValueError) as exc:
        raise SystemExit(
            f"rubricflow worker: {exc} (the {MCP_CONFIG_ENV} servers are listed when the worker starts)"
        ) from None


async def run_worker(
    client: Client, stop: asyncio.Event, config: WorkerConfig | None = None, **options: object
) -> None:
    """Run a worker until `stop` is set, then shut it down gracefully."""
    config = config or config_from_env()
    if options.get("tools") is None:
        options["tools"] = await serve_tools(config)
    await ensure_search_attributes(client)
    worker = build_worker(client, config=config, **options)  # type: ignore[arg-type]
    async with worker, _health(client, worker, config):
        log.info("worker polling task queue %r", worker.task_queue)
        if config.versioned:
            log.info(
                "worker versioning: deployment %r, build %r (make a build current with "
                "`temporal worker deployment set-current-version`)",
                config.deployment_name,
                config.build_id,
            )
        await stop.wait()
        log.info(
            "shutting down: in-flight activities get %s to finish",
            options.get("graceful_shutdown", config.graceful_shutdown),
        )


@contextlib.asynccontextmanager
async def _health(client: Client, worker: Worker, config: WorkerConfig) -> AsyncIterator[None]:
    if config.health_port is None:
        yield
        return
    async with serve_health(client, worker, "0.0.0.0", config.health_port):
        yield


SEARCH_ATTRIBUTES = {
    "RubricStatus": IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
    "RubricIteration": IndexedValueType.INDEXED_VALUE_TYPE_INT,
    "GradingRunId": IndexedValueType.INDEXED_VALUE_TYPE_KEYWORD,
}


async def ensure_search_attributes(client: Client) -> None:
    """The workflow upserts these; a namespace without them would fail its tasks. Register
    what is missing when allowed, else refuse to start with what to run."""
    existing = await client.operator_service.list_search_attributes(
        ListSearchAttributesRequest(namespace=client.namespace)
    )
    known = set(existing.custom_attributes)
    missing = {k: v for k, v in SEARCH_ATTRIBUTES.items() if k not in known}
    if not missing:
        return
    try:
        await client.operator_service.add_search_attributes(
            AddSearchAttributesRequest(namespace=client.namespace, search_attributes=missing)
        )
        log.info("registered search attributes %s", sorted(missing))
    except RPCError as err:
        commands = "; ".join(
            f"temporal operator search-attribute create --name {k} --type "
            f"{'Int' if v == IndexedValueType.INDEXED_VALUE_TYPE_INT else 'Keyword'}"
            for k, v in missing.items()
        )
        raise SystemExit(
            f"rubricflow worker: namespace {client.namespace!r} lacks search attributes "
            f"{sorted(missing)} and they could not be added ({err.message}); run: {commands}"
        ) from err


def install_stop_handlers(stop: asyncio.Event) -> None:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)


async def _main() -> None:
    logging.basicConfig(
        level=os.environ.get("RUBRICFLOW_LOG_LEVEL", "INFO"),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )
    config = config_from_env()  # before connecting: bad settings stop the worker at once
    tools = await serve_tools(config)
    try:
        # Before connecting: the client takes its tracing plugin and metrics runtime.
        installed = telemetry.setup(
            os.environ, service="rubricflow-worker", prometheus_port=config.prometheus_port, sdk_metrics=True
        )
    except ValueError as exc:
        raise SystemExit(f"rubricflow worker: {exc}") from None
    stop = asyncio.Event()
    install_stop_handlers(stop)
    try:
        client = await connect()
    except (CodecConfigError, AddressError) as exc:
        installed.shutdown()
        raise SystemExit(f"rubricflow worker: {exc}") from None
    try:
        if installed.metrics_exporter is not None:
            async with installed.metrics_exporter:
                await run_worker(client, stop, config, tools=tools)
        else:
            await run_worker(client, stop, config, tools=tools)
    finally:
        installed.shutdown()


async def _list_tools() -> None:
    """Print the tools this worker would offer, as JSON (`rubricflow tools` reads it)."""
    registry = await serve_tools(config_from_env())
    print(json.dumps([dataclasses.asdict(entry) for entry in registry.describe()]))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m rubricflow.worker", description="Run a rubricflow worker (settings: RUBRICFLOW_* variables)."
    )
    parser.add_argument("--list-tools", action="store_true", help="print the tools this worker offers (JSON) and exit")
    args = parser.parse_args(argv)
    code = 0
    try:
        asyncio.run(_list_tools() if args.list_tools else _main())
    except SystemExit as exc:  # a setting or a namespace the worker cannot use
        if isinstance(exc.code, str):
            print(exc.code, file=sys.stderr)
            code = 2
        else:
            code = exc.code or 0
    # Skip interpreter teardown, also after a refused setting: the Temporal bridge's
    # threads can abort CPython finalization (temporalio/sdk-python#300) with
    # `Fatal Python error: PyGILState_Release`.
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    main()

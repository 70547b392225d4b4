"""The worker's settings from its environment: every `RUBRICFLOW_*` variable a worker
reads, checked once, into one `WorkerConfig` (`config_from_env`). A value that is not
allowed stops the worker (`SystemExit`) saying what to fix."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path
from typing import Any

from rubricflow.activities.config import (
    DEFAULT_FILES_DIR,
    DEFAULT_GRACEFUL_SHUTDOWN,
    WorkerConfig,
    default_script_state_dir,
)
from rubricflow.activities.hooks import Hook, check_hooks, parse_hooks, parse_webhook_secret
from rubricflow.preflight import PROVIDER_EXTRAS, RunRefused, check_provider, provider_modules
from rubricflow.settings import mcp_config, model_profiles
from rubricflow.workflows.ids import id_problem
from rubricflow.workflows.mcp_config import MCP_CONFIG_ENV, McpConfig, with_environment
from rubricflow.workflows.model_profiles import MODELS_ENV, ModelProfile
from rubricflow.workflows.names import DATA_DIR_ENV, DEFAULT_DATA_DIR, DEFAULT_TASK_QUEUE, TASK_QUEUE_ENV
from rubricflow.workflows.types import whole_number_from_text


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
            f"rubricflow worker: {name} must be 1 to 255 printable characters without spaces or dots, got {raw!r}"
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
    - `RUBRICFLOW_DATA_DIR` (default `.rubricflow`): local models, hook ledger, grader cache.
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
    - `RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES` (default: the SDK's 100): steps run at once (lower for local models).
    - `RUBRICFLOW_DEPLOYMENT_NAME` and `RUBRICFLOW_BUILD_ID` (both or neither): Worker
      Versioning; runs stay on the build they started on (see docs/operations.md, "Upgrades").
    - `RUBRICFLOW_HEALTH_PORT`: serve `/healthz` and `/readyz` for probes.
    - `RUBRICFLOW_ALLOW_WEAK_SANDBOX` (default 0): 1 lets `run_python_tests` run untrusted
      code without bubblewrap, with limits only; 0 makes it refuse.
    - `RUBRICFLOW_ALLOW_SCRIPTED` (default 0): 1 serves `scripted:PATH` models (tests, demos).
    - `RUBRICFLOW_SCRIPTED_DIR`: when set, scripted model files must lie below it.
    - `RUBRICFLOW_LOCAL_IN_PROCESS` (default 0): 1 runs `local:` models in the worker process.
    - `RUBRICFLOW_PROMETHEUS_PORT` (default: none): serve the worker's metrics, Temporal's
      SDK metrics among them, for Prometheus on this port (`/metrics`).
    - `RUBRICFLOW_MCP`: a JSON or TOML file of MCP servers (`mcpServers`) whose tools the
      worker offers as `<server>_<tool>`; `${VAR}` in it is this environment's VAR
      (checked here; the servers are listed when the worker starts, `worker_registry`).
    - `RUBRICFLOW_MODELS`: a TOML file of model profiles, served as `profile:NAME`
      (`rubricflow.workflows.model_profiles`); checked here: each provider known and
      installed, each `api_key_env` variable set.

    - `RUBRICFLOW_GRADER_CACHE_DIR`, `RUBRICFLOW_GRADER_CACHE_MAX_MB`: `_env_grader_cache`.

    A value that is not allowed stops the worker (`SystemExit`) saying what is. (long: one
    line per setting, read in one place.)
    """
    env = os.environ if environ is None else environ
    grace = _env_int(env, "RUBRICFLOW_GRACEFUL_SHUTDOWN_S", 0, 24 * 3600)
    deployment, build_id = _env_versioning(env)
    profiles, keys = _env_profiles(env)
    return WorkerConfig(
        task_queue=_env_task_queue(env),
        data_dir=_env_path(env, DATA_DIR_ENV, Path(DEFAULT_DATA_DIR)),
        files_dir=_env_path(env, "RUBRICFLOW_FILES_DIR", DEFAULT_FILES_DIR),
        hooks=_env_hooks(env),
        script_state_dir=_env_path(env, "RUBRICFLOW_SCRIPT_STATE", default_script_state_dir()),
        graceful_shutdown=timedelta(seconds=grace) if grace is not None else DEFAULT_GRACEFUL_SHUTDOWN,
        max_concurrent_activities=_env_int(env, "RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES", 1, 10_000),
        deployment_name=deployment,
        build_id=build_id,
        health_port=_env_int(env, "RUBRICFLOW_HEALTH_PORT", 0, 65535),
        allow_weak_sandbox=_env_flag(env, "RUBRICFLOW_ALLOW_WEAK_SANDBOX"),
        allow_scripted=_env_flag(env, "RUBRICFLOW_ALLOW_SCRIPTED"),
        scripted_dir=Path(env["RUBRICFLOW_SCRIPTED_DIR"]) if env.get("RUBRICFLOW_SCRIPTED_DIR") else None,
        local_in_process=_env_flag(env, "RUBRICFLOW_LOCAL_IN_PROCESS"),
        prometheus_port=_env_int(env, "RUBRICFLOW_PROMETHEUS_PORT", 1, 65_535),
        webhook_secret=_env_webhook_secret(env),
        mcp=_env_mcp(env),
        **_env_grader_cache(env),
        model_profiles=profiles,
        model_keys=keys,
    )


def _env_grader_cache(env: Mapping[str, str]) -> dict[str, Any]:
    """`RUBRICFLOW_GRADER_CACHE_DIR` (default `DATA_DIR/grader-cache`; workers may share one)
    and `RUBRICFLOW_GRADER_CACHE_MAX_MB` (default 256; 0 turns the grader cache off)."""
    settings: dict[str, Any] = {}
    if env.get("RUBRICFLOW_GRADER_CACHE_DIR"):
        settings["grader_cache_dir"] = Path(env["RUBRICFLOW_GRADER_CACHE_DIR"])
    max_mb = _env_int(env, "RUBRICFLOW_GRADER_CACHE_MAX_MB", 0, 1_000_000)
    if max_mb is not None:
        settings["grader_cache_max_mb"] = max_mb
    return settings


def _env_task_queue(env: Mapping[str, str]) -> str:
    task_queue = env.get(TASK_QUEUE_ENV, DEFAULT_TASK_QUEUE)
    problem = id_problem(task_queue)
    if problem:
        raise SystemExit(f"rubricflow worker: {TASK_QUEUE_ENV} {problem}")
    return task_queue


def _env_hooks(env: Mapping[str, str]) -> tuple[Hook, ...]:
    try:
        hooks = tuple(parse_hooks(env.get("RUBRICFLOW_HOOKS")))
        check_hooks(hooks)
    except ValueError as exc:
        raise SystemExit(
            f"rubricflow worker: RUBRICFLOW_HOOKS must be comma-separated 'module:function' "
            f"callables or http(s) URLs: {exc}"
        ) from None
    return hooks


def _env_versioning(env: Mapping[str, str]) -> tuple[str | None, str | None]:
    deployment = _env_name(env, "RUBRICFLOW_DEPLOYMENT_NAME")
    build_id = _env_name(env, "RUBRICFLOW_BUILD_ID")
    if (deployment is None) != (build_id is None):
        raise SystemExit(
            "rubricflow worker: Worker Versioning needs both RUBRICFLOW_DEPLOYMENT_NAME and "
            "RUBRICFLOW_BUILD_ID (or neither, to run unversioned)"
        )
    return deployment, build_id


def _env_webhook_secret(env: Mapping[str, str]) -> bytes | None:
    try:
        return parse_webhook_secret(env.get("RUBRICFLOW_WEBHOOK_SECRET"))
    except ValueError as exc:
        raise SystemExit(f"rubricflow worker: RUBRICFLOW_WEBHOOK_SECRET is not usable: {exc}") from None

"""The worker's settings from its environment: every `RUBRICFLOW_*` variable a worker
reads, checked once, into one `WorkerConfig` (`config_from_env`), the one function that
`RubricflowPlugin.from_env`, `rubricflow worker` and the worker of `rubricflow dev` all
build their settings with. A value that is not allowed raises `ConfigError` (a
`RubricflowError` and a `ValueError`) naming the variable and what to fix; only a `main`
turns it into an exit."""

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
from rubricflow.activities.mcp_config import (
    MCP_CONFIG_ENV,
    McpConfig,
    parse_mcp_config,
    url_variables,
    with_environment,
)
from rubricflow.activities.model_profiles import ModelProfile, parse_model_profiles
from rubricflow.codec import EncryptionCodec, codec_from_env
from rubricflow.errors import ConfigError, RunRefused
from rubricflow.ids import id_problem
from rubricflow.preflight import PROVIDER_EXTRAS, check_provider, provider_modules
from rubricflow.settings import read_settings_file
from rubricflow.workflows.names import DATA_DIR_ENV, DEFAULT_DATA_DIR, DEFAULT_TASK_QUEUE, TASK_QUEUE_ENV
from rubricflow.workflows.run_settings import MODELS_ENV
from rubricflow.workflows.types import whole_number_from_text


def _env_int(environ: Mapping[str, str], name: str, low: int, high: int) -> int | None:
    """The contract's one whole-number check, for a setting (unset or blank: None)."""
    raw = environ.get(name)
    if raw is None or not raw.strip():
        return None
    try:
        return whole_number_from_text(raw, name, low, high)
    except ValueError as exc:
        raise ConfigError(str(exc)) from None


def _env_name(environ: Mapping[str, str], name: str) -> str | None:
    raw = environ.get(name)
    if raw is None or not raw.strip():
        return None
    value = raw.strip()
    if len(value) > 255 or any(ch.isspace() or not ch.isprintable() or ch == "." for ch in value):
        raise ConfigError(f"{name} must be 1 to 255 printable characters without spaces or dots, got {raw!r}")
    return value


def _env_flag(environ: Mapping[str, str], name: str) -> bool:
    raw = (environ.get(name) or "").strip()
    if raw in ("", "0"):
        return False
    if raw == "1":
        return True
    raise ConfigError(f"{name} must be 1 (on) or 0 (off), got {raw!r}")


def _env_path(environ: Mapping[str, str], name: str, default: Path) -> Path:
    raw = environ.get(name)
    return Path(raw) if raw else default


def model_profiles(raw: str | None) -> dict[str, ModelProfile] | None:
    """The model profiles of the file `RUBRICFLOW_MODELS` (`raw`) names, read and checked;
    None when unset. A `ValueError` says what to fix, starting with `RUBRICFLOW_MODELS file
    PATH`. Read by the worker, which builds and prices its models from it, and by
    `rubricflow doctor`'s report of what a worker started here could build."""
    if raw is None or not raw.strip():
        return None
    path = Path(raw.strip())
    where = f"{MODELS_ENV} file {path}"
    text = read_settings_file(path, where)
    try:
        return parse_model_profiles(text)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None


def mcp_config(raw: str | None) -> McpConfig | None:
    """The MCP servers file that `RUBRICFLOW_MCP` (`raw`) names, read and checked, its
    `${VAR}`s left as they are; None when unset. A `ValueError` says what to fix, starting
    with `RUBRICFLOW_MCP file PATH`. Read by the worker, which connects to the servers."""
    if raw is None or not raw.strip():
        return None
    path = Path(raw.strip())
    where = f"{MCP_CONFIG_ENV} file {path}"
    if path.suffix not in (".json", ".toml"):
        raise ValueError(f"{where} must end in .json or .toml (its format)")
    text = read_settings_file(path, where)
    try:
        return parse_mcp_config(text, toml=path.suffix == ".toml")
    except ValueError as exc:
        raise ValueError(f"{where} {exc}") from None


def _env_mcp(environ: Mapping[str, str]) -> McpConfig | None:
    """The servers of the `RUBRICFLOW_MCP` file, each `${VAR}` replaced from `environ`."""
    try:
        config = mcp_config(environ.get(MCP_CONFIG_ENV))
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    if config is None:
        return None
    servers = {}
    for name, server in config.servers.items():
        try:
            servers[name] = with_environment(server, environ)
        except KeyError as exc:
            raise ConfigError(
                f"{MCP_CONFIG_ENV} file {environ[MCP_CONFIG_ENV].strip()}: server "
                f"{name!r} names the environment variable {exc.args[0]}, which is not set on this "
                f"worker: set it, or give a default as ${{{exc.args[0]}:-DEFAULT}}"
            ) from None
        except ValueError as exc:
            raise ConfigError(
                f"{MCP_CONFIG_ENV} file {environ[MCP_CONFIG_ENV].strip()}: server {name!r}: {exc}"
            ) from None
    return config.model_copy(update={"servers": servers})


def _env_url_secrets(environ: Mapping[str, str], config: McpConfig | None) -> dict[str, str]:
    """The values of the `${VAR}`s in the `RUBRICFLOW_MCP` servers' URLs, by name."""
    if config is None:
        return {}
    raw = mcp_config(environ.get(MCP_CONFIG_ENV))
    assert raw is not None
    return {
        name: environ[name] for server in raw.servers.values() for name in url_variables(server) if environ.get(name)
    }


def _env_profiles(environ: Mapping[str, str]) -> tuple[dict[str, ModelProfile], dict[str, str]]:
    """The `RUBRICFLOW_MODELS` profiles, each one's provider known and its package
    importable, and the values of the key variables they name (each must be set)."""
    try:
        profiles = model_profiles(environ.get(MODELS_ENV)) or {}
    except ValueError as exc:
        raise ConfigError(str(exc)) from None
    keys: dict[str, str] = {}
    for name, profile in profiles.items():
        where = f"{MODELS_ENV} profile {name!r}"
        try:
            check_provider(profile.spec)
        except RunRefused as exc:
            raise ConfigError(f"{where}: {exc}") from None
        missing = [d for m, d in provider_modules(profile.provider).items() if importlib.util.find_spec(m) is None]
        if missing:
            extra = PROVIDER_EXTRAS.get(profile.provider)
            how = f"pip install 'rubricflow[{extra}]'" if extra else f"pip install {' '.join(missing)}"
            raise ConfigError(f"{where}: provider {profile.provider!r} needs {', '.join(missing)}: {how}")
        if profile.api_key_env is not None:
            value = environ.get(profile.api_key_env, "")
            if not value.strip():
                raise ConfigError(
                    f"{where} names api_key_env {profile.api_key_env}, which is not set on this "
                    "worker: set it to the provider's key"
                )
            keys[profile.api_key_env] = value.strip()
    return profiles, keys


def config_from_env(environ: Mapping[str, str] | None = None) -> WorkerConfig:
    """The worker's settings, read once from `environ` (default `os.environ`): each field
    of `WorkerConfig` names the variable it comes from, and docs/configuration.md lists
    them all with their defaults. Files are read and checked here (`RUBRICFLOW_MCP` with
    its `${VAR}`s replaced, `RUBRICFLOW_MODELS` with each provider installed and each
    `api_key_env` set, the hooks importable); the MCP servers themselves are listed when
    the worker starts (`plugin.serve_tools`). A value that is not allowed raises
    `ConfigError` saying what is. The grader cache's two variables: `_env_grader_cache`.
    """
    env = os.environ if environ is None else environ
    grace = _env_int(env, "RUBRICFLOW_GRACEFUL_SHUTDOWN_S", 0, 24 * 3600)
    deployment, build_id = _env_versioning(env)
    profiles, keys = _env_profiles(env)
    mcp = _env_mcp(env)
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
        local_threads=_env_int(env, "RUBRICFLOW_LOCAL_THREADS", 1, 256),
        prometheus_port=_env_int(env, "RUBRICFLOW_PROMETHEUS_PORT", 1, 65_535),
        webhook_secret=_env_webhook_secret(env),
        mcp=mcp,
        mcp_url_secrets=_env_url_secrets(env, mcp),
        **_env_grader_cache(env),
        grader_examples_left_out=tuple(
            f.strip() for f in env.get("RUBRICFLOW_GRADER_EXAMPLES_LEFT_OUT", "").split(",") if f.strip()
        ),
        model_profiles=profiles,
        model_keys=keys,
        codec=_env_codec(env),
        log_level=_env_log_level(env),
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
        raise ConfigError(f"{TASK_QUEUE_ENV} {problem}")
    return task_queue


def _env_hooks(env: Mapping[str, str]) -> tuple[Hook, ...]:
    try:
        hooks = tuple(parse_hooks(env.get("RUBRICFLOW_HOOKS")))
        check_hooks(hooks)
    except ValueError as exc:
        raise ConfigError(
            f"RUBRICFLOW_HOOKS must be comma-separated 'module:function' callables or http(s) URLs: {exc}"
        ) from None
    return hooks


def _env_versioning(env: Mapping[str, str]) -> tuple[str | None, str | None]:
    deployment = _env_name(env, "RUBRICFLOW_DEPLOYMENT_NAME")
    build_id = _env_name(env, "RUBRICFLOW_BUILD_ID")
    if (deployment is None) != (build_id is None):
        raise ConfigError(
            "Worker Versioning needs both RUBRICFLOW_DEPLOYMENT_NAME and "
            "RUBRICFLOW_BUILD_ID (or neither, to run unversioned)"
        )
    return deployment, build_id


def _env_webhook_secret(env: Mapping[str, str]) -> bytes | None:
    try:
        return parse_webhook_secret(env.get("RUBRICFLOW_WEBHOOK_SECRET"))
    except ValueError as exc:
        raise ConfigError(f"RUBRICFLOW_WEBHOOK_SECRET is not usable: {exc}") from None


def _env_codec(env: Mapping[str, str]) -> EncryptionCodec | None:
    try:
        return codec_from_env(env)
    except ValueError as exc:
        raise ConfigError(f"RUBRICFLOW_CODEC_KEYS is not usable: {exc}") from None


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")


def _env_log_level(env: Mapping[str, str]) -> str:
    level = (env.get("RUBRICFLOW_LOG_LEVEL") or "INFO").strip().upper()
    if level not in LOG_LEVELS:
        raise ConfigError(
            f"RUBRICFLOW_LOG_LEVEL must be one of {', '.join(LOG_LEVELS)}, got {env['RUBRICFLOW_LOG_LEVEL']!r}"
        )
    return level

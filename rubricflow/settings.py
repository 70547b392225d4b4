"""Client settings, read when called (never at import time)."""

from __future__ import annotations

import os
from pathlib import Path

from temporalio.client import Client
from temporalio.envconfig import ClientConfig

from rubricflow.workflows.mcp_config import MCP_CONFIG_ENV, McpConfig, parse_mcp_config
from rubricflow.workflows.model_profiles import MODELS_ENV, ModelProfile, parse_model_profiles

DEFAULT_ADDRESS = "localhost:7233"
DEFAULT_TASK_QUEUE = "rubricflow"


def data_dir() -> Path:
    """The worker's data directory: joined local models, the hook ledger."""
    return Path(os.environ.get("RUBRICFLOW_DATA_DIR", ".rubricflow"))


def task_queue() -> str:
    return os.environ.get("RUBRICFLOW_TASK_QUEUE", DEFAULT_TASK_QUEUE)


def mcp_config(raw: str | None) -> McpConfig | None:
    """The MCP servers file that `RUBRICFLOW_MCP` (`raw`) names, read and checked, its
    `${VAR}`s left as they are; None when unset. A `ValueError` says what to fix, starting
    with `RUBRICFLOW_MCP file PATH`. Read by the worker, which connects to the servers, and
    by the CLI, which learns their names."""
    if raw is None or not raw.strip():
        return None
    path = Path(raw.strip())
    where = f"{MCP_CONFIG_ENV} file {path}"
    if path.suffix not in (".json", ".toml"):
        raise ValueError(f"{where} must end in .json or .toml (its format)")
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"{where} does not exist") from None
    except UnicodeDecodeError:
        raise ValueError(f"{where} is not UTF-8 text") from None
    except OSError as exc:
        raise ValueError(f"{where} cannot be read: {exc.strerror}") from None
    try:
        return parse_mcp_config(text, toml=path.suffix == ".toml")
    except ValueError as exc:
        raise ValueError(f"{where} {exc}") from None


def model_profiles(raw: str | None) -> dict[str, ModelProfile] | None:
    """The model profiles of the file `RUBRICFLOW_MODELS` (`raw`) names, read and checked;
    None when unset. A `ValueError` says what to fix, starting with `RUBRICFLOW_MODELS file
    PATH`. Read by the worker, which builds its models from it, and by the CLI, which
    refuses unknown profiles and prices the known ones."""
    if raw is None or not raw.strip():
        return None
    path = Path(raw.strip())
    where = f"{MODELS_ENV} file {path}"
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"{where} does not exist") from None
    except UnicodeDecodeError:
        raise ValueError(f"{where} is not UTF-8 text") from None
    except OSError as exc:
        raise ValueError(f"{where} cannot be read: {exc.strerror}") from None
    try:
        return parse_model_profiles(text)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None


def connect_config() -> dict:
    """Temporal's standard client config: TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, TLS, API key."""
    config = dict(ClientConfig.load_client_connect_config())
    config.setdefault("target_host", DEFAULT_ADDRESS)
    return config


async def connect(**overrides: object) -> Client:
    """A client with the pydantic converter, payload encryption when
    `RUBRICFLOW_CODEC_KEYS` is set (see rubricflow/codec.py), and OpenTelemetry tracing
    when the standard `OTEL_*` variables ask for it (see rubricflow/telemetry.py): the
    client's span is then the parent of every run it starts."""
    from rubricflow import telemetry
    from rubricflow.codec import codec_from_env, with_codec
    from rubricflow.converter import data_converter

    installed = telemetry.setup(os.environ, service="rubricflow-client")
    config = {**connect_config(), **installed.connect_options(), **overrides}
    converter = with_codec(data_converter, codec_from_env())
    return await Client.connect(**config, data_converter=converter)  # type: ignore[arg-type]

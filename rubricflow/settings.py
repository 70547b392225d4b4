"""Client settings, read when called (never at import time)."""

from __future__ import annotations

import logging
import os
from pathlib import Path

from temporalio.client import Client
from temporalio.envconfig import ClientConfig
from temporalio.runtime import LogForwardingConfig, LoggingConfig, Runtime, TelemetryConfig, TelemetryFilter

from rubricflow.errors import ConfigError
from rubricflow.workflows.names import DATA_DIR_ENV, DEFAULT_DATA_DIR, DEFAULT_TASK_QUEUE, TASK_QUEUE_ENV

DEFAULT_ADDRESS = "localhost:7233"


def data_dir() -> Path:
    """The worker's data directory: joined local models, the hook ledger."""
    return Path(os.environ.get(DATA_DIR_ENV, DEFAULT_DATA_DIR))


def task_queue() -> str:
    return os.environ.get(TASK_QUEUE_ENV, DEFAULT_TASK_QUEUE)


def read_settings_file(path: Path, where: str) -> str:
    """A settings file's text, or a `ValueError` that starts with `where` and says what is
    wrong with the file."""
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ValueError(f"{where} does not exist") from None
    except UnicodeDecodeError:
        raise ValueError(f"{where} is not UTF-8 text") from None
    except OSError as exc:
        raise ValueError(f"{where} cannot be read: {exc.strerror}") from None


class AddressError(ConfigError):
    """The Temporal address (TEMPORAL_ADDRESS, or a profile's) is not a usable HOST:PORT."""


def check_address(address: str) -> str:
    """`address` when it is HOST:PORT with a port from 1 to 65535, else `AddressError`
    saying what to set (the SDK would warn about a scheme, or fail on a bad port with
    "invalid target URL")."""
    fix = "set TEMPORAL_ADDRESS=HOST:PORT, e.g. localhost:7233"
    if "://" in address:
        raise AddressError(
            f"the Temporal address {address!r} must be HOST:PORT without a scheme (TLS is TEMPORAL_TLS=true): {fix}"
        )
    host, _, port = address.rpartition(":")
    if not host or not port:
        raise AddressError(f"the Temporal address {address!r} has no port or no host: {fix}")
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise AddressError(f"the Temporal address {address!r} has port {port}, not one from 1 to 65535: {fix}")
    return address


CORE_LOGGER = "temporalio.core"
"""The Python logger a client process's Temporal core logs go to (`client_runtime`)."""
_client_runtime: Runtime | None = None


def client_runtime() -> Runtime:
    """The Temporal runtime of a client process (the CLI, `Rubricflow.connect`), made once.

    Temporal's Rust core logs to stdout by default, a warning for every call it retries:
    a server outage would put hundreds of `WARN temporalio_client::retry` lines on a
    client's terminal (and into its `--json`), while `Rubricflow.events` already says
    once that the server went and once that it is back. Here only its errors are kept,
    forwarded to the `temporalio.core` logger (stderr, through Python logging)."""
    global _client_runtime
    if _client_runtime is None:
        _client_runtime = Runtime(
            telemetry=TelemetryConfig(
                logging=LoggingConfig(
                    filter=TelemetryFilter(core_level="ERROR", other_level="ERROR"),
                    forwarding=LogForwardingConfig(logger=logging.getLogger(CORE_LOGGER)),
                )
            )
        )
    return _client_runtime


def connect_config() -> dict:
    """Temporal's standard client config: TEMPORAL_ADDRESS, TEMPORAL_NAMESPACE, TLS, API key."""
    config = dict(ClientConfig.load_client_connect_config())
    config.setdefault("target_host", DEFAULT_ADDRESS)
    return config


async def connect(**overrides: object) -> Client:
    """A client with the pydantic converter (unless `data_converter` is given), payload
    encryption when `RUBRICFLOW_CODEC_KEYS` is set (see rubricflow/codec.py), and OpenTelemetry tracing
    when the standard `OTEL_*` variables ask for it (see rubricflow/telemetry.py): the
    client's span is then the parent of every run it starts. `AddressError` for an
    address that is not HOST:PORT."""
    from rubricflow import telemetry
    from rubricflow.bridge_exit import hold_exit_for_running_loop
    from rubricflow.codec import codec_from_env
    from rubricflow.converter import client_converter

    installed = telemetry.setup(os.environ, service="rubricflow-client")
    config = {**connect_config(), **installed.connect_options(), **overrides}
    check_address(str(config["target_host"]))  # AddressError: what to set, before any warning
    if "data_converter" not in config:
        config["data_converter"] = client_converter(codec_from_env())
    hold_exit_for_running_loop()  # the process's exit waits for the Rust client's last drops
    try:
        return await Client.connect(**config)  # type: ignore[arg-type]
    except ValueError as exc:
        if "target url" not in str(exc).lower():
            raise
        raise AddressError(  # the SDK's own check of the address
            f"the Temporal address {config['target_host']!r} cannot be used ({exc}): "
            "set TEMPORAL_ADDRESS=HOST:PORT, e.g. localhost:7233"
        ) from None

"""The worker's settings, as one frozen object.

`rubricflow/worker_env.py` reads the environment once into a `WorkerConfig`, which the
plugin hands to `RubricActivities`; nothing under `activities/` reads the environment. The
defaults here are those of a worker started with no `RUBRICFLOW_*` variables set.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from temporalio.converter import PayloadCodec

from rubricflow.activities.hooks import Hook
from rubricflow.activities.mcp_config import McpConfig
from rubricflow.activities.model_profiles import ModelProfile
from rubricflow.workflows import names

DEFAULT_DATA_DIR = Path(names.DEFAULT_DATA_DIR)
DEFAULT_FILES_DIR = DEFAULT_DATA_DIR / "files"
DEFAULT_GRACEFUL_SHUTDOWN = timedelta(seconds=30)


def default_script_state_dir() -> Path:
    """Where scripted models keep their cursors when nothing else is configured."""
    return Path(tempfile.gettempdir()) / "rubricflow-scripted"


@dataclass(frozen=True)
class WorkerConfig:
    task_queue: str = names.DEFAULT_TASK_QUEUE
    """`RUBRICFLOW_TASK_QUEUE`: the task queue the worker polls."""
    data_dir: Path = DEFAULT_DATA_DIR
    """`RUBRICFLOW_DATA_DIR`: joined local models (`models/`), the hook ledger (`hook-ledger/`)."""
    files_dir: Path = DEFAULT_FILES_DIR
    """`RUBRICFLOW_FILES_DIR`: what the `read_file` tool may read."""
    hooks: tuple[Hook, ...] = ()
    """`RUBRICFLOW_HOOKS`: per-evaluation hooks (`module:function`, webhook URLs)."""
    script_state_dir: Path = field(default_factory=default_script_state_dir)
    """`RUBRICFLOW_SCRIPT_STATE`: scripted models' cursors, shared by a machine's workers."""
    graceful_shutdown: timedelta = DEFAULT_GRACEFUL_SHUTDOWN
    """`RUBRICFLOW_GRACEFUL_SHUTDOWN_S`: how long in-flight activities get on shutdown."""
    max_concurrent_activities: int | None = None
    """`RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES`: None leaves the SDK's default."""
    deployment_name: str | None = None
    """`RUBRICFLOW_DEPLOYMENT_NAME`: with `build_id`, the worker uses Worker Versioning."""
    build_id: str | None = None
    """`RUBRICFLOW_BUILD_ID`: this build's id within the deployment."""
    health_port: int | None = None
    """`RUBRICFLOW_HEALTH_PORT`: serve `/healthz` and `/readyz` on this port (0: any free one)."""
    allow_weak_sandbox: bool = False
    """`RUBRICFLOW_ALLOW_WEAK_SANDBOX=1`: without bubblewrap, run untrusted code with
    limits only; off, `run_python_tests` refuses (fails closed)."""
    allow_scripted: bool = False
    """`RUBRICFLOW_ALLOW_SCRIPTED=1`: serve `scripted:PATH` models (a test tool); off,
    they are refused."""
    scripted_dir: Path | None = None
    """`RUBRICFLOW_SCRIPTED_DIR`: when set, scripted model files must lie below it."""
    local_in_process: bool = False
    """`RUBRICFLOW_LOCAL_IN_PROCESS=1`: `local:` models generate in the worker process
    (where they stall its workflow tasks); off, each generates in a model process of its
    own at a lowered CPU priority (`activities/model_process.py`)."""
    local_threads: int | None = None
    """`RUBRICFLOW_LOCAL_THREADS`: the CPU threads each `local:` model generates on. None:
    `local_models.default_threads()`."""
    prometheus_port: int | None = None
    """`RUBRICFLOW_PROMETHEUS_PORT`: serve the worker's metrics for Prometheus on this port."""
    webhook_secret: bytes | None = field(default=None, repr=False)
    """`RUBRICFLOW_WEBHOOK_SECRET` (`whsec_...`): signs webhook deliveries (Standard Webhooks)."""
    mcp: McpConfig | None = field(default=None, repr=False)
    """`RUBRICFLOW_MCP`: the MCP servers whose tools the worker offers, their `${VAR}`s
    replaced from the worker's environment (so it may hold secrets: not in the repr)."""
    mcp_url_secrets: Mapping[str, str] = field(default_factory=dict, repr=False)
    """The values of the `${VAR}`s in those servers' URLs, by name: the plugin keeps them
    out of the worker's logs (`activities/log_redaction.py`)."""

    grader_examples_left_out: tuple[str, ...] = ()
    """`RUBRICFLOW_GRADER_EXAMPLES_LEFT_OUT`: families (comma-separated) whose examples the
    grounded grader's check prompt leaves out. For measuring the grader on families no
    example of its prompt was about (the judge benchmark's leave-one-family-out run)."""

    grader_cache_dir: Path | None = None
    """`RUBRICFLOW_GRADER_CACHE_DIR`: the grader cache (`activities/grader_cache.py`); workers
    that share a directory share their verdicts. None: `DATA_DIR/grader-cache`."""
    grader_cache_max_mb: int = 256
    """`RUBRICFLOW_GRADER_CACHE_MAX_MB`: how large the grader cache may grow; 0 turns it off."""

    model_profiles: Mapping[str, ModelProfile] = field(default_factory=dict)
    """`RUBRICFLOW_MODELS`: the named models this worker serves as `profile:NAME`."""
    model_keys: Mapping[str, str] = field(default_factory=dict, repr=False)
    """The values of the profiles' `api_key_env` variables, read from the worker's
    environment with everything else (secrets: not in the repr)."""
    codec: PayloadCodec | None = field(default=None, repr=False)
    """`RUBRICFLOW_CODEC_KEYS`: the payload codec the plugin puts on its client's data
    converter (none: the host's own codec, if any, is kept as it is)."""
    log_level: str = "INFO"
    """`RUBRICFLOW_LOG_LEVEL`: the log level of `rubricflow worker`."""

    @property
    def versioned(self) -> bool:
        return self.deployment_name is not None and self.build_id is not None

    @property
    def ledger_dir(self) -> Path:
        return self.data_dir / "hook-ledger"

    @property
    def grader_cache_root(self) -> Path:
        return self.grader_cache_dir or self.data_dir / "grader-cache"

    @property
    def models_dir(self) -> Path:
        return self.data_dir / "models"

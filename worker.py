"""The rubricflow worker: wiring only.

Connects with Temporal's standard client configuration (`TEMPORAL_ADDRESS`,
`TEMPORAL_NAMESPACE`, TLS and API key through `temporalio.envconfig`), registers the
workflow and activities on the task queue, and shuts down cleanly on SIGINT/SIGTERM.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import Mapping
from datetime import timedelta
from pathlib import Path

from temporalio.api.enums.v1 import IndexedValueType
from temporalio.api.operatorservice.v1 import (
    AddSearchAttributesRequest,
    ListSearchAttributesRequest,
)
from temporalio.client import Client
from temporalio.service import RPCError
from temporalio.worker import Worker

from rubricflow.activities.config import (
    DEFAULT_DATA_DIR,
    DEFAULT_FILES_DIR,
    DEFAULT_GRACEFUL_SHUTDOWN,
    DEFAULT_TASK_QUEUE,
    WorkerConfig,
    default_script_state_dir,
)
from rubricflow.activities.hooks import Hook, Ledger, check_hooks, parse_hooks, parse_webhook_secret
from rubricflow.activities.models import ModelFactory
from rubricflow.activities.rubric_activities import RubricActivities
from rubricflow.activities.tools import ToolRegistry
from rubricflow.codec import CodecConfigError
from rubricflow.settings import connect
from rubricflow.workflows.ids import id_problem
from rubricflow.workflows.rubric_run import RubricRunWorkflow

log = logging.getLogger("rubricflow.worker")


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
    **worker_options: object,
) -> Worker:
    """The worker for `client`: settings from `config` (default: this process's
    environment, `config_from_env()`); the other arguments override it."""
    config = config or config_from_env()
    activities = RubricActivities(
        config=config, models=models, tools=tools, hooks=hooks, ledger=ledger
    )
    if config.max_concurrent_activities is not None:
        worker_options.setdefault("max_concurrent_activities", config.max_concurrent_activities)
    return Worker(
        client,
        task_queue=queue or config.task_queue,
        workflows=[RubricRunWorkflow],
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
    raw = environ.get(name)
    if raw is None or not raw.strip():
        return None
    try:
        value = int(raw)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise SystemExit(f"rubricflow worker: {name} must be a whole number from {low} to {high}, got {raw!r}")
    return value


def _env_path(environ: Mapping[str, str], name: str, default: Path) -> Path:
    raw = environ.get(name)
    return Path(raw) if raw else default


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

    A value that is not allowed stops the worker (`SystemExit`) saying what is.
    """
    env = os.environ if environ is None else environ
    grace = _env_int(env, "RUBRICFLOW_GRACEFUL_SHUTDOWN_S", 0, 24 * 3600)
    slots = _env_int(env, "RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES", 1, 10_000)
    try:
        hooks = tuple(parse_hooks(env.get("RUBRICFLOW_HOOKS")))
        check_hooks(hooks)
    except ValueError as exc:
        raise SystemExit(
            f"rubricflow worker: RUBRICFLOW_HOOKS must be comma-separated 'module:function' "
            f"callables or http(s) URLs: {exc}"
        ) from None
    try:
        webhook_secret = parse_webhook_secret(env.get("RUBRICFLOW_WEBHOOK_SECRET"))
    except ValueError as exc:
        raise SystemExit(f"rubricflow worker: RUBRICFLOW_WEBHOOK_SECRET is not usable: {exc}") from None
    task_queue = env.get("RUBRICFLOW_TASK_QUEUE", DEFAULT_TASK_QUEUE)
    problem = id_problem(task_queue)
    if problem:
        raise SystemExit(f"rubricflow worker: RUBRICFLOW_TASK_QUEUE {problem}")
    return WorkerConfig(
        task_queue=task_queue,
        data_dir=_env_path(env, "RUBRICFLOW_DATA_DIR", DEFAULT_DATA_DIR),
        files_dir=_env_path(env, "RUBRICFLOW_FILES_DIR", DEFAULT_FILES_DIR),
        hooks=hooks,
        script_state_dir=_env_path(env, "RUBRICFLOW_SCRIPT_STATE", default_script_state_dir()),
        graceful_shutdown=timedelta(seconds=grace) if grace is not None else DEFAULT_GRACEFUL_SHUTDOWN,
        max_concurrent_activities=slots,
        webhook_secret=webhook_secret,
    )


async def run_worker(
    client: Client, stop: asyncio.Event, config: WorkerConfig | None = None, **options: object
) -> None:
    """Run a worker until `stop` is set, then shut it down gracefully."""
    config = config or config_from_env()
    await ensure_search_attributes(client)
    worker = build_worker(client, config=config, **options)  # type: ignore[arg-type]
    async with worker:
        log.info("worker polling task queue %r", worker.task_queue)
        await stop.wait()
        log.info(
            "shutting down: in-flight activities get %s to finish",
            options.get("graceful_shutdown", config.graceful_shutdown),
        )


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
    stop = asyncio.Event()
    install_stop_handlers(stop)
    try:
        client = await connect()
    except CodecConfigError as exc:
        raise SystemExit(f"rubricflow worker: {exc}") from None
    await run_worker(client, stop, config)


def main() -> None:
    code = 0
    try:
        asyncio.run(_main())
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

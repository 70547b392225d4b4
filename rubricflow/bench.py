"""Load benchmark: many concurrent grading runs with scripted models, 1 then 2 workers.

    python -m rubricflow.bench --runs 200 --workers 1 2 --plot bench-load.svg

Starts a throwaway dev server (in-memory), N worker processes (`python -m rubricflow.worker`), starts
every run at once and waits for all of them; prints runs/s, p50/p95 run latency and the
failure count per configuration, and draws them as an SVG bar chart. Each run is a
needs_revision -> satisfied loop: 2 agent turns, 2 grader passes, 2 hook deliveries.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from temporalio.contrib.pydantic import pydantic_data_converter

from rubricflow.client import Rubricflow
from rubricflow.devserver import connect_when_up, free_port, spawn_dev_server
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput


def _scripts(folder: Path) -> tuple[str, str]:
    agent = folder / "agent.json"
    grader = folder / "grader.json"
    agent.write_text(json.dumps({"responses": ["first answer", "revised answer"]}))
    grader.write_text(json.dumps({"responses": [
        {"structured": {"result": "needs_revision", "explanation": "no",
                        "criteria": [{"name": "ok", "passed": False, "gap": "not yet"}]}},
        {"structured": {"result": "satisfied", "explanation": "yes",
                        "criteria": [{"name": "ok", "passed": True}]}},
    ]}))
    return f"scripted:{agent}", f"scripted:{grader}"


async def measure(runs: int, workers: int, folder: Path) -> dict[str, float]:
    port = free_port()
    address = f"127.0.0.1:{port}"
    server = spawn_dev_server(port)
    queue = f"bench-{uuid.uuid4().hex[:8]}"
    env = {**os.environ, "TEMPORAL_ADDRESS": address, "RUBRICFLOW_TASK_QUEUE": queue,
           "RUBRICFLOW_LOG_LEVEL": "WARNING", "RUBRICFLOW_DATA_DIR": str(folder / "data"),
           "RUBRICFLOW_SCRIPT_STATE": str(folder / "cursors"),
           "RUBRICFLOW_ALLOW_SCRIPTED": "1"}  # its own workers serve its scripted models
    procs: list[subprocess.Popen[bytes]] = []
    try:
        client = await connect_when_up(address, server, data_converter=pydantic_data_converter)
        procs = [subprocess.Popen([sys.executable, "-m", "rubricflow.worker"], env=env, start_new_session=True)
                 for _ in range(workers)]
        agent, grader = _scripts(folder)
        rf = Rubricflow(client, queue)
        run_input = RunInput(message="go", rubric="- ok", agent=AgentSettings(model=agent),
                             grader=GraderSettings(model=grader))

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


def svg(results: list[dict[str, float]]) -> str:
    """Runs/s per configuration as a bar chart, failures in the labels."""
    width, height, bar = 480, 300, 120
    top = max(r["runs_per_s"] for r in results) * 1.2
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif">',
             f'<text x="{width / 2}" y="24" text-anchor="middle" font-size="15">'
             f'rubricflow: {int(results[0]["runs"])} concurrent scripted runs</text>',
             f'<line x1="50" y1="260" x2="{width - 20}" y2="260" stroke="black"/>']
    for i, r in enumerate(results):
        h = 210 * r["runs_per_s"] / top
        x = 80 + i * (bar + 60)
        parts += [
            f'<rect x="{x}" y="{260 - h:.1f}" width="{bar}" height="{h:.1f}" fill="#4a7fb5"/>',
            f'<text x="{x + bar / 2}" y="{255 - h:.1f}" text-anchor="middle" font-size="13">'
            f'{r["runs_per_s"]:.1f} runs/s</text>',
            f'<text x="{x + bar / 2}" y="278" text-anchor="middle" font-size="13">'
            f'{int(r["workers"])} worker(s)</text>',
            f'<text x="{x + bar / 2}" y="294" text-anchor="middle" font-size="11">'
            f'p95 {r["p95_s"]:.1f}s, failures {int(r["failures"])}</text>',
        ]
    parts.append("</svg>")
    return "\n".join(parts)


async def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--plot", default="bench-load.svg")
    args = parser.parse_args(argv)
    results = []
    for workers in args.workers:
        with tempfile.TemporaryDirectory() as tmp:
            result = await measure(args.runs, workers, Path(tmp))
        results.append(result)
        print(f"{result['workers']} worker(s): {result['runs']} runs in {result['wall_s']:.1f} s = "
              f"{result['runs_per_s']:.1f} runs/s, p50 {result['p50_s']:.1f} s, "
              f"p95 {result['p95_s']:.1f} s, failures {result['failures']}", flush=True)
    Path(args.plot).write_text(svg(results))
    print(f"plot: {args.plot}")
    return 1 if any(r["failures"] for r in results) else 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))

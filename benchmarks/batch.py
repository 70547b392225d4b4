"""What a batch costs beside the same number of independent `start` calls.

    python -m benchmarks batch [--items 2000] [--concurrency 50] [--out docs]

One throwaway dev server (Temporal's default limits: no early continue-as-new) and one
`python -m rubricflow.worker` process. The same scripted items (one agent turn, one
satisfied pass, model latency --latency) run twice, alternately: as one `BatchWorkflow`
at --concurrency, and as independent `Rubricflow.start` calls with at most --concurrency
in flight, each awaited. Reports items/s for both, and the batch's history per run
(events and bytes of every run in its continue-as-new chain). Writes DIR/batch.json and
DIR/batch.png.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from benchmarks.harness import proc_cpu_s, wait_for_pollers, worker_env
from rubricflow.batch_client import Batches, dataset_digest
from rubricflow.client import Rubricflow
from rubricflow.converter import data_converter
from rubricflow.devserver import connect_when_up, free_port, spawn_dev_server
from rubricflow.workflows.batch_types import BatchItem, BatchSettings
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput


def _scripts(folder: Path, latency_s: float) -> tuple[str, str]:
    folder.mkdir(parents=True, exist_ok=True)
    agent, grader = folder / "agent.json", folder / "grader.json"
    agent.write_text(json.dumps({"responses": [{"content": "an answer", "delay_s": latency_s}]}))
    grader.write_text(
        json.dumps(
            {
                "responses": [
                    {
                        "structured": {
                            "result": "satisfied",
                            "explanation": "yes",
                            "criteria": [{"name": "ok", "passed": True}],
                        },
                        "delay_s": latency_s,
                    }
                ]
            }
        )
    )
    return f"scripted:{agent}", f"scripted:{grader}"


async def _history(client: Any, workflow_id: str) -> list[dict[str, Any]]:
    """Every run of `workflow_id`, oldest first: its events and bytes, how it closed."""
    runs = [wf async for wf in client.list_workflows(f"WorkflowId = '{workflow_id}'")]
    out = []
    for wf in sorted(runs, key=lambda w: w.start_time):
        history = await client.get_workflow_handle(workflow_id, run_id=wf.run_id).fetch_history()
        out.append(
            {
                "events": len(history.events),
                "bytes": sum(e.ByteSize() for e in history.events),
                "closed_as": wf.status.name if wf.status else None,
            }
        )
    return out


async def _batch(
    client: Any, queue: str, items: list[BatchItem], agent: str, grader: str, concurrency: int
) -> dict[str, Any]:
    name = f"bench-batch-{uuid.uuid4().hex[:8]}"
    settings = BatchSettings(
        name=name,
        rubric="- ok",
        agent=AgentSettings(model=agent),
        grader=GraderSettings(model=grader, max_iterations=1),
        concurrency=concurrency,
        total=len(items),
        digest=dataset_digest(items),
    )
    batches = Batches(Rubricflow(client, queue))
    began = time.monotonic()
    handle = await batches.start(name, settings)
    await batches.feed(name, items)
    final = await handle.result()
    wall = time.monotonic() - began
    runs = await _history(client, name)
    return {
        "name": name,
        "wall_s": wall,
        "items_per_s": len(items) / wall,
        "satisfied": final.satisfied,
        "failed": final.failed,
        "runs": final.runs,
        "history": runs,
        "continued_as_new": sum(r["closed_as"] == "CONTINUED_AS_NEW" for r in runs),
    }


async def _independent(client: Any, queue: str, n: int, agent: str, grader: str, concurrency: int) -> dict[str, Any]:
    rf = Rubricflow(client, queue)
    gate = asyncio.Semaphore(concurrency)
    run = RunInput(
        message="a question",
        rubric="- ok",
        agent=AgentSettings(model=agent),
        grader=GraderSettings(model=grader, max_iterations=1),
    )

    async def one(i: int) -> bool:
        async with gate:
            started = await rf.start(
                run.model_copy(update={"message": f"question {i}"}), f"bench-ind-{uuid.uuid4().hex[:12]}"
            )
            return (await started.result()).status == "satisfied"

    began = time.monotonic()
    ok = await asyncio.gather(*(one(i) for i in range(n)))
    wall = time.monotonic() - began
    return {"wall_s": wall, "items_per_s": n / wall, "satisfied": sum(ok), "failed": n - sum(ok)}


async def measure(args: argparse.Namespace) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="rubricflow-bench-batch-") as tmp:
        folder = Path(tmp)
        port = free_port()
        address = f"127.0.0.1:{port}"
        server = spawn_dev_server(port)
        queue = f"bench-batch-{uuid.uuid4().hex[:8]}"
        env = worker_env(folder, TEMPORAL_ADDRESS=address, RUBRICFLOW_TASK_QUEUE=queue)
        worker = subprocess.Popen(
            [sys.executable, "-m", "rubricflow.worker"], env=env, start_new_session=True, stdin=subprocess.DEVNULL
        )
        try:
            client = await connect_when_up(address, server, data_converter=data_converter)
            await wait_for_pollers(client, queue, worker)
            agent, grader = _scripts(folder / "scripts", args.latency)
            items = [BatchItem(id=f"q{i:05d}", prompt=f"question {i}") for i in range(args.items)]
            await _independent(client, queue, 20, agent, grader, 10)  # warm-up, not measured
            load_before = os.getloadavg()[0]
            cpu = proc_cpu_s(worker.pid)
            batch = await _batch(client, queue, items, agent, grader, args.concurrency)
            batch["worker_cpu_s"] = proc_cpu_s(worker.pid) - cpu
            print(f"batch: {batch['items_per_s']:.1f} items/s, {batch['runs']} runs", file=sys.stderr, flush=True)
            cpu = proc_cpu_s(worker.pid)
            independent = await _independent(client, queue, args.items, agent, grader, args.concurrency)
            independent["worker_cpu_s"] = proc_cpu_s(worker.pid) - cpu
            print(f"independent: {independent['items_per_s']:.1f} items/s", file=sys.stderr, flush=True)
            load_after = os.getloadavg()[0]
        finally:
            worker.terminate()
            worker.wait(timeout=60)
            server.terminate()
            server.wait(timeout=30)
    return {
        "machine": {
            "cpus": os.cpu_count(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "load_1m_before": load_before,
            "load_1m_after": load_after,
        },
        "command": "python -m benchmarks batch " + " ".join(sys.argv[2:]),
        "parameters": {"items": args.items, "concurrency": args.concurrency, "latency_s": args.latency},
        "batch": batch,
        "independent": independent,
    }


def plot(report: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    b, i = report["batch"], report["independent"]
    left.bar(["BatchWorkflow", "independent start"], [b["items_per_s"], i["items_per_s"]], color=["C0", "C1"])
    left.set_ylabel("items/s")
    left.set_title(f"{report['parameters']['items']} items, {report['parameters']['concurrency']} in flight")
    runs = b["history"]
    right.bar(range(1, len(runs) + 1), [r["events"] for r in runs])
    right.set_xticks(range(1, len(runs) + 1))
    right.set_xlabel("batch run (continue-as-new chain)")
    right.set_ylabel("history events")
    right.set_title(f"parent history per run (max {max(r['bytes'] for r in runs) / 1e6:.2f} MB)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=2000)
    parser.add_argument("--concurrency", type=int, default=50)
    parser.add_argument("--latency", type=float, default=0.0, help="model latency per call, seconds (default 0)")
    parser.add_argument("--out", type=Path, default=Path("bench-out"))
    args = parser.parse_args(argv)
    report = asyncio.run(measure(args))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "batch.json").write_text(json.dumps(report, indent=1))
    plot(report, args.out / "batch.png")
    b, i = report["batch"], report["independent"]
    print(
        f"batch:       {b['items_per_s']:.1f} items/s ({b['wall_s']:.1f} s), {b['satisfied']} satisfied, "
        f"{b['runs']} runs ({b['continued_as_new']} continued as new), "
        f"history per run max {max(r['events'] for r in b['history'])} events / "
        f"{max(r['bytes'] for r in b['history'])} bytes, worker CPU {b['worker_cpu_s']:.1f} s"
    )
    print(
        f"independent: {i['items_per_s']:.1f} items/s ({i['wall_s']:.1f} s), {i['satisfied']} satisfied, "
        f"worker CPU {i['worker_cpu_s']:.1f} s"
    )
    print(f"load 1m: {report['machine']['load_1m_before']:.1f} before, {report['machine']['load_1m_after']:.1f} after")
    print(f"wrote {args.out / 'batch.json'} and {args.out / 'batch.png'}")
    return 0 if b["failed"] == 0 and i["failed"] == 0 else 1

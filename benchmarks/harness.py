"""The systems, measured alternately on one throwaway dev server.

- rubricflow: `RubricRunWorkflow` on a `python -m rubricflow.worker` process, scripted models,
  started by type name with a JSON input.
- floor: `MinimalFloorWorkflow` (bare Temporal, four no-op `str` activities, a module that
  imports only temporalio) on its own worker process, started the same way.
- floor_pydantic: `FloorWorkflow` (bare Temporal, the same activity sequence, pydantic models
  defined in its sandboxed module) on a third worker process.
- in-process: deepagents `RubricMiddleware` in a child process, the same scripts.

Every run is needs_revision -> satisfied (2 agent turns, 2 grader passes); model latency is
the scripted replies' `delay_s`, and the floors' sleep in their agent and grader steps.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from temporalio.api.enums.v1 import TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest
from temporalio.client import Client, WorkflowHandle

from benchmarks.floor import FloorInput, FloorStep, FloorWorkflow
from benchmarks.history import history_profile, history_stats, transcript_bytes
from rubricflow.converter import data_converter
from rubricflow.devserver import connect_when_up, free_port, spawn_dev_server
from rubricflow.workflows import names
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput, RunResult
from rubricflow.workflows.visibility import start_search_attributes

SYSTEMS = ("rubricflow", "floor", "floor_pydantic", "in_process")
DURABLE = ("rubricflow", "floor", "floor_pydantic")
HISTORY_PASSES = (2, 10)
"""Grader passes of the runs whose history is profiled (events, bytes, billable actions)."""
ITERATIONS = 2
"""Grader passes per run: needs_revision, then satisfied."""
FOREIGN_START = "rubricflow, no start attribute"
"""The histories' row of a run started without `RubricStatus` (another client's start)."""
HISTORY_SAMPLE = 5
"""Histories fetched per batch for events and bytes per run."""
POLLER_TIMEOUT_S = 60.0

# Which rubricflow activity each floor step stands for; agent and grader steps sleep the latency.
MODEL_ACTIVITIES = {names.AGENT_TURN_ACTIVITY, names.GRADER_PASS_ACTIVITY}


def write_scripts(folder: Path, latency_s: float, passes: int = ITERATIONS) -> tuple[Path, Path]:
    """needs_revision (passes - 1 times), then satisfied; an answer before each pass."""
    folder.mkdir(parents=True, exist_ok=True)
    agent = folder / f"agent-{latency_s:g}-{passes}.json"
    grader = folder / f"grader-{latency_s:g}-{passes}.json"
    answers = [f"answer {i}" for i in range(1, passes)] + ["revised answer"]
    agent.write_text(json.dumps({"responses": [{"content": a, "delay_s": latency_s} for a in answers]}))
    revise = {
        "structured": {
            "result": "needs_revision",
            "explanation": "no",
            "criteria": [{"name": "ok", "passed": False, "gap": "not yet"}],
        },
        "delay_s": latency_s,
    }
    satisfied = {
        "structured": {"result": "satisfied", "explanation": "yes", "criteria": [{"name": "ok", "passed": True}]},
        "delay_s": latency_s,
    }
    grader.write_text(json.dumps({"responses": [revise] * (passes - 1) + [satisfied]}))
    return agent, grader


def proc_cpu_s(pid: int) -> float:
    """User + system CPU-seconds of a live process (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def proc_peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmHWM for process {pid}")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * (len(ordered) - 1) + 0.5))]


@dataclass
class Batch:
    """One system at one latency and concurrency."""

    system: str
    latency_s: float
    concurrency: int
    runs: int
    wall_s: float
    run_s: list[float]
    failures: int
    cpu_s: float
    peak_rss_mb: float
    server_cpu_s: float = 0.0
    """The dev server's CPU-seconds during the batch (durable systems; 0 in process)."""
    client_cpu_s: float = 0.0
    """The starting and waiting client's (this process's) CPU-seconds during the batch."""
    load_1m: float = field(default_factory=lambda: os.getloadavg()[0])
    """The machine's 1-minute load average when the batch ended (other work on the cores)."""
    history_events: list[int] = field(default_factory=list)
    history_bytes: list[int] = field(default_factory=list)
    activities: list[int] = field(default_factory=list)

    def figures(self) -> dict[str, Any]:
        median = statistics.median(self.run_s)
        p95 = percentile(self.run_s, 0.95)
        return {
            "system": self.system,
            "latency_s": self.latency_s,
            "concurrency": self.concurrency,
            "runs": self.runs,
            "failures": self.failures,
            "wall_s": self.wall_s,
            "runs_per_s": self.runs / self.wall_s,
            "run_s_median": median,
            "run_s_p95": p95,
            "iteration_s_median": median / ITERATIONS,
            "iteration_s_p95": p95 / ITERATIONS,
            "worker_cpu_s_per_iteration": self.cpu_s / (self.runs * ITERATIONS),
            "worker_cpu_s_per_run": self.cpu_s / self.runs,
            "worker_peak_rss_mb": self.peak_rss_mb,
            # The three processes share the cores: at saturation runs/s follows their sum.
            "server_cpu_s_per_run": self.server_cpu_s / self.runs,
            "client_cpu_s_per_run": self.client_cpu_s / self.runs,
            "machine_load_1m": self.load_1m,
            # In-process runs keep no durable history: 0 events, 0 bytes.
            "history_events_per_run": statistics.mean(self.history_events) if self.history_events else 0.0,
            "history_bytes_per_run": statistics.mean(self.history_bytes) if self.history_bytes else 0.0,
            "activities_per_run": statistics.mean(self.activities) if self.activities else 0.0,
        }


async def wait_for_pollers(client: Client, queue: str, process: subprocess.Popen[bytes], workers: int = 1) -> None:
    """Until `workers` distinct workers poll both the workflow and the activity side of `queue`."""
    deadline = time.monotonic() + POLLER_TIMEOUT_S
    kinds = (TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW, TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY)
    while True:
        if process.poll() is not None:
            raise RuntimeError(f"worker for {queue!r} exited with code {process.returncode}")
        polling = 0
        for kind in kinds:
            described = await client.workflow_service.describe_task_queue(
                DescribeTaskQueueRequest(
                    namespace=client.namespace, task_queue=TaskQueue(name=queue), task_queue_type=kind
                )
            )
            polling += len({p.identity for p in described.pollers}) >= workers
        if polling == len(kinds):
            return
        if time.monotonic() > deadline:
            raise RuntimeError(f"no worker polled {queue!r} within {POLLER_TIMEOUT_S:.0f} s")
        await asyncio.sleep(0.1)


def worker_env(folder: Path, **settings: str) -> dict[str, str]:
    """The environment of a benchmark's worker process: quiet, its data and scripted
    cursors under `folder`, serving the benchmark's own scripted models; `settings` on top."""
    return {
        **os.environ,
        "RUBRICFLOW_LOG_LEVEL": "WARNING",
        "RUBRICFLOW_DATA_DIR": str(folder / "data"),
        "RUBRICFLOW_SCRIPT_STATE": str(folder / "cursors"),
        "RUBRICFLOW_ALLOW_SCRIPTED": "1",
        **settings,
    }


class Bench:
    """One dev server, one rubricflow worker process, one worker process per floor."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.procs: list[subprocess.Popen[bytes]] = []
        self.server: subprocess.Popen[bytes] | None = None
        self.rf_queue = f"bench-rf-{uuid.uuid4().hex[:8]}"
        self.floor_queue = f"bench-floor-{uuid.uuid4().hex[:8]}"
        self.pydantic_queue = f"bench-floor-pydantic-{uuid.uuid4().hex[:8]}"
        self.steps: list[str] = []
        self.env = {k: v for k, v in worker_env(folder).items() if k != "RUBRICFLOW_HOOKS"}

    async def __aenter__(self) -> Bench:
        try:
            await self._start()
        except BaseException:
            await self.__aexit__()
            raise
        return self

    async def _start(self) -> None:
        port = free_port()
        address = f"127.0.0.1:{port}"
        self.server = spawn_dev_server(port)
        self.client = await connect_when_up(address, self.server, data_converter=data_converter)
        self.env.update({"TEMPORAL_ADDRESS": address, "RUBRICFLOW_TASK_QUEUE": self.rf_queue})
        self.rf_worker = self._spawn([sys.executable, "-m", "rubricflow.worker"])
        floor_worker = [sys.executable, "-m", "benchmarks.floor_worker", address]
        self.floor_worker = self._spawn([*floor_worker, self.floor_queue, "--floor", "minimal"])
        self.pydantic_worker = self._spawn([*floor_worker, self.pydantic_queue, "--floor", "pydantic"])
        self.workers = {
            "rubricflow": self.rf_worker,
            "floor": self.floor_worker,
            "floor_pydantic": self.pydantic_worker,
        }
        await wait_for_pollers(self.client, self.rf_queue, self.rf_worker)
        await wait_for_pollers(self.client, self.floor_queue, self.floor_worker)
        await wait_for_pollers(self.client, self.pydantic_queue, self.pydantic_worker)
        # Warm-up: first-call imports and model construction are not measured, and the
        # rubricflow run's history gives the activity sequence the floor repeats.
        agent, grader = write_scripts(self.folder / "scripts", 0.0)
        ok, _, handle = await self._rubricflow_run(agent, grader)
        if not ok:
            raise RuntimeError("the rubricflow warm-up run did not end satisfied after 2 passes")
        _, _, self.steps = await history_stats(handle)
        for system in ("floor", "floor_pydantic"):
            ok, _, _ = await self.run_once(system, 0.0, agent, grader)
            if not ok:
                raise RuntimeError(f"the {system} warm-up run failed")

    async def __aexit__(self, *exc: object) -> None:
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if self.server is not None:
            self.server.terminate()
            self.server.wait(timeout=30)

    def _spawn(self, command: list[str]) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(command, env=self.env, start_new_session=True, stdin=subprocess.DEVNULL)
        self.procs.append(proc)
        return proc

    async def _rubricflow_run(
        self, agent: Path, grader: Path, passes: int = ITERATIONS, *, start_attribute: bool = True
    ) -> tuple[bool, float, WorkflowHandle[Any, Any]]:
        """Started by type name with a JSON input, as any client (another language, the CLI
        of another SDK) starts it, with the search attribute rubricflow's own client sets at
        start (`RubricStatus`: running) unless `start_attribute` is false."""
        run_input = RunInput(
            message="go",
            rubric="- ok",
            agent=AgentSettings(model=f"scripted:{agent}"),
            grader=GraderSettings(model=f"scripted:{grader}", max_iterations=max(passes, 3)),
        )
        payload = run_input.model_dump(mode="json", exclude_defaults=True)
        started = time.monotonic()
        handle = await self.client.start_workflow(
            "RubricRunWorkflow",
            payload,
            id=f"bench-{uuid.uuid4().hex[:12]}",
            task_queue=self.rf_queue,
            result_type=RunResult,
            search_attributes=start_search_attributes() if start_attribute else None,
        )
        try:
            result = await handle.result()
        except Exception:
            return False, time.monotonic() - started, handle
        ok = result.status == "satisfied" and len(result.evaluations) == passes
        return ok, time.monotonic() - started, handle

    async def _minimal_floor_run(
        self, latency_s: float, passes: int = ITERATIONS
    ) -> tuple[bool, float, WorkflowHandle[Any, Any]]:
        started = time.monotonic()
        handle = await self.client.start_workflow(
            "MinimalFloorWorkflow",
            f"{passes} {latency_s:g}",
            id=f"floor-{uuid.uuid4().hex[:12]}",
            task_queue=self.floor_queue,
            result_type=str,
        )
        try:
            result = await handle.result()
        except Exception:
            return False, time.monotonic() - started, handle
        return result == f"{passes} passes", time.monotonic() - started, handle

    async def run_once(
        self, system: str, latency_s: float, agent: Path, grader: Path
    ) -> tuple[bool, float, WorkflowHandle[Any, Any]]:
        if system == "rubricflow":
            return await self._rubricflow_run(agent, grader)
        if system == "floor":
            return await self._minimal_floor_run(latency_s)
        return await self._pydantic_floor_run(latency_s)

    async def _pydantic_floor_run(self, latency_s: float) -> tuple[bool, float, WorkflowHandle[Any, Any]]:
        steps = [FloorStep(kind=name, sleep_s=latency_s if name in MODEL_ACTIVITIES else 0.0) for name in self.steps]
        started = time.monotonic()
        handle = await self.client.start_workflow(
            FloorWorkflow.run,
            FloorInput(steps=steps),
            id=f"floor-{uuid.uuid4().hex[:12]}",
            task_queue=self.pydantic_queue,
        )
        try:
            result = await handle.result()
        except Exception:
            return False, time.monotonic() - started, handle
        return result.steps == len(steps), time.monotonic() - started, handle

    async def durable_batch(self, system: str, latency_s: float, concurrency: int, runs: int) -> Batch:
        agent, grader = write_scripts(self.folder / "scripts", latency_s)
        worker = self.workers[system]
        gate = asyncio.Semaphore(concurrency)

        async def one() -> tuple[bool, float, WorkflowHandle[Any, Any]]:
            async with gate:
                return await self.run_once(system, latency_s, agent, grader)

        assert self.server is not None
        cpu_before = proc_cpu_s(worker.pid)
        server_before, client_before = proc_cpu_s(self.server.pid), time.process_time()
        began = time.monotonic()
        outcomes = await asyncio.gather(*(one() for _ in range(runs)))
        wall = time.monotonic() - began
        cpu = proc_cpu_s(worker.pid) - cpu_before
        server_cpu, client_cpu = proc_cpu_s(self.server.pid) - server_before, time.process_time() - client_before
        batch = Batch(
            system,
            latency_s,
            concurrency,
            runs,
            wall,
            [s for _, s, _ in outcomes],
            sum(1 for ok, _, _ in outcomes if not ok),
            cpu,
            proc_peak_rss_mb(worker.pid),
            server_cpu_s=server_cpu,
            client_cpu_s=client_cpu,
        )
        for _, _, handle in outcomes[:HISTORY_SAMPLE]:
            events, size, scheduled = await history_stats(handle)
            batch.history_events.append(events)
            batch.history_bytes.append(size)
            batch.activities.append(len(scheduled))
        return batch

    async def in_process_batch(self, latency_s: float, concurrency: int, runs: int) -> Batch:
        agent, grader = write_scripts(self.folder / "scripts", latency_s)
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "benchmarks.inprocess",
            "--agent",
            str(agent),
            "--grader",
            str(grader),
            "--runs",
            str(runs),
            "--concurrency",
            str(concurrency),
            env=self.env,
            stdout=asyncio.subprocess.PIPE,
        )
        out, _ = await proc.communicate()
        if proc.returncode != 0:
            raise RuntimeError(f"the in-process benchmark exited with code {proc.returncode}")
        data = json.loads(out)
        failures = sum(1 for ok, n in zip(data["ok"], data["passes"]) if not ok or n != ITERATIONS)
        return Batch(
            "in_process",
            latency_s,
            concurrency,
            runs,
            data["wall_s"],
            data["run_s"],
            failures,
            data["cpu_s"],
            data["peak_rss_mb"],
        )

    async def histories(self) -> list[dict[str, Any]]:
        """One rubricflow run and one minimal-floor run per HISTORY_PASSES, and a 2-pass
        rubricflow run started without its status attribute (FOREIGN_START, whose thread
        upserts it): their histories."""
        runs = [(system, passes) for passes in HISTORY_PASSES for system in ("rubricflow", "floor")]
        rows = []
        for system, passes in [*runs, (FOREIGN_START, ITERATIONS)]:
            if system == "floor":
                ok, _, handle = await self._minimal_floor_run(0.0, passes)
            else:
                agent, grader = write_scripts(self.folder / "scripts", 0.0, passes)
                ok, _, handle = await self._rubricflow_run(
                    agent, grader, passes, start_attribute=system == "rubricflow"
                )
            if not ok:
                raise RuntimeError(f"the {passes}-pass {system} run for the history figures failed")
            row = {"system": system, "passes": passes, **await history_profile(handle)}
            if system == "rubricflow":
                row["transcript_bytes"] = transcript_bytes((await handle.result()).transcript)
            rows.append(row)
        return rows

    async def batch(self, system: str, latency_s: float, concurrency: int, runs: int) -> Batch:
        if system == "in_process":
            return await self.in_process_batch(latency_s, concurrency, runs)
        return await self.durable_batch(system, latency_s, concurrency, runs)

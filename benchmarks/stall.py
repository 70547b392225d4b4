"""Workflow tasks while a local model generates on the same worker: in the worker process
against in a model process.

    python -m benchmarks stall [--model qwen2.5-coder-1.5b] [--seconds 90] [--out bench-out]

One throwaway dev server. For each mode (`in_process`: `RUBRICFLOW_LOCAL_IN_PROCESS=1`;
`model_process`: the default) one `python -m rubricflow.worker` process, warmed up (it
polls, and has run one short scripted run). Three phases of short scripted runs,
--concurrency at a time: `idle`, for --idle seconds, alone (the baseline); `loading`, for
--cold seconds from the start of the first run whose agent is the local model (the model
loads, reads its prompt and starts generating); `generating`, for --seconds once that run's
turn has started, while runs on the local model keep it generating, one after the other
(counted: the tasks that started while a turn ran). From the short runs' histories:
every workflow task's duration, started to completed (what the server's 5 s warning
measures) and scheduled to completed (with its wait for the worker), counted when the task
started while a generation ran. From the local runs: each agent turn's seconds and tokens.

Then the cost of the model process, measured in this process: model load, a 1-token call
(per-call overhead) and tokens/s of a 128-token call, in process and in a model process.
Writes DIR/stall.json; prints the tables with the 1-minute load average of each phase.
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
from datetime import datetime
from pathlib import Path
from typing import Any

from temporalio.api.enums.v1 import EventType, PendingActivityState
from temporalio.client import Client

from benchmarks.harness import percentile, wait_for_pollers, worker_env, write_scripts
from rubricflow.activities.config import WorkerConfig
from rubricflow.client import Rubricflow
from rubricflow.converter import data_converter
from rubricflow.devserver import connect_when_up, free_port, spawn_dev_server
from rubricflow.workflows import names
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput

E = EventType
MODES = ("in_process", "model_process")
PHASES = ("idle", "loading", "generating")
LONG_TASK = (
    "Write a Python module of string utilities: at least forty small functions, each with a "
    "docstring and a one-line example in it. Write all of them, one after the other."
)
Window = tuple[datetime, datetime]


def _short_run(agent: Path, grader: Path, i: int) -> RunInput:
    return RunInput(
        message=f"question {i}",
        rubric="- ok",
        agent=AgentSettings(model=f"scripted:{agent}"),
        grader=GraderSettings(model=f"scripted:{grader}", max_iterations=1),
    )


def _local_run(model: str, grader: Path, message: str) -> RunInput:
    return RunInput(
        message=message,
        rubric="- ok",
        agent=AgentSettings(model=f"local:{model}"),
        grader=GraderSettings(model=f"scripted:{grader}", max_iterations=1),
    )


async def _short_runs(rf: Rubricflow, scripts: tuple[Path, Path], until: float, concurrency: int) -> list[str]:
    """Short runs, `concurrency` in flight, until the monotonic clock passes `until`."""
    ids: list[str] = []

    async def lane() -> None:
        while time.monotonic() < until:
            thread = f"stall-short-{uuid.uuid4().hex[:10]}"
            ids.append(thread)
            await (await rf.start(_short_run(*scripts, len(ids)), thread)).result()

    await asyncio.gather(*(lane() for _ in range(concurrency)))
    return ids


async def _generating(rf: Rubricflow, model: str, grader: Path, stop: asyncio.Event, ids: list[str]) -> None:
    """Local-model runs one after the other until `stop` is set (the last one is left running)."""
    while not stop.is_set():
        thread = f"stall-local-{uuid.uuid4().hex[:10]}"
        ids.append(thread)
        handle = await rf.start(_local_run(model, grader, LONG_TASK), thread)
        done = asyncio.ensure_future(handle.result())
        await asyncio.wait([done, asyncio.ensure_future(stop.wait())], return_when=asyncio.FIRST_COMPLETED)
        if not done.done():
            done.cancel()
            return


def _time(event: Any) -> datetime:
    return event.event_time.ToDatetime()


async def _events(client: Client, thread: str) -> list[Any]:
    return list((await client.get_workflow_handle(thread).fetch_history()).events)


def workflow_tasks(events: list[Any]) -> list[dict[str, Any]]:
    """Every completed workflow task: when it started, started-to-completed and
    scheduled-to-completed seconds."""
    scheduled: dict[int, datetime] = {}
    started: dict[int, tuple[datetime, int]] = {}
    tasks = []
    for e in events:
        if e.event_type == E.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED:
            scheduled[e.event_id] = _time(e)
        elif e.event_type == E.EVENT_TYPE_WORKFLOW_TASK_STARTED:
            started[e.event_id] = (_time(e), e.workflow_task_started_event_attributes.scheduled_event_id)
        elif e.event_type == E.EVENT_TYPE_WORKFLOW_TASK_COMPLETED:
            start, sched = started[e.workflow_task_completed_event_attributes.started_event_id]
            end = _time(e)
            tasks.append(
                {
                    "started": start,
                    "run_s": (end - start).total_seconds(),
                    "total_s": (end - scheduled.get(sched, start)).total_seconds(),
                }
            )
    return tasks


def generation_windows(events: list[Any]) -> list[Window]:
    """When the run's finished agent turns ran."""
    opened: dict[int, datetime] = {}
    agent_turns = {
        e.event_id
        for e in events
        if e.event_type == E.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
        and e.activity_task_scheduled_event_attributes.activity_type.name == names.AGENT_TURN_ACTIVITY
    }
    windows = []
    for e in events:
        if e.event_type == E.EVENT_TYPE_ACTIVITY_TASK_STARTED:
            if e.activity_task_started_event_attributes.scheduled_event_id in agent_turns:
                opened[e.activity_task_started_event_attributes.scheduled_event_id] = _time(e)
        elif e.event_type == E.EVENT_TYPE_ACTIVITY_TASK_COMPLETED:
            start = opened.pop(e.activity_task_completed_event_attributes.scheduled_event_id, None)
            if start is not None:
                windows.append((start, _time(e)))
    return windows


def spread(values: list[float]) -> dict[str, float | int]:
    if not values:
        return {"n": 0}
    return {
        "n": len(values),
        "p50": percentile(values, 0.50),
        "p95": percentile(values, 0.95),
        "p99": percentile(values, 0.99),
        "max": max(values),
    }


async def _phase_tasks(client: Client, ids: list[str], windows: list[Window] | None) -> dict[str, Any]:
    """The workflow tasks of the short runs `ids` (those that started in `windows`, when given)."""
    tasks = [t for thread in ids for t in workflow_tasks(await _events(client, thread))]
    if windows is not None:
        tasks = [t for t in tasks if any(a <= t["started"] <= b for a, b in windows)]
    return {
        "runs": len(ids),
        "run_s": spread([t["run_s"] for t in tasks]),
        "total_s": spread([t["total_s"] for t in tasks]),
    }


async def measure_mode(client: Client, address: str, folder: Path, mode: str, args: argparse.Namespace) -> dict:
    """One worker in `mode`: its idle and generating phases. (long: one phase after the other)"""
    queue = f"bench-stall-{mode}-{uuid.uuid4().hex[:6]}"
    env = worker_env(folder, TEMPORAL_ADDRESS=address, RUBRICFLOW_TASK_QUEUE=queue)
    env["RUBRICFLOW_LOCAL_IN_PROCESS"] = "1" if mode == "in_process" else "0"
    worker = subprocess.Popen(
        [sys.executable, "-m", "rubricflow.worker"], env=env, start_new_session=True, stdin=subprocess.DEVNULL
    )
    rf = Rubricflow(client, queue)
    scripts = write_scripts(folder / "scripts", 0.0, passes=1)
    try:
        await wait_for_pollers(client, queue, worker)
        began = time.monotonic()
        await _short_runs(rf, scripts, time.monotonic(), 1)
        print(f"{mode}: warm in {time.monotonic() - began:.0f} s; idle phase", file=sys.stderr, flush=True)
        load_idle = os.getloadavg()[0]
        idle = await _short_runs(rf, scripts, time.monotonic() + args.idle, args.concurrency)
        stop, local_ids = asyncio.Event(), []
        generator = asyncio.create_task(_generating(rf, args.model, scripts[1], stop, local_ids))
        print(f"{mode}: the model loads and generates; short runs for {args.cold:g} s", file=sys.stderr, flush=True)
        cold = await _short_runs(rf, scripts, time.monotonic() + args.cold, args.concurrency)
        load_cold = os.getloadavg()[0]
        await _wait_generating(client, local_ids)
        print(f"{mode}: the model generates; short runs for {args.seconds:g} s", file=sys.stderr, flush=True)
        busy = await _short_runs(rf, scripts, time.monotonic() + args.seconds, args.concurrency)
        load_busy = os.getloadavg()[0]
        running = await _running_turn(client, local_ids[-1])
        now = datetime.utcnow()
        stop.set()
        await generator
        windows = [(running, now)] if running is not None else []
        turns = []
        for thread in local_ids:
            ran = generation_windows(await _events(client, thread))
            windows += ran
            turns += [(b - a).total_seconds() for a, b in ran]
        figures = {
            "mode": mode,
            "idle": {**(await _phase_tasks(client, idle, None)), "load_1m": load_idle},
            "loading": {**(await _phase_tasks(client, cold, None)), "load_1m": load_cold},
            "generating": {**(await _phase_tasks(client, busy, windows)), "load_1m": load_busy},
            "local_turns_s": turns,
            "local_tokens": await _local_tokens(rf, local_ids, args.model),
        }
    finally:
        # Killed, not stopped: a graceful shutdown would wait for the generation in flight
        # (in process it cannot be cancelled); a model process exits with its worker.
        worker.kill()
        worker.wait()
    return figures


async def _running_turn(client: Client, thread: str) -> datetime | None:
    """When the run's agent turn that is running now started (a history records an
    activity's start only once it ends: this asks the server for the pending one)."""
    desc = await client.get_workflow_handle(thread).describe()
    for pending in desc.raw_description.pending_activities:
        if (
            pending.activity_type.name == names.AGENT_TURN_ACTIVITY
            and pending.state == PendingActivityState.PENDING_ACTIVITY_STATE_STARTED
        ):
            return pending.last_started_time.ToDatetime()
    return None


async def _wait_generating(client: Client, local_ids: list[str], deadline_s: float = 900) -> None:
    """Until the newest local run's agent turn is running (an earlier run may have ended)."""
    end = time.monotonic() + deadline_s
    while not (local_ids and await _running_turn(client, local_ids[-1])):
        if time.monotonic() > end:
            raise SystemExit(f"bench stall: no local-model turn was running within {deadline_s:g} s")
        await asyncio.sleep(0.2)


async def _local_tokens(rf: Rubricflow, ids: list[str], model: str) -> list[int]:
    """Output tokens of each finished local run."""
    out = []
    for thread in ids:
        desc = await rf.client.get_workflow_handle(thread).describe()
        if desc.status is not None and desc.status.name == "COMPLETED":
            result = await rf.client.get_workflow_handle(thread, result_type=None).result()
            usage = (result.get("usage_by_model") or {}).get(f"local:{model}") if isinstance(result, dict) else None
            out.append(int((usage or {}).get("output_tokens", 0)))
    return out


def costs(model: str, calls: int) -> dict[str, Any]:
    """In this process, per mode: seconds from building the model to its first 1-token
    reply (load), the median 1-token call after it, and tokens/s of a 128-token call."""
    from rubricflow.activities.local_models import build_local_chat_model

    hello = [{"role": "user", "content": "Say hello."}]
    essay = [{"role": "user", "content": LONG_TASK}]
    out: dict[str, Any] = {}
    for mode in MODES:
        began = time.monotonic()
        chat = build_local_chat_model(model, WorkerConfig().models_dir, in_process=mode == "in_process")
        llama = chat.client
        llama.create_chat_completion(hello, max_tokens=1)
        ready = time.monotonic() - began
        one = []
        for _ in range(calls):
            began = time.monotonic()
            llama.create_chat_completion(hello, max_tokens=1, temperature=0.0)
            one.append(time.monotonic() - began)
        began = time.monotonic()
        reply = llama.create_chat_completion(essay, max_tokens=128, temperature=0.0)
        took = time.monotonic() - began
        tokens = reply["usage"]["completion_tokens"]
        out[mode] = {
            "ready_s": ready,
            "call_1_token_s": percentile(one, 0.5),
            "tokens": tokens,
            "tokens_per_s": tokens / took,
            "load_1m": os.getloadavg()[0],
        }
        if mode == "model_process":
            llama.close()
        del chat, llama
        print(f"cost {mode}: {out[mode]}", file=sys.stderr, flush=True)
    return out


async def measure(args: argparse.Namespace) -> dict[str, Any]:
    results = []
    with tempfile.TemporaryDirectory(prefix="rubricflow-bench-stall-") as tmp:
        folder = Path(tmp)
        # The workers' data in the temporary folder, their joined models where this
        # machine's are (a GGUF is joined and verified once, not per benchmark).
        (folder / "data").mkdir()
        (folder / "data" / "models").symlink_to(WorkerConfig().models_dir.resolve())
        port = free_port()
        address = f"127.0.0.1:{port}"
        server = spawn_dev_server(port)
        try:
            client = await connect_when_up(address, server, data_converter=data_converter)
            for mode in args.modes:
                results.append(await measure_mode(client, address, folder, mode, args))
        finally:
            server.terminate()
            server.wait(timeout=30)
    return {
        "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "python": platform.python_version()},
        "command": "python -m benchmarks stall " + " ".join(sys.argv[2:]),
        "parameters": {k: v for k, v in vars(args).items() if k != "out"},
        "modes": results,
        "costs": costs(args.model, args.calls) if args.calls else None,
    }


def _table(report: dict[str, Any]) -> str:
    lines = [
        "mode           phase       runs  tasks  run p50  run p95  run p99  run max  total p99  total max  load 1m"
    ]
    for m in report["modes"]:
        for phase in PHASES:
            p = m[phase]
            r, t = p["run_s"], p["total_s"]
            if not r["n"]:
                lines.append(f"{m['mode']:<14} {phase:<10} {p['runs']:>5}      0")
                continue
            lines.append(
                f"{m['mode']:<14} {phase:<10} {p['runs']:>5} {r['n']:>6} {r['p50']:>7.3f}s {r['p95']:>7.3f}s "
                f"{r['p99']:>7.3f}s {r['max']:>7.3f}s {t['p99']:>9.3f}s {t['max']:>9.3f}s {p['load_1m']:>8.1f}"
            )
    lines.append("")
    for m in report["modes"]:
        turns, tokens = m["local_turns_s"], m["local_tokens"]
        lines.append(
            f"{m['mode']}: local agent turns {', '.join(f'{s:.0f} s' for s in turns) or 'none finished'}; "
            f"output tokens {', '.join(map(str, tokens)) or '-'}"
        )
    if report["costs"]:
        lines.append("")
        lines.append("mode           ready (load + 1 token)  1-token call  tokens/s (128)  load 1m")
        for mode, c in report["costs"].items():
            lines.append(
                f"{mode:<14} {c['ready_s']:>21.2f}s {c['call_1_token_s']:>12.3f}s "
                f"{c['tokens_per_s']:>15.1f} {c['load_1m']:>8.1f}"
            )
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model", default="qwen2.5-coder-1.5b", help="the local model (default qwen2.5-coder-1.5b)")
    parser.add_argument("--modes", nargs="+", choices=MODES, default=list(MODES))
    parser.add_argument("--seconds", type=float, default=90.0, help="short runs while the model generates (90)")
    parser.add_argument("--idle", type=float, default=20.0, help="short runs with no generation first (20)")
    parser.add_argument("--cold", type=float, default=30.0, help="short runs as the model loads, then generates (30)")
    parser.add_argument("--concurrency", type=int, default=4, help="short runs in flight (4)")
    parser.add_argument("--calls", type=int, default=5, help="1-token calls per mode in the cost part; 0 skips it")
    parser.add_argument("--out", type=Path, default=Path("bench-out"))
    args = parser.parse_args(argv)
    report = asyncio.run(measure(args))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "stall.json").write_text(json.dumps(report, indent=1, default=str))
    print(_table(report))
    print(f"wrote {args.out / 'stall.json'}")
    return 0

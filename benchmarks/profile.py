"""Where a rubricflow worker's CPU goes under load: py-spy on the worker during one batch.

    python -m benchmarks.profile --concurrency 200 --runs 400 --out bench-out

Same set-up as the benchmark (throwaway dev server, `python -m rubricflow.worker`, scripted
models, start-up excluded); py-spy samples the worker process (all threads, CPU only, not
idle, only threads holding the GIL) while the batch runs. Writes DIR/SYSTEM-worker.collapsed
(py-spy's raw collapsed stacks) and prints the share per step (sandbox, converter, state,
LangGraph, event stream, upserts...) and per library, and the top frames by own and by
inclusive samples. `--system floor` samples the minimal floor's worker instead. py-spy
needs permission to read another process (root, or ptrace allowed).
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.harness import DURABLE, Bench

_FRAME = re.compile(r"^(?P<func>.*?) \((?P<file>[^:()]+)(?::\d+)?\)$")
STEPS = (
    # (step, a frame's text that belongs to it, as py-spy prints it: site-packages paths are cut
    # to the package, langgraph's to `pregel/`): a sample counts for the first step listed here
    # that its stack contains
    ("event stream", "workflow_streams/"),
    ("search attributes / details", "upsert_search_attributes"),
    ("search attributes / details", "set_current_details"),
    ("state validation (workflow)", "workflows/state.py"),
    ("sandbox (import, restrictions)", "workflow_sandbox/_importer.py"),
    ("sandbox (import, restrictions)", "workflow_sandbox/_restrictions.py"),
    ("sandbox (instance set-up)", "_create_workflow_instance"),
    ("workflow code", "workflows/rubric_run.py"),
    ("scripted model (benchmark stand-in)", "activities/scripted.py"),
    ("LangGraph / LangChain", "(pregel/"),
    ("LangGraph / LangChain", "(langchain_core/"),
    ("LangGraph / LangChain", "(langchain/"),
    ("activities (rubricflow)", "activities/rubric_activities.py"),
    ("converter (payloads)", "temporalio/converter/"),
    ("converter (payloads)", "bridge/_visitor.py"),
    ("workflow activation (SDK)", "worker/_workflow_instance.py"),
    ("workflow activation (SDK)", "worker/_workflow.py"),
    ("activity task (SDK)", "worker/_activity.py"),
    ("bridge (Core, gRPC)", "bridge/"),
    ("asyncio / threads", "asyncio/"),
    ("asyncio / threads", "concurrent/futures/"),
)
LIBRARIES = (
    "temporalio",
    "pydantic",
    "pydantic_core",
    "langchain_core",
    "langchain",
    "langgraph",
    "google/protobuf",
    "asyncio",
    "json",
    "rubricflow",
    "activities",
    "workflows",
)


def _library(frame: str) -> str:
    match = _FRAME.match(frame)
    path = match.group("file") if match else frame
    for name in LIBRARIES:
        if f"/{name}/" in path or path.startswith(f"{name}/"):
            return {"activities": "rubricflow", "workflows": "rubricflow", "pydantic_core": "pydantic"}.get(name, name)
    return "other"


def summarise(collapsed: Path, top: int = 25) -> str:
    own: collections.Counter[str] = collections.Counter()
    inclusive: collections.Counter[str] = collections.Counter()
    by_library: collections.Counter[str] = collections.Counter()
    by_step: collections.Counter[str] = collections.Counter()
    total = 0
    for line in collapsed.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack:
            continue
        count = int(count_text)
        frames = [f for f in stack.split(";") if not f.startswith("process ") and not f.startswith("thread ")]
        if not frames:
            continue
        total += count
        own[frames[-1]] += count
        for frame in set(frames):
            inclusive[frame] += count
        # The innermost frame that belongs to a known library owns the sample.
        owner = next((lib for lib in map(_library, reversed(frames)) if lib != "other"), "other")
        by_library[owner] += count
        by_step[next((step for step, marker in STEPS if marker in stack), "other")] += count
    lines = [f"{total} samples"]
    lines.append("\nby step (the first step found on the stack, in the order of STEPS):")
    lines += [f"  {100 * n / total:5.1f}%  {name}" for name, n in by_step.most_common()]
    lines.append("\nby library (innermost known frame):")
    lines += [f"  {100 * n / total:5.1f}%  {name}" for name, n in by_library.most_common()]
    lines.append(f"\ntop {top} frames by own samples:")
    lines += [f"  {100 * n / total:5.1f}%  {frame}" for frame, n in own.most_common(top)]
    lines.append(f"\ntop {top} frames by inclusive samples:")
    lines += [f"  {100 * n / total:5.1f}%  {frame}" for frame, n in inclusive.most_common(top)]
    return "\n".join(lines)


async def profile(concurrency: int, runs: int, latency_s: float, out: Path, system: str = "rubricflow") -> Path:
    pyspy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    if not Path(pyspy).exists():
        raise SystemExit("py-spy not found: pip install py-spy")
    collapsed = out / f"{system}-worker.collapsed"
    with tempfile.TemporaryDirectory(prefix="rubricflow-profile-") as tmp:
        async with Bench(Path(tmp)) as bench:
            recorder = subprocess.Popen(
                [
                    pyspy,
                    "record",
                    "--pid",
                    str(bench.workers[system].pid),
                    "--format",
                    "raw",
                    "--rate",
                    "200",
                    "--gil",
                    "--output",
                    str(collapsed),
                    "--nonblocking",
                ],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            )
            try:
                batch = await bench.batch(system, latency_s, concurrency, runs)
            finally:
                recorder.send_signal(2)  # SIGINT: py-spy writes what it sampled and exits
                _, err = recorder.communicate(timeout=60)
            figures = batch.figures()
            print(
                f"{runs} runs at concurrency {concurrency}, latency {latency_s:g} s: "
                f"{figures['runs_per_s']:.1f} runs/s, worker {figures['worker_cpu_s_per_iteration'] * 1000:.1f} "
                f"ms CPU per iteration, failures {figures['failures']}"
            )
    if not collapsed.exists():
        raise SystemExit(f"py-spy wrote no profile: {err.decode(errors='replace').strip()}")
    return collapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concurrency", type=int, default=200)
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--latency", type=float, default=0.0)
    parser.add_argument("--system", choices=DURABLE, default="rubricflow", help="whose worker to sample")
    parser.add_argument("--out", type=Path, default=Path("bench-out"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    collapsed = asyncio.run(profile(args.concurrency, args.runs, args.latency, args.out, args.system))
    print(summarise(collapsed))


if __name__ == "__main__":
    main()

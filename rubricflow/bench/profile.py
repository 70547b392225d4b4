"""Where a rubricflow worker's CPU goes under load: py-spy on the worker during one batch.

    python -m rubricflow.bench.profile --concurrency 200 --runs 400 --out bench-out

Same set-up as the benchmark (throwaway dev server, `python -m rubricflow.worker`, scripted
models, start-up excluded); py-spy samples the worker process (all threads, CPU only, not
idle) while the batch runs. Writes DIR/worker.collapsed (py-spy's raw collapsed stacks) and
prints the top frames by own and by inclusive samples, and the share per library. py-spy
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

from rubricflow.bench.harness import Bench

_FRAME = re.compile(r"^(?P<func>.*?) \((?P<file>[^:()]+)(?::\d+)?\)$")
LIBRARIES = ("temporalio", "pydantic", "pydantic_core", "langchain_core", "langchain", "langgraph",
             "google/protobuf", "asyncio", "json", "rubricflow", "activities", "workflows")


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
    lines = [f"{total} samples"]
    lines.append("\nby library (innermost known frame):")
    lines += [f"  {100 * n / total:5.1f}%  {name}" for name, n in by_library.most_common()]
    lines.append(f"\ntop {top} frames by own samples:")
    lines += [f"  {100 * n / total:5.1f}%  {frame}" for frame, n in own.most_common(top)]
    lines.append(f"\ntop {top} frames by inclusive samples:")
    lines += [f"  {100 * n / total:5.1f}%  {frame}" for frame, n in inclusive.most_common(top)]
    return "\n".join(lines)


async def profile(concurrency: int, runs: int, latency_s: float, out: Path) -> Path:
    pyspy = shutil.which("py-spy") or str(Path(sys.executable).parent / "py-spy")
    if not Path(pyspy).exists():
        raise SystemExit("py-spy not found: pip install py-spy")
    collapsed = out / "worker.collapsed"
    with tempfile.TemporaryDirectory(prefix="rubricflow-profile-") as tmp:
        async with Bench(Path(tmp)) as bench:
            recorder = subprocess.Popen(
                [pyspy, "record", "--pid", str(bench.rf_worker.pid), "--format", "raw", "--rate", "200",
                 "--output", str(collapsed), "--nonblocking"],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            )
            try:
                batch = await bench.batch("rubricflow", latency_s, concurrency, runs)
            finally:
                recorder.send_signal(2)  # SIGINT: py-spy writes what it sampled and exits
                _, err = recorder.communicate(timeout=60)
            figures = batch.figures()
            print(f"{runs} runs at concurrency {concurrency}, latency {latency_s:g} s: "
                  f"{figures['runs_per_s']:.1f} runs/s, worker {figures['worker_cpu_s_per_iteration'] * 1000:.1f} "
                  f"ms CPU per iteration, failures {figures['failures']}")
    if not collapsed.exists():
        raise SystemExit(f"py-spy wrote no profile: {err.decode(errors='replace').strip()}")
    return collapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--concurrency", type=int, default=200)
    parser.add_argument("--runs", type=int, default=400)
    parser.add_argument("--latency", type=float, default=0.0)
    parser.add_argument("--out", type=Path, default=Path("bench-out"))
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    collapsed = asyncio.run(profile(args.concurrency, args.runs, args.latency, args.out))
    print(summarise(collapsed))


if __name__ == "__main__":
    main()

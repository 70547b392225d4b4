"""In-process deepagents `RubricMiddleware`, the same scripted models, N runs at once.

    python -m benchmarks.inprocess --agent PATH --grader PATH --runs N --concurrency C

A program of its own (run by the benchmark as a child process) so that its CPU-seconds and
peak RSS are measured the same way as a worker's. It builds the agent once, runs one warm-up
run, then the measured runs, and prints one JSON object: per-run seconds, successes, the
grader passes seen, and this process's CPU-seconds over the measured runs.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import sys
import time
import uuid
import warnings

try:
    from deepagents.middleware.rubric import RubricMiddleware
except ImportError:  # pragma: no cover - the message is the point
    sys.exit("the in-process system needs deepagents: pip install 'rubricflow[bench]'")
from langchain.agents import create_agent
from langchain_core.messages import AIMessage, HumanMessage

from rubricflow.activities.scripted import ScriptedChatModel, current_thread_id

RUBRIC = "- ok"
EXPECTED_ANSWER = "revised answer"


def _cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


async def measure(agent_path: str, grader_path: str, runs: int, concurrency: int) -> dict[str, object]:
    passes: dict[str, int] = {}

    def on_evaluation(evaluation: object) -> None:
        thread = current_thread_id.get()
        passes[thread] = passes.get(thread, 0) + 1

    warnings.filterwarnings("ignore", message=".*RubricMiddleware.*beta")
    agent = create_agent(
        model=ScriptedChatModel(path=agent_path),
        middleware=[RubricMiddleware(model=ScriptedChatModel(path=grader_path), on_evaluation=on_evaluation)],
    )
    gate = asyncio.Semaphore(concurrency)

    async def one() -> tuple[bool, float, int]:
        async with gate:
            thread = f"inproc-{uuid.uuid4().hex[:12]}"
            current_thread_id.set(thread)  # this task's own context: its own script cursor
            started = time.monotonic()
            state = await agent.ainvoke({"messages": [HumanMessage("go")], "rubric": RUBRIC})
            seconds = time.monotonic() - started
            last = state["messages"][-1]
            ok = isinstance(last, AIMessage) and last.content == EXPECTED_ANSWER
            return ok, seconds, passes.get(thread, 0)

    await one()  # warm-up: first-call imports and graph compilation are not measured
    cpu_before = _cpu_s()
    began = time.monotonic()
    outcomes = await asyncio.gather(*(one() for _ in range(runs)))
    wall = time.monotonic() - began
    return {
        "wall_s": wall,
        "run_s": [seconds for _, seconds, _ in outcomes],
        "ok": [ok for ok, _, _ in outcomes],
        "passes": [n for _, _, n in outcomes],
        "cpu_s": _cpu_s() - cpu_before,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--agent", required=True, help="scripted agent JSON file")
    parser.add_argument("--grader", required=True, help="scripted grader JSON file")
    parser.add_argument("--runs", type=int, required=True)
    parser.add_argument("--concurrency", type=int, required=True)
    args = parser.parse_args()
    result = asyncio.run(measure(args.agent, args.grader, args.runs, args.concurrency))
    print(json.dumps(result))


if __name__ == "__main__":
    main()

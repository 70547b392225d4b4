"""What a new workflow instance costs the worker: replay one recorded history many times
in each sandbox set-up, and count the `TypeAdapter`s each data converter builds.

    python -m benchmarks.instances tests/histories/revision_then_satisfied.json

Replaying a closed history creates a fresh workflow instance each time and runs every
workflow task of the run, as a worker does for a run it has not cached. Prints CPU
milliseconds per instance for the SDK's default sandbox, the worker's sandbox
(`rubricflow.workflows` passed through) and no sandbox, then the adapters built per
instance by the stock pydantic converter and by `rubricflow.converter`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pydantic.type_adapter
from temporalio.client import WorkflowHistory
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.worker import Replayer, UnsandboxedWorkflowRunner
from temporalio.worker.workflow_sandbox import SandboxedWorkflowRunner

from rubricflow.converter import data_converter
from rubricflow.plugin import contract_passed_through
from rubricflow.workflows.rubric_run import RubricRunWorkflow


async def cpu_ms_per_instance(history: WorkflowHistory, runner: Any, replays: int) -> float:
    replayer = Replayer(workflows=[RubricRunWorkflow], data_converter=data_converter, workflow_runner=runner)
    await replayer.replay_workflow(history)  # warm: imports, caches
    started = time.process_time()
    for _ in range(replays):
        await replayer.replay_workflow(history)
    return (time.process_time() - started) / replays * 1000


async def adapters_per_instance(history: WorkflowHistory, converter: Any, replays: int) -> float:
    replayer = Replayer(workflows=[RubricRunWorkflow], data_converter=converter)
    await replayer.replay_workflow(history)
    built = 0
    original = pydantic.type_adapter.TypeAdapter.__init__

    def counting(self: Any, *args: Any, **kwargs: Any) -> None:
        nonlocal built
        built += 1
        original(self, *args, **kwargs)

    pydantic.type_adapter.TypeAdapter.__init__ = counting  # type: ignore[method-assign]
    try:
        for _ in range(replays):
            await replayer.replay_workflow(history)
    finally:
        pydantic.type_adapter.TypeAdapter.__init__ = original  # type: ignore[method-assign]
    return built / replays


async def main(path: Path, replays: int) -> None:
    history = WorkflowHistory.from_json(path.stem, json.loads(path.read_text()))
    print(f"{path.name}: {len(history.events)} events, {replays} replays each")
    for label, runner in (
        ("default sandbox", SandboxedWorkflowRunner()),
        ("the plugin's sandbox (rubricflow.workflows passed through)", contract_passed_through(None)),
        ("no sandbox", UnsandboxedWorkflowRunner()),
    ):
        print(f"  {label}: {await cpu_ms_per_instance(history, runner, replays):.1f} ms CPU per instance")
    for label, converter in (
        ("stock pydantic_data_converter", pydantic_data_converter),
        ("rubricflow.converter", data_converter),
    ):
        print(
            f"  {label}: {await adapters_per_instance(history, converter, replays):.1f} TypeAdapters built per instance"
        )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m benchmarks.instances", description=__doc__.split("\n\n")[0])
    parser.add_argument("history", type=Path, help="a recorded history (JSON), e.g. tests/histories/*.json")
    parser.add_argument("--replays", type=int, default=30)
    args = parser.parse_args()
    asyncio.run(main(args.history, args.replays))

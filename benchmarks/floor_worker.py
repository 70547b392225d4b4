"""A floor's worker process: `python -m benchmarks.floor_worker ADDRESS QUEUE [--floor NAME]`.

Its own process, like `python -m rubricflow.worker`, so that its CPU and memory are
measured the same way: `minimal` serves `MinimalFloorWorkflow` (bare Temporal, str
activities), `pydantic` the heavier `FloorWorkflow` (pydantic models defined in the
sandboxed module). Both use the SDK's default sandbox and `pydantic_data_converter`.
Runs until SIGTERM.
"""

from __future__ import annotations

import argparse
import asyncio
import signal
from typing import Any

from temporalio.client import Client
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.worker import Worker


def registrations(floor: str) -> dict[str, list[Any]]:
    if floor == "minimal":
        from benchmarks.minimal_floor import MinimalFloorWorkflow, floor_agent_turn, floor_grade

        return {"workflows": [MinimalFloorWorkflow], "activities": [floor_agent_turn, floor_grade]}
    from benchmarks.floor import FloorWorkflow, floor_step

    return {"workflows": [FloorWorkflow], "activities": [floor_step]}


async def serve(address: str, queue: str, floor: str) -> None:
    client = await Client.connect(address, data_converter=pydantic_data_converter)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with Worker(client, task_queue=queue, **registrations(floor)):
        await stop.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("address")
    parser.add_argument("queue")
    parser.add_argument("--floor", choices=("minimal", "pydantic"), default="minimal")
    args = parser.parse_args()
    asyncio.run(serve(args.address, args.queue, args.floor))


if __name__ == "__main__":
    main()

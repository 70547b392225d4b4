"""The floor's worker process: `python -m rubricflow.bench.floor_worker ADDRESS QUEUE`.

Its own process, like `python -m rubricflow.worker`, so that its CPU and memory are
measured the same way. Runs until SIGTERM.
"""

from __future__ import annotations

import argparse
import asyncio
import signal

from temporalio.client import Client
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.worker import Worker

from rubricflow.bench.floor import FloorWorkflow, floor_step


async def serve(address: str, queue: str) -> None:
    client = await Client.connect(address, data_converter=pydantic_data_converter)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    async with Worker(client, task_queue=queue, workflows=[FloorWorkflow], activities=[floor_step]):
        await stop.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("address")
    parser.add_argument("queue")
    args = parser.parse_args()
    asyncio.run(serve(args.address, args.queue))


if __name__ == "__main__":
    main()

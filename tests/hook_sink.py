"""Hooks the tests configure on their workers (importable as `tests.hook_sink:NAME`)."""

from __future__ import annotations

import os
import time
from pathlib import Path

DELIVERED: list[tuple[str, str, str]] = []


def record(evaluation, thread_id: str) -> None:
    DELIVERED.append((thread_id, evaluation.operation_id, evaluation.result))


async def record_async(evaluation, thread_id: str) -> None:
    DELIVERED.append((thread_id, evaluation.operation_id, f"async:{evaluation.result}"))


def explode(evaluation, thread_id: str) -> None:
    raise RuntimeError("this hook is broken")


def record_to_file(evaluation, thread_id: str) -> None:
    """For worker subprocesses: one line per delivery in `$RUBRICFLOW_TEST_HOOK_SINK`."""
    line = f"{thread_id}\t{evaluation.operation_id}\t{evaluation.result}\n"
    with open(os.environ["RUBRICFLOW_TEST_HOOK_SINK"], "a", encoding="utf-8") as sink:
        sink.write(line)  # one short O_APPEND write: lines of concurrent workers never mix



def block_until_released(evaluation, thread_id: str) -> None:
    """For worker subprocesses: a slow, blocking hook. It creates `entered` in the folder
    `$RUBRICFLOW_TEST_HOOK_GATE`, then blocks until the test creates `release` there."""
    gate = Path(os.environ["RUBRICFLOW_TEST_HOOK_GATE"])
    (gate / "entered").touch()
    deadline = time.monotonic() + 60
    while not (gate / "release").exists() and time.monotonic() < deadline:
        time.sleep(0.05)  # deliberately blocking: this hook stands for a slow sync one
    record_to_file(evaluation, thread_id)

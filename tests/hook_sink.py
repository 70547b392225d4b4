"""Hooks the tests configure on their workers (importable as `tests.hook_sink:NAME`)."""

from __future__ import annotations

DELIVERED: list[tuple[str, str, str]] = []


def record(evaluation, thread_id: str) -> None:
    DELIVERED.append((thread_id, evaluation.operation_id, evaluation.result))


async def record_async(evaluation, thread_id: str) -> None:
    DELIVERED.append((thread_id, evaluation.operation_id, f"async:{evaluation.result}"))


def explode(evaluation, thread_id: str) -> None:
    raise RuntimeError("this hook is broken")


def record_to_file(evaluation, thread_id: str) -> None:
    """For worker subprocesses: one line per delivery in `$RUBRICFLOW_TEST_HOOK_SINK`."""
    import os

    line = f"{thread_id}\t{evaluation.operation_id}\t{evaluation.result}\n"
    with open(os.environ["RUBRICFLOW_TEST_HOOK_SINK"], "a", encoding="utf-8") as sink:
        sink.write(line)  # one short O_APPEND write: lines of concurrent workers never mix

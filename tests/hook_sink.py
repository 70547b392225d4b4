"""Hooks the tests configure on their workers (importable as `tests.hook_sink:NAME`)."""

from __future__ import annotations

DELIVERED: list[tuple[str, str, str]] = []


def record(evaluation, thread_id: str) -> None:
    DELIVERED.append((thread_id, evaluation.operation_id, evaluation.result))


async def record_async(evaluation, thread_id: str) -> None:
    DELIVERED.append((thread_id, evaluation.operation_id, f"async:{evaluation.result}"))


def explode(evaluation, thread_id: str) -> None:
    raise RuntimeError("this hook is broken")

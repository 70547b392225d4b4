"""Batches from the client side: read a dataset, start a `BatchWorkflow`, feed it, steer it.

The dataset is read here, by the client, never by a worker: every line is checked before
anything starts (a malformed line, a missing prompt, a duplicate id is refused with its
line number), then the items go to the workflow in chunks as it makes room (see
workflows/batch_types.py), so no payload and no history holds the whole dataset.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, Protocol, TypeVar

from pydantic import ValidationError
from temporalio.client import WorkflowExecutionStatus, WorkflowHandle
from temporalio.common import WorkflowIDConflictPolicy, WorkflowIDReusePolicy

from rubricflow.client import CLOSED_STATUSES, Rubricflow, ThreadNotFound, check_id, typed_errors
from rubricflow.preflight import RunRefused
from rubricflow.workflows.batch import BatchWorkflow
from rubricflow.workflows.batch_types import (
    BATCH_NAME,
    MAX_BATCH_ITEMS,
    MAX_CHUNK_CHARS,
    MAX_CHUNK_ITEMS,
    BatchInput,
    BatchItem,
    BatchSettings,
    BatchStatus,
    ItemChunk,
    item_chars,
    thread_id_of,
)
from rubricflow.workflows.types import RunInput, RunResult

ROOM_POLL_S = 0.5
"""While the workflow's queue is full the client asks its status this often (and the
visibility listing, while it lags behind a batch that ended)."""
LISTING_DEADLINE_S = 60.0
"""How long a report waits for visibility to list every item thread of a finished batch."""


class DatasetError(RunRefused):
    """A dataset refused before anything starts; the message names the line."""


def read_dataset(path: str | Path) -> list[BatchItem]:
    """Every item of a JSONL dataset, or `DatasetError` naming the first bad line."""
    return read_lines(
        path,
        lambda file, number, line: _item(file, number, line),
        DatasetError,
        what="the dataset",
        empty='no items; each line is a JSON object with an "id" and a "prompt"',
    )


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


ItemT = TypeVar("ItemT", bound=_HasId)


def read_lines(
    path: str | Path,
    parse: Callable[[Path, int, str], ItemT],
    error: type[RunRefused],
    *,
    what: str,
    empty: str,
) -> list[ItemT]:
    """Every non-blank line of a JSON-lines file, parsed (`parse` raises `error` naming its
    line), with unique ids, at most `MAX_BATCH_ITEMS`; else `error` saying what to fix."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise error(f"cannot read {what} {str(file)!r}: {err}") from None
    items: list[ItemT] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        item = parse(file, number, line)
        if item.id in seen:
            raise error(
                f"{file}:{number}: duplicate id {item.id!r} (first on line {seen[item.id]}); ids must be unique"
            )
        seen[item.id] = number
        items.append(item)
        if len(items) > MAX_BATCH_ITEMS:
            raise error(f"{file}: more than {MAX_BATCH_ITEMS} lines; split {what}")
    if not items:
        raise error(f"{file}: {empty}")
    return items


def json_object(where: str, line: str, error: type[RunRefused], shape: str) -> dict[str, Any]:
    """One line's JSON object, else `error` naming the line (`shape` says what a line is)."""
    try:
        raw = json.loads(line)
    except json.JSONDecodeError as err:
        raise error(f"{where}: not valid JSON ({err.msg} at column {err.colno})") from None
    if not isinstance(raw, dict):
        raise error(f"{where}: {shape}")
    return raw


def _item(file: Path, number: int, line: str) -> BatchItem:
    where = f"{file}:{number}"
    raw = json_object(where, line, DatasetError, 'each line must be a JSON object with an "id" and a "prompt"')
    for field in ("id", "prompt"):
        if field not in raw:
            raise DatasetError(f'{where}: missing {field!r}; each line needs an "id" and a "prompt"')
    try:
        return BatchItem.model_validate(raw)
    except ValidationError as err:
        first = err.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "line"
        raise DatasetError(f"{where}: {field}: {first['msg']}") from None


def dataset_digest(items: list[BatchItem]) -> str:
    digest = hashlib.sha256()
    for item in items:
        digest.update(item.model_dump_json().encode("utf-8"))
        digest.update(b"\n")
    return digest.hexdigest()


def default_name(path: str | Path, digest: str) -> str:
    """The same dataset file gives the same batch name, so a re-run resumes it."""
    stem = "".join(c if c.isalnum() or c in "._-" else "-" for c in Path(path).stem)[:80] or "dataset"
    return f"batch-{stem}-{digest[:8]}"


def check_name(name: str) -> str:
    if not BATCH_NAME.match(name):
        raise RunRefused(
            f"batch name {name[:40]!r} must start with a letter or digit and hold only letters, digits "
            "and . _ : - (at most 200 characters)"
        )
    return name


def check_items(name: str, settings: BatchSettings, items: list[BatchItem], lines: list[int] | None = None) -> None:
    """Each item as its thread would start (its own rubric needs grader settings, ids
    make valid thread ids), refused with the item's position before anything starts."""
    for index, item in enumerate(items):
        where = f"item {index + 1} (id {item.id!r})" if lines is None else f"line {lines[index]}"
        try:
            check_id("thread id", thread_id_of(name, item.id))
            RunInput(
                message=item.prompt if item.transcript is None else None,
                transcript=item.transcript,
                rubric=item.rubric or settings.rubric,
                agent=settings.agent,
                grader=settings.grader,
            )
        except (ValueError, RunRefused) as err:
            message = err.errors()[0]["msg"] if isinstance(err, ValidationError) else str(err)
            raise DatasetError(f"{where}: {message}") from None


def chunks_from(items: list[BatchItem], offset: int) -> ItemChunk:
    """The next chunk from `offset`: at most MAX_CHUNK_ITEMS items and MAX_CHUNK_CHARS."""
    taken: list[BatchItem] = []
    chars = 0
    for item in items[offset : offset + MAX_CHUNK_ITEMS]:
        chars += item_chars(item)
        if taken and chars > MAX_CHUNK_CHARS:
            break
        taken.append(item)
    return ItemChunk(offset=offset, items=taken)


@dataclass(frozen=True)
class BatchRow:
    """One batch of `Batches.list()`: its name (workflow id) and its workflow's state."""

    name: str
    workflow_status: str
    """running, completed, or how it closed otherwise (failed, cancelled, terminated...)."""
    started: datetime
    closed: datetime | None


@dataclass(frozen=True)
class ThreadRecord:
    """One item's thread as the report reads it: its visibility row, its result."""

    item_id: str
    thread_id: str
    workflow_status: str
    started: datetime
    closed: datetime | None
    metadata: dict[str, Any]
    result: RunResult | None
    reason: str | None


class Batches:
    """Start, feed, steer and read batches on a `Rubricflow`'s server and task queue."""

    def __init__(self, rf: Rubricflow) -> None:
        self.rf = rf
        self.client = rf.client

    def handle(self, name: str) -> WorkflowHandle[BatchWorkflow, BatchStatus]:
        return self.client.get_workflow_handle_for(BatchWorkflow.run, check_name(name))

    async def start(self, name: str, settings: BatchSettings) -> WorkflowHandle[BatchWorkflow, BatchStatus]:
        """Start the batch, or go on with the one of this name: a running one is fed from
        where it stopped receiving; a closed one runs again, and its items' threads that
        completed are adopted, not run again. A different dataset is refused."""
        if settings.name != check_name(name):
            raise RunRefused(f"the settings are for batch {settings.name!r}, not {name!r}")
        try:
            earlier = await self.status(name)
        except ThreadNotFound:
            earlier = None
        except RunRefused:
            earlier = None  # it failed or was terminated: its items' threads still dedupe
        if earlier is not None and earlier.digest != settings.digest:
            raise RunRefused(
                f"batch {name!r} ran another dataset ({earlier.total} items, digest {earlier.digest[:8]}); "
                "choose another --name"
            )
        with typed_errors(name):
            return await self.client.start_workflow(
                BatchWorkflow.run,
                BatchInput(settings=settings),
                id=name,
                task_queue=self.rf.queue,
                id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE,
                id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
                static_summary=f"batch of {settings.total} items",
            )

    async def feed(
        self, name: str, items: list[BatchItem], on_wait: Callable[[BatchStatus], None] | None = None
    ) -> BatchStatus:
        """Send the items the batch does not have yet, as it makes room; returns once all
        are in (an interrupted feed is safe: the next one goes on from the same place)."""
        handle = self.handle(name)
        with typed_errors(name):
            status = await handle.query(BatchWorkflow.status)
            received = status.received
            while received < len(items):
                reply = await handle.execute_update(BatchWorkflow.add_items, chunks_from(items, received))
                received = reply.received
                while reply.room == 0 or reply.accepted == 0:
                    await asyncio.sleep(ROOM_POLL_S)
                    status = await handle.query(BatchWorkflow.status)
                    if on_wait is not None:
                        on_wait(status)
                    if status.room > 0 or status.phase in ("cancelled", "done"):
                        break
                if status.phase == "cancelled":
                    break
            return await handle.query(BatchWorkflow.status)

    async def status(self, name: str) -> BatchStatus:
        """The running batch's status query, or the closed batch's result."""
        handle = self.handle(name)
        with typed_errors(name):
            description = await handle.describe()
            if description.status == WorkflowExecutionStatus.RUNNING:
                return await handle.query(BatchWorkflow.status)
            if description.status != WorkflowExecutionStatus.COMPLETED:
                raise RunRefused(f"batch {name!r} {CLOSED_STATUSES.get(description.status, 'closed')}")
            return await handle.result()

    async def control(self, name: str, what: str) -> BatchStatus:
        """`pause`, `resume` or `cancel` the batch."""
        update = {"pause": BatchWorkflow.pause, "resume": BatchWorkflow.resume, "cancel": BatchWorkflow.cancel}[what]
        try:
            with typed_errors(name):
                return await self.handle(name).execute_update(update)
        except ThreadNotFound:
            raise RunRefused(f"no running batch {name!r} (see `rubricflow batch status {name}`)") from None

    async def list(self, limit: int = 50) -> list[BatchRow]:
        """The batches on this task queue, newest first (their latest run each)."""
        rows: list[BatchRow] = []
        with typed_errors():
            async for wf in self.client.list_workflows(f"WorkflowType = '{BatchWorkflow.__name__}'"):
                if wf.task_queue != self.rf.queue or wf.status == WorkflowExecutionStatus.CONTINUED_AS_NEW:
                    continue
                status = CLOSED_STATUSES.get(wf.status, "running" if wf.close_time is None else "completed")
                rows.append(BatchRow(wf.id, status, wf.start_time, wf.close_time))
                if len(rows) >= limit:
                    break
        return rows

    async def threads(self, name: str) -> list[ThreadRecord]:
        """Every item thread of the batch (its latest execution per item), with results."""
        latest: dict[str, Any] = {}
        query = f"WorkflowId STARTS_WITH '{check_name(name)}/'"
        with typed_errors():
            async for wf in self.client.list_workflows(query):
                if wf.status == WorkflowExecutionStatus.CONTINUED_AS_NEW:
                    continue
                if wf.id not in latest or wf.start_time > latest[wf.id].start_time:
                    latest[wf.id] = wf
        slots = asyncio.Semaphore(32)
        return list(await asyncio.gather(*(self._record(wf, slots) for wf in latest.values())))

    async def settled_threads(
        self, name: str, count: int, deadline_s: float = LISTING_DEADLINE_S
    ) -> list[ThreadRecord]:
        """`threads(name)` once visibility lists `count` of them: it is eventually
        consistent, and a batch that just ended may not be listed whole yet. Past the
        deadline, what it lists (the caller says what is missing)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + deadline_s
        while True:
            found = await self.threads(name)
            if len(found) >= count or loop.time() >= end:
                return found
            await asyncio.sleep(ROOM_POLL_S)

    async def _record(self, wf: Any, slots: asyncio.Semaphore) -> ThreadRecord:
        if wf.close_time is None:
            # Visibility lags behind the history: a thread it still lists as running may
            # have ended. Its description is read from the history itself.
            async with slots:
                wf = await self.client.get_workflow_handle(wf.id, run_id=wf.run_id).describe()
        memo = await wf.memo()
        result, reason = None, None
        status = CLOSED_STATUSES.get(wf.status, "running" if wf.close_time is None else "completed")
        if wf.status == WorkflowExecutionStatus.COMPLETED:
            async with slots:
                result = await self.client.get_workflow_handle(wf.id, result_type=RunResult).result()
        elif wf.close_time is not None:
            reason = status
        return ThreadRecord(
            item_id=str(memo.get("batch_item", wf.id.partition("/")[2])),
            thread_id=wf.id,
            workflow_status=status,
            started=wf.start_time,
            closed=wf.close_time,
            metadata=memo.get("metadata") or {},
            result=result,
            reason=reason,
        )

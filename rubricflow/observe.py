"""Following a thread's events by reads alone (`Rubricflow.observe`).

`Rubricflow.events` follows a thread with the stream's poll *update*: a long poll that the
thread answers as soon as it publishes, but every poll is an accepted and a completed
update in the thread's history, for every viewer. A viewer that must not grow the history
(the web view, with any number of tabs open) reads instead: it long-polls the thread's
history for new events, a read that writes nothing, and each time a workflow task has
completed (the only moment the stream can have grown) asks the stream's poll *query* for
what follows its offset. A closed run is read to its end once more; a run that continued
as new is followed into the next.
"""

from __future__ import annotations

import asyncio
import base64
from collections.abc import AsyncIterator

from temporalio.api.common.v1 import Payload
from temporalio.api.enums.v1 import EventType
from temporalio.client import Client, WorkflowExecutionStatus, WorkflowHandle
from temporalio.contrib.workflow_streams import PollInput, PollResult

from rubricflow.workflows.names import EVENTS_TOPIC
from rubricflow.workflows.types import RunEvent

POLL_QUERY = "__temporal_workflow_stream_poll"
"""The stream's own read-only query (temporalio.contrib.workflow_streams): the retained
items from an offset, at most about 1 MB at a time (`more_ready` then says so)."""

STREAM_MAY_GROW = frozenset(
    {
        EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED,
        EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED,
        EventType.EVENT_TYPE_WORKFLOW_EXECUTION_FAILED,
        EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CANCELED,
        EventType.EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED,
        EventType.EVENT_TYPE_WORKFLOW_EXECUTION_TIMED_OUT,
        EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW,
    }
)
"""History events after which the stream may hold more: a workflow publishes only in a
task that completes, and a run's close ends its stream."""


async def observe(client: Client, thread_id: str, from_offset: int = 0) -> AsyncIterator[RunEvent]:
    """The thread's events from `from_offset` until it closes, each with its `offset`,
    read with queries only. Temporal's errors propagate (the caller types them)."""
    offset = from_offset
    while True:
        description = await client.get_workflow_handle(thread_id).describe()
        run = client.get_workflow_handle(thread_id, run_id=description.run_id)
        if description.status != WorkflowExecutionStatus.RUNNING:
            async for event in _read(client, run, offset):
                offset = event.offset + 1 if event.offset is not None else offset
                yield event
        else:
            async for event in _follow_run(client, run, description.history_length, offset):
                offset = event.offset + 1 if event.offset is not None else offset
                yield event
            description = await run.describe()
        if description.status != WorkflowExecutionStatus.CONTINUED_AS_NEW:
            return


async def _follow_run(client: Client, run: WorkflowHandle, known: int, offset: int) -> AsyncIterator[RunEvent]:
    """One running run's events until it closes: a read now, then one after each history
    event that may have grown the stream."""
    grown = asyncio.Event()
    grown.set()
    watcher = asyncio.create_task(_watch_history(run, known, grown))
    try:
        while True:
            await grown.wait()
            grown.clear()
            closed = watcher.done()
            async for event in _read(client, run, offset):
                offset = event.offset + 1 if event.offset is not None else offset
                yield event
            if closed:
                watcher.result()  # the history long poll's error, if it failed
                return
    finally:
        watcher.cancel()


async def _watch_history(run: WorkflowHandle, known: int, grown: asyncio.Event) -> None:
    """Long-poll the run's history; set `grown` after each event past the first `known`
    that may have grown the stream, and once more when the run's history ends."""
    try:
        async for event in run.fetch_history_events(wait_new_event=True):
            if event.event_id > known and event.event_type in STREAM_MAY_GROW:
                grown.set()
    finally:
        grown.set()


async def _read(client: Client, run: WorkflowHandle, offset: int) -> AsyncIterator[RunEvent]:
    """What the stream holds from `offset` now, page by page."""
    converter = client.data_converter.payload_converter
    while True:
        page = await run.query(POLL_QUERY, PollInput(topics=[EVENTS_TOPIC], from_offset=offset), result_type=PollResult)
        for item in page.items:
            payload = Payload.FromString(base64.b64decode(item.data))
            event = converter.from_payload(payload, RunEvent)
            yield event.model_copy(update={"offset": item.offset})
        offset = page.next_offset
        if not page.more_ready:
            return

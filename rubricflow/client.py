"""A small Python API to start, follow and inspect grading runs."""

from __future__ import annotations

import uuid
import asyncio
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

from temporalio.client import (
    Client,
    WithStartWorkflowOperation,
    WorkflowExecutionStatus,
    WorkflowHandle,
)
from temporalio.common import WorkflowIDConflictPolicy
from temporalio.contrib.workflow_streams import WorkflowStreamClient
from temporalio.api.enums.v1 import EventType, TaskQueueKind, TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest
from temporalio.client import WorkflowUpdateRPCTimeoutOrCancelledError
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError, RPCStatusCode

from rubricflow.preflight import RunRefused, check_provider
from rubricflow.settings import task_queue
from rubricflow.workflows.ids import check_id as _check_id
from rubricflow.workflows.rubric import parse_rubric
from rubricflow.workflows.rubric_run import EVENTS_TOPIC, STATUS_ATTR, RubricRunWorkflow
from rubricflow.workflows.types import (
    ApproveInput,
    ExtendInput,
    Progress,
    RejectInput,
    RunEvent,
    RunInput,
    RunResult,
    SubmitInput,
)


__all__ = [
    "RunHandle", "Rubricflow", "RunRefused", "ServerUnreachable", "Stuck", "ThreadStuck", "check_input", "check_names",
    "new_thread_id",
]

OUTAGE_GIVE_UP = timedelta(minutes=5)
"""How long `events` keeps reconnecting through a server outage before it gives up."""
_OUTAGE_CODES = (RPCStatusCode.UNAVAILABLE, RPCStatusCode.DEADLINE_EXCEEDED, RPCStatusCode.UNKNOWN)


class ServerUnreachable(Exception):
    """The Temporal server stayed unreachable past the give-up time; the thread itself
    goes on on the server."""


POLLER_FRESH = timedelta(minutes=2)
"""A poller seen this recently is a live worker (Temporal remembers gone ones for minutes)."""

STUCK_AFTER_ATTEMPTS = 2
"""A workflow task on its second attempt has failed once: reported, never a silent hang."""


@dataclass(frozen=True)
class Stuck:
    """A thread whose workflow task keeps failing (Temporal retries it forever)."""

    thread_id: str
    attempt: int
    since: datetime | None
    last_failure: str

    def describe(self) -> str:
        return (
            f"thread {self.thread_id} is stuck: its workflow task has failed "
            f"{self.attempt - 1} time(s) and Temporal keeps retrying it; last failure: "
            f"{self.last_failure}"
        )


class ThreadStuck(Exception):
    """The thread's workflow task keeps failing (a codec key mismatch, a worker bug): the
    run cannot move until what the failure names is fixed on the worker or client."""

    def __init__(self, stuck: Stuck) -> None:
        super().__init__(stuck.describe())
        self.stuck = stuck


def check_id(kind: str, value: str) -> str:
    """A thread id or task queue Temporal accepts and `list` shows on one row, else
    `RunRefused` saying what to fix (non-empty, at most 1000 characters, no control
    characters)."""
    try:
        return _check_id(kind, value)
    except ValueError as exc:
        raise RunRefused(str(exc)) from None


def new_thread_id() -> str:
    return f"thread-{uuid.uuid4().hex[:12]}"


def check_input(run: RunInput, *, installed: bool = False) -> None:
    """Checks that need more than the model's own validation, before anything starts:
    known model providers and, with `installed` (the worker runs beside this process),
    their packages present."""
    check_provider(run.agent.model, installed=installed)
    if run.grader is not None:
        check_provider(run.grader.model, installed=installed)


def check_names(run: RunInput, tools: list[str], checks: list[str]) -> None:
    """Refuse tool and check names unknown to a registry (the CLI passes the names a
    default worker has: `rubricflow.preflight.tool_names()` and `check_names()`)."""
    named = [*run.agent.tools, *(run.grader.tools if run.grader else [])]
    unknown = sorted({name for name in named if name not in tools})
    if unknown:
        raise RunRefused(f"unknown tool(s) {unknown}; known tools: {', '.join(tools)}")
    if run.rubric is not None:
        problems = parse_rubric(run.rubric, checks).problems
        if problems:
            raise RunRefused("the rubric cannot be graded: " + "; ".join(problems))


@dataclass
class RunHandle:
    thread_id: str
    handle: WorkflowHandle[RubricRunWorkflow, RunResult]

    async def result(self) -> RunResult:
        return await self.handle.result()

    async def progress(self) -> Progress:
        return await self.handle.query(RubricRunWorkflow.progress)


class Rubricflow:
    """Starts threads on a task queue and follows them. Any client process may use it."""

    def __init__(self, client: Client, queue: str | None = None) -> None:
        self.client = client
        self.queue = check_id("task queue", task_queue() if queue is None else queue)

    async def start(self, run: RunInput, thread_id: str | None = None) -> RunHandle:
        check_input(run)
        thread_id = new_thread_id() if thread_id is None else check_id("thread id", thread_id)
        try:
            handle = await self.client.start_workflow(
                RubricRunWorkflow.run,
                run,
                id=thread_id,
                task_queue=self.queue,
                id_conflict_policy=WorkflowIDConflictPolicy.FAIL,
                static_summary=f"rubric thread: {(run.message or 'waiting for a message')[:80]}",
            )
        except WorkflowAlreadyStartedError as err:
            raise RunRefused(
                f"thread {thread_id!r} already has a run in progress; follow it with "
                f"`rubricflow status {thread_id}`, send it a follow-up with `rubricflow send`, "
                "or choose another --thread"
            ) from err
        return RunHandle(thread_id, handle)

    def handle(self, thread_id: str) -> RunHandle:
        check_id("thread id", thread_id)
        return RunHandle(
            thread_id, self.client.get_workflow_handle_for(RubricRunWorkflow.run, thread_id)
        )

    async def events(
        self,
        thread_id: str,
        from_offset: int = 0,
        follow: bool = False,
        *,
        on_outage: Callable[[str], None] | None = None,
        give_up_after: timedelta = OUTAGE_GIVE_UP,
    ) -> AsyncIterator[RunEvent]:
        """The thread's events from `from_offset`, live. Ends at the next `run_end`, or,
        with `follow`, only when the thread closes.

        A server outage does not end it: it reconnects with backoff and goes on from the
        next offset, telling `on_outage` once when the server goes away and once when it
        is back; after `give_up_after` without the server it raises `ServerUnreachable`."""
        check_id("thread id", thread_id)
        offset = from_offset
        lost_at: float | None = None
        delay = 0.5
        loop = asyncio.get_running_loop()
        while True:
            stream = WorkflowStreamClient.create(self.client, thread_id)
            try:
                async for item in stream.subscribe(EVENTS_TOPIC, offset, result_type=RunEvent):
                    if lost_at is not None:
                        lost_at, delay = None, 0.5
                        if on_outage:
                            on_outage(f"reconnected to the server; following thread {thread_id} again")
                    offset = item.offset + 1
                    yield item.data
                    if item.data.type == "run_end" and not follow:
                        return
                return
            except (RPCError, WorkflowUpdateRPCTimeoutOrCancelledError) as err:
                if isinstance(err, RPCError) and err.status not in _OUTAGE_CODES:
                    raise
                now = loop.time()
                if lost_at is None:
                    lost_at = now
                    if on_outage:
                        on_outage(
                            f"lost the server ({getattr(err, 'message', None) or err}); the run goes "
                            f"on there; reconnecting for up to {give_up_after.total_seconds():.0f} s"
                        )
                elif now - lost_at > give_up_after.total_seconds():
                    raise ServerUnreachable(
                        f"the server stayed unreachable for {give_up_after.total_seconds():.0f} s; "
                        f"thread {thread_id} goes on there: follow it later with "
                        f"`rubricflow watch {thread_id}`"
                    ) from err
                await asyncio.sleep(delay)
                delay = min(delay * 2, 5.0)

    async def progress(self, thread_id: str) -> Progress:
        """The thread's state: from the query while it runs, from its result once closed."""
        handle = self.handle(thread_id)
        description = await handle.handle.describe()
        stuck = await self._stuck(handle, description)
        if stuck is not None:
            raise ThreadStuck(stuck)
        if description.status == WorkflowExecutionStatus.COMPLETED:
            return await handle.result()
        if description.status != WorkflowExecutionStatus.RUNNING:
            await handle.result()  # raises the failure, cancellation or termination
        return await handle.progress()

    async def workers_polling(self) -> int:
        """Workers polling this task queue for workflow tasks now (0: a message sent now
        waits, queued, until one starts)."""
        response = await self.client.workflow_service.describe_task_queue(
            DescribeTaskQueueRequest(
                namespace=self.client.namespace,
                task_queue=TaskQueue(name=self.queue, kind=TaskQueueKind.TASK_QUEUE_KIND_NORMAL),
                task_queue_type=TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
            )
        )
        now = datetime.now(timezone.utc)
        return sum(
            1 for poller in response.pollers
            if not poller.HasField("last_access_time")
            or now - poller.last_access_time.ToDatetime(timezone.utc) < POLLER_FRESH
        )

    async def stuck(self, thread_id: str) -> Stuck | None:
        """Whether the thread's workflow task keeps failing, and its last failure
        (Temporal's pending workflow task and the history's last `WorkflowTaskFailed`)."""
        handle = self.handle(thread_id)
        return await self._stuck(handle, await handle.handle.describe())

    async def _stuck(self, handle: RunHandle, description) -> Stuck | None:
        if description.status != WorkflowExecutionStatus.RUNNING:
            return None
        pending = description.raw_description.pending_workflow_task
        if not description.raw_description.HasField("pending_workflow_task"):
            return None
        if pending.attempt < STUCK_AFTER_ATTEMPTS:
            return None
        failure = "(not in the history yet)"
        async for event in handle.handle.fetch_history_events():
            if event.event_type == EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED:
                attrs = event.workflow_task_failed_event_attributes
                failure = attrs.failure.message or attrs.failure.WhichOneof("failure_info") or "unknown"
        since = (
            pending.original_scheduled_time.ToDatetime()
            if pending.HasField("original_scheduled_time") else None
        )
        return Stuck(handle.thread_id, pending.attempt, since, failure)

    async def submit(
        self, thread_id: str, message: SubmitInput, start: RunInput | None = None
    ) -> Progress:
        """Send a message and wait until the thread has handled it. With `start`, the
        thread is created if it does not exist (update-with-start: one round trip)."""
        if start is None:
            return await self.handle(thread_id).handle.execute_update(
                RubricRunWorkflow.submit, message
            )
        check_input(start)
        check_id("thread id", thread_id)
        operation = WithStartWorkflowOperation(
            RubricRunWorkflow.run,
            start,
            id=thread_id,
            task_queue=self.queue,
            id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            static_summary=f"rubric thread: {message.message[:80]}",
        )
        return await self.client.execute_update_with_start_workflow(
            RubricRunWorkflow.submit, message, start_workflow_operation=operation
        )

    async def send(self, thread_id: str, message: SubmitInput) -> None:
        """Fire-and-forget: queue a message on the thread."""
        await self.handle(thread_id).handle.signal(RubricRunWorkflow.send, message)

    async def pause(self, thread_id: str) -> Progress:
        return await self.handle(thread_id).handle.execute_update(RubricRunWorkflow.pause)

    async def resume(self, thread_id: str) -> Progress:
        return await self.handle(thread_id).handle.execute_update(RubricRunWorkflow.resume)

    async def approve(self, thread_id: str, review: ApproveInput) -> Progress:
        return await self.handle(thread_id).handle.execute_update(RubricRunWorkflow.approve, review)

    async def reject(self, thread_id: str, review: RejectInput) -> Progress:
        return await self.handle(thread_id).handle.execute_update(RubricRunWorkflow.reject, review)

    async def extend(self, thread_id: str, more: ExtendInput) -> Progress:
        return await self.handle(thread_id).handle.execute_update(RubricRunWorkflow.extend, more)

    async def cancel(self, thread_id: str) -> None:
        await self.handle(thread_id).handle.cancel()

    async def list(self, limit: int = 50, status: str | None = None) -> list[tuple[str, str, str]]:
        """(thread id, rubric status or Temporal status, start time), newest first.
        `status` filters on the `RubricStatus` search attribute."""
        query = f"WorkflowType = '{RubricRunWorkflow.__name__}'"
        if status is not None:
            query += f" AND RubricStatus = '{status}'"
        rows = []
        async for wf in self.client.list_workflows(query, limit=limit):
            shown = wf.typed_search_attributes.get(STATUS_ATTR) or (
                wf.status.name if wf.status else "UNKNOWN"
            )
            if wf.status and wf.status != WorkflowExecutionStatus.RUNNING:
                shown = f"{shown} ({wf.status.name.lower()})"
            rows.append((wf.id, shown, wf.start_time.isoformat(timespec="seconds")))
        return rows

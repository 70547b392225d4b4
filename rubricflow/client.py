"""A small Python API to start, follow and inspect grading runs."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from temporalio.api.enums.v1 import EventType, TaskQueueKind, TaskQueueType
from temporalio.api.taskqueue.v1 import TaskQueue
from temporalio.api.workflowservice.v1 import DescribeTaskQueueRequest
from temporalio.client import (
    Client,
    WithStartWorkflowOperation,
    WorkflowExecutionDescription,
    WorkflowExecutionStatus,
    WorkflowFailureError,
    WorkflowHandle,
    WorkflowQueryFailedError,
    WorkflowUpdateRPCTimeoutOrCancelledError,
)
from temporalio.common import WorkflowIDConflictPolicy
from temporalio.contrib.workflow_streams import WorkflowStreamClient
from temporalio.exceptions import WorkflowAlreadyStartedError
from temporalio.service import RPCError, RPCStatusCode

from rubricflow.ask_workers import ask_workers, check_of, refuse
from rubricflow.client_errors import (
    RubricflowError,
    RunFailed,
    ServerUnreachable,
    Stuck,
    ThreadClosed,
    ThreadNotFound,
    ThreadStuck,
    UpdateRefused,
    target_host,
    typed_errors,
)
from rubricflow.errors import RunRefused
from rubricflow.listing import CLOSED_STATUSES, LIST_STATUSES, ThreadRow, row_status, visibility_query
from rubricflow.observe import observe
from rubricflow.outages import Outage
from rubricflow.run_checks import check_id, check_input, new_thread_id, run_models
from rubricflow.settings import client_runtime, task_queue
from rubricflow.settings import connect as _connect
from rubricflow.workflows.files import AgentFile
from rubricflow.workflows.names import EVENTS_TOPIC, ITERATION_ATTR, RUN_ID_ATTR, STATUS_ATTR
from rubricflow.workflows.rubric_run import RubricRunWorkflow
from rubricflow.workflows.run_check_types import RunCheckInput, RunCheckResult
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
from rubricflow.workflows.visibility import start_search_attributes

__all__ = [
    "LIST_STATUSES",
    "RubricflowError",
    "RunFailed",
    "RunHandle",
    "RunRefused",
    "Rubricflow",
    "ServerUnreachable",
    "Stuck",
    "ThreadClosed",
    "ThreadNotFound",
    "ThreadStuck",
    "ThreadRow",
    "UpdateRefused",
    "check_input",
    "new_thread_id",
    "run_models",
]


REVIEW_QUERY_TIMEOUT = timedelta(seconds=5)
"""How long `approve` / `reject` wait for the thread to show what they decide on."""

OUTAGE_GIVE_UP = timedelta(minutes=5)
"""How long `events` keeps reconnecting through a server outage before it gives up."""
_OUTAGE_CODES = (RPCStatusCode.UNAVAILABLE, RPCStatusCode.DEADLINE_EXCEEDED, RPCStatusCode.UNKNOWN)


POLLER_FRESH = timedelta(minutes=2)
"""A poller seen this recently is a live worker (Temporal remembers gone ones for minutes)."""

STUCK_AFTER_ATTEMPTS = 2
"""A workflow task on its second attempt has failed once: reported, never a silent hang."""


@dataclass
class RunHandle:
    thread_id: str
    handle: WorkflowHandle[RubricRunWorkflow, RunResult]

    async def result(self) -> RunResult:
        """The run's final state; `RunFailed` when it failed, was cancelled, terminated or timed out."""
        with typed_errors(self.thread_id):
            try:
                return await self.handle.result()
            except WorkflowFailureError as err:
                description = await self.handle.describe()
                status = CLOSED_STATUSES.get(description.status, "failed")  # type: ignore[arg-type]
                raise RunFailed(self.thread_id, status, err) from err.cause

    async def progress(self) -> Progress:
        with typed_errors(self.thread_id):
            return await self.handle.query(RubricRunWorkflow.progress)


class Rubricflow:
    """Starts threads on a task queue and follows them. Any client process may use it."""

    def __init__(self, client: Client, queue: str | None = None) -> None:
        self.client = client
        self.queue = check_id("task queue", task_queue() if queue is None else queue)

    @classmethod
    async def connect(cls, queue: str | None = None, **overrides: Any) -> Rubricflow:
        """Connect with Temporal's standard client configuration (TEMPORAL_ADDRESS,
        TEMPORAL_NAMESPACE, TLS, API key, or a profile) and the task queue from
        RUBRICFLOW_TASK_QUEUE; raises `ServerUnreachable` with the address tried."""
        overrides.setdefault("runtime", client_runtime())
        try:
            client = await _connect(**overrides)
        except RuntimeError as err:
            address = str(overrides.get("target_host") or target_host())
            raise ServerUnreachable(address, str(err).splitlines()[0]) from err
        return cls(client, queue)

    async def start(self, run: RunInput, thread_id: str | None = None) -> RunHandle:
        check_input(run)
        thread_id = new_thread_id() if thread_id is None else check_id("thread id", thread_id)
        try:
            with typed_errors():
                handle = await self.client.start_workflow(
                    RubricRunWorkflow.run,
                    run,
                    id=thread_id,
                    task_queue=self.queue,
                    id_conflict_policy=WorkflowIDConflictPolicy.FAIL,
                    static_summary=f"rubric thread: {(run.message or 'waiting for a message')[:80]}",
                    # Shown from its first task: set here, the thread need not upsert it.
                    search_attributes=start_search_attributes() if run.message is not None else None,
                )
        except WorkflowAlreadyStartedError as err:
            raise RunRefused(
                f"thread {thread_id!r} already has a run in progress; follow it with "
                f"`rubricflow status {thread_id}`, send it a follow-up with `rubricflow send`, "
                "or choose another --thread"
            ) from err
        return RunHandle(thread_id, handle)

    async def ask(self, check: RunCheckInput) -> RunCheckResult | None:
        """A worker's answer on what `check` names (refusals, checks, its profiles'
        prices); None when no worker polls or answers within `ask_workers.CHECK_WAIT`."""
        if not await self.workers_polling():
            return None
        return await ask_workers(self.client, self.queue, check)

    async def check(
        self, run: RunInput | RunCheckInput, rubrics: Mapping[str, str | None] | None = None
    ) -> RunCheckResult | None:
        """`ask` about `run` (its models, agent, tools, the checks `rubrics` name: default,
        its rubric); `RunRefused` in the workers' words. None when none answered: the run
        may start, and its worker refuses what it lacks at its first step."""
        check = run if isinstance(run, RunCheckInput) else check_of(run.agent, run.grader)
        if rubrics is None:
            rubrics = {"the rubric": run.rubric} if isinstance(run, RunInput) else {}
        answer = await self.ask(check)
        if answer is not None:
            refuse(self.queue, answer, rubrics)
        return answer

    def handle(self, thread_id: str) -> RunHandle:
        check_id("thread id", thread_id)
        return RunHandle(thread_id, self.client.get_workflow_handle_for(RubricRunWorkflow.run, thread_id))

    @contextlib.asynccontextmanager
    async def _steering(self, thread_id: str) -> AsyncIterator[None]:
        """`typed_errors` for a call that steers a live thread: Temporal answers a
        closed workflow as not found, which is said as `ThreadClosed`, with how it ended;
        a thread that failed while an update waited raises `RunFailed`."""
        try:
            with typed_errors(thread_id):
                yield
        except ThreadNotFound:
            status = await self._closed_status(thread_id)
            if status is None:
                raise
            raise ThreadClosed(thread_id, status) from None
        except UpdateRefused:
            # Temporal says only that the workflow completed before the update did: say why.
            if (await self.describe(thread_id)).status in CLOSED_STATUSES:
                await self.handle(thread_id).result()  # RunFailed, with what it failed with
            raise

    async def _closed_status(self, thread_id: str) -> str | None:
        """How a closed thread ended, or None when there is no such thread."""
        try:
            description = await self.describe(thread_id)
        except ThreadNotFound:
            return None
        if description.status in CLOSED_STATUSES:
            return CLOSED_STATUSES[description.status]
        try:
            return (await self.handle(thread_id).handle.result()).status
        except Exception:  # noqa: BLE001 - only the wording depends on it
            return "completed"

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
        is back; after `give_up_after` without the server it raises `ServerUnreachable`.
        A thread whose workflow task keeps failing raises `ThreadStuck`."""
        check_id("thread id", thread_id)
        with contextlib.suppress(ServerUnreachable):  # an outage: the loop below rides it out
            await self.describe(thread_id)  # ThreadNotFound before anything is followed
        offset = from_offset
        outage = Outage(thread_id, on_outage, give_up_after)
        while True:
            stream = WorkflowStreamClient.create(self.client, thread_id)
            try:
                async for item in stream.subscribe(EVENTS_TOPIC, offset, result_type=RunEvent):
                    outage.back()
                    offset = item.offset + 1
                    event = item.data.model_copy(update={"offset": item.offset})
                    yield event
                    if event.type == "run_end" and not follow:
                        return
                return
            except (RPCError, WorkflowUpdateRPCTimeoutOrCancelledError) as err:
                await self._raise_unless_outage(thread_id, err)
                await outage.lost(err)

    async def observe(self, thread_id: str, from_offset: int = 0) -> AsyncIterator[RunEvent]:
        """The thread's events from `from_offset` until it closes, read with queries only:
        unlike `events`, following adds nothing to the thread's history, however many
        follow it (`rubricflow/observe.py`)."""
        check_id("thread id", thread_id)
        with typed_errors(thread_id):
            async for event in observe(self.client, thread_id, from_offset):
                yield event

    async def _raise_unless_outage(self, thread_id: str, err: Exception) -> None:
        """Raise `err` (or `ThreadStuck`) unless it is a server outage to ride out. The
        stream's poll is an update, refused with FAILED_PRECONDITION while the thread's
        workflow task fails."""
        if isinstance(err, RPCError) and err.status == RPCStatusCode.FAILED_PRECONDITION:
            stuck = await self.stuck(thread_id)
            if stuck is not None:
                raise ThreadStuck(stuck) from err
        if isinstance(err, RPCError) and err.status not in _OUTAGE_CODES:
            raise err

    async def describe(self, thread_id: str) -> Any:
        """Temporal's description of the thread's workflow (raises `ThreadNotFound`)."""
        with typed_errors(thread_id):
            return await self.handle(thread_id).handle.describe()

    async def started_with(self, thread_id: str) -> RunInput:
        """The input the thread's current workflow run started with (its settings, and the
        state it carried over when it continued as new), read from its history: no
        worker needed, nothing written."""
        handle = self.handle(thread_id).handle
        with typed_errors(thread_id):
            async for event in handle.fetch_history_events(page_size=1):
                payloads = event.workflow_execution_started_event_attributes.input.payloads
                return RunInput.model_validate((await self.client.data_converter.decode(payloads, [RunInput]))[0])
        raise ThreadNotFound(thread_id)

    async def files(self, thread_id: str) -> dict[str, AgentFile]:
        """The agent's virtual files (a `deep` agent's), by absolute path, with content."""
        with typed_errors(thread_id):
            return await self.handle(thread_id).handle.query(RubricRunWorkflow.files)

    async def progress(self, thread_id: str) -> Progress:
        """The thread's state: from the query while it runs, from its result once closed."""
        handle = self.handle(thread_id)
        description = await self.describe(thread_id)
        stuck = await self._stuck(handle, description)
        if stuck is not None:
            raise ThreadStuck(stuck)
        if description.status == WorkflowExecutionStatus.RUNNING:
            return await handle.progress()
        return await handle.result()  # RunFailed when it failed, was cancelled, terminated

    async def workers_polling(self) -> int:
        """Workers polling this task queue for workflow tasks now (0: a message sent now
        waits, queued, until one starts)."""
        with typed_errors():
            response = await self.client.workflow_service.describe_task_queue(
                DescribeTaskQueueRequest(
                    namespace=self.client.namespace,
                    task_queue=TaskQueue(name=self.queue, kind=TaskQueueKind.TASK_QUEUE_KIND_NORMAL),
                    task_queue_type=TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
                )
            )
        now = datetime.now(UTC)
        return sum(
            1
            for poller in response.pollers
            if not poller.HasField("last_access_time") or now - poller.last_access_time.ToDatetime(UTC) < POLLER_FRESH
        )

    async def stuck(self, thread_id: str, description: Any = None) -> Stuck | None:
        """Whether the thread's workflow task keeps failing, and its last failure
        (Temporal's pending workflow task and the history's last `WorkflowTaskFailed`).
        `description`: the thread's `describe()`, when the caller already has it."""
        handle = self.handle(thread_id)
        return await self._stuck(handle, description or await self.describe(thread_id))

    async def _stuck(self, handle: RunHandle, description: WorkflowExecutionDescription) -> Stuck | None:
        if description.status != WorkflowExecutionStatus.RUNNING:
            return None
        pending = description.raw_description.pending_workflow_task
        if not description.raw_description.HasField("pending_workflow_task"):
            return None
        if pending.attempt < STUCK_AFTER_ATTEMPTS:
            return None
        failure = None
        async for event in handle.handle.fetch_history_events():
            if event.event_type == EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED:
                attrs = event.workflow_task_failed_event_attributes
                failure = attrs.failure.message or attrs.failure.WhichOneof("failure_info") or "unknown"
            elif event.event_type == EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED:
                failure = None  # an earlier failure that a later task got past
        since = pending.original_scheduled_time.ToDatetime() if pending.HasField("original_scheduled_time") else None
        return Stuck(
            handle.thread_id,
            pending.attempt,
            since,
            failure or "(not in the history yet)",
            recorded=failure is not None,
        )

    async def submit(self, thread_id: str, message: SubmitInput, start: RunInput | None = None) -> Progress:
        """Send a message and wait until the thread has handled it. With `start`, the
        thread is created if it does not exist (update-with-start: one round trip)."""
        if start is None:
            async with self._steering(thread_id):
                return await self.handle(thread_id).handle.execute_update(RubricRunWorkflow.submit, message)
        check_input(start)
        check_id("thread id", thread_id)
        operation = WithStartWorkflowOperation(
            RubricRunWorkflow.run,
            start,
            id=thread_id,
            task_queue=self.queue,
            id_conflict_policy=WorkflowIDConflictPolicy.USE_EXISTING,
            static_summary=f"rubric thread: {message.message[:80]}",
            search_attributes=start_search_attributes(),
        )
        async with self._steering(thread_id):
            return await self.client.execute_update_with_start_workflow(
                RubricRunWorkflow.submit, message, start_workflow_operation=operation
            )

    async def send(self, thread_id: str, message: SubmitInput) -> None:
        """Fire-and-forget: queue a message on the thread."""
        async with self._steering(thread_id):
            await self.handle(thread_id).handle.signal(RubricRunWorkflow.send, message)

    async def pause(self, thread_id: str) -> Progress:
        async with self._steering(thread_id):
            return await self.handle(thread_id).handle.execute_update(RubricRunWorkflow.pause)

    async def resume(self, thread_id: str) -> Progress:
        async with self._steering(thread_id):
            return await self.handle(thread_id).handle.execute_update(RubricRunWorkflow.resume)

    async def approve(self, thread_id: str, review: ApproveInput) -> Progress:
        """A reviewer's approval of what the thread shows now (see `_decide`)."""
        return await self._decide(thread_id, RubricRunWorkflow.approve, review)

    async def reject(self, thread_id: str, review: RejectInput) -> Progress:
        """A reviewer's rejection of what the thread shows now (see `_decide`)."""
        return await self._decide(thread_id, RubricRunWorkflow.reject, review)

    async def _decide(self, thread_id: str, update: Any, decision: ApproveInput | RejectInput) -> Progress:
        """Send a decision on the review the thread shows: without `review`, the one it
        shows now, read once. Another reviewer's decision accepted in between, or before,
        makes the thread refuse this one (`UpdateRefused`, saying who decided), never
        both. While no worker answers the thread's queries the decision goes without the
        name of the review and waits for a worker, as any update does; the thread still
        refuses it on a review a reviewer has decided."""
        async with self._steering(thread_id):
            handle = self.handle(thread_id).handle
            if decision.review is None:
                try:
                    shown = await handle.query(RubricRunWorkflow.progress, rpc_timeout=REVIEW_QUERY_TIMEOUT)
                except (RPCError, WorkflowQueryFailedError) as err:
                    if isinstance(err, RPCError) and err.status == RPCStatusCode.NOT_FOUND:
                        raise
                else:
                    decision = decision.model_copy(update={"review": shown.review})
            return Progress.model_validate(await handle.execute_update(update, decision))

    async def extend(self, thread_id: str, more: ExtendInput) -> Progress:
        async with self._steering(thread_id):
            return await self.handle(thread_id).handle.execute_update(RubricRunWorkflow.extend, more)

    async def cancel(self, thread_id: str) -> None:
        async with self._steering(thread_id):
            await self.handle(thread_id).handle.cancel()

    async def list(self, limit: int = 50, status: str | None = None) -> list[ThreadRow]:
        """Threads newest first. `status` filters on the `RubricStatus` search attribute
        and must be one of `LIST_STATUSES` (else `RunRefused`)."""
        if limit < 1:
            raise RunRefused(f"limit must be at least 1, got {limit}")
        query = visibility_query(status)
        rows = []
        with typed_errors():
            async for wf in self.client.list_workflows(query, limit=limit):
                attrs = wf.typed_search_attributes
                rubric_status = attrs.get(STATUS_ATTR)
                rows.append(
                    ThreadRow(
                        thread_id=wf.id,
                        workflow_run_id=wf.run_id,
                        status=row_status(wf.status, rubric_status),
                        rubric_status=rubric_status,
                        iteration=attrs.get(ITERATION_ATTR),
                        grading_run_id=attrs.get(RUN_ID_ATTR),
                        started=wf.start_time,
                        closed=wf.close_time,
                    )
                )
        return rows

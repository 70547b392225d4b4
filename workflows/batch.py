"""`BatchWorkflow`: one rubric over a dataset, one `RubricRunWorkflow` thread per item.

A sliding window (samples-python `batch_sliding_window`): at most `concurrency` item
threads run at once, each a child workflow, and a new one starts as one ends. Items come
from the client in chunks (`add_items`) as the queue makes room. Every
`MAX_STARTS_PER_RUN` starts (sooner when Temporal suggests it) the batch stops starting,
lets the running threads end, and continues as new with its counts and queue: its history
stays bounded whatever the dataset's size, and no thread outlives the run that owns it.

An item's thread id is `NAME/ITEM_ID`, started with `ALLOW_DUPLICATE_FAILED_ONLY`: a
replay or a re-run of the same batch never runs a completed item again; a thread that
already exists (completed, or still running from an earlier run of the batch) is adopted,
its result read by an activity, and counted once. A failed item thread is counted and
reported, never retried by the batch (a re-run retries it, on purpose).
"""

from __future__ import annotations

import asyncio
from datetime import timedelta

from temporalio import workflow
from temporalio.common import RetryPolicy, WorkflowIDReusePolicy
from temporalio.exceptions import CancelledError, ChildWorkflowError, WorkflowAlreadyStartedError

with workflow.unsafe.imports_passed_through():
    import rubricflow.workflows.batch_types as batch
    from rubricflow.workflows.activity_defs import BatchActivityDefs
    from rubricflow.workflows.batch_types import (
        AdoptInput,
        BatchInput,
        BatchItem,
        BatchStatus,
        ItemChunk,
        ItemOutcome,
        Received,
    )
    from rubricflow.workflows.rubric_run import RubricRunWorkflow
    from rubricflow.workflows.types import RunInput
    from rubricflow.workflows.visibility import start_search_attributes

ADOPT_TIMEOUT = timedelta(days=7)
"""How long the batch waits on a thread it adopted (a thread's own budgets end it first)."""
ADOPT_HEARTBEAT = timedelta(seconds=30)
ADOPT_RETRY_POLICY = RetryPolicy(
    initial_interval=timedelta(seconds=1), maximum_interval=timedelta(seconds=30), maximum_attempts=10
)


@workflow.defn
class BatchWorkflow:
    """A batch (workflow id = batch name): its items' threads, its counts, its controls:
    `add_items` (the client's chunks), `pause` (no new threads start; running ones go
    on), `resume`, `cancel` (running threads are cancelled, queued items dropped) and the
    `status` query."""

    @workflow.init
    def __init__(self, input: BatchInput) -> None:
        self._settings = input.settings
        self.state = input.state.model_copy(deep=True) if input.state else batch.BatchState()
        if input.state is not None:
            self.state.runs += 1
        self._running: dict[str, asyncio.Task[None]] = {}
        self._started_here = 0
        self._continuing = False

    @workflow.run
    async def run(self, input: BatchInput) -> BatchStatus:
        if self.state.started_at is None:
            self.state.started_at = workflow.now()
        try:
            while not self._complete():
                await workflow.wait_condition(lambda: self._complete() or self._rotate_due() or self._can_start())
                if self._rotate_due() and not self._complete():
                    await self._continue_as_new()
                while self._can_start() and not self._rotate_due():
                    self._start_next()
        except asyncio.CancelledError:
            # Cancelled from Temporal: as the `cancel` update, then the batch ends with its counts.
            self._cancel()
            await workflow.wait_condition(lambda: not self._running)
        await workflow.wait_condition(lambda: not self._running and workflow.all_handlers_finished())
        return self.status()

    def _complete(self) -> bool:
        if self._running:
            return False
        if self.state.cancelled:
            return True
        return self.state.received >= self._settings.total and not self.state.queue

    def _can_start(self) -> bool:
        return (
            not self.state.paused
            and not self.state.cancelled
            and bool(self.state.queue)
            and len(self._running) < self._settings.concurrency
        )

    def _rotate_due(self) -> bool:
        return self._started_here >= batch.MAX_STARTS_PER_RUN or workflow.info().is_continue_as_new_suggested()

    async def _continue_as_new(self) -> None:
        """Let this run's threads end (their results land here), then hand the counts and
        the queue to a fresh run."""
        self._continuing = True
        await workflow.wait_condition(lambda: not self._running and workflow.all_handlers_finished())
        if self._complete():
            return
        workflow.continue_as_new(BatchInput(settings=self._settings, state=self.state))

    def _start_next(self) -> None:
        item = self.state.queue.pop(0)
        self.state.started += 1
        self._started_here += 1
        self._running[item.id] = asyncio.create_task(self._run_item(item))

    async def _run_item(self, item: BatchItem) -> None:
        thread_id = batch.thread_id_of(self._settings.name, item.id)
        began = workflow.now()
        try:
            outcome = await self._thread(thread_id, item)
        except asyncio.CancelledError:
            outcome = ItemOutcome(item_id=item.id, status="thread_cancelled", reason="the batch was cancelled")
        if outcome.seconds == 0.0 and not outcome.adopted:
            outcome = outcome.model_copy(update={"seconds": (workflow.now() - began).total_seconds()})
        batch.record_outcome(self.state, outcome)
        if outcome.adopted:
            self.state.adopted += 1
        del self._running[item.id]

    async def _thread(self, thread_id: str, item: BatchItem) -> ItemOutcome:
        """Start the item's thread and wait for it; adopt it when it already exists."""
        try:
            run_input = RunInput(
                message=item.prompt if item.transcript is None else None,
                transcript=item.transcript,
                rubric=item.rubric or self._settings.rubric,
                agent=self._settings.agent,
                grader=self._settings.grader,
            )
        except ValueError as err:  # the client checks every item first; this is the backstop
            return ItemOutcome(item_id=item.id, status="thread_failed", reason=f"refused: {err}")
        try:
            handle = await workflow.start_child_workflow(
                RubricRunWorkflow.run,
                run_input,
                id=thread_id,
                id_reuse_policy=WorkflowIDReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
                parent_close_policy=workflow.ParentClosePolicy.REQUEST_CANCEL,
                memo={"batch_item": item.id, "metadata": item.metadata},
                static_summary=f"batch item {item.id}: {item.prompt[:60]}",
                search_attributes=start_search_attributes(),
            )
        except WorkflowAlreadyStartedError:
            return await workflow.execute_activity_method(
                BatchActivityDefs.adopt_thread,
                AdoptInput(thread_id=thread_id, item_id=item.id),
                start_to_close_timeout=ADOPT_TIMEOUT,
                heartbeat_timeout=ADOPT_HEARTBEAT,
                retry_policy=ADOPT_RETRY_POLICY,
                summary=f"adopt {thread_id}",
            )
        try:
            return batch.outcome_of(item.id, await handle)
        except ChildWorkflowError as err:
            cancelled = isinstance(err.cause, CancelledError)
            return ItemOutcome(
                item_id=item.id,
                status="thread_cancelled" if cancelled else "thread_failed",
                reason=str(err.cause or err),
            )

    # -- controls ------------------------------------------------------------------------

    @workflow.update
    def add_items(self, chunk: ItemChunk) -> Received:
        """Queue the chunk's items there is room for; the reply says where to go on from."""
        taken = batch.take_items(self.state, chunk)
        return Received(received=self.state.received, accepted=taken, room=batch.room(self.state))

    @add_items.validator
    def _validate_add_items(self, chunk: ItemChunk) -> None:
        batch.check_chunk(self.state, self._settings, chunk)

    @workflow.update
    def pause(self) -> BatchStatus:
        """No new item thread starts until `resume`; running ones go on to their end."""
        self.state.paused = True
        return self.status()

    @pause.validator
    def _validate_pause(self) -> None:
        self._check_open()
        if self.state.paused:
            raise ValueError("the batch is already paused; `rubricflow batch resume NAME` resumes it")

    @workflow.update
    def resume(self) -> BatchStatus:
        self.state.paused = False
        return self.status()

    @resume.validator
    def _validate_resume(self) -> None:
        self._check_open()
        if not self.state.paused:
            raise ValueError("the batch is not paused")

    @workflow.update
    def cancel(self) -> BatchStatus:
        """Cancel the running item threads and drop the queued items; the batch then ends
        with what it counted."""
        self._cancel()
        return self.status()

    @cancel.validator
    def _validate_cancel(self) -> None:
        self._check_open()

    def _check_open(self) -> None:
        if self.state.cancelled:
            raise ValueError("the batch was cancelled")

    def _cancel(self) -> None:
        self.state.cancelled = True
        self.state.queue.clear()
        for task in self._running.values():
            task.cancel()

    @workflow.query
    def status(self) -> BatchStatus:
        """Counts, pass rate, tokens and cost so far (the client works out the ETA)."""
        if self.state.cancelled:
            phase: batch.Phase = "cancelled"
        elif self._complete():
            phase = "done"
        elif self._continuing:
            phase = "continuing"
        elif self.state.paused:
            phase = "paused"
        elif self.state.received < self._settings.total and not self.state.queue:
            phase = "receiving"
        else:
            phase = "running"
        return batch.status_view(
            self._settings.name, self._settings, self.state, len(self._running), phase, workflow.now()
        )

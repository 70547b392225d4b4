"""The worker's side of `workflows/transcript_ref.py`: a step's whole transcript, rebuilt.

The worker keeps the transcripts its steps saw (and, after an agent turn, with the turn's
messages) by thread, bounded in bytes. A step's `base` comes from there when the digest
matches, otherwise from the thread's `transcript` query (not recorded in the history; a
billable query on Temporal Cloud, only on a worker that did not run the thread's last
step), checked against the digest before it is used.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import TypeVar

from temporalio import activity
from temporalio.exceptions import ApplicationError

from rubricflow.workflows import errors
from rubricflow.workflows.sizes import encoded_size
from rubricflow.workflows.state import revision
from rubricflow.workflows.transcript_ref import TRANSCRIPT_QUERY, TranscriptRef, transcript_digest
from rubricflow.workflows.types import AgentTurnInput, Evaluation, GradeInput, GradeResult, Message

StepInput = TypeVar("StepInput", AgentTurnInput, GradeInput)

MAX_CACHED_BYTES = 64 * 1024 * 1024
"""What the worker keeps at most: 256 threads at the largest transcript a thread holds."""


class TranscriptCache:
    """The transcripts each thread's latest step saw on this worker (what the step was
    given, and what the thread will hold after it), by digest."""

    def __init__(self, max_bytes: int = MAX_CACHED_BYTES) -> None:
        self._max_bytes = max_bytes
        self._threads: OrderedDict[str, dict[str, tuple[Message, ...]]] = OrderedDict()
        self._sizes: dict[str, int] = {}
        self._bytes = 0
        self.queries = 0
        """Bases read from a thread instead of the cache."""

    def keep(self, thread_id: str, *transcripts: Sequence[Message]) -> None:
        """Keep these for the thread's next step, in place of what it kept before."""
        self._drop(thread_id)
        size = sum(encoded_size(list(t)) for t in transcripts)
        if size > self._max_bytes:
            return
        self._threads[thread_id] = {transcript_digest(t): tuple(t) for t in transcripts}
        self._sizes[thread_id] = size
        self._bytes += size
        while self._bytes > self._max_bytes:
            self._drop(next(iter(self._threads)))

    def get(self, thread_id: str, digest: str) -> list[Message] | None:
        found = self._threads.get(thread_id, {}).get(digest)
        if found is None:
            return None
        self._threads.move_to_end(thread_id)
        return list(found)

    def _drop(self, thread_id: str) -> None:
        if self._threads.pop(thread_id, None) is not None:
            self._bytes -= self._sizes.pop(thread_id)

    async def resolve(self, thread_id: str, ref: TranscriptRef) -> list[Message]:
        """The step's whole transcript (kept for the thread's next step)."""
        base = [] if ref.base_length == 0 else self.get(thread_id, ref.base)
        if base is None:
            base = await self._from_thread(ref)
        return [*base, *ref.tail]

    async def _from_thread(self, ref: TranscriptRef) -> list[Message]:
        self.queries += 1
        info = activity.info()
        handle = activity.client().get_workflow_handle(info.workflow_id, run_id=info.workflow_run_id)
        held = await handle.query(TRANSCRIPT_QUERY, result_type=list[Message])
        base = held[: ref.base_length]
        if len(base) < ref.base_length or transcript_digest(base) != ref.base:
            # The thread holds another transcript than the one this step was scheduled with.
            raise ApplicationError(
                f"the thread's transcript does not match the step's ({ref.base_length} messages, "
                f"digest {ref.base[:12]}); the step is retried",
                type=errors.TRANSCRIPT_MISMATCH,
            )
        return base


async def whole_step(cache: TranscriptCache, step: StepInput) -> StepInput:
    """The step as it runs: its thread's id (the step's workflow id when the thread left it
    out, as it does) and its whole transcript."""
    thread_id = step.thread_id or activity.info().workflow_id
    update: dict[str, object] = {"thread_id": thread_id, "transcript_ref": None}
    if step.transcript_ref is not None:
        whole = await cache.resolve(thread_id, step.transcript_ref)
        update["messages" if isinstance(step, AgentTurnInput) else "transcript"] = whole
    return step.model_copy(update=update)


def after_pass(step: GradeInput, result: GradeResult) -> list[list[Message]]:
    """What the thread may hold for its next step after this pass: the transcript graded
    and, after `needs_revision`, that with the revision the thread appends (`state.revision`
    of the pass's record, built as the thread builds it)."""
    kept = [list(step.transcript)]
    verdict = result.verdict
    if verdict.result == "needs_revision":
        record = Evaluation(
            grading_run_id=step.grading_run_id,
            iteration=step.iteration,
            result=verdict.result,
            explanation=verdict.explanation,
            criteria=verdict.criteria,
            unverified=result.unverified,
        )
        kept.append([*step.transcript, revision(record)])
    return kept

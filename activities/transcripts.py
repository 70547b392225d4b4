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

from temporalio import activity
from temporalio.exceptions import ApplicationError

from rubricflow.workflows import errors
from rubricflow.workflows.sizes import encoded_size
from rubricflow.workflows.transcript_ref import TRANSCRIPT_QUERY, TranscriptRef, transcript_digest
from rubricflow.workflows.types import Message

MAX_CACHED_BYTES = 64 * 1024 * 1024
"""What the worker keeps at most: 256 threads at the largest transcript a thread holds."""


class TranscriptCache:
    """The latest transcript each thread's steps saw on this worker, by digest."""

    def __init__(self, max_bytes: int = MAX_CACHED_BYTES) -> None:
        self._max_bytes = max_bytes
        self._threads: OrderedDict[str, tuple[str, tuple[Message, ...], int]] = OrderedDict()
        self._bytes = 0
        self.queries = 0
        """Bases read from a thread instead of the cache."""

    def keep(self, thread_id: str, messages: Sequence[Message]) -> None:
        self._drop(thread_id)
        size = encoded_size(list(messages))
        if size > self._max_bytes:
            return
        self._threads[thread_id] = (transcript_digest(messages), tuple(messages), size)
        self._bytes += size
        while self._bytes > self._max_bytes:
            self._drop(next(iter(self._threads)))

    def get(self, thread_id: str, digest: str) -> list[Message] | None:
        entry = self._threads.get(thread_id)
        if entry is None or entry[0] != digest:
            return None
        self._threads.move_to_end(thread_id)
        return list(entry[1])

    def _drop(self, thread_id: str) -> None:
        entry = self._threads.pop(thread_id, None)
        if entry is not None:
            self._bytes -= entry[2]

    async def resolve(self, thread_id: str, ref: TranscriptRef) -> list[Message]:
        """The step's whole transcript (kept for the thread's next step)."""
        base = [] if ref.base_length == 0 else self.get(thread_id, ref.base)
        if base is None:
            base = await self._from_thread(ref)
        messages = [*base, *ref.tail]
        self.keep(thread_id, messages)
        return messages

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

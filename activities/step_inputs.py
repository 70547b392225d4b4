"""The worker's side of `workflows/step_refs.py`: a step's whole transcript and settings, rebuilt.

The worker keeps the transcripts its steps saw (after an agent turn with the turn's
messages, after a pass with the revision the thread will append) and the settings they
were given, by thread, bounded. A step's `base` and settings come from there when the
digests match, otherwise from the thread's `step_context` query (one query for both; not
recorded in the history, a billable query on Temporal Cloud, only on a worker that did
not run the thread's last step), checked against the digests before they are used.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import Any, TypeVar

from temporalio import activity
from temporalio.exceptions import ApplicationError

from rubricflow.activities.step_guards import heartbeating
from rubricflow.workflows import errors
from rubricflow.workflows.sizes import encoded_size
from rubricflow.workflows.state import revision
from rubricflow.workflows.step_refs import STEP_QUERY, StepContext, TranscriptRef, settings_digest, transcript_digest
from rubricflow.workflows.types import (
    AgentTurnInput,
    Evaluation,
    GradeInput,
    GradeResult,
    Message,
)

StepInput = TypeVar("StepInput", AgentTurnInput, GradeInput)

MAX_CACHED_BYTES = 64 * 1024 * 1024
"""Transcripts the worker keeps at most: 256 threads at the largest transcript a thread holds."""
MAX_SETTINGS_THREADS = 4096
"""Threads whose settings the worker keeps (a few KB each at most)."""


class StepCache:
    """The transcripts each thread's latest step saw on this worker (what the step was
    given, and what the thread will hold after it), and the settings its steps were
    given, by digest."""

    def __init__(self, max_bytes: int = MAX_CACHED_BYTES) -> None:
        self._max_bytes = max_bytes
        self._threads: OrderedDict[str, dict[str, tuple[Message, ...]]] = OrderedDict()
        self._sizes: dict[str, int] = {}
        self._bytes = 0
        self._settings: OrderedDict[str, dict[str, tuple[Any, str | None]]] = OrderedDict()
        """Per thread, by digest: the settings its steps were given (a grader pass's with its rubric)."""
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

    async def whole(self, step: StepInput) -> StepInput:
        """The step as it runs: its thread's id (the step's workflow id, when the thread
        left it out, as it does), its whole transcript and its settings."""
        thread_id = step.thread_id or activity.info().workflow_id
        ref = step.transcript_ref
        base = [] if ref is None or ref.base_length == 0 else self.get(thread_id, ref.base)
        grading = isinstance(step, GradeInput)
        sent = (step.settings, step.rubric if grading else None) if step.settings is not None else None
        settings = sent or self._settings.get(thread_id, {}).get(step.settings_digest)
        update: dict[str, object] = {"thread_id": thread_id, "transcript_ref": None, "settings_digest": ""}
        if base is None or settings is None:
            held = await self._from_thread()
            base = base if base is not None else _checked_base(held.transcript, ref)
            settings = settings or _checked_settings(held, step)
        if ref is not None:
            update["transcript" if grading else "messages"] = [*base, *ref.tail]
        self._keep_settings(thread_id, settings)
        update["settings"], rubric = settings
        if grading:
            update["rubric"] = rubric
        return step.model_copy(update=update)

    def _keep_settings(self, thread_id: str, settings: tuple[Any, str | None]) -> None:
        kept = self._settings.setdefault(thread_id, {})
        kept[settings_digest(*settings)] = settings
        self._settings.move_to_end(thread_id)
        while len(self._settings) > MAX_SETTINGS_THREADS:
            self._settings.popitem(last=False)

    async def _from_thread(self) -> StepContext:
        self.queries += 1
        info = activity.info()
        handle = activity.client().get_workflow_handle(info.workflow_id, run_id=info.workflow_run_id)
        # Heartbeating meanwhile: the thread's worker may be the one that died, and the query
        # waits for another to take the thread over; without a beat the step's heartbeat
        # timeout would hand it to a second attempt while this one goes on.
        async with heartbeating("reading the step's transcript and settings from the thread", count_faults=False):
            return await handle.query(STEP_QUERY, result_type=StepContext)


def _mismatch(what: str) -> ApplicationError:
    # The thread holds another transcript or settings than the step was scheduled with.
    return ApplicationError(
        f"the thread's {what} does not match the step's; the step is retried", type=errors.STEP_MISMATCH
    )


def _checked_base(held: list[Message], ref: TranscriptRef | None) -> list[Message]:
    assert ref is not None
    base = held[: ref.base_length]
    if len(base) < ref.base_length or transcript_digest(base) != ref.base:
        raise _mismatch(f"transcript ({ref.base_length} messages, digest {ref.base[:12]})")
    return base


def _checked_settings(held: StepContext, step: StepInput) -> tuple[Any, str | None]:
    settings = (held.grader, held.rubric) if isinstance(step, GradeInput) else (held.agent, None)
    if settings[0] is None or settings_digest(*settings) != step.settings_digest:
        raise _mismatch(f"settings (digest {step.settings_digest[:12]})")
    return settings


def after_pass(step: GradeInput, result: GradeResult) -> list[list[Message]]:
    """What the thread may hold for its next step after this pass: the transcript graded
    and, after `needs_revision`, that with the revision the thread appends (`state.revision`
    of the pass's record, built as the thread builds it)."""
    kept = [list(step.transcript)]
    if result.verdict.result == "needs_revision":
        record = Evaluation.of_pass(step.grading_run_id, step.iteration, result.verdict, unverified=result.unverified)
        kept.append([*step.transcript, revision(record)])
    return kept

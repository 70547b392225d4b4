"""The contract of `BatchWorkflow` (workflows/batch.py): one rubric over a dataset.

The batch's state is one `BatchState`; every decision on it is a pure function here (what
an item's thread ended as, how it counts, what the status shows), so that tests of them
need no server. Items reach the workflow in chunks (`ItemChunk`, an update) as it makes
room: at most `MAX_QUEUED_ITEMS` items (and `MAX_QUEUED_CHARS` characters) wait in it, so
neither an update, nor the input it continues as new with, ever holds the whole dataset.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rubricflow.workflows.sizes import MAX_GIVEN_TRANSCRIPT_BYTES, MAX_MESSAGE_CHARS, MAX_RUBRIC_CHARS, encoded_size
from rubricflow.workflows.types import AgentSettings, GraderSettings, Message, RunResult, check_given_transcript

MAX_CONCURRENCY = 500
MAX_BATCH_ITEMS = 1_000_000
MAX_ITEM_ID_CHARS = 200
MAX_CHUNK_ITEMS = 200
"""Items one `add_items` update carries (the client also keeps a chunk under
`MAX_CHUNK_CHARS`, far below Temporal's 2 MB payload limit)."""
MAX_CHUNK_CHARS = 200_000
MAX_QUEUED_ITEMS = 1_000
MAX_QUEUED_CHARS = 400_000
"""Characters of prompts, rubrics and metadata waiting in the workflow: at most 1.6 MB of
UTF-8, so the input it continues as new with stays under the 2 MB payload limit."""
MAX_METADATA_CHARS = 4_000
MAX_ITEM_CHARS = (
    MAX_ITEM_ID_CHARS + MAX_MESSAGE_CHARS + MAX_RUBRIC_CHARS + MAX_METADATA_CHARS + MAX_GIVEN_TRANSCRIPT_BYTES
)
"""The most an item can weigh (`item_chars`)."""
MAX_STARTS_PER_RUN = 500
"""Item threads one run of the batch starts before it continues as new (sooner when
Temporal suggests it): about 6 history events each, far below the 50k-event limit."""

BATCH_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$")
"""A batch name is its workflow id and the prefix of its items' thread ids: letters,
digits and `._:-` only, so it is safe inside a visibility query."""

Phase = Literal["receiving", "running", "paused", "continuing", "done", "cancelled"]


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class BatchItem(_Frozen):
    """One line of a dataset: the prompt for one thread, with an optional own rubric."""

    id: str = Field(min_length=1, max_length=MAX_ITEM_ID_CHARS)
    prompt: str = Field(min_length=1, max_length=MAX_MESSAGE_CHARS)
    rubric: str | None = Field(default=None, min_length=1, max_length=MAX_RUBRIC_CHARS)
    metadata: dict[str, Any] = Field(default_factory=dict)
    transcript: list[Message] | None = None
    """A conversation to grade as it stands (`RunInput.transcript`), `prompt` its request:
    the item's thread grades it without an agent turn first."""

    @field_validator("transcript")
    @classmethod
    def _transcript(cls, value: list[Message] | None) -> list[Message] | None:
        return None if value is None else check_given_transcript(value)

    @field_validator("id", mode="before")
    @classmethod
    def _id_as_text(cls, value: object) -> object:
        # A dataset's ids are often numbers: 7 and "7" name the same item.
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        return value

    @field_validator("metadata")
    @classmethod
    def _metadata(cls, value: dict[str, Any]) -> dict[str, Any]:
        if len(repr(value)) > MAX_METADATA_CHARS:
            raise ValueError(f"metadata is over {MAX_METADATA_CHARS} characters; keep it to a few fields")
        return value

    @field_validator("prompt")
    @classmethod
    def _prompt(cls, value: str) -> str:
        if not value.strip():
            raise ValueError("prompt is empty or whitespace")
        return value


def item_chars(item: BatchItem) -> int:
    """What an item weighs in the workflow's queue (characters of its text fields)."""
    given = encoded_size(item.transcript) if item.transcript is not None else 0
    return len(item.id) + len(item.prompt) + len(item.rubric or "") + len(repr(item.metadata)) + given


def thread_id_of(batch: str, item_id: str) -> str:
    """The item's thread (child workflow) id: the same item of the same batch is always
    the same thread, which is what makes a re-run skip it."""
    return f"{batch}/{item_id}"


class BatchSettings(_Frozen):
    """What every item's thread runs with, and the dataset it belongs to."""

    name: str = Field(pattern=BATCH_NAME.pattern)
    """The batch's name (its workflow id): the prefix of its items' thread ids."""
    rubric: str | None = None
    agent: AgentSettings
    grader: GraderSettings | None = None
    concurrency: int = Field(default=10, ge=1, le=MAX_CONCURRENCY)
    total: int = Field(ge=1, le=MAX_BATCH_ITEMS)
    """Items in the dataset: the batch is done when all of them have ended."""
    digest: str = Field(min_length=1, max_length=100)
    """The dataset's fingerprint (the client's sha256 of its items): a re-run with the
    same name must bring the same dataset."""


class CriterionTally(BaseModel):
    passed: int = 0
    total: int = 0


class BatchState(BaseModel):
    """Everything a batch carries from one run to the next (no per-item records: the
    items' own threads hold those, and `rubricflow batch report` reads them)."""

    received: int = 0
    """Dataset position of the next item the workflow expects (items arrive in order)."""
    queue: list[BatchItem] = Field(default_factory=list)
    started: int = 0
    """Items handed to a thread: started here, or adopted (their thread already existed)."""
    adopted: int = 0
    done: int = 0
    """Items whose thread completed (whatever its run's status)."""
    failed: int = 0
    """Items whose thread's workflow failed, was cancelled, terminated or timed out."""
    statuses: dict[str, int] = Field(default_factory=dict)
    criteria: dict[str, CriterionTally] = Field(default_factory=dict)
    iterations: dict[str, int] = Field(default_factory=dict)
    tokens: int = 0
    cost_usd: float = 0.0
    item_seconds: float = 0.0
    paused: bool = False
    cancelled: bool = False
    started_at: datetime | None = None
    runs: int = 1
    """Runs of the batch workflow so far (1 + times it continued as new)."""


class ItemChunk(_Frozen):
    """Items from dataset position `offset` on. A chunk sent again (a client retrying
    after a lost reply) is harmless: items the workflow already has are skipped."""

    offset: int = Field(ge=0)
    items: list[BatchItem] = Field(min_length=1, max_length=MAX_CHUNK_ITEMS)


class Received(_Frozen):
    received: int
    """The position the workflow expects next: send from here."""
    accepted: int
    room: int
    """Items the workflow takes now; 0: wait until running items make room."""


class ItemOutcome(_Frozen):
    """How one item's thread ended, as the batch counts it."""

    item_id: str
    status: str
    """The thread's run status (satisfied, failed, max_iterations_reached...), or
    `thread_failed` / `thread_cancelled` when its workflow did not complete."""
    iterations: int = 0
    criteria: dict[str, bool] = Field(default_factory=dict)
    tokens: int = 0
    cost_usd: float = 0.0
    seconds: float = 0.0
    adopted: bool = False
    reason: str | None = None


class BatchStatus(_Frozen):
    """The `status` query, and the batch's result once it ends."""

    name: str
    phase: Phase
    total: int
    received: int
    queued: int
    """Items not started yet (waiting in the workflow, or still to be sent by the client)."""
    running: int
    done: int
    failed: int
    satisfied: int
    statuses: dict[str, int]
    criteria: dict[str, CriterionTally]
    iterations: dict[str, int]
    tokens: int
    cost_usd: float
    started: int
    adopted: int
    started_at: datetime | None
    at: datetime
    runs: int
    room: int
    digest: str
    concurrency: int

    @property
    def finished(self) -> int:
        return self.done + self.failed

    @property
    def pass_rate(self) -> float | None:
        return self.satisfied / self.finished if self.finished else None

    def eta_s(self, now: datetime) -> float | None:
        """Seconds until every item ends, at the rate items have ended so far."""
        if self.started_at is None or not self.finished:
            return None
        elapsed = (now - self.started_at).total_seconds()
        if elapsed <= 0:
            return None
        return (self.total - self.finished) / (self.finished / elapsed)


def outcome_of(item_id: str, result: RunResult, seconds: float = 0.0, adopted: bool = False) -> ItemOutcome:
    """A completed thread's result, reduced to what the batch counts."""
    last = result.evaluations[-1] if result.evaluations else None
    return ItemOutcome(
        item_id=item_id,
        status=result.status,
        iterations=result.iteration,
        criteria={c.name: c.passed for c in last.criteria} if last is not None else {},
        tokens=result.usage.total_tokens,
        cost_usd=result.run_cost_usd or 0.0,
        seconds=seconds,
        adopted=adopted,
    )


def record_outcome(state: BatchState, outcome: ItemOutcome) -> None:
    """Count one ended item (each item is counted once: the workflow calls this once per
    thread it started or adopted)."""
    state.statuses[outcome.status] = state.statuses.get(outcome.status, 0) + 1
    if outcome.status.startswith("thread_"):
        state.failed += 1
        return
    state.done += 1
    for name, passed in outcome.criteria.items():
        tally = state.criteria.setdefault(name, CriterionTally())
        tally.total += 1
        tally.passed += int(passed)
    key = str(outcome.iterations)
    state.iterations[key] = state.iterations.get(key, 0) + 1
    state.tokens += outcome.tokens
    state.cost_usd += outcome.cost_usd
    state.item_seconds += outcome.seconds


def queued_chars(state: BatchState) -> int:
    return sum(item_chars(item) for item in state.queue)


def take_items(state: BatchState, chunk: ItemChunk) -> int:
    """Queue the chunk's items the workflow does not have yet, as many as there is room
    for; returns how many were taken."""
    fresh = chunk.items[state.received - chunk.offset :]
    chars = queued_chars(state)
    taken = 0
    for item in fresh:
        chars += item_chars(item)
        if len(state.queue) >= MAX_QUEUED_ITEMS or (state.queue and chars > MAX_QUEUED_CHARS):
            break
        state.queue.append(item)
        taken += 1
    state.received += taken
    return taken


def room(state: BatchState) -> int:
    """Items the queue takes now, whatever their size (0 until any item would fit)."""
    if queued_chars(state) + MAX_ITEM_CHARS > MAX_QUEUED_CHARS:
        return 0
    return max(0, MAX_QUEUED_ITEMS - len(state.queue))


def check_chunk(state: BatchState, settings: BatchSettings, chunk: ItemChunk) -> None:
    """Refuse a chunk that leaves a gap, runs past the dataset, or comes after cancel."""
    if state.cancelled:
        raise ValueError("the batch was cancelled: it takes no more items")
    if chunk.offset > state.received:
        raise ValueError(f"items from position {state.received} are expected next, got {chunk.offset}")
    if chunk.offset + len(chunk.items) > settings.total:
        raise ValueError(
            f"the dataset has {settings.total} items; this chunk runs to {chunk.offset + len(chunk.items)}"
        )


def status_view(
    name: str, settings: BatchSettings, state: BatchState, running: int, phase: Phase, now: datetime
) -> BatchStatus:
    return BatchStatus(
        name=name,
        phase=phase,
        total=settings.total,
        received=state.received,
        queued=len(state.queue) + settings.total - state.received,
        running=running,
        done=state.done,
        failed=state.failed,
        satisfied=state.statuses.get("satisfied", 0) + state.statuses.get("answered", 0),
        statuses=dict(state.statuses),
        criteria={k: v.model_copy() for k, v in state.criteria.items()},
        iterations=dict(state.iterations),
        tokens=state.tokens,
        cost_usd=state.cost_usd,
        started=state.started,
        adopted=state.adopted,
        started_at=state.started_at,
        at=now,
        runs=state.runs,
        room=room(state),
        digest=settings.digest,
        concurrency=settings.concurrency,
    )


class BatchInput(_Frozen):
    settings: BatchSettings
    state: BatchState | None = None
    """Set only by the batch itself when it continues as new."""


class AdoptInput(_Frozen):
    """A thread the batch did not start in this run (it already existed): wait for it."""

    thread_id: str
    item_id: str

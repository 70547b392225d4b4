"""How big a thread's payloads may grow: every size limit, and the pure functions that apply them.

Temporal refuses a payload over 2 MiB (the server's `limit.blobSize.error`). The SDK checks
it on the worker before it uploads and fails the task: an activity's result is then retried
for its whole retry policy, and a workflow task (an update's result, the thread's state
carried by continue-as-new) is retried forever, so the thread is stuck. What a thread sends
and keeps is therefore bounded here, well inside that limit, and what does not fit is cut
with a visible mark (`clip`) or refused to the agent as a tool's error; what still would not
fit ends its step at once with a non-retryable `errors.PAYLOAD_TOO_LARGE` (`PayloadTooLarge`).

Where the bytes go, each bounded by a constant below:

- an agent turn's result: the messages it added (each text and each call's arguments
  `MAX_TEXT_BYTES`, all of them `MAX_TURN_BYTES`), its file changes (`MAX_FILES_BYTES`)
  and todos (`MAX_TODOS_BYTES`); the activity checks the whole against `MAX_PAYLOAD_BYTES`;
- the thread's transcript (`MAX_TRANSCRIPT_BYTES`), which travels in every agent-turn and
  grader-pass input beside the files, and in every `progress` (query, update result, the
  thread's result) beside the evaluations shown (`MAX_SHOWN_EVALUATIONS_BYTES`);
- a grader pass's result (`MAX_VERDICT_BYTES`; explanation and gaps clipped first);
- what continue-as-new carries: the state above plus the event stream's retained log
  (`MAX_CARRIED_STREAM_BYTES`);
- user input (`MAX_MESSAGE_CHARS`, `MAX_RUBRIC_CHARS`, `MAX_SYSTEM_PROMPT_CHARS`), refused
  over its limit before it reaches the history.

Sizes are bytes of a value's JSON encoding as the data converter writes it (`encoded_size`),
so escaped characters count as what they cost. Pure and deterministic: safe in workflow code.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from pydantic_core import to_json

if TYPE_CHECKING:
    from temporalio.contrib.workflow_streams import WorkflowStreamState

    from rubricflow.workflows.types import GraderVerdict, Message

T = TypeVar("T")

SERVER_PAYLOAD_LIMIT_BYTES = 2 * 1024 * 1024
"""The Temporal server's default `limit.blobSize.error`: a larger payload is refused."""
SERVER_PAYLOAD_WARN_BYTES = 512 * 1024
"""The server's default `limit.blobSize.warn` (the SDK warns at the same size)."""
SERVER_HISTORY_LIMIT_BYTES = 50 * 1024 * 1024
"""The server's default `limit.historySize.error`: a larger history ends the workflow."""

MAX_PAYLOAD_BYTES = 1024 * 1024
"""The most one activity result may encode to: half the server's limit, so that what is
not counted here (payload metadata, encryption, the other fields of a command) always fits.
Over it the activity fails at once, non-retryable, instead of being retried for nothing."""

MAX_TEXT_BYTES = 64 * 1024
"""One text an agent turn produces (an answer, a tool's output, a tool call's arguments):
longer ones are clipped with a mark. 64 KiB is about 16,000 tokens, more than a model's
answer usually is, and four of them fit in the transcript."""

MAX_TURN_BYTES = 256 * 1024
"""All the messages of one agent turn: the transcript keeps no more than this anyway. A
turn past it keeps its answer whole and has its earlier texts clipped to `MIN_TEXT_BYTES`."""
MIN_TEXT_BYTES = 1024
"""What an earlier text of an oversized turn keeps (with the mark)."""

MAX_TRANSCRIPT_BYTES = 256 * 1024
"""The transcript a thread keeps: past it the oldest messages are dropped (the first user
message, the request, always stays). It travels in every turn and grader input and in
every `progress`; with the files beside it a turn's input stays under 600 KiB."""

MAX_FILES_BYTES = 256 * 1024
"""All of a thread's virtual files together (UTF-8 content, `workflows/files.py`), as the
workers enforce it (a write past it is refused to the agent). The files travel in every
agent-turn and grader-pass input: with the transcript, a grading run's worst iteration
(both inputs full, a turn rewriting every file) adds under 1.8 MB of history, so a run at
`MAX_ITERATIONS` (20) stays under 36 MB, inside the server's 50 MiB."""

MAX_PATH_BYTES = 256
"""One file's path, as the workers keep it: paths travel beside the content, uncounted."""

WORKFLOW_FILES_BYTES = 1_000_000
"""What the workflow itself accepts from a completed turn (the workers refuse past
`MAX_FILES_BYTES` first). A recorded history must replay as it ran, so this stays at or
above any limit a worker has had: never lower it."""

MAX_TODOS_BYTES = 32 * 1024
"""A deep agent's todo list: a longer `write_todos` is refused to the agent; it travels in
every turn's input and in `progress`."""

MAX_EXPLANATION_BYTES = 8 * 1024
"""A grader's explanation: it is the agent's feedback and shown on every verdict line."""
MAX_GAP_BYTES = 2 * 1024
"""One criterion's gap in a grader's verdict (or a check's report)."""
MAX_VERDICT_BYTES = 64 * 1024
"""A grader pass's whole result once clipped; over it (thousands of criteria) the pass
fails as `PayloadTooLarge` and is recorded as a `grader_error`."""

MAX_SHOWN_EVALUATIONS_BYTES = 128 * 1024
"""The evaluations `progress` shows and continue-as-new carries: the newest that fit."""

MAX_CARRIED_STREAM_BYTES = 128 * 1024
"""The event stream's retained log that continue-as-new carries: its newest events (a
watcher follows from there; the thread's own state holds everything else)."""

MAX_MESSAGE_CHARS = 32_000
"""A user message (and a reviewer's feedback or note): at most 128 KB of UTF-8, so with
the latest answer it fits in the transcript it must stay in. Refused above it."""
MAX_GIVEN_TRANSCRIPT_BYTES = 64 * 1024
"""A conversation given to grade as it stands (`RunInput.transcript`): refused above it, so
with the rubric it stays well inside a batch's queue and the grader's input."""
MAX_GIVEN_MESSAGES = 100
MAX_RUBRIC_CHARS = 16_000
"""A rubric: it travels in every grader input. Refused above it."""
MAX_SYSTEM_PROMPT_CHARS = 16_000
"""An agent's or grader's system prompt: it travels in every input. Refused above it."""

MARK = "[truncated by rubricflow:"
"""How every clipped text says so: `clip` ends it with `MARK ... ]`."""


class PayloadTooLargeError(ValueError):
    """A value would not fit its size limit; the message says what and by how much."""


def encoded_size(value: Any) -> int:
    """Bytes of `value` in the JSON the data converter writes."""
    return len(to_json(value))


def _text_size(text: str) -> int:
    return len(to_json(text)) - 2  # without the quotes


def clip(text: str, max_bytes: int) -> str:
    """`text` if it fits in `max_bytes` (encoded), else its beginning and a mark saying how
    much was cut, together within `max_bytes`."""
    size = _text_size(text)
    if size <= max_bytes:
        return text
    mark = f"\n{MARK} {size} bytes, cut to {max_bytes}]"
    room = max(0, max_bytes - _text_size(mark))
    keep = min(len(text), room)
    while keep and _text_size(text[:keep]) > room:
        # Escaped characters cost more than one byte: shrink in proportion, then by one.
        keep = min(keep - 1, keep * room // _text_size(text[:keep]))
    return text[:keep] + mark


CLIPPED_ARGS = "clipped_arguments"
"""The one key of a tool call's arguments that were too large: their JSON, clipped with
the mark (the call itself ran with them whole)."""


def clip_args(args: dict[str, Any], max_bytes: int) -> dict[str, Any]:
    """A tool call's arguments as the transcript keeps them: as they are within `max_bytes`,
    else their JSON text clipped under `CLIPPED_ARGS`."""
    if encoded_size(args) <= max_bytes:
        return args
    return {CLIPPED_ARGS: clip(to_json(args).decode("utf-8"), max_bytes)}


def _clip_message(message: Message, max_bytes: int) -> Message:
    calls = [c.model_copy(update={"args": clip_args(c.args, max_bytes)}) for c in message.tool_calls]
    return message.model_copy(update={"content": clip(message.content, max_bytes), "tool_calls": calls})


def fit_turn(messages: Sequence[Message]) -> list[Message]:
    """An agent turn's messages within the limits: each text within `MAX_TEXT_BYTES`; if
    together they pass `MAX_TURN_BYTES`, every message but the last (the answer) is clipped
    to `MIN_TEXT_BYTES`. `PayloadTooLargeError` if even that does not fit."""
    fitted = [_clip_message(m, MAX_TEXT_BYTES) for m in messages]
    if encoded_size(fitted) <= MAX_TURN_BYTES:
        return fitted
    fitted = [_clip_message(m, MIN_TEXT_BYTES) for m in fitted[:-1]] + fitted[-1:]
    size = encoded_size(fitted)
    if size > MAX_TURN_BYTES:
        raise PayloadTooLargeError(
            f"the agent turn added {len(fitted)} messages of {size} bytes even with each "
            f"text cut to {MIN_TEXT_BYTES} bytes; at most {MAX_TURN_BYTES} bytes are allowed: "
            "let the agent take fewer steps in one turn"
        )
    return fitted


def clip_verdict(verdict: GraderVerdict) -> GraderVerdict:
    """A grader's verdict with its explanation and each gap clipped to their limits."""
    criteria = [c.model_copy(update={"gap": clip(c.gap, MAX_GAP_BYTES)}) if c.gap else c for c in verdict.criteria]
    return verdict.model_copy(
        update={"explanation": clip(verdict.explanation, MAX_EXPLANATION_BYTES), "criteria": criteria}
    )


def within_transcript(messages: Sequence[Message], max_bytes: int = MAX_TRANSCRIPT_BYTES) -> list[Message]:
    """The transcript to keep: the newest messages that fit in `max_bytes`, after the first
    genuine user message (the request), which always stays, as does the newest message. A
    kept part never starts with tool results whose call was dropped."""
    messages = list(messages)
    if encoded_size(messages) <= max_bytes:
        return messages
    request = next((m for m in messages if m.role == "user" and m.source != "grader"), None)
    room = max_bytes - (encoded_size(request) if request is not None else 0)
    start = len(messages) - 1
    used = encoded_size(messages[start])
    while start > 0 and used + encoded_size(messages[start - 1]) + 1 <= room:
        start -= 1
        used += encoded_size(messages[start]) + 1
    while start < len(messages) - 1 and messages[start].role == "tool":
        start += 1
    tail = messages[start:]
    if request is not None and not any(m is request for m in tail):
        return [request, *tail]
    return tail


def newest_within(items: Sequence[T], max_bytes: int) -> list[T]:
    """The newest items (in their order) whose encodings together fit in `max_bytes`."""
    kept: list[T] = []
    used = 0
    for item in reversed(items):
        used += encoded_size(item) + 1
        if used > max_bytes:
            break
        kept.append(item)
    return kept[::-1]


def carried_stream(state: WorkflowStreamState, max_bytes: int = MAX_CARRIED_STREAM_BYTES) -> WorkflowStreamState:
    """The event stream's state for continue-as-new with only its newest events, those that
    fit in `max_bytes`; the offsets stay as they were (the dropped ones are before the base)."""
    log = newest_within(state.log, max_bytes)
    dropped = len(state.log) - len(log)
    if not dropped:
        return state
    return dataclasses.replace(state, log=log, base_offset=state.base_offset + dropped)


def check_fits(value: Any, max_bytes: int, what: str) -> None:
    """`PayloadTooLargeError` naming `what` when `value` encodes to more than `max_bytes`."""
    size = encoded_size(value)
    if size > max_bytes:
        raise PayloadTooLargeError(
            f"{what} would be {size} bytes; at most {max_bytes} bytes are allowed in one "
            f"payload (the Temporal server refuses {SERVER_PAYLOAD_LIMIT_BYTES})"
        )

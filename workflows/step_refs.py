"""How a step receives the thread's transcript and settings without the history carrying
them again.

Every message is in the history once already: the agent turn that wrote it returned it,
or the workflow wrote it from a recorded verdict (a revision) or an input (a request).
So a step's input names the part of the transcript a worker has seen (`base`, by the
digest of its content) and carries only the messages after it (`tail`); likewise its
settings, sent whole to a thread's first step of each kind and then by digest only. The
worker rebuilds the step from its cache of what it has seen, and when it has not seen it
(another worker ran the last step, or this one restarted) it asks the thread with the
`step_context` query, checking what it gets against the digests. Either way the step
sees exactly what the workflow holds; a digest makes a cache hit a proof of equal
content, never a guess.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Sequence
from typing import Any

from pydantic import Field

from rubricflow.workflows.base import Frozen
from rubricflow.workflows.evaluation import Message
from rubricflow.workflows.run_settings import DEFAULT_MAX_ITERATIONS, AgentSettings, GraderSettings
from rubricflow.workflows.thread_state import ThreadState

STEP_QUERY = "step_context"
"""The thread's query a worker reads a step's transcript and settings with when its cache
lacks them."""


def _short(digest: Any) -> str:
    """A SHA-256 digest to 128 bits, in unpadded URL-safe base64 (22 characters)."""
    return base64.urlsafe_b64encode(digest.digest()[:16]).rstrip(b"=").decode()


def transcript_digest(messages: Sequence[Message]) -> str:
    """Of the messages' JSON, one per line: equal digests, equal transcripts."""
    digest = hashlib.sha256()
    for message in messages:
        digest.update(message.model_dump_json().encode())
        digest.update(b"\n")
    return _short(digest)


def settings_digest(settings: AgentSettings | GraderSettings, rubric: str | None = None) -> str:
    """Of the settings' JSON (and, for a grader pass, the rubric after it)."""
    digest = hashlib.sha256(settings.model_dump_json().encode())
    if rubric is not None:
        digest.update(b"\n" + rubric.encode())
    return _short(digest)


class StepContext(Frozen):
    """What the `step_context` query answers while a step runs: the thread's transcript,
    and the settings its agent turns and grader passes are sent."""

    transcript: list[Message]
    agent: AgentSettings
    grader: GraderSettings | None = None
    rubric: str | None = None


class TranscriptRef(Frozen):
    """The transcript a step works on: the first `base_length` messages (digest `base`),
    which the worker has or fetches, then `tail`."""

    base_length: int = Field(default=0, ge=0)
    base: str = ""
    """`transcript_digest` of the first `base_length` messages ("" when there are none)."""
    tail: list[Message] = Field(default_factory=list)


def transcript_ref(transcript: Sequence[Message], shared: Sequence[Message]) -> TranscriptRef:
    """What to send a step: `shared` is the transcript the last step's worker had (with
    the messages the last agent turn returned); when the transcript still starts with it,
    only what follows is sent, otherwise (the oldest messages were dropped) all of it."""
    known = len(shared)
    if known == 0 or len(transcript) < known or any(a is not b for a, b in zip(transcript, shared)):
        return TranscriptRef(tail=list(transcript))
    return TranscriptRef(base_length=known, base=transcript_digest(shared), tail=list(transcript[known:]))


def grader_step(state: ThreadState) -> dict[str, Any]:
    """What a grader pass is sent of the run's grader settings: what the pass itself uses,
    not the thread's iteration cap, review policies or price table (its model's price
    only, for its cost metric)."""
    grader = state.grader
    assert grader is not None
    settings = grader.model_copy(
        update={
            "max_iterations": DEFAULT_MAX_ITERATIONS,
            "review_split_votes": False,
            "review_unverified": False,
            "prices": {},
        }
    )
    return {"settings": settings, "price": grader.prices.get(grader.model)}


class StepRefs:
    """What a thread has sent its steps, and so what the next one is sent by reference:
    the transcript the last step's worker has (with what that step added), the digest of
    the settings (and rubric) each kind of step was last sent. Rebuilt by replay, never carried over
    continue-as-new (a new run sends whole)."""

    def __init__(self) -> None:
        self._shared: list[Message] = []
        self._sent: dict[str, str] = {}

    def transcript(self, transcript: Sequence[Message]) -> TranscriptRef:
        ref = transcript_ref(transcript, self._shared)
        self._shared = list(transcript)
        return ref

    def seen(self, messages: Sequence[Message]) -> None:
        """Messages the last step's worker holds after the transcript it was sent: a turn's
        own, or the revision it foresaw."""
        self._shared = [*self._shared, *messages]

    def settings(
        self, kind: str, settings: AgentSettings | GraderSettings, rubric: str | None = None
    ) -> dict[str, Any]:
        """The step's settings (a grader pass's with its rubric): whole the first time, then
        by digest."""
        digest = settings_digest(settings, rubric)
        if self._sent.get(kind) == digest:
            return {"settings_digest": digest}
        self._sent[kind] = digest
        return {"settings": settings} if rubric is None else {"settings": settings, "rubric": rubric}

    def grader_step(self, state: ThreadState, rubric: str) -> dict[str, Any]:
        step = grader_step(state)
        sent = self.settings("grader", step.pop("settings"), rubric)
        return {**step, **sent}

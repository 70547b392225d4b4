"""How a step receives the thread's transcript without the history carrying it again.

Every message is in the history once already: the agent turn that wrote it returned it,
or the workflow wrote it from a recorded verdict (a revision) or an input (a request).
So a step's input names the part of the transcript a worker has seen (`base`, by the
digest of its content) and carries only the messages after it (`tail`). The worker
rebuilds the whole from its cache of the transcripts it has seen, and when it has not
seen that part (another worker ran the last step, or this one restarted) it asks the
thread with the `transcript` query, checking what it gets against the digest. Either
way the step sees exactly the transcript the workflow holds; the digest makes a cache
hit a proof of equal content, never a guess.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from pydantic import Field

from rubricflow.workflows.base import Frozen
from rubricflow.workflows.evaluation import Message

TRANSCRIPT_QUERY = "transcript"
"""The thread's query a worker reads the transcript with when its cache lacks the base."""


def transcript_digest(messages: Sequence[Message]) -> str:
    """SHA-256 of the messages' JSON, one per line, to 128 bits: equal digests, equal
    transcripts."""
    digest = hashlib.sha256()
    for message in messages:
        digest.update(message.model_dump_json().encode())
        digest.update(b"\n")
    return digest.hexdigest()[:32]


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

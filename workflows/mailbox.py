"""The thread's mailbox: work queued for the run loop, handled one item at a time."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from rubricflow.workflows.types import Evaluation, ExtendInput, Message, Progress, SubmitInput


@dataclass
class Invocation:
    """Work queued on the thread: a message, a given transcript to grade, or a reviewer's
    reject / extend."""

    number: int
    kind: Literal["message", "given", "reject", "extend"]
    submit: SubmitInput | None = None
    evaluation: Evaluation | None = None
    extend: ExtendInput | None = None
    """An `extend`: the iterations and the extra budget it grants."""
    given: list[Message] | None = None
    """`given`: the conversation `RunInput.transcript` gave, graded before any agent turn."""
    replies: bool = False
    """A caller waits for this item's outcome (a `submit`)."""
    outcome: Progress | None = None
    """The thread's state as this item left it, for the caller that waits (set once the
    item is handled, only when `replies`)."""


@dataclass
class Mailbox:
    """Items in arrival order, numbered from where the thread's previous runs stopped.

    The count of finished items lives in the thread's state (`invocations`); a caller
    waits for its item's number to be reached."""

    issued: int = 0
    items: list[Invocation] = field(default_factory=list)

    def push(self, kind: Literal["message", "given", "reject", "extend"], **details: object) -> Invocation:
        self.issued += 1
        item = Invocation(number=self.issued, kind=kind, **details)  # type: ignore[arg-type]
        self.items.append(item)
        return item

    def pop(self) -> Invocation:
        return self.items.pop(0)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

"""The web view's live events: one reader per thread per UI process, fanned out to every
tab that shows the thread.

A thread's reader (`Rubricflow.observe`: queries only, so no viewer grows the thread's
history) starts with the first tab that follows the thread and stops when the last one
leaves; it keeps the events it read, so a tab that opens later starts from the offset it
asks for without another read of the thread."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

from rubricflow.client import RubricflowError, RunRefused
from rubricflow.workflows.types import RunEvent

Source = Callable[[str], AsyncIterator[RunEvent]]
"""A thread's events from offset 0 until it closes (`Rubricflow.observe`)."""


@dataclass(frozen=True)
class Problem:
    """Why a thread's events stopped before it closed, said to each of its tabs."""

    message: str


@dataclass
class _Feed:
    events: list[RunEvent] = field(default_factory=list)
    ended: bool = False
    problem: str | None = None
    viewers: int = 0
    changed: asyncio.Condition = field(default_factory=asyncio.Condition)
    task: asyncio.Task[None] | None = None


class Hub:
    """The live threads of one UI process."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self.feeds: dict[str, _Feed] = {}
        self.readers_started = 0
        """Readers this hub started (one per thread while any tab follows it)."""

    async def follow(self, thread_id: str, from_offset: int = 0) -> AsyncIterator[RunEvent | Problem]:
        """The thread's events from `from_offset` as they arrive, then a `Problem` if the
        reading failed; ends when the thread closes."""
        feed = self.feeds.get(thread_id)
        if feed is None:
            feed = self.feeds[thread_id] = _Feed()
            feed.task = asyncio.create_task(self._read(thread_id, feed))
            self.readers_started += 1
        feed.viewers += 1
        seen = 0
        try:
            while True:
                async with feed.changed:
                    await feed.changed.wait_for(lambda: len(feed.events) > seen or feed.ended)
                    new, ended = feed.events[seen:], feed.ended
                seen += len(new)
                for event in new:
                    if (event.offset or 0) >= from_offset:
                        yield event
                if ended and seen == len(feed.events):
                    if feed.problem is not None:
                        yield Problem(feed.problem)
                    return
        finally:
            feed.viewers -= 1
            if feed.viewers == 0 and self.feeds.get(thread_id) is feed:
                del self.feeds[thread_id]
                if feed.task is not None:
                    feed.task.cancel()

    async def _read(self, thread_id: str, feed: _Feed) -> None:
        try:
            async for event in self.source(thread_id):
                async with feed.changed:
                    feed.events.append(event)
                    feed.changed.notify_all()
        except (RubricflowError, RunRefused) as err:
            feed.problem = str(err)
        except Exception as err:  # noqa: BLE001 - a tab is told, the UI process goes on
            feed.problem = f"the thread's events stopped: {type(err).__name__}: {err}"
        finally:
            with contextlib.suppress(RuntimeError):  # the loop is closing
                async with feed.changed:
                    feed.ended = True
                    feed.changed.notify_all()

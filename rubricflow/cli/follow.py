"""Following a thread on a terminal: its events as they come, then its final state."""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Iterator
from typing import Any, TextIO

from temporalio.client import WorkflowQueryFailedError
from temporalio.service import RPCError

from rubricflow.cli.exits import EXIT_NOT_SATISFIED, exit_code
from rubricflow.cli.render import console, pass_of, render_event, render_final, result_json, write_json
from rubricflow.client import Rubricflow, RunFailed, ThreadStuck
from rubricflow.prices import price_table, usage_line
from rubricflow.workflows import names

RETRY_POLL_S = 1.0
"""How often a followed run's pending activities are looked at for retries."""


class Follower:
    """Prints a thread's events, one line each, numbered for people, plus one line per
    retry of a step (read from the workflow's pending activities)."""

    def __init__(
        self, rf: Rubricflow, thread_id: str, out: TextIO, max_iterations: int | None = None, show_retries: bool = True
    ):
        self.rf, self.thread_id, self.out = rf, thread_id, out
        self.show_retries = show_retries
        self.max_iterations = max_iterations
        self.started: Any = None
        self.step = "agent turn"
        self.seen_attempts: set[tuple[str, int]] = set()
        self.console = console(out)
        self.status: Any = None
        """On a terminal, a live line under the events: what the thread is doing now."""

    @contextlib.contextmanager
    def live(self) -> Iterator[None]:
        if not self.console.is_terminal:
            yield
            return
        with self.console.status(f"thread {self.thread_id}: waiting for events") as status:
            self.status = status
            try:
                yield
            finally:
                self.status = None

    def event(self, event: Any) -> None:
        if self.started is None:
            self.started = event.at
        if event.type == "agent_turn_start":
            self.step = "agent turn"
        elif event.type == "rubric_evaluation_start":
            self.step = f"grader {pass_of(event.iteration, self.max_iterations)}"
        render_event(event, self.out, self.started, self.max_iterations, self.console)
        if self.status is not None:
            doing = {
                "agent_turn_start": f"{self.step} running",
                "rubric_evaluation_start": f"{self.step} running",
                "run_end": "run ended",
            }.get(event.type, "waiting for the next step")
            self.status.update(f"thread {self.thread_id}: {doing}")

    async def watch_retries(self) -> None:
        """One line per retry of a step; `ThreadStuck` once the thread's workflow task
        keeps failing (the event stream only says so when its next poll is refused)."""
        while True:
            await asyncio.sleep(RETRY_POLL_S)
            try:
                description = await self.rf.describe(self.thread_id)
                stuck = await self.rf.stuck(self.thread_id, description)
            except Exception:  # a momentary outage: the event stream reports real trouble
                continue
            if stuck is not None and stuck.recorded:  # a failure, not a task that timed out
                raise ThreadStuck(stuck)
            if not self.show_retries:
                continue
            for pending in description.raw_description.pending_activities:
                if pending.activity_type.name == names.HOOKS_ACTIVITY or pending.attempt < 2:
                    continue
                key = (pending.activity_id, pending.attempt)
                if key in self.seen_attempts:
                    continue
                self.seen_attempts.add(key)
                why = (pending.last_failure.message or "failed").splitlines()[0][:160]
                # Attempts, not a budget: worker deaths are attempts too, while the step's
                # own faults are capped by the activity (the failure says when it gives up).
                self.console.print(f"{self.step}: {why}, retrying (attempt {pending.attempt})", markup=False)
                self.out.flush()

    async def watching(self, work: Any) -> None:
        """Await `work` (taking the thread's events) while `watch_retries` runs beside it;
        what the watcher raises (`ThreadStuck`) ends `work`."""
        watcher = asyncio.ensure_future(self.watch_retries())
        working = asyncio.ensure_future(work)
        try:
            await asyncio.wait({watcher, working}, return_when=asyncio.FIRST_COMPLETED)
            if working.done():
                working.result()
            else:
                watcher.result()  # the watcher ended first: it raised
        finally:
            for task in (watcher, working):
                task.cancel()
            await asyncio.gather(watcher, working, return_exceptions=True)


async def follow(rf: Rubricflow, thread_id: str, as_json: bool, out: TextIO, max_iterations: int | None = None) -> int:
    """Print the thread's events up to the end of the current run, then its state."""
    follower = Follower(rf, thread_id, out, max_iterations, show_retries=not as_json)

    async def take_events() -> None:
        with contextlib.nullcontext() if as_json else follower.live():
            async for event in rf.events(thread_id, on_outage=say_outage):
                if not as_json:
                    follower.event(event)

    await follower.watching(take_events())
    return await final_state(rf, thread_id, as_json, out)


async def final_state(rf: Rubricflow, thread_id: str, as_json: bool, out: TextIO) -> int:
    """The thread's state (or why it has none), as text or the one `--json` shape."""
    try:
        progress = await rf.progress(thread_id)
    except RunFailed as err:
        if as_json:
            write_json(result_json(None, thread_id, str(err), status=err.status), out)
        else:
            out.write(f"\n{err}\n")
        return EXIT_NOT_SATISFIED
    if as_json:
        write_json(result_json(progress), out)
    else:
        render_final(progress, out)
        out.write(usage_line(progress, price_table()))
    return exit_code(progress.status)


def say_outage(line: str) -> None:
    sys.stderr.write(f"rubricflow: {line}\n")
    sys.stderr.flush()


REPLAY_TIMEOUT_S = 60.0
"""A closed thread's events are read by a query, which a worker answers by replaying its
history: the bound on that answer."""


async def replay_closed(rf: Rubricflow, thread_id: str, events: Any) -> None:
    """A closed thread's events, replayed by a worker of the task queue; without one, a
    line that says so (how the thread ended follows either way)."""
    if not await rf.workers_polling():
        events.close()
        say_outage(
            f"thread {thread_id} is closed and no worker polls task queue {rf.queue!r}: its events "
            "are replayed by a worker; start one to see them"
        )
        return
    try:
        await asyncio.wait_for(events, REPLAY_TIMEOUT_S)
    except (TimeoutError, WorkflowQueryFailedError, RPCError) as err:
        say_outage(f"the events of closed thread {thread_id} could not be replayed: {err}")

"""How a follower of a thread rides out a server outage: it tells once when the server
goes away and once when it is back, waits with backoff between reconnects, and gives up
after a bound with `ServerUnreachable`."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta

from rubricflow.client_errors import ServerUnreachable, target_host


class Outage:
    """One follower's reconnect state."""

    def __init__(self, thread_id: str, on_outage: Callable[[str], None] | None, give_up_after: timedelta) -> None:
        self.thread_id = thread_id
        self.on_outage = on_outage
        self.give_up_after = give_up_after
        self.lost_at: float | None = None
        self.delay = 0.5

    def back(self) -> None:
        """The server answered: say so once if it had been lost."""
        if self.lost_at is not None:
            self.lost_at, self.delay = None, 0.5
            if self.on_outage:
                self.on_outage(f"reconnected to the server; following thread {self.thread_id} again")

    async def lost(self, err: Exception) -> None:
        """The server did not answer: say so the first time, give up past the bound
        (`ServerUnreachable`), else wait before the next reconnect. A follower whose task
        was cancelled (Ctrl-C) never reconnects, even when the SDK said the cancelled call
        as an RPC error rather than as the cancellation."""
        task = asyncio.current_task()
        if task is not None and task.cancelling():
            raise asyncio.CancelledError
        now = asyncio.get_running_loop().time()
        bound = self.give_up_after.total_seconds()
        if self.lost_at is None:
            self.lost_at = now
            if self.on_outage:
                self.on_outage(
                    f"lost the server ({getattr(err, 'message', None) or err}); the run goes "
                    f"on there; reconnecting for up to {bound:.0f} s"
                )
        elif now - self.lost_at > bound:
            raise ServerUnreachable(
                target_host(),
                f"unreachable for {bound:.0f} s; thread {self.thread_id} goes on there: "
                f"follow it later with `rubricflow watch {self.thread_id}`",
            ) from err
        await asyncio.sleep(self.delay)
        self.delay = min(self.delay * 2, 5.0)

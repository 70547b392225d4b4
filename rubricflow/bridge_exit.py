"""A client process exits only after Temporal's Rust client is done with its Python objects.

Each call into Temporal's Rust client sets its result on an asyncio future and then, on one
of the client's threads, drops the references it held to that loop's objects (the loop, the
future, the call's context). If the interpreter is already finalizing when that thread asks
for the GIL, CPython 3.11 ends the thread inside the request and the process aborts:
"PyGILState_Release: thread state ... must be current when releasing"
(temporalio/sdk-python#300). A script whose last act was one client call hit it in 10 of
150 exits here, the README's example in 5 of 40.

So a process that made a client holds its exit, with the GIL released, until every event
loop its clients ran on has been freed: a loop the Rust client still references is one whose
call has not finished with Python. The wait is bounded (`EXIT_DRAIN_S`) for a loop the
program itself keeps alive to the end. Commands that leave through `os._exit` (the CLI, the
worker) skip interpreter teardown and so never race it.
"""

from __future__ import annotations

import asyncio
import atexit
import gc
import time
import weakref

EXIT_DRAIN_S = 2.0
"""The longest an exit waits for the loops a client ran on to be freed."""

_loops: weakref.WeakSet[asyncio.AbstractEventLoop] = weakref.WeakSet()


def hold_exit_for_running_loop() -> None:
    """Make the process's exit wait until the running loop is freed (call where a Temporal
    client is made, in the coroutine that will use it); no running loop, nothing to hold."""
    try:
        _loops.add(asyncio.get_running_loop())
    except RuntimeError:
        return
    atexit.unregister(drain)  # registered once, however many clients are made
    atexit.register(drain)


def drain(deadline_s: float = EXIT_DRAIN_S) -> bool:
    """Wait, releasing the GIL, until every loop registered here is freed or `deadline_s`
    passes; True when they were all freed."""
    end = time.monotonic() + deadline_s
    while True:
        gc.collect()  # an asyncio loop sits in reference cycles: only a collection frees it
        if not _loops:
            return True
        if time.monotonic() >= end:
            return False
        time.sleep(0.005)  # the GIL is free: a client thread waiting for it finishes its drops

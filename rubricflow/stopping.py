"""Stopping a long-running process (a worker, `dev`, `demo`) on SIGINT or SIGTERM."""

from __future__ import annotations

import asyncio
import signal


def install_stop_handlers(stop: asyncio.Event) -> None:
    """SIGINT and SIGTERM set `stop` on the running loop: the process shuts down in order."""
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)

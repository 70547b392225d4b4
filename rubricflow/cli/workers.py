"""What a task queue's workers say before a command sends them anything: whether any
polls, and what they would refuse of a run (`Rubricflow.check`)."""

from __future__ import annotations

import sys
from typing import Any

from rubricflow.ask_workers import CHECK_WAIT
from rubricflow.client import Rubricflow
from rubricflow.workflows.run_check_types import RunCheckInput
from rubricflow.workflows.types import RunInput


async def preflight(rf: Rubricflow, check: RunInput | RunCheckInput, rubrics: Any = None) -> None:
    """What the task queue's workers would refuse of a run, refused now in their words
    (`Rubricflow.check`); a warning when workers poll but none answered."""
    if not await rf.check(check, rubrics) and await rf.workers_polling():
        sys.stderr.write(
            f"rubricflow: warning: no worker on task queue {rf.queue!r} said within "
            f"{CHECK_WAIT.total_seconds():.0f} s what it would refuse (a worker of an older build?); "
            "the run starts, and its worker refuses at the first step what it lacks\n"
        )
        sys.stderr.flush()


async def warn_without_workers(rf: Rubricflow) -> None:
    """Say at once when no worker polls the task queue: the message would wait silently."""
    if not await rf.workers_polling():
        sys.stderr.write(
            f"rubricflow: warning: no worker is polling task queue {rf.queue!r}; the message is "
            "queued and handled once a worker starts there (`rubricflow worker`, or check "
            "RUBRICFLOW_TASK_QUEUE)\n"
        )
        sys.stderr.flush()

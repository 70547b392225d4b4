"""rubricflow: LLM agents that must meet a rubric, run durably on Temporal.

The one import root for Python callers: the client, its errors and the contract's
types (`from rubricflow import Rubricflow, RunInput, AgentSettings, GraderSettings`).
Importing it loads neither LangChain nor the worker's activities.
"""

from importlib.metadata import PackageNotFoundError, version

from rubricflow.client import (
    LIST_STATUSES,
    RubricflowError,
    RunFailed,
    RunHandle,
    RunRefused,
    Rubricflow,
    ServerUnreachable,
    ThreadClosed,
    ThreadNotFound,
    ThreadRow,
    new_thread_id,
)
from rubricflow.workflows.types import (
    AgentSettings,
    ApproveInput,
    Criterion,
    Evaluation,
    ExtendInput,
    GraderSettings,
    Message,
    Progress,
    RejectInput,
    RunEvent,
    RunInput,
    RunResult,
    SubmitInput,
)

try:
    __version__ = version("rubricflow")
except PackageNotFoundError:  # pragma: no cover - a source tree without metadata
    __version__ = "0+unknown"

__all__ = [
    "LIST_STATUSES",
    "AgentSettings",
    "ApproveInput",
    "Criterion",
    "Evaluation",
    "ExtendInput",
    "GraderSettings",
    "Message",
    "Progress",
    "RejectInput",
    "Rubricflow",
    "RubricflowError",
    "RunEvent",
    "RunFailed",
    "RunHandle",
    "RunInput",
    "RunRefused",
    "RunResult",
    "ServerUnreachable",
    "SubmitInput",
    "ThreadClosed",
    "ThreadNotFound",
    "ThreadRow",
    "__version__",
    "new_thread_id",
]

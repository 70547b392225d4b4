"""rubricflow: LLM agents that must meet a rubric, run durably on Temporal.

The one import root for Python callers: the client, its errors and the contract's
types (`from rubricflow import Rubricflow, RunInput, AgentSettings, GraderSettings`), and
for workers `RubricflowPlugin` with its `WorkerConfig`. Importing the package loads neither LangChain nor the
worker's activities; only `RubricflowPlugin`, when first used, loads them.
"""

from __future__ import annotations

from typing import Any

_CLIENT = (
    "LIST_STATUSES",
    "RubricflowError",
    "RunFailed",
    "RunHandle",
    "RunRefused",
    "Rubricflow",
    "ServerUnreachable",
    "ThreadClosed",
    "ThreadNotFound",
    "ThreadRow",
    "new_thread_id",
)
_CONTRACT = (
    "AgentSettings",
    "ApproveInput",
    "ConfigError",
    "Criterion",
    "Evaluation",
    "ExtendInput",
    "GraderSettings",
    "Message",
    "Progress",
    "RejectInput",
    "RunEvent",
    "RunInput",
    "RunResult",
    "SubmitInput",
)


def __getattr__(name: str) -> Any:
    """The names are loaded on first use, never by importing the package: a workflow
    sandbox imports `rubricflow` as the parent of `rubricflow.workflows`, and must not run
    the client's imports there (they would load the contract's modules a second time,
    outside the workflow's pass-through, as classes of their own)."""
    if name in _CLIENT:
        from rubricflow import client

        return getattr(client, name)
    if name == "RubricflowPlugin":
        from rubricflow.plugin import RubricflowPlugin

        return RubricflowPlugin
    if name == "WorkerConfig":
        from rubricflow.activities.config import WorkerConfig

        return WorkerConfig
    if name == "ConfigError":
        from rubricflow.errors import ConfigError

        return ConfigError
    if name in _CONTRACT:
        from rubricflow.workflows import types

        return getattr(types, name)
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("rubricflow")
        except PackageNotFoundError:  # pragma: no cover - a source tree without metadata
            return "0+unknown"
    raise AttributeError(f"module 'rubricflow' has no attribute {name!r}")


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
    "RubricflowPlugin",
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
    "WorkerConfig",
    "__version__",
    "new_thread_id",
]

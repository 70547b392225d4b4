"""The contract of `RunCheckWorkflow` (workflows/run_check.py): what a client asks a
worker about a run before it starts, and the worker's answer."""

from __future__ import annotations

from datetime import timedelta

from pydantic import Field

from rubricflow.workflows.base import Frozen
from rubricflow.workflows.run_settings import ModelPrice

CHECK_TIMEOUT = timedelta(seconds=10)
"""How long a worker has to answer: the check reads at most a scripted file and its own
registries."""


class RunCheckInput(Frozen):
    """What a run names that only a worker can resolve."""

    models: list[str] = Field(default_factory=list, max_length=8)
    """Model strings (`provider:model-id`): the agent's and the grader's."""
    agent: str = "default"
    tools: list[str] = Field(default_factory=list, max_length=200)
    """The agent's tools, by name."""
    grader_tools: list[str] = Field(default_factory=list, max_length=200)
    """The grader's evidence tools, by name."""


class RunCheckResult(Frozen):
    problems: list[str] = Field(default_factory=list)
    """What the worker would refuse, each in words that say what to change."""
    checks: list[str] = Field(default_factory=list)
    """The checks the worker has: a rubric naming another cannot be graded there."""
    prices: dict[str, ModelPrice] = Field(default_factory=dict)
    """The prices of the asked models this worker's profiles give (`profile:NAME`): a client
    prices a run's profiles with these, not with a file on its own machine."""

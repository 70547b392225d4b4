"""A thread's state as one object: what `RubricRunWorkflow` holds, decides on
(`workflows/state.py`) and carries across continue-as-new. Adding a field is one edit
here plus its use."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rubricflow.workflows.evaluation import BestPass, Evaluation, Message
from rubricflow.workflows.files import AgentFile, Todo
from rubricflow.workflows.run_settings import Budget, GraderSettings, Phase, RunStatus, Usage


class _State(BaseModel):
    model_config = ConfigDict(extra="forbid")


class GradingRun(_State):
    """One grading run: its id, the rubric it grades against, and its budget."""

    id: str
    rubric: str
    iteration: int = 0
    """Passes spent so far (the next pass's zero-based number)."""
    max_iterations: int
    """The budget: the grader's `max_iterations`, plus what `extend` granted."""
    frozen_criteria: list[str] = Field(default_factory=list)
    """Criterion names fixed by the run's first usable pass (names only)."""
    usage: Usage = Field(default_factory=Usage)
    """Tokens the run has spent (agent turns and grader passes)."""
    cost_usd: float = 0.0
    """What the run has spent, priced with its grader settings' `prices`."""
    unpriced: list[str] = Field(default_factory=list)
    """Models the run used that its price table lacks (their cost counts as 0)."""
    started_at: datetime | None = None
    """`workflow.now()` when the run started: the origin of its wall-clock budget."""
    budget: Budget = Field(default_factory=Budget)
    """The run's budget: the thread's, plus what `extend` granted."""
    exhausted: str | None = None
    """Which budget ended the run: `tokens`, `cost` or `wall`."""
    stopped_before: Literal["agent_turn", "grading"] | None = None
    """The step a budget stopped the run before: where `extend` picks it up."""
    best: BestPass | None = None
    """The grader pass with the most criteria met so far (ties: the later)."""


class ThreadState(_State):
    """Everything a thread knows; carried whole across continue-as-new."""

    transcript: list[Message] = Field(default_factory=list)
    """Appended to only by `append_messages`, which keeps it within its size limit."""
    evaluations: list[Evaluation] = Field(default_factory=list)
    status: RunStatus = "running"
    phase: Phase = "agent_turn"
    rubric: str | None = None
    """The thread's rubric: persists for follow-ups until a new one is given."""
    grader: GraderSettings | None = None
    budget: Budget = Field(default_factory=Budget)
    """What each grading run of the thread may spend (`RunInput.budget`)."""
    run: GradingRun | None = None
    """The current (or last) grading run; None until the first graded message."""
    turns: int = 0
    """Agent turns taken: each turn's number, stable across retries."""
    invocations: int = 0
    """Queued items (messages, rejections, extensions) the thread has finished handling."""
    paused: bool = False
    paused_status: RunStatus = "running"
    """The status to go back to on `resume`."""
    stop: Evaluation | None = None
    """A reviewer's verdict that ends the paused in-flight run when it wakes up."""
    usage: Usage = Field(default_factory=Usage)
    """Tokens the thread has spent, over all its runs."""
    usage_by_model: dict[str, Usage] = Field(default_factory=dict)
    """The thread's tokens per model label."""
    turn_usage: Usage | None = None
    """The last agent turn's tokens, until the pass that follows records them."""
    files: dict[str, AgentFile] = Field(default_factory=dict)
    """The agent's virtual files (a `deep` agent's), within `workflows/files.py`'s limits;
    changed only from completed agent turns."""
    todos: list[Todo] = Field(default_factory=list)
    """The agent's latest `write_todos` list."""
    granted: int = 0
    """Iterations an accepted `extend` granted that its queued item has not yet added."""
    hooks_failed: int = 0
    """Hook deliveries that failed for good, over the thread's life."""
    hooks: bool | None = None
    """Whether the task queue's workers deliver evaluation hooks, as the latest grader pass
    reported (`GradeResult.hooks`); None until one has. Every worker of a task queue is
    expected to share one hook configuration."""
    decisions: int = 0
    """Reviewer decisions (approve, reject) accepted on the thread: numbers the next one."""
    latest: Evaluation | None = None
    """The latest record, or a reviewer decision accepted after it and not yet recorded
    (a queued rejection, an approval waiting for a paused run): what the next decision
    applies to (`review_point`)."""

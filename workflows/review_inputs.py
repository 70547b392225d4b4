"""What a person sends a thread about its verdict: approve, reject (with feedback) and
extend (more iterations or budget). Part of the contract `rubricflow.workflows.types`
re-exports."""

from __future__ import annotations

from pydantic import Field, model_validator

from rubricflow.workflows.base import Frozen
from rubricflow.workflows.evaluation import Criterion
from rubricflow.workflows.run_settings import MAX_BUDGET_TOKENS, MAX_BUDGET_USD, MAX_BUDGET_WALL_S, MAX_ITERATIONS
from rubricflow.workflows.sizes import MAX_MESSAGE_CHARS


class ApproveInput(Frozen):
    reviewer: str = Field(default="reviewer", min_length=1, max_length=200)
    note: str = Field(default="", max_length=MAX_MESSAGE_CHARS)
    review: str | None = Field(default=None, max_length=200)
    """The review decided on (`Progress.pending_review`; the client reads it once when
    None): refused if another record or decision came since, saying who decided. A review
    a reviewer decided is never decided again (approving a paused run stops it)."""


class RejectInput(Frozen):
    """A person's `needs_revision`: their feedback, and optionally the criteria it concerns."""

    feedback: str = Field(min_length=1, max_length=MAX_MESSAGE_CHARS)
    reviewer: str = Field(default="reviewer", min_length=1, max_length=200)
    criteria: list[Criterion] = Field(default_factory=list)
    review: str | None = Field(default=None, max_length=200)
    """As `ApproveInput.review`."""

    @model_validator(mode="after")
    def _some_failing(self) -> RejectInput:
        if self.criteria and all(c.passed for c in self.criteria):
            raise ValueError("a rejection needs at least one failing criterion (with its gap)")
        return self


class ExtendInput(Frozen):
    """More budget for a run that ended at its cap: iterations after
    `max_iterations_reached`, or extra tokens, cost or wall time after `budget_exhausted`."""

    iterations: int = Field(default=0, ge=0, le=MAX_ITERATIONS)
    extra_tokens: int = Field(default=0, ge=0, le=MAX_BUDGET_TOKENS)
    extra_cost_usd: float = Field(default=0.0, ge=0, le=MAX_BUDGET_USD)
    extra_wall_s: int = Field(default=0, ge=0, le=MAX_BUDGET_WALL_S)

    @model_validator(mode="after")
    def _adds_something(self) -> ExtendInput:
        if not (self.iterations or self.extra_tokens or self.extra_cost_usd or self.extra_wall_s):
            raise ValueError(
                f"extend adds nothing: give iterations (1 to {MAX_ITERATIONS}) or extra tokens, cost or wall time"
            )
        return self

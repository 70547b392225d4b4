"""The contract of a grading run: what a caller sends a thread, what the thread answers
and publishes, and the activities' payloads.

Everything in the contract is plain pydantic, safe to import from workflow code: no
LangChain, no I/O, no environment reads. The settings of a run are in `run_settings`,
its records in `evaluation`, the thread's own state in `thread_state`; this module
re-exports them, so that `rubricflow.workflows.types` names the whole contract.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import Field, field_validator, model_validator
from temporalio.contrib.workflow_streams import WorkflowStreamState

from rubricflow.workflows.base import Frozen
from rubricflow.workflows.evaluation import (
    BestPass,
    Criterion,
    Evaluation,
    GraderVerdict,
    Message,
    PassUsage,
    ToolCall,
    check_given_transcript,
    last_answer,
    operation_id,
    recent_with_request,
)
from rubricflow.workflows.files import AgentFile, FileInfo, Todo
from rubricflow.workflows.review_inputs import ApproveInput, ExtendInput, RejectInput
from rubricflow.workflows.run_settings import (
    DEFAULT_MAX_GRADER_CALLS,
    DEFAULT_MAX_ITERATIONS,
    DEFAULT_STEP_TIMEOUT_S,
    GRADER_SOURCE,
    GRADING_STRATEGIES,
    MAX_BUDGET_TOKENS,
    MAX_BUDGET_USD,
    MAX_BUDGET_WALL_S,
    MAX_GRADER_CALLS,
    MAX_GRADER_SAMPLES,
    MAX_IDLE_TIMEOUT_S,
    MAX_ITERATIONS,
    MAX_STEP_TIMEOUT_S,
    MAX_TOOLS,
    MIN_ITERATIONS,
    TERMINAL_STATUSES,
    AgentSettings,
    Budget,
    EvaluationResult,
    GraderSettings,
    Grading,
    ModelPrice,
    Phase,
    RunStatus,
    Usage,
    Verdict,
    amount_from_text,
    check_model_spec,
    check_tool_names,
    missing_price_message,
    positive_amount,
    score_fraction,
    score_fraction_from_text,
    whole_number,
    whole_number_from_text,
)
from rubricflow.workflows.sizes import MAX_MESSAGE_CHARS, MAX_RUBRIC_CHARS
from rubricflow.workflows.step_refs import TranscriptRef
from rubricflow.workflows.thread_state import ThreadState


def _check_message(value: str) -> str:
    if not value.strip():
        raise ValueError("message is empty: send the task for the agent")
    if len(value) > MAX_MESSAGE_CHARS:
        raise ValueError(f"message has {len(value)} characters; at most {MAX_MESSAGE_CHARS} are allowed")
    return value


def _check_rubric(value: str | None) -> str | None:
    if value is None:
        return None
    if not value.strip():
        raise ValueError("rubric is empty or whitespace: give the criteria, or omit the rubric to run without grading")
    if len(value) > MAX_RUBRIC_CHARS:
        raise ValueError(f"rubric has {len(value)} characters; at most {MAX_RUBRIC_CHARS} are allowed")
    return value


MAX_CARRIED_MESSAGES = 200
"""On continue-as-new a thread keeps its last 200 messages (plus the first user message):
the agent's context window is smaller than that, and the history must stay bounded."""
MAX_CARRIED_EVALUATIONS = 200


class RunInput(Frozen):
    """What starts a thread: its settings and, usually, the first message.

    `message` is None when the thread is opened by an update-with-start `submit` that
    carries the first message. With `idle_timeout_s` 0 the thread closes once its first
    invocation is terminal; otherwise it waits that long for a follow-up before it
    completes cleanly with its final state."""

    message: str | None = None
    rubric: str | None = None
    agent: AgentSettings
    grader: GraderSettings | None = None
    transcript: list[Message] | None = None
    """A conversation to grade as it stands, the user's request in it and the agent's answer
    last (`rubricflow calibrate`, a batch item's `transcript`): the thread's first grading
    run grades it before any agent turn; the agent works only on a revision it asks for
    (`max_iterations` above 1). With it there is no `message`."""
    idle_timeout_s: int = Field(default=0, ge=0, le=MAX_IDLE_TIMEOUT_S)
    budget: Budget = Field(default_factory=Budget)
    """What each grading run of the thread may spend (None limits: no limit)."""
    state: ThreadState | None = None
    """Set only by the thread itself when it continues as new (`workflows/state.py`)."""
    stream_state: WorkflowStreamState | None = None

    @field_validator("message")
    @classmethod
    def _message(cls, value: str | None) -> str | None:
        return None if value is None else _check_message(value)

    @field_validator("rubric")
    @classmethod
    def _rubric(cls, value: str | None) -> str | None:
        return _check_rubric(value)

    @field_validator("transcript")
    @classmethod
    def _transcript(cls, value: list[Message] | None) -> list[Message] | None:
        return None if value is None else check_given_transcript(value)

    @model_validator(mode="after")
    def _grader_with_rubric(self) -> RunInput:
        if self.rubric is not None and self.grader is None:
            raise ValueError("a rubric needs grader settings: give grader.model ('provider:model-id')")
        if self.transcript is not None and self.state is None:
            if self.message is not None:
                raise ValueError("give a message or a transcript to grade, not both: the request is in the transcript")
            if self.rubric is None:
                raise ValueError("a transcript to grade needs a rubric and grader settings")
        if self.message is None and self.transcript is None and self.idle_timeout_s == 0:
            raise ValueError("a thread opened without a message needs idle_timeout_s > 0 to wait for one")
        if self.budget.max_cost_usd is not None:
            if self.grader is None:
                raise ValueError("a cost budget is spent by a grading run: give a rubric and grader settings")
            for model in dict.fromkeys((self.grader.model, self.agent.model)):
                if model not in self.grader.prices:
                    raise ValueError(missing_price_message(model))
        return self


class SubmitInput(Frozen):
    """A message to the thread (the first or a follow-up), optionally with a new rubric.

    No rubric: the thread's rubric persists. A different rubric, or the same rubric after
    a terminal status, starts a new grading run; the same rubric while a run is not
    terminal continues it."""

    message: str
    rubric: str | None = None
    grader: GraderSettings | None = None
    """Grader settings for a new rubric, if the thread has none yet or they change."""

    @field_validator("message")
    @classmethod
    def _message(cls, value: str) -> str:
        return _check_message(value)

    @field_validator("rubric")
    @classmethod
    def _rubric(cls, value: str | None) -> str | None:
        return _check_rubric(value)


EventType = Literal[
    "agent_turn_start",
    "agent_turn_end",
    "rubric_evaluation_start",
    "rubric_evaluation_end",
    "run_end",
    "hook_failed",
]


class RunEvent(Frozen):
    """An event on the thread's stream. Fields not relevant to a type stay unset."""

    type: EventType
    grading_run_id: str | None = None
    iteration: int | None = None
    result: EvaluationResult | None = None
    explanation: str | None = None
    criteria: list[Criterion] | None = None
    unverified: bool | None = None
    score: float | None = None
    """`rubric_evaluation_end` of a scored pass: its weighted score."""
    from_cache: bool | None = None
    """`rubric_evaluation_end`: True when the verdict came from the grader cache."""
    status: RunStatus | None = None
    answer: str | None = None
    at: datetime | None = None
    """Workflow time of the event, stamped as it is published (None until then)."""
    offset: int | None = None
    """The event's offset on the thread's stream, set by the client that read it."""
    hook: str | None = None
    """`hook_failed`: the hook (`module:function` or URL) that failed for good."""


class Progress(Frozen):
    """The whole visible state of a thread, returned by the `progress` query."""

    thread_id: str
    phase: Phase
    status: RunStatus
    rubric: str | None
    grading_run_id: str | None
    iteration: int
    """Grader passes spent in the current grading run."""
    max_iterations: int | None
    frozen_criteria: list[str] = Field(default_factory=list)
    evaluations: list[Evaluation]
    transcript: list[Message]
    answer: str | None
    invocations: int = 0
    """Messages the thread has finished handling."""
    pending: int = 0
    """Messages queued behind the current one."""
    usage: Usage = Field(default_factory=Usage)
    """Tokens the thread has spent (every agent turn and grader pass)."""
    run_usage: Usage = Field(default_factory=Usage)
    """Tokens the current grading run has spent."""
    usage_by_model: dict[str, Usage] = Field(default_factory=dict)
    """The thread's tokens per model label: what a client prices with its own table. A
    model whose calls reported no tokens has no entry."""
    run_cost_usd: float | None = None
    """The current run's cost, when its settings carry prices for what it used."""
    budget: RunBudget | None = None
    """The current run's budgets (with what `extend` added); None without a run."""
    files: list[FileInfo] = Field(default_factory=list)
    """The agent's virtual files (names and sizes); `rubricflow files` prints them."""
    todos: list[Todo] = Field(default_factory=list)
    """The agent's latest `write_todos` list."""
    best: BestPass | None = None
    """At `max_iterations_reached`: the pass with the most criteria met and its answer (the
    transcript's answer stays the last one)."""
    hooks_failed: int = 0
    """Hook deliveries that failed for good (each also a `hook_failed` event)."""
    review: str | None = None
    """The operation id of the latest record, a grader's or a reviewer's (a queued one too)."""
    pending_review: str | None = None
    """The record a person may decide on now (`ApproveInput.review`): the latest, when it is
    a grader's and the run ended (or is paused); None once a reviewer decided it."""


class RunBudget(Budget):
    """A grading run's budget as it stands (with what `extend` added)."""

    exhausted: str | None = None
    """Which budget ended the run (`tokens`, `cost`, `wall`), once one did."""


RunResult = Progress
"""A finished run returns its final progress."""


# Activity payloads ---------------------------------------------------------------


class AgentTurnInput(Frozen):
    thread_id: str = ""
    """"" from a thread: the worker reads the step's workflow id."""
    turn: int
    settings: AgentSettings | None = None
    """From a thread after its first turn, None: `settings_digest` names them (`step_refs.py`)."""
    settings_digest: str = ""
    messages: list[Message] = Field(default_factory=list)
    """The whole transcript the turn continues; from a thread, `transcript_ref` instead."""
    transcript_ref: TranscriptRef | None = None
    grading_run_id: str | None = None
    """The grading run the turn belongs to (None for an ungraded answer): for its span."""
    iteration: int | None = None
    price: ModelPrice | None = None
    """The agent model's price from the run's table, when it has one: for the cost metric."""
    files: dict[str, AgentFile] = Field(default_factory=dict)
    """The thread's files: the turn starts from them."""
    todos: list[Todo] = Field(default_factory=list)


class AgentTurnResult(Frozen):
    messages: list[Message]
    """The messages the turn added, ending with the agent's answer."""
    usage: Usage = Field(default_factory=Usage)
    """Tokens the turn's model calls reported (`usage_metadata`); zero when they report none."""
    files: dict[str, AgentFile | None] = Field(default_factory=dict)
    """What the turn changed in the thread's files: written or edited ones, None for a deleted one."""
    todos: list[Todo] | None = None
    """The agent's todo list after the turn; None when the turn did not touch it."""


class GradeInput(Frozen):
    thread_id: str = ""
    """As `AgentTurnInput.thread_id`."""
    grading_run_id: str
    iteration: int
    rubric: str = ""
    settings: GraderSettings | None = None
    """As `AgentTurnInput.settings`, with the rubric: None and "" after the thread's first pass."""
    settings_digest: str = ""
    transcript: list[Message] = Field(default_factory=list)
    """The whole transcript to grade; from a thread, `transcript_ref` instead."""
    transcript_ref: TranscriptRef | None = None
    price: ModelPrice | None = None
    """The grader model's price from the run's table (the thread sends no table): for the cost metric."""
    frozen_criteria: list[str] = Field(default_factory=list)
    """Criterion names fixed by the run's first usable pass; later passes answer for each."""
    files: dict[str, AgentFile] = Field(default_factory=dict)
    """The thread's files, for checks (`[check: run_python_tests solution.py]`) and the
    grader's `read_file` / `list_files` tools."""
    agent: str = "default"
    """The thread's agent: with any other than `default`, the grader's file tools read
    the thread's files instead of the worker's disk."""

    @property
    def operation_id(self) -> str:
        return operation_id(self.grading_run_id, self.iteration)


class HookInput(Frozen):
    thread_id: str
    evaluation: Evaluation


class GradeResult(Frozen):
    # A field added to a result carries a default: results in recorded histories must
    # still decode on replay (tests/histories/).
    operation_id: str = ""
    verdict: GraderVerdict
    unverified: bool = False
    """The grader claimed `satisfied` without reporting on every criterion, even after
    being asked again: the verdict was downgraded to `needs_revision`."""
    freeze: list[str] = Field(default_factory=list)
    """LLM-graded criterion names to freeze for the run (set on its first usable pass)."""
    model_calls: int = 0
    """Grader model invocations in this pass: 0 for a rubric made only of checks, 2 after
    a corrective re-ask."""
    usage: Usage = Field(default_factory=Usage)
    """Tokens the pass's model calls reported, re-ask included."""
    hooks: bool | None = None
    """Whether the worker that graded has evaluation hooks configured (None from workers
    that do not say). The thread schedules no hook activity while it is False."""
    split_vote: bool = False
    """With several samples per criterion: whether any criterion's vote was not unanimous."""
    evidence_calls: list[str] = Field(default_factory=list)
    """The grader's evidence tools this pass called, in order (`read_file`, ...)."""
    score: float | None = None
    """The pass's weighted score (`workflows/scores.py`), when the rubric is scored or the
    run has a pass score."""
    required_met: bool | None = None
    """With `score`: whether every `[required]` criterion passed."""
    from_cache: bool = False
    """The result came from the worker's grader cache: no model was called this time."""


__all__ = [
    "Budget",
    "AgentFile",
    "AgentSettings",
    "AgentTurnInput",
    "AgentTurnResult",
    "ApproveInput",
    "BestPass",
    "Criterion",
    "DEFAULT_MAX_ITERATIONS",
    "DEFAULT_STEP_TIMEOUT_S",
    "Evaluation",
    "EvaluationResult",
    "EventType",
    "ExtendInput",
    "FileInfo",
    "GRADER_SOURCE",
    "GRADING_STRATEGIES",
    "GradeInput",
    "GradeResult",
    "GraderSettings",
    "GraderVerdict",
    "Grading",
    "HookInput",
    "MAX_BUDGET_TOKENS",
    "MAX_BUDGET_USD",
    "MAX_BUDGET_WALL_S",
    "MAX_CARRIED_EVALUATIONS",
    "MAX_CARRIED_MESSAGES",
    "MAX_GRADER_SAMPLES",
    "DEFAULT_MAX_GRADER_CALLS",
    "MAX_GRADER_CALLS",
    "MAX_IDLE_TIMEOUT_S",
    "MAX_ITERATIONS",
    "MAX_STEP_TIMEOUT_S",
    "MAX_TOOLS",
    "MIN_ITERATIONS",
    "Message",
    "ModelPrice",
    "PassUsage",
    "Phase",
    "Progress",
    "RejectInput",
    "RunBudget",
    "RunEvent",
    "RunInput",
    "RunResult",
    "RunStatus",
    "SubmitInput",
    "TERMINAL_STATUSES",
    "ThreadState",
    "Todo",
    "ToolCall",
    "TranscriptRef",
    "Usage",
    "Verdict",
    "amount_from_text",
    "check_model_spec",
    "check_given_transcript",
    "check_tool_names",
    "last_answer",
    "missing_price_message",
    "operation_id",
    "positive_amount",
    "score_fraction",
    "score_fraction_from_text",
    "recent_with_request",
    "whole_number",
    "whole_number_from_text",
]

"""The contract of a grading run: inputs, state, events and evaluation records.

Everything here is plain pydantic, safe to import from workflow code: no LangChain,
no I/O, no environment reads. Validation lives on the models so that a bad value is
refused wherever a payload is built (client, CLI, worker) with one message that says
what to fix.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from temporalio.contrib.workflow_streams import WorkflowStreamState
from pydantic.json_schema import SkipJsonSchema
from rubricflow.workflows.files import AgentFile, FileInfo, Todo
from rubricflow.workflows.sizes import MAX_MESSAGE_CHARS, MAX_RUBRIC_CHARS, MAX_SYSTEM_PROMPT_CHARS
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    field_validator,
    model_serializer,
    model_validator,
)

MIN_ITERATIONS = 1
MAX_ITERATIONS = 20
DEFAULT_MAX_ITERATIONS = 3
MAX_BUDGET_TOKENS = 1_000_000_000
MAX_BUDGET_USD = 1_000_000.0
MAX_BUDGET_WALL_S = 30 * 24 * 3600

MAX_TOOLS = 32
DEFAULT_STEP_TIMEOUT_S = 600
MAX_STEP_TIMEOUT_S = 3600

Verdict = Literal["satisfied", "needs_revision", "failed"]
"""What a grader may answer."""

Grading = Literal["auto", "whole", "per_criterion", "evidence", "facts"]
"""How a grader pass forms its verdict (activities/strategies.py): `whole` asks for one
structured verdict; `per_criterion` asks one question per criterion; `evidence` asks the same
with facts measured by code in front of the model; `facts` lets the model name the measured
fact (and the value) that settles a criterion, and asks as `evidence` where none does. `auto`
is the worker's choice for the model: `facts` for `local:` models, `whole` otherwise."""
GRADING_STRATEGIES: tuple[str, ...] = ("auto", "whole", "per_criterion", "evidence", "facts")
MAX_GRADER_SAMPLES = 9

EvaluationResult = Literal["satisfied", "needs_revision", "failed", "grader_error"]
"""What an evaluation record holds: the grader's verdict, or `grader_error` when the
grader itself broke. The cap never rewrites a record: see `RunStatus`."""

RunStatus = Literal[
    "running",
    "paused",
    "answered",
    "satisfied",
    "failed",
    "grader_error",
    "max_iterations_reached",
    "budget_exhausted",
    "awaiting_review",
]
"""Status of the thread's current invocation. `answered` is the terminal status of a
run without a rubric (nothing was graded). `budget_exhausted` goes beyond the seed's five
terminal statuses: the run's token, cost or wall-clock budget was used up before its next
agent turn or grader pass. `awaiting_review`: a pass whose vote on a criterion was split,
with `review_split_votes` set and an iteration left, waits for a person (approve or reject)."""

TERMINAL_STATUSES: frozenset[str] = frozenset(
    {"answered", "satisfied", "failed", "grader_error", "max_iterations_reached", "budget_exhausted",
     "awaiting_review"}
)

Phase = Literal["agent_turn", "grading", "idle", "done"]
"""`idle`: the thread waits for a follow-up; `done`: the thread has closed."""

MAX_IDLE_TIMEOUT_S = 30 * 24 * 3600

GRADER_SOURCE = "rubric_grader"
"""Tag on the revision messages the system writes to the agent on the grader's
behalf, so that the transcript builder and consumers never take them for the user."""


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def _check_model_spec(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise ValueError(
            f"{field} must be a string 'provider:model-id' (e.g. 'openai:gpt-4o-mini' "
            f"or 'scripted:path/to/script.json'), got {type(value).__name__}"
        )
    provider, sep, model_id = value.strip().partition(":")
    if not sep or not provider or not model_id:
        raise ValueError(
            f"{field} must look like 'provider:model-id' (e.g. 'openai:gpt-4o-mini' "
            f"or 'scripted:path/to/script.json'), got {value!r}"
        )
    return value.strip()


def _whole_number(
    value: object, field: str, low: int, high: int, *, unit: str = "a whole number", text: bool = False
) -> int:
    """The one whole-number check, for model fields and (with `text`) command-line flags.

    A field takes an int only: bool is an int subclass and "3" coerces in lax mode, both
    are refused. A flag is text: only plain digits are read as a number."""
    number = value
    if text and isinstance(value, str) and value.strip().isdigit():
        number = int(value.strip())
    if not isinstance(number, int) or isinstance(number, bool) or not low <= number <= high:
        got = f"{value!r}" if text else f"{value!r} ({type(value).__name__})"
        raise ValueError(f"{field} must be {unit} from {low} to {high}, got {got}")
    return number


def whole_number_from_text(
    value: str, field: str, low: int, high: int, *, unit: str = "a whole number"
) -> int:
    """A whole number typed as text (a command-line flag), checked as the models check one;
    `ValueError` says what to fix."""
    return _whole_number(value, field, low, high, unit=unit, text=True)


def _positive_amount(value: object, field: str, high: float) -> float:
    """A USD amount: a number above 0 and at most `high` (bool and text refused)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= high:
        raise ValueError(f"{field} must be a number of USD above 0 and at most {high:g}, got {value!r}")
    return float(value)


def amount_from_text(value: str, field: str, high: float = MAX_BUDGET_USD) -> float:
    """A USD amount typed as text (a command-line flag), checked as the models check one."""
    try:
        number: object = float(value)
    except ValueError:
        number = value
    return _positive_amount(number, field, high)


def missing_price_message(model: str) -> str:
    return (
        f"max_cost_usd needs a price for model {model!r}: add it to the price table "
        "(RUBRICFLOW_PRICES) or drop the cost budget"
    )


class Usage(_Frozen):
    """Tokens spent, as LangChain's `usage_metadata` reports them."""

    input_tokens: int = Field(default=0, ge=0)
    output_tokens: int = Field(default=0, ge=0)

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def __add__(self, other: Usage) -> Usage:
        return Usage(
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
        )


class ModelPrice(_Frozen):
    """USD per million input and output tokens of one model."""

    input_usd_per_mtok: float = Field(ge=0)
    output_usd_per_mtok: float = Field(ge=0)

    def cost(self, usage: Usage) -> float:
        return (
            usage.input_tokens * self.input_usd_per_mtok
            + usage.output_tokens * self.output_usd_per_mtok
        ) / 1_000_000


def _check_tool_names(value: list[str]) -> list[str]:
    if len(value) > MAX_TOOLS:
        raise ValueError(f"at most {MAX_TOOLS} tools may be named, got {len(value)}")
    for name in value:
        if not name.strip():
            raise ValueError("tool names must not be empty")
    return [name.strip() for name in value]


class AgentSettings(_Frozen):
    """The working agent: its model, system prompt and tools (names resolved on the worker)."""

    model: str
    system_prompt: str | None = Field(default=None, max_length=MAX_SYSTEM_PROMPT_CHARS)
    tools: list[str] = Field(default_factory=list)
    timeout_s: int = DEFAULT_STEP_TIMEOUT_S
    """The longest one agent turn (model and tool calls) may run on a worker before it is
    cut off and retried: a hanging provider never holds a run for longer."""

    @field_validator("model", mode="before")
    @classmethod
    def _model(cls, value: object) -> str:
        return _check_model_spec(value, "agent model")

    @field_validator("timeout_s", mode="before")
    @classmethod
    def _timeout(cls, value: object) -> int:
        return _whole_number(value, "agent timeout_s", 1, MAX_STEP_TIMEOUT_S)

    @field_validator("tools")
    @classmethod
    def _tools(cls, value: list[str]) -> list[str]:
        return _check_tool_names(value)

    agent: str = "default"
    """The agent by name, from the worker's agent registry: `default` (LangChain's
    `create_agent`), `deep` (deepagents' `create_deep_agent`, with virtual files that are
    thread state) or one a `rubricflow.agents` entry point adds."""

    @field_validator("agent", mode="before")
    @classmethod
    def _agent(cls, value: object) -> str:
        if not isinstance(value, str) or not value.strip():
            raise ValueError("agent must be an agent's name, e.g. 'default' or 'deep'")
        return value.strip()


class GraderSettings(_Frozen):
    """The LLM-as-a-judge: model, optional system prompt and evidence tools, iteration cap."""

    model: str
    system_prompt: str | None = Field(default=None, max_length=MAX_SYSTEM_PROMPT_CHARS)
    tools: list[str] = Field(default_factory=list)
    max_iterations: int = DEFAULT_MAX_ITERATIONS
    timeout_s: int = DEFAULT_STEP_TIMEOUT_S
    """The longest one grader pass (checks, model and evidence tools) may run on a worker
    before it is cut off and retried."""
    max_tokens: int | None = None
    """Budget: input plus output tokens a grading run may spend (agent turns and grader
    passes); None for no limit."""
    max_cost_usd: float | None = None
    """Budget: USD a grading run may spend, priced with `prices`; None for no limit."""
    max_wall_s: int | None = None
    """Budget: seconds of wall-clock time from the run's start; None for no limit."""
    grading: Grading = "auto"
    """How each pass forms its verdict (`Grading`)."""
    samples: int = 1
    """Times each criterion is asked (odd, 1..9); more than one samples above temperature 0
    and takes the majority, recording the agreement on the criterion (`votes`). Applies to
    the one-question-per-criterion strategies."""
    review_split_votes: bool = False
    """With `samples > 1`: a pass whose vote on any criterion was split, with an iteration
    left, ends the run `awaiting_review` (approve or reject decide) instead of acting on it."""
    prices: dict[str, ModelPrice] = Field(default_factory=dict)
    """Per model label (`provider:model-id`), USD per million tokens. Filled by the client
    that starts the run from its price table (`RUBRICFLOW_PRICES`), so the workflow can
    price what it spends without reading a file; required for every model a run uses
    when `max_cost_usd` is set."""

    @field_validator("model", mode="before")
    @classmethod
    def _model(cls, value: object) -> str:
        return _check_model_spec(value, "grader model")

    @field_validator("max_tokens", mode="before")
    @classmethod
    def _max_tokens(cls, value: object) -> int | None:
        return None if value is None else _whole_number(value, "max_tokens", 1, MAX_BUDGET_TOKENS)

    @field_validator("max_wall_s", mode="before")
    @classmethod
    def _max_wall(cls, value: object) -> int | None:
        return None if value is None else _whole_number(value, "max_wall_s", 1, MAX_BUDGET_WALL_S)

    @field_validator("max_cost_usd", mode="before")
    @classmethod
    def _max_cost(cls, value: object) -> float | None:
        return None if value is None else _positive_amount(value, "max_cost_usd", MAX_BUDGET_USD)

    @model_validator(mode="after")
    def _cost_needs_price(self) -> GraderSettings:
        if self.max_cost_usd is not None and self.model not in self.prices:
            raise ValueError(missing_price_message(self.model))
        return self

    @field_validator("tools")
    @classmethod
    def _tools(cls, value: list[str]) -> list[str]:
        return _check_tool_names(value)

    @field_validator("grading", mode="before")
    @classmethod
    def _grading(cls, value: object) -> object:
        if value not in GRADING_STRATEGIES:
            raise ValueError(f"grading must be one of {', '.join(GRADING_STRATEGIES)}; got {value!r}")
        return value

    @field_validator("samples", mode="before")
    @classmethod
    def _samples(cls, value: object) -> int:
        number = _whole_number(value, "grader samples", 1, MAX_GRADER_SAMPLES)
        if number % 2 == 0:
            raise ValueError(f"grader samples must be odd (a majority needs one), got {number}")
        return number

    @model_validator(mode="after")
    def _samples_need_questions(self) -> GraderSettings:
        if self.samples > 1 and self.grading == "whole":
            raise ValueError(
                "grader samples apply to one question per criterion: use grading "
                "per_criterion, evidence, facts or auto with samples > 1"
            )
        if self.review_split_votes and self.samples == 1:
            raise ValueError("review of split votes needs samples of 3 or more")
        return self

    @field_validator("max_iterations", mode="before")
    @classmethod
    def _max_iterations(cls, value: object) -> int:
        return _whole_number(value, "max_iterations", MIN_ITERATIONS, MAX_ITERATIONS)

    @field_validator("timeout_s", mode="before")
    @classmethod
    def _timeout(cls, value: object) -> int:
        return _whole_number(value, "grader timeout_s", 1, MAX_STEP_TIMEOUT_S)


def _check_message(value: str) -> str:
    if not value.strip():
        raise ValueError("message is empty: send the task for the agent")
    if len(value) > MAX_MESSAGE_CHARS:
        raise ValueError(
            f"message has {len(value)} characters; at most {MAX_MESSAGE_CHARS} are allowed"
        )
    return value


def _check_rubric(value: str | None) -> str | None:
    if value is None:
        return None
    if not value.strip():
        raise ValueError(
            "rubric is empty or whitespace: give the criteria, or omit the rubric "
            "to run without grading"
        )
    if len(value) > MAX_RUBRIC_CHARS:
        raise ValueError(
            f"rubric has {len(value)} characters; at most {MAX_RUBRIC_CHARS} are allowed"
        )
    return value


MAX_CARRIED_MESSAGES = 200
"""On continue-as-new a thread keeps its last 200 messages (plus the first user message):
the agent's context window is smaller than that, and the history must stay bounded."""
MAX_CARRIED_EVALUATIONS = 200


class RunInput(_Frozen):
    """What starts a thread: its settings and, usually, the first message.

    `message` is None when the thread is opened by an update-with-start `submit` that
    carries the first message. With `idle_timeout_s` 0 the thread closes once its first
    invocation is terminal; otherwise it waits that long for a follow-up before it
    completes cleanly with its final state."""

    message: str | None = None
    rubric: str | None = None
    agent: AgentSettings
    grader: GraderSettings | None = None
    idle_timeout_s: int = Field(default=0, ge=0, le=MAX_IDLE_TIMEOUT_S)
    state: _state.ThreadState | None = None
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

    @model_validator(mode="after")
    def _grader_with_rubric(self) -> RunInput:
        if self.rubric is not None and self.grader is None:
            raise ValueError(
                "a rubric needs grader settings: give grader.model ('provider:model-id')"
            )
        if self.message is None and self.idle_timeout_s == 0:
            raise ValueError(
                "a thread opened without a message needs idle_timeout_s > 0 to wait for one"
            )
        if (
            self.grader is not None
            and self.grader.max_cost_usd is not None
            and self.agent.model not in self.grader.prices
        ):
            raise ValueError(missing_price_message(self.agent.model))
        return self


class SubmitInput(_Frozen):
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


class ApproveInput(_Frozen):
    reviewer: str = Field(default="reviewer", min_length=1, max_length=200)
    note: str = Field(default="", max_length=MAX_MESSAGE_CHARS)
    review: str | None = Field(default=None, max_length=200)
    """The thread's `Progress.review` that the reviewer decided on: the thread refuses
    the decision when another record or decision came since (two reviewers deciding at
    once: the first is the decision, the other is told). None: no such check
    (`Rubricflow.approve` and `reject` fill it in from the thread just before sending)."""


class RejectInput(_Frozen):
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


class ExtendInput(_Frozen):
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
                "extend adds nothing: give iterations (1 to "
                f"{MAX_ITERATIONS}) or extra tokens, cost or wall time"
            )
        return self


class ToolCall(_Frozen):
    id: str
    name: str
    args: dict[str, Any] = Field(default_factory=dict)


class Message(_Frozen):
    """One transcript message, in our own small shape (never a LangChain object)."""

    role: Literal["user", "assistant", "tool", "system"]
    content: str = ""
    name: str | None = None
    """For a tool result: the tool's name."""
    tool_call_id: str | None = None
    tool_calls: list[ToolCall] = Field(default_factory=list)
    blocks: list[str] = Field(default_factory=list)
    """Types of non-text content blocks (image, audio, ...), kept by type only."""
    source: Literal["user", "grader"] | None = None
    """`grader` marks a revision message the system wrote for the grader."""


def recent_with_request(messages: list[Message], limit: int) -> list[Message]:
    """The last `limit` messages, plus the first genuine user message (the request) when
    it fell outside them. Revision messages the system wrote for the grader are never
    taken for the user's request. Both the grader's window and what a thread carries
    over continue-as-new are cut this way."""
    first_user = next((m for m in messages if m.role == "user" and m.source != "grader"), None)
    tail = messages[-limit:]
    if first_user is not None and not any(m is first_user for m in tail):
        return [first_user, *tail]
    return tail


def last_answer(transcript: list[Message]) -> str | None:
    """The agent's latest answer: its last message that calls no tool."""
    for message in reversed(transcript):
        if message.role == "assistant" and not message.tool_calls:
            return message.content
    return None


class Criterion(_Frozen):
    """A criterion's verdict: `{name, passed: true}` or `{name, passed: false, gap}`."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    name: str = Field(min_length=1)
    passed: bool
    gap: str | None = None
    isolation: SkipJsonSchema[str | None] = None
    """For a criterion decided by a check that runs untrusted code: how it was isolated
    ("bubblewrap", "limits only", "refused: no bubblewrap"). Set by the worker's check,
    never by the grader (left out of the schema it answers to); None otherwise."""
    decided_by: SkipJsonSchema[str | None] = None
    """How the verdict was reached when not by the model's judgement alone: the measured
    fact that settled it, as the model chose it (`fact: calls_print is false (measured
    ...)`). Set by the worker, never by the grader."""
    votes: SkipJsonSchema[str | None] = None
    """With several samples per criterion: how many agreed with the verdict (`2/3`)."""
    id: int | None = Field(
        default=None,
        description="The criterion's number in the numbered criteria list, when one is given.",
    )
    """How a grader may answer a numbered criterion under a paraphrased name; records
    carry the pinned name instead, and no `id`."""

    @model_validator(mode="after")
    def _gap_iff_failing(self) -> Criterion:
        if not self.passed and not (self.gap and self.gap.strip()):
            raise ValueError(
                f"criterion {self.name!r} fails but has no gap: a failing criterion "
                "must say what is missing"
            )
        if self.passed and self.gap is not None:
            object.__setattr__(self, "gap", None)
        return self

    @model_serializer(mode="wrap")
    def _omit_gap_when_passing(self, handler: Any) -> dict[str, Any]:
        data = handler(self)
        if self.passed:
            data.pop("gap", None)
        for optional in ("isolation", "decided_by", "votes"):
            if getattr(self, optional) is None:
                data.pop(optional, None)
        if self.id is None:
            data.pop("id", None)
        return data


class GraderVerdict(_Frozen):
    """A grader's structured answer, checked for consistency at the boundary."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    result: Verdict = Field(
        description=(
            "'satisfied' only when every criterion passes; 'needs_revision' when at "
            "least one fails; 'failed' when the rubric cannot be evaluated."
        )
    )
    explanation: str = Field(
        description="One or two sentences summarising the verdict; sent to the agent as feedback."
    )
    criteria: list[Criterion] = Field(
        description=(
            "One entry per rubric criterion: passed true, or passed false with a gap "
            "saying what is missing or wrong."
        ),
    )
    """Required in the schema the grader answers to (an empty list is allowed): grammar-
    constrained local models otherwise leave it out."""

    @model_validator(mode="after")
    def _consistent(self) -> GraderVerdict:
        failing = [c.name for c in self.criteria if not c.passed]
        if self.result == "satisfied" and failing:
            raise ValueError(
                f"result 'satisfied' contradicts failing criteria {failing}: "
                "'satisfied' requires every criterion to pass"
            )
        if self.result == "needs_revision" and self.criteria and not failing:
            raise ValueError(
                "result 'needs_revision' contradicts its criteria: every criterion passes"
            )
        return self


def operation_id(grading_run_id: str, iteration: int, decision: int | None = None) -> str:
    """Stable id of a record: `grading_run_id:iteration` for a grader pass, the same
    across retries of the pass, so a retried pass (and its hook deliveries) is
    recognisably the same pass; `grading_run_id:iteration:review-N` for a reviewer's
    decision N on the thread (an approval spends no iteration, so a decision's iteration
    alone does not tell it from the next one)."""
    base = f"{grading_run_id}:{iteration}"
    return base if decision is None else f"{base}:review-{decision}"


class PassUsage(_Frozen):
    """Tokens of one iteration, by role."""

    agent: Usage = Field(default_factory=Usage)
    grader: Usage = Field(default_factory=Usage)


class Evaluation(_Frozen):
    """One grader pass, appended to the thread's evaluations."""

    grading_run_id: str
    iteration: int
    result: EvaluationResult
    explanation: str
    criteria: list[Criterion] = Field(default_factory=list)
    unverified: bool = False
    split_vote: bool = False
    """With several samples per criterion: some criterion's vote was not unanimous."""
    reviewer: str | None = None
    """Set when a person, not the grader, gave this verdict (approve / reject)."""
    usage: PassUsage | None = None
    """Tokens of this iteration: the agent turn before the pass, and the pass itself.
    None for a reviewer's verdict and in records made before usage was counted."""
    decision: int | None = None
    """A reviewer's verdict: its number among the thread's reviewer decisions (1, 2, ...),
    part of its `operation_id`. None for a grader's pass, and for reviewer verdicts
    recorded before decisions were numbered."""

    @property
    def operation_id(self) -> str:
        return operation_id(self.grading_run_id, self.iteration, self.decision)

    def revision_message(self) -> str:
        """The feedback the agent receives after a `needs_revision` pass."""
        who = f"A human reviewer ({self.reviewer})" if self.reviewer else "A grader"
        lines = [
            f"{who} reviewed your work against the rubric and asked for revisions "
            "before we can finish."
        ]
        if self.unverified:
            lines += [
                "",
                "The grader could not confirm every criterion: what is missing is "
                "verification, not necessarily the work. Make the evidence for each "
                "criterion plain in your answer.",
            ]
        if self.explanation.strip():
            label = "Reviewer feedback" if self.reviewer else "Grader feedback"
            lines += ["", f"{label}: {self.explanation.strip()}"]
        failing = [c for c in self.criteria if not c.passed]
        if failing:
            lines += ["", "Criteria that still need work:"]
            lines += [f"- {c.name}: {(c.gap or '').strip()}" for c in failing]
        passing = [c for c in self.criteria if c.passed]
        if passing and not self.unverified:
            lines += ["", "Criteria that already pass (do not regress them):"]
            lines += [f"- {c.name}" for c in passing]
        lines += [
            "",
            "Fix every failing criterion without breaking the ones that pass, then "
            "give your complete revised answer.",
        ]
        return "\n".join(lines)


EventType = Literal[
    "agent_turn_start",
    "agent_turn_end",
    "rubric_evaluation_start",
    "rubric_evaluation_end",
    "run_end",
    "hook_failed",
]


class RunEvent(_Frozen):
    """An event on the thread's stream. Fields not relevant to a type stay unset."""

    type: EventType
    grading_run_id: str | None = None
    iteration: int | None = None
    result: EvaluationResult | None = None
    explanation: str | None = None
    criteria: list[Criterion] | None = None
    unverified: bool | None = None
    status: RunStatus | None = None
    answer: str | None = None
    at: datetime | None = None
    """Workflow time of the event (None in histories recorded before it was stamped)."""
    offset: int | None = None
    """The event's offset on the thread's stream, set by the client that read it."""
    hook: str | None = None
    """`hook_failed`: the hook (`module:function` or URL) that failed for good."""


class Progress(_Frozen):
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
    """The thread's tokens per model label: what a client prices with its own table."""
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
    """What a reviewer's decision applies to now: the operation id of the thread's latest
    record, or of a decision accepted after it (a queued rejection); pass it as
    `ApproveInput.review` / `RejectInput.review`. None before the first record."""


class BestPass(_Frozen):
    """The grading run's pass with the most criteria met (ties: the later) and the answer it
    graded: what a run that ran out of iterations has best to offer."""

    iteration: int
    met: int
    total: int
    answer: str | None = None


class RunBudget(_Frozen):
    """A grading run's budgets as they stand (None: no limit)."""

    max_tokens: int | None = None
    max_cost_usd: float | None = None
    max_wall_s: int | None = None
    exhausted: str | None = None
    """Which budget ended the run (`tokens`, `cost`, `wall`), once one did."""


RunResult = Progress
"""A finished run returns its final progress."""


# Activity payloads ---------------------------------------------------------------


class AgentTurnInput(_Frozen):
    thread_id: str
    turn: int
    settings: AgentSettings
    messages: list[Message]
    grading_run_id: str | None = None
    """The grading run the turn belongs to (None for an ungraded answer): for its span."""
    iteration: int | None = None
    price: ModelPrice | None = None
    """The agent model's price from the run's table, when it has one: for the cost metric."""
    files: dict[str, AgentFile] = Field(default_factory=dict)
    """The thread's files: the turn starts from them."""
    todos: list[Todo] = Field(default_factory=list)


class AgentTurnResult(_Frozen):
    messages: list[Message]
    """The messages the turn added, ending with the agent's answer."""
    usage: Usage = Field(default_factory=Usage)
    """Tokens the turn's model calls reported (`usage_metadata`); zero when they report none."""
    files: dict[str, AgentFile | None] = Field(default_factory=dict)
    """What the turn changed in the thread's files: written or edited ones, None for a deleted one."""
    todos: list[Todo] | None = None
    """The agent's todo list after the turn; None when the turn did not touch it."""


class GradeInput(_Frozen):
    thread_id: str
    grading_run_id: str
    iteration: int
    rubric: str
    settings: GraderSettings
    transcript: list[Message]
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


class HookInput(_Frozen):
    thread_id: str
    evaluation: Evaluation


class GradeResult(_Frozen):
    # Fields added after the first release carry defaults: results recorded in older
    # histories must still decode on replay (tests/histories/).
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
    that predate the field). The thread schedules no hook activity while it is False."""
    split_vote: bool = False
    """With several samples per criterion: whether any criterion's vote was not unanimous."""



# The thread's state (`workflows/state.py`) builds on the models above and travels in
# `RunInput.state`. Imported last, as a module, so that either module may be imported
# first; pydantic resolves `_state.ThreadState` when `RunInput` is first used.
from rubricflow.workflows import state as _state  # noqa: E402

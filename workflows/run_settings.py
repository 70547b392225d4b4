"""A run's settings and vocabulary: the agent's and the grader's settings, token usage
and prices, the statuses a run can have, and the limits their values must keep.

Validation lives on the models, so a bad value is refused wherever a payload is built
(client, CLI, worker) with one message that says what to fix.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from rubricflow.workflows.base import Frozen
from rubricflow.workflows.sizes import MAX_SYSTEM_PROMPT_CHARS

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

Grading = Literal["auto", "whole", "per_criterion", "evidence", "facts", "grounded"]
"""How a grader pass forms its verdict (activities/grader/): `whole` asks for one
structured verdict; `per_criterion` asks one question per criterion; `evidence` asks the same
with facts measured by code in front of the model; `facts` lets the model name the measured
fact (and the value) that settles a criterion, and asks as `evidence` where none does;
`grounded` has the model write a check for each criterion that runs on the answer in the
sandbox, or cite the answer's words where code cannot decide, and records a criterion whose
evidence disagrees as unverified. `auto` is the worker's choice for the model: `grounded`
for `local:` models (`facts` with more than one sample), `whole` otherwise."""
GRADING_STRATEGIES: tuple[str, ...] = ("auto", "whole", "per_criterion", "evidence", "facts", "grounded")
MAX_GRADER_SAMPLES = 9
DEFAULT_MAX_GRADER_CALLS = 6
"""Model calls one grader pass may make (evidence-tool rounds, re-asks) before it ends with
`GraderCallBudgetExceeded`; a strategy that asks about one criterion at a time may make
that many for each criterion."""
MAX_GRADER_CALLS = 200

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
agent turn or grader pass. `awaiting_review`: a pass whose vote on a criterion was split
(with `review_split_votes`), or that could not verify a criterion (with
`review_unverified`), with an iteration left, waits for a person (approve or reject)."""

TERMINAL_STATUSES: frozenset[str] = frozenset(
    {"answered", "satisfied", "failed", "grader_error", "max_iterations_reached", "budget_exhausted", "awaiting_review"}
)

Phase = Literal["agent_turn", "grading", "idle", "done"]
"""`idle`: the thread waits for a follow-up; `done`: the thread has closed."""

MAX_IDLE_TIMEOUT_S = 30 * 24 * 3600

GRADER_SOURCE = "rubric_grader"
"""Tag on the revision messages the system writes to the agent on the grader's
behalf, so that the transcript builder and consumers never take them for the user."""


PROFILE_PROVIDER = "profile"
"""A model string `profile:NAME` names a profile of the worker's own models file: the
worker builds it, prices it and says whether it has it (`RunCheckResult`)."""

MODELS_ENV = "RUBRICFLOW_MODELS"
"""The worker's setting that names its model profiles file."""


def profile_name(spec: str) -> str | None:
    """The profile a model string names (`profile:NAME`), else None."""
    provider, _, name = spec.strip().partition(":")
    return name.strip() if provider.strip() == PROFILE_PROVIDER else None


def check_model_spec(value: object, field: str) -> str:
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


def whole_number(
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


def whole_number_from_text(value: str, field: str, low: int, high: int, *, unit: str = "a whole number") -> int:
    """A whole number typed as text (a command-line flag), checked as the models check one;
    `ValueError` says what to fix."""
    return whole_number(value, field, low, high, unit=unit, text=True)


def positive_amount(value: object, field: str, high: float) -> float:
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
    return positive_amount(number, field, high)


def score_fraction(value: object, field: str) -> float:
    """A score threshold: a number above 0 and at most 1 (bool and text refused)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= 1:
        raise ValueError(f"{field} must be a number above 0 and at most 1 (e.g. 0.8), got {value!r}")
    return float(value)


def score_fraction_from_text(value: str, field: str) -> float:
    """A score threshold typed as text (a command-line flag), checked as the models check one."""
    try:
        number: object = float(value)
    except ValueError:
        number = value
    return score_fraction(number, field)


def missing_price_message(model: str) -> str:
    return (
        f"max_cost_usd needs a price for model {model!r}: add it to the price table "
        "(RUBRICFLOW_PRICES), price the profile in the worker's models file, or drop the cost budget"
    )


class Usage(Frozen):
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


class ModelPrice(Frozen):
    """USD per million input and output tokens of one model."""

    input_usd_per_mtok: float = Field(ge=0)
    output_usd_per_mtok: float = Field(ge=0)

    def cost(self, usage: Usage) -> float:
        return (
            usage.input_tokens * self.input_usd_per_mtok + usage.output_tokens * self.output_usd_per_mtok
        ) / 1_000_000


def check_tool_names(value: list[str]) -> list[str]:
    if len(value) > MAX_TOOLS:
        raise ValueError(f"at most {MAX_TOOLS} tools may be named, got {len(value)}")
    for name in value:
        if not name.strip():
            raise ValueError("tool names must not be empty")
    return [name.strip() for name in value]


class AgentSettings(Frozen):
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
        return check_model_spec(value, "agent model")

    @field_validator("timeout_s", mode="before")
    @classmethod
    def _timeout(cls, value: object) -> int:
        return whole_number(value, "agent timeout_s", 1, MAX_STEP_TIMEOUT_S)

    @field_validator("tools")
    @classmethod
    def _tools(cls, value: list[str]) -> list[str]:
        return check_tool_names(value)

    agent: str = "default"
    """The agent by name, from the worker's agent registry: `default` (LangChain's
    `create_agent`), `deep` (deepagents' `create_deep_agent`, with virtual files that are
    thread state) or one a `rubricflow.agents` entry point adds."""
    temperature: float | None = Field(default=None, ge=0, le=2)
    """The agent model's sampling temperature; None: the model's own (a `local:` model's is
    0.2, a profile's its `temperature`, a provider's its default). A model that takes no
    temperature (a `scripted:` one) ignores it."""

    @field_validator("agent", mode="before")
    @classmethod
    def _agent(cls, value: object) -> str:
        if not isinstance(value, str) or not value.strip():
            raise ValueError("agent must be an agent's name, e.g. 'default' or 'deep'")
        return value.strip()


class Budget(Frozen):
    """What a grading run may spend besides its iterations, agent turns and grader passes
    together; None: no limit. The one shape of a budget: a run's (`RunInput.budget`), what
    a run has as it stands (`RunBudget`), what the CLI's `--max-*` flags build."""

    max_tokens: int | None = None
    """Input plus output tokens."""
    max_cost_usd: float | None = None
    """USD, priced with the grader settings' `prices`."""
    max_wall_s: int | None = None
    """Seconds of wall-clock time from the run's start."""

    @field_validator("max_tokens", mode="before")
    @classmethod
    def _max_tokens(cls, value: object) -> int | None:
        return None if value is None else whole_number(value, "max_tokens", 1, MAX_BUDGET_TOKENS)

    @field_validator("max_wall_s", mode="before")
    @classmethod
    def _max_wall(cls, value: object) -> int | None:
        return None if value is None else whole_number(value, "max_wall_s", 1, MAX_BUDGET_WALL_S)

    @field_validator("max_cost_usd", mode="before")
    @classmethod
    def _max_cost(cls, value: object) -> float | None:
        return None if value is None else positive_amount(value, "max_cost_usd", MAX_BUDGET_USD)

    def grown(self, tokens: int = 0, cost_usd: float = 0.0, wall_s: int = 0) -> Budget:
        """Each limit raised by its extra; a budget with no limit keeps none."""
        return Budget(
            max_tokens=None if self.max_tokens is None else self.max_tokens + tokens,
            max_cost_usd=None if self.max_cost_usd is None else self.max_cost_usd + cost_usd,
            max_wall_s=None if self.max_wall_s is None else self.max_wall_s + wall_s,
        )


class GraderSettings(Frozen):
    """The LLM-as-a-judge: model, optional system prompt and evidence tools, iteration cap."""

    model: str
    system_prompt: str | None = Field(default=None, max_length=MAX_SYSTEM_PROMPT_CHARS)
    tools: list[str] = Field(default_factory=list)
    max_iterations: int = DEFAULT_MAX_ITERATIONS
    timeout_s: int = DEFAULT_STEP_TIMEOUT_S
    """The longest one grader pass (checks, model and evidence tools) may run on a worker
    before it is cut off and retried."""
    grading: Grading = "auto"
    """How each pass forms its verdict (`Grading`)."""
    samples: int = 1
    """Times each criterion is asked (odd, 1..9); more than one samples above temperature 0
    and takes the majority, recording the agreement on the criterion (`votes`). Applies to
    the one-question-per-criterion strategies."""
    review_split_votes: bool = False
    """With `samples > 1`: a pass whose vote on any criterion was split, with an iteration
    left, ends the run `awaiting_review` (approve or reject decide) instead of acting on it."""
    review_unverified: bool = False
    """A pass with a criterion the grader could not verify (`Criterion.unverified`), with an
    iteration left, ends the run `awaiting_review` (approve or reject decide) instead of
    sending the agent to revise what may well be right."""
    max_grader_calls: int = DEFAULT_MAX_GRADER_CALLS
    """Model calls one pass may make (per criterion, for a strategy that asks about one
    criterion at a time); past it the pass ends with `GraderCallBudgetExceeded` (recorded
    as `grader_error`), so a grader looping on its tools cannot spin a pass."""
    pass_score: float | None = None
    """A `needs_revision` pass whose weighted score (`workflows/scores.py`: the rubric's
    `[weight: N]` and `[scale: ...]`) reaches this, above 0 and at most 1, with every
    `[required]` criterion met and none unverified, ends the run `satisfied`; its record
    keeps the grader's verdict and says the score. None: every criterion must pass."""
    cache: bool = True
    """Whether a pass may take its verdict from the worker's grader cache (and store it
    there): only a pass that would answer the same again is cached, at temperature 0 with
    one sample and no evidence tools (`activities/grader_cache.py`). False: always ask."""
    prices: dict[str, ModelPrice] = Field(default_factory=dict)
    """Per model label (`provider:model-id`), USD per million tokens. Filled by the client
    that starts the run from its price table (`RUBRICFLOW_PRICES`), so the workflow can
    price what it spends without reading a file; required for every model a run uses
    when its budget has `max_cost_usd`."""

    @field_validator("model", mode="before")
    @classmethod
    def _model(cls, value: object) -> str:
        return check_model_spec(value, "grader model")

    @field_validator("pass_score", mode="before")
    @classmethod
    def _pass_score(cls, value: object) -> float | None:
        return None if value is None else score_fraction(value, "pass_score")

    @field_validator("max_grader_calls", mode="before")
    @classmethod
    def _max_grader_calls(cls, value: object) -> int:
        return whole_number(value, "max_grader_calls", 1, MAX_GRADER_CALLS)

    @field_validator("tools")
    @classmethod
    def _tools(cls, value: list[str]) -> list[str]:
        return check_tool_names(value)

    @field_validator("grading", mode="before")
    @classmethod
    def _grading(cls, value: object) -> object:
        if value not in GRADING_STRATEGIES:
            raise ValueError(f"grading must be one of {', '.join(GRADING_STRATEGIES)}; got {value!r}")
        return value

    @field_validator("samples", mode="before")
    @classmethod
    def _samples(cls, value: object) -> int:
        number = whole_number(value, "grader samples", 1, MAX_GRADER_SAMPLES)
        if number % 2 == 0:
            raise ValueError(f"grader samples must be odd (a majority needs one), got {number}")
        return number

    @model_validator(mode="after")
    def _samples_need_questions(self) -> GraderSettings:
        if self.samples > 1 and self.grading in ("whole", "grounded"):
            raise ValueError(
                f"grader samples are votes on one question per criterion, which grading {self.grading} does not "
                "ask: use grading per_criterion, evidence, facts or auto with samples > 1"
            )
        if self.review_split_votes and self.samples == 1:
            raise ValueError("review of split votes needs samples of 3 or more")
        return self

    @field_validator("max_iterations", mode="before")
    @classmethod
    def _max_iterations(cls, value: object) -> int:
        return whole_number(value, "max_iterations", MIN_ITERATIONS, MAX_ITERATIONS)

    @field_validator("timeout_s", mode="before")
    @classmethod
    def _timeout(cls, value: object) -> int:
        return whole_number(value, "grader timeout_s", 1, MAX_STEP_TIMEOUT_S)

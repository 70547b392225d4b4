"""What a thread records: its messages, and each grader pass (or reviewer decision) with
its criteria, usage and the best pass of a run."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import ConfigDict, Field, model_serializer, model_validator
from pydantic.json_schema import SkipJsonSchema

from rubricflow.workflows.base import Frozen
from rubricflow.workflows.run_settings import EvaluationResult, Usage, Verdict
from rubricflow.workflows.sizes import MAX_GIVEN_MESSAGES, MAX_GIVEN_TRANSCRIPT_BYTES, encoded_size


class ToolCall(Frozen):
    id: str
    name: str
    args: dict[str, Any] = Field(default_factory=dict)


class Message(Frozen):
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


def check_given_transcript(value: list[Message]) -> list[Message]:
    """A conversation to grade as it stands: the request, then the agent's answer last."""
    if not any(m.role == "user" and m.source != "grader" for m in value):
        raise ValueError("a transcript to grade needs the user's request: a message with role 'user'")
    last = value[-1]
    if last.role != "assistant" or last.tool_calls or not last.content.strip():
        raise ValueError(
            "a transcript to grade ends with the agent's answer: a message with role 'assistant', "
            "text and no tool calls"
        )
    if len(value) > MAX_GIVEN_MESSAGES:
        raise ValueError(f"a transcript to grade has at most {MAX_GIVEN_MESSAGES} messages, got {len(value)}")
    size = encoded_size(value)
    if size > MAX_GIVEN_TRANSCRIPT_BYTES:
        raise ValueError(f"a transcript to grade is at most {MAX_GIVEN_TRANSCRIPT_BYTES} bytes of JSON, got {size}")
    return value


class Criterion(Frozen):
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
    """How the verdict was reached when not by the model's judgement alone, in one line:
    the measured fact that settled it, as the model chose it (`fact: calls_print is false
    (measured ...)`), the check the grader wrote and what it returned, the answer's words it
    cited, or why the evidence did not decide. Set by the worker, never by the grader."""
    check: SkipJsonSchema[str | None] = None
    """The check the grader wrote for this criterion (`def check(answer): ...`), which ran in
    the sandbox on the answer; None when no written check was used."""
    quote: SkipJsonSchema[str | None] = None
    """The words of the answer that the grader cited for this criterion, as code found them
    in the answer (the line that holds them); None when none was cited or found."""
    unverified: SkipJsonSchema[bool] = False
    """The grader could not tell: its evidence disagreed or did not decide (a check against
    a cited quote, a check that did not run, a quote not in the answer, split votes). Such a
    criterion is recorded as not passed (`passed: false`, for consumers that read only
    that), its gap says why, and a pass that has one is never `satisfied`."""
    votes: SkipJsonSchema[str | None] = None
    """With several samples per criterion: how many agreed with the verdict (`2/3`)."""
    score: int | None = Field(
        default=None,
        description=(
            "Only for a criterion the rubric scores on a scale (`[scale: 0-4]`): the whole points the work "
            "earns on that scale. Leave it out for any other criterion."
        ),
    )
    """A scaled criterion's points; `passed` follows from them and the scale's pass mark
    (`workflows/scores.py`). None for a binary criterion."""
    id: int | None = Field(
        default=None,
        description="The criterion's number in the numbered criteria list, when one is given.",
    )
    """How a grader may answer a numbered criterion under a paraphrased name; records
    carry the pinned name instead, and no `id`."""

    @model_validator(mode="after")
    def _gap_iff_failing(self) -> Criterion:
        if self.unverified and self.passed:
            raise ValueError(f"criterion {self.name!r} is unverified, so it cannot pass")
        if not self.passed and not (self.gap and self.gap.strip()):
            raise ValueError(
                f"criterion {self.name!r} fails but has no gap: a failing criterion must say what is missing"
            )
        if self.passed and self.gap is not None:
            object.__setattr__(self, "gap", None)
        return self

    @model_serializer(mode="wrap")
    def _omit_gap_when_passing(self, handler: Any) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        if self.passed:
            data.pop("gap", None)
        for optional in ("isolation", "decided_by", "check", "quote", "votes", "score"):
            if getattr(self, optional) is None:
                data.pop(optional, None)
        if not self.unverified:
            data.pop("unverified", None)
        if self.id is None:
            data.pop("id", None)
        return data


class GraderVerdict(Frozen):
    """A grader's structured answer, checked for consistency at the boundary."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    result: Verdict = Field(
        description=(
            "'satisfied' only when every criterion passes; 'needs_revision' when at "
            "least one fails; 'failed' when the rubric cannot be evaluated."
        )
    )
    explanation: str = Field(description="One or two sentences summarising the verdict; sent to the agent as feedback.")
    criteria: list[Criterion] = Field(
        description=(
            "One entry per rubric criterion: passed true, or passed false with a gap saying what is missing or wrong."
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
            raise ValueError("result 'needs_revision' contradicts its criteria: every criterion passes")
        return self


def operation_id(grading_run_id: str, iteration: int, decision: int | None = None) -> str:
    """Stable id of a record: `grading_run_id:iteration` for a grader pass, the same
    across retries of the pass, so a retried pass (and its hook deliveries) is
    recognisably the same pass; `grading_run_id:iteration:review-N` for a reviewer's
    decision N on the thread (an approval spends no iteration, so a decision's iteration
    alone does not tell it from the next one)."""
    base = f"{grading_run_id}:{iteration}"
    return base if decision is None else f"{base}:review-{decision}"


class PassUsage(Frozen):
    """Tokens of one iteration, by role."""

    agent: Usage = Field(default_factory=Usage)
    grader: Usage = Field(default_factory=Usage)


class Evaluation(Frozen):
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
    None for a reviewer's verdict."""
    decision: int | None = None
    """A reviewer's verdict: its number among the thread's reviewer decisions (1, 2, ...),
    part of its `operation_id`. None for a grader's pass."""
    score: float | None = None
    """The pass's weighted score, 0.0 to 1.0 (`workflows/scores.py`), when the rubric
    weights, requires or scales a criterion or the run has a `pass_score`; None otherwise."""
    required_met: bool | None = None
    """With `score`: whether every `[required]` criterion passed."""
    from_cache: bool = False
    """The verdict came from the worker's grader cache: an earlier pass on the same
    transcript, rubric, grader settings and model; no model was called for it."""

    @classmethod
    def of_pass(cls, grading_run_id: str, iteration: int, verdict: GraderVerdict, **more: Any) -> Evaluation:
        """The record of grader pass `iteration` that gave `verdict` (`more`: the pass's own
        fields, `unverified`, `split_vote`, `usage`)."""
        return cls(
            grading_run_id=grading_run_id,
            iteration=iteration,
            result=verdict.result,
            explanation=verdict.explanation,
            criteria=verdict.criteria,
            **more,
        )

    @property
    def operation_id(self) -> str:
        return operation_id(self.grading_run_id, self.iteration, self.decision)

    def revision_message(self) -> str:
        """The feedback the agent receives after a `needs_revision` pass, in the order a
        small model acts on it: what to change first (one item per failing criterion, the
        lines of a longer gap under it, e.g. one per failing test: the call, the expected
        and the actual value), then what already passes and must not regress, then the
        grader's summary and the closing instruction. Each part is one section below, so a
        new kind of line (say, what could not be verified) is one more section."""
        sections = (
            self._to_change(),
            self._could_not_verify(),
            self._unverified_note(),
            self._to_keep(),
            self._summary(),
            "Fix each item to change without breaking what already passes, then give your complete revised answer.",
        )
        return "\n\n".join(section for section in sections if section)

    def _who(self) -> str:
        return f"A human reviewer ({self.reviewer})" if self.reviewer else "A grader"

    def _failing(self) -> list[Criterion]:
        return [c for c in self.criteria if not c.passed and not c.unverified]

    def _could_not_verify(self) -> str:
        unsure = [c for c in self.criteria if c.unverified]
        if not unsure:
            return ""
        return "The grader could not verify these (not a request to change them; keep them plain):\n" + "\n".join(
            f"- {c.name}: {(c.gap or '').strip()}" for c in unsure
        )

    def _to_change(self) -> str:
        failing = self._failing()
        if not failing and any(c.unverified for c in self.criteria):
            return ""  # nothing to change: only what could not be verified
        if not failing:  # an objection without criteria: its summary is what to change
            objection = self.explanation.strip() or "the answer does not meet the rubric yet"
            return f"{self._who()} checked your answer against the rubric. Change this:\n- {objection}"
        lines = [f"{self._who()} checked your answer against the rubric. Change this:"]
        for criterion in failing:
            first, *more = [line.strip() for line in (criterion.gap or "").strip().splitlines() if line.strip()]
            lines.append(f"- {criterion.name}: {first}")
            lines += [f"  - {line}" for line in more]
        return "\n".join(lines)

    def _unverified_note(self) -> str:
        if not self.unverified:
            return ""
        return (
            "The grader could not confirm every criterion: what is missing is verification, "
            "not necessarily the work. Make the evidence for each criterion plain in your answer."
        )

    def _to_keep(self) -> str:
        passing = [c for c in self.criteria if c.passed]
        if not passing or self.unverified:
            return ""
        return "Already right, keep it (do not regress it):\n" + "\n".join(f"- {c.name}" for c in passing)

    def _summary(self) -> str:
        summary = self.explanation.strip()
        failing = self._failing()
        if not summary or not failing or any(summary == (c.gap or "").strip() for c in failing):
            return ""  # said above already
        return f"{'Reviewer' if self.reviewer else 'Grader'} summary: {summary}"


class BestPass(Frozen):
    """The grading run's pass with the most criteria met (ties: the later) and the answer it
    graded: what a run that ran out of iterations has best to offer."""

    iteration: int
    met: int
    total: int
    answer: str | None = None

"""Strategies that decide one criterion at a time and assemble the verdict from the
answers, so that `result` follows from the criteria and never comes before them:

- `per_criterion`: the request, the answer and one criterion; a short reason, then passed
  (`judged.py`).
- `evidence`: the same question with the facts code measured on the answer in front of the
  model (`facts.py`).
- `facts`: the model first says which measured fact settles the criterion and what value
  it needs, or that none does (`fact_choice.py`); a criterion so mapped is decided by the
  fact, the choice recorded on the criterion; the others are asked as in `evidence`.

Every question ends with the part that changes (the criterion), so consecutive questions
share their prompt prefix and llama.cpp evaluates it once. With `samples > 1` each criterion
is asked that many times at `SAMPLE_TEMPERATURE` and the majority decides; the criterion
records its agreement (`votes`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from rubricflow.activities.grader.asking import Ask
from rubricflow.activities.grader.assembly import verdict_of
from rubricflow.activities.grader.fact_choice import FactChoice, map_question, map_schema
from rubricflow.activities.grader.facts import Answer, read_answer, summary
from rubricflow.activities.grader.judged import JUDGE_SCHEMA, evidence_text, judged_prefix, judged_question
from rubricflow.workflows.files import AgentFile
from rubricflow.workflows.types import Criterion, GraderVerdict, Message

Strategy = Literal["per_criterion", "evidence", "facts"]

SAMPLE_TEMPERATURE = 0.7
"""Temperature of each sample when a criterion is asked more than once."""


# One pass -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    passed: bool
    gap: str | None
    decided_by: str | None


async def _judge(ask: Ask, prefix: str, criterion: str, nonce: str, temperature: float) -> Outcome:
    raw = await ask(judged_question(prefix, criterion, nonce), JUDGE_SCHEMA, temperature)
    passed = bool(raw.get("passed"))
    reason = str(raw.get("reason") or "").strip()
    return Outcome(passed, None if passed else (reason or "the grader judged it not met"), None)


def _by_fact(choice: FactChoice, answer: Answer) -> Outcome:
    passed, decided_by, gap = choice.verdict(answer)
    return Outcome(passed, gap, decided_by)


async def _outcomes(
    ask: Ask,
    strategy: Strategy,
    answer: Answer,
    prefix: str,
    criteria: list[str],
    nonce: str,
    samples: int,
    temperature: float,
) -> list[list[Outcome]]:
    """Each criterion's sampled outcomes. All fact questions come first, then all judged
    ones, so that each kind of question follows its own kind and reuses its prompt prefix."""
    choices: list[list[FactChoice | None]] = [[None] * samples for _ in criteria]
    if strategy == "facts":
        for i, name in enumerate(criteria):
            for k in range(samples):
                choices[i][k] = FactChoice.parse(await ask(map_question(name), map_schema(), temperature), name)
    outcomes: list[list[Outcome]] = []
    for i, name in enumerate(criteria):
        sampled = []
        for choice in choices[i]:
            sampled.append(
                _by_fact(choice, answer) if choice is not None else await _judge(ask, prefix, name, nonce, temperature)
            )
        outcomes.append(sampled)
    return outcomes


async def grade_each(
    ask: Ask,
    *,
    strategy: Strategy,
    criteria: list[str],
    transcript: list[Message],
    nonce: str,
    files: Mapping[str, AgentFile] | None = None,
    samples: int = 1,
    reference: str | None = None,
) -> tuple[GraderVerdict, bool]:
    """The verdict, one question (or `samples` questions) per criterion; and whether any
    criterion's vote was split. Facts are measured on the answer and on the Python files
    the agent wrote."""
    answer = read_answer(evidence_text(transcript, files or {}))
    facts = summary(answer) if strategy in ("evidence", "facts") else None
    prefix = judged_prefix(transcript, nonce, facts, reference)
    temperature = 0.0 if samples == 1 else SAMPLE_TEMPERATURE
    entries: list[Criterion] = []
    split = False
    sampled = await _outcomes(ask, strategy, answer, prefix, criteria, nonce, samples, temperature)
    for name, outcomes in zip(criteria, sampled, strict=True):
        tally = Counter(o.passed for o in outcomes)
        passed = tally[True] > tally[False]
        chosen = next(o for o in outcomes if o.passed == passed)
        agree = tally[passed]
        split = split or agree < samples
        entries.append(
            Criterion(
                name=name,
                passed=passed,
                gap=chosen.gap,
                decided_by=chosen.decided_by,
                votes=f"{agree}/{samples}" if samples > 1 else None,
            )
        )
    return verdict_of(entries), split


def resolve(grading: str, model_label: str, has_tools: bool, samples: int = 1) -> str:
    """The strategy a pass uses: `auto` is `grounded` for a `local:` model without grader
    tools (`facts` when it votes over samples: grounded asks no question twice), `whole`
    otherwise (tools are called by the whole-verdict grader)."""
    if grading != "auto":
        return grading
    if model_label.startswith("local:") and not has_tools:
        return "facts" if samples > 1 else "grounded"
    return "whole"

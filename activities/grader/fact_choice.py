"""The fact question: which measured fact settles a criterion, and the value it needs."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import HumanMessage, SystemMessage

from rubricflow.activities.grader.facts import FACTS, Answer, Fact, text_fact

COMPARE = {"equals": "==", "at_most": "<=", "at_least": ">=", "less_than": "<", "more_than": ">"}


def _menu() -> str:
    lines = []
    for fact in FACTS.values():
        if fact.kind == "bool":
            lines.append(f"- {fact.name} (true/false): {fact.question}")
        elif fact.kind == "count":
            lines.append(f"- {fact.name} (a number, compared): {fact.question}")
        else:
            lines.append(f"- {fact.name} (a text): {fact.question}")
    return "\n".join(lines)


MAP_SYSTEM = f"""You translate one rubric criterion into a fact that code can measure on an answer, or say that no fact settles it.
Facts:
{_menu()}
- none: no fact above settles the criterion, or it asks for judgement (quality, correctness, style, meaning).

Choose the fact whose meaning is exactly what the criterion asks, and the value the criterion needs. For a true/false fact give "expected": true when the criterion wants it to hold, false when the criterion wants it not to hold. For a number give "compare" and the number. Choose none when unsure.

Examples:
Criterion: Avoids recursion -> {{"fact": "uses_recursion", "expected": false}}
Criterion: Contains no syntax errors -> {{"fact": "code_parses", "expected": true}}
Criterion: Keeps the summary under 100 words -> {{"fact": "word_count", "compare": "less_than", "expected": 100}}
Criterion: Defines at least two functions -> {{"fact": "function_count", "compare": "at_least", "expected": 2}}
Criterion: Has no more than 4 list items -> {{"fact": "list_item_count", "compare": "at_most", "expected": 4}}
Criterion: Mentions the CAP theorem -> {{"fact": "contains_text", "expected": "CAP theorem"}}
Criterion: Explains the trade-offs clearly -> {{"fact": "none"}}
Criterion: The algorithm is correct for empty input -> {{"fact": "none"}}"""


@functools.cache
def map_schema() -> dict[str, Any]:
    """One of: a true/false fact and its expected value, a count fact with a comparison and
    a number, a text fact and its text, or none."""
    by_kind: dict[str, list[str]] = {"bool": [], "count": [], "text": []}
    for fact in FACTS.values():
        by_kind[fact.kind].append(fact.name)
    shapes = [
        {
            "type": "object",
            "properties": {"fact": {"enum": by_kind["bool"]}, "expected": {"type": "boolean"}},
            "required": ["fact", "expected"],
            "additionalProperties": False,
        },
        {
            "type": "object",
            "properties": {
                "fact": {"enum": by_kind["count"]},
                "compare": {"enum": list(COMPARE)},
                "expected": {"type": "integer"},
            },
            "required": ["fact", "compare", "expected"],
            "additionalProperties": False,
        },
        {
            "type": "object",
            "properties": {
                "fact": {"enum": by_kind["text"]},
                "expected": {"type": "string", "minLength": 1, "maxLength": 80},
            },
            "required": ["fact", "expected"],
            "additionalProperties": False,
        },
        {
            "type": "object",
            "properties": {"fact": {"const": "none"}},
            "required": ["fact"],
            "additionalProperties": False,
        },
    ]
    return {"title": "FactChoice", "description": "The fact that settles the criterion, or none.", "oneOf": shapes}


def map_question(criterion: str) -> list[Any]:
    return [SystemMessage(content=MAP_SYSTEM), HumanMessage(content=f"Criterion: {criterion}")]


@dataclass(frozen=True)
class FactChoice:
    fact: Fact
    expected: bool | int | str
    compare: str = "equals"

    @classmethod
    def parse(cls, raw: dict[str, Any]) -> FactChoice | None:
        """The model's choice, or None for `none` or a choice that does not fit its fact."""
        fact = FACTS.get(str(raw.get("fact")))
        expected = raw.get("expected")
        if fact is None or expected is None:
            return None
        if fact.kind == "bool" and isinstance(expected, bool):
            return cls(fact, expected)
        if fact.kind == "count" and isinstance(expected, int) and not isinstance(expected, bool):
            compare = raw.get("compare")
            return cls(fact, expected, compare) if compare in COMPARE else None
        if fact.kind == "text" and isinstance(expected, str) and expected.strip():
            return cls(fact, expected.strip())
        return None

    def needs(self) -> str:
        """What the criterion needs, in words: the fact's question and the value."""
        if self.fact.kind == "count":
            return f"{self.fact.question} {COMPARE[self.compare]} {self.expected}"
        if self.fact.kind == "text":
            return f"{self.fact.question}: {self.expected!r}"
        return self.fact.question if self.expected else f"not: {self.fact.question}"

    def describe(self) -> str:
        if self.fact.kind == "count":
            return f"{self.fact.name} {COMPARE[self.compare]} {self.expected}"
        if self.fact.kind == "text":
            return f"{self.fact.name} {self.expected!r}"
        return f"{self.fact.name} is {'true' if self.expected else 'false'}"

    def verdict(self, answer: Answer) -> tuple[bool, str, str | None]:
        """(passed, what decided it, the gap when it failed), as a criterion records them."""
        passed, measured = self.decide(answer)
        gap = None if passed else f"needs: {self.needs()}; measured: {measured}"
        return passed, f"fact: {self.describe()} (measured {measured})", gap

    def decide(self, answer: Answer) -> tuple[bool, str]:
        """(passed, what was measured)."""
        if self.fact.kind == "text":
            return text_fact(self.fact, answer, str(self.expected))
        assert self.fact.measure is not None
        value = self.fact.measure(answer)
        seen = self.fact.observe(answer)
        if self.fact.kind == "bool":
            return value == self.expected, f"{'true' if value else 'false'}: {seen}"
        assert isinstance(value, int) and isinstance(self.expected, int)
        ok = {
            "equals": value == self.expected,
            "at_most": value <= self.expected,
            "at_least": value >= self.expected,
            "less_than": value < self.expected,
            "more_than": value > self.expected,
        }[self.compare]
        return ok, f"{value} ({seen})"

"""The fact question: which measured fact settles a criterion, and the value it needs."""

from __future__ import annotations

import functools
import re
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


# Fit: a fact decides only a criterion that names what the fact measures ---------------------

_IMPORTS = r"standard library|stdlib|third[- ]party|external|dependen|\bpackages?\b|\blibrar|built-?in"
"""The kind of what the code imports: a criterion about one import ("Imports median from
the stats module", "Imports pytest first") names none of it."""
_NAMES: dict[str, str] = {
    "has_python_code": r"\bcode\b|\bpython\b|\bsnippet|\bscript\b|\bprogram\b",
    "code_parses": r"syntax|\bcompil|\bpars(e|es|ing)\b",
    "every_function_has_docstring": r"docstring|\bdocument",
    "only_standard_library_imports": _IMPORTS,
    "imports_third_party_packages": _IMPORTS,
    "fully_type_annotated": r"type[- ]?hint|annotat|\btyped\b",
    "calls_print": r"\bprint",
    "uses_recursion": r"recurs|calls itself",
    "function_count": r"\bfunctions?\b|\bdef\b|\bhelpers?\b|\bmethods?\b",
    "word_count": r"\bwords\b|word count",
    "sentence_count": r"\bsentences?\b",
    "list_item_count": r"\bbullet|\bitems?\b|\bnumbered\b|\blist\b|\bentries\b",
    "numbers_are_prime": r"\bprimes?\b",
}
"""What a criterion must name for each measured fact to decide it: the thing the fact
counts or tests ("Lists exactly three numbers" names no list item, "Raises ValueError" no
print call, "Every number is odd" no prime)."""
_OF_THE_WHOLE = frozenset({"word_count", "sentence_count", "list_item_count", "numbers_are_prime", "function_count"})
"""Facts of the whole answer's text (or code): not of one part of it, nor of what a function
returns."""
_NAMED = {name: re.compile(pattern, re.I) for name, pattern in _NAMES.items()}
_DOCUMENTED_WHOLE = re.compile(r"\b(class|classes|module|file|package)\b", re.I)
"""What else a docstring documents: "The class has a docstring" asks nothing of its methods'
docstrings, which is what `every_function_has_docstring` measures, and "The class and each
method have docstrings" asks what it does not measure."""
_PYTHON = re.compile(r"\bcode\b|\bpython\b|syntax", re.I)
_OTHER_FORMAT = re.compile(r"\b(json|yaml|toml|xml|html|csv|sql|markdown|regex)\b", re.I)
_CALL = re.compile(r"\w\([^)]")
"""A call with arguments ("chunk([], 3) returns []"): a criterion about what the answer's
function returns or raises, which no fact of the text or the code's structure measures."""
_NEGATED = re.compile(r"\b(no|not|never|without|avoids?|nothing|none)\b|n't\b", re.I)
_PLACED = re.compile(
    r"\b(first|last|final|before|after|ahead|top|bottom|begins?|starts?|ends?|lines?|title|heading|under|order)\b",
    re.I,
)
_SCOPED = re.compile(r"\bunder [A-Z]|\bsection\b|\bparagraph\b|\blines?\b|\btitle\b|\bheading\b")
"""A part of the answer (a section, a line): a count or a property of the whole answer
measures something else."""
_BEHAVES = re.compile(r"\b(returns?|raises?)\b", re.I)
_DOES = re.compile(r"\b(raises?|returns?|gives|correct|correctly|right|accurate|accurately)\b", re.I)
_QUOTED = re.compile(r"'([^']+)'|\"([^\"]+)\"|`+([^`]+)`+")
_MARK = re.compile(r"[0-9#@£$€%&/_`{}\[\]<>=+*~^|\\-]")


def _literal_in(criterion: str, text: str) -> bool:
    """Whether `text` is a literal the criterion names: quoted in it, or, where it stands
    in the criterion, a number, a mark (#, @, -, ...) or a capital that does not open it."""
    folded = criterion.casefold()
    at = folded.find(text.casefold())
    if at < 0:
        return False
    if any(text.casefold() in next(g for g in m.groups() if g).casefold() for m in _QUOTED.finditer(criterion)):
        return True
    span = criterion[at : at + len(text)]
    capitals = span[1:] if at == 0 else span  # the criterion's own first letter is no name
    return bool(_MARK.search(span)) or any(ch.isupper() for ch in capitals)


def _text_fits(fact: Fact, expected: str, criterion: str) -> bool:
    """A text fact tests presence anywhere, with no polarity: it fits a criterion that names
    the text as a literal and asks only that it be there (not its absence, its place, what
    a function does with it, or that a claim is right)."""
    if _NEGATED.search(criterion) or _PLACED.search(criterion) or _DOES.search(criterion):
        return False
    if fact.name == "defines_function":
        return expected in criterion and bool(_NAMED["function_count"].search(criterion))
    return _literal_in(criterion, expected)


def _possible(compare: str, expected: int) -> bool:
    """A count compared so that some answer passes ("less_than 0" no count meets)."""
    return expected > 0 if compare == "less_than" else expected >= 0


def fits(fact: Fact, expected: bool | int | str, criterion: str, compare: str = "equals") -> bool:
    """Whether `fact` (with its value) measures what `criterion` asks: the criterion names
    what the fact measures, calls no function of the answer, and, for Python's syntax,
    names no other format; a count can be met; a text is a literal the criterion asks for."""
    if _CALL.search(criterion):
        return False
    if fact.kind == "text":
        return isinstance(expected, str) and _text_fits(fact, expected, criterion)
    if not _NAMED[fact.name].search(criterion):
        return False
    if fact.name in _OF_THE_WHOLE and (_SCOPED.search(criterion) or _BEHAVES.search(criterion)):
        return False
    if fact.name == "code_parses" and (not _PYTHON.search(criterion) or _OTHER_FORMAT.search(criterion)):
        return False
    if fact.name == "every_function_has_docstring" and _DOCUMENTED_WHOLE.search(criterion):
        return False
    return not (fact.kind == "count" and isinstance(expected, int) and not _possible(compare, expected))


@dataclass(frozen=True)
class FactChoice:
    fact: Fact
    expected: bool | int | str
    compare: str = "equals"

    @classmethod
    def parse(cls, raw: dict[str, Any], criterion: str) -> FactChoice | None:
        """The model's choice for `criterion`; None for `none`, for a value that does not
        fit its fact, and for a fact that does not measure what the criterion asks
        (`fits`): a mismatch decides nothing."""
        choice = cls._shaped(raw)
        if choice is None or not fits(choice.fact, choice.expected, criterion, choice.compare):
            return None
        return choice

    @classmethod
    def _shaped(cls, raw: dict[str, Any]) -> FactChoice | None:
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

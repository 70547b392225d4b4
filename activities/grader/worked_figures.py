"""A criterion asking that a figure be worked right from others on its line ("The total priming
sugar equals the grams per litre times the litres", "Gives the average mite drop per day
correctly", "The food left equals the bag's weight minus the daily amount times the days",
"The number of doses given matches the dose, how often and the number of days"): arithmetic
decides, so code reads the line that works it ("5 g per litre for 20 litres, 100 g in all", "42
mites over 7 days, an average of 6 a day", "a 2 kg bag; 250 g a day for 5 days is 1.25 kg, so
0.75 kg is left", "½ tablet twice a day for 7 days, 7 tablets given").

A line's figures are its amounts each with a word after it (its unit: "5 g", "twice a day",
"Six frames"); a list's number, a label before the line's colon (where three figures follow
it), an aside in brackets and a figure with no word after it ("frame 9,") are none. The result
is the last figure the line says is one: after "so", "is", "that is", "an average of", a
colon, or in brackets, or before "in all", "left", "given"; the figures before it are what it
is worked from. The operation is the criterion's ("times", "divided by", "average", "a day",
"minus", "left"), else any of three: the product of them all, the first over the second where
there are two, one of them less another or less the product of two others (amounts of one
kind, grams and kilograms as one). A product may change its unit by a thousand (grams a day
for days, in kilograms), a quotient not; a quotient may be rounded, up or down, to the places
written. A line writing an amount after its result ("so 50 ml for 1,500 litres") is left: the
result may be worked from it.

The line read is the one holding most of the words the criterion names the thing by; where
several hold as many, all right meets it, all wrong fails it, and a mix is unclear. Met when
the result is so worked, unmet when it is not. Left to the grader: a line holding money, a
percentage, a date or a clock time or a length of time (their readers read those), a total
asked with no operation (a sum), a conversion, a negated criterion, and a line saying no
figure is the result.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from itertools import permutations

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.naming import named_stems
from rubricflow.activities.grader.number_words import NUMBER_WORDS, WORDS
from rubricflow.activities.grader.quotes import content_lines

_ASKS = re.compile(r"\b(?:correct(?:ly)?|right|equals?|match(?:es)?|times|multiplied by|divided by|minus)\b", re.I)
_ELSE = re.compile(
    r"\b(?:not|never|no|each|every|all|percent\w*|per cent|discount\w*|VAT|tax|dates?|dated|day of the week|"
    r"weekdays?|time|clock|minutes?|(?<!-)hours?|seconds?|spelt|spelled|names?|order|before|after|ABV|gravity|"
    r"round\w*|conver\w*|feet|inch\w*|miles|sum|added|plus|pounds|price|cost|fees?)\b|[%£$€]|n't\b",
    re.I,
)
"""Criteria another reader reads, or none: negated, of each line, of money, dates, times,
percentages, names, order, conversions, sums."""
_TOTAL = re.compile(r"\btotal\b", re.I)
_PRODUCT = re.compile(r"\b(?:times|multiplied by)\b", re.I)
_QUOTIENT = re.compile(r"\b(?:divided by|average|per (?:day|week|night|month)|a (?:day|week)|each week)\b", re.I)
_DIFFERENCE = re.compile(r"\b(?:minus|less|left|remaining|remains)\b", re.I)
_OPERATIONS = {"product": _PRODUCT, "quotient": _QUOTIENT, "difference": _DIFFERENCE}

_FRACTIONS = {"½": 0.5, "¼": 0.25, "¾": 0.75}
_WORD_VALUES = {**NUMBER_WORDS, "once": 1, "twice": 2}
_FIGURE = re.compile(
    rf"(?<![\w.,:/£$€#+-])(?P<n>\d{{1,3}}(?:,\d{{3}})+(?!\d)|\d+(?:\.\d+)?½?|[½¼¾]|(?:{WORDS}|once|twice)\b)"
    r"(?![\d:/%]|\.\d)(?:\s*(?P<u>[A-Za-z]+))?",
    re.I,
)
_NOT_AMOUNTS = re.compile(
    r"[£$€%]|\d:\d\d|\b\d{4}\b|\b(?:h|hrs?|hours?|min|mins|minutes?|seconds?)\b|"
    r"\d\s*(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b",
    re.I,
)
"""A line of money, a percentage, a clock time, a year or date, or a length of time."""
_LIST_MARK = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_SAID_BEFORE = re.compile(
    r"(?:\b(?:so|is|are|was|makes?|making|giving|gives|comes? to|that's|average of|total of|in all|in total)|=|:)"
    r"\s*(?:about\s+|roughly\s+|around\s+|just\s+)?$",
    re.I,
)
_SAID_AFTER = re.compile(r"\s*(?:in all|in total|altogether|left|given|remaining)\b", re.I)
_SCALES = {
    **dict.fromkeys(("g", "gram", "grams"), ("g", 1.0)),
    **dict.fromkeys(("kg", "kilo", "kilos", "kilogram", "kilograms"), ("g", 1000.0)),
    "ml": ("l", 0.001),
    **dict.fromkeys(("l", "litre", "litres", "liter", "liters"), ("l", 1.0)),
    **dict.fromkeys(("m", "metre", "metres"), ("m", 1.0)),
    "km": ("m", 1000.0),
    "cm": ("m", 0.01),
    "mm": ("m", 0.001),
}
"""Units of one kind and their size in its base, so grams and kilograms subtract."""
_PLAIN = frozenset(
    "the a an of for and is are it its their equals equal to matches match correct correctly right works work out "
    "calculates calculate gives give states state gets get figure number amount total weight times multiplied "
    "divided by minus less left how much many per day days week weeks from with in answer".split()
)

Figure = tuple[float, str]


def _value(written: str) -> float:
    written = written.lower()
    if written in _WORD_VALUES:
        return float(_WORD_VALUES[written])
    if written in _FRACTIONS:
        return _FRACTIONS[written]
    half = 0.5 if written.endswith("½") else 0.0
    return float(written.rstrip("½").replace(",", "")) + half


def _with_units(text: str) -> list[re.Match[str]]:
    return [m for m in _FIGURE.finditer(text) if m.group("u")]


def worked_figures(line: str) -> list[Figure] | None:
    """The figures `line` works a result from, the result last; None where it holds money, a
    percentage, a date, a clock time or a length of time, says no figure after two others is
    the result, or writes an amount after it (one it may be worked from: "so 50 ml for 1,500
    litres")."""
    if _NOT_AMOUNTS.search(line):
        return None
    line = _LIST_MARK.sub("", line)
    if ":" in line and len(_with_units(line.split(":", 1)[1])) >= 3:
        line = line.split(":", 1)[1]
    marks = _with_units(line)
    read: list[tuple[Figure, bool]] = []
    for index, mark in enumerate(marks):
        aside = line[: mark.start()].count("(") > line[: mark.start()].count(")")
        if aside and index != len(marks) - 1:
            continue
        before = line[marks[index - 1].end() if index else 0 : mark.start()]
        said = aside or _SAID_BEFORE.search(before) or _SAID_AFTER.match(line[mark.end() :])
        read.append(((_value(mark.group("n")), mark.group("u").lower()), bool(said)))
    last = max((i for i, (_, said) in enumerate(read) if said), default=0)
    if last < 2 or last < len(read) - 1:
        return None  # fewer than two figures before it, or an amount after it it may be worked from
    return [figure for figure, _ in read]


def _places(written: float) -> int:
    text = f"{written:g}"
    return len(text.split(".")[1]) if "." in text else 0


def _is(got: float, result: float, rounded: bool = False) -> bool:
    """Whether `got` is `result` to its last place (`rounded`: or up or down to it)."""
    places = _places(result)
    if round(got, places) == round(result, places):
        return True
    scale = 10**places
    return rounded and result in (math.floor(got * scale) / scale, math.ceil(got * scale) / scale)


def _in_base(figure: Figure) -> float:
    return figure[0] * _SCALES.get(figure[1], ("", 1.0))[1]


def _one_kind(a: Figure, b: Figure) -> bool:
    return a[1] == b[1] or (a[1] in _SCALES and b[1] in _SCALES and _SCALES[a[1]][0] == _SCALES[b[1]][0])


def _worked_right(figures: list[Figure], operations: set[str]) -> bool:
    """Whether the last figure is worked from the others (two or more, as `worked_figures`
    reads them) by one of `operations`."""
    *others, result = figures
    rescaled = (1.0, 1000.0, 0.001) if any(unit in _SCALES for _, unit in figures) else (1.0,)
    for factor in rescaled:
        if "product" in operations and _is(math.prod(value for value, _ in others), result[0] * factor):
            return True
    if "quotient" in operations and len(others) == 2 and others[1][0]:
        if _is(others[0][0] / others[1][0], result[0], rounded=True):
            return True
    if "difference" in operations:
        target = _in_base(result)
        for whole in (figure for figure in others if _one_kind(figure, result)):
            rest = [figure for figure in others if figure is not whole]
            if any(_is(_in_base(whole) - _in_base(part), target) for part in rest):
                return True
            if any(_is(_in_base(whole) - _in_base(a) * _in_base(b), target) for a, b in permutations(rest, 2)):
                return True
    return False


@dataclass(frozen=True)
class _Worked:
    line: str
    right: bool


def worked_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the line that works the figure it names; None when it asks no
    such working, or no line works one, or the lines that do disagree."""
    if not _ASKS.search(criterion) or _ELSE.search(criterion):
        return None
    operations = {name for name, asks in _OPERATIONS.items() if asks.search(criterion)}
    if _TOTAL.search(criterion) and not operations:
        return None
    named = named_stems(criterion, _PLAIN)
    if not named:
        return None
    held = [(sum(bool(word.search(line)) for word in named), line) for line in content_lines(answer)]
    most = max((count for count, _ in held), default=0)
    found = [
        _Worked(line.strip(), _worked_right(figures, operations or set(_OPERATIONS)))
        for count, line in held
        if most and count == most and (figures := worked_figures(line)) is not None
    ]
    if not found or len({w.right for w in found}) > 1:
        return None
    if found[0].right:
        return Evidence(True, "", f"worked figure: {len(found)} line(s) work it right", quote=found[0].line)
    why = f"the line's result is not worked from its figures as the criterion asks: {found[0].line!r}"
    return Evidence(False, why, f"worked figure: {why}", quote=found[0].line)

"""A figure a criterion says the answer gives ("Sets the port to 9090", "Gives the table's
row count, 1,284,650", "Says the operating system is Ubuntu 22.04") must stand in the
answer: where the answer holds no such number, however its thousands are written, the
criterion is unmet, whatever a quote or a check says; where it does, the grader decides the
rest. A criterion that bounds or counts something ("Is under 100 words", "Lists 3
features", "Is written in 3 sentences"), is negated, writes a number as part of a name ("PEP
8", "version 4", "line 1"), is about what code gives when run ("add(2, 3) returns 5"), asks
for the figure in another unit ("24 hours, in seconds"), or gives one to leave out ("Leaves
cheque 2212 out") or to work with ("£4,310.40 plus this month's gross") names no figure to
look for.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.check_numbers import given_numbers

_FIGURE = re.compile(r"(?<![\d.])\d[\d,]*(?:\.\d+)?(?!\d)")
_OTHER_WAYS = re.compile(
    r"\d:\d\d|\d\s*(?:thousand|million|billion|trillion)\b|(?:\d\s+|[$\u20ac\u00a3]\s?[\d.,]+)(?:k|m|bn)\b"
    r"|\d(?:st|nd|rd|th)\b"
    r"|\b(?:expressed|written|given|converted)\s+(?:in|as|to)\b"
    r"|\bin\s+(?:(?:milli|micro)?seconds|minutes|hours|days|weeks|months|years|bytes|[kmg]i?b|kilobytes|megabytes|"
    r"gigabytes|pence|cents|grams|kilograms|kg|metres|meters|km|miles|ms)\b",
    re.I,
)
"""A figure an answer may write another way: a clock time (6:30 PM as 18:30), a scale word
($12 million or $12M as $12,000,000), an ordinal (3rd as third), a figure to be given in
another unit (24 hours "expressed in seconds" is 86400). Not `8M` of a size: a letter is a
scale only after a space or a currency's figure."""
_GIVES = re.compile(r"\b(?:gives?|states?|sets?|names?|says|quotes?|includes?|records?|shows?|puts?|is|are|of)\b", re.I)
_NOT_A_FIGURE = re.compile(
    r"\b(?:under|at most|at least|no more|no fewer|fewer|less|more than|exceeds?|within|limit|below|above|over|"
    r"exactly|each|every|all|no|not|none|up to|or|than|after|before|lines?|pep|version|"
    r"omits?|excludes?|without|except|plus|minus|times|multiplied|divided|added|subtract\w*|deduct\w*|sum)\b"
    r"|\b(?:leaves?|left|leaving)\b[^.;]*\bout\b|%|[×÷]"
    r"|\b(?:half|thirds?|quarters?|fifths?|sixths?|sevenths?|eighths?|ninths?|tenths?|twentieths?|hundredths?)\s+of\b"
    r"|\brounded\s+(?:up|down)\b"
    r"|\d(?:\s*[a-z]+){0,2}(?:\s*\([^)]*\))?\s+(?:beyond|past|on from|from|later than|ahead of)\b",
    re.I,
)
"""Words of a bound, a count, a choice, a negation (a figure left out: "Leaves cheque 2212 out
of the outstanding cheques"), a span of time, a name with a number, or a figure to work
with ("£4,310.40 plus this month's gross" is no total the answer writes, nor is the whole
a share is taken of, "one tenth of the 240 members", nor an operand, "rent × 12 ÷ 52", nor a
count a result is rounded up or down from, "45 students at one adult per 10, rounded up", nor
a span or a distance counted on from something else: "12 months on from 22 September", "3
school days ahead of the trip")."""
_PARTS = re.compile(
    r"\d\s+(?:sentences?|bullets?|bullet points?|paragraphs?|words?|items?|characters?|sections?|steps?|"
    r"questions?|rows?|columns?|entries|entry|examples?|tests?|functions?|pages?|slides?|stanzas?|verses?|"
    r"chapters?|headings?|links?|tables?)\b",
    re.I,
)
"""A count of the answer's own parts ("3 sentences", "2 bullets"), which no figure in it gives."""
_CODE = re.compile(r"\[|==|->|\w\(")
"""A call or a value of code ("add(2, 3) returns 5", "gives [1, 3, 6]"): what the answer's code
gives when run, not a figure written in it."""


def _plain(figure: str) -> str:
    return figure.rstrip(",").replace(",", "")


def _stated(criterion: str) -> list[str]:
    """The figures `criterion` says the answer gives, as it writes them."""
    if not _GIVES.search(criterion) or any(p.search(criterion) for p in (_NOT_A_FIGURE, _PARTS, _CODE, _OTHER_WAYS)):
        return []
    return _FIGURE.findall(criterion)


def stated_values(criterion: str) -> list[str]:
    """The figures `criterion` says the answer gives, thousands separators dropped."""
    return [_plain(figure) for figure in _stated(criterion)]


def missing_value(answer: str, criterion: str) -> str | None:
    """The first figure `criterion` says the answer gives that `answer` holds nowhere (as
    written in the criterion), or None. A figure is its value (89 is 89.00, 1,204 is 1204);
    a small one the answer writes as a word ("six") is held."""
    stated = _stated(criterion)
    if not stated:
        return None  # most criteria give no figure: the answer is not read
    held = {float(_plain(figure)) for figure in _FIGURE.findall(answer)}
    in_words = given_numbers(answer)
    for figure in stated:
        value = float(_plain(figure))
        if value not in held and not (value <= 20 and value.is_integer() and value in in_words):
            return figure.rstrip(",")
    return None

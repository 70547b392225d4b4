"""A criterion asking that a percentage be right for figures the answer states: the arithmetic
decides, so code reads it where it can tell which figures are meant.

Two kinds. A share the answer states with the two figures it is of ("The percentage it gives
is right for the two numbers beside it": "36 of the 48 parcels (75%)", "£96.00, which is 24%
of the £399.00 I paid"): right when the figures give it to its last digit, rounded to the
nearest; wrong when they miss it by a whole unit of that digit (a share rounded down is
neither, and decides nothing). Which statement: the one on the line holding every word the
criterion names it by, else the answer's only one, else every one when all are right.

A part the criterion says is a rate of a base ("The VAT is 9% of the subtotal", "The deposit
is 10% of the $21,800.00 quote", "Works out the deposit correctly from its percentage", the
rate then the one written beside the part): the part is the one figure on the one line
labelled with the criterion's words for it, the base the criterion's own figure or the one
figure on the one other line labelled with its words (of like lines, the one whose label
starts with them; "Gross pay" before "Year-to-date gross pay"). Met when the part is the rate
of the base to the cent (or as the criterion rounds it); unmet when it is that rate, however
rounded, of no figure the answer or the criterion writes, so a base code misread cannot fail
a right part. A criterion asking more than the part ("... and adds it to give the total") is
only failed by it. Left to the grader: a rate a bound, sum or value asks of ("30% or less",
"add up to 100%", "a sensitivity of 94.2%"), an amount included in another ("VAT included"),
a negated criterion, and every part or base code cannot find on exactly one line.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.naming import chosen, named_stems
from rubricflow.activities.grader.quotes import content_lines

_NUMBER = r"[£$€]?\s?\d[\d,]*(?:\.\d+)?"
_FIGURE = re.compile(r"(?<![\w.,])[£$€]?\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\d(%]|\s?%|,\d)")
_PERCENT = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)\s?%")
_OF = r"(?:out\s+)?of\s+(?:the\s+|our\s+|its\s+|their\s+|a\s+|an\s+|all\s+|this\s+)?(?:[^\W\d]+[\s-]){0,3}?"
_UNIT = r"(?:m²|m2|sq\.? ?m|sq\.? ?ft|ft²|km|kg|g|ml|l|hrs?|hours?|mins?|minutes?)(?!\w)"
"""A unit written after a figure ("24 m² of the 64 m² garden"): the share is of the figures."""
_SHARE_AFTER = re.compile(
    rf"(?<![\d.,])(?P<a>{_NUMBER})(?:\s?{_UNIT})?\s+{_OF}(?P<b>{_NUMBER})[^.;!?%]{{0,60}}?\(?(?P<p>\d+(?:\.\d+)?)\s?%"
)
_SHARE_BEFORE = re.compile(
    rf"(?<![\d.,])(?P<a>{_NUMBER})[^.;!?%]{{0,80}}?\b(?:which is|is|are|was|were|making up|represents?|or)\s+"
    rf"(?:about\s+|around\s+|roughly\s+|exactly\s+|just\s+)?(?P<p>\d+(?:\.\d+)?)\s?%\s+{_OF}(?P<b>{_NUMBER})"
)

_RIGHT = re.compile(r"\b(?:right|correct(?:ly)?|agrees?|match(?:es)?|works? out|worked)\b", re.I)
_SHARE_WORD = re.compile(r"\bpercent(?:age)?\b|\bshare\b", re.I)
_ELSE = re.compile(
    r"\b(?:not|never|no|without|sum|sums|add up|adds up|or less|or more|at most|at least|above|below|over|under|"
    r"within|includ\w*|off|lower|higher|more than|less than|fewer|each|every|all|headline|finding|reports?)\b|n't\b",
    re.I,
)
_RATE_OF = re.compile(
    r"(?P<rate>\d+(?:\.\d+)?)%\s+of\s+(?P<base>.+?)(?=,\s|;|\.$| and | rounded| as | to the |$)", re.I
)
_RATE_ITS = re.compile(r"\b(?:its|the stated|the given|the) percentage(?: of (?P<base>.+?))?(?=,\s|;| and |$)", re.I)
_LEAD = re.compile(
    r"^(?:the\s+|its\s+)?(?:adds|charges|sets aside|shows|gives|states|takes|works out|puts|pays)?\s*"
    r"(?:a\s+|an\s+|the\s+)?",
    re.I,
)
_PART = re.compile(
    r"^(?P<name>.+?)(?:\s+(?:amount|figure))?\s+(?:is|are|at|of|as|correctly as|matches|(?:correctly\s+)?from)"
    r"(?:\s+(?:exactly|correctly|correctly as|charged at|set at))?\s*$",
    re.I,
)
"""The words before a rate: the part's name, then only the words that tie it to the rate."""
_MORE = re.compile(r"\b(?:and|plus|then)\b", re.I)
_ROUNDED_UP = re.compile(r"\brounded up\b", re.I)

_PLAIN = frozenset(
    "the a an of for with it its is are and in on to that this which what gives given give states stated says right "
    "correct correctly percentage percent share numbers number counts count figures figure two beside works work "
    "out from amount cost costs charge charges value price fee fees sum worked matches match agrees agree as by towards".split()
)
"""Words of a criterion that say nothing of which figure it means."""


@dataclass(frozen=True)
class StatedShare:
    """A percentage an answer states beside the two figures it is of, on its line."""

    part: float
    whole: float
    percent: float
    places: int
    line: str

    @property
    def exact(self) -> float:
        return 100 * self.part / self.whole

    @property
    def right(self) -> bool | None:
        """Right to the last digit, rounded to the nearest; None when off by less than a unit of it."""
        off, unit = abs(self.exact - self.percent), 10.0**-self.places
        return True if off <= unit / 2 + 1e-9 else False if off >= unit - 1e-9 else None


@dataclass(frozen=True)
class ShareAsked:
    """What a criterion asks of a percentage: a `stated` share right for its figures, or a
    `part` that is `rate` (None: the answer's own, beside the part) of `base`."""

    kind: str
    rate: float | None = None
    part_words: str = ""
    base_words: str = ""
    more: bool = False


def _value(written: str) -> float:
    return float(re.sub(r"[£$€,\s]", "", written))


def stated_shares(answer: str) -> list[StatedShare]:
    """Every share `answer` states beside the two figures it is of, in the order they stand."""
    found: list[StatedShare] = []
    for line in content_lines(answer):
        for pattern in (_SHARE_AFTER, _SHARE_BEFORE):
            for match in pattern.finditer(line):
                whole = _value(match.group("b"))
                if whole:
                    places = len(match.group("p").partition(".")[2])
                    found.append(StatedShare(_value(match.group("a")), whole, float(match.group("p")), places, line))
    return found


def share_asked(criterion: str) -> ShareAsked | None:
    """What `criterion` asks of a percentage, or None when it asks none code reads."""
    if _ELSE.search(criterion):
        return None
    if rate := _RATE_OF.search(criterion):
        part = _part_named(criterion[: rate.start()])
        if not _a_name(part) or _WORKED.search(rate.group("base")):
            return None
        more = bool(_MORE.search(criterion[rate.end() :]))
        return ShareAsked("part", float(rate.group("rate")), part, rate.group("base"), more)
    if (its := _RATE_ITS.search(criterion)) and not re.match(r"(?i)^(?:the |its )?\w*\s*percentage\b", criterion):
        part = _part_named(criterion[: its.start()])
        if _stems(part) and _a_name(part):  # an amount the percentage is of, not the percentage itself
            return ShareAsked("part", None, part, its.group("base") or "total")
    if _SHARE_WORD.search(criterion) and _RIGHT.search(criterion) and not re.search(r"\d\s?%", criterion):
        return ShareAsked("stated")
    return None


_WORKED = re.compile(
    r"\b(?:correct|right|true|actual|real|listed|combined|other than|except|excluding|less|minus|net of|before|after)\b",
    re.I,
)
"""A base the criterion asks be worked out ("the correct total for the stay", "the direct costs other than
equipment"), not one the answer states."""


def _part_named(before: str) -> str:
    """The part's name in the words of a criterion before its rate; "" when they say more."""
    named = _PART.match(_LEAD.sub("", before.strip()) + " ")
    return named.group("name") if named else ""


def _a_name(part: str) -> bool:
    """Whether `part` names an amount in a few words ("sales tax", "employer's pension
    contribution"), not a sum of several ("3 years of the staff costs, the equipment")."""
    return 0 < len(part.split()) <= 4 and not re.search(r"[\d,;:]", part)


def _stems(words: str) -> list[re.Pattern[str]]:
    return named_stems(words, _PLAIN)


_NUMBERED = re.compile(r"^\s*(?:[-*•]\s*)?\d{1,2}[.)]\s+")
"""A list item's or heading's number ("1. PERSONNEL"), which is no figure of the line."""


def _figures(line: str) -> list[float]:
    return [_value(m.group(0)) for m in _FIGURE.finditer(_NUMBERED.sub("", line))]


def _label(line: str) -> str:
    return re.sub(r"^[\W_]+", "", line)


def _one_line(lines: list[str], stems: list[re.Pattern[str]], but: str = "") -> str | None:
    """The one line holding every stem, else the first, and one figure (of several, the one
    whose label starts with the first stem); None when there is no such line, or more than one."""
    if not stems:
        return None
    found = [ln for ln in lines if ln != but and all(s.search(ln) for s in stems) and len(_figures(ln)) == 1]
    if not found:
        found = [ln for ln in lines if ln != but and stems[0].search(ln) and len(_figures(ln)) == 1]
    if len(found) > 1:
        found = [ln for ln in found if stems[0].match(_label(ln))]
    return found[0] if len(found) == 1 else None


def _roundings(value: float) -> set[float]:
    return {round(value, 2), float(math.ceil(value - 1e-9)), float(math.floor(value + 1e-9)), float(round(value))}


def _part_read(answer: str, asked: ShareAsked, criterion: str) -> Evidence | None:
    lines = content_lines(answer)
    part_line = _one_line(lines, _stems(asked.part_words))
    if part_line is None:
        return None
    rates = [float(r) for r in _PERCENT.findall(part_line)]
    rate = asked.rate if asked.rate is not None else (rates[0] if len(set(rates)) == 1 else None)
    if rate is None:
        return None
    part = _figures(part_line)[0]
    given = [_value(m) for m in re.findall(_NUMBER, asked.base_words) if _value(m)]
    base_line = None if given else _one_line(lines, _stems(asked.base_words), but=part_line)
    base = given[0] if given else (_figures(base_line)[0] if base_line else None)
    if base is None:
        return None
    due = rate * base / 100
    wanted = {float(math.ceil(due - 1e-9))} if _ROUNDED_UP.search(criterion) else {round(due, 2)}
    if any(abs(part - w) < 0.005 for w in wanted):
        if asked.more:
            return None  # the criterion asks more than the part
        said = f"percentage: {part:,.2f} is {rate:g}% of {base:,.2f}"
        return Evidence(True, "", said, quote=part_line)
    bases = {base, *given, *(f for ln in lines for f in _figures(ln))}
    if any(abs(part - r) < 0.005 for b in bases for r in _roundings(rate * b / 100)):
        return None  # the part is the rate of some figure the answer writes: a base code misread
    why = f"{rate:g}% of {base:,.2f} is {due:,.2f}, not {part:,.2f}"
    return Evidence(False, why, f"percentage: {why}", quote=part_line)


def _stated_read(answer: str, criterion: str) -> Evidence | None:
    shares = stated_shares(answer)
    if not shares:
        return None
    judged, sure = chosen(shares, _stems(criterion), every=False)
    if any(s.right is None for s in judged):
        return None
    if wrong := next((s for s in judged if not s.right), None):
        if not sure:
            return None  # a wrong share, but which one the criterion means is unclear
        why = f"{wrong.part:g} of {wrong.whole:g} is {wrong.exact:.{wrong.places + 1}f}%, not {wrong.percent:g}%"
        return Evidence(False, why, f"percentage: {why}", quote=wrong.line)
    said = f"percentage: {len(judged)} share(s) right for the figures they are of"
    return Evidence(True, "", said, quote=judged[0].line)


def percentage_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the arithmetic of the percentage it asks of; None when it asks
    none, or code cannot tell which figures it means."""
    asked = share_asked(criterion)
    if asked is None:
        return None
    if asked.kind == "stated":
        return _stated_read(answer, criterion)
    return _part_read(answer, asked, criterion)

"""A criterion asking that an amount be a count times a rate ("The labour charge equals the hours
multiplied by the hourly rate", "The ticket income equals the number sold times the price"):
arithmetic decides, so code reads a line that writes the three ("Labour: 2 hours at £42.00 an
hour: £84.00", "| 380 tickets at £1.50 each | £570.00 |", "Two nights at £95 a night, £190"),
or a percentage of a sum written beside its result ("Calculates the percentage discount
correctly": "Early booking discount, 5% of £114.00: −£7.50"), or a price so many percent off a
full one ("The discounted price is the stated percentage off the full price": "10% off:
Piranesi is £9.99, so £8.99 for us"), or a sum so many percent more than one before it ("last
year's total increased by the stated percentage", "Works out the target correctly from last
year's total and the percentage": "raised £2,340; this year's target is 15% more, £2,691"). A
criterion is read the first way it asks whose line the answer writes.

A rated amount is a count (in figures or a word), a few words, "at", "@" or "×", a sum of money
(its rate), and the next sum of money on the line with no figure between (the amount). The line
read is the one holding the words the criterion names the thing by, else the answer's only such
line; with several and none named, all right meets it and a wrong one leaves it unclear. Met
when the count times the rate is the amount, to its last digit; unmet when not. Left to the
grader: a rate with no count beside it ("£11.00 an hour, so £60.50"), a sum, a share, a
difference, a negated criterion, and one asking no product.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.naming import chosen, named_stems
from rubricflow.activities.grader.number_words import WORDS, number_value
from rubricflow.activities.grader.quotes import content_lines

_ASKS = re.compile(
    r"\btimes (?:the|its|their)\b|\b(?:multiplied by|multiply|multiplies)\b|\bfrom the (?:\w+ )?(?:rate|price)\b", re.I
)
"""A product asked ("the hours times the rate"); clock times ("the arrival and departure times") are none."""
_ELSE = re.compile(
    r"\b(?:not|never|no|each|every|all|plus|minus|sum|added|adds?|less|discount\w*|VAT|tax|percent|per cent|"
    r"share|deposit|divided|half|rounded|difference|after)\b|%|n't\b",
    re.I,
)
_MONEY = r"[£$€]\s?\d(?:[\d,]*\d)?(?:\.\d+)?"
_RATED = re.compile(
    rf"(?<![\w.,£$€])(?P<n>\d+(?:\.\d+)?|{WORDS})\s+(?:[A-Za-z'-]+\s+){{0,3}}?(?:at|@|x|×)\s*(?P<p>{_MONEY})"
    rf"(?P<between>[^\d£$€]*)(?P<t>{_MONEY})",
    re.I,
)
_PLAIN = frozenset(
    "percentage discount calculates the a an equals equal is are times multiplied multiply multiplies by number hours hour hourly rate rates price "
    "prices charge charged cost amount correct correctly right works work out from sold its their of for and "
    "each unit units nightly night nights".split()
)


@dataclass(frozen=True)
class Rated:
    count: float
    rate: str
    amount: str
    line: str

    @property
    def right(self) -> bool:
        places = len(self.amount.split(".")[1]) if "." in self.amount else 0
        return round(self.count * _value(self.rate), places) == _value(self.amount)


def _value(money: str) -> float:
    return float(re.sub(r"[^\d.]", "", money))


def _count(written: str) -> float:
    return float(written) if written[0].isdigit() else number_value(written)


_SHARE_ASKS = re.compile(r"\b(?:percentage|per ?cent|discount|reduction|surcharge)\b", re.I)
_SHARE_RIGHT = re.compile(r"\b(?:correct(?:ly)?|right|works? out|calculates?)\b", re.I)
_SHARE_ELSE = re.compile(r"\b(?:not|never|no|each|every|all|plus|total|sum|added|adds?|included)\b|n't\b", re.I)
_SHARE = re.compile(
    rf"(?<![\w.])(?P<n>\d+(?:\.\d+)?)\s?%\s+of\s+(?:the\s+)?(?P<p>{_MONEY})(?P<between>[^\d£$€%]*)"
    rf"[\u2212-]?\s?(?P<t>{_MONEY})"
)
"""A share of a sum worked beside it ("Early booking discount, 5% of £114.00: −£7.50")."""
_OFF = re.compile(
    rf"(?<![\w.])(?P<n>\d+(?:\.\d+)?)\s?%\s+off\b[^\d£$€%]*(?P<p>{_MONEY})(?P<between>[^\d£$€%]*)(?P<t>{_MONEY})"
)
"""A price so many percent off a full one, both written after it ("10% off: Piranesi is £9.99,
so £8.99 for us")."""
_MORE = re.compile(
    rf"(?P<p>{_MONEY})[^\d£$€%]*?(?<![\w.])(?P<n>\d+(?:\.\d+)?)\s?%\s+(?:more|higher|up|increase|rise)\b"
    rf"(?P<between>[^\d£$€%]*)(?P<t>{_MONEY})"
)
"""A sum so many percent more than one written before it ("raised £2,340; this year's target is
15% more, £2,691")."""
_MORE_ELSE = re.compile(r"\b(?:not|never|no|each|every|all)\b|n't\b", re.I)
_MORE_ASKS = re.compile(r"\b(?:increased|raised|rises?n?|up|more)\s+by\s+the\s+(?:stated\s+)?percentage\b", re.I)
_RISE_ASKS = re.compile(r"^(?!.*\b(?:discount\w*|off|reduc\w*|share|of the)\b).*\b(?:percentage|per ?cent)\b", re.I)
"""A percentage worked correctly that takes nothing off and is no share ("Works out the target
correctly from last year's total and the percentage"): a rise, where the answer writes one."""
_OFF_ASKS = re.compile(r"\b(?:percentage|per ?cent)\s+off\b|%\s+off\b|\b(?:discounted|reduced) price\b", re.I)


@dataclass(frozen=True)
class _Way:
    """One way a line works an amount from a rate: which criteria ask it (`asks`), the line's
    pattern, the factor its figure `n` gives the rate, and how a wrong one is said."""

    asks: Callable[[str], bool]
    pattern: re.Pattern[str]
    factor: Callable[[str], float]
    said: Callable[[float, str], str]


_WAYS = (
    _Way(
        lambda c: bool(_ASKS.search(c)) and not _ELSE.search(c),
        _RATED,
        _count,
        lambda k, rate: f"{k:g} at {rate}",
    ),
    _Way(
        lambda c: bool(_OFF_ASKS.search(c)) and not _SHARE_ELSE.search(c),
        _OFF,
        lambda n: 1 - float(n) / 100,
        lambda k, rate: f"{(1 - k) * 100:g}% off {rate}",
    ),
    _Way(
        lambda c: (
            bool(_MORE_ASKS.search(c) or (_RISE_ASKS.search(c) and _SHARE_RIGHT.search(c))) and not _MORE_ELSE.search(c)
        ),
        _MORE,
        lambda n: 1 + float(n) / 100,
        lambda k, rate: f"{(k - 1) * 100:g}% more than {rate}",
    ),
    _Way(
        lambda c: bool(_SHARE_ASKS.search(c) and _SHARE_RIGHT.search(c)) and not _SHARE_ELSE.search(c),
        _SHARE,
        lambda n: float(n) / 100,
        lambda k, rate: f"{k * 100:g}% of {rate}",
    ),
)
"""The ways, in the order a criterion is matched against them."""


def rated_amounts(answer: str, way: _Way) -> list[Rated]:
    """Every amount the answer works from a rate in `way`, in the order they stand."""
    return [
        Rated(way.factor(m.group("n")), m.group("p"), m.group("t"), line)
        for line in content_lines(answer)
        for m in way.pattern.finditer(line)
    ]


def rated_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by a count times its rate, or a percentage of a sum; None when it
    asks no such product, or which line it means is unclear."""
    way, found = next(((w, f) for w in _WAYS if w.asks(criterion) and (f := rated_amounts(answer, w))), (None, []))
    if way is None:
        return None
    judged, sure = chosen(found, named_stems(criterion, _PLAIN), False)
    if wrong := next((r for r in judged if not r.right), None):
        if not sure:
            return None
        places = len(wrong.amount.split(".")[1]) if "." in wrong.amount else 0
        product = f"{wrong.rate[0]}{wrong.count * _value(wrong.rate):,.{places}f}"
        why = f"{way.said(wrong.count, wrong.rate)} is {product}, not {wrong.amount}"
        return Evidence(False, why, f"rated amount: {why}", quote=wrong.line)
    return Evidence(True, "", f"rated amount: {len(judged)} amount(s) worked right from the rate", quote=judged[0].line)

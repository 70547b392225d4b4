"""A criterion asking that the weekday an answer gives beside a date is the day that date falls
on ("The weekday given for the pick-up is right for its date", "Every date shown matches the
day of the week beside it"): the calendar decides, so code reads it.

A check written without the answer guesses where the date stands and how it is written; code
finds every weekday written beside a date (Saturday 2 August 2026, Mon 16 Sep 2024, Saturday,
2026-08-08, 2025-06-30 Mon, 20 June 2026 (Saturday), November 7th, 2026), a date without its
year taking the one year the answer gives. Which dates count: every one where the criterion
asks of every date or of weekdays in the plural, or names nothing; else the dates on the lines
that hold every word it names the thing by (the pick-up, the PCN issued). A wrong weekday among
them fails the criterion, quoted on its line; all of them right meets it. Where no dated line
holds the thing's words, every dated weekday right meets it and any wrong decides nothing
(which date is meant is unclear). Left to the grader: a criterion asking a date to fall on a
working day, an order of days, a negated one, an answer whose dates have no weekday beside
them, a line holding a weekday and two dates beside neither, and a date in figures with
slashes (day or month first is unclear).
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.naming import chosen, named_stems
from rubricflow.activities.grader.quotes import content_lines

_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")

_ASKS = re.compile(r"\b(?:weekdays?|days? of the week)\b", re.I)
_RIGHT = re.compile(
    r"\b(?:right|correct(?:ly)?|match(?:es|ing)?|agrees?|really|actually|true|it names|it gives|beside it)\b", re.I
)
_ELSE = re.compile(
    r"\b(?:not|never|no|without|order|working|weekend|business)\b|n't\b"
    r"|\b(?:first|last|next|previous|following) weekday|\bweekdays? (?:before|after)\b"
    r"|\b(?:is|are|be|falls?|falling) (?:on )?(?:a )?weekdays?\b",
    re.I,
)
"""A criterion asking something else of weekdays (a working day, an order, the weekday before), or negated."""
_EVERY = re.compile(r"\b(?:every|each|all|weekdays|days of the week|dates)\b", re.I)

_DAY = r"(?P<wd>(?:Mon|Tue|Tues|Wed|Thu|Thur|Thurs|Fri|Sat|Sun)\.?|(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day)"
_MONTH = r"(?P<mon>(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?)"
_YEAR = r"(?:,?\s+(?P<year>(?:19|20)\d\d))?"
_ORD = r"(?:st|nd|rd|th)?"
_DATE = (
    rf"(?:(?P<iso>(?:19|20)\d\d-\d\d-\d\d)|(?P<d1>\d{{1,2}}){_ORD}(?:\s+of)?\s+{_MONTH}{_YEAR}"
    rf"|{_MONTH.replace('mon>', 'mon2>')}\s+(?P<d2>\d{{1,2}}){_ORD}{_YEAR.replace('year>', 'year2>')})(?![\d/-])"
)
_GAP = r"[\s,|·(]{1,4}(?:the\s+)?"
_BEFORE = re.compile(rf"(?<![\w-]){_DAY}{_GAP}{_DATE}")
_AFTER = re.compile(rf"(?<![\w/-])(?P<iso>(?:19|20)\d\d-\d\d-\d\d)[\s,|·(]{{1,4}}{_DAY}(?!\w)")
_AFTER_WORDS = re.compile(rf"(?<![\w-])(?P<d1>\d{{1,2}}){_ORD}\s+{_MONTH}\s+(?P<year>(?:19|20)\d\d)\s*\({_DAY}\)")
_ANY_DATE = re.compile(rf"(?<![\w-]){_DATE}")
_ANY_DAY = re.compile(rf"(?<![\w-]){_DAY}(?!\w)")
_YEARS = re.compile(r"(?<![\d-])((?:19|20)\d\d)(?!\d)")

_PLAIN = frozenset(
    "the a an of for with it its is are was and in on to that this which what gives given give names named name "
    "states stated says said shows shown printed labelled labeled paired lists listed date dates day days week weekday "
    "weekdays right correct correctly match matches agrees agree really actually true falls fall falling beside "
    "alongside next to every each all one".split()
)
"""Words of a criterion that say nothing of which date it means."""


@dataclass(frozen=True)
class DatedWeekday:
    """A weekday an answer writes beside a date, and the line it stands on."""

    given: str
    day: datetime.date
    line: str

    @property
    def actual(self) -> str:
        return _NAMES[self.day.weekday()]

    @property
    def right(self) -> bool:
        return self.given == self.actual


def asks_weekdays(criterion: str) -> bool:
    """Whether `criterion` asks that the weekday given beside a date be the one it falls on."""
    return bool(_ASKS.search(criterion) and _RIGHT.search(criterion) and not _ELSE.search(criterion))


def _weekday(written: str) -> str:
    return next(name for name in _NAMES if name.lower().startswith(written.rstrip(".").lower()[:3]))


def _date(match: re.Match[str], year: int | None) -> datetime.date | None:
    found = match.groupdict()
    try:
        if found.get("iso"):
            return datetime.date.fromisoformat(found["iso"])
        month = found.get("mon") or found.get("mon2") or ""
        day = found.get("d1") or found.get("d2") or ""
        written_year = found.get("year") or found.get("year2")
        when = int(written_year) if written_year else year
        if when is None:
            return None
        return datetime.date(when, _MONTHS.index(month[:3].lower()) + 1, int(day))
    except ValueError:
        return None


def one_year(answer: str) -> int | None:
    """The one year `answer` writes, for its dates written without one; None for none or several."""
    years = set(_YEARS.findall(answer))
    return int(years.pop()) if len(years) == 1 else None


def dates_on(text: str, year: int | None) -> list[datetime.date]:
    """Every date written in `text` that code reads (one without a year in `year`), in order."""
    return [day for match in _ANY_DATE.finditer(text) if (day := _date(match, year)) is not None]


def _line_pairs(line: str, year: int | None) -> tuple[list[DatedWeekday], bool]:
    """The weekdays beside dates on `line`, and whether the line holds a weekday beside no
    date it can read while holding a date (which goes with which is unclear)."""
    pairs: list[DatedWeekday] = []
    used: list[tuple[int, int]] = []
    for pattern in (_BEFORE, _AFTER, _AFTER_WORDS):
        for match in pattern.finditer(line):
            if any(start < match.end() and match.start() < end for start, end in used):
                continue
            used.append(match.span())
            if (day := _date(match, year)) is not None:
                pairs.append(DatedWeekday(_weekday(match.group("wd")), day, line))
    loose = any(not any(s <= m.start() < e for s, e in used) for m in _ANY_DAY.finditer(line))
    unclear = (loose and bool(_ANY_DATE.search(line))) or len(pairs) < len(used)
    return pairs, unclear


def dated_weekdays(answer: str) -> list[DatedWeekday]:
    """Every weekday `answer` writes beside a date it can read, in the order they stand."""
    return [pair for pairs, _ in _read(answer) for pair in pairs]


def _read(answer: str) -> list[tuple[list[DatedWeekday], bool]]:
    year = one_year(answer)
    return [_line_pairs(line, year) for line in content_lines(answer)]


_BARE = re.compile(r"^\W*(?:date|when|date and time)\W*$", re.I)
"""A line's words but its date's: a bare label, the date of the document's one event."""


def _bare(line: str) -> bool:
    """Whether `line` holds nothing but a "Date" label beside its date and weekday."""
    return bool(_BARE.match(_ANY_DATE.sub("", _ANY_DAY.sub("", line)).replace("|", " ")))


def weekday_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the calendar: unmet by a wrong weekday beside a date it means,
    met when every such weekday is right; None when it asks no date's weekday, or code
    cannot tell which dates it means or what they are."""
    if not asks_weekdays(criterion):
        return None
    lines = _read(answer)
    pairs = [pair for found, _ in lines for pair in found]
    unclear = any(flag for _, flag in lines)
    every = bool(_EVERY.search(criterion))
    named = [] if every else named_stems(criterion, _PLAIN)
    if not pairs:
        return None
    shown, sure = chosen(pairs, named, every or not named, last=_bare)
    if wrong := next((p for p in shown if not p.right), None):
        if not sure:
            return None  # a wrong weekday, but not on a line of the thing the criterion names
        why = f"{wrong.day.day} {wrong.day:%B %Y} is a {wrong.actual}, not a {wrong.given}"
        return Evidence(False, why, f"weekday: {why}", quote=wrong.line)
    if unclear and (every or not named or not sure):
        return None
    said = f"weekday: {len(shown)} date(s) with the weekday each falls on"
    return Evidence(True, "", said, quote=shown[0].line)

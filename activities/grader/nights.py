"""A criterion asking that the number of nights the answer states be right for the dates of
the stay ("The number of nights stated matches the check-in and check-out dates", "Gives the
right number of nights for the drop-off and pick-up dates"), or the days it states between two
dates ("Counts the days between the first and last readings correctly"): the calendar decides,
so code reads it.

The count is the one the answer states ("2 nights", "two nights", "Days between ...: 90"); of
several different ones, the one on a dated line, else none. The dates are the two on the
count's line, else the one date on the one line holding each word the criterion names the ends
by ("drop-off", "pick-up"; else the words of a stay's ends: check-in, arrival, drop-off and
check-out, departure, leave, pick-up, collection), else for "the first and last" the earliest
and latest of the one run of lines in a row dated one each. Met when the nights (days) from one to the other are the count stated;
unmet when not. Left to the grader: days counted in both ends or in periods of hours (rental
days), one stay of several ("in Tokyo"), a negated criterion, dates code cannot place.
"""

from __future__ import annotations

import datetime
import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.listing import RULE
from rubricflow.activities.grader.naming import named_stems
from rubricflow.activities.grader.number_words import WORDS, number_value
from rubricflow.activities.grader.quotes import content_lines
from rubricflow.activities.grader.weekdays import dates_on, one_year

_ASKS = re.compile(r"\b(?:number of|how many|counts? the|gives the)\s+(?P<unit>nights|days)\b", re.I)
_RIGHT = re.compile(r"\b(?:right|correct(?:ly)?|match(?:es)?|stated)\b", re.I)
_PAIR = re.compile(
    r"\bthe\s+(?P<a>[\w-]+)\s+and\s+(?:the\s+)?(?P<b>[\w-]+)\s+(?:dates?|readings?|days?)\b"
    r"|\bfrom\s+(?:the\s+)?(?P<c>[\w-]+)\s+to\s+(?:the\s+)?(?P<d>[\w-]+)",
    re.I,
)
_ELSE = re.compile(r"\b(?:not|never|each|every|times|hours|rental|spend|spends|per|a day)\b|n't\b", re.I)
_ONE_STAY = re.compile(r"(?<![\w-])in\s+[A-Z]")
"""A stay in a place the criterion names ("the nights it says they spend in Tokyo"): one of several."""
_NIGHTS = re.compile(rf"(?<![\w.,])(?P<n>\d{{1,3}}|{WORDS})\s+nights?\b", re.I)
_DAYS = re.compile(rf"(?<![\w.,])(?P<n>\d{{1,4}}|{WORDS})\s+days\b|\bdays\b[^:\n]*:\s*(?P<m>\d{{1,4}})\b", re.I)
_STARTS = "check-in arrival arrive arriving drop-off"
_ENDS = "check-out departure depart departing leave leaving pick-up collection collect"


def nights_asked(criterion: str) -> tuple[str, str, str] | None:
    """The unit `criterion` counts ("nights", "days") and the words it names the two ends by
    ('' where it names none); None when it asks no such count."""
    asks = _ASKS.search(criterion)
    if asks is None or not _RIGHT.search(criterion) or _ELSE.search(criterion) or _ONE_STAY.search(criterion):
        return None
    unit = asks.group("unit").lower()
    pair = _PAIR.search(criterion)
    if unit == "days" and (pair is None or "between" not in criterion.lower()):
        return None  # days counted in a period may count both ends
    if pair is None:
        return unit, "", ""
    first, last = (pair.group("a"), pair.group("b")) if pair.group("a") else (pair.group("c"), pair.group("d"))
    return unit, first.lower(), last.lower()


def _stated(lines: list[str], unit: str) -> tuple[int, str] | None:
    """The one count of `unit` the answer states, and its line; None for none or several."""
    pattern = _NIGHTS if unit == "nights" else _DAYS
    found = {
        (number_value(m.group("n")) if m.group("n") else int(m.group("m")), line)
        for line in lines
        for m in pattern.finditer(line)
    }
    if len({n for n, _ in found}) > 1:  # of several, the one beside a date, the stay's
        found = {(n, line) for n, line in found if dates_on(line, 2000)}  # a date, of any year
    return found.pop() if len(found) == 1 else None


def _dated(lines: list[str], words: str, year: int | None) -> datetime.date | None:
    """The one date on the one dated line holding a word of `words`."""
    stems = named_stems(words, ())
    dated = [days for line in lines if any(s.search(line) for s in stems) and (days := dates_on(line, year))]
    return dated[0][0] if len(dated) == 1 and len(dated[0]) == 1 else None


def dated_runs(lines: list[str], year: int | None) -> list[list[datetime.date]]:
    """The dates of each run of two or more lines in a row holding one date each (a list of dated
    readings, a table's rows)."""
    runs: list[list[datetime.date]] = [[]]
    for line in lines:
        days = dates_on(line, year)
        if len(days) == 1:
            runs[-1].append(days[0])
        elif runs[-1] and not RULE.match(line):
            runs.append([])
    return [run for run in runs if len(run) >= 2]


def _ends(lines: list[str], line: str, asked: tuple[str, str, str], year: int | None) -> tuple[datetime.date, ...]:
    _, first, last = asked
    if len(on_line := dates_on(line, year)) == 2:
        return tuple(on_line)
    if (first, last) == ("first", "last"):
        runs = dated_runs(lines, year)
        return (min(runs[0]), max(runs[0])) if len(runs) == 1 else ()
    for starts, ends in ((first, last), (_STARTS, _ENDS)):
        if starts and (start := _dated(lines, starts, year)) and (end := _dated(lines, ends, year)):
            return start, end
    return ()


def shown(day: datetime.date) -> str:
    return f"{day.day} {day:%B %Y}"


def nights_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the calendar for the count it asks be right; None when it asks
    none, or the count or its two dates are unclear."""
    asked = nights_asked(criterion)
    if asked is None:
        return None
    lines, year = content_lines(answer), one_year(answer)
    stated = _stated(lines, asked[0])
    if stated is None:
        return None
    count, line = stated
    ends = _ends(lines, line, asked, year)
    if len(ends) != 2 or (span := abs((ends[1] - ends[0]).days)) == 0:
        return None
    start, end = sorted(ends)
    if span == count:
        return Evidence(True, "", f"nights: {shown(start)} to {shown(end)} is {span} {asked[0]}", quote=line)
    why = f"{shown(start)} to {shown(end)} is {span} {asked[0]}, not the {count} stated"
    return Evidence(False, why, f"nights: {why}", quote=line)

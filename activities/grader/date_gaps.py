"""A criterion asking that each of several dates be so many days or weeks from another ("Each
item's kept-until date is 21 days after the date it was found", "Every collection moves exactly
one day later than its usual date", "Each visit date is six weeks after the one before", "The
visit dates are four weeks apart"): the calendar decides, so code reads it.

Each from its own other date: every line holding two dates (a list item, a table row) is one
pair, the gap between its two dates the one asked; a line of three dates or more leaves it
unclear. Each from the one before: the dates of the answer's one run of lines dated one each
(else of its one line of three dates or more), each gap between neighbours the one asked.
Weeks are seven days. Met when every gap is the one asked, unmet when one is not. Left to the
grader: months, working days and bounds ("at least", "within"), a gap the answer states ("the
stated number of days"), a negated criterion, and dates code cannot pair.
"""

from __future__ import annotations

import datetime
import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.nights import dated_runs, shown
from rubricflow.activities.grader.number_words import WORDS, number_value
from rubricflow.activities.grader.quotes import content_lines
from rubricflow.activities.grader.weekdays import dates_on, one_year

_EACH = re.compile(r"\b(?:each|every|all)\b", re.I)
_GAP = re.compile(
    rf"(?<![\w.,])(?P<n>\d{{1,3}}|{WORDS})\s+(?P<unit>days?|weeks?)\s+"
    r"(?:(?P<after>after|later than|on from)\s+(?P<y>.+?)|(?P<apart>apart))\.?$",
    re.I,
)
_BEFORE = re.compile(r"^(?:the|its)\s+(?:one|date|\w+)\s+before\b|^(?:the\s+)?previous\b|^the last one\b", re.I)
_ELSE = re.compile(
    r"\b(?:not|never|working|business|school|months?|at least|no more than|within|or more|or fewer|"
    r"stated|given|says?|states?)\b|n't\b",
    re.I,
)


def _pairs(lines: list[str], year: int | None, neighbours: bool) -> list[tuple[datetime.date, datetime.date]]:
    """The dates to compare: each two-date line's two, or each neighbour of the one dated run."""
    if neighbours:
        runs = dated_runs(lines, year) or [days for line in lines if len(days := dates_on(line, year)) >= 3]
        return list(zip(runs[0], runs[0][1:], strict=False)) if len(runs) == 1 else []
    on_lines = [dates_on(line, year) for line in lines]
    if any(len(days) > 2 for days in on_lines):
        return []
    return [(days[0], days[1]) for days in on_lines if len(days) == 2]


def date_gap_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the calendar for each gap it asks; None when it asks none, or
    code cannot pair the dates."""
    asked = _GAP.search(criterion.strip())
    if asked is None or not _EACH.search(criterion[: asked.start()]) and not asked.group("apart"):
        return None
    if _ELSE.search(criterion):
        return None
    neighbours = bool(asked.group("apart") or _BEFORE.match(asked.group("y") or ""))
    days = number_value(asked.group("n")) * (7 if asked.group("unit").lower().startswith("week") else 1)
    pairs = _pairs(content_lines(answer), one_year(answer), neighbours)
    if not pairs:
        return None
    off = [(a, b) for a, b in pairs if abs((b - a).days) != days]
    wanted = f"{asked.group('n')} {asked.group('unit')}"
    if not off:
        return Evidence(True, "", f"date gaps: each of {len(pairs)} is {wanted}")
    a, b = off[0]
    why = f"{shown(a)} to {shown(b)} is {abs((b - a).days)} days, not {wanted}"
    return Evidence(False, why, f"date gaps: {why}")

"""A criterion asking that one date be so many days, weeks or months from another ("The due
date is 30 days after the issue date", "The reply-by date is exactly two weeks before the
party", "The payment date is no more than 14 days after the keys came back on 2 October 2025"):
the calendar decides, so code reads it.

The first date is the one date on the line (or labelled column of a line) holding every word
the criterion names it by (else on the one dated line holding them with the heading it stands
under, else on the one holding one of them; where the criterion says "next", only a date whose
line or heading says it); the second is the criterion's own date, else found the same way on
another line, else, for the answer's own occasion ("this one", "this delivery", "today's
visit"), the answer's one other date. Weeks are seven days, months the same day of a later month,
working, business and school days Monday to Friday. Met when the span between them is the one
asked ("exactly", or none said), or within its bound ("at least", "no fewer than", "or more",
"no more than", "within"); unmet when not. Left to the grader: a span of each of several ("each
week's date"), one the answer states ("the stated number of weeks"), one around other days
("excluding bank holidays"), a negated criterion, and every date code cannot find on one line.
"""

from __future__ import annotations

import datetime
import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.listing import heading
from rubricflow.activities.grader.naming import named_stems
from rubricflow.activities.grader.number_words import WORDS, number_value
from rubricflow.activities.grader.quotes import content_lines
from rubricflow.activities.grader.weekdays import dates_on, one_year

_SPAN = re.compile(
    r"^(?P<x>.+?)\s+(?P<low>(?:at least|no fewer than|no less than|a minimum of)\s+)?"
    r"(?P<high>(?:no more than|within|at most|up to)\s+)?(?P<exact>exactly\s+)?"
    rf"(?P<n>\d{{1,3}}|{WORDS})\s+(?P<or>or (?:more|fewer|less)\s+)?"
    r"(?P<unit>(?:working |business |school |calendar |clear )?(?:days?|weeks?|months?))"
    r"(?:\s+\([^)]*\))?\s+(?P<dir>after|before|ahead of|on from|from|later than|earlier than)\s+(?P<y>.+?)\.?$",
    re.I,
)
_UNIT = r"(?:working |business |school |calendar |clear )?(?:days?|weeks?|months?)"
_STATED_SPAN = re.compile(
    rf"^(?P<x>.+?)\s+(?:is|falls|comes)\s+(?:exactly\s+)?the (?:stated|given) number of (?P<unit>{_UNIT})"
    r"\s+(?P<dir>after|before|ahead of|on from|from)\s+(?P<y>.+?)\.?$",
    re.I,
)
"""A span the answer states beside the date ("Ready on Monday 11 May 2026, 3 working days after
it was booked in"), which the criterion asks be right."""
_SAID = re.compile(
    rf"(?<![\w.,])(?P<n>\d{{1,3}}|{WORDS})\s+(?P<unit>{_UNIT})\s+(?P<dir>after|before|ahead of|from)\b",
    re.I,
)
_ELSE = re.compile(
    r"\b(?:not|never|each|every|previous|bank|holidays?|excluding|except|and)\b|n't\b",
    re.I,
)
_COLUMNS = re.compile(r"(?:[ ]{3,}|\t)(?=[A-Z][\w' ]{0,30}:)")
"""Where a line's next column starts with a label of its own ("MEETING    Dated: 16 October
2026"): a date goes with the words of its own column."""
_LEAD = re.compile(r"^(?:sets|gives|makes|puts|asks\s+\w+\s+to\s+\w+\s+by|has|states)\s+", re.I)
_PLAIN = frozenset(
    "the a an of for with it its is are was be and in on to that this which what date dates day days gives given "
    "give sets set makes make puts put states stated says falls fall falling by as at new next starts start "
    "came back ended ends end right correct correctly works work out".split()
)
"""Words of a criterion that say nothing of which date it means."""


def _months_on(start: datetime.date, months: int) -> datetime.date | None:
    year, month = divmod(start.month - 1 + months, 12)
    try:
        return start.replace(year=start.year + year, month=month + 1)
    except ValueError:
        return None  # no such day in that month: how the answer counts is unclear


def _working_days_on(start: datetime.date, days: int) -> datetime.date:
    step = 1 if days >= 0 else -1
    day, left = start, abs(days)
    while left:
        day += datetime.timedelta(days=step)
        left -= day.weekday() < 5
    return day


def _moved(start: datetime.date, n: int, unit: str) -> datetime.date | None:
    """The date `n` `unit`s after `start` (before it, for a negative `n`)."""
    unit = unit.lower()
    if unit.startswith(("working", "business", "school")):
        return _working_days_on(start, n)
    if "month" in unit:
        return _months_on(start, n)
    return start + datetime.timedelta(days=n * 7 if "week" in unit else n)


def _under_headings(lines: list[str]) -> list[tuple[str, str]]:
    """Each line, and the heading it stands under ('' under none; the first line, a title,
    names the whole answer, no part of it)."""
    placed, above = [], ""
    for index, line in enumerate(lines):
        if index and (words := heading(line)) is not None:
            above = words
        placed.append((line, above))
    return placed


_NEXT = re.compile(r"\bnext\b", re.I)
_THIS = re.compile(r"^(?:this\b|today's\b|the date of (?:this|today's)\b)", re.I)
"""The answer's own occasion ("this one", "this delivery", "today's visit")."""


def _dated_line(lines: list[str], words: str, year: int | None, but: str = "") -> tuple[datetime.date, str] | None:
    """The one date on the line holding every word `words` names, else on the one dated line
    that holds them with the heading it stands under, else on the one holding one of them; where
    `words` say "next", only a date whose line or heading says it ("the next delivery date" is
    not this one's)."""
    stems = named_stems(_LEAD.sub("", words), _PLAIN)
    if not stems:
        return None
    segments = [(part, above) for line, above in _under_headings(lines) if line != but for part in _COLUMNS.split(line)]
    dated = [(part, above, found) for part, above in segments if (found := dates_on(part, year))]
    if _NEXT.search(words):
        dated = [(part, above, found) for part, above, found in dated if _NEXT.search(f"{above} {part}")]
    for meant in (
        [(ln, f) for ln, _, f in dated if all(s.search(ln) for s in stems)],
        [(ln, f) for ln, above, f in dated if all(s.search(f"{above} {ln}") for s in stems)],
        [(ln, f) for ln, _, f in dated if any(s.search(ln) for s in stems)],
    ):
        if meant:
            if len(meant) == 1 and len(set(meant[0][1])) == 1:
                return meant[0][1][0], meant[0][0]
            return None
    return None


def date_span_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the calendar for the span it asks between two dates; None when
    it asks none, or code cannot find both dates."""
    asked = _SPAN.match(criterion.strip()) or _STATED_SPAN.match(criterion.strip())
    if not asked or _ELSE.search(criterion) or (asked.re is _SPAN and re.search(r"(?i)\bstated|number of", criterion)):
        return None
    year = one_year(answer)
    lines = content_lines(answer)
    first = _dated_line(lines, asked.group("x"), year)
    if first is None:
        return None
    first_line = next(line for line in lines if first[1] in line)
    names = [asked.group("y")]
    if asked.re is _STATED_SPAN:
        stated = _SAID.search(first[1])
        if stated is None or (stated.group("dir").lower() == "before") != (asked.group("dir").lower() != "after"):
            return None  # no span stated beside the date, or one the other way
        n, unit = number_value(stated.group("n")), stated.group("unit")
        names.append(re.split(r"[.,;:()]", first[1][stated.end() :])[0])  # "... after it was booked in"
    else:
        n, unit = number_value(asked.group("n")), asked.group("unit")
    given = dates_on(asked.group("y"), year)
    second = (given[0], "") if len(given) == 1 else None
    for name in names if not given else []:
        if (second := _dated_line(lines, name, year, first_line)) is not None:
            break
    if second is None and _THIS.match(asked.group("y").strip()):
        others = {day for line in lines if line != first_line for day in dates_on(line, year)}
        second = (others.pop(), "") if len(others) == 1 else None  # the answer's one other date
    if second is None:
        return None
    later = asked.group("dir").lower() in ("after", "on from", "from", "later than")
    due = _moved(second[0], n if later else -n, unit)
    if due is None:
        return None
    day, base = first[0], second[0]
    bound = asked.groupdict()
    wants_more = bound.get("low") or (bound.get("or") or "").lower().startswith("or more")
    wants_less = bound.get("high") or (bound.get("or") or "").lower().startswith(("or fewer", "or less"))
    if wants_more:
        met = day >= due if later else day <= due
    elif wants_less:
        met = base <= day <= due if later else due <= day <= base
    else:
        met = day == due
    how = "at least " if wants_more else "no more than " if wants_less else ""
    said = f"{day:%-d %B %Y} is {'' if met else 'not '}{how}{n} {unit} {asked.group('dir')} {base:%-d %B %Y} ({due:%-d %B %Y})"
    return Evidence(met, "" if met else said, f"date span: {said}", quote=first[1])

"""Timesheet family (fresh16): the week's timesheet a task asks for (a freelance developer's week for a
client, a part-time support engineer's, a site engineer's, a consultant's), one line a day with its date,
day, project code, start and finish times, break and hours, then the week's total, the billable hours (all
but the internal code's), the amount due at the hourly rate and a sign-off, a kind of answer no grader was
run on while any of its rules was written. Run only as `--set fresh16`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the timesheet as a Markdown table, as bullets or as columns in a fenced block, written right
and then changed by switches: every day's hours its finish minus its start minus its break or one day's
finish moved, the total the days added or not, the billable hours the days off the internal code or not,
the amount the billable days' hours at the rate or not, every day named right for its date or one named
wrong, no day on a weekend or one moved to a Saturday, every day over six hours with a break of 30 minutes
or one without, every project code one the task gives or one mistyped, and a last line naming the worker
or none. Every truth is read from the text: a day is a line with a date (ISO or `9 Dec 2024`) and a span
of two `HH:MM` times; on it the first weekday name, the first code in capitals, a break as `30 min`,
`45m` or `0:30` (none: no break) and the hours as the line's last number; the total, billable and amount
lines by their labels, each line's last figure.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import Criterion, JudgeCase, date_in, pick_wording, slipped, switched_cases

FAMILY = "timesheet"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SPAN = re.compile(r"\b(\d{2}):(\d{2})\s*(?:–|-|to|\|)?\s*(\d{2}):(\d{2})\b")
DAY = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)(?:day|s|sday|nesday|rs|rsday|urday)?\b", re.I)
CODE = re.compile(r"\b[A-Z]{2,}(?:-\d+)?\b")
BREAK = re.compile(r"\b(\d+)\s*(?:m|min|mins|minutes)\b|(?<![\d:])(\d):(\d{2})(?![\d:])")
HOURS = re.compile(r"(\d+(?:\.\d+)?)\s*(?:h|hrs|hours)?\s*\**\s*\|?\s*$")
NUMBER = re.compile(r"\d+(?:\.\d+)?")
MONEY = re.compile(r"[$€£]\s?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)")
AMOUNT = re.compile(r"\b(?:amount|due|invoice)", re.I)
WEEKDAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")


@dataclass(frozen=True)
class Day:
    when: date
    named: str | None
    code: str | None
    minutes: int
    """Finish minus start."""
    rest: int
    """The break, in minutes."""
    hours: float | None


@dataclass(frozen=True)
class Week:
    task: str
    text: str
    """The answer written right."""
    name: str
    rate: float
    currency: str
    codes: tuple[str, ...]
    internal: str
    """The worker, the hourly rate, the project codes the task gives and the one not billed."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


VOGT = """## Timesheet: Lena Vogt, week of 3 June 2024

| Date | Day | Project | Start | End | Break | Hours |
|---|---|---|---|---|---|---|
| 2024-06-03 | Mon | ACME-114 | 08:30 | 17:00 | 0:30 | 8.0 |
| 2024-06-04 | Tue | ACME-114 | 09:00 | 18:15 | 0:45 | 8.5 |
| 2024-06-05 | Wed | ACME-120 | 08:00 | 16:30 | 0:30 | 8.0 |
| 2024-06-06 | Thu | INT | 09:00 | 13:00 | 0:00 | 4.0 |
| 2024-06-07 | Fri | ACME-120 | 08:15 | 15:45 | 0:30 | 7.0 |

Total hours: 35.5
Billable hours (client ACME): 31.5
Amount due at €65.00/h: €2,047.50

Submitted by Lena Vogt on 7 June 2024"""

OKAFOR = """Here's the timesheet for the week of 16 September 2024:

- Mon 16 Sep 2024 · HELPDESK · 09:00–15:30 · break 30 min · 6.0 h
- Tue 17 Sep 2024 · ONBOARD-7 · 09:00–13:00 · no break · 4.0 h
- Wed 18 Sep 2024 · HELPDESK · 08:30–15:15 · break 45 min · 6.0 h
- Thu 19 Sep 2024 · TRAINING · 10:00–14:00 · no break · 4.0 h
- Fri 20 Sep 2024 · ONBOARD-7 · 09:00–16:00 · break 30 min · 6.5 h

**Total:** 26.5 h
**Billable (HELPDESK, ONBOARD-7):** 22.5 h
**To invoice at £28/h:** £630.00

Submitted by Sam Okafor"""

NAIR = """Timesheet below; the BLD codes are the two site jobs.

```text
Timesheet: Priya Nair, week of 2025-03-10
Day  Date        Job     Start  End    Break  Hours
Mon  2025-03-10  BLD-22  07:00  16:00  45m    8.25
Tue  2025-03-11  BLD-22  07:00  15:30  30m    8.0
Wed  2025-03-12  BLD-31  07:30  17:00  60m    8.5
Thu  2025-03-13  ADMIN   08:00  12:00  0m     4.0
Fri  2025-03-14  BLD-31  07:00  14:30  30m    7.0
```

Total: 35.75 h
Billable (BLD jobs): 31.75 h
Amount due at $54/h: $1,714.50

Site manager approval: ____________
Submitted by Priya Nair"""

BERG = """**Jonas Berg: timesheet for week 50 (9 to 13 December 2024)**

| Day | Date | Code | Start | Finish | Break | Hours |
|:--|:--|:--|:--:|:--:|:--:|--:|
| Mon | 9 Dec 2024 | KLM-5 | 08:00 | 16:30 | 30 min | 8.0 |
| Tue | 10 Dec 2024 | KLM-5 | 08:30 | 12:30 | 0 min | 4.0 |
| Wed | 11 Dec 2024 | OPS | 09:00 | 15:00 | 0 min | 6.0 |
| Thu | 12 Dec 2024 | KLM-9 | 08:00 | 17:15 | 45 min | 8.5 |
| Fri | 13 Dec 2024 | KLM-9 | 08:00 | 15:30 | 30 min | 7.0 |
| **Total** | | | | | | **33.5** |

Billable to KLM: 27.5 hours
Invoice amount at €72/h: €1,980.00

Jonas Berg, 13 December 2024"""

WEEKS = (
    Week(
        "Make my timesheet for the week of 3 June 2024 as a table. Mon 8:30-17:00 on ACME-114 with a 30 min "
        "break; Tue 9:00-18:15 on ACME-114, 45 min break; Wed 8:00-16:30 on ACME-120, 30 min break; Thu 9:00-13:00 "
        "internal (code INT), no break; Fri 8:15-15:45 on ACME-120, 30 min break. Give the total, the billable "
        "hours (INT isn't billed) and the amount at €65/h, and sign it off with my name, Lena Vogt.",
        VOGT,
        "Lena Vogt",
        65.0,
        "€65 an hour",
        ("ACME-114", "ACME-120", "INT"),
        "INT",
        (
            ("hours", "| 08:00 | 16:30 | 0:30 | 8.0 |", "| 08:00 | 16:00 | 0:30 | 8.0 |"),
            ("breaks", "| 08:30 | 17:00 | 0:30 | 8.0 |", "| 08:30 | 16:30 | 0:00 | 8.0 |"),
            ("weekdays", "| 2024-06-04 | Tue |", "| 2024-06-04 | Wed |"),
            ("no_weekend", "| 2024-06-07 | Fri |", "| 2024-06-08 | Sat |"),
            ("projects", "| ACME-120 | 08:15 |", "| ACME-102 | 08:15 |"),
            ("total", "Total hours: 35.5", "Total hours: 36.5"),
            ("billable", "Billable hours (client ACME): 31.5", "Billable hours (client ACME): 35.5"),
            ("amount", "€2,047.50", "€2,307.50"),
            ("signed", "\n\nSubmitted by Lena Vogt on 7 June 2024", ""),
        ),
    ),
    Week(
        "Timesheet for Sam Okafor, week starting Monday 16 September 2024, as a bulleted list. Mon 09:00-15:30 "
        "HELPDESK (30 min break); Tue 09:00-13:00 ONBOARD-7; Wed 08:30-15:15 HELPDESK (45 min break); Thu "
        "10:00-14:00 TRAINING (internal, not billed); Fri 09:00-16:00 ONBOARD-7 (30 min break). Total, billable "
        "hours and the amount to invoice at £28 an hour, then Sam's name at the end.",
        OKAFOR,
        "Sam Okafor",
        28.0,
        "£28 an hour",
        ("HELPDESK", "ONBOARD-7", "TRAINING"),
        "TRAINING",
        (
            ("hours", "09:00–15:30 · break 30 min · 6.0 h", "09:00–15:45 · break 30 min · 6.0 h"),
            ("breaks", "09:00–16:00 · break 30 min · 6.5 h", "09:00–15:30 · no break · 6.5 h"),
            ("weekdays", "Wed 18 Sep 2024", "Thu 18 Sep 2024"),
            ("no_weekend", "Thu 19 Sep 2024", "Sat 21 Sep 2024"),
            ("projects", "ONBOARD-7 · 09:00–13:00", "ONBOARD-3 · 09:00–13:00"),
            ("total", "**Total:** 26.5 h", "**Total:** 25.5 h"),
            ("billable", "**Billable (HELPDESK, ONBOARD-7):** 22.5 h", "**Billable (HELPDESK, ONBOARD-7):** 26.5 h"),
            ("amount", "£630.00", "£742.00"),
            ("signed", "\n\nSubmitted by Sam Okafor", ""),
        ),
    ),
    Week(
        "Priya Nair's timesheet for the week of 10 March 2025, in plain columns please. Mon 07:00-16:00 BLD-22, "
        "45 min break; Tue 07:00-15:30 BLD-22, 30 min; Wed 07:30-17:00 BLD-31, 60 min; Thu 08:00-12:00 ADMIN (our "
        "internal code), no break; Fri 07:00-14:30 BLD-31, 30 min. Add the total, billable hours and the amount "
        "at $54/h; her name goes on the last line.",
        NAIR,
        "Priya Nair",
        54.0,
        "$54 an hour",
        ("BLD-22", "BLD-31", "ADMIN"),
        "ADMIN",
        (
            ("hours", "07:00  15:30  30m    8.0", "07:00  15:00  30m    8.0"),
            ("breaks", "07:30  17:00  60m    8.5", "07:30  16:00  0m     8.5"),
            ("weekdays", "Mon  2025-03-10", "Tue  2025-03-10"),
            ("no_weekend", "Fri  2025-03-14", "Sat  2025-03-15"),
            ("projects", "2025-03-12  BLD-31", "2025-03-12  BLD-13"),
            ("total", "Total: 35.75 h", "Total: 35.25 h"),
            ("billable", "Billable (BLD jobs): 31.75 h", "Billable (BLD jobs): 35.75 h"),
            ("amount", "$1,714.50", "$1,741.50"),
            ("signed", "\nSubmitted by Priya Nair", ""),
        ),
    ),
    Week(
        "Write up Jonas Berg's timesheet for 9-13 December 2024 as a Markdown table with a total row. Mon 08:00-"
        "16:30 KLM-5, 30 min break; Tue 08:30-12:30 KLM-5; Wed 09:00-15:00 OPS (internal, not billable); Thu "
        "08:00-17:15 KLM-9, 45 min break; Fri 08:00-15:30 KLM-9, 30 min break. Then the billable hours and the "
        "invoice amount at €72/h, and end with his name and the date.",
        BERG,
        "Jonas Berg",
        72.0,
        "€72 an hour",
        ("KLM-5", "KLM-9", "OPS"),
        "OPS",
        (
            ("hours", "| 08:00 | 17:15 | 45 min | 8.5 |", "| 08:00 | 17:45 | 45 min | 8.5 |"),
            ("breaks", "| 08:00 | 16:30 | 30 min | 8.0 |", "| 08:00 | 16:00 | 0 min | 8.0 |"),
            ("weekdays", "| Fri | 13 Dec 2024 |", "| Thu | 13 Dec 2024 |"),
            ("no_weekend", "| Wed | 11 Dec 2024 |", "| Sat | 14 Dec 2024 |"),
            ("projects", "| KLM-9 | 08:00 | 15:30", "| KLM-6 | 08:00 | 15:30"),
            ("total", "**33.5**", "**34.5**"),
            ("billable", "Billable to KLM: 27.5 hours", "Billable to KLM: 33.5 hours"),
            ("amount", "€1,980.00", "€2,412.00"),
            ("signed", "\n\nJonas Berg, 13 December 2024", ""),
        ),
    ),
)


def build(week: Week, on: dict[str, bool]) -> str:
    return slipped(week.text, week.slips, on, week.name)


# Reading a timesheet ----------------------------------------------------------------------------


def rest_of(line: str) -> int:
    found = BREAK.search(line)
    if found is None:
        return 0
    if found.group(1) is not None:
        return int(found.group(1))
    return int(found.group(2)) * 60 + int(found.group(3))


def days(answer: str) -> list[Day]:
    """Each line with a date and a span of two times, read as a day."""
    out = []
    for line in answer.splitlines():
        when, span = date_in(line), SPAN.search(line)
        if when is None or span is None:
            continue
        start, end = (int(span.group(1)) * 60 + int(span.group(2))), (int(span.group(3)) * 60 + int(span.group(4)))
        named, code = DAY.search(line), CODE.search(line)
        hours = HOURS.search(line[span.end() :])
        out.append(
            Day(
                when,
                named.group(1).lower() if named else None,
                code.group(0) if code else None,
                end - start,
                rest_of(line[span.end() :]),
                float(hours.group(1)) if hours else None,
            )
        )
    return out


def labelled(answer: str, test: Callable[[str], bool]) -> str:
    """The first line whose text (after any Markdown marks) passes `test`."""
    return next((line for line in answer.splitlines() if test(line.lstrip(" |*#>_-").lower())), "")


def figure(line: str) -> float | None:
    numbers = NUMBER.findall(line.replace(",", ""))
    return float(numbers[-1]) if numbers else None


def money(line: str) -> float | None:
    amounts = MONEY.findall(line)
    return float(amounts[-1].replace(",", "")) if amounts else None


def near(stated: float | None, exact: float) -> bool:
    return stated is not None and abs(stated - exact) <= 0.005


def worked(day: Day) -> float:
    return day.hours or 0.0


WORDINGS = {
    "hours": (
        "Each day's hours equal its finish time minus its start time minus the break",
        "Every day's hours figure matches its start, end and break times",
    ),
    "total": ("The total hours equal the sum of the daily hours", "Its weekly total adds up the hours of each day"),
    "billable": (
        "The billable hours it states are the sum of every day not booked to {internal}",
        "Its billable figure counts all hours except the {internal} time",
    ),
    "amount": (
        "The amount due is the billable hours times {rate}",
        "Bills the billable hours at {rate} and gets the amount right",
    ),
    "weekdays": ("Every date is labelled with the right day of the week", "Each day name matches its date"),
    "no_weekend": ("Does not log any hours on a Saturday or Sunday", "No entry falls on a weekend"),
    "breaks": (
        "Every day with more than 6 hours worked includes a break of at least 30 minutes",
        "Each day over six hours shows a break of 30 minutes or more",
    ),
    "projects": ("Every day is booked to one of the codes {codes}", "Each entry uses one of the project codes {codes}"),
    "signed": ("The last line names {name}", "Ends with a line giving {name}'s name"),
}
"""Two wordings of each kind of criterion, filled from the week."""


def truths(week: Week, answer: str) -> dict[str, bool]:
    found = days(answer)
    known = bool(found) and all(d.hours is not None for d in found)
    billed = sum(worked(d) for d in found if d.code != week.internal)
    last = next((line for line in reversed(answer.splitlines()) if line.strip()), "")
    return {
        "hours": known and all(abs(d.minutes - d.rest - worked(d) * 60) < 0.5 for d in found),
        "total": known and near(figure(labelled(answer, lambda s: s.startswith("total"))), sum(map(worked, found))),
        "billable": known and near(figure(labelled(answer, lambda s: "billable" in s)), billed),
        "amount": known and near(money(labelled(answer, lambda s: AMOUNT.search(s) is not None)), billed * week.rate),
        "weekdays": bool(found) and all(d.named == WEEKDAYS[d.when.weekday()] for d in found),
        "no_weekend": bool(found) and all(d.when.weekday() < 5 for d in found),
        "breaks": bool(found) and all(d.rest >= 30 for d in found if worked(d) > 6),
        "projects": bool(found) and all(d.code in week.codes for d in found),
        "signed": week.name in last,
    }


def candidates(rng: random.Random, week: Week, answer: str) -> list[Criterion]:
    codes = ", ".join(week.codes[:-1]) + f" or {week.codes[-1]}"
    values = {"internal": week.internal, "rate": week.currency, "codes": codes, "name": week.name}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(week, answer).items()
    ]


SWITCHES = ("hours", "total", "billable", "amount", "weekdays", "no_weekend", "breaks", "projects", "signed")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, WEEKS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

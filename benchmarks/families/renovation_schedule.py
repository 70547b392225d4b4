"""Renovation schedule family (fresh23): a builder's schedule of works for a job a task asks for (a UK kitchen refit's
stages in a Markdown table, a US bathroom remodel's as bullets, an Irish attic conversion's as fixed-width text in a
fenced block, an Australian deck build's as plain lines), each stage with its start date, finish date and working days,
then the total, the public holiday with no work, the handover, what the client must clear before the start, the site
hours, the deposit and the contact, a kind of answer no grader was run on while any of its rules was written. Run only
as `--set fresh23`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the schedule written right and then changed by switches: the client asked to clear the place of the work
before the start or not, each stage starting the working day after the one the task puts before it finishes or one
starting a day early, each stage's working days counted right from its dates or one miscounted, the total the working
days from the first start to the last finish or not, the public holiday marked as a day with no work or left out, the
handover's weekday its date's or another, the site hours starting no earlier than the task allows or earlier, the
deposit the task's share of the quote or mistyped, and the contact's number as given or two digits swapped. Every truth
is read from the text: a stage is a line naming it with two dates (ISO, or as `19 Oct 2026`), its start the first date,
its finish the second and its working days the last number left once the dates are taken out (the first such line of a
stage is the one set against the others); working days are Monday to Friday less the task's holiday; the total is the
first number on the first line with `total`; the handover's date and weekday the first on the first line with the
task's word for it; the site hours' start the first time on the first line with the task's words for them; the deposit
the last amount on the first line with `deposit`; the request to clear a line with `clear` or `empty` and the task's
word for the place.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta
from itertools import pairwise

from benchmarks.labelled import (
    ISO_DATE,
    NAMED_DATE,
    Criterion,
    JudgeCase,
    clock,
    date_in,
    line_with,
    money,
    pick_wording,
    slipped,
    switched_cases,
    weekday_matches,
)

FAMILY = "renovation_schedule"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
NUMBER = re.compile(r"\d+")
NO_WORK = re.compile(r"\bno work\b|\bsite closed\b", re.I)
CLEAR = re.compile(r"\b(?:clear|empty)\b", re.I)


@dataclass(frozen=True)
class Schedule:
    task: str
    text: str
    """The answer written right."""
    name: str
    stages: tuple[str, ...]
    """The stages' names, in the task's order."""
    holiday: tuple[date, str]
    """(the public holiday in the schedule, its name)."""
    room: str
    """The place (lower-case) the client must clear before the start."""
    labels: tuple[str, str]
    """The words (lower-case) that find the handover's line and the site hours' line, and name them."""
    earliest: str
    """The earliest time work may start."""
    deposit: tuple[int, str]
    """(the deposit in percent of the quote, the quote)."""
    phone: str
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


ORCHARD = """# Kitchen refit at 14 Orchard Close, Harrogate: schedule of works

Prepared for Mr and Mrs Patel by Dalton Joinery & Build.

| Stage | Start | Finish | Working days |
|---|---|---|:-:|
| Strip-out and skip | 18 May 2026 | 19 May 2026 | 2 |
| First fix electrics and plumbing | 20 May 2026 | 22 May 2026 | 3 |
| Plastering | 26 May 2026 | 27 May 2026 | 2 |
| Fitting units | 28 May 2026 | 2 Jun 2026 | 4 |
| Worktops | 3 Jun 2026 | 3 Jun 2026 | 1 |
| Tiling | 4 Jun 2026 | 5 Jun 2026 | 2 |
| Second fix and snagging | 8 Jun 2026 | 9 Jun 2026 | 2 |

**Total: 16 working days**

- No work on Monday 25 May 2026 (spring bank holiday).
- Handover: Wednesday 10 June 2026
- Please clear the kitchen cupboards and worktops before the start.
- Site hours: 8:00 to 17:00, Monday to Friday
- Deposit to book the start date: £4,600.00
- Site manager: Rob Dalton, 07700 900 318"""

ELM_STREET = """**Bathroom remodel · 2207 Elm Street, Austin · Project schedule**

Client: Karen Ortiz · Contractor: Lone Star Remodeling

**Schedule (working days are Monday to Friday)**
- Demolition: 2026-08-31 to 2026-09-01 (2 working days)
- Plumbing rough-in: 2026-09-02 to 2026-09-03 (2 working days)
- Electrical rough-in: 2026-09-04 to 2026-09-04 (1 working day)
- Drywall and cement board: 2026-09-08 to 2026-09-10 (3 working days)
- Tile and grout: 2026-09-11 to 2026-09-16 (4 working days)
- Vanity, toilet and fixtures: 2026-09-17 to 2026-09-18 (2 working days)
- Paint and punch list: 2026-09-21 to 2026-09-21 (1 working day)
- **Total: 15 working days**

**Good to know**
- No work on Monday, 2026-09-07 (Labor Day).
- Final walkthrough: Tuesday, 2026-09-22
- Please empty the bathroom vanity and medicine cabinet before demolition starts.
- Work hours: 8:00 AM to 5:00 PM, per the HOA rules
- Deposit due at signing: $7,350.00
- Project manager: Luis Ortega, (512) 555-0176"""

BRIGID = """Here is the schedule as plain text for the site folder:

```text
ATTIC CONVERSION, 9 ST. BRIGID'S ROAD, DRUMCONDRA, DUBLIN 9
Client: Siobhán Walsh      Contractor: Liffey Lofts Ltd

STAGE                         START         FINISH        DAYS
Scaffolding and strip-out     19 Oct 2026   20 Oct 2026   2
Floor joists and steel        21 Oct 2026   23 Oct 2026   3
Dormer and roof               27 Oct 2026   30 Oct 2026   4
Stairs                        02 Nov 2026   03 Nov 2026   2
First fix                     04 Nov 2026   05 Nov 2026   2
Insulation and slabbing       06 Nov 2026   10 Nov 2026   3
Finishing and snag list       11 Nov 2026   13 Nov 2026   3
TOTAL                                                     19 working days

No work on Monday 26 October 2026 (October bank holiday).
HANDOVER: Monday 16 November 2026
Please clear the attic of stored items before we start.
SITE HOURS: 08:00 to 18:00 weekdays
DEPOSIT ON SIGNING: €9,300.00
SITE FOREMAN: Declan Ryan, 087 555 3021
```"""

KOALA = """Deck build at 31 Koala Crescent, Kiama NSW: construction schedule
Client: Mia Nguyen. Builder: South Coast Decks, licence 284417C.
Working days are Monday to Friday.
Set-out and footings: 28 September 2026 to 29 September 2026, 2 working days
Concrete piers and posts: 30 September 2026 to 1 October 2026, 2 working days
Bearers and joists: 2 October 2026 to 6 October 2026, 2 working days
Decking boards: 7 October 2026 to 9 October 2026, 3 working days
Stairs and balustrade: 12 October 2026 to 13 October 2026, 2 working days
Oiling: 14 October 2026 to 14 October 2026, 1 working day
Total: 12 working days
No work on Monday 5 October 2026 (Labour Day public holiday).
Handover: Thursday 15 October 2026
Please clear the outdoor furniture and pot plants off the deck area before we start.
Site hours: 7:00 am to 5:00 pm, as the council allows
Deposit on signing: $2,180.00
Site supervisor: Jake Morris, 0412 555 739"""

SCHEDULES = (
    Schedule(
        "Write the schedule of works for the kitchen refit at 14 Orchard Close, Harrogate (Mr and Mrs Patel), from "
        "Dalton Joinery & Build, as a Markdown table with each stage's start, finish and working days. We start on "
        "Monday 18 May 2026 and work Monday to Friday; Monday 25 May 2026 is the spring bank holiday, with no work, "
        "and say so. Stages in this order, each starting the working day after the last one finishes: strip-out and "
        "skip 2 days, first fix electrics and plumbing 3, plastering 2, fitting units 4, worktops 1, tiling 2, second "
        "fix and snagging 2. Give the total working days and the handover the next working day after the last stage. "
        "Our neighbour asked that nobody starts before 8:00. The deposit is 25% of the £18,400.00 quote. The site "
        "manager is Rob Dalton, 07700 900 318. Ask the Patels to clear the kitchen before we start.",
        ORCHARD,
        "Orchard",
        (
            "Strip-out and skip",
            "First fix electrics and plumbing",
            "Plastering",
            "Fitting units",
            "Worktops",
            "Tiling",
            "Second fix and snagging",
        ),
        (date(2026, 5, 25), "spring bank holiday"),
        "kitchen",
        ("handover", "site hours"),
        "8:00",
        (25, "£18,400.00"),
        "07700 900 318",
        (
            ("clear", "- Please clear the kitchen cupboards and worktops before the start.\n", ""),
            ("follows", "| Tiling | 4 Jun 2026 | 5 Jun 2026 | 2 |", "| Tiling | 3 Jun 2026 | 5 Jun 2026 | 3 |"),
            ("days", "| 26 May 2026 | 27 May 2026 | 2 |", "| 26 May 2026 | 27 May 2026 | 3 |"),
            ("total", "Total: 16 working days", "Total: 17 working days"),
            ("holiday", "- No work on Monday 25 May 2026 (spring bank holiday).\n", ""),
            ("weekday", "Handover: Wednesday 10 June 2026", "Handover: Thursday 10 June 2026"),
            ("hours", "Site hours: 8:00", "Site hours: 7:30"),
            ("deposit", "£4,600.00", "£4,060.00"),
            ("phone", "07700 900 318", "07700 900 381"),
        ),
    ),
    Schedule(
        "Bullet points, ISO dates: the project schedule for Karen Ortiz's bathroom remodel at 2207 Elm Street, "
        "Austin, from Lone Star Remodeling. Work starts Monday, 2026-08-31, Monday to Friday only, with no work on "
        "Labor Day, 2026-09-07 (note it). Stages in this order, each starting the next working day after the previous "
        "one finishes, with start, finish and working days: demolition 2, plumbing rough-in 2, electrical rough-in 1, "
        "drywall and cement board 3, tile and grout 4, vanity, toilet and fixtures 2, paint and punch list 1. Add the "
        "total working days and the final walkthrough on the next working day after the last stage. The HOA doesn't "
        "allow work before 8:00 AM. The deposit is 30% of the $24,500.00 contract. Project manager: Luis Ortega, "
        "(512) 555-0176. Remind Karen to empty the bathroom before demolition.",
        ELM_STREET,
        "Elm Street",
        (
            "Demolition",
            "Plumbing rough-in",
            "Electrical rough-in",
            "Drywall and cement board",
            "Tile and grout",
            "Vanity, toilet and fixtures",
            "Paint and punch list",
        ),
        (date(2026, 9, 7), "Labor Day"),
        "bathroom",
        ("final walkthrough", "work hours"),
        "8:00 AM",
        (30, "$24,500.00"),
        "(512) 555-0176",
        (
            ("clear", "- Please empty the bathroom vanity and medicine cabinet before demolition starts.\n", ""),
            ("follows", "Tile and grout: 2026-09-11 to 2026-09-16 (4", "Tile and grout: 2026-09-10 to 2026-09-16 (5"),
            ("days", "2026-09-17 to 2026-09-18 (2 working days)", "2026-09-17 to 2026-09-18 (3 working days)"),
            ("total", "Total: 15 working days", "Total: 14 working days"),
            ("holiday", "- No work on Monday, 2026-09-07 (Labor Day).\n", ""),
            ("weekday", "Tuesday, 2026-09-22", "Wednesday, 2026-09-22"),
            ("hours", "Work hours: 8:00 AM", "Work hours: 7:00 AM"),
            ("deposit", "$7,350.00", "$7,530.00"),
            ("phone", "(512) 555-0176", "(512) 555-0167"),
        ),
    ),
    Schedule(
        "The schedule for Siobhán Walsh's attic conversion at 9 St. Brigid's Road, Drumcondra, Dublin 9, from Liffey "
        "Lofts Ltd, as fixed-width plain text in a code block for the site folder: stage, start, finish, days. We "
        "start Monday 19 October 2026 and work weekdays only; there's no work on the October bank holiday, Monday 26 "
        "October 2026, so put that in. Stages in this order, each starting the working day after the one before "
        "finishes: scaffolding and strip-out 2 days, floor joists and steel 3, dormer and roof 4, stairs 2, first "
        "fix 2, insulation and slabbing 3, finishing and snag list 3. Then the total working days and the handover, "
        "the next working day after the last stage. Site hours can't start before 08:00. The deposit is 20% of the "
        "€46,500.00 price. Site foreman: Declan Ryan, 087 555 3021. Siobhán needs to clear the attic before we start.",
        BRIGID,
        "Brigid",
        (
            "Scaffolding and strip-out",
            "Floor joists and steel",
            "Dormer and roof",
            "Stairs",
            "First fix",
            "Insulation and slabbing",
            "Finishing and snag list",
        ),
        (date(2026, 10, 26), "October bank holiday"),
        "attic",
        ("handover", "site hours"),
        "08:00",
        (20, "€46,500.00"),
        "087 555 3021",
        (
            ("clear", "Please clear the attic of stored items before we start.\n", ""),
            ("follows", "slabbing       06 Nov 2026   10 Nov 2026   3", "slabbing       05 Nov 2026   10 Nov 2026   4"),
            ("days", "27 Oct 2026   30 Oct 2026   4", "27 Oct 2026   30 Oct 2026   5"),
            ("total", "19 working days", "18 working days"),
            ("holiday", "No work on Monday 26 October 2026 (October bank holiday).\n", ""),
            ("weekday", "Monday 16 November 2026", "Tuesday 16 November 2026"),
            ("hours", "SITE HOURS: 08:00", "SITE HOURS: 07:30"),
            ("deposit", "€9,300.00", "€9,030.00"),
            ("phone", "087 555 3021", "087 555 3012"),
        ),
    ),
    Schedule(
        "Plain lines, no tables or bullets: the construction schedule for Mia Nguyen's deck at 31 Koala Crescent, "
        "Kiama NSW, from South Coast Decks (licence 284417C). Work starts Monday 28 September 2026, Monday to Friday, "
        "and Monday 5 October 2026 is the Labour Day public holiday, with no work; mention it. One line a stage, in "
        "this order, each starting the working day after the previous one finishes, with its start, finish and "
        "working days: set-out and footings 2, concrete piers and posts 2, bearers and joists 2, decking boards 3, "
        "stairs and balustrade 2, oiling 1. Then the total working days and the handover on the next working day "
        "after the last stage. Council rules: no work before 7:00 am. The deposit is 10% of the $21,800.00 contract "
        "price. Site supervisor: Jake Morris, 0412 555 739. Ask Mia to clear the deck area before we start.",
        KOALA,
        "Koala",
        (
            "Set-out and footings",
            "Concrete piers and posts",
            "Bearers and joists",
            "Decking boards",
            "Stairs and balustrade",
            "Oiling",
        ),
        (date(2026, 10, 5), "Labour Day public holiday"),
        "deck area",
        ("handover", "site hours"),
        "7:00 am",
        (10, "$21,800.00"),
        "0412 555 739",
        (
            ("clear", "Please clear the outdoor furniture and pot plants off the deck area before we start.\n", ""),
            (
                "follows",
                "Decking boards: 7 October 2026 to 9 October 2026, 3 working days",
                "Decking boards: 6 October 2026 to 9 October 2026, 4 working days",
            ),
            ("days", "14 October 2026, 1 working day", "14 October 2026, 2 working days"),
            ("total", "Total: 12 working days", "Total: 13 working days"),
            ("holiday", "No work on Monday 5 October 2026 (Labour Day public holiday).\n", ""),
            ("weekday", "Thursday 15 October 2026", "Friday 15 October 2026"),
            ("hours", "Site hours: 7:00 am", "Site hours: 6:30 am"),
            ("deposit", "$2,180.00", "$2,810.00"),
            ("phone", "0412 555 739", "0412 555 793"),
        ),
    ),
)


def build(schedule: Schedule, on: dict[str, bool]) -> str:
    return slipped(schedule.text, schedule.slips, on, schedule.name)


# Reading a schedule of works ------------------------------------------------------------------------------------


def dates_in(line: str) -> list[date]:
    """Every date `line` writes (ISO, or as `19 Oct 2026`), in order."""
    found = sorted([*ISO_DATE.finditer(line), *NAMED_DATE.finditer(line)], key=lambda m: m.start())
    return [day for m in found if (day := date_in(m.group(0))) is not None]


def working(day: date, holiday: date) -> bool:
    return day.weekday() < 5 and day != holiday


def working_days(start: date, finish: date, holiday: date) -> int:
    """The working days from `start` to `finish`, both counted: Monday to Friday, less `holiday`."""
    return sum(working(start + timedelta(days=n), holiday) for n in range((finish - start).days + 1))


def next_working_day(day: date, holiday: date) -> date:
    day += timedelta(days=1)
    while not working(day, holiday):
        day += timedelta(days=1)
    return day


def stages(schedule: Schedule, answer: str) -> list[tuple[str, date, date, int | None]]:
    """(name, start, finish, working days stated) of each line with two dates that names a stage, in order."""
    out = []
    for line in answer.splitlines():
        days, name = dates_in(line), next((n for n in schedule.stages if n in line), None)
        if len(days) >= 2 and name is not None:
            rest = NUMBER.findall(NAMED_DATE.sub(" ", ISO_DATE.sub(" ", line)))
            out.append((name, days[0], days[1], int(rest[-1]) if rest else None))
    return out


WORDINGS = {
    "clear": (
        "Asks the client to clear the {room} before work starts",
        "Tells the client to empty the {room} ahead of the start",
    ),
    "follows": (
        "Each stage starts on the working day after the previous stage finishes",
        "Starts every stage on the next working day after the one before it ends",
    ),
    "days": (
        "The number of working days given for each stage matches its start and finish dates",
        "Counts each stage's working days correctly from its dates",
    ),
    "total": (
        "The total is the number of working days from the first stage's start to the last stage's finish",
        "The total working days matches the dates from the start of the first stage to the end of the last",
    ),
    "holiday": ("Says there is no work on {holiday}, the {holiday_name}", "Marks {holiday} as a day with no work"),
    "weekday": (
        "The weekday given for the {handover} matches its date",
        "Names the right day of the week for the {handover} date",
    ),
    "deposit": (
        "The deposit is {percent}% of the {quote} quote",
        "Works out the {percent}% deposit on {quote} correctly",
    ),
    "hours": ("The site hours start no earlier than {earliest}", "Does not have work starting before {earliest}"),
    "phone": ("Gives the site contact's number as {phone}", "Includes {phone} as the number for the site"),
}
"""Two wordings of each kind of criterion, filled from the schedule."""


def truths(schedule: Schedule, answer: str) -> dict[str, bool]:
    found = stages(schedule, answer)
    holiday = schedule.holiday[0]
    by_name = {name: (start, finish) for name, start, finish, _ in reversed(found)}
    complete = all(name in by_name for name in schedule.stages)
    total = NUMBER.search(line_with(answer, "total"))
    handover, hours = (line_with(answer, words) for words in schedule.labels)
    start, deposit = clock(hours), money(line_with(answer, "deposit"))
    percent, quote = schedule.deposit
    return {
        "clear": any(CLEAR.search(s) and schedule.room in s.lower() for s in answer.splitlines()),
        "follows": complete
        and all(
            by_name[after][0] == next_working_day(by_name[before][1], holiday)
            for before, after in pairwise(schedule.stages)
        ),
        "days": complete and all(n == working_days(first, last, holiday) for _, first, last, n in found),
        "total": complete
        and total is not None
        and int(total.group(0))
        == working_days(by_name[schedule.stages[0]][0], by_name[schedule.stages[-1]][1], holiday),
        "holiday": any(date_in(s) == holiday and NO_WORK.search(s) for s in answer.splitlines()),
        "weekday": weekday_matches(handover),
        "hours": start is not None and start >= clock(schedule.earliest),
        "deposit": deposit[-1:] == [money(quote)[0] * percent / 100],
        "phone": schedule.phone in answer,
    }


def candidates(rng: random.Random, schedule: Schedule, answer: str) -> list[Criterion]:
    holiday, holiday_name = schedule.holiday
    values = {
        "holiday": f"{holiday:%A} {holiday.day} {holiday:%B %Y}",
        "holiday_name": holiday_name,
        "room": schedule.room,
        "handover": schedule.labels[0],
        "percent": schedule.deposit[0],
        "quote": schedule.deposit[1],
        "earliest": schedule.earliest,
        "phone": schedule.phone,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(schedule, answer).items()
    ]


SWITCHES = ("clear", "follows", "days", "total", "holiday", "weekday", "hours", "deposit", "phone")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, SCHEDULES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

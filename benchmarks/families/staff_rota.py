"""Staff rota family (fresh19): the week's staff rota a task asks a manager for (a café's as a Markdown table, a
convenience store's as a heading for each day with its shifts as bullets, a hotel front desk's as fixed-width rows in
a fenced block, a warehouse team's as a plain line a day), with each person's shifts, a keyholder (or first-aider or
duty manager) in at opening, the least cover a day, the most hours a week, eleven hours' rest between shifts, a
person's booked leave, and whom to call when sick, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh19`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the rota written right and then changed by switches: the days in order or two swapped, every day covered
by the least number of people or one short, nobody over the week's hours or one shift lengthened, eleven hours' rest
everywhere or a late shift followed by an early one, a keyholder in at the hour every day or one coming in later, the
person on leave left off or given a shift that day, every time on the 24-hour clock or one shift in am/pm, every date
the weekday it stands beside or one not, and the sick line's phone number given or left out. Every truth is read from
the text: a line naming a weekday sets the day for it and the lines below; a shift is a person of the task named on a
line with a time range (`07:00–15:00`, `2:00 pm–10:00 pm`), the one range on the line or the ranges in turn when
there are as many as people; a range that ends before it starts runs past midnight; a shift belongs to the day it
starts on; the days' order is that of the shifts; a date is checked against the weekday on its line.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from dataclasses import dataclass

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    date_in,
    pick_wording,
    slipped,
    swap_lines,
    swap_spans,
    switched_cases,
)

FAMILY = "staff_rota"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
DAY = re.compile(rf"\b({'|'.join(WEEKDAYS)}|mon|tue|wed|thu|fri|sat|sun)\b", re.I)
RANGE = re.compile(
    r"(?<![\d:])(\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?\s*(?:–|—|-|to)\s*(\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?", re.I
)
TWELVE = re.compile(r"\d:\d{2}\s*[ap]\.?m\b", re.I)
REST = 11 * 60
DAY_MINUTES = 24 * 60


@dataclass(frozen=True)
class Shift:
    person: str
    day: int
    """Monday is 0."""
    start: int
    end: int
    """Minutes after the day's midnight; an end past midnight is over 1440."""


@dataclass(frozen=True)
class Rota:
    task: str
    text: str
    """The answer written right."""
    name: str
    staff: tuple[str, ...]
    days: tuple[int, ...]
    """The days open, Monday 0."""
    opening: tuple[tuple[str, ...], str, str]
    """(the people who may open, what they are, the time one must be on shift: `07:30`)."""
    limits: tuple[int, int]
    """(the fewest people a day, the most hours a person a week)."""
    leave: tuple[str, int]
    """(a person on leave, the day, Monday 0)."""
    contact: tuple[str, str]
    """(whom to call when sick, their number)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


COPPER = """# The Copper Kettle · staff rota for the week of 2 June 2025

| Day | Staff | Shift |
|---|---|---|
| Mon 2 Jun 2025 | Amira Haddad | 07:00–15:00 |
| Mon 2 Jun 2025 | Chloe Martin | 07:00–15:00 |
| Mon 2 Jun 2025 | Ben Foster | 13:00–21:00 |
| Tue 3 Jun 2025 | Amira Haddad | 07:00–15:00 |
| Tue 3 Jun 2025 | Dan Okafor | 07:00–15:00 |
| Tue 3 Jun 2025 | Ben Foster | 13:00–21:00 |
| Wed 4 Jun 2025 | Amira Haddad | 07:00–15:00 |
| Wed 4 Jun 2025 | Chloe Martin | 13:00–21:00 |
| Wed 4 Jun 2025 | Ella Novak | 13:00–21:00 |
| Thu 5 Jun 2025 | Ben Foster | 07:00–15:00 |
| Thu 5 Jun 2025 | Dan Okafor | 07:00–15:00 |
| Thu 5 Jun 2025 | Chloe Martin | 13:00–21:00 |
| Fri 6 Jun 2025 | Amira Haddad | 07:00–15:00 |
| Fri 6 Jun 2025 | Dan Okafor | 13:00–21:00 |
| Fri 6 Jun 2025 | Ella Novak | 13:00–21:00 |
| Sat 7 Jun 2025 | Amira Haddad | 07:00–15:00 |
| Sat 7 Jun 2025 | Chloe Martin | 13:00–21:00 |
| Sat 7 Jun 2025 | Ella Novak | 13:00–21:00 |
| Sun 8 Jun 2025 | Ben Foster | 07:00–15:00 |
| Sun 8 Jun 2025 | Chloe Martin | 13:00–21:00 |

Keyholders: Amira Haddad and Ben Foster; the early keyholder opens up at 07:30.
Can't make a shift? Call Rosa Bianchi, the manager, on 07700 900461 before 06:30."""

FRESHWAY = """## FreshWay Express, Mill Road · rota for 9–15 June 2025

### Monday 9 June 2025
- 06:30–14:30 Priya Shah
- 06:30–14:30 Tom Reilly
- 14:30–22:30 Grace Hall

### Tuesday 10 June 2025
- 06:30–14:30 Priya Shah
- 06:30–14:30 Kofi Mensah
- 14:30–22:30 Grace Hall

### Wednesday 11 June 2025
- 06:30–14:30 Priya Shah
- 14:30–22:30 Grace Hall
- 14:30–22:30 Lena Fischer

### Thursday 12 June 2025
- 06:30–14:30 Priya Shah
- 14:30–22:30 Tom Reilly
- 14:30–22:30 Sam Cole

### Friday 13 June 2025
- 06:30–14:30 Grace Hall
- 06:30–14:30 Lena Fischer
- 14:30–22:30 Kofi Mensah

### Saturday 14 June 2025
- 06:30–14:30 Priya Shah
- 14:30–22:30 Tom Reilly
- 14:30–22:30 Sam Cole

### Sunday 15 June 2025
- 06:30–14:30 Grace Hall
- 14:30–22:30 Kofi Mensah
- 14:30–22:30 Lena Fischer

Keyholders: Priya Shah and Grace Hall. Off sick? Ring Ravi Patel, the store manager, on 0161 496 0733."""

HARBOUR = """Here is the front desk rota as plain text:

```text
HARBOUR VIEW HOTEL · FRONT DESK ROTA · WEEK OF MON 14 JUL 2025

DAY              SHIFT         STAFF
Mon 14 Jul 2025  07:00-15:00   Oliver Wren (duty manager)
Mon 14 Jul 2025  15:00-23:00   Hana Ito
Mon 14 Jul 2025  23:00-07:00   Jack Byrne
Tue 15 Jul 2025  07:00-15:00   Oliver Wren (duty manager)
Tue 15 Jul 2025  15:00-23:00   Hana Ito
Tue 15 Jul 2025  23:00-07:00   Jack Byrne
Wed 16 Jul 2025  07:00-15:00   Oliver Wren (duty manager)
Wed 16 Jul 2025  15:00-23:00   Marta Silva
Wed 16 Jul 2025  23:00-07:00   Jack Byrne
Thu 17 Jul 2025  07:00-15:00   Oliver Wren (duty manager)
Thu 17 Jul 2025  15:00-23:00   Marta Silva
Thu 17 Jul 2025  23:00-07:00   Jack Byrne
Fri 18 Jul 2025  07:00-15:00   Oliver Wren (duty manager)
Fri 18 Jul 2025  15:00-23:00   Marta Silva
Fri 18 Jul 2025  23:00-07:00   Sofia Russo
Sat 19 Jul 2025  07:00-15:00   Fatima Noor (duty manager)
Sat 19 Jul 2025  15:00-23:00   Hana Ito
Sat 19 Jul 2025  23:00-07:00   Sofia Russo
Sun 20 Jul 2025  07:00-15:00   Fatima Noor (duty manager)
Sun 20 Jul 2025  15:00-23:00   Marta Silva
Sun 20 Jul 2025  23:00-07:00   Sofia Russo

Calling in sick: ring Deborah Kane on 01632 960118, not the desk.
```"""

NORTHFIELD = """Northfield DC goods-in rota, week of 4 August 2025
Monday 4 August 2025: Kasia Nowak 06:00–14:00, Liam Burke 06:00–14:00, Aaron Cole 14:00–22:00, Jess Patel 14:00–22:00
Tuesday 5 August 2025: Kasia Nowak 06:00–14:00, Omar Haddad 06:00–14:00, Aaron Cole 14:00–22:00, Beth Lowe 14:00–22:00
Wednesday 6 August 2025: Kasia Nowak 06:00–14:00, Liam Burke 06:00–14:00, Jess Patel 14:00–22:00
Thursday 7 August 2025: Aaron Cole 06:00–14:00, Omar Haddad 06:00–14:00, Beth Lowe 14:00–22:00
Friday 8 August 2025: Kasia Nowak 06:00–14:00, Liam Burke 14:00–22:00, Jess Patel 14:00–22:00
Saturday 9 August 2025: Kasia Nowak 06:00–14:00, Omar Haddad 06:00–14:00, Beth Lowe 14:00–22:00
First-aiders: Kasia Nowak and Aaron Cole.
If you are sick, phone Gary Holt, the shift manager, on 0113 496 0291 before 05:00."""

ROTAS = (
    Rota(
        "Write next week's rota for The Copper Kettle café (Monday 2 to Sunday 8 June 2025) as a Markdown table with "
        "day, staff and shift columns, 24-hour times. Shifts are early 07:00–15:00 and late 13:00–21:00. Staff: Amira "
        "Haddad and Ben Foster (our keyholders, one must be in by 07:30 to open), Chloe Martin, Dan Okafor and Ella "
        "Novak, who is on leave on Thursday. At least 2 people every day, no one over 40 hours, and 11 hours off "
        "between shifts. Sick calls go to Rosa Bianchi, the manager, on 07700 900461.",
        COPPER,
        "Copper Kettle",
        ("Amira Haddad", "Ben Foster", "Chloe Martin", "Dan Okafor", "Ella Novak"),
        (0, 1, 2, 3, 4, 5, 6),
        (("Amira Haddad", "Ben Foster"), "keyholder", "07:30"),
        (2, 40),
        ("Ella Novak", 3),
        ("Rosa Bianchi", "07700 900461"),
        (
            swap_spans(COPPER, "| Wed 4 Jun", "| Thu 5 Jun", "| Fri 6 Jun"),
            ("cover", "| Sun 8 Jun 2025 | Chloe Martin | 13:00–21:00 |\n", ""),
            (
                "max_hours",
                "| Sat 7 Jun 2025 | Amira Haddad | 07:00–15:00 |",
                "| Sat 7 Jun 2025 | Amira Haddad | 07:00–17:00 |",
            ),
            ("rest", "| Tue 3 Jun 2025 | Ben Foster | 13:00–21:00 |", "| Tue 3 Jun 2025 | Ben Foster | 07:00–15:00 |"),
            (
                "keyholder",
                "| Wed 4 Jun 2025 | Amira Haddad | 07:00–15:00 |",
                "| Wed 4 Jun 2025 | Amira Haddad | 08:00–16:00 |",
            ),
            (
                "leave",
                "| Thu 5 Jun 2025 | Chloe Martin | 13:00–21:00 |\n",
                "| Thu 5 Jun 2025 | Chloe Martin | 13:00–21:00 |\n| Thu 5 Jun 2025 | Ella Novak | 13:00–21:00 |\n",
            ),
            ("clock", "| Dan Okafor | 13:00–21:00 |", "| Dan Okafor | 1:00 pm–9:00 pm |"),
            ("dates", "Sat 7 Jun 2025", "Sat 6 Jun 2025"),
            ("contact", " on 07700 900461", ""),
        ),
    ),
    Rota(
        "Put together the FreshWay Express (Mill Road) staff rota for Monday 9 to Sunday 15 June 2025, a heading for "
        "each day and the shifts as bullets, 24-hour clock. Early 06:30–14:30, late 14:30–22:30. We open at 07:00 and "
        "a keyholder, Priya Shah or Grace Hall, must be on by then. Also on the team: Tom Reilly, Kofi Mensah, Lena "
        "Fischer and Sam Cole (Sam has Friday off as leave). Three people on every day, 40 hours a week at most, 11 "
        "hours' rest between shifts. Sickness goes to Ravi Patel, the store manager, on 0161 496 0733.",
        FRESHWAY,
        "FreshWay",
        ("Priya Shah", "Grace Hall", "Tom Reilly", "Kofi Mensah", "Lena Fischer", "Sam Cole"),
        (0, 1, 2, 3, 4, 5, 6),
        (("Priya Shah", "Grace Hall"), "keyholder", "07:00"),
        (3, 40),
        ("Sam Cole", 4),
        ("Ravi Patel", "0161 496 0733"),
        (
            swap_spans(FRESHWAY, "### Tuesday", "### Wednesday", "### Thursday"),
            ("cover", "- 06:30–14:30 Tom Reilly\n", ""),
            ("max_hours", "### Saturday 14 June 2025\n- 06:30–14:30", "### Saturday 14 June 2025\n- 06:30–16:30"),
            ("rest", "- 14:30–22:30 Grace Hall\n- 14:30–22:30 Lena", "- 06:30–14:30 Grace Hall\n- 14:30–22:30 Lena"),
            ("keyholder", "### Thursday 12 June 2025\n- 06:30–14:30", "### Thursday 12 June 2025\n- 08:00–16:00"),
            (
                "leave",
                "- 06:30–14:30 Lena Fischer\n- 14:30–22:30 Kofi Mensah",
                "- 06:30–14:30 Lena Fischer\n- 14:30–22:30 Kofi Mensah\n- 14:30–22:30 Sam Cole",
            ),
            ("clock", "- 14:30–22:30 Lena Fischer", "- 2:30 pm–10:30 pm Lena Fischer"),
            ("dates", "### Saturday 14 June 2025", "### Saturday 15 June 2025"),
            ("contact", ", on 0161 496 0733", ""),
        ),
    ),
    Rota(
        "I need the Harbour View Hotel front desk rota for Monday 14 to Sunday 20 July 2025 as fixed-width rows in a "
        "code block: date, shift, name, 24-hour times. Shifts: 07:00-15:00, 15:00-23:00 and nights 23:00-07:00. A duty "
        "manager (Oliver Wren or Fatima Noor) has to be on at 09:00 every day. Others: Hana Ito, Marta Silva, and Jack "
        "Byrne and Sofia Russo, who do the nights. Hana is on leave on Thursday. At least 3 people a day, nobody over "
        "40 hours, 11 hours' rest between shifts. Sick calls: Deborah Kane on 01632 960118.",
        HARBOUR,
        "Harbour View",
        ("Oliver Wren", "Fatima Noor", "Hana Ito", "Marta Silva", "Jack Byrne", "Sofia Russo"),
        (0, 1, 2, 3, 4, 5, 6),
        (("Oliver Wren", "Fatima Noor"), "duty manager", "09:00"),
        (3, 40),
        ("Hana Ito", 3),
        ("Deborah Kane", "01632 960118"),
        (
            swap_spans(HARBOUR, "Thu 17 Jul 2025", "Fri 18 Jul 2025", "Sat 19 Jul 2025"),
            ("cover", "Mon 14 Jul 2025  23:00-07:00   Jack Byrne\n", ""),
            ("max_hours", "Fri 18 Jul 2025  07:00-15:00", "Fri 18 Jul 2025  07:00-17:00"),
            ("rest", "Tue 15 Jul 2025  15:00-23:00", "Tue 15 Jul 2025  07:00-15:00"),
            ("keyholder", "Wed 16 Jul 2025  07:00-15:00", "Wed 16 Jul 2025  10:00-18:00"),
            (
                "leave",
                "Thu 17 Jul 2025  15:00-23:00   Marta Silva\n",
                "Thu 17 Jul 2025  15:00-23:00   Marta Silva\nThu 17 Jul 2025  15:00-23:00   Hana Ito\n",
            ),
            ("clock", "Sun 20 Jul 2025  15:00-23:00", "Sun 20 Jul 2025  3:00pm-11:00pm"),
            ("dates", "Sat 19 Jul 2025", "Sat 20 Jul 2025"),
            ("contact", " on 01632 960118", ""),
        ),
    ),
    Rota(
        "Plain lines, one per day: the Northfield DC goods-in rota for Monday 4 to Saturday 9 August 2025, each "
        "person's shift after their name in 24-hour time. Earlies 06:00–14:00, lates 14:00–22:00. A first-aider, "
        "Kasia Nowak or Aaron Cole, must be on at 06:00 every day. The rest of the team: Liam Burke, Jess Patel, Omar "
        "Haddad and Beth Lowe; Beth has booked Wednesday off. Three on every day, 40 hours each at most, 11 hours "
        "between shifts. Anyone sick phones Gary Holt, the shift manager, on 0113 496 0291.",
        NORTHFIELD,
        "Northfield",
        ("Kasia Nowak", "Aaron Cole", "Liam Burke", "Jess Patel", "Omar Haddad", "Beth Lowe"),
        (0, 1, 2, 3, 4, 5),
        (("Kasia Nowak", "Aaron Cole"), "first-aider", "06:00"),
        (3, 40),
        ("Beth Lowe", 2),
        ("Gary Holt", "0113 496 0291"),
        (
            swap_lines(NORTHFIELD, "Tuesday 5 August", "Wednesday 6 August"),
            ("cover", "Kasia Nowak 06:00–14:00, Liam Burke 14:00–22:00, ", "Kasia Nowak 06:00–14:00, "),
            ("max_hours", "9 August 2025: Kasia Nowak 06:00–14:00", "9 August 2025: Kasia Nowak 06:00–16:00"),
            ("rest", "Aaron Cole 14:00–22:00, Beth Lowe", "Aaron Cole 06:00–14:00, Beth Lowe"),
            ("keyholder", "7 August 2025: Aaron Cole 06:00–14:00", "7 August 2025: Aaron Cole 08:00–16:00"),
            (
                "leave",
                "Liam Burke 06:00–14:00, Jess Patel 14:00–22:00",
                "Liam Burke 06:00–14:00, Jess Patel 14:00–22:00, Beth Lowe 14:00–22:00",
            ),
            ("clock", "Jess Patel 14:00–22:00", "Jess Patel 2:00 pm–10:00 pm"),
            ("dates", "Wednesday 6 August 2025", "Wednesday 7 August 2025"),
            ("contact", " on 0113 496 0291", ""),
        ),
    ),
)


def build(rota: Rota, on: dict[str, bool]) -> str:
    return slipped(rota.text, rota.slips, on, rota.name)


# Reading a rota -----------------------------------------------------------------------------------


def minutes(hour: str, minute: str, half: str | None) -> int:
    """Minutes after midnight; `half` is an am or pm after the time, if any."""
    hours = int(hour) % 12 + (12 if half[0].lower() == "p" else 0) if half else int(hour)
    return hours * 60 + int(minute)


def weekday(line: str) -> int | None:
    found = DAY.search(line)
    return [d[:3] for d in WEEKDAYS].index(found.group(1).lower()[:3]) if found else None


def shifts(answer: str, rota: Rota) -> list[Shift]:
    """Each person of the task named on a line with a time range, on the day the line or the last above names."""
    out, day = [], None
    for line in answer.splitlines():
        day = named if (named := weekday(line)) is not None else day
        ranges = [(minutes(*g[:3]), minutes(*g[3:])) for g in (m.groups() for m in RANGE.finditer(line))]
        people = [p for _, p in sorted((line.find(p), p) for p in rota.staff if p in line)]
        if day is None or not ranges or not people or len(ranges) not in (1, len(people)):
            continue
        for person, (start, end) in zip(people, ranges * len(people) if len(ranges) == 1 else ranges, strict=False):
            out.append(Shift(person, day, start, end if end > start else end + DAY_MINUTES))
    return out


def rested(found: list[Shift]) -> bool:
    """Whether each person's next shift starts at least eleven hours after their last one ends."""
    mine: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for s in found:
        mine[s.person].append((s.day * DAY_MINUTES + s.start, s.day * DAY_MINUTES + s.end))
    for times in mine.values():
        times.sort()
        if any(after[0] - before[1] < REST for before, after in zip(times, times[1:], strict=False)):
            return False
    return True


def dates_match(answer: str) -> bool:
    """Whether every line with a weekday and a date has the date fall on that weekday (and there is one)."""
    pairs = [(weekday(line), date_in(line)) for line in answer.splitlines()]
    pairs = [(named, day) for named, day in pairs if named is not None and day is not None]
    return bool(pairs) and all(day.weekday() == named for named, day in pairs)


WORDINGS = {
    "order": ("Lists the days in calendar order", "The days of the week run in order, with none out of place"),
    "cover": (
        "Has at least {cover} people working on every day of the rota",
        "No day on the rota is left with fewer than {cover} staff on shift",
    ),
    "max_hours": (
        "Nobody is rostered for more than {most} hours in the week",
        "Keeps every person to {most} hours or fewer over the week",
    ),
    "rest": (
        "Everyone gets at least 11 hours off between the end of one shift and the start of their next",
        "No one starts a shift less than 11 hours after their previous shift ended",
    ),
    "keyholder": (
        "A {role} is on shift at {time} on every day of the rota",
        "Each day on the rota has one of the {role}s ({names}) working at {time}",
    ),
    "leave": ("Does not give {person} a shift on {day}", "Leaves {person} off the rota on {day}, their day of leave"),
    "clock": ("All shift times use the 24-hour clock", "Writes every time in 24-hour format, with no am or pm"),
    "dates": (
        "Every date shown matches the day of the week beside it",
        "Each day's date is the right one for its weekday",
    ),
    "contact": (
        "Gives {contact}'s phone number for calling in sick",
        "Tells staff the number to ring ({contact}) if they cannot make a shift",
    ),
}
"""Two wordings of each kind of criterion, filled from the rota."""


def truths(rota: Rota, answer: str) -> dict[str, bool]:
    found = shifts(answer, rota)
    (openers, _, at), (cover, most) = rota.opening, rota.limits
    hours: dict[str, int] = defaultdict(int)
    for s in found:
        hours[s.person] += s.end - s.start
    opens = minutes(*at.split(":"), None)
    return {
        "order": bool(found) and [s.day for s in found] == sorted(s.day for s in found),
        "cover": all(len({s.person for s in found if s.day == d}) >= cover for d in rota.days),
        "max_hours": bool(found) and max(hours.values()) <= most * 60,
        "rest": bool(found) and rested(found),
        "keyholder": all(
            any(s.person in openers and s.start <= opens < s.end for s in found if s.day == d) for d in rota.days
        ),
        "leave": not any(s.person == rota.leave[0] and s.day == rota.leave[1] for s in found),
        "clock": TWELVE.search(answer) is None,
        "dates": dates_match(answer),
        "contact": rota.contact[1] in answer,
    }


def candidates(rng: random.Random, rota: Rota, answer: str) -> list[Criterion]:
    openers, role, at = rota.opening
    values = {
        "cover": rota.limits[0],
        "most": rota.limits[1],
        "role": role,
        "time": at,
        "names": " or ".join(openers),
        "person": rota.leave[0],
        "day": WEEKDAYS[rota.leave[1]].title(),
        "contact": rota.contact[0],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(rota, answer).items()
    ]


SWITCHES = ("order", "cover", "max_hours", "rest", "keyholder", "leave", "clock", "dates", "contact")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, ROTAS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

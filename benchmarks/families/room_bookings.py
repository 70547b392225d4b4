"""Room bookings family (fresh24): the week's booking sheet a task asks an office manager to lay out for two meeting
rooms (a UK insurer's as a Markdown table, a US analytics firm's as bullets, an Irish studio's as fixed-width text in a
fenced block, an Australian clinic group's as plain lines): each booking's day and date, its times, its room, who
booked it and how many people, then the closed room's note, one room's hours booked in the week and the number to call
for help, a kind of answer no grader was run on while any of its rules was written. Run only as `--set fresh24`, never
in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the sheet written right and then changed by switches: the bookings in date and time order or two swapped,
the task's gap left between bookings of a room or one moved up against the one before it, every booking within its
room's seats or one over, the room's hours booked the sum of its bookings' lengths or mistyped, the closed room left
empty on its day or booked, every booking's weekday its date's or one wrong, the matter the task says to keep off the
sheet unmentioned or written in, the number to call as the task gives it or changed, and every booking ending by the
closing time or one running past it. Every truth is read from the text: a booking is a line with a date (ISO, or as
`12 Oct 2026`), two times of day and a room's name, its start and end its first two times, its people the number
before `people`; the hours booked the number before `hours` on the first line with the task's words for it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    clocks,
    date_in,
    line_with,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
    weekday_matches,
)

FAMILY = "room_bookings"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
PEOPLE = re.compile(r"\b(\d+)\s+people\b", re.I)
HOURS = re.compile(r"\b(\d+(?:\.\d+)?)\s+hours\b", re.I)


@dataclass(frozen=True)
class Sheet:
    task: str
    text: str
    """The answer written right."""
    name: str
    rooms: tuple[tuple[str, int], ...]
    """(each room's name, its seats)."""
    gap: int
    """The fewest minutes between bookings of one room."""
    closing: tuple[int, str]
    """(the building's closing time in minutes after midnight, in words)."""
    closed: tuple[str, date, str]
    """(the room that is closed for a day, the day, the day in words)."""
    hours: tuple[str, str]
    """(the room whose hours booked the sheet gives, the words, lower-case, that find the line with them)."""
    contact: tuple[str, str]
    """(who to call, the number as the task gives it)."""
    secret: tuple[str, str]
    """(the words, lower-case, that find the matter to keep off the sheet, the matter in words)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


CALDER = """# Meeting room bookings, week of 12 October 2026

Calder Insurance, Wellington Place, Leeds. The Boardroom seats 12 and the Pennine Room 6.

| Day | Time | Room | Booked by | People |
|---|---|---|---|---|
| Monday 12 October 2026 | 09:00–10:30 | Boardroom | Leadership team | 9 people |
| Monday 12 October 2026 | 11:00–12:00 | Pennine Room | Payroll | 4 people |
| Monday 12 October 2026 | 14:00–16:00 | Boardroom | Client pitch: Harrogate Mutual | 11 people |
| Tuesday 13 October 2026 | 09:30–10:30 | Pennine Room | IT drop-in | 3 people |
| Tuesday 13 October 2026 | 13:00–14:30 | Boardroom | Claims review | 8 people |
| Tuesday 13 October 2026 | 15:00–16:00 | Boardroom | Training: new claims system | 12 people |
| Wednesday 14 October 2026 | 10:00–12:00 | Boardroom | Quarterly planning | 10 people |
| Thursday 15 October 2026 | 09:00–10:00 | Pennine Room | Interview | 3 people |
| Thursday 15 October 2026 | 11:00–12:30 | Boardroom | Board call | 6 people |
| Friday 16 October 2026 | 10:00–11:00 | Boardroom | All-hands prep | 5 people |
| Friday 16 October 2026 | 16:00–17:30 | Pennine Room | Social committee | 5 people |

The Pennine Room is closed on Wednesday 14 October 2026 for redecorating.
Boardroom: 10.5 hours booked this week.
Problems with the screens or the video link? Call the facilities desk on ext. 2417."""

NORTHPOINT = """**Northpoint Analytics · Conference room schedule, week of 2026-03-09**

Rooms: Lakeview Room (seats 10), Wrigley Room (seats 4).

- Monday, 2026-03-09, 9:00 AM–10:00 AM · Lakeview Room · Sales standup · 8 people
- Monday, 2026-03-09, 10:30 AM–11:30 AM · Wrigley Room · Coaching session · 2 people
- Monday, 2026-03-09, 1:00 PM–3:00 PM · Lakeview Room · Client workshop: Medline · 10 people
- Tuesday, 2026-03-10, 9:30 AM–10:30 AM · Wrigley Room · Vendor call · 3 people
- Tuesday, 2026-03-10, 11:00 AM–12:30 PM · Lakeview Room · Sprint planning · 9 people
- Tuesday, 2026-03-10, 1:00 PM–2:00 PM · Lakeview Room · Design review · 6 people
- Wednesday, 2026-03-11, 2:00 PM–4:00 PM · Lakeview Room · Quarterly business review · 10 people
- Thursday, 2026-03-12, 10:00 AM–11:00 AM · Wrigley Room · HR meeting · 3 people
- Thursday, 2026-03-12, 2:00 PM–3:30 PM · Lakeview Room · Board prep · 5 people
- Friday, 2026-03-13, 9:00 AM–11:00 AM · Lakeview Room · All-hands rehearsal · 7 people
- Friday, 2026-03-13, 4:00 PM–5:30 PM · Wrigley Room · Interview debrief · 4 people

**Notes**
- The Wrigley Room is closed on Wednesday, 2026-03-11 while the new display is installed.
- Lakeview Room: 11 hours booked this week.
- AV or booking problems: call the facilities desk at (312) 555-0176."""

LIFFEY = """Here is the week's sheet as plain text for the noticeboard:

```text
LIFFEY DIGITAL, GRAND CANAL DOCK: ROOM BOOKINGS, WEEK OF 16 NOV 2026
Liffey Room seats 8, Dodder Room seats 4.

Monday    16 Nov 2026  09:00-10:00  Liffey Room  Marketing stand-up    6 people
Monday    16 Nov 2026  10:30-11:30  Dodder Room  Supplier call         2 people
Monday    16 Nov 2026  14:00-16:00  Liffey Room  Client workshop       8 people
Tuesday   17 Nov 2026  09:30-11:00  Liffey Room  Product demo          7 people
Tuesday   17 Nov 2026  11:30-12:30  Liffey Room  Finance review        4 people
Wednesday 18 Nov 2026  10:00-11:00  Dodder Room  Mentoring             2 people
Wednesday 18 Nov 2026  15:00-16:30  Liffey Room  Investor call         5 people
Thursday  19 Nov 2026  10:00-12:00  Liffey Room  Strategy day prep     6 people
Friday    20 Nov 2026  09:00-10:00  Dodder Room  HR meeting            3 people
Friday    20 Nov 2026  11:00-12:00  Liffey Room  Team retro            7 people
Friday    20 Nov 2026  15:30-17:00  Dodder Room  Podcast recording     2 people

Dodder Room closed Thursday 19 Nov 2026 (carpet cleaning).
Liffey Room total: 10 hours booked this week.
Screen or booking trouble: reception, ext. 305.
```"""

SOUTHBANK = """Southbank Health Partners, level 4 meeting rooms: bookings for the week of 7 September 2026
The Yarra Room seats 14 and the Collins Room seats 6.
Monday 7 September 2026, 9:00 am to 10:30 am: Yarra Room, Finance team, 9 people
Monday 7 September 2026, 11:00 am to 12:00 pm: Collins Room, Payroll, 4 people
Monday 7 September 2026, 2:00 pm to 3:30 pm: Yarra Room, Clinical governance, 12 people
Tuesday 8 September 2026, 9:30 am to 10:30 am: Collins Room, IT training, 5 people
Tuesday 8 September 2026, 11:00 am to 12:30 pm: Collins Room, Rostering, 3 people
Wednesday 9 September 2026, 10:00 am to 12:00 pm: Yarra Room, Board papers review, 8 people
Wednesday 9 September 2026, 1:00 pm to 2:00 pm: Collins Room, Supplier meeting, 4 people
Thursday 10 September 2026, 9:00 am to 10:00 am: Collins Room, Staff meeting, 2 people
Thursday 10 September 2026, 2:00 pm to 4:00 pm: Yarra Room, Quality committee, 11 people
Friday 11 September 2026, 10:00 am to 11:30 am: Collins Room, Recruitment panel, 4 people
Friday 11 September 2026, 3:00 pm to 4:30 pm: Collins Room, Team leaders, 6 people
The Yarra Room is closed on Friday 11 September 2026 for the AGM set-up.
Collins Room: 8.5 hours booked this week.
Room problems: call the office manager on (03) 9555 0120."""

SHEETS = (
    Sheet(
        "Lay out next week's bookings for our two meeting rooms at Calder Insurance, Wellington Place, Leeds, as a "
        "Markdown table in date and time order with the weekday, date, times, room, who booked it and the number of "
        "people. The Boardroom seats 12 and the Pennine Room 6; leave at least 15 minutes between bookings of the same "
        "room for cleaning, and nothing may run past 18:00, when the building closes. The Pennine Room is being "
        "redecorated on Wednesday 14 October 2026, so nothing in it that day. Requests: Mon 12 Oct, leadership team "
        "09:00-10:30 Boardroom (9), payroll 11:00-12:00 Pennine (4), client pitch for Harrogate Mutual 14:00-16:00 "
        "Boardroom (11); Tue 13 Oct, IT drop-in 09:30-10:30 Pennine (3), claims review 13:00-14:30 Boardroom (8), "
        "training on the new claims system 15:00-16:00 Boardroom (12); Wed 14 Oct, quarterly planning 10:00-12:00 "
        "Boardroom (10); Thu 15 Oct, an interview 09:00-10:00 Pennine (3), board call 11:00-12:30 Boardroom (6); Fri "
        "16 Oct, all-hands prep 10:00-11:00 Boardroom (5), social committee 16:00-17:30 Pennine (5). Under the table, "
        "the Boardroom's hours booked for the week, and the facilities desk, ext. 2417, for screen problems. The "
        "interview is confidential: write 'Interview' only, not the candidate's name (Priya Shah).",
        CALDER,
        "Calder",
        (("Boardroom", 12), ("Pennine Room", 6)),
        15,
        (18 * 60, "18:00"),
        ("Pennine Room", date(2026, 10, 14), "Wednesday 14 October 2026"),
        ("Boardroom", "hours booked"),
        ("the facilities desk", "ext. 2417"),
        ("shah", "the interview candidate's name, Priya Shah"),
        (
            swap_lines(CALDER, "| 11:00–12:00 | Pennine Room |", "| 14:00–16:00 | Boardroom |"),
            ("gap", "| 15:00–16:00 | Boardroom |", "| 14:30–15:30 | Boardroom |"),
            ("capacity", "| 11 people |", "| 14 people |"),
            ("hours", "Boardroom: 10.5 hours", "Boardroom: 9.5 hours"),
            (
                "closed",
                "| Thursday 15 October 2026 | 09:00",
                "| Wednesday 14 October 2026 | 14:00–15:00 | Pennine Room | HR one-to-ones | 2 people |\n"
                "| Thursday 15 October 2026 | 09:00",
            ),
            ("weekday", "| Friday 16 October 2026 | 10:00", "| Thursday 16 October 2026 | 10:00"),
            ("secret", "| Interview |", "| Interview: Priya Shah |"),
            ("contact", "ext. 2417", "ext. 2471"),
            ("closing", "| 16:00–17:30 | Pennine Room |", "| 16:00–18:30 | Pennine Room |"),
        ),
    ),
    Sheet(
        "Bullet points, ISO dates, 12-hour times: the conference room schedule for Northpoint Analytics for the week "
        "of 2026-03-09, in date and time order, one booking a line with the weekday, date, times, room, team and head "
        "count. Lakeview Room seats 10, Wrigley Room seats 4. Keep 10 minutes between bookings of a room, and "
        "everything must end by 6:00 PM, when the floor closes. The Wrigley Room is closed on Wednesday, 2026-03-11 for "
        "a new display. Requests: Mon, sales standup 9-10 AM Lakeview (8), coaching session 10:30-11:30 AM Wrigley "
        "(2), client workshop with Medline 1-3 PM Lakeview (10); Tue, vendor call 9:30-10:30 AM Wrigley (3), sprint "
        "planning 11 AM-12:30 PM Lakeview (9), design review 1-2 PM Lakeview (6); Wed, quarterly business review 2-4 "
        "PM Lakeview (10); Thu, HR 10-11 AM Wrigley (3), board prep 2-3:30 PM Lakeview (5); Fri, all-hands rehearsal "
        "9-11 AM Lakeview (7), interview debrief 4-5:30 PM Wrigley (4). Add the Lakeview Room's hours booked for the "
        "week and the facilities desk, (312) 555-0176. The Thursday HR slot must appear as 'HR meeting' only: nothing "
        "about the layoffs.",
        NORTHPOINT,
        "Northpoint",
        (("Lakeview Room", 10), ("Wrigley Room", 4)),
        10,
        (18 * 60, "6:00 PM"),
        ("Wrigley Room", date(2026, 3, 11), "Wednesday, 2026-03-11"),
        ("Lakeview Room", "hours booked"),
        ("the facilities desk", "(312) 555-0176"),
        ("layoff", "the layoffs"),
        (
            swap_lines(NORTHPOINT, "10:30 AM–11:30 AM · Wrigley Room", "1:00 PM–3:00 PM · Lakeview Room"),
            ("gap", "1:00 PM–2:00 PM · Lakeview Room", "12:30 PM–1:30 PM · Lakeview Room"),
            ("capacity", "Medline · 10 people", "Medline · 12 people"),
            ("hours", "Lakeview Room: 11 hours", "Lakeview Room: 10 hours"),
            (
                "closed",
                "- Wednesday, 2026-03-11, 2:00 PM",
                "- Wednesday, 2026-03-11, 10:00 AM–11:00 AM · Wrigley Room · Recruiting sync · 3 people\n"
                "- Wednesday, 2026-03-11, 2:00 PM",
            ),
            ("weekday", "- Friday, 2026-03-13, 9:00 AM", "- Thursday, 2026-03-13, 9:00 AM"),
            ("secret", "HR meeting ·", "HR meeting: layoffs ·"),
            ("contact", "(312) 555-0176", "(312) 555-0167"),
            ("closing", "4:00 PM–5:30 PM · Wrigley Room", "4:00 PM–6:30 PM · Wrigley Room"),
        ),
    ),
    Sheet(
        "The week's room bookings for Liffey Digital, Grand Canal Dock, as fixed-width plain text in a code block for "
        "the noticeboard, in date and time order, one line each with the weekday, date, times, room, what it's for and "
        "the number of people. The Liffey Room seats 8 and the Dodder Room 4. Leave 15 minutes between bookings of a "
        "room; the building closes at 17:30. The Dodder Room's carpets are being cleaned on Thursday 19 November 2026, "
        "so nothing in it that day. Requests: Mon 16 Nov, marketing stand-up 09:00-10:00 Liffey (6), supplier call "
        "10:30-11:30 Dodder (2), client workshop 14:00-16:00 Liffey (8); Tue 17, product demo 09:30-11:00 Liffey (7), "
        "finance review 11:30-12:30 Liffey (4); Wed 18, mentoring 10:00-11:00 Dodder (2), investor call 15:00-16:30 "
        "Liffey (5); Thu 19, strategy day prep 10:00-12:00 Liffey (6); Fri 20, HR 09:00-10:00 Dodder (3), team retro "
        "11:00-12:00 Liffey (7), podcast recording 15:30-17:00 Dodder (2). Then the Liffey Room's hours booked in the "
        "week, and reception, ext. 305, for trouble. The Friday HR slot is a grievance hearing: put 'HR meeting' and "
        "nothing more.",
        LIFFEY,
        "Liffey",
        (("Liffey Room", 8), ("Dodder Room", 4)),
        15,
        (17 * 60 + 30, "17:30"),
        ("Dodder Room", date(2026, 11, 19), "Thursday 19 November 2026"),
        ("Liffey Room", "hours booked"),
        ("reception", "ext. 305"),
        ("grievance", "the grievance hearing"),
        (
            swap_lines(LIFFEY, "10:30-11:30  Dodder Room", "14:00-16:00  Liffey Room"),
            ("gap", "11:30-12:30  Liffey Room", "11:00-12:00  Liffey Room"),
            ("capacity", "Team retro            7 people", "Team retro            10 people"),
            ("hours", "total: 10 hours", "total: 9.5 hours"),
            (
                "closed",
                "Friday    20 Nov 2026  09:00",
                "Thursday  19 Nov 2026  14:00-15:00  Dodder Room  Sales one-to-ones     2 people\n"
                "Friday    20 Nov 2026  09:00",
            ),
            ("weekday", "Wednesday 18 Nov 2026  10:00", "Thursday  18 Nov 2026  10:00"),
            ("secret", "HR meeting           ", "HR meeting: grievance"),
            ("contact", "ext. 305", "ext. 350"),
            ("closing", "15:30-17:00  Dodder Room", "15:30-18:00  Dodder Room"),
        ),
    ),
    Sheet(
        "Plain lines, no tables or bullets: next week's bookings for the level 4 meeting rooms at Southbank Health "
        "Partners, week of 7 September 2026, in date and time order, one line each with the weekday, date, times, "
        "room, who booked it and the number of people. The Yarra Room seats 14, the Collins Room 6. Allow 30 minutes "
        "between bookings of a room for turnover, and everything must finish by 5:30 pm. The Yarra Room is closed on "
        "Friday 11 September 2026 for the AGM set-up. Requests: Mon 7, finance team 9-10:30 am Yarra (9), payroll "
        "11 am-12 pm Collins (4), clinical governance 2-3:30 pm Yarra (12); Tue 8, IT training 9:30-10:30 am Collins "
        "(5), rostering 11 am-12:30 pm Collins (3); Wed 9, board papers review 10 am-12 pm Yarra (8), supplier "
        "meeting 1-2 pm Collins (4); Thu 10, a staff meeting 9-10 am Collins (2), quality committee 2-4 pm Yarra "
        "(11); Fri 11, recruitment panel 10-11:30 am Collins (4), team leaders 3-4:30 pm Collins (6). Then the "
        "Collins Room's hours booked in the week and the office manager's number, (03) 9555 0120. The Thursday "
        "staff meeting is a disciplinary one: call it 'Staff meeting' and say nothing more.",
        SOUTHBANK,
        "Southbank",
        (("Yarra Room", 14), ("Collins Room", 6)),
        30,
        (17 * 60 + 30, "5:30 pm"),
        ("Yarra Room", date(2026, 9, 11), "Friday 11 September 2026"),
        ("Collins Room", "hours booked"),
        ("the office manager", "(03) 9555 0120"),
        ("disciplinary", "the disciplinary matter"),
        (
            swap_lines(SOUTHBANK, "11:00 am to 12:00 pm: Collins Room", "2:00 pm to 3:30 pm: Yarra Room"),
            ("gap", "11:00 am to 12:30 pm: Collins Room", "10:45 am to 12:15 pm: Collins Room"),
            ("capacity", "governance, 12 people", "governance, 16 people"),
            ("hours", "Collins Room: 8.5 hours", "Collins Room: 7.5 hours"),
            (
                "closed",
                "Friday 11 September 2026, 10:00 am",
                "Friday 11 September 2026, 9:00 am to 9:45 am: Yarra Room, AGM rehearsal, 10 people\n"
                "Friday 11 September 2026, 10:00 am",
            ),
            ("weekday", "Wednesday 9 September 2026, 10:00", "Tuesday 9 September 2026, 10:00"),
            ("secret", "Staff meeting, 2 people", "Staff meeting (disciplinary), 2 people"),
            ("contact", "(03) 9555 0120", "(03) 9555 0210"),
            ("closing", "2:00 pm to 4:00 pm: Yarra Room", "2:00 pm to 6:00 pm: Yarra Room"),
        ),
    ),
)


def build(sheet: Sheet, on: dict[str, bool]) -> str:
    return slipped(sheet.text, sheet.slips, on, sheet.name)


# Reading a booking sheet ----------------------------------------------------------------------------------------


def bookings(sheet: Sheet, answer: str) -> list[tuple[date, int, int, str, int | None, str]]:
    """(date, start, end, room, people, line) of each line with a date, two times of day and a room, in order."""
    out = []
    for line in answer.splitlines():
        day, times = date_in(line), clocks(line)
        room = next((name for name, _ in sheet.rooms if name.lower() in line.lower()), None)
        if day is not None and len(times) >= 2 and room is not None:
            people = PEOPLE.search(line)
            out.append((day, times[0], times[1], room, int(people.group(1)) if people else None, line))
    return out


def gaps_kept(sheet: Sheet, found: list[tuple[date, int, int, str, int | None, str]]) -> bool:
    """Whether every two bookings of a room on a day, taken by start, leave the task's minutes between them."""
    ordered = sorted(found, key=lambda b: (b[3], b[0], b[1]))
    return all(
        later[1] - earlier[2] >= sheet.gap
        for earlier, later in zip(ordered, ordered[1:], strict=False)
        if (earlier[3], earlier[0]) == (later[3], later[0])
    )


WORDINGS = {
    "order": ("Lists the bookings in date and time order", "The bookings run from the earliest to the latest"),
    "gap": (
        "Leaves at least {gap} minutes between bookings of the same room",
        "No room is booked again within {gap} minutes of a booking in it ending",
    ),
    "capacity": (
        "No booking has more people than its room seats",
        "Every booking fits in its room ({seats})",
    ),
    "hours": (
        "The {room}'s hours booked are the sum of its bookings' lengths",
        "Adds up the {room}'s booked hours for the week correctly",
    ),
    "closed": (
        "Books nothing in the {closed} on {day}",
        "Leaves the {closed} empty on {day}, when it is closed",
    ),
    "weekday": (
        "Every booking's day of the week is right for its date",
        "The weekdays given match the bookings' dates",
    ),
    "secret": ("Does not mention {secret}", "Keeps {secret} off the sheet"),
    "contact": ("Gives {who} as {number}, as in the task", "Quotes the number for {who}, {number}, as given"),
    "closing": ("Every booking ends by {closing}", "No booking runs past the {closing} closing time"),
}
"""Two wordings of each kind of criterion, filled from the sheet."""


def truths(sheet: Sheet, answer: str) -> dict[str, bool]:
    found = bookings(sheet, answer)
    seats = dict(sheet.rooms)
    room, words = sheet.hours
    booked = sum((end - start for _, start, end, name, _, _ in found if name == room), 0)
    stated = HOURS.search(line_with(answer, words))
    closed, day, _ = sheet.closed
    starts = [(when, start) for when, start, *_ in found]
    return {
        "order": bool(found) and starts == sorted(starts),
        "gap": bool(found) and gaps_kept(sheet, found),
        "capacity": bool(found) and all(people is not None and people <= seats[name] for *_, name, people, _ in found),
        "hours": stated is not None and Decimal(stated.group(1)) == Decimal(booked) / 60,
        "closed": not any(when == day and name == closed for when, _, _, name, _, _ in found),
        "weekday": bool(found) and all(weekday_matches(line) for *_, line in found),
        "secret": sheet.secret[0] not in answer.lower(),
        "contact": sheet.contact[1] in answer,
        "closing": bool(found) and all(end <= sheet.closing[0] for _, _, end, *_ in found),
    }


def candidates(rng: random.Random, sheet: Sheet, answer: str) -> list[Criterion]:
    values = {
        "gap": sheet.gap,
        "seats": ", ".join(f"the {name} seats {seats}" for name, seats in sheet.rooms),
        "room": sheet.hours[0],
        "closed": sheet.closed[0],
        "day": sheet.closed[2],
        "secret": sheet.secret[1],
        "who": sheet.contact[0],
        "number": sheet.contact[1],
        "closing": sheet.closing[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(sheet, answer).items()
    ]


SWITCHES = ("order", "gap", "capacity", "hours", "closed", "weekday", "secret", "contact", "closing")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, SHEETS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

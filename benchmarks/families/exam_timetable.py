"""Exam timetable family (fresh17): the school exam timetable a task asks for (a Year 11 mock week as a Markdown
table, a sixth form's mocks under day headings, a Year 10 week in fenced columns, another Year 11 week as plain
lines), one line an exam with its date, start, duration, end, subject and room, then the total exam time and a
note on arriving early, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh17`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the timetable written right and then changed by switches: every end time the start plus the
duration or one written earlier, no exam on a weekend or the last day's moved to a Saturday, no room with two
exams at once or one exam moved into a busy room, the two subjects that share candidates apart or one moved to
the other's sitting, at least an hour between sittings on a day or an afternoon exam moved up to half an hour
after the morning's, the total the durations added or not, Mathematics Paper 1 before Paper 2 or the two
swapped, a note telling candidates to arrive 15 minutes early or one saying fewer minutes or none, and every
exam given one of the task's rooms or one left to be confirmed. Every truth is read from the text: an exam is a
line with a start time (`HH:MM`) and a duration (`1 h 30 min`, `1h30`, `2 h`, `105 minutes`), its date its own
(ISO or `9 Jun 2025`) or else the last line's with a date and no time (a day heading); its end the line's second
time; its room the first of the task's rooms on the line; it runs from its start for its duration. The total is
the first duration on the first line starting `Total`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import Criterion, JudgeCase, date_in, pick_wording, slipped, switched_cases

FAMILY = "exam_timetable"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
TIME = re.compile(r"\b([01]?\d|2[0-3]):([0-5]\d)\b")
DURATION = re.compile(
    r"(?<![\d:.])(\d+)\s*(?:hours?|hrs?|h)(?![a-z])(?:\s*(\d{1,2})\s*(?:minutes|mins?|m)?(?![a-z]))?"
    r"|(?<![\d:.])(\d+)\s*(?:minutes|mins?)(?![a-z])"
)
ARRIVE = re.compile(r"\b15\s*min")
SUBJECT = "Mathematics"


@dataclass(frozen=True)
class Exam:
    when: date
    start: int
    """Minutes after midnight."""
    end: int | None
    """The end time as written."""
    minutes: int
    room: str | None
    line: str

    @property
    def finish(self) -> int:
        return self.start + self.minutes


@dataclass(frozen=True)
class School:
    task: str
    text: str
    """The answer written right."""
    name: str
    rooms: tuple[str, ...]
    shared: tuple[str, str]
    """Two subjects some candidates take both of."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


def swap(text: str, first: str, second: str) -> tuple[str, str, str]:
    """The `order` slip: `first` and the later `second` trade places."""
    start = text.index(first)
    end = text.index(second, start) + len(second)
    return ("order", text[start:end], second + text[start + len(first) : end - len(second)] + first)


HOLLINS = """## Hollins Park School: Year 11 mock exams, 9–13 June 2025

| Date | Subject | Start | Duration | End | Room |
|---|---|---|---|---|---|
| Mon 9 Jun 2025 | English Language Paper 1 | 09:00 | 1 h 45 min | 10:45 | Sports Hall |
| Mon 9 Jun 2025 | Geography | 13:30 | 1 h 30 min | 15:00 | Sports Hall |
| Tue 10 Jun 2025 | Mathematics Paper 1 (non-calculator) | 09:00 | 1 h 30 min | 10:30 | Sports Hall |
| Tue 10 Jun 2025 | Chemistry | 13:30 | 1 h 45 min | 15:15 | Main Hall |
| Tue 10 Jun 2025 | Art (written) | 13:30 | 1 h 30 min | 15:00 | Room 14 |
| Wed 11 Jun 2025 | Biology | 09:00 | 1 h 45 min | 10:45 | Main Hall |
| Wed 11 Jun 2025 | History | 13:30 | 1 h 45 min | 15:15 | Sports Hall |
| Thu 12 Jun 2025 | English Literature | 09:00 | 2 h 15 min | 11:15 | Sports Hall |
| Thu 12 Jun 2025 | Physics | 13:30 | 1 h 45 min | 15:15 | Main Hall |
| Fri 13 Jun 2025 | Mathematics Paper 2 (calculator) | 09:00 | 1 h 30 min | 10:30 | Sports Hall |

**Total exam time:** 17 h

Candidates must arrive 15 minutes before each exam starts and line up outside the room."""

GREENFIELD = """Greenfield College: Year 13 mock exams, 16–20 June 2025

**Monday 16 June 2025**
- 09:00–11:00 (2 h) · Mathematics Paper 1 · Hall A
- 13:30–15:30 (2 h) · Psychology · Hall B

**Tuesday 17 June 2025**
- 09:00–11:15 (2 h 15 min) · Economics · Hall A
- 09:00–10:45 (1 h 45 min) · Biology · Hall B
- 13:30–15:30 (2 h) · Chemistry · Library

**Wednesday 18 June 2025**
- 09:00–11:30 (2 h 30 min) · History · Hall A
- 09:00–11:00 (2 h) · Physics · Hall B
- 13:30–15:30 (2 h) · Computer Science · Library

**Thursday 19 June 2025**
- 09:00–11:00 (2 h) · Mathematics Paper 2 · Hall A
- 13:30–15:30 (2 h) · English Literature · Hall B

**Friday 20 June 2025**
- 09:00–10:30 (1 h 30 min) · Geography · Library

Total examination time: 22 h
Arrive 15 minutes before each exam and wait quietly outside the hall.
Bring a clear pencil case; phones go in your bag at the back of the room."""

RIVERSIDE = """Here is the Year 10 timetable for Riverside Academy's end-of-year exams:

```text
Date        Day  Start  Length  End    Subject               Room
2025-06-30  Mon  09:00  1h30    10:30  Mathematics Paper 1   Gym
2025-06-30  Mon  13:00  1h15    14:15  French                Room 21
2025-07-01  Tue  09:00  1h45    10:45  Combined Science      Gym
2025-07-01  Tue  13:00  1h15    14:15  Spanish               Room 22
2025-07-01  Tue  13:00  1h00    14:00  Music                 Gym
2025-07-02  Wed  09:00  1h45    10:45  English Language      Gym
2025-07-02  Wed  13:00  1h30    14:30  Geography             Room 21
2025-07-03  Thu  09:00  1h30    10:30  Mathematics Paper 2   Gym
2025-07-03  Thu  13:00  1h15    14:15  Religious Studies     Room 22
2025-07-04  Fri  09:00  1h45    10:45  History               Gym
```

Total exam time: 14 h 30 min. Students should arrive 15 minutes before each exam with two black pens."""

ST_AIDANS = """St Aidan's Year 11 mocks, week of 23 June 2025

Monday 23 June 2025, 09:00 to 10:45 (105 minutes): English Language Paper 1, Main Hall
Monday 23 June 2025, 13:15 to 14:45 (90 minutes): Computer Science, Library
Tuesday 24 June 2025, 09:00 to 10:30 (90 minutes): Mathematics Paper 1, Main Hall
Tuesday 24 June 2025, 13:15 to 15:00 (105 minutes): Physics, Room 12
Tuesday 24 June 2025, 13:15 to 14:45 (90 minutes): Drama, Studio
Wednesday 25 June 2025, 09:00 to 10:45 (105 minutes): History, Main Hall
Wednesday 25 June 2025, 13:15 to 14:45 (90 minutes): Biology, Room 12
Thursday 26 June 2025, 09:00 to 11:15 (135 minutes): English Literature, Main Hall
Thursday 26 June 2025, 13:15 to 14:45 (90 minutes): Spanish, Room 12
Friday 27 June 2025, 09:00 to 10:30 (90 minutes): Mathematics Paper 2, Main Hall

Total time in exams: 16 h 30 min
Arrive 15 minutes early for every exam; bags stay in the form rooms."""

SCHOOLS = (
    School(
        "Make a Markdown table timetable for Hollins Park's Year 11 mocks, Mon 9 to Fri 13 June 2025, with each "
        "exam's date, start, duration, end and room (Sports Hall, Main Hall or Room 14). Exams: English Language "
        "Paper 1 (1 h 45), Geography (1 h 30), Maths Paper 1 non-calculator and Paper 2 calculator (1 h 30 each, "
        "Paper 1 first), Chemistry (1 h 45), Art written paper (1 h 30), Biology (1 h 45), History (1 h 45), English "
        "Literature (2 h 15), Physics (1 h 45). Many students take both Chemistry and Geography. Keep an hour or "
        "more between sittings on the same day, give the total exam time, and remind candidates to arrive 15 "
        "minutes early.",
        HOLLINS,
        "Hollins Park",
        ("Sports Hall", "Main Hall", "Room 14"),
        ("Chemistry", "Geography"),
        (
            swap(HOLLINS, "Paper 1 (non-calculator)", "Paper 2 (calculator)"),
            (
                "ends",
                "| English Literature | 09:00 | 2 h 15 min | 11:15 |",
                "| English Literature | 09:00 | 2 h 15 min | 11:00 |",
            ),
            ("weekend", "| Fri 13 Jun 2025 |", "| Sat 14 Jun 2025 |"),
            (
                "rooms",
                "| Art (written) | 13:30 | 1 h 30 min | 15:00 | Room 14 |",
                "| Art (written) | 13:30 | 1 h 30 min | 15:00 | Main Hall |",
            ),
            ("shared", "| Mon 9 Jun 2025 | Geography |", "| Tue 10 Jun 2025 | Geography |"),
            ("gap", "| History | 13:30 | 1 h 45 min | 15:15 |", "| History | 11:30 | 1 h 45 min | 13:15 |"),
            ("total", "**Total exam time:** 17 h", "**Total exam time:** 16 h 30 min"),
            ("arrive", "arrive 15 minutes", "arrive 5 minutes"),
            (
                "room_named",
                "| Physics | 13:30 | 1 h 45 min | 15:15 | Main Hall |",
                "| Physics | 13:30 | 1 h 45 min | 15:15 | TBC |",
            ),
        ),
    ),
    School(
        "Can you lay out Greenfield College's Year 13 mock timetable for 16-20 June 2025 under a heading for each "
        "day? Rooms: Hall A, Hall B, Library. Papers: Maths Paper 1 and Paper 2 (2 h each, Paper 1 before Paper "
        "2), Psychology 2 h, Economics 2 h 15, Biology 1 h 45, Chemistry 2 h, History 2 h 30, Physics 2 h, "
        "Computer Science 2 h, English Literature 2 h, Geography 1 h 30. A lot of our students do both Biology and "
        "Chemistry. At least an hour's break between sittings on one day, nothing at the weekend, a total of the "
        "exam time, and tell them to arrive 15 minutes before each exam.",
        GREENFIELD,
        "Greenfield",
        ("Hall A", "Hall B", "Library"),
        ("Biology", "Chemistry"),
        (
            swap(GREENFIELD, "Mathematics Paper 1", "Mathematics Paper 2"),
            ("ends", "13:30–15:30 (2 h) · Psychology", "13:30–15:00 (2 h) · Psychology"),
            ("weekend", "**Friday 20 June 2025**", "**Saturday 21 June 2025**"),
            ("rooms", "Physics · Hall B", "Physics · Hall A"),
            ("shared", "13:30–15:30 (2 h) · Chemistry", "09:00–11:00 (2 h) · Chemistry"),
            ("gap", "13:30–15:30 (2 h) · Computer Science", "12:00–14:00 (2 h) · Computer Science"),
            ("total", "Total examination time: 22 h", "Total examination time: 21 h 30 min"),
            ("arrive", "Arrive 15 minutes before each exam and wait quietly outside the hall.\n", ""),
            ("room_named", "English Literature · Hall B", "English Literature · room TBC"),
        ),
    ),
    School(
        "Year 10 end-of-year exam timetable for Riverside Academy, week of Monday 30 June 2025, as fixed-width "
        "columns: date, day, start, length, end, subject, room (Gym, Room 21, Room 22). Maths Paper 1 and Paper 2 "
        "(1 h 30 each, Paper 1 first), French 1 h 15, Combined Science 1 h 45, Spanish 1 h 15, Music 1 h, English "
        "Language 1 h 45, Geography 1 h 30, Religious Studies 1 h 15, History 1 h 45. Some students take French and "
        "Spanish, so those can't overlap. An hour between sittings at least, weekdays only, state the total exam "
        "time, and say students arrive 15 minutes before each exam.",
        RIVERSIDE,
        "Riverside",
        ("Gym", "Room 21", "Room 22"),
        ("French", "Spanish"),
        (
            swap(RIVERSIDE, "Mathematics Paper 1", "Mathematics Paper 2"),
            ("ends", "1h15    14:15  Religious", "1h15    14:00  Religious"),
            ("weekend", "2025-07-04  Fri", "2025-07-05  Sat"),
            ("rooms", "Music                 Gym", "Music                 Room 22"),
            ("shared", "2025-06-30  Mon  13:00", "2025-07-01  Tue  13:00"),
            ("gap", "13:00  1h30    14:30", "11:15  1h30    12:45"),
            ("total", "14 h 30 min", "15 h 30 min"),
            ("arrive", "arrive 15 minutes", "arrive 10 minutes"),
            ("room_named", "Religious Studies     Room 22", "Religious Studies     TBC"),
        ),
    ),
    School(
        "Plain text please, one line per exam, for St Aidan's Year 11 mocks, 23-27 June 2025: English Language "
        "Paper 1 (105 min), Computer Science (90), Maths Paper 1 and Paper 2 (90 each; Paper 1 goes first), "
        "Physics (105), Drama (90), History (105), Biology (90), English Literature (135), Spanish (90). Rooms: Main "
        "Hall, Room 12, Library, Studio. Physics and Computer Science share most of their candidates. Leave at least "
        "an hour between one sitting and the next on a day, no weekend exams, put the total exam time at the end and "
        "a reminder to arrive 15 minutes early.",
        ST_AIDANS,
        "St Aidan's",
        ("Main Hall", "Room 12", "Library", "Studio"),
        ("Physics", "Computer Science"),
        (
            swap(ST_AIDANS, "Mathematics Paper 1", "Mathematics Paper 2"),
            ("ends", "09:00 to 11:15 (135 minutes)", "09:00 to 11:00 (135 minutes)"),
            ("weekend", "Friday 27 June 2025", "Saturday 28 June 2025"),
            ("rooms", "Drama, Studio", "Drama, Room 12"),
            ("shared", "Monday 23 June 2025, 13:15 to 14:45", "Tuesday 24 June 2025, 13:15 to 14:45"),
            ("gap", "13:15 to 14:45 (90 minutes): Biology", "11:15 to 12:45 (90 minutes): Biology"),
            ("total", "Total time in exams: 16 h 30 min", "Total time in exams: 15 h 30 min"),
            ("arrive", "Arrive 15 minutes early", "Arrive 5 minutes early"),
            ("room_named", "Spanish, Room 12", "Spanish, room to be confirmed"),
        ),
    ),
)


def build(school: School, on: dict[str, bool]) -> str:
    return slipped(school.text, school.slips, on, school.name)


# Reading a timetable ----------------------------------------------------------------------------


def duration(text: str) -> int | None:
    """The first duration in `text`, in minutes."""
    found = DURATION.search(text)
    if found is None:
        return None
    if found.group(3) is not None:
        return int(found.group(3))
    return int(found.group(1)) * 60 + int(found.group(2) or 0)


def exams(answer: str, rooms: tuple[str, ...]) -> list[Exam]:
    """Each line with a start time and a duration, dated by itself or by the day heading above it."""
    out: list[Exam] = []
    day: date | None = None
    for line in answer.splitlines():
        when, times = date_in(line), [int(h) * 60 + int(m) for h, m in TIME.findall(line)]
        if not times:
            day = when or day
            continue
        minutes, when = duration(TIME.sub(" ", line)), when or day
        if minutes is None or when is None:
            continue
        room = next((r for r in rooms if r in line), None)
        out.append(Exam(when, times[0], times[1] if len(times) > 1 else None, minutes, room, line))
    return out


def overlap(one: Exam, other: Exam) -> bool:
    return one.when == other.when and one.start < other.finish and other.start < one.finish


def pairs(found: list[Exam]) -> list[tuple[Exam, Exam]]:
    return [(a, b) for i, a in enumerate(found) for b in found[i + 1 :]]


def first_with(found: list[Exam], subject: str) -> Exam | None:
    return next((e for e in found if subject in e.line), None)


def gap_kept(found: list[Exam]) -> bool:
    """On a day, an exam that starts after another starts at least an hour after the other finishes."""
    for a, b in pairs(found):
        if a.when != b.when or a.start == b.start:
            continue
        early, late = (a, b) if a.start < b.start else (b, a)
        if late.start - early.finish < 60:
            return False
    return True


def total_stated(answer: str) -> int | None:
    line = next((s for s in answer.splitlines() if s.lstrip(" |*#>_-").lower().startswith("total")), "")
    return duration(line)


WORDINGS = {
    "ends": (
        "Each exam's end time is its start time plus its duration",
        "Every finish time matches the start time and the length of the exam",
    ),
    "weekend": ("No exam is scheduled on a Saturday or Sunday", "All the exams fall on weekdays"),
    "rooms": ("No room has two exams at overlapping times", "The timetable never double-books a room"),
    "shared": (
        "{a} and {b} do not overlap, since some students take both",
        "Students taking both {a} and {b} never have the two at the same time",
    ),
    "gap": (
        "Leaves a break of at least an hour between consecutive sittings on the same day",
        "Between one exam session ending and the next starting on the same day there is always an hour or more",
    ),
    "total": (
        "The total exam time given equals the sum of all the exams' durations",
        "Its stated total of exam hours adds up the individual exam lengths correctly",
    ),
    "order": ("{subject} Paper 1 is sat before Paper 2", "Schedules {subject} Paper 1 ahead of {subject} Paper 2"),
    "arrive": ("Tells candidates to arrive 15 minutes before each exam", "Asks students to be there 15 minutes early"),
    "room_named": (
        "Every exam is assigned one of the rooms {rooms}",
        "Each exam has a room from {rooms}, none left unassigned",
    ),
}
"""Two wordings of each kind of criterion, filled from the school."""


def truths(school: School, answer: str) -> dict[str, bool]:
    found = exams(answer, school.rooms)
    one, other = (first_with(found, subject) for subject in school.shared)
    paper1, paper2 = (first_with(found, f"{SUBJECT} Paper {n}") for n in (1, 2))
    return {
        "ends": bool(found) and all(e.end == e.finish for e in found),
        "weekend": bool(found) and all(e.when.weekday() < 5 for e in found),
        "rooms": bool(found) and not any(a.room and a.room == b.room and overlap(a, b) for a, b in pairs(found)),
        "shared": one is not None and other is not None and not overlap(one, other),
        "gap": bool(found) and gap_kept(found),
        "total": bool(found) and total_stated(answer) == sum(e.minutes for e in found),
        "order": paper1 is not None
        and paper2 is not None
        and (paper1.when, paper1.start) < (paper2.when, paper2.start),
        "arrive": any("arriv" in line.lower() and ARRIVE.search(line) for line in answer.splitlines()),
        "room_named": bool(found) and all(e.room is not None for e in found),
    }


def candidates(rng: random.Random, school: School, answer: str) -> list[Criterion]:
    rooms = ", ".join(school.rooms[:-1]) + f" or {school.rooms[-1]}"
    values = {"a": school.shared[0], "b": school.shared[1], "subject": SUBJECT, "rooms": rooms}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(school, answer).items()
    ]


SWITCHES = ("ends", "weekend", "rooms", "shared", "gap", "total", "order", "arrive", "room_named")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, SCHOOLS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Course syllabus family (fresh13): the syllabus of the university course a task describes (a data
structures course, a history seminar, an applied regression course, a summer ecology course), with
its prerequisite, office hours, materials, a week-by-week schedule with dates, grading weights that
add to 100% under a cap, and a late policy with a worked example, a kind of answer no grader was
run on while any of its rules was written. Run only as `--set fresh13`, never in `all`, `new`,
`docs`, `held` or an earlier fresh set.

An answer is the syllabus in Markdown (its headings named in several ways, the schedule and the
grading as tables, bullets or plain lines), written right and then changed by switches: weights
that add to 100% or to 95% or 105% (a Total line still saying 100%), every week of the term in the
schedule or one missing, office hours with a day and a time or only a place or "by appointment",
the prerequisite asked or another course or none, a late-penalty example right for the stated rate
or reckoned another way, the assessment the task names in a week of the schedule or that entry
without it, no textbook to buy or one to buy, each week's date seven days after the one before or
one date off, and no component over the task's cap or one raised over it (another lowered, so the
sum holds). Every truth is read from the text: sections by their headings; the schedule's entries
as the lines under its heading that start with a week number, with their dates (the year, where
none is written, the first 20xx of the answer); the weights as the last percentage of each line
under the grading heading, a Total line left out; office hours and the prerequisite from their
section and every line naming them (a weekday and a time range, the course code, by pattern); the
late rate and the example's mark, days late and result by pattern (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "course_syllabus"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
HEADING = re.compile(r"^\s*(?:#{1,6}\s+(?P<hash>.+?)|\*\*(?P<bold>[^*]+)\*\*:?)\s*$")
ENTRY = re.compile(r"^\s*(?:\|\s*|[-*]\s+)?(?:\*\*)?(?:week|wk\.?)?\s*(\d{1,2})\b", re.I)
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?"
DATE = re.compile(rf"(\d{{4}})-(\d{{2}})-(\d{{2}})|\b{MONTH}\s+(\d{{1,2}})\b|\b(\d{{1,2}})\s+{MONTH}", re.I)
YEAR = re.compile(r"\b20\d{2}\b")
PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s?%")
WEEKDAY = re.compile(r"\b(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:days?|s)?\b", re.I)
HOURS = re.compile(r"\b\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?\s*(?:–|-|—|to)\s*\d{1,2}(?::\d{2})?", re.I)
RATE = re.compile(r"(\d+(?:\.\d+)?)\s?%[^.\n]*?\b(?:per|a|each)\s+(?:calendar\s+|school\s+)?day\b", re.I)
NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
EXAMPLE = re.compile(
    r"(?:for example|example|e\.g\.)[:,]?\s*[^.\n]*?(?P<mark>\d+(?:\.\d+)?)(?:\s*/\s*\d+)?\b[^.]*?"
    rf"\b(?P<days>\d+|{'|'.join(NUMBERS)})\s+days?\s+late\b[^.]*?(?P<result>\d+(?:\.\d+)?)",
    re.I,
)
PURCHASE = re.compile(r"\bISBN\b|\b(?:buy|purchase)\b|[$£€]\s?\d", re.I)


@dataclass(frozen=True)
class Course:
    task: str
    text: str
    """The answer written right."""
    weeks: int
    cap: int
    """How many weeks the term has, and the most a component may be worth (percent)."""
    prereq: str
    prerequisite: str
    """The prerequisite the task names, and a pattern for it."""
    assessment: str
    assessed: str
    """The assessment the task wants in the schedule, and a pattern for its entry."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


COURSES = (
    Course(
        "Write the syllabus for CS 201 Data Structures (Fall 2026, 10 weeks from Monday 7 September), prerequisite "
        "CS 102: a week-by-week schedule with dates that shows the midterm, the grading breakdown (no single item "
        "over 35%), office hours, the late policy with an example, and the materials, which must all be free.",
        """# CS 201: Data Structures — Fall 2026

**Instructor:** Dr. Hana Kovač (hkovac@northfield.edu) · Mon & Wed 10:00–11:15, Science Hall 204
**Prerequisite:** CS 102 (Programming II), with a C- or better.

## Office hours
Tuesdays 14:00–16:00 and Thursdays 09:30–10:30 in Science Hall 318.

## Materials
- Pat Morin's *Open Data Structures* (free PDF), and lecture notes on the course site.

## Weekly schedule
| Week | Date | Topic | Due |
|---|---|---|---|
| 1 | Sep 7 | Arrays, dynamic arrays, big-O | |
| 2 | Sep 14 | Linked lists | PS 1 |
| 3 | Sep 21 | Stacks and queues | |
| 4 | Sep 28 | Hash tables | PS 2 |
| 5 | Oct 5 | Binary search trees | |
| 6 | Oct 12 | Midterm exam (Wed) and review | |
| 7 | Oct 19 | Balanced trees: AVL, red-black | PS 3 |
| 8 | Oct 26 | Heaps and priority queues | PS 4 |
| 9 | Nov 2 | Graphs: BFS, DFS, shortest paths | PS 5 |
| 10 | Nov 9 | Project presentations | Project |

Final exam: Thursday 10 December, 09:00–12:00.

## Grading
| Component | Weight |
|---|---|
| Problem sets (5) | 25% |
| Midterm exam | 20% |
| Project | 20% |
| Final exam | 30% |
| Participation | 5% |
| **Total** | **100%** |

## Late policy
Late problem sets lose 10% of the marks earned for each day late, up to three days; after that they get
no marks. Example: a problem set marked 80/100 and handed in two days late gets 64/100.""",
        10,
        35,
        "CS 102",
        r"\bCS\s?102\b",
        "the midterm",
        r"\bmidterm\b",
        (
            ("weights", "| Participation | 5% |", "| Participation | 10% |"),
            ("weeks", "\n| 10 | Nov 9 | Project presentations | Project |", ""),
            ("hours", "Tuesdays 14:00–16:00 and Thursdays 09:30–10:30 in", "By appointment, in"),
            ("prereq", "CS 102 (Programming II)", "CS 101 (Programming I)"),
            ("late", "gets 64/100", "gets 60/100"),
            ("assessment", "| Midterm exam (Wed) and review |", "| Sorting: merge sort, quicksort |"),
            ("free", "Pat Morin's *Open Data Structures* (free PDF)", "CLRS, 4th ed. (buy it at the bookstore)"),
            ("dates", "| 9 | Nov 2 |", "| 9 | Nov 9 |"),
            ("cap", "| Project | 20% |\n| Final exam | 30% |", "| Project | 10% |\n| Final exam | 40% |"),
        ),
    ),
    Course(
        "Draft a syllabus for HIST 115: The Atlantic World, 1500-1800, an 8-week seminar starting Wednesday 9 "
        "September 2026; students need HIST 101 first. A weekly schedule with each meeting's date and when the "
        "research paper draft is due, grading weights (nothing over 40%), my office hours, the late policy with a "
        "worked example, and the readings, all free through the library.",
        """HIST 115 · The Atlantic World, 1500–1800
Fall 2026 · Wednesdays 14:00–16:50, Hartley Hall 112 · Prof. Daniel Osei (dosei@northfield.edu)

### Before you enrol
Prerequisite: HIST 101 (World History to 1500).

### Office hours
- Mondays 13:00–15:00, Hartley Hall 305
- Thursdays 10:00–11:00 on Zoom (link on the course page)

### Readings
All readings are free: library e-books or scans on the course page.

### Schedule
- **Week 1 (9 Sep):** Introductions; what is "Atlantic history"?
- **Week 2 (16 Sep):** Iberian expansion and the Canary Islands
- **Week 3 (23 Sep):** West Central Africa and the early slave trade
- **Week 4 (30 Sep):** Sugar and the plantation complex — paper topic due
- **Week 5 (7 Oct):** Indigenous America and colonial encounters
- **Week 6 (14 Oct):** Revolutions I: North America — research paper draft due
- **Week 7 (21 Oct):** Revolutions II: Haiti
- **Week 8 (28 Oct):** Abolition and its limits; final paper workshop

### Grading
- Weekly response papers (8 × 2.5%): 20%
- Participation in discussion: 15%
- Paper topic and bibliography: 10%
- Research paper draft: 15%
- Final research paper: 40%

### Late work
Papers lose 5% of their grade a day. For example, a draft graded 88 that comes in three days late is
recorded as 74.8.""",
        8,
        40,
        "HIST 101",
        r"\bHIST\s?101\b",
        "the research paper draft",
        r"\bdraft\b",
        (
            ("weights", "- Participation in discussion: 15%", "- Participation in discussion: 10%"),
            ("weeks", "- **Week 5 (7 Oct):** Indigenous America and colonial encounters\n", ""),
            ("hours", "- Mondays 13:00–15:00, Hartley Hall 305\n- Thursdays 10:00–11:00", "- Hartley Hall 305, or"),
            ("prereq", "Prerequisite: HIST 101 (World History to 1500).", "Prerequisite: none; all are welcome."),
            ("late", "recorded as 74.8", "recorded as 83"),
            ("assessment", "North America — research paper draft due", "North America"),
            ("free", "All readings are free: library", "Buy Thornton's *Africa and Africans* ($35); the rest are"),
            ("dates", "**Week 7 (21 Oct):**", "**Week 7 (22 Oct):**"),
            ("cap", "draft: 15%\n- Final research paper: 40%", "draft: 10%\n- Final research paper: 45%"),
        ),
    ),
    Course(
        "Syllabus for STAT 310 Applied Regression, a short winter term: 8 weeks starting 2027-01-04, prerequisite "
        "STAT 210. A schedule table with each week's Monday date and the midterm week marked, grading weights (none "
        "above 30%), office hours, the late policy with a worked example, and materials (free software and texts).",
        """# STAT 310 — Applied Regression (Winter 2027)

Lectures Tue/Thu 13:30–14:50, Mathematics Building 140 · Dr. Inés Carrillo (icarrillo@lakeshore.edu)

## Prerequisites
STAT 210 (Introduction to Statistical Inference) and one calculus course.

## Office hours and contact
Office hours are Wednesdays 10:00–12:00 in Mathematics Building 221; email is answered in two days.

## Course materials
- *Regression and Other Stories* (Gelman, Hill & Vehtari), free online from the authors' site.
- R and RStudio (free); install both before the first class.

## Calendar
| Wk | Monday | Topics | Assessment |
|---|---|---|---|
| 1 | 2027-01-04 | Simple linear regression | |
| 2 | 2027-01-11 | Inference for the slope | HW 1 |
| 3 | 2027-01-18 | Multiple regression | HW 2 |
| 4 | 2027-01-25 | Diagnostics and transformations | Midterm (Thu 28 Jan) |
| 5 | 2027-02-01 | Model selection | HW 3 |
| 6 | 2027-02-08 | Logistic regression | HW 4 |
| 7 | 2027-02-15 | Poisson regression | Project proposal |
| 8 | 2027-02-22 | Project presentations | Final project |

## How your grade is calculated
| Part | Weight |
|---|---|
| Homework (4, lowest dropped) | 25% |
| Midterm | 20% |
| Project | 30% |
| Final exam (exam week) | 25% |

## Late submissions
Homework loses 15% per day late and is not accepted after two days. E.g. homework that scores 36/40 and
is one day late earns 30.6/40.""",
        8,
        30,
        "STAT 210",
        r"\bSTAT\s?210\b",
        "the midterm",
        r"\bmidterm\b",
        (
            ("weights", "| Final exam (exam week) | 25% |", "| Final exam (exam week) | 20% |"),
            ("weeks", "\n| 8 | 2027-02-22 | Project presentations | Final project |", ""),
            ("hours", "Office hours are Wednesdays 10:00–12:00 in", "Office hours are posted weekly, usually in"),
            ("prereq", "STAT 210 (Introduction to Statistical Inference)", "STAT 201 (Introduction to Statistics)"),
            ("late", "earns 30.6/40", "earns 34/40"),
            ("assessment", "| Midterm (Thu 28 Jan) |", "| Quiz 1 |"),
            ("free", "free online from the authors' site.", "ISBN 9781107023987; buy it before week 1."),
            ("dates", "| 6 | 2027-02-08 |", "| 6 | 2027-02-09 |"),
            ("cap", "| Midterm | 20% |\n| Project | 30% |", "| Midterm | 15% |\n| Project | 35% |"),
        ),
    ),
    Course(
        "Please write a syllabus for BIO 150: Introduction to Ecology, summer session 2026 (8 weeks, first class "
        "Monday 1 June), prerequisite BIO 101: a week-by-week schedule with dates that shows the field trip, grading "
        "weights (cap any single item at 30%), office hours, a late policy with an example, and free materials.",
        """BIO 150: Introduction to Ecology
Summer Session 2026 · Mon/Wed/Fri 09:00–11:30 · Life Sciences 015 · Dr. Priya Raman

**Prerequisites**
BIO 101 (Cells to Organisms), or AP Biology with a score of 4 or 5.

**Office hours**
Tuesday and Thursday 1–2:30 pm in Life Sciences 240.

**What you need**
Everything is free: OpenStax *Concepts of Biology* and the lab handouts on Canvas. Bring closed-toe
shoes for the field trip.

**Schedule**
Week 1 — 1 June: What ecology studies; populations
Week 2 — 8 June: Population growth and limits
Week 3 — 15 June: Species interactions
Week 4 — 22 June: Communities and succession; midterm quiz
Week 5 — 29 June: Ecosystems and energy flow — field trip to Alder Creek wetland on Friday
Week 6 — 6 July: Nutrient cycles
Week 7 — 13 July: Biodiversity and conservation
Week 8 — 20 July: Climate and ecology; final exam on Friday

**Grading**
Lab reports (6): 30%
Quizzes: 15%
Field trip report: 15%
Midterm quiz: 10%
Final exam: 25%
Participation: 5%

**Late work**
Lab reports lose 10% a day. Example: a report that would score 45/50 but arrives four days late scores
27/50.""",
        8,
        30,
        "BIO 101",
        r"\bBIO\s?101\b",
        "the field trip",
        r"\bfield trip\b",
        (
            ("weights", "Quizzes: 15%", "Quizzes: 10%"),
            ("weeks", "\nWeek 8 — 20 July: Climate and ecology; final exam on Friday", ""),
            ("hours", "Tuesday and Thursday 1–2:30 pm in Life Sciences 240", "Life Sciences 240, by appointment"),
            ("prereq", "BIO 101 (Cells to Organisms), or AP Biology with a score of 4 or 5.", "None."),
            ("late", "scores\n27/50", "scores\n41/50"),
            ("assessment", " — field trip to Alder Creek wetland on Friday", ""),
            ("free", "Everything is free: OpenStax *Concepts of Biology* and", "Buy Molles's *Ecology* (8th ed.) and"),
            ("dates", "Week 6 — 6 July:", "Week 6 — 7 July:"),
            (
                "cap",
                "report: 15%\nMidterm quiz: 10%\nFinal exam: 25%",
                "report: 5%\nMidterm quiz: 10%\nFinal exam: 35%",
            ),
        ),
    ),
)


def build(course: Course, on: dict[str, bool]) -> str:
    return slipped(course.text, course.slips, on, course.prereq)


# Reading a syllabus -----------------------------------------------------------------------------


def section(answer: str, pattern: str) -> list[str]:
    """The lines under the first heading (`#` or a bold line alone) that `pattern` finds."""
    found: list[str] | None = None
    for line in answer.splitlines():
        if match := HEADING.match(line):
            if found is not None:
                return found
            if re.search(pattern, match.group("hash") or match.group("bold"), re.I):
                found = []
        elif found is not None:
            found.append(line)
    return found or []


def about(answer: str, pattern: str) -> str:
    """The section whose heading `pattern` finds, and every line that `pattern` finds."""
    lines = [*section(answer, pattern), *(line for line in answer.splitlines() if re.search(pattern, line, re.I))]
    return "\n".join(lines)


def entries(answer: str) -> list[tuple[int, str]]:
    """The schedule's entries: each line under its heading that starts with a week number."""
    return [(int(m.group(1)), line) for line in section(answer, r"schedule|calendar|week") if (m := ENTRY.match(line))]


def date_in(text: str, year: int) -> date | None:
    """The first date in `text` (ISO, "Sep 7" or "7 Sep", the year given when none is written)."""
    if not (m := DATE.search(text)):
        return None
    if m.group(1):
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    month, day = (m.group(4), m.group(5)) if m.group(4) else (m.group(7), m.group(6))
    return date(year, MONTHS.index(month[:3].lower()) + 1, int(day))


def dates_right(answer: str) -> bool:
    """Two or more dated weeks, each seven days a week after the first."""
    year = int(found.group()) if (found := YEAR.search(answer)) else 2000
    dated = [(week, day) for week, line in entries(answer) if (day := date_in(line, year))]
    return len(dated) >= 2 and all(day == dated[0][1] + timedelta(weeks=week - dated[0][0]) for week, day in dated)


def weights(answer: str) -> list[float]:
    """The last percentage of each line under the grading heading, a Total line left out."""
    out = []
    for line in section(answer, r"grad|weight|evaluation"):
        if (found := PERCENT.findall(line)) and not line.lstrip(" |*-").lower().startswith("total"):
            out.append(float(found[-1]))
    return out


def example_right(answer: str) -> bool:
    """The late-work example's result is its mark less the stated rate for each day late."""
    text = about(answer, r"\blate\b")
    rate, example = RATE.search(text), EXAMPLE.search(text)
    if not rate or not example:
        return False
    days = NUMBERS.get(example.group("days").lower()) or int(example.group("days"))
    expected = float(example.group("mark")) * (1 - days * float(rate.group(1)) / 100)
    return abs(float(example.group("result")) - expected) < 0.01


WORDINGS = {
    "weights": ("The grading weights add up to 100%", "Its grade components sum to exactly 100 percent"),
    "weeks": (
        "The schedule covers every one of the {weeks} weeks",
        "Has a schedule entry for each week from 1 to {weeks}",
    ),
    "hours": (
        "Gives office hours with a day and a time",
        "States when office hours are held (day and time range)",
    ),
    "prereq": ("Lists {prereq} as a prerequisite", "Names {prereq} as required before taking the course"),
    "late": (
        "The late-penalty example is computed correctly from the stated rate",
        "Its worked late-work example agrees with the per-day penalty",
    ),
    "assessment": (
        "The schedule shows which week {assessment} falls in",
        "Places {assessment} in a week of the schedule",
    ),
    "free": ("Does not require students to buy a textbook", "No course material has to be purchased"),
    "dates": (
        "Each week's date is seven days after the previous week's",
        "The dates in the schedule advance by exactly one week per week",
    ),
    "cap": (
        "No single graded component is worth more than {cap}%",
        "Every grade component is weighted at {cap}% or less",
    ),
}
"""Two wordings of each kind of criterion, filled from the course."""


def truths(course: Course, answer: str) -> dict[str, bool]:
    found, hours = weights(answer), about(answer, r"office hours")
    return {
        "weights": bool(found) and abs(sum(found) - 100) < 0.01,
        "weeks": [week for week, _ in entries(answer)] == list(range(1, course.weeks + 1)),
        "hours": WEEKDAY.search(hours) is not None and HOURS.search(hours) is not None,
        "prereq": re.search(course.prerequisite, about(answer, r"prerequisite")) is not None,
        "late": example_right(answer),
        "assessment": any(re.search(course.assessed, line, re.I) for _, line in entries(answer)),
        "free": PURCHASE.search(answer) is None,
        "dates": dates_right(answer),
        "cap": bool(found) and max(found) <= course.cap,
    }


def candidates(rng: random.Random, course: Course, answer: str) -> list[Criterion]:
    filled = {"weeks": course.weeks, "cap": course.cap, "prereq": course.prereq, "assessment": course.assessment}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(course, answer).items()
    ]


SWITCHES = ("weights", "weeks", "hours", "prereq", "late", "assessment", "free", "dates", "cap")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, COURSES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Trip consent family (fresh24): the letter a task asks a school to send home about a trip, with the consent form's
return date (a UK primary school's with the trip's details in a Markdown table, a US elementary school's as bullets, an
Irish secondary school's as plain text in a fenced block, an Australian high school's as plain lines): the trip's date
and weekday, when the coach leaves, when pupils must arrive and when they are back, the cost a pupil, the adults going,
what to bring, the help with the cost, the payment reference and the date to return the form by, a kind of answer no
grader was run on while any of its rules was written. Run only as `--set fresh24`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the letter written right and then changed by switches: the trip's weekday the date's or another, the form
due back the task's school days before the trip or on another day, the cost a pupil the coach's hire shared between the
pupils plus the entry or another figure, the time to arrive the task's minutes before the coach leaves or another, the
adults going the fewest for the task's ratio or one fewer, the things to bring in the task's order or two swapped, the
help with the cost mentioned or left out, the payment reference as the task gives it or changed, and the matter the task
says to keep out of the letter unmentioned or brought up. Every truth is read from the text: the trip's date and weekday
the first ones on the first line with the task's words for the date, the date to return the form by the first date on
the first line with the task's words for it, school days counted Monday to Friday; the cost the first amount on the
first line with the task's words for it; the time to arrive and the coach's time the first time on the first line with
the task's words for each; the adults the first number on the first line with the task's words for them; the order of
the things to bring the order in which each one's words first appear.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from decimal import Decimal

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    clock,
    date_in,
    line_with,
    money,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
    weekday_matches,
    working_days_after,
)

FAMILY = "trip_consent"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
NUMBER = re.compile(r"\d+")


@dataclass(frozen=True)
class Trip:
    task: str
    text: str
    """The answer written right."""
    name: str
    labels: tuple[str, str, str, str, str, str]
    """The words (lower-case) that find the lines of the trip's date, the date to return the form by, the cost, the
    time to arrive, the coach's time and the adults going."""
    pupils: tuple[int, str, int]
    """(the pupils going, what the letter calls one, the most pupils for each adult)."""
    costs: tuple[Decimal, Decimal, str]
    """(the coach's hire, the entry for each pupil, what carries them in words)."""
    rules: tuple[int, int]
    """(the school days before the trip that the form is due, the minutes before the coach leaves to arrive)."""
    bring: tuple[str, ...]
    """Words (lower-case) that find each thing to bring, in the task's order."""
    fund: tuple[str, str]
    """(the words, lower-case, that find the help with the cost, the help in words)."""
    reference: str
    secret: tuple[str, str]
    """(the words, lower-case, that find the matter to keep out, the matter in words)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


THINKTANK = """**St Mary's C of E Primary School, Lichfield**

Dear Parents and Carers,

As part of our topic on forces, Year 5 will visit Thinktank, Birmingham's science museum. The details are below.

| | |
|---|---|
| Date | Thursday 14 May 2026 |
| Coach leaves school | 08:45 |
| Please arrive at school by | 08:30 |
| Back at school | 15:15 |
| Cost per pupil | £15.50 (coach £9.00, entry £6.50) |
| Staff going | 8 adults, one for every 8 pupils |

Please send your child with a packed lunch, a water bottle and a waterproof coat.
The school's Trip Support Fund can help with the cost; please speak to Mrs Khan in confidence.
Pay on ParentPay with the reference Y5-THINKTANK-26.
Please return the consent slip by Thursday 7 May 2026.

Yours sincerely,
Mr D. Clarke, Year 5 Leader"""

LINCOLN = """**Lincoln Elementary School · Grade 4 Field Trip Permission**

Dear Families,

To wrap up our unit on energy, our fourth graders will visit the Museum of Science and Industry in Chicago.

- Date: Thursday, 2026-10-22
- Bus departs school: 8:15 AM
- Students arrive at school by: 7:55 AM
- Return to school: 2:45 PM
- Cost per student: $19.50 (bus $7.50, admission $12.00)
- Chaperones: 9 adults (one for every 10 students)

**Please send**
- a bag lunch
- a refillable water bottle
- a light jacket

**Paperwork**
- Financial assistance is available; please contact Ms. Ortiz in the front office.
- Pay online at SchoolPay, reference FT-G4-1022.
- Please return the signed permission slip by Friday, 2026-10-16.

Thank you,
Daniel Hale, Grade 4 Team Lead"""

KILMAINHAM = """Here is the letter as plain text for the school app:

```text
SCOIL MHUIRE COMMUNITY SCHOOL, CLONMEL
TRANSITION YEAR TRIP TO KILMAINHAM GAOL

Dear Parent/Guardian,

Transition Year students will visit Kilmainham Gaol and the GPO Witness History museum in Dublin.

Date:               Wednesday 18 November 2026
Coach departs:      07:30
Students arrive:    07:10
Return to school:   18:00 (approx.)
Cost per student:   €18.00 (coach €10.00, entry €8.00)
Teachers:           5, one for every 10 students

Students should bring:
  1. a packed lunch
  2. a rain jacket
  3. their student card

The Student Support Fund can help with the cost; please contact the principal in confidence.
Pay on the school app with the reference TY-KILM-1118.
Return the consent form by Wednesday 11 November 2026.

Ms Áine Walsh, TY Coordinator
```"""

TARONGA = """Harbourview High School, Year 7 excursion to Taronga Zoo
Dear parents and carers,
Year 7 will visit Taronga Zoo on Tuesday 17 March 2026 for their science unit on classification.
The bus leaves school at 8:30 am and is back by 2:50 pm.
Students must be at school by 8:10 am.
Cost: $36.50 per student (bus $12.00, zoo entry $24.50).
Supervision: 8 teachers, one for every 12 students.
Students need to bring a hat, sunscreen, a water bottle and their lunch.
The Student Assistance Scheme can help with the cost; please contact the front office.
Pay through the Compass app with the reference Y7-TARONGA-0317.
Please return the signed permission note by Thursday 12 March 2026.
Ms Rebecca Tan, Year 7 Coordinator"""

TRIPS = (
    Trip(
        "Write the letter home for St Mary's C of E Primary School, Lichfield, about Year 5's trip to Thinktank, "
        "Birmingham's science museum, for our topic on forces. It's on Thursday 14 May 2026: put the date, the coach's "
        "time (08:45 from school), when children should arrive (15 minutes before the coach leaves), the return "
        "(15:15), the cost per pupil and the staff going in a Markdown table. 60 pupils are going; the coach costs "
        "£540 shared between them and entry is £6.50 each. We need at least one adult for every 8 pupils, and no more "
        "than we need. Things to bring, in this order: packed lunch, water bottle, waterproof coat. Mention the Trip "
        "Support Fund (Mrs Khan). ParentPay reference Y5-THINKTANK-26. Consent slips back 5 school days before the "
        "trip. Sign it from Mr D. Clarke, Year 5 Leader. Don't mention the possible strike day; nothing is confirmed.",
        THINKTANK,
        "Thinktank",
        ("| date |", "return the consent", "cost per pupil", "arrive at school", "coach leaves", "staff going"),
        (60, "pupil", 8),
        (Decimal(540), Decimal("6.50"), "coach"),
        (5, 15),
        ("packed lunch", "water bottle", "waterproof coat"),
        ("trip support fund", "the Trip Support Fund"),
        "Y5-THINKTANK-26",
        ("strike", "the possible strike day"),
        (
            ("weekday", "Thursday 14 May 2026", "Wednesday 14 May 2026"),
            ("reply", "by Thursday 7 May 2026", "by Monday 11 May 2026"),
            ("cost", "| £15.50 (", "| £16.50 ("),
            ("arrive", "| Please arrive at school by | 08:30 |", "| Please arrive at school by | 08:40 |"),
            ("adults", "| 8 adults,", "| 7 adults,"),
            ("order", "a packed lunch, a water bottle", "a water bottle, a packed lunch"),
            (
                "fund",
                "\nThe school's Trip Support Fund can help with the cost; please speak to Mrs Khan in confidence.",
                "",
            ),
            ("reference", "Y5-THINKTANK-26", "Y5-THINKTANK-25"),
            (
                "secret",
                "The details are below.",
                "The details are below. If the planned strike goes ahead, the trip will move.",
            ),
        ),
    ),
    Trip(
        "Bullet points, ISO dates: a field trip permission letter from Lincoln Elementary School for our fourth graders' "
        "visit to the Museum of Science and Industry in Chicago, wrapping up the energy unit, on Thursday, 2026-10-22. "
        "The bus departs school at 8:15 AM and is back at 2:45 PM; students should arrive 20 minutes before it leaves. "
        "84 students are going: the bus is $630 shared between them and admission is $12.00 each, so give the cost per "
        "student. District rules: one chaperone for every 10 students, and we take the fewest that meets that. Please "
        "send, in this order: a bag lunch, a refillable water bottle, a light jacket. Say financial assistance is "
        "available (Ms. Ortiz, front office). SchoolPay reference FT-G4-1022. Permission slips are due 4 school days "
        "before the trip. From Daniel Hale, Grade 4 Team Lead. Please leave out the bus breakdown on last spring's "
        "trip.",
        LINCOLN,
        "Lincoln",
        ("- date:", "return the signed", "cost per student", "students arrive", "bus departs", "chaperones:"),
        (84, "student", 10),
        (Decimal(630), Decimal("12.00"), "bus"),
        (4, 20),
        ("bag lunch", "water bottle", "light jacket"),
        ("financial assistance", "financial assistance"),
        "FT-G4-1022",
        ("breakdown", "the bus breakdown on last spring's trip"),
        (
            ("weekday", "Thursday, 2026-10-22", "Wednesday, 2026-10-22"),
            ("reply", "by Friday, 2026-10-16", "by Monday, 2026-10-19"),
            ("cost", "Cost per student: $19.50", "Cost per student: $20.50"),
            ("arrive", "arrive at school by: 7:55 AM", "arrive at school by: 8:05 AM"),
            ("adults", "Chaperones: 9 adults", "Chaperones: 8 adults"),
            swap_lines(LINCOLN, "- a bag lunch", "- a refillable water bottle"),
            ("fund", "- Financial assistance is available; please contact Ms. Ortiz in the front office.\n", ""),
            ("reference", "FT-G4-1022", "FT-G4-1020"),
            (
                "secret",
                "Museum of Science and Industry in Chicago.",
                "Museum of Science and Industry in Chicago. We have a new bus company after last spring's breakdown.",
            ),
        ),
    ),
    Trip(
        "The letter as plain text in a code block for the school app: Scoil Mhuire Community School, Clonmel, "
        "Transition Year trip to Kilmainham Gaol and the GPO Witness History museum in Dublin on Wednesday 18 November "
        "2026. The coach departs at 07:30 and students should arrive 20 minutes before; back about 18:00. 45 students "
        "are going: the coach is €450 between them and entry is €8.00 each, so give the cost per student. We need one "
        "teacher for every 10 students, no more than that needs. Bring, in this order: a packed lunch, a rain jacket, "
        "their student card. Mention the Student Support Fund (the principal, in confidence). School app reference "
        "TY-KILM-1118. Consent forms back 5 school days before the trip. From Ms Áine Walsh, TY Coordinator. Not a "
        "word about last year's cancelled trip.",
        KILMAINHAM,
        "Kilmainham",
        ("date:", "return the consent", "cost per student", "students arrive", "coach departs", "teachers:"),
        (45, "student", 10),
        (Decimal(450), Decimal("8.00"), "coach"),
        (5, 20),
        ("packed lunch", "rain jacket", "student card"),
        ("student support fund", "the Student Support Fund"),
        "TY-KILM-1118",
        ("cancel", "last year's cancelled trip"),
        (
            ("weekday", "Wednesday 18 November 2026", "Thursday 18 November 2026"),
            ("reply", "by Wednesday 11 November 2026", "by Friday 13 November 2026"),
            ("cost", "€18.00 (coach", "€19.00 (coach"),
            ("arrive", "Students arrive:    07:10", "Students arrive:    07:20"),
            ("adults", "Teachers:           5,", "Teachers:           4,"),
            ("order", "1. a packed lunch\n  2. a rain jacket", "1. a rain jacket\n  2. a packed lunch"),
            (
                "fund",
                "The Student Support Fund can help with the cost; please contact the principal in confidence.\n",
                "",
            ),
            ("reference", "TY-KILM-1118", "TY-KILM-1181"),
            (
                "secret",
                "museum in Dublin.",
                "museum in Dublin. Unlike last year, when the trip was cancelled, the coach is booked.",
            ),
        ),
    ),
    Trip(
        "Plain lines, no tables or bullets: a letter from Harbourview High School about Year 7's excursion to Taronga "
        "Zoo on Tuesday 17 March 2026 for the science unit on classification. The bus leaves school at 8:30 am and is "
        "back by 2:50 pm; students must be at school 20 minutes before it leaves. 90 students are going: the bus costs "
        "$1,080 shared between them and zoo entry is $24.50 each, so give the cost per student. We need a teacher for "
        "every 12 students, and no more than that. Students need to bring, in this order: a hat, sunscreen, a water "
        "bottle, their lunch. Mention the Student Assistance Scheme (front office). Compass reference Y7-TARONGA-0317. "
        "Permission notes back 3 school days before. From Ms Rebecca Tan, Year 7 Coordinator. Don't mention the bus "
        "company's safety audit.",
        TARONGA,
        "Taronga",
        ("visit taronga zoo on", "return the signed", "cost:", "must be at school", "bus leaves", "supervision:"),
        (90, "student", 12),
        (Decimal(1080), Decimal("24.50"), "bus"),
        (3, 20),
        ("a hat", "sunscreen", "water bottle", "their lunch"),
        ("student assistance scheme", "the Student Assistance Scheme"),
        "Y7-TARONGA-0317",
        ("audit", "the bus company's safety audit"),
        (
            ("weekday", "Tuesday 17 March 2026", "Wednesday 17 March 2026"),
            ("reply", "by Thursday 12 March 2026", "by Friday 13 March 2026"),
            ("cost", "Cost: $36.50", "Cost: $37.50"),
            ("arrive", "at school by 8:10 am", "at school by 8:20 am"),
            ("adults", "Supervision: 8 teachers", "Supervision: 7 teachers"),
            ("order", "a hat, sunscreen", "sunscreen, a hat"),
            ("fund", "\nThe Student Assistance Scheme can help with the cost; please contact the front office.", ""),
            ("reference", "Y7-TARONGA-0317", "Y7-TARONGA-0713"),
            (
                "secret",
                "unit on classification.",
                "unit on classification. The bus company has passed its safety audit.",
            ),
        ),
    ),
)


def build(trip: Trip, on: dict[str, bool]) -> str:
    return slipped(trip.text, trip.slips, on, trip.name)


# Reading a trip letter ------------------------------------------------------------------------------------------


WORDINGS = {
    "weekday": (
        "The weekday given for the trip is right for its date",
        "Gives the trip's date with the day of the week it really falls on",
    ),
    "reply": (
        "The form is due back {reply} school days before the trip",
        "Asks for the form {reply} school days (Monday to Friday) ahead of the trip day",
    ),
    "cost": (
        "The cost per {pupil} is the {coach} hire shared between the {pupils} {pupil}s plus the entry",
        "Works out the cost for each {pupil} correctly from the {coach} and the entry fee",
    ),
    "arrive": (
        "Asks {pupil}s to arrive {minutes} minutes before the {coach} leaves",
        "The arrival time is {minutes} minutes ahead of the {coach}'s departure",
    ),
    "adults": (
        "Takes the fewest adults that give one for every {ratio} of the {pupils} {pupil}s",
        "The number of adults going is {pupils} {pupil}s at one adult per {ratio}, rounded up",
    ),
    "order": ("Lists the things to bring in the order the task gives", "What to bring follows the task's order"),
    "fund": ("Mentions {fund} for families who need help", "Tells families about {fund}"),
    "reference": ("Gives the payment reference as {reference}", "Quotes the payment reference {reference} as given"),
    "secret": ("Does not mention {secret}", "Leaves {secret} out of the letter"),
}
"""Two wordings of each kind of criterion, filled from the trip."""


def truths(trip: Trip, answer: str) -> dict[str, bool]:
    day_line, reply_line, cost_line, arrive_line, leave_line, adults_line = (
        line_with(answer, words) for words in trip.labels
    )
    day, reply = date_in(day_line), date_in(reply_line)
    pupils, _, ratio = trip.pupils
    coach, entry, _ = trip.costs
    days, minutes = trip.rules
    arrive, leave, adults = clock(arrive_line), clock(leave_line), NUMBER.search(adults_line)
    where = [answer.lower().find(item) for item in trip.bring]
    return {
        "weekday": weekday_matches(day_line),
        "reply": day is not None and reply is not None and working_days_after(reply, days) == day,
        "cost": money(cost_line)[:1] == [coach / pupils + entry],
        "arrive": arrive is not None and leave is not None and arrive == leave - minutes,
        "adults": adults is not None and int(adults.group(0)) == math.ceil(pupils / ratio),
        "order": -1 not in where and where == sorted(where),
        "fund": trip.fund[0] in answer.lower(),
        "reference": trip.reference in answer,
        "secret": trip.secret[0] not in answer.lower(),
    }


def candidates(rng: random.Random, trip: Trip, answer: str) -> list[Criterion]:
    pupils, pupil, ratio = trip.pupils
    values = {
        "reply": trip.rules[0],
        "minutes": trip.rules[1],
        "pupils": pupils,
        "pupil": pupil,
        "ratio": ratio,
        "coach": trip.costs[2],
        "fund": trip.fund[1],
        "reference": trip.reference,
        "secret": trip.secret[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(trip, answer).items()
    ]


SWITCHES = ("weekday", "reply", "cost", "arrive", "adults", "order", "fund", "reference", "secret")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, TRIPS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

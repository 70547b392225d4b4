"""Parents' evening family (fresh34): the confirmation a school office asks for to send a parent their
booked parents' evening appointments (a Year 9 pupil's four teachers, a Year 6 pupil's three, a Year 11
pupil's five, a Year 4 pupil's three), with the date, the appointments with their times and teachers, the
time the parent will be at school, where to sign in, parking and how to change a booking, a kind of answer
no grader was run on while any of its rules was written. Run only as `--set fresh34`, never in `all`, `new`,
`docs`, `held` or an earlier fresh set.

An answer is the confirmation (Markdown headings with the appointments in a table, bold headings with
bullets, plain `Label:` lines with numbered lists, or `###` headings under a key-facts table), written right
and then changed by switches. Every truth is read from the text: the child's name by its spellings, signing
in by the words that say it, the appointments as the lines with two times and no duration (each one's
teacher by a title before a capital, its length from its two times), the stated count from the first
number before "appointments", the time at school from the first line with two times and a duration, the
headings by `heading_of` and the confirmation's words as runs of letters.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    CLOCK,
    COUNT,
    Criterion,
    JudgeCase,
    clocks,
    heading_of,
    number_in,
    pick_wording,
    slipped,
    spellings,
    swap_lines,
    switched_cases,
    word_count,
)

FAMILY = "parents_evening"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
RECEPTION = re.compile(r"\bsign in at (?:the )?(?:main )?reception\b", re.I)
TITLE = re.compile(r"\b(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?\s+[A-Z]")
PARKING = re.compile(r"parking|getting here", re.I)
COUNTED = re.compile(rf"{COUNT.pattern}\s+appointments\b", re.I)
DURATION = re.compile(r"(\d+)\s*hours?(?:\s*(?:and\s*)?(\d+)\s*minutes?)?|(\d+)\s*minutes?", re.I)


@dataclass(frozen=True)
class Confirmation:
    name: str
    """The child's first name, as it is spelt."""
    task: str
    text: str
    """The answer written right."""
    slot: int
    limit: int
    """Each appointment's length in minutes, and the confirmation's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


GALLAGHER = """# Parents' evening: your appointments

**Pupil:** Niamh Gallagher, Year 9
**Date:** Thursday 12 November 2026
**Where:** Holmfirth High School, main building

Dear Mr and Mrs Gallagher,

Thank you for booking. You have four appointments, each 10 minutes long, listed below. Please sign in at reception when you arrive, and Niamh is very welcome to come with you.

## Your appointments
| Time | Teacher | Subject | Room |
|---|---|---|---|
| 5:40 pm – 5:50 pm | Mrs Clarke | English | E4 |
| 5:50 pm – 6:00 pm | Mr Novak | Maths | M2 |
| 6:10 pm – 6:20 pm | Dr Okafor | Science | S1 |
| 6:20 pm – 6:30 pm | Ms Lowe | History | H3 |

You'll be with us from 5:40 pm to 6:30 pm, 50 minutes in all, with a short gap before Science.

## Parking
The staff car park on Station Road is open to parents from 5:00 pm. Please don't park on the zigzags by the gate.

## If you can't make it
Ring the school office on 01484 555 210 before 3:00 pm on the day and we'll cancel your slots.
"""

WREN = """**Parents' evening appointments for Tobias Wren (Year 6)**

**Date:** Tuesday 3 March 2026
**Place:** Oakfield Primary School hall

Dear Ms Wren,

Here are Tobias's appointments. You have three appointments, and each one is 5 minutes long. When you arrive, please sign in at the main reception first and pick up a visitor badge.

**Appointments**
- 3:30 pm to 3:35 pm: Miss Patel, class teacher
- 3:35 pm to 3:40 pm: Mr Doyle, maths lead
- 3:45 pm to 3:50 pm: Mrs Adeyemi, SENCo

From 3:30 pm to 3:50 pm you'll be with us for 20 minutes altogether.

**Getting here**
- The car park is for staff only, so please park on Oakfield Road or walk.
- Younger brothers and sisters are welcome in the library, where there are books and crayons.

**Changing an appointment**
- Email office@oakfield.sch.uk by noon on the day.

Best wishes,
Mrs Joanna Price, Year 6 team
"""

MENSAH = """Parents' evening confirmation

Pupil: Aaliyah Mensah, 11B
Date: Wednesday 21 January 2026
Venue: Lowther Academy sports hall

Dear Mr Mensah,

This confirms your five appointments at Year 11 parents' evening. Each appointment is 8 minutes. Please sign in at reception on arrival; Aaliyah should come with you, as the evening is about her revision plans.

Appointments:
1. 4:00 pm to 4:08 pm, Mr Byrne (Maths), room 12
2. 4:08 pm to 4:16 pm, Ms Zhou (English), room 7
3. 4:24 pm to 4:32 pm, Dr Farah (Chemistry), lab 3
4. 4:32 pm to 4:40 pm, Mrs Kerr (Geography), room 21
5. 4:48 pm to 4:56 pm, Mr Ellis (Spanish), room 15

Time at school: 4:00 pm to 4:56 pm, 56 minutes in all, including the gaps between rooms.

Parking:
Park in the visitors' bays or the sports centre car park, which is free after 3:30 pm.

To cancel or change a slot:
Call 0161 555 7342 or use the booking website.

Yours sincerely,
Mrs Helen Ward
Head of Year 11
"""

MORGAN = """### Parents' evening: Eleanor Morgan, Year 4

| Booking | |
|---|---|
| Parent | Mrs Carys Morgan |
| Evening | Monday 16 March 2026 |
| School | St Teilo's Church in Wales Primary |

Dear Mrs Morgan,

You have three appointments on Monday evening, each 15 minutes long. Please sign in at reception on the way in; the hall doors open at 5:45 pm. Eleanor is welcome to come too.

### Appointments
| Time | Teacher | Focus |
|---|---|---|
| 6:00 pm to 6:15 pm | Mrs Pryce | reading and writing |
| 6:15 pm to 6:30 pm | Mr Hughes | maths group |
| 6:45 pm to 7:00 pm | Ms Bevan | Welsh and music |

In total you'll be with us from 6:00 pm to 7:00 pm, which is 1 hour.

### Parking
The school car park is closed in the evening, so please use the leisure centre car park across the road.

### Changing your booking
Reply to this email or ring 029 2055 5184 by 2:00 pm on the day.

Diolch,
Mrs Sian Rees
Year 4 teacher
"""

CHAT = (
    " The evening is a chance to hear how things are going, to look through some of the work in books and to ask"
    " any questions you have about the rest of the year. Teachers will have the latest assessment results with"
    " them, and there will be a display of artwork in the corridor by the hall. The school council will be selling"
    " tea, coffee and cakes in the dining room all evening to raise money for new playground equipment, so do stop"
    " by if you have a moment between appointments. If you have any worries before then, you can always email the"
    " office and someone will get back to you within a day or two."
)

CONFIRMATIONS = (
    Confirmation(
        "Niamh",
        "Write the parents' evening confirmation for Mr and Mrs Gallagher, whose daughter Niamh Gallagher is in Year 9 "
        "at Holmfirth High School. Evening: Thursday 12 November 2026. Markdown, with the appointments in a table in "
        "time order, each teacher as title and surname: Mrs Clarke (English, E4) 5:40, Mr Novak (Maths, M2) 5:50, Dr "
        "Okafor (Science, S1) 6:10, Ms Lowe (History, H3) 6:20; each slot is 10 minutes. Say how many appointments "
        "they have and how long they'll be at school from first to last. Ask them to sign in at reception. A Parking "
        "heading (staff car park, Station Road, from 5 pm) and how to cancel (office, 01484 555 210, before 3 pm). Under "
        "225 words.",
        GALLAGHER,
        10,
        225,
        (
            swap_lines(GALLAGHER, "| 6:10 pm – 6:20 pm", "| 6:20 pm – 6:30 pm"),
            ("name", "and Niamh is very welcome", "and Neamh is very welcome"),
            (
                "reception",
                "Please sign in at reception when you arrive,",
                "Please come straight to the hall when you arrive,",
            ),
            ("titles", "| Dr Okafor |", "| Tunde Okafor |"),
            ("parking", "## Parking\n", ""),
            ("length", "cancel your slots.\n", "cancel your slots." + CHAT + "\n"),
            ("count", "You have four appointments", "You have three appointments"),
            ("slots", "| 5:50 pm – 6:00 pm | Mr Novak", "| 5:50 pm – 6:05 pm | Mr Novak"),
            ("span", "50 minutes in all", "40 minutes in all"),
        ),
    ),
    Confirmation(
        "Tobias",
        "Please write Ms Wren's parents' evening confirmation for Tobias Wren, Year 6, Oakfield Primary, Tuesday 3 "
        "March 2026, in the school hall. Bold headings and bullet points. Appointments (5 minutes each), listed in "
        "time order with the teacher's title and surname: Miss Patel, class teacher, 3:30; Mr Doyle, maths lead, 3:35; "
        "Mrs Adeyemi, SENCo, 3:45. Tell her how many appointments there are and how long she'll be with us in total. "
        "She should sign in at the main reception for a badge. Include a Getting here section (staff-only car park, "
        "park on Oakfield Road; siblings can wait in the library) and how to change an appointment (email the office by "
        "noon). At most 170 words.",
        WREN,
        5,
        170,
        (
            swap_lines(WREN, "- 3:35 pm to 3:40 pm", "- 3:45 pm to 3:50 pm"),
            ("name", "Here are Tobias's appointments.", "Here are Tobais's appointments."),
            ("reception", "please sign in at the main reception first", "please come to the school hall first"),
            ("titles", "Miss Patel, class teacher", "Anjali Patel, class teacher"),
            ("parking", "**Getting here**\n", ""),
            ("length", "by noon on the day.\n", "by noon on the day." + CHAT + "\n"),
            ("count", "You have three appointments", "You have four appointments"),
            ("slots", "- 3:35 pm to 3:40 pm: Mr Doyle", "- 3:35 pm to 3:45 pm: Mr Doyle"),
            ("span", "for 20 minutes altogether", "for 25 minutes altogether"),
        ),
    ),
    Confirmation(
        "Aaliyah",
        "Plain text, no Markdown (Label: lines, numbered list): confirm Mr Mensah's Year 11 parents' evening "
        "appointments for Aaliyah Mensah, 11B, Wednesday 21 January 2026 at Lowther Academy sports hall. Eight-minute "
        "slots, in time order, teachers by title and surname: Mr Byrne (Maths, room 12) 4:00, Ms Zhou (English, room "
        "7) 4:08, Dr Farah (Chemistry, lab 3) 4:24, Mrs Kerr (Geography, room 21) 4:32, Mr Ellis (Spanish, room 15) "
        "4:48. State the number of appointments and his total time at school. Sign in at reception. A Parking heading "
        "(visitors' bays or sports centre car park, free after 3:30 pm) and how to cancel or change (0161 555 7342). "
        "Sign it from Mrs Helen Ward, Head of Year 11. Keep it under 200 words.",
        MENSAH,
        8,
        200,
        (
            (
                "order",
                "4. 4:32 pm to 4:40 pm, Mrs Kerr (Geography), room 21\n5. 4:48 pm to 4:56 pm, Mr Ellis (Spanish), room 15",
                "4. 4:48 pm to 4:56 pm, Mr Ellis (Spanish), room 15\n5. 4:32 pm to 4:40 pm, Mrs Kerr (Geography), room 21",
            ),
            ("name", "Aaliyah should come with you", "Aaliya should come with you"),
            (
                "reception",
                "Please sign in at reception on arrival;",
                "Please go straight to the sports hall on arrival;",
            ),
            ("titles", "Ms Zhou (English)", "Lin Zhou (English)"),
            ("parking", "Parking:\n", ""),
            ("length", "use the booking website.\n", "use the booking website." + CHAT + "\n"),
            ("count", "This confirms your five appointments", "This confirms your four appointments"),
            ("slots", "3. 4:24 pm to 4:32 pm", "3. 4:24 pm to 4:34 pm"),
            ("span", "56 minutes in all", "46 minutes in all"),
        ),
    ),
    Confirmation(
        "Eleanor",
        "Can you write Mrs Carys Morgan's parents' evening confirmation? Her daughter is Eleanor Morgan, Year 4, St "
        "Teilo's Church in Wales Primary, Monday 16 March 2026. ### headings and a small booking table at the top. "
        "Three 15-minute appointments in a table in time order, teachers with titles and surnames: Mrs Pryce 6:00 "
        "(reading and writing), Mr Hughes 6:15 (maths group), Ms Bevan 6:45 (Welsh and music). Say how many "
        "appointments and how long she'll be with us overall. Sign in at reception; doors open 5:45 pm. A Parking "
        "section (school car park shut, use the leisure centre's) and how to change the booking (reply or ring 029 2055 "
        "5184 by 2 pm). From Mrs Sian Rees. No more than 215 words.",
        MORGAN,
        15,
        215,
        (
            swap_lines(MORGAN, "| 6:15 pm to 6:30 pm", "| 6:45 pm to 7:00 pm"),
            ("name", "Eleanor is welcome to come too.", "Elenor is welcome to come too."),
            ("reception", "Please sign in at reception on the way in;", "Please come straight to the hall;"),
            ("titles", "| Ms Bevan |", "| Ffion Bevan |"),
            ("parking", "### Parking\n", ""),
            ("length", "by 2:00 pm on the day.\n", "by 2:00 pm on the day." + CHAT + "\n"),
            ("count", "You have three appointments", "You have four appointments"),
            ("slots", "| 6:15 pm to 6:30 pm | Mr Hughes", "| 6:15 pm to 6:35 pm | Mr Hughes"),
            ("span", "which is 1 hour.", "which is 1 hour 15 minutes."),
        ),
    ),
)


def build(confirmation: Confirmation, on: dict[str, bool]) -> str:
    return slipped(confirmation.text, confirmation.slips, on, confirmation.name)


# Reading a confirmation -------------------------------------------------------------------------


def minutes_written(text: str) -> int | None:
    """The first duration `text` writes (`1 hour 15 minutes`, `50 minutes`, `1 hour`), in minutes, or None."""
    found = DURATION.search(CLOCK.sub(" ", text))
    if found is None:
        return None
    if found.group(3):
        return int(found.group(3))
    return int(found.group(1)) * 60 + int(found.group(2) or 0)


def appointments(answer: str) -> list[str]:
    """The appointments: the lines with two times or more and no duration."""
    return [line for line in answer.splitlines() if len(clocks(line)) >= 2 and minutes_written(line) is None]


def slots_right(answer: str, slot: int) -> bool:
    """Whether each appointment's second time is `slot` minutes after its first."""
    found = [clocks(line) for line in appointments(answer)]
    return bool(found) and all(times[1] - times[0] == slot for times in found)


def in_time_order(answer: str) -> bool:
    """Whether the appointments' first times rise from one line to the next."""
    starts = [clocks(line)[0] for line in appointments(answer)]
    return len(starts) >= 2 and all(one < two for one, two in zip(starts, starts[1:], strict=False))


def count_right(answer: str) -> bool:
    """Whether the first count before "appointments" is the number of appointment lines."""
    stated = COUNTED.search(answer)
    return stated is not None and number_in(stated.group(0)) == len(appointments(answer))


def span_right(answer: str) -> bool:
    """On the first line with two times and a duration: the second time less the first is that duration."""
    for line in answer.splitlines():
        times, stated = clocks(line), minutes_written(line)
        if len(times) >= 2 and stated is not None:
            return times[1] - times[0] == stated
    return False


def titled(answer: str) -> bool:
    """Whether every appointment names its teacher by a title (Mr, Mrs, Ms, Miss, Mx, Dr) and a surname."""
    found = appointments(answer)
    return bool(found) and all(TITLE.search(line) for line in found)


def parking_heading(answer: str) -> bool:
    """Whether some heading is about parking or getting to the school."""
    return any((title := heading_of(line)) is not None and PARKING.search(title) for line in answer.splitlines())


WORDINGS = {
    "name": (
        "Spells the child's name, {name}, the same way every time",
        "Uses one consistent spelling of {name} throughout",
    ),
    "reception": (
        "Asks the parent to sign in at reception when they arrive",
        "Tells parents to sign in at reception",
    ),
    "titles": (
        "Refers to every teacher by title and surname (Mr, Mrs, Ms, Miss, Dr)",
        "Each appointment names the teacher with their title and surname",
    ),
    "order": (
        "Lists the appointments in time order",
        "The appointments appear in chronological order, earliest first",
    ),
    "parking": ("Has a heading for parking", "Includes a separate section headed for parking or getting there"),
    "length": ("Keeps the confirmation under {limit} words", "The whole message is no more than {limit} words"),
    "count": (
        "The number of appointments stated matches the appointments listed",
        "States how many appointments there are, and the number is right",
    ),
    "slots": (
        "Every appointment is {slot} minutes long from its start time to its end time",
        "Each appointment's start and end times are {slot} minutes apart",
    ),
    "span": (
        "The total time at school matches the start and end times given for it",
        "Works out correctly how long the parent will be at school from the first time to the last",
    ),
}
"""Two wordings of each kind of criterion, filled from the confirmation."""


def truths(confirmation: Confirmation, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, confirmation.name) == {confirmation.name.lower()},
        "reception": RECEPTION.search(answer) is not None,
        "titles": titled(answer),
        "order": in_time_order(answer),
        "parking": parking_heading(answer),
        "length": word_count(answer) <= confirmation.limit,
        "count": count_right(answer),
        "slots": slots_right(answer, confirmation.slot),
        "span": span_right(answer),
    }


def candidates(rng: random.Random, confirmation: Confirmation, answer: str) -> list[Criterion]:
    filled = {"name": confirmation.name, "slot": confirmation.slot, "limit": confirmation.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(confirmation, answer).items()
    ]


SWITCHES = ("order", "name", "reception", "titles", "parking", "length", "count", "slots", "span")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, CONFIRMATIONS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

"""Driving lesson family (fresh37): the progress note a driving instructor asks for after a lesson (a town and ring
road lesson, a first long country drive, a mock test, a first lesson in the dark), with the lesson's time and route,
a short summary, the skills rated out of five, what went well, what to work on, the hours so far and the next lesson,
a kind of answer no grader was run on while any of its rules was written. Run only as `--set fresh37`, never in `all`,
`new`, `docs`, `held` or an earlier fresh set.

An answer is the note (Markdown headings with the skills in a table, bold labels with bullets, plain `Label:` lines
with numbered lists, or `###` headings under a key-facts table), written right and then changed by switches. Every
truth is read from the text: the learner's name by its spellings, a promise of a pass and the reminder about the
licence by the words that write them, the sections by their headings, the points to work on as the list items of their
section, the summary's words, the hours from the first line with two times and the lines naming the hours before and
the total, the distance from the line with miles and km, and the skills at 5/5 counted in the skills section against
the count the answer states.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    clocks,
    converted,
    first_figure,
    heading_order,
    listed,
    number_in,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    word_count,
)

FAMILY = "driving_lesson"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
PROMISE = re.compile(r"\b(?:will|sure to|certain to|bound to)\s+(?:\w+\s+)?pass\b|\bguarantee", re.I)
LICENCE = re.compile(r"provisional (?:driving )?licence", re.I)
WENT_WELL = r"went well"
WORK_ON = r"work on"
SUMMARY = r"summary|today's lesson|overview"
SKILLS = r"skill|rating"
PREVIOUS = re.compile(r"\b(?:before (?:today|this lesson)|previous)\b[^\d\n]{0,25}?(\d+(?:\.\d+)?)", re.I)
TOTAL = re.compile(r"\btotal\b[^\d\n]{0,25}?(\d+(?:\.\d+)?)", re.I)
MILES = re.compile(r"(\d+(?:\.\d+)?)\s*miles\b")
KM = re.compile(r"(\d+(?:\.\d+)?)\s*km\b")
KM_PER_MILE = 1.609344
SAY_COUNT = rf"\d+|{'|'.join(NUMBER_WORDS)}"
FIVES = re.compile(rf"\b({SAY_COUNT})\s+skills?\b[^.\n]{{0,25}}?\b5/5", re.I)
TOP_MARK = re.compile(r"\b5\s*/\s*5\b")


@dataclass(frozen=True)
class Lesson:
    name: str
    """The learner's first name, as it is spelt."""
    task: str
    text: str
    """The answer written right."""
    points: int
    limit: int
    """The points to work on asked for and the summary's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HARRIET = """# Lesson report: Harriet Cole

**Date:** Wednesday 7 October 2026, 10:00 to 11:30
**Instructor:** Dan Mercer
**Route:** Fenton town centre, the ring road and the Mill Lane estate, about 18 miles (29 km)

## Lesson summary
Harriet drove confidently through town today and handled the ring road well. We spent the second half on the estate practising the turn in the road and parallel parking. Three skills are now at 5/5.

## Skills
| Skill | Rating |
|---|---|
| Moving off and stopping | 5/5 |
| Mirrors and signals | 4/5 |
| Junctions | 5/5 |
| Roundabouts | 4/5 |
| Meeting traffic | 3/5 |
| Turn in the road | 3/5 |
| Parallel parking | 2/5 |
| Speed and progress | 5/5 |

## What went well
Your junctions were excellent: good observation, and you waited for safe gaps. You also kept to the speed limits all lesson.

## To work on
1. Parallel parking: start turning when your back bumper is level with the other car's.
2. Meeting traffic: look further ahead and pull in earlier.
3. Turn in the road: more steering while the car is moving slowly.

## Hours
- Hours before today: 14
- Total hours: 15.5

## Next lesson
Wednesday 14 October 2026 at 10:00. Please bring your provisional licence and your glasses.

Dan Mercer, Mercer School of Motoring
"""

KIERAN = """**Driving lesson progress note: Kieran**

**Date:** Saturday 10 October 2026, 9:00 am to 11:00 am
**Instructor:** Shona Baird, Baird Driving School
**Distance:** 31 miles (50 km), Inverness to Beauly and back on the A862

**Today's lesson**
Kieran drove his first long country route today, with bends, tractors and a stretch of dual carriageway. He coped well with the changes of speed and stayed calm behind slow traffic. He has two skills at 5/5 now.

**Skills and ratings (out of 5)**
- Clutch control: 5/5
- Use of mirrors: 4/5
- Bends on country roads: 3/5
- Joining a dual carriageway: 3/5
- Overtaking cyclists: 4/5
- Following distance: 5/5

**What went well**
- Smooth gear changes all morning.
- A safe, patient overtake of two cyclists near Kirkhill.

**To work on**
- Braking for bends before you turn the wheel, not in them.
- Checking the right mirror before moving back in after overtaking.
- Building up speed on the slip road to match the traffic.
- Keeping a two-second gap in the wet.

**Hours so far**
- Previous lessons: 22 hours
- Total: 24 hours

**Next lesson**
Saturday 17 October 2026, 9:00 am. Remember to bring your provisional driving licence.

Shona
"""

BETHANY = """DRIVING LESSON NOTES

Learner: Bethany Osei
Instructor: Raj Sandhu (ADI)
Lesson: Monday 12 October 2026, 4:30 pm to 5:30 pm
Route: Leeds Road, the Stanningley bypass and back through Pudsey, 12 miles (19 km)

Summary:
A mock test today. Bethany drove the whole route without prompting and made only three minor faults, all for late signals. Four skills are now at 5/5, and the rest are close behind.

Skills:
1. Moving off: 5/5
2. Mirrors: 5/5
3. Signals: 3/5
4. Junctions: 5/5
5. Roundabouts: 4/5
6. Independent driving with the sat nav: 5/5
7. Reversing into a bay: 4/5

What went well:
1. Calm, safe decisions at the busy Stanningley roundabouts.
2. An excellent bay park at the end, in one go.

To work on:
1. Signalling in good time, before you start to brake.
2. Checking the blind spot before pulling away from the kerb.

Hours:
Hours before this lesson: 31
Total hours so far: 32

Next lesson:
Monday 19 October 2026 at 4:30 pm. Don't forget your provisional licence, as this will be your last lesson before the test.

Raj
"""

CALLUM = """### Lesson progress: Callum Fraser

| Lesson | |
|---|---|
| Date | Thursday 15 October 2026 |
| Time | 6:00 pm to 7:30 pm |
| Car | automatic |
| Distance | 15 miles (24 km) |
| Instructor | Ewa Nowak |

### Overview
Our first lesson in the dark. Callum used dipped and main beam correctly and adjusted his speed well on the unlit lanes towards Kintore. One skill is at 5/5 already.

### Ratings
| Skill | Score |
|---|---|
| Controls and moving off | 5/5 |
| Mirrors | 4/5 |
| Headlights | 4/5 |
| Junctions | 3/5 |
| Roundabouts | 3/5 |
| Hazard perception | 2/5 |

### What went well
Good use of the headlights, dipping them in plenty of time for oncoming cars.

### To work on
- Spotting pedestrians in dark clothing earlier.
- Lane choice on the big roundabouts at Kingswells.
- Slowing down earlier for bends after dark.

### Hours
| | Hours |
|---|---|
| Before this lesson | 8.5 |
| Total so far | 10 |

### Next lesson
Thursday 22 October 2026 at 6:00 pm. Bring your provisional licence, please.

Ewa Nowak, Nowak Driving
"""

DETAIL = (
    " We began with a short recap of the cockpit drill and the controls, then drove out through the quiet back streets"
    " to warm up, stopping twice to talk through the plan for the lesson and the route before we joined the busier"
    " roads."
)

LESSONS = (
    Lesson(
        "Harriet",
        "Write up today's lesson note for my learner Harriet Cole: Wednesday 7 October 2026, 10:00 to 11:30, around "
        "Fenton town centre, the ring road and Mill Lane estate, about 18 miles (put it in km as well). Markdown. A "
        "lesson summary under 40 words that says how many skills are at 5/5, a table of her eight skill ratings, then "
        "what went well before the three things to work on (parallel parking, meeting traffic, turn in the road). She "
        "had 14 hours before today, so give her total. Next lesson 14 October at 10:00; remind her to bring her "
        "provisional licence. Keep it encouraging but don't promise she'll pass.",
        HARRIET,
        3,
        40,
        (
            swap_spans(HARRIET, "## What went well", "## To work on", "## Hours"),
            ("name", "Harriet drove", "Harriett drove"),
            ("no_promise", "all lesson.", "all lesson. You will definitely pass first time."),
            ("licence", "your provisional licence and your glasses", "your glasses"),
            ("points", "3. Turn in the road: more steering while the car is moving slowly.\n", ""),
            ("summary", "parallel parking.", "parallel parking." + DETAIL),
            ("hours", "Total hours: 15.5", "Total hours: 16"),
            ("distance", "(29 km)", "(11 km)"),
            ("fives", "Three skills are now at 5/5.", "Four skills are now at 5/5."),
        ),
    ),
    Lesson(
        "Kieran",
        "Progress note for Kieran after this morning's lesson (Saturday 10 October 2026, 9 to 11 am): Inverness to "
        "Beauly and back, 31 miles, with km too. Bold headings and bullet points. Today's lesson in 45 words or fewer, "
        "mentioning how many skills he has at 5/5; his six ratings; what went well, then four things to work on. He'd "
        "done 22 hours before this, so give the total. Next lesson Saturday 17 October at 9 am, and remind him about "
        "his provisional licence. No promises about passing the test.",
        KIERAN,
        4,
        45,
        (
            swap_spans(KIERAN, "**What went well**", "**To work on**", "**Hours so far**"),
            ("name", "Kieran drove", "Kieren drove"),
            (
                "no_promise",
                "near Kirkhill.\n",
                "near Kirkhill.\n- Keep this up and you're sure to pass your test first time.\n",
            ),
            ("licence", ". Remember to bring your provisional driving licence.", "."),
            ("points", "- Keeping a two-second gap in the wet.\n", ""),
            ("summary", "behind slow traffic.", "behind slow traffic." + DETAIL),
            ("hours", "- Total: 24 hours", "- Total: 23 hours"),
            ("distance", "(50 km)", "(19 km)"),
            ("fives", "He has two skills at 5/5 now.", "He has three skills at 5/5 now."),
        ),
    ),
    Lesson(
        "Bethany",
        "Plain text, no Markdown please. Lesson notes for Bethany Osei, mock test lesson on Monday 12 October 2026, "
        "4:30 to 5:30 pm, 12 miles round Leeds Road, the Stanningley bypass and Pudsey (give km as well). Summary of "
        "no more than 40 words, saying how many skills are now at 5/5; her seven skills rated; what went well, then the "
        "two things to work on (signalling early, blind spot). 31 hours before this lesson; put the total. Next "
        "lesson Monday 19 October at 4:30 pm, her last before the test: remind her to bring the provisional licence. "
        "Don't tell her she's certain to pass.",
        BETHANY,
        2,
        40,
        (
            swap_spans(BETHANY, "What went well:", "To work on:", "Hours:"),
            ("name", "Bethany drove", "Bethaney drove"),
            ("no_promise", "in one go.\n", "in one go.\n3. You are certain to pass on the day.\n"),
            (
                "licence",
                "Don't forget your provisional licence, as this will be your last lesson before the test.",
                "This will be your last lesson before the test.",
            ),
            ("points", "2. Checking the blind spot before pulling away from the kerb.\n", ""),
            ("summary", "late signals.", "late signals." + DETAIL),
            ("hours", "Total hours so far: 32", "Total hours so far: 33"),
            ("distance", "(19 km)", "(7 km)"),
            ("fives", "Four skills are now at 5/5", "Three skills are now at 5/5"),
        ),
    ),
    Lesson(
        "Callum",
        "Can you do Callum Fraser's progress note? Thursday 15 October 2026, 6 to 7:30 pm, his first lesson in the "
        "dark, automatic car, 15 miles (and in km). ### headings with a small table of the lesson details at the top. "
        "An overview of at most 35 words, including how many skills are at 5/5; his ratings for six skills; what went "
        "well followed by three points to work on. He had 8.5 hours before this lesson: give his total so far. Next "
        "lesson Thursday 22 October at 6 pm; he must bring his provisional licence. Nothing that promises a pass.",
        CALLUM,
        3,
        35,
        (
            swap_spans(CALLUM, "### What went well", "### To work on", "### Hours"),
            ("name", "Callum used dipped", "Calum used dipped"),
            ("no_promise", "for oncoming cars.", "for oncoming cars. You're bound to pass if you keep this up."),
            ("licence", ". Bring your provisional licence, please.", "."),
            ("points", "- Slowing down earlier for bends after dark.\n", ""),
            ("summary", "towards Kintore.", "towards Kintore." + DETAIL),
            ("hours", "| Total so far | 10 |", "| Total so far | 9.5 |"),
            ("distance", "(24 km)", "(9 km)"),
            ("fives", "One skill is at 5/5 already.", "Two skills are at 5/5 already."),
        ),
    ),
)


def build(lesson: Lesson, on: dict[str, bool]) -> str:
    return slipped(lesson.text, lesson.slips, on, lesson.name)


# Reading a note ---------------------------------------------------------------------------------


def hours_right(answer: str) -> bool:
    """Whether the total hours are the hours before plus the lesson, whose length is the first line's with two times."""
    times = next((found for line in answer.splitlines() if len(found := clocks(line)) >= 2), [])
    before, total = first_figure(PREVIOUS, answer), first_figure(TOTAL, answer)
    if len(times) < 2 or before is None or total is None:
        return False
    return abs(before + (times[1] - times[0]) / 60 - total) < 1e-9


def fives_listed(answer: str) -> int:
    """The lines of the skills section rated 5/5."""
    return sum(bool(TOP_MARK.search(line)) for line in section(answer, SKILLS) or [])


def fives_right(answer: str) -> bool:
    """Whether the first count of skills at 5/5 the answer states is the number rated 5/5 in the skills section."""
    stated = FIVES.search(answer)
    return stated is not None and number_in(stated.group(1)) == fives_listed(answer)


WORDINGS = {
    "name": (
        "Spells the learner's name, {name}, the same way throughout",
        "Uses one consistent spelling of {name}",
    ),
    "no_promise": (
        "Does not promise or guarantee that the learner will pass the test",
        "Avoids telling the learner they will pass",
    ),
    "licence": (
        "Reminds the learner to bring their provisional licence to the next lesson",
        "Includes a reminder about bringing the provisional driving licence",
    ),
    "order": (
        "Puts what went well before the points to work on",
        "The 'what went well' section comes before 'to work on'",
    ),
    "points": (
        "Lists exactly {points} things to work on",
        "Gives {points} points to work on, no more and no fewer",
    ),
    "summary": (
        "Keeps the lesson summary to {limit} words or fewer",
        "The summary of the lesson is no longer than {limit} words",
    ),
    "hours": (
        "The total hours equal the hours before this lesson plus this lesson's length",
        "Adds today's lesson to the earlier hours correctly for the total",
    ),
    "distance": (
        "Converts the distance driven from miles to kilometres correctly",
        "The distance in km is a correct conversion of the miles",
    ),
    "fives": (
        "The number of skills said to be at 5/5 matches the ratings listed",
        "States how many skills are rated 5/5, and the number agrees with the ratings",
    ),
}
"""Two wordings of each kind of criterion, filled from the lesson."""


def truths(lesson: Lesson, answer: str) -> dict[str, bool]:
    summary = " ".join(section(answer, SUMMARY) or [])
    return {
        "name": spellings(answer, lesson.name) == {lesson.name.lower()},
        "no_promise": PROMISE.search(answer) is None,
        "licence": LICENCE.search(answer) is not None,
        "order": heading_order(answer, WENT_WELL, WORK_ON),
        "points": len(listed(section(answer, WORK_ON) or [])) == lesson.points,
        "summary": 0 < word_count(summary) <= lesson.limit,
        "hours": hours_right(answer),
        "distance": converted(answer, MILES, KM, KM_PER_MILE),
        "fives": fives_right(answer),
    }


def candidates(rng: random.Random, lesson: Lesson, answer: str) -> list[Criterion]:
    filled = {"name": lesson.name, "points": NUMBER_WORDS[lesson.points], "limit": lesson.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(lesson, answer).items()
    ]


SWITCHES = ("order", "name", "no_promise", "licence", "points", "summary", "hours", "distance", "fives")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, LESSONS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

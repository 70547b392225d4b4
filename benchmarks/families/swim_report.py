"""Swim report family (fresh30): the end-of-term progress report a swimming teacher asks for about a
child in their lessons (a Stage 3 beginner, a Stage 5 improver, a nervous Stage 2 starter, a Stage 7
squad swimmer), with the lesson details and attendance, the skills achieved, a distance swum, the skills
to work on, the teacher's comment and next term's start, a kind of answer no grader was run on while any
of its rules was written. Run only as `--set fresh30`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the report (Markdown headings under a key-facts table, bold labels with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a details table), written right and then
changed by switches. Every truth is read from the text: the sections by their headings, the skills to
work on as the list items under their heading, the comment's words as runs of letters, the attendance
from `attended N of M lessons` and its percentage, the distance from `N lengths of the L m pool (D m)`,
and the lesson's length from the first line with two times of day and its minutes.
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

FAMILY = "swim_report"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ACHIEVED = r"can now|can do|achieved|new skills"
WORK_ON = r"work on|next steps|practise"
COMMENT = r"comment"
NEGATIVE = re.compile(r"\b(?:lazy|poor|weak|sloppy|careless|disappointing|refuses|bad)\b", re.I)
PHONE = re.compile(r"\b0\d{2,4}[ -]?\d{3}[ -]?\d{3,4}\b")
ATTENDANCE = re.compile(
    r"attended (\w+) (?:of|out of) (?:the |her |his )?(\w+) lessons[^%\n]*?(\d+(?:\.(\d+))?)\s*%", re.I
)
LENGTHS = re.compile(r"(\w+) lengths of (?:the|a|our) (\d+)\s?m pool\b[^(\n]*\((\d[\d,]*)\s?m(?:etres)?\)", re.I)
MINUTES = re.compile(r"(\d+)\s*min")


@dataclass(frozen=True)
class Report:
    name: str
    """The child, as the name is spelt."""
    task: str
    text: str
    """The answer written right."""
    skills: int
    limit: int
    """The skills to work on asked for, and the comment's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


MATILDA = """# Swimming progress report: Matilda, Stage 3

| | |
|---|---|
| Pool | Eastfield Leisure Centre |
| Teacher | Kerry Walsh |
| Term | Autumn 2025 |
| Lessons | Saturdays, 09:15 to 09:45 (30 minutes) |
| Attendance | Matilda attended 9 of 10 lessons this term (90%). |

## What Matilda can now do
- Swim 10 metres front crawl with her face in the water
- Push and glide on her back for 5 metres
- Tread water for 30 seconds
- Jump in from the side and swim back to the wall unaided

## Distance badge
This term Matilda swam 4 lengths of the 25 m pool (100 m) without stopping, which earns her the 100 metre badge.

## What to work on next
1. Breathing to the side in front crawl instead of lifting her head
2. Keeping her legs straighter in backstroke kick
3. A stronger breaststroke kick with her feet turned out

## Teacher's comment
Matilda has had a brilliant term. She listens carefully, tries every new skill and has grown much more confident in deep water. Keep up the great work!

## Next term
Stage 3 continues on Saturday 10 January 2026 at the same time. Well done, Matilda!
"""

REUBEN = """**Swimming report: Reuben (Stage 5), Spring term 2026**

**Pool:** Riverside Pool, Tuesdays 17:30 to 18:15 (45 min)
**Teacher:** Dan Okafor
**Attendance:** Reuben attended 11 of 12 lessons (92%).

**New skills this term**
- Front crawl with side breathing over 25 metres
- Backstroke with a steady, straight-arm pull
- Surface dive to pick up an object from 1.5 metres
- Sculling on the spot for 30 seconds

**Distance**
Reuben swam 10 lengths of the 20 m pool (200 m) in the distance session, a new best.

**Next steps**
- Timing his breaststroke: pull, breathe, kick, glide
- Tumble turns at the end of each length
- Keeping his head still in backstroke
- Treading water with his hands out of the water

**Teacher's comment**
Reuben is a hard-working swimmer who always gives his best. His front crawl has come on a long way this term, and he is ready for longer swims.

**Lessons next term**
Stage 5 restarts on Tuesday 14 April 2026. See you then, Reuben!
"""

ZAINAB = """Swimming progress report

Swimmer: Zainab
Stage: 2 (Autumn term 2025)
Teacher: Mrs Helen Price
Lessons: Thursdays, 4:30 pm to 5:00 pm (30 minutes)
Attendance: Zainab attended 7 of 8 lessons (87.5%).

What Zainab can do now:
1. Put her face in the water and blow bubbles
2. Float on her front and back with a woggle
3. Kick on her front for 5 metres with a float

Distance:
Zainab swam six lengths of the 25 m pool (150 m) with a float over the term.

To practise next term:
1. Floating on her back without a woggle
2. Kicking with straight legs from the hips
3. Climbing out on her own at the poolside
4. Going under the water to fetch a ring
5. Gliding from the wall with her arms stretched out

Teacher's comment:
Zainab started the term nervous of the water and now jumps in with a big smile. She is brave, kind to others in her group and a joy to teach.

Next term:
Lessons start again on Thursday 8 January 2026 at 4:30 pm.
"""

FREDDIE = """### Freddie's swimming report: Stage 7, Summer term 2026

| Detail | |
|---|---|
| Club | Northgate Swim School |
| Coach | Sam Adeyemi |
| Lessons | Sundays, 10:00 to 10:40 (40 minutes) |
| Attendance | attended 8 of 10 lessons (80%) |

### Achieved this term
- 100 metres individual medley with legal turns
- Butterfly over 10 metres with a two-beat kick
- Sitting dive and shallow racing dive

### Distance
In the timed swim Freddie completed 16 lengths of the 25 m pool (400 m) in under 12 minutes.

### Next steps
1. Keeping a steady pace over 400 metres instead of starting too fast
2. Breathing every three strokes in front crawl
3. Streamlining off every wall

### Coach's comment
Freddie is a strong, determined swimmer and a great role model in the squad. His medley turns are now clean and legal, so he is ready to try the club's galas.

### Next term
Stage 7 carries on from Sunday 6 September 2026. Great term, Freddie!
"""

HER_EXTRA = " She has made good friends in her group and always helps the younger swimmers into the water at the start of the lesson. Her arms are long and strong, and once her breathing settles I expect her to move up a stage within a term or two. Please make sure she brings goggles that fit well."
HIS_EXTRA = " He has made good friends in his group and always helps the younger swimmers into the water at the start of the lesson. His arms are long and strong, and once his stroke timing settles I expect him to move up a stage within a term or two. Please make sure he brings goggles that fit well."

REPORTS = (
    Report(
        "Matilda",
        "Write Matilda's end-of-term swimming report (Stage 3, Autumn 2025, Eastfield Leisure Centre, teacher Kerry "
        "Walsh). Put the lesson time (Saturdays 09:15 to 09:45, with its length) and her attendance (9 of 10 lessons, "
        "as a percentage) in a table at the top. Then what she can now do, her distance (4 lengths of the 25 m pool, "
        "with the metres), three things to work on next, and my comment in under 50 words; positive and encouraging "
        "please. Finish with next term's start, Saturday 10 January 2026. Parents get this, so no phone numbers.",
        MATILDA,
        3,
        50,
        (
            swap_spans(MATILDA, "## What Matilda can now do", "## What to work on next", "## Teacher's comment"),
            ("name", "Matilda has had", "Mathilda has had"),
            ("positive", "2. Keeping her legs straighter in backstroke kick", "2. Her backstroke kick, which is lazy"),
            ("no_phone", "Well done, Matilda!", "Well done, Matilda! Any questions, text me on 07700 900461."),
            ("skills", "3. A stronger breaststroke kick with her feet turned out\n", ""),
            ("comment", "Keep up the great work!", "Keep up the great work!" + HER_EXTRA),
            ("attendance", "(90%)", "(80%)"),
            ("distance", "(100 m)", "(125 m)"),
            ("duration", "(30 minutes)", "(45 minutes)"),
        ),
    ),
    Report(
        "Reuben",
        "Progress report for Reuben, Stage 5, spring term 2026 at Riverside Pool; I'm Dan Okafor, his teacher. Use "
        "bold headings. Lessons are Tuesdays 17:30 to 18:15 (say how long); he came to 11 of 12 lessons, give that "
        "as a percentage. New skills first, then his distance (10 lengths of our 20 m pool, in metres), then four "
        "next steps, then a teacher's comment of at most 45 words. Keep it encouraging and don't put my mobile in. "
        "Lessons restart on Tuesday 14 April 2026.",
        REUBEN,
        4,
        45,
        (
            swap_spans(REUBEN, "**New skills this term**", "**Next steps**", "**Teacher's comment**"),
            ("name", "Reuben is a hard-working", "Rueben is a hard-working"),
            ("positive", "- Keeping his head still in backstroke", "- Fixing his lazy head position in backstroke"),
            ("no_phone", "See you then, Reuben!", "See you then, Reuben! Questions? Text me on 07823 441 902."),
            ("skills", "- Tumble turns at the end of each length\n", ""),
            ("comment", "ready for longer swims.", "ready for longer swims." + HIS_EXTRA),
            ("attendance", "(92%)", "(83%)"),
            ("distance", "(200 m)", "(180 m)"),
            ("duration", "(45 min)", "(40 min)"),
        ),
    ),
    Report(
        "Zainab",
        "Can you do a plain-text swimming report (no Markdown) for Zainab, Stage 2, autumn term 2025, teacher Mrs "
        "Helen Price? Lessons are Thursdays 4:30 pm to 5:00 pm (give the length); she attended 7 of the 8 lessons "
        "(as a percentage too). What she can do now, then her distance (six lengths of the 25 m pool with a float, "
        "in metres), then five things to practise next term, then my comment, 45 words at most. She was nervous at "
        "first, so keep it warm and positive. No phone numbers. Next term starts Thursday 8 January 2026.",
        ZAINAB,
        5,
        45,
        (
            swap_spans(ZAINAB, "What Zainab can do now:", "To practise next term:", "Teacher's comment:"),
            ("name", "Zainab started the term", "Zaynab started the term"),
            ("positive", "2. Kicking with straight legs from the hips", "2. Her kicking, which is still weak"),
            ("no_phone", "at 4:30 pm.\n", "at 4:30 pm. Any questions, call me on 07700 900 318.\n"),
            ("skills", "4. Going under the water to fetch a ring\n", ""),
            ("comment", "a joy to teach.", "a joy to teach." + HER_EXTRA),
            ("attendance", "(87.5%)", "(75%)"),
            ("distance", "(150 m)", "(125 m)"),
            ("duration", "(30 minutes)", "(40 minutes)"),
        ),
    ),
    Report(
        "Freddie",
        "Freddie's Stage 7 report for the summer term 2026 at Northgate Swim School, coach Sam Adeyemi, with ### "
        "headings and a details table (lessons Sundays 10:00 to 10:40 with the length in minutes; attendance 8 of 10 "
        "lessons with the percentage). What he achieved, then his timed swim (16 lengths of the 25 m pool; give the "
        "metres), then three next steps and a coach's comment under 50 words. Upbeat, and no personal phone "
        "numbers. He carries on from Sunday 6 September 2026.",
        FREDDIE,
        3,
        50,
        (
            swap_spans(FREDDIE, "### Achieved this term", "### Next steps", "### Coach's comment"),
            ("name", "Freddie is a strong", "Fredie is a strong"),
            (
                "positive",
                "2. Breathing every three strokes in front crawl",
                "2. His breathing in front crawl, which is poor",
            ),
            (
                "no_phone",
                "Great term, Freddie!",
                "Great term, Freddie! My mobile is 07911 123 456 if you have questions.",
            ),
            ("skills", "3. Streamlining off every wall\n", ""),
            ("comment", "try the club's galas.", "try the club's galas." + HIS_EXTRA),
            ("attendance", "(80%)", "(85%)"),
            ("distance", "(400 m)", "(375 m)"),
            ("duration", "(40 minutes)", "(45 minutes)"),
        ),
    ),
)


def build(report: Report, on: dict[str, bool]) -> str:
    return slipped(report.text, report.slips, on, report.name)


# Reading a report -------------------------------------------------------------------------------


def within(stated: str, exact: float, places: str | None) -> bool:
    """Whether `stated` is `exact` to half a unit of its last written digit (`places` its decimals)."""
    return abs(float(stated) - exact) <= 0.5 * 10 ** -len(places or "") + 1e-9


def attendance_right(answer: str) -> bool:
    """`attended N of M lessons` and the percentage after it on the same line: N out of M as a percentage."""
    found = ATTENDANCE.search(answer)
    if found is None:
        return False
    came, lessons = number_in(found.group(1)), number_in(found.group(2))
    return bool(came is not None and lessons) and within(found.group(3), 100 * came / lessons, found.group(4))


def distance_right(answer: str) -> bool:
    """`N lengths of the L m pool (D m)`: N times L is D."""
    found = LENGTHS.search(answer)
    lengths = number_in(found.group(1)) if found else None
    return found is not None and lengths is not None and lengths * int(found.group(2)) == int(found.group(3))


def duration_right(answer: str) -> bool:
    """On the first line with two times of day, the minutes after them are the time between them."""
    line = next((s for s in answer.splitlines() if len(clocks(s)) >= 2), "")
    minutes = MINUTES.search(line)
    if minutes is None:
        return False
    start, end = clocks(line)[:2]
    return end - start == int(minutes.group(1))


WORDINGS = {
    "name": ("Gets {name}'s name right every time it appears", "The swimmer's name, {name}, is spelt consistently"),
    "positive": (
        "Keeps the feedback positive and encouraging, with no negative labels",
        "Avoids negative words about the child's swimming",
    ),
    "no_phone": ("Does not share a personal mobile number", "Leaves out any personal phone numbers"),
    "order": (
        "Puts what the child has achieved before what to work on",
        "The achievements section comes before the next steps",
    ),
    "skills": (
        "Lists exactly {skills} skills to work on next term",
        "Gives {skills} targets for next term, no more and no fewer",
    ),
    "comment": ("The comment section is no more than {limit} words", "Keeps the written comment within {limit} words"),
    "attendance": (
        "The attendance percentage is right for the lessons attended",
        "Works out the attendance as a percentage correctly",
    ),
    "distance": (
        "The total distance in metres matches the lengths swum and the pool length",
        "Gets the distance in metres right from the number of lengths",
    ),
    "duration": (
        "The lesson length in minutes matches the start and finish times",
        "States the lesson's duration correctly for its times",
    ),
}
"""Two wordings of each kind of criterion, filled from the report."""


def truths(report: Report, answer: str) -> dict[str, bool]:
    comment = " ".join(section(answer, COMMENT) or [])
    return {
        "name": spellings(answer, report.name) == {report.name.lower()},
        "positive": NEGATIVE.search(answer) is None,
        "no_phone": PHONE.search(answer) is None,
        "order": heading_order(answer, ACHIEVED, WORK_ON),
        "skills": len(listed(section(answer, WORK_ON) or [])) == report.skills,
        "comment": 0 < word_count(comment) <= report.limit,
        "attendance": attendance_right(answer),
        "distance": distance_right(answer),
        "duration": duration_right(answer),
    }


def candidates(rng: random.Random, report: Report, answer: str) -> list[Criterion]:
    filled = {"name": report.name, "skills": NUMBER_WORDS[report.skills], "limit": report.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(report, answer).items()
    ]


SWITCHES = ("order", "name", "positive", "no_phone", "skills", "comment", "attendance", "distance", "duration")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, REPORTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

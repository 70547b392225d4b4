"""Rehearsal plan family (fresh29): the plan for one evening's or morning's rehearsal that a choir's,
band's or orchestra's conductor asks for (a community choir, a brass band before a contest, a chamber
choir before Advent, a youth orchestra), with the concert it leads to, a note to members and a timed
schedule of warm-up, notices, pieces and a break, a kind of answer no grader was run on while any of
its rules was written. Run only as `--set fresh29`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the plan (a Markdown table under a heading, a bulleted list under `Label:` lines, aligned
columns in a fenced block, or a numbered list under bold headings), written right and then changed by
switches: a composer's or the conductor's name spelt one way or once another, a pencil asked for or
not, the warm-up's leader named or not, the warm-up first or the notices before it, bars given for
every piece or one without, a note under its word limit or well over it, a stated total that is the
items' minutes added up or not, the pieces counted in words as many as scheduled or not, and the
concert's weekday right for its date or not. Every truth is read from the text: the schedule as the
lines with a time under its heading, the pieces by their titles, minutes as figures before `min`, the
count from the word before `pieces`, the note from the section under its heading.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    clock,
    line_with,
    number_in,
    pick_wording,
    section,
    slipped,
    spellings,
    switched_cases,
    weekdays_right,
    word_count,
)

FAMILY = "rehearsal_plan"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SCHEDULE = r"running order|schedule|timings|order of rehearsal"
NOTE = r"note|message|^from\b"
BARS = re.compile(r"\bbars?\s+\d")
MIN = re.compile(r"(\d+)\s*min\b")
PIECES = re.compile(r"\b(\w+)\s+pieces\b", re.I)


@dataclass(frozen=True)
class Rehearsal:
    name: str
    """The name whose spelling is checked (a composer's or the conductor's)."""
    task: str
    text: str
    """The answer written right."""
    leader: str
    """Who leads the warm-up."""
    pieces: tuple[str, ...]
    """The titles of the pieces rehearsed."""
    limit: int
    """The note's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HARBOUR = """# Harbour Singers: rehearsal on 2 June 2026

Concert: Saturday 20 June 2026, 7:30 pm, St Mary's Church, Falmouth

## Note to members
Three weeks to go! Tonight we'll work on four pieces, so please bring a pencil and your black folder, and mark every change we make. Tea and biscuits at the break as usual.

## Running order
| Time | Item | Length | Focus |
|---|---|---|---|
| 19:30 | Warm-up with Dana | 15 min | breathing, and tuning on "ng" |
| 19:45 | Notices and concert details | 15 min | dress, arrival time |
| 20:00 | Rheinberger: Abendlied | 20 min | bars 12–30, the tenor entry |
| 20:20 | Rachmaninoff: Bogoroditse Devo | 20 min | bars 1–20, Russian vowels |
| 20:40 | Break | 15 min | |
| 20:55 | Whitacre: The Seal Lullaby | 20 min | bars 34–52, soft top line |
| 21:15 | Shenandoah (arr. Erb) | 15 min | bars 40 to the end, the key change |

Total: 120 min. The Rheinberger needs the most work, so it comes first while voices are fresh.
"""

EASTFIELD = """Eastfield Brass: practice on 10 September 2026

Contest: Saturday 26 September 2026, 2:00 pm, Huddersfield Town Hall (Lower Section)

Note from the MD:
Two weeks to the contest. We'll play four pieces tonight, with most of the time on the Tchaikovsky. Bring a pencil, your contest folder and a stand light, please.

Schedule:
- 19:00 Warm-up: long notes and lip slurs, led by Jo Marsh (15 min)
- 19:15 Notices: coach times and uniforms (15 min)
- 19:30 Tchaikovsky: Finale from Symphony No. 4, bars 1–64 (30 min)
- 20:00 Deep Harmony, bars 1–16, for tuning and balance (10 min)
- 20:10 Tea break (15 min)
- 20:25 Knight Templar (march), bars 17–48 (20 min)
- 20:45 The Cossack, bars 33–72 (15 min)

Total: 120 min, so we finish on time.
"""

ANNES = """St Anne's Chamber Choir, rehearsal on 5 November 2026

Concert: Saturday 21 November 2026 at 7 pm, St Anne's Church

Message from Helen:
We have four pieces to polish tonight for the Advent concert. Please bring a pencil, as the Gjeilo has new breath marks, and be in your seats on time.

Timings:
```
19:15  Warm-up led by Marcus                   15 min
19:30  Notices and robes                       15 min
19:45  Gjeilo: Ubi caritas, bars 1-24          20 min
20:05  Bruckner: Os justi, bars 31-58          20 min
20:25  Break                                   10 min
20:35  Gjeilo: Northern Lights, bars 41-70     25 min
21:00  Tavener: The Lamb, bars 1-20            15 min
Total                                          120 min
```
"""

NORTHSIDE = """**Northside Youth Orchestra: rehearsal plan, 27 June 2026**

**Concert:** Saturday 11 July 2026, 3:00 pm, Northside Academy hall

**From Siobhan**
Hello everyone! This morning we'll rehearse four pieces for the summer concert. Bring your music, a pencil and a water bottle. See you at ten. Siobhan

**Order of rehearsal**
1. 10:00 Warm-up and tuning, led by Ravi (15 min)
2. 10:15 Notices and summer camp forms (15 min)
3. 10:30 Sibelius: Finlandia, bars 1–48 (25 min)
4. 10:55 Elgar: Nimrod, bars 9–19 (20 min)
5. 11:15 Break (15 min)
6. 11:30 Saint-Saëns: Danse Macabre, bars 25–80 (25 min)
7. 11:55 Pirates of the Caribbean medley, bars 1–40 (20 min)

**Total:** 135 min. Parents, pick-up is from the side gate.
"""

NOTE_EXTRA = " Some of you have asked about parking, so please use the public car park on Church Lane rather than the road outside, where the neighbours have complained more than once, and if you are going to miss a rehearsal between now and the concert, do let me know by email as early as you can so that we can plan the sections."

REHEARSALS = (
    Rehearsal(
        "Rheinberger",
        "I conduct the Harbour Singers. Please write the plan for our rehearsal on 2 June 2026, 19:30 to 21:30, "
        "for the concert on 20 June 2026 at 7:30 pm at St Mary's Church, Falmouth (weekday, please). A note to "
        "members of no more than 60 words (remind them to bring a pencil), then a running order as a table with time, "
        "item, length and which bars: warm-up with Dana first, notices, Rheinberger's Abendlied, Bogoroditse Devo, "
        "a break, The Seal Lullaby and Shenandoah. Give the total time.",
        HARBOUR,
        "Dana",
        ("Abendlied", "Bogoroditse Devo", "The Seal Lullaby", "Shenandoah"),
        60,
        (
            (
                "order",
                '| Warm-up with Dana | 15 min | breathing, and tuning on "ng" |\n| 19:45 | Notices and concert details '
                "| 15 min | dress, arrival time |",
                "| Notices and concert details | 15 min | dress, arrival time |\n| 19:45 | Warm-up with Dana | 15 min "
                '| breathing, and tuning on "ng" |',
            ),
            ("name", "Rheinberger: Abendlied", "Rheinburger: Abendlied"),
            ("pencil", "please bring a pencil and your black folder", "please bring your black folder"),
            ("leader", "Warm-up with Dana", "Warm-up all together"),
            ("bars", "bars 34–52, soft top line", "soft top line"),
            ("note", "at the break as usual.", "at the break as usual." + NOTE_EXTRA),
            ("total", "Total: 120 min", "Total: 110 min"),
            ("count", "work on four pieces", "work on five pieces"),
            ("weekday", "Saturday 20 June", "Sunday 20 June"),
        ),
    ),
    Rehearsal(
        "Tchaikovsky",
        "Band practice plan for Eastfield Brass, 10 September 2026 from 19:00 to 21:00, ahead of the contest on 26 "
        "September 2026 at 2:00 pm at Huddersfield Town Hall, Lower Section (say what day that is). A short note from "
        "me, the MD, under 55 words; bring pencils. Then a schedule as a list with times and minutes: warm-up first, "
        "led by Jo Marsh, notices, the Tchaikovsky Finale, Deep Harmony, a tea break, Knight Templar and The Cossack, "
        "each with the bars we'll work on, and the total.",
        EASTFIELD,
        "Jo Marsh",
        ("Finale from Symphony No. 4", "Deep Harmony", "Knight Templar", "The Cossack"),
        55,
        (
            (
                "order",
                "Warm-up: long notes and lip slurs, led by Jo Marsh (15 min)\n- 19:15 Notices: coach times and uniforms",
                "Notices: coach times and uniforms (15 min)\n- 19:15 Warm-up: long notes and lip slurs, led by Jo Marsh",
            ),
            ("name", "19:30 Tchaikovsky:", "19:30 Tchaikovski:"),
            ("pencil", "Bring a pencil, your contest folder", "Bring your contest folder"),
            ("leader", "led by Jo Marsh", "led by the principal cornet"),
            ("bars", "Knight Templar (march), bars 17–48", "Knight Templar (march)"),
            ("note", "and a stand light, please.", "and a stand light, please." + NOTE_EXTRA),
            ("total", "Total: 120 min", "Total: 105 min"),
            ("count", "play four pieces", "play five pieces"),
            ("weekday", "Saturday 26 September", "Friday 26 September"),
        ),
    ),
    Rehearsal(
        "Gjeilo",
        "Rehearsal timings for St Anne's Chamber Choir on 5 November 2026, 19:15 to 21:15, as a plain-text block with "
        "times, items, bars and minutes and a total, for the Advent concert on 21 November 2026 at 7 pm (with the "
        "weekday). Before it, a message from me (Helen) of at most 50 words asking them to bring a pencil. Warm-up "
        "with Marcus to start, then notices, Gjeilo's Ubi caritas, Os justi, a break, Northern Lights and The Lamb.",
        ANNES,
        "Marcus",
        ("Ubi caritas", "Os justi", "Northern Lights", "The Lamb"),
        50,
        (
            (
                "order",
                "Warm-up led by Marcus                   15 min\n19:30  Notices and robes                       15 min",
                "Notices and robes                       15 min\n19:30  Warm-up led by Marcus                   15 min",
            ),
            ("name", "Gjeilo: Northern Lights", "Gjielo: Northern Lights"),
            ("pencil", "Please bring a pencil, as the Gjeilo has new breath marks, and", "Please"),
            ("leader", "Warm-up led by Marcus   ", "Warm-up                 "),
            ("bars", "Bruckner: Os justi, bars 31-58", "Bruckner: Os justi             "),
            ("note", "in your seats on time.", "in your seats on time." + NOTE_EXTRA),
            (
                "total",
                "Total                                          120 min",
                "Total                                          125 min",
            ),
            ("count", "We have four pieces", "We have three pieces"),
            ("weekday", "Saturday 21 November", "Sunday 21 November"),
        ),
    ),
    Rehearsal(
        "Siobhan",
        "Write the rehearsal plan for Northside Youth Orchestra on 27 June 2026, 10:00 to 12:15, for our summer "
        "concert on 11 July 2026 at 3:00 pm in the Academy hall (include the weekday). A note from me, Siobhan, in 45 "
        "words or fewer, telling them to bring a pencil. Then the order of rehearsal as a numbered list with times "
        "and minutes: warm-up and tuning led by Ravi first, notices, Finlandia, Nimrod, a break, Danse Macabre and the "
        "Pirates medley, with the bars for each piece, and the total.",
        NORTHSIDE,
        "Ravi",
        ("Finlandia", "Nimrod", "Danse Macabre", "Pirates of the Caribbean"),
        45,
        (
            (
                "order",
                "Warm-up and tuning, led by Ravi (15 min)\n2. 10:15 Notices and summer camp forms (15 min)",
                "Notices and summer camp forms (15 min)\n2. 10:15 Warm-up and tuning, led by Ravi (15 min)",
            ),
            ("name", "See you at ten. Siobhan", "See you at ten. Siobahn"),
            ("pencil", "Bring your music, a pencil and a water bottle.", "Bring your music and a water bottle."),
            ("leader", "tuning, led by Ravi", "tuning, led by the leader"),
            ("bars", "Elgar: Nimrod, bars 9–19", "Elgar: Nimrod"),
            ("note", "See you at ten.", "See you at ten." + NOTE_EXTRA),
            ("total", "**Total:** 135 min", "**Total:** 130 min"),
            ("count", "rehearse four pieces", "rehearse six pieces"),
            ("weekday", "Saturday 11 July", "Sunday 11 July"),
        ),
    ),
)


def build(plan: Rehearsal, on: dict[str, bool]) -> str:
    return slipped(plan.text, plan.slips, on, plan.name)


# Reading a plan ---------------------------------------------------------------------------------


def schedule(answer: str) -> list[str]:
    """The lines under the schedule's heading that give a time."""
    return [line for line in section(answer, SCHEDULE) or [] if clock(line) is not None]


def total_right(items: list[str], answer: str) -> bool:
    """The minutes on the first line that gives a total are the items' minutes added up."""
    stated = MIN.search(line_with(answer, "total"))
    return stated is not None and sum(int(m) for line in items for m in MIN.findall(line)) == int(stated.group(1))


WORDINGS = {
    "name": ("Spells {name} the same way every time", "Uses one spelling of {name} throughout"),
    "pencil": ("Reminds members to bring a pencil", "Asks everyone to bring a pencil"),
    "leader": ("Says that {leader} leads the warm-up", "Names {leader} as the person running the warm-up"),
    "order": ("Starts the rehearsal with the warm-up", "The warm-up is the first item of the schedule"),
    "bars": (
        "Every piece in the schedule says which bars will be worked on",
        "Gives the bar numbers to rehearse for each piece",
    ),
    "note": ("The note to members is at most {limit} words", "Keeps the message to the group under {limit} words"),
    "total": (
        "The total time it states equals the sum of the items' lengths",
        "Its stated total matches the lengths of the items added up",
    ),
    "count": (
        "The number of pieces it says will be rehearsed matches the pieces in the schedule",
        "States how many pieces are being worked on, and the schedule has that many",
    ),
    "weekday": ("The concert date's weekday is right", "The day of the week given for the concert matches its date"),
}
"""Two wordings of each kind of criterion, filled from the plan."""


def truths(plan: Rehearsal, answer: str) -> dict[str, bool]:
    items = schedule(answer)
    pieces = [line for line in items if any(p.lower() in line.lower() for p in plan.pieces)]
    named = {p for p in plan.pieces if any(p.lower() in line.lower() for line in items)}
    warm = next((line for line in items if "warm" in line.lower()), "")
    stated = PIECES.search(answer)
    return {
        "name": spellings(answer, plan.name) == {plan.name.lower()},
        "pencil": "pencil" in answer.lower(),
        "leader": plan.leader in warm,
        "order": bool(items) and "warm" in items[0].lower(),
        "bars": bool(pieces) and all(BARS.search(line) for line in pieces),
        "note": 0 < word_count(" ".join(section(answer, NOTE) or [])) <= plan.limit,
        "total": total_right(items, answer),
        "count": stated is not None and number_in(stated.group(1)) == len(named),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, plan: Rehearsal, answer: str) -> list[Criterion]:
    filled = {"name": plan.name, "leader": plan.leader, "limit": plan.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(plan, answer).items()
    ]


SWITCHES = ("order", "name", "pencil", "leader", "bars", "note", "total", "count", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, REHEARSALS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

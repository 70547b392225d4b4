"""Fete stall plan family (fresh40): the plan a fete committee asks for to send its stallholders (a village green
fete, a church garden fete, a village show and fete, a school summer fete), with the date, the timings for the day,
the stalls by pitch, money and the fundraising target, what happens if it rains and whom to ask, a kind of answer no
grader was run on while any of its rules was written. Run only as `--set fresh40`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the plan (Markdown headings with the stalls in a table, bold labels with bullets, plain `Label:` lines
with a numbered list, or `###` headings under a key-facts table), written right and then changed by switches. Every
truth is read from the text: the village's name by its spellings, a mobile number and the float by the words that
write them, the sections by their headings, the stalls as the list items and numbered table rows of their section,
the target from the first line with a percentage and two amounts (the first amount raised by the percentage against
the last), the opening hours from the first line saying open with two times against the hours it states, and the
weekday from the lines that name a date and a weekday.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import Decimal

from benchmarks.labelled import (
    LIST_ITEM,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    clocks,
    heading_of,
    heading_order,
    money,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    weekdays_right,
)

FAMILY = "fete_stall_plan"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
MOBILE = re.compile(r"\b07\d{3}\s?\d{3}\s?\d{3}\b")
FLOAT = re.compile(r"\bfloat\b|\bown change\b", re.I)
TIMINGS = r"^(?:timings|times)\b"
STALLS = r"^(?:the )?stalls?\b(?! plan)|^pitches\b"
WET = re.compile(r"weather|rain", re.I)
PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%")
OPEN = re.compile(r"\bopen\b", re.I)
HOURS = re.compile(r"\b(\d+)(½)?\s*hours?\b", re.I)
MINUTES = re.compile(r"\b(\d+)\s*minutes?\b", re.I)
PITCH_ROW = re.compile(r"\s*\|\s*\d+\s*\|")


@dataclass(frozen=True)
class Fete:
    name: str
    """The village, as its name is spelt."""
    task: str
    text: str
    """The answer written right."""
    stalls: int
    """The stalls asked for."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


WITTENHAM = """# Little Wittenham Village Fete: stall plan

Saturday 20 June 2026 on the village green, in aid of St Anne's Hospice.

## Timings
- Stallholders arrive and set up: 10:00 am to 11:30 am
- Fete open: 12:00 noon to 4:30 pm (4 hours 30 minutes)
- All stalls cleared away by 6:00 pm

## Stalls
| Pitch | Stall | Run by |
|---|---|---|
| 1 | Cakes and bakes | the Women's Institute |
| 2 | Tombola | 1st Wittenham Scouts |
| 3 | Plants and seedlings | the allotment society |
| 4 | Books and jigsaws | Friends of the Library |
| 5 | Tea and scones | the hospice volunteers |
| 6 | Hook-a-duck | the school PTA |
| 7 | White elephant | the church |
| 8 | Face painting | the youth club |

## Money
- Please bring your own float of change: the committee cannot change notes on the day.
- Last year the fete raised £2,340; this year's target is 15% more, £2,691.

## Wet weather plan
If it rains, the fete moves into the village hall and every stall keeps its pitch number.

## Questions
Email the fete committee at fete.committee@example.org.
"""

BARROWBY = """**Barrowby Church Garden Fete: plan for stallholders**

Dear stallholders,

Thank you for taking a stall at this year's fete in the vicarage garden on Saturday 4 July 2026. Everything raised goes to the church roof appeal.

**Times**
- Setting up: 11:00 am to 1:00 pm
- Fete open to the public: 1:30 pm to 5:00 pm (3½ hours)
- Packing away from 5:00 pm

**The stalls**
- Pitch 1: plants (Barrowby Garden Club)
- Pitch 2: cakes (the Mothers' Union)
- Pitch 3: bric-a-brac (Sunday school families)
- Pitch 4: bottle tombola (the bell ringers)
- Pitch 5: Pimm's and soft drinks (the churchwardens)
- Pitch 6: second-hand toys (the toddler group)

**Money**
- Every stall must bring its own float; we have no spare change on the day.
- Last year we raised £1,860, and we are aiming for 20% more this year: £2,232.

**If it rains**
- We will move into the church hall and the marquee, with the same pitch numbers.

**Contact**
- Please email the fete team at fete.team@example.org with any questions.

With thanks,
The fete committee
"""

ASHCOMBE = """ASHCOMBE VILLAGE SHOW AND FETE
Stall plan for Saturday 29 August 2026, on the recreation ground

Timings:
Stallholders set up from 9:00 am to 10:45 am.
The show and fete are open from 11:00 am to 4:00 pm (5 hours).
Vehicles may come back onto the field after 4:30 pm.

Stall list:
1. Home-made jams and chutneys
2. Cake stall
3. Plant sale
4. Second-hand books
5. Tombola
6. Coconut shy
7. Barbecue
8. Ice creams
9. Ashcombe Brownies' lucky dip
10. Craft stall

Money:
Each stall brings its own float of change.
Last year's show raised £3,150; this year we hope to raise 10% more, £3,465.

Wet weather:
If the ground is waterlogged, the fete moves into the village hall and the school hall next door, and stalls keep their numbers.

Questions:
Email the show secretary; the address is on the village website.
"""

KELSALL = """### Kelsall Summer Fete: stall plan

| Fete | |
|---|---|
| Date | Saturday 11 July 2026 |
| Where | the primary school field |
| In aid of | the school's new library |
| Open | 12:30 pm to 4:00 pm (3½ hours) |

### Timings
- Set-up: 10:30 am to 12:00 noon; cars off the field by 12:15 pm.
- Clear-up: stalls down by 5:00 pm.

### Stalls
| Pitch | Stall |
|---|---|
| 1 | Cake stall |
| 2 | Tombola |
| 3 | Bouncy castle |
| 4 | Kelsall Cubs' hook-a-duck |
| 5 | Books and toys |
| 6 | Pimm's tent |
| 7 | Raffle |

### Money
- Bring your own float; the PTA cannot give change on the day.
- Last summer the fete raised £4,200; our target is 25% more, £5,250.

### Rain plan
- If it rains, the fete moves into the school hall and the stalls keep their pitch numbers.

### Contact
- Questions to the PTA by email: pta@example.org.
"""

FETES = (
    Fete(
        "Wittenham",
        "Write the stall plan for the Little Wittenham Village Fete, in Markdown, to send to stallholders: Saturday "
        "20 June 2026 on the green, for St Anne's Hospice. Timings first (set up 10 to 11:30, open noon to 4:30 pm, "
        "say how long, cleared by 6), then the eight stalls in a table with pitch numbers: cakes (WI), tombola (1st "
        "Wittenham Scouts), plants, books, tea, hook-a-duck, white elephant, face painting. Money: everyone brings "
        "their own float; last year we raised £2,340 and this year's target is 15% more (work it out). A heading for "
        "the wet-weather plan (village hall, same pitch numbers). Questions by email only: no one's mobile number.",
        WITTENHAM,
        8,
        (
            swap_spans(WITTENHAM, "## Timings", "## Stalls", "## Money"),
            ("name", "1st Wittenham Scouts", "1st Whittenham Scouts"),
            ("no_phone", "Email the fete committee at", "Ring Margaret on 07700 900 461 or email the committee at"),
            (
                "float",
                "Please bring your own float of change: the committee cannot change notes on the day.",
                "Please bring a pen and price labels for your stall.",
            ),
            ("stalls", "| 8 | Face painting | the youth club |\n", ""),
            ("heading", "## Wet weather plan\n", ""),
            ("target", "15% more, £2,691", "15% more, £2,574"),
            ("hours", "(4 hours 30 minutes)", "(3 hours 30 minutes)"),
            ("weekday", "Saturday 20 June", "Sunday 20 June"),
        ),
    ),
    Fete(
        "Barrowby",
        "Please write our plan for stallholders at the Barrowby Church Garden Fete, as a letter with bold labels and "
        "bullets: Saturday 4 July 2026 in the vicarage garden, for the church roof appeal. Times (set up 11 to 1, open "
        "1:30 to 5 pm with how long that is, packing away at 5) before the six stalls by pitch: plants (Barrowby "
        "Garden Club), cakes, bric-a-brac, bottle tombola, Pimm's, toys. Money: each stall brings its own float; we "
        "raised £1,860 last year and aim for 20% more, so give the figure. The rain plan (church hall and marquee) "
        "under its own label. Contact by email; please don't put anyone's mobile number in it.",
        BARROWBY,
        6,
        (
            swap_spans(BARROWBY, "**Times**", "**The stalls**", "**Money**"),
            ("name", "(Barrowby Garden Club)", "(Barowby Garden Club)"),
            ("no_phone", "with any questions.", "with any questions, or ring Jean on 07700 900 318."),
            (
                "float",
                "Every stall must bring its own float; we have no spare change on the day.",
                "Every stall should bring a price list and some carrier bags.",
            ),
            ("stalls", "- Pitch 6: second-hand toys (the toddler group)\n", ""),
            ("heading", "**If it rains**\n", ""),
            ("target", "this year: £2,232", "this year: £2,322"),
            ("hours", "(3½ hours)", "(4½ hours)"),
            ("weekday", "on Saturday 4 July", "on Friday 4 July"),
        ),
    ),
    Fete(
        "Ashcombe",
        "Plain text with 'Label:' headings and a numbered list: the stall plan for the Ashcombe Village Show and Fete, "
        "Saturday 29 August 2026 on the recreation ground. Timings (set up 9 to 10:45, open 11 to 4 with the number "
        "of hours, vehicles back after 4:30) before the stall list of ten: jams, cakes, plants, books, tombola, "
        "coconut shy, barbecue, ice creams, the Ashcombe Brownies' lucky dip, crafts. Money: stalls bring their own "
        "float; last year £3,150, and we hope for 10% more (give the amount). A 'Wet weather' label for the hall "
        "plan. No personal phone numbers: questions go to the show secretary.",
        ASHCOMBE,
        10,
        (
            swap_spans(ASHCOMBE, "Timings:", "Stall list:", "Money:"),
            ("name", "Ashcombe Brownies'", "Ashcomb Brownies'"),
            (
                "no_phone",
                "Email the show secretary; the address is on the village website.",
                "Ring the show secretary, Pat Holden, on 07700 900 742.",
            ),
            ("float", "Each stall brings its own float of change.", "Each stall sets its own prices."),
            ("stalls", "10. Craft stall\n", ""),
            ("heading", "Wet weather:\n", ""),
            ("target", "10% more, £3,465", "10% more, £3,565"),
            ("hours", "(5 hours)", "(6 hours)"),
            ("weekday", "Saturday 29 August", "Monday 29 August"),
        ),
    ),
    Fete(
        "Kelsall",
        "Stall plan for the Kelsall Summer Fete with ### headings and a key-facts table at the top (Saturday 11 July "
        "2026, the primary school field, for the new library, open 12:30 to 4 pm with how long). Timings (set-up and "
        "clear-up) before a table of the seven stalls: cakes, tombola, bouncy castle, Kelsall Cubs' hook-a-duck, "
        "books and toys, Pimm's, raffle. Money: bring your own float; last summer we raised £4,200 and the target is "
        "25% more (work it out). A heading for the rain plan (school hall). Contact the PTA by email; no personal "
        "mobile numbers.",
        KELSALL,
        7,
        (
            swap_spans(KELSALL, "### Timings", "### Stalls", "### Money"),
            ("name", "Kelsall Cubs'", "Kelsal Cubs'"),
            (
                "no_phone",
                "Questions to the PTA by email: pta@example.org.",
                "Questions to Claire, the PTA chair, on 07700 900 215.",
            ),
            (
                "float",
                "Bring your own float; the PTA cannot give change on the day.",
                "Price everything before the gates open.",
            ),
            ("stalls", "| 7 | Raffle |\n", ""),
            ("heading", "### Rain plan\n", ""),
            ("target", "25% more, £5,250", "25% more, £5,150"),
            ("hours", "(3½ hours)", "(3 hours)"),
            ("weekday", "| Saturday 11 July", "| Sunday 11 July"),
        ),
    ),
)


def build(fete: Fete, on: dict[str, bool]) -> str:
    return slipped(fete.text, fete.slips, on, fete.name)


# Reading a plan --------------------------------------------------------------------------------


def stalls(answer: str) -> int:
    """The stalls: the list items and the table rows starting with a pitch number under the stalls' heading."""
    return len([line for line in section(answer, STALLS) or [] if LIST_ITEM.match(line) or PITCH_ROW.match(line)])


def target_right(answer: str) -> bool:
    """Whether on the first line with a percentage and two amounts the last amount is the first raised by it."""
    line = next((line for line in answer.splitlines() if PERCENT.search(line) and len(money(line)) >= 2), "")
    found, amounts = PERCENT.search(line), money(line)
    if found is None:
        return False
    return amounts[0] * (100 + Decimal(found.group(1))) / 100 == amounts[-1]


def stated_minutes(line: str) -> int | None:
    """The hours and minutes `line` states (`4 hours 30 minutes`, `3½ hours`) in minutes, or None."""
    hours, minutes = HOURS.search(line), MINUTES.search(line)
    if hours is None and minutes is None:
        return None
    total = int(minutes.group(1)) if minutes else 0
    if hours:
        total += 60 * int(hours.group(1)) + (30 if hours.group(2) else 0)
    return total


def hours_right(answer: str) -> bool:
    """Whether the first line saying open with two times states the time between them."""
    line = next((line for line in answer.splitlines() if OPEN.search(line) and len(clocks(line)) >= 2), "")
    times, stated = clocks(line), stated_minutes(line)
    return len(times) >= 2 and stated is not None and times[1] - times[0] == stated


def wet_heading(answer: str) -> bool:
    """Whether some heading is about rain or the weather."""
    return any((title := heading_of(line)) is not None and WET.search(title) for line in answer.splitlines())


WORDINGS = {
    "name": ("Spells {name} the same way throughout", "Uses one spelling of the village name, {name}, everywhere"),
    "no_phone": ("Does not include anyone's personal mobile number", "Gives no private phone numbers"),
    "float": ("Reminds stallholders to bring their own float of change", "Tells each stall to bring its own change"),
    "order": (
        "Gives the timings for the day before the list of stalls",
        "The timings section comes before the stalls",
    ),
    "stalls": ("Lists exactly {stalls} stalls", "The plan has {stalls} stalls, no more and no fewer"),
    "heading": (
        "Has a separate heading for what happens if it rains",
        "Puts the wet-weather plan under its own heading",
    ),
    "target": (
        "This year's target is last year's total increased by the stated percentage",
        "Works out the fundraising target correctly from last year's total and the percentage",
    ),
    "hours": (
        "The length of time the fete is open matches its opening and closing times",
        "States how long the fete is open correctly from the times given",
    ),
    "weekday": ("The weekday matches the date of the fete", "The day of the week given is right for the fete's date"),
}
"""Two wordings of each kind of criterion, filled from the fete."""


def truths(fete: Fete, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, fete.name) == {fete.name.lower()},
        "no_phone": MOBILE.search(answer) is None,
        "float": FLOAT.search(answer) is not None,
        "order": heading_order(answer, TIMINGS, STALLS),
        "stalls": stalls(answer) == fete.stalls,
        "heading": wet_heading(answer),
        "target": target_right(answer),
        "hours": hours_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, fete: Fete, answer: str) -> list[Criterion]:
    filled = {"name": fete.name, "stalls": NUMBER_WORDS[fete.stalls]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(fete, answer).items()
    ]


SWITCHES = ("order", "name", "no_phone", "float", "stalls", "heading", "target", "hours", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, FETES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

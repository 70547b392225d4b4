"""Plant swap family (fresh41): the notice a gardening group asks for to advertise a plant swap (a spring swap at a
community centre, a library garden swap, an allotment society's autumn swap, an evening houseplant swap), with when
and where, how to get there, how the swap works, what to bring and whom to ask, a kind of answer no grader was run on
while any of its rules was written. Run only as `--set fresh41`, never in `all`, `new`, `docs`, `held` or an earlier
fresh set.

An answer is the notice (Markdown headings with the date and time in a table, bold labels with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then changed by
switches. Every truth is read from the text: the group's or place's name by its spellings, labels and invasive plants
by the words that write them, the sections by their headings, the steps as the list items under how it works, the
weekday from the lines that name a date and a weekday, the pot size from the first line with centimetres and inches,
and the swap's length from the first line with two times and a stated duration.
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
    heading_of,
    heading_order,
    listed,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    weekdays_right,
)

FAMILY = "plant_swap"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
LABELS = re.compile(r"\blabel", re.I)
INVASIVE = re.compile(r"\binvasive\b|\bknotweed\b|\bbalsam\b", re.I)
HOW = r"how it works"
BRING = r"what to bring"
TRAVEL = re.compile(r"getting there|finding us|parking", re.I)
CM = re.compile(r"(\d+(?:\.\d+)?)\s*cm\b")
INCHES = re.compile(r"(\d+(?:\.\d+)?)\s*(?:in\b|inches\b)")
HOURS = re.compile(r"\b(\d+)(½)?\s*hours?\b", re.I)
MINUTES = re.compile(r"\b(\d+)\s*minutes?\b", re.I)
CM_PER_INCH = 2.54


@dataclass(frozen=True)
class Swap:
    name: str
    """The group or place, as its name is spelt."""
    task: str
    text: str
    """The answer written right."""
    steps: int
    """The steps of how the swap works asked for."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HOLLYBROOK = """# Hollybrook Spring Plant Swap

Got too many tomato seedlings, or a spider plant that keeps having babies? Bring them along and swap them for something new. Everyone is welcome, and you don't need to bring a plant to take one home.

## When and where
| What | Details |
|---|---|
| Date | Saturday 18 April 2026 |
| Time | 10:30 am to 1:00 pm (2½ hours) |
| Place | Hollybrook Community Centre, Station Road |

## Getting there
The centre is five minutes' walk from the station. There are six parking spaces behind the building and a bike rack by the front door.

## How it works
1. Drop your plants at the welcome table as you arrive.
2. Take one token for each plant you bring.
3. Spend your tokens on any plants on the swap tables.
4. At 12:30 pm everything left is free to take.

## What to bring
- Healthy plants, cuttings or seedlings in pots no bigger than 9 cm (3.5 in) across, or bare-root in a bag.
- A label on each plant with its name and any care tips.
- A box or bag to carry your new plants home.

Please don't bring invasive plants such as Japanese knotweed or Himalayan balsam, or anything with pests or disease.

## Questions
Email the Hollybrook Garden Group at plants@example.org.
"""

WRENBURY = """**Wrenbury Library Plant Swap**

**When:** Sunday 10 May 2026, 2:00 pm to 4:00 pm (2 hours)
**Where:** Wrenbury Library garden, Church Street

Spring is here and our windowsills are full of seedlings. Bring a plant, take a plant, and meet other gardeners over a cup of tea.

**Getting there**
- The library is on the 23 bus route: get off at Church Street.
- Park in the free car park behind the church.

**How it works**
- Bring your plants to the library garden from 2:00 pm.
- Each plant you bring earns you one ticket.
- Swap your tickets for plants on the tables.
- Seeds are free: help yourself from the seed tin.
- After 3:30 pm any plants left can be taken without a ticket.

**What to bring**
- Plants in pots no wider than 12 cm (4.7 in), or cuttings in a jar of water.
- Write a label for every plant with its name and whether it likes sun or shade.
- Bags or a tray to take your plants home.
- Please leave invasive plants, such as Japanese knotweed or Himalayan balsam, at home.

**Questions?**
- Ask at the library desk or email wrenbury.library@example.org.
"""

PELHAM = """PELHAM ALLOTMENTS AUTUMN PLANT SWAP

Date: Saturday 26 September 2026
Time: 9:30 am to 12:00 noon (2½ hours)
Place: the trading hut, Marsh Lane gate

All plot holders, neighbours and friends are welcome. Bring your spare seedlings, divisions and seeds, and go home with something new for next year.

Getting there:
The trading hut is just inside the Marsh Lane gate. Please park on the lane and keep the gate clear for the water lorry.

How it works:
1. Set your plants out on the trestle tables as you arrive.
2. Have a look round before the swapping starts at 10:00 am.
3. Take as many plants as you brought.

What to bring:
1. Divided perennials, autumn seedlings or rooted cuttings, in pots up to 10 cm (3.9 in) across.
2. Seeds saved from your plot, in envelopes marked with what they are and the year.
3. Labels in every pot, with the plant's name and colour.

Please do not bring invasive plants such as Japanese knotweed, bamboo or Himalayan balsam.

Questions:
Ask any Pelham committee member, or email the allotment secretary at secretary@example.org.
"""

GREENBANK = """### Greenbank Houseplant Swap

| Swap | |
|---|---|
| Date | Wednesday 11 March 2026 |
| Time | 6:00 pm to 7:45 pm (1 hour 45 minutes) |
| Place | the greenhouse at Greenbank Community Garden |
| Cost | free |

### Getting there
The garden is behind the health centre on Mill Street, and the gate is lit in the evening.

### How it works
- Bring your houseplants, cuttings or offsets to the greenhouse.
- Each plant you bring earns a token.
- Spend your tokens on the swap tables.
- Ask our volunteers for repotting or care tips.

### What to bring
- Rooted cuttings or small plants in pots up to 7 cm (2.8 in) across.
- A label on every plant with its name and how much light it likes.
- A tray or box so the plants travel home safely.

Please don't bring invasive plants, such as Japanese knotweed, or any pot with pests.

### Questions
Email the Greenbank volunteers at swap@example.org.
"""

SWAPS = (
    Swap(
        "Hollybrook",
        "Write a notice in Markdown for the Hollybrook Spring Plant Swap: Saturday 18 April 2026, 10:30 am to 1 pm "
        "(say how long it runs), Hollybrook Community Centre, Station Road. A table for when and where, then a "
        "heading for getting there (near the station, six parking spaces, bike rack). Explain how it works in four "
        "steps (drop plants off, a token per plant, spend tokens, free-for-all at 12:30) before what to bring: pots "
        "up to 9 cm, with the size in inches too, a label on every plant, a bag. Ask people not to bring invasive "
        "plants. Questions to the Hollybrook Garden Group by email.",
        HOLLYBROOK,
        4,
        (
            swap_spans(HOLLYBROOK, "## How it works", "## What to bring", "## Questions"),
            ("name", "Email the Hollybrook Garden Group", "Email the Hollibrook Garden Group"),
            (
                "labels",
                "- A label on each plant with its name and any care tips.",
                "- A pen, in case you want to note down any care tips.",
            ),
            (
                "invasive",
                "Please don't bring invasive plants such as Japanese knotweed or Himalayan balsam, or anything",
                "Please don't bring anything",
            ),
            ("steps", "3. Spend your tokens on any plants on the swap tables.\n4. At", "3. At"),
            ("heading", "## Getting there\n", ""),
            ("weekday", "| Saturday 18 April", "| Sunday 18 April"),
            ("pots", "(3.5 in)", "(2.5 in)"),
            ("duration", "(2½ hours)", "(3½ hours)"),
        ),
    ),
    Swap(
        "Wrenbury",
        "Please write a flyer for the Wrenbury Library Plant Swap with bold labels and bullet points: Sunday 10 May "
        "2026, 2 to 4 pm (give the length), in the library garden on Church Street. Put the bus and parking details "
        "under a 'Getting there' label. How it works in five steps (bring plants, a ticket per plant, swap tickets, "
        "free seeds, anything left is free after 3:30), then what to bring: pots no wider than 12 cm (put inches "
        "too), a label for every plant, bags. Say that invasive plants should stay at home. Questions to the library "
        "desk.",
        WRENBURY,
        5,
        (
            swap_spans(WRENBURY, "**How it works**", "**What to bring**", "**Questions?**"),
            ("name", "**Where:** Wrenbury Library garden", "**Where:** Wrenbery Library garden"),
            (
                "labels",
                "- Write a label for every plant with its name and whether it likes sun or shade.",
                "- Tell us whether each plant likes sun or shade.",
            ),
            (
                "invasive",
                "- Please leave invasive plants, such as Japanese knotweed or Himalayan balsam, at home.",
                "- Please check your plants for slugs and snails before you bring them.",
            ),
            ("steps", "- Seeds are free: help yourself from the seed tin.\n", ""),
            ("heading", "**Getting there**\n", ""),
            ("weekday", "**When:** Sunday 10 May", "**When:** Saturday 10 May"),
            ("pots", "(4.7 in)", "(3.7 in)"),
            ("duration", "(2 hours)", "(3 hours)"),
        ),
    ),
    Swap(
        "Pelham",
        "Plain text with 'Label:' headings and numbered lists, please: a notice for the Pelham Allotments autumn plant "
        "swap, Saturday 26 September 2026, 9:30 am to noon (say how long), at the trading hut by the Marsh Lane gate. "
        "Parking goes under 'Getting there:'. Then how it works in three steps (set plants out, look round until "
        "swapping starts at 10, take as many as you brought) before what to bring: pots up to 10 cm (and in inches), "
        "saved seeds in marked envelopes, labels in every pot. No invasive plants. Questions to any Pelham committee "
        "member or the secretary.",
        PELHAM,
        3,
        (
            swap_spans(PELHAM, "How it works:", "What to bring:", "Questions:"),
            ("name", "Ask any Pelham committee member", "Ask any Pellham committee member"),
            (
                "labels",
                "3. Labels in every pot, with the plant's name and colour.",
                "3. Pots with drainage holes, please.",
            ),
            (
                "invasive",
                "Please do not bring invasive plants such as Japanese knotweed, bamboo or Himalayan balsam.",
                "Please do not bring bags of compost or garden waste.",
            ),
            ("steps", "2. Have a look round before the swapping starts at 10:00 am.\n3. Take", "2. Take"),
            ("heading", "Getting there:\n", ""),
            ("weekday", "Date: Saturday 26 September", "Date: Sunday 26 September"),
            ("pots", "(3.9 in)", "(3.4 in)"),
            ("duration", "(2½ hours)", "(3 hours)"),
        ),
    ),
    Swap(
        "Greenbank",
        "A notice for our Greenbank Houseplant Swap, with ### headings and a key-facts table at the top: Wednesday 11 "
        "March 2026, 6 pm to 7:45 pm (with how long that is), in the greenhouse at Greenbank Community Garden, free. "
        "A heading for getting there (behind the health centre on Mill Street). How it works in four steps (bring "
        "plants, a token each, spend tokens, ask for care tips) before what to bring: pots up to 7 cm (also in "
        "inches), a label on every plant, a tray. Tell people not to bring invasive plants. Questions by email to "
        "the Greenbank volunteers.",
        GREENBANK,
        4,
        (
            swap_spans(GREENBANK, "### How it works", "### What to bring", "### Questions"),
            ("name", "Email the Greenbank volunteers", "Email the Greenbanck volunteers"),
            (
                "labels",
                "- A label on every plant with its name and how much light it likes.",
                "- A note of how much light each plant likes.",
            ),
            (
                "invasive",
                "Please don't bring invasive plants, such as Japanese knotweed, or any pot with pests.",
                "Please don't bring any pot with pests.",
            ),
            ("steps", "- Ask our volunteers for repotting or care tips.\n", ""),
            ("heading", "### Getting there\n", ""),
            ("weekday", "| Wednesday 11 March", "| Thursday 11 March"),
            ("pots", "(2.8 in)", "(1.8 in)"),
            ("duration", "(1 hour 45 minutes)", "(2 hours 45 minutes)"),
        ),
    ),
)


def build(swap: Swap, on: dict[str, bool]) -> str:
    return slipped(swap.text, swap.slips, on, swap.name)


# Reading a notice -------------------------------------------------------------------------------


def stated_minutes(line: str) -> int | None:
    """The hours and minutes `line` states (`2½ hours`, `1 hour 45 minutes`) in minutes, or None."""
    hours, minutes = HOURS.search(line), MINUTES.search(line)
    if hours is None and minutes is None:
        return None
    total = int(minutes.group(1)) if minutes else 0
    if hours:
        total += 60 * int(hours.group(1)) + (30 if hours.group(2) else 0)
    return total


def duration_right(answer: str) -> bool:
    """Whether the first line with two times and a stated duration states the time between them."""
    line = next((s for s in answer.splitlines() if len(clocks(s)) >= 2 and stated_minutes(s) is not None), "")
    times = clocks(line)
    return len(times) >= 2 and times[1] - times[0] == stated_minutes(line)


def travel_heading(answer: str) -> bool:
    """Whether some heading is about getting there or parking."""
    return any((title := heading_of(line)) is not None and TRAVEL.search(title) for line in answer.splitlines())


def steps(answer: str) -> int:
    """The list items under the how-it-works heading."""
    return len(listed(section(answer, HOW) or []))


WORDINGS = {
    "name": ("Spells {name} the same way every time", "Uses one spelling of {name} throughout the notice"),
    "labels": ("Asks people to label their plants", "Tells swappers to put a name label on each plant they bring"),
    "invasive": (
        "Asks people not to bring invasive plants",
        "Makes clear that invasive species such as Japanese knotweed are not wanted",
    ),
    "order": (
        "Explains how the swap works before saying what to bring",
        "The 'How it works' section comes before 'What to bring'",
    ),
    "steps": ("Explains how it works in exactly {steps} steps", "The how-it-works list has {steps} steps"),
    "heading": ("Has a heading for getting there", "Puts the travel and parking details under their own heading"),
    "weekday": ("The weekday given matches the date of the swap", "The day of the week is right for the swap's date"),
    "pots": (
        "The pot size in inches is a correct conversion of the centimetres",
        "Converts the largest pot size from cm to inches correctly",
    ),
    "duration": (
        "The stated length of the swap matches its start and finish times",
        "Works out correctly how long the swap runs from the times given",
    ),
}
"""Two wordings of each kind of criterion, filled from the swap."""


def truths(swap: Swap, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, swap.name) == {swap.name.lower()},
        "labels": LABELS.search(answer) is not None,
        "invasive": INVASIVE.search(answer) is not None,
        "order": heading_order(answer, HOW, BRING),
        "steps": steps(answer) == swap.steps,
        "heading": travel_heading(answer),
        "weekday": weekdays_right(answer),
        "pots": converted(answer, CM, INCHES, 1 / CM_PER_INCH),
        "duration": duration_right(answer),
    }


def candidates(rng: random.Random, swap: Swap, answer: str) -> list[Criterion]:
    filled = {"name": swap.name, "steps": NUMBER_WORDS[swap.steps]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(swap, answer).items()
    ]


SWITCHES = ("order", "name", "labels", "invasive", "steps", "heading", "weekday", "pots", "duration")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, SWAPS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

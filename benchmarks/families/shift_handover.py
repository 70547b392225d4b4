"""Shift handover family (fresh28): a volunteer's handover note at the end of the shift a task
describes (a food bank's Saturday morning, an animal shelter's dog-walking shift, a charity shop's
afternoon on the till, a repair café's day), with the shift's times and hours, who was on, what is
still to do and what was done, the money taken with its total, a share of the day's work as a
percentage and who to contact, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh28`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the note (Markdown headings and bullets, bold labels with the money in a table, plain
`Label:` lines, a group message in a fenced block), written right and then changed by switches: the
jobs still to do before the jobs done or after them, the still-to-do part in substance or a `TBC`,
each to-do and done item one sentence or one run on into a second, one spelling of the coordinator's
surname or a slip once, no alarm or key safe code or one given, the hours stated as long as the
shift's two times or not, a total equal to the amounts listed or a little off, the volunteers counted
in words as they are named or one named more, and a percentage right for the two counts beside it or
not. Every truth is read from the text: the sections by their headings, sentences by their stops, the
shift by its two times (`clocks`) and its stated hours, the money as the lines with an amount (`money`)
under the money heading with the total from its line, the volunteers from the line that counts them,
the percentage from the first line with `N of M` and a `%`, the surname's spellings by likeness.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    clocks,
    heading_of,
    money,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
)

FAMILY = "shift_handover"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
WORD = re.compile(r"[A-Za-z0-9][\w'’-]*")
SENTENCE_END = re.compile(r"[.!?](?=\s+[A-Z0-9]|\s*$)")
TIME = re.compile(r"\b\d{1,2}:\d{2}(?:\s*[ap]\.?m\b\.?)?", re.I)
HOURS = re.compile(r"(\d+(?:\.\d+)?)\s*(?:h|hrs?|hours?)\b(?:\s*(?:and\s+)?(\d+)\s*(?:m|mins?|minutes?)\b)?", re.I)
CODE = re.compile(r"\b(?:alarm|door|key ?safe|lockbox|padlock)\b[^.\n]{0,20}?\bcode\b\W{0,3}(?:is\s+)?\d{3,}", re.I)
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
CREW = re.compile(rf"\b({'|'.join(NUMBER_WORDS)})\s+(?:of us|volunteers|people)\b", re.I)
SHARE = re.compile(r"(\d+)\s+(?:of|out of)\s+(?:the\s+|our\s+)?(\d+)\b[^%\n]*?\(?(\d+(?:\.(\d+))?)\s*%")
TODO = r"to do|still|outstanding|next shift|next time"
DONE = r"\bdone\b|completed"
MONEYS = r"\btakings?\b|\btill\b|\bmoney\b|\bcash\b|\bdonations?\b"


@dataclass(frozen=True)
class Handover:
    task: str
    text: str
    """The answer written right."""
    name: str
    """The place, as the criteria name it."""
    surname: str
    """The coordinator's surname."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


FOOD_TODO = """- Sort the tins from the school harvest collection into the date order on the shelves.
- Ring Mr Patel back about his delivery slot on Tuesday.
- Top up the nappies box from the storeroom."""
SHELTER_TODO = """- Bramble needs her ear drops at 2 pm.
- The new intake, Pip, has not been walked yet.
- The hose by kennel 6 is leaking and needs a new washer."""
SHOP_TODO = """Steam the coats that came in on Thursday.
Price the box of jigsaws under the counter.
Change the window display to the autumn one."""
CAFE_TODO = """- Order more fuses (we used the last 3 A ones).
- Call the owner of the Dyson back about the part.
- Return the soldering iron to Gareth."""

FOOD = f"""# Handover: Saturday morning, Eastgate Food Bank

**Shift:** 09:30–13:15 (3 h 45 min)

Four of us on shift: Dev, Ruth, Marek and Aisha.

## Still to do

{FOOD_TODO}

## Done

- Packed and gave out parcels at the front desk.
- Chilled delivery from the supermarket put in the fridge.
- Alarm set and the building locked at 13:10.

## Parcels

We gave out 36 of the 48 parcels we packed (75%). The other 12 are on the left-hand shelf.

## Donations

- Cash in the tin: £23.40
- Card reader: £65.00
- Sale of donated books: £12.50
- **Total: £100.90**

## Notes

Siobhan Gallagher is the coordinator on call this weekend. If anything comes up before Monday, message Siobhan Gallagher on the volunteers' group."""

SHELTER = f"""**Dog walking handover: Hillside Animal Rescue**

**Shift:** 7:45 am – 12:15 pm (4.5 hours)

**Volunteers**
Three volunteers on:
- Lena
- Tom
- Chidi

**Still to do**
{SHELTER_TODO}

**Done**
- Fifteen dogs walked on the long field loop.
- Kennels 1 to 8 hosed and dried.
- Food bowls washed and left to dry by the sink.

**Walks**
We walked 15 of the 24 dogs (62.5%); the rest go out with the afternoon team.

**Donations**
| Source | Amount |
|---|---|
| Donation box | £31.20 |
| Card reader | £45.00 |
| Calendar sales, 6 at £5.00 | £30.00 |
| **Total** | **£106.20** |

**Contact**
Marguerite Okafor is the duty manager today. Okafor's mobile is on the office noticeboard."""

SHOP = f"""Handover, Oxfam shop, High Street
Shift: 12:30 pm to 5:15 pm (4 hours 45 minutes)
Two of us on the till: Jan and Femi.

To do next shift:
{SHOP_TODO}

Done today:
Sorted the Monday donations into bags by type.
Hung the new stock of men's shirts by size.
Cashed up and put the float in the safe.

Books:
Sold 27 of the 40 books on the sale table (67.5%).

Till:
Cash £148.20
Card £212.45
Gift Aid tins £16.35
Total £377.00

Bernadette Kowalczyk is in tomorrow morning; leave any questions for Kowalczyk in the red book."""

CAFE = f"""Here is the handover for the group chat; it is all inside the block so it copies cleanly.

```text
HANDOVER - REPAIR CAFE, ST MARK'S HALL
Shift: 10:00-14:00 (4 hours)
Five volunteers: Ola, Priti, Gareth, Sue and Ben

TO DO NEXT TIME:
{CAFE_TODO}

DONE:
- Fixed lamps, toasters and a radio at the electrics table.
- Mended trousers and two coats at the sewing table.
- Swept the hall and stacked the chairs.

REPAIRS:
14 of the 20 items brought in were fixed (70%).

MONEY:
Donations jar: £38.60
Tea and cake: £24.90
Total: £63.50

Hamish Drummond keeps the money; Drummond will bank it on Monday.
```"""

FOOD_SENTENCES = (
    "- Chilled delivery from the supermarket put in the fridge. Two yoghurts were past their date, so I binned them."
)
SHELTER_SENTENCES = "- Kennels 1 to 8 hosed and dried. Kennel 3 still smells of disinfectant, so leave the door open."
SHOP_SENTENCES = "Hung the new stock of men's shirts by size. The large ones ran out, so there is a gap on the rail."
CAFE_SENTENCES = "- Swept the hall and stacked the chairs. The caretaker wants the side door kept locked."

HANDOVERS = (
    Handover(
        "Write the handover note for the next shift at Eastgate Food Bank. Our shift was 09:30 to 13:15 (give the hours too), four of us: Dev, Ruth, Marek and Aisha. Put what's still to do before what we did, one sentence per item. We gave out 36 of 48 parcels; give the percentage. Donations: tin £23.40, card £65.00, book sale £12.50, with the total. Coordinator on call is Siobhan Gallagher. Don't put the alarm code in the note.",
        FOOD,
        "Eastgate Food Bank",
        "Gallagher",
        (
            swap_spans(FOOD, "## Still to do", "## Done", "## Parcels"),
            ("todo", FOOD_TODO, "TBC"),
            ("sentences", "- Chilled delivery from the supermarket put in the fridge.", FOOD_SENTENCES),
            ("name", "message Siobhan Gallagher", "message Siobhan Gallacher"),
            ("no_code", "- Alarm set and", "- Alarm code 4172 entered, alarm set and"),
            ("hours", "(3 h 45 min)", "(3 h 15 min)"),
            ("total", "**Total: £100.90**", "**Total: £101.90**"),
            ("crew", "Marek and Aisha.", "Marek, Tom and Aisha."),
            ("share", "(75%)", "(72%)"),
        ),
    ),
    Handover(
        "Handover note for the afternoon dog walkers at Hillside Animal Rescue, with bold labels and the donations in a table. My shift was 7:45 am to 12:15 pm; give the hours. Three volunteers (Lena, Tom, Chidi). Still to do first, then done, each item a single sentence. We walked 15 of the 24 dogs, so say what percentage that is. Donations: box £31.20, card reader £45.00, six calendars at £5.00, and the total. Duty manager is Marguerite Okafor. Leave the key safe code out.",
        SHELTER,
        "Hillside Animal Rescue",
        "Okafor",
        (
            swap_spans(SHELTER, "**Still to do**", "**Done**", "**Walks**"),
            ("todo", SHELTER_TODO, "-"),
            ("sentences", "- Kennels 1 to 8 hosed and dried.", SHELTER_SENTENCES),
            ("name", "Okafor's mobile", "Okafur's mobile"),
            ("no_code", "- Food bowls washed", "- Key safe code is 2580; food bowls washed"),
            ("hours", "(4.5 hours)", "(4 hours)"),
            ("total", "**£106.20**", "**£105.20**"),
            ("crew", "- Chidi\n", "- Chidi\n- Maya\n"),
            ("share", "(62.5%)", "(65.5%)"),
        ),
    ),
    Handover(
        "Plain-text handover for the next volunteers at the Oxfam shop on the High Street, no Markdown. I was on 12:30 pm to 5:15 pm (put the hours), two of us on the till: Jan and Femi. The to-do list first, then what we did, each item a single sentence. 27 of the 40 sale books sold, as a percentage. Till: cash £148.20, card £212.45, Gift Aid tins £16.35, and the total. Bernadette Kowalczyk is in tomorrow. No alarm code in writing, please.",
        SHOP,
        "Oxfam shop",
        "Kowalczyk",
        (
            swap_spans(SHOP, "To do next shift:", "Done today:", "Books:"),
            ("todo", SHOP_TODO, "TBC"),
            ("sentences", "Hung the new stock of men's shirts by size.", SHOP_SENTENCES),
            ("name", "for Kowalczyk in", "for Kowalczk in"),
            ("no_code", "Cashed up and put", "Cashed up, set the alarm (alarm code 1962) and put"),
            ("hours", "(4 hours 45 minutes)", "(4 hours 15 minutes)"),
            ("total", "Total £377.00", "Total £376.00"),
            ("crew", "Jan and Femi.", "Jan, Femi and Lou."),
            ("share", "(67.5%)", "(62.5%)"),
        ),
    ),
    Handover(
        "Write a handover message for the repair café volunteers' group chat, in a code block so it pastes as plain text. Shift 10:00 to 14:00 (say how many hours). Five volunteers: Ola, Priti, Gareth, Sue and Ben. Jobs for next time first, then what was done, one sentence each. We fixed 14 of the 20 items: give the percentage. Money: donations jar £38.60, tea and cake £24.90, with the total. Hamish Drummond banks it. Don't include the lockbox code.",
        CAFE,
        "repair café",
        "Drummond",
        (
            swap_spans(CAFE, "TO DO NEXT TIME:", "DONE:", "REPAIRS:"),
            ("todo", CAFE_TODO, ""),
            ("sentences", "- Swept the hall and stacked the chairs.", CAFE_SENTENCES),
            ("name", "Drummond will bank", "Drummund will bank"),
            ("no_code", "- Swept the hall", "- Lockbox code 7731 for the tools; swept the hall"),
            ("hours", "(4 hours)", "(3.5 hours)"),
            ("total", "Total: £63.50", "Total: £62.50"),
            ("crew", "Sue and Ben", "Sue, Ben and Rob"),
            ("share", "(70%)", "(75%)"),
        ),
    ),
)


def build(handover: Handover, on: dict[str, bool]) -> str:
    return slipped(handover.text, handover.slips, on, handover.name)


# Reading a handover -----------------------------------------------------------------------------


def heading_at(answer: str, pattern: str) -> int | None:
    """The line number of the first heading `pattern` finds, or None."""
    titles = ((at, heading_of(line) or "") for at, line in enumerate(answer.splitlines()))
    return next((at for at, title in titles if title and re.search(pattern, title, re.I)), None)


def words(text: str) -> int:
    return len(WORD.findall(text))


def sentences(text: str) -> int:
    """The sentences of `text`: its stops before a capital or a figure, or at the end, at least one."""
    return max(1, len(SENTENCE_END.findall(text.strip())))


def listed(lines: list[str]) -> list[str]:
    """Each item, its bullet or number taken off."""
    return [ITEM.sub("", line).strip() for line in lines if ITEM.sub("", line).strip()]


def hours_right(answer: str) -> bool:
    """The first line with two times of day states the minutes between them as hours (and minutes)."""
    line = next((s for s in answer.splitlines() if len(clocks(s)) >= 2), "")
    times = clocks(line)
    stated = HOURS.search(TIME.sub(" ", line))
    if len(times) < 2 or stated is None:
        return False
    minutes = float(stated.group(1)) * 60 + int(stated.group(2) or 0)
    return abs(minutes - (times[1] - times[0])) < 0.5


def takings_right(answer: str) -> bool:
    """The amounts under the money heading, the total's line left out, add up to the total's."""
    lines = section(answer, MONEYS) or []
    amounts = [money(line)[-1] for line in lines if money(line) and "total" not in line.lower()]
    total = next((money(line)[-1] for line in lines if "total" in line.lower() and money(line)), None)
    return bool(amounts) and total is not None and sum(amounts) == total


def crew(answer: str) -> tuple[int | None, int]:
    """The number of volunteers the line that counts them gives in words, and the names after it
    (on its own line after a colon, or as the listed lines that follow)."""
    lines = answer.splitlines()
    at = next((i for i, line in enumerate(lines) if CREW.search(line)), None)
    if at is None:
        return None, 0
    stated = NUMBER_WORDS.index(CREW.search(lines[at]).group(1).lower())
    after = lines[at].partition(":")[2].strip().rstrip(".")
    if after:
        return stated, len([n for n in re.split(r",\s*|\s+and\s+", after) if n.strip()])
    names = 0
    for line in lines[at + 1 :]:
        if ITEM.match(line):
            names += 1
        elif line.strip():
            break
    return stated, names


def share_right(answer: str) -> bool:
    found = next((m for line in answer.splitlines() if (m := SHARE.search(line))), None)
    if found is None:
        return False
    part, whole, stated = int(found.group(1)), int(found.group(2)), float(found.group(3))
    return abs(stated - 100 * part / whole) <= 0.5 * 10 ** -len(found.group(4) or "") + 1e-9


WORDINGS = {
    "order": (
        "Puts the jobs still to do before the jobs that were done",
        "The still-to-do list comes first, ahead of what was done",
    ),
    "todo": (
        "The still-to-do section says what is left, not just a heading",
        "Gives the next shift the jobs that are left in substance",
    ),
    "sentences": (
        "Keeps each to-do and done item to one sentence",
        "No item in the to-do or done lists runs past a single sentence",
    ),
    "name": (
        "Spells the coordinator's surname {surname} the same way throughout",
        "{surname} is spelt one way every time",
    ),
    "no_code": ("Leaves any alarm, door or key safe code out of the note", "Does not write down a security code"),
    "hours": (
        "The hours it states for the shift match the shift's start and end times",
        "The shift length it gives is right for its start and finish times",
    ),
    "total": ("The money total equals the sum of the amounts listed", "Its listed takings add up to the stated total"),
    "crew": (
        "The number of volunteers it gives in words matches the names listed",
        "Says how many volunteers were on, and names that many",
    ),
    "share": (
        "The percentage it gives is right for the two numbers beside it",
        "Works out the percentage from the counts it states correctly",
    ),
}
"""Two wordings of each kind of criterion, filled from the handover."""


def truths(handover: Handover, answer: str) -> dict[str, bool]:
    todo_at, done_at = heading_at(answer, TODO), heading_at(answer, DONE)
    todo, done = section(answer, TODO), section(answer, DONE)
    items = listed([*(todo or []), *(done or [])])
    stated, named = crew(answer)
    return {
        "order": todo_at is not None and done_at is not None and todo_at < done_at,
        "todo": todo is not None and words(" ".join(todo)) >= 10,
        "sentences": bool(items) and all(sentences(item) == 1 for item in items),
        "name": spellings(answer, handover.surname) == {handover.surname.lower()},
        "no_code": not CODE.search(answer),
        "hours": hours_right(answer),
        "total": takings_right(answer),
        "crew": stated is not None and stated == named,
        "share": share_right(answer),
    }


def candidates(rng: random.Random, handover: Handover, answer: str) -> list[Criterion]:
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], surname=handover.surname), truth, kind, FAMILY)
        for kind, truth in truths(handover, answer).items()
    ]


SWITCHES = ("order", "todo", "sentences", "name", "no_code", "hours", "total", "crew", "share")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, HANDOVERS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

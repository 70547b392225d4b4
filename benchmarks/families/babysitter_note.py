"""Babysitter note family (fresh32): the note a parent asks for to leave a babysitter for an evening
(two children on a Saturday night, a five-year-old while his parents are at a work do, a brother and
sister with a toddler, a six-year-old while his parents are out to dinner), with when the parents are
out, who to call, the bedtime routine, food, an allergy and a medicine given earlier, and the pay, a
kind of answer no grader was run on while any of its rules was written. Run only as `--set fresh32`,
never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the note (Markdown headings with a bulleted and a numbered list, bold headings with
bullets, plain `Label:` lines with numbered lists, or `###` headings under a key-facts table), written
right and then changed by switches. Every truth is read from the text: the child's name by its
spellings, words in capitals, the sections by their headings and the list items under them, the words
as runs of letters, the evening from the first line with two times of day that is not the medicine's,
the pay from the line with an hourly rate, the next dose from the medicine's line (its two times and its
hours), and the stated number of contacts from the first number before "numbers" or "people" in their
section.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import Decimal

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    clocks,
    heading_order,
    line_with,
    listed,
    money,
    number_in,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    word_count,
)

FAMILY = "babysitter_note"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
CAPITALS = re.compile(r"\b[A-Z]{3,}\b")
CONTACTS = r"emergency|who to call|phone numbers|contacts"
ROUTINE = r"bedtime"
HOURLY = re.compile(r"an hour|per hour|hourly", re.I)
HOURS = re.compile(r"\b(\w+)\s+hours?\b", re.I)
STATED = re.compile(r"\b(\w+) (?:numbers|people|contacts)\b", re.I)
DAY = 24 * 60


@dataclass(frozen=True)
class Note:
    name: str
    """The child whose name is spelt one way, as it is spelt."""
    task: str
    text: str
    """The answer written right."""
    allergic: str
    allergen: str
    """The child with the allergy, and what to (as the note writes it, in lower case)."""
    medicine: str
    """The medicine given before the parents went out, as the note names it."""
    steps: int
    limit: int
    """The bedtime routine's steps, and the note's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


FREYA = """# Babysitting notes for Megan

Thanks so much for looking after Freya and Oscar on Saturday. We'll be out from 6:30 pm until 11:00 pm.

## Emergency contacts
Ring these three people, in this order.
- Priya (mum): 07700 900 412
- Dev (dad): 07700 900 518
- Grandma Anne, two streets away: 07700 900 733

In an emergency, call 999 first and then us.

## Bedtime routine
1. Bath for Oscar at 6:45 pm; Freya can shower on her own.
2. Pyjamas and teeth, then one story each.
3. Oscar's light off at 7:30 pm, with his night light on.
4. Freya can read in bed until 8:15 pm, then lights out.

## Food and health
Dinner is pasta bake in the fridge: three minutes in the microwave, stirred halfway.
Oscar is allergic to peanuts, so no nuts of any kind, and please check the labels on snacks.
Calpol: Oscar had 5 ml at 2:30 pm for his teeth; if he needs more, he can have another 5 ml four hours later, from 6:30 pm.
Please do not let them have screens after 7:00 pm.

## Pay
We'll pay £12.00 an hour, so £54.00 for the evening, in cash on the kitchen table.
"""

MATTHEW = """**Notes for Jas: Friday night with Matthew**

Hi Jas, thank you for stepping in! We're out from 7:00 pm until 12:30 am at Tom's work do.

**Who to call**
There are four people you can call, in this order.
- Claire: 07700 900 261
- Tom: 07700 900 374
- Nana Joan: 07700 900 819
- Rachel next door at number 14: 07700 900 145

If anything serious happens, ring 999 straight away.

**Bedtime**
- Oat-milk hot chocolate (in the fridge door) at 7:15 pm
- Bath, then pyjamas and teeth
- Two stories in bed, then the night light on
- Lights out by 8:00 pm; if he calls out, just tuck him back in
- Leave his door open a crack

**Health**
Matthew is allergic to cows' milk: only the oat milk and the snacks in the blue box.
He had 2.5 ml of ibuprofen at 4:00 pm for a temperature; he can have another 2.5 ml six hours later, at 10:00 pm, if he needs it.

**House**
Please do not open the front door to anyone, and keep the back door locked.

**Pay:** £11.00 an hour, so £60.50 for the night.
"""

SIENNA = """Notes for Ellie

When: Thursday, 6:00 pm to 10:30 pm (we're at parents' evening and then dinner)

Emergency numbers:
Two people to ring, me first.
1. Kate (mum): 07700 900 630
2. Rob (dad): 07700 900 297
For anything serious, dial 999 before you ring us.

Bedtime routine:
1. Leo's milk in the blue cup at 6:30 pm
2. Nappy, sleeping bag, then into the cot with his bunny
3. Sienna's bath at 7:30 pm
4. Sienna reads to herself for twenty minutes
5. Sienna's light off at 8:30 pm

Food and medicine:
Fish fingers and peas for tea; there's fruit for pudding.
Leo is allergic to eggs, so no cake, pancakes or mayonnaise.
Piriton: Sienna had 5 ml at 5:00 pm for her hay fever; the next dose is due 4 hours later, at 9:00 pm, if her eyes are itchy.
Please do not let Sienna talk you into a later bedtime.

Pay:
£13.00 per hour, which comes to £58.50.
"""

ZACHARY = """### Babysitting: Saturday with Zachary

| | |
|---|---|
| Sitter | Kofi |
| Out | 7:00 pm to 11:15 pm |
| Where we'll be | Dinner at Luca's, Market Street |
| Pay | £12.00 an hour, £51.00 for the evening |

### Phone numbers
There are two people to call, mum first.
- Ama: 07700 900 508
- Kwame: 07700 900 664

If it's an emergency, call 999 and then us.

### Bedtime
1. Supper: toast and a banana at 7:15 pm
2. Bath and teeth
3. One chapter of his book at 8:00 pm
4. Lights out, door open, landing light on

### Health
Zachary has a sesame allergy: no hummus or seeded bread, even if he asks.
Calpol: he had 7.5 ml at 1:45 pm; he can have another 7.5 ml 4 hours after that, so from 5:45 pm, if his ear hurts.
Please do not give him fizzy drinks.
"""

MORE = (
    " A few other things while we remember: the heating is on a timer, so the house may feel cool after ten, and"
    " there are spare blankets in the airing cupboard on the landing. The cat has been fed already, whatever she"
    " tells you, and the bins do not need doing. If a parcel comes, just leave it in the porch and we will sort it"
    " out tomorrow. The remote for the television is usually down the side of the sofa, and the good biscuits are"
    " in the tin above the kettle, so help yourself. If the smoke alarm chirps, it only wants a new battery, and"
    " there are spares in the kitchen drawer by the back door. Thank you again, and have a lovely quiet evening."
)

NOTES = (
    Note(
        "Freya",
        "Write babysitting notes for Megan, who's looking after Freya (7) and Oscar (4) on Saturday while we're out "
        "from 6:30 pm to 11:00 pm. Markdown headings. Emergency contacts first (me, Priya, 07700 900 412; Dev "
        "07700 900 518; Grandma Anne two streets away, 07700 900 733), saying how many people to ring, and to "
        "call 999 first in an emergency. Then the bedtime routine as 4 numbered steps (Oscar's bath at 6:45, stories, "
        "Oscar's light off at 7:30, Freya reads until 8:15). Food and health: pasta bake in the fridge, Oscar's "
        "peanut allergy, and Oscar had 5 ml Calpol at 2:30 pm, so say when he can next have some (4 hours apart). "
        "No screens after 7. Pay is £12 an hour: work out the total. Friendly, no shouting in capitals, under 235 "
        "words.",
        FREYA,
        "Oscar",
        "peanut",
        "Calpol",
        4,
        235,
        (
            swap_spans(FREYA, "## Emergency contacts", "## Bedtime routine", "## Food and health"),
            ("name", "Freya can shower", "Freyja can shower"),
            (
                "allergy",
                "Oscar is allergic to peanuts, so no nuts of any kind, and please check the labels on snacks.\n",
                "",
            ),
            ("no_capitals", "Please do not let them", "Please do NOT let them"),
            ("steps", "4. Freya can read in bed until 8:15 pm, then lights out.\n", ""),
            ("short", "on the kitchen table.", "on the kitchen table." + MORE),
            ("pay", "so £54.00 for the evening", "so £48.00 for the evening"),
            ("dose", "four hours later, from 6:30 pm", "four hours later, from 6:00 pm"),
            ("contacts", "Ring these three people", "Ring these four people"),
        ),
    ),
    Note(
        "Matthew",
        "Can you write a note for Jas, who is babysitting Matthew (5) on Friday from 7:00 pm until 12:30 am while "
        "we're at Tom's work do? Bold headings and bullets. Who to call first, saying how many people: Claire 07700 "
        "900 261, Tom 07700 900 374, Nana Joan 07700 900 819, Rachel next door at 14 on 07700 900 145; ring 999 for "
        "anything serious. Then bedtime in 5 bullet steps (oat-milk hot chocolate at 7:15, bath, two stories, lights "
        "out by 8, door open a crack). He's allergic to cows' milk, and had 2.5 ml ibuprofen at 4 pm, so give the time "
        "of the next dose (6 hours apart). Don't open the door to anyone. Pay: £11 an hour, with the total. No capital "
        "letters for emphasis; keep it under 230 words.",
        MATTHEW,
        "Matthew",
        "milk",
        "ibuprofen",
        5,
        230,
        (
            swap_spans(MATTHEW, "**Who to call**", "**Bedtime**", "**Health**"),
            ("name", "Friday night with Matthew**", "Friday night with Mathew**"),
            ("allergy", "Matthew is allergic to cows' milk: only", "Only"),
            ("no_capitals", "Please do not open the front door", "Please do NOT open the front door"),
            ("steps", "- Two stories in bed, then the night light on\n", ""),
            ("short", "keep the back door locked.", "keep the back door locked." + MORE),
            ("pay", "so £60.50 for the night", "so £55.00 for the night"),
            ("dose", "six hours later, at 10:00 pm", "six hours later, at 9:00 pm"),
            ("contacts", "There are four people", "There are three people"),
        ),
    ),
    Note(
        "Sienna",
        "Plain text please, Label: lines and numbered lists, no Markdown: notes for Ellie, babysitting Sienna (8) and "
        "Leo (2) on Thursday, 6:00 to 10:30 pm, while we're at parents' evening and dinner. Emergency numbers first, "
        "saying how many (Kate 07700 900 630, Rob 07700 900 297) and to dial 999 before ringing us. Bedtime in 5 "
        "numbered steps: Leo's milk at 6:30, nappy and cot, Sienna's bath at 7:30, twenty minutes' reading, her light "
        "off at 8:30. Fish fingers for tea; Leo is allergic to eggs. Sienna had 5 ml Piriton at 5 pm: give the time of "
        "the next dose, 4 hours on. Pay £13 per hour, with the total. No words in capitals; under 210 words.",
        SIENNA,
        "Leo",
        "egg",
        "Piriton",
        5,
        210,
        (
            swap_spans(SIENNA, "Emergency numbers:", "Bedtime routine:", "Food and medicine:"),
            ("name", "Sienna's bath at", "Siena's bath at"),
            ("allergy", "Leo is allergic to eggs, so no cake", "So no cake"),
            ("no_capitals", "Please do not let Sienna", "Please DO NOT let Sienna"),
            ("steps", "5. Sienna's light off at 8:30 pm\n", ""),
            ("short", "a later bedtime.", "a later bedtime." + MORE),
            ("pay", "which comes to £58.50", "which comes to £52.00"),
            ("dose", "4 hours later, at 9:00 pm", "4 hours later, at 8:00 pm"),
            ("contacts", "Two people to ring", "Three people to ring"),
        ),
    ),
    Note(
        "Zachary",
        "Babysitting note for Kofi, who's with Zachary (6) on Saturday from 7:00 pm to 11:15 pm while we have dinner "
        "at Luca's on Market Street. ### headings, with the key facts (sitter, times, where we'll be, pay at £12 an "
        "hour and the total) in a table at the top. Phone numbers (Ama 07700 900 508, Kwame 07700 900 664; say how many, "
        "and 999 in an emergency) before a 4-step bedtime (toast and banana at 7:15, bath and teeth, a chapter at 8, "
        "lights out). Mention his sesame allergy, and that he had 7.5 ml Calpol at 1:45 pm: when can he next have "
        "it, 4 hours on? No fizzy drinks. Don't use capitals for emphasis, and stay under 195 words.",
        ZACHARY,
        "Zachary",
        "sesame",
        "Calpol",
        4,
        195,
        (
            swap_spans(ZACHARY, "### Phone numbers", "### Bedtime", "### Health"),
            ("name", "### Babysitting: Saturday with Zachary", "### Babysitting: Saturday with Zackary"),
            ("allergy", "Zachary has a sesame allergy: no hummus", "No hummus"),
            ("no_capitals", "Please do not give him", "Please do NOT give him"),
            ("steps", "4. Lights out, door open, landing light on\n", ""),
            ("short", "give him fizzy drinks.", "give him fizzy drinks." + MORE),
            ("pay", "£51.00 for the evening", "£48.00 for the evening"),
            ("dose", "so from 5:45 pm", "so from 5:15 pm"),
            ("contacts", "There are two people to call", "There are three people to call"),
        ),
    ),
)


def build(note: Note, on: dict[str, bool]) -> str:
    return slipped(note.text, note.slips, on, note.name)


# Reading a note ---------------------------------------------------------------------------------


def spelt_right(answer: str, name: str) -> bool:
    """Every word like the child's name is the name, and it is there."""
    return spellings(answer, name) == {name.lower()}


def allergy_given(answer: str, allergen: str) -> bool:
    """Some line names an allergy and the thing the child is allergic to."""
    return any("allerg" in line.lower() and allergen in line.lower() for line in answer.splitlines())


def evening(answer: str, medicine: str) -> int | None:
    """The minutes between the two times on the first line with two that is not the medicine's (past midnight too)."""
    line = next((s for s in answer.splitlines() if len(clocks(s)) >= 2 and medicine.lower() not in s.lower()), "")
    if not line:
        return None
    start, end = clocks(line)[:2]
    return (end - start) % DAY


def pay_right(answer: str, medicine: str) -> bool:
    """On the line with an hourly rate, the first amount (the rate) times the evening's hours is the last."""
    line = next((s for s in answer.splitlines() if HOURLY.search(s) and len(money(s)) >= 2), "")
    minutes = evening(answer, medicine)
    if not line or not minutes:
        return False
    rate, total = money(line)[0], money(line)[-1]
    return rate * Decimal(minutes) / 60 == total


def dose_right(answer: str, medicine: str) -> bool:
    """On the medicine's line, the second time is the stated number of hours after the first."""
    line = line_with(answer, medicine.lower())
    times, hours = clocks(line), HOURS.search(line)
    count = number_in(hours.group(1)) if hours else None
    return len(times) >= 2 and count is not None and times[1] - times[0] == 60 * count


def contacts_right(answer: str) -> bool:
    """The number of contacts the section states (before "numbers" or "people") is the number it lists."""
    lines = section(answer, CONTACTS) or []
    stated = next(
        (n for line in lines for m in STATED.finditer(line) if (n := number_in(m.group(1))) is not None), None
    )
    return stated is not None and stated == len(listed(lines))


WORDINGS = {
    "name": ("Spells {name}'s name the same way every time", "Uses the spelling {name} throughout"),
    "allergy": (
        "Mentions {allergic}'s {food} allergy",
        "Warns the sitter that {allergic} is allergic to {foods}",
    ),
    "no_capitals": (
        "Avoids writing words in all capitals for emphasis",
        "Keeps a calm tone, with no shouting in capital letters",
    ),
    "order": (
        "Puts the emergency contacts before the bedtime routine",
        "The phone numbers come ahead of the bedtime section",
    ),
    "steps": (
        "Gives the bedtime routine as exactly {steps} steps",
        "The bedtime routine has {steps} steps, no more and no fewer",
    ),
    "short": ("Keeps the whole note under {limit} words", "The note is no longer than {limit} words"),
    "pay": (
        "The total pay is the hourly rate times the hours the parents are out",
        "Works out the babysitter's pay correctly from the rate and the times",
    ),
    "dose": (
        "The time of the next {medicine} dose is the stated number of hours after the last one",
        "Gets the time the next dose of {medicine} is allowed right",
    ),
    "contacts": (
        "The number of people it says to call matches the contacts listed",
        "Says how many people to call, and lists that many",
    ),
}
"""Two wordings of each kind of criterion, filled from the note."""


def truths(note: Note, answer: str) -> dict[str, bool]:
    return {
        "name": spelt_right(answer, note.name),
        "allergy": allergy_given(answer, note.allergen),
        "no_capitals": CAPITALS.search(answer) is None,
        "order": heading_order(answer, CONTACTS, ROUTINE),
        "steps": len(listed(section(answer, ROUTINE) or [])) == note.steps,
        "short": word_count(answer) < note.limit,
        "pay": pay_right(answer, note.medicine),
        "dose": dose_right(answer, note.medicine),
        "contacts": contacts_right(answer),
    }


def candidates(rng: random.Random, note: Note, answer: str) -> list[Criterion]:
    filled = {
        "name": note.name,
        "allergic": note.allergic,
        "food": note.allergen,
        "foods": {"peanut": "peanuts", "egg": "eggs", "milk": "cows' milk"}.get(note.allergen, note.allergen),
        "medicine": note.medicine,
        "steps": NUMBER_WORDS[note.steps],
        "limit": note.limit,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(note, answer).items()
    ]


SWITCHES = ("order", "name", "allergy", "no_capitals", "steps", "short", "pay", "dose", "contacts")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, NOTES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Pet sitter report family (fresh40): the report a pet sitter asks for to leave the owners at the end of a stay
(an old cat on tablets, a spaniel walked three times a day, two cats over New Year, a Labrador on joint tablets),
with a summary, the log of visits, food and medicine, anything that went wrong, what to know on their return and
where the keys are, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh40`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the report (Markdown headings with food and medicine in a table, bold labels with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then changed by
switches. Every truth is read from the text: the pet's name by its spellings, a security code and the incident by
the words that write them, the sections by their headings, the notes for the owners' return as the list items of
their section, the summary's words under its heading, the food from the first line with kilograms and grams a day
(the first weight less the grams a day times the days against the last weight), the doses from the first line
saying a day and given (the dose times how often times the days against the last figure), and the weekdays from the
lines that name a date and a weekday.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    figure_value,
    first_figure,
    heading_order,
    listed,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    weekdays_right,
    word_count,
)

FAMILY = "pet_sitter_report"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
CODE = re.compile(r"\b(?:code|pin)\b\D{0,12}\d{3,6}\b", re.I)
VISITS = r"visit|walks"
FOOD = r"food|feeding"
BACK = r"when you('|’)re back|your return"
SUMMARY = r"summary|got on|overview"
KG = re.compile(r"(\d+(?:\.\d+)?)\s*kg\b")
PER_DAY = re.compile(r"(\d+)\s*g\s+(?:a|per)\s+day\b")
DAYS = re.compile(r"\b(\d+)\s+days\b")
DOSE = re.compile(r"\d+(?:\.\d+)?|½")
OFTEN = {"once a day": 1, "twice a day": 2, "three times a day": 3}
FREQUENCY = re.compile("|".join(OFTEN), re.I)
MARKER = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")


@dataclass(frozen=True)
class Stay:
    name: str
    """The pet, as its name is spelt."""
    task: str
    text: str
    """The answer written right."""
    incident: str
    """What went wrong, as a criterion names it."""
    sign: str
    """A pattern for the words that tell of it."""
    notes: int
    limit: int
    """The notes for the owners' return asked for and the summary's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


BISCUIT = """# Pet sitting report: Biscuit

Hi Jo and Sam,

## Summary
Biscuit has been a happy, chatty cat all week. She ate well, had her tablets every morning and evening, and spent most afternoons asleep on your bed.

## Visit log
- Saturday 1 August 2026: 8:00 am and 6:00 pm
- Sunday 2 August 2026: 8:15 am and 6:00 pm
- Monday 3 August 2026: 7:45 am and 5:45 pm
- Tuesday 4 August 2026: 8:00 am and 6:30 pm
- Wednesday 5 August 2026: 8:00 am and 6:00 pm
- Thursday 6 August 2026: 8:10 am and 6:00 pm
- Friday 7 August 2026: 8:00 am

## Food and medicine
| Item | Notes |
|---|---|
| Dry food | new 2 kg bag opened on Saturday; 60 g a day for 7 days is 420 g, so 1.58 kg is left |
| Felimazole | 1 tablet twice a day for 7 days: 14 tablets given |

## Anything to report
She brought up a hairball on Tuesday morning, but was her usual self by the evening and ate all her dinner.

## When you're back
1. The tablets run out on Monday, so the repeat prescription is due.
2. I have put the post on the kitchen table.
3. The back bedroom window is shut: it was open when I arrived.

## Keys
I locked up at 8:20 am on Friday and put the key back in the key safe.

Thanks for having me,
Ellie (Paws at Home)
"""

PEPPER = """**Pepper's week: report from your dog sitter**

Hi Dev,

**How Pepper got on**
Pepper has been full of beans. She loved her beach walks, slept soundly every night and has been very good in the house.

**Walks and visits**
- Saturday 17 October 2026: walks at 7:30 am and 4:00 pm, lunch visit at 12:30 pm
- Sunday 18 October 2026: walks at 7:30 am and 4:15 pm, lunch visit at 12:30 pm
- Monday 19 October 2026: walks at 7:45 am and 4:00 pm, lunch visit at 1:00 pm
- Tuesday 20 October 2026: walks at 7:30 am and 4:00 pm, lunch visit at 12:30 pm
- Wednesday 21 October 2026: walks at 7:30 am and 3:45 pm, lunch visit at 12:45 pm
- Thursday 22 October 2026: morning walk at 7:30 am

**Food and medicine**
- Dinner: a new 3 kg bag; 150 g a day for 6 days is 900 g, so 2.1 kg is left.
- Joint chews: 1 chew twice a day for 6 days, 12 chews given.

**Anything to report**
- On Monday she cut a paw pad on a shell at the beach. I bathed it in salt water and it has healed well.

**For your return**
- There is fresh milk and bread in the fridge.
- The dog bed cover has been washed and is on the radiator.
- She is due her flea treatment on Saturday.
- The hall light bulb has gone.

**Keys**
- I set the alarm every time I left and posted the key back through the letterbox on Thursday.

Best wishes,
Tom
"""

MITTENS = """CAT SITTING REPORT: MITTENS AND SOOTY

Dear Mrs Achebe,

Summary:
Mittens and Sooty have been settled and affectionate. Mittens slept through the fireworks on New Year's Eve, and Sooty took his tablet in a treat every time.

Visit log:
1. Sunday 27 December 2026: 9:00 am and 5:00 pm
2. Monday 28 December 2026: 9:00 am and 5:00 pm
3. Tuesday 29 December 2026: 9:30 am and 5:00 pm
4. Wednesday 30 December 2026: 9:00 am and 4:30 pm
5. Thursday 31 December 2026: 9:00 am and 6:00 pm
6. Friday 1 January 2027: 10:00 am and 5:00 pm
7. Saturday 2 January 2027: 9:00 am

Food and medicine:
1. Dry food: I started a 1.5 kg bag; the two of them eat 80 g a day, so 560 g over 7 days and 0.94 kg left.
2. Sooty's thyroid tablets: ½ tablet twice a day for 7 days, 7 tablets given.

Anything to report:
On New Year's Eve the cats knocked the spider plant off the windowsill and the plant pot broke. I swept up and put the plant in a spare pot.

When you're back:
1. The litter trays were cleaned this morning.
2. There are four pouches of wet food left.
3. Your parcel is in the porch.

Keys:
The front door keypad is locked, and the spare key is with your neighbour, as you asked.

Kind regards,
Priya Lal
"""

HECTOR = """### Hector's stay at home: sitter's report

| Stay | |
|---|---|
| Dog | Hector, 11-year-old Labrador |
| Owners | the Brennan family |
| Sitter | Grace Obi |
| Stay | five days, with two walks a day |

### Overview
Hector has been a gentle, easy companion. He enjoyed his slow walks by the canal and ate every meal.

### Visit log
- Saturday 4 April 2026: 8:00 am and 5:00 pm
- Sunday 5 April 2026: 8:00 am and 5:00 pm
- Monday 6 April 2026: 8:30 am and 5:30 pm
- Tuesday 7 April 2026: 8:00 am and 5:00 pm
- Wednesday 8 April 2026: 8:00 am

### Food and medicine
| Item | Notes |
|---|---|
| Kibble | 2 kg bag; 250 g a day for 5 days is 1.25 kg, so 0.75 kg is left |
| Yumove | 2 tablets once a day for 5 days, 10 tablets given |

### Anything to report
On Monday a wasp stung him on the lip in the garden. The swelling went down within the hour, and he was fine.

### When you're back
- His towels are in the wash.
- The back gate latch is stiff, so I tied it shut.
- He has a little kibble left, so you will need a new bag soon.
- Your neighbour took in a parcel.

### Keys
I locked up and left the key in the key safe by the back door.
"""

DETAIL = (
    " I followed your instructions to the letter, kept the curtains drawn in the evenings, turned the lights on and"
    " off so the house looked lived in, watered the plants on the kitchen windowsill twice, and sent you a photo"
    " every day so you could see everything was fine."
)

STAYS = (
    Stay(
        "Biscuit",
        "Write my pet sitting report for Jo and Sam about their cat Biscuit, in Markdown. A summary of 40 words at "
        "most. Then the visit log, Saturday 1 to Friday 7 August 2026, with the weekday for each date (two visits a "
        "day, one on the Friday), before food and medicine in a table: a new 2 kg bag, 60 g a day for 7 days, say "
        "what's left; Felimazole, 1 tablet twice a day for 7 days, with the number given. Tell them about the "
        "hairball on Tuesday. Three things for when they're back (prescription, post, back bedroom window), and the "
        "key is back in the key safe: don't write the code in the report.",
        BISCUIT,
        "the hairball",
        r"\bhairball\b",
        3,
        40,
        (
            swap_spans(BISCUIT, "## Visit log", "## Food and medicine", "## Anything to report"),
            ("name", "Biscuit has been", "Biscut has been"),
            ("no_code", "in the key safe.", "in the key safe (code 4721)."),
            (
                "incident",
                "She brought up a hairball on Tuesday morning, but was her usual self by the evening and ate "
                "all her dinner.",
                "Nothing else to report: she ate all her dinners.",
            ),
            ("notes", "2. I have put the post on the kitchen table.\n3. The", "2. The"),
            ("summary", "asleep on your bed.", "asleep on your bed." + DETAIL),
            ("food", "so 1.58 kg is left", "so 1.42 kg is left"),
            ("doses", "14 tablets given", "7 tablets given"),
            ("weekday", "- Wednesday 5 August", "- Thursday 5 August"),
        ),
    ),
    Stay(
        "Pepper",
        "Can you write up my report for Dev about his spaniel Pepper? Bold labels and bullet points. Start with how "
        "she got on, 35 words or fewer. Walks and visits day by day, Saturday 17 to Thursday 22 October 2026, "
        "weekdays with the dates, before food and medicine: a new 3 kg bag at 150 g a day for 6 days (how much is "
        "left?) and joint chews, 1 twice a day for 6 days (how many given?). Mention the cut paw pad on Monday. Four "
        "things for his return: milk and bread, washed bed cover, flea treatment due Saturday, hall bulb. Keys: I "
        "set the alarm and posted the key; leave the alarm code out.",
        PEPPER,
        "the cut paw pad",
        r"\bpaw pad\b",
        4,
        35,
        (
            swap_spans(PEPPER, "**Walks and visits**", "**Food and medicine**", "**Anything to report**"),
            ("name", "Pepper has been full", "Peper has been full"),
            ("no_code", "I set the alarm every time", "I set the alarm (code 3390) every time"),
            (
                "incident",
                "On Monday she cut a paw pad on a shell at the beach. I bathed it in salt water and it has "
                "healed well.",
                "No problems at all this week.",
            ),
            ("notes", "- The dog bed cover has been washed and is on the radiator.\n", ""),
            ("summary", "very good in the house.", "very good in the house." + DETAIL),
            ("food", "so 2.1 kg is left", "so 2.9 kg is left"),
            ("doses", "12 chews given", "6 chews given"),
            ("weekday", "- Tuesday 20 October", "- Wednesday 20 October"),
        ),
    ),
    Stay(
        "Mittens",
        "Plain text with 'Label:' headings and numbered lists: my cat sitting report for Mrs Achebe about Mittens "
        "and Sooty over New Year. Summary in 40 words or fewer. The visit log from Sunday 27 December 2026 to "
        "Saturday 2 January 2027 with weekdays, then food and medicine: a 1.5 kg bag, 80 g a day between them for 7 "
        "days, and what's left; Sooty's ½ tablet twice a day for 7 days, with the tablets given. Tell her about the "
        "broken plant pot. Three points for when she's back (litter trays, four pouches left, parcel in the porch). "
        "Keys: keypad locked, spare key with the neighbour; no door code in writing.",
        MITTENS,
        "the broken plant pot",
        r"\bpot broke\b|\bbroken (?:plant )?pot\b|\bpot (?:was|got) broken\b",
        3,
        40,
        (
            swap_spans(MITTENS, "Visit log:", "Food and medicine:", "Anything to report:"),
            ("name", "Mittens slept through", "Mitens slept through"),
            ("no_code", "keypad is locked", "keypad (code 5581) is locked"),
            (
                "incident",
                "On New Year's Eve the cats knocked the spider plant off the windowsill and the plant pot "
                "broke. I swept up and put the plant in a spare pot.",
                "Both cats were as good as gold.",
            ),
            ("notes", "2. There are four pouches of wet food left.\n3. Your", "2. Your"),
            ("summary", "in a treat every time.", "in a treat every time." + DETAIL),
            ("food", "0.94 kg left", "0.92 kg left"),
            ("doses", "7 tablets given", "14 tablets given"),
            ("weekday", "6. Friday 1 January", "6. Thursday 1 January"),
        ),
    ),
    Stay(
        "Hector",
        "Sitter's report for the Brennan family about Hector, their 11-year-old Labrador, with ### headings and a "
        "key-facts table at the top. An overview of no more than 30 words, then the visit log from Saturday 4 to "
        "Wednesday 8 April 2026 with the weekdays, before a food and medicine table: a 2 kg bag of kibble at 250 g "
        "a day for 5 days (what's left?), Yumove 2 tablets once a day for 5 days (how many given?). Mention the wasp "
        "sting on Monday. Four points for when they're back (towels, gate latch, kibble, parcel). The key is in the "
        "key safe; do not put its code in.",
        HECTOR,
        "the wasp sting",
        r"\bwasp\b|\bstung\b",
        4,
        30,
        (
            swap_spans(HECTOR, "### Visit log", "### Food and medicine", "### Anything to report"),
            ("name", "Hector has been", "Hecter has been"),
            ("no_code", "in the key safe by", "in the key safe (code 1966) by"),
            (
                "incident",
                "On Monday a wasp stung him on the lip in the garden. The swelling went down within the "
                "hour, and he was fine.",
                "He was no trouble at all.",
            ),
            ("notes", "- The back gate latch is stiff, so I tied it shut.\n", ""),
            ("summary", "ate every meal.", "ate every meal." + DETAIL),
            ("food", "so 0.75 kg is left", "so 0.85 kg is left"),
            ("doses", "10 tablets given", "5 tablets given"),
            ("weekday", "- Monday 6 April", "- Tuesday 6 April"),
        ),
    ),
)


def build(stay: Stay, on: dict[str, bool]) -> str:
    return slipped(stay.text, stay.slips, on, stay.name)


# Reading a report ------------------------------------------------------------------------------


def food_right(answer: str) -> bool:
    """Whether on the first line with kilograms and grams a day the first weight less the grams a day times the days
    is the last weight."""
    line = next((line for line in answer.splitlines() if KG.search(line) and PER_DAY.search(line)), "")
    weights, per, days = KG.findall(line), first_figure(PER_DAY, line), first_figure(DAYS, line)
    if len(weights) < 2 or per is None or days is None:
        return False
    return abs(figure_value(weights[0]) * 1000 - per * days - figure_value(weights[-1]) * 1000) < 1e-6


def dose_figure(text: str) -> float:
    return 0.5 if text == "½" else figure_value(text)


def doses_right(answer: str) -> bool:
    """Whether the first line saying how often a day and given has its first figure (the dose, after any list
    number) times the doses a day times the days as its last figure."""
    line = next((line for line in answer.splitlines() if FREQUENCY.search(line) and "given" in line), "")
    line = MARKER.sub("", line)
    figures, often, days = DOSE.findall(line), FREQUENCY.search(line), first_figure(DAYS, line)
    if len(figures) < 3 or often is None or days is None:
        return False
    return dose_figure(figures[0]) * OFTEN[often.group(0).lower()] * days == dose_figure(figures[-1])


WORDINGS = {
    "name": ("Gets {name}'s name right every time", "Spells the pet's name, {name}, consistently"),
    "no_code": ("Does not write out any key safe, alarm or door code", "Leaves out all security codes for the house"),
    "incident": ("Tells the owners about {incident}", "Mentions {incident}"),
    "order": (
        "Gives the visit log before the food and medicine details",
        "The log of visits comes before the feeding notes",
    ),
    "notes": (
        "Lists exactly {notes} things for the owners to know on their return",
        "The section for when the owners are back has {notes} points",
    ),
    "summary": ("Keeps the summary to {limit} words or fewer", "The opening summary is no more than {limit} words"),
    "food": (
        "The food left equals the bag's weight minus the daily amount times the days",
        "Works out correctly how much food is left in the bag",
    ),
    "doses": (
        "The number of doses given matches the dose, how often and the number of days",
        "Counts the tablets or chews given correctly for the stay",
    ),
    "weekday": ("Every date in the visit log has the right weekday", "The days of the week in the log match the dates"),
}
"""Two wordings of each kind of criterion, filled from the stay."""


def truths(stay: Stay, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, stay.name) == {stay.name.lower()},
        "no_code": CODE.search(answer) is None,
        "incident": re.search(stay.sign, answer, re.I) is not None,
        "order": heading_order(answer, VISITS, FOOD),
        "notes": len(listed(section(answer, BACK) or [])) == stay.notes,
        "summary": 0 < word_count(" ".join(section(answer, SUMMARY) or [])) <= stay.limit,
        "food": food_right(answer),
        "doses": doses_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, stay: Stay, answer: str) -> list[Criterion]:
    filled = {"name": stay.name, "incident": stay.incident, "notes": NUMBER_WORDS[stay.notes], "limit": stay.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(stay, answer).items()
    ]


SWITCHES = ("order", "name", "no_code", "incident", "notes", "summary", "food", "doses", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, STAYS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

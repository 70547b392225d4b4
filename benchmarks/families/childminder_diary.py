"""Childminder diary family (fresh38): the daily diary a childminder asks for to send home with a child (a toddler, a
three-year-old, a baby, a two-year-old), with a short account of the day, meals, drinks, sleep, nappies or toilet trips,
the day's activities and notes for the parent, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh38`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the diary (Markdown headings with the drinks in a table, bold labels with bullets, plain `Label:` lines
with numbered lists, or `###` headings under a key-facts table), written right and then changed by switches. Every
truth is read from the text: the child's name by its spellings, a word that labels the child and the request to sign
the accident record by the words that write them, the sections by their headings, the summary's sentences as the
full stops, question and exclamation marks that end them, the activities as the list items of their section, each
sleep's length from the two times on its line, the drinks' total against the other amounts in ml of its section, and
the nappies as the list items of their section against the count before them.
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
    heading_of,
    listed,
    number_in,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
)

FAMILY = "childminder_diary"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
LABELS = re.compile(r"\b(?:naughty|fussy|difficult|stroppy|bad|a nightmare)\b", re.I)
RECORD = r"accident (?:form|record|book|sheet)"
ACCIDENT = re.compile(rf"\bsign\b[^.\n]{{0,30}}\b{RECORD}|\b{RECORD}\b[^.\n]{{0,40}}\bsign", re.I)
SUMMARY = r"nutshell|summary|glance"
NOTES = re.compile(r"notes|reminders|for tomorrow", re.I)
ACTIVITIES = r"what we did|activit|play\b"
SLEEP = r"sleep|naps?\b|rest\b"
DRINKS = r"drinks|bottles"
NAPPIES = r"napp|toilet|potty"
HOURS = re.compile(r"(\d+)\s*(?:hours?|hrs?)\b")
MINUTES = re.compile(r"(\d+)\s*(?:minutes|mins?)\b")
ML = re.compile(r"(\d+)\s*ml\b")
TOTAL = re.compile(r"\btotal\b", re.I)
SAY_COUNT = rf"\d+|{'|'.join(NUMBER_WORDS)}"
CHANGES = re.compile(rf"\b({SAY_COUNT})\s+(?:nappy changes|nappies|toilet trips)\b", re.I)
SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


@dataclass(frozen=True)
class Diary:
    name: str
    """The child, as the name is spelt."""
    task: str
    text: str
    """The answer written right."""
    activities: int
    """The activities asked for."""
    sentences: int
    """The summary's limit in sentences."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


MATILDA = """# Matilda's day: Tuesday 3 March 2026

Dropped off at 7:50 am by Dad, collected at 5:30 pm.

## Today in a nutshell
Matilda had a happy, busy day. She loved the walk to the duck pond and said "duck" lots of times.

## Meals
- Breakfast (8:15 am): porridge with banana, all eaten
- Lunch (11:45 am): shepherd's pie and peas, ate most of it
- Tea (4:00 pm): pasta with tomato sauce, about half

## Drinks
| Time | Drink | Amount |
|---|---|---|
| 9:30 am | water | 80 ml |
| 12:00 pm | milk | 150 ml |
| 3:15 pm | water | 100 ml |
| Total | | 330 ml |

## Sleep
- 12:25 pm to 2:10 pm (1 hour 45 minutes), in the travel cot

## Nappies
Four nappy changes today.
- 9:00 am, wet
- 11:30 am, dirty
- 2:15 pm, wet
- 4:30 pm, wet

## What we did
- walk to the duck pond with the buggy
- sponge painting
- stacking cups and blocks
- rhyme time at the library

## Notes for you
Matilda bumped her forehead on the coffee table at 10:40 am. I held a cold pack on it and she was fine within a few minutes. Please sign the accident form at pick-up. Could you pack more nappies for tomorrow?

Love, Sarah
"""

SEBASTIAN = """**Sebastian's daily diary, Wednesday 4 March 2026**

Dropped off at 8:10 am by Mum and collected at 4:45 pm by Grandma.

**At a glance**
A lovely, chatty day. Sebastian built a huge train track and was very proud of it. He was tired after lunch but perked up after his nap.

**Food**
- Breakfast: toast and yoghurt, ate it all
- Lunch: fish fingers, potatoes and peas, ate most of it
- Snack: halved grapes and a cracker

**Drinks**
- Water at 9:30 am: 120 ml
- Milk at 11:00 am: 150 ml
- Water with lunch: 100 ml
- Water at 3:00 pm: 90 ml
- Total: 460 ml

**Nap**
- On the sofa, 1:05 pm to 1:50 pm (45 minutes)

**Toilet**
Three toilet trips today, and dry in between.
- 10:15 am
- 12:40 pm
- 3:20 pm

**Activities**
- building the train track
- playdough shapes
- outdoor play in the garden
- baking flapjacks
- story time

**Reminders**
- Sebastian grazed his hand on the patio at 2:30 pm. I cleaned it and put a plaster on. Please sign the accident record when you collect him.
- He needs a spare pair of trousers in his bag.

Thanks, Jo
"""

FLORENCE = """Daily diary for Florence
Thursday 5 March 2026, with Anna at Little Acorns Childminding

Summary:
Florence was smiley all day and is getting very quick at crawling. She pulled herself up on the sofa twice.

Feeds and meals:
1. 8:30 am, baby porridge, finished it
2. 11:30 am, mashed sweet potato and lentils, most of it
3. 4:00 pm, pear puree and soft toast fingers

Bottles:
1. 7:45 am, 180 ml formula
2. 12:15 pm, 150 ml formula
3. 3:00 pm, 60 ml water from her beaker
Total: 390 ml

Naps:
1. 9:40 am to 10:25 am (45 minutes)
2. 1:00 pm to 2:35 pm (1 hour 35 minutes)

Nappies:
Five nappies today.
1. 8:00 am, wet
2. 10:30 am, wet
3. 12:00 pm, dirty
4. 2:40 pm, wet
5. 4:50 pm, wet

Play:
1. treasure basket
2. tummy time with the mirror
3. music and shakers

Notes for tomorrow:
Florence rolled off the play mat and bumped her head on the floor at 11:05 am; she cried briefly and was soon fine. Please sign the accident form when you pick her up. Her teething gel is nearly empty.

Love from Anna
"""

BENEDICT = """### Benedict's day with Priya

| | |
|---|---|
| Date | Friday 6 March 2026 |
| Arrived | 8:00 am |
| Collected | 5:15 pm |

### Summary
Benedict settled quickly and played happily all day. He said "more please" at snack time for the first time.

### Meals
| Meal | What he had | How much |
|---|---|---|
| Breakfast | Weetabix and milk | all |
| Lunch | chicken casserole and rice | most |
| Tea | vegetable omelette | half |

### Drinks
- 9:45 am, water: 100 ml
- 11:50 am, milk: 120 ml
- 2:30 pm, water: 100 ml
- 4:15 pm, diluted juice: 80 ml
- Total: 400 ml

### Sleep
- 12:30 pm to 2:00 pm (1 hour 30 minutes)

### Nappies
Three nappy changes, all wet.
- 9:15 am
- 12:20 pm
- 3:40 pm

### Activities
- sand tray with diggers
- walk to the park for the swings
- sticking and collage

### Notes
- Benedict tripped in the garden and grazed his knee at 3:10 pm. I cleaned it and put a plaster on. Please sign the accident book at collection.
- Please bring his sun hat now that it is getting brighter.

See you on Monday,
Priya
"""

EXTRA = (
    " We practised washing our hands before every meal. Tidy-up time went well. There was lots of laughing at the"
    " bubbles in the garden."
)

DIARIES = (
    Diary(
        "Matilda",
        "Can you write up today's diary for Matilda (18 months) for her parents, Tuesday 3 March 2026? Dad dropped her "
        "off at 7:50 and she's collected at 5:30. Markdown headings, please. A summary of no more than three sentences, "
        "then meals (porridge, shepherd's pie, pasta), drinks in a table (water 80 ml at 9:30, milk 150 ml at "
        "12, water 100 ml at 3:15) with the total, her nap from 12:25 to 2:10 with how long, four nappy changes (9 wet, "
        "11:30 dirty, 2:15 wet, 4:30 wet), the four things we did (duck pond walk, sponge painting, stacking cups, "
        "rhyme time). Finish with notes: she bumped her forehead at 10:40 and they need to sign the accident form; "
        "more nappies tomorrow. Keep it positive, no words like naughty or fussy. Sign it from me, Sarah.",
        MATILDA,
        4,
        3,
        (
            swap_spans(MATILDA, "## What we did", "## Notes for you", "Love, Sarah", "last"),
            ("name", "Matilda had a happy", "Mathilda had a happy"),
            ("no_labels", "ate most of it", "a bit fussy, ate some of it"),
            ("accident", " Please sign the accident form at pick-up.", ""),
            ("activities", "- sponge painting\n", ""),
            ("summary", "lots of times.", "lots of times." + EXTRA),
            ("sleep", "(1 hour 45 minutes)", "(1 hour 15 minutes)"),
            ("drinks", "| Total | | 330 ml |", "| Total | | 340 ml |"),
            ("nappies", "- 11:30 am, dirty\n", ""),
        ),
    ),
    Diary(
        "Sebastian",
        "Please write Sebastian's daily diary for his mum (Wednesday 4 March 2026), bold headings and bullets. In at "
        "8:10, Grandma collects at 4:45. An at-a-glance bit, four sentences at most. Food: toast and yoghurt, fish "
        "fingers and peas, grapes and a cracker. Drinks: water 120 ml at 9:30, milk 150 ml at 11, water 100 ml at lunch, "
        "water 90 ml at 3, and the total. Nap 1:05 to 1:50 (say how long). Three toilet trips (10:15, 12:40, 3:20). "
        "Five activities: train track, playdough, garden, baking flapjacks, story time. Reminders come last: he grazed "
        "his hand at 2:30, so ask her to sign the accident record; spare trousers needed. Don't describe him as naughty "
        "or anything like that. From Jo.",
        SEBASTIAN,
        5,
        4,
        (
            swap_spans(SEBASTIAN, "**Activities**", "**Reminders**", "Thanks, Jo", "last"),
            ("name", "Sebastian built", "Sebastien built"),
            ("no_labels", "He was tired after lunch", "He was a bit naughty after lunch"),
            ("accident", " Please sign the accident record when you collect him.", ""),
            ("activities", "- playdough shapes\n", ""),
            ("summary", "after his nap.", "after his nap." + EXTRA),
            ("sleep", "(45 minutes)", "(55 minutes)"),
            ("drinks", "- Total: 460 ml", "- Total: 450 ml"),
            ("nappies", "Three toilet trips today", "Four toilet trips today"),
        ),
    ),
    Diary(
        "Florence",
        "Plain text diary (no Markdown symbols) for Florence, 9 months, Thursday 5 March 2026, from me, Anna at Little "
        "Acorns. Summary in two sentences or fewer. Feeds and meals (porridge 8:30, sweet potato and lentils 11:30, "
        "pear and toast 4:00), bottles as a numbered list (180 ml formula 7:45, 150 ml formula 12:15, 60 ml water 3:00) "
        "with a total, her two naps (9:40 to 10:25 and 1:00 to 2:35) with how long each was, five nappies (8 wet, 10:30 "
        "wet, 12 dirty, 2:40 wet, 4:50 wet), the three play activities (treasure basket, tummy time, music). End with "
        "notes for tomorrow: she bumped her head at 11:05 and her parents need to sign the accident form; teething gel "
        "nearly gone. No negative labels for her, please.",
        FLORENCE,
        3,
        2,
        (
            swap_spans(FLORENCE, "Play:", "Notes for tomorrow:", "Love from Anna", "last"),
            ("name", "Florence was smiley", "Florance was smiley"),
            ("no_labels", "lentils, most of it", "lentils, a bit fussy with the lentils"),
            ("accident", " Please sign the accident form when you pick her up.", ""),
            ("activities", "2. tummy time with the mirror\n3. music", "2. music"),
            ("summary", "on the sofa twice.", "on the sofa twice." + EXTRA),
            ("sleep", "(1 hour 35 minutes)", "(1 hour 25 minutes)"),
            ("drinks", "Total: 390 ml", "Total: 380 ml"),
            ("nappies", "4. 2:40 pm, wet\n5. 4:50 pm", "4. 4:50 pm"),
        ),
    ),
    Diary(
        "Benedict",
        "Write Benedict's day for his parents with ### headings and a small table at the top (Friday 6 March 2026, "
        "arrived 8:00, collected 5:15). Summary: three sentences max. Meals in a table (Weetabix, chicken casserole, "
        "vegetable omelette). Drinks as bullets: water 100 ml at 9:45, milk 120 ml at 11:50, water "
        "100 ml at 2:30, juice 80 ml at 4:15, plus the total. Sleep 12:30 to 2:00 with its length. Three nappy changes "
        "(9:15, 12:20, 3:40). Three activities: sand tray, park swings, collage. Notes go last: grazed knee at 3:10 and "
        "they need to sign the accident book; bring his sun hat. Nothing like 'naughty' or 'fussy'. I'm Priya.",
        BENEDICT,
        3,
        3,
        (
            swap_spans(BENEDICT, "### Activities", "### Notes", "See you on Monday,", "last"),
            ("name", "Benedict settled quickly", "Benedikt settled quickly"),
            ("no_labels", "| vegetable omelette | half |", "| vegetable omelette | half, very fussy |"),
            ("accident", " Please sign the accident book at collection.", ""),
            ("activities", "- walk to the park for the swings\n", ""),
            ("summary", "for the first time.", "for the first time." + EXTRA),
            ("sleep", "(1 hour 30 minutes)", "(2 hours 30 minutes)"),
            ("drinks", "- Total: 400 ml", "- Total: 420 ml"),
            ("nappies", "Three nappy changes", "Two nappy changes"),
        ),
    ),
)


def build(diary: Diary, on: dict[str, bool]) -> str:
    return slipped(diary.text, diary.slips, on, diary.name)


# Reading a diary -------------------------------------------------------------------------------


def notes_last(answer: str) -> bool:
    """Whether the last heading is the notes for the parent."""
    titles = [title for line in answer.splitlines() if (title := heading_of(line)) is not None]
    return bool(titles) and NOTES.search(titles[-1]) is not None


def sentence_count(text: str) -> int:
    """The full stops, question marks and exclamation marks of `text` that end a sentence."""
    return len(SENTENCE_END.findall(text))


def sleep_right(answer: str) -> bool:
    """Whether every line of the sleep section with two times states, in hours and minutes, the time between them
    (and there is such a line)."""
    lines = [line for line in section(answer, SLEEP) or [] if len(clocks(line)) >= 2]
    for line in lines:
        start, end = clocks(line)[:2]
        rest = re.sub(r"\d{1,2}:\d{2}", " ", line)
        hours, minutes = HOURS.search(rest), MINUTES.search(rest)
        if hours is None and minutes is None:
            return False
        stated = int(hours.group(1) if hours else 0) * 60 + int(minutes.group(1) if minutes else 0)
        if (end - start) % (24 * 60) != stated:
            return False
    return bool(lines)


def drinks_right(answer: str) -> bool:
    """Whether the drinks section's one total line is the sum of the last amounts in ml on its other lines."""
    lines = [line for line in section(answer, DRINKS) or [] if ML.search(line)]
    totals = [int(ML.findall(line)[-1]) for line in lines if TOTAL.search(line)]
    parts = [int(ML.findall(line)[-1]) for line in lines if not TOTAL.search(line)]
    return len(totals) == 1 and bool(parts) and totals[0] == sum(parts)


def changes_right(answer: str) -> bool:
    """Whether the count before "nappies" or "toilet trips" in their section is the number of its list items."""
    lines = section(answer, NAPPIES) or []
    stated = CHANGES.search("\n".join(lines))
    return stated is not None and number_in(stated.group(1)) == len(listed(lines))


WORDINGS = {
    "name": ("Spells {name}'s name the same way throughout", "Uses one spelling of the child's name, {name}"),
    "no_labels": ("Avoids negative labels like naughty or fussy", "Never calls the child fussy, naughty or difficult"),
    "accident": ("Asks the parent to sign the accident record", "Reminds the parent to sign for the accident"),
    "last": ("The notes for the parent come after every other section", "Ends with the notes or reminders section"),
    "activities": ("Lists {activities} activities from the day", "Has exactly {activities} items under activities"),
    "summary": (
        "Keeps the summary of the day to {sentences} sentences or fewer",
        "The opening summary is no longer than {sentences} sentences",
    ),
    "sleep": ("Each sleep's length matches its start and end times", "Works out how long the child slept correctly"),
    "drinks": ("The drinks total is the sum of the amounts listed", "The drinks add up to the total in ml given"),
    "nappies": (
        "The number of nappy changes or toilet trips stated matches the times listed",
        "Says how many nappy changes or toilet trips there were, and lists that many",
    ),
}
"""Two wordings of each kind of criterion, filled from the diary."""


def truths(diary: Diary, answer: str) -> dict[str, bool]:
    summary = " ".join(section(answer, SUMMARY) or [])
    return {
        "name": spellings(answer, diary.name) == {diary.name.lower()},
        "no_labels": LABELS.search(answer) is None,
        "accident": ACCIDENT.search(answer) is not None,
        "last": notes_last(answer),
        "activities": len(listed(section(answer, ACTIVITIES) or [])) == diary.activities,
        "summary": 0 < sentence_count(summary) <= diary.sentences,
        "sleep": sleep_right(answer),
        "drinks": drinks_right(answer),
        "nappies": changes_right(answer),
    }


def candidates(rng: random.Random, diary: Diary, answer: str) -> list[Criterion]:
    filled = {
        "name": diary.name,
        "activities": NUMBER_WORDS[diary.activities],
        "sentences": NUMBER_WORDS[diary.sentences],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(diary, answer).items()
    ]


SWITCHES = ("last", "name", "no_labels", "accident", "activities", "summary", "sleep", "drinks", "nappies")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, DIARIES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Vet discharge family (fresh29): the discharge note a vet asks for after a pet's operation (a dog's
lump removal, a cat's spay, a dog's castration, a cat's stitched bite wound), with a short summary of
the procedure, the medicines, home care, the signs to ring the practice about and the follow-up
appointment, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh29`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the note (Markdown headings with the medicines in a table, bold labels with bullets,
plain `Label:` lines with numbered lists, or `###` headings with a key-facts table), written right and
then changed by switches: the pet's name spelt one way or once another, no price or one given, the
cone, collar or body suit on at all times or only sometimes, the medicines before home care or after,
the warning signs asked or one fewer, a summary under its limit or well over it, the weight in pounds
a right conversion of the kilograms or not, the antibiotic tablets supplied right for the course or
not, and the follow-up's weekday right for its date or not. Every truth is read from the text: the
sections by their headings, the list items under them, the tablets from the antibiotic's line (the
first tablet count the dose, the last the supply), the weight from the line with kg and lb.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    MONEY,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    converted,
    heading_order,
    line_with,
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

FAMILY = "vet_discharge"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ALWAYS = re.compile(r"at all times|day and night|all the time|24 hours a day|round the clock", re.I)
SUMMARY = r"summary|what we did|procedure|about the operation"
SIGNS = r"call us|ring us|warning"
KG = re.compile(r"(\d+(?:\.\d+)?)\s*kg\b")
LB = re.compile(r"(\d+(?:\.\d+)?)\s*(?:lb|lbs|pounds)\b")
TABLETS = re.compile(r"(\d+|½|one|two)\s+tablets?\b", re.I)
TIMES = {"once": 1, "twice": 2, "three times": 3, "every 24 hours": 1, "every 12 hours": 2, "every 8 hours": 3}
FREQUENCY = re.compile("|".join(TIMES), re.I)
DAYS = re.compile(r"(\d+)\s+days\b")
POUNDS_PER_KG = 2.20462


@dataclass(frozen=True)
class Discharge:
    name: str
    """The pet, as its name is spelt."""
    task: str
    text: str
    """The answer written right."""
    guard: str
    """What stops the pet reaching the wound (cone, collar or body suit), as the answer writes it."""
    drug: str
    """The antibiotic given as tablets."""
    signs: int
    limit: int
    """The warning signs asked for and the summary's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


MARLOWE = """# Discharge note: Marlowe

**Patient:** Marlowe, 6-year-old Labrador (neutered male)
**Weight:** 28.6 kg (63.1 lb)
**Discharged:** 12 May 2026, Harbourside Vets

## Summary
Marlowe had a fatty lump removed from the outside of his left hind leg this morning under a general anaesthetic. The wound is closed with stitches in the skin. He woke up well and has eaten a small meal.

## Medication
| Medicine | Dose | How often | How long | Supplied |
|---|---|---|---|---|
| Metacam 1.5 mg/ml oral suspension (pain relief) | 1.9 ml on food | once a day | 5 days | 1 bottle |
| Clavaseptin 500 mg (antibiotic) | 1 tablet | twice a day | 7 days | 14 tablets |

## Home care
- Keep the cone on at all times, overnight too, until the stitches are out.
- Lead walks only, 10 minutes three times a day, for 14 days: no running, jumping or stairs.
- Keep the wound dry: no swimming or baths until the stitches are out.
- Look at the wound morning and evening.

## When to call us
Ring 01632 960 412, day or night, if you see any of these:
- bleeding that soaks through a pad
- the wound opening, or swelling or discharge from it
- not eating by tomorrow evening
- vomiting, or very quiet and reluctant to get up

## Next appointment
Stitch removal with Dr Okafor on Friday 22 May 2026 at 10:20. It is included in today's treatment.
"""

PIPPIN = """**Pippin: going home after her spay**

**Owner:** Ms Hana Sato
**Weight:** 3.4 kg (7.5 lb)
**Date:** 9 June 2026

**What we did today**
Pippin was spayed this morning through a small cut on her left flank. The stitches are under the skin and dissolve on their own, so none need taking out. She woke calmly and has already eaten.

**Medicines**
- Metacam 0.5 mg/ml oral suspension for cats: 0.2 ml on food, once a day for 3 days.
- Synulox 50 mg palatable tablets: ½ tablet twice a day for 5 days (5 tablets supplied).

**Aftercare at home**
- The body suit stays on day and night for 10 days; change it only if it gets dirty.
- Keep her indoors and stop her jumping onto high surfaces for 10 days.
- Give her a litter tray with paper pellets, not clay litter, until the wound has healed.

**Call us if you notice**
- the wound is red, swollen or leaking
- she has not eaten by tomorrow morning
- she is straining in the litter tray or not passing urine
- she is hiding and seems in pain despite the Metacam

**Her check-up**
Wound check with nurse Ellis on Friday 19 June 2026 at 4:15 pm. There is no charge for it.
"""

BRAMBLE = """Discharge instructions for Bramble

Dear Mr Adeyemi,

Thank you for trusting us with Bramble today. Here is everything you need for the next ten days.

Procedure:
Bramble was castrated this morning under a general anaesthetic. There are four stitches in the skin just in front of the scrotum. He recovered quickly, has had a drink and a small meal, and may be sleepy tonight.

Medication:
1. Loxicom 1.5 mg/ml for dogs: 0.9 ml on his food once a day for 4 days.
2. Noroclav 250 mg: 1 tablet every 12 hours for 6 days (12 tablets dispensed).

Home care:
1. He must wear the cone at all times, even at night, until his check.
2. Short lead walks only for 10 days, with no off-lead play.
3. Do not bath him or let him swim until the stitches are out.

Warning signs:
1. bleeding from the wound for more than a few minutes
2. a swelling in the scrotum bigger than a plum
3. licking or chewing at the stitches despite the cone
4. not eating, or vomiting more than once

Follow-up:
Post-op check with Dr Lindqvist on Monday 25 May 2026 at 9:40 am. The check is part of today's care.

Weight on the day: 13.8 kg (30.4 lb)

Kind regards,
Harbourside Vets
"""

JUNIPER = """### Juniper: going home after her wound repair

| Detail | |
|---|---|
| Owner | Priya Raman |
| Weight | 4.8 kg (10.6 lb) |
| Discharged | 2 July 2026 |
| Vet | Dr Nowak |

### About the operation
Juniper's bite abscess on her shoulder was cleaned out under a short anaesthetic. A small drain is in place and six stitches close the wound. She is eating and purring.

### Medicines
1. Onsior 6 mg: 1 tablet once a day with food for 3 days, for pain.
2. Clavaseptin 50 mg: 1 tablet twice a day for 7 days (14 tablets supplied).

### Care at home
1. Leave the collar on at all times until the stitches are out, even while she eats.
2. Keep her indoors until the check.
3. Wipe any discharge from the drain with cotton wool and warm salty water.

### Ring us if
- the drain falls out
- the swelling comes back or the wound smells
- she stops eating for a day
- she is very quiet or breathing fast

### Follow-up
Drain removal with Dr Nowak on Tuesday 14 July 2026 at 11:00. It is covered by today's fee.
"""

DETAIL = " Anaesthesia was induced with propofol and maintained on isoflurane gas, with fluids given through a drip in a front leg throughout, and we monitored heart rate, breathing, blood pressure and temperature the whole time until the patient was fully awake and sitting up in the kennel."

NOTES = (
    Discharge(
        "Marlowe",
        "Please write the discharge note for Marlowe, our patient today (6-year-old Labrador, 28.6 kg; give his "
        "weight in lb too). He had a fatty lump removed from his left hind leg this morning. A summary under 60 words, "
        "then medication: Metacam 1.5 mg/ml, 1.9 ml once daily for 5 days, and Clavaseptin 500 mg, 1 tablet twice "
        "daily for 7 days (say how many tablets we supply). Then home care (cone on at all times, lead walks for 14 "
        "days, keep the wound dry), four signs that mean the owner should ring us, and his stitch removal on 22 May "
        "2026 at 10:20 with Dr Okafor, with the weekday. No prices: the bill is sent separately.",
        MARLOWE,
        "cone",
        "Clavaseptin",
        4,
        60,
        (
            swap_spans(MARLOWE, "## Medication", "## Home care", "## When to call us"),
            ("name", "Marlowe had a fatty", "Marlow had a fatty"),
            ("no_price", "It is included in today's treatment.", "It costs £28.50."),
            ("guard", "at all times, overnight too,", "when he is left on his own,"),
            ("signs", "- not eating by tomorrow evening\n", ""),
            ("summary", "a small meal.", "a small meal." + DETAIL),
            ("weight", "(63.1 lb)", "(57.2 lb)"),
            ("tablets", "| 14 tablets |", "| 7 tablets |"),
            ("weekday", "Friday 22 May", "Thursday 22 May"),
        ),
    ),
    Discharge(
        "Pippin",
        "Discharge instructions for Pippin, a cat we spayed today (9 June 2026), owner Ms Hana Sato. Her weight is "
        "3.4 kg; give it in pounds as well. Begin with a short account of what we did (no more than 55 words), then her "
        "medicines (Metacam 0.5 mg/ml for cats, 0.2 ml daily for 3 days; Synulox 50 mg, half a tablet twice daily for "
        "5 days, with the number of tablets supplied), then aftercare: body suit on day and night for 10 days, indoors, "
        "paper litter. Four reasons to call us, and the wound check with nurse Ellis on 19 June 2026 at 4:15 pm "
        "(weekday too). Leave out all prices.",
        PIPPIN,
        "body suit",
        "Synulox",
        4,
        55,
        (
            swap_spans(PIPPIN, "**Medicines**", "**Aftercare at home**", "**Call us if you notice**"),
            ("name", "Pippin was spayed", "Pipin was spayed"),
            ("no_price", "There is no charge for it.", "It costs £24.00."),
            ("guard", "stays on day and night for 10 days", "stays on for 10 days, at least at night"),
            ("signs", "- she has not eaten by tomorrow morning\n", ""),
            ("summary", "has already eaten.", "has already eaten." + DETAIL),
            ("weight", "(7.5 lb)", "(1.5 lb)"),
            ("tablets", "(5 tablets supplied)", "(10 tablets supplied)"),
            ("weekday", "Friday 19 June", "Thursday 19 June"),
        ),
    ),
    Discharge(
        "Bramble",
        "Write Bramble's discharge letter to Mr Adeyemi: Bramble, a 13.8 kg springer spaniel (and in lb, please), was "
        "castrated today. Summary of the procedure in under 65 words; medication (Loxicom 1.5 mg/ml, 0.9 ml once daily "
        "for 4 days; Noroclav 250 mg, 1 tablet every 12 hours for 6 days, with how many tablets we dispensed) before "
        "home care (cone at all times, lead walks only, no bathing); four warning signs; follow-up on 25 May 2026 "
        "at 9:40 am with Dr Lindqvist, weekday included. Don't put any prices in it.",
        BRAMBLE,
        "cone",
        "Noroclav",
        4,
        65,
        (
            swap_spans(BRAMBLE, "Medication:", "Home care:", "Warning signs:"),
            ("name", "Bramble was castrated", "Brambel was castrated"),
            ("no_price", "The check is part of today's care.", "The check is £22.00."),
            ("guard", "wear the cone at all times, even at night,", "wear the cone whenever he is alone,"),
            ("signs", "3. licking or chewing at the stitches despite the cone\n", ""),
            ("summary", "may be sleepy tonight.", "may be sleepy tonight." + DETAIL),
            ("weight", "(30.4 lb)", "(27.6 lb)"),
            ("tablets", "(12 tablets dispensed)", "(6 tablets dispensed)"),
            ("weekday", "Monday 25 May", "Tuesday 25 May"),
        ),
    ),
    Discharge(
        "Juniper",
        "Can you write up Juniper's discharge? Cat, 4.8 kg (put lb too), owner Priya Raman, bite abscess on the "
        "shoulder cleaned out today (2 July 2026) with a drain and six stitches. A short summary (50 words at most), "
        "then medicines: Onsior 6 mg once daily for 3 days and Clavaseptin 50 mg, 1 tablet twice daily for 7 days "
        "(state the tablets supplied); then care at home with the collar on at all times; four things that mean they "
        "should ring us; drain removal with Dr Nowak on 14 July 2026 at 11:00, giving the weekday. No costs.",
        JUNIPER,
        "collar",
        "Clavaseptin",
        4,
        50,
        (
            swap_spans(JUNIPER, "### Medicines", "### Care at home", "### Ring us if"),
            ("name", "Juniper's bite abscess", "Junipar's bite abscess"),
            ("no_price", "It is covered by today's fee.", "It costs £35.00."),
            ("guard", "on at all times until", "on at night until"),
            ("signs", "- the drain falls out\n", ""),
            ("summary", "and purring.", "and purring." + DETAIL),
            ("weight", "(10.6 lb)", "(9.6 lb)"),
            ("tablets", "(14 tablets supplied)", "(7 tablets supplied)"),
            ("weekday", "Tuesday 14 July", "Wednesday 14 July"),
        ),
    ),
)


def build(note: Discharge, on: dict[str, bool]) -> str:
    return slipped(note.text, note.slips, on, note.name)


# Reading a note ---------------------------------------------------------------------------------


def tablet_figure(word: str) -> float:
    return {"½": 0.5, "one": 1.0, "two": 2.0}.get(word.lower()) or float(word)


def tablets_right(line: str) -> bool:
    """The drug's line: its first tablet count (a dose) times the doses a day and the days is its last (the supply)."""
    counts, often, days = TABLETS.findall(line), FREQUENCY.search(line), DAYS.search(line)
    if len(counts) < 2 or often is None or days is None:
        return False
    course = tablet_figure(counts[0]) * TIMES[often.group(0).lower()] * int(days.group(1))
    return course == tablet_figure(counts[-1])


WORDINGS = {
    "name": ("Spells {name}'s name the same way throughout", "Uses one spelling of the pet's name, {name}, everywhere"),
    "no_price": ("Leaves out prices and fees", "Does not mention what anything costs"),
    "guard": ("Tells the owner to keep the {guard} on at all times", "Says the {guard} must stay on day and night"),
    "order": (
        "Gives the medication instructions before the home-care advice",
        "The medicines section comes before the aftercare section",
    ),
    "signs": (
        "Lists exactly {signs} warning signs that mean the owner should call",
        "Gives {signs} signs to ring the practice about, no more and no fewer",
    ),
    "summary": (
        "Keeps the summary of the procedure under {limit} words",
        "The account of what was done today is at most {limit} words long",
    ),
    "weight": (
        "The weight in pounds is a correct conversion of the weight in kilograms",
        "Converts the pet's weight from kg to lb correctly",
    ),
    "tablets": (
        "The number of {drug} tablets supplied matches the dose, how often and for how many days",
        "Supplies the right number of {drug} tablets for the course",
    ),
    "weekday": (
        "The follow-up appointment's weekday matches its date",
        "The day of the week given for the recheck is right for the date",
    ),
}
"""Two wordings of each kind of criterion, filled from the note."""


def truths(note: Discharge, answer: str) -> dict[str, bool]:
    summary = " ".join(section(answer, SUMMARY) or [])
    return {
        "name": spellings(answer, note.name) == {note.name.lower()},
        "no_price": MONEY.search(answer) is None,
        "guard": ALWAYS.search(line_with(answer, note.guard)) is not None,
        "order": heading_order(answer, r"medic", r"home care|aftercare|care at home"),
        "signs": len(listed(section(answer, SIGNS) or [])) == note.signs,
        "summary": 0 < word_count(summary) <= note.limit,
        "weight": converted(answer, KG, LB, POUNDS_PER_KG),
        "tablets": tablets_right(line_with(answer, note.drug.lower())),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, note: Discharge, answer: str) -> list[Criterion]:
    filled = {
        "name": note.name,
        "guard": note.guard,
        "signs": NUMBER_WORDS[note.signs],
        "limit": note.limit,
        "drug": note.drug,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(note, answer).items()
    ]


SWITCHES = ("order", "name", "no_price", "guard", "signs", "summary", "weight", "tablets", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, NOTES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Tenancy inventory family (fresh36): the check-in inventory a letting agent or inventory clerk asks for at the start
of a tenancy (a city flat, a stone cottage, a family semi, a new-build apartment), with the tenancy's details, the rent
and deposit, the meter readings, the condition of each room, the keys handed over, general notes and what the tenant
must do to disagree, a kind of answer no grader was run on while any of its rules was written. Run only as `--set
fresh36`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the inventory (Markdown headings with the rooms in a table, bold labels with bullets, plain `Label:` lines
with numbered lists, or `###` headings under a key-facts table), written right and then changed by switches. Every truth
is read from the text: the tenant's name by its spellings, a date of birth and the time allowed to disagree by the words
that write them, the sections by their headings, the keys as the list items of their section, the notes' sentences as
the runs ending in a full stop, the rent and deposit from the lines that name them, the rooms as the list items or table
rows of the schedule against the first count before "rooms", and the weekday from the lines that name a date and a
weekday.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    first_figure,
    heading_order,
    listed,
    number_in,
    pick_wording,
    pipe_grids,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    weekdays_right,
)

FAMILY = "tenancy_inventory"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
BIRTH = re.compile(r"date of birth|\bDOB\b|\bborn\b", re.I)
DISPUTE = re.compile(r"\b(?:7|seven) days\b", re.I)
METERS = r"meter"
SCHEDULE = r"schedule|by room|^rooms$"
KEYS = r"\bkeys\b"
NOTES = r"notes"
AMOUNT = r"£\s?(\d[\d,]*(?:\.\d+)?)"
RENT = re.compile(rf"\brent\b[^£\n]*{AMOUNT}\s*(?:per|a|each)\s*(?:calendar\s+)?month", re.I)
DEPOSIT = re.compile(rf"\bdeposit\b[^£\n]*{AMOUNT}", re.I)
SAY_COUNT = rf"\d+|{'|'.join(NUMBER_WORDS)}"
ROOMS = re.compile(rf"\b({SAY_COUNT})\s+rooms\b", re.I)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class Inventory:
    name: str
    """The tenant's surname, as it is spelt."""
    task: str
    text: str
    """The answer written right."""
    keys: int
    sentences: int
    """The keys handed over, as a list, and the general notes' limit in sentences."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


MARLBOROUGH = """# Check-in inventory: Flat 3, 18 Marlborough Road, Bristol

**Tenant:** Ms Grace Okonkwo
**Landlord:** Mr Peter Vance
**Check-in:** Saturday 1 August 2026, 10:00 am
**Rent:** £1,150 per month
**Deposit:** £1,326.92, protected with the Deposit Protection Service
**Prepared by:** Sam Lowe, Harbourside Lettings

The schedule below covers six rooms.

## Meter readings
| Meter | Reading |
|---|---|
| Electricity | 045213 kWh |
| Gas | 08812 m³ |
| Water | 00394 m³ |

## Schedule of condition
| Room | Condition | Notes |
|---|---|---|
| Hall | Good | Oak floor clean; one scuff on the skirting by the door |
| Living room | Good | Grey sofa with no marks; curtains clean |
| Kitchen | Good | Oven and hob professionally cleaned; all cupboard doors close |
| Bedroom 1 | Fair | Small stain on the carpet near the window, 5 cm across |
| Bedroom 2 | Good | Bed frame, and mattress with a protector, no marks |
| Bathroom | Good | New bath sealant; extractor fan working |

## Keys handed over
- 2 front door keys
- 2 flat door keys
- 1 window lock key
- 1 bike store fob
- 1 post box key

## General notes
The flat was professionally cleaned before check-in. All light bulbs work.

## Declaration
Please read this inventory and tell us within 7 days if anything in it is wrong, or it will be taken as agreed. It will be compared with the check-out report at the end of the tenancy.

Signed for Harbourside Lettings: Sam Lowe
Signed by the tenant: Grace Okonkwo
"""

QUARRY = """**Check-in inventory**

**Property:** 7 Quarry Cottages, Hebden Bridge
**Tenant:** Mr Tomasz Nowicki
**Check-in date:** Monday 14 September 2026
**Monthly rent:** £875.00 a month
**Deposit held:** £1,009.61 (five weeks' rent)
**Inventory clerk:** Lucy Marsh, Calder Valley Lets

This report covers four rooms, listed below.

**Meter readings**
- Electricity: 21877
- Water: 00512

**Room by room**
- Living room: good. Wood floor with two small marks by the hearth; wood burner cleaned.
- Kitchen: good. Range cooker and fridge clean; one cracked tile behind the sink.
- Bedroom: fair. Carpet worn at the door; wardrobe door sticks.
- Bathroom: good. Shower, basin and toilet clean; mirror has a chipped corner.

**Keys**
- 2 front door keys
- 1 back door key
- 1 coal shed key
- 1 padlock key for the bin store

**General notes**
The cottage was cleaned before check-in. The garden was tidy and the lawn recently cut.

**Before you sign**
Tell us about anything you disagree with within seven days of check-in; after that the report stands as agreed.

Tenant's signature: Tomasz Nowicki
Clerk's signature: Lucy Marsh
"""

ASHGROVE = """CHECK-IN INVENTORY

Property: 41 Ashgrove Avenue, Leicester
Tenant: Miss Niamh Gallagher
Check-in: Thursday 1 October 2026 at 2:00 pm
Rent: £1,400.00 per calendar month
Deposit: £1,615.38
Agent: Priory Lettings

The seven rooms are listed in the order we walked round.

Meter readings:
Electricity: 71240
Gas: 3318.6

Rooms:
1. Hall and stairs: good. Carpet clean, banister firm.
2. Lounge: good. Two sofas, no stains; fireplace sealed off.
3. Kitchen-diner: good. Fridge freezer, oven and dishwasher clean and working.
4. Bedroom one: good. Double bed, wardrobe and chest of drawers.
5. Bedroom two: fair. Faded patch on the wallpaper by the window.
6. Bedroom three: good. Single bed and desk.
7. Bathroom: good. New shower screen.

Keys handed over:
1. Two front door keys
2. One back door key
3. One garage key

General notes:
The house was cleaned throughout before check-in. The back garden is overgrown, and the landlord will have it cleared by the end of October.

Agreement:
Any disagreements must be reported in writing within 7 days of this check-in, otherwise this inventory will be taken as accepted.

Signed (tenant): Niamh Gallagher
Signed (agent): Ravi Patel, Priory Lettings
"""

WHARF = """### Check-in inventory

| Tenancy | |
|---|---|
| Property | Apartment 12, Wharf House, Leeds |
| Tenant | Dr Hannah Fairweather |
| Check-in | Wednesday 4 November 2026 |
| Rent | £2,100 per month |
| Deposit | £2,423.07 |
| Clerk | Omar Haddad, Aire Property Services |

Five rooms were inspected.

### Meter readings
| Meter | Reading |
|---|---|
| Electricity | 00981 kWh |
| Water | 00047 m³ |

### Condition by room
| Room | Condition | Comments |
|---|---|---|
| Open-plan living and kitchen | Excellent | New build; appliances still in their film |
| Main bedroom | Excellent | Fitted wardrobe, no marks |
| En suite | Excellent | Sealant clean |
| Second bedroom | Good | Small dent in the door frame |
| Bathroom | Excellent | No marks |

### Keys handed over
- 2 flat door keys
- 2 building entry fobs
- 1 car park fob
- 1 post box key
- 1 balcony door key
- 1 bike store key

### Notes
The apartment is brand new and was cleaned by the builder. Balcony furniture is not included.

### Agreeing this inventory
Please tell us of any errors within seven days of moving in. After that, this inventory is taken as a true record.

Hannah Fairweather (tenant)
Omar Haddad (clerk)
"""

DETAIL = (
    " Smoke alarms were tested on each floor and sounded. The carbon monoxide alarm by the boiler was tested too."
    " Window restrictors are fitted upstairs."
)

INVENTORIES = (
    Inventory(
        "Okonkwo",
        "Write the check-in inventory for Flat 3, 18 Marlborough Road, Bristol, in Markdown: tenant Ms Grace Okonkwo, "
        "landlord Mr Peter Vance, check-in 1 August 2026 at 10 am (with the weekday). Rent £1,150 a month; the deposit "
        "is five weeks' rent, work it out. Meter readings before the schedule of condition: six rooms (hall, living "
        "room, kitchen, two bedrooms, bathroom) with a line saying how many rooms. Keys, one line each: 2 front door, "
        "2 flat door, window lock key, bike store fob, post box key. General notes in three sentences at most. She has "
        "7 days to tell us of anything wrong. Don't put her date of birth in it.",
        MARLBOROUGH,
        5,
        3,
        (
            swap_spans(MARLBOROUGH, "## Meter readings", "## Schedule of condition", "## Keys handed over"),
            ("name", "Signed by the tenant: Grace Okonkwo", "Signed by the tenant: Grace Okonkow"),
            ("no_dob", "**Tenant:** Ms Grace Okonkwo", "**Tenant:** Ms Grace Okonkwo, date of birth 14/03/1994"),
            (
                "dispute",
                "tell us within 7 days if anything in it is wrong, or it will be taken as agreed",
                "tell us if anything in it is wrong",
            ),
            ("keys", "- 1 window lock key\n", ""),
            ("notes", "All light bulbs work.", "All light bulbs work." + DETAIL),
            ("deposit", "**Deposit:** £1,326.92", "**Deposit:** £1,437.50"),
            ("rooms", "covers six rooms", "covers seven rooms"),
            ("weekday", "Saturday 1 August", "Sunday 1 August"),
        ),
    ),
    Inventory(
        "Nowicki",
        "Inventory for 7 Quarry Cottages, Hebden Bridge, tenant Mr Tomasz Nowicki, moving in on 14 September 2026 "
        "(give the day of the week). Bold headings with bullets. Rent £875 a month, deposit five weeks' rent. Meter "
        "readings first, then the rooms one by one (living room, kitchen, bedroom, bathroom), saying how many rooms "
        "are covered. List the keys, four lines: 2 front door, back door, coal shed, bin store padlock. General notes, "
        "two sentences or fewer. Give him seven days to disagree. No date of birth, please.",
        QUARRY,
        4,
        2,
        (
            swap_spans(QUARRY, "**Meter readings**", "**Room by room**", "**Keys**"),
            ("name", "Tenant's signature: Tomasz Nowicki", "Tenant's signature: Tomasz Nowiski"),
            ("no_dob", "**Tenant:** Mr Tomasz Nowicki", "**Tenant:** Mr Tomasz Nowicki (DOB 02/11/1989)"),
            ("dispute", " within seven days of check-in; after that the report stands as agreed", ""),
            ("keys", "- 1 coal shed key\n", ""),
            ("notes", "the lawn recently cut.", "the lawn recently cut." + DETAIL),
            ("deposit", "£1,009.61", "£1,019.61"),
            ("rooms", "covers four rooms", "covers five rooms"),
            ("weekday", "Monday 14 September", "Tuesday 14 September"),
        ),
    ),
    Inventory(
        "Gallagher",
        "Plain text, no Markdown: a check-in inventory for 41 Ashgrove Avenue, Leicester. Tenant Miss Niamh Gallagher, "
        "check-in 1 October 2026 at 2 pm, weekday included. Rent £1,400 per calendar month and a deposit of five "
        "weeks' rent. Put the meter readings above the rooms; seven rooms, numbered, with how many there are stated. "
        "Keys in three lines: two front door, one back door, one garage. General notes (no more than three sentences). "
        "Any disagreement within 7 days, in writing. Leave out her date of birth.",
        ASHGROVE,
        3,
        3,
        (
            swap_spans(ASHGROVE, "Meter readings:", "Rooms:", "Keys handed over:"),
            ("name", "Signed (tenant): Niamh Gallagher", "Signed (tenant): Niamh Galagher"),
            ("no_dob", "Tenant: Miss Niamh Gallagher", "Tenant: Miss Niamh Gallagher (born 21 June 1998)"),
            (
                "dispute",
                "in writing within 7 days of this check-in, otherwise this inventory will be taken as accepted.",
                "in writing.",
            ),
            ("keys", "3. One garage key\n", ""),
            ("notes", "by the end of October.", "by the end of October." + DETAIL),
            ("deposit", "£1,615.38", "£1,750.00"),
            ("rooms", "The seven rooms", "The eight rooms"),
            ("weekday", "Thursday 1 October", "Friday 1 October"),
        ),
    ),
    Inventory(
        "Fairweather",
        "Check-in inventory for Dr Hannah Fairweather, Apartment 12, Wharf House, Leeds, on 4 November 2026 (and the "
        "weekday). ### headings, with the tenancy's details in a table at the top: rent £2,100 a month, deposit of "
        "five weeks' rent, clerk Omar Haddad. Meter readings come before the condition of the five rooms; say how many "
        "rooms. Keys and fobs handed over in six lines: 2 flat door keys, 2 entry fobs, car park fob, post box, "
        "balcony, bike store. Notes in at most two sentences. Seven days to tell us of errors. Don't include her date "
        "of birth.",
        WHARF,
        6,
        2,
        (
            swap_spans(WHARF, "### Meter readings", "### Condition by room", "### Keys handed over"),
            ("name", "Hannah Fairweather (tenant)", "Hannah Fairwether (tenant)"),
            ("no_dob", "| Tenant | Dr Hannah Fairweather |", "| Tenant | Dr Hannah Fairweather, DOB 09/07/1985 |"),
            ("dispute", "of any errors within seven days of moving in", "of any errors"),
            ("keys", "- 1 balcony door key\n", ""),
            ("notes", "Balcony furniture is not included.", "Balcony furniture is not included." + DETAIL),
            ("deposit", "| Deposit | £2,423.07 |", "| Deposit | £2,907.69 |"),
            ("rooms", "Five rooms were inspected.", "Six rooms were inspected."),
            ("weekday", "Wednesday 4 November", "Thursday 4 November"),
        ),
    ),
)


def build(inventory: Inventory, on: dict[str, bool]) -> str:
    return slipped(inventory.text, inventory.slips, on, inventory.name)


# Reading an inventory ---------------------------------------------------------------------------


def deposit_right(answer: str) -> bool:
    """Whether the deposit is five weeks of the monthly rent (twelve months over 52 weeks), to the penny."""
    rent, deposit = first_figure(RENT, answer), first_figure(DEPOSIT, answer)
    return rent is not None and deposit is not None and abs(rent * 12 * 5 / 52 - deposit) < 0.01


def rooms_listed(answer: str) -> int:
    """The rooms of the schedule: its list items and its table rows below the headings."""
    lines = section(answer, SCHEDULE) or []
    return len(listed(lines)) + sum(len(grid) - 1 for grid in pipe_grids("\n".join(lines)))


def rooms_right(answer: str) -> bool:
    """Whether the first count before "rooms" is the number of rooms in the schedule."""
    stated = ROOMS.search(answer)
    return stated is not None and number_in(stated.group(1)) == rooms_listed(answer)


def sentence_count(text: str) -> int:
    """The runs of `text` that end in a full stop, a question mark or an exclamation mark and a space."""
    return len([part for part in SENTENCE_END.split(text.strip()) if part])


WORDINGS = {
    "name": (
        "Spells the tenant's surname, {name}, the same way every time",
        "Uses one consistent spelling of {name} throughout",
    ),
    "no_dob": (
        "Does not include the tenant's date of birth",
        "Leaves the tenant's date of birth out of the inventory",
    ),
    "dispute": (
        "Tells the tenant they have seven days to raise anything they disagree with",
        "Gives the tenant a 7-day deadline to report errors in the inventory",
    ),
    "order": (
        "Gives the meter readings before the room-by-room schedule",
        "The meter readings come before the condition of the rooms",
    ),
    "keys": (
        "Lists the keys handed over as exactly {keys} entries",
        "The keys section has {keys} items, no more and no fewer",
    ),
    "notes": (
        "Keeps the general notes to {sentences} sentences or fewer",
        "The notes section is no longer than {sentences} sentences",
    ),
    "deposit": (
        "The deposit equals five weeks' rent, worked out from the monthly rent",
        "Calculates the five-week deposit correctly from the monthly rent",
    ),
    "rooms": (
        "The number of rooms stated matches the rooms in the schedule",
        "Says how many rooms are covered, and the number matches the rooms listed",
    ),
    "weekday": (
        "The check-in date is given with the right day of the week",
        "The weekday stated for the check-in matches its date",
    ),
}
"""Two wordings of each kind of criterion, filled from the inventory."""


def truths(inventory: Inventory, answer: str) -> dict[str, bool]:
    notes = " ".join(section(answer, NOTES) or [])
    return {
        "name": spellings(answer, inventory.name) == {inventory.name.lower()},
        "no_dob": BIRTH.search(answer) is None,
        "dispute": DISPUTE.search(answer) is not None,
        "order": heading_order(answer, METERS, SCHEDULE),
        "keys": len(listed(section(answer, KEYS) or [])) == inventory.keys,
        "notes": 0 < sentence_count(notes) <= inventory.sentences,
        "deposit": deposit_right(answer),
        "rooms": rooms_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, inventory: Inventory, answer: str) -> list[Criterion]:
    filled = {
        "name": inventory.name,
        "keys": NUMBER_WORDS[inventory.keys],
        "sentences": NUMBER_WORDS[inventory.sentences],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(inventory, answer).items()
    ]


SWITCHES = ("order", "name", "no_dob", "dispute", "keys", "notes", "deposit", "rooms", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, INVENTORIES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

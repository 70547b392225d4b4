"""Holiday let guide family (fresh33): the welcome guide a holiday let's owner asks for to leave for guests
(a seaside cottage, a lakeside lodge, a city flat, a converted barn in the hills), with a short welcome,
the stay's dates and nights, how to get in, the house rules with the quiet hours, what is nearby, a
check-out list and what to do in an emergency, a kind of answer no grader was run on while any of its
rules was written. Run only as `--set fresh33`, never in `all`, `new`, `docs`, `held` or an earlier fresh
set.

An answer is the guide (Markdown headings with the stay in a table, bold headings with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then
changed by switches. Every truth is read from the text: the code, the smoking rule and the spellings by
the words that say them, the sections by their headings, the welcome's sentences as runs ending in a full
stop, a question or an exclamation mark, the stay from the first dated lines saying arrival and departure
and the first number written before "nights", the distance from the line giving it in miles and km, and
the quiet hours from the first line saying "quiet" with two times and a number of hours.
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
    date_in,
    heading_of,
    listed,
    number_in,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
)

FAMILY = "holiday_let_guide"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
CODE = re.compile(r"\bcode\b[^\n\d]{0,15}\d{4,}", re.I)
SMOKING = re.compile(
    r"no smoking|non-smoking|smoke-free|smoking is not (?:allowed|permitted)|please (?:do not|don't|don’t) smoke", re.I
)
AMERICAN = re.compile(
    r"\b(?:colors?|centers?|favorites?|neighbors?|neighborhoods?|cozy|theaters?|gray|travelers?|meters)\b", re.I
)
WELCOME = r"^welcome\b"
CHECKOUT = r"^check-?out|before you (?:leave|go)"
EMERGENCY = r"emergenc"
ARRIVE = re.compile(r"arriv|check-in", re.I)
LEAVE = re.compile(r"depart|leave|check-out", re.I)
NIGHTS = re.compile(r"\b(\w+) nights?\b", re.I)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
MILES = re.compile(r"(\d+(?:\.\d+)?)\s*miles?\b")
KM = re.compile(r"(\d+(?:\.\d+)?)\s*km\b")
KM_PER_MILE = 1.609344
QUIET = re.compile(r"\bquiet\b", re.I)
HOURS = re.compile(r"(\d+(?:\.\d+)?)\s*hours?\b")


@dataclass(frozen=True)
class Guide:
    name: str
    """The holiday let."""
    task: str
    text: str
    """The answer written right."""
    steps: int
    sentences: int
    """The steps of the check-out list asked for, and the welcome's limit in sentences."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


GULL = """# Gull Cottage: guest guide

## Welcome
Hello, and welcome to Gull Cottage! We hope you have a restful stay by the sea. Do message us if anything is missing.

## Your stay
| | |
|---|---|
| Arrival | Friday 7 August 2026, from 4:00 pm |
| Departure | Monday 10 August 2026, by 10:00 am |
| Length of stay | 3 nights |
| Wi-Fi | GullCottage-Guest (the password is on the fridge) |

We'll text you the key safe code on the morning you arrive.

## House rules
- Gull Cottage is non-smoking, inside and in the garden.
- Dogs are welcome downstairs, but not on the beds or sofas.
- Quiet hours are 10:30 pm to 7:30 am (9 hours), as the walls are thin.

## Around St Ives
- Porthmeor Beach is 0.3 miles (0.5 km) from the door, down the steps.
- Our favourite café is the Yellow Canary on Fore Street.
- The Tate is a short walk along the seafront.

## Check-out
Before you go, please:
1. strip the beds and leave the used towels in the bath
2. run the dishwasher
3. put the rubbish and recycling in the bins by the gate
4. close all the windows and lock the back door
5. put the key back in the key safe

## In an emergency
- Fire, police or ambulance: 999
- Jenna, our housekeeper, who lives nearby: 07700 900318
- Mark and Ellie (us): 07700 900654
- The fuse box is under the stairs and the water stopcock is under the kitchen sink.

Enjoy your stay!
Mark and Ellie
"""

LARCH = """**Larch Lodge: your guide to the lodge**

**Welcome**
Welcome to Larch Lodge, and thank you for choosing us. We hope the lake works its magic on you.

**Arriving and leaving**
- Check-in: Saturday 12 September 2026, from 3:00 pm
- Check-out: Saturday 19 September 2026, by 10:00 am
- That's seven nights, so there is plenty of time to explore.
- The key safe code will come by text the day before you arrive.

**House rules**
- Please don't smoke anywhere in the lodge or on the deck.
- The hot tub is for adults only, and please shower before using it.
- Quiet time on the site is 11:00 pm to 7:00 am (8 hours), for the sake of our neighbours.

**Out and about**
- Bowness-on-Windermere is 2 miles (3.2 km) away along the lakeshore path.
- The lake cruises leave from Lakeside pier every hour.
- The Brown Horse at Winster does a very good Sunday lunch.

**Before you leave**
- load and run the dishwasher
- put all rubbish in the bins by the car park
- turn off the hot tub heater
- leave the keys on the kitchen table

**Emergencies**
- 999 for fire, police, ambulance or mountain rescue
- Pete, the site warden: 07700 900127, from 8:00 am to 6:00 pm
- Nearest A&E: Westmorland General Hospital, Kendal

Have a lovely week!
Sue and Raj
"""

MARCHMONT = """Guest guide: 14/3 Marchmont Crescent

Welcome:
Welcome to our flat in Marchmont! We've left tea, coffee and milk in the kitchen for your first morning. We hope you love Edinburgh as much as we do.

Your stay:
Arrival: Thursday 6 August 2026, from 3:00 pm
Departure: Sunday 9 August 2026, by 11:00 am
Length of stay: three nights
Getting in: we'll email you the door code the evening before you arrive.
Wi-Fi: Marchmont-Guest, password on the router

House rules:
1. Please keep noise down on the stair: quiet hours are 10:00 pm to 8:00 am (10 hours).
2. No parties or events, please.
3. This is a non-smoking flat, and that includes the balcony.

Nearby:
1. The Meadows park is at the end of the street.
2. Edinburgh Castle is 1.2 miles (1.9 km) away, mostly uphill.
3. The Royal Botanic Garden is full of colour in August.

Before you leave:
1. put the towels in the laundry basket
2. empty the fridge
3. take the rubbish to the communal bins on the street
4. close the windows
5. leave the keys on the hall table
6. pull the front door shut firmly behind you

In an emergency:
1. Call 999 for fire, police or ambulance.
2. Morag downstairs, in flat 2/1, has a spare key: 07700 900455.
3. The stopcock is in the cupboard by the bathroom.

Enjoy Edinburgh!
Fiona
"""

YSGUBOR = """### Ysgubor Fach: welcome guide

| Your stay | |
|---|---|
| Arrive | Friday 23 October 2026, from 4:00 pm |
| Leave | Friday 30 October 2026, by 10:00 am |
| Nights | 7 nights |
| Wi-Fi | YsguborFach, password on the welcome card |
| Hosts | Gwen and Huw Roberts |

### Welcome
Croeso! Welcome to Ysgubor Fach, our converted barn at the foot of the Rhinogydd. We hope you have a wonderful half-term week. Please make yourselves at home.

### Getting in
The key safe is by the front door, and we'll send you its code by text on the day you arrive.

### House rules
- The barn is smoke-free, inside and out.
- Well-behaved dogs are welcome, two at most.
- Quiet hours are 11:00 pm to 8:00 am (9 hours); sound carries across the valley.

### Out and about
- Harlech Castle is 4 miles (6.4 km) away.
- The beach at Llandanwg is a ten-minute drive.
- The village shop in the centre of Llanbedr sells bread, milk and papers.

### Before you go
- strip the beds
- run the dishwasher
- put the rubbish in the black bin and the recycling in the blue box
- leave the keys in the key safe

### Emergencies
- 999 for fire, police, ambulance or mountain rescue
- Huw, next door at the farm: 07700 900781
- Nearest A&E: Ysbyty Gwynedd, Bangor, about an hour's drive
- The fuse box is in the utility room.

Mwynhewch! Enjoy your stay,
Gwen and Huw
"""

MORE = (
    " We have welcomed guests here for over ten years, and we love sharing our favourite corner of the country."
    " You will find a folder of walks and maps on the bookshelf. There is a visitors' book by the door too, and we"
    " would love you to write in it."
)

GUIDES = (
    Guide(
        "Gull Cottage",
        "Write a guest guide for Gull Cottage in St Ives, Markdown headings, with the stay in a small table: arrival "
        "Friday 7 August 2026 from 4 pm, departure Monday 10 August 2026 by 10 am, and the number of nights. Open with "
        "a welcome of three sentences at most. We text the key safe code separately. House rules: non-smoking "
        "including the garden, dogs downstairs only, quiet hours 10:30 pm to 7:30 am (say how many hours). Nearby: "
        "Porthmeor Beach, 0.3 miles (in km too), the Yellow Canary café, the Tate. A five-step check-out list (beds, "
        "dishwasher, bins, windows and back door, key back in the key safe), and emergency contacts at the end: 999, "
        "Jenna 07700 900318, us (Mark and Ellie) 07700 900654. British spelling.",
        GULL,
        5,
        3,
        (
            swap_spans(GULL, "## Check-out", "## In an emergency", "Enjoy your stay!"),
            ("no_code", "We'll text you the key safe code on the morning you arrive.", "The key safe code is 4821."),
            ("smoking", "- Gull Cottage is non-smoking, inside and in the garden.\n", ""),
            ("british", "Our favourite café", "Our favorite café"),
            ("checklist", "5. put the key back in the key safe\n", ""),
            ("welcome", "if anything is missing.", "if anything is missing." + MORE),
            ("nights", "| Length of stay | 3 nights |", "| Length of stay | 4 nights |"),
            ("distance", "(0.5 km)", "(0.2 km)"),
            ("quiet", "(9 hours)", "(8 hours)"),
        ),
    ),
    Guide(
        "Larch Lodge",
        "Please write the welcome guide for Larch Lodge on Windermere, with bold headings and bullet points. A "
        "two-sentence welcome, then arriving and leaving: check-in Saturday 12 September 2026 from 3 pm, check-out "
        "Saturday 19 September 2026 by 10 am, with the number of nights; the key safe code comes by text, so don't put "
        "it in. Rules: no smoking in the lodge or on the deck, hot tub adults only, quiet time 11 pm to 7 am (give the "
        "hours). Out and about: Bowness is 2 miles by the lakeshore path (and in km), the lake cruises, the Brown "
        "Horse at Winster. A four-item list for leaving, then emergencies last (999, Pete the warden 07700 900127, A&E "
        "at Kendal). UK spelling throughout. From Sue and Raj.",
        LARCH,
        4,
        2,
        (
            swap_spans(LARCH, "**Before you leave**", "**Emergencies**", "Have a lovely week!"),
            ("no_code", "code will come by text the day before you arrive.", "code is 3096."),
            ("smoking", "- Please don't smoke anywhere in the lodge or on the deck.\n", ""),
            ("british", "for the sake of our neighbours", "for the sake of our neighbors"),
            ("checklist", "- turn off the hot tub heater\n", ""),
            ("welcome", "works its magic on you.", "works its magic on you." + MORE),
            ("nights", "That's seven nights", "That's eight nights"),
            ("distance", "(3.2 km)", "(1.2 km)"),
            ("quiet", "(8 hours)", "(7 hours)"),
        ),
    ),
    Guide(
        "Marchmont",
        "Plain text, no Markdown (Label: lines and numbered lists): a guest guide for our Edinburgh flat, 14/3 "
        "Marchmont Crescent. Welcome in no more than three sentences. The stay: arrival Thursday 6 August 2026 from "
        "3 pm, departure Sunday 9 August 2026 by 11 am, and how many nights; the door code is emailed the evening "
        "before, so leave it out. Rules: non-smoking including the balcony, quiet hours 10 pm to 8 am (with the number "
        "of hours), no parties. Nearby: the Meadows, the Castle 1.2 miles away (km as well), the Botanic Garden. A "
        "six-step list for leaving, and the emergency section at the very end (999, Morag in flat 2/1 on 07700 900455, "
        "the stopcock). British English. Sign it Fiona.",
        MARCHMONT,
        6,
        3,
        (
            swap_spans(MARCHMONT, "Before you leave:", "In an emergency:", "Enjoy Edinburgh!"),
            ("no_code", "we'll email you the door code the evening before you arrive.", "the door code is 2580."),
            ("smoking", "3. This is a non-smoking flat, and that includes the balcony.\n", ""),
            ("british", "full of colour in August", "full of color in August"),
            ("checklist", "6. pull the front door shut firmly behind you\n", ""),
            ("welcome", "as much as we do.", "as much as we do." + MORE),
            ("nights", "Length of stay: three nights", "Length of stay: four nights"),
            ("distance", "(1.9 km)", "(0.7 km)"),
            ("quiet", "(10 hours)", "(9 hours)"),
        ),
    ),
    Guide(
        "Ysgubor Fach",
        "Can you put together the welcome guide for Ysgubor Fach, our barn near Harlech? ### headings, with a small "
        "table of the stay at the top: arrive Friday 23 October 2026 from 4 pm, leave Friday 30 October 2026 by "
        "10 am, the number of nights, the Wi-Fi and us as hosts (Gwen and Huw Roberts). Welcome in four sentences or "
        "fewer. Getting in: key safe by the door, code sent by text on the day, never in the guide. Rules: smoke-free, "
        "two dogs at most, quiet hours 11 pm to 8 am (how many hours). Out and about: Harlech Castle 4 miles (in km "
        "too), Llandanwg beach, the village shop. Four check-out steps, then emergencies as the last section (999, Huw "
        "07700 900781, A&E at Bangor, fuse box). British spelling, please.",
        YSGUBOR,
        4,
        4,
        (
            swap_spans(YSGUBOR, "### Before you go", "### Emergencies", "Mwynhewch!"),
            ("no_code", "we'll send you its code by text on the day you arrive.", "its code is 7153."),
            ("smoking", "- The barn is smoke-free, inside and out.\n", ""),
            ("british", "in the centre of Llanbedr", "in the center of Llanbedr"),
            ("checklist", "- run the dishwasher\n", ""),
            ("welcome", "make yourselves at home.", "make yourselves at home." + MORE),
            ("nights", "| Nights | 7 nights |", "| Nights | 6 nights |"),
            ("distance", "(6.4 km)", "(2.5 km)"),
            ("quiet", "(9 hours)", "(10 hours)"),
        ),
    ),
)


def build(guide: Guide, on: dict[str, bool]) -> str:
    return slipped(guide.text, guide.slips, on, guide.name)


# Reading a guide --------------------------------------------------------------------------------


def sentence_count(text: str) -> int:
    """The sentences of `text`: runs ending in a full stop, a question or an exclamation mark before a space."""
    return len([s for s in SENTENCE_END.split(text.strip()) if re.search(r"[A-Za-z]", s)])


def emergency_last(answer: str) -> bool:
    """Whether the guide has headings and the last of them is the emergency section's."""
    titles = [title for line in answer.splitlines() if (title := heading_of(line)) is not None]
    return bool(titles) and re.search(EMERGENCY, titles[-1], re.I) is not None


def nights_right(answer: str) -> bool:
    """The first number written before "nights" is the nights from the arrival date to the departure date."""
    lines = answer.splitlines()
    arrive = next((day for s in lines if ARRIVE.search(s) and (day := date_in(s)) is not None), None)
    leave = next((day for s in lines if LEAVE.search(s) and (day := date_in(s)) is not None), None)
    stated = next((n for m in NIGHTS.finditer(answer) if (n := number_in(m.group(1))) is not None), None)
    return arrive is not None and leave is not None and stated is not None and (leave - arrive).days == stated


def quiet_right(answer: str) -> bool:
    """On the first line saying "quiet" with two times and some hours: the hours from the first time to the second."""
    line = next((s for s in answer.splitlines() if QUIET.search(s) and len(clocks(s)) >= 2 and HOURS.search(s)), "")
    if not line:
        return False
    start, end = clocks(line)[:2]
    return (end - start) % (24 * 60) == float(HOURS.search(line).group(1)) * 60


WORDINGS = {
    "no_code": (
        "Does not include the key safe or door code",
        "Leaves the entry code out of the guide, since it is sent separately",
    ),
    "smoking": ("States that smoking is not allowed", "Makes clear the property is non-smoking"),
    "british": ("Uses British spelling throughout", "Sticks to UK spellings, with no American ones"),
    "order": ("Puts the emergency information at the end", "The emergency section is the last section"),
    "checklist": (
        "Gives a check-out checklist of {steps} steps",
        "The list of things to do before leaving has exactly {steps} items",
    ),
    "welcome": (
        "Keeps the welcome to {sentences} sentences or fewer",
        "The welcome message is no longer than {sentences} sentences",
    ),
    "nights": (
        "The number of nights matches the arrival and departure dates",
        "States the right number of nights for the dates of the stay",
    ),
    "distance": (
        "The distance in kilometres is a correct conversion of the miles",
        "Converts the distance from miles to km correctly",
    ),
    "quiet": (
        "The length given for the quiet hours matches their start and end times",
        "Works out correctly how many hours the quiet period lasts",
    ),
}
"""Two wordings of each kind of criterion, filled from the guide."""


def truths(guide: Guide, answer: str) -> dict[str, bool]:
    welcome = " ".join(section(answer, WELCOME) or [])
    return {
        "no_code": CODE.search(answer) is None,
        "smoking": SMOKING.search(answer) is not None,
        "british": AMERICAN.search(answer) is None,
        "order": emergency_last(answer),
        "checklist": len(listed(section(answer, CHECKOUT) or [])) == guide.steps,
        "welcome": 0 < sentence_count(welcome) <= guide.sentences,
        "nights": nights_right(answer),
        "distance": converted(answer, MILES, KM, KM_PER_MILE),
        "quiet": quiet_right(answer),
    }


def candidates(rng: random.Random, guide: Guide, answer: str) -> list[Criterion]:
    filled = {"steps": NUMBER_WORDS[guide.steps], "sentences": NUMBER_WORDS[guide.sentences]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(guide, answer).items()
    ]


SWITCHES = ("order", "no_code", "smoking", "british", "checklist", "welcome", "nights", "distance", "quiet")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, GUIDES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

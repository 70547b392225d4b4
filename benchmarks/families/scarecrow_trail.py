"""Scarecrow trail family (fresh42): the trail guide a village's organisers ask for to hand out or post for their
scarecrow festival (a week-long nursery rhyme trail, a bank holiday film trail, a weekend of famous faces, a ten-day
under-the-sea trail), with when and where, parking, the scarecrows to find, how to vote, where the money goes and a
reminder about gardens, a kind of answer no grader was run on while any of its rules was written. Run only as `--set
fresh42`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the guide (Markdown headings with the trail in a table, bold labels with bullets, plain `Label:` lines
with numbered lists, or `###` headings under a key-facts table), written right and then changed by switches. Every
truth is read from the text: the village's name by its spellings, the gardens from a line naming them with a word
that keeps people out, exclamation marks by their mark, the sections by their headings, the scarecrows as the list
items and table rows under the trail's heading, the distance from the first line with kilometres and miles, the share
from the first line with a percentage and two amounts, and the weekdays from the lines that name a date and a weekday.
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
    converted,
    heading_of,
    heading_order,
    listed,
    money,
    pick_wording,
    pipe_grids,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    weekdays_right,
)

FAMILY = "scarecrow_trail"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
GARDEN = re.compile(r"\bgardens?\b", re.I)
KEEP_OUT = re.compile(r"\bprivate\b|\bdon't go into\b|\bdo not go into\b|\bstay out of\b|\bkeep out of\b", re.I)
TRAIL = r"\bthe trail\b"
VOTE = r"\bvot"
PARKING = re.compile(r"parking|where to park", re.I)
KM = re.compile(r"(\d+(?:\.\d+)?)\s*km\b")
MILES = re.compile(r"(\d+(?:\.\d+)?)\s*miles?\b")
PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%")
MILES_PER_KM = 0.621371


@dataclass(frozen=True)
class Trail:
    name: str
    """The village, as its name is spelt."""
    task: str
    text: str
    """The answer written right."""
    stops: int
    """The scarecrows on the trail asked for."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


NETHERBY = """# Netherby Scarecrow Trail 2026: Nursery Rhymes

Netherby's scarecrows are back, and this year they are all characters from nursery rhymes. Pick up a trail sheet, follow the route round the village and vote for your favourite.

## When and where
**Starts:** Saturday 1 August 2026
**Ends:** Sunday 9 August 2026
**Trail sheets:** £2.00 from the village shop or the church porch
**Route:** a loop of 2.4 km (1.5 miles), starting and finishing at the church

## Parking
Park in the village hall car park on School Lane, and please don't park on the green. The church is five minutes' walk away.

## The trail
| No. | Scarecrow | Where |
|---|---|---|
| 1 | Humpty Dumpty | on the church wall |
| 2 | Little Bo Peep | the Old Forge, Church Lane |
| 3 | Jack and Jill | the bottom of Mill Hill |
| 4 | The Grand Old Duke of York | outside the Red Lion |
| 5 | Mary, Mary, Quite Contrary | 12 Orchard Close |
| 6 | Old King Cole | the village hall |
| 7 | Little Miss Muffet | the school gate |
| 8 | Hey Diddle Diddle | the bus shelter on Main Street |

The scarecrows are in gardens and on walls along the route: please look from the pavement and don't go into private gardens.

## How to vote
Write the number of your favourite on the trail sheet and post it in the box at the village shop by 4:00 pm on the last day. The winner will be announced in the parish magazine.

## Where the money goes
Last year's trail raised £1,240.00, and 25% of it (£310.00) paid for new books for Netherby Primary School. The rest went to the church roof fund.

## Refreshments
Tea and cakes in the village hall every afternoon, 2:00 pm to 4:30 pm.
"""

WENFORD = """**Wenford Scarecrow Festival 2026**

This year's theme is Film Favourites. Come and meet the scarecrows of Wenford, vote for the best one, and help raise money for the village playground.

**When and where**
- Opens: Saturday 22 August 2026
- Closes: Monday 31 August 2026 (bank holiday)
- Trail sheets: £1.50 from the post office
- The route is 3.2 km (2.0 miles), mostly flat, from the post office to the playing fields.

**Parking**
- Free parking at the playing fields on Ford Road.

**The trail**
1. Mary Poppins at 3 Ford Road
2. Shrek at the playing fields gate
3. Paddington at the post office
4. Wallace and Gromit at Rose Cottage, Back Lane
5. The Wizard of Oz's Scarecrow at Lower Farm
6. Willy Wonka at the village hall
7. Elsa at 14 Mill Row
8. Harry Potter at the church gate
9. Buzz Lightyear at the Plough

**How to vote**
- Tick your favourite on the trail sheet and drop it in the box at the post office.
- Voting closes at 5:00 pm on the last day.

**Where the money goes**
- In 2025 the festival raised £960.00, and 50% of it (£480.00) went towards the new playground.

**Please remember**
- The scarecrows are in front gardens, which are private: please look from the pavement and don't go into them.
- Dogs on leads, please.
"""

THORNLEY = """UPPER THORNLEY SCARECROW WEEKEND 2026

Our scarecrow weekend is back, with the theme Famous Faces. Follow the trail round Upper Thornley, spot all the scarecrows and vote for your favourite.

When and where:
First day: Saturday 12 September 2026, 10:00 am to 5:00 pm
Last day: Sunday 13 September 2026, 10:00 am to 4:00 pm
Start: the village hall, where trail sheets cost £2.50
Route: 1.6 km (1.0 miles), all on pavements

Parking:
Park at the village hall or in the lay-by on Moor Road. Please don't park in Church Close.

The trail:
1. The King, by the post box on Moor Road
2. Florence Nightingale, at the surgery
3. Charlie Chaplin, by the war memorial
4. Emmeline Pankhurst, at 6 Church Close
5. Isambard Kingdom Brunel, at the bridge
6. Frida Kahlo, at the old school
7. David Attenborough, at the duck pond

How to vote:
1. Choose your favourite and write its number on your trail sheet.
2. Hand your sheet in at the village hall before 4:00 pm on Sunday.

Where the money goes:
Last year we raised £1,450.00, and 20% of it (£290.00) bought a defibrillator cabinet for the village hall.

Please remember:
The scarecrows stand in people's front gardens, which are private, so please stay on the pavement.
"""

BROCKHURST = """### Brockhurst Scarecrow Trail

| Trail | |
|---|---|
| Opens | Friday 2 October 2026 |
| Closes | Sunday 11 October 2026 |
| Theme | Under the Sea |
| Trail sheet | £2.00, from the farm shop |
| Distance | 4.8 km (3.0 miles) |

Ten days of scarecrows round Brockhurst, all on an Under the Sea theme. Grab a trail sheet and see how many you can find.

### Parking
The farm shop car park on Brock Lane is free for trail walkers.

### The trail
- An octopus band at the farm shop
- Captain Nemo on the corner of Brock Lane
- A family of crabs at Willow Cottage
- The Little Mermaid by the pond
- A deep-sea diver at the church
- A shark outside the Wheatsheaf

### How to vote
Put a cross by your favourite on the trail sheet and hand it in at the farm shop by Sunday 11 October.

### Where the money goes
Last year we raised £720.00, and 75% of it (£540.00) went to the air ambulance.

### Please remember
Most scarecrows are in front gardens. These are private, so please stay on the footpath and don't go into them.
"""

TRAILS = (
    Trail(
        "Netherby",
        "Write a trail guide in Markdown for the Netherby Scarecrow Trail (theme: nursery rhymes), Saturday 1 to Sunday "
        "9 August 2026 (with the weekdays). Trail sheets £2 from the shop or church porch; the route is 2.4 km, give it "
        "in miles too. A parking heading (village hall car park, not the green). The eight scarecrows in a table, then "
        "how to vote (number on the sheet, box at the shop by 4 pm on the last day). Say that last year raised £1,240 "
        "and that 25% of it went on books for the primary school, with the amount. Remind people not to go into "
        "gardens. Refreshments at the hall. Keep it calm: no exclamation marks.",
        NETHERBY,
        8,
        (
            swap_spans(NETHERBY, "## The trail", "## How to vote", "## Where the money goes"),
            ("name", "Netherby's scarecrows are back", "Netherbury's scarecrows are back"),
            (
                "gardens",
                "please look from the pavement and don't go into private gardens.",
                "please look from the pavement and take your litter home.",
            ),
            ("no_exclaim", "vote for your favourite.", "vote for your favourite!"),
            ("stops", "| 7 | Little Miss Muffet | the school gate |\n", ""),
            ("heading", "## Parking\n", ""),
            ("distance", "(1.5 miles)", "(3.9 miles)"),
            ("share", "(£310.00)", "(£320.00)"),
            ("weekday", "**Ends:** Sunday 9 August", "**Ends:** Saturday 9 August"),
        ),
    ),
    Trail(
        "Wenford",
        "A flyer for the Wenford Scarecrow Festival, bold labels and bullets: theme Film Favourites, Saturday 22 August "
        "to Monday 31 August 2026 (bank holiday), weekdays with the dates. Trail sheets £1.50 at the post office; the "
        "route is 3.2 km, also in miles. Parking at the playing fields under its own label. The nine scarecrows as a "
        "numbered list (Mary Poppins, Shrek, Paddington, Wallace and Gromit, the Wizard of Oz's Scarecrow, Willy Wonka, "
        "Elsa, Harry Potter, Buzz Lightyear) before how to vote. In 2025 we raised £960 and half went to the "
        "playground: give the percentage and the amount. Ask people to keep out of the gardens. No exclamation marks, "
        "please.",
        WENFORD,
        9,
        (
            swap_spans(WENFORD, "**The trail**", "**How to vote**", "**Where the money goes**"),
            ("name", "meet the scarecrows of Wenford", "meet the scarecrows of Wendford"),
            (
                "gardens",
                "- The scarecrows are in front gardens, which are private: please look from the pavement and don't go "
                "into them.\n",
                "",
            ),
            ("no_exclaim", "money for the village playground.", "money for the village playground!"),
            ("stops", "7. Elsa at 14 Mill Row\n", ""),
            ("heading", "**Parking**\n", ""),
            ("distance", "(2.0 miles)", "(2.5 miles)"),
            ("share", "(£480.00)", "(£460.00)"),
            ("weekday", "- Closes: Monday 31 August", "- Closes: Sunday 31 August"),
        ),
    ),
    Trail(
        "Thornley",
        "Plain text with 'Label:' headings and numbered lists, please: the guide to the Upper Thornley Scarecrow "
        "Weekend, theme Famous Faces, Saturday 12 September 2026 (10 to 5) and Sunday 13 September (10 to 4), weekdays "
        "included. Trail sheets £2.50 at the village hall; route 1.6 km (and in miles). A 'Parking:' section. Seven "
        "scarecrows (the King, Florence Nightingale, Charlie Chaplin, Emmeline Pankhurst, Brunel, Frida Kahlo, David "
        "Attenborough), then how to vote. Last year's £1,450: 20% bought the defibrillator cabinet, say how much. "
        "Remind visitors the gardens are private. Calm tone, no exclamation marks.",
        THORNLEY,
        7,
        (
            swap_spans(THORNLEY, "The trail:", "How to vote:", "Where the money goes:"),
            ("name", "round Upper Thornley", "round Upper Thornly"),
            (
                "gardens",
                "The scarecrows stand in people's front gardens, which are private, so please stay on the pavement.",
                "The scarecrows are out in all weathers, so some may lean a little by Sunday.",
            ),
            ("no_exclaim", "vote for your favourite.", "vote for your favourite!"),
            ("stops", "6. Frida Kahlo, at the old school\n", ""),
            ("heading", "Parking:\n", ""),
            ("distance", "(1.0 miles)", "(2.6 miles)"),
            ("share", "(£290.00)", "(£145.00)"),
            ("weekday", "Last day: Sunday 13 September", "Last day: Monday 13 September"),
        ),
    ),
    Trail(
        "Brockhurst",
        "Can you write the Brockhurst Scarecrow Trail guide? ### headings and a key-facts table at the top: opens "
        "Friday 2 October 2026, closes Sunday 11 October 2026, theme Under the Sea, trail sheets £2 at the farm shop, "
        "4.8 km (give miles as well). Parking at the farm shop under its own heading. The six scarecrows as bullets "
        "(octopus band, Captain Nemo, crabs, Little Mermaid, diver, shark) and then how to vote. Last year raised £720, "
        "75% to the air ambulance: state the sum. Ask visitors not to go into the gardens. No exclamation marks.",
        BROCKHURST,
        6,
        (
            swap_spans(BROCKHURST, "### The trail", "### How to vote", "### Where the money goes"),
            ("name", "scarecrows round Brockhurst", "scarecrows round Brookhurst"),
            (
                "gardens",
                "These are private, so please stay on the footpath and don't go into them.",
                "They are lit up after dark, so the trail works in the evening too.",
            ),
            ("no_exclaim", "see how many you can find.", "see how many you can find!"),
            ("stops", "- A family of crabs at Willow Cottage\n", ""),
            ("heading", "### Parking\n", ""),
            ("distance", "(3.0 miles)", "(3.5 miles)"),
            ("share", "(£540.00)", "(£520.00)"),
            ("weekday", "| Closes | Sunday 11 October", "| Closes | Saturday 11 October"),
        ),
    ),
)


def build(trail: Trail, on: dict[str, bool]) -> str:
    return slipped(trail.text, trail.slips, on, trail.name)


# Reading a guide --------------------------------------------------------------------------------


def stops(answer: str) -> int:
    """The scarecrows: the list items and the table rows below the headings' row under the trail's heading."""
    lines = section(answer, TRAIL) or []
    return len(listed(lines)) + sum(len(grid) - 1 for grid in pipe_grids("\n".join(lines)))


def parking_heading(answer: str) -> bool:
    """Whether some heading is about parking."""
    return any((title := heading_of(line)) is not None and PARKING.search(title) for line in answer.splitlines())


def gardens_kept(answer: str) -> bool:
    """Whether some line names gardens with a word that keeps visitors out of them."""
    return any(GARDEN.search(line) and KEEP_OUT.search(line) for line in answer.splitlines())


def share_right(answer: str) -> bool:
    """Whether the first line with a percentage and two amounts gives the second as that percentage of the first."""
    line = next((s for s in answer.splitlines() if PERCENT.search(s) and len(money(s)) >= 2), "")
    found, amounts = PERCENT.search(line), money(line)
    return found is not None and amounts[0] * Decimal(found.group(1)) / 100 == amounts[1]


WORDINGS = {
    "name": ("Spells {name} the same way throughout", "Uses a single spelling of the village name, {name}"),
    "gardens": ("Asks visitors not to go into people's gardens", "Reminds people that the gardens are private"),
    "no_exclaim": ("Uses no exclamation marks", "Keeps a calm tone without any exclamation marks"),
    "order": (
        "Lists the trail before explaining how to vote",
        "The trail section comes before the voting instructions",
    ),
    "stops": ("Lists exactly {stops} scarecrows on the trail", "The trail has {stops} stops, no more and no fewer"),
    "heading": ("Has a heading for parking", "Puts the parking information under its own heading"),
    "distance": (
        "The route's length in miles is a correct conversion of the kilometres",
        "Converts the trail distance from km to miles correctly",
    ),
    "share": (
        "The amount given as a percentage of last year's total is worked out correctly",
        "Calculates the percentage share of last year's takings correctly",
    ),
    "weekday": ("Every weekday given matches its date", "The days of the week are right for the dates"),
}
"""Two wordings of each kind of criterion, filled from the trail."""


def truths(trail: Trail, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, trail.name) == {trail.name.lower()},
        "gardens": gardens_kept(answer),
        "no_exclaim": "!" not in answer,
        "order": heading_order(answer, TRAIL, VOTE),
        "stops": stops(answer) == trail.stops,
        "heading": parking_heading(answer),
        "distance": converted(answer, KM, MILES, MILES_PER_KM),
        "share": share_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, trail: Trail, answer: str) -> list[Criterion]:
    filled = {"name": trail.name, "stops": NUMBER_WORDS[trail.stops]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(trail, answer).items()
    ]


SWITCHES = ("order", "name", "gardens", "no_exclaim", "stops", "heading", "distance", "share", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, TRAILS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

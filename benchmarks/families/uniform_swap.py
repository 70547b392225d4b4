"""Uniform swap family (fresh38): the flyer a school's PTA asks for to advertise its uniform swap shop (a primary
school's summer swap, a high school's September swap, an infant school's Saturday swap, an academy's autumn swap), with
when and where, what it accepts, how the last swap went and how to drop off donations, a kind of answer no grader was
run on while any of its rules was written. Run only as `--set fresh38`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the flyer (Markdown headings with last year's figures in a table, bold labels with bullets, plain
`Label:` lines with numbered lists, or `###` headings with the when and where in a key-facts table), written right and
then changed by switches. Every truth is read from the text: the words the flyer calls the clothes, a donor family
named and the request for washed items by the words that write them, the sections by their headings, the accepted
items as the list items of their section, the flyer's length in words, the share found a home from the first line
with a percentage (its two other figures the part and the whole), the total against the other counts of the last
swap's section, and the weekday from the lines that name a date and a weekday.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    FIGURE,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    figure_value,
    heading_order,
    listed,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
    weekdays_right,
    word_count,
)

FAMILY = "uniform_swap"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SECOND_HAND = re.compile(r"second[- ]hand|\bused (?:uniform|clothes|items)", re.I)
DONOR = re.compile(r"\b[Tt]he [A-Z][\w'-]+ family\b")
WASHED = re.compile(r"\b(?:washed|laundered)\b", re.I)
WHEN = r"when and where"
ACCEPT = r"accept|we take"
TALLY = r"last (?:year|term|swap)|how we did"
PERCENT = re.compile(r"(\d+(?:\.\d+)?)%")
TOTAL = re.compile(r"\btotal\b", re.I)


@dataclass(frozen=True)
class Flyer:
    name: str
    """The school."""
    task: str
    text: str
    """The answer written right."""
    items: int
    """The kinds of item accepted."""
    limit: int
    """The flyer's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


OAKFIELD = """# Oakfield Primary PTA Uniform Swap Shop

Growing out of uniform faster than you can buy it? Come and swap. Everything is free, and you don't need to bring anything to take something home.

## When and where
Friday 10 July 2026, 3:15 pm to 4:30 pm, in the school hall (come in by the playground gate).

## What we accept
Please bring clean, washed items with the Oakfield logo or in plain school colours:
- green jumpers and cardigans
- white polo shirts
- grey trousers, skirts and pinafores
- green and white summer dresses
- PE shorts and T-shirts
- book bags and PE bags

## Last year's swap
| Item | Rehomed |
|---|---|
| Jumpers and cardigans | 186 |
| Polo shirts | 142 |
| Trousers, skirts and pinafores | 97 |
| PE kit and bags | 63 |
| Total | 488 |

## Dropping off donations
Leave donations in the blue bins by the school office. Of the 610 pre-loved items you gave us last year, 488 found new homes (80%), and the rest went to the town's uniform bank.

Oakfield Primary PTA
"""

ST_BEDES = """**St Bede's Uniform Swap: free pre-loved uniform for every family**

Our swap shop is back for the new school year. Take what you need: it's all free, and there's no need to donate to take.

**When and where**
- Wednesday 2 September 2026, 5:00 pm to 7:00 pm
- St Bede's sports hall, Carr Lane entrance

**What we accept**
- maroon blazers with the St Bede's badge
- white shirts and blouses
- black trousers and skirts
- house ties
- PE tops and shorts
Everything must be washed and in good condition, please.

**How we did in July**
- Blazers: 74
- Shirts and blouses: 158
- Trousers and skirts: 121
- Ties: 45
- Total rehomed: 398

**Donations**
Hand donations in at main reception. In July, 398 of the 470 pre-loved items donated went to a new home, or 85%.

St Bede's PTFA
"""

HILLCREST = """HILLCREST INFANT SCHOOL UNIFORM SWAP

Free pre-loved uniform for Hillcrest families. Take as much as you need; you don't have to donate anything.

When and where:
Saturday 19 September 2026, 10:00 am to 12:00 noon
Hillcrest Community Room, next to the nursery gate

What we accept:
1. red sweatshirts and cardigans
2. white polo shirts
3. grey trousers and skirts
4. red gingham dresses
Please make sure everything is washed before you drop it off.

Last term:
1. Sweatshirts and cardigans: 96
2. Polo shirts: 84
3. Trousers and skirts: 58
4. Dresses: 41
Total: 279 items

Donations:
Leave them in the swap box in the school reception. Last term 279 of the 310 pre-loved items you gave (90%) found a new home.

With thanks from the Friends of Hillcrest
"""

RIVERSIDE = """### Riverside Academy Swap Shop

Pre-loved uniform, free to every family at Riverside. No donation is needed to take what you need.

### When and where
| | |
|---|---|
| Date | Thursday 15 October 2026 |
| Time | 3:30 pm to 5:30 pm |
| Place | Library, ground floor |

### What we accept
- navy blazers with the Riverside crest
- light blue shirts
- navy trousers and skirts
- PE kit
- coats and waterproofs
- school shoes in good repair
All items should be freshly washed, please.

### Last year in numbers
| Item | Rehomed |
|---|---|
| Blazers | 88 |
| Shirts | 131 |
| Trousers and skirts | 104 |
| PE kit, coats and shoes | 59 |
| Total | 382 |

### Donations
Bring donations to student reception. Last year 382 of the 450 pre-loved items given (85%) found new owners.
"""

RAMBLE = (
    " We started the swap shop five years ago, when a few parents noticed how many good jumpers and blazers were left"
    " in the lost property box at the end of every term, and it has grown every year since then thanks to all of our"
    " wonderful volunteers, who sort, fold and hang every single item by hand before each swap. Over the years we"
    " have tried it in the hall, the library and even the playground on sunny days, and we have learned that the"
    " best time is straight after school, when parents are already here, so that is when we hold it now."
)

FLYERS = (
    Flyer(
        "Oakfield Primary",
        "Please write a flyer for the Oakfield Primary PTA uniform swap shop, in Markdown, under 200 words. It's on 10 "
        "July 2026 (give the day of the week), 3:15 to 4:30 pm in the school hall. Everything is free. Put when and "
        "where before what we accept, and list the six things we take: green jumpers and cardigans, white polo shirts, "
        "grey trousers/skirts/pinafores, summer dresses, PE kit, book and PE bags. Ask for things to be washed. Last "
        "year's figures in a table with a total: jumpers 186, polos 142, trousers etc. 97, PE kit and bags 63. Say that "
        "488 of the 610 donated items found homes, as a percentage. Call the clothes pre-loved, never second-hand, and "
        "please don't name the families who gave things.",
        OAKFIELD,
        6,
        200,
        (
            swap_spans(OAKFIELD, "## When and where", "## What we accept", "## Last year's swap"),
            ("pre_loved", "610 pre-loved items", "610 second-hand items"),
            (
                "no_donor",
                "and the rest went to",
                "the Adeyemi family gave a whole box of blazers, and the rest went to",
            ),
            ("washed", "Please bring clean, washed items", "Please bring items"),
            ("items", "- green and white summer dresses\n", ""),
            ("length", "Come and swap.", "Come and swap." + RAMBLE),
            ("percent", "(80%)", "(78%)"),
            ("total", "| Total | 488 |", "| Total | 478 |"),
            ("weekday", "Friday 10 July", "Thursday 10 July"),
        ),
    ),
    Flyer(
        "St Bede's",
        "Flyer for St Bede's PTFA uniform swap, please: bold headings and bullet points, 180 words at most. Wednesday "
        "2 September 2026 (include the weekday), 5 to 7 pm, sports hall, Carr Lane entrance. All free. When and where "
        "first, then what we accept: blazers with the badge, white shirts and blouses, black trousers and skirts, house "
        "ties, PE tops and shorts (that's five) and everything must be washed. Then how we did in July: blazers 74, "
        "shirts and blouses 158, trousers and skirts 121, ties 45, with the total, and 398 of 470 donated items "
        "rehomed, as a percentage. Use 'pre-loved' rather than 'second-hand', and keep donors anonymous.",
        ST_BEDES,
        5,
        180,
        (
            swap_spans(ST_BEDES, "**When and where**", "**What we accept**", "**How we did in July**"),
            ("pre_loved", "470 pre-loved items", "470 second-hand items"),
            ("no_donor", "Hand donations in at main reception.", "Thank you to the Brennan family for all the ties."),
            ("washed", "Everything must be washed and in good condition", "Everything must be in good condition"),
            ("items", "- house ties\n", ""),
            ("length", "for the new school year.", "for the new school year." + RAMBLE),
            ("percent", "or 85%", "or 82%"),
            ("total", "- Total rehomed: 398", "- Total rehomed: 408"),
            ("weekday", "Wednesday 2 September", "Tuesday 2 September"),
        ),
    ),
    Flyer(
        "Hillcrest Infants",
        "Can you do a plain-text flyer (no Markdown) for the Hillcrest Infant School uniform swap? Saturday 19 "
        "September 2026 with the weekday, 10 am to noon, in the community room by the nursery gate. Free, no need to "
        "donate. When and where comes first, then a numbered list of the four things we accept (red sweatshirts and "
        "cardigans, white polos, grey trousers and skirts, red gingham dresses), asking for everything to be washed. "
        "Then last term: sweatshirts 96, polos 84, trousers and skirts 58, dresses 41, and the total; 279 of 310 "
        "items rehomed, with the percentage. Under 160 words. Say pre-loved, not second-hand; no family names.",
        HILLCREST,
        4,
        160,
        (
            swap_spans(HILLCREST, "When and where:", "What we accept:", "Last term:"),
            ("pre_loved", "310 pre-loved items", "310 second-hand items"),
            (
                "no_donor",
                "Leave them in the swap box",
                "The Novak family kindly gave a bag of cardigans. Leave them in the swap box",
            ),
            (
                "washed",
                "Please make sure everything is washed before you drop it off.",
                "Donations can be handed in at school.",
            ),
            ("items", "3. grey trousers and skirts\n4. red gingham", "3. red gingham"),
            ("length", "you don't have to donate anything.", "you don't have to donate anything." + RAMBLE),
            ("percent", "(90%)", "(88%)"),
            ("total", "Total: 279 items", "Total: 269 items"),
            ("weekday", "Saturday 19 September", "Friday 19 September"),
        ),
    ),
    Flyer(
        "Riverside Academy",
        "Write our Riverside Academy swap shop flyer with ### headings, the date, time and place in a small table under "
        "When and where: Thursday 15 October 2026 (weekday included), 3:30 to 5:30 pm, library, ground floor. Free. "
        "Then what we accept, six things: blazers with the crest, light blue shirts, navy trousers and skirts, PE kit, "
        "coats and waterproofs, school shoes; ask that everything is washed. Last year in a table: blazers 88, shirts "
        "131, trousers and skirts 104, PE kit, coats and shoes 59, plus the total; 382 of 450 rehomed, as a percentage. "
        "No more than 170 words. Pre-loved, not second-hand, and don't name any donors.",
        RIVERSIDE,
        6,
        170,
        (
            swap_spans(RIVERSIDE, "### When and where", "### What we accept", "### Last year in numbers"),
            ("pre_loved", "450 pre-loved items", "450 second-hand items"),
            (
                "no_donor",
                "Bring donations to student reception.",
                "Bring donations to reception, as the Osei family did.",
            ),
            ("washed", "All items should be freshly washed, please.", "All items should be in good condition, please."),
            ("items", "- coats and waterproofs\n", ""),
            ("length", "to take what you need.", "to take what you need." + RAMBLE),
            ("percent", "(85%)", "(88%)"),
            ("total", "| Total | 382 |", "| Total | 392 |"),
            ("weekday", "Thursday 15 October", "Wednesday 15 October"),
        ),
    ),
)


def build(flyer: Flyer, on: dict[str, bool]) -> str:
    return slipped(flyer.text, flyer.slips, on, flyer.name)


# Reading a flyer -------------------------------------------------------------------------------


def percent_right(answer: str) -> bool:
    """Whether the first line with a percentage states the share its two other figures make (the smaller of the
    whole), to half a unit of the percentage's last written digit."""
    line = next((line for line in answer.splitlines() if PERCENT.search(line)), "")
    stated = PERCENT.search(line)
    figures = [figure_value(f) for f in FIGURE.findall(PERCENT.sub(" ", line))]
    if stated is None or len(figures) != 2 or max(figures) == 0:
        return False
    places = len(stated.group(1).partition(".")[2])
    share = 100 * min(figures) / max(figures)
    return abs(share - float(stated.group(1))) <= 0.5 * 10**-places + 1e-9


def tally_right(answer: str) -> bool:
    """Whether the last swap's section's one total line is the sum of the last figures on its other lines."""
    lines = [line for line in section(answer, TALLY) or [] if FIGURE.search(line)]
    totals = [figure_value(FIGURE.findall(line)[-1]) for line in lines if TOTAL.search(line)]
    parts = [figure_value(FIGURE.findall(line)[-1]) for line in lines if not TOTAL.search(line)]
    return len(totals) == 1 and bool(parts) and totals[0] == sum(parts)


WORDINGS = {
    "pre_loved": (
        "Describes the clothes as pre-loved and never as second-hand or used",
        "Avoids calling the uniform second-hand",
    ),
    "no_donor": (
        "Does not name any family who donated",
        "Keeps the donors anonymous",
    ),
    "washed": (
        "Asks for donations to be washed before they are brought in",
        "Makes clear that donated items must be washed",
    ),
    "order": (
        "Gives the when and where before the list of what is accepted",
        "The date, time and place section comes before the accepted items",
    ),
    "items": (
        "Lists {items} kinds of item that are accepted",
        "The accepted items are a list of exactly {items} things",
    ),
    "length": (
        "The flyer is no longer than {limit} words",
        "Keeps the whole flyer within {limit} words",
    ),
    "percent": (
        "The percentage of donated items that found a home is calculated correctly",
        "The share rehomed given as a percentage matches the two numbers it comes from",
    ),
    "total": (
        "The total rehomed is the sum of the figures for each kind of item",
        "The numbers for each item add up to the total given",
    ),
    "weekday": (
        "The day of the week matches the date of the swap",
        "Gives the right weekday for the swap's date",
    ),
}
"""Two wordings of each kind of criterion, filled from the flyer."""


def truths(flyer: Flyer, answer: str) -> dict[str, bool]:
    return {
        "pre_loved": SECOND_HAND.search(answer) is None,
        "no_donor": DONOR.search(answer) is None,
        "washed": WASHED.search(answer) is not None,
        "order": heading_order(answer, WHEN, ACCEPT),
        "items": len(listed(section(answer, ACCEPT) or [])) == flyer.items,
        "length": 0 < word_count(answer) <= flyer.limit,
        "percent": percent_right(answer),
        "total": tally_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, flyer: Flyer, answer: str) -> list[Criterion]:
    filled = {"items": NUMBER_WORDS[flyer.items], "limit": flyer.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(flyer, answer).items()
    ]


SWITCHES = ("order", "pre_loved", "no_donor", "washed", "items", "length", "percent", "total", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, FLYERS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

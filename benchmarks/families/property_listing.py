"""Property listing family (fresh31): the advert a letting agent or landlord asks for to let a home (a
two-bedroom flat, a three-bedroom family house, a city-centre studio, a one-bedroom cottage), with the
key features, a description, the rent by the month and the week, the deposit, the floor area, the
energy rating and how to view, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh31`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the listing (Markdown headings with bulleted features, bold headings with bullets, plain
`Label:` lines with a numbered list, or `###` headings under a key-facts table), written right and then
changed by switches. Every truth is read from the text: the sections by their headings, the features
as the list items under theirs, the description's words as runs of letters, the rent by the month and
by the week as the first and second amounts on the rent's line, the deposit from the first line naming
a deposit (not a holding deposit) with an amount, the floor area from the line with m² and sq ft, and
the address and the wording about who may rent by the words that say them.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    converted,
    heading_order,
    listed,
    money,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
    word_count,
)

FAMILY = "property_listing"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
UNFAIR = re.compile(
    r"\bno DSS\b|\bbenefits? claimants?\b|\bno (?:housing )?benefits?\b|\bprofessionals only\b|\bno students\b"
    r"|\bno (?:children|kids|families)\b",
    re.I,
)
EPC = re.compile(r"\bEPC\b[^\n.]{0,20}?\b[A-G]\b|\b[Ee]nergy (?:efficiency )?rating\b[^\n.]{0,12}?\b[A-G]\b")
FEATURES = r"features|at a glance|highlights"
DESCRIPTION = r"description|about the|the property"
MONTHLY = re.compile(r"\bpcm\b|per month|a month", re.I)
SQUARE_METRES = re.compile(r"(\d+(?:\.\d+)?)\s*(?:m²|m2|sq m|square metres)")
SQUARE_FEET = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(?:sq ft|square feet)")
SQUARE_FEET_PER_SQUARE_METRE = 10.7639
WEEKS_OF_DEPOSIT = 5


@dataclass(frozen=True)
class Listing:
    name: str
    """The street, which the listing gives without the house number."""
    task: str
    text: str
    """The answer written right."""
    features: int
    limit: int
    """The key features asked for and the description's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


ALBERT_ROAD = """# Two-bedroom flat to let, Albert Road, Southsea

## Key features
- Two double bedrooms
- Bay-fronted living room with a working fireplace
- Modern kitchen with a dishwasher and washing machine
- Gas central heating and double glazing
- Permit parking on the street
- Five minutes' walk to the seafront

## Description
A bright first-floor flat in a Victorian terrace, close to the shops and cafés of Albert Road. The living room has a large bay window and a fireplace, and the kitchen looks over a shared garden. Both bedrooms take a double bed and wardrobes, and the bathroom has a shower over the bath.

## Rent and fees
- Rent: £1,300 pcm (£300 per week)
- Deposit: £1,500, five weeks' rent, held in a government-backed scheme
- Holding deposit: one week's rent
- Available from 1 August 2026, unfurnished

## Good to know
- Total floor area: 62 m² (667 sq ft)
- EPC rating: C
- Council tax band B
- Pets considered

To arrange a viewing, call Harbour Lettings on 023 9200 4417.
"""

ELM_GROVE = """**Three-bedroom family house, Elm Grove, Headingley**

**At a glance**
• Three bedrooms (two doubles and a single)
• South-facing garden with a shed
• Open-plan kitchen and dining room
• Downstairs cloakroom
• Off-street parking for one car

**About the house**
A well-kept 1930s semi on a quiet, tree-lined road, ten minutes' walk from Headingley's shops and a short bus ride into Leeds. The kitchen and dining room open onto the garden through French doors, and upstairs there is a family bathroom with a separate shower. The loft is boarded for storage.

**Money**
• Rent: £1,495 per month (£345 a week)
• Security deposit: £1,725 (five weeks' rent)
• Holding deposit: one week's rent, to reserve the house

**Other details**
• Floor area: 94 m² (1,012 sq ft)
• EPC: D
• Available from 1 September 2026
• Unfurnished; pets by arrangement

Book a viewing with Kirkstall Homes on 0113 496 0720.
"""

CANAL_STREET = """Studio flat to rent: Canal Street, Manchester

Features:
1. Open-plan living and sleeping area with a double bed
2. Fitted kitchen with an induction hob
3. Shower room
4. Lift and secure bike store

The property:
A compact, newly refurbished studio on the fourth floor of a converted cotton mill, two minutes from Piccadilly station. Big warehouse windows make it light all day, and the building has a concierge.

Rent and deposit:
Rent is £975 per month, which is £225 per week.
Deposit: £1,125 (five weeks' rent).
Holding deposit: £225 (one week's rent).

Other information:
Size: 31 m² (334 sq ft)
Energy rating: C
Available from: 15 July 2026
Furnished. Contact Northern Quarter Lets on 0161 496 0135 to view.
"""

MILL_LANE = """### One-bedroom cottage to let, Mill Lane, Corbridge

| | |
|---|---|
| Rent | £845 pcm (£195 pw) |
| Deposit | £975 (five weeks' rent) |
| Available | 3 August 2026 |
| EPC | D |
| Floor area | 48 m² (517 sq ft) |

### Highlights
- Wood-burning stove in the sitting room
- Cottage garden with a view of the river
- Newly fitted shower room
- Parking for one car
- Broadband up to 500 Mbps

### About the cottage
A stone-built cottage at the quiet end of Mill Lane, five minutes' walk from Corbridge's market place and station. Downstairs is a sitting room with a stove and a kitchen with a small dining table; upstairs is a double bedroom under the eaves.

### Viewings
Call Tynedale Property on 01434 960 228. Pets considered.
"""

LONGER = (
    " The owners have looked after it with real care over many years, and it shows in every room, from the"
    " freshly painted walls to the neat, well-stocked cupboards. Neighbours are friendly and the area is quiet"
    " in the evenings, yet everything you need for day-to-day life is close at hand, including a supermarket,"
    " a doctor's surgery, a pharmacy and a good choice of pubs and restaurants."
)

LISTINGS = (
    Listing(
        "Albert Road",
        "Write a listing for a two-bedroom flat to let on Albert Road, Southsea (it's number 14, but the landlord "
        "doesn't want the door number online). Markdown, with the key features first as six bullets (two doubles, bay "
        "window and fireplace, modern kitchen, gas heating and double glazing, permit parking, near the seafront), "
        "then a description of 80 words or fewer. Rent £1,300 pcm; give the weekly figure, a deposit of five weeks' "
        "rent and a holding deposit of a week's rent. 62 m² (give sq ft too), EPC C, council tax B, pets considered, "
        "available 1 August 2026. Viewings through Harbour Lettings, 023 9200 4417.",
        ALBERT_ROAD,
        6,
        80,
        (
            swap_spans(ALBERT_ROAD, "## Key features", "## Description", "## Rent and fees"),
            ("fair", "To arrange a viewing, call", "No DSS. To arrange a viewing, call"),
            ("epc", "- EPC rating: C\n", ""),
            ("door", "to let, Albert Road, Southsea", "to let, 14 Albert Road, Southsea"),
            ("features", "- Permit parking on the street\n", ""),
            ("description", "shower over the bath.", "shower over the bath." + LONGER),
            ("weekly", "(£300 per week)", "(£325 per week)"),
            ("deposit", "Deposit: £1,500,", "Deposit: £1,625,"),
            ("area", "(667 sq ft)", "(203 sq ft)"),
        ),
    ),
    Listing(
        "Elm Grove",
        "Please write the letting ad for 22 Elm Grove, Headingley (street name only in the ad, no house number), a "
        "three-bedroom 1930s semi. Bold headings. Five key features at a glance, then about the house in at most 90 "
        "words. Rent is £1,495 a month; also show it per week, and the deposit is five weeks' rent. Floor area 94 m² "
        "(and in sq ft), EPC D, available 1 September 2026, unfurnished, pets by arrangement. Viewings with Kirkstall "
        "Homes, 0113 496 0720.",
        ELM_GROVE,
        5,
        90,
        (
            swap_spans(ELM_GROVE, "**At a glance**", "**About the house**", "**Money**"),
            ("fair", "• Unfurnished; pets by arrangement", "• Unfurnished; professionals only, pets by arrangement"),
            ("epc", "• EPC: D", "• EPC: to follow"),
            ("door", "house, Elm Grove, Headingley", "house, 22 Elm Grove, Headingley"),
            ("features", "• Downstairs cloakroom\n", ""),
            ("description", "boarded for storage.", "boarded for storage." + LONGER),
            ("weekly", "(£345 a week)", "(£373.75 a week)"),
            ("deposit", "Security deposit: £1,725", "Security deposit: £1,868.75"),
            ("area", "(1,012 sq ft)", "(308 sq ft)"),
        ),
    ),
    Listing(
        "Canal Street",
        "Studio to rent on Canal Street, Manchester, in a converted mill (flat 41 at number 3, but leave the numbers "
        "out). Plain text with `Label:` headings, no Markdown: four features as a numbered list, then the property "
        "described in no more than 60 words, then rent (£975 a month, and per week), the deposit (five weeks' rent) "
        "and holding deposit (one week). 31 m², with sq ft; energy rating C; available 15 July 2026; furnished. "
        "Northern Quarter Lets, 0161 496 0135.",
        CANAL_STREET,
        4,
        60,
        (
            swap_spans(CANAL_STREET, "Features:", "The property:", "Rent and deposit:"),
            ("fair", "Furnished. Contact", "Furnished. No students or benefit claimants. Contact"),
            ("epc", "Energy rating: C\n", ""),
            ("door", "to rent: Canal Street, Manchester", "to rent: 3 Canal Street, Manchester"),
            ("features", "3. Shower room\n", ""),
            ("description", "has a concierge.", "has a concierge." + LONGER),
            ("weekly", "which is £225 per week.", "which is £243.75 per week."),
            ("deposit", "Deposit: £1,125", "Deposit: £1,218.75"),
            ("area", "(334 sq ft)", "(102 sq ft)"),
        ),
    ),
    Listing(
        "Mill Lane",
        "Listing for our one-bedroom stone cottage on Mill Lane, Corbridge (number 2; don't print it). ### headings, "
        "a key-facts table first (rent £845 pcm with the weekly equivalent, deposit of five weeks' rent, available 3 "
        "August 2026, EPC D, 48 m² with sq ft), then five highlights, then a description under 70 words, then "
        "viewings with Tynedale Property, 01434 960 228. Pets considered.",
        MILL_LANE,
        5,
        70,
        (
            swap_spans(MILL_LANE, "### Highlights", "### About the cottage", "### Viewings"),
            ("fair", "Pets considered.", "Pets considered, but sorry, no children."),
            ("epc", "| EPC | D |", "| EPC | on request |"),
            ("door", "to let, Mill Lane, Corbridge", "to let, 2 Mill Lane, Corbridge"),
            ("features", "- Parking for one car\n", ""),
            ("description", "under the eaves.", "under the eaves." + LONGER),
            ("weekly", "(£195 pw)", "(£211.25 pw)"),
            ("deposit", "| Deposit | £975 ", "| Deposit | £1,056.25 "),
            ("area", "(517 sq ft)", "(157 sq ft)"),
        ),
    ),
)


def build(listing: Listing, on: dict[str, bool]) -> str:
    return slipped(listing.text, listing.slips, on, listing.name)


# Reading a listing ------------------------------------------------------------------------------


def rent_line(answer: str) -> list[Decimal]:
    """The amounts on the first line giving a rent by the month (the month's first, the week's second)."""
    return next((money(line) for line in answer.splitlines() if MONTHLY.search(line) and money(line)), [])


def weeks_rent(monthly: Decimal, weeks: int) -> Decimal:
    """`weeks` weeks of a monthly rent (twelve months over 52 weeks), to the penny."""
    return (monthly * 12 * weeks / 52).quantize(Decimal("0.01"), ROUND_HALF_UP)


def weekly_right(answer: str) -> bool:
    amounts = rent_line(answer)
    return len(amounts) >= 2 and amounts[1] == weeks_rent(amounts[0], 1)


def deposit_right(answer: str) -> bool:
    """The first amount on the first line naming a deposit that is not a holding deposit: five weeks' rent."""
    amounts = rent_line(answer)
    line = next(
        (s for s in answer.splitlines() if "deposit" in s.lower() and "holding" not in s.lower() and money(s)), ""
    )
    return bool(amounts) and bool(line) and money(line)[0] == weeks_rent(amounts[0], WEEKS_OF_DEPOSIT)


def street_only(answer: str, street: str) -> bool:
    """The street is named and never after a house number."""
    numbered = re.search(rf"\b\d+[A-Za-z]?,?\s+{re.escape(street)}", answer)
    return street in answer and numbered is None


WORDINGS = {
    "fair": (
        "Avoids discriminatory wording about who may rent",
        "Does not say any group of tenants is unwelcome (no 'No DSS', 'professionals only' and the like)",
    ),
    "epc": ("States the property's EPC rating", "Gives the energy performance rating"),
    "door": ("Gives the street but not the house number", "Leaves the door number out of the address"),
    "features": ("Lists exactly {features} key features", "Has {features} items in the key features list"),
    "description": (
        "Keeps the description to {limit} words or fewer",
        "The main description is no longer than {limit} words",
    ),
    "order": ("Puts the key features before the description", "The features list comes ahead of the full description"),
    "weekly": (
        "The weekly rent is correctly converted from the monthly rent",
        "The per-week figure matches the monthly rent (monthly × 12 ÷ 52)",
    ),
    "deposit": ("The deposit equals five weeks' rent", "Works out the five-week deposit correctly from the rent"),
    "area": (
        "The floor area in square feet is a correct conversion of the square metres",
        "Converts the floor area from m² to sq ft correctly",
    ),
}
"""Two wordings of each kind of criterion, filled from the listing."""


def truths(listing: Listing, answer: str) -> dict[str, bool]:
    description = " ".join(section(answer, DESCRIPTION) or [])
    return {
        "fair": UNFAIR.search(answer) is None,
        "epc": EPC.search(answer) is not None,
        "door": street_only(answer, listing.name),
        "features": len(listed(section(answer, FEATURES) or [])) == listing.features,
        "description": 0 < word_count(description) <= listing.limit,
        "order": heading_order(answer, FEATURES, DESCRIPTION),
        "weekly": weekly_right(answer),
        "deposit": deposit_right(answer),
        "area": converted(answer, SQUARE_METRES, SQUARE_FEET, SQUARE_FEET_PER_SQUARE_METRE),
    }


def candidates(rng: random.Random, listing: Listing, answer: str) -> list[Criterion]:
    filled = {"features": listing.features, "limit": listing.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(listing, answer).items()
    ]


SWITCHES = ("order", "fair", "epc", "door", "features", "description", "weekly", "deposit", "area")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, LISTINGS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

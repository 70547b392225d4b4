"""Removals quote family (fresh33): the quote a removals firm asks for to send a customer after a survey
(a flat to a house across town, a long-distance move to the coast, a family house with a piano, a
downsizing with storage), with a short description of the move and its estimated volume, what the price
includes, the costs with their subtotal, VAT and total, and how to book, a kind of answer no grader was
run on while any of its rules was written. Run only as `--set fresh33`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the quote (Markdown headings with the costs in a table, bold headings with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then
changed by switches. Every truth is read from the text: the customer's name by its spellings, the
sections by their headings, the description's words as runs of letters, the costs as the lines of their
section with an amount that are not a subtotal, VAT or total line, the VAT from the first line naming it
with an amount, and the volume from the line giving it in cubic feet and cubic metres.
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
    heading_order,
    last_money,
    listed,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    word_count,
)

FAMILY = "removals_quote"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SUMMARY = r"^(?:your move|about the move|the move)\b"
INCLUDED = r"includ"
COSTS = r"breakdown|^costs$"
VALID = re.compile(r"\bvalid (?:for \d+ days|until)", re.I)
PRESSURE = re.compile(
    r"\bbook (?:now|today)\b|don't miss|don’t miss|going fast|filling (?:up )?fast|limited time|act fast", re.I
)
NOT_AN_ITEM = re.compile(r"total|\bVAT\b", re.I)
SUBTOTAL = re.compile(r"\bsub-?total\b", re.I)
VAT = re.compile(r"\bVAT\b")
CUBIC_FEET = re.compile(r"(\d[\d,]*)\s*cu\.? ?ft\b")
CUBIC_METRES = re.compile(r"(\d+(?:\.\d+)?)\s*m³")
CUBIC_METRES_PER_FOOT = 0.0283168
VAT_RATE = Decimal("0.20")


@dataclass(frozen=True)
class Quote:
    name: str
    """The customer's surname, as it is spelt."""
    task: str
    text: str
    """The answer written right."""
    services: int
    limit: int
    """The things the price includes, and the description's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HARTLEY = """# Removals quote for Mr and Mrs Hartley

**Quote ref:** PR-2026-118
**Date:** 3 March 2026
**From:** 14 Aster Road, Leeds LS6 2QT
**To:** 7 Mill Croft, Ilkley LS29 9AF

Dear Mr and Mrs Hartley, thank you for showing us round last week. Here is our quote.

## Your move
You are moving from a two-bedroom flat on the second floor to a three-bedroom house on 27 March 2026. From our survey, your belongings come to about 850 cu ft (24.1 m³), which fits in one 7.5-tonne van.

## What's included
- a crew of three and a 7.5-tonne van for the day
- packing of the kitchen, china and glass the day before
- taking apart and rebuilding the two beds and the wardrobe
- protective covers for sofas and mattresses
- goods-in-transit insurance up to £40,000

## Price breakdown
| Item | Price |
|---|---|
| Crew of three and van, one day | £690.00 |
| Kitchen packing service, half day | £180.00 |
| Packing materials (boxes, paper, tape) | £85.00 |
| Taking apart and rebuilding furniture | £75.00 |
| Subtotal | £1,030.00 |
| VAT at 20% | £206.00 |
| **Total** | **£1,236.00** |

## Next steps
This quote is valid for 30 days. To book, reply to this email and we will send a confirmation with a deposit request of £100.

Best wishes,
Dan Whitaker, Pennine Removals
"""

RAMASWAMY = """**Quote for your move: Ms Priya Ramaswamy**

**Reference:** WR/4471
**Moving day:** Saturday 18 April 2026
**From:** 3 Copper Lane, Bristol BS5 7RT
**To:** 22 Harbour View, Falmouth TR11 3LD

Dear Ms Ramaswamy, thank you for letting us survey your flat.

**About the move**
A one-bedroom ground-floor flat to a cottage about 190 miles away. Your belongings come to around 420 cu ft (11.9 m³), so we will send a Luton van and two movers.

**Included in the price**
- two movers and a Luton van, loading in Bristol and unloading in Falmouth the same day
- a wardrobe carton for your hanging clothes
- wrapping for the mirror, the pictures and the television
- goods-in-transit cover up to £25,000

**Costs**
- Movers and van, long-distance day: £640.00
- Fuel and tolls: £145.00
- Boxes and wrapping: £55.00
- Subtotal: £840.00
- VAT (20%): £168.00
- Total: £1,008.00

**Booking**
This quote remains valid for 28 days. If you would like to go ahead, just reply and we will pencil in your date.

Kind regards,
Hollie Vance, Westway Removals
"""

GRABOWSKI = """Removals quote

Customer: Mr Tomasz Grabowski
Quote number: 2026/0932
Moving date: Saturday 9 May 2026
From: 61 Station Road, Reading RG1 1LG
To: 18 Fernbank Close, Wokingham RG40 2JP

Dear Mr Grabowski,

Thank you for showing us round. Here is our quote for your move.

Your move:
A three-bedroom semi to a four-bedroom house eight miles away, with an upright piano and the contents of a garden shed. We estimate 1,250 cu ft (35.4 m³) of furniture and boxes, which needs our removal lorry.

What is included:
1. a crew of four and a removal lorry for the day
2. a specialist piano move with a piano board and ramp
3. packing of all breakables the day before the move
4. taking apart and rebuilding the beds and the dining table
5. emptying and moving the shed's tools and bikes
6. goods-in-transit insurance up to £60,000

Breakdown of costs:
1. Crew of four and lorry, one day: £1,150.00
2. Piano move: £220.00
3. Packing service and materials: £410.00
4. Taking apart and rebuilding furniture: £120.00
Subtotal: £1,900.00
VAT at 20%: £380.00
Total to pay: £2,280.00

Next steps:
Our quote is valid for 30 days from today. Reply to this letter or ring 0118 496 0732 to book.

Yours sincerely,
Marta Kowal, Thames Valley Removals
"""

FITZGERALD = """### Removals quote: Mr and Mrs Fitzgerald

| Quote | |
|---|---|
| Customers | Mr and Mrs Fitzgerald |
| Moving day | Saturday 30 May 2026 |
| From | 9 Larch Avenue, Norwich NR2 3HX |
| To | 41 Quayside, Great Yarmouth NR30 2LB |
| Surveyed by | Kieran Lowe |

### The move
A four-bedroom house to a two-bedroom bungalow by the sea. Six large pieces go into our store until you decide where they will live. In all we estimate 1,600 cu ft (45.3 m³).

### What's included
1. a crew of five and two vans for the day
2. a full packing service the day before
3. four weeks' storage for six pieces of furniture
4. taking the old sofa and beds to the tip

### Cost breakdown
| Item | Cost |
|---|---|
| Crew of five and two vans, one day | £1,480.00 |
| Full packing service | £560.00 |
| Storage of six pieces, four weeks | £180.00 |
| Taking the old sofa and beds to the tip | £90.00 |
| Subtotal | £2,310.00 |
| VAT (20%) | £462.00 |
| Total | £2,772.00 |

### Next steps
This quote is valid until 30 April 2026. Please let us know if you would like to book, and we will hold the date for you.

Warm regards,
Kieran Lowe, Broadland Removals
"""

DETAIL = (
    " The road outside is narrow and has double yellow lines, so our crew will park in the lay-by at the end of"
    " the street and carry everything the last forty metres, and we will bring floor protectors, door guards and"
    " a set of trolleys so that nothing is scraped or knocked on the way in or out of either home."
)

QUOTES = (
    Quote(
        "Hartley",
        "Write our removals quote (ref PR-2026-118, dated 3 March 2026) for Mr and Mrs Hartley, moving from 14 Aster "
        "Road, Leeds LS6 2QT, a 2-bed second-floor flat, to 7 Mill Croft, Ilkley LS29 9AF, a 3-bed house, on 27 March "
        "2026. Survey volume 850 cu ft; give it in m³ as well. Markdown headings, costs in a table. Describe the move "
        "in under 60 words, then what's included (crew of three and 7.5-tonne van, kitchen packing the day before, "
        "beds and wardrobe taken apart and rebuilt, covers for sofas and mattresses, transit insurance to £40,000), "
        "then the costs: crew and van £690, kitchen packing £180, materials £85, furniture £75, with subtotal, VAT at "
        "20% and total. Say how long the quote is valid (30 days) and how to book (£100 deposit). From Dan Whitaker, "
        "Pennine Removals.",
        HARTLEY,
        5,
        60,
        (
            swap_spans(HARTLEY, "## What's included", "## Price breakdown", "## Next steps"),
            ("name", "Dear Mr and Mrs Hartley,", "Dear Mr and Mrs Hartly,"),
            ("valid", "This quote is valid for 30 days. ", ""),
            (
                "no_pressure",
                "To book, reply to this email",
                "Book now, as March dates are going fast: reply to this email",
            ),
            ("included", "- protective covers for sofas and mattresses\n", ""),
            ("summary", "one 7.5-tonne van.", "one 7.5-tonne van." + DETAIL),
            (
                "sum",
                "| Kitchen packing service, half day | £180.00 |",
                "| Kitchen packing service, half day | £150.00 |",
            ),
            (
                "vat",
                "| VAT at 20% | £206.00 |\n| **Total** | **£1,236.00** |",
                "| VAT at 20% | £180.25 |\n| **Total** | **£1,210.25** |",
            ),
            ("volume", "(24.1 m³)", "(28.3 m³)"),
        ),
    ),
    Quote(
        "Ramaswamy",
        "Could you draft a quote for Ms Priya Ramaswamy (ref WR/4471)? She's moving on Saturday 18 April 2026 from a "
        "one-bed ground-floor flat at 3 Copper Lane, Bristol BS5 7RT to a cottage at 22 Harbour View, Falmouth TR11 "
        "3LD, about 190 miles. Volume from the survey is 420 cu ft (put the cubic metres in brackets). Bold headings, "
        "bullet points. A short description of the move (50 words at most), then the four things included (two movers "
        "and a Luton van same day, wardrobe carton, wrapping for mirror, pictures and TV, transit cover to £25,000), "
        "then costs: movers and van £640, fuel and tolls £145, boxes and wrapping £55, subtotal, VAT at 20%, total. "
        "The quote is good for 28 days. Sign it Hollie Vance, Westway Removals.",
        RAMASWAMY,
        4,
        50,
        (
            swap_spans(RAMASWAMY, "**Included in the price**", "**Costs**", "**Booking**"),
            ("name", "Dear Ms Ramaswamy,", "Dear Ms Ramaswammy,"),
            ("valid", "This quote remains valid for 28 days. ", ""),
            (
                "no_pressure",
                "If you would like to go ahead, just reply",
                "Don't miss out, as April is filling up fast: just reply today",
            ),
            ("included", "- a wardrobe carton for your hanging clothes\n", ""),
            ("summary", "a Luton van and two movers.", "a Luton van and two movers." + DETAIL),
            ("sum", "- Fuel and tolls: £145.00", "- Fuel and tolls: £115.00"),
            ("vat", "- VAT (20%): £168.00\n- Total: £1,008.00", "- VAT (20%): £147.00\n- Total: £987.00"),
            ("volume", "(11.9 m³)", "(14.0 m³)"),
        ),
    ),
    Quote(
        "Grabowski",
        "Plain text please (Label: lines, numbered lists, no Markdown): a removals quote for Mr Tomasz Grabowski, "
        "quote 2026/0932, moving on Saturday 9 May 2026 from 61 Station Road, Reading RG1 1LG to 18 Fernbank Close, "
        "Wokingham RG40 2JP. Three-bed semi to four-bed house, upright piano and a garden shed. We estimated 1,250 cu "
        "ft; give m³ too. Keep the move description to 55 words or fewer. List the six things included (crew of four "
        "and lorry, piano move with board and ramp, packing breakables the day before, beds and dining table taken "
        "apart and rebuilt, the shed's tools and bikes, insurance to £60,000). Costs: crew and lorry £1,150, piano "
        "£220, packing and materials £410, furniture £120, then subtotal, VAT at 20% and total. Valid 30 days; book by "
        "replying or on 0118 496 0732. Marta Kowal, Thames Valley Removals.",
        GRABOWSKI,
        6,
        55,
        (
            swap_spans(GRABOWSKI, "What is included:", "Breakdown of costs:", "Next steps:"),
            ("name", "Dear Mr Grabowski,", "Dear Mr Grabowsky,"),
            ("valid", "Our quote is valid for 30 days from today. ", ""),
            (
                "no_pressure",
                "Reply to this letter or ring 0118 496 0732 to book.",
                "Book now to avoid disappointment: reply to this letter or ring 0118 496 0732.",
            ),
            ("included", "3. packing of all breakables the day before the move\n", ""),
            ("summary", "needs our removal lorry.", "needs our removal lorry." + DETAIL),
            ("sum", "2. Piano move: £220.00", "2. Piano move: £250.00"),
            ("vat", "VAT at 20%: £380.00\nTotal to pay: £2,280.00", "VAT at 20%: £332.50\nTotal to pay: £2,232.50"),
            ("volume", "(35.4 m³)", "(41.7 m³)"),
        ),
    ),
    Quote(
        "Fitzgerald",
        "We need a quote for Mr and Mrs Fitzgerald, downsizing on Saturday 30 May 2026 from a four-bed house at 9 "
        "Larch Avenue, Norwich NR2 3HX to a two-bed bungalow at 41 Quayside, Great Yarmouth NR30 2LB. Kieran Lowe "
        "surveyed it at 1,600 cu ft; add the figure in m³. Use ### headings with the key facts in a small table at the "
        "top. Describe the move in no more than 50 words, list the four things included (crew of five and two vans, "
        "full packing the day before, four weeks' storage for six pieces, old sofa and beds to the tip), and break down "
        "the cost: crew and vans £1,480, packing £560, storage £180, tip run £90, with subtotal, VAT at 20% and "
        "total. The quote is valid until 30 April 2026. Broadland Removals.",
        FITZGERALD,
        4,
        50,
        (
            swap_spans(FITZGERALD, "### What's included", "### Cost breakdown", "### Next steps"),
            ("name", "| Customers | Mr and Mrs Fitzgerald |", "| Customers | Mr and Mrs Fitzgerrald |"),
            ("valid", "This quote is valid until 30 April 2026. ", ""),
            (
                "no_pressure",
                "Please let us know if you would like to book",
                "Please book today, as we cannot promise this price next week, and let us know",
            ),
            ("included", "2. a full packing service the day before\n", ""),
            ("summary", "we estimate 1,600 cu ft (45.3 m³).", "we estimate 1,600 cu ft (45.3 m³)." + DETAIL),
            (
                "sum",
                "| Taking the old sofa and beds to the tip | £90.00 |",
                "| Taking the old sofa and beds to the tip | £60.00 |",
            ),
            ("vat", "| VAT (20%) | £462.00 |\n| Total | £2,772.00 |", "| VAT (20%) | £404.25 |\n| Total | £2,714.25 |"),
            ("volume", "(45.3 m³)", "(53.3 m³)"),
        ),
    ),
)


def build(quote: Quote, on: dict[str, bool]) -> str:
    return slipped(quote.text, quote.slips, on, quote.name)


# Reading a quote --------------------------------------------------------------------------------


def costs(answer: str) -> list[Decimal]:
    """The amount of each line of the costs' section that has one and is not a subtotal, VAT or total line."""
    lines = section(answer, COSTS) or []
    return [amount for line in lines if not NOT_AN_ITEM.search(line) and (amount := last_money(line)) is not None]


def subtotal(answer: str) -> Decimal | None:
    """The amount on the first line naming a subtotal, or None."""
    return next((last_money(line) for line in answer.splitlines() if SUBTOTAL.search(line) and last_money(line)), None)


def sum_right(answer: str) -> bool:
    """The costs listed add up to the subtotal."""
    parts, whole = costs(answer), subtotal(answer)
    return bool(parts) and whole is not None and sum(parts) == whole


def vat_right(answer: str) -> bool:
    """The amount on the first line naming VAT with an amount is 20% of the subtotal, to the penny."""
    line = next((line for line in answer.splitlines() if VAT.search(line) and last_money(line) is not None), "")
    whole = subtotal(answer)
    if not line or whole is None:
        return False
    return last_money(line) == (whole * VAT_RATE).quantize(Decimal("0.01"))


WORDINGS = {
    "name": (
        "Spells the customer's surname, {name}, the same way throughout",
        "Uses one spelling of {name} every time the customer is named",
    ),
    "valid": ("Says how long the quote is valid for", "States until when the quoted price stands"),
    "no_pressure": (
        "Avoids pushy sales language such as urging the customer to book now",
        "Doesn't pressure the customer into booking quickly",
    ),
    "order": (
        "Describes what's included before giving the cost breakdown",
        "The list of included services comes before the costs",
    ),
    "included": (
        "Lists exactly {services} services included in the price",
        "Gives all {services} things the price includes, none left out",
    ),
    "summary": (
        "Keeps the description of the move under {limit} words",
        "The summary of the move is at most {limit} words long",
    ),
    "sum": ("The individual costs add up to the subtotal", "The line items sum to the subtotal shown"),
    "vat": ("VAT is correctly calculated at 20% of the subtotal", "The VAT figure is 20% of the subtotal"),
    "volume": (
        "The volume in cubic metres is a correct conversion of the cubic feet",
        "Converts the estimated load from cu ft to m³ correctly",
    ),
}
"""Two wordings of each kind of criterion, filled from the quote."""


def truths(quote: Quote, answer: str) -> dict[str, bool]:
    summary = " ".join(section(answer, SUMMARY) or [])
    return {
        "name": spellings(answer, quote.name) == {quote.name.lower()},
        "valid": VALID.search(answer) is not None,
        "no_pressure": PRESSURE.search(answer) is None,
        "order": heading_order(answer, INCLUDED, COSTS),
        "included": len(listed(section(answer, INCLUDED) or [])) == quote.services,
        "summary": 0 < word_count(summary) <= quote.limit,
        "sum": sum_right(answer),
        "vat": vat_right(answer),
        "volume": converted(answer, CUBIC_FEET, CUBIC_METRES, CUBIC_METRES_PER_FOOT),
    }


def candidates(rng: random.Random, quote: Quote, answer: str) -> list[Criterion]:
    filled = {"name": quote.name, "services": NUMBER_WORDS[quote.services], "limit": quote.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(quote, answer).items()
    ]


SWITCHES = ("order", "name", "valid", "no_pressure", "included", "summary", "sum", "vat", "volume")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, QUOTES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

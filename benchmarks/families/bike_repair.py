"""Bike repair family (fresh33): the repair estimate a bike shop asks for to send a customer after looking
over a bike (a road bike with a worn drivetrain, a commuter hybrid with a puncture, an e-bike with spongy
brakes, a folding bike with a loose hinge), with what the mechanic found, a safety warning, the essential
repairs with their parts, labour and total, the optional extras kept apart, when the bike will be ready
and a promise to start nothing before the customer agrees, a kind of answer no grader was run on while any
of its rules was written. Run only as `--set fresh33`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the estimate (Markdown headings with the repairs in a table, bold headings with bullets,
plain `Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and
then changed by switches. Every truth is read from the text: the brand by its spellings, the warning and
the abbreviations by the words that say them, the sections by their headings, the estimate's words as
runs of letters, the repairs as the lines of their section with an amount and no total, the labour from
the first line naming it with hours and two amounts (the rate and the charge), and the ready date from
the first dated line saying "ready", counted in working days from the first dated line saying when the
bike came in.
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
    date_in,
    heading_order,
    last_money,
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
    working_days_after,
)

FAMILY = "bike_repair"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SAFETY = re.compile(
    r"\b(?:do not|don't|don’t|should not|shouldn't|must not) (?:be )?rid(?:e|den)\b"
    r"|\b(?:not|unsafe) (?:safe )?to ride\b",
    re.I,
)
ABBREVIATION = re.compile(r"\b(?:BB|RD|FD|QR|BB30)\b")
REPAIRS = r"work needed|essential|repairs needed"
EXTRAS = r"optional|extras"
TOTAL = re.compile(r"\btotal\b", re.I)
HOURS = re.compile(r"(\d+(?:\.\d+)?)\s*hours?\b")
CAME_IN = re.compile(r"booked in|dropped off|handed in", re.I)
READY = re.compile(r"\bready\b", re.I)
WORKING = re.compile(r"\b(\w+) working days?\b", re.I)


@dataclass(frozen=True)
class Estimate:
    name: str
    """The customer's surname."""
    task: str
    text: str
    """The answer written right."""
    brand: str
    """The brand the estimate names more than once, as it is spelt."""
    extras: int
    limit: int
    """The optional extras asked for, and the estimate's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


CHEN = """# Repair estimate: Trek Domane road bike

**Customer:** Ms Laura Chen
**Booked in:** Thursday 7 May 2026
**Mechanic:** Owen Pryor

## What we found
The chain is stretched and has worn the Shimano cassette, so the gears slip under load. The rear brake pads are worn down to the metal, and the bottom bracket creaks. The bike is not safe to ride until the brake pads are replaced.

## Work needed
| Work | Price |
|---|---|
| Shimano 105 chain | £32.00 |
| Shimano 105 cassette | £58.00 |
| Rear brake pads | £18.00 |
| Bottom bracket | £35.00 |
| Labour: 1.5 hours at £40.00 an hour | £60.00 |
| Total | £203.00 |

## Optional extras
These are not included in the total, so just tell us if you would like any of them.
- new bar tape: £15.00
- tubeless tyre conversion: £45.00
- wheel truing, front and rear: £20.00

## Ready by
Ready on Tuesday 12 May 2026, 3 working days after it was booked in. We will text you when it is ready.

We won't start any work until you have said yes to this estimate.

Owen Pryor, Spoke & Chain Cycles
"""

ADEBAYO = """**Estimate for your Ridgeback hybrid**

**Customer:** Mr Femi Adebayo
**Dropped off:** Monday 15 June 2026
**Mechanic:** Kasia Nowak

**What we found**
The rear tyre has a puncture and the Schwalbe Marathon casing is split, so it needs replacing rather than patching. The front brake cable is frayed where it enters the lever, and the rear derailleur is slightly bent, which makes the gears skip. Please don't ride the bike until the brake cable has been replaced.

**Work needed**
- Schwalbe Marathon rear tyre: £34.99
- inner tube: £7.50
- front brake cable and outer: £12.00
- straightening the rear derailleur hanger: £10.00
- Labour: 1 hour at £45.00 an hour: £45.00
- Total: £109.49

**Optional extras (not in the total)**
- mudguards, fitted: £35.00
- a chain clean and fresh oil: £12.00
- new grips: £18.00
- a rear light: £25.00

**When it will be ready**
Ready on Wednesday 17 June 2026, two working days after drop-off.

Nothing will be done until you tell us you are happy with the estimate.

Thanks,
Kasia Nowak, Cog & Crank Bikes
"""

LOMAX = """Repair estimate

Customer: Mrs Harriet Lomax
Bike: Raleigh Motus e-bike with a Bosch motor
Handed in: Friday 4 September 2026
Mechanic: Dev Sharma

Dear Mrs Lomax,

Thank you for bringing your e-bike in. Here is what we found and what we recommend.

What we found:
The rear brake feels spongy because there is air in the hydraulic line. The chain is stretched, and the Bosch display shows old software. The quick release on the front wheel does not close firmly. Until the brake has been bled, the bike should not be ridden.

Essential repairs:
1. Bleeding the rear hydraulic brake: £25.00
2. Chain for e-bikes: £29.99
3. Bosch software update: £15.00
4. Front wheel quick release skewer: £9.00
5. Labour: 2 hours at £42.00 an hour: £84.00
Total: £162.99

Optional extras:
1. new brake pads, front and rear: £30.00
2. suspension fork service: £60.00
3. puncture-resistant tyres: £70.00

Ready:
Ready on Wednesday 9 September 2026, three working days after it was handed in.

We will not start any work until you have approved this estimate.

Dev Sharma
Wheelhouse Cycles, Otley
"""

MENON = """### Repair estimate: Brompton folding bike

| Estimate | |
|---|---|
| Customer | Mr Ravi Menon |
| Bike | Brompton C Line, black |
| Booked in | Tuesday 3 November 2026 |
| Mechanic | Gemma Doyle |

### What we found
The main frame hinge clamp is loose, so the frame flexes at the fold. Both tyres are cracked with age, the rear hub's gear cable is fraying and the bottom bracket has some play. Do not ride the bike until the hinge clamp has been replaced.

### Repairs needed
| Repair | Cost |
|---|---|
| Brompton hinge clamp plate and lever | £28.00 |
| Two Schwalbe Marathon tyres | £72.00 |
| Rear hub gear cable | £14.00 |
| Bottom bracket | £38.00 |
| Labour: 2.5 hours at £40.00 an hour | £100.00 |
| Total | £252.00 |

### Optional extras
- a front carrier block: £22.00
- a new saddle: £40.00

### Ready by
Ready on Tuesday 10 November 2026: five working days after it was booked in, as the hinge clamp is ordered from Brompton.

### Before we start
We won't begin any work until you confirm you're happy with this estimate.

Gemma Doyle, Fold & Roll Bikes, Leith
"""

CHAT = (
    "\n\nWhile the bike was on the stand we also gave it a quick look over from front to back, checked that the"
    " wheels spin straight, pumped the tyres up to the right pressure and wiped the worst of the road grime off the"
    " frame, so it should feel a little better already. If you have any questions about any of this, or would like"
    " us to talk you through the options on the phone before you decide, just give the workshop a ring at any time"
    " during our opening hours and one of the team will be glad to help you. We are open six days a week, and on"
    " Saturdays there is usually a mechanic free to look at anything small while you wait, so do pop in if that"
    " is easier for you.\n"
)

ESTIMATES = (
    Estimate(
        "Chen",
        "Write a repair estimate for Ms Laura Chen's Trek Domane, booked in on Thursday 7 May 2026; mechanic Owen "
        "Pryor, Spoke & Chain Cycles. Markdown headings, the work in a table. Found: stretched chain, worn Shimano "
        "cassette, rear brake pads down to the metal, creaking bottom bracket. Work: Shimano 105 chain £32, 105 "
        "cassette £58, pads £18, bottom bracket £35, 1.5 hours' labour at £40 an hour, and the total. Three optional "
        "extras kept out of the total (bar tape £15, tubeless conversion £45, wheel truing £20). Ready in 3 working days "
        "(give the date). Say we start nothing until she agrees. Under 230 words, please.",
        CHEN,
        "Shimano",
        3,
        230,
        (
            swap_spans(CHEN, "## Work needed", "## Optional extras", "## Ready by"),
            ("brand", "has worn the Shimano cassette", "has worn the Shimono cassette"),
            ("safety", " The bike is not safe to ride until the brake pads are replaced.", ""),
            ("no_abbreviations", "and the bottom bracket creaks.", "and the BB creaks."),
            ("extras", "- tubeless tyre conversion: £45.00\n", ""),
            ("length", "said yes to this estimate.\n", "said yes to this estimate." + CHAT),
            ("sum", "| Total | £203.00 |", "| Total | £198.00 |"),
            ("labour", "1.5 hours at £40.00", "2 hours at £40.00"),
            ("ready", "Tuesday 12 May 2026, 3 working days", "Monday 11 May 2026, 3 working days"),
        ),
    ),
    Estimate(
        "Adebayo",
        "Estimate please for Mr Femi Adebayo's Ridgeback hybrid, dropped off Monday 15 June 2026, mechanic Kasia Nowak "
        "at Cog & Crank Bikes. Bold headings, bullet points. We found a puncture and a split Schwalbe Marathon rear "
        "tyre, a frayed front brake cable and a bent rear derailleur hanger. Work: Schwalbe Marathon tyre £34.99, "
        "tube £7.50, brake cable £12, straightening the hanger £10, labour 1 hour at £45, and the total. Four optional "
        "extras not in the total: mudguards £35, chain clean £12, grips £18, rear light £25. Ready in two working "
        "days, with the date. Nothing done until he agrees. 210 words at most.",
        ADEBAYO,
        "Schwalbe",
        4,
        210,
        (
            swap_spans(
                ADEBAYO, "**Work needed**", "**Optional extras (not in the total)**", "**When it will be ready**"
            ),
            ("brand", "- Schwalbe Marathon rear tyre", "- Schwable Marathon rear tyre"),
            ("safety", " Please don't ride the bike until the brake cable has been replaced.", ""),
            ("no_abbreviations", "and the rear derailleur is slightly bent", "and the RD is slightly bent"),
            ("extras", "- new grips: £18.00\n", ""),
            ("length", "happy with the estimate.\n", "happy with the estimate." + CHAT),
            ("sum", "- Total: £109.49", "- Total: £109.94"),
            ("labour", "1 hour at £45.00", "1.5 hours at £45.00"),
            ("ready", "Ready on Wednesday 17 June 2026", "Ready on Thursday 18 June 2026"),
        ),
    ),
    Estimate(
        "Lomax",
        "Plain text, no Markdown (Label: lines, numbered lists): a repair estimate for Mrs Harriet Lomax's Raleigh "
        "Motus e-bike (Bosch motor), handed in Friday 4 September 2026, mechanic Dev Sharma, Wheelhouse Cycles. Found: "
        "air in the rear hydraulic brake, stretched chain, old Bosch display software, a front quick release that "
        "won't close firmly. Essential repairs: brake bleed £25, e-bike chain £29.99, Bosch software update £15, "
        "quick release skewer £9, 2 hours' labour at £42 an hour, with the total. Three optional extras apart from "
        "the total: pads £30, fork service £60, puncture-resistant tyres £70. Ready in three working days (date, "
        "please). We start nothing before she approves. Keep it under 220 words.",
        LOMAX,
        "Bosch",
        3,
        220,
        (
            swap_spans(LOMAX, "Essential repairs:", "Optional extras:", "Ready:"),
            ("brand", "the Bosch display shows", "the Bosh display shows"),
            ("safety", " Until the brake has been bled, the bike should not be ridden.", ""),
            ("no_abbreviations", "The quick release on the front wheel", "The QR on the front wheel"),
            ("extras", "2. suspension fork service: £60.00\n3.", "2."),
            ("length", "approved this estimate.\n", "approved this estimate." + CHAT),
            ("sum", "Total: £162.99", "Total: £152.99"),
            ("labour", "2 hours at £42.00", "2.5 hours at £42.00"),
            ("ready", "Ready on Wednesday 9 September 2026", "Ready on Monday 7 September 2026"),
        ),
    ),
    Estimate(
        "Menon",
        "Can you write the estimate for Mr Ravi Menon's Brompton (C Line, black), booked in Tuesday 3 November 2026, "
        "mechanic Gemma Doyle, Fold & Roll Bikes in Leith? ### headings with a small table of the key facts at the "
        "top. Found: loose main hinge clamp, tyres cracked with age, fraying hub gear cable, play in the bottom "
        "bracket. Repairs: Brompton hinge clamp plate and lever £28, two Schwalbe Marathon tyres £72, gear cable £14, "
        "bottom bracket £38, labour 2.5 hours at £40 an hour, plus the total. Two optional extras outside the total "
        "(carrier block £22, saddle £40). Ready in five working days because the clamp is ordered in; give the date. "
        "No work before he confirms. No more than 240 words.",
        MENON,
        "Brompton",
        2,
        240,
        (
            swap_spans(MENON, "### Repairs needed", "### Optional extras", "### Ready by"),
            ("brand", "| Brompton hinge clamp plate", "| Bromton hinge clamp plate"),
            ("safety", " Do not ride the bike until the hinge clamp has been replaced.", ""),
            ("no_abbreviations", "and the bottom bracket has some play", "and the BB has some play"),
            ("extras", "- a new saddle: £40.00\n", ""),
            ("length", "happy with this estimate.\n", "happy with this estimate." + CHAT),
            ("sum", "| Total | £252.00 |", "| Total | £242.00 |"),
            ("labour", "2.5 hours at £40.00", "2 hours at £40.00"),
            ("ready", "Tuesday 10 November 2026: five working days", "Sunday 8 November 2026: five working days"),
        ),
    ),
)


def build(estimate: Estimate, on: dict[str, bool]) -> str:
    return slipped(estimate.text, estimate.slips, on, estimate.name)


# Reading an estimate ----------------------------------------------------------------------------


def sum_right(answer: str) -> bool:
    """The total of the repairs' section is the sum of the amounts on its other lines."""
    lines = section(answer, REPAIRS) or []
    parts = [amount for line in lines if not TOTAL.search(line) and (amount := last_money(line)) is not None]
    total = next((last_money(line) for line in lines if TOTAL.search(line) and money(line)), None)
    return bool(parts) and total is not None and sum(parts) == total


def labour_right(answer: str) -> bool:
    """On the first line naming labour with hours and two amounts: the hours times the first (the rate) is the last."""
    line = next(
        (s for s in answer.splitlines() if "labour" in s.lower() and HOURS.search(s) and len(money(s)) >= 2), ""
    )
    if not line:
        return False
    rate, charge = money(line)[0], money(line)[-1]
    return Decimal(HOURS.search(line).group(1)) * rate == charge


def ready_right(answer: str) -> bool:
    """The date on the first dated line saying "ready" is the stated working days after the date the bike came in."""
    lines = answer.splitlines()
    came_in = next((day for s in lines if CAME_IN.search(s) and (day := date_in(s)) is not None), None)
    ready = next((day for s in lines if READY.search(s) and (day := date_in(s)) is not None), None)
    stated = WORKING.search(answer)
    days = number_in(stated.group(1)) if stated else None
    if came_in is None or ready is None or days is None:
        return False
    return working_days_after(came_in, days) == ready


WORDINGS = {
    "brand": ("Spells {brand} correctly every time", "The brand name {brand} is spelt right throughout"),
    "safety": (
        "Warns the customer not to ride the bike until it is repaired",
        "Includes a safety warning that the bike shouldn't be ridden as it is",
    ),
    "no_abbreviations": (
        "Avoids workshop abbreviations such as BB, RD or QR",
        "Writes part names in full instead of shop shorthand like BB or RD",
    ),
    "order": (
        "Lists the essential repairs before the optional extras",
        "The optional extras come after the repairs that are needed",
    ),
    "extras": ("Lists {extras} optional extras", "Gives exactly {extras} optional extras, none missing"),
    "length": ("Keeps the estimate under {limit} words", "The whole estimate is no longer than {limit} words"),
    "sum": ("The parts and labour add up to the total", "The total matches the sum of the individual repair costs"),
    "labour": (
        "The labour charge equals the hours multiplied by the hourly rate",
        "Labour is costed correctly from the hours and the rate",
    ),
    "ready": (
        "The ready date is the stated number of working days after the bike came in",
        "Works out the ready date correctly from the drop-off date and the working days",
    ),
}
"""Two wordings of each kind of criterion, filled from the estimate."""


def truths(estimate: Estimate, answer: str) -> dict[str, bool]:
    return {
        "brand": spellings(answer, estimate.brand) == {estimate.brand.lower()},
        "safety": SAFETY.search(answer) is not None,
        "no_abbreviations": ABBREVIATION.search(answer) is None,
        "order": heading_order(answer, REPAIRS, EXTRAS),
        "extras": len(listed(section(answer, EXTRAS) or [])) == estimate.extras,
        "length": word_count(answer) <= estimate.limit,
        "sum": sum_right(answer),
        "labour": labour_right(answer),
        "ready": ready_right(answer),
    }


def candidates(rng: random.Random, estimate: Estimate, answer: str) -> list[Criterion]:
    filled = {"brand": estimate.brand, "extras": NUMBER_WORDS[estimate.extras], "limit": estimate.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(estimate, answer).items()
    ]


SWITCHES = ("order", "brand", "safety", "no_abbreviations", "extras", "length", "sum", "labour", "ready")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, ESTIMATES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

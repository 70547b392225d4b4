"""Warranty claim family (fresh28): the warranty claim a task describes (a coffee machine that leaks,
a cordless vacuum whose battery runs down, a washing machine that grinds and leaks, an e-bike whose
motor cuts out), with the product and its serial number, the purchase date, the fault, what was tried,
the remedy asked for, the costs so far with their total, a repair quote as a percentage of the price
and the documents sent with it, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh28`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the claim (a posted letter in paragraphs, an email under bold labels with the costs in a
table, a Markdown letter with a details table, a web form's text in a fenced block), written right and
then changed by switches: one spelling of the brand or a slip once, the serial number as given or two
digits swapped, no threat of legal action or one added, the fault before the request or after it, what
was tried in substance or a few empty words, a total equal to the costs listed or a pound off, the
documents counted in words as listed or one listed more, a purchase date within the warranty before the
claim's date or outside it, and the quote's percentage of the price right or not. Every truth is read
from the text: the sections by their headings (else the paragraph that names what was tried), the costs
as listed lines or table rows with an amount (`money`) and the total from its line, the documents as
the listed lines after the one that counts them, the dates by `date_in` (the purchase's line and the
first other dated line), the percentage beside two amounts, the brand's spellings by likeness.
"""

from __future__ import annotations

import random
import re
from calendar import monthrange
from dataclasses import dataclass
from datetime import date
from itertools import takewhile

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    date_in,
    money,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
)

FAMILY = "warranty_claim"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)]|\|)\s*")
WORD = re.compile(r"[A-Za-z0-9][\w'’-]*")
PERCENT = re.compile(r"(\d+(?:\.(\d+))?)\s*%")
THREAT = re.compile(r"\bcourt\b|solicitor|legal action|lawyer|\bsue\b", re.I)
PURCHASE = re.compile(r"\bbought\b|purchase", re.I)
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
COUNTED = re.compile(rf"\b({'|'.join(NUMBER_WORDS)})\b", re.I)
SENT = re.compile(r"enclos|attach", re.I)


@dataclass(frozen=True)
class Claim:
    task: str
    text: str
    """The answer written right."""
    name: str
    """The product, as the criteria name it."""
    brand: str
    serial: str
    warranty: tuple[int, str]
    """The warranty's length, in months and as the criteria write it."""
    order: tuple[str, str]
    """Words of the fault's description and of the request, to find where each is."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


COFFEE_TRIED = "I have tried the steps in the manual: I descaled the machine twice with Brevane descaler, ran the cleaning cycle, and checked that the water tank was seated properly. None of this stopped the leak."
VACUUM_TRIED = "I have charged it fully overnight several times, cleaned the filters and the charging contacts, and fitted a new Tornell battery bought for the purpose. The new battery gave the same four minutes."
WASHER_TRIED = "We cleaned the filter and the door seal, checked that the machine is level, and fitted a new door seal ourselves. The grinding and the leak carried on as before."
BIKE_TRIED = "I updated the firmware at the Kestrel dealer, charged the battery fully, and cleaned and reseated the motor cable connector. The motor still cuts out on the same hills."

COFFEE = f"""Daniel Osei, 14 Larch Road, Leeds LS6 2QT
2 June 2026

To Kitchenly Customer Services, Unit 4, Aire Park, Leeds LS10 1AB

Dear Customer Services,

Warranty claim: Brevane ProBrew 900 coffee machine

I bought a Brevane ProBrew 900 coffee machine from Kitchenly on 14 March 2025 for £399.00. Its serial number is BRV9-204417-K, and it is covered by the Brevane 24-month warranty.

Since the middle of May the machine has leaked water from its base every time it brews. The leak starts about ten seconds into a shot and leaves a pool under the machine, and the pressure gauge drops at the same moment.

{COFFEE_TRIED}

I am asking you to replace the machine under the warranty, as the fault appeared well within the warranty period.

I have had these costs because of the fault:
- Courier to send the machine for a check: £14.95
- Diagnostic check at Bean & Gear: £35.00

Total: £49.95

Bean & Gear quoted £96.00 to fit a new pump, which is 24% of the £399.00 I paid; I would rather not pay for a repair on a machine this new.

I enclose three documents:
1. The Kitchenly receipt
2. Bean & Gear's diagnostic report
3. Photos of the leak

I look forward to your reply within 14 days.

Yours faithfully,
Daniel Osei"""

VACUUM = f"""Subject: Warranty claim for a Tornell V12 cordless vacuum
Date: 20 June 2026

Hello Tornell support,

I am writing to claim under the 12-month warranty for my Tornell V12 cordless vacuum.

**Product**
Tornell V12 cordless vacuum, bought from the Tornell online shop on 9 September 2025 for £149.99. Serial number: TV12-88310-UK.

**The fault**
Since early June the vacuum runs for about four minutes on a full charge, where it used to run for forty. It then stops, and the battery light flashes red three times.

**What I have tried**
{VACUUM_TRIED}

**What I am asking for**
Please repair the vacuum under the warranty, or replace it if a repair is not possible.

**Costs so far**
| Cost | Amount |
|---|---|
| Replacement battery bought to test the fault | £39.99 |
| Postage of the old battery for recycling | £6.85 |
| **Total** | **£46.84** |

Your repair centre's charge of £45.00 outside the warranty would be 30% of the £149.99 price.

**Attachments**
I attach two files:
- receipt-tornell-v12.pdf
- fault-video.mp4

Kind regards,
Grace Lindqvist"""

WASHER = f"""# Warranty claim: Hartwell WM8 washing machine

**To:** Hartwell Appliances, Customer Care
**From:** Sam and Priti Desai, 7 Orchard Close, Norwich NR4 6HP
**Date:** 2026-08-17

| Detail | Value |
|---|---|
| Model | Hartwell WM8 |
| Serial number | HW8-5521-0937 |
| Purchased | 2022-11-02 from Comet Home, £399.99 |
| Warranty | 5 years, parts and labour |

## The fault
Since July the drum has made a loud grinding noise on every spin, and for the last two weeks water has leaked from under the door after each wash.

## What we have tried
{WASHER_TRIED}

## What we are asking for
We ask Hartwell to repair the machine free of charge under the 5-year warranty.

## Costs
- Engineer call-out (Fixwell Appliances): £65.00
- Launderette while the machine was out of use: £27.50
- Replacement door seal: £18.40

**Total: £110.90**

Fixwell quoted £212.00 for a new drum bearing, which is 53% of the £399.99 we paid.

## Enclosed
Four documents are enclosed:
- The receipt from Comet Home
- Fixwell's report
- The receipt for the door seal
- Photos of the leak"""

BIKE = f"""Here is the text for the claim box; paste everything inside the block.

```text
Claim date: 5 January 2026
Name: Joe Mercer
Product: Kestrel Tarka e-bike
Serial number: KS-E7-30415
Purchase: 28 February 2025 from Kestrel Cycles, £1,850.00 (2-year warranty)

Fault:
On steep hills the motor cuts out after a few seconds and the display shows error E07. It restarts on the flat.

What I tried:
{BIKE_TRIED}

Request:
Please repair or replace the motor under the warranty.

Costs:
- Diagnosis at Pedal Works: £40.00
- Hire bike for a week: £95.00
- Train fares while the bike was off the road: £18.60
Total: £153.60
Pedal Works quoted £460.00 for a new motor, about 25% of the £1,850.00 price.
Attachments: three files
- Kestrel invoice
- Pedal Works report
- Video of the motor cutting out
```"""

COFFEE_NO_THREAT = (
    "your reply within 14 days; if I do not receive one, I will take the matter to the small claims court."
)
VACUUM_NO_THREAT = "if a repair is not possible; otherwise I will start legal action."
WASHER_NO_THREAT = "under the 5-year warranty, or we will see you in the small claims court."
BIKE_ENCLOSURES = "- Video of the motor cutting out\n- Photo of the frame\n"

CLAIMS = (
    Claim(
        "Write a warranty claim letter to Kitchenly Customer Services for my Brevane ProBrew 900 coffee machine (serial BRV9-204417-K), bought from them on 14 March 2025 for £399.00 with a 24-month warranty. Date it 2 June 2026. Since May it leaks from the base; I've descaled it twice and run the cleaning cycle. Describe the fault before asking for a replacement. Costs: courier £14.95, diagnostic check at Bean & Gear £35.00, with the total. Bean & Gear quoted £96.00 for a new pump: say what percentage of the price that is. I'm enclosing the receipt, their report and photos. Polite, no threats. From Daniel Osei.",
        COFFEE,
        "Brevane ProBrew 900",
        "Brevane",
        "BRV9-204417-K",
        (24, "24-month"),
        ("leaked water from its base", "I am asking you to replace"),
        (
            swap_spans(COFFEE, "Since the middle of May", "I am asking you", "I have had these costs"),
            ("brand", "by the Brevane 24-month", "by the Brevanne 24-month"),
            ("serial", "BRV9-204417-K", "BRV9-204471-K"),
            ("no_threat", "your reply within 14 days.", COFFEE_NO_THREAT),
            ("tried", COFFEE_TRIED, "I have tried the usual things."),
            ("total", "Total: £49.95", "Total: £48.95"),
            ("enclosures", "3. Photos of the leak\n", "3. Photos of the leak\n4. The machine's box label\n"),
            ("warranty", "on 14 March 2025", "on 14 March 2024"),
            ("percent", "which is 24% of", "which is 26% of"),
        ),
    ),
    Claim(
        "Email Tornell support a warranty claim for my Tornell V12 cordless vacuum, serial TV12-88310-UK, bought from their online shop on 9 September 2025 for £149.99 (12-month warranty). Today is 20 June 2026. The battery now lasts four minutes instead of forty. Use bold labels: the fault first, then what I've tried (full charges, cleaning, a new Tornell battery that didn't help), then ask for a repair. Costs in a table with a total: the test battery £39.99 and postage £6.85. Their repair centre charges £45.00 out of warranty: give that as a percentage of the price. I'm attaching the receipt and a video. No legal threats. I'm Grace Lindqvist.",
        VACUUM,
        "Tornell V12 vacuum",
        "Tornell",
        "TV12-88310-UK",
        (12, "12-month"),
        ("runs for about four minutes", "Please repair the vacuum"),
        (
            swap_spans(VACUUM, "**The fault**", "**What I am asking for**", "**Costs so far**"),
            ("brand", "for my Tornell V12", "for my Tornel V12"),
            ("serial", "TV12-88310-UK", "TV12-83810-UK"),
            ("no_threat", "if a repair is not possible.", VACUUM_NO_THREAT),
            ("tried", VACUUM_TRIED, "Everything I could think of."),
            ("total", "**£46.84**", "**£47.84**"),
            ("enclosures", "- fault-video.mp4\n", "- fault-video.mp4\n- photo-of-serial-plate.jpg\n"),
            ("warranty", "on 9 September 2025", "on 9 September 2024"),
            ("percent", "would be 30% of", "would be 33% of"),
        ),
    ),
    Claim(
        "Warranty claim letter to Hartwell Appliances for our Hartwell WM8 washing machine (serial HW8-5521-0937), bought 2022-11-02 from Comet Home for £399.99, with a 5-year parts and labour warranty. Date it 2026-08-17. The drum grinds on spin and it has started to leak. Markdown with a details table; the fault, then what we tried, then what we want (a free repair). Costs: engineer call-out £65.00, launderette £27.50, a door seal £18.40, with the total. Fixwell quoted £212.00 for a new drum bearing: state that as a percentage of the price. We're enclosing the receipt, Fixwell's report, the seal's receipt and photos. No legal threats. From Sam and Priti Desai.",
        WASHER,
        "Hartwell WM8 washing machine",
        "Hartwell",
        "HW8-5521-0937",
        (60, "five-year"),
        ("grinding noise on every spin", "to repair the machine free of charge"),
        (
            swap_spans(WASHER, "## The fault", "## What we are asking for", "## Costs"),
            ("brand", "We ask Hartwell to", "We ask Hartwel to"),
            ("serial", "HW8-5521-0937", "HW8-5512-0937"),
            ("no_threat", "under the 5-year warranty.", WASHER_NO_THREAT),
            ("tried", WASHER_TRIED, "The usual checks."),
            ("total", "**Total: £110.90**", "**Total: £109.90**"),
            ("enclosures", "- Photos of the leak", "- Photos of the leak\n- A copy of the warranty card"),
            ("warranty", "| Purchased | 2022-11-02", "| Purchased | 2020-11-02"),
            ("percent", "which is 53% of", "which is 58% of"),
        ),
    ),
    Claim(
        "Fill in the warranty claim box on Kestrel Cycles' website for my Kestrel Tarka e-bike (serial number KS-E7-30415), bought 28 February 2025 for £1,850.00 with a 2-year warranty; today is 5 January 2026. The motor cuts out on hills. Plain text in a code block so I can paste it: the fault, then what I tried, then the request (repair the motor). Costs: diagnosis at Pedal Works £40.00, a hire bike for a week £95.00, train fares £18.60, with the total. Pedal Works quoted £460.00 for a new motor: state it as a percentage of the price. I'm attaching the invoice, the shop's report and a video. No threats. Name: Joe Mercer.",
        BIKE,
        "Kestrel Tarka e-bike",
        "Kestrel",
        "KS-E7-30415",
        (24, "two-year"),
        ("display shows error E07", "Please repair or replace the motor"),
        (
            swap_spans(BIKE, "Fault:\n", "Request:\n", "Costs:\n"),
            ("brand", "Product: Kestrel Tarka", "Product: Kestral Tarka"),
            ("serial", "KS-E7-30415", "KS-E7-34015"),
            ("no_threat", "motor under the warranty.", "motor under the warranty, or I will go to court."),
            ("tried", BIKE_TRIED, "Nothing helped."),
            ("total", "Total: £153.60", "Total: £152.60"),
            ("enclosures", "- Video of the motor cutting out\n", BIKE_ENCLOSURES),
            ("warranty", "Purchase: 28 February 2025", "Purchase: 28 November 2023"),
            ("percent", "about 25% of", "about 28% of"),
        ),
    ),
)


def build(claim: Claim, on: dict[str, bool]) -> str:
    return slipped(claim.text, claim.slips, on, claim.name)


# Reading a claim --------------------------------------------------------------------------------


def block(answer: str, pattern: str) -> str:
    """The section under the first heading `pattern` finds, or else the first paragraph it finds."""
    lines = section(answer, pattern)
    if lines is not None:
        return " ".join(lines)
    return next((p for p in re.split(r"\n\s*\n", answer) if re.search(pattern, p, re.I)), "")


def costs_right(answer: str) -> bool:
    """The listed costs (under a costs heading if there is one) add up to the first total's amount."""
    lines = section(answer, r"cost|expense") or answer.splitlines()
    amounts = [money(line)[-1] for line in lines if ITEM.match(line) and money(line) and "total" not in line.lower()]
    total = next((money(line)[-1] for line in lines if "total" in line.lower() and money(line)), None)
    return bool(amounts) and total is not None and sum(amounts) == total


def documents(answer: str) -> tuple[int | None, int]:
    """The number of documents the line that sends them gives in words, and the listed lines after it."""
    lines = answer.splitlines()
    at = next((i for i, line in enumerate(lines) if SENT.search(line) and COUNTED.search(line)), None)
    if at is None:
        return None, 0
    stated = NUMBER_WORDS.index(COUNTED.search(lines[at]).group(1).lower())
    listed = takewhile(ITEM.match, (line for line in lines[at + 1 :] if line.strip()))
    return stated, len(list(listed))


def add_months(day: date, months: int) -> date:
    """The same day `months` later, or the month's last day when it is shorter."""
    year, month = day.year + (day.month - 1 + months) // 12, (day.month - 1 + months) % 12 + 1
    return date(year, month, min(day.day, monthrange(year, month)[1]))


def within_warranty(claim: Claim, answer: str) -> bool:
    """The purchase's date is before the claim's (the first other date) by no more than the warranty."""
    lines = answer.splitlines()
    bought = next((d for line in lines if PURCHASE.search(line) and (d := date_in(line))), None)
    claimed = next((d for line in lines if not PURCHASE.search(line) and (d := date_in(line))), None)
    return bought is not None and claimed is not None and bought <= claimed <= add_months(bought, claim.warranty[0])


def percent_right(answer: str) -> bool:
    """On the first line with a percentage and two amounts, the percentage is the first over the second."""
    line = next((s for s in answer.splitlines() if PERCENT.search(s) and len(money(s)) >= 2), "")
    if (stated := PERCENT.search(line)) is None:
        return False
    exact = 100 * money(line)[0] / money(line)[1]
    return abs(float(stated.group(1)) - float(exact)) <= 0.5 * 10 ** -len(stated.group(2) or "") + 1e-9


WORDINGS = {
    "brand": ("Spells the brand name {brand} the same way throughout", "Writes {brand} one way every time"),
    "serial": ("Quotes the serial number {serial} exactly", "Gives the product's serial number as {serial}"),
    "no_threat": ("Does not threaten legal action", "Makes no threat of court or lawyers"),
    "order": ("Describes the fault before saying what it asks for", "The fault comes first, and the request after it"),
    "tried": (
        "Says in substance what was already tried",
        "Describes the steps already taken, not just a line saying so",
    ),
    "total": ("The total it states equals the sum of the costs listed", "Its costs add up to the total given"),
    "enclosures": (
        "The number of documents it says are enclosed matches the documents listed",
        "Lists as many enclosed or attached documents as it says there are",
    ),
    "warranty": (
        "The purchase date it gives is within the {term} warranty of the claim's date",
        "By its own dates, the {name} is still inside its {term} warranty",
    ),
    "percent": (
        "The repair quote's percentage of the price is right",
        "Works out the quote as a percentage of the price correctly",
    ),
}
"""Two wordings of each kind of criterion, filled from the claim."""


def truths(claim: Claim, answer: str) -> dict[str, bool]:
    stated, listed = documents(answer)
    fault, request = (answer.find(words) for words in claim.order)
    return {
        "brand": spellings(answer, claim.brand) == {claim.brand.lower()},
        "serial": claim.serial in answer,
        "no_threat": not THREAT.search(answer),
        "order": 0 <= fault < request,
        "tried": len(WORD.findall(block(answer, r"tried|troubleshoot"))) >= 12,
        "total": costs_right(answer),
        "enclosures": stated is not None and stated == listed,
        "warranty": within_warranty(claim, answer),
        "percent": percent_right(answer),
    }


def candidates(rng: random.Random, claim: Claim, answer: str) -> list[Criterion]:
    values = {"brand": claim.brand, "serial": claim.serial, "term": claim.warranty[1], "name": claim.name}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(claim, answer).items()
    ]


SWITCHES = ("order", "brand", "serial", "no_threat", "tried", "total", "enclosures", "warranty", "percent")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, CLAIMS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Mileage claim family (fresh21): the month's claim for business driving in one's own car that a task asks an employee
to write up (a UK surveyor's as a Markdown table, a US analyst's reimbursement request as bullets, an Irish engineer's
travel claim as fixed-width text in a fenced block, an Australian installer's vehicle allowance claim as plain lines):
each trip with its date, journey, purpose and distance, the number of trips, the total distance, the distance so far in
the year, the amount at the task's rates (which change once the year's distance passes a threshold), the cost centre,
the approver and a statement that the insurance covers business use, a kind of answer no grader was run on while any
of its rules was written. Run only as `--set fresh21`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the claim written right and then changed by switches: the trips in date order or two swapped, the total
distance the sum of the trips or mistyped, the amount the trips' distance at the task's rates or not, the year's
distance the task's figure before the claim plus the trips or not, the number of trips right or not, the personal trip
the task names left out or claimed in place of a business trip of the same length, the business insurance confirmed or
not, the task's cost centre or a mistyped one, and the approver named or not. Every truth is read from the text: a trip
is a line with a date (ISO, or as `3 Feb 2026`) that ends, once its dates are taken out, with a whole number (with
`miles`, `mi` or `km` after it or not); the number of trips, the total distance and the year's distance the first
number on the first line with the task's words for each; the amount the last amount on the first line with the task's
words for it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import (
    ISO_DATE,
    NAMED_DATE,
    Criterion,
    JudgeCase,
    date_in,
    money,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
)

FAMILY = "mileage_claim"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
DISTANCE_END = re.compile(r"(\d[\d,]*)\s*(?:miles|mi|km)?[\s|*.]*$", re.I)
NUMBER = re.compile(r"\d[\d,]*")
INSURANCE = re.compile(r"insur", re.I)
CENT = Decimal("0.01")


@dataclass(frozen=True)
class Claim:
    task: str
    text: str
    """The answer written right."""
    name: str
    before: int
    """The distance driven on business in the year before this claim."""
    bands: tuple[tuple[int | None, Decimal], ...]
    """(the year's distance up to which a rate applies, None for no limit; the rate a mile or km), in order."""
    rates: str
    """The rates in words."""
    unit: str
    labels: tuple[str, str, str, str]
    """The words (lower-case) that find the lines of the number of trips, the total distance, the year's distance and
    the amount."""
    personal: tuple[str, str]
    """(a word naming the personal trip, the trip in words)."""
    cost_centre: str
    approver: str
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


WESTCOUNTRY = """# Mileage claim: February 2026

Claimant: Sarah Whitcombe, Westcountry Surveys Ltd · Car: Skoda Octavia estate
Cost centre: CC-4120 · Approver: Martin Hale

| Date | Journey | Purpose | Miles |
|---|---|---|---:|
| 3 Feb 2026 | Exeter office → Tiverton and back | Boundary survey, Collipriest | 34 |
| 5 Feb 2026 | Exeter office → Okehampton and back | Client meeting, Dartmoor Homes | 52 |
| 10 Feb 2026 | Exeter office → Taunton and back | Site inspection, Norton Fitzwarren | 78 |
| 12 Feb 2026 | Exeter office → Barnstaple and back | Valuation, Pilton | 86 |
| 17 Feb 2026 | Exeter office → Honiton and back | Site survey, Gittisham | 38 |
| 19 Feb 2026 | Exeter office → Plymouth and back | Planning hearing | 94 |
| 24 Feb 2026 | Exeter office → Exmouth and back | Measured survey | 24 |
| 26 Feb 2026 | Exeter office → Bideford and back | Boundary survey, Northam | 80 |

- Trips: 8
- Total business miles: 486
- Tax year to date, including this claim: 10,266 miles
- 220 miles at 45p (up to 10,000 in the tax year): £99.00
- 266 miles at 25p: £66.50
- **Amount claimed: £165.50**

I confirm these were business journeys and that my car insurance covers business use."""

REDWOOD = """**Mileage reimbursement request · October 2025**
- Employee: Jordan Alvarez, Redwood Analytics · Cost center: 4400-SALES
- Approver: Kim Osei
- Rate: IRS standard mileage rate, 70¢ a mile

**Trips**
- 2025-10-02 · Office → Fremont and back · customer demo, Baylight: 42 miles
- 2025-10-07 · Office → San Jose and back · quarterly review, Corva Health: 56 miles
- 2025-10-09 · Office → Oakland and back · training session, Kestrel Labs: 28 miles
- 2025-10-14 · Office → Sacramento and back · state agency meeting: 176 miles
- 2025-10-21 · Office → Palo Alto and back · site visit, Lumen Bio: 34 miles
- 2025-10-23 · Office → Walnut Creek and back · customer workshop: 38 miles
- 2025-10-29 · Office → Santa Cruz and back · partner meeting: 148 miles

**Totals**
- Number of trips: 7
- Total miles: 522
- Business miles this year, including this request: 3,934
- **Reimbursement due: $365.40**
- I certify these trips were for business and that my auto insurance covers business use."""

SHANNON = """Here is the claim as plain text:

```text
TRAVEL CLAIM: MOTOR MILEAGE, SEPTEMBER 2025
Name: Cian Moloney          Staff no. 30418          Cost centre: CC 7731
Approver: Orla Keane

DATE         JOURNEY                         PURPOSE                         KM
02 Sep 2025  Limerick - Ennis - Limerick     Treatment plant inspection      48
04 Sep 2025  Limerick - Nenagh - Limerick    Pump station audit              92
09 Sep 2025  Limerick - Athlone - Limerick   Regional operations meeting    242
11 Sep 2025  Limerick - Kilrush - Limerick   Leak detection survey          156
18 Sep 2025  Limerick - Newcastle West       Contractor site visit           88
25 Sep 2025  Limerick - Shannon - Limerick   Health and safety training      24

TRIPS                                      6
TOTAL KM THIS CLAIM                      650
KM THIS YEAR, INCLUDING THIS CLAIM     5,950
BAND 2, 200 km at 90.63c             €181.26
BAND 3, 450 km at 39.22c             €176.49
AMOUNT CLAIMED                       €357.75
Business use is covered on my motor insurance policy.
```"""

GOLDFIELDS = """Vehicle allowance claim, May 2025
Claimant: Priya Raman, Goldfields Solar, cost centre GS-210
Approved by: Tom Briggs
2 May 2025, Ballarat office to Creswick and back, site inspection, 36 km
6 May 2025, Ballarat office to Ararat and back, install sign-off, 186 km
13 May 2025, Ballarat office to Daylesford and back, customer quote, 92 km
15 May 2025, Ballarat office to Bacchus Marsh and back, supplier meeting, 104 km
22 May 2025, Ballarat office to Beaufort and back, warranty repair, 98 km
29 May 2025, Ballarat office to Buninyong and back, roof survey, 24 km
Trips claimed: 6
Total distance: 540 km
Kilometres this financial year, including this claim: 5,150
390 km at 88c (up to 5,000 km a year): $343.20
150 km at 50c: $75.00
Amount claimed: $418.20
My comprehensive insurance covers business use of the car."""

CLAIMS = (
    Claim(
        "Write up my February 2026 mileage claim (Sarah Whitcombe, Westcountry Surveys Ltd, Skoda Octavia estate) as a "
        "Markdown table of date, journey, purpose and miles, in date order, then the number of trips, the total "
        "miles, the tax year's miles including this claim and the amount. HMRC rates: 45p a mile up to 10,000 "
        "business miles in the tax year, 25p after; I'd done 9,780 before February. Trips, all from the Exeter office "
        "and back: 3 Feb Tiverton, boundary survey at Collipriest, 34; 5 Feb Okehampton, client meeting with Dartmoor "
        "Homes, 52; 10 Feb Taunton, site inspection at Norton Fitzwarren, 78; 12 Feb Barnstaple, valuation at Pilton, "
        "86; 17 Feb Honiton, site survey at Gittisham, 38; 19 Feb Plymouth, planning hearing, 94; 24 Feb Exmouth, "
        "measured survey, 24; 26 Feb Bideford, boundary survey at Northam, 80. On 16 Feb I drove from home to the "
        "dentist in Crediton and back, 38 miles, which is personal. Cost centre CC-4120, approver Martin Hale, and "
        "confirm my insurance covers business use.",
        WESTCOUNTRY,
        "Westcountry",
        9780,
        ((10000, Decimal("0.45")), (None, Decimal("0.25"))),
        "45p a mile up to 10,000 miles in the tax year and 25p after",
        "miles",
        ("trips:", "total business miles", "to date", "amount claimed"),
        ("dentist", "16 February trip to the dentist"),
        "CC-4120",
        "Martin Hale",
        (
            swap_lines(WESTCOUNTRY, "| 5 Feb 2026", "| 10 Feb 2026"),
            ("total", "Total business miles: 486", "Total business miles: 468"),
            ("amount", "£165.50", "£218.70"),
            ("ytd", "10,266", "10,226"),
            ("trips", "Trips: 8", "Trips: 9"),
            (
                "personal",
                "| 17 Feb 2026 | Exeter office → Honiton and back | Site survey, Gittisham |",
                "| 16 Feb 2026 | Home → Crediton and back | Dentist appointment |",
            ),
            ("insurance", " and that my car insurance covers business use.", "."),
            ("cost_centre", "CC-4120", "CC-4210"),
            ("approver", "Approver: Martin Hale", "Approver: (line manager)"),
        ),
    ),
    Claim(
        "Bullet points, ISO dates: my October 2025 mileage reimbursement request (Jordan Alvarez, Redwood Analytics, "
        "cost center 4400-SALES, approver Kim Osei) at the IRS standard rate of 70¢ a mile. Trips, each from the "
        "office and back, in date order: Oct 2 Fremont, customer demo at Baylight, 42 miles; Oct 7 San Jose, "
        "quarterly review at Corva Health, 56; Oct 9 Oakland, training session at Kestrel Labs, 28; Oct 14 "
        "Sacramento, state agency meeting, 176; Oct 21 Palo Alto, site visit at Lumen Bio, 34; Oct 23 Walnut Creek, "
        "customer workshop, 38; Oct 29 Santa Cruz, partner meeting, 148. Oct 8 I took the dog to the vet in Oakland, "
        "28 miles round trip from home, but that's personal. Give the number of trips, the total miles, my business "
        "miles for the year including this (3,412 before October) and the reimbursement, and certify my auto "
        "insurance covers business use.",
        REDWOOD,
        "Redwood",
        3412,
        ((None, Decimal("0.70")),),
        "70¢ a mile",
        "miles",
        ("number of trips", "total miles", "miles this year", "reimbursement due"),
        ("vet", "personal trip to the vet on October 8"),
        "4400-SALES",
        "Kim Osei",
        (
            swap_lines(REDWOOD, "- 2025-10-21", "- 2025-10-23"),
            ("total", "Total miles: 522", "Total miles: 552"),
            ("amount", "$365.40", "$356.40"),
            ("ytd", "3,934", "3,394"),
            ("trips", "Number of trips: 7", "Number of trips: 8"),
            (
                "personal",
                "2025-10-09 · Office → Oakland and back · training session, Kestrel Labs",
                "2025-10-08 · Home → the vet in Oakland and back · personal",
            ),
            ("insurance", " and that my auto insurance covers business use.", "."),
            ("cost_centre", "4400-SALES", "4040-SALES"),
            ("approver", "- Approver: Kim Osei", "- Approver: TBD"),
        ),
    ),
    Claim(
        "Motor mileage claim for September 2025 as fixed-width plain text in a code block: Cian Moloney, staff no. "
        "30418, cost centre CC 7731, approver Orla Keane. Columns date, journey, purpose, km, in date order, then the "
        "number of trips, the total km, the km for the year including this claim and the amount by band. I'd done "
        "5,300 km this year before September; the civil service bands are 51.82c a km up to 1,500 km a year, 90.63c "
        "from there to 5,500 km, 39.22c to 25,000 km and 25.65c beyond. Trips, all from Limerick and back: 2 Sep "
        "Ennis, treatment plant inspection, 48 km; 4 Sep Nenagh, pump station audit, 92; 9 Sep Athlone, regional "
        "operations meeting, 242; 11 Sep Kilrush, leak detection survey, 156; 18 Sep Newcastle West, contractor site "
        "visit, 88; 25 Sep Shannon, health and safety training, 24. The 10 Sep drive from home to Lahinch Golf Club "
        "and back, 156 km, was personal. Add that business use is on my motor insurance.",
        SHANNON,
        "Shannon",
        5300,
        (
            (1500, Decimal("0.5182")),
            (5500, Decimal("0.9063")),
            (25000, Decimal("0.3922")),
            (None, Decimal("0.2565")),
        ),
        "the task's bands (90.63c a km up to 5,500 km in the year, then 39.22c)",
        "km",
        ("trips", "total km", "km this year", "amount claimed"),
        ("golf", "personal golf trip to Lahinch on 10 September"),
        "CC 7731",
        "Orla Keane",
        (
            swap_lines(SHANNON, "04 Sep 2025", "09 Sep 2025"),
            ("total", "TOTAL KM THIS CLAIM                      650", "TOTAL KM THIS CLAIM                      605"),
            ("amount", "€357.75", "€589.10"),
            ("ytd", "5,950", "5,905"),
            ("trips", "TRIPS                                      6", "TRIPS                                      7"),
            (
                "personal",
                "11 Sep 2025  Limerick - Kilrush - Limerick   Leak detection survey  ",
                "10 Sep 2025  Home - Lahinch Golf Club - Home Golf (personal)        ",
            ),
            ("insurance", "\nBusiness use is covered on my motor insurance policy.", ""),
            ("cost_centre", "CC 7731", "CC 7713"),
            ("approver", "Approver: Orla Keane", "Approver: -"),
        ),
    ),
    Claim(
        "Plain lines, no tables or bullets: my vehicle allowance claim for May 2025 (Priya Raman, Goldfields Solar, "
        "cost centre GS-210, approved by Tom Briggs), one line per trip in date order with the date, the journey, "
        "the purpose and the km. Company rates: 88c a km for the first 5,000 km in the financial year, 50c after; I'd "
        "done 4,610 km before May. Trips, all from the Ballarat office and back: 2 May Creswick, site inspection, 36 "
        "km; 6 May Ararat, install sign-off, 186; 13 May Daylesford, customer quote, 92; 15 May Bacchus Marsh, "
        "supplier meeting, 104; 22 May Beaufort, warranty repair, 98; 29 May Buninyong, roof survey, 24. The 14 May "
        "drive from home to a concert in Melton and back, 104 km, was personal. Then the number of trips, the total "
        "km, the year's km including this claim and the amount, and say my insurance covers business use.",
        GOLDFIELDS,
        "Goldfields",
        4610,
        ((5000, Decimal("0.88")), (None, Decimal("0.50"))),
        "88c a km for the first 5,000 km in the financial year and 50c after",
        "km",
        ("trips claimed", "total distance", "this financial year", "amount claimed"),
        ("concert", "14 May drive to the concert"),
        "GS-210",
        "Tom Briggs",
        (
            swap_lines(GOLDFIELDS, "22 May 2025", "29 May 2025"),
            ("total", "Total distance: 540 km", "Total distance: 504 km"),
            ("amount", "$418.20", "$475.20"),
            ("ytd", "5,150", "5,510"),
            ("trips", "Trips claimed: 6", "Trips claimed: 5"),
            (
                "personal",
                "15 May 2025, Ballarat office to Bacchus Marsh and back, supplier meeting",
                "14 May 2025, home to Melton and back, concert (personal)",
            ),
            ("insurance", "\nMy comprehensive insurance covers business use of the car.", ""),
            ("cost_centre", "GS-210", "GS-201"),
            ("approver", "Approved by: Tom Briggs", "Approved by: pending"),
        ),
    ),
)


def build(claim: Claim, on: dict[str, bool]) -> str:
    return slipped(claim.text, claim.slips, on, claim.name)


# Reading a mileage claim ----------------------------------------------------------------------------------------


def trips(answer: str) -> list[tuple[date, int, str]]:
    """(date, distance, line) of each trip line, in the order written."""
    out = []
    for line in answer.splitlines():
        day = date_in(line)
        found = DISTANCE_END.search(NAMED_DATE.sub(" ", ISO_DATE.sub(" ", line)))
        if day is not None and found:
            out.append((day, int(found.group(1).replace(",", "")), line))
    return out


def first_number(answer: str, words: str) -> int | None:
    """The first number on the first line holding `words` in any case, or None."""
    line = next((s for s in answer.splitlines() if words in s.lower()), "")
    found = NUMBER.search(line)
    return int(found.group(0).replace(",", "")) if found else None


def owed(claim: Claim, distance: int) -> Decimal:
    """What `distance` more is worth at the claim's rates, after the year's distance before it, to the penny or cent."""
    total, low, start, end = Decimal(0), 0, claim.before, claim.before + distance
    for upper, rate in claim.bands:
        high = end if upper is None else upper
        total += max(0, min(high, end) - max(low, start)) * rate
        low = high
    return total.quantize(CENT, ROUND_HALF_UP)


WORDINGS = {
    "order": ("Lists the trips in date order", "The journeys run from the earliest date to the latest"),
    "total": ("The total {unit} is the sum of the trips listed", "Adds up the {unit} of the listed trips correctly"),
    "amount": (
        "The amount claimed is the listed trips' {unit} at {rates}",
        "Works out the claim from the trips' {unit} at {rates}",
    ),
    "ytd": (
        "The year's {unit} are the {before} before this claim plus the trips claimed",
        "Gives the running total for the year as {before} plus this claim's {unit}",
    ),
    "trips": ("States the number of trips correctly", "The number of trips it gives matches the trips listed"),
    "personal": ("Does not claim the {personal}", "Leaves the {personal} out of the claim"),
    "insurance": (
        "Confirms that the car is insured for business use",
        "Includes a statement that the insurance covers business use",
    ),
    "cost_centre": ("Charges the claim to cost centre {cost_centre}", "Gives the cost centre as {cost_centre}"),
    "approver": ("Names {approver} as the approver", "Sends the claim to {approver} for approval"),
}
"""Two wordings of each kind of criterion, filled from the claim."""


def truths(claim: Claim, answer: str) -> dict[str, bool]:
    found = trips(answer)
    distance = sum(miles for _, miles, _ in found)
    count, total, year, amount = claim.labels
    stated = money(next((s for s in answer.splitlines() if amount in s.lower()), ""))
    personal = re.compile(rf"\b{claim.personal[0]}\b", re.I)
    return {
        "order": len(found) >= 2 and [day for day, _, _ in found] == sorted(day for day, _, _ in found),
        "total": bool(found) and first_number(answer, total) == distance,
        "amount": bool(found) and stated[-1:] == [owed(claim, distance)],
        "ytd": bool(found) and first_number(answer, year) == claim.before + distance,
        "trips": bool(found) and first_number(answer, count) == len(found),
        "personal": bool(found) and not any(personal.search(line) for _, _, line in found),
        "insurance": INSURANCE.search(answer) is not None,
        "cost_centre": claim.cost_centre in answer,
        "approver": claim.approver in answer,
    }


def candidates(rng: random.Random, claim: Claim, answer: str) -> list[Criterion]:
    values = {
        "unit": claim.unit,
        "rates": claim.rates,
        "before": f"{claim.before:,} {claim.unit}",
        "personal": claim.personal[1],
        "cost_centre": claim.cost_centre,
        "approver": claim.approver,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(claim, answer).items()
    ]


SWITCHES = ("order", "total", "amount", "ytd", "trips", "personal", "insurance", "cost_centre", "approver")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, CLAIMS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

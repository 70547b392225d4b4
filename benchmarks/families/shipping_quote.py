"""Shipping quote family (fresh14): the freight quote a task asks for (air express Hamburg to Chicago,
road parcels Leeds to Lyon, air freight Shenzhen to Amsterdam, a courier Milan to Zurich), with the
parcels' dimensions, actual and volumetric weights, the chargeable weight, the charges (freight, a
fuel surcharge as a percentage, a fee) and their total, the pickup and delivery dates, the Incoterm
and the quote's validity, a kind of answer no grader was run on while any of its rules was written.
Run only as `--set fresh14`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the quote in Markdown (parcels as a table or bullets, charges as a table or labelled
lines, dates ISO or named), written right and then changed by switches: every volumetric weight the
dimensions over the carrier's divisor or one over another divisor, a chargeable weight counting each
parcel at the greater of its two weights or the actual weights only, a total that adds up or not (a
transposition, the surcharge left out), a fuel surcharge that is its percentage of the freight or a
percentage changed, the Incoterm asked or another, a delivery date the transit's business days after
pickup or a day off, every parcel's dimensions or one's left out, no guarantee of the date or one,
and a validity period or none. Every truth is read from the text: parcels from a table by its
headings or from bullets by pattern, dimensions as `L × W × H`; the chargeable weight, dates and
transit time from their labelled lines; the charges as the lines under the charges heading with an
amount (the last on the line), the Total line apart and a Subtotal left out (below).
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases, working_days_after

FAMILY = "shipping_quote"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
NUMBER = r"(\d+(?:\.(\d+))?)"
DIMS = re.compile(r"(\d+(?:\.\d+)?)\s*[×x*]\s*(\d+(?:\.\d+)?)\s*[×x*]\s*(\d+(?:\.\d+)?)")
ACTUAL = re.compile(rf"(?:actual|gross)\w*\s*(?:weight\s*)?:?\s*{NUMBER}\s*kg", re.I)
VOLUMETRIC = re.compile(rf"(?:volumetric|dimensional)\w*\s*(?:weight\s*)?:?\s*{NUMBER}\s*kg", re.I)
SEPARATOR = re.compile(r":?-{2,}:?")
MONEY = re.compile(r"[$€£]\s?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)")
PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s?%")
HEADING = re.compile(r"^\s*(?:#{1,6}\s+(?P<hash>.+?)|\*\*(?P<bold>[^*]+)\*\*:?)\s*$")
CHARGES = re.compile(r"\b(?:charges|costs?|price|breakdown)\b", re.I)
COLUMNS = (("vol", r"\bvol"), ("actual", r"actual|gross"), ("dims", r"dimension|×"))
INCOTERM = re.compile(r"\b(EXW|FCA|FAS|FOB|CFR|CIF|CPT|CIP|DAP|DPU|DDP)\b")
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
NAMED = re.compile(r"\b(\d{1,2})\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*,?\s+(\d{4})", re.I)
ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
TRANSIT = re.compile(r"(\d+)\s+(?:business|working)\s+days?", re.I)
GUARANTEE = re.compile(r"\bguarantee", re.I)
NEGATION = re.compile(r"\b(?:not|no|never|cannot|can't|without)\b", re.I)
VALID = re.compile(r"\bvalid\b", re.I)
DAYS = re.compile(r"\b\d+\s+(?:calendar\s+|working\s+|business\s+)?days\b", re.I)
PICKUP = ("pickup", "pick-up", "collection")
DELIVERY = ("estimated delivery", "expected delivery", "guaranteed delivery", "delivery", "eta")

Parcel = tuple[tuple[float, float, float], float, tuple[float, int] | None]
"""A parcel's dimensions (cm), actual weight (kg) and volumetric weight as written (value, decimals)."""


@dataclass(frozen=True)
class Shipment:
    task: str
    text: str
    """The answer written right."""
    divisor: int
    parcels: tuple[tuple[tuple[float, float, float], float], ...]
    incoterm: str
    """The carrier's divisor, each parcel's dimensions and actual weight, and the Incoterm: the task's."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HAMBURG = """## Quote Q-2026-0412: Hamburg → Chicago, air express

**Incoterm:** DAP Chicago (Incoterms 2020); import duties and taxes are paid by the receiver.

| Parcel | Dimensions (cm) | Actual weight (kg) | Volumetric weight (kg) |
|---|---|---|---|
| 1 | 60 × 40 × 40 | 18.0 | 19.2 |
| 2 | 50 × 50 × 30 | 16.5 | 15.0 |
| 3 | 80 × 60 × 50 | 21.0 | 48.0 |

Volumetric weight = L × W × H / 5000; each parcel is charged on the greater of its two weights.

**Chargeable weight:** 83.7 kg

### Charges
| Item | Amount |
|---|---|
| Air freight at €3.80/kg | €318.06 |
| Fuel surcharge 18% | €57.25 |
| Export documentation | €25.00 |
| **Total** | **€400.31** |

- Pickup: Monday 13 April 2026
- Transit time: 4 business days
- Estimated delivery: Friday 17 April 2026

This quote is valid for 14 days, until 27 April 2026.
Transit times are estimates, not guaranteed."""

LEEDS = """Thanks for the details. Here is our quote for the four cartons, Leeds to Lyon by road (DDP: we pay
the French import VAT and clear customs for you).

Cartons (volumetric weight = L × W × H ÷ 4000, in cm):
- Carton 1: 40 × 30 × 30 cm, actual 9.5 kg, volumetric 9.0 kg
- Carton 2: 40 × 30 × 30 cm, actual 8.0 kg, volumetric 9.0 kg
- Carton 3: 60 × 40 × 30 cm, actual 12.0 kg, volumetric 18.0 kg
- Carton 4: 50 × 40 × 20 cm, actual 14.5 kg, volumetric 10.0 kg

Chargeable weight: 51.0 kg (the higher of actual and volumetric for each carton)

**Price breakdown**
- Road freight at £1.95/kg: £99.45
- Fuel surcharge (12.5%): £12.43
- Customs clearance: £35.00

**Total: £146.88**

Collection: Tuesday 19 May 2026
Transit: 3 working days
Delivery: Friday 22 May 2026

Quote valid until 2 June 2026."""

SHENZHEN = """# Air freight quotation — Shenzhen (SZX) to Amsterdam (AMS)

Terms: FCA Shenzhen, Incoterms 2020. Volumetric weight uses a 6000 divisor (cm³ ÷ 6000).

| Box | L × W × H (cm) | Gross (kg) | Vol. weight (kg) | Chargeable (kg) |
|---|---|---|---|---|
| 1 | 120 × 80 × 60 | 85.0 | 96.0 | 96.0 |
| 2 | 100 × 60 × 50 | 62.5 | 50.0 | 62.5 |
| 3 | 80 × 60 × 40 | 30.0 | 32.0 | 32.0 |

**Chargeable weight: 190.5 kg**

## Costs (USD)
| Charge | USD |
|---|---|
| Air freight at $4.60/kg | $876.30 |
| Fuel surcharge (20%) | $175.26 |
| Airport handling | $40.00 |
| **Total** | **$1,091.56** |

## Schedule
- Pickup: 2026-06-08 (Monday)
- Transit: 5 business days
- ETA: 2026-06-15

The ETA depends on flight space and customs. Rates valid for 7 days."""

MILAN = """Courier quote, Milan → Zurich

1. Box A: 45 × 35 × 25 cm, actual 6.2 kg, volumetric 7.9 kg
2. Box B: 30 × 30 × 30 cm, actual 8.0 kg, volumetric 5.4 kg

Volumetric divisor: 5000
Chargeable weight: 15.9 kg

#### Charges
Freight at €6.50/kg: €103.35
Fuel surcharge 16.5%: €17.05
Customs declaration: €28.00
Total: €148.40

Incoterm: CPT Zurich (Incoterms 2020). Duties and Swiss VAT are the consignee's.
Collection: Wed 9 September 2026 (we cannot guarantee a morning slot)
Transit: 2 working days
Expected delivery: Fri 11 September 2026

This offer is valid for 30 days."""

SHIPMENTS = (
    Shipment(
        "Quote me air express from Hamburg to Chicago for three parcels: 60×40×40 cm at 18.0 kg, 50×50×30 cm at 16.5 "
        "kg and 80×60×50 cm at 21.0 kg. Use the carrier's divisor of 5000, €3.80 per chargeable kg, the current 18% "
        "fuel surcharge and €25 export documentation; pickup Monday 13 April 2026, 4 business days in transit, DAP "
        "terms. Show the volumetric and chargeable weights, the charges and total, and the delivery date.",
        HAMBURG,
        5000,
        (((60, 40, 40), 18.0), ((50, 50, 30), 16.5), ((80, 60, 50), 21.0)),
        "DAP",
        (
            ("volumetric", "| 18.0 | 19.2 |", "| 18.0 | 16.0 |"),
            ("chargeable", "**Chargeable weight:** 83.7 kg", "**Chargeable weight:** 55.5 kg"),
            ("total", "**€400.31**", "**€410.31**"),
            ("fuel", "Fuel surcharge 18%", "Fuel surcharge 15%"),
            ("incoterm", "**Incoterm:** DAP Chicago", "**Incoterm:** EXW Chicago"),
            ("transit", "Friday 17 April 2026", "Thursday 16 April 2026"),
            ("dims", "| 2 | 50 × 50 × 30 |", "| 2 | — |"),
            ("no_guarantee", "Transit times are estimates, not guaranteed.", "Delivery on that date is guaranteed."),
            ("validity", "This quote is valid for 14 days, until 27 April 2026.", "Prices may change at any time."),
        ),
    ),
    Shipment(
        "We're sending four cartons from Leeds to a customer in Lyon by road: 40×30×30 cm (9.5 kg), 40×30×30 cm "
        "(8.0 kg), 60×40×30 cm (12.0 kg) and 50×40×20 cm (14.5 kg). Your road tariff: divisor 4000, £1.95 per "
        "chargeable kg, 12.5% fuel surcharge, £35 customs clearance. We want DDP. Collection Tuesday 19 May 2026, "
        "3 working days. Please send a quote with the weights, the price breakdown and the delivery date.",
        LEEDS,
        4000,
        (((40, 30, 30), 9.5), ((40, 30, 30), 8.0), ((60, 40, 30), 12.0), ((50, 40, 20), 14.5)),
        "DDP",
        (
            ("volumetric", "actual 12.0 kg, volumetric 18.0 kg", "actual 12.0 kg, volumetric 12.0 kg"),
            ("chargeable", "Chargeable weight: 51.0 kg", "Chargeable weight: 44.0 kg"),
            ("total", "**Total: £146.88**", "**Total: £134.45**"),
            ("fuel", "Fuel surcharge (12.5%)", "Fuel surcharge (15%)"),
            ("incoterm", "by road (DDP:", "by road (DAP:"),
            ("transit", "Friday 22 May 2026", "Thursday 21 May 2026"),
            ("dims", "- Carton 2: 40 × 30 × 30 cm,", "- Carton 2:"),
            ("no_guarantee", "\nDelivery: ", "\nGuaranteed delivery: "),
            ("validity", "Quote valid until 2 June 2026.", "Prices are subject to change."),
        ),
    ),
    Shipment(
        "Please quote air freight Shenzhen to Amsterdam for three boxes: 120×80×60 cm at 85.0 kg, 100×60×50 cm at "
        "62.5 kg and 80×60×40 cm at 30.0 kg. Divisor 6000, US$4.60 per chargeable kg, 20% fuel surcharge, $40 "
        "airport handling. We buy FCA Shenzhen. Pickup 2026-06-08, 5 business days to Amsterdam. Give the weights, "
        "the costs, the total and the ETA.",
        SHENZHEN,
        6000,
        (((120, 80, 60), 85.0), ((100, 60, 50), 62.5), ((80, 60, 40), 30.0)),
        "FCA",
        (
            ("volumetric", "| 62.5 | 50.0 | 62.5 |", "| 62.5 | 60.0 | 62.5 |"),
            ("chargeable", "**Chargeable weight: 190.5 kg**", "**Chargeable weight: 177.5 kg**"),
            ("total", "**$1,091.56**", "**$1,019.56**"),
            ("fuel", "Fuel surcharge (20%)", "Fuel surcharge (25%)"),
            ("incoterm", "Terms: FCA Shenzhen", "Terms: EXW Shenzhen"),
            ("transit", "ETA: 2026-06-15", "ETA: 2026-06-13"),
            ("dims", "| 3 | 80 × 60 × 40 |", "| 3 | — |"),
            ("no_guarantee", "The ETA depends on flight space and customs.", "The ETA is guaranteed."),
            ("validity", " Rates valid for 7 days.", " Rates are indicative."),
        ),
    ),
    Shipment(
        "Courier quote please, Milan to Zurich, two boxes: 45×35×25 cm weighing 6.2 kg and 30×30×30 cm weighing "
        "8.0 kg. Divisor 5000, €6.50 per chargeable kg, 16.5% fuel, €28 customs declaration, CPT Zurich. "
        "Collection Wednesday 9 September 2026, 2 working days in transit. I need the chargeable weight, each "
        "charge, the total and the expected delivery date.",
        MILAN,
        5000,
        (((45, 35, 25), 6.2), ((30, 30, 30), 8.0)),
        "CPT",
        (
            ("volumetric", "actual 6.2 kg, volumetric 7.9 kg", "actual 6.2 kg, volumetric 6.6 kg"),
            ("chargeable", "Chargeable weight: 15.9 kg", "Chargeable weight: 14.2 kg"),
            ("total", "Total: €148.40", "Total: €131.35"),
            ("fuel", "Fuel surcharge 16.5%", "Fuel surcharge 15.6%"),
            ("incoterm", "Incoterm: CPT Zurich", "Incoterm: DAP Zurich"),
            ("transit", "Fri 11 September 2026", "Thu 10 September 2026"),
            ("dims", "2. Box B: 30 × 30 × 30 cm,", "2. Box B:"),
            ("no_guarantee", "\n\nThis offer", "\nDelivery within 2 working days is guaranteed.\n\nThis offer"),
            ("validity", "This offer is valid for 30 days.", "This offer may be withdrawn."),
        ),
    ),
)


def build(shipment: Shipment, on: dict[str, bool]) -> str:
    return slipped(shipment.text, shipment.slips, on, shipment.incoterm)


# Reading a quote --------------------------------------------------------------------------------


def written(match: re.Match[str] | None) -> tuple[float, int] | None:
    return (float(match.group(1)), len(match.group(2) or "")) if match else None


def size(match: re.Match[str]) -> tuple[float, float, float]:
    return float(match.group(1)), float(match.group(2)), float(match.group(3))


def table_parcels(answer: str) -> list[Parcel]:
    """The rows of a table whose headings name the dimensions, the actual and the volumetric weight."""
    out: list[Parcel] = []
    at: dict[str, int] = {}
    previous: list[str] | None = None
    for line in answer.splitlines():
        if not line.strip().startswith("|"):
            at, previous = {}, None
            continue
        cells = [c.strip(" *") for c in line.strip().strip("|").split("|")]
        if previous is not None and all(SEPARATOR.fullmatch(c) for c in cells):
            at = {}
            for index, heading in enumerate(previous):
                for field in [f for f, pattern in COLUMNS if re.search(pattern, heading, re.I)][:1]:
                    at.setdefault(field, index)
        elif {"vol", "actual", "dims"} <= set(at) and len(cells) > max(at.values()):
            dims, actual = DIMS.search(cells[at["dims"]]), re.fullmatch(NUMBER, cells[at["actual"]])
            if dims and actual:
                vol = written(re.fullmatch(NUMBER, cells[at["vol"]]))
                out.append((size(dims), float(actual.group(1)), vol))
        previous = cells
    return out


def bullet_parcels(answer: str) -> list[Parcel]:
    """Every bullet or numbered line with dimensions and an actual weight."""
    out: list[Parcel] = []
    for line in answer.splitlines():
        if re.match(r"\s*(?:[-*]|\d+\.)\s", line) and (dims := DIMS.search(line)) and (actual := ACTUAL.search(line)):
            out.append((size(dims), float(actual.group(1)), written(VOLUMETRIC.search(line))))
    return out


def within(stated: tuple[float, int] | None, exact: float) -> bool:
    return stated is not None and abs(stated[0] - exact) <= 0.5 * 10 ** -stated[1] + 1e-9


def labelled(answer: str, labels: tuple[str, ...]) -> str:
    """The first line whose label (after any Markdown marks) starts with one of `labels`."""
    return next((b for line in answer.splitlines() if (b := line.lstrip(" |*#>_-")).lower().startswith(labels)), "")


def date_in(text: str) -> date | None:
    """The first date of `text`: ISO or `9 September 2026`."""
    if iso := ISO.search(text):
        return date(*(int(g) for g in iso.groups()))
    if named := NAMED.search(text):
        return date(int(named.group(3)), MONTHS.index(named.group(2).lower()[:3]) + 1, int(named.group(1)))
    return None


def charges(answer: str) -> list[tuple[str, float]]:
    """Each line under the charges heading with an amount: its label and its last amount."""
    found: list[str] | None = None
    for line in answer.splitlines():
        if match := HEADING.match(line):
            if found is not None and not MONEY.search(line):
                break
            if found is None and CHARGES.search(match.group("hash") or match.group("bold")):
                found = []
                continue
        if found is not None:
            found.append(line)
    lines = [(line.lstrip(" |*#>_-").lower(), MONEY.findall(line)) for line in found or []]
    return [(label, float(amounts[-1].replace(",", ""))) for label, amounts in lines if amounts]


def total_adds_up(answer: str) -> bool:
    lines = charges(answer)
    totals = [amount for label, amount in lines if label.startswith("total")]
    items = [amount for label, amount in lines if not label.startswith(("total", "subtotal"))]
    return bool(totals) and bool(items) and abs(totals[0] - sum(items)) <= 0.005


def fuel_right(answer: str) -> bool:
    lines = charges(answer)
    fuel = next(((label, amount) for label, amount in lines if "fuel" in label), None)
    freight = next((amount for label, amount in lines if "freight" in label and "fuel" not in label), None)
    percent = PERCENT.search(fuel[0]) if fuel else None
    if fuel is None or freight is None or percent is None:
        return False
    return abs(fuel[1] - float(percent.group(1)) * freight / 100) <= 0.005 + 1e-9


def transit_right(answer: str) -> bool:
    pickup, delivery = date_in(labelled(answer, PICKUP)), date_in(labelled(answer, DELIVERY))
    days = TRANSIT.search(answer)
    if pickup is None or delivery is None or days is None:
        return False
    return working_days_after(pickup, int(days.group(1))) == delivery


def guarantees(answer: str) -> bool:
    """A sentence that speaks of a guarantee and does not deny it."""
    sentences = re.split(r"(?<=[.!?])\s+|\n|\(", answer)
    return any(GUARANTEE.search(s) and not NEGATION.search(s) for s in sentences)


WORDINGS = {
    "volumetric": (
        "Each parcel's volumetric weight is its L × W × H divided by {divisor}",
        "The volumetric weights it lists are right for a divisor of {divisor}",
    ),
    "chargeable": (
        "The chargeable weight counts each parcel at the greater of its actual and volumetric weight",
        "Its chargeable weight is the sum of each parcel's higher weight, actual or volumetric",
    ),
    "total": ("The quoted total is the sum of the charges listed", "Its total equals the line items added together"),
    "fuel": (
        "The fuel surcharge amount is the stated percentage of the freight charge",
        "Its fuel surcharge figure matches its percentage of the freight cost",
    ),
    "incoterm": ("Quotes on {incoterm} terms", "Names {incoterm} as the Incoterm of the shipment"),
    "transit": (
        "The delivery date is the stated number of business days after pickup",
        "Its delivery date follows from the pickup date plus the transit time in working days",
    ),
    "dims": ("Gives the dimensions of all {n} parcels", "States L × W × H for each of the {n} parcels"),
    "no_guarantee": ("Does not guarantee a delivery date", "Makes no promise that delivery is guaranteed"),
    "validity": ("Says how long the quote is valid", "States the quote's validity period or expiry date"),
}
"""Two wordings of each kind of criterion, filled from the shipment."""


def truths(shipment: Shipment, answer: str) -> dict[str, bool]:
    parcels = table_parcels(answer) or bullet_parcels(answer)
    exact = sum(max(weight, math.prod(dims) / shipment.divisor) for dims, weight in shipment.parcels)
    chargeable = re.search(NUMBER, labelled(answer, ("chargeable weight", "total chargeable")))
    validity = [line for line in answer.splitlines() if VALID.search(line)]
    return {
        "volumetric": bool(parcels)
        and all(within(vol, math.prod(dims) / shipment.divisor) for dims, _, vol in parcels),
        "chargeable": within(written(chargeable), exact),
        "total": total_adds_up(answer),
        "fuel": fuel_right(answer),
        "incoterm": (term := INCOTERM.search(answer)) is not None and term.group(1) == shipment.incoterm,
        "transit": transit_right(answer),
        "dims": len(parcels) == len(shipment.parcels),
        "no_guarantee": not guarantees(answer),
        "validity": any(date_in(line) or DAYS.search(line) for line in validity),
    }


def candidates(rng: random.Random, shipment: Shipment, answer: str) -> list[Criterion]:
    values = {"divisor": shipment.divisor, "incoterm": shipment.incoterm, "n": len(shipment.parcels)}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(shipment, answer).items()
    ]


SWITCHES = ("volumetric", "chargeable", "total", "fuel", "incoterm", "transit", "dims", "no_guarantee", "validity")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, SHIPMENTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

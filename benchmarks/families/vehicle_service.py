"""Vehicle service family (fresh20): the service record a task asks a garage to write up for a customer's car (a UK
garage's with the work in a Markdown table, a US shop's repair order as bullets, an Irish garage's job card as
fixed-width text in a fenced block, an Australian workshop's as plain lines), with the work carried out and its
amounts, the subtotal, the tax and the total, the tread depth of each tyre, the technician's advisories by urgency, the
next service by date and by distance, the oil grade used and a repair the customer declined, a kind of answer no grader
was run on while any of its rules was written. Run only as `--set fresh20`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the record written right and then changed by switches: the urgent advisories before the others or one
after, the subtotal the sum of the work or one amount mistyped, the total the subtotal plus the task's tax or not, the
next service the task's months after the service date or another date, the next service the task's distance past the
odometer reading or another, a tread depth for each of the four tyres or one left out, the declined repair left out of
the work or listed at no charge, every advisory the task gives or one dropped, and the oil grade named or not. Every
truth is read from the text: the work is the lines with an amount from the first line opening `Work` (after Markdown
marks) to the first opening `Subtotal`, each line's last amount its own; the subtotal and the total the last amount on
the first line opening with the word; an advisory a line with the task's word for urgent or for later (`Red`,
`Amber`); the next service the first date and the first distance on the first line with `next service`; a tyre's depth
its position followed by a figure in mm or 32nds.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import Criterion, JudgeCase, date_in, money, pick_wording, slipped, swap_lines, switched_cases

FAMILY = "vehicle_service"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
LEAD = re.compile(r"^[\s|*#>_-]*")
DISTANCE = re.compile(r"(\d[\d,]*)\s*(?:miles|km)\b", re.I)
CENT = Decimal("0.01")


@dataclass(frozen=True)
class Service:
    task: str
    text: str
    """The answer written right."""
    name: str
    done: tuple[date, int, str]
    """(the service date, the odometer reading, its unit: `miles` or `km`)."""
    interval: tuple[int, int]
    """(the months, the distance) to the next service, whichever comes first."""
    tax: tuple[Decimal, str]
    """(the tax on the subtotal in percent, its name)."""
    tags: tuple[str, str]
    """(the word that marks an urgent advisory, the one that marks an advisory that can wait)."""
    advisories: int
    tyres: tuple[str, str, str, str]
    """How the answer names the four tyres' positions."""
    declined: tuple[str, str]
    """(a word naming the repair the customer declined, the repair in words)."""
    oil: str
    """The grade of the engine oil put in."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


GREENWAY = """# Service record: Ford Focus KM19 XRT

Greenway Motors, Unit 4 Station Road, Leamington Spa
Date: 14 March 2025 · Mileage: 48,260 miles · Customer: Mrs J. Patel
Service: full service · Technician: Dave Collins

### Work carried out
| Item | Amount |
|---|---:|
| Full service labour (2.5 h at £78.00) | £195.00 |
| Engine oil 5W-20, 4.1 litres | £41.00 |
| Oil filter | £9.80 |
| Air filter | £16.40 |
| Pollen filter | £18.90 |
| Spark plugs (3) | £36.60 |
| Subtotal | £317.70 |
| VAT (20%) | £63.54 |
| **Total** | **£381.24** |

### Tyre tread depths
- Front left: 5.8 mm
- Front right: 5.6 mm
- Rear left: 3.9 mm
- Rear right: 4.1 mm

### Advisories
- Red: front brake discs worn below the minimum thickness, replace as soon as possible
- Amber: rear tyres wearing evenly, replace within 6 months
- Amber: small stone chip on the windscreen, outside the driver's view
- Amber: light oil mist on the rear shock absorbers

Next service due: 14 March 2026 or at 58,260 miles, whichever comes first.
Declined by the customer: new wiper blades."""

RIDGELINE = """**Ridgeline Auto Care · Repair order 40217**
- Date: 2025-06-09
- Vehicle: 2019 Honda CR-V EX, plate 8KTL204
- Odometer in: 61,480 miles
- Technician: Luis Ortega

**Work performed**
- Labor, oil service and multi-point inspection (1.2 h at $140.00/h): $168.00
- Engine oil 0W-20 full synthetic, 4.4 qt: $39.60
- Oil filter: $12.50
- Tire rotation: $29.95
- Engine air filter: $27.80
- Cabin air filter: $34.15
- Subtotal: $312.00
- Sales tax (8.25%): $25.74
- **Total: $337.74**

**Tire tread depth**
- LF: 7/32 in
- RF: 7/32 in
- LR: 6/32 in
- RR: 6/32 in

**Inspection findings**
- Red: serpentine belt cracked, replace now
- Red: front brake pads at 2 mm, replace now
- Yellow: coolant flush due at 75,000 miles
- Yellow: battery tested weak, 410 CCA against a rating of 500

**Next service due:** 2025-12-09 or 68,980 miles, whichever comes first
Customer declined: windshield wiper blades."""

CORRIB = """Here is the job card as plain text:

```text
CORRIB MOTORS, TUAM ROAD, GALWAY                 JOB CARD 11852
Date: 22 Sep 2025          Vehicle: VW Golf 2.0 TDI, 221-G-4817
Odometer: 87,340 km        Technician: Niamh Kelly

WORK CARRIED OUT                                        AMOUNT
Service labour, 2.0 h at €85.00                        €170.00
Engine oil 5W-30 VW 507.00, 4.3 litres                  €58.50
Oil filter                                              €14.20
Fuel filter                                             €38.90
Air filter                                              €22.60
Cabin filter                                            €19.80
SUBTOTAL                                               €324.00
VAT 13.5%                                               €43.74
TOTAL                                                  €367.74

TYRE TREAD   NSF 4.6 mm   OSF 4.4 mm   NSR 5.9 mm   OSR 6.1 mm

ADVISORIES
RED     Front brake pads at 3 mm, replace now
AMBER   Timing belt due at 210,000 km
AMBER   Exhaust back box corroded
AMBER   Small oil leak at the sump plug washer

NEXT SERVICE DUE: 22 Sep 2026 or 102,340 km, whichever comes first
Customer declined new wiper blades.
```"""

BAYSIDE = """Service record: Toyota HiLux SR, rego EGK 42Q
Bayside Mechanical, 18 Foreshore Drive, Hervey Bay
Date: 5 November 2025, odometer 124,910 km, technician Ben Walsh
Work carried out:
Logbook service labour, 2.2 h at $125.00: $275.00
Engine oil 15W-40, 7.5 litres: $67.50
Oil filter: $21.40
Fuel filter: $48.60
Front and rear diff oil, 4.2 litres: $52.50
Subtotal: $465.00
GST (10%): $46.50
Total: $511.50
Tyre tread: front left 5.1 mm, front right 5.3 mm, rear left 4.0 mm, rear right 3.8 mm
Urgent: rear brake shoes worn to 1.5 mm, replace now
Urgent: front CV boot split on the driver's side
Monitor: tyres due for rotation at the next visit
Monitor: minor oil seep from the rocker cover
Next service due: 5 May 2026 or 134,910 km, whichever comes first.
Customer declined a wheel alignment today."""

SERVICES = (
    Service(
        "Write up the service record for Mrs J. Patel's Ford Focus, KM19 XRT, serviced today, 14 March 2025, at 48,260 "
        "miles by Dave Collins at Greenway Motors (Unit 4 Station Road, Leamington Spa). Markdown: a table of the work "
        "with a subtotal, 20% VAT and the total, then the tyre tread depths, then the advisories, red ones before "
        "amber. Work: full service labour 2.5 h at £78.00, 4.1 litres of 5W-20 oil £41.00, oil filter £9.80, air "
        "filter £16.40, pollen filter £18.90, three spark plugs £36.60. Tread: front left 5.8 mm, front right 5.6 mm, "
        "rear left 3.9 mm, rear right 4.1 mm. Advisories: front discs below minimum thickness (red); rear tyres "
        "wearing, replace within 6 months (amber); a stone chip on the windscreen (amber); oil mist on the rear "
        "shocks (amber). She declined new wiper blades. Next service in 12 months or 10,000 miles, whichever first.",
        GREENWAY,
        "Greenway",
        (date(2025, 3, 14), 48260, "miles"),
        (12, 10000),
        (Decimal(20), "VAT"),
        ("Red", "Amber"),
        4,
        ("Front left", "Front right", "Rear left", "Rear right"),
        ("wiper", "new wiper blades"),
        "5W-20",
        (
            swap_lines(GREENWAY, "- Red: front brake", "- Amber: rear tyres"),
            ("subtotal", "| £18.90 |", "| £19.80 |"),
            ("total", "**£381.24**", "**£383.14**"),
            ("next_date", "due: 14 March 2026", "due: 14 September 2025"),
            ("next_distance", "58,260 miles", "56,260 miles"),
            ("tyres", "- Rear right: 4.1 mm\n", ""),
            (
                "declined",
                "| Spark plugs (3) | £36.60 |\n",
                "| Spark plugs (3) | £36.60 |\n| Wiper blades (pair), fitted at no charge | £0.00 |\n",
            ),
            ("advisories", "- Amber: light oil mist on the rear shock absorbers\n", ""),
            ("oil", "Engine oil 5W-20, 4.1 litres", "Engine oil, 4.1 litres"),
        ),
    ),
    Service(
        "Write Ridgeline Auto Care's repair order 40217 as bullet points, ISO dates: a 2019 Honda CR-V EX, plate "
        "8KTL204, serviced 2025-06-09 at 61,480 miles by Luis Ortega. Work: labor 1.2 h at $140.00/h for the oil "
        "service and multi-point inspection; 4.4 qt of 0W-20 full synthetic, $39.60; oil filter $12.50; tire rotation "
        "$29.95; engine air filter $27.80; cabin air filter $34.15; then the subtotal, 8.25% sales tax on the "
        "subtotal, and the total. Tread depths: LF 7/32, RF 7/32, LR 6/32, RR 6/32. Findings, red before yellow: "
        "serpentine belt cracked (red), front brake pads at 2 mm (red), coolant flush due at 75,000 miles (yellow), "
        "battery weak on test, 410 CCA of 500 (yellow). The customer declined new wiper blades. Next service in 6 "
        "months or 7,500 miles, whichever comes first.",
        RIDGELINE,
        "Ridgeline",
        (date(2025, 6, 9), 61480, "miles"),
        (6, 7500),
        (Decimal("8.25"), "sales tax"),
        ("Red", "Yellow"),
        4,
        ("LF", "RF", "LR", "RR"),
        ("wiper", "wiper blades"),
        "0W-20",
        (
            swap_lines(RIDGELINE, "- Red: front brake", "- Yellow: coolant"),
            ("subtotal", "Tire rotation: $29.95", "Tire rotation: $24.95"),
            ("total", "$337.74", "$333.74"),
            ("next_date", "2025-12-09", "2026-06-09"),
            ("next_distance", "68,980 miles", "69,480 miles"),
            ("tyres", "- RR: 6/32 in\n", ""),
            (
                "declined",
                "- Cabin air filter: $34.15\n",
                "- Cabin air filter: $34.15\n- Windshield wiper blades, installed at no charge: $0.00\n",
            ),
            ("advisories", "- Yellow: battery tested weak, 410 CCA against a rating of 500\n", ""),
            ("oil", "Engine oil 0W-20 full synthetic", "Engine oil, full synthetic"),
        ),
    ),
    Service(
        "Job card for Corrib Motors (Tuam Road, Galway), job 11852, as fixed-width plain text in a code block: a VW "
        "Golf 2.0 TDI, 221-G-4817, serviced 22 Sep 2025 at 87,340 km by Niamh Kelly. Work: 2.0 h labour at €85.00, "
        "4.3 litres of 5W-30 oil to VW 507.00 €58.50, oil filter €14.20, fuel filter €38.90, air filter €22.60, cabin "
        "filter €19.80; then the subtotal, VAT at 13.5% and the total. Tread: NSF 4.6, OSF 4.4, NSR 5.9, OSR 6.1 mm. "
        "Advisories, RED before AMBER: front pads at 3 mm (red), timing belt due at 210,000 km (amber), exhaust back "
        "box corroded (amber), small oil leak at the sump plug washer (amber). The customer declined new wiper "
        "blades. Next service in 12 months or 15,000 km, whichever comes first.",
        CORRIB,
        "Corrib",
        (date(2025, 9, 22), 87340, "km"),
        (12, 15000),
        (Decimal("13.5"), "VAT"),
        ("Red", "Amber"),
        4,
        ("NSF", "OSF", "NSR", "OSR"),
        ("wiper", "new wiper blades"),
        "5W-30",
        (
            swap_lines(CORRIB, "RED     Front", "AMBER   Timing"),
            ("subtotal", "€38.90", "€39.80"),
            ("total", "€367.74", "€376.74"),
            ("next_date", "DUE: 22 Sep 2026", "DUE: 22 Mar 2026"),
            ("next_distance", "102,340 km", "101,340 km"),
            ("tyres", "   OSR 6.1 mm", ""),
            (
                "declined",
                "Cabin filter                                            €19.80\n",
                "Cabin filter                                            €19.80\n"
                "Wiper blades, fitted at no charge                        €0.00\n",
            ),
            ("advisories", "AMBER   Small oil leak at the sump plug washer\n", ""),
            ("oil", "Engine oil 5W-30 VW 507.00, 4.3 litres      ", "Engine oil VW 507.00, 4.3 litres            "),
        ),
    ),
    Service(
        "Plain lines, no tables or bullets: a service record from Bayside Mechanical (18 Foreshore Drive, Hervey Bay) "
        "for a Toyota HiLux SR, rego EGK 42Q, serviced 5 November 2025 at 124,910 km by Ben Walsh. Work: logbook "
        "service labour 2.2 h at $125.00, 7.5 litres of 15W-40 engine oil $67.50, oil filter $21.40, fuel filter "
        "$48.60, 4.2 litres of front and rear diff oil $52.50; then the subtotal, GST at 10% and the total. Tread: "
        "front left 5.1 mm, front right 5.3 mm, rear left 4.0 mm, rear right 3.8 mm. Findings, urgent before monitor: "
        "rear brake shoes worn to 1.5 mm (urgent), split front CV boot (urgent), tyres due for rotation (monitor), "
        "minor oil seep from the rocker cover (monitor). He declined a wheel alignment. Next service in 6 months or "
        "10,000 km, whichever comes first.",
        BAYSIDE,
        "Bayside",
        (date(2025, 11, 5), 124910, "km"),
        (6, 10000),
        (Decimal(10), "GST"),
        ("Urgent", "Monitor"),
        4,
        ("front left", "front right", "rear left", "rear right"),
        ("alignment", "wheel alignment"),
        "15W-40",
        (
            swap_lines(BAYSIDE, "Urgent: front CV", "Monitor: tyres due"),
            ("subtotal", "Fuel filter: $48.60", "Fuel filter: $46.80"),
            ("total", "Total: $511.50", "Total: $515.10"),
            ("next_date", "5 May 2026", "5 November 2026"),
            ("next_distance", "134,910 km", "135,910 km"),
            ("tyres", ", rear right 3.8 mm", ""),
            (
                "declined",
                "diff oil, 4.2 litres: $52.50\n",
                "diff oil, 4.2 litres: $52.50\nWheel alignment, done at no charge: $0.00\n",
            ),
            ("advisories", "Monitor: minor oil seep from the rocker cover\n", ""),
            ("oil", "Engine oil 15W-40, 7.5 litres", "Engine oil, 7.5 litres"),
        ),
    ),
)


def build(service: Service, on: dict[str, bool]) -> str:
    return slipped(service.text, service.slips, on, service.name)


# Reading a service record ---------------------------------------------------------------------------------------


def opening(lines: list[str], word: str) -> int | None:
    """The index of the first line opening with `word` (after Markdown marks, in any case), or None."""
    return next((i for i, s in enumerate(lines) if LEAD.sub("", s).lower().startswith(word)), None)


def work(answer: str) -> tuple[list[str], Decimal] | None:
    """(the lines from the one opening `Work` up to the one opening `Subtotal`, the subtotal's last amount), or None
    when either line is missing."""
    lines = answer.splitlines()
    start, end = opening(lines, "work"), opening(lines, "subtotal")
    if start is None or end is None or end < start or not money(lines[end]):
        return None
    return lines[start:end], money(lines[end])[-1]


def add_months(day: date, months: int) -> date:
    month = day.month - 1 + months
    return day.replace(year=day.year + month // 12, month=month % 12 + 1)


def tags(answer: str, service: Service) -> list[str]:
    """The urgency word of each advisory line, lower-cased, in the order written."""
    word = re.compile(rf"\b({'|'.join(service.tags)})\b", re.I)
    return [found.group(1).lower() for line in answer.splitlines() if (found := word.search(line))]


def tread(answer: str, position: str) -> bool:
    """Whether `position` is followed by a tread depth in mm or 32nds of an inch."""
    return re.search(rf"\b{re.escape(position)}\b\W{{0,6}}\d+(?:\.\d+)?\s?(?:mm|/32)", answer, re.I) is not None


WORDINGS = {
    "order": (
        "Lists the {urgent} advisories before the {later} ones",
        "Puts every {urgent} finding ahead of all the {later} ones",
    ),
    "subtotal": (
        "The subtotal is the sum of the amounts for the work carried out",
        "Adds up the parts and labour lines correctly in the subtotal",
    ),
    "total": (
        "The total is the subtotal plus {rate}% {tax}",
        "Works out the {tax} at {rate}% of the subtotal and adds it to give the total",
    ),
    "next_date": (
        "The next service date is {months} months after the service date",
        "Sets the next service date {months} months on from {done}",
    ),
    "next_distance": (
        "The next service is due at the odometer reading plus {distance}",
        "Puts the next service {distance} beyond the reading taken at this service",
    ),
    "tyres": ("Records the tread depth of all four tyres", "Gives a tread depth for each of the four tyres"),
    "declined": (
        "Does not list the {declined}, which the customer declined, as work carried out",
        "Leaves the declined {declined} out of the work done",
    ),
    "advisories": ("Lists all {n} advisories the technician noted", "Includes every one of the {n} advisories"),
    "oil": ("States the grade of engine oil used", "Names the oil grade ({oil}) that went into the engine"),
}
"""Two wordings of each kind of criterion, filled from the service."""


def truths(service: Service, answer: str) -> dict[str, bool]:
    lines = answer.splitlines()
    block = work(answer)
    total = money(lines[i])[-1:] if (i := opening(lines, "total")) is not None else []
    upcoming = next((s for s in lines if "next service" in s.lower()), "")
    distance = DISTANCE.search(upcoming)
    found = tags(answer, service)
    (day, reading, _), (months, far) = service.done, service.interval
    urgent = service.tags[0].lower()
    return {
        "order": len(set(found)) == 2 and found == sorted(found, key=lambda tag: tag != urgent),
        "subtotal": block is not None and sum((money(s)[-1] for s in block[0] if money(s)), Decimal(0)) == block[1],
        "total": block is not None
        and total == [block[1] + (block[1] * service.tax[0] / 100).quantize(CENT, ROUND_HALF_UP)],
        "next_date": date_in(upcoming) == add_months(day, months),
        "next_distance": distance is not None and int(distance.group(1).replace(",", "")) == reading + far,
        "tyres": all(tread(answer, position) for position in service.tyres),
        "declined": block is not None and not any(service.declined[0] in s.lower() for s in block[0]),
        "advisories": len(found) == service.advisories,
        "oil": service.oil.lower() in answer.lower(),
    }


def candidates(rng: random.Random, service: Service, answer: str) -> list[Criterion]:
    day, _, unit = service.done
    values = {
        "urgent": service.tags[0].lower(),
        "later": service.tags[1].lower(),
        "rate": service.tax[0],
        "tax": service.tax[1],
        "months": service.interval[0],
        "done": f"{day.day} {day:%B %Y}",
        "distance": f"{service.interval[1]:,} {unit}",
        "declined": service.declined[1],
        "n": service.advisories,
        "oil": service.oil,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(service, answer).items()
    ]


SWITCHES = ("order", "subtotal", "total", "next_date", "next_distance", "tyres", "declined", "advisories", "oil")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, SERVICES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

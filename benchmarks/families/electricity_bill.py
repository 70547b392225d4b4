"""Electricity bill family (fresh20): the check a task asks for of an electricity bill that was based on an estimated
meter reading, worked from the householder's own readings (a UK quarter's as a Markdown table with bullets, a US
month's as bullets, an Irish two months' as fixed-width text in a fenced block, an Australian quarter's as plain
lines): the readings with their dates, the days in the period, the units used, the energy charge, the daily standing
charge, the subtotal, the tax, the correct total, by how much the bill is out and which way, and the estimated reading
the bill used, a kind of answer no grader was run on while any of its rules was written. Run only as `--set fresh20`,
never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the check written right and then changed by switches: the readings in date order or two swapped, the
units used the last reading less the first or mistyped, the days between the first and last readings or one more, the
energy charge the units at the task's rate or not, the standing charge the days at the task's daily rate or not, the
tax the task's percentage of the subtotal or not, the bill's error the bill less the correct total or not, the
estimated reading named or not, and no advice to change supplier or some. Every truth is read from the text: a reading
is a line with a date (ISO, or as `2 Jan 2025`) and a figure in kWh; the units used, the days, the energy charge, the
standing charge and the tax are read from the first line with the task's words for them (the last kWh figure, the
first number, the last amount); the subtotal and the correct total likewise; the bill's error is the last amount on
the first line saying it is too high or too low (or over- or undercharged), which says which way.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    date_in,
    line_with,
    money,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
)

FAMILY = "electricity_bill"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
KWH = re.compile(r"(\d[\d,]*)\s*kWh")
NUMBER = re.compile(r"\d+")
VERDICT = re.compile(r"too (?:high|low)|(?:over|under)charg", re.I)
ADVICE = re.compile(
    r"switch\w*|cheaper (?:supplier|tariff|plan|provider|retailer|deal)|shop(?:ping)? around"
    r"|compare (?:suppliers|tariffs|plans)",
    re.I,
)
CENT = Decimal("0.01")


@dataclass(frozen=True)
class Check:
    task: str
    text: str
    """The answer written right."""
    name: str
    labels: tuple[str, str, str, str, str]
    """The words (lower-case) that find the lines of the units used, the days, the energy charge, the standing charge
    and the tax."""
    rates: tuple[Decimal, Decimal, Decimal]
    """(the unit rate in pence or cents a kWh, the standing charge in pence or cents a day, the tax in percent)."""
    bill: Decimal
    """The bill's total."""
    estimate: str
    """The estimated reading the bill used, as the task writes it."""
    words: tuple[str, str, str, str]
    """(the unit rate a kWh, the daily charge, the tax's name, the bill's total), as the criteria write them."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


FERN = """## Electricity bill check: 2 January to 2 April 2025

| Date | Meter reading | Source |
|---|---:|---|
| 2 Jan 2025 | 48,215 kWh | actual, on the bill |
| 1 Feb 2025 | 48,902 kWh | my photo |
| 3 Mar 2025 | 49,540 kWh | my photo |
| 2 Apr 2025 | 50,181 kWh | my photo |

- Days between the first and last readings: 90
- Units used: 50,181 − 48,215 = 1,966 kWh
- Energy charge: 1,966 kWh at 24.86p = £488.75
- Standing charge (53.80p a day): £48.42
- Subtotal: £537.17
- VAT at 5%: £26.86
- **Correct total: £564.03**

The bill of £684.36 used an estimated closing reading of 50,642 kWh instead of the actual 50,181 kWh, so it is \
£120.33 too high."""

MAPLE = """**Electricity bill check, June 3 to July 3, 2025**

**Meter readings**
- 2025-06-03: 31,204 kWh (actual, on the bill)
- 2025-06-18: 31,699 kWh (my reading)
- 2025-07-03: 32,187 kWh (my reading)

**The check**
- Billing period: 30 days
- Usage: 32,187 − 31,204 = 983 kWh
- Energy charge: 983 kWh at 16.40¢ = $161.21
- Basic service charge (45¢ a day): $13.50
- Subtotal: $174.71
- State sales tax (6%): $10.48
- **Correct total: $185.19**

The bill of $143.99 used an estimated reading of 31,950 kWh for July 3 instead of my 32,187 kWh, so it is $41.20 too \
low, and the missing amount will show up on a later bill."""

CLADDAGH = """Here is the check as plain text, ready to paste into a complaint:

```text
ELECTRICITY BILL CHECK, 14 JAN TO 14 MAR 2025
MPRN 10012345678

READINGS
14 Jan 2025    22,870 kWh    actual (ESB Networks)
13 Feb 2025    23,431 kWh    customer reading
14 Mar 2025    23,952 kWh    customer reading

DAYS IN PERIOD                          59
UNITS USED                       1,082 kWh
UNIT CHARGE, 1,082 kWh AT 35.12c   €380.00
STANDING CHARGE, 74.25c A DAY       €43.81
SUBTOTAL                           €423.81
VAT AT 9%                           €38.14
CORRECT TOTAL                      €461.95

The bill of €514.77 used an estimated reading of 24,090 kWh (E) instead of 23,952 kWh: overcharged by €52.82.
```"""

RIDGE = """Electricity bill check for 27 Ridge Street, Toowoomba, April to June 2025
Meter readings:
1 April 2025: 61,408 kWh (actual, on the bill)
1 May 2025: 61,902 kWh (my photo)
1 June 2025: 62,455 kWh (my photo)
30 June 2025: 63,011 kWh (my photo)
Number of days: 90
Energy used: 63,011 − 61,408 = 1,603 kWh
Usage charge: 1,603 kWh at 31.90c = $511.36
Daily supply charge (98.50c a day): $88.65
Subtotal: $600.01
GST (10%): $60.00
Correct total: $660.01
The bill of $803.53 used an estimated reading of 63,420 kWh for 30 June instead of the actual 63,011 kWh, so it is \
$143.52 too high."""

CHECKS = (
    Check(
        "Our electricity bill for 2 January to 2 April 2025 is £684.36, and it's based on an estimated closing "
        "reading of 50,642 kWh. Check it from my own readings: 48,215 kWh on 2 Jan 2025 (the actual opening reading "
        "on the bill), 48,902 on 1 Feb, 49,540 on 3 Mar and 50,181 on 2 Apr 2025. The tariff is 24.86p a kWh and a "
        "standing charge of 53.80p a day, counting the days between the first and last readings, plus 5% VAT. Put "
        "the readings in a Markdown table, oldest first, then the working as bullets down to the correct total, and "
        "say how much the bill is out by and which way. I only want the check, not advice about other suppliers.",
        FERN,
        "Fern",
        ("units used", "days between", "energy charge", "standing charge", "vat"),
        (Decimal("24.86"), Decimal("53.80"), Decimal(5)),
        Decimal("684.36"),
        "50,642",
        ("24.86p a kWh", "53.80p", "VAT", "£684.36"),
        (
            swap_lines(FERN, "| 1 Feb 2025", "| 3 Mar 2025"),
            ("usage", "= 1,966 kWh", "= 1,696 kWh"),
            ("days", "readings: 90", "readings: 91"),
            ("energy", "£488.75", "£478.85"),
            ("standing", "£48.42", "£48.96"),
            ("tax", "£26.86", "£25.58"),
            ("difference", "£120.33", "£102.33"),
            ("estimated", "closing reading of 50,642 kWh instead", "closing reading instead"),
            ("no_advice", "too high.", "too high. Switching to a cheaper tariff would also save you money."),
        ),
    ),
    Check(
        "My electric bill for June 3 to July 3, 2025 came to $143.99, using an estimated reading of 31,950 kWh. "
        "Check it against my readings, as bullets with ISO dates: 31,204 kWh on 2025-06-03 (the actual reading on the "
        "bill), 31,699 on 2025-06-18 and 32,187 on 2025-07-03. Energy is 16.40¢ a kWh, the basic service charge is "
        "45¢ a day for each day between the first and last readings, and 6% state sales tax goes on the subtotal. "
        "List the readings oldest first, work through to the correct total and tell me how far off the bill is and "
        "in which direction. Just the numbers, please, no suggestions about changing plans or providers.",
        MAPLE,
        "Maple",
        ("usage:", "billing period", "energy charge", "service charge", "sales tax"),
        (Decimal("16.40"), Decimal(45), Decimal(6)),
        Decimal("143.99"),
        "31,950",
        ("16.40¢ a kWh", "45¢", "sales tax", "$143.99"),
        (
            swap_lines(MAPLE, "- 2025-06-18", "- 2025-07-03"),
            ("usage", "= 983 kWh", "= 938 kWh"),
            ("days", "Billing period: 30 days", "Billing period: 31 days"),
            ("energy", "$161.21", "$157.21"),
            ("standing", "$13.50", "$13.95"),
            ("tax", "$10.48", "$10.84"),
            ("difference", "$41.20", "$41.02"),
            ("estimated", "estimated reading of 31,950 kWh for July 3", "estimated reading for July 3"),
            (
                "no_advice",
                "on a later bill.",
                "on a later bill. It may be worth shopping around for a cheaper plan.",
            ),
        ),
    ),
    Check(
        "Check my electricity bill for 14 Jan to 14 Mar 2025 (MPRN 10012345678), €514.77 on an estimated reading of "
        "24,090 kWh, as plain text in a code block I can paste into a complaint. My readings: 22,870 kWh on 14 Jan "
        "2025 (actual, ESB Networks), 23,431 on 13 Feb 2025 and 23,952 on 14 Mar 2025, oldest first. The unit rate is "
        "35.12c a kWh and the standing charge 74.25c a day for the days between the first and last readings, with "
        "VAT at 9%. Work it through to the correct total and say by how much I was over- or undercharged. No advice "
        "on other suppliers, just the check.",
        CLADDAGH,
        "Claddagh",
        ("units used", "days in period", "unit charge", "standing charge", "vat"),
        (Decimal("35.12"), Decimal("74.25"), Decimal(9)),
        Decimal("514.77"),
        "24,090",
        ("35.12c a kWh", "74.25c", "VAT", "€514.77"),
        (
            swap_lines(CLADDAGH, "13 Feb 2025", "14 Mar 2025    23,952"),
            ("usage", "USED                       1,082 kWh", "USED                       1,028 kWh"),
            ("days", "PERIOD                          59", "PERIOD                          60"),
            ("energy", "€380.00", "€370.00"),
            ("standing", "€43.81", "€44.55"),
            ("tax", "€38.14", "€36.14"),
            ("difference", "€52.82", "€50.98"),
            ("estimated", "reading of 24,090 kWh (E)", "reading (E)"),
            (
                "no_advice",
                "The bill of €514.77",
                "Switch to a cheaper supplier once this is sorted.\nThe bill of €514.77",
            ),
        ),
    ),
    Check(
        "Plain lines, no tables or bullets: check the electricity bill for 27 Ridge Street, Toowoomba, for 1 April to "
        "30 June 2025. It charged $803.53 on an estimated reading of 63,420 kWh. My readings: 61,408 kWh on 1 April "
        "2025 (actual, on the bill), 61,902 on 1 May 2025, 62,455 on 1 June 2025 and 63,011 on 30 June 2025; list "
        "them oldest first. Usage is 31.90c a kWh and the daily supply charge 98.50c for each day between the first "
        "and last readings, plus 10% GST. Work through to the correct total and say how much the bill is out and "
        "which way. Don't tell me to change retailers; I only want the check.",
        RIDGE,
        "Ridge",
        ("energy used", "number of days", "usage charge", "supply charge", "gst"),
        (Decimal("31.90"), Decimal("98.50"), Decimal(10)),
        Decimal("803.53"),
        "63,420",
        ("31.90c a kWh", "98.50c", "GST", "$803.53"),
        (
            swap_lines(RIDGE, "1 May 2025", "1 June 2025"),
            ("usage", "= 1,603 kWh", "= 1,630 kWh"),
            ("days", "Number of days: 90", "Number of days: 91"),
            ("energy", "$511.36", "$513.36"),
            ("standing", "$88.65", "$89.64"),
            ("tax", "GST (10%): $60.00", "GST (10%): $66.00"),
            ("difference", "$143.52", "$134.52"),
            ("estimated", "estimated reading of 63,420 kWh for 30 June", "estimated reading for 30 June"),
            ("no_advice", "too high.", "too high. A cheaper retailer could also save you money."),
        ),
    ),
)


def build(check: Check, on: dict[str, bool]) -> str:
    return slipped(check.text, check.slips, on, check.name)


# Reading a bill check -------------------------------------------------------------------------------------------


def readings(answer: str) -> list[tuple[date, int]]:
    """(date, kWh) of each line with a date and a figure in kWh, in the order written."""
    out = []
    for line in answer.splitlines():
        day, found = date_in(line), KWH.search(line)
        if day is not None and found:
            out.append((day, int(found.group(1).replace(",", ""))))
    return out


def last_amount(answer: str, words: str) -> Decimal | None:
    found = money(line_with(answer, words))
    return found[-1] if found else None


def error(answer: str) -> Decimal | None:
    """The bill's error as the answer states it, above the right total positive: the last amount on the first line
    that says the bill is too high or too low (or over- or undercharged), or None."""
    line = next((s for s in answer.splitlines() if VERDICT.search(s)), "")
    found, way = money(line), VERDICT.search(line)
    if not found or way is None:
        return None
    return found[-1] if re.search("high|over", way.group(0), re.I) else -found[-1]


def hundredths(amount: Decimal, rate: Decimal) -> Decimal:
    """`amount` times `rate` hundredths (pence or cents a unit, or a percentage), to the penny or cent."""
    return (amount * rate / 100).quantize(CENT, ROUND_HALF_UP)


WORDINGS = {
    "order": ("Lists the meter readings in date order", "The readings run from the earliest date to the latest"),
    "usage": (
        "The units used are the last reading minus the first",
        "Works out the electricity used correctly from the first and last readings",
    ),
    "days": (
        "Counts the days between the first and last readings correctly",
        "The number of days in the period matches the reading dates",
    ),
    "energy": ("The energy charge is the units used at {rate}", "Charges the units used at {rate} correctly"),
    "standing": (
        "The daily charge is {standing} for each day of the period",
        "Works out the daily charge of {standing} over the period's days correctly",
    ),
    "tax": ("Adds {tax} at {percent}% of the subtotal", "The {tax} is {percent}% of the subtotal, worked correctly"),
    "difference": (
        "Gives by how much the {bill} bill differs from the correct total, and which way",
        "States correctly how far the {bill} bill is too high or too low",
    ),
    "estimated": (
        "Names the estimated reading ({estimate} kWh) the bill was based on",
        "Points out that the bill used the estimated reading of {estimate} kWh",
    ),
    "no_advice": (
        "Does not suggest switching supplier or tariff",
        "Gives no advice about moving to a cheaper supplier or plan",
    ),
}
"""Two wordings of each kind of criterion, filled from the check."""


def truths(check: Check, answer: str) -> dict[str, bool]:
    found = readings(answer)
    first, last = (min(found), max(found)) if found else (None, None)
    usage_words, days_words, energy_words, standing_words, tax_words = check.labels
    used, days = KWH.findall(line_with(answer, usage_words)), NUMBER.search(line_with(answer, days_words))
    unit, daily, tax = check.rates
    subtotal, total = last_amount(answer, "subtotal"), last_amount(answer, "correct total")
    units = last[1] - first[1] if first and last else None
    period = (last[0] - first[0]).days if first and last else None
    return {
        "order": len(found) >= 2 and [day for day, _ in found] == sorted(day for day, _ in found),
        "usage": bool(used) and int(used[-1].replace(",", "")) == units,
        "days": days is not None and int(days.group(0)) == period,
        "energy": units is not None and last_amount(answer, energy_words) == hundredths(Decimal(units), unit),
        "standing": period is not None and last_amount(answer, standing_words) == hundredths(Decimal(period), daily),
        "tax": subtotal is not None and last_amount(answer, tax_words) == hundredths(subtotal, tax),
        "difference": total is not None and error(answer) == check.bill - total,
        "estimated": re.search(rf"\b{check.estimate.replace(',', '')}\b", answer.replace(",", "")) is not None,
        "no_advice": ADVICE.search(answer) is None,
    }


def candidates(rng: random.Random, check: Check, answer: str) -> list[Criterion]:
    rate, standing, tax, bill = check.words
    values = {
        "rate": rate,
        "standing": standing,
        "tax": tax,
        "percent": check.rates[2],
        "bill": bill,
        "estimate": check.estimate,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(check, answer).items()
    ]


SWITCHES = ("order", "usage", "days", "energy", "standing", "tax", "difference", "estimated", "no_advice")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, CHECKS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Payslip family (fresh19): the monthly payslip a task asks a payroll clerk to write out for one employee (a garden
centre's as Markdown tables, a bike shop's earnings statement as bullets, a food maker's in a fenced block, a café's
as plain lines), with the payments (basic pay, overtime at time and a half, an allowance) and the gross pay, the
itemised deductions, their total and the net pay, the employer's pension contribution, the gross pay to date, the pay
date and the account paid into, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh19`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the payslip written right and then changed by switches: the payments before the deductions or after
them, the overtime's hours times time and a half its amount or the hours mistyped, the gross pay the sum of the
payments or the allowance mistyped, the net pay the gross less the total deductions or not, the employer's pension
the task's percentage of the gross or not, the gross to date last month's plus this month's or not, the pay date the
task's rule gives or another, the account shown by its last digits or in full, and every deduction on its own line or
two run together. Every truth is read from the text: the payments are the lines with an amount from the first line
opening `Payments` or `Earnings` to the first opening `Gross` (with no `to date`), whose last amount is the gross; the
deductions the lines with an amount from the one opening `Deductions` to the one opening `Total deductions`; the net
pay the last amount on the first line opening `Net pay`; the overtime's hours the first number on its line that is not
an amount; the pension the last amount on the first line with `employer`; the gross to date the last amount on the
first line with `to date`; the pay date the first date on the first line with `pay date`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import (
    MONEY,
    Criterion,
    JudgeCase,
    date_in,
    money,
    pick_wording,
    slipped,
    swap_spans,
    switched_cases,
)

FAMILY = "payslip"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?)(?![\w.])")
LEAD = re.compile(r"^[\s|*#>_-]*")
TO_DATE = re.compile(r"to[- ]date", re.I)
CENT = Decimal("0.01")


@dataclass(frozen=True)
class Payslip:
    task: str
    text: str
    """The answer written right."""
    name: str
    rate: str
    """The hourly rate; overtime is paid at one and a half times it."""
    pension: Decimal
    """The employer's pension contribution, in percent of gross pay."""
    before: str
    """The gross pay to date before this month."""
    paid: tuple[int, int, int | None, str]
    """(year, month, the day of the month pay falls on or None for the last weekday, the rule in words); a day at a
    weekend moves to the weekday before."""
    account: tuple[str, str]
    """(the full number the task gives, which the payslip should not show, what it is)."""
    deductions: tuple[str, ...]
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


FERNSIDE = """# Payslip: Hannah Price, June 2025

Fernside Garden Centre Ltd · Employee no. 0142 · Tax code 1257L
Pay date: 30 June 2025 · Paid to account ending 5521

### Payments
| Item | Hours | Rate | Amount |
|---|---:|---:|---:|
| Basic pay | 152 | £13.20 | £2,006.40 |
| Overtime (time and a half) | 9 | £19.80 | £178.20 |
| Travel allowance | | | £36.00 |
| **Gross pay** | | | **£2,220.60** |

### Deductions
| Item | Amount |
|---|---:|
| Income tax | £234.60 |
| National Insurance | £93.80 |
| Pension (employee, 5%) | £111.03 |
| **Total deductions** | **£439.43** |

**Net pay: £1,781.17**

Employer pension contribution (3% of gross pay): £66.62
Gross pay to date (tax year 2025/26): £6,531.00"""

LAKESHORE = """**Lakeshore Bike Co. · Earnings statement**
- Employee: Marcus Reed, ID E-20417, SSN XXX-XX-3307
- Pay period: 2025-07-01 to 2025-07-31
- Pay date: 2025-07-31

**Earnings**
- Regular: 176 h × $24.00 = $4,224.00
- Overtime: 6 h × $36.00 = $216.00
- Tool allowance: $50.00
- **Gross pay: $4,490.00**

**Deductions**
- Federal income tax: $412.30
- Social Security (6.2%): $278.38
- Medicare (1.45%): $65.11
- Illinois income tax (4.95%): $222.26
- **Total deductions: $978.05**

**Net pay: $3,511.95** (direct deposit)

- Employer 401(k) match (4% of gross): $179.60
- Year-to-date gross pay: $31,370.00"""

SHANNON = """Here is the payslip as fixed-width text:

```text
SHANNON VALLEY FOODS LTD                              PAYSLIP
Employee: Aoife Brennan        No. 0388          Period: October 2025
Pay date: 24 Oct 2025          Paid to IBAN ending 5678

EARNINGS                       Hours      Rate         Amount
Basic pay                      163.0    €17.50      €2,852.50
Overtime (time and a half)       8.0    €26.25        €210.00
Shift premium                                         €120.00
GROSS PAY                                           €3,182.50

DEDUCTIONS
PAYE income tax                                       €318.42
USC                                                    €62.17
PRSI                                                  €130.48
TOTAL DEDUCTIONS                                      €511.07

NET PAY                                             €2,671.43

Employer pension contribution, 6% of gross            €190.95
Gross pay year to date                             €31,496.50
```"""

SALTBUSH = """Payslip for Liam Nguyen, Saltbush Café Pty Ltd, August 2025
Pay date: 29 August 2025, into account ending 4671
Earnings
Ordinary hours: 152 h at $31.40 = $4,772.80
Overtime at time and a half: 5 h at $47.10 = $235.50
Laundry allowance: $18.60
Gross pay: $5,026.90
Deductions
PAYG tax withheld: $1,004.00
Union fees: $42.50
Total deductions: $1,046.50
Net pay: $3,980.40
Employer superannuation (12% of gross pay): $603.23
Gross pay year to date: $10,007.10"""

PAYSLIPS = (
    Payslip(
        "Write Hannah Price's June 2025 payslip for Fernside Garden Centre Ltd (employee 0142, tax code 1257L) with "
        "Markdown tables, payments first, then deductions, then net pay. She worked 152 basic hours at £13.20 and 9 "
        "overtime hours at time and a half, plus a £36.00 travel allowance. Deductions: income tax £234.60, National "
        "Insurance £93.80 and her 5% pension, £111.03, each on its own line. Show our 3% employer pension contribution "
        "on gross pay and her gross pay to date; April and May came to £4,310.40. We pay on the last working day of "
        "the month. Her account is 73015521 at Lloyds: show only the last four digits.",
        FERNSIDE,
        "Fernside",
        "£13.20",
        Decimal(3),
        "£4,310.40",
        (2025, 6, None, "the last working day of June 2025"),
        ("73015521", "account number"),
        ("income tax", "National Insurance", "pension"),
        (
            swap_spans(FERNSIDE, "### Payments", "### Deductions", "**Net pay"),
            ("overtime", "| 9 | £19.80 |", "| 8 | £19.80 |"),
            ("gross", "| £36.00 |", "| £63.00 |"),
            ("net", "£1,781.17", "£1,718.17"),
            ("pension", "£66.62", "£44.41"),
            ("to_date", "£6,531.00", "£6,513.00"),
            ("pay_date", "Pay date: 30 June 2025", "Pay date: 27 June 2025"),
            ("masked", "account ending 5521", "account 73015521"),
            ("itemised", "| Income tax | £234.60 |\n| National Insurance | £93.80 |", "| Tax and NI | £328.40 |"),
        ),
    ),
    Payslip(
        "Make Marcus Reed's July 2025 earnings statement for Lakeshore Bike Co. as bullet points: earnings, then "
        "deductions, then net pay. ISO dates. 176 regular hours at $24.00, 6 overtime hours at time and a half, and "
        "the $50.00 tool allowance. Deductions, one bullet each: federal income tax $412.30, Social Security $278.38, "
        "Medicare $65.11, Illinois income tax $222.26. Add our 401(k) match of 4% of gross and his year-to-date gross "
        "(January to June: $26,880.00). Payday is the last business day of the month. His SSN is 512-48-3307; mask "
        "all but the last four digits.",
        LAKESHORE,
        "Lakeshore",
        "$24.00",
        Decimal(4),
        "$26,880.00",
        (2025, 7, None, "the last business day of July 2025"),
        ("512-48-3307", "Social Security number"),
        ("federal income tax", "Social Security", "Medicare", "Illinois income tax"),
        (
            swap_spans(LAKESHORE, "**Earnings**", "**Deductions**", "**Net pay"),
            ("overtime", "6 h × $36.00", "8 h × $36.00"),
            ("gross", "Tool allowance: $50.00", "Tool allowance: $75.00"),
            ("net", "$3,511.95", "$3,519.15"),
            ("pension", "$179.60", "$134.70"),
            ("to_date", "$31,370.00", "$31,730.00"),
            ("pay_date", "Pay date: 2025-07-31", "Pay date: 2025-08-01"),
            ("masked", "SSN XXX-XX-3307", "SSN 512-48-3307"),
            ("itemised", "- Social Security (6.2%): $278.38\n- Medicare (1.45%): $65.11", "- FICA: $343.49"),
        ),
    ),
    Payslip(
        "Payslip for Aoife Brennan (employee 0388) at Shannon Valley Foods Ltd for October 2025, as fixed-width text "
        "in a code block, earnings before deductions. 163 basic hours at €17.50, 8 overtime hours at time and a half, "
        "and a €120.00 shift premium. Deductions, a line each: PAYE €318.42, USC €62.17, PRSI €130.48. Show the "
        "employer's 6% pension contribution on gross pay and the gross pay for the year to date (January to September: "
        "€28,314.00). Pay day is the 25th, or the weekday before when the 25th falls at a weekend. Her IBAN is IE29 AIBK "
        "9311 5212 3456 78; print only its last four digits.",
        SHANNON,
        "Shannon Valley",
        "€17.50",
        Decimal(6),
        "€28,314.00",
        (2025, 10, 25, "the 25th, or the weekday before when it falls at a weekend"),
        ("IE29 AIBK 9311 5212 3456 78", "IBAN"),
        ("PAYE", "USC", "PRSI"),
        (
            swap_spans(SHANNON, "EARNINGS", "DEDUCTIONS", "NET PAY"),
            ("overtime", "8.0    €26.25", "7.5    €26.25"),
            ("gross", "€120.00", "€102.00"),
            ("net", "€2,671.43", "€2,617.43"),
            ("pension", "€190.95", "€171.15"),
            ("to_date", "€31,496.50", "€31,946.50"),
            ("pay_date", "Pay date: 24 Oct 2025", "Pay date: 25 Oct 2025"),
            ("masked", "IBAN ending 5678", "IBAN IE29 AIBK 9311 5212 3456 78"),
            (
                "itemised",
                "USC                                                    €62.17\nPRSI                                                  €130.48",
                "USC and PRSI                                          €192.65",
            ),
        ),
    ),
    Payslip(
        "Plain lines, no tables or bullets: Liam Nguyen's August 2025 payslip from Saltbush Café Pty Ltd, earnings "
        "first, then deductions, then net pay. 152 ordinary hours at $31.40, 5 overtime hours at time and a half and a "
        "$18.60 laundry allowance. Deductions, one line each: PAYG tax withheld $1,004.00 and union fees $42.50. Show "
        "employer superannuation at 12% of gross pay and his gross pay year to date (July was $4,980.20). We pay on "
        "the last weekday of the month. He's paid into account 159284671 (BSB 633-000); show only the last four "
        "digits.",
        SALTBUSH,
        "Saltbush",
        "$31.40",
        Decimal(12),
        "$4,980.20",
        (2025, 8, None, "the last weekday of August 2025"),
        ("159284671", "account number"),
        ("PAYG tax", "union fees"),
        (
            swap_spans(SALTBUSH, "Earnings\n", "Deductions\n", "Net pay"),
            ("overtime", "5 h at $47.10", "6 h at $47.10"),
            ("gross", "$18.60", "$16.80"),
            ("net", "$3,980.40", "$3,908.40"),
            ("pension", "$603.23", "$572.74"),
            ("to_date", "$10,007.10", "$10,070.10"),
            ("pay_date", "Pay date: 29 August 2025", "Pay date: 31 August 2025"),
            ("masked", "account ending 4671", "account 159284671"),
            ("itemised", "PAYG tax withheld: $1,004.00\nUnion fees: $42.50", "PAYG tax and union fees: $1,046.50"),
        ),
    ),
)


def build(slip: Payslip, on: dict[str, bool]) -> str:
    return slipped(slip.text, slip.slips, on, slip.name)


# Reading a payslip ------------------------------------------------------------------------------------


def opening(lines: list[str], *words: str) -> int | None:
    """The index of the first line opening with one of `words` (after Markdown marks), not a to-date line."""
    return next(
        (i for i, s in enumerate(lines) if LEAD.sub("", s).lower().startswith(words) and not TO_DATE.search(s)), None
    )


def block(answer: str, first: tuple[str, ...], last: tuple[str, ...]) -> tuple[list[Decimal], Decimal] | None:
    """(the last amount of each line with one from the line opening with `first` up to the one opening with
    `last`, and that closing line's last amount), or None when either line is missing."""
    lines = answer.splitlines()
    start, end = opening(lines, *first), opening(lines, *last)
    if start is None or end is None or end < start or not money(lines[end]):
        return None
    return [money(s)[-1] for s in lines[start:end] if money(s)], money(lines[end])[-1]


def last_amount(answer: str, needle: re.Pattern[str]) -> Decimal | None:
    line = next((s for s in answer.splitlines() if needle.search(s) and money(s)), "")
    return money(line)[-1] if line else None


def pay_day(slip: Payslip) -> date:
    year, month, day, _ = slip.paid
    if day is None:
        day_after = date(year + month // 12, month % 12 + 1, 1)
        when = day_after - timedelta(days=1)
    else:
        when = date(year, month, day)
    while when.weekday() > 4:
        when -= timedelta(days=1)
    return when


def overtime_right(answer: str, slip: Payslip) -> bool:
    line = next((s for s in answer.splitlines() if "overtime" in s.lower() and money(s)), "")
    hours = NUMBER.search(MONEY.sub(" ", line))
    return hours is not None and Decimal(hours.group(1)) * money(slip.rate)[0] * Decimal("1.5") == money(line)[-1]


WORDINGS = {
    "order": (
        "Lists the payments before the deductions",
        "The earnings section comes first and the deductions after it",
    ),
    "overtime": (
        "The overtime amount is the overtime hours at one and a half times the {rate} rate",
        "Pays the overtime hours at time and a half, worked out correctly",
    ),
    "gross": ("Gross pay is the sum of the payment lines", "The gross pay adds up every item of pay listed"),
    "net": ("Net pay equals gross pay minus the total deductions", "Works out the net pay correctly from the gross"),
    "pension": (
        "The employer's pension contribution is {pension}% of gross pay",
        "Shows an employer pension contribution of exactly {pension}% of the gross",
    ),
    "to_date": (
        "The gross pay to date is {before} plus this month's gross",
        "Gets the year-to-date gross right, adding this month to the {before} before it",
    ),
    "pay_date": ("The pay date is {rule}", "Pays on {rule}, as the task's rule requires"),
    "masked": (
        "Does not show the full {number}, only its last four digits",
        "Masks the {number} apart from the last four digits",
    ),
    "itemised": (
        "Lists each of the {n} deductions on a line of its own",
        "Itemises the deductions separately: {names}",
    ),
}
"""Two wordings of each kind of criterion, filled from the payslip."""


def truths(slip: Payslip, answer: str) -> dict[str, bool]:
    lines = answer.splitlines()
    payments = block(answer, ("payments", "earnings"), ("gross",))
    deductions = block(answer, ("deductions",), ("total deductions",))
    first, second = opening(lines, "payments", "earnings"), opening(lines, "deductions")
    net = money(lines[i])[-1:] if (i := opening(lines, "net pay")) is not None else []
    gross = payments[1] if payments else None
    pension, to_date = last_amount(answer, re.compile("employer", re.I)), last_amount(answer, TO_DATE)
    paid = date_in(next((s for s in lines if "pay date" in s.lower()), ""))
    return {
        "order": first is not None and second is not None and first < second,
        "overtime": overtime_right(answer, slip),
        "gross": payments is not None and sum(payments[0], Decimal(0)) == payments[1],
        "net": gross is not None and deductions is not None and net == [gross - deductions[1]],
        "pension": gross is not None and pension == (gross * slip.pension / 100).quantize(CENT, ROUND_HALF_UP),
        "to_date": gross is not None and to_date == money(slip.before)[0] + gross,
        "pay_date": paid == pay_day(slip),
        "masked": re.sub(r"\W", "", slip.account[0]) not in re.sub(r"\W", "", answer),
        "itemised": deductions is not None and len(deductions[0]) == len(slip.deductions),
    }


def candidates(rng: random.Random, slip: Payslip, answer: str) -> list[Criterion]:
    values = {
        "rate": slip.rate,
        "pension": slip.pension,
        "before": slip.before,
        "rule": slip.paid[3],
        "n": len(slip.deductions),
        "names": ", ".join(slip.deductions),
        "number": slip.account[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(slip, answer).items()
    ]


SWITCHES = ("order", "overtime", "gross", "net", "pension", "to_date", "pay_date", "masked", "itemised")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, PAYSLIPS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

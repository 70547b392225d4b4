"""Loan schedule family (fresh13): the summary and first months' amortization schedule of the loan a
task describes (a car loan, a personal loan, a 30-year mortgage, a bakery's equipment loan), with
the amount, the annual and the monthly rate, the term, the monthly payment, the total interest, the
first and last payment dates and a row a month of interest, principal and balance, a kind of
answer no grader was run on while any of its rules was written. Run only as `--set fresh13`, never
in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the summary (bullets, labelled lines or a two-column table) and the schedule (a table
whose headings name the month, interest, principal or capital and balance, or `Month N:` bullets),
written right and then changed by switches: a monthly payment the annuity formula gives or not (a
flat-rate figure, transposed digits), a first month's interest that is the amount times the
monthly rate or not (a daily rate, a year's interest), every balance the one before less the
month's principal or one off, a total interest right for the term or not, rows for exactly the
months asked or one fewer or one more, a last payment date the term's number of payments from the
first or a month late, every amount in the schedule to the cent or one not (the same value), a
monthly rate that is the annual rate over twelve or not, and no fee or insurance charged or one.
Every truth is read from the text: the summary's figures from the lines they are labelled on, the
rows from the table by its headings or from the bullets by pattern, amounts by pattern; the payment
is checked against P·r/(1-(1+r)^-n) to the cent, the total interest to a cent a payment (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import Decimal

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "loan_schedule"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
MONEY = re.compile(r"[$€£]?\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?")
CENTS = re.compile(r"[$€£]?\s?(?:\d{1,3}(?:,\d{3})+|\d+)\.\d{2}")
PERCENT = re.compile(r"(\d+(?:\.(\d+))?)\s?%")
SEPARATOR = re.compile(r":?-{2,}:?")
COLUMNS = (
    ("month", r"month|^#$|^no\.?$"),
    ("interest", r"interest"),
    ("principal", r"principal|capital"),
    ("balance", r"balance"),
    ("payment", r"payment"),
)
BULLET = re.compile(r"^\s*[-*]\s+(?:\*\*)?month\s+(\d+)\b", re.I)
FIELD = r"{}\s*:?\s*([$€£]?\s?[\d,]+(?:\.\d+)?)"
MONTH = r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
FEE = re.compile(r"\b(?:fees?|insurance|PMI)\b", re.I)
AMOUNT_LABELS = ("amount financed", "amount borrowed", "loan amount", "principal")
RATE_LABELS = ("interest rate", "annual rate", "rate", "apr")
LAST_LABELS = ("last payment", "final payment", "last repayment", "final repayment")


@dataclass(frozen=True)
class Loan:
    task: str
    text: str
    """The answer written right."""
    rows: int
    """How many months the task asks the schedule to show."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


@dataclass(frozen=True)
class Row:
    month: int
    interest: Decimal
    principal: Decimal
    balance: Decimal
    amounts: tuple[str, ...]
    """The row's money figures as written."""


LOANS = (
    Loan(
        "I'm financing a car: $18,000 at 6.9% APR over 60 months, first payment on 1 March 2026. Can you give me a "
        "loan summary (monthly payment, monthly rate, total interest, the date of the last payment) and an "
        "amortization table for the first 6 months? Leave out fees and insurance.",
        """## Loan summary

- **Amount financed:** $18,000.00
- **Interest rate:** 6.9% APR, fixed
- **Term:** 60 months (5 years)
- **Monthly rate:** 6.9% ÷ 12 = 0.575%
- **Monthly payment:** $355.57
- **Total interest:** $3,334.39
- **First payment:** 1 March 2026
- **Last payment:** 1 February 2031

The payment comes from M = P × r / (1 − (1 + r)^−n) with P = 18,000, r = 0.00575 and n = 60.
No fees or insurance are included.

## First 6 months

| Month | Payment | Interest | Principal | Balance |
|---:|---:|---:|---:|---:|
| 1 | $355.57 | $103.50 | $252.07 | $17,747.93 |
| 2 | $355.57 | $102.05 | $253.52 | $17,494.41 |
| 3 | $355.57 | $100.59 | $254.98 | $17,239.43 |
| 4 | $355.57 | $99.13 | $256.44 | $16,982.99 |
| 5 | $355.57 | $97.65 | $257.92 | $16,725.07 |
| 6 | $355.57 | $96.17 | $259.40 | $16,465.67 |

Each month's interest is the previous balance × 0.575%; the rest of the payment goes to principal.""",
        6,
        (
            ("payment", "**Monthly payment:** $355.57", "**Monthly payment:** $355.75"),
            ("first_interest", "| 1 | $355.57 | $103.50 |", "| 1 | $355.57 | $1,242.00 |"),
            ("balances", "$17,239.43", "$17,293.43"),
            ("total_interest", "**Total interest:** $3,334.39", "**Total interest:** $3,343.39"),
            ("rows", "| $16,465.67 |", "| $16,465.67 |\n| 7 | $355.57 | $94.68 | $260.89 | $16,204.78 |"),
            ("payoff", "**Last payment:** 1 February 2031", "**Last payment:** 1 March 2031"),
            ("cents", "$259.40 |", "$259.4 |"),
            ("monthly_rate", "= 0.575%", "= 0.0575%"),
            ("no_fees", "No fees or insurance are included.", "A dealer documentation fee of $499.00 is added."),
        ),
    ),
    Loan(
        "Personal loan of €12,000 at 7.5% a year, repaid monthly over 3 years starting 15 February 2026. Please "
        "summarise it (monthly payment, the monthly rate, total interest, last payment date), then list the first 4 "
        "months with interest, principal and balance. No fees or payment protection insurance.",
        """Here's how the €12,000 loan works out.

**Summary**
Loan amount: €12,000.00
Rate: 7.5% a year (fixed)
Term: 3 years = 36 monthly payments
Monthly interest rate: 7.5% / 12 = 0.625%
Monthly payment: €373.27
Total interest: €1,437.91
First payment: 2026-02-15
Final payment: 2029-01-15

**First 4 months**
- Month 1: interest €75.00, principal €298.27, balance €11,701.73
- Month 2: interest €73.14, principal €300.13, balance €11,401.60
- Month 3: interest €71.26, principal €302.01, balance €11,099.59
- Month 4: interest €69.37, principal €303.90, balance €10,795.69

There are no fees and no payment protection insurance in these figures.""",
        4,
        (
            ("payment", "Monthly payment: €373.27", "Monthly payment: €408.33"),
            ("first_interest", "Month 1: interest €75.00", "Month 1: interest €73.97"),
            ("balances", "€11,099.59", "€11,009.59"),
            ("total_interest", "Total interest: €1,437.91", "Total interest: €2,700.00"),
            ("rows", "\n- Month 4: interest €69.37, principal €303.90, balance €10,795.69", ""),
            ("payoff", "Final payment: 2029-01-15", "Final payment: 2029-02-15"),
            ("cents", "€11,401.60", "€11,401.6"),
            ("monthly_rate", "= 0.625%", "= 0.75%"),
            (
                "no_fees",
                "There are no fees and no payment protection insurance in these figures.",
                "Payment protection insurance adds €18.50 to each payment.",
            ),
        ),
    ),
    Loan(
        "Mortgage question: $320,000 borrowed at 6.25% fixed for 30 years, first payment August 2026. What's the "
        "monthly payment, the monthly rate, total interest over the life of the loan and when is it paid off? Show "
        "the first 3 months of the amortization schedule. Principal and interest only: no taxes, fees or mortgage "
        "insurance.",
        """### Your mortgage at a glance

| | |
|---|---|
| Principal | $320,000.00 |
| Interest rate | 6.25% fixed |
| Term | 30 years (360 payments) |
| Monthly rate | 0.5208% (6.25% ÷ 12) |
| Monthly payment (P&I) | $1,970.30 |
| Total interest | $389,303.05 |
| First payment | August 2026 |
| Last payment | July 2056 |

Taxes, homeowners insurance and PMI are left out: these figures are principal and interest only.

#### First 3 months

| Month | Date | Payment | Interest | Principal | Balance |
|---|---|---|---|---|---|
| 1 | Aug 2026 | $1,970.30 | $1,666.67 | $303.63 | $319,696.37 |
| 2 | Sep 2026 | $1,970.30 | $1,665.09 | $305.21 | $319,391.16 |
| 3 | Oct 2026 | $1,970.30 | $1,663.50 | $306.80 | $319,084.36 |

In month 1 only $303.63 of the payment reduces the balance; the share grows every month.""",
        3,
        (
            ("payment", "| Monthly payment (P&I) | $1,970.30 |", "| Monthly payment (P&I) | $1,907.30 |"),
            ("first_interest", "| $1,666.67 | $303.63 |", "| $1,643.84 | $303.63 |"),
            ("balances", "$319,391.16", "$319,931.16"),
            ("total_interest", "| Total interest | $389,303.05 |", "| Total interest | $600,000.00 |"),
            ("rows", "\n| 3 | Oct 2026 | $1,970.30 | $1,663.50 | $306.80 | $319,084.36 |", ""),
            ("payoff", "| Last payment | July 2056 |", "| Last payment | August 2056 |"),
            ("cents", "| 2 | Sep 2026 | $1,970.30 |", "| 2 | Sep 2026 | $1,970.3 |"),
            ("monthly_rate", "| 0.5208% (", "| 0.5028% ("),
            (
                "no_fees",
                "Taxes, homeowners insurance and PMI are left out: these figures are principal and interest only.",
                "Add PMI (mortgage insurance) of $133.33 a month until you reach 20% equity.",
            ),
        ),
    ),
    Loan(
        "Our bakery is borrowing £45,000 for a new oven: 8.4% a year, 48 monthly repayments, the first on 10 May "
        "2026. Please write a short loan summary (repayment, monthly rate, total interest, final repayment date) and "
        "a repayment table for the first 5 months. We pay no arrangement fee.",
        """# Equipment loan: deck oven

* Amount borrowed: £45,000.00
* Annual rate: 8.4% (fixed)
* Term: 48 months
* Monthly rate: 8.4% / 12 = 0.7%
* Monthly repayment: £1,107.05
* Total interest: £8,138.47
* First repayment: 10 May 2026
* Final repayment: 10 April 2030

How it's worked out: repayment = 45,000 × 0.007 / (1 − 1.007^−48) = £1,107.05.
Nothing else is charged: no arrangement fee, no insurance.

## Repayment schedule, months 1–5

| No. | Interest (£) | Capital repaid (£) | Balance left (£) |
|---|---|---|---|
| 1 | 315.00 | 792.05 | 44,207.95 |
| 2 | 309.46 | 797.59 | 43,410.36 |
| 3 | 303.87 | 803.18 | 42,607.18 |
| 4 | 298.25 | 808.80 | 41,798.38 |
| 5 | 292.59 | 814.46 | 40,983.92 |""",
        5,
        (
            ("payment", "Monthly repayment: £1,107.05", "Monthly repayment: £1,252.50"),
            ("first_interest", "| 1 | 315.00 |", "| 1 | 310.68 |"),
            ("balances", "43,410.36", "43,401.36"),
            ("total_interest", "Total interest: £8,138.47", "Total interest: £8,318.47"),
            ("rows", "\n| 5 | 292.59 | 814.46 | 40,983.92 |", ""),
            ("payoff", "Final repayment: 10 April 2030", "Final repayment: 10 May 2030"),
            ("cents", "808.80", "808.8"),
            ("monthly_rate", "= 0.7%", "= 0.07%"),
            (
                "no_fees",
                "Nothing else is charged: no arrangement fee, no insurance.",
                "An arrangement fee of £450.00 is added to the first repayment.",
            ),
        ),
    ),
)


def build(loan: Loan, on: dict[str, bool]) -> str:
    return slipped(loan.text, loan.slips, on, f"{loan.rows} rows")


# Reading a loan ---------------------------------------------------------------------------------


def amount(text: str) -> Decimal | None:
    """The first amount in `text` (thousands commas dropped)."""
    match = MONEY.search(text)
    return Decimal(f"{match.group(1).replace(',', '')}.{match.group(2) or '0'}") if match else None


def labelled(answer: str, labels: tuple[str, ...]) -> str:
    """The rest of the first line whose label (after any Markdown marks) starts with one of `labels`."""
    for line in answer.splitlines():
        if (bare := line.lstrip(" |*#>_-")).lower().startswith(labels):
            return bare
    return ""


def money(answer: str, labels: tuple[str, ...]) -> Decimal | None:
    """The first currency amount on the labelled line."""
    found = re.search(r"[$€£]\s?[\d,]+(?:\.\d+)?", labelled(answer, labels))
    return amount(found.group()) if found else None


def percent(text: str) -> tuple[Decimal, int] | None:
    """The first percentage in `text`, and how many decimals it is written with."""
    match = PERCENT.search(text)
    return (Decimal(match.group(1)), len(match.group(2) or "")) if match else None


def term(answer: str) -> int | None:
    """The term in months: a number of months or payments on the Term line, else its years times 12."""
    line = labelled(answer, ("term",))
    if found := re.search(r"(\d+)\s*(?:monthly\s+)?(?:months|payments|repayments)\b", line):
        return int(found.group(1))
    return int(found.group(1)) * 12 if (found := re.search(r"(\d+)\s*years?\b", line)) else None


def month_of(answer: str, labels: tuple[str, ...]) -> int | None:
    """The labelled line's date as a count of months (year × 12 + month)."""
    line = labelled(answer, labels)
    if iso := re.search(r"(\d{4})-(\d{2})-\d{2}", line):
        return int(iso.group(1)) * 12 + int(iso.group(2)) - 1
    name, year = re.search(MONTH, line, re.I), re.search(r"\b(?:19|20)\d{2}\b", line)
    return int(year.group()) * 12 + MONTHS.index(name.group(1).lower()) if name and year else None


def table_rows(answer: str) -> list[Row]:
    """The rows of every table whose headings name the month, interest, principal and balance."""
    out: list[Row] = []
    fields: dict[str, int] = {}
    previous: list[str] | None = None
    for line in answer.splitlines():
        if not line.strip().startswith("|"):
            fields, previous = {}, None
            continue
        cells = [c.strip(" *") for c in line.strip().strip("|").split("|")]
        if previous is not None and all(SEPARATOR.fullmatch(c) for c in cells):
            fields = {}
            for at, heading in enumerate(previous):
                field = next((f for f, words in COLUMNS if re.search(words, heading.lower())), None)
                if field and field not in fields:
                    fields[field] = at
        elif {"month", "interest", "principal", "balance"} <= set(fields) and len(cells) > max(fields.values()):
            written = tuple(cells[at] for f, at in fields.items() if f != "month")
            values = [amount(cells[fields[f]]) for f in ("interest", "principal", "balance")]
            if cells[fields["month"]].isdigit() and all(v is not None for v in values):
                out.append(Row(int(cells[fields["month"]]), *values, written))  # type: ignore[arg-type]
        previous = cells
    return out


def bullet_rows(answer: str) -> list[Row]:
    """Every `- Month N: interest X, principal Y, balance Z` bullet."""
    out: list[Row] = []
    for line in answer.splitlines():
        found = [re.search(FIELD.format(f), line, re.I) for f in ("interest", "principal", "balance")]
        if (month := BULLET.match(line)) and all(found):
            written = tuple(m.group(1) for m in found if m)
            out.append(Row(int(month.group(1)), *(amount(w) for w in written), written))  # type: ignore[arg-type]
    return out


def monthly_rate(answer: str) -> tuple[Decimal, int] | None:
    """The stated monthly rate: the percentage after the last `=` on its line, else its first."""
    line = labelled(answer, ("monthly rate", "monthly interest rate"))
    return percent(line.rpartition("=")[2] if "=" in line else line)


WORDINGS = {
    "payment": (
        "The monthly payment it states is right for the amount, rate and term",
        "Its monthly payment matches the standard amortization formula",
    ),
    "first_interest": (
        "The first month's interest is the loan amount times the monthly rate",
        "Month 1's interest equals one month of interest on the full amount borrowed",
    ),
    "balances": (
        "Each balance in the table is the previous balance minus that month's principal",
        "The remaining balance goes down by exactly the principal paid each month",
    ),
    "total_interest": (
        "The total interest it states is what the loan costs over its whole term",
        "Its total-interest figure is correct for the full term",
    ),
    "rows": (
        "The schedule shows exactly the first {rows} months",
        "Has schedule rows for months 1 to {rows} and no others",
    ),
    "payoff": (
        "The last payment date is right given the first payment date and the term",
        "Its final payment date fits {n} monthly payments from the first payment date",
    ),
    "cents": (
        "Every amount in the schedule is given to the cent",
        "All money figures in the amortization table show two decimal places",
    ),
    "monthly_rate": (
        "States the monthly rate as the annual rate divided by 12, correctly",
        "Its monthly interest rate is the annual rate over twelve",
    ),
    "no_fees": ("Does not add any fees or insurance to the loan", "Charges no fee or insurance on top of the loan"),
}
"""Two wordings of each kind of criterion, filled from the loan."""


def truths(loan: Loan, answer: str) -> dict[str, bool]:
    principal, months = money(answer, AMOUNT_LABELS), term(answer)
    annual = percent(labelled(answer, RATE_LABELS))
    rate = annual[0] / 1200 if annual else None
    exact = principal * rate / (1 - (1 + rate) ** -months) if principal and rate and months else None
    rows = table_rows(answer) or bullet_rows(answer)
    stated, total = money(answer, ("monthly payment", "monthly repayment")), money(answer, ("total interest",))
    first, last = month_of(answer, ("first payment", "first repayment")), month_of(answer, LAST_LABELS)
    balances = [principal, *(row.balance for row in rows)]
    monthly = monthly_rate(answer)
    cent = Decimal("0.01")
    return {
        "payment": exact is not None and stated is not None and abs(stated - exact) <= cent,
        "first_interest": bool(rows)
        and principal is not None
        and rate is not None
        and abs(rows[0].interest - principal * rate) <= cent,
        "balances": bool(rows)
        and principal is not None
        and all(abs(before - row.principal - row.balance) <= cent for before, row in zip(balances, rows)),
        "total_interest": exact is not None
        and total is not None
        and abs(total - (exact * months - principal)) <= cent * months,
        "rows": [row.month for row in rows] == list(range(1, loan.rows + 1)),
        "payoff": months is not None and first is not None and last is not None and last - first == months - 1,
        "cents": bool(rows) and all(CENTS.fullmatch(w) for row in rows for w in row.amounts),
        "monthly_rate": annual is not None
        and monthly is not None
        and abs(monthly[0] - annual[0] / 12) <= Decimal("0.5") * Decimal(10) ** -monthly[1],
        "no_fees": not any(FEE.search(line) and re.search(r"[$€£]\s?\d", line) for line in answer.splitlines()),
    }


def candidates(rng: random.Random, loan: Loan, answer: str) -> list[Criterion]:
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], rows=loan.rows, n=term(loan.text)), truth, kind, FAMILY)
        for kind, truth in truths(loan, answer).items()
    ]


SWITCHES = (
    "payment",
    "first_interest",
    "balances",
    "total_interest",
    "rows",
    "payoff",
    "cents",
    "monthly_rate",
    "no_fees",
)


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, LOANS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

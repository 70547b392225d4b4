"""Invoice family (fresh11): a freelancer's invoice for the work a task describes (a web developer's
hours, an illustrator's days, a consultant's hours, a language trainer's lessons), with line items
(quantity, unit price, line total), a subtotal, tax at the task's rate, issue and due dates, the
client's company, an invoice number quoted as the payment reference, the line items in date order
and the total quantity billed, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh11`, never in `all`, `new`, `docs`, `held` or an earlier fresh
set.

An answer is the invoice in Markdown (its items in a table or as bullets) or in plain text, written
right and then changed by switches: every line total its quantity times its unit price or one row's
price changed, a subtotal that is the line totals' sum or not, tax at the rate asked or at another,
a due date the task's number of days after the issue date or another, the client's company in the
billing block or only its contact person, no line item with a zero quantity or an unbilled one
added, the invoice number as the payment reference or a transposed one, the items in date order or
one dated out of order, and a stated total of hours (days, lessons) that is the quantities' sum or
not. Every truth is read from the text: the line items from the table's rows by their column
headings or from `quantity × price = total` lines, amounts and dates by pattern, and the subtotal,
tax, dates, invoice number and reference from the lines they are labelled on (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "invoice"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
MONEY = re.compile(r"[$€£]\s?(\d{1,3}(?:,\d{3})+|\d+)\.(\d{2})\b")
AMOUNT = r"[$€£]\s?[\d,]+\.\d{2}"
LINE = re.compile(
    rf"(?<![\d.])(\d+(?:\.\d+)?)\s*(?:[a-z]+\.?\s+)?[x×@]\s*({AMOUNT})(?:\s*/\s*[a-z]+)?\s*=\s*({AMOUNT})", re.I
)
SEPARATOR = re.compile(r":?-{2,}:?")
QUANTITY = re.compile(r"^\d+(?:\.\d+)?$")
MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
DATE = re.compile(
    r"\b(?:(?P<y>\d{4})-(?P<m>\d{2})-(?P<d>\d{2})"
    rf"|(?P<d2>\d{{1,2}})\s+(?P<m2>{MONTH})\.?(?:,?\s+(?P<y2>\d{{4}}))?"
    rf"|(?P<m3>{MONTH})\.?\s+(?P<d3>\d{{1,2}})(?:,?\s+(?P<y3>\d{{4}}))?)\b",
    re.IGNORECASE,
)
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
NUMBER = r"(?<![\w-])(#?[A-Z]{0,5}-?\d[\w-]*)"
HEADER = re.compile(rf"\binvoice\b\W*(?:no\.?|number)?\W*{NUMBER}", re.IGNORECASE)
REFERENCE = re.compile(rf"\b(?:reference|memo|quot(?:e|ing))\b[^\n]*?{NUMBER}", re.IGNORECASE)
COLUMNS = (("date", "date"), ("total", "amount|total"), ("price", "rate|price"), ("qty", r"qty|quantity|hours|days"))


@dataclass(frozen=True)
class Invoice:
    task: str
    text: str
    """The answer written right."""
    company: str
    tax: str
    """The tax's name (sales tax, VAT, GST)."""
    rate: int
    days: int
    """The payment terms: days from issue to due."""
    unit: str
    """What the quantities count (hours, days, lessons)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


@dataclass(frozen=True)
class Item:
    when: date | None
    qty: Decimal
    price: Decimal
    total: Decimal


INVOICES = (
    Invoice(
        "Draft invoice INV-2026-041 from me (Lena Ortiz, freelance web developer) to Brightline Dental Group, attn. "
        "Sam Park, 400 Harbor Ave, Portland OR. Issue date 2026-03-31, Net 30. Work: 3 March homepage redesign 14 h "
        "at $95/h; 10 March booking form integration 9 h at $95; 17 March accessibility fixes 6 h at $80; 24 March "
        "content migration 11 h at $70. Add 8% sales tax on the subtotal, give the total hours, and ask them to "
        "quote the invoice number as the payment reference.",
        """# Invoice

**Invoice no.:** INV-2026-041
**Issue date:** 2026-03-31
**Due date:** 2026-04-30

**From:** Lena Ortiz, freelance web developer, 18 Alder St, Portland OR 97205
**Bill to:** Brightline Dental Group, attn. Sam Park, 400 Harbor Ave, Portland OR 97204

| Date | Description | Hours | Rate | Amount |
|------|-------------|------:|-----:|-------:|
| 2026-03-03 | Homepage redesign | 14 | $95.00 | $1,330.00 |
| 2026-03-10 | Booking form integration | 9 | $95.00 | $855.00 |
| 2026-03-17 | Accessibility fixes | 6 | $80.00 | $480.00 |
| 2026-03-24 | Content migration | 11 | $70.00 | $770.00 |

Total hours: 40

**Subtotal:** $3,435.00
**Sales tax (8%):** $274.80
**Total due:** $3,709.80

**Payment terms:** Net 30, by bank transfer to Lena Ortiz, account 0012 4471 2290, routing 123000848.
Payment reference: INV-2026-041""",
        "Brightline Dental Group",
        "sales tax",
        8,
        30,
        "hours",
        (
            ("order", "| 2026-03-10 | Booking", "| 2026-03-01 | Booking"),
            ("line_totals", "| 6 | $80.00 | $480.00 |", "| 6 | $85.00 | $480.00 |"),
            ("no_zero", "$770.00 |", "$770.00 |\n| 2026-03-27 | Follow-up call | 0 | $95.00 | $0.00 |"),
            ("subtotal", "**Subtotal:** $3,435.00", "**Subtotal:** $3,345.00"),
            ("tax", "**Sales tax (8%):** $274.80", "**Sales tax (8%):** $343.50"),
            ("due", "**Due date:** 2026-04-30", "**Due date:** 2026-04-15"),
            ("client", "Brightline Dental Group, attn. Sam Park", "Sam Park"),
            ("reference", "Payment reference: INV-2026-041", "Payment reference: INV-2026-014"),
            ("units", "Total hours: 40", "Total hours: 38"),
        ),
    ),
    Invoice(
        "Invoice 2026-0117 for Hoekstra & Zonen B.V. (attn. Anouk Smit, Keizersgracht 12, Amsterdam) from Studio "
        "Kaap, Mira de Vries, illustrator. Dated 16 February 2026, payment within 14 days. Days worked: character "
        "sketches 2 days from 2 Feb, final illustrations 3 days from 4 Feb, both at EUR 420/day; cover layout 1.5 "
        "days from 9 Feb at 380; revisions 1 day on 11 Feb at 300. 21% VAT on the subtotal, total days, and the "
        "invoice number as the payment reference. Plain text please.",
        """INVOICE

Invoice number: 2026-0117
Date of issue: 16 February 2026
Due date: 2 March 2026

From: Studio Kaap, Mira de Vries, illustrator, Oudegracht 88, 3511 AV Utrecht
To:   Hoekstra & Zonen B.V., attn. Anouk Smit, Keizersgracht 12, 1015 CS Amsterdam

Work
2026-02-02  Character sketches        2 days    x €420.00 = €840.00
2026-02-04  Final illustrations       3 days    x €420.00 = €1,260.00
2026-02-09  Cover layout              1.5 days  x €380.00 = €570.00
2026-02-11  Revisions (two rounds)    1 day     x €300.00 = €300.00

Total days: 7.5

Subtotal            €2,970.00
VAT 21%             €623.70
Total due           €3,593.70

Payment within 14 days by bank transfer to NL91 ABNA 0417 1643 00 (M. de Vries).
Please quote 2026-0117 as your payment reference. Thank you!""",
        "Hoekstra & Zonen B.V.",
        "VAT",
        21,
        14,
        "days",
        (
            ("order", "2026-02-04  Final", "2026-01-28  Final"),
            ("line_totals", "1.5 days  x €380.00", "1.5 days  x €400.00"),
            ("no_zero", "= €300.00", "= €300.00\n2026-02-13  Print check               0 days    x €420.00 = €0.00"),
            ("subtotal", "Subtotal            €2,970.00", "Subtotal            €2,790.00"),
            ("tax", "VAT 21%             €623.70", "VAT 21%             €594.00"),
            ("due", "Due date: 2 March 2026", "Due date: 16 March 2026"),
            ("client", "Hoekstra & Zonen B.V., attn. Anouk Smit", "Anouk Smit"),
            ("reference", "Please quote 2026-0117", "Please quote 2026-0171"),
            ("units", "Total days: 7.5", "Total days: 8"),
        ),
    ),
    Invoice(
        "Write up invoice #1043 from Aisha Khan Consulting Ltd to Marlow & Finch Architects LLP (accounts contact "
        "Tom Reyes, 14 Cheapside, London). Issued 5 February 2026, due in 21 days. January work: 6 Jan data "
        "protection audit 6 h at £110; 13 Jan policy drafting 8.5 h at £110; 20 Jan staff training 4 h at £140; "
        "27 Jan supplier contract review 5 h at £95. VAT at 20%, total hours, and ask them to quote the invoice "
        "number when they pay. Markdown, items as a list.",
        """## Invoice #1043

Issued: 5 February 2026
Payment due: 26 February 2026 (21 days)

Billed to: **Marlow & Finch Architects LLP** (Accounts: Tom Reyes), 14 Cheapside, London EC2V 6AA
From: Aisha Khan Consulting Ltd, 3 Elm Row, Leeds LS1 4BT

### Services

- Jan 6 — Data protection audit: 6 h × £110.00 = £660.00
- Jan 13 — Policy drafting: 8.5 h × £110.00 = £935.00
- Jan 20 — Staff training session: 4 h × £140.00 = £560.00
- Jan 27 — Supplier contract review: 5 h × £95.00 = £475.00

Total hours: 23.5

Subtotal: £2,630.00
VAT at 20%: £526.00
**Amount due: £3,156.00**

Pay by BACS to Aisha Khan Consulting Ltd, sort code 20-45-77, account 43910022, quoting invoice #1043 as the
reference.""",
        "Marlow & Finch Architects LLP",
        "VAT",
        20,
        21,
        "hours",
        (
            ("order", "- Jan 13 —", "- Jan 3 —"),
            ("line_totals", "4 h × £140.00", "4 h × £150.00"),
            ("no_zero", "= £475.00", "= £475.00\n- Jan 30 — Follow-up email: 0 h × £110.00 = £0.00"),
            ("subtotal", "Subtotal: £2,630.00", "Subtotal: £2,360.00"),
            ("tax", "VAT at 20%: £526.00", "VAT at 20%: £552.30"),
            ("due", "Payment due: 26 February 2026 (21 days)", "Payment due: 5 March 2026 (28 days)"),
            ("client", "**Marlow & Finch Architects LLP** (Accounts: Tom Reyes)", "**Tom Reyes**"),
            ("reference", "quoting invoice #1043", "quoting invoice #1034"),
            ("units", "Total hours: 23.5", "Total hours: 25.5"),
        ),
    ),
    Invoice(
        "Invoice NT-0926 please, from Nadia Tran (language trainer, ABN 51 824 753 556) to Kestrel Freight Pty Ltd, "
        "attn. Dana Walsh (HR), 9 Wharf Rd, Fremantle WA. Issue date 30 September 2026, payment due in 14 days. "
        "September: group Business English lessons from 1 Sep, 4 at $180; one-to-one coaching from 8 Sep, 3 at $95; "
        "presentation skills workshop on 15 Sep, 1 at $450; writing clinic from 22 Sep, 2 at $110. Add 10% GST, "
        "state the total number of lessons, and give the invoice number as the payment reference. Table format.",
        """Here is the invoice, ready to send:

# Invoice NT-0926

- **Issue date:** 30 September 2026
- **Due date:** 14 October 2026
- **From:** Nadia Tran, language trainer, ABN 51 824 753 556
- **To:** Kestrel Freight Pty Ltd, attn. Dana Walsh (HR), 9 Wharf Rd, Fremantle WA 6160

| # | Date | Item | Qty | Unit price | Line total |
|---|------|------|----:|-----------:|-----------:|
| 1 | 2026-09-01 | Group lesson, Business English (90 min) | 4 | $180.00 | $720.00 |
| 2 | 2026-09-08 | One-to-one coaching (60 min) | 3 | $95.00 | $285.00 |
| 3 | 2026-09-15 | Presentation skills workshop (half day) | 1 | $450.00 | $450.00 |
| 4 | 2026-09-22 | Writing clinic (60 min) | 2 | $110.00 | $220.00 |

Total lessons: 10

- Subtotal: $1,675.00
- GST (10%): $167.50
- **Total due (AUD): $1,842.50**

Please pay by EFT to BSB 086-420, account 5532 1187. Reference: NT-0926""",
        "Kestrel Freight Pty Ltd",
        "GST",
        10,
        14,
        "lessons",
        (
            ("order", "| 2026-09-08 |", "| 2026-08-28 |"),
            ("line_totals", "| 2 | $110.00 | $220.00 |", "| 2 | $120.00 | $220.00 |"),
            ("no_zero", "| $220.00 |", "| $220.00 |\n| 5 | 2026-09-29 | Placement test review | 0 | $60.00 | $0.00 |"),
            ("subtotal", "Subtotal: $1,675.00", "Subtotal: $1,765.00"),
            ("tax", "GST (10%): $167.50", "GST (10%): $184.25"),
            ("due", "**Due date:** 14 October 2026", "**Due date:** 30 October 2026"),
            ("client", "Kestrel Freight Pty Ltd, attn. Dana Walsh (HR)", "Dana Walsh (HR)"),
            ("reference", "Reference: NT-0926", "Reference: NT-0629"),
            ("units", "Total lessons: 10", "Total lessons: 11"),
        ),
    ),
)


def build(invoice: Invoice, on: dict[str, bool]) -> str:
    return slipped(invoice.text, invoice.slips, on, invoice.company)


# Reading an invoice -----------------------------------------------------------------------------


def amounts(text: str) -> list[Decimal]:
    return [Decimal(f"{m.group(1).replace(',', '')}.{m.group(2)}") for m in MONEY.finditer(text)]


def date_in(text: str, year: int | None = None) -> date | None:
    """The first date written in `text` (ISO, "5 February 2026", "Jan 6"), its year `year` if it has none."""
    if not (m := DATE.search(text)):
        return None
    if m.group("y"):
        return date(int(m.group("y")), int(m.group("m")), int(m.group("d")))
    month, day, written = (m.group("m2"), m.group("d2"), m.group("y2")) if m.group("m2") else m.group("m3", "d3", "y3")
    found = int(written) if written else year
    return date(found, MONTHS.index(month[:3].lower()) + 1, int(day)) if found else None


def labelled(answer: str, labels: tuple[str, ...]) -> list[str]:
    """The lines whose label (after any Markdown marks) starts with one of `labels`."""
    return [line for line in answer.splitlines() if line.lstrip(" |*#>_-").lower().startswith(labels)]


def amount_of(answer: str, labels: tuple[str, ...]) -> Decimal | None:
    """The last amount on the first line labelled with one of `labels` that has one."""
    return next((found[-1] for line in labelled(answer, labels) if (found := amounts(line))), None)


def issued(answer: str) -> date | None:
    return next(
        (d for line in labelled(answer, ("issue date", "date of issue", "issued")) if (d := date_in(line))), None
    )


def cells_of(line: str) -> list[str] | None:
    return [c.strip() for c in line.strip().strip("|").split("|")] if line.strip().startswith("|") else None


def classify(header: list[str]) -> dict[str, int]:
    """Which column holds the date, quantity, unit price and line total, by its heading."""
    out: dict[str, int] = {}
    for at, heading in enumerate(header):
        kind = next((kind for kind, words in COLUMNS if re.search(words, heading, re.I)), None)
        if kind and kind not in out:
            out[kind] = at
    return out


def table_items(answer: str, year: int | None) -> list[Item]:
    """The rows of every Markdown table below a header that names a quantity, a price and a total."""
    out: list[Item] = []
    columns: dict[str, int] | None = None
    previous: list[str] | None = None
    for line in answer.splitlines():
        if (cells := cells_of(line)) is None:
            columns = previous = None
            continue
        if previous and all(SEPARATOR.fullmatch(c) for c in cells):
            columns = classify(previous)
        elif columns and {"qty", "price", "total"} <= set(columns) and len(cells) > max(columns.values()):
            qty, price, total = (
                cells[columns["qty"]],
                amounts(cells[columns["price"]]),
                amounts(cells[columns["total"]]),
            )
            when = date_in(cells[columns["date"]], year) if "date" in columns else None
            if QUANTITY.match(qty) and price and total:
                out.append(Item(when, Decimal(qty), price[0], total[0]))
        previous = cells
    return out


def items(answer: str) -> list[Item]:
    """The line items: a table's rows, or every `quantity × price = total` line."""
    year = found.year if (found := issued(answer)) else None
    out = table_items(answer, year)
    for line in answer.splitlines():
        if cells_of(line) is None and (m := LINE.search(line)):
            price, total = amounts(m.group(2))[0], amounts(m.group(3))[0]
            out.append(Item(date_in(line[: m.start()], year), Decimal(m.group(1)), price, total))
    return out


def invoice_number(answer: str) -> str | None:
    return next((m.group(1).lstrip("#").upper() for line in answer.splitlines() if (m := HEADER.search(line))), None)


def reference(answer: str) -> str | None:
    return next((m.group(1).lstrip("#").upper() for line in answer.splitlines() if (m := REFERENCE.search(line))), None)


def stated_units(answer: str, unit: str) -> Decimal | None:
    found = re.search(rf"total\s+{unit}\W*(\d+(?:\.\d+)?)", answer, re.IGNORECASE)
    return Decimal(found.group(1)) if found else None


WORDINGS = {
    "line_totals": (
        "Each line total equals the quantity times the unit price",
        "Every line item's amount is its quantity multiplied by its rate",
    ),
    "subtotal": (
        "The subtotal equals the sum of the line totals",
        "The stated subtotal is the line items' amounts added up",
    ),
    "tax": (
        "The {tax} is {rate}% of the sum of the line totals",
        "Charges {tax} at {rate}% of what the line items add up to",
    ),
    "due": ("The due date is {days} days after the issue date", "Payment falls due {days} days from the date of issue"),
    "client": ("Names the client's company, {company}", "The invoice is made out to {company}"),
    "no_zero": ("No line item has a zero quantity", "Every line item has a quantity above zero"),
    "reference": (
        "The payment reference it asks for is the invoice number",
        "The reference to quote when paying matches the invoice number",
    ),
    "order": ("The line items are in date order", "Line items are listed chronologically, earliest first"),
    "units": (
        "States the total {unit} billed, and it equals the sum of the line items' quantities",
        "The total number of {unit} given is the sum of the quantities billed",
    ),
}
"""Two wordings of each kind of criterion, filled from the invoice."""


def truths(invoice: Invoice, answer: str) -> dict[str, bool]:
    found = items(answer)
    summed = sum((item.total for item in found), Decimal(0))
    tax, subtotal = amount_of(answer, ("tax", "sales tax", "vat", "gst")), amount_of(answer, ("subtotal",))
    owed = (summed * invoice.rate / 100).quantize(Decimal("0.01"), ROUND_HALF_UP)
    start, due = (
        issued(answer),
        next((d for line in labelled(answer, ("due", "payment due")) if (d := date_in(line))), None),
    )
    dates = [item.when for item in found]
    return {
        "line_totals": bool(found) and all(abs(i.qty * i.price - i.total) < Decimal("0.01") for i in found),
        "subtotal": bool(found) and subtotal == summed,
        "tax": bool(found) and tax is not None and abs(tax - owed) <= Decimal("0.01"),
        "due": bool(start and due) and due - start == timedelta(days=invoice.days),
        "client": invoice.company in answer,
        "no_zero": bool(found) and all(item.qty > 0 for item in found),
        "reference": invoice_number(answer) is not None and reference(answer) == invoice_number(answer),
        "order": bool(found) and None not in dates and dates == sorted(dates),
        "units": bool(found) and stated_units(answer, invoice.unit) == sum((i.qty for i in found), Decimal(0)),
    }


def candidates(rng: random.Random, invoice: Invoice, answer: str) -> list[Criterion]:
    filled = {"tax": invoice.tax, "rate": invoice.rate, "days": invoice.days, "company": invoice.company}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled, unit=invoice.unit), truth, kind, FAMILY)
        for kind, truth in truths(invoice, answer).items()
    ]


SWITCHES = ("line_totals", "subtotal", "tax", "due", "client", "no_zero", "reference", "order", "units")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, INVOICES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

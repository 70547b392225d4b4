"""Data dictionary family (fresh12): the data dictionary of the table a task names (a web shop's
orders, a library's loans, a clinic's appointments, smart meter readings), every column with its
name, type, nullability, description and example value, a primary key statement and the row
count, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh12`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the dictionary in Markdown, its columns as a table's rows (whatever its headings are
called) or as one bullet a column with its fields set apart by `·`, written right and then changed
by switches: every column described or one description left out, the primary key marked not
nullable or nullable, every name in snake_case or one in camelCase, all the task's columns or one
left out, the money column of an exact type or a FLOAT, every DATE column's example an ISO date or
one written another way, the example of the column whose description lists its values one of them
or not, the primary key listed first or second, and the row count the task gives or its digits
swapped. Every truth is read from the text: the columns from the table's rows by its headings or
from the bullets' fields, the primary key from the line that names it, the row count by pattern,
the money column by its name and a float type by its name, and the allowed values from the
backquoted words after "one of" (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "data_dictionary"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SEPARATOR = re.compile(r":?-{2,}:?")
HEADINGS = (
    ("nullable", r"null"),
    ("type", r"type"),
    ("description", r"descr|meaning|defin"),
    ("example", r"example|sample"),
    ("name", r"column|field|name"),
)
FIELDS = ("name", "type", "nullable", "description", "example")
LISTED = re.compile(r"^\s*[-*]\s+\*\*([^*]+)\*\*\s*·\s*(.*)$")
PRIMARY = re.compile(r"primary key\W*(?:is\s+)?`?(\w+)", re.I)
ROWS = re.compile(r"\brows?(?:\s+count)?\W*(\d[\d,]*)|(\d[\d,]*)\s+rows\b", re.I)
SNAKE = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")
FLOAT = re.compile(r"\b(?:FLOAT\d*|DOUBLE|REAL)\b", re.I)
MONEY = re.compile(r"amount|price|fee|cost|total|balance|salary|charge", re.I)
NOT_NULL = re.compile(r"no|n|false|not null|required", re.I)
ISO = re.compile(r"\d{4}-\d{2}-\d{2}")
ALLOWED = re.compile(r"\bone of\b(.*)", re.I)


@dataclass(frozen=True)
class Table:
    task: str
    text: str
    """The answer written right."""
    columns: int
    rows: int
    key: str
    """The primary key column."""
    enum: str
    """The column whose description lists the values it may take."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


@dataclass(frozen=True)
class Column:
    name: str
    type: str
    nullable: str
    description: str
    example: str


def swap(first: str, second: str) -> tuple[str, str, str]:
    """The order switch's slip: the primary key's entry moved below the next one."""
    return ("order", f"{first}\n{second}", f"{second}\n{first}")


ORDER_ID = "| order_id | BIGINT | NO | Surrogate key, from the `orders_order_id_seq` sequence. | `1048576` |"
CUSTOMER_ID = (
    "| customer_id | BIGINT | NO | The customer who placed the order; references `customers.customer_id`. | `20417` |"
)
LOAN_ID = "- **loan_id** · INT UNSIGNED · nullable: no · Auto-increment number of the loan. · Example: `58213`"
MEMBER_ID = (
    "- **member_id** · INT UNSIGNED · nullable: no · Borrower; references `members.member_id`. · Example: `7702`"
)
VISIT_ID = (
    "| appointment_id | STRING | No | UUID given by the booking system. | `4f6c1e2a-9b1d-4c55-8e0a-2d7f3b9a1c44` |"
)
PATIENT_ID = "| patient_id | STRING | No | Pseudonymised patient key (joins `patients`). | `P-0093312` |"
READING_ID = "| reading_id | NUMBER(38,0) | NOT NULL | Unique id of the reading. | `880213377` |"
SHIPPED = "\n| shipped_at | TIMESTAMPTZ | YES | When the parcel left the warehouse; null until then. | `2026-11-29 14:05:00+00` |"
SOURCE = "\n| read_source | VARCHAR(10) | NULL | How the reading arrived (`smart`, `manual`), if known. | `smart` |"
METER_ID = "| meter_id | VARCHAR(16) | NOT NULL | Serial number of the meter. | `E19UK04417` |"

TABLES = (
    Table(
        "Write a data dictionary for our PostgreSQL `orders` table (schema `shop`). It has 8 columns: order_id, "
        "customer_id, status, order_date, total_amount, currency, shipped_at, coupon_code. For each column give its "
        "type, whether it is nullable, a description and an example value; state the primary key (order_id) and the "
        "row count, which was 1,284,650 on 30 November 2026. Markdown table please.",
        f"""# Data dictionary: `orders`

One row per customer order placed in the web shop (PostgreSQL, schema `shop`).

**Primary key:** `order_id`
**Row count:** 1,284,650 (as of 2026-11-30)

| Column | Type | Nullable | Description | Example |
|--------|------|----------|-------------|---------|
{ORDER_ID}
{CUSTOMER_ID}
| status | TEXT | NO | Where the order is: one of `pending`, `paid`, `shipped`, `cancelled`. | `paid` |
| order_date | DATE | NO | Day the order was placed, in the shop's time zone. | `2026-11-28` |
| total_amount | NUMERIC(12,2) | NO | Amount charged, tax included, in `currency`. | `149.90` |
| currency | CHAR(3) | NO | ISO 4217 currency code. | `EUR` |
{SHIPPED[1:]}
| coupon_code | VARCHAR(20) | YES | Code of the discount coupon used, if any. | `WINTER10` |""",
        8,
        1284650,
        "order_id",
        "status",
        (
            swap(ORDER_ID, CUSTOMER_ID),
            ("pk_not_null", "| order_id | BIGINT | NO |", "| order_id | BIGINT | YES |"),
            ("descriptions", "| ISO 4217 currency code. |", "|  |"),
            ("snake_case", "| coupon_code |", "| couponCode |"),
            ("count", SHIPPED, ""),
            ("money", "| total_amount | NUMERIC(12,2) |", "| total_amount | FLOAT |"),
            ("iso_dates", "| `2026-11-28` |", "| `28/11/2026` |"),
            ("enum", "| `paid` |", "| `complete` |"),
            ("rows", "1,284,650 (as", "1,248,650 (as"),
        ),
    ),
    Table(
        "Document the `loans` table of our library system (MySQL 8) as a data dictionary: its 8 columns are loan_id, "
        "member_id, isbn, loaned_on, due_on, returned_on, late_fee and loan_state. Type, nullable or not, what it "
        "means and an example for each; name the primary key, loan_id, and give the row count (48,210 rows on "
        "1 December 2026). A bullet list is fine, one line per column.",
        f"""## Data dictionary — `library.loans`

Every book loan at the Eastgate branches, one row per loan. MySQL 8, InnoDB.
The table holds 48,210 rows (count taken 1 December 2026), and its primary key is `loan_id`.

{LOAN_ID}
{MEMBER_ID}
- **isbn** · CHAR(13) · nullable: no · ISBN-13 of the book lent, digits only. · Example: `9780141439518`
- **loaned_on** · DATE · nullable: no · Day the book was checked out. · Example: `2026-11-03`
- **due_on** · DATE · nullable: no · Day it must be back: loaned_on plus 21 days. · Example: `2026-11-24`
- **returned_on** · DATE · nullable: yes · Day it came back; null while the book is out. · Example: `2026-11-20`
- **late_fee** · DECIMAL(6,2) · nullable: no · Fine charged in pounds, 0.00 if returned on time. · Example: `0.00`
- **loan_state** · VARCHAR(8) · nullable: no · State of the loan: one of `open`, `returned`, `lost`. · Example: `returned`""",
        8,
        48210,
        "loan_id",
        "loan_state",
        (
            swap(LOAN_ID, MEMBER_ID),
            ("pk_not_null", "**loan_id** · INT UNSIGNED · nullable: no", "**loan_id** · INT UNSIGNED · nullable: yes"),
            ("descriptions", " · ISBN-13 of the book lent, digits only.", ""),
            ("snake_case", "**due_on**", "**dueOn**"),
            (
                "count",
                "\n- **loaned_on** · DATE · nullable: no · Day the book was checked out. · Example: `2026-11-03`",
                "",
            ),
            ("money", "· DECIMAL(6,2) ·", "· FLOAT ·"),
            ("iso_dates", "Example: `2026-11-20`", "Example: `20 Nov 2026`"),
            ("enum", "· Example: `returned`", "· Example: `closed`"),
            ("rows", "48,210 rows", "42,810 rows"),
        ),
    ),
    Table(
        "Can you write the data dictionary for the BigQuery table `clinic.appointments`? 8 fields: appointment_id, "
        "patient_id, clinician_id, appointment_date, start_time, visit_type, copay_amount, cancel_reason. I need "
        "each field's type, nullability, meaning and a sample value, the primary key (appointment_id, not enforced "
        "by BigQuery) and how many rows it has: 362,904 at the last load on 1 December 2026.",
        f"""# `clinic.appointments` — data dictionary

BigQuery table, one row per booked appointment across the four clinics.

- Primary key: `appointment_id` (BigQuery does not enforce it; the loader checks it is unique)
- Rows: 362,904 at the last load (2026-12-01)

| Field | Data type | Null? | Meaning | Sample value |
|---|---|---|---|---|
{VISIT_ID}
{PATIENT_ID}
| clinician_id | STRING | No | Clinician seen; joins `staff.clinician_id`. | `C-114` |
| appointment_date | DATE | No | Day of the appointment. | `2026-10-07` |
| start_time | TIME | No | Local start time, 24-hour clock. | `14:30:00` |
| visit_type | STRING | No | Kind of visit: one of `new`, `follow_up`, `telehealth`. | `follow_up` |
| copay_amount | NUMERIC | No | Patient's co-payment in US dollars. | `25.00` |
| cancel_reason | STRING | Yes | Free-text reason if cancelled, else null. | `Patient unwell` |""",
        8,
        362904,
        "appointment_id",
        "visit_type",
        (
            swap(VISIT_ID, PATIENT_ID),
            ("pk_not_null", "| appointment_id | STRING | No |", "| appointment_id | STRING | Yes |"),
            ("descriptions", "| Clinician seen; joins `staff.clinician_id`. |", "|  |"),
            ("snake_case", "| start_time |", "| StartTime |"),
            (
                "count",
                "\n| cancel_reason | STRING | Yes | Free-text reason if cancelled, else null. | `Patient unwell` |",
                "",
            ),
            ("money", "| copay_amount | NUMERIC |", "| copay_amount | FLOAT64 |"),
            ("iso_dates", "| `2026-10-07` |", "| `10/07/2026` |"),
            ("enum", "| `follow_up` |", "| `followup` |"),
            ("rows", "Rows: 362,904", "Rows: 326,904"),
        ),
    ),
    Table(
        "Data dictionary for the Snowflake dataset ENERGY.PUBLIC.METER_READINGS, please: 8 columns (reading_id, "
        "meter_id, read_date, kwh_used, tariff_code, unit_price, is_estimated, read_source), each with type, "
        "nullable, description and an example. Say the primary key is reading_id and give the row count, "
        "9,876,540 as of 1 December 2026.",
        f"""### Data dictionary: `meter_readings`

Daily electricity readings from smart meters (Snowflake, `ENERGY.PUBLIC`).

| Column | Type | Nullable | Description | Example |
|:--|:--|:--|:--|:--|
{READING_ID}
{METER_ID}
| read_date | DATE | NOT NULL | Day the reading covers. | `2026-11-30` |
| kwh_used | DOUBLE | NOT NULL | Energy used that day, in kWh. | `11.42` |
| tariff_code | VARCHAR(4) | NOT NULL | Tariff on that day: one of `STD`, `E7`, `TOU`. | `E7` |
| unit_price | NUMBER(8,4) | NOT NULL | Price per kWh in GBP, VAT excluded. | `0.2450` |
| is_estimated | BOOLEAN | NOT NULL | True when the supplier estimated the reading. | `false` |
{SOURCE[1:]}

Primary key: `reading_id`. Row count: 9,876,540 as of 2026-12-01.""",
        8,
        9876540,
        "reading_id",
        "tariff_code",
        (
            swap(READING_ID, METER_ID),
            ("pk_not_null", "| reading_id | NUMBER(38,0) | NOT NULL |", "| reading_id | NUMBER(38,0) | NULL |"),
            ("descriptions", "| True when the supplier estimated the reading. |", "|  |"),
            ("snake_case", "| kwh_used |", "| kWhUsed |"),
            ("count", SOURCE, ""),
            ("money", "| unit_price | NUMBER(8,4) |", "| unit_price | FLOAT |"),
            ("iso_dates", "| `2026-11-30` |", "| `30.11.2026` |"),
            ("enum", "| `E7` |", "| `ECO7` |"),
            ("rows", "9,876,540", "9,867,540"),
        ),
    ),
)


def build(table: Table, on: dict[str, bool]) -> str:
    return slipped(table.text, table.slips, on, table.key)


# Reading a data dictionary ----------------------------------------------------------------------


def clean(cell: str) -> str:
    return cell.strip().strip("`*").strip()


def cells_of(line: str) -> list[str] | None:
    return [c.strip() for c in line.strip().strip("|").split("|")] if line.strip().startswith("|") else None


def classify(header: list[str]) -> dict[str, int]:
    """Which column of the table holds each field, by its heading."""
    out: dict[str, int] = {}
    for at, heading in enumerate(header):
        field = next((field for field, words in HEADINGS if re.search(words, heading, re.I)), None)
        if field and field not in out:
            out[field] = at
    return out


def table_columns(answer: str) -> list[Column]:
    """The rows of every Markdown table whose header names a column's name."""
    out: list[Column] = []
    fields: dict[str, int] | None = None
    previous: list[str] | None = None
    for line in answer.splitlines():
        if (cells := cells_of(line)) is None:
            fields = previous = None
            continue
        if previous and all(SEPARATOR.fullmatch(c) for c in cells):
            fields = classify(previous)
        elif fields and "name" in fields and len(cells) > max(fields.values()):
            out.append(Column(*(clean(cells[fields[f]]) if f in fields else "" for f in FIELDS)))
        previous = cells
    return out


def listed_columns(answer: str) -> list[Column]:
    """Every `- **name** · TYPE · nullable: no · description · Example: value` bullet."""
    out: list[Column] = []
    for line in answer.splitlines():
        if not (match := LISTED.match(line)):
            continue
        parts = [part.strip() for part in match.group(2).split(" · ")]
        nullable = next((p.split(":", 1)[1] for p in parts if p.lower().startswith("nullable:")), "")
        example = next((p.split(":", 1)[1] for p in parts if p.lower().startswith("example:")), "")
        rest = [p for p in parts[1:] if not p.lower().startswith(("nullable:", "example:"))]
        out.append(Column(clean(match.group(1)), parts[0], clean(nullable), " ".join(rest), clean(example)))
    return out


def columns(answer: str) -> list[Column]:
    return table_columns(answer) or listed_columns(answer)


def primary_key(answer: str) -> str | None:
    return match.group(1) if (match := PRIMARY.search(answer)) else None


def stated_rows(answer: str) -> int | None:
    match = ROWS.search(answer)
    return int((match.group(1) or match.group(2)).replace(",", "")) if match else None


def allowed(description: str) -> list[str]:
    """The backquoted values after "one of" in a description."""
    match = ALLOWED.search(description)
    return re.findall(r"`([^`]+)`", match.group(1)) if match else []


def is_iso(value: str) -> bool:
    if not ISO.fullmatch(value):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


WORDINGS = {
    "descriptions": ("Every column has a description", "No column is left without a description"),
    "pk_not_null": (
        "The primary key column is marked not nullable",
        "Its primary key, {key}, is documented as NOT NULL",
    ),
    "snake_case": ("Column names are all snake_case", "Every column name is written in snake_case"),
    "count": ("Documents all {n} columns of the table given in the task", "Has an entry for each of the {n} columns"),
    "money": (
        "No column is typed as FLOAT for a money amount",
        "Money columns use an exact numeric type, not a floating-point one",
    ),
    "iso_dates": (
        "The example value of each DATE column is an ISO date",
        "Every DATE column's example is written as YYYY-MM-DD",
    ),
    "enum": (
        "The example for {enum} is one of the values its description allows",
        "{enum}'s example value is among the allowed values listed for it",
    ),
    "order": ("Lists the primary key column first", "The first column documented is the primary key"),
    "rows": ("States the row count as {rows}", "Gives the table's row count, {rows}"),
}
"""Two wordings of each kind of criterion, filled from the table."""


def truths(table: Table, answer: str) -> dict[str, bool]:
    found = columns(answer)
    named = {column.name: column for column in found}
    key = primary_key(answer)
    keyed, enum = named.get(key or ""), named.get(table.enum)
    dates = [column for column in found if column.type.upper() == "DATE"]
    return {
        "descriptions": bool(found) and all(re.search(r"[A-Za-z]", c.description) for c in found),
        "pk_not_null": keyed is not None and NOT_NULL.fullmatch(keyed.nullable) is not None,
        "snake_case": bool(found) and all(SNAKE.fullmatch(c.name) for c in found),
        "count": len(found) == table.columns,
        "money": bool(found) and not any(MONEY.search(c.name) and FLOAT.search(c.type) for c in found),
        "iso_dates": bool(dates) and all(is_iso(c.example) for c in dates),
        "enum": enum is not None and enum.example in allowed(enum.description),
        "order": bool(found) and key is not None and found[0].name == key,
        "rows": stated_rows(answer) == table.rows,
    }


def candidates(rng: random.Random, table: Table, answer: str) -> list[Criterion]:
    filled = {"key": table.key, "n": table.columns, "enum": table.enum, "rows": f"{table.rows:,}"}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(table, answer).items()
    ]


SWITCHES = ("descriptions", "pk_not_null", "snake_case", "count", "money", "iso_dates", "enum", "order", "rows")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, TABLES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

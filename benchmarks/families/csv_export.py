"""CSV export family (fresh): a CSV file made from records the task gives (orders, expenses,
invoices, shipments), a kind of answer no grader was run on while any of its rules was written.
Run only as `--set fresh`, never in `all`, `new`, `docs` or `held`.

An answer is a lead-in line and one ```csv block: a header row, one row per record and a
`Total` row, assembled from switches: the header with the columns the task names or with one
of them renamed, every record or one left out, a total that is the sum of the rows above or
off by a small amount, values that contain a comma quoted or left bare (so they split the
row), the rows sorted by the column the task names or left in the task's order, dates in the
format the task asks for or in another, and the amounts as plain numbers or with a currency
symbol or unit. Every truth is a function of the CSV's text, read with the `csv` module
(below).
"""

from __future__ import annotations

import csv
import random
import re
from dataclasses import dataclass
from datetime import date, datetime
from decimal import Decimal, InvalidOperation

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "csv_export"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
PLAIN_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
RECORD = ("key", "date", "text", "amount")
"""What a record's four values are, in order."""


@dataclass(frozen=True)
class Export:
    task: str
    columns: tuple[str, ...]
    wrong_columns: tuple[str, ...]
    """The header with one column renamed."""
    records: tuple[tuple[str, date, str, Decimal], ...]
    """(key, date, text, amount), in the task's order (which is not the asked order): `key` an
    id or a name, `text` the free text, the one column whose values may hold a comma."""
    order: tuple[str, ...]
    """Which of key, date, text, amount each column holds, left to right (amount is last)."""
    key: str
    """The column (key or text) that tells the records apart."""
    sort: str
    """The column (key, date or amount) the rows are sorted by."""
    descending: bool
    date_format: str
    """The date format the task asks for (strftime)."""
    other_format: str
    """The format an answer that does not follow the task writes dates in."""
    format_name: str
    places: int
    """Decimal places of the amounts."""
    marked: str
    """How an amount is written with its currency symbol or unit: `{}` is the number."""
    dropped: int
    """The record an answer that leaves one out leaves out (none with a comma)."""
    off_by: Decimal
    """How far a wrong total is from the right one."""
    amount_name: str
    sort_words: tuple[str, str]
    plain_words: tuple[str, str]


def d(text: str) -> date:
    return date.fromisoformat(text)


def task(intro: str, records: list[str]) -> str:
    return intro + "\n\n" + "\n".join(records)


EXPORTS = (
    Export(
        task(
            "Export these orders as CSV with the columns order_id,order_date,customer,amount: one row per order, "
            "sorted by order date (oldest first), dates as YYYY-MM-DD, amounts as plain numbers with no currency "
            "symbol, and a Total row at the end.",
            [
                "1042 | 05/03/2026 | Baker, Lee & Sons | $1,250.00",
                "1039 | 27/02/2026 | Northwind Traders | $310.50",
                "1045 | 11/03/2026 | Ortiz, Maria | $89.99",
                "1040 | 01/03/2026 | Kestrel Foods | $642.00",
                "1043 | 07/03/2026 | Ames & Ward | $77.25",
                "1041 | 02/03/2026 | Patel, Rohan | $415.80",
            ],
        ),
        ("order_id", "order_date", "customer", "amount"),
        ("order_id", "date", "customer", "amount"),
        (
            ("1042", d("2026-03-05"), "Baker, Lee & Sons", Decimal("1250.00")),
            ("1039", d("2026-02-27"), "Northwind Traders", Decimal("310.50")),
            ("1045", d("2026-03-11"), "Ortiz, Maria", Decimal("89.99")),
            ("1040", d("2026-03-01"), "Kestrel Foods", Decimal("642.00")),
            ("1043", d("2026-03-07"), "Ames & Ward", Decimal("77.25")),
            ("1041", d("2026-03-02"), "Patel, Rohan", Decimal("415.80")),
        ),
        ("key", "date", "text", "amount"),
        "key",
        "date",
        False,
        "%Y-%m-%d",
        "%d/%m/%Y",
        "YYYY-MM-DD",
        2,
        "${}",
        4,
        Decimal("10.00"),
        "amount",
        ("Sorts the rows by order date, oldest first", "Lists the orders from oldest to newest"),
        ("Amounts are plain numbers, with no currency symbol", "Leaves the $ sign out of the amount column"),
    ),
    Export(
        task(
            "Turn these expenses into a CSV for the finance team. Columns: date,employee,description,amount_eur. "
            "Sort by date, earliest first, write dates as DD/MM/YYYY, give amounts as bare numbers (no € sign) "
            "and finish with a Total row.",
            [
                "2026-04-14 | J. Moreau | Taxi, airport to hotel | €48.60",
                "2026-04-12 | J. Moreau | Train to Lyon | €92.00",
                "2026-04-15 | A. Sato | Dinner with client, 3 people | €137.40",
                "2026-04-13 | A. Sato | Hotel, 2 nights | €258.00",
                "2026-04-16 | J. Moreau | Parking | €21.50",
            ],
        ),
        ("date", "employee", "description", "amount_eur"),
        ("date", "employee", "description", "amount"),
        (
            ("J. Moreau", d("2026-04-14"), "Taxi, airport to hotel", Decimal("48.60")),
            ("J. Moreau", d("2026-04-12"), "Train to Lyon", Decimal("92.00")),
            ("A. Sato", d("2026-04-15"), "Dinner with client, 3 people", Decimal("137.40")),
            ("A. Sato", d("2026-04-13"), "Hotel, 2 nights", Decimal("258.00")),
            ("J. Moreau", d("2026-04-16"), "Parking", Decimal("21.50")),
        ),
        ("date", "key", "text", "amount"),
        "text",
        "date",
        False,
        "%d/%m/%Y",
        "%Y-%m-%d",
        "DD/MM/YYYY",
        2,
        "€{}",
        1,
        Decimal("18.00"),
        "amount",
        ("Sorts the expenses by date, earliest first", "Puts the rows in date order, earliest at the top"),
        ("Amounts are bare numbers without the € sign", "Leaves the euro sign out of the amounts"),
    ),
    Export(
        task(
            "Make a CSV of these invoices with the header invoice,client,issued,amount. Sort the rows by amount, "
            "largest first; dates in ISO format (YYYY-MM-DD); amounts without a currency symbol; add a Total row "
            "at the bottom.",
            [
                "INV-207 | Hart, Ellis & Co | 19 Jan 2026 | $4,200.00",
                "INV-204 | Quill Studio | 8 Jan 2026 | $980.00",
                "INV-209 | Duarte, Ana | 27 Jan 2026 | $1,575.50",
                "INV-205 | Lumen Labs | 12 Jan 2026 | $3,310.00",
                "INV-208 | Greyhound Print | 22 Jan 2026 | $640.75",
            ],
        ),
        ("invoice", "client", "issued", "amount"),
        ("invoice", "client", "issue_date", "amount"),
        (
            ("INV-207", d("2026-01-19"), "Hart, Ellis & Co", Decimal("4200.00")),
            ("INV-204", d("2026-01-08"), "Quill Studio", Decimal("980.00")),
            ("INV-209", d("2026-01-27"), "Duarte, Ana", Decimal("1575.50")),
            ("INV-205", d("2026-01-12"), "Lumen Labs", Decimal("3310.00")),
            ("INV-208", d("2026-01-22"), "Greyhound Print", Decimal("640.75")),
        ),
        ("key", "text", "date", "amount"),
        "key",
        "amount",
        True,
        "%Y-%m-%d",
        "%m/%d/%Y",
        "YYYY-MM-DD",
        2,
        "${}",
        1,
        Decimal("-100.00"),
        "amount",
        ("Sorts the invoices by amount, largest first", "Orders the rows from the biggest amount to the smallest"),
        ("Writes amounts without a currency symbol", "Leaves the $ sign out of the amounts"),
    ),
    Export(
        task(
            "Export the week's shipments to CSV. Use the columns shipment_id,ship_date,destination,weight_kg, sort "
            "by shipment_id ascending, write dates as YYYY-MM-DD, give weights as plain numbers (no unit) and end "
            "with a Total row for the weight.",
            [
                "SH-1046 | shipped 4 May 2026 | Lyon, France | 12.5 kg",
                "SH-1041 | shipped 2 May 2026 | Porto, Portugal | 8.0 kg",
                "SH-1049 | shipped 6 May 2026 | Ghent, Belgium | 21.3 kg",
                "SH-1043 | shipped 3 May 2026 | Rotterdam Port | 15.2 kg",
                "SH-1044 | shipped 3 May 2026 | Turin, Italy | 9.7 kg",
            ],
        ),
        ("shipment_id", "ship_date", "destination", "weight_kg"),
        ("shipment_id", "ship_date", "destination", "weight"),
        (
            ("SH-1046", d("2026-05-04"), "Lyon, France", Decimal("12.5")),
            ("SH-1041", d("2026-05-02"), "Porto, Portugal", Decimal("8.0")),
            ("SH-1049", d("2026-05-06"), "Ghent, Belgium", Decimal("21.3")),
            ("SH-1043", d("2026-05-03"), "Rotterdam Port", Decimal("15.2")),
            ("SH-1044", d("2026-05-03"), "Turin, Italy", Decimal("9.7")),
        ),
        ("key", "date", "text", "amount"),
        "key",
        "key",
        False,
        "%Y-%m-%d",
        "%d %b %Y",
        "YYYY-MM-DD",
        1,
        "{} kg",
        3,
        Decimal("1.0"),
        "weight",
        ("Sorts the rows by shipment_id, lowest first", "Lists the shipments in ascending shipment_id order"),
        ("Weights are plain numbers, with no unit", 'Leaves "kg" out of the weight column'),
    ),
)


def build(export: Export, on: dict[str, bool]) -> str:
    records = list(export.records)
    if not on["all_rows"]:
        del records[export.dropped]
    if on["sorted"]:
        at = RECORD.index(export.sort)
        records.sort(key=lambda r: r[at], reverse=export.descending)
    total = sum((r[3] for r in records), Decimal(0)) + (0 if on["total_right"] else export.off_by)

    def amount(value: Decimal) -> str:
        number = f"{value:.{export.places}f}"
        return number if on["plain"] else export.marked.format(number)

    def field(value: str) -> str:
        return f'"{value}"' if on["quoted"] and "," in value else value

    lines = [",".join(export.columns if on["header"] else export.wrong_columns)]
    for key, when, text, value in records:
        written = {
            "key": key,
            "date": when.strftime(export.date_format if on["dates"] else export.other_format),
            "text": text,
            "amount": amount(value),
        }
        lines.append(",".join(field(written[part]) for part in export.order))
    lines.append(
        ",".join(
            "Total" if i == 0 else amount(total) if part == "amount" else "" for i, part in enumerate(export.order)
        )
    )
    return "Here is the CSV:\n\n```csv\n" + "\n".join(lines) + "\n```"


# Reading the CSV --------------------------------------------------------------------------


def csv_of(answer: str) -> str:
    match = re.search(r"```csv\n(.*?)```", answer, re.DOTALL)
    assert match is not None, answer
    return match.group(1)


def rows_of(answer: str) -> list[list[str]]:
    return [row for row in csv.reader(csv_of(answer).splitlines()) if row]


def is_total(row: list[str]) -> bool:
    return bool(row) and row[0].strip().lower() == "total"


def mended(row: list[str], export: Export) -> dict[str, str]:
    """A row's cells by what they hold. A row split by a bare comma is read as a person reads
    it: the columns before the free-text one from the left, those after it from the right,
    and what is between as the text."""
    width = len(export.order)
    at = export.order.index("text")
    if len(row) > width:
        after = width - at - 1
        row = [*row[:at], ",".join(row[at : len(row) - after]), *row[len(row) - after :]]
    return dict(zip(export.order, row, strict=False))


def data_rows(answer: str, export: Export) -> list[dict[str, str]]:
    """The rows between the header and a final Total row, mended."""
    rows = rows_of(answer)[1:]
    if rows and is_total(rows[-1]):
        rows = rows[:-1]
    return [mended(row, export) for row in rows]


def number(cell: str) -> Decimal | None:
    match = PLAIN_NUMBER.search(cell.replace(",", ""))
    try:
        return Decimal(match.group(0)) if match else None
    except InvalidOperation:
        return None


def parse_date(cell: str, export: Export) -> date | None:
    for fmt in (export.date_format, export.other_format):
        try:
            return datetime.strptime(cell.strip(), fmt).date()
        except ValueError:
            continue
    return None


def in_format(cell: str, fmt: str) -> bool:
    """`cell` is a date written exactly in `fmt` (zero-padded as strftime pads it)."""
    try:
        return datetime.strptime(cell, fmt).strftime(fmt) == cell
    except ValueError:
        return False


def header_right(answer: str, export: Export) -> bool:
    rows = rows_of(answer)
    return bool(rows) and [cell.strip() for cell in rows[0]] == list(export.columns)


def every_record(answer: str, export: Export) -> bool:
    wanted = sorted(r[RECORD.index(export.key)] for r in export.records)
    found = sorted(row.get(export.key, "").strip() for row in data_rows(answer, export))
    return found == wanted


def total_adds_up(answer: str, export: Export) -> bool:
    rows = rows_of(answer)
    if len(rows) < 2 or not is_total(rows[-1]):
        return False
    amounts = [number(row.get("amount", "")) for row in data_rows(answer, export)]
    stated = number(rows[-1][-1])
    if stated is None or any(a is None for a in amounts):
        return False
    return stated == sum((a for a in amounts if a is not None), Decimal(0))


def fields_quoted(answer: str, export: Export) -> bool:
    """No row has more cells than the header: a value with a comma in it was quoted."""
    return all(len(row) <= len(export.order) for row in rows_of(answer))


def sorted_right(answer: str, export: Export) -> bool:
    rows = data_rows(answer, export)
    keys: list[object] = []
    for row in rows:
        cell = row.get(export.sort, "")
        value = parse_date(cell, export) if export.sort == "date" else number(cell) if export.sort == "amount" else cell
        if value is None:
            return False
        keys.append(value)
    return bool(keys) and keys == sorted(keys, reverse=export.descending)  # type: ignore[type-var]


def dates_right(answer: str, export: Export) -> bool:
    rows = data_rows(answer, export)
    return bool(rows) and all(in_format(row.get("date", ""), export.date_format) for row in rows)


def amounts_plain(answer: str, export: Export) -> bool:
    rows = rows_of(answer)
    cells = [row.get("amount", "") for row in data_rows(answer, export)]
    if rows and is_total(rows[-1]):
        cells.append(rows[-1][-1])
    return bool(cells) and all(PLAIN_NUMBER.fullmatch(cell.strip()) for cell in cells)


def candidates(rng: random.Random, export: Export, answer: str) -> list[Criterion]:
    n, header = len(export.records), ",".join(export.columns)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "header",
            header_right(answer, export),
            (f"The header row is exactly {header}", "Starts with a header row naming the columns the task lists"),
        ),
        (
            "all_rows",
            every_record(answer, export),
            (f"Has one row for each of the {n} records", f"Includes all {n} records from the task"),
        ),
        (
            "total",
            total_adds_up(answer, export),
            (
                f"Ends with a Total row whose {export.amount_name} is the sum of the rows above it",
                "The total row adds up correctly",
            ),
        ),
        (
            "quoted",
            fields_quoted(answer, export),
            ("Quotes values that contain commas", "Puts double quotes around any field that has a comma in it"),
        ),
        ("sorted", sorted_right(answer, export), export.sort_words),
        (
            "dates",
            dates_right(answer, export),
            (f"Writes every date as {export.format_name}", f"Uses the {export.format_name} date format"),
        ),
        ("plain", amounts_plain(answer, export), export.plain_words),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


def cases() -> list[JudgeCase]:
    switches = ("header", "all_rows", "total_right", "quoted", "sorted", "dates", "plain")
    return switched_cases(FAMILY, EXPORTS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

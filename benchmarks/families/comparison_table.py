"""Comparison table family (held out): a Markdown table that compares products, in a form no
prompt, example or rule of the grader was written for. Run only as `--set held`, never in
`all` or `new`.

An answer is a lead-in line, a Markdown table and, by switch, a closing recommendation. The
switches: every product or the last one left out, rows sorted by price (cheapest first) or in
the order the task names them, units in the column headers or not, prices with a currency
symbol or bare, the lightest product in bold or not, a recommendation or none. Every truth is
a function of the table parsed from the answer's text (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "comparison_table"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3


@dataclass(frozen=True)
class Product:
    name: str
    price: int
    """In US dollars."""
    weight: float
    """In kilograms."""


@dataclass(frozen=True)
class Comparison:
    task: str
    kind: str
    """What the products are, plural ("laptops")."""
    products: tuple[Product, ...]
    """In the order the task names them, never sorted by price."""
    reason: str
    """Why the recommended (first) product is the one to pick."""


COMPARISONS = (
    Comparison(
        "Compare the Aero 14, the Basalt 15, the Corsa 13 and the Delta 16 laptops by price and weight.",
        "laptops",
        (
            Product("Aero 14", 1299, 1.4),
            Product("Basalt 15", 899, 2.1),
            Product("Corsa 13", 1549, 1.1),
            Product("Delta 16", 1099, 2.4),
        ),
        "it is light enough to carry every day and costs a few hundred dollars less than the Corsa",
    ),
    Comparison(
        "Compare the Trail 2, the Summit 3, the Ridge 1 and the Canyon 4 tents by price and weight.",
        "tents",
        (
            Product("Trail 2", 249, 2.3),
            Product("Summit 3", 389, 3.1),
            Product("Ridge 1", 179, 1.2),
            Product("Canyon 4", 459, 4.6),
        ),
        "it sleeps two and weighs little more than the one-person Ridge",
    ),
    Comparison(
        "Compare the Vela, the Orbit, the Nimbus and the Pico e-bikes by price and weight.",
        "e-bikes",
        (
            Product("Vela", 2199, 21.5),
            Product("Orbit", 1749, 24.0),
            Product("Nimbus", 2899, 18.2),
            Product("Pico", 1399, 26.8),
        ),
        "it is the lightest of the affordable ones and still has a full-size battery",
    ),
    Comparison(
        "Compare the Lumen, the Halo, the Beam and the Spark desk lamps by price and weight.",
        "desk lamps",
        (Product("Lumen", 89, 1.6), Product("Halo", 129, 2.2), Product("Beam", 59, 0.9), Product("Spark", 149, 1.3)),
        "it gives the most light for its price and fits on a small desk",
    ),
)


def build(comparison: Comparison, on: dict[str, bool]) -> str:
    products = list(comparison.products[:-1] if on["leave_one_out"] else comparison.products)
    if on["sorted"]:
        products.sort(key=lambda p: p.price)
    lightest = min(products, key=lambda p: p.weight)
    price, weight = ("Price (USD)", "Weight (kg)") if on["units"] else ("Price", "Weight")
    lines = [f"Here is how the {comparison.kind} compare:", "", f"| Model | {price} | {weight} |", "|---|---|---|"]
    for p in products:
        name = f"**{p.name}**" if on["bold"] and p is lightest else p.name
        shown = f"${p.price:,}" if on["symbol"] else f"{p.price}"
        lines.append(f"| {name} | {shown} | {p.weight} |")
    if on["recommend"]:
        lines += ["", f"I would pick the {comparison.products[0].name}: {comparison.reason}."]
    return "\n".join(lines)


def table_rows(answer: str) -> list[list[str]]:
    """The table's cells, header row first, the separator row left out."""
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in answer.splitlines()
        if line.strip().startswith("|")
    ]
    return [row for row in rows if not all(re.fullmatch(r":?-+:?", cell) for cell in row)]


def price_of(cell: str) -> int:
    return int(re.sub(r"[^\d]", "", cell))


def candidates(rng: random.Random, comparison: Comparison, answer: str) -> list[Criterion]:
    header, *rows = table_rows(answer)
    names = [row[0].strip("*") for row in rows]
    prices = [price_of(row[1]) for row in rows]
    weights = {row[0].strip("*"): float(row[2]) for row in rows}
    lightest = min(weights, key=weights.__getitem__)
    last = answer.strip().splitlines()[-1]
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "all_products",
            {p.name for p in comparison.products} <= set(names),
            (f"Includes all four {comparison.kind}", f"Has a row for every one of the four {comparison.kind}"),
        ),
        (
            "sorted",
            prices == sorted(prices),
            ("Sorts the rows by price, cheapest first", "Orders the table from the lowest price to the highest"),
        ),
        (
            "units",
            "(USD)" in header[1] and "(kg)" in header[2],
            ("Gives the unit of each number in its column header", "The column headers state the units"),
        ),
        (
            "symbol",
            all(row[1].startswith("$") for row in rows),
            ("Writes every price with a currency symbol", "Each price shows the dollar sign"),
        ),
        (
            "bold",
            any(row[0] == f"**{lightest}**" for row in rows),
            (f"Puts the lightest of the {comparison.kind} in bold", "Highlights the lightest option in bold"),
        ),
        (
            "recommend",
            last.startswith("I would pick"),
            ("Ends with a recommendation", "Closes by recommending one of them"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("leave_one_out", "sorted", "units", "symbol", "bold", "recommend")
    return switched_cases(
        FAMILY, COMPARISONS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

"""Product comparison family (fresh7): a comparison of three products the task lists with their
prices, weights and one more spec (wireless earbuds, e-readers, robot vacuums, laptops), as a
Markdown table with a few sentences and a recommendation, a kind of answer no grader was run on
while any of its rules was written. Run only as `--set fresh7`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is a lead-in line, the table (a row for each product, or a column for each) and the
prose under it, written right and then changed by switches: every product in the table or one
left out, every price as the task gives it or one with its digits changed, the spec the task names
in the table or left out, every weight with its unit or bare numbers, the cheapest product named
as the cheapest or the next one, the price difference the task asks about stated right or wrong,
a recommendation naming one product or hedging between two, and the prose under the word limit or
run over it by a paragraph. Every truth is a function of the answer's text: the table's cells are
read off row by row (turned when the products head its columns), the prices and weights parsed,
and the prose split into blocks and sentences and matched against the products' names (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "product_comparison"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ROW = re.compile(r"^\s*\|(.+)\|\s*$")
MONEY = re.compile(r"\$\s?(\d[\d,]*)")
UNIT = re.compile(r"\d\s*(?:g|kg|oz|lbs?)\b")
CHEAPEST = re.compile(r"cheapest|least expensive|lowest price|most affordable", re.IGNORECASE)
GAP = re.compile(r"more than|less than|cheaper than|difference", re.IGNORECASE)


@dataclass(frozen=True)
class Comparison:
    task: str
    lead: str
    columns: bool
    """Whether the products head the table's columns (else each has a row)."""
    labels: tuple[str, str, str, str]
    """The table's corner, price, weight and spec labels."""
    products: tuple[tuple[str, int, str, str], ...]
    """(name, price, weight with its unit, spec), in the task's order."""
    spec: tuple[str, str]
    """(a pattern for the spec's label, how a criterion names it)."""
    roles: tuple[str, str, tuple[str, int]]
    """(the cheapest product, the next cheapest, (the product an answer misprices, the wrong price))."""
    prose: str
    recommendation: tuple[str, str]
    """(the closing recommendation naming one product, the one hedging between two)."""
    extra: str
    """The paragraph that runs an answer over the word limit."""
    limit: int
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes in the prose instead."""


COMPARISONS = (
    Comparison(
        "Compare these three wireless earbuds for me: Aurio Buds 2 ($129, 52 g with the case, 28 h battery), "
        "Pulse Pro ($139, 47 g, 32 h) and Nordsound Air ($179, 45 g, 36 h). Put price, weight (with units) and "
        "battery life in a Markdown table, say which is cheapest and how much more the Pulse Pro costs than the "
        "Aurio Buds 2, keep the text under 65 words, and recommend one pair for my commute.",
        "Here's how they compare:",
        False,
        ("Earbuds", "Price", "Weight", "Battery life"),
        (
            ("Aurio Buds 2", 129, "52 g", "28 h"),
            ("Pulse Pro", 139, "47 g", "32 h"),
            ("Nordsound Air", 179, "45 g", "36 h"),
        ),
        (r"battery", "battery life"),
        ("Aurio Buds 2", "Pulse Pro", ("Nordsound Air", 197)),
        "The Aurio Buds 2 is the cheapest pair. The Pulse Pro costs $10 more than the Aurio Buds 2, lasts four "
        "hours longer and is a little lighter.",
        (
            "**Recommendation:** for a daily commute, go with the Pulse Pro, which has the better battery for a "
            "modest price.",
            "**Recommendation:** for a daily commute, either the Pulse Pro or the Nordsound Air will serve you well.",
        ),
        "All three pairs connect over Bluetooth 5.3, pair quickly with Android and iOS phones and come with three "
        "sizes of silicone tips in the box, so fit and connection should be fine whichever you choose. Noise "
        "cancelling is similar across the range, although reviewers say the microphones struggle a bit in windy "
        "streets, so calls on the walk to the station may sound thin.",
        65,
        (
            ("cheapest", "The Aurio Buds 2 is the cheapest", "The Pulse Pro is the cheapest"),
            ("difference", "$10 more", "$15 more"),
        ),
    ),
    Comparison(
        "Which e-reader should I get? Lumen 6: $119, 174 g, 6-inch screen, 5 weeks of battery. Pagewise 7: "
        "$134, 195 g, 7-inch screen, 6 weeks. Folio X: $229, 210 g, 8-inch screen, 8 weeks. Make a comparison "
        "table with the price, the weight with units and the screen size of each, tell me which is cheapest and "
        "the price difference between the Pagewise 7 and the Lumen 6, keep the prose under 60 words, and pick "
        "one for me.",
        "Here is a side-by-side comparison:",
        True,
        ("", "Price", "Weight", "Screen size"),
        (("Lumen 6", 119, "174 g", "6 in"), ("Pagewise 7", 134, "195 g", "7 in"), ("Folio X", 229, "210 g", "8 in")),
        (r"screen", "screen size"),
        ("Lumen 6", "Pagewise 7", ("Folio X", 249)),
        "**Cheapest:** the Lumen 6. The Pagewise 7 is $15 more than the Lumen 6 but gives you a bigger screen and "
        "an extra week of battery.",
        (
            "My pick for you is the Pagewise 7: the larger screen is worth the small extra cost.",
            "My pick: the Pagewise 7 or the Folio X, depending on how much screen you want.",
        ),
        "Each of them has a warm front light, USB-C charging and support for EPUB and PDF files, and each can "
        "borrow library books. Page turns feel quick on all three, and the screens are sharp enough that small "
        "print stays readable, so the choice mostly comes down to how large a screen you want in your bag.",
        60,
        (
            ("cheapest", "**Cheapest:** the Lumen 6.", "**Cheapest:** the Pagewise 7."),
            ("difference", "$15 more", "$25 more"),
        ),
    ),
    Comparison(
        "I'm choosing a robot vacuum for a small flat. Sweepa S5 costs $299, weighs 3.4 kg, runs 120 minutes; "
        "Tidybot 8 is $279, 3.1 kg, 105 minutes; CleanPath Mini is $249, 2.7 kg, 75 minutes. Compare them in a "
        "table (price, weight with units, runtime), say which is cheapest and how much more the Tidybot 8 costs "
        "than the CleanPath Mini, write fewer than 60 words outside the table, and recommend one.",
        "Sure - here's a quick comparison:",
        False,
        ("Model", "Price (USD)", "Weight", "Runtime"),
        (
            ("Sweepa S5", 299, "3.4 kg", "120 min"),
            ("Tidybot 8", 279, "3.1 kg", "105 min"),
            ("CleanPath Mini", 249, "2.7 kg", "75 min"),
        ),
        (r"runtime|run time", "runtime"),
        ("CleanPath Mini", "Tidybot 8", ("Sweepa S5", 329)),
        "Cheapest is the CleanPath Mini. The Tidybot 8 costs $30 more than the CleanPath Mini and runs half an hour "
        "longer on a charge.",
        (
            "**Verdict:** buy the Tidybot 8, which has the best balance of price and runtime for a flat.",
            "**Verdict:** the Tidybot 8 and the Sweepa S5 are both solid buys for a flat.",
        ),
        "Every model here maps the rooms with a laser, can be started from a phone app and empties into a bag "
        "inside its dock. None of them mops, and all of them struggle a little with thick rugs, so if most of your "
        "floor is carpet it is worth reading a few owner reviews before you order one for the flat.",
        60,
        (
            ("cheapest", "Cheapest is the CleanPath Mini.", "Cheapest is the Tidybot 8."),
            ("difference", "$30 more", "$20 more"),
        ),
    ),
    Comparison(
        "Compare three 13-14 inch laptops for a student: Aero 13 ($999, 1.2 kg, 14 h battery), Zenline 14 ($1,149, "
        "1.4 kg, 16 h) and Corta 13 Pro ($1,049, 1.3 kg, 12 h). Use a Markdown table with price, weight (with "
        "units) and battery life, say which is the cheapest and how much more the Corta 13 Pro is than the Aero "
        "13, stay under 70 words of prose, and end with one recommendation.",
        "Here's the comparison:",
        True,
        ("Spec", "Price", "Weight", "Battery life"),
        (
            ("Aero 13", 999, "1.2 kg", "14 h"),
            ("Zenline 14", 1149, "1.4 kg", "16 h"),
            ("Corta 13 Pro", 1049, "1.3 kg", "12 h"),
        ),
        (r"battery", "battery life"),
        ("Aero 13", "Corta 13 Pro", ("Zenline 14", 1194)),
        "The Aero 13 is the least expensive option. The Corta 13 Pro is $50 more than the Aero 13, and for that "
        "you get a slightly larger keyboard deck but two hours less battery.",
        (
            "I'd recommend the Aero 13: it is the lightest, and its battery easily lasts a full day of lectures.",
            "I'd recommend the Aero 13 or the Zenline 14, depending on whether battery life or price matters more.",
        ),
        "All of them have two USB-C ports, a headphone jack, a 1080p webcam and at least 16 GB of memory, which is "
        "plenty for coursework, browsing and video calls. Build quality is good across the board, and each comes "
        "with a one-year warranty that can be extended at checkout, so reliability should not decide it for you.",
        70,
        (
            ("cheapest", "The Aero 13 is the least expensive", "The Corta 13 Pro is the least expensive"),
            ("difference", "$50 more", "$150 more"),
        ),
    ),
)


def table(comparison: Comparison, on: dict[str, bool]) -> str:
    corner, *labels = comparison.labels
    _, near, (mispriced, wrong) = comparison.roles
    shown = [p for p in comparison.products if on["rows"] or p[0] != near]
    records = []
    for name, price, weight, spec in shown:
        cost = price if on["prices"] or name != mispriced else wrong
        mass = weight if on["units"] else weight.split()[0]
        records.append((name, [f"${cost:,}", mass, spec][: 3 if on["spec"] else 2]))
    labels = labels[: 3 if on["spec"] else 2]
    if comparison.columns:
        lines = [f"| {corner} | " + " | ".join(name for name, _ in records) + " |"]
        lines.append("|" + "---|" * (len(records) + 1))
        lines += [
            f"| {label} | " + " | ".join(cells[at] for _, cells in records) + " |" for at, label in enumerate(labels)
        ]
        return "\n".join(lines)
    lines = [f"| {corner} | " + " | ".join(labels) + " |", "|" + "---|" * (len(labels) + 1)]
    return "\n".join([*lines, *(f"| {name} | " + " | ".join(cells) + " |" for name, cells in records)])


def build(comparison: Comparison, on: dict[str, bool]) -> str:
    prose = comparison.prose
    for switch, old, new in comparison.slips:
        if not on[switch]:
            if old not in prose:
                raise ValueError(f"{comparison.lead}: {switch} finds no {old!r}")
            prose = prose.replace(old, new)
    right, hedged = comparison.recommendation
    blocks = [comparison.lead, table(comparison, on), prose, *([] if on["words"] else [comparison.extra])]
    return "\n\n".join([*blocks, right if on["recommend"] else hedged])


# Reading a comparison -------------------------------------------------------------------------


def cells(answer: str) -> list[list[str]]:
    rows = [
        [c.strip().replace("*", "") for c in m.group(1).split("|")]
        for line in answer.splitlines()
        if (m := ROW.match(line))
    ]
    return [row for row in rows if not all(re.fullmatch(r":?-+:?", cell) for cell in row)]


def records(answer: str, names: list[str]) -> dict[str, dict[str, str]]:
    """Product -> {label: cell} from the table, whether the products head its rows or its columns."""
    rows = cells(answer)
    if not rows:
        return {}
    header = rows[0]
    if any(cell in names for cell in header):
        return {
            name: {row[0]: row[at] for row in rows[1:] if at < len(row)}
            for at, name in enumerate(header)
            if name in names
        }
    return {row[0]: dict(zip(header[1:], row[1:], strict=False)) for row in rows[1:] if row[0] in names}


def cell(record: dict[str, str], pattern: str) -> str | None:
    return next((value for label, value in record.items() if re.search(pattern, label, re.IGNORECASE)), None)


def price(text: str | None) -> int | None:
    match = MONEY.search(text or "")
    return int(match.group(1).replace(",", "")) if match else None


def prose(answer: str) -> list[str]:
    """The answer's blocks outside the table."""
    blocks = [block.strip() for block in re.split(r"\n\s*\n", answer.strip())]
    return [block for block in blocks if block and not ROW.match(block.splitlines()[0])]


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+", text) if s]


def named(text: str, names: list[str]) -> set[str]:
    return {name for name in names if name in text}


def words(blocks: list[str]) -> int:
    return len(re.findall(r"[A-Za-z0-9$'][\w$',.-]*", " ".join(blocks)))


def claims(text: list[str], names: list[str]) -> tuple[list[set[str]], list[int]]:
    """(the products named in each sentence calling one the cheapest, the amounts in sentences
    giving a price difference)."""
    said = [s for block in text for s in sentences(block)]
    picks = [named(s, names) for s in said if CHEAPEST.search(s)]
    return picks, [int(a.replace(",", "")) for s in said if GAP.search(s) for a in MONEY.findall(s)]


def labels_of(answer: str) -> list[str]:
    """The table's header cells and the first cell of every row."""
    rows = cells(answer)
    return rows[0] + [row[0] for row in rows[1:]] if rows else []


def candidates(rng: random.Random, comparison: Comparison, answer: str) -> list[Criterion]:
    names = [name for name, *_ in comparison.products]
    found, text = records(answer, names), prose(answer)
    cheapest, near, _ = comparison.roles
    pattern, spec = comparison.spec
    picks, gaps = claims(text, names)
    prices = {name: cost for name, cost, *_ in comparison.products}
    labels = labels_of(answer)
    weights = [cell(record, r"weight") for record in found.values()]
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "rows",
            set(found) == set(names),
            ("The table includes all three products", "Every product has its own row or column in the table"),
        ),
        (
            "prices",
            bool(found) and all(price(cell(r, r"price|cost")) == prices[name] for name, r in found.items()),
            ("Every price in the table matches the one in the task", "The prices in the table are all correct"),
        ),
        (
            "spec",
            any(re.search(pattern, label, re.IGNORECASE) for label in labels),
            (f"The table includes {spec}", f"Shows the {spec} of the products in the table"),
        ),
        (
            "units",
            bool(weights) and all(UNIT.search(w or "") for w in weights),
            ("Every weight in the table has a unit", "Weights are given with their units (g or kg)"),
        ),
        (
            "cheapest",
            bool(picks) and all(pick == {cheapest} for pick in picks),
            ("Correctly identifies the cheapest product", "Says which product is the cheapest, and gets it right"),
        ),
        (
            "difference",
            bool(gaps) and all(g == abs(prices[near] - prices[cheapest]) for g in gaps),
            (
                f"States the price difference between the {near} and the {cheapest} correctly",
                f"The gap in price given between the {cheapest} and the {near} is right",
            ),
        ),
        (
            "recommend",
            bool(text) and len(named(text[-1], names)) == 1,
            ("Recommends exactly one product", "Ends with a recommendation that names a single product"),
        ),
        (
            "words",
            words(text) < comparison.limit,
            (
                f"The prose outside the table is under {comparison.limit} words",
                f"Keeps the text around the table to fewer than {comparison.limit} words",
            ),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("rows", "prices", "spec", "units", "cheapest", "difference", "recommend", "words")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, COMPARISONS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

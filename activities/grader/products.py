"""A criterion asking that each line of a list multiply out ("Each line total equals the
quantity times the unit price", "Every line in the parts list multiplies out correctly", "Each
person's yearly cost equals their FTE times their salary"): arithmetic decides, so code reads
each line's figures.

The lines are runs of lines in a row with three figures or more each (list items, table rows,
the lines of a fixed-width block, plain lines), under the heading above them; a line's figures
are, in a Markdown table, its cells that are one figure each ("40", "£0.15", "1.5 hours"),
else every figure on it (a date's, a time's, a code's and a spaced number's digits none; a
percentage is its fraction). A line's amount is its last figure. In a run of lines of as many
figures each, the factors are those at the same places in every line (the places most lines
multiply out by, the more the better), so a factor left out of one line is no product; a line
alone multiplies all its other figures; lines of differing figures, any two or more of their
own. The runs read are those under the heading naming the thing, else every run where some
line multiplies out (a run where none does is of something else). Met when every line read
multiplies out, to the amount's last digit; unmet when one does not. Left to the grader: a sum
of products ("added together", "the sum of"), a factor the criterion gives ("multiplied by
10"), a quotient, a product with a figure written elsewhere (the nights stated once above a
table of rooms), and a negated criterion.
"""

from __future__ import annotations

import math
import re
from itertools import combinations

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.listing import cells, heading, item_text, unmarked
from rubricflow.activities.grader.naming import named_stems

_ASKS = re.compile(
    r"\b(?:each|every)\b[^.;]*?\b(?:times|multiplied by)\b|\bmultipl(?:y|ies) out\b",
    re.I,
)
_ELSE = re.compile(
    r"\b(?:not|never|no|added|adds?|sum|plus|minus|less|divided|VAT|GST|tax|rounded|clock|24-hour|multiple|factor|"
    r"(?:by|times) \d[\d,.]*)\b|[÷/]|n't\b",
    re.I,
)
_FIGURE = re.compile(
    r"(?<![\w.,:/-])(?<!\d )[£$€¥]?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?(?![\d,]\d|[\w:/-]*\d|:\d| \d)"
)
_CELL = re.compile(r"^[£$€¥]?\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:\s?[a-zA-Z%]+(?:\s[a-z]+)?)?$")
_DATES = re.compile(
    r"\b\d{1,2}(?:st|nd|rd|th)?\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?(?:\s+\d{4})?"
    r"|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:,?\s+\d{4})?"
    r"|\b\d{4}-\d\d-\d\d\b|\b\d{1,2}:\d\d\b",
)
_PLAIN = frozenset(
    "the a an each every line lines item items its their is are equals equal times multiplied by multiplies "
    "multiply out correctly right quantity price unit total amount rate cost".split()
)


def asks_products(criterion: str) -> bool:
    """Whether `criterion` asks that each line of a list multiply out."""
    return bool(_ASKS.search(criterion)) and not _ELSE.search(criterion)


def _figures(item: str) -> list[str]:
    """The figures of a line as written: a table's one-figure cells, or a list item's figures."""
    if item.lstrip().startswith("|"):
        bare = [cell.strip("*") for cell in cells(item)]
        return [m.group().strip() for cell in bare if _CELL.match(cell) and (m := _FIGURE.search(cell))]
    text = _DATES.sub(" ", unmarked(item))
    return [m.group().strip() for m in _FIGURE.finditer(text)]


def _value(written: str) -> float:
    number = float(re.sub(r"[^\d.]", "", written))
    return number / 100 if written.endswith("%") else number


def _places(written: str) -> int:
    return len(written.split(".")[1]) if "." in written else 0


def _multiplies_out(figures: list[str], places: tuple[int, ...]) -> bool:
    """Whether the line's figures at `places` multiply to its last, to that one's last digit."""
    amount = figures[-1]
    product = math.prod(_value(figures[place]) for place in places)
    return abs(product - _value(amount)) <= 0.5 * 10 ** -_places(amount) + 1e-9


def _checked(run: list[tuple[str, list[str]]]) -> list[tuple[bool, tuple[int, ...]]]:
    """Whether each line of a run multiplies out, and by the figures at which places: lines of
    as many figures each by those at the same places (the places most lines multiply out by,
    the more the better), so a factor left out of one line is no product; a line alone by all
    its figures; lines of differing figures each by any two or more of its figures."""
    counts = {len(figures) for _, figures in run}
    if len(counts) != 1:
        found = []
        for _, f in run:
            every = tuple(range(len(f) - 1))
            some = (p for size in range(2, len(f)) for p in combinations(every, size) if _multiplies_out(f, p))
            found.append((True, p) if (p := next(some, None)) else (False, every))
        return found
    factors = counts.pop() - 1
    choices = [p for size in range(factors, 1, -1) for p in combinations(range(factors), size)]
    best = max(choices[: 1 if len(run) == 1 else None], key=lambda p: sum(_multiplies_out(f, p) for _, f in run))
    return [(_multiplies_out(f, best), best) for _, f in run]


def _runs(answer: str) -> list[tuple[str, list[tuple[str, list[str]]]]]:
    """The answer's runs of lines of three figures or more (list items, table rows, lines of a
    fixed-width block), each under the heading above it."""
    found: list[tuple[str, list[tuple[str, list[str]]]]] = []
    title, run = "", []
    for line in [*answer.splitlines(), ""]:
        figures = _figures(line) if heading(line) is None else []
        if len(figures) >= 3:
            run.append((line, figures))
            continue
        if run:
            found.append((title, run))
            run = []
        if (words := heading(line)) is not None:
            title = words
    return found


def product_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by multiplying out the lines of the list it means; None when it
    asks no such thing, or no line code reads multiplies out."""
    if not asks_products(criterion):
        return None
    named = named_stems(criterion, _PLAIN)
    read = []  # the runs where some line multiplies out: a run where none does is of something else
    for title, run in _runs(answer):
        checked = _checked(run)
        if any(ok for ok, _ in checked):
            read.append((title, run, checked))
    meant = [r for r in read if r[0] and named and any(w.search(r[0]) for w in named)] or read
    lines = [(line, ok, places) for _, run, checked in meant for line, (ok, places) in zip(run, checked, strict=True)]
    if not lines:
        return None
    wrong = next(((line, places) for line, ok, places in lines if not ok), None)
    if wrong is None:
        return Evidence(
            True, "", f"product: each of the {len(lines)} lines multiplies out", quote=lines[0][0][0].strip()
        )
    (item, figures), places = wrong
    amount = figures[-1]
    product = math.prod(_value(figures[place]) for place in places)
    shown = " × ".join(figures[place].lstrip("£$€¥ ") for place in places)
    why = f"{item_text(item)!r}: {shown} is {product:.{_places(amount)}f}, not {amount.lstrip('£$€¥ ')}"
    return Evidence(False, why, f"product: {why}", quote=item.strip())

"""A criterion asking that a total the answer states be the sum of figures it lists ("The total
raised equals the sum of the amounts listed", "Adds up the individual fees correctly to reach
the estimate total", "Item durations sum to the meeting's full 180 minutes"): the arithmetic
decides, so code reads it where it can tell which figures are the parts.

The total is the criterion's own figure when it names one ("sum to 100 percent"), else the one
figure on the one line labelled as a total (of several, the one with the criterion's words),
else the one sum a sentence outside the lists states as a total ("You owe £6.25 in total"). The
parts are figures in the total's unit (its currency sign or the word after it: "ft", "minutes",
"%"; hours and minutes count as minutes; a table cell that is a bare figure, a count), one a
line (a line's last; in a table, the one in the total's column), on list items, table rows and `Label: figure` lines above the total in its list,
never a line labelled as a total itself. Met when the parts of one list, of the lists up to the
total, of every list, or of one line add up to it to the cent; unmet when none do and the list
the total closes (or the one right before it; for the criterion's own figure, the answer's one
list of its unit) holds two or more parts, each alone in its unit on its line, so what was added
up is plain. Left to the grader: a sum of products or differences ("quantity times unit
price", "minus the deductions"), a bound ("within the budget", "6 kg or less"), an order or
place ("before the total", "on the last line"), a total of each row ("each team's played
figure"), a total the criterion does not name ("the instalments add up to the figure given"),
a negated criterion, and every total code cannot find on exactly one line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.listing import RULE
from rubricflow.activities.grader.naming import most_named, named_stems

_SUM = re.compile(r"\b(?:add(?:s|ed|ing)?\s+(?:\w+\s+){0,4}?up|sum(?:s|med)?|summed|totals? up)\b", re.I)
_ELSE = re.compile(
    r"\b(?:not|never|no|without|minus|less|times|multiplied|divided|per|average|each|every|within|budget|"
    r"or less|or more|at most|at least|under|over|below|above|before|after|first|last|line|plus|net|"
    r"VAT|tax|deposit|percentage|rate|rounded|quantity|quantities)\b|n't\b|%|×",
    re.I,
)
_TARGET = re.compile(
    r"\b(?:to|reach|make|makes|equal|equals)\s+(?:the\s+)?(?:meeting's\s+|session's\s+|lesson's\s+)?"
    r"(?:full\s+|exactly\s+|whole\s+)?(?P<n>\d[\d,]*(?:\.\d+)?)\s*(?P<unit>percent|[a-z]+)?",
    re.I,
)

_CURRENCY = "£$€¥"
_FIGURE = re.compile(
    rf"(?<![\w.,])(?P<cur>[{_CURRENCY}])?\s?(?P<n>\d{{1,3}}(?:,\d{{3}})+|\d+)(?P<dec>\.\d+)?"
    r"(?![\d,]\d)(?:\s?(?P<unit>%|[A-Za-z]+\b))?"
)
_UNITS = {
    name: unit
    for unit, names in (
        ("ft", "ft feet foot"), ("m", "m metres meters"), ("km", "km"), ("mi", "mi miles mile"),
        ("min", "min mins minutes minute"), ("h", "h hours hour hrs"), ("kg", "kg"), ("g", "g"), ("lb", "lb"),
        ("%", "% percent"), ("pts", "points pts"), ("kcal", "kcal calories"), ("d", "days day"),
        ("n", "nights night"), ("w", "words"), ("ml", "ml millilitres milliliters"), ("l", "l litres liters"),
    )
    for name in names.split()
}  # fmt: skip
"""The units a figure may carry after it, by one name each."""

_PERCENTAGES = re.compile(r"\bpercentages\b", re.I)
_TOTAL_WORD = re.compile(r"\b(?:sub-?total|grand total|total|overall|in all|altogether)\b", re.I)
_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+")
_ROW = re.compile(r"^\s*\|")
_HEADING = re.compile(r"^\s*(?:#{1,6}\s|\*\*[^*]+\*\*:?\s*$|[A-Z][^.!?:|]{0,50}:\s*$)")
_LABELLED = re.compile(r"^\s*(?:\*\*)?[^:|]{1,60}:(?:\*\*)?\s+\S")

_PLAIN = frozenset(
    "the a an of for with it its is are and in on to that this which gives given give states stated says right "
    "correct correctly equals equal sum sums add adds added up all listed individual figure figures amount amounts "
    "total totals stated number numbers value values full exactly whole reach make makes".split()
)


@dataclass(frozen=True)
class Figure:
    """A figure of the answer in its unit (minutes for a length of time), on its line."""

    value: float
    unit: str
    line: str


_FOR_EACH = re.compile(r"\b(?:figures?|numbers?|amounts?|counts?)\s+for\s+(?:each|every)\b", re.I)
"""The parts named by what each stands for ("the figures for each kind of item"): no total of each row."""


_ADDED_RIGHT = re.compile(r"^adds?\s+up\s+.+\b(?:correctly|right)\b", re.I)
"""Figures asked to be added up right ("Adds up the fees correctly"): the answer's total of them."""


def asks_sum(criterion: str) -> bool:
    """Whether `criterion` asks that a total, one it names or one it gives, be the sum of
    figures the answer lists."""
    named = _TOTAL_WORD.search(criterion) or _TARGET.search(criterion) or _ADDED_RIGHT.search(criterion)
    return bool(_SUM.search(criterion) and named) and not _ELSE.search(_FOR_EACH.sub(" ", criterion))


def _unit(match: re.Match[str]) -> str | None:
    if match.group("cur"):
        return match.group("cur")
    word = (match.group("unit") or "").lower()
    return _UNITS.get(word)


_HOURS_MINUTES = re.compile(r"(?<![\w.])(\d+)\s?(?:h|hours?|hrs?)\s?(\d{1,2})\s?(?:m|min|mins|minutes?)\b", re.I)
"""A length of hours and minutes ("1 h 45 min"): one figure, in minutes."""


_BARE_CELL = re.compile(r"^\**\s*(?P<n>\d{1,3}(?:,\d{3})+|\d+)(?P<dec>\.\d+)?\s*\**$")
"""A table cell that is one figure with no unit ("| Blazers | 88 |"): a count, in the unit `#`."""


def _figures(line: str) -> list[Figure]:
    if _ROW.match(line) and (bare := [m for cell in _cells(line) if (m := _BARE_CELL.match(cell))]):
        unitless = [Figure(float(m.group("n").replace(",", "") + (m.group("dec") or "")), "#", line) for m in bare]
        return _unit_figures(line) + unitless
    return _unit_figures(line)


def _unit_figures(line: str) -> list[Figure]:
    text = _HOURS_MINUTES.sub(lambda m: f"{int(m.group(1)) * 60 + int(m.group(2))} min", _ITEM.sub("", line))
    found = []
    for m in _FIGURE.finditer(text):
        unit = _unit(m)
        if unit is None:
            continue
        value = float(m.group("n").replace(",", "") + (m.group("dec") or ""))
        found.append(Figure(value * 60, "min", line) if unit == "h" else Figure(value, unit, line))
    return found


def _blocks(answer: str) -> list[list[str]]:
    """The answer's runs of list items, table rows and `Label: figure` lines, in order."""
    blocks: list[list[str]] = [[]]
    for line in answer.splitlines():
        if RULE.match(line) and "-" in line:
            continue
        if (
            _ITEM.match(line)
            or _ROW.match(line)
            or (_LABELLED.match(line) and (not _HEADING.match(line) or _figures(line)))
        ):
            blocks[-1].append(line)
        elif blocks[-1]:
            blocks.append([])
    return [b for b in blocks if b]


_SAID_TOTAL = re.compile(
    rf"(?P<figure>[{_CURRENCY}]\s?\d[\d,]*(?:\.\d+)?)\s+(?:in total|in all|altogether)\b"
    rf"|\btotal (?:of|is|comes to|owed is)\s+(?P<after>[{_CURRENCY}]\s?\d[\d,]*(?:\.\d+)?)",
    re.I,
)
"""A total a sentence states ("You owe £6.25 in total", "a total of £840.00")."""


def _said_total(answer: str) -> Figure | None:
    """The one sum of money a sentence of the answer states as a total, outside its lists."""
    found = [
        (line, m.group("figure") or m.group("after"))
        for line in answer.splitlines()
        if not (_ITEM.match(line) or _ROW.match(line) or _LABELLED.match(line))
        for m in _SAID_TOTAL.finditer(line)
    ]
    if len(found) != 1:
        return None
    line, written = found[0]
    return Figure(float(re.sub(rf"[{_CURRENCY},\s]", "", written)), written.strip()[0], line)


def _target(criterion: str, blocks: list[list[str]], answer: str) -> tuple[Figure, int] | None:
    """The total: the criterion's figure (block -1), else the one figure on the one total line,
    else the one total a sentence outside the lists states (block -1: it closes no list)."""
    said = _TARGET.search(criterion)
    unit = _UNITS.get((said.group("unit") or "").lower()) if said else None
    if said and not unit and _PERCENTAGES.search(criterion):
        unit = "%"
    if said and unit:
        value = float(said.group("n").replace(",", ""))
        return Figure(value * 60, "min", "") if unit == "h" else Figure(value, unit, ""), -1
    stems = named_stems(criterion, _PLAIN)
    lines = [(i, ln) for i, b in enumerate(blocks) for ln in b if _TOTAL_WORD.search(ln) and len(_figures(ln)) == 1]
    if len(lines) > 1:
        lines = most_named(lines, lambda line: line[1], stems)
    if not lines and (said_total := _said_total(answer)) is not None:
        return said_total, -1
    if len(lines) != 1:
        return None
    index, line = lines[0]
    return _figures(line)[0], index


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _column(line: str) -> int | None:
    """The column of a table row's one cell with a figure; None for a line that is no row."""
    if not _ROW.match(line):
        return None
    holding = [i for i, cell in enumerate(_cells(line)) if _figures(cell)]
    return holding[0] if len(holding) == 1 else None


def _parts(block: list[str], unit: str, column: int | None = None) -> tuple[list[Figure], bool]:
    """The block's parts in `unit`, a line's last (a table row's, the one in the total's
    `column`), and whether each stood alone in its unit on its line or cell."""
    parts, plain = [], True
    for line in block:
        if _TOTAL_WORD.search(line):
            continue
        cells = _cells(line) if column is not None and _ROW.match(line) else []
        text = cells[column] if column is not None and len(cells) > column else line
        mine = [Figure(f.value, f.unit, line) for f in _figures(text) if f.unit == unit]
        if mine:
            parts.append(mine[-1])
            plain = plain and len(mine) == 1
    return parts, plain


def sum_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by adding up the parts of the total it asks of; None when it asks
    none, or code cannot tell which figures are the total and its parts."""
    if not asks_sum(criterion):
        return None
    blocks = _blocks(answer)
    found = _target(criterion, blocks, answer)
    if found is None:
        return None
    total, at = found
    if at >= 0:  # the total's list ends at its line
        blocks = [*blocks[:at], blocks[at][: blocks[at].index(total.line)], *blocks[at + 1 :]]
    column = _column(total.line)
    runs = [_parts(b, total.unit, column if i == at else None) for i, b in enumerate(blocks)]
    before = [f for parts, _ in runs[: at + 1] for f in parts]
    every = [f for parts, _ in runs for f in parts]
    rows = [mine for b in blocks for ln in b if len(mine := [f for f in _figures(ln) if f.unit == total.unit]) >= 2]
    for parts in [p for p, _ in runs if len(p) >= 2] + [before, every] + rows:
        if len(parts) >= 2 and abs(sum(f.value for f in parts) - total.value) < 0.005:
            said = f"sum: {len(parts)} figures add up to {total.value:,.2f}"
            return Evidence(True, "", said, quote=total.line or parts[-1].line)
    if at < 0:  # the criterion's total, or a sentence's: the parts are the one list of its unit
        listed = [run for run in runs if len(run[0]) >= 2]
        closing = listed[0] if len(listed) == 1 and not rows else ([], False)
    else:
        closing = runs[at] if len(runs[at][0]) >= 2 else runs[at - 1] if at > 0 else ([], False)
    parts, plain = closing
    if len(parts) < 2 or not plain:
        return None
    added = sum(f.value for f in parts)
    why = f"the {len(parts)} figures listed add up to {added:,.2f}, not {total.value:,.2f}"
    return Evidence(False, why, f"sum: {why}", quote=total.line)

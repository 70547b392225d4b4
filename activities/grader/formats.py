"""A criterion asking that every sum of money, date or time be written one way ("All money
figures are written with two decimals", "All dates are written as YYYY-MM-DD", "All times are
written in 24-hour format"): each one the answer writes decides, so code reads them all.

Sums of money are the figures after £, $ or € (not "£1.2m") and, in a Markdown table, the bare
figures under a column headed by a currency sign or a word of money ("Unit £", "Cost"); two
decimals are two digits after the point. Dates are written with a month's name ("27 February
2026", "March 5"), in figures with slashes or dots (5/3/2026), or as YYYY-MM-DD, the ISO form.
Times are on the 24-hour clock unless written with am or pm, noon or midnight. Met when the
answer writes at least one and every one the asked way; unmet when one is not. A criterion
about some dates ("Due dates are in ISO format") is failed only by one on a line naming them;
one about the figures of a table only by one in a table; one about "the date" decides only
where the answer writes one. Left to the grader: a criterion of
another part (a column, a heading), a negated one, and an answer that writes none.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.listing import cells
from rubricflow.activities.grader.quotes import content_lines

_ALL = re.compile(r"\b(?:all|every|each|throughout)\b", re.I)
_ELSE = re.compile(r"\b(?:not|never|column|columns|heading|headings|header)\b|n't\b", re.I)
_MONEY_ASKED = re.compile(
    r"\b(?:two decimal places|two decimals|two digits after the decimal point|2 decimal places)\b", re.I
)
_MONEY_WORDS = re.compile(
    r"\b(?:money|amounts?|prices?|totals?|costs?|values?|figures|sums|fees|charges|payments?|balances?)\b", re.I
)
_ISO_ASKED = re.compile(r"\bYYYY-MM-DD\b|\bISO(?: 8601)?\b")
_DATES_ASKED = re.compile(r"\b(?P<which>\w+)?\s*dates?\b|^dates the (?P<what>\w+)", re.I)
_CLOCK_ASKED = re.compile(r"\b24[- ]hour\b", re.I)
_IN_TABLE = re.compile(r"\bin the [\w\s-]{0,40}?\btable\b", re.I)

_MONEY = re.compile(
    r"[£$€]\s?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\d.,]\d|\.\d|\s?(?:k|m|bn|million|billion)\b)", re.I
)
_BARE = re.compile(r"^\**\s*-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\s*\**$")
_MONEY_COLUMN = re.compile(r"[£$€]|\b(?:price|cost|total|subtotal|amount|value|balance|payment|fee|charge)s?\b", re.I)
_MONTHS = r"(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)[a-z]*\.?"
_OTHER_DATE = re.compile(
    rf"\b\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTHS}(?:,?\s+\d{{4}})?"
    rf"|\b{_MONTHS}\s+\d{{1,2}}(?:st|nd|rd|th)?\b(?:,?\s+\d{{4}})?"
    r"|\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b|\b\d{4}-\d{1,2}-\d{1,2}\b(?<!\d{4}-\d\d-\d\d)"
)
_ISO = re.compile(r"\b\d{4}-\d\d-\d\d\b")
_TWELVE_HOUR = re.compile(
    r"(?<![\d:.])\d{1,2}(?:[:.]\d\d)?\s*(?:am|pm|a\.m\.|p\.m\.)(?!\w)|\b(?:noon|midnight)\b", re.I
)
_CLOCK = re.compile(r"(?<![\d:.])\d{1,2}:\d\d(?![\d:])")
_PLAIN_WHICH = frozenset("all every each the its their any of".split())


def _money_figures(lines: list[str]) -> list[tuple[str, str]]:
    """The sums of money the lines write, each with its line: after a currency sign, or bare
    under a table column headed by one or by a word of money."""
    found: list[tuple[str, str]] = []
    money_columns: set[int] = set()
    for line in lines:
        found += [(m.group(0), line) for m in _MONEY.finditer(line)]
        if not line.startswith("|"):
            money_columns = set()
            continue
        row = [cell.strip() for cell in cells(line)]
        if set("".join(row)) <= set("-: "):
            continue
        if not money_columns and not any(_BARE.match(c) for c in row):
            money_columns = {i for i, c in enumerate(row) if _MONEY_COLUMN.search(c)}
            continue
        found += [(row[i].strip("* "), line) for i in sorted(money_columns) if i < len(row) and _BARE.match(row[i])]
    return found


def _two_decimals(figure: str) -> bool:
    return re.search(r"\.\d\d$", figure) is not None


def _kind(criterion: str) -> tuple[str, str | None] | None:
    """Which way of writing the criterion asks of all ("money", "dates" or "clock"), and the
    word naming the dates it is about when it is about some; None when it asks none."""
    if _ELSE.search(criterion):
        return None
    if _MONEY_ASKED.search(criterion) and _MONEY_WORDS.search(criterion) and _ALL.search(criterion):
        return "money", None
    if _ISO_ASKED.search(criterion) and (asked := _DATES_ASKED.search(criterion)):
        which = (asked.group("which") or asked.group("what") or "").lower()
        return "dates", None if which in _PLAIN_WHICH or not which else which
    if _CLOCK_ASKED.search(criterion) and re.search(r"\b(?:times?|clock)\b", criterion, re.I):
        return "clock", None
    return None


def format_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by how each sum of money, date or time is written; None when it
    asks none of these, or the answer writes none."""
    kind = _kind(criterion)
    if kind is None:
        return None
    asked, which = kind
    lines = content_lines(answer)
    if asked == "money":
        in_table = _IN_TABLE.search(criterion) is not None
        found = [(f, line) for f, line in _money_figures(lines) if not in_table or line.startswith("|")]
        return _decide(found, _two_decimals, "is not written with two decimals", "written with two decimals")
    if asked == "dates":
        return _dates_read(lines, criterion, which)
    twelve = [(m.group(0), line) for line in lines for m in _TWELVE_HOUR.finditer(line)]
    clock = [(m.group(0), line) for line in lines for m in _CLOCK.finditer(line)]
    return _decide(
        twelve[:1] or clock,
        lambda figure: not _TWELVE_HOUR.match(figure),
        "is not on the 24-hour clock",
        "on the 24-hour clock",
    )


def _dates_read(lines: list[str], criterion: str, which: str | None) -> Evidence | None:
    """The criterion decided by the dates the lines write: every one (or every one on a line
    naming `which` dates) as YYYY-MM-DD, or one not."""

    def named(line: str) -> bool:
        return which is None or which[:4] in line.lower()

    written = [(m.group(0), line) for line in lines for m in _OTHER_DATE.finditer(line)]
    isos = [(m.group(0), line) for line in lines for m in _ISO.finditer(line)]
    if not (_ALL.search(criterion) or re.search(r"\bdates\b", criterion, re.I)) and len(isos) + len(written) != 1:
        return None  # "the date": which of several is unclear
    if others := [(date, line) for date, line in written if named(line)]:
        return _decide(others[:1], lambda _: False, "is not written as YYYY-MM-DD", "")
    if which is not None and not any(named(line) for _, line in isos):
        return None
    if written:
        return None  # a date of another kind is written otherwise: which the criterion means is unclear
    return _decide(isos, lambda _: True, "", "written as YYYY-MM-DD")


def _decide(
    found: list[tuple[str, str]], right: Callable[[str], bool], wrong_said: str, right_said: str
) -> Evidence | None:
    if not found:
        return None
    if wrong := next(((figure, line) for figure, line in found if not right(figure)), None):
        why = f"{wrong[0]!r} {wrong_said}"
        return Evidence(False, why, f"format: {why}", quote=wrong[1].strip())
    return Evidence(True, "", f"format: every one of the {len(found)} is {right_said}", quote=found[0][1].strip())

"""The lists of an answer, as readers that count their items see them: bulleted or numbered
lines and a table's rows below its header row, a row or item labelled as a total left out (it
sums the items, it is none of them), each list under the heading above it."""

from __future__ import annotations

import re

_ITEM = re.compile(r"^\s{0,1}(?:[-*+•]|\d{1,2}[.)])\s+\S")
_ROW = re.compile(r"^\s*\|")
RULE = re.compile(r"^\s*\|?[\s:|-]+\|?\s*$")
"""A table's rule line (`|---|:--:|`), the line under its header row."""
_TOTAL = re.compile(r"^\W*(?:sub-?total|grand total|total)\b", re.I)
_HEADING = re.compile(
    r"^\s*(?:#{1,6}\s+(?P<md>.+?)\s*#*\s*$|\*\*(?P<bold>[^*]+?):?\*\*:?\s*$|(?P<colon>[A-Z][^.!?:|]{0,60}):\s*$)"
)


def heading(line: str) -> str | None:
    """The words of a heading line (`## Takeaways`, a line only bold, a short `Label:`), else None."""
    match = _HEADING.match(line)
    return next(g for g in match.groups() if g) if match else None


_MARK = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+")


def cells(row: str) -> list[str]:
    """A table row's cells, stripped."""
    return [cell.strip() for cell in row.strip().strip("|").split("|")]


def unmarked(item: str) -> str:
    """A list item without its bullet or number."""
    return _MARK.sub("", item).strip()


def item_text(item: str) -> str:
    """An item as a reader shows it: without its bullet, a row's cells joined."""
    return " | ".join(cells(item)) if item.lstrip().startswith("|") else unmarked(item)


def is_item(line: str) -> bool:
    """Whether `line` is a list item or a table row."""
    return bool(_ITEM.match(line) or _ROW.match(line))


def items_from(lines: list[str], start: int) -> tuple[list[str], int]:
    """The items of the list starting at `lines[start]`, and the index of the line after it: a
    table's rows, or bulleted or numbered lines; where one kind meets the other, a list ends."""
    items: list[str] = []
    table = bool(_ROW.match(lines[start]))
    for index in range(start, len(lines)):
        line = lines[index]
        if is_item(line) and bool(_ROW.match(line)) != table:
            return items, index
        if RULE.match(line) and _ROW.match(line):
            if items and _ROW.match(items[-1]):
                items.pop()  # the row above the rule names the columns
        elif is_item(line):
            if not _TOTAL.search(line):
                items.append(line)
        elif line.strip():
            return items, index
    return items, len(lines)


def _is_label(line: str) -> bool:
    """Whether a heading line is a short `Label:` line ("Before you go, please:")."""
    match = _HEADING.match(line)
    return bool(match and match.group("colon"))


def lists(answer: str) -> list[tuple[str, list[str]]]:
    """Each heading's items (the heading '' for items under none), in order; a `Label:` line
    just under a heading ("## Check-out" then "Before you go, please:") leads into the heading's
    list, so the list goes by both names."""
    found: list[tuple[str, list[str]]] = [("", [])]
    lines = answer.splitlines()
    index = 0
    above = ""
    while index < len(lines):
        if (words := heading(lines[index])) is not None:
            if above == "heading" and not found[-1][1] and _is_label(lines[index]):
                found[-1] = (f"{found[-1][0]} / {words}", [])
            else:
                found.append((words, []))
            above = "heading"
            index += 1
        elif is_item(lines[index]):
            items, index = items_from(lines, index)
            found[-1][1].extend(items)
            above = "item"
        else:
            above = above if not lines[index].strip() else "text"
            index += 1
    return [(h, items) for h, items in found if items]

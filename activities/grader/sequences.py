"""A criterion asking that a list run in the order of its items' dates, times, amounts or names
("Lists the overdue invoices oldest first", "The results run from the fastest time to the
slowest", "Orders the table from the lowest price to the highest", "The days run Monday through
Sunday in order", "The packages are listed in alphabetical order"): code reads each item's key
and checks the order.

The key of an item (in a table, the cell under the one column a word of the criterion names,
where every row has one there, else the whole row) is, for an order in time, its one date
(items of as many dates each compared place by place, every place agreeing), else its first
clock time, else its one weekday or month name; for speed, its one race time (`18:42`,
`1:02:13`); for amounts, its one sum of money, else its one number; for names, its first
cell's words; for codes, the first number of its first cell. A list is items in a row
(`listing.py`: a plain line parts two, as does a table meeting a bulleted list), or, but for
names and codes, three plain lines or more in a row; for an order in time, headings of one
mark and level too. The list read is the one under the heading that names the things, else
the answer's only list whose every item has a key (names: only a naming heading's, or the
answer's only list beside no code block). Met when the keys run the asked way (ties in any
order), unmet when two items stand the wrong way round. Left to the grader: an order the task
gives or of events ("in the order they were scored"), a key inside a name (by surname, by first
author), dates of no year code can read, items whose dates disagree place by place, two lists
either of which may be meant, and a negated criterion.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.durations import _TIME, _minutes
from rubricflow.activities.grader.listing import RULE, cells, heading, is_item, item_text, items_from, unmarked
from rubricflow.activities.grader.naming import named_stems
from rubricflow.activities.grader.weekdays import dates_on, one_year

_SOON = r"(?:earliest|oldest|soonest)"
_LATE = r"(?:newest|latest|most recent)"
_TOP = r"[^,.;]{0,25}?\b(?:first|at the top)\b"
_KINDS: tuple[tuple[str, bool, re.Pattern[str]], ...] = tuple(
    (kind, falling, re.compile(pattern, re.I))
    for kind, falling, pattern in (
        ("fast", False, rf"\bfastest\b{_TOP}|\bfrom the fastest\b"),
        ("when", True, rf"\b{_LATE}\b{_TOP}|\bfrom (?:the )?{_LATE}\b"),
        (
            "when",
            False,
            rf"\bchronological(?:ly)?\b|\b(?:date|time|calendar) order\b|\bin order of (?:their )?(?:dates?|times?)\b"
            rf"|\b{_SOON}\b{_TOP}|\bfrom (?:the )?{_SOON}\b|\bmonday (?:through|to) sunday\b|\bdays of the week run\b",
        ),
        ("amount", True, r"\b(?:highest|largest|biggest|most expensive)\b[^,.;]{0,25}?\bfirst\b|\bfrom the "
         r"(?:highest|largest|biggest)\b|\bdescending order of\b"),
        ("amount", False, r"\b(?:lowest|smallest|cheapest)\b[^,.;]{0,25}?\bfirst\b|\bfrom the (?:lowest|smallest|"
         r"cheapest)\b|\bascending order of (?:the )?(?:amounts?|prices?|costs?|values?)\b"),
        ("code", False, r"\bascending order of\b|\bin order of (?:their |the )?(?:\w+ )?(?:ids?|codes?|numbers?|tags?)"
         r"\b|\bsorted by (?:their |the )?(?:\w+ )?(?:ids?|codes?|numbers?|tags?)\b"),
        ("name", False, r"\balphabetical(?:ly)?\b|\bA to Z\b|\bA-Z\b"),
    )
)  # fmt: skip
"""Each kind of order, whether its keys fall, and the wordings that ask for it, tried in turn."""
_ELSE = re.compile(
    r"\b(?:not|never|no|task|request|requested|gave|given|gives|quote|(?:they|it) (?:first )?appears?|scored|scanned|flown|route|"
    r"each|every|within|surname|surnames|author|authors|designators?|priority|severity)\b|n't\b",
    re.I,
)
_WEEKDAYS = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_MONTHS = (
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
    "december",
)  # fmt: skip
_RACE = re.compile(r"(?<![\d:.])(\d{1,2}(?::\d\d){1,2})(?![\d:])")
_MONEY = re.compile(r"[£$€¥]\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?")
_NUMBER = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?![\d,]\d)")
_DIGITS = re.compile(r"\d+")
_LABEL = re.compile(r"^[*_`]*([^:|*_`(]+?)[*_`]*\s*(?::|\(|\s[-–—]\s|$)")
_LEVEL = re.compile(r"^\s*(?:#+|\**)")
"""A heading's mark: headings of one mark and level are one list."""
_PLAIN = frozenset(
    "the a an of for with in on to that this its their is are run runs lists list puts sorts orders ranks order "
    "sorted first top from earliest oldest soonest newest latest most recent fastest slowest highest lowest largest "
    "smallest biggest cheapest ascending descending date time calendar chronological chronologically alphabetical "
    "alphabetically records appear shows table rows entries items".split()
)


def sequence_asked(criterion: str) -> tuple[str, bool] | None:
    """The kind of key `criterion` orders a list by and whether it falls; None for none."""
    if _ELSE.search(criterion):
        return None
    return next(((kind, falling) for kind, falling, asks in _KINDS if asks.search(criterion)), None)


def _first_cell(item: str) -> str:
    if item.lstrip().startswith("|"):
        return cells(item)[0]
    found = _LABEL.match(unmarked(item))
    return found.group(1) if found else unmarked(item)


def _one(values: list[Any]) -> Any:
    return values[0] if len(values) == 1 else None


def _names_of(text: str, names: tuple[str, ...]) -> list[int]:
    return [names.index(w) for w in re.findall(r"[a-z]+", text.lower()) if w in names]


def _when(texts: list[str], year: int | None) -> list[Any] | None:
    """Each item's one date (its first clock time after it), else first clock time, else one
    weekday or month name: the first of these every item has."""
    dates = [dates_on(text, year) for text in texts]
    times = [[_minutes(m, False) for m in _TIME.finditer(text)] for text in texts]
    if any(dates):
        if len({len(d) for d in dates}) == 1 and len(dates[0]) > 1:
            return dates  # several dates an item, compared place by place (`_wrong`)
        return [(_one(d), t[0] if t else 0.0) if len(d) == 1 else None for d, t in zip(dates, times, strict=True)]
    if all(times):
        return [t[0] for t in times]
    if year is None and any(dates_on(text, 2000) for text in texts):
        return None  # dates of no year or of several: which comes first is unclear
    for names in (_WEEKDAYS, _MONTHS):
        found = [_names_of(text, names) for text in texts]
        if all(found):
            return [_one(f) for f in found]
    return None


def _race(text: str) -> float | None:
    found = _RACE.findall(text)
    if len(found) != 1:
        return None
    seconds = 0
    for part in found[0].split(":"):
        seconds = seconds * 60 + int(part)
    return float(seconds)


def _amount(texts: list[str]) -> list[Any]:
    pattern = _MONEY if any(_MONEY.search(text) for text in texts) else _NUMBER
    return [_one([float(m.group(1).replace(",", "") + (m.group(2) or "")) for m in pattern.finditer(t)]) for t in texts]


def _read(kind: str, items: list[str], texts: list[str], year: int | None) -> list[Any] | None:
    if kind == "when":
        return _when(texts, year)
    readers: dict[str, Callable[[], list[Any]]] = {
        "fast": lambda: [_race(t) for t in texts],
        "amount": lambda: _amount(texts),
        "name": lambda: [" ".join(re.findall(r"[a-z0-9]+", _first_cell(i).lower())) or None for i in items],
        "code": lambda: [int(d.group()) if (d := _DIGITS.search(t)) else None for t in texts],
    }
    return readers[kind]()


def _complete(keys: list[Any] | None) -> bool:
    return keys is not None and all(key is not None for key in keys)


def _keys(kind: str, items: list[str], column: int | None, year: int | None) -> list[Any] | None:
    """Each item's key (None where an item has none or several; None when the kind reads none),
    from the cells of the column the criterion names where every one has one, else the items'."""
    if column is not None:
        column_cells = [row[column] if column < len(row) else "" for row in map(cells, items)]
        if _complete(keys := _read(kind, items, column_cells, year)):
            return keys
    return _read(kind, items, [_first_cell(i) if kind == "code" else item_text(i) for i in items], year)


def _column(answer: str, items: list[str], named: list[re.Pattern[str]]) -> int | None:
    """The column of the table `items` are rows of whose header a word of the criterion names."""
    if not items[0].lstrip().startswith("|"):
        return None
    lines = answer.splitlines()
    at = lines.index(items[0])
    if at < 2 or not RULE.match(lines[at - 1]):
        return None
    header = cells(lines[at - 2])
    hits = [i for i, cell in enumerate(header) if any(word.search(cell) for word in named)]
    return hits[0] if len(hits) == 1 else None


def _lists(answer: str) -> list[tuple[str, list[str]]]:
    """The answer's lists, each the items in a row (`listing.py`), under the heading above it."""
    found, title, lines, index = [], "", answer.splitlines(), 0
    while index < len(lines):
        if (words := heading(lines[index])) is not None:
            title, index = words, index + 1
        elif is_item(lines[index]):
            items, index = items_from(lines, index)
            found.append((title, items))
        else:
            index += 1
    return found


def _plain_runs(answer: str) -> list[tuple[str, list[str]]]:
    """The answer's runs of three lines or more in a row that are neither headings nor list
    items nor fenced, each under the heading above it ("3:30 pm to 3:35 pm: Miss Patel")."""
    found: list[tuple[str, list[str]]] = []
    title, run, fenced = "", [], False
    for line in [*answer.splitlines(), ""]:
        fenced ^= line.strip().startswith("```")
        plain = line.strip() and not fenced and not is_item(line) and heading(line) is None
        if plain and not line.strip().startswith("```"):
            run.append(line)
            continue
        if len(run) >= 3:
            found.append((title, run))
        run = []
        title = heading(line) or title
    return found


def _runs(answer: str, kind: str) -> list[tuple[str, list[str]]]:
    """The answer's lists under their headings (`_lists`); but for names and codes, its runs of
    plain lines; for an order in time, its headings too, as one list."""
    found = _lists(answer)
    if kind not in ("name", "code"):
        found += _plain_runs(answer)
    if kind == "when":
        marked = [line for line in answer.splitlines()[1:] if heading(line) is not None]
        for level in {_LEVEL.match(line).group() for line in marked}:
            found.append(("", [line for line in marked if _LEVEL.match(line).group() == level]))
    return [(title, items) for title, items in found if len(items) >= 2]


def _wrong(keys: list[Any], falling: bool) -> int | None:
    """The first item standing after one it should precede (place by place where each item has
    several keys and every place agrees), None when none does; -1 when the places disagree."""
    if isinstance(keys[0], list):
        found = {_wrong([key[place] for key in keys], falling) for place in range(len(keys[0]))}
        return found.pop() if len(found) == 1 else -1
    return next(
        (i + 1 for i in range(len(keys) - 1) if (keys[i + 1] > keys[i] if falling else keys[i + 1] < keys[i])), None
    )


def sequence_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the order of its list's keys; None when it asks no order of
    items, or which list, or an item's key, is unclear."""
    asked = sequence_asked(criterion)
    if asked is None:
        return None
    kind, falling = asked
    named, year = named_stems(criterion, _PLAIN), one_year(answer)
    keyed = [
        (title, items, _keys(kind, items, _column(answer, items, named), year)) for title, items in _runs(answer, kind)
    ]
    meant = [k for k in keyed if k[0] and any(word.search(k[0]) for word in named)]
    if len(meant) != 1:
        if kind == "name" and (len(keyed) != 1 or "```" in answer):
            return None  # every list has names, a block's lines too: only a heading shows which is meant
        meant = [k for k in keyed if _complete(k[2])]
    if len(meant) != 1 or not _complete(meant[0][2]):
        return None
    title, items, keys = meant[0]
    wrong = _wrong(keys, falling)
    if wrong == -1:
        return None
    if wrong is not None:
        why = f"{item_text(items[wrong])!r} comes after {item_text(items[wrong - 1])!r}"
        return Evidence(False, why, f"sequence: {why}", quote=items[wrong].strip())
    where = f"the {len(items)} items under {title!r}" if title else f"the {len(items)} items of the list"
    return Evidence(True, "", f"sequence: {where} run in order", quote=items[0].strip())

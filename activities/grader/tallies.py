"""A criterion asking that a count the answer states match the things it lists ("The number of
trips it gives matches the trips listed", "Says how many chapters there are, and lists that
many"): counting decides, so code reads it.

The stated count is the one number (in figures or words up to twenty) written up to three words
before a word the criterion names the things by ("three people to call", "6 test cases", "Twelve
volunteers", "Six people sponsored me"); the things are the items of the list that starts within
two lines after it (bulleted or numbered lines, or a table's rows below its header; a count
above every heading followed by lists under headings of their own may be of them all, and
decides nothing), else of the list right under the one heading naming them. Met when the two
agree, unmet when not. Left to the grader: a count of things marked some way ("the dishes marked
VG", "the skills said to be at 5/5"), a count for each of several, one the answer states twice
or further from the things' name, things in no list, and a list a blank line parts at some
of its items but not all (one loose list, or two).
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.listing import heading, is_item, items_from
from rubricflow.activities.grader.naming import named_stems
from rubricflow.activities.grader.number_words import WORDS, number_value

_NUMBER = re.compile(r"(?<![\w.,:/-])(?P<n>\d{1,2}|" + WORDS + r")(?![\w.,:/-]|\.\d)", re.I)
_ASKS = re.compile(r"\b(?:number|how many|count)\b", re.I)
_LISTED = re.compile(r"\b(?:list\w*|that many|has that many|schedule|outline|plan|checklist|results)\b", re.I)
_AGREE = re.compile(r"\b(?:match\w*|agrees?|right|correct|that many|equals?)\b", re.I)
_ELSE = re.compile(
    r"\b(?:not|never|each|every|per|marked|rated|scored|nights?|days?|minutes?|hours?|weeks?|months?|"
    r"years?|total|sum|between)\b|n't\b|\bat\s+\d",
    re.I,
)
_PLAIN = frozenset(
    "the a an of for with it its is are and in on to that this which number how many count states state stated "
    "says say said gives give given there matches match agrees agree with right correct equals equal lists list "
    "listed that many has have schedule outline plan checklist words figures figure being were was".split()
)


def asks_tally(criterion: str) -> bool:
    """Whether `criterion` asks that a count the answer states match the things it lists."""
    return bool(
        _ASKS.search(criterion)
        and _LISTED.search(criterion)
        and _AGREE.search(criterion)
        and not _ELSE.search(criterion)
    )


def _stated(lines: list[str], stems: list[re.Pattern[str]]) -> list[tuple[int, int]]:
    """(line index, count) of each number written up to three words before a word of `stems`
    ("Six people sponsored me")."""
    found = []
    for index, line in enumerate(lines):
        if is_item(line):
            continue  # a list's own numbers count its items' contents, not the list
        for match in _NUMBER.finditer(line):
            after = line[match.end() :]
            following = re.match(r"\s+((?:[\w'-]+\s+){0,2}[\w'-]+)", after)
            if following and any(s.match(w) for s in stems for w in following.group(1).split()):
                found.append((index, number_value(match.group("n"))))
    return found


def _one_list(lines: list[str], start: int, parted: set[int]) -> tuple[list[str] | None, int]:
    """The items of the list starting at `lines[start]` (None where a blank line parts some of
    its items but not all: one loose list, or two lists, code cannot tell), and the index of
    the line after it."""
    items, end = items_from(lines, start)
    gaps = [index in parted for index in range(start + 1, end)]
    return (None if any(gaps) and not all(gaps) else items), end


def _listed(lines: list[str], at: int, stems: list[re.Pattern[str]], parted: set[int]) -> list[str] | None:
    """The items of the list starting on one of the two lines after `at` (when `at` stands
    above every heading, no sibling list may follow under a heading of its own: the count may
    be of them all); else of the list right under the one heading naming the things. `parted`
    holds the indices of the lines a blank line stood above."""
    for start in range(at + 1, min(at + 3, len(lines))):
        if is_item(lines[start]):
            items, end = _one_list(lines, start, parted)
            preamble = all(heading(line) is None for line in lines[:at])
            sibling = preamble and end + 1 < len(lines) and heading(lines[end]) is not None and is_item(lines[end + 1])
            return None if sibling else items
        if heading(lines[start]) is not None:
            break
    named = [
        i
        for i, line in enumerate(lines)
        if i not in (at, 0) and (words := heading(line)) is not None and any(s.search(words) for s in stems)
    ]  # the first line is the answer's title, naming the whole
    if len(named) != 1 or named[0] + 1 >= len(lines) or not is_item(lines[named[0] + 1]):
        return None
    return _one_list(lines, named[0] + 1, parted)[0]


def tally_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by counting the things a stated count is of; None when it asks no
    such count, or code cannot find the one count and its list."""
    if not asks_tally(criterion):
        return None
    stems = named_stems(criterion, _PLAIN)
    if not stems:
        return None
    lines, parted = [], set()
    for line in answer.splitlines():
        if not line.strip():
            parted.add(len(lines))
        else:
            lines.append(line)
    stated = _stated(lines, stems)
    if len({count for _, count in stated}) != 1:
        return None
    at, count = stated[0]
    items = _listed(lines, at, stems, parted)
    if not items:
        return None
    if len(items) == count:
        return Evidence(True, "", f"tally: it states {count} and lists {count}", quote=lines[at].strip())
    why = f"it states {count} but lists {len(items)}"
    return Evidence(False, why, f"tally: {why}", quote=lines[at].strip())

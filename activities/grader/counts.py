"""A criterion asking for exactly so many of a thing ("Lists exactly 6 key features", "Names
3 strengths, no more and no fewer"): counting decides, so code reads it off the list that holds
the things.

The thing is named after the number ("exactly 6 key features"), or before it where the items
are named by a word for any item ("the keys handed over as exactly five entries", "The keys
section has five items, no more and no fewer", "described in a list of three points"). The
list is the items (bulleted or numbered lines, or a table's rows below its header row, a
total's row none: `listing.py`) under the one heading that names the thing (every word of the
criterion's name for it, else one; a word's first five letters), up to the next heading; the
answer's first line only where no other heading names it (a title names the whole); where
several name it, the one that names nothing else ("Chores", not "Chore chart: Zainab and
Idris"). Met when it has as many items as the criterion asks, unmet when it has more or
fewer. Left to the grader: a count of things no heading names (or several do), a count of
lengths of time or of the answer's sections, a bound ("at most 6", "no more than three"), a
count of each of several ("every day has 3 activities"), and a negated criterion.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.listing import heading as heading_words
from rubricflow.activities.grader.listing import lists
from rubricflow.activities.grader.naming import most_named, named_stems
from rubricflow.activities.grader.number_words import WORDS, number_value
from rubricflow.activities.grader.quotes import body

_N = rf"(?P<n>\d{{1,2}}|{WORDS})"
_EXACTLY = re.compile(rf"\bexactly\s+{_N}\s+(?P<thing>[^,.;]+?)\s*(?:[,.;]|$)", re.I)
_NO_MORE = re.compile(
    rf"\b{_N}\s+(?P<thing>[^,.;]+?),?\s+(?:no more(?:,| and| or)? no fewer|no fewer(?:,| and| or)? no more)\b", re.I
)
_ELSE = re.compile(
    r"\b(?:not|never|every|each|per|a day|a week|at most|at least|up to|or fewer|or more|apart|ahead|before|after|"
    r"lasts?|hours?|minutes?|days?|weeks?|months?|years?|sections?|headings?|totals?)\b",
    re.I,
)
_PLAIN = frozenset(
    "the a an of for with it its is are and in on to that this which lists list names name gives give has have "
    "includes include covers cover shows sets out states exactly no more fewer items things".split()
)


_UNITS = r"(?:entries|items|points|bullets|bullet points|lines|rows|things|steps)"
_NAMED_FIRST = (
    re.compile(rf"^(?:lists|gives|names|shows|sets out)\s+(?P<thing>.+?)\s+as\s+exactly\s+{_N}\s+{_UNITS}\.?$", re.I),
    re.compile(
        rf"^(?:the\s+)?(?P<thing>.+?)\s+(?:section|list)\s+(?:has|contains|holds|gives)\s+(?:exactly\s+)?{_N}\s+"
        rf"{_UNITS}(?:,?\s+no more(?:,| and| or)? no fewer)?\.?$",
        re.I,
    ),
    re.compile(
        rf"^(?:the\s+)?(?P<thing>.+?)\s+(?:is|are)\s+(?:(?:described|given|set out|listed|written)\s+(?:in|as)\s+)?a\s+"
        rf"list\s+of\s+(?:exactly\s+)?{_N}\s+{_UNITS}\.?$",
        re.I,
    ),
    re.compile(
        rf"^(?:the\s+)?(?:list|section)\s+(?:of|on|about)\s+(?P<thing>.+?)\s+(?:has|contains|holds)\s+(?:exactly\s+)?"
        rf"{_N}\s+{_UNITS}(?:,?\s+no more(?:,| and| or)? no fewer)?\.?$",
        re.I,
    ),
    re.compile(
        rf"^(?:lists|gives|names|includes|shows|sets out|provides)\s+(?:all\s+)?{_N}\s+(?P<thing>[^,;.]+?)"
        r"(?:,?\s+no more(?:,| and| or)? no fewer)?\.?$",
        re.I,
    ),
    re.compile(
        rf"^(?:explains|sets out|describes|gives|lists|covers)\s+(?P<thing>.+?)\s+in\s+(?:exactly\s+)?{_N}\s+{_UNITS}"
        r"(?:,?\s+no more(?:,| and| or)? no fewer)?\.?$",
        re.I,
    ),
    re.compile(
        rf"^(?:lists|gives|includes|has|provides|shows)\s+(?:an?|the)\s+(?P<thing>.+?)\s+(?:of|with)\s+(?:exactly\s+)?"
        rf"{_N}\s+{_UNITS}\.?$",
        re.I,
    ),
)
"""Counts that name the thing before the number, its items by a word for any item ("Lists the
keys handed over as exactly five entries", "The keys section has five items, no more and no
fewer", "The design is described in a list of three points", "The accepted items are a list of
exactly five things", "The list of what to bring has five items", "The how-it-works list has
five steps", "Explains how it works in exactly four steps": a list's size; "Lists four
optional extras", "Lists all five collections that change", "Gives a check-out checklist of five
steps": a list of so many is that many, no more and no fewer)."""


def count_asked(criterion: str) -> tuple[int, str] | None:
    """How many of which thing `criterion` asks for exactly; None when it asks no exact count."""
    named_first = next((m for pattern in _NAMED_FIRST if (m := pattern.match(criterion.strip()))), None)
    if named_first is not None and not _ELSE.search(named_first.group("thing")):
        return number_value(named_first.group("n").lower()), named_first.group("thing")
    if _ELSE.search(criterion):
        return None
    found = _EXACTLY.search(criterion) or _NO_MORE.search(criterion)
    if not found:
        return None
    n = found.group("n").lower()
    return number_value(n), found.group("thing")


_WORD = re.compile(r"[^\W\d_]+")


def _only_the_thing(heading: str, stems: list[re.Pattern[str]]) -> bool:
    """Whether every word of `heading` but short and plain ones is a word the thing is named by."""
    words = [w for w in _WORD.findall(heading) if len(w) > 2 and w.lower() not in _PLAIN]
    return bool(words) and all(any(stem.match(word) for stem in stems) for word in words)


def count_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by counting the items of the list of the thing it counts; None
    when it asks no exact count, or code cannot tell which list holds the things."""
    asked = count_asked(criterion)
    if asked is None:
        return None
    n, thing = asked
    found = lists(answer)
    stems = named_stems(thing, _PLAIN)
    title = next((line for line in body(answer).splitlines() if line.strip()), "")
    headed = [(h, items) for h, items in found if h]
    untitled = [(h, items) for h, items in headed if h != heading_words(title)]
    named = most_named(untitled, lambda listed: listed[0], stems) or most_named(headed, lambda listed: listed[0], stems)
    if len(named) > 1:
        named = [(h, items) for h, items in named if _only_the_thing(h, stems)] or named
    if len(named) != 1:
        return None
    heading, items = named[0]
    where = f"under {heading!r}"
    if len(items) == n:
        return Evidence(True, "", f"count: {n} items {where}", quote=items[0].strip())
    why = f"the answer lists {len(items)} items {where}, not {n}"
    return Evidence(False, why, f"count: {why}", quote=items[0].strip())

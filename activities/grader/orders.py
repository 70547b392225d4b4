"""A criterion asking that one part of the answer come before another ("The results section
comes before the money raised", "Puts the key features before the description", "The earnings
section comes first and the deductions after it", "The media contact comes after the About
section"): where each part begins decides, so code
reads it off the answer's headings.

A part is where a heading names it: a Markdown heading, a line that is only bold, a short line
ending in a colon, or the label of a `Label: value` line (not a list item's), holding a word
the criterion names the part by (a word's first five letters, or a word naming the same part
of a document: "Costs" for the price, `naming.section_stems`) and none it names the other by,
those holding every word of a part of several ("Next steps", not "Next term") where any do;
the answer's first line is none (its title names the whole, so every part). Met when every
heading of the one part stands above every heading of the other; unmet when every one stands
below; headings that interleave are an order of items, not of two parts. Left to the grader:
a part no heading names, or one whose words name both parts' headings, steps or events in time
("checks the logs before restarting", "imports pytest before slugify"; "the checks carried
out" and "the timings for the day" are parts), an order of many ("in time order", "in the
order Done, In progress, Blocked"), a criterion about each or every one, and a negated one.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.naming import named_stems, section_stems
from rubricflow.activities.grader.quotes import body

_BEFORE = re.compile(
    r"^(?:(?:puts|gives|lists|places|shows|has|sets out|states)\s+)?(?P<a>.+?)\s+"
    r"(?:(?:section|part|list|table)\s+)?(?:(?:comes?|is|are|appears?|goes|stands?)\s+)?"
    r"(?:(?:first|earlier),?\s+)?(?:before|ahead of|above)\s+(?P<b>.+?)\.?$",
    re.I,
)
_FIRST_THEN = re.compile(
    r"^(?P<a>.+?)\s+(?:(?:section|part|list|table)\s+)?(?:comes?|is|are|goes)\s+first,?\s+and\s+(?P<b>.+?)\s+"
    r"(?:(?:comes?|goes|is|are)\s+)?after(?:wards| it| them)?\.?$",
    re.I,
)
_AFTER = re.compile(
    r"^(?P<b>.+?)\s+(?:(?:section|part|list|table)\s+)?(?:comes?|is|are|appears?|goes|stands?)\s+"
    r"(?:after|below|beneath|following)\s+(?P<a>.+?)\.?$",
    re.I,
)
_ELSE = re.compile(
    r"\b(?:not|never|no|every|each|all|order|import\w*|step|then|until|once|when|while|during|date|time|(?<!for the )day|days|"
    r"week|weeks|minutes|hours|starts?|runs?|(?<!the )checks?|switch\w*|install\w*|copy\w*|restart\w*)\b|n't\b|\d|`",
    re.I,
)
_HEADING = re.compile(
    r"^\s*(?:#{1,6}\s+(?P<md>.+?)\s*#*\s*$|\*\*(?P<bold>[^*]+?):?\*\*:?\s*$|(?P<colon>[A-Z][^.!?:|]{0,50}):\s*$"
    r"|\*\*(?P<label>[^*:]{1,50}):?\*\*:?\s+\S|(?P<plain>[A-Z][^.!?:|]{0,40}):\s+\S)"
)
_PLAIN = frozenset(
    "the a an of for with it its is are and in on to that this which gives give puts put lists list places shows "
    "has sets out states section sections part parts table comes come first after before ahead above appears "
    "goes stands new full own what saying explaining describing giving listing".split()
)


def _parts(criterion: str) -> tuple[str, str] | None:
    """The two parts `criterion` orders, the earlier first; None when it orders no two parts."""
    if _ELSE.search(criterion):
        return None
    found = _FIRST_THEN.match(criterion) or _BEFORE.match(criterion) or _AFTER.match(criterion)
    if not found:
        return None
    a, b = (_LIST_OF.sub("", found.group(p)) for p in "ab")
    return (a, b) if _a_name(a) and _a_name(b) else None


_LIST_OF = re.compile(r"^(?:the\s+)?(?:list|section|part|table|one)\s+(?:of|on|about)\s+", re.I)
"""The words before what a part holds ("the list of what to bring", "the one about rent"): they
name no part ("the About section" is named by "About")."""


def _a_name(part: str) -> bool:
    """Whether `part` names a part of the answer in a few words, not an act ("asks guests to tell
    a member of staff about allergies")."""
    return 0 < len(part.split()) <= 5


def asks_order(criterion: str) -> bool:
    """Whether `criterion` asks that one part of the answer come before another."""
    return _parts(criterion) is not None


def _headings(answer: str) -> list[tuple[int, str]]:
    """The answer's headings but its first line: that is its title (naming the whole, so every
    part), or its first section's heading; which is unclear."""
    found = []
    lines = body(answer).splitlines()
    first = next((i for i, line in enumerate(lines) if line.strip()), 0)
    for index, line in enumerate(lines):
        if index != first and (match := _HEADING.match(line)):
            found.append((index, next(g for g in match.groups() if g)))
    return found


def _named(headings: list[tuple[int, str]], words: str, other: str) -> list[tuple[int, str]]:
    """The headings holding a word the part is named by and none the other part is."""
    stems, others = section_stems(words, _PLAIN), section_stems(other, _PLAIN)
    named = [(i, h) for i, h in headings if any(s.search(h) for s in stems) and not any(s.search(h) for s in others)]
    own = named_stems(words, _PLAIN)
    return [(i, h) for i, h in named if len(own) > 1 and all(s.search(h) for s in own)] or named


def order_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by where the two parts it orders begin; None when it orders none,
    or a heading names neither or both."""
    parts = _parts(criterion)
    if parts is None:
        return None
    headings = _headings(answer)
    earlier, later = _named(headings, *parts), _named(headings, *reversed(parts))
    if not earlier or not later:
        return None
    if earlier[-1][0] < later[0][0]:
        return Evidence(True, "", f"order: {earlier[0][1]!r} stands above {later[0][1]!r}", quote=earlier[0][1])
    if later[-1][0] < earlier[0][0]:
        why = f"{later[0][1]!r} stands above {earlier[0][1]!r}"
        return Evidence(False, why, f"order: {why}", quote=later[0][1])
    return None  # the two parts' headings interleave: an order of items, not of two parts

"""A criterion asking that given words or a reference be written exactly ("Writes the inscription
exactly as "God Bless Alfie"", "Quotes the serial number HW8-5521-0937 exactly", "Quotes PL 10483
exactly as the plumbing licence number"): whether the answer holds them decides, so code reads it.

The words are those the criterion quotes (one quotation), else its one reference: a run of
capitals, figures, hyphens, slashes and spaces of five characters or more holding three figures
or more, less any leading words of letters alone ("the unit ID SPG-1840-2B" is "SPG-1840-2B"
where "ID SPG-1840-2B" is not held). Curly quotes and apostrophes are their plain marks. Met
when the answer holds the words, character for character, as words of their own; unmet when it
holds them nowhere (a quotation's case is its own: "God bless Alfie" is not "God Bless Alfie").
Left to the grader: a reference held only with other spacing or case, a criterion asking for
each or every one of several ("every passenger's name"), steps or an order kept as the
original, a count ("exactly three"), and a negated criterion.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence

_ASKS = re.compile(r"\bexactly\b", re.I)
_ELSE = re.compile(
    r"\b(?:not|never|no|each|every|all|steps?|order|original|how many|number of|"
    r"exactly (?:one|two|three|four|five|six|seven|eight|nine|ten|\d+))\b|n't\b",
    re.I,
)
_QUOTED = re.compile(r"[\"\u201c]([^\"\u201c\u201d]{2,80})[\"\u201d]")
_REFERENCE = re.compile(r"(?<![\w/-])((?=[A-Z0-9/ -]*\d)[A-Z0-9]+(?:[-/ ][A-Z0-9]+)*)(?![\w/-])")
_PLAIN_MARKS = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def _wanted(criterion: str) -> list[str] | None:
    """The ways the words may stand, the fullest first; None unless the criterion names one."""
    quoted = _QUOTED.findall(criterion)
    if quoted:
        return [quoted[0].translate(_PLAIN_MARKS).strip()] if len(quoted) == 1 else None
    references = [
        m.group(1)
        for m in _REFERENCE.finditer(criterion)
        if len(m.group(1)) >= 5 and sum(c.isdigit() for c in m.group(1)) >= 3
    ]
    if len(references) != 1:
        return None
    parts = references[0].split(" ")
    ways = [references[0]]
    while len(parts) > 1 and not any(c.isdigit() for c in parts[0]):
        parts = parts[1:]
        ways.append(" ".join(parts))
    return ways


def _squashed(text: str) -> str:
    return re.sub(r"\s", "", text).lower()


def exact_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by whether the answer holds the words it gives; None when it gives
    none, or asks more of them, or the answer holds its reference only spaced or cased otherwise."""
    if not _ASKS.search(criterion) or _ELSE.search(criterion) or (ways := _wanted(criterion)) is None:
        return None
    text = answer.translate(_PLAIN_MARKS)
    for words in ways:
        if re.search(rf"(?<!\w){re.escape(words)}(?!\w)", text):
            return Evidence(True, "", f"exact words: the answer holds {words!r}", quote=words)
    if not _QUOTED.search(criterion) and any(_squashed(words) in _squashed(text) for words in ways):
        return None  # a reference spaced or cased otherwise: whether that is it is the grader's
    why = f"the answer does not hold {ways[0]!r} as written"
    return Evidence(False, why, f"exact words: {why}")

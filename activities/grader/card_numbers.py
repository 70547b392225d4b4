"""A criterion asking that the answer not show a card number in full ("Does not print a full
card number", "Keeps the payment card number masked rather than printing all of it", "Shows at
most the last four digits of the card number", "Gives at most the last four digits of the
payment card", "Does not show the borrower's full library card number"): whether twelve digits
stand together decides, so code reads it.

A card number in full is a run of 12 to 19 digits, written together or in groups split by one
space or dash ("4659 3390 1842 7720", "20117345215021"), not after a "+" (a telephone number
in its international form). Unmet when the answer holds one; met when it holds none (a masked
number, "**** 4821", "ending 7720", or none at all). Left to the grader: a criterion about some
other number, and one that asks the number be shown (no word of hiding it).
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence

_ASKS = re.compile(r"\bcard numbers?\b|\bdigits of (?:the|their|your|a|its|the \w+'s) (?:\w+ )?card\b", re.I)
_HIDDEN = re.compile(
    r"\b(?:not|no|never|without|masked|masks?|hidden|hides?|hide|obscured?|redacted?|"
    r"(?:only|at most|no more than)\s+(?:the\s+|its\s+)?last)\b|n't\b",
    re.I,
)
_FULL = re.compile(r"(?<![\d+])(?<!\+ )\d(?:[ -]?\d){11,18}(?!\d)")


def card_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by whether a card number stands in full; None when it asks
    nothing of one."""
    if not _ASKS.search(criterion) or not _HIDDEN.search(criterion):
        return None
    full = _FULL.search(answer)
    if full is None:
        return Evidence(True, "", "card number: no run of 12 digits or more stands in the answer")
    line = next(line for line in answer.splitlines() if full.group(0) in line).strip()
    why = f"the answer shows {full.group(0)!r} in full"
    return Evidence(False, why, f"card number: {why}", quote=line)

"""A criterion asking that the answer keep a person's date of birth out ("Does not include the
tenant's date of birth", "Leaves the patient's date of birth out of the letter"): whether a
date stands beside the words for one decides, so code reads it.

Unmet when a line holds "date of birth", "DOB" or "born" and a date (a written one, or one in
figures: 14/03/1994, 1994-03-14); met when no line holds those words. A line holding the
words with no date code reads ("born in spring") is left to the grader, as is a criterion that
asks a date of birth be given.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.phone_numbers import KEPT_OUT
from rubricflow.activities.grader.weekdays import dates_on

_ASKS = re.compile(r"\bdates? of birth\b|\bDOB\b|\bbirth ?dates?\b", re.I)
_NUMERIC = re.compile(r"\b\d{1,2}[/.-]\d{1,2}[/.-](?:\d{2}|\d{4})\b|\b\d{4}-\d{2}-\d{2}\b")
_WORDS = re.compile(r"\bdates? of birth\b|\bD\.?O\.?B\b|\bborn\b|\bbirth ?dates?\b", re.I)


def birth_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by whether a date of birth stands in the answer; None when it asks
    nothing of one, or the answer names one code cannot read."""
    if not (_ASKS.search(criterion) and KEPT_OUT.search(criterion)):
        return None
    named = [line.strip() for line in answer.splitlines() if _WORDS.search(line)]
    if not named:
        return Evidence(True, "", "date of birth: no line names one")
    dated = next((line for line in named if dates_on(line, None) or _NUMERIC.search(line)), None)
    if dated is None:
        return None
    why = f"the answer gives a date of birth ({dated[:80]!r})"
    return Evidence(False, why, f"date of birth: {why}", quote=dated)

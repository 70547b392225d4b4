"""A criterion asking that every reference follow a pattern ("Every reference is written as
LP- followed by four digits", "Item references all use the KM-0000 format"): each reference
decides, so code reads them all.

The pattern is letters and a dash written with zeros for its digits ("KM-0000"), or letters
(and a dash) "followed by" so many digits. A reference is a run of the pattern's letters, then
digits, with or without the dash or a space between, standing as a word ("KM-224", "KM2203"),
in capitals as references are written ("5 km 300 m" is none). Met when the answer writes one or more and every one fits the pattern; unmet when
one does not. Left to the grader: an answer that writes none, a criterion asking anything but
that every reference fit, and a negated one.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.number_words import WORDS, number_value

_ALL = re.compile(r"\b(?:all|every|each)\b", re.I)
_ELSE = re.compile(r"\b(?:not|never|no)\b|n't\b", re.I)
_ZEROS = re.compile(
    r"\b(?:use|uses|using|in|as|follow|follows|match|matches)\s+(?:the\s+)?(?P<letters>[A-Z]{1,5})(?P<dash>-?)(?P<zeros>0{2,8})\s+(?:format|pattern|form)\b"
)
_FOLLOWED = re.compile(
    rf"\b(?:written as|as|use|uses|are|is)\s+(?P<letters>[A-Z]{{1,5}})(?P<dash>-?)\s+followed by\s+(?P<n>\d|{WORDS})\s+digits\b"
)


def reference_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by every reference the answer writes; None when it asks no
    pattern of each, or the answer writes none."""
    if not _ALL.search(criterion) or _ELSE.search(criterion):
        return None
    asked = _ZEROS.search(criterion) or _FOLLOWED.search(criterion)
    if asked is None:
        return None
    letters, dash = asked.group("letters"), asked.group("dash")
    digits = len(asked.group("zeros")) if "zeros" in asked.re.groupindex else number_value(asked.group("n"))
    shown = f"{letters}{dash}{'0' * digits}"
    pattern = re.compile(rf"{letters}{re.escape(dash)}\d{{{digits}}}")
    written = [m.group(0) for m in re.finditer(rf"(?<![\w-]){letters}[-\s]?\d+(?![\w-])", answer)]
    if not written:
        return None
    if wrong := next((w for w in written if not pattern.fullmatch(w)), None):
        why = f"{wrong!r} is not written as {shown}"
        line = next(line.strip() for line in answer.splitlines() if wrong in line)
        return Evidence(False, why, f"reference format: {why}", quote=line)
    return Evidence(True, "", f"reference format: every one of the {len(written)} is written as {shown}")

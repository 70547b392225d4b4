"""A criterion asking that a reference be written one way throughout ("Gives the reference
HF-0386 the same way throughout", "Quotes the booking reference RRC-5530 correctly every time",
"Gives the PCN number as MC20571196 every time"): code reads every code of the answer.

A reference is capitals and digits with a digit among them ("HF-0386", "MC20571196",
"TRN-7702-6615"); a bare number (a port, a price) is none. A variant of it is a code of the
answer other than it, written with the same capitals and digits within two edits of its own
(its digits changed, swapped or dropped; written with another separator or none), or with its
own digits and other capitals ("HR-0386"). Unmet by a variant, quoted on its line; met where
the answer writes the reference and no variant. Left to the grader: a reference the answer
never writes (another way throughout is a question of which is meant), a criterion asking only
that it be given, and a negated one.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.spellings import edits

_REFERENCE = re.compile(r"(?<![\w-])[A-Z]{1,5}[-/ ]?\d+(?:[-/]\d+)*(?:-[A-Z0-9]+)*(?![\w-])")
_ONE_WAY = re.compile(
    r"\b(?:the same way|one way|consistently|throughout|every time|each time|everywhere|wherever)\b", re.I
)
_NEGATED = re.compile(r"\b(?:not|never|no|without)\b|n't\b", re.I)


def reference_asked(criterion: str) -> str | None:
    """The reference `criterion` asks be written one way throughout, or None."""
    if not _ONE_WAY.search(criterion) or _NEGATED.search(criterion):
        return None
    found = [m.group(0) for m in _REFERENCE.finditer(criterion) if re.search(r"\d", m.group(0))]
    return found[0] if len(found) == 1 and " " not in found[0] else None


def _parts(code: str) -> tuple[str, str]:
    return re.sub(r"[^A-Z]", "", code), re.sub(r"\D", "", code)


def _variant(code: str, reference: str) -> bool:
    """Whether `code` is `reference` written another way (see the module's rule)."""
    if code == reference:
        return False
    (letters, digits), (own_letters, own_digits) = _parts(code), _parts(reference)
    if digits == own_digits:
        return True
    return letters == own_letters and edits(digits, own_digits) <= 2


def same_reference_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the codes the answer writes; None when it asks no reference one
    way, or the answer never writes it."""
    reference = reference_asked(criterion)
    if reference is None or reference not in answer:
        return None
    for line in answer.splitlines():
        for match in _REFERENCE.finditer(line):
            code = match.group(0).strip()
            if _variant(code, reference):
                why = f"the answer writes {reference!r} as {code!r} too"
                return Evidence(False, why, f"reference: {code!r} beside {reference!r}", quote=line.strip())
    return Evidence(True, "", f"reference: {reference!r} one way throughout", quote=reference)

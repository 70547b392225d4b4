"""A criterion keeping any street address or postcode out of the answer ("Does not include a
street address or postcode", "Leaves out any house address and postcode", "Keeps the postcode
out of the flyer"): the shapes the answer holds decide, so code reads them.

A postcode is a UK one (`LS12 4PQ`: one or two capitals, a digit, a digit or capital or none,
then a digit and two capitals); a street address a number before one to three capitalised
words and a street's word ("12 Station Road", "4 Mill Lane"). Unmet by either, quoted on its
line; met when the answer holds neither and names no street ("Station Road" alone), and the criterion
keeps nothing else out ("any postcode or what3words location" leaves a clean answer unclear). Left to the
grader: a named street without a number, a person's address ("the customer's home address":
a venue's may stand), and a criterion asking that an address be given.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.phone_numbers import KEPT_OUT

_ASKS = re.compile(r"\b(?:post ?codes?|(?:street|house|postal)\s+address(?:es)?|any\s+address(?:es)?)\b", re.I)
_ELSE_KEPT = re.compile(r"\b(?:or|and|nor)\s+(?:any\s+|a\s+|the\s+)?(?!(?:its|their)\b)[a-z0-9]", re.I)
"""Something else kept out beside the address ("any postcode or what3words location"): an answer
without a postcode may still hold it."""
_PERSON = re.compile(r"\b(?:\w+'s|home|their|his|her)\s+(?:\w+\s+)?address", re.I)
_POSTCODE = re.compile(r"\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b")
_STREETS = (
    r"(?:Road|Rd|Street|St|Lane|Avenue|Ave|Close|Way|Drive|Grove|Place|Crescent|Court|Gardens|Terrace|Hill|"
    r"Square|Row|Walk|Mews|Park|Green|Rise|View|Parade|Broadway)"
)
_NUMBERED = re.compile(rf"\b\d{{1,4}}[A-Za-z]?,?\s+(?:[A-Z][a-z'-]+\s+){{1,3}}{_STREETS}\b")
_NAMED = re.compile(rf"\b(?:[A-Z][a-z'-]+\s+){{1,3}}{_STREETS}\b")


def postcode_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the postcodes and numbered streets the answer holds; None when
    it keeps no address out, or only a person's, or a street stands without a number."""
    if not (_ASKS.search(criterion) and KEPT_OUT.search(criterion)) or _PERSON.search(criterion):
        return None
    for line in answer.splitlines():
        if found := _POSTCODE.search(line) or _NUMBERED.search(line):
            why = f"the answer gives {found.group(0)!r}"
            return Evidence(False, why, f"address kept out: {why}", quote=line.strip())
    if _NAMED.search(answer) or _ELSE_KEPT.search(_ASKS.sub("", criterion)):
        return None
    return Evidence(True, "", "address kept out: the answer gives no postcode and no street")

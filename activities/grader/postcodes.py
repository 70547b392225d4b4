"""A criterion keeping any street address or postcode out of the answer ("Does not include a
street address or postcode", "Leaves out any house address and postcode", "Keeps the postcode
out of the flyer"): the shapes the answer holds decide, so code reads them.

A postcode is a UK one (`LS12 4PQ`: one or two capitals, a digit, a digit or capital or none,
then a digit and two capitals); a street address a number before one to three capitalised
words and a street's word ("12 Station Road", "4 Mill Lane"). Unmet by either, quoted on its
line; met when the answer holds neither and names no street ("Station Road" alone), and the criterion
keeps nothing else out ("any postcode or what3words location" leaves a clean answer unclear). Left to the
grader: a named street without a number, and a criterion asking that an address be given. A
person's address ("the customer's home address") is failed only on a line naming a person, by
title or by the criterion's word for them, and met only by an answer with no postcode and no
street at all: a venue's may stand.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.naming import named_stems
from rubricflow.activities.grader.phone_numbers import KEPT_OUT, TITLE

_ASKS = re.compile(r"\b(?:post ?codes?|(?:street|house|home|postal)\s+address(?:es)?|any\s+address(?:es)?)\b", re.I)
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
_NAMED = re.compile(rf"\b(?!(?:Mr|Mrs|Ms|Miss|Mx|Dr)\b)(?:[A-Z][a-z'-]+[ \t]+){{1,3}}{_STREETS}\b")
"""A street by its name ("Station Road"), not a person by title ("Mrs Green")."""
_WHOSE = re.compile(r"\b(\w+)'s\s+(?:\w+\s+)?address", re.I)


def postcode_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the postcodes and numbered streets the answer holds; None when
    it keeps no address out, a street stands without a number, or a person's address is kept
    out and one stands on no line naming a person."""
    if not (_ASKS.search(criterion) and KEPT_OUT.search(criterion)):
        return None
    if _PERSON.search(criterion):
        return _persons_read(answer, criterion)
    for line in answer.splitlines():
        if found := _POSTCODE.search(line) or _NUMBERED.search(line):
            why = f"the answer gives {found.group(0)!r}"
            return Evidence(False, why, f"address kept out: {why}", quote=line.strip())
    if _NAMED.search(answer) or _ELSE_KEPT.search(_ASKS.sub("", criterion)):
        return None
    return Evidence(True, "", "address kept out: the answer gives no postcode and no street")


def _persons_read(answer: str, criterion: str) -> Evidence | None:
    """A person's address kept out: a postcode or numbered street on a line naming a person by
    title or by the criterion's word for them ("Mr Nowak, 3 Mill Court", "Sponsor: ...") fails
    it, an answer with no postcode and no street at all meets it; a venue's address may stand."""
    whose = _WHOSE.search(criterion)
    person = named_stems(whose.group(1), ()) if whose else []
    found = False
    for line in answer.splitlines():
        if where := _POSTCODE.search(line) or _NUMBERED.search(line):
            found = True
            if TITLE.search(line) or any(word.search(line) for word in person):
                why = f"the answer gives {where.group(0)!r} beside a person"
                return Evidence(False, why, f"address kept out: {why}", quote=line.strip())
    if found or _NAMED.search(answer):
        return None
    return Evidence(True, "", "address kept out: the answer gives no postcode and no street")

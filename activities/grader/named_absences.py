"""A criterion asking that a thing named by its proper name be left out of the answer ("Does not
mention Oak Hollow FC, who have withdrawn", "Keeps Conavalla out of the route", "Does not route
over Mount Ngauruhoe", "No mention of Kubernetes"): whether the answer holds the name decides,
so code reads it.

The name is the criterion's object written in capitals ("Oak Hollow FC", "Mount Ngauruhoe"),
with nothing after it but a clause about it (", who have withdrawn"), "entirely" or "out of the
...". The answer holds it where it stands as words, in any case, outside the line introducing
the answer. Unmet when the answer holds it; met when it holds neither it nor any word of it in
capitals (a word alone, "Oak Hollow", "Great Gable" for Great End, may be the thing under a
shorter name: that is the grader's). Left to the grader: a thing named in words ("the lawsuit
with Dunmore Paving"), one asked shown some way ("as still assigned to"), and one asked to be
there.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.naming import words_pattern
from rubricflow.activities.grader.quotes import body

_NAME = r"[A-Z][\w'\u2019-]*(?:\s+(?:[A-Z][\w'\u2019-]*|of|the|de|la|[A-Z]{2,4}))*"
_AFTER = r"(?:,\s+(?:who|which|since|as|because)\b.*|\s+(?:at all|anywhere|entirely))?"
_ASKS = re.compile(
    rf"^(?i:(?:does not|doesn't|never)\s+(?:mention|name|include|list)s?|no mention of)\s+(?P<a>{_NAME}){_AFTER}\.?$"
    rf"|^(?i:leaves|keeps)\s+(?P<b>{_NAME})\s+out(?:\s+entirely|\s+of the [a-z]+(?: [a-z]+)?)?\.?$"
    rf"|^(?i:(?:does not|doesn't|never)\s+routes?\s+(?:over|through|via|across))\s+(?P<c>{_NAME}){_AFTER}\.?$"
)
"""The verbs in any case; the name in capitals, as a proper name is written."""
_JOINING = frozenset("of the de la".split())


def absence_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by whether the answer holds the name; None when it asks no name be
    left out, or a word of the name alone leaves it unclear."""
    asked = _ASKS.match(criterion.strip())
    if asked is None:
        return None
    name = next(n for n in asked.groups() if n)
    text = body(answer)
    named = re.compile(rf"(?<!\w){words_pattern(name)}(?!\w)", re.I)
    if named.search(text):
        why = f"the answer names {name!r}"
        line = next((line.strip() for line in text.splitlines() if named.search(line)), None)
        return Evidence(False, why, f"named absence: {why}", quote=line)
    parts = [w for w in name.split() if w.lower() not in _JOINING and len(w) > 2]
    if any(re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text) for w in parts):
        return None
    return Evidence(True, "", f"named absence: the answer does not name {name!r}")

"""A criterion asking that a thing named by its proper name be left out of the answer ("Does not
mention Oak Hollow FC, who have withdrawn", "Keeps Conavalla out of the route", "Does not route
over Mount Ngauruhoe", "No mention of Kubernetes"): whether the answer holds the name decides,
so code reads it.

The name is the criterion's object written in capitals ("Oak Hollow FC", "Mount Ngauruhoe"),
with nothing after it but a clause about it (", who have withdrawn"), "entirely" or "out of the
...". The answer holds it where it stands as words, in any case, outside the line introducing
the answer. Unmet when the answer holds it; met when it holds neither it nor any word of it in
capitals (a word alone, "Oak Hollow", "Great Gable" for Great End, may be the thing under a
shorter name: that is the grader's). A thing named in words ("no threats to dock pocket money",
"Does not mention the toll violation from her last rental", "Makes no threat of court or
lawyers") is failed by a line holding every word of it, or of one of its alternatives (each
word by its first five letters); where none does, it may be said in other words: the grader's.
Left to the grader: one asked shown some way ("as still assigned to"), and one asked to be
there.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.naming import named_stems, words_pattern
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


_IN_WORDS = re.compile(
    r"\b(?:(?:does not|doesn't|never)\s+mentions?|(?:makes\s+)?no\s+mention\s+of|(?:says\s+)?nothing\s+about|"
    r"(?:makes\s+)?no\s+threats?\s+(?:to|of))\s+(?P<thing>[^,.;:]+?)(?:\s+and\b.*)?[.,;:]?$",
    re.I,
)
_PLAIN = frozenset("the a an any his her its their your our my".split())


def _in_words(answer: str, criterion: str) -> Evidence | None:
    """A thing named in words ("no threats to dock pocket money", "Does not mention the toll
    violation from her last rental") fails it where one line holds every word of it (of one of
    its alternatives, parted by "or"); its absence is the grader's (it may be said otherwise)."""
    asked = _IN_WORDS.search(criterion.strip())
    if asked is None:
        return None
    text = body(answer)
    for alternative in re.split(r"\s+or\s+", asked.group("thing")):
        stems = named_stems(alternative, _PLAIN)
        line = next((ln.strip() for ln in text.splitlines() if stems and all(s.search(ln) for s in stems)), None)
        if line is not None:
            why = f"a line of the answer holds every word of {alternative.strip()!r}"
            return Evidence(False, why, f"named absence: {why}", quote=line)
    return None


def absence_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by whether the answer holds the name; None when it asks no name be
    left out, or a word of the name alone leaves it unclear."""
    asked = _ASKS.match(criterion.strip())
    if asked is None:
        return _in_words(answer, criterion)
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

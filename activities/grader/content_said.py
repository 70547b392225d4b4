"""A criterion asking that something be said ("Asks everyone to bring a pencil", "Warns that
sodium hydroxide is corrosive", "Asks members not to post spoilers", "States that breakfast is
included"): one sentence of the answer holding every word of it shows it said, so code reads
it.

What is to be said is the criterion's clause after its verb of saying (tells, asks, reminds,
warns, advises, invites ... someone to / that; says, states, mentions, explains, confirms,
makes clear that), of two words or more that name something (each by its first five letters,
as `naming` reads them). Met where one sentence (or line) of the answer holds every one of
them, and a negation ("not", "don't", "no") exactly where the clause holds one or asks someone
not to. Written and frozen before fresh39 was: over every labelled set 25 decided, all right
(2 of them on fresh39, fresh40 and fresh41, which it never saw). Left to the grader: the
clause said in other words or across sentences (its absence shows nothing: the grader's NONE
and `absent_content` read that), and a criterion about how many, whether it is right, when,
where in the answer, each or every one, or its tone.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.naming import named_stems

_LEAD = re.compile(
    r"^(?:(?:clearly|also)\s+)?(?:"
    r"(?P<tell>tells|asks|reminds|warns|advises|instructs|encourages|urges|invites)\s+(?:the\s+|all\s+|any\s+)?"
    r"(?:[\w'-]+\s+){0,2}?(?P<to>to|that|not to|never to)\s+"
    r"|(?:makes clear|makes it clear|mentions|says|states|explains|notes|confirms|points out)\s+(?:that\s+)?"
    r"|warns\s+(?:that\s+)?|advises\s+)(?P<clause>.+?)\.?$",
    re.I,
)
_NEGATION = re.compile(
    r"\b(?:not|never|no|don't|do not|mustn't|must not|cannot|can't|without|nothing|none)\b|n't\b", re.I
)
_PLAIN = frozenset(
    "the a an of for with it its is are and in on to that this which be can will must should their they them "
    "there your you our we us has have had any all also only just more".split()
)
_ELSE = re.compile(
    r"\b(?:how many|correct|correctly|right|matches|agrees|number|total|sum|date|day|days|time|times|each|every|"
    r"tone|plain words|in words|before|after|first|last|section|heading|list)\b|\d",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


def said_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion met by the sentence that says it; None when it asks nothing said, or no
    sentence holds every word of it."""
    asked = _LEAD.match(criterion.strip())
    if asked is None or _ELSE.search(criterion):
        return None
    clause = asked.group("clause")
    stems = named_stems(clause, _PLAIN)
    if len(stems) < 2:
        return None
    negated = bool(_NEGATION.search(clause)) or (asked.group("to") or "").lower() in ("not to", "never to")
    for sentence in _SENTENCE.split(answer):
        if all(stem.search(sentence) for stem in stems) and bool(_NEGATION.search(sentence)) == negated:
            return Evidence(
                True, "", f"said: {sentence.strip()[:120]!r} holds every word of it", quote=sentence.strip()
            )
    return None

"""A criterion asking that the answer give a thing a heading of its own ("Has a heading for
the next tuning", "Includes a separate section headed for cancelling", "Puts the cancellation
information under its own heading"): the answer's section headings decide, so code reads them.

A section heading is a Markdown heading, a line that is only bold, or a short line that ends in
a colon, but the answer's first line (its title, naming the whole). The thing is named by its
words (a word's first five letters, as `naming` reads them), its alternatives parted by "or".
Met when a heading holds every word of one alternative, or two of the thing's words. Unmet when
the answer has two section headings or more and none holds any of its words, where none names
nothing in particular ("About us", "Where", "Other information": such a heading could hold the
thing) and no `Label: value` line or table row is labelled by one of its words (a field naming
the thing as a heading would is neither its section nor none), and the thing is named by a noun,
not asked as a clause ("what happens if it rains": "Wet weather plan"). A part asked to come
last ("The key dates section comes last", "Puts the emergency information at the end"): met when
the last section heading names it (or is the one heading holding a word of it), unmet when one
naming it stands above another that does not. Left to the grader: a heading holding one of
several words ("Next visit" for the next tuning), a criterion about each or every section, one
asking for the section's content or for a heading's exact words, and a negated one.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.listing import heading
from rubricflow.activities.grader.naming import named_stems
from rubricflow.activities.grader.quotes import body

_ASKS = re.compile(
    r"^(?:has|includes|gives)\s+(?:a|an|its own|their own)\s+(?:(?:separate|short|clear|own)\s+)*"
    r"(?:heading|section|header)\s+(?:headed\s+)?(?:for|about|on|introducing|covering)\s+(?P<thing>.+?)\.?$"
    r"|^(?:puts|gives|places|keeps|sets out)\s+(?P<put>.+?)\s+under\s+(?:its own|their own|a separate)\s+heading\.?$",
    re.I,
)
_ELSE = re.compile(r"\b(?:each|every|all|not|no|never|that|which|with|including|listing|saying)\b|n't\b|\d|[\"`]", re.I)
_FIELD = re.compile(
    r"^\s*(?:[-*]\s+)?(?:\*\*(?P<bold>[^*:]{1,50}):?\*\*:?\s+\S|(?P<plain>[A-Z][^.!?:|]{0,40}):\s+\S|\|(?P<cell>[^|]+)\|)"
)
_NOTHING = frozenset(
    "the a an of for with it its is are and or to their our your already how when what where why who which "
    "information info details detail about there".split()
)
_PLAIN = _NOTHING | frozenset("terms policy arrangements plan plans".split())
"""Words of the thing that name no subject: "the cancellation terms" is named by "cancellation",
"the wet-weather plan" by "wet-weather"."""
_GENERIC = _NOTHING | frozenset(
    "us we our you your other others more further general notes note misc extras summary overview brief "
    "important please".split()
)
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")
_MAX_WORDS = 6
_CLAUSE = re.compile(r"^(?:what|how|when|where|who|why|whether|if)\b", re.I)
"""A thing asked as a clause ("what happens if it rains"), not named by a noun."""


def _thing(criterion: str) -> str | None:
    """The thing `criterion` asks have its own heading; None when it asks none."""
    asked = _ASKS.match(criterion.strip())
    if asked is None or _ELSE.search(criterion):
        return None
    thing = asked.group("thing") or asked.group("put")
    return thing if 0 < len(thing.split()) <= _MAX_WORDS else None


def _lines(answer: str) -> tuple[list[str], list[str]]:
    """The answer's section headings, and the labels of its fields and table rows; the first
    line is neither (a title)."""
    lines = [line for line in body(answer).splitlines() if line.strip()]
    sections, labels = [], []
    for line in lines[1:]:
        if section := heading(line):
            sections.append(section.strip())
        elif field := _FIELD.match(line):
            labels.append(next(g for g in field.groups() if g).strip())
    return sections, labels


def _generic(heading: str) -> bool:
    """Whether `heading` names nothing in particular."""
    return all(len(w) <= 2 or w.lower() in _GENERIC for w in _WORD.findall(heading))


def _alternatives(thing: str) -> list[list[re.Pattern[str]]] | None:
    """The words of each alternative `thing` names ("the rent or the deposit"); None when one
    names nothing."""
    alternatives = [named_stems(part, _PLAIN) for part in re.split(r"\bor\b|/", thing)]
    return alternatives if all(alternatives) else None


def _holds_a_word(line: str, alternatives: list[list[re.Pattern[str]]]) -> bool:
    return any(stem.search(line) for alternative in alternatives for stem in alternative)


def _names(line: str, alternatives: list[list[re.Pattern[str]]]) -> bool:
    """Whether `line` holds every word of one alternative, or two of the thing's words."""
    held = sum(1 for alternative in alternatives for stem in alternative if stem.search(line))
    return held >= 2 or any(all(stem.search(line) for stem in alternative) for alternative in alternatives)


def heading_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the answer's section headings; None when it asks no heading of
    its own, or they leave it unclear."""
    thing = _thing(criterion)
    if thing is None:
        return None
    alternatives = _alternatives(thing)
    if alternatives is None:
        return None
    sections, labels = _lines(answer)
    if heading := next((h for h in sections if _names(h, alternatives)), None):
        return Evidence(True, "", f"heading: {heading!r} names {thing}", quote=heading)
    if len(sections) < 2 or any(_generic(h) for h in sections) or any(_names(label, alternatives) for label in labels):
        return None
    if any(_holds_a_word(h, alternatives) for h in sections):
        return None
    if _CLAUSE.match(thing):
        return None  # a happening, which a heading names in other words ("Wet weather plan")
    why = f"no heading names {thing} (the headings: {', '.join(sections)})"
    return Evidence(False, why, f"heading: {why}")


_LAST = re.compile(
    r"^(?:puts|gives|places)\s+(?P<a>.+?)\s+at the end(?:,\s+after (?:all )?the other sections)?\.?$"
    r"|^(?:the\s+)?(?P<b>.+?)\s+(?:section\s+)?comes?\s+last\.?$"
    r"|^(?:the\s+)?(?P<c>.+?)\s+comes?\s+after\s+(?:every|all the|all)\s+other\s+sections?\.?$"
    r"|^(?:ends|finishes|closes)\s+with\s+the\s+(?P<d>.+?)\s+section\.?$",
    re.I,
)
"""A criterion asking that a part of the answer come last ("The key dates section comes last")."""


def last_heading_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by which section heading comes last; None when it asks no part
    come last, or no section heading names the part."""
    asked = _LAST.match(criterion.strip())
    if asked is None or re.search(r"\b(?:not|never|no)\b|n't\b", criterion, re.I):
        return None
    thing = next(g for g in asked.groups() if g)
    alternatives = _alternatives(thing)
    if alternatives is None:
        return None
    sections, _ = _lines(answer)
    holding = [h for h in sections if _holds_a_word(h, alternatives)]
    naming = [h for h in sections if _names(h, alternatives)] or (holding if len(holding) == 1 else [])
    if not naming:
        return None
    if sections[-1] in naming:
        return Evidence(
            True, "", f"last section: {sections[-1]!r}, the last heading, names {thing}", quote=sections[-1]
        )
    why = f"{sections[-1]!r} comes after {naming[-1]!r}"
    return Evidence(False, why, f"last section: {why}", quote=sections[-1])

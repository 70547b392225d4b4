"""A criterion asking that quoted words be used, or never used ("Never uses the word 'very'",
"Does not use 'iconic', 'ephemera' or 'zeitgeist'", "Uses the phrase 'sponsored by'",
"Mentions 'melatonin' at least once"): whether the answer holds them decides, so code reads it.

The words are held where they stand as words (any case, any run of spaces), not inside a
longer word, and not only in the line that introduces the answer ("Here is a limerick about
rain:"). Never used: unmet when one is held, met when none is. Examples of a kind ("Avoids
hype words such as 'revolutionary' or 'world-class'", "(no 'we', 'our' or 'I')", and unquoted,
a word or two each, "Avoids negative labels like naughty or fussy"): unmet when one is held; other words of the kind may be there, so their absence is the grader's. Used: met
when held, unmet when not; where the criterion asks more of them ("Introduces the sponsor with
the words 'sponsored by'"), their absence fails it and their presence is the grader's. A form
of the word alone ("holidays" for "holiday") is neither it nor its absence. Left to the grader:
words asked at a place (a line, a heading, a button, a field), each or every one of several
parts, and a criterion of any other shape.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.naming import words_pattern
from rubricflow.activities.grader.quotes import body

_QUOTED = re.compile(
    r"(?:(?<=^)|(?<=[\s(]))['\"\u2018\u201c](?P<q>[^'\"\u2018\u2019\u201c\u201d]{1,40}?)['\"\u2019\u201d](?=[\s,.;:)?!]|$)"
)
_LIST = r"Q(?:\s*,\s*Q)*(?:,?\s+(?:or|and)\s+Q)?"
_NEVER = (
    r"(?:avoids(?: using)?|does not (?:use|say|contain|include|write)|doesn't (?:use|say|contain|include|write)|"
    r"never (?:uses|says|writes)|contains no|uses no|omits)"
)
_KIND = r"(?:the\s+)?(?:words?|terms?|phrases?|expressions?)"
_WHERE = r"(?:\s+(?:anywhere|at all|at least once|somewhere))?(?:\s+in the [a-z]+)?"
_NEVER_EXACT = re.compile(rf"^{_NEVER}\s+(?:{_KIND}\s+)?{_LIST}{_WHERE}\.?$", re.I)
_NEVER_EXAMPLES = re.compile(
    rf"^(?:{_NEVER}|no|makes no)\s.{{0,60}}?(?:such as|like|e\.g\.,?|\(no|\(e\.g\.,?)\s+{_LIST}"
    r"(?:,?\s+(?:or|and) the like|,?\s+or similar)?\)?\.?$",
    re.I,
)
_USED_EXACT = re.compile(
    rf"^(?:uses|includes|contains|mentions|says)\s+(?:{_KIND}\s+)?Q{_WHERE}\.?$"
    rf"|^the (?:word|phrase|term) Q (?:appears|is used)(?: somewhere| at least once)?(?:\s+in the [a-z]+)?\.?$",
    re.I,
)
_USED_AND_MORE = re.compile(
    rf"^(?:uses|includes|introduces|gives|mentions|says|starts|begins|ends)\b.{{0,40}}?\b{_KIND}\s+Q\b.{{0,40}}$", re.I
)
_ELSE = re.compile(
    r"\b(?:not|never|no|rather|instead|each|every|all|line|lines|heading|headed|title|button|field|column|label|"
    r"labelled|link|subject|returns?|exactly|spelling|spelt|spelled)\b|n't\b|[()=]",
    re.I,
)
_FORMS = r"(?:s|es|'s|\u2019s|d|ed|ing)"


_EXAMPLE = r"[A-Za-z][\w'-]*(?:\s+[a-z][\w'-]*)?"
_UNQUOTED = re.compile(
    rf"^(?P<head>{_NEVER}\s.{{0,60}}?\b(?:such as|like))\s+(?P<list>{_EXAMPLE}(?:\s*,\s*{_EXAMPLE})*"
    rf"(?:,?\s+(?:or|and)\s+{_EXAMPLE})?)\.?$",
    re.I,
)
"""Examples of a kind written without quotes, a word or two each ("Avoids negative labels like
naughty or fussy")."""


def _skeleton(criterion: str) -> tuple[str, list[str]]:
    """The criterion with each quoted word (or each unquoted example of a kind) replaced by
    `Q`, and those words."""
    words = [m.group("q").strip() for m in _QUOTED.finditer(criterion)]
    if not words and (listed := _UNQUOTED.match(criterion.strip())):
        examples = [w.strip() for w in re.split(r"\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+", listed.group("list"))]
        return f"{listed.group('head')} {', '.join('Q' for _ in examples)}", [w for w in examples if w]
    return _QUOTED.sub("Q", criterion.strip()), [w for w in words if w]


def _held(answer: str, words: str) -> bool | None:
    """Whether `answer` holds `words` as words; None when it holds only a form of them."""
    pattern = words_pattern(words)
    if re.search(rf"(?<!\w){pattern}(?!\w)", answer, re.I):
        return True
    return None if re.search(rf"(?<!\w){pattern}{_FORMS}(?!\w)", answer, re.I) else False


def quoted_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by whether the answer holds its quoted words; None when it asks
    nothing of the kind, or the answer leaves it unclear."""
    skeleton, words = _skeleton(criterion)
    if not words:
        return None
    answer = body(answer)
    never = _NEVER_EXACT.match(skeleton)
    examples = not never and _NEVER_EXAMPLES.match(skeleton)
    if never or examples:
        found = [_held(answer, w) for w in words]
        if held := next((w for w, f in zip(words, found, strict=True) if f), None):
            why = f"the answer uses {held!r}"
            return Evidence(False, why, f"quoted words: {why}")
        if examples or None in found:
            return None
        return Evidence(True, "", f"quoted words: the answer uses none of {', '.join(map(repr, words))}")
    if _ELSE.search(skeleton.replace("Q", " ")) or len(words) != 1:
        return None
    exact = _USED_EXACT.match(skeleton)
    if not exact and not _USED_AND_MORE.match(skeleton):
        return None
    held = _held(answer, words[0])
    if held is None or (held and not exact):
        return None
    if held:
        return Evidence(True, "", f"quoted words: the answer uses {words[0]!r}")
    why = f"the answer does not use {words[0]!r}"
    return Evidence(False, why, f"quoted words: {why}")

"""A criterion about the answer's exclamation marks ("Uses no exclamation marks", "Has no more
than one exclamation point", "Finishes with an exclamation mark"): how many the answer's prose
holds, or whether its last line ends with one, decides, so code counts them.

The prose is the answer without its fenced blocks of code (a block marked `markdown` or `text`
is prose) and inline code, and without `!` that is no
punctuation (`!=`, an image's `![`, `<!--`). None asked: met when there are none, unmet when
there are any. At most N: met when there are N or fewer. Ending with one: the last line of the
answer ends with one (its closing quotes and emphasis aside). A criterion asking something
besides ("Keeps a calm, professional tone with no exclamation marks") is unmet by a mark too
many, and its other demand is the grader's. Left to the grader: "sparingly", each or every one
of several parts, and a criterion of any other shape.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.number_words import WORDS, number_value
from rubricflow.activities.grader.quotes import last_line

_MARK = r"exclamation (?:marks?|points?)"
_NONE = re.compile(
    rf"^(?:(?:the answer|it|none of the \w+)\s+)?(?:uses|contains|has|includes|does not (?:use|contain|include|have)|"
    rf"doesn't (?:use|contain|include|have)|don't use|never uses|avoids)\s+(?:no\s+|any\s+|a single\s+|even one\s+|an\s+)?"
    rf"{_MARK}(?:\s+anywhere)?\.?$",
    re.I,
)
_AT_MOST = re.compile(
    rf"^(?:uses|contains|has|includes)\s+(?:at most|no more than|up to)\s+(?P<n>\d+|{WORDS})\s+{_MARK}\.?$", re.I
)
_ENDS = re.compile(
    rf"^(?:(?:the answer|it)\s+)?(?:ends|finishes|closes)\s+(?:with|on)\s+an?\s+{_MARK}\.?$"
    rf"|^the (?:last|final|closing) line ends (?:with|on) an? {_MARK}\.?$",
    re.I,
)
_BESIDES = re.compile(rf"\b(?:with|and)\s+no\s+{_MARK}\b", re.I)
_ELSE = re.compile(r"\b(?:each|every|all|sparingly|per|line|lines|sentence|sentences|heading|headings)\b", re.I)
_FENCED = re.compile(r"^```(?!(?:markdown|md|text|txt|plaintext)\s*$)[^\n]*\n.*?^```", re.DOTALL | re.MULTILINE)
"""A fenced block of code; one marked as Markdown or text is prose set in a block."""
_INLINE = re.compile(r"`[^`\n]*`")
_NOT_PUNCTUATION = re.compile(r"!=|!\[|<!")


def _marks(answer: str) -> list[str]:
    """The lines of the answer's prose that hold an exclamation mark, one entry a mark."""
    prose = _NOT_PUNCTUATION.sub(" ", _INLINE.sub(" ", _FENCED.sub(" ", answer)))
    return [line.strip() for line in prose.splitlines() for _ in range(line.count("!"))]


def exclamation_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the answer's exclamation marks; None when it asks nothing code
    can count of them."""
    asked = criterion.strip()
    if _ENDS.match(asked):
        line, last = last_line(answer) or (None, "")
        if last.endswith("!"):
            return Evidence(True, "", "exclamation marks: the last line ends with one", quote=line)
        why = "the last line does not end with an exclamation mark"
        return Evidence(False, why, f"exclamation marks: {why}", quote=line)
    if _ELSE.search(asked):
        return None
    most = _AT_MOST.match(asked)
    allowed = number_value(most.group("n")) if most else 0
    besides = not most and not _NONE.match(asked) and _BESIDES.search(asked) is not None
    if not most and not _NONE.match(asked) and not besides:
        return None
    marks = _marks(answer)
    if len(marks) > allowed:
        why = f"the answer holds {len(marks)}, more than {allowed}"
        return Evidence(False, why, f"exclamation marks: {why}", quote=marks[allowed])
    if besides:
        return None  # none too many; the criterion's other demand is the grader's
    return Evidence(True, "", f"exclamation marks: the answer holds {len(marks)}, {allowed} at most")

"""A criterion that names words one line of the answer must start with, end with or hold
("Starts with the event name, Fieldnote 2.0"; "Ends with a line that begins "Answer:"";
"Uses the word 'kettle' in the last line"): code reads that line.

Such a criterion is about where words stand, which a quote misreads (a first line that
names the event later on is a line about the event) and a check written without the answer
guesses at (`answer.endswith('Answer:')`, or `answer.startswith(...)` of an answer that opens
with "Here is the post:"). The line is the first or last line of content (`quotes.content_lines`:
no lead-in, no fences); markup and symbols around its words (`#`, `**`, an emoji, a closing
full stop) are no words of it, and case does not count. A first line that is a title without
the words, over a line that has them, is left to the grader: whether a title is the first
line is the criterion's to say. A name a criterion says the answer
ends with ("Ends with the name Lena") is met by a last line that holds it ("Lena Fischer").

Only a criterion whose subject is the answer itself (or its first or last line, title or
subject line) and which names the words (in quotes, after a comma or in parentheses, or
written with a capital, a digit or a symbol first) is read so; "Starts with a greeting"
names no words, "Each bullet starts with "-"" is about every line, "Opens with the status
(Green, Amber or Red)" names a choice of words, not one phrase, and a negation is another
criterion: all are left to the grader.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from rubricflow.activities.grader.quotes import body, content_lines, is_heading

_BEGINS = r"(?:(?:starts?|starting|begins?|beginning|opens?|opening)\s+with|begins?|beginning)"
_KINDS = (
    r"answer|reply|response|post|message|letter|email|note|document|output|text|script|file|tweet|update|announcement"
)
"""The answer, by its kind: what a criterion says starts with something, or opens with it."""
_SUBJECT = rf"(?:the\s+|its\s+|your\s+)?(?:{_KINDS}|title(?:\s+line)?|headline|subject(?:\s+line)?)"
_DOCUMENT = (
    rf"(?:the\s+|its\s+|your\s+)?(?:{_KINDS}|workflow|pipeline|config|configuration|page|program|query|module|"
    r"makefile|dockerfile|readme|release|itinerary|description)"
)
"""What a criterion may open ("Opens the letter with ..."): the whole answer, by its kind."""
_LINE = r"(?:the\s+|its\s+)?(?P<which>first|opening|last|final|closing)\s+line"
_Form = tuple[re.Pattern[str], Literal["first", "last"] | None, Literal["starts", "ends", "holds"], bool]
_FORMS: tuple[_Form, ...] = (
    (
        re.compile(
            rf"^(?:ends|closes|finishes)\s+with\s+(?:a|one|the)\s+(?:final\s+)?line\s+(?:that\s+)?{_BEGINS}\s*(?P<rest>.+)$",
            re.I,
        ),
        "last",
        "starts",
        False,
    ),
    (re.compile(rf"\b{_LINE}\b.*?\b{_BEGINS}\s*(?P<rest>.+)$", re.I), None, "starts", False),
    (
        re.compile(rf"^(?:{_SUBJECT}\s+)?(?:starts|begins|opens)(?:\s+{_DOCUMENT})?\s+with\b\s*(?P<rest>.+)$", re.I),
        "first",
        "starts",
        False,
    ),
    (
        re.compile(
            rf"^(?:{_LINE}\s+)?(?:ends|closes|finishes|signs\s+off)(?:\s+its\s+last\s+line)?\s+with\s+(?P<rest>.+)$",
            re.I,
        ),
        "last",
        "ends",
        False,
    ),
    (
        re.compile(
            rf"^{_LINE}\s+(?:contains|includes|has|holds|uses|mentions|names|gives|states)\s+(?P<rest>.+)$", re.I
        ),
        None,
        "holds",
        False,
    ),
    (re.compile(rf"^(?P<rest>.+?)\s+(?:in|on)\s+{_LINE}\.?$", re.I), None, "holds", True),
)
"""Each form: the pattern, the line it is about unless the criterion names one ("The first
line ends with ..."; None: a form that always names it), what the line must do with the
words, and whether only words in quotes are named (what comes before "in the last line" is
the criterion's own verb, not the words)."""
_NOT_ONE_LINE = re.compile(r"\b(?:each|every|all|any|no|not|never|doesn't|don't)\b", re.I)
_QUOTED = re.compile(r"\"([^\"]+)\"|\u201c([^\u201d]+)\u201d|`([^`]+)`|(?<![\w])'([^']+)'(?![\w])")
_CALLED = re.compile(
    r"^(?i:the\s+)?(?P<what>(?i:(?:full\s+)?name|word|words|phrase|greeting|sign-off))\s+(?P<words>[^a-z\s].*?)"
    r"(?i:\s+(?:under|below|after)\s+(?:the|a|its)\s+[\w-]+(?:\s+line)?)?\.?$"
)
_APPOSITIVE = re.compile(r"^(?:the|a|an|its|their)\b[^,:()]*(?:[,:]\s*|\()(?P<words>[^()]+?)\)?\.?$", re.I)
_DIRECT = re.compile(r"^(?P<words>[^a-z\s][^,;]*?)(?:\s+(?:and|or|then)\b.*|[,;(].*|\.)?$")
_CHOICES = re.compile(r"\bor\b", re.I)
_NAMING = re.compile(r"\b(?:name|signature|signed|sign-off)\b", re.I)
"""Words that say the words after them are a name ("the sweep's signature, Tom Ashby")."""
MAX_WORDS_CHARS = 80


@dataclass(frozen=True)
class Opening:
    """The line a criterion is about (`first` or `last`), what it must do with the words
    (start with them, end with them, or hold them), and the words."""

    line: Literal["first", "last"]
    words: str
    how: Literal["starts", "ends", "holds"] = "starts"
    more: bool = False
    """The criterion asks more of the line than the words ("names Lily Evans and gives the
    date of birth"): the words missing leave it unmet, the words there do not meet it."""


def _named(rest: str, quoted_only: bool = False) -> tuple[str, bool] | None:
    """The words `rest` (what follows "starts with") names, and whether they are a name,
    or None when it names none."""
    rest = rest.strip()
    quoted = _QUOTED.search(rest)
    in_quotes = next((g for g in quoted.groups() if g is not None), "") if quoted else ""
    if called := _CALLED.match(rest):
        words, name = called["words"], called["what"].lower().endswith("name")
    elif quoted:
        words, name = in_quotes, False
    elif quoted_only:
        return None
    elif (appositive := _APPOSITIVE.match(rest)) and appositive["words"].strip()[:1].isupper():
        words, name = appositive["words"], _NAMING.search(rest[: appositive.start("words")]) is not None
    elif direct := _DIRECT.match(rest):
        words, name = direct["words"], False
    else:
        return None
    if called and quoted and quoted.start() == called.start("words"):
        words = in_quotes
    elif called and quoted_only:
        return None
    literal = bool(quoted) and words == in_quotes
    words = words.strip()
    if _CHOICES.search(words) and not literal:
        return None  # "(Green, Amber or Red)": a choice of words, not one phrase the line must hold
    return (words, name) if 0 < len(words) <= MAX_WORDS_CHARS else None


def opening(criterion: str) -> Opening | None:
    """The words `criterion` names for one line, or None when it names none (see the module)."""
    text = " ".join(criterion.split())
    if _NOT_ONE_LINE.search(text):
        return None
    for pattern, line, how, quoted_only in _FORMS:
        if found := pattern.search(text):
            named = _named(found["rest"], quoted_only)
            if named is None:
                return None
            words, name = named
            said = found.groupdict().get("which")
            which = ("first" if said.lower() in ("first", "opening") else "last") if said else line
            if which is None:
                return None
            more = re.search(re.escape(words) + r"\W*\s+(?:and|then)\b", text) is not None
            return Opening(which, words, "holds" if name and how == "ends" else how, more)
    return None


_MARKUP = re.compile(r"[*_`]")


def _plain(text: str, keep_lead: bool, keep_tail: bool = True) -> str:
    """`text` folded for comparing words: no emphasis marks, one space, lower case, and
    (unless kept) nothing before its first letter or digit, or after its last."""
    text = " ".join(_MARKUP.sub("", text).split()).casefold()
    text = text if keep_lead else re.sub(r"^[^\w]+", "", text)
    return text if keep_tail else re.sub(r"[^\w]+$", "", text)


def opens_with(answer: str, wanted: Opening) -> tuple[bool | None, str]:
    """Whether the line of `answer` that `wanted` is about starts with, ends with or holds
    its words, and the line; None when the first line is a title without them and the line
    under it has them (whether the title is the first line is the criterion's to say), or
    when the name a last line is to hold stands on one of the two lines above it instead, over
    a line that is no sentence (a signature over a line of contact details)."""
    lines = content_lines(answer)
    if not lines:
        return False, ""
    if wanted.line == "last":
        met = _reads(lines[-1], wanted)
        if not met and _signed_above(lines, wanted):
            return None, lines[-1]  # a signature over a line of contact details: which is the end is unclear
        return met, lines[-1]
    met = _reads(lines[0], wanted)
    if not met and len(lines) > 1 and is_title(answer) and _reads(lines[1], wanted):
        return None, lines[0]
    return met, lines[0]


def _signed_above(lines: list[str], wanted: Opening) -> bool:
    """Whether a name the last line is to hold stands on one of the two lines above it, under
    which the last line is no sentence (a business's name and number, not a closing remark)."""
    name = wanted.how == "holds" and all(word[:1].isupper() for word in wanted.words.split())
    details = not lines[-1].rstrip().endswith((".", "!", "?"))
    return name and details and any(_reads(line, wanted) for line in lines[-3:-1])


def is_title(answer: str) -> bool:
    """Whether the answer's first line of content stands alone above the rest, as a title
    does: a heading, or a short line with no full stop, then a blank line."""
    head, _, rest = body(answer).partition("\n")
    line = head.strip()
    alone = rest.lstrip(" \t").startswith("\n")
    short = len(line.split()) <= 8 and not line.endswith((".", "!", "?", ",", ":"))
    return bool(rest.strip()) and alone and (short or is_heading(line))


def _reads(line: str, wanted: Opening) -> bool:
    """Whether `line` starts with, ends with or holds the words `wanted` names."""
    lead, tail = not wanted.words[:1].isalnum(), not wanted.words[-1:].isalnum()
    words = _plain(wanted.words, lead, tail)
    if wanted.how == "starts":
        return _plain(line, lead).startswith(words)
    if wanted.how == "ends":
        return _plain(line, True, False).endswith(_plain(wanted.words, lead, False))
    return re.search(rf"(?<!\w){re.escape(words)}(?!\w)", _plain(line, True)) is not None

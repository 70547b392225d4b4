"""A criterion asking that a part of the answer, or the whole of it, keep to so many words or
sentences ("The main description is no longer than 70 words", "Keeps the invitation under 150
words", "The introduction is no longer than three sentences"): counting decides, so code reads
it where it can tell which text is meant.

The text is the section under the one heading that names the part (a word of the criterion's
name for it, its first five letters), up to the next heading of its rank or above; where no
heading names an opening ("the welcome at the top", "the opening greeting paragraph", "the
introduction"), the first paragraph after a title and a salutation, where it is prose (the last
section without the answer's sign-off, its short closing lines that end no sentence); the whole
answer (its lead-in line and its fences left out) where the criterion names no part, the
whole of one, or the thing the task asks be written ("Write the notice for ...": "The notice is
no longer than 150 words"), or a letter where the answer is one (it greets or signs off as a
letter does: "Keeps the letter under 180 words"). Words are runs of letters and digits ("£5.00" is one, "pick-up" one); sentences
end at ".", "!" or "?" or at a line's end. Counts differ by convention (a heading, a figure, a
hyphen), so a count within `MARGIN` of the bound decides nothing; beyond it, the count met or
broke the bound. Left to the grader: a bound on each of several ("every definition is 30 words
or fewer", "no line is longer than 9 words"), a part no heading names, any paragraph but the
opening, an exact count, and a negated criterion.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.naming import most_named, named_stems, section_stems
from rubricflow.activities.grader.number_words import WORDS, number_value
from rubricflow.activities.grader.quotes import body

_BOUND = re.compile(
    r"^(?P<part>.*?)\s*\b(?P<how>at most|no more than|no longer than|not more than|under|fewer than|less than|shorter than|within|"
    r"up to|to|in)\s+(?P<n>\d{1,4}|" + WORDS + r")\s+(?P<or>or (?:fewer|less)\s+)?"
    r"(?P<unit>words?|sentences?)(?:\s+(?P<or2>or (?:fewer|less)))?(?:\s+long)?\.?$",
    re.I,
)
_ELSE = re.compile(r"\b(?:not|never|every|each|any|no line|per|exactly|line|lines)\b|n't\b", re.I)
_PARAGRAPH = re.compile(r"\bparagraphs?\b", re.I)
_OPENING = re.compile(r"\b(?:opening|first paragraph|at the top|introduction|intro|welcome|greeting)\b", re.I)
"""A part the criterion names as the answer's opening: its first paragraph, where no heading names it."""
_SALUTATION = re.compile(r"^(?:dear|hi|hello|hey|good (?:morning|afternoon|evening))\b[^.!?]{0,60},\s*$", re.I)
_FIELD = re.compile(r"^\s*(?:[-*+\u2022]|\d{1,2}[.)]|\||\**[A-Z][^:.!?]{0,40}:\**\s+\S)")
_WHOLE = re.compile(r"\b(?:whole|entire|full|all)\b", re.I)
_LETTER = frozenset({"letter", "email", "e-mail", "message"})
"""Names of a letter, which is the whole answer where the answer is one (`_a_letter`)."""
_SIGN_OFF = re.compile(
    r"^\W*(?:yours (?:faithfully|sincerely|truly)|(?:with )?(?:kind|best|warm) (?:regards|wishes)|best|regards|"
    r"many thanks|thanks|thank you|with thanks|all the best|love)\W*,?\s*$",
    re.I,
)
_STRICT = re.compile(r"\b(?:under|fewer than|less than|shorter than)\b", re.I)
_WORD = re.compile(r"[^\W_]+(?:[.,'\u2019:/-][^\W_]+)*")
_SENTENCE = re.compile(r"[.!?]+(?=\s|$)|\n")
_HEADING = re.compile(
    r"^\s*(?:(?P<hashes>#{1,6})\s+(?P<md>.+?)\s*#*\s*$|\*\*(?P<bold>[^*]+?):?\*\*:?\s*$|(?P<colon>[A-Z][^.!?:|]{0,50}):\s*$)"
)
_MARKUP = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+|\*\*|__|`|^\s*>\s?|^#+\s+")
_PLAIN = frozenset(
    "the a an of for with it its is are and in on to that this which keeps keep stays stay runs run comes come "
    "be text section part whole entire full written words word sentences sentence long longer shorter no more "
    "than at most under fewer less within up answer reply response uses use".split()
)

MARGIN = 2
"""Words (or sentences) either side of a bound within which a count decides nothing."""


def _section(answer: str, stems: list[re.Pattern[str]]) -> tuple[str, str] | None:
    """The text under the one heading holding every word of `stems` (else one of them), and
    that heading; a headline or title is the answer's first line. A heading that is the
    answer's first line may be its title (naming the whole) or its first section's: which is
    unclear, so it names nothing."""
    lines = answer.splitlines()
    first = next((line.strip() for line in body(answer).splitlines() if line.strip()), "")
    if any(s.search("headline title") for s in stems) and len(stems) == 1:
        return first, "the first line"
    titles = {
        i: next(g for g in m.group("md", "bold", "colon") if g)
        for i, ln in enumerate(lines)
        if (m := _HEADING.match(ln))
    }
    found = most_named(list(titles), titles.__getitem__, stems)
    if len(found) != 1:
        return None
    start = found[0]
    if lines[start].strip() == first:
        return None
    rank = _rank(lines[start])
    taken = []
    for line in lines[start + 1 :]:
        if _HEADING.match(line) and _rank(line) <= rank:
            break
        taken.append(line)
    else:
        taken = _without_sign_off(taken)
    return "\n".join(taken), f"the text under {lines[start].strip()!r}"


def _without_sign_off(lines: list[str]) -> list[str]:
    """The last section's lines without the answer's sign-off: the short lines after its last
    sentence that end none ("1st Millbrook Scouts" under "### Thank you")."""
    kept = list(lines)
    while kept and (
        not kept[-1].strip() or (len(kept[-1].split()) <= 4 and not kept[-1].rstrip().endswith((".", "!", "?")))
    ):
        kept.pop()
    return kept if any(line.strip() for line in kept) else lines


def _opening(answer: str) -> tuple[str, str] | None:
    """The answer's first paragraph, after a title line and a salutation ("Dear Ms Shah,"),
    where each of its lines is a sentence's (no heading, list item, field or table row); None
    where it is not prose."""
    paragraphs = [p.strip() for p in re.split(r"\n\s*\n", body(answer)) if p.strip()]
    if (
        paragraphs
        and len(paragraphs[0].splitlines()) == 1
        and not paragraphs[0].rstrip("*_ ").endswith((".", "!", "?"))
    ):
        paragraphs = paragraphs[1:]  # a title
    if paragraphs and _SALUTATION.match(paragraphs[0].splitlines()[0]):
        rest = paragraphs[0].splitlines()[1:]
        paragraphs = ["\n".join(rest)] + paragraphs[1:] if rest else paragraphs[1:]
    if not paragraphs:
        return None
    lines = paragraphs[0].splitlines()
    if any(
        _HEADING.match(ln) or _FIELD.match(ln) or not ln.rstrip("*_\"'\u201d\u2019 ").endswith((".", "!", "?"))
        for ln in lines
    ):
        return None
    return paragraphs[0], "the first paragraph"


_WRITE = re.compile(
    r"\b(?:write|draft|prepare|compose|put together|turn\b[^.?!]{0,60}?\binto)\s+(?P<phrase>[^.?!,:;()]*)", re.I
)
_PHRASE_END = re.compile(r"\b(?:for|to|about|from|of|with|on|in|at|that|which|and|please|so|by)\b", re.I)


def _written(task: str, stems: list[re.Pattern[str]]) -> bool:
    """Whether the task asks that the thing `stems` name be written: each of them is a word of
    the phrase right after its first verb of writing, up to a preposition ("Write the notice
    for my round", "Can you draft a welcome letter to ...")."""
    asked = _WRITE.search(task)
    if asked is None:
        return False
    phrase = _PHRASE_END.split(asked.group("phrase"), maxsplit=1)[0]
    return all(any(s.match(word) for word in phrase.split()[:6]) for s in stems)


def _a_letter(answer: str, part: str) -> bool:
    """Whether `part` names a letter ("the letter", "the email") and the answer is one: a line
    of it greets ("Dear Mrs Okoro,") or signs off ("Yours faithfully,")."""
    words = [w for w in re.findall(r"[\w-]+", part.lower()) if w not in _PLAIN]
    lines = answer.splitlines()
    return len(words) == 1 and words[0] in _LETTER and any(_SALUTATION.match(ln) or _SIGN_OFF.match(ln) for ln in lines)


def _rank(line: str) -> int:
    match = _HEADING.match(line)
    return len(match.group("hashes")) if match and match.group("hashes") else 7


def _text(text: str) -> str:
    return "\n".join(_MARKUP.sub("", line) for line in text.splitlines() if line.strip() and not line.startswith("```"))


def length_read(answer: str, criterion: str, task: str = "") -> Evidence | None:
    """The criterion decided by counting the words or sentences of the text it bounds (a part no
    heading names, which `task` asks be written, is the whole answer); None when it bounds
    none, code cannot tell which text is meant, or the count is too near the bound."""
    asked = _BOUND.match(criterion.strip())
    if not asked or _ELSE.search(criterion):
        return None
    stems = named_stems(asked.group("part"), _PLAIN)
    if not stems or _WHOLE.search(asked.group("part")):
        text, where = body(answer), "the answer"
    else:
        found = _section(answer, stems) or _section(answer, section_stems(asked.group("part"), _PLAIN))
        if found is None and _OPENING.search(asked.group("part")):
            found = _opening(answer)
        elif _PARAGRAPH.search(asked.group("part")):
            return None
        if found is None and not _written(task, stems) and not _a_letter(answer, asked.group("part")):
            return None
        text, where = found or (body(answer), "the answer")
    plain = _text(text)
    unit = "sentences" if asked.group("unit").lower().startswith("sentence") else "words"
    count = (
        len([s for s in _SENTENCE.split(plain) if _WORD.search(s)])
        if unit == "sentences"
        else len(_WORD.findall(plain))
    )
    bound = number_value(asked.group("n"))
    limit = bound - 1 if _STRICT.search(asked.group("how")) else bound
    if unit == "words" and abs(count - limit) <= MARGIN:
        return None
    met = count <= limit
    said = f"{where} has {count} {unit}; the bound is {bound}"
    return Evidence(met, "" if met else said, f"length: {said}")

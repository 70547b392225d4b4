"""What the texts a written check looks for say beside its criterion and the answer: whether
they are the criterion's own words, whether the check asked where they stand, and whether
the answer names them only to rule them out. Each decides how a text check's result reads
(`citing.py`, `grounded.py`); none runs the check.
"""

from __future__ import annotations

import ast
import re

from rubricflow.activities.grader.check_kinds import NUMBER, own_words, written_texts
from rubricflow.activities.grader.pronouncing import WORD
from rubricflow.activities.grader.quotes import normalized


def looks_for_criterion_words(source: str, criterion: str) -> bool:
    """Whether the texts a check looks for are all made of `criterion`'s own words and
    numbers (and it looks for some words): `'thank you' in answer` for "Includes a
    thank-you", not `'RUN useradd -m app' in answer` for "Runs the app as a non-root user"
    (the line the model expects), nor `'fixes #123' in answer` for "Links the issue it
    fixes" (a number the model made up)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    own = own_words(tree)
    numbers = {n for text in written_texts(tree) for n in NUMBER.findall(text)}
    return bool(own) and own <= set(WORD.findall(criterion.lower())) and numbers <= set(NUMBER.findall(criterion))


_WHERE = frozenset({"startswith", "endswith", "match", "fullmatch"})
"""The text tests that ask where the words stand, not whether the text holds them."""


def looks_in_one_place(source: str, answer: str) -> bool:
    """Whether a check tests where its words stand (`answer.startswith('# tidyframe')`,
    `lines()[-1].endswith(...)`, `re.match(...)`) and `answer` holds every word it looks for:
    its False then says they are not there, not that the answer lacks them."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    where = any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in _WHERE for n in ast.walk(tree)
    )
    own = own_words(tree)
    return where and bool(own) and own <= set(WORD.findall(answer.lower()))


RULING_OUT = re.compile(r"\b(?:no|not|never|without|avoid|avoids|avoiding|don't|nor)\W+(?:\w+\W+){0,2}$", re.I)
"""The words before a text that name it to rule it out ("No overhead pressing", "Never
reboot checkout-db", "without a password"), up to two words away."""

_OUT = r"(?:(?:is|are|was|were|stays|remains|will be)\s+(?:closed|shut|not|no longer)|closed|shut)\b"
SAID_CLOSED = re.compile(rf"^\W{{0,3}}{_OUT}|^\s*(?:isn't|aren't|won't)\b", re.I)
"""The words after a text that say it is out ("Hill Top is closed", "| Hill Top | closed |")."""


def names_only_to_rule_out(source: str, answer: str) -> bool:
    """Whether every place in `answer` that holds a text (with a letter) that an absence
    check looks for rules that text out, by the words before it or after it: its False then
    says the answer names it, not that it does it."""
    try:
        texts = [t.strip().lower() for t in written_texts(ast.parse(source)) if re.search(r"[A-Za-z]", t)]
    except SyntaxError:
        return False
    spoken = answer.lower()
    places = [m.span() for t in texts for m in re.finditer(re.escape(t), spoken)]
    out = [
        RULING_OUT.search(spoken[spoken.rfind("\n", 0, a) + 1 : a]) or SAID_CLOSED.search(spoken[b:]) for a, b in places
    ]
    return bool(places) and all(out)


def quote_leaves_out(source: str, criterion: str, quote: str, answer: str) -> str | None:
    """The text a check looks for that the answer lacks, where the check looks for two or more
    of the criterion's own phrases and `quote` holds one of them: `'coordinator'` when the
    grader quotes "Included: a tasting for two, the cake stand and knife" for "Names the
    tasting, the coordinator and the cake stand and knife". Such a quote shows where the
    answer says part of the criterion, not a paraphrase of the part the check did not find."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    wanted, said = normalized(criterion), normalized(quote)
    own = [t for t in map(normalized, written_texts(tree, places=False)) if t and t in wanted]
    if len(own) < 2 or not any(t in said for t in own):
        return None
    held = normalized(answer)
    return next((t for t in own if t not in held), None)


_VALUE = frozenset(
    "age ages aged password passwords passcode passcodes pin pins token tokens secret secrets code codes phone "
    "mobile number numbers email emails address addresses birth birthday birthdays dob salary salaries".split()
)
"""Words naming a kind of value an answer writes as the value itself: an age as 34, a
password as hunter2, a gate code as 4471."""
_GIVES = re.compile(
    r"\b(?:give|gives|write|writes|share|shares|show|shows|include|includes|put|puts|leave|leaves|keep|keeps|"
    r"hard-codes?|reveal|reveals|print|prints|list|lists|disclose|discloses|state|states|contain|contains)\b",
    re.I,
)
_SAYS = re.compile(r"\b(?:mention|mentions|say|says|word|words|term|phrase)\b", re.I)
_KEPT_OUT = re.compile(r"^(?:does not|do not|doesn't|don't|never|no)\b|\b(?:leaves?|keeps?)\b.*\bout\b", re.I)


def looks_for_a_value_s_name(source: str, criterion: str) -> bool:
    """Whether every text a check looks for is the criterion's own words ending in
    a word that names a kind of value (`'age'` for "Does not give any runner's age",
    `'side gate code'` for "Leaves the side gate code out"), where the criterion keeps the
    value out rather than the word ("Does not mention salary"): the check's True then says
    the answer lacks the name, not the value."""
    if not (_KEPT_OUT.search(criterion) and _GIVES.search(criterion)) or _SAYS.search(criterion):
        return False
    try:
        texts = [WORD.findall(t.lower()) for t in written_texts(ast.parse(source)) if re.search(r"[A-Za-z]", t)]
    except SyntaxError:
        return False
    said = set(WORD.findall(criterion.lower()))
    said |= {w[:-1] for w in said if w.endswith("s")}  # "age" of "the ages of individual runners"
    return bool(texts) and all(words and words[-1] in _VALUE and set(words) <= said for words in texts)


_POSSESSIVE = re.compile(r"['\u2019]s?$")
_PLAIN = frozenset("the a an of to and or for in on at with from by is are was be its it this that their".split())
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n")


def _stems(text: str) -> set[str]:
    """A text's words of three letters or more but the plainest, each by its first five letters."""
    words = (_POSSESSIVE.sub("", w.lower()) for w in WORD.findall(text))
    return {w[:5] for w in words if len(w) > 2 and w not in _PLAIN}


def absent_words_stand_near(source: str, answer: str) -> str | None:
    """The sentence of `answer` holding half or more of the words (by their first five letters,
    two at least) of a phrase a check tests is absent (`"next year's renovation plans" not in
    answer` of "Next year we plan to renovate the hall."): the phrase is absent, not the thing
    it names. None when no sentence does."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    phrases = [stems for text in written_texts(tree) if len(stems := _stems(text)) >= 2]
    for sentence in _SENTENCE.split(answer):
        held = _stems(sentence)
        if any(2 * len(stems & held) >= len(stems) for stems in phrases):
            return sentence.strip()
    return None

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

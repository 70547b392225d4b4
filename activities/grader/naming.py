"""The words a criterion names a thing by ("the pick-up", "the employer's pension
contribution"), as patterns a line of the answer holding them matches: each word's first five
letters ("arrival" finds "Arrived"), a hyphened word whole, its hyphen a space or nothing too
("pick-up", "pick up", "pickup"), but a phrase hyphened into one word ("the where-to-meet
section") by its words, a possessive as its word. Words of `plain`, and words of two
letters or fewer, name nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from typing import Protocol, TypeVar

_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")
_POSSESSIVE = re.compile(r"['\u2019]s?$")


def named_stems(text: str, plain: Collection[str]) -> list[re.Pattern[str]]:
    """The patterns of the words `text` names its thing by, in its order."""
    words = [_POSSESSIVE.sub("", w).lower() for w in _WORD.findall(text)]
    words = [part for w in words for part in (w.split("-") if w.count("-") >= 2 else [w])]
    stems = [w if "-" in w else w[:5] for w in words if w not in plain and len(w) > 2]
    return [re.compile(r"(?<!\w)" + re.escape(stem).replace(r"\-", r"[-\s]?"), re.I) for stem in stems]


_SAME_PART = (
    "price prices pricing cost costs charge charges fee fees payment payments money rent fines bill",
    "timings times timetable schedule programme program dates when",
    "findings found results observations",
    "advice recommendations recommended suggestions tips",
    "contact questions touch enquiries",
    "thanks thank",
    "gifts donations donated",
    "actions tasks",
    "grounds reasons",
    "food feeding meals",
    "summary overview",
    "request requests asking",
)
"""Words a document's parts are named by interchangeably: a part asked for by one ("the
price") may stand under a heading of another ("Payment", "Costs")."""
_ALIKE = {word: group.split() for group in _SAME_PART for word in group.split()}


def section_stems(text: str, plain: Collection[str]) -> list[re.Pattern[str]]:
    """The patterns of the words `text` names a part of a document by, and of the words that
    name the same part (`_SAME_PART`)."""
    words = [w.lower() for w in _WORD.findall(text)]
    alike = [other for w in words for other in _ALIKE.get(w, ()) if other != w]
    return named_stems(" ".join([text, *alike]), plain)


Named = TypeVar("Named")


def most_named(items: Sequence[Named], text: Callable[[Named], str], named: list[re.Pattern[str]]) -> list[Named]:
    """The items whose `text` holds every word `named` (the patterns of `named_stems`), else
    those holding one; none where it names no word."""
    if not named:
        return []
    return [i for i in items if all(w.search(text(i)) for w in named)] or [
        i for i in items if any(w.search(text(i)) for w in named)
    ]


def words_pattern(words: str) -> str:
    """`words` as a pattern: each escaped, any run of spaces between them."""
    return r"\s+".join(re.escape(part) for part in words.split())


class OnALine(Protocol):
    """Something read off one line of the answer."""

    @property
    def line(self) -> str: ...


Found = TypeVar("Found", bound=OnALine)


def chosen(
    found: Sequence[Found], named: list[re.Pattern[str]], every: bool, last: Callable[[str], bool] | None = None
) -> tuple[list[Found], bool]:
    """The things read off the answer that a criterion means, and whether a wrong one among them
    decides it: every one where it asks of every one; else those on the lines holding every
    word it names the thing by, else the answer's only one, else those on the lines `last`
    accepts; else every one, where only all of them right decides (which is meant is unclear)."""
    if every:
        return list(found), True
    if meant := [f for f in found if named and all(word.search(f.line) for word in named)]:
        return meant, True
    if len(found) == 1:
        return list(found), True
    if last is not None and (meant := [f for f in found if last(f.line)]):
        return meant, True
    return list(found), False

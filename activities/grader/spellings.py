"""A criterion that asks one spelling of a name throughout ("Spells the speaker's surname
Okonkwo the same way throughout", "Gallagher is spelt one way every time", "Keeps one
spelling of Hollowbrook throughout", "Uses the correct spelling of Zinnia everywhere", "Gets
Hector's name right every time", "Spells Lanyon correctly"): code reads every word of the
answer.

A check written without the answer can only count the name (`answer.count('Okonkwo') == 2`),
which says how often it stands, not whether another spelling stands beside it. Code finds
the words that are the name misspelt: written with a capital, as a name is, and one edit from
it (a letter added, dropped or changed, or two side by side swapped), two for a name of eight
letters or more, a plural read without its `s`; the name with an `s` after it, or in other
capitals, is the name. A word of a name of several words is misspelt only beside another of
them ("William Barnes" is no misspelt "Vaughan Williams"), or where it is a word no dictionary
holds ("Thornbery Leisure Centre" misspells Thornbury Foodbank). Such a
word beside the name fails the criterion, quoted on its line; the name and no such word meets
it. A name of four or five letters (English is full of words a letter from one: Price beside
Pryce) is misspelt only by a word no dictionary holds ("Freyja" beside Freya), and spelt one
way only where no capitalised word stands within two letters of it. Left to the grader: a
name of three letters or fewer, a short name beside words near it; a name the answer never holds (another spelling throughout is
a question of which name is meant), a criterion that names no name, and a negated one.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.pronouncing import in_dictionary
from rubricflow.activities.grader.quotes import content_lines

_ONE_WAY = re.compile(
    r"\b(?:spell(?:s|ed|ing)?|spelt|writ(?:es?|ten))\b.*\b(?:the same way|one way|consistently)\b"
    r"|\b(?:one|a single|the same|a consistent)(?:\s+consistent)? spelling\b"
    r"|\b(?:spell(?:s|ed|ing)?|spelt)\b.*\b(?:throughout|every time|everywhere|each time|wherever|always|correctly)\b"
    r"|\bgets?\b.*\bname\b.*\b(?:right|correct)\b.*\b(?:throughout|every time|everywhere|each time|wherever|always)\b",
    re.I,
)
_NEGATED = re.compile(r"\b(?:not|never|no|without)\b(?! (?:mis-?spelling|other spelling|variants?)\b)|n't\b", re.I)
"""A negated criterion, but for "with no misspelling", which asks the one spelling again."""
_CAPITALISED = re.compile(r"(?<!\w)(?:[A-Z]['\u2019])?[A-Z][a-z]+(?:-[A-Z][a-z]+)*")
"""A name as a criterion writes it: O'Donnell, Ellis-Nowak; Biscuit of "Biscuit's name"."""
_LEADS = frozenset(
    {"Spells", "Spell", "Spelt", "Writes", "Write", "Keeps", "Keep", "Uses", "Use", "Gets", "Get", "The", "Its"}
)
"""Capitalised words that open a criterion and name nothing."""
_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")
_POSSESSIVE = re.compile(r"['\u2019]s$")


def _words(answer: str) -> list[str]:
    """The answer's words, a name's possessive read as the name (Okonkwo's as Okonkwo)."""
    return [_POSSESSIVE.sub("", word) for word in _WORD.findall(answer)]


SHORTEST = 6
"""Letters a name needs before code tells its misspellings from other words."""
SHORT = 4
"""Letters a shorter name needs before code reads it at all: misspelt only by a word no dictionary holds."""


def named_spellings(criterion: str) -> list[str]:
    """The names `criterion` asks one spelling of: none when it asks nothing of one spelling,
    or is negated."""
    if not _ONE_WAY.search(criterion) or _NEGATED.search(criterion):
        return []
    found = [m.group() for m in _CAPITALISED.finditer(criterion)]
    return [w for i, w in enumerate(found) if not (i == 0 and w in _LEADS)]


def edits(a: str, b: str) -> int:
    """Letters added, dropped or changed, or two side by side swapped, from `a` to `b`."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + (a[i - 1] != b[j - 1]))
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def _is_the_name(word: str, name: str) -> bool:
    folded, wanted = word.casefold(), name.casefold()
    return folded in (wanted, wanted + "s")


def _near(word: str, name: str, most: int | None = None) -> bool:
    """Whether `word` is `name` misspelt: within an edit of it (two for eight letters or more,
    or `most`), a plural ("Zinias" for Zinnia) read without its `s`."""
    most = most if most is not None else 2 if len(name) >= 8 else 1
    forms = {word.casefold()} | ({word.casefold()[:-1]} if word.casefold().endswith("s") else set())
    return any(edits(form, name.casefold()) <= most for form in forms)


def misspelt(answer: str, name: str, partners: tuple[str, ...] = ()) -> list[str]:
    """The words of `answer` that are `name` misspelt, each once, in the order they stand; a
    word of a name of several words ("Vaughan Williams") only beside one of its others, so
    "William Barnes" is another name, unless the word is in no dictionary ("Thornbery")."""
    words = _words(answer)
    found: list[str] = []
    for i, word in enumerate(words):
        if word[0].isupper() and not _is_the_name(word, name) and word not in found and _near(word, name):
            beside = words[max(i - 1, 0) : i] + words[i + 1 : i + 2]
            if (
                not partners
                or not in_dictionary(word)
                or any(_is_the_name(b, p) or _near(b, p) for b in beside for p in partners)
            ):
                found.append(word)
    return found


def _close_word(words: list[str], name: str) -> bool:
    """Whether a capitalised word other than the short `name` stands within two letters of it
    (Rees beside Rhys, Prices beside Pryce): which is the name misspelt only a reader can tell."""
    return any(w[0].isupper() and not _is_the_name(w, name) and _near(w, name, 2) for w in words)


def _partners(criterion: str, name: str) -> tuple[str, ...]:
    """The other words of the name of several words that `name` is part of in `criterion`."""
    for run in re.finditer(rf"{_CAPITALISED.pattern}(?:\s+{_CAPITALISED.pattern})+", criterion):
        words = run.group().split()
        if name in words:
            return tuple(w for w in words if w != name and w not in _LEADS)
    return ()


def _line_with(answer: str, word: str) -> str:
    pattern = re.compile(rf"(?<![^\W\d_]){re.escape(word)}(?![^\W\d_])")
    return next((line for line in content_lines(answer) if pattern.search(line)), "")


def spelling(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the spellings of the names it asks one spelling of: unmet by
    a long name misspelt, met when every name is long and spelt one way; None when it asks
    none, the answer holds a name nowhere, or a short name is left unread."""
    names = named_spellings(criterion)
    words = _words(answer)
    if not names or not all(any(_is_the_name(w, n) for w in words) for n in names):
        return None
    readable = [name for name in names if len(name) >= SHORTEST]
    short = [name for name in names if SHORT <= len(name) < SHORTEST]
    for name in readable + short:
        wrong = misspelt(answer, name, _partners(criterion, name))
        if name in short:
            wrong = [w for w in wrong if not in_dictionary(w) and not in_dictionary(w.rstrip("s"))]
        if wrong:
            why = f"the answer spells {name!r} as {wrong[0]!r} too"
            return Evidence(False, why, f"spelling: {wrong[0]!r} beside {name!r}", quote=_line_with(answer, wrong[0]))
    if len(readable) + len(short) != len(names) or any(_close_word(words, name) for name in short):
        return None
    shown = ", ".join(repr(n) for n in names)
    return Evidence(True, "", f"spelling: {shown} one way throughout", quote=_line_with(answer, names[0]))

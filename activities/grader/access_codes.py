"""A criterion asking that a code of access be kept out of the answer ("Leaves the key safe code
out of the confirmation", "Does not write down a security code", "Does not include the key safe
or door code"): whether digits stand just after a word naming a code decides, so code reads it.

A code is written where three to eight digits (not a time, a sum of money, part of a longer
number or a year after a month's name) follow "code", "PIN", "passcode" or "combination"
within a few words in one sentence ("the code is 4071", "Alarm code 4172", "its code is set to
8812"). Unmet when one is written in a sentence naming the kind of code the criterion names
("key safe", "garage keypad"; any kind for "a security code"); met when the answer writes no
digits after any word of a code or of where one is kept (a key safe, keypad, lockbox or alarm).
Left to the grader: a code of another kind than the one asked, digits after where a code is
kept with no word of a code ("Key safe: 4471"), and a criterion asking that a code be given.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence

_CODE_WORDS = r"codes?|pins?|passcodes?|combinations?"
_NAMED = re.compile(
    r"\b(?:key ?safe|door|alarm|keypad|gate|lockbox|garage|padlock|building|security|entry|access)"
    r"(?:\s+[a-z]+){0,2}?\s+(?:codes?|passcodes?|combinations?)\b",
    re.I,
)
"""A code of access the criterion names by its kind ("key safe code", "side gate code")."""
_PIN = re.compile(r"\bPINs?\b")
_HIDDEN = re.compile(r"\b(?:not|no|never|without|leaves?|keeps?|omits?|out|off|withholds?)\b|n't\b", re.I)
_KINDS = frozenset("key safe keysafe door alarm keypad gate lockbox garage padlock building".split())
_ANY = frozenset("security entry access".split())
_DIGITS = (
    r"(?<![\d£$€:.,/-])(?P<digits>\d{3,8}|\d\d-\d\d-\d\d)"
    r"(?![\d:/]|[.,]\d|\s*(?:am|pm|hours?|minutes?|mins?)\b|\s\d|-\d)"
)
_WRITTEN = re.compile(rf"\b(?:{_CODE_WORDS})\b[^.!?\n\d]{{0,30}}?{_DIGITS}", re.I)
_KEPT = re.compile(rf"\b(?:{_CODE_WORDS}|key ?safe|keypad|lockbox|alarm)\b[^.!?\n\d]{{0,30}}?{_DIGITS}", re.I)
_MONTH_BEFORE = re.compile(
    r"\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?$", re.I
)
_SENTENCE = re.compile(r"[^.!?\n]+(?:[.!?](?!\d)|\n|$)")


def _kinds(criterion: str) -> frozenset[str] | None:
    """The words naming the kind of code the criterion asks be kept out (empty: any kind);
    None when it asks none be kept out."""
    if not (_NAMED.search(criterion) or _PIN.search(criterion)) or not _HIDDEN.search(criterion):
        return None
    words = {w.lower() for w in re.findall(r"[a-z]+", criterion, re.I)}
    if words & _ANY or _PIN.search(criterion):
        return frozenset()
    named = words & _KINDS
    return frozenset(named) if named else None


def _codes(pattern: re.Pattern[str], text: str) -> list[re.Match[str]]:
    """The matches of `pattern` whose digits are no year after a month's name."""
    return [m for m in pattern.finditer(text) if not _MONTH_BEFORE.search(text[: m.start("digits")])]


def code_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the digits after a code's name; None when it asks no code be
    kept out, or the answer leaves it unclear."""
    kinds = _kinds(criterion)
    if kinds is None:
        return None
    for sentence in _SENTENCE.findall(answer):
        named = not kinds or any(re.search(rf"\b{kind}\b", sentence, re.I) for kind in kinds)
        if named and (written := _codes(_WRITTEN, sentence)):
            why = f"the answer writes a code, {written[0].group(0)!r}"
            return Evidence(False, why, f"access code: {why}", quote=sentence.strip())
    if _codes(_KEPT, answer):
        return None
    return Evidence(True, "", "access code: no digits follow a word of a code anywhere in the answer")

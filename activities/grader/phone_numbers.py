"""A criterion asking that the answer keep a person's own phone number out ("Does not include
the customer's mobile number", "Keeps the customer's personal phone number out of the
confirmation", "Does not share a personal mobile number"): the shape of the numbers it holds
decides, so code reads it where the shapes are plain.

A mobile number is a UK one (07 or +44 7, then nine digits, spaced any way); a landline or a
service number is a UK one of 01, 02, 03 or 08 (a business's number). Unmet when a mobile number
stands on a line that names a person by title (Mr, Mrs, Ms, Miss, Mx, Dr), or holds the word the
criterion names the person by ("Owner:", "| Customer |", a table row under a "Winner" column),
or the writer's own ("call me on", "my mobile"), or any number the writer calls their own ("Ring
me on 01632 960 184"). A criterion keeping every number out ("Does not include anyone's phone
number", "Leaves out all phone numbers") is unmet by any number, met by none. Met when the
answer holds no mobile number, every phone number in it is a landline or a service number, and
(where the criterion names email or contact details) no email address. Left to the grader:
numbers of other shapes (another country's), a mobile on a line that names no one (a business's
own), and a criterion that asks a number be given.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.naming import named_stems

_ASKS = re.compile(r"\b(?:mobile|phone|telephone|contact)\b", re.I)
KEPT_OUT = re.compile(r"\b(?:not|no|never|without|leaves?|keeps?|omits?|excludes?)\b|n't\b", re.I)
"""Words of a criterion that keep something out of the answer."""
_PERSONAL = re.compile(r"\b(?:mobile|personal|private|home)\b|\b\w+'s\s+(?:\w+\s+)?(?:phone|mobile)", re.I)
_MOBILE = re.compile(r"(?<![\d+])(?:\+44\s?\(?0?\)?\s?7|07)(?:\s?\d){9}(?!\d)")
_PHONE = re.compile(r"(?<![\d£$€])(?:\+\d{1,3}[\s-]?)?\(?\d{2,5}\)?(?:[\s-]?\d{2,4}){2,3}(?!\d|[.,]\d|%)")
_SERVICE = re.compile(r"^(?:\+44\s?\(?0?\)?\s?|0)[1238]")
EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
TITLE = re.compile(r"\b(?:Mr|Mrs|Ms|Miss|Mx|Dr)\.?\s+[A-Z]")
"""A person named by title: "Mrs Patel", "Dr. Okafor"."""
_OWN = re.compile(r"\b(?:call|ring|text|phone)\s+me\b|\bmy\s+(?:mobile|phone|number)\b", re.I)
_PLAIN = frozenset(
    "the a an of for with it its is are does do not no never without include includes including leave leaves "
    "left keep keeps kept out omit omits share shares give gives show shows personal private home mobile phone "
    "telephone number numbers contact details or email address addresses report confirmation letter note notice "
    "any anyone who in from".split()
)


_EVERY_NUMBER = re.compile(
    r"\b(?:anyone's|anybody's|any|all|every)\s+(?:(?:tele)?phone|contact|mobile)\s+numbers?\b", re.I
)
"""A criterion keeping every number out, whoever's ("Does not include anyone's phone number",
"Leaves out all phone numbers"), not a person's alone."""


def _any_number(answer: str) -> Evidence:
    """Unmet by any phone number the answer holds, met by none."""
    numbers = [m.group(0) for m in _MOBILE.finditer(answer)] + phone_numbers(answer)
    if numbers:
        line = next(ln for ln in answer.splitlines() if numbers[0] in ln)
        why = f"the answer gives a phone number, {numbers[0]!r}"
        return Evidence(False, why, f"phone number: {why}", quote=line.strip())
    return Evidence(True, "", "phone number: the answer gives none")


def _with_headers(lines: list[str]) -> list[tuple[str, str]]:
    """Each line, and the header row of the table it is a row of ('' for a line of none)."""
    placed, header = [], ""
    for index, line in enumerate(lines):
        row = line.lstrip().startswith("|")
        if row and not (index and lines[index - 1].lstrip().startswith("|")):
            header = line
        placed.append((line, header if row else ""))
    return placed


def _digits(number: str) -> int:
    return sum(ch.isdigit() for ch in number)


def phone_numbers(text: str) -> list[str]:
    """The telephone numbers `text` writes: runs of its shapes with 10 to 13 digits."""
    return [m.group(0) for m in _PHONE.finditer(text) if 10 <= _digits(m.group(0)) <= 13]


def phone_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the shape of the phone numbers the answer holds; None when it
    asks nothing of a person's own number, or the shapes do not tell."""
    if not (_ASKS.search(criterion) and KEPT_OUT.search(criterion)):
        return None
    if _EVERY_NUMBER.search(criterion):
        return _any_number(answer)
    if not _PERSONAL.search(criterion):
        return None
    roles = named_stems(criterion, _PLAIN)
    for line, header in _with_headers(answer.splitlines()):
        mobile = _MOBILE.search(line)
        if mobile and (TITLE.search(line) or _OWN.search(line) or any(s.search(f"{header} {line}") for s in roles)):
            why = f"the answer gives a mobile number, {mobile.group(0)!r}, beside a person"
            return Evidence(False, why, f"phone number: {why}", quote=line.strip())
        if _OWN.search(line) and (own := phone_numbers(line)):
            why = f"the answer gives the writer's own number, {own[0]!r}"
            return Evidence(False, why, f"phone number: {why}", quote=line.strip())
    if _MOBILE.search(answer):
        return None  # a mobile beside no one: perhaps the business's own
    numbers = phone_numbers(answer)
    if any(not _SERVICE.match(number) for number in numbers):
        return None
    if re.search(r"\b(?:email|contact)\b", criterion, re.I) and EMAIL.search(answer):
        return None
    return Evidence(True, "", "phone number: the answer gives no mobile number, its others a business's")

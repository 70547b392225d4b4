"""A criterion asking that the answer give an email address, a web address or a phone number
("Gives an email address to apply to", "Gives the council website address", "Gives a phone
number or email address for follow-up questions", "Gives Gary Holt's phone number for calling
in sick"): whether the answer writes one decides, so code reads it.

An email address is `name@domain`; a web address (or link) is a Markdown link, starts with
http(s):// or www., or is a domain ending in a common suffix (.gov.uk, .org, .com ...); a phone
number is what `phone_numbers` reads as one (ten to thirteen digits in its shapes). Unmet when
the answer writes none of the kinds asked. Where the criterion writes the detail itself
("Includes the link https://..."), met when the answer writes it and unmet when not. Otherwise
met when it writes one: where the task gives one of that kind, one of the task's (another is a
slip or a second way: the grader's); where the criterion names whose it is ("Gary Holt's"), on
a line holding the name. Left to the grader: one for each of several, several asked together
("Links to the Support playbook and Refund policy") where one is written, a count, a detail
kept out, a criterion asking anything else of it, and one of another kind.
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.number_words import WORDS
from rubricflow.activities.grader.phone_numbers import EMAIL, KEPT_OUT, phone_numbers

_KINDS = {
    "email address": re.compile(r"\be-?mail(?: address)?\b", re.I),
    "web address": re.compile(r"\b(?:web ?address|web ?site(?: address)?|url|(?:web )?links?)\b", re.I),
    "phone number": re.compile(r"\b(?:phone|telephone|contact) number\b", re.I),
}
_ASKS = re.compile(
    r"^(?:gives|includes|lists|provides|states|adds|shows|links to|explains\b[^,]{0,60},\s+with)\b", re.I
)
_WEB = re.compile(
    r"\[[^\]\n]+\]\((?P<target>[^)\s]+)\)|https?://\S+|\bwww\.\S+|(?<![@\w.-])[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:gov\.uk|co\.uk|org\.uk|ac\.uk|nhs\.uk|com|org|net|"
    r"io|app|dev|uk|ie|de|pt|ca|au|nz)\b(?:/\S*)?",
    re.I,
)
_ELSE = re.compile(rf"\b(?:each|every|all|exactly|no more|no fewer|at least|at most|{WORDS})\b", re.I)
"""A criterion asking for several, or a count of them: the grader's, or another reader's."""
_WHOSE = re.compile(r"\b(?P<name>[A-Z][a-z]+(?: [A-Z][a-z]+)+)['\u2019]s\b")


def _found(kind: str, text: str) -> list[str]:
    if kind == "email address":
        return EMAIL.findall(text)
    if kind == "web address":
        return [(m.group("target") or m.group(0)).rstrip(".,;)") for m in _WEB.finditer(EMAIL.sub(" ", text))]
    return phone_numbers(text)


def _same(detail: str) -> str:
    return re.sub(r"^https?://|^www\.|[\s/()-]", "", detail.lower())


def contact_read(answer: str, criterion: str, task: str = "") -> Evidence | None:
    """The criterion decided by the contact details the answer writes; None when it asks none be
    given, or which is meant is unclear."""
    asked = [kind for kind, named in _KINDS.items() if named.search(criterion)]
    if not asked or not _ASKS.match(criterion.strip()) or KEPT_OUT.search(criterion) or _ELSE.search(criterion):
        return None
    written = {kind: _found(kind, answer) for kind in asked}
    named = {_same(d) for kind in asked for d in _found(kind, criterion)}
    if named:
        held = [d for details in written.values() for d in details if _same(d) in named]
        if held:
            return Evidence(True, "", f"contact detail: the answer writes {held[0]!r}")
        why = f"the answer does not write {', '.join(sorted(named))}"
        return Evidence(False, why, f"contact detail: {why}")
    if not any(written.values()):
        why = f"the answer writes no {' or '.join(asked)}"
        return Evidence(False, why, f"contact detail: {why}")
    if re.search(r"\band\b", criterion):
        return None  # several asked together ("the Support playbook and Refund policy"): the grader's
    whose = _WHOSE.search(criterion[:1].lower() + criterion[1:])  # its first word is no name
    for kind, details in written.items():
        lines = [line for line in answer.splitlines() if any(d in line for d in details)]
        if not details or (whose and not any(whose.group("name") in line for line in lines)):
            continue
        given = {_same(d) for d in _found(kind, task)}
        if given and not given & {_same(d) for d in details}:
            continue
        return Evidence(True, "", f"contact detail: the answer writes {details[0]!r}", quote=lines[0].strip())
    return None

"""A link, an email address or a path a criterion names ("Links to
https://fieldnote.app/launch", "Submits to /contact with POST") must stand in the answer
whole: no paraphrase means the same address, and one that goes on (`/launches`,
`a@b.org.uk`) is another; one that ends in a slash ("DOIs as https://doi.org/ links") is the
base the answer's links go on from. Where the answer lacks it, the criterion is unmet,
whatever a quote or a check says; where the answer holds it, the grader still decides the
rest of the criterion. A negated criterion ("Does not link to ...") is left to the grader.
"""

from __future__ import annotations

import re

_ADDRESS = re.compile(
    r"\bhttps?://[^\s\"'`<>()\[\]]+"  # a link
    r"|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+"  # an email address
    r"|(?<![\w/.:])/[\w-]+(?:/[\w.{}-]+)*"  # a path from the root
)
_NEGATED = re.compile(r"\b(?:no|not|never|without|avoids?)\b|n't\b", re.I)
_TRAILING = ".,;:!?"


def named_addresses(criterion: str) -> list[str]:
    """The links, email addresses and paths `criterion` names, or none when it is negated."""
    if _NEGATED.search(criterion):
        return []
    found = (match.group().rstrip(_TRAILING) for match in _ADDRESS.finditer(criterion))
    return [address for address in found if len(address) > 2]


def holds(answer: str, address: str) -> bool:
    """Whether `answer` holds `address` whole: not inside a longer word, link or address;
    one that ends in a slash (`https://doi.org/`) is a base the answer's links may go on from."""
    head = r"(?<![\w/.@-])" if address[:1].isalnum() else r"(?<![\w.@-])"
    tail = "" if address.endswith("/") else r"(?![\w@-]|[./:][\w])"
    pattern = head + re.escape(address) + tail
    return re.search(pattern, answer, re.IGNORECASE) is not None


def missing_address(answer: str, criterion: str) -> str | None:
    """The first address `criterion` names that `answer` does not hold whole, or None."""
    return next((address for address in named_addresses(criterion) if not holds(answer, address)), None)

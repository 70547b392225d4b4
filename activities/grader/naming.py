"""The words a criterion names a thing by ("the pick-up", "the employer's pension
contribution"), as patterns a line of the answer holding them matches: each word's first five
letters ("arrival" finds "Arrived"), a hyphened word whole, its hyphen a space or nothing too
("pick-up", "pick up", "pickup"), a possessive as its word. Words of `plain`, and words of two
letters or fewer, name nothing.
"""

from __future__ import annotations

import re
from collections.abc import Collection

_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")
_POSSESSIVE = re.compile(r"['\u2019]s?$")


def named_stems(text: str, plain: Collection[str]) -> list[re.Pattern[str]]:
    """The patterns of the words `text` names its thing by, in its order."""
    words = [_POSSESSIVE.sub("", w).lower() for w in _WORD.findall(text)]
    stems = [w if "-" in w else w[:5] for w in words if w not in plain and len(w) > 2]
    return [re.compile(r"(?<!\w)" + re.escape(stem).replace(r"\-", r"[-\s]?"), re.I) for stem in stems]

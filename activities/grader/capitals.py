"""A criterion asking for no words in capitals for emphasis ("Avoids writing words in all
capitals for emphasis", "Keeps a calm tone, with no shouting in capital letters", "Does not use
block capitals for emphasis"): code reads the answer's words in capitals.

A word in capitals is one of two letters or more, every letter a capital, standing alone (not
part of a code such as "HB-0107" or "CO2"), on a line that is neither a heading nor the answer's
first line nor in a fenced block. Unmet when one is a word people shout with ("NOT", "PLEASE",
"NEVER", "MUST", "IMPORTANT": `_SHOUTED`), or two stand in a row, one of four letters or more
("GATE SHUT"); met when every one has three letters or fewer (acronyms: "GP", "NHS"). Left to
the grader: a longer word in capitals that may be an acronym or a shout ("RSVP", "GOOD"), and
every other criterion about capitals (all lowercase, capitals asked for).
"""

from __future__ import annotations

import re

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.listing import heading

_ASKS = re.compile(r"\b(?:all capitals|all caps|block capitals|capital letters|capitals|upper-?case)\b", re.I)
_NOT = re.compile(r"\b(?:avoids?|no|not|without|never|doesn't|don't)\b", re.I)
_ELSE = re.compile(r"\b(?:lower-?case|keywords?|headings?|titles?|names?|acronyms?|first letter|sentences?)\b", re.I)
_CAPITALS = re.compile(r"(?<![\w'’/-])[A-Z]{2,}(?:['’][A-Z]+)?(?![\w/-])")
_RUN = re.compile(r"(?<![\w'’/-])[A-Z]{2,}(?:['’][A-Z]+)?(?:[ ]+[A-Z]{2,}(?:['’][A-Z]+)?)+(?![\w/-])")
_SHOUTED = frozenset(
    "NOT NO NEVER PLEASE MUST ALWAYS IMPORTANT URGENT NOTE WARNING DO DON'T DONT ONLY STOP REMEMBER FINAL ALL "
    "ANY EVERY NOW TODAY VERY REALLY ABSOLUTELY STRICTLY DEFINITELY CANNOT CAN'T WON'T WILL NEED".split()
)
"""Words people write in capitals to shout, never acronyms."""


def asks_no_capitals(criterion: str) -> bool:
    """Whether `criterion` asks for no words in capitals for emphasis."""
    return bool(_ASKS.search(criterion) and _NOT.search(criterion)) and not _ELSE.search(criterion)


def _read_lines(answer: str) -> list[str]:
    """The answer's lines but its first, its headings and its fenced blocks."""
    found, fenced, first = [], False, True
    for line in answer.splitlines():
        if line.strip().startswith("```"):
            fenced = not fenced
            continue
        if not line.strip() or fenced:
            continue
        if not first and heading(line) is None and not line.lstrip().startswith("#"):
            found.append(line)
        first = False
    return found


def capitals_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the answer's words in capitals; None when it asks something
    else of capitals, or a word in capitals may be an acronym or a shout."""
    if not asks_no_capitals(criterion):
        return None
    lines = _read_lines(answer)
    for line in lines:
        shout = next((m.group() for m in _RUN.finditer(line) if max(map(len, m.group().split())) >= 4), None)
        shout = shout or next((w for w in _CAPITALS.findall(line) if w.replace("’", "'") in _SHOUTED), None)
        if shout:
            why = f"{shout!r} is written in capitals"
            return Evidence(False, why, f"capitals: {why}", quote=line.strip())
    if any(len(word) > 3 for line in lines for word in _CAPITALS.findall(line)):
        return None
    return Evidence(True, "", "capitals: no word of four letters or more in capitals, none shouted")

"""A criterion asking that a length of time the answer states be right for the two times it
runs between ("The interview's length in minutes matches its start and end timestamps", "The
number of minutes it gives between the two times is right"): the clock decides, so code reads
it.

Code finds a length written beside the two times it runs between: right after them ("10:00 to
10:40 (45 minutes)", "7:45 am – 12:15 pm (4 hours)", "arrived 1:40 pm and left 3:05 pm, 1 hour
35 minutes"), right before them ("25 minutes (15:10 to 15:35)"), between or after them in a
row's columns ("09:00  1h30  10:30"), or said to lie between them in a line of two times and
one length ("at 13:30 ... at 13:36, just 4 minutes later", "from 8:30 am ... by 3:30 pm (a
7-hour day)"). A time past 23 makes both of its pair minutes and seconds of a recording (06:40
to 40:40); a finish before its start is the next day. Which lengths count: every one where the
criterion asks of every one; else the one on the line holding the words it names the thing by,
else the answer's only one, else every one when all are right. A wrong one among them fails
the criterion, quoted on its line; all right meets it. Left to the grader: a length said to be
about one, a bound, a sum or an offset the criterion names ("at least 15 minutes", "sum to 45
minutes", "15 minutes ahead of the appointment"), a negated criterion, and a length beside
times it does not run between (a layover written on its flight's row).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.naming import chosen, named_stems
from rubricflow.activities.grader.quotes import content_lines

_LENGTH_WORD = re.compile(r"\b(?:length|lengths|duration|minutes|hours|gap|long|time)\b", re.I)
_RIGHT = re.compile(
    r"\b(?:right|correct(?:ly)?|match(?:es)?|agrees?|equals?|is the (?:gap|time|length) between)\b", re.I
)
_ENDS = re.compile(
    r"\b(?:start|starts|finish|end|ends|times|timestamps|began|begins|ended|between|arrived|left|arrival|departure|"
    r"lasts|how long|how many (?:hours|minutes)|from the first time to the last)\b",
    re.I,
)
_ELSE = re.compile(
    r"\b(?:not|never|no|without|at least|at most|within|ahead|before|after|early|earlier|later|sum|sums|add|adds|"
    r"total(?! (?:time|length|duration)\b)|longer|shorter|more|less|under|over|apart|minus|plus|breaks?)\b|n't\b",
    re.I,
)
_EVERY = re.compile(r"\b(?:every|each|all)\b", re.I)

_TIME = re.compile(
    r"(?<![\d:.])(?P<h>\d{1,2}):(?P<m>\d\d)(?::(?P<s>\d\d))?(?![\d:])(?:\s*(?P<ap>[ap])\.?m\b\.?)?"
    r"|(?<![\d:.])(?P<h2>\d{1,2})\s*(?P<ap2>[ap])\.?m\b\.?",
    re.I,
)
_LENGTH = re.compile(
    r"(?<![\d.:])(?:(?P<hours>\d+(?:\.\d+)?)(?P<half>\u00bd)?(?:\s*|-)(?:hours?|hrs?|h)\b(?:\s*(?P<hm>\d{1,2})\s*(?:minutes?|mins?|m)\b)?"
    r"|(?P<hh>\d{1,2})h(?P<mm>\d\d)\b|(?P<minutes>\d+)[\s-]*(?:minutes?|mins?)\b)",
    re.I,
)
_ZONE = r"(?:\s*(?:UTC|GMT|[A-Z]{2}T))?"
_TO = re.compile(
    rf"^{_ZONE}\s*(?:to|until|till|and(?:\s+(?:left|finished|ended|departed)(?:\s+at)?)?|[-\u2013\u2014])\s*$", re.I
)
_BESIDE = re.compile(rf"^{_ZONE}[\s,;:|()]*(?:(?:a total of|in all|so|that's|that is|which is|lasting|for)\s*)?$", re.I)
_COLUMNS = re.compile(r"^[\s|]+$")
_BETWEEN = re.compile(r"^\s*(?:later|after(?:wards)?|apart|between (?:them|the two))\b", re.I)
"""Words right after a length that say it lies between the line's two times ("4 minutes later")."""
_IN_BRACKETS = re.compile(r"\(\s*(?:an?\s+)?$")
"""A length in brackets after a line's two times ("from 8:30 am ... by 3:30 pm (a 7-hour day)")."""
_ABOUT = re.compile(r"\b(?:about|around|roughly|nearly|almost|over|under|approximately|some)\s*$", re.I)

_PLAIN = frozenset(
    "the a an of for with it its is are and in on to that this which gives given give states stated says said right "
    "correct correctly match matches agrees agree length lengths duration minutes minute hours hour number time times "
    "start starts finish finishes end ends began begin ended timestamps timestamp two between gap shown every each all "
    "long".split()
)
"""Words of a criterion that say nothing of which length it means."""


@dataclass(frozen=True)
class StatedLength:
    """A length of time an answer states beside the two times it runs between, in minutes."""

    stated: float
    actual: float
    line: str

    @property
    def right(self) -> bool:
        return abs(self.stated - self.actual) < 0.5


def asks_durations(criterion: str) -> bool:
    """Whether `criterion` asks that a stated length be right for the times it runs between."""
    return bool(
        _LENGTH_WORD.search(criterion)
        and _RIGHT.search(criterion)
        and _ENDS.search(criterion)
        and not _ELSE.search(criterion)
    )


def _minutes(match: re.Match[str], recording: bool) -> float:
    """A time's minutes into its day, or into its recording (minutes and seconds)."""
    if match.group("h2") is not None:
        hour, minute, second, ap = int(match.group("h2")), 0, 0, match.group("ap2")
    else:
        hour, minute = int(match.group("h")), int(match.group("m"))
        second, ap = int(match.group("s") or 0), match.group("ap")
    if recording and match.group("s") is None and not ap:
        return hour + minute / 60  # minutes and seconds
    if ap:
        hour = hour % 12 + (12 if ap.lower() == "p" else 0)
    return hour * 60 + minute + second / 60


def _length(match: re.Match[str]) -> float:
    if match.group("hh") is not None:
        return int(match.group("hh")) * 60 + int(match.group("mm"))
    if match.group("minutes") is not None:
        return float(match.group("minutes"))
    return (float(match.group("hours")) + (0.5 if match.group("half") else 0)) * 60 + int(match.group("hm") or 0)


def _between(first: re.Match[str], second: re.Match[str]) -> float:
    recording = any(m.group("h") is not None and int(m.group("h")) > 23 for m in (first, second))
    start, end = _minutes(first, recording), _minutes(second, recording)
    return round(end - start + (0 if end >= start or recording else 24 * 60), 2)


def _line_lengths(line: str) -> list[StatedLength]:
    times = list(_TIME.finditer(line))
    lengths = [m for m in _LENGTH.finditer(line) if not any(t.start() <= m.start() < t.end() for t in times)]
    found: list[StatedLength] = []
    for length in lengths:
        if _ABOUT.search(line[: length.start()]):
            continue
        pair = _pair_beside(line, times, length)
        if pair is None and len(times) == 2:
            bracketed = (
                len(lengths) == 1 and times[1].end() <= length.start() and _IN_BRACKETS.search(line[: length.start()])
            )
            if _BETWEEN.match(line[length.end() :]) or bracketed:
                pair = (times[0], times[1])
        if pair is not None:
            found.append(StatedLength(_length(length), _between(*pair), line))
    return found


def _pair_beside(
    line: str, times: list[re.Match[str]], length: re.Match[str]
) -> tuple[re.Match[str], re.Match[str]] | None:
    """The two times `length` runs between, written right beside it: the length after them
    ("10:00 to 10:40 (45 minutes)", "| 09:00 | 10:30 | 1h30 |"), before them ("25 minutes
    (15:10 to 15:35)") or between them in a row's columns ("09:00  1h30  10:30"); None when
    there are none."""
    for first, second in zip(times, times[1:], strict=False):
        joined = line[first.end() : second.start()]
        if second.end() <= length.start():
            beside = (_TO.match(joined) or _COLUMNS.match(joined)) and _BESIDE.match(
                line[second.end() : length.start()]
            )
        elif length.end() <= first.start():
            beside = _TO.match(joined) and _BESIDE.match(line[length.end() : first.start()])
        else:
            beside = _COLUMNS.match(line[first.end() : length.start()]) and _COLUMNS.match(
                line[length.end() : second.start()]
            )
        if beside:
            return first, second
    return None


def stated_lengths(answer: str) -> list[StatedLength]:
    """Every length `answer` states beside the two times it runs between, in the order they stand."""
    return [length for line in content_lines(answer) for length in _line_lengths(line)]


def duration_read(answer: str, criterion: str) -> Evidence | None:
    """The criterion decided by the clock: unmet by a stated length its times do not give,
    met when every length it means is right; None when it asks none, or code cannot tell
    which it means."""
    if not asks_durations(criterion):
        return None
    lengths = stated_lengths(answer)
    every = bool(_EVERY.search(criterion))
    if not lengths:
        return None
    judged, sure = chosen(lengths, [] if every else named_stems(criterion, _PLAIN), every)
    if wrong := next((s for s in judged if not s.right), None):
        if not sure:
            return None  # a wrong length, but which one the criterion means is unclear
        why = f"its times are {wrong.actual:g} minutes apart, not the {wrong.stated:g} it states"
        return Evidence(False, why, f"duration: {why}", quote=wrong.line)
    said = f"duration: {len(judged)} length(s) right for the times they run between"
    return Evidence(True, "", said, quote=judged[0].line)

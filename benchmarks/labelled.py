"""The judge benchmark's labelled answers: a case, its criteria, and how criteria are drawn.

A case is what a user gave an agent (`task`), what the agent answered (`answer`) and the
rubric's criteria, each with the truth code decided (`met`), the truth function's name
(`kind`) and the family of criteria it belongs to (`family`), for the per-family figures.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from decimal import Decimal
from difflib import SequenceMatcher
from typing import Protocol, TypeVar


class Subject(Protocol):
    """What a switched family's answers are about: the task the agent was given."""

    @property
    def task(self) -> str: ...


S = TypeVar("S", bound=Subject)

SEED = 20261204
"""The seed of the families beyond the menu (each family draws from its own stream, seeded
with this and its name, so adding a family changes no other)."""


@dataclass(frozen=True)
class Criterion:
    text: str
    met: bool
    kind: str
    """Which truth function decided it."""
    family: str = ""
    """The family it is reported under; the menu's own kinds are `menu:<kind>`."""

    def __post_init__(self) -> None:
        if not self.family:
            object.__setattr__(self, "family", f"menu:{self.kind}")


@dataclass(frozen=True)
class JudgeCase:
    id: str
    task: str
    answer: str
    criteria: tuple[Criterion, ...]

    @property
    def rubric(self) -> str:
        return "\n".join(f"- {c.text}" for c in self.criteria)

    @property
    def families(self) -> set[str]:
        return {c.family for c in self.criteria}


def is_menu(family: str) -> bool:
    """The menu's own kinds: the criteria the grader's fact menu was written for."""
    return family.startswith("menu:")


@dataclass
class Balance:
    """Draws each answer's criteria from the ones that can be asked of it, met and unmet in
    turn, so that a family ends with about half of its criteria unmet whatever its answers are.
    The draw depends on the truths and the seeded stream only, never on how a grader did."""

    rng: random.Random
    tally: dict[bool, int] = field(default_factory=lambda: {True: 0, False: 0})

    def choose(self, candidates: Sequence[Criterion], k: int) -> tuple[Criterion, ...]:
        texts = [c.text for c in candidates]
        if len(set(texts)) != len(texts):
            raise ValueError(f"criteria of one answer repeat a text: {texts}")
        pools = {truth: [c for c in candidates if c.met is truth] for truth in (True, False)}
        for pool in pools.values():
            self.rng.shuffle(pool)
        chosen: list[Criterion] = []
        while len(chosen) < k and (pools[True] or pools[False]):
            if self.tally[True] == self.tally[False]:
                want = self.rng.random() < 0.5
            else:
                want = self.tally[True] < self.tally[False]
            side = want if pools[want] else not want
            chosen.append(pools[side].pop())
            self.tally[side] += 1
        self.rng.shuffle(chosen)
        return tuple(chosen)


def pick_wording(rng: random.Random, wordings: Sequence[str], **values: object) -> str:
    """One of `wordings`, its `{name}` fields filled from `values` (a wording is used as
    written when there are none, so a criterion may quote a dict literal)."""
    wording = rng.choice(wordings)
    return wording.format(**values) if values else wording


def slipped(text: str, slips: Sequence[tuple[str, str, str]], on: Mapping[str, bool], subject: object) -> str:
    """`text` with each slip `(switch, old, new)` whose switch is off made: the first `old`
    replaced by `new`. A slip whose `old` is not in the text raises, naming `subject`."""
    for switch, old, new in slips:
        if not on[switch]:
            if old not in text:
                raise ValueError(f"{subject}: {switch} finds no {old!r}")
            text = text.replace(old, new, 1)
    return text


def swap_lines(text: str, first: str, second: str, switch: str = "order") -> tuple[str, str, str]:
    """The slip `(switch, old, new)` in which the line of `text` holding `first` and the next
    line, which must hold `second`, trade places."""
    start = text.rfind("\n", 0, text.index(first)) + 1
    middle = text.index("\n", start)
    end = text.index("\n", middle + 1)
    one, two = text[start:middle], text[middle + 1 : end]
    if second not in two:
        raise ValueError(f"{second!r} is not on the line after {first!r}")
    return (switch, f"{one}\n{two}", f"{two}\n{one}")


def swap_spans(text: str, first: str, second: str, after: str, switch: str = "order") -> tuple[str, str, str]:
    """The slip `(switch, old, new)` in which the span of `text` from `first` to `second` and
    the one from `second` to `after` trade places."""
    start, middle, end = text.index(first), text.index(second), text.index(after)
    return (switch, text[start:end], text[middle:end] + text[start:middle])


FENCED = re.compile(r"```[^\n]*\n(.*?)```", re.DOTALL)


def fenced_or_whole(answer: str) -> str:
    """The first fenced block's contents, or the whole answer when it has none."""
    found = FENCED.search(answer)
    return found.group(1) if found else answer


def comment_first_names(text: str, name: str) -> bool:
    """Whether `text`'s first non-blank line is a `#` comment that names `name`, in any case."""
    first = next((line.strip() for line in text.splitlines() if line.strip()), "")
    return first.startswith("#") and name.lower() in first.lower()


MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
ISO_DATE = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
NAMED_DATE = re.compile(r"\b(\d{1,2})\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{4})", re.I)


def date_in(line: str) -> date | None:
    """The first date `line` writes in ISO form or as `9 Jun 2025`, ISO first; None if neither."""
    if iso := ISO_DATE.search(line):
        return date(*(int(g) for g in iso.groups()))
    if named := NAMED_DATE.search(line):
        return date(int(named.group(3)), MONTHS.index(named.group(2).lower()[:3]) + 1, int(named.group(1)))
    return None


WEEKDAY = re.compile(r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b", re.I)
"""A weekday's full name in any case."""


def weekday_matches(line: str) -> bool:
    """Whether `line` names a weekday and a date (its first of each) and the date falls on that weekday."""
    day, weekday = date_in(line), WEEKDAY.search(line)
    return day is not None and weekday is not None and weekday.group(0).lower() == f"{day:%A}".lower()


def working_days_after(day: date, days: int) -> date:
    """The date `days` working days (Monday to Friday) after `day`."""
    while days:
        day += timedelta(days=1)
        days -= day.weekday() < 5
    return day


CLOCK = re.compile(r"\b(\d{1,2}):(\d{2})(?:\s*([ap])\.?m\b\.?)?", re.I)
"""A time of day (`13:30`, `1:45 PM`, `8:30 am`): hours, minutes, and `a` or `p` if given."""


def clocks(line: str) -> list[int]:
    """Every time of day `line` writes, in minutes after midnight, in order (12-hour times read
    by their am or pm)."""
    out = []
    for found in CLOCK.finditer(line):
        hours, half = int(found.group(1)), (found.group(3) or "").lower()
        if half:
            hours = hours % 12 + (12 if half == "p" else 0)
        out.append(hours * 60 + int(found.group(2)))
    return out


def clock(line: str) -> int | None:
    """The first time of day `line` writes, in minutes after midnight, or None."""
    return next(iter(clocks(line)), None)


def moment(day: date | None, minutes: int | None) -> datetime | None:
    """A date and a time of day (in minutes after midnight) as one moment, or None when either is missing."""
    if day is None or minutes is None:
        return None
    return datetime(day.year, day.month, day.day) + timedelta(minutes=minutes)


def line_with(answer: str, words: str) -> str:
    """The first line of `answer` holding `words` (given in lower case) in any case, or an empty line."""
    return next((s for s in answer.splitlines() if words in s.lower()), "")


MONEY = re.compile(r"[£$€]\s?(\d[\d,]*(?:\.\d+)?)")
"""An amount after a currency sign (£, $ or €); the group is its figure as written."""


def money(line: str) -> list[Decimal]:
    """Every amount `line` writes after a currency sign, in order, thousands separators dropped."""
    return [Decimal(m.replace(",", "")) for m in MONEY.findall(line)]


def last_money(line: str) -> Decimal | None:
    """The last amount `line` writes after a currency sign, or None when it writes none."""
    return next(reversed(money(line)), None)


FIGURE = re.compile(r"\d[\d,]*(?:\.\d+)?")
"""A figure as written, with or without thousands separators and decimals."""


def figure_value(text: str) -> float:
    """The value of a figure as written: thousands separators dropped, a typographic minus read."""
    return float(text.replace(",", "").replace("−", "-"))


def first_figure(pattern: re.Pattern[str], text: str) -> float | None:
    """The value of `pattern`'s first group at its first match in `text`, or None without one."""
    found = pattern.search(text)
    return figure_value(found.group(1)) if found else None


def priced_lines(answer: str, names: Sequence[str]) -> list[tuple[Decimal, Decimal, Decimal]] | None:
    """Each name's (quantity, price, amount) from the first line naming it, its name taken out: the line's first,
    second and last figures; None when a line has fewer than three."""
    out = []
    for name in names:
        rest = line_with(answer, name.lower()).lower().replace(name.lower(), " ")
        figures = [Decimal(f.replace(",", "")) for f in FIGURE.findall(rest)]
        if len(figures) < 3:
            return None
        out.append((figures[0], figures[1], figures[-1]))
    return out


TABLE_SEPARATOR = re.compile(r":?-{2,}:?")
"""A cell of a Markdown table's separator row (`---`, `:--:`)."""


def pipe_grids(answer: str) -> list[list[list[str]]]:
    """Each run of Markdown table lines in `answer`, as its rows' cells (spaces and `*`
    stripped), the separator row left out: the headings, when it has them, come first."""
    out: list[list[list[str]]] = []
    current: list[list[str]] = []
    for line in [*answer.splitlines(), ""]:
        if line.strip().startswith("|"):
            cells = [c.strip(" *") for c in line.strip().strip("|").split("|")]
            if not all(TABLE_SEPARATOR.fullmatch(c) for c in cells):
                current.append(cells)
        elif current:
            out.append(current)
            current = []
    return out


def switched_cases(
    family: str,
    subjects: Sequence[S],
    switches: Sequence[str],
    build: Callable[[S, dict[str, bool]], str],
    candidates: Callable[[random.Random, S, str], list[Criterion]],
    *,
    answers: int,
    per_answer: int,
    chance: float = 0.5,
) -> list[JudgeCase]:
    """A family's cases from answers assembled from switches: each answer takes the next
    subject in turn (its `task` the case's) and each switch on with `chance`; `build` writes
    the answer, `candidates` gives the criteria that can be asked of it, of which
    `per_answer` are drawn (`Balance`)."""
    rng = random.Random(f"{SEED}:{family}")
    balance = Balance(rng)
    out = []
    for index in range(answers):
        subject = subjects[index % len(subjects)]
        on = {s: rng.random() < chance for s in switches}
        answer = build(subject, on)
        drawn = balance.choose(candidates(rng, subject, answer), per_answer)
        out.append(JudgeCase(f"{family}-{index:02d}", subject.task, answer, drawn))
    return out


# Headings, sections and spellings ---------------------------------------------------------

HEADING = re.compile(r"\s*(?:#+\s+(?P<hash>.+)|\*\*(?P<bold>[^*:]+):?\*\*:?|(?P<plain>[A-Za-z][\w &'’/()-]{,48}):)\s*$")
"""A heading line: a Markdown heading, a bold line, or a `Label:` line alone."""
TOKEN = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ][A-Za-zÀ-ÖØ-öø-ÿ'’-]*")
"""A word of letters, accented ones too, with apostrophes and hyphens inside."""


def heading_of(line: str) -> str | None:
    """A line's heading (a Markdown heading, a bold line or a `Label:` line alone), or None."""
    match = HEADING.match(line)
    return (match.group("hash") or match.group("bold") or match.group("plain")).strip(" :") if match else None


def section(answer: str, pattern: str) -> list[str] | None:
    """The lines under the first heading `pattern` finds (blanks and fences left out), or None."""
    found: list[str] | None = None
    for line in answer.splitlines():
        title = heading_of(line)
        if title is not None:
            if found is not None:
                break
            if re.search(pattern, title, re.I):
                found = []
        elif found is not None and line.strip() and not line.strip().startswith("```"):
            found.append(line)
    return found


def spellings(text: str, name: str) -> set[str]:
    """The words of `text` (lower case, no possessive) that start as `name` does and nearly match it."""
    out = set()
    for token in TOKEN.findall(text):
        word = re.sub(r"['’]s$", "", token).strip("'’-").lower()
        if word[:1] == name[:1].lower() and SequenceMatcher(None, word, name.lower()).ratio() >= 0.8:
            out.add(word)
    return out


# Counts, lists, headings' order and weekdays ----------------------------------------------

NUMBER_WORDS = (
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)
COUNT = re.compile(rf"\b(\d+|{'|'.join(NUMBER_WORDS)})\b", re.I)
"""A count written in figures or in words up to twelve."""
LIST_ITEM = re.compile(r"\s*(?:[-*•]|\d+[.)])\s+\S")
"""A bulleted or numbered list item's line."""


def number_in(text: str) -> int | None:
    """The first count `text` writes, in figures or in words up to twelve, or None."""
    found = COUNT.search(text)
    if found is None:
        return None
    word = found.group(1).lower()
    return int(word) if word.isdigit() else NUMBER_WORDS.index(word)


def word_count(text: str) -> int:
    """The words of `text`: runs of letters (`TOKEN`), so figures, times and table marks are not words."""
    return len(TOKEN.findall(text))


def listed(lines: Sequence[str]) -> list[str]:
    """The lines that are bulleted or numbered list items."""
    return [line for line in lines if LIST_ITEM.match(line)]


def heading_order(answer: str, first: str, second: str) -> bool:
    """Whether the first heading `first` finds comes before the first one `second` finds (both must be found)."""
    titles = [title for line in answer.splitlines() if (title := heading_of(line)) is not None]
    at_first = next((at for at, title in enumerate(titles) if re.search(first, title, re.I)), None)
    at_second = next((at for at, title in enumerate(titles) if re.search(second, title, re.I)), None)
    return at_first is not None and at_second is not None and at_first < at_second


def weekdays_right(answer: str) -> bool:
    """Whether some line names a date and a weekday, and every such line's date falls on its weekday."""
    dated = [line for line in answer.splitlines() if date_in(line) and WEEKDAY.search(line)]
    return bool(dated) and all(weekday_matches(line) for line in dated)


def converted(answer: str, source: re.Pattern[str], target: re.Pattern[str], factor: float) -> bool:
    """Whether the first line with a figure `source` finds and one `target` finds (each its pattern's first group)
    gives the second as the first times `factor`, to half a unit of the second's last written digit."""
    line = next((line for line in answer.splitlines() if source.search(line) and target.search(line)), "")
    given, wanted = source.search(line), target.search(line)
    if given is None or wanted is None:
        return False
    places = len(wanted.group(1).partition(".")[2])
    return abs(figure_value(given.group(1)) * factor - figure_value(wanted.group(1))) <= 0.5 * 10**-places + 1e-9


# Amounts and dates named by a label --------------------------------------------------------


def amount_on(answer: str, label: re.Pattern[str]) -> Decimal | None:
    """The last amount on the first line of `answer` that `label` finds and that writes an amount, or None."""
    return next((last_money(line) for line in answer.splitlines() if label.search(line) and money(line)), None)


def date_after(answer: str, label: re.Pattern[str]) -> date | None:
    """The first date written after `label`'s match on the first line of `answer` where there is one, or None."""
    for line in answer.splitlines():
        found = label.search(line)
        if found and (day := date_in(line[found.end() :])) is not None:
            return day
    return None

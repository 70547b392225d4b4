"""Git log summary family (fresh17): the weekly summary of a repository's commits a task asks for (a web UI's
week as a Markdown table, a ledger library's as bullets, a sync service's as `git shortlog` columns in a fenced
block, a docs site's as plain sentences), with each author's commits and lines added and deleted, the total, the
net change in lines, the author with the most commits, the busiest day and the pull requests merged, a kind of
answer no grader was run on while any of its rules was written. Run only as `--set fresh17`, never in `all`,
`new`, `docs`, `held` or an earlier fresh set.

An answer is the summary written right and then changed by switches: the total the authors' commits added or
not, the net change the lines added minus the lines deleted or not, the authors from most commits to fewest or
two swapped, the top contributor named right or the runner-up named, every merged pull request the task gives or
one left out, the pull request closed without merging left out or listed as merged, the busiest day's weekday
right for its date or not, the week's range the task's or a day longer, and no commit hash or one pasted in.
Every truth is read from the text: an author's line is a line with their name and a figure signed `+`, their
commits its first unsigned figure, their lines added its first `+` figure and deleted its first `-` or `−`
figure; the total is the figure before `commits` on the first line with `total`; the net change the first figure
after the word `net`, with its sign; the top contributor the first author named on the first line with `most`
or `top`; a pull request `#N`; a hash seven to forty hex digits with a letter and a digit; the week the first
range of dates (`3–9 March 2025`, `24 March – 30 March 2025`, two ISO dates).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, swap_lines, switched_cases

FAMILY = "git_log_summary"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
FIGURE = re.compile(r"(?:([+\-−])\s?)?(\d[\d,]*)")
COMMITS = re.compile(r"(\d[\d,]*)\s+commits\b")
NET = re.compile(r"\bnet\b\D*?([+\-−]?)(\d[\d,]*)", re.I)
TOP = re.compile(r"\b(?:most|top)\b", re.I)
HASH = re.compile(r"\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b")
ISO_RANGE = re.compile(r"(\d{4})-(\d{2})-(\d{2})\s*(?:–|-|to)\s*(\d{4})-(\d{2})-(\d{2})")
RANGE = re.compile(r"\b(\d{1,2})(?:\s+([A-Za-z]+))?\s*(?:–|-|to)\s*(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})")
WEEKDAY = re.compile(r"\b(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,?\s+(\d{1,2})\s+([A-Za-z]+)")
DAYS = ("Mon", "Tues", "Wednes", "Thurs", "Fri", "Satur", "Sun")


@dataclass(frozen=True)
class Author:
    name: str
    commits: int
    added: int
    deleted: int


@dataclass(frozen=True)
class Repo:
    task: str
    text: str
    """The answer written right."""
    name: str
    authors: tuple[str, ...]
    week: tuple[date, date]
    merged: tuple[int, ...]
    closed: int
    """The pull request closed without being merged."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HARBOR = """## harbor-ui: weekly commit summary, 3–9 March 2025

| Author | Commits | Lines added | Lines deleted |
|---|---:|---:|---:|
| Priya Raman | 14 | +1,212 | −388 |
| Tom Becker | 9 | +640 | −502 |
| Ana Costa | 6 | +233 | −97 |
| Wei Zhang | 4 | +88 | −120 |

**Total:** 33 commits · +2,173 / −1,107 lines · net +1,066

Most commits: Priya Raman (14).
Busiest day: Wednesday 5 March (11 commits).

### Merged pull requests
- #412 Add dark mode toggle
- #415 Fix date picker off-by-one
- #418 Bump shared ESLint config
- #421 Accessible labels for icon buttons
"""

LEDGER = """**ledger-core: week of 10 to 16 March 2025**

Commits by author:
- **Marta Kowalski**: 11 commits, +420 / −1,380 lines
- **Dev Patel**: 8 commits, +515 / −260 lines
- **Sara Lindqvist**: 5 commits, +96 / −431 lines
- **Ollie Grant**: 2 commits, +14 / −9 lines

Total: 26 commits, +1,045 / −2,080 lines, net −1,035 (the payments refactor removed the old adapters).
Top contributor this week: Marta Kowalski.
The busiest day was Thursday 13 March, with 9 commits.

Merged: #88 Split ledger adapters into modules, #91 Drop the legacy CSV importer, #93 Retry webhook deliveries \
with backoff."""

ORBIT = """Weekly summary for orbit-sync (2025-03-17 to 2025-03-23), from `git shortlog -sn` and `git log --numstat`:

```text
commits  author           added   deleted
     12  Jonas Weber      +905    -210
      8  Leila Haddad     +1,440  -65
      7  Kenji Sato       +310    -45
      3  Rosa Moreno      +52     -18
```

- Total: 30 commits, +2,707 / -338 lines (net +2,369)
- Most commits: Jonas Weber
- Busiest day: Tuesday 18 March, 10 commits
- Merged PRs: #57 (offline queue), #60 (conflict resolver), #61 (sync status badge), #64 (retry jitter)"""

KESTREL = """kestrel-docs, week of 24 March – 30 March 2025

Hana Ito made 9 commits (+1,870, −640).
Luca Ferri made 6 commits (+410, −380).
Grace Obi made 4 commits (+122, −35).
Ben Murphy made 1 commit (+3, −3).

Total: 20 commits, 2,405 lines added and 1,058 deleted, a net change of +1,347 lines.
Hana Ito made the most commits. The biggest single change was the API reference rewrite.
The busiest day was Friday 28 March, with 8 commits.
Merged this week: #140 (new quick-start guide), #142 (webhook reference), #145 (broken links in the FAQ)."""

REPOS = (
    Repo(
        "Summarise last week's commits on harbor-ui (Mon 3 to Sun 9 March 2025) as a table per author with "
        "commits, lines added and lines deleted, then the total, the net line change, who made the most commits, "
        "the busiest day, and the merged PRs: #412, #415, #418 and #421 (#419 was closed without merging). It's "
        "for the product manager, so no commit hashes.",
        HARBOR,
        "harbor-ui",
        ("Priya Raman", "Tom Becker", "Ana Costa", "Wei Zhang"),
        (date(2025, 3, 3), date(2025, 3, 9)),
        (412, 415, 418, 421),
        419,
        (
            swap_lines(HARBOR, "Tom Becker", "Ana Costa", "sorted"),
            ("total", "33 commits", "35 commits"),
            ("net", "net +1,066", "net +3,280"),
            ("top", "Most commits: Priya Raman", "Most commits: Tom Becker"),
            ("merged", "- #418 Bump shared ESLint config\n", ""),
            ("not_closed", "- #421 Accessible", "- #419 Replace moment with date-fns\n- #421 Accessible"),
            ("weekday", "Wednesday 5 March", "Thursday 5 March"),
            ("week", "3–9 March 2025", "3–10 March 2025"),
            ("no_hashes", "- #412 Add dark mode toggle", "- #412 Add dark mode toggle (9c1e4ab)"),
        ),
    ),
    Repo(
        "Write the weekly commit summary for ledger-core, 10-16 March 2025, as a bulleted list of authors (commits, "
        "lines added and removed), then the totals with the net change, the top contributor, the busiest day and "
        "the PRs merged (#88, #91, #93; #90 was closed unmerged). Keep raw SHAs out, it goes in the team newsletter.",
        LEDGER,
        "ledger-core",
        ("Marta Kowalski", "Dev Patel", "Sara Lindqvist", "Ollie Grant"),
        (date(2025, 3, 10), date(2025, 3, 16)),
        (88, 91, 93),
        90,
        (
            swap_lines(LEDGER, "Dev Patel", "Sara Lindqvist", "sorted"),
            ("total", "Total: 26 commits", "Total: 24 commits"),
            ("net", "net −1,035", "net +1,035"),
            ("top", "this week: Marta Kowalski", "this week: Dev Patel"),
            ("merged", " #91 Drop the legacy CSV importer,", ""),
            ("not_closed", "#93 Retry", "#90 Switch to a decimal money type, #93 Retry"),
            ("weekday", "Thursday 13 March", "Friday 13 March"),
            ("week", "10 to 16 March 2025", "10 to 17 March 2025"),
            ("no_hashes", "the payments refactor removed", "the payments refactor in 4be7d21 removed"),
        ),
    ),
    Repo(
        "Give me a weekly summary of orbit-sync for 17-23 March 2025 from shortlog/numstat output: commits and lines "
        "added/deleted per author (keep the shortlog columns), the total, the net change in lines, the person with "
        "the most commits, the busiest day, and the merged PRs #57, #60, #61 and #64 (not #62, which we closed). No "
        "commit hashes please.",
        ORBIT,
        "orbit-sync",
        ("Jonas Weber", "Leila Haddad", "Kenji Sato", "Rosa Moreno"),
        (date(2025, 3, 17), date(2025, 3, 23)),
        (57, 60, 61, 64),
        62,
        (
            swap_lines(ORBIT, "Leila Haddad", "Kenji Sato", "sorted"),
            ("total", "Total: 30 commits", "Total: 28 commits"),
            ("net", "(net +2,369)", "(net +2,245)"),
            ("top", "Most commits: Jonas Weber", "Most commits: Leila Haddad"),
            ("merged", ", #61 (sync status badge)", ""),
            ("not_closed", ", #64 (retry jitter)", ", #62 (websocket transport), #64 (retry jitter)"),
            ("weekday", "Tuesday 18 March", "Wednesday 18 March"),
            ("week", "2025-03-17 to 2025-03-23", "2025-03-17 to 2025-03-24"),
            ("no_hashes", "#60 (conflict resolver)", "#60 (conflict resolver, a31f9c0)"),
        ),
    ),
    Repo(
        "Plain sentences, no table or bullets: a weekly commit summary for kestrel-docs, Monday 24 to Sunday 30 "
        "March 2025. One line per author with commits and lines added and deleted, then the total and the net "
        "change, who committed most, the busiest day, and the merged PRs (#140, #142, #145; #143 was closed "
        "without merging). Don't include any commit hashes.",
        KESTREL,
        "kestrel-docs",
        ("Hana Ito", "Luca Ferri", "Grace Obi", "Ben Murphy"),
        (date(2025, 3, 24), date(2025, 3, 30)),
        (140, 142, 145),
        143,
        (
            swap_lines(KESTREL, "Luca Ferri", "Grace Obi", "sorted"),
            ("total", "Total: 20 commits", "Total: 22 commits"),
            ("net", "net change of +1,347", "net change of +3,463"),
            ("top", "Hana Ito made the most", "Luca Ferri made the most"),
            ("merged", " #142 (webhook reference),", ""),
            ("not_closed", "#145 (broken", "#143 (Japanese translation), #145 (broken"),
            ("weekday", "Friday 28 March", "Saturday 28 March"),
            ("week", "24 March – 30 March 2025", "24 March – 31 March 2025"),
            ("no_hashes", "API reference rewrite.", "API reference rewrite (7d3e9f2)."),
        ),
    ),
)


def build(repo: Repo, on: dict[str, bool]) -> str:
    return slipped(repo.text, repo.slips, on, repo.name)


# Reading a summary ------------------------------------------------------------------------------


def number(text: str) -> int:
    return int(text.replace(",", ""))


def authors(answer: str, names: tuple[str, ...]) -> list[Author]:
    """Each author's first line with a `+` figure, in the order of the answer."""
    out: dict[str, Author] = {}
    for line in answer.splitlines():
        name = next((n for n in names if n in line), None)
        if name is None or name in out:
            continue
        figures = FIGURE.findall(line.replace(name, " "))
        signed = {sign: number(value) for sign, value in reversed(figures)}
        plain = [number(value) for sign, value in figures if not sign]
        deleted = signed.get("-", signed.get("−"))
        if "+" in signed and plain and deleted is not None:
            out[name] = Author(name, plain[0], signed["+"], deleted)
    return list(out.values())


def month(word: str) -> int | None:
    key = word[:3].lower()
    return MONTHS.index(key) + 1 if key in MONTHS else None


def week_of(answer: str) -> tuple[date, date] | None:
    """The first range of dates in the answer."""
    if found := ISO_RANGE.search(answer):
        y1, m1, d1, y2, m2, d2 = (int(g) for g in found.groups())
        return date(y1, m1, d1), date(y2, m2, d2)
    for found in RANGE.finditer(answer):
        first, second = month(found.group(2) or found.group(4)), month(found.group(4))
        if first and second:
            year = int(found.group(5))
            return date(year, first, int(found.group(1))), date(year, second, int(found.group(3)))
    return None


def weekdays_right(answer: str, year: int) -> bool:
    found = [(m, month(m.group(3))) for m in WEEKDAY.finditer(answer)]
    dated = [(m, n) for m, n in found if n]
    return bool(dated) and all(DAYS[date(year, n, int(m.group(2))).weekday()] == m.group(1) for m, n in dated)


def top_named(answer: str, names: tuple[str, ...]) -> str | None:
    for line in answer.splitlines():
        named = sorted((line.index(n), n) for n in names if n in line)
        if TOP.search(line) and named:
            return named[0][1]
    return None


def net_stated(answer: str) -> int | None:
    found = NET.search(answer)
    if found is None:
        return None
    return -number(found.group(2)) if found.group(1) in ("-", "−") else number(found.group(2))


def total_stated(answer: str) -> int | None:
    line = next((s for s in answer.splitlines() if "total" in s.lower()), "")
    found = COMMITS.search(line)
    return number(found.group(1)) if found else None


def mentions(answer: str, pull: int) -> bool:
    return re.search(rf"#{pull}\b", answer) is not None


WORDINGS = {
    "sorted": ("Authors are listed from most commits to fewest", "Orders the contributors by commits, highest first"),
    "total": (
        "The total commit count equals the sum of each author's commits",
        "Its overall number of commits adds up the per-author counts",
    ),
    "net": (
        "The net line change is the lines added minus the lines deleted, summed over all authors",
        "Gets the net change in lines right: additions minus deletions across everyone",
    ),
    "top": (
        "Correctly names the author with the most commits",
        "The person it calls the top contributor really made the most commits",
    ),
    "merged": ("Mentions every merged pull request: {merged}", "Lists all of the merged PRs ({merged})"),
    "not_closed": ("Does not present #{closed} as merged", "Leaves out #{closed}, which was closed without merging"),
    "weekday": (
        "The busiest day's date is given with the right weekday",
        "Names the correct day of the week for the busiest day's date",
    ),
    "week": ("Covers the week from {start} to {end}", "The summary's date range is {start} to {end}"),
    "no_hashes": ("Contains no raw commit hashes", "Does not paste any commit SHAs"),
}
"""Two wordings of each kind of criterion, filled from the repository."""


def truths(repo: Repo, answer: str) -> dict[str, bool]:
    found = authors(answer, repo.authors)
    counts = [a.commits for a in found]
    complete = len(found) == len(repo.authors)
    leader = max(found, key=lambda a: a.commits).name if found else None
    return {
        "sorted": complete and counts == sorted(counts, reverse=True),
        "total": complete and total_stated(answer) == sum(counts),
        "net": complete and net_stated(answer) == sum(a.added - a.deleted for a in found),
        "top": complete and top_named(answer, repo.authors) == leader,
        "merged": all(mentions(answer, pull) for pull in repo.merged),
        "not_closed": not mentions(answer, repo.closed),
        "weekday": weekdays_right(answer, repo.week[0].year),
        "week": week_of(answer) == repo.week,
        "no_hashes": HASH.search(answer) is None,
    }


def spoken(day: date) -> str:
    return f"{day.day} {day.strftime('%B')} {day.year}"


def candidates(rng: random.Random, repo: Repo, answer: str) -> list[Criterion]:
    merged = [f"#{n}" for n in repo.merged]
    values = {
        "merged": ", ".join(merged[:-1]) + f" and {merged[-1]}",
        "closed": repo.closed,
        "start": spoken(repo.week[0]),
        "end": spoken(repo.week[1]),
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(repo, answer).items()
    ]


SWITCHES = ("sorted", "total", "net", "top", "merged", "not_closed", "weekday", "week", "no_hashes")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, REPOS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Changelog entry family (fresh7): one version's entry in Keep a Changelog style for the changes
a task lists (a data library's 2.4.0, a mobile app's 1.8.0, a CSV tool's 0.12.0, a web API's
3.0.0), with its version and date, its Added/Changed/Removed/Fixed groups, an issue or pull
request number and a breaking change to mark, a kind of answer no grader was run on while any of
its rules was written. Run only as `--set fresh7`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the entry in Markdown, after a lead-in line or none and under a `# Changelog` title
or none, written right and then changed by switches: the version the task gives or the one next
to it, the date or the date with its month and day swapped, a given change under its own group or
under another one reworded to fit, no empty group heading or an empty one, every entry on one line
or one wrapped onto a second, the issue number or one with two digits swapped, the groups in the
conventional order or Fixed first, no more entries than the task allows or more, and the breaking
change marked or not. Every truth is a function of the answer's text: the version heading is read
for its version and date, the `###` groups in order with their bullet entries and continuation
lines, and the entries counted and matched (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "changelog_entry"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ORDER = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")
"""The groups of Keep a Changelog, in its order."""
HEADING = re.compile(r"^#{1,3}\s+.*?\bv?\[?(\d+\.\d+\.\d+)\]?")
DATE = re.compile(r"\b(\d{4}-\d{2}-\d{2})\b")
GROUP = re.compile(r"^###\s+(\w+)\s*$")
ENTRY = re.compile(r"^[-*]\s+(.*\S)")


@dataclass(frozen=True)
class Release:
    task: str
    lead: str
    top: str
    """A `# Changelog` title above the entry, or nothing."""
    heading: str
    """The version heading written right."""
    groups: tuple[tuple[str, tuple[str, ...]], ...]
    """(group, its entries) written right, in the conventional order."""
    version: str
    date: str
    moved: tuple[str, str, str, str, str]
    """(a word of the change the task places, how a criterion names the change, its group, the group
    a wrong answer puts it in, the entry as written there)."""
    limit: int
    extra: tuple[str, ...]
    """The entries an answer with too many adds under Changed."""
    empty: str
    """The group an answer with an empty heading gives no entries."""
    issue: str
    breaking: str
    """A word of the breaking change's entry."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


RELEASES = (
    Release(
        "Write the CHANGELOG.md entry for version 2.4.0 of our `dataloom` library, released 2026-03-09, in Keep "
        "a Changelog style. Changes: added Parquet export; added a `--workers` option to the CLI; the default "
        "chunk size changed from 1,000 to 5,000 rows (a breaking change, mark it); fixed a crash on empty CSV "
        "files (issue #482); fixed log timestamps ignoring the configured timezone; removed the deprecated "
        "`load_legacy()` function. Use the usual group order, one line per entry, no empty groups, at most 6 "
        "entries, and reference the issue number.",
        "Here's the entry for CHANGELOG.md:",
        "",
        "## [2.4.0] - 2026-03-09",
        (
            ("Added", ("Parquet export with `Frame.to_parquet()`.", "`--workers` option to run the CLI in parallel.")),
            ("Changed", ("**BREAKING:** the default chunk size is now 5,000 rows (was 1,000).",)),
            ("Removed", ("The deprecated `load_legacy()` function.",)),
            (
                "Fixed",
                (
                    "Crash when reading an empty CSV file (#482).",
                    "Log timestamps now use the configured timezone instead of UTC.",
                ),
            ),
        ),
        "2.4.0",
        "2026-03-09",
        (
            "load_legacy",
            "`load_legacy()` removal",
            "Removed",
            "Changed",
            "Removed the deprecated `load_legacy()` function.",
        ),
        6,
        ("Updated third-party dependencies.",),
        "Deprecated",
        "#482",
        "chunk size",
        (
            ("version", "[2.4.0]", "[2.4.1]"),
            ("date", "2026-03-09", "2026-09-03"),
            ("one_line", " timezone instead", " timezone\n  instead"),
            ("issue", "(#482)", "(#428)"),
            ("breaking", "**BREAKING:** the default", "The default"),
        ),
    ),
    Release(
        "Can you write the changelog entry for release 1.8.0 of the Stellar mobile app (dated 2026-05-04)? Keep "
        "a Changelog format. Changes: new dark mode; offline sync for notes; admins now need two-factor auth to "
        "log in (breaking, flag it); fixed push notifications not arriving on Android 14 (PR #1316); removed the "
        "old Facebook login. Max 5 entries, each on one line, no empty headings, standard section order, and "
        "mention PR #1316.",
        "",
        "# Changelog",
        "## 1.8.0 (2026-05-04)",
        (
            ("Added", ("Dark mode, following the system setting.", "Offline sync for notes.")),
            ("Changed", ("⚠️ Breaking: admin accounts must now sign in with two-factor authentication.",)),
            ("Removed", ("Facebook login.",)),
            ("Fixed", ("Push notifications not arriving on Android 14 (#1316).",)),
        ),
        "1.8.0",
        "2026-05-04",
        ("sync", "offline sync", "Added", "Changed", "Notes now sync while offline."),
        5,
        ("Smaller app download size.",),
        "Security",
        "#1316",
        "two-factor",
        (
            ("version", "## 1.8.0", "## 1.8.1"),
            ("date", "2026-05-04", "2026-04-05"),
            ("one_line", " setting.", "\n  setting."),
            ("issue", "(#1316)", "(#1361)"),
            ("breaking", "⚠️ Breaking: admin", "Admin"),
        ),
    ),
    Release(
        "Draft the CHANGELOG entry for v0.12.0 of `quickcsv`, dated 2026-10-02. Added: a `--delimiter` flag and "
        "a `--skip-rows` flag. Changed: `parse()` now returns a generator instead of a list (breaking, please "
        "mark it). Fixed: quoted newlines broke row counting (#77). Removed: Python 3.8 support. Follow Keep a "
        "Changelog: groups in the standard order, one line per entry, no empty groups, no more than 6 entries, "
        "and cite #77.",
        "Sure - here is the new section to paste at the top of CHANGELOG.md:",
        "",
        "## [0.12.0] - 2026-10-02",
        (
            ("Added", ("`--delimiter` flag to read files not separated by commas.", "`--skip-rows` flag.")),
            ("Changed", ("`parse()` returns a generator instead of a list. **Breaking change.**",)),
            ("Removed", ("Support for Python 3.8.",)),
            ("Fixed", ("Row counts are right for fields with quoted newlines (#77).",)),
        ),
        "0.12.0",
        "2026-10-02",
        (
            "--skip-rows",
            "`--skip-rows` addition",
            "Added",
            "Changed",
            "Leading rows can now be skipped with `--skip-rows`.",
        ),
        6,
        ("Faster parsing of wide files.", "Clearer error messages for malformed rows."),
        "Deprecated",
        "#77",
        "generator",
        (
            ("version", "[0.12.0]", "[0.11.0]"),
            ("date", "2026-10-02", "2026-02-10"),
            ("one_line", " to read files", "\n  to read files"),
            ("issue", "(#77)", "(#71)"),
            ("breaking", " **Breaking change.**", ""),
        ),
    ),
    Release(
        "Write a Keep a Changelog entry for Harbor API 3.0.0, released 2026-12-01. Changes: added webhook "
        "retries with exponential backoff; removed the v1 endpoints (breaking, mark it as such); raised the "
        "rate limit from 100 to 300 requests per minute; fixed pagination returning duplicate items (#2045); "
        "fixed a memory leak in the websocket server. At most 5 entries, one line each, no empty sections, the "
        "groups in the standard order, and include #2045.",
        "Here is the 3.0.0 entry:",
        "# Changelog",
        "## v3.0.0 — 2026-12-01",
        (
            ("Added", ("Webhook deliveries are retried with exponential backoff.",)),
            ("Changed", ("Rate limit raised from 100 to 300 requests per minute.",)),
            ("Removed", ("**Breaking:** all v1 endpoints; use the v2 equivalents.",)),
            (
                "Fixed",
                ("Pagination no longer returns duplicate items (#2045).", "A memory leak in the websocket server."),
            ),
        ),
        "3.0.0",
        "2026-12-01",
        ("memory", "memory leak fix", "Fixed", "Changed", "The websocket server uses less memory over long sessions."),
        5,
        ("Improved API reference docs.",),
        "Security",
        "#2045",
        "v1 endpoints",
        (
            ("version", "v3.0.0", "v3.0.1"),
            ("date", "2026-12-01", "2026-01-12"),
            ("one_line", " with exponential", "\n  with exponential"),
            ("issue", "(#2045)", "(#2054)"),
            ("breaking", "**Breaking:** all v1", "All v1"),
        ),
    ),
)


def build(release: Release, on: dict[str, bool]) -> str:
    groups = {name: list(entries) for name, entries in release.groups}
    word, _, right, wrong, written = release.moved
    if not on["group"]:
        groups[right] = [entry for entry in groups[right] if word not in entry]
        groups[wrong].append(written)
    if not on["count"]:
        groups["Changed"] += release.extra
    names = [name for name in ORDER if groups.get(name) or (name == release.empty and not on["empty"])]
    if not on["order"]:
        names = ["Fixed", *(name for name in names if name != "Fixed")]
    blocks = [release.lead, release.top, release.heading]
    for name in names:
        blocks.append(f"### {name}")
        if groups.get(name):
            blocks.append("\n".join(f"- {entry}" for entry in groups[name]))
    text = "\n\n".join(block for block in blocks if block)
    return slipped(text, release.slips, on, release.version)


# Reading an entry ----------------------------------------------------------------------------


def heading(answer: str) -> tuple[str | None, str | None]:
    """(the version, the date) of the first heading that gives a version."""
    for line in answer.splitlines():
        if match := HEADING.match(line):
            date = DATE.search(line)
            return match.group(1), date.group(1) if date else None
    return None, None


def groups(answer: str) -> list[tuple[str, list[list[str]]]]:
    """(group, its entries, each a list of its lines) for every `###` group, in order."""
    out: list[tuple[str, list[list[str]]]] = []
    for line in answer.splitlines():
        if match := GROUP.match(line.strip()):
            out.append((match.group(1), []))
        elif out and (match := ENTRY.match(line)):
            out[-1][1].append([match.group(1)])
        elif out and out[-1][1] and line.strip() and line[:1].isspace():
            out[-1][1][-1].append(line.strip())
    return out


def group_of(answer: str, word: str) -> str | None:
    return next((name for name, entries in groups(answer) for entry in entries if word in " ".join(entry)), None)


def in_order(names: list[str]) -> bool:
    ranks = [ORDER.index(name) for name in names if name in ORDER]
    return ranks == sorted(ranks) and len(set(ranks)) == len(ranks)


def candidates(rng: random.Random, release: Release, answer: str) -> list[Criterion]:
    version, date = heading(answer)
    found = groups(answer)
    entries = [entry for _, group in found for entry in group]
    word, label, right, _, _ = release.moved
    marked = [" ".join(entry) for entry in entries if release.breaking in " ".join(entry)]
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "version",
            version == release.version,
            (f"The heading gives the version as {release.version}", f"The entry is for version {release.version}"),
        ),
        (
            "date",
            date == release.date,
            (f"Gives the release date {release.date} in the heading", f"The version heading is dated {release.date}"),
        ),
        (
            "group",
            group_of(answer, word) == right,
            (f"The {label} is listed under {right}", f"Puts the {label} in the {right} group"),
        ),
        (
            "empty",
            bool(found) and all(group for _, group in found),
            ("No group heading is left empty", "Every section heading has at least one entry under it"),
        ),
        (
            "one_line",
            bool(entries) and all(len(entry) == 1 for entry in entries),
            ("Every entry fits on a single line", "Each bullet is one line, with no wrapped entries"),
        ),
        (
            "issue",
            re.search(rf"{re.escape(release.issue)}(?!\d)", answer) is not None,
            (f"References {release.issue}", f"Mentions the issue number {release.issue}"),
        ),
        (
            "order",
            bool(found) and in_order([name for name, _ in found]),
            (
                "The groups follow the Keep a Changelog order (Added, Changed, Deprecated, Removed, Fixed, Security)",
                "Sections appear in the conventional order, with Added first",
            ),
        ),
        (
            "count",
            len(entries) <= release.limit,
            (f"Has no more than {release.limit} entries", f"Lists at most {release.limit} changes in total"),
        ),
        (
            "breaking",
            bool(marked) and all(re.search(r"breaking", entry, re.IGNORECASE) for entry in marked),
            ("Marks the breaking change as breaking", "The breaking change is clearly flagged as BREAKING"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("version", "date", "group", "empty", "one_line", "issue", "order", "count", "breaking")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, RELEASES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

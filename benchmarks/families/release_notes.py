"""Release notes family (held out): a Markdown changelog entry for one version of a tool, in a
form no prompt, example or rule of the grader was written for. Run only as `--set held`,
never in `all` or `new`.

An answer is a heading with a version and a date, an `Added` list, a `Fixed` list and, by
switch, a `Breaking changes` section, assembled from switches: the version asked for or
another, the date in ISO form or in words, three fixes or four, every fix with its issue
number or one without, every bullet capitalised or one not, an internal tracker id left in a
bullet or not, the removed option's replacement named or not. Every truth is a function of
the answer's text (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "release_notes"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
FIXES = 3
INTERNAL_ID = re.compile(r"\b[A-Z]{2,}-\d+\b")


@dataclass(frozen=True)
class Release:
    task: str
    version: str
    other_version: str
    day: date
    added: tuple[str, ...]
    fixes: tuple[tuple[str, int], ...]
    """Four fixes and their issue numbers; an answer lists the first three or all four."""
    removed: str
    replacement: str
    internal: str
    """An internal tracker id a careless answer leaves in a bullet."""


RELEASES = (
    Release(
        "Write the release notes for version 2.4.0 of the `shipit` CLI, released on 2 November 2026. "
        "It removes the `--legacy-auth` flag.",
        "2.4.0",
        "2.3.0",
        date(2026, 11, 2),
        ("Parallel uploads with `--jobs`", "A `shipit doctor` command that checks your setup"),
        (
            ("Uploads no longer stall on files over 2 GB", 812),
            ("The progress bar shows the right total for resumed uploads", 790),
            ("Proxy settings from the environment are honoured", 801),
            ("Exit code is non-zero when a single file fails", 815),
        ),
        "--legacy-auth",
        "--token",
        "OPS-2291",
    ),
    Release(
        "Write the release notes for version 1.9.0 of the `tidyfmt` formatter, released on "
        "17 October 2026. It removes the `--no-color` option.",
        "1.9.0",
        "1.8.2",
        date(2026, 10, 17),
        ("Formatting of TOML files", "A `--check` mode for CI"),
        (
            ("Trailing commas in long argument lists are kept", 344),
            ("Windows line endings survive a format pass", 351),
            ("Comments inside empty blocks are no longer dropped", 339),
            ("The cache is invalidated when the config changes", 360),
        ),
        "--no-color",
        "--color=never",
        "FMT-118",
    ),
)


def build(release: Release, on: dict[str, bool]) -> str:
    version = release.version if on["version"] else release.other_version
    when = (
        release.day.isoformat() if on["iso"] else f"{release.day.strftime('%B')} {release.day.day}, {release.day.year}"
    )
    fixes = list(release.fixes if on["four"] else release.fixes[:FIXES])
    lines = [f"## {version} ({when})", "", "### Added", ""]
    lines += [f"- {item}" for item in release.added]
    lines += ["", "### Fixed", ""]
    for index, (text, issue) in enumerate(fixes):
        ref = "" if on["unlinked"] and index == 1 else f" (#{issue})"
        text = text[0].lower() + text[1:] if on["lowercase"] and index == len(fixes) - 1 else text
        tracker = f" [{release.internal}]" if on["internal"] and index == 0 else ""
        lines.append(f"- {text}{ref}{tracker}")
    if on["breaking"]:
        instead = f"; use `{release.replacement}` instead" if on["replacement"] else ""
        lines += ["", "### Breaking changes", "", f"- The `{release.removed}` flag is removed{instead}."]
    return "\n".join(lines)


def heading(answer: str) -> str:
    return answer.splitlines()[0]


def section(answer: str, name: str) -> list[str]:
    """The bullets under the `### name` heading."""
    parts = answer.split(f"### {name}\n", 1)
    if len(parts) == 1:
        return []
    bullets = []
    for line in parts[1].splitlines():
        if line.startswith("### "):
            break
        if line.startswith("- "):
            bullets.append(line[2:])
    return bullets


def bullets(answer: str) -> list[str]:
    return [line[2:] for line in answer.splitlines() if line.startswith("- ")]


def candidates(rng: random.Random, release: Release, answer: str) -> list[Criterion]:
    fixed = section(answer, "Fixed")
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "version",
            release.version in heading(answer),
            (
                f"The heading names version {release.version}",
                f"Gives the version number {release.version} in the title",
            ),
        ),
        (
            "iso",
            re.search(r"\b\d{4}-\d{2}-\d{2}\b", heading(answer)) is not None,
            ("Dates the release in YYYY-MM-DD form", "Writes the release date as an ISO date"),
        ),
        (
            "linked",
            all(re.search(r"#\d+", fix) for fix in fixed),
            ("Every fix links its issue number", "Each bug fix references an issue like (#123)"),
        ),
        (
            "three_fixes",
            len(fixed) == FIXES,
            ("Lists exactly three fixes", "Names three bug fixes, no more"),
        ),
        (
            "capitals",
            all(b[:1].isupper() for b in bullets(answer)),
            ("Every bullet starts with a capital letter", "Begins each list item with a capital letter"),
        ),
        (
            "internal",
            INTERNAL_ID.search(answer) is None,
            ("Does not mention internal ticket IDs", "Keeps internal tracker references (like OPS-123) out"),
        ),
        (
            "breaking",
            bool(section(answer, "Breaking changes")),
            (
                "Has a section for breaking changes",
                f"Calls out the removal of `{release.removed}` as a breaking change",
            ),
        ),
        (
            "replacement",
            release.replacement in answer,
            ("Tells users what to use instead of the removed flag", "Gives a migration path for the removed option"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("version", "iso", "four", "unlinked", "lowercase", "internal", "breaking", "replacement")
    return switched_cases(
        FAMILY, RELEASES, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

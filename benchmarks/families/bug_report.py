"""Bug report family (held out): a GitHub issue body in Markdown that reports a software
defect, in a form no prompt, example or rule of the grader was written for. Run only as
`--set held`, never in `all` or `new`.

An answer is a `# ` title line, a short paragraph on the defect, a steps-to-reproduce
section, what happens, an environment list and the user's own config or code, assembled
from switches: a short title that names the component or a long one that does not, the
steps as a numbered list or as a paragraph, both an `Expected` and an `Actual` section or
only a `What happens` one, the exact version the task names or only its minor version, the
operating system the task names or a vaguer one, the verbose log pasted in full (past 40
lines) or left out, the error message in a fenced code block or inline in a sentence, and
the config with its secret redacted or pasted as it is. Every truth is a function of the
answer's text (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "bug_report"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
TITLE_UNDER = 60
MAX_LINES = 40
NUMBERED = re.compile(r"^\s*\d+\.\s+\S", re.MULTILINE)
FENCED = re.compile(r"^```[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)
SECRET = re.compile(
    r"\bghp_[A-Za-z0-9]{20,}|\bsk-[A-Za-z0-9-]{20,}|\bpassword\s*[=:]\s*(?![<*])[\"']?[^\s\"'<*]{4,}",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Report:
    task: str
    component: str
    """What the title must name (matched without regard to case)."""
    component_name: str
    """How a criterion names it."""
    title: str
    """Under 60 characters, with `component` in it."""
    long_title: str
    """60 characters or more, without `component`."""
    summary: str
    steps: tuple[str, ...]
    steps_prose: str
    """The same steps as one paragraph, no line of it numbered."""
    expected: str
    actual: str
    """Ends where the error message follows: after a colon in a fenced block, or inline in backticks."""
    version: str
    minor: str
    """The version without its patch number: what the report gives when it is not exact."""
    os: str
    vague_os: str
    runtime: str
    error: str
    config_intro: str
    config_lang: str
    config: str
    """The user's config or code, with `{secret}` where the secret goes."""
    secret: str
    redacted: str
    log_intro: str
    log: tuple[str, ...]


REPOS = (
    "billing-api", "billing-web", "docs", "design-tokens", "infra", "terraform-modules", "mobile-app",
    "mobile-ci", "search", "search-indexer", "auth", "auth-proxy", "status-page", "data-pipeline",
    "notebooks", "website", "website-preview", "support-bot", "oncall", "release-tools",
    "load-tests", "sandbox", "old-monolith", "archive-2019", "handbook", "brand-assets",
    "email-templates", "feature-flags", "metrics", "logs-shipper",
)  # fmt: skip

MONTHS = (
    "January", "February", "March", "April", "May", "June",
    "July", "August", "September", "October", "November", "December",
)  # fmt: skip

REPORTS = (
    Report(
        "Write a GitHub bug report for repokit: `repokit mirror` crashes when our organisation has an empty "
        "repository. The report must give the version (2.4.1), the operating system (Ubuntu 22.04) and the "
        "error message: KeyError: 'default_branch'",
        "mirror",
        "the mirror command",
        "`repokit mirror` crashes on an empty repository",
        "Crash when copying all of an organisation's repositories if one of them has no commits yet",
        "Copying our whole GitHub organisation stops part way through as soon as it reaches a repository "
        "that has no commits yet. Nothing after that repository gets copied.",
        (
            "Create an empty repository in a GitHub organisation (no README, no commits).",
            "Log in with `repokit login` using a token that can read the organisation.",
            "Run `repokit mirror acme --dest /srv/mirror`.",
            "Wait until it reaches the empty repository.",
        ),
        "I created an empty repository in our organisation, logged in with `repokit login`, ran "
        "`repokit mirror acme --dest /srv/mirror` and waited until it got to the empty repository.",
        "The empty repository is skipped (or copied as an empty folder) and the rest of the organisation is "
        "copied as usual.",
        "The command stops with a traceback and the remaining repositories are never copied. The last line is",
        "2.4.1",
        "2.4",
        "Ubuntu 22.04",
        "Linux",
        "Python 3.12.3",
        "KeyError: 'default_branch'",
        "My config (`~/.repokit.toml`):",
        "toml",
        '[github]\norg = "acme"\ntoken = "{secret}"\nconcurrency = 4',
        "ghp_4fQk9ZrT2mWx7LbN1cVd8HsJ0pYeUa3GiK5o",
        "<redacted>",
        "Full output with `--verbose`:",
        tuple(f"DEBUG mirroring acme/{repo} (default branch: main)" for repo in REPOS),
    ),
    Report(
        "Write a GitHub bug report for the skyvault Python SDK: `Client.upload_file()` fails on any file larger "
        "than 2 GB. The report must give the version (0.9.3), the operating system (macOS 14.5) and the error "
        "message: OverflowError: signed integer is greater than maximum",
        "upload_file",
        "the upload_file method",
        "`upload_file()` fails for files over 2 GB",
        "Big uploads always fail a few minutes in, even though smaller files go through without trouble",
        "Uploading a file larger than 2 GB always fails; anything smaller uploads fine. I tried three "
        "different large files and all of them failed at the same point.",
        (
            "Create a file larger than 2 GB, e.g. `mkfile 3g backup.tar`.",
            "Create a client with your API key.",
            'Call `client.upload_file("backup.tar", bucket="nightly")`.',
        ),
        "I made a 3 GB file with `mkfile 3g backup.tar`, created a client with my API key and called "
        '`client.upload_file("backup.tar", bucket="nightly")` on it.',
        "The file is uploaded in parts, like smaller files are, and the call returns the new object's id.",
        "The upload stops once about 2 GB has been sent and the call raises the error",
        "0.9.3",
        "0.9",
        "macOS 14.5",
        "Mac",
        "Python 3.11.9",
        "OverflowError: signed integer is greater than maximum",
        "The code I run:",
        "python",
        'from skyvault import Client\n\nclient = Client(api_key="{secret}")\n'
        'client.upload_file("backup.tar", bucket="nightly")',
        "sk-7Hc2LqV9pXw4NtRb8KyM3ZdF6gJs1QaE",
        "<my key>",
        "Debug log before the error:",
        tuple(f"DEBUG part {n} of 48: sent 64 MiB in {3 + n % 3}.{n % 10}s" for n in range(1, 33)),
    ),
    Report(
        "Write a GitHub bug report for Ledgerly, our desktop accounting app: the CSV export fails whenever the "
        "ledger has a month with no entries. The report must give the version (5.12.0), the operating system "
        "(Windows 11) and the error message: Export failed: Index was outside the bounds of the array.",
        "CSV export",
        "the CSV export",
        "CSV export fails when a month has no entries",
        "Exporting my ledger to a spreadsheet file fails every single time since the last update",
        "Exporting the ledger fails as soon as one of the months in the chosen range has no entries. With "
        "a range where every month has entries the export works.",
        (
            "Open a ledger that has no entries in one month (for us, August 2026).",
            "Go to File > Export > CSV.",
            "Choose a date range that includes that month.",
            "Click Export.",
        ),
        "I opened our ledger, which has no entries in August 2026, went to File > Export > CSV, chose the range "
        "from January 2024 to December 2026 and clicked Export.",
        "A CSV file is written with every entry in the range, and the empty month simply has no rows.",
        "No file is written and a dialog comes up with the message",
        "5.12.0",
        "5.12",
        "Windows 11",
        "Windows",
        "Installed from the Microsoft Store",
        "Export failed: Index was outside the bounds of the array.",
        "My database settings (`settings.ini`):",
        "ini",
        "[database]\nhost = localhost\nuser = ledgerly\npassword = {secret}",
        "Tr0ub4dor-3",
        "********",
        "The export log (`export.log`):",
        tuple(f"INFO export: {MONTHS[n % 12]} {2024 + n // 12}, {38 + n * 7 % 17} rows written" for n in range(31)),
    ),
)


def build(report: Report, on: dict[str, bool]) -> str:
    lines = [f"# {report.title if on['title'] else report.long_title}", "", report.summary, ""]
    lines += ["## Steps to reproduce", ""]
    if on["steps"]:
        lines += [f"{n}. {step}" for n, step in enumerate(report.steps, 1)]
    else:
        lines.append(report.steps_prose)
    lines.append("")
    if on["expected"]:
        lines += ["## Expected behaviour", "", report.expected, "", "## Actual behaviour", ""]
    else:
        lines += ["## What happens", ""]
    if on["fenced"]:
        lines += [f"{report.actual}:", "", "```", report.error, "```"]
    else:
        lines.append(f"{report.actual} `{report.error}`")
    lines += ["", "## Environment", ""]
    lines.append(f"- Version: {report.version if on['version'] else report.minor}")
    lines.append(f"- OS: {report.os if on['os'] else report.vague_os}")
    lines += [f"- {report.runtime}", ""]
    config = report.config.format(secret=report.redacted if on["redacted"] else report.secret)
    lines += [report.config_intro, "", f"```{report.config_lang}", config, "```"]
    if on["log"]:
        lines += ["", report.log_intro, "", "```", *report.log, "```"]
    return "\n".join(lines)


def title_of(answer: str) -> str:
    """The answer's first non-blank line, without a Markdown heading's `#`s."""
    first = next((line for line in answer.splitlines() if line.strip()), "")
    return re.sub(r"^\s*#+\s*", "", first).strip()


def numbered_steps(answer: str) -> int:
    """How many lines are numbered list items (`1. ...`)."""
    return len(NUMBERED.findall(answer))


def labelled(answer: str, label: str) -> bool:
    """A heading or a line that starts with `label` (`## Expected behaviour`, `**Expected:**`)."""
    return re.search(rf"^\s*(?:#+\s*|\*\*)?{label}\b", answer, re.MULTILINE | re.IGNORECASE) is not None


def has_version(answer: str, version: str) -> bool:
    """`version` as a whole version number (so `2.4.10` is not `2.4.1`)."""
    return re.search(rf"(?<![\d.]){re.escape(version)}(?!\.?\d)", answer) is not None


def has_os(answer: str, os: str) -> bool:
    return re.search(rf"\b{re.escape(os)}(?![\d.]*\d)", answer) is not None


def fenced_blocks(answer: str) -> list[str]:
    return FENCED.findall(answer)


def line_count(answer: str) -> int:
    return len(answer.strip().splitlines())


def candidates(rng: random.Random, report: Report, answer: str) -> list[Criterion]:
    title = title_of(answer)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "title",
            len(title) < TITLE_UNDER and report.component.lower() in title.lower(),
            (
                f"Starts with a title under {TITLE_UNDER} characters that names {report.component_name}",
                f"Has a short title line (under {TITLE_UNDER} characters) naming {report.component_name}",
            ),
        ),
        (
            "steps",
            numbered_steps(answer) >= 3,
            ("Gives numbered steps to reproduce", "Lists at least three numbered steps to reproduce the bug"),
        ),
        (
            "expected_actual",
            labelled(answer, "Expected") and labelled(answer, "Actual"),
            ("States both the expected and the actual behaviour", "Has separate Expected and Actual parts"),
        ),
        (
            "version",
            has_version(answer, report.version),
            (f"Gives the exact version, {report.version}", "Names the exact version number the task gives"),
        ),
        (
            "os",
            has_os(answer, report.os),
            (f"Says the operating system is {report.os}", "Names the operating system the task gives"),
        ),
        (
            "fenced_error",
            any(report.error in block for block in fenced_blocks(answer)),
            (
                "Quotes the error message in a fenced code block",
                "Pastes the exact error inside a ``` code block",
            ),
        ),
        (
            "no_secret",
            SECRET.search(answer) is None,
            ("Does not paste an access token or password", "Keeps secrets out of the report: no token or password"),
        ),
        (
            "short",
            line_count(answer) <= MAX_LINES,
            (f"Is no longer than {MAX_LINES} lines", f"Keeps the report within {MAX_LINES} lines"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("title", "steps", "expected", "version", "os", "log", "fenced", "redacted")
    return switched_cases(FAMILY, REPORTS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

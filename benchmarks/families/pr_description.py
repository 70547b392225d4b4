"""PR description family (tuning, documents): the Markdown description of a pull request, one
of the `docs` tuning set, written to tune the grader on criteria about documents (run as
`--set docs`).

An answer is a title line, a `Summary` section, a `Fixes #NNN` line, a `Changes` list of the
files the branch touches and a `Testing` section, assembled from switches: a title in the
imperative ("Add ...") or the past tense ("Added ..."), short or past 72 characters; the issue
the task names or one with two digits swapped; every changed file listed or the last one left
out; a `Testing` section that says what was run and tried or only that it should be fine; the
reason for the change given or not; the breaking change the task names pointed out or not; a
`TODO:` line left at the end or not. Every truth is a function of the answer's text (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "pr_description"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
TITLE_UNDER = 72
IMPERATIVES = frozenset({"Add", "Cache", "Drop", "Fix", "Make", "Move", "Remove", "Rename", "Retry", "Stop", "Use"})
"""The verbs a title in the imperative may start with (the titles here use four of them)."""
CHANGED_FILE = re.compile(r"^- `[^`\s]+\.[a-z]+`", re.MULTILINE)
HOW_TESTED = re.compile(r"\b(?:[Rr]an|tried|checked|signed in|by hand|pytest)\b")
"""Words that say what was done to test the change; the vague testing sentences use none."""
TODO = re.compile(r"\b(?:TODO|FIXME|TBD)\b")
NUMBER_WORDS = {3: "three", 4: "four", 5: "five"}


@dataclass(frozen=True)
class Change:
    task: str
    verb: str
    """The title's verb in the imperative; `past` is the same verb in the past tense."""
    past: str
    rest: str
    """The title after its verb (short enough for the limit with either verb)."""
    more: str
    """Words that take the title past the limit, saying more of what and none of why."""
    issue: int
    other_issue: int
    """The issue number with two digits swapped: a near miss for the one the task names."""
    files: tuple[str, ...]
    what: str
    """A sentence on what the change does, and no reason for it (always there)."""
    why: str
    """A sentence on why the change is needed."""
    breaking: str
    """A sentence on the breaking change the task names, without the word "break"."""
    breaks: str
    """Words that only `breaking` uses, so the answer has them only when it points it out."""
    tested: str
    """What was run and tried, in words `HOW_TESTED` finds."""
    vague: str
    """A testing sentence that says nothing of how."""
    todo: str


CHANGES = (
    Change(
        "Write the pull request description for the branch that adds cursor pagination to the `GET /orders` "
        "endpoint, because large accounts were hitting the gateway timeout. It fixes issue #482 and changes "
        "four files: `api/orders.py`, `api/pagination.py`, `tests/test_orders.py` and `docs/orders.md`. It is "
        "a breaking change: the endpoint now returns at most 100 orders per call.",
        "Add",
        "Added",
        "cursor pagination to GET /orders",
        " with a next_cursor field in every page of the response body",
        482,
        428,
        ("api/orders.py", "api/pagination.py", "tests/test_orders.py", "docs/orders.md"),
        "`GET /orders` now takes a `cursor` parameter and returns one page at a time, with a `next_cursor` "
        "for the page after it.",
        "Accounts with tens of thousands of orders were hitting the 30-second gateway timeout and could not "
        "list them at all.",
        "Clients that fetch the whole list in one call will now get only the first 100 orders and have to "
        "follow `next_cursor` for the rest.",
        "100 orders",
        "Ran `pytest tests/test_orders.py` and paged through a large staging account by hand.",
        "Should be good to go.",
        "TODO: update the SDK examples for the new response.",
    ),
    Change(
        "Write the pull request description for the branch that removes the deprecated v1 login endpoint, "
        "which a security review asked us to retire. It fixes issue #1290 and changes five files: "
        "`auth/routes.py`, `auth/v1_login.py`, `auth/session.py`, `tests/test_login.py` and `docs/auth.md`. "
        "It is a breaking change: mobile app versions before 4.2 still use that endpoint to sign in.",
        "Remove",
        "Removed",
        "the deprecated v1 login endpoint",
        " together with its controller, its tests and the old session cookie settings",
        1290,
        1209,
        ("auth/routes.py", "auth/v1_login.py", "auth/session.py", "tests/test_login.py", "docs/auth.md"),
        "This deletes the `/v1/login` route and its controller, and moves the session helpers they shared "
        "into one module.",
        "It kept a weaker password check alive, and the security review in June asked us to retire it.",
        "Mobile app versions before 4.2 still sign in through it, so their users will be signed out until "
        "they update the app.",
        "4.2",
        "Ran the auth test suite and signed in on staging from the web app and the current iOS build.",
        "Looks fine to me.",
        "TODO: remove the v1 entries from the API reference.",
    ),
    Change(
        "Write the pull request description for the branch that caches exchange rates in the pricing service "
        "for an hour, since the rates provider now bills us per request. It fixes issue #356 and changes "
        "three files: `pricing/rates.py`, `pricing/settings.py` and `tests/test_rates.py`. It is a breaking "
        "change: the `RATES_TTL` setting is gone and is ignored if set.",
        "Cache",
        "Cached",
        "exchange rates for one hour",
        " in the pricing service's memory and refresh them in the background on expiry",
        356,
        365,
        ("pricing/rates.py", "pricing/settings.py", "tests/test_rates.py"),
        "The pricing service now keeps the exchange rates it fetches in memory and refreshes them after an hour.",
        "Every checkout made three calls to the rates provider, which now bills us for each request.",
        "The `RATES_TTL` setting no longer exists; deployments that set it should remove it, as it is now ignored.",
        "RATES_TTL",
        "Ran `pytest tests/test_rates.py` and watched the provider's request log on staging while placing ten "
        "test orders.",
        "Small change, so I don't expect problems.",
        "TODO: add a metric for cache hits.",
    ),
    Change(
        "Write the pull request description for the branch that makes the nightly report job retry failed "
        "uploads to S3, because finance sometimes got no report in the morning. It fixes issue #77 and "
        "changes four files: `jobs/nightly_report.py`, `jobs/retry.py`, `tests/test_nightly_report.py` and "
        "`deploy/cron.yaml`. It is a breaking change: the job now exits with code 2 instead of 1 when every "
        "retry fails.",
        "Retry",
        "Retried",
        "failed S3 uploads in the nightly report job",
        " up to five times with exponential backoff between attempts",
        77,
        71,
        ("jobs/nightly_report.py", "jobs/retry.py", "tests/test_nightly_report.py", "deploy/cron.yaml"),
        "A failed upload is now tried again up to five times, waiting twice as long after each attempt.",
        "About one night in ten a brief S3 error stopped the upload, and finance got no report the next morning.",
        "Monitoring that watches the job must now treat exit code 2, not 1, as an upload that gave up.",
        "exit code",
        "Ran the job by hand against a local MinIO that drops every other request and checked that the "
        "report still arrived.",
        "It has been working fine.",
        "TODO: tidy up the retry logging.",
    ),
)


def build(change: Change, on: dict[str, bool]) -> str:
    title = f"{change.verb if on['imperative'] else change.past} {change.rest}" + (change.more if on["long"] else "")
    summary = [change.what] + ([change.why] if on["why"] else []) + ([change.breaking] if on["breaking"] else [])
    files = change.files if on["files"] else change.files[:-1]
    lines = [title, "", "## Summary", "", " ".join(summary), ""]
    lines += [f"Fixes #{change.issue if on['issue'] else change.other_issue}", "", "## Changes", ""]
    lines += [f"- `{name}`" for name in files]
    lines += ["", "## Testing", "", change.tested if on["tested"] else change.vague]
    if on["todo"]:
        lines += ["", change.todo]
    return "\n".join(lines)


def title_of(answer: str) -> str:
    return answer.strip().splitlines()[0]


def section(answer: str, name: str) -> str:
    """The text under the `## name` heading, up to the next `## ` heading."""
    parts = re.split(rf"^## {re.escape(name)}\s*$", answer, maxsplit=1, flags=re.MULTILINE)
    return re.split(r"^## ", parts[1], maxsplit=1, flags=re.MULTILINE)[0] if len(parts) == 2 else ""


def links_issue(answer: str, issue: int) -> bool:
    """A `Fixes`/`Closes`/`Resolves #issue` reference to exactly that number."""
    return re.search(rf"\b(?:Fixes|Closes|Resolves) #{issue}\b", answer, re.IGNORECASE) is not None


def changed_files(answer: str) -> int:
    """The bullets that name a file path in backticks."""
    return len(CHANGED_FILE.findall(answer))


def candidates(rng: random.Random, change: Change, answer: str) -> list[Criterion]:
    title = title_of(answer)
    count = NUMBER_WORDS[len(change.files)]
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "title_short",
            len(title) < TITLE_UNDER,
            ("The title line is under 72 characters", "Keeps the first line shorter than 72 characters"),
        ),
        (
            "imperative",
            title.split()[0] in IMPERATIVES,
            (
                "Writes the title in the imperative mood (e.g. 'Add', not 'Added')",
                "The title starts with a verb in the imperative",
            ),
        ),
        (
            "issue",
            links_issue(answer, change.issue),
            (f"Links issue #{change.issue} as the one it fixes", f"Says the pull request closes #{change.issue}"),
        ),
        (
            "files",
            changed_files(answer) == len(change.files),
            (f"Lists exactly {count} changed files", f"Names all {count} files the change touches"),
        ),
        (
            "tested",
            HOW_TESTED.search(section(answer, "Testing")) is not None,
            ("Says how the change was tested", "Describes what was done to check that the change works"),
        ),
        (
            "why",
            change.why in answer,
            ("Explains why the change is needed", "Gives the reason for making the change"),
        ),
        (
            "breaking",
            change.breaks in answer,
            ("Points out the breaking change", "Warns that the change breaks something for existing users"),
        ),
        (
            "no_todo",
            TODO.search(answer) is None,
            ("Leaves no TODO in the description", "Does not leave an unfinished to-do note in the text"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("long", "imperative", "issue", "files", "tested", "why", "breaking", "todo")
    return switched_cases(FAMILY, CHANGES, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

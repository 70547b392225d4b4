"""Commit message family (held out): how a git commit message is written, in a form no prompt,
example or rule of the grader was written for. Run only as `--set held`, never in `all` or `new`.

A message is the agent's whole answer, assembled from switches: a subject in the imperative
("Fix ...") or the past tense ("Fixed ..."), short or past 50 characters, with or without a
closing period; a body or none, after a blank line or not, wrapped at 72 characters or on one
long line, saying why the change was made or only what it does; an issue reference or none.
Every truth is a function of the message's text (below).
"""

from __future__ import annotations

import random
import re
import textwrap
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "commit_message"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SUBJECT_LIMIT = 50
BODY_WIDTH = 72


@dataclass(frozen=True)
class Change:
    task: str
    verb: str
    """The subject's verb in the imperative; `past` is the same verb in the past tense."""
    past: str
    rest: str
    """The subject after its verb (short enough for the limit)."""
    more: str
    """Words that take the subject past the limit."""
    what: str
    """A body sentence that says what the change does, and no reason for it."""
    why: str
    """A body sentence that says why the change was made."""
    issue: int


CHANGES = (
    Change(
        "Write the commit message for a change that stops the importer crashing on an empty CSV file.",
        "Fix",
        "Fixed",
        "crash on empty CSV import",
        " when the uploaded file has a header row but no data",
        "The importer now returns an empty result when the file has no rows after its header line.",
        "Customers who exported an empty report could not import it and lost the rest of their batch.",
        412,
    ),
    Change(
        "Write the commit message for a change that adds a retry to the payment webhook handler.",
        "Add",
        "Added",
        "retry to payment webhook handler",
        " with exponential backoff and a cap of five attempts",
        "Failed webhook deliveries are retried up to five times, waiting twice as long after each failure.",
        "The payment provider drops about one delivery in a thousand and those orders stayed unpaid.",
        87,
    ),
    Change(
        "Write the commit message for a change that removes the deprecated v1 login endpoint.",
        "Remove",
        "Removed",
        "deprecated v1 login endpoint",
        " and the session cookie fallback that only it still used",
        "The /v1/login route, its controller and its tests are deleted along with the old cookie settings.",
        "No client has called it since March and it kept an insecure password check alive in the codebase.",
        1290,
    ),
    Change(
        "Write the commit message for a change that caches exchange rates for an hour.",
        "Cache",
        "Cached",
        "exchange rates for one hour",
        " in the pricing service instead of fetching them per request",
        "The pricing service keeps the rates it fetched in memory and refreshes them after sixty minutes.",
        "Each checkout made three calls to the rates provider, which now bills us per request.",
        356,
    ),
)


def build(change: Change, on: dict[str, bool]) -> str:
    subject = f"{change.verb if on['imperative'] else change.past} {change.rest}"
    subject += (change.more if on["long"] else "") + ("." if on["period"] else "")
    lines = [subject]
    if on["body"]:
        text = change.what + (" " + change.why if on["why"] else "")
        body = textwrap.wrap(text, BODY_WIDTH) if on["wrapped"] else [text]
        lines += ([""] if on["blank"] else []) + body
    if on["issue"]:
        lines += ["", f"Refs #{change.issue}"]
    return "\n".join(lines)


def subject_of(message: str) -> str:
    return message.splitlines()[0]


def body_lines(message: str) -> list[str]:
    """The lines after the subject up to an issue reference, blank ones left out."""
    return [line for line in message.splitlines()[1:] if line.strip() and not line.startswith("Refs #")]


def blank_after_subject(message: str) -> bool:
    lines = message.splitlines()
    return len(lines) > 1 and lines[1] == ""


def candidates(rng: random.Random, change: Change, answer: str) -> list[Criterion]:
    subject = subject_of(answer)
    body = body_lines(answer)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "subject_short",
            len(subject) <= SUBJECT_LIMIT,
            ("The subject line is at most 50 characters", "Keeps the first line within 50 characters"),
        ),
        (
            "imperative",
            subject.split()[0] == change.verb,
            (
                "Writes the subject in the imperative mood (e.g. 'Fix', not 'Fixed')",
                "The subject starts with a verb in the imperative",
            ),
        ),
        (
            "no_period",
            not subject.endswith("."),
            ("The subject line does not end with a period", "No full stop at the end of the subject"),
        ),
        (
            "issue",
            re.search(r"#\d+\b", answer) is not None,
            ("References the issue number", "Links the issue it fixes"),
        ),
    ]
    if body:
        kinds += [
            (
                "blank_line",
                blank_after_subject(answer),
                ("Separates the subject from the body with a blank line", "Leaves an empty line after the subject"),
            ),
            (
                "wrapped",
                all(len(line) <= BODY_WIDTH for line in body),
                ("Wraps the body at 72 characters", "No body line is longer than 72 characters"),
            ),
            (
                "why",
                change.why in " ".join(body),
                ("The body explains why the change was made", "Gives the reason for the change in the body"),
            ),
        ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("imperative", "long", "period", "body", "blank", "wrapped", "why", "issue")
    return switched_cases(FAMILY, CHANGES, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Negation family: what an answer must not do (mention a name, use a list, contain code, use a
word, apologise, use headings, include links).

An answer is a how-to assembled from segments switched on and off: steps as a numbered list
or as prose, a fenced code block or none, a sentence that mentions a tool, a sentence with
"very" in it (and, as a decoy, sometimes "every", which is not the word "very"), an apology,
headings, a link. Each segment carries only its own feature, and every truth is a function of
the answer's text (`families/text.py`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import benchmarks.families.text as text
from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "negation"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3


@dataclass(frozen=True)
class HowTo:
    task: str
    title: str
    steps: tuple[str, ...]
    code: str
    language: str
    mention: tuple[str, str]
    """(name, a sentence that mentions it); the name appears nowhere else."""
    very: str
    every: str
    link: str


HOWTOS = (
    HowTo(
        "How do I run Postgres locally for development?",
        "Running Postgres locally",
        (
            "Install Docker Desktop and start it",
            "Start a Postgres container with a password and a published port",
            "Connect to it on localhost with your usual client",
            "Stop the container when you are done",
        ),
        "docker run --name dev-db -e POSTGRES_PASSWORD=dev -p 5432:5432 -d postgres:16",
        "bash",
        ("Kubernetes", "If your team already uses Kubernetes, a small Helm chart does the same job."),
        "The container starts in a very short time.",
        "Use a fresh volume for every project so that data stays apart.",
        "The image's options are described at https://hub.docker.com/_/postgres.",
    ),
    HowTo(
        "How should we rotate our API keys?",
        "Rotating API keys",
        (
            "Create a second key beside the current one",
            "Deploy the new key to all services",
            "Watch the logs until nothing uses the old key",
            "Revoke the old key",
        ),
        'export API_KEY="$NEW_KEY"\nsystemctl restart billing',
        "bash",
        ("Vault", "Storing the keys in Vault makes the swap a single command."),
        "Revoking a key that is still in use is a very common mistake.",
        "Rotate every key on a fixed schedule, not only after a leak.",
        "The provider's guide is at https://example.com/docs/keys.",
    ),
    HowTo(
        "How do I schedule a nightly backup script on a Linux server?",
        "Nightly backups",
        (
            "Write the backup script and make it executable",
            "Open the crontab of the user that owns the data",
            "Add a line that runs the script at two in the morning",
            "Check the log the next day",
        ),
        "0 2 * * * /opt/backup/run.sh >> /var/log/backup.log 2>&1",
        "text",
        ("systemd", "On machines with systemd, a timer unit is a good alternative."),
        "A backup you never restore is of very little use.",
        "Test a restore every month.",
        "See https://crontab.guru for help with the schedule syntax.",
    ),
    HowTo(
        "How can I speed up a slow SQL query?",
        "Speeding up a query",
        (
            "Ask the database to show its plan for the query",
            "Look for full scans of large tables",
            "Add an index on the columns you filter by",
            "Check the plan again and compare",
        ),
        "CREATE INDEX orders_customer_idx ON orders (customer_id);",
        "sql",
        ("Redis", "For results that rarely change, Redis can cache them in front of the database."),
        "An index on a very large table takes a while to build.",
        "Measure every change before you keep it.",
        "The planner is explained at https://www.postgresql.org/docs/current/using-explain.html.",
    ),
)
APOLOGY = "Sorry for the confusion in my earlier reply."


def build(howto: HowTo, on: dict[str, bool]) -> str:
    parts = []
    if on["apology"]:
        parts.append(APOLOGY)
    if on["heading"]:
        parts.append(f"## {howto.title}")
    if on["list"]:
        parts.append("\n".join(f"{i}. {step}." for i, step in enumerate(howto.steps, 1)))
    else:
        first, second, third, fourth = howto.steps
        parts.append(f"{first}. Then {second[0].lower()}{second[1:]}. {third}, and {fourth[0].lower()}{fourth[1:]}.")
    if on["code"]:
        parts.append(("### Command\n\n" if on["heading"] else "") + f"```{howto.language}\n{howto.code}\n```")
    extras = [
        howto.mention[1] if on["mention"] else "",
        howto.very if on["very"] else "",
        howto.every if on["every"] else "",
    ]
    if any(extras):
        parts.append(" ".join(e for e in extras if e))
    if on["link"]:
        parts.append(howto.link)
    return "\n\n".join(parts)


def candidates(rng: random.Random, howto: HowTo, answer: str) -> list[Criterion]:
    name = howto.mention[0]
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "no_mention",
            not text.uses_word(answer, name),
            (f"Does not mention {name}", f"Never brings up {name}", f"No mention of {name}"),
        ),
        (
            "no_list",
            not text.has_list(answer),
            ("Uses no list", "Doesn't use bullet points or a numbered list", "Avoid lists"),
        ),
        (
            "no_code",
            not text.has_code(answer),
            ("Contains no code", "Includes no code blocks", "Don't include any code"),
        ),
        (
            "no_very",
            not text.uses_word(answer, "very"),
            ("Never uses the word 'very'", 'Avoids the word "very"', "Does not say 'very'"),
        ),
        ("no_apology", "sorry" not in answer.lower(), ("Does not apologise", "No apologies")),
        ("no_headings", not text.has_heading(answer), ("Has no headings", "Doesn't use markdown headings")),
        ("no_links", not text.has_link(answer), ("Contains no links", "Does not include any URLs")),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("apology", "heading", "list", "code", "mention", "very", "every", "link")
    return switched_cases(
        FAMILY, HOWTOS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER, chance=0.45
    )

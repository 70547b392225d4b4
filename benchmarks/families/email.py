"""Email family (held out): what a short email must have, in a form no prompt, example or
rule of the grader was written for. Run only as `--set held`, never in `all` or `new`.

An email is assembled from switches: a `Subject:` line, a greeting by name, a proposed
meeting date (asked as a question), a second question, a thank-you, a reply deadline, a
sign-off with the sender's name. Every truth is a function of the email's text (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "email"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3


@dataclass(frozen=True)
class Email:
    task: str
    subject: str
    recipient: str
    sender: str
    opening: str
    """The email's first sentence of substance (always there)."""
    date: str
    """The proposed meeting date, as the email writes it."""
    second_question: str
    thanks: str
    deadline: str


EMAILS = (
    Email(
        "Write a short email to Priya asking to meet about the quarterly budget.",
        "Quarterly budget review",
        "Priya",
        "Tomas",
        "I would like to go through the quarterly budget with you before it goes to the board.",
        "Thursday 14 March",
        "Could you also bring last quarter's figures?",
        "Thank you for pulling the numbers together so quickly.",
        "Please let me know by Tuesday whether that works.",
    ),
    Email(
        "Write a short email to Marcus to set up a design review of the new onboarding flow.",
        "Onboarding design review",
        "Marcus",
        "Lena",
        "The new onboarding flow is ready for a design review.",
        "Monday 3 June",
        "Would you invite someone from support as well?",
        "Thanks for the early sketches, they helped a lot.",
        "A reply by Friday would help me book the room.",
    ),
    Email(
        "Write a short email to Aiko proposing a call about the delayed shipment.",
        "Delayed shipment",
        "Aiko",
        "Daniel",
        "Our shipment from the Osaka warehouse is running late and I want to agree on next steps.",
        "Wednesday 9 October",
        "Do you know yet which items are affected?",
        "Thank you for flagging the delay so early.",
        "Please reply by the end of the week.",
    ),
    Email(
        "Write a short email to Sofia inviting her to plan the team offsite.",
        "Team offsite planning",
        "Sofia",
        "Ravi",
        "It is time to start planning the team offsite for the spring.",
        "Friday 21 February",
        "Should we ask the team for venue ideas first?",
        "Thanks for offering to help with the logistics.",
        "Could you confirm by Wednesday.",
    ),
)


def build(email: Email, on: dict[str, bool]) -> str:
    lines = []
    if on["subject"]:
        lines += [f"Subject: {email.subject}", ""]
    lines += [f"Hi {email.recipient}," if on["greeting"] else "Hello,", ""]
    body = [email.opening]
    if on["date"]:
        body.append(f"Would {email.date} at 10:00 suit you for a meeting?")
    if on["second_question"]:
        body.append(email.second_question)
    if on["thanks"]:
        body.append(email.thanks)
    if on["deadline"]:
        body.append(email.deadline)
    lines += [" ".join(body), ""]
    lines += ["Best regards,", email.sender] if on["signoff"] else ["Best regards"]
    return "\n".join(lines)


def questions(text: str) -> int:
    return text.count("?")


def first_line(text: str) -> str:
    return text.strip().splitlines()[0]


def greeting_names(text: str, name: str) -> bool:
    """The greeting line (the first after any subject) addresses `name`."""
    lines = [line for line in text.strip().splitlines() if line.strip() and not line.startswith("Subject:")]
    return re.match(rf"(Hi|Hello|Dear) {re.escape(name)}\b", lines[0]) is not None


def signed_by(text: str, name: str) -> bool:
    return text.strip().splitlines()[-1].strip() == name


def candidates(rng: random.Random, email: Email, answer: str) -> list[Criterion]:
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "subject",
            first_line(answer).startswith("Subject:"),
            ("Starts with a subject line", "Begins with a Subject: line"),
        ),
        (
            "greeting",
            greeting_names(answer, email.recipient),
            (f"Greets {email.recipient} by name", f"Addresses {email.recipient} by name in the greeting"),
        ),
        (
            "one_question",
            questions(answer) == 1,
            ("Asks exactly one question", "Contains exactly one question"),
        ),
        (
            "date",
            email.date in answer,
            ("Proposes a specific date for the meeting", f"Suggests meeting on {email.date}"),
        ),
        ("thanks", "thank" in answer.lower(), ("Thanks the recipient", "Includes a thank-you")),
        (
            "deadline",
            email.deadline in answer,
            ("Asks for a reply by a deadline", "Says by when a reply is needed"),
        ),
        (
            "signoff",
            signed_by(answer, email.sender),
            (f"Signs off with the sender's name, {email.sender}", f"Ends with the name {email.sender}"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("subject", "greeting", "date", "second_question", "thanks", "deadline", "signoff")
    return switched_cases(FAMILY, EMAILS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

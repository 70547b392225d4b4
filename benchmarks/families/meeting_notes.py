"""Meeting notes family (tuning, documents): the notes of a team meeting, in the `docs` tuning
set (`--set docs`), written to tune the grader on criteria about documents, which the `new`
set holds few of.

Notes are a title, an attendees line, a paragraph of discussion, and
by switch: the meeting's date in the title or not, every attendee the task names or one left out, the decision the meeting took
stated or only the discussion of it, the open question written as a question or not there,
the number of bullet points under Decisions (two, or three with a repeated one), the next
meeting's date or none, a remark on a person who was absent or none, the discussion kept
under 40 words or run long. Every truth is a function of the notes' text (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "meeting_notes"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
BULLET = re.compile(r"^\s*[-*]\s", re.MULTILINE)


@dataclass(frozen=True)
class Meeting:
    task: str
    title: str
    date: str
    attendees: tuple[str, ...]
    """Four; the notes that leave one out drop the last."""
    discussion: str
    """Under 20 words."""
    more: str
    """Said after `discussion` in the long notes: together they run past 40 words."""
    decision: str
    """The decision, as the notes state it."""
    hedge: str
    """The discussion of the decision without taking it."""
    second: str
    question: str
    next_date: str
    absent: str
    """A remark on someone who was not there."""


MEETINGS = (
    Meeting(
        "Write the notes of Tuesday's (12 March) release planning meeting with Ana, Ben, Chloe and Dev. The "
        "team decided to move the release to 26 March; the open question is who updates the changelog.",
        "Release planning",
        "12 March",
        ("Ana", "Ben", "Chloe", "Dev"),
        "We went through the open bugs for the release and the state of the migration scripts.",
        "Ben walked through each of the remaining migration scripts in turn, Chloe raised the flaky payment "
        "tests again, and Dev showed the new dashboard for the error rates over the last two weeks.",
        "The release moves from 19 March to 26 March so the migration can be tested on staging.",
        "We talked about whether the release should wait for the migration to be tested.",
        "Chloe owns the staging test plan.",
        "Who updates the changelog before the release?",
        "19 March",
        "Farid did not join again, which is becoming a pattern.",
    ),
    Meeting(
        "Write the notes of the 4 June design review with Maya, Noor, Owen and Pia. The group chose the "
        "two-step signup form; the open question is whether to keep social login.",
        "Signup design review",
        "4 June",
        ("Maya", "Noor", "Owen", "Pia"),
        "We compared the one-page and the two-step signup forms against last month's drop-off numbers.",
        "Noor shared the recordings from the five usability sessions, Owen went through the accessibility "
        "audit of both versions, and Pia estimated the engineering work for each form in some detail.",
        "We will build the two-step signup form.",
        "We discussed the one-page and the two-step forms at length.",
        "Owen writes the copy for both steps.",
        "Should social login stay on the first step?",
        "11 June",
        "Quentin skipped the review without telling anyone.",
    ),
    Meeting(
        "Write the notes of the 8 October budget meeting with Rosa, Sam, Tariq and Uma. They agreed to cut "
        "the travel budget by 15%; the open question is whether the conference trip still goes ahead.",
        "Q4 budget",
        "8 October",
        ("Rosa", "Sam", "Tariq", "Uma"),
        "We reviewed spending so far this year against the plan, team by team.",
        "Sam presented the cloud bill, which is well above the plan, Tariq listed the contracts that renew "
        "in the quarter, and Uma walked through the hiring plan and what each open role would cost us.",
        "The travel budget is cut by 15% for the rest of the year.",
        "We looked at the travel budget and where it could be reduced.",
        "Uma tells the team leads by Friday.",
        "Does the trip to the Berlin conference still go ahead?",
        "5 November",
        "Victor was absent and had not sent his numbers.",
    ),
    Meeting(
        "Write the notes of the 21 January incident review with Wen, Xavi, Yara and Zoe. The team decided to "
        "add an alert on queue depth; the open question is who is on call next week.",
        "Incident review: queue backlog",
        "21 January",
        ("Wen", "Xavi", "Yara", "Zoe"),
        "We went over the timeline of Friday's queue backlog and how long it took to notice.",
        "Xavi explained why the consumers stalled after the deploy, Yara showed that the backlog had been "
        "growing for forty minutes before anyone looked, and Zoe listed three earlier incidents like it.",
        "We will add an alert when the queue depth passes 10,000 messages.",
        "We talked about alerting on the queue depth.",
        "Wen writes the runbook entry.",
        "Who is on call next week?",
        "28 January",
        "Amir missed the review, as usual.",
    ),
)


def build(meeting: Meeting, on: dict[str, bool]) -> str:
    people = meeting.attendees if on["attendees"] else meeting.attendees[:-1]
    discussion = meeting.discussion if on["short"] else f"{meeting.discussion} {meeting.more}"
    if on["absent"]:
        discussion += f" {meeting.absent}"
    decisions = [meeting.decision if on["decision"] else meeting.hedge, meeting.second]
    if on["repeat"]:
        decisions.append(meeting.second)
    lines = [
        f"# {meeting.title}, {meeting.date}" if on["dated"] else f"# {meeting.title}",
        "",
        f"Attendees: {', '.join(people)}",
        "",
        discussion,
        "",
        "## Decisions",
        *(f"- {d}" for d in decisions),
    ]
    if on["question"]:
        lines += ["", "## Open questions", f"- {meeting.question}"]
    if on["next"]:
        lines += ["", f"Next meeting: {meeting.next_date}"]
    return "\n".join(lines)


def section(answer: str, heading: str) -> str:
    """The lines under `## heading`, up to the next heading."""
    found = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^#|\Z)", answer, re.MULTILINE | re.DOTALL)
    return found.group(1) if found else ""


def discussion_words(answer: str) -> int:
    """Words of the discussion: the paragraph between the attendees line and the first `##`."""
    body = answer.split("## ", 1)[0]
    paragraph = [line for line in body.splitlines()[1:] if line.strip() and not line.startswith("Attendees:")]
    return len(" ".join(paragraph).split())


def candidates(rng: random.Random, meeting: Meeting, answer: str) -> list[Criterion]:
    everyone = ", ".join(meeting.attendees)
    decisions = section(answer, "Decisions")
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "attendees",
            all(name in answer.split("\n\n")[1] for name in meeting.attendees),
            (f"Lists every attendee: {everyone}", "Names all four people who attended"),
        ),
        (
            "decision",
            meeting.decision in decisions,
            ("States the decision the meeting took", "Records what was decided, not only what was discussed"),
        ),
        (
            "question",
            "?" in section(answer, "Open questions"),
            ("Records the open question", "Notes the question that is still open, as a question"),
        ),
        (
            "two_decisions",
            len(BULLET.findall(decisions)) == 2,
            ("Has exactly two bullet points under Decisions", "The Decisions section holds two bullets"),
        ),
        (
            "next",
            re.search(r"^Next meeting: .*\d", answer, re.MULTILINE) is not None,
            ("Gives the date of the next meeting", "Says when the group meets next"),
        ),
        (
            "no_absent",
            meeting.absent not in answer,
            ("Makes no remark about people who did not attend", "Does not comment on anyone who was absent"),
        ),
        (
            "short",
            discussion_words(answer) < 40,
            ("Keeps the discussion paragraph under 40 words", "The summary of the discussion is shorter than 40 words"),
        ),
        (
            "dated",
            meeting.date in answer.splitlines()[0],
            ("The title line carries the meeting's date", f"Puts the date, {meeting.date}, in the title"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("dated", "attendees", "short", "absent", "decision", "repeat", "question", "next")
    return switched_cases(
        FAMILY, MEETINGS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

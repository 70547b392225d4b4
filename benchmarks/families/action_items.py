"""Action items family (held out): the action items of a meeting's notes, in a form no prompt,
example or rule of the grader was written for. Run only as `--set held`, never in `all` or
`new`.

An answer is a short summary line, a `Decisions` section by switch, and an `Action items`
list assembled from switches: four or six items, each with its owner (`@name`) or one left
without, each with a due date written as an ISO date or one in words, the blocked item marked
`BLOCKED` or not, the items in order of their due dates or not, and a closing line that names
the next meeting by switch. Every truth is a function of the answer's text (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "action_items"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
MOST_ITEMS = 5


@dataclass(frozen=True)
class Item:
    owner: str
    task: str
    due: date


@dataclass(frozen=True)
class Meeting:
    task: str
    summary: str
    decision: str
    items: tuple[Item, ...]
    """Six items, never in order of their due dates; the second is the blocked one."""
    next_meeting: str


MEETINGS = (
    Meeting(
        "Write up the action items from today's launch planning meeting.",
        "We agreed to move the launch to the first week of May.",
        "The launch moves to 5 May; the beta stays open until then.",
        (
            Item("dana", "Update the launch page copy", date(2027, 4, 20)),
            Item("li", "Get legal sign-off on the pricing terms", date(2027, 4, 14)),
            Item("omar", "Book the press briefing room", date(2027, 4, 28)),
            Item("sam", "Send the beta survey", date(2027, 4, 9)),
            Item("jo", "Draft the support macros", date(2027, 4, 23)),
            Item("ana", "Check the status page alerts", date(2027, 4, 16)),
        ),
        "Next meeting: Thursday 15 April.",
    ),
    Meeting(
        "Write up the action items from this morning's incident review.",
        "The outage came from an expired certificate on the internal gateway.",
        "Certificates will be renewed automatically from now on.",
        (
            Item("kai", "Automate the certificate renewal", date(2027, 3, 12)),
            Item("rita", "Add an expiry alert to the dashboard", date(2027, 3, 5)),
            Item("ben", "Write the customer-facing summary", date(2027, 3, 3)),
            Item("mei", "List every certificate we own", date(2027, 3, 19)),
            Item("tom", "Review the on-call runbook", date(2027, 3, 10)),
            Item("eva", "Schedule a failover drill", date(2027, 3, 26)),
        ),
        "Next meeting: Monday 8 March.",
    ),
)


def build(meeting: Meeting, on: dict[str, bool]) -> str:
    items = list(meeting.items if on["six"] else meeting.items[:4])
    if on["by_date"]:
        items.sort(key=lambda i: i.due)
    lines = [meeting.summary, ""]
    if on["decisions"]:
        lines += ["## Decisions", "", f"- {meeting.decision}", ""]
    lines += ["## Action items", ""]
    for index, item in enumerate(items):
        owner = "" if on["unowned"] and index == len(items) - 1 else f"@{item.owner} "
        when = item.due.isoformat() if on["iso"] else f"{item.due.day} {item.due.strftime('%B')}"
        blocked = "BLOCKED: " if on["blocked"] and item is meeting.items[1] else ""
        lines.append(f"- {blocked}{owner}{item.task}, due {when}")
    if on["next"]:
        lines += ["", meeting.next_meeting]
    return "\n".join(lines)


def action_items(answer: str) -> list[str]:
    """The list items after the `## Action items` heading."""
    after = answer.split("## Action items", 1)[1]
    return [line[2:] for line in after.splitlines() if line.startswith("- ")]


def due_dates(items: list[str], meeting: Meeting) -> list[date]:
    by_task = {i.task: i.due for i in meeting.items}
    return [next(due for task, due in by_task.items() if task in item) for item in items]


def candidates(rng: random.Random, meeting: Meeting, answer: str) -> list[Criterion]:
    items = action_items(answer)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "owners",
            all(re.search(r"@\w+", item) for item in items),
            ("Every action item names an owner", "Each action item says who owns it"),
        ),
        (
            "iso_dates",
            all(re.search(r"\bdue \d{4}-\d{2}-\d{2}\b", item) for item in items),
            ("Writes every due date as YYYY-MM-DD", "Due dates are in ISO format"),
        ),
        (
            "at_most",
            len(items) <= MOST_ITEMS,
            ("Lists no more than five action items", "Keeps the action items to five or fewer"),
        ),
        (
            "decisions",
            "## Decisions" in answer,
            ("Has a section for the decisions made", "Records the decisions separately from the action items"),
        ),
        (
            "blocked",
            any(item.startswith("BLOCKED") for item in items),
            ("Marks the blocked item as blocked", "Flags the item that is blocked"),
        ),
        (
            "by_date",
            due_dates(items, meeting) == sorted(due_dates(items, meeting)),
            ("Orders the action items by due date", "The soonest deadline comes first"),
        ),
        (
            "next",
            answer.rstrip().endswith(meeting.next_meeting),
            ("Ends with the date of the next meeting", "Says when the next meeting is"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("six", "by_date", "decisions", "unowned", "iso", "blocked", "next")
    return switched_cases(
        FAMILY, MEETINGS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

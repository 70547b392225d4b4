"""Meeting agenda family (fresh5): the agenda for a meeting the task describes (a planning
workshop, a design sprint kickoff, a board meeting, a retrospective), each over 90 minutes, with
a timebox and an owner for every item, a kind of answer no grader was run on while any of its
rules was written. Run only as `--set fresh5`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is a heading, a goal line, a line with the meeting's times and the items as a table
or a list, after a lead-in line or none, assembled from switches: timeboxes that add up to the
meeting's length or one five minutes long, an owner for every item but the break or one item
without, the item the task wants first (or last) there or one place off, a break or its time
given to the item before it, a goal line or none, an end time the meeting's length after the
start or a quarter of an hour later, and the start time the task gives or half an hour later.
Every truth is a function of the answer's text: the times line, the goal line and each item's
title, owner and minutes are read off line by line, and the minutes summed (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "meeting_agenda"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
CLOCK = r"\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?"
SPAN = re.compile(rf"({CLOCK})\s*(?:[–—-]|to)\s*({CLOCK})", re.IGNORECASE)
MINUTES = re.compile(r"(\d+)\s*(?:min|mins|minutes)\b", re.IGNORECASE)
ITEM = re.compile(r"^\s*(?:[-*]|\d+[.)])\s+(.*\S)")
ROW = re.compile(r"^\s*\|(.+)\|\s*$")
OWNER = re.compile(r"(?:—\s*([A-Z][\w.' -]*?)\s*\(|owner:\s*([A-Z][\w.' -]*?)\s*$)")
GOAL = re.compile(r"^\W*(?:goal|objective|purpose)\b", re.IGNORECASE)
BREAK = re.compile(r"\bbreak\b", re.IGNORECASE)


@dataclass(frozen=True)
class Meeting:
    task: str
    lead: str
    style: str
    """`table` (item, owner, minutes), `numbered` (`n. title — owner (m min)`) or `bullets`."""
    title: str
    goal: str
    when: str
    """The times line, `{span}` the start and end times."""
    attendees: str
    start: int
    """Minutes after midnight."""
    twelve: bool
    """Whether times are written on the 12-hour clock."""
    length: int
    items: tuple[tuple[str, str, int], ...]
    """(title, owner or empty for the break, minutes) in order; they sum to `length`."""
    place: tuple[str, str]
    """(`first` or `last`, the item's title as a criterion names it); the item is first or last of `items`."""
    slips: tuple[int, int]
    """(the item an answer with a wrong sum makes five minutes longer, the item it leaves without an owner)."""


MEETINGS = (
    Meeting(
        "Put together an agenda for our Q3 planning workshop: 120 minutes, starting at 09:30 on Thursday. Give "
        "every item a timebox in minutes and an owner, start with a check-in, include a break (it's over 90 "
        "minutes), state the goal at the top, and show the start and end times. People: Priya, Marcus, Aisha, Tom.",
        "Here's a draft agenda:",
        "table",
        "Q3 planning workshop",
        "Agree the three priorities for Q3 and who owns each one.",
        "**When:** Thursday, {span} (120 min)",
        "Priya, Marcus, Aisha, Tom",
        9 * 60 + 30,
        False,
        120,
        (
            ("Check-in", "Priya", 10),
            ("Review of Q2 results", "Marcus", 20),
            ("Customer feedback themes", "Aisha", 20),
            ("Break", "", 15),
            ("Choosing the Q3 priorities", "Priya", 30),
            ("Owners and next steps", "Tom", 25),
        ),
        ("first", "check-in"),
        (1, 2),
    ),
    Meeting(
        "Write an agenda for a 150-minute design sprint kickoff that starts at 1:00 pm. Each item needs a "
        "timebox and an owner; finish with a wrap-up where we agree actions; because it's longer than 90 minutes "
        "put a break in; add a goal line and the start and end times. Facilitators: Lena, Omar, Grace.",
        "",
        "numbered",
        "Design sprint kickoff",
        "Leave with a shared picture of the problem and a first set of ideas to test.",
        "**Time:** {span}",
        "Lena, Omar, Grace and the product team",
        13 * 60,
        True,
        150,
        (
            ("Introductions", "Lena", 15),
            ("The problem we're solving", "Omar", 25),
            ("Current user journey", "Grace", 30),
            ("Coffee break", "", 15),
            ("Sketching ideas", "Lena", 40),
            ("Wrap-up and actions", "Omar", 25),
        ),
        ("last", "wrap-up and actions"),
        (4, 1),
    ),
    Meeting(
        "Draft the agenda for our trustees' board meeting: 3 hours (180 minutes) from 10:00. Open with apologies "
        "and the minutes of the last meeting. Every item gets a number of minutes and an owner (Helen Ward "
        "chairs; Raj Patel is treasurer; Sofia Marin runs fundraising). Over 90 minutes, so include a break. Put "
        "the goal of the meeting and the start and end times at the top.",
        "Of course. Below is an agenda you can send round with the papers.",
        "bullets",
        "Board of trustees - March meeting",
        "Approve the 2027 strategy and the budget that goes with it.",
        "Time: {span}",
        "Helen Ward (chair), Raj Patel, Sofia Marin, trustees",
        10 * 60,
        False,
        180,
        (
            ("Apologies and minutes of the last meeting", "Helen Ward", 10),
            ("Finance report", "Raj Patel", 35),
            ("Fundraising update", "Sofia Marin", 30),
            ("Lunch break", "", 20),
            ("Strategy 2027", "Helen Ward", 45),
            ("Risk register", "Raj Patel", 25),
            ("Any other business", "Helen Ward", 15),
        ),
        ("first", "apologies and minutes"),
        (5, 4),
    ),
    Meeting(
        "Can you write the agenda for our quarterly retrospective? It's 100 minutes from 2 pm. Timebox every "
        "item in minutes, give each one an owner (Jonas, Mia or Kai), end with action items, and since it's "
        "over 90 minutes we need a break. Also a goal line, and the start and end times.",
        "Sure - here's an agenda for the retro.",
        "table",
        "Q2 retrospective",
        "Pick the two process changes we'll try next quarter.",
        "**Time:** {span}, 100 minutes",
        "the whole team",
        14 * 60,
        True,
        100,
        (
            ("Set the stage", "Jonas", 10),
            ("What went well", "Mia", 20),
            ("What didn't go well", "Mia", 20),
            ("Break", "", 10),
            ("Root causes", "Jonas", 20),
            ("Action items", "Kai", 20),
        ),
        ("last", "action items"),
        (0, 4),
    ),
)


def clock(meeting: Meeting, minutes: int) -> str:
    hour, minute = divmod(minutes, 60)
    if not meeting.twelve:
        return f"{hour:02d}:{minute:02d}"
    return f"{(hour - 1) % 12 + 1}:{minute:02d} {'am' if hour < 12 else 'pm'}"


def agenda_items(meeting: Meeting, on: dict[str, bool]) -> list[tuple[str, str, int]]:
    items = [list(item) for item in meeting.items]
    longer, ownerless = meeting.slips
    if not on["sum"]:
        items[longer][2] = int(items[longer][2]) + 5
    if not on["owner"]:
        items[ownerless][1] = ""
    if not on["break"]:
        at = next(at for at, item in enumerate(items) if BREAK.search(str(item[0])))
        items[at - 1][2] = int(items[at - 1][2]) + int(items[at][2])
        del items[at]
    if not on["place"]:
        pair = slice(0, 2) if meeting.place[0] == "first" else slice(-2, None)
        items[pair] = items[pair][::-1]
    return [(str(title), str(owner), int(minutes)) for title, owner, minutes in items]


def item_line(meeting: Meeting, at: int, title: str, owner: str, minutes: int) -> str:
    if meeting.style == "table":
        return f"| {title} | {owner or '—'} | {minutes} min |"
    if meeting.style == "numbered":
        return f"{at}. {title} — {owner} ({minutes} min)" if owner else f"{at}. {title} ({minutes} min)"
    return f"- **{title}**, {minutes} minutes" + (f", owner: {owner}" if owner else "")


def build(meeting: Meeting, on: dict[str, bool]) -> str:
    start = meeting.start + (0 if on["start"] else 30)
    end = start + meeting.length + (0 if on["times"] else 15)
    head = [f"# {meeting.title}", ""]
    if on["goal"]:
        head.append(f"**Goal:** {meeting.goal}  ")
    head.append(meeting.when.format(span=f"{clock(meeting, start)}–{clock(meeting, end)}") + "  ")
    head.append(f"**Attendees:** {meeting.attendees}")
    lines = ["| Item | Owner | Timebox |", "|---|---|---|"] if meeting.style == "table" else []
    items = agenda_items(meeting, on)
    lines += [item_line(meeting, at, *item) for at, item in enumerate(items, 1)]
    text = "\n".join(head) + "\n\n" + "\n".join(lines)
    return f"{meeting.lead}\n\n{text}" if meeting.lead else text


# Reading an agenda -----------------------------------------------------------------------------


def minutes_of(text: str) -> int | None:
    """A clock time in minutes after midnight."""
    match = re.fullmatch(r"(\d{1,2})(?::(\d{2}))?\s*(?:([ap])\.?m\.?)?", text.strip(), re.IGNORECASE)
    if not match:
        return None
    hour, minute, half = int(match.group(1)), int(match.group(2) or 0), (match.group(3) or "").lower()
    if half:
        hour = hour % 12 + (12 if half == "p" else 0)
    return hour * 60 + minute


def span(answer: str) -> tuple[int, int] | None:
    """The first start and end times the answer gives, in minutes after midnight."""
    for line in answer.splitlines():
        if not ITEM.match(line) and not ROW.match(line) and (match := SPAN.search(line)):
            start, end = minutes_of(match.group(1)), minutes_of(match.group(2))
            if start is not None and end is not None:
                return start, end
    return None


def table_items(rows: list[list[str]]) -> list[tuple[str, str, int]]:
    head = [cell.lower() for cell in rows[0]]
    title = next(at for at, cell in enumerate(head) if "item" in cell or "topic" in cell)
    owner = next(at for at, cell in enumerate(head) if "owner" in cell or "lead" in cell)
    out = []
    for row in rows[1:]:
        if (minutes := MINUTES.search(" ".join(row))) and len(row) == len(head):
            who = row[owner].strip(" —-")
            out.append((row[title], who, int(minutes.group(1))))
    return out


def items(answer: str) -> list[tuple[str, str, int]]:
    """(title, owner or empty, minutes) for every item of the agenda, in order."""
    lines = answer.splitlines()
    rows = [[cell.strip() for cell in m.group(1).split("|")] for line in lines if (m := ROW.match(line))]
    rows = [row for row in rows if not all(re.fullmatch(r":?-+:?", cell) for cell in row)]
    if rows:
        return table_items(rows)
    out = []
    for line in lines:
        if (match := ITEM.match(line)) and (minutes := MINUTES.search(match.group(1))):
            text = match.group(1)
            owner = OWNER.search(text)
            title = re.split(r"\s+—\s+|,\s|\s+\(", text)[0].strip("* ")
            out.append((title, (owner.group(1) or owner.group(2)) if owner else "", int(minutes.group(1))))
    return out


def candidates(rng: random.Random, meeting: Meeting, answer: str) -> list[Criterion]:
    found, times, length = items(answer), span(answer), meeting.length
    where, name = meeting.place
    placed = found[0 if where == "first" else -1][0] if found else ""
    starts = clock(meeting, meeting.start)
    place_wordings = (
        (f'"{name.capitalize()}" is the first item on the agenda', f"Opens the meeting with the {name}")
        if where == "first"
        else (f'"{name.capitalize()}" is the last item on the agenda', f"Closes the meeting with {name}")
    )
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "sum",
            bool(found) and sum(m for _, _, m in found) == length,
            (
                f"The timeboxes add up to exactly {length} minutes",
                f"Item durations sum to the meeting's full {length} minutes",
            ),
        ),
        (
            "owner",
            bool(found) and all(owner for title, owner, _ in found if not BREAK.search(title)),
            (
                "Every item apart from breaks has an owner",
                "Names someone responsible for each agenda item (breaks aside)",
            ),
        ),
        ("place", placed.lower().startswith(name), place_wordings),
        (
            "break",
            any(BREAK.search(title) and m >= 10 for title, _, m in found),
            ("Includes a break", "Schedules a break of at least 10 minutes"),
        ),
        (
            "goal",
            any(GOAL.match(line) for line in answer.splitlines()),
            ("States the goal of the meeting", 'Has a "Goal:" line saying what the meeting is for'),
        ),
        (
            "times",
            times is not None and times[1] - times[0] == length,
            (
                f"The end time is {length} minutes after the start time",
                "The start and end times match the meeting's length",
            ),
        ),
        (
            "start",
            times is not None and times[0] == meeting.start,
            (f"The meeting starts at {starts}", f"Gives {starts} as the start time"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("sum", "owner", "place", "break", "goal", "times", "start")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, MEETINGS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

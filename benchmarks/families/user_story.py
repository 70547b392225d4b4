"""User story family (fresh5): an agile user story for a feature the task describes (low-stock
alerts for a warehouse, saved carts for a shop, appointment reminders for a clinic, shared
playlists for a music app), in the "As a ..., I want ..., so that ..." form with acceptance
criteria in Given/When/Then form, a kind of answer no grader was run on while any of its rules
was written. Run only as `--set fresh5`, never in `all`, `new`, `docs`, `held` or an earlier
fresh set.

An answer is the story, after a lead-in line or none and in a fenced block or not, assembled
from switches: the role the task names or a neighbouring one, the benefit in a "so that" clause
or in a sentence of its own, as many acceptance criteria as the task asks or one more, every
criterion with its Given, When and Then or one without its Given, an estimate on the team's
scale or a number just off it, an out-of-scope note or a notes section about something else,
and no implementation detail or one slipped into a Then. Every truth is a function of the
story's text: the story line, the acceptance criteria section split criterion by criterion, the
estimate line and the section headings are read off line by line (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "user_story"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
STORY = re.compile(r"\bAs an?\s+(.+?),\s*I\s+want\b", re.IGNORECASE)
HEADING = re.compile(r"^\s*(?:#{1,6}\s+(.+?)|\*\*([^*]+?):?\*\*:?)\s*$")
START = re.compile(r"^\s*(?:Scenario\b|\d+[.)]\s|[-*]\s)")
ESTIMATE = re.compile(r"\b(?:estimate|story points?)\b", re.IGNORECASE)
OUT = re.compile(r"\b(?:out[- ]of[- ]scope|not in scope)\b", re.IGNORECASE)
DETAIL = re.compile(
    r"\b(?:APIs?|endpoints?|[Dd]atabases?|SQL|cron job|Redis|Kafka|JSON|microservices?|React|webhooks?|"
    r"Postgres(?:QL)?|S3|GraphQL|REST)\b"
)
WORDS = {3: "three", 4: "four", 5: "five"}


@dataclass(frozen=True)
class Story:
    task: str
    lead: str
    fenced: bool
    """Whether the whole story sits in a ```markdown block."""
    style: str
    """How criteria are written: `gherkin` (Scenario lines in a ```gherkin block), `plain`
    (Scenario lines, no block), `numbered` or `bullets` (one line each)."""
    heading: str
    """A section heading, `{}` its title."""
    title: str
    role: str
    wrong_role: str
    want: str
    benefit: str
    loose: str
    """The benefit as a sentence of its own, without "so that"."""
    scenarios: tuple[tuple[str, str, str, str], ...]
    """(name, given, when, then) for each criterion the task asks for."""
    extra: tuple[str, str, str, str]
    scale: tuple[int, ...]
    points: int
    wrong_points: int
    """A number just off the scale."""
    estimate: str
    """The estimate's line, `{}` the number."""
    out_of_scope: str
    notes: str
    """What a notes section says instead of an out-of-scope note."""
    leak: str
    """The implementation detail an answer slips into its first Then."""


STORIES = (
    Story(
        "Write a user story for low-stock alerts in our warehouse app, from the point of view of a warehouse "
        "manager. Give it 4 acceptance criteria, each in Given/When/Then form, an estimate in story points on our "
        "scale (1, 2, 3, 5, 8, 13), and a short out-of-scope note. Keep implementation details (APIs, databases "
        "and the like) out of it - the team decides those.",
        "Here's the user story:",
        False,
        "gherkin",
        "## {}",
        "Low-stock alerts",
        "warehouse manager",
        "warehouse supervisor",
        "to be alerted when an item's stock falls below its reorder level",
        "I can reorder before we run out",
        "That way I can reorder before we run out.",
        (
            (
                "Alert on crossing the level",
                "an item has a reorder level of 20",
                "its stock drops to 19",
                "I receive an alert naming the item and its current stock",
            ),
            (
                "No repeat alerts",
                "I have already been alerted about an item",
                "its stock drops further",
                "I am not alerted about it again that day",
            ),
            (
                "Alert clears on restock",
                "an item is on the low-stock list",
                "its stock is raised above the reorder level",
                "it disappears from the low-stock list",
            ),
            (
                "Level can be changed",
                "I am on an item's page",
                "I change its reorder level to 50",
                "alerts for that item use the new level from then on",
            ),
        ),
        ("Weekly summary", "it is Monday morning", "I open the dashboard", "I see every item that was low last week"),
        (1, 2, 3, 5, 8, 13),
        5,
        4,
        "**Estimate:** {} story points",
        "Automatic purchase orders to suppliers (a separate story).",
        "Designs for the alert banner are in the team's Figma file.",
        " through the stock-level API endpoint",
    ),
    Story(
        "I need a user story for saved carts on our online shop, written for a returning customer. Include "
        "exactly three acceptance criteria using Given/When/Then, estimate it in story points from the scale "
        "1, 2, 4, 8, 16, add a line on what's out of scope, and please no technical implementation detail.",
        "",
        False,
        "numbered",
        "**{}**",
        "Saved carts",
        "returning customer",
        "new customer",
        "my cart to be kept when I leave the shop",
        "I can finish my order later without searching for everything again",
        "This means I can finish my order later without searching for everything again.",
        (
            (
                "",
                "I am signed in and have three items in my cart",
                "I come back to the shop a day later",
                "the same three items are still in my cart",
            ),
            (
                "",
                "an item in my saved cart has sold out",
                "I open my cart",
                "the item is marked as unavailable and is not charged",
            ),
            (
                "",
                "an item in my saved cart has changed price",
                "I open my cart",
                "I see the new price next to the old one",
            ),
        ),
        ("", "my cart has been saved for 30 days", "I come back to the shop", "I am asked whether to keep the items"),
        (1, 2, 4, 8, 16),
        4,
        5,
        "Story points: {}",
        "Sharing a cart with another person is out of scope for this story.",
        "Marketing would like a reminder email eventually; ask Dana about timing.",
        ", as read back from the carts database",
    ),
    Story(
        "Please write an agile user story: a clinic receptionist wants automatic appointment reminders sent to "
        "patients. 5 acceptance criteria in Given/When/Then format, a story point estimate (we use 1, 2, 3, 5, 8), "
        "an out-of-scope note, and keep it about behaviour - nothing about how it's built.",
        "Sure - here it is in our usual template.",
        True,
        "bullets",
        "### {}",
        "Appointment reminders",
        "clinic receptionist",
        "practice manager",
        "patients to get a reminder before their appointment",
        "fewer appointments are missed",
        "It should mean fewer appointments are missed.",
        (
            (
                "Day-before reminder",
                "a patient has an appointment tomorrow at 10:00",
                "it is 10:00 today",
                "the patient gets a text message reminder",
            ),
            (
                "Opted out",
                "a patient has opted out of reminders",
                "their appointment is tomorrow",
                "no reminder is sent",
            ),
            (
                "Cancelled appointment",
                "an appointment has been cancelled",
                "the reminder time arrives",
                "no reminder is sent for it",
            ),
            (
                "Reply to cancel",
                "a patient has received a reminder",
                "they reply CANCEL",
                "the appointment is marked for me to call them back",
            ),
            (
                "Sent list",
                "reminders went out this morning",
                "I open today's list",
                "I can see which patients were reminded",
            ),
        ),
        (
            "Second reminder",
            "a patient has not confirmed",
            "it is two hours before the appointment",
            "a second reminder goes out",
        ),
        (1, 2, 3, 5, 8),
        8,
        6,
        "Estimate: {} points",
        "Reminders by email or post - text messages only for now.",
        "The wording of the text message will be agreed with the practice manager.",
        " by a nightly cron job",
    ),
    Story(
        "Write a user story for shared playlists in our music app, for a playlist owner who wants to let friends "
        "add songs. It needs 4 Given/When/Then acceptance criteria, an estimate from our story point scale "
        "(1, 2, 3, 5, 8, 13, 21), an out-of-scope note, and no implementation details.",
        "Below is a user story you can drop into the backlog.",
        False,
        "plain",
        "### {}",
        "Shared playlists",
        "playlist owner",
        "playlist follower",
        "to invite friends to add songs to my playlist",
        "we can build a playlist together for a trip",
        "Then we can build a playlist together for a trip.",
        (
            ("Invite a friend", "I own a playlist", "I invite a friend by username", "my friend can add songs to it"),
            ("Remove a song", "a friend has added a song", "I remove it", "it is gone from the playlist for everyone"),
            ("Who added what", "several people have added songs", "I open the playlist", "I see who added each song"),
            (
                "Revoke access",
                "a friend can add songs",
                "I remove them from the playlist",
                "they can no longer add songs",
            ),
        ),
        ("Limit on friends", "ten friends can add songs", "I try to invite an eleventh", "I am told the limit is ten"),
        (1, 2, 3, 5, 8, 13, 21),
        3,
        4,
        "Story points: **{}**",
        "Collaborative editing of the playlist's title and cover image.",
        "Check with legal whether shared playlists need a new consent screen.",
        " via a webhook to each friend's device",
    ),
)


def criterion_text(story: Story, at: int, scenario: tuple[str, str, str, str], given: bool) -> str:
    name, first, event, outcome = scenario
    if story.style in ("gherkin", "plain"):
        lines = [f"Scenario: {name}", *([f"  Given {first}"] if given else []), f"  When {event}", f"  Then {outcome}"]
        return "\n".join(lines)
    clauses = f"Given {first}, when {event}, then {outcome}." if given else f"When {event}, then {outcome}."
    return f"{at + 1}. {clauses}" if story.style == "numbered" else f"- **{name}:** {clauses}"


def build(story: Story, on: dict[str, bool]) -> str:
    role = story.role if on["role"] else story.wrong_role
    article = "an" if role[0] in "aeiou" else "a"
    said = f"As {article} {role}, I want {story.want}"
    said += f", so that {story.benefit}." if on["so_that"] else f". {story.loose}"
    scenarios = list(story.scenarios) + ([] if on["count"] else [story.extra])
    name, first, event, outcome = scenarios[0]
    scenarios[0] = (name, first, event, outcome + ("" if on["no_detail"] else story.leak))
    texts = [criterion_text(story, at, s, on["gwt"] or at != 1) for at, s in enumerate(scenarios)]
    joiner = "\n\n" if story.style in ("gherkin", "plain") else "\n"
    criteria = joiner.join(texts)
    if story.style == "gherkin":
        criteria = f"```gherkin\n{criteria}\n```"
    note = ("Out of scope", story.out_of_scope) if on["out_of_scope"] else ("Notes", story.notes)
    points = story.points if on["points"] else story.wrong_points
    blocks = [
        story.heading.format(f"User story: {story.title}"),
        said,
        story.heading.format("Acceptance criteria"),
        criteria,
        story.heading.format(note[0]),
        f"- {note[1]}",
        story.estimate.format(points),
    ]
    text = "\n\n".join(blocks)
    if story.fenced:
        text = f"```markdown\n{text}\n```"
    return f"{story.lead}\n\n{text}" if story.lead else text


# Reading a story -------------------------------------------------------------------------------


def lines_of(answer: str) -> list[str]:
    """The answer's lines without the fence lines."""
    return [line for line in answer.splitlines() if not line.strip().startswith("```")]


def heading_of(line: str) -> str | None:
    match = HEADING.match(line)
    return (match.group(1) or match.group(2)).strip() if match else None


def role_of(answer: str) -> str | None:
    match = STORY.search(answer)
    return match.group(1).strip().lower() if match else None


def story_line(answer: str) -> str:
    return next((line for line in lines_of(answer) if STORY.search(line)), "")


def acceptance_criteria(answer: str) -> list[str]:
    """The criteria under the "Acceptance criteria" heading, each its lines joined."""
    out: list[list[str]] = []
    inside = False
    for line in lines_of(answer):
        title = heading_of(line)
        if title is not None:
            inside = title.lower().startswith("acceptance criteria")
            continue
        if not inside or not line.strip():
            continue
        if START.match(line) or not out:
            out.append([])
        out[-1].append(line.strip())
    return [" ".join(lines) for lines in out]


def has_gwt(criterion: str) -> bool:
    return all(re.search(rf"\b{word}\b", criterion, re.IGNORECASE) for word in ("given", "when", "then"))


def estimate_of(answer: str) -> int | None:
    for line in lines_of(answer):
        if ESTIMATE.search(line) and (number := re.search(r"\d+", line)):
            return int(number.group())
    return None


def has_out_of_scope(answer: str) -> bool:
    return any(OUT.search(line) for line in lines_of(answer))


def candidates(rng: random.Random, story: Story, answer: str) -> list[Criterion]:
    count = len(story.scenarios)
    scale = ", ".join(str(n) for n in story.scale[:-1]) + f" or {story.scale[-1]}"
    found = acceptance_criteria(answer)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "role",
            role_of(answer) == story.role,
            (
                f'The "As a" line names the {story.role} as the user',
                f"Is written from the point of view of a {story.role}",
            ),
        ),
        (
            "so_that",
            re.search(r"\bso that\b", story_line(answer), re.IGNORECASE) is not None,
            (
                'The story sentence states the benefit in a "so that" clause',
                'Gives the reason in the story itself, as "so that ..."',
            ),
        ),
        (
            "count",
            len(found) == count,
            (
                f"Lists exactly {count} acceptance criteria",
                f"Has {WORDS[count]} acceptance criteria, no more and no fewer",
            ),
        ),
        (
            "gwt",
            bool(found) and all(has_gwt(c) for c in found),
            (
                "Every acceptance criterion has a Given, a When and a Then",
                "Each acceptance criterion is written in full Given/When/Then form",
            ),
        ),
        (
            "points",
            estimate_of(answer) in story.scale,
            (f"The story-point estimate is one of {scale}", f"Estimates the story on the {scale} scale"),
        ),
        (
            "out_of_scope",
            has_out_of_scope(answer),
            ("Says what is out of scope", "Includes a note on what the story does not cover (out of scope)"),
        ),
        (
            "no_detail",
            DETAIL.search(answer) is None,
            (
                "Mentions no implementation details such as APIs, databases or jobs",
                "Stays free of technical implementation detail",
            ),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("role", "so_that", "count", "gwt", "points", "out_of_scope", "no_detail")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, STORIES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

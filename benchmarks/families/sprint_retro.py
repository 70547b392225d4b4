"""Sprint retro family (fresh10): a sprint retrospective summary for the sprint a task describes (a
web shop team, a mobile team, a website team, a security features team), with What went well, What
didn't go well and Action items sections, every action item with an owner and a due date within
the next sprint, the number of action items the task asks for, no blame of a named person, a
velocity that matches the completed stories' points, a count of them and a link to the board, a
kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh10`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the summary in Markdown under a title, after a lead-in line or none and with a note
after it or none, its sections under headings (with emoji or not) or bold lines, the completed
stories before them or after, written right and then changed by switches: every section with its
items or one heading left out (its items run on under the one before), every action item with a
team member as owner or one with a team or nobody, every one with a date or one with none or
"ASAP", every date by the next sprint's end or one after it, the number of action items asked or
one more or one fewer, no team member named in what went well or wrong or one blamed, a stated
velocity that is the points' sum or not, a stated number of stories that is the list's or one off,
and the board's link or another sprint's or none. Every truth is a function of the answer's text:
the sections are read off by their headings with the bullet or numbered items under them, owners
found by the team's names, dates by pattern, points summed from the completed items, and the
velocity and the count read from the lines that are not items (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "sprint_retro"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
HEADING = re.compile(r"^\s*(?:#{1,4}\s+(.+?)|\*\*(.+?)\*\*:?)\s*$")
ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*\S)")
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
DAY_MONTH = re.compile(rf"\b(\d{{1,2}})\s+{MONTH}\b", re.IGNORECASE)
MONTH_DAY = re.compile(rf"\b{MONTH}\s+(\d{{1,2}})\b", re.IGNORECASE)
POINTS = re.compile(r"(\d+)\s*(?:pts?|points?|SP)\b", re.IGNORECASE)
VELOCITY = re.compile(r"velocity\W{0,4}(?:of\s+)?(\d+)", re.IGNORECASE)
NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
STORIES = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\w+\s+)?stories\b", re.IGNORECASE)


@dataclass(frozen=True)
class Retro:
    task: str
    text: str
    """The answer written right."""
    team: tuple[str, ...]
    actions: int
    """The number of action items the task asks for."""
    year: int
    due_by: date
    """The next sprint's last day."""
    board: str
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


RETROS = (
    Retro(
        "Write up our Sprint 14 retro (Team Falcon: Marco, Priya, Jun, Elif; sprint ran 2026-03-02 to 2026-03-13, "
        "next sprint ends 2026-03-27). Done: saved cards at checkout 5 pts, order history filters 3, flaky payment "
        "tests fix 2, email receipts 8, admin refund button 3. Good: saved cards shipped early, pairing on tests, "
        "no out-of-hours pages. Bad: stories waited on design sign-off, staging DB down Wednesday (Marco's "
        "migration, but keep it blameless), unplanned hotfix. Sections What went well / What didn't go well / "
        "Action items; exactly 3 action items, each with an owner and a due date within the next sprint; state "
        "the velocity and the number of stories; link the board: https://linear.app/falcon/cycle/14",
        """# Sprint 14 retro — Team Falcon

Sprint 14 ran 2026-03-02 to 2026-03-13. We finished 5 stories for a velocity of 21 points. Board: https://linear.app/falcon/cycle/14

## Completed

- Checkout: saved cards (5 pts)
- Order history filters (3 pts)
- Fix flaky payment tests (2 pts)
- Email receipts (8 pts)
- Admin refund button (3 pts)

## What went well

- Saved cards shipped two days early.
- Pairing on the payment tests cut review time.
- Nobody was paged out of hours.

## What didn't go well

- Two stories waited three days for design sign-off.
- The staging database was down on Wednesday.
- We pulled in an unplanned hotfix mid-sprint.

## Action items

- Book design reviews at sprint planning — owner: Priya, due 2026-03-18
- Add a health check and alert for the staging database — owner: Jun, due 2026-03-20
- Keep a 10% buffer for unplanned work — owner: Elif, due 2026-03-16""",
        ("Marco", "Priya", "Jun", "Elif"),
        3,
        2026,
        date(2026, 3, 27),
        "https://linear.app/falcon/cycle/14",
        (
            ("sections", "\n## What didn't go well\n\n", ""),
            ("owners", "— owner: Elif,", "— owner: the team,"),
            ("due", "Jun, due 2026-03-20", "Jun, due ASAP"),
            ("deadline", "Priya, due 2026-03-18", "Priya, due 2026-04-08"),
            (
                "count",
                "## Action items\n\n",
                "## Action items\n\n- Write a runbook for staging outages — owner: Marco, due 2026-03-25\n",
            ),
            (
                "no_blame",
                "- The staging database was down on Wednesday.",
                "- Marco pushed an untested migration and took staging down on Wednesday.",
            ),
            ("velocity", "velocity of 21 points", "velocity of 23 points"),
            ("stories", "finished 5 stories", "finished 6 stories"),
            ("board", "https://linear.app/falcon/cycle/14", "https://linear.app/falcon/cycle/13"),
        ),
    ),
    Retro(
        "Retro summary for Team Otter, Sprint 7 (2026-05-04 to 2026-05-15); the next sprint ends 2026-05-29. "
        "Team: Hana, Luis, Femi, Kasia, Tom. Completed: onboarding checklist UI (5), push notification settings "
        "(8), dark mode for settings (3), Android 12 crash fix (2). Went well: crash fix early, dark mode spec "
        "agreed fast. Didn't: push testing overran, release build failed twice on CI. I want What went well, "
        "What didn't go well and Action items sections, two action items with owners and due dates before the "
        "next sprint ends, the velocity and story count, no finger-pointing, and the Trello board "
        "https://trello.com/b/Xy12Ab/otter-sprint-7",
        """**Team Otter · Sprint 7 retrospective**

**Sprint 7** (2026-05-04 – 2026-05-15) · Velocity: 18 points · 4 stories done · [Sprint board](https://trello.com/b/Xy12Ab/otter-sprint-7)

**What went well**
- The Android crash fix landed on day two.
- Design and engineering agreed the dark mode spec in one session.

**What didn't go well**
- Push notification testing took longer than planned.
- The release build failed twice on CI.

**Action items**
- Write a push-notification test plan before the story starts — Owner: Femi — Due: 2026-05-20
- Cache CI dependencies to stabilise release builds — Owner: Luis — Due: 2026-05-22

**Completed**
- Onboarding checklist UI — 5 points
- Push notification settings — 8 points
- Dark mode for the settings screen — 3 points
- Crash fix on Android 12 — 2 points

Next retro: 2026-05-29.""",
        ("Hana", "Luis", "Femi", "Kasia", "Tom"),
        2,
        2026,
        date(2026, 5, 29),
        "https://trello.com/b/Xy12Ab/otter-sprint-7",
        (
            ("sections", "\n**What didn't go well**\n", ""),
            ("owners", "Owner: Femi", "Owner: QA"),
            ("due", "Due: 2026-05-22", "Due: when possible"),
            ("deadline", "Due: 2026-05-20", "Due: 2026-06-03"),
            (
                "count",
                "**Action items**\n",
                "**Action items**\n- Hold a mid-sprint scope check — Owner: Kasia — Due: 2026-05-19\n",
            ),
            (
                "no_blame",
                "- The release build failed twice on CI.",
                "- The release build failed twice because Luis skipped the CI checks.",
            ),
            ("velocity", "Velocity: 18 points", "Velocity: 16 points"),
            ("stories", "4 stories done", "5 stories done"),
            ("board", "otter-sprint-7)", "otter-sprint-6)"),
        ),
    ),
    Retro(
        "Please summarise the Sprint 22 retrospective for Team Kestrel (Noor, Ivan, Bea, Sam, Ade). Sprint: 7-18 "
        "September 2026, next one ends 2 October. Stories closed: search autocomplete 8 SP, cookie banner rework "
        "3, image lazy loading 5, 404 page redesign 2, sitemap generation 3, analytics events for sign-up 5. "
        "Positives: faster home page, smooth demo. Negatives: autocomplete spilled over again, QA started late "
        "(shared test environment), too many ad-hoc requests. Use What went well / What didn't go well / Action "
        "items, 4 action items with an owner and a due date by the end of next sprint, give velocity and the "
        "number of stories, keep it blameless, and link the board: "
        "https://dev.azure.com/kestrel/web/_sprints/taskboard/Sprint%2022",
        """Retro notes for Sprint 22:

### Sprint 22 summary
Sprint 22 (7–18 September): 6 stories closed, velocity 26 SP. Board: https://dev.azure.com/kestrel/web/_sprints/taskboard/Sprint%2022

### 📦 Closed this sprint
- Search autocomplete (8 SP)
- Cookie banner rework (3 SP)
- Image lazy loading (5 SP)
- 404 page redesign (2 SP)
- Sitemap generation (3 SP)
- Analytics events for sign-up (5 SP)

### 👍 What went well
- Lazy loading cut the home page load time by a third.
- The stakeholder demo went smoothly.

### 👎 What didn't go well
- Search autocomplete spilled over from last sprint again.
- QA started late because the test environment was shared.
- Too many ad-hoc requests arrived in the team channel.

### ✅ Action items
1. Split stories over 5 SP at refinement — Noor — by 2026-09-23
2. Book a second test environment — Ivan — by 2026-09-25
3. Route ad-hoc requests through a triage rota — Bea — by 2026-09-30
4. Share the retro notes with the design team — Sam — by 2026-09-21""",
        ("Noor", "Ivan", "Bea", "Sam", "Ade"),
        4,
        2026,
        date(2026, 10, 2),
        "https://dev.azure.com/kestrel/web/_sprints/taskboard/Sprint%2022",
        (
            ("sections", "\n### 👎 What didn't go well\n", ""),
            ("owners", "— Bea —", "— whole team —"),
            ("due", "by 2026-09-25", "by next sprint"),
            ("deadline", "by 2026-09-23", "by 2026-10-14"),
            ("count", "\n4. Share the retro notes with the design team — Sam — by 2026-09-21", ""),
            (
                "no_blame",
                "because the test environment was shared.",
                "because Ade kept the test environment booked all week.",
            ),
            ("velocity", "velocity 26 SP", "velocity 24 SP"),
            ("stories", "6 stories closed", "5 stories closed"),
            ("board", "Board: https://dev.azure.com/kestrel/web/_sprints/taskboard/Sprint%2022", "Board: in Azure"),
        ),
    ),
    Retro(
        "Can you turn our notes into a Sprint 3 retrospective for Heron (Olga, Ben, Rui, Mei)? Sprint ran 12-23 "
        "January 2026; the next sprint ends 6 February. Done: HRN-12 login rate limiting 5 pts, HRN-15 password "
        "reset emails 3, HRN-18 audit log export 8, HRN-21 session timeout setting 2, HRN-22 2FA QR code fix on "
        "Safari 1. Good: rate limiting went out cleanly, fast reviews. Bad: export underestimated, Safari tested "
        "only on the last day. Sections: What went well, What didn't go well, Action items (three, each with an "
        "owner and a due date before the next sprint ends). Velocity and story count please, no blame, and link "
        "the project board https://github.com/orgs/heron-labs/projects/3",
        """# Heron · Sprint 3 retrospective

Velocity: 19 pts across 5 stories (board: https://github.com/orgs/heron-labs/projects/3). Sprint dates: 12–23 January.

#### What went well
- Rate limiting went out without a single incident.
- Code reviews were turned around within a day.

#### What didn't go well
- The audit log export was underestimated by half.
- Safari testing happened only on the last day.

#### Action items
- Olga: add a Safari run to the CI matrix, due 28 Jan
- Rui: re-estimate the export epics with the team, due 30 Jan
- Mei: draft a definition of ready for large stories, due 3 Feb

#### Done this sprint
- HRN-12 Login rate limiting · 5 pts
- HRN-15 Password reset emails · 3 pts
- HRN-18 Audit log export · 8 pts
- HRN-21 Session timeout setting · 2 pts
- HRN-22 Fix 2FA QR code on Safari · 1 pt

Thanks all, see you at planning on Monday.""",
        ("Olga", "Ben", "Rui", "Mei"),
        3,
        2026,
        date(2026, 2, 6),
        "https://github.com/orgs/heron-labs/projects/3",
        (
            ("sections", "#### What went well\n", ""),
            ("owners", "- Rui: re-estimate", "- Re-estimate"),
            ("due", ", due 3 Feb", ""),
            ("deadline", "due 28 Jan", "due 28 Feb"),
            ("count", "#### Action items\n", "#### Action items\n- Ben: book a planning poker refresher, due 2 Feb\n"),
            (
                "no_blame",
                "only on the last day.",
                "only on the last day because Ben forgot to book the test devices.",
            ),
            ("velocity", "Velocity: 19 pts", "Velocity: 21 pts"),
            ("stories", "across 5 stories", "across 4 stories"),
            ("board", "heron-labs/projects/3)", "heron-labs/projects/2)"),
        ),
    ),
)


def build(retro: Retro, on: dict[str, bool]) -> str:
    return slipped(retro.text, retro.slips, on, retro.board)


# Reading a retro -------------------------------------------------------------------------------


def section_of(heading: str) -> str:
    name = heading.lower()
    if "action" in name:
        return "actions"
    if re.search(r"didn['’]?t|did not|went wrong", name):
        return "bad"
    if "went well" in name:
        return "good"
    return "done" if re.search(r"complete|done|closed|finished", name) else "other"


def sections(answer: str) -> list[tuple[str, list[str]]]:
    """(section, its items) in order; items above any heading are under "other"."""
    out: list[tuple[str, list[str]]] = [("other", [])]
    for line in answer.splitlines():
        if match := HEADING.match(line):
            out.append((section_of(match.group(1) or match.group(2)), []))
        elif item := ITEM.match(line):
            out[-1][1].append(item.group(1))
    return out


def items(answer: str, name: str) -> list[str]:
    return [item for section, found in sections(answer) if section == name for item in found]


def date_in(text: str, year: int) -> date | None:
    """The first date written in `text` (ISO, "28 Jan" or "Jan 28"), or None."""
    if match := ISO.search(text):
        return date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    if match := DAY_MONTH.search(text):
        return date(year, MONTHS.index(match.group(2).lower()) + 1, int(match.group(1)))
    if match := MONTH_DAY.search(text):
        return date(year, MONTHS.index(match.group(1).lower()) + 1, int(match.group(2)))
    return None


def named(text: str, team: tuple[str, ...]) -> bool:
    return any(re.search(rf"\b{name}\b", text) for name in team)


def stated(pattern: re.Pattern[str], answer: str) -> int | None:
    """The first number `pattern` finds on a line that is not an item."""
    found = next(
        (m.group(1) for line in answer.splitlines() if not ITEM.match(line) and (m := pattern.search(line))), None
    )
    if found is None:
        return None
    return int(found) if found.isdigit() else NUMBERS.index(found.lower())


WORDINGS = {
    "sections": (
        "Has What went well, What didn't go well and Action items sections, each with content",
        "Includes the three sections (What went well, What didn't go well, Action items), none of them empty",
    ),
    "owners": ("Every action item has an owner", "Each action item names the team member responsible for it"),
    "due": ("Every action item has a due date", "Each action item gives the date it is due"),
    "deadline": (
        "No action item has a due date after the end of the next sprint ({due_by})",
        "None of the action items is due later than {due_by}",
    ),
    "count": ("Lists exactly {count} action items", "Has {count} action items, no more and no fewer"),
    "no_blame": (
        "Does not blame any named person for what went wrong",
        "Stays blameless: no team member is singled out for a problem",
    ),
    "velocity": (
        "The stated velocity equals the sum of the completed stories' points",
        "The velocity given matches the story points of the completed stories",
    ),
    "stories": (
        "States how many stories were completed, and the number matches the list",
        "The number of completed stories given agrees with the stories listed",
    ),
    "board": ("Includes the link to the board given in the task", "Links to this sprint's board"),
}
"""Two wordings of each kind of criterion, filled from the retro."""


def truths(retro: Retro, answer: str) -> dict[str, bool]:
    found = sections(answer)
    actions = items(answer, "actions")
    dates = [day for item in actions if (day := date_in(item, retro.year))]
    points = [int(p[-1]) for item in items(answer, "done") if (p := POINTS.findall(item))]
    told = [item for section, listed in found if section != "actions" for item in listed]
    return {
        "sections": all(any(s == name and listed for s, listed in found) for name in ("good", "bad", "actions")),
        "owners": bool(actions) and all(named(item, retro.team) for item in actions),
        "due": bool(actions) and all(date_in(item, retro.year) for item in actions),
        "deadline": bool(dates) and max(dates) <= retro.due_by,
        "count": len(actions) == retro.actions,
        "no_blame": bool(told) and not any(named(item, retro.team) for item in told),
        "velocity": bool(points) and stated(VELOCITY, answer) == sum(points),
        "stories": bool(points) and stated(STORIES, answer) == len(points),
        "board": retro.board in answer,
    }


def candidates(rng: random.Random, retro: Retro, answer: str) -> list[Criterion]:
    filled = {"due_by": f"{retro.due_by:%Y-%m-%d}", "count": retro.actions}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(retro, answer).items()
    ]


SWITCHES = ("sections", "owners", "due", "deadline", "count", "no_blame", "velocity", "stories", "board")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, RETROS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

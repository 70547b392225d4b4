"""Onboarding checklist family (fresh10): a new employee's first-week onboarding plan for the hire a
task describes (a backend engineer, a product designer, a support agent, a data analyst who starts
on a Wednesday), its days in order under dated headings, a named owner for every task, the accounts
to set up, a meeting with the manager, no more tasks a day than the task allows, links to the
internal docs and a stated count of tasks, a kind of answer no grader was run on while any of its
rules was written. Run only as `--set fresh10`, never in `all`, `new`, `docs`, `held` or an earlier
fresh set.

An answer is the plan in Markdown under a title, after a lead-in line or none and with a note after
it or none, its days under headings or bold lines (each with its date, written as the subject
writes dates), written right and then changed by switches: the days in date order or two of them
swapped, every working day of the first week or the last one missing, no day before the start date
or one more (a pre-start task), every task with an owner from the team or one without (none, TBD,
a team's name), every account the task names or one swapped for another tool, a meeting with the
manager or the manager's task turned into a document to read, no day over the limit or one with a
task more, a stated count of tasks that is the plan's or one off, and a link to every internal doc
or one dropped or pointed elsewhere. Every truth is a function of the answer's text: the days are
the headings that carry a date, read with the bullet or numbered tasks under them, the owners found
after the word "owner", and the count read from the lines that are not tasks (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "onboarding_checklist"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
HEADING = re.compile(r"^\s*(?:#{1,4}\s+(.+?)|\*\*(.+?)\*\*:?)\s*$")
TASK = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.*\S)")
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
MONTH = r"(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
DAY_MONTH = re.compile(rf"\b(\d{{1,2}})\s+{MONTH}\b", re.IGNORECASE)
MONTH_DAY = re.compile(rf"\b{MONTH}\s+(\d{{1,2}})\b", re.IGNORECASE)
OWNER = re.compile(r"\b[Oo]wner:?\s+([A-Z]\w+)")
MEETING = re.compile(r"\b(?:1:1|one-on-one|1-on-1|meet|meeting|sit-down|catch-up|check-in)\b", re.IGNORECASE)
COUNT = re.compile(r"\b(\d+)\s+tasks\b", re.IGNORECASE)


@dataclass(frozen=True)
class Plan:
    task: str
    lead: str
    """The lead-in line, or none; `{count}` is the stated number of tasks."""
    title: str
    days: str
    """The first week written right, in date order: each day a heading line and its tasks, one a line,
    the days apart by a blank line."""
    summary: str
    """The line after the days, or none, with `{count}`."""
    note: str
    year: int
    start: date
    team: tuple[str, ...]
    manager: str
    accounts: tuple[str, ...]
    docs: tuple[tuple[str, str], ...]
    limit: int
    numbered: bool
    swap: tuple[int, int]
    early: tuple[str, str]
    """(a day before the start, its task), which an answer with one adds; `extra` (a day, a task) likewise."""
    extra: tuple[int, str]
    off_by: int
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


PLANS = (
    Plan(
        "Alex Kim joins Lumen as a backend engineer on Monday 2 March 2026. Draft Alex's first-week onboarding "
        "plan, day by day: give every task an owner (Dana Reyes is Alex's manager, Sam is the onboarding buddy, "
        "Priya handles IT and Tom is in HR), set up Google Workspace, Slack, GitHub and VPN accounts, include a "
        "proper meeting with Dana, keep it to 4 tasks a day at most, say how many tasks there are in total, and "
        "link our Engineering handbook (https://wiki.lumen.internal/eng/handbook) and Deploy guide "
        "(https://wiki.lumen.internal/eng/deploys).",
        "",
        "# Alex Kim: first week at Lumen",
        """## Monday 2 March
Collect laptop and badge at the front desk (owner: Tom)
Set up Google Workspace and Slack accounts (owner: Priya)
Welcome coffee with the team (owner: Sam)
1:1 with Dana: goals for the first 90 days (owner: Dana)

## Tuesday 3 March
Set up GitHub access and clone the main repos (owner: Sam)
Configure the VPN (owner: Priya)
Read the [Engineering handbook](https://wiki.lumen.internal/eng/handbook) (owner: Alex)

## Wednesday 4 March
Pair with Sam on a starter ticket (owner: Sam)
Security awareness training (owner: Tom)
Walk through the [Deploy guide](https://wiki.lumen.internal/eng/deploys) (owner: Sam)

## Thursday 5 March
Shadow the on-call engineer for the morning (owner: Sam)
Ship the starter ticket (owner: Alex)

## Friday 6 March
Team demo (owner: Sam)
End-of-week check-in with Sam (owner: Sam)""",
        "",
        "That's {count} tasks over the week, with Monday the busiest day.",
        2026,
        date(2026, 3, 2),
        ("Alex", "Dana", "Sam", "Priya", "Tom"),
        "Dana",
        ("Google Workspace", "Slack", "GitHub", "VPN"),
        (
            ("Engineering handbook", "https://wiki.lumen.internal/eng/handbook"),
            ("Deploy guide", "https://wiki.lumen.internal/eng/deploys"),
        ),
        4,
        False,
        (2, 3),
        ("## Friday 27 February", "Send the welcome email with first-day details (owner: Tom)"),
        (0, "Fill in the payroll and pension forms (owner: Tom)"),
        1,
        (
            ("owners", "Configure the VPN (owner: Priya)", "Configure the VPN"),
            ("accounts", "Set up GitHub access and clone the main repos", "Set up Jira access and read the backlog"),
            (
                "manager",
                "1:1 with Dana: goals for the first 90 days",
                "Read Dana's notes on goals for the first 90 days",
            ),
            ("links", "[Deploy guide](https://wiki.lumen.internal/eng/deploys)", "Deploy guide"),
        ),
    ),
    Plan(
        "Jonas Weber starts as a product designer at Fernhill on Monday 13 April 2026. Please write his "
        "onboarding checklist for week one, in order by day with dates. Each task needs an owner: Aisha Bello "
        "(his manager), Leo (IT), Marta (People team), Chen (design buddy) or Jonas himself. Accounts: Okta, "
        "Figma, Slack and Notion. He must meet Aisha during the week. No more than 3 tasks on any day. State "
        "the number of tasks. Link the Design system (https://notion.fernhill.io/design-system) and the Brand "
        "guidelines (https://notion.fernhill.io/brand) pages.",
        "Here is Jonas's first week: {count} tasks across five days.",
        "# Onboarding checklist: Jonas Weber, Product Designer",
        """### Day 1 — 2026-04-13 (Mon)
Pick up laptop and set up Okta single sign-on [Owner: Leo]
Office tour and lunch with the design team [Owner: Chen]
Meet Aisha: role expectations and first project [Owner: Aisha]

### Day 2 — 2026-04-14 (Tue)
Get Figma and Slack accounts [Owner: Leo]
Read the [Design system](https://notion.fernhill.io/design-system) [Owner: Jonas]
Sit in on the product critique [Owner: Chen]

### Day 3 — 2026-04-15 (Wed)
Set up Notion and join the design workspace [Owner: Leo]
Review the [Brand guidelines](https://notion.fernhill.io/brand) [Owner: Jonas]

### Day 4 — 2026-04-16 (Thu)
User research session with the research team [Owner: Chen]
Benefits and payroll walkthrough [Owner: Marta]
Start the first design task: onboarding screens [Owner: Jonas]

### Day 5 — 2026-04-17 (Fri)
Present first sketches to the design team [Owner: Jonas]
Weekly design sync [Owner: Chen]""",
        "",
        "",
        2026,
        date(2026, 4, 13),
        ("Jonas", "Aisha", "Leo", "Marta", "Chen"),
        "Aisha",
        ("Okta", "Figma", "Slack", "Notion"),
        (
            ("Design system", "https://notion.fernhill.io/design-system"),
            ("Brand guidelines", "https://notion.fernhill.io/brand"),
        ),
        3,
        False,
        (1, 2),
        ("### Day 0 — 2026-04-10 (Fri)", "Send the welcome pack and first-day schedule [Owner: Marta]"),
        (1, "Sign the equipment agreement [Owner: Marta]"),
        -1,
        (
            ("owners", "Sit in on the product critique [Owner: Chen]", "Sit in on the product critique [Owner: TBD]"),
            ("accounts", "Set up Notion and join", "Set up Miro and join"),
            ("manager", "Meet Aisha: role expectations", "Aisha's doc on role expectations"),
            ("links", "(https://notion.fernhill.io/brand)", "(https://www.fernhill.io/brand)"),
        ),
    ),
    Plan(
        "Our new support agent, Sara Okoye, starts at Brightdesk on Monday 6 July 2026. I need her first-week "
        "onboarding plan: days in order, an owner on every task (Ben Cole is her manager, Raj does IT, Nina "
        "does HR, Ola is her buddy), accounts for Google Workspace, Zendesk, Slack and 1Password, a one-on-one "
        "with Ben, a maximum of 4 tasks per day, the total number of tasks, and links to the Support playbook "
        "(https://intranet.brightdesk.com/support/playbook) and the Refund policy "
        "(https://intranet.brightdesk.com/policies/refunds). Nothing before her start date.",
        "Sure! Here's Sara's first week, one day at a time.",
        "# Sara Okoye — onboarding, week 1",
        """**Monday, July 6**
Laptop, badge and Google Workspace login — owner: Raj
Welcome session with the People team — owner: Nina
One-on-one with Ben about goals and shifts — owner: Ben

**Tuesday, July 7**
Zendesk and Slack accounts, plus the support macros — owner: Raj
Read the [Support playbook](https://intranet.brightdesk.com/support/playbook) — owner: Sara
Shadow Ola on live chat — owner: Ola
Product basics course, part 1 — owner: Ola

**Wednesday, July 8**
Set up 1Password and the shared support vault — owner: Raj
Product basics course, part 2 — owner: Ola
Answer first tickets with Ola reviewing — owner: Ola

**Thursday, July 9**
Study the [Refund policy](https://intranet.brightdesk.com/policies/refunds) — owner: Sara
Take the phone queue for an hour with Ola listening — owner: Ola

**Friday, July 10**
Quality review of the week's tickets — owner: Ola
Team huddle and wins of the week — owner: Ola""",
        "**Total:** {count} tasks",
        "Shifts start at 9:00 every day this week.",
        2026,
        date(2026, 7, 6),
        ("Sara", "Ben", "Raj", "Nina", "Ola"),
        "Ben",
        ("Google Workspace", "Zendesk", "Slack", "1Password"),
        (
            ("Support playbook", "https://intranet.brightdesk.com/support/playbook"),
            ("Refund policy", "https://intranet.brightdesk.com/policies/refunds"),
        ),
        4,
        False,
        (1, 3),
        ("**Friday, July 3 (before day one)**", "Courier the laptop and headset to Sara — owner: Raj"),
        (1, "Set up the headset and softphone — owner: Raj"),
        2,
        (
            ("owners", "Product basics course, part 2 — owner: Ola", "Product basics course, part 2"),
            ("accounts", "Set up 1Password and", "Set up LastPass and"),
            ("manager", "One-on-one with Ben about goals and shifts", "Ben emails you your goals and shifts"),
            (
                "links",
                "[Refund policy](https://intranet.brightdesk.com/policies/refunds)",
                "Refund policy (ask Ola for the link)",
            ),
        ),
    ),
    Plan(
        "Tomás Ruiz joins Northwind's analytics team as a data analyst on Wednesday 1 April 2026, so his first "
        "week runs Wednesday to the following Tuesday. Write the onboarding plan: each day with its date, in "
        "order; an owner per task (Grace Liu, his manager; Omar, IT; Elena, HR; Kofi, buddy; or Tomás); "
        "accounts for Slack, Snowflake, Tableau and GitHub; a 1:1 with Grace; at most 3 tasks per day; the "
        "number of tasks; links to the Data dictionary (https://confluence.northwind.local/data/dictionary) "
        "and the SQL style guide (https://confluence.northwind.local/data/sql-style).",
        "{count} tasks, at most 3 a day:",
        "# Tomás Ruiz · onboarding plan",
        """#### Day 1: Wednesday 1 April
Laptop and Slack setup (owner Omar)
HR induction and contract signing (owner Elena)
Lunch with Kofi and the analytics team (owner Kofi)

#### Day 2: Thursday 2 April
Snowflake and Tableau access (owner Omar)
Read the [Data dictionary](https://confluence.northwind.local/data/dictionary) (owner Tomás)
1:1 with Grace on first-quarter priorities (owner Grace)

#### Day 3: Friday 3 April
GitHub access and the analytics repo walkthrough (owner Kofi)
Work through the [SQL style guide](https://confluence.northwind.local/data/sql-style) (owner Tomás)

#### Day 4: Monday 6 April
First dashboard fix, paired with Kofi (owner Kofi)
Data privacy training (owner Elena)
Stakeholder intro call with the sales ops team (owner Kofi)

#### Day 5: Tuesday 7 April
Present the dashboard fix at the analytics stand-up (owner Tomás)""",
        "",
        "",
        2026,
        date(2026, 4, 1),
        ("Tomás", "Grace", "Omar", "Elena", "Kofi"),
        "Grace",
        ("Slack", "Snowflake", "Tableau", "GitHub"),
        (
            ("Data dictionary", "https://confluence.northwind.local/data/dictionary"),
            ("SQL style guide", "https://confluence.northwind.local/data/sql-style"),
        ),
        3,
        True,
        (2, 3),
        ("#### Day 0: Tuesday 31 March", "Ship the laptop to Tomás's home (owner Omar)"),
        (0, "Building access and parking permit (owner Elena)"),
        1,
        (
            ("owners", "Data privacy training (owner Elena)", "Data privacy training (owner HR)"),
            ("accounts", "Snowflake and Tableau access", "Snowflake and Looker access"),
            ("manager", "1:1 with Grace on first-quarter priorities", "Grace's first-quarter priorities doc to read"),
            (
                "links",
                "(https://confluence.northwind.local/data/sql-style)",
                "(https://confluence.northwind.local/data/dictionary)",
            ),
        ),
    ),
)


def build(plan: Plan, on: dict[str, bool]) -> str:
    days = [(day[0], day[1:]) for day in (block.split("\n") for block in plan.days.split("\n\n"))]
    if not on["limit"]:
        days[plan.extra[0]][1].append(plan.extra[1])
    if not on["week"]:
        days.pop()
    if not on["order"]:
        first, second = plan.swap
        days[first], days[second] = days[second], days[first]
    if not on["no_early"]:
        days.insert(0, (plan.early[0], [plan.early[1]]))
    body = "\n\n".join(
        head + "\n\n" + "\n".join(f"{at}. {task}" if plan.numbered else f"- {task}" for at, task in enumerate(tasks, 1))
        for head, tasks in days
    )
    body = slipped(body, plan.slips, on, plan.title)
    count = sum(len(tasks) for _, tasks in days) + (0 if on["count"] else plan.off_by)
    blocks = [plan.lead, plan.title, body, plan.summary, plan.note]
    return "\n\n".join(block.replace("{count}", str(count)) for block in blocks if block)


# Reading a plan ------------------------------------------------------------------------------


def date_in(text: str, year: int) -> date | None:
    """The first date written in `text` (ISO, "2 March" or "July 6"), or None."""
    if match := ISO.search(text):
        return date(int(match.group(1)), int(match.group(2)), int(match.group(3)))
    if match := DAY_MONTH.search(text):
        return date(year, MONTHS.index(match.group(2).lower()) + 1, int(match.group(1)))
    if match := MONTH_DAY.search(text):
        return date(year, MONTHS.index(match.group(1).lower()) + 1, int(match.group(2)))
    return None


def days(answer: str, year: int) -> list[tuple[date, list[str]]]:
    """(the date, its tasks) for every heading that carries a date; the tasks are the bullet or
    numbered lines under it, up to the next heading."""
    out: list[tuple[date | None, list[str]]] = []
    for line in answer.splitlines():
        if match := HEADING.match(line):
            out.append((date_in(match.group(1) or match.group(2), year), []))
        elif out and (task := TASK.match(line)):
            out[-1][1].append(task.group(1))
    return [(day, tasks) for day, tasks in out if day is not None]


def working_days(start: date) -> list[date]:
    out, day = [], start
    while len(out) < 5:
        if day.weekday() < 5:
            out.append(day)
        day += timedelta(days=1)
    return out


def owner(task: str, team: tuple[str, ...]) -> bool:
    return any(name in team for name in OWNER.findall(task))


def stated_count(answer: str) -> int | None:
    match = next((m for line in answer.splitlines() if not TASK.match(line) and (m := COUNT.search(line))), None)
    return int(match.group(1)) if match else None


WORDINGS = {
    "order": ("The days are in chronological order", "Lists the days of the week in date order"),
    "week": (
        "Covers each of the five working days of the first week",
        "Has a plan for every working day of the first week, {first} to {last}",
    ),
    "no_early": (
        "No task is scheduled before the start date ({start})",
        "Does not put any task before {name}'s first day",
    ),
    "owners": ("Every task names an owner", "Each task has a named person responsible for it"),
    "accounts": ("Includes setting up {accounts}", "Covers account setup for {accounts}"),
    "manager": (
        "Schedules a meeting between {name} and their manager, {manager}",
        "Includes a one-to-one meeting with {manager}",
    ),
    "limit": ("No day has more than {limit} tasks", "Keeps every day to {limit} tasks or fewer"),
    "count": (
        "States the total number of tasks, and it matches the plan",
        "The number of tasks given agrees with how many tasks are listed",
    ),
    "links": ("Links to the {docs}", "Includes a link to each internal doc the task mentions ({docs})"),
}
"""Two wordings of each kind of criterion, filled from the plan (`values`)."""


def values(plan: Plan) -> dict[str, object]:
    first, *_, last = working_days(plan.start)
    return {
        "first": f"{first:%A}",
        "last": f"{last:%A}",
        "start": f"{plan.start:%A} {plan.start.day} {plan.start:%B}",
        "name": plan.team[0],
        "accounts": ", ".join(plan.accounts[:-1]) + " and " + plan.accounts[-1],
        "manager": plan.manager,
        "limit": plan.limit,
        "docs": " and ".join(name for name, _ in plan.docs),
    }


def truths(plan: Plan, answer: str) -> dict[str, bool]:
    found = days(answer, plan.year)
    dates = [day for day, _ in found]
    tasks = [task for _, listed in found for task in listed]
    return {
        "order": len(dates) > 1 and all(a < b for a, b in zip(dates, dates[1:], strict=False)),
        "week": all(any(day == want and listed for day, listed in found) for want in working_days(plan.start)),
        "no_early": bool(dates) and min(dates) >= plan.start,
        "owners": bool(tasks) and all(owner(task, plan.team) for task in tasks),
        "accounts": all(any(account in task for task in tasks) for account in plan.accounts),
        "manager": any(plan.manager in task and MEETING.search(task) for task in tasks),
        "limit": bool(found) and all(len(listed) <= plan.limit for _, listed in found),
        "count": bool(tasks) and stated_count(answer) == len(tasks),
        "links": all(url in answer for _, url in plan.docs),
    }


def candidates(rng: random.Random, plan: Plan, answer: str) -> list[Criterion]:
    filled = values(plan)
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(plan, answer).items()
    ]


SWITCHES = ("order", "week", "no_early", "owners", "accounts", "manager", "limit", "count", "links")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, PLANS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

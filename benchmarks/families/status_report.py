"""Status report family (fresh8): a team's weekly status report from the notes a task gives (a
payments team, a mobile app team, a data platform team, a website team), with its Done, In
progress, Blocked and Next week sections, an overall status, a summary that counts what was
finished, owners, dates and a time split in percentages, a kind of answer no grader was run on
while any of its rules was written. Run only as `--set fresh8`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the report in Markdown, after a lead-in line or none, its sections under headings or
bold labels, written right and then changed by switches: the sections in the order the task asks
or Next week before Blocked, the number of finished items in the summary the length of the Done
list or one more, an owner for every item in progress or one left without, what every blocked
item waits on or one that does not say, every date as YYYY-MM-DD or one written another way, no
ticket number or one copied from the notes, no more items for next week than the task allows or
one more, a time split adding to 100% or to 5% more or less, and an overall Green, Amber or Red
or a status in other words. Every truth is a function of the answer's text: the sections are read
off by their headings with their bullet items, the lines above them read for the status and the
summary, and the percentages, dates and ticket numbers found by pattern (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "status_report"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ORDER = ("done", "progress", "blocked", "next")
NAMES = {"done": "done", "in progress": "progress", "blocked": "blocked", "next week": "next"}
"""A section's heading, stripped of marks and lowercased -> the section."""
ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.*\S)")
STATUS = re.compile(r"\b(?:green|amber|red)\b", re.IGNORECASE)
COUNT = re.compile(
    r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:\w+\s+)?(?:items|tasks|things)\b", re.IGNORECASE
)
NUMBERS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
WAITS = re.compile(r"\b(?:waiting|waits|blocked (?:on|by)|depends on|until|pending)\b", re.IGNORECASE)
ISO = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
OTHER_DATE = re.compile(
    r"\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2}\b|\b\d{1,2} (?:Jan|Feb|Mar|Apr|May|Jun|"
    r"Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b|\b\d{1,2}/\d{1,2}(?:/\d{2,4})?\b"
)
TICKET = re.compile(r"\b[A-Z][A-Z0-9]*-\d+\b")
PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s?%")


@dataclass(frozen=True)
class Report:
    task: str
    lead: str
    top: str
    """The title, the overall status, the summary and the time split, written right."""
    headings: tuple[str, str, str, str]
    """The headings of Done, In progress, Blocked and Next week as written."""
    items: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    """Each section's items written right."""
    extra: str
    """The item an answer with too many for next week adds."""
    team: tuple[str, ...]
    limit: int
    """The most items next week may have."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


REPORTS = (
    Report(
        "Write the Payments team's weekly status report for the week of 2026-03-09 from my notes. Sections Done, "
        "In progress, Blocked, Next week, in that order. Start with an overall status (Green, Amber or Red) and a "
        "summary saying how many items we finished. Every in-progress item needs an owner and a percentage, every "
        "blocked item should say what it is waiting on, dates as YYYY-MM-DD, at most 3 items for next week, add "
        "the time split (it has to add up to 100%), and leave the ticket numbers out - this goes to the VP. "
        "Notes: done - card vault moved to the new KMS (Priya), refund webhooks retry (Marco), PCI scan passed "
        "(Dana), latency alert on the dashboard (Lee). In progress - refunds API v2 PAY-1432, 60%, Marco, due "
        "March 20; 3DS2 checkout PAY-1460, 35%, Priya, due March 27. Blocked - Apple Pay cert renewal (Dana), "
        "Security has to issue the new key. Next week - refunds load test, 3DS2 design review, Q2 roadmap draft, "
        "key rotation runbook with Security. Time: 55% roadmap, 30% maintenance, 15% support.",
        "Here's this week's report:",
        "# Payments - weekly status, week of 2026-03-09\n\n**Overall status:** Green\n"
        "**Summary:** We finished 4 items this week, and the refunds API is on track for 2026-03-20.\n"
        "**Time split:** 55% roadmap, 30% maintenance, 15% support",
        ("## Done", "## In progress", "## Blocked", "## Next week"),
        (
            (
                "Moved the card vault to the new KMS (Priya)",
                "Refund webhooks now retry on failure (Marco)",
                "Passed the quarterly PCI scan (Dana)",
                "Added a latency alert to the payments dashboard (Lee)",
            ),
            (
                "Refunds API v2: 60%, owner: Marco, due 2026-03-20",
                "3DS2 checkout flow: 35%, owner: Priya, due 2026-03-27",
            ),
            ("Apple Pay certificate renewal (Dana): waiting on Security to issue the new key",),
            ("Run the refunds API load test", "Hold the 3DS2 design review", "Draft the Q2 roadmap"),
        ),
        "Write the key rotation runbook with Security",
        ("Priya", "Marco", "Dana", "Lee"),
        3,
        (
            ("count", "finished 4 items", "finished 5 items"),
            ("owners", ", owner: Priya, due", ", due"),
            ("blocked", " (Dana): waiting on Security to issue the new key", " (Dana)"),
            ("dates", "due 2026-03-20", "due March 20"),
            ("no_tickets", "Refunds API v2:", "Refunds API v2 (PAY-1432):"),
            ("split", "15% support", "20% support"),
            ("status", "**Overall status:** Green", "**Overall status:** On track"),
        ),
    ),
    Report(
        "Can you turn these notes into the mobile team's status report for the week ending 2026-05-15? Use the "
        "sections Done, In progress, Blocked and Next week in that order, open with a Green/Amber/Red status and a "
        "one-line summary with the number of things we shipped, put an owner on each in-progress item, say what "
        "each blocker is waiting for, YYYY-MM-DD for dates, no more than 3 next-week items, a time split that sums "
        "to 100%, and no Jira keys. Shipped: offline mode for iOS (Aisha), crash fix on Android 14 (Tom), new "
        "onboarding screens (Bea). In progress: MOB-881 push notification settings, 70%, Ren, target 2026-05-22; "
        "MOB-902 tablet layout, 20%, Tom. Blocked: App Store review of 4.2 (Aisha) - Apple asked for a demo "
        "account; in-app purchase tests (Bea) - need the sandbox account from Finance. Next week: release 4.2, "
        "start the widget spike, accessibility audit, update the screenshots. Time: 50% features, 35% bugs, 15% "
        "release work.",
        "",
        "# Mobile app status (week ending 2026-05-15)\n\nStatus: **Amber**. Three items shipped this week, but "
        "the 4.2 release is waiting on Apple.\n\nTime split: 50% features / 35% bugs / 15% release work.",
        ("### ✅ Done", "### 🔄 In progress", "### ⛔ Blocked", "### 🔜 Next week"),
        (
            ("Offline mode for iOS (Aisha)", "Crash fix for Android 14 (Tom)", "New onboarding screens (Bea)"),
            ("Push notification settings - 70% - Ren - target 2026-05-22", "Tablet layout - 20% - Tom"),
            (
                "App Store review of 4.2 (Aisha) - waiting for us to send Apple a demo account",
                "In-app purchase tests (Bea) - waiting on Finance for the sandbox account",
            ),
            ("Release 4.2", "Start the home screen widget spike", "Run the accessibility audit"),
        ),
        "Update the store screenshots",
        ("Aisha", "Tom", "Ren", "Bea"),
        3,
        (
            ("count", "Three items shipped", "Four items shipped"),
            ("owners", "Tablet layout - 20% - Tom", "Tablet layout - 20%"),
            ("blocked", " (Bea) - waiting on Finance for the sandbox account", " (Bea)"),
            ("dates", "target 2026-05-22", "target 22/05"),
            ("no_tickets", "Push notification settings -", "MOB-881 Push notification settings -"),
            ("split", "15% release work", "10% release work"),
            ("status", "Status: **Amber**.", "Status: **Mostly on track**."),
        ),
    ),
    Report(
        "Please write the data platform team's weekly status for the week of 2026-10-05. Sections in this order: "
        "Done, In progress, Blocked, Next week. Overall status as Green, Amber or Red, and a summary line with the "
        "number of tasks completed. Owner and percent complete on every in-progress item, what each blocked item "
        "depends on, dates in YYYY-MM-DD, no more than 3 items under Next week, a time split that adds to 100%, "
        "and no ticket IDs. Done: Kafka upgraded to 3.7 (Olu), nightly dbt run moved to Airflow (Mei). In "
        "progress: warehouse migration DATA-310, 45%, Jonas, due Oct 30; PII tagging, 80%, Sara. Blocked: "
        "Snowflake cost alerts (Mei) - needs admin rights from IT. Next week: migration dry run, PII tagging "
        "sign-off, on-call handover, retire the old cron box. Time: 40% migration, 40% on-call, 20% platform.",
        "Weekly status below.",
        "**Data Platform - week of 2026-10-05**\n\n**Overall:** RED - the warehouse migration has slipped a week.\n\n"
        "Summary: 2 tasks completed; migration at 45%.\n\n"
        "Time split: migration 40%, on-call 40%, platform work 20%.",
        ("**Done**", "**In progress**", "**Blocked**", "**Next week**"),
        (
            ("Upgraded Kafka to 3.7 (Olu)", "Moved the nightly dbt run to Airflow (Mei)"),
            ("Warehouse migration, 45% (Jonas), due 2026-10-30", "PII tagging, 80% (Sara)"),
            ("Snowflake cost alerts (Mei), blocked on IT granting admin rights",),
            ("Migration dry run", "PII tagging sign-off", "On-call handover"),
        ),
        "Retire the old cron box",
        ("Olu", "Mei", "Jonas", "Sara"),
        3,
        (
            ("count", "2 tasks completed", "3 tasks completed"),
            ("owners", "Warehouse migration, 45% (Jonas),", "Warehouse migration, 45%,"),
            ("blocked", " (Mei), blocked on IT granting admin rights", " (Mei), still blocked"),
            ("dates", "due 2026-10-30", "due Oct 30"),
            ("no_tickets", "Warehouse migration, 45%", "Warehouse migration (DATA-310), 45%"),
            ("split", "on-call 40%", "on-call 45%"),
            ("status", "**Overall:** RED - the", "**Overall:** Behind - the"),
        ),
    ),
    Report(
        "Write a weekly status report for the website team, week of 2026-06-22: Done, In progress, Blocked, Next "
        "week (that order), an overall Green/Amber/Red, a summary with how many items are done, owners on the "
        "in-progress work, what each blocked item is waiting on, ISO dates (YYYY-MM-DD), no more than 4 items for "
        "next week, our time split (must total 100%) and no ticket numbers. Done: new pricing page (Chloe), image "
        "CDN switched on (Raj), cookie banner fix (Ines). In progress: blog redesign WEB-77, 50%, Chloe, launch "
        "July 6; site search, 30%, Raj. Blocked: careers page (Ines), HR still owes the copy. Next: blog QA, "
        "search relevance tuning, pricing page A/B test, Lighthouse audit, footer links. Time: 60% projects, "
        "25% fixes, 15% content.",
        "Sure, here it is:",
        "## Website team: week of 2026-06-22\n\n- **Overall:** Green\n- **Summary:** 3 items done, "
        "and the blog redesign is halfway.\n- **Time split:** 60% projects, 25% fixes, 15% content",
        ("## ✅ Done", "## 🚧 In progress", "## 🛑 Blocked", "## ➡️ Next week"),
        (
            ("New pricing page (Chloe)", "Image CDN switched on (Raj)", "Cookie banner fix (Ines)"),
            ("Blog redesign (owner Chloe): 50%, launch 2026-07-06", "Site search (owner Raj): 30%"),
            ("Careers page (Ines): waiting on HR for the copy",),
            ("Blog QA", "Search relevance tuning", "Pricing page A/B test", "Lighthouse audit"),
        ),
        "Tidy up the footer links",
        ("Chloe", "Raj", "Ines"),
        4,
        (
            ("count", "3 items done", "4 items done"),
            ("owners", "Site search (owner Raj):", "Site search:"),
            ("blocked", " (Ines): waiting on HR for the copy", " (Ines): on hold"),
            ("dates", "launch 2026-07-06", "launch July 6"),
            ("no_tickets", "Blog redesign (owner", "Blog redesign WEB-77 (owner"),
            ("split", "25% fixes", "20% fixes"),
            ("status", "**Overall:** Green", "**Overall:** Good"),
        ),
    ),
)


def build(report: Report, on: dict[str, bool]) -> str:
    order = (0, 1, 2, 3) if on["order"] else (0, 1, 3, 2)
    blocks = [report.lead, report.top]
    for at in order:
        items = [*report.items[at], *([report.extra] if at == 3 and not on["next_limit"] else [])]
        blocks.append(report.headings[at] + "\n\n" + "\n".join(f"- {item}" for item in items))
    text = "\n\n".join(block for block in blocks if block)
    return slipped(text, report.slips, on, report.team[0])


# Reading a report ----------------------------------------------------------------------------


def section_of(line: str) -> str | None:
    """The section a heading or bold label line starts, or None."""
    name = re.sub(r"[#*_:]", "", line).strip()
    return NAMES.get(re.sub(r"^[^A-Za-z]+", "", name).strip().lower())


def sections(answer: str) -> list[tuple[str, list[str]]]:
    """(section, its items) for every section, in order; the items are the bullets under it."""
    out: list[tuple[str, list[str]]] = []
    for line in answer.splitlines():
        if found := section_of(line):
            out.append((found, []))
        elif line.lstrip().startswith("#"):
            out.append(("", []))
        elif out and (match := ITEM.match(line)):
            out[-1][1].append(match.group(1))
    return [(name, items) for name, items in out if name]


def items(answer: str, section: str) -> list[str]:
    return next((found for name, found in sections(answer) if name == section), [])


def top(answer: str) -> str:
    """The lines above the first section."""
    lines = answer.splitlines()
    first = next((at for at, line in enumerate(lines) if section_of(line)), len(lines))
    return "\n".join(lines[:first])


def stated_count(text: str) -> int | None:
    match = COUNT.search(text)
    if not match:
        return None
    word = match.group(1).lower()
    return int(word) if word.isdigit() else NUMBERS.index(word)


def split_total(answer: str) -> float | None:
    """The sum of the percentages on the first line that gives three or more."""
    for line in answer.splitlines():
        found = PERCENT.findall(line)
        if len(found) >= 3:
            return sum(float(value) for value in found)
    return None


def owned(item: str, team: tuple[str, ...]) -> bool:
    return any(re.search(rf"\b{name}\b", item, re.IGNORECASE) for name in team)


def candidates(rng: random.Random, report: Report, answer: str) -> list[Criterion]:
    found, head = sections(answer), top(answer)
    done, doing, blocked, coming = (items(answer, name) for name in ORDER)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "order",
            [name for name, _ in found] == list(ORDER),
            (
                "The sections come in the order Done, In progress, Blocked, Next week",
                "Has the four sections Done, In progress, Blocked and Next week, in that order",
            ),
        ),
        (
            "count",
            bool(done) and stated_count(head) == len(done),
            (
                "The number of finished items given in the summary matches the Done list",
                "The summary's count of completed items agrees with how many are listed under Done",
            ),
        ),
        (
            "owners",
            bool(doing) and all(owned(item, report.team) for item in doing),
            ("Every in-progress item names an owner", "Each item under In progress has an owner"),
        ),
        (
            "blocked",
            bool(blocked) and all(WAITS.search(item) for item in blocked),
            ("Says what each blocked item is waiting on", "Every blocked item states what it depends on"),
        ),
        (
            "dates",
            ISO.search(answer) is not None and OTHER_DATE.search(answer) is None,
            ("All dates are written as YYYY-MM-DD", "Every date in the report uses the ISO format (YYYY-MM-DD)"),
        ),
        (
            "no_tickets",
            TICKET.search(answer) is None,
            ("Does not include any ticket numbers", "No ticket IDs appear anywhere in the report"),
        ),
        (
            "next_limit",
            0 < len(coming) <= report.limit,
            (f"Lists at most {report.limit} items for next week", f"Next week has no more than {report.limit} items"),
        ),
        (
            "split",
            split_total(answer) == 100,
            ("The time split percentages add up to 100%", "The percentages in the time split sum to exactly 100"),
        ),
        (
            "status",
            STATUS.search(head) is not None,
            (
                "Gives an overall status of Green, Amber or Red before the sections",
                "Opens with an overall RAG status (Green, Amber or Red)",
            ),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("order", "count", "owners", "blocked", "dates", "no_tickets", "next_limit", "split", "status")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, REPORTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

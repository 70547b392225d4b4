"""Postmortem family (fresh13): the blameless postmortem of the incident a task describes (checkout
failing after a release, an expired TLS certificate, order emails stuck in a queue, uploads refused
at a storage quota): a summary, the impact in figures, a UTC timeline, the root cause, and action
items with an owner and a due date each, a kind of answer no grader was run on while any of its
rules was written. Run only as `--set fresh13`, never in `all`, `new`, `docs`, `held` or an earlier
fresh set.

An answer is the postmortem in Markdown (headings named in several ways, the timeline and the action
items as bullets or tables), written right and then changed by switches: every timeline entry in UTC
or one in local time or with no zone, the entries in order or one out of it, a stated duration that
is the span from the entry where impact starts to the one where it ends or not, an impact percentage
right for its counts or not, a root cause in substance or a placeholder, every action item with an
owner or one without, every due date an ISO date or one not (a phrase, day-first, a day the month
lacks), no one blamed by name or a sentence that does, and the alerting action asked for or another.
Every truth is read from the text: sections by their headings, timeline entries as the bullets or
table rows under its heading, their times put in UTC by their zone; the impact's first `N of M` and
the percentage on its line; action items from a table's rows by its headings or from bullets, with
`owner` and `due` by pattern (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "postmortem"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
HEADING = re.compile(r"^\s*(?:#{1,6}\s+(?P<hash>.+?)|\*\*(?P<bold>[^*]+)\*\*:?)\s*$")
ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?:\[[ xX]\]\s+)?(.+)$")
SEPARATOR = re.compile(r":?-{2,}:?")
ZONES = {"Z": 0, "UTC": 0, "GMT": 0, "CET": 1, "CEST": 2, "BST": 1, "EST": -5, "EDT": -4, "PST": -8, "PDT": -7}
TIME = re.compile(rf"(?:(\d{{4}}-\d\d-\d\d)[ T])?\b(\d{{1,2}}):(\d\d)(?::\d\d)?(?:\s*({'|'.join(ZONES)})\b)?")
START = re.compile(r"\b(?:impact|outage)\s+(?:starts|begins|began|started)\b|\bstart of (?:impact|outage)\b", re.I)
END = re.compile(r"\b(?:impact|outage)\s+(?:ends|ended)\b|\bend of (?:impact|outage)\b", re.I)
HOURS = re.compile(r"(\d+)\s*(?:h|hrs?|hours?)\b", re.I)
MINUTES = re.compile(r"(\d+)\s*(?:m|mins?|minutes?)\b", re.I)
NUMBER = r"(\d{1,3}(?:,\d{3})+|\d+)"
PAIR = re.compile(rf"{NUMBER}\s+(?:out\s+)?of\s+(?:the\s+|all\s+)?{NUMBER}\b")
PERCENT = re.compile(r"(\d+(?:\.(\d+))?)\s?%")
PLACEHOLDER = re.compile(r"\W*(?:tbd|to be determined|under investigation|unknown|see the timeline)\b", re.I)
NOBODY = re.compile(r"(?:tbd|tba|\?+|unassigned|none|n/?a|-+|—|–)?", re.I)
OWNER = re.compile(r"\bowner\s*:?\s*(.*?)(?=\s*(?:[,;)|]|\.\s|\.?$|\s[—–]\s|\bdue\b))", re.I)
DUE = re.compile(r"\bdue(?:\s+date)?\s*:?\s*(?:by\s+|on\s+)?(.*?)(?=\s*(?:[,;)|]|\.\s|\.?$))", re.I)
ISO = re.compile(r"\d{4}-\d{2}-\d{2}")
BLAME = re.compile(r"\b(?:mistake|fault|forgot|careless(?:ly)?|negligen\w*|should have|blamed?|human error)\b", re.I)
COLUMNS = (("text", r"action|item|what|task"), ("owner", r"owner|who|assignee"), ("due", r"due|deadline|date"))


@dataclass(frozen=True)
class Incident:
    task: str
    text: str
    """The answer written right."""
    unit: str
    signal: str
    alert: str
    """What the impact's percentage counts; what the task asks an alert on, and a pattern for it."""
    people: tuple[str, ...]
    """The people the answer names, whom a blaming sentence would name."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


CHECKOUT_ROOT = """A config change meant for staging set `DB_POOL_SIZE=5`. The payment service holds a connection for
the whole card authorisation, so at peak traffic requests queued for a connection and timed out."""
STRIDE_ROOT = """The certificate was issued by hand, outside the automated renewal of our other domains, after the DNS
move; no check watched its expiry date, so nothing warned us before it lapsed."""
BASIL_ROOT = """Client 3.2 cut the heartbeat from 60 to 10 seconds. Rendering a template blocks the worker's only
thread for up to 15 seconds, so the broker dropped the connection and the consumer never registered again."""
PIXEL_ROOT = """The nightly import for a partner's archive writes to the same bucket as user uploads, and was never
sized against the bucket's quota, a cost guard that is on no dashboard."""

INCIDENTS = (
    Incident(
        "Postmortem for yesterday's checkout outage at Larkspur Home (INC-2291, 4 March 2026), 14:05-16:52 UTC, "
        "after release 7.14 shrank the database connection pool: summary, impact with figures, UTC timeline, root "
        "cause, action items with owner and ISO due date. Blameless; one action alerts on connection-pool saturation.",
        f"""# Postmortem: checkout outage, 4 March 2026 (INC-2291)

**Duration:** 2 h 47 min

## Summary
From 14:05 to 16:52 UTC most checkout attempts on larkspurhome.com failed with a 503 error, after release
7.14 lowered the database connection pool from 50 to 5 per pod. Rolling back to 7.13 restored checkout.

## Impact
- 4,210 of 23,400 checkout attempts failed (18%); 640 customers contacted support.

## Timeline (UTC)
- 14:05 UTC — Impact starts: checkout error rate climbs above 5%.
- 14:19 UTC — Support reports a spike in "payment failed" tickets.
- 14:31 UTC — Priya (on call) is paged by the error-rate alert and opens an incident.
- 15:10 UTC — Database CPU ruled out; connection waits seen in the payment service.
- 16:52 UTC — Impact ends: error rate back under 0.5%.

## Root cause
{CHECKOUT_ROOT}

## Action items
| Action | Owner | Due |
|---|---|---|
| Alert when connection-pool usage stays above 80% for 5 minutes | Priya Nair | 2026-03-13 |
| Split config files per environment and check pool sizes in CI | Tom Becker | 2026-03-27 |
| Add a checkout load test to the release pipeline | Aisha Khan | 2026-04-10 |""",
        "checkout attempts",
        "connection-pool saturation",
        r"alert\w*\b.*\bpool",
        ("Priya", "Tom", "Aisha"),
        (
            ("utc", "- 15:10 UTC —", "- 16:10 CET —"),
            ("chronological", "- 14:19 UTC — Support", "- 14:41 UTC — Support"),
            ("duration", "**Duration:** 2 h 47 min", "**Duration:** 2 h 37 min"),
            ("percent", "failed (18%)", "failed (22%)"),
            ("root_cause", CHECKOUT_ROOT, "Under investigation."),
            ("owners", "| Tom Becker | 2026-03-27 |", "| TBD | 2026-03-27 |"),
            ("due_iso", "| Aisha Khan | 2026-04-10 |", "| Aisha Khan | next sprint |"),
            ("blameless", "restored checkout.", "restored checkout. Tom forgot to remove a staging value."),
            ("alerting", "Alert when connection-pool usage stays above 80% for 5 minutes", "Write a rollback runbook"),
        ),
    ),
    Incident(
        "Postmortem for the Stride sign-in outage of 21-22 June 2026: the auth.stride.app certificate expired at "
        "23:40 UTC and sign-ins failed until 01:15 UTC. Summary, impact in numbers, UTC timeline, root cause, action "
        "items with owners and ISO due dates; blameless, with an action for alerting on certificate expiry.",
        f"""# Incident postmortem — Stride sign-in outage

**Duration:** 1 hour 35 minutes

### Summary
The TLS certificate for auth.stride.app expired at 23:40 UTC on 21 June 2026, and no one could sign in
until a new certificate was installed at 01:15 UTC.

### Impact
- 18,950 of 61,300 sign-in attempts failed (30.9%).

### Timeline
| Time (UTC) | Event |
|---|---|
| 2026-06-21 23:40 UTC | Impact starts: the certificate expires; sign-ins fail the TLS handshake. |
| 2026-06-21 23:52 UTC | Support chats report "Can't connect". |
| 2026-06-22 00:07 UTC | Elena (on call) is paged by the login success-rate alert. |
| 2026-06-22 00:26 UTC | Expired certificate identified with `openssl s_client`. |
| 2026-06-22 01:15 UTC | Impact ends: Marcus installs a certificate from the backup CA. |

### Root cause
{STRIDE_ROOT}

### Action items
- [ ] Move auth.stride.app to automated ACME renewal — owner: Marcus Lee, due 2026-07-03
- [ ] Alert 21 days before any certificate expires, checked daily — owner: Elena Vidal, due 2026-06-30
- [ ] Send certificate reminders to the on-call rota — owner: Jonas Berg, due 2026-07-10""",
        "sign-in attempts",
        "certificate expiry",
        r"(?:alert|monitor)\w*\b.*\bexpir",
        ("Elena", "Marcus", "Jonas"),
        (
            ("utc", "| 2026-06-22 00:26 UTC |", "| 2026-06-22 02:26 CEST |"),
            ("chronological", "| 2026-06-21 23:52 UTC |", "| 2026-06-22 00:12 UTC |"),
            ("duration", "1 hour 35 minutes", "1 hour 55 minutes"),
            ("percent", "failed (30.9%)", "failed (3.1%)"),
            ("root_cause", STRIDE_ROOT, "To be determined."),
            ("owners", "— owner: Jonas Berg, due", "— due"),
            ("due_iso", "due 2026-07-03", "due 2026-06-31"),
            ("blameless", "at 01:15 UTC.", "at 01:15 UTC. Marcus should have renewed it when the reminders came."),
            ("alerting", "Alert 21 days before any certificate expires, checked daily", "Add a sign-in status banner"),
        ),
    ),
    Incident(
        "Write up the postmortem for Basil & Co's delayed order-confirmation emails (INC-3307, 8 September 2026, "
        "09:12-11:40 UTC): the mail worker stopped consuming its queue after a library upgrade. Summary, impact, "
        "UTC timeline, root cause, action items (owner, ISO due date); blameless, one alerting on the queue's backlog.",
        f"""# Postmortem: delayed order confirmation emails (INC-3307)

**Duration:** 148 minutes (09:12–11:40 UTC)

## What happened
At 09:12 UTC the mail worker stopped taking messages off the `order-emails` queue. Orders were still
placed and paid for, but their confirmation emails waited until the worker was redeployed at 11:40 UTC.

## Who was affected
- 7,316 of 31,800 order confirmation emails sent that day were delayed (23%).

## Timeline
- **09:12Z** — Impact starts: the consumer stops acknowledging messages; the queue grows.
- **09:47Z** — Support posts in #incidents about missing confirmation emails.
- **10:03Z** — Wen (on call) confirms 4,000 messages waiting on `order-emails`.
- **10:41Z** — The worker logs show a heartbeat timeout after the upgrade.
- **11:40Z** — Impact ends: the worker is redeployed on library 3.1 and drains the queue.

## Why it happened (root cause)
{BASIL_ROOT}

## Follow-ups (action items)
1. Alert when `order-emails` has more than 500 messages waiting for 10 minutes. Owner: Wen Li. Due: 2026-09-15.
2. Render templates off the consumer thread. Owner: Sven Ito. Due: 2026-09-29.
3. Make the health check fail when no consumer is registered. Owner: Ruth Adeyemi. Due: 2026-10-06.""",
        "confirmation emails",
        "the queue's backlog",
        r"alert\w*\b.*\b(?:backlog|queue|waiting)",
        ("Wen", "Sven", "Ruth"),
        (
            ("utc", "**10:41Z**", "**10:41**"),
            ("chronological", "**09:47Z**", "**10:07Z**"),
            ("duration", "**Duration:** 148 minutes", "**Duration:** 128 minutes"),
            ("percent", "were delayed (23%)", "were delayed (32%)"),
            ("root_cause", BASIL_ROOT, "See the timeline above."),
            ("owners", "Owner: Ruth Adeyemi.", "Owner: unassigned."),
            ("due_iso", "Due: 2026-09-29.", "Due: end of September."),
            ("blameless", "redeployed at 11:40 UTC.", "redeployed at 11:40 UTC. Sven upgraded the library carelessly."),
            ("alerting", "Alert when `order-emails` has more than 500 messages waiting", "Pin the client library"),
        ),
    ),
    Incident(
        "Blameless postmortem for Pixelshelf's photo upload outage (10 November 2026, 08:14-09:02 UTC, the storage "
        "bucket hit its quota): summary, impact with numbers, UTC timeline, root cause, action items (owner, due date "
        "as YYYY-MM-DD), one of them alerting on storage quota usage.",
        f"""Pixelshelf incident review: photo uploads failing, 10 November 2026

Duration: 48 minutes

**Summary**
Between 08:14 and 09:02 UTC every upload of a full-size photo failed: the bucket for originals reached
the 50 TB quota on our storage account. Raising it to 60 TB fixed it.

**Impact**
| Metric | Value |
|---|---|
| Failed uploads | 11,820 of 26,540 attempts (44.5%) |

**Timeline**
| UTC | What happened |
|---|---|
| 08:14 UTC | Outage begins: the bucket reaches 50 TB and uploads start failing. |
| 08:21 UTC | The upload error-rate alert pages Kofi (on call). |
| 08:33 UTC | `QuotaExceeded` found in the upload service logs. |
| 08:49 UTC | Lena pauses the nightly import job; new uploads fill the freed space within minutes. |
| 09:02 UTC | Outage ends: the quota is raised to 60 TB and uploads succeed. |

**Root cause**
{PIXEL_ROOT}

**Action items**
| # | Action | Owner | Due date |
|---|---|---|---|
| 1 | Alert at 80% and 90% of every storage quota | Kofi Mensah | 2026-11-17 |
| 2 | Move partner imports to a bucket of their own | Lena Park | 2026-11-24 |
| 3 | Add storage quotas to the capacity dashboard | Dan Ruiz | 2026-12-01 |""",
        "upload attempts",
        "storage quota usage",
        r"alert\w*\b.*\bquota",
        ("Kofi", "Lena", "Dan"),
        (
            ("utc", "| 08:33 UTC |", "| 03:33 EST |"),
            ("chronological", "| 08:49 UTC |", "| 09:09 UTC |"),
            ("duration", "Duration: 48 minutes", "Duration: 58 minutes"),
            ("percent", "attempts (44.5%)", "attempts (55.5%)"),
            ("root_cause", PIXEL_ROOT, "_TBD after the storage provider's report._"),
            ("owners", "| Dan Ruiz |", "|  |"),
            ("due_iso", "| 2026-11-24 |", "| 24/11/2026 |"),
            ("blameless", "fixed it.", "fixed it. Lena made a mistake: she started the import without a quota check."),
            ("alerting", "Alert at 80% and 90% of every storage quota", "Review the import schedule with the partner"),
        ),
    ),
)


def build(incident: Incident, on: dict[str, bool]) -> str:
    return slipped(incident.text, incident.slips, on, incident.signal)


# Reading a postmortem ---------------------------------------------------------------------------


def section(answer: str, pattern: str) -> list[str]:
    """The lines under the first heading (`#` or a bold line alone) that `pattern` finds."""
    found: list[str] | None = None
    for line in answer.splitlines():
        if match := HEADING.match(line):
            if found is not None:
                return found
            if re.search(pattern, match.group("hash") or match.group("bold"), re.I):
                found = []
        elif found is not None:
            found.append(line)
    return found or []


def rows(lines: list[str]) -> list[tuple[list[str], list[str]]]:
    """The body rows of the tables among `lines`, each with its table's header cells."""
    out: list[tuple[list[str], list[str]]] = []
    header: list[str] = []
    previous: list[str] | None = None
    for line in lines:
        if not line.strip().startswith("|"):
            header, previous = [], None
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if previous is not None and all(SEPARATOR.fullmatch(c) for c in cells):
            header = previous
        elif header:
            out.append((header, cells))
        previous = cells
    return out


def entries(answer: str) -> list[str]:
    """The timeline's entries: its bullets, or its table's rows."""
    lines = section(answer, r"timeline")
    return [" | ".join(cells) for _, cells in rows(lines)] or [m.group(1) for line in lines if (m := ITEM.match(line))]


def moments(answer: str) -> list[tuple[datetime, str | None] | None]:
    """Each entry's first time, put in UTC by its zone (none: UTC), and the zone as written."""
    out: list[tuple[datetime, str | None] | None] = []
    day = date(2000, 1, 1)
    for entry in entries(answer):
        if not (match := TIME.search(entry)):
            out.append(None)
            continue
        if match.group(1):
            day = date.fromisoformat(match.group(1))
        local = datetime.combine(day, time(int(match.group(2)), int(match.group(3))))
        out.append((local - timedelta(hours=ZONES[match.group(4) or "UTC"]), match.group(4)))
    return out


def span(answer: str) -> int | None:
    """Minutes from the entry where impact starts to the one where it ends."""
    pairs = list(zip(entries(answer), moments(answer), strict=True))
    start, end = (next((m[0] for e, m in pairs if m and mark.search(e)), None) for mark in (START, END))
    return int((end - start).total_seconds() // 60) if start and end else None


def stated_minutes(answer: str) -> int | None:
    """The hours and minutes on the first line labelled Duration (after any Markdown marks)."""
    line = next((line for line in answer.splitlines() if line.lstrip(" |*#>_-").lower().startswith("duration")), "")
    hours, minutes = (pattern.search(line) for pattern in (HOURS, MINUTES))
    return (int(hours.group(1)) * 60 if hours else 0) + int(minutes.group(1) if minutes else 0) or None


def percent_right(answer: str) -> bool:
    """The impact's first `N of M` pair, and the percentage on its line, agree to its last digit."""
    for line in section(answer, r"impact|affected"):
        if pair := PAIR.search(line):
            part, whole = (int(n.replace(",", "")) for n in pair.groups())
            stated, exact = PERCENT.search(line), 100 * part / whole if whole else -1.0
            return stated is not None and abs(float(stated.group(1)) - exact) <= 0.5 * 10 ** -len(stated.group(2) or "")
    return False


def actions(answer: str) -> list[tuple[str, str, str]]:
    """Each action item's text, owner and due date: a table's rows by its headings, or bullets."""
    lines = section(answer, r"action|follow-up")
    out: list[tuple[str, str, str]] = []
    for header, cells in rows(lines):
        at = {f: i for f, words in reversed(COLUMNS) for i, h in enumerate(header) if re.search(words, h, re.I)}
        if {"text", "owner", "due"} <= set(at) and len(cells) > max(at.values()):
            out.append((cells[at["text"]], cells[at["owner"]], cells[at["due"]]))
    for line in lines if not out else []:
        if item := ITEM.match(line):
            owner, due = OWNER.search(item.group(1)), DUE.search(item.group(1))
            out.append((item.group(1), owner.group(1) if owner else "", due.group(1) if due else ""))
    return out


def iso_date(text: str) -> bool:
    try:
        return ISO.fullmatch(text.strip(" *_")) is not None and bool(date.fromisoformat(text.strip(" *_")))
    except ValueError:
        return False


def blames(incident: Incident, answer: str) -> bool:
    """A sentence that names one of the people and faults them."""
    sentences = re.split(r"(?<=[.!?])\s+|\n", answer)
    return any(BLAME.search(s) and any(re.search(rf"\b{n}\b", s) for n in incident.people) for s in sentences)


WORDINGS = {
    "utc": ("Every timeline entry gives its time in UTC", "All times in the timeline are in UTC"),
    "chronological": ("The timeline is in chronological order", "Timeline entries run from earliest to latest"),
    "duration": (
        "The duration it states matches the timeline's start and end of impact",
        "The stated length of the incident agrees with when the timeline says impact began and ended",
    ),
    "percent": (
        "The percentage of {unit} affected agrees with its counts",
        "Its impact percentage is right for its numbers",
    ),
    "root_cause": (
        "Explains the root cause rather than leaving it as a placeholder",
        "The root-cause section says what actually caused the incident",
    ),
    "owners": ("Each action item names the person who owns it", "No action item is left without a named owner"),
    "due_iso": (
        "Every action item has a due date written as YYYY-MM-DD",
        "Each action item's due date is valid ISO 8601",
    ),
    "blameless": ("Does not blame a named person for the incident", "Is blameless: no individual is faulted by name"),
    "alerting": (
        "Includes an action item to add alerting on {signal}",
        "One action item sets up an alert for {signal}",
    ),
}
"""Two wordings of each kind of criterion, filled from the incident."""


def truths(incident: Incident, answer: str) -> dict[str, bool]:
    found, times = actions(answer), moments(answer)
    stated, cause = stated_minutes(answer), " ".join(section(answer, r"root cause")).strip()
    return {
        "utc": bool(times) and all(t is not None and t[1] in ("UTC", "Z") for t in times),
        "chronological": bool(times)
        and all(t is not None for t in times)
        and [t[0] for t in times if t] == sorted(t[0] for t in times if t),
        "duration": stated is not None and stated == span(answer),
        "percent": percent_right(answer),
        "root_cause": len(cause.split()) >= 12 and not PLACEHOLDER.match(cause),
        "owners": bool(found) and all(not NOBODY.fullmatch(owner.strip(" *_")) for _, owner, _ in found),
        "due_iso": bool(found) and all(iso_date(due) for _, _, due in found),
        "blameless": bool(found) and not blames(incident, answer),
        "alerting": any(re.search(incident.alert, text, re.I) for text, _, _ in found),
    }


def candidates(rng: random.Random, incident: Incident, answer: str) -> list[Criterion]:
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], unit=incident.unit, signal=incident.signal), truth, kind, FAMILY)
        for kind, truth in truths(incident, answer).items()
    ]


SWITCHES = ("utc", "chronological", "duration", "percent", "root_cause", "owners", "due_iso", "blameless", "alerting")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, INCIDENTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

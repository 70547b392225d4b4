"""Substance family: a document says something in substance, not only as a heading.

Incident reports, release notes and meeting summaries are assembled from parts, each switched
to one state: `full` (the substance: "About 1,200 orders failed"), `vague` (words without it:
"Some customers were affected"), `empty` (the heading alone, or "TBD"), or `absent` (no
heading either). A criterion about a part is met exactly when the part is `full`; the other
parts never carry its substance (each fact is written only in its own part), so the label is
known by construction.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.labelled import SEED, Balance, Criterion, JudgeCase, pick_wording

FAMILY = "substance"
ANSWERS = 18
CRITERIA_PER_ANSWER = 3
STATES = ("full", "full", "full", "vague", "empty", "absent")
"""A part is full about half the time; otherwise vague, an empty heading or left out."""


@dataclass(frozen=True)
class Incident:
    service: str
    noun: str
    impact: str
    start: str
    end: str
    cause: str
    fix: str
    actions: tuple[tuple[str, str], ...]


INCIDENTS = (
    Incident(
        "checkout service",
        "orders",
        "About 1,200 orders failed",
        "14:05",
        "14:50",
        "An expired TLS certificate on the payment gateway's internal endpoint made every payment call fail.",
        "We rotated the certificate and restarted the gateway pods.",
        (
            ("Alert 14 days before any certificate expires", "Priya"),
            ("Add the gateway certificate to the renewal job", "Marco"),
        ),
    ),
    Incident(
        "login service",
        "sign-in attempts",
        "Roughly 8,400 sign-in attempts were rejected",
        "09:12",
        "09:47",
        "A configuration change lowered the session cache's connection limit to 10, so most requests timed out.",
        "We reverted the configuration change and the cache recovered within two minutes.",
        (
            ("Require review for cache configuration changes", "Dana"),
            ("Load-test the session cache with production limits", "Ivo"),
        ),
    ),
    Incident(
        "CI system",
        "builds",
        "312 builds were stuck in the queue",
        "02:30",
        "05:10",
        "The runner autoscaler reached the cloud account's vCPU quota and could not start new runners.",
        "We raised the quota and drained the queue by hand.",
        (("Alert when the autoscaler is within 80% of the quota", "Sam"), ("Request a standing quota increase", "Lea")),
    ),
    Incident(
        "notification pipeline",
        "emails",
        "About 45,000 notification emails were delayed",
        "18:20",
        "21:05",
        "A malformed message crashed the mail worker on every retry, blocking the queue behind it.",
        "We moved the message to a dead-letter queue and restarted the worker.",
        (
            ("Send messages that fail three times to the dead-letter queue automatically", "Noor"),
            ("Validate message schemas at the producer", "Tom"),
        ),
    ),
)


def section(title: str, body: str, state: str, style: str) -> str:
    """One part of a document in the given state ('' when absent)."""
    if state == "absent":
        return ""
    heading = f"## {title}" if style == "markdown" else f"**{title}:**"
    if state == "empty":
        filler = "" if style == "markdown" else "TBD"
        return f"{heading}\n\n{filler}".rstrip()
    if style == "markdown" or body.startswith("- "):
        return f"{heading}\n\n{body}" if style == "markdown" else f"{heading}\n{body}"
    return f"{heading} {body}"


Part = tuple[str, bool, tuple[str, ...]]
"""(kind, met, wordings) of a criterion a document can be asked."""


def incident(rng: random.Random, states: dict[str, str]) -> tuple[str, str, list[Part]]:
    """(long: the report's six parts, each written in each of its states.)"""
    inc = rng.choice(INCIDENTS)
    style = rng.choice(["markdown", "bold"])
    window = f"between {inc.start} and {inc.end} UTC"
    impact = {
        "full": f"{inc.impact} {window}." if states["window"] == "full" and rng.random() < 0.5 else f"{inc.impact}.",
        "vague": "Some users were affected while the incident lasted.",
    }
    timing = {
        "full": f"The incident started at {inc.start} UTC and was resolved at {inc.end} UTC.",
        "vague": "The incident was resolved the same day.",
    }
    cause = {"full": inc.cause, "vague": "The root cause is still under investigation."}
    fix = {"full": inc.fix, "vague": "The issue has been mitigated."}
    owned = states["owners"] == "full"
    actions = {"full": "\n".join(f"- {what} ({who})" if owned else f"- {what}" for what, who in inc.actions)}
    parts = [
        f"# Incident report: {inc.service}",
        f"The {inc.service} was degraded on Tuesday. This report summarises what happened.",
        section("Impact", impact.get(states["impact"], ""), states["impact"], style),
        section("Timeline", timing.get(states["window"], ""), states["window"], style),
        section("Root cause", cause.get(states["cause"], ""), states["cause"], style),
        section("Resolution", fix.get(states["fix"], ""), states["fix"], style),
        section("Follow-up actions", actions.get(states["actions"], ""), states["actions"], style),
    ]
    task = (
        f"Write a short incident report for yesterday's {inc.service} outage from these notes: impact, "
        f"{inc.impact.lower()} {window}; cause: {inc.cause[0].lower() + inc.cause[1:]} Fix: {inc.fix} "
        f"Actions: " + "; ".join(f"{what} ({who})" for what, who in inc.actions) + "."
    )
    criteria: list[Part] = [
        (
            "impact",
            states["impact"] == "full",
            (
                f"Says how many {inc.noun} were affected",
                f"Quantifies the impact: the number of {inc.noun} affected",
                f"States the number of affected {inc.noun}",
            ),
        ),
        (
            "window",
            states["window"] == "full",
            (
                "Gives the time window of the incident (start and end)",
                "Says when the incident started and when it ended",
                "Includes start and end times",
            ),
        ),
        (
            "cause",
            states["cause"] == "full",
            ("Names the root cause", "Explains what caused the incident", "Identifies the root cause"),
        ),
        (
            "fix",
            states["fix"] == "full",
            ("Says what was done to restore service", "Describes the fix that ended the incident"),
        ),
        (
            "actions",
            states["actions"] == "full",
            ("Lists at least one follow-up action", "Includes follow-up actions to prevent a repeat"),
        ),
    ]
    if states["actions"] == "full":
        criteria.append(
            ("owners", owned, ("Every follow-up action has an owner", "Names an owner for each action item"))
        )
    return task, "\n\n".join(p for p in parts if p), criteria


def release_notes(rng: random.Random, states: dict[str, str]) -> tuple[str, str, list[Part]]:
    """(long: the notes' parts, each written in each of its states.)"""
    fixes = [
        "Retries no longer double-count the request timeout.",
        "`Client.close()` is safe to call twice.",
        "Proxy settings from the environment are honoured on Windows.",
    ]
    n_fixes = rng.choice([0, 1, 2, 3])
    breaking = {
        "full": "`Client.connect()` now requires a `timeout` argument; calls without it raise `TypeError`.",
        "vague": "This release contains some changes you should be aware of.",
    }
    upgrade = {"full": "Run `pip install -U acme-client`, then pass `timeout=` to every `connect()` call."}
    upgrade_state = states["upgrade"]
    title = "# acme-client 2.4.0" if states["version"] == "full" else "# Release notes"
    dated = "Released on 18 November 2026." if states["date"] == "full" else ""
    fix_body = "\n".join(f"- {f}" for f in fixes[:n_fixes]) if n_fixes else "No bug fixes in this release."
    parts = [
        title,
        dated,
        "This release adds connection pooling.",
        section("Breaking changes", breaking.get(states["breaking"], ""), states["breaking"], "markdown"),
        section("Upgrading", upgrade.get(upgrade_state, ""), upgrade_state, "markdown"),
        section("New", "- Connection pooling, on by default (`pool_size=10`).", "full", "markdown"),
        section("Fixes", fix_body, "full", "markdown"),
    ]
    task = (
        "Write release notes for acme-client 2.4.0 (released 18 November 2026). Changes: connection pooling "
        "added; Client.connect() now requires a timeout argument (breaking); fixed: retries double-counting "
        "the timeout, close() twice raising, Windows proxy settings ignored. Tell users how to upgrade."
    )
    criteria: list[Part] = [
        ("version", states["version"] == "full", ("States the version being released", "Mentions the version number")),
        ("date", states["date"] == "full", ("Gives the release date", "Says when the release came out")),
        (
            "breaking",
            states["breaking"] == "full",
            ("Describes the breaking change", "Says what the breaking change is and what it affects"),
        ),
        ("upgrade", upgrade_state == "full", ("Tells users how to upgrade", "Includes upgrade instructions")),
        ("fixes", n_fixes >= 2, ("Lists at least two bug fixes", "Mentions two or more fixed bugs")),
    ]
    return task, "\n\n".join(p for p in parts if p), criteria


def meeting(rng: random.Random, states: dict[str, str]) -> tuple[str, str, list[Part]]:
    """(long: the summary's parts, each written in each of its states.)"""
    owned, dated = states["owners"] == "full", states["due"] == "full"
    items = [("Update the launch checklist", "Ana", "30 May"), ("Brief the support team", "Ben", "2 June")]
    lines = [
        f"- {what}" + (f" ({who})" if owned else "") + (f", due {due}" if dated else "") for what, who, due in items
    ]
    decision = {
        "full": "We will move the launch from 27 May to 3 June.",
        "vague": "The launch date was discussed at length.",
    }
    parts = [
        "# Launch sync: summary",
        "Attendees: Ana, Ben, Chloe, Dev" if states["attendees"] == "full" else "",
        section("Decision", decision.get(states["decision"], ""), states["decision"], "markdown"),
        section("Action items", "\n".join(lines), "full", "markdown"),
        "Next meeting: Thursday 5 June, 10:00." if states["next"] == "full" else "",
    ]
    task = (
        "Summarise today's launch sync from these notes: attendees Ana, Ben, Chloe, Dev; we agreed to move the "
        "launch from 27 May to 3 June; Ana updates the launch checklist by 30 May; Ben briefs support by 2 June; "
        "next sync Thursday 5 June at 10:00."
    )
    criteria: list[Part] = [
        ("attendees", states["attendees"] == "full", ("Lists who attended", "Names the attendees")),
        (
            "decision",
            states["decision"] == "full",
            ("Records the decision that was made", "States what was decided about the launch date"),
        ),
        ("owners", owned, ("Each action item has an owner", "Says who owns every action item")),
        ("due", dated, ("Every action item has a due date", "Gives a deadline for each action item")),
        ("next", states["next"] == "full", ("Gives the date of the next meeting", "Says when the next sync is")),
    ]
    return task, "\n\n".join(p for p in parts if p), criteria


DOCUMENTS: tuple[tuple[str, Callable[..., tuple[str, str, list[Part]]], tuple[str, ...]], ...] = (
    ("incident", incident, ("impact", "window", "cause", "fix", "actions", "owners")),
    ("release", release_notes, ("version", "date", "breaking", "upgrade")),
    ("meeting", meeting, ("attendees", "decision", "owners", "due", "next")),
)
BINARY = {"owners", "due", "version", "date", "attendees", "next"}
"""Parts that are either there or not (no heading of their own to leave empty)."""
NO_VAGUE = {"actions", "upgrade"}
"""Parts with no vague form: any words there would arguably be an action or an instruction."""


def draw_states(rng: random.Random, part_names: tuple[str, ...]) -> dict[str, str]:
    states = {}
    for part in part_names:
        state = rng.choice(["full", "absent"]) if part in BINARY else rng.choice(STATES)
        states[part] = "empty" if state == "vague" and part in NO_VAGUE else state
    return states


def cases() -> list[JudgeCase]:
    rng = random.Random(f"{SEED}:{FAMILY}")
    balance = Balance(rng)
    out = []
    for index in range(ANSWERS):
        name, build, part_names = DOCUMENTS[index % len(DOCUMENTS)]
        states = draw_states(rng, part_names)
        task, answer, parts = build(rng, states)
        candidates = [Criterion(pick_wording(rng, words), met, kind, FAMILY) for kind, met, words in parts]
        out.append(
            JudgeCase(f"substance-{name}-{index:02d}", task, answer, balance.choose(candidates, CRITERIA_PER_ANSWER))
        )
    return out

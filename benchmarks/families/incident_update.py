"""Incident update family (held out): a customer-facing status-page update for a service
incident, in a form no prompt, example or rule of the grader was written for. Run only as
`--set held`, never in `all` or `new`.

An answer is a first line with a status word and a title, a paragraph on what customers see
and what is being done, and by switch a `Next update by HH:MM UTC` line, assembled from
switches: the status the task names or another, the start time as `HH:MM UTC` or without a
zone, every affected region the task names or one left out, the next update's time given or
not, a named vendor blamed or not, a promised time for the fix or none, a workaround for the
meantime or none, an apology or none. Every truth is a function of the answer's text (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "incident_update"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
STATUSES = ("Investigating", "Identified", "Monitoring", "Resolved")
NEXT_UPDATE = re.compile(r"^Next update (?:by|at) \d{2}:\d{2} UTC\b", re.MULTILINE)
PROMISED_FIX = re.compile(r"\b(?:fixed|resolved|restored) by \d{2}:\d{2}\b", re.IGNORECASE)
APOLOGY = re.compile(r"sorry|apologi", re.IGNORECASE)
WORKAROUND = re.compile(r"\bin the meantime\b", re.IGNORECASE)


@dataclass(frozen=True)
class Incident:
    task: str
    status: str
    other_status: str
    title: str
    start: str
    """HH:MM, in UTC."""
    regions: tuple[str, ...]
    """Three; the update that leaves one out drops the last."""
    symptom: str
    progress: str
    """What is being done, true of the status the task names."""
    next_update: str
    fixed_by: str
    workaround: str
    apology: str
    vendor: str
    blame: str
    """A sentence that puts the incident on `vendor`."""


INCIDENTS = (
    Incident(
        "Write the status-page update for the card payments incident. It started at 14:05 UTC, it affects "
        "customers in Frankfurt, Dublin and London, and its status is Identified.",
        "Identified",
        "Investigating",
        "Card payments failing",
        "14:05",
        ("Frankfurt", "Dublin", "London"),
        "some card payments have been declined with a generic error",
        "We have found the cause and are deploying a fix to the payment service now.",
        "15:30",
        "16:00",
        "In the meantime, you can still take payments by bank transfer, which work as normal.",
        "We are sorry for the trouble this is causing you and your customers.",
        "Northwind Pay",
        "The declines come from an outage at our card processor, Northwind Pay.",
    ),
    Incident(
        "Write the status-page update for the dashboard login incident. It started at 08:40 UTC, it affects "
        "customers in Virginia, Oregon and São Paulo, and its status is Investigating.",
        "Investigating",
        "Identified",
        "Slow or failing logins to the dashboard",
        "08:40",
        ("Virginia", "Oregon", "São Paulo"),
        "logins to the dashboard have been slow and some have timed out",
        "Our engineers are looking into what is behind the slow logins.",
        "09:30",
        "10:15",
        "In the meantime, you can use the API, which is not affected, and sessions already signed in keep working.",
        "We apologise for the interruption to your work.",
        "Skyline DNS",
        "The timeouts started when our DNS provider, Skyline DNS, had a fault on their side.",
    ),
    Incident(
        "Write the status-page update for the file upload incident. It started at 22:15 UTC, it affects "
        "customers in Singapore, Tokyo and Sydney, and its status is Monitoring.",
        "Monitoring",
        "Resolved",
        "Delayed file uploads",
        "22:15",
        ("Singapore", "Tokyo", "Sydney"),
        "uploaded files have taken up to twenty minutes to appear",
        "A fix has been rolled out and uploads are arriving on time again; we are watching closely.",
        "23:45",
        "23:30",
        "In the meantime, you can follow each upload on the Activity page; there is no need to upload files again.",
        "We are sorry for the delay.",
        "Harbor Storage",
        "The delays were caused by a storage outage at our hosting partner, Harbor Storage.",
    ),
)


def listed(names: tuple[str, ...]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def build(incident: Incident, on: dict[str, bool]) -> str:
    status = incident.status if on["status"] else incident.other_status
    start = f"{incident.start} UTC" if on["zone"] else incident.start
    regions = incident.regions if on["regions"] else incident.regions[:-1]
    body = [f"Since {start}, {incident.symptom} for customers in {listed(regions)}."]
    if on["blame"]:
        body.append(incident.blame)
    body.append(incident.progress)
    if on["eta"]:
        body.append(f"We expect everything to be fixed by {incident.fixed_by} UTC.")
    if on["workaround"]:
        body.append(incident.workaround)
    if on["apology"]:
        body.append(incident.apology)
    lines = [f"**{status}**: {incident.title}", "", " ".join(body)]
    if on["next"]:
        lines += ["", f"Next update by {incident.next_update} UTC."]
    return "\n".join(lines)


def status_of(answer: str) -> str | None:
    """The first status word on the answer's first line, if it has one."""
    first = answer.strip().splitlines()[0] if answer.strip() else ""
    found = re.search(rf"\b({'|'.join(STATUSES)})\b", first)
    return found.group(1) if found else None


def in_utc(answer: str, time: str) -> bool:
    """`time` (HH:MM) is written with its zone, as `HH:MM UTC`."""
    return re.search(rf"\b{re.escape(time)} UTC\b", answer) is not None


def candidates(rng: random.Random, incident: Incident, answer: str) -> list[Criterion]:
    regions = listed(incident.regions)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "status",
            status_of(answer) == incident.status,
            (
                f"The first line gives the status, {incident.status}",
                "Opens with the status the task names",
            ),
        ),
        (
            "utc",
            in_utc(answer, incident.start),
            (
                "Gives the start time in UTC, written as HH:MM UTC",
                f"Says the incident began at {incident.start} UTC",
            ),
        ),
        (
            "regions",
            all(region in answer for region in incident.regions),
            (f"Names every affected region: {regions}", "Names all the regions the task lists as affected"),
        ),
        (
            "next",
            NEXT_UPDATE.search(answer) is not None,
            ("Says when the next update will be posted", "Gives a time for the next update"),
        ),
        (
            "no_eta",
            PROMISED_FIX.search(answer) is None,
            (
                "Does not promise a time by which the problem will be fixed",
                "Makes no promise about when service will be back to normal",
            ),
        ),
        (
            "workaround",
            WORKAROUND.search(answer) is not None,
            ("Tells customers what they can do in the meantime", "Offers a workaround while the incident lasts"),
        ),
        (
            "apology",
            APOLOGY.search(answer) is not None,
            ("Apologises to customers", "Says sorry for the disruption"),
        ),
        (
            "no_blame",
            incident.vendor not in answer,
            ("Does not blame a named vendor or third party", "Puts the fault on no supplier by name"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("status", "zone", "regions", "next", "blame", "eta", "workaround", "apology")
    return switched_cases(
        FAMILY, INCIDENTS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

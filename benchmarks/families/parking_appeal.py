"""Parking appeal family (fresh29): the letter or email appealing against a council's parking fine (a
Penalty Charge Notice) that a task describes (a ticket issued inside the grace period, loading watched
for less than the observation period, a broken pay machine, a Blue Badge that fell face down), with a
reference line, the grounds, a timeline, the documents enclosed and the request to cancel, a kind of
answer no grader was run on while any of its rules was written. Run only as `--set fresh29`, never in
`all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the appeal (a posted letter with addresses and a `Timeline:` list, bold header fields with
Markdown sections and a timeline table, an email with a `Subject:` line and a numbered sequence, or a
bold reference block with the timeline in a fenced block), written right and then changed by switches:
one spelling of the PCN's number or a digit swapped once, no offer to pay or one, a salutation to the
team asked or `Dear Sir or Madam`, a timeline in time order or two events swapped, a reference line with
the registration or without it, a letter under its word limit or well over it, the documents counted
in words as many as listed or not, the minutes between two times right or not, and the weekday of the
notice's date right or not. Every truth is read from the text: PCN numbers by pattern, the salutation
and reference lines by how they start, the timeline's times from the lines under its heading, the
enclosures from the list after the line that counts them, the minutes from the line that gives two
times, and words as runs of letters.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    LIST_ITEM,
    Criterion,
    JudgeCase,
    clock,
    clocks,
    number_in,
    pick_wording,
    section,
    slipped,
    swap_lines,
    switched_cases,
    weekdays_right,
    word_count,
)

FAMILY = "parking_appeal"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
PCN = re.compile(r"\b[A-Z]{2}\d{8}\b")
PAY = re.compile(r"\b(?:happy|willing|prepared|glad)\s+to\s+pay\b|\bpay\s+the\s+(?:reduced|discounted|lower)\b", re.I)
SALUTATION = re.compile(r"^\W*(?:dear|hello|hi|to whom)\b", re.I)
REFERENCE = re.compile(r"^\W*(?:re|subject|ref(?:erence)?)\b", re.I)
TIMELINE = r"timeline|sequence of events"
ENCLOSED = re.compile(r"\b(?:enclose|attach)", re.I)
MINUTES = re.compile(r"\b(\d+)\s+minutes?\b")


@dataclass(frozen=True)
class Appeal:
    name: str
    """Who appeals."""
    task: str
    text: str
    """The answer written right."""
    pcn: str
    registration: str
    team: str
    """The team the letter is addressed to."""
    limit: int
    """The letter's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


WHITLOCK = """Sam Whitlock
14 Ashgrove Terrace
Leeds LS6 2DP

Parking Appeals Team
Leeds City Council
Leeds LS1 1UR

20 March 2026

Re: Penalty Charge Notice LS40318862, vehicle KX19 BNF

Dear Parking Appeals Team,

I am writing to appeal against the above Penalty Charge Notice, issued on Saturday 14 March 2026 in the Woodhouse Lane pay-and-display car park.

My ticket expired at 13:30 and the notice was issued at 13:36, just 6 minutes later. That is inside the 10-minute grace period the law allows after a paid period ends, so no charge could be made.

Timeline:
- 11:30 paid for two hours at the machine
- 13:30 ticket expired
- 13:36 notice issued
- 13:38 back at the car

I enclose three documents:
- a photo of my pay-and-display ticket
- a copy of the notice
- a photo of the car park's tariff board

Please cancel Penalty Charge Notice LS40318862.

Yours faithfully,
Sam Whitlock
"""

OSEI = """**To:** Parking Services (Appeals), Brighton & Hove City Council
**From:** Dr Amara Osei, 7 Clifton Hill, Brighton BN1 3HQ
**Subject:** Appeal against PCN BH73920514 (vehicle GN21 YTA)

Dear Parking Services Team,

I would like to challenge PCN BH73920514, issued on Thursday 23 April 2026 outside 41 Western Road.

## What happened
I stopped on the single yellow line to unload a wardrobe I was delivering to the shop. Loading is allowed there, but the officer watched the car for only 3 minutes (11:02 to 11:05) before issuing the notice, less than the 5-minute observation period the council sets for loading.

## Timeline
| Time | Event |
|---|---|
| 10:58 | Parked and began unloading |
| 11:02 | Officer began observing |
| 11:05 | Notice issued |
| 11:09 | Unloading finished |

## Evidence
I enclose four documents:
1. the delivery note for the wardrobe
2. photos of the car with its boot open
3. a statement from the shop, Kemp Town Furniture
4. a copy of the notice

## My request
Please cancel PCN BH73920514, as the car was being loaded and the observation period was not met.

Yours sincerely,
Dr Amara Osei
"""

FERRIS = """Subject: PCN MC20571196, vehicle YD68 KLP: appeal

Dear Notice Processing Team,

I am appealing against PCN MC20571196, issued on Monday 9 February 2026 in the Church Street car park.

The only pay machine was out of order. I tried it, and then the pay-by-phone line, for 14 minutes (08:41 to 08:55); neither worked, so I left a note with my number on the dashboard.

Sequence of events:
1. 08:38 parked in bay 17
2. 08:41 the machine showed "Out of order"
3. 08:47 rang the pay-by-phone line, which did not connect
4. 08:55 left the note and walked to work
5. 09:20 notice issued

With no working way to pay, I could not have bought a ticket. Please cancel PCN MC20571196.

I attach two files:
- a photo of the machine's screen showing the time
- my phone's call log for that morning

Thanks,
Tom Ferris
"""

KOWALCZYK = """**Appeal against Penalty Charge Notice BR55208817**

**Reference:** PCN BR55208817 · Vehicle WU17 ZMC · Bristol City Council
**Date of notice:** Saturday 17 January 2026

Dear Civil Enforcement Team,

I hold a valid Blue Badge and parked in the disabled bay on Queen Square with the badge and its clock on the dashboard. I was away from the car for 25 minutes (15:10 to 15:35), and the badge must have slipped face down when I shut the door.

**Timeline**
```
15:10  parked, badge and clock displayed
15:22  notice issued (badge seen face down)
15:35  returned to the car and found the notice
```

I was entitled to park there, and the badge was displayed when I left the car.

I enclose two documents:
- a copy of my Blue Badge, both sides
- the officer's photo of the dashboard, from your website

Please cancel PCN BR55208817.

Yours faithfully,
Ewa Kowalczyk
"""

EXTRA = " I have lived in this city for many years and have always paid for my parking without fail, and I have never once received a penalty before this one. I rely on my car to visit my elderly mother twice a week, and this charge has caused me a great deal of worry and stress at an already difficult time for my family. I would be very grateful if you could look at my case carefully and with some understanding of my situation."
PAYING = " If the appeal is refused, I am willing to pay the reduced charge."

APPEALS = (
    Appeal(
        "Sam Whitlock",
        "Help me appeal a parking ticket. Leeds City Council, PCN LS40318862, my car KX19 BNF, Woodhouse Lane car "
        "park on 14 March 2026 (give the weekday). My ticket ran out at 13:30 and the PCN was issued at 13:36, inside "
        "the 10-minute grace period. Write a letter to the Parking Appeals Team under 190 words, with a Re: line with "
        "the PCN and registration, a timeline (paid 11:30, expired 13:30, PCN 13:36, back 13:38) and the three things "
        "I'm enclosing: ticket photo, PCN copy, tariff board photo. Don't offer to pay anything. I'm Sam Whitlock, 14 "
        "Ashgrove Terrace, Leeds LS6 2DP.",
        WHITLOCK,
        "LS40318862",
        "KX19 BNF",
        "Parking Appeals Team",
        190,
        (
            swap_lines(WHITLOCK, "- 13:30 ticket expired", "- 13:36 notice issued"),
            ("pcn", "cancel Penalty Charge Notice LS40318862", "cancel Penalty Charge Notice LS40318682"),
            ("no_pay", "\n\nYours faithfully", PAYING + "\n\nYours faithfully"),
            ("recipient", "Dear Parking Appeals Team,", "Dear Sir or Madam,"),
            ("reference", "LS40318862, vehicle KX19 BNF", "LS40318862"),
            ("words", "could be made.", "could be made." + EXTRA),
            ("enclosures", "- a copy of the notice\n", ""),
            ("minutes", "just 6 minutes later", "just 4 minutes later"),
            ("weekday", "Saturday 14 March", "Sunday 14 March"),
        ),
    ),
    Appeal(
        "Amara Osei",
        "I got a PCN (BH73920514) from Brighton & Hove on 23 April 2026, vehicle GN21 YTA, while unloading a "
        "wardrobe outside 41 Western Road. The officer only observed from 11:02 to 11:05 and their loading "
        "observation is 5 minutes. Write my appeal to the Parking Services Team in Markdown: To/From/Subject fields (subject "
        "with PCN and reg), what happened with the weekday, a timeline table (parked 10:58, observed 11:02, issued "
        "11:05, done 11:09), the four documents I'm sending (delivery note, photos, shop's statement, PCN copy) and "
        "the request. 225 words max, and no offer to pay. From Dr Amara Osei, 7 Clifton Hill, Brighton BN1 3HQ.",
        OSEI,
        "BH73920514",
        "GN21 YTA",
        "Parking Services Team",
        225,
        (
            swap_lines(OSEI, "| 11:02 | Officer began observing |", "| 11:05 | Notice issued |"),
            ("pcn", "challenge PCN BH73920514", "challenge PCN BH73925014"),
            (
                "no_pay",
                "was not met.",
                "was not met. Should you disagree, I would be prepared to pay the discounted amount.",
            ),
            ("recipient", "Dear Parking Services Team,", "Dear Sir or Madam,"),
            ("reference", "PCN BH73920514 (vehicle GN21 YTA)", "PCN BH73920514"),
            ("words", "for loading.", "for loading." + EXTRA),
            ("enclosures", "I enclose four documents:", "I enclose three documents:"),
            ("minutes", "for only 3 minutes", "for only 2 minutes"),
            ("weekday", "Thursday 23 April", "Wednesday 23 April"),
        ),
    ),
    Appeal(
        "Tom Ferris",
        "Can you write an email appeal to Manchester's Notice Processing Team for PCN MC20571196 (my van YD68 KLP), "
        "issued 9 February 2026 in the Church Street car park? The only machine was broken; I tried it and the phone "
        "line from 08:41 to 08:55. Subject line with PCN and registration, say the weekday, a sequence of events "
        "(parked 08:38, machine out of order 08:41, phone 08:47, note left 08:55, PCN 09:20), the two files I'm "
        "attaching (photo of the machine, call log). Keep it under 180 words and don't offer to pay. Sign it Tom Ferris.",
        FERRIS,
        "MC20571196",
        "YD68 KLP",
        "Notice Processing Team",
        180,
        (
            (
                "order",
                "3. 08:47 rang the pay-by-phone line, which did not connect\n4. 08:55 left the note and walked to work",
                "3. 08:55 left the note and walked to work\n4. 08:47 rang the pay-by-phone line, which did not connect",
            ),
            ("pcn", "against PCN MC20571196", "against PCN MC20517196"),
            (
                "no_pay",
                "Please cancel PCN MC20571196.",
                "Please cancel PCN MC20571196. Otherwise I am happy to pay the reduced rate.",
            ),
            ("recipient", "Dear Notice Processing Team,", "Dear Sir/Madam,"),
            ("reference", "MC20571196, vehicle YD68 KLP:", "MC20571196:"),
            ("words", "on the dashboard.", "on the dashboard." + EXTRA),
            ("enclosures", "- my phone's call log for that morning\n", ""),
            ("minutes", "for 14 minutes", "for 16 minutes"),
            ("weekday", "Monday 9 February", "Tuesday 9 February"),
        ),
    ),
    Appeal(
        "Ewa Kowalczyk",
        "Please draft my appeal against Bristol City Council's PCN BR55208817 (car WU17 ZMC), issued 17 January 2026 "
        "in a disabled bay on Queen Square: my Blue Badge slipped face down while I was away from 15:10 to 15:35. "
        "Address it to the Civil Enforcement Team; a bold reference line with the PCN and registration, the date of "
        "the notice with its weekday, a timeline (parked 15:10, PCN 15:22, back 15:35) and the two documents I "
        "enclose (copy of my badge, the officer's photo). Under 190 words, and don't offer to pay. I'm Ewa Kowalczyk.",
        KOWALCZYK,
        "BR55208817",
        "WU17 ZMC",
        "Civil Enforcement Team",
        190,
        (
            swap_lines(KOWALCZYK, "15:22  notice issued", "15:35  returned"),
            ("pcn", "Please cancel PCN BR55208817.", "Please cancel PCN BR55208871."),
            ("no_pay", "when I left the car.", "when I left the car." + PAYING),
            ("recipient", "Dear Civil Enforcement Team,", "Dear Sir or Madam,"),
            ("reference", "BR55208817 · Vehicle WU17 ZMC ·", "BR55208817 ·"),
            ("words", "when I shut the door.", "when I shut the door." + EXTRA),
            ("enclosures", "I enclose two documents:", "I enclose three documents:"),
            ("minutes", "for 25 minutes", "for 35 minutes"),
            ("weekday", "Saturday 17 January", "Friday 17 January"),
        ),
    ),
)


def build(appeal: Appeal, on: dict[str, bool]) -> str:
    return slipped(appeal.text, appeal.slips, on, appeal.name)


# Reading an appeal ------------------------------------------------------------------------------


def first_line(answer: str, pattern: re.Pattern[str]) -> str:
    """The first line `pattern` matches, or an empty line."""
    return next((line for line in answer.splitlines() if pattern.search(line)), "")


def in_time_order(lines: list[str]) -> bool:
    """The first times of the lines that give one go up, and there are two or more."""
    times = [t for line in lines if (t := clock(line)) is not None]
    return len(times) >= 2 and times == sorted(times)


def enclosures_right(answer: str) -> bool:
    """The count on the line that encloses or attaches documents is the number of list items right after it."""
    lines = answer.splitlines()
    at = next((i for i, line in enumerate(lines) if ENCLOSED.search(line)), None)
    if at is None or (said := number_in(lines[at])) is None:
        return False
    items = 0
    for line in lines[at + 1 :]:
        if LIST_ITEM.match(line):
            items += 1
        elif line.strip() or items:
            break
    return said == items


def minutes_right(answer: str) -> bool:
    """The first line with a count of minutes and two times gives the minutes between them."""
    line = next((line for line in answer.splitlines() if MINUTES.search(line) and len(clocks(line)) >= 2), "")
    found, times = MINUTES.search(line), clocks(line)
    return found is not None and int(found.group(1)) == times[1] - times[0]


WORDINGS = {
    "pcn": (
        "Gives the PCN number as {pcn} every time",
        "Writes the penalty charge notice number, {pcn}, the same way throughout",
    ),
    "no_pay": ("Does not offer to pay the fine", "Makes no offer to pay a reduced or full charge"),
    "recipient": ("Its salutation greets the {team} by name", "Addresses the {team} in the 'Dear ...' line"),
    "order": ("Its timeline lists the events in time order", "The timeline's entries run in chronological order"),
    "reference": (
        "The reference or subject line includes the registration {registration}",
        "Puts the vehicle registration ({registration}) in the subject or Re: line",
    ),
    "words": ("The letter is under {limit} words", "Keeps the whole appeal to at most {limit} words"),
    "enclosures": (
        "The number of enclosed documents it states matches the documents listed",
        "Says how many documents are enclosed, and lists that many",
    ),
    "minutes": (
        "The number of minutes it gives between the two times is right",
        "Its stated gap in minutes matches the times given",
    ),
    "weekday": (
        "The weekday given for the date of the notice is right",
        "The date the PCN was issued falls on the weekday it names",
    ),
}
"""Two wordings of each kind of criterion, filled from the appeal."""


def truths(appeal: Appeal, answer: str) -> dict[str, bool]:
    return {
        "pcn": set(PCN.findall(answer)) == {appeal.pcn},
        "no_pay": PAY.search(answer) is None,
        "recipient": appeal.team.lower() in first_line(answer, SALUTATION).lower(),
        "order": in_time_order(section(answer, TIMELINE) or []),
        "reference": appeal.registration in first_line(answer, REFERENCE),
        "words": word_count(answer) <= appeal.limit,
        "enclosures": enclosures_right(answer),
        "minutes": minutes_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, appeal: Appeal, answer: str) -> list[Criterion]:
    filled = {"pcn": appeal.pcn, "team": appeal.team, "registration": appeal.registration, "limit": appeal.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(appeal, answer).items()
    ]


SWITCHES = ("order", "pcn", "no_pay", "recipient", "reference", "words", "enclosures", "minutes", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, APPEALS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Lost property family (fresh35): the lost property report a venue asks for at the end of a week or a month
(a theatre, a leisure centre, a museum, a football stadium), with a short summary, the items handed in with
their references, where and when each was found and how long it is kept, the items already returned and how
to collect one, a kind of answer no grader was run on while any of its rules was written. Run only as `--set
fresh35`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the report (Markdown headings with the items in a table, bold labels with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then
changed by switches. Every truth is read from the text: the photo ID request, phone numbers, email addresses
and references by the characters that write them, the sections by their headings, the summary's sentences as
the runs ending in a full stop, the items as the lines writing two dates (the first the day it was found,
the second the day it is kept until), the count from the first count before "items were handed in", and the
share returned from the first line writing "N of the M items" and a percentage.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta

from benchmarks.labelled import (
    ISO_DATE,
    MONTHS,
    NAMED_DATE,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    heading_of,
    number_in,
    pick_wording,
    section,
    slipped,
    swap_lines,
    switched_cases,
)

FAMILY = "lost_property"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
PHOTO_ID = re.compile(r"\bphoto(?:graphic)?\s+ID\b|\bphoto identification\b", re.I)
MOBILE = re.compile(r"\b07\d{3}\s?\d{3}\s?\d{3}\b")
EMAIL = re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")
REF = re.compile(r"\b[A-Z]{2}-\d+\b")
SUMMARY = r"summary|this week|in brief"
RETURNED = re.compile(r"returned|back with", re.I)
SAY_COUNT = rf"\d+|{'|'.join(NUMBER_WORDS)}"
HANDED_IN = re.compile(rf"\b({SAY_COUNT})\s+items?\s+(?:were|was|have been)\s+handed in", re.I)
SHARE = re.compile(rf"\b({SAY_COUNT}) of (?:the |our )?({SAY_COUNT}) items?[^%\n]*?(\d+(?:\.\d+)?)\s*%", re.I)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class Report:
    name: str
    """The venue."""
    task: str
    text: str
    """The answer written right."""
    prefix: str
    days: int
    sentences: int
    """The references' letters, the days an item is kept and the summary's limit in sentences."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


LYCEUM = """# Lost property report: the Lyceum Theatre

## This week
Seven items were handed in at the Lyceum this week, from the first night of Blithe Spirit to the Saturday matinee. Two are already back with their owners.

## Items handed in
| Ref | Found | Where | Item | Kept until |
|---|---|---|---|---|
| LP-0412 | 2 Mar 2026 | Stalls, row F | black umbrella | 30 Mar 2026 |
| LP-0413 | 3 Mar 2026 | Circle bar | grey wool scarf | 31 Mar 2026 |
| LP-0414 | 4 Mar 2026 | Stalls toilets | silver bracelet | 1 Apr 2026 |
| LP-0415 | 5 Mar 2026 | Dress circle, row B | reading glasses in a brown case | 2 Apr 2026 |
| LP-0416 | 6 Mar 2026 | Foyer | child's blue raincoat | 3 Apr 2026 |
| LP-0417 | 7 Mar 2026 | Upper circle | phone charger | 4 Apr 2026 |
| LP-0418 | 7 Mar 2026 | Stalls, row K | car key on a red fob | 4 Apr 2026 |

## Returned to owners
- LP-0412, black umbrella: collected 4 March 2026
- LP-0417, phone charger: collected 8 March 2026

So far 2 of the 7 items (29%) are back with their owners.

## Collecting an item
Ask at the box office, open 10:00 am to 6:00 pm, Monday to Saturday. Please bring photo ID and describe the item. Anything not collected by its date goes to the Lyceum's charity shop.

Box office: 0114 555 0873
"""

KINGSMEAD = """**Kingsmead Leisure Centre: lost property this week**

**In brief**
Five items were handed in at Kingsmead this week. Two of them are already back with their owners.

**Items handed in**
- KM-2201: pink swimming goggles, found 9 June 2026 in the changing village, kept until 23 June 2026
- KM-2202: white trainers, size 6, found 10 June 2026 by the sports hall, kept until 24 June 2026
- KM-2203: gold stud earring, found 11 June 2026 at the poolside, kept until 25 June 2026
- KM-2204: blue beach towel, found 12 June 2026 in the spectator gallery, kept until 26 June 2026
- KM-2205: key for locker 48, found 13 June 2026 in the gym, kept until 27 June 2026

**Back with their owners**
- KM-2202, white trainers: collected 12 June 2026
- KM-2205, locker key: collected 13 June 2026

That is 2 of the 5 items (40%).

**Collecting an item**
- Ask at reception, open 6:30 am to 10:00 pm every day.
- Bring photo ID; for a child's item, the parent's.
- Anything not collected by its date is given to charity or recycled.

Kingsmead Leisure Centre, 01782 555 410
"""

HARBOUR = """Lost property report: Harbour Museum

Summary:
Six items were handed in at the Harbour Museum this week, most of them in the galleries on Saturday.

Items handed in:
1. HM-0087, 14 Sep 2026, café: green umbrella, kept until 14 Oct 2026
2. HM-0088, 15 Sep 2026, gallery 2: child's grey hat, kept until 15 Oct 2026
3. HM-0089, 17 Sep 2026, shop: black leather glove, kept until 17 Oct 2026
4. HM-0090, 18 Sep 2026, toilets by the lift: steel water bottle, kept until 18 Oct 2026
5. HM-0091, 19 Sep 2026, gallery 4: sunglasses, kept until 19 Oct 2026
6. HM-0092, 20 Sep 2026, cloakroom: library book, kept until 20 Oct 2026

Returned to owners:
1. HM-0088, child's grey hat: collected 16 September 2026

1 of the 6 items (17%) has been returned.

Collecting an item:
Ask at the front desk, 10:00 to 17:00 daily. You will need photo ID, and please tell us where you think you lost it.

Harbour Museum front desk, 01326 555 128
"""

RIVERSIDE = """### Lost property: January home games

| Report | |
|---|---|
| Venue | Riverside Stadium |
| Games | 10, 17 and 24 January |
| Kept for | 21 days |
| Enquiries | 01642 555 300 |

### Summary
Eight items were handed in at our three home games in January. Three have been collected.

### Items handed in
| Ref | Item | Where found | Found | Kept until |
|---|---|---|---|---|
| RS-1140 | black padded coat | Block C, row 12 | 2026-01-10 | 2026-01-31 |
| RS-1141 | child's scarf in club colours | Family stand | 2026-01-10 | 2026-01-31 |
| RS-1142 | brown wallet | Turnstile 4 | 2026-01-10 | 2026-01-31 |
| RS-1143 | reading glasses | Block A | 2026-01-17 | 2026-02-07 |
| RS-1144 | umbrella | Concourse bar | 2026-01-17 | 2026-02-07 |
| RS-1145 | phone with a cracked screen | Block D toilets | 2026-01-24 | 2026-02-14 |
| RS-1146 | bobble hat | Block C, row 3 | 2026-01-24 | 2026-02-14 |
| RS-1147 | car keys | Car park B | 2026-01-24 | 2026-02-14 |

### Back with their owners
- RS-1142, brown wallet: collected 12 January 2026
- RS-1145, phone: collected 26 January 2026
- RS-1147, car keys: collected 24 January 2026

In all, 3 of the 8 items (37.5%) have been collected.

### How to collect
Come to the ticket office, 9:00 to 17:00 on weekdays, with photo ID. Items not collected within 21 days go to the club's foundation shop.
"""

DETAIL = (
    " Staff check the building at closing time and bring anything they find to the desk. Each item is logged,"
    " labelled and stored in a locked cupboard. Valuables such as phones and wallets go in the safe."
)

REPORTS = (
    Report(
        "Lyceum",
        "Write this week's lost property report for the Lyceum Theatre, Markdown. A summary of three sentences at "
        "most, saying how many items were handed in. Then the items in a table in the order they were found, each "
        "with its LP- reference (LP and four digits), where it was found and the date it's kept until (28 days after "
        "it was found): LP-0412 umbrella 2 Mar, LP-0413 scarf 3 Mar, LP-0414 bracelet 4 Mar, LP-0415 glasses 5 Mar, "
        "LP-0416 raincoat 6 Mar, LP-0417 charger 7 Mar, LP-0418 car key 7 Mar (all 2026). A Returned to owners "
        "section (the umbrella and the charger) with the share returned as a percentage. Owners must bring photo ID. "
        "Don't include any owner's phone number or email.",
        LYCEUM,
        "LP",
        28,
        3,
        (
            swap_lines(LYCEUM, "| LP-0414 |", "| LP-0415 |"),
            ("photo_id", "Please bring photo ID and describe the item.", "Please describe the item when you ask."),
            ("no_contact", "collected 4 March 2026", "collected 4 March 2026 by Mr Harris (07700 900442)"),
            ("refs", "| LP-0416 |", "| LP-416 |"),
            ("returned", "## Returned to owners\n", ""),
            ("summary", "Two are already back with their owners.", "Two are already back with their owners." + DETAIL),
            ("count", "Seven items were handed in", "Eight items were handed in"),
            ("kept", "| 31 Mar 2026 |", "| 1 Apr 2026 |"),
            ("share", "(29%)", "(27%)"),
        ),
    ),
    Report(
        "Kingsmead",
        "Please write Kingsmead Leisure Centre's weekly lost property report: bold headings and bullets. A summary "
        "in three sentences or fewer with the number of items handed in, then each item in the order found with its "
        "KM reference (KM- and four digits), where it was found and its kept-until date, 14 days after finding: "
        "goggles 9 June, trainers 10 June, earring 11 June, towel 12 June, locker key 13 June 2026 (KM-2201 to "
        "KM-2205). A section on the items back with their owners (trainers and locker key) and what share that is. "
        "Ask owners for photo ID. No personal contact details of anyone who collected.",
        KINGSMEAD,
        "KM",
        14,
        3,
        (
            swap_lines(KINGSMEAD, "- KM-2203:", "- KM-2204:"),
            (
                "photo_id",
                "- Bring photo ID; for a child's item, the parent's.",
                "- Tell us what the item is and where you lost it.",
            ),
            (
                "no_contact",
                "white trainers: collected 12 June 2026",
                "white trainers: collected 12 June 2026 by Ms Green, 07700 900615",
            ),
            ("refs", "- KM-2204:", "- KM-224:"),
            ("returned", "**Back with their owners**\n", ""),
            ("summary", "already back with their owners.\n", "already back with their owners." + DETAIL + "\n"),
            ("count", "Five items were handed in", "Six items were handed in"),
            ("kept", "kept until 25 June 2026", "kept until 24 June 2026"),
            ("share", "(40%)", "(50%)"),
        ),
    ),
    Report(
        "Harbour Museum",
        "Plain text, no Markdown (Label: lines and a numbered list): the Harbour Museum's lost property report for the "
        "week. Summary of no more than two sentences, with the number of items handed in. Items in the order found, "
        "each with its HM reference (HM- and four digits), the date found, where, and the date kept until, 30 days "
        "later: HM-0087 umbrella 14 Sep, HM-0088 hat 15 Sep, HM-0089 glove 17 Sep, HM-0090 bottle 18 Sep, HM-0091 "
        "sunglasses 19 Sep, HM-0092 library book 20 Sep 2026. Then a Returned to owners heading (the hat) with the "
        "percentage returned. Say that photo ID is needed to collect. No visitors' phone numbers or emails.",
        HARBOUR,
        "HM",
        30,
        2,
        (
            swap_lines(HARBOUR, "2. HM-0088,", "3. HM-0089,"),
            ("photo_id", "You will need photo ID, and please", "Please"),
            ("no_contact", "collected 16 September 2026", "collected 16 September 2026 by Mrs Penrose, 07700 900238"),
            ("refs", "5. HM-0091,", "5. HM-091,"),
            ("returned", "Returned to owners:\n", ""),
            ("summary", "in the galleries on Saturday.", "in the galleries on Saturday." + DETAIL),
            ("count", "Six items were handed in", "Five items were handed in"),
            ("kept", "kept until 18 Oct 2026", "kept until 17 Oct 2026"),
            ("share", "(17%)", "(16%)"),
        ),
    ),
    Report(
        "Riverside",
        "Lost property report for Riverside Stadium's January home games (10, 17 and 24 January 2026): ### headings "
        "and a small table of the report's details at the top. A summary of at most two sentences giving the number "
        "of items handed in; the items in a table in the order found, with RS references (RS- and four digits, "
        "RS-1140 to RS-1147), ISO dates found and kept until (21 days later). A section for the items back with their "
        "owners (wallet, phone, car keys) and the percentage returned. Photo ID is needed to collect. Keep fans' "
        "phone numbers and emails out of it.",
        RIVERSIDE,
        "RS",
        21,
        2,
        (
            swap_lines(RIVERSIDE, "| RS-1142 |", "| RS-1143 |"),
            ("photo_id", "on weekdays, with photo ID.", "on weekdays, with a description of the item."),
            (
                "no_contact",
                "phone: collected 26 January 2026",
                "phone: collected 26 January 2026 by Dean Hollis (07700 900873)",
            ),
            ("refs", "| RS-1146 |", "| RS-146 |"),
            ("returned", "### Back with their owners\n", ""),
            ("summary", "Three have been collected.", "Three have been collected." + DETAIL),
            ("count", "Eight items were handed in", "Seven items were handed in"),
            ("kept", "Block A | 2026-01-17 | 2026-02-07", "Block A | 2026-01-17 | 2026-02-08"),
            ("share", "(37.5%)", "(33.3%)"),
        ),
    ),
)


def build(report: Report, on: dict[str, bool]) -> str:
    return slipped(report.text, report.slips, on, report.name)


# Reading a report -------------------------------------------------------------------------------


def dates_of(line: str) -> list[date]:
    """Every date `line` writes in ISO form or as `9 Jun 2026`, in the order written."""
    found = [(m.start(), date(*(int(g) for g in m.groups()))) for m in ISO_DATE.finditer(line)]
    for m in NAMED_DATE.finditer(line):
        found.append((m.start(), date(int(m.group(3)), MONTHS.index(m.group(2).lower()[:3]) + 1, int(m.group(1)))))
    return [day for _, day in sorted(found)]


def items(answer: str) -> list[list[date]]:
    """The items: each line writing two dates or more, as its dates."""
    return [days for line in answer.splitlines() if len(days := dates_of(line)) >= 2]


def in_found_order(answer: str) -> bool:
    """Whether the items' found dates never go back from one line to the next."""
    found = [days[0] for days in items(answer)]
    return len(found) >= 2 and all(one <= two for one, two in zip(found, found[1:], strict=False))


def kept_right(answer: str, days: int) -> bool:
    """Whether every item's second date is `days` days after its first."""
    listed = items(answer)
    return bool(listed) and all(dates[1] - dates[0] == timedelta(days=days) for dates in listed)


def refs_right(answer: str, prefix: str) -> bool:
    """Whether the answer writes references and each is `prefix`, a hyphen and four digits."""
    refs = REF.findall(answer)
    return bool(refs) and all(re.fullmatch(rf"{prefix}-\d{{4}}", ref) for ref in refs)


def count_right(answer: str) -> bool:
    """Whether the first count before "items were handed in" is the number of items."""
    stated = HANDED_IN.search(answer)
    return stated is not None and number_in(stated.group(1)) == len(items(answer))


def share_right(answer: str) -> bool:
    """On the first "N of the M items ... P%": P is N over M as a percentage, to P's last written digit."""
    found = SHARE.search(answer)
    if found is None:
        return False
    part, whole = number_in(found.group(1)), number_in(found.group(2))
    if part is None or not whole:
        return False
    places = len(found.group(3).partition(".")[2])
    return abs(100 * part / whole - float(found.group(3))) <= 0.5 * 10**-places + 1e-9


def sentence_count(text: str) -> int:
    """The runs of `text` that end in a full stop, a question mark or an exclamation mark and a space."""
    return len([part for part in SENTENCE_END.split(text.strip()) if part])


def returned_heading(answer: str) -> bool:
    """Whether some heading is about the items returned to their owners."""
    return any((title := heading_of(line)) is not None and RETURNED.search(title) for line in answer.splitlines())


WORDINGS = {
    "photo_id": ("Tells owners to bring photo ID to collect an item", "Says photo ID is needed to claim an item"),
    "no_contact": (
        "Includes no owner's phone number or email address",
        "Does not give the personal contact details of anyone who collected an item",
    ),
    "refs": (
        "Every reference is written as {prefix}- followed by four digits",
        "Item references all use the {prefix}-0000 format",
    ),
    "order": (
        "Lists the items in the order they were found, earliest first",
        "The items handed in appear in date order",
    ),
    "returned": (
        "Has a separate section for items returned to their owners",
        "Includes a heading for the items already returned",
    ),
    "summary": (
        "Keeps the summary to {sentences} sentences or fewer",
        "The opening summary is no more than {sentences} sentences long",
    ),
    "count": (
        "The number of items said to have been handed in matches the items listed",
        "States how many items were handed in, and the number matches the list",
    ),
    "kept": (
        "Each item's kept-until date is {days} days after the date it was found",
        "Works out every item's kept-until date correctly as {days} days after it was found",
    ),
    "share": (
        "The percentage of items returned is right for the numbers given",
        "Correctly works out what percentage of the items have been returned",
    ),
}
"""Two wordings of each kind of criterion, filled from the report."""


def truths(report: Report, answer: str) -> dict[str, bool]:
    summary = " ".join(section(answer, SUMMARY) or [])
    return {
        "photo_id": PHOTO_ID.search(answer) is not None,
        "no_contact": MOBILE.search(answer) is None and EMAIL.search(answer) is None,
        "refs": refs_right(answer, report.prefix),
        "order": in_found_order(answer),
        "returned": returned_heading(answer),
        "summary": 0 < sentence_count(summary) <= report.sentences,
        "count": count_right(answer),
        "kept": kept_right(answer, report.days),
        "share": share_right(answer),
    }


def candidates(rng: random.Random, report: Report, answer: str) -> list[Criterion]:
    filled = {"prefix": report.prefix, "sentences": NUMBER_WORDS[report.sentences], "days": report.days}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(report, answer).items()
    ]


SWITCHES = ("order", "photo_id", "no_contact", "refs", "returned", "summary", "count", "kept", "share")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, REPORTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Bin day changes family (fresh34): the notice a council's waste team asks for to tell residents how a bank
holiday moves their bin collections (Easter in a market town, the late May bank holiday, the August bank
holiday, Easter the next year), with a title, the usual and new collection days, when to put bins out, what
to do with extra waste and where to check, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh34`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the notice (Markdown headings with the dates in a table, bold headings with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then
changed by switches. Every truth is read from the text: the title from the first line that is not blank,
the time to put bins out, the capitals and the web address by the words that write them, the sections by
their headings, the changed collections as the lines with two dates (the usual, then the new), each weekday
from the date that follows it, and the weight limit from the first line with kilograms and pounds.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import (
    MONTHS,
    NAMED_DATE,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    converted,
    heading_order,
    pick_wording,
    slipped,
    swap_spans,
    switched_cases,
)

FAMILY = "bin_day_changes"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
PUT_OUT = re.compile(r"\b(?:bins?|boxes)\b[^.\n]*\bout\b[^.\n]*\bby\s+\d{1,2}(?::\d{2})?\s*(?:am|a\.m\.)", re.I)
SHOUTING = re.compile(r"\b[A-Z]{2,}(?:\s+[A-Z]{2,})+\b")
WEB = re.compile(r"\b(?:www\.)?[\w-]+(?:\.[\w-]+)*\.gov\.uk\b", re.I)
TITLED = re.compile(r"\b(?:bin|bins|collections?|recycling)\b", re.I)
DATES = r"collection (?:days?|dates)\s*$"
EXTRA = r"^extra|side waste"
DAY_DATE = re.compile(r"\b(mon|tues|wednes|thurs|fri|satur|sun)day\s+(\d{1,2}\s+[a-z]+\s+\d{4})", re.I)
"""A weekday's name and the date written just after it."""
KG = re.compile(r"(\d+(?:\.\d+)?)\s*kg\b")
LB = re.compile(r"(\d+(?:\.\d+)?)\s*(?:lb|lbs|pounds)\b")
POUNDS_PER_KG = 2.20462


@dataclass(frozen=True)
class Notice:
    name: str
    """The town the notice is for."""
    task: str
    text: str
    """The answer written right."""
    rows: int
    later: int
    """The collections that move, and the days each one moves later."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


RIPON = """# Easter bin collections in Ripon

Dear residents,

The Good Friday and Easter Monday bank holidays move some of your bin collections. Each collection below is one day later than usual. Please put your bins out by 7:00 am on the new day.

## New collection days
| Usual collection day | New collection day |
|---|---|
| Friday 3 April 2026 | Saturday 4 April 2026 |
| Monday 6 April 2026 | Tuesday 7 April 2026 |
| Tuesday 7 April 2026 | Wednesday 8 April 2026 |
| Wednesday 8 April 2026 | Thursday 9 April 2026 |
| Thursday 9 April 2026 | Friday 10 April 2026 |
| Friday 10 April 2026 | Saturday 11 April 2026 |

Collections are back to normal from Monday 13 April 2026.

## Extra recycling
Put any extra recycling in a clear bag next to your blue bin. Each bag must weigh no more than 10 kg (22 lb) so the crews can lift it safely. Please do not put out extra bags of general rubbish, as we cannot take them.

## Check your collection day
Find your collection day at www.northyorks.gov.uk/bins, or call 0300 131 2131.

North Yorkshire Council waste team
"""

HARROGATE = """**Bank holiday bin collections, Harrogate**

Hello,

Monday 25 May 2026 is the late May bank holiday, so every collection that week is one day later than usual, including Friday's, which moves to Saturday. Please have your bins out by 6:30 am, as crews start early on catch-up days.

**Your new collection day**
- Monday 25 May 2026: now Tuesday 26 May 2026
- Tuesday 26 May 2026: now Wednesday 27 May 2026
- Wednesday 27 May 2026: now Thursday 28 May 2026
- Thursday 28 May 2026: now Friday 29 May 2026
- Friday 29 May 2026: now Saturday 30 May 2026

**Extra waste**
- Extra recycling can go out in a cardboard box or clear sack next to your bin, up to 15 kg (33 lb) each.
- Please do not leave extra black bags beside your bin, as they will not be collected.

**More information**
Check your day online at www.harrogate.gov.uk/bincollections or ring 01423 500600.

Harrogate Waste Services
"""

KENDAL = """August bank holiday: bin collection changes in Kendal

Dear resident,

Monday 31 August 2026 is a bank holiday. All collections that week will be one day later than normal, and the last ones will be on Saturday. Please put your bins and boxes out by 7 am on your new collection day.

New collection dates:
1. Monday 31 August 2026 becomes Tuesday 1 September 2026
2. Tuesday 1 September 2026 becomes Wednesday 2 September 2026
3. Wednesday 2 September 2026 becomes Thursday 3 September 2026
4. Thursday 3 September 2026 becomes Friday 4 September 2026
5. Friday 4 September 2026 becomes Saturday 5 September 2026

Extra recycling:
Extra paper and card can be flattened and put in a bag next to your box, but each bag should weigh no more than 20 kg (44 lb).

Please do not leave extra rubbish bags out, as we can't collect them.

Contact us:
Visit www.westmorlandandfurness.gov.uk/bins or phone 0300 373 3300.

Westmorland and Furness Council
"""

SKIPTON = """### Easter bin collections: Skipton

| At a glance | |
|---|---|
| Bank holiday | Easter Monday, 29 March 2027 |
| What changes | every collection that week is one day later |
| Back to normal | from Monday 5 April 2027 |

Dear residents,

Easter Monday is a bank holiday, so collections in Skipton move back by a day for the rest of that week. Your bins need to be out by 7:00 am on the new day, and please leave them at the kerb until the evening, as crews may be running late.

### Collection dates
| Usual day | New day |
|---|---|
| Monday 29 March 2027 | Tuesday 30 March 2027 |
| Tuesday 30 March 2027 | Wednesday 31 March 2027 |
| Wednesday 31 March 2027 | Thursday 1 April 2027 |
| Thursday 1 April 2027 | Friday 2 April 2027 |
| Friday 2 April 2027 | Saturday 3 April 2027 |

### Side waste
Extra recycling is welcome in a clear sack beside your box, up to 10 kg (22 lb) a sack. Please do not put out extra bags of rubbish: only what fits in your grey bin with the lid shut can be taken.

### Find out more
Check your collection day at www.northyorks.gov.uk/bins or call 0300 131 2131.
"""

NOTICES = (
    Notice(
        "Ripon",
        "Write a residents' notice about Easter bin collections in Ripon, with a title and Markdown headings. Good "
        "Friday (3 April 2026) and the whole Easter Monday week move one day later: list all six changed collections "
        "in a table, usual day and new day, with weekdays. Back to normal Monday 13 April. Bins out by 7 am. Extra "
        "recycling in a clear bag, 10 kg at most (give it in lb too, lots of our residents think in pounds); no extra "
        "general waste. Put the dates before the extra waste advice, and give our web address "
        "(www.northyorks.gov.uk/bins) and phone number. Friendly, no shouting in capitals.",
        RIPON,
        6,
        1,
        (
            swap_spans(RIPON, "## New collection days", "## Extra recycling", "## Check your collection day"),
            ("title", "# Easter bin collections in Ripon\n\n", ""),
            (
                "put_out",
                "Please put your bins out by 7:00 am on the new day.",
                "Please put your bins out on the new day.",
            ),
            ("no_caps", "Please do not put out extra bags", "PLEASE DO NOT put out extra bags"),
            ("web", "at www.northyorks.gov.uk/bins, or call", "on our website, or call"),
            ("rows", "| Wednesday 8 April 2026 | Thursday 9 April 2026 |\n", ""),
            ("weekdays", "| Friday 10 April 2026 | Saturday", "| Thursday 10 April 2026 | Saturday"),
            (
                "shift",
                "| Monday 6 April 2026 | Tuesday 7 April 2026 |",
                "| Monday 6 April 2026 | Wednesday 8 April 2026 |",
            ),
            ("weight", "10 kg (22 lb)", "10 kg (20 lb)"),
        ),
    ),
    Notice(
        "Harrogate",
        "Bin collection notice for Harrogate residents for the late May bank holiday (Monday 25 May 2026): every "
        "collection that week is a day later, Friday's on Saturday. Needs a title, bold headings and bullets; the "
        "five changed days as usual day then new day, weekdays included; bins out by 6:30 am; then extra waste (boxes "
        "or clear sacks up to 15 kg each, please also say it in pounds; no extra black bags). Dates before the "
        "extra-waste part. Include www.harrogate.gov.uk/bincollections and 01423 500600. Don't write anything in "
        "block capitals.",
        HARROGATE,
        5,
        1,
        (
            swap_spans(HARROGATE, "**Your new collection day**", "**Extra waste**", "**More information**"),
            ("title", "**Bank holiday bin collections, Harrogate**\n\n", ""),
            (
                "put_out",
                "Please have your bins out by 6:30 am, as crews start early",
                "Please have your bins out early, as crews start early",
            ),
            ("no_caps", "Please do not leave extra black bags", "PLEASE DO NOT leave extra black bags"),
            ("web", "online at www.harrogate.gov.uk/bincollections or ring", "on our website or ring"),
            ("rows", "- Wednesday 27 May 2026: now Thursday 28 May 2026\n", ""),
            (
                "weekdays",
                "- Thursday 28 May 2026: now Friday 29 May 2026",
                "- Thursday 28 May 2026: now Saturday 29 May 2026",
            ),
            (
                "shift",
                "- Tuesday 26 May 2026: now Wednesday 27 May 2026",
                "- Tuesday 26 May 2026: now Thursday 28 May 2026",
            ),
            ("weight", "15 kg (33 lb)", "15 kg (30 lb)"),
        ),
    ),
    Notice(
        "Kendal",
        "Plain text only, no Markdown (a title line, Label: headings, a numbered list): a notice for Kendal residents "
        "about the August bank holiday, Monday 31 August 2026. Every collection that week is one day later; list the "
        "five changes as usual day then new day with weekdays. Bins and boxes out by 7 am. Then extra recycling: "
        "flattened paper and card in a bag by the box, up to 20 kg a bag (and in lb). No extra rubbish bags. The dates "
        "come before the extra recycling. End with www.westmorlandandfurness.gov.uk/bins and 0300 373 3300. Calm "
        "tone, no capitals for emphasis.",
        KENDAL,
        5,
        1,
        (
            swap_spans(KENDAL, "New collection dates:", "Extra recycling:", "Contact us:"),
            ("title", "August bank holiday: bin collection changes in Kendal\n\n", ""),
            (
                "put_out",
                "out by 7 am on your new collection day",
                "out on your new collection day",
            ),
            ("no_caps", "Please do not leave extra rubbish bags out", "PLEASE DO NOT leave extra rubbish bags out"),
            ("web", "Visit www.westmorlandandfurness.gov.uk/bins or phone", "Visit our website or phone"),
            ("rows", "\n5. Friday 4 September 2026 becomes Saturday 5 September 2026", ""),
            ("weekdays", "4. Thursday 3 September 2026 becomes", "4. Wednesday 3 September 2026 becomes"),
            (
                "shift",
                "2. Tuesday 1 September 2026 becomes Wednesday 2 September 2026",
                "2. Tuesday 1 September 2026 becomes Thursday 3 September 2026",
            ),
            ("weight", "20 kg (44 lb)", "20 kg (40 lb)"),
        ),
    ),
    Notice(
        "Skipton",
        "Can you write the Easter 2027 bin notice for Skipton? A ### title and headings, with a small at-a-glance "
        "table first. Easter Monday is 29 March 2027 and every collection that week is one day later: a table of the "
        "five collections, usual day and new day, weekdays included. Back to normal from 5 April. Bins out by 7 am "
        "on the new day. Side waste: extra recycling in clear sacks up to 10 kg (give lb as well), no extra rubbish. "
        "Collection dates before the side waste section. Link to www.northyorks.gov.uk/bins and give 0300 131 2131. "
        "Don't shout in capitals.",
        SKIPTON,
        5,
        1,
        (
            swap_spans(SKIPTON, "### Collection dates", "### Side waste", "### Find out more"),
            ("title", "### Easter bin collections: Skipton\n\n", ""),
            ("put_out", "need to be out by 7:00 am on the new day", "need to be out on the new day"),
            ("no_caps", "Please do not put out extra bags", "PLEASE DO NOT put out extra bags"),
            ("web", "at www.northyorks.gov.uk/bins or call", "on the council website or call"),
            ("rows", "| Wednesday 31 March 2027 | Thursday 1 April 2027 |\n", ""),
            (
                "weekdays",
                "| Friday 2 April 2027 | Saturday 3 April 2027 |",
                "| Friday 2 April 2027 | Sunday 3 April 2027 |",
            ),
            (
                "shift",
                "| Monday 29 March 2027 | Tuesday 30 March 2027 |",
                "| Monday 29 March 2027 | Wednesday 31 March 2027 |",
            ),
            ("weight", "10 kg (22 lb)", "10 kg (20 lb)"),
        ),
    ),
)


def build(notice: Notice, on: dict[str, bool]) -> str:
    return slipped(notice.text, notice.slips, on, notice.name)


# Reading a notice -------------------------------------------------------------------------------


def dates_of(line: str) -> list[date]:
    """Every date `line` writes as `9 June 2026`, in order."""
    return [
        date(int(year), MONTHS.index(month.lower()[:3]) + 1, int(day)) for day, month, year in NAMED_DATE.findall(line)
    ]


def rows(answer: str) -> list[list[date]]:
    """The changed collections: the dates of each line that writes two or more."""
    return [found for line in answer.splitlines() if len(found := dates_of(line)) >= 2]


def titled(answer: str) -> bool:
    """Whether the first line that is not blank is a short title about bins: no full stop or comma at its end."""
    first = next((line.strip(" #*") for line in answer.splitlines() if line.strip()), "")
    return bool(TITLED.search(first)) and len(first.split()) <= 12 and not first.endswith((".", ",", "!", "?"))


def weekdays_right(answer: str) -> bool:
    """Whether every weekday written just before a date is that date's, with at least one written."""
    pairs = [(day.lower(), dates_of(written)) for day, written in DAY_DATE.findall(answer)]
    return bool(pairs) and all(found and f"{found[0]:%A}".lower() == f"{day}day" for day, found in pairs)


def shift_right(answer: str, later: int) -> bool:
    """Whether each changed collection's new date (its line's second) is `later` days after the usual (its first)."""
    found = rows(answer)
    return bool(found) and all((days[1] - days[0]).days == later for days in found)


WORDINGS = {
    "put_out": (
        "Tells residents what time their bins need to be out by",
        "Gives a time by which bins should be put out",
    ),
    "no_caps": (
        "Does not use block capitals for emphasis",
        "Avoids shouting in capital letters",
    ),
    "web": (
        "Includes the council's web address for checking collection days",
        "Gives the council website address",
    ),
    "title": (
        "Starts with a title that says the notice is about bin collections",
        "Opens with a clear title about the bin collection changes",
    ),
    "order": (
        "Gives the changed collection dates before the advice about extra waste",
        "The section on extra waste comes after the list of new collection days",
    ),
    "rows": (
        "Lists all {rows} collections that change",
        "Includes exactly {rows} changed collection days, none missing",
    ),
    "weekdays": (
        "Every date has the right day of the week",
        "The weekdays given all match their dates",
    ),
    "shift": (
        "Each new collection date is {later} day after the usual one",
        "Every collection moves exactly {later} day later than its usual date",
    ),
    "weight": (
        "The weight limit in pounds is a correct conversion of the kilograms",
        "Converts the bag weight limit from kg to lb correctly",
    ),
}
"""Two wordings of each kind of criterion, filled from the notice."""


def truths(notice: Notice, answer: str) -> dict[str, bool]:
    return {
        "put_out": PUT_OUT.search(answer) is not None,
        "no_caps": SHOUTING.search(answer) is None,
        "web": WEB.search(answer) is not None,
        "title": titled(answer),
        "order": heading_order(answer, DATES, EXTRA),
        "rows": len(rows(answer)) == notice.rows,
        "weekdays": weekdays_right(answer),
        "shift": shift_right(answer, notice.later),
        "weight": converted(answer, KG, LB, POUNDS_PER_KG),
    }


def candidates(rng: random.Random, notice: Notice, answer: str) -> list[Criterion]:
    filled = {"rows": NUMBER_WORDS[notice.rows], "later": NUMBER_WORDS[notice.later]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(notice, answer).items()
    ]


SWITCHES = ("order", "title", "put_out", "no_caps", "web", "rows", "weekdays", "shift", "weight")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, NOTICES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Rent increase family (fresh25): the notice of a rent increase a task asks a landlord or letting agent to send a
tenant (a Bristol agent's figures in a Markdown table, a Berkeley landlord's as bullets, a Malahide landlord's in a
fenced block, a Sydney agent's as plain lines), with the notice's date and weekday, the tenancy's reference, the
current and new rent, the rise in money and as a percentage, the new rent converted to another period, the date the
new rent starts, and where the tenant may challenge it, a kind of answer no grader was run on while any of its rules
was written. Run only as `--set fresh25`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the notice written right and then changed by switches: the percentage rise worked on the current rent to
one decimal place or not, the rise in money the new rent less the current or not, the converted rent right to the
penny or cent or not, the new rent starting at least the task's days after the notice's date or sooner, the notice's
weekday that of its date or not, the tenancy's reference as given or two of its digits swapped, the matter the task
says to leave out unmentioned or mentioned, the opening sentence giving the same new rent as the figures or another,
and the body the tenant may go to named or a vaguer line. Every truth is read from the text: each figure is on the
first line holding the subject's label for it (the rents, the rise and the converted rent the last amount after a
currency sign, the percentage the first figure before `%`, the dates the first date); the opening's new rent is the
last amount on the first line with the subject's opening words.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import timedelta
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    date_in,
    last_money,
    line_with,
    pick_wording,
    slipped,
    switched_cases,
    weekday_matches,
)

FAMILY = "rent_increase"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
CENT = Decimal("0.01")
TENTH = Decimal("0.1")
PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%")
LABELS = ("old", "new", "rise", "percent", "converted", "served", "starts", "opening")


@dataclass(frozen=True)
class Notice:
    task: str
    text: str
    """The answer written right."""
    name: str
    labels: tuple[str, ...]
    """The words, in lower case, on the first line holding each of `LABELS`."""
    period: str
    """What the rent is paid by: `monthly` or `weekly`."""
    conversion: tuple[int, int, str, str, str]
    """(multiply the new rent by, divide by, the converted rent in words, the sum in words, the smallest coin)."""
    days: int
    """The fewest days from the notice's date to the new rent's start."""
    reference: tuple[str, str]
    """(the reference, what it is in words)."""
    secret: tuple[str, str]
    """(the word an answer mentioning what the task leaves out writes, that thing in words)."""
    body: str
    """Where the tenant may challenge the rise."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


AVON = """# Notice of rent increase

**To:** Mr Daniel Okoro, Flat 3, 27 Hanover Street, Bristol BS1 4QF
**From:** Avon Lettings Ltd, on behalf of the landlord, Mrs Ruth Cole
**Date of notice:** Monday 2 March 2026
**Tenancy reference:** AVL-2291-H

Dear Mr Okoro,

Following our annual review, your rent will go up to £1,245.00 a month from the date in the table below.

| Item | Amount or date |
|---|---|
| Current rent | £1,180.00 a month |
| New rent | £1,245.00 a month |
| Increase | £65.00 a month |
| Percentage rise | 5.5% |
| Weekly equivalent of the new rent | £287.31 |
| New rent starts | 15 May 2026 |

Please keep paying on the 15th of each month, quoting your tenancy reference.
If you think the new rent is more than the going rate, you can refer this notice to the First-tier Tribunal (Property Chamber) before it takes effect.

Yours sincerely,
Priya Desai, Avon Lettings Ltd"""

SHATTUCK = """**Notice of Rent Increase**

- Date of notice: Thursday, 2026-04-02
- Tenant: Ms. Jordan Reyes, 1840 Alcatraz Ave, Apt 2B, Berkeley, CA 94703
- Landlord: Shattuck Property Group LLC
- Unit ID: SPG-1840-2B

Dear Ms. Reyes,

Your monthly rent will increase to $2,436.00 on the effective date below.

- Current monthly rent: $2,350.00
- New monthly rent: $2,436.00
- Monthly increase: $86.00
- Percentage increase: 3.7%
- Daily rate for proration (new rent × 12 ÷ 365): $80.09
- Effective date: 2026-06-01

Rent remains due on the 1st of each month.
If you believe this increase is more than the law allows, you may file a petition with the Berkeley Rent
Stabilization Board.

Sincerely,
Alan Cho, Shattuck Property Group LLC"""

HANLON = """Here is the notice, ready to print:

```text
NOTICE OF RENT REVIEW
Date of service:       Friday 6 Feb 2026
Tenant:                Ms Niamh Gallagher
Dwelling:              Apt 12, Marina Village, Malahide, Co. Dublin, K36 F2X7
Landlord:              Seamus Hanlon
RTB registration no.:  RT0081245

Dear Ms Gallagher, following a review your rent will rise to €1,905.00 a month.

Current rent:          €1,875.00 a month
New rent:              €1,905.00 a month
Increase:              €30.00 a month
Increase as a %:       1.6%
New rent a year:       €22,860.00
New rent applies from: 11 May 2026

The rent stays within the Rent Pressure Zone limit. You may refer a dispute about this review to the Residential
Tenancies Board within 28 days of receiving this notice.

Signed: Seamus Hanlon, landlord
```"""

INNER_WEST = """Notice of rent increase
Date of notice: Wednesday 14 January 2026
To: Ben and Hannah Walsh, 9 Carrington Street, Summer Hill NSW 2130
From: Inner West Realty, agent for the landlord, Mr George Papadopoulos
Lease reference: IWR-0914-C
Your rent will increase to $785.00 a week from the start date below.
Current rent: $735.00 per week
New rent: $785.00 per week
Rise per week: $50.00
Percentage rise: 6.8%
Monthly equivalent of the new rent (weekly × 52 ÷ 12): $3,401.67
New rent starts: 23 March 2026
Rent is still paid fortnightly in advance.
If you think the increase is excessive, you can apply to the NSW Civil and Administrative Tribunal within 30 days.
Kate Lin, property manager, Inner West Realty"""

NOTICES = (
    Notice(
        "Write a rent increase notice from Avon Lettings Ltd (for the landlord, Mrs Ruth Cole) to Mr Daniel Okoro, Flat "
        "3, 27 Hanover Street, Bristol BS1 4QF, tenancy reference AVL-2291-H, dated Monday 2 March 2026. His rent goes "
        "from £1,180.00 to £1,245.00 a month. Put the figures in a Markdown table: current rent, new rent, the monthly "
        "increase, the percentage rise to one decimal place, and the new rent's weekly equivalent (× 12 ÷ 52, to the "
        "penny). Rent is due on the 15th, and the new rent must start on a rent day at least 60 days after the date of "
        "the notice. Tell him he can refer it to the First-tier Tribunal (Property Chamber). Leave out the noise "
        "complaint about the neighbours; that is being dealt with separately. Sign it Priya Desai.",
        AVON,
        "Avon",
        (
            "current rent",
            "| new rent |",
            "| increase |",
            "percentage rise",
            "weekly equivalent",
            "date of notice",
            "new rent starts",
            "will go up to",
        ),
        "monthly",
        (12, 52, "weekly equivalent", "× 12 ÷ 52", "penny"),
        60,
        ("AVL-2291-H", "tenancy reference"),
        ("noise", "the neighbours' noise complaint"),
        "First-tier Tribunal",
        (
            ("percent", "| 5.5% |", "| 5.2% |"),
            ("rise", "£65.00 a month", "£56.00 a month"),
            ("converted", "£287.31", "£311.25"),
            ("notice", "| 15 May 2026 |", "| 15 April 2026 |"),
            ("weekday", "Monday 2 March 2026", "Tuesday 2 March 2026"),
            ("reference", "AVL-2291-H", "AVL-2219-H"),
            ("secret", "Yours sincerely,", "We are still looking into your noise complaint.\n\nYours sincerely,"),
            ("agree", "go up to £1,245.00", "go up to £1,254.00"),
            (
                "body",
                "you can refer this notice to the First-tier Tribunal (Property Chamber) before it takes effect",
                "please contact our office before it takes effect",
            ),
        ),
    ),
    Notice(
        "Draft a notice of rent increase for Ms. Jordan Reyes, 1840 Alcatraz Ave, Apt 2B, Berkeley, CA 94703, from "
        "Shattuck Property Group LLC, as bullet points with ISO dates; unit ID SPG-1840-2B; signed by Alan Cho. Date "
        "it Thursday, April 2, 2026. Rent goes from $2,350.00 to $2,436.00 a month: list the current and new rent, the "
        "monthly increase, the percentage increase to one decimal, and the daily rate we use for proration (new rent "
        "× 12 ÷ 365, to the cent). Rent is due on the 1st; the increase can take effect no sooner than 30 days after "
        "the notice date. Say she may petition the Berkeley Rent Stabilization Board. Do not mention the pending sale "
        "of the building.",
        SHATTUCK,
        "Shattuck",
        (
            "current monthly rent",
            "new monthly rent",
            "monthly increase",
            "percentage increase",
            "daily rate",
            "date of notice",
            "effective date:",
            "will increase to",
        ),
        "monthly",
        (12, 365, "daily proration rate", "× 12 ÷ 365", "cent"),
        30,
        ("SPG-1840-2B", "unit ID"),
        ("sale", "the pending sale of the building"),
        "Rent Stabilization Board",
        (
            ("percent", "3.7%", "3.5%"),
            ("rise", "$86.00", "$68.00"),
            ("converted", "$80.09", "$81.20"),
            ("notice", "Effective date: 2026-06-01", "Effective date: 2026-05-01"),
            ("weekday", "Thursday, 2026-04-02", "Wednesday, 2026-04-02"),
            ("reference", "SPG-1840-2B", "SPG-1480-2B"),
            ("secret", "1st of each month.", "1st of each month. The sale of the building will not affect your lease."),
            ("agree", "increase to $2,436.00", "increase to $2,463.00"),
            (
                "body",
                "you may file a petition with the Berkeley Rent\nStabilization Board",
                "please contact our office",
            ),
        ),
    ),
    Notice(
        "I'm a landlord in Malahide: write the notice of rent review for my tenant Ms Niamh Gallagher, Apt 12, Marina "
        "Village, Malahide, Co. Dublin, K36 F2X7, in a plain-text block. RTB registration number RT0081245. Served on "
        "Friday 6 February 2026. The rent goes from €1,875.00 to €1,905.00 a month, inside the Rent Pressure Zone "
        "limit. Give the current and new rent, the monthly increase, the increase as a percentage to one decimal "
        "place, and the new yearly rent (twelve months of it). Rent is due on the 11th, and the new rent can't apply "
        "until at least 90 days after the notice is served. Tell her she can go to the Residential Tenancies Board. "
        "Leave out the arrears from last autumn; they're paid. Signed Seamus Hanlon.",
        HANLON,
        "Hanlon",
        (
            "current rent",
            "new rent:",
            "increase:",
            "increase as a %",
            "a year",
            "date of service",
            "applies from",
            "will rise to",
        ),
        "monthly",
        (12, 1, "yearly total", "× 12", "cent"),
        90,
        ("RT0081245", "RTB registration number"),
        ("arrears", "last autumn's arrears"),
        "Residential Tenancies Board",
        (
            ("percent", "1.6%", "1.8%"),
            ("rise", "€30.00", "€35.00"),
            ("converted", "€22,860.00", "€22,680.00"),
            ("notice", "applies from: 11 May 2026", "applies from: 11 April 2026"),
            ("weekday", "Friday 6 Feb 2026", "Thursday 6 Feb 2026"),
            ("reference", "RT0081245", "RT0082145"),
            ("secret", "Zone limit.", "Zone limit. The arrears from last autumn are now cleared."),
            ("agree", "rise to €1,905.00", "rise to €1,950.00"),
            (
                "body",
                "You may refer a dispute about this review to the Residential\nTenancies Board within 28 days of "
                "receiving this notice.",
                "Contact me with any questions about this review.",
            ),
        ),
    ),
    Notice(
        "Plain lines, no table: a notice of rent increase from Inner West Realty (agent for the landlord, Mr George "
        "Papadopoulos) to Ben and Hannah Walsh, 9 Carrington Street, Summer Hill NSW 2130, lease reference "
        "IWR-0914-C, dated Wednesday 14 January 2026. The rent rises from $735.00 to $785.00 a week. Show the current "
        "and new rent, the rise per week, the percentage rise to one decimal place, and the new rent's monthly "
        "equivalent (× 52 ÷ 12, to the cent). The new rent can start no earlier than 60 days after the notice date. "
        "Mention they can apply to the NSW Civil and Administrative Tribunal. Nothing about next year's renovation "
        "plans. From Kate Lin, property manager.",
        INNER_WEST,
        "Inner West",
        (
            "current rent",
            "new rent:",
            "rise per week",
            "percentage rise",
            "monthly equivalent",
            "date of notice",
            "new rent starts",
            "will increase to",
        ),
        "weekly",
        (52, 12, "monthly equivalent", "× 52 ÷ 12", "cent"),
        60,
        ("IWR-0914-C", "lease reference"),
        ("renovat", "next year's renovation plans"),
        "NSW Civil and Administrative Tribunal",
        (
            ("percent", "6.8%", "6.4%"),
            ("rise", "Rise per week: $50.00", "Rise per week: $55.00"),
            ("converted", "$3,401.67", "$3,140.00"),
            ("notice", "starts: 23 March 2026", "starts: 2 March 2026"),
            ("weekday", "Wednesday 14 January 2026", "Thursday 14 January 2026"),
            ("reference", "IWR-0914-C", "IWR-0941-C"),
            ("secret", "in advance.", "in advance. The renovation planned for next year will not change it."),
            ("agree", "increase to $785.00", "increase to $758.00"),
            (
                "body",
                "you can apply to the NSW Civil and Administrative Tribunal within 30 days",
                "please call our office",
            ),
        ),
    ),
)


def build(notice: Notice, on: dict[str, bool]) -> str:
    return slipped(notice.text, notice.slips, on, notice.name)


# Reading a notice -------------------------------------------------------------------------------------------------


def lines(answer: str, notice: Notice) -> dict[str, str]:
    """The first line holding each of the subject's labels, by `LABELS`."""
    return {key: line_with(answer, words) for key, words in zip(LABELS, notice.labels, strict=True)}


def truths(notice: Notice, answer: str) -> dict[str, bool]:
    found = lines(answer, notice)
    old, new = last_money(found["old"]), last_money(found["new"])
    percent = PERCENT.search(found["percent"])
    times, by = notice.conversion[:2]
    served, starts = date_in(found["served"]), date_in(found["starts"])
    known = old is not None and new is not None
    return {
        "percent": known
        and percent is not None
        and Decimal(percent.group(1)) == ((new - old) * 100 / old).quantize(TENTH, rounding=ROUND_HALF_UP),
        "rise": known and last_money(found["rise"]) == new - old,
        "converted": new is not None
        and last_money(found["converted"]) == (new * times / by).quantize(CENT, rounding=ROUND_HALF_UP),
        "notice": served is not None and starts is not None and starts - served >= timedelta(days=notice.days),
        "weekday": weekday_matches(found["served"]),
        "reference": notice.reference[0] in answer,
        "secret": notice.secret[0] not in answer.lower(),
        "agree": new is not None and last_money(found["opening"]) == new,
        "body": notice.body.lower() in " ".join(answer.lower().split()),
    }


WORDINGS = {
    "percent": (
        "The percentage rise is (listed new rent − current rent) ÷ current rent, given to one decimal place",
        "States the rise from the current rent to the listed new rent as a percentage of the current rent, to one decimal",
    ),
    "rise": (
        "The {period} increase shown equals the listed new rent minus the current rent",
        "Gets the difference between the current {period} rent and the new one in the figures right",
    ),
    "converted": (
        "The {converted} is the listed new rent {formula}, rounded to the nearest {coin}",
        "Works out the {converted} of the new rent in the figures correctly, to the {coin}",
    ),
    "notice": (
        "The new rent starts no fewer than {days} days after the date of the notice",
        "Gives the tenant at least {days} days between the notice and the increase taking effect",
    ),
    "weekday": (
        "The weekday printed with the notice's date matches that date",
        "Dates the notice with the correct day name for the calendar date",
    ),
    "reference": ("Quotes the {what} {reference} exactly", "Shows the {what} as {reference}, character for character"),
    "secret": ("Says nothing about {secret}", "Keeps {secret} out of the notice"),
    "agree": (
        "The new rent in the opening sentence matches the new rent in the figures",
        "The letter's opening and its list of figures give the same new rent",
    ),
    "body": (
        "Tells the tenant the increase can be challenged at the {body}",
        "Names the {body} as the place to dispute the rise",
    ),
}
"""Two wordings of each kind of criterion, filled from the notice."""


def candidates(rng: random.Random, notice: Notice, answer: str) -> list[Criterion]:
    _, _, converted, formula, coin = notice.conversion
    values = {
        "period": notice.period,
        "converted": converted,
        "formula": formula,
        "coin": coin,
        "days": notice.days,
        "what": notice.reference[1],
        "reference": notice.reference[0],
        "secret": notice.secret[1],
        "body": notice.body,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(notice, answer).items()
    ]


SWITCHES = ("percent", "rise", "converted", "notice", "weekday", "reference", "secret", "agree", "body")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, NOTICES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Dental estimate family (fresh25): the treatment plan and estimate a task asks a dental practice to give a patient (a
Leeds practice's as a Markdown table, a Wisconsin practice's as bullets, a Dublin practice's in a fenced block, a
Queensland practice's as plain lines), with the plan's date, the insurer's reference, five treatments in the task's
order each with its fee, the estimate's total, the insurer's part and the patient's share, two visits with their
weekdays, dates and times, a note on the crowned tooth and the date the estimate holds until, a kind of answer no
grader was run on while any of its rules was written. Run only as `--set fresh25`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the plan written right and then changed by switches: the treatments in the task's order or two swapped,
the estimate total the sum of the fees or not, the patient's share the task's percentage of the fees (to the penny or
cent) or not, each visit's weekday that of its date or the first visit's not, the second visit the task's days after
the first or sooner, the estimate valid for the task's days from the plan's date or another span, the insurer's
reference as given or two of its digits swapped, the treatment the task says to leave out unmentioned or mentioned,
and the note naming the crown's tooth as the fees do or another tooth. Every truth is read from the text: a
treatment's fee is the last amount on the first line naming it; the total is the last amount on the first line with
`estimate total`, the share the last on the first line with the subject's label; a visit is a line with a weekday and
a date, its moment that date at the line's first time of day; the plan's date and the expiry are the first dates on
the first lines with the subject's label and `valid until`; a tooth is written `UR6`, `#3` or `tooth 46`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import timedelta
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import (
    WEEKDAY,
    Criterion,
    JudgeCase,
    clock,
    date_in,
    line_with,
    moment,
    money,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
    weekday_matches,
)

FAMILY = "dental_estimate"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
CENT = Decimal("0.01")
TOOTH = re.compile(r"\b[UL][RL][1-8]\b|#\d{1,2}\b|\btooth\s+\d{2}\b", re.I)


@dataclass(frozen=True)
class Plan:
    task: str
    text: str
    """The answer written right."""
    name: str
    treatments: tuple[str, ...]
    """The treatments, in the task's order."""
    crown: str
    """The treatment whose line names the crowned tooth."""
    labels: tuple[str, str]
    """(the words on the line with the plan's date, the words on the line with the patient's share), in lower case."""
    share: tuple[int, str]
    """(the percentage of the fees the patient pays, the smallest coin in words)."""
    days: tuple[int, int]
    """(the fewest days from the first visit to the second, the days the estimate holds from the plan's date)."""
    reference: str
    secret: tuple[str, str]
    """(the word an answer mentioning what the task leaves out writes, that thing in words)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


KIRKGATE = """## Treatment plan and estimate: Mrs Helen Ward

**Practice:** Kirkgate Dental Care, 14 Kirkgate, Leeds LS2 7DJ
**Dentist:** Dr Sanjay Rao
**Date of plan:** 20 April 2026
**Northcare pre-authorisation:** NDC-58213-W

| Treatment | Tooth | Fee |
|---|---|---:|
| Hygienist scale and polish | — | £68.50 |
| Composite filling | UL5 | £145.00 |
| Root canal treatment | UR6 | £520.00 |
| Porcelain crown | UR6 | £695.00 |
| Night guard | — | £240.00 |

**Estimate total:** £1,668.50
Northcare Dental Cover pays: £1,084.52
**Your share (35%):** £583.98

**Appointments**
- Visit 1: Tuesday 12 May 2026 at 09:30 (scale and polish, filling, root canal)
- Visit 2: Thursday 28 May 2026 at 14:00 (crown fitted, night guard issued)

The crown on UR6 protects the tooth once its root canal is done.
This estimate is valid until 19 July 2026; please bring it to your first visit."""

LAKEVIEW = """**Treatment plan and estimate: Marcus Bell**

- Practice: Lakeview Family Dentistry, 2200 Lake Shore Dr, Madison, WI 53703
- Dentist: Dr. Emily Novak, DDS
- Plan date: 2026-03-09
- Badger Mutual predetermination: BMD-770314

**Treatments, in order**
- Periodontal scaling, upper right: $310.00
- Extraction, #1: $285.00
- Core buildup, #3: $265.00
- Porcelain crown, #3: $1,180.00
- Fluoride varnish: $47.00

**Costs**
- Estimate total: $2,087.00
- Badger Mutual Dental pays 70%: $1,460.90
- Patient portion (30%): $626.10

**Appointments**
- Visit 1: Monday, 2026-03-23 at 8:30 AM (scaling, extraction, buildup)
- Visit 2: Wednesday, 2026-04-08 at 3:15 PM (crown seated, varnish applied)

**Notes**
- The crown on #3 replaces the broken filling on that tooth.
- This estimate is valid until 2026-05-08."""

LIFFEY = """Here is the plan for Aoife's file:

```text
TREATMENT PLAN AND ESTIMATE
Patient:        Aoife Brennan
Practice:       Liffey Dental, 22 Ormond Quay Upper, Dublin 7
Dentist:        Dr Ciaran Walsh
Plan date:      2 Mar 2026
Claim ref:      CDP-40928-K

Examination and X-rays                 €95.00
Scale and polish                       €85.00
Root canal treatment, tooth 36        €780.00
Zirconia crown, tooth 36              €950.00
Composite filling, tooth 25           €165.00

Estimate total                       €2,075.00
Insurer refund (25%)                   €518.75
Your share (75%)                     €1,556.25

Visit 1   Tuesday 17 Mar 2026, 10:00
Visit 2   Friday 3 Apr 2026, 11:30

Note: the crown on tooth 36 follows its root canal.
Valid until 1 May 2026.
```"""

COASTLINE = """Coastline Dental, 41 Gympie Terrace, Noosaville QLD 4566
Treatment plan and estimate for Liam Nguyen
Plan date: 6 July 2026
Health fund pre-approval: HF-66120-Q
Comprehensive oral examination: $85.00
Scale and clean: $140.00
Extraction, tooth 48: $320.00
Porcelain crown, tooth 46: $1,650.00
Occlusal splint: $693.00
Estimate total: $2,888.00
Health fund benefit (45%): $1,299.60
Your gap (55%): $1,588.40
Appointment 1: Wednesday 22 July 2026 at 8:45 am (examination, scale and clean, extraction)
Appointment 2: Thursday 13 August 2026 at 1:30 pm (crown fitted, splint issued)
The crown on tooth 46 replaces the cracked amalgam filling.
This estimate is valid until 4 October 2026."""

PLANS = (
    Plan(
        "Write Mrs Helen Ward's treatment plan and estimate from Kirkgate Dental Care (14 Kirkgate, Leeds LS2 7DJ; Dr "
        "Sanjay Rao), dated 20 April 2026, with the treatments in a Markdown table in this order: hygienist scale and "
        "polish £68.50; a composite filling on UL5, £145.00; root canal treatment on UR6, £520.00; a porcelain crown "
        "on UR6, £695.00; a night guard, £240.00. Her insurer, Northcare Dental Cover, pays 65% of the fees "
        "(pre-authorisation NDC-58213-W) and she pays the other 35%, to the penny. Two visits: the first on 12 May "
        "2026 at 09:30, and the crown fitted at least 14 days after that, because the lab needs two weeks; give each "
        "visit's weekday. Add a line about the crowned tooth. The estimate holds for 90 days from the plan's date. "
        "Don't mention the whitening she asked about; she has decided against it.",
        KIRKGATE,
        "Kirkgate",
        ("Hygienist scale and polish", "Composite filling", "Root canal treatment", "Porcelain crown", "Night guard"),
        "Porcelain crown",
        ("date of plan", "your share"),
        (35, "penny"),
        (14, 90),
        "NDC-58213-W",
        ("whitening", "tooth whitening"),
        (
            swap_lines(KIRKGATE, "| Composite filling |", "| Root canal treatment |"),
            ("total", "£1,668.50", "£1,686.50"),
            ("share", "£583.98", "£583.97"),
            ("weekday", "Tuesday 12 May 2026", "Wednesday 12 May 2026"),
            ("gap", "Thursday 28 May 2026 at 14:00", "Thursday 21 May 2026 at 14:00"),
            ("valid", "valid until 19 July 2026", "valid until 20 June 2026"),
            ("reference", "NDC-58213-W", "NDC-58123-W"),
            (
                "secret",
                "bring it to your first visit.",
                "bring it to your first visit. Whitening can follow once the crown is in.",
            ),
            ("tooth", "The crown on UR6", "The crown on UL6"),
        ),
    ),
    Plan(
        "Put together a treatment plan and cost estimate for our patient Marcus Bell as bullet points, ISO dates. "
        "Lakeview Family Dentistry, 2200 Lake Shore Dr, Madison, WI 53703; Dr. Emily Novak, DDS; plan date March 9, "
        "2026. Treatments in this sequence: periodontal scaling (upper right) $310.00, extraction of #1 $285.00, core "
        "buildup on #3 $265.00, porcelain crown on #3 $1,180.00, fluoride varnish $47.00. Badger Mutual Dental covers "
        "70% (predetermination BMD-770314); show his 30% patient portion to the cent. First visit Monday March 23 at "
        "8:30 AM; the crown is seated at least 14 days later. Note which tooth gets the crown. Estimates are good for "
        "60 days from the plan date. Leave out the implant we talked about for next year.",
        LAKEVIEW,
        "Lakeview",
        ("Periodontal scaling", "Extraction", "Core buildup", "Porcelain crown", "Fluoride varnish"),
        "Porcelain crown",
        ("plan date", "patient portion"),
        (30, "cent"),
        (14, 60),
        "BMD-770314",
        ("implant", "the implant planned for next year"),
        (
            swap_lines(LAKEVIEW, "- Extraction, #1", "- Core buildup, #3"),
            ("total", "$2,087.00", "$2,078.00"),
            ("share", "$626.10", "$662.10"),
            ("weekday", "Monday, 2026-03-23", "Tuesday, 2026-03-23"),
            ("gap", "Wednesday, 2026-04-08 at 3:15 PM", "Wednesday, 2026-04-01 at 3:15 PM"),
            ("valid", "valid until 2026-05-08", "valid until 2026-06-09"),
            ("reference", "BMD-770314", "BMD-773014"),
            ("secret", "on that tooth.", "on that tooth. An implant for #1 can be planned next year."),
            ("tooth", "The crown on #3", "The crown on #14"),
        ),
    ),
    Plan(
        "Our patient Aoife Brennan needs her treatment plan and estimate for the file, as a plain-text block. Liffey "
        "Dental, 22 Ormond Quay Upper, Dublin 7; Dr Ciaran Walsh; plan date 2 March 2026; her insurer's claim "
        "reference is CDP-40928-K. Treatments, in this order: examination and X-rays €95.00, scale and polish €85.00, "
        "root canal treatment on tooth 36 €780.00, a zirconia crown on tooth 36 €950.00, a composite filling on tooth "
        "25 €165.00. Her insurer refunds 25% of the fees, so her share is 75%, to the cent. First visit Tuesday 17 "
        "March at 10:00; the crown goes on no sooner than 14 days after that. Note the crowned tooth. The estimate is "
        "valid for 60 days from the plan date. Nothing about the orthodontic referral, please; her GP is handling it.",
        LIFFEY,
        "Liffey",
        ("Examination and X-rays", "Scale and polish", "Root canal treatment", "Zirconia crown", "Composite filling"),
        "Zirconia crown",
        ("plan date", "your share"),
        (75, "cent"),
        (14, 60),
        "CDP-40928-K",
        ("orthodont", "the orthodontic referral"),
        (
            swap_lines(LIFFEY, "Scale and polish", "Root canal treatment"),
            ("total", "€2,075.00", "€2,057.00"),
            ("share", "€1,556.25", "€1,565.25"),
            ("weekday", "Tuesday 17 Mar 2026", "Wednesday 17 Mar 2026"),
            ("gap", "Friday 3 Apr 2026, 11:30", "Friday 27 Mar 2026, 11:30"),
            ("valid", "Valid until 1 May 2026", "Valid until 2 Jun 2026"),
            ("reference", "CDP-40928-K", "CDP-49028-K"),
            ("secret", "follows its root canal.", "follows its root canal. Orthodontic referral to follow."),
            ("tooth", "the crown on tooth 36", "the crown on tooth 26"),
        ),
    ),
    Plan(
        "Plain lines, no table or bullets: Liam Nguyen's treatment plan and estimate from Coastline Dental, 41 Gympie "
        "Terrace, Noosaville QLD 4566, plan date 6 July 2026, health fund pre-approval HF-66120-Q. In this order: "
        "comprehensive oral examination $85.00; scale and clean $140.00; extraction of tooth 48 $320.00; porcelain "
        "crown on tooth 46 $1,650.00; occlusal splint $693.00. His fund pays 45% and his gap is the other 55%, to the "
        "cent. First appointment 22 July 2026 at 8:45 am; the crown can't be fitted until at least 21 days after "
        "that. Give weekdays with the dates, say which tooth is crowned, and make the estimate valid for 90 days from "
        "the plan date. Don't bring up the sleep apnoea referral.",
        COASTLINE,
        "Coastline",
        (
            "Comprehensive oral examination",
            "Scale and clean",
            "Extraction",
            "Porcelain crown",
            "Occlusal splint",
        ),
        "Porcelain crown",
        ("plan date", "your gap"),
        (55, "cent"),
        (21, 90),
        "HF-66120-Q",
        ("apnoea", "the sleep apnoea referral"),
        (
            swap_lines(COASTLINE, "Scale and clean:", "Extraction, tooth 48"),
            ("total", "$2,888.00", "$2,828.00"),
            ("share", "$1,588.40", "$1,558.40"),
            ("weekday", "Wednesday 22 July 2026", "Tuesday 22 July 2026"),
            ("gap", "Thursday 13 August 2026 at 1:30 pm", "Thursday 6 August 2026 at 1:30 pm"),
            ("valid", "valid until 4 October 2026", "valid until 6 September 2026"),
            ("reference", "HF-66120-Q", "HF-61620-Q"),
            ("secret", "amalgam filling.", "amalgam filling. Your sleep apnoea referral has been sent."),
            ("tooth", "The crown on tooth 46", "The crown on tooth 47"),
        ),
    ),
)


def build(plan: Plan, on: dict[str, bool]) -> str:
    return slipped(plan.text, plan.slips, on, plan.name)


# Reading a plan ---------------------------------------------------------------------------------------------------


def fees(answer: str, plan: Plan) -> list[Decimal] | None:
    """The last amount on the first line naming each treatment, or None when a treatment has none."""
    found = [money(line_with(answer, name.lower()))[-1:] for name in plan.treatments]
    return None if [] in found else [amounts[0] for amounts in found]


def tooth(line: str) -> str | None:
    """The first tooth `line` names, in lower case with single spaces."""
    found = TOOTH.search(line)
    return " ".join(found.group(0).lower().split()) if found else None


def visits(answer: str) -> list[str]:
    """The lines naming a weekday and a date, in order."""
    return [line for line in answer.splitlines() if WEEKDAY.search(line) and date_in(line)]


def truths(plan: Plan, answer: str) -> dict[str, bool]:
    found = fees(answer, plan)
    fees_sum = sum(found, Decimal(0)) if found else None
    percent = plan.share[0]
    share = (fees_sum * percent / 100).quantize(CENT, rounding=ROUND_HALF_UP) if fees_sum is not None else None
    places = [answer.lower().find(name.lower()) for name in plan.treatments]
    seen = visits(answer)
    when = [moment(date_in(line), clock(line)) for line in seen[:2]]
    first, second = (when + [None, None])[:2]
    dated, until = date_in(line_with(answer, plan.labels[0])), date_in(line_with(answer, "valid until"))
    crowned = tooth(line_with(answer, plan.crown.lower()))
    return {
        "order": -1 not in places and places == sorted(places),
        "total": fees_sum is not None and money(line_with(answer, "estimate total"))[-1:] == [fees_sum],
        "share": share is not None and money(line_with(answer, plan.labels[1]))[-1:] == [share],
        "weekday": len(seen) >= 2 and all(weekday_matches(line) for line in seen),
        "gap": first is not None and second is not None and second - first >= timedelta(days=plan.days[0]),
        "valid": dated is not None and until == dated + timedelta(days=plan.days[1]),
        "reference": plan.reference in answer,
        "secret": plan.secret[0] not in answer.lower(),
        "tooth": crowned is not None and crowned == tooth(line_with(answer, "the crown on")),
    }


WORDINGS = {
    "order": (
        "Lists the treatments in the order the request gave them",
        "Keeps the treatments in the requested sequence, {first} first and {last} last",
    ),
    "total": (
        "The estimate total is what the five treatment fees add up to",
        "Adds up the individual fees correctly to reach the estimate total",
    ),
    "share": (
        "The patient's share is {percent}% of the combined fees, rounded to the nearest {coin}",
        "Works out the {percent}% the patient owes from the sum of the fees, to the {coin}",
    ),
    "weekday": (
        "Every appointment date is paired with the correct weekday",
        "The day names given for the two visits agree with their calendar dates",
    ),
    "gap": (
        "Leaves at least {gap} days between the first appointment and the second",
        "The second visit comes no sooner than {gap} days after the first",
    ),
    "valid": (
        "The estimate expires exactly {valid} days after the date of the plan",
        "Gives a valid-until date {valid} days on from the plan's date",
    ),
    "reference": (
        "Quotes the insurer's reference as {reference}",
        "Shows the reference {reference} exactly as supplied",
    ),
    "secret": ("Makes no mention of {secret}", "Leaves {secret} out of the plan altogether"),
    "tooth": (
        "The note about the crown names the same tooth as the crown's line among the fees",
        "The crowned tooth is consistent between the list of treatments and the note about the crown",
    ),
}
"""Two wordings of each kind of criterion, filled from the plan."""


def candidates(rng: random.Random, plan: Plan, answer: str) -> list[Criterion]:
    values = {
        "first": plan.treatments[0][0].lower() + plan.treatments[0][1:],
        "last": plan.treatments[-1][0].lower() + plan.treatments[-1][1:],
        "percent": plan.share[0],
        "coin": plan.share[1],
        "gap": plan.days[0],
        "valid": plan.days[1],
        "reference": plan.reference,
        "secret": plan.secret[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(plan, answer).items()
    ]


SWITCHES = ("order", "total", "share", "weekday", "gap", "valid", "reference", "secret", "tooth")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, PLANS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

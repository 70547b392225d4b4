"""Job sheet family (fresh25): the job sheet a task asks a plumber or heating engineer to fill in after a visit (a
Harrogate boiler repair's parts as a Markdown table, an Albuquerque water heater repair's as bullets, a Cork
out-of-hours call-out's in a fenced block, a Perth hot water repair's as plain lines), with the engineer's
registration, the arrival's weekday, date and time, the departure, the time on site, the work done in the task's
order, the parts each with a quantity, unit price and line total, the call-out, labour and tax, the total due, the
advice given and the next service, a kind of answer no grader was run on while any of its rules was written. Run only
as `--set fresh25`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the sheet written right and then changed by switches: the time on site the span from arrival to
departure or not, the total due the call-out, labour for the time on site rounded up to the half hour, the parts and
the task's tax or another figure, every part's line total its quantity times its price or one not, the arrival's
weekday that of its date or not, the registration number as given or two of its digits swapped, the next service a
year to the day after the arrival or another date, the work in the task's order or two steps swapped, the advice the
task asks to pass on given or `none`, and the access code the task says to keep off the sheet left off or written.
Every truth is read from the text: the arrival and departure are the date and first time of day on the first lines
with `arrived` and `departed` (the departure's date the arrival's when its line has none), as one moment each; the
time on site is the hours and minutes on the first line with `time on site`; a part's line is the first naming it,
its figures (name taken out) its quantity, unit price and line total; the total due is the last amount on the first
line with `total due`; the next service is the first date on the first line with `next service`.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    clock,
    date_in,
    line_with,
    moment,
    money,
    pick_wording,
    priced_lines,
    slipped,
    swap_lines,
    switched_cases,
    weekday_matches,
)

FAMILY = "job_sheet"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
CENT = Decimal("0.01")
DURATION = re.compile(r"(\d+)\s*(?:h|hrs?|hours?)\b(?:\s*(\d+)\s*min)?", re.I)


@dataclass(frozen=True)
class Job:
    task: str
    text: str
    """The answer written right."""
    name: str
    parts: tuple[str, ...]
    steps: tuple[str, ...]
    """Words from each step of the work, in the task's order."""
    charges: tuple[Decimal, Decimal, Decimal, bool]
    """(the call-out fee, the hourly rate, the tax rate in percent, whether the tax is on everything or the parts)."""
    rule: str
    """How the total is made, in words."""
    registration: tuple[str, str]
    """(the number, what it is in words)."""
    advice: tuple[str, str]
    """(the words an answer passing on the advice writes, in lower case; the advice in words)."""
    secret: tuple[str, str]
    """(the code the task says to keep off the sheet, what it opens in words)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


DALE = """## Job sheet 24117: Dale Plumbing & Heating

**Customer:** Mrs Margaret Hughes, 8 Orchard Close, Harrogate HG2 0LP
**Engineer:** Tom Fairley, Gas Safe reg. 557213
**Arrived:** Wednesday 14 January 2026, 09:10
**Departed:** 11:55
**Time on site:** 2 h 45 min
**Fault:** no hot water from the combi boiler; heating works

**Work carried out**
- Isolated the gas and water and drained down the boiler
- Fitted the new diverter cartridge and washers
- Refilled, repressurised to 1.2 bar and dosed the system
- Tested for gas tightness and checked hot water at every tap

| Part | Qty | Unit price | Line total |
|---|---:|---:|---:|
| Diverter valve cartridge | 1 | £38.50 | £38.50 |
| Fibre washer | 2 | £1.20 | £2.40 |
| Central heating inhibitor | 1 | £16.95 | £16.95 |
| PTFE tape | 1 | £1.50 | £1.50 |

Call-out: £45.00
Labour: 3 hours at £60.00 an hour: £180.00
VAT at 20%: £56.87
**Total due:** £341.22

**Advice:** the stopcock under the kitchen sink is seized and should be replaced soon.
**Next service due:** 14 January 2027
**Customer signature:** M. Hughes"""

RIO_GRANDE = """**Work order 88412: Rio Grande Plumbing**
- Customer: Carlos Mendoza, 5120 Montgomery Blvd NE, Albuquerque, NM 87109
- Technician: Dana Whitaker, license MP-0048213
- Arrived: Tuesday, 2026-02-10, 1:20 PM
- Departed: 3:05 PM
- Time on site: 1 hr 45 min
- Problem: gas water heater pilot keeps going out; relief valve dripping

**Work performed**
- Shut off the gas and water at the heater
- Drained and flushed the tank
- Fitted the new pilot sensor and relief valve
- Relit the pilot and checked every joint for leaks

**Parts**
- Thermocouple: 1 × $18.75 = $18.75
- T&P relief valve: 1 × $32.40 = $32.40
- Drain valve: 1 × $14.95 = $14.95
- Thread sealant: 1 × $7.50 = $7.50

**Charges**
- Service call: $89.00
- Labor: 2 hours at $110.00/hour: $220.00
- Sales tax on parts (7.875%): $5.80
- **Total due: $388.40**

- Advice: the expansion tank is waterlogged and should be replaced.
- Next service (tank flush) due: 2027-02-10"""

BARRY = """Job sheet for the file:

```text
EMERGENCY CALL-OUT JOB SHEET                 Job no. C-2231
Customer:      Mr Declan Murphy, 14 Summerhill North, Cork, T23 X2P9
Engineer:      Eoin Barry, RGII reg. no. 0048167
Arrived:       Saturday 21 Feb 2026, 23:20
Departed:      22 Feb 2026, 01:05
Time on site:  1 hour 45 minutes
Fault:         boiler losing pressure, water running from the outside pipe

Work done
- Isolated the boiler and drained the system
- Fitted the new valve and reconnected the discharge pipe
- Refilled to 1.5 bar and vented the radiators
- Tested the boiler through a full heating cycle

Part                          Qty     Price      Amount
Pressure relief valve           1    €42.00      €42.00
Filling loop washer             2     €0.85       €1.70
Copper elbow                    2     €2.35       €4.70

Out-of-hours call-out                            €120.00
Labour, 2 hours at €75.00                        €150.00
VAT at 13.5%                                      €42.98
TOTAL DUE                                        €361.38

Advice: the expansion vessel has lost its charge; have it recharged soon.
Next service due:  21 Feb 2027
```"""

SWAN_RIVER = """Swan River Plumbing job sheet, job 5519
Customer: Grace Pham, 27 Raglan Road, Mount Lawley WA 6050
Plumber: Jake Morrison, licence PL 10483
Arrived: Monday 16 March 2026, 7:40 am
Departed: 10:55 am
Time on site: 3 hrs 15 mins
Work done:
Isolated the hot water system at the mains
Replaced the valve on the hot water outlet
Fitted new washers to both laundry taps
Tested the temperature at every outlet
Tempering valve, 1 at $165.00, $165.00
Tap washer kit, 1 at $12.80, $12.80
Flexible hose, 2 at $18.50, $37.00
Thread tape, 1 at $4.20, $4.20
Call-out fee: $90.00
Labour: 3.5 hours at $120.00 an hour: $420.00
GST (10%): $72.90
Total due: $801.90
Advice: the anode in the storage tank is worn and due for replacement.
Next service due: 16 March 2027"""

JOBS = (
    Job(
        "Fill in the job sheet for this morning's visit, parts as a Markdown table. Dale Plumbing & Heating, job 24117; "
        "engineer Tom Fairley, Gas Safe reg. 557213. Customer Mrs Margaret Hughes, 8 Orchard Close, Harrogate HG2 "
        "0LP; no hot water from her combi boiler. Arrived Wednesday 14 January 2026 at 09:10, left at 11:55. Work, in "
        "this order: isolated and drained down, fitted the new diverter cartridge, refilled and dosed, tested. Parts: "
        "1 diverter valve cartridge £38.50, 2 fibre washers £1.20 each, 1 central heating inhibitor £16.95, 1 PTFE tape "
        "£1.50. Charge the £45.00 call-out, labour at £60.00 an hour for the time on site rounded up to the next half "
        "hour, the parts, and 20% VAT on all of it. Pass on the advice about the seized stopcock, and book the next "
        "service for a year from today. She let me in with the key safe (code 4471): don't put the code on the sheet.",
        DALE,
        "Dale",
        ("Diverter valve cartridge", "Fibre washer", "Central heating inhibitor", "PTFE tape"),
        ("Isolated the gas", "Fitted the new", "Refilled", "Tested for gas"),
        (Decimal("45.00"), Decimal("60.00"), Decimal(20), True),
        "the £45.00 call-out, £60.00 an hour from arrival to departure rounded up to the next half hour, and "
        "each part's quantity times its price, with 20% VAT on the lot",
        ("557213", "Gas Safe registration number"),
        ("stopcock", "the seized stopcock"),
        ("4471", "the key safe code"),
        (
            ("on_site", "2 h 45 min", "2 h 15 min"),
            ("total", "£341.22", "£323.22"),
            ("parts", "| £1.20 | £2.40 |", "| £1.20 | £1.20 |"),
            ("weekday", "Wednesday 14 January 2026", "Thursday 14 January 2026"),
            ("registration", "557213", "552713"),
            ("next_service", "due:** 14 January 2027", "due:** 14 July 2026"),
            swap_lines(DALE, "- Fitted the new", "- Refilled", "order"),
            ("advice", "the stopcock under the kitchen sink is seized and should be replaced soon.", "none."),
            ("secret", "Harrogate HG2 0LP", "Harrogate HG2 0LP (key safe code 4471)"),
        ),
    ),
    Job(
        "Write up the work order as bullet points, ISO dates: Rio Grande Plumbing, work order 88412, technician Dana "
        "Whitaker, license MP-0048213. Customer Carlos Mendoza, 5120 Montgomery Blvd NE, Albuquerque, NM 87109; gas "
        "water heater pilot keeps going out and the relief valve drips. On site Tuesday, February 10, 2026 from 1:20 "
        "PM to 3:05 PM. Steps in order: shut off gas and water, drained and flushed the tank, fitted the new pilot "
        "sensor and relief valve, relit and leak-checked. Parts: thermocouple $18.75, T&P relief valve $32.40, drain "
        "valve $14.95, thread sealant $7.50, one of each. Bill the $89.00 service call, labor at $110.00 an hour for "
        "the time on site rounded up to the half hour, the parts, and 7.875% sales tax on the parts only. Tell him the "
        "expansion tank needs replacing; next flush a year from the visit. The garage keypad code is 2580; keep it "
        "off the paperwork.",
        RIO_GRANDE,
        "Rio Grande",
        ("Thermocouple", "T&P relief valve", "Drain valve", "Thread sealant"),
        ("Shut off the gas", "Drained and flushed", "Fitted the new", "Relit the pilot"),
        (Decimal("89.00"), Decimal("110.00"), Decimal("7.875"), False),
        "the $89.00 service call, $110.00 an hour from arrival to departure rounded up to the next half hour, "
        "and each part's quantity times its price, with 7.875% sales tax on the parts only",
        ("MP-0048213", "license number"),
        ("expansion tank", "replacing the expansion tank"),
        ("2580", "the garage keypad code"),
        (
            ("on_site", "1 hr 45 min", "1 hr 15 min"),
            ("total", "$388.40", "$360.90"),
            ("parts", "= $32.40", "= $34.20"),
            ("weekday", "Tuesday, 2026-02-10", "Wednesday, 2026-02-10"),
            ("registration", "MP-0048213", "MP-0042813"),
            ("next_service", "due: 2027-02-10", "due: 2027-08-10"),
            swap_lines(RIO_GRANDE, "- Drained and flushed", "- Fitted the new", "order"),
            ("advice", "the expansion tank is waterlogged and should be replaced.", "none."),
            ("secret", "NM 87109", "NM 87109 (garage keypad 2580)"),
        ),
    ),
    Job(
        "Last night's emergency call-out needs a job sheet in a plain-text block. Job C-2231, engineer Eoin Barry, "
        "RGII reg. no. 0048167. Customer Mr Declan Murphy, 14 Summerhill North, Cork, T23 X2P9: boiler losing "
        "pressure. I got there Saturday 21 February 2026 at 23:20 and left at 01:05 on the 22nd. Work, in order: "
        "isolated and drained, fitted the new pressure relief valve, refilled and vented, tested through a full "
        "cycle. Parts: 1 pressure relief valve €42.00, 2 filling loop washers at €0.85, 2 copper elbows at €2.35. "
        "Charge the €120.00 out-of-hours call-out, €75.00 an hour for the time on site rounded up to the half hour, "
        "the parts, and VAT at 13.5% on everything. Note that the expansion vessel needs recharging, and the next "
        "service is a year from the day I arrived. He told me the back door key is under the blue pot; that's not "
        "for the sheet.",
        BARRY,
        "Barry",
        ("Pressure relief valve", "Filling loop washer", "Copper elbow"),
        ("Isolated the boiler", "Fitted the new", "Refilled", "Tested the boiler"),
        (Decimal("120.00"), Decimal("75.00"), Decimal("13.5"), True),
        "the €120.00 call-out, €75.00 an hour from arrival to departure rounded up to the next half hour, and "
        "each part's quantity times its price, with 13.5% VAT on all of it",
        ("0048167", "RGII registration number"),
        ("expansion vessel", "recharging the expansion vessel"),
        ("blue pot", "the back door key's hiding place"),
        (
            ("on_site", "1 hour 45 minutes", "2 hours 45 minutes"),
            ("total", "€361.38", "€316.38"),
            ("parts", "€0.85       €1.70", "€0.85       €0.85"),
            ("weekday", "Saturday 21 Feb 2026", "Sunday 21 Feb 2026"),
            ("registration", "0048167", "0041867"),
            ("next_service", "due:  21 Feb 2027", "due:  22 Feb 2027"),
            swap_lines(BARRY, "- Fitted the new", "- Refilled", "order"),
            ("advice", "the expansion vessel has lost its charge; have it recharged soon.", "none."),
            ("secret", "T23 X2P9", "T23 X2P9 (key under the blue pot)"),
        ),
    ),
    Job(
        "Plain lines, no table or bullets: the job sheet for Swan River Plumbing job 5519. Plumber Jake Morrison, "
        "licence PL 10483. Customer Grace Pham, 27 Raglan Road, Mount Lawley WA 6050. Arrived Monday 16 March 2026 at "
        "7:40 am, left 10:55 am. Work in this order: isolated the hot water system, replaced the tempering valve, "
        "new washers on the laundry taps, tested outlet temperatures. Parts: tempering valve 1 at $165.00, tap "
        "washer kit 1 at $12.80, flexible hose 2 at $18.50, thread tape 1 at $4.20. Charge the $90.00 call-out fee, "
        "labour at $120.00 an hour for the time on site rounded up to the next half hour, the parts, and GST at 10% "
        "on the lot. Mention the worn anode in the storage tank, and put the next service a year after today's "
        "visit. Don't write the side gate code (3391) on the sheet.",
        SWAN_RIVER,
        "Swan River",
        ("Tempering valve", "Tap washer kit", "Flexible hose", "Thread tape"),
        ("Isolated the hot water", "Replaced the valve", "Fitted new washers", "Tested the temperature"),
        (Decimal("90.00"), Decimal("120.00"), Decimal(10), True),
        "the $90.00 call-out fee, $120.00 an hour from arrival to departure rounded up to the next half hour, "
        "and each part's quantity times its price, plus 10% GST on everything",
        ("PL 10483", "plumbing licence number"),
        ("anode", "the worn anode"),
        ("3391", "the side gate code"),
        (
            ("on_site", "3 hrs 15 mins", "3 hrs 45 mins"),
            ("total", "$801.90", "$768.90"),
            ("parts", "2 at $18.50, $37.00", "2 at $18.50, $18.50"),
            ("weekday", "Monday 16 March 2026", "Tuesday 16 March 2026"),
            ("registration", "PL 10483", "PL 10843"),
            ("next_service", "due: 16 March 2027", "due: 16 September 2026"),
            swap_lines(SWAN_RIVER, "Replaced the valve", "Fitted new washers", "order"),
            ("advice", "the anode in the storage tank is worn and due for replacement.", "none."),
            ("secret", "Mount Lawley WA 6050", "Mount Lawley WA 6050 (gate code 3391)"),
        ),
    ),
)


def build(job: Job, on: dict[str, bool]) -> str:
    return slipped(job.text, job.slips, on, job.name)


# Reading a job sheet ----------------------------------------------------------------------------------------------


def visit(answer: str) -> tuple[datetime | None, datetime | None]:
    """The arrival and the departure as moments; the departure on the arrival's date when its line gives none."""
    arrived, departed = line_with(answer, "arrived"), line_with(answer, "departed")
    day = date_in(arrived)
    return moment(day, clock(arrived)), moment(date_in(departed) or day, clock(departed))


def on_site(answer: str) -> int | None:
    """The minutes the first line with `time on site` gives, or None."""
    found = DURATION.search(line_with(answer, "time on site"))
    return int(found.group(1)) * 60 + int(found.group(2) or 0) if found else None


def total_due(job: Job, found: list[tuple[Decimal, Decimal, Decimal]], minutes: int) -> Decimal:
    """The call-out, labour for `minutes` rounded up to the half hour, the parts and the tax on them."""
    callout, rate, tax, on_all = job.charges
    goods = sum((q * p for q, p, _ in found), Decimal(0))
    labour = rate * math.ceil(minutes / 30) / 2
    taxed = callout + labour + goods if on_all else goods
    return callout + labour + goods + (taxed * tax / 100).quantize(CENT, rounding=ROUND_HALF_UP)


def truths(job: Job, answer: str) -> dict[str, bool]:
    arrived, departed = visit(answer)
    minutes = int((departed - arrived).total_seconds() // 60) if arrived and departed and departed > arrived else None
    found = priced_lines(answer, job.parts)
    stated = money(line_with(answer, "total due"))[-1:]
    arrival_day = date_in(line_with(answer, "arrived"))
    places = [answer.find(step) for step in job.steps]
    return {
        "on_site": minutes is not None and on_site(answer) == minutes,
        "total": found is not None and minutes is not None and stated == [total_due(job, found, minutes)],
        "parts": found is not None and all(q * p == amount for q, p, amount in found),
        "weekday": weekday_matches(line_with(answer, "arrived")),
        "registration": job.registration[0] in answer,
        "next_service": arrival_day is not None
        and date_in(line_with(answer, "next service")) == arrival_day.replace(year=arrival_day.year + 1),
        "order": -1 not in places and places == sorted(places),
        "advice": job.advice[0] in answer.lower(),
        "secret": job.secret[0] not in answer,
    }


WORDINGS = {
    "on_site": (
        "The time on site agrees with the arrival and departure times",
        "The stated time on site is the span from arriving to leaving",
    ),
    "total": ("The total due is {rule}", "Bills the correct total: {rule}"),
    "parts": (
        "Each part's line total is its quantity times its unit price",
        "Every line in the parts list multiplies out correctly",
    ),
    "weekday": (
        "The weekday next to the arrival date is correct for that date",
        "The day of the week given for the visit agrees with its date",
    ),
    "registration": ("Gives the {what} as {number}", "Quotes {number} exactly as the {what}"),
    "next_service": (
        "Books the next service for one year to the day after the engineer arrived",
        "The next service date is twelve months on from the date of arrival",
    ),
    "order": (
        "Records the work in the order the task lists it",
        "Writes up the steps of the job in the same sequence as the brief",
    ),
    "advice": ("Passes on the advice about {advice}", "Includes the recommendation about {advice}"),
    "secret": ("Does not write {secret} anywhere on the sheet", "Leaves {secret} off the job sheet"),
}
"""Two wordings of each kind of criterion, filled from the job."""


def candidates(rng: random.Random, job: Job, answer: str) -> list[Criterion]:
    values = {
        "rule": job.rule,
        "what": job.registration[1],
        "number": job.registration[0],
        "advice": job.advice[1],
        "secret": job.secret[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(job, answer).items()
    ]


SWITCHES = ("on_site", "total", "parts", "weekday", "registration", "next_service", "order", "advice", "secret")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, JOBS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

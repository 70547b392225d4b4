"""Car hire family (fresh24): the rental confirmation a task asks a car hire branch to send a customer (a UK airport
branch's with the rental's details in a Markdown table, a US airport location's as bullets, an Irish airport desk's as
fixed-width text in a fenced block, an Australian airport depot's as plain lines): the pick-up and the return with their
dates and times, the rental days, the daily rate and the additional driver's fee, the total, the mileage allowance, the
insurance excess, the fuel policy, the branch's opening hours and the free cancellation deadline, a kind of answer no
grader was run on while any of its rules was written. Run only as `--set fresh24`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the confirmation written right and then changed by switches: the rental days each 24 hours from the
pick-up, with the task's minutes of grace, or another number, the total the daily rate and the driver's fee for each
rental day or mistyped, the mileage allowance the task's daily allowance for each rental day or another figure, the
return's weekday the date's or another, the return time inside the branch's opening hours or outside them, free
cancellation ending the task's hours before the pick-up or at another time, the full-to-full fuel policy stated or
another one, the excess as the task gives it or changed, and the matter the task says to leave alone unmentioned or
brought up. Every truth is read from the text: the pick-up's and the return's date and time the first ones on the first
line with the task's words for each, the return's weekday the first one on its line; the rental days the number before
`day` or `days` on the first line with the task's words for them; the total the last amount on the first line with the
task's words for it; the allowance the first number on the first line with the task's words for it; the cancellation's
date and time the first ones on the first line with the task's words for it.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    clock,
    date_in,
    line_with,
    moment,
    money,
    pick_wording,
    slipped,
    switched_cases,
    weekday_matches,
)

FAMILY = "car_hire"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
DAYS = re.compile(r"\b(\d+)\s+days?\b", re.I)
NUMBER = re.compile(r"\d[\d,]*")
FULL_TO_FULL = re.compile(r"\bfull[- ]to[- ]full\b", re.I)


@dataclass(frozen=True)
class Hire:
    task: str
    text: str
    """The answer written right."""
    name: str
    labels: tuple[str, str, str, str, str, str]
    """The words (lower-case) that find the lines of the pick-up, the return, the rental days, the total, the mileage
    allowance and the free cancellation deadline."""
    prices: tuple[Decimal, Decimal, str]
    """(the daily rate, the additional driver's fee a day, the currency sign)."""
    grace: int
    """The minutes past a whole number of 24 hours that are not charged as another day."""
    allowance: tuple[int, str]
    """(the allowance a day, its unit)."""
    opening: tuple[int, int, str]
    """(the branch's opening and closing time in minutes after midnight, the hours in words)."""
    cancel_hours: int
    excess: str
    """The insurance excess as the task gives it."""
    secret: tuple[str, str]
    """(the words, lower-case, that find the matter to leave alone, the matter in words)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


NORTHWAY = """# Booking confirmation NW-448120

Dear Mr Reid,

Thank you for booking with Northway Car Hire. Your rental is confirmed.

| | |
|---|---|
| Car | Ford Focus estate or similar, manual |
| Pick-up | Monday 15 June 2026, 10:00, Manchester Airport Terminal 2 |
| Return | Friday 19 June 2026, 10:20, same desk |
| Rental period | 4 days |
| Daily rate | £42.00 |
| Additional driver (Sarah Reid) | £9.00 a day |
| Total | £204.00 |
| Mileage allowance | 600 miles (150 a day) |
| Insurance excess | £1,250 |

Fuel: full to full. Please bring the car back with a full tank.
The desk is open from 08:00 to 20:00 every day.
Free cancellation until 10:00 on Saturday 13 June 2026.
Please bring both drivers' licences and the card used to book.

Northway Car Hire · 0161 555 0133"""

SUMMIT = """**Summit Car Rental · Reservation confirmed**

Hi Ms. Alvarez,

Your reservation at Denver International Airport (DEN) is confirmed:

- Vehicle: Toyota RAV4 or similar, automatic, AWD
- Pick-up: Monday, 2026-08-03 at 2:00 PM
- Return: Saturday, 2026-08-08 at 2:25 PM
- Rental length: 5 days
- Rate: $56.00/day, plus $13.00/day for the additional driver (Luis Alvarez)
- Estimated total: $345.00
- Mileage: 1,000 miles included (200 per day)
- Collision damage waiver deductible: $750
- Fuel: full-to-full; bring it back with a full tank.
- Location hours: 6:00 AM to 11:00 PM daily.
- Free cancellation until 2:00 PM on Sunday, 2026-08-02.

See you soon,
Summit Car Rental, DEN"""

ATLANTIC = """Here is the confirmation as plain text for the email:

```text
ATLANTIC CAR HIRE, SHANNON AIRPORT                 BOOKING AT-70215
Customer:           Orla Brennan
Car:                Skoda Octavia or similar, manual
Pick-up:            Thursday 2 July 2026, 09:30
Return:             Thursday 9 July 2026, 09:45
Rental days:        7 days
Daily rate:         €38.00
Additional driver:  €8.00 per day (Declan Brennan)
Total:              €322.00
Mileage allowance:  1,750 km (250 km per day)
Excess:             €1,500
Fuel policy:        Full to full
Desk hours:         08:00 to 20:00, seven days a week
Free cancellation until 09:30 on Monday 29 June 2026.
```"""

REEF = """Reef Coast Car Rentals, Cairns Airport: booking confirmation RC-55310
Customer: Jack Nguyen; additional driver: Emma Nguyen
Car: Toyota Corolla Cross or similar, automatic
Pick-up: Wednesday 16 September 2026 at 11:00 am
Return: Tuesday 22 September 2026 at 11:15 am
Hire length: 6 days
Rate: $64.00 a day, plus $10.00 a day for the additional driver
Total: $444.00
Kilometre allowance: 1,800 km (300 km a day)
Damage excess: $4,000
Fuel: full to full, so please return the car with a full tank.
Depot hours: 8:00 am to 5:00 pm, seven days.
Free cancellation until 11:00 am on Monday 14 September 2026.
Call us on (07) 4555 0188 if your flight is delayed."""

HIRES = (
    Hire(
        "Write Mr Reid's booking confirmation (NW-448120) from Northway Car Hire, Manchester Airport Terminal 2, with "
        "the details in a small Markdown table. Ford Focus estate or similar, manual. Pick-up Monday 15 June 2026 at "
        "10:00, return Friday 19 June 2026 at 10:20 to the same desk. We charge each 24 hours from pick-up, with 29 "
        "minutes' grace, at £42.00 a day, plus £9.00 a day for the additional driver, Sarah Reid; give the rental "
        "period and the total. 150 miles a day are included: give the allowance for the rental. Insurance excess "
        "£1,250. Fuel is full to full. The desk is open 08:00 to 20:00 every day. Free cancellation up to 48 hours "
        "before pick-up. Ask for both licences and the card used to book; our number is 0161 555 0133. Don't mention "
        "the unpaid parking fine from his last hire; accounts are dealing with it.",
        NORTHWAY,
        "Northway",
        ("| pick-up |", "| return |", "| rental period |", "| total |", "| mileage allowance |", "free cancellation"),
        (Decimal("42.00"), Decimal("9.00"), "£"),
        29,
        (150, "miles"),
        (8 * 60, 20 * 60, "08:00 to 20:00"),
        48,
        "£1,250",
        ("parking fine", "the unpaid parking fine from his last hire"),
        (
            ("days", "| Rental period | 4 days |", "| Rental period | 5 days |"),
            ("total", "| Total | £204.00 |", "| Total | £210.00 |"),
            ("mileage", "| 600 miles (150 a day) |", "| 450 miles (150 a day) |"),
            ("weekday", "Friday 19 June 2026", "Thursday 19 June 2026"),
            ("hours", "2026, 10:20, same desk", "2026, 07:30, same desk"),
            ("cancel", "until 10:00 on Saturday 13 June 2026", "until 10:00 on Sunday 14 June 2026"),
            (
                "fuel",
                "Fuel: full to full. Please bring the car back with a full tank.",
                "Fuel: a prepaid tank at £85.00; bring the car back at any level.",
            ),
            ("excess", "| £1,250 |", "| £1,520 |"),
            (
                "secret",
                "Your rental is confirmed.",
                "Your rental is confirmed. Please settle the parking fine from your last hire at the desk.",
            ),
        ),
    ),
    Hire(
        "Bullet points, ISO dates: a reservation confirmation from Summit Car Rental at Denver International Airport "
        "(DEN) for Ms. Alvarez. Toyota RAV4 or similar, automatic, AWD. Pick-up Monday, 2026-08-03 at 2:00 PM; return "
        "Saturday, 2026-08-08 at 2:25 PM. Days are 24-hour periods from pick-up with a 29-minute grace period; $56.00 "
        "a day plus $13.00 a day for the additional driver, Luis Alvarez. Give the rental length and the estimated "
        "total. 200 miles per day included, so state the mileage for the rental. Collision damage waiver deductible "
        "$750. Full-to-full fuel. Location hours 6:00 AM to 11:00 PM daily. Free cancellation up to 24 hours before "
        "pick-up. Please don't mention the toll violation from her last rental.",
        SUMMIT,
        "Summit",
        ("- pick-up:", "- return:", "rental length", "total", "mileage", "free cancellation"),
        (Decimal("56.00"), Decimal("13.00"), "$"),
        29,
        (200, "miles"),
        (6 * 60, 23 * 60, "6:00 AM to 11:00 PM"),
        24,
        "$750",
        ("toll", "the toll violation from her last rental"),
        (
            ("days", "Rental length: 5 days", "Rental length: 6 days"),
            ("total", "Estimated total: $345.00", "Estimated total: $280.00"),
            ("mileage", "Mileage: 1,000 miles", "Mileage: 1,200 miles"),
            ("weekday", "Saturday, 2026-08-08", "Friday, 2026-08-08"),
            ("hours", "2026-08-08 at 2:25 PM", "2026-08-08 at 5:30 AM"),
            ("cancel", "until 2:00 PM on Sunday, 2026-08-02", "until 2:00 PM on Saturday, 2026-08-01"),
            (
                "fuel",
                "- Fuel: full-to-full; bring it back with a full tank.",
                "- Fuel: prepaid tank ($72.00); return at any level.",
            ),
            ("excess", "deductible: $750", "deductible: $570"),
            (
                "secret",
                "is confirmed:",
                "is confirmed (the toll violation from your last rental has been added to this bill):",
            ),
        ),
    ),
    Hire(
        "As fixed-width plain text in a code block: Atlantic Car Hire, Shannon Airport, confirming booking AT-70215 "
        "for Orla Brennan. Skoda Octavia or similar, manual. Pick-up Thursday 2 July 2026 at 09:30, return Thursday 9 "
        "July 2026 at 09:45. Each rental day is 24 hours from pick-up, with 59 minutes' grace; €38.00 a day plus "
        "€8.00 a day for the additional driver, Declan Brennan. Give the rental days and the total. 250 km a day "
        "included: give the allowance for the rental. Excess €1,500. Fuel policy full to full. Desk hours 08:00 to "
        "20:00, seven days. Free cancellation up to 72 hours before pick-up. Leave out the windscreen claim from her "
        "last rental.",
        ATLANTIC,
        "Atlantic",
        ("pick-up:", "return:", "rental days:", "total:", "mileage allowance:", "free cancellation"),
        (Decimal("38.00"), Decimal("8.00"), "€"),
        59,
        (250, "km"),
        (8 * 60, 20 * 60, "08:00 to 20:00"),
        72,
        "€1,500",
        ("windscreen", "the windscreen claim from her last rental"),
        (
            ("days", "Rental days:        7 days", "Rental days:        8 days"),
            ("total", "Total:              €322.00", "Total:              €266.00"),
            ("mileage", "1,750 km (250", "1,500 km (250"),
            ("weekday", "Thursday 9 July 2026", "Friday 9 July 2026"),
            ("hours", "2026, 09:45", "2026, 07:15"),
            ("cancel", "until 09:30 on Monday 29 June 2026", "until 09:30 on Tuesday 30 June 2026"),
            ("fuel", "Fuel policy:        Full to full", "Fuel policy:        Same to same"),
            ("excess", "€1,500", "€1,050"),
            (
                "secret",
                "Customer:           Orla Brennan\n",
                "Customer:           Orla Brennan\nNote:               windscreen claim from last rental still open\n",
            ),
        ),
    ),
    Hire(
        "Plain lines, no tables or bullets: Reef Coast Car Rentals, Cairns Airport, confirming booking RC-55310 for "
        "Jack Nguyen, with Emma Nguyen as additional driver. Toyota Corolla Cross or similar, automatic. Pick-up "
        "Wednesday 16 September 2026 at 11:00 am, return Tuesday 22 September 2026 at 11:15 am. A hire day is each 24 "
        "hours from pick-up, with 30 minutes' grace; $64.00 a day plus $10.00 a day for the additional driver. Give "
        "the hire length and the total. 300 km a day included: give the kilometre allowance. Damage excess $4,000. "
        "Full to full fuel. Depot hours 8:00 am to 5:00 pm, seven days. Free cancellation up to 48 hours before "
        "pick-up. Our number is (07) 4555 0188. Don't bring up the speeding fine from his last hire.",
        REEF,
        "Reef",
        ("pick-up:", "return:", "hire length", "total:", "kilometre allowance", "free cancellation"),
        (Decimal("64.00"), Decimal("10.00"), "$"),
        30,
        (300, "km"),
        (8 * 60, 17 * 60, "8:00 am to 5:00 pm"),
        48,
        "$4,000",
        ("speeding", "the speeding fine from his last hire"),
        (
            ("days", "Hire length: 6 days", "Hire length: 7 days"),
            ("total", "Total: $444.00", "Total: $384.00"),
            ("mileage", "allowance: 1,800 km", "allowance: 2,100 km"),
            ("weekday", "Tuesday 22 September 2026", "Monday 22 September 2026"),
            ("hours", "at 11:15 am", "at 7:30 am"),
            ("cancel", "until 11:00 am on Monday 14 September 2026", "until 11:00 am on Tuesday 15 September 2026"),
            (
                "fuel",
                "Fuel: full to full, so please return the car with a full tank.",
                "Fuel: we refuel the car on return and bill you for what was used.",
            ),
            ("excess", "Damage excess: $4,000", "Damage excess: $3,000"),
            (
                "secret",
                "additional driver: Emma Nguyen\n",
                "additional driver: Emma Nguyen\nThe speeding fine from your last hire is still to be paid.\n",
            ),
        ),
    ),
)


def build(hire: Hire, on: dict[str, bool]) -> str:
    return slipped(hire.text, hire.slips, on, hire.name)


# Reading a rental confirmation ----------------------------------------------------------------------------------


def rental_days(start: datetime, end: datetime, grace: int) -> int:
    """The 24-hour periods from `start` to `end`, a part one counted whole once it runs past `grace` minutes."""
    minutes = (end - start) // timedelta(minutes=1)
    return max(1, math.ceil((minutes - grace) / (24 * 60)))


WORDINGS = {
    "days": (
        "Counts the rental days as 24-hour periods from pick-up, with {grace} minutes' grace",
        "Gives the right number of rental days for the pick-up and return times",
    ),
    "total": (
        "The total is the daily rate plus the additional driver's fee for every rental day",
        "Works out the total correctly from the {rate} a day, the {driver} a day for the extra driver and the days",
    ),
    "mileage": (
        "The allowance is {allowance} {unit} a day for each rental day",
        "Works out the {unit} allowance for the whole rental at {allowance} a day",
    ),
    "weekday": (
        "The weekday given for the return is right for its date",
        "Names the return date with the day of the week it really falls on",
    ),
    "hours": (
        "The return time is within the branch's opening hours of {window}",
        "Has the car returned while the desk is open ({window})",
    ),
    "cancel": (
        "Free cancellation ends {cancel} hours before the pick-up time",
        "Sets the free cancellation deadline exactly {cancel} hours ahead of pick-up",
    ),
    "fuel": ("States a full-to-full fuel policy", "Says the fuel policy is full to full"),
    "excess": ("Gives the insurance excess as {excess}, as in the task", "Quotes the {excess} excess as given"),
    "secret": ("Does not mention {secret}", "Leaves {secret} out of the confirmation"),
}
"""Two wordings of each kind of criterion, filled from the hire."""


def truths(hire: Hire, answer: str) -> dict[str, bool]:
    pick_line, return_line, days_line, total_line, allowance_line, cancel_line = (
        line_with(answer, words) for words in hire.labels
    )
    start, end = (moment(date_in(line), clock(line)) for line in (pick_line, return_line))
    days = rental_days(start, end, hire.grace) if start is not None and end is not None else None
    rate, driver, _ = hire.prices
    stated, allowance, back = DAYS.search(days_line), NUMBER.search(allowance_line), clock(return_line)
    opens, closes, _ = hire.opening
    return {
        "days": days is not None and stated is not None and int(stated.group(1)) == days,
        "total": days is not None and money(total_line)[-1:] == [days * (rate + driver)],
        "mileage": days is not None
        and allowance is not None
        and int(allowance.group(0).replace(",", "")) == days * hire.allowance[0],
        "weekday": weekday_matches(return_line),
        "hours": back is not None and opens <= back <= closes,
        "cancel": start is not None
        and moment(date_in(cancel_line), clock(cancel_line)) == start - timedelta(hours=hire.cancel_hours),
        "fuel": FULL_TO_FULL.search(answer) is not None,
        "excess": hire.excess in answer,
        "secret": hire.secret[0] not in answer.lower(),
    }


def candidates(rng: random.Random, hire: Hire, answer: str) -> list[Criterion]:
    rate, driver, sign = hire.prices
    values = {
        "grace": hire.grace,
        "rate": f"{sign}{rate}",
        "driver": f"{sign}{driver}",
        "allowance": hire.allowance[0],
        "unit": hire.allowance[1],
        "window": hire.opening[2],
        "cancel": hire.cancel_hours,
        "excess": hire.excess,
        "secret": hire.secret[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(hire, answer).items()
    ]


SWITCHES = ("days", "total", "mileage", "weekday", "hours", "cancel", "fuel", "excess", "secret")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, HIRES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

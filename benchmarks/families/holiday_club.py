"""Holiday club family (fresh38): the booking confirmation a children's holiday club asks for when a parent books days
in the school holidays (a multi-sports camp, a forest school, a drama club, a coding camp), with the days booked and
the day's hours, the fees with a discount, what to bring and the cancellation terms, a kind of answer no grader was run
on while any of its rules was written. Run only as `--set fresh38`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the confirmation (Markdown headings with the fees in a table, bold labels with bullets, plain `Label:`
lines with numbered lists, or `###` headings with a key-facts table), written right and then changed by switches.
Every truth is read from the text: a date of birth, the nut-free rule and the exclamation marks by the words and marks
that write them, the sections by their headings, what to bring as the list items of its section, the fee from the
first line pricing a number of days (its first amount the daily rate, its last the fee), the discount from the first
line naming a discount and a percentage (its first amount what it is taken from, its last the discount), and the day's
length from the first line with two times against the hours it states.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    clocks,
    heading_of,
    heading_order,
    listed,
    money,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
)

FAMILY = "holiday_club"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
BIRTH = re.compile(r"date of birth|\bD\.?O\.?B\b|\bborn (?:on )?\d", re.I)
NUT_FREE = re.compile(r"nut[- ]free|no nuts", re.I)
DAYS = r"days booked|your days|dates"
FEES = r"fees|costs?\b|price"
BRING = r"bring|pack"
CANCEL = re.compile(r"cancel", re.I)
FEE = re.compile(r"\b(\d+)\s+days?\s+at\b", re.I)
DISCOUNT = re.compile(r"discount", re.I)
PERCENT = re.compile(r"(\d+(?:\.\d+)?)%")
HOURS = re.compile(r"\b(\d+)(½|\.5)?[\s-]*hours?\b")
PENNY = Decimal("0.01")


@dataclass(frozen=True)
class Booking:
    name: str
    """The child."""
    task: str
    text: str
    """The answer written right."""
    bring: int
    """The things to bring asked for."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


KICKSTART = """# Kickstart Multi-Sports Camp: booking confirmed

Dear Mrs Whitlock,

Thank you for booking Oscar onto our summer camp at Greenway Leisure Centre. We look forward to seeing him.

## Days booked
- Monday 27 July 2026
- Tuesday 28 July 2026
- Wednesday 29 July 2026
- Thursday 30 July 2026

Drop-off is from 8:30 am and pick-up is by 3:30 pm (a 7-hour day).

## Fees
| Item | Amount |
|---|---|
| 4 days at £32.00 a day | £128.00 |
| Sibling discount, 10% of £128.00 | −£12.80 |
| Total paid | £115.20 |

## What to bring
- a nut-free packed lunch and snacks
- a named water bottle
- trainers and comfortable sports clothes
- sun cream, already applied, and a sun hat
- a waterproof jacket

## Cancellations
Cancel at least 14 days before the first day for a full refund, less a £5.00 admin fee. After that we can offer a credit note only.

Kickstart Camps
"""

WILDWOOD = """**Wildwood Forest School: your holiday club booking**

Dear Mr Garside,

Poppy is booked in with us for three days this August. Here is everything you need to know. See you in the woods!

**Your days**
- Tuesday 4 August 2026
- Wednesday 5 August 2026
- Thursday 6 August 2026
- Hours: 9:00 am to 3:00 pm, 6 hours each day
- Meeting point: the gate to Hobb's Wood car park

**Fees**
- 3 days at £38.00 a day: £114.00
- Early booking discount, 5% of £114.00: −£5.70
- Total paid: £108.30

**What to pack**
- a nut-free packed lunch
- a full water bottle
- long trousers and long sleeves, whatever the weather
- wellies or sturdy boots
- a waterproof coat and trousers
- a change of clothes in a bag

**Cancellations**
Tell us at least a week before and we will refund you in full; later than that, we keep half the fee.

Best wishes,
Hazel and the Wildwood team
"""

SPOTLIGHT = """SPOTLIGHT DRAMA CLUB
Summer holiday course: booking confirmation

Dear Ms Mensah,

Thank you for booking Kofi onto our summer course, which ends with a show for families on the Friday afternoon.

Dates:
Monday 10 August 2026 to Friday 14 August 2026, five days
Each day runs from 9:30 am to 4:00 pm (6½ hours).
Venue: Riverside Arts Centre, Studio 2

Fees:
5 days at £27.00 a day: £135.00
Sibling discount, 15% of £135.00: £20.25
Total paid: £114.75

What to bring:
1. a nut-free packed lunch
2. a water bottle
3. clothes he can move in, and soft shoes or trainers
4. a pencil for learning lines

Cancellations:
We refund the fee in full up to 7 days before the course. After that we can only refund it if we can fill the place.

Kind regards,
Marcus Bell, Spotlight Drama Club
"""

BYTESIZE = """### ByteSize Coding Camp: you're booked in

| Booking | |
|---|---|
| Child | Aisha Rahman |
| Camp | Build your own game (ages 9 to 12) |
| Place | Northgate Library, first floor |

Hello Mr and Mrs Rahman,

Aisha's half-term place is confirmed.

### Days booked
- Monday 26 October 2026
- Tuesday 27 October 2026
- Each day: 10:00 am to 3:30 pm (5½ hours)

### Fees
| | |
|---|---|
| 2 days at £45.00 a day | £90.00 |
| Library member discount, 20% of £90.00 | −£18.00 |
| Total paid | £72.00 |

### What to bring
- a nut-free lunch
- a drink
- a USB stick to take her game home

### Cancellations
Cancel up to 48 hours before the first day for a full refund.

The ByteSize team
"""

BUBBLY = "We can't wait to see {0}! It's going to be a brilliant week!"

BOOKINGS = (
    Booking(
        "Oscar",
        "Please write the booking confirmation for Oscar Whitlock at our Kickstart multi-sports summer camp (Greenway "
        "Leisure Centre), to his mum Mrs Whitlock, in Markdown. Days booked: 27, 28, 29 and 30 July 2026, 8:30 am to "
        "3:30 pm (say how long the day is). Fees in a table: 4 days at £32 a day, 10% sibling discount, total paid. "
        "Days before fees. Then what to bring (five things: nut-free packed lunch, water bottle, trainers and sports "
        "clothes, sun cream and hat, waterproof) and a Cancellations heading: 14 days' notice for a full refund less "
        "£5. His date of birth is on the form (14/03/2018) but leave it out of the letter. Friendly but not gushing: "
        "one exclamation mark at most.",
        KICKSTART,
        5,
        (
            swap_spans(KICKSTART, "## Days booked", "## Fees", "## What to bring"),
            (
                "no_dob",
                "Thank you for booking Oscar onto",
                "Thank you for booking Oscar (date of birth 14/03/2018) onto",
            ),
            ("nut_free", "- a nut-free packed lunch and snacks", "- a packed lunch and snacks"),
            ("calm", "We look forward to seeing him.", BUBBLY.format("him")),
            ("bring", "- a named water bottle\n", ""),
            ("heading", "## Cancellations\n", ""),
            ("fee", "| 4 days at £32.00 a day |", "| 4 days at £30.00 a day |"),
            ("discount", "| −£12.80 |", "| −£11.52 |"),
            ("hours", "(a 7-hour day)", "(a 6-hour day)"),
        ),
    ),
    Booking(
        "Poppy",
        "Confirmation email for Poppy Garside's three days at Wildwood Forest School holiday club (Tuesday 4 to "
        "Thursday 6 August 2026), to Mr Garside. Bold headings and bullets. Hours 9 am to 3 pm, give the hours per day; "
        "meet at the Hobb's Wood car park gate. Her days come before the fees: £38 a day, 5% early booking discount, "
        "total. Then what to pack, six items (nut-free packed lunch, water, long sleeves and trousers, wellies, "
        "waterproofs, change of clothes), then our cancellation terms under their own heading (a week's notice for a "
        "full refund, half after that). Don't put her DOB in. Keep exclamation marks to one at the most. From Hazel.",
        WILDWOOD,
        6,
        (
            swap_spans(WILDWOOD, "**Your days**", "**Fees**", "**What to pack**"),
            ("no_dob", "Poppy is booked in with us", "Poppy (DOB 2 May 2017) is booked in with us"),
            ("nut_free", "- a nut-free packed lunch", "- a packed lunch"),
            ("calm", "Here is everything you need to know.", "Here is everything you need to know! Hooray!"),
            ("bring", "- wellies or sturdy boots\n", ""),
            ("heading", "**Cancellations**\n", ""),
            ("fee", "- 3 days at £38.00 a day: £114.00", "- 3 days at £36.00 a day: £114.00"),
            ("discount", "of £114.00: −£5.70", "of £114.00: −£7.50"),
            ("hours", "6 hours each day", "5 hours each day"),
        ),
    ),
    Booking(
        "Kofi",
        "Plain text, no Markdown: booking confirmation to Ms Mensah for Kofi's place on the Spotlight Drama Club "
        "summer course, Monday 10 to Friday 14 August 2026, Riverside Arts Centre Studio 2. Days run 9:30 am to 4 pm, "
        "say how many hours. The dates go before the fees: 5 days at £27, 15% sibling discount, total. A numbered list "
        "of the four things to bring (nut-free packed lunch, water bottle, clothes to move in with soft shoes, a "
        "pencil), then a Cancellations heading: full refund up to 7 days before. Leave his date of birth out. No more "
        "than one exclamation mark. From Marcus Bell.",
        SPOTLIGHT,
        4,
        (
            swap_spans(SPOTLIGHT, "Dates:", "Fees:", "What to bring:"),
            ("no_dob", "Thank you for booking Kofi onto", "Thank you for booking Kofi (born 21 June 2016) onto"),
            ("nut_free", "1. a nut-free packed lunch", "1. a packed lunch"),
            ("calm", "on the Friday afternoon.", "on the Friday afternoon. " + BUBBLY.format("him")),
            ("bring", "4. a pencil for learning lines\n", ""),
            ("heading", "Cancellations:\n", ""),
            ("fee", "5 days at £27.00 a day", "4 days at £27.00 a day"),
            ("discount", "of £135.00: £20.25", "of £135.00: £13.50"),
            ("hours", "(6½ hours)", "(7½ hours)"),
        ),
    ),
    Booking(
        "Aisha",
        "ByteSize Coding Camp booking confirmation for Aisha Rahman (Build your own game, ages 9 to 12, Northgate "
        "Library first floor), to Mr and Mrs Rahman: ### headings and a key-facts table at the top. Half term, Monday "
        "26 and Tuesday 27 October 2026, 10 am to 3:30 pm (hours per day, please). Days booked first, then fees: 2 "
        "days at £45, 20% library member discount, total. Then the three things to bring (nut-free lunch, a drink, a "
        "USB stick) and a section headed Cancellations (48 hours' notice for a full refund). Her date of birth must not "
        "appear. Calm tone, at most one exclamation mark.",
        BYTESIZE,
        3,
        (
            swap_spans(BYTESIZE, "### Days booked", "### Fees", "### What to bring"),
            ("no_dob", "| Child | Aisha Rahman |", "| Child | Aisha Rahman, date of birth 9 January 2015 |"),
            ("nut_free", "- a nut-free lunch", "- a packed lunch"),
            (
                "calm",
                "Aisha's half-term place is confirmed.",
                "Aisha's half-term place is confirmed! " + BUBBLY.format("her"),
            ),
            ("bring", "- a drink\n", ""),
            ("heading", "### Cancellations\n", ""),
            ("fee", "| 2 days at £45.00 a day |", "| 2 days at £40.00 a day |"),
            ("discount", "| −£18.00 |", "| −£9.00 |"),
            ("hours", "(5½ hours)", "(6½ hours)"),
        ),
    ),
)


def build(booking: Booking, on: dict[str, bool]) -> str:
    return slipped(booking.text, booking.slips, on, booking.name)


# Reading a confirmation ------------------------------------------------------------------------


def fee_line(answer: str) -> str:
    """The first line pricing a number of days, or an empty line."""
    return next((line for line in answer.splitlines() if FEE.search(line) and len(money(line)) >= 2), "")


def fee_right(answer: str) -> bool:
    """Whether the fee line's last amount is its number of days times its first amount (the daily rate)."""
    line = fee_line(answer)
    days, amounts = FEE.search(line), money(line)
    return days is not None and int(days.group(1)) * amounts[0] == amounts[-1]


def discount_right(answer: str) -> bool:
    """Whether the first line naming a discount, a percentage and two amounts gives as its last amount that percentage
    of its first (the amount the discount is taken from), to the penny."""
    line = next((line for line in answer.splitlines() if DISCOUNT.search(line) and PERCENT.search(line)), "")
    rate, amounts = PERCENT.search(line), money(line)
    if rate is None or len(amounts) < 2:
        return False
    return (amounts[0] * Decimal(rate.group(1)) / 100).quantize(PENNY, ROUND_HALF_UP) == amounts[-1]


def hours_right(answer: str) -> bool:
    """Whether the first line with two times states the hours between them."""
    line = next((line for line in answer.splitlines() if len(clocks(line)) >= 2), "")
    times, stated = clocks(line), HOURS.search(line)
    if len(times) < 2 or stated is None:
        return False
    hours = int(stated.group(1)) + (0.5 if stated.group(2) else 0)
    return times[1] - times[0] == round(hours * 60)


def cancel_heading(answer: str) -> bool:
    """Whether some heading is about cancelling."""
    return any((title := heading_of(line)) is not None and CANCEL.search(title) for line in answer.splitlines())


WORDINGS = {
    "no_dob": ("Does not include the child's date of birth", "Leaves the child's date of birth out"),
    "nut_free": ("Says that lunches must be nut-free", "Asks for a nut-free lunch"),
    "calm": ("Uses no more than one exclamation mark", "Keeps a calm tone, with at most one exclamation mark"),
    "order": ("Gives the days booked before the fees", "The dates section comes before the fees section"),
    "bring": ("Lists exactly {bring} things to bring", "The list of what to bring has {bring} items"),
    "heading": ("Has a separate heading for cancellations", "Includes a section headed for the cancellation terms"),
    "fee": (
        "The fee equals the number of days times the daily rate",
        "Works out the cost of the days booked correctly from the daily rate",
    ),
    "discount": (
        "The discount is the stated percentage of the fee",
        "Calculates the percentage discount correctly",
    ),
    "hours": (
        "The length of the day in hours matches the drop-off and pick-up times",
        "States the number of hours in a day correctly from its start and end times",
    ),
}
"""Two wordings of each kind of criterion, filled from the booking."""


def truths(booking: Booking, answer: str) -> dict[str, bool]:
    return {
        "no_dob": BIRTH.search(answer) is None,
        "nut_free": NUT_FREE.search(answer) is not None,
        "calm": answer.count("!") <= 1,
        "order": heading_order(answer, DAYS, FEES),
        "bring": len(listed(section(answer, BRING) or [])) == booking.bring,
        "heading": cancel_heading(answer),
        "fee": fee_right(answer),
        "discount": discount_right(answer),
        "hours": hours_right(answer),
    }


def candidates(rng: random.Random, booking: Booking, answer: str) -> list[Criterion]:
    filled = {"bring": NUMBER_WORDS[booking.bring]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(booking, answer).items()
    ]


SWITCHES = ("order", "no_dob", "nut_free", "calm", "bring", "heading", "fee", "discount", "hours")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, BOOKINGS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

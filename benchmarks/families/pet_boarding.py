"""Pet boarding family (fresh24): the booking confirmation a task asks a kennel or cattery to send an owner (a UK
kennels' with the stay's details in a Markdown table, a US cat hotel's as bullets, an Irish kennels' as fixed-width text
in a fenced block, an Australian pet resort's as plain lines): the drop-off and pick-up dates and times, the nights, the
nightly rate, the one extra asked for, the total and the deposit paid, the collection hours, the food to bring, the
medication and the vaccination record, a kind of answer no grader was run on while any of its rules was written. Run
only as `--set fresh24`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the confirmation written right and then changed by switches: the nights those from drop-off to pick-up or
another number, the pick-up's weekday the date's or another, the total the nightly rate for each night plus the extra or
mistyped, the deposit the task's share of that total or another figure, the pick-up time inside the collection hours or
outside them, the vaccination record asked for or left out, the medication's dose as the task gives it or changed, the
matter the task says to leave alone unmentioned or brought up, and the food to bring the task's daily amount for every
night or another amount. Every truth is read from the text: the drop-off's and the pick-up's date the first date on the
first line with the task's words for each, the pick-up's weekday and time the first ones on its line; the nights stated
the first number written before `night` or `nights`; the total the last amount on the first line with the task's words
for it, the deposit the first amount on the first line with its words; the food to bring the first number on the first
line with `food:`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import Decimal

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    clock,
    date_in,
    line_with,
    money,
    pick_wording,
    slipped,
    switched_cases,
    weekday_matches,
)

FAMILY = "pet_boarding"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
NIGHTS = re.compile(r"\b(\d+)\s+nights?\b", re.I)
NUMBER = re.compile(r"\d+(?:\.\d+)?")
VACCINATION = re.compile(r"\bvaccinat", re.I)


@dataclass(frozen=True)
class Booking:
    task: str
    text: str
    """The answer written right."""
    name: str
    pet: str
    labels: tuple[str, str, str, str, str]
    """The words (lower-case) that find the lines of the drop-off, the pick-up, the total, the deposit and the food."""
    prices: tuple[Decimal, str, Decimal, int]
    """(the nightly rate, the extra in words, the extra's price, the deposit's share of the total in percent)."""
    window: tuple[int, int, str]
    """(the first and the last minute after midnight at which a pet may be collected, the hours in words)."""
    food: tuple[Decimal, str]
    """(the food a day in the unit the answer writes the food to bring in, the food a day in words)."""
    dose: str
    """The medication and its dose as the task gives them."""
    secret: tuple[str, str]
    """(the words, lower-case, that find the matter to leave alone, the matter in words)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


OAKFIELD = """# Booking confirmation: Oakfield Kennels

Dear Mrs Price,

Thank you for booking Bramble's stay with us. Here are the details.

| | |
|---|---|
| Dog | Bramble (Labrador, 9 years) |
| Drop-off | Friday 24 July 2026, 10:00 |
| Pick-up | Sunday 2 August 2026, 16:30 |
| Stay | 9 nights |
| Kennel rate | £28.00 a night |
| Bath before going home | £18.00 |
| Total | £270.00 |
| Deposit paid | £54.00 |

Collections are between 14:00 and 17:00 every day.
Food: please bring 3.15 kg of his own kibble, 350 g a day.
Medication: Metacam 2.1 ml once a day with his evening meal.
Please bring Bramble's vaccination card, including his kennel cough booster.

We look forward to seeing Bramble.
Oakfield Kennels, Church Stretton, Shropshire SY6 7AB · 01694 555 210"""

WHISKER = """**Whisker Inn Cat Boarding · Booking confirmation**

Hi Dana,

Miso's stay is booked. The details:

- Drop-off: Tuesday, 2026-11-24 at 8:30 AM
- Pick-up: Monday, 2026-11-30 at 5:00 PM
- Length of stay: 6 nights
- Suite rate: $38.00 per night
- Nail trim on the last day: $15.00
- Total: $243.00
- Deposit received: $60.75

**Good to know**
- Pick-ups are between 3:00 PM and 6:00 PM.
- Food: please bring 12 pouches of her wet food (2 a day).
- Medication: methimazole 2.5 mg twice daily.
- Please bring her vaccination records (FVRCP and rabies) at drop-off.

See you on the 24th!
Whisker Inn · 4100 Burnet Road, Austin, TX · (512) 555-0187"""

GLEN = """Here is the confirmation as plain text for the email:

```text
GLEN KENNELS, ROUNDWOOD, CO. WICKLOW            BOOKING CONFIRMATION

Owner:         Seán Byrne
Dog:           Rua (Irish setter)
Drop-off:      Friday 18 December 2026, 11:00
Pick-up:       Monday 28 December 2026, 12:00
Stay:          10 nights
Rate:          €30.00 per night
Christmas Day supplement: €20.00
Total:         €320.00
Deposit paid:  €96.00

Collection hours: 10:00 to 13:00, bank holidays included
Food: bring 4 kg of Rua's own dry food (400 g a day)
Medication: Apoquel 16 mg once a day with breakfast
Please bring Rua's vaccination booklet at drop-off.

Glen Kennels · 01 555 0193
```"""

BAYSIDE = """Bayside Pet Resort, 22 Wynnum Road, Tingalpa QLD 4173: booking confirmation
Guest: Biscuit (kelpie cross), owner Mia Thompson
Drop-off: Saturday 3 October 2026 at 9:00 am
Pick-up: Monday 12 October 2026 at 3:30 pm
Length of stay: 9 nights
Rate: $45.00 a night
Hydrobath on the last day: $35.00
Total for the stay: $440.00
Deposit paid: $110.00
Collections are from 2:00 pm to 5:00 pm, Monday to Saturday.
Food: please pack 18 cups of Biscuit's dry food (2 cups a day).
Medication: prednisolone 5 mg every second morning.
Please bring Biscuit's C5 vaccination certificate at drop-off.
Questions? Call us on (07) 3555 0142."""

BOOKINGS = (
    Booking(
        "Write Mrs Price a booking confirmation for Bramble, her 9-year-old Labrador, at Oakfield Kennels (Church "
        "Stretton, Shropshire SY6 7AB, 01694 555 210). Drop-off Friday 24 July 2026 at 10:00, pick-up Sunday 2 August "
        "2026 at 16:30; put the details in a small Markdown table with the number of nights. Our rate is £28.00 a "
        "night and she wants a bath for him before he goes home (£18.00); give the total and the 20% deposit she has "
        "paid. Collections are between 14:00 and 17:00. She's bringing his own kibble, 350 g a day, so tell her how "
        "much to bring for the stay. He has Metacam 2.1 ml once a day with his evening meal. Remind her to bring his "
        "vaccination card. Don't bring up the fight with the spaniel last Christmas.",
        OAKFIELD,
        "Oakfield",
        "Bramble",
        ("| drop-off |", "| pick-up |", "| total |", "| deposit", "food:"),
        (Decimal("28.00"), "the bath", Decimal("18.00"), 20),
        (14 * 60, 17 * 60, "14:00 to 17:00"),
        (Decimal("0.35"), "350 g"),
        "Metacam 2.1 ml once a day",
        ("spaniel", "the fight with the spaniel"),
        (
            ("nights", "| Stay | 9 nights |", "| Stay | 10 nights |"),
            ("weekday", "Sunday 2 August 2026", "Saturday 2 August 2026"),
            ("total", "| Total | £270.00 |", "| Total | £288.00 |"),
            ("deposit", "| Deposit paid | £54.00 |", "| Deposit paid | £57.60 |"),
            ("hours", "2026, 16:30 |", "2026, 17:45 |"),
            ("vaccination", "\nPlease bring Bramble's vaccination card, including his kennel cough booster.", ""),
            ("medication", "Metacam 2.1 ml once a day", "Metacam 1.2 ml once a day"),
            (
                "secret",
                "Here are the details.",
                "Here are the details. We'll keep him well away from the spaniel he fought with at Christmas.",
            ),
            ("food", "bring 3.15 kg", "bring 2.8 kg"),
        ),
    ),
    Booking(
        "Bullet points, ISO dates: a booking confirmation from Whisker Inn Cat Boarding (4100 Burnet Road, Austin, TX, "
        "(512) 555-0187) to Dana for her cat Miso. Drop-off Tuesday, 2026-11-24 at 8:30 AM; pick-up Monday, "
        "2026-11-30 at 5:00 PM. Give the length of stay in nights. Suites are $38.00 per night, plus a nail trim on "
        "the last day ($15.00); show the total and the 25% deposit we've received. Pick-ups are between 3:00 PM and "
        "6:00 PM. Dana is bringing Miso's wet food, 2 pouches a day: tell her how many to bring. Miso takes "
        "methimazole 2.5 mg twice daily. Ask for her vaccination records (FVRCP and rabies). Please don't mention the "
        "scratching incident with our groomer.",
        WHISKER,
        "Whisker",
        "Miso",
        ("- drop-off:", "- pick-up:", "total:", "deposit", "food:"),
        (Decimal("38.00"), "the nail trim", Decimal("15.00"), 25),
        (15 * 60, 18 * 60, "3:00 PM to 6:00 PM"),
        (Decimal(2), "2 pouches"),
        "methimazole 2.5 mg twice daily",
        ("groomer", "the scratching incident with the groomer"),
        (
            ("nights", "Length of stay: 6 nights", "Length of stay: 7 nights"),
            ("weekday", "Monday, 2026-11-30", "Sunday, 2026-11-30"),
            ("total", "Total: $243.00", "Total: $228.00"),
            ("deposit", "Deposit received: $60.75", "Deposit received: $57.00"),
            ("hours", "at 5:00 PM", "at 7:15 PM"),
            ("vaccination", "\n- Please bring her vaccination records (FVRCP and rabies) at drop-off.", ""),
            ("medication", "methimazole 2.5 mg twice daily", "methimazole 5 mg twice daily"),
            (
                "secret",
                "Miso's stay is booked.",
                "Miso's stay is booked, and she won't see the groomer who got scratched last time.",
            ),
            ("food", "bring 12 pouches", "bring 14 pouches"),
        ),
    ),
    Booking(
        "Plain text in a code block for the email: Glen Kennels (Roundwood, Co. Wicklow, 01 555 0193) confirming Seán "
        "Byrne's booking for Rua, his Irish setter. Drop-off Friday 18 December 2026 at 11:00, pick-up Monday 28 "
        "December 2026 at 12:00; say how many nights. €30.00 per night plus the Christmas Day supplement of €20.00; "
        "give the total and the 30% deposit paid. Collection hours are 10:00 to 13:00, bank holidays included. He'll "
        "bring Rua's own dry food, 400 g a day, so tell him how much for the stay. Rua has Apoquel 16 mg once a day "
        "with breakfast. Ask for the vaccination booklet. Leave out the neighbours' complaint about the barking.",
        GLEN,
        "Glen",
        "Rua",
        ("drop-off:", "pick-up:", "total:", "deposit", "food:"),
        (Decimal("30.00"), "the Christmas Day supplement", Decimal("20.00"), 30),
        (10 * 60, 13 * 60, "10:00 to 13:00"),
        (Decimal("0.4"), "400 g"),
        "Apoquel 16 mg once a day",
        ("neighbour", "the neighbours' complaint about the barking"),
        (
            ("nights", "Stay:          10 nights", "Stay:          11 nights"),
            ("weekday", "Monday 28 December 2026", "Tuesday 28 December 2026"),
            ("total", "Total:         €320.00", "Total:         €330.00"),
            ("deposit", "Deposit paid:  €96.00", "Deposit paid:  €90.00"),
            ("hours", "2026, 12:00", "2026, 14:30"),
            ("vaccination", "\nPlease bring Rua's vaccination booklet at drop-off.", ""),
            ("medication", "Apoquel 16 mg once a day", "Apoquel 5.4 mg once a day"),
            (
                "secret",
                "Dog:           Rua (Irish setter)",
                "Dog:           Rua (Irish setter), in the far run after the neighbours' barking complaint",
            ),
            ("food", "bring 4 kg", "bring 3.6 kg"),
        ),
    ),
    Booking(
        "Plain lines, no tables or bullets: Bayside Pet Resort (22 Wynnum Road, Tingalpa QLD 4173, (07) 3555 0142) "
        "confirming Mia Thompson's booking for Biscuit, her kelpie cross. Drop-off Saturday 3 October 2026 at 9:00 am, "
        "pick-up Monday 12 October 2026 at 3:30 pm, with the number of nights. $45.00 a night and a hydrobath on the "
        "last day for $35.00; give the total for the stay and the 25% deposit she paid. Collections are 2:00 pm to "
        "5:00 pm, Monday to Saturday. She'll pack Biscuit's dry food, 2 cups a day: tell her how many cups for the "
        "stay. Biscuit has prednisolone 5 mg every second morning. Ask for the C5 vaccination certificate. Don't "
        "mention last summer's snake bite; she's still upset about it.",
        BAYSIDE,
        "Bayside",
        "Biscuit",
        ("drop-off:", "pick-up:", "total", "deposit", "food:"),
        (Decimal("45.00"), "the hydrobath", Decimal("35.00"), 25),
        (14 * 60, 17 * 60, "2:00 pm to 5:00 pm"),
        (Decimal(2), "2 cups"),
        "prednisolone 5 mg every second morning",
        ("snake", "last summer's snake bite"),
        (
            ("nights", "Length of stay: 9 nights", "Length of stay: 8 nights"),
            ("weekday", "Monday 12 October 2026", "Tuesday 12 October 2026"),
            ("total", "Total for the stay: $440.00", "Total for the stay: $405.00"),
            ("deposit", "Deposit paid: $110.00", "Deposit paid: $101.25"),
            ("hours", "at 3:30 pm", "at 5:45 pm"),
            ("vaccination", "\nPlease bring Biscuit's C5 vaccination certificate at drop-off.", ""),
            ("medication", "prednisolone 5 mg every second morning", "prednisolone 10 mg every second morning"),
            (
                "secret",
                "owner Mia Thompson\n",
                "owner Mia Thompson\nWe'll keep Biscuit out of the long grass after last summer's snake bite.\n",
            ),
            ("food", "pack 18 cups", "pack 16 cups"),
        ),
    ),
)


def build(booking: Booking, on: dict[str, bool]) -> str:
    return slipped(booking.text, booking.slips, on, booking.name)


# Reading a booking confirmation ---------------------------------------------------------------------------------


def nights_between(booking: Booking, answer: str) -> int | None:
    """The nights from the drop-off's date to the pick-up's, or None when either is missing."""
    drop, pick = (date_in(line_with(answer, words)) for words in booking.labels[:2])
    return (pick - drop).days if drop is not None and pick is not None else None


WORDINGS = {
    "nights": (
        "States the number of nights as the nights from drop-off to pick-up",
        "Gives the right number of nights for the drop-off and pick-up dates",
    ),
    "weekday": (
        "The weekday given for the pick-up is right for its date",
        "Names the pick-up date with the day of the week it really falls on",
    ),
    "total": (
        "The total is the nightly rate for every night of the stay plus {extra}",
        "Works out the total correctly from the rate, the nights and {extra}",
    ),
    "deposit": (
        "The deposit is {share}% of the correct total for the stay",
        "Gives a deposit of {share}% of what the stay costs",
    ),
    "hours": (
        "The pick-up time falls within the collection hours of {window}",
        "Sets the pick-up for a time when {pet} can be collected ({window})",
    ),
    "vaccination": (
        "Asks the owner to bring {pet}'s vaccination record",
        "Reminds the owner about {pet}'s vaccination paperwork",
    ),
    "medication": ("Gives {pet}'s medication as {dose}, as in the task", "Quotes the medication dose {dose} as given"),
    "secret": ("Does not mention {secret}", "Leaves {secret} out of the confirmation"),
    "food": (
        "The food to bring is {daily} a day for every night of the stay",
        "Works out how much food {pet} needs for the whole stay at {daily} a day",
    ),
}
"""Two wordings of each kind of criterion, filled from the booking."""


def truths(booking: Booking, answer: str) -> dict[str, bool]:
    _, pick_line, total_line, deposit_line, food_line = (line_with(answer, words) for words in booking.labels)
    nights, stated = nights_between(booking, answer), NIGHTS.search(answer)
    rate, _, extra, share = booking.prices
    cost = None if nights is None else nights * rate + extra
    opens, closes, _ = booking.window
    at, amount = clock(pick_line), NUMBER.search(food_line)
    return {
        "nights": nights is not None and stated is not None and int(stated.group(1)) == nights,
        "weekday": weekday_matches(pick_line),
        "total": cost is not None and money(total_line)[-1:] == [cost],
        "deposit": cost is not None and money(deposit_line)[:1] == [cost * share / 100],
        "hours": at is not None and opens <= at <= closes,
        "vaccination": VACCINATION.search(answer) is not None,
        "medication": booking.dose in answer,
        "secret": booking.secret[0] not in answer.lower(),
        "food": nights is not None and amount is not None and Decimal(amount.group(0)) == booking.food[0] * nights,
    }


def candidates(rng: random.Random, booking: Booking, answer: str) -> list[Criterion]:
    values = {
        "pet": booking.pet,
        "extra": booking.prices[1],
        "share": booking.prices[3],
        "window": booking.window[2],
        "dose": booking.dose,
        "secret": booking.secret[1],
        "daily": booking.food[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(booking, answer).items()
    ]


SWITCHES = ("nights", "weekday", "total", "deposit", "hours", "vaccination", "medication", "secret", "food")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, BOOKINGS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

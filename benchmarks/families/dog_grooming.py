"""Dog grooming family (fresh35): the appointment confirmation a dog groomer asks for to send an owner (a
cockapoo's full groom, a schnauzer's hand-strip, a retriever's deshed, a puppy's first groom), with the
appointment's date and times, the services booked, the prices, what to do before coming and the
cancellation terms, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh35`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the confirmation (Markdown headings with the prices in a table, bold labels with bullets,
plain `Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and
then changed by switches. Every truth is read from the text: the dog's name by its spellings, a mobile
number and the vaccination reminder by the words that write them, the sections by their headings, the
services as the list items of their section, the prices as the lines of their section with an amount,
the collection time from the first line with two times and a duration, and the weekday from the lines
that name a date and a weekday.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    CLOCK,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    clocks,
    heading_of,
    heading_order,
    last_money,
    listed,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    weekdays_right,
)

FAMILY = "dog_grooming"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
MOBILE = re.compile(r"\b07\d{3}\s?\d{3}\s?\d{3}\b")
VACCINATED = re.compile(r"vaccinations?[^.\n]{0,30}up[ -]to[ -]date|up[ -]to[ -]date[^.\n]{0,20}vaccinations?", re.I)
SERVICES = r"services|what we'll do|booked"
PRICES = r"price|cost"
CANCEL = re.compile(r"cancel", re.I)
TOTAL = re.compile(r"\btotal\b", re.I)
DURATION = re.compile(r"(\d+)\s*hours?(?:\s*(?:and\s*)?(\d+)\s*minutes?)?|(\d+)\s*minutes?", re.I)


@dataclass(frozen=True)
class Booking:
    name: str
    """The dog, as its name is spelt."""
    task: str
    text: str
    """The answer written right."""
    services: int
    """The services booked, as a list."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


BISCUIT = """# Grooming appointment confirmed: Biscuit

**Owner:** Mrs Helen Carter
**Dog:** Biscuit, 3-year-old cockapoo
**Date:** Thursday 14 May 2026
**Times:** drop-off 9:30 am, collection 12:00 pm (2 hours 30 minutes)
**Where:** Paws & Suds, 4 Brook Street, Ilkley

## Services
- Bath with oatmeal shampoo and blow-dry
- Full clip, with a teddy-bear face
- Nail clip
- Ear clean
- Teeth brushing

## Price
| Item | Price |
|---|---|
| Full groom (medium dog) | £48.00 |
| Teeth brushing | £6.00 |
| De-matting (up to 15 minutes) | £7.50 |
| Total | £61.50 |

## Before you come
- Please give Biscuit a short walk first so he has been to the toilet.
- Please make sure his vaccinations are up to date.
- Pay on collection by card or cash.

## Cancellations
Please give us 48 hours' notice if you need to cancel or move the appointment, or we may charge half the groom.

We look forward to seeing Biscuit's coat again!
Paws & Suds, 01943 555 604
"""

PEPPER = """**Pepper's grooming appointment**

**Owner:** Mr Daniel Osei
**Dog:** Pepper, miniature schnauzer
**When:** Saturday 6 June 2026
**Drop-off and collection:** 10:00 am to 1:15 pm, 3 hours 15 minutes in all

**What we'll do**
- Hand-strip the jacket
- Bath and dry
- Nail clip
- Hygiene trim

**Cost**
- Hand-strip (small dog): £55.00
- Nail clip: £8.00
- Flea bath: £9.50
- Total: £72.50

**Before the appointment**
- Walk Pepper beforehand, as we can't take a break mid-groom.
- Bring his vaccination card: all vaccinations must be up to date.

**Cancelling**
- Let us know at least 24 hours before, by phone or text to the salon.

See you on the day,
Rosie at The Scruffy Pup, 0113 555 2871
"""

MONTY = """Grooming confirmation

Owner: Ms Carla Jones
Dog: Monty, golden retriever
Date: Tuesday 21 July 2026
Drop-off: 8:45 am, pick-up: 12:15 pm (3 hours 30 minutes)
Groomer: Tess, Fur & Feather, Market Street, Ludlow

Services booked:
1. Deshedding bath
2. Blow-dry and brush-out
3. Feathers and tail tidied
4. Feet and pads trimmed
5. Nail clip
6. Ear clean

Prices:
Deshed groom (large dog): £65.00
Feathers and feet tidy: £12.00
Nail clip: £6.00
Total: £83.00

Before you come:
1. Please walk Monty before drop-off.
2. His vaccinations need to be up to date, so bring the card if they were done elsewhere.

Cancellation policy:
We ask for 48 hours' notice to cancel. Late cancellations are charged in full.

Thanks, Tess
Fur & Feather, 01584 555 339
"""

LUNA = """### Luna's first groom

| Booking | |
|---|---|
| Owner | Mr Sam Whitaker |
| Puppy | Luna, 16-week-old shih tzu |
| Date | Friday 2 October 2026 |
| Times | 11:00 to 12:30 (1 hour 30 minutes) |

### Services booked
- Gentle bath and towel dry
- Face and feet trim
- Nail clip

### Price
| Service | Price |
|---|---|
| Puppy introduction groom | £30.00 |
| Nail clip | £5.00 |
| Total | £35.00 |

### Before you come
Please make sure Luna's puppy vaccinations are up to date and that she has had a short play and a wee.

### Cancelling or moving
Give us a day's notice and we'll find another slot.

Warm wishes,
Jo, Little Paws Grooming, 01772 555 918
"""

BOOKINGS = (
    Booking(
        "Biscuit",
        "Write the grooming confirmation for Mrs Helen Carter's cockapoo Biscuit: Thursday 14 May 2026, drop-off 9:30 "
        "am and collection 2 hours 30 minutes later (say when). Markdown, with a Services list before the prices: "
        "bath and blow-dry, full clip with teddy-bear face, nail clip, ear clean, teeth brushing. Prices in a table: "
        "full groom £48, teeth £6, de-matting £7.50, and the total. Tell her his vaccinations must be up to date, and "
        "add a Cancellations heading (48 hours' notice). Don't put her mobile number in it.",
        BISCUIT,
        5,
        (
            swap_spans(BISCUIT, "## Services", "## Price", "## Before you come"),
            ("name", "Please give Biscuit a short walk", "Please give Biscit a short walk"),
            ("no_mobile", "**Owner:** Mrs Helen Carter", "**Owner:** Mrs Helen Carter (07700 900318)"),
            ("vaccinated", "- Please make sure his vaccinations are up to date.\n", "- Please bring his lead.\n"),
            ("services", "- Ear clean\n", ""),
            ("cancel", "## Cancellations\n", ""),
            ("total", "| Total | £61.50 |", "| Total | £60.50 |"),
            ("collection", "collection 12:00 pm (2 hours", "collection 12:30 pm (2 hours"),
            ("weekday", "Thursday 14 May", "Wednesday 14 May"),
        ),
    ),
    Booking(
        "Pepper",
        "Can you write Pepper's grooming confirmation for Mr Daniel Osei? Miniature schnauzer, Saturday 6 June 2026, "
        "10:00 am drop-off, 1:15 pm collection (give the time in between). Bold headings and bullets. What we'll do "
        "(hand-strip, bath and dry, nail clip, hygiene trim) before the cost: hand-strip £55, nail clip £8, flea bath "
        "£9.50, total. Remind him vaccinations must be up to date, and have a section on cancelling (24 hours). No "
        "customer phone numbers.",
        PEPPER,
        4,
        (
            swap_spans(PEPPER, "**What we'll do**", "**Cost**", "**Before the appointment**"),
            ("name", "- Walk Pepper beforehand", "- Walk Peper beforehand"),
            ("no_mobile", "**Owner:** Mr Daniel Osei", "**Owner:** Mr Daniel Osei, 07700 900561"),
            ("vaccinated", ": all vaccinations must be up to date.", " if you have it handy."),
            ("services", "- Bath and dry\n", ""),
            ("cancel", "**Cancelling**\n", ""),
            ("total", "- Total: £72.50", "- Total: £73.50"),
            ("collection", "3 hours 15 minutes in all", "3 hours 45 minutes in all"),
            ("weekday", "Saturday 6 June", "Friday 6 June"),
        ),
    ),
    Booking(
        "Monty",
        "Plain text, no Markdown (Label: lines, numbered lists): confirm Monty's groom for Ms Carla Jones, golden "
        "retriever, Tuesday 21 July 2026, drop-off 8:45 am and pick-up at 12:15 pm with how long that is. Six services "
        "(deshedding bath, blow-dry and brush-out, feathers and tail, feet and pads, nail clip, ear clean) listed before "
        "the prices: deshed groom £65, feathers and feet £12, nail clip £6, total. He must be up to date with his "
        "vaccinations. Include a cancellation policy heading (48 hours). Leave out her mobile.",
        MONTY,
        6,
        (
            swap_spans(MONTY, "Services booked:", "Prices:", "Before you come:"),
            ("name", "1. Please walk Monty before", "1. Please walk Montey before"),
            ("no_mobile", "Owner: Ms Carla Jones", "Owner: Ms Carla Jones, mobile 07700 900724"),
            (
                "vaccinated",
                "2. His vaccinations need to be up to date, so bring the card if they were done elsewhere.",
                "2. Bring his favourite treats for the end.",
            ),
            ("services", "4. Feet and pads trimmed\n", ""),
            ("cancel", "Cancellation policy:\n", ""),
            ("total", "Total: £83.00", "Total: £82.00"),
            ("collection", "(3 hours 30 minutes)", "(3 hours 15 minutes)"),
            ("weekday", "Tuesday 21 July", "Wednesday 21 July"),
        ),
    ),
    Booking(
        "Luna",
        "Luna's first groom: please write the confirmation for Mr Sam Whitaker. Shih tzu puppy, Friday 2 October 2026, "
        "11:00 to 12:30, with the length of the session. ### headings and a booking table at the top. Three services "
        "(gentle bath, face and feet trim, nail clip) before the price table (puppy groom £30, nail clip £5, total). "
        "Ask that her puppy vaccinations are up to date, and a heading on cancelling or moving. No phone number of his.",
        LUNA,
        3,
        (
            swap_spans(LUNA, "### Services booked", "### Price", "### Before you come"),
            ("name", "Please make sure Luna's puppy", "Please make sure Lunar's puppy"),
            ("no_mobile", "| Owner | Mr Sam Whitaker |", "| Owner | Mr Sam Whitaker, 07700 900185 |"),
            ("vaccinated", "puppy vaccinations are up to date and that she", "lead is on and that she"),
            ("services", "- Face and feet trim\n", ""),
            ("cancel", "### Cancelling or moving\n", ""),
            ("total", "| Total | £35.00 |", "| Total | £36.00 |"),
            ("collection", "(1 hour 30 minutes)", "(1 hour 15 minutes)"),
            ("weekday", "Friday 2 October", "Thursday 2 October"),
        ),
    ),
)


def build(booking: Booking, on: dict[str, bool]) -> str:
    return slipped(booking.text, booking.slips, on, booking.name)


# Reading a confirmation -------------------------------------------------------------------------


def minutes_written(text: str) -> int | None:
    """The first duration `text` writes (`2 hours 30 minutes`, `90 minutes`, `1 hour`), in minutes, or None."""
    found = DURATION.search(CLOCK.sub(" ", text))
    if found is None:
        return None
    if found.group(3):
        return int(found.group(3))
    return int(found.group(1)) * 60 + int(found.group(2) or 0)


def collection_right(answer: str) -> bool:
    """On the first line with two times and a duration: the second time less the first is that duration."""
    for line in answer.splitlines():
        times, stated = clocks(line), minutes_written(line)
        if len(times) >= 2 and stated is not None:
            return times[1] - times[0] == stated
    return False


def total_right(answer: str) -> bool:
    """In the prices' section: one total line, whose amount is the sum of the other lines' amounts."""
    priced = [(line, last_money(line)) for line in section(answer, PRICES) or []]
    parts = [amount for line, amount in priced if amount is not None and not TOTAL.search(line)]
    totals = [amount for line, amount in priced if amount is not None and TOTAL.search(line)]
    return bool(parts) and len(totals) == 1 and sum(parts) == totals[0]


def cancel_heading(answer: str) -> bool:
    """Whether some heading is about cancelling."""
    return any((title := heading_of(line)) is not None and CANCEL.search(title) for line in answer.splitlines())


WORDINGS = {
    "name": ("Spells the dog's name, {name}, the same way throughout", "Uses one spelling of {name} everywhere"),
    "no_mobile": (
        "Does not include the owner's mobile number",
        "Keeps the customer's personal phone number out of the confirmation",
    ),
    "vaccinated": (
        "Reminds the owner that the dog's vaccinations must be up to date",
        "Says vaccinations need to be up to date",
    ),
    "order": (
        "Lists the services before the prices",
        "The services booked come before the price section",
    ),
    "services": (
        "Lists exactly {services} services",
        "The list of services booked has {services} items, no more and no fewer",
    ),
    "cancel": ("Has a heading about cancellations", "Includes a separate section headed for cancelling"),
    "total": (
        "The total price equals the sum of the individual prices",
        "The prices add up to the total shown",
    ),
    "collection": (
        "The time between drop-off and collection matches the length of the appointment stated",
        "The stated grooming time is right for the drop-off and collection times",
    ),
    "weekday": (
        "The day of the week matches the appointment date",
        "Gives the right weekday for the date of the appointment",
    ),
}
"""Two wordings of each kind of criterion, filled from the booking."""


def truths(booking: Booking, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, booking.name) == {booking.name.lower()},
        "no_mobile": MOBILE.search(answer) is None,
        "vaccinated": VACCINATED.search(answer) is not None,
        "order": heading_order(answer, SERVICES, PRICES),
        "services": len(listed(section(answer, SERVICES) or [])) == booking.services,
        "cancel": cancel_heading(answer),
        "total": total_right(answer),
        "collection": collection_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, booking: Booking, answer: str) -> list[Criterion]:
    filled = {"name": booking.name, "services": NUMBER_WORDS[booking.services]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(booking, answer).items()
    ]


SWITCHES = ("order", "name", "no_mobile", "vaccinated", "services", "cancel", "total", "collection", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, BOOKINGS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

"""Hotel group booking family (fresh32): the confirmation a hotel asks for to send the organiser of a
group booking (a wedding's guests at a lakeside hotel, a hockey club's away weekend, a company's away
days, a school reunion), with the dates and nights, the rooms and their rates, the deposit and the free
cancellation date, and the rooming list, a kind of answer no grader was run on while any of its rules
was written. Run only as `--set fresh32`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the confirmation (Markdown headings with the rooms in a table, bold headings with bullets,
plain `Label:` lines with a numbered rooming list, or `###` headings under a key-facts table), written
right and then changed by switches. Every truth is read from the text: the organiser's name by its
spellings, a card number as sixteen digits in fours, the sections by their headings and the rooming
list's items under theirs (a surname the last word of a name, or the word before a comma), the dates
from the first lines naming check-in and check-out, the nights stated from the first number written
before "night(s)", each room line's rooms, rate and amount as its first, second and last figures, and
the cancellation date from the first dated line about cancelling, with its number of days.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from benchmarks.labelled import (
    FIGURE,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    date_in,
    heading_order,
    listed,
    money,
    number_in,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_lines,
    swap_spans,
    switched_cases,
)

FAMILY = "hotel_group_booking"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
BREAKFAST = re.compile(r"breakfast (?:is )?included|includ(?:e|es|ing) breakfast|with breakfast", re.I)
CARD = re.compile(r"\b\d{4}[ -]?\d{4}[ -]?\d{4}[ -]?\d{4}\b")
ROOMS = r"^(?:your )?rooms\b"
PAYMENT = r"payment|deposit|cancellation"
ROOMING = r"rooming list"
CHECK_IN = re.compile(r"\bcheck[- ]?in\b", re.I)
CHECK_OUT = re.compile(r"\bcheck[- ]?out\b", re.I)
NIGHTS = re.compile(r"\b(\w+) nights?\b", re.I)
DAYS = re.compile(r"\b(\w+) days\b", re.I)
MARKER = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")


@dataclass(frozen=True)
class Booking:
    name: str
    """The organiser's surname, as it is spelt."""
    task: str
    text: str
    """The answer written right."""
    guests: int
    """The names the rooming list must hold."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


WEDDING = """# Group booking confirmation: Whitcombe wedding guests

**Hotel:** The Mere Hotel, Lake Road, Windermere LA23 2BX
**Booking reference:** MERE-40918
**Lead booker:** Ms Eleanor Whitcombe
**Check-in:** Friday 11 September 2026, from 3:00 pm
**Check-out:** Sunday 13 September 2026, by 11:00 am (2 nights)

Dear Ms Whitcombe, thank you for choosing The Mere for your wedding guests. Your rooms are confirmed with breakfast included each morning.

## Rooms
| Room type | Rooms | Rate per night | Nights | Amount |
|---|---|---|---|---|
| Double | 4 | £118.00 | 2 | £944.00 |
| Twin | 2 | £104.00 | 2 | £416.00 |
| Single | 2 | £89.00 | 2 | £356.00 |

## Payment and cancellation
A deposit of £250.00 was taken from the Visa card ending 4417. The balance is due on departure.
Free cancellation until Friday 28 August 2026 (14 days before arrival); after that the deposit is not refunded.

## Rooming list
- Amir Bashir
- Lucy Cartwright
- Owen Davies
- Hannah Ellison
- Joseph Fenwick
- Grace Hollis
- Martin Price
- Sofia Rossi
"""

HOCKEY = """**Harrogate Hockey Club: group booking at The Station Hotel, Durham**

**Booking reference:** STN-22871
**Lead booker:** Mr Callum Fitzgerald
**Check-in:** Friday 2 October 2026 from 2:00 pm
**Check-out:** Sunday 4 October 2026 by 10:30 am (2 nights)

Dear Mr Fitzgerald, thank you for booking with us again. Breakfast is included for the whole team, served from 7:00 am.

**Your rooms**
- Twin rooms: 5 at £79.00 a night for 2 nights, £790.00
- Single rooms: 2 at £65.00 a night for 2 nights, £260.00

**Payment**
- Deposit of £200.00 paid by Mastercard ending 2231
- Balance due on arrival
- Free cancellation until Friday 25 September 2026, 7 days before arrival

**Rooming list**
- Adams, Ben: twin
- Boyd, Kieran: twin
- Carter, Josh: twin
- Dunn, Liam: twin
- Evans, Rhys: twin
- Fitzgerald, Callum: single
- Grant, Mike: single
"""

AWAY_DAYS = """Group booking confirmation

Hotel: Ashdown Park Hotel, Forest Row, East Sussex
Company: Kestrel Analytics Ltd
Booked by: Ms Priyanka Lindqvist
Booking reference: APH-77310
Check-in: Monday 9 November 2026, from 3:00 pm
Check-out: Thursday 12 November 2026, by 11:00 am (3 nights)

Dear Ms Lindqvist, thank you for choosing Ashdown Park for your team's away days. All rates include breakfast in the Garden Room.

Rooms:
Superior double - 3 rooms at £142.00 a night for 3 nights: £1,278.00
Standard double - 5 rooms at £118.00 a night for 3 nights: £1,770.00

Payment and cancellation:
A deposit of £500.00 was taken from the company Visa ending 9012; we will invoice the balance.
Cancellation is free until Monday 19 October 2026, 21 days before arrival.

Rooming list:
1. Tom Ashworth
2. Nadia Begum
3. Chris Doyle
4. Priyanka Lindqvist
5. Sam Okafor
6. Ruth Patel
7. Alex Quinn
8. Helen Yates
"""

REUNION = """### The Grand, Scarborough: group booking confirmation

| Booking | |
|---|---|
| Group | Westfield School reunion |
| Organiser | Mrs Joanna Macaulay |
| Reference | GRD-51164 |
| Check-in | Saturday 17 October 2026, from 3:00 pm |
| Check-out | Sunday 18 October 2026, by 11:00 am (1 night) |

Dear Mrs Macaulay, we're delighted to host your reunion. Breakfast is included for every guest, served in the Ocean Room.

### Rooms and rates
| Room | Rooms | Rate per night | Nights | Amount |
|---|---|---|---|---|
| Sea-view double | 6 | £96.00 | 1 | £576.00 |
| Twin | 3 | £92.00 | 1 | £276.00 |

### Deposit and cancellation
A deposit of £150.00 has been paid by debit card ending 7720. Each guest pays for their own room when they leave.
Cancel free of charge until Saturday 19 September 2026, 28 days before arrival.

### Rooming list
1. Daniel Abbott
2. Sarah Bennett
3. Claire Chowdhury
4. Mark Ellis
5. Joanna Macaulay
6. Leanne Moss
7. Steven Norris
8. Priya Shah
9. Gareth Wynne
"""

BOOKINGS = (
    Booking(
        "Whitcombe",
        "Please write the group booking confirmation for Ms Eleanor Whitcombe's wedding guests at The Mere Hotel, "
        "Lake Road, Windermere LA23 2BX, ref MERE-40918. Check-in Friday 11 September 2026 from 3 pm, check-out "
        "Sunday 13 September by 11 am; say how many nights. Breakfast is included. Rooms in a table with the amount "
        "for the stay: 4 doubles at £118 a night, 2 twins at £104, 2 singles at £89. Then payment (£250 deposit on "
        "her Visa ending 4417; don't print the full card number) and free cancellation up to 14 days before arrival, "
        "with the date. Then the rooming list, alphabetical by surname: Owen Davies, Sofia Rossi, Amir Bashir, Grace "
        "Hollis, Lucy Cartwright, Martin Price, Hannah Ellison, Joseph Fenwick. Markdown headings.",
        WEDDING,
        8,
        (
            swap_spans(WEDDING, "## Rooms\n", "## Payment and cancellation", "## Rooming list"),
            ("name", "Dear Ms Whitcombe,", "Dear Ms Whitcomb,"),
            ("breakfast", "confirmed with breakfast included each morning.", "confirmed for the weekend."),
            ("no_card", "Visa card ending 4417", "Visa card 4929 1034 7781 4417"),
            ("guests", "- Hannah Ellison\n", ""),
            swap_lines(WEDDING, "- Joseph Fenwick", "- Grace Hollis", "alphabetical"),
            ("nights", "(2 nights)", "(3 nights)"),
            ("amounts", "| Twin | 2 | £104.00 | 2 | £416.00 |", "| Twin | 2 | £104.00 | 2 | £208.00 |"),
            ("cancel", "until Friday 28 August 2026", "until Saturday 29 August 2026"),
        ),
    ),
    Booking(
        "Fitzgerald",
        "Can you write up the confirmation for Harrogate Hockey Club's booking at The Station Hotel, Durham (ref "
        "STN-22871), lead booker Mr Callum Fitzgerald? Check-in Friday 2 October 2026 from 2 pm, check-out Sunday 4 "
        "October by 10:30 am, with the number of nights. Breakfast included from 7 am. Bold headings and bullets. "
        "Rooms with the cost of each type for the stay: 5 twins at £79 a night, 2 singles at £65. Payment: £200 "
        "deposit on his Mastercard ending 2231 (not the whole number), balance on arrival, free cancellation until 7 "
        "days before arrival (give the date). Rooming list, Surname, First name, sorted by surname: Ben Adams, Kieran "
        "Boyd, Josh Carter, Liam Dunn, Rhys Evans (twins), Callum Fitzgerald and Mike Grant (singles).",
        HOCKEY,
        7,
        (
            swap_spans(HOCKEY, "**Your rooms**", "**Payment**", "**Rooming list**"),
            ("name", "Dear Mr Fitzgerald,", "Dear Mr Fitzgerrald,"),
            ("breakfast", " Breakfast is included for the whole team, served from 7:00 am.", ""),
            ("no_card", "Mastercard ending 2231", "Mastercard 5412 7534 0091 2231"),
            ("guests", "- Carter, Josh: twin\n", ""),
            swap_lines(HOCKEY, "- Dunn, Liam", "- Evans, Rhys", "alphabetical"),
            ("nights", "(2 nights)", "(1 night)"),
            ("amounts", "for 2 nights, £790.00", "for 2 nights, £395.00"),
            ("cancel", "until Friday 25 September 2026", "until Saturday 26 September 2026"),
        ),
    ),
    Booking(
        "Lindqvist",
        "Plain-text confirmation (Label: lines, numbered rooming list, no Markdown) for Kestrel Analytics Ltd's away "
        "days at Ashdown Park Hotel, Forest Row, East Sussex, booked by Ms Priyanka Lindqvist, ref APH-77310. "
        "Check-in Monday 9 November 2026 from 3 pm, check-out Thursday 12 November by 11 am, nights stated. Rates "
        "include breakfast. Rooms: 3 superior doubles at £142 a night and 5 standard doubles at £118, each with its "
        "total for the stay. £500 deposit taken from the company Visa ending 9012 (never the full number); free "
        "cancellation until 21 days before arrival, with the date. Rooming list in surname order: Tom Ashworth, Nadia "
        "Begum, Chris Doyle, Priyanka Lindqvist, Sam Okafor, Ruth Patel, Alex Quinn, Helen Yates.",
        AWAY_DAYS,
        8,
        (
            swap_spans(AWAY_DAYS, "Rooms:", "Payment and cancellation:", "Rooming list:"),
            ("name", "Dear Ms Lindqvist,", "Dear Ms Lindquist,"),
            ("breakfast", " All rates include breakfast in the Garden Room.", ""),
            ("no_card", "company Visa ending 9012", "company Visa 4532 8876 1209 9012"),
            ("guests", "8. Helen Yates\n", ""),
            ("alphabetical", "5. Sam Okafor\n6. Ruth Patel", "5. Ruth Patel\n6. Sam Okafor"),
            ("nights", "(3 nights)", "(4 nights)"),
            ("amounts", "for 3 nights: £1,770.00", "for 3 nights: £590.00"),
            ("cancel", "until Monday 19 October 2026", "until Tuesday 20 October 2026"),
        ),
    ),
    Booking(
        "Macaulay",
        "Confirmation for Mrs Joanna Macaulay's Westfield School reunion at The Grand, Scarborough, ref GRD-51164: "
        "### headings with the booking's key facts in a table. Check-in Saturday 17 October 2026 from 3 pm, "
        "check-out Sunday 18 October by 11 am, and say how many nights. Breakfast included, in the Ocean Room. "
        "Rooms table with amounts: 6 sea-view doubles at £96, 3 twins at £92. Deposit £150 paid by debit card ending "
        "7720 (only the last four digits, please); guests pay for their own rooms; free cancellation until 28 days "
        "before arrival, giving the date. Rooming list numbered, by surname: Daniel Abbott, Sarah Bennett, Claire "
        "Chowdhury, Mark Ellis, Joanna Macaulay, Leanne Moss, Steven Norris, Priya Shah, Gareth Wynne.",
        REUNION,
        9,
        (
            swap_spans(REUNION, "### Rooms and rates", "### Deposit and cancellation", "### Rooming list"),
            ("name", "Dear Mrs Macaulay,", "Dear Mrs McAulay,"),
            ("breakfast", " Breakfast is included for every guest, served in the Ocean Room.", ""),
            ("no_card", "debit card ending 7720", "debit card 4659 3390 1842 7720"),
            ("guests", "9. Gareth Wynne\n", ""),
            ("alphabetical", "3. Claire Chowdhury\n4. Mark Ellis", "3. Mark Ellis\n4. Claire Chowdhury"),
            ("nights", "(1 night)", "(2 nights)"),
            ("amounts", "| Twin | 3 | £92.00 | 1 | £276.00 |", "| Twin | 3 | £92.00 | 1 | £184.00 |"),
            ("cancel", "until Saturday 19 September 2026", "until Sunday 20 September 2026"),
        ),
    ),
)


def build(booking: Booking, on: dict[str, bool]) -> str:
    return slipped(booking.text, booking.slips, on, booking.name)


# Reading a confirmation -------------------------------------------------------------------------


def dated(answer: str, pattern: re.Pattern[str]) -> date | None:
    """The date on the first line that `pattern` finds and that has a date."""
    return next((day for line in answer.splitlines() if pattern.search(line) and (day := date_in(line))), None)


def nights(answer: str) -> int | None:
    """The nights between the check-in and check-out dates, or None without both."""
    arrive, leave = dated(answer, CHECK_IN), dated(answer, CHECK_OUT)
    return (leave - arrive).days if arrive and leave else None


def nights_right(answer: str) -> bool:
    """The first number written before "night(s)" is the nights between the dates."""
    stated = next((n for m in NIGHTS.finditer(answer) if (n := number_in(m.group(1))) is not None), None)
    return stated is not None and stated == nights(answer)


def amounts_right(answer: str) -> bool:
    """Each line of the rooms' section with a rate and an amount: its rooms times the rate times the nights between
    the dates is the amount (its first, second and last figures; the line writes the nights too)."""
    stay = nights(answer)
    lines = [line for line in section(answer, ROOMS) or [] if len(money(line)) >= 2]
    if not stay or not lines:
        return False
    for line in lines:
        figures = [Decimal(f.replace(",", "")) for f in FIGURE.findall(line)]
        if figures[0] * figures[1] * stay != figures[-1]:
            return False
    return True


def cancel_right(answer: str) -> bool:
    """The first dated line about cancelling gives a date its stated number of days before check-in."""
    line = next((s for s in answer.splitlines() if "cancel" in s.lower() and date_in(s)), "")
    days, arrive, by = DAYS.search(line), dated(answer, CHECK_IN), date_in(line)
    count = number_in(days.group(1)) if days else None
    return count is not None and arrive is not None and by == arrive - timedelta(days=count)


def surname(item: str) -> str:
    """A rooming list item's surname: the word before a comma, or the name's last word."""
    name = re.split(r":| \(| - ", MARKER.sub("", item))[0]
    return (name.split(",")[0] if "," in name else name.split()[-1]).strip().lower()


def alphabetical(answer: str) -> bool:
    """The rooming list's items run in order of surname."""
    names = [surname(item) for item in listed(section(answer, ROOMING) or [])]
    return len(names) > 1 and names == sorted(names)


WORDINGS = {
    "name": (
        "Spells the organiser's surname, {name}, correctly throughout",
        "Uses the spelling {name} every time the lead booker is named",
    ),
    "breakfast": ("States that breakfast is included", "Mentions that the rate includes breakfast"),
    "no_card": (
        "Does not show the full card number, only its last digits",
        "Keeps the payment card number masked rather than printing all of it",
    ),
    "order": (
        "Lists the rooms before the payment and cancellation details",
        "The rooms and rates come ahead of the deposit and cancellation section",
    ),
    "guests": (
        "The rooming list has all {guests} names",
        "Includes exactly {guests} guests in the rooming list",
    ),
    "alphabetical": (
        "The rooming list is in alphabetical order by surname",
        "Sorts the rooming list by guests' surnames",
    ),
    "nights": (
        "The number of nights stated matches the check-in and check-out dates",
        "Gets the length of the stay in nights right from the dates",
    ),
    "amounts": (
        "Each room type's amount equals the number of rooms times the nightly rate times the nights",
        "Works out the cost of every room type correctly for the whole stay",
    ),
    "cancel": (
        "The free cancellation date is the stated number of days before arrival",
        "Calculates the last date for free cancellation correctly from the arrival date",
    ),
}
"""Two wordings of each kind of criterion, filled from the booking."""


def truths(booking: Booking, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, booking.name) == {booking.name.lower()},
        "breakfast": BREAKFAST.search(answer) is not None,
        "no_card": CARD.search(answer) is None,
        "order": heading_order(answer, ROOMS, PAYMENT),
        "guests": len(listed(section(answer, ROOMING) or [])) == booking.guests,
        "alphabetical": alphabetical(answer),
        "nights": nights_right(answer),
        "amounts": amounts_right(answer),
        "cancel": cancel_right(answer),
    }


def candidates(rng: random.Random, booking: Booking, answer: str) -> list[Criterion]:
    filled = {"name": booking.name, "guests": NUMBER_WORDS[booking.guests]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(booking, answer).items()
    ]


SWITCHES = ("order", "name", "breakfast", "no_card", "guests", "alphabetical", "nights", "amounts", "cancel")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, BOOKINGS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

"""Choir ticket order family (fresh42): the order summary a choir's ticket secretary asks for to send a buyer after
they book seats for a concert (a choral society's Christmas concert, a community choir's summer show, a male voice
choir's anniversary concert, a youth choir's spring concert), with the concert's details, the programme, the tickets
and what they cost, the seats, the refund policy, the night itself and whom to ask, a kind of answer no grader was run
on while any of its rules was written. Run only as `--set fresh42`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the summary (Markdown headings with the tickets in a table, bold labels with bullets, plain `Label:`
lines with numbered lists, or `###` headings under a key-facts table), written right and then changed by switches.
Every truth is read from the text: the choir's name by its spellings, the refund policy and a mobile number by the
words and digits that write them, the sections by their headings, the pieces as the list items under the programme's
heading, the total from the lines with an amount under the tickets' heading (the others' sum against the one saying
total), the doors' time from the first line naming the doors with a stated number of minutes, and the seats from the
first line naming seats with seat numbers (the count it writes against the seat numbers it lists).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    clocks,
    heading_of,
    heading_order,
    last_money,
    listed,
    number_in,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
)

FAMILY = "choir_ticket_order"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
REFUND = re.compile(r"\brefund", re.I)
MOBILE = re.compile(r"\b07\d{3}\s?\d{6}\b")
TICKETS = r"\btickets\b"
NIGHT = r"on the night"
PROGRAMME = r"programme"
CONTACT = re.compile(r"question|contact|get in touch", re.I)
TOTAL = re.compile(r"\btotal\b", re.I)
DOORS = re.compile(r"\bdoors\b", re.I)
MINUTES = re.compile(r"\b(\d+)\s*minutes?\b", re.I)
SEAT = re.compile(r"\b[A-Z]{1,2}\d{1,3}\b")


@dataclass(frozen=True)
class Order:
    name: str
    """The choir's distinctive word, as it is spelt."""
    task: str
    text: str
    """The answer written right."""
    pieces: int
    """The pieces of the programme asked for."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HALLOWDENE = """# Hallowdene Choral Society: your booking for A Christmas Celebration

Dear Mrs Fairweather,

Thank you for booking with the Hallowdene Choral Society. Here are the details of your order.

**Order number:** HCS-2041
**Booked by:** Mrs Judith Fairweather
**Concert:** A Christmas Celebration, Saturday 12 December 2026 at 7:30 pm
**Venue:** St Mary's Church, Market Square, Hallowdene

## Programme
- Handel: Zadok the Priest
- Rutter: Candlelight Carol
- Bach: chorus from Cantata 140, Wachet auf
- Vaughan Williams: Fantasia on Christmas Carols
- Carols for everyone: O Come, All Ye Faithful

## Your tickets
| Ticket | Number | Price each | Amount |
|---|---|---|---|
| Adult | 2 | £16.00 | £32.00 |
| Concession | 1 | £13.00 | £13.00 |
| Under 16 | 2 | £5.00 | £10.00 |
| Booking fee | | | £1.50 |
| Total paid | 5 | | £56.50 |

You have five seats together in the nave: C7, C8, C9, C10 and C11.

Tickets can't be refunded, but we can exchange them for another concert this season if you tell us 48 hours ahead.

## On the night
Doors open at 6:45 pm, 45 minutes before the concert starts at 7:30 pm.
Your tickets will be waiting at the welcome desk under your surname.
The interval has mulled wine and mince pies.

## Questions
Email the box office at boxoffice@example.org, or simply reply to this email.
"""

MARBURY = """**Marbury Community Choir: booking confirmation**

Hi Mr Delaney,

Thanks for your order for our summer concert, Songs from the Shows. Everything you need is below.

**Order:** MCC-0388
**Name:** Patrick Delaney
**When:** Saturday 20 June 2026, 7:00 pm
**Where:** Marbury Town Hall, Bridge Street

**Programme**
- Do You Hear the People Sing? (Les Misérables)
- Seasons of Love (Rent)
- Any Dream Will Do (Joseph)
- Bring Him Home (Les Misérables)
- You'll Never Walk Alone (Carousel)
- The Sound of Music medley

**Your tickets**
- 3 adult tickets at £12.00: £36.00
- 1 child ticket at £6.00: £6.00
- Booking fee: £1.00
- Total: £43.00
- Seats: four seats in row H, H14, H15, H16 and H17.
- Tickets are not refundable, but you are welcome to pass them on to a friend.

**On the night**
- Doors open at 6:30 pm, 30 minutes before we start at 7:00 pm.
- Collect your tickets from the table in the foyer.
- The bar is open before the concert and in the interval.

**Get in touch**
- Email the choir at tickets@example.org with any questions.
"""

KINGSMEAD = """KINGSMEAD MALE VOICE CHOIR
Ticket order confirmation

Order: KMVC-117
Customer: Mrs Eleri Pugh
Concert: 75th Anniversary Concert
Date: Friday 16 October 2026, 7:15 pm
Venue: Kingsmead Methodist Church, Chapel Street

Programme:
1. Calon Lân
2. Myfanwy
3. Gwahoddiad
4. Morte Christe
5. You Raise Me Up
6. Bridge over Troubled Water
7. Sospan Fach

Tickets:
1. Adult x 4 at £14.00 = £56.00
2. Senior x 2 at £12.00 = £24.00
3. Card payment fee = £1.20
4. Total = £81.20

Seats: six seats in the gallery, G1, G2, G3, G4, G5 and G6.
Refunds: tickets can be refunded up to 7 days before the concert.

On the night:
Doors open at 6:30 pm, 45 minutes before the choir begins at 7:15 pm.
Please collect your tickets from the door steward, in an envelope marked Pugh.

Contact:
Email the ticket secretary, Huw Price, at tickets@example.org.
"""

FERNHILL = """### Fernhill Youth Choir: booking for Spring into Song

| Booking | |
|---|---|
| Reference | FYC-5520 |
| Booked by | Mr Sunil Varma |
| Concert | Spring into Song |
| Date | Sunday 22 March 2026, 3:00 pm |
| Venue | Fernhill Academy main hall |

### Programme
1. Shine
2. A Million Dreams
3. The Lion Sleeps Tonight
4. Lean on Me

### Tickets
| Ticket | How many | Each | Amount |
|---|---|---|---|
| Adult | 2 | £8.00 | £16.00 |
| Student | 2 | £5.00 | £10.00 |
| Booking fee | | | £0.75 |
| Total | 4 | | £26.75 |

Your four seats are in row B: B3, B4, B5 and B6.

Refunds are given only if the concert is cancelled.

### On the night
Doors open at 2:30 pm, 30 minutes before the choir comes on at 3:00 pm.
Show this email on your phone at the hall door.

### Contact us
Email the choir's ticket team at tickets@example.org.
"""

ORDERS = (
    Order(
        "Hallowdene",
        "Please write the order summary for Mrs Judith Fairweather's booking (order HCS-2041) for the Hallowdene Choral "
        "Society's Christmas Celebration, Saturday 12 December 2026, 7:30 pm, St Mary's Church, Hallowdene. In "
        "Markdown: the programme (five pieces: Zadok the Priest, Rutter's Candlelight Carol, the Wachet auf chorus, "
        "Vaughan Williams' Fantasia on Christmas Carols, O Come, All Ye Faithful), then her tickets in a table: 2 adult "
        "at £16, 1 concession at £13, 2 under-16 at £5, booking fee £1.50, and the total. Seats C7 to C11; say how "
        "many in words. No refunds, but exchanges with 48 hours' notice. Then the night (doors 45 minutes before the "
        "start, tickets at the welcome desk) and a questions section. Don't include her phone number.",
        HALLOWDENE,
        5,
        (
            swap_spans(HALLOWDENE, "## Your tickets", "## On the night", "## Questions"),
            ("name", "with the Hallowdene Choral", "with the Hallowden Choral"),
            (
                "refund",
                "Tickets can't be refunded, but we can exchange them for another concert this season if you tell us 48 "
                "hours ahead.",
                "Please keep this email: it is your proof of purchase.",
            ),
            (
                "no_phone",
                "**Booked by:** Mrs Judith Fairweather",
                "**Booked by:** Mrs Judith Fairweather, 07700 900481",
            ),
            ("pieces", "- Carols for everyone: O Come, All Ye Faithful\n", ""),
            ("heading", "## Questions\n", ""),
            ("total", "| Total paid | 5 | | £56.50 |", "| Total paid | 5 | | £51.50 |"),
            ("doors", "Doors open at 6:45 pm, 45 minutes", "Doors open at 7:00 pm, 45 minutes"),
            ("seats", "C9, C10 and C11.", "C9 and C10."),
        ),
    ),
    Order(
        "Marbury",
        "Booking confirmation for Patrick Delaney, order MCC-0388, for the Marbury Community Choir's summer concert "
        "Songs from the Shows: Saturday 20 June 2026, 7 pm, Marbury Town Hall. Bold labels and bullets, please. List the "
        "six numbers we're singing, then his tickets (3 adults at £12, 1 child at £6, £1 booking fee, total), his "
        "seats H14 to H17 with the number of seats written as a word, and that tickets aren't refundable but can be "
        "passed on. Then on the night: doors half an hour before the start, collect tickets in the foyer, bar open. A "
        "'Get in touch' section at the end with the choir's email. Leave his mobile number out.",
        MARBURY,
        6,
        (
            swap_spans(MARBURY, "**Your tickets**", "**On the night**", "**Get in touch**"),
            ("name", "**Marbury Community Choir:", "**Marbery Community Choir:"),
            ("refund", "- Tickets are not refundable, but you are welcome to pass them on to a friend.\n", ""),
            ("no_phone", "**Name:** Patrick Delaney", "**Name:** Patrick Delaney (mobile 07700 900736)"),
            ("pieces", "- Bring Him Home (Les Misérables)\n", ""),
            ("heading", "**Get in touch**\n", ""),
            ("total", "- Total: £43.00", "- Total: £42.00"),
            ("doors", "Doors open at 6:30 pm, 30 minutes", "Doors open at 6:15 pm, 30 minutes"),
            ("seats", "four seats in row H", "three seats in row H"),
        ),
    ),
    Order(
        "Kingsmead",
        "Plain text with 'Label:' headings and numbered lists: a ticket order confirmation from the Kingsmead Male Voice "
        "Choir for Mrs Eleri Pugh (order KMVC-117), 75th Anniversary Concert, Friday 16 October 2026 at 7:15 pm, "
        "Kingsmead Methodist Church. The programme's seven pieces (Calon Lân, Myfanwy, Gwahoddiad, Morte Christe, You "
        "Raise Me Up, Bridge over Troubled Water, Sospan Fach), then tickets: 4 adult at £14, 2 senior at £12, card fee "
        "£1.20, total. Gallery seats G1 to G6, with how many in words; refunds up to 7 days before. On the night: doors "
        "45 minutes early, collect from the door steward. A contact section (Huw Price, by email). No phone numbers "
        "for her.",
        KINGSMEAD,
        7,
        (
            swap_spans(KINGSMEAD, "Tickets:", "On the night:", "Contact:"),
            ("name", "KINGSMEAD MALE VOICE", "KINGSMEADE MALE VOICE"),
            (
                "refund",
                "Refunds: tickets can be refunded up to 7 days before the concert.\n",
                "Please bring this confirmation with you.\n",
            ),
            ("no_phone", "Customer: Mrs Eleri Pugh", "Customer: Mrs Eleri Pugh, mobile 07700 900215"),
            ("pieces", "7. Sospan Fach\n", ""),
            ("heading", "Contact:\n", ""),
            ("total", "4. Total = £81.20", "4. Total = £80.20"),
            ("doors", "Doors open at 6:30 pm, 45 minutes", "Doors open at 6:45 pm, 45 minutes"),
            ("seats", "G1, G2, G3, G4, G5 and G6.", "G1, G2, G3, G4 and G5."),
        ),
    ),
    Order(
        "Fernhill",
        "Can you write Mr Sunil Varma's booking summary for the Fernhill Youth Choir's concert Spring into Song? Sunday "
        "22 March 2026, 3 pm, Fernhill Academy main hall, reference FYC-5520. Use ### headings and a key-facts table at "
        "the top. The programme is four songs: Shine, A Million Dreams, The Lion Sleeps Tonight, Lean on Me. Tickets "
        "table: 2 adults at £8, 2 students at £5, booking fee 75p, total. Seats B3 to B6 (give the number in words). "
        "Refunds only if we cancel. Then on the night (doors 30 minutes before the start; show the email at the door) "
        "and a contact section. His phone number shouldn't appear.",
        FERNHILL,
        4,
        (
            swap_spans(FERNHILL, "### Tickets", "### On the night", "### Contact us"),
            ("name", "### Fernhill Youth Choir:", "### Fernhil Youth Choir:"),
            ("refund", "Refunds are given only if the concert is cancelled.", "Please arrive in good time."),
            ("no_phone", "| Booked by | Mr Sunil Varma |", "| Booked by | Mr Sunil Varma, 07700 900364 |"),
            ("pieces", "4. Lean on Me\n", ""),
            ("heading", "### Contact us\n", ""),
            ("total", "| Total | 4 | | £26.75 |", "| Total | 4 | | £26.00 |"),
            ("doors", "Doors open at 2:30 pm, 30 minutes", "Doors open at 2:15 pm, 30 minutes"),
            ("seats", "Your four seats are in row B", "Your five seats are in row B"),
        ),
    ),
)


def build(order: Order, on: dict[str, bool]) -> str:
    return slipped(order.text, order.slips, on, order.name)


# Reading a summary ------------------------------------------------------------------------------


def pieces(answer: str) -> int:
    """The list items under the programme's heading."""
    return len(listed(section(answer, PROGRAMME) or []))


def contact_heading(answer: str) -> bool:
    """Whether some heading is about questions or contact."""
    return any((title := heading_of(line)) is not None and CONTACT.search(title) for line in answer.splitlines())


def total_right(answer: str) -> bool:
    """Whether, of the lines with an amount under the tickets' heading, the one saying total is the others' sum."""
    lines = [line for line in section(answer, TICKETS) or [] if last_money(line) is not None]
    totals = [line for line in lines if TOTAL.search(line)]
    parts = [last_money(line) or 0 for line in lines if not TOTAL.search(line)]
    return len(totals) == 1 and bool(parts) and last_money(totals[0]) == sum(parts)


def doors_right(answer: str) -> bool:
    """Whether the first line naming the doors with a number of minutes puts its first two times that far apart."""
    line = next((s for s in answer.splitlines() if DOORS.search(s) and MINUTES.search(s)), "")
    times, minutes = clocks(line), MINUTES.search(line)
    return minutes is not None and len(times) >= 2 and times[1] - times[0] == int(minutes.group(1))


def seats_right(answer: str) -> bool:
    """Whether the first line naming seats with seat numbers writes as many seats as it lists."""
    line = next((s for s in answer.splitlines() if "seat" in s.lower() and SEAT.search(s)), "")
    return bool(line) and number_in(line) == len(SEAT.findall(line))


WORDINGS = {
    "name": ("Spells {name} the same way throughout", "Uses one spelling of the choir's name, {name}, everywhere"),
    "refund": ("States the refund policy for the tickets", "Tells the buyer whether the tickets can be refunded"),
    "no_phone": ("Does not include the buyer's phone number", "Leaves the customer's mobile number out of the summary"),
    "order": (
        "Gives the ticket details before the information about the night",
        "The tickets section comes before the 'On the night' section",
    ),
    "pieces": (
        "Lists exactly {pieces} pieces in the programme",
        "The programme has {pieces} items, no more and no fewer",
    ),
    "heading": ("Has a heading for questions or contact details", "Puts the contact details under their own heading"),
    "total": ("The total matches the tickets and fees listed", "Adds up the order total correctly"),
    "doors": (
        "The time the doors open is the stated number of minutes before the start",
        "Gets the gap between the doors opening and the start time right",
    ),
    "seats": (
        "The number of seats written in words matches the seat numbers listed",
        "States the right number of seats for the seat numbers given",
    ),
}
"""Two wordings of each kind of criterion, filled from the order."""


def truths(order: Order, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, order.name) == {order.name.lower()},
        "refund": REFUND.search(answer) is not None,
        "no_phone": MOBILE.search(answer) is None,
        "order": heading_order(answer, TICKETS, NIGHT),
        "pieces": pieces(answer) == order.pieces,
        "heading": contact_heading(answer),
        "total": total_right(answer),
        "doors": doors_right(answer),
        "seats": seats_right(answer),
    }


def candidates(rng: random.Random, order: Order, answer: str) -> list[Criterion]:
    filled = {"name": order.name, "pieces": NUMBER_WORDS[order.pieces]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(order, answer).items()
    ]


SWITCHES = ("order", "name", "refund", "no_phone", "pieces", "heading", "total", "doors", "seats")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, ORDERS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

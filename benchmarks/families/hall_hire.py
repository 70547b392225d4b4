"""Hall hire family (fresh37): the booking confirmation a church or village hall's bookings secretary asks for when
someone hires the hall (a child's birthday party, a ruby wedding party, a craft fair, a christening tea), with the
booking's details, the charges and their total, the conditions of hire and how to get the keys, a kind of answer no
grader was run on while any of its rules was written. Run only as `--set fresh37`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the confirmation (Markdown headings with the charges in a table, bold labels with bullets, plain `Label:`
lines with numbered lists, or `###` headings under a key-facts table), written right and then changed by switches.
Every truth is read from the text: the hirer's name by its spellings, a key safe code and the reminder to leave the
hall tidy by the words that write them, the sections by their headings, the conditions as the list items of their
section, the length of the hire from the first line with two times against the hours it states, the total against
the other amounts of the charges section, and the weekday from the lines that name a date and a weekday.
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
    money,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    weekdays_right,
)

FAMILY = "hall_hire"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
KEY_CODE = re.compile(r"\bcode\b[^.\n]{0,25}?\b\d{4}\b", re.I)
TIDY = re.compile(r"clean and tidy|as you found it", re.I)
CHARGES = r"charges|costs"
RULES = r"conditions|rules"
KEYS = re.compile(r"\bkeys?\b", re.I)
HOURS = re.compile(r"\b(\d+)(½|\.5)?\s*hours?\b")
TOTAL = re.compile(r"\btotal\b", re.I)


@dataclass(frozen=True)
class Booking:
    name: str
    """The hirer's surname, as it is spelt."""
    task: str
    text: str
    """The answer written right."""
    rules: int
    """The conditions of hire asked for."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


ST_MARYS = """# Booking confirmation: St Mary's Church Hall

Dear Mrs Whitcombe,

Thank you for booking St Mary's Church Hall. Here are the details of your booking.

## Your booking
- **Hirer:** Mrs Joanna Whitcombe
- **Event:** Lily's 7th birthday party, about 25 children
- **Date:** Saturday 17 October 2026
- **Time:** 1:30 pm to 5:00 pm (3½ hours, including setting up and clearing away)
- **Rooms:** main hall and kitchen

## Charges
| Item | Amount |
|---|---|
| Main hall, 3.5 hours at £22.00 an hour | £77.00 |
| Kitchen | £12.00 |
| Refundable damage deposit | £50.00 |
| Total to pay | £139.00 |

Please pay by bank transfer at least two weeks before the party. The deposit is returned within 14 days if there is no damage.

## Conditions of hire
1. No confetti, glitter or party poppers.
2. Children must be supervised by an adult at all times.
3. Bouncy castles may be used only on the hall's floor mats.
4. Nothing may be stuck to the walls with tape or Blu Tack.
5. Keep the fire exits clear.

## Keys
The key is in the key safe by the side door, and we will text you the code the day before. Please leave the hall clean and tidy: the mop, bucket and bin bags are in the kitchen cupboard. Put the key back in the safe and scramble the code when you leave.

With best wishes,
Ruth Ellery, bookings secretary, St Mary's Church
"""

WESLEY = """**Wesley Hall: confirmation of your booking**

Dear Mr Farrelly,

I'm pleased to confirm your booking of Wesley Hall for your ruby wedding party.

**Booking details**
- Hirer: Mr Declan Farrelly
- Date: Friday 6 November 2026
- Time: 7:00 pm to 11:30 pm, 4½ hours in all
- Guests: about 80

**Charges**
- Main hall, 4.5 hours at £20.00 per hour: £90.00
- Kitchen: £15.00
- Stage lighting: £10.00
- Damage deposit (refundable): £75.00
- Total: £190.00

**Conditions of hire**
- Alcohol may be served but not sold unless you hold a temporary event notice.
- Music must stop by 11:00 pm, out of respect for our neighbours.
- No smoking or vaping anywhere in the building or grounds.
- No candles or other naked flames.
- Please park in the car park, not on Chapel Lane.
- Keep the fire exits clear at all times.

**Keys**
The caretaker, Mr Alan Shaw, will open up for you and lock up afterwards. We will text you the code for the key safe in case you need the kitchen store. Please leave the hall as you found it, with the chairs stacked and the rubbish bagged.

Kind regards,
Margaret Kinsella
Lettings secretary, Wesley Hall
"""

BRAMLEY = """BRAMLEY VILLAGE HALL
Booking confirmation

Dear Ms Chaudhary,

Thank you for choosing Bramley Village Hall for the Christmas craft fair. Your booking is confirmed as below.

Booking:
Hirer: Ms Priya Chaudhary, Bramley Makers' Guild
Date: Sunday 29 November 2026
Hours: 9:00 am to 4:00 pm (7 hours, setting up included)
Rooms: main hall and committee room

Charges:
1. Main hall, 7 hours at £15.00 an hour: £105.00
2. Committee room for the day: £25.00
3. Twelve trestle tables: £18.00
4. Refundable deposit: £100.00
Total due: £248.00

Conditions of hire:
1. Stalls must not block the fire exits or the corridor.
2. Hot food may be prepared in the kitchen only.
3. No vehicles on the playing field.
4. Stallholders must take all their rubbish home.

Keys:
Collect the key from the key safe in the front porch; the code will be texted to you on the Friday before. Please leave the hall clean and tidy for the Monday playgroup.

Yours sincerely,
Graham Tozer
Hall bookings, Bramley Village Hall
"""

ST_AIDANS = """### St Aidan's Parish Hall: booking confirmed

Dear Mr Llewellyn,

Your booking for Osian's christening tea is confirmed. The details are below.

| Booking | |
|---|---|
| Hirer | Mr Gareth Llewellyn |
| Date | Sunday 13 December 2026 |
| Time | 12:30 pm to 4:00 pm (3½ hours) |
| Guests | about 40 |

### Charges
| Item | Cost |
|---|---|
| Hall, 3.5 hours at £24.00 an hour | £84.00 |
| Kitchen | £10.00 |
| Small lounge for the buffet | £16.00 |
| Deposit, returned after the event if all is well | £60.00 |
| Total | £170.00 |

### Conditions of hire
- No alcohol in the church itself; it may be served in the hall.
- Decorations may be hung only from the hooks on the picture rail.
- Children must not go into the church without an adult.
- No helium balloons: they drift up to the smoke detectors.
- Keep the fire doors clear and unlocked while the hall is in use.

### Keys
The key is in the safe by the porch, and our churchwarden, Mrs Sian Beddoe, will text you its code on the Saturday. Please leave everything clean and tidy, with the tables folded away.

With every blessing,
Revd Catrin Howells, St Aidan's
"""

BOOKINGS = (
    Booking(
        "Whitcombe",
        "Please write a booking confirmation for Mrs Joanna Whitcombe, who has booked St Mary's Church Hall for her "
        "daughter Lily's 7th birthday party on 17 October 2026 (give the weekday), 1:30 to 5:00 pm, with the number of "
        "hours. Main hall £22 an hour, kitchen £12, refundable deposit £50: list the charges with a total, then the "
        "five conditions of hire (no confetti, glitter or poppers; an adult supervising children; bouncy castles on "
        "the mats only; nothing stuck to the walls; fire exits clear), then a section about the keys. Don't put the "
        "key safe code in it, I text that separately, and remind her to leave the hall clean. Markdown, please, signed "
        "from me, Ruth Ellery, bookings secretary.",
        ST_MARYS,
        5,
        (
            swap_spans(ST_MARYS, "## Charges", "## Conditions of hire", "## Keys"),
            ("name", "Dear Mrs Whitcombe,", "Dear Mrs Whitcomb,"),
            ("no_code", "we will text you the code the day before", "the code is 4071"),
            ("tidy", "Please leave the hall clean and tidy: the mop", "The mop"),
            ("rules", "5. Keep the fire exits clear.\n", ""),
            ("heading", "## Keys\n", ""),
            ("duration", "(3½ hours, including", "(3 hours, including"),
            ("total", "| Total to pay | £139.00 |", "| Total to pay | £129.00 |"),
            ("weekday", "Saturday 17 October", "Sunday 17 October"),
        ),
    ),
    Booking(
        "Farrelly",
        "Can you draft the confirmation for Wesley Hall's booking by Mr Declan Farrelly: ruby wedding party, 6 "
        "November 2026 with its weekday, 7 pm to 11:30 pm (say how many hours), about 80 guests. Charges: main hall "
        "at £20 per hour, kitchen £15, stage lighting £10, refundable damage deposit £75, and a total. Charges first, "
        "then our six conditions of hire (no selling alcohol without a TEN, music off by 11, no smoking or vaping, no "
        "candles, park in the car park, fire exits clear), then a Keys section: Alan Shaw opens and locks up. Don't "
        "give the key safe code, and ask him to leave the hall as he found it. Bold headings with bullets. From "
        "Margaret Kinsella, lettings secretary.",
        WESLEY,
        6,
        (
            swap_spans(WESLEY, "**Charges**", "**Conditions of hire**", "**Keys**"),
            ("name", "Dear Mr Farrelly,", "Dear Mr Farrely,"),
            (
                "no_code",
                "We will text you the code for the key safe in case",
                "The code for the key safe is 2580, in case",
            ),
            (
                "tidy",
                "Please leave the hall as you found it, with the chairs stacked and the rubbish bagged.",
                "Please stack the chairs and bag the rubbish before you go.",
            ),
            ("rules", "- No candles or other naked flames.\n", ""),
            ("heading", "**Keys**\n", ""),
            ("duration", "4½ hours in all", "4 hours in all"),
            ("total", "- Total: £190.00", "- Total: £180.00"),
            ("weekday", "Friday 6 November", "Saturday 6 November"),
        ),
    ),
    Booking(
        "Chaudhary",
        "Plain text, no Markdown: confirm Ms Priya Chaudhary's booking of Bramley Village Hall for the Bramley Makers' "
        "Guild Christmas craft fair on 29 November 2026 (with the day of the week), 9 am to 4 pm, hours stated. Main "
        "hall £15 an hour, committee room £25 for the day, twelve trestle tables £18, deposit £100, and the total due. "
        "The charges go before the four conditions of hire (fire exits and corridor clear, hot food in the kitchen "
        "only, no vehicles on the field, rubbish taken home). Then Keys: key safe in the porch, but leave the code "
        "out. Ask her to leave the hall clean and tidy for the Monday playgroup. From Graham Tozer, hall bookings.",
        BRAMLEY,
        4,
        (
            swap_spans(BRAMLEY, "Charges:", "Conditions of hire:", "Keys:"),
            ("name", "Dear Ms Chaudhary,", "Dear Ms Chaudhry,"),
            ("no_code", "the code will be texted to you on the Friday before", "its code is 1966"),
            (
                "tidy",
                "Please leave the hall clean and tidy for the Monday playgroup.",
                "The Monday playgroup uses the hall next.",
            ),
            ("rules", "4. Stallholders must take all their rubbish home.\n", ""),
            ("heading", "Keys:\n", ""),
            ("duration", "(7 hours, setting up", "(6 hours, setting up"),
            ("total", "Total due: £248.00", "Total due: £238.00"),
            ("weekday", "Sunday 29 November", "Saturday 29 November"),
        ),
    ),
    Booking(
        "Llewellyn",
        "Booking confirmation for Mr Gareth Llewellyn at St Aidan's Parish Hall: Osian's christening tea, 13 December "
        "2026 (weekday too), 12:30 to 4 pm with the hours, about 40 guests. Put the booking in a small table at the "
        "top, then ### headings. Hall £24 an hour, kitchen £10, small lounge £16, deposit £60, with a total. Charges "
        "before the five conditions of hire (no alcohol in the church, decorations on the picture rail hooks only, no "
        "children in the church alone, no helium balloons, fire doors clear), then the keys: Mrs Beddoe texts the "
        "code, so don't write it here. Remind him to leave it clean and tidy. Signed Revd Catrin Howells.",
        ST_AIDANS,
        5,
        (
            swap_spans(ST_AIDANS, "### Charges", "### Conditions of hire", "### Keys"),
            ("name", "Dear Mr Llewellyn,", "Dear Mr Llewelyn,"),
            ("no_code", "will text you its code on the Saturday", "has set its code to 8812"),
            (
                "tidy",
                "Please leave everything clean and tidy, with the tables folded away.",
                "Please fold the tables away before you go.",
            ),
            ("rules", "- Decorations may be hung only from the hooks on the picture rail.\n", ""),
            ("heading", "### Keys\n", ""),
            ("duration", "(3½ hours)", "(4½ hours)"),
            ("total", "| Total | £170.00 |", "| Total | £160.00 |"),
            ("weekday", "Sunday 13 December", "Saturday 13 December"),
        ),
    ),
)


def build(booking: Booking, on: dict[str, bool]) -> str:
    return slipped(booking.text, booking.slips, on, booking.name)


# Reading a confirmation -------------------------------------------------------------------------


def duration_right(answer: str) -> bool:
    """Whether the first line with two times states the hours between them."""
    line = next((line for line in answer.splitlines() if len(clocks(line)) >= 2), "")
    times, stated = clocks(line), HOURS.search(line)
    if len(times) < 2 or stated is None:
        return False
    hours = int(stated.group(1)) + (0.5 if stated.group(2) else 0)
    return times[1] - times[0] == round(hours * 60)


def total_right(answer: str) -> bool:
    """Whether the charges section's one total line is the sum of the last amounts on its other lines."""
    lines = [line for line in section(answer, CHARGES) or [] if money(line)]
    totals = [last_money(line) for line in lines if TOTAL.search(line)]
    parts = [last_money(line) or 0 for line in lines if not TOTAL.search(line)]
    return len(totals) == 1 and bool(parts) and totals[0] == sum(parts)


def keys_heading(answer: str) -> bool:
    """Whether some heading is about the keys."""
    return any((title := heading_of(line)) is not None and KEYS.search(title) for line in answer.splitlines())


WORDINGS = {
    "name": (
        "Spells the hirer's surname, {name}, correctly and consistently",
        "Uses the same spelling of {name} every time",
    ),
    "no_code": (
        "Does not give the key safe code",
        "Leaves the key safe code out of the confirmation",
    ),
    "tidy": (
        "Asks the hirer to leave the hall clean and tidy",
        "Includes a reminder to leave the hall as they found it",
    ),
    "order": (
        "Lists the charges before the conditions of hire",
        "The charges section comes before the conditions",
    ),
    "rules": (
        "Gives exactly {rules} conditions of hire",
        "The conditions of hire are a list of {rules} points",
    ),
    "heading": (
        "Has a separate section about the keys",
        "Includes a heading for collecting and returning the keys",
    ),
    "duration": (
        "The number of hours stated matches the start and finish times",
        "States the length of the booking correctly from its start and end times",
    ),
    "total": (
        "The total is the correct sum of the individual charges",
        "The charges add up to the total given",
    ),
    "weekday": (
        "The day of the week given for the booking matches its date",
        "Gives the correct weekday for the date of the event",
    ),
}
"""Two wordings of each kind of criterion, filled from the booking."""


def truths(booking: Booking, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, booking.name) == {booking.name.lower()},
        "no_code": KEY_CODE.search(answer) is None,
        "tidy": TIDY.search(answer) is not None,
        "order": heading_order(answer, CHARGES, RULES),
        "rules": len(listed(section(answer, RULES) or [])) == booking.rules,
        "heading": keys_heading(answer),
        "duration": duration_right(answer),
        "total": total_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, booking: Booking, answer: str) -> list[Criterion]:
    filled = {"name": booking.name, "rules": NUMBER_WORDS[booking.rules]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(booking, answer).items()
    ]


SWITCHES = ("order", "name", "no_code", "tidy", "rules", "heading", "duration", "total", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, BOOKINGS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

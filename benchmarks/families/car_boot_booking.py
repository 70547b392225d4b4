"""Car boot booking family (fresh39): the pitch booking confirmation an organiser asks for when a seller books a
pitch at a car boot sale (a school PTA's sale, a farm's Sunday car boot, a church's charity sale, a rugby club's
sale), with the booking, the fees, arrival and setting up, the rules for sellers, what happens in bad weather and whom
to contact, a kind of answer no grader was run on while any of its rules was written. Run only as `--set fresh39`,
never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the confirmation (Markdown headings with the fees in a table, bold labels with bullets, plain `Label:`
lines with numbered lists, or `###` headings under a key-facts table), written right and then changed by switches.
Every truth is read from the text: the rule against selling food, the booking references and the refund for bad
weather by the words that write them, the sections by their headings, the rules as the list items of their section,
the fees as the last amount of each line of their section (the line naming a total the total), the pitch size from
the first line with metres and feet, each metre figure against the feet figure in the same place, and the weekday
from the lines that name a date and a weekday.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    figure_value,
    heading_of,
    heading_order,
    last_money,
    listed,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
    weekdays_right,
)

FAMILY = "car_boot_booking"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
NO_FOOD = re.compile(r"\bno\b[^.\n]{0,20}\bfood\b|\bfood\b[^.\n]{0,20}\bnot\b[^.\n]{0,10}\bsold\b", re.I)
REFERENCE = re.compile(r"\b[A-Z]{2,3}-\d{3,4}\b")
WEATHER = re.compile(r"weather|\brain|\bwet\b", re.I)
REFUND = re.compile(r"refund", re.I)
ARRIVAL = r"arriv|getting here"
RULES = r"rules"
FEES = r"fees|paid|payment|charges"
CONTACT = re.compile(r"contact", re.I)
TOTAL = re.compile(r"\btotal\b", re.I)
METRES = re.compile(r"(\d+(?:\.\d+)?)\s*m\b")
FEET = re.compile(r"(\d+(?:\.\d+)?)\s*(?:ft|feet)\b")
FEET_PER_METRE = 3.28084


@dataclass(frozen=True)
class Booking:
    name: str
    """The sale."""
    task: str
    text: str
    """The answer written right."""
    ref: str
    """The booking reference."""
    rules: int
    """The rules for sellers asked for."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


OAKFIELD = """# Oakfield School PTA Car Boot Sale: your pitch is booked

Dear Mr Bannerman,

Thank you for booking a pitch at our car boot sale. Your booking reference is OAK-2417.

## Your booking
- Date: Sunday 10 May 2026
- Pitch: car pitch 14, on the top field
- Pitch size: 6 m x 3 m (20 ft x 10 ft)

## Fees
| Item | Amount |
|---|---|
| Car pitch | £12.00 |
| Extra trestle table | £4.00 |
| Pitch by the entrance | £3.00 |
| Total paid | £19.00 |

## Arrival and setting up
Sellers can arrive from 6:30 am; the gates open to buyers at 8:00 am. Please be on your pitch by 7:30 am, and do not drive off before 12:00 noon.

## Rules
1. No food or drink may be sold: the PTA runs the refreshments stall.
2. No weapons, knives, alcohol or medicines.
3. Take all your rubbish and unsold items home with you.
4. Keep to 5 mph on the field.

## If the weather is bad
If we have to cancel because of the weather, we will tell you by 6:00 am on the day by text and refund your pitch fee in full.

## Contact
On the day, ring the PTA mobile on 07700 900 218 and quote OAK-2417.

Thank you for supporting Oakfield School.
Oakfield PTA
"""

HOLLINS = """**Hollins Farm Sunday Car Boot: booking confirmation**

Hi Jenny,

You're booked in for our first car boot of the season. Your booking number is HF-0386.

**Booking details**
- Date: Sunday 5 April 2026
- Pitch: van pitch, row C
- Space: 7 m long by 4 m wide (23 ft by 13 ft)

**What you've paid**
- Van pitch: £15.00
- Extra space for a gazebo: £5.00
- Total: £20.00

**Getting here and setting up**
- The sellers' gate opens at 6:00 am; buyers are let in from 7:30 am.
- Come in by the Hollins Lane entrance, not the farm drive.
- Pitches not taken by 7:00 am may be given to someone else.

**Site rules**
- No selling of food or drinks: the farm café does the catering.
- No dogs off leads.
- No counterfeit goods, weapons or live animals.
- Drive at walking pace on the field.
- Take your rubbish home.

**Wet weather**
- If the field is too wet and we cancel, we'll text you by 5:30 am and refund your fee in full.

**Questions and contact**
- Text Rob on 07700 900 583 any time before the day, quoting HF-0386.

Thanks, and good luck on the day!
Rob, Hollins Farm
"""

ST_MARKS = """ST MARK'S CHURCH CHARITY CAR BOOT SALE
Pitch booking confirmation

Dear Mrs Okoro,

This confirms your pitch at our charity car boot sale in aid of the church roof fund. Your reference is SM-112.

Booking:
Date: Saturday 13 June 2026
Pitch: number 22, in the church car park
Pitch size: 5 m by 2.5 m (16 ft by 8 ft)

Payment:
Car pitch: £10.00
Table hire (2 tables at £2.50): £5.00
Total received: £15.00

Arrival:
Sellers may arrive from 7:00 am. Buyers are admitted from 8:30 am. Please do not drive in or out between 8:30 am and 12:00 noon.

Rules:
1. Food must not be sold, as the church's own tea stall raises money for the roof.
2. No electrical items unless they have been safety tested.
3. Keep the fire lane by the hall clear at all times.

If it rains:
If the sale is cancelled because of the weather, we will email you the evening before and give you a full refund.

Contact:
Call the parish office on 01632 960 775 (weekday mornings), quoting SM-112.

With thanks,
Ruth Adeyemi, churchwarden
"""

RIVERSIDE = """### Riverside Rugby Club car boot: booking confirmed

| Booking | |
|---|---|
| Reference | RRC-5530 |
| Seller | Mr D. Kowalski |
| Date | Sunday 21 June 2026 |
| Pitch | 31, on the back pitch, with room for a trailer |
| Size | 8 m x 4 m (26 ft x 13 ft) |

Thank you for booking with us. All the money raised goes to the junior section's new kit.

### Charges
| | |
|---|---|
| Trailer pitch | £18.00 |
| Early entry pass | £4.00 |
| Total | £22.00 |

### Arrival
- Early entry pass holders from 6:00 am; all other sellers from 6:45 am.
- Buyers from 8:00 am.
- Enter by the Mill Road gate and follow the marshals.

### Rules
- No food or drink to be sold: the clubhouse bar and barbecue are open all morning.
- No smoking on the pitches.
- Gas stoves and heaters are not allowed.
- No sale of replica shirts or other counterfeit goods.

### Bad weather
We will post on the club's Facebook page by 5:30 am if we have to cancel for the weather, and every seller will get a full refund.

### Contact on the day
Find a marshal in a yellow bib, or ring the clubhouse on 01632 960 321 and give your reference, RRC-5530.
"""

BOOKINGS = (
    Booking(
        "Oakfield School",
        "Write the pitch confirmation for Mr Bannerman for the Oakfield School PTA car boot, in Markdown. Reference "
        "OAK-2417 (quote it at the end too). Sunday 10 May 2026, car pitch 14 on the top field, 6 m x 3 m (give it "
        "in feet as well). Fees in a table: car pitch £12, extra table £4, entrance pitch £3, and the total. Arrival "
        "(sellers 6:30, buyers 8:00, on the pitch by 7:30, no leaving before noon) before the rules, four of them: no "
        "food or drink sold (PTA refreshments), no weapons, knives, alcohol or medicines, take rubbish home, 5 mph. "
        "If we cancel for weather, a text by 6 am and a full refund. A Contact heading with the PTA mobile.",
        OAKFIELD,
        "OAK-2417",
        4,
        (
            swap_spans(OAKFIELD, "## Arrival and setting up", "## Rules", "## If the weather is bad"),
            (
                "no_food",
                "1. No food or drink may be sold: the PTA runs the refreshments stall.",
                "1. Park your car inside your pitch markings.",
            ),
            ("ref", "and quote OAK-2417", "and quote OAK-2471"),
            ("refund", "and refund your pitch fee in full", "and carry your booking over to the next sale"),
            ("rules", "3. Take all your rubbish and unsold items home with you.\n4. Keep to 5 mph", "3. Keep to 5 mph"),
            ("heading", "## Contact\n", ""),
            ("fee", "| Total paid | £19.00 |", "| Total paid | £16.00 |"),
            ("size", "(20 ft x 10 ft)", "(18 ft x 9 ft)"),
            ("weekday", "Date: Sunday 10 May", "Date: Saturday 10 May"),
        ),
    ),
    Booking(
        "Hollins Farm",
        "Booking confirmation to Jenny for a van pitch at the Hollins Farm Sunday car boot, booking number HF-0386 "
        "(repeat it under contact). Bold headings and bullets. Sunday 5 April 2026, row C, 7 m by 4 m (and in feet). "
        "What she paid: van pitch £15 plus £5 for gazebo space, with the total. Getting here (sellers' gate 6 am, "
        "buyers 7:30, Hollins Lane entrance, pitches released at 7) before our five site rules, including no "
        "food or drinks (the café caters). Wet weather: if we cancel, a text by 5:30 and a full refund. Then a "
        "contact section: text Rob. Sign off from Rob.",
        HOLLINS,
        "HF-0386",
        5,
        (
            swap_spans(HOLLINS, "**Getting here and setting up**", "**Site rules**", "**Wet weather**"),
            (
                "no_food",
                "- No selling of food or drinks: the farm café does the catering.",
                "- Keep your gazebo pegged down if it is windy.",
            ),
            ("ref", "quoting HF-0386", "quoting HF-0368"),
            ("refund", "and refund your fee in full", "and move your booking to the next Sunday"),
            ("rules", "- No dogs off leads.\n", ""),
            ("heading", "**Questions and contact**\n", ""),
            ("fee", "- Total: £20.00", "- Total: £25.00"),
            ("size", "(23 ft by 13 ft)", "(21 ft by 12 ft)"),
            ("weekday", "Date: Sunday 5 April", "Date: Saturday 5 April"),
        ),
    ),
    Booking(
        "St Mark's Church",
        "Plain text, no Markdown, with 'Label:' headings: confirm Mrs Okoro's pitch at St Mark's charity car boot "
        "(church roof fund), reference SM-112, quoted again with the contact details. Saturday 13 June 2026, pitch "
        "22 in the church car park, 5 m by 2.5 m with the size in feet. Payment: car pitch £10 and two tables at "
        "£2.50, and the total received. Arrival (sellers from 7, buyers 8:30, no driving 8:30 to noon) comes before "
        "three numbered rules: no food to be sold (the church tea stall), only safety-tested electricals, keep the "
        "fire lane clear. If it rains and we cancel, an email the evening before and a full refund. Contact: the "
        "parish office. From Ruth Adeyemi, churchwarden.",
        ST_MARKS,
        "SM-112",
        3,
        (
            swap_spans(ST_MARKS, "Arrival:", "Rules:", "If it rains:"),
            (
                "no_food",
                "1. Food must not be sold, as the church's own tea stall raises money for the roof.",
                "1. Please bring your own float of change.",
            ),
            ("ref", "quoting SM-112", "quoting SM-121"),
            ("refund", "and give you a full refund", "and hold your pitch for the next sale"),
            ("rules", "2. No electrical items unless they have been safety tested.\n3. Keep", "2. Keep"),
            ("heading", "Contact:\n", ""),
            ("fee", "Total received: £15.00", "Total received: £12.50"),
            ("size", "(16 ft by 8 ft)", "(15 ft by 7.5 ft)"),
            ("weekday", "Date: Saturday 13 June", "Date: Sunday 13 June"),
        ),
    ),
    Booking(
        "Riverside Rugby Club",
        "Riverside Rugby Club car boot booking confirmation for Mr D. Kowalski, with ### headings and a key-facts "
        "table at the top: reference RRC-5530 (give it again in the contact section), Sunday 21 June 2026, pitch 31 "
        "on the back pitch with room for a trailer, 8 m x 4 m (add feet). Charges: trailer pitch £18 and early entry "
        "pass £4, total. Arrival before the four rules (no food or drink sold, the bar and barbecue are open; no "
        "smoking; no gas stoves or heaters; no counterfeit shirts). Bad weather: a Facebook post by 5:30 am and a full "
        "refund if we cancel. A contact section for the day: marshals or the clubhouse phone.",
        RIVERSIDE,
        "RRC-5530",
        4,
        (
            swap_spans(RIVERSIDE, "### Arrival", "### Rules", "### Bad weather"),
            (
                "no_food",
                "- No food or drink to be sold: the clubhouse bar and barbecue are open all morning.",
                "- Bring your own table and chair; we do not hire them out.",
            ),
            ("ref", "give your reference, RRC-5530", "give your reference, RRC-5350"),
            ("refund", "and every seller will get a full refund", "and every booking will move to the next sale"),
            ("rules", "- No smoking on the pitches.\n", ""),
            ("heading", "### Contact on the day\n", ""),
            ("fee", "| Total | £22.00 |", "| Total | £20.00 |"),
            ("size", "(26 ft x 13 ft)", "(24 ft x 12 ft)"),
            ("weekday", "| Date | Sunday 21 June", "| Date | Saturday 21 June"),
        ),
    ),
)


def build(booking: Booking, on: dict[str, bool]) -> str:
    return slipped(booking.text, booking.slips, on, booking.name)


# Reading a confirmation ------------------------------------------------------------------------


def fee_right(answer: str) -> bool:
    """Whether the fees section's total (the last amount of its first line naming a total) is the sum of the last
    amounts of its other lines."""
    parts, total = [], None
    for line in section(answer, FEES) or []:
        amount = last_money(line)
        if amount is None:
            continue
        if TOTAL.search(line):
            total = amount if total is None else total
        else:
            parts.append(amount)
    return bool(parts) and total is not None and sum(parts) == total


def size_right(answer: str) -> bool:
    """Whether on the first line with metres and feet each figure in feet is the figure in metres in the same place
    converted, to the nearest half foot or better."""
    line = next((line for line in answer.splitlines() if METRES.search(line) and FEET.search(line)), "")
    metres, feet = METRES.findall(line), FEET.findall(line)
    if not metres or len(metres) != len(feet):
        return False
    return all(
        abs(figure_value(m) * FEET_PER_METRE - figure_value(f)) <= 0.5 for m, f in zip(metres, feet, strict=True)
    )


def refund_right(answer: str) -> bool:
    """Whether some line about the weather promises a refund."""
    return any(WEATHER.search(line) and REFUND.search(line) for line in answer.splitlines())


def contact_heading(answer: str) -> bool:
    """Whether some heading is about contacting the organisers."""
    return any((title := heading_of(line)) is not None and CONTACT.search(title) for line in answer.splitlines())


WORDINGS = {
    "no_food": ("Tells sellers that they may not sell food or drink", "Includes the rule that no food is to be sold"),
    "ref": (
        "Quotes the booking reference {ref} correctly every time",
        "Gives the reference {ref} the same way throughout",
    ),
    "refund": (
        "Says the pitch fee is refunded in full if the sale is cancelled for bad weather",
        "Promises a full refund if the weather stops the sale",
    ),
    "order": ("Covers arrival and setting up before the rules", "The arrival section comes before the rules section"),
    "rules": ("Lists exactly {rules} rules for sellers", "The rules are a list of {rules} items"),
    "heading": (
        "Has a separate heading for how to contact the organisers",
        "Puts the contact details under their own heading",
    ),
    "fee": ("The total paid equals the sum of the charges listed", "Adds up the fees correctly"),
    "size": (
        "The pitch size in feet is a correct conversion of the metres",
        "Converts the pitch dimensions from metres to feet correctly",
    ),
    "weekday": ("The weekday given matches the date of the sale", "The day of the week is right for the sale's date"),
}
"""Two wordings of each kind of criterion, filled from the booking."""


def truths(booking: Booking, answer: str) -> dict[str, bool]:
    return {
        "no_food": NO_FOOD.search(answer) is not None,
        "ref": set(REFERENCE.findall(answer)) == {booking.ref},
        "refund": refund_right(answer),
        "order": heading_order(answer, ARRIVAL, RULES),
        "rules": len(listed(section(answer, RULES) or [])) == booking.rules,
        "heading": contact_heading(answer),
        "fee": fee_right(answer),
        "size": size_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, booking: Booking, answer: str) -> list[Criterion]:
    filled = {"ref": booking.ref, "rules": NUMBER_WORDS[booking.rules]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(booking, answer).items()
    ]


SWITCHES = ("order", "no_food", "ref", "refund", "rules", "heading", "fee", "size", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, BOOKINGS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

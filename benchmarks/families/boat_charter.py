"""Boat charter family (fresh29): the booking confirmation a charter company sends for the trip a task
describes (a day's sailing on a yacht, a RIB wildlife trip, a deep-sea fishing trip, a catamaran's
sunset cruise), with a short welcome, the trip's details and distance, the charges with their total and
the deposit taken, the guest list, what to bring, the bad-weather policy and a word on wildlife, a kind
of answer no grader was run on while any of its rules was written. Run only as `--set fresh29`, never
in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the confirmation (Markdown headings with a price table, bold headings with bulleted lists,
an email of plain `Label:` lines, or `###` headings with a key-details table), written right and then
changed by switches: a weather policy that says what happens to the booking or only that the trip is
off, soft-soled shoes asked for or not, wildlife or a catch not promised or promised, the trip details
before the price or after, every guest listed or one missing, a welcome within its sentences or well
over, a total that adds up the charges listed or counts one left off the list, a deposit that is its
percentage of the stated total or of the charter fee alone, and a distance in km that converts the
nautical miles or uses land miles.
Every truth is read from the text: sections by their headings, the charges as the amounts on the price
section's lines other than the total and deposit, the guests as list items, sentences by their stops.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    converted,
    heading_order,
    last_money,
    line_with,
    listed,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
)

FAMILY = "boat_charter"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
REFUND = re.compile(r"refund|rebook|re-book|reschedul|another (?:date|day|evening)", re.I)
SHOES = re.compile(r"soft[- ]soled|non[- ]marking|deck shoes", re.I)
PROMISE = re.compile(
    r"\bwill\s+(?:definitely\s+)?(?:see|spot|catch)\b|\b(?:guaranteed?|sure|certain)\s+to\s+(?:see|spot|catch)\b", re.I
)
BOOKING = r"booking details|your booking|trip details"
PRICE = r"price|cost|payment"
GUESTS = r"guest|who's coming|angler"
GREETING = re.compile(r"^\W*(?:hi|hello|dear)\b", re.I)
NOT_A_CHARGE = re.compile(r"total|deposit|balance|paid|due", re.I)
PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%")
NAUTICAL = re.compile(r"(\d+(?:\.\d+)?)\s*(?:nautical miles|nm)\b")
KM = re.compile(r"(\d+(?:\.\d+)?)\s*km\b")
STOP = re.compile(r"[.!?]+(?=\s|$)")
KM_PER_NAUTICAL_MILE = 1.852


@dataclass(frozen=True)
class Charter:
    name: str
    """The customer."""
    task: str
    text: str
    """The answer written right."""
    guests: int
    limit: int
    """The guests booked, and the welcome's limit in sentences."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


OSPREY = """# Booking confirmation: day sail on Osprey

Hi Helen, thank you for booking a day on Osprey with Carrick Sailing. Everything is confirmed, and the details are below.

## Your booking
- **Date:** 18 July 2026, 09:30 to 17:00
- **Boat:** Osprey, a 38 ft sailing yacht, with skipper Tom Penrose
- **Meeting point:** Pontoon B, Falmouth Haven marina
- **Route:** Falmouth to the Helford River and back, about 14 nautical miles (25.9 km)

## Price
| Item | Amount |
|---|---|
| Yacht charter, full day | £780.00 |
| Skipper | £180.00 |
| Fuel and mooring fees | £65.00 |
| **Total** | **£1,025.00** |

Deposit paid (25%): £256.25. The balance is due on the day by card.

## Guests
- Helen Carr
- Mark Carr
- Jess Carr
- Owen Carr
- Priya Shah
- Leo Shah

## What to bring
- Soft-soled shoes (no heels or black soles)
- Warm, waterproof layers, even in summer
- Sun cream and a hat
- Lunch and drinks (we provide tea and coffee)

## If the weather is bad
If the skipper decides it is not safe to sail, we will offer you another date or a full refund. We make that call by 08:00 on the day and will ring you.

## On the water
Dolphins and seals are often seen around the Manacles, though wildlife keeps its own timetable.
"""

SEA_ISLES = """**Sea Isles RIB Trips: booking confirmed**

Dear Callum, thanks for booking our Mull wildlife trip. Your boat is reserved for 8 guests.

**Trip details**
• Date and time: 4 August 2026, 10:00 to 14:00
• Boat: Sea Isles II, a 9 m rigid inflatable, skipper Ailsa Munro
• Leaving from: North Pier pontoon, Oban
• Distance: about 22 nautical miles (40.7 km) there and back

**Costs**
• RIB hire, 4 hours: £480.00
• Wildlife guide: £90.00
• Drysuit hire, 8 × £12.00: £96.00
• Total: £666.00
• Deposit taken today (20%): £133.20

**Who's coming**
• Callum Reid
• Isla Reid
• Fraser Reid
• Morag Bell
• Euan Bell
• Kirsty Doyle
• Niamh Doyle
• Rory Doyle

**Please bring**
• Soft-soled shoes or wellies
• Gloves and a hat
• A dry bag for phones and cameras

**Weather**
Trips go ahead in most weather. If the sea is too rough, we'll reschedule you to any date this season or refund you in full.

Seals and puffins are usually around the Treshnish Isles, but we can't promise sightings.
"""

SEA_BREEZE = """Subject: Your fishing charter on Sea Breeze is confirmed

Hello Dave, your deep-sea fishing trip is booked and your deposit has arrived. Here is everything you need for the day.

Booking details:
Date: 12 September 2026, 07:00 to 13:00
Boat: Sea Breeze, skipper Jim Cole
Meet: Brixham Marina, visitor pontoon, 06:45
Fishing grounds: wrecks about 18 nautical miles (33.3 km) offshore

Payment:
Boat charter, 6 hours: £650.00
Rod and tackle hire, 10 × £8.00: £80.00
Bait and ice: £35.00
Total: £765.00
Deposit received (30%): £229.50. Please pay the balance to the skipper on the day.

Anglers:
1. Dave Hughes
2. Gareth Hughes
3. Rhys Hughes
4. Tony Blake
5. Sean Blake
6. Ian Moss
7. Colin Moss
8. Pete Ward
9. Andy Ward
10. Sam Price

Bring:
- soft-soled shoes or boots with a good grip
- waterproofs and warm layers
- a cool box for your catch
- seasickness tablets if you need them

Bad weather:
Jim checks the forecast the evening before. If it's too rough to go out, we'll move you to another date or refund your deposit.

Mackerel and pollack are usually about in September, but we can't promise what you'll catch.

Tight lines,
Brixham Sea Charters
"""

WIGHT_SPIRIT = """### Sunset cruise on Wight Spirit: confirmed

Dear Ms Okoro,
Thank you for choosing Solent Cats for your birthday cruise. We're delighted to have you on board.

### Trip details
| Detail | |
|---|---|
| Date | 22 August 2026 |
| Time | 18:30 to 21:30 |
| Boat | Wight Spirit, a 14 m sailing catamaran |
| Departs | Town Quay, Southampton |
| Route | around the Solent, about 9 nautical miles (16.7 km) |

### Payment summary
- Catamaran charter, 3 hours: £720.00
- Skipper and crew: £240.00
- Prosecco and canapés for 12: £216.00
- **Total: £1,176.00**
- Deposit paid, 50%: £588.00

### Guest list (12)
1. Grace Okoro
2. Daniel Okoro
3. Femi Okoro
4. Ada Okoro
5. Chloe Martin
6. James Martin
7. Ruth Evans
8. Owen Evans
9. Lucy Hart
10. Ben Hart
11. Maya Singh
12. Arjun Singh

### What to wear
Soft-soled, non-marking shoes please, and a warm layer for when the sun goes down.

### If the weather turns
We sail in most conditions. If the wind is over 25 knots, we'll rebook you on another evening or refund you in full.

Seals sometimes bask on the Brambles bank at low tide, though we can't promise you'll spot one.
"""

WELCOME_EXTRA = " Our skippers have sailed these waters for more than twenty years. Every trip is different, and that is what our guests love most. We can't wait to show you our favourite spots."

CHARTERS = (
    Charter(
        "Helen Carr",
        "Write the booking confirmation for Helen Carr's day sail on Osprey, 18 July 2026, 09:30 to 17:00, skipper "
        "Tom Penrose, from Pontoon B at Falmouth Haven to the Helford River and back (14 nautical miles; give km "
        "too). A welcome of no more than 3 sentences, then the booking details, then the price as a table (charter "
        "£780, skipper £180, fuel and mooring £65) with the total and the 25% deposit she has paid. List the 6 guests "
        "(Helen, Mark, Jess and Owen Carr, Priya and Leo Shah), what to bring (soft-soled shoes!), our bad-weather "
        "policy (another date or a full refund) and a line on wildlife without promising any.",
        OSPREY,
        6,
        3,
        (
            swap_spans(OSPREY, "## Your booking", "## Price", "## Guests"),
            ("weather", "we will offer you another date or a full refund", "the trip will be cancelled"),
            ("shoes", "- Soft-soled shoes (no heels or black soles)", "- A towel and a change of clothes"),
            (
                "no_promise",
                "are often seen around the Manacles, though wildlife keeps its own timetable.",
                "are around the Manacles, and you will see them on the way.",
            ),
            ("guests", "- Owen Carr\n", ""),
            ("welcome", "the details are below.", "the details are below." + WELCOME_EXTRA),
            ("total", "| Fuel and mooring fees | £65.00 |\n", ""),
            ("deposit", "(25%): £256.25", "(25%): £195.00"),
            ("distance", "(25.9 km)", "(22.5 km)"),
        ),
    ),
    Charter(
        "Callum Reid",
        "Confirmation email for Callum Reid's RIB wildlife trip, 4 August 2026, 10:00 to 14:00, from North Pier "
        "pontoon in Oban on Sea Isles II (skipper Ailsa Munro), about 22 nautical miles there and back (add the km). "
        "Keep the welcome to 3 sentences at most. Trip details before the costs: RIB hire £480, wildlife guide £90, "
        "drysuits 8 at £12; the total and the 20% deposit taken. List all 8 guests: Callum, Isla and Fraser Reid, "
        "Morag and Euan Bell, Kirsty, Niamh and Rory Doyle. Tell them to bring soft-soled shoes; say what happens if "
        "it's too rough (reschedule or refund), and don't promise seals or puffins.",
        SEA_ISLES,
        8,
        3,
        (
            swap_spans(SEA_ISLES, "**Trip details**", "**Costs**", "**Who's coming**"),
            ("weather", "we'll reschedule you to any date this season or refund you in full", "we'll cancel the trip"),
            ("shoes", "• Soft-soled shoes or wellies\n", ""),
            ("no_promise", "but we can't promise sightings.", "and you will see plenty of them."),
            ("guests", "• Niamh Doyle\n", ""),
            ("welcome", "reserved for 8 guests.", "reserved for 8 guests." + WELCOME_EXTRA),
            ("total", "• Wildlife guide: £90.00\n", ""),
            ("deposit", "(20%): £133.20", "(20%): £96.00"),
            ("distance", "(40.7 km)", "(35.4 km)"),
        ),
    ),
    Charter(
        "Dave Hughes",
        "Email Dave Hughes to confirm his fishing charter on Sea Breeze with skipper Jim Cole: 12 September 2026, "
        "07:00 to 13:00, meeting 06:45 at Brixham Marina's visitor pontoon, wrecks about 18 nautical miles out (and "
        "in km). Welcome of 3 sentences or fewer; booking details, then payment (charter £650, 10 rods at £8, bait "
        "and ice £35, the total, and the 30% deposit received). Number the 10 anglers: Dave, Gareth and Rhys Hughes, "
        "Tony and Sean Blake, Ian and Colin Moss, Pete and Andy Ward, Sam Price. What to bring, including soft-soled "
        "shoes; the bad-weather policy (another date or a refund); no promises about the catch.",
        SEA_BREEZE,
        10,
        3,
        (
            swap_spans(SEA_BREEZE, "Booking details:", "Payment:", "Anglers:"),
            ("weather", "we'll move you to another date or refund your deposit", "the trip is called off"),
            ("shoes", "- soft-soled shoes or boots with a good grip\n", ""),
            ("no_promise", "but we can't promise what you'll catch.", "and you will catch plenty of both."),
            ("guests", "10. Sam Price\n", ""),
            ("welcome", "everything you need for the day.", "everything you need for the day." + WELCOME_EXTRA),
            ("total", "Bait and ice: £35.00\n", ""),
            ("deposit", "(30%): £229.50", "(30%): £195.00"),
            ("distance", "(33.3 km)", "(29.0 km)"),
        ),
    ),
    Charter(
        "Grace Okoro",
        "Please write the confirmation for Ms Grace Okoro's birthday sunset cruise on Wight Spirit, 22 August 2026, "
        "18:30 to 21:30 from Town Quay, Southampton, around the Solent (about 9 nautical miles; give km as well). A "
        "welcome of at most 3 sentences, trip details, then the payment summary: charter £720, skipper and crew £240, "
        "prosecco and canapés £216, total, and the 50% deposit paid. Guest list of all 12 (Grace, Daniel, Femi and Ada "
        "Okoro, Chloe and James Martin, Ruth and Owen Evans, Lucy and Ben Hart, Maya and Arjun Singh); soft-soled "
        "shoes; what happens in bad weather (rebook or refund); seals possible but not promised.",
        WIGHT_SPIRIT,
        12,
        3,
        (
            swap_spans(WIGHT_SPIRIT, "### Trip details", "### Payment summary", "### Guest list"),
            ("weather", "we'll rebook you on another evening or refund you in full", "the cruise will not go ahead"),
            ("shoes", "Soft-soled, non-marking shoes please, and a warm layer", "A warm layer please,"),
            ("no_promise", "though we can't promise you'll spot one.", "and you will spot them on every trip."),
            ("guests", "7. Ruth Evans\n", ""),
            ("welcome", "to have you on board.", "to have you on board." + WELCOME_EXTRA),
            ("total", "- Skipper and crew: £240.00\n", ""),
            ("deposit", "50%: £588.00", "50%: £360.00"),
            ("distance", "(16.7 km)", "(14.5 km)"),
        ),
    ),
)


def build(charter: Charter, on: dict[str, bool]) -> str:
    return slipped(charter.text, charter.slips, on, charter.name)


# Reading a confirmation -------------------------------------------------------------------------


def welcome(answer: str) -> str:
    """The first paragraph that opens with a greeting, its lines joined."""
    return next((" ".join(p.split("\n")) for p in re.split(r"\n\s*\n", answer) if GREETING.match(p)), "")


def sentences(text: str) -> int:
    """The sentences of `text`, counted by their stops."""
    return len(STOP.findall(text))


def charges(price: str) -> list[Decimal]:
    """The last amount on each line of the price section that is not a total, deposit or balance."""
    return [a for line in price.splitlines() if not NOT_A_CHARGE.search(line) and (a := last_money(line)) is not None]


def deposit_right(price: str) -> bool:
    """The deposit's amount is its percentage of the stated total, to the penny."""
    line, total = line_with(price, "deposit"), last_money(line_with(price, "total"))
    percent, amount = PERCENT.search(line), last_money(line)
    if percent is None or amount is None or total is None:
        return False
    return amount == (total * Decimal(percent.group(1)) / 100).quantize(Decimal("0.01"), ROUND_HALF_UP)


WORDINGS = {
    "weather": (
        "Explains what happens to the booking if the weather is too bad to sail",
        "Says whether guests get a new date or their money back if bad weather stops the trip",
    ),
    "shoes": ("Tells guests to wear soft-soled shoes", "Mentions that soft-soled or non-marking shoes are needed"),
    "no_promise": (
        "Does not promise that guests will see wildlife or catch fish",
        "Makes no guarantee of sightings or of a catch",
    ),
    "order": ("Gives the trip details before the price", "The booking details section comes before the costs"),
    "guests": ("Lists all {guests} guests by name", "The guest list has exactly {guests} names"),
    "welcome": (
        "The welcome at the top is no more than {limit} sentences",
        "Keeps the opening greeting paragraph to {limit} sentences or fewer",
    ),
    "total": ("The total equals the sum of the listed charges", "Its total price adds up from the items listed"),
    "deposit": (
        "The deposit is the stated percentage of the total",
        "Works out the deposit correctly from its percentage",
    ),
    "distance": (
        "The distance in kilometres is a correct conversion of the nautical miles",
        "Converts the trip's distance from nautical miles to km correctly",
    ),
}
"""Two wordings of each kind of criterion, filled from the charter."""


def truths(charter: Charter, answer: str) -> dict[str, bool]:
    count = sentences(welcome(answer))
    price = "\n".join(section(answer, PRICE) or [])
    return {
        "weather": REFUND.search(" ".join(section(answer, r"weather") or [])) is not None,
        "shoes": SHOES.search(answer) is not None,
        "no_promise": PROMISE.search(answer) is None,
        "order": heading_order(answer, BOOKING, PRICE),
        "guests": len(listed(section(answer, GUESTS) or [])) == charter.guests,
        "welcome": 0 < count <= charter.limit,
        "total": bool(charges(price)) and last_money(line_with(price, "total")) == sum(charges(price)),
        "deposit": deposit_right(price),
        "distance": converted(answer, NAUTICAL, KM, KM_PER_NAUTICAL_MILE),
    }


def candidates(rng: random.Random, charter: Charter, answer: str) -> list[Criterion]:
    filled = {"guests": charter.guests, "limit": charter.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(charter, answer).items()
    ]


SWITCHES = ("order", "weather", "shoes", "no_promise", "guests", "welcome", "total", "deposit", "distance")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, CHARTERS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

"""Flight booking family (fresh18): the booking confirmation a task asks for (a trip to Tokyo as Markdown tables,
one to Lisbon as bullets under each day's heading, one to Vancouver as an e-ticket in a fenced block, one to Rome as
plain lines), with the passengers' fares and baggage, four flights with a connection each way, the layovers, the
nights away and the price, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh18`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the confirmation written right and then changed by switches: the flights in the order flown or the
first two swapped, every name spelt as the task spells it or one not, the layovers stated right or the first not,
every connection as long as the task asks or the return's cut short (its stated layover with it), the passenger on
a hand-luggage fare without a checked bag or given one, the price lines adding up to the total or not, the nights
right or not, every airport an IATA code or one a city, and a note that times are local or none. Every truth is
read from the text: a flight is a line with a flight number and two `HH:MM` times (`+1` after the second for a
later day) on the date on its line or the last one above; the connections are between the first two flights and
the last two in time order; a layover is a line with a length (`2 h 40 min`, `2h50`, `45 min`) naming a connecting
airport by code or city; a checked bag is a weight in kg on the passenger's first line; the price lines are the
first with the task's labels, the total the first line starting `Total`, each its last amount.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from decimal import Decimal

from benchmarks.labelled import MONEY, Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "flight_booking"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
DATE = re.compile(r"\b(\d{1,2})\s+(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{4})\b", re.I)
FLIGHT = re.compile(r"\b(?:[A-Z]{2}|[A-Z]\d|\d[A-Z])\s?\d{1,4}\b")
TIME = re.compile(r"(?<![\d:])(\d{1,2}):(\d{2})(?![\d:])")
LATER = re.compile(r"\s*\(?\+(\d)\)?")
LENGTH = re.compile(r"(?<![\d:.])(\d{1,2})\s*h(?:ours?|rs?)?\s*(?:(\d{1,2})\s*(?:mins?|minutes|m)?)?|(\d{1,3})\s*min")
CODE = re.compile(r"\b[A-Z]{3}\b")
NIGHTS = re.compile(r"(\d+)\s+nights?\b", re.I)
BAG = re.compile(r"\d+\s*kg\b", re.I)


@dataclass(frozen=True)
class Flight:
    departs: datetime
    arrives: datetime
    line: str


@dataclass(frozen=True)
class Booking:
    task: str
    text: str
    """The answer written right."""
    reference: str
    names: tuple[str, ...]
    light: tuple[str, str]
    """(the passenger on a fare with no checked bag, the fare's name)."""
    hubs: tuple[tuple[str, str], tuple[str, str]]
    """(code, city) of the connecting airport out and back."""
    shortest: int
    """The shortest connection the task allows, in minutes."""
    place: str
    prices: tuple[str, ...]
    """The labels of the price lines."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


def swap_lines(text: str, first: str, second: str) -> tuple[str, str, str]:
    """The `order` slip: the line holding `first` and the next line holding `second` trade places, the lines
    between them staying where they are."""
    start = text.rfind("\n", 0, text.index(first)) + 1
    one_end = text.index("\n", start)
    two_start = text.rfind("\n", 0, text.index(second, one_end)) + 1
    two_end = text.index("\n", two_start)
    one, middle, two = text[start:one_end], text[one_end:two_start], text[two_start:two_end]
    return ("order", one + middle + two, two + middle + one)


ELLIS = """## Booking confirmed · reference K7QX2M

**Passengers**

| Passenger | Fare | Checked baggage |
|---|---|---|
| Katharine Ellis | Classic | 1 × 23 kg |
| Tomasz Nowak | Classic | 1 × 23 kg |
| Maya Ellis-Nowak | Light | cabin bag only |

**Flights**

| # | Date | Flight | From | To | Connection |
|---|---|---|---|---|---|
| 1 | Sat 14 Jun 2025 | AY 1332 | LHR 07:25 | HEL 12:20 | 2 h 40 min in Helsinki |
| 2 | Sat 14 Jun 2025 | AY 73 | HEL 15:00 | NRT 06:55 +1 | |
| 3 | Tue 24 Jun 2025 | QR 807 | NRT 22:20 | DOH 04:15 +1 | 3 h 30 min in Doha |
| 4 | Wed 25 Jun 2025 | QR 5 | DOH 07:45 | LHR 12:50 | |

All times are local to each airport.
You have 9 nights in Tokyo.

**Price**

| Item | Amount |
|---|---:|
| Fares (2 × Classic £612.00, 1 × Light £498.00) | £1,722.00 |
| Taxes and carrier charges | £486.60 |
| Seat reservations | £54.00 |
| **Total paid** | **£2,262.60** |"""

RAGHUNATHAN = """Your trip is booked. Booking reference: **PX4M7T**

**Travellers**
- Dev Raghunathan · Standard fare · 1 checked bag (23 kg)
- Anjali Raghunathan · Basic fare · carry-on only

**Outbound · Thursday 2 October 2025**
- AC 412 · YYZ 16:30 → YUL 17:50
- Change in Montreal: 1 h 50 min
- AC 832 · YUL 19:40 → LIS 07:25 (+1)

**Return · Saturday 11 October 2025**
- TP 201 · LIS 10:30 → EWR 13:05
- Change in Newark: 2 h 05 min
- UA 518 · EWR 15:10 → YYZ 16:55

Times are local at each airport.
You'll have 8 nights in Lisbon.

**Price (CAD)**
- Air fares: Standard C$1,140.00 + Basic C$965.00 = C$2,105.00
- Taxes, fees and charges: C$412.38
- Preferred seats: C$118.00
- **Total charged: C$2,635.38**"""

OKONKWO = """Here is the e-ticket summary:

```text
BOOKING REFERENCE  ZR8K4N

PASSENGER            FARE     BAGGAGE
Chidi Okonkwo        Flex     2 x 23 kg checked
Ngozi Okonkwo        Flex     2 x 23 kg checked
Ada Okonkwo          Saver    cabin bag only
Emeka Okonkwo        Flex     2 x 23 kg checked

DATE              FLIGHT   DEPART      ARRIVE         NOTES
Mon 08 Sep 2025   NZ 104   SYD 08:45   AKL 13:50      connection 2h50 in Auckland
Mon 08 Sep 2025   NZ 24    AKL 16:40   YVR 09:05
Thu 18 Sep 2025   AC 1841  YVR 14:30   HNL 17:55      connection 2h15 in Honolulu
Thu 18 Sep 2025   HA 451   HNL 20:10   SYD 05:40 +2

All times local.
10 nights in Vancouver.

FARE (AUD)
Base fares                 A$6,920.00
Taxes and surcharges       A$1,384.56
Booking fee                   A$40.00
TOTAL                      A$8,344.56
```"""

MACLEOD = """Booking confirmed, reference 5HT9WQ.

Fiona MacLeod, Standard fare, one checked bag of 23 kg
Ruaridh MacLeod, Light fare, hand luggage only

Fri 16 May 2025, KL 1284, EDI 06:10 to AMS 08:40
Connection in Amsterdam: 1 h 25 min
Fri 16 May 2025, KL 1597, AMS 10:05 to FCO 12:20
Fri 23 May 2025, AF 1205, FCO 13:15 to CDG 15:20
Connection in Paris: 2 h 15 min
Fri 23 May 2025, AF 1486, CDG 17:35 to EDI 18:05

Times shown are local.
That's 7 nights in Rome.

Fares: £318.00 (Standard) + £214.00 (Light) = £532.00
Taxes and charges: £171.46
Seat selection: £36.00
Total paid: £739.46"""

BOOKINGS = (
    Booking(
        "Booking confirmation, passengers and flights as Markdown tables, ref K7QX2M, for Katharine Ellis and Tomasz "
        "Nowak (Classic fares, one 23 kg checked bag each) and Maya Ellis-Nowak (Light, cabin bag only); names as on "
        "their passports. Sat 14 Jun 2025: AY 1332 LHR 07:25 to HEL 12:20, AY 73 HEL 15:00 to NRT 06:55 next day. Tue "
        "24 Jun: QR 807 NRT 22:20 to DOH 04:15 next day, QR 5 DOH 07:45 to LHR 12:50. Show each layover (at least 60 "
        "minutes at every connection), airports as IATA codes, that times are local and the nights in Tokyo. Price: "
        "2 Classic fares at £612.00, 1 Light at £498.00, taxes and carrier charges £486.60, seats £54.00, the total.",
        ELLIS,
        "K7QX2M",
        ("Katharine Ellis", "Tomasz Nowak", "Maya Ellis-Nowak"),
        ("Maya Ellis-Nowak", "Light"),
        (("HEL", "Helsinki"), ("DOH", "Doha")),
        60,
        "Tokyo",
        ("Fares (", "Taxes and carrier charges", "Seat reservations"),
        (
            swap_lines(ELLIS, "| AY 1332 |", "| AY 73 |"),
            ("names", "| Katharine Ellis |", "| Katherine Ellis |"),
            ("layover", "2 h 40 min in Helsinki", "3 h 40 min in Helsinki"),
            (
                "connection",
                "3 h 30 min in Doha |\n| 4 | Wed 25 Jun 2025 | QR 5 | DOH 07:45 | LHR 12:50",
                "40 min in Doha |\n| 4 | Wed 25 Jun 2025 | QR 5 | DOH 04:55 | LHR 10:00",
            ),
            ("baggage", "| Light | cabin bag only |", "| Light | 1 × 23 kg |"),
            ("fare", "**£2,262.60**", "**£2,208.60**"),
            ("nights", "9 nights", "10 nights"),
            ("codes", "| HEL 15:00 |", "| Helsinki 15:00 |"),
            ("local", "All times are local to each airport.\n", ""),
        ),
    ),
    Booking(
        "Send Dev Raghunathan (Standard fare, one 23 kg checked bag) and Anjali Raghunathan (Basic, carry-on only), "
        "names as on their passports, their booking confirmation, ref PX4M7T, as bullet points. Out Thu 2 Oct 2025: "
        "AC 412 YYZ 16:30 to YUL 17:50, AC 832 YUL 19:40 to LIS 07:25 next day. Back Sat 11 Oct 2025: TP 201 LIS "
        "10:30 to EWR 13:05, UA 518 EWR 15:10 to YYZ 16:55. Give each change of plane and its length (75 minutes or "
        "more at any connection), IATA codes, that times are local and the nights in Lisbon. Price in CAD: Standard "
        "C$1,140.00, Basic C$965.00, taxes, fees and charges C$412.38, preferred seats C$118.00, and the total.",
        RAGHUNATHAN,
        "PX4M7T",
        ("Dev Raghunathan", "Anjali Raghunathan"),
        ("Anjali Raghunathan", "Basic"),
        (("YUL", "Montreal"), ("EWR", "Newark")),
        75,
        "Lisbon",
        ("Air fares", "Taxes, fees and charges", "Preferred seats"),
        (
            swap_lines(RAGHUNATHAN, "- AC 412 ·", "- AC 832 ·"),
            ("names", "Dev Raghunathan", "Dev Ragunathan"),
            ("layover", "Montreal: 1 h 50 min", "Montreal: 2 h 50 min"),
            (
                "connection",
                "2 h 05 min\n- UA 518 · EWR 15:10 → YYZ 16:55",
                "60 min\n- UA 518 · EWR 14:05 → YYZ 15:50",
            ),
            ("baggage", "Basic fare · carry-on only", "Basic fare · 1 checked bag (23 kg)"),
            ("fare", "C$2,635.38", "C$2,517.38"),
            ("nights", "8 nights", "9 nights"),
            ("codes", "LIS 10:30", "Lisbon 10:30"),
            ("local", "Times are local at each airport.\n", ""),
        ),
    ),
    Booking(
        "E-ticket summary in a code block, ref ZR8K4N: Chidi, Ngozi and Emeka Okonkwo on Flex fares (2 x 23 kg checked "
        "each), Ada Okonkwo on Saver (cabin bag only). Mon 8 Sep 2025: NZ 104 SYD 08:45 to AKL 13:50, NZ 24 AKL 16:40 "
        "to YVR 09:05 the same day (date line). Thu 18 Sep 2025: AC 1841 YVR 14:30 to HNL 17:55, HA 451 HNL 20:10 to "
        "SYD 05:40 two days later. Note each connection's length (at least 90 minutes each), use IATA codes, say the "
        "times are local, give the nights in Vancouver. In AUD: base fares A$6,920.00, taxes and surcharges "
        "A$1,384.56, booking fee A$40.00, and the total.",
        OKONKWO,
        "ZR8K4N",
        ("Chidi Okonkwo", "Ngozi Okonkwo", "Ada Okonkwo", "Emeka Okonkwo"),
        ("Ada Okonkwo", "Saver"),
        (("AKL", "Auckland"), ("HNL", "Honolulu")),
        90,
        "Vancouver",
        ("Base fares", "Taxes and surcharges", "Booking fee"),
        (
            swap_lines(OKONKWO, "NZ 104", "NZ 24 "),
            ("names", "Chidi Okonkwo", "Chidi Okonkow"),
            ("layover", "2h50 in Auckland", "3h50 in Auckland"),
            (
                "connection",
                "2h15 in Honolulu\nThu 18 Sep 2025   HA 451   HNL 20:10   SYD 05:40",
                "1h05 in Honolulu\nThu 18 Sep 2025   HA 451   HNL 19:00   SYD 04:30",
            ),
            ("baggage", "Saver    cabin bag only", "Saver    1 x 23 kg checked"),
            ("fare", "A$8,344.56", "A$8,304.56"),
            ("nights", "10 nights", "11 nights"),
            ("codes", "YVR 14:30", "Vancouver 14:30"),
            ("local", "All times local.\n", ""),
        ),
    ),
    Booking(
        "Plain text, no tables or bullets: booking confirmation 5HT9WQ for Fiona MacLeod (Standard fare, one 23 kg "
        "bag) and Ruaridh MacLeod (Light fare, hand luggage only). Fri 16 May 2025: KL 1284 EDI 06:10 to AMS 08:40, "
        "KL 1597 AMS 10:05 to FCO 12:20. Fri 23 May 2025: AF 1205 FCO 13:15 to CDG 15:20, AF 1486 CDG 17:35 to EDI "
        "18:05. Show each connection (50 minutes at the least), IATA codes, that times are local and the nights in "
        "Rome. Price: fares £318.00 (Standard) and £214.00 (Light), taxes and charges £171.46, seat selection £36.00, "
        "and the total.",
        MACLEOD,
        "5HT9WQ",
        ("Fiona MacLeod", "Ruaridh MacLeod"),
        ("Ruaridh MacLeod", "Light"),
        (("AMS", "Amsterdam"), ("CDG", "Paris")),
        50,
        "Rome",
        ("Fares:", "Taxes and charges", "Seat selection"),
        (
            swap_lines(MACLEOD, "KL 1284", "KL 1597"),
            ("names", "Fiona MacLeod", "Fiona McLeod"),
            ("layover", "1 h 25 min", "1 h 55 min"),
            (
                "connection",
                "2 h 15 min\nFri 23 May 2025, AF 1486, CDG 17:35 to EDI 18:05",
                "45 min\nFri 23 May 2025, AF 1486, CDG 16:05 to EDI 16:35",
            ),
            ("baggage", "Light fare, hand luggage only", "Light fare, one checked bag of 23 kg"),
            ("fare", "£739.46", "£703.46"),
            ("nights", "7 nights", "8 nights"),
            ("codes", "FCO 13:15", "Rome 13:15"),
            ("local", "Times shown are local.\n", ""),
        ),
    ),
)


def build(booking: Booking, on: dict[str, bool]) -> str:
    return slipped(booking.text, booking.slips, on, booking.reference)


# Reading a booking --------------------------------------------------------------------------------


def flights(answer: str) -> list[Flight]:
    """Each line with a flight number and two times, in the order written, on the last date given above it."""
    out, day = [], None
    for line in answer.splitlines():
        if found := DATE.search(line):
            day = date(int(found.group(3)), MONTHS.index(found.group(2).lower()[:3]) + 1, int(found.group(1)))
        times = list(TIME.finditer(line))
        if day is None or len(times) < 2 or not FLIGHT.search(line):
            continue
        later = LATER.match(line, times[1].end())
        start = datetime(day.year, day.month, day.day, int(times[0].group(1)), int(times[0].group(2)))
        end = datetime(day.year, day.month, day.day, int(times[1].group(1)), int(times[1].group(2)))
        out.append(Flight(start, end + timedelta(days=int(later.group(1)) if later else 0), line))
    return out


def connections(found: list[Flight]) -> list[int] | None:
    """The minutes between landing and the next take-off out and back, the flights in time order."""
    if len(found) != 4:
        return None
    first, second, third, fourth = sorted(found, key=lambda f: f.departs)
    return [int((b.departs - a.arrives).total_seconds()) // 60 for a, b in ((first, second), (third, fourth))]


def nights_away(found: list[Flight]) -> int | None:
    """The nights from landing at the destination to flying home."""
    ordered = sorted(found, key=lambda f: f.departs)
    return (ordered[2].departs.date() - ordered[1].arrives.date()).days if len(found) == 4 else None


def minutes(found: re.Match[str]) -> int:
    if found.group(3) is not None:
        return int(found.group(3))
    return int(found.group(1)) * 60 + int(found.group(2) or 0)


def layovers(answer: str, booking: Booking) -> dict[int, int]:
    """The stated layover at each connecting airport (0 out, 1 back): a line with a length naming the airport."""
    out = {}
    for line in answer.splitlines():
        length = LENGTH.search(line)
        for index, (code, city) in enumerate(booking.hubs):
            if length and (re.search(rf"\b{code}\b", line) or city.lower() in line.lower()):
                out.setdefault(index, minutes(length))
    return out


def last_money(line: str) -> Decimal | None:
    amounts = MONEY.findall(line)
    return Decimal(amounts[-1].replace(",", "")) if amounts else None


def fare_adds_up(answer: str, booking: Booking) -> bool:
    lines = answer.splitlines()
    parts = [last_money(next((s for s in lines if label.lower() in s.lower()), "")) for label in booking.prices]
    total = last_money(next((s for s in lines if s.strip().lstrip("|*#>_- ").lower().startswith("total")), ""))
    known = [p for p in parts if p is not None]
    return total is not None and len(known) == len(parts) and sum(known, Decimal(0)) == total


WORDINGS = {
    "order": ("Lists the flights in the order they are flown", "The flight segments appear in chronological order"),
    "names": (
        "Spells every passenger's name exactly as given in the request",
        "Each traveller's name matches the passport spelling provided",
    ),
    "layover": (
        "Every layover time it states matches the gap between landing and the next departure",
        "States each connection time correctly",
    ),
    "connection": (
        "Every connection leaves at least {shortest} minutes between landing and the next take-off",
        "No connection is shorter than {shortest} minutes",
    ),
    "baggage": (
        "Shows no checked bag for {light}, who is on the {fare} fare",
        "Does not give {light} a checked baggage allowance",
    ),
    "fare": (
        "The total price equals the sum of the fares, taxes and fees listed",
        "The amounts in the price breakdown add up to the total",
    ),
    "nights": (
        "Gives the right number of nights in {place}",
        "The number of nights it says they spend in {place} is correct",
    ),
    "codes": (
        "Shows every flight's airports as three-letter IATA codes",
        "Each flight shows its departure and arrival airports as IATA codes",
    ),
    "local": ("Says that the times shown are local times", "Makes clear that all times are local to the airport"),
}
"""Two wordings of each kind of criterion, filled from the booking."""


def truths(booking: Booking, answer: str) -> dict[str, bool]:
    found = flights(answer)
    gaps = connections(found)
    stated = layovers(answer, booking)
    nights = NIGHTS.search(answer)
    light = next((s for s in answer.splitlines() if booking.light[0] in s), "")
    return {
        "order": gaps is not None and all(a.departs < b.departs for a, b in zip(found, found[1:], strict=False)),
        "names": all(name in answer for name in booking.names),
        "layover": gaps is not None and set(stated) == {0, 1} and all(stated[i] == gaps[i] for i in stated),
        "connection": gaps is not None and min(gaps) >= booking.shortest,
        "baggage": bool(light) and BAG.search(light) is None,
        "fare": fare_adds_up(answer, booking),
        "nights": nights is not None and int(nights.group(1)) == nights_away(found),
        "codes": gaps is not None and all(len(CODE.findall(f.line)) >= 2 for f in found),
        "local": re.search(r"\blocal\b", answer, re.I) is not None,
    }


def candidates(rng: random.Random, booking: Booking, answer: str) -> list[Criterion]:
    values = {"shortest": booking.shortest, "light": booking.light[0], "fare": booking.light[1], "place": booking.place}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(booking, answer).items()
    ]


SWITCHES = ("order", "names", "layover", "connection", "baggage", "fare", "nights", "codes", "local")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, BOOKINGS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

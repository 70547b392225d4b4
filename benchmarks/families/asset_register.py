"""Asset register family (fresh20): the IT asset register a task asks an office manager for (an accountancy firm's
as a Markdown table, a dental practice's as bullets, a school's as fixed-width rows in a fenced block, a physio
clinic's as plain lines), one asset a row with its tag, type, model, serial number, who has it, purchase date and
cost, warranty end and book value, the expired warranties marked and a closing count of laptops, a kind of answer no
grader was run on while any of its rules was written. Run only as `--set fresh20`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the register written right and then changed by switches: the assets in tag order or two swapped, every
asset the task gives or one dropped, every book value by the task's straight-line rule or one wrong, every warranty end
the task's years after purchase or one not, the expired warranties marked and no others or one left unmarked, the
returned laptop in stock or still with the person who handed it back, every amount to two decimals or one without, the
count of laptops right or not, and a serial number on every asset or one left out. Every truth is read from the text:
an asset is a line with a tag of the task's form (`AS-1001`), the first on the line its own; its purchase date is the
line's first ISO date and its warranty end the second, its cost the line's first amount and its book value the last;
it is a laptop when the line has the word `laptop`; it is marked when the line has `expired` or `out of warranty`; a
serial number is a run of seven to twelve capitals and digits with both in it; the count of laptops is the first number
after the word `laptops` on the first line that has it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import (
    ISO_DATE,
    MONEY,
    Criterion,
    JudgeCase,
    money,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
)

FAMILY = "asset_register"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SERIAL = re.compile(r"\b(?=[A-Z0-9]*\d)(?=[A-Z0-9]*[A-Z])[A-Z0-9]{7,12}\b")
FLAG = re.compile(r"expired|out of warranty", re.I)
LAPTOP = re.compile(r"\blaptop\b", re.I)
SUMMARY = re.compile(r"\blaptops\b[^\d\n]*(\d+)", re.I)
CENT = Decimal("0.01")
NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}


@dataclass(frozen=True)
class Register:
    task: str
    text: str
    """The answer written right."""
    name: str
    prefix: str
    """What every asset tag starts with before its digits (`AS-`)."""
    as_at: date
    terms: tuple[int, int]
    """(the years a warranty runs from purchase, the years of straight-line depreciation to nothing)."""
    assets: int
    returned: tuple[str, str]
    """(the tag of the laptop handed back, who handed it back)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


BROOKFIELD = """# IT asset register · Brookfield Accountancy · as at 2025-03-31

| Tag | Type | Model | Serial | Assigned to | Purchased | Cost | Warranty ends | Book value |
|---|---|---|---|---|---|---:|---|---:|
| AS-1001 | Laptop | Dell Latitude 5440 | 7HX2Q93 | Amy Clarke | 2023-05-10 | £1,149.00 | 2026-05-10 | £861.75 |
| AS-1002 | Laptop | Lenovo ThinkPad T14 | PF3KX8LM | In stock | 2021-11-02 | £1,020.00 | 2024-11-02 (expired) | £255.00 |
| AS-1003 | Monitor | Dell P2423D | CN0W4T2 | Amy Clarke | 2022-08-15 | £229.00 | 2025-08-15 | £114.50 |
| AS-1004 | Laptop | Apple MacBook Air 13 M2 | C02HJ7QK | Carla Diaz | 2024-01-22 | £1,099.00 | 2027-01-22 | £824.25 |
| AS-1005 | Printer | HP LaserJet Pro 4002dn | E78212K4 | Office | 2021-06-30 | £389.00 | 2024-06-30 (expired) | £97.25 |
| AS-1006 | Monitor | Dell P2423D | CN0W4T9 | Ben Moss | 2022-08-15 | £229.00 | 2025-08-15 | £114.50 |
| AS-1007 | Laptop | Dell Latitude 5440 | 5ZQ8M11 | Ben Moss | 2024-09-03 | £1,189.00 | 2027-09-03 | £1,189.00 |
| AS-1008 | Phone | Apple iPhone 15 | F2LXQ0P1 | Carla Diaz | 2023-10-12 | £799.00 | 2026-10-12 | £599.25 |

Laptops on the register: 4
Warranties run 3 years from purchase; book values are straight-line over 4 years, by full years held."""

HARTWELL = """**Hartwell Dental · IT asset register as of 2025-06-30**

- IT-0401 · Laptop · HP EliteBook 840 G10 · S/N 5CG3281XQZ · Dr. Maya Lin · bought 2023-08-14 for $1,379.00 · \
warranty to 2026-08-14 · book value $1,103.20
- IT-0402 · Desktop · Dell OptiPlex 7010 · S/N 8QW2LM3 · Front desk · bought 2021-05-20 for $949.00 · warranty to \
2024-05-20 (expired) · book value $189.80
- IT-0403 · Laptop · HP EliteBook 840 G10 · S/N 5CG3281XR4 · In stock · bought 2023-08-14 for $1,379.00 · warranty \
to 2026-08-14 · book value $1,103.20
- IT-0404 · Tablet · Apple iPad 10th gen · S/N DMPX42K7Q1 · Hygiene room 2 · bought 2024-02-05 for $449.00 · \
warranty to 2027-02-05 · book value $359.20
- IT-0405 · Printer · Epson WorkForce Pro WF-4830 · S/N X5NT012345 · Front desk · bought 2022-03-09 for $299.00 · \
warranty to 2025-03-09 (expired) · book value $119.60
- IT-0406 · Laptop · Apple MacBook Pro 14 · S/N C02FK3Q2MD6T · Dr. Aisha Bello · bought 2024-11-18 for $1,999.00 · \
warranty to 2027-11-18 · book value $1,999.00
- IT-0407 · Monitor · LG UltraFine 27 · S/N 304NTQD8K215 · Dr. Maya Lin · bought 2023-01-16 for $449.99 · warranty \
to 2026-01-16 · book value $269.99
- IT-0408 · Laptop · Lenovo ThinkPad X1 Carbon · S/N PF4RT9WZ · Office manager · bought 2022-07-11 for $1,649.00 · \
warranty to 2025-07-11 · book value $989.40

**Laptops:** 4"""

ST_BRIGIDS = """Here is the register as fixed-width text:

```text
ST BRIGID'S COLLEGE · IT ASSET REGISTER AT 2025-08-31

TAG      TYPE       MODEL                   SERIAL         USER            PURCHASED   COST      WARRANTY TO           \
BOOK VALUE
SB-0110  Laptop     Acer TravelMate P2      NXVPLEK00123   Staff room      2023-09-04  €689.00   2025-09-04            \
€459.33
SB-0111  Laptop     Acer TravelMate P2      NXVPLEK00187   In stock        2023-09-04  €689.00   2025-09-04            \
€459.33
SB-0112  Projector  Epson EB-W51            X4LK2300591    Room 12         2022-01-17  €549.00   2024-01-17 (expired)  \
€0.00
SB-0113  Laptop     Dell Latitude 3440      6TQ2KJ3        Computer lab    2024-03-11  €612.00   2026-03-11            \
€408.00
SB-0114  Laptop     Dell Latitude 3540      2BFH8Z3        Mr Daly         2022-09-12  €799.00   2024-09-12 (expired)  \
€266.33
SB-0115  Printer    HP LaserJet Pro 4002dn  PHBBL12345     Office          2024-06-03  €345.00   2026-06-03            \
€230.00
SB-0116  Tablet     Apple iPad 9th gen      GG7WQ1X2HM     Ms Byrne        2025-02-24  €379.00   2027-02-24            \
€379.00
SB-0117  Laptop     Lenovo IdeaPad 3        PF3ZB8QK       Ms Byrne        2024-08-26  €529.00   2026-08-26            \
€352.67

LAPTOPS: 5   ASSETS: 8
```"""

COASTAL = """IT asset register, Coastal Physio, as at 2025-06-30
CP-01: Laptop, Microsoft Surface Laptop 5, serial 0F2A4KX23, Grace Liu, bought 2024-02-12 for $1,899.00, warranty to \
2025-02-12 (expired), book value $1,424.25
CP-02: Laptop, Lenovo ThinkPad E14, serial PF4X7KQ9, In stock, bought 2024-10-07 for $1,249.00, warranty to \
2025-10-07, book value $1,249.00
CP-03: Desktop, HP ProDesk 400 G9, serial 4CE2291MNB, reception, bought 2022-04-19 for $1,080.00, warranty to \
2023-04-19 (expired), book value $270.00
CP-04: Tablet, Samsung Galaxy Tab S9, serial R52W70ABCDE, treatment room 1, bought 2025-03-03 for $1,149.00, warranty \
to 2026-03-03, book value $1,149.00
CP-05: Printer, Canon imageCLASS, serial XKD49327, reception, bought 2023-07-24 for $499.00, warranty to 2024-07-24 \
(expired), book value $374.25
CP-06: Laptop, Apple MacBook Air 15, serial C02ZR1LKQ6L4, Dr Ethan Brooks, bought 2024-06-28 for $2,199.00, warranty \
to 2025-06-28 (expired), book value $1,649.25
CP-07: Phone, Samsung Galaxy S24, serial R3CX21ZKPLM, Grace Liu, bought 2024-09-16 for $1,399.00, warranty to \
2025-09-16, book value $1,399.00
CP-08: Monitor, Dell S2725H, serial CN0T9K2, Dr Ethan Brooks, bought 2023-11-20 for $329.00, warranty to 2024-11-20 \
(expired), book value $246.75
CP-09: Router, Ubiquiti UniFi Dream Machine, serial 1CB9A0F4E2, comms cupboard, bought 2023-03-27 for $599.00, \
warranty to 2024-03-27 (expired), book value $299.50
Laptops: 3 of 9 assets"""


def row(text: str, tag: str) -> str:
    """The line of `text` that holds `tag`, with its newline: the slip that drops it."""
    start = text.index(tag)
    return text[start : text.index("\n", start) + 1]


REGISTERS = (
    Register(
        "Write Brookfield Accountancy's IT asset register as at 2025-03-31 as a Markdown table sorted by asset tag, "
        "with columns tag, type, model, serial, assigned to, purchased, cost, warranty ends and book value, ISO dates. "
        "Warranties run 3 years from purchase: mark the expired ones. Book value is straight-line over 4 years, "
        "counting only full years since purchase. AS-1001 laptop Dell Latitude 5440, serial 7HX2Q93, Amy Clarke, "
        "bought 2023-05-10 for £1,149; AS-1002 laptop Lenovo ThinkPad T14, PF3KX8LM, 2021-11-02, £1,020, which Tom "
        "Hughes handed back last week, so it's in stock; AS-1003 monitor Dell P2423D, CN0W4T2, Amy Clarke, 2022-08-15, "
        "£229; AS-1004 laptop MacBook Air 13 M2, C02HJ7QK, Carla Diaz, 2024-01-22, £1,099; AS-1005 printer HP "
        "LaserJet Pro 4002dn, E78212K4, office, 2021-06-30, £389; AS-1006 monitor Dell P2423D, CN0W4T9, Ben Moss, "
        "2022-08-15, £229; AS-1007 laptop Dell Latitude 5440, 5ZQ8M11, Ben Moss, 2024-09-03, £1,189; AS-1008 phone "
        "iPhone 15, F2LXQ0P1, Carla Diaz, 2023-10-12, £799. Money to two decimals, and end with a line giving how "
        "many laptops there are.",
        BROOKFIELD,
        "Brookfield",
        "AS-",
        date(2025, 3, 31),
        (3, 4),
        8,
        ("AS-1002", "Tom Hughes"),
        (
            swap_lines(BROOKFIELD, "| AS-1007", "| AS-1008"),
            ("count", row(BROOKFIELD, "| AS-1006"), ""),
            ("book_value", "| £824.25 |", "| £549.50 |"),
            ("warranty", "| 2026-10-12 |", "| 2025-10-12 |"),
            ("expired", "2024-06-30 (expired)", "2024-06-30"),
            ("returned", "| In stock |", "| Tom Hughes |"),
            ("decimals", "| £389.00 |", "| £389 |"),
            ("laptops", "Laptops on the register: 4", "Laptops on the register: 3"),
            ("serials", "| 7HX2Q93 |", "| |"),
        ),
    ),
    Register(
        "Hartwell Dental's IT asset register as of 2025-06-30, as bullet points sorted by asset tag, one asset a "
        "bullet with type, model, serial (S/N), who or where, purchase date and cost, warranty end and book value, ISO "
        "dates. Warranties last 3 years from purchase; mark the expired ones. Book value is straight-line over 5 "
        "years, by full years held. IT-0401 laptop HP EliteBook 840 G10, 5CG3281XQZ, Dr. Maya Lin, 2023-08-14, "
        "$1,379; IT-0402 desktop Dell OptiPlex 7010, 8QW2LM3, front desk, 2021-05-20, $949; IT-0403 laptop HP "
        "EliteBook 840 G10, 5CG3281XR4, 2023-08-14, $1,379, handed back by Jake Turner when he left, now in stock; "
        "IT-0404 tablet iPad 10th gen, DMPX42K7Q1, hygiene room 2, 2024-02-05, $449; IT-0405 printer Epson WorkForce "
        "Pro WF-4830, X5NT012345, front desk, 2022-03-09, $299; IT-0406 laptop MacBook Pro 14, C02FK3Q2MD6T, Dr. "
        "Aisha Bello, 2024-11-18, $1,999; IT-0407 monitor LG UltraFine 27, 304NTQD8K215, Dr. Maya Lin, 2023-01-16, "
        "$449.99; IT-0408 laptop ThinkPad X1 Carbon, PF4RT9WZ, office manager, 2022-07-11, $1,649. Dollars and "
        "cents throughout, and a closing line with the number of laptops.",
        HARTWELL,
        "Hartwell",
        "IT-",
        date(2025, 6, 30),
        (3, 5),
        8,
        ("IT-0403", "Jake Turner"),
        (
            swap_lines(HARTWELL, "- IT-0406", "- IT-0407"),
            ("count", row(HARTWELL, "- IT-0404"), ""),
            ("book_value", "book value $269.99", "book value $179.99"),
            ("warranty", "warranty to 2027-11-18", "warranty to 2026-11-18"),
            ("expired", "2024-05-20 (expired)", "2024-05-20"),
            ("returned", "· In stock ·", "· Jake Turner ·"),
            ("decimals", "for $299.00", "for $299"),
            ("laptops", "**Laptops:** 4", "**Laptops:** 5"),
            ("serials", " · S/N 8QW2LM3", ""),
        ),
    ),
    Register(
        "St Brigid's College IT asset register at 2025-08-31 as fixed-width text in a code block, in asset-tag "
        "order: tag, type, model, serial, user, purchased, cost, warranty end and book value, ISO dates. Warranty is 2 "
        "years from purchase (mark the expired ones); book value is straight-line over 3 years, counting full years "
        "only. SB-0110 laptop Acer TravelMate P2, NXVPLEK00123, staff room, 2023-09-04, €689; SB-0111 laptop Acer "
        "TravelMate P2, NXVPLEK00187, 2023-09-04, €689, returned by Aoife O'Neill and now in stock; SB-0112 projector "
        "Epson EB-W51, X4LK2300591, room 12, 2022-01-17, €549; SB-0113 laptop Dell Latitude 3440, 6TQ2KJ3, computer "
        "lab, 2024-03-11, €612; SB-0114 laptop Dell Latitude 3540, 2BFH8Z3, Mr Daly, 2022-09-12, €799; SB-0115 "
        "printer HP LaserJet Pro 4002dn, PHBBL12345, office, 2024-06-03, €345; SB-0116 tablet iPad 9th gen, "
        "GG7WQ1X2HM, Ms Byrne, 2025-02-24, €379; SB-0117 laptop Lenovo IdeaPad 3, PF3ZB8QK, Ms Byrne, 2024-08-26, "
        "€529. Euro amounts to the cent; finish with the number of laptops.",
        ST_BRIGIDS,
        "St Brigid's",
        "SB-",
        date(2025, 8, 31),
        (2, 3),
        8,
        ("SB-0111", "Aoife O'Neill"),
        (
            swap_lines(ST_BRIGIDS, "SB-0110", "SB-0111"),
            ("count", row(ST_BRIGIDS, "SB-0116"), ""),
            ("book_value", "€266.33", "€532.67"),
            ("warranty", "2026-06-03", "2027-06-03"),
            ("expired", "2024-01-17 (expired)", "2024-01-17          "),
            ("returned", "In stock        ", "Aoife O'Neill   "),
            ("decimals", "€612.00 ", "€612    "),
            ("laptops", "LAPTOPS: 5", "LAPTOPS: 4"),
            ("serials", "PF3ZB8QK", "        "),
        ),
    ),
    Register(
        "Plain lines, no tables or bullets: Coastal Physio's IT asset register as at 2025-06-30, one asset a line in "
        "tag order, with type, model, serial, who or where, purchase date and cost, warranty end and book value, ISO "
        "dates. Warranties are 1 year from purchase (say which have expired); book value is straight-line over 4 "
        "years, full years only. CP-01 laptop Microsoft Surface Laptop 5, 0F2A4KX23, Grace Liu, 2024-02-12, $1,899; "
        "CP-02 laptop Lenovo ThinkPad E14, PF4X7KQ9, 2024-10-07, $1,249, which Noah Fraser returned on Friday, so "
        "it's in stock; CP-03 desktop HP ProDesk 400 G9, 4CE2291MNB, reception, 2022-04-19, $1,080; CP-04 tablet "
        "Samsung Galaxy Tab S9, R52W70ABCDE, treatment room 1, 2025-03-03, $1,149; CP-05 printer Canon imageCLASS, "
        "XKD49327, reception, 2023-07-24, $499; CP-06 laptop MacBook Air 15, C02ZR1LKQ6L4, Dr Ethan Brooks, "
        "2024-06-28, $2,199; CP-07 phone Samsung Galaxy S24, R3CX21ZKPLM, Grace Liu, 2024-09-16, $1,399; CP-08 "
        "monitor Dell S2725H, CN0T9K2, Dr Ethan Brooks, 2023-11-20, $329; CP-09 router Ubiquiti UniFi Dream Machine, "
        "1CB9A0F4E2, comms cupboard, 2023-03-27, $599. Money to two decimals; end with how many laptops there are.",
        COASTAL,
        "Coastal",
        "CP-",
        date(2025, 6, 30),
        (1, 4),
        9,
        ("CP-02", "Noah Fraser"),
        (
            swap_lines(COASTAL, "CP-04:", "CP-05:"),
            ("count", row(COASTAL, "CP-07:"), ""),
            ("book_value", "$246.75", "$164.50"),
            ("warranty", "warranty to 2025-10-07", "warranty to 2026-10-07"),
            ("expired", "2023-04-19 (expired)", "2023-04-19"),
            ("returned", "In stock", "Noah Fraser"),
            ("decimals", "$599.00", "$599"),
            ("laptops", "Laptops: 3", "Laptops: 2"),
            ("serials", ", serial XKD49327", ""),
        ),
    ),
)


def build(register: Register, on: dict[str, bool]) -> str:
    return slipped(register.text, register.slips, on, register.name)


# Reading a register ---------------------------------------------------------------------------------------------


def assets(answer: str, register: Register) -> list[tuple[str, str]]:
    """(tag, line) of each line with a tag of the register's form, the first on the line."""
    tag = re.compile(rf"\b{re.escape(register.prefix)}\d+\b")
    return [(found.group(0), line) for line in answer.splitlines() if (found := tag.search(line))]


def dates(line: str) -> list[date]:
    return [date(*(int(g) for g in found.groups())) for found in ISO_DATE.finditer(line)]


def plus_years(day: date, years: int) -> date:
    return day.replace(year=day.year + years)


def full_years(start: date, end: date) -> int:
    return end.year - start.year - ((end.month, end.day) < (start.month, start.day))


def valued(line: str, register: Register) -> bool:
    """Whether the line's last amount is its first less a share for each full year from its first date to the
    register's date, straight-line over the register's years."""
    amounts, days, life = money(line), dates(line), register.terms[1]
    if len(amounts) < 2 or not days:
        return False
    left = max(life - full_years(days[0], register.as_at), 0)
    return amounts[-1] == (amounts[0] * left / life).quantize(CENT, ROUND_HALF_UP)


def warranted(line: str, register: Register) -> bool:
    days = dates(line)
    return len(days) >= 2 and days[1] == plus_years(days[0], register.terms[0])


def ended(line: str, register: Register) -> bool:
    days = dates(line)
    return bool(days) and plus_years(days[0], register.terms[0]) <= register.as_at


WORDINGS = {
    "order": ("Lists the assets in order of asset tag", "Sorts the register by asset tag, lowest first"),
    "count": ("Lists all {n} assets", "Has exactly {n} assets on the register"),
    "book_value": (
        "Every book value follows {life}-year straight-line depreciation by full years to {as_at}",
        "Depreciates each asset's cost straight-line over {life} years, counting full years held, correctly",
    ),
    "warranty": (
        "Every warranty end date is {years} after the purchase date",
        "Gives each asset's warranty end as its purchase date plus {years}",
    ),
    "expired": (
        "Marks every asset whose warranty had ended by {as_at} as expired, and no other",
        "Flags exactly the assets that were out of warranty on {as_at}",
    ),
    "returned": (
        "Does not show {tag} as still assigned to {person}",
        "Records {tag}, which {person} handed back, as no longer with them",
    ),
    "decimals": (
        "Writes every amount of money with two decimal places",
        "Gives all costs and book values to two decimals",
    ),
    "laptops": (
        "The closing count of laptops matches the laptops listed",
        "States the number of laptops on the register correctly",
    ),
    "serials": ("Gives a serial number for every asset", "Every asset on the register has its serial number"),
}
"""Two wordings of each kind of criterion, filled from the register."""


def truths(register: Register, answer: str) -> dict[str, bool]:
    found = assets(answer, register)
    tags = [tag for tag, _ in found]
    summary = next((m for s in answer.splitlines() if (m := SUMMARY.search(s))), None)
    laptops = sum(1 for _, line in found if LAPTOP.search(line))
    tag, person = register.returned
    return {
        "order": bool(tags) and tags == sorted(tags),
        "count": len(set(tags)) == register.assets,
        "book_value": bool(found) and all(valued(line, register) for _, line in found),
        "warranty": bool(found) and all(warranted(line, register) for _, line in found),
        "expired": {t for t, line in found if FLAG.search(line)} == {t for t, line in found if ended(line, register)},
        "returned": not any(person in line for t, line in found if t == tag),
        "decimals": all(re.fullmatch(r"[\d,]+\.\d{2}", amount) for amount in MONEY.findall(answer)),
        "laptops": summary is not None and int(summary.group(1)) == laptops,
        "serials": bool(found) and all(SERIAL.search(line) for _, line in found),
    }


def candidates(rng: random.Random, register: Register, answer: str) -> list[Criterion]:
    warranty, life = register.terms
    values = {
        "n": register.assets,
        "life": NUMBERS[life],
        "as_at": f"{register.as_at.day} {register.as_at:%B %Y}",
        "years": f"{NUMBERS[warranty]} year{'s' if warranty > 1 else ''}",
        "tag": register.returned[0],
        "person": register.returned[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(register, answer).items()
    ]


SWITCHES = ("order", "count", "book_value", "warranty", "expired", "returned", "decimals", "laptops", "serials")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, REGISTERS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

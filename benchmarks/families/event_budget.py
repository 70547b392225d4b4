"""Event budget family (fresh12): the budget of the event a task describes (a tech meetup, a wedding
reception, a one-day conference, a company picnic), its line items with a category and a cost each,
a subtotal, a 10% contingency, the total, the cost per guest, how far under the task's cap it comes
and when the deposit is due, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh12`, never in `all`, `new`, `docs`, `held` or an earlier fresh
set.

An answer is the budget in Markdown, its items in a table (the sums below it or in rows of their
own) or as bullets, written right and then changed by switches: a subtotal that is the items' sum
or not, a contingency of 10% of it or another amount, a per-person cost that is the stated total
over the task's guests or the items' sum over them, the room left under the cap right or reckoned
from the subtotal, every item with a category or one without, nothing the task rules out or one
item that is (its cost unchanged), the item the task asks for or that item replaced by another of
the same cost (mentioned still, in a note), the items from dearest to cheapest or two swapped, and
a deposit due before the event or after it. The stated total is the same in every answer of a
budget, so each sum is wrong on its own. Every truth is read from the text: the items from the
table's rows by their headings or from `**Category**: item — cost` bullets, rows and bullets of
sums left out; amounts by pattern; the sums from the lines they are labelled on; and the event's
and the deposit's dates by pattern from their lines (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "event_budget"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
MONEY = re.compile(r"[$€£]\s?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{2}))?")
LISTED = re.compile(r"^\s*[-*]\s+(?:\*\*(?P<category>[^*]*)\*\*:\s*)?(?P<name>.+?)\s+[—–]\s+(?P<cost>[$€£][\d,.]+)\s*$")
SUMMARY = re.compile(r"^\W*(?:sub-?total|contingency|total|per\s|cost per|headroom|left under|room under)", re.I)
SEPARATOR = re.compile(r":?-{2,}:?")
COLUMNS = (("category", "categor"), ("cost", "cost|amount|price"), ("name", "item|description|what"))
MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*"
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
DATE = re.compile(rf"\b(?:(\d{{4}})-(\d{{2}})-(\d{{2}})|(\d{{1,2}})\s+({MONTH})\s+(\d{{4}}))\b", re.I)
CENT = Decimal("0.01")
PER_PERSON = ("per person", "per guest", "per head", "per attendee", "cost per")
HEADROOM = ("headroom", "left under", "room under")


@dataclass(frozen=True)
class Budget:
    task: str
    text: str
    """The answer written right."""
    guests: int
    cap: Decimal
    capped: str
    """The cap as the criteria write it."""
    forbidden: str
    forbid: str
    """A pattern for an item the task rules out."""
    required: str
    require: str
    """A pattern for the item the task asks for."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


@dataclass(frozen=True)
class Item:
    name: str
    category: str
    cost: Decimal


def swap(first: str, second: str) -> tuple[str, str, str]:
    """The order switch's slip: two neighbouring items exchanged."""
    return ("order", f"{first}\n{second}", f"{second}\n{first}")


MEETUP = swap(
    "| Speaker travel (2 speakers) | Speakers | $320.00 |", "| Soft drinks, juice and coffee | Food & drink | $300.00 |"
)
WEDDING = swap(
    "- **Music**: Ceilidh band, 3 hours — £950.00",
    "- **Transport**: Coach from the church to the barn and back — £480.00",
)
CONFERENCE = swap("| Lanyards and badges | Supplies | €450.00 |", "| Volunteer T-shirts (12) | Supplies | €300.00 |")
PICNIC = swap(
    "| Games | Lawn games hire | $240.00 |", "| Drinks | Lemonade and iced tea in glass dispensers | $210.00 |"
)

BUDGETS = (
    Budget(
        "Budget for our PyData Riverside meetup on 16 April 2026: 40 guests, hard cap $5,000, and no alcohol (venue "
        "rules). We need live captioning this time. Give line items with a category and cost, most expensive first, "
        "a subtotal, 10% contingency, the total, cost per person, how much room is left under the cap, and when the "
        "venue deposit is due.",
        f"""# Budget: PyData Riverside meetup, 16 April 2026

40 guests, budget cap $5,000. No alcohol, per the venue's rules.

**Event date:** 2026-04-16

| Item | Category | Cost |
|---|---|---:|
| Venue hire, co-working loft, 5 hours | Venue | $1,200.00 |
| Hot buffet for 40 | Food & drink | $1,000.00 |
| Live captioning (CART), 3 hours | Accessibility | $540.00 |
{MEETUP[1]}
| AV technician | Equipment | $280.00 |
| Name badges and lanyards | Supplies | $60.00 |

- **Subtotal:** $3,700.00
- **Contingency (10%):** $370.00
- **Total:** $4,070.00
- **Per person (40 guests):** $101.75
- **Headroom under the $5,000 cap:** $930.00

Venue deposit of $600.00 due 2026-03-16; the balance on the day.
Captioning was asked for by two attendees, so book it early.""",
        40,
        Decimal(5000),
        "$5,000",
        "alcohol",
        r"\b(?:beer|wine|alcohol|prosecco|champagne|cocktails?|spirits|cider|open bar)\b",
        "live captioning",
        r"caption",
        (
            MEETUP,
            ("subtotal", "**Subtotal:** $3,700.00", "**Subtotal:** $3,610.00"),
            ("contingency", "**Contingency (10%):** $370.00", "**Contingency (10%):** $407.00"),
            ("per_person", "$101.75", "$92.50"),
            ("headroom", "cap:** $930.00", "cap:** $1,300.00"),
            ("categories", "| Name badges and lanyards | Supplies |", "| Name badges and lanyards |  |"),
            ("forbidden", "| Soft drinks, juice and coffee |", "| Beer, wine and soft drinks |"),
            (
                "required",
                "| Live captioning (CART), 3 hours | Accessibility |",
                "| Event photographer, 3 hours | Media |",
            ),
            ("deposit", "due 2026-03-16", "due 2026-04-20"),
        ),
    ),
    Budget(
        "Could you draft the budget for Amara and Jonah's wedding reception on 12 September 2026? 80 guests, cap "
        "£12,000, and the menu must be vegetarian: no meat or fish. They want a coach to take guests from the church "
        "to the barn. A bullet list of items with their category, dearest first, then subtotal, 10% contingency, "
        "total, the cost per guest, what's left under the cap, and the barn deposit's due date.",
        f"""Wedding reception budget: Amara & Jonah, 80 guests

Event date: Saturday 12 September 2026
Cap: £12,000 (the couple's limit). The menu is fully vegetarian, with no meat or fish, as they asked.

- **Venue**: Barn hire with tables and chairs — £3,800.00
- **Food**: Vegetarian three-course dinner, 80 × £45 — £3,600.00
- **Drinks**: Welcome drink and table wine — £1,200.00
{WEDDING[1]}
- **Flowers**: Table flowers and bouquets — £420.00
- **Stationery**: Invitations and place cards — £150.00

Subtotal: £10,600.00
Contingency (10%): £1,060.00
Total: £11,660.00
Per guest: £145.75
Left under the £12,000 cap: £340.00

The barn's deposit of £1,000.00 is due 12 March 2026; the rest a month before the day.
The invitations will give the coach times.""",
        80,
        Decimal(12000),
        "£12,000",
        "meat or fish",
        r"\b(?:meat|fish|chicken|beef|lamb|pork|salmon|ham|bacon|prawns?)\b",
        "a coach for the guests",
        r"\bcoach|shuttle|minibus",
        (
            WEDDING,
            ("subtotal", "Subtotal: £10,600.00", "Subtotal: £10,060.00"),
            ("contingency", "Contingency (10%): £1,060.00", "Contingency (10%): £1,200.00"),
            ("per_person", "Per guest: £145.75", "Per guest: £132.50"),
            ("headroom", "cap: £340.00", "cap: £1,400.00"),
            ("categories", "- **Stationery**: Invitations", "- Invitations"),
            ("forbidden", "Vegetarian three-course dinner", "Three-course dinner with chicken or salmon"),
            (
                "required",
                "**Transport**: Coach from the church to the barn and back",
                "**Decor**: Fairy lights and lanterns",
            ),
            ("deposit", "due 12 March 2026", "due 12 October 2026"),
        ),
    ),
    Budget(
        "Budget for DevOpsDays Lisbon on 2 October 2026: 150 attendees, sponsor cap €30,000. Paperless this year, so "
        "nothing printed (no programmes, flyers or posters), and the talks must be live-streamed. A table of line "
        "items with categories, highest cost first, with subtotal, 10% contingency, total, per-attendee cost and the "
        "headroom under the cap as rows; say when the conference centre's deposit is due.",
        f"""## DevOpsDays Lisbon 2026: budget

- **Date:** 2 October 2026
- **Attendees:** 150
- **Cap:** €30,000 (sponsor money already committed)
- Paperless: the schedule lives in the conference app. The sponsors asked for every talk to be live-streamed.

| Item | Category | Cost |
|---|---|---:|
| Conference centre, main hall and 2 rooms | Venue | €9,500.00 |
| Lunch and two coffee breaks, 150 people | Catering | €6,750.00 |
| Live stream and recording crew | AV | €3,200.00 |
| Speaker travel and hotels (6 speakers) | Speakers | €2,900.00 |
| Conference app licence (schedule, Q&A) | Software | €1,100.00 |
{CONFERENCE[1]}
| **Subtotal** | | **€24,200.00** |
| **Contingency (10%)** | | **€2,420.00** |
| **Total** | | **€26,620.00** |
| Per attendee (150) | | €177.47 |
| Headroom under the €30,000 cap | | €3,380.00 |

A 30% deposit (€2,850.00) is due to the conference centre by 15 May 2026.""",
        150,
        Decimal(30000),
        "€30,000",
        "printed materials",
        r"\bprint(?:ed|ing)?\b|programmes?|brochures?|flyers?|posters?|handouts?",
        "a live stream",
        r"live[- ]?stream",
        (
            CONFERENCE,
            ("subtotal", "**€24,200.00**", "**€24,700.00**"),
            ("contingency", "**€2,420.00**", "**€2,662.00**"),
            ("per_person", "€177.47", "€161.33"),
            ("headroom", "| €3,380.00 |", "| €5,800.00 |"),
            ("categories", "(6 speakers) | Speakers |", "(6 speakers) |  |"),
            (
                "forbidden",
                "| Conference app licence (schedule, Q&A) | Software |",
                "| Printed programmes, 150 copies | Print |",
            ),
            ("required", "| Live stream and recording crew |", "| Stage lighting crew |"),
            ("deposit", "by 15 May 2026", "by 15 October 2026"),
        ),
    ),
    Budget(
        "Northwind Logistics summer picnic, Saturday 11 July 2026 at the Riverside Park pavilion: 50 staff and "
        "family, cap $3,000, and no single-use plastic. Someone must provide first-aid cover. Please lay out the "
        "budget as a table (category, item, cost, from the biggest cost down), then subtotal, 10% contingency, "
        "total, cost per head, the room left under the cap, and the caterer's deposit date.",
        f"""### Summer picnic budget — Northwind Logistics

Date: 2026-07-11 (Saturday), Riverside Park pavilion
Guests: 50 staff and family · Cap: $3,000 · No single-use plastic anywhere.

| Category | Item | Cost |
|----------|------|-----:|
| Food | BBQ catering, 50 people | $1,320.00 |
| Venue | Park pavilion permit | $350.00 |
{PICNIC[1]}
| Safety | First-aid cover, one volunteer medic | $180.00 |
| Tableware | Compostable plates and bamboo cutlery | $95.00 |
| Prizes | Raffle prizes | $80.00 |

**Subtotal:** $2,475.00
**Contingency (10%):** $247.50
**Total:** $2,722.50
**Cost per head (50 guests):** $54.45
**Room under the $3,000 cap:** $277.50

Caterer's deposit of $400.00 due 2026-06-20.
The park's ranger station also keeps a first-aid kit.""",
        50,
        Decimal(3000),
        "$3,000",
        "single-use plastic",
        r"plastic|styrofoam|polystyrene|disposable|single-use",
        "first-aid cover",
        r"first[- ]aid|medic",
        (
            PICNIC,
            ("subtotal", "**Subtotal:** $2,475.00", "**Subtotal:** $2,745.00"),
            ("contingency", "**Contingency (10%):** $247.50", "**Contingency (10%):** $272.25"),
            ("per_person", "$54.45", "$49.50"),
            ("headroom", "cap:** $277.50", "cap:** $525.00"),
            ("categories", "| Prizes | Raffle prizes |", "|  | Raffle prizes |"),
            ("forbidden", "Compostable plates and bamboo cutlery", "Plastic plates and cutlery"),
            ("required", "| Safety | First-aid cover, one volunteer medic |", "| Fun | Face painter, 2 hours |"),
            ("deposit", "due 2026-06-20", "due 2026-07-25"),
        ),
    ),
)


def build(budget: Budget, on: dict[str, bool]) -> str:
    return slipped(budget.text, budget.slips, on, budget.capped)


# Reading a budget -------------------------------------------------------------------------------


def amounts(text: str) -> list[Decimal]:
    return [Decimal(f"{m.group(1).replace(',', '')}.{m.group(2) or '00'}") for m in MONEY.finditer(text)]


def cells_of(line: str) -> list[str] | None:
    return [c.strip() for c in line.strip().strip("|").split("|")] if line.strip().startswith("|") else None


def table_items(answer: str) -> list[Item]:
    """The rows of every Markdown table whose header names an item and a cost, rows of sums left out."""
    out: list[Item] = []
    fields: dict[str, int] = {}
    previous: list[str] | None = None
    for line in answer.splitlines():
        if (cells := cells_of(line)) is None:
            fields, previous = {}, None
            continue
        if previous and all(SEPARATOR.fullmatch(c) for c in cells):
            fields = {}
            for at, heading in enumerate(previous):
                field = next((f for f, words in COLUMNS if re.search(words, heading, re.I)), None)
                if field and field not in fields:
                    fields[field] = at
        elif {"name", "cost"} <= set(fields) and len(cells) > max(fields.values()):
            name, cost = cells[fields["name"]], amounts(cells[fields["cost"]])
            category = cells[fields["category"]].strip("* ") if "category" in fields else ""
            if cost and not SUMMARY.match(name):
                out.append(Item(name, category, cost[-1]))
        previous = cells
    return out


def listed_items(answer: str) -> list[Item]:
    """Every `- **Category**: item — cost` bullet (the category may be missing), bullets of sums left out."""
    out: list[Item] = []
    for line in answer.splitlines():
        if (match := LISTED.match(line)) and not SUMMARY.match(match.group("name")):
            out.append(Item(match.group("name"), (match.group("category") or "").strip(), amounts(line)[-1]))
    return out


def items(answer: str) -> list[Item]:
    return table_items(answer) or listed_items(answer)


def labelled(answer: str, labels: tuple[str, ...]) -> list[str]:
    """The lines whose label (after any Markdown marks) starts with one of `labels`."""
    return [line for line in answer.splitlines() if line.lstrip(" |*#>_-").lower().startswith(labels)]


def amount_of(answer: str, labels: tuple[str, ...]) -> Decimal | None:
    """The last amount on the first line labelled with one of `labels` that has one."""
    return next((found[-1] for line in labelled(answer, labels) if (found := amounts(line))), None)


def date_in(text: str) -> date | None:
    """The first date written in `text` with its year (ISO, or "12 March 2026")."""
    if not (m := DATE.search(text)):
        return None
    if m.group(1):
        return date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    return date(int(m.group(6)), MONTHS.index(m.group(5)[:3].lower()) + 1, int(m.group(4)))


def dates(answer: str) -> tuple[date | None, date | None]:
    """The event's date (from its labelled line) and the deposit's (from the line that names it)."""
    event = next((d for line in labelled(answer, ("event date", "date")) if (d := date_in(line))), None)
    lines = answer.splitlines()
    deposit = next((d for line in lines if "deposit" in line.lower() and (d := date_in(line))), None)
    return event, deposit


WORDINGS = {
    "subtotal": (
        "The subtotal equals the sum of the line items",
        "The stated subtotal is what the line items add up to",
    ),
    "contingency": (
        "The contingency is 10% of the line items' sum",
        "Sets aside a contingency of exactly 10% of the line items",
    ),
    "per_person": (
        "The per-person cost equals the total divided by the {guests} guests",
        "Dividing the total by {guests} guests gives the per-person figure it states",
    ),
    "headroom": (
        "States how far under the {cap} cap the total is, and the figure is right",
        "The amount it says is left under the {cap} cap is correct",
    ),
    "categories": ("Every line item has a category", "No line item is missing its category"),
    "forbidden": ("Does not include {forbidden}", "No line item is for {forbidden}"),
    "required": ("Budgets for {required}", "Has a line item for {required}"),
    "order": ("Lists the line items from most to least expensive", "The line items are sorted by cost, highest first"),
    "deposit": ("The deposit falls due before the event date", "The deposit deadline comes before the event"),
}
"""Two wordings of each kind of criterion, filled from the budget."""


def truths(budget: Budget, answer: str) -> dict[str, bool]:
    found = items(answer)
    costs = [item.cost for item in found]
    summed = sum(costs, Decimal(0))
    subtotal, contingency = amount_of(answer, ("subtotal",)), amount_of(answer, ("contingency",))
    total, each = amount_of(answer, ("total",)), amount_of(answer, PER_PERSON)
    left = amount_of(answer, HEADROOM)
    event, deposit = dates(answer)
    return {
        "subtotal": bool(found) and subtotal == summed,
        "contingency": bool(found) and contingency is not None and abs(contingency - summed / 10) < CENT,
        "per_person": total is not None and each is not None and abs(each - total / budget.guests) < CENT,
        "headroom": total is not None and left is not None and abs(left - (budget.cap - total)) < CENT,
        "categories": bool(found) and all(item.category for item in found),
        "forbidden": bool(found)
        and not any(re.search(budget.forbid, f"{item.name} {item.category}", re.I) for item in found),
        "required": any(re.search(budget.require, item.name, re.I) and item.cost > 0 for item in found),
        "order": bool(found) and costs == sorted(costs, reverse=True),
        "deposit": event is not None and deposit is not None and deposit < event,
    }


def candidates(rng: random.Random, budget: Budget, answer: str) -> list[Criterion]:
    filled = {"guests": budget.guests, "cap": budget.capped, "forbidden": budget.forbidden, "required": budget.required}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(budget, answer).items()
    ]


SWITCHES = (
    "subtotal",
    "contingency",
    "per_person",
    "headroom",
    "categories",
    "forbidden",
    "required",
    "order",
    "deposit",
)


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, BUDGETS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

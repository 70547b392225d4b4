"""Grant budget family (fresh18): the budget justification a task asks for in a grant application (a coastal drone
survey's under Markdown headings with a table, a soil study's as lettered bullets, a lake-sediment project's in a
fenced block, a community study's as plain lines), with the staff and their FTE, salary and yearly cost, the
equipment, the travel as trips times a cost, the overheads as a percentage of a base, a figure for each year and the
total, a kind of answer no grader was run on while any of its rules was written. Run only as `--set fresh18`, never
in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the justification written right and then changed by switches: the sections in the funder's order or
equipment and travel swapped, every yearly staff cost the FTE times the salary or one salary mistyped, the travel
the trips times the cost of one or that cost mistyped, the overheads the percentage of the base or not, the total
right or not, a figure for every year or the last dropped, the post not yet filled left unnamed or given a name,
every FTE a decimal or one a percentage, and the travel's purpose named or made vague. Every truth is read from the
text: a person's line is the first naming their role, their FTE the first number on it (`20%` is 0.2), their salary
the first amount and their yearly cost the last; an item's cost is the first amount on its line; the travel is the
first line with `trips`, the count before the word, one trip's cost the first amount, the year's travel the last;
the base and the total are made of the stated yearly costs, items and travel (staff and travel every year); the
overheads and the total are the last amount on the first line with an amount and `overhead` or `indirect`, and
`total requested` or `grand total`; a year's figure is a line starting `Year N` with an amount; a section starts at
the first line opening with its heading (after Markdown marks and a `1.` or `A.`).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import Decimal

from benchmarks.labelled import MONEY, Criterion, JudgeCase, money, pick_wording, slipped, swap_spans, switched_cases

FAMILY = "grant_budget"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
FTE = re.compile(r"(?<![\d.,])(\d+(?:\.\d+)?)(\s*%)?")
TRIPS = re.compile(r"(\d+)\s+(?:[\w-]+\s+){0,2}trips?\b", re.I)
OVERHEAD = re.compile(r"overhead|indirect", re.I)
TOTAL = re.compile(r"total requested|grand total", re.I)
YEAR = re.compile(r"year\s+(\d+)\b", re.I)
VACANT = re.compile(r"to be (?:appointed|recruited)|\bTB[ACD]\b|\bvacant\b|\bnew post\b", re.I)
LEAD = re.compile(r"^[\s|*#>_-]*(?:[A-Za-z0-9]{1,2}[.)]\s+)?")


@dataclass(frozen=True)
class Person:
    fte: Decimal
    percent: bool
    """Whether the FTE was written as a percentage."""
    salary: Decimal
    cost: Decimal


@dataclass(frozen=True)
class Grant:
    task: str
    text: str
    """The answer written right."""
    name: str
    years: int
    headings: tuple[str, str, str, str]
    """The funder's headings, in its order: staff, equipment, travel, overheads."""
    roles: tuple[str, str, str]
    """The roles costed (found in any case); the second is the post not yet filled."""
    equipment: tuple[str, ...]
    overheads: tuple[int, str, str]
    """(percent, what it is charged on: `all`, `no_equipment` or `staff`, that in words)."""
    purpose: str
    """What the travel is for, as the task names it."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


CLIFFWATCH = """# Budget justification: Cliffwatch (Northern Seas Trust, 3 years)

## Staff

| Role | Name | FTE | Salary (with on-costs) | Cost a year |
|---|---|---:|---:|---:|
| Principal investigator | Dr Helen Marsh | 0.2 | £68,400 | £13,680 |
| Postdoctoral research associate | to be appointed | 1.0 | £41,200 | £41,200 |
| Research technician | Gareth Lowe | 0.5 | £32,600 | £16,300 |

The postdoc will fly the drone surveys and run the analysis; the technician keeps the field kit working.

## Equipment

- Survey drone with multispectral camera: £14,850, to map the cliff faces every month.
- GNSS base station: £6,750, for centimetre-accurate ground control.
- Field data logger: £2,400, to record tide and rainfall at each site.

All equipment is bought in the first year.

## Travel

Conference travel: 2 trips a year to the EGU General Assembly at £1,350 each, £2,700 a year.

## Overheads

Overheads at 25% of all direct costs (£245,640): £61,410.

## Summary

| Year | Amount |
|---|---:|
| Year 1 | £122,350 |
| Year 2 | £92,350 |
| Year 3 | £92,350 |
| **Total requested** | **£307,050** |"""

DROUGHT = """**Budget justification: Drought and the soil microbiome (2 years)**

**A. Personnel**
- Principal Investigator, Dr. Maria Delgado: 0.25 FTE of a $96,000 salary = $24,000 per year
- Graduate research assistant, TBD: 0.5 FTE of $52,000 = $26,000 per year
- Lab manager, Kevin Tran: 0.2 FTE of $61,500 = $12,300 per year

**B. Equipment**
- Soil respiration chamber: $18,400 (for the weekly carbon dioxide flux measurements)
- Portable moisture probe kit: $3,950 (moisture readings at all twelve field plots)

**C. Travel**
- 2 trips a year to the ESA Annual Meeting at $1,800 each: $3,600 per year

**D. Indirect costs**
- Indirect costs at 52% of modified total direct costs (direct costs less equipment, $131,800): $68,536

**Yearly totals**
- Year 1: $122,518
- Year 2: $100,168
- **Total requested: $222,686**"""

LAKECORE = """Here is the budget justification in the foundation's layout:

```text
LAKECORE BUDGET JUSTIFICATION, 36 MONTHS

1. PERSONNEL                               FTE   Salary     Cost/year
Project leader (Dr Anna Keller)            0.3   €84,000    €25,200
PhD student (to be recruited)              1.0   €46,500    €46,500
Laboratory technician (Luca Bernasconi)    0.4   €58,000    €23,200

2. EQUIPMENT
Gravity corer                              €12,600   sampling the lake bed
Freeze dryer                               €9,800    drying the sediment cores

3. TRAVEL
4 fieldwork trips a year to Lake Constance at €650 each = €2,600 per year

4. OVERHEADS
Overheads: 20% of personnel costs (€284,700) = €56,940

YEARLY TOTALS
Year 1            €138,880
Year 2            €116,480
Year 3            €116,480
TOTAL REQUESTED   €371,840
```"""

GROWING = """Budget justification: Growing Together (Greenway Foundation, two years)

Staff costs
Project lead, Dr Owen Pryce, 0.1 FTE on a salary of £58,000: £5,800 a year
Community research officer, new post to be appointed, 0.6 FTE on £31,500: £18,900 a year
Data analyst, Faye Chapman, 0.2 FTE on £39,000: £7,800 a year

Equipment
Soil testing kit, £1,250, so volunteers can test each plot
Weather station, £2,150, for the rainfall and temperature records

Travel
2 trips a year to the Community Growing Network conference at £380 each, £760 a year

Overheads
The foundation pays overheads at 10% of staff costs (£65,000): £6,500

Year 1: £39,910
Year 2: £36,510
Total requested: £76,420"""

GRANTS = (
    Grant(
        "Write the budget justification for Cliffwatch, our 3-year Northern Seas Trust application, under the trust's "
        "headings in its order (Staff, Equipment, Travel, Overheads), then a year-by-year summary table and the total "
        "requested. Staff, salaries with on-costs and held flat: Dr Helen Marsh, principal investigator, 0.2 FTE on "
        "£68,400; a postdoctoral research associate, not yet recruited, 1.0 FTE on £41,200; Gareth Lowe, research "
        "technician, 0.5 FTE on £32,600. Equipment, bought in year 1: a survey drone with multispectral camera "
        "£14,850, a GNSS base station £6,750, a field data logger £2,400. Travel: 2 trips a year to the EGU General "
        "Assembly at £1,350 each. Overheads are 25% of all direct costs. FTEs as decimals, please.",
        CLIFFWATCH,
        "Cliffwatch",
        3,
        ("Staff", "Equipment", "Travel", "Overheads"),
        ("principal investigator", "postdoctoral research associate", "research technician"),
        ("Survey drone with multispectral camera", "GNSS base station", "Field data logger"),
        (25, "all", "all the direct costs"),
        ("EGU General Assembly", "the EGU General Assembly"),
        (
            swap_spans(CLIFFWATCH, "## Equipment", "## Travel", "## Overheads"),
            ("personnel", "| £32,600 |", "| £36,200 |"),
            ("travel", "at £1,350 each", "at £1,530 each"),
            ("overheads", "£61,410", "£53,385"),
            ("total", "**£307,050**", "**£305,050**"),
            ("years", "| Year 3 | £92,350 |\n", ""),
            ("unnamed", "| to be appointed |", "| Dr Sam Whitby |"),
            ("fte_form", "| 0.2 | £68,400 |", "| 20% | £68,400 |"),
            ("purpose", "the EGU General Assembly", "an international conference"),
        ),
    ),
    Grant(
        "Budget justification for our 2-year soil microbiome proposal, as bullet points under the funder's headings "
        "A. Personnel, B. Equipment, C. Travel, D. Indirect costs, then yearly totals and the total requested. "
        "Personnel: Dr. Maria Delgado (Principal Investigator), 0.25 FTE of $96,000; a graduate research assistant "
        "still to be hired, 0.5 FTE of $52,000; Kevin Tran, lab manager, 0.2 FTE of $61,500. Equipment, year 1: a soil "
        "respiration chamber, $18,400, and a portable moisture probe kit, $3,950. Travel: 2 trips a year to the ESA "
        "Annual Meeting at $1,800 each. Indirect costs are 52% of modified total direct costs, which leave out "
        "equipment. Give FTEs as decimals.",
        DROUGHT,
        "Drought",
        2,
        ("Personnel", "Equipment", "Travel", "Indirect costs"),
        ("principal investigator", "graduate research assistant", "lab manager"),
        ("Soil respiration chamber", "Portable moisture probe kit"),
        (52, "no_equipment", "the direct costs other than equipment"),
        ("ESA Annual Meeting", "the ESA Annual Meeting"),
        (
            swap_spans(DROUGHT, "**B. Equipment**", "**C. Travel**", "**D. Indirect costs**"),
            ("personnel", "of $52,000 =", "of $56,000 ="),
            ("travel", "at $1,800 each", "at $1,600 each"),
            ("overheads", "$68,536", "$80,158"),
            ("total", "$222,686", "$234,308"),
            ("years", "- Year 2: $100,168\n", ""),
            ("unnamed", "assistant, TBD:", "assistant, Priya Shah:"),
            ("fte_form", "0.2 FTE of $61,500", "20% time of $61,500"),
            ("purpose", "the ESA Annual Meeting", "a national meeting"),
        ),
    ),
    Grant(
        "Put the LAKECORE budget justification (36 months) in a code block, with the foundation's numbered sections "
        "1. Personnel, 2. Equipment, 3. Travel, 4. Overheads, then each year's total and the total requested. "
        "Personnel: Dr Anna Keller, project leader, 0.3 FTE at €84,000; a PhD student yet to be recruited, 1.0 FTE at "
        "€46,500; Luca Bernasconi, laboratory technician, 0.4 FTE at €58,000. Equipment in the first year: a gravity "
        "corer, €12,600, and a freeze dryer, €9,800. Travel: 4 fieldwork trips a year to Lake Constance at €650 each. "
        "The foundation pays overheads of 20% on personnel costs only. FTEs as decimals.",
        LAKECORE,
        "LAKECORE",
        3,
        ("Personnel", "Equipment", "Travel", "Overheads"),
        ("project leader", "PhD student", "laboratory technician"),
        ("Gravity corer", "Freeze dryer"),
        (20, "staff", "the personnel costs"),
        ("Lake Constance", "fieldwork at Lake Constance"),
        (
            swap_spans(LAKECORE, "2. EQUIPMENT", "3. TRAVEL", "4. OVERHEADS"),
            ("personnel", "€84,000", "€48,000"),
            ("travel", "at €650 each", "at €560 each"),
            ("overheads", "= €56,940", "= €62,980"),
            ("total", "€371,840", "€377,880"),
            ("years", "Year 3            €116,480\n", ""),
            ("unnamed", "(to be recruited)", "(Lena Fischer)   "),
            ("fte_form", "Bernasconi)    0.4 ", "Bernasconi)    40% "),
            ("purpose", "to Lake Constance", "to the field sites"),
        ),
    ),
    Grant(
        "Plain lines, no Markdown: the budget justification for Growing Together, a two-year Greenway Foundation bid, "
        "under the headings Staff costs, Equipment, Travel and Overheads in that order, then each year's figure and "
        "the total requested. Staff: Dr Owen Pryce, project lead, 0.1 FTE on £58,000; a community research officer, "
        "a new post not yet filled, 0.6 FTE on £31,500; Faye Chapman, data analyst, 0.2 FTE on £39,000. Equipment in "
        "year 1: a soil testing kit, £1,250, and a weather station, £2,150. Travel: 2 trips a year to the Community "
        "Growing Network conference at £380 each. Overheads at 10% of staff costs. FTEs as decimals.",
        GROWING,
        "Growing Together",
        2,
        ("Staff costs", "Equipment", "Travel", "Overheads"),
        ("project lead", "community research officer", "data analyst"),
        ("Soil testing kit", "Weather station"),
        (10, "staff", "the staff costs"),
        ("Community Growing Network", "the Community Growing Network conference"),
        (
            swap_spans(GROWING, "Equipment\n", "Travel\n", "Overheads\n"),
            ("personnel", "on £31,500", "on £35,100"),
            ("travel", "at £380 each", "at £830 each"),
            ("overheads", "£6,500", "£6,992"),
            ("total", "£76,420", "£76,912"),
            ("years", "Year 2: £36,510\n", ""),
            ("unnamed", "new post to be appointed", "Dr Rhiannon Bell"),
            ("fte_form", "Faye Chapman, 0.2 FTE", "Faye Chapman, 20% FTE"),
            ("purpose", "the Community Growing Network conference", "a national conference"),
        ),
    ),
)


def build(grant: Grant, on: dict[str, bool]) -> str:
    return slipped(grant.text, grant.slips, on, grant.name)


# Reading a budget justification ---------------------------------------------------------------------


def first_line(answer: str, needle: str) -> str:
    return next((line for line in answer.splitlines() if needle.lower() in line.lower()), "")


def person(answer: str, role: str) -> Person | None:
    """The first line naming `role`: its first number the FTE, its first amount the salary, its last the cost."""
    line = first_line(answer, role)
    rest = re.sub(re.escape(role), " ", line, flags=re.I)
    fte, amounts = FTE.search(MONEY.sub(" ", rest)), money(rest)
    if fte is None or len(amounts) < 2:
        return None
    share = Decimal(fte.group(1)) / (100 if fte.group(2) else 1)
    return Person(share, fte.group(2) is not None, amounts[0], amounts[-1])


def stated(answer: str, label: re.Pattern[str]) -> Decimal | None:
    """The last amount on the first line matching `label` that has an amount."""
    line = next((s for s in answer.splitlines() if label.search(s) and money(s)), "")
    return money(line)[-1] if line else None


def costs(answer: str, grant: Grant) -> tuple[Decimal, Decimal] | None:
    """(the direct costs of all years, the overheads the funder's rule gives), from the costs the text states:
    each person's yearly cost, each item's cost and the yearly travel, staff and travel every year."""
    people = [person(answer, role) for role in grant.roles]
    kit = [money(first_line(answer, item))[:1] for item in grant.equipment]
    fares = money(first_line(answer, "trips"))
    if None in people or not all(kit) or not fares:
        return None
    staff = sum((p.cost for p in people if p), Decimal(0)) * grant.years
    equipment = sum((k[0] for k in kit), Decimal(0))
    direct = staff + equipment + fares[-1] * grant.years
    percent, base, _ = grant.overheads
    charged = {"all": direct, "no_equipment": direct - equipment, "staff": staff}[base]
    return direct, charged * percent / 100


def heading_order(answer: str, headings: tuple[str, ...]) -> bool:
    """Each heading opens a line (after Markdown marks and a `1.` or `A.`), the first of each in the funder's order."""
    bare = [LEAD.sub("", line).lower() for line in answer.splitlines()]
    places = [next((i for i, line in enumerate(bare) if line.startswith(h.lower())), -1) for h in headings]
    return -1 not in places and places == sorted(places)


WORDINGS = {
    "order": (
        "Presents the costs under the headings {headings}, in that order",
        "Keeps the funder's order of sections: {headings}",
    ),
    "personnel": (
        "Each person's yearly cost equals their FTE times their salary",
        "Every staff cost is the salary scaled by the person's FTE",
    ),
    "travel": (
        "The yearly travel cost is the number of trips times the cost of each trip",
        "Works out the travel budget as trips multiplied by the cost per trip",
    ),
    "overheads": (
        "The overheads are exactly {percent}% of {base} as the budget costs them",
        "Charges overheads at {percent}% of {base} as costed, and gets the figure right",
    ),
    "total": (
        "The total requested is {years} years of the staff and travel costs listed, the equipment, and overheads at "
        "{percent}% of {base}",
        "Gets the grand total right: {years} years of the listed staff and travel costs, the equipment, and {percent}% "
        "of {base} in overheads",
    ),
    "years": (
        "Gives a separate figure for each of the {years} years",
        "Breaks the budget down year by year, with a line for every one of the {years} years",
    ),
    "unnamed": (
        "Does not put a name against the {role} post, which is still to be filled",
        "Leaves the {role} post unnamed, since nobody has been appointed to it yet",
    ),
    "fte_form": (
        "Writes every FTE as a decimal fraction (like 0.5), not as a percentage",
        "All FTE figures are given as decimals rather than percentages",
    ),
    "purpose": ("Says what the travel is for: {purpose}", "Names {purpose} as the reason for the travel"),
}
"""Two wordings of each kind of criterion, filled from the grant."""


def truths(grant: Grant, answer: str) -> dict[str, bool]:
    people = [person(answer, role) for role in grant.roles]
    found = [p for p in people if p is not None]
    travel = first_line(answer, "trips")
    trips, fares = TRIPS.search(travel), money(travel)
    figured = costs(answer, grant)
    bare = [LEAD.sub("", line) for line in answer.splitlines()]
    years = {int(y.group(1)) for line in bare if (y := YEAR.match(line)) and money(line)}
    return {
        "order": heading_order(answer, grant.headings),
        "personnel": len(found) == len(people) and all(p.cost == p.fte * p.salary for p in found),
        "travel": trips is not None and len(fares) >= 2 and fares[-1] == int(trips.group(1)) * fares[0],
        "overheads": figured is not None and stated(answer, OVERHEAD) == figured[1],
        "total": figured is not None and stated(answer, TOTAL) == sum(figured),
        "years": years == set(range(1, grant.years + 1)),
        "unnamed": VACANT.search(first_line(answer, grant.roles[1])) is not None,
        "fte_form": len(found) == len(people) and not any(p.percent for p in found),
        "purpose": grant.purpose[0] in answer,
    }


def candidates(rng: random.Random, grant: Grant, answer: str) -> list[Criterion]:
    percent, _, base = grant.overheads
    values = {
        "headings": ", ".join(grant.headings),
        "percent": percent,
        "base": base,
        "years": grant.years,
        "role": grant.roles[1],
        "purpose": grant.purpose[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(grant, answer).items()
    ]


SWITCHES = ("order", "personnel", "travel", "overheads", "total", "years", "unnamed", "fte_form", "purpose")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, GRANTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

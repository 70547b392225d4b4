"""Stock take family (fresh21): the count sheet a task asks for after a stock take (a UK bookshop's section as a
Markdown table, a US hardware store's cycle count as bullets, an Irish café's dry stores as fixed-width text in a fenced
block, an Australian bottle shop's end-of-year stocktake as plain lines), each line with its code, the book and counted
quantities, the variance, the unit cost and the variance at cost, the lines to recount, the number of lines counted,
the net variance at cost, the next count, who counted and who checked, a kind of answer no grader was run on while any
of its rules was written. Run only as `--set fresh21`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the sheet written right and then changed by switches: the lines in code order or two swapped, every
variance the counted less the book quantity or one wrong, every value at cost that difference times the unit cost or
one mistyped, the net variance the sum of those values or mistyped, exactly the lines out by more than the task's limit
flagged for recount or one flag missing, the number of lines counted right or not, the next count the task's weeks
after the count or another date, the checker named or not, and no variance said to be written off or one. Every truth
is read from the text: a stock line is a line with the task's kind of code and an amount; its quantities are the first
three whole numbers on it once the code and the amounts are taken out (book, counted, variance), its unit cost its
first amount and its value its last, an amount negative when a minus sign stands before it; the number of lines the
first number on the first line with the task's words for it; the net variance the last amount on the first line with
`net variance`; the next count the first date on the first line with the task's words for it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from benchmarks.labelled import (
    MONEY,
    Criterion,
    JudgeCase,
    date_in,
    line_with,
    money,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
)

FAMILY = "stock_take"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
WHOLE = re.compile(r"(?<![\w.])(?<!\d,)([−+-]?\d+)(?![\w.]|,\d)")
WRITE_OFF = re.compile(
    r"written off|write[- ]?offs?\b|adjustments? (?:has|have) been (?:made|posted)|(?:posted|booked) the variances?",
    re.I,
)


@dataclass(frozen=True)
class Count:
    task: str
    text: str
    """The answer written right."""
    name: str
    code: str
    """A pattern matching the codes of the stock lines."""
    limit: str
    """A line out by more than this at cost is recounted."""
    counted: tuple[date, int]
    """(the day of the count, the weeks to the next count)."""
    labels: tuple[str, str]
    """The words (lower-case) that find the line with the number of lines counted and the one with the next count."""
    checker: str
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HARBOUR = """# Stock take: Harbour Books, Falmouth

Count date: 28 June 2025 · Section: maps, local interest and gifts
Counted by Tom Ellery, checked by Ruth Penrose

| Code | Item | Book | Counted | Variance | Unit cost | Value at cost | Action |
|---|---|---:|---:|---:|---:|---:|---|
| HB-0107 | Explorer map, Lizard peninsula | 24 | 22 | −2 | £8.99 | −£17.98 | |
| HB-0215 | Cornish coast walks, paperback | 18 | 18 | 0 | £12.99 | £0.00 | |
| HB-0342 | Notebook, lined, hardback | 40 | 37 | −3 | £6.50 | −£19.50 | |
| HB-0418 | Greetings cards, harbour scenes | 120 | 112 | −8 | £2.25 | −£18.00 | |
| HB-0526 | Children's atlas of Britain | 9 | 7 | −2 | £14.99 | −£29.98 | Recount |
| HB-0633 | Tide tables booklet | 55 | 58 | +3 | £3.50 | £10.50 | |
| HB-0751 | Falmouth maritime history, hardback | 12 | 10 | −2 | £25.00 | −£50.00 | Recount |
| HB-0864 | Bookmarks, brass | 30 | 31 | +1 | £4.95 | £4.95 | |

- Lines counted: 8
- Net variance at cost: −£120.01
- Next full count: 27 September 2025

Nothing has been changed in the stock system; the two recounts come first."""

MILLBROOK = """**Millbrook Hardware · Cycle count, aisle 7 (fasteners and sundries)**
- Count date: 2025-09-30
- Counted by: Luis Romero · Verified by: Dana Whitfield

**Count results** (book → counted, variance, unit cost, variance at cost)
- HW-2031 Deck screws, stainless, box: 64 → 61, −3, $11.40, −$34.20
- HW-2047 Drywall anchors, pack: 80 → 80, 0, $5.25, $0.00
- HW-2112 Carriage bolts, galvanized, box: 25 → 22, −3, $18.75, −$56.25 · RECOUNT
- HW-2160 Hex nuts, zinc, bag: 150 → 146, −4, $2.10, −$8.40
- HW-2238 Wood glue, quart: 36 → 38, +2, $9.80, $19.60
- HW-2291 Tarp straps, rubber, set: 42 → 39, −3, $7.99, −$23.97
- HW-2305 Padlock, laminated steel: 30 → 27, −3, $14.50, −$43.50 · RECOUNT

**Summary**
- SKUs counted: 7
- Net variance at cost: −$146.72
- Next cycle count of aisle 7: 2025-10-28
- No adjustments have been entered; the recounts come first."""

LONG_ROOM = """Here is the count sheet as plain text:

```text
THE LONG ROOM CAFÉ, KILKENNY · DRY STORES COUNT · 31 OCT 2025
Counted by: Eoin Walsh           Checked by: Siobhán Daly

CODE    ITEM                            BOOK  COUNT  VAR      UNIT     VALUE  ACTION
DS-101  Coffee beans, house blend, kg     24     21   -3    €18.40   -€55.20  RECOUNT
DS-104  Oat milk, litre carton            48     50   +2     €2.15     €4.30
DS-117  Sugar sticks, box                 10      9   -1     €6.80    -€6.80
DS-122  Hot chocolate powder, tub          8      8    0    €11.25     €0.00
DS-135  Paper cups, sleeve                60     52   -8     €3.40   -€27.20  RECOUNT
DS-140  Takeaway lids, sleeve             60     57   -3     €2.90    -€8.70
DS-158  Loose leaf tea, breakfast, kg      6      5   -1    €21.00   -€21.00
DS-163  Napkins, pack                     30     33   +3     €1.95     €5.85

LINES COUNTED                8
NET VARIANCE AT COST   -€108.75
NEXT COUNT             28 Nov 2025
Nothing is changed on the till system until the recounts are done.
```"""

CELLAR_DOOR = """Stocktake: Cellar Door Liquor, Bendigo, 30 June 2025
Counted by Jess Pham, checked by Mia Kowalski
CD-1102 Coopers Pale Ale, case: book 32, counted 30, variance -2, unit cost $58.90, value -$117.80, recount
CD-1130 Yalumba Shiraz, bottle: book 48, counted 47, variance -1, unit cost $14.20, value -$14.20
CD-1185 Hendrick's gin, bottle: book 12, counted 11, variance -1, unit cost $52.00, value -$52.00
CD-1207 Penfolds Chardonnay, bottle: book 36, counted 37, variance +1, unit cost $11.60, value $11.60
CD-1244 Great Northern lager, case: book 40, counted 40, variance 0, unit cost $44.50, value $0.00
CD-1290 Jameson Irish whiskey, bottle: book 18, counted 16, variance -2, unit cost $39.95, value -$79.90, recount
CD-1312 Party ice, bag: book 60, counted 54, variance -6, unit cost $2.10, value -$12.60
Lines counted: 7
Net variance at cost: -$264.90
Next full stocktake: 29 September 2025
Stock on hand stays as it is in the system until the two recounts are in."""

COUNTS = (
    Count(
        "Write up Saturday's stock take (28 June 2025) of the maps, local interest and gifts section at Harbour Books, "
        "Falmouth, as a Markdown table in code order: code, item, book quantity, counted, variance, unit cost, value "
        "at cost, and a Recount flag on any line out by more than £20.00 at cost. Tom Ellery counted and Ruth Penrose "
        "checked. Book and counted: HB-0107 Explorer map, Lizard peninsula 24/22 at £8.99; HB-0215 Cornish coast "
        "walks 18/18 at £12.99; HB-0342 lined hardback notebook 40/37 at £6.50; HB-0418 greetings cards, harbour "
        "scenes 120/112 at £2.25; HB-0526 children's atlas of Britain 9/7 at £14.99; HB-0633 tide tables booklet "
        "55/58 at £3.50; HB-0751 Falmouth maritime history 12/10 at £25.00; HB-0864 brass bookmarks 30/31 at £4.95. "
        "Under the table: the number of lines, the net variance at cost and the next full count, 13 weeks on. Don't "
        "change anything in the stock system until the recounts are done.",
        HARBOUR,
        "Harbour",
        r"\bHB-\d{4}\b",
        "£20.00",
        (date(2025, 6, 28), 13),
        ("lines counted", "next full count"),
        "Ruth Penrose",
        (
            swap_lines(HARBOUR, "| HB-0418", "| HB-0526"),
            ("variance", "| 40 | 37 | −3 |", "| 40 | 37 | −2 |"),
            ("value", "| −£18.00 |", "| −£16.00 |"),
            ("net", "−£120.01", "−£102.01"),
            ("recount", "| −£50.00 | Recount |", "| −£50.00 | |"),
            ("lines", "Lines counted: 8", "Lines counted: 9"),
            ("next_count", "27 September 2025", "28 September 2025"),
            ("signed", "checked by Ruth Penrose", "checked by the manager"),
            (
                "no_write_off",
                "Nothing has been changed in the stock system; the two recounts come first.",
                "All variances have been written off in the stock system, and the two recounts come next.",
            ),
        ),
    ),
    Count(
        "Bullet points, ISO dates: the cycle count of aisle 7 (fasteners and sundries) at Millbrook Hardware on "
        "2025-09-30, counted by Luis Romero and verified by Dana Whitfield. For each SKU, in SKU order: book → counted, "
        "the variance, the unit cost and the variance at cost; mark RECOUNT where it is off by more than $40.00 at "
        "cost. Book/counted: HW-2031 stainless deck screws, box 64/61 at $11.40; HW-2047 drywall anchors, pack 80/80 "
        "at $5.25; HW-2112 galvanized carriage bolts, box 25/22 at $18.75; HW-2160 zinc hex nuts, bag 150/146 at $2.10; "
        "HW-2238 wood glue, quart 36/38 at $9.80; HW-2291 rubber tarp straps, set 42/39 at $7.99; HW-2305 laminated "
        "steel padlock 30/27 at $14.50. Then how many SKUs were counted, the net variance at cost, and the next cycle "
        "count of the aisle four weeks later. No adjustments in the system before the recounts.",
        MILLBROOK,
        "Millbrook",
        r"\bHW-\d{4}\b",
        "$40.00",
        (date(2025, 9, 30), 4),
        ("skus counted", "next cycle count"),
        "Dana Whitfield",
        (
            swap_lines(MILLBROOK, "- HW-2160", "- HW-2238"),
            ("variance", "150 → 146, −4", "150 → 146, +4"),
            ("value", "−$23.97", "−$23.79"),
            ("net", "−$146.72", "−$164.72"),
            ("recount", "−$43.50 · RECOUNT", "−$43.50"),
            ("lines", "SKUs counted: 7", "SKUs counted: 8"),
            ("next_count", "2025-10-28", "2025-10-30"),
            ("signed", "Verified by: Dana Whitfield", "Verified by: (pending)"),
            (
                "no_write_off",
                "No adjustments have been entered; the recounts come first.",
                "Adjustments have been posted for every variance; the recounts come next.",
            ),
        ),
    ),
    Count(
        "Count sheet for the dry stores at The Long Room Café, Kilkenny, counted on 31 Oct 2025 by Eoin Walsh and "
        "checked by Siobhán Daly, as fixed-width plain text in a code block, in code order: code, item, book, count, "
        "variance, unit cost, value at cost, and RECOUNT on any line more than €25.00 out at cost. Book/count: DS-101 "
        "coffee beans, house blend, kg 24/21 at €18.40; DS-104 oat milk, litre carton 48/50 at €2.15; DS-117 sugar "
        "sticks, box 10/9 at €6.80; DS-122 hot chocolate powder, tub 8/8 at €11.25; DS-135 paper cups, sleeve 60/52 at "
        "€3.40; DS-140 takeaway lids, sleeve 60/57 at €2.90; DS-158 loose leaf breakfast tea, kg 6/5 at €21.00; DS-163 "
        "napkins, pack 30/33 at €1.95. Finish with the lines counted, the net variance at cost and the next count, in "
        "four weeks. Nothing gets adjusted on the till system until the recounts are done.",
        LONG_ROOM,
        "Long Room",
        r"\bDS-\d{3}\b",
        "€25.00",
        (date(2025, 10, 31), 4),
        ("lines counted", "next count"),
        "Siobhán Daly",
        (
            swap_lines(LONG_ROOM, "DS-135", "DS-140"),
            ("variance", "60     57   -3", "60     57   +3"),
            ("value", "-€8.70", "-€7.80"),
            ("net", "-€108.75", "-€108.57"),
            ("recount", "-€27.20  RECOUNT", "-€27.20"),
            ("lines", "LINES COUNTED                8", "LINES COUNTED                9"),
            ("next_count", "28 Nov 2025", "30 Nov 2025"),
            ("signed", "Checked by: Siobhán Daly", "Checked by: ____________"),
            (
                "no_write_off",
                "Nothing is changed on the till system until the recounts are done.",
                "All variances have been written off on the till system.",
            ),
        ),
    ),
    Count(
        "Plain lines, no tables or bullets: the end-of-year stocktake at Cellar Door Liquor, Bendigo, on 30 June 2025, "
        "counted by Jess Pham and checked by Mia Kowalski. One line per product in code order with book, counted, "
        "variance, unit cost and value at cost, and 'recount' on any line out by more than $60.00 at cost. "
        "Book/counted: CD-1102 Coopers Pale Ale, case 32/30 at $58.90; CD-1130 Yalumba Shiraz, bottle 48/47 at "
        "$14.20; CD-1185 Hendrick's gin, bottle 12/11 at $52.00; CD-1207 Penfolds Chardonnay, bottle 36/37 at $11.60; "
        "CD-1244 Great Northern lager, case 40/40 at $44.50; CD-1290 Jameson Irish whiskey, bottle 18/16 at $39.95; "
        "CD-1312 party ice, bag 60/54 at $2.10. Then the number of lines, the net variance at cost and the next full "
        "stocktake, 13 weeks later. Don't write anything off until the two recounts are in.",
        CELLAR_DOOR,
        "Cellar Door",
        r"\bCD-\d{4}\b",
        "$60.00",
        (date(2025, 6, 30), 13),
        ("lines counted", "next full stocktake"),
        "Mia Kowalski",
        (
            swap_lines(CELLAR_DOOR, "CD-1185", "CD-1207"),
            ("variance", "counted 11, variance -1", "counted 11, variance +1"),
            ("value", "value -$14.20", "value -$12.40"),
            ("net", "-$264.90", "-$246.90"),
            ("recount", "value -$79.90, recount", "value -$79.90"),
            ("lines", "Lines counted: 7", "Lines counted: 6"),
            ("next_count", "29 September 2025", "30 September 2025"),
            ("signed", "checked by Mia Kowalski", "checked by the store manager"),
            (
                "no_write_off",
                "Stock on hand stays as it is in the system until the two recounts are in.",
                "The variances have been written off in the system.",
            ),
        ),
    ),
)


def build(count: Count, on: dict[str, bool]) -> str:
    return slipped(count.text, count.slips, on, count.name)


# Reading a count sheet ------------------------------------------------------------------------------------------


def amounts(line: str) -> list[Decimal]:
    """Every amount `line` writes after a currency sign, negative when a minus sign stands before it."""
    out = []
    for found in MONEY.finditer(line):
        figure = Decimal(found.group(1).replace(",", ""))
        out.append(-figure if line[: found.start()].rstrip().endswith(("-", "−")) else figure)
    return out


def stock_lines(answer: str, count: Count) -> list[tuple[str, list[int], Decimal, Decimal, bool]]:
    """(code, [book, counted, variance], unit cost, value, flagged for recount) of each stock line, in order."""
    out = []
    for line in answer.splitlines():
        code = re.search(count.code, line)
        if code is None or not money(line):
            continue
        rest = MONEY.sub(" ", line.replace(code.group(0), " "))
        wholes = [int(w.replace("−", "-")) for w in WHOLE.findall(rest)][:3]
        found = amounts(line)
        out.append((code.group(0), wholes, found[0], found[-1], "recount" in line.lower()))
    return out


WORDINGS = {
    "order": ("Lists the stock lines in order of their codes", "The lines run in ascending order of item code"),
    "variance": (
        "Each line's variance is the counted quantity minus the book quantity",
        "Works out every line's variance as counted less book",
    ),
    "value": (
        "Each line's value at cost is its counted minus book quantity times the unit cost",
        "Values every line's difference between counted and book at its unit cost correctly",
    ),
    "net": (
        "The net variance at cost is the sum over the lines of counted minus book times the unit cost",
        "Gives the right net variance at cost for the counts and unit costs listed",
    ),
    "recount": (
        "Flags for recount exactly the lines out by more than {limit} at cost",
        "Marks every line whose difference at cost exceeds {limit} for a recount, and no other line",
    ),
    "lines": (
        "States the number of lines counted correctly",
        "The number of lines it says were counted matches the lines listed",
    ),
    "next_count": (
        "Sets the next count {weeks} weeks after the count on {day}",
        "The next count date is {weeks} weeks on from {day}",
    ),
    "signed": ("Names {checker} as the person who checked the count", "Records that {checker} checked the count"),
    "no_write_off": (
        "Does not say that any variance has been written off or adjusted",
        "Does not report any variance as already adjusted in the system",
    ),
}
"""Two wordings of each kind of criterion, filled from the count."""


def truths(count: Count, answer: str) -> dict[str, bool]:
    lines = stock_lines(answer, count)
    whole = all(len(wholes) == 3 for _, wholes, _, _, _ in lines)
    differences = {code: (w[1] - w[0]) * cost for code, w, cost, _, _ in lines} if whole else {}
    limit = money(count.limit)[0]
    stated = re.search(r"\d+", line_with(answer, count.labels[0]))
    net = amounts(line_with(answer, "net variance"))
    day, weeks = count.counted
    codes = [code for code, _, _, _, _ in lines]
    return {
        "order": len(codes) >= 2 and codes == sorted(codes),
        "variance": bool(lines) and whole and all(w[2] == w[1] - w[0] for _, w, _, _, _ in lines),
        "value": bool(differences) and all(value == differences[code] for code, _, _, value, _ in lines),
        "net": bool(differences) and net[-1:] == [sum(differences.values(), Decimal(0))],
        "recount": bool(differences)
        and {code for code, _, _, _, flag in lines if flag} == {c for c, d in differences.items() if abs(d) > limit},
        "lines": stated is not None and int(stated.group(0)) == len(lines),
        "next_count": date_in(line_with(answer, count.labels[1])) == day + timedelta(weeks=weeks),
        "signed": count.checker in answer,
        "no_write_off": WRITE_OFF.search(answer) is None,
    }


def candidates(rng: random.Random, count: Count, answer: str) -> list[Criterion]:
    day = count.counted[0]
    values = {
        "limit": count.limit,
        "weeks": count.counted[1],
        "day": f"{day.day} {day:%B %Y}",
        "checker": count.checker,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(count, answer).items()
    ]


SWITCHES = ("order", "variance", "value", "net", "recount", "lines", "next_count", "signed", "no_write_off")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, COUNTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Expense split family (fresh23): the summary a task asks for of who paid what on a shared trip and who owes whom (a UK
cottage weekend's costs in a Markdown table, a US ski trip's as bullets, an Irish weekend away's as fixed-width text in
a fenced block, an Australian camping trip's as plain lines): each shared cost with its date, what it was, who paid and
the amount, then the total, each person's share, where each person stands, the payments that settle up and the date to
pay by, a kind of answer no grader was run on while any of its rules was written. Run only as `--set fresh23`, never in
`all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the summary written right and then changed by switches: the costs in date order or two swapped, the total
their sum or mistyped, the share the sum divided by the number of people or mistyped, the one person's own purchase the
task names kept out of the shared costs or folded into one, each balance what the person paid less the share or one
mistyped, a balance for every person or one left out, the payments settling every balance or one mistyped, the date to
pay by the task's days after the trip or another, and the old debt the task says to leave alone unmentioned or brought
up. Every truth is read from the text: a cost is a line with a date (ISO, or as `13 Mar 2026`) and an amount, its payer
the first person named on it and its amount its last; a balance is a line with no date naming one person, an amount
and `owes` (owing) or `is owed` or `gets back` (owed), its last amount the balance; a payment is a line with no date
naming two people and an amount, the first paying the second its last amount; the total is the last amount on the first
line with `total`, the share the first on the first line with the task's words for it, the date to pay by the first
date on the first line with the task's words for it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from benchmarks.labelled import (
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

FAMILY = "expense_split"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
OWED = re.compile(r"\bis owed\b|\bgets back\b", re.I)
OWES = re.compile(r"\bowes\b", re.I)


@dataclass(frozen=True)
class Split:
    task: str
    text: str
    """The answer written right."""
    name: str
    people: tuple[str, ...]
    labels: tuple[str, str]
    """The words (lower-case) that find the line with the share and the line with the date to pay by."""
    due: tuple[date, int]
    """(the day the trip ended, the days after it to pay by)."""
    personal: tuple[str, str]
    """(the words, lower-case, that find one person's own purchase, the purchase in words)."""
    old: tuple[str, str]
    """(the words, lower-case, that find the old debt to leave alone, the debt in words)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


KESWICK = """# Keswick cottage weekend: who owes what

Five of us went (Alice, Ben, Chloe, Dev and Ella), 13 to 15 March 2026.

| Date | What | Paid by | Amount |
|---|---|---|---:|
| 13 Mar 2026 | Cottage booking (Lakeland Lets) | Alice | £480.00 |
| 13 Mar 2026 | Fuel for the drive up | Ben | £72.50 |
| 13 Mar 2026 | Food shop at Booths | Chloe | £118.40 |
| 14 Mar 2026 | Boat hire on Derwentwater | Dev | £90.00 |
| 14 Mar 2026 | Dinner at the Dog and Gun | Alice | £146.60 |
| 15 Mar 2026 | Parking and the café at Catbells | Ella | £42.50 |

**Total spent: £950.00**
Each person's share: £190.00 (split five ways)

### Where everyone stands
- Alice paid £626.60 and is owed £436.60
- Ben paid £72.50 and owes £117.50
- Chloe paid £118.40 and owes £71.60
- Dev paid £90.00 and owes £100.00
- Ella paid £42.50 and owes £147.50

### To settle up
- Ben pays Alice £117.50
- Chloe pays Alice £71.60
- Dev pays Alice £100.00
- Ella pays Alice £147.50

Please pay Alice by Sunday 29 March 2026."""

BRECKENRIDGE = """**Breckenridge ski trip (2026-01-16 to 2026-01-19): expense split**

**Shared expenses**
- 2026-01-16 · Condo rental (VRBO) · Jess · $1,240.00
- 2026-01-16 · Groceries at City Market · Omar · $186.40
- 2026-01-17 · Lift tickets for all four · Mike · $696.00
- 2026-01-17 · Dinner at Downstairs at Eric's · Priya · $231.60
- 2026-01-19 · Gas for the drive home · Omar · $64.00
- **Total: $2,418.00**
- Split four ways: **$604.50 per person**

**Balances**
- Jess: paid $1,240.00, gets back $635.50
- Mike: paid $696.00, gets back $91.50
- Omar: paid $250.40, owes $354.10
- Priya: paid $231.60, owes $372.90

**Payments to settle up**
- Priya → Jess: $372.90
- Omar → Jess: $262.60
- Omar → Mike: $91.50

Venmo by 2026-01-26, please!"""

GALWAY = """Here it is as plain text for the group chat:

```text
GALWAY WEEKEND, 5-7 JUNE 2026: WHO OWES WHAT

DATE          ITEM                           PAID BY   AMOUNT
05 Jun 2026   Apartment (Claddagh Stays)     Niamh     €540.00
05 Jun 2026   Train tickets Dublin-Galway    Aoife     €156.00
06 Jun 2026   Aran Islands ferry             Tadhg     €128.00
06 Jun 2026   Dinner at Kai                  Aoife     €212.40
07 Jun 2026   Brunch and taxis               Ciarán    €83.60
TOTAL                                                  €1,120.00
SHARE EACH (4 people)                                  €280.00

BALANCES
Niamh    paid €540.00   is owed €260.00
Aoife    paid €368.40   is owed €88.40
Tadhg    paid €128.00   owes €152.00
Ciarán   paid €83.60    owes €196.40

TO SETTLE
Ciarán  -> Niamh   €196.40
Tadhg   -> Niamh   €63.60
Tadhg   -> Aoife   €88.40

Please pay by 17 Jun 2026.
```"""

PROM = """Wilsons Prom camping trip, 13 to 15 November 2026: the money
Shared costs:
13 Nov 2026: Campsite at Tidal River, paid by Zoe, $165.00
13 Nov 2026: Fuel, paid by Liam, $96.30
13 Nov 2026: Groceries at Foster IGA, paid by Kai, $142.80
14 Nov 2026: Firewood and ice, paid by Liam, $38.40
15 Nov 2026: Lunch at the Fish Creek pub, paid by Zoe, $107.40
Total: $549.90
Share for each of the three of us: $183.30
Zoe paid $272.40 and gets back $89.10.
Liam paid $134.70 and owes $48.60.
Kai paid $142.80 and owes $40.50.
Liam pays Zoe $48.60.
Kai pays Zoe $40.50.
Please square up by 22 Nov 2026."""

SPLITS = (
    Split(
        "Can you sort out who owes what from our Keswick cottage weekend, 13 to 15 March 2026? Five of us: Alice, "
        "Ben, Chloe, Dev and Ella, splitting everything equally. Costs: 13 March, cottage booking with Lakeland Lets, "
        "Alice, £480.00; fuel for the drive up, Ben, £72.50; food shop at Booths, Chloe, £118.40; 14 March, boat hire "
        "on Derwentwater, Dev, £90.00; dinner at the Dog and Gun, Alice, £146.60; 15 March, parking and the café at "
        "Catbells, Ella, £42.50. Dev also bought a fishing permit for £25.00, but that was just for him. Put the costs "
        "in a Markdown table in date order, then the total, each person's share, what everyone paid and owes or is "
        "owed, and the payments to settle up. Ask everyone to pay by the date two weeks after we got back on the "
        "15th. Please don't bring up the £30 Ben owes from the Whitby trip; we've sorted that separately.",
        KESWICK,
        "Keswick",
        ("Alice", "Ben", "Chloe", "Dev", "Ella"),
        ("person's share", "please pay alice by"),
        (date(2026, 3, 15), 14),
        ("fishing permit", "Dev's fishing permit"),
        ("whitby", "the £30 Ben owes from the Whitby trip"),
        (
            swap_lines(KESWICK, "| 14 Mar 2026 | Dinner", "| 15 Mar 2026 | Parking"),
            ("total", "£950.00", "£905.00"),
            ("share", "share: £190.00", "share: £180.00"),
            ("personal", "| Boat hire on Derwentwater | Dev |", "| Boat hire and Dev's fishing permit | Dev |"),
            ("balance", "and owes £100.00", "and owes £110.00"),
            ("names", "- Chloe paid £118.40 and owes £71.60\n", ""),
            ("settle", "- Ella pays Alice £147.50", "- Ella pays Alice £174.50"),
            ("due", "Sunday 29 March 2026", "Wednesday 1 April 2026"),
            (
                "old",
                "Please pay Alice by",
                "Ben, don't forget the £30 from the Whitby trip as well!\nPlease pay Alice by",
            ),
        ),
    ),
    Split(
        "Bullet points, ISO dates: split the costs of our Breckenridge ski trip, 2026-01-16 to 2026-01-19, equally "
        "between Jess, Mike, Omar and Priya. Expenses: 2026-01-16 condo rental (VRBO), Jess, $1,240.00; 2026-01-16 "
        "groceries at City Market, Omar, $186.40; 2026-01-17 lift tickets for all four, Mike, $696.00; 2026-01-17 "
        "dinner at Downstairs at Eric's, Priya, $231.60; 2026-01-19 gas for the drive home, Omar, $64.00. Jess's "
        "ski lesson ($145.00) was only for her, so it isn't shared. List the expenses by date, then the total, the "
        "amount per person, each person's balance and who pays whom. Everyone should Venmo within 7 days of getting "
        "home on 2026-01-19. And don't mention the $50 Omar still owes from Vegas.",
        BRECKENRIDGE,
        "Breckenridge",
        ("Jess", "Mike", "Omar", "Priya"),
        ("per person", "venmo by"),
        (date(2026, 1, 19), 7),
        ("ski lesson", "Jess's ski lesson"),
        ("vegas", "the $50 Omar owes from Vegas"),
        (
            swap_lines(BRECKENRIDGE, "- 2026-01-17 · Dinner", "- 2026-01-19 · Gas"),
            ("total", "$2,418.00", "$2,481.00"),
            ("share", "$604.50 per person", "$640.50 per person"),
            ("personal", "Condo rental (VRBO)", "Condo rental and Jess's ski lesson"),
            ("balance", "owes $354.10", "owes $345.10"),
            ("names", "- Mike: paid $696.00, gets back $91.50\n", ""),
            ("settle", "- Omar → Jess: $262.60", "- Omar → Jess: $226.60"),
            ("due", "Venmo by 2026-01-26", "Venmo by 2026-01-30"),
            ("old", "\nVenmo by", "\n- Omar, remember the $50 from Vegas too.\n\nVenmo by"),
        ),
    ),
    Split(
        "Plain text in a code block, please, for the group chat: what each of us owes from the Galway weekend, 5 to 7 "
        "June 2026, split equally four ways between Aoife, Ciarán, Niamh and Tadhg. Costs: 05 Jun apartment "
        "(Claddagh Stays), Niamh, €540.00; 05 Jun train tickets Dublin-Galway, Aoife, €156.00; 06 Jun Aran Islands "
        "ferry, Tadhg, €128.00; 06 Jun dinner at Kai, Aoife, €212.40; 07 Jun brunch and taxis, Ciarán, €83.60. "
        "Ciarán's bodhrán (€75.00) was his own buy, not a shared cost. Costs by date, then the total, the share each, "
        "everyone's balance and who pays whom. Pay-by date: 10 days after we got home on the 7th. Leave out the €40 "
        "Tadhg still has to pay back for the Electric Picnic tickets.",
        GALWAY,
        "Galway",
        ("Aoife", "Ciarán", "Niamh", "Tadhg"),
        ("share each", "please pay by"),
        (date(2026, 6, 7), 10),
        ("bodhrán", "Ciarán's bodhrán"),
        ("electric picnic", "the €40 Tadhg owes for the Electric Picnic tickets"),
        (
            swap_lines(GALWAY, "06 Jun 2026   Dinner", "07 Jun 2026   Brunch"),
            ("total", "€1,120.00", "€1,210.00"),
            ("share", "€280.00", "€290.00"),
            ("personal", "Brunch and taxis               ", "Brunch, taxis and bodhrán      "),
            ("balance", "is owed €88.40", "is owed €84.80"),
            ("names", "Tadhg    paid €128.00   owes €152.00\n", ""),
            ("settle", "Tadhg   -> Niamh   €63.60", "Tadhg   -> Niamh   €36.60"),
            ("due", "17 Jun 2026", "21 Jun 2026"),
            ("old", "\nPlease pay by", "\nTadhg, there's also the €40 for the Electric Picnic tickets.\nPlease pay by"),
        ),
    ),
    Split(
        "Plain lines, no tables or bullets: who owes what from the Wilsons Prom camping trip, 13 to 15 November 2026, "
        "split equally between Liam, Zoe and Kai. Costs: 13 Nov campsite at Tidal River, Zoe, $165.00; 13 Nov fuel, "
        "Liam, $96.30; 13 Nov groceries at Foster IGA, Kai, $142.80; 14 Nov firewood and ice, Liam, $38.40; 15 Nov "
        "lunch at the Fish Creek pub, Zoe, $107.40. Kai's new sleeping mat ($59.00) is his, not shared. Costs in "
        "date order, then the total, the share for each of us, each balance and the payments to square up, due a "
        "week after we got back on the 15th. Don't bring up the $25 Zoe owes from the Grampians trip.",
        PROM,
        "Prom",
        ("Liam", "Zoe", "Kai"),
        ("share for each", "square up by"),
        (date(2026, 11, 15), 7),
        ("sleeping mat", "Kai's sleeping mat"),
        ("grampians", "the $25 Zoe owes from the Grampians trip"),
        (
            swap_lines(PROM, "14 Nov 2026: Firewood", "15 Nov 2026: Lunch"),
            ("total", "Total: $549.90", "Total: $594.90"),
            ("share", "of us: $183.30", "of us: $188.30"),
            ("personal", "Groceries at Foster IGA", "Groceries and Kai's sleeping mat"),
            ("balance", "and owes $48.60.", "and owes $46.80."),
            ("names", "Kai paid $142.80 and owes $40.50.\n", ""),
            ("settle", "Kai pays Zoe $40.50.", "Kai pays Zoe $45.00."),
            ("due", "22 Nov 2026", "24 Nov 2026"),
            ("old", "\nPlease square up by", "\nZoe, don't forget the $25 from the Grampians.\nPlease square up by"),
        ),
    ),
)


def build(split: Split, on: dict[str, bool]) -> str:
    return slipped(split.text, split.slips, on, split.name)


# Reading an expense split ---------------------------------------------------------------------------------------


def named(split: Split, line: str) -> list[str]:
    """The people `line` names (as whole words), in the order they first appear."""
    found = {name: m.start() for name in split.people if (m := re.search(rf"\b{name}\b", line))}
    return sorted(found, key=found.__getitem__)


def costs(split: Split, answer: str) -> list[tuple[date, str, Decimal, str]]:
    """(date, payer, amount, line) of each line with a date and an amount, in order."""
    out = []
    for line in answer.splitlines():
        day, amounts, names = date_in(line), money(line), named(split, line)
        if day is not None and amounts:
            out.append((day, names[0] if names else "", amounts[-1], line))
    return out


def balances(split: Split, answer: str) -> dict[str, Decimal]:
    """Person -> balance (owed positive, owing negative) of each line with no date naming one person, an amount and
    whether they owe or are owed."""
    out = {}
    for line in answer.splitlines():
        names, amounts = named(split, line), money(line)
        if date_in(line) is None and len(names) == 1 and amounts and (OWED.search(line) or OWES.search(line)):
            out[names[0]] = amounts[-1] if OWED.search(line) else -amounts[-1]
    return out


def payments(split: Split, answer: str) -> list[tuple[str, str, Decimal]]:
    """(payer, payee, amount) of each line with no date naming two people and an amount."""
    out = []
    for line in answer.splitlines():
        names, amounts = named(split, line), money(line)
        if date_in(line) is None and len(names) >= 2 and amounts:
            out.append((names[0], names[1], amounts[-1]))
    return out


WORDINGS = {
    "order": ("Lists the shared costs in date order", "The costs run from the earliest date to the latest"),
    "total": ("The total is the sum of the costs listed", "Adds up the listed costs correctly in the total"),
    "share": (
        "Each person's share is the sum of the listed costs divided by {n}",
        "Splits the listed costs equally between the {n} people correctly",
    ),
    "personal": ("Leaves {personal} out of the shared costs", "Does not count {personal} as a shared cost"),
    "balance": (
        "Each balance given is what that person paid less an equal share of the listed costs",
        "Works out every balance correctly from what the person paid and the equal share",
    ),
    "names": ("Gives a balance for each of {people}", "Shows where every one of the {n} people stands"),
    "settle": (
        "The payments listed leave everyone square, given what each person paid and an equal share",
        "After the payments it lists, everyone has paid exactly an equal share of the listed costs",
    ),
    "due": (
        "Asks everyone to pay by the date {days} days after the trip ended on {end}",
        "The date to pay by is {days} days after {end}",
    ),
    "old": ("Does not mention {old}", "Leaves {old} out entirely"),
}
"""Two wordings of each kind of criterion, filled from the split."""


def truths(split: Split, answer: str) -> dict[str, bool]:
    found = costs(split, answer)
    spent = sum((amount for _, _, amount, _ in found), Decimal(0))
    share = spent / len(split.people)
    owed = {name: sum((a for _, payer, a, _ in found if payer == name), Decimal(0)) - share for name in split.people}
    stated, paid, net = balances(split, answer), payments(split, answer), dict(owed)
    for payer, payee, amount in paid:
        net[payer] += amount
        net[payee] -= amount
    end, days = split.due
    return {
        "order": [day for day, *_ in found] == sorted(day for day, *_ in found),
        "total": bool(found) and money(line_with(answer, "total"))[-1:] == [spent],
        "share": bool(found) and money(line_with(answer, split.labels[0]))[:1] == [share],
        "personal": not any(split.personal[0] in line.lower() for *_, line in found),
        "balance": bool(stated) and all(owed.get(name) == amount for name, amount in stated.items()),
        "names": set(split.people) <= set(stated),
        "settle": bool(paid) and all(value == 0 for value in net.values()),
        "due": date_in(line_with(answer, split.labels[1])) == end + timedelta(days=days),
        "old": split.old[0] not in answer.lower(),
    }


def candidates(rng: random.Random, split: Split, answer: str) -> list[Criterion]:
    end, days = split.due
    values = {
        "n": len(split.people),
        "people": ", ".join(split.people[:-1]) + " and " + split.people[-1],
        "personal": split.personal[1],
        "days": days,
        "end": f"{end.day} {end:%B %Y}",
        "old": split.old[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(split, answer).items()
    ]


SWITCHES = ("order", "total", "share", "personal", "balance", "names", "settle", "due", "old")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, SPLITS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

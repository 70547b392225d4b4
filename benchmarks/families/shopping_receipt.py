"""Shopping receipt family (fresh17): the till receipt a task asks for (a hardware shop's as a Markdown table, a
Dublin stationer's as a till printout in a fenced block, a pet shop's as bullets, a garden centre's as plain
lines), one line an item with its quantity, unit price and line total, then the subtotal, a percentage discount
for a card scheme, the total, the VAT included in it, the cash handed over and the change, a kind of answer no
grader was run on while any of its rules was written. Run only as `--set fresh17`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the receipt written right and then changed by switches: the items in the order scanned or two
swapped, every line total its quantity times its price or one not, the subtotal the items' value or not, the
discount the scheme's percentage of the items' value or not, the VAT the share of the total the rate makes up or
the rate taken on top of the total, the change the cash less the total or not, the card's number masked or
printed in full, a first line naming the shop or none, and every amount with two decimal places or one price
with one. Every truth is read from the text: the receipt is the first fenced block (the whole answer when there
is none); an item's line is the first naming it (any case), its figures with the name taken out its quantity,
unit price and line total in that order; the items' value is the quantities times the unit prices; the
subtotal, discount, VAT, cash and change are the last figure on the first line with `subtotal`, `discount`,
`VAT`, `cash` and `change`; the total is the items' value less the discount at the scheme's rate, rounded to
the cent; an amount of money is a figure after a currency sign or one with a decimal point; a card number is a
run of twelve or more digits, single spaces or dashes between them allowed.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import Criterion, JudgeCase, fenced_or_whole, pick_wording, slipped, swap_lines, switched_cases

FAMILY = "shopping_receipt"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
FIGURE = re.compile(r"\d[\d,]*(?:\.\d+)?")
MONEY = re.compile(r"[£€$]\s?\d[\d,]*(?:\.\d+)?|(?<![\d.])\d+\.\d+(?![\d.])")
CARD = re.compile(r"\d(?:[ -]?\d){11,}")
LABELS = {
    "subtotal": re.compile(r"subtotal", re.I),
    "discount": re.compile(r"discount", re.I),
    "vat": re.compile(r"\bvat\b", re.I),
    "cash": re.compile(r"\bcash\b", re.I),
    "change": re.compile(r"\bchange\b", re.I),
}
CENT = Decimal("0.01")
NEAR = Decimal("0.011")


@dataclass(frozen=True)
class Item:
    name: str
    quantity: Decimal
    price: Decimal
    total: Decimal


@dataclass(frozen=True)
class Sale:
    task: str
    text: str
    """The answer written right."""
    shop: str
    items: tuple[str, ...]
    """The items, in the order they were scanned."""
    discount: tuple[int, str]
    """(percent off, the card scheme giving it)."""
    vat: int
    cash: str
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


BOLT = """**Bolt & Barrow Hardware**
14 Kirkgate, Leeds · 14/06/2025 10:42 · Till 2

| Item | Qty | Unit price | Line total |
|---|---:|---:|---:|
| Claw hammer | 1 | £14.99 | £14.99 |
| Wood screws (box) | 2 | £6.49 | £12.98 |
| Masking tape | 3 | £2.35 | £7.05 |
| Paint roller set | 1 | £9.50 | £9.50 |
| Sandpaper pack | 2 | £3.75 | £7.50 |

Subtotal: £52.02
Loyalty discount (10%): −£5.20
**Total to pay: £46.82**
VAT at 20% included: £7.80
Cash: £50.00
Change: £3.18

Loyalty card: **** **** **** 4821
Thank you for shopping with us!"""

INKWELL = """Here's the till receipt:

```text
INKWELL STATIONERS
22 Dame Street, Dublin 2
Date 03/09/2025   Time 16:05   Till 1

Spiral notebook      3 x 4.20      12.60
Gel pens (pack)      2 x 5.95      11.90
Highlighter set      1 x 6.90       6.90
Sticky notes         4 x 1.85       7.40
Ring binder          2 x 3.60       7.20
----------------------------------------
SUBTOTAL                          €46.00
STUDENT DISCOUNT 15%              -€6.90
TOTAL                             €39.10
  incl. VAT @ 23%                  €7.31
CASH                              €50.00
CHANGE                            €10.90

Student card: **** **** **** 7731
```"""

PAWS = """### Paws & Whiskers Pet Supplies
Receipt 0418 · 21 Oct 2025, 11:27 · served by Jade

- Dry dog food (bag): 1 × £24.99 = £24.99
- Chew toy: 2 × £3.49 = £6.98
- Cat litter: 2 × £5.25 = £10.50
- Flea drops: 1 × £11.80 = £11.80
- Dental sticks: 3 × £2.15 = £6.45

- **Subtotal:** £60.72
- **Paws Club discount (5%):** −£3.04
- **Total:** £57.68
- **VAT (20%, included):** £9.61
- **Paid in cash:** £60.00
- **Change:** £2.32

Paws Club card: ending 5560"""

GREENHOUSE = """Greenhouse Garden Centre, Hexham
Sale 2 May 2025 14:52, till 4

Compost (bag) — 3 @ £5.99 — £17.97
Lavender plant — 4 @ £3.50 — £14.00
Terracotta pot — 2 @ £7.25 — £14.50
Hand trowel — 1 @ £8.99 — £8.99
Seed packets — 5 @ £1.79 — £8.95

Subtotal £64.41
Gardeners' Club discount 10% −£6.44
Total £57.97 (VAT at 20% included: £9.66)
Cash £80.00
Change £22.03
Gardeners' Club card ****2290"""

SALES = (
    Sale(
        "Write the receipt for this sale at Bolt & Barrow Hardware as a Markdown table, shop name first: scanned in "
        "this order, 1 claw hammer at £14.99, 2 boxes of wood screws at £6.49, 3 masking tape at £2.35, 1 paint "
        "roller set at £9.50, 2 sandpaper packs at £3.75. Loyalty card holders get 10% off. Prices include VAT at "
        "20%. The customer paid £50.00 cash. Only show the last four digits of the loyalty card (6337 1902 5518 "
        "4821).",
        BOLT,
        "Bolt & Barrow Hardware",
        ("Claw hammer", "Wood screws (box)", "Masking tape", "Paint roller set", "Sandpaper pack"),
        (10, "loyalty"),
        20,
        "£50.00",
        (
            swap_lines(BOLT, "Masking tape", "Paint roller set"),
            ("lines", "| 3 | £2.35 | £7.05 |", "| 3 | £2.35 | £7.35 |"),
            ("subtotal", "Subtotal: £52.02", "Subtotal: £52.20"),
            ("discount", "−£5.20", "−£5.02"),
            ("vat", "included: £7.80", "included: £9.36"),
            ("change", "Change: £3.18", "Change: £3.81"),
            ("no_card", "**** **** **** 4821", "6337 1902 5518 4821"),
            ("header", "**Bolt & Barrow Hardware**\n", ""),
            ("pence", "| £9.50 | £9.50 |", "| £9.5 | £9.50 |"),
        ),
    ),
    Sale(
        "Print a till receipt (monospace, in a code block) for Inkwell Stationers in Dublin, starting with the shop "
        "name. Items scanned: 3 spiral notebooks €4.20 each, 2 packs of gel pens €5.95, 1 highlighter set €6.90, 4 "
        "sticky notes €1.85, 2 ring binders €3.60. Student discount is 15%, prices include Irish VAT at 23%, paid "
        "€50.00 in cash. The student card is 4402 8815 3306 7731; mask all but the last four digits.",
        INKWELL,
        "Inkwell Stationers",
        ("Spiral notebook", "Gel pens (pack)", "Highlighter set", "Sticky notes", "Ring binder"),
        (15, "student"),
        23,
        "€50.00",
        (
            swap_lines(INKWELL, "Gel pens (pack)", "Highlighter set"),
            ("lines", "4 x 1.85       7.40", "4 x 1.85       7.60"),
            ("subtotal", "€46.00", "€46.60"),
            ("discount", "-€6.90", "-€4.60"),
            ("vat", "€7.31", "€8.99"),
            ("change", "€10.90", "€11.90"),
            ("no_card", "**** **** **** 7731", "4402 8815 3306 7731"),
            ("header", "INKWELL STATIONERS\n", ""),
            ("pence", "1 x 6.90       6.90", "1 x 6.9        6.90"),
        ),
    ),
    Sale(
        "Can you write up a receipt as bullet points for Paws & Whiskers Pet Supplies? Put the shop's name on the "
        "first line. In scan order: 1 bag of dry dog food £24.99, 2 chew toys £3.49 each, 2 cat litter £5.25, 1 "
        "flea drops £11.80, 3 dental sticks £2.15. Paws Club members get 5% off; VAT is 20% and already in the "
        "prices. Cash paid: £60.00. Their club card is 6011 4820 0137 5560, but don't print the whole number.",
        PAWS,
        "Paws & Whiskers Pet Supplies",
        ("Dry dog food (bag)", "Chew toy", "Cat litter", "Flea drops", "Dental sticks"),
        (5, "Paws Club"),
        20,
        "£60.00",
        (
            swap_lines(PAWS, "Cat litter", "Flea drops"),
            ("lines", "2 × £3.49 = £6.98", "2 × £3.49 = £6.89"),
            ("subtotal", "£60.72", "£61.72"),
            ("discount", "−£3.04", "−£3.40"),
            ("vat", "£9.61", "£11.54"),
            ("change", "£2.32", "£2.23"),
            ("no_card", "ending 5560", "6011 4820 0137 5560"),
            ("header", "### Paws & Whiskers Pet Supplies\n", ""),
            ("pence", "£11.80 = £11.80", "£11.8 = £11.80"),
        ),
    ),
    Sale(
        "Plain text receipt, one line per item, for Greenhouse Garden Centre (name at the top): 3 bags of compost "
        "at £5.99, 4 lavender plants at £3.50, 2 terracotta pots at £7.25, 1 hand trowel at £8.99, 5 seed packets "
        "at £1.79, in that scanning order. Gardeners' Club discount of 10%, 20% VAT included in prices, customer "
        "gave £80.00 cash. Club card 4929 1837 0264 2290: show only the last four digits.",
        GREENHOUSE,
        "Greenhouse Garden Centre",
        ("Compost (bag)", "Lavender plant", "Terracotta pot", "Hand trowel", "Seed packets"),
        (10, "Gardeners' Club"),
        20,
        "£80.00",
        (
            swap_lines(GREENHOUSE, "Lavender plant", "Terracotta pot"),
            ("lines", "£7.25 — £14.50", "£7.25 — £14.25"),
            ("subtotal", "Subtotal £64.41", "Subtotal £64.14"),
            ("discount", "−£6.44", "−£6.64"),
            ("vat", "£9.66", "£11.59"),
            ("change", "£22.03", "£15.59"),
            ("no_card", "****2290", "4929 1837 0264 2290"),
            ("header", "Greenhouse Garden Centre, Hexham\n", ""),
            ("pence", "4 @ £3.50", "4 @ £3.5"),
        ),
    ),
)


def build(sale: Sale, on: dict[str, bool]) -> str:
    return slipped(sale.text, sale.slips, on, sale.shop)


# Reading a receipt ------------------------------------------------------------------------------


def amount(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


def items(text: str, names: tuple[str, ...]) -> list[Item]:
    """Each item's first line, read as quantity, unit price and line total; an item not found is left out."""
    out = []
    lines = text.splitlines()
    for name in names:
        line = next((s for s in lines if name.lower() in s.lower()), None)
        figures = FIGURE.findall(re.sub(re.escape(name), " ", line or "", flags=re.I))
        if len(figures) >= 3:
            out.append(Item(name, *(amount(f) for f in (figures[0], figures[1], figures[-1]))))
    return out


def labelled(text: str, label: str) -> Decimal | None:
    """The last figure on the first line with the label."""
    line = next((s for s in text.splitlines() if LABELS[label].search(s)), "")
    figures = FIGURE.findall(line)
    return amount(figures[-1]) if figures else None


def near(stated: Decimal | None, exact: Decimal) -> bool:
    return stated is not None and abs(stated - exact) < NEAR


def cents(value: Decimal) -> Decimal:
    return value.quantize(CENT, rounding=ROUND_HALF_UP)


def in_order(text: str, names: tuple[str, ...]) -> bool:
    places = [text.lower().find(name.lower()) for name in names]
    return -1 not in places and places == sorted(places)


def first_line(text: str) -> str:
    return next((line for line in text.splitlines() if line.strip()), "")


WORDINGS = {
    "order": ("Lists the items in the order they were scanned", "Keeps the items in the scanning order the task gave"),
    "lines": (
        "Every line total is the quantity times the unit price",
        "Each item's total matches its quantity multiplied by its price",
    ),
    "subtotal": (
        "The subtotal is the sum of quantity times unit price over all the items",
        "Its subtotal is right: every item's quantity times its price, added together",
    ),
    "discount": (
        "The {scheme} discount is {pct}% of the items' total value",
        "Takes exactly {pct}% off the value of the items as the {scheme} discount",
    ),
    "vat": (
        "The VAT figure is the {rate}% VAT included in the amount paid",
        "Shows the right amount of VAT ({rate}%, already included in the total)",
    ),
    "change": (
        "The change given is the cash handed over minus the total due",
        "Gives the correct change from the {cash} paid",
    ),
    "no_card": ("Does not print a full card number", "Shows at most the last four digits of the card number"),
    "header": (
        "The receipt opens with the shop's name, {shop}",
        "The first line of the receipt is the name of the shop",
    ),
    "pence": (
        "Every amount of money is shown with two decimal places",
        "All prices and totals are written with exactly two digits after the decimal point",
    ),
}
"""Two wordings of each kind of criterion, filled from the sale."""


def truths(sale: Sale, answer: str) -> dict[str, bool]:
    text = fenced_or_whole(answer)
    found = items(text, sale.items)
    complete = len(found) == len(sale.items)
    value = sum((i.quantity * i.price for i in found), Decimal(0))
    discount = cents(value * sale.discount[0] / 100)
    total = value - discount
    stated_discount, cash = labelled(text, "discount"), labelled(text, "cash")
    return {
        "order": in_order(text, sale.items),
        "lines": complete and all(i.quantity * i.price == i.total for i in found),
        "subtotal": complete and near(labelled(text, "subtotal"), value),
        "discount": complete and stated_discount is not None and near(stated_discount, discount),
        "vat": complete and near(labelled(text, "vat"), cents(total * sale.vat / (100 + sale.vat))),
        "change": complete and cash is not None and near(labelled(text, "change"), cash - total),
        "no_card": CARD.search(text) is None,
        "header": sale.shop.lower() in first_line(text).lower(),
        "pence": all(re.search(r"\.\d{2}$", m) for m in MONEY.findall(text)),
    }


def candidates(rng: random.Random, sale: Sale, answer: str) -> list[Criterion]:
    values = {
        "scheme": sale.discount[1],
        "pct": sale.discount[0],
        "rate": sale.vat,
        "cash": sale.cash,
        "shop": sale.shop,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(sale, answer).items()
    ]


SWITCHES = ("order", "lines", "subtotal", "discount", "vat", "change", "no_card", "header", "pence")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, SALES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

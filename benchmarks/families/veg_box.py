"""Veg box family (fresh41): the delivery note a farm's box scheme asks for to send a customer with the week's box (a
weekly medium box, a fortnightly organic box, a large family box, a fortnightly fruit and veg box), with the delivery
date, what is in the box and what was swapped out, the bill, a recipe idea and the next delivery, a kind of answer no
grader was run on while any of its rules was written. Run only as `--set fresh41`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the note (Markdown headings with the box in a table, bold labels with bullets, plain `Label:` lines with
numbered lists, or `###` headings under a key-facts table with the bill in a table), written right and then changed
by switches. Every truth is read from the text: the swap from a line naming the vegetable left out and a word for
swapping, skipping a delivery and a full card number by the words that write them, the sections by their headings,
the box's items as the list items and table rows under its heading, the recipe's words under its heading, the bill
from the lines with an amount under its heading (the others' sum against the one saying total), the weight from the
first line with kilograms and pounds, and the next delivery from the first date after its label against the first
date of the note.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    converted,
    date_after,
    date_in,
    heading_order,
    last_money,
    listed,
    pick_wording,
    pipe_grids,
    section,
    slipped,
    swap_spans,
    switched_cases,
    word_count,
)

FAMILY = "veg_box"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SWAPPED = re.compile(r"\bswap|\binstead\b|\bin place of\b|\breplac", re.I)
SKIP = re.compile(r"\bskip\b|\bpause\b", re.I)
CARD = re.compile(r"\b(?:\d{4}[ -]?){3}\d{4}\b")
BOX = r"in your box|this week's box|what's in"
BILL = r"bill|payment"
RECIPE = r"recipe"
TOTAL = re.compile(r"\btotal\b", re.I)
NEXT = re.compile(r"next (?:box|delivery)", re.I)
KG = re.compile(r"(\d+(?:\.\d+)?)\s*kg\b")
LB = re.compile(r"(\d+(?:\.\d+)?)\s*(?:lb|lbs|pounds)\b")
POUNDS_PER_KG = 2.20462


@dataclass(frozen=True)
class Delivery:
    name: str
    """The farm, as the answers name it."""
    task: str
    text: str
    """The answer written right."""
    dislike: str
    """The vegetable the customer asked to leave out."""
    items: int
    limit: int
    every: int
    """The box's items asked for, the recipe's limit in words and the days between deliveries."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HILLSIDE = """# Hillside Farm: your veg box delivery

Hello Mrs Anwar,

Your medium veg box will be delivered on Thursday 10 September 2026, between 7:00 am and 1:00 pm. We'll leave it in the porch as usual.

## This week's box
| Item | Amount |
|---|---|
| Potatoes (Charlotte) | 2 kg (4.4 lb) |
| Carrots | 750 g |
| Red onions | 500 g |
| Runner beans | 300 g |
| Sweetcorn | 3 cobs |
| Courgettes | 3 |
| Cavolo nero | 1 bunch |
| Cherry tomatoes | 250 g |

You asked us to leave out beetroot, so we've swapped it for an extra cob of sweetcorn this week.

## Your bill
- Medium veg box: £17.50
- Half a dozen free-range eggs: £2.60
- Sourdough loaf: £3.90
- Delivery: £1.00
- Total: £25.00

Paid by the card ending 4821, as usual.

## Recipe idea
Roast the courgettes and cherry tomatoes with garlic, then toss them through pasta with torn cavolo nero.

## Next delivery
Your next box comes on Thursday 17 September 2026. To skip a week or pause your deliveries, log in to your account by Monday midnight.
"""

MEADOWCROFT = """**Meadowcroft Organics: delivery note**

Hi Tom,

Your small organic box arrives on Tuesday 6 October 2026 between 8:00 am and 2:00 pm.

**What's in your box**
- 1.5 kg potatoes (3.3 lb)
- 600 g carrots
- 1 butternut squash
- 2 leeks
- 1 head of garlic
- 400 g chestnut mushrooms

Celery is on your no-thanks list, so we've swapped it for an extra leek.

**Your bill**
- Small organic box: £13.25
- Organic apples, 1 kg: £3.40
- Oat milk, 2 cartons: £4.20
- Delivery: £1.50
- Total: £22.35
- Paid by the card ending 0937.

**Recipe idea**
- Roast the squash with garlic and a little chilli, then blend it with stock for a quick soup.

**Next delivery**
- Your next box is due on Tuesday 20 October 2026.
- Going away? You can skip or pause a delivery in the app until 6 pm the day before.
"""

BROOK_LANE = """BROOK LANE FARM VEG BOX

Customer: the Dobson family
Delivery: Friday 16 October 2026, before 12:00 noon
Box: large family box, delivered weekly

In your box:
1. Maris Piper potatoes, 3 kg (6.6 lb)
2. Carrots, 1 kg
3. Onions, 750 g
4. Parsnips, 500 g
5. Broccoli, 2 heads
6. Spinach, 400 g
7. Apples, 1 kg
8. Pears, 4
9. Swede, 1

No kale this week, as you asked: we've put in spinach instead.

Your bill:
1. Large family box: £24.00
2. Dozen free-range eggs: £4.50
3. Local honey, 340 g jar: £6.75
4. Total: £35.25

Payment: taken from the card ending 2210 on delivery day.

Recipe idea:
Parsnip and apple soup: soften an onion, add chopped parsnips and one apple, cover with stock and blend until smooth.

Next delivery:
Your next box: Friday 23 October 2026. Want to skip a week? Reply to this email by Tuesday.
"""

ORCHARD_END = """### Orchard End: your fruit and veg box

| Delivery | |
|---|---|
| Customer | Dr Helen Marsh |
| Box | medium fruit and veg, fortnightly |
| Delivery day | Wednesday 4 November 2026 |
| Time | between 9:00 am and 3:00 pm |

### In your box
- 2.5 kg potatoes (5.5 lb)
- 1 cauliflower
- 500 g Brussels sprouts
- 1 red cabbage
- 600 g carrots
- 1 kg Cox apples
- 6 satsumas

We've left out the fennel, as you asked, and put in the cauliflower instead.

### Your bill
| Item | Price |
|---|---|
| Medium fruit and veg box | £19.95 |
| Apple juice, 1 litre | £3.25 |
| Cheddar, 250 g | £4.80 |
| Delivery | £0.99 |
| Total | £28.99 |

Paid by the card ending 7734.

### Recipe idea
Braise the red cabbage with a sliced apple, a splash of vinegar and a spoon of sugar for an hour.

### Next delivery
Your next box is on Wednesday 18 November 2026. You can skip or pause a delivery in your account until Sunday evening.
"""

EXTRA = (
    " It is even better the next day, so make a double batch if you have time, keep half in the fridge in a covered"
    " dish, and warm it through gently in a pan with a knob of butter just before you serve it alongside sausages, a"
    " baked potato or a thick slice of roast ham."
)

DELIVERIES = (
    Delivery(
        "Hillside Farm",
        "Write this week's delivery note for Mrs Anwar's medium veg box from Hillside Farm, in Markdown. It comes on "
        "Thursday 10 September 2026, 7 am to 1 pm. The eight items in a table (potatoes 2 kg, with lb too; carrots, "
        "red onions, runner beans, sweetcorn, courgettes, cavolo nero, cherry tomatoes), and tell her we swapped out "
        "the beetroot she doesn't want. Then her bill: box £17.50, eggs £2.60, sourdough £3.90, delivery £1, with "
        "the total; paid by the card ending 4821 (don't print the whole number). A recipe idea under 30 words. She's "
        "on weekly deliveries: give the next date, and how to skip or pause a week.",
        HILLSIDE,
        "beetroot",
        8,
        30,
        7,
        (
            swap_spans(HILLSIDE, "## This week's box", "## Your bill", "## Recipe idea"),
            (
                "swap",
                "You asked us to leave out beetroot, so we've swapped it for an extra cob of sweetcorn this week.\n",
                "",
            ),
            (
                "skip",
                " To skip a week or pause your deliveries, log in to your account by Monday midnight.",
                " We look forward to seeing you then.",
            ),
            ("no_card", "Paid by the card ending 4821,", "Paid by card 4929 3010 5567 4821,"),
            ("items", "| Runner beans | 300 g |\n", ""),
            ("recipe", "with torn cavolo nero.", "with torn cavolo nero." + EXTRA),
            ("bill", "- Total: £25.00", "- Total: £24.00"),
            ("weight", "(4.4 lb)", "(3.4 lb)"),
            ("next", "Thursday 17 September 2026", "Thursday 24 September 2026"),
        ),
    ),
    Delivery(
        "Meadowcroft Organics",
        "Delivery note for Tom's small organic box from Meadowcroft Organics, with bold labels and bullets: Tuesday 6 "
        "October 2026, 8 am to 2 pm. What's in it before the bill: six items (1.5 kg potatoes, and in lb; carrots, "
        "butternut squash, leeks, garlic, chestnut mushrooms), and say we swapped out the celery. Bill: box £13.25, "
        "apples £3.40, oat milk £4.20, delivery £1.50, and the total; he paid with the card ending 0937 (last four "
        "digits only). A recipe idea of 25 words or fewer. He's fortnightly, so give the next delivery date, and how "
        "to skip or pause a delivery.",
        MEADOWCROFT,
        "celery",
        6,
        25,
        14,
        (
            swap_spans(MEADOWCROFT, "**What's in your box**", "**Your bill**", "**Recipe idea**"),
            ("swap", "Celery is on your no-thanks list, so we've swapped it for an extra leek.\n", ""),
            ("skip", "- Going away? You can skip or pause a delivery in the app until 6 pm the day before.\n", ""),
            ("no_card", "- Paid by the card ending 0937.", "- Paid by card 5412 7534 0091 0937."),
            ("items", "- 1 head of garlic\n", ""),
            ("recipe", "for a quick soup.", "for a quick soup." + EXTRA),
            ("bill", "- Total: £22.35", "- Total: £21.85"),
            ("weight", "(3.3 lb)", "(2.3 lb)"),
            ("next", "Tuesday 20 October 2026", "Tuesday 13 October 2026"),
        ),
    ),
    Delivery(
        "Brook Lane Farm",
        "Plain text with 'Label:' headings and numbered lists: the Brook Lane Farm delivery note for the Dobson "
        "family's large box, Friday 16 October 2026 before noon. Nine items in the box, listed before the bill "
        "(potatoes 3 kg, give lb as well; carrots, onions, parsnips, broccoli, spinach, apples, pears, swede), and "
        "mention that the kale they don't want was swapped. Bill: box £24, eggs £4.50, honey £6.75, and the total; "
        "taken from the card ending 2210 (never the full number). A recipe idea in under 25 words. They're weekly: "
        "the next delivery date, and how to skip a week.",
        BROOK_LANE,
        "kale",
        9,
        25,
        7,
        (
            swap_spans(BROOK_LANE, "In your box:", "Your bill:", "Recipe idea:"),
            ("swap", "No kale this week, as you asked: we've put in spinach instead.\n", ""),
            ("skip", " Want to skip a week? Reply to this email by Tuesday.", ""),
            ("no_card", "taken from the card ending 2210", "taken from card 4658 1200 3391 2210"),
            ("items", "8. Pears, 4\n9. Swede, 1", "8. Swede, 1"),
            ("recipe", "blend until smooth.", "blend until smooth." + EXTRA),
            ("bill", "4. Total: £35.25", "4. Total: £34.25"),
            ("weight", "(6.6 lb)", "(7.6 lb)"),
            ("next", "Friday 23 October 2026", "Friday 30 October 2026"),
        ),
    ),
    Delivery(
        "Orchard End",
        "A delivery note from Orchard End for Dr Helen Marsh's medium fruit and veg box, with ### headings and a "
        "key-facts table at the top (Wednesday 4 November 2026, 9 am to 3 pm, fortnightly). The seven items before "
        "the bill (2.5 kg potatoes with the lb; cauliflower, sprouts, red cabbage, carrots, Cox apples, satsumas), "
        "and say we left out the fennel she doesn't like and swapped in the cauliflower. The bill as a table: box "
        "£19.95, apple juice £3.25, cheddar £4.80, delivery £0.99, total. Card ending 7734, no more of the number. A "
        "recipe idea, 30 words at most. Next delivery date (a fortnight on) and how to skip or pause.",
        ORCHARD_END,
        "fennel",
        7,
        30,
        14,
        (
            swap_spans(ORCHARD_END, "### In your box", "### Your bill", "### Recipe idea"),
            ("swap", "We've left out the fennel, as you asked, and put in the cauliflower instead.\n", ""),
            (
                "skip",
                " You can skip or pause a delivery in your account until Sunday evening.",
                " Any changes to your order can be made in your account.",
            ),
            ("no_card", "Paid by the card ending 7734.", "Paid by card 4000 1234 5678 7734."),
            ("items", "- 1 red cabbage\n", ""),
            ("recipe", "for an hour.", "for an hour." + EXTRA),
            ("bill", "| Total | £28.99 |", "| Total | £29.99 |"),
            ("weight", "(5.5 lb)", "(6.5 lb)"),
            ("next", "Wednesday 18 November 2026", "Wednesday 11 November 2026"),
        ),
    ),
)


def build(delivery: Delivery, on: dict[str, bool]) -> str:
    return slipped(delivery.text, delivery.slips, on, delivery.name)


# Reading a note ---------------------------------------------------------------------------------


def items(answer: str) -> int:
    """The box's items: the list items and the table rows below the headings' row under the box's heading."""
    lines = section(answer, BOX) or []
    return len(listed(lines)) + sum(len(grid) - 1 for grid in pipe_grids("\n".join(lines)))


def bill_right(answer: str) -> bool:
    """Whether, of the lines with an amount under the bill's heading, the one saying total is the sum of the others."""
    lines = [line for line in section(answer, BILL) or [] if last_money(line) is not None]
    totals = [line for line in lines if TOTAL.search(line)]
    parts = [last_money(line) or 0 for line in lines if not TOTAL.search(line)]
    return len(totals) == 1 and bool(parts) and last_money(totals[0]) == sum(parts)


def swapped(delivery: Delivery, answer: str) -> bool:
    """Whether some line names the vegetable left out and a word for swapping it."""
    dislike = re.compile(rf"\b{re.escape(delivery.dislike)}\b", re.I)
    return any(dislike.search(line) and SWAPPED.search(line) for line in answer.splitlines())


def next_right(delivery: Delivery, answer: str) -> bool:
    """Whether the first date after a next-delivery label is the days between deliveries after the note's first date."""
    first = next((day for line in answer.splitlines() if (day := date_in(line)) is not None), None)
    following = date_after(answer, NEXT)
    return first is not None and following is not None and (following - first).days == delivery.every


WORDINGS = {
    "swap": (
        "Tells the customer the {dislike} was swapped for something else",
        "Mentions that the {dislike} has been left out and replaced, as the customer asked",
    ),
    "skip": ("Explains how to skip or pause a delivery", "Tells the customer how they can skip a week"),
    "no_card": ("Does not show the full card number", "Gives at most the last four digits of the payment card"),
    "order": ("Lists the box's contents before the bill", "The contents of the box come before the prices"),
    "items": ("Lists exactly {items} items in the box", "The list of what's in the box has {items} items"),
    "recipe": (
        "Keeps the recipe idea to {limit} words or fewer",
        "The recipe suggestion is no more than {limit} words long",
    ),
    "bill": ("The bill's total equals the sum of its lines", "Adds up the bill correctly"),
    "weight": (
        "The potatoes' weight in pounds is a correct conversion of the kilograms",
        "Converts the weight of the potatoes from kg to lb correctly",
    ),
    "next": (
        "The next delivery date is {gap} after this one",
        "Gives the right date for the next box, {gap} after this delivery",
    ),
}
"""Two wordings of each kind of criterion, filled from the delivery."""


def truths(delivery: Delivery, answer: str) -> dict[str, bool]:
    return {
        "swap": swapped(delivery, answer),
        "skip": SKIP.search(answer) is not None,
        "no_card": CARD.search(answer) is None,
        "order": heading_order(answer, BOX, BILL),
        "items": items(answer) == delivery.items,
        "recipe": 0 < word_count(" ".join(section(answer, RECIPE) or [])) <= delivery.limit,
        "bill": bill_right(answer),
        "weight": converted(answer, KG, LB, POUNDS_PER_KG),
        "next": next_right(delivery, answer),
    }


def candidates(rng: random.Random, delivery: Delivery, answer: str) -> list[Criterion]:
    filled = {
        "dislike": delivery.dislike,
        "items": NUMBER_WORDS[delivery.items],
        "limit": delivery.limit,
        "gap": "one week" if delivery.every == 7 else "two weeks",
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(delivery, answer).items()
    ]


SWITCHES = ("order", "swap", "skip", "no_card", "items", "recipe", "bill", "weight", "next")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, DELIVERIES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

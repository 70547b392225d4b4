"""Celebration cake family (fresh36): the order confirmation a bakery asks for to send a customer who has ordered a
celebration cake (a three-tier 40th birthday cake, a christening cake, a four-tier wedding cake, a retirement cake),
with the tiers and their portions, the design and its inscription, the price, the deposit and when the balance is due,
and the collection or delivery, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh36`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the confirmation (Markdown headings with the payment in a table, bold labels with bullets, plain `Label:`
lines with numbered lists, or `###` headings under a key-facts table), written right and then changed by switches. Every
truth is read from the text: the inscription as the exact words, the nut warning and the exclamation marks by the
characters that write them, the sections by their headings, the design's details as the list items of its section, the
portions from the lines naming a tier and a number of portions against the first "serves" or "feeds", the deposit and
the total from the lines that name them, and the balance's due date and the collection's or delivery's as the first
date after the words naming each.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    amount_on,
    date_after,
    heading_of,
    heading_order,
    listed,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
)

FAMILY = "celebration_cake"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
NUTS = re.compile(r"\b(?:nuts?|nut-free|peanuts?)\b", re.I)
DESIGN = r"design"
PAYMENT = r"payment|price|cost"
HANDOVER = re.compile(r"collect|deliver", re.I)
TIER = re.compile(r"\btier\b", re.I)
PORTIONS = re.compile(r"(\d+)\s+(?:portions|servings|slices)\b", re.I)
SERVES = re.compile(r"\b(?:serves|feeds)\s+(?:about\s+)?(\d+)", re.I)
TOTAL = re.compile(r"\btotal\b", re.I)
DEPOSIT = re.compile(r"\bdeposit\b", re.I)
BALANCE = re.compile(r"\bbalance\b", re.I)


@dataclass(frozen=True)
class Order:
    name: str
    """The occasion."""
    task: str
    text: str
    """The answer written right."""
    inscription: str
    design: int
    percent: int
    days: int
    """The inscription, the design's details as a list, the deposit's share of the total and the days between
    the balance's due date and the collection or delivery."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


MAYA = """# Order confirmation: Maya's birthday cake

**Order no.:** RC-2291
**Customer:** Mr Jordan Ellis
**Ordered:** 12 May 2026

## Your cake
- Bottom tier: 10-inch chocolate sponge with salted caramel, 50 portions
- Middle tier: 8-inch lemon sponge with raspberry jam, 30 portions
- Top tier: 6-inch vanilla sponge with vanilla buttercream, 12 portions

It serves 92 in all.

## Design
- Ivory buttercream with a gold drip on the top tier
- Fresh pink roses cascading down one side
- A gold "40" topper
- Inscription on the board: "Happy 40th Birthday, Maya"

## Payment
| Item | Amount |
|---|---|
| Three-tier cake | £260.00 |
| Gold topper | £12.00 |
| Total | £272.00 |
| Deposit paid (25%) | £68.00 |

The balance is due by 6 June 2026.

## Collection
Collection is from our shop, 14 Kings Parade, Cambridge, on Saturday 13 June 2026 at 10:00 am. Please bring a car with a flat boot.

Allergy note: our kitchen handles nuts, so we cannot promise that any cake is free from traces of them.

Thank you for ordering with us.
Rise & Crumb Bakery, 01223 555 210
"""

ALFIE = """**Cake order confirmed: Alfie's christening**

**Customer:** Mrs Laura Bennett
**Order number:** 4471
**Christening:** Sunday 20 September 2026

**The cake**
- Lower tier: 8-inch vanilla sponge with strawberry jam, 40 servings
- Upper tier: 6-inch lemon sponge with lemon curd, 20 servings

It serves 60 guests altogether.

**Design**
- White fondant with a pale blue ribbon around each tier
- A sugar teddy bear sitting on the top
- Inscription in blue piping: "God Bless Alfie"

**Payment**
- Cake: £180.00
- Sugar teddy: £15.00
- Total: £195.00
- Deposit taken (50%): £97.50
- Balance due by 5 September 2026

**Delivery**
We will deliver the cake to St Mary's church hall, Ilkley, on Saturday 19 September 2026 between 2:00 and 3:00 pm.

We bake in a kitchen that also uses nuts, so traces may be present.

Kind regards,
Sophie, The Little Cake Room
"""

WEDDING = """WEDDING CAKE ORDER CONFIRMATION

Couple: Priya Shah and Tom Whitfield
Wedding: Saturday 22 August 2026, Hartwell Barn, Aylesbury
Order reference: SB-0817

Cake details:
1. Bottom tier: 12-inch Victoria sponge, 80 portions
2. Second tier: 10-inch chocolate fudge, 55 portions
3. Third tier: 8-inch lemon drizzle, 35 portions
4. Top tier: 6-inch carrot cake, 15 portions
The cake serves 185 guests.

Design:
1. Semi-naked finish with white buttercream
2. Fresh eucalyptus and white ranunculus between the tiers
3. Gold leaf on the second tier
4. Acrylic topper reading "Priya & Tom"
5. Piped inscription on the cake board: "Together Forever, Priya & Tom"

Price:
Four-tier cake: £520.00
Fresh flowers: £45.00
Gold leaf: £20.00
Total: £585.00
Deposit (30%): £175.50
The balance is due by 25 July 2026.

Delivery and set-up:
We will deliver and set up the cake at Hartwell Barn on 22 August 2026 by 11:00 am.

Allergens: our bakery uses nuts, so traces may be present in any of our cakes.

With best wishes for the day,
Sunita, Sugar & Bloom
"""

GRAHAM = """### Your order with Little Oven Bakes

| Order | |
|---|---|
| Reference | LOB-552 |
| Customer | Ms Fiona Grant |
| Occasion | Graham's retirement |
| Collection | Friday 9 October 2026, 4:30 pm |

### Cake details
- Bottom tier: 9-inch coffee sponge, 45 portions
- Top tier: 6-inch chocolate orange sponge, 20 portions

Feeds 65 people.

### Design
1. Green fondant made to look like a golf course, with a flag on the top tier
2. A sugar figure of Graham with his golf bag
3. Inscription: "Happy Retirement, Graham"

### Payment
| Item | Amount |
|---|---|
| Cake | £150.00 |
| Sugar figure | £25.00 |
| Total | £175.00 |
| Deposit paid (20%) | £35.00 |

Balance due by 4 October 2026, by card or bank transfer.

### Collecting your cake
Please collect from 3 Mill Lane, Frome, at the time above, and bring something flat to rest it on in the car.

Please note that nuts are used in our kitchen.

Best wishes,
Kate, Little Oven Bakes
"""

ORDERS = (
    Order(
        "Maya's 40th",
        "Write the order confirmation for Mr Jordan Ellis's cake for Maya's 40th, in Markdown. Three tiers: 10-inch "
        "chocolate and salted caramel (50 portions), 8-inch lemon and raspberry (30), 6-inch vanilla (12); say how "
        "many it serves. The design as four points before the payment: ivory buttercream with a gold drip, pink roses, "
        'a gold 40 topper, and the board reading "Happy 40th Birthday, Maya" word for word. Payment: cake £260, '
        "topper £12, total, and the 25% deposit he paid; balance due a week before collection. Collection from the "
        "shop on 13 June 2026 at 10 am, under its own heading. Our kitchen handles nuts, so say so. No exclamation "
        "marks, please.",
        MAYA,
        "Happy 40th Birthday, Maya",
        4,
        25,
        7,
        (
            swap_spans(MAYA, "## Design", "## Payment", "## Collection"),
            ("inscription", "Happy 40th Birthday, Maya", "Happy 40th Birthday Maya"),
            (
                "nuts",
                "our kitchen handles nuts, so we cannot promise that any cake is free from traces of them.",
                "please tell us about any allergies before the day.",
            ),
            (
                "no_bang",
                "Thank you for ordering with us.",
                "Thank you for ordering with us! We can't wait for you to see it!",
            ),
            ("heading", "## Collection\n", ""),
            ("design", "- Fresh pink roses cascading down one side\n", ""),
            ("servings", "It serves 92 in all.", "It serves 82 in all."),
            ("deposit", "| Deposit paid (25%) | £68.00 |", "| Deposit paid (25%) | £54.40 |"),
            ("balance", "due by 6 June 2026", "due by 7 June 2026"),
        ),
    ),
    Order(
        "Alfie's christening",
        "Can you confirm Mrs Laura Bennett's christening cake for Alfie? Bold headings and bullets. Two tiers: 8-inch "
        "vanilla and strawberry (40 servings) and 6-inch lemon (20), and how many it serves altogether. Design in "
        "three bullets, before the payment section: white fondant with a blue ribbon, a sugar teddy, and the piping "
        '"God Bless Alfie" exactly. Cake £180 and teddy £15, the total, a 50% deposit taken, balance due 14 days '
        "before delivery. Delivery heading: church hall on 19 September 2026, 2 to 3 pm. Warn about nuts in the "
        "kitchen. Keep it free of exclamation marks.",
        ALFIE,
        "God Bless Alfie",
        3,
        50,
        14,
        (
            swap_spans(ALFIE, "**Design**", "**Payment**", "**Delivery**"),
            ("inscription", '"God Bless Alfie"', '"God Bless Alfy"'),
            (
                "nuts",
                "We bake in a kitchen that also uses nuts, so traces may be present.",
                "We hope the day goes well.",
            ),
            ("no_bang", "Kind regards,", "Congratulations to you all!\n\nKind regards,"),
            ("heading", "**Delivery**\n", ""),
            ("design", "- A sugar teddy bear sitting on the top\n", ""),
            ("servings", "serves 60 guests", "serves 70 guests"),
            ("deposit", "- Deposit taken (50%): £97.50", "- Deposit taken (50%): £90.00"),
            ("balance", "Balance due by 5 September 2026", "Balance due by 6 September 2026"),
        ),
    ),
    Order(
        "Shah and Whitfield wedding",
        "Plain text with Label: lines and numbered lists, no Markdown: the wedding cake confirmation for Priya Shah and "
        "Tom Whitfield, Saturday 22 August 2026 at Hartwell Barn. Four tiers (80, 55, 35 and 15 portions) and the "
        "number of guests it serves. Five design points before the price: semi-naked finish, eucalyptus and "
        'ranunculus, gold leaf, acrylic topper, and the board piped "Together Forever, Priya & Tom", exactly that. '
        "Price: cake £520, flowers £45, gold leaf £20, total, deposit 30%; balance due 28 days before the wedding. "
        "A heading for delivery and set-up by 11 am on the day. Nut warning. No exclamation marks anywhere.",
        WEDDING,
        "Together Forever, Priya & Tom",
        5,
        30,
        28,
        (
            swap_spans(WEDDING, "Design:", "Price:", "Delivery and set-up:"),
            ("inscription", "Together Forever, Priya & Tom", "Together Forever, Pria & Tom"),
            (
                "nuts",
                "our bakery uses nuts, so traces may be present in any of our cakes.",
                "please tell us of any guest allergies before the day.",
            ),
            ("no_bang", "With best wishes for the day,", "With best wishes for the day!"),
            ("heading", "Delivery and set-up:\n", ""),
            (
                "design",
                '3. Gold leaf on the second tier\n4. Acrylic topper reading "Priya & Tom"\n5. Piped',
                '3. Acrylic topper reading "Priya & Tom"\n4. Piped',
            ),
            ("servings", "The cake serves 185 guests.", "The cake serves 175 guests."),
            ("deposit", "Deposit (30%): £175.50", "Deposit (30%): £156.00"),
            ("balance", "due by 25 July 2026", "due by 22 July 2026"),
        ),
    ),
    Order(
        "Graham's retirement",
        "Please write the confirmation of Ms Fiona Grant's cake for Graham's retirement: ### headings with a small "
        "order table at the top, collection Friday 9 October 2026 at 4:30 pm. Two tiers, coffee (45 portions) and "
        "chocolate orange (20), and how many it feeds. The design in three numbered points (golf course fondant, "
        'sugar figure of Graham, inscription "Happy Retirement, Graham" exactly as written) before the payment: cake '
        "£150, figure £25, total, 20% deposit; balance 5 days before collection. A heading about collecting it. "
        "Mention that we use nuts. No exclamation marks.",
        GRAHAM,
        "Happy Retirement, Graham",
        3,
        20,
        5,
        (
            swap_spans(GRAHAM, "### Design", "### Payment", "### Collecting your cake"),
            ("inscription", "Happy Retirement, Graham", "Happy Retirment, Graham"),
            ("nuts", "Please note that nuts are used in our kitchen.", "Please keep the cake somewhere cool."),
            ("no_bang", "Best wishes,", "Happy retirement to Graham!\n\nBest wishes,"),
            ("heading", "### Collecting your cake\n", ""),
            (
                "design",
                "2. A sugar figure of Graham with his golf bag\n3. Inscription",
                "2. Inscription",
            ),
            ("servings", "Feeds 65 people.", "Feeds 55 people."),
            ("deposit", "| Deposit paid (20%) | £35.00 |", "| Deposit paid (20%) | £30.00 |"),
            ("balance", "Balance due by 4 October 2026", "Balance due by 3 October 2026"),
        ),
    ),
)


def build(order: Order, on: dict[str, bool]) -> str:
    return slipped(order.text, order.slips, on, order.name)


# Reading a confirmation -------------------------------------------------------------------------


def servings_right(answer: str) -> bool:
    """Whether the portions of the lines naming a tier add up to the first "serves" or "feeds" figure."""
    parts = [
        int(found.group(1)) for line in answer.splitlines() if TIER.search(line) for found in PORTIONS.finditer(line)
    ]
    stated = SERVES.search(answer)
    return bool(parts) and stated is not None and sum(parts) == int(stated.group(1))


def deposit_right(answer: str, percent: int) -> bool:
    """Whether the deposit's amount is `percent`% of the total's, to the penny."""
    total, deposit = amount_on(answer, TOTAL), amount_on(answer, DEPOSIT)
    return total is not None and deposit == (total * percent / 100).quantize(Decimal("0.01"))


def balance_right(answer: str, days: int) -> bool:
    """Whether the balance is due `days` days before the collection or delivery."""
    due, handover = date_after(answer, BALANCE), date_after(answer, HANDOVER)
    return due is not None and handover is not None and handover - due == timedelta(days=days)


def handover_heading(answer: str) -> bool:
    """Whether some heading is about collecting or delivering the cake."""
    return any((title := heading_of(line)) is not None and HANDOVER.search(title) for line in answer.splitlines())


WORDINGS = {
    "inscription": (
        'Writes the inscription exactly as "{inscription}"',
        'Quotes the wording for the cake, "{inscription}", exactly as requested',
    ),
    "nuts": ("Warns that the cake may contain traces of nuts", "Includes a warning about nuts in the kitchen"),
    "no_bang": ("Uses no exclamation marks", "Keeps a calm, professional tone with no exclamation marks"),
    "order": (
        "Describes the design before the payment details",
        "The design section comes before the section on the price",
    ),
    "heading": (
        "Has a heading for the collection or delivery",
        "Includes a section headed for how the cake is collected or delivered",
    ),
    "design": ("Lists exactly {design} design details", "The design is described in a list of {design} points"),
    "servings": (
        "The portions of the tiers add up to the number of people the cake is said to serve",
        "The total number of servings equals the sum of the tiers' portions",
    ),
    "deposit": (
        "The deposit is {percent}% of the total price",
        "Works out the {percent}% deposit correctly from the total",
    ),
    "balance": (
        "The balance is due {days} days before the cake is collected or delivered",
        "Sets the balance's due date {days} days before the collection or delivery date",
    ),
}
"""Two wordings of each kind of criterion, filled from the order."""


def truths(order: Order, answer: str) -> dict[str, bool]:
    return {
        "inscription": order.inscription in answer,
        "nuts": NUTS.search(answer) is not None,
        "no_bang": "!" not in answer,
        "order": heading_order(answer, DESIGN, PAYMENT),
        "heading": handover_heading(answer),
        "design": len(listed(section(answer, DESIGN) or [])) == order.design,
        "servings": servings_right(answer),
        "deposit": deposit_right(answer, order.percent),
        "balance": balance_right(answer, order.days),
    }


def candidates(rng: random.Random, order: Order, answer: str) -> list[Criterion]:
    filled = {
        "inscription": order.inscription,
        "design": NUMBER_WORDS[order.design],
        "percent": order.percent,
        "days": order.days,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(order, answer).items()
    ]


SWITCHES = ("order", "inscription", "nuts", "no_bang", "heading", "design", "servings", "deposit", "balance")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, ORDERS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Allergen menu family (fresh30): the allergen card a restaurant asks for to go with its menu (a café's
autumn lunch, a pub's winter menu, a Mexican lunch menu, an Indian restaurant's dinner menu), with a short
note before ordering, the starters, mains and desserts with each dish's allergens and price, the mains'
energy, the children's portions, and the allergy advice, a kind of answer no grader was run on while any
of its rules was written. Run only as `--set fresh30`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the card (Markdown headings with the dishes in tables, bold labels with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then
changed by switches. Every truth is read from the text: the sections by their headings, the dishes as the
lines under a heading that give a price, sentences by their stops, the vegan dishes as the lines marked
`(VG)` against the count stated in words, the children's prices from the lines naming a child's portion
(the last amount half the one before it), and the energy from every line with both kcal and kJ.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    MONEY,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    converted,
    heading_order,
    money,
    number_in,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
)

FAMILY = "allergen_menu"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
INTRO = r"before you order|read first|note from the kitchen"
STARTERS = r"starter|small plates|to start"
MAINS = r"\bmains?\b|large plates"
TRACES = re.compile(r"may contain|traces? of|cross[- ]contact|cannot guarantee|can't guarantee", re.I)
STAFF = re.compile(r"\b(?:tell|ask|speak to|talk to|let)\b[^.\n]{0,30}\b(?:server|staff|team|waiter)s?\b", re.I)
VEGAN = re.compile(r"\b(\w+) dishes (?:on this (?:card|menu) )?are vegan", re.I)
MARKED = re.compile(r"\(VG\)")
CHILD = re.compile(r"\bchild", re.I)
KCAL = re.compile(r"(\d[\d,]*)\s*kcal\b")
KJ = re.compile(r"(\d[\d,]*)\s*kJ\b")
STOP = re.compile(r"[.!?]+(?=\s|$)")
KJ_PER_KCAL = 4.184


@dataclass(frozen=True)
class Card:
    name: str
    """The restaurant."""
    task: str
    text: str
    """The answer written right."""
    dish: str
    """A dish's name often misspelt, as the card spells it."""
    mains: int
    limit: int
    """The main courses on the menu, and the note's limit in sentences."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


KETTLE = """# The Copper Kettle: autumn lunch menu and allergens

## Before you order
Every dish below lists the allergens it contains, from the 14 named in UK food law. Three dishes are vegan and marked VG.

## Starters
| Dish | Contains | Price |
|---|---|---|
| Roast squash soup with sourdough (VG) | gluten (wheat), celery | £6.50 |
| Chicken liver pâté, toasted brioche | milk, eggs, gluten (wheat), sulphites | £7.50 |
| Crispy calamari, lemon mayonnaise | molluscs, eggs, gluten (wheat) | £8.00 |

## Mains
| Dish | Contains | Energy | Price |
|---|---|---|---|
| Beer-battered haddock and chips | fish, gluten (wheat, barley), sulphites | 1,120 kcal (4,686 kJ) | £16.00 (child £8.00) |
| Mushroom and chestnut risotto (VG) | celery, sulphites | 640 kcal (2,678 kJ) | £14.50 |
| Pork and leek sausages, mash, onion gravy | milk, mustard, celery, sulphites, gluten (wheat) | 980 kcal (4,100 kJ) | £15.00 (child £7.50) |
| Chicken Caesar salad | eggs, fish (anchovy), milk, gluten (wheat), mustard | 590 kcal (2,469 kJ) | £13.50 |
| Steak and ale pie | gluten (wheat, barley), celery, milk, eggs, sulphites | 1,050 kcal (4,393 kJ) | £17.50 |

## Desserts
| Dish | Contains | Price |
|---|---|---|
| Sticky toffee pudding, custard | milk, eggs, gluten (wheat) | £7.00 (child £3.50) |
| Dark chocolate and orange mousse (VG) | soya | £6.50 |
| Three cheeses, oatcakes and chutney | milk, gluten (oats, wheat), celery, sulphites | £9.50 |

## Allergy advice
Please tell your server about any allergy or intolerance before you order. Our kitchen handles all 14 allergens, so any dish may contain traces of them.
"""

ANCHOR = """**The Bell & Anchor: winter menu allergen guide**

**Before you order**
We list every allergen in each dish, using the 14 named in UK food law. Four dishes are vegan, marked VG.

**Small plates**
- Spiced parsnip soup (VG): celery, mustard. £6.00
- Smoked mackerel pâté on rye: fish, milk, gluten (rye, wheat). £7.50
- Salt and pepper squid: molluscs, gluten (wheat). £8.50
- Crispy cauliflower wings (VG): gluten (wheat), soya, sesame. £7.00

**Large plates**
- Beef bourguignon, mash and greens: celery, milk, sulphites. 780 kcal (3,264 kJ). £19.00 (child £9.50)
- Roast cod, crushed potatoes, salsa verde: fish, mustard, sulphites. 610 kcal (2,552 kJ). £18.00
- Lentil and sweet potato cottage pie (VG): celery, sulphites. 540 kcal (2,259 kJ). £15.00 (child £7.50)
- Chicken, ham and leek pie: gluten (wheat), milk, eggs, celery, mustard. 920 kcal (3,849 kJ). £17.00

**Puddings**
- Apple and blackberry crumble (VG): gluten (wheat, oats). £7.00 (child £3.50)
- Baked vanilla cheesecake: milk, eggs, gluten (wheat). £7.50

**Allergy advice**
Please speak to a member of our team about any allergy before you order. Everything is made in one kitchen, so we cannot guarantee that a dish is free from traces of any allergen.
"""

LUPITA = """Casa Lupita - allergen menu

Please read first:
This card shows the allergens in every dish on our lunch menu. Three dishes are vegan and marked VG.

To start:
1. Tortilla chips with guacamole and salsa (VG) - no major allergens - £5.50
2. Chicken quesadilla - milk, gluten (wheat) - £8.00
3. Prawn tostadas - crustaceans, gluten (wheat), soya - £8.50

Mains:
1. Beef burrito with rice and beans - gluten (wheat), milk, celery - 890 kcal (3,724 kJ) - £13.50 (child £6.75)
2. Black bean and sweet potato tacos (VG) - gluten (wheat), sesame - 620 kcal (2,594 kJ) - £12.00 (child £6.00)
3. Chicken fajitas - gluten (wheat), milk, mustard - 760 kcal (3,180 kJ) - £14.50
4. Grilled sea bass, lime and chilli - fish - 480 kcal (2,008 kJ) - £16.50
5. Pork carnitas bowl - celery, mustard, sulphites - 820 kcal (3,431 kJ) - £13.00

Desserts:
1. Churros with chocolate sauce - gluten (wheat), eggs, milk, soya - £6.00 (child £3.00)
2. Mango sorbet (VG) - no major allergens - £5.00

Allergy advice:
Tell your server about any allergy or intolerance when you order. Our kitchen uses all 14 allergens, so any dish may contain traces of them.
"""

SAFFRON = """### Saffron House: allergen guide to the dinner menu

| | |
|---|---|
| Served | Tuesday to Sunday, 17:30 to 22:00 |
| Kitchen | one shared kitchen |
| Updated | March 2026 |

### A note from the kitchen
Each dish shows the allergens it contains. Four dishes are vegan and marked VG.

### Starters
- Onion bhajis with tamarind chutney (VG): gluten (wheat). £5.50
- Chicken tikka, mint yoghurt: milk, mustard. £7.00
- Vegetable samosas (VG): gluten (wheat), celery. £5.50

### Mains
- Chicken jalfrezi: mustard, celery. 560 kcal (2,343 kJ). £14.50 (child £7.25)
- Lamb rogan josh: milk, celery. 690 kcal (2,887 kJ). £16.00
- Chana masala (VG): mustard. 450 kcal (1,883 kJ). £12.50 (child £6.25)
- King prawn korma: crustaceans, milk, tree nuts (almonds, cashews). 720 kcal (3,012 kJ). £17.50

### Desserts
- Gulab jamun: milk, gluten (wheat). £5.00
- Mango and coconut kulfi (VG): no major allergens. £5.00 (child £2.50)

### Allergies and your order
Please let your server know about any allergy before you order. We cook with nuts and sesame every day, so any dish may contain traces of them.
"""

EXTRA = " We change the menu with the seasons and buy from farms within thirty miles. Our bread is baked every morning. The coffee comes from a roaster in the next village."
NO_STAFF = "Full allergen details are also on our website."

CARDS = (
    Card(
        "The Copper Kettle",
        "Make an allergen card for The Copper Kettle's autumn lunch menu. Start with a short 'before you order' note "
        "(three sentences at most) that says how many dishes are vegan, and mark those VG. Then starters, mains and "
        "desserts, in that order, as tables with each dish's allergens and price. All five mains: haddock and chips, "
        "the mushroom and chestnut risotto, sausages and mash, chicken Caesar salad and steak and ale pie, each with "
        "its energy in kcal and kJ. Children's portions of the haddock, the sausages and the sticky toffee pudding "
        "are half price. Finish with allergy advice: guests should tell their server, and any dish may contain traces.",
        KETTLE,
        "Caesar",
        5,
        3,
        (
            swap_spans(KETTLE, "## Starters", "## Mains", "## Desserts"),
            ("spelling", "Chicken Caesar salad", "Chicken Ceasar salad"),
            ("traces", "so any dish may contain traces of them.", "so we know our ingredients well."),
            ("staff", "Please tell your server about any allergy or intolerance before you order.", NO_STAFF),
            ("intro", "marked VG.", "marked VG." + EXTRA),
            (
                "mains",
                "| Steak and ale pie | gluten (wheat, barley), celery, milk, eggs, sulphites | 1,050 kcal (4,393 kJ) | £17.50 |\n",
                "",
            ),
            ("vegan", "Three dishes are vegan", "Four dishes are vegan"),
            ("children", "£15.00 (child £7.50)", "£15.00 (child £8.50)"),
            ("energy", "(2,678 kJ)", "(2,560 kJ)"),
        ),
    ),
    Card(
        "The Bell & Anchor",
        "We need an allergen guide for the Bell & Anchor's winter menu, with bold headings. A 'before you order' "
        "note of no more than three sentences, including how many dishes are vegan (mark them VG). Small plates "
        "first, then the four large plates (bourguignon, roast cod, lentil cottage pie, chicken ham and leek pie) "
        "with kcal and kJ for each, then puddings. Give every dish's allergens and price; the bourguignon, the cottage "
        "pie and the crumble come as children's portions at half price. End with allergy advice that asks guests to "
        "speak to the team and says we can't guarantee there are no traces.",
        ANCHOR,
        "bourguignon",
        4,
        3,
        (
            swap_spans(ANCHOR, "**Small plates**", "**Large plates**", "**Puddings**"),
            ("spelling", "Beef bourguignon", "Beef bourgignon"),
            (
                "traces",
                "so we cannot guarantee that a dish is free from traces of any allergen.",
                "and everything is cooked fresh to order.",
            ),
            ("staff", "Please speak to a member of our team about any allergy before you order.", NO_STAFF),
            ("intro", "marked VG.", "marked VG." + EXTRA),
            (
                "mains",
                "- Chicken, ham and leek pie: gluten (wheat), milk, eggs, celery, mustard. 920 kcal (3,849 kJ). £17.00\n",
                "",
            ),
            ("vegan", "Four dishes are vegan", "Three dishes are vegan"),
            ("children", "£19.00 (child £9.50)", "£19.00 (child £9.00)"),
            ("energy", "(2,552 kJ)", "(2,440 kJ)"),
        ),
    ),
    Card(
        "Casa Lupita",
        "Allergen menu for Casa Lupita's lunch, in plain text with numbered lists (no Markdown). A short note to "
        "read first, no more than three sentences, with the number of vegan dishes (marked VG). Then to start, the "
        "five mains (burrito, bean tacos, fajitas, sea bass, carnitas bowl, each with kcal and kJ), and desserts. "
        "Every dish needs its allergens and price. Children's portions of the burrito, the tacos and the churros are "
        "half price. Allergy advice last: tell your server, and any dish may contain traces of allergens.",
        LUPITA,
        "quesadilla",
        5,
        3,
        (
            swap_spans(LUPITA, "To start:", "Mains:", "Desserts:"),
            ("spelling", "Chicken quesadilla", "Chicken quesedilla"),
            ("traces", "so any dish may contain traces of them.", "and we make our salsas fresh every day."),
            ("staff", "Tell your server about any allergy or intolerance when you order.", NO_STAFF),
            ("intro", "marked VG.", "marked VG." + EXTRA),
            ("mains", "4. Grilled sea bass, lime and chilli - fish - 480 kcal (2,008 kJ) - £16.50\n", ""),
            ("vegan", "Three dishes are vegan", "Two dishes are vegan"),
            ("children", "£13.50 (child £6.75)", "£13.50 (child £7.75)"),
            ("energy", "(3,180 kJ)", "(3,040 kJ)"),
        ),
    ),
    Card(
        "Saffron House",
        "Write the allergen guide for Saffron House's dinner menu with ### headings and a small table up top (when "
        "we serve, the kitchen, when it was updated). A note from the kitchen of three sentences or fewer saying how "
        "many dishes are vegan (marked VG); starters, then the four mains (jalfrezi, rogan josh, chana masala, prawn "
        "korma) with kcal and kJ, then desserts, each dish with allergens and price. Half-price children's portions "
        "of the jalfrezi, the chana masala and the kulfi. Close by asking guests to let their server know about "
        "allergies, and warn that dishes may contain traces of nuts and sesame.",
        SAFFRON,
        "jalfrezi",
        4,
        3,
        (
            swap_spans(SAFFRON, "### Starters", "### Mains", "### Desserts"),
            ("spelling", "Chicken jalfrezi", "Chicken jalfrezzi"),
            ("traces", "so any dish may contain traces of them.", "and grind our own spices."),
            ("staff", "Please let your server know about any allergy before you order.", NO_STAFF),
            ("intro", "marked VG.", "marked VG." + EXTRA),
            ("mains", "- Lamb rogan josh: milk, celery. 690 kcal (2,887 kJ). £16.00\n", ""),
            ("vegan", "Four dishes are vegan", "Five dishes are vegan"),
            ("children", "£12.50 (child £6.25)", "£12.50 (child £6.50)"),
            ("energy", "(2,343 kJ)", "(2,240 kJ)"),
        ),
    ),
)


def build(card: Card, on: dict[str, bool]) -> str:
    return slipped(card.text, card.slips, on, card.name)


# Reading a card ---------------------------------------------------------------------------------


def sentences(text: str) -> int:
    """The sentences of `text`, counted by their stops."""
    return len(STOP.findall(text))


def dishes(lines: list[str]) -> list[str]:
    """The lines that give a price: a section's dishes."""
    return [line for line in lines if MONEY.search(line)]


def vegan_right(answer: str) -> bool:
    """The count of vegan dishes stated in words is the number of lines marked `(VG)`."""
    stated = VEGAN.search(answer)
    count = number_in(stated.group(1)) if stated else None
    return count is not None and count == sum(bool(MARKED.search(line)) for line in answer.splitlines())


def children_right(answer: str) -> bool:
    """On every line naming a child's portion with two amounts, the last is half the one before it."""
    lines = [amounts for line in answer.splitlines() if CHILD.search(line) and len(amounts := money(line)) >= 2]
    return bool(lines) and all(amounts[-1] * 2 == amounts[-2] for amounts in lines)


def energy_right(answer: str) -> bool:
    """Every line with a kcal and a kJ figure gives the kJ as the kcal converted, to the nearest kJ."""
    lines = [line for line in answer.splitlines() if KCAL.search(line) and KJ.search(line)]
    return bool(lines) and all(converted(line, KCAL, KJ, KJ_PER_KCAL) for line in lines)


WORDINGS = {
    "spelling": ("Spells {dish} correctly", "Gets the spelling of the dish name '{dish}' right"),
    "traces": (
        "Warns that any dish may contain traces of allergens",
        "Includes a cross-contamination warning about traces of allergens",
    ),
    "staff": (
        "Asks guests to tell a member of staff about allergies before ordering",
        "Tells diners to let the server or team know about any allergy",
    ),
    "order": ("Lists the starters before the main courses", "The starters section comes before the mains section"),
    "intro": (
        "Keeps the opening note to {limit} sentences or fewer",
        "The introduction before the dishes is no longer than {limit} sentences",
    ),
    "mains": ("Includes all {mains} main courses", "The mains section lists exactly {mains} dishes"),
    "vegan": (
        "The number of vegan dishes it states matches the dishes marked VG",
        "Says how many dishes are vegan, and exactly that many are marked VG",
    ),
    "children": (
        "Every children's portion is priced at exactly half the full price",
        "The children's prices are half of the adult prices",
    ),
    "energy": (
        "The kJ figures are correct conversions of the kcal figures",
        "Converts each main's energy from kcal to kJ correctly",
    ),
}
"""Two wordings of each kind of criterion, filled from the card."""


def truths(card: Card, answer: str) -> dict[str, bool]:
    intro = " ".join(section(answer, INTRO) or [])
    return {
        "spelling": spellings(answer, card.dish) == {card.dish.lower()},
        "traces": TRACES.search(answer) is not None,
        "staff": STAFF.search(answer) is not None,
        "order": heading_order(answer, STARTERS, MAINS),
        "intro": 0 < sentences(intro) <= card.limit,
        "mains": len(dishes(section(answer, MAINS) or [])) == card.mains,
        "vegan": vegan_right(answer),
        "children": children_right(answer),
        "energy": energy_right(answer),
    }


def candidates(rng: random.Random, card: Card, answer: str) -> list[Criterion]:
    filled = {"dish": card.dish, "mains": NUMBER_WORDS[card.mains], "limit": NUMBER_WORDS[card.limit]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(card, answer).items()
    ]


SWITCHES = ("order", "spelling", "traces", "staff", "intro", "mains", "vegan", "children", "energy")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, CARDS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

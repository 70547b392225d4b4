"""Packing list family (fresh9): a travel packing checklist in Markdown for the trip a task
describes (a city break in Lisbon, a hut-to-hut hike, a beach week in Crete, a business trip to
Chicago), its items as checkboxes under the task's categories, with quantities for the number of
days, the items the task requires and none it forbids, each item's weight and a total, a kind of
answer no grader was run on while any of its rules was written. Run only as `--set fresh9`,
never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the checklist under a title, after a lead-in line or none and with a note after it
or none, its categories under headings or bold lines, written right and then changed by
switches: every item a `- [ ]` checkbox or one a plain bullet, a heading for every category or
one category's items run on under the one before, the per-day items' quantities the number of
days or one a day short, every required item or one swapped for something else, nothing the
task forbids or one such item, a stated total weight that is the items' sum or one off, the
items' weight within the task's limit or over it (a heavier item in place of a light one), and a
stated number of items that is the checklist's or one off. Every truth is a function of the
answer's text: the items are the bullet lines under the headings, their quantities and weights
found by pattern and summed, and the stated count and total read from the lines that are not
items (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "packing_list"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
HEADING = re.compile(r"^\s*(?:#{2,4}\s+(.+?)|\*\*([^*]+?):?\*\*:?)\s*$")
BULLET = re.compile(r"^\s*[-*+]\s+(.*\S)")
BOX = re.compile(r"^\[[ xX]\]\s+")
QTY = re.compile(r"(?:^|\s)[×x]\s?(\d+)\b|\b(\d+)\s?[×x](?=\s)")
WEIGHT = re.compile(r"(\d+(?:\.\d+)?)\s?(kg|g)\b")
COUNT = re.compile(r"\b(\d+)\s+items\b", re.IGNORECASE)
TOTAL = re.compile(r"total|in all|altogether", re.IGNORECASE)


@dataclass(frozen=True)
class Trip:
    task: str
    lead: str
    """The lead-in line, or none; `{count}` and `{total}` are the stated count and total weight."""
    title: str
    head: str
    """How a category's heading is written, with `{name}`."""
    categories: tuple[tuple[str, tuple[str, ...]], ...]
    """(category, its items written right, without the checkbox)."""
    summary: str
    """The line after the list, or none, with `{count}` and `{total}`."""
    note: str
    days: int
    daily: tuple[str, ...]
    """The items the task wants one of for every day."""
    required: tuple[tuple[str, str], ...]
    """(the item, a pattern that finds it)."""
    forbidden: tuple[str, str]
    """(what the task forbids, a pattern that finds it)."""
    limit: int
    """The most the items may weigh, in grams."""
    extra: tuple[int, str]
    """(the category, the forbidden item an answer with one adds)."""
    merged: int
    """The category whose heading an answer without every heading leaves out."""
    off: tuple[int, int]
    """What an answer with a wrong count adds to it, and one with a wrong total to the grams."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


TRIPS = (
    Trip(
        "Make me a packing checklist in Markdown for 5 days in Lisbon, carry-on only. Use checkboxes, group the "
        "items by category (Clothes, Toiletries, Documents, Electronics), one T-shirt, one pair of underwear "
        "and one pair of socks per day, and I must bring my passport, a plug adapter and sunscreen. No laptop "
        "and no hair dryer (the flat has one). Put a weight on each item and give the total: the bag weighs "
        "2.8 kg, so the contents must stay under 4.2 kg. Tell me how many items there are, too.",
        "",
        "# Lisbon, 5 days: carry-on packing list",
        "## {name}",
        (
            (
                "Clothes",
                (
                    "T-shirts × 5 — 750 g",
                    "Underwear × 5 — 300 g",
                    "Socks × 5 pairs — 250 g",
                    "Jeans × 1 — 600 g",
                    "Light jacket × 1 — 450 g",
                    "Sandals × 1 — 400 g",
                ),
            ),
            (
                "Toiletries",
                (
                    "Toothbrush and toothpaste (75 ml) — 120 g",
                    "Sunscreen SPF 50 (100 ml) — 130 g",
                    "Deodorant — 80 g",
                ),
            ),
            ("Documents", ("Passport — 40 g", "Bank card and some euros — 30 g")),
            ("Electronics", ("Phone charger — 80 g", "UK-to-EU plug adapter — 60 g", "E-reader — 180 g")),
        ),
        "**Total:** {count} items, {total}",
        "Wear your trainers on the plane so they don't count against the bag.",
        5,
        ("T-shirts", "Underwear", "Socks"),
        (("passport", r"passport"), ("plug adapter", r"plug adapter"), ("sunscreen", r"sunscreen")),
        ("a laptop or a hair dryer", r"laptop|hair ?dryer"),
        4200,
        (3, "Travel hair dryer — 420 g"),
        1,
        (1, 300),
        (
            ("checkboxes", "- [ ] Deodorant", "- Deodorant"),
            ("quantities", "Socks × 5 pairs — 250 g", "Socks × 4 pairs — 200 g"),
            ("required", "UK-to-EU plug adapter — 60 g", "Power bank — 200 g"),
            ("limit", "Sandals × 1 — 400 g", "Walking boots × 1 — 1.4 kg"),
        ),
    ),
    Trip(
        "I'm doing a 3-day hut-to-hut hike in the Dolomites. Packing checklist please, as Markdown checkboxes "
        "grouped into Clothing, Gear, Food and Health & safety. 3 of each of base layer tops, hiking socks and "
        "underwear. Must-haves: rain jacket, headlamp, first-aid kit. Nothing made of cotton. Weight per item "
        "and a total - my pack can carry at most 6 kg of contents - and say how many items are on the list.",
        "Here's your checklist - {count} items, {total} in all:",
        "## Dolomites hut-to-hut (3 days)",
        "**{name}**",
        (
            (
                "Clothing",
                (
                    "Base layer tops x 3 (merino) - 540 g",
                    "Hiking socks x 3 pairs - 240 g",
                    "Underwear x 3 (synthetic) - 180 g",
                    "Fleece mid layer x 1 - 350 g",
                    "Rain jacket x 1 - 380 g",
                    "Hiking trousers x 1 - 400 g",
                ),
            ),
            (
                "Gear",
                (
                    "Headlamp + spare batteries - 110 g",
                    "Sleeping bag liner (hut rule) - 180 g",
                    "Water bottle 1 l - 150 g",
                    "Trekking poles - 480 g",
                ),
            ),
            ("Food", ("Trail snacks for 3 days - 600 g", "Electrolyte tablets - 50 g")),
            ("Health & safety", ("First-aid kit - 220 g", "Sunscreen 50 ml - 70 g", "Blister plasters - 30 g")),
        ),
        "",
        "Hut breakfasts and dinners are included, so food is snacks only.",
        3,
        ("Base layer tops", "Hiking socks", "Underwear"),
        (("rain jacket", r"rain jacket"), ("headlamp", r"head ?lamp"), ("first-aid kit", r"first[- ]aid")),
        ("cotton", r"cotton"),
        6000,
        (0, "Cotton hoodie x 1 - 520 g"),
        2,
        (-1, -250),
        (
            ("checkboxes", "- [ ] Trekking poles", "- Trekking poles"),
            ("quantities", "Hiking socks x 3 pairs - 240 g", "Hiking socks x 2 pairs - 160 g"),
            ("required", "Headlamp + spare batteries - 110 g", "Phone torch app (no extra weight) - 0 g"),
            ("limit", "Water bottle 1 l - 150 g", "Water bladder 3 l, filled - 3.2 kg"),
        ),
    ),
    Trip(
        "Packing list for a week (7 days) at the beach in Crete, please. Markdown checkboxes, categories "
        "Clothes, Beach, Toiletries and Travel documents, a T-shirt and a pair of underwear for each day, and "
        "make sure there's a passport, sunscreen and a snorkel mask. The hotel gives out beach towels, so don't "
        "pack one. List each item's weight, add them up, keep it to 6 kg, and state the number of items.",
        "Sure! Here's a checklist for your week in Crete.",
        "# Crete beach week - packing checklist",
        "### {name}",
        (
            (
                "Clothes",
                (
                    "7 x T-shirts (1.05 kg)",
                    "7 x underwear (0.42 kg)",
                    "2 x shorts (0.5 kg)",
                    "1 x summer dress (0.25 kg)",
                    "1 x light sweater (0.4 kg)",
                    "1 x flip-flops (0.3 kg)",
                ),
            ),
            ("Beach", ("2 x swimsuits (0.3 kg)", "1 x snorkel mask (0.35 kg)", "1 x sun hat (0.12 kg)")),
            (
                "Toiletries",
                ("1 x sunscreen SPF 50, 200 ml (0.25 kg)", "1 x after-sun lotion (0.2 kg)", "1 x wash bag (0.6 kg)"),
            ),
            ("Travel documents", ("1 x passport (0.04 kg)", "1 x boarding passes, printed (0.02 kg)")),
        ),
        "Total weight: {total} ({count} items)",
        "",
        7,
        ("T-shirts", "underwear"),
        (("passport", r"passport"), ("sunscreen", r"sunscreen"), ("snorkel mask", r"snorkel")),
        ("a beach towel", r"beach towel"),
        6000,
        (1, "1 x beach towel (0.5 kg)"),
        3,
        (2, 400),
        (
            ("checkboxes", "- [ ] 1 x sun hat", "- 1 x sun hat"),
            ("quantities", "7 x underwear (0.42 kg)", "6 x underwear (0.36 kg)"),
            ("required", "1 x snorkel mask (0.35 kg)", "1 x swimming goggles (0.1 kg)"),
            ("limit", "1 x light sweater (0.4 kg)", "1 x DSLR camera and two lenses (2.4 kg)"),
        ),
    ),
    Trip(
        "Write a packing checklist (Markdown, with checkboxes) for my 4-day business trip to Chicago. "
        "Categories: Clothes, Work, Toiletries, Tech. One dress shirt, one pair of socks and one pair of "
        "underwear per day. I need my laptop, business cards and a presentation clicker. It's a formal client "
        "visit, so no jeans. Weigh everything, give the total, stay under 7 kg, and count the items.",
        "Your list for Chicago ({count} items):",
        "# Chicago business trip: 4 days",
        "## {name}",
        (
            (
                "Clothes",
                (
                    "Dress shirts × 4 — 1.0 kg",
                    "Socks × 4 pairs — 0.2 kg",
                    "Underwear × 4 — 0.24 kg",
                    "Suit (worn on the plane) — 0 kg",
                    "Chinos × 1 — 0.5 kg",
                    "Dress shoes × 1 pair — 0.9 kg",
                ),
            ),
            ("Work", ("Business cards — 0.1 kg", "Presentation clicker — 0.05 kg", "Notebook and pen — 0.3 kg")),
            ("Toiletries", ("Shaving kit — 0.3 kg", "Toothbrush and toothpaste — 0.12 kg")),
            ("Tech", ("Laptop 13-inch — 1.3 kg", "Laptop charger — 0.3 kg", "US plug adapter — 0.06 kg")),
        ),
        "**Total weight: {total}**",
        "Suit counted at 0 kg because you'll wear it.",
        4,
        ("Dress shirts", "Socks", "Underwear"),
        (("laptop", r"laptop"), ("business cards", r"business cards"), ("presentation clicker", r"clicker")),
        ("jeans", r"jeans"),
        7000,
        (0, "Jeans × 1 — 0.7 kg"),
        2,
        (1, -200),
        (
            ("checkboxes", "- [ ] Laptop charger", "- Laptop charger"),
            ("quantities", "Dress shirts × 4 — 1.0 kg", "Dress shirts × 3 — 0.75 kg"),
            ("required", "Presentation clicker — 0.05 kg", "Laser pointer pen — 0.05 kg"),
            ("limit", "Notebook and pen — 0.3 kg", "Printed client binders × 2 — 2.6 kg"),
        ),
    ),
)


def build(trip: Trip, on: dict[str, bool]) -> str:
    categories = [(name, list(found)) for name, found in trip.categories]
    if not on["forbidden"]:
        categories[trip.extra[0]][1].append(trip.extra[1])
    blocks: list[str] = []
    for at, (name, found) in enumerate(categories):
        lines = "\n".join(f"- [ ] {item}" for item in found)
        if at == trip.merged and not on["categories"]:
            blocks[-1] += "\n" + lines
        else:
            blocks.append(trip.head.format(name=name) + "\n\n" + lines)
    body = slipped("\n\n".join(blocks), trip.slips, on, trip.title)
    listed = items(body)
    count = len(listed) + (0 if on["count"] else trip.off[0])
    grams = sum(weight(item) or 0 for item in listed) + (0 if on["weight"] else trip.off[1])
    total = f"{grams / 1000:.2f} kg"
    blocks = [trip.lead, trip.title, body, trip.summary, trip.note]
    return "\n\n".join(b.replace("{count}", str(count)).replace("{total}", total) for b in blocks if b)


# Reading a checklist -----------------------------------------------------------------------------


def sections(answer: str) -> list[tuple[str, list[str]]]:
    """(heading, the bullet lines under it, their marks dropped) for every heading but the title."""
    out: list[tuple[str, list[str]]] = []
    for line in answer.splitlines():
        if match := HEADING.match(line):
            out.append(((match.group(1) or match.group(2)).strip(), []))
        elif out and (bullet := BULLET.match(line)):
            out[-1][1].append(bullet.group(1))
    return out


def items(answer: str) -> list[str]:
    """Every item, its checkbox dropped."""
    return [BOX.sub("", line) for _, found in sections(answer) for line in found]


def weight(item: str) -> float | None:
    """The item's weight in grams (its last weight), or None."""
    found = WEIGHT.findall(item)
    if not found:
        return None
    value, unit = found[-1]
    return float(value) * (1000 if unit == "kg" else 1)


def quantity(item: str) -> int | None:
    match = QTY.search(item)
    return int(match.group(1) or match.group(2)) if match else None


def others(answer: str) -> list[str]:
    """The lines that are not items (headings among them)."""
    return [line for line in answer.splitlines() if not BULLET.match(line)]


def stated_total(answer: str) -> float | None:
    for line in others(answer):
        if TOTAL.search(line) and (found := weight(line)) is not None:
            return found
    return None


def stated_count(answer: str) -> int | None:
    match = next((m for line in others(answer) if (m := COUNT.search(line))), None)
    return int(match.group(1)) if match else None


def per_day(found: list[str], word: str, days: int) -> bool:
    item = next((item for item in found if word.lower() in item.lower()), None)
    return item is not None and quantity(item) == days


WORDINGS = {
    "checkboxes": ("Every item is a Markdown checkbox (- [ ])", "All items are written as unchecked checkboxes"),
    "categories": (
        "Groups the items under a heading for each category: {names}",
        "Has a separate section for each of the categories {names}",
    ),
    "quantities": (
        "The quantities of {daily} match the {days} days of the trip",
        "Packs one of each of {daily} per day ({days} of each)",
    ),
    "required": ("Includes {wanted}", "The list contains all the must-have items: {wanted}"),
    "forbidden": ("Does not include {forbidden}", "Leaves out {forbidden}, as the task asks"),
    "weight": (
        "The stated total weight equals the sum of the item weights",
        "The item weights add up to the total weight given",
    ),
    "limit": ("The items weigh {kg} or less in total", "The packed items stay within the {kg} weight limit"),
    "count": (
        "States the number of items, and it matches the checklist",
        "The item count given agrees with how many items are listed",
    ),
}
"""Two wordings of each kind of criterion, with `{names}` filled from the trip (`values`)."""


def values(trip: Trip) -> dict[str, object]:
    return {
        "names": ", ".join(name for name, _ in trip.categories),
        "daily": ", ".join(trip.daily),
        "days": trip.days,
        "wanted": ", ".join(name for name, _ in trip.required),
        "forbidden": trip.forbidden[0],
        "kg": f"{trip.limit / 1000:g} kg",
    }


def truths(trip: Trip, answer: str) -> dict[str, bool]:
    found = sections(answer)
    listed = items(answer)
    raw = [line for _, lines in found for line in lines]
    weights = [weight(item) for item in listed]
    grams = sum(w or 0 for w in weights)
    return {
        "checkboxes": bool(raw) and all(BOX.match(line) for line in raw),
        "categories": all(
            any(name.lower() == head.lower() and lines for head, lines in found) for name, _ in trip.categories
        ),
        "quantities": all(per_day(listed, word, trip.days) for word in trip.daily),
        "required": all(any(re.search(p, item, re.IGNORECASE) for item in listed) for _, p in trip.required),
        "forbidden": bool(listed) and not any(re.search(trip.forbidden[1], item, re.IGNORECASE) for item in listed),
        "weight": bool(listed) and None not in weights and abs((stated_total(answer) or -1) - grams) < 1,
        "limit": bool(listed) and None not in weights and grams <= trip.limit,
        "count": stated_count(answer) == len(listed),
    }


def candidates(rng: random.Random, trip: Trip, answer: str) -> list[Criterion]:
    filled = values(trip)
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(trip, answer).items()
    ]


SWITCHES = ("checkboxes", "categories", "quantities", "required", "forbidden", "weight", "limit", "count")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, TRIPS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

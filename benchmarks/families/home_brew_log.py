"""Home brew log family (fresh40): the log of a batch a home brewer asks for (a pale ale, an oatmeal stout, a
pilsner with its lagering, a garden-apple cider), with the batch, the day's steps, fermentation, the gravity
readings and strength, bottling and priming, tasting notes and what to change next time, a kind of answer no grader
was run on while any of its rules was written. Run only as `--set fresh40`, never in `all`, `new`, `docs`, `held` or
an earlier fresh set.

An answer is the log (Markdown headings with the readings in a table, bold labels with bullets, plain `Label:` lines
with numbered lists, or `###` headings under a key-facts table), written right and then changed by switches. Every
truth is read from the text: the yeast as each mention of its brand and code, not-for-sale and sanitising by the
words that write them, the sections by their headings, the day's steps as the list items of their section, the
tasting notes' sentences under their heading, the strength from the lines naming the original and final gravity and
the ABV, the priming sugar from the line naming it (grams per litre times litres against the last grams), and the
days from the first line with two dates against the days it states.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    NAMED_DATE,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    date_in,
    figure_value,
    first_figure,
    heading_order,
    line_with,
    listed,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
)

FAMILY = "home_brew_log"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
NOT_FOR_SALE = re.compile(r"\bnot for sale\b|\bnot (?:to )?be sold\b", re.I)
SANITISE = re.compile(r"\bsanit[iy][sz]|\bsteril[iy][sz]", re.I)
READINGS = r"reading"
TASTING = r"tasting"
STEPS = r"brew day|pressing"
GRAVITY = re.compile(r"\b(1\.\d{3})\b")
PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%")
PER_LITRE = re.compile(r"(\d+(?:\.\d+)?)\s*g\s+(?:per|a)\s+litre\b")
LITRES = re.compile(r"(\d+(?:\.\d+)?)\s*litres\b")
GRAMS = re.compile(r"(\d+(?:\.\d+)?)\s*g\b")
DAYS = re.compile(r"\b(\d+)\s+days\b")
SENTENCE_END = re.compile(r"[.!?](?=\s|$)")
ABV_PER_POINT = 131.25


@dataclass(frozen=True)
class Brew:
    name: str
    """The batch."""
    task: str
    text: str
    """The answer written right."""
    brand: str
    yeast: str
    """The yeast's brand, and its brand and code as the answer writes them."""
    steps: int
    limit: int
    """The day's steps asked for and the tasting notes' limit in sentences."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HARBOUR = """# Brew log: Harbour Pale Ale, batch 7

For home use only; not for sale.

**Style:** American pale ale
**Batch size:** 19 litres
**Yeast:** Safale US-05

## Brew day
1. Mashed 4.2 kg of pale malt and 0.3 kg of crystal malt at 66 °C for 60 minutes.
2. Sparged to collect 24 litres of wort.
3. Boiled for 60 minutes, with 25 g of Cascade at the start and 40 g at flame-out.
4. Cooled to 20 °C and ran 20 litres into the fermenter.
5. Pitched one packet of Safale US-05.

## Fermentation
Pitched on 3 May 2026 and bottled on 17 May 2026 (14 days), at 19 °C in the spare room.

## Readings
| Reading | Value |
|---|---|
| Original gravity | 1.048 |
| Final gravity | 1.010 |
| ABV | 5.0% |

## Bottling
- Sanitised the bottles, caps and bottling wand with Star San before filling.
- Priming sugar: 6 g per litre for 19 litres, 114 g in all.

## Tasting notes
Golden and slightly hazy, with grapefruit and pine on the nose. The finish is clean and bitter. It needs another week in the bottle to clear.

## Next time
Use 10 g more Cascade at flame-out for a bigger aroma.
"""

NIGHTJAR = """**Brew log: Nightjar Oatmeal Stout (batch 2)**

Brewed at home for family and friends; not for sale.

**Batch:** 20 litres, all grain
**Yeast:** Safale S-04

**Brew day**
- Mashed 4 kg of Maris Otter, 500 g of flaked oats, 400 g of roasted barley and 250 g of chocolate malt at 67 °C for an hour.
- Boiled for 60 minutes with 50 g of East Kent Goldings.
- Chilled to 19 °C and topped up to 21 litres.
- Pitched one sachet of Safale S-04, rehydrated first.

**Fermentation**
- Pitched on 10 May 2026 and bottled on 31 May 2026 (21 days), at 18 °C.

**Gravity readings**
- Original gravity: 1.056
- Final gravity: 1.015
- ABV: 5.4%

**Bottling**
- Sanitised 40 bottles with a no-rinse sanitiser the night before.
- Priming sugar: 5 g per litre for 20 litres, 100 g in all.

**Tasting notes**
Black with a tan head, and smooth from the oats, with coffee and dark chocolate. Lovely on a cold evening.

**Next time**
- Try 100 g less roasted barley for a softer finish.
"""

MEADOW = """BREW LOG: Meadow Pils, batch 4
Not for sale: brewed for home use only.

Style: Czech-style pilsner
Volume: 22 litres
Yeast: Saflager W-34/70

Brew day:
1. Mashed 4.5 kg of pilsner malt at 64 °C for 75 minutes.
2. Sparged with 14 litres of water at 76 °C.
3. Boiled for 90 minutes with 60 g of Saaz at the start and 30 g at 15 minutes.
4. Chilled to 12 °C with the immersion chiller.
5. Pitched two sachets of Saflager W-34/70.
6. Held at 11 °C for fermentation, then lagered in the garage fridge at 2 °C.

Fermentation:
Pitched on 1 March 2026 and bottled on 5 April 2026 (35 days), after four weeks of lagering.

Gravity readings:
Original gravity: 1.044
Final gravity: 1.009
ABV: 4.6%

Bottling:
1. Sanitised the bottles and caps with Star San.
2. Priming sugar: 5.5 g per litre for 22 litres, 121 g in all.

Tasting notes:
Pale gold and bright. Soft bready malt and a spicy Saaz bitterness. Crisp, dry finish.

Next time:
1. Try a longer diacetyl rest at 16 °C.
"""

ORCHARD = """### Cider log: Orchard Gold, batch 1

| Batch | |
|---|---|
| Apples | Bramley and Cox from the garden trees |
| Volume | 15 litres of juice |
| Yeast | Mangrove Jack's M02 |
| Use | home use only, not for sale |

### Pressing day
1. Washed and picked over 25 kg of apples.
2. Scratted and pressed them to 15 litres of juice.
3. Added 1 crushed Campden tablet and left it for 24 hours.
4. Pitched Mangrove Jack's M02 cider yeast.

### Fermentation
Pitched on 4 October 2025 and bottled on 1 November 2025 (28 days), in the utility room at 17 °C.

### Readings
| Reading | Value |
|---|---|
| Original gravity | 1.050 |
| Final gravity | 1.000 |
| ABV | 6.6% |

### Bottling
- Sanitised the swing-top bottles with a no-rinse sanitiser.
- Priming sugar: 7 g per litre for 15 litres, 105 g in all.

### Tasting notes
Bone dry and sharp, with a clean apple finish. It needs a month in the bottle to soften.

### Next time
Blend in more Cox for a sweeter cider.
"""

EXTRA = (
    " It poured with a firm head that lasted to the bottom of the glass. Two friends tried it on Saturday and both"
    " went back for a second bottle. I will open another one at the end of the month to see how it changes. Overall"
    " I am really pleased with how this batch turned out."
)

BREWS = (
    Brew(
        "Harbour Pale Ale",
        "Write up my brew log for Harbour Pale Ale, batch 7, in Markdown. Say it's for home use and not for sale. "
        "19 litres, yeast Safale US-05. Brew day as five numbered steps: mash 4.2 kg pale and 0.3 kg crystal at "
        "66 °C, sparge to 24 litres, 60-minute boil with 25 g Cascade at the start and 40 g at flame-out, cool and "
        "run 20 litres off, pitch. Pitched 3 May 2026, bottled 17 May 2026: say how many days. Readings in a table "
        "before the tasting notes: OG 1.048, FG 1.010, and the ABV by (OG - FG) x 131.25. Bottling: bottles "
        "sanitised with Star San; priming sugar at 6 g per litre for 19 litres, with the total. Tasting notes in "
        "four sentences at most (golden, hazy, grapefruit and pine, clean bitter finish), then next time.",
        HARBOUR,
        "Safale",
        "Safale US-05",
        5,
        4,
        (
            swap_spans(HARBOUR, "## Readings", "## Tasting notes", "## Next time"),
            ("yeast", "packet of Safale US-05", "packet of Safale US-04"),
            ("no_sale", "For home use only; not for sale.", "Brewed for the street party in June."),
            (
                "sanitise",
                "Sanitised the bottles, caps and bottling wand with Star San",
                "Rinsed the bottles, caps and bottling wand with hot water",
            ),
            ("steps", "4. Cooled to 20 °C and ran 20 litres into the fermenter.\n5. Pitched", "4. Pitched"),
            ("notes", "in the bottle to clear.", "in the bottle to clear." + EXTRA),
            ("abv", "| ABV | 5.0% |", "| ABV | 3.8% |"),
            ("priming", "114 g in all", "104 g in all"),
            ("days", "(14 days)", "(13 days)"),
        ),
    ),
    Brew(
        "Nightjar Oatmeal Stout",
        "Brew log for batch 2 of my Nightjar Oatmeal Stout, with bold labels and bullet points, please. It's brewed "
        "for family and friends, not for sale: say so. 20 litres, Safale S-04. Four brew-day bullets (the mash "
        "with 4 kg Maris Otter, 500 g oats, 400 g roasted barley, 250 g chocolate malt at 67 °C; the boil with "
        "50 g Goldings; chill and top up to 21 litres; pitch the rehydrated S-04). Pitched 10 May 2026, bottled 31 "
        "May 2026, with the days between. OG 1.056 and FG 1.015 with the ABV ((OG - FG) x 131.25), before the "
        "tasting notes. Bottling: 40 bottles sanitised the night before; priming at 5 g a litre for 20 litres and "
        "the total. Tasting notes no more than three sentences. Then a next-time bullet.",
        NIGHTJAR,
        "Safale",
        "Safale S-04",
        4,
        3,
        (
            swap_spans(NIGHTJAR, "**Gravity readings**", "**Tasting notes**", "**Next time**"),
            ("yeast", "sachet of Safale S-04", "sachet of Safale S-40"),
            ("no_sale", "Brewed at home for family and friends; not for sale.", "Brewed at home for Dad's 60th."),
            ("sanitise", "Sanitised 40 bottles with a no-rinse sanitiser", "Washed 40 bottles in hot soapy water"),
            ("steps", "- Boiled for 60 minutes with 50 g of East Kent Goldings.\n", ""),
            ("notes", "on a cold evening.", "on a cold evening." + EXTRA),
            ("abv", "- ABV: 5.4%", "- ABV: 4.1%"),
            ("priming", "100 g in all", "110 g in all"),
            ("days", "(21 days)", "(20 days)"),
        ),
    ),
    Brew(
        "Meadow Pils",
        "Plain text with 'Label:' headings and numbered lists: my brew log for Meadow Pils, batch 4, a Czech-style "
        "pilsner, 22 litres, Saflager W-34/70, for home use and not for sale (put that at the top). Six brew-day "
        "steps: mash 4.5 kg pilsner malt at 64 °C for 75 minutes, sparge with 14 litres at 76 °C, 90-minute boil "
        "(60 g Saaz at the start, 30 g at 15 minutes), chill to 12 °C, pitch two sachets, ferment at 11 °C then lager "
        "at 2 °C. Pitched 1 March 2026, bottled 5 April 2026: how many days? Gravity readings (OG 1.044, FG 1.009, ABV "
        "by (OG - FG) x 131.25) before tasting notes. Bottling: sanitised with Star San; priming 5.5 g per litre for "
        "22 litres and the total. Tasting notes in four sentences or fewer.",
        MEADOW,
        "Saflager",
        "Saflager W-34/70",
        6,
        4,
        (
            swap_spans(MEADOW, "Gravity readings:", "Tasting notes:", "Next time:"),
            ("yeast", "sachets of Saflager W-34/70", "sachets of Saflager S-23"),
            ("no_sale", "Not for sale: brewed for home use only.", "Brewed for the allotment summer party."),
            ("sanitise", "Sanitised the bottles and caps with Star San.", "Rinsed the bottles and caps under the tap."),
            ("steps", "6. Held at 11 °C for fermentation, then lagered in the garage fridge at 2 °C.\n", ""),
            ("notes", "Crisp, dry finish.", "Crisp, dry finish." + EXTRA),
            ("abv", "ABV: 4.6%", "ABV: 5.2%"),
            ("priming", "121 g in all", "112 g in all"),
            ("days", "(35 days)", "(34 days)"),
        ),
    ),
    Brew(
        "Orchard Gold",
        "Can you write up my cider log for Orchard Gold, batch 1, with ### headings and a small key-facts table at "
        "the top (apples: Bramley and Cox from the garden; 15 litres of juice; yeast Mangrove Jack's M02; home use "
        "only, not for sale)? Pressing day as four numbered steps: wash and pick over 25 kg of apples, scrat and "
        "press to 15 litres, one Campden tablet and 24 hours, pitch the yeast. Pitched 4 October 2025, bottled 1 "
        "November 2025, and the number of days. Readings in a table (OG 1.050, FG 1.000, ABV from (OG - FG) x "
        "131.25) before the tasting notes, which must be three sentences at most. Bottling: swing-tops sanitised; "
        "priming at 7 g per litre for 15 litres, with the total. Next time: more Cox.",
        ORCHARD,
        "Mangrove Jack's",
        "Mangrove Jack's M02",
        4,
        3,
        (
            swap_spans(ORCHARD, "### Readings", "### Tasting notes", "### Next time"),
            ("yeast", "Jack's M02 cider yeast", "Jack's M20 cider yeast"),
            ("no_sale", "| home use only, not for sale |", "| for the village show in the spring |"),
            ("sanitise", "Sanitised the swing-top bottles with a no-rinse sanitiser.", "Rinsed the swing-top bottles."),
            ("steps", "3. Added 1 crushed Campden tablet and left it for 24 hours.\n4. Pitched", "3. Pitched"),
            ("notes", "in the bottle to soften.", "in the bottle to soften." + EXTRA),
            ("abv", "| ABV | 6.6% |", "| ABV | 5.0% |"),
            ("priming", "105 g in all", "115 g in all"),
            ("days", "(28 days)", "(27 days)"),
        ),
    ),
)


def build(brew: Brew, on: dict[str, bool]) -> str:
    return slipped(brew.text, brew.slips, on, brew.name)


# Reading a log ---------------------------------------------------------------------------------


def yeast_right(brew: Brew, answer: str) -> bool:
    """Whether every mention of the yeast's brand goes on with the same code, the one asked for."""
    return set(re.findall(rf"{re.escape(brew.brand)}\s+[\w/-]+", answer)) == {brew.yeast}


def sentences(text: str) -> int:
    """The sentences of `text`: its full stops, question and exclamation marks that end a word."""
    return len(SENTENCE_END.findall(text))


def tasting(answer: str) -> str:
    return " ".join(section(answer, TASTING) or [])


def abv_right(answer: str) -> bool:
    """Whether the ABV line's percentage is (OG - FG) x 131.25 to half a unit of its last written digit."""
    original = first_figure(GRAVITY, line_with(answer, "original gravity"))
    final = first_figure(GRAVITY, line_with(answer, "final gravity"))
    abv = PERCENT.search(line_with(answer, "abv"))
    if original is None or final is None or abv is None:
        return False
    places = len(abv.group(1).partition(".")[2])
    return abs((original - final) * ABV_PER_POINT - figure_value(abv.group(1))) <= 0.5 * 10**-places + 1e-9


def priming_right(answer: str) -> bool:
    """Whether the priming line's grams per litre times its litres is the last weight in grams it writes."""
    line = line_with(answer, "priming")
    per, litres, grams = first_figure(PER_LITRE, line), first_figure(LITRES, line), GRAMS.findall(line)
    if per is None or litres is None or len(grams) < 2:
        return False
    return abs(per * litres - figure_value(grams[-1])) < 1e-9


def days_right(answer: str) -> bool:
    """Whether the first line with two dates states the days between them."""
    for line in answer.splitlines():
        dates = [date_in(found.group(0)) for found in NAMED_DATE.finditer(line)]
        if len(dates) >= 2 and dates[0] and dates[1]:
            stated = first_figure(DAYS, line)
            return stated is not None and (dates[1] - dates[0]).days == stated
    return False


WORDINGS = {
    "yeast": ("Names the yeast as {yeast} every time", "Gives the yeast strain, {yeast}, the same way throughout"),
    "no_sale": ("Says the batch is for home use only and not for sale", "States that the brew is not for sale"),
    "sanitise": ("Mentions sanitising the bottles before filling them", "Says the bottles were sanitised"),
    "order": (
        "Gives the gravity readings before the tasting notes",
        "The readings section comes before the tasting notes",
    ),
    "steps": (
        "Sets out the day's method in exactly {steps} steps",
        "The brewing or pressing steps are a list of {steps} items",
    ),
    "notes": (
        "Keeps the tasting notes to {limit} sentences or fewer",
        "The tasting notes are no longer than {limit} sentences",
    ),
    "abv": (
        "The ABV is worked out correctly from the gravities as (OG - FG) x 131.25",
        "The stated ABV matches the original and final gravity using (OG - FG) x 131.25",
    ),
    "priming": (
        "The total priming sugar equals the grams per litre times the litres",
        "Works out the total weight of priming sugar correctly",
    ),
    "days": (
        "The number of days between pitching and bottling matches the two dates",
        "States how many days it fermented correctly from the dates given",
    ),
}
"""Two wordings of each kind of criterion, filled from the brew."""


def truths(brew: Brew, answer: str) -> dict[str, bool]:
    return {
        "yeast": yeast_right(brew, answer),
        "no_sale": NOT_FOR_SALE.search(answer) is not None,
        "sanitise": SANITISE.search(answer) is not None,
        "order": heading_order(answer, READINGS, TASTING),
        "steps": len(listed(section(answer, STEPS) or [])) == brew.steps,
        "notes": 0 < sentences(tasting(answer)) <= brew.limit,
        "abv": abv_right(answer),
        "priming": priming_right(answer),
        "days": days_right(answer),
    }


def candidates(rng: random.Random, brew: Brew, answer: str) -> list[Criterion]:
    filled = {"yeast": brew.yeast, "steps": NUMBER_WORDS[brew.steps], "limit": NUMBER_WORDS[brew.limit]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(brew, answer).items()
    ]


SWITCHES = ("order", "yeast", "no_sale", "sanitise", "steps", "notes", "abv", "priming", "days")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, BREWS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

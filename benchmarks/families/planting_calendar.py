"""Planting calendar family (fresh30): the year's planting calendar a gardener asks for (a raised
vegetable bed, a cut-flower border, balcony herb pots, an allotment of squash and beans), with the
growing space and its area, a key sowing date and when to expect the harvest, what to do month by month
with the spacings in cm and inches, the seeds to buy and a few tips, a kind of answer no grader was run
on while any of its rules was written. Run only as `--set fresh30`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the calendar (Markdown headings with the months in a table, bold labels with a bullet per
month, plain `Label:` lines with a line per month, or a `###` heading per month under a key-facts
table), written right and then changed by switches. Every truth is read from the text: the sections by
their headings, the months as the lines that open with a month's name, the seeds as the list items
under their heading, the tips' words as runs of letters, the spacings from every line with a cm and an
inch figure, the harvest from the first line with a number of weeks and two dates, and the area from
`L m × W m (A m²)`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import (
    MONTHS,
    NAMED_DATE,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    converted,
    listed,
    number_in,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_lines,
    swap_spans,
    switched_cases,
    word_count,
)

FAMILY = "planting_calendar"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
PEAT = re.compile(r"\bpeat\b(?![- ]free)", re.I)
HARDEN = re.compile(r"\bharden(?:ing|ed)?\b(?:\s+\w+){0,2}?\s+off\b", re.I)
MONTH_LINE = re.compile(
    r"^[\s#*|•-]*(january|february|march|april|may|june|july|august|september|october|november|december)\b", re.I
)
SEEDS = r"seeds? to buy|shopping list|seed list"
TIPS = r"\btips\b"
CM = re.compile(r"(\d+(?:\.\d+)?)\s*cm\b")
INCHES = re.compile(r"(\d+(?:\.\d+)?)\s*(?:in|inches)\b")
WEEKS = re.compile(r"\b(\w+) weeks\b", re.I)
AREA = re.compile(
    r"(\d+(?:\.\d+)?)\s*m\s*[×x]\s*(\d+(?:\.\d+)?)\s*m\b[^(\n]*\((\d+(?:\.(\d+))?)\s*(?:m²|m2|sq m|square metres)\)"
)
INCHES_PER_CM = 1 / 2.54


@dataclass(frozen=True)
class Calendar:
    name: str
    """The garden."""
    task: str
    text: str
    """The answer written right."""
    plant: str
    """A plant's name often misspelt, as the calendar spells it (in the singular)."""
    seeds: int
    limit: int
    """The seed packets to buy, and the tips' limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


BED = """# Planting calendar: raised vegetable bed, 2026

## The bed
A 3 m × 1.2 m raised bed (3.6 m²) in full sun, topped up each spring with peat-free compost.

## Key dates
- Last frost: around 20 April
- Courgettes: sow indoors on 18 April 2026; the first fruit come about 10 weeks later, around 27 June 2026.

## Month by month
| Month | Sow | Plant out | Harvest |
|---|---|---|---|
| March | broad beans and peas in pots | | |
| April | courgettes and tomatoes indoors; carrots and beetroot outside | broad beans, 20 cm (8 in) apart | |
| May | French beans, lettuce | peas; harden off the tomatoes and courgettes for a week first | radishes |
| June | more lettuce and beetroot | tomatoes 45 cm (18 in) apart | broad beans, lettuce |
| July | spring cabbage | courgettes, 90 cm (35 in) apart, if not in already | French beans, beetroot |
| August | | spring cabbage | tomatoes, carrots, courgettes |
| September | | | the last tomatoes and beans; clear and mulch |

## Seeds to buy
- Broad bean 'Aquadulce'
- Pea 'Hurst Green Shaft'
- Courgette 'Defender'
- Tomato 'Sungold'
- Carrot 'Flyaway'
- Lettuce 'Little Gem'

## Tips
Water the courgettes and tomatoes at the base, not over the leaves. Feed the tomatoes every week. Pick courgettes small and often.
"""

BORDER = """**Cut-flower border: planting calendar for 2026**

**The border**
A sunny border 4 m × 0.8 m (3.2 m²) along the back fence, dug over in autumn with peat-free compost.

**Month by month**
- February: sow sweet peas in root trainers on the windowsill
- March: sow cosmos and zinnias indoors; pinch out the sweet peas
- April: harden off the sweet peas for ten days, then plant them 20 cm (8 in) apart against the fence
- May: plant out cosmos 45 cm (18 in) apart after the last frost; sow calendula where it is to flower
- June: plant out the zinnias 30 cm (12 in) apart; start cutting sweet peas
- July: cut flowers two or three times a week so the plants keep flowering
- August: collect seed from the calendula; keep cutting the cosmos and zinnias
- September: sow hardy annuals for next spring; pull out the sweet peas

**Key date**
Zinnias sown on 14 March 2026 should give their first flowers about 13 weeks later, around 13 June 2026.

**Seeds to buy**
- Sweet pea 'Matucana'
- Cosmos 'Purity'
- Zinnia 'Benary's Giant'
- Calendula 'Indian Prince'
- Cornflower 'Blue Ball'

**Tips**
Cut sweet peas every few days, or they stop flowering. Stake the cosmos before it gets tall. Water in the evening in dry spells.
"""

BALCONY = """Balcony herb calendar for 2026

Space:
A south-facing balcony 2.5 m x 1.5 m (3.75 m2) with room for six pots and a trough.

Pots and compost:
Use 30 cm (12 in) pots filled with peat-free compost and a handful of grit in each.

Month by month:
March - sow basil, coriander and parsley on a warm windowsill
April - pot on the seedlings; sow chives
May - harden off the basil and coriander for a week, then move them out after mid-May
June - pinch out the basil tips; sow more coriander every three weeks
July - water every evening; harvest little and often
August - cut the parsley and chives hard for fresh leaves
September - bring the basil indoors before the nights turn cold

Key date:
Coriander sown on 6 March 2026 is ready to pick about 6 weeks later, around 17 April 2026.

Seeds to buy:
1. Basil 'Sweet Genovese'
2. Coriander 'Calypso'
3. Flat-leaf parsley 'Gigante'
4. Chives

Tips:
Water the pots in the morning on hot days and group them to shade each other. Never leave basil in a cold, wet saucer.
"""

PLOT = """### Allotment calendar 2026: squash, beans and nasturtiums

| | |
|---|---|
| Plot | half plot, 12.5 m × 5 m (62.5 m²) |
| Soil | heavy clay, mulched every autumn with peat-free compost |
| Last frost | usually mid-May |

### April
- Sow squash and runner beans indoors in 9 cm (3.5 in) pots
- Sow nasturtiums in modules

### May
- Put up the bean poles 30 cm (12 in) apart
- Harden off the squash, beans and nasturtiums for a week

### June
- Plant the squash out with the nasturtiums around their feet
- Plant a runner bean at the foot of each pole

### July
- Water the squash twice a week, soaking the roots
- Pick runner beans every other day

### August
- Pick nasturtium flowers and leaves for salads
- Keep picking beans before they get stringy

### September
- Cut the squash when the stalks crack, and cure them in the sun for ten days

### Key date
Squash sown on 25 April 2026 should be ready to cut about 20 weeks later, around 12 September 2026.

### Seeds to buy
- Squash 'Crown Prince'
- Squash 'Uchiki Kuri'
- Runner bean 'Firestorm'
- Nasturtium 'Empress of India'

### Tips
Squash are hungry: dig a bucket of compost into each planting hole. Nasturtiums draw blackfly away from the beans, so leave them be.
"""

EXTRA = " Keep a notebook of what you sowed and when, because it makes next year's plan far easier. A water butt by the shed saves a lot of trips with the can. Check under the leaves for slugs after rain, especially on warm evenings in early summer."

CALENDARS = (
    Calendar(
        "Raised vegetable bed",
        "Make me a 2026 planting calendar for my raised vegetable bed (3 m by 1.2 m; give the area too). Start with "
        "the bed, then key dates: last frost about 20 April, and courgettes sown indoors on 18 April take about 10 "
        "weeks to fruit, so give the date. Then a month-by-month table from March to September with what to sow, "
        "plant out and harvest, spacings in cm and inches. Remind me to harden off anything raised indoors. Then a list "
        "of the 6 seed packets to buy and a few tips (40 words max). Peat-free only, please.",
        BED,
        "Courgette",
        6,
        40,
        (
            swap_lines(BED, "| May |", "| June |", "months"),
            ("name", "- Courgettes: sow indoors", "- Corgettes: sow indoors"),
            ("no_peat", "with peat-free compost", "with peat-based compost"),
            (
                "harden",
                "harden off the tomatoes and courgettes for a week first",
                "water the tomatoes and courgettes well first",
            ),
            ("seeds", "- Tomato 'Sungold'\n", ""),
            ("tips", "small and often.", "small and often." + EXTRA),
            ("spacing", "20 cm (8 in)", "20 cm (7 in)"),
            ("harvest", "around 27 June 2026", "around 4 July 2026"),
            ("area", "(3.6 m²)", "(8.4 m²)"),
        ),
    ),
    Calendar(
        "Cut-flower border",
        "Planting calendar for my cut-flower border, 4 m long and 0.8 m deep (work out the area), for 2026, with "
        "bold headings. A line per month from February to September: sweet peas, cosmos, zinnias, calendula, with "
        "planting distances in cm and inches. Say when to harden off the sweet peas. Zinnias sown on 14 March take "
        "about 13 weeks to flower; give the date. A list of the five seed packets I need, and tips of no more than "
        "40 words. I only use peat-free compost.",
        BORDER,
        "Zinnia",
        5,
        40,
        (
            swap_lines(BORDER, "- June:", "- July:", "months"),
            ("name", "Zinnias sown on", "Zinias sown on"),
            ("no_peat", "with peat-free compost", "with peat-based compost"),
            (
                "harden",
                "harden off the sweet peas for ten days, then plant them",
                "water the sweet peas well, then plant them",
            ),
            ("seeds", "- Cosmos 'Purity'\n", ""),
            ("tips", "in dry spells.", "in dry spells." + EXTRA),
            ("spacing", "45 cm (18 in)", "45 cm (15 in)"),
            ("harvest", "around 13 June 2026", "around 20 June 2026"),
            ("area", "(3.2 m²)", "(9.6 m²)"),
        ),
    ),
    Calendar(
        "Balcony herbs",
        "A plain-text herb calendar for my balcony for 2026 (no Markdown, please). The balcony is 2.5 m x 1.5 m; "
        "include its area. I grow basil, coriander, parsley and chives in 30 cm pots (give inches too) with peat-free "
        "compost. One line per month, March to September, including when to harden off the basil and coriander. "
        "Coriander sown on 6 March 2026 is ready in about 6 weeks: give the date. Then a numbered list of the four "
        "seed packets to buy, and tips in 40 words or fewer.",
        BALCONY,
        "Coriander",
        4,
        40,
        (
            swap_lines(BALCONY, "July -", "August -", "months"),
            ("name", "Coriander sown on", "Corriander sown on"),
            ("no_peat", "filled with peat-free compost", "filled with peat compost"),
            (
                "harden",
                "harden off the basil and coriander for a week, then move them out",
                "move the basil and coriander out",
            ),
            ("seeds", "3. Flat-leaf parsley 'Gigante'\n", ""),
            ("tips", "a cold, wet saucer.", "a cold, wet saucer." + EXTRA),
            ("spacing", "30 cm (12 in)", "30 cm (10 in)"),
            ("harvest", "around 17 April 2026", "around 24 April 2026"),
            ("area", "(3.75 m2)", "(8 m2)"),
        ),
    ),
    Calendar(
        "Allotment",
        "Allotment calendar for 2026 with a ### heading for each month from April to September, under a small table "
        "with the plot (half plot, 12.5 m × 5 m, with its area), the soil (heavy clay, peat-free mulch) and the last "
        "frost. Squash, runner beans and nasturtiums; pot and pole spacings in cm and inches, and a reminder to harden "
        "off. Squash sown on 25 April 2026 need about 20 weeks: give the cutting date. List the four seed packets to "
        "buy, then tips, 40 words at most.",
        PLOT,
        "Nasturtium",
        4,
        40,
        (
            swap_spans(PLOT, "### June", "### July", "### August", "months"),
            ("name", "- Nasturtium 'Empress of India'", "- Nasturtiam 'Empress of India'"),
            ("no_peat", "with peat-free compost", "with peat compost"),
            (
                "harden",
                "- Harden off the squash, beans and nasturtiums for a week",
                "- Move the squash, beans and nasturtiums outside",
            ),
            ("seeds", "- Squash 'Uchiki Kuri'\n", ""),
            ("tips", "so leave them be.", "so leave them be." + EXTRA),
            ("spacing", "30 cm (12 in)", "30 cm (10 in)"),
            ("harvest", "around 12 September 2026", "around 5 September 2026"),
            ("area", "(62.5 m²)", "(35 m²)"),
        ),
    ),
)


def build(calendar: Calendar, on: dict[str, bool]) -> str:
    return slipped(calendar.text, calendar.slips, on, calendar.name)


# Reading a calendar -----------------------------------------------------------------------------


def spelt_right(answer: str, plant: str) -> bool:
    """Every word like the plant's name is the name or its plural, and it is there."""
    found = spellings(answer, plant)
    return bool(found) and found <= {plant.lower(), plant.lower() + "s"}


def months_in_order(answer: str) -> bool:
    """The lines that open with a month's name name the months in calendar order, each once."""
    months = [MONTHS.index(m.group(1).lower()[:3]) for line in answer.splitlines() if (m := MONTH_LINE.match(line))]
    return len(months) > 1 and all(a < b for a, b in zip(months, months[1:], strict=False))


def spacings_right(answer: str) -> bool:
    """Every line with a cm and an inch figure gives the inches as the cm converted, to the digit written."""
    lines = [line for line in answer.splitlines() if CM.search(line) and INCHES.search(line)]
    return bool(lines) and all(converted(line, CM, INCHES, INCHES_PER_CM) for line in lines)


def harvest_right(answer: str) -> bool:
    """On the first line with a number of weeks and two dates, the second date is that many weeks after the first."""
    for line in answer.splitlines():
        weeks, dates = WEEKS.search(line), NAMED_DATE.findall(line)
        if weeks and len(dates) >= 2:
            sown, ready = (date(int(y), MONTHS.index(m.lower()[:3]) + 1, int(d)) for d, m, y in dates[:2])
            count = number_in(weeks.group(1))
            return count is not None and (ready - sown).days == 7 * count
    return False


def area_right(answer: str) -> bool:
    """`L m × W m (A m²)`: L times W is A, to half a unit of A's last written digit."""
    found = AREA.search(answer)
    if found is None:
        return False
    product = float(found.group(1)) * float(found.group(2))
    return abs(product - float(found.group(3))) <= 0.5 * 10 ** -len(found.group(4) or "") + 1e-9


WORDINGS = {
    "name": ("Spells '{plant}' correctly throughout", "Uses the correct spelling of {plant} everywhere"),
    "no_peat": ("Recommends peat-free compost only", "Does not suggest any compost that contains peat"),
    "harden": (
        "Reminds the gardener to harden off plants raised indoors before planting them out",
        "Mentions hardening off the seedlings",
    ),
    "months": (
        "Lists the months in calendar order",
        "The month-by-month entries run in order from earliest to latest",
    ),
    "seeds": (
        "The seed shopping list has exactly {seeds} items",
        "Lists {seeds} seed packets to buy, no more and no fewer",
    ),
    "tips": ("Keeps the tips section to {limit} words or fewer", "The tips are no longer than {limit} words"),
    "spacing": (
        "Every measurement given in cm has a correct conversion to inches",
        "Converts the centimetre measurements to inches correctly",
    ),
    "harvest": (
        "The expected harvest date is the stated number of weeks after the sowing date",
        "Works out the harvest date correctly from the sowing date and the weeks it takes",
    ),
    "area": (
        "The area in square metres matches the length and width given",
        "Calculates the growing area correctly from its dimensions",
    ),
}
"""Two wordings of each kind of criterion, filled from the calendar."""


def truths(calendar: Calendar, answer: str) -> dict[str, bool]:
    tips = " ".join(section(answer, TIPS) or [])
    return {
        "name": spelt_right(answer, calendar.plant),
        "no_peat": PEAT.search(answer) is None,
        "harden": HARDEN.search(answer) is not None,
        "months": months_in_order(answer),
        "seeds": len(listed(section(answer, SEEDS) or [])) == calendar.seeds,
        "tips": 0 < word_count(tips) <= calendar.limit,
        "spacing": spacings_right(answer),
        "harvest": harvest_right(answer),
        "area": area_right(answer),
    }


def candidates(rng: random.Random, calendar: Calendar, answer: str) -> list[Criterion]:
    filled = {"plant": calendar.plant, "seeds": NUMBER_WORDS[calendar.seeds], "limit": calendar.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(calendar, answer).items()
    ]


SWITCHES = ("months", "name", "no_peat", "harden", "seeds", "tips", "spacing", "harvest", "area")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, CALENDARS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

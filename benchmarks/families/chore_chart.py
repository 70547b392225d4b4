"""Chore chart family (fresh41): the chore and pocket money chart a parent asks for to put on the fridge (a
term-time chart for two children, a summer holiday chart, a chart for three children, a chart with a pocket money
table), with the start date, the chores, each child's pocket money, the house rules and a saving goal, a kind of
answer no grader was run on while any of its rules was written. Run only as `--set fresh41`, never in `all`, `new`,
`docs`, `held` or an earlier fresh set.

An answer is the chart (Markdown headings with the chores in a table, bold labels with bullets, plain `Label:` lines
with numbered lists, or `###` headings under a key-facts table with the pocket money in a table), written right and
then changed by switches. Every truth is read from the text: the child's name by its spellings, docking or punishing
words and a grown-ups-only rule by the words that write them, the sections by their headings, the chores as the list
items and table rows under their heading, the pocket money from each line with two amounts under its heading (the
first amount times the chores it states against the last), the saving goal from the first line with amounts and a
number of weeks (the price over the amount a week, rounded up), and the weekday from the lines that name a date and a
weekday.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    FIGURE,
    MONEY,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    first_figure,
    heading_of,
    heading_order,
    listed,
    money,
    pick_wording,
    pipe_grids,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    weekdays_right,
)

FAMILY = "chore_chart"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
NEGATIVE = re.compile(r"\bdock(?:ed|ing)?\b|\bpunish\w*|\blazy\b|\bdeduct\w*|\btaken off\b|\bconfiscat\w*", re.I)
GROWN_UPS = re.compile(r"\b(?:grown-?ups?|adults?) only\b", re.I)
CHORES = r"^chores\b|^jobs\b"
POCKET = r"pocket money"
SAVING = re.compile(r"\bsav", re.I)
WEEKS = re.compile(r"\b(\d+) weeks\b")
A_WEEK = re.compile(r"£(\d+(?:\.\d+)?) a week\b")
MARKER = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")


@dataclass(frozen=True)
class Chart:
    name: str
    """The child, as the name is spelt."""
    task: str
    text: str
    """The answer written right."""
    chores: int
    """The chores asked for."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


ISOBEL = """# Chore chart for Isobel and Rory

The new chart starts on Monday 7 September 2026, when school goes back. Tick each job off on the fridge copy as you do it, and we'll count up on Sunday evening.

## Chores
| Chore | Who | When |
|---|---|---|
| Make your bed | Isobel and Rory | every morning |
| Lay and clear the table | Isobel | weekdays |
| Feed Pickle the cat | Rory | every morning |
| Empty the dishwasher | Isobel | Saturdays and Sundays |
| Put dirty clothes in the wash basket | Isobel and Rory | every evening |
| Water the tomatoes | Rory | Wednesdays and Sundays |

## Pocket money
- Isobel: £0.50 for each chore, 12 chores a week, so £6.00 a week.
- Rory: £0.40 for each chore, 10 chores a week, so £4.00 a week.

## Rules
- Jobs done without being asked earn a gold star, and five stars mean a trip to the park café.
- Cleaning sprays, the oven and the kettle are for grown-ups only.
- If you forget a job, just do it the next day: everyone has busy days.

## Saving goal
Isobel is saving £4.00 a week towards a £36.00 art set, so she'll have it in 9 weeks.
"""

MAISIE = """**Summer holiday chore chart: Maisie and Theo**

Starts: Monday 27 July 2026

**Chores**
- Make your bed and open the curtains (both, every day)
- Hoover the stairs (Maisie, Tuesdays and Fridays)
- Walk Nutmeg round the block with Dad (Theo, every evening)
- Hang the washing out (Maisie, when asked)
- Sort the recycling (Theo, Thursdays)

**Pocket money**
- Maisie: £0.60 for each chore, 15 chores a week, so £9.00 a week.
- Theo: £0.50 for each chore, 12 chores a week, so £6.00 a week.

**House rules**
- Do your chores before screens, and the rest of the day is yours.
- The iron, the oven and bleach are for adults only.
- You can swap chores with each other as long as they get done.

**Saving up**
- Theo is putting £3.00 a week aside for a £42.00 Lego set: that's 14 weeks.
"""

HARRIET = """CHORE CHART FOR HARRIET, JONAH AND POPPY

Start date: Saturday 3 October 2026

Chores:
1. Feed the rabbits, morning and evening (Harriet)
2. Set the table for dinner (Jonah)
3. Tidy the shoe rack (Poppy)
4. Fold and put away your own washing (all three)
5. Wipe the bathroom sink (Harriet)
6. Take the food caddy out on Tuesday nights (Jonah)
7. Pair up the socks from the wash (Poppy)

Pocket money:
1. Harriet: £0.75 for each chore, 16 chores a week, so £12.00 a week.
2. Jonah: £0.50 for each chore, 10 chores a week, so £5.00 a week.
3. Poppy: £0.25 for each chore, 8 chores a week, so £2.00 a week.

Rules:
1. Every chore you do well earns a sticker, and a full row of stickers means a film night.
2. Sharp knives and the hob are for grown-ups only.
3. Ask for help whenever you need it: we're a team.

Saving goal:
Harriet is saving £5.00 a week towards a £65.00 pair of roller skates, so she'll have them in 13 weeks.
"""

ZAINAB = """### Chore chart: Zainab and Idris

| Chart | |
|---|---|
| Children | Zainab (11) and Idris (8) |
| Starts | Sunday 1 November 2026 |
| Count-up | Saturday evenings |
| Paid | Sunday mornings |

### Chores
- Load the dishwasher after dinner (Zainab)
- Feed the fish (Idris)
- Tidy your bedroom floor (both)
- Help carry the shopping in (both)

### Pocket money
| Child | Per chore | Chores a week | Each week |
|---|---|---|---|
| Zainab | £0.60 | 10 | £6.00 |
| Idris | £0.40 | 10 | £4.00 |

### Rules
- Every chore done cheerfully counts, even if it isn't perfect.
- The washing machine and cleaning sprays are for grown-ups only.
- Swap chores with each other if you both agree.

### Saving goal
Idris is saving £2.50 a week towards a £30.00 football kit, so he'll have it in 12 weeks.
"""

CHARTS = (
    Chart(
        "Isobel",
        "Make a chore chart in Markdown for Isobel (10) and Rory (7), starting Monday 7 September 2026 (put the "
        "weekday with the date). The six chores in a table (beds, table, feeding Pickle, dishwasher, washing basket, "
        "tomatoes) before the pocket money: Isobel gets £0.50 a chore for 12 chores a week, Rory £0.40 for 10; work "
        "out each week's total. Rules: keep it encouraging (no docking money), and say cleaning sprays, the oven and "
        "the kettle are for grown-ups only. Isobel's saving goal under its own heading: £4 a week towards a £36 art "
        "set, and how many weeks that takes.",
        ISOBEL,
        6,
        (
            swap_spans(ISOBEL, "## Chores", "## Pocket money", "## Rules"),
            ("name", "Isobel is saving", "Isabel is saving"),
            (
                "no_negative",
                "- If you forget a job, just do it the next day: everyone has busy days.",
                "- Forget a job and it will be docked from your pocket money.",
            ),
            ("safety", "- Cleaning sprays, the oven and the kettle are for grown-ups only.\n", ""),
            ("chores", "| Water the tomatoes | Rory | Wednesdays and Sundays |\n", ""),
            ("heading", "## Saving goal\n", ""),
            ("earn", "so £6.00 a week", "so £5.50 a week"),
            ("weeks", "in 9 weeks", "in 8 weeks"),
            ("weekday", "on Monday 7 September", "on Tuesday 7 September"),
        ),
    ),
    Chart(
        "Maisie",
        "Summer holiday chore chart for Maisie (12) and Theo (9), bold labels and bullet points, starting Monday 27 "
        "July 2026 (with the weekday). Five chores first (beds and curtains, hoovering the stairs, walking Nutmeg, "
        "hanging the washing out, recycling), then pocket money: Maisie £0.60 a chore, 15 a week; Theo £0.50 a chore, "
        "12 a week; give each weekly total. House rules, positive, nothing about docking money, plus that the iron, "
        "oven and bleach are for adults only. A separate 'Saving up' label: Theo puts £3 a week towards a £42 Lego "
        "set; how many weeks?",
        MAISIE,
        5,
        (
            swap_spans(MAISIE, "**Chores**", "**Pocket money**", "**House rules**"),
            ("name", "- Hoover the stairs (Maisie,", "- Hoover the stairs (Masie,"),
            (
                "no_negative",
                "- Do your chores before screens, and the rest of the day is yours.",
                "- Any chore not done before screens means pocket money is docked.",
            ),
            ("safety", "- The iron, the oven and bleach are for adults only.\n", ""),
            ("chores", "- Hang the washing out (Maisie, when asked)\n", ""),
            ("heading", "**Saving up**\n", ""),
            ("earn", "so £9.00 a week", "so £9.60 a week"),
            ("weeks", "that's 14 weeks", "that's 12 weeks"),
            ("weekday", "Starts: Monday 27 July", "Starts: Sunday 27 July"),
        ),
    ),
    Chart(
        "Harriet",
        "Plain text please, with 'Label:' headings and numbered lists: a chore chart for Harriet (13), Jonah (10) and "
        "Poppy (6) from Saturday 3 October 2026 (weekday and date). Seven chores (rabbits, table, shoe rack, own "
        "washing, bathroom sink, food caddy, socks), listed before the pocket money: Harriet £0.75 a chore for 16 a "
        "week, Jonah £0.50 for 10, Poppy £0.25 for 8, each with the weekly amount. Rules that encourage rather than "
        "threaten, including that sharp knives and the hob are for grown-ups only. Under 'Saving goal:', Harriet "
        "saves £5 a week for £65 roller skates: how many weeks?",
        HARRIET,
        7,
        (
            swap_spans(HARRIET, "Chores:", "Pocket money:", "Rules:"),
            ("name", "Harriet is saving", "Hariet is saving"),
            (
                "no_negative",
                "Ask for help whenever you need it: we're a team.",
                "Lazy chores will be done again and pocket money docked.",
            ),
            ("safety", "2. Sharp knives and the hob are for grown-ups only.\n3. ", "2. "),
            ("chores", "7. Pair up the socks from the wash (Poppy)\n", ""),
            ("heading", "Saving goal:\n", ""),
            ("earn", "so £12.00 a week", "so £11.25 a week"),
            ("weeks", "in 13 weeks", "in 12 weeks"),
            ("weekday", "Start date: Saturday 3 October", "Start date: Friday 3 October"),
        ),
    ),
    Chart(
        "Zainab",
        "A chore chart for Zainab (11) and Idris (8) with ### headings and a key-facts table at the top (starts "
        "Sunday 1 November 2026, give the weekday; count-up Saturday, paid Sunday). Four chores (dishwasher, fish, "
        "bedroom floor, shopping) before a pocket money table: Zainab £0.60 a chore, 10 a week; Idris £0.40 a chore, "
        "10 a week; with each week's amount. Encouraging rules with no threats to dock money, and say the washing "
        "machine and cleaning sprays are for grown-ups only. A 'Saving goal' heading: Idris saves £2.50 a week for a "
        "£30 football kit; how many weeks will it take?",
        ZAINAB,
        4,
        (
            swap_spans(ZAINAB, "### Chores", "### Pocket money", "### Rules"),
            ("name", "- Load the dishwasher after dinner (Zainab)", "- Load the dishwasher after dinner (Zaynab)"),
            (
                "no_negative",
                "- Every chore done cheerfully counts, even if it isn't perfect.",
                "- Chores done badly will be docked from your pocket money.",
            ),
            ("safety", "- The washing machine and cleaning sprays are for grown-ups only.\n", ""),
            ("chores", "- Feed the fish (Idris)\n", ""),
            ("heading", "### Saving goal\n", ""),
            ("earn", "| 10 | £6.00 |", "| 10 | £6.60 |"),
            ("weeks", "in 12 weeks", "in 11 weeks"),
            ("weekday", "| Sunday 1 November", "| Monday 1 November"),
        ),
    ),
)


def build(chart: Chart, on: dict[str, bool]) -> str:
    return slipped(chart.text, chart.slips, on, chart.name)


# Reading a chart --------------------------------------------------------------------------------


def chores(answer: str) -> int:
    """The chores: the list items and the table rows below the headings' row under the chores' heading."""
    lines = section(answer, CHORES) or []
    return len(listed(lines)) + sum(len(grid) - 1 for grid in pipe_grids("\n".join(lines)))


def earned_right(line: str) -> bool:
    """Whether a pocket money line's first amount times its count of chores (its first figure that is not an
    amount, after any list number) is its last amount."""
    amounts = money(line)
    rest = MONEY.sub(" ", MARKER.sub("", line))
    count = next(iter(FIGURE.findall(rest)), None)
    return len(amounts) >= 2 and count is not None and amounts[0] * int(count.replace(",", "")) == amounts[-1]


def earn_right(answer: str) -> bool:
    """Whether every line with two amounts under the pocket money heading adds up, and there is one."""
    lines = [line for line in section(answer, POCKET) or [] if len(money(line)) >= 2]
    return bool(lines) and all(earned_right(line) for line in lines)


def weeks_right(answer: str) -> bool:
    """Whether on the first line with a number of weeks and two amounts the weeks are the larger amount over the
    amount a week, rounded up."""
    line = next((s for s in answer.splitlines() if WEEKS.search(s) and len(money(s)) >= 2), "")
    weekly, weeks = first_figure(A_WEEK, line), first_figure(WEEKS, line)
    if not weekly or weeks is None:
        return False
    return math.ceil(float(max(money(line))) / weekly - 1e-9) == weeks


def saving_heading(answer: str) -> bool:
    """Whether some heading is about saving."""
    return any((title := heading_of(line)) is not None and SAVING.search(title) for line in answer.splitlines())


WORDINGS = {
    "name": ("Spells {name}'s name the same way every time", "Uses one spelling of {name} throughout the chart"),
    "no_negative": (
        "Keeps the tone positive, with no threats to dock pocket money",
        "Encourages rather than threatens: nothing about punishing or docking money",
    ),
    "safety": (
        "Says which jobs or equipment are for grown-ups only",
        "Includes a safety rule about what only adults should use",
    ),
    "order": ("Lists the chores before the pocket money", "The chores come before the pocket money section"),
    "chores": ("Lists exactly {chores} chores", "The chart has {chores} chores, no more and no fewer"),
    "heading": ("Has a separate heading for the saving goal", "Puts the savings target under its own heading"),
    "earn": (
        "Each child's weekly pocket money equals the rate per chore times the number of chores",
        "Works out each child's weekly pocket money correctly",
    ),
    "weeks": (
        "The number of weeks to reach the saving goal is right for the price and the weekly saving",
        "Calculates correctly how many weeks the saving will take",
    ),
    "weekday": (
        "The start date's weekday is correct",
        "The day of the week given for the chart's start matches the date",
    ),
}
"""Two wordings of each kind of criterion, filled from the chart."""


def truths(chart: Chart, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, chart.name) == {chart.name.lower()},
        "no_negative": NEGATIVE.search(answer) is None,
        "safety": GROWN_UPS.search(answer) is not None,
        "order": heading_order(answer, CHORES, POCKET),
        "chores": chores(answer) == chart.chores,
        "heading": saving_heading(answer),
        "earn": earn_right(answer),
        "weeks": weeks_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, chart: Chart, answer: str) -> list[Criterion]:
    filled = {"name": chart.name, "chores": NUMBER_WORDS[chart.chores]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(chart, answer).items()
    ]


SWITCHES = ("order", "name", "no_negative", "safety", "chores", "heading", "earn", "weeks", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, CHARTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

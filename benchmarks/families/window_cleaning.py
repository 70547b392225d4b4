"""Window cleaning family (fresh35): the notice a window cleaner asks for to put through the doors of a
round (a terrace street, an estate of semis, a village, a block of bungalows and flats), with the next
visit dates, the new prices after a rise, the ways to pay and access on the day, a kind of answer no
grader was run on while any of its rules was written. Run only as `--set fresh35`, never in `all`,
`new`, `docs`, `held` or an earlier fresh set.

An answer is the notice (Markdown headings with the prices in a table, bold labels with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then
changed by switches. Every truth is read from the text: the gate request and exclamation marks by the
characters that write them, the sign-off from the last lines, the sections by their headings, the ways
to pay as the list items of their section, the words as runs of letters, the new prices from the lines
of the prices' section with two amounts (the old first) and the first percentage written, the visits'
interval from the dates of their section, and the weekdays from the lines naming a date and a weekday.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    date_in,
    heading_order,
    listed,
    money,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
    weekdays_right,
    word_count,
)

FAMILY = "window_cleaning"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
GATES = re.compile(r"\bgates?\b[^.\n]{0,40}\bunlocked\b|\bunlock(?:ed)?\b[^.\n]{0,30}\bgates?\b", re.I)
VISITS = r"next visits|visit dates|round dates"
PRICES = r"price"
PAY = r"pay"
PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%")
PENNY = Decimal("0.01")


@dataclass(frozen=True)
class Notice:
    name: str
    """The window cleaner, as they sign."""
    task: str
    text: str
    """The answer written right."""
    weeks: int
    ways: int
    limit: int
    """The weeks between visits, the ways to pay asked for and the notice's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


CRESCENT = """# Window cleaning: Crescent Road round

Dear customer,

I clean the windows on Crescent Road every four weeks. Here are my next three visits and my prices for this year, which go up by 10% from March after three years without a rise.

## Next visits
- Tuesday 3 March 2026
- Tuesday 31 March 2026
- Tuesday 28 April 2026

## New prices
| House | Old price | New price |
|---|---|---|
| Two-bed terrace | £14.00 | £15.40 |
| Three-bed semi | £18.00 | £19.80 |
| Four-bed detached | £24.00 | £26.40 |

## How to pay
- Cash on the day, left under the mat
- Bank transfer, with your house number as the reference
- Card, using the payment link I text you

## Access
Please leave side gates unlocked on the day so I can reach the back windows.

Thank you for your custom.

Gary Whitlock
Whitlock Window Cleaning, 01632 960 771
"""

ELMFIELD = """**Clearview Windows: Elmfield estate round**

Hello neighbours,

From April my prices rise by 5%, the first rise since 2023. Below are the dates I'll be round, every six weeks, and the ways you can pay.

**Visit dates**
- Monday 7 September 2026
- Monday 19 October 2026
- Monday 30 November 2026

**Prices from April**
- Terraced house: £12.00, now £12.60
- Semi-detached: £16.00, now £16.80
- Detached: £20.00, now £21.00

**Paying**
- Cash on the day
- Bank transfer
- Card on the day, with my card reader
- Standing order every six weeks

**On the day**
- Please keep dogs inside and leave gates unlocked.

Thanks for your support.

Best wishes,
Asha Kaur
Clearview Windows, 0114 555 0392
"""

HOLLOW = """Window cleaning round notice: Little Hollow

Dear residents,

Your windows are cleaned every eight weeks. My prices go up by 8% this year, as fuel and insurance have both gone up. Here are the next visits and the new prices.

Round dates:
1. Monday 12 January 2026
2. Monday 9 March 2026
3. Monday 4 May 2026

New prices:
1. Cottage or bungalow: £10.00 before, £10.80 now
2. Semi-detached house: £15.00 before, £16.20 now
3. Detached house: £25.00 before, £27.00 now

Ways to pay:
1. Cash in an envelope through my letterbox
2. Bank transfer
3. Cheque payable to R Finch

Access:
Please leave your back gate unlocked on the day, and let me know if you have a new dog.

Thank you for having me clean your windows.

Rob Finch
01547 555 216
"""

MEADOW = """### Meadow Court window cleaning

| Round | |
|---|---|
| Cleaner | Megan Price, Sparkle Window Care |
| How often | every four weeks |
| Covers | bungalows and ground-floor flats |

Dear Meadow Court residents,

Prices rise by 12% from this round, as the new pure-water equipment costs far more to run. Here are the details.

### Round dates
- Wednesday 4 November 2026
- Wednesday 2 December 2026
- Wednesday 30 December 2026

### Prices
| Home | Was | Now |
|---|---|---|
| Ground-floor flat | £5.00 | £5.60 |
| One-bed bungalow | £20.00 | £22.40 |
| Two-bed bungalow | £30.00 | £33.60 |

### Ways to pay
- Bank transfer
- Cash on the day

### Access
Please leave garden gates unlocked so I can reach the back windows.

Thank you.

Megan Price
Sparkle Window Care, 01904 555 667
"""

CHAT = (
    " It has been a busy year on the round, with a lot of new customers joining after the summer, and I have"
    " also taken on a new ladder and a van with more room for the water tank. I always try to turn up on the"
    " day I say, but if it rains heavily I will move the visit to the next dry day and let you know. If you"
    " would like your conservatory roof, gutters or fascias done as well, just ask me when you see me and I"
    " will give you a separate price for that work."
)

NOTICES = (
    Notice(
        "Gary Whitlock",
        "Write the notice for my window cleaning round on Crescent Road. Markdown, under 180 words. The next three "
        "visits (every four weeks from Tuesday 3 March 2026) before the new prices: a 10% rise on £14 (two-bed "
        "terrace), £18 (three-bed semi) and £24 (four-bed detached), old and new in a table. Three ways to pay (cash, "
        "bank transfer, card link). Ask people to leave side gates unlocked. Keep it calm, no exclamation marks, and "
        "sign it from me, Gary Whitlock.",
        CRESCENT,
        4,
        3,
        180,
        (
            swap_spans(CRESCENT, "## Next visits", "## New prices", "## How to pay"),
            ("gates", "Please leave side gates unlocked on the day", "Please make sure I can get round on the day"),
            ("no_exclaim", "Thank you for your custom.", "Thank you for your custom!"),
            ("signoff", "\nGary Whitlock\n", "\nYour window cleaner\n"),
            ("ways", "- Bank transfer, with your house number as the reference\n", ""),
            ("length", "without a rise.\n", "without a rise." + CHAT + "\n"),
            ("rise", "| Three-bed semi | £18.00 | £19.80 |", "| Three-bed semi | £18.00 | £19.00 |"),
            ("interval", "- Tuesday 28 April 2026", "- Tuesday 5 May 2026"),
            ("weekday", "- Tuesday 31 March 2026", "- Wednesday 31 March 2026"),
        ),
    ),
    Notice(
        "Asha Kaur",
        "Please write a notice for my Elmfield estate window round (Clearview Windows), bold headings and bullets, "
        "no more than 150 words. Visit dates first (every six weeks from Monday 7 September 2026, three of them), "
        "then the prices from April after a 5% rise: terraced £12, semi £16, detached £20, giving old and new. Four "
        "ways to pay: cash, bank transfer, card reader, standing order. Ask for gates to be left unlocked. No "
        "exclamation marks. Sign off as Asha Kaur.",
        ELMFIELD,
        6,
        4,
        150,
        (
            swap_spans(ELMFIELD, "**Visit dates**", "**Prices from April**", "**Paying**"),
            ("gates", "leave gates unlocked.", "let me know if you're away."),
            ("no_exclaim", "Thanks for your support.", "Thanks for your support!"),
            ("signoff", "\nAsha Kaur\n", "\nThe Clearview team\n"),
            ("ways", "- Card on the day, with my card reader\n", ""),
            ("length", "ways you can pay.\n", "ways you can pay." + CHAT + "\n"),
            ("rise", "- Detached: £20.00, now £21.00", "- Detached: £20.00, now £21.50"),
            ("interval", "- Monday 30 November 2026", "- Monday 7 December 2026"),
            ("weekday", "- Monday 19 October 2026", "- Tuesday 19 October 2026"),
        ),
    ),
    Notice(
        "Rob Finch",
        "Plain text, no Markdown (Label: lines and numbered lists): my round notice for Little Hollow, under 160 "
        "words. Three round dates every eight weeks from Monday 12 January 2026, listed before the new prices: an 8% "
        "rise on cottage or bungalow £10, semi £15, detached £25 (show old and new). Three ways to pay: cash, bank "
        "transfer, cheque. Ask them to leave the back gate unlocked. No exclamation marks; sign it Rob Finch.",
        HOLLOW,
        8,
        3,
        160,
        (
            swap_spans(HOLLOW, "Round dates:", "New prices:", "Ways to pay:"),
            ("gates", "Please leave your back gate unlocked on the day,", "Please be in on the day if you can,"),
            (
                "no_exclaim",
                "Thank you for having me clean your windows.",
                "Thank you for having me clean your windows!",
            ),
            ("signoff", "\nRob Finch\n", "\nYour window man\n"),
            ("ways", "3. Cheque payable to R Finch\n", ""),
            ("length", "the new prices.\n", "the new prices." + CHAT + "\n"),
            ("rise", "£15.00 before, £16.20 now", "£15.00 before, £16.50 now"),
            ("interval", "3. Monday 4 May 2026", "3. Monday 27 April 2026"),
            ("weekday", "1. Monday 12 January 2026", "1. Sunday 12 January 2026"),
        ),
    ),
    Notice(
        "Megan Price",
        "Write my round notice for Meadow Court (Sparkle Window Care): ### headings and a small table about the round "
        "at the top, under 165 words. Round dates, every four weeks from Wednesday 4 November 2026 (three visits), "
        "before the prices after a 12% rise: ground-floor flat £5, one-bed bungalow £20, two-bed bungalow £30, old "
        "and new in a table. Two ways to pay: bank transfer, cash. Ask residents to leave garden gates unlocked. No "
        "exclamation marks anywhere. Sign it Megan Price.",
        MEADOW,
        4,
        2,
        165,
        (
            swap_spans(MEADOW, "### Round dates", "### Prices", "### Ways to pay"),
            ("gates", "Please leave garden gates unlocked so I", "Please keep paths clear so I"),
            ("no_exclaim", "Thank you.", "Thank you!"),
            ("signoff", "\nMegan Price\nSparkle", "\nThe Sparkle team\nSparkle"),
            ("ways", "- Cash on the day\n", ""),
            ("length", "Here are the details.\n", "Here are the details." + CHAT + "\n"),
            ("rise", "| Two-bed bungalow | £30.00 | £33.60 |", "| Two-bed bungalow | £30.00 | £33.00 |"),
            ("interval", "- Wednesday 30 December 2026", "- Wednesday 23 December 2026"),
            ("weekday", "- Wednesday 2 December 2026", "- Thursday 2 December 2026"),
        ),
    ),
)


def build(notice: Notice, on: dict[str, bool]) -> str:
    return slipped(notice.text, notice.slips, on, notice.name)


# Reading a notice -------------------------------------------------------------------------------


def signed_by(answer: str, name: str) -> bool:
    """Whether `name` is on one of the answer's last three non-blank lines."""
    last = [line for line in answer.splitlines() if line.strip()][-3:]
    return any(name.lower() in line.lower() for line in last)


def rise_right(answer: str) -> bool:
    """Each line of the prices' section with two amounts: the second is the first raised by the first
    percentage the answer writes, to the penny."""
    rise = PERCENT.search(answer)
    rows = [amounts for line in section(answer, PRICES) or [] if len(amounts := money(line)) >= 2]
    if rise is None or not rows:
        return False
    factor = 1 + Decimal(rise.group(1)) / 100
    return all((old * factor).quantize(PENNY, rounding=ROUND_HALF_UP) == new for old, new, *_ in rows)


def interval_right(answer: str, weeks: int) -> bool:
    """Whether the dates of the visits' section are `weeks` weeks apart, one after the next (two at least)."""
    days = [day for line in section(answer, VISITS) or [] if (day := date_in(line)) is not None]
    return len(days) >= 2 and all((two - one).days == weeks * 7 for one, two in zip(days, days[1:], strict=False))


WORDINGS = {
    "gates": ("Asks customers to leave their gates unlocked", "Requests that gates are left unlocked on the day"),
    "no_exclaim": ("Uses no exclamation marks", "Does not contain a single exclamation mark"),
    "signoff": ("Is signed off with {name}'s name", "Ends with the cleaner's name, {name}"),
    "order": ("Gives the visit dates before the prices", "The dates section comes before the price list"),
    "ways": (
        "Lists exactly {ways} ways to pay",
        "Gives {ways} payment methods as a list, no more and no fewer",
    ),
    "length": ("Keeps the notice under {limit} words", "The notice is no longer than {limit} words"),
    "rise": (
        "Every new price is the old price plus the stated percentage rise",
        "The new prices are worked out correctly from the old ones and the percentage increase",
    ),
    "interval": (
        "The visit dates are {weeks} weeks apart",
        "Each visit date is {weeks} weeks after the one before",
    ),
    "weekday": (
        "Each visit date has the right day of the week",
        "The weekdays given match the dates",
    ),
}
"""Two wordings of each kind of criterion, filled from the notice."""


def truths(notice: Notice, answer: str) -> dict[str, bool]:
    return {
        "gates": GATES.search(answer) is not None,
        "no_exclaim": "!" not in answer,
        "signoff": signed_by(answer, notice.name),
        "order": heading_order(answer, VISITS, PRICES),
        "ways": len(listed(section(answer, PAY) or [])) == notice.ways,
        "length": word_count(answer) <= notice.limit,
        "rise": rise_right(answer),
        "interval": interval_right(answer, notice.weeks),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, notice: Notice, answer: str) -> list[Criterion]:
    filled = {
        "name": notice.name,
        "ways": NUMBER_WORDS[notice.ways],
        "limit": notice.limit,
        "weeks": NUMBER_WORDS[notice.weeks],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(notice, answer).items()
    ]


SWITCHES = ("order", "gates", "no_exclaim", "signoff", "ways", "length", "rise", "interval", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, NOTICES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

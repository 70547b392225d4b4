"""Venue quote family (fresh25): the quote a task asks a wedding venue to send a couple (a Yorkshire barn's items as a
Markdown table, a Savannah house's as bullets, a Wicklow castle's in a fenced block, a Yarra Valley estate's as plain
lines), with the wedding's date and weekday, the guest numbers, five priced items each with a quantity, a price and an
amount, the quote's total, the deposit that secures the date, the day the balance is due, what comes included and the
day's running order, a kind of answer no grader was run on while any of its rules was written. Run only as `--set
fresh25`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the quote written right and then changed by switches: every item's amount its quantity times its price
or one not, the total the sum of quantity times price or not, the deposit the task's share of that sum rounded up to
the whole pound, dollar or euro or not, the balance due the task's days before the wedding or another day, the
wedding's weekday that of its date or not, the running order in time order or two of its lines swapped, the three
things the task says come included all named or one left out, the matter the task says to leave out unmentioned or
mentioned, and the guest number in the opening details the same as the meal's quantity or another. Every truth is read
from the text: an item's line is the first naming it, its figures (its name taken out) its quantity, price and amount;
the total, the deposit and the balance due are on the first lines with the subject's labels, the amounts the last on
the line, the date its first; the running order is every line with a time of day, in the order written.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    clock,
    date_in,
    line_with,
    money,
    pick_wording,
    priced_lines,
    slipped,
    swap_lines,
    switched_cases,
    weekday_matches,
)

FAMILY = "venue_quote"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3


@dataclass(frozen=True)
class Quote:
    task: str
    text: str
    """The answer written right."""
    name: str
    items: tuple[str, ...]
    """The priced items' names; the second is the meal, priced by the guest."""
    labels: tuple[str, str, str, str]
    """The words, in lower case, on the first line with the wedding's date, the total, the deposit, the balance due."""
    guests: str
    """The words after the number of guests at the meal in the opening details."""
    deposit: tuple[int, str]
    """(the deposit's percentage of the total, the currency's unit it is rounded up to)."""
    days: int
    """How many days before the wedding the balance is due."""
    included: tuple[tuple[str, str], ...]
    """(the word an answer naming it writes, in lower case; the thing in words) for each thing that comes included."""
    secret: tuple[str, str]
    """(the words an answer mentioning what the task leaves out writes, that thing in words)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


THORNBURY = """# Your wedding at Thornbury Barn: quote

**For:** Emily Carter and James Lowe
**Wedding date:** Saturday 12 September 2026
**Quote reference:** TB-26-0912
**Guests:** 86 day guests and 120 evening guests

| Item | Qty | Price | Amount |
|---|---:|---:|---:|
| Exclusive venue hire | 1 | £4,500.00 | £4,500.00 |
| Wedding breakfast, three courses | 86 | £68.00 | £5,848.00 |
| Drinks package | 86 | £32.50 | £2,795.00 |
| Evening buffet | 120 | £18.75 | £2,250.00 |
| Chair covers and sashes | 86 | £3.95 | £339.70 |

**Quote total:** £15,732.70
**Deposit to hold the date (25%, rounded up to the pound):** £3,934
**Balance due:** 18 July 2026

**Included:** a menu tasting for two, your own wedding coordinator, the cake stand and knife, and parking for all guests.

**Running order**
- 13:30 Ceremony in the Hayloft
- 14:15 Drinks reception on the lawn
- 16:00 Wedding breakfast in the Barn
- 19:30 Evening guests arrive; buffet at 20:30
- 23:45 Carriages

We look forward to hearing from you."""

MAGNOLIA = """**Wedding quote: The Magnolia House, Savannah**

- Couple: Taylor Brooks and Sam Rivera
- Event date: Saturday, 2026-10-03
- Quote number: MH-1003-TB
- Guest count: 140 seated guests

**Pricing**
- Venue rental: 1 × $6,800.00 = $6,800.00
- Plated dinner: 140 × $78.00 = $10,920.00
- Open bar, four hours: 140 × $36.00 = $5,040.00
- Late-night snack station: 140 × $9.50 = $1,330.00
- Ceremony chairs: 140 × $4.25 = $595.00
- **Total: $24,685.00**
- Deposit (30%, rounded up to the dollar): $7,406
- Final payment due: 2026-09-03

**Included**
- Tasting for two
- Day-of coordinator
- Cake cutting service
- Tables, linens and flatware

**Timeline**
- 4:30 PM Ceremony in the garden
- 5:00 PM Cocktail hour on the veranda
- 6:15 PM Dinner in the ballroom
- 8:00 PM First dance, then dancing
- 10:30 PM Sparkler send-off"""

GLENCARRIG = """Here is the quotation for Orla and Conor:

```text
WEDDING QUOTATION                              Ref: GLC-0613-OK
Glencarrig Castle, Co. Wicklow
Couple:         Orla Kinsella and Conor Daly
Wedding date:   Saturday 13 Jun 2026
Numbers:        110 guests for the meal, 150 in the evening

Item                        Qty       Price        Amount
Castle exclusive use          1   €6,500.00     €6,500.00
Five-course dinner          110      €85.00     €9,350.00
Wine with dinner            110      €22.50     €2,475.00
Prosecco reception          110      €14.00     €1,540.00
Evening food                150      €12.00     €1,800.00

Quote total                                    €21,665.00
Deposit, 20% rounded up to the euro             €4,333
Balance due                  2 May 2026

Included: tasting menu for two, a wedding coordinator, cake stand and knife.

The day
14:00  Ceremony in the chapel
15:00  Bubbles on the terrace
17:30  Dinner in the Great Hall
21:00  Band and evening food
23:30  Residents' bar closes
```"""

RIVERSTONE = """Quote for Mia Thompson and Jack O'Brien, Riverstone Estate, Yarra Valley
Quote number: RE-2611-MT
Wedding date: Saturday 7 November 2026
Guests: 95 seated for the reception, all staying for the evening
Venue hire: 1 at $5,500.00, $5,500.00
Reception dinner: 95 at $125.00, $11,875.00
Beverage package: 95 at $48.00, $4,560.00
Late supper: 95 at $12.50, $1,187.50
Ceremony setup: 1 at $950.00, $950.00
Total: $24,072.50
Deposit (20%, rounded up to the dollar): $4,815
Balance due: 8 September 2026
Included: a tasting for two, an event coordinator, the cake stand and knife, and the bridal suite
3:30 pm Ceremony by the lake
4:15 pm Canapés on the deck
6:00 pm Reception dinner served
9:30 pm Supper
11:30 pm Last drinks"""

QUOTES = (
    Quote(
        "Write a quote from Thornbury Barn to Emily Carter and James Lowe for their wedding on 12 September 2026, quote "
        "reference TB-26-0912, items in a Markdown table. 86 day guests and 120 evening guests. Items: exclusive venue "
        "hire £4,500.00; wedding breakfast (three courses) at £68.00 a head; drinks package at £32.50 a day guest; "
        "evening buffet at £18.75 per evening guest; chair covers and sashes at £3.95 a chair for the day guests. "
        "Deposit 25% of the total, rounded up to the whole pound; the balance is due 56 days before the wedding. Say "
        "the tasting for two, a wedding coordinator and the cake stand and knife are included. Add the running order "
        "(ceremony 13:30, drinks 14:15, breakfast 16:00, evening guests 19:30, carriages 23:45) and give the "
        "wedding's weekday. Don't mention the other wedding we have on the Sunday.",
        THORNBURY,
        "Thornbury",
        ("Exclusive venue hire", "Wedding breakfast", "Drinks package", "Evening buffet", "Chair covers and sashes"),
        ("wedding date", "quote total", "deposit", "balance due"),
        "day guests",
        (25, "pound"),
        56,
        (("tasting", "the tasting"), ("coordinator", "the coordinator"), ("cake stand", "the cake stand and knife")),
        ("another wedding", "the other wedding that weekend"),
        (
            ("lines", "| £32.50 | £2,795.00 |", "| £32.50 | £2,759.00 |"),
            ("total", "£15,732.70", "£15,735.70"),
            ("deposit", "£3,934", "£3,933"),
            ("balance", "18 July 2026", "25 July 2026"),
            ("weekday", "Saturday 12 September 2026", "Friday 12 September 2026"),
            swap_lines(THORNBURY, "- 14:15 Drinks reception", "- 16:00 Wedding breakfast", "order"),
            ("included", "your own wedding coordinator, ", ""),
            (
                "secret",
                "We look forward to hearing from you.",
                "The barn has another wedding on the Sunday, so everything must be cleared that night.\n\n"
                "We look forward to hearing from you.",
            ),
            ("agree", "86 day guests", "96 day guests"),
        ),
    ),
    Quote(
        "Send Taylor Brooks and Sam Rivera a wedding quote from The Magnolia House, Savannah, as bullet points with ISO "
        "dates: Saturday October 3, 2026, 140 seated guests, quote number MH-1003-TB. Pricing: venue rental "
        "$6,800.00; plated dinner $78.00 per guest; open bar (four hours) $36.00 per guest; late-night snack station "
        "$9.50 per guest; ceremony chairs $4.25 each, one per guest. Deposit is 30% of the total, rounded up to the "
        "next dollar, and the final payment is due 30 days before the wedding. It must say the tasting for two, the "
        "day-of coordinator and cake cutting are included. Timeline: ceremony 4:30 PM, cocktail hour 5:00 PM, dinner "
        "6:15 PM, dancing 8:00 PM, send-off 10:30 PM. Leave out the noise complaint from the neighbors last spring.",
        MAGNOLIA,
        "Magnolia",
        ("Venue rental", "Plated dinner", "Open bar", "Late-night snack station", "Ceremony chairs"),
        ("event date", "total", "deposit", "final payment"),
        "seated guests",
        (30, "dollar"),
        30,
        (("tasting", "the tasting"), ("coordinator", "the coordinator"), ("cake cutting", "cake cutting")),
        ("noise", "the neighbors' noise complaint"),
        (
            ("lines", "= $1,330.00", "= $1,300.00"),
            ("total", "$24,685.00", "$24,686.00"),
            ("deposit", "$7,406", "$7,405"),
            ("balance", "due: 2026-09-03", "due: 2026-09-19"),
            ("weekday", "Saturday, 2026-10-03", "Sunday, 2026-10-03"),
            swap_lines(MAGNOLIA, "- 5:00 PM Cocktail hour", "- 6:15 PM Dinner", "order"),
            ("included", "- Day-of coordinator\n", ""),
            (
                "secret",
                "- Tables, linens and flatware",
                "- Tables, linens and flatware\n- Music ends early after the noise complaint",
            ),
            ("agree", "140 seated guests", "150 seated guests"),
        ),
    ),
    Quote(
        "Could you draft the quotation for Orla Kinsella and Conor Daly's wedding at Glencarrig Castle, Co. Wicklow, "
        "on Saturday 13 June 2026, as a plain-text block (ref GLC-0613-OK)? 110 guests for the meal and 150 in the "
        "evening. Castle exclusive use €6,500.00; five-course dinner €85.00 a head; wine with dinner €22.50 a head; "
        "prosecco reception €14.00 a head; evening food €12.00 per evening guest. Deposit 20% of the total, rounded "
        "up to the euro; balance due 42 days before the day. Include the tasting menu for two, a wedding coordinator "
        "and the cake stand and knife. The day: ceremony 14:00, bubbles 15:00, dinner 17:30, band 21:00, bar closes "
        "23:30. Please don't mention the ballroom refurbishment.",
        GLENCARRIG,
        "Glencarrig",
        ("Castle exclusive use", "Five-course dinner", "Wine with dinner", "Prosecco reception", "Evening food"),
        ("wedding date", "quote total", "deposit", "balance due"),
        "guests for the meal",
        (20, "euro"),
        42,
        (("tasting", "the tasting"), ("coordinator", "the coordinator"), ("cake stand", "the cake stand and knife")),
        ("refurbish", "the ballroom refurbishment"),
        (
            ("lines", "€22.50     €2,475.00", "€22.50     €2,745.00"),
            ("total", "€21,665.00", "€21,661.00"),
            ("deposit", "€4,333", "€4,332"),
            ("balance", "Balance due                  2 May 2026", "Balance due                  9 May 2026"),
            ("weekday", "Saturday 13 Jun 2026", "Sunday 13 Jun 2026"),
            swap_lines(GLENCARRIG, "15:00  Bubbles", "17:30  Dinner", "order"),
            ("included", ", a wedding coordinator", ""),
            ("secret", "cake stand and knife.", "cake stand and knife. The ballroom is closed for refurbishment."),
            ("agree", "110 guests for the meal", "120 guests for the meal"),
        ),
    ),
    Quote(
        "Plain lines please, no table: a wedding quote from Riverstone Estate, Yarra Valley, for Mia Thompson and Jack "
        "O'Brien, quote number RE-2611-MT, wedding on 7 November 2026 with its weekday, 95 guests seated for the "
        "reception. Venue hire $5,500.00; reception dinner $125.00 a head; beverage package $48.00 a head; late supper "
        "$12.50 a head; ceremony setup $950.00. Deposit 20% of the total, rounded up to the dollar; balance due 60 days "
        "before the wedding. List the tasting for two, the event coordinator, and the cake stand and knife as "
        "included. Run sheet: ceremony 3:30 pm, canapés 4:15 pm, dinner 6:00 pm, supper 9:30 pm, last drinks 11:30 "
        "pm. Don't mention the road closure for the bushfire works.",
        RIVERSTONE,
        "Riverstone",
        ("Venue hire", "Reception dinner", "Beverage package", "Late supper", "Ceremony setup"),
        ("wedding date", "total", "deposit", "balance due"),
        "seated",
        (20, "dollar"),
        60,
        (("tasting", "the tasting"), ("coordinator", "the coordinator"), ("cake stand", "the cake stand and knife")),
        ("road closure", "the road closure for the bushfire works"),
        (
            ("lines", "95 at $48.00, $4,560.00", "95 at $48.00, $4,650.00"),
            ("total", "$24,072.50", "$24,072.00"),
            ("deposit", "$4,815", "$4,814"),
            ("balance", "Balance due: 8 September 2026", "Balance due: 8 October 2026"),
            ("weekday", "Saturday 7 November 2026", "Friday 7 November 2026"),
            swap_lines(RIVERSTONE, "4:15 pm Canapés", "6:00 pm Reception dinner", "order"),
            ("included", "an event coordinator, ", ""),
            ("secret", "and the bridal suite", "and the bridal suite (allow extra time: there is a road closure)"),
            ("agree", "95 seated", "85 seated"),
        ),
    ),
)


def build(quote: Quote, on: dict[str, bool]) -> str:
    return slipped(quote.text, quote.slips, on, quote.name)


# Reading a quote --------------------------------------------------------------------------------------------------


def truths(quote: Quote, answer: str) -> dict[str, bool]:
    found = priced_lines(answer, quote.items)
    total = sum((q * p for q, p, _ in found), Decimal(0)) if found else None
    percent = quote.deposit[0]
    dated, stated, deposit, balance = (line_with(answer, words) for words in quote.labels)
    wedding, due = date_in(dated), date_in(balance)
    times = [c for c in (clock(line) for line in answer.splitlines()) if c is not None]
    guests = re.search(rf"(\d+)\s+{re.escape(quote.guests)}", answer)
    return {
        "lines": found is not None and all(q * p == amount for q, p, amount in found),
        "total": total is not None and money(stated)[-1:] == [total],
        "deposit": total is not None and money(deposit)[-1:] == [Decimal(math.ceil(total * percent / 100))],
        "balance": wedding is not None and due == wedding - timedelta(days=quote.days),
        "weekday": weekday_matches(dated),
        "order": len(times) >= 4 and times == sorted(times),
        "included": all(word in answer.lower() for word, _ in quote.included),
        "secret": quote.secret[0] not in answer.lower(),
        "agree": found is not None and guests is not None and Decimal(guests.group(1)) == found[1][0],
    }


WORDINGS = {
    "lines": (
        "Each item's amount equals its quantity multiplied by its price",
        "Every priced line multiplies out correctly",
    ),
    "total": (
        "The quote's total is the sum of quantity times price over all the items",
        "Adds the items up to the right total, each as its quantity times its price",
    ),
    "deposit": (
        "The deposit is {percent}% of the total, rounded up to a whole {unit}",
        "Asks for a deposit of {percent}% of the quote total, rounded up to the next {unit}",
    ),
    "balance": (
        "Makes the balance due exactly {days} days before the wedding",
        "The date the balance is due falls {days} days ahead of the wedding day",
    ),
    "weekday": (
        "The weekday named for the wedding matches its date",
        "Gives the correct day of the week alongside the wedding date",
    ),
    "order": (
        "The running order for the day is in time order",
        "Every time in the schedule for the day comes later than the one above it",
    ),
    "included": (
        "Lists {things} among what is included",
        "Names {things} as coming with the package",
    ),
    "secret": ("Says nothing about {secret}", "Makes no reference to {secret}"),
    "agree": (
        "The number of guests in the opening details matches the quantity charged for the {meal}",
        "The {meal} is charged for the same number of guests as the quote's opening details give",
    ),
}
"""Two wordings of each kind of criterion, filled from the quote."""


def candidates(rng: random.Random, quote: Quote, answer: str) -> list[Criterion]:
    things = [thing for _, thing in quote.included]
    values = {
        "percent": quote.deposit[0],
        "unit": quote.deposit[1],
        "days": quote.days,
        "things": f"{things[0]}, {things[1]} and {things[2]}",
        "secret": quote.secret[1],
        "meal": quote.items[1].lower(),
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(quote, answer).items()
    ]


SWITCHES = ("lines", "total", "deposit", "balance", "weekday", "order", "included", "secret", "agree")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, QUOTES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

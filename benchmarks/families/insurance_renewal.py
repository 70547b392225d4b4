"""Insurance renewal family (fresh31): the renewal letter a home insurer sends a policyholder, with the
policy number, the new premium cover by cover against last year's, what has changed in the cover, how
the premium is paid, how to cancel and how to get in touch, a kind of answer no grader was run on while
any of its rules was written. Run only as `--set fresh31`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the letter (Markdown headings with the premium in a table, bold headings with bullets,
plain `Label:` lines with numbered lists, or `###` headings under a details table), written right and
then changed by switches. Every truth is read from the text: the policy numbers as the tokens shaped
like one, the sections by their headings, the changes as the list items under theirs, the covers as the
amounts on the premium section's lines other than its total and last year's, the change against last
year from that line's amount, percentage and direction, and the payments from `N payments of £X ... £Y
in all`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import Decimal

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    heading_of,
    heading_order,
    last_money,
    line_with,
    listed,
    money,
    number_in,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
)

FAMILY = "insurance_renewal"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
POLICY = re.compile(r"\b[A-Z]{2,4}-\d{4,6}-\d{2,4}\b")
ACCOUNT = re.compile(r"\b\d{8}\b|\b\d{2}-\d{2}-\d{2}\b")
FOURTEEN = re.compile(r"\b14\b|fourteen", re.I)
PREMIUM = r"premium"
CHANGES = r"chang"
CANCEL = r"cancel"
NOT_A_COVER = re.compile(r"total|last year|%|in all", re.I)
PERCENT = re.compile(r"(\d+(?:\.(\d+))?)\s*%")
DOWN = re.compile(r"\b(?:less|lower|down|decrease|decreased|fallen|cheaper)\b", re.I)
MONTHLY = re.compile(
    r"\b(\w+) (?:monthly )?(?:payments|instalments) of £([\d,]+\.\d{2})[^£\n]*£([\d,]+\.\d{2}) in all", re.I
)


@dataclass(frozen=True)
class Renewal:
    name: str
    """The policyholder."""
    task: str
    text: str
    """The answer written right."""
    policy: str
    changes: int
    """The policy number as it should be written, and the changes to the cover the letter lists."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


WHITFIELD = """# Your home insurance renewal

Dear Mrs Whitfield,

Your home insurance with Harbour Home Insurance renews on 1 August 2026. Here is your new premium, what has changed and what you need to do.

**Policy number:** HHI-4417-2093
**Home insured:** 12 Orchard Close, Ludlow SY8 1PQ
**Cover period:** 1 August 2026 to 31 July 2027

## Your premium
| Cover | Annual cost |
|---|---|
| Buildings cover | £318.60 |
| Contents cover | £164.20 |
| Home emergency cover | £42.00 |
| Legal expenses cover | £24.50 |
| **Total annual premium** | **£549.30** |

Last year you paid £506.80, so your premium has gone up by 8.4%.
All prices include Insurance Premium Tax.

## What's changed
- Your buildings sum insured has gone up from £310,000 to £325,000 to keep pace with rebuilding costs.
- Accidental damage to your contents is now included as standard.
- The excess for escape of water claims has risen from £350 to £500.

## Paying for your policy
You pay by Direct Debit. We will take 12 monthly payments of £47.52 (£570.24 in all) from your account ending 4821, starting on 1 August 2026.

## How to cancel
You have 14 days from the renewal date to cancel and get a full refund, as long as you have not made a claim: this is your cooling-off period. After that you can still cancel, and we will refund the unused premium less a £25 fee.

## Questions
Call us on 0345 600 2718, Monday to Friday 8am to 8pm, and quote your policy number, HHI-4417-2093.

Yours sincerely,
Harbour Home Insurance
"""

OSEI = """**Northgate Insurance: your home insurance renewal**

Dear Mr Osei,

Good news: your premium has come down this year. Your policy renews automatically on 15 September 2026 unless you tell us otherwise.

**Your policy**
- Policy number: NGH-558210-03
- Property: 7 Linden Avenue, Leicester LE2 3HT
- Renewal date: 15 September 2026

**Your new premium**
- Buildings cover: £402.15
- Contents cover: £188.40
- Accidental damage (buildings and contents): £36.75
- Total for the year: £627.30
- Last year's premium was £671.90, so you will pay 6.6% less.

**What's changed this year**
- We have added cover for damage to your contents caused by pests.
- Your excess for subsidence claims is now £1,000 (it was £1,500).
- Cover for garden plants and shrubs has gone up to £2,500 per claim.
- Emergency accommodation is now covered up to £20,000.

**How you pay**
We'll collect 12 monthly instalments of £54.11 from your account ending 0937, £649.32 in all, starting on 15 September 2026. You can switch to paying once a year at any time.

**How to cancel**
If you decide not to renew, you can cancel within the 14-day cooling-off period from 15 September 2026 and we will refund you in full, unless you have claimed.

**Get in touch**
Ring 0116 496 0302 or write to us, quoting NGH-558210-03.

Kind regards,
Northgate Insurance
"""

BRENNAN = """Castlegate Mutual
Home insurance renewal

Dear Ms Brennan,

Thank you for insuring your home with us for another year. Your renewal details are set out below.

Policy number: CGM-20931-77
Renewal date: 1 March 2026

Your premium:
Buildings cover: £289.00
Contents cover: £142.60
Personal possessions away from home: £58.40
Home emergency cover: £39.00
Total premium for the year: £529.00
Last year you paid £470.25, so this year's premium is 12.5% higher.

What has changed:
1. Your contents sum insured has risen to £55,000 to reflect the new items you told us about.
2. We now cover your bicycles away from home, up to £1,000 each.

Paying your premium:
We will collect ten monthly payments of £55.02 (£550.20 in all) from your account ending 6604, from 1 March 2026.

How to cancel:
You have a 14-day cooling-off period from the renewal date. If you cancel within it and have not claimed, we will refund your premium in full.

Any questions:
Please call 0113 496 0871 and have your policy number, CGM-20931-77, to hand.

Yours sincerely,
Castlegate Mutual Customer Services
"""

KOWALSKI = """### Tern Home Cover: renewal of your home insurance

Dear Mr and Mrs Kowalski,

Your policy is due to renew. Please check the details below and tell us if anything is wrong.

| Detail | |
|---|---|
| Policy number | TRN-7702-6615 |
| Address | Flat 4, 28 Mill Street, Bristol BS3 4LD |
| Renewal date | 22 June 2026 |

### Your renewal premium
| Cover | Cost for the year |
|---|---|
| Buildings | £356.80 |
| Contents | £201.45 |
| Legal expenses | £29.99 |
| Home emergency and boiler | £48.00 |
| **Total** | **£636.24** |

Last year's premium: £598.60. The new premium is 6.3% more than last year.

### What's changed
1. Your home emergency cover now includes boiler breakdown.
2. The standard excess has gone up from £100 to £150.
3. Your no-claims discount has grown to five years.

### Paying monthly
Your Direct Debit from the account ending 2290 continues: 12 monthly payments of £54.97 (£659.64 in all), the first on 22 June 2026.

### How to cancel
You can cancel within 14 days of the renewal date (your cooling-off period) and get a full refund, provided you have made no claim.

### Contact us
Call 0117 496 0555 and give your policy number, TRN-7702-6615.

Best wishes,
Tern Home Cover
"""

RENEWALS = (
    Renewal(
        "Whitfield",
        "Draft Mrs Eleanor Whitfield's renewal letter (policy HHI-4417-2093, 12 Orchard Close, Ludlow; renews 1 August "
        "2026) with Markdown headings. Premium first, as a table: buildings £318.60, contents £164.20, home emergency "
        "£42.00, legal expenses £24.50, the annual total, and the change on last year's £506.80 as a percentage. Then "
        "the three changes (sum insured £310,000 to £325,000, accidental damage to contents now standard, escape of "
        "water excess £350 to £500). She pays 12 monthly payments of £47.52 from the account ending 4821; say what "
        "that comes to. Then cancelling (14-day cooling-off) and our number, 0345 600 2718.",
        WHITFIELD,
        "HHI-4417-2093",
        3,
        (
            swap_spans(WHITFIELD, "## Your premium", "## What's changed", "## Paying for your policy"),
            ("reference", "quote your policy number, HHI-4417-2093.", "quote your policy number, HHI-4471-2093."),
            (
                "cooling_off",
                "You have 14 days from the renewal date to cancel and get a full refund, as long as you have not made "
                "a claim: this is your cooling-off period. After that you can still cancel, and we",
                "You can cancel at any time, and we",
            ),
            ("account", "from your account ending 4821,", "from account 31926819 (sort code 20-45-77),"),
            ("cancel", "## How to cancel\n", ""),
            ("changes", "- Accidental damage to your contents is now included as standard.\n", ""),
            ("total", "| Home emergency cover | £42.00 |", "| Home emergency cover | £48.00 |"),
            ("change", "gone up by 8.4%.", "gone up by 7.7%."),
            ("monthly", "(£570.24 in all)", "(£549.30 in all)"),
        ),
    ),
    Renewal(
        "Osei",
        "Write Mr Daniel Osei's renewal letter from Northgate Insurance (policy NGH-558210-03, 7 Linden Avenue, "
        "Leicester; renews 15 September 2026), bold headings. His new premium (buildings £402.15, contents £188.40, "
        "accidental damage £36.75), the total and the percentage change on last year's £671.90, before the four "
        "changes: pest damage to contents covered, subsidence excess £1,000 (was £1,500), garden plants up to £2,500 a "
        "claim, emergency accommodation up to £20,000. He pays 12 monthly instalments of £54.11 from the account "
        "ending 0937; give the amount in all. How to cancel (14-day cooling-off period); our phone is 0116 496 0302.",
        OSEI,
        "NGH-558210-03",
        4,
        (
            swap_spans(OSEI, "**Your new premium**", "**What's changed this year**", "**How you pay**"),
            ("reference", "quoting NGH-558210-03.", "quoting NGH-558201-03."),
            (
                "cooling_off",
                "you can cancel within the 14-day cooling-off period from 15 September 2026 and we will refund you in "
                "full, unless you have claimed.",
                "just call us and we will cancel the policy; any refund depends on how long the policy has run.",
            ),
            ("account", "from your account ending 0937,", "from account 40718263 (sort code 30-94-12),"),
            ("cancel", "**How to cancel**\n", ""),
            ("changes", "- Cover for garden plants and shrubs has gone up to £2,500 per claim.\n", ""),
            ("total", "- Contents cover: £188.40", "- Contents cover: £198.40"),
            ("change", "you will pay 6.6% less.", "you will pay 7.1% less."),
            ("monthly", "£649.32 in all", "£639.32 in all"),
        ),
    ),
    Renewal(
        "Brennan",
        "Renewal letter for Ms Aoife Brennan, Castlegate Mutual policy CGM-20931-77, renewing 1 March 2026, in plain "
        "text with `Label:` headings. Premium: buildings £289.00, contents £142.60, personal possessions away from "
        "home £58.40, home emergency £39.00; the total, and the change from last year's £470.25 as a percentage. Then "
        "the two changes (contents sum insured now £55,000; bicycles covered away from home up to £1,000 each). She "
        "pays ten monthly payments of £55.02 from the account ending 6604 (show the amount in all). How to cancel, "
        "with the 14-day cooling-off period; phone 0113 496 0871.",
        BRENNAN,
        "CGM-20931-77",
        2,
        (
            swap_spans(BRENNAN, "Your premium:", "What has changed:", "Paying your premium:"),
            ("reference", "policy number, CGM-20931-77, to hand.", "policy number, CGM-20913-77, to hand."),
            (
                "cooling_off",
                "You have a 14-day cooling-off period from the renewal date. If you cancel within it and have not "
                "claimed, we will refund your premium in full.",
                "You can cancel at any time, and we will refund the unused part of your premium if you have not "
                "claimed.",
            ),
            ("account", "from your account ending 6604,", "from account 20331475 (sort code 40-11-62),"),
            ("cancel", "How to cancel:\n", ""),
            ("changes", "2. We now cover your bicycles away from home, up to £1,000 each.\n", ""),
            ("total", "Personal possessions away from home: £58.40", "Personal possessions away from home: £48.40"),
            ("change", "premium is 12.5% higher.", "premium is 11.1% higher."),
            ("monthly", "(£550.20 in all)", "(£555.20 in all)"),
        ),
    ),
    Renewal(
        "Kowalski",
        "Renewal letter for Mr and Mrs Kowalski (Tern Home Cover, policy TRN-7702-6615, Flat 4, 28 Mill Street, "
        "Bristol; renews 22 June 2026): ### headings, policy details in a table. Premium first: buildings £356.80, "
        "contents £201.45, legal expenses £29.99, home emergency and boiler £48.00, the total, and the change on last "
        "year's £598.60 in %. Then the three changes (boiler breakdown added, excess £100 to £150, five years' "
        "no-claims discount). They pay 12 monthly payments of £54.97 (account ending 2290): the amount in all? "
        "Cancelling (14-day cooling-off); phone 0117 496 0555.",
        KOWALSKI,
        "TRN-7702-6615",
        3,
        (
            swap_spans(KOWALSKI, "### Your renewal premium", "### What's changed", "### Paying monthly"),
            ("reference", "policy number, TRN-7702-6615.", "policy number, TRN-7702-6651."),
            (
                "cooling_off",
                "You can cancel within 14 days of the renewal date (your cooling-off period) and get a full refund, "
                "provided you have made no claim.",
                "You can cancel whenever you like; we will refund any unused premium, less a small fee.",
            ),
            (
                "account",
                "from the account ending 2290 continues",
                "from account 61502284 (sort code 09-01-28) continues",
            ),
            ("cancel", "### How to cancel\n", ""),
            ("changes", "2. The standard excess has gone up from £100 to £150.\n", ""),
            ("total", "| Legal expenses | £29.99 |", "| Legal expenses | £39.99 |"),
            ("change", "premium is 6.3% more", "premium is 5.9% more"),
            ("monthly", "(£659.64 in all)", "(£656.64 in all)"),
        ),
    ),
)


def build(renewal: Renewal, on: dict[str, bool]) -> str:
    return slipped(renewal.text, renewal.slips, on, renewal.name)


# Reading a letter -------------------------------------------------------------------------------


def covers(premium: str) -> list[Decimal]:
    """The amount on each line of the premium section that is not its total, last year's or a percentage."""
    return [a for line in premium.splitlines() if not NOT_A_COVER.search(line) and (a := last_money(line)) is not None]


def total_right(premium: str) -> bool:
    """The premium section's total line is the sum of its covers."""
    total = last_money(line_with(premium, "total"))
    return bool(covers(premium)) and total == sum(covers(premium))


def change_right(answer: str, premium: str) -> bool:
    """Last year's line: its percentage (lower when it says so) is the change from its amount to the stated
    total, to half a unit of the percentage's last written digit."""
    line, total = line_with(answer, "last year"), last_money(line_with(premium, "total"))
    found, amounts = PERCENT.search(line), money(line)
    if found is None or not amounts or total is None:
        return False
    stated = float(found.group(1)) * (-1 if DOWN.search(line) else 1)
    exact = 100 * float(total - amounts[0]) / float(amounts[0])
    return abs(stated - exact) <= 0.5 * 10 ** -len(found.group(2) or "") + 1e-9


def monthly_right(answer: str) -> bool:
    """`N payments of £X ... £Y in all`: N times X is Y."""
    found = MONTHLY.search(answer)
    count = number_in(found.group(1)) if found else None
    if found is None or count is None:
        return False
    return count * Decimal(found.group(2).replace(",", "")) == Decimal(found.group(3).replace(",", ""))


WORDINGS = {
    "reference": (
        "Quotes the policy number {policy} the same way every time",
        "Gets the policy number, {policy}, right wherever it appears",
    ),
    "cooling_off": (
        "Mentions the 14-day cooling-off period",
        "Tells the customer they can cancel within 14 days for a full refund",
    ),
    "account": (
        "Shows no more than the last four digits of the bank account",
        "Does not print the customer's full bank account number or sort code",
    ),
    "order": (
        "Gives the new premium before explaining what has changed",
        "The premium breakdown comes before the list of changes",
    ),
    "cancel": ("Includes a heading for how to cancel", "Puts the cancellation information under its own heading"),
    "changes": (
        "Lists exactly {changes} changes to the cover",
        "Sets out the {changes} changes to the policy, no more and no fewer",
    ),
    "total": ("The total premium equals the sum of the covers listed", "The cover prices add up to the annual total"),
    "change": (
        "The percentage change from last year's premium is correct",
        "Works out the rise or fall against last year's premium correctly",
    ),
    "monthly": (
        "The monthly payments multiply out to the amount stated for paying monthly",
        "The instalments add up to the figure given for paying by the month",
    ),
}
"""Two wordings of each kind of criterion, filled from the renewal."""


def truths(renewal: Renewal, answer: str) -> dict[str, bool]:
    premium = "\n".join(section(answer, PREMIUM) or [])
    numbers = POLICY.findall(answer)
    return {
        "reference": bool(numbers) and set(numbers) == {renewal.policy},
        "cooling_off": FOURTEEN.search(line_with(answer, "cooling-off")) is not None,
        "account": ACCOUNT.search(answer) is None,
        "order": heading_order(answer, PREMIUM, CHANGES),
        "cancel": any(re.search(CANCEL, title, re.I) for s in answer.splitlines() if (title := heading_of(s))),
        "changes": len(listed(section(answer, CHANGES) or [])) == renewal.changes,
        "total": total_right(premium),
        "change": change_right(answer, premium),
        "monthly": monthly_right(answer),
    }


def candidates(rng: random.Random, renewal: Renewal, answer: str) -> list[Criterion]:
    filled = {"policy": renewal.policy, "changes": NUMBER_WORDS[renewal.changes]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(renewal, answer).items()
    ]


SWITCHES = ("order", "reference", "cooling_off", "account", "cancel", "changes", "total", "change", "monthly")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, RENEWALS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

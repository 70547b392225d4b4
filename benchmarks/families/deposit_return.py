"""Deposit return family (fresh21): the statement a task asks a landlord or agent to send a tenant at the end of a
tenancy, saying what comes off the deposit and what goes back (a UK flat's with the deductions in a Markdown table, a
US apartment's itemized statement as bullets, an Irish flat's as fixed-width text in a fenced block, an Australian
house's bond refund as plain lines): the deposit and where it is held, each deduction with its evidence and amount, the
rent for the days between the end of the tenancy and the keys coming back, the total of the deductions, the amount
returned, the date it is paid, an item left uncharged as fair wear and tear, and how to dispute, a kind of answer no
grader was run on while any of its rules was written. Run only as `--set fresh21`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the statement written right and then changed by switches: the deductions largest first or two swapped,
the total the sum of the deductions or mistyped, the amount returned the deposit less the deductions or mistyped, the
payment within the task's days of the keys coming back or later, evidence on every deduction or one without, the item
of fair wear and tear left uncharged or charged in another's place, the deposit's reference as the task gives it or
mistyped, the days of extra rent matching the dates or one more or fewer, and the way to dispute given or not. Every
truth is read from the text: the deductions are the lines with an amount from the first line opening `Deductions`
(after Markdown marks) to the first opening `Total deductions`, each line's last amount its own, and the total that
line's last amount; the amount returned the last amount on the first line with the task's words for it; the payment
date the first date on the first line with the task's words for it; the days of extra rent the first number of days
on the first line with `rent for`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import Decimal

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    date_in,
    line_with,
    money,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
)

FAMILY = "deposit_return"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
LEAD = re.compile(r"^[\s|*#>_-]*")
EVIDENCE = re.compile(r"invoice|receipt|report|photo|quote|inspection", re.I)
DAYS = re.compile(r"(\d+)\s+days?\b", re.I)
DISPUTE = re.compile(r"disput", re.I)


@dataclass(frozen=True)
class Statement:
    task: str
    text: str
    """The answer written right."""
    name: str
    deposit: str
    tenancy: tuple[date, date, int]
    """(the day the tenancy ended, the day the keys came back, the days after that within which to pay)."""
    labels: tuple[str, str]
    """The words (lower-case) that find the line with the amount returned and the one with the payment date."""
    wear: tuple[str, str]
    """(a word naming the item that is fair wear and tear, the item in words)."""
    reference: tuple[str, str]
    """(the deposit's reference, what it is)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


ALBION = """# Deposit return: Flat 2, 14 Albion Terrace, Bath

To: Chloe Marsh · Tenancy: 1 September 2023 to 31 August 2025 · Keys returned: 3 September 2025
Deposit held: £1,350.00 with the Deposit Protection Service, reference 1048 3377

### Deductions
| Item | Evidence | Amount |
|---|---|---:|
| Professional oven and kitchen clean | BrightClean invoice | £185.00 |
| Rent for 3 days after the tenancy ended (1 to 3 September, £41.10 a day) | Key return receipt | £123.30 |
| Replacing the broken bathroom blind | Blinds Direct invoice | £64.00 |
| Removing a red wine stain from the living room carpet | Check-out report, photo 12 | £55.00 |
| Cutting two replacement door keys | Locksmith's receipt | £18.00 |
| **Total deductions** | | **£445.30** |

**To be returned to you: £904.70**

The faded bedroom curtains are fair wear and tear after two years, so there is no charge for them.
Payment date: 12 September 2025, to the account you gave at check-out, within 10 days of the keys coming back.
If you disagree with any deduction, the DPS offers a free dispute resolution service."""

ALDER = """**Itemized statement of security deposit deductions**
- Tenant: Marcus Bell, 418 Alder Street, Unit 3B, Sacramento, CA
- Lease no. 2291-B · Lease ended: 2025-07-31 · Keys returned: 2025-08-02
- Security deposit: $2,400.00

**Deductions**
- Repainting the bedroom wall after crayon marks (Pro Coat Painting invoice): $320.00
- Rent for 2 days after the lease ended, Aug 1–2 at $78.90 a day (key receipt): $157.80
- Removing furniture left in the garage (move-out inspection photos): $95.00
- Replacing the cracked stovetop drip pans (hardware store receipt): $42.50
- Replacing the lost parking remote (dealer receipt): $35.00
- **Total deductions: $650.30**

**Refund due to you: $1,749.70**
- Check mailed: 2025-08-15, to your forwarding address, within 21 days of move-out
- The worn hallway carpet is normal wear and tear after three years, so there is no charge for it.
- If you disagree with a deduction, write to us to dispute it; you can also take it to small claims court."""

PORTOBELLO = """Here is the statement as plain text for the letter:

```text
DEPOSIT RETURN STATEMENT
Tenant: Daniel Ó Briain        Property: Flat 4, Canal View, Portobello, Dublin
RTB registration: RT0000412238
Tenancy ended: 30 Sep 2025     Keys returned: 2 Oct 2025
Deposit held                                                  €1,800.00

DEDUCTIONS                                                       AMOUNT
End-of-tenancy clean (Sparkle Cleaning invoice)                 €210.00
Rent for 2 days after the end, 1-2 Oct at €59.20 (receipt)      €118.40
Garden rubbish removal (check-out report, photos 4-6)            €75.00
New fridge door shelf (Hughes Appliances quote)                  €48.00
TOTAL DEDUCTIONS                                                €451.40

DEPOSIT TO BE RETURNED                                        €1,348.60
PAYMENT DATE: 10 Oct 2025 (within 14 days of the keys)
The scuffed paint in the hall is normal wear and tear; it is not charged.
If you disagree with any deduction, you can refer a dispute to the RTB.
```"""

WATTLE = """Bond refund statement: 22 Wattle Street, Newtown
Tenant: Sam Okafor. Lease ended 14 November 2025; keys returned 17 November 2025.
Rental bond: $2,600.00, lodged with NSW Fair Trading, bond number B1449027.
Deductions:
Rent for 3 days after the lease ended, 15 to 17 November at $92.86 a day (key receipt): $278.58
Carpet steam clean, all rooms (Fresh Steam invoice): $240.00
Replacing the broken flyscreen door (Shade Screens quote): $130.00
Garden tidy and lawn mowing (Green Thumb invoice): $90.00
Replacing the missing laundry key (locksmith receipt): $25.00
Total deductions: $763.58
Bond to be refunded to you: $1,836.42
Refund date: 28 November 2025, within 14 days of the keys coming back.
The faded paint on the front door is fair wear and tear, so it is not charged.
If you disagree with these deductions, you can dispute them with NSW Fair Trading or apply to the NCAT."""

STATEMENTS = (
    Statement(
        "Write the deposit return for Chloe Marsh, Flat 2, 14 Albion Terrace, Bath. Her tenancy ran 1 September 2023 "
        "to 31 August 2025 but the keys only came back on 3 September 2025. The £1,350.00 deposit is with the Deposit "
        "Protection Service, reference 1048 3377. Deductions, in a Markdown table largest first, each with its "
        "evidence: oven and kitchen clean £185.00 (BrightClean invoice); rent for the days after the tenancy ended at "
        "£41.10 a day (key return receipt); broken bathroom blind £64.00 (Blinds Direct invoice); red wine stain on the "
        "living room carpet £55.00 (check-out report, photo 12); two replacement door keys £18.00 (locksmith's "
        "receipt). Then the total deductions and what she gets back. The faded bedroom curtains are fair wear and "
        "tear, not a deduction. We pay within 10 days of getting the keys back. Tell her how to dispute it.",
        ALBION,
        "Albion",
        "£1,350.00",
        (date(2025, 8, 31), date(2025, 9, 3), 10),
        ("to be returned", "payment date"),
        ("curtain", "faded bedroom curtains"),
        ("1048 3377", "DPS reference"),
        (
            swap_lines(ALBION, "| Replacing the broken", "| Removing a red wine"),
            ("total", "**£445.30**", "**£454.30**"),
            ("returned", "£904.70", "£895.70"),
            ("deadline", "Payment date: 12 September 2025", "Payment date: 19 September 2025"),
            ("evidence", "| Check-out report, photo 12 |", "| |"),
            ("wear", "Replacing the broken bathroom blind", "Replacing the faded bedroom curtains"),
            ("reference", "reference 1048 3377", "reference 1048 3737"),
            ("overstay", "Rent for 3 days", "Rent for 4 days"),
            ("dispute", "\nIf you disagree with any deduction, the DPS offers a free dispute resolution service.", ""),
        ),
    ),
    Statement(
        "Bullet points, ISO dates: the itemized statement of security deposit deductions for Marcus Bell, 418 Alder "
        "Street, Unit 3B, Sacramento, lease no. 2291-B. The lease ended 2025-07-31; he returned the keys on "
        "2025-08-02. Deposit $2,400.00. Deductions, largest first, with the evidence for each: bedroom wall repainted "
        "after crayon marks $320.00 (Pro Coat Painting invoice); rent for the days after the lease ended at $78.90 a "
        "day (key receipt); furniture left in the garage removed $95.00 (move-out inspection photos); cracked stovetop "
        "drip pans $42.50 (hardware store receipt); lost parking remote $35.00 (dealer receipt). Give the total and "
        "the refund, mailed by check within 21 days of move-out. The worn hallway carpet is normal wear and tear, so "
        "don't charge for it. Explain how he can dispute a deduction.",
        ALDER,
        "Alder",
        "$2,400.00",
        (date(2025, 7, 31), date(2025, 8, 2), 21),
        ("refund due", "check mailed"),
        ("carpet", "worn hallway carpet"),
        ("2291-B", "lease number"),
        (
            swap_lines(ALDER, "- Removing furniture", "- Replacing the cracked"),
            ("total", "$650.30", "$605.30"),
            ("returned", "$1,749.70", "$1,794.70"),
            ("deadline", "Check mailed: 2025-08-15", "Check mailed: 2025-08-29"),
            ("evidence", "in the garage (move-out inspection photos):", "in the garage:"),
            ("wear", "Replacing the cracked stovetop drip pans", "Patching the worn hallway carpet"),
            ("reference", "Lease no. 2291-B", "Lease no. 2219-B"),
            ("overstay", "Rent for 2 days", "Rent for 3 days"),
            (
                "dispute",
                "\n- If you disagree with a deduction, write to us to dispute it; you can also take it to small claims "
                "court.",
                "",
            ),
        ),
    ),
    Statement(
        "Deposit return statement as fixed-width plain text in a code block, for Daniel Ó Briain, Flat 4, Canal View, "
        "Portobello, Dublin (RTB registration RT0000412238). The tenancy ended 30 Sep 2025 and the keys came back on "
        "2 Oct 2025. Deposit €1,800.00. Deductions, largest first, each with its evidence: end-of-tenancy clean "
        "€210.00 (Sparkle Cleaning invoice); rent for the days after the end at €59.20 a day (receipt); garden "
        "rubbish removal €75.00 (check-out report, photos 4-6); new fridge door shelf €48.00 (Hughes Appliances "
        "quote). Then the total, the amount returned and the payment date, within 14 days of the keys. The scuffed "
        "hall paint is normal wear and tear and isn't charged. Say how he can raise a dispute.",
        PORTOBELLO,
        "Portobello",
        "€1,800.00",
        (date(2025, 9, 30), date(2025, 10, 2), 14),
        ("to be returned", "payment date"),
        ("scuff", "scuffed hall paint"),
        ("RT0000412238", "RTB registration number"),
        (
            swap_lines(PORTOBELLO, "Garden rubbish", "New fridge"),
            ("total", "€451.40", "€415.40"),
            ("returned", "€1,348.60", "€1,384.60"),
            ("deadline", "10 Oct 2025", "20 Oct 2025"),
            ("evidence", "Garden rubbish removal (check-out report, photos 4-6)", "Garden rubbish removal" + " " * 31),
            (
                "wear",
                "New fridge door shelf (Hughes Appliances quote)",
                "Repainting the scuffed hall (Hughes & Co quote)",
            ),
            ("reference", "RT0000412238", "RT0000421238"),
            ("overstay", "Rent for 2 days", "Rent for 3 days"),
            ("dispute", "\nIf you disagree with any deduction, you can refer a dispute to the RTB.", ""),
        ),
    ),
    Statement(
        "Plain lines, no tables or bullets: a bond refund statement for Sam Okafor at 22 Wattle Street, Newtown. The "
        "lease ended 14 November 2025 and the keys came back 17 November 2025. The $2,600.00 bond is lodged with NSW "
        "Fair Trading, bond number B1449027. Deductions, largest first, each with its evidence: rent for the days "
        "after the lease ended at $92.86 a day (key receipt); carpet steam clean, all rooms $240.00 (Fresh Steam "
        "invoice); broken flyscreen door $130.00 (Shade Screens quote); garden tidy and mowing $90.00 (Green Thumb "
        "invoice); missing laundry key $25.00 (locksmith receipt). Then the total, the refund and the refund date, "
        "within 14 days of the keys. The faded front door paint is fair wear and tear: no charge. Tell him how to "
        "dispute.",
        WATTLE,
        "Wattle",
        "$2,600.00",
        (date(2025, 11, 14), date(2025, 11, 17), 14),
        ("to be refunded", "refund date"),
        ("faded", "faded front door paint"),
        ("B1449027", "bond number"),
        (
            swap_lines(WATTLE, "Carpet steam clean", "Replacing the broken flyscreen"),
            ("total", "$763.58", "$736.58"),
            ("returned", "$1,836.42", "$1,863.42"),
            ("deadline", "28 November 2025", "5 December 2025"),
            ("evidence", "Garden tidy and lawn mowing (Green Thumb invoice)", "Garden tidy and lawn mowing"),
            ("wear", "Replacing the broken flyscreen door", "Repainting the faded front door"),
            ("reference", "bond number B1449027", "bond number B1494027"),
            ("overstay", "Rent for 3 days", "Rent for 2 days"),
            (
                "dispute",
                "\nIf you disagree with these deductions, you can dispute them with NSW Fair Trading or apply to the "
                "NCAT.",
                "",
            ),
        ),
    ),
)


def build(statement: Statement, on: dict[str, bool]) -> str:
    return slipped(statement.text, statement.slips, on, statement.name)


# Reading a deposit statement ------------------------------------------------------------------------------------


def opening(lines: list[str], word: str) -> int | None:
    """The index of the first line opening with `word` (after Markdown marks, in any case), or None."""
    return next((i for i, s in enumerate(lines) if LEAD.sub("", s).lower().startswith(word)), None)


def deductions(answer: str) -> tuple[list[str], Decimal] | None:
    """(the lines with an amount from the one opening `Deductions` up to the one opening `Total deductions`, that
    line's last amount), or None when either line is missing."""
    lines = answer.splitlines()
    start, end = opening(lines, "deductions"), opening(lines, "total deductions")
    if start is None or end is None or end < start or not money(lines[end]):
        return None
    return [s for s in lines[start:end] if money(s)], money(lines[end])[-1]


WORDINGS = {
    "order": (
        "Lists the deductions from the largest amount to the smallest",
        "Puts the deductions in descending order of amount",
    ),
    "total": (
        "The total deductions figure is the sum of the deductions listed",
        "Adds up the listed deductions correctly in the total",
    ),
    "returned": (
        "The amount returned is the {deposit} deposit less the deductions listed",
        "Returns {deposit} minus the sum of the listed deductions",
    ),
    "deadline": (
        "The payment date is no more than {days} days after the keys came back on {keys}",
        "Pays the money back within {days} days of the keys being returned",
    ),
    "evidence": (
        "Every deduction cites its evidence, such as an invoice, receipt, photo or report",
        "Gives the supporting evidence for each deduction",
    ),
    "wear": (
        "Does not charge for the {wear}, as fair wear and tear",
        "Makes no deduction for the {wear}",
    ),
    "reference": ("Quotes the {what} {reference} correctly", "Gives {reference} as the {what}"),
    "overstay": (
        "Charges rent for the right number of days between the end of the tenancy and the keys coming back",
        "The days of extra rent match the dates the tenancy ended and the keys were returned",
    ),
    "dispute": ("Tells the tenant how to dispute the deductions", "Says the tenant can dispute the deductions"),
}
"""Two wordings of each kind of criterion, filled from the statement."""


def truths(statement: Statement, answer: str) -> dict[str, bool]:
    block = deductions(answer)
    amounts = [money(s)[-1] for s in block[0]] if block else []
    returned, paid = (line_with(answer, words) for words in statement.labels)
    ended, keys, days = statement.tenancy
    extra = DAYS.search(line_with(answer, "rent for"))
    day = date_in(paid)
    return {
        "order": len(amounts) >= 2 and amounts == sorted(amounts, reverse=True),
        "total": block is not None and sum(amounts, Decimal(0)) == block[1],
        "returned": block is not None
        and money(returned)[-1:] == [money(statement.deposit)[0] - sum(amounts, Decimal(0))],
        "deadline": day is not None and keys <= day <= keys + timedelta(days=days),
        "evidence": block is not None and all(EVIDENCE.search(s) for s in block[0]),
        "wear": block is not None and not any(statement.wear[0] in s.lower() for s in block[0]),
        "reference": statement.reference[0] in answer,
        "overstay": extra is not None and int(extra.group(1)) == (keys - ended).days,
        "dispute": DISPUTE.search(answer) is not None,
    }


def candidates(rng: random.Random, statement: Statement, answer: str) -> list[Criterion]:
    keys = statement.tenancy[1]
    values = {
        "deposit": statement.deposit,
        "days": statement.tenancy[2],
        "keys": f"{keys.day} {keys:%B %Y}",
        "wear": statement.wear[1],
        "reference": statement.reference[0],
        "what": statement.reference[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(statement, answer).items()
    ]


SWITCHES = ("order", "total", "returned", "deadline", "evidence", "wear", "reference", "overstay", "dispute")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, STATEMENTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

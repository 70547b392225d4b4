"""Donation receipt family (fresh32): the receipt a charity asks for to send a supporter after a year
of gifts (a hospice's regular giver, a food bank's winter donor, a mountain rescue team's supporter, a
lifeboat station's appeal donors), with a thank-you, the gifts and their total, the Gift Aid the charity
will claim, what the money paid for, the charity's registered number and the statement that nothing was
given in return, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh32`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the receipt (Markdown headings with the gifts in a table, bold headings with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then
changed by switches. Every truth is read from the text: the donor's name by its spellings, the sections
by their headings, the thank-you's sentences as runs ending in a full stop, the gifts as the lines of
their section with an amount and no total, the Gift Aid from the first line naming it with two amounts,
and the count from the first number written before "donations" or "gifts".
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
    heading_order,
    last_money,
    listed,
    money,
    number_in,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
)

FAMILY = "donation_receipt"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
CHARITY_NUMBER = re.compile(r"charity (?:number|no\.?)[\s|:]*\d{6,8}\b", re.I)
NOTHING_BACK = re.compile(r"no goods or services|nothing in return|no benefit in return", re.I)
THANKS = r"thank"
DONATIONS = r"^(?:your )?(?:donations|gifts)\b"
IMPACT = r"paid for|bought|where your money|what your"
TOTAL = re.compile(r"\btotal\b", re.I)
COUNTED = re.compile(r"\b(\w+) (?:donations|gifts)\b", re.I)
SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
GIFT_AID_RATE = Decimal("0.25")


@dataclass(frozen=True)
class Receipt:
    name: str
    """The donor's surname, as it is spelt."""
    task: str
    text: str
    """The answer written right."""
    impact: int
    sentences: int
    """The things the gifts paid for that are asked for, and the thank-you's limit in sentences."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HOSPICE = """# Donation receipt: Riverside Hospice

**Donor:** Mrs Siobhan Gallagher, 14 Mill Lane, Ludlow SY8 1BT
**Receipt number:** RH-2026-0412
**Date issued:** 9 April 2026

## Thank you
Dear Mrs Gallagher, thank you for standing by Riverside Hospice all year. Your kindness helped families spend precious time together at home. We could not do this without you.

## Your donations
You made four donations between April 2025 and March 2026, all to our general fund.

| Date | How you gave | Amount |
|---|---|---|
| 6 April 2025 | Direct Debit | £25.00 |
| 18 July 2025 | Sponsored walk | £60.00 |
| 30 November 2025 | Online, Christmas appeal | £40.00 |
| 14 February 2026 | Cheque | £55.00 |
| **Total** | | **£180.00** |

## Gift Aid
You have told us you are a UK taxpayer, so we will claim £45.00 in Gift Aid from HMRC on your £180.00, at no cost to you.

## What your support paid for
- two nights of care at home from a hospice nurse
- a week of art therapy sessions for bereaved children
- fresh flowers and meals for our day lounge

You received no goods or services in return for these donations.

Riverside Hospice, Registered charity number 1084312
"""

FOOD_BANK = """**Northfield Food Bank donation receipt**

**Donor:** Mr Tomasz Kowalczyk
**Receipt date:** 3 March 2026
**Reference:** NFB/1177

**Thank you**
Dear Mr Kowalczyk, thank you so much for your support this winter. Your generosity kept our shelves stocked through the coldest months of the year. It meant a warm meal for hundreds of local families.

**Your gifts**
You made three donations to our winter appeal.
- 12 December 2025, online: £50.00
- 2 January 2026, bank transfer: £75.00
- 20 February 2026, supermarket collection: £35.00
- Total: £160.00

**Gift Aid**
As you are a UK taxpayer, we will reclaim £40.00 of Gift Aid on your £160.00 from HMRC.

**Where your money went**
- emergency food parcels for families referred by local schools
- fresh milk and bread for our Saturday pantry
- nappies and baby formula for new parents
- fuel for the van that delivers to housebound people

No goods or services were given in exchange for these donations. Registered charity no. 1156620
"""

RESCUE = """Receipt for donations

Charity: Brecon Mountain Rescue Team
Registered charity number: 502941
Donor: Dr Rhiannon Pryce
Date of receipt: 15 January 2026

Thank you:
Dr Pryce, thank you for supporting the team again this year. Every call-out we attend is paid for by people like you.

Donations:
You made five donations in 2025, each by card at our open days or online.
1. 4 March 2025: £20.00
2. 21 June 2025: £30.00
3. 9 August 2025: £15.00
4. 27 September 2025: £25.00
5. 1 December 2025: £30.00
Total donated: £120.00

Gift Aid:
We will add £30.00 of Gift Aid to your £120.00, reclaimed from HMRC at no cost to you.

What your money bought:
1. a new set of casualty stretcher straps
2. radio batteries for a year of call-outs
3. first-aid training for two new volunteers

We confirm that you received nothing in return for these gifts.
"""

LIFEBOAT = """### Porthcove Lifeboat Station: donation receipt

| Receipt | |
|---|---|
| Donors | Mr and Mrs Okonkwo, 3 Quay Street, Porthcove |
| Receipt no. | PLS-0093 |
| Issued | 28 April 2026 |
| Charity no. | 1161177 |

### Our thanks
Dear Mr and Mrs Okonkwo, thank you for your wonderful support this spring. Your gifts will help keep our volunteer crew safe at sea. Everyone at the station sends their warmest wishes.

### Your donations
You gave six gifts to the new boathouse appeal.
• 2 January 2026, standing order: £10.00
• 2 February 2026, standing order: £10.00
• 2 March 2026, standing order: £10.00
• 14 March 2026, quiz night: £40.00
• 2 April 2026, standing order: £10.00
• 18 April 2026, online: £120.00
Total received: **£200.00**

### Gift Aid
Gift Aid on your £200.00 comes to £50.00, which we will claim from HMRC.

### What your gifts paid for
1. new drysuits for two crew members
2. a training night on the new lifeboat
3. a heater for the crew room
4. flares and first-aid kits for the boat

No goods or services were provided in return for these gifts.
"""

MORE = " Every pound you gave went straight to the people who needed it most. We hope you will stay with us in the year ahead, and we will write again in the autumn with news."

RECEIPTS = (
    Receipt(
        "Gallagher",
        "Please write a donation receipt from Riverside Hospice (registered charity 1084312) for Mrs Siobhan "
        "Gallagher, 14 Mill Lane, Ludlow SY8 1BT; receipt RH-2026-0412, dated 9 April 2026. Markdown headings, "
        "please. Open with a thank-you of no more than three sentences, then her donations in a table with their "
        "total, saying in words how many there were: 6 April 2025 Direct Debit £25, 18 July 2025 sponsored walk £60, "
        "30 November 2025 online Christmas appeal £40, 14 February 2026 cheque £55. She is a UK taxpayer, so say how "
        "much Gift Aid (25%) we will claim. Then three things her support paid for (nurse nights at home, art therapy "
        "for bereaved children, flowers and meals for the day lounge), and a line saying she received no goods or "
        "services in return. Include our charity number.",
        HOSPICE,
        3,
        3,
        (
            swap_spans(HOSPICE, "## Thank you", "## Your donations", "## Gift Aid"),
            ("name", "Dear Mrs Gallagher,", "Dear Mrs Gallacher,"),
            (
                "charity_no",
                "Riverside Hospice, Registered charity number 1084312\n",
                "Riverside Hospice, Ludlow\n",
            ),
            ("no_goods", "\nYou received no goods or services in return for these donations.\n", ""),
            ("impact", "- a week of art therapy sessions for bereaved children\n", ""),
            ("sentences", "without you.", "without you." + MORE),
            ("total", "| **Total** | | **£180.00** |", "| **Total** | | **£170.00** |"),
            ("gift_aid", "claim £45.00 in Gift Aid", "claim £36.00 in Gift Aid"),
            ("count", "You made four donations", "You made five donations"),
        ),
    ),
    Receipt(
        "Kowalczyk",
        "Can you draft a receipt for Mr Tomasz Kowalczyk from Northfield Food Bank (charity no. 1156620), dated 3 "
        "March 2026, ref NFB/1177? Bold headings and bullet points. A short thank-you first (three sentences at "
        "most), then his gifts with the total and how many he made: £50 online on 12 December 2025, £75 by bank "
        "transfer on 2 January 2026, £35 at the supermarket collection on 20 February 2026. He's a taxpayer, so state "
        "the 25% Gift Aid we'll reclaim. List the four things it paid for (school-referred food parcels, milk and bread "
        "for the Saturday pantry, nappies and formula, fuel for the delivery van), confirm nothing was given in "
        "return, and put our charity number at the end.",
        FOOD_BANK,
        4,
        3,
        (
            swap_spans(FOOD_BANK, "**Thank you**", "**Your gifts**", "**Gift Aid**"),
            ("name", "Dear Mr Kowalczyk,", "Dear Mr Kowalczik,"),
            ("charity_no", " Registered charity no. 1156620\n", "\n"),
            ("no_goods", "No goods or services were given in exchange for these donations.", "Thank you again."),
            ("impact", "- nappies and baby formula for new parents\n", ""),
            ("sentences", "of local families.", "of local families." + MORE),
            ("total", "- Total: £160.00", "- Total: £150.00"),
            ("gift_aid", "reclaim £40.00 of Gift Aid", "reclaim £32.00 of Gift Aid"),
            ("count", "You made three donations", "You made four donations"),
        ),
    ),
    Receipt(
        "Pryce",
        "Write a plain-text receipt (Label: lines, numbered lists, no Markdown) for Dr Rhiannon Pryce from the Brecon "
        "Mountain Rescue Team, registered charity number 502941, dated 15 January 2026. Thank her first in two "
        "sentences at most. Then her 2025 donations, numbered, with a total and a sentence saying how many there were: "
        "4 March £20, 21 June £30, 9 August £15, 27 September £25, 1 December £30. Gift Aid at 25% as she is a "
        "taxpayer. Then a numbered list of three things the money bought (stretcher straps, radio batteries, "
        "first-aid training for two volunteers), and confirm she got nothing in return.",
        RESCUE,
        3,
        2,
        (
            swap_spans(RESCUE, "Thank you:", "Donations:", "Gift Aid:"),
            ("name", "Dr Pryce, thank you", "Dr Price, thank you"),
            ("charity_no", "Registered charity number: 502941\n", ""),
            ("no_goods", "\nWe confirm that you received nothing in return for these gifts.\n", ""),
            ("impact", "3. first-aid training for two new volunteers\n", ""),
            ("sentences", "people like you.", "people like you." + MORE),
            ("total", "Total donated: £120.00", "Total donated: £125.00"),
            ("gift_aid", "add £30.00 of Gift Aid", "add £24.00 of Gift Aid"),
            ("count", "You made five donations", "You made four donations"),
        ),
    ),
    Receipt(
        "Okonkwo",
        "Receipt please for Mr and Mrs Okonkwo (3 Quay Street, Porthcove) from Porthcove Lifeboat Station, charity "
        "no. 1161177, receipt PLS-0093, issued 28 April 2026: ### headings with the details in a small table. Thank "
        "them first, three sentences max. Their gifts to the boathouse appeal: £10 standing orders on 2 January, 2 "
        "February, 2 March and 2 April 2026, £40 at the quiz night on 14 March, £120 online on 18 April; give the "
        "total and say how many gifts. Gift Aid at 25%. Four things the gifts paid for (two drysuits, a training "
        "night, a crew-room heater, flares and first-aid kits), and say no goods or services were provided in return.",
        LIFEBOAT,
        4,
        3,
        (
            swap_spans(LIFEBOAT, "### Our thanks", "### Your donations", "### Gift Aid"),
            ("name", "Dear Mr and Mrs Okonkwo,", "Dear Mr and Mrs Okonkow,"),
            ("charity_no", "| Charity no. | 1161177 |\n", ""),
            ("no_goods", "\nNo goods or services were provided in return for these gifts.\n", ""),
            ("impact", "4. flares and first-aid kits for the boat\n", ""),
            ("sentences", "warmest wishes.", "warmest wishes." + MORE),
            ("total", "Total received: **£200.00**", "Total received: **£190.00**"),
            ("gift_aid", "comes to £50.00", "comes to £40.00"),
            ("count", "You gave six gifts", "You gave five gifts"),
        ),
    ),
)


def build(receipt: Receipt, on: dict[str, bool]) -> str:
    return slipped(receipt.text, receipt.slips, on, receipt.name)


# Reading a receipt ------------------------------------------------------------------------------


def sentence_count(text: str) -> int:
    """The sentences of `text`: runs ending in a full stop, a question or an exclamation mark before a space."""
    return len([s for s in SENTENCE_END.split(text.strip()) if re.search(r"[A-Za-z]", s)])


def gifts(answer: str) -> list[Decimal]:
    """The amount of each line of the gifts' section that has one and is not the total."""
    lines = section(answer, DONATIONS) or []
    return [amount for line in lines if not TOTAL.search(line) and (amount := last_money(line)) is not None]


def total_right(answer: str) -> bool:
    """The total line of the gifts' section gives the sum of the gifts above it."""
    line = next((s for s in section(answer, DONATIONS) or [] if TOTAL.search(s) and money(s)), "")
    parts = gifts(answer)
    return bool(line) and bool(parts) and last_money(line) == sum(parts)


def gift_aid_right(answer: str) -> bool:
    """On the first line naming Gift Aid with two amounts, the smaller is 25% of the larger."""
    line = next((s for s in answer.splitlines() if "gift aid" in s.lower() and len(money(s)) >= 2), "")
    amounts = sorted(money(line))
    return len(amounts) == 2 and amounts[0] == (amounts[1] * GIFT_AID_RATE).quantize(Decimal("0.01"))


def stated_count(answer: str) -> int | None:
    """The first number written just before "donations" or "gifts", in figures or words."""
    return next((n for m in COUNTED.finditer(answer) if (n := number_in(m.group(1))) is not None), None)


def count_right(answer: str) -> bool:
    """The number of gifts the receipt states is the number of gifts it lists."""
    return stated_count(answer) == len(gifts(answer)) > 0


WORDINGS = {
    "name": (
        "Spells the donor's surname, {name}, the same way throughout",
        "Uses the spelling {name} every time the donor is named",
    ),
    "charity_no": ("Includes the charity's registered number", "Shows the registered charity number"),
    "no_goods": (
        "States that the donor received no goods or services in return",
        "Confirms that nothing was given to the donor in exchange for the gifts",
    ),
    "order": (
        "Opens with the thank-you before listing the donations",
        "The thank-you message comes before the list of gifts",
    ),
    "impact": (
        "Lists exactly {impact} things the donations paid for",
        "Gives {impact} examples of what the money funded, no more and no fewer",
    ),
    "sentences": (
        "Keeps the thank-you message to {sentences} sentences or fewer",
        "The note of thanks is no longer than {sentences} sentences",
    ),
    "total": (
        "The total matches the sum of the individual donations",
        "Adds up the donations correctly in the total",
    ),
    "gift_aid": (
        "The Gift Aid figure is 25% of the donations it is claimed on",
        "Works out the Gift Aid correctly at 25p for every £1 given",
    ),
    "count": (
        "The number of donations stated in words matches the donations listed",
        "Says how many gifts were made, and that number agrees with the list",
    ),
}
"""Two wordings of each kind of criterion, filled from the receipt."""


def truths(receipt: Receipt, answer: str) -> dict[str, bool]:
    thanks = " ".join(section(answer, THANKS) or [])
    return {
        "name": spellings(answer, receipt.name) == {receipt.name.lower()},
        "charity_no": CHARITY_NUMBER.search(answer) is not None,
        "no_goods": NOTHING_BACK.search(answer) is not None,
        "order": heading_order(answer, THANKS, DONATIONS),
        "impact": len(listed(section(answer, IMPACT) or [])) == receipt.impact,
        "sentences": 0 < sentence_count(thanks) <= receipt.sentences,
        "total": total_right(answer),
        "gift_aid": gift_aid_right(answer),
        "count": count_right(answer),
    }


def candidates(rng: random.Random, receipt: Receipt, answer: str) -> list[Criterion]:
    filled = {
        "name": receipt.name,
        "impact": NUMBER_WORDS[receipt.impact],
        "sentences": NUMBER_WORDS[receipt.sentences],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(receipt, answer).items()
    ]


SWITCHES = ("order", "name", "charity_no", "no_goods", "impact", "sentences", "total", "gift_aid", "count")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, RECEIPTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

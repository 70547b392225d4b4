"""Sponsor form family (fresh41): the summary of a sponsorship form a fundraiser asks for to hand in with the money
(a sponsored walk for a hospice, a sponsored swim for a foodbank, a sponsored bike ride for a wildlife rescue, a
sponsored head shave for a children's hospice), with the charity and its number, the sponsors and their pledges, the
total and the Gift Aid, how the money will be paid in and a short thank-you, a kind of answer no grader was run on
while any of its rules was written. Run only as `--set fresh41`, never in `all`, `new`, `docs`, `held` or an earlier
fresh set.

An answer is the summary (Markdown headings with the sponsors in a table, bold labels with bullets, plain `Label:`
lines with numbered lists, or `###` headings under a key-facts table), written right and then changed by switches.
Every truth is read from the text: the charity's name by its spellings, a postcode and the charity's number by the
words that write them, the sections by their headings, the thank-you's sentences under its heading, the sponsors as
the lines with an amount under their heading (their amounts against the first line saying total, their number
against the count on the line saying who sponsored), and the Gift Aid from the first line naming it with two amounts
(the last a quarter of the first).
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
    amount_on,
    heading_of,
    heading_order,
    last_money,
    money,
    number_in,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
)

FAMILY = "sponsor_form"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
POSTCODE = re.compile(r"\b[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}\b")
CHARITY_NUMBER = re.compile(r"\bregistered charity (?:no\.?|number)\s*:?\s*\d{6,7}\b", re.I)
SPONSORS = r"^sponsors\b|^who sponsored"
TOTALS = r"^totals?\b|^what I raised"
PAYING = re.compile(r"\bpay", re.I)
THANKS = r"thank|message|note for"
TOTAL = re.compile(r"\btotal\b", re.I)
GIFT_AID = re.compile(r"gift aid", re.I)
SENTENCE_END = re.compile(r"[.!?]+(?=\s|$)")
GIFT_AID_RATE = Decimal("0.25")


@dataclass(frozen=True)
class Pledges:
    name: str
    """The charity's distinctive word, as it is spelt."""
    charity: str
    """The charity's full name, as a criterion names it."""
    task: str
    text: str
    """The answer written right."""
    limit: int
    """The thank-you's limit in sentences."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


ALDHELM = """# Sponsorship summary: Wessex Ridgeway 20 km walk

Walker: Hannah Cole
Event: the Wessex Ridgeway sponsored walk, Sunday 7 June 2026
Charity: St Aldhelm's Hospice, registered charity number 1101234

Nine people sponsored me, and I finished the walk in just under five hours.

## Sponsors
| Sponsor | Amount | Gift Aid |
|---|---|---|
| Mum and Dad | £50.00 | no |
| Grandma Jean | £25.00 | yes |
| Priya Shah | £10.00 | yes |
| Tom and Lucy Hart | £20.00 | yes |
| Mr Okafor | £15.00 | no |
| Aunt Sue | £30.00 | yes |
| Ben Morris | £5.00 | no |
| The Clarke family | £20.00 | yes |
| Office collection | £42.50 | no |

## Totals
- Total raised: £217.50
- Gift Aid: £105.00 of this is gift-aided, so the hospice can claim another £26.25.

## Paying in
I will pay the cash and cheques in at the St Aldhelm's shop on the high street by Friday 19 June 2026; the online donations have already gone straight to the hospice.

## Thank you
Thank you all so much for backing me. Every pound helps the hospice care for families at home. I'll share photos from the walk soon.
"""

THORNBURY = """**Sponsored swim for Thornbury Foodbank: my sponsorship summary**

Hi Karen,

Here is the summary for my sponsored swim on Saturday 14 March 2026 (64 lengths of the Thornbury Leisure Centre pool). Thornbury Foodbank is registered charity no. 1187654.

Seven people sponsored me, and I swam the lot in 52 minutes.

**Sponsors**
- Nan and Grandad: £30.00 (Gift Aid)
- Mrs Patel next door: £10.00 (Gift Aid)
- Coach Dave: £15.00
- Ellie and Sam: £8.00
- Uncle Rob: £25.00 (Gift Aid)
- Mr and Mrs Green: £20.00 (Gift Aid)
- My swimming club: £40.00

**Totals**
- Total raised: £148.00
- Gift Aid: £85.00 of it is gift-aided, so the foodbank can claim an extra £21.25.

**Paying in**
- I'll bring the cash to the foodbank's Tuesday session on 24 March 2026 with the form.

**A note for my sponsors**
- Thank you for cheering me on and for being so generous. Every pound buys food for a family who needs it.

Thanks,
Lily
"""

KESTREL = """SPONSORSHIP SUMMARY: MY 50-MILE RIDE

Rider: Josh Brennan
Ride: the Kestrel Wildlife Rescue sponsored ride, Sunday 19 July 2026
Charity: Kestrel Wildlife Rescue (registered charity number 1164321)

Eight people sponsored me, and the ride took me 3 hours 40 minutes.

Who sponsored me:
1. Mum: £25.00, Gift Aid
2. Dad: £25.00, Gift Aid
3. Aisha from work: £10.00
4. The Fletchers: £15.00, Gift Aid
5. Grandpa Bill: £50.00, Gift Aid
6. Coffee shop tip jar: £12.40
7. Mr Nowak: £20.00
8. Beth and Leo: £7.50

What I raised:
1. Total raised: £164.90
2. Gift Aid: £115.00 of the sponsorship is gift-aided, so the rescue can claim another £28.75.

Paying it in:
I will hand the cash to the rescue's fundraising desk by Friday 31 July 2026.

Message to sponsors:
Thank you for getting me round all 50 miles. The rescue will put every penny towards feeding this summer's hedgehogs and owlets.
"""

OAKHAVEN = """### Sponsored head shave for Oakhaven Children's Hospice

| Summary | |
|---|---|
| Fundraiser | Marcus Reid |
| Event | head shave at the Red Lion, Saturday 2 May 2026 |
| Charity | Oakhaven Children's Hospice, registered charity no. 1123987 |
| Sponsors | ten people sponsored me |

### Sponsors
| Sponsor | Amount | Gift Aid |
|---|---|---|
| Mum | £40.00 | yes |
| Jess (my sister) | £20.00 | yes |
| Red Lion regulars' whip-round | £63.20 | no |
| Dan Ellis | £15.00 | yes |
| Coach Terry | £10.00 | no |
| Nana Rose | £25.00 | yes |
| Kirsty and Paul | £30.00 | yes |
| Mr Abbas | £5.00 | no |
| Work colleagues | £48.00 | no |
| Olly | £12.00 | yes |

### Totals
| Item | Amount |
|---|---|
| Total raised | £268.20 |
| Gift Aid claimable on £142.00 | £35.50 |

### Paying in
The whip-round cash is in the hospice collection tin, and I'll take it and the cheques to the Oakhaven shop on Monday 11 May 2026.

### Thank you
Thank you for sponsoring me, and for the jokes about my new look. The hospice looks after children with life-limiting illnesses and their families, and your money keeps its nurses going. I owe you all a pint.
"""

EXTRA = (
    " I honestly didn't think I would raise this much. Several of you even added to your pledge on the day!"
    " I've put the photos on the family group chat. Next year I might do it all again, so be warned."
)

FORMS = (
    Pledges(
        "Aldhelm",
        "St Aldhelm's Hospice",
        "Write up my sponsorship form in Markdown to hand in to St Aldhelm's Hospice (registered charity number "
        "1101234; put it in): I'm Hannah Cole and I did the Wessex Ridgeway 20 km walk on Sunday 7 June 2026. Say "
        "how many people sponsored me, then a table of the sponsors before the totals: Mum and Dad £50, Grandma Jean "
        "£25 (Gift Aid), Priya Shah £10 (GA), Tom and Lucy Hart £20 (GA), Mr Okafor £15, Aunt Sue £30 (GA), Ben "
        "Morris £5, the Clarke family £20 (GA), office collection £42.50. Give the total and the Gift Aid the hospice "
        "can claim (25% of the gift-aided amount). A 'Paying in' heading (the St Aldhelm's shop, by 19 June), then a "
        "thank-you of three sentences at most. No addresses: the form itself has them.",
        ALDHELM,
        3,
        (
            swap_spans(ALDHELM, "## Sponsors", "## Totals", "## Paying in"),
            ("name", "at the St Aldhelm's shop", "at the St Adhelm's shop"),
            ("no_postcode", "| Mr Okafor | £15.00 |", "| Mr Okafor, 4 Kiln Lane, SP2 7QT | £15.00 |"),
            ("charity_number", ", registered charity number 1101234", ""),
            ("heading", "## Paying in\n", ""),
            ("message", "from the walk soon.", "from the walk soon." + EXTRA),
            ("total", "£217.50", "£212.50"),
            ("gift_aid", "£26.25", "£21.00"),
            ("count", "Nine people sponsored me", "Eight people sponsored me"),
        ),
    ),
    Pledges(
        "Thornbury",
        "Thornbury Foodbank",
        "Can you turn my sponsorship form into a summary for Karen at Thornbury Foodbank? Bold labels and bullets. My "
        "sponsored swim was on Saturday 14 March 2026, 64 lengths at Thornbury Leisure Centre. Include the foodbank's "
        "registered charity number, 1187654, and how many people sponsored me. Sponsors first: Nan and Grandad £30 "
        "(Gift Aid), Mrs Patel £10 (GA), Coach Dave £15, Ellie and Sam £8, Uncle Rob £25 (GA), Mr and Mrs Green £20 "
        "(GA), my swimming club £40; then the totals: what I raised and the 25% Gift Aid on the gift-aided part. "
        "Paying in under its own label (Tuesday 24 March), and a note for my sponsors in no more than three "
        "sentences. Don't put anyone's address in.",
        THORNBURY,
        3,
        (
            swap_spans(THORNBURY, "**Sponsors**", "**Totals**", "**Paying in**"),
            ("name", "of the Thornbury Leisure Centre pool", "of the Thornbery Leisure Centre pool"),
            ("no_postcode", "- Mrs Patel next door: £10.00", "- Mrs Patel, 12 Oak Road, BS35 2HL: £10.00"),
            ("charity_number", " Thornbury Foodbank is registered charity no. 1187654.", ""),
            ("heading", "**Paying in**\n", ""),
            ("message", "for a family who needs it.", "for a family who needs it." + EXTRA),
            ("total", "£148.00", "£138.00"),
            ("gift_aid", "£21.25", "£17.00"),
            ("count", "Seven people sponsored me", "Six people sponsored me"),
        ),
    ),
    Pledges(
        "Kestrel",
        "Kestrel Wildlife Rescue",
        "Plain text with 'Label:' headings and numbered lists: the summary of my sponsorship form for Kestrel "
        "Wildlife Rescue (registered charity number 1164321). I'm Josh Brennan and rode 50 miles on Sunday 19 July "
        "2026. Say how many people sponsored me. Who sponsored me, before what I raised: Mum £25 and Dad £25 (both "
        "Gift Aid), Aisha from work £10, the Fletchers £15 (GA), Grandpa Bill £50 (GA), the coffee shop tip jar "
        "£12.40, Mr Nowak £20, Beth and Leo £7.50. Then the total and the Gift Aid (25% of the gift-aided sponsorship). "
        "A 'Paying it in' label (fundraising desk, by 31 July) and a message to sponsors of two sentences at most. "
        "Leave out everyone's addresses.",
        KESTREL,
        2,
        (
            swap_spans(KESTREL, "Who sponsored me:", "What I raised:", "Paying it in:"),
            ("name", "Ride: the Kestrel Wildlife", "Ride: the Kestral Wildlife"),
            ("no_postcode", "7. Mr Nowak: £20.00", "7. Mr Nowak, 3 Mill Court, YO31 8RT: £20.00"),
            ("charity_number", " (registered charity number 1164321)", ""),
            ("heading", "Paying it in:\n", ""),
            ("message", "hedgehogs and owlets.", "hedgehogs and owlets." + EXTRA),
            ("total", "£164.90", "£154.90"),
            ("gift_aid", "£28.75", "£23.00"),
            ("count", "Eight people sponsored me", "Nine people sponsored me"),
        ),
    ),
    Pledges(
        "Oakhaven",
        "Oakhaven Children's Hospice",
        "Sponsorship summary for my head shave for Oakhaven Children's Hospice (registered charity no. 1123987), with "
        "### headings and a key-facts table at the top saying how many people sponsored me. I'm Marcus Reid; the "
        "shave was at the Red Lion on Saturday 2 May 2026. Sponsors in a table before the totals: Mum £40 (Gift "
        "Aid), Jess £20 (GA), the Red Lion whip-round £63.20, Dan Ellis £15 (GA), Coach Terry £10, Nana Rose £25 "
        "(GA), Kirsty and Paul £30 (GA), Mr Abbas £5, work colleagues £48, Olly £12 (GA). Total raised, and Gift Aid "
        "at 25% of the gift-aided amount. A 'Paying in' heading (the Oakhaven shop on 11 May), then a thank-you of no "
        "more than three sentences. No home addresses.",
        OAKHAVEN,
        3,
        (
            swap_spans(OAKHAVEN, "### Sponsors", "### Totals", "### Paying in"),
            ("name", "to the Oakhaven shop", "to the Oakhavan shop"),
            ("no_postcode", "| Dan Ellis | £15.00 |", "| Dan Ellis, 27 Quay Street, TR1 2HE | £15.00 |"),
            ("charity_number", ", registered charity no. 1123987", ""),
            ("heading", "### Paying in\n", ""),
            ("message", "I owe you all a pint.", "I owe you all a pint." + EXTRA),
            ("total", "£268.20", "£263.20"),
            ("gift_aid", "£35.50", "£28.40"),
            ("count", "ten people sponsored me", "nine people sponsored me"),
        ),
    ),
)


def build(form: Pledges, on: dict[str, bool]) -> str:
    return slipped(form.text, form.slips, on, form.name)


# Reading a summary ------------------------------------------------------------------------------


def pledges(answer: str) -> list[Decimal]:
    """The amount of each line with one under the sponsors' heading (its last amount)."""
    lines = section(answer, SPONSORS) or []
    return [amount for line in lines if (amount := last_money(line)) is not None]


def total_right(answer: str) -> bool:
    """Whether the first line saying total states the sum of the sponsors' amounts."""
    stated, amounts = amount_on(answer, TOTAL), pledges(answer)
    return bool(amounts) and stated == sum(amounts)


def gift_aid_right(answer: str) -> bool:
    """Whether on the first line naming Gift Aid with two amounts the last is a quarter of the first."""
    line = next((s for s in answer.splitlines() if GIFT_AID.search(s) and len(money(s)) >= 2), "")
    amounts = money(line)
    return len(amounts) >= 2 and amounts[0] * GIFT_AID_RATE == amounts[-1]


def count_right(answer: str) -> bool:
    """Whether the count on the first line (not a heading) saying who sponsored is the number of sponsors listed."""
    line = next((s for s in answer.splitlines() if "sponsored me" in s.lower() and heading_of(s) is None), "")
    stated = number_in(line)
    return stated is not None and stated == len(pledges(answer))


def sentences(answer: str) -> int:
    """The sentences under the thank-you heading."""
    return len(SENTENCE_END.findall(" ".join(section(answer, THANKS) or [])))


def paying_heading(answer: str) -> bool:
    """Whether some heading is about paying the money in."""
    return any((title := heading_of(line)) is not None and PAYING.search(title) for line in answer.splitlines())


WORDINGS = {
    "name": ("Spells {charity} correctly every time", "Uses one spelling of the charity's name, {charity}, throughout"),
    "no_postcode": ("Does not include any sponsor's home address", "Leaves out sponsors' addresses and postcodes"),
    "charity_number": ("Gives the charity's registered number", "States {charity}'s registered charity number"),
    "order": ("Lists the sponsors before the totals", "The sponsors section comes before the totals"),
    "heading": (
        "Has a heading for how the money will be paid in",
        "Puts the paying-in details under their own heading",
    ),
    "message": (
        "Keeps the thank-you message to {limit} sentences or fewer",
        "The note to sponsors is no longer than {limit} sentences",
    ),
    "total": ("The total raised equals the sum of the sponsors' amounts", "Adds up the sponsorship correctly"),
    "gift_aid": (
        "The Gift Aid figure is 25% of the gift-aided amount",
        "Works out the Gift Aid claim correctly at 25%",
    ),
    "count": (
        "The number of sponsors it states matches the sponsors listed",
        "Says how many people sponsored, and the list has that many",
    ),
}
"""Two wordings of each kind of criterion, filled from the form."""


def truths(form: Pledges, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, form.name) == {form.name.lower()},
        "no_postcode": POSTCODE.search(answer) is None,
        "charity_number": CHARITY_NUMBER.search(answer) is not None,
        "order": heading_order(answer, SPONSORS, TOTALS),
        "heading": paying_heading(answer),
        "message": 0 < sentences(answer) <= form.limit,
        "total": total_right(answer),
        "gift_aid": gift_aid_right(answer),
        "count": count_right(answer),
    }


def candidates(rng: random.Random, form: Pledges, answer: str) -> list[Criterion]:
    filled = {"charity": form.charity, "limit": NUMBER_WORDS[form.limit]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(form, answer).items()
    ]


SWITCHES = ("order", "name", "no_postcode", "charity_number", "heading", "message", "total", "gift_aid", "count")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, FORMS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Garden plot family (fresh34): the allocation letter a community garden's secretary asks for to offer a
plot to the next person on the waiting list (a full plot by the compost bays, a half plot with raised beds,
a plot by the orchard, a raised-bed plot by a pond), with the plot's details and size, the rent for the
part of the year left, the plot rules, the induction and a request to confirm, a kind of answer no grader
was run on while any of its rules was written. Run only as `--set fresh34`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the letter (Markdown headings with the rent in a table, bold headings with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then
changed by switches. Every truth is read from the text: the surname by its spellings, the request to
confirm by the words that ask it, the sign-off from the letter's last lines, the sections by their headings,
the letter's words as runs of letters, the size from the first line with two lengths in metres and an area,
the rent from the first line with a number of months and two amounts (the year's rent, then the charge), and
the weekdays from the dated lines.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    COUNT,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    figure_value,
    heading_order,
    listed,
    money,
    number_in,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    weekdays_right,
    word_count,
)

FAMILY = "garden_plot"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ACCEPT = re.compile(r"\b(?:confirm|let us know)\b[^.?\n]*\b(?:accept|take|want)\b", re.I)
PLOT = r"^(?:your plot|the plot|plot details|about the plot)$"
FEES = r"^(?:rent|fees)"
RULES = r"rules"
DIMENSIONS = re.compile(r"(\d+(?:\.\d+)?)\s*m\s*(?:×|x|by)\s*(\d+(?:\.\d+)?)\s*m\b")
AREA = re.compile(r"(\d+(?:\.\d+)?)\s*(?:m²|m2\b|sq(?:uare)?\.? ?m(?:etres)?\b)")
MONTHS = re.compile(rf"{COUNT.pattern}\s+months\b", re.I)


@dataclass(frozen=True)
class Letter:
    name: str
    """The plot holder's surname, as it is spelt."""
    task: str
    text: str
    """The answer written right."""
    signer: str
    """The secretary who signs the letter."""
    rules: int
    limit: int
    """The plot rules asked for, and the letter's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


OKONKWO = """# Your plot at Hollins Lane Community Garden

12 May 2026

Dear Mr Okonkwo,

Good news: a plot has come free at Hollins Lane Community Garden, and it is yours if you would like it. Please reply to this email within two weeks to confirm you accept the plot.

## Your plot
- Plot number: 14B
- Plot holder: Mr Emeka Okonkwo
- Size: 10 m × 5 m (50 m²)
- Where: the second row from the gate, next to the compost bays
- Comes with: a water butt and a small shed

## Rent and deposit
| Charge | Amount |
|---|---|
| Rent for 7 months (June to December) at £48.00 a year | £28.00 |
| Key deposit, refunded when you give the plot up | £10.00 |

You can pay by bank transfer or in cash at the induction.

## Plot rules
1. Keep at least three quarters of the plot cultivated.
2. No bonfires at any time.
3. No chemical weedkillers or slug pellets.
4. Keep the paths next to your plot clear and mown.
5. Dogs must stay on a lead.

## Induction
Your induction is on Saturday 6 June 2026 at 10:00 am at the shed by the main gate, where you'll get your key and meet the plot reps.

Best wishes,
Margaret Ellis
Plot Secretary, Hollins Lane Community Garden
"""

FAIRBAIRN = """**Riverside Allotment Society: your plot offer**

**Date:** 3 February 2026
**To:** Ms Ailsa Fairbairn

Dear Ms Fairbairn,

You've reached the top of our waiting list, and we're delighted to offer you a half plot. If you'd like it, please let us know by email that you accept it, so we can get your key ready.

**The plot**
- Plot 7, a half plot on the south side, near the standpipe
- Size: 7.5 m × 4 m (30 m²)
- Cleared last autumn, with two raised beds already in place

**Rent**
- Rent for 11 months (February to December) of the £36.00 yearly rent: £33.00
- Key deposit: £5.00, returned when you leave

**Rules for plot holders**
- Keep your plot tidy and at least two thirds in use
- No bonfires; green waste goes in the compost bays
- Use the water butts first, and hoses only at the standpipe
- No structures taller than 2 m without asking the committee

**Your induction**
Come along on Saturday 14 February 2026 at 11:00 am to meet the site rep, collect your key and sign your tenancy agreement.

Warm regards,
Colin Baird
Secretary, Riverside Allotment Society
"""

PETTIFER = """Ashgrove Community Garden
Plot allocation letter

Date: 20 August 2026
Plot holder: Mrs Doreen Pettifer

Dear Mrs Pettifer,

I'm pleased to tell you that plot 22 is now free and has been allocated to you. Could you confirm you want the plot by replying to this letter or emailing plots@ashgrovegarden.org.uk?

Plot details:
Plot number: 22
Size: 12 m x 6 m (72 m²)
Location: by the orchard, third plot along the top path
Soil: heavy clay, dug over in the spring

Fees:
Rent for 5 months (August to December), from a full year's rent of £60.00: £25.00
Key deposit: £15.00

Plot rules:
1. Cultivate at least 75% of the plot within three months.
2. No bonfires.
3. No carpet or tyres on the plot.
4. Children must be supervised at all times.
5. Lock the gate behind you.
6. No power tools before 9 am on Sundays.

Induction:
Your induction is on Wednesday 2 September 2026 at 6:30 pm in the meeting hut.

Yours sincerely,
Gareth Pugh
Secretary, Ashgrove Community Garden
"""

HADDAD = """### Welcome to Marsh Road Community Garden

| Your allocation | |
|---|---|
| Plot holder | Ms Yusra Haddad |
| Plot | 3A |
| Size | 8 m × 4.5 m (36 m²) |
| Letter sent | 9 March 2026 |

Dear Ms Haddad,

We're very happy to let you know that plot 3A is yours from 1 April. To take it on, please confirm you accept by replying to this email within 14 days.

### About the plot
Plot 3A is a raised-bed plot beside the pond, close to the tool store. It has four timber beds and a compost bin.

### Rent
Your rent from April to December is 9 months of the £40.00 yearly rent: £30.00, due at the induction.
There is also a £10.00 key deposit.

### Garden rules
- Grow something in at least two thirds of your beds.
- No bonfires or barbecues.
- Use the water butts before the mains tap.
- Tell us if you'll be away for more than a month.

### Your induction
Meet Tom, our site rep, at the tool store on Sunday 22 March 2026 at 2:00 pm for your key and a tour.

With best wishes,
Ruth Calloway
Plot Secretary, Marsh Road Community Garden
"""

CHAT = (
    "\n\nA little about us: the garden was set up twenty years ago by a group of neighbours who wanted somewhere to"
    " grow food together, and it has grown a great deal since then. We now have forty plots, a wildlife pond, an"
    " orchard and a small shop in the old container by the gate, which sells seed potatoes, onion sets and compost"
    " at cost price on Saturday mornings. We also hold a plant swap in the spring and a harvest supper in the"
    " autumn, and everyone with a plot is very welcome at both, so bring friends and family along and get to know"
    " the other plot holders over a cup of tea and a slice of cake.\n"
)

LETTERS = (
    Letter(
        "Okonkwo",
        "Please write the plot allocation email to Mr Emeka Okonkwo for Hollins Lane Community Garden, dated 12 May "
        "2026, Markdown headings. He gets plot 14B, 10 m × 5 m (give the area too), second row by the compost bays, "
        "with a water butt and shed. Describe the plot before the rent: rent is £48 a year, and he pays for June to "
        "December only, 7 months (work it out), plus a £10 key deposit. List our five rules (three quarters "
        "cultivated, no bonfires, no chemicals or slug pellets, paths clear, dogs on leads). Induction on 6 June 2026 "
        "at 10 am, with the weekday. Ask him to confirm he accepts. Sign it from me, Margaret Ellis, Plot Secretary. "
        "Under 250 words.",
        OKONKWO,
        "Margaret Ellis",
        5,
        250,
        (
            swap_spans(OKONKWO, "## Your plot", "## Rent and deposit", "## Plot rules"),
            ("name", "Dear Mr Okonkwo,", "Dear Mr Okonkow,"),
            ("accept", " Please reply to this email within two weeks to confirm you accept the plot.", ""),
            (
                "signoff",
                "Margaret Ellis\nPlot Secretary, Hollins Lane Community Garden",
                "The Committee\nHollins Lane Community Garden",
            ),
            ("rules", "4. Keep the paths next to your plot clear and mown.\n5. Dogs", "4. Dogs"),
            ("length", "meet the plot reps.\n", "meet the plot reps." + CHAT),
            ("area", "10 m × 5 m (50 m²)", "10 m × 5 m (55 m²)"),
            ("rent", "at £48.00 a year | £28.00 |", "at £48.00 a year | £32.00 |"),
            ("weekday", "on Saturday 6 June 2026", "on Sunday 6 June 2026"),
        ),
    ),
    Letter(
        "Fairbairn",
        "Write a plot offer letter from Riverside Allotment Society to Ms Ailsa Fairbairn, dated 3 February 2026, with "
        "bold headings and bullet points. Half plot 7 on the south side near the standpipe, 7.5 m by 4 m (and its "
        "area), cleared last autumn with two raised beds. The plot first, then the rent: the year's rent is £36 and "
        "she pays for 11 months (February to December), plus a £5 key deposit. Four rules: tidy and two thirds in use; "
        "no bonfires; water butts first, hoses at the standpipe; nothing over 2 m without asking. Induction on "
        "14 February 2026 at 11 am (say the day of the week). Ask her to let us know she accepts. I'm Colin Baird, "
        "Secretary; sign it with my name. Keep it under 220 words.",
        FAIRBAIRN,
        "Colin Baird",
        4,
        220,
        (
            swap_spans(FAIRBAIRN, "**The plot**", "**Rent**", "**Rules for plot holders**"),
            ("name", "Dear Ms Fairbairn,", "Dear Ms Fairburn,"),
            (
                "accept",
                " If you'd like it, please let us know by email that you accept it, so we can get your key ready.",
                "",
            ),
            (
                "signoff",
                "Colin Baird\nSecretary, Riverside Allotment Society",
                "The Committee\nRiverside Allotment Society",
            ),
            ("rules", "- Use the water butts first, and hoses only at the standpipe\n", ""),
            ("length", "sign your tenancy agreement.\n", "sign your tenancy agreement." + CHAT),
            ("area", "7.5 m × 4 m (30 m²)", "7.5 m × 4 m (28 m²)"),
            ("rent", "yearly rent: £33.00", "yearly rent: £30.00"),
            ("weekday", "on Saturday 14 February 2026", "on Friday 14 February 2026"),
        ),
    ),
    Letter(
        "Pettifer",
        "Plain text, no Markdown (Label: lines and numbered lists): a plot allocation letter from Ashgrove Community "
        "Garden to Mrs Doreen Pettifer, dated 20 August 2026. Plot 22, 12 m x 6 m (work out the area), by the orchard, "
        "heavy clay. Plot details come before the fees: a full year's rent is £60 and she pays for August to December, "
        "5 months; key deposit £15. Our six rules (75% cultivated in three months, no bonfires, no carpet or tyres, "
        "children supervised, lock the gate, no power tools before 9 am Sundays). Induction 2 September 2026, 6:30 pm, "
        "in the meeting hut, with the weekday. Ask her to confirm she wants it. Signed by me, Gareth Pugh, Secretary. "
        "No more than 200 words.",
        PETTIFER,
        "Gareth Pugh",
        6,
        200,
        (
            swap_spans(PETTIFER, "Plot details:", "Fees:", "Plot rules:"),
            ("name", "Dear Mrs Pettifer,", "Dear Mrs Pettiffer,"),
            (
                "accept",
                " Could you confirm you want the plot by replying to this letter or emailing plots@ashgrovegarden.org.uk?",
                "",
            ),
            (
                "signoff",
                "Gareth Pugh\nSecretary, Ashgrove Community Garden",
                "The Committee\nAshgrove Community Garden",
            ),
            ("rules", "\n6. No power tools before 9 am on Sundays.", ""),
            ("length", "in the meeting hut.\n", "in the meeting hut." + CHAT),
            ("area", "12 m x 6 m (72 m²)", "12 m x 6 m (62 m²)"),
            ("rent", "rent of £60.00: £25.00", "rent of £60.00: £30.00"),
            ("weekday", "on Wednesday 2 September 2026", "on Thursday 2 September 2026"),
        ),
    ),
    Letter(
        "Haddad",
        "Can you draft the welcome letter for our new plot holder, Ms Yusra Haddad, at Marsh Road Community Garden? "
        "### headings, and a small table of her allocation at the top (plot 3A, 8 m × 4.5 m with the area, letter sent "
        "9 March 2026). The plot is hers from 1 April: raised beds by the pond. Describe the plot before the rent: "
        "£40 a year, and she pays 9 months (April to December), plus a £10 key deposit. Four garden rules: two thirds "
        "in use, no bonfires or barbecues, water butts first, tell us if away over a month. Induction with Tom on 22 "
        "March 2026 at 2 pm, weekday included. Ask her to confirm she accepts. It's from me, Ruth Calloway, Plot "
        "Secretary, signed with my name. Under 235 words.",
        HADDAD,
        "Ruth Calloway",
        4,
        235,
        (
            swap_spans(HADDAD, "### About the plot", "### Rent", "### Garden rules"),
            ("name", "Dear Ms Haddad,", "Dear Ms Hadad,"),
            ("accept", " To take it on, please confirm you accept by replying to this email within 14 days.", ""),
            (
                "signoff",
                "Ruth Calloway\nPlot Secretary, Marsh Road Community Garden",
                "The Committee\nMarsh Road Community Garden",
            ),
            ("rules", "- Tell us if you'll be away for more than a month.\n", ""),
            ("length", "for your key and a tour.\n", "for your key and a tour." + CHAT),
            ("area", "8 m × 4.5 m (36 m²)", "8 m × 4.5 m (32 m²)"),
            ("rent", "yearly rent: £30.00", "yearly rent: £27.00"),
            ("weekday", "on Sunday 22 March 2026", "on Saturday 22 March 2026"),
        ),
    ),
)


def build(letter: Letter, on: dict[str, bool]) -> str:
    return slipped(letter.text, letter.slips, on, letter.name)


# Reading a letter -------------------------------------------------------------------------------


def area_right(answer: str) -> bool:
    """On the first line with two lengths in metres and an area: the lengths multiplied are the area."""
    for line in answer.splitlines():
        sides, area = DIMENSIONS.search(line), AREA.search(line)
        if sides and area:
            product = figure_value(sides.group(1)) * figure_value(sides.group(2))
            return abs(product - figure_value(area.group(1))) < 1e-9
    return False


def rent_right(answer: str) -> bool:
    """On the first line with a number of months and two amounts: the months' share of the first is the second."""
    for line in answer.splitlines():
        months, amounts = MONTHS.search(line), money(line)
        if months and len(amounts) >= 2:
            return amounts[0] * number_in(months.group(0)) / 12 == amounts[1]
    return False


def signed_by(answer: str, signer: str) -> bool:
    """Whether the letter's last four lines that are not blank name `signer`."""
    last = [line for line in answer.splitlines() if line.strip()][-4:]
    return any(signer.lower() in line.lower() for line in last)


WORDINGS = {
    "name": (
        "Spells the plot holder's surname, {name}, the same way throughout",
        "Uses one spelling of {name} everywhere in the letter",
    ),
    "accept": (
        "Asks the new plot holder to confirm that they accept the plot",
        "Includes a request to confirm acceptance of the plot",
    ),
    "signoff": ("Is signed off by {signer} by name", "The letter ends with the secretary's name, {signer}"),
    "order": (
        "Describes the plot before giving the rent",
        "The section about the plot comes before the one about rent",
    ),
    "rules": ("Lists {rules} plot rules", "Gives exactly {rules} rules for plot holders, none left out"),
    "length": ("Keeps the letter under {limit} words", "The whole letter is no longer than {limit} words"),
    "area": (
        "The plot's area in square metres matches its length and width",
        "Gives the correct area for the plot's stated dimensions",
    ),
    "rent": (
        "The rent charged is the right share of the yearly rent for the number of months",
        "Works out the part-year rent correctly from the annual rent and the months remaining",
    ),
    "weekday": (
        "The induction date has the correct day of the week",
        "The weekday given for the induction matches its date",
    ),
}
"""Two wordings of each kind of criterion, filled from the letter."""


def truths(letter: Letter, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, letter.name) == {letter.name.lower()},
        "accept": ACCEPT.search(answer) is not None,
        "signoff": signed_by(answer, letter.signer),
        "order": heading_order(answer, PLOT, FEES),
        "rules": len(listed(section(answer, RULES) or [])) == letter.rules,
        "length": word_count(answer) <= letter.limit,
        "area": area_right(answer),
        "rent": rent_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, letter: Letter, answer: str) -> list[Criterion]:
    filled = {"name": letter.name, "signer": letter.signer, "rules": NUMBER_WORDS[letter.rules], "limit": letter.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(letter, answer).items()
    ]


SWITCHES = ("order", "name", "accept", "signoff", "rules", "length", "area", "rent", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, LETTERS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

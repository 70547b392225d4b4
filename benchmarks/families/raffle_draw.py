"""Raffle draw family (fresh37): the results notice a school PTA, a hospice, a rugby club or a Scout group asks for
after its raffle is drawn, with the draw, the winning tickets, the money raised, how to claim a prize and the thanks, a
kind of answer no grader was run on while any of its rules was written. Run only as `--set fresh37`, never in `all`,
`new`, `docs`, `held` or an earlier fresh set.

An answer is the notice (Markdown headings with the winners in a table, bold labels with bullets, plain `Label:` lines
with a numbered list, or `###` headings under a key-facts table), written right and then changed by switches. Every
truth is read from the text: a phone number, the thanks to the sponsor and how to claim by the words that write them,
the sections by their headings, the thanks' sentences as the full stops, question and exclamation marks that end them,
the ticket income from the first line selling a number of tickets (its first amount the price, its last the income),
the total against the other amounts of the money section, and the prizes as the list items or table rows of the
winners' section against the count before "prizes".
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
    listed,
    money,
    number_in,
    pick_wording,
    pipe_grids,
    section,
    slipped,
    swap_spans,
    switched_cases,
)

FAMILY = "raffle_draw"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
PHONE = re.compile(r"\b0\d{3,4}\s?\d{3}\s?\d{3,4}\b")
STUB = re.compile(r"ticket stub|(?:bring|show) (?:your|the) (?:winning )?ticket", re.I)
THANKS = re.compile(r"thank|grateful", re.I)
WINNERS = r"winn"
RAISED = r"money|raised"
CLAIM = re.compile(r"claim|collect", re.I)
THANKS_HEADING = r"thank"
SOLD = re.compile(r"\b(\d[\d,]*)\s+(?:tickets|strips|books)\b")
TOTAL = re.compile(r"\btotal\b", re.I)
SAY_COUNT = rf"\d+|{'|'.join(NUMBER_WORDS)}"
PRIZES = re.compile(rf"\b({SAY_COUNT})\s+prizes\b", re.I)
SENTENCE_END = re.compile(r"[.!?](?=\s|$)")


@dataclass(frozen=True)
class Draw:
    name: str
    """The raffle."""
    task: str
    text: str
    """The answer written right."""
    sponsor: str
    """The sponsor to be thanked, as the answer names it."""
    sentences: int
    """The thanks' limit in sentences."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


BROOK_LANE = """# Brook Lane Primary Summer Fair: raffle results

The raffle was drawn at the end of the fair on Saturday 27 June 2026 by our head teacher, Mr Okonjo. Ten prizes were drawn, and the winning tickets are below.

## Winners
| Prize | Ticket | Winner |
|---|---|---|
| Star prize: a family hamper from Hendry's Butchers | pink 214 | Jo |
| Family pass to Twycross Zoo | blue 56 | Marcus |
| Afternoon tea for two at the Old Mill | yellow 390 | Priya |
| Signed Leicester Tigers shirt | pink 47 | Dave |
| Bookshop voucher | green 122 | Ellie |
| Car valet from Shine Auto | blue 301 | Sandra |
| Bottle of prosecco | yellow 18 | Tom |
| Lego set | green 275 | Hamza |
| Haircut and blow-dry at Studio Nine | pink 163 | Laura |
| Box of chocolates | blue 92 | Nina |

## Money raised
- 642 strips sold at £2.00 a strip: £1,284.00
- Donations in the bucket on the day: £86.50
- Match funding from Hendry's Butchers: £250.00
- Total raised: £1,620.50

## Claiming your prize
Most prizes were collected on the day. If you won and were not there, bring your ticket stub to the school office by Friday 10 July 2026. Prizes not claimed by then will go into next year's raffle.

## Thank you
Thank you to everyone who bought tickets and to the families who gave prizes. Special thanks to Hendry's Butchers for the star prize and the match funding. Every penny goes towards the new playground equipment.

Brook Lane PTA
"""

ST_LUKES = """**St Luke's Hospice Christmas Raffle 2026: the results**

Our Christmas raffle was drawn on Friday 18 December 2026 at the hospice shop in Market Street. There were eight prizes, and here are the lucky winners.

**Winning tickets**
- Star prize, a weekend for two in the Lake District, given by Fellside Lodges: ticket 4417 (Margaret, Kendal)
- Christmas hamper from Booths: ticket 1093 (Alan, Ulverston)
- Meal for four at the Crown Inn: ticket 2760 (Bev, Kendal)
- Framed print of Windermere: ticket 588 (Jim, Grange)
- Case of red wine: ticket 3321 (Lesley, Kendal)
- Cashmere scarf: ticket 912 (Rob, Windermere)
- Garden centre voucher: ticket 1540 (Tanya, Milnthorpe)
- Luxury chocolates: ticket 2218 (Ken, Kendal)

**Money raised**
- 2,356 tickets sold at £1.00 each: £2,356.00
- Sponsorship from Fellside Lodges: £200.00
- Donations sent in with returned tickets: £143.00
- Total raised: £2,699.00

**How to claim**
We have written to every winner. Please bring your winning ticket and some proof of address to the hospice shop by Saturday 16 January 2027.

**Thank you**
Thank you to everyone who bought and sold tickets this year. We are especially grateful to Fellside Lodges, who gave the star prize, and to Booths for the hamper.

With love from everyone at St Luke's
"""

ASHBY = """ASHBY RUGBY CLUB END OF SEASON RAFFLE: RESULTS

The draw took place at the presentation evening on Saturday 2 May 2026, drawn by club captain Ben Hollis. Six prizes were up for grabs.

Winners:
1. Signed England shirt, donated by Castle Motors: ticket 155 (Gaz)
2. Two tickets for a Leicester Tigers home game: ticket 902 (Shona)
3. Golf day for four at Willesley Park: ticket 43 (Mick)
4. Meat hamper from Ashby Farm Shop: ticket 617 (Jen)
5. Bottle of single malt whisky: ticket 288 (Dev)
6. Club hoodie: ticket 731 (Ollie)

Money raised:
Tickets: 410 books of five at £5.00 a book, £2,050.00
Bar takings given to the raffle: £180.00
Castle Motors sponsorship: £300.00
Total raised: £2,530.00

Claiming prizes:
Unclaimed prizes are behind the bar. Bring your ticket stub to the clubhouse by Sunday 31 May 2026 to collect yours.

Thanks:
Thanks to everyone who bought a book of tickets. A big thank you to Castle Motors for the shirt and their sponsorship this season. All the money goes to the new minibus fund.

Ashby RFC committee
"""

MILLBROOK = """### 1st Millbrook Scouts Easter raffle: results

| Draw | |
|---|---|
| Date | Sunday 5 April 2026 |
| Place | Millbrook Scout Hut |
| Drawn by | Mrs Angela Fry, District Commissioner |

All seven prizes have now been drawn. Congratulations to the winners!

### Winners
- Easter hamper from the Co-op: ticket 318 (Amira)
- Giant chocolate egg: ticket 77 (Finn)
- Family swim pass for Millbrook Leisure Centre: ticket 540 (Carol)
- Hanging basket from Greenfingers Nursery: ticket 206 (Pete)
- Board game bundle: ticket 433 (Leah)
- Car wash by the Scouts: ticket 91 (Sunil)
- Easter bunny soft toy: ticket 265 (Gracie)

### Money raised
| | Amount |
|---|---|
| 380 tickets at £1.50 each | £570.00 |
| Cake stall on the draw day | £64.20 |
| Donation from the Co-op community fund | £100.00 |
| Total | £734.20 |

### Collecting your prize
Prizes can be collected from the Scout hut on any Tuesday evening in April. Please show your ticket when you come.

### Thank you
Thank you to the Co-op for the hamper and the donation. The money will help pay for this summer's camp.

1st Millbrook Scouts
"""

EXTRA = (
    " We could not have done it without our volunteers, who sold tickets in all weathers. The committee met every week"
    " to get everything ready. Thank you all!"
)

DRAWS = (
    Draw(
        "Brook Lane",
        "Write up the Brook Lane Primary summer fair raffle results for the newsletter, in Markdown. Mr Okonjo drew "
        "it on Saturday 27 June 2026. Say how many prizes there were and give the winners in a table (prize, ticket, "
        "first name only) before the money: 642 strips at £2 a strip, £86.50 in the bucket and £250 match funding "
        "from Hendry's Butchers, with the total. Then a section on claiming prizes (bring the ticket stub to the "
        "office by Friday 10 July) and a thank-you of three sentences at most that thanks Hendry's Butchers by name. "
        "No phone numbers.",
        BROOK_LANE,
        "Hendry's Butchers",
        3,
        (
            swap_spans(BROOK_LANE, "## Winners", "## Money raised", "## Claiming your prize"),
            ("no_phone", "| Jo |", "| Jo, 07700 900461 |"),
            ("sponsor", "Special thanks to Hendry's Butchers for", "Special thanks to our local businesses for"),
            ("stub", "bring your ticket stub to the school office", "come to the school office"),
            ("heading", "## Claiming your prize\n", ""),
            ("thanks", "new playground equipment.", "new playground equipment." + EXTRA),
            ("income", "642 strips sold", "624 strips sold"),
            ("total", "Total raised: £1,620.50", "Total raised: £1,602.50"),
            ("count", "| Box of chocolates | blue 92 | Nina |\n", ""),
        ),
    ),
    Draw(
        "St Luke's",
        "Could you write the results notice for St Luke's Hospice Christmas raffle, drawn on Friday 18 December 2026 "
        "at the Market Street shop? Bold headings, bullet points. Say how many prizes, list the winning tickets "
        "(first name and town only: no phone numbers), then the money raised: 2,356 tickets at £1, Fellside Lodges' "
        "£200 sponsorship, £143 in donations, and the total. Explain how to claim (bring the winning ticket and proof "
        "of address by 16 January 2027) under its own heading, then a short thank-you, no more than three sentences, "
        "thanking Fellside Lodges for the star prize.",
        ST_LUKES,
        "Fellside Lodges",
        3,
        (
            swap_spans(ST_LUKES, "**Winning tickets**", "**Money raised**", "**How to claim**"),
            ("no_phone", "(Alan, Ulverston)", "(Alan, Ulverston, 01229 583104)"),
            (
                "sponsor",
                "We are especially grateful to Fellside Lodges, who gave the star prize, and to Booths for the hamper.",
                "We are especially grateful to the local businesses who gave the prizes.",
            ),
            ("stub", "Please bring your winning ticket and some proof of address to", "Please bring some ID to"),
            ("heading", "**How to claim**\n", ""),
            ("thanks", "\n\nWith love from everyone", EXTRA + "\n\nWith love from everyone"),
            ("income", "2,356 tickets sold", "2,365 tickets sold"),
            ("total", "Total raised: £2,699.00", "Total raised: £2,689.00"),
            ("count", "There were eight prizes", "There were nine prizes"),
        ),
    ),
    Draw(
        "Ashby RFC",
        "Plain text please (no Markdown): Ashby Rugby Club's end of season raffle results. Drawn by Ben Hollis at the "
        "presentation evening, Saturday 2 May 2026. Say how many prizes, then a numbered list of winners with "
        "ticket numbers and first names (don't put anyone's phone number in), then the money raised: 410 books of "
        "tickets at £5 a book, £180 from the bar, £300 from Castle Motors, and the total. A Claiming prizes section "
        "(ticket stub to the clubhouse by 31 May), then thanks in no more than four sentences, naming Castle Motors.",
        ASHBY,
        "Castle Motors",
        4,
        (
            swap_spans(ASHBY, "Winners:", "Money raised:", "Claiming prizes:"),
            ("no_phone", "(Gaz)", "(Gaz, 07831 442907)"),
            (
                "sponsor",
                "A big thank you to Castle Motors for the shirt and their sponsorship this season.",
                "A big thank you to our sponsors for the shirt and their support this season.",
            ),
            (
                "stub",
                "Bring your ticket stub to the clubhouse by Sunday 31 May 2026 to collect yours.",
                "Collect yours from the clubhouse by Sunday 31 May 2026.",
            ),
            ("heading", "Claiming prizes:\n", ""),
            ("thanks", "new minibus fund.", "new minibus fund." + EXTRA),
            ("income", "410 books of five", "401 books of five"),
            ("total", "Total raised: £2,530.00", "Total raised: £2,350.00"),
            ("count", "6. Club hoodie: ticket 731 (Ollie)\n", ""),
        ),
    ),
    Draw(
        "Millbrook Scouts",
        "Results of the 1st Millbrook Scouts Easter raffle, please: ### headings with the draw's details (Sunday 5 "
        "April 2026, the Scout hut, drawn by Mrs Angela Fry) in a small table at the top. Say how many prizes, list "
        "the winners (ticket and first name, no contact details), then the money raised in a table: 380 tickets at "
        "£1.50, £64.20 from the cake stall and £100 from the Co-op community fund, with a total. A heading on "
        "collecting prizes (Tuesday evenings in April, show the ticket). Thank the Co-op, in two sentences at most.",
        MILLBROOK,
        "the Co-op",
        2,
        (
            swap_spans(MILLBROOK, "### Winners", "### Money raised", "### Collecting your prize"),
            ("no_phone", "(Finn)", "(Finn, 01632 960718)"),
            (
                "sponsor",
                "Thank you to the Co-op for the hamper and the donation.",
                "Thank you to everyone who gave prizes and donations.",
            ),
            ("stub", " Please show your ticket when you come.", ""),
            ("heading", "### Collecting your prize\n", ""),
            ("thanks", "this summer's camp.", "this summer's camp." + EXTRA),
            ("income", "| 380 tickets", "| 360 tickets"),
            ("total", "| Total | £734.20 |", "| Total | £743.20 |"),
            ("count", "All seven prizes", "All eight prizes"),
        ),
    ),
)


def build(draw: Draw, on: dict[str, bool]) -> str:
    return slipped(draw.text, draw.slips, on, draw.name)


# Reading a notice -------------------------------------------------------------------------------


def thanked(answer: str, sponsor: str) -> bool:
    """Whether some sentence (or line) both thanks and names the sponsor."""
    sentences = re.split(r"(?<=[.!?])\s+|\n", answer)
    return any(THANKS.search(s) and sponsor.lower() in s.lower() for s in sentences)


def claim_heading(answer: str) -> bool:
    """Whether some heading is about claiming or collecting prizes."""
    return any((title := heading_of(line)) is not None and CLAIM.search(title) for line in answer.splitlines())


def sentence_count(text: str) -> int:
    """The full stops, question marks and exclamation marks of `text` that end a sentence."""
    return len(SENTENCE_END.findall(text))


def income_right(answer: str) -> bool:
    """Whether the first line selling a number of tickets writes its last amount as the number times its first."""
    line = next((line for line in answer.splitlines() if SOLD.search(line) and len(money(line)) >= 2), "")
    sold, amounts = SOLD.search(line), money(line)
    return sold is not None and Decimal(sold.group(1).replace(",", "")) * amounts[0] == amounts[-1]


def total_right(answer: str) -> bool:
    """Whether the money section's one total line is the sum of the last amounts on its other lines."""
    lines = [line for line in section(answer, RAISED) or [] if money(line)]
    totals = [last_money(line) for line in lines if TOTAL.search(line)]
    parts = [last_money(line) or 0 for line in lines if not TOTAL.search(line)]
    return len(totals) == 1 and bool(parts) and totals[0] == sum(parts)


def prizes_listed(answer: str) -> int:
    """The prizes of the winners' section: its list items and its table rows below the headings."""
    lines = section(answer, WINNERS) or []
    return len(listed(lines)) + sum(len(grid) - 1 for grid in pipe_grids("\n".join(lines)))


def count_right(answer: str) -> bool:
    """Whether the first count before "prizes" is the number of prizes in the winners' section."""
    stated = PRIZES.search(answer)
    return stated is not None and number_in(stated.group(1)) == prizes_listed(answer)


WORDINGS = {
    "no_phone": (
        "Does not include any winner's phone number",
        "Leaves out the winners' phone numbers",
    ),
    "sponsor": (
        "Thanks {sponsor} by name",
        "Includes a thank-you to {sponsor}",
    ),
    "stub": (
        "Tells winners to bring their ticket to claim a prize",
        "Explains that winners must show their winning ticket to collect",
    ),
    "order": (
        "Lists the winners before the money raised",
        "The winning tickets come before the fundraising total",
    ),
    "heading": (
        "Has a separate heading about claiming prizes",
        "Includes a section headed for how to collect a prize",
    ),
    "thanks": (
        "Keeps the thank-you to {sentences} sentences or fewer",
        "The thanks section is no longer than {sentences} sentences",
    ),
    "income": (
        "The ticket income equals the number sold times the price",
        "Works out the money from ticket sales correctly",
    ),
    "total": (
        "The total raised is the sum of the amounts listed",
        "The amounts in the money section add up to the total given",
    ),
    "count": (
        "The number of prizes stated matches the prizes listed",
        "Says how many prizes there were, and the list has that many",
    ),
}
"""Two wordings of each kind of criterion, filled from the draw."""


def truths(draw: Draw, answer: str) -> dict[str, bool]:
    thanks = " ".join(section(answer, THANKS_HEADING) or [])
    return {
        "no_phone": PHONE.search(answer) is None,
        "sponsor": thanked(answer, draw.sponsor),
        "stub": STUB.search(answer) is not None,
        "order": heading_order(answer, WINNERS, RAISED),
        "heading": claim_heading(answer),
        "thanks": 0 < sentence_count(thanks) <= draw.sentences,
        "income": income_right(answer),
        "total": total_right(answer),
        "count": count_right(answer),
    }


def candidates(rng: random.Random, draw: Draw, answer: str) -> list[Criterion]:
    filled = {"sponsor": draw.sponsor, "sentences": NUMBER_WORDS[draw.sentences]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(draw, answer).items()
    ]


SWITCHES = ("order", "no_phone", "sponsor", "stub", "heading", "thanks", "income", "total", "count")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, DRAWS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

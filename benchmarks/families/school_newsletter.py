"""School newsletter family (fresh31): an item for a primary school's weekly newsletter that a teacher
or the PTA asks for (a book fair, a class trip, a sponsored walk's result, a Christmas fair's thanks),
with a headline, a short opening, how the event works with a list, the money side, the key dates and
who wrote it, a kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh31`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the item (Markdown headings, bold headings with bullets, plain `Label:` lines, or `###`
headings under a key-facts table), written right and then changed by switches. Every truth is read from
the text: the headline as the first line, the item's words as runs of letters, the sections by their
headings, the pupils' surnames and the required reminder by the words that say them, the count from
`<number word> <thing>` and the list items that follow that line, the percentage from the line with a
`%` and its amounts (the smaller the percentage of the larger), and the weekdays from the dated lines.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import (
    LIST_ITEM,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    heading_of,
    money,
    number_in,
    pick_wording,
    slipped,
    swap_spans,
    switched_cases,
    weekdays_right,
    word_count,
)

FAMILY = "school_newsletter"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
CARERS = re.compile(r"\bparents and carers\b", re.I)
PARENTS_ALONE = re.compile(r"\bparents\b(?!\s+and\s+carers)", re.I)
DATES = r"key dates|diary"
PERCENT = re.compile(r"(\d+(?:\.\d+)?)\s*%")
NUMBERS = "|".join(NUMBER_WORDS[2:])


@dataclass(frozen=True)
class Item:
    name: str
    """The event the item is about."""
    task: str
    text: str
    """The answer written right."""
    surnames: tuple[str, ...]
    """The pupils' surnames, which the item leaves out."""
    must: str
    reminder: str
    """What the item must remind families of, as a criterion says it and as a pattern that finds it."""
    thing: str
    """What the counted list lists (`stalls`)."""
    headline: int
    limit: int
    """The headline's limit and the whole item's, in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


BOOK_FAIR = """# Book Fair comes to Oakfield

Our Scholastic Book Fair is in the school hall all next week, and we would love parents and carers to come along with their children after school. Well done to Ruby and Theo in Year 5, who designed this year's posters.

## How it works
Children will visit with their class during the day and make a wish list. The fair is also open after school, from 3:15 pm to 4:00 pm, for families to buy books together. There are four kinds of book on sale, chosen with the help of our School Council:
- picture books for our youngest readers
- first chapter books
- non-fiction and activity books
- novels for older readers

Books cost from £3.99. We can take cash or card, and please send any money in a named, sealed envelope.

## Where the money goes
For every pound spent, the school earns books for our library: 25% of sales. Last year's fair took £1,460, which gave us £365 of free books.

## Key dates
- Monday 22 June 2026: the fair opens after school
- Friday 26 June 2026: last day, closing at 4:00 pm

Mrs Carter, Headteacher
"""

TRIP = """**Year 4 visit the Science Museum**

Year 4 are off to London for a day at the Science Museum, linked to their topic on electricity. Thank you to all the parents and carers who have already returned their consent forms, and to Amira and Josh for their brilliant questions for the museum's explainers.

**The day**
The coach leaves school at 8:45 am and is due back by 3:30 pm. The children will take part in three activities:
• a hands-on electricity workshop
• a tour of the Wonderlab gallery
• a science show in the afternoon

Children need a packed lunch in a disposable bag, a named water bottle and their school jumper. Please don't send fizzy drinks or anything containing nuts.

**Cost**
The trip costs £22.00 per child. The PTA is kindly paying 30% of that, £6.60, so we are asking for a voluntary contribution of £15.40 through ParentPay.

**Key dates**
• Friday 8 May 2026: consent forms and contributions due
• Thursday 14 May 2026: the trip

Miss Dunmore, Year 4 teacher
"""

WALK = """Sponsored walk raises £1,840!

Thank you to every family who sponsored our walkers last Friday. The children walked two laps of Hollins Park, and the sun even came out. Special mentions go to Leo and Grace in Year 2, who collected the most sponsor money in the infants. Parents and carers who walked with us: thank you too.

How the walk went:
Children from Reception to Year 6 took part, and there were five water stations along the route, each run by volunteers:
1. the park gates
2. the bandstand
3. the duck pond
4. the playground
5. the café

What we raised:
So far £1,840 has come in, which is 92% of our £2,000 target for new library books. Please hand in any late sponsor money in a named envelope. If you are a UK taxpayer, please tick the Gift Aid box on the form.

Key dates:
Friday 12 June 2026: last day for sponsor money
Wednesday 17 June 2026: certificates in our celebration assembly

Mr Hughes, PE lead
"""

CHRISTMAS_FAIR = """### Christmas Fair: thank you!

| | |
|---|---|
| When | Saturday 5 December 2026, 11:00 am to 2:00 pm |
| Where | St Bede's school hall |
| Raised | £3,150 |

Our Christmas Fair was our busiest yet. Thank you to the parents and carers who ran stalls, baked and wrapped gifts, and to Isla and Kofi in Year 6, whose carol singing drew a crowd.

### The stalls
Eight stalls ran on the day, and every one sold out of something:
- tombola
- cake stall
- Santa's grotto
- book swap
- face painting
- toy raffle
- wreath making
- hot drinks and mince pies

### Where the money goes
As agreed at the PTA meeting, 20% of the £3,150, £630, goes to the children's hospice, and the rest pays for new playground equipment. Unclaimed raffle prizes can be collected from the school office until the end of term.

### Key dates
- Friday 11 December 2026: Christmas jumper day
- Thursday 17 December 2026: carol concert in the hall
- Friday 18 December 2026: term ends at 1:30 pm

Mrs Adeyemi, PTA chair
"""

LONGER = (
    " We know how busy mornings and evenings are for every family, so please do not worry if you cannot make every"
    " date: there will be plenty of other chances to get involved over the rest of this term, and the office team"
    " are always happy to help with any questions you might have. We would also like to say a special thank you to"
    " our lunchtime staff, our cleaners and our site team, who quietly make so much of school life possible and"
    " rarely get the credit they deserve. Thank you, as ever, for everything you do to support our school, our"
    " staff and our wonderful children."
)

ITEMS = (
    Item(
        "book fair",
        "Write this week's newsletter item about our book fair at Oakfield, open after school 3:15 pm to 4:00 pm from "
        "Monday 22 June 2026 to Friday 26 June 2026. Headline of no more than 8 words, then a short intro (thank Ruby "
        "Hallam and Theo Mensah in Year 5 for the posters, first names only in print), how it works with the four "
        "kinds of book on sale, a reminder that money comes in a named envelope, and where the money goes (the school "
        "gets 25% of sales in books; last year sales were £1,460). Key dates at the end, signed Mrs Carter. Say "
        "'parents and carers', and keep it under 240 words.",
        BOOK_FAIR,
        ("Hallam", "Mensah"),
        "to send money in a named envelope",
        r"envelope",
        "kinds of book",
        8,
        240,
        (
            swap_spans(BOOK_FAIR, "## Where the money goes", "## Key dates", "Mrs Carter"),
            ("surnames", "Well done to Ruby and Theo", "Well done to Ruby Hallam and Theo"),
            ("carers", "we would love parents and carers to come", "we would love parents to come"),
            ("must", ", and please send any money in a named, sealed envelope.", "."),
            (
                "headline",
                "# Book Fair comes to Oakfield",
                "# Book Fair comes to Oakfield Primary School next week, so start your wish lists",
            ),
            ("length", "designed this year's posters.", "designed this year's posters." + LONGER),
            ("count", "- first chapter books\n", ""),
            ("percent", "which gave us £365", "which gave us £292"),
            ("weekday", "- Friday 26 June 2026", "- Thursday 26 June 2026"),
        ),
    ),
    Item(
        "Science Museum trip",
        "Newsletter piece, bold headings please, on Year 4's Science Museum trip on Thursday 14 May 2026 (coach 8:45 "
        "am, back 3:30 pm). Headline 8 words max. Thank the parents and carers who've sent consent forms, and Amira "
        "Begum and Josh Carter for their questions (no surnames in the newsletter). List the three activities; remind "
        "them about a packed lunch. Cost: £22.00 a child, the PTA pays 30%, and the rest is a voluntary contribution. "
        "Key dates last: forms and money due Friday 8 May 2026. From Miss Dunmore. Under 220 words.",
        TRIP,
        ("Begum", "Carter"),
        "that children need a packed lunch",
        r"packed lunch",
        "activities",
        8,
        220,
        (
            swap_spans(TRIP, "**Cost**", "**Key dates**", "Miss Dunmore"),
            ("surnames", "and to Amira and Josh for", "and to Amira Begum and Josh for"),
            ("carers", "to all the parents and carers who", "to all the parents who"),
            ("must", "a packed lunch in a disposable bag, ", ""),
            (
                "headline",
                "**Year 4 visit the Science Museum**",
                "**Year 4 are heading to the Science Museum in London to find out all about electricity**",
            ),
            ("length", "the museum's explainers.", "the museum's explainers." + LONGER),
            ("count", "take part in three activities:", "take part in four activities:"),
            (
                "percent",
                "30% of that, £6.60, so we are asking for a voluntary contribution of £15.40",
                "30% of that, £6.00, so we are asking for a voluntary contribution of £16.00",
            ),
            ("weekday", "• Thursday 14 May 2026", "• Wednesday 14 May 2026"),
        ),
    ),
    Item(
        "sponsored walk",
        "Plain text only (no Markdown): a newsletter item on the sponsored walk's result, £1,840 so far against our "
        "£2,000 target (give the percentage). Short headline, 8 words at most. Thank families, and mention Leo Wright "
        "and Grace Ahmed in Year 2 who raised the most (first names only). Explain the five water stations and list "
        "them, ask for late money in a named envelope and mention Gift Aid. Key dates at the bottom: sponsor money by "
        "Friday 12 June 2026, certificates on Wednesday 17 June 2026. Sign it Mr Hughes, PE lead. 'Parents and "
        "carers', never just 'parents'. No more than 210 words.",
        WALK,
        ("Wright", "Ahmed"),
        "about Gift Aid",
        r"gift aid",
        "water stations",
        8,
        210,
        (
            swap_spans(WALK, "What we raised:", "Key dates:", "Mr Hughes"),
            ("surnames", "go to Leo and Grace in Year 2", "go to Leo Wright and Grace in Year 2"),
            ("carers", "Parents and carers who walked", "Parents who walked"),
            ("must", " If you are a UK taxpayer, please tick the Gift Aid box on the form.", ""),
            (
                "headline",
                "Sponsored walk raises £1,840!",
                "Our amazing sponsored walk round Hollins Park raises £1,840 for new library books!",
            ),
            ("length", "thank you too.", "thank you too." + LONGER),
            ("count", "4. the playground\n", ""),
            ("percent", "which is 92% of our", "which is 94% of our"),
            ("weekday", "Wednesday 17 June 2026:", "Thursday 17 June 2026:"),
        ),
    ),
    Item(
        "Christmas fair",
        "Can you write the PTA's thank-you item on the Christmas Fair (Saturday 5 December 2026, 11:00 am to 2:00 pm, "
        "St Bede's hall, raised £3,150) with ### headings and a small table of the facts at the top? Headline no "
        "longer than 6 words. Thank the parents and carers who helped and Isla Morgan and Kofi Mensah in Year 6 for "
        "the carols (first names only). List the eight stalls, say 20% of the money goes to the children's hospice "
        "and the rest to playground equipment, and tell people where to collect raffle prizes. End with the key "
        "dates: jumper day Friday 11 December, carol concert Thursday 17 December, term ends Friday 18 December "
        "2026. Signed Mrs Adeyemi, PTA chair. 220 words at most.",
        CHRISTMAS_FAIR,
        ("Morgan", "Mensah"),
        "where to collect raffle prizes",
        r"raffle prizes",
        "stalls",
        6,
        220,
        (
            swap_spans(CHRISTMAS_FAIR, "### Where the money goes", "### Key dates", "Mrs Adeyemi"),
            ("surnames", "and to Isla and Kofi in Year 6", "and to Isla and Kofi Mensah in Year 6"),
            ("carers", "to the parents and carers who ran", "to the parents who ran"),
            (
                "must",
                " Unclaimed raffle prizes can be collected from the school office until the end of term.",
                "",
            ),
            (
                "headline",
                "### Christmas Fair: thank you!",
                "### A huge thank you to everyone who made our Christmas Fair",
            ),
            ("length", "drew a crowd.", "drew a crowd." + LONGER),
            ("count", "Eight stalls ran on the day", "Nine stalls ran on the day"),
            ("percent", "of the £3,150, £630, goes", "of the £3,150, £315, goes"),
            ("weekday", "- Thursday 17 December 2026", "- Wednesday 17 December 2026"),
        ),
    ),
)


def build(item: Item, on: dict[str, bool]) -> str:
    return slipped(item.text, item.slips, on, item.name)


# Reading an item --------------------------------------------------------------------------------


def headline(answer: str) -> str:
    """The first line that is not blank, its Markdown marks taken off."""
    first = next((line for line in answer.splitlines() if line.strip()), "")
    return first.strip().lstrip("#").strip().strip("*").strip()


def dates_last(answer: str) -> bool:
    """Whether the item has headings and the last of them is the key dates'."""
    titles = [title for line in answer.splitlines() if (title := heading_of(line)) is not None]
    return bool(titles) and re.search(DATES, titles[-1], re.I) is not None


def counted(answer: str, thing: str) -> bool:
    """The first line saying `<number word> <thing>`: the list items right after it number what it says."""
    pattern = re.compile(rf"\b({NUMBERS})\s+{re.escape(thing)}\b", re.I)
    lines = answer.splitlines()
    at = next((at for at, line in enumerate(lines) if pattern.search(line)), None)
    if at is None:
        return False
    items = 0
    for line in lines[at + 1 :]:
        if LIST_ITEM.match(line):
            items += 1
        elif line.strip():
            break
    return number_in(pattern.search(lines[at]).group(1)) == items


def percent_right(answer: str) -> bool:
    """The first line with a percentage: its smallest amount is that percentage of its largest, to the penny."""
    line = next((line for line in answer.splitlines() if PERCENT.search(line) and len(money(line)) >= 2), "")
    found, amounts = PERCENT.search(line), money(line)
    if found is None or len(amounts) < 2:
        return False
    share = (max(amounts) * Decimal(found.group(1)) / 100).quantize(Decimal("0.01"), ROUND_HALF_UP)
    return min(amounts) == share


WORDINGS = {
    "surnames": ("Refers to pupils by their first names only", "Does not give any pupil's surname"),
    "carers": (
        "Addresses parents and carers, never parents alone",
        "Says 'parents and carers' every time rather than just 'parents'",
    ),
    "must": ("Reminds families {must}", "Makes sure to tell families {must}"),
    "headline": ("Keeps the headline to {headline} words or fewer", "The headline is no longer than {headline} words"),
    "order": (
        "Puts the key dates at the end, after the other sections",
        "The key dates section comes last",
    ),
    "length": ("Keeps the whole item under {limit} words", "The newsletter item is at most {limit} words long"),
    "count": (
        "The number of {thing} it states matches the list",
        "Says how many {thing} there are, and the list has that many",
    ),
    "percent": (
        "Gets the percentage calculation right",
        "The amount worked out from the percentage is correct",
    ),
    "weekday": ("Every date has the right day of the week", "The weekdays given match their dates"),
}
"""Two wordings of each kind of criterion, filled from the item."""


def truths(item: Item, answer: str) -> dict[str, bool]:
    return {
        "surnames": not any(re.search(rf"\b{name}\b", answer) for name in item.surnames),
        "carers": CARERS.search(answer) is not None and PARENTS_ALONE.search(answer) is None,
        "must": re.search(item.reminder, answer, re.I) is not None,
        "headline": 0 < word_count(headline(answer)) <= item.headline,
        "order": dates_last(answer),
        "length": word_count(answer) <= item.limit,
        "count": counted(answer, item.thing),
        "percent": percent_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, item: Item, answer: str) -> list[Criterion]:
    filled = {"must": item.must, "thing": item.thing, "headline": item.headline, "limit": item.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(item, answer).items()
    ]


SWITCHES = ("order", "surnames", "carers", "must", "headline", "length", "count", "percent", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, ITEMS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Book club schedule family (fresh39): the season's reading schedule a book club's organiser asks for (a library
book club's autumn, a pub readers' group's spring, a workplace lunchtime club's summer term, a U3A reading group's
winter), with a welcome, the meetings and their books, notes for readers, a members' discount and how to get in
touch, a kind of answer no grader was run on while any of its rules was written. Run only as `--set fresh39`, never in
`all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the schedule (Markdown headings with the meetings in a table, bold labels with bullets, plain `Label:`
lines with numbered lists, or `###` headings under a key-facts table), written right and then changed by switches.
Every truth is read from the text: the request about spoilers, the author's spellings and any phone number by the
words and figures that write them, the sections by their headings, the opening paragraph's sentences after the
greeting, the meetings as the list items or table rows of their section, the weekday from the lines that name a date
and a weekday, the pages a week from the first line giving them with the book's pages and the weeks, and the discount
from the first line with a percentage and two amounts (the first the full price, the last the price paid).
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

FAMILY = "book_club_schedule"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SPOILERS = re.compile(r"spoiler", re.I)
PHONE = re.compile(r"\b0\d{2,4}\s?\d{3}\s?\d{3,4}\b|\+44\s?\d")
MEETINGS = r"^(?:the )?(?:meetings|dates|schedule|programme)\b"
NOTES = r"notes"
GREETING = re.compile(r"(?:hi|hello|dear)\b", re.I)
SENTENCE_END = re.compile(r"[.!?](?=\s|$)")
TOTAL_PAGES = re.compile(r"\b(\d+)\s+pages\b(?!\s+(?:a|per|each)\s+week)")
PER_WEEK = re.compile(r"\b(\d+)\s+pages\s+(?:a|per|each)\s+week\b")
WEEKS = re.compile(rf"\b(\d+|{'|'.join(NUMBER_WORDS)})\s+weeks\b", re.I)
PERCENT = re.compile(r"(\d+(?:\.\d+)?)%")
PENNY = Decimal("0.01")


@dataclass(frozen=True)
class Schedule:
    name: str
    """The club."""
    task: str
    text: str
    """The answer written right."""
    author: str
    """The surname whose spelling is asked about."""
    meetings: int
    limit: int
    """The meetings asked for and the opening paragraph's limit in sentences."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


KINGSBRIDGE = """# Kingsbridge Library Book Club: autumn 2026

Hi everyone,

Here are our books and dates for the autumn. We meet in the library's community room at 7:00 pm, and new members are always welcome.

## Meetings
| Date | Book | Author |
|---|---|---|
| Tuesday 8 September 2026 | Klara and the Sun | Kazuo Ishiguro |
| Tuesday 13 October 2026 | Americanah | Chimamanda Ngozi Adichie |
| Tuesday 10 November 2026 | The Lost Apothecary | Sarah Penner |
| Tuesday 8 December 2026 | A Christmas Carol | Charles Dickens |

## Reading notes
- Americanah is 588 pages, so over the four weeks before we meet that is 147 pages a week.
- Adichie's novel moves between Lagos, London and America, and it is well worth the time.
- Please don't post spoilers in the WhatsApp group before we have met.

## Buying the books
Members get 20% off at Harbour Books: Klara and the Sun is £12.99, so £10.39 with the discount.

## Getting in touch
Subs are £2 a meeting, paid on the night. If you can't make a meeting, just reply to this email.

Happy reading,
Fran
"""

CROWN = """**The Crown Readers: spring 2027 books**

Hello all,

Spring's books are below, picked by your votes in January. We meet upstairs at the Crown and Anchor at 8:00 pm on the first Thursday of the month.

**The dates**
- Thursday 4 February 2027: Demon Copperhead by Barbara Kingsolver
- Thursday 4 March 2027: The Thursday Murder Club by Richard Osman
- Thursday 1 April 2027: Tomorrow, and Tomorrow, and Tomorrow by Gabrielle Zevin
- Thursday 6 May 2027: Small Things Like These by Claire Keegan
- Thursday 3 June 2027: Piranesi by Susanna Clarke

**Reading notes**
- Demon Copperhead runs to 560 pages; over the five weeks from now that is 112 pages a week.
- Kingsolver's novel retells David Copperfield in the mountains of Virginia.
- No spoilers in the group chat, please, until after each meeting.

**Money**
- Subs are £3 a meeting, towards the room.
- Foyles gives the club 10% off: Piranesi is £9.99, so £8.99 for us.

**Getting in touch**
- Reply to this email, or find me at the bar before the meeting.

Cheers,
Dan
"""

LUNCHTIME = """LUNCHTIME BOOK CLUB: SUMMER TERM

Dear colleagues,

Here is the summer reading list for the lunchtime book club. We meet in Meeting Room 3 from 12:30 pm to 1:30 pm, so bring your lunch.

Schedule:
1. Wednesday 6 May 2026: Lessons in Chemistry by Bonnie Garmus
2. Wednesday 3 June 2026: The Seven Moons of Maali Almeida by Shehan Karunatilaka
3. Wednesday 1 July 2026: Hamnet by Maggie O'Farrell

Reading notes:
1. Lessons in Chemistry is 400 pages, so over the four weeks until we meet that is 100 pages a week.
2. Karunatilaka's novel is a ghost story set during the Sri Lankan civil war, and it is darkly funny.
3. Please keep spoilers out of the Teams channel until we have met.

Buying the books:
The staff benefits scheme gives 15% off at Waterstones: Hamnet is £10.99, so £9.34 with the discount.

Questions:
Message me on Teams, or drop by the HR office on the second floor.

Best wishes,
Aisha Begum, HR
"""

RIVERSIDE = """### Riverside U3A Reading Group: winter programme

| | |
|---|---|
| Where | Ferndale Community Centre, Room 2 |
| When | 2:00 pm on the fourth Monday of the month |
| Group leader | Pat Henshaw |

Dear members,

Our winter books are chosen, and a big thank you to everyone who suggested titles.

### Programme
- Monday 26 October 2026: The Salt Path by Raynor Winn
- Monday 23 November 2026: Remarkably Bright Creatures by Shelby Van Pelt
- Monday 25 January 2027: Lady in Waiting by Anne Glenconner
- Monday 22 February 2027: The Marriage Portrait by Maggie O'Farrell

### Notes for readers
- The Salt Path is 288 pages; over four weeks that is 72 pages a week.
- Lady Glenconner's memoir is in small print, so ask the library for its large-print copy.
- If you finish early, please don't give away the ending at coffee mornings: no spoilers.

### Buying the books
Bookends on the High Street gives U3A members 10% off: Remarkably Bright Creatures costs £10.99, or £9.89 with the discount.

### Lifts
If you need a lift to the centre, tell me at the next meeting and I will pair you with a driver.

Pat Henshaw, group leader
"""

MORE = (
    " It was lovely to see so many of you at the summer picnic. Thank you to everyone who brought food, and to Tom"
    " for running the quiz. Do bring a friend along if they would enjoy it."
)

SCHEDULES = (
    Schedule(
        "Kingsbridge Library",
        "Please write the Kingsbridge Library Book Club's autumn 2026 schedule email, in Markdown, from me (Fran). "
        "Open with a welcome of two sentences at most (community room, 7 pm, new members welcome). Meetings in a "
        "table with the weekday: 8 September, Klara and the Sun (Ishiguro); 13 October, Americanah (Chimamanda Ngozi "
        "Adichie); 10 November, The Lost Apothecary; 8 December, A Christmas Carol. Then reading notes: Americanah is "
        "588 pages, so pages a week over the four weeks; a line on Adichie; no spoilers in the WhatsApp group. Harbour "
        "Books gives us 20% off Klara (£12.99): give the price. Subs £2. No phone numbers, it goes on the noticeboard.",
        KINGSBRIDGE,
        "Adichie",
        4,
        2,
        (
            swap_spans(KINGSBRIDGE, "## Meetings", "## Reading notes", "## Buying the books"),
            ("spoilers", "- Please don't post spoilers in the WhatsApp group before we have met.\n", ""),
            ("author", "- Adichie's novel", "- Adiche's novel"),
            ("no_phone", "just reply to this email.", "ring Margaret on 07700 900 461."),
            ("count", "| Tuesday 8 December 2026 | A Christmas Carol | Charles Dickens |\n", ""),
            ("intro", "are always welcome.", "are always welcome." + MORE),
            ("weekday", "| Tuesday 10 November", "| Wednesday 10 November"),
            ("pages", "147 pages a week", "157 pages a week"),
            ("discount", "so £10.39 with", "so £10.99 with"),
        ),
    ),
    Schedule(
        "The Crown Readers",
        "Spring 2027 book list email for The Crown Readers, our pub book club, with bold headings and bullets; sign "
        "it Dan. A two-sentence opening at most (chosen by your votes, upstairs at the Crown and Anchor, 8 pm, first "
        "Thursday). The dates with weekdays: 4 Feb Demon Copperhead (Barbara Kingsolver), 4 Mar The Thursday Murder "
        "Club, 1 Apr Tomorrow, and Tomorrow, and Tomorrow, 6 May Small Things Like These, 3 Jun Piranesi. Then "
        "reading notes: Demon Copperhead is 560 pages, so pages a week over five weeks; a line on Kingsolver; no "
        "spoilers in the chat. Money: subs £3; Foyles gives 10% off Piranesi at £9.99 (what we pay). Don't put "
        "anyone's number in it.",
        CROWN,
        "Kingsolver",
        5,
        2,
        (
            swap_spans(CROWN, "**The dates**", "**Reading notes**", "**Money**"),
            ("spoilers", "- No spoilers in the group chat, please, until after each meeting.\n", ""),
            ("author", "- Kingsolver's novel", "- Kingslover's novel"),
            (
                "no_phone",
                "- Reply to this email, or find me at the bar before the meeting.",
                "- Reply to this email, or text me on 07700 900 583.",
            ),
            ("count", "- Thursday 6 May 2027: Small Things Like These by Claire Keegan\n", ""),
            ("intro", "first Thursday of the month.", "first Thursday of the month." + MORE),
            ("weekday", "- Thursday 4 March 2027", "- Wednesday 4 March 2027"),
            ("pages", "112 pages a week", "102 pages a week"),
            ("discount", "so £8.99 for us", "so £8.49 for us"),
        ),
    ),
    Schedule(
        "Lunchtime Book Club",
        "Plain-text email to colleagues with the lunchtime book club's summer term, using 'Label:' headings and "
        "numbered lists, from Aisha Begum, HR. Opening paragraph no longer than two sentences (Meeting Room 3, 12:30 "
        "to 1:30, bring lunch). Schedule with weekdays: 6 May, Lessons in Chemistry; 3 June, The Seven Moons of Maali "
        "Almeida by Shehan Karunatilaka; 1 July, Hamnet. Reading notes next: Lessons in Chemistry is 400 pages, "
        "pages a week over four weeks; a line about Karunatilaka's book; keep spoilers out of the Teams channel. "
        "Then the 15% Waterstones staff discount on Hamnet (£10.99): the price after it. No phone numbers.",
        LUNCHTIME,
        "Karunatilaka",
        3,
        2,
        (
            swap_spans(LUNCHTIME, "Schedule:", "Reading notes:", "Buying the books:"),
            ("spoilers", "3. Please keep spoilers out of the Teams channel until we have met.\n", ""),
            ("author", "2. Karunatilaka's novel", "2. Karunatilake's novel"),
            ("no_phone", "Message me on Teams, or drop by", "Ring me on 01632 960 184, or drop by"),
            ("count", "3. Wednesday 1 July 2026: Hamnet by Maggie O'Farrell\n", ""),
            ("intro", "so bring your lunch.", "so bring your lunch." + MORE),
            ("weekday", "2. Wednesday 3 June 2026", "2. Thursday 3 June 2026"),
            ("pages", "100 pages a week", "80 pages a week"),
            ("discount", "so £9.34 with", "so £9.64 with"),
        ),
    ),
    Schedule(
        "Riverside U3A",
        "Can you write the Riverside U3A Reading Group's winter programme with ### headings and a small table at the "
        "top (Ferndale Community Centre Room 2, 2 pm on the fourth Monday, group leader Pat Henshaw)? Then 'Dear "
        "members' and a welcome of no more than two sentences. Programme with weekdays: 26 October, The Salt Path; 23 "
        "November, Remarkably Bright Creatures; 25 January, Lady in Waiting by Anne Glenconner; 22 February, The "
        "Marriage Portrait. Notes for readers after it: The Salt Path is 288 pages, so pages a week over four weeks; "
        "Glenconner's memoir in large print; no spoilers. Bookends gives 10% off Remarkably Bright Creatures "
        "(£10.99): work out the price. Lifts: ask me at a meeting. No phone numbers at all.",
        RIVERSIDE,
        "Glenconner",
        4,
        2,
        (
            swap_spans(RIVERSIDE, "### Programme", "### Notes for readers", "### Buying the books"),
            (
                "spoilers",
                "- If you finish early, please don't give away the ending at coffee mornings: no spoilers.\n",
                "",
            ),
            ("author", "- Lady Glenconner's memoir", "- Lady Glenconnor's memoir"),
            (
                "no_phone",
                "tell me at the next meeting and I will pair you with a driver.",
                "ring Brian Dale on 01632 960 527, who has offered to drive.",
            ),
            ("count", "- Monday 23 November 2026: Remarkably Bright Creatures by Shelby Van Pelt\n", ""),
            ("intro", "who suggested titles.", "who suggested titles." + MORE),
            ("weekday", "- Monday 22 February 2027", "- Tuesday 22 February 2027"),
            ("pages", "72 pages a week", "62 pages a week"),
            ("discount", "or £9.89 with", "or £9.99 with"),
        ),
    ),
)


def build(schedule: Schedule, on: dict[str, bool]) -> str:
    return slipped(schedule.text, schedule.slips, on, schedule.name)


# Reading a schedule ----------------------------------------------------------------------------


def opening(answer: str) -> str:
    """The paragraph after the greeting (the first line that starts with Hi, Hello or Dear), or an empty one."""
    lines = [line.strip() for line in answer.splitlines()]
    start = next((at for at, line in enumerate(lines) if GREETING.match(line)), None)
    if start is None:
        return ""
    paragraph: list[str] = []
    for line in lines[start + 1 :]:
        if line:
            paragraph.append(line)
        elif paragraph:
            break
    return " ".join(paragraph)


def sentences(text: str) -> int:
    """The sentences of `text`, by the full stops, question and exclamation marks that end them."""
    return len(SENTENCE_END.findall(text))


def meetings(answer: str) -> int:
    """The list items and table rows (below each table's headings) of the meetings section."""
    lines = section(answer, MEETINGS) or []
    return len(listed(lines)) + sum(len(grid) - 1 for grid in pipe_grids("\n".join(lines)))


def number(word: str) -> int:
    return int(word) if word.isdigit() else NUMBER_WORDS.index(word.lower())


def pages_right(answer: str) -> bool:
    """Whether the first line giving pages a week states the book's pages divided by its weeks, to the page."""
    line = next((line for line in answer.splitlines() if PER_WEEK.search(line)), "")
    total, weeks, per = TOTAL_PAGES.search(line), WEEKS.search(line), PER_WEEK.search(line)
    if total is None or weeks is None or per is None or number(weeks.group(1)) == 0:
        return False
    return round(int(total.group(1)) / number(weeks.group(1))) == int(per.group(1))


def discount_right(answer: str) -> bool:
    """Whether the first line with a percentage and two amounts gives as its last amount its first less that
    percentage, to the penny."""
    line = next((line for line in answer.splitlines() if PERCENT.search(line) and len(money(line)) >= 2), "")
    rate, amounts = PERCENT.search(line), money(line)
    if rate is None or len(amounts) < 2:
        return False
    paid = amounts[0] * (100 - Decimal(rate.group(1))) / 100
    return paid.quantize(PENNY, ROUND_HALF_UP) == amounts[-1]


WORDINGS = {
    "spoilers": ("Asks members not to post spoilers", "Includes a request to avoid spoilers before the meeting"),
    "author": ("Spells {author}'s name correctly throughout", "Uses the correct spelling of {author} every time"),
    "no_phone": ("Does not include anyone's phone number", "Leaves out all phone numbers"),
    "order": ("Gives the meeting dates before the reading notes", "The schedule comes before the notes for readers"),
    "count": ("Lists exactly {meetings} meetings", "The schedule has {meetings} dates, one for each book"),
    "intro": (
        "Keeps the welcome after the greeting to {limit} sentences or fewer",
        "The welcome paragraph is no longer than {limit} sentences",
    ),
    "weekday": ("Every meeting date has the right day of the week", "The weekdays given match the meeting dates"),
    "pages": (
        "The pages-a-week figure is the book's length divided by the number of weeks",
        "Works out the pages to read each week correctly",
    ),
    "discount": (
        "The discounted price is the stated percentage off the full price",
        "Calculates the members' discount on the book's price correctly",
    ),
}
"""Two wordings of each kind of criterion, filled from the schedule."""


def truths(schedule: Schedule, answer: str) -> dict[str, bool]:
    return {
        "spoilers": SPOILERS.search(answer) is not None,
        "author": spellings(answer, schedule.author) == {schedule.author.lower()},
        "no_phone": PHONE.search(answer) is None,
        "order": heading_order(answer, MEETINGS, NOTES),
        "count": meetings(answer) == schedule.meetings,
        "intro": 0 < sentences(opening(answer)) <= schedule.limit,
        "weekday": weekdays_right(answer),
        "pages": pages_right(answer),
        "discount": discount_right(answer),
    }


def candidates(rng: random.Random, schedule: Schedule, answer: str) -> list[Criterion]:
    filled = {
        "author": schedule.author,
        "meetings": NUMBER_WORDS[schedule.meetings],
        "limit": NUMBER_WORDS[schedule.limit],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(schedule, answer).items()
    ]


SWITCHES = ("order", "spoilers", "author", "no_phone", "count", "intro", "weekday", "pages", "discount")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, SCHEDULES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

"""Library overdue family (fresh33): the overdue notice a public or university library asks for to email a
borrower (an adult's books at a branch library, a child's books written to a parent, two items at a small
town library, a student's loans), with a subject line, the overdue items with their due dates, days late
and fines, the total owed, how to renew, the date to return by and the opening hours, a kind of answer no
grader was run on while any of its rules was written. Run only as `--set fresh33`, never in `all`, `new`,
`docs`, `held` or an earlier fresh set.

An answer is the notice (Markdown headings with the items in a table, bold headings with bullets, plain
`Label:` lines with numbered lists, or `###` headings under a key-facts table), written right and then
changed by switches. Every truth is read from the text: the notice's date as the first date it writes,
the items as the lines with a date, a number of days and an amount, the total from the first line saying
"total" with an amount, the sections by their headings, the opening hours as the lines of their section
naming a weekday, and the weekdays from the dated lines.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import (
    NUMBER_WORDS,
    WEEKDAY,
    Criterion,
    JudgeCase,
    date_in,
    heading_order,
    last_money,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
    weekdays_right,
)

FAMILY = "library_overdue"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
THREAT = re.compile(r"legal action|debt (?:recovery|collect)|collection agency|bailiff|court action|prosecut", re.I)
CARD = re.compile(r"\bcard\b[^\n\d]{0,20}\d{8,}", re.I)
RENEW = re.compile(r"renew[^.\n]*\b(?:online|app|website)\b|\b(?:online|website|app)\b[^.\n]*\brenew", re.I)
SUBJECT = re.compile(r"subject:", re.I)
ITEMS = r"overdue|still out"
PAYING = r"fines|charges|paying"
HOURS = r"hours|when we(?:'|’)re open"
DAYS = re.compile(r"\b(\d+)\s+days?\b")
TOTAL = re.compile(r"\btotal\b", re.I)


@dataclass(frozen=True)
class Notice:
    name: str
    """The borrower, as the notice names them."""
    task: str
    text: str
    """The answer written right."""
    days: int
    """The days of the week the library opens, each with its hours."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


PRITCHARD = """Subject: Your Headingley Library items are overdue

# Reminder from Headingley Library

Date: 15 March 2026
Borrower: Mr Alan Pritchard
Library card: ending 7786

Dear Mr Pritchard,

We hope you enjoyed your reading. Our records show that the items below have not yet come back. Please return or renew them by Friday 27 March 2026.

## Overdue items
| Title | Due back | Overdue by | Fine |
|---|---|---|---|
| The Salt Path | 3 March 2026 | 12 days | £3.00 |
| Atlas of the Heart | 3 March 2026 | 12 days | £3.00 |
| Yorkshire Dales Walks | 10 March 2026 | 5 days | £1.25 |

## Fines
Fines are 25p a day for each item. You owe £7.25 in total. You can pay at any library counter, or by card over the phone.

## Renewing and returning
You can renew online at leeds.gov.uk/libraries with your card number and PIN, as long as nobody else has reserved the item. Items can go back to any Leeds library, or through the returns box when we are closed.

## Opening hours
- Monday: 9:00 am to 7:00 pm
- Tuesday: 9:00 am to 5:00 pm
- Thursday: 9:00 am to 7:00 pm
- Friday: 9:00 am to 5:00 pm
- Saturday: 10:00 am to 4:00 pm

Best wishes,
The Headingley Library team
"""

OKORO = """Subject: Overdue books on Sam's junior library card

**Riverside Library: overdue reminder**

**Date:** 2 June 2026
**Account:** Sam Okoro (junior), card ending 3307
**Parent or carer:** Ms Grace Okoro

Dear Ms Okoro,

This is a quick, friendly reminder that some of Sam's books are now overdue. We would be grateful if they could come back by Saturday 13 June 2026.

**Books still out**
- The Wild Robot, due 19 May 2026: 14 days overdue, fine £1.40
- Dog Man: Lord of the Fleas, due 26 May 2026: 7 days overdue, fine £0.70
- Mr Gum and the Biscuit Billionaire, due 26 May 2026: 7 days overdue, fine £0.70
- Horrid Henry's Joke Book, due 29 May 2026: 4 days overdue, fine £0.40

**Paying fines**
Junior fines are 10p a day for each book. The total is £3.20, and it can be paid at the counter when the books come back.

**Renewing**
Sam can renew books up to three times online or in the Libraries app, unless someone else has reserved them.

**When we're open**
- Monday: 10:00 am to 6:00 pm
- Wednesday: 10:00 am to 6:00 pm
- Thursday: 10:00 am to 7:00 pm
- Saturday: 9:30 am to 1:00 pm

Thank you, and happy reading!
Riverside Library
"""

BARRACLOUGH = """Subject: Reminder: two items overdue at Kendal Library

Kendal Library
Date of notice: 20 October 2026
Member: Mrs Eileen Barraclough
Card: ending 5021

Dear Mrs Barraclough,

We're writing because two of your items are past their due date. There's no need to worry, but please bring them back, or renew them, by Monday 2 November 2026.

Items overdue:
1. A Year of Wild Swimming, due 6 October 2026, 14 days late, £2.80
2. Wainwright's Far Eastern Fells (large print), due 13 October 2026, 7 days late, £1.40

Charges:
Late returns cost 20p per item per day. Your total so far is £4.20. You can pay by card at the desk.

Renewals:
Renew online through the Cumbria Libraries website, or ring us on 01539 713520.

Opening hours:
1. Monday: 9:30 am to 5:00 pm
2. Tuesday: 9:30 am to 7:00 pm
3. Wednesday: 9:30 am to 5:00 pm
4. Thursday: 9:30 am to 5:00 pm
5. Friday: 9:30 am to 5:00 pm
6. Saturday: 9:30 am to 1:00 pm

With best wishes,
Kendal Library
"""

WHITFIELD = """Subject: Overdue loans on your Northgate University Library account

### Northgate University Library

| Notice | |
|---|---|
| Sent | 9 February 2026 |
| Student | Jordan Whitfield |
| Library card | ending 0419 |
| Please return by | Friday 20 February 2026 |

Hi Jordan,

This is a reminder that three of your loans are overdue. Other students may be waiting for them, so please bring them back as soon as you can.

### Loans overdue
| Item | Due | Late by | Fine |
|---|---|---|---|
| Principles of Economics | 30 January 2026 | 10 days | £2.00 |
| Thinking, Fast and Slow | 2 February 2026 | 7 days | £1.40 |
| Microeconomic Theory (short loan) | 6 February 2026 | 3 days | £3.00 |

### Paying
Fines are 20p a day, or £1.00 a day for short loans, and come to £6.40 in total. Pay at the help desk or through the Library Payments page.

### Renewals
Renew online in My Library Account, unless another student has requested the item.

### Help desk hours
- Monday: 8:30 am to 9:00 pm
- Tuesday: 8:30 am to 9:00 pm
- Wednesday: 8:30 am to 9:00 pm
- Thursday: 8:30 am to 9:00 pm
- Friday: 8:30 am to 6:00 pm
- Saturday: 10:00 am to 5:00 pm
- Sunday: 12:00 pm to 5:00 pm

Northgate University Library, Level 1 help desk
"""

NOTICES = (
    Notice(
        "Pritchard",
        "Please write an overdue notice email from Headingley Library to Mr Alan Pritchard (card ending 7786), dated "
        "15 March 2026, with a subject line. Items in a table with due date, days overdue and fine at 25p a day: The "
        "Salt Path and Atlas of the Heart, both due 3 March 2026, and Yorkshire Dales Walks, due 10 March 2026. Give "
        "the total owed, how to pay, how to renew and return, a return-by date of 27 March 2026 with its weekday, and "
        "our opening hours for the five days we open (Mon and Thu 9-7, Tue and Fri 9-5, Sat 10-4). Friendly, please: "
        "most people just forget.",
        PRITCHARD,
        5,
        (
            swap_spans(PRITCHARD, "## Overdue items", "## Fines", "## Renewing and returning"),
            ("subject", "Subject: Your Headingley Library items are overdue\n\n", ""),
            (
                "polite",
                "You can pay at any library counter",
                "Failure to pay may lead to legal action. Pay at any library counter",
            ),
            ("card", "Library card: ending 7786", "Library card: 21138004127786"),
            ("renew", "renew online at leeds.gov.uk/libraries with your card number and PIN,", "renew at any counter,"),
            ("hours", "- Thursday: 9:00 am to 7:00 pm\n", ""),
            ("days", "| 10 March 2026 | 5 days |", "| 10 March 2026 | 6 days |"),
            ("fines", "You owe £7.25 in total.", "You owe £6.25 in total."),
            ("weekday", "by Friday 27 March 2026", "by Thursday 27 March 2026"),
        ),
    ),
    Notice(
        "Okoro",
        "Write an overdue reminder email to Ms Grace Okoro about her son Sam's junior card (ending 3307) at Riverside "
        "Library, dated 2 June 2026; subject line first, then bold headings and bullet points. The overdue books, with "
        "due date, days overdue and fine (junior rate 10p a day): The Wild Robot due 19 May 2026; Dog Man: Lord of the "
        "Fleas and Mr Gum and the Biscuit Billionaire, both due 26 May 2026; Horrid Henry's Joke Book due 29 May 2026. "
        "Total fine, how to pay, how Sam can renew, please return by 13 June 2026 (say the day), and our hours on the "
        "four days we open: Mon and Wed 10-6, Thu 10-7, Sat 9:30-1. Keep it gentle, it's a child's account.",
        OKORO,
        4,
        (
            swap_spans(OKORO, "**Books still out**", "**Paying fines**", "**Renewing**"),
            ("subject", "Subject: Overdue books on Sam's junior library card\n\n", ""),
            (
                "polite",
                "and it can be paid at the counter",
                "and unpaid fines will be passed to our debt recovery team. It can be paid at the counter",
            ),
            (
                "card",
                "**Account:** Sam Okoro (junior), card ending 3307",
                "**Account:** Sam Okoro (junior), card 29004113303307",
            ),
            (
                "renew",
                "Sam can renew books up to three times online or in the Libraries app, unless",
                "Books can be renewed at the counter up to three times, unless",
            ),
            ("hours", "- Wednesday: 10:00 am to 6:00 pm\n", ""),
            ("days", "19 May 2026: 14 days overdue", "19 May 2026: 13 days overdue"),
            ("fines", "The total is £3.20,", "The total is £2.50,"),
            ("weekday", "by Saturday 13 June 2026", "by Friday 13 June 2026"),
        ),
    ),
    Notice(
        "Barraclough",
        "Plain text, no Markdown (Label: lines and numbered lists): an overdue notice email from Kendal Library to Mrs "
        "Eileen Barraclough, card ending 5021, dated 20 October 2026, starting with a subject line. Two items, charged "
        "at 20p per item per day: A Year of Wild Swimming, due 6 October 2026, and Wainwright's Far Eastern Fells "
        "(large print), due 13 October 2026; give each one's days late and charge, and the total. Tell her how to "
        "renew (website or 01539 713520), ask for them back by 2 November 2026 with the weekday, and list our hours for "
        "the six days we're open (Mon, Wed, Thu, Fri 9:30-5, Tue 9:30-7, Sat 9:30-1). Reassuring tone, no "
        "threats.",
        BARRACLOUGH,
        6,
        (
            swap_spans(BARRACLOUGH, "Items overdue:", "Charges:", "Renewals:"),
            ("subject", "Subject: Reminder: two items overdue at Kendal Library\n\n", ""),
            (
                "polite",
                "You can pay by card at the desk.",
                "You can pay by card at the desk. Unpaid charges may be referred to a collection agency.",
            ),
            ("card", "Card: ending 5021", "Card: 20117345215021"),
            (
                "renew",
                "Renew online through the Cumbria Libraries website, or ring us on 01539 713520.",
                "Ring us on 01539 713520 to renew.",
            ),
            ("hours", "4. Thursday: 9:30 am to 5:00 pm\n", ""),
            ("days", "13 October 2026, 7 days late", "13 October 2026, 8 days late"),
            ("fines", "Your total so far is £4.20.", "Your total so far is £4.00."),
            ("weekday", "by Monday 2 November 2026", "by Tuesday 2 November 2026"),
        ),
    ),
    Notice(
        "Whitfield",
        "Draft an overdue loans email from Northgate University Library to the student Jordan Whitfield (card ending "
        "0419), sent 9 February 2026, with a subject line, ### headings and a small table of the key facts at the top, "
        "including the return-by date (20 February 2026, with its weekday). Loans in a table with due date, days late "
        "and fine (20p a day; short loans £1.00 a day): Principles of Economics due 30 January 2026, Thinking, Fast "
        "and Slow due 2 February 2026, Microeconomic Theory (short loan) due 6 February 2026. Total, how to pay, how "
        "to renew, and the help desk's hours for all seven days (Mon-Thu 8:30-9, Fri 8:30-6, Sat 10-5, Sun 12-5).",
        WHITFIELD,
        7,
        (
            swap_spans(WHITFIELD, "### Loans overdue", "### Paying", "### Renewals"),
            ("subject", "Subject: Overdue loans on your Northgate University Library account\n\n", ""),
            (
                "polite",
                "Pay at the help desk",
                "Unpaid fines will be passed to the University's debt collectors. Pay at the help desk",
            ),
            ("card", "| Library card | ending 0419 |", "| Library card | 33104200870419 |"),
            ("renew", "Renew online in My Library Account, unless", "Renew at the help desk, unless"),
            ("hours", "- Wednesday: 8:30 am to 9:00 pm\n", ""),
            ("days", "| 30 January 2026 | 10 days |", "| 30 January 2026 | 11 days |"),
            ("fines", "come to £6.40 in total", "come to £5.40 in total"),
            ("weekday", "| Friday 20 February 2026 |", "| Thursday 20 February 2026 |"),
        ),
    ),
)


def build(notice: Notice, on: dict[str, bool]) -> str:
    return slipped(notice.text, notice.slips, on, notice.name)


# Reading a notice -------------------------------------------------------------------------------


def notice_date(answer: str) -> date | None:
    """The first date the notice writes: the day it was sent."""
    return next((day for line in answer.splitlines() if (day := date_in(line)) is not None), None)


def items(answer: str) -> list[str]:
    """The lines of overdue items: each writes a date, a number of days and an amount."""
    return [line for line in answer.splitlines() if date_in(line) and DAYS.search(line) and last_money(line)]


def days_right(answer: str) -> bool:
    """Every item's days overdue is the days from its due date to the notice's date."""
    sent, lines = notice_date(answer), items(answer)
    if sent is None or not lines:
        return False
    return all((sent - date_in(line)).days == int(DAYS.search(line).group(1)) for line in lines)


def fines_right(answer: str) -> bool:
    """The total on the first line saying "total" with an amount is the sum of the items' fines."""
    line = next((line for line in answer.splitlines() if TOTAL.search(line) and last_money(line)), "")
    fines = [last_money(line) for line in items(answer)]
    return bool(line) and bool(fines) and last_money(line) == sum(fines)


def opening_days(answer: str) -> int:
    """The lines of the opening hours' section that name a weekday."""
    return len([line for line in section(answer, HOURS) or [] if WEEKDAY.search(line)])


def subject_first(answer: str) -> bool:
    """Whether the first line that is not blank is a subject line."""
    first = next((line.strip() for line in answer.splitlines() if line.strip()), "")
    return SUBJECT.match(first) is not None


WORDINGS = {
    "polite": (
        "Keeps a friendly tone, with no threats of legal action or debt collection",
        "Doesn't threaten the borrower with debt collectors or legal action",
    ),
    "card": (
        "Does not show the borrower's full library card number",
        "Keeps the library card number hidden apart from its last digits",
    ),
    "renew": ("Tells the borrower they can renew online", "Mentions that items can be renewed online"),
    "subject": ("Starts with a subject line", "The email opens with a Subject: line"),
    "order": (
        "Lists the overdue items before explaining the fines",
        "The section on overdue items comes before the one about paying",
    ),
    "hours": (
        "Gives opening hours for all {days} days the library is open",
        "The opening hours cover each of the {days} opening days",
    ),
    "days": (
        "The number of days overdue is right for each item, counting from its due date to the notice date",
        "Each item's days late matches its due date and the date of the notice",
    ),
    "fines": ("The total owed equals the sum of the individual fines", "The item fines add up to the total given"),
    "weekday": (
        "The return-by date has the correct day of the week",
        "The weekday given for the return deadline matches the date",
    ),
}
"""Two wordings of each kind of criterion, filled from the notice."""


def truths(notice: Notice, answer: str) -> dict[str, bool]:
    return {
        "polite": THREAT.search(answer) is None,
        "card": CARD.search(answer) is None,
        "renew": RENEW.search(answer) is not None,
        "subject": subject_first(answer),
        "order": heading_order(answer, ITEMS, PAYING),
        "hours": opening_days(answer) == notice.days,
        "days": days_right(answer),
        "fines": fines_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, notice: Notice, answer: str) -> list[Criterion]:
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], days=NUMBER_WORDS[notice.days]), truth, kind, FAMILY)
        for kind, truth in truths(notice, answer).items()
    ]


SWITCHES = ("order", "subject", "polite", "card", "renew", "hours", "days", "fines", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, NOTICES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

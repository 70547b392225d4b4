"""Bank reconciliation family (fresh19): the month-end bank reconciliation a task asks a bookkeeper for (a bakery's
as two Markdown tables, a landscaper's as nested bullets, a coffee roaster's in a fenced block, a vet clinic's as
plain lines), with the statement balance, the deposits in transit, the outstanding cheques, the adjusted bank balance,
the cash book balance with the interest, charges and a returned cheque the statement shows, the adjusted book
balance, and who prepared and reviewed it when, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh19`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the reconciliation written right and then changed by switches: the outstanding cheques in number order
or two swapped, the bank side adding up or one cheque's amount mistyped, the book side adding up or the interest
mistyped, the two adjusted balances equal or the statement balance and the adjusted bank balance both off by the same
amount, a cheque that has cleared left out or put in place of one still outstanding, the returned cheque's customer
named or the line called a sundry item, the reconciliation prepared within the task's working days or later, every
amount to two decimal places or one a whole number, and a reviewer other than the preparer or the same person. Every
truth is read from the text: the bank side runs from the first line with `balance per bank` to the next with
`adjusted bank balance`, the book side from `balance per books` or `per cash book` to `adjusted book balance`; a side's
first line's last amount is its opening balance, its last line's last amount its adjusted balance, and each line
between with an amount adds it or takes it off as the last `add` or `less` above (or on it) says; a cheque's number
follows `cheque`, `check` or `#`; the preparation date is the first on the first line with `prepared`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta

from benchmarks.labelled import (
    MONEY,
    Criterion,
    JudgeCase,
    date_in,
    money,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
)

FAMILY = "bank_reconciliation"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
CHEQUE = re.compile(r"\b(?:cheque|check)\s*(?:no\.?\s*)?#?\s*(\d{3,6})\b|#(\d{3,6})\b", re.I)
ADD = re.compile(r"\b(?:add|plus)\b", re.I)
LESS = re.compile(r"\b(?:less|deduct|minus)\b", re.I)
BANK = (re.compile(r"balance per bank", re.I), re.compile(r"adjusted bank balance", re.I))
BOOK = (re.compile(r"balance per (?:cash )?books?", re.I), re.compile(r"adjusted book balance", re.I))


@dataclass(frozen=True)
class Reconciliation:
    task: str
    text: str
    """The answer written right."""
    name: str
    words: tuple[str, str]
    """(what the task calls a cheque, what it calls the balance in its own books)."""
    cheques: tuple[str, ...]
    """The outstanding cheques' numbers, in number order."""
    cleared: tuple[str, str]
    """(a cheque the bank has paid, the day it cleared in words)."""
    customer: tuple[str, str]
    """(the surname of the customer whose cheque came back unpaid, their name as the task gives it)."""
    dates: tuple[date, int, str]
    """(the statement date, the most working days after it the reconciliation may be prepared, the preparer)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


def both(switch: str, text: str, first: tuple[str, str], second: tuple[str, str]) -> tuple[str, str, str]:
    """The slip in which the span of `text` from `first`'s figure to `second`'s has both figures changed."""
    start = text.index(first[0])
    end = text.index(second[0], start) + len(second[0])
    old = text[start:end]
    middle = old[len(first[0]) : len(old) - len(second[0])]
    return (switch, old, first[1] + middle + second[1])


OAKFIELD = """# Bank reconciliation: Oakfield Bakery Ltd, current account ending 4471, at 31 May 2025

| Bank side | £ |
|---|---:|
| Balance per bank statement, 31 May 2025 | £12,480.35 |
| Add: deposit in transit (31 May takings) | £1,265.40 |
| Less: cheque 1043, Miller Flour | £842.10 |
| Less: cheque 1045, Dale Dairy | £318.75 |
| Less: cheque 1048, Harrow Packaging | £204.00 |
| **Adjusted bank balance** | **£12,380.90** |

| Book side | £ |
|---|---:|
| Balance per cash book, 31 May 2025 | £12,531.15 |
| Add: interest received | £6.25 |
| Less: bank charges for May | £24.50 |
| Less: returned cheque (unpaid), J. Patel | £132.00 |
| **Adjusted book balance** | **£12,380.90** |

Prepared by Lucy Hart, bookkeeper, 3 June 2025
Reviewed by Tom Ashby, director"""

CEDAR = """**Bank reconciliation: Cedar & Pine Landscaping LLC, checking account ending 0387, as of 2025-06-30**

**Bank**
- Balance per bank statement (2025-06-30): $8,912.60
- Add deposits in transit:
  - Hill residence, deposited 2025-06-30: $2,150.00
  - Cash sales, deposited 2025-06-30: $385.25
- Less outstanding checks:
  - Check #2210, Valley Nursery: $1,240.00
  - Check #2214, Ortiz Fuel: $312.48
  - Check #2215, Green Supply Co.: $96.30
- **Adjusted bank balance: $9,799.07**

**Books**
- Balance per books (2025-06-30): $9,958.42
- Add interest earned: $4.15
- Less bank service fee: $18.00
- Less NSF check from customer R. Delaney: $145.50
- **Adjusted book balance: $9,799.07**

Prepared by Marcus Hill, 2025-07-02
Reviewed by Dana Whitfield, owner"""

VOGEL = """Here is the reconciliation for the April file:

```text
BANK RECONCILIATION AT 30 APR 2025
Kaffeeroesterei Vogel GmbH, Sparkasse current account ending 2290

Balance per bank statement 30 Apr 2025            €23,604.18
Add: deposit in transit (shop takings 30 Apr)      €1,842.60
Less: outstanding cheques
   cheque 5507  Muehle Import GmbH                 €3,915.00
   cheque 5510  Stadtwerke                           €486.22
   cheque 5511  Druckerei Lenz                       €129.90
Adjusted bank balance                             €20,915.66

Balance per cash book 30 Apr 2025                 €21,203.91
Add: interest credited                                 €3.40
Less: account fees                                    €31.65
Less: returned cheque, Cafe Sonne (unpaid)           €260.00
Adjusted book balance                             €20,915.66

Prepared: Jana Vogel, 5 May 2025
Reviewed: Paul Hess
```"""

MAPLE = """Bank reconciliation for Maple Row Veterinary Clinic, chequing account ending 6052, at 31 March 2025
Balance per bank statement at 31 March 2025: $15,377.20
Add deposit in transit, card settlements of 31 March: $1,904.35
Less outstanding cheque 3318 to Prairie Vet Supply: $2,630.75
Less outstanding cheque 3321 to City of Regina (water): $188.40
Less outstanding cheque 3324 to Northern Linen: $74.95
Adjusted bank balance: $14,387.45
Balance per books at 31 March 2025: $14,533.70
Add interest earned: $2.85
Less monthly account fee: $29.10
Less returned cheque from client B. Okafor: $120.00
Adjusted book balance: $14,387.45
Prepared by Nadia Kowal, 2 April 2025
Reviewed by Dr Ian Fraser, practice owner"""

RECONCILIATIONS = (
    Reconciliation(
        "Prepare the May bank reconciliation for Oakfield Bakery Ltd's current account (ending 4471) as two Markdown "
        "tables, a bank side and a book side. The statement closes on 31 May 2025 at £12,480.35; the cash book shows "
        "£12,531.15. The 31 May takings of £1,265.40 were banked too late to appear. Cheques 1043 (Miller Flour, "
        "£842.10), 1045 (Dale Dairy, £318.75) and 1048 (Harrow Packaging, £204.00) haven't been presented; cheque "
        "1044 (Wold Eggs) cleared on 28 May. The statement shows £6.25 interest, £24.50 bank charges and a £132.00 "
        "cheque from J. Patel returned unpaid, none of them in the cash book yet. Outstanding cheques in number order, "
        "amounts to the penny. I'm Lucy Hart, the bookkeeper, doing it on 3 June (our rule: within 5 working days of "
        "month end); Tom Ashby, the director, reviews it.",
        OAKFIELD,
        "Oakfield",
        ("cheque", "cash book balance"),
        ("1043", "1045", "1048"),
        ("1044", "28 May"),
        ("Patel", "J. Patel"),
        (date(2025, 5, 31), 5, "Lucy Hart"),
        (
            both("agree", OAKFIELD, ("£12,480.35", "£12,489.35"), ("£12,380.90", "£12,389.90")),
            swap_lines(OAKFIELD, "cheque 1045", "cheque 1048"),
            ("bank_side", "£842.10", "£824.10"),
            ("book_side", "| £6.25 |", "| £5.25 |"),
            ("cleared", "cheque 1045", "cheque 1044"),
            ("returned", "returned cheque (unpaid), J. Patel", "sundry item"),
            ("prepared", "3 June 2025", "16 June 2025"),
            ("decimals", "£204.00", "£204"),
            ("reviewer", "Reviewed by Tom Ashby", "Reviewed by Lucy Hart"),
        ),
    ),
    Reconciliation(
        "Write up the June bank reconciliation for Cedar & Pine Landscaping LLC's checking account (ending 0387) as "
        "bullet points, bank first, then books, with ISO dates. Statement balance at 2025-06-30: $8,912.60; balance per "
        "books: $9,958.42. Deposits in transit, both made on 2025-06-30: the Hill residence, $2,150.00, and cash sales, "
        "$385.25. Outstanding checks: #2210 Valley Nursery $1,240.00, #2214 Ortiz Fuel $312.48, #2215 Green Supply Co. "
        "$96.30; #2212 cleared on June 27. The statement also has $4.15 interest, an $18.00 service fee and a $145.50 "
        "NSF check from our customer R. Delaney. List the checks by number and show cents on every amount. Marcus "
        "Hill prepares it on 2025-07-02 (policy is within 5 business days); Dana Whitfield, the owner, reviews it.",
        CEDAR,
        "Cedar & Pine",
        ("check", "balance per books"),
        ("2210", "2214", "2215"),
        ("2212", "June 27"),
        ("Delaney", "R. Delaney"),
        (date(2025, 6, 30), 5, "Marcus Hill"),
        (
            both("agree", CEDAR, ("$8,912.60", "$8,921.60"), ("$9,799.07", "$9,808.07")),
            swap_lines(CEDAR, "#2214", "#2215"),
            ("bank_side", "$312.48", "$321.48"),
            ("book_side", "$4.15", "$4.51"),
            ("cleared", "Check #2214", "Check #2212"),
            ("returned", "NSF check from customer R. Delaney", "other adjustment"),
            ("prepared", "Hill, 2025-07-02", "Hill, 2025-07-14"),
            ("decimals", "$2,150.00", "$2,150"),
            ("reviewer", "Reviewed by Dana Whitfield", "Reviewed by Marcus Hill"),
        ),
    ),
    Reconciliation(
        "Put the April bank reconciliation for Kaffeeroesterei Vogel GmbH (Sparkasse current account ending 2290) in "
        "a plain-text code block for the file. Statement balance at 30 April 2025: €23,604.18; cash book: €21,203.91. "
        "Shop takings of €1,842.60 from 30 April are in transit. Cheques not yet presented: 5507 Muehle Import GmbH "
        "€3,915.00, 5510 Stadtwerke €486.22, 5511 Druckerei Lenz €129.90; cheque 5508 was paid on 24 April. The bank "
        "credited €3.40 interest, charged €31.65 in account fees and returned a €260.00 cheque from Cafe Sonne unpaid; "
        "none of these is in the cash book. Cheques by number, every amount with cents. Jana Vogel prepares it on 5 "
        "May 2025, which must be within 5 working days of the month end, and Paul Hess reviews it.",
        VOGEL,
        "Vogel",
        ("cheque", "cash book balance"),
        ("5507", "5510", "5511"),
        ("5508", "24 April"),
        ("Sonne", "Cafe Sonne"),
        (date(2025, 4, 30), 5, "Jana Vogel"),
        (
            both("agree", VOGEL, ("€23,604.18", "€23,640.18"), ("€20,915.66", "€20,951.66")),
            swap_lines(VOGEL, "cheque 5510", "cheque 5511"),
            ("bank_side", "€486.22", "€468.22"),
            ("book_side", "€31.65", "€13.65"),
            ("cleared", "cheque 5510", "cheque 5508"),
            ("returned", "returned cheque, Cafe Sonne (unpaid)", "sundry adjustment"),
            ("prepared", "Vogel, 5 May 2025", "Vogel, 19 May 2025"),
            ("decimals", "€3,915.00", "€3,915"),
            ("reviewer", "Reviewed: Paul Hess", "Reviewed: Jana Vogel"),
        ),
    ),
    Reconciliation(
        "Plain lines, no tables or bullets: the March bank reconciliation for Maple Row Veterinary Clinic's chequing "
        "account (ending 6052). The statement balance at 31 March 2025 is $15,377.20 and the books show $14,533.70. "
        "Card settlements of $1,904.35 from 31 March are in transit. Outstanding cheques: 3318 Prairie Vet Supply "
        "$2,630.75, 3321 City of Regina (water) $188.40, 3324 Northern Linen $74.95; 3320 cleared on 26 March. The "
        "statement shows $2.85 interest, a $29.10 monthly fee and a $120.00 cheque from our client B. Okafor "
        "returned. Cheques in number order, all amounts to the cent. Nadia Kowal prepares it on 2 April 2025 (we "
        "allow 3 business days after month end) and Dr Ian Fraser, the practice owner, reviews it.",
        MAPLE,
        "Maple Row",
        ("cheque", "balance per books"),
        ("3318", "3321", "3324"),
        ("3320", "26 March"),
        ("Okafor", "B. Okafor"),
        (date(2025, 3, 31), 3, "Nadia Kowal"),
        (
            both("agree", MAPLE, ("$15,377.20", "$15,397.20"), ("$14,387.45", "$14,407.45")),
            swap_lines(MAPLE, "cheque 3321", "cheque 3324"),
            ("bank_side", "$2,630.75", "$2,603.75"),
            ("book_side", "$29.10", "$21.90"),
            ("cleared", "cheque 3321", "cheque 3320"),
            ("returned", "returned cheque from client B. Okafor", "other item"),
            ("prepared", "Kowal, 2 April 2025", "Kowal, 9 April 2025"),
            ("decimals", "$120.00", "$120"),
            ("reviewer", "Reviewed by Dr Ian Fraser", "Reviewed by Nadia Kowal"),
        ),
    ),
)


def build(rec: Reconciliation, on: dict[str, bool]) -> str:
    return slipped(rec.text, rec.slips, on, rec.name)


# Reading a reconciliation -----------------------------------------------------------------------------


def side(answer: str, labels: tuple[re.Pattern[str], re.Pattern[str]]) -> list[str]:
    """The lines from the first matching the side's opening label to the next matching its closing one."""
    lines = answer.splitlines()
    start = next((i for i, line in enumerate(lines) if labels[0].search(line)), None)
    if start is None:
        return []
    end = next((i for i in range(start + 1, len(lines)) if labels[1].search(lines[i])), None)
    return lines[start : end + 1] if end is not None else []


def adds_up(lines: list[str]) -> bool:
    """Whether the side's opening balance, with each amount between added or taken off, is its adjusted balance."""
    if not lines or not money(lines[0]) or not money(lines[-1]):
        return False
    total, sign = money(lines[0])[-1], 1
    for line in lines[1:-1]:
        if LESS.search(line):
            sign = -1
        elif ADD.search(line):
            sign = 1
        if amounts := money(line):
            total += sign * amounts[-1]
    return total == money(lines[-1])[-1]


def numbers(lines: list[str]) -> list[str]:
    return [m.group(1) or m.group(2) for line in lines for m in CHEQUE.finditer(line)]


def working_days(start: date, end: date) -> int:
    """The weekdays after `start` up to and including `end`."""
    return sum((start + timedelta(days=n)).weekday() < 5 for n in range(1, (end - start).days + 1))


def first_line(answer: str, needle: str) -> str:
    return next((line for line in answer.splitlines() if needle in line.lower()), "")


WORDINGS = {
    "order": (
        "Lists the outstanding {cheques} in {cheque} number order",
        "The outstanding {cheques} appear in ascending order of their numbers",
    ),
    "bank_side": (
        "The adjusted bank balance equals the statement balance plus deposits in transit minus outstanding {cheques}",
        "Works out the adjusted bank balance correctly from the statement balance and its adjustments",
    ),
    "book_side": (
        "The adjusted book balance equals the {book} plus the interest, minus the fees and the returned {cheque}",
        "Gets the adjusted book balance right from the {book} and the items on the statement",
    ),
    "agree": (
        "The adjusted bank balance and the adjusted book balance are the same figure",
        "Both sides reconcile: the two adjusted balances agree",
    ),
    "cleared": (
        "Does not list {cheque} {cleared} as outstanding, since it cleared on {cleared_on}",
        "Leaves {cheque} {cleared} out of the outstanding {cheques}, because the bank has already paid it",
    ),
    "returned": (
        "Names {customer} as the customer whose {cheque} was returned unpaid",
        "The book side identifies the returned {cheque} as {customer}'s",
    ),
    "prepared": (
        "Is prepared no more than {days} working days after the statement date",
        "The preparation date is within {days} working days of the month end",
    ),
    "decimals": ("Shows every amount to two decimal places", "All money figures are written with two decimals"),
    "reviewer": (
        "Is reviewed by someone other than {preparer}, who prepared it",
        "The reviewer's sign-off is from a different person than the preparer",
    ),
}
"""Two wordings of each kind of criterion, filled from the reconciliation."""


def truths(rec: Reconciliation, answer: str) -> dict[str, bool]:
    bank, book = side(answer, BANK), side(answer, BOOK)
    found = numbers(bank)
    statement, days, preparer = rec.dates
    prepared = date_in(first_line(answer, "prepared"))
    reviewed = first_line(answer, "reviewed")
    amounts = MONEY.findall(answer)
    return {
        "order": len(found) == len(rec.cheques) and found == sorted(found),
        "bank_side": adds_up(bank),
        "book_side": adds_up(book),
        "agree": bool(bank and book) and money(bank[-1])[-1:] == money(book[-1])[-1:] != [],
        "cleared": bool(bank) and rec.cleared[0] not in found,
        "returned": any(rec.customer[0] in line for line in book),
        "prepared": prepared is not None and 0 <= working_days(statement, prepared) <= days,
        "decimals": bool(amounts) and all(re.fullmatch(r"\d[\d,]*\.\d\d", a) for a in amounts),
        "reviewer": bool(reviewed) and preparer not in reviewed,
    }


def candidates(rng: random.Random, rec: Reconciliation, answer: str) -> list[Criterion]:
    cheque, book = rec.words
    values = {
        "cheque": cheque,
        "cheques": f"{cheque}s",
        "book": book,
        "cleared": rec.cleared[0],
        "cleared_on": rec.cleared[1],
        "customer": rec.customer[1],
        "days": rec.dates[1],
        "preparer": rec.dates[2],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(rec, answer).items()
    ]


SWITCHES = ("order", "bank_side", "book_side", "agree", "cleared", "returned", "prepared", "decimals", "reviewer")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, RECONCILIATIONS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

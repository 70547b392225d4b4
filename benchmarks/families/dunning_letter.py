"""Dunning letter family (fresh19): the first reminder a task asks a credit controller to send a customer about
overdue invoices (a sign maker's as a letter with a Markdown table, a print shop's as an email with bullets, a
machine builder's as a plain-text letter in a fenced block, a plumber's as plain lines): a subject line, the invoices
with their dates, amounts and days overdue, the total, the late-payment charge, a date to pay by, the bank details
and no threat, a kind of answer no grader was run on while any of its rules was written. Run only as `--set
fresh19`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the letter written right and then changed by switches: the invoices oldest first or two swapped, every
invoice's days overdue counted from its due date to the letter's date or one counted from the day it was issued, the
total right or not, the late-payment charge right or not, a date to pay by that gives the task's days or fewer, no
threat of collectors or the courts or one, the task's bank account or two of its digits transposed, the letter short
or a paragraph longer, and a subject line naming the account first or none. Every truth is read from the text: an
invoice's line is the first naming it, its due date the last date on it and its days the number before `days`; the
total is the last amount on the first line starting `Total`; the charge the last amount on the first line with an
amount and `compensation`, `late fee` or `late payment interest`; the date to pay by the first date after `by` on the
first line where one follows `pay` or `settle`; words are runs of non-space holding a letter or digit; the subject
line is the first line of the letter (the fenced block's, when there is one).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from benchmarks.labelled import (
    ISO_DATE,
    NAMED_DATE,
    Criterion,
    JudgeCase,
    date_in,
    fenced_or_whole,
    last_money,
    money,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
)

FAMILY = "dunning_letter"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
DAYS = re.compile(r"\b(\d+)\s+days?\b", re.I)
FEE = re.compile(r"compensation|late fee|late[- ]payment interest", re.I)
DEADLINE = re.compile(r"\b(?:pay|settle)\w*\b.*?\bby\b(.*)", re.I)
THREAT = re.compile(r"collection agenc|debt collect|\bcourt\b|legal action|solicitor|lawyer|attorney|bailiff", re.I)
WORD = re.compile(r"\S*[A-Za-z0-9]\S*")
BANDS = ((Decimal(10000), Decimal(100)), (Decimal(1000), Decimal(70)), (Decimal(0), Decimal(40)))
"""The UK's fixed compensation for a late invoice: (the least amount, the compensation)."""


@dataclass(frozen=True)
class Reminder:
    task: str
    text: str
    """The answer written right."""
    account: str
    invoices: tuple[tuple[str, Decimal], ...]
    """(number, amount) of each overdue invoice, oldest first."""
    sent: tuple[date, int, int]
    """(the letter's date, the fewest days to pay the task allows, the most words the letter may have)."""
    fee: tuple[str, Decimal, str]
    """(the rule: `bands`, `percent` or `each`, its figure, the rule in words)."""
    bank: str
    """The account number or IBAN as the task gives it."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


BRIGHTWELL = """**Subject: Overdue invoices on account CH-2291**

14 July 2025

Dear Dr Okoye,

Our records show that the invoices below from Brightwell Signs Ltd are now past their 30-day payment terms:

| Invoice | Issued | Due | Amount | Overdue by |
|---|---|---|---:|---:|
| INV-4410 | 2 May 2025 | 1 June 2025 | £1,380.00 | 43 days |
| INV-4436 | 19 May 2025 | 18 June 2025 | £642.50 | 26 days |
| INV-4471 | 6 June 2025 | 6 July 2025 | £216.00 | 8 days |
| **Total overdue** | | | **£2,238.50** | |

Under the Late Payment of Commercial Debts (Interest) Act 1998 we are entitled to fixed compensation for each late \
invoice, which we now add:

Fixed compensation: £150.00

Please settle these by 28 July 2025 by bank transfer to Brightwell Signs Ltd, sort code 30-94-57, account 61840273, \
quoting the invoice numbers.

If you have already paid, thank you, and please ignore this letter. If anything on these invoices looks wrong, reply \
to this letter or call me on 0113 496 0582 and I will sort it out.

Kind regards,

Sian Roberts
Credit Controller, Brightwell Signs Ltd"""

TALLGRASS = """Subject: Past-due invoices on account RB-0716

Hi Megan,

I hope things are going well at Riverbend. Our records show three invoices on your account that are past their \
net-30 terms as of 2025-08-11:

- Invoice 10582, issued 2025-05-28, due 2025-06-27: $1,150.00, 45 days past due
- Invoice 10609, issued 2025-06-12, due 2025-07-12: $487.60, 30 days past due
- Invoice 10631, issued 2025-06-26, due 2025-07-26: $92.40, 16 days past due
- Total past due: $1,730.00

As our terms set out, a late fee of 1.5% of the past-due balance applies:

- Late fee: $25.95

Please pay by 2025-08-25 by ACH to Tallgrass Print Co., routing number 071000013, account 4820193756, with the \
invoice numbers in the memo.

If you've already sent payment, thank you, and please disregard this email. If there's a problem with any of these \
invoices, just reply here or call me at (312) 555-0148.

Thanks,
Jordan Ellis
Accounts Receivable, Tallgrass Print Co."""

WEBER = """Here is the reminder as plain text for the letter template:

```text
Re: Overdue invoices, customer number KD-50318

Weber Maschinenbau GmbH, Industriestrasse 14, 70565 Stuttgart
3 November 2025

Dear Mr van Dijk,

According to our records, the following invoices are past their 14-day payment term:

Invoice        Date          Due           Amount       Overdue
RE-2025-1187   18 Aug 2025   1 Sep 2025    €2,940.00    63 days
RE-2025-1243   5 Sep 2025    19 Sep 2025   €615.80      45 days
RE-2025-1302   29 Sep 2025   13 Oct 2025   €1,208.40    21 days
RE-2025-1350   10 Oct 2025   24 Oct 2025   €97.50       10 days
Total                                      €4,861.70

Under section 288(5) of the German Civil Code we charge a flat fee of €40 for each late invoice:
Flat-rate compensation: €160.00

Please pay the total and the compensation by 13 November 2025 to IBAN DE44 5001 0517 5407 3249 31,
quoting the invoice numbers.

If you have paid in the meantime, please ignore this reminder. For any questions about these
invoices, contact me on +49 711 4820 317.

Yours sincerely,
Katrin Weber
Accounts, Weber Maschinenbau GmbH
```"""

COASTLINE = """Re: Overdue account BPM-118
15 September 2025
Dear Ms Tran,
Our records show these Coastline Plumbing invoices to Banksia Property Management remain unpaid after their 14-day terms:
INV 7702, issued 4 July 2025, due 18 July 2025, $3,260.00, now 59 days overdue
INV 7745, issued 22 July 2025, due 5 August 2025, $1,475.50, now 41 days overdue
INV 7790, issued 13 August 2025, due 27 August 2025, $388.00, now 19 days overdue
Total overdue: $5,123.50
Our terms add late payment interest of 2% of the overdue amount:
Late payment interest: $102.47
Please pay the total and the interest by 22 September 2025 to Coastline Plumbing Pty Ltd, BSB 062-914, account 1047 \
2285, using the invoice numbers as the reference.
If you have already paid, thank you, and please disregard this letter. If any of these jobs or invoices need checking, \
call me on (02) 4965 3381.
Regards,
Mel Carter
Office Manager, Coastline Plumbing Pty Ltd"""

THREATENED = "If it is not paid by then, we will pass the debt to a collection agency and may take legal action."
PADDING = (
    "We have valued working with you for several years, and we hope to keep doing so for many more. As a small "
    "business we rely on our customers paying on time so that we can pay our own suppliers and our staff when they "
    "expect it, so we would be very grateful if you could look into this as soon as you are able to. If spreading "
    "the payments over the next two or three months would make things easier, we would be happy to agree a plan that "
    "works for you, so please do get in touch."
)


def reminder(task: str, text: str, data: tuple, bank: tuple[str, str], slips: tuple) -> Reminder:
    """A reminder whose last slips are shared: the bank account mistyped, a padded paragraph before the sign-off
    (`close`), the subject line gone and `THREATENED` after the sentence that gives the date to pay by."""
    account, invoices, sent, fee, (close, subject, sentence) = data
    shared = (
        ("bank", bank[0], bank[1]),
        ("short", close, f"{PADDING}\n\n{close}"),
        ("subject_line", subject, ""),
        ("no_threat", sentence, f"{sentence} {THREATENED}"),
    )
    return Reminder(task, text, account, invoices, sent, fee, bank[0], (*slips, *shared))


REMINDERS = (
    reminder(
        "Write a first reminder letter from Brightwell Signs Ltd to Dr Okoye at Corner House Dental Practice (account "
        "CH-2291), dated 14 July 2025, opening with a subject line that names the account. Overdue on 30-day terms: "
        "INV-4410 of 2 May 2025 for £1,380.00, INV-4436 of 19 May 2025 for £642.50 and INV-4471 of 6 June 2025 for "
        "£216.00. Put them in a Markdown table, oldest first, with due dates and how many days each is overdue, and "
        "a total. Claim the fixed compensation the Late Payment Act allows (£40 an invoice under £1,000, £70 from "
        "£1,000 to under £10,000, £100 above). Give them at least 14 days to pay; bank: sort code 30-94-57, account "
        "61840273. Keep it friendly, no threats at this stage, and under 220 words. From Sian Roberts, Credit "
        "Controller.",
        BRIGHTWELL,
        (
            "CH-2291",
            (("INV-4410", Decimal("1380.00")), ("INV-4436", Decimal("642.50")), ("INV-4471", Decimal("216.00"))),
            (date(2025, 7, 14), 14, 220),
            ("bands", Decimal(0), "the Late Payment Act's fixed compensation for each invoice"),
            ("Kind regards,", "**Subject: Overdue invoices on account CH-2291**\n\n", "quoting the invoice numbers."),
        ),
        ("61840273", "61840237"),
        (
            swap_lines(BRIGHTWELL, "INV-4436", "INV-4471"),
            ("overdue", "| £642.50 | 26 days |", "| £642.50 | 56 days |"),
            ("total", "**£2,238.50**", "**£2,283.50**"),
            ("fee", "£150.00", "£120.00"),
            ("deadline", "28 July 2025", "21 July 2025"),
        ),
    ),
    reminder(
        "Draft a friendly past-due email from Jordan Ellis (Accounts Receivable, Tallgrass Print Co.) to Megan at "
        "Riverbend Yoga Studio, account RB-0716, starting with a subject line that gives the account number. As of "
        "2025-08-11 these are past net-30 terms: invoice 10582 issued 2025-05-28 ($1,150.00), 10609 issued 2025-06-12 "
        "($487.60) and 10631 issued 2025-06-26 ($92.40). Bullet them oldest first with the due date and days past "
        "due, then the total. Our terms allow a late fee of 1.5% of the past-due balance. ISO dates. Ask for payment "
        "by ACH (routing 071000013, account 4820193756) within no less than 10 days. Nothing about collections or "
        "lawyers yet, and keep it under 200 words.",
        TALLGRASS,
        (
            "RB-0716",
            (("10582", Decimal("1150.00")), ("10609", Decimal("487.60")), ("10631", Decimal("92.40"))),
            (date(2025, 8, 11), 10, 200),
            ("percent", Decimal("1.5"), "a late fee of 1.5% of the past-due balance"),
            ("Thanks,", "Subject: Past-due invoices on account RB-0716\n\n", "invoice numbers in the memo."),
        ),
        ("4820193756", "4820193765"),
        (
            swap_lines(TALLGRASS, "Invoice 10609", "Invoice 10631"),
            ("overdue", "$487.60, 30 days", "$487.60, 60 days"),
            ("total", "$1,730.00", "$1,370.00"),
            ("fee", "$25.95", "$17.25"),
            ("deadline", "by 2025-08-25", "by 2025-08-15"),
        ),
    ),
    reminder(
        "Weber Maschinenbau GmbH needs a first payment reminder in English to Mr van Dijk of Van Dijk Bakkerij B.V., "
        "customer number KD-50318, dated 3 November 2025, as plain text in a code block for our letter template, its "
        "first line a Re: line with the customer number. Invoices past their 14-day term: RE-2025-1187 of 18 Aug 2025 "
        "(€2,940.00), RE-2025-1243 of 5 Sep 2025 (€615.80), RE-2025-1302 of 29 Sep 2025 (€1,208.40) and RE-2025-1350 "
        "of 10 Oct 2025 (€97.50): oldest first, in columns with date, due date, amount and days overdue, and a total. "
        "Charge the €40 flat fee per late invoice that German law allows. Payment within at least 10 days to IBAN DE44 "
        "5001 0517 5407 3249 31. Polite, no legal threats, 220 words at most. Sign it Katrin Weber, Accounts.",
        WEBER,
        (
            "KD-50318",
            (
                ("RE-2025-1187", Decimal("2940.00")),
                ("RE-2025-1243", Decimal("615.80")),
                ("RE-2025-1302", Decimal("1208.40")),
                ("RE-2025-1350", Decimal("97.50")),
            ),
            (date(2025, 11, 3), 10, 220),
            ("each", Decimal(40), "the flat €40 for each late invoice"),
            ("Yours sincerely,", "Re: Overdue invoices, customer number KD-50318\n\n", "quoting the invoice numbers."),
        ),
        ("DE44 5001 0517 5407 3249 31", "DE44 5001 0517 5407 3294 31"),
        (
            swap_lines(WEBER, "RE-2025-1243", "RE-2025-1302"),
            ("overdue", "€615.80      45 days", "€615.80      59 days"),
            ("total", "€4,861.70", "€4,816.70"),
            ("fee", "€160.00", "€40.00"),
            ("deadline", "13 November 2025", "7 November 2025"),
        ),
    ),
    reminder(
        "Plain lines, no tables or bullets: an overdue-account letter from Mel Carter, Office Manager at Coastline "
        "Plumbing Pty Ltd, to Ms Tran at Banksia Property Management (account BPM-118), dated 15 September 2025 and "
        "starting with a Re: line naming the account. Unpaid past 14-day terms: INV 7702 issued 4 July 2025 for "
        "$3,260.00, INV 7745 issued 22 July 2025 for $1,475.50, INV 7790 issued 13 August 2025 for $388.00. One line "
        "each, oldest first, with due date and days overdue, then the total. Add late payment interest of 2% of the "
        "overdue amount, per our terms. Allow at least 7 days to pay, to BSB 062-914, account 1047 2285. Keep it "
        "courteous, no threats, at most 210 words.",
        COASTLINE,
        (
            "BPM-118",
            (("INV 7702", Decimal("3260.00")), ("INV 7745", Decimal("1475.50")), ("INV 7790", Decimal("388.00"))),
            (date(2025, 9, 15), 7, 210),
            ("percent", Decimal(2), "late payment interest of 2% of the overdue amount"),
            ("Regards,", "Re: Overdue account BPM-118\n", "invoice numbers as the reference."),
        ),
        ("1047 2285", "1047 2258"),
        (
            swap_lines(COASTLINE, "INV 7745", "INV 7790"),
            ("overdue", "now 41 days", "now 55 days"),
            ("total", "$5,123.50", "$5,213.50"),
            ("fee", "$102.47", "$65.20"),
            ("deadline", "22 September 2025", "19 September 2025"),
        ),
    ),
)


def build(letter: Reminder, on: dict[str, bool]) -> str:
    return slipped(letter.text, letter.slips, on, letter.account)


# Reading a reminder --------------------------------------------------------------------------------------


def dates_on(line: str) -> list[date]:
    """Every date on `line` written in ISO form or as `9 Jun 2025`, in the order written."""
    found = sorted((m.start(), m.group(0)) for pattern in (ISO_DATE, NAMED_DATE) for m in pattern.finditer(line))
    return [day for _, text in found if (day := date_in(text)) is not None]


def invoice_line(answer: str, number: str) -> str:
    return next((line for line in answer.splitlines() if number in line), "")


def overdue_right(answer: str, letter: Reminder) -> bool:
    """Each invoice's stated days overdue is its due date (the last date on its line) to the letter's date."""
    for number, _ in letter.invoices:
        line = invoice_line(answer, number)
        days, dates = DAYS.search(line), dates_on(line)
        if days is None or not dates or int(days.group(1)) != (letter.sent[0] - dates[-1]).days:
            return False
    return True


def fee_due(letter: Reminder) -> Decimal:
    rule, figure, _ = letter.fee
    amounts = [amount for _, amount in letter.invoices]
    if rule == "bands":
        return sum((next(fee for least, fee in BANDS if a >= least) for a in amounts), Decimal(0))
    if rule == "each":
        return figure * len(amounts)
    return (sum(amounts, Decimal(0)) * figure / 100).quantize(Decimal("0.01"), rounding=ROUND_HALF_UP)


def stated_total(answer: str) -> Decimal | None:
    line = next((s for s in answer.splitlines() if s.strip().lstrip("|*#>_- ").lower().startswith("total")), "")
    return last_money(line)


def deadline(answer: str) -> date | None:
    lines = answer.splitlines()
    return next((day for s in lines if (found := DEADLINE.search(s)) and (day := date_in(found.group(1)))), None)


def subject_first(answer: str, account: str) -> bool:
    first = next((s for s in fenced_or_whole(answer).splitlines() if s.strip()), "")
    bare = first.strip().strip("*_#> ").lower()
    return bare.startswith(("subject:", "re:")) and account.lower() in bare


WORDINGS = {
    "order": ("Lists the overdue invoices oldest first", "Puts the invoices in date order, the oldest at the top"),
    "overdue": (
        "Each invoice's days overdue are counted from its due date to the letter's date",
        "Gives the right number of days overdue for every invoice, as of {sent}",
    ),
    "total": (
        "The total overdue is the sum of the invoices listed",
        "Adds up the overdue invoices correctly in the total",
    ),
    "fee": ("Works out {rule} correctly", "The late-payment charge claimed matches {rule}"),
    "deadline": (
        "Gives the customer at least {days} days from the letter's date to pay",
        "The date it asks for payment by is {days} or more days after {sent}",
    ),
    "no_threat": (
        "Does not threaten debt collectors, lawyers or court action",
        "Makes no threat of legal action or of passing the debt to collectors",
    ),
    "bank": ("Gives the bank account {bank} for the payment", "The payment details quote account {bank} exactly"),
    "short": ("Keeps the letter under {most} words", "Is no longer than {most} words"),
    "subject_line": (
        "Opens with a subject line that names account {account}",
        "The first line is a subject line giving the account number {account}",
    ),
}
"""Two wordings of each kind of criterion, filled from the reminder."""


def truths(letter: Reminder, answer: str) -> dict[str, bool]:
    places = [answer.find(number) for number, _ in letter.invoices]
    found = [money(invoice_line(answer, number))[-1:] for number, _ in letter.invoices]
    fee = next((money(s)[-1] for s in answer.splitlines() if FEE.search(s) and money(s)), None)
    due = deadline(answer)
    return {
        "order": -1 not in places and places == sorted(places),
        "overdue": overdue_right(answer, letter),
        "total": all(found) and stated_total(answer) == sum((f[0] for f in found), Decimal(0)),
        "fee": fee == fee_due(letter),
        "deadline": due is not None and (due - letter.sent[0]).days >= letter.sent[1],
        "no_threat": THREAT.search(answer) is None,
        "bank": letter.bank in answer,
        "short": len(WORD.findall(answer)) < letter.sent[2],
        "subject_line": subject_first(answer, letter.account),
    }


def candidates(rng: random.Random, letter: Reminder, answer: str) -> list[Criterion]:
    values = {
        "sent": f"{letter.sent[0].day} {letter.sent[0]:%B %Y}",
        "days": letter.sent[1],
        "rule": letter.fee[2],
        "bank": letter.bank,
        "most": letter.sent[2],
        "account": letter.account,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(letter, answer).items()
    ]


SWITCHES = ("order", "overdue", "total", "fee", "deadline", "no_threat", "bank", "short", "subject_line")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, REMINDERS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

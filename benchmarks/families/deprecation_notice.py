"""Deprecation notice family (fresh27): the notice a task asks a developer team to publish about something it is
retiring (a REST endpoint, a Python library's function, a GraphQL field, a command-line flag), with a short summary,
the dates it is announced and switched off, why, the numbered steps to move to its replacement and where to ask
questions, a kind of answer no grader was run on while any of its rules was written. Run only as `--set fresh27`,
never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the notice, as a Markdown page under `##` headings, as an email to a mailing list in plain `Label:`
lines, as a bulleted list of bold labels with the steps nested under one, or as plain text in a fenced block for a
release notes page, written right and then changed by switches: the replacement named or only called new, at least
the task's days of notice between the announcement and the sunset or fewer, the task's number of migration steps or
one more, the step that tries the change out before the step that makes it in production or after, no hint that the
date may move or one, the deprecated thing written one way or once another, a reason in substance or a few words, a
summary of one or two sentences or three, and an email address or link for questions or only a kind word. Every truth
is read from the text: the dates from the lines holding the task's labels (`date_in`), the steps as the numbered
lines, the summary and the reason as the rest of their labelled line and the lines after it up to a blank line, a
heading or a list item (or, under a heading of their own, the paragraph after it), sentences split after `.`, `!` or
`?` before a space, words as runs of letters and digits, the rest by pattern (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    date_in,
    line_with,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
)

FAMILY = "deprecation_notice"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
WORD = re.compile(r"[A-Za-z0-9]+(?:['’.][A-Za-z0-9]+)*")
HEADING = re.compile(r"^\s*#{1,6}\s")
ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s")
STEP = re.compile(r"^\s*\d+[.)]\s+\S")
MARK = re.compile(r"^\s*\d+[.)]\s+")
TRIAL = re.compile(r"\b(?:sandbox|staging|test)", re.I)
LIVE = re.compile(r"\b(?:production|live)\b", re.I)
MAY_MOVE = re.compile(
    r"\b(?:may|might|could|can)\s+(?:be\s+)?(?:extend|postpon|delay|push|mov)\w*|\bsubject to change\b|\bextension\b",
    re.I,
)
HELP = re.compile(r"\b(?:questions?|help|support|write to|ask)\b", re.I)
ADDRESS = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+|https?://\S+")
SENTENCE = re.compile(r"(?<=[.!?])\s+")


@dataclass(frozen=True)
class Notice:
    name: str
    """The deprecated thing, as the criteria write it."""
    task: str
    text: str
    """The answer written right."""
    spelling: tuple[str, str]
    """The deprecated thing as the notice writes it, and a pattern for any spelling of it."""
    replacement: str
    dated: tuple[str, str]
    """The words of the lines giving the announcement's date and the sunset's."""
    counts: tuple[int, int]
    """The fewest days of notice the task promises, and how many migration steps it asks for."""
    labels: tuple[str, str]
    """The words labelling the summary and the reason."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


ORDERS = """# Deprecation notice: `GET /v1/orders`

**Published:** 2 March 2026
**Sunset date:** 1 September 2026

## Summary

`GET /v1/orders` is deprecated and will be switched off on the sunset date. Please move to `GET /v2/orders` before \
then.

## Why we are making this change

The v1 endpoint returns every order in one response, which times out for large shops; the new one pages its results \
and answers in a tenth of the time.

## How to migrate

1. Upgrade the Shopline SDK to version 5.0 or later.
2. Point your integration at the new endpoint in the sandbox and check that your tests pass.
3. Switch your production integration over.
4. Remove any code that reads the old `total_pages` field.

Until the sunset date, `GET /v1/orders` keeps working exactly as it does today.

## Questions

Write to api-support@shopline.dev or post in the developer forum at https://community.shopline.dev."""

PARSE = """Subject: Deprecation: tidewater.parse_date() will be removed in 4.0

Hi everyone,

Summary: tidewater.parse_date() is deprecated as of 3.8 and will be removed in 4.0. Use tidewater.parse_datetime() \
instead.

Announced: 10 February 2026
Removal date: 12 May 2026 (tidewater 4.0)

Why: parse_date() guesses the day and month order from the system locale, so the same string gives different dates \
on different machines. The new function always reads ISO 8601 and takes an explicit format for anything else.

What to do:
1. Upgrade to tidewater 3.8, which warns each time parse_date() is called.
2. Run your test suite with warnings turned into errors to find every call.
3. Replace each call, then release to production.

Until 4.0 is released, parse_date() keeps working as before.

Questions go to the tidewater-users list or https://github.com/tidewater/tidewater/discussions.

Thanks,
Lena Brandt, for the tidewater maintainers"""

PHONE = """**Deprecating `Customer.phoneNumber` in the Tessera GraphQL API**

- **Summary:** `Customer.phoneNumber` is deprecated and will be removed on the date below. Read \
`Customer.contactPhones` instead.
- **Announced:** 5 January 2026
- **Field removed:** 6 April 2026
- **Why:** one phone number per customer no longer fits: shops store mobile, home and work numbers, and the old field \
silently dropped all but the first.
- **Migration:**
  1. Add the new field to your queries next to the old one.
  2. Compare the two in your staging environment for a week.
  3. Remove the old field from your production queries.
- **Until removal:** `Customer.phoneNumber` keeps returning the first number, as now.
- **Help:** ask in #api-changes on the Tessera partners Slack or email partners@tessera.io."""

FLAG = """Here is the notice for the top of the CLI's release notes page:

```text
DEPRECATION NOTICE: the --legacy-auth flag of skyctl

Summary: skyctl's --legacy-auth flag is deprecated and stops working when skyctl 2.0 ships. Sign in with skyctl \
login --device instead.

Notice date: 16 March 2026
End of support: 30 June 2026

Reason: --legacy-auth stores a long-lived password token in plain text in ~/.skyctl/config, and anyone who copies \
that file can act as you until the token is revoked by hand.

Steps:
1. Update skyctl to 1.14 or later.
2. Run the new login command on a test machine and check that your scripts still run.
3. Roll the change out to your production CI runners.
4. Delete the old token from ~/.skyctl/config.
5. Revoke the old token in the web console.

Until then, --legacy-auth keeps working but prints a warning.

Questions: support@skyhub.io or https://skyhub.io/forum
```"""


def swap_steps(text: str, first: str, second: str) -> tuple[str, str, str]:
    """The order switch's slip: the step holding `first` and the next one, holding `second`, trade their words and keep
    their numbers."""
    switch, old, _ = swap_lines(text, first, second)
    one, two = old.split("\n")
    body_one, body_two = MARK.sub("", one), MARK.sub("", two)
    return (switch, old, f"{one[: -len(body_one)]}{body_two}\n{two[: -len(body_two)]}{body_one}")


NOTICES = (
    Notice(
        "GET /v1/orders",
        "Write the deprecation notice for our developer portal (Markdown, with headings): GET /v1/orders is being "
        "retired in favour of GET /v2/orders. We publish it on 2 March 2026 and must give at least 180 days before the "
        "sunset, 1 September 2026. A summary of at most two sentences, why (v1 times out for large shops; v2 pages its "
        "results), four numbered migration steps with the sandbox before production, and where to ask "
        "(api-support@shopline.dev, the forum). Don't suggest the date could move.",
        ORDERS,
        ("/v1/orders", r"/v1/orders?\b"),
        "GET /v2/orders",
        ("published", "sunset date"),
        (180, 4),
        ("summary", "why"),
        (
            swap_steps(ORDERS, "2. Point your integration", "3. Switch your production"),
            ("replacement", "`GET /v2/orders`", "the new endpoint"),
            ("sunset", "**Sunset date:** 1 September 2026", "**Sunset date:** 1 July 2026"),
            ("steps", "`total_pages` field.\n", "`total_pages` field.\n5. Tell your team the change is done.\n"),
            (
                "no_extension",
                "as it does today.",
                "as it does today. If shops are still migrating, the date may be extended.",
            ),
            ("name", "`GET /v1/orders` keeps working", "`GET /v1/order` keeps working"),
            ("why", "The v1 endpoint returns every order in one response, which times out for large shops;", "See"),
            ("why", " the new one pages its results and answers in a tenth of the time.", " our blog."),
            ("summary", "on the sunset date.", "on the sunset date. We have emailed every account owner about it."),
            ("contact", "Write to api-support@shopline.dev or post in the developer forum at", "We are happy to help"),
            ("contact", " https://community.shopline.dev.", " with any questions."),
        ),
    ),
    Notice(
        "parse_date()",
        "Draft the email to the tidewater-users list deprecating tidewater.parse_date() in favour of "
        "tidewater.parse_datetime(). Announced 10 February 2026, removed in 4.0 on 12 May 2026 (we promise at least "
        "90 days). Plain text with labelled lines: a one- or two-sentence summary, the dates, why (it guesses day and "
        "month order from the locale), three numbered steps (running the tests before releasing to production), "
        "where to ask (https://github.com/tidewater/tidewater/discussions). No hedging about the date moving.",
        PARSE,
        ("parse_date()", r"\bparse_?dates?\(\)"),
        "tidewater.parse_datetime()",
        ("announced", "removal date"),
        (90, 3),
        ("summary", "why"),
        (
            swap_steps(PARSE, "2. Run your test suite", "3. Replace each call"),
            ("replacement", "Use tidewater.parse_datetime() instead.", "Use the new function instead."),
            ("sunset", "Removal date: 12 May 2026", "Removal date: 12 April 2026"),
            ("steps", "\n\nUntil 4.0", "\n4. Tell your users about the change.\n\nUntil 4.0"),
            ("no_extension", "as before.", "as before. The removal may be postponed if many projects still need it."),
            ("name", "each time parse_date() is called", "each time parse_dates() is called"),
            ("why", "parse_date() guesses the day and month order from the system locale, so the same", "see issue"),
            ("why", " string gives different dates on different machines. The new function always", " 412."),
            ("why", " reads ISO 8601 and takes an explicit format for anything else.", ""),
            ("summary", "will be removed in 4.0. Use", "will be removed in 4.0. It was soft-deprecated in 3.2. Use"),
            ("contact", "go to the tidewater-users list or https://github.com/tidewater/tidewater/discussions.", "are"),
            ("contact", "Questions are", "Questions are always welcome."),
        ),
    ),
    Notice(
        "Customer.phoneNumber",
        "Tessera GraphQL API: write a deprecation notice for partners, as a bulleted list with bold labels, retiring "
        "the Customer.phoneNumber field for Customer.contactPhones. Announced 5 January 2026, removed 6 April 2026 "
        "(our policy is at least 90 days). One- or two-sentence summary, the reason (customers have several numbers "
        "and the old field dropped all but the first), three nested numbered migration steps with staging before "
        "production, and where to get help (partners@tessera.io). The date is firm.",
        PHONE,
        ("phoneNumber", r"\bphone_?[Nn]umbers?\b"),
        "Customer.contactPhones",
        ("announced", "field removed"),
        (90, 3),
        ("summary", "why"),
        (
            swap_steps(PHONE, "  2. Compare the two", "  3. Remove the old field"),
            ("replacement", "Read `Customer.contactPhones` instead", "Read the new field instead"),
            ("sunset", "**Field removed:** 6 April 2026", "**Field removed:** 6 March 2026"),
            ("steps", "\n- **Until removal:**", "\n  4. Tell your support team about it.\n- **Until removal:**"),
            ("no_extension", "as now.", "as now. The date could move if partners need more time."),
            ("name", "`Customer.phoneNumber` keeps returning", "`Customer.phone_number` keeps returning"),
            ("why", "one phone number per customer no longer fits: shops store mobile, home and work", "see the"),
            ("why", " numbers, and the old field silently dropped all but the first.", " partner changelog."),
            ("summary", "on the date below.", "on the date below. We first raised this at the partner day."),
            ("contact", "ask in #api-changes on the Tessera partners Slack or email partners@tessera.io.", "we're"),
            ("contact", "**Help:** we're", "**Help:** we're here if you need us."),
        ),
    ),
    Notice(
        "--legacy-auth",
        "Write the deprecation notice for skyctl's --legacy-auth flag as plain text in a code block, for the top of "
        "our release notes page. Notice date 16 March 2026, end of support 30 June 2026 (we give at least 90 days). A "
        "summary of no more than two sentences naming the replacement, skyctl login --device; the reason (it keeps a "
        "long-lived token in plain text); five numbered steps, trying it on a test machine before the production CI "
        "runners; and where to ask: support@skyhub.io. Don't hint that the date might slip.",
        FLAG,
        ("--legacy-auth", r"--legacy[-_]?auth\b"),
        "skyctl login --device",
        ("notice date", "end of support"),
        (90, 5),
        ("summary", "reason"),
        (
            swap_steps(FLAG, "2. Run the new login command", "3. Roll the change out"),
            ("replacement", "with skyctl login --device instead.", "with the new login command instead."),
            ("sunset", "End of support: 30 June 2026", "End of support: 30 April 2026"),
            ("steps", "in the web console.\n", "in the web console.\n6. Tell your team.\n"),
            ("no_extension", "prints a warning.", "prints a warning. The end of support may be pushed back if needed."),
            ("name", "Until then, --legacy-auth keeps", "Until then, --legacy_auth keeps"),
            ("why", "--legacy-auth stores a long-lived password token in plain text in ~/.skyctl/config,", "see"),
            (
                "why",
                " and anyone who copies that file can act as you until the token is revoked by hand.",
                " the changelog.",
            ),
            ("summary", "when skyctl 2.0 ships.", "when skyctl 2.0 ships. It was added in 2019 for old CI systems."),
            ("contact", "Questions: support@skyhub.io or https://skyhub.io/forum", "Questions: ask your team lead."),
        ),
    ),
)


def build(notice: Notice, on: dict[str, bool]) -> str:
    return slipped(notice.text, notice.slips, on, notice.name)


# Reading a notice -------------------------------------------------------------------------------


def labelled(answer: str, label: str) -> str:
    """What the first line holding `label` says after its colon, and the lines after it up to a blank line, a heading
    or a list item; under a heading, the paragraph after it."""
    lines = answer.splitlines()
    at = next((i for i, line in enumerate(lines) if label in line.lower()), None)
    if at is None:
        return ""
    head = lines[at]
    rest = head.split(":", 1)[1].strip(" *_") if ":" in head and not HEADING.match(head) else ""
    out = [rest] if rest else []
    for line in lines[at + 1 :]:
        if not line.strip():
            if out:
                break
            continue
        if HEADING.match(line) or ITEM.match(line):
            break
        out.append(line.strip())
    return " ".join(out)


def sentences(text: str) -> int:
    return len([s for s in SENTENCE.split(text.strip()) if s.strip()])


def words(text: str) -> int:
    return len(WORD.findall(text))


def notice_days(notice: Notice, answer: str) -> int | None:
    """The days from the announcement's date to the sunset's, each the first date on the first line holding its
    label."""
    announced, sunset = (date_in(line_with(answer, label)) for label in notice.dated)
    return (sunset - announced).days if announced and sunset else None


def tried_first(answer: str) -> bool:
    """The first step that tries the change out comes before the first that makes it in production."""
    steps = [line for line in answer.splitlines() if STEP.match(line)]
    trial = next((at for at, line in enumerate(steps) if TRIAL.search(line)), None)
    live = next((at for at, line in enumerate(steps) if LIVE.search(line)), None)
    return trial is not None and live is not None and trial < live


WORDINGS = {
    "replacement": ("Names the replacement, {replacement}", "Tells readers to move to {replacement}"),
    "sunset": (
        "Leaves at least {days} days between the announcement and the sunset date",
        "Gives readers {days} days' notice or more before the removal",
    ),
    "steps": ("Gives exactly {n} migration steps", "Its migration list has {n} numbered steps, no more and no fewer"),
    "order": (
        "Has readers try the change in a test environment before production",
        "The step that tests the migration comes before the production step",
    ),
    "no_extension": (
        "Does not suggest the sunset date might move",
        "Never hints that the removal date could be extended",
    ),
    "name": ("Writes {thing} the same way every time", "Refers to {thing} by one consistent name"),
    "why": ("Explains why the change is being made", "Gives the reasons behind the deprecation"),
    "summary": ("Its summary is no longer than two sentences", "Keeps the summary to one or two sentences"),
    "contact": (
        "Gives an email address or link where readers can ask questions",
        "Tells readers where to send questions, with an address or a link",
    ),
}
"""Two wordings of each kind of criterion, filled from the notice."""


def truths(notice: Notice, answer: str) -> dict[str, bool]:
    days = notice_days(notice, answer)
    spellings = re.findall(notice.spelling[1], answer)
    summary = labelled(answer, notice.labels[0])
    return {
        "replacement": notice.replacement in answer,
        "sunset": days is not None and days >= notice.counts[0],
        "steps": sum(1 for line in answer.splitlines() if STEP.match(line)) == notice.counts[1],
        "order": tried_first(answer),
        "no_extension": MAY_MOVE.search(answer) is None,
        "name": len(spellings) >= 2 and all(s == notice.spelling[0] for s in spellings),
        "why": words(labelled(answer, notice.labels[1])) >= 12,
        "summary": bool(summary) and sentences(summary) <= 2,
        "contact": any(HELP.search(line) and ADDRESS.search(line) for line in answer.splitlines()),
    }


def candidates(rng: random.Random, notice: Notice, answer: str) -> list[Criterion]:
    values = {"replacement": notice.replacement, "days": notice.counts[0], "n": notice.counts[1], "thing": notice.name}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(notice, answer).items()
    ]


SWITCHES = ("replacement", "sunset", "steps", "order", "no_extension", "name", "why", "summary", "contact")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, NOTICES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

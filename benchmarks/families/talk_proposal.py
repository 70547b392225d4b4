"""Talk proposal family (fresh28): a conference talk proposal for the talk a task describes (a Python
talk on money and floating point, a DevOps talk on alert budgets, a mapping talk on self-hosted vector
tiles, a civic-tech talk on plain-English forms), with its title, speaker, preferred slot, an abstract
for blind review, why the talk matters, an outline timed in minutes with its total and the share of
the questions, its takeaways and the speaker's bio, a kind of answer no grader was run on while any of
its rules was written. Run only as `--set fresh28`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the proposal (sections under Markdown headings, bold labels, capital `LABEL:` lines in a
fenced block or plain `Label:` lines; the outline as bullets, a table, plain lines or a numbered list),
written right and then changed by switches: an abstract within the task's words or a paragraph more, the
task's number of takeaways or one more, one spelling of the speaker's surname or a slip in the bio, an
abstract that names neither the speaker nor the employer or one that names them, a section on why the
talk matters in substance or an empty one, outline minutes that add up to the stated total or one part
off, the questions' percentage of the total right or not, the live demos counted in words as the outline
has them or one more, and a preferred slot as long as the task's or five minutes longer. Every truth is
read from the text: the sections by their headings, the outline's parts by their `N min`, the total by
its line, the percentage from the line that gives the questions' share, the demos by the parts that name
one, the slot by its two times of day (`clocks`), the surname's spellings by likeness.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    clocks,
    line_with,
    pick_wording,
    section,
    slipped,
    spellings,
    switched_cases,
)

FAMILY = "talk_proposal"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
ITEM = re.compile(r"^\s*(?:[-*•]|\d+[.)])\s+")
WORD = re.compile(r"[A-Za-z0-9][\w'’-]*")
MINUTES = re.compile(r"(\d+)\s*min")
PERCENT = re.compile(r"(\d+(?:\.(\d+))?)\s*%")
QUESTIONS = re.compile(r"q\s*&\s*a|question", re.I)
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
DEMOS = re.compile(rf"\b({'|'.join(NUMBER_WORDS)})\s+(?:(?:live|short)\s+)?demos?\b", re.I)


@dataclass(frozen=True)
class Proposal:
    task: str
    text: str
    """The answer written right."""
    name: str
    """The speaker, as the criteria name them."""
    surname: str
    employer: str
    limit: int
    """The most words the abstract may have."""
    takeaways: int
    slot: int
    """The slot's length in minutes."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


MONEY_WHY = 'Most Python developers touch prices or fees at some point, and the usual advice ("never use floats for money") stops short of saying what to do instead. This talk fills that gap with working code to copy.'
ALERTS_WHY = "Small teams burn out on noisy paging long before they can afford a dedicated reliability group, and most alerting advice is written for companies with hundreds of engineers."
TILES_WHY = "Community groups and small charities want maps of their own, and the hosted services price them out. The tools to host vector tiles cheaply now exist, but few people know how to put them together."
FORMS_WHY = "Public services lose people at the form, not at the front door. Plain English is cheap, and its effect can be measured with the analytics a council already has."

MONEY = f"""# Counting money without floating-point tears

**Speaker:** Amara Okonkwo
**Format:** 30-minute talk with two live demos
**Preferred slot:** 11:30–12:00

## Abstract

Every team that handles money meets the same bug sooner or later: a total that is off by a penny. In our team, that penny turned into a week of reconciliation work. This talk shows where binary floating point goes wrong with prices, taxes and currency conversion, and how the decimal module fixes it when it is used with care. We will build a small invoice calculator, break it with floats, mend it with Decimal and one rounding policy, and let property-based tests hunt for the cases we forgot.

## Why this talk

{MONEY_WHY}

## Outline

- Introduction and the penny bug (3 min)
- Why floats fail on money (6 min)
- Demo: an invoice calculator with Decimal (8 min)
- Demo: property-based tests with Hypothesis (7 min)
- Q&A (6 min, 20% of the slot)
- **Total: 30 min**

## Takeaways

- Store and compute money as Decimal or as integer pence, never as float.
- Pick one rounding rule and apply it in one place.
- Property-based tests find the rounding cases you did not think of.

## Bio

Amara Okonkwo is a backend engineer at Ledgerly, where she works on billing and payouts. Okonkwo has spoken at PyData London and writes about testing on her blog."""

ALERTS = f"""**Title:** Paging less: alert budgets for small on-call teams
**Speaker:** Priya Raghunathan
**Session:** 25-minute talk, one live demo
**Preferred slot:** 2:15 pm–2:40 pm

**Abstract**
A five-person on-call rotation cannot survive three hundred pages a month, yet that is where we started. We set every team a monthly alert budget, deleted the alerts nobody acted on, and turned the rest into tickets or dashboards. Pages fell by four fifths in one quarter and nobody missed an outage. This talk walks through the audit, the budget and the arguments it caused.

**Why it matters**
{ALERTS_WHY}

**Outline**
| Part | Time | Note |
|---|---|---|
| The 300-page month | 2 min | |
| Auditing every alert | 6 min | |
| Demo: an alert budget in Grafana | 8 min | live |
| What changed after a quarter | 5 min | |
| Q&A | 4 min | 16% of the session |
| **Total** | **25 min** | |

**Takeaways**
Count pages per person, not alerts per service.
Every alert needs an owner and an action.
A budget makes deleting alerts a routine decision.
Tickets and dashboards can replace most pages.

**Bio**
Priya Raghunathan leads the platform team at Northwind Health. Raghunathan has run on-call rotations for eight years and still carries the pager one week in five."""

TILES = f"""Here is the proposal as plain text, ready to paste into the call for papers form:

```text
TITLE: Maps on a shoestring: self-hosting vector tiles
SPEAKER: Tomás Ferreira
FORMAT: 40-minute talk including two live demos
PREFERRED SLOT: 09:20-10:00

ABSTRACT:
Hosted map services are easy until the bill arrives. For a small walking charity, the author moved a regional trail map from a paid tile service to vector tiles served from one cheap virtual machine. This talk shows the whole path: cutting tiles from OpenStreetMap extracts, styling them, serving them over HTTPS and caching them well. It ends with the monthly costs before and after, and with the mistakes that cost a weekend each.

WHY THIS TALK:
{TILES_WHY}

OUTLINE:
Welcome and the problem - 4 min
Vector tiles explained - 8 min
Demo: cutting tiles from OpenStreetMap - 9 min
Demo: serving them with Caddy - 5 min
What it costs to run - 4 min
Questions and answers - 10 min (25%)
Total - 40 min

TAKEAWAYS:
1. A whole region's tiles fit in a single file on a small server.
2. Caching headers matter more than server size.
3. Style once and reuse the style in every map.

BIO:
Tomás Ferreira maps walking trails for Cartografia Labs. Ferreira has contributed to OpenStreetMap since 2012 and runs a monthly mapping evening.
```"""

FORMS = f"""Title: Forms people finish: plain English at a county council
Speaker: Kerry-Ann Whitfield
Length: 20 minutes, with three short demos
Preferred slot: 4:10 pm to 4:30 pm

Abstract:
A housing benefit form lost half its users on page two. Rewriting it in plain English, with one question a page, doubled the share who finished it. This talk shows what changed and how it was tested.

Why it matters:
{FORMS_WHY}

Outline:
1. Where people gave up - 2 min
2. Demo: the old form - 3 min
3. Demo: the rewrite - 5 min
4. Demo: testing with residents - 4 min
5. The results - 3 min
6. Q&A - 3 min (15% of the talk)
Total: 20 min

Takeaways:
1. Ask one question a page.
2. Test every form with the people who have to fill it in.

Bio:
Kerry-Ann Whitfield is a content designer at Brightwater Council. Whitfield has rewritten more than forty council forms and teaches plain English to new staff."""

MONEY_WORDS = "hunt for the cases we forgot. Along the way we will look at how three open-source accounting libraries handle the same problem, compare their rounding defaults, and discuss what happens when a payment provider's API sends amounts as JSON numbers rather than as strings, which it will, and how to explain all of this to a finance team that has seen it before."
MONEY_TAKEAWAYS = "you did not think of.\n- Log every rounding step so that finance can audit it.\n"
ALERTS_WORDS = "the arguments it caused. It also covers the alerts we kept, the two we later brought back after a near miss, how we reported the budget to managers every month, and the small scripts that count pages per person from the paging tool's export, so that any team can run the same audit on its own rotation next week."
TILES_WORDS = "cost a weekend each. There will be time for the questions people always ask: how to keep the tiles up to date when the map changes, how to add contour lines and hill shading, what to do when a school or a council wants to embed the map, and whether any of this works offline on a phone in the hills. Every command shown will be in a repository that people can clone and run on the day."
FORMS_WORDS = "how it was tested. It covers the words that confused people most, the questions that were dropped altogether, the arguments with the legal team about each of them, and the small changes to buttons and error messages that made the biggest difference of all."

PROPOSALS = (
    Proposal(
        "Write my talk proposal for PyCon UK: 'Counting money without floating-point tears', a 30-minute slot (I'd like 11:30 to 12:00). I'm Amara Okonkwo, backend engineer at Ledgerly. The abstract must be anonymous for blind review (no name, no employer) and at most 120 words. Include why the talk matters, an outline with minutes for each part adding up to 30 with Q&A's share as a percentage, my two live demos, exactly three takeaways, and a short bio.",
        MONEY,
        "Amara Okonkwo",
        "Okonkwo",
        "Ledgerly",
        120,
        3,
        30,
        (
            ("words", "hunt for the cases we forgot.", MONEY_WORDS),
            ("takeaways", "you did not think of.\n", MONEY_TAKEAWAYS),
            ("name", "Okonkwo has spoken", "Okonkow has spoken"),
            ("anonymous", "In our team, that penny", "At Ledgerly, that penny"),
            ("why", MONEY_WHY, "TBD"),
            ("total", "(7 min)", "(9 min)"),
            ("share", "20% of the slot", "25% of the slot"),
            ("demos", "two live demos", "three live demos"),
            ("slot", "11:30–12:00", "11:30–12:05"),
        ),
    ),
    Proposal(
        "Proposal for DevOpsDays, please: 'Paging less: alert budgets for small on-call teams', 25 minutes, preferably 2:15 to 2:40 pm. Speaker Priya Raghunathan (platform lead, Northwind Health). Abstract of at most 100 words and anonymous, so don't name me or Northwind. Say why it matters, give a timed outline with a total and the Q&A's percentage, mention my one live demo, list exactly four takeaways and add a two-line bio.",
        ALERTS,
        "Priya Raghunathan",
        "Raghunathan",
        "Northwind",
        100,
        4,
        25,
        (
            ("words", "the arguments it caused.", ALERTS_WORDS),
            ("takeaways", "replace most pages.\n", "replace most pages.\nReview the budget every quarter.\n"),
            ("name", "Raghunathan has run", "Ragunathan has run"),
            ("anonymous", "that is where we started.", "that is where Northwind Health started."),
            ("why", ALERTS_WHY, ""),
            ("total", "| 5 min |", "| 6 min |"),
            ("share", "16% of the session", "18% of the session"),
            ("demos", "one live demo", "two live demos"),
            ("slot", "2:40 pm", "2:45 pm"),
        ),
    ),
    Proposal(
        "Can you write my State of the Map talk proposal? 'Maps on a shoestring: self-hosting vector tiles', a 40-minute slot (09:20-10:00 if possible), two live demos. I'm Tomás Ferreira of Cartografia Labs. The abstract is reviewed blind: no name or organisation, 100 words at most. Plain text for the CFP form: why the talk, an outline with minutes and a total, the share of time for questions as a percentage, three takeaways and a bio.",
        TILES,
        "Tomás Ferreira",
        "Ferreira",
        "Cartografia",
        100,
        3,
        40,
        (
            ("words", "cost a weekend each.", TILES_WORDS),
            ("takeaways", "in every map.\n", "in every map.\n4. Keep the raw extracts so that tiles can be rebuilt.\n"),
            ("name", "Ferreira has contributed", "Ferriera has contributed"),
            ("anonymous", "the author moved", "Cartografia Labs moved"),
            ("why", TILES_WHY, "See abstract."),
            ("total", "Vector tiles explained - 8 min", "Vector tiles explained - 10 min"),
            ("share", "10 min (25%)", "10 min (20%)"),
            ("demos", "two live demos", "three live demos"),
            ("slot", "09:20-10:00", "09:20-10:05"),
        ),
    ),
    Proposal(
        "Draft a proposal for a 20-minute talk at the Public Service Design meetup: 'Forms people finish: plain English at a county council', ideally 4:10 to 4:30 pm. I'm Kerry-Ann Whitfield, content designer at Brightwater Council. Keep the abstract to 60 words at most and anonymous (no name, no employer). Plain lines, no Markdown. Include why it matters, an outline with minutes adding up to 20 and the Q&A's share in percent, my three short demos, exactly two takeaways, and a bio.",
        FORMS,
        "Kerry-Ann Whitfield",
        "Whitfield",
        "Brightwater",
        60,
        2,
        20,
        (
            ("words", "how it was tested.", FORMS_WORDS),
            ("takeaways", "have to fill it in.\n", "have to fill it in.\n3. Cut every question that nobody uses.\n"),
            ("name", "Whitfield has rewritten", "Whitfeild has rewritten"),
            ("anonymous", "This talk shows what changed", "Brightwater Council will show what changed"),
            ("why", FORMS_WHY, "-"),
            ("total", "The results - 3 min", "The results - 4 min"),
            ("share", "(15% of the talk)", "(12% of the talk)"),
            ("demos", "three short demos", "four short demos"),
            ("slot", "4:30 pm", "4:35 pm"),
        ),
    ),
)


def build(proposal: Proposal, on: dict[str, bool]) -> str:
    return slipped(proposal.text, proposal.slips, on, proposal.name)


# Reading a proposal -----------------------------------------------------------------------------


def words(text: str) -> int:
    """The runs of letters and digits (with apostrophes and hyphens inside) in `text`."""
    return len(WORD.findall(text))


def items(lines: list[str]) -> list[str]:
    """The bulleted or numbered lines, or every line when none is."""
    marked = [line for line in lines if ITEM.match(line)]
    return marked or lines


def outline(answer: str) -> tuple[list[str], int | None]:
    """The outline's timed parts (lines with `N min`, the total left out) and its stated total."""
    lines = section(answer, r"outline|structure|plan") or []
    parts = [line for line in lines if MINUTES.search(line) and "total" not in line.lower()]
    total = next((int(m.group(1)) for line in lines if "total" in line.lower() and (m := MINUTES.search(line))), None)
    return parts, total


def share_right(answer: str) -> bool:
    """The questions' percentage, on the first line that gives one, is their minutes over the stated total."""
    parts, total = outline(answer)
    line = next((s for s in answer.splitlines() if PERCENT.search(s) and QUESTIONS.search(s)), "")
    asked = next((int(m.group(1)) for part in parts if QUESTIONS.search(part) and (m := MINUTES.search(part))), None)
    stated = PERCENT.search(line)
    if not total or asked is None or stated is None:
        return False
    return abs(float(stated.group(1)) - 100 * asked / total) <= 0.5 * 10 ** -len(stated.group(2) or "") + 1e-9


def slot_minutes(answer: str) -> int | None:
    times = clocks(line_with(answer, "preferred"))
    return times[1] - times[0] if len(times) >= 2 else None


WORDINGS = {
    "words": ("The abstract is no longer than {limit} words", "Keeps the abstract to {limit} words or fewer"),
    "takeaways": ("Lists exactly {n} takeaways", "Gives {n} takeaways for the audience, no more and no fewer"),
    "name": (
        "Spells the speaker's surname {surname} the same way throughout",
        "{surname} is written one way every time it appears",
    ),
    "anonymous": (
        "The abstract names neither the speaker nor {employer}",
        "Keeps the abstract anonymous: no speaker name and no mention of {employer}",
    ),
    "why": (
        "Has a section on why the talk matters that says something of substance",
        "Explains why the talk matters, not just a heading for it",
    ),
    "total": (
        "The outline's minutes add up to the total it states",
        "The timed parts of the outline sum to the stated total",
    ),
    "share": (
        "The percentage it gives for Q&A matches the Q&A minutes out of the total",
        "Q&A's stated share of the talk is the right percentage of the total time",
    ),
    "demos": (
        "The number of demos it states in words matches the demos in the outline",
        "Says how many demos there are, and the outline has that many",
    ),
    "slot": (
        "The preferred slot's start and end times are {slot} minutes apart",
        "Its preferred time slot lasts exactly {slot} minutes",
    ),
}
"""Two wordings of each kind of criterion, filled from the proposal."""


def truths(proposal: Proposal, answer: str) -> dict[str, bool]:
    abstract = " ".join(section(answer, r"abstract") or [])
    parts, total = outline(answer)
    demos = DEMOS.search(answer)
    why = section(answer, r"why|matters")
    named = "|".join(re.escape(n) for n in (*proposal.name.split(), proposal.employer))
    return {
        "words": 0 < words(abstract) <= proposal.limit,
        "takeaways": len(items(section(answer, r"takeaway") or [])) == proposal.takeaways,
        "name": spellings(answer, proposal.surname) == {proposal.surname.lower()},
        "anonymous": bool(abstract) and not re.search(named, abstract, re.I),
        "why": why is not None and words(" ".join(why)) >= 12,
        "total": bool(parts) and total is not None and sum(int(MINUTES.search(p).group(1)) for p in parts) == total,
        "share": share_right(answer),
        "demos": demos is not None
        and NUMBER_WORDS.index(demos.group(1).lower()) == sum("demo" in p.lower() for p in parts),
        "slot": slot_minutes(answer) == proposal.slot,
    }


def candidates(rng: random.Random, proposal: Proposal, answer: str) -> list[Criterion]:
    values = {**vars(proposal), "n": NUMBER_WORDS[proposal.takeaways]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(proposal, answer).items()
    ]


SWITCHES = ("words", "takeaways", "name", "anonymous", "why", "total", "share", "demos", "slot")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, PROPOSALS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

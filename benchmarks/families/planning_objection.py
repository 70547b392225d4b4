"""Planning objection family (fresh36): the letter a neighbour asks for to object to a planning application (a
two-storey rear extension, a garden room, a block of flats on a garden plot, a first-floor side extension), with the
application's reference, when the notice went up and comments close, the grounds of objection, what the council is asked
to do and the photographs enclosed, a kind of answer no grader was run on while any of its rules was written. Run only
as `--set fresh36`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the letter (Markdown headings, bold labels with bullets, plain `Label:` lines with numbered lists, or `###`
headings under a key-facts table), written right and then changed by switches. Every truth is read from the text: the
reference, the applicant's name and the request to refuse by the characters that write them, the sections by their
headings, the grounds and the photographs as the list items of their sections, the length in words, the notice's and the
closing dates as the first date after the words naming each, the share of the plot from the first line writing two areas
and a percentage, and the photographs' count from the first count before "photographs".
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import timedelta

from benchmarks.labelled import (
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    date_after,
    heading_order,
    listed,
    number_in,
    pick_wording,
    section,
    slipped,
    swap_spans,
    switched_cases,
    word_count,
)

FAMILY = "planning_objection"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
REFERENCE = re.compile(r"\b\d{2}/\d{3,6}/[A-Z]{3}\b")
REFUSE = re.compile(r"\brefus(?:e|ed|al)\b", re.I)
GROUNDS = r"grounds|why i object"
REQUEST = r"request|conclusion|what i ask"
ENCLOSED = r"enclos"
NOTICE = re.compile(r"\bnotice\b|letter dated", re.I)
CLOSE = re.compile(r"\bclose\b|closing date", re.I)
CONSULTATION_DAYS = 21
AREA = r"(\d+(?:\.\d+)?)\s*(?:m²|m2|square metres)"
SHARE = re.compile(rf"{AREA}[^%\n]*?{AREA}[^%\n]*?(\d+(?:\.\d+)?)\s*%")
SAY_COUNT = rf"\d+|{'|'.join(NUMBER_WORDS)}"
PHOTOGRAPHS = re.compile(rf"\b({SAY_COUNT})\s+photographs\b", re.I)


@dataclass(frozen=True)
class Objection:
    name: str
    """The site."""
    task: str
    text: str
    """The answer written right."""
    reference: str
    applicant: str
    """The application's reference and the applicant's surname, which the letter leaves out."""
    grounds: int
    limit: int
    """The grounds, as a list, and the letter's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


ORCHARD = """# Objection to planning application 26/00412/FUL

**From:** Helen Sutton, 14 Orchard Way, Didsbury, Manchester M20 2LB
**To:** Planning Services, Manchester City Council
**Date:** 20 March 2026
**Site:** 12 Orchard Way, Didsbury

The site notice went up on 6 March 2026, so comments close on 27 March 2026. I write in time to object to the two-storey rear extension proposed at number 12.

## Grounds of objection
1. Loss of light: the extension would block the afternoon sun from my kitchen and patio.
2. Overlooking: the new first-floor window would look straight into my garden and back bedroom.
3. Overdevelopment: the extension would cover 24 m² of the 64 m² rear garden (37.5%), far more than any other on the street.
4. Parking: the plans add a bedroom but no parking space, on a road that is already full in the evenings.

## My request
I ask the council to refuse the application.

## Enclosures
I enclose three photographs taken from my garden.
- the view from my kitchen window
- the patio in the afternoon in March
- the line of the proposed extension, marked with canes

Yours faithfully,
Helen Sutton
"""

BEECH = """**Objection to application 26/01877/HOU: 9 Beech Grove, Harrogate**

**From:** Dr Anil Mehta, 11 Beech Grove, Harrogate HG2 0LS
**To:** Harrogate planning department
**Date:** 2 June 2026

I received the council's neighbour letter dated 18 May 2026, which says comments close on 8 June 2026. I object to the proposed garden room and home office at number 9.

**Grounds**
- Scale: the building would take up 30 m² of the 75 m² back garden (40%).
- Noise: the plans show it used as a music studio, two metres from my boundary fence.
- Drainage: my garden already floods after heavy rain, and the new roof would send more water my way.

**Conclusion**
For these reasons I ask that the application be refused.

**Enclosed**
Two photographs are enclosed, listed below.
- my lawn under water in January
- the boundary fence where the studio would stand

Yours faithfully,
Anil Mehta
"""

MILL = """OBJECTION TO PLANNING APPLICATION

Application: 26/02240/FUL
Site: land behind 3 to 7 Mill Street, Kendal
Proposal: four flats in a three-storey block
From: Mrs Joan Whitworth, 5 Mill Street, Kendal LA9 4QD
Date: 30 June 2026
Neighbour notice dated: 19 June 2026
Comments close: 10 July 2026

I object to this application for the reasons below.

Grounds of objection:
1. Height: at three storeys the block would tower over the two-storey cottages around it.
2. Overdevelopment: the block and its car park would cover 310 m² of the 520 m² plot (59.6%).
3. Privacy: balconies on the second floor would look into six back gardens.
4. Traffic: Mill Street is a single-track lane with no pavement, and the plans add eight parking spaces.
5. Trees: two old sycamores on the plot would be felled.

What I ask:
I ask the planning committee to refuse this application.

Enclosed:
I enclose four photographs, listed below.
1. the lane at school pick-up time
2. the sycamores from my garden
3. the plot from my back bedroom
4. the rear walls of the cottages

Yours faithfully,
Joan Whitworth
"""

LINDEN = """### Objection: first-floor side extension at 27 Linden Avenue

| Application | |
|---|---|
| Reference | 26/03105/HOU |
| Site | 27 Linden Avenue, Reading |
| Site notice posted | 10 August 2026 |
| Comments close | 31 August 2026 |
| Objector | Mr Chris Adair, 29 Linden Avenue, Reading RG4 7HP |

I object to this application for the reasons below.

### Why I object
- The extension would bring a blank two-storey wall to within a metre of my side windows, the only windows onto my hall and stairs.
- With the rear extension built in 2019, the house would cover 118 m² of its 190 m² plot (62.1%).
- It would fill the gap between numbers 27 and 29, which gives the avenue its open character.

### Request to the council
Please refuse permission.

### Enclosed
Two photographs are enclosed, listed below.
- my side windows from the hall
- the gap between the houses from the street

Chris Adair
"""

DETAIL = (
    "\n\nI have lived here for over twenty years and have always got on well with my neighbours. I am not against"
    " people improving their homes, and I did not object when the loft next door was converted. I have also spoken"
    " to several other neighbours on the street, who share my worries and may write separately. I hope the council"
    " will visit before it decides, so that it can see for itself how near the houses are to each other. I would be"
    " glad to show an officer the view from my own windows at any time that suits them, and I can be reached by"
    " email or by telephone during the day. Thank you for taking the time to read this letter."
)

OBJECTIONS = (
    Objection(
        "Orchard Way",
        "Help me write an objection to planning application 26/00412/FUL (Mr Dunmore's two-storey rear extension at "
        "12 Orchard Way, Didsbury). I'm Helen Sutton at number 14. The site notice went up on 6 March 2026 and "
        "comments close 21 days later; say when. Markdown, four numbered grounds: loss of light, overlooking, "
        "overdevelopment (24 m² of a 64 m² garden, as a percentage), parking. Grounds before my request, which is "
        "that they refuse it. Then the three photos I'm enclosing, listed. Keep it under 230 words and don't "
        "make it personal: leave his name out.",
        ORCHARD,
        "26/00412/FUL",
        "Dunmore",
        4,
        230,
        (
            swap_spans(ORCHARD, "## Grounds of objection", "## My request", "## Enclosures"),
            ("reference", "26/00412/FUL", "26/0412/FUL"),
            (
                "no_applicant",
                "my garden and back bedroom.",
                "my garden and back bedroom. Mr Dunmore has ignored every concern I raised with him.",
            ),
            ("refuse", "I ask the council to refuse the application.", "I ask the council to think again."),
            (
                "grounds",
                "4. Parking: the plans add a bedroom but no parking space, on a road that is already full "
                "in the evenings.\n",
                "",
            ),
            ("length", "proposed at number 12.", "proposed at number 12." + DETAIL),
            ("deadline", "comments close on 27 March 2026", "comments close on 3 April 2026"),
            ("share", "(37.5%)", "(35%)"),
            ("photographs", "three photographs", "four photographs"),
        ),
    ),
    Objection(
        "Beech Grove",
        "Please draft my objection to application 26/01877/HOU, a garden room and music studio Mrs Kaye wants to build "
        "at 9 Beech Grove, Harrogate. I'm Dr Anil Mehta at number 11. The council's letter is dated 18 May 2026 and "
        "gives 21 days for comments: put in the closing date. Bold headings and bullets. Three grounds: scale (30 m² "
        "of a 75 m² garden, give the percentage), noise, drainage. The grounds first, then a conclusion asking them "
        "to refuse it, then the two photographs I'm enclosing. Under 180 words, and please don't name the applicant.",
        BEECH,
        "26/01877/HOU",
        "Kaye",
        3,
        180,
        (
            swap_spans(BEECH, "**Grounds**", "**Conclusion**", "**Enclosed**"),
            ("reference", "26/01877/HOU", "26/01787/HOU"),
            (
                "no_applicant",
                "two metres from my boundary fence.",
                "two metres from my boundary fence. Mrs Kaye told me she means to rehearse there most evenings.",
            ),
            (
                "refuse",
                "For these reasons I ask that the application be refused.",
                "For these reasons I ask the council to look at it again.",
            ),
            (
                "grounds",
                "- Drainage: my garden already floods after heavy rain, and the new roof would send more "
                "water my way.\n",
                "",
            ),
            ("length", "home office at number 9.", "home office at number 9." + DETAIL),
            ("deadline", "comments close on 8 June 2026", "comments close on 9 June 2026"),
            ("share", "(40%)", "(45%)"),
            ("photographs", "Two photographs are", "Three photographs are"),
        ),
    ),
    Objection(
        "Mill Street",
        "Plain text, no Markdown (Label: lines and numbered lists): an objection from Mrs Joan Whitworth, 5 Mill "
        "Street, Kendal, to application 26/02240/FUL by Mr Fenwick for four flats behind 3 to 7 Mill Street. The "
        "neighbour notice is dated 19 June 2026; comments close 21 days on, give the date. Five grounds, numbered: "
        "height, overdevelopment (310 m² of a 520 m² plot, with the percentage), privacy, traffic, trees. Grounds "
        "before what I ask, which is refusal. I'm enclosing four photographs; list them. At most 240 words, and keep "
        "it impersonal: no naming the developer.",
        MILL,
        "26/02240/FUL",
        "Fenwick",
        5,
        240,
        (
            swap_spans(MILL, "Grounds of objection:", "What I ask:", "Enclosed:"),
            ("reference", "26/02240/FUL", "26/02204/FUL"),
            (
                "no_applicant",
                "six back gardens.",
                "six back gardens. Mr Fenwick clearly does not care about his neighbours.",
            ),
            (
                "refuse",
                "I ask the planning committee to refuse this application.",
                "I ask the planning committee to consider these points carefully.",
            ),
            ("grounds", "5. Trees: two old sycamores on the plot would be felled.\n", ""),
            ("length", "for the reasons below.", "for the reasons below." + DETAIL),
            ("deadline", "Comments close: 10 July 2026", "Comments close: 3 July 2026"),
            ("share", "(59.6%)", "(64.6%)"),
            ("photographs", "four photographs", "five photographs"),
        ),
    ),
    Objection(
        "Linden Avenue",
        "Write my objection to 26/03105/HOU, Mr Lawson's first-floor side extension at 27 Linden Avenue, Reading; "
        "I'm Chris Adair at 29. ### headings and a table of the application's details first, with the site notice "
        "date (10 August 2026) and the date comments close, 21 days later. Three bullet-point grounds: the blank wall "
        "by my side windows, overdevelopment (118 m² of the 190 m² plot, as a percentage), the lost gap between the "
        "houses. Grounds, then my request to refuse, then the two photographs enclosed. Under 200 words, and no "
        "mention of the applicant by name.",
        LINDEN,
        "26/03105/HOU",
        "Lawson",
        3,
        200,
        (
            swap_spans(LINDEN, "### Why I object", "### Request to the council", "### Enclosed"),
            ("reference", "| 26/03105/HOU |", "| 26/3105/HOU |"),
            (
                "no_applicant",
                "onto my hall and stairs.",
                "onto my hall and stairs. Mr Lawson did not discuss the plans with me before applying.",
            ),
            ("refuse", "Please refuse permission.", "Please take my concerns into account."),
            (
                "grounds",
                "- It would fill the gap between numbers 27 and 29, which gives the avenue its open character.\n",
                "",
            ),
            ("length", "for the reasons below.", "for the reasons below." + DETAIL),
            ("deadline", "| Comments close | 31 August 2026 |", "| Comments close | 7 September 2026 |"),
            ("share", "(62.1%)", "(61.2%)"),
            ("photographs", "Two photographs are", "Three photographs are"),
        ),
    ),
)


def build(objection: Objection, on: dict[str, bool]) -> str:
    return slipped(objection.text, objection.slips, on, objection.name)


# Reading a letter -------------------------------------------------------------------------------


def deadline_right(answer: str) -> bool:
    """Whether comments close 21 days after the notice's date."""
    notice, close = date_after(answer, NOTICE), date_after(answer, CLOSE)
    return notice is not None and close is not None and close - notice == timedelta(days=CONSULTATION_DAYS)


def share_right(answer: str) -> bool:
    """On the first line writing two areas and a percentage: the first area over the second, to the percentage's
    last written digit."""
    found = SHARE.search(answer)
    if found is None or not float(found.group(2)):
        return False
    places = len(found.group(3).partition(".")[2])
    return abs(100 * float(found.group(1)) / float(found.group(2)) - float(found.group(3))) <= 0.5 * 10**-places + 1e-9


def photographs_right(answer: str) -> bool:
    """Whether the first count before "photographs" is the number of items listed under the enclosures."""
    stated = PHOTOGRAPHS.search(answer)
    return stated is not None and number_in(stated.group(1)) == len(listed(section(answer, ENCLOSED) or []))


def reference_right(answer: str, reference: str) -> bool:
    """Whether the answer writes an application reference and every one it writes is `reference`."""
    written = REFERENCE.findall(answer)
    return bool(written) and set(written) == {reference}


WORDINGS = {
    "reference": (
        "Quotes the application reference exactly as {reference}",
        "Gives the correct application number, {reference}",
    ),
    "no_applicant": (
        "Does not mention the applicant by name",
        "Keeps the objection impersonal, never naming the applicant",
    ),
    "refuse": ("Asks the council to refuse the application", "Clearly requests that planning permission be refused"),
    "order": (
        "Sets out the grounds of objection before the request to the council",
        "The grounds come before the conclusion",
    ),
    "grounds": (
        "Gives exactly {grounds} grounds of objection as a list",
        "Lists {grounds} separate grounds for objecting",
    ),
    "length": ("Keeps the letter under {limit} words", "The whole letter is no longer than {limit} words"),
    "deadline": (
        "The closing date for comments is 21 days after the date of the notice",
        "Works out the consultation's closing date correctly as 21 days after the notice",
    ),
    "share": (
        "The percentage of the plot the building would cover is right for the areas given",
        "Works out correctly what share of the garden or plot would be built on",
    ),
    "photographs": (
        "The number of photographs said to be enclosed matches the list of them",
        "States how many photographs are enclosed, and the count matches the list",
    ),
}
"""Two wordings of each kind of criterion, filled from the letter."""


def truths(objection: Objection, answer: str) -> dict[str, bool]:
    return {
        "reference": reference_right(answer, objection.reference),
        "no_applicant": re.search(rf"\b{objection.applicant}\b", answer, re.I) is None,
        "refuse": REFUSE.search(answer) is not None,
        "order": heading_order(answer, GROUNDS, REQUEST),
        "grounds": len(listed(section(answer, GROUNDS) or [])) == objection.grounds,
        "length": word_count(answer) <= objection.limit,
        "deadline": deadline_right(answer),
        "share": share_right(answer),
        "photographs": photographs_right(answer),
    }


def candidates(rng: random.Random, objection: Objection, answer: str) -> list[Criterion]:
    filled = {"reference": objection.reference, "grounds": NUMBER_WORDS[objection.grounds], "limit": objection.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(objection, answer).items()
    ]


SWITCHES = ("order", "reference", "no_applicant", "refuse", "grounds", "length", "deadline", "share", "photographs")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, OBJECTIONS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

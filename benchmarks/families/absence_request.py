"""Absence request family (fresh37): the letter a parent asks for to request a child's leave of absence in term time
(a family wedding abroad, a national chess championship, a grandmother's 80th birthday, a father's graduation
overseas), with the request, the reason, the dates and school days missed, the day the child is back, the child's
attendance and the work the child will do while away, a kind of answer no grader was run on while any of its rules was
written. Run only as `--set fresh37`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the letter (an email with a bold subject line and bullets, a posted letter with addresses and a numbered
list, a letter with plain `Label:` lines, or an email with a table of the dates), written right and then changed by
switches. Every truth is read from the text: the child's name by its spellings, the words "exceptional" and "holiday"
as written, the first paragraph after the greeting, the list items of the letter, its words, the school days from the
first span of dates against the count stated before "school days", the attendance from the line writing "N of M" and a
percentage, and the return date from the line that says the child is back against the span's last day.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import (
    MONTHS,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    date_after,
    listed,
    number_in,
    pick_wording,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    word_count,
    working_days_after,
)

FAMILY = "absence_request"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
EXCEPTIONAL = re.compile(r"\bexceptional\b", re.I)
HOLIDAY = re.compile(r"\bholidays?\b", re.I)
REQUEST = re.compile(r"leave of absence|permission", re.I)
MONTH = "|".join(MONTHS)
SPAN = re.compile(
    rf"\b(\d{{1,2}})\s+({MONTH})[a-z]*(?:\s+(\d{{4}}))?\s+(?:to|until)\s+(?:[A-Za-z]+day\s+)?"
    rf"(\d{{1,2}})\s+({MONTH})[a-z]*\s+(\d{{4}})",
    re.I,
)
SAY_COUNT = rf"\d+|{'|'.join(NUMBER_WORDS)}"
DAYS = re.compile(rf"\b({SAY_COUNT})\s+school days\b", re.I)
ATTENDED = re.compile(r"\b(\d+)\s+(?:out of|of)\s+(\d+)\b[^%\n]*?(\d+(?:\.\d+)?)%")
BACK = re.compile(r"back in (?:school|class)|\breturn", re.I)


@dataclass(frozen=True)
class Letter:
    name: str
    """The child's first name, as it is spelt."""
    task: str
    text: str
    """The answer written right."""
    items: int
    limit: int
    """The pieces of work asked for, as a list, and the letter's limit in words."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


MATILDA = """**Subject:** Request for leave of absence: Matilda Hargreaves, Year 4 (Willow Class)

Dear Mrs Okoro,

I am writing to ask for a leave of absence for my daughter, Matilda Hargreaves, from Monday 8 June to Friday 12 June 2026. That is five school days, and she would be back in class on Monday 15 June 2026.

My brother is getting married in Kochi, in Kerala, and the celebrations run over several days. Matilda's grandparents, who are too frail to travel to England, will all be there. We know this trip falls in term time, but we believe these are exceptional circumstances: the date was set by the temple and could not be moved.

Matilda has attended 171 of 174 school days so far this year (98.3%). While she is away she will:
- read her class book, The Iron Man, and fill in her reading record
- practise her times tables online for fifteen minutes a day
- keep a diary to share with her class when she is back

I would be grateful if you could consider this request, and I am happy to come in to talk about it.

Yours sincerely,

Anjali Hargreaves
"""

REUBEN = """14 Orchard Rise
Kingsmead
KM4 7TR

Mr P Dawson
Head of Year 8
Kingsmead Academy

2 February 2026

Re: Reuben Castellano, 8R

Dear Mr Dawson,

I would like to ask your permission for my son Reuben to be absent from school from Wednesday 11 March to Friday 13 March 2026, which is three school days. He will be back in school on Monday 16 March 2026.

Reuben has been chosen to play for the county in the national junior chess championship in Glasgow. Only four players in his age group were picked, and the games run from Wednesday to Friday, so I hope you will agree that these are exceptional circumstances. We will travel up on the Tuesday evening, after school.

His attendance this year has been 116 out of 120 days, or 96.7%. His teachers have suggested the work below, which he will do on the train and in the evenings:
1. the maths homework on simultaneous equations
2. chapters five to eight of Of Mice and Men for English
3. revision for his French vocabulary test
4. the geography worksheet on volcanoes

Thank you for considering this.

Yours sincerely,

Elena Castellano
"""

AOIFE = """Dear Mrs Kavanagh,

Please may I request a leave of absence for my daughter Aoife, who is in Year 2 (Robins class), for the dates below.

Aoife's grandmother in Cork turns 80 this autumn, and the whole family is gathering there for her birthday mass and party. My mother has been unwell this year, and it may be the last time the whole family is together with her, so I hope you will see these as exceptional circumstances. The only ferry we could book sails on the Wednesday night.

Child: Aoife Brennan, Year 2, Robins
Dates: Thursday 15 October to Tuesday 20 October 2026
Time off: four school days
Back in school: Wednesday 21 October 2026

Her attendance this term is 33 of 34 days (97.1%). While we are away, Aoife will:
1) read her school reading book every evening
2) practise her spellings for the next test
3) write a short recount of the party for her class

Thank you for considering my request.

Yours sincerely,
Siobhan Brennan
"""

THEODORE = """Subject: Leave of absence request for Theodore Lim (6B)

Dear Mr Adebayo,

I am writing to request a leave of absence for Theodore for the five school days shown below.

His father is receiving his doctorate at the National University of Singapore, and the graduation ceremony is on Saturday 4 July. His grandparents live in Singapore and we have not seen them for three years. We appreciate that this is the end of Year 6, but we hope you will agree that these are exceptional circumstances, as the university sets the date.

| Absence | |
|---|---|
| Child | Theodore Lim, 6B |
| Dates | Wednesday 1 July to Tuesday 7 July 2026 |
| Back in school | Wednesday 8 July 2026 |

Theodore's attendance this year is 181 of 185 days (97.8%). His class teacher has kindly given us some work, and while he is away he will:
- finish his end-of-year project on the Victorians
- read two chapters of his class novel each day
- practise the Year 7 maths transition booklet
- write a travel diary to share with his class

Please let me know if you would like to discuss this.

Kind regards,
Mei Lim
"""

LETTERS = (
    Letter(
        "Matilda",
        "Help me write an email to Mrs Okoro, Matilda's head teacher, asking for leave of absence for Matilda "
        "Hargreaves (Year 4, Willow Class) from Monday 8 June to Friday 12 June 2026 for my brother's wedding in "
        "Kerala. Ask in the first paragraph and say how many school days it is and the date she's back, then the "
        "reason. Schools only agree in exceptional circumstances, so use that phrase, and don't call it a holiday. "
        "Mention her attendance, 171 of 174 days, as a percentage, and list the three things she'll do (class book, "
        "times tables, a diary). Keep it under 220 words and sign it Anjali Hargreaves.",
        MATILDA,
        3,
        220,
        (
            swap_spans(MATILDA, "I am writing to ask", "My brother is getting married", "Matilda has attended"),
            ("name", "Matilda's grandparents", "Mathilda's grandparents"),
            ("exceptional", "we believe these are exceptional circumstances", "we believe this is a special case"),
            ("no_holiday", "We know this trip falls", "We know this holiday falls"),
            ("items", "- keep a diary to share with her class when she is back\n", ""),
            (
                "length",
                "I would be grateful",
                "To give a little more background, we have not all been together as a family for several years, and "
                "we feel very strongly that this may be one of the last chances for the grandparents to see all of "
                "their grandchildren in one place. We have talked it through at home, and we understand how important "
                "it is to catch up on anything that is missed while away from school.\n\nI would be grateful",
            ),
            ("days", "That is five school days", "That is four school days"),
            ("attendance", "(98.3%)", "(98.7%)"),
            ("return", "Monday 15 June 2026", "Tuesday 16 June 2026"),
        ),
    ),
    Letter(
        "Reuben",
        "Please write a letter from me (Elena Castellano, 14 Orchard Rise, Kingsmead KM4 7TR) to Mr Dawson, Head of "
        "Year 8, asking permission for my son Reuben Castellano, 8R, to miss Wednesday 11 to Friday 13 March 2026 for "
        "the national junior chess championship in Glasgow; he's back on the Monday. The request should come first, "
        "with the number of school days and his return date, then the reason: say these are exceptional circumstances "
        "and don't make it sound like a holiday. His attendance is 116 out of 120 days (give the percentage). Number "
        "the four pieces of work his teachers set. No more than 220 words.",
        REUBEN,
        4,
        220,
        (
            swap_spans(REUBEN, "I would like to ask your permission", "Reuben has been chosen", "His attendance"),
            ("name", "Reuben has been chosen", "Ruben has been chosen"),
            (
                "exceptional",
                "agree that these are exceptional circumstances",
                "agree that it is a special case",
            ),
            (
                "no_holiday",
                "on the Tuesday evening, after school.",
                "on the Tuesday evening and make a little holiday of it.",
            ),
            ("items", "4. the geography worksheet on volcanoes\n", ""),
            (
                "length",
                "Thank you for considering this.",
                "To give a little more background, Reuben has worked very hard at his chess for several years, "
                "playing every weekend and travelling to tournaments all over the north, and being picked for the "
                "county team is the result of a great deal of effort. We are very proud of him, and we will make "
                "sure that he catches up on everything he misses.\n\nThank you for considering this.",
            ),
            ("days", "which is three school days", "which is two school days"),
            ("attendance", "or 96.7%", "or 97.6%"),
            ("return", "Monday 16 March 2026", "Tuesday 17 March 2026"),
        ),
    ),
    Letter(
        "Aoife",
        "Can you write a short letter to Mrs Kavanagh asking for a leave of absence for my daughter Aoife Brennan (Year "
        "2, Robins) from Thursday 15 October to Tuesday 20 October 2026, for her grandmother's 80th in Cork? Put the "
        "request in the opening paragraph, then why. Then the details as plain lines: child, dates, how many school "
        "days she misses and when she's back. Say it's exceptional circumstances, and please don't use the word "
        "holiday. Her attendance this term is 33 of 34 days, with the percentage, and a numbered list of three things "
        "she'll do. Under 200 words. From Siobhan Brennan.",
        AOIFE,
        3,
        200,
        (
            swap_spans(AOIFE, "Please may I request", "Aoife's grandmother in Cork", "Child: Aoife"),
            ("name", "Aoife's grandmother in Cork", "Aiofe's grandmother in Cork"),
            (
                "exceptional",
                "so I hope you will see these as exceptional circumstances",
                "so I hope you will see it as a special case",
            ),
            (
                "no_holiday",
                "The only ferry we could book",
                "It will be a lovely family holiday, and the only ferry we could book",
            ),
            ("items", "3) write a short recount of the party for her class\n", ""),
            (
                "length",
                "Thank you for considering my request.",
                "To give a little more background, we have not all been together as a family for several years, and "
                "we feel very strongly that this may be one of the last chances for all the cousins to see their "
                "grandmother in one place. We have talked it through at home, and we understand how important it is "
                "to catch up on anything that is missed while away from school, and we will make sure she does.\n\n"
                "Thank you for considering my request.",
            ),
            ("days", "four school days", "six school days"),
            ("attendance", "(97.1%)", "(96.1%)"),
            ("return", "Wednesday 21 October 2026", "Thursday 22 October 2026"),
        ),
    ),
    Letter(
        "Theodore",
        "Email to Mr Adebayo requesting a leave of absence for Theodore Lim (6B) from Wednesday 1 July to Tuesday 7 "
        "July 2026: his dad's PhD graduation in Singapore. Request first, saying how many school days; then the "
        "reason, calling it exceptional circumstances (but never a holiday); then a small table of the child, dates "
        "and the day he's back in school. Attendance: 181 of 185 days, give the percentage. Bullet the four bits of "
        "work his teacher gave (Victorians project, class novel, Year 7 maths booklet, travel diary). Keep it to 230 "
        "words at most. Sign off Mei Lim.",
        THEODORE,
        4,
        230,
        (
            swap_spans(THEODORE, "I am writing to request", "His father is receiving", "| Absence |"),
            ("name", "Theodore's attendance", "Theodor's attendance"),
            (
                "exceptional",
                "we hope you will agree that these are exceptional circumstances",
                "we hope you will agree that it is a special case",
            ),
            ("no_holiday", "seen them for three years.", "seen them for three years, so it is a family holiday too."),
            ("items", "- practise the Year 7 maths transition booklet\n", ""),
            (
                "length",
                "Please let me know",
                "To give a little more background, we have not all been together as a family for several years, and "
                "we feel very strongly that this may be one of the last chances for the grandparents to see their "
                "grandson before he starts secondary school. We have talked it through at home, and we understand how "
                "important it is to catch up on anything that is missed while away from school. He has also promised to tell his class all about it.\n\nPlease let me know",
            ),
            ("days", "the five school days", "the seven school days"),
            ("attendance", "(97.8%)", "(98.7%)"),
            ("return", "Wednesday 8 July 2026", "Thursday 9 July 2026"),
        ),
    ),
)


def build(letter: Letter, on: dict[str, bool]) -> str:
    return slipped(letter.text, letter.slips, on, letter.name)


# Reading a letter -------------------------------------------------------------------------------


def opening(answer: str) -> str:
    """The first paragraph after the line that starts "Dear"."""
    lines = answer.splitlines()
    start = next((at for at, line in enumerate(lines) if line.startswith("Dear")), len(lines))
    paragraph: list[str] = []
    for line in lines[start + 1 :]:
        if line.strip():
            paragraph.append(line)
        elif paragraph:
            break
    return " ".join(paragraph)


def span(answer: str) -> tuple[date, date] | None:
    """The first and last days of the first span of dates the answer writes (`8 June to 12 June 2026`), or None."""
    found = SPAN.search(answer)
    if found is None:
        return None
    first_day, first_month, first_year, last_day, last_month, last_year = found.groups()
    month = {name: at + 1 for at, name in enumerate(MONTHS)}
    last = date(int(last_year), month[last_month[:3].lower()], int(last_day))
    return date(int(first_year or last_year), month[first_month[:3].lower()], int(first_day)), last


def days_right(answer: str) -> bool:
    """Whether the first count of school days stated is the weekdays of the span, both ends counted."""
    dates, stated = span(answer), DAYS.search(answer)
    if dates is None or stated is None:
        return False
    first, last = dates
    weekdays = sum((first.toordinal() + at) % 7 not in (6, 0) for at in range((last - first).days + 1))
    return number_in(stated.group(1)) == weekdays


def attendance_right(answer: str) -> bool:
    """Whether the first "N of M ... P%" writes P as N over M, to half a unit of its last digit."""
    found = ATTENDED.search(answer)
    if found is None:
        return False
    part, whole, percent = found.groups()
    places = len(percent.partition(".")[2])
    return abs(int(part) / int(whole) * 100 - float(percent)) <= 0.5 * 10**-places + 1e-9


def return_right(answer: str) -> bool:
    """Whether the day the child is back is the first weekday after the span's last day."""
    dates, back = span(answer), date_after(answer, BACK)
    return dates is not None and back == working_days_after(dates[1], 1)


WORDINGS = {
    "name": (
        "Spells the child's name, {name}, correctly every time",
        "Uses one spelling of {name} throughout the letter",
    ),
    "exceptional": (
        "Describes the reason as exceptional circumstances",
        "Uses the phrase 'exceptional circumstances'",
    ),
    "no_holiday": (
        "Does not describe the absence as a holiday",
        "Never uses the word 'holiday'",
    ),
    "order": (
        "Makes the request in the opening paragraph, before giving the reason",
        "The first paragraph asks for the leave of absence",
    ),
    "items": (
        "Lists exactly {items} pieces of work the child will do while away",
        "Gives a list of {items} things the child will do to keep up, no more and no fewer",
    ),
    "length": (
        "Keeps the letter under {limit} words",
        "The whole letter is no more than {limit} words long",
    ),
    "days": (
        "The number of school days missed matches the dates given",
        "States the number of school days missed correctly for the dates",
    ),
    "attendance": (
        "The attendance percentage is correct for the days attended out of the days possible",
        "Works out the attendance percentage correctly",
    ),
    "return": (
        "The return date is the next school day after the absence ends",
        "Gives the correct day the child will be back in school",
    ),
}
"""Two wordings of each kind of criterion, filled from the letter."""


def truths(letter: Letter, answer: str) -> dict[str, bool]:
    return {
        "name": spellings(answer, letter.name) == {letter.name.lower()},
        "exceptional": EXCEPTIONAL.search(answer) is not None,
        "no_holiday": HOLIDAY.search(answer) is None,
        "order": REQUEST.search(opening(answer)) is not None,
        "items": len(listed(answer.splitlines())) == letter.items,
        "length": word_count(answer) <= letter.limit,
        "days": days_right(answer),
        "attendance": attendance_right(answer),
        "return": return_right(answer),
    }


def candidates(rng: random.Random, letter: Letter, answer: str) -> list[Criterion]:
    filled = {"name": letter.name, "items": NUMBER_WORDS[letter.items], "limit": letter.limit}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(letter, answer).items()
    ]


SWITCHES = ("order", "name", "exceptional", "no_holiday", "items", "length", "days", "attendance", "return")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, LETTERS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

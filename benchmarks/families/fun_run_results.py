"""Fun run results family (fresh30): the results sheet a charity fun run's organiser asks for after the
race (a hospice's 5 km in a park, an air ambulance's coastal 10K, a food bank's 3 km on the common, a
children's charity's Santa dash), with the race day, the leading finishers and their times, the winner's
pace, the money raised and a word on the day, a kind of answer no grader was run on while any of its
rules was written. Run only as `--set fresh30`, never in `all`, `new`, `docs`, `held` or an earlier
fresh set.

An answer is the sheet (Markdown headings with the results in a table, bold labels with bullets, plain
`Label:` lines with a numbered list, or `###` headings under a key-facts table), written right and then
changed by switches. Every truth is read from the text: the sections by their headings, the finishers as
the list items or table rows under the results heading that give a time (the last on the row theirs),
the pace from the line with a time per km (the line's first time the winner's, its first `N km` the
distance), the money as the amounts under the money heading other than the total, and the weekday from
every line with a date and a weekday.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import Decimal

from benchmarks.labelled import (
    LIST_ITEM,
    NUMBER_WORDS,
    Criterion,
    JudgeCase,
    heading_order,
    last_money,
    line_with,
    pick_wording,
    section,
    slipped,
    spellings,
    swap_spans,
    switched_cases,
    weekdays_right,
)

FAMILY = "fun_run_results"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
RESULTS = r"results|top \w+|finishers"
FUNDS = r"money raised|fundrais"
THANKS = re.compile(r"\bthank(?:s| you)\b[^.\n]{0,80}?\b(?:marshals?|volunteers?|helpers?)\b", re.I)
AGE = re.compile(r"\baged\s+\d+|\b\d+\s+years?\s+old\b|\bage\s+\d+\b", re.I)
RACE_TIME = re.compile(r"\b(?:(\d{1,2}):)?(\d{1,2}):(\d{2})\b")
PACE = re.compile(r"(\d{1,2}:\d{2})\s*(?:per km|/km|per kilometre)", re.I)
KM = re.compile(r"(\d+(?:\.\d+)?)\s*km\b")
TOTAL = re.compile(r"\btotal\b", re.I)


@dataclass(frozen=True)
class Race:
    name: str
    """The race."""
    task: str
    text: str
    """The answer written right."""
    charity: str
    """The word of the charity's name that is often misspelt, as the sheet spells it."""
    top: int
    """The finishers the results list."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


COLUMBA = """# St Columba's Hospice Fun Run 2026

**Date:** Sunday 19 April 2026, 10:00 start, Victoria Park
**Runners:** 214 started and 211 finished the 5 km course

## Results
| Position | Runner | Club | Time |
|---|---|---|---|
| 1 | Tom Reid | Eastside Harriers | 17:45 |
| 2 | Aisha Bello | unattached | 18:02 |
| 3 | Marcus Lee | Eastside Harriers | 18:40 |
| 4 | Hannah Cole | Parkside Pacers | 19:11 |
| 5 | Joe Whitfield | unattached | 19:38 |
| 6 | Sunita Rao | Valley Striders | 20:05 |
| 7 | Ben Marsh | unattached | 20:26 |
| 8 | Elena Petrova | Valley Striders | 20:59 |
| 9 | Chris Dunn | Eastside Harriers | 21:14 |
| 10 | Amy Lowther | unattached | 21:30 |

## Fastest times
Tom Reid won in 17:45 over the 5 km course, a pace of 3:33 per km. Aisha Bello was the first woman home.

## Money raised
- Entry fees: £2,140.00
- Online sponsorship: £4,385.50
- Bucket collection on the day: £318.75
- Cake stall: £206.40
- **Total raised: £7,050.65**

All of it goes to the day unit at St Columba's Hospice.

## On the day
Thank you to the 36 volunteers and marshals who kept the course safe, and to the park café for the tea. Well done to every runner, including our youngest finisher, Ella Burke, who ran the whole way.
"""

LANYON = """**Lanyon Air Ambulance Coastal 10K, 2026**

**Race day:** Saturday 6 June 2026, 09:30, from Porthmeor Beach car park
**Course:** 10 km of coast path and lanes, 188 finishers

**Top eight**
• 1st – Kieran Pascoe, 36:12
• 2nd – Jenna Rowe, 37:05
• 3rd – Luke Treloar, 37:48
• 4th – Sophie Nance, 38:30
• 5th – Daniel Hicks, 39:02
• 6th – Tamsin Eddy, 39:47
• 7th – Ollie Brewer, 40:15
• 8th – Nadia Karim, 41:03

**Fastest runner**
Kieran Pascoe won in 36:12 on the 10 km course, averaging 3:37 per km.

**Money raised**
• Entry fees: £3,760.00
• Sponsorship: £5,212.30
• Raffle: £448.00
• Total: £9,420.30

Every penny goes to Lanyon Air Ambulance.

**Thanks**
Thank you to our marshals, first aiders and the volunteers at the water station. A special cheer for Alfie Morgan, our youngest runner, who finished alongside his dad.
"""

FAIRHAVEN = """Fairhaven Food Bank Fun Run 2026

Date: Sunday 13 September 2026, 11:00
Course: 3 km around Fairhaven Common
Finishers: 96

Top six:
1. Rhys Morgan - 10:24
2. Grace Adeyemi - 10:51
3. Owen Price - 11:09
4. Lily Chen - 11:30
5. Sam Okoro - 11:47
6. Megan Hughes - 12:02

Fastest:
Rhys Morgan won in 10:24 over 3 km, a pace of 3:28 per km.

Money raised:
Entry fees: £1,152.00
Sponsorship: £2,087.45
Tombola: £163.20
Total: £3,402.65
Every pound goes to Fairhaven Food Bank.

On the day:
Thank you to the volunteers who marshalled the common and ran the water table. The youngest runner to finish was Poppy Hart, who ran with her older brother.
"""

KINGFISHER = """### Kingfisher Children's Trust Santa Dash 2026

| | |
|---|---|
| Date | Sunday 6 December 2026 |
| Start | 10:30, Riverside Walk |
| Distance | 5 km |
| Santas | 402 registered, 389 finished |

### Top seven Santas
| Pos | Name | Time |
|---|---|---|
| 1 | Imran Shah | 16:58 |
| 2 | Rosie Clarke | 17:40 |
| 3 | Tom Baxter | 18:22 |
| 4 | Jade Wilson | 18:57 |
| 5 | Ali Hassan | 19:34 |
| 6 | Becky Lund | 20:10 |
| 7 | Ewan Fraser | 20:45 |

### Fastest Santa
Imran Shah ran 16:58 for the 5 km, or 3:24 per km, in a full Santa suit.

### Money raised
- Entry fees: £4,824.00
- Sponsorship: £6,130.80
- Mulled wine stall: £392.50
- **Total: £11,347.30**

Every penny raised goes to the Kingfisher Children's Trust.

### On the day
Thank you to the 48 marshals and elves who cheered everyone round. Our youngest Santa, Max Doyle, finished with a big grin and a bell.
"""

RACES = (
    Race(
        "St Columba's Hospice Fun Run",
        "Write up the results of the St Columba's Hospice Fun Run: Sunday 19 April 2026, 10:00 start in Victoria "
        "Park, 214 starters and 211 finishers over 5 km. A table of the top 10 (Tom Reid 17:45, Aisha Bello 18:02, "
        "Marcus Lee 18:40, Hannah Cole 19:11, Joe Whitfield 19:38, Sunita Rao 20:05, Ben Marsh 20:26, Elena Petrova "
        "20:59, Chris Dunn 21:14, Amy Lowther 21:30, with clubs), then Tom's pace per km. Then the money: entry fees "
        "£2,140, sponsorship £4,385.50, buckets £318.75, cake stall £206.40 and the total. Thank our 36 volunteers "
        "and marshals, and mention our youngest finisher, Ella Burke, without her age.",
        COLUMBA,
        "Columba",
        10,
        (
            swap_spans(COLUMBA, "## Results", "## Money raised", "## On the day"),
            ("charity", "at St Columba's Hospice.", "at St Columbia's Hospice."),
            (
                "thanks",
                "Thank you to the 36 volunteers and marshals who kept the course safe, and to the park café for the tea.",
                "The course was kept safe by 36 volunteers and marshals.",
            ),
            ("no_age", "Ella Burke, who ran", "Ella Burke, aged 7, who ran"),
            (
                "sorted",
                "| 8 | Elena Petrova | Valley Striders | 20:59 |\n| 9 | Chris Dunn | Eastside Harriers | 21:14 |",
                "| 8 | Chris Dunn | Eastside Harriers | 21:14 |\n| 9 | Elena Petrova | Valley Striders | 20:59 |",
            ),
            ("top", "| 6 | Sunita Rao | Valley Striders | 20:05 |\n", ""),
            ("pace", "3:33 per km", "3:55 per km"),
            ("raised", "£7,050.65", "£7,005.65"),
            ("weekday", "Sunday 19 April", "Saturday 19 April"),
        ),
    ),
    Race(
        "Lanyon Air Ambulance Coastal 10K",
        "Results sheet for the Lanyon Air Ambulance Coastal 10K, Saturday 6 June 2026, 09:30 from Porthmeor Beach car "
        "park, 188 finishers. Bold headings and bullets. The top eight: Kieran Pascoe 36:12, Jenna Rowe 37:05, Luke "
        "Treloar 37:48, Sophie Nance 38:30, Daniel Hicks 39:02, Tamsin Eddy 39:47, Ollie Brewer 40:15, Nadia Karim "
        "41:03. Kieran's pace per km, then the money (entry fees £3,760, sponsorship £5,212.30, raffle £448, total). "
        "Thank the marshals, first aiders and water-station volunteers; a mention for our youngest runner, Alfie "
        "Morgan, but no ages please.",
        LANYON,
        "Lanyon",
        8,
        (
            swap_spans(LANYON, "**Top eight**", "**Money raised**", "**Thanks**"),
            ("charity", "goes to Lanyon Air Ambulance.", "goes to Lanyan Air Ambulance."),
            (
                "thanks",
                "Thank you to our marshals, first aiders and the volunteers at the water station.",
                "Marshals, first aiders and a water station were out on the course.",
            ),
            ("no_age", "our youngest runner, who", "our youngest runner at just 11 years old, who"),
            (
                "sorted",
                "• 3rd – Luke Treloar, 37:48\n• 4th – Sophie Nance, 38:30",
                "• 3rd – Sophie Nance, 38:30\n• 4th – Luke Treloar, 37:48",
            ),
            ("top", "• 5th – Daniel Hicks, 39:02\n", ""),
            ("pace", "3:37 per km", "3:47 per km"),
            ("raised", "£9,420.30", "£9,240.30"),
            ("weekday", "Saturday 6 June", "Sunday 6 June"),
        ),
    ),
    Race(
        "Fairhaven Food Bank Fun Run",
        "Plain-text results (no Markdown) for the Fairhaven Food Bank Fun Run: Sunday 13 September 2026 at 11:00, 3 "
        "km round Fairhaven Common, 96 finishers. Number the top six (Rhys Morgan 10:24, Grace Adeyemi 10:51, Owen "
        "Price 11:09, Lily Chen 11:30, Sam Okoro 11:47, Megan Hughes 12:02) and give Rhys's pace per km. Then the "
        "money raised: entry fees £1,152, sponsorship £2,087.45, tombola £163.20 and the total. Thank the volunteers "
        "who marshalled; our youngest finisher was Poppy Hart, but don't say how old she is.",
        FAIRHAVEN,
        "Fairhaven",
        6,
        (
            swap_spans(FAIRHAVEN, "Top six:", "Money raised:", "On the day:"),
            ("charity", "goes to Fairhaven Food Bank.", "goes to Fairhavan Food Bank."),
            (
                "thanks",
                "Thank you to the volunteers who marshalled the common and ran the water table.",
                "Volunteers marshalled the common and ran the water table.",
            ),
            ("no_age", "was Poppy Hart, who", "was Poppy Hart, aged 6, who"),
            (
                "sorted",
                "2. Grace Adeyemi - 10:51\n3. Owen Price - 11:09",
                "2. Owen Price - 11:09\n3. Grace Adeyemi - 10:51",
            ),
            ("top", "4. Lily Chen - 11:30\n", ""),
            ("pace", "3:28 per km", "3:47 per km"),
            ("raised", "£3,402.65", "£3,412.65"),
            ("weekday", "Sunday 13 September", "Saturday 13 September"),
        ),
    ),
    Race(
        "Kingfisher Santa Dash",
        "Results for the Kingfisher Children's Trust Santa Dash, Sunday 6 December 2026, 10:30 start on Riverside "
        "Walk, 5 km, 402 registered and 389 finished. Use ### headings with a key-facts table first. The top seven "
        "Santas in a table: Imran Shah 16:58, Rosie Clarke 17:40, Tom Baxter 18:22, Jade Wilson 18:57, Ali Hassan "
        "19:34, Becky Lund 20:10, Ewan Fraser 20:45; Imran's pace per km. Money: entry fees £4,824, sponsorship "
        "£6,130.80, mulled wine £392.50, and the total. Thank the 48 marshals and elves, and mention our youngest "
        "Santa, Max Doyle (no ages).",
        KINGFISHER,
        "Kingfisher",
        7,
        (
            swap_spans(KINGFISHER, "### Top seven Santas", "### Money raised", "### On the day"),
            ("charity", "goes to the Kingfisher Children's Trust.", "goes to the Kingfischer Children's Trust."),
            (
                "thanks",
                "Thank you to the 48 marshals and elves who cheered everyone round.",
                "The 48 marshals and elves cheered everyone round.",
            ),
            ("no_age", "Max Doyle, finished", "Max Doyle (age 8), finished"),
            (
                "sorted",
                "| 6 | Becky Lund | 20:10 |\n| 7 | Ewan Fraser | 20:45 |",
                "| 6 | Ewan Fraser | 20:45 |\n| 7 | Becky Lund | 20:10 |",
            ),
            ("top", "| 4 | Jade Wilson | 18:57 |\n", ""),
            ("pace", "3:24 per km", "3:32 per km"),
            ("raised", "£11,347.30", "£11,374.30"),
            ("weekday", "Sunday 6 December", "Saturday 6 December"),
        ),
    ),
)


def build(race: Race, on: dict[str, bool]) -> str:
    return slipped(race.text, race.slips, on, race.name)


# Reading a results sheet ------------------------------------------------------------------------


def seconds(time: str) -> int:
    """A race time (`mm:ss` or `h:mm:ss`) in seconds."""
    *hours, minutes, secs = (int(part) for part in time.split(":"))
    return sum(hours) * 3600 + minutes * 60 + secs


def finishers(answer: str) -> list[int]:
    """The time, in seconds, of each list item or table row under the results heading that gives one (its last)."""
    rows = [line for line in section(answer, RESULTS) or [] if LIST_ITEM.match(line) or line.lstrip().startswith("|")]
    return [seconds(list(RACE_TIME.finditer(row))[-1].group(0)) for row in rows if RACE_TIME.search(row)]


def pace_right(answer: str) -> bool:
    """On the line with a time per km, that pace is the line's first time over its first distance, to the second."""
    line = next((s for s in answer.splitlines() if PACE.search(s)), "")
    pace, finish, km = PACE.search(line), RACE_TIME.search(line), KM.search(line)
    if pace is None or finish is None or km is None:
        return False
    return abs(seconds(pace.group(1)) - seconds(finish.group(0)) / float(km.group(1))) < 1


def raised_right(answer: str) -> bool:
    """Under the money heading, the total is the sum of the other amounts."""
    funds = section(answer, FUNDS) or []
    parts = [a for line in funds if not TOTAL.search(line) and (a := last_money(line)) is not None]
    total = last_money(line_with("\n".join(funds), "total"))
    return bool(parts) and total == sum(parts, Decimal(0))


WORDINGS = {
    "charity": (
        "Spells {charity} in the charity's name correctly",
        "Gets the spelling of {charity} right every time",
    ),
    "thanks": ("Thanks the volunteers and marshals", "Includes a thank-you to the marshals or volunteers"),
    "no_age": ("Does not give any runner's age", "Leaves out the ages of individual runners"),
    "sorted": (
        "Lists the finishers in order of their times, fastest first",
        "The results run from the fastest time to the slowest",
    ),
    "top": ("Lists exactly {top} finishers", "Shows the top {top} runners, no more and no fewer"),
    "order": ("Puts the results before the fundraising total", "The results section comes before the money raised"),
    "pace": (
        "The winner's pace per km is right for their time and the distance",
        "Works out the winning pace per kilometre correctly",
    ),
    "raised": ("The total raised equals the sum of the amounts listed", "The fundraising total adds up from its parts"),
    "weekday": ("The race date's weekday is correct", "The day of the week given for the race matches its date"),
}
"""Two wordings of each kind of criterion, filled from the race."""


def truths(race: Race, answer: str) -> dict[str, bool]:
    times = finishers(answer)
    return {
        "charity": spellings(answer, race.charity) == {race.charity.lower()},
        "thanks": THANKS.search(answer) is not None,
        "no_age": AGE.search(answer) is None,
        "sorted": len(times) > 1 and all(a < b for a, b in zip(times, times[1:], strict=False)),
        "top": len(times) == race.top,
        "order": heading_order(answer, RESULTS, FUNDS),
        "pace": pace_right(answer),
        "raised": raised_right(answer),
        "weekday": weekdays_right(answer),
    }


def candidates(rng: random.Random, race: Race, answer: str) -> list[Criterion]:
    filled = {"charity": race.charity, "top": NUMBER_WORDS[race.top]}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), truth, kind, FAMILY)
        for kind, truth in truths(race, answer).items()
    ]


SWITCHES = ("order", "charity", "thanks", "no_age", "sorted", "top", "pace", "raised", "weekday")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, RACES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

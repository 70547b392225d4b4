"""Fixture list family (fresh22): a sports club's fixture list for a team's season that a task asks for (an English
under-12s football team's as a Markdown table, a US girls' soccer team's fall schedule as bullets, an Irish hockey
team's in a fenced block, an Australian netball team's term draw as plain lines), each game with its date, its
opponent, home or away, the start time and the time to meet, then the number of games, the week with no game and the
contact, a kind of answer no grader was run on while any of its rules was written. Run only as `--set fresh22`, never
in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the list written right and then changed by switches: the games in date order or two swapped, every game
on the task's day of the week or one a day off, no game on the task's free date or one moved onto it, each opponent
played once at home and once away or one game given to another opponent, every home game at the task's start time or
one later, every meeting time the task's minutes before the start or one not, the number of games right or not, the
team that withdrew left out or listed as still to be arranged, and the contact's number as given or two digits
swapped. Every truth is read from the text: a game is a line with a date (ISO, or as `7 Sep 2025`) and a time
(`10:30`, `9:00 AM`); its side the first `H`, `A`, `home` or `away` on it, its start the first time on it and its
meeting time the second; the number of games the first number on the first line with the task's word for it.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date

from benchmarks.labelled import Criterion, JudgeCase, clocks, date_in, pick_wording, slipped, swap_lines, switched_cases

FAMILY = "fixture_list"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
SIDE = re.compile(r"(?<![\w'’/])[HA](?![\w'’/])|\b(?:[Hh]ome|[Aa]way|HOME|AWAY)\b")
NUMBER = re.compile(r"\d+")
DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@dataclass(frozen=True)
class Fixtures:
    task: str
    text: str
    """The answer written right."""
    name: str
    weekday: int
    """The day of the week every game is played on (Monday 0)."""
    free: date
    """The date with no game."""
    opponents: tuple[str, ...]
    home: str
    """The start time of every home game."""
    meet: tuple[int, str]
    """(the minutes before the start that the team meets, what the task calls that time)."""
    label: str
    """The word (lower-case) that finds the line with the number of games."""
    withdrawn: str
    phone: str
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HOLLINS = """# Hollins Park Under-12s · Autumn 2025 fixtures

All games are on Sundays. Home games are at Hollins Park, pitch 2. Meet 45 minutes before kick-off.

| Date | Opponent | H/A | Kick-off | Meet |
|---|---|:-:|---|---|
| 7 Sep 2025 | Ashdown Juniors | H | 10:30 | 09:45 |
| 14 Sep 2025 | Bracken Hill | A | 10:00 | 09:15 |
| 21 Sep 2025 | Calder Vale | H | 10:30 | 09:45 |
| 28 Sep 2025 | Dunmore Rovers | A | 11:00 | 10:15 |
| 5 Oct 2025 | Elmstead Colts | H | 10:30 | 09:45 |
| 12 Oct 2025 | Ashdown Juniors | A | 10:00 | 09:15 |
| 19 Oct 2025 | Bracken Hill | H | 10:30 | 09:45 |
| 2 Nov 2025 | Calder Vale | A | 10:30 | 09:45 |
| 9 Nov 2025 | Dunmore Rovers | H | 10:30 | 09:45 |
| 16 Nov 2025 | Elmstead Colts | A | 09:30 | 08:45 |

- Fixtures: 10
- No game on 26 Oct 2025 (half-term).
- Fixtures secretary: Gary Lomas, 07700 900 412"""

MAPLE_GROVE = """**Maple Grove Thunder U10 Girls · Fall 2025 schedule**

All games are on Saturdays. Home games are at Elm Creek Park, field 3. Players arrive 30 minutes before kickoff.

- 2025-09-06 · vs Cedar Falls Flyers (home) · kickoff 9:00 AM · arrive 8:30 AM
- 2025-09-13 · at Lakeview Lightning (away) · kickoff 10:15 AM · arrive 9:45 AM
- 2025-09-20 · vs Prairie Wind (home) · kickoff 9:00 AM · arrive 8:30 AM
- 2025-09-27 · at Riverside Rapids (away) · kickoff 11:30 AM · arrive 11:00 AM
- 2025-10-04 · vs Lakeview Lightning (home) · kickoff 9:00 AM · arrive 8:30 AM
- 2025-10-18 · at Cedar Falls Flyers (away) · kickoff 8:45 AM · arrive 8:15 AM
- 2025-10-25 · vs Riverside Rapids (home) · kickoff 9:00 AM · arrive 8:30 AM
- 2025-11-01 · at Prairie Wind (away) · kickoff 10:00 AM · arrive 9:30 AM

**Season at a glance**
- Total games: 8
- No game on 2025-10-11 (fall break).
- Team manager: Jen Alvarez, (612) 555-0193"""

GLENMORE = """Here it is as fixed-width text for the noticeboard:

```text
GLENMORE HC · WOMEN'S 2NDS · LEINSTER DIVISION 5 · AUTUMN 2025
All matches are on Saturdays. Home: Glenmore Park, pitch 1. Meet 60 min before push-back.

DATE          OPPONENT      H/A   PUSH-BACK   MEET
13 Sep 2025   Avoca         H     13:00       12:00
20 Sep 2025   Bray          A     12:30       11:30
27 Sep 2025   Corinthian    H     13:00       12:00
04 Oct 2025   Naas          A     14:00       13:00
11 Oct 2025   Skerries      H     13:00       12:00
18 Oct 2025   Avoca         A     11:45       10:45
01 Nov 2025   Bray          H     13:00       12:00
08 Nov 2025   Corinthian    A     12:15       11:15
15 Nov 2025   Naas          H     13:00       12:00
22 Nov 2025   Skerries      A     13:30       12:30

MATCHES: 10
No match on 25 Oct 2025 (mid-term break).
Fixtures secretary: Aisling Byrne, 087 555 2741
```"""

BAYSIDE = """Bayside Bulldogs Under-13s netball: Term 3 draw, 2025
Every game is on a Saturday morning. Home games are at Bayside Courts, court 4; warm-up starts 20 minutes before.
19 Jul 2025: home v Seaford Stars, start 8:40 am, warm-up 8:20 am
26 Jul 2025: away at Karingal Comets, start 9:50 am, warm-up 9:30 am
2 Aug 2025: home v Frankston Flames, start 8:40 am, warm-up 8:20 am
9 Aug 2025: away at Mornington Magic, start 11:00 am, warm-up 10:40 am
16 Aug 2025: home v Karingal Comets, start 8:40 am, warm-up 8:20 am
30 Aug 2025: away at Seaford Stars, start 10:20 am, warm-up 10:00 am
6 Sep 2025: home v Mornington Magic, start 8:40 am, warm-up 8:20 am
13 Sep 2025: away at Frankston Flames, start 9:15 am, warm-up 8:55 am
Games this term: 8
No game on 23 Aug 2025 (club carnival day).
Coordinator: Kylie Marsh, 0412 555 806"""

LISTS = (
    Fixtures(
        "Make the autumn 2025 fixture list for Hollins Park Under-12s as a Markdown table (date, opponent, H/A, "
        "kick-off, meet) in date order. Games are on Sundays; we play each of Ashdown Juniors, Bracken Hill, Calder "
        "Vale, Dunmore Rovers and Elmstead Colts once at home and once away. Home games kick off at 10:30 at Hollins "
        "Park, pitch 2; away kick-offs: Bracken Hill 10:00, Dunmore Rovers 11:00, Ashdown Juniors 10:00, Calder Vale "
        "10:30, Elmstead Colts 09:30. Meet 45 minutes before every kick-off. Order: Ashdown (H) 7 Sep, Bracken Hill "
        "(A), Calder Vale (H), Dunmore (A), Elmstead (H), Ashdown (A), Bracken Hill (H), then no game on 26 Oct for "
        "half-term, then Calder Vale (A), Dunmore (H), Elmstead (A). Northgate Athletic have withdrawn, so leave them "
        "out. Under the table: the number of fixtures, the half-term break and the fixtures secretary, Gary Lomas, "
        "07700 900 412.",
        HOLLINS,
        "Hollins Park",
        6,
        date(2025, 10, 26),
        ("Ashdown Juniors", "Bracken Hill", "Calder Vale", "Dunmore Rovers", "Elmstead Colts"),
        "10:30",
        (45, "meet time"),
        "fixtures:",
        "Northgate Athletic",
        "07700 900 412",
        (
            swap_lines(HOLLINS, "| 5 Oct 2025", "| 12 Oct 2025"),
            ("weekday", "| 14 Sep 2025 |", "| 13 Sep 2025 |"),
            ("free", "| 2 Nov 2025 |", "| 26 Oct 2025 |"),
            ("twice", "| 16 Nov 2025 | Elmstead Colts |", "| 16 Nov 2025 | Calder Vale |"),
            ("home", "Dunmore Rovers | H | 10:30 | 09:45", "Dunmore Rovers | H | 11:00 | 10:15"),
            ("meet", "Bracken Hill | A | 10:00 | 09:15", "Bracken Hill | A | 10:00 | 09:30"),
            ("count", "Fixtures: 10", "Fixtures: 11"),
            (
                "withdrawn",
                "\n- No game on",
                "\n- Northgate Athletic: games to be rearranged, dates to follow.\n- No game on",
            ),
            ("phone", "07700 900 412", "07700 900 421"),
        ),
    ),
    Fixtures(
        "Bullet points, ISO dates: the fall 2025 schedule for Maple Grove Thunder U10 Girls, one bullet per game in "
        "date order with the opponent, home or away, kickoff and arrival time. All games are Saturdays, starting "
        "September 6, and we play Cedar Falls Flyers, Lakeview Lightning, Prairie Wind and Riverside Rapids once at "
        "home and once away. Home games at Elm Creek Park kick off at 9:00 AM; away kickoffs: Lakeview 10:15 AM, "
        "Riverside 11:30 AM, Cedar Falls 8:45 AM, Prairie Wind 10:00 AM. Players arrive 30 minutes before kickoff. "
        "Order: Cedar Falls (H), Lakeview (A), Prairie Wind (H), Riverside (A), Lakeview (H), no game October 11 "
        "(fall break), then Cedar Falls (A), Riverside (H), Prairie Wind (A). Oak Hollow FC dropped out of the "
        "league; don't list them. End with the number of games, the break and the team manager, Jen Alvarez, "
        "(612) 555-0193.",
        MAPLE_GROVE,
        "Maple Grove",
        5,
        date(2025, 10, 11),
        ("Cedar Falls Flyers", "Lakeview Lightning", "Prairie Wind", "Riverside Rapids"),
        "9:00 AM",
        (30, "arrival time"),
        "total games",
        "Oak Hollow FC",
        "(612) 555-0193",
        (
            swap_lines(MAPLE_GROVE, "- 2025-09-20", "- 2025-09-27"),
            ("weekday", "- 2025-10-18", "- 2025-10-19"),
            ("free", "- 2025-10-04", "- 2025-10-11"),
            ("twice", "at Prairie Wind (away)", "at Riverside Rapids (away)"),
            (
                "home",
                "vs Riverside Rapids (home) · kickoff 9:00 AM · arrive 8:30 AM",
                "vs Riverside Rapids (home) · kickoff 9:30 AM · arrive 9:00 AM",
            ),
            ("meet", "kickoff 11:30 AM · arrive 11:00 AM", "kickoff 11:30 AM · arrive 10:30 AM"),
            ("count", "Total games: 8", "Total games: 9"),
            ("withdrawn", "\n- No game on", "\n- Oak Hollow FC game to be rescheduled, date TBD.\n- No game on"),
            ("phone", "(612) 555-0193", "(612) 555-0139"),
        ),
    ),
    Fixtures(
        "Autumn 2025 fixtures for Glenmore Hockey Club's women's 2nds (Leinster Division 5) as fixed-width text in a "
        "code block for the noticeboard: date, opponent, H/A, push-back and meet, in date order. All matches are on "
        "Saturdays from 13 September; we play Avoca, Bray, Corinthian, Naas and Skerries once at home and once "
        "away. Home push-back is 13:00 at Glenmore Park; away push-backs: Bray 12:30, Naas 14:00, Avoca 11:45, "
        "Corinthian 12:15, Skerries 13:30. Meet 60 minutes before push-back. Order: Avoca (H), Bray (A), Corinthian "
        "(H), Naas (A), Skerries (H), Avoca (A), no match on 25 October (mid-term), then Bray (H), Corinthian (A), "
        "Naas (H), Skerries (A). Wicklow have withdrawn from the division, so they're not on it. Finish with the "
        "number of matches, the mid-term break and the fixtures secretary, Aisling Byrne, 087 555 2741.",
        GLENMORE,
        "Glenmore",
        5,
        date(2025, 10, 25),
        ("Avoca", "Bray", "Corinthian", "Naas", "Skerries"),
        "13:00",
        (60, "meet time"),
        "matches:",
        "Wicklow",
        "087 555 2741",
        (
            swap_lines(GLENMORE, "27 Sep 2025", "04 Oct 2025"),
            ("weekday", "08 Nov 2025", "09 Nov 2025"),
            ("free", "01 Nov 2025", "25 Oct 2025"),
            ("twice", "22 Nov 2025   Skerries      A", "22 Nov 2025   Naas          A"),
            ("home", "Avoca         H     13:00       12:00", "Avoca         H     13:30       12:30"),
            ("meet", "Bray          A     12:30       11:30", "Bray          A     12:30       11:45"),
            ("count", "MATCHES: 10", "MATCHES: 9"),
            ("withdrawn", "\nNo match on", "\nWicklow matches to be rearranged.\nNo match on"),
            ("phone", "087 555 2741", "087 555 2714"),
        ),
    ),
    Fixtures(
        "Plain lines, no tables or bullets: the Term 3 2025 draw for Bayside Bulldogs Under-13s netball, one line per "
        "game in date order with the opponent, home or away, the start time and the warm-up time. Games are on "
        "Saturday mornings from 19 July; we play Seaford Stars, Karingal Comets, Frankston Flames and Mornington "
        "Magic once at home and once away. Home games at Bayside Courts start at 8:40 am; away starts: Karingal "
        "9:50 am, Mornington 11:00 am, Seaford 10:20 am, Frankston 9:15 am. Warm-up is 20 minutes before the start. "
        "Order: Seaford (H), Karingal (A), Frankston (H), Mornington (A), Karingal (H), no game on 23 August (club "
        "carnival), then Seaford (A), Mornington (H), Frankston (A). Hastings Hawks pulled out, so leave them off. "
        "Finish with the number of games, the carnival and the coordinator, Kylie Marsh, 0412 555 806.",
        BAYSIDE,
        "Bayside",
        5,
        date(2025, 8, 23),
        ("Seaford Stars", "Karingal Comets", "Frankston Flames", "Mornington Magic"),
        "8:40 am",
        (20, "warm-up time"),
        "games this term",
        "Hastings Hawks",
        "0412 555 806",
        (
            swap_lines(BAYSIDE, "9 Aug 2025:", "16 Aug 2025:"),
            ("weekday", "26 Jul 2025:", "27 Jul 2025:"),
            ("free", "30 Aug 2025:", "23 Aug 2025:"),
            ("twice", "away at Frankston Flames", "away at Seaford Stars"),
            (
                "home",
                "home v Mornington Magic, start 8:40 am, warm-up 8:20 am",
                "home v Mornington Magic, start 9:00 am, warm-up 8:40 am",
            ),
            ("meet", "start 9:50 am, warm-up 9:30 am", "start 9:50 am, warm-up 9:20 am"),
            ("count", "Games this term: 8", "Games this term: 7"),
            ("withdrawn", "\nNo game on", "\nHastings Hawks game to be rescheduled.\nNo game on"),
            ("phone", "0412 555 806", "0412 555 860"),
        ),
    ),
)


def build(fixtures: Fixtures, on: dict[str, bool]) -> str:
    return slipped(fixtures.text, fixtures.slips, on, fixtures.name)


# Reading a fixture list -----------------------------------------------------------------------------------------


def games(answer: str) -> list[tuple[date, str, list[int], str]]:
    """(date, side `H`, `A` or empty, times, line) of each line with a date and a time, in order."""
    out = []
    for line in answer.splitlines():
        day, times = date_in(line), clocks(line)
        if day is not None and times:
            side = SIDE.search(line)
            out.append((day, side.group(0)[0].upper() if side else "", times, line))
    return out


WORDINGS = {
    "order": ("Lists the games in date order", "The fixtures run from the earliest date to the latest"),
    "weekday": ("Every game falls on a {weekday}", "Puts all the fixtures on {weekday}s"),
    "free": ("Has no game on {free}", "Leaves {free} free of fixtures"),
    "twice": (
        "Plays each of the {n} opponents named in the task once at home and once away",
        "Lists one home game and one away game against each of the task's {n} opponents",
    ),
    "home": ("Every home game starts at {home}", "Gives {home} as the start time of each home game"),
    "meet": (
        "Each game's {meet_word} is {meet} minutes before its start",
        "The {meet_word} it gives for every game is {meet} minutes ahead of the start",
    ),
    "count": (
        "States the number of games listed correctly",
        "The number of fixtures it gives matches the dated games listed",
    ),
    "withdrawn": ("Does not mention {withdrawn}, who have withdrawn", "Leaves {withdrawn} out entirely"),
    "phone": ("Gives the contact's number as {phone}", "Includes {phone} as the number to call"),
}
"""Two wordings of each kind of criterion, filled from the fixture list."""


def truths(fixtures: Fixtures, answer: str) -> dict[str, bool]:
    found = games(answer)
    days = [day for day, _, _, _ in found]
    home = clocks(fixtures.home)[0]
    stated = NUMBER.search(next((s for s in answer.splitlines() if fixtures.label in s.lower()), ""))
    sides = {name: sorted(side for _, side, _, line in found if name in line) for name in fixtures.opponents}
    return {
        "order": len(days) >= 2 and days == sorted(days) and len(set(days)) == len(days),
        "weekday": bool(days) and all(day.weekday() == fixtures.weekday for day in days),
        "free": bool(days) and fixtures.free not in days,
        "twice": all(side == ["A", "H"] for side in sides.values()),
        "home": any(side == "H" for _, side, _, _ in found)
        and all(times[0] == home for _, side, times, _ in found if side == "H"),
        "meet": bool(found)
        and all(len(times) >= 2 and times[1] == times[0] - fixtures.meet[0] for *_, times, _ in found),
        "count": stated is not None and int(stated.group(0)) == len(found),
        "withdrawn": fixtures.withdrawn not in answer,
        "phone": fixtures.phone in answer,
    }


def candidates(rng: random.Random, fixtures: Fixtures, answer: str) -> list[Criterion]:
    values = {
        "weekday": DAYS[fixtures.weekday],
        "free": f"{fixtures.free.day} {fixtures.free:%B %Y}",
        "n": len(fixtures.opponents),
        "home": fixtures.home,
        "meet": fixtures.meet[0],
        "meet_word": fixtures.meet[1],
        "withdrawn": fixtures.withdrawn,
        "phone": fixtures.phone,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(fixtures, answer).items()
    ]


SWITCHES = ("order", "weekday", "free", "twice", "home", "meet", "count", "withdrawn", "phone")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, LISTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

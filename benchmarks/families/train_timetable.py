"""Train timetable family (fresh21): the timetable a task asks for of one train on a line (a UK heritage railway's
summer weekend train as a Markdown table, a US commuter train as bullets, an Irish Sunday train as fixed-width text in a
fenced block, an Australian heritage railway's Saturday train as plain lines): each calling point with its times, the
train's wait at a passing place, a request stop, a station that is closed and not called at, the departure platform,
the journey time, how many days the train runs and the connection at the end, a kind of answer no grader was run on
while any of its rules was written. Run only as `--set fresh21`, never in `all`, `new`, `docs`, `held` or an earlier
fresh set.

An answer is the timetable written right and then changed by switches: the stops in time order or two swapped, the
journey time the last arrival less the first departure or not, the wait at the passing place the task's minutes or
fewer, the request stop marked or not, the closed station left out or given times, the task's platform or another, the
days of running counted right from the task's dates or one out, no change of trains or one, and the minutes to the
connection right or not. Every truth is read from the text: a stop is a line with a time (`10:15`, or `7:05 AM`) and
the name of one of the task's stations; the journey time the hours and minutes on the first line with `journey`; the
platform the first number after `platform` or `track`; the days of running the first number of days; the connection the
first time and the first number of minutes on the first line with the task's word for it and a time.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from datetime import date, timedelta

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, swap_lines, switched_cases

FAMILY = "train_timetable"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
TIME = re.compile(r"(?<![\d:])(\d{1,2}):(\d{2})(?!\d)(?:\s*([AaPp])\.?[Mm]\b)?")
JOURNEY = re.compile(r"(?:(\d+)\s*h(?:ours?|rs?)?\s*)?(\d+)\s*min", re.I)
MINUTES = re.compile(r"(?<![\d:])(\d+)\s*min", re.I)
PLATFORM = re.compile(r"\b(?:platform|track)\s+(\d+)", re.I)
DAYS = re.compile(r"\b(\d+)\s+(?:running\s+|service\s+|operating\s+)?days\b", re.I)
REQUEST = re.compile(r"request|flag stop", re.I)
CHANGE = re.compile(r"\bchange (?:trains|here|at|for)\b", re.I)


@dataclass(frozen=True)
class Timetable:
    task: str
    text: str
    """The answer written right."""
    name: str
    stations: tuple[str, ...]
    """The stations the train calls at, in order, as the answer names them."""
    closed: str
    """The station that is closed, which the train does not call at."""
    wait: tuple[str, int]
    """(the station where the train waits, for how many minutes)."""
    request: tuple[str, str]
    """(the request stop, what the task calls it)."""
    platform: tuple[int, str]
    """(the departure platform or track, its word)."""
    running: tuple[date, date, tuple[int, ...], tuple[date, ...]]
    """(the first and last days of the period, the weekdays it runs, Monday 0, the days in them it does not)."""
    connection: tuple[str, str]
    """(the word that finds the connection's line, the connection in words)."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


EXE_VALLEY = """## Exe Valley Steam Railway: summer weekend timetable

Runs Saturdays and Sundays from 5 July to 31 August 2025: 18 days in all. The morning train leaves from platform 2.

| Station | Arrive | Depart | Notes |
|---|---|---|---|
| Tivercombe | | 10:15 | |
| Bampford | 10:27 | 10:28 | Request stop: tell the guard |
| Dulverham | 10:41 | 10:49 | Crosses the up train |
| Brushford Road | 11:02 | 11:03 | |
| Wiveleigh | 11:20 | | |

Journey time: 1 h 5 min
Cove Halt is closed for platform repairs this season, so trains do not call there.
Bus 198 to Exford leaves from the station forecourt at 11:34, 14 minutes after the train arrives."""

NORTHBROOK = """**Northbrook Line, train 2214 · weekday mornings**
- Service days: Monday to Friday in September 2025, except Labor Day (September 1): 21 days
- Departs Union Station from track 12

**Stops**
- Union Station: dep 7:05 AM
- Halsted Street: arr 7:14 AM, dep 7:15 AM
- Glenview Road (flag stop): arr 7:27 AM, dep 7:28 AM
- Evanston Central: arr 7:36 AM, dep 7:41 AM (holds for the express to pass)
- Northbrook: arr 7:58 AM

**Notes**
- Journey time: 53 min
- Ravenswood is closed for platform rebuilding; this train does not stop there.
- The shuttle to Willow Court mall leaves at 8:10 AM, 12 minutes after arrival."""

GALWAY = """Here is the timetable as plain text:

```text
GALWAY - ATHLONE  SUMMER SUNDAY SERVICE
Sundays 6 July to 31 August 2025, not 3 August: 8 days of running
Departs from platform 3

STATION              ARR     DEP     NOTES
Galway (Ceannt)              08:10
Athenry              08:24   08:26
Woodlawn             08:41   08:42   Request stop
Ballinasloe          08:50   08:57   Waits for the Dublin train
Athlone              09:18

Journey time: 1 h 8 min
Oranmore is closed for works; this train does not call there.
Coach to Mullingar leaves the station at 09:30, 12 minutes after arrival.
```"""

HIGHLANDS = """Southern Highlands Heritage Railway: Saturday timetable
Runs every Saturday in October and November 2025: 9 days
Moss Vale: departs 09:40 from platform 1
Burradoo (request stop): arrives 09:45, departs 09:46
Bowral: arrives 09:52, departs 09:54
Mittagong: arrives 10:02, departs 10:08 (crosses the down train)
Colo Vale: arrives 10:24, departs 10:25
Picton: arrives 10:55
Journey time: 1 h 15 min
Hill Top is closed while its platform is rebuilt, so the train runs through without stopping.
The coach to Camden leaves at 11:10, 15 minutes after arrival."""

TIMETABLES = (
    Timetable(
        "Make the Exe Valley Steam Railway's summer weekend timetable for the morning train as a Markdown table "
        "(station, arrive, depart, notes). It runs Saturdays and Sundays from 5 July to 31 August 2025; say how many "
        "days that is. It leaves Tivercombe at 10:15 from platform 2, calls at Bampford 10:27-10:28 (a request stop, "
        "passengers tell the guard), Dulverham 10:41, where it waits 8 minutes to cross the up train, Brushford Road "
        "11:02-11:03, and reaches Wiveleigh at 11:20. Cove Halt is closed for repairs all season. It's one train all "
        "the way. Give the journey time and the bus 198 to Exford, which leaves at 11:34, with how long after the "
        "train's arrival that is.",
        EXE_VALLEY,
        "Exe Valley",
        ("Tivercombe", "Bampford", "Dulverham", "Brushford Road", "Wiveleigh"),
        "Cove Halt",
        ("Dulverham", 8),
        ("Bampford", "request stop"),
        (2, "platform"),
        (date(2025, 7, 5), date(2025, 8, 31), (5, 6), ()),
        ("bus", "bus to Exford"),
        (
            swap_lines(EXE_VALLEY, "| Dulverham", "| Brushford Road"),
            ("journey", "1 h 5 min", "1 h 15 min"),
            ("wait", "| 10:41 | 10:49 |", "| 10:41 | 10:45 |"),
            ("request", "| Request stop: tell the guard |", "| |"),
            ("closed", "| Dulverham |", "| Cove Halt | 10:34 | 10:35 | |\n| Dulverham |"),
            ("platform", "platform 2", "platform 3"),
            ("days", "18 days", "17 days"),
            ("through", "\nBus 198", "\nPassengers for Wiveleigh change trains at Dulverham.\nBus 198"),
            ("connection", "14 minutes", "16 minutes"),
        ),
    ),
    Timetable(
        "Bullet points: the timetable of Northbrook Line train 2214, weekday mornings in September 2025 except Labor "
        "Day (September 1); give the number of service days. It departs Union Station at 7:05 AM from track 12, calls "
        "at Halsted Street 7:14-7:15 AM, Glenview Road 7:27-7:28 AM (a flag stop), and Evanston Central at 7:36 AM, "
        "where it holds 5 minutes for the express to pass, then arrives at Northbrook at 7:58 AM. Ravenswood is closed "
        "for rebuilding, so the train skips it. Riders stay on the same train the whole way. Add the journey time and "
        "the shuttle to Willow Court mall at 8:10 AM, with the minutes after arrival.",
        NORTHBROOK,
        "Northbrook",
        ("Union Station", "Halsted Street", "Glenview Road", "Evanston Central", "Northbrook"),
        "Ravenswood",
        ("Evanston Central", 5),
        ("Glenview Road", "flag stop"),
        (12, "track"),
        (date(2025, 9, 1), date(2025, 9, 30), (0, 1, 2, 3, 4), (date(2025, 9, 1),)),
        ("shuttle", "shuttle to Willow Court"),
        (
            swap_lines(NORTHBROOK, "- Halsted Street", "- Glenview Road"),
            ("journey", "53 min", "63 min"),
            ("wait", "dep 7:41 AM", "dep 7:39 AM"),
            ("request", "Glenview Road (flag stop)", "Glenview Road"),
            ("closed", "- Glenview Road", "- Ravenswood: arr 7:20 AM, dep 7:21 AM\n- Glenview Road"),
            ("platform", "track 12", "track 21"),
            ("days", "21 days", "22 days"),
            ("through", "\n- The shuttle", "\n- Change at Evanston Central for Northbrook.\n- The shuttle"),
            ("connection", "12 minutes", "15 minutes"),
        ),
    ),
    Timetable(
        "Timetable of the summer Sunday train from Galway to Athlone as fixed-width plain text in a code block "
        "(station, arr, dep, notes). It runs on Sundays from 6 July to 31 August 2025 except 3 August; give the number "
        "of days. It leaves Galway (Ceannt) at 08:10 from platform 3, calls at Athenry 08:24-08:26, Woodlawn "
        "08:41-08:42 (request stop) and Ballinasloe at 08:50, where it waits 7 minutes for the Dublin train, and "
        "reaches Athlone at 09:18. Oranmore is closed for works. It's a through train: nobody changes. Add the "
        "journey time and the coach to Mullingar at 09:30 with how many minutes after arrival it goes.",
        GALWAY,
        "Galway",
        ("Galway (Ceannt)", "Athenry", "Woodlawn", "Ballinasloe", "Athlone"),
        "Oranmore",
        ("Ballinasloe", 7),
        ("Woodlawn", "request stop"),
        (3, "platform"),
        (date(2025, 7, 6), date(2025, 8, 31), (6,), (date(2025, 8, 3),)),
        ("coach", "coach to Mullingar"),
        (
            swap_lines(GALWAY, "Athenry ", "Woodlawn "),
            ("journey", "1 h 8 min", "1 h 18 min"),
            ("wait", "08:50   08:57", "08:50   08:54"),
            ("request", "08:42   Request stop", "08:42"),
            ("closed", "Athenry              08:24", "Oranmore             08:17   08:18\nAthenry              08:24"),
            ("platform", "platform 3", "platform 4"),
            ("days", "8 days", "9 days"),
            ("through", "\nCoach to Mullingar", "\nChange at Athenry for Limerick and Ennis.\nCoach to Mullingar"),
            ("connection", "12 minutes", "21 minutes"),
        ),
    ),
    Timetable(
        "Plain lines, no tables or bullets: the Saturday timetable of the Southern Highlands Heritage Railway's "
        "train, every Saturday in October and November 2025 (say how many days). It leaves Moss Vale at 09:40 from "
        "platform 1, calls at Burradoo 09:45-09:46 (request stop), Bowral 09:52-09:54, Mittagong at 10:02, where it "
        "waits 6 minutes to cross the down train, and Colo Vale 10:24-10:25, and arrives at Picton at 10:55. Hill Top "
        "is closed while its platform is rebuilt. Passengers stay on the one train throughout. Add the journey time "
        "and the coach to Camden at 11:10, with the minutes after arrival.",
        HIGHLANDS,
        "Highlands",
        ("Moss Vale", "Burradoo", "Bowral", "Mittagong", "Colo Vale", "Picton"),
        "Hill Top",
        ("Mittagong", 6),
        ("Burradoo", "request stop"),
        (1, "platform"),
        (date(2025, 10, 1), date(2025, 11, 30), (5,), ()),
        ("coach", "coach to Camden"),
        (
            swap_lines(HIGHLANDS, "Burradoo", "Bowral"),
            ("journey", "1 h 15 min", "1 h 25 min"),
            ("wait", "departs 10:08", "departs 10:05"),
            ("request", "Burradoo (request stop):", "Burradoo:"),
            ("closed", "\nColo Vale:", "\nHill Top: arrives 10:16, departs 10:17\nColo Vale:"),
            ("platform", "platform 1", "platform 2"),
            ("days", "9 days", "8 days"),
            ("through", "\nThe coach to Camden", "\nChange at Mittagong for Sydney trains.\nThe coach to Camden"),
            ("connection", "15 minutes", "10 minutes"),
        ),
    ),
)


def build(timetable: Timetable, on: dict[str, bool]) -> str:
    return slipped(timetable.text, timetable.slips, on, timetable.name)


# Reading a timetable ---------------------------------------------------------------------------------------------


def clock(found: re.Match[str]) -> int:
    """Minutes after midnight of a time `TIME` found, 12-hour when it has AM or PM after it."""
    hours, minutes, half = int(found.group(1)), int(found.group(2)), (found.group(3) or "").lower()
    if half:
        hours = hours % 12 + (12 if half == "p" else 0)
    return hours * 60 + minutes


def stops(answer: str, timetable: Timetable) -> list[tuple[str, list[int]]]:
    """(station, its times in minutes) of each line with a time and one of the timetable's stations, in order."""
    names = (*timetable.stations, timetable.closed)
    out = []
    for line in answer.splitlines():
        times = [clock(found) for found in TIME.finditer(line)]
        named = sorted((line.index(name), name) for name in names if name in line)
        if times and named:
            out.append((named[0][1], times))
    return out


def running_days(timetable: Timetable) -> int:
    first, last, weekdays, skipped = timetable.running
    days = (first + timedelta(days=n) for n in range((last - first).days + 1))
    return sum(1 for day in days if day.weekday() in weekdays and day not in skipped)


def connection_right(answer: str, timetable: Timetable, arrival: int) -> bool:
    line = next((s for s in answer.splitlines() if timetable.connection[0] in s.lower() and TIME.search(s)), "")
    leaves, minutes = TIME.search(line), MINUTES.search(line)
    return leaves is not None and minutes is not None and int(minutes.group(1)) == clock(leaves) - arrival


WORDINGS = {
    "order": ("Lists the stops in time order", "The calling points run from the earliest time to the latest"),
    "journey": (
        "The journey time is the time from the first departure to the final arrival",
        "States the end-to-end journey time correctly",
    ),
    "wait": ("Shows the train waiting {minutes} minutes at {station}", "The stop at {station} lasts {minutes} minutes"),
    "request": ("Marks {request} as a {kind}", "Shows that {request} is a {kind}"),
    "closed": ("Does not show the train calling at {closed}", "Gives no times at {closed}, which is closed"),
    "platform": ("Gives the departure {word} as {number}", "Says the train leaves from {word} {number}"),
    "days": (
        "States correctly how many days the train runs in the period",
        "The number of running days matches the dates in the task",
    ),
    "through": ("Does not tell passengers to change trains", "Presents the service as one train with no change"),
    "connection": (
        "Gives the minutes between the train's arrival and the {connection} correctly",
        "States correctly how long after the arrival the {connection} leaves",
    ),
}
"""Two wordings of each kind of criterion, filled from the timetable."""


def truths(timetable: Timetable, answer: str) -> dict[str, bool]:
    found = stops(answer, timetable)
    times = [t for _, ts in found for t in ts]
    journey = JOURNEY.search(next((s for s in answer.splitlines() if "journey" in s.lower()), ""))
    stated = int(journey.group(1) or 0) * 60 + int(journey.group(2)) if journey else None
    station, minutes = timetable.wait
    waits = [ts for name, ts in found if name == station]
    platform, days = PLATFORM.search(answer), DAYS.search(answer)
    request = [line for line in answer.splitlines() if timetable.request[0] in line and TIME.search(line)]
    return {
        "order": len(found) >= 2 and times == sorted(times),
        "journey": bool(times) and stated == found[-1][1][-1] - found[0][1][0],
        "wait": len(waits) == 1 and len(waits[0]) == 2 and waits[0][1] - waits[0][0] == minutes,
        "request": len(request) == 1 and REQUEST.search(request[0]) is not None,
        "closed": all(name != timetable.closed for name, _ in found),
        "platform": platform is not None and int(platform.group(1)) == timetable.platform[0],
        "days": days is not None and int(days.group(1)) == running_days(timetable),
        "through": CHANGE.search(answer) is None,
        "connection": bool(found) and connection_right(answer, timetable, found[-1][1][-1]),
    }


def candidates(rng: random.Random, timetable: Timetable, answer: str) -> list[Criterion]:
    values = {
        "station": timetable.wait[0],
        "minutes": timetable.wait[1],
        "request": timetable.request[0],
        "kind": timetable.request[1],
        "closed": timetable.closed,
        "word": timetable.platform[1],
        "number": timetable.platform[0],
        "connection": timetable.connection[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(timetable, answer).items()
    ]


SWITCHES = ("order", "journey", "wait", "request", "closed", "platform", "days", "through", "connection")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, TIMETABLES, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

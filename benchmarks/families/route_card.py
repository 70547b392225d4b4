"""Route card family (fresh22): the route card a task asks a walk leader to write before a day on the hills (a Lake
District walk's legs as a Markdown table, a US hike plan as bullets, an Irish club walk's as fixed-width text in a
fenced block, a New Zealand crossing's as plain lines), each leg with where it starts and ends, its distance, its
ascent and its time by the task's rule (a time for each unit of distance plus a time for each unit of climb), then the
total distance and ascent, the start time and the expected finish, an escape route, the group and the start's grid
reference, a kind of answer no grader was run on while any of its rules was written. Run only as `--set fresh22`,
never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the card written right and then changed by switches: each leg starting where the one before ends or two
legs swapped, every leg's time the task's rule or one wrong, the total distance the legs' sum or
mistyped, the total ascent the legs' sum or mistyped, the finish the start plus the legs' times by the rule and the
task's stops or another time, an escape route given or not, the number in the group the people named or not, the
place the task rules out kept off the route or put on it, and the start's grid reference as given or two digits
swapped. Every truth is read from the text: a leg is a line that opens with its number (`| 1 |`, `- Leg 1:`, `1`)
and names two of the route's places, the first its start and the second its end; its distance, ascent and time the
first three numbers left on it once the number and the places are taken out; the totals the first number on the first
line with the task's words for each; the start and the finish the first time (`08:30`, `1:22 PM`) on the first line
with the task's words for each; the group the first number and the names in brackets on its line.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import Decimal

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    clock,
    line_with,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
)

FAMILY = "route_card"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
LEG = re.compile(r"^[\s|*>-]*(?:leg\s*)?(\d{1,2})\b(?![.,]\d)", re.I)
NUMBER = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?![\w.])")
GROUP = re.compile(r"(\d+)[^(\n]*\(([^)]*)\)")


@dataclass(frozen=True)
class Card:
    task: str
    text: str
    """The answer written right."""
    name: str
    places: tuple[str, ...]
    """The places a leg may start or end at, the one ruled out among them."""
    avoid: str
    rule: tuple[Decimal, Decimal, str]
    """(minutes for each unit of distance, minutes for each unit of climb, the rule in words)."""
    stops: int
    """The minutes of stops on top of the legs' times."""
    labels: tuple[str, str, str, str, str]
    """The words (lower-case) that find the lines of the total distance, the total ascent, the start, the expected
    finish and the group."""
    grid: str
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


SCAFELL = """# Route card: Scafell Pike from Seathwaite

Date: Saturday 20 June 2026 · Leader: Hannah Moss
Start: 08:30 at Seathwaite Farm car park, grid ref NY 235 122
Timings: 15 min per km plus 1 min per 10 m of ascent

| Leg | From → To | Distance (km) | Ascent (m) | Time (min) |
|---|---|---:|---:|---:|
| 1 | Seathwaite Farm → Stockley Bridge | 1.6 | 40 | 28 |
| 2 | Stockley Bridge → Styhead Tarn | 2.8 | 330 | 75 |
| 3 | Styhead Tarn → Esk Hause | 2.0 | 300 | 60 |
| 4 | Esk Hause → Scafell Pike | 2.4 | 260 | 62 |
| 5 | Scafell Pike → Lingmell Col | 1.2 | 0 | 18 |
| 6 | Lingmell Col → Seathwaite Farm (Corridor Route) | 5.6 | 110 | 95 |

- Total distance: 15.6 km
- Total ascent: 1,040 m
- Stops: 60 min in all
- Expected finish: 15:08
- Escape route: from Esk Hause, down Grains Gill to Stockley Bridge
- Walkers: 5 (Hannah Moss, Tom Reid, Priya Shah, Gareth Lloyd, Ellie Ward)
- Route left with Sue Moss, 07700 900 318; if we have not called by 18:00 she rings 999 for Mountain Rescue."""

MADISON = """**Hike plan: Mount Madison traverse**
- Date: Saturday, 2026-08-15 · Leader: Maya Chen
- Start: 7:00 AM at Appalachia Trailhead (44.3716° N, 71.2891° W); second car left at Great Gulf Trailhead
- Pace: 20 min per mile plus 30 min per 1,000 ft of climbing

**Legs**
- Leg 1: Appalachia Trailhead → Duck Fall · 1.4 mi · 900 ft · 55 min
- Leg 2: Duck Fall → Madison Spring Hut · 2.4 mi · 2,900 ft · 135 min
- Leg 3: Madison Spring Hut → Mount Madison · 0.5 mi · 600 ft · 28 min
- Leg 4: Mount Madison → Osgood Junction · 1.0 mi · 0 ft · 20 min
- Leg 5: Osgood Junction → Great Gulf Trailhead · 4.8 mi · 100 ft · 99 min

**Summary**
- Total distance: 10.1 mi
- Total elevation gain: 4,500 ft
- Breaks: 45 min
- Estimated finish: 1:22 PM
- Bail-out (escape) route: from Madison Spring Hut, back down the Valley Way to Appalachia Trailhead
- Hikers: 4 (Maya Chen, Luis Ortega, Sam Price, Dana Kim)
- Trip plan left with Rob Chen; if we haven't checked in by 5:00 PM he calls 911."""

GLENDALOUGH = """Route card as fixed-width text:

```text
ROUTE CARD · GLENDALOUGH: SPINC AND MULLACOR LOOP
Date: Sunday 12 April 2026          Leader: Niamh Kavanagh
Start: 09:45, Upper Lake car park (grid ref T 112 964)
Timing: 12 min per km + 1 min per 10 m climbed

LEG  FROM -> TO                                 KM  CLIMB (M)   MIN
1    Upper Lake car park -> Spinc top          2.0        300    54
2    Spinc top -> Lugduff                      3.0        250    61
3    Lugduff -> Mullacor                       2.5        170    47
4    Mullacor -> Miners' Village               4.0         60    54
5    Miners' Village -> Upper Lake car park    2.5          0    30

TOTAL DISTANCE    14.0 km
TOTAL CLIMB       780 m
STOPS             50 min
EXPECTED FINISH   14:41
ESCAPE: from Lugduff, drop back down to Miners' Village by the zigzag path
GROUP OF 6 (Niamh Kavanagh, Conor Doyle, Róisín Kelly, Fergal Nolan, Aoife Byrne, Declan Walsh)
Route left with Pádraig Kavanagh; if there is no word by 18:30 he rings 112 for Mountain Rescue.
```"""

TONGARIRO = """Route card: Tongariro Alpine Crossing, Saturday 14 February 2026
Leader: Mere Tipene. Party of 3 (Mere Tipene, James Ruru, Olivia Grant)
Start: 7:15 am at Mangatepopo car park, NZTopo50 BH34 854 300
Times: 15 min per km plus 1 min per 10 m of climb
Leg 1: Mangatepopo car park to Soda Springs, 4.0 km, climb 120 m, 72 min
Leg 2: Soda Springs to South Crater, 2.0 km, climb 320 m, 62 min
Leg 3: South Crater to Red Crater, 1.6 km, climb 180 m, 42 min
Leg 4: Red Crater to Emerald Lakes, 1.0 km, climb 0 m, 15 min
Leg 5: Emerald Lakes to Ketetahi Shelter, 3.6 km, climb 40 m, 58 min
Leg 6: Ketetahi Shelter to Ketetahi car park, 7.2 km, climb 0 m, 108 min
Total distance: 19.4 km
Total climb: 660 m
Stops: 60 min
Expected finish: 2:12 pm at Ketetahi car park (shuttle booked for 3:00 pm)
Escape: if the wind on Red Crater is too strong, turn back to Mangatepopo car park.
Intentions left with Hemi Tipene; if we have not called by 6:00 pm he rings 111 and asks for the police."""

CARDS = (
    Card(
        "Write a route card for Saturday's walk up Scafell Pike from Seathwaite (20 June 2026), leader Hannah Moss, "
        "with the legs in a Markdown table: leg, from → to, distance, ascent and time. Time each leg at 15 min per "
        "km plus 1 min per 10 m of ascent. Legs: Seathwaite Farm to Stockley Bridge 1.6 km, 40 m; Stockley Bridge to "
        "Styhead Tarn 2.8 km, 330 m; Styhead Tarn to Esk Hause 2.0 km, 300 m; Esk Hause to Scafell Pike 2.4 km, 260 "
        "m; Scafell Pike to Lingmell Col 1.2 km, no ascent; Lingmell Col back to Seathwaite Farm by the Corridor "
        "Route 5.6 km, 110 m. We are not going over Great End this time. Start 08:30 from Seathwaite Farm car park, "
        "NY 235 122; allow 60 minutes of stops. Under the table: total distance, total ascent, the expected finish, an "
        "escape route, the walkers (Hannah Moss, Tom Reid, Priya Shah, Gareth Lloyd, Ellie Ward) and who holds the "
        "route (Sue Moss).",
        SCAFELL,
        "Scafell",
        (
            "Seathwaite Farm",
            "Stockley Bridge",
            "Styhead Tarn",
            "Esk Hause",
            "Scafell Pike",
            "Lingmell Col",
            "Great End",
        ),
        "Great End",
        (Decimal(15), Decimal("0.1"), "15 min a km plus 1 min for every 10 m of ascent"),
        60,
        ("total distance", "total ascent", "start:", "expected finish", "walkers:"),
        "NY 235 122",
        (
            swap_lines(SCAFELL, "| 5 | Scafell Pike", "| 6 | Lingmell Col"),
            ("leg_time", "| 2.8 | 330 | 75 |", "| 2.8 | 330 | 42 |"),
            ("distance", "Total distance: 15.6 km", "Total distance: 16.5 km"),
            ("ascent", "Total ascent: 1,040 m", "Total ascent: 1,140 m"),
            ("finish", "Expected finish: 15:08", "Expected finish: 14:08"),
            ("escape", "\n- Escape route: from Esk Hause, down Grains Gill to Stockley Bridge", ""),
            ("group", "Walkers: 5", "Walkers: 4"),
            ("avoid", "Esk Hause | 2.0 | 300 | 60 |\n| 4 | Esk Hause", "Great End | 2.0 | 300 | 60 |\n| 4 | Great End"),
            ("grid", "NY 235 122", "NY 253 122"),
        ),
    ),
    Card(
        "Bullet points, ISO dates: a hike plan for our Mount Madison traverse on 2026-08-15, leader Maya Chen, one "
        "bullet per leg with from → to, miles, feet of climbing and minutes. Pace: 20 min per mile plus 30 min per "
        "1,000 ft of climbing. Legs: Appalachia Trailhead to Duck Fall 1.4 mi, 900 ft; Duck Fall to Madison Spring "
        "Hut 2.4 mi, 2,900 ft; the hut to the summit of Mount Madison 0.5 mi, 600 ft; Mount Madison to Osgood "
        "Junction 1.0 mi, no climbing; Osgood Junction to Great Gulf Trailhead 4.8 mi, 100 ft. Don't use the Star "
        "Lake Trail; we stay off Star Lake. Start 7:00 AM at Appalachia Trailhead (44.3716° N, 71.2891° W), with 45 "
        "minutes of breaks. Then the total distance, total elevation gain, estimated finish, a bail-out route, the "
        "hikers (Maya Chen, Luis Ortega, Sam Price, Dana Kim) and who has the trip plan (Rob Chen).",
        MADISON,
        "Madison",
        (
            "Appalachia Trailhead",
            "Duck Fall",
            "Madison Spring Hut",
            "Mount Madison",
            "Osgood Junction",
            "Great Gulf Trailhead",
            "Star Lake",
        ),
        "Star Lake",
        (Decimal(20), Decimal("0.03"), "20 min a mile plus 30 min for every 1,000 ft of climbing"),
        45,
        ("total distance", "elevation gain", "start:", "estimated finish", "hikers:"),
        "44.3716° N, 71.2891° W",
        (
            swap_lines(MADISON, "- Leg 4:", "- Leg 5:"),
            ("leg_time", "· 55 min", "· 37 min"),
            ("distance", "Total distance: 10.1 mi", "Total distance: 11.0 mi"),
            ("ascent", "Total elevation gain: 4,500 ft", "Total elevation gain: 4,050 ft"),
            ("finish", "Estimated finish: 1:22 PM", "Estimated finish: 12:22 PM"),
            (
                "escape",
                "\n- Bail-out (escape) route: from Madison Spring Hut, back down the Valley Way to Appalachia Trailhead",
                "",
            ),
            ("group", "Hikers: 4", "Hikers: 5"),
            (
                "avoid",
                "Madison Spring Hut · 2.4 mi · 2,900 ft · 135 min\n- Leg 3: Madison Spring Hut",
                "Star Lake · 2.4 mi · 2,900 ft · 135 min\n- Leg 3: Star Lake",
            ),
            ("grid", "71.2891° W", "71.2819° W"),
        ),
    ),
    Card(
        "Route card for the club's Glendalough walk on Sunday 12 April 2026 (leader Niamh Kavanagh) as fixed-width "
        "text in a code block: leg, from -> to, km, climb and minutes. We time legs at 12 min per km plus 1 min per "
        "10 m climbed. Legs: Upper Lake car park to Spinc top 2.0 km, 300 m; Spinc top to Lugduff 3.0 km, 250 m; "
        "Lugduff to Mullacor 2.5 km, 170 m; Mullacor to Miners' Village 4.0 km, 60 m; Miners' Village back to the "
        "car park 2.5 km, no climb. Not out to Conavalla this time, it's too boggy. Start 09:45 from Upper Lake car "
        "park, T 112 964, with 50 minutes of stops. Then total distance, total climb, expected finish, an escape "
        "route, the group (Niamh Kavanagh, Conor Doyle, Róisín Kelly, Fergal Nolan, Aoife Byrne, Declan Walsh) and "
        "who has the route (Pádraig Kavanagh).",
        GLENDALOUGH,
        "Glendalough",
        ("Upper Lake car park", "Spinc top", "Lugduff", "Mullacor", "Miners' Village", "Conavalla"),
        "Conavalla",
        (Decimal(12), Decimal("0.1"), "12 min a km plus 1 min for every 10 m climbed"),
        50,
        ("total distance", "total climb", "start:", "expected finish", "group of"),
        "T 112 964",
        (
            swap_lines(GLENDALOUGH, "4    Mullacor", "5    Miners'"),
            ("leg_time", "300    54", "300    24"),
            ("distance", "14.0 km", "14.5 km"),
            ("ascent", "780 m", "870 m"),
            ("finish", "EXPECTED FINISH   14:41", "EXPECTED FINISH   14:11"),
            ("escape", "\nESCAPE: from Lugduff, drop back down to Miners' Village by the zigzag path", ""),
            ("group", "GROUP OF 6", "GROUP OF 5"),
            (
                "avoid",
                "Lugduff                      3.0        250    61\n3    Lugduff -> Mullacor  ",
                "Conavalla                    3.0        250    61\n3    Conavalla -> Mullacor",
            ),
            ("grid", "T 112 964", "T 121 964"),
        ),
    ),
    Card(
        "Plain lines, no tables or bullets: a route card for the Tongariro Alpine Crossing on Saturday 14 February "
        "2026, leader Mere Tipene, party of three (Mere Tipene, James Ruru, Olivia Grant). One line per leg with the "
        "km, the climb and the minutes at 15 min per km plus 1 min per 10 m of climb: Mangatepopo car park to Soda "
        "Springs 4.0 km, 120 m; Soda Springs to South Crater 2.0 km, 320 m; South Crater to Red Crater 1.6 km, 180 "
        "m; Red Crater to Emerald Lakes 1.0 km, no climb; Emerald Lakes to Ketetahi Shelter 3.6 km, 40 m; Ketetahi "
        "Shelter to Ketetahi car park 7.2 km, no climb. We are not doing the Mount Ngauruhoe side trip. Start 7:15 am "
        "at Mangatepopo car park, BH34 854 300, with 60 minutes of stops. Then the total distance, total climb, "
        "expected finish, an escape option and who holds our intentions (Hemi Tipene).",
        TONGARIRO,
        "Tongariro",
        (
            "Mangatepopo car park",
            "Soda Springs",
            "South Crater",
            "Red Crater",
            "Emerald Lakes",
            "Ketetahi Shelter",
            "Ketetahi car park",
            "Mount Ngauruhoe",
        ),
        "Mount Ngauruhoe",
        (Decimal(15), Decimal("0.1"), "15 min a km plus 1 min for every 10 m of climb"),
        60,
        ("total distance", "total climb", "start:", "expected finish", "party of"),
        "BH34 854 300",
        (
            swap_lines(TONGARIRO, "Leg 4:", "Leg 5:"),
            ("leg_time", "climb 0 m, 108 min", "climb 0 m, 96 min"),
            ("distance", "Total distance: 19.4 km", "Total distance: 18.4 km"),
            ("ascent", "Total climb: 660 m", "Total climb: 560 m"),
            ("finish", "Expected finish: 2:12 pm", "Expected finish: 1:42 pm"),
            ("escape", "\nEscape: if the wind on Red Crater is too strong, turn back to Mangatepopo car park.", ""),
            ("group", "Party of 3", "Party of 4"),
            (
                "avoid",
                "South Crater, 2.0 km, climb 320 m, 62 min\nLeg 3: South Crater",
                "Mount Ngauruhoe, 2.0 km, climb 320 m, 62 min\nLeg 3: Mount Ngauruhoe",
            ),
            ("grid", "BH34 854 300", "BH34 845 300"),
        ),
    ),
)


def build(card: Card, on: dict[str, bool]) -> str:
    return slipped(card.text, card.slips, on, card.name)


# Reading a route card -------------------------------------------------------------------------------------------


def first_number(line: str) -> Decimal | None:
    found = NUMBER.search(line)
    return Decimal(found.group(0).replace(",", "")) if found else None


def legs(answer: str, card: Card) -> list[tuple[str, str, list[Decimal]]]:
    """(start, end, numbers left on the line) of each leg, in the order written."""
    out = []
    for line in answer.splitlines():
        lead = LEG.match(line)
        if lead is None:
            continue
        rest = line[lead.end() :]
        named = sorted((rest.index(place), place) for place in card.places if place in rest)
        if len(named) < 2:
            continue
        for _, place in named:
            rest = rest.replace(place, " ")
        out.append((named[0][1], named[1][1], [Decimal(n.replace(",", "")) for n in NUMBER.findall(rest)]))
    return out


def minutes(card: Card, distance: Decimal, climb: Decimal) -> Decimal:
    return distance * card.rule[0] + climb * card.rule[1]


WORDINGS = {
    "order": (
        "Each leg starts where the one before it ends",
        "Lists the legs in route order, every leg beginning at the previous leg's end",
    ),
    "leg_time": ("Each leg's time is worked out at {rule}", "Times every leg correctly at {rule}"),
    "distance": (
        "The total distance is the sum of the legs' distances",
        "Adds up the legs' distances correctly for the total",
    ),
    "ascent": (
        "The total ascent is the sum of the legs' ascent",
        "Gives a total climb equal to the legs' climbs added up",
    ),
    "finish": (
        "The expected finish is the start time plus the legs' times at {rule} and {stops} minutes of stops",
        "Works out the finish from the start time, every leg timed at {rule}, and {stops} minutes of breaks",
    ),
    "escape": ("Gives an escape route", "Includes a way off the route if the group has to cut the day short"),
    "group": (
        "States the number of people in the group correctly",
        "The group size it gives matches the people it names",
    ),
    "avoid": ("Does not route over {avoid}", "Keeps {avoid} out of the route"),
    "grid": ("Gives the start's location as {grid}", "Records the starting point at {grid}"),
}
"""Two wordings of each kind of criterion, filled from the card."""


def truths(card: Card, answer: str) -> dict[str, bool]:
    found = legs(answer, card)
    whole = bool(found) and all(len(numbers) >= 3 for _, _, numbers in found)
    distance, ascent, start, finish, group = (line_with(answer, words) for words in card.labels)
    begin, members = clock(start), GROUP.search(group)
    moving = sum((minutes(card, n[0], n[1]) for _, _, n in found), Decimal(0)) if whole else None
    escape = (s for s in answer.splitlines() if "escape" in s.lower())
    return {
        "order": len(found) >= 2 and all(found[i][0] == found[i - 1][1] for i in range(1, len(found))),
        "leg_time": whole and all(n[2] == minutes(card, n[0], n[1]) for _, _, n in found),
        "distance": whole and first_number(distance) == sum((n[0] for _, _, n in found), Decimal(0)),
        "ascent": whole and first_number(ascent) == sum((n[1] for _, _, n in found), Decimal(0)),
        "finish": moving is not None and begin is not None and clock(finish) == begin + moving + card.stops,
        "escape": any(place in line for line in escape for place in card.places),
        "group": members is not None and int(members.group(1)) == len([n for n in members.group(2).split(",") if n]),
        "avoid": bool(found) and all(card.avoid not in (begin_at, end) for begin_at, end, _ in found),
        "grid": card.grid in answer,
    }


def candidates(rng: random.Random, card: Card, answer: str) -> list[Criterion]:
    values = {"rule": card.rule[2], "stops": card.stops, "avoid": card.avoid, "grid": card.grid}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(card, answer).items()
    ]


SWITCHES = ("order", "leg_time", "distance", "ascent", "finish", "escape", "group", "avoid", "grid")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, CARDS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

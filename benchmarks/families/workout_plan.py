"""Workout plan family (fresh11): a week of training for the person a task describes (a gym beginner
with a sore shoulder, an upper/lower split, a home plan with no jumping, a kettlebell plan with no
sit-ups), day by day with each day's minutes, its exercises as sets and reps, the rest days asked,
a warm-up first on every training day, legs never on two days running and a stated weekly total, a
kind of answer no grader was run on while any of its rules was written. Run only as
`--set fresh11`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the plan in Markdown, its days under headings or bold lines (weekdays in full or
abbreviated), the exercises as bullets or numbered items ("3 x 10", "4 × 6–8" or "4 sets of 10"),
written right and then changed by switches: the number of rest days asked or a training day
relabelled a rest day, every day within the task's minutes or one over it (another day shortened
by as much, so the week's sum holds), a weekly total that is the days' sum or not, every exercise
with sets and reps or one without, legs on days apart or a leg exercise the day after a leg day,
nothing the task rules out or one such exercise, the days Monday to Sunday or two swapped, a
warm-up opening every training day or one without, and at least the exercises asked on every
training day or one fewer. Every truth is read from the text: the days found by their headings'
weekday, rest days by the word in the heading, minutes by pattern, the exercises as the items under
a day, leg exercises and ruled-out ones by name, and the weekly total from its line (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "workout_plan"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
HEADING = re.compile(r"^\s*(?:#{1,6}\s+(.+?)|\*\*([^*]+)\*\*)\s*$")
ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(.*\S)")
DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
WEEKDAY = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)(?:day|sday|nesday|rsday|urday|rs|s)?\b", re.I)
MINUTES = re.compile(r"(\d+)\s*(?:min|mins|minutes)\b", re.I)
REST = re.compile(r"\brest\b", re.I)
SETS_REPS = re.compile(r"\b\d+\s*(?:[x×]|sets?\s+of)\s*\d+", re.I)
LEGS = re.compile(r"squat|lunge|deadlift|leg (?:press|curl|extension)|step-up|calf raise|glute bridge", re.I)
WARMUP = re.compile(r"warm[\s-]?up", re.I)
WORDS = ("no", "one", "two", "three", "four")


@dataclass(frozen=True)
class Plan:
    task: str
    text: str
    """The answer written right."""
    rest: int
    cap: int
    """The most minutes a day may take."""
    least: int
    """The fewest exercises a training day may have."""
    forbidden: str
    """What the task rules out, as the criteria name it."""
    ruled_out: str
    """A pattern for an exercise the task rules out."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


def swap(first: str, second: str) -> tuple[str, str, str]:
    """The order switch's slip: two days' blocks exchanged."""
    return ("order", f"{first}\n\n{second}", f"{second}\n\n{first}")


GYM = swap(
    "### Thursday — Rest day\n\nRest. A walk is fine.",
    """### Friday — Full body C (50 min)
*Warm-up:* 8 min easy bike

- Leg press: 3 x 12
- Chest-supported row: 3 x 10
- Push-up: 3 x 8
- Cable crunch: 3 x 12""",
)
SPLIT = swap(
    """**Wednesday · Arms & core (40 min)**
Warm-up — 5 min light band work
* Barbell curl — 3 × 10
* Hammer curl — 3 × 12
* Cable crunch — 3 × 15
* Ab wheel rollout — 3 × 8
* Dips — 3 × 10""",
    """**Thursday · Upper B (65 min)**
Warm-up — arm circles and band pull-aparts
* Weighted pull-up — 4 × 6
* Dumbbell bench press — 4 × 10
* Seated cable row — 3 × 12
* Lateral raise — 3 × 15
* Face pull — 3 × 15""",
)
HOME = swap(
    """## Day 1 — Monday: Push (35 minutes)
Warm up: 5 minutes of arm circles and shoulder rolls.
- Push-up: 4 x 10
- Pike push-up: 3 x 8
- Chair dip: 3 x 12
- Plank shoulder tap: 3 x 20""",
    """## Day 2 — Tuesday: Legs (40 minutes)
Warm up: 5 minutes of leg swings and marching on the spot.
- Bodyweight squat: 4 x 15
- Reverse lunge: 3 x 10 per leg
- Glute bridge: 3 x 15
- Single-leg calf raise: 3 x 15 per leg""",
)
BELL = swap(
    """#### FRI — Upper & core (40 min)
Warm-up: 5 min halos and arm circles
1. Kettlebell halo — 3 sets of 10
2. Gorilla row — 4 sets of 10
3. Close-grip push-up — 3 sets of 10
4. Russian twist — 3 sets of 20""",
    """#### SAT — Mobility (25 min)
Warm-up: 5 min of deep breathing and neck rolls
1. Cat-cow — 2 sets of 10
2. Thoracic rotation — 2 sets of 10 per side
3. Band pull-apart — 3 sets of 15
4. Wall slide — 2 sets of 12""",
)

PLANS = (
    Plan(
        "Weekly gym plan for a beginner with a sore shoulder (no overhead pressing): exactly two rest days, at most 60 "
        "minutes a day, at least 4 exercises a training day with sets and reps, a warm-up first each training day, "
        "legs never on back-to-back days, and the weekly total in minutes.",
        f"""# Beginner gym week

### Monday — Full body A (50 min)
*Warm-up:* 8 min easy bike

- Goblet squat: 3 x 10
- Dumbbell bench press: 3 x 10
- Seated cable row: 3 x 12
- Dead bug: 3 x 10

### Tuesday — Core & mobility (30 min)
*Warm-up:* 5 min arm circles and band pull-aparts

- Cat-cow: 2 x 10
- Pallof press: 3 x 12 per side
- Band pull-apart: 3 x 15
- Thoracic rotation: 2 x 10 per side

### Wednesday — Full body B (55 min)
*Warm-up:* 8 min easy rowing

- Romanian deadlift: 3 x 10
- Incline push-up: 3 x 12
- Lat pulldown: 3 x 12
- Face pull: 3 x 15

{GYM[1]}

### Saturday — Mobility & core (25 min)
*Warm-up:* 5 min shoulder rolls and arm circles

- Wall slide: 2 x 12
- Side-lying external rotation: 2 x 12 per side
- Dead bug: 3 x 10
- Scapular push-up: 2 x 12

### Sunday — Rest day

**Weekly total:** 210 minutes

No overhead pressing anywhere, to protect your shoulder. Add 2.5 kg when every set feels easy.""",
        2,
        60,
        4,
        "overhead pressing",
        r"overhead|shoulder press|military press|push press|arnold press",
        (
            GYM,
            ("rest", "Saturday — Mobility & core (25 min)", "Saturday — Rest day, optional mobility (25 min)"),
            ("minutes", "Full body A (50 min)", "Full body A (70 min)"),
            ("minutes", "Full body B (55 min)", "Full body B (35 min)"),
            ("weekly", "**Weekly total:** 210 minutes", "**Weekly total:** 200 minutes"),
            ("sets_reps", "- Lat pulldown: 3 x 12", "- Lat pulldown: 3 sets, to failure"),
            ("legs", "- Pallof press: 3 x 12 per side", "- Walking lunge: 3 x 10 per side"),
            ("forbidden", "- Push-up: 3 x 8", "- Seated overhead dumbbell press: 3 x 8"),
            ("warmup", "*Warm-up:* 8 min easy rowing\n\n", ""),
            ("exercises", "\n- Face pull: 3 x 15", ""),
        ),
    ),
    Plan(
        "Upper/lower split for an intermediate lifter: one rest day only, sessions of 75 minutes at most, at least 5 "
        "exercises per training day written as sets × reps, each day opening with a warm-up, lower-body days not "
        "back to back, no upright rows (shoulder impingement), and the total minutes for the week.",
        f"""**Monday · Upper A (65 min)**
Warm-up — band dislocates and 2 light sets of push-ups
* Bench press — 4 × 6–8
* Barbell row — 4 × 8
* Incline dumbbell press — 3 × 10
* Lat pulldown — 3 × 10
* Triceps pushdown — 3 × 12

**Tuesday · Lower A (70 min)**
Warm-up — 10 min bike and bodyweight squats
* Back squat — 4 × 5
* Romanian deadlift — 3 × 8
* Walking lunge — 3 × 12
* Leg curl — 3 × 12
* Calf raise — 4 × 15

{SPLIT[1]}

**Friday · Lower B (70 min)**
Warm-up — 10 min bike and hip openers
* Deadlift — 4 × 5
* Bulgarian split squat — 3 × 10
* Leg press — 3 × 12
* Leg extension — 3 × 15
* Seated calf raise — 3 × 15

**Saturday · Upper conditioning & core (45 min)**
Warm-up — arm circles and light band rows
* Push-up — 3 × 15
* Inverted row — 3 × 12
* Russian twist — 3 × 20
* Pallof press — 3 × 12
* Band pull-apart — 3 × 20

**Sunday · Rest**

Total for the week: 355 min. Rest 2–3 minutes between heavy sets.""",
        1,
        75,
        5,
        "upright rows",
        r"upright row",
        (
            SPLIT,
            ("rest", "Upper conditioning & core (45 min)", "Rest day, optional conditioning (45 min)"),
            ("minutes", "Lower A (70 min)", "Lower A (90 min)"),
            ("minutes", "Arms & core (40 min)", "Arms & core (20 min)"),
            ("weekly", "Total for the week: 355 min", "Total for the week: 345 min"),
            ("sets_reps", "* Lateral raise — 3 × 15", "* Lateral raise — a few light sets"),
            ("legs", "* Dips — 3 × 10", "* Goblet squat — 3 × 10"),
            ("forbidden", "* Calf raise — 4 × 15", "* Upright row — 3 × 12"),
            ("warmup", "Warm-up — band dislocates and 2 light sets of push-ups\n", ""),
            ("exercises", "\n* Face pull — 3 × 15", ""),
        ),
    ),
    Plan(
        "Home workout week, bodyweight only. I live above a neighbour, so no jumping at all. Three rest days, no "
        "session longer than 45 minutes, at least 4 exercises per workout with sets and reps, warm up first each "
        "time, never train legs two days in a row, and tell me the total minutes for the week.",
        f"""# Home plan (bodyweight, no jumping)

{HOME[1]}

## Day 3 — Wednesday: Rest

## Day 4 — Thursday: Pull & core (35 minutes)
Warm up: 5 minutes of arm swings and cat-cow.
- Doorframe row: 4 x 10
- Superman: 3 x 12
- Dead bug: 3 x 10
- Reverse snow angel: 3 x 12

## Day 5 — Friday: Legs (40 minutes)
Warm up: 5 minutes of leg swings and hip circles.
- Split squat: 3 x 10 per leg
- Step-up: 3 x 12 per leg
- Single-leg glute bridge: 3 x 10 per leg
- Calf raise: 3 x 20

## Day 6 — Saturday: Rest

## Day 7 — Sunday: Rest

That's 150 minutes across the week.""",
        3,
        45,
        4,
        "jumping exercises",
        r"jump|burpee|hop\b|skater|plyo",
        (
            HOME,
            ("rest", "Thursday: Pull & core", "Thursday: Rest day, optional pull & core"),
            ("minutes", "Tuesday: Legs (40 minutes)", "Tuesday: Legs (55 minutes)"),
            ("minutes", "Monday: Push (35 minutes)", "Monday: Push (20 minutes)"),
            ("weekly", "That's 150 minutes", "That's 160 minutes"),
            ("sets_reps", "- Superman: 3 x 12", "- Superman: hold for as long as you can"),
            ("legs", "- Plank shoulder tap: 3 x 20", "- Wall-supported squat: 3 x 15"),
            ("forbidden", "- Calf raise: 3 x 20", "- Jump squat: 3 x 10"),
            ("warmup", "Warm up: 5 minutes of leg swings and hip circles.\n", ""),
            ("exercises", "\n- Chair dip: 3 x 12", ""),
        ),
    ),
    Plan(
        "Kettlebell week for me: two rest days, 50 minutes max per day, every training day starting with a warm-up "
        "and having at least 4 exercises with sets and reps, legs on days that aren't consecutive, no sit-ups or "
        "crunches (lower back), and the total training time for the week. Use MON, TUE ... as day names.",
        f"""#### MON — Lower body (45 min)
Warm-up: 5 min easy bike and hip circles
1. Kettlebell goblet squat — 4 sets of 10
2. Kettlebell deadlift — 4 sets of 8
3. Reverse lunge — 3 sets of 10 per leg
4. Hollow body rock — 3 sets of 12

#### TUE — Upper body (40 min)
Warm-up: 5 min arm circles and band pull-aparts
1. Kettlebell floor press — 4 sets of 10
2. Single-arm row — 4 sets of 10 per side
3. Push-up — 3 sets of 12
4. Renegade row — 3 sets of 8

#### WED — Rest

#### THU — Lower body (45 min)
Warm-up: 5 min easy bike and leg swings
1. Kettlebell swing — 5 sets of 15
2. Front-rack squat — 4 sets of 8
3. Single-leg deadlift — 3 sets of 8 per leg
4. Dead bug — 3 sets of 10

{BELL[1]}

#### SUN — Rest

**Total training time this week:** 195 minutes""",
        2,
        50,
        4,
        "sit-ups or crunches",
        r"sit-?ups?|crunch",
        (
            BELL,
            ("rest", "#### SAT — Mobility (25 min)", "#### SAT — Rest day + optional mobility (25 min)"),
            ("minutes", "#### MON — Lower body (45 min)", "#### MON — Lower body (65 min)"),
            ("minutes", "#### TUE — Upper body (40 min)", "#### TUE — Upper body (20 min)"),
            ("weekly", "this week:** 195 minutes", "this week:** 205 minutes"),
            ("sets_reps", "2. Single-arm row — 4 sets of 10 per side", "2. Single-arm row — as many as you can"),
            ("legs", "1. Kettlebell halo — 3 sets of 10", "1. Goblet squat — 3 sets of 10"),
            ("forbidden", "4. Dead bug — 3 sets of 10", "4. Sit-up — 3 sets of 15"),
            ("warmup", "Warm-up: 5 min arm circles and band pull-aparts\n", ""),
            ("exercises", "\n3. Close-grip push-up — 3 sets of 10", ""),
        ),
    ),
)


def build(plan: Plan, on: dict[str, bool]) -> str:
    return slipped(plan.text, plan.slips, on, plan.forbidden)


# Reading a plan ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Day:
    weekday: int
    """0 for Monday to 6 for Sunday."""
    heading: str
    body: tuple[str, ...]

    @property
    def rest(self) -> bool:
        return REST.search(self.heading) is not None

    @property
    def minutes(self) -> int:
        return int(m.group(1)) if (m := MINUTES.search(self.heading)) else 0

    @property
    def exercises(self) -> list[str]:
        return [m.group(1) for line in self.body if (m := ITEM.match(line))]


def days(answer: str) -> list[Day]:
    """The days as written: every heading (or bold line) naming a weekday, with the lines under it."""
    out: list[tuple[int, str, list[str]]] = []
    collecting = False
    for line in answer.splitlines():
        if heading := HEADING.match(line):
            name = WEEKDAY.search(heading.group(1) or heading.group(2))
            if name:
                out.append((DAYS.index(name.group(1).lower()[:3]), line, []))
            collecting = name is not None
        elif collecting and line.strip():
            out[-1][2].append(line)
    return [Day(weekday, heading, tuple(body)) for weekday, heading, body in out]


def stated_total(answer: str) -> int | None:
    """The minutes on the first line that speaks of the week and is not a day's heading."""
    lines = (line for line in answer.splitlines() if "week" in line.lower() and not HEADING.match(line))
    return next((int(m.group(1)) for line in lines if (m := MINUTES.search(line))), None)


def legs_apart(found: list[Day]) -> bool:
    legs = {day.weekday for day in found if any(LEGS.search(e) for e in day.exercises)}
    return bool(legs) and not any(day + 1 in legs for day in legs)


WORDINGS = {
    "rest": ("Includes exactly {rest_days}", "Has {rest_days} in the week, no more and no fewer"),
    "minutes": ("No day exceeds {cap} minutes", "Every day's session takes {cap} minutes or less"),
    "weekly": ("The weekly total stated matches the sum of the days", "The week's total adds up the daily minutes"),
    "sets_reps": ("Every exercise has sets and reps", "Each exercise is given as a number of sets and of reps"),
    "legs": ("Legs are trained on non-consecutive days", "No two days in a row both train legs"),
    "forbidden": ("Includes no {forbidden}", "Leaves out {forbidden} entirely"),
    "order": ("Lists the days in order from Monday to Sunday", "The days run Monday through Sunday in order"),
    "warmup": ("Every training day starts with a warm-up", "Each workout day opens with a warm-up"),
    "exercises": ("Every training day has at least {least} exercises", "No workout day has under {least} exercises"),
}
"""Two wordings of each kind of criterion, filled from the plan."""


def truths(plan: Plan, answer: str) -> dict[str, bool]:
    found = days(answer)
    training = [day for day in found if not day.rest]
    exercises = [e for day in found for e in day.exercises]
    return {
        "rest": sum(day.rest for day in found) == plan.rest,
        "minutes": bool(found) and all(day.minutes <= plan.cap for day in found),
        "weekly": bool(found) and stated_total(answer) == sum(day.minutes for day in found),
        "sets_reps": bool(exercises) and all(SETS_REPS.search(e) for e in exercises),
        "legs": legs_apart(found),
        "forbidden": bool(exercises) and not any(re.search(plan.ruled_out, e, re.I) for e in exercises),
        "order": [day.weekday for day in found] == list(range(7)),
        "warmup": bool(training)
        and all(day.body and WARMUP.search(day.body[0]) and not ITEM.match(day.body[0]) for day in training),
        "exercises": bool(training) and all(len(day.exercises) >= plan.least for day in training),
    }


def candidates(rng: random.Random, plan: Plan, answer: str) -> list[Criterion]:
    rest_days = f"{WORDS[plan.rest]} rest day{'s' if plan.rest != 1 else ''}"
    filled = {"rest_days": rest_days, "cap": plan.cap, "forbidden": plan.forbidden, "least": plan.least}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **filled), bool(truth), kind, FAMILY)
        for kind, truth in truths(plan, answer).items()
    ]


SWITCHES = ("rest", "minutes", "weekly", "sets_reps", "legs", "forbidden", "order", "warmup", "exercises")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, PLANS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

"""Lesson plan family (fresh6): the plan for a lesson the task describes (the water cycle for
grade 5, Pythagoras' theorem for year 9, finding the main idea for grade 2, rates of reaction
for grade 10), with its subject, grade and length, objectives, materials, timed activities and
an assessment, a kind of answer no grader was run on while any of its rules was written. Run
only as `--set fresh6`, never in `all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the plan, after a lead-in line or none, its sections under Markdown or bold
headings and its activities as a table, a numbered list or bullets, written right and then
changed by switches: as many objectives as the task asks or one more, every objective opening
with a measurable verb or one with "understand", "know" or "learn", activity times that add up
to the lesson or five minutes over, a time for every activity or a last one without, no activity
over the task's longest or one five minutes past it (another as much shorter), the named item in
the materials list or a neighbouring one in its place, the activity the task asks for or
another in its slot, and an assessment section or a homework one. Every truth is a function of
the answer's text: the sections are read off by their headings, their items and the activities'
minutes line by line or cell by cell, and the minutes summed (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "lesson_plan"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
HEADING = re.compile(r"^\s*(?:#{1,6}\s+(.+?)|\*\*([^*]+?)\*\*:?)\s*$")
ITEM = re.compile(r"^\s*(?:[-*]|\d+[.)])\s+(.*\S)")
ROW = re.compile(r"^\s*\|(.+)\|\s*$")
MINUTES = re.compile(r"(\d+)\s*(?:min|mins|minutes)\b", re.IGNORECASE)
ASSESSMENT = re.compile(r"assessment|exit ticket|check(?:ing)? for understanding", re.IGNORECASE)
PREFIX = re.compile(r"^(?:students will(?: be able to)?|SWBAT)\s+", re.IGNORECASE)
VAGUE = {"understand", "know", "learn", "appreciate", "see"}
WORDS = {2: "two", 3: "three", 4: "four"}


@dataclass(frozen=True)
class Lesson:
    task: str
    lead: str
    top: str
    """The title and the line under it."""
    style: str
    """`table`, `numbered` or `bullets`: how the activities are written."""
    heading: str
    """A section heading, `{}` its title."""
    sections: tuple[str, str, str]
    """The titles of the objectives, materials and activities sections."""
    duration: int
    objectives: tuple[str, ...]
    extra: str
    """The objective an answer with one too many adds."""
    materials: tuple[str, ...]
    activities: tuple[tuple[str, int, str], ...]
    """(title, minutes, what happens), the minutes summing to `duration`."""
    untimed: tuple[str, str]
    """The activity an answer without a time for every activity adds at the end."""
    longest: tuple[int, int, int, int]
    """(the longest an activity may be, the activity of that length an answer over it makes five
    minutes longer, the one it makes five shorter, the one an answer with the wrong sum makes five longer)."""
    wanted: tuple[str, str, str]
    """(a pattern for the named material, how a criterion names it, the activity pattern)."""
    activity: str
    """How a criterion names the activity the task asks for."""
    ending: tuple[str, str, str, str]
    """(assessment heading, its text, homework heading, its text)."""
    slips: tuple[tuple[str, str, int, str, str], ...]
    """(switch, part, index, old, new): what an answer with the switch off writes instead."""


LESSONS = (
    Lesson(
        "Write a lesson plan for my grade 5 science class on the water cycle, 45 minutes. I want exactly 3 "
        "learning objectives with measurable verbs, a materials list (we're doing the water-cycle-in-a-bag "
        "experiment, so zip-lock bags), a think-pair-share somewhere, timed activities that fill the 45 minutes "
        "with none longer than 15 minutes, and an exit ticket at the end.",
        "Here's a plan you can use:",
        "# Lesson plan: The water cycle\n\nGrade 5 science · 45 minutes",
        "table",
        "## {}",
        ("Learning objectives", "Materials", "Activities"),
        45,
        (
            "Name the four stages of the water cycle.",
            "Explain how the sun's heat drives evaporation.",
            "Draw and label a diagram of the water cycle.",
        ),
        "Describe where water is stored on Earth.",
        ("Zip-lock bags (one per pair)", "Blue food colouring", "Tape", "Markers", "Diagram worksheet"),
        (
            ("Warm-up", 5, "Where does rain come from? Quick show of hands."),
            ("Mini-lesson", 10, "Evaporation, condensation and precipitation with a slide of the cycle."),
            ("Water cycle in a bag", 15, "Pairs add coloured water to a zip-lock bag and tape it to the window."),
            ("Think-pair-share", 5, "What would happen to the cycle without the sun?"),
            ("Labelled diagram", 10, "Students draw the cycle and label each stage on the worksheet."),
        ),
        ("Pack away", "Bags stay on the window until tomorrow."),
        (15, 2, 1, 0),
        (r"zip[- ]?lock bags?", "zip-lock bags", r"think[- ]pair[- ]share"),
        "a think-pair-share",
        (
            "Exit ticket",
            "Each student writes the four stages in order and one sentence on what the sun does.",
            "Homework",
            "Finish the diagram at home and bring it to the next lesson.",
        ),
        (
            ("verbs", "objectives", 1, "Explain how", "Understand how"),
            ("material", "materials", 0, "Zip-lock bags", "Clear plastic cups"),
            ("activity", "activities", 3, "Think-pair-share", "Whole-class discussion"),
        ),
    ),
    Lesson(
        "Can you plan a 60-minute year 9 maths lesson introducing Pythagoras' theorem? 4 learning objectives, "
        "each starting with a measurable verb; list the materials and make sure mini whiteboards are on it; "
        "include a card sort; give every activity a time, totalling 60 minutes, no activity over 20 minutes; and "
        "finish with an exit ticket.",
        "",
        "**Pythagoras' theorem** — Year 9 maths, 60 minutes",
        "numbered",
        "**{}**",
        ("Objectives", "Resources and materials", "Lesson sequence"),
        60,
        (
            "Identify the hypotenuse of a right-angled triangle.",
            "State Pythagoras' theorem in words and as a formula.",
            "Calculate the length of a missing side.",
            "Decide whether a triangle is right-angled from its side lengths.",
        ),
        "Apply the theorem to a ladder leaning against a wall.",
        ("Mini whiteboards and pens", "Triangle cards (one set per pair)", "Practice worksheet", "Rulers"),
        (
            ("Starter quiz", 10, "squares and square roots, answers shown on the board."),
            ("Teacher demonstration", 10, "squares drawn on the sides of a 3-4-5 triangle."),
            ("Card sort", 10, "pairs sort triangles by which side is the hypotenuse."),
            ("Guided practice", 10, "students answer on mini whiteboards and hold them up."),
            ("Independent practice", 20, "worksheet problems, easiest first."),
        ),
        ("Tidy up", "cards back in their envelopes."),
        (20, 4, 3, 2),
        (r"mini[- ]whiteboards?", "mini whiteboards", r"card[- ]sort"),
        "a card sort",
        (
            "Exit ticket",
            "Three questions: find the hypotenuse, find a shorter side, and is a 5, 11, 12 triangle right-angled?",
            "Homework",
            "Questions 1 to 8 on page 112 of the textbook.",
        ),
        (
            ("verbs", "objectives", 2, "Calculate the length", "Know how to find the length"),
            ("material", "materials", 0, "Mini whiteboards and pens", "Exercise books"),
            ("activity", "activities", 2, "Card sort", "Matching worksheet"),
        ),
    ),
    Lesson(
        "Please write a 40-minute reading lesson plan for grade 2 on finding the main idea. Two learning "
        "objectives (measurable), a materials list that includes sticky notes, start with a read-aloud, time "
        "each activity so they add up to 40 minutes and keep every activity to 15 minutes or less, and end with "
        "an exit ticket.",
        "Sure - here is a lesson plan for your grade 2 class.",
        "### Finding the main idea (Grade 2 reading, 40 minutes)",
        "bullets",
        "### {}",
        ("Objectives", "Materials", "Procedure"),
        40,
        (
            "Identify the main idea of a short paragraph.",
            "Find two details that support the main idea.",
        ),
        "Retell the story in their own words.",
        ("Picture book: The Busy Beaver", "Sticky notes in two colours", "Short passages, one per pair", "Chart paper"),
        (
            ("Read-aloud of The Busy Beaver", 10, "stop twice to ask what the page is mostly about."),
            ("Modelling", 5, "the main idea as a table top and the details as its legs, on chart paper."),
            ("Partner practice", 15, "pairs read a short passage and write its main idea on a sticky note."),
            ("Share and sort", 10, "pairs stick their notes on the chart and the class sorts them."),
        ),
        ("Transition", "back to desks and put the passages away."),
        (15, 2, 3, 1),
        (r"sticky notes?", "sticky notes", r"read[- ]aloud"),
        "a read-aloud",
        (
            "Exit ticket",
            "Students read a three-sentence paragraph and circle the sentence that gives the main idea.",
            "Extension",
            "Early finishers draw a picture that shows the main idea of their passage.",
        ),
        (
            (
                "verbs",
                "objectives",
                0,
                "Identify the main idea of a short paragraph.",
                "Learn what the main idea of a short paragraph is.",
            ),
            ("material", "materials", 1, "Sticky notes in two colours", "Index cards in two colours"),
            ("activity", "activities", 0, "Read-aloud of", "Independent reading of"),
        ),
    ),
    Lesson(
        "I need a 50-minute chemistry lesson plan for grade 10 on how temperature affects the rate of reaction. "
        "Give 3 learning objectives with measurable verbs, a materials list (stopwatches must be on it), a safety "
        "briefing before the practical, timings for every activity adding up to 50 minutes with nothing over 20 "
        "minutes, and an assessment at the end.",
        "Here is the lesson plan:",
        "# Rates of reaction: the effect of temperature\n\n*Grade 10 chemistry, 50 minutes*",
        "table",
        "## {}",
        ("Learning objectives", "Materials", "Lesson outline"),
        50,
        (
            "Describe how temperature affects the rate of a reaction.",
            "Measure the volume of gas given off at regular intervals.",
            "Explain the results using collision theory.",
        ),
        "Evaluate how reliable the method is.",
        ("Marble chips", "Dilute hydrochloric acid", "Gas syringes", "Stopwatches", "Safety goggles"),
        (
            ("Starter", 5, "Why does sugar dissolve faster in hot tea?"),
            ("Safety briefing", 5, "Goggles on, acid handling, what to do with a spill."),
            ("Practical", 20, "Groups react marble chips with acid at three temperatures and record the gas."),
            ("Rate graph", 10, "Groups plot volume against time for each temperature."),
            ("Plenary", 10, "Link the graphs to collision theory as a class."),
        ),
        ("Clear up", "Rinse the glassware and return the syringes."),
        (20, 2, 4, 0),
        (r"stop[- ]?watch(?:es)?", "stopwatches", r"safety briefing"),
        "a safety briefing",
        (
            "Assessment",
            "A four-question exit quiz on the practical, marked before the next lesson.",
            "Homework",
            "Write up the method and results for the practical.",
        ),
        (
            ("verbs", "objectives", 2, "Explain the results", "Understand the results"),
            ("material", "materials", 3, "Stopwatches", "Thermometers"),
            (
                "activity",
                "activities",
                1,
                "Safety briefing\tGoggles on, acid handling, what to do with a spill.",
                "Recap of last lesson\tThree quick questions on collision theory.",
            ),
        ),
    ),
)


def planned(lesson: Lesson, on: dict[str, bool]) -> dict[str, list]:
    """The objectives, materials and activities an answer gives, its slips made."""
    parts: dict[str, list] = {
        "objectives": list(lesson.objectives) + ([] if on["objectives"] else [lesson.extra]),
        "materials": list(lesson.materials),
        "activities": [list(activity) for activity in lesson.activities],
    }
    for switch, part, at, old, new in lesson.slips:
        if not on[switch]:
            item = parts[part][at]
            if old not in (f"{item[0]}\t{item[2]}" if part == "activities" else item):
                raise ValueError(f"{lesson.sections}: {switch} finds no {old!r}")
            if part == "activities":
                item[0], item[2] = f"{item[0]}\t{item[2]}".replace(old, new).split("\t")
            else:
                parts[part][at] = item.replace(old, new)
    activities = parts["activities"]
    _, longer, shorter, over = lesson.longest
    if not on["max"]:
        activities[longer][1] += 5
        activities[shorter][1] -= 5
    if not on["sum"]:
        activities[over][1] += 5
    if not on["durations"]:
        activities.append([lesson.untimed[0], None, lesson.untimed[1]])
    return parts


def activity_lines(lesson: Lesson, activities: list) -> list[str]:
    if lesson.style == "table":
        rows = [f"| {t} | {f'{m} min' if m else '—'} | {d} |" for t, m, d in activities]
        return ["| Activity | Time | What happens |", "|---|---|---|", *rows]
    if lesson.style == "numbered":
        return [f"{at}. **{t}**{f' ({m} min)' if m else ''} — {d}" for at, (t, m, d) in enumerate(activities, 1)]
    return [f"- **{m} min** · {t}: {d}" if m else f"- {t}: {d}" for t, m, d in activities]


def build(lesson: Lesson, on: dict[str, bool]) -> str:
    parts = planned(lesson, on)
    aims, things, steps = lesson.sections
    ending = lesson.ending[:2] if on["assessment"] else lesson.ending[2:]
    blocks = [
        lesson.top,
        lesson.heading.format(aims),
        "By the end of the lesson, students will be able to:",
        "\n".join(f"{at}. {text}" for at, text in enumerate(parts["objectives"], 1)),
        lesson.heading.format(things),
        "\n".join(f"- {text}" for text in parts["materials"]),
        lesson.heading.format(steps),
        "\n".join(activity_lines(lesson, parts["activities"])),
        lesson.heading.format(ending[0]),
        ending[1],
    ]
    text = "\n\n".join(blocks)
    return f"{lesson.lead}\n\n{text}" if lesson.lead else text


# Reading a plan -------------------------------------------------------------------------------


def sections(answer: str) -> list[tuple[str, list[str]]]:
    """(heading, the lines under it) for every heading of the answer."""
    out: list[tuple[str, list[str]]] = []
    for line in answer.splitlines():
        if match := HEADING.match(line):
            out.append(((match.group(1) or match.group(2)).strip(), []))
        elif out:
            out[-1][1].append(line)
    return out


def section(answer: str, pattern: str) -> list[str]:
    return next((lines for title, lines in sections(answer) if re.search(pattern, title, re.IGNORECASE)), [])


def items(lines: list[str]) -> list[str]:
    return [match.group(1) for line in lines if (match := ITEM.match(line))]


def verb_of(objective: str) -> str:
    text = PREFIX.sub("", objective.replace("*", "").strip())
    return text.split()[0].lower().strip(".,:") if text.split() else ""


def activities(answer: str) -> list[tuple[str, int | None]]:
    """(text, minutes or None) for every activity of the plan."""
    lines = section(answer, r"activit|sequence|procedure|outline")
    rows = [[cell.strip() for cell in match.group(1).split("|")] for line in lines if (match := ROW.match(line))]
    rows = [row for row in rows if not all(re.fullmatch(r":?-+:?", cell) for cell in row)]
    if rows:
        at = next(i for i, cell in enumerate(rows[0]) if re.search(r"time|min|duration", cell, re.IGNORECASE))
        out = []
        for row in rows[1:]:
            number = re.search(r"\d+", row[at])
            out.append(
                (" ".join(cell for i, cell in enumerate(row) if i != at), int(number.group()) if number else None)
            )
        return out
    return [(text, int(m.group(1)) if (m := MINUTES.search(text)) else None) for text in items(lines)]


def candidates(rng: random.Random, lesson: Lesson, answer: str) -> list[Criterion]:
    aims = items(section(answer, r"objective"))
    things = items(section(answer, r"material|resource"))
    steps = activities(answer)
    minutes = [m for _, m in steps if m is not None]
    limit, count, length = lesson.longest[0], len(lesson.objectives), lesson.duration
    material, item, activity = lesson.wanted
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "objectives",
            len(aims) == count,
            (f"Lists exactly {count} learning objectives", f"Has {WORDS[count]} learning objectives, no more"),
        ),
        (
            "verbs",
            bool(aims) and all(verb_of(aim) not in VAGUE for aim in aims),
            (
                "Every learning objective starts with a measurable verb",
                'Each objective uses an observable action verb rather than "understand" or "know"',
            ),
        ),
        (
            "sum",
            sum(minutes) == length,
            (f"The activity times add up to the full {length} minutes", f"The timings sum to exactly {length} minutes"),
        ),
        (
            "durations",
            bool(steps) and all(m is not None for _, m in steps),
            ("Gives a duration for every activity", "Each activity has its time in minutes"),
        ),
        (
            "max",
            bool(minutes) and max(minutes) <= limit,
            (f"No activity lasts longer than {limit} minutes", f"Every activity is {limit} minutes or shorter"),
        ),
        (
            "material",
            any(re.search(material, thing, re.IGNORECASE) for thing in things),
            (f"The materials list includes {item}", f"Lists {item} among the materials"),
        ),
        (
            "activity",
            any(re.search(activity, text, re.IGNORECASE) for text, _ in steps),
            (f"Includes {lesson.activity} as one of the activities", f"The plan has {lesson.activity} in it"),
        ),
        (
            "assessment",
            any(ASSESSMENT.search(title) for title, _ in sections(answer)),
            ("Has an assessment section, such as an exit ticket", "Includes an exit ticket or other assessment"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("objectives", "verbs", "sum", "durations", "max", "material", "activity", "assessment")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, LESSONS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

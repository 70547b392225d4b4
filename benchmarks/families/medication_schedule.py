"""Medication schedule family (fresh16): the daily schedule a task asks for from a list of prescriptions (a
woman home after a hip operation, a man on a steroid course, a patient with gout and an infection, a man
with diabetes and a skin infection), one line a dose with its time, medicine, dose and how to take it, a
note of how long the antibiotic pack lasts and a closing line, a kind of answer no grader was run on while
any of its rules was written. Run only as `--set fresh16`, never in `all`, `new`, `docs`, `held` or an
earlier fresh set.

An answer is the schedule as a Markdown table (24-hour or am/pm times), as bullets or as columns in a
fenced block, written right and then changed by switches: the doses in time order or two swapped, the
medicine that must come first 30 minutes before anything else or too close to the next dose, the
antibiotic's doses evenly spaced or one moved, the medicine taken with food marked so at every dose or once
not, the statin at bedtime or earlier, the painkiller within its daily maximum or one dose raised, no
anti-inflammatory or one added, the days the pack lasts right or not, and a last line sending the patient
to a pharmacist or doctor or none. Every truth is read from the text: a dose is a line with a time (`06:30`
or `7:00 pm`) and the medicine named on it; its amount is the first `mg`, `g` or `mcg` figure after the
name; taken with food means `with` or `after` food, a meal, breakfast, lunch or dinner; the days the pack
lasts are the figure in `last(s) N days`.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "medication_schedule"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
TIME = re.compile(r"\b(\d{1,2}):(\d{2})(?:\s*([ap])\.?m\b\.?)?", re.I)
AMOUNT = re.compile(r"(\d[\d,]*(?:\.\d+)?)\s*(mcg|mg|g)\b")
FOOD = re.compile(r"\b(?:with|after)\s+(?:a\s+|your\s+|the\s+)?(?:food|meal|breakfast|lunch|dinner|supper)\b", re.I)
NSAID = re.compile(r"\b(?:ibuprofen|naproxen|diclofenac|aspirin|celecoxib)\b", re.I)
LASTS = re.compile(r"\blasts?\s+(\d+)\s+days?\b", re.I)
ADVICE = re.compile(r"\bpharmacist|\bdoctor|\bGP\b")

Dose = tuple[int, str]
"""A dose line's time in minutes after midnight, and the line."""


@dataclass(frozen=True)
class Patient:
    task: str
    text: str
    """The answer written right."""
    name: str
    first: str
    antibiotic: tuple[str, int, int, str]
    """(medicine, hours between doses, how many in the pack, the pack in words)."""
    food: str
    statin: tuple[str, int, str]
    """(medicine, the bedtime in minutes after midnight, the bedtime as written)."""
    painkiller: tuple[str, int, str]
    """(medicine, the most a day in mg, the most in words)."""
    banned: str
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


HILL = """Here's Margaret's daily schedule while she recovers at home:

| Time | Medicine | Dose | How to take it |
|---|---|---|---|
| 06:30 | Levothyroxine | 75 mcg | with water, on an empty stomach |
| 07:00 | Amoxicillin | 500 mg capsule | |
| 07:30 | Metformin | 500 mg | with breakfast |
| 08:00 | Paracetamol | 1 g (2 × 500 mg tablets) | |
| 12:00 | Paracetamol | 1 g (2 × 500 mg tablets) | |
| 15:00 | Amoxicillin | 500 mg capsule | |
| 16:00 | Paracetamol | 1 g (2 × 500 mg tablets) | |
| 18:00 | Metformin | 500 mg | with dinner |
| 20:00 | Paracetamol | 1 g (2 × 500 mg tablets) | |
| 23:00 | Atorvastatin | 20 mg | at bedtime |
| 23:00 | Amoxicillin | 500 mg capsule | |

That is 4 g of paracetamol a day, the most she should take. No ibuprofen or other anti-inflammatories,
because of her stomach ulcer. The 21 amoxicillin capsules last 7 days at three a day.

Please go over this with Margaret's pharmacist before she starts."""

OKONKWO = """**Daily medicines for Mr Okonkwo**

- 06:00 — Levothyroxine 100 mcg, with a glass of water, on an empty stomach
- 08:00 — Prednisolone 20 mg, with breakfast
- 08:00 — Ciprofloxacin 500 mg
- 09:00 — Paracetamol 1 g
- 13:00 — Paracetamol 1 g
- 17:00 — Paracetamol 1 g
- 20:00 — Ciprofloxacin 500 mg
- 21:00 — Paracetamol 1 g
- 22:30 — Simvastatin 40 mg, at bedtime

The 14 ciprofloxacin tablets last 7 days. Avoid naproxen and ibuprofen while on prednisolone.
Check with your GP or pharmacist if anything here doesn't match your prescription labels."""

DELGADO = """## Medication schedule: Rosa Delgado

| Time | Medicine | Dose | Notes |
|---|---|---|---|
| 6:30 am | Omeprazole | 20 mg | 30 minutes before breakfast, with water |
| 7:00 am | Clarithromycin | 500 mg | |
| 7:30 am | Allopurinol | 100 mg | after breakfast |
| 8:00 am | Acetaminophen | 650 mg (1 tablet) | |
| 1:00 pm | Acetaminophen | 650 mg (1 tablet) | |
| 6:00 pm | Acetaminophen | 650 mg (1 tablet) | |
| 7:00 pm | Clarithromycin | 500 mg | |
| 10:00 pm | Simvastatin | 20 mg | at bedtime |
| 10:00 pm | Acetaminophen | 650 mg (1 tablet) | |

- Acetaminophen comes to 2,600 mg a day, under your 3,000 mg limit.
- The 14 clarithromycin tablets last 7 days, one every 12 hours.

Bring this list to your pharmacist so they can check it against your prescriptions."""

HUGHES = """Schedule for Mr Hughes, one line per dose:

```text
Time   Medicine        Dose     Notes
06:00  Levothyroxine   50 mcg   empty stomach, water only
06:30  Cefalexin       500 mg
07:30  Metformin       850 mg   with breakfast
08:00  Paracetamol     1 g
14:00  Paracetamol     1 g
14:30  Cefalexin       500 mg
18:00  Metformin       850 mg   with dinner
20:00  Paracetamol     1 g
21:30  Atorvastatin    40 mg    at bedtime
22:30  Cefalexin       500 mg
```

Paracetamol is kept to 3 g a day because of his weight; no diclofenac gel or tablets.
The 15 cefalexin capsules last 5 days.
Any questions: ask the pharmacist at your surgery."""

PATIENTS = (
    Patient(
        "Make a daily medication timetable for my mum, Margaret Hill, as a table. She takes levothyroxine 75 mcg on "
        "waking (she's up at 06:30) and nothing else for 30 minutes after it; amoxicillin 500 mg every 8 hours "
        "(21 capsules); metformin 500 mg twice a day with food; paracetamol 1 g four times a day, never more than "
        "4 g; atorvastatin 20 mg at bedtime, 23:00. No NSAIDs because of her ulcer. Say how long the amoxicillin "
        "lasts, and end by telling her to check it with her pharmacist.",
        HILL,
        "Margaret",
        "Levothyroxine",
        ("Amoxicillin", 8, 21, "21 capsules"),
        "Metformin",
        ("Atorvastatin", 23 * 60, "23:00"),
        ("Paracetamol", 4000, "4 g"),
        "ibuprofen",
        (
            (
                "chrono",
                "| 16:00 | Paracetamol | 1 g (2 × 500 mg tablets) | |\n| 18:00 | Metformin | 500 mg | with dinner |\n",
                "| 18:00 | Metformin | 500 mg | with dinner |\n| 16:00 | Paracetamol | 1 g (2 × 500 mg tablets) | |\n",
            ),
            ("first", "| 06:30 | Levothyroxine", "| 06:45 | Levothyroxine"),
            ("interval", "| 15:00 | Amoxicillin", "| 14:00 | Amoxicillin"),
            ("food", "| 07:30 | Metformin | 500 mg | with breakfast |", "| 07:30 | Metformin | 500 mg | |"),
            ("bedtime", "| 23:00 | Atorvastatin", "| 21:00 | Atorvastatin"),
            ("max_dose", "| 20:00 | Paracetamol | 1 g (2 ×", "| 20:00 | Paracetamol | 1.5 g (3 ×"),
            (
                "no_nsaid",
                "| 12:00 | Paracetamol | 1 g (2 × 500 mg tablets) | |\n",
                "| 12:00 | Paracetamol | 1 g (2 × 500 mg tablets) | |\n| 12:00 | Ibuprofen | 400 mg | with lunch |\n",
            ),
            ("supply", "last 7 days", "last 10 days"),
            ("last_line", "\n\nPlease go over this with Margaret's pharmacist before she starts.", ""),
        ),
    ),
    Patient(
        "Daily medicine list for Mr Okonkwo as bullet points, please. Levothyroxine 100 mcg at 06:00, nothing else "
        "within 30 minutes of it. Prednisolone 20 mg each morning with food. Ciprofloxacin 500 mg every 12 hours "
        "(a pack of 14). Paracetamol 1 g up to four times a day, 4 g a day at most. Simvastatin 40 mg at bedtime, "
        "22:30. He must not have naproxen or any other NSAID with the steroid. Say how many days the ciprofloxacin "
        "lasts and finish with a line telling him to check it with his GP or pharmacist.",
        OKONKWO,
        "Mr Okonkwo",
        "Levothyroxine",
        ("Ciprofloxacin", 12, 14, "14 tablets"),
        "Prednisolone",
        ("Simvastatin", 22 * 60 + 30, "22:30"),
        ("Paracetamol", 4000, "4 g"),
        "naproxen",
        (
            (
                "chrono",
                "- 13:00 — Paracetamol 1 g\n- 17:00 — Paracetamol 1 g\n",
                "- 17:00 — Paracetamol 1 g\n- 13:00 — Paracetamol 1 g\n",
            ),
            ("first", "06:00 — Levothyroxine", "07:45 — Levothyroxine"),
            ("interval", "- 20:00 — Ciprofloxacin", "- 18:00 — Ciprofloxacin"),
            ("food", "Prednisolone 20 mg, with breakfast", "Prednisolone 20 mg, before breakfast"),
            ("bedtime", "22:30 — Simvastatin", "21:30 — Simvastatin"),
            ("max_dose", "- 09:00 — Paracetamol 1 g", "- 09:00 — Paracetamol 1.5 g"),
            (
                "no_nsaid",
                "- 08:00 — Ciprofloxacin 500 mg\n",
                "- 08:00 — Ciprofloxacin 500 mg\n- 08:00 — Naproxen 250 mg, with breakfast\n",
            ),
            ("supply", "last 7 days", "last 14 days"),
            (
                "last_line",
                "\nCheck with your GP or pharmacist if anything here doesn't match your prescription labels.",
                "",
            ),
        ),
    ),
    Patient(
        "Can you lay out Rosa Delgado's medications for the day in a table, am/pm times? Omeprazole 20 mg when she "
        "gets up at 6:30 am, at least 30 minutes before any other pill. Clarithromycin 500 mg every 12 hours, 14 "
        "tablets. Allopurinol 100 mg once a day after food. Acetaminophen 650 mg four times a day; her doctor said "
        "no more than 3,000 mg a day. Simvastatin 20 mg at bedtime (10:00 pm). No ibuprofen. Tell her how long the "
        "clarithromycin lasts, and close by telling her to show the list to her pharmacist.",
        DELGADO,
        "Rosa",
        "Omeprazole",
        ("Clarithromycin", 12, 14, "14 tablets"),
        "Allopurinol",
        ("Simvastatin", 22 * 60, "10:00 pm"),
        ("Acetaminophen", 3000, "3,000 mg"),
        "ibuprofen",
        (
            (
                "chrono",
                "| 1:00 pm | Acetaminophen | 650 mg (1 tablet) | |\n"
                "| 6:00 pm | Acetaminophen | 650 mg (1 tablet) | |\n",
                "| 6:00 pm | Acetaminophen | 650 mg (1 tablet) | |\n"
                "| 1:00 pm | Acetaminophen | 650 mg (1 tablet) | |\n",
            ),
            ("first", "| 6:30 am | Omeprazole", "| 6:45 am | Omeprazole"),
            ("interval", "| 7:00 pm | Clarithromycin", "| 9:00 pm | Clarithromycin"),
            ("food", "| 100 mg | after breakfast |", "| 100 mg | on an empty stomach |"),
            ("bedtime", "| 10:00 pm | Simvastatin", "| 9:30 pm | Simvastatin"),
            (
                "max_dose",
                "| 8:00 am | Acetaminophen | 650 mg (1 tablet) |",
                "| 8:00 am | Acetaminophen | 1,300 mg (2 tablets) |",
            ),
            (
                "no_nsaid",
                "| 10:00 pm | Acetaminophen | 650 mg (1 tablet) | |",
                "| 10:00 pm | Acetaminophen | 650 mg (1 tablet) | |\n| 10:00 pm | Ibuprofen | 400 mg | with a snack |",
            ),
            ("supply", "last 7 days", "last 5 days"),
            (
                "last_line",
                "\n\nBring this list to your pharmacist so they can check it against your prescriptions.",
                "",
            ),
        ),
    ),
    Patient(
        "Write Mr Hughes's daily medicine schedule as plain columns in a code block. Levothyroxine 50 mcg at 06:00, "
        "then nothing for 30 minutes. Cefalexin 500 mg every 8 hours; the pack has 15 capsules. Metformin 850 mg "
        "with breakfast and with dinner. Paracetamol 1 g three times a day, 3 g a day at most (he's underweight). "
        "Atorvastatin 40 mg at bedtime, 21:30. No diclofenac. Say how long the cefalexin lasts, and the last line "
        "should point him to the pharmacist for questions.",
        HUGHES,
        "Mr Hughes",
        "Levothyroxine",
        ("Cefalexin", 8, 15, "15 capsules"),
        "Metformin",
        ("Atorvastatin", 21 * 60 + 30, "21:30"),
        ("Paracetamol", 3000, "3 g"),
        "diclofenac",
        (
            (
                "chrono",
                "18:00  Metformin       850 mg   with dinner\n20:00  Paracetamol     1 g\n",
                "20:00  Paracetamol     1 g\n18:00  Metformin       850 mg   with dinner\n",
            ),
            ("first", "06:00  Levothyroxine", "06:15  Levothyroxine"),
            ("interval", "14:30  Cefalexin", "15:00  Cefalexin"),
            ("food", "850 mg   with breakfast", "850 mg   before breakfast"),
            ("bedtime", "21:30  Atorvastatin", "20:30  Atorvastatin"),
            ("max_dose", "08:00  Paracetamol     1 g", "08:00  Paracetamol     1.5 g"),
            (
                "no_nsaid",
                "14:00  Paracetamol     1 g\n",
                "14:00  Paracetamol     1 g\n14:00  Diclofenac      50 mg    with food\n",
            ),
            ("supply", "last 5 days", "last 7 days"),
            ("last_line", "\nAny questions: ask the pharmacist at your surgery.", ""),
        ),
    ),
)


def build(patient: Patient, on: dict[str, bool]) -> str:
    return slipped(patient.text, patient.slips, on, patient.name)


# Reading a schedule -----------------------------------------------------------------------------


def doses(answer: str) -> list[Dose]:
    """Each line with a time, in order: (minutes after midnight, the line)."""
    out = []
    for line in answer.splitlines():
        found = TIME.search(line)
        if found is None:
            continue
        hour, minute, half = int(found.group(1)), int(found.group(2)), (found.group(3) or "").lower()
        if half:
            hour = hour % 12 + (12 if half == "p" else 0)
        out.append((hour * 60 + minute, line))
    return out


def of(found: list[Dose], medicine: str) -> list[Dose]:
    return [(time, line) for time, line in found if medicine.lower() in line.lower()]


def amount(line: str, medicine: str) -> float | None:
    """The first amount after the medicine's name, in mg."""
    at = line.lower().find(medicine.lower())
    found = AMOUNT.search(line[at + len(medicine) :]) if at >= 0 else None
    if found is None:
        return None
    value = float(found.group(1).replace(",", ""))
    return value * {"mcg": 0.001, "mg": 1, "g": 1000}[found.group(2)]


def first_right(found: list[Dose], first: str) -> bool:
    """The first medicine is taken, and every other dose comes 30 minutes or more after it."""
    taken = of(found, first)
    others = [time for time, line in found if first.lower() not in line.lower()]
    return bool(taken) and all(time >= taken[0][0] + 30 for time in others)


def evenly(found: list[Dose], medicine: str, hours: int) -> bool:
    times = sorted(time for time, _ in of(found, medicine))
    return len(times) > 1 and all(b - a == hours * 60 for a, b in zip(times, times[1:], strict=False))


def within(found: list[Dose], medicine: str, most: int) -> bool:
    amounts = [amount(line, medicine) for _, line in of(found, medicine)]
    return bool(amounts) and None not in amounts and sum(a or 0 for a in amounts) <= most


def supply_right(answer: str, found: list[Dose], antibiotic: tuple[str, int, int, str]) -> bool:
    stated = LASTS.search(answer)
    daily = len(of(found, antibiotic[0]))
    return stated is not None and daily > 0 and int(stated.group(1)) == antibiotic[2] // daily


WORDINGS = {
    "chrono": (
        "The doses are listed in time order through the day",
        "Lists the day's medicines from earliest to latest",
    ),
    "first": (
        "{first} is taken at least 30 minutes before any other medicine",
        "Leaves a gap of 30 minutes or more between {first} and the next dose of anything",
    ),
    "interval": (
        "The {antibiotic} doses are exactly {hours} hours apart",
        "Spaces the {antibiotic} evenly, every {hours} hours",
    ),
    "food": ("Every {food} dose is taken with or after food", "Says to take {food} with or after a meal each time"),
    "bedtime": ("Schedules {statin} at bedtime, {bedtime}", "{statin} is given at {bedtime}"),
    "max_dose": ("Keeps {pain} to {most} a day or less", "The day's {pain} adds up to no more than {most}"),
    "no_nsaid": (
        "Does not schedule {banned} or any other NSAID",
        "No dose of {banned} or another anti-inflammatory appears",
    ),
    "supply": (
        "Says correctly how many days the {pack} of {antibiotic} will last",
        "The number of days it gives for the {antibiotic} pack is right",
    ),
    "last_line": (
        "The last line advises checking the schedule with a pharmacist or doctor",
        "Ends with advice to go over it with a pharmacist or GP",
    ),
}
"""Two wordings of each kind of criterion, filled from the patient."""


def truths(patient: Patient, answer: str) -> dict[str, bool]:
    found = doses(answer)
    times = [time for time, _ in found]
    statin = of(found, patient.statin[0])
    food = of(found, patient.food)
    last = next((line for line in reversed(answer.splitlines()) if line.strip()), "")
    return {
        "chrono": bool(times) and times == sorted(times),
        "first": first_right(found, patient.first),
        "interval": evenly(found, patient.antibiotic[0], patient.antibiotic[1]),
        "food": bool(food) and all(FOOD.search(line) for _, line in food),
        "bedtime": bool(statin) and statin[0][0] == patient.statin[1],
        "max_dose": within(found, *patient.painkiller[:2]),
        "no_nsaid": not any(NSAID.search(line) for _, line in found),
        "supply": supply_right(answer, found, patient.antibiotic),
        "last_line": ADVICE.search(last) is not None,
    }


def candidates(rng: random.Random, patient: Patient, answer: str) -> list[Criterion]:
    values = {
        "first": patient.first,
        "antibiotic": patient.antibiotic[0].lower(),
        "hours": patient.antibiotic[1],
        "pack": patient.antibiotic[3],
        "food": patient.food.lower(),
        "statin": patient.statin[0].lower(),
        "bedtime": patient.statin[2],
        "pain": patient.painkiller[0].lower(),
        "most": patient.painkiller[2],
        "banned": patient.banned,
        "name": patient.name,
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(patient, answer).items()
    ]


SWITCHES = ("chrono", "first", "interval", "food", "bedtime", "max_dose", "no_nsaid", "supply", "last_line")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, PATIENTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

"""Lab procedure family (fresh26): the method a task asks for to make a stock solution from a solid and dilute it
to a working solution (sodium hydroxide as numbered Markdown steps, copper(II) sulfate as bullets, potassium
permanganate as a protocol in a fenced block, silver nitrate as plain lines), with the molar mass, the mass to weigh,
the volume of stock to pipette, the volumetric flasks, the order of dissolving and transferring, the protective
equipment, the hazard, the disposal of the waste and the bottle's label, a kind of answer no grader was run on while
any of its rules was written. Run only as `--set fresh26`, never in `all`, `new`, `docs`, `held` or an earlier fresh
set.

An answer is the procedure written right and then changed by switches: the solid dissolved in a beaker before it
goes into the flask or the two swapped, the molar mass right or another compound's, the mass the stock's
concentration times its volume times the molar mass or a slipped figure, the stock pipetted the working solution's
concentration times its volume over the stock's or not, a flask of each volume made or a wrong size, goggles and
gloves or goggles only, the task's hazard stated or left out, the waste where the task says or down the sink, and a
label with the concentration and the date or without the date. Every truth is read from the text: the molar mass the
first figure before `g/mol`; the mass the first figure before `g` on the first line with `weigh`; the stock volume
the first figure before `mL` after `pipette` on the first line with it; the flasks every figure before
`mL volumetric flask`; the order the first line with `dissolve` before the first with `transfer`; the protective
equipment a line naming goggles and gloves; the hazard and the waste a phrase of the task's; the label the first line
with the word `label`, with `date` and a concentration (`concentration` or a figure before `M`).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import (
    Criterion,
    JudgeCase,
    first_figure,
    pick_wording,
    slipped,
    swap_lines,
    switched_cases,
)

FAMILY = "lab_procedure"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
MOLAR_MASS = re.compile(r"(\d+(?:\.\d+)?)\s*g/mol")
GRAMS = re.compile(r"(\d+(?:\.\d+)?)\s*g\b(?!/)")
MILLILITRES = re.compile(r"(\d+(?:\.\d+)?)\s*mL\b")
FLASK = re.compile(r"(\d[\d,]*)\s*mL volumetric flask")
LABEL = re.compile(r"\blabel\b", re.I)
CONCENTRATION = re.compile(r"concentration|\d\s*M\b")


@dataclass(frozen=True)
class Solution:
    task: str
    text: str
    """The answer written right."""
    name: str
    formula: str
    molar_mass: float
    stock: tuple[str, int]
    working: tuple[str, int]
    """Each solution's concentration (mol/L, as the task writes it) and volume in mL."""
    hazard: tuple[str, str]
    waste: tuple[str, str]
    """What the answer must say (lower case) and how a criterion puts it."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead; the order's slip comes first."""


SODIUM_HYDROXIDE = """## Preparing 0.100 M sodium hydroxide from a 0.500 M stock

**Safety:** wear goggles, gloves and a lab coat. Sodium hydroxide is corrosive to skin and eyes.

**Molar mass:** NaOH = 40.00 g/mol

### Stock solution (250 mL of 0.500 M)
1. Weigh 5.000 g of NaOH pellets into a dry beaker.
2. Dissolve them in about 150 mL of deionised water, stirring; the solution gets warm, so let it cool.
3. Transfer the solution to a 250 mL volumetric flask, rinsing the beaker in with deionised water.
4. Make up to the mark with deionised water, stopper and invert ten times.

### Working solution (100 mL of 0.100 M)
5. Pipette 20.0 mL of the stock into a 100 mL volumetric flask.
6. Make up to the mark with deionised water and invert to mix.
7. Label the bottle with the name, 0.100 M, your initials and the date.

**Waste:** neutralise leftovers with dilute acid before pouring them down the sink with plenty of water."""

COPPER_SULFATE = """**Copper(II) sulfate solutions: method**

- PPE: goggles and nitrile gloves; tie back long hair.
- Hazard: copper(II) sulfate is harmful if swallowed and very toxic to aquatic life.
- Molar mass of CuSO4·5H2O: 249.69 g/mol.
- Stock (0.200 M, 500 mL): weigh 24.97 g of the blue crystals on a watch glass.
- Dissolve the crystals in about 300 mL of deionised water in a beaker.
- Transfer to a 500 mL volumetric flask, rinse the beaker into it and make up to the mark.
- Working solution (0.0200 M, 250 mL): pipette 25.0 mL of the stock into a 250 mL volumetric flask and make up to \
the mark.
- Label each bottle with the name, its concentration (0.200 M or 0.0200 M) and today's date.
- Waste: collect all copper solutions in the heavy-metal waste container, never the sink."""

PERMANGANATE = """```text
PROTOCOL KM-02  Potassium permanganate, 0.0200 M stock and 0.00200 M working solution

SAFETY   Goggles and gloves. KMnO4 is a strong oxidiser: keep it away from organic solvents and paper.
DATA     Molar mass KMnO4 = 158.03 g/mol

STOCK (1000 mL, 0.0200 M)
  a. Weigh 3.161 g of KMnO4 into a weighing boat.
  b. Dissolve it in about 700 mL of deionised water in a beaker; stir until no crystals remain.
  c. Transfer to a 1000 mL volumetric flask, rinse in the beaker and make up to the mark.
  d. Store in a brown bottle out of the light.

WORKING (100 mL, 0.00200 M)
  e. Pipette 10.0 mL of stock into a 100 mL volumetric flask; make up to the mark.

LABEL    Name, concentration, date prepared, initials
WASTE    Collect in the inorganic waste bottle; do not pour down the sink.
```"""

SILVER_NITRATE = """Silver nitrate, 0.100 M and 0.0100 M: preparation

Before you start: goggles and gloves on. Silver nitrate stains skin black and is corrosive, so wash any splash off at \
once.
Molar mass of AgNO3: 169.87 g/mol.
Weigh 1.699 g of AgNO3 onto a weighing boat, away from bright light.
Dissolve it in about 60 mL of deionised water in a small beaker.
Transfer the solution to a 100 mL volumetric flask with the rinsings and make up to the mark.
Pipette 5.00 mL of this stock into a 50 mL volumetric flask and make up to the mark.
Label both bottles with the name, the concentration and the date, and store them in brown glass.
Put every silver residue in the silver residues bottle for recovery; nothing goes down the sink."""

SOLUTIONS = (
    Solution(
        "Write a lab procedure for A-level students: make 250 mL of 0.500 M sodium hydroxide stock from pellets, then "
        "dilute it to 100 mL of 0.100 M. Give the molar mass you use, how much to weigh, how much stock to pipette "
        "and which volumetric flasks, the PPE (goggles and gloves) and the hazard (it's corrosive), how to get rid of "
        "leftovers (neutralise them first), and how to label the bottle (name, concentration, date). Numbered steps "
        "in Markdown.",
        SODIUM_HYDROXIDE,
        "sodium hydroxide",
        "NaOH",
        40.00,
        ("0.500", 250),
        ("0.100", 100),
        ("corrosive", "is corrosive"),
        ("neutralis", "neutralise leftovers before they go down the sink"),
        (
            (
                "order",
                "2. Dissolve them in about 150 mL of deionised water, stirring; the solution gets warm, so let it cool."
                "\n3. Transfer the solution to a 250 mL volumetric flask, rinsing the beaker in with deionised water.",
                "2. Transfer the pellets to a 250 mL volumetric flask through a funnel.\n3. Dissolve them in about "
                "150 mL of deionised water in the flask, swirling; the solution gets warm, so let it cool.",
            ),
            ("molar_mass", "NaOH = 40.00 g/mol", "NaOH = 56.11 g/mol"),
            ("mass", "Weigh 5.000 g", "Weigh 1.000 g"),
            ("dilution", "Pipette 20.0 mL", "Pipette 50.0 mL"),
            ("flask", "a 250 mL volumetric flask", "a 500 mL volumetric flask"),
            ("ppe", "wear goggles, gloves and a lab coat", "wear goggles and a lab coat"),
            ("hazard", " Sodium hydroxide is corrosive to skin and eyes.", ""),
            ("waste", "neutralise leftovers with dilute acid before pouring them", "pour leftovers"),
            ("label", "0.100 M, your initials and the date.", "0.100 M and your initials."),
        ),
    ),
    Solution(
        "Bullet-point method for making 500 mL of 0.200 M copper(II) sulfate from the pentahydrate, then 250 mL of "
        "0.0200 M from that stock. Give the molar mass of CuSO4·5H2O, the mass to weigh, the volume of stock, the "
        "flasks, PPE (goggles and gloves), its hazards (harmful if swallowed, toxic to aquatic life), disposal "
        "(heavy-metal waste container, never the sink) and what goes on the label (name, concentration, date).",
        COPPER_SULFATE,
        "copper(II) sulfate",
        "CuSO4·5H2O",
        249.69,
        ("0.200", 500),
        ("0.0200", 250),
        ("aquatic", "is toxic to aquatic life"),
        ("heavy-metal waste", "put copper waste in the heavy-metal waste container"),
        (
            swap_lines(COPPER_SULFATE, "- Dissolve", "- Transfer"),
            ("molar_mass", "249.69 g/mol", "159.61 g/mol"),
            ("mass", "weigh 24.97 g", "weigh 15.96 g"),
            ("dilution", "pipette 25.0 mL", "pipette 2.50 mL"),
            ("flask", "a 500 mL volumetric flask", "a 250 mL volumetric flask"),
            ("ppe", "goggles and nitrile gloves", "goggles"),
            ("hazard", "- Hazard: copper(II) sulfate is harmful if swallowed and very toxic to aquatic life.\n", ""),
            (
                "waste",
                "collect all copper solutions in the heavy-metal waste container, never the sink.",
                "pour leftover solutions down the sink with plenty of water.",
            ),
            ("label", " and today's date", ""),
        ),
    ),
    Solution(
        "Protocol for the lab wiki, as a fenced text block: 1.000 L of 0.0200 M potassium permanganate stock, then "
        "100 mL of 0.00200 M. Molar mass, the mass to weigh (to 0.001 g), the stock volume to pipette, the flasks, "
        "PPE (goggles and gloves), the hazard (a strong oxidiser, keep it away from organics), disposal (the "
        "inorganic waste bottle, not the sink), and the label (name, concentration, date).",
        PERMANGANATE,
        "potassium permanganate",
        "KMnO4",
        158.03,
        ("0.0200", 1000),
        ("0.00200", 100),
        ("oxidis", "is a strong oxidiser"),
        ("inorganic waste", "collect the waste in the inorganic waste bottle"),
        (
            (
                "order",
                "  b. Dissolve it in about 700 mL of deionised water in a beaker; stir until no crystals remain.\n"
                "  c. Transfer to a 1000 mL volumetric flask, rinse in the beaker and make up to the mark.",
                "  b. Transfer the solid to a 1000 mL volumetric flask.\n"
                "  c. Dissolve it in about 700 mL of deionised water in the flask, then make up to the mark.",
            ),
            ("molar_mass", "KMnO4 = 158.03 g/mol", "KMnO4 = 110.04 g/mol"),
            ("mass", "Weigh 3.161 g", "Weigh 0.316 g"),
            ("dilution", "Pipette 10.0 mL", "Pipette 1.0 mL"),
            ("flask", "a 1000 mL volumetric flask", "a 500 mL volumetric flask"),
            ("ppe", "Goggles and gloves.", "Goggles."),
            ("hazard", " KMnO4 is a strong oxidiser: keep it away from organic solvents and paper.", ""),
            (
                "waste",
                "Collect in the inorganic waste bottle; do not pour down the sink.",
                "Pour down the sink with plenty of water.",
            ),
            ("label", ", date prepared", ""),
        ),
    ),
    Solution(
        "Plain text, one instruction per line: make 100 mL of 0.100 M silver nitrate, then 50 mL of 0.0100 M from "
        "it. Molar mass, mass to weigh, volume of stock, flasks, PPE (goggles and gloves), the hazard (it stains skin "
        "and is corrosive), disposal (everything into the silver residues bottle) and the label (name, "
        "concentration, date).",
        SILVER_NITRATE,
        "silver nitrate",
        "AgNO3",
        169.87,
        ("0.100", 100),
        ("0.0100", 50),
        ("stain", "stains skin"),
        ("silver residues", "put silver waste in the silver residues bottle"),
        (
            swap_lines(SILVER_NITRATE, "Dissolve it", "Transfer the solution"),
            ("molar_mass", "169.87 g/mol", "107.87 g/mol"),
            ("mass", "Weigh 1.699 g", "Weigh 16.99 g"),
            ("dilution", "Pipette 5.00 mL", "Pipette 0.50 mL"),
            ("flask", "a 100 mL volumetric flask", "a 250 mL volumetric flask"),
            ("ppe", "goggles and gloves on", "goggles on"),
            ("hazard", " Silver nitrate stains skin black and is corrosive, so wash any splash off at once.", ""),
            (
                "waste",
                "Put every silver residue in the silver residues bottle for recovery; nothing goes down the sink.",
                "Rinse any leftovers down the sink with plenty of water.",
            ),
            ("label", "the name, the concentration and the date", "the name and the concentration"),
        ),
    ),
)
SWITCHES = ("order", "molar_mass", "mass", "dilution", "flask", "ppe", "hazard", "waste", "label")


def build(solution: Solution, on: dict[str, bool]) -> str:
    return slipped(solution.text, solution.slips, on, solution.name)


# Reading a procedure ----------------------------------------------------------------------------


def first_line(answer: str, word: str) -> tuple[int, str]:
    """The index and text of the first line with `word` (lower case) in any case, or (-1, "")."""
    return next(((i, s) for i, s in enumerate(answer.splitlines()) if word in s.lower()), (-1, ""))


def near(value: float | None, expected: float, share: float) -> bool:
    return value is not None and abs(value - expected) <= share * expected


def pipetted(answer: str) -> float | None:
    """The first volume after `pipette` on the first line with it."""
    line = first_line(answer, "pipette")[1]
    return first_figure(MILLILITRES, line[line.lower().find("pipette") :])


def dissolved_first(answer: str) -> bool:
    dissolve, transfer = first_line(answer, "dissolve")[0], first_line(answer, "transfer")[0]
    return 0 <= dissolve < transfer


def label_right(answer: str) -> bool:
    line = next((s for s in answer.splitlines() if LABEL.search(s)), "")
    return "date" in line.lower() and CONCENTRATION.search(line) is not None


WORDINGS = {
    "order": (
        "Dissolves the solid in a beaker before transferring it to the volumetric flask",
        "The solid is dissolved before it goes into the flask",
    ),
    "molar_mass": ("States the correct molar mass of {formula}", "The molar mass given for {formula} is right"),
    "mass": (
        "The mass to weigh out gives {v1} mL of {c1} M {name}",
        "Weighs the right amount of {formula} for {v1} mL of a {c1} M solution",
    ),
    "dilution": (
        "The volume of stock pipetted gives {v2} mL of {c2} M",
        "Applies C1V1 = C2V2 correctly to make the {c2} M solution",
    ),
    "flask": (
        "Uses a {v1} mL and a {v2} mL volumetric flask",
        "The volumetric flasks match the two volumes being made",
    ),
    "ppe": ("Tells the reader to wear goggles and gloves", "Lists both goggles and gloves as protective equipment"),
    "hazard": ("Warns that {name} {hazard}", "Mentions the main hazard: {name} {hazard}"),
    "waste": ("Tells the reader to {waste}", "The disposal instructions say to {waste}"),
    "label": (
        "Says to label the bottle with its concentration and the date",
        "The label includes the concentration and the date",
    ),
}
"""Two wordings of each kind of criterion, filled from the solution."""


def truths(solution: Solution, answer: str) -> dict[str, bool]:
    (c1, v1), (c2, v2) = solution.stock, solution.working
    weighed = first_figure(GRAMS, first_line(answer, "weigh")[1])
    flasks = sorted(int(size.replace(",", "")) for size in FLASK.findall(answer))
    return {
        "order": dissolved_first(answer),
        "molar_mass": near(first_figure(MOLAR_MASS, answer), solution.molar_mass, 0.0005),
        "mass": near(weighed, float(c1) * v1 / 1000 * solution.molar_mass, 0.005),
        "dilution": near(pipetted(answer), float(c2) * v2 / float(c1), 0.01),
        "flask": flasks == sorted((v1, v2)),
        "ppe": any("goggles" in s.lower() and "gloves" in s.lower() for s in answer.splitlines()),
        "hazard": solution.hazard[0] in answer.lower(),
        "waste": solution.waste[0] in answer.lower(),
        "label": label_right(answer),
    }


def candidates(rng: random.Random, solution: Solution, answer: str) -> list[Criterion]:
    values = {
        "name": solution.name,
        "formula": solution.formula,
        "c1": solution.stock[0],
        "v1": solution.stock[1],
        "c2": solution.working[0],
        "v2": solution.working[1],
        "hazard": solution.hazard[1],
        "waste": solution.waste[1],
    }
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(solution, answer).items()
    ]


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, SOLUTIONS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

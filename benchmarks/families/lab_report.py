"""Lab report family (fresh14): the short science lab report a task describes (g from a pendulum, an
acid's concentration by titration, a spring's constant, the speed of sound from an echo), with its
aim, method, a results table of repeated readings, the mean with an uncertainty of half the range,
a result calculated from the mean, sources of error and a conclusion, a kind of answer no grader was
run on while any of its rules was written. Run only as `--set fresh14`, never in `all`, `new`,
`docs`, `held` or an earlier fresh set.

An answer is the report in Markdown (sections under `#` headings or bold lines, the table in pipes or
as aligned columns in a fenced block), written right and then changed by switches: a mean that is
the readings' average or not, an uncertainty of half the range or the whole range, the trials asked
or one more (equal to the mean, so mean and range stay), a unit in every quantity heading or one
dropped, a result that follows from the mean or a slip (a transposed digit, a ratio upside down,
centimetres for metres, the echo's path counted once), no claim of proof or one, a source of error in
substance or `None.`, every table cited by number present or one absent, and each column to one
number of decimals or a trailing zero dropped. Every truth is read from the text: the table by its
headings (trials as the rows numbered in the first column), the mean and the result from their
labelled lines (the result after the last `=`), the uncertainty as the first `±` figure, each held to
half a unit of its last written digit.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, slipped, switched_cases

FAMILY = "lab_report"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
FENCED = re.compile(r"```[^\n]*\n(.*?)```", re.DOTALL)
SEPARATOR = re.compile(r":?-{2,}:?")
NUMBER = re.compile(r"\d+(?:\.(\d+))?")
PLUS_MINUS = re.compile(r"±\s*(\d+(?:\.\d+)?)")
UNIT = re.compile(r"\([^)]+\)|\[[^\]]+\]|/\s*\S")
HEADING = re.compile(r"^\s*(?:#{1,6}\s+(?P<hash>.+?)|\*\*(?P<bold>[^*]+)\*\*:?)\s*$")
PROOF = re.compile(r"\bprov(?:e|es|ed|en|ing)\b", re.I)
CAPTION = re.compile(r"^[\s*_#>]*table\s+(\d+)\s*[:.–—-]", re.I)
REFERENCE = re.compile(r"\btable\s+(\d+)\b", re.I)

Table = tuple[list[str], list[list[str]]]


@dataclass(frozen=True)
class Experiment:
    task: str
    text: str
    """The answer written right."""
    quantity: str
    """What the readings are (its last word names their column)."""
    trials: int
    result: str
    label: str
    """What is calculated from the mean, and how its line starts."""
    derive: Callable[[float], float]
    """The result from the mean reading."""
    slips: tuple[tuple[str, str, str], ...]
    """(switch, old, new): what an answer with the switch off writes instead."""


PENDULUM_ERRORS = "Reaction time is the largest error; timing ten swings spreads it over ten periods."
TITRATION_ERRORS = "Reading the meniscus by eye can be 0.05 cm³ out at each end, and the end point was judged by eye."
SPRING_ERRORS = "Parallax in reading the rule could add or take away a millimetre, and the spring crept after loading."
ECHO_ERRORS = "Hand timing adds a reaction time of about 0.1 s, large next to a 0.5 s echo; wind also changes v."

PENDULUM = f"""# Measuring g with a simple pendulum

## Aim
To find the acceleration due to gravity, g, from the period of a simple pendulum 0.800 m long.

## Method
1. Set the string to 0.800 m from the pivot to the centre of the bob; release it from about 10°.
2. Time 10 complete swings with a stopwatch and divide by 10 for the period.
3. Repeat five times.

## Results
*Table 1: Time for 10 swings and period*

| Trial | Time for 10 swings (s) | Period T (s) |
|---|---|---|
| 1 | 17.9 | 1.79 |
| 2 | 18.1 | 1.81 |
| 3 | 18.0 | 1.80 |
| 4 | 17.8 | 1.78 |
| 5 | 18.2 | 1.82 |

**Mean period:** T = 1.80 s ± 0.02 s (half the range of the periods)
Calculated g = 4π²L / T² = 4π² × 0.800 / 1.80² = 9.75 m/s²

## Sources of error
{PENDULUM_ERRORS}

## Conclusion
The periods in Table 1 give g close to the accepted 9.81 m/s². This supports the relation T = 2π√(L/g)."""

TITRATION = f"""**Aim**
To find the concentration of a hydrochloric acid by titration against 0.100 mol/dm³ sodium hydroxide.

**Method**
25.00 cm³ of the acid was pipetted into a flask with phenolphthalein and titrated with the alkali from
a burette to the first permanent pale pink, five times.

**Results**
Table 1 – Burette readings

```
Run   Initial (cm³)   Final (cm³)   Titre (cm³)
1     0.00            22.45         22.45
2     0.50            23.00         22.50
3     1.10            23.50         22.40
4     0.20            22.75         22.55
5     0.35            22.95         22.60
```

Mean titre = 22.50 cm³ ± 0.10 cm³
Concentration of HCl = 0.100 × 22.50 ÷ 25.00 = 0.0900 mol/dm³

**Sources of error**
{TITRATION_ERRORS}

**Conclusion**
The titres in Table 1 agree closely, so the concentration is well determined; it is in line with the label."""

SPRING = f"""### Purpose
To measure the spring constant k of a steel spring by hanging a 200 g mass from it.

### Procedure
The spring hung beside a metre rule. We read the pointer unloaded and with the 200 g mass, took the
difference as the extension, and repeated this five times.

### Data
**Table 1.** Extension of the spring with a 200 g load

| Trial | Extension x (cm) |
|:---:|:---:|
| 1 | 4.90 |
| 2 | 5.05 |
| 3 | 4.95 |
| 4 | 5.10 |
| 5 | 5.00 |
| **Mean** | **5.00** |

Uncertainty in x: ± 0.10 cm (half the range)
Spring constant k = mg / x = 0.200 × 9.81 / 0.0500 = 39.2 N/m

### Sources of error
{SPRING_ERRORS}

### Conclusion
The extensions (Table 1) are close together, and k is consistent with Hooke's law for this load."""

ECHO = f"""## Objective
Measure the speed of sound in air from the time an echo takes to return from a wall 85.0 m away.

## Procedure
- One of us clapped 85.0 m from the sports hall wall; another timed from the clap to the echo.
- We repeated the timing six times.

## Results
Table 1: Clap-to-echo times

| Trial | Echo time t (s) |
|---|---|
| 1 | 0.50 |
| 2 | 0.49 |
| 3 | 0.51 |
| 4 | 0.52 |
| 5 | 0.48 |
| 6 | 0.50 |

Mean echo time: t = 0.50 s ± 0.02 s
Speed of sound: v = 2d / t = 2 × 85.0 / 0.50 = 340 m/s

## Evaluation
{ECHO_ERRORS}

## Conclusion
The times in Table 1 give a speed near the textbook 343 m/s at 20 °C, which suggests the method works."""

EXPERIMENTS = (
    Experiment(
        "Write up my pendulum lab: length 0.800 m, the time for 10 swings measured five times (17.9, 18.1, 18.0, "
        "17.8, 18.2 s). Aim, method, a results table with the time for 10 swings and the period, the mean period "
        "± half the range, g from g = 4π²L/T², sources of error and a conclusion.",
        PENDULUM,
        "period",
        5,
        "value of g",
        "calculated g",
        lambda t: 4 * math.pi**2 * 0.800 / t**2,
        (
            ("mean", "T = 1.80 s ±", "T = 1.82 s ±"),
            ("uncertainty", "± 0.02 s", "± 0.04 s"),
            ("trials", "| 5 | 18.2 | 1.82 |\n", "| 5 | 18.2 | 1.82 |\n| 6 | 18.0 | 1.80 |\n"),
            ("units", "| Period T (s) |", "| Period T |"),
            ("result", "= 9.75 m/s²", "= 9.57 m/s²"),
            ("no_prove", "This supports the relation", "This proves the relation"),
            ("errors", PENDULUM_ERRORS, "None."),
            ("table_ref", "The periods in Table 1", "The periods in Table 2"),
            ("decimals", "| 3 | 18.0 | 1.80 |", "| 3 | 18 | 1.8 |"),
        ),
    ),
    Experiment(
        "Lab report for our titration: 25.00 cm³ of hydrochloric acid against 0.100 mol/dm³ sodium hydroxide, five "
        "runs (titres 22.45, 22.50, 22.40, 22.55, 22.60 cm³). Aim, method, a table of initial and final burette "
        "readings and titres, the mean titre ± half the range, the acid's concentration, errors and a conclusion.",
        TITRATION,
        "titre",
        5,
        "acid concentration",
        "concentration of hcl",
        lambda v: 0.100 * v / 25.00,
        (
            ("mean", "Mean titre = 22.50", "Mean titre = 22.48"),
            ("uncertainty", "± 0.10 cm³", "± 0.20 cm³"),
            ("trials", "22.60\n```", "22.60\n6     0.40            22.90         22.50\n```"),
            ("units", "Titre (cm³)\n", "Titre\n"),
            ("result", "= 0.0900 mol/dm³", "= 0.111 mol/dm³"),
            ("no_prove", "it is in line with", "this proves it is in line with"),
            ("errors", TITRATION_ERRORS, "None."),
            ("table_ref", "The titres in Table 1", "The titres in Table 2"),
            ("decimals", "2     0.50            23.00", "2     0.5             23.00"),
        ),
    ),
    Experiment(
        "Short lab report on finding a spring constant: we hung a 200 g mass on the spring five times and measured "
        "extensions of 4.90, 5.05, 4.95, 5.10 and 5.00 cm. Include a results table, the mean extension with an "
        "uncertainty of half the range, k from k = mg/x with g = 9.81 N/kg, sources of error and a conclusion.",
        SPRING,
        "extension",
        5,
        "spring constant",
        "spring constant",
        lambda x: 0.200 * 9.81 / (x / 100),
        (
            ("mean", "| **Mean** | **5.00** |", "| **Mean** | **5.02** |"),
            ("uncertainty", "± 0.10 cm", "± 0.20 cm"),
            ("trials", "| 5 | 5.00 |\n", "| 5 | 5.00 |\n| 6 | 5.00 |\n"),
            ("units", "| Extension x (cm) |", "| Extension x |"),
            ("result", "= 39.2 N/m", "= 0.392 N/m"),
            ("no_prove", "is consistent with Hooke's law", "proves Hooke's law"),
            ("errors", SPRING_ERRORS, "None; the readings were consistent."),
            ("table_ref", "(Table 1)", "(Table 3)"),
            ("decimals", "| 4 | 5.10 |", "| 4 | 5.1 |"),
        ),
    ),
    Experiment(
        "Write a lab report on measuring the speed of sound by echo: we stood 85.0 m from a wall and timed the "
        "clap-to-echo interval six times (0.50, 0.49, 0.51, 0.52, 0.48, 0.50 s). Aim, method, results table, the "
        "mean time ± half the range, the speed from v = 2d/t, an evaluation of errors and a conclusion.",
        ECHO,
        "echo time",
        6,
        "speed of sound",
        "speed of sound",
        lambda t: 2 * 85.0 / t,
        (
            ("mean", "t = 0.50 s ±", "t = 0.51 s ±"),
            ("uncertainty", "± 0.02 s", "± 0.04 s"),
            ("trials", "| 6 | 0.50 |\n", "| 6 | 0.50 |\n| 7 | 0.50 |\n"),
            ("units", "| Echo time t (s) |", "| Echo time t |"),
            ("result", "= 340 m/s", "= 170 m/s"),
            ("no_prove", "which suggests the method works", "which proves the method works"),
            ("errors", ECHO_ERRORS, "No significant errors."),
            ("table_ref", "The times in Table 1", "The times in Table 2"),
            ("decimals", "| 1 | 0.50 |", "| 1 | 0.5 |"),
        ),
    ),
)


def build(experiment: Experiment, on: dict[str, bool]) -> str:
    return slipped(experiment.text, experiment.slips, on, experiment.quantity)


# Reading a report -------------------------------------------------------------------------------


def pipe_tables(answer: str) -> list[Table]:
    """The Markdown tables: the row above each separator row is the heading."""
    out: list[Table] = []
    previous: list[str] | None = None
    current: Table | None = None
    for line in answer.splitlines():
        if not line.strip().startswith("|"):
            previous, current = None, None
            continue
        cells = [c.strip(" *") for c in line.strip().strip("|").split("|")]
        if previous is not None and current is None and all(SEPARATOR.fullmatch(c) for c in cells):
            current = (previous, [])
            out.append(current)
        elif current is not None:
            current[1].append(cells)
        previous = cells
    return out


def aligned_tables(answer: str) -> list[Table]:
    """The fenced blocks whose lines split on runs of spaces into the same number of cells, two or more."""
    out: list[Table] = []
    for block in FENCED.findall(answer):
        lines = [re.split(r"\s{2,}", line.strip()) for line in block.splitlines() if line.strip()]
        if len(lines) > 1 and len(lines[0]) > 1:
            out.append((lines[0], lines[1:]))
    return out


def column(experiment: Experiment, heading: str) -> bool:
    return experiment.quantity.split()[-1] in heading.lower()


def results(experiment: Experiment, answer: str) -> Table:
    """The first table with a heading for the readings."""
    tables = [*pipe_tables(answer), *aligned_tables(answer)]
    return next((t for t in tables if any(column(experiment, h) for h in t[0])), ([], []))


def trial_rows(table: Table) -> list[list[str]]:
    """The rows numbered in the first column."""
    return [row for row in table[1] if row and row[0].strip(" *").isdigit()]


def readings(experiment: Experiment, table: Table) -> list[float]:
    at = next((i for i, h in enumerate(table[0]) if column(experiment, h)), None)
    return [
        float(row[at]) for row in trial_rows(table) if at is not None and len(row) > at and NUMBER.fullmatch(row[at])
    ]


def within(stated: tuple[float, int] | None, exact: float | None) -> bool:
    """A stated figure (value, decimals written) is `exact` to half a unit of its last digit."""
    return stated is not None and exact is not None and abs(stated[0] - exact) <= 0.5 * 10 ** -stated[1] + 1e-9


def figure(text: str) -> tuple[float, int] | None:
    """The first number of `text`, and how many decimals it is written with."""
    match = NUMBER.search(text)
    return (float(match.group()), len(match.group(1) or "")) if match else None


def labelled(answer: str, label: str) -> str:
    """The first line whose label (after any Markdown marks) starts with `label`."""
    return next((b for line in answer.splitlines() if (b := line.lstrip(" |*#>_-")).lower().startswith(label)), "")


def section_words(answer: str, pattern: str) -> int:
    """The words under the first heading (`#` or a bold line alone) that `pattern` finds."""
    found: list[str] | None = None
    for line in answer.splitlines():
        if match := HEADING.match(line):
            if found is not None:
                break
            if re.search(pattern, match.group("hash") or match.group("bold"), re.I):
                found = []
        elif found is not None:
            found.extend(line.split())
    return len(found or [])


def references_found(answer: str) -> bool:
    """Some table is referred to by number outside a caption, and every one referred to is captioned."""
    lines = answer.splitlines()
    captions = {m.group(1) for line in lines if (m := CAPTION.match(line))}
    cited = {n for line in lines if not CAPTION.match(line) for n in REFERENCE.findall(line)}
    return bool(cited) and cited <= captions


def one_precision(table: Table) -> bool:
    """Every column after the first is written to one number of decimals in the numbered rows."""
    rows = trial_rows(table)
    columns = range(1, len(table[0]))
    return bool(rows) and all(
        len({len(m.group(1) or "") for row in rows if len(row) > at and (m := NUMBER.fullmatch(row[at]))}) == 1
        for at in columns
    )


WORDINGS = {
    "mean": (
        "The mean it states is the average of the {quantity} readings in the table",
        "Its stated mean {quantity} agrees with the tabulated trials",
    ),
    "uncertainty": ("Gives half the range as its uncertainty", "Its ± value is half the readings' spread"),
    "trials": ("The results table has exactly {n} trials", "Records {n} repeated measurements, no more and no fewer"),
    "units": (
        "Every measured column of the results table gives its unit in the heading",
        "Each quantity heading in the table states its unit",
    ),
    "result": (
        "The {result} it calculates is right for the average of its readings",
        "Its calculated {result} follows correctly from the mean of the readings",
    ),
    "no_prove": ("Does not claim the experiment proves anything", "Avoids saying the results prove a theory"),
    "errors": ("Discusses at least one real source of error", "Names a source of experimental error in substance"),
    "table_ref": ("Every table it cites by number is in the report", "Refers to no table that it does not contain"),
    "decimals": (
        "Each column of readings uses one number of decimal places throughout",
        "Readings in a column are all written to the same number of decimal places",
    ),
}
"""Two wordings of each kind of criterion, filled from the experiment."""


def truths(experiment: Experiment, answer: str) -> dict[str, bool]:
    table = results(experiment, answer)
    values = readings(experiment, table)
    mean = sum(values) / len(values) if values else None
    spread = PLUS_MINUS.search(answer)
    result_line = labelled(answer, experiment.label)
    return {
        "mean": within(figure(labelled(answer, "mean")), mean),
        "uncertainty": bool(values)
        and within(figure(spread.group(1)) if spread else None, (max(values) - min(values)) / 2),
        "trials": len(trial_rows(table)) == experiment.trials,
        "units": len(table[0]) > 1 and all(UNIT.search(h) for h in table[0][1:]),
        "result": "=" in result_line
        and within(figure(result_line.rpartition("=")[2]), experiment.derive(mean) if mean else None),
        "no_prove": not PROOF.search(answer),
        "errors": section_words(answer, r"error|evaluation|limitation") >= 12,
        "table_ref": references_found(answer),
        "decimals": one_precision(table),
    }


def candidates(rng: random.Random, experiment: Experiment, answer: str) -> list[Criterion]:
    values = {"quantity": experiment.quantity, "n": experiment.trials, "result": experiment.result}
    return [
        Criterion(pick_wording(rng, WORDINGS[kind], **values), truth, kind, FAMILY)
        for kind, truth in truths(experiment, answer).items()
    ]


SWITCHES = ("mean", "uncertainty", "trials", "units", "result", "no_prove", "errors", "table_ref", "decimals")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, EXPERIMENTS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

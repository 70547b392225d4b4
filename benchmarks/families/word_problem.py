"""Word problem family (fresh2): a worked solution to a maths word problem (an average speed, a
discount with sales tax, a cost per cup from a bulk price, a percentage increase), a kind of
answer no grader was run on while any of its rules was written. Run only as `--set fresh2`,
never in `all`, `new`, `docs`, `held` or `fresh`.

An answer is a line of the given values or a lead-in sentence, the worked steps (each
`a op b = c`), and the final answer, assembled from switches: the final answer right or off
by a plausible slip of method (the tax on the original price, the percentage of the new
figure, 18 g taken as 0.18 kg, the two speeds averaged), with every step's arithmetic right
either way; every step right or one result miswritten (a typo the next step does not carry);
the units with the final answer or a bare number; the answer on its own last line beginning
"Answer:" or in a closing sentence; the answer rounded to the places the task asks or left
with the last step's places; the steps numbered or bulleted; and the given values listed
first or not. Every truth is a function of the answer's text; the right answer is computed
from the problem's own numbers by code (`Problem.exact`), never read from the steps.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "word_problem"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
NUMBER = r"\d+(?:\.\d+)?"
STEP = re.compile(rf"(?<![\d.,])({NUMBER})\s*([+\-−×x*÷/])\s*({NUMBER})\s*=\s*({NUMBER})(?![\d.])")
LIST_MARK = re.compile(r"^\s*(?:\d+[.)]|[-*•])\s+")
NUMBERED = re.compile(r"^\s*\d+[.)]\s+")


@dataclass(frozen=True)
class Step:
    label: str
    a: str
    op: str
    b: str
    places: int
    """How many decimal places the result is written with (rounded half up)."""
    unit: str = ""
    typo: str = ""
    """A miswritten result for this step: the one an answer with a slip in its working shows."""


@dataclass(frozen=True)
class Problem:
    task: str
    exact: Fraction
    """The right answer, computed from the problem's numbers."""
    places: int
    """The decimal places the task asks the answer to be rounded to."""
    places_words: str
    given: str
    """The given values, as a first line lists them."""
    given_numbers: tuple[str, ...]
    lead: str
    """The first line instead of the given values."""
    steps: tuple[Step, ...]
    """The right method."""
    slip: tuple[Step, ...]
    """A plausible wrong method: every step's arithmetic right, the answer wrong."""
    prefix: str
    """The unit written before the number (`$`), or empty."""
    suffix: str
    """The unit written after the number (` km/h`, `%`), or empty."""
    unit_name: str
    unit_pattern: tuple[str, str]
    """Regexes for a unit before and after the final number (either may be empty)."""
    sentence: str
    """The closing sentence, with `{}` where the answer goes."""


def value(step: Step) -> Decimal:
    a, b = Decimal(step.a), Decimal(step.b)
    result = {"+": a + b, "−": a - b, "×": a * b, "÷": a / b}[step.op]
    return result.quantize(Decimal(1).scaleb(-step.places), rounding=ROUND_HALF_UP)


PROBLEMS = (
    Problem(
        "A cyclist rides 42 km in 1 hour 45 minutes, stops for lunch, then rides another 18 km in 50 minutes. "
        "What was her average speed while riding, in km/h? Show your working and round the answer to one "
        "decimal place.",
        Fraction(42 + 18) / Fraction(60 + 45 + 50, 60),
        1,
        "one decimal place",
        "Given: 42 km in 1 h 45 min (105 min), then 18 km in 50 min.",
        ("42", "45", "18", "50"),
        "Let's work out her average riding speed.",
        (
            Step("Total distance", "42", "+", "18", 0, " km"),
            Step("Total riding time", "105", "+", "50", 0, " min"),
            Step("Riding time in hours", "155", "÷", "60", 4, " h", typo="2.5383"),
            Step("Average speed", "60", "÷", "2.5833", 2, " km/h"),
        ),
        (
            Step("First leg time", "105", "÷", "60", 2, " h", typo="1.57"),
            Step("First leg speed", "42", "÷", "1.75", 0, " km/h"),
            Step("Second leg time", "50", "÷", "60", 4, " h"),
            Step("Second leg speed", "18", "÷", "0.8333", 2, " km/h"),
            Step("Sum of the two speeds", "24", "+", "21.60", 2, ""),
            Step("Average speed", "45.60", "÷", "2", 2, " km/h"),
        ),
        "",
        " km/h",
        "km/h",
        ("", r"\s*(?:km/h|km per hour|kilometres per hour)"),
        "So her average riding speed was {}.",
    ),
    Problem(
        "A jacket is priced at $84.99. It is on sale at 35% off, and 8.25% sales tax is charged on the sale price. "
        "How much does the jacket cost at the till? Show each step and round the final answer to the nearest "
        "cent.",
        Fraction("84.99") * (1 - Fraction(35, 100)) * (1 + Fraction("8.25") / 100),
        2,
        "the nearest cent",
        "Given: price $84.99, discount 35%, sales tax 8.25% on the sale price.",
        ("84.99", "35", "8.25"),
        "Here is the working for the jacket's price at the till.",
        (
            Step("Discount", "84.99", "×", "0.35", 4, "", typo="29.7645"),
            Step("Sale price", "84.99", "−", "29.7465", 4, ""),
            Step("Sales tax", "55.2435", "×", "0.0825", 4, ""),
            Step("Price at the till", "55.2435", "+", "4.5576", 4, ""),
        ),
        (
            Step("Discount", "84.99", "×", "0.35", 4, "", typo="29.7645"),
            Step("Sale price", "84.99", "−", "29.7465", 4, ""),
            Step("Sales tax", "84.99", "×", "0.0825", 4, ""),
            Step("Price at the till", "55.2435", "+", "7.0117", 4, ""),
        ),
        "$",
        "",
        "dollars",
        (r"(?:\$|USD\s?)", r"\s*(?:dollars|USD)"),
        "So the jacket costs {} at the till.",
    ),
    Problem(
        "A café buys coffee beans in 2.5 kg bags for $68.40 a bag, and each cup of coffee uses 18 g of beans. "
        "What do the beans for one cup cost? Show your working and give the answer in dollars, rounded to the "
        "nearest cent.",
        Fraction("68.40") / (Fraction("2.5") * 1000) * 18,
        2,
        "the nearest cent",
        "Given: a 2.5 kg bag costs $68.40, and one cup uses 18 g.",
        ("2.5", "68.40", "18"),
        "Let's find the cost of the beans in one cup.",
        (
            Step("Cost per kg", "68.40", "÷", "2.5", 2, "", typo="27.63"),
            Step("Beans per cup in kg", "18", "÷", "1000", 3, " kg"),
            Step("Cost per cup", "27.36", "×", "0.018", 5, ""),
        ),
        (
            Step("Cost per kg", "68.40", "÷", "2.5", 2, "", typo="27.63"),
            Step("Cost per cup", "27.36", "×", "0.18", 4, ""),
        ),
        "$",
        "",
        "dollars",
        (r"(?:\$|USD\s?)", r"\s*(?:dollars|USD)"),
        "So the beans for one cup cost {}.",
    ),
    Problem(
        "A shop sold 1,240 umbrellas last year and 1,587 this year. By what percentage did its umbrella sales "
        "increase? Show your working and round to one decimal place.",
        Fraction(1587 - 1240, 1240) * 100,
        1,
        "one decimal place",
        "Given: 1,240 umbrellas sold last year, 1,587 this year.",
        ("1,240", "1,587"),
        "We need the increase as a percentage of last year's sales.",
        (
            Step("Increase", "1587", "−", "1240", 0, " umbrellas", typo="357"),
            Step("Increase as a fraction of last year", "347", "÷", "1240", 4, ""),
            Step("As a percentage", "0.2798", "×", "100", 2, "%"),
        ),
        (
            Step("Increase", "1587", "−", "1240", 0, " umbrellas", typo="357"),
            Step("Increase as a fraction", "347", "÷", "1587", 4, ""),
            Step("As a percentage", "0.2187", "×", "100", 2, "%"),
        ),
        "",
        "%",
        "%",
        ("", r"\s*(?:%|percent|per cent)"),
        "So umbrella sales rose by {}.",
    ),
)


def build(problem: Problem, on: dict[str, bool]) -> str:
    steps = problem.steps if on["answer_right"] else problem.slip
    lines = [problem.given if on["given"] else problem.lead, ""]
    typo_used = False
    for index, step in enumerate(steps, 1):
        result = f"{value(step):.{step.places}f}"
        if not on["steps_right"] and step.typo and not typo_used:
            result, typo_used = step.typo, True
        mark = f"{index}." if on["numbered"] else "-"
        lines.append(f"{mark} {step.label}: {step.a} {step.op} {step.b} = {result}{step.unit}")
    last = value(steps[-1])
    number = (
        f"{last.quantize(Decimal(1).scaleb(-problem.places), rounding=ROUND_HALF_UP)}" if on["rounded"] else str(last)
    )
    shown = f"{problem.prefix}{number}{problem.suffix}" if on["units"] else number
    lines.append("")
    lines.append(f"Answer: {shown}" if on["answer_line"] else problem.sentence.format(shown))
    return "\n".join(lines)


# Reading a solution ------------------------------------------------------------------------


def nonblank(answer: str) -> list[str]:
    return [line for line in answer.splitlines() if line.strip()]


def final_line(answer: str) -> str:
    lines = nonblank(answer)
    return lines[-1] if lines else ""


def final_number(answer: str) -> re.Match[str] | None:
    """The last number of the last line: the final answer."""
    found = list(re.finditer(rf"(?<![\d.]){NUMBER}", final_line(answer).replace(",", "")))
    return found[-1] if found else None


def places_of(number: str) -> int:
    return len(number.partition(".")[2])


def rounded(number: Decimal | Fraction, places: int) -> Decimal:
    exact = Decimal(number.numerator) / Decimal(number.denominator) if isinstance(number, Fraction) else number
    return exact.quantize(Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP)


def answer_is_right(answer: str, problem: Problem) -> bool:
    """The final number, rounded to the places the task asks, is the exact answer so rounded."""
    match = final_number(answer)
    return match is not None and rounded(Decimal(match.group(0)), problem.places) == rounded(
        problem.exact, problem.places
    )


def worked_steps(answer: str) -> list[tuple[str, str, str, str]]:
    return STEP.findall(answer.replace(",", ""))


def step_is_right(a: str, op: str, b: str, c: str) -> bool:
    """`a op b`, rounded half up to as many places as `c` is written with, is `c`."""
    x, y = Decimal(a), Decimal(b)
    if op in "÷/" and y == 0:
        return False
    result = {"+": x + y, "-": x - y, "−": x - y, "×": x * y, "x": x * y, "*": x * y, "÷": x / y, "/": x / y}[op]
    return result.quantize(Decimal(1).scaleb(-places_of(c)), rounding=ROUND_HALF_UP) == Decimal(c)


def steps_right(answer: str) -> bool:
    steps = worked_steps(answer)
    return bool(steps) and all(step_is_right(*step) for step in steps)


def units_given(answer: str, problem: Problem) -> bool:
    """The final number has the problem's unit right before or right after it."""
    match = final_number(answer)
    if match is None:
        return False
    line = final_line(answer).replace(",", "")
    before, after = problem.unit_pattern
    return bool(
        (before and re.search(rf"{before}$", line[: match.start()])) or (after and re.match(after, line[match.end() :]))
    )


def answer_line_last(answer: str) -> bool:
    return final_line(answer).lstrip().startswith("Answer:")


def rounded_as_asked(answer: str, problem: Problem) -> bool:
    match = final_number(answer)
    return match is not None and places_of(match.group(0)) == problem.places


def steps_numbered(answer: str) -> bool:
    lines = [line for line in answer.splitlines() if STEP.search(line.replace(",", ""))]
    return bool(lines) and all(NUMBERED.match(line) for line in lines)


def gives_values_first(answer: str, problem: Problem) -> bool:
    """The first line starts with "Given" and names every number the problem gives."""
    lines = nonblank(answer)
    if not lines or not re.match(r"\s*given\b", lines[0], re.IGNORECASE):
        return False
    return all(re.search(rf"(?<![\d.,]){re.escape(n)}(?![\d])", lines[0]) for n in problem.given_numbers)


def candidates(rng: random.Random, problem: Problem, answer: str) -> list[Criterion]:
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "answer_right",
            answer_is_right(answer, problem),
            ("The final answer is correct", "Gets the right final answer to the problem"),
        ),
        (
            "steps_right",
            steps_right(answer),
            ("The arithmetic in every step is correct", "Each worked step's arithmetic is right"),
        ),
        (
            "units",
            units_given(answer, problem),
            ("States the units with the final answer", f"Gives the final answer with its unit ({problem.unit_name})"),
        ),
        (
            "answer_line",
            answer_line_last(answer),
            (
                'Puts the final answer on its own last line, starting with "Answer:"',
                'Ends with a line that begins "Answer:"',
            ),
        ),
        (
            "rounded",
            rounded_as_asked(answer, problem),
            (
                f"Rounds the final answer to {problem.places_words}",
                f"Gives the final answer to {problem.places_words}, as the task asks",
            ),
        ),
        (
            "numbered",
            steps_numbered(answer),
            ("Numbers the steps of the working", "Shows the working as a numbered list of steps"),
        ),
        (
            "given",
            gives_values_first(answer, problem),
            ("Starts by listing the values the problem gives", "Lists the given quantities before solving"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("answer_right", "steps_right", "units", "answer_line", "rounded", "numbered", "given")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, PROBLEMS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

"""Quiz family (fresh): a multiple-choice quiz of N questions on a topic whose answers can be
computed (times tables, percentages, unit conversions, binary numbers), a kind of answer no
grader was run on while any of its rules was written. Run only as `--set fresh`, never in
`all`, `new`, `docs` or `held`.

An answer is a lead-in line, numbered questions each followed by lettered options, and an
answer key, assembled from switches: as many questions as the task asks for or one fewer,
four options (A-D) on every question or only three on one, an answer key at the end or none,
a key that is right for every question or wrong for one, no option repeated within a question
or one distractor given twice, the right answers under different letters or all under the
same one, and every question ending in a question mark or one written as an instruction.
Every truth is a function of the answer's text: each question's answer is computed from its
own wording (below), never taken from the data the answer was built from.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "quiz"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
LETTERS = "ABCD"
QUESTION = re.compile(r"^\s*(\d+)[.)]\s+(\S.*)$")
OPTION = re.compile(r"^\s*([A-Z])[).]\s+(\S.*)$")
KEY_LINE = re.compile(r"^\s*(?:\*\*)?answer key\b", re.IGNORECASE)
KEY_ENTRY = re.compile(r"\b(\d+)\s*[-:.)=]\s*([A-Z])\b")
UNITS = {
    ("centimetres", "metres"): Decimal(100),
    ("millimetres", "centimetres"): Decimal(10),
    ("grams", "kilograms"): Decimal(1000),
    ("minutes", "hours"): Decimal(60),
    ("seconds", "minutes"): Decimal(60),
    ("millilitres", "litres"): Decimal(1000),
}


@dataclass(frozen=True)
class Question:
    text: str
    """Ends with a question mark."""
    instruction: str
    """The same question written as an instruction (no question mark)."""
    right: str
    distractors: tuple[str, str, str]
    """Near misses, the first the one a wrong key points to."""


@dataclass(frozen=True)
class Topic:
    task: str
    name: str
    count: int
    questions: tuple[Question, ...]
    """`count` questions."""
    spread: tuple[int, ...]
    """Where each question's right answer goes (0 = A), not all the same."""


def q(text: str, instruction: str, right: str, *distractors: str) -> Question:
    a, b, c = distractors
    return Question(text, instruction, right, (a, b, c))


TOPICS = (
    Topic(
        "Write a 5-question multiple-choice quiz on the times tables for a Year 4 class. Give each question "
        "four options labelled A to D and put an answer key at the end.",
        "the times tables",
        5,
        (
            q("What is 7 × 8?", "Work out 7 × 8.", "56", "54", "63", "48"),
            q("What is 6 × 9?", "Work out 6 × 9.", "54", "56", "45", "63"),
            q("What is 12 × 4?", "Work out 12 × 4.", "48", "44", "52", "36"),
            q("What is 9 × 9?", "Work out 9 × 9.", "81", "72", "99", "18"),
            q("What is 8 × 6?", "Work out 8 × 6.", "48", "42", "54", "56"),
        ),
        (1, 3, 0, 2, 0),
    ),
    Topic(
        "Write a 6-question multiple-choice quiz on percentages for adults brushing up on their maths. Each "
        "question needs four options (A-D), and add an answer key at the end.",
        "percentages",
        6,
        (
            q("What is 15% of 60?", "Find 15% of 60.", "9", "6", "12", "7.5"),
            q("What is 25% of 48?", "Find 25% of 48.", "12", "14", "16", "24"),
            q("What is 10% of 350?", "Find 10% of 350.", "35", "3.5", "350", "30"),
            q("What is 40% of 85?", "Find 40% of 85.", "34", "32", "36", "45"),
            q("What is 5% of 240?", "Find 5% of 240.", "12", "24", "10", "48"),
            q("What is 75% of 120?", "Find 75% of 120.", "90", "80", "75", "96"),
        ),
        (2, 0, 3, 1, 3, 0),
    ),
    Topic(
        "Write a 5-question multiple-choice quiz on converting metric units and time, with four options "
        "(A to D) per question and an answer key at the end.",
        "unit conversions",
        5,
        (
            q(
                "How many centimetres are in 2.5 metres?",
                "Convert 2.5 metres to centimetres.",
                "250",
                "25",
                "2500",
                "205",
            ),
            q(
                "How many grams are in 1.2 kilograms?",
                "Convert 1.2 kilograms to grams.",
                "1200",
                "120",
                "12000",
                "1020",
            ),
            q("How many minutes are in 3.5 hours?", "Convert 3.5 hours to minutes.", "210", "350", "180", "230"),
            q(
                "How many millilitres are in 0.75 litres?",
                "Convert 0.75 litres to millilitres.",
                "750",
                "75",
                "7500",
                "705",
            ),
            q("How many seconds are in 4 minutes?", "Convert 4 minutes to seconds.", "240", "400", "360", "200"),
        ),
        (3, 1, 0, 2, 1),
    ),
    Topic(
        "Write a 4-question multiple-choice quiz on reading binary numbers for a first-year computing class: "
        "four options labelled A-D for each question, and an answer key at the end.",
        "binary numbers",
        4,
        (
            q(
                "What is the binary number 1011 in decimal?",
                "Write the binary number 1011 in decimal.",
                "11",
                "13",
                "9",
                "1011",
            ),
            q(
                "What is the binary number 11001 in decimal?",
                "Write the binary number 11001 in decimal.",
                "25",
                "19",
                "27",
                "21",
            ),
            q(
                "What is the binary number 111 in decimal?",
                "Write the binary number 111 in decimal.",
                "7",
                "6",
                "8",
                "3",
            ),
            q(
                "What is the binary number 100000 in decimal?",
                "Write the binary number 100000 in decimal.",
                "32",
                "64",
                "16",
                "6",
            ),
        ),
        (0, 2, 3, 1),
    ),
)

WRONG_KEY = 1
"""The question a wrong key gets wrong (its first distractor's letter)."""
THREE_OPTIONS = 2
"""The question that has only three options when the switch is off."""
REPEATED = 0
"""The question that gives one distractor twice when the switch is off."""


def build(topic: Topic, on: dict[str, bool]) -> str:
    questions = topic.questions if on["count"] else topic.questions[:-1]
    lines = [f"Here is a {len(questions)}-question quiz on {topic.name}.", ""]
    key = []
    for index, question in enumerate(questions):
        where = topic.spread[index] if on["spread"] else 1
        distractors = list(question.distractors)
        if index == REPEATED and not on["distinct"]:
            distractors[2] = distractors[0]
        options = distractors[:]
        options.insert(where, question.right)
        if index == THREE_OPTIONS and not on["four_options"]:
            options.remove(distractors[2])
            where = options.index(question.right)
        wording = question.text if on["question_marks"] or index != len(questions) - 1 else question.instruction
        lines.append(f"{index + 1}. {wording}")
        lines += [f"{letter}) {option}" for letter, option in zip(LETTERS, options, strict=False)]
        lines.append("")
        letter = LETTERS[where]
        if index == WRONG_KEY and not on["key_right"]:
            letter = LETTERS[options.index(question.distractors[0])]
        key.append(f"{index + 1}-{letter}")
    if on["key"]:
        lines.append(f"Answer key: {', '.join(key)}")
    return "\n".join(lines).rstrip()


# Reading a quiz -------------------------------------------------------------------------


@dataclass(frozen=True)
class Parsed:
    number: int
    text: str
    options: tuple[tuple[str, str], ...]
    """(letter, option text), in order."""


def questions_of(answer: str) -> list[Parsed]:
    """The numbered questions, each with the lettered options under it (up to the next
    question or the answer key)."""
    out: list[Parsed] = []
    current: tuple[int, str] | None = None
    options: list[tuple[str, str]] = []
    for line in answer.splitlines():
        if KEY_LINE.match(line):
            break
        question = QUESTION.match(line)
        option = OPTION.match(line)
        if question:
            if current:
                out.append(Parsed(*current, tuple(options)))
            current, options = (int(question.group(1)), question.group(2).strip()), []
        elif option and current:
            options.append((option.group(1), option.group(2).strip()))
    if current:
        out.append(Parsed(*current, tuple(options)))
    return out


def answer_key(answer: str) -> dict[int, str] | None:
    """The key's entries (question number -> letter), from its line on; None without one."""
    lines = answer.splitlines()
    for i, line in enumerate(lines):
        if KEY_LINE.match(line):
            text = "\n".join(lines[i:])
            return {int(n): letter for n, letter in KEY_ENTRY.findall(text)}
    return None


def key_is_last(answer: str) -> bool:
    """An answer key comes after the last question and its options."""
    lines = [line for line in answer.splitlines() if line.strip()]
    key_at = next((i for i, line in enumerate(lines) if KEY_LINE.match(line)), None)
    if key_at is None:
        return False
    return not any(QUESTION.match(line) or OPTION.match(line) for line in lines[key_at + 1 :]) and bool(
        answer_key(answer)
    )


def number(text: str) -> Decimal | None:
    match = re.search(r"-?\d+(?:\.\d+)?", text.replace(",", ""))
    try:
        return Decimal(match.group(0)) if match else None
    except InvalidOperation:
        return None


def solve(question: str) -> Decimal | None:
    """The answer to a question of one of the topics, computed from its wording alone."""
    if match := re.search(r"(\d+)\s*[×x*]\s*(\d+)", question):
        return Decimal(match.group(1)) * Decimal(match.group(2))
    if match := re.search(r"(\d+(?:\.\d+)?)%\s+of\s+(\d+(?:\.\d+)?)", question):
        return Decimal(match.group(1)) * Decimal(match.group(2)) / 100
    if match := re.search(r"binary number ([01]+)\b", question):
        return Decimal(int(match.group(1), 2))
    if match := re.search(r"How many (\w+) are in (\d+(?:\.\d+)?) (\w+)\?", question):
        to, amount, unit = match.group(1), Decimal(match.group(2)), match.group(3)
    elif match := re.search(r"Convert (\d+(?:\.\d+)?) (\w+) to (\w+)", question):
        amount, unit, to = Decimal(match.group(1)), match.group(2), match.group(3)
    else:
        return None
    factor = UNITS.get((to, unit))
    return amount * factor if factor is not None else None


def right_letters(question: Parsed) -> list[str]:
    """The letters of the options whose value is the question's computed answer."""
    value = solve(question.text)
    if value is None:
        return []
    return [letter for letter, option in question.options if number(option) == value]


def key_is_right(answer: str) -> bool:
    """There is a key, it answers every question, and each letter it gives is an option
    whose value is that question's computed answer."""
    key = answer_key(answer)
    questions = questions_of(answer)
    if not key or not questions:
        return False
    return all(key.get(q.number) in right_letters(q) for q in questions)


def four_options_a_to_d(answer: str) -> bool:
    questions = questions_of(answer)
    return bool(questions) and all("".join(letter for letter, _ in q.options) == LETTERS for q in questions)


def options_distinct(answer: str) -> bool:
    for question in questions_of(answer):
        texts = [text.strip().lower() for _, text in question.options]
        if len(set(texts)) != len(texts):
            return False
    return True


def right_answers_spread(answer: str) -> bool:
    """The right answers (computed) are not all under the same letter."""
    letters = [tuple(right_letters(q)) for q in questions_of(answer)]
    return len(set(letters)) > 1


def all_questions_asked(answer: str) -> bool:
    questions = questions_of(answer)
    return bool(questions) and all(q.text.rstrip().endswith("?") for q in questions)


def candidates(rng: random.Random, topic: Topic, answer: str) -> list[Criterion]:
    n = topic.count
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "count",
            len(questions_of(answer)) == n,
            (f"Has exactly {n} questions", f"Contains {n} questions"),
        ),
        (
            "four_options",
            four_options_a_to_d(answer),
            (
                "Each question has exactly four options, labelled A to D",
                "Gives four answer choices (A-D) for every question",
            ),
        ),
        (
            "key",
            key_is_last(answer),
            ("Ends with an answer key", "Includes an answer key after the last question"),
        ),
        (
            "key_right",
            key_is_right(answer),
            ("The answer key is correct for every question", "Every answer in the key is the right one"),
        ),
        (
            "distinct",
            options_distinct(answer),
            ("No option is repeated within a question", "Never lists the same option twice in one question"),
        ),
        (
            "spread",
            right_answers_spread(answer),
            (
                "The correct answers are not all under the same letter",
                "Does not put every correct answer in the same position",
            ),
        ),
        (
            "question_marks",
            all_questions_asked(answer),
            ("Every question ends with a question mark", "Each question is phrased as a question"),
        ),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("count", "four_options", "key", "key_right", "distinct", "spread", "question_marks")
    return switched_cases(FAMILY, TOPICS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

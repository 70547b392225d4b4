"""Limerick family (fresh7): a limerick on a subject the task gives (a lazy cat, a coder fixing a
bug, a dragon who toasts bread, a poet who writes about rain), with a place or a person to name in
its first line, a word limit per line, a title and an exclamation mark to end on, a kind of answer
no grader was run on while any of its rules was written. Run only as `--set fresh7`, never in
`all`, `new`, `docs`, `held` or an earlier fresh set.

An answer is the limerick, after a lead-in line or none, written right and then changed by
switches: five lines or a sixth tacked on, lines 1, 2 and 5 rhyming or the fifth ending on a word
that does not, lines 3 and 4 rhyming or the fourth not, the word the task asks for or a synonym in
its place, the place or person the task names in the first line or another (or the name moved to
the second line), every line within the word limit or one run long, a title or none, and a last
line ending with an exclamation mark or a full stop. Every truth is a function of the answer's
text: the title and the lines are read off block by block, their words counted, and the end
words of the lines looked up in a table of rhymes (below).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "limerick"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
RHYMES = {
    "peru": "oo",
    "corfu": "oo",
    "do": "oo",
    "through": "oo",
    "true": "oo",
    "crewe": "oo",
    "blue": "oo",
    "two": "oo",
    "knew": "oo",
    "jean": "een",
    "screen": "een",
    "nineteen": "een",
    "green": "een",
    "flo": "o",
    "snow": "o",
    "crow": "o",
    "low": "o",
    "mat": "at",
    "fat": "at",
    "cat": "at",
    "caught": "ought",
    "thought": "ought",
    "bread": "ed",
    "bed": "ed",
    "grey": "ay",
    "day": "ay",
}
"""The rhyme of every word a line of a limerick here ends with (a word not listed rhymes with
no other)."""


@dataclass(frozen=True)
class Limerick:
    task: str
    lead: str
    title: str
    lines: tuple[str, str, str, str, str]
    """The limerick written right."""
    sixth: str
    """The line an answer with six lines adds at the end."""
    word: str
    """The word the task wants used."""
    name: str
    """The place or person the task wants in the first line."""
    limit: int
    slips: tuple[tuple[str, int, str, str], ...]
    """(switch, line, old, new): what an answer with the switch off writes instead."""


LIMERICKS = (
    Limerick(
        'Write a limerick about a lazy cat. Use the word "cat", mention Peru in the first line, give it a '
        "title, keep every line to 9 words or fewer, and end with an exclamation mark.",
        "Here's a limerick for you:",
        "**Nine Lives, One Nap**",
        (
            "A tabby who lived in Peru",
            "Had nothing whatever to do;",
            "She napped on the mat",
            "Till she grew rather fat,",
            "Then the cat slept the whole evening through!",
        ),
        "And she's dozing there still, it is true!",
        "cat",
        "Peru",
        9,
        (
            ("first_line", 0, "Peru", "Corfu"),
            ("words", 1, "Had nothing whatever", "Had absolutely nothing whatever at all in the daytime"),
            ("b_rhyme", 3, "rather fat,", "rather round,"),
            ("subject", 4, "the cat slept", "the puss slept"),
            ("a_rhyme", 4, "evening through!", "evening long!"),
        ),
    ),
    Limerick(
        "Can you write a limerick about a programmer fixing a bug? The first line should mention Leeds, use the "
        'word "bug", no line longer than 9 words, add a title, and finish on an exclamation mark.',
        "",
        "## Ship It",
        (
            "In Leeds lived a coder named Jean,",
            "Who debugged on a flickering screen;",
            "Each bug that she caught",
            "Took less time than she thought,",
            "So she shipped the whole app by nineteen!",
        ),
        "The whole team cheered loud on the green!",
        "bug",
        "Leeds",
        9,
        (
            ("first_line", 0, "In Leeds", "In Hull"),
            ("words", 1, "debugged on a flickering", "debugged all day long on a flickering old laptop"),
            ("subject", 2, "Each bug", "Each glitch"),
            ("b_rhyme", 3, "she thought,", "she planned,"),
            ("a_rhyme", 4, "by nineteen!", "before ten!"),
        ),
    ),
    Limerick(
        'Please write a limerick about a dragon named Dee - put Dee in the first line, use the word "dragon", '
        "give it a title, at most 10 words a line, and end it with an exclamation mark.",
        "Sure - here's one:",
        "The Toast of Crewe",
        (
            "Old Dee was a dragon from Crewe,",
            "Whose fire burned a brilliant blue;",
            "He toasted his bread,",
            "Then went happily to bed,",
            "And he snored out a smoke ring or two!",
        ),
        "And that's all that he ever would do!",
        "dragon",
        "Dee",
        10,
        (
            ("first_line", 0, "Old Dee was a", "There once was a"),
            ("first_line", 1, "Whose fire burned a brilliant", "Named Dee, whose fire burned"),
            ("subject", 0, "dragon", "wyvern"),
            ("words", 2, "toasted his bread", "toasted a great big stack of warm crumpets and some bread"),
            ("b_rhyme", 3, "happily to bed,", "happily to sleep,"),
            ("a_rhyme", 4, "ring or two!", "ring or three!"),
        ),
    ),
    Limerick(
        'Write me a limerick about rain, with Bath named in the first line. Use the word "rain", give it a title, '
        "keep each line to 8 words or fewer, and make it end with an exclamation mark.",
        "Here is a limerick about rain:",
        "### Wet Weather Verse",
        (
            "In Bath, a young poet named Flo",
            "Wrote verses on rain and on snow;",
            "When the clouds rolled in grey,",
            "She would scribble all day,",
            "Then read them aloud to the crow!",
        ),
        "The crow cawed back, soft and low!",
        "rain",
        "Bath",
        8,
        (
            ("first_line", 0, "In Bath,", "In Bristol,"),
            ("subject", 1, "on rain and", "on sleet and"),
            ("words", 3, "would scribble all day", "would scribble her notes in the café all day"),
            ("b_rhyme", 3, "all day,", "for hours,"),
            ("a_rhyme", 4, "to the crow!", "to the cat!"),
        ),
    ),
)


def build(limerick: Limerick, on: dict[str, bool]) -> str:
    lines = list(limerick.lines)
    for switch, at, old, new in limerick.slips:
        if not on[switch]:
            if old not in lines[at]:
                raise ValueError(f"{limerick.name}: {switch} finds no {old!r}")
            lines[at] = lines[at].replace(old, new)
    if not on["lines"]:
        lines.append(limerick.sixth)
    if not on["exclaim"]:
        lines[-1] = lines[-1].removesuffix("!") + "."
    blocks = [limerick.lead, limerick.title if on["title"] else "", "\n".join(lines)]
    return "\n\n".join(block for block in blocks if block)


# Reading a limerick ---------------------------------------------------------------------------


def plain(line: str) -> str:
    return re.sub(r"^#{1,6}\s+", "", line.replace("*", "").replace("_", "")).strip()


def read(answer: str) -> tuple[str | None, list[str]]:
    """(the title or None, the limerick's lines): a lead-in line ending with a colon is left out,
    a single line before the poem is the title, one after it a note."""
    blocks = [block.strip() for block in re.split(r"\n\s*\n", answer.strip()) if block.strip()]
    title, lines = None, []
    for block in blocks:
        found = [plain(line) for line in block.splitlines() if line.strip()]
        if len(found) > 1:
            lines += found
        elif not lines and not block.endswith(":"):
            title = found[0]
    return title, lines


def words(line: str) -> list[str]:
    return re.findall(r"[A-Za-z']+(?:-[A-Za-z']+)*", line)


def rhyme(*lines: str) -> bool:
    """The lines end on different words that rhyme (by the table)."""
    ends = [words(line)[-1].lower() if words(line) else "" for line in lines]
    keys = {RHYMES.get(end) for end in ends}
    return len(set(ends)) == len(ends) and len(keys) == 1 and None not in keys


def candidates(rng: random.Random, limerick: Limerick, answer: str) -> list[Criterion]:
    title, lines = read(answer)
    word, name, limit = limerick.word, limerick.name, limerick.limit
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        ("lines", len(lines) == 5, ("Has exactly five lines", "Is five lines long, no more and no fewer")),
        (
            "a_rhyme",
            len(lines) >= 5 and rhyme(lines[0], lines[1], lines[4]),
            ("Lines 1, 2 and 5 rhyme with each other", "The first, second and fifth lines share a rhyme"),
        ),
        (
            "b_rhyme",
            len(lines) >= 4 and rhyme(lines[2], lines[3]),
            ("Lines 3 and 4 rhyme", "The third and fourth lines rhyme with each other"),
        ),
        (
            "subject",
            any(re.search(rf"\b{word}\b", line, re.IGNORECASE) for line in lines),
            (f'Uses the word "{word}"', f'The word "{word}" appears in the limerick'),
        ),
        (
            "first_line",
            bool(lines) and re.search(rf"\b{name}\b", lines[0]) is not None,
            (f"The first line mentions {name}", f"Names {name} in the opening line"),
        ),
        (
            "words",
            bool(lines) and all(len(words(line)) <= limit for line in lines),
            (f"No line is longer than {limit} words", f"Every line has {limit} words or fewer"),
        ),
        ("title", title is not None, ("Has a title", "Gives the limerick a title")),
        (
            "exclaim",
            bool(lines) and lines[-1].endswith("!"),
            ("The last line ends with an exclamation mark", "Finishes with an exclamation mark"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("lines", "a_rhyme", "b_rhyme", "subject", "first_line", "words", "title", "exclaim")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, LIMERICKS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

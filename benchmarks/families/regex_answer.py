"""Regex answer family (fresh3): a Python regular expression for a matching task (ISO dates, CSS
hex colours, usernames, version numbers) with a short test and an explanation, a kind of answer
no grader was run on while any of its rules was written. Run only as `--set fresh3`, never in
`all`, `new`, `docs`, `held`, `fresh` or `fresh2`.

An answer is a first line, one ```python block (the pattern in a constant and a few asserts) and
the explanation, assembled from switches: a pattern that matches every string the task says it
must or one that misses a valid one (a day range that stops at 30, lower-case hex digits only,
no underscore, no pre-release tag), a pattern that matches none of the strings the task says it
must not or one that matches one of them as well (any two-digit month, an alternation left
ungrouped so that `^` and `$` each bind to one side, no `$` anchor, leading zeros allowed), a
raw string or a plain one, `re.compile` or the bare string, the constant named as the task asks
or by a near name, four asserts or two, the explanation as a bulleted list or as a paragraph,
and the pattern in backticks on the first line or only in the code. Every truth is a function of
the answer's text: the pattern is read from the code with `ast`, compiled with `re` and run with
`re.search` (as the task says it is used) on the strings the task lists (below).
"""

from __future__ import annotations

import ast
import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "regex_answer"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3
CODE = re.compile(r"```(?:python|py)[ \t]*\n(.*?)```", re.DOTALL)
LITERAL = re.compile(r"^\s*[A-Za-z_]\w*\s*=\s*(?:re\.compile\(\s*)?([rRuUbB]*)[\"']", re.MULTILINE)
BULLET = re.compile(r"^\s*[-*•]\s+\S", re.MULTILINE)


@dataclass(frozen=True)
class Piece:
    """A piece of the pattern, or of its explanation: `wrong` in place of `right` when the
    answer's `switch` is off (no switch: always `right`; an empty `wrong`: left out)."""

    right: str
    wrong: str = ""
    switch: str = ""

    def text(self, on: dict[str, bool]) -> str:
        return self.wrong if self.switch and not on[self.switch] else self.right


@dataclass(frozen=True)
class Matching:
    task: str
    const: str
    near_const: str
    """The name an answer that does not follow the task gives the constant."""
    pieces: tuple[Piece, ...]
    """The pattern, left to right: `accepts` off misses a valid string, `rejects` off lets an
    invalid one through."""
    notes: tuple[Piece, ...]
    """The explanation, a bullet or a clause each."""
    positives: tuple[str, ...]
    negatives: tuple[str, ...]
    with_pattern: str
    """The first line with the pattern in it (`{}` is the pattern in backticks)."""
    without: str
    """The first line of an answer that gives the pattern only in the code."""
    lead: str
    """How the paragraph of an answer that explains in prose begins."""


MATCHINGS = (
    Matching(
        "Give me a Python regular expression for ISO dates (YYYY-MM-DD) with the month 01-12 and the day 01-31. "
        "Our validator calls re.search(pattern, value), so it has to accept nothing but a date. Put it in a "
        "constant called DATE_RE and show a quick test. It must match 2024-02-29, 1999-12-31 and 2000-01-01, and "
        "must not match 2024-13-01, 2024-1-05 or 24-01-05.",
        "DATE_RE",
        "ISO_DATE",
        (
            Piece(r"^\d{4}-"),
            Piece(r"(0[1-9]|1[0-2])", r"\d{2}", "rejects"),
            Piece("-"),
            Piece(r"(0[1-9]|[12]\d|3[01])", r"(0[1-9]|[12]\d|30)", "accepts"),
            Piece("$"),
        ),
        (
            Piece(r"`^\d{4}-` is the four-digit year and its hyphen"),
            Piece(r"`(0[1-9]|1[0-2])` is a month from 01 to 12", r"`\d{2}` is the two-digit month", "rejects"),
            Piece(
                r"`(0[1-9]|[12]\d|3[01])` is a day from 01 to 31",
                r"`(0[1-9]|[12]\d|30)` is the day: 01-09, 10-29 or 30",
                "accepts",
            ),
            Piece("`$` stops anything trailing after the day"),
        ),
        ("2024-02-29", "1999-12-31", "2000-01-01"),
        ("2024-13-01", "2024-1-05", "24-01-05"),
        "This pattern does it: {}",
        "Here's a regular expression for ISO dates, with a quick test:",
        "Reading it left to right,",
    ),
    Matching(
        "I need a Python regex that matches a CSS hex colour: a # followed by exactly 3 or 6 hex digits, in either "
        "case. We check values with re.search, so the whole value has to be a colour. Call the constant "
        "HEX_COLOUR. It should match #1e90ff, #FFF and #C0FFEE, and it should not match #abcd, 123456 or #12345g.",
        "HEX_COLOUR",
        "HEX_COLOR",
        (
            Piece("^#"),
            Piece("(?:", "", "rejects"),
            Piece("[0-9a-fA-F]{3}", "[0-9a-f]{3}", "accepts"),
            Piece("|"),
            Piece("[0-9a-fA-F]{6}", "[0-9a-f]{6}", "accepts"),
            Piece(")", "", "rejects"),
            Piece("$"),
        ),
        (
            Piece("`^#` means the value starts with the hash"),
            Piece(
                "`[0-9a-fA-F]{3}` and `[0-9a-fA-F]{6}` are the short and long forms, upper or lower case",
                "`[0-9a-f]{3}` and `[0-9a-f]{6}` are the short and long forms",
                "accepts",
            ),
            Piece(
                "`(?:...|...)` groups the two forms so that both anchors apply to each",
                "`|` picks between the short and the long form",
                "rejects",
            ),
            Piece("`$` makes sure nothing follows the digits"),
        ),
        ("#1e90ff", "#FFF", "#C0FFEE"),
        ("#abcd", "123456", "#12345g"),
        "{} will do it.",
        "Sure! Here is a pattern for CSS hex colours.",
        "In short:",
    ),
    Matching(
        "Write a Python regex for our usernames: 3 to 16 characters, only lowercase letters, digits and "
        "underscores, and the first character must be a letter. The check is re.search(pattern, name), so the "
        "pattern has to cover the whole name. Call it USERNAME_RE. It should match ana99, j_doe and zed, and "
        "reject 9lives, ana-maria, ab and Bob_1.",
        "USERNAME_RE",
        "USER_RE",
        (
            Piece("^[a-z]"),
            Piece("[a-z0-9_]{2,15}", "[a-z0-9]{2,15}", "accepts"),
            Piece("$", "", "rejects"),
        ),
        (
            Piece("`^[a-z]` requires a lowercase letter first"),
            Piece(
                "`[a-z0-9_]{2,15}` allows 2 to 15 more letters, digits or underscores, so 3 to 16 in all",
                "`[a-z0-9]{2,15}` allows 2 to 15 more letters or digits, so 3 to 16 in all",
                "accepts",
            ),
            Piece("`$` anchors the end, so nothing else may follow", "", "rejects"),
        ),
        ("ana99", "j_doe", "zed"),
        ("9lives", "ana-maria", "ab", "Bob_1"),
        "Use {}:",
        "Here's a pattern for the username rules:",
        "How it works:",
    ),
    Matching(
        "Can you write a regular expression in Python for version numbers in the form MAJOR.MINOR.PATCH, each "
        "part a number with no leading zeros, optionally followed by a pre-release tag such as -rc.1? It is used "
        "with re.search, so it must match the whole string. Name the constant SEMVER_RE. It should match 1.4.2, "
        "2.0.0-rc.1 and 10.20.30, and not 1.02.3, 1.2 or v1.2.3.",
        "SEMVER_RE",
        "VERSION_RE",
        (
            Piece("^"),
            Piece(r"(0|[1-9]\d*)", r"\d+", "rejects"),
            Piece(r"\."),
            Piece(r"(0|[1-9]\d*)", r"\d+", "rejects"),
            Piece(r"\."),
            Piece(r"(0|[1-9]\d*)", r"\d+", "rejects"),
            Piece(r"(?:-[0-9A-Za-z.]+)?", "", "accepts"),
            Piece("$"),
        ),
        (
            Piece("`^` and `$` make it match the whole string"),
            Piece(
                r"`(0|[1-9]\d*)` is one part: 0, or a number that does not start with 0",
                r"`\d+` is one part, any run of digits",
                "rejects",
            ),
            Piece(r"`\.` is the literal dot between the parts"),
            Piece(r"`(?:-[0-9A-Za-z.]+)?` is the optional pre-release tag, like -rc.1", "", "accepts"),
        ),
        ("1.4.2", "2.0.0-rc.1", "10.20.30"),
        ("1.02.3", "1.2", "v1.2.3"),
        "Pattern: {}",
        "Below is a regex for MAJOR.MINOR.PATCH version numbers.",
        "Breaking it down,",
    ),
)


def build(matching: Matching, on: dict[str, bool]) -> str:
    pattern = "".join(piece.text(on) for piece in matching.pieces)
    literal = f'r"{pattern}"' if on["raw_string"] else '"' + pattern.replace("\\", "\\\\") + '"'
    const = matching.const if on["const_name"] else matching.near_const
    code = ["import re", "", f"{const} = re.compile({literal})" if on["compiled"] else f"{const} = {literal}", ""]
    search = f"{const}.search({{}})" if on["compiled"] else f"re.search({const}, {{}})"
    checks = (
        [*matching.positives[:2], *matching.negatives[:2]]
        if on["asserts"]
        else [
            matching.positives[0],
            matching.negatives[0],
        ]
    )
    for value in checks:
        found = search.format(f'"{value}"')
        code.append(f"assert {found}" if value in matching.positives else f"assert not {found}")
    notes = [note for note in (piece.text(on) for piece in matching.notes) if note]
    if on["bullets"]:
        explanation = "\n".join(f"- {note}" for note in notes)
    else:
        explanation = f"{matching.lead} " + "; ".join(notes) + "."
    first = matching.with_pattern.replace("{}", f"`{pattern}`") if on["first_line"] else matching.without
    return f"{first}\n\n```python\n" + "\n".join(code) + f"\n```\n\n{explanation}"


# Reading the answer ----------------------------------------------------------------------------


def code_of(answer: str) -> str:
    match = CODE.search(answer)
    return match.group(1) if match else ""


def assignments(code: str) -> list[tuple[str, str, bool]]:
    """(name, pattern, compiled) of each module-level constant that holds a pattern: a string
    literal, or `re.compile` of one."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    found = []
    for node in tree.body:
        if not (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)):
            continue
        value, compiled = node.value, False
        if isinstance(value, ast.Call) and ast.unparse(value.func) == "re.compile" and value.args:
            value, compiled = value.args[0], True
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            found.append((node.targets[0].id, value.value, compiled))
    return found


def pattern_of(answer: str) -> str | None:
    found = assignments(code_of(answer))
    return found[0][1] if found else None


def searches(pattern: str | None, value: str) -> bool:
    if pattern is None:
        return False
    try:
        return re.search(pattern, value) is not None
    except re.error:
        return False


def accepts_all(answer: str, matching: Matching) -> bool:
    pattern = pattern_of(answer)
    return pattern is not None and all(searches(pattern, value) for value in matching.positives)


def rejects_all(answer: str, matching: Matching) -> bool:
    pattern = pattern_of(answer)
    return pattern is not None and not any(searches(pattern, value) for value in matching.negatives)


def raw_literal(answer: str) -> bool:
    """The pattern's string literal (the first constant's) has an `r` prefix."""
    match = LITERAL.search(code_of(answer))
    return match is not None and "r" in match.group(1).lower()


def compiles(answer: str) -> bool:
    return any(compiled for _, _, compiled in assignments(code_of(answer)))


def assert_count(answer: str) -> int:
    try:
        tree = ast.parse(code_of(answer))
    except SyntaxError:
        return 0
    return sum(isinstance(node, ast.Assert) for node in ast.walk(tree))


def explained_in_bullets(answer: str) -> bool:
    """At least two bullet lines after the code block."""
    rest = answer[answer.rfind("```") + 3 :] if answer.count("```") >= 2 else ""
    return len(BULLET.findall(rest)) >= 2


def pattern_first(answer: str) -> bool:
    """The first line has the code's pattern in backticks."""
    first = next((line for line in answer.splitlines() if line.strip()), "")
    pattern = pattern_of(answer)
    return pattern is not None and pattern in re.findall(r"`([^`]+)`", first)


def candidates(rng: random.Random, matching: Matching, answer: str) -> list[Criterion]:
    const = matching.const
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "accepts",
            accepts_all(answer, matching),
            ("Matches every string the task lists as valid", "Accepts all of the task's valid examples"),
        ),
        (
            "rejects",
            rejects_all(answer, matching),
            ("Matches none of the strings the task lists as invalid", "Rejects every invalid example in the task"),
        ),
        (
            "raw_string",
            raw_literal(answer),
            ('Writes the pattern as a raw string (r"...")', "Uses a Python raw string literal for the regex"),
        ),
        (
            "compiled",
            compiles(answer),
            ("Compiles the pattern with re.compile", "Precompiles the regular expression using re.compile()"),
        ),
        (
            "const_name",
            any(name == const for name, _, _ in assignments(code_of(answer))),
            (f"Stores the pattern in a constant named {const}", f"Names the pattern's constant {const}"),
        ),
        (
            "asserts",
            assert_count(answer) >= 3,
            ("Checks the pattern with at least three assert statements", "Includes three or more asserts"),
        ),
        (
            "bullets",
            explained_in_bullets(answer),
            ("Explains the pattern piece by piece in a bulleted list", "Breaks the regex down as bullet points"),
        ),
        (
            "first_line",
            pattern_first(answer),
            (
                "Gives the pattern itself, in backticks, on the first line",
                "The first line shows the regex as inline code",
            ),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("accepts", "rejects", "raw_string", "compiled", "const_name", "asserts", "bullets", "first_line")


def cases() -> list[JudgeCase]:
    return switched_cases(
        FAMILY, MATCHINGS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

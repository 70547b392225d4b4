"""Code-style family (held out): how a Python answer is written, which no fact of the menu
measures and no prompt, example or rule of the grader was written for. Its cases are run
only as `--set held`, never in `all` or `new`, so the samples taken before it existed keep
their cases.

An answer is a short module assembled from switches: the function's name in snake_case or
camelCase, three or five parameters, an f-string or %-formatting, a comment line short or
over 79 characters, the entry point under `if __name__ == "__main__":` or at top level, a
`global` statement or a returned value, a comment or none. Every truth is a function of the
code's syntax tree or its lines (below), read from the one fenced block.
"""

from __future__ import annotations

import ast
import random
import re
from dataclasses import dataclass

from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "code_style"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3


@dataclass(frozen=True)
class Program:
    task: str
    snake: str
    camel: str
    params: tuple[str, ...]
    """Five parameter names; the first three are the short signature."""
    body: str
    """The body's lines that compute `result` from the parameters (indented by 4)."""
    label: str
    """What the returned text says, before the value."""
    call: str
    """The arguments of the example call (five values; the first three for the short signature)."""
    comment: str
    long_comment: str
    """Over 79 characters once indented in the module."""


PROGRAMS = (
    Program(
        "Write a Python function that counts the words of a text that are at least a given length, and show it on an example.",
        "count_long_words",
        "countLongWords",
        ("text", "min_len", "sep", "lower", "strip"),
        "    words = [w for w in text.split(sep) if len(w) >= min_len]\n    result = len(words)",
        "long words",
        '"the quick brown fox", 4, " ", True, True',
        "# Split on the separator and keep the long words.",
        "# Split the text on the separator, then keep only the words whose length reaches the minimum.",
    ),
    Program(
        "Write a Python function that computes the average of the positive numbers in a list, and show it on an example.",
        "average_positive",
        "averagePositive",
        ("values", "digits", "default", "strict", "scale"),
        "    positive = [v for v in values if v > 0]\n"
        "    mean = sum(positive) / len(positive) if positive else default\n"
        "    result = round(mean, digits)",
        "average",
        "[3, -1, 5, 0, 7], 2, 0.0, False, 1",
        "# Ignore zero and negative values.",
        "# Ignore the zero and negative values, and fall back to the default when nothing is left over.",
    ),
    Program(
        "Write a Python function that finds the longest line of a text file's contents, and show it on an example.",
        "longest_line",
        "longestLine",
        ("content", "skip_blank", "limit", "encoding", "errors"),
        "    lines = [l for l in content.splitlines() if l.strip() or not skip_blank]\n    result = max(lines, key=len)[:limit] if lines else ''",
        "longest line",
        '"one\\nthree\\n\\nfive", True, 80, "utf-8", "strict"',
        "# Blank lines can be skipped.",
        "# Blank lines are skipped when asked, and the longest line is cut at the limit before it is returned.",
    ),
    Program(
        "Write a Python function that converts a temperature in Celsius to Fahrenheit, and show it on an example.",
        "celsius_to_fahrenheit",
        "celsiusToFahrenheit",
        ("celsius", "digits", "offset", "unit", "check"),
        "    result = round(celsius * 9 / 5 + 32 + offset, digits)",
        "fahrenheit",
        "21.5, 1, 0, 'F', False",
        "# The standard conversion formula.",
        "# The standard conversion formula: multiply by nine fifths, then add thirty-two and any offset.",
    ),
)


def build(program: Program, on: dict[str, bool]) -> str:
    """The answer: a lead-in sentence and one fenced Python block."""
    name = program.snake if on["snake"] else program.camel
    params = program.params if on["many_params"] else program.params[:3]
    call_args = ", ".join(part.strip() for part in _split_args(program.call)[: len(params)])
    lines = [f"def {name}({', '.join(params)}):"]
    if on["comment"]:
        lines.append("    " + (program.long_comment if on["long_line"] else program.comment))
    lines.append(program.body)
    if on["global"]:
        lines = ["last_result = None", "", "", *lines, "    global last_result", "    last_result = result"]
    text = f'f"{program.label}: {{result}}"' if on["fstring"] else f'"{program.label}: %s" % (result,)'
    lines.append(f"    return {text}")
    show = f"print({name}({call_args}))"
    lines += ["", ""]
    lines += ['if __name__ == "__main__":', f"    {show}"] if on["main_guard"] else [show]
    code = "\n".join(lines)
    return f"Here is the function with an example call:\n\n```python\n{code}\n```"


def _split_args(call: str) -> list[str]:
    """The top-level comma-separated arguments of an example call."""
    parts, depth, current = [], 0, ""
    for ch in call:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    return [*parts, current]


def code_of(answer: str) -> str:
    match = re.search(r"```python\n(.*?)```", answer, re.DOTALL)
    assert match is not None, answer
    return match.group(1)


def functions_of(code: str) -> list[ast.FunctionDef]:
    return [n for n in ast.walk(ast.parse(code)) if isinstance(n, ast.FunctionDef)]


def snake_case(code: str) -> bool:
    return all(re.fullmatch(r"[a-z_][a-z0-9_]*", f.name) for f in functions_of(code))


def max_params(code: str) -> int:
    return max(len(f.args.args) for f in functions_of(code))


def uses_fstrings_only(code: str) -> bool:
    """Formats with f-strings and never with `%` or `.format`."""
    tree = ast.parse(code)
    fstring = any(isinstance(n, ast.JoinedStr) for n in ast.walk(tree))
    percent = any(
        isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mod) and isinstance(n.left, ast.Constant)
        for n in ast.walk(tree)
    )
    dot_format = any(isinstance(n, ast.Attribute) and n.attr == "format" for n in ast.walk(tree))
    return fstring and not percent and not dot_format


def longest_line(code: str) -> int:
    return max(len(line) for line in code.splitlines())


def main_guarded(code: str) -> bool:
    """Every top-level statement that is not a definition or an assignment sits under the guard."""
    tree = ast.parse(code)
    guarded = any(isinstance(n, ast.If) and "__name__" in ast.unparse(n.test) for n in tree.body)
    loose = [n for n in tree.body if isinstance(n, ast.Expr)]
    return guarded and not loose


def uses_global(code: str) -> bool:
    return any(isinstance(n, ast.Global) for n in ast.walk(ast.parse(code)))


def has_comment(code: str) -> bool:
    return any(line.strip().startswith("#") for line in code.splitlines())


def candidates(rng: random.Random, program: Program, answer: str) -> list[Criterion]:
    code = code_of(answer)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "snake_case",
            snake_case(code),
            ("Function names are in snake_case", "Names its functions in snake_case, as PEP 8 asks"),
        ),
        (
            "few_params",
            max_params(code) <= 3,
            ("No function takes more than three parameters", "Every function has at most 3 parameters"),
        ),
        (
            "fstrings",
            uses_fstrings_only(code),
            ("Uses f-strings for string formatting", "Formats strings with f-strings, not % or .format()"),
        ),
        (
            "line_length",
            longest_line(code) <= 79,
            ("No line is longer than 79 characters", "Keeps every line within 79 characters"),
        ),
        (
            "main_guard",
            main_guarded(code),
            (
                'Puts the example call under an `if __name__ == "__main__":` guard',
                "Runs the example only when executed as a script (a main guard)",
            ),
        ),
        ("no_global", not uses_global(code), ("Does not use the global statement", "Uses no global variables")),
        ("commented", has_comment(code), ("Includes at least one comment", "The code has a comment")),
    ]
    return [Criterion(pick_wording(rng, words), truth, kind, FAMILY) for kind, truth, words in kinds]


def cases() -> list[JudgeCase]:
    switches = ("snake", "many_params", "fstring", "long_line", "main_guard", "global", "comment")
    return switched_cases(
        FAMILY, PROGRAMS, switches, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER
    )

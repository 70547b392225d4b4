"""The numbers a written check compares with, beside the numbers its task and criterion give:
a number compared with that none of them gives is the grader's own figure (`check_kinds.py`).
Read from the check's code; none runs it."""

from __future__ import annotations

import ast
import re

from rubricflow.activities.grader.number_words import NUMBER_WORDS

_GIVEN_NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")


def given_numbers(text: str) -> set[float]:
    """The numbers `text` states, in digits or as words up to twenty, and 0 and 1 (a
    check may always count from nothing or compare with one)."""
    found = {float(m.replace(",", "")) for m in _GIVEN_NUMBER.findall(text)}
    found |= {float(NUMBER_WORDS[w]) for w in re.findall(r"[a-z]+", text.lower()) if w in NUMBER_WORDS}
    return found | {0.0, 1.0}


def strict_bounds(tree: ast.AST) -> set[float]:
    """The numbers a check compares with by `<` or `>` alone: `len(line) < 80` is the
    criterion's "at most 79" written strictly, so a bound one from a stated number is that
    number (never so for `==`: a figure one off is a figure of the check's own)."""
    found: set[float] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and all(isinstance(op, ast.Lt | ast.Gt) for op in node.ops):
            for side in (node.left, *node.comparators):
                if isinstance(side, ast.Constant) and isinstance(side.value, int) and not isinstance(side.value, bool):
                    found.add(abs(float(side.value)))
    return found


def compared_numbers(tree: ast.AST) -> set[float]:
    """The numbers a check compares with as they stand (`x == 10.5`, `xs == [3, 4]`), not
    those it computes with (`round(x, 1)`, `lines()[2]`)."""
    found: set[float] = set()

    def add(node: ast.expr) -> None:
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
            add(node.operand)
        elif (
            isinstance(node, ast.Constant) and isinstance(node.value, int | float) and not isinstance(node.value, bool)
        ):
            found.add(abs(float(node.value)))
        elif isinstance(node, ast.List | ast.Tuple | ast.Set):
            for element in node.elts:
                add(element)

    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            for side in (node.left, *node.comparators):
                add(side)
    return found

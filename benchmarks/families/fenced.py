"""Reading a code answer of the families (a Makefile, a test module, a class): the code is
its first fenced block, or the whole answer when it has none."""

from __future__ import annotations

import ast
import re

FENCE = re.compile(r"```[\w-]*\n(.*?)```", re.DOTALL)


def code_of(answer: str) -> str:
    match = FENCE.search(answer)
    return match.group(1) if match else answer


def tree_of(answer: str) -> ast.Module:
    """The code's syntax tree; an empty module for code that does not parse."""
    try:
        return ast.parse(code_of(answer))
    except SyntaxError:
        return ast.Module(body=[], type_ignores=[])

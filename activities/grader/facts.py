"""Facts about an answer, measured by code: the grader's evidence.

A small model judges a criterion better with the facts in front of it ("docstring: none",
"imports: numpy (third-party)") than by reading code, and a criterion that one fact settles
can be decided by that fact. Which fact a criterion needs, and what value, is the model's
choice (`fact_choice.py`); this module only measures. Nothing here reads
a criterion's wording.

Every fact has a name, a kind (`bool`, `count` or `text`) and a sentence that says what it
measures, shown to the model as the menu it picks from.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

FactKind = Literal["bool", "count", "text"]

_FENCE = re.compile(r"```([^\n`]*)\n(.*?)```", re.DOTALL)
_WORD = re.compile(r"[A-Za-z0-9']+")
_NUMBER = re.compile(r"(?<![\w.])\d+(?![\w]|\.\d)")
_LIST_ITEM = re.compile(r"^\s*(?:[-*+•]|\d+[.)])\s+\S")


@dataclass(frozen=True)
class Answer:
    """An answer split into its Python code and its prose, parsed once."""

    text: str
    code: str
    prose: str
    tree: ast.Module | None
    syntax_error: str | None

    @property
    def functions(self) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
        if self.tree is None:
            return []
        return [n for n in ast.walk(self.tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def _looks_like_python(text: str) -> bool:
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return False
    return any(isinstance(n, ast.FunctionDef | ast.ClassDef | ast.Import | ast.ImportFrom) for n in tree.body)


def read_answer(text: str) -> Answer:
    """The answer's Python code (its ```python blocks, or the whole answer when it is bare
    Python) and its prose (the rest), with the code parsed."""
    blocks = [body for lang, body in _FENCE.findall(text) if lang.strip().lower() in ("", "python", "py", "python3")]
    if blocks:
        code = "\n\n".join(blocks)
        prose = _FENCE.sub(" ", text)
    elif _looks_like_python(text):
        code, prose = text, ""
    else:
        code, prose = "", text
    tree, error = None, None
    if code.strip():
        try:
            tree = ast.parse(code)
        except SyntaxError as exc:
            error = f"line {exc.lineno}: {exc.msg}"
            tree = _parse_before_errors(code, exc)
    return Answer(text=text, code=code, prose=prose.strip(), tree=tree, syntax_error=error)


MAX_RECOVERIES = 5


def _parse_before_errors(code: str, error: SyntaxError) -> ast.Module | None:
    """The code up to its first syntax error, parsed: what an answer defines before a typo
    (an example call with one `)` too many, say) is still measured; `code_parses` and the
    syntax error say the rest. None when nothing before the error parses."""
    lines = code.splitlines()
    for _ in range(MAX_RECOVERIES):
        cut = min((error.lineno or 1) - 1, len(lines) - 1)
        while cut > 0 and lines[cut][:1] in (" ", "\t", ""):
            cut -= 1  # back to the start of the statement the error is in
        if cut <= 0:
            return None
        lines = lines[:cut]
        try:
            return ast.parse("\n".join(lines))
        except SyntaxError as exc:
            error = exc
    return None


# Measurements -------------------------------------------------------------------------


_IMPORT_LINE = re.compile(r"^\s*(?:import\s+([\w.]+(?:\s*,\s*[\w.]+)*)|from\s+([\w.]+)\s+import\b)", re.MULTILINE)
_PRINT_CALL = re.compile(r"(?<![\w.])print\s*\(")


def imported_modules(answer: Answer) -> list[str]:
    """Top-level modules the code imports; for code with a syntax error, also those its
    import lines name past the error."""
    names: list[str] = []
    for node in ast.walk(answer.tree) if answer.tree else ():
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    if answer.syntax_error:
        for plain, source in _IMPORT_LINE.findall(answer.code):
            names += [n.strip() for n in plain.split(",")] if plain else [source]
    return list(dict.fromkeys(n for n in names if n and not n.startswith(".")))


def third_party(modules: list[str]) -> list[str]:
    return [m for m in modules if m.split(".")[0] not in sys.stdlib_module_names]


def _params(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.arg]:
    args = [*fn.args.posonlyargs, *fn.args.args, *fn.args.kwonlyargs]
    if fn.args.vararg:
        args.append(fn.args.vararg)
    if fn.args.kwarg:
        args.append(fn.args.kwarg)
    return [a for a in args if a.arg not in ("self", "cls")]


def unannotated(answer: Answer) -> list[str]:
    """`name(param)` / `name -> return` for each missing annotation."""
    missing = []
    for fn in answer.functions:
        missing += [f"{fn.name}({a.arg})" for a in _params(fn) if a.annotation is None]
        if fn.returns is None:
            missing.append(f"{fn.name} -> (no return annotation)")
    return missing


def calls_to(answer: Answer, name: str) -> int:
    """Calls of the builtin `name`; for code with a syntax error, `print(` as written."""
    if answer.syntax_error and name == "print":
        return len(_PRINT_CALL.findall(answer.code))
    if answer.tree is None:
        return 0
    return sum(
        1
        for n in ast.walk(answer.tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == name
    )


def recursive_functions(answer: Answer) -> list[str]:
    found = []
    for fn in answer.functions:
        if any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == fn.name for n in ast.walk(fn)):
            found.append(fn.name)
    return found


def words(text: str) -> int:
    return len(_WORD.findall(text))


def sentences(text: str) -> int:
    return len([s for s in re.split(r"[.!?]+(?:\s|$)", text.strip()) if _WORD.search(s)])


def list_items(text: str) -> int:
    return sum(1 for line in text.splitlines() if _LIST_ITEM.match(line))


def numbers(text: str) -> list[str]:
    return _NUMBER.findall(text)


def is_prime(value: str) -> bool:
    try:
        n = int(value)
    except ValueError:
        return False
    return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))


# The menu -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Fact:
    name: str
    kind: FactKind
    question: str
    """What the fact measures, as the model sees it on the menu."""
    measure: Callable[[Answer], bool | int] | None = None
    """For `bool` and `count` facts: the value, from the answer."""
    observe: Callable[[Answer], str] = field(default=lambda a: "")
    """What was seen, in words, for the record and the gap."""


def _docstrings(a: Answer) -> bool:
    return bool(a.functions) and all(ast.get_docstring(f) for f in a.functions)


def _docstring_note(a: Answer) -> str:
    if not a.functions:
        return "no function is defined"
    missing = [f.name for f in a.functions if not ast.get_docstring(f)]
    return f"no docstring on {', '.join(missing)}" if missing else "every function has a docstring"


def _imports_note(a: Answer) -> str:
    modules = imported_modules(a)
    if not modules:
        return "no imports"
    outside = third_party(modules)
    return "imports " + ", ".join(f"{m} (third-party)" if m in outside else f"{m} (standard library)" for m in modules)


def _hints_note(a: Answer) -> str:
    if not a.functions:
        return "no function is defined"
    missing = unannotated(a)
    return "missing annotations: " + ", ".join(missing) if missing else "every parameter and return is annotated"


FACTS: dict[str, Fact] = {
    f.name: f
    for f in (
        Fact(
            "has_python_code",
            "bool",
            "the answer contains Python code",
            lambda a: bool(a.code.strip()),
            lambda a: "Python code present" if a.code.strip() else "no Python code",
        ),
        Fact(
            "code_parses",
            "bool",
            "the Python code has no syntax error",
            lambda a: bool(a.code.strip()) and a.syntax_error is None,
            lambda a: (
                f"syntax error at {a.syntax_error}"
                if a.syntax_error
                else ("the code parses" if a.tree is not None else "no Python code")
            ),
        ),
        Fact(
            "every_function_has_docstring",
            "bool",
            "every function in the code has a docstring",
            _docstrings,
            _docstring_note,
        ),
        Fact(
            "only_standard_library_imports",
            "bool",
            "the code imports nothing outside the Python standard library (true when it imports nothing)",
            lambda a: bool(a.code.strip()) and not third_party(imported_modules(a)),
            _imports_note,
        ),
        Fact(
            "imports_third_party_packages",
            "bool",
            "the code imports a third-party package, an external dependency outside the Python standard library",
            lambda a: bool(third_party(imported_modules(a))),
            _imports_note,
        ),
        Fact(
            "fully_type_annotated",
            "bool",
            "every function annotates all its parameters and its return type",
            lambda a: bool(a.functions) and not unannotated(a),
            _hints_note,
        ),
        Fact(
            "calls_print",
            "bool",
            "the code calls print()",
            lambda a: calls_to(a, "print") > 0,
            lambda a: f"{calls_to(a, 'print')} print() call(s)",
        ),
        Fact(
            "uses_recursion",
            "bool",
            "a function in the code calls itself",
            lambda a: bool(recursive_functions(a)),
            lambda a: ("recursive: " + ", ".join(recursive_functions(a))) if recursive_functions(a) else "no recursion",
        ),
        Fact(
            "function_count",
            "count",
            "how many functions the code defines",
            lambda a: len(a.functions),
            lambda a: f"{len(a.functions)} function(s)",
        ),
        Fact(
            "word_count",
            "count",
            "how many words the answer's text has (code excluded)",
            lambda a: words(a.prose),
            lambda a: f"{words(a.prose)} words",
        ),
        Fact(
            "sentence_count",
            "count",
            "how many sentences the answer's text has (code excluded)",
            lambda a: sentences(a.prose),
            lambda a: f"{sentences(a.prose)} sentences",
        ),
        Fact(
            "list_item_count",
            "count",
            "how many bulleted or numbered list items the answer has",
            lambda a: list_items(a.prose),
            lambda a: f"{list_items(a.prose)} list items",
        ),
        Fact(
            "numbers_are_prime",
            "bool",
            "every whole number stated in the answer's text is a prime number",
            lambda a: bool(numbers(a.prose)) and all(is_prime(n) for n in numbers(a.prose)),
            lambda a: (
                ", ".join(f"{n} ({'prime' if is_prime(n) else 'not prime'})" for n in numbers(a.prose))
                or "no number stated"
            ),
        ),
        Fact("contains_text", "text", "the answer contains the given text (case-insensitive)"),
        Fact("defines_function", "text", "the code defines a function of the given name"),
    )
}


def text_fact(fact: Fact, answer: Answer, value: str) -> tuple[bool, str]:
    """A `text` fact's truth for `value`, and what was seen."""
    if fact.name == "contains_text":
        found = value.casefold() in answer.text.casefold()
        return found, f"{value!r} {'found' if found else 'not found'} in the answer"
    names = [f.name for f in answer.functions]
    return value in names, ("defines " + ", ".join(names)) if names else "defines no function"


def summary(answer: Answer) -> list[str]:
    """Every fact that applies to this answer, one line each: the evidence shown in a
    prompt and returned by the grader's `answer_facts` tool."""
    lines = []
    for fact in FACTS.values():
        if fact.measure is None:
            continue
        if not answer.code.strip() and fact.name not in (
            "has_python_code",
            "word_count",
            "sentence_count",
            "list_item_count",
            "numbers_are_prime",
        ):
            continue
        lines.append(f"{fact.name}: {_shown(fact.measure(answer))} ({fact.observe(answer)})")
    if answer.syntax_error:
        lines.append(f"syntax error: {answer.syntax_error}")
    return lines


def _shown(value: bool | int) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)

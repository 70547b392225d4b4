"""Pytest file family (fresh4): a pytest test module for a small function the task gives (a
slugifier, a duration parser, a median, a Roman numeral converter), a kind of answer no grader
was run on while any of its rules was written. Run only as `--set fresh4`, never in `all`,
`new`, `docs`, `held`, `fresh`, `fresh2` or `fresh3`.

An answer is the module, after a lead-in line or none and in a fenced block or bare, assembled
from switches: as many test functions as the task asks or one more or one fewer, pytest.raises
for the exception the function raises or for a neighbouring one, a parametrized test with as
many cases as the task asks or one fewer, a fixture that a test takes as an argument or a plain
function the test calls, every asserted value what the function returns or one a little off,
no print call or one left in a test, `import pytest` before the import of the function or
after it, and the function imported from its module or from a near miss of the module's name.
Every truth is a function of the module's text, parsed with `ast`; the asserted values are
checked by calling the family's copy of the task's function (below).
"""

from __future__ import annotations

import ast
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from benchmarks.families.fenced import tree_of
from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "pytest_file"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3


@dataclass(frozen=True)
class Target:
    task: str
    """Ends with the function's source, in a fenced block."""
    dress: tuple[str, str | None, str]
    """(the line before the code or empty, the code block's language tag or `""` or None for a
    bare module, a line after the code or empty)."""
    modules: tuple[str, str]
    """The function's module, and a near miss of its name."""
    func: str
    source: str
    """The function under test, as the task gives it."""
    excs: tuple[str, str]
    """The exception it raises, and a neighbouring one."""
    counts: tuple[int, int]
    """(test functions, the least number of cases of the parametrized test) the task asks for."""
    fixture: tuple[str, str]
    """(name, body)."""
    uses: str
    """The test that uses the fixture: `{param}`, `{call}` and `{print}` (a line or nothing)."""
    printed: str
    basic: str
    """A test with literal asserts, `{value}` the expected value (right, or a little off)."""
    values: tuple[str, str]
    argnames: str
    rows: tuple[str, ...]
    """As many rows of the parametrize list as the task asks for."""
    param_test: str
    raises_test: str
    """With `{exc}`."""
    spares: tuple[str, ...]
    """The tests beyond the four above, as many as the count asks for less four."""
    extra: str
    """The test an answer with one too many adds, or empty when such an answer has one fewer."""

    def reference(self) -> Callable[..., Any]:
        namespace: dict[str, Any] = {}
        exec(compile(self.source, f"<{self.func}>", "exec"), namespace)  # the family's own source
        func: Callable[..., Any] = namespace[self.func]
        return func


def brief(ask: str, source: str) -> str:
    return f"{ask}\n\n```python\n{source}```"


SLUGIFY = """import re


def slugify(text):
    if not isinstance(text, str):
        raise TypeError("text must be a string")
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
"""
DURATION = '''import re


def parse_duration(text):
    """'1h30m' -> 5400 seconds. Units h, m and s, in that order, each at most once."""
    match = re.fullmatch(r"(?:(\\d+)h)?(?:(\\d+)m)?(?:(\\d+)s)?", text.strip())
    if not text.strip() or match is None:
        raise ValueError(f"bad duration: {text!r}")
    hours, minutes, seconds = (int(group) if group else 0 for group in match.groups())
    return hours * 3600 + minutes * 60 + seconds
'''
MEDIAN = """def median(values):
    if not values:
        raise ValueError("median of an empty sequence")
    ordered = sorted(values)
    mid = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[mid]
    return (ordered[mid - 1] + ordered[mid]) / 2
"""
ROMAN = """NUMERALS = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
            (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def to_roman(number):
    if not 0 < number < 4000:
        raise ValueError("number must be between 1 and 3999")
    out = ""
    for value, letters in NUMERALS:
        while number >= value:
            out += letters
            number -= value
    return out
"""

TARGETS = (
    Target(
        brief(
            "Write a pytest test module for `slugify` from our `textutils` module. I'd like exactly 5 test "
            "functions, one parametrized test with at least 4 cases, a check that a non-string raises TypeError, "
            "and a fixture named `titles` with a few sample titles. Import pytest first.",
            SLUGIFY,
        ),
        ("Here's `test_textutils.py`:", "python", "Run it with `pytest -q test_textutils.py`."),
        ("textutils", "text_utils"),
        "slugify",
        SLUGIFY,
        ("TypeError", "ValueError"),
        (5, 4),
        ("titles", '    return ["Hello World", "  Spaces  Around  ", "Already-slugged"]'),
        "def test_slugs_are_lowercase({param}):\n    for title in {call}:\n        result = slugify(title)\n"
        "{print}        assert result == result.lower()",
        "        print(result)",
        'def test_basic():\n    assert slugify("Hello World") == "hello-world"\n'
        '    assert slugify("Rock & Roll") == {value}',
        ('"rock-roll"', '"rock-and-roll"'),
        "text, expected",
        (
            '("Python 3.12", "python-3-12")',
            '("  trim me  ", "trim-me")',
            '("Crème brûlée", "cr-me-br-l-e")',
            '("a--b__c", "a-b-c")',
        ),
        "def test_examples(text, expected):\n    assert slugify(text) == expected",
        "def test_rejects_non_strings():\n    with pytest.raises({exc}):\n        slugify(42)",
        ('def test_strips_outer_dashes():\n    assert slugify("--Hello--") == "hello"',),
        'def test_empty_string():\n    assert slugify("") == ""',
    ),
    Target(
        brief(
            "Please write tests for `parse_duration` (it lives in `timefmt.py`). Use pytest: exactly 6 test "
            "functions, a parametrized test covering at least 5 inputs, pytest.raises for the ValueError on bad "
            "input, and a fixture called `durations`. Keep the imports tidy (pytest first) and no debugging prints.",
            DURATION,
        ),
        ("", "python", ""),
        ("timefmt", "time_fmt"),
        "parse_duration",
        DURATION,
        ("ValueError", "TypeError"),
        (6, 5),
        ("durations", '    return {"1h": 3600, "90s": 90, "2h15m": 8100}'),
        "def test_known_durations({param}):\n    for text, seconds in {call}.items():\n{print}"
        "        assert parse_duration(text) == seconds",
        "        print(text, parse_duration(text))",
        'def test_minutes_and_seconds():\n    assert parse_duration("1h30m") == 5400\n'
        '    assert parse_duration("1m30s") == {value}',
        ("90", "80"),
        "text, expected",
        ('("45s", 45)', '("2m", 120)', '("1h", 3600)', '("1h1m1s", 3661)', '(" 10m ", 600)'),
        "def test_parse(text, expected):\n    assert parse_duration(text) == expected",
        'def test_bad_input():\n    with pytest.raises({exc}):\n        parse_duration("ten minutes")',
        (
            'def test_zero():\n    assert parse_duration("0s") == 0',
            'def test_hours_only():\n    assert parse_duration("3h") == 10800',
        ),
        "",
    ),
    Target(
        brief(
            "Write a pytest file that tests `median` from `stats_utils`. It should have exactly 5 test functions, "
            "use @pytest.mark.parametrize with at least 4 cases, check with pytest.raises that an empty list raises "
            "ValueError, and define a fixture named `readings`. pytest should be imported before median.",
            MEDIAN,
        ),
        ("", None, ""),
        ("stats_utils", "stat_utils"),
        "median",
        MEDIAN,
        ("ValueError", "IndexError"),
        (5, 4),
        ("readings", "    return [12.5, 9.0, 14.0, 11.0]"),
        "def test_median_of_readings({param}):\n    values = {call}\n{print}    assert median(values) == 11.75",
        "    print(median(values))",
        "def test_even_and_odd():\n    assert median([3, 1, 2]) == 2\n    assert median([1, 2, 3, 4]) == {value}",
        ("2.5", "2"),
        "values, expected",
        ("([5], 5)", "([1, 3], 2)", "([7, 1, 4], 4)", "([10, 2, 8, 4], 6)"),
        "def test_median(values, expected):\n    assert median(values) == expected",
        "def test_empty_list():\n    with pytest.raises({exc}):\n        median([])",
        (
            "def test_does_not_sort_in_place():\n    values = [3, 1, 2]\n    median(values)\n    assert values == [3, 1, 2]",
        ),
        "def test_negative_numbers():\n    assert median([-5, -1, -3]) == -3",
    ),
    Target(
        brief(
            "Write a test module for `to_roman` in `numerals.py` using pytest. Exactly 6 test functions, please; "
            "one of them parametrized over at least 5 numbers, one using pytest.raises to check that 0 raises "
            "ValueError, and one that takes a fixture named `years`. Import pytest before to_roman.",
            ROMAN,
        ),
        ("Sure! Below is a test module for `to_roman`.", "", ""),
        ("numerals", "numeral"),
        "to_roman",
        ROMAN,
        ("ValueError", "Exception"),
        (6, 5),
        ("years", "    return {1066: 'MLXVI', 1999: 'MCMXCIX', 2024: 'MMXXIV'}"),
        "def test_years({param}):\n    for year, expected in {call}.items():\n{print}"
        "        assert to_roman(year) == expected",
        "        print(year, to_roman(year))",
        'def test_subtractive_forms():\n    assert to_roman(1994) == "MCMXCIV"\n    assert to_roman(49) == {value}',
        ('"XLIX"', '"IL"'),
        "number, expected",
        ('(1, "I")', '(4, "IV")', '(9, "IX")', '(40, "XL")', '(3999, "MMMCMXCIX")'),
        "def test_to_roman(number, expected):\n    assert to_roman(number) == expected",
        "def test_zero_is_rejected():\n    with pytest.raises({exc}):\n        to_roman(0)",
        (
            'def test_repeated_letters():\n    assert to_roman(3) == "III"\n    assert to_roman(30) == "XXX"',
            'def test_largest():\n    assert to_roman(3888) == "MMMDCCCLXXXVIII"',
        ),
        "",
    ),
)


def build(target: Target, on: dict[str, bool]) -> str:
    (lead, fence, tail), (name, body) = target.dress, target.fixture
    imports = ["import pytest", f"from {target.modules[0 if on['import_from'] else 1]} import {target.func}"]
    if not on["import_order"]:
        imports.reverse()
    fixture = ("@pytest.fixture\n" if on["fixture"] else "") + f"def {name}():\n{body}"
    uses = target.uses.format(
        param=name if on["fixture"] else "",
        call=name if on["fixture"] else f"{name}()",
        print="" if on["no_print"] else target.printed + "\n",
    )
    rows = target.rows if on["parametrize"] else target.rows[:-1]
    listed = "".join(f"        {row},\n" for row in rows)
    param = f'@pytest.mark.parametrize(\n    "{target.argnames}",\n    [\n{listed}    ],\n)\n{target.param_test}'
    tests = [
        target.basic.format(value=target.values[0 if on["values"] else 1]),
        param,
        target.raises_test.format(exc=target.excs[0 if on["raises"] else 1]),
        uses,
        *target.spares,
    ]
    if not on["count"]:
        tests = [*tests, target.extra] if target.extra else tests[:-1]
    code = "\n".join(imports) + "\n\n\n" + "\n\n\n".join([fixture, *tests]) + "\n"
    if fence is not None:
        code = f"```{fence}\n{code}```"
    return "\n\n".join(part for part in (lead, code, tail) if part)


# Reading a test module -------------------------------------------------------------------------


def functions(tree: ast.Module) -> list[ast.FunctionDef]:
    return [node for node in tree.body if isinstance(node, ast.FunctionDef)]


def tests_of(tree: ast.Module) -> list[ast.FunctionDef]:
    return [f for f in functions(tree) if f.name.startswith("test")]


def raises(tree: ast.Module, exc: str) -> bool:
    return any(
        isinstance(node, ast.Call)
        and ast.unparse(node.func) == "pytest.raises"
        and bool(node.args)
        and ast.unparse(node.args[0]) == exc
        for node in ast.walk(tree)
    )


def parametrize_calls(tree: ast.Module) -> list[tuple[ast.FunctionDef, ast.Call]]:
    return [
        (f, d)
        for f in functions(tree)
        for d in f.decorator_list
        if isinstance(d, ast.Call) and ast.unparse(d.func) == "pytest.mark.parametrize" and len(d.args) >= 2
    ]


def most_cases(tree: ast.Module) -> int:
    counts = [len(d.args[1].elts) for _, d in parametrize_calls(tree) if isinstance(d.args[1], (ast.List, ast.Tuple))]
    return max(counts, default=0)


def fixture_used(tree: ast.Module, name: str) -> bool:
    defined = any(
        f.name == name and any(ast.unparse(d).split("(")[0] in ("pytest.fixture", "fixture") for d in f.decorator_list)
        for f in functions(tree)
    )
    return defined and any(name in [a.arg for a in f.args.args] for f in tests_of(tree))


def literal(node: ast.AST) -> tuple[bool, Any]:
    try:
        return True, ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError):
        return False, None


def returns(func: Callable[..., Any], args: list[Any], expected: Any) -> bool:
    try:
        return bool(func(*args) == expected)
    except Exception:  # an assert the function cannot pass
        return False


def asserted_values(tree: ast.Module, name: str, func: Callable[..., Any]) -> list[bool]:
    """For each assert `name(literals) == literal`, and each row of a parametrize list with an
    `expected` column, whether the function returns that value."""
    checks = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare)):
            continue
        left, ops, right = node.test.left, node.test.ops, node.test.comparators
        if not (len(ops) == 1 and isinstance(ops[0], ast.Eq) and isinstance(left, ast.Call)):
            continue
        parts = [literal(arg) for arg in left.args]
        known, expected = literal(right[0])
        if ast.unparse(left.func) == name and known and all(ok for ok, _ in parts):
            checks.append(returns(func, [value for _, value in parts], expected))
    for _, decorator in parametrize_calls(tree):
        known, names = literal(decorator.args[0])
        rows_known, rows = literal(decorator.args[1])
        if not (known and rows_known):
            continue
        names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
        if "expected" not in names:
            continue
        at = names.index("expected")
        for row in rows:
            row = row if isinstance(row, tuple) else (row,)
            checks.append(returns(func, [v for i, v in enumerate(row) if i != at], row[at]))
    return checks


def imported_at(tree: ast.Module, func: str) -> tuple[int | None, int | None]:
    """The lines of `import pytest` and of the import of the function."""
    lines = [(n.lineno, {a.name for a in n.names}, isinstance(n, ast.Import)) for n in tree.body if hasattr(n, "names")]
    pytest_line = next((at for at, names, plain in lines if plain and "pytest" in names), None)
    return pytest_line, next((at for at, names, plain in lines if not plain and func in names), None)


def imports_from(tree: ast.Module, module: str, func: str) -> bool:
    return any(
        isinstance(n, ast.ImportFrom) and n.module == module and any(a.name == func for a in n.names)
        for n in ast.walk(tree)
    )


def prints(tree: ast.Module) -> bool:
    return any(isinstance(n, ast.Call) and ast.unparse(n.func) == "print" for n in ast.walk(tree))


def candidates(rng: random.Random, target: Target, answer: str) -> list[Criterion]:
    tree, func, exc, (n, k) = tree_of(answer), target.func, target.excs[0], target.counts
    fixture, module = target.fixture[0], target.modules[0]
    values = asserted_values(tree, func, target.reference())
    first, then = imported_at(tree, func)
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "count",
            len(tests_of(tree)) == n,
            (f"Contains exactly {n} test functions", f"Has {n} test functions, no more and no fewer"),
        ),
        (
            "raises",
            raises(tree, exc),
            (f"Uses pytest.raises to check that {exc} is raised", f"Checks with pytest.raises for a {exc}"),
        ),
        (
            "parametrize",
            most_cases(tree) >= k,
            (
                f"Has a parametrized test with at least {k} cases",
                f"Uses @pytest.mark.parametrize with {k} or more cases",
            ),
        ),
        (
            "fixture",
            fixture_used(tree, fixture),
            (
                f'Defines a pytest fixture called "{fixture}" and a test uses it',
                f"A test takes the {fixture} fixture as an argument",
            ),
        ),
        (
            "values",
            bool(values) and all(values),
            (
                f"Every expected value asserted is what {func} really returns",
                "All the asserted results are correct for the function as given",
            ),
        ),
        ("no_print", not prints(tree), ("Leaves no print calls in the tests", "Does not call print() anywhere")),
        (
            "import_order",
            first is not None and then is not None and first < then,
            (f"Imports pytest before importing {func}", f"The `import pytest` line comes before the {func} import"),
        ),
        (
            "import_from",
            imports_from(tree, module, func),
            (f"Imports {func} from the {module} module", f"Gets {func} with `from {module} import ...`"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("count", "raises", "parametrize", "fixture", "values", "no_print", "import_order", "import_from")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, TARGETS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

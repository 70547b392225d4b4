"""Checks the grader writes, run on the answer in the sandbox.

A written check is one function, `def check(answer) -> bool`, that the grader model writes
for one criterion without seeing the answer (so it cannot compare with the answer's own
text: it must test the property the criterion states). The model is shown a small Python
module, the helpers a check may call as stubs with their types, a few example checks, the
task, and the header of the check for this criterion; it writes the body. A criterion that
needs a reader, not code, has the body `return judge()`.

All of a pass's checks run in one sandboxed process (`activities/sandbox.py`: no
capabilities, no network, bounded memory, processes and time), with `check_readings.py` and
`check_harness.py` as the tests module: each check sees the answer's text, the helpers and the answer's own
functions. A check that does not compile, raises, runs out of time or returns no bool
decides nothing (`CheckRun.passed` is None); the answer's own code raising when the check
calls it is a `False`.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rubricflow.activities.grader.pronouncing import rhyme_table, syllable_table
from rubricflow.activities.sandbox import SandboxLimits, run_python_tests

HARNESS = Path(__file__).with_name("check_harness.py")
READINGS = Path(__file__).with_name("check_readings.py")
_READINGS_IMPORT = re.compile(r"^from check_readings import \(.*?\)\n", re.MULTILINE | re.DOTALL)
MAX_DETAIL_CHARS = 300
CHECK_LIMITS = SandboxLimits(wall_clock_s=20.0, cpu_s=20)
"""One process runs every check of a pass; each check has its own alarm in the harness."""

_OUTCOME = re.compile(r"^(?:tests\.)?(CheckFalse|CheckBroken|CheckEmpty)?:?\s*(.*)", re.DOTALL)


@dataclass(frozen=True)
class CheckRun:
    """What one written check said: True, False, or None when it decided nothing."""

    passed: bool | None
    detail: str
    empty: bool = False
    """It returned True having measured nothing of the answer (every reading it took found
    nothing): no verdict, but for a criterion met by an absence."""


CASE = re.compile(
    r"\b(case|upper|lower|uppercase|lowercase|upper-case|lower-case|capitali[sz]\w*|capitals?|caps)\b", re.I
)
"""A criterion about letter case: its checks' texts are found only in the case they are written in."""


def caseless(criterion: str) -> bool:
    """Whether `criterion`'s check finds a text in any case ("Mentions the API" holds of
    "api"): every criterion that says nothing of letter case."""
    return CASE.search(criterion) is None


def _module(
    task: str, answer: str, code: str, checks: list[str], reference: str = "", caseless: list[bool] | None = None
) -> str:
    """solution.py: the data as literals, nothing that runs."""
    return (
        f"TASK = {task!r}\nREFERENCE = {reference!r}\nANSWER = {answer!r}\nCODE = {code!r}\nCHECKS = {checks!r}\n"
        f"CASELESS = {caseless or [False] * len(checks)!r}\n"
        f"SYLLABLES = {syllable_table(answer)!r}\nRHYMES = {rhyme_table(answer)!r}\n"
    )


def _tests(count: int) -> str:
    """tests.py: the readings and the harness as one module (the harness's import of the
    readings removed: they are defined above it), and a test per check."""
    harness = _READINGS_IMPORT.sub("", HARNESS.read_text(encoding="utf-8"), count=1)
    runs = "".join(f"\n\ndef test_check_{i}():\n    run_check({i})\n" for i in range(count))
    return READINGS.read_text(encoding="utf-8") + "\n\n" + harness + runs


async def run_checks(
    answer: str,
    code: str,
    checks: list[str],
    *,
    task: str = "",
    reference: str = "",
    caseless: list[bool] | None = None,
    allow_weak: bool = False,
) -> list[CheckRun]:
    """Each check's verdict on `answer` (`code`: its Python code; `task`: the request;
    `reference`: the rubric's reference answer; `caseless`: which checks find a text in any
    case), in order."""
    if not checks:
        return []
    module = _module(task, answer, code, checks, reference, caseless)
    report = await run_python_tests(module, _tests(len(checks)), CHECK_LIMITS, allow_weak=allow_weak)
    by_name = {o.name: o for o in report.outcomes}
    runs = []
    for i in range(len(checks)):
        outcome = by_name.get(f"test_check_{i}")
        if outcome is None:
            why = report.error or (f"stopped by the {report.killed}" if report.killed else "it did not run")
            runs.append(CheckRun(None, f"the check did not run: {why}"[:MAX_DETAIL_CHARS]))
        elif outcome.passed:
            runs.append(CheckRun(True, "the check returned True"))
        else:
            runs.append(_failed(outcome.detail))
    return runs


def _failed(detail: str) -> CheckRun:
    first = detail.strip().splitlines()[0] if detail.strip() else ""
    match = _OUTCOME.match(first)
    kind, text = (match.group(1), match.group(2)) if match else (None, first)
    if kind == "CheckFalse":
        return CheckRun(False, text[:MAX_DETAIL_CHARS])
    if kind == "CheckEmpty":
        return CheckRun(None, text[:MAX_DETAIL_CHARS], empty=True)
    return CheckRun(None, (text or first or "the check failed to run")[:MAX_DETAIL_CHARS])


# What the model is shown ----------------------------------------------------------------

HELPERS = '''"""Checks for the criteria of a rubric.

Each check reads an agent's answer to a task and returns True when the answer meets its
criterion, False when it does not. A check tests the property the criterion states, for any
answer: it never compares with an answer written in advance. A criterion that needs a reader
(whether something is said, explained, described or meant, in any words) returns judge().
"""
import re, json, math
from datetime import date, datetime, timedelta

task: str    # the task the agent was given
answer: str  # the agent's whole answer

def prose(text: str = answer) -> str: ...            # the text without its code blocks
def code(text: str = answer) -> str: ...             # the Python code in the text
def blocks(text: str = answer) -> list[str]: ...     # the contents of its fenced blocks
def data(text: str = answer) -> object: ...          # the JSON value it gives, or None
def paragraphs(text: str = answer) -> list[str]: ...
def sentences(text: str = answer) -> list[str]: ...
def lines(text: str = answer) -> list[str]: ...      # the non-empty lines, code blocks' too
def items(text: str = answer) -> list[str]: ...      # bulleted or numbered list items
def section(title: str, text: str = answer) -> str: ...  # the text under the heading that starts with title
def table(text: str = answer) -> list[dict]: ...     # the first Markdown table's rows: header -> cell
def words(text: str = answer) -> list[str]: ...      # the words of the prose, lowercase
def numbers(text: str = answer) -> list[float]: ...  # every number in the prose, in order
def syllables(line: str) -> int: ...                 # syllables in a word or a line
def rhymes(*lines: str) -> bool: ...    # whether two or more lines end in words that rhyme
def arithmetic_correct(text: str = answer) -> bool: ...  # every worked calculation "a + b = c" (- × / %) is right
def dates(text: str = answer) -> list[date]: ...     # every date written in the text, in order
def functions() -> list: ...                         # the answer's functions (function objects)
def imports() -> list[str]: ...                      # the modules its code imports
def is_stdlib(module: str) -> bool: ...
def is_prime(n: float) -> bool: ...                   # whether a number is a whole prime
# The answer's own functions can be called by name.

'''


@dataclass(frozen=True)
class Example:
    criterion: str
    body: str
    families: tuple[str, ...] = ()
    """The judge benchmark's families this example is about (`--leave-out` drops it)."""


EXAMPLES: tuple[Example, ...] = (
    Example("Gives exactly two numbers.", "return len(numbers()) == 2", ("inline_numbers",)),
    Example("The numbers are all odd.", "return all(n % 2 == 1 for n in numbers())", ("inline_numbers",)),
    Example('reverse_words("a b c") returns "c b a".', 'return reverse_words("a b c") == "c b a"', ("behaviour",)),
    Example("Each function has a docstring.", "return all(f.__doc__ for f in functions())", ("menu:docstring",)),
    Example("Keeps each line under 60 characters.", "return all(len(line) < 60 for line in lines())", ("prose_form",)),
    Example("The Steps section has at most five items.", "return len(items(section('Steps'))) <= 5"),
    Example("Says why the approach is efficient.", "return judge()", ("substance",)),
    Example("Mentions who was affected.", "return judge()", ("substance",)),
)

STOP = ["\ndef ", "\n\n\n", "\n# ", "\nclass ", '\n"""', "\n```"]
"""Where a check's body ends: the next definition, a blank gap, a comment at the top."""
MAX_CHECK_TOKENS = 160


def _example(example: Example) -> str:
    return f'def check(answer):\n    """Criterion: {example.criterion}"""\n    {example.body}\n\n\n'


def check_prompt(task: str, criterion: str, leave_out: Iterable[str] = (), reference: str | None = None) -> str:
    """What the model continues: the helpers, the examples (but those about a family in
    `leave_out`), the task, the rubric's reference answer if it has one, and the header of
    this criterion's check."""
    left_out = set(leave_out)
    shown = "".join(_example(e) for e in EXAMPLES if not left_out.intersection(e.families))
    given = f"reference = {reference!r}  # a right answer, from the rubric's author\n" if reference else ""
    return (
        HELPERS
        + shown
        + f"task = {task!r}\n{given}\n"
        + f'def check(answer):\n    """Criterion: {_one_line(criterion)}"""\n'
    )


def _one_line(text: str) -> str:
    return " ".join(text.split()).replace('"""', "'''")


def check_source(body: str) -> str:
    """The check the model wrote, as a module: its header and the body it continued with."""
    lines = body.rstrip().splitlines()
    kept = [line for line in lines if line.strip()]
    indented = [line if line.startswith((" ", "\t")) else "    " + line for line in kept]
    return "def check(answer):\n" + ("\n".join(indented) if indented else "    return judge()") + "\n"


def answer_functions(code: str) -> list[str]:
    """The names of the functions and classes the answer's code defines at its top level:
    what a check can call (`dedupe([3, 1, 3])`, `BankAccount("Ada", 10).withdraw(20)`)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    return [n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)]

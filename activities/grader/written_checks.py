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
from typing import Literal

from rubricflow.activities.grader.pronouncing import WORD, rhyme_table, syllable_table
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
def lines(text: str = answer) -> list[str]: ...      # the non-empty lines of the prose
def items(text: str = answer) -> list[str]: ...      # bulleted or numbered list items
def section(title: str, text: str = answer) -> str: ...  # the text under the heading that starts with title
def table(text: str = answer) -> list[dict]: ...     # the first Markdown table's rows: header -> cell
def words(text: str = answer) -> list[str]: ...      # the words of the prose, lowercase
def numbers(text: str = answer) -> list[float]: ...  # every number in the prose, in order
def syllables(line: str) -> int: ...                 # syllables in a word or a line
def rhymes(line_a: str, line_b: str) -> bool: ...    # whether two lines end in words that rhyme
def arithmetic_correct(text: str = answer) -> bool: ...  # every worked calculation "a + b = c" (- × / %) is right
def dates(text: str = answer) -> list[date]: ...     # every date written in the text, in order
def functions() -> list: ...                         # the answer's functions (function objects)
def imports() -> list[str]: ...                      # the modules its code imports
def is_stdlib(module: str) -> bool: ...
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
JUDGE_CALL = "judge()"


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


CheckKind = Literal[
    "judge", "blind", "literal", "guessed", "forbids_given", "behaviour", "computed", "present", "absent"
]
"""What a written check tests, read from its code: `judge` (it asks a reader), `behaviour`
(it calls the answer's own functions), `present` / `absent` (it only looks for text in the
answer, or for its absence), `computed` (anything else: counts, numbers, parsed data)."""


CORRECTNESS = re.compile(r"\b(correct|correctly|right|accurate|accurately|matches|match|true|exact|exactly)\b", re.I)
"""A criterion that says the answer is right about something (a total, a date, a figure)."""


def classify(source: str, answer_functions: Iterable[str], given: str = "", criterion: str = "") -> CheckKind:
    """What `source` tests (`CheckKind`). A check that reads nothing of the answer
    (`return True`, arithmetic on the task's numbers, a comparison of a reading with
    itself) is `blind`; one that compares the whole answer's text with a literal or any
    other value, or a reading of it with a text of words the criterion does not hold, is
    `literal`;
    one that compares what it reads with a number that `given` (the task, the criterion,
    the reference) does not hold, or that writes a word `criterion` does not, when the
    criterion asks for something right, is `guessed` (the model worked the answer out
    in its head); one that tests that the answer leaves out words of the task that the
    criterion does not name (the attendees, for "Does not comment on anyone absent") is
    `forbids_given`: none of these is run, none decides."""
    if JUDGE_CALL in source:
        return "judge"
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return "computed"
    if any(_compares_whole_answer(n) or _compares_with_own_text(n, criterion) for n in ast.walk(tree)):
        return "literal"
    called = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    if called & set(answer_functions):
        return "behaviour"
    read = _reads(tree)
    if not read or any(_compares_with_itself(n) for n in ast.walk(tree)):
        return "blind"
    stated = given_numbers(given)
    own = _compared_numbers(tree) - stated
    if own - {n for n in _strict_bounds(tree) if n - 1 in stated or n + 1 in stated}:
        return "guessed"
    beyond = _own_words(tree) - set(WORD.findall(criterion.lower()))
    if CORRECTNESS.search(criterion) and beyond:
        return "guessed"
    if beyond and beyond <= set(WORD.findall(given.lower())) and _negates(tree):
        return "forbids_given"
    returned = [n.value for n in ast.walk(tree) if isinstance(n, ast.Return) and n.value is not None]
    kinds = {_text_test(value) for value in returned}
    only = kinds.pop() if len(kinds) == 1 else None
    return only if only is not None else "computed"


def _negates(tree: ast.AST) -> bool:
    """Whether a check tests that something is not there (`not ...`, `not in`)."""
    return any(
        (isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.Not))
        or (isinstance(n, ast.Compare) and any(isinstance(op, ast.NotIn) for op in n.ops))
        for n in ast.walk(tree)
    )


def _compares_with_itself(node: ast.AST) -> bool:
    if not isinstance(node, ast.Compare):
        return False
    sides = [ast.dump(side) for side in (node.left, *node.comparators)]
    return len(set(sides)) < len(sides)


def _own_words(tree: ast.AST) -> set[str]:
    """The words of the texts a check writes itself (`'West' in answer`,
    `answer.find('coastal')`), lowercase; a pattern's escapes (`\\d+`) are no words."""
    texts = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
    return {w.lower() for text in texts for w in WORD.findall(re.sub(r"\\[A-Za-z]", " ", text)) if len(w) > 1}


TextTest = Literal["present", "absent"]
_FLIP: dict[TextTest | None, TextTest | None] = {"present": "absent", "absent": "present", None: None}


def _text_test(node: ast.expr) -> TextTest | None:
    """`present` or `absent` when `node` only tests whether text occurs in the answer (a
    literal `in`, a regex search, `startswith`), else None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        return _FLIP[_text_test(node.operand)]
    if isinstance(node, ast.BoolOp):
        kinds = {_text_test(value) for value in node.values}
        return kinds.pop() if len(kinds) == 1 else None
    if isinstance(node, ast.Compare) and len(node.ops) == 1:
        left, op = node.left, node.ops[0]
        if isinstance(left, ast.Constant) and isinstance(left.value, str) and _is_text(node.comparators[0]):
            return "present" if isinstance(op, ast.In) else "absent" if isinstance(op, ast.NotIn) else None
        if isinstance(left, ast.Call) and isinstance(op, ast.Is | ast.IsNot):
            inner = _text_test(left)
            return inner if isinstance(op, ast.IsNot) else _FLIP[inner]
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("search", "match", "startswith", "endswith"):
            return "present"
        if isinstance(node.func, ast.Name) and node.func.id == "bool" and node.args:
            return _text_test(node.args[0])
    return None


_TEXT_HELPERS = ("prose", "code", "words", "lines", "sentences", "paragraphs", "items", "blocks")
_READERS = (
    *_TEXT_HELPERS,
    "data",
    "numbers",
    "functions",
    "imports",
    "syllables",
    "rhymes",
    "arithmetic_correct",
    "dates",
    "table",
)
"""The helpers that read the answer (a check calling none of them, nor naming `answer`, reads nothing of it)."""
_READS = frozenset({"answer", *_READERS})


_NUMBER_WORDS = {
    w: i
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
        "sixteen seventeen eighteen nineteen twenty".split()
    )
}
_GIVEN_NUMBER = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")


def given_numbers(text: str) -> set[float]:
    """The numbers `text` states, in digits or as words up to twenty, and 0 and 1 (a
    check may always count from nothing or compare with one)."""
    found = {float(m.replace(",", "")) for m in _GIVEN_NUMBER.findall(text)}
    found |= {float(_NUMBER_WORDS[w]) for w in re.findall(r"[a-z]+", text.lower()) if w in _NUMBER_WORDS}
    return found | {0.0, 1.0}


def _strict_bounds(tree: ast.AST) -> set[float]:
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


def _compared_numbers(tree: ast.AST) -> set[float]:
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


def _reads(node: ast.AST) -> set[str]:
    """The names of `node` that read the answer (`answer`, a helper), but a helper given
    the task and not the answer (`paragraphs(task)`), which reads the task."""
    of_task = {
        id(name)
        for call in ast.walk(node)
        if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id in _READERS
        for names in [
            {
                n.id
                for arg in (*call.args, *(k.value for k in call.keywords))
                for n in ast.walk(arg)
                if isinstance(n, ast.Name)
            }
        ]
        if "task" in names and "answer" not in names
        for name in ast.walk(call)
    }
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and id(n) not in of_task} & _READS


def _equality_sides(node: ast.AST) -> tuple[ast.expr, ...]:
    """Both sides of a single `==` or `!=`, else nothing."""
    if not isinstance(node, ast.Compare) or len(node.ops) != 1 or not isinstance(node.ops[0], ast.Eq | ast.NotEq):
        return ()
    return (node.left, *node.comparators)


def _compares_whole_answer(node: ast.AST) -> bool:
    """`answer == '...'`, or the whole answer's text compared with any value
    (`answer == chunk([1, 2])`; either side, `!=` too, `answer.strip()` and the like)."""
    sides = _equality_sides(node)
    whole = [isinstance(n, ast.Name | ast.Call) and _is_text(n) and not _is_helper(n) for n in sides]
    if whole.count(True) != 1:
        return False
    return not _reads(sides[whole.index(False)])


def _affix_sides(node: ast.AST) -> tuple[ast.expr, ...]:
    """The text and its argument of a `text.startswith(x)` or `text.endswith(x)`, else nothing."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and len(node.args) == 1):
        return ()
    return (node.func.value, node.args[0]) if node.func.attr in ("startswith", "endswith") else ()


def _compares_with_own_text(node: ast.AST, criterion: str) -> bool:
    """`lines()[0] == 'Fix the crash on empty files'` (or `answer.startswith(...)`): a reading of
    the answer compared with a text of three or more words that the criterion does not hold
    (the model wrote the answer it expects)."""
    sides = _equality_sides(node) or _affix_sides(node)
    texts = [s.value for s in sides if isinstance(s, ast.Constant) and isinstance(s.value, str)]
    said = " ".join(criterion.lower().split())
    return any(_reads(s) for s in sides) and any(
        len(WORD.findall(t)) >= 3 and " ".join(t.lower().split()) not in said for t in texts
    )


def _is_helper(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name)


def _is_text(node: ast.expr) -> bool:
    """The answer's text, or a helper's reading of it (`answer.lower()`, `words()`)."""
    if isinstance(node, ast.Name):
        return node.id == "answer"
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name):
            return node.func.id in _TEXT_HELPERS
        if isinstance(node.func, ast.Attribute) and node.func.attr in ("lower", "upper", "casefold", "strip"):
            return _is_text(node.func.value)
    return False


def answer_functions(code: str) -> list[str]:
    """The names of the functions the answer's code defines at its top level."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return []
    return [n.name for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]

"""The sandbox's tests module for the grader's written checks (standard library only).

`written_checks.py` writes this text and a `test_check_N` per check as the sandbox's tests.py,
the data as solution.py (plain literals). It never runs inside the worker.
Each test runs one check, `def check(answer) -> bool`, with the helpers below and the
answer's own functions in its namespace, under a per-check alarm. It passes (True), raises
`CheckFalse` (False, or the answer's own code raised under the check), or raises anything
else: the check failed to decide, which is no verdict (so is a False when every measuring
helper it called found nothing in the answer: it measured what the answer does not have).
"""

import ast
import importlib.abc
import importlib.machinery
import json
import math  # noqa: F401 - offered to the checks
import re
import signal
import sys
import traceback
import types
from datetime import date, datetime, timedelta  # noqa: F401 - offered to the checks

from solution import ANSWER, CASELESS, CHECKS, CODE, REFERENCE, RHYMES, SYLLABLES, TASK

ANSWER_FILE = "answer.py"
CHECK_SECONDS = 3


class CheckFalse(Exception):
    """The check's verdict is False."""


class CheckBroken(Exception):
    """The check could not decide (it raised, returned no bool, or ran out of time)."""


_FENCE = re.compile(r"```[^\n`]*\n(.*?)```", re.DOTALL)
_PY_FENCE = re.compile(r"```(?:python|py|python3)?[ \t]*\n(.*?)```", re.DOTALL)
_WORD = re.compile(r"[A-Za-z0-9]+(?:['\u2019-][A-Za-z0-9]+)*")
_NUMBER = re.compile(r"(?<![\w.])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w])")
_ITEM = re.compile(r"^\s*(?:[-*+\u2022]|\d+[.)])\s+(\S.*)$")


class TextList(list):
    """A helper's texts: `"x" in texts` is whether one contains "x"; `texts.index("x")` is where."""

    def __contains__(self, value):
        if list.__contains__(self, value):
            return True
        return isinstance(value, str) and any(isinstance(t, str) and value in t for t in self)

    def index(self, value, *args):
        """Where `value` is, or else the first text that contains it."""
        if list.__contains__(self, value) or not isinstance(value, str):
            return list.index(self, value, *args)
        return next(i for i, t in enumerate(self) if isinstance(t, str) and value in t)


def prose(text=None):
    """The text without its fenced code blocks."""
    return _FENCE.sub(" ", ANSWER if text is None else text).strip()


def code(text=None):
    """The Python code of the text: its code blocks, else the text when it is bare Python."""
    text = ANSWER if text is None else text
    blocks = _PY_FENCE.findall(text)
    return "\n\n".join(blocks) if blocks else CODE if text is ANSWER else ""


def blocks(text=None):
    """The contents of the text's fenced blocks, any language."""
    return TextList(b.strip() for b in _FENCE.findall(ANSWER if text is None else text))


_LEAD_IN = re.compile(r"\A[^\n]{0,80}:[ \t]*\n\s*\n(?=\S)")
"""A first line ending in a colon before a blank line ("Here you go:"), which is no content."""


def content(text=None):
    """The prose without a lead-in line that introduces it; an answer whose prose is no more
    than a lead-in is its fenced blocks (a query, a program: their lines are its lines)."""
    text = ANSWER if text is None else text
    body = _LEAD_IN.sub("", prose(text), count=1).strip()
    lead_in_only = not body or ("\n" not in body and body.endswith(":") and len(body) <= 80)
    return "\n\n".join(blocks(text)) if lead_in_only and blocks(text) else body


def paragraphs(text=None):
    """The content's paragraphs: blocks of text between blank lines (a lead-in line is none)."""
    return TextList(p.strip() for p in re.split(r"\n\s*\n", content(text)) if p.strip())


def data(text=None):
    """The JSON value the text gives (in a fenced block, or as the whole text); None if none parses."""
    text = ANSWER if text is None else text
    for candidate in [*blocks(text), text.strip()]:
        try:
            return json.loads(candidate)
        except ValueError:
            continue
    return None


def imports():
    """The top-level modules the answer's code imports."""
    try:
        tree = ast.parse(CODE)
    except SyntaxError:
        return []
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module.split(".")[0])
    return list(dict.fromkeys(names))


def is_stdlib(module):
    """Whether a module is part of Python's standard library."""
    return module.split(".")[0] in sys.stdlib_module_names


def words(text=None):
    """The words of the prose, lowercase."""
    return [w.lower() for w in _WORD.findall(prose(text))]


def sentences(text=None):
    parts = re.split(r"(?<=[.!?])\s+|\n\s*\n", prose(text))
    return TextList(p.strip() for p in parts if _WORD.search(p))


def lines(text=None):
    """The non-empty lines of the content (a lead-in line is none)."""
    return TextList(line.strip() for line in content(text).splitlines() if line.strip())


def items(text=None):
    """The text's bulleted or numbered list items (one per line)."""
    found = TextList()
    for line in prose(text).splitlines():
        match = _ITEM.match(line)
        if match:
            found.append(match.group(1).strip())
    return found


class Row(dict):
    """A table row: `row["Price"]` is the cell under "Price", or a header that begins with it ("Price (USD)")."""

    def __missing__(self, key):
        wanted = str(key).strip().lower()
        for header, cell in self.items():
            if str(header).lower() == wanted or str(header).lower().startswith(wanted + " "):
                return cell
        raise KeyError(key)


def table(text=None):
    """The rows of the text's first Markdown table, each a `Row` of header -> cell text."""
    rows = []
    for line in (ANSWER if text is None else text).splitlines():
        if line.strip().startswith("|"):
            rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
        elif rows:
            break
    rows = [r for r in rows if not all(re.fullmatch(r":?-{2,}:?", c) for c in r)]
    return [Row(zip(rows[0], r)) for r in rows[1:]] if rows else []


def numbers(text=None):
    """Every number written in the text, in order (1,200 is one number)."""
    values = []
    for raw in _NUMBER.findall(prose(text)):
        clean = raw.replace(",", "")
        values.append(float(clean) if "." in clean else int(clean))
    return values


def _guess_syllables(word):
    word = word.lower()
    groups = re.findall(r"[aeiouy]+", word)
    count = len(groups)
    if word.endswith("e") and not word.endswith(("le", "ee", "ye")) and count > 1:
        count -= 1
    return max(count, 1)


def syllables(text):
    """Syllables in a word or a line (a pronouncing dictionary's count where it knows the word)."""
    return sum(SYLLABLES.get(w.lower(), _guess_syllables(w)) for w in _WORD.findall(text))


def functions():
    """The answer's own functions (function objects), in the order the code defines them."""
    return [value for value in _answer.values() if callable(value) and getattr(value, "__module__", None) == "answer"]


def _rhyme_key(word):
    word = word.lower()
    if word in RHYMES:
        return RHYMES[word]
    match = re.search(r"[aeiouy]+[^aeiouy]*e?$", word)
    return match.group(0) if match else word


def rhymes(line_a, line_b):
    """Whether two lines' last words rhyme: the same sounds from the last stressed vowel."""
    last = [_WORD.findall(str(line)) for line in (line_a, line_b)]
    if not all(last):
        raise ValueError("a line without words cannot rhyme")
    return _rhyme_key(last[0][-1]) == _rhyme_key(last[1][-1])


_OPERAND = r"\(*[ \t]*(?:[-\u2212](?=[$\u20ac\u00a3]?\d))?[$\u20ac\u00a3]?\d[\d,]*(?:\.\d+)?[ \t]*%?[ \t]*\)*"
_OPERATOR = r"[ \t]*(?:[-+*/x\u00d7\u00f7\u2212\u2013]|of)[ \t]*"
_STEP = re.compile(rf"({_OPERAND}(?:{_OPERATOR}{_OPERAND})+)[ \t]*=[ \t]*\**[ \t]*({_OPERAND})")
_SYMBOLS = {"\u00d7": "*", "x": "*", "\u00f7": "/", "\u2212": "-", "\u2013": "-", "of": "*"}


def _value(expression):
    """The value of a worked calculation's side ("12% of $4,179.00", "1,176 + 918")."""
    text = re.sub(r"[$\u20ac\u00a3,]", "", expression).strip()
    text = re.sub(r"(\d+(?:\.\d+)?)\s*%", r"(\1/100)", text)
    text = re.sub(r"\bof\b|[x\u00d7\u00f7\u2212\u2013]", lambda m: _SYMBOLS[m.group(0)], text)
    tree = ast.parse(text, mode="eval")
    allowed = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.Constant, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.USub)
    if not all(isinstance(node, allowed) for node in ast.walk(tree)):
        raise ValueError(f"not a calculation: {expression!r}")
    return eval(compile(tree, "<calculation>", "eval"), {"__builtins__": {}})  # noqa: S307 - numbers and operators only


def calculations(text=None):
    """Each worked calculation `a + b = c` (-, x, /, "p% of n"), and whether it holds."""
    found = []
    for left, right in _STEP.findall(prose(text)):
        try:
            stated, worked = _value(right.replace("%", "")), _value(left)
        except (SyntaxError, ValueError, ArithmeticError):
            continue  # a match that is no calculation (unbalanced brackets, a division by 0)
        decimals = len(right.split(".")[1].rstrip("% )")) if "." in right else 0
        close = [abs(worked - v) <= 0.5 * 10**-decimals + 1e-9 for v in (stated, stated / 100)]
        found.append((f"{left.strip()} = {right.strip()}", any(close[: 2 if "%" in right else 1])))
    return found


def arithmetic_correct(text=None):
    """Whether every worked calculation in the text holds; raises when it has none."""
    found = calculations(text)
    if not found:
        raise LookupError("the text works out no calculation (a + b = c)")
    return all(holds for _, holds in found)


_MONTHS = {m: i + 1 for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split())}
_DATE = re.compile(
    r"\b(\d{4})-(\d{2})-(\d{2})\b|\b(\d{1,2})(?:st|nd|rd|th)? ([A-Z][a-z]+),? (\d{4})\b"
    r"|\b([A-Z][a-z]+) (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})\b"
)


def dates(text=None):
    """Every date written in the text (2026-08-15, 15 August 2026, August 15, 2026), in order."""
    found = []
    for m in _DATE.finditer(ANSWER if text is None else text):
        iso, dmy, mdy = m.group(1, 2, 3), m.group(4, 5, 6), m.group(7, 8, 9)
        if iso[0]:
            year, month, day = int(iso[0]), int(iso[1]), int(iso[2])
        else:
            day, name, year = (dmy[0], dmy[1], dmy[2]) if dmy[0] else (mdy[1], mdy[0], mdy[2])
            month, day, year = _MONTHS.get(name[:3].lower()), int(day), int(year)
            if month is None:
                continue
        try:
            found.append(date(year, month, day))
        except ValueError:
            continue
    return found


_OFFERED = (
    "prose code blocks paragraphs data imports is_stdlib words sentences lines items table numbers syllables functions "
    "rhymes calculations arithmetic_correct dates re math json ast date datetime timedelta"
).split()
HELPERS = {name: value for name, value in dict(globals()).items() if name in _OFFERED}
_MEASURES = (
    "blocks data paragraphs sentences lines items table words numbers functions imports calculations dates".split()
)
_measured = []
"""What the running check's measuring helpers found: (name, found something)."""


class _Measure:
    """A measuring helper as the checks see it: called, it records whether it found anything;
    used as a list (`lines[0]`, `len(items)`, `for w in words`), it is its reading of the answer."""

    def __init__(self, name, helper):
        self.__name__, self.__doc__, self._helper = name, helper.__doc__, helper

    def __call__(self, *args, **kwargs):
        value = self._helper(*args, **kwargs)
        _measured.append((self.__name__, value is not None and value != [] and value != ""))
        return value

    def __getitem__(self, index):
        return self()[index]

    def __iter__(self):
        return iter(self())

    def __len__(self):
        return len(self())

    def __contains__(self, value):
        return value in self()


for _name in _MEASURES:
    HELPERS[_name] = _Measure(_name, HELPERS[_name])


class _Absent:
    """A name from a module not installed here: its attributes are others, and using it raises
    (in this file, so the check is broken, not the answer)."""

    def __init__(self, name):
        self._name = name

    def __getattr__(self, attr):
        return _Absent(f"{self._name}.{attr}")

    def __call__(self, *args, **kwargs):
        raise ModuleNotFoundError(f"{self._name.split('.')[0]} is not installed where the checks run")


class _AbsentModules(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """First on the import path while the answer loads: every module outside the standard library
    is a stand-in, so the answer's functions exist whatever the worker has installed."""

    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in sys.stdlib_module_names:
            return None
        return importlib.machinery.ModuleSpec(name, self, is_package=True)

    def create_module(self, spec):
        module = types.ModuleType(spec.name)
        module.__path__ = []
        module.__getattr__ = lambda attr: _Absent(f"{spec.name}.{attr}")
        return module

    def exec_module(self, module):
        pass


_answer = {"__name__": "answer"}
sys.meta_path.insert(0, _absent := _AbsentModules())
try:
    exec(compile(CODE, ANSWER_FILE, "exec"), _answer)
except BaseException:  # noqa: BLE001 - an answer that does not run only lacks its functions
    _answer = {}
finally:
    sys.meta_path.remove(_absent)


_WORDLIKE = re.compile(r"[A-Za-z0-9](?:.*[A-Za-z0-9])?", re.DOTALL)


def _contains(container, value, caseless=False):
    """`value in container`, but a word in a text is a whole word ("very" is not in "every"),
    and `caseless` (a criterion that says nothing of case) a text in any case."""
    if isinstance(container, str) and isinstance(value, str) and _WORDLIKE.fullmatch(value):
        pattern = rf"(?<![A-Za-z0-9]){re.escape(value)}(?:e?s)?(?![A-Za-z0-9])"
        return re.search(pattern, container, re.IGNORECASE if caseless else 0) is not None
    if caseless and isinstance(value, str) and isinstance(container, str | TextList):
        lowered = container.lower() if isinstance(container, str) else TextList(str(t).lower() for t in container)
        return value.lower() in lowered
    return value in container


class _WordContainment(ast.NodeTransformer):
    """`x in y` / `x not in y` in a check's source becomes `_contains(y, x, caseless)`."""

    def __init__(self, caseless):
        self.caseless = caseless

    def visit_Compare(self, node):
        self.generic_visit(node)
        if len(node.ops) != 1 or not isinstance(node.ops[0], (ast.In, ast.NotIn)):
            return node
        arguments = [node.comparators[0], node.left, ast.Constant(self.caseless)]
        call = ast.Call(ast.Name("_contains", ast.Load()), arguments, [])
        return ast.UnaryOp(ast.Not(), call) if isinstance(node.ops[0], ast.NotIn) else call


def _loads(text, *args, _loads=json.loads, **kwargs):
    """`json.loads`, also of a text that is one fenced block and nothing else."""
    fenced = _FENCE.fullmatch(text.strip()) if isinstance(text, str) else None
    return _loads(fenced.group(1) if fenced else text, *args, **kwargs)


json.loads = _loads  # the checks' `json`, imported or offered


def _alarm(signum, frame):
    raise TimeoutError(f"the check ran past {CHECK_SECONDS} s")


def _raised_in_answer(exc):
    frames = traceback.extract_tb(exc.__traceback__)
    return bool(frames) and frames[-1].filename == ANSWER_FILE


def run_check(index):
    namespace = {k: v for k, v in _answer.items() if not k.startswith("__")}
    namespace.update(HELPERS, answer=ANSWER, _contains=_contains, task=TASK, reference=REFERENCE)
    try:
        tree = _WordContainment(CASELESS[index]).visit(ast.parse(CHECKS[index]))
        exec(compile(ast.fix_missing_locations(tree), f"check_{index}.py", "exec"), namespace)
    except Exception as exc:  # noqa: BLE001
        raise CheckBroken(f"the check does not compile: {type(exc).__name__}: {exc}") from None
    check = namespace.get("check")
    if not callable(check):
        raise CheckBroken("the check defines no function `check`")
    _measured.clear()
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(CHECK_SECONDS)
    try:
        result = check(ANSWER)
    except TimeoutError as exc:
        raise CheckBroken(str(exc)) from None
    except Exception as exc:  # noqa: BLE001
        if _raised_in_answer(exc):
            raise CheckFalse(f"the answer's code raised {type(exc).__name__}: {exc}"[:300]) from None
        raise CheckBroken(f"the check raised {type(exc).__name__}: {exc}"[:300]) from None
    finally:
        signal.alarm(0)
    if not isinstance(result, bool):
        raise CheckBroken(f"the check returned {type(result).__name__}, not a bool")
    nothing = _measured and not any(found for _, found in _measured)
    helpers = ", ".join(sorted({f"{name}()" for name, _ in _measured}))
    if nothing and not result:
        raise CheckBroken(f"the check returned False having measured nothing: {helpers} found none in the answer")
    if nothing and any(isinstance(n, ast.Call) and getattr(n.func, "id", "") == "all" for n in ast.walk(tree)):
        raise CheckBroken(f"the check's all() held of nothing: {helpers} found none in the answer")
    if not result:
        raise CheckFalse("the check returned False")

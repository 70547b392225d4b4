"""The sandbox's tests module for the grader's written checks (standard library only).

`written_checks.py` writes `check_readings.py` (the helpers that read the answer), this text
and a `test_check_N` per check as the sandbox's tests.py, the data as solution.py (plain
literals). It never runs inside the worker.
Each test runs one check, `def check(answer) -> bool`, with the helpers and the
answer's own functions in its namespace, under a per-check alarm. It passes (True), raises
`CheckFalse` (False, or the answer's own code raised under the check), or raises anything
else: the check failed to decide, which is no verdict (so is a False when every measuring
helper it called found nothing in the answer: it measured what the answer does not have, and
a True resting on an `all()` given nothing). A True when every measuring helper found nothing
raises `CheckEmpty`: it holds only of a criterion met by an absence, which the grader decides.
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

from check_readings import (  # noqa: F401 - offered to the checks; joined with this text into one module
    _FENCE,
    TextList,
    arithmetic_correct,
    blocks,
    calculations,
    code,
    data,
    dates,
    imports,
    is_prime,
    is_stdlib,
    items,
    lines,
    numbers,
    paragraphs,
    prose,
    rhymes,
    section,
    sentences,
    syllables,
    table,
    words,
)
from solution import ANSWER, CASELESS, CHECKS, CODE, REFERENCE, TASK

ANSWER_FILE = "answer.py"
CHECK_SECONDS = 3


class CheckFalse(Exception):
    """The check's verdict is False."""


class CheckBroken(Exception):
    """The check could not decide (it raised, returned no bool, or ran out of time)."""


class CheckEmpty(Exception):
    """The check returned True having measured nothing of the answer."""


def functions():
    """The answer's own functions (function objects), in the order the code defines them."""
    return [value for value in _answer.values() if callable(value) and getattr(value, "__module__", None) == "answer"]


_OFFERED = (
    "prose code blocks paragraphs data imports is_stdlib is_prime words sentences lines items section table numbers syllables "
    "functions rhymes calculations arithmetic_correct dates re math json ast date datetime timedelta"
).split()
HELPERS = {name: value for name, value in dict(globals()).items() if name in _OFFERED}
_MEASURES = (
    "blocks data paragraphs sentences lines items section table words numbers functions imports calculations dates"
).split()
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
_vacuous = []
"""Whether each `all()` the running check called was given nothing."""


def _all(iterable):
    """`all`, recording an `all()` given nothing: True of nothing says nothing of the answer."""
    seen = False
    for item in iterable:
        seen = True
        if not item:
            return False
    _vacuous.append(not seen)
    return True


HELPERS["all"] = _all


class _Patterns:
    """The checks' `re`: a pattern with no character class or inline flag (`r'\\bunderstand\\b'`)
    is found in any letter case when the criterion says nothing of case, as `in` finds a text."""

    caseless = False

    def __getattr__(self, name):
        return getattr(re, name)

    def _flags(self, pattern, flags):
        plain = isinstance(pattern, str) and "[" not in pattern and "(?" not in pattern
        return flags | re.IGNORECASE if self.caseless and plain else flags

    def search(self, pattern, string, flags=0):
        return re.search(pattern, string, self._flags(pattern, flags))

    def match(self, pattern, string, flags=0):
        return re.match(pattern, string, self._flags(pattern, flags))

    def fullmatch(self, pattern, string, flags=0):
        return re.fullmatch(pattern, string, self._flags(pattern, flags))

    def findall(self, pattern, string, flags=0):
        return re.findall(pattern, string, self._flags(pattern, flags))

    def finditer(self, pattern, string, flags=0):
        return re.finditer(pattern, string, self._flags(pattern, flags))

    def compile(self, pattern, flags=0):
        return re.compile(pattern, self._flags(pattern, flags))


HELPERS["re"] = _patterns = _Patterns()


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


_ALNUM = re.compile(r"[A-Za-z0-9]")
_PLAIN_WORDS = re.compile(r"[A-Za-z0-9][A-Za-z0-9' -]*")


def _contains(container, value, caseless=False):
    """`value in container`, but a word in a text is a whole word ("very" is not in "every"),
    its plural too (of three letters or more: "I" is not in "Is"); a link, path or address is
    found only whole (`/ask` is not in `/asks`, nor `a@b.org` in `a@b.org.uk`); and
    `caseless` (a criterion that says nothing of case) a text in any case."""
    if isinstance(container, str) and isinstance(value, str) and _ALNUM.fullmatch(value[-1:]):
        head = r"(?<![A-Za-z0-9])" if _ALNUM.fullmatch(value[:1]) else ""
        words = _PLAIN_WORDS.fullmatch(value)
        plural = r"(?:e?s)?" if len(value) > 2 else ""
        tail = plural + r"(?![A-Za-z0-9])" if words else r"(?![A-Za-z0-9]|[./@:][A-Za-z0-9])"
        pattern = head + re.escape(value) + tail
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
    _patterns.caseless = CASELESS[index]
    try:
        tree = _WordContainment(CASELESS[index]).visit(ast.parse(CHECKS[index]))
        exec(compile(ast.fix_missing_locations(tree), f"check_{index}.py", "exec"), namespace)
    except Exception as exc:  # noqa: BLE001
        raise CheckBroken(f"the check does not compile: {type(exc).__name__}: {exc}") from None
    check = namespace.get("check")
    if not callable(check):
        raise CheckBroken("the check defines no function `check`")
    _measured.clear()
    _vacuous.clear()
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
    if result and any(_vacuous):
        found = f"{helpers} found none in the answer" if nothing else "it went through nothing of the answer"
        raise CheckBroken(f"the check's all() held of nothing: {found}")
    if result and nothing:
        raise CheckEmpty(f"the check returned True having measured nothing: {helpers} found none in the answer")
    if not result:
        raise CheckFalse("the check returned False")

"""Python class family (fresh5): a Python class the task specifies (a bank account, a log of
temperature readings, a rate limiter, a shopping cart), a kind of answer no grader was run on
while any of its rules was written. Run only as `--set fresh5`, never in `all`, `new`, `docs`,
`held` or an earlier fresh set.

An answer is the module, after a lead-in line or none and in a fenced block or bare, written
right and then changed by switches: the class named as the task names it or a near name, every
method the task names or one under a neighbouring name, `__init__` with the parameters the task
gives or one renamed, a type hint on every method or one without its return type, a `__repr__`
or a `__str__` in its place, the alternative constructor a classmethod or a staticmethod, the
attribute the task wants a property or a plain method, the named exception raised in the stated
case or a broader one, and a class docstring or a comment above the class. Every truth is read
off the module's syntax tree with `ast` (below); no answer is ever run.
"""

from __future__ import annotations

import ast
import random
import re
from dataclasses import dataclass

from benchmarks.families.fenced import tree_of
from benchmarks.labelled import Criterion, JudgeCase, pick_wording, switched_cases

FAMILY = "python_class"
ANSWERS = 16
CRITERIA_PER_ANSWER = 3


@dataclass(frozen=True)
class Spec:
    task: str
    dress: tuple[str, str | None, str]
    """(the line before the code or empty, the code block's tag, `""` or None for bare code, a line after)."""
    source: str
    """The module written right."""
    names: tuple[str, str]
    """The class's name, and the near name an answer with the wrong one gives it."""
    methods: tuple[tuple[str, ...], str]
    """The methods the task names, and what an answer missing one calls the last."""
    params: tuple[tuple[str, ...], str]
    """`__init__`'s parameters after self, and what an answer renaming one calls the last."""
    members: tuple[str, str, str]
    """(the classmethod constructor, the property, the method an answer leaves without a return type)."""
    raises: tuple[str, str, str, str]
    """(the method, the exception it raises, the broader one an answer raises instead, the case)."""
    commented: bool
    """Whether an answer without a class docstring puts it in a comment above the class."""


ACCOUNT = '''from __future__ import annotations

from typing import Any


class BankAccount:
    """A single-currency bank account with a running list of transactions."""

    def __init__(self, owner: str, balance: float = 0.0) -> None:
        self.owner = owner
        self._balance = balance
        self._transactions: list[float] = []

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BankAccount:
        return cls(data["owner"], float(data.get("balance", 0.0)))

    @property
    def balance(self) -> float:
        return self._balance

    def deposit(self, amount: float) -> None:
        if amount <= 0:
            raise ValueError("deposit must be positive")
        self._balance += amount
        self._transactions.append(amount)

    def withdraw(self, amount: float) -> None:
        if amount > self._balance:
            raise InsufficientFundsError(f"cannot withdraw {amount:.2f}: balance is {self._balance:.2f}")
        self._balance -= amount
        self._transactions.append(-amount)

    def statement(self) -> list[float]:
        return list(self._transactions)

    def __repr__(self) -> str:
        return f"BankAccount(owner={self.owner!r}, balance={self._balance:.2f})"


class InsufficientFundsError(Exception):
    """Raised when a withdrawal is larger than the balance."""
'''

LOG = '''import statistics
from typing import Self


class TemperatureLog:
    """Readings from one sensor, in the order they were recorded."""

    def __init__(self, sensor_id: str, unit: str = "C") -> None:
        self.sensor_id = sensor_id
        self.unit = unit
        self._readings: list[float] = []

    @classmethod
    def from_csv_line(cls, line: str) -> Self:
        sensor_id, unit, *values = line.strip().split(",")
        log = cls(sensor_id, unit)
        for value in values:
            log.record(float(value))
        return log

    def record(self, value: float) -> None:
        self._readings.append(value)

    def average(self) -> float:
        if not self._readings:
            raise LookupError(f"no readings recorded for {self.sensor_id}")
        return statistics.fmean(self._readings)

    def clear(self) -> None:
        self._readings.clear()

    @property
    def latest(self) -> float | None:
        return self._readings[-1] if self._readings else None

    def __repr__(self) -> str:
        return f"TemperatureLog({self.sensor_id!r}, unit={self.unit!r}, readings={len(self._readings)})"
'''

LIMITER = '''import time


class RateLimitExceeded(Exception):
    pass


class RateLimiter:
    """Allows at most `limit` calls per key in any window of `window_seconds`."""

    def __init__(self, limit: int, window_seconds: float) -> None:
        self.limit = limit
        self._window = window_seconds
        self._calls: dict[str, list[float]] = {}

    @classmethod
    def per_minute(cls, limit: int) -> "RateLimiter":
        """A limiter with a 60-second window."""
        return cls(limit, 60.0)

    @property
    def window(self) -> float:
        return self._window

    def _recent(self, key: str) -> list[float]:
        now = time.monotonic()
        calls = [t for t in self._calls.get(key, []) if now - t < self._window]
        self._calls[key] = calls
        return calls

    def acquire(self, key: str) -> None:
        calls = self._recent(key)
        if len(calls) >= self.limit:
            raise RateLimitExceeded(f"{key} is over {self.limit} calls per {self._window:g}s")
        calls.append(time.monotonic())

    def remaining(self, key: str) -> int:
        return max(0, self.limit - len(self._recent(key)))

    def reset(self, key: str) -> None:
        self._calls.pop(key, None)

    def __repr__(self) -> str:
        return f"RateLimiter(limit={self.limit}, window_seconds={self._window})"
'''

CART = '''from __future__ import annotations

from collections.abc import Iterable
from decimal import Decimal


class ShoppingCart:
    """A customer's cart: quantities and unit prices by SKU."""

    def __init__(self, customer_id: int, currency: str = "EUR") -> None:
        self.customer_id = customer_id
        self.currency = currency
        self._lines: dict[str, tuple[Decimal, int]] = {}

    @classmethod
    def from_items(cls, customer_id: int, items: Iterable[tuple[str, Decimal, int]]) -> ShoppingCart:
        cart = cls(customer_id)
        for sku, price, quantity in items:
            cart.add(sku, price, quantity)
        return cart

    def add(self, sku: str, price: Decimal, quantity: int = 1) -> None:
        _, held = self._lines.get(sku, (price, 0))
        self._lines[sku] = (price, held + quantity)

    def remove(self, sku: str) -> None:
        if sku not in self._lines:
            raise KeyError(sku)
        del self._lines[sku]

    def total(self) -> Decimal:
        return sum((price * quantity for price, quantity in self._lines.values()), Decimal("0"))

    @property
    def item_count(self) -> int:
        return sum(quantity for _, quantity in self._lines.values())

    def __repr__(self) -> str:
        return f"<ShoppingCart customer={self.customer_id} items={self.item_count} total={self.total()}>"
'''

SPECS = (
    Spec(
        "Write a Python class BankAccount. __init__ takes owner and balance (default 0.0). It needs deposit(amount), "
        "withdraw(amount) and statement() methods, a read-only balance property, a from_dict classmethod that "
        "builds an account from a dict, and a __repr__. withdraw must raise InsufficientFundsError (define it) "
        "when the amount is more than the balance. Type-hint every method and give the class a docstring.",
        (
            "Here's an implementation:",
            "python",
            "The custom exception lives in the same module so callers can catch it.",
        ),
        ACCOUNT,
        ("BankAccount", "Account"),
        (("deposit", "withdraw", "statement"), "history"),
        (("owner", "balance"), "initial"),
        ("from_dict", "balance", "deposit"),
        ("withdraw", "InsufficientFundsError", "ValueError", "when the amount is more than the balance"),
        True,
    ),
    Spec(
        'I need a TemperatureLog class in Python: the constructor takes sensor_id and unit (default "C"); methods '
        "record(value), average() and clear(); a latest property for the most recent reading; an alternative "
        "constructor from_csv_line as a classmethod; a __repr__. average() should raise LookupError when nothing "
        "has been recorded yet. Full type hints on all methods, and a class docstring please.",
        ("", "python", ""),
        LOG,
        ("TemperatureLog", "TemperatureLogger"),
        (("average", "clear", "record"), "add"),
        (("sensor_id", "unit"), "units"),
        ("from_csv_line", "latest", "clear"),
        ("average", "LookupError", "ValueError", "if no readings have been recorded"),
        False,
    ),
    Spec(
        "Implement a RateLimiter class in Python. Constructor: limit and window_seconds. Methods: acquire(key), "
        "remaining(key) and reset(key). acquire raises a RateLimitExceeded exception (define it) once a key has "
        "used up its limit in the window. Add a window property, a per_minute(limit) classmethod constructor and "
        "a __repr__. Every method type-hinted; docstring on the class.",
        ("Sure! Below is a sliding-window limiter.", "py", "`per_minute` is just a shortcut for a 60-second window."),
        LIMITER,
        ("RateLimiter", "RateLimit"),
        (("acquire", "remaining", "reset"), "clear"),
        (("limit", "window_seconds"), "window"),
        ("per_minute", "window", "acquire"),
        ("acquire", "RateLimitExceeded", "RuntimeError", "once a key has used up its limit"),
        True,
    ),
    Spec(
        'Write a ShoppingCart class (Python 3.11). __init__(customer_id, currency="EUR"). Methods add(sku, price, '
        "quantity=1), remove(sku) and total(). remove must raise KeyError if the SKU is not in the cart. Also: an "
        "item_count property, a from_items classmethod, a __repr__, type hints on every method and a docstring "
        "for the class. Just the code, please.",
        ("", None, ""),
        CART,
        ("ShoppingCart", "Cart"),
        (("add", "remove", "total"), "get_total"),
        (("customer_id", "currency"), "currency_code"),
        ("from_items", "item_count", "remove"),
        ("remove", "KeyError", "LookupError", "when the SKU is not in the cart"),
        False,
    ),
)


def swap(code: str, old: str, new: str) -> str:
    """`code` with every match of the regex `old` replaced; it must match."""
    changed, count = re.subn(old, new, code, flags=re.MULTILINE)
    if not count:
        raise ValueError(f"no {old!r} in {code[:40]!r}")
    return changed


def build(spec: Spec, on: dict[str, bool]) -> str:
    code, (name, wrong), (methods, renamed), (params, param) = spec.source, spec.names, spec.methods, spec.params
    constructor, prop, unhinted = spec.members
    exception, broader = spec.raises[1:3]
    if not on["methods"]:
        code = swap(code, rf"(?:(?<=def )|(?<=\.)){methods[-1]}\(", f"{renamed}(")
    if not on["init"]:
        code = swap(code, rf"\b{params[-1]}(?=: .*\) -> None:)|(?<== ){params[-1]}$", param)
    if not on["hints"]:
        code = swap(code, rf"(def {unhinted}\(.*\)) -> [^:]+:", r"\1:")
    if not on["repr"]:
        code = swap(code, r"def __repr__\(", "def __str__(")
    if not on["classmethod"]:
        code = swap(code, rf"@classmethod\n    def {constructor}\(cls, ", f"@staticmethod\n    def {constructor}(")
        code = swap(code, r"\bcls\(", f"{name}(")
        code = code.replace("-> Self:", f'-> "{name}":')
    if not on["property"]:
        code = swap(code, rf"    @property\n(    def {prop}\()", r"\1")
        code = code.replace(f"{{self.{prop}}}", f"{{self.{prop}()}}")
    if not on["raises"]:
        code = swap(code, rf"raise {exception}\((.*)\)$", rf"raise {broader}(\1)")
    if not on["docstring"]:
        docstring = re.search(r'^    """(.*)"""\n\n?', code, re.MULTILINE)
        assert docstring is not None
        code = code.replace(docstring.group(0), "", 1)
        if spec.commented:
            code = code.replace(f"class {name}:", f"# {docstring.group(1)}\nclass {name}:")
    if not on["name"]:
        code = swap(code, rf"\b{name}\b", wrong)
    lead, fence, tail = spec.dress
    if fence is not None:
        code = f"```{fence}\n{code}```"
    return "\n\n".join(part for part in (lead, code, tail) if part)


# Reading a class -------------------------------------------------------------------------------


def methods_of(node: ast.ClassDef) -> dict[str, ast.FunctionDef]:
    return {f.name: f for f in node.body if isinstance(f, ast.FunctionDef)}


def main_class(tree: ast.Module) -> ast.ClassDef | None:
    """The module's class with the most methods (the first of those)."""
    classes = [node for node in tree.body if isinstance(node, ast.ClassDef)]
    return max(classes, key=lambda c: len(methods_of(c)), default=None)


def decorators(function: ast.FunctionDef) -> list[str]:
    return [ast.unparse(d) for d in function.decorator_list]


def params_of(function: ast.FunctionDef) -> list[ast.arg]:
    """The parameters, self or cls left out."""
    args = [*function.args.posonlyargs, *function.args.args, *function.args.kwonlyargs]
    if "staticmethod" not in decorators(function) and args:
        args = args[1:]
    return args + [a for a in (function.args.vararg, function.args.kwarg) if a is not None]


def fully_hinted(function: ast.FunctionDef) -> bool:
    return function.returns is not None and all(a.annotation is not None for a in params_of(function))


def raises_in(function: ast.FunctionDef | None, exception: str) -> bool:
    if function is None:
        return False
    for node in ast.walk(function):
        if isinstance(node, ast.Raise) and node.exc is not None:
            raised = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            if ast.unparse(raised) == exception:
                return True
    return False


def decorated(methods: dict[str, ast.FunctionDef], name: str, decorator: str) -> bool:
    return name in methods and decorator in decorators(methods[name])


def candidates(rng: random.Random, spec: Spec, answer: str) -> list[Criterion]:
    cls = main_class(tree_of(answer))
    methods = methods_of(cls) if cls else {}
    init = methods.get("__init__")
    (wanted, _), (names, _), (constructor, prop, _) = spec.methods, spec.params, spec.members
    listed = ", ".join(f"{m}()" for m in wanted[:-1]) + f" and {wanted[-1]}()"
    params, (raiser, exception, _, when) = " and ".join(names), spec.raises
    kinds: list[tuple[str, bool, tuple[str, ...]]] = [
        (
            "name",
            cls is not None and cls.name == spec.names[0],
            (f"The class is named {spec.names[0]}", f'Defines a class called "{spec.names[0]}"'),
        ),
        (
            "methods",
            set(wanted) <= set(methods),
            (f"The class has {listed} methods", f"Implements the methods {listed}"),
        ),
        (
            "init",
            init is not None and [a.arg for a in params_of(init)] == list(names),
            (f"__init__ takes {params} (besides self)", f"The constructor's parameters are {params}, in that order"),
        ),
        (
            "hints",
            bool(methods) and all(fully_hinted(f) for f in methods.values()),
            (
                "Every method has type hints on its parameters and its return value",
                "All methods are fully type-annotated, return types included",
            ),
        ),
        ("repr", "__repr__" in methods, ("Defines __repr__", "Implements a __repr__ method")),
        (
            "classmethod",
            decorated(methods, constructor, "classmethod"),
            (
                f"{constructor} is a classmethod that builds an instance",
                f"Provides {constructor} as an alternative constructor decorated with @classmethod",
            ),
        ),
        (
            "property",
            decorated(methods, prop, "property"),
            (f"{prop} is exposed as a property", f"Uses @property for {prop}"),
        ),
        (
            "raises",
            raises_in(methods.get(raiser), exception),
            (f"{raiser}() raises {exception} {when}", f"Raises {exception} from {raiser} {when}"),
        ),
        (
            "docstring",
            cls is not None and ast.get_docstring(cls) is not None,
            ("The class has a docstring", "Documents the class with a docstring"),
        ),
    ]
    return [Criterion(pick_wording(rng, wording), truth, kind, FAMILY) for kind, truth, wording in kinds]


SWITCHES = ("methods", "init", "hints", "repr", "classmethod", "property", "raises", "docstring", "name")


def cases() -> list[JudgeCase]:
    return switched_cases(FAMILY, SPECS, SWITCHES, build, candidates, answers=ANSWERS, per_answer=CRITERIA_PER_ANSWER)

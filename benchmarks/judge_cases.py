"""The judge benchmark's labelled set: answers, criteria, and the truth of each, by code.

Two parts. The menu's own kinds (this module: docstring, standard library, type hints, print,
word and sentence counts, list items, primes), the criteria the grader's fact menu was written
for, reported as families `menu:<kind>`. And the families beyond the menu
(`benchmarks.families`: behaviour run on the answer's code, numbers in inline lists,
arithmetic claims, substance under a heading, prose form, verse, negations, JSON, dates and
units, claims against a table, ordering). `build_set` gives either or both;
`benchmarks.labels` exports the whole set as the labels file that ships.

Every criterion's truth is computed from the answer's text by a small function (the `ast`
module for code, arithmetic and counting for prose), never by a model and never by the
grader's own evidence code (`rubricflow.activities.grader.facts`): the two are written apart, so
a bug in the grader's facts shows up as a wrong verdict instead of agreeing with itself.

The set is generated, deterministically, from answer templates with features switched on and
off and criteria in several wordings each, so that about half of the verdicts are unmet.
Nothing here is chosen by how a grader did on it.
"""

from __future__ import annotations

import ast
import functools
import random
import re
import sys
from collections.abc import Callable

from benchmarks.fresh_sets import ALONE, build_alone
from benchmarks.labelled import Criterion, JudgeCase, is_menu

__all__ = ["Criterion", "JudgeCase", "build_cases", "build_set", "family_names"]

SEED = 20261201
ALONE_SETS = tuple(ALONE)
"""The sets run alone, never in `all` (`fresh_sets.ALONE` lists them)."""
SETS = ("all", "menu", "new", *ALONE_SETS)


# Truth by code --------------------------------------------------------------------------


def _code(answer: str) -> str:
    blocks = re.findall(r"```(?:python|py)?[ \t]*\n(.*?)```", answer, flags=re.DOTALL)
    return "\n\n".join(blocks) if blocks else answer


def _functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]


def truth_docstring(answer: str) -> bool:
    """Every function defined has a docstring (ast.get_docstring), and there is one."""
    functions = _functions(ast.parse(_code(answer)))
    return bool(functions) and all(ast.get_docstring(f) for f in functions)


def truth_stdlib_only(answer: str) -> bool:
    """Every imported top-level module is in sys.stdlib_module_names."""
    for node in ast.walk(ast.parse(_code(answer))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        if any(n.split(".")[0] not in sys.stdlib_module_names for n in names):
            return False
    return True


def truth_type_hints(answer: str) -> bool:
    """Every function annotates its return and every parameter but self/cls."""
    functions = _functions(ast.parse(_code(answer)))
    if not functions:
        return False
    for f in functions:
        params = [*f.args.posonlyargs, *f.args.args, *f.args.kwonlyargs]
        params = [p for p in params if p.arg not in ("self", "cls")]
        if f.returns is None or any(p.annotation is None for p in params):
            return False
    return True


def truth_no_print(answer: str) -> bool:
    for node in ast.walk(ast.parse(_code(answer))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "print":
            return False
    return True


def word_count(text: str) -> int:
    return len(re.findall(r"[A-Za-z0-9']+", text))


def sentence_count(text: str) -> int:
    return len([s for s in re.split(r"[.!?]+", text) if s.strip()])


def bullet_count(text: str) -> int:
    return len([line for line in text.splitlines() if re.match(r"\s*(?:[-*]|\d+[.)])\s+\S", line)])


def is_prime(n: int) -> bool:
    return n >= 2 and all(n % d for d in range(2, int(n**0.5) + 1))


def stated_number(text: str) -> int:
    return int(re.findall(r"-?\d+", text)[-1])


# Answers --------------------------------------------------------------------------------

FUNCTIONS = [
    (
        "find_duplicates",
        "items",
        "list",
        "list",
        "seen, dups = set(), []\nfor item in items:\n    if item in seen and item not in dups:\n        dups.append(item)\n    seen.add(item)\nreturn dups",
        "Return the values that occur more than once, in order.",
    ),
    (
        "is_palindrome",
        "text",
        "str",
        "bool",
        "cleaned = ''.join(ch.lower() for ch in text if ch.isalnum())\nreturn cleaned == cleaned[::-1]",
        "Return True when text reads the same backwards, ignoring case and punctuation.",
    ),
    (
        "chunk",
        "values",
        "list",
        "list",
        "size = 3\nreturn [values[i:i + size] for i in range(0, len(values), size)]",
        "Return the values split into lists of three.",
    ),
    (
        "median",
        "numbers",
        "list",
        "float",
        "ordered = sorted(numbers)\nmid = len(ordered) // 2\nif len(ordered) % 2:\n    return float(ordered[mid])\nreturn (ordered[mid - 1] + ordered[mid]) / 2",
        "Return the median of a non-empty list of numbers.",
    ),
    (
        "word_frequencies",
        "text",
        "str",
        "dict",
        "counts = {}\nfor word in text.lower().split():\n    counts[word] = counts.get(word, 0) + 1\nreturn counts",
        "Return a dict mapping each word to how often it occurs.",
    ),
    (
        "flatten",
        "nested",
        "list",
        "list",
        "out = []\nfor item in nested:\n    if isinstance(item, list):\n        out.extend(flatten(item))\n    else:\n        out.append(item)\nreturn out",
        "Return the items of nested lists as one flat list.",
    ),
    (
        "fibonacci",
        "n",
        "int",
        "list",
        "seq = [0, 1]\nwhile len(seq) < n:\n    seq.append(seq[-1] + seq[-2])\nreturn seq[:n]",
        "Return the first n Fibonacci numbers.",
    ),
    (
        "normalize_email",
        "address",
        "str",
        "str",
        "local, _, domain = address.strip().partition('@')\nreturn f'{local}@{domain.lower()}'",
        "Return the address with surrounding space removed and the domain lower-cased.",
    ),
]

STDLIB_IMPORTS = ["import math", "import re", "from collections import Counter", "import itertools", "import json"]
THIRD_PARTY_IMPORTS = [
    "import numpy as np",
    "import pandas as pd",
    "import requests",
    "from toolz import unique",
    "import regex",
]


def _indent(body: str, by: str = "    ") -> str:
    return "\n".join(by + line if line else line for line in body.splitlines())


def code_answer(
    rng: random.Random,
    fn: tuple[str, ...],
    *,
    docstring: bool,
    stdlib: bool,
    hints: bool,
    prints: bool,
    imports: bool,
) -> str:
    name, param, ptype, rtype, body, doc = fn
    lines: list[str] = []
    if imports:
        lines.append(rng.choice(STDLIB_IMPORTS if stdlib else THIRD_PARTY_IMPORTS))
        lines.append("")
        lines.append("")
    signature = f"def {name}({param}: {ptype}) -> {rtype}:" if hints else f"def {name}({param}):"
    lines.append(signature)
    if docstring:
        lines.append(f'    """{doc}"""')
    else:
        lines.append(f"    # {doc[0].lower() + doc[1:]}")
    if prints:
        head, _, last = body.rpartition("\n")
        expr = last.removeprefix("return ")
        body = f"{head}\nresult = {expr}\nprint(result)\nreturn result".lstrip("\n")
    lines.append(_indent(body))
    intro = rng.choice(
        [
            f"Here is `{name}`:",
            f"Sure. `{name}` below does what you asked.",
            f"This implementation of {name} should work:",
            f"Done: `{name}`.",
        ]
    )
    return f"{intro}\n\n```python\n" + "\n".join(lines) + "\n```"


SENTENCES = [
    "Temporal records every step of a workflow in its history",
    "A worker that crashes loses no progress",
    "Activities are retried with backoff until they succeed or run out of attempts",
    "Signals let a client send data to a running workflow",
    "Queries read a workflow's state without changing it",
    "Timers survive restarts because the server keeps them",
    "Each workflow execution has a unique identifier",
    "Task queues route work to the workers that poll them",
    "Replay rebuilds state by running the workflow code again",
    "Continue-as-new starts a fresh history with the same identifier",
]

ITEMS = ["apples", "pears", "plums", "cherries", "grapes", "lemons", "figs", "dates", "limes"]


# Criteria in several wordings -------------------------------------------------------------

WORDINGS: dict[str, dict[str, list[str]]] = {
    "main": {
        "docstring": [
            "Has a docstring that explains what is returned",
            "Every function has a docstring",
            "The function is documented with a docstring",
        ],
        "stdlib": [
            "Uses no third-party packages",
            "Only imports modules from the Python standard library",
            "Does not depend on any external library",
        ],
        "hints": [
            "Has type hints on every parameter and on the return value",
            "The function signature is fully type-annotated",
        ],
        "no_print": ["Does not print anything", "Contains no print calls", "Returns its result instead of printing it"],
        "words_at_most": ["Is at most {n} words long", "Uses no more than {n} words"],
        "sentences_exact": ["Has exactly {n} sentences", "Is written in {n} sentences"],
        "items_exact": ["Lists exactly {n} items", "Gives {n} bullet points"],
        "prime": ["The number given is a prime number", "Answers with a prime"],
    },
    # Written once and never shown to a grader while its prompts were made: the same truths
    # in words of their own, to see whether a grader's figures hold beyond the main wordings.
    "held_out": {
        "docstring": ["Includes a docstring describing the return value", "Documents each function in a docstring"],
        "stdlib": [
            "Relies only on Python's built-in standard library",
            "Avoids external dependencies such as numpy or requests",
        ],
        "hints": ["All arguments and the return type carry annotations", "Is fully annotated with Python type hints"],
        "no_print": ["Never writes output with print()", "Has no print statements"],
        "words_at_most": ["Stays within {n} words", "Keeps to {n} words or fewer"],
        "sentences_exact": ["Consists of {n} sentences, no more and no fewer", "Is exactly {n} sentences long"],
        "items_exact": ["Has {n} list entries exactly", "Names exactly {n} things, as a list"],
        "prime": ["The stated number is prime", "Picks a number that is prime"],
    },
}


Truth = Callable[[str], bool]


def _pick(rng: random.Random, wording: dict[str, list[str]], kind: str, **values: object) -> str:
    """A wording of `kind`, drawn as the main wordings are drawn (the same random numbers
    whichever wordings are used, so every set has the same answers and truths)."""
    index = rng.choice(range(len(WORDINGS["main"][kind])))
    options = wording[kind]
    return options[index % len(options)].format(**values)


def build_cases(wordings: str = "main") -> list[JudgeCase]:
    """The labelled set in one of `WORDINGS`: the same answers and truths either way.
    (long: the four kinds of answer are drawn from one seeded random stream in one order,
    which is what makes the set the same on every machine.)"""
    wording = WORDINGS[wordings]
    rng = random.Random(SEED)
    cases: list[JudgeCase] = []

    # Code answers: each feature on or off, balanced by cycling through the combinations.
    for i in range(40):
        fn = FUNCTIONS[i % len(FUNCTIONS)]
        features = {
            "docstring": bool(i & 1),
            "stdlib": bool(i & 2),
            "hints": bool(i & 4),
            "prints": bool(i & 8),
            "imports": bool(i & 16) or not (i & 2),
        }
        answer = code_answer(rng, fn, **features)
        kinds: list[tuple[str, Truth]] = [
            ("docstring", truth_docstring),
            ("stdlib", truth_stdlib_only),
            ("hints", truth_type_hints),
            ("no_print", truth_no_print),
        ]
        rng.shuffle(kinds)
        criteria = tuple(Criterion(_pick(rng, wording, kind), truth(answer), kind) for kind, truth in kinds[:3])
        cases.append(JudgeCase(f"code-{i:02d}", f"Write a Python function {fn[0]}({fn[1]}).", answer, criteria))

    # Prose: a word limit and a sentence count.
    for i in range(12):
        n = rng.randint(2, 6)
        text = ". ".join(rng.sample(SENTENCES, n)) + "."
        words = word_count(text)
        # Never within three words of the count, so a grader counting hyphenated words
        # as one is not wrong by the definition alone.
        limit = words - rng.choice([4, 8, 12]) if i % 2 else words + rng.choice([4, 8, 12])
        asked = n if (i // 2) % 2 else n + rng.choice([-1, 1])
        answer = text
        criteria = (
            Criterion(_pick(rng, wording, "words_at_most", n=limit), word_count(answer) <= limit, "words_at_most"),
            Criterion(
                _pick(rng, wording, "sentences_exact", n=asked), sentence_count(answer) == asked, "sentences_exact"
            ),
        )
        cases.append(
            JudgeCase(f"prose-{i:02d}", "Explain in a few sentences what Temporal gives a program.", answer, criteria)
        )

    # Lists: an item count.
    for i in range(8):
        n = rng.randint(3, 7)
        items = rng.sample(ITEMS, n)
        answer = "Here they are:\n" + "\n".join(f"- {item}" for item in items)
        asked = n if i % 2 else n + rng.choice([-2, -1, 1, 2])
        criteria = (
            Criterion(_pick(rng, wording, "items_exact", n=asked), bullet_count(answer) == asked, "items_exact"),
        )
        cases.append(JudgeCase(f"list-{i:02d}", f"Name {asked} fruits, one per line.", answer, criteria))

    # Arithmetic: a stated number, prime or not.
    for i in range(10):
        n = (
            rng.choice([p for p in range(20, 200) if is_prime(p)])
            if i % 2
            else rng.choice([c for c in range(20, 200) if not is_prime(c) and c % 2 and c % 5])
        )
        answer = rng.choice([f"The answer is {n}.", f"{n}", f"I pick {n}."])
        criteria = (Criterion(_pick(rng, wording, "prime"), is_prime(stated_number(answer)), "prime"),)
        cases.append(JudgeCase(f"number-{i:02d}", "Give me a prime number between 20 and 200.", answer, criteria))
    return cases


CASES = build_cases()
"""The menu's own kinds, main wordings."""


@functools.cache
def _new_cases() -> tuple[JudgeCase, ...]:
    from benchmarks.families import build_new_cases

    return tuple(build_new_cases())


def build_set(which: str = "all", wordings: str = "main") -> list[JudgeCase]:
    """The menu's cases (in `wordings`), the families beyond it, or both; or one set run alone:
    the documents' tuning families (`docs`), the held-out families (`held`), the fresh families
    (`fresh`: kinds of document no grader was run on while any rule was written), or the n-th
    fresh families (`fresh2` on: `freshN` written before any rule was drawn from `fresh(N-1)`'s
    records, and from `fresh3` on blind to the grader; `fresh_sets.ALONE` lists them). The
    families beyond the menu have one set of wordings, written before any grader was tried on
    them."""
    if which not in SETS:
        raise ValueError(f"unknown set {which!r}: choose one of {', '.join(SETS)}")
    if which in ALONE_SETS:
        return build_alone(which)
    menu = build_cases(wordings) if which in ("all", "menu") else []
    return [*menu, *(_new_cases() if which in ("all", "new") else ())]


def family_names(cases: list[JudgeCase]) -> list[str]:
    """The families of `cases`, the menu's own first."""
    names = {c.family for case in cases for c in case.criteria}
    return sorted(names, key=lambda f: (not is_menu(f), f))

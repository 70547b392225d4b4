"""Deterministic checks as rubric criteria.

A rubric line may name a check: `- All tests pass [check: run_python_tests]`. The check
runs as code on the worker and its result is that criterion's verdict; the LLM grader
never sees the line and cannot override it. A rubric made only of checks needs no model
call at all.

`run_python_tests` (built in) takes the Python code blocks of the agent's final answer and
runs them, isolated, against the rubric's fenced tests block:

    ```python tests
    def test_triple():
        assert find_duplicates([1, 1, 1]) == [1]
    ```
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from importlib.metadata import entry_points

from rubricflow.workflows.types import Criterion, Message

MAX_GAP_CHARS = 2_000

_BULLET = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+(?P<text>\S.*?)\s*$")
_CHECK = re.compile(r"\s*\[check:\s*(?P<name>[A-Za-z_][\w.-]*)\s*(?P<arg>[^\]]*)\]\s*$", re.I)
_FENCE = re.compile(r"^\s*```")
_TESTS_FENCE = re.compile(r"^\s*```\s*python\s+tests\s*$", re.I)
_CODE_BLOCK = re.compile(r"```[ \t]*(?:python|py)?[ \t]*\n(?P<body>.*?)```", re.S | re.I)


@dataclass(frozen=True)
class RubricCriterion:
    name: str
    check: str | None = None
    arg: str = ""


@dataclass(frozen=True)
class ParsedRubric:
    """A rubric split into its criteria (bullet lines), checks, tests block and the text
    the LLM grader is shown (the rubric without check lines or the tests block)."""

    criteria: list[RubricCriterion]
    llm_rubric: str
    tests: str | None
    problems: list[str] = field(default_factory=list)

    @property
    def checked(self) -> list[RubricCriterion]:
        return [c for c in self.criteria if c.check]

    @property
    def needs_llm(self) -> bool:
        """False when the rubric lists criteria and every one is check-backed: then no
        model is called. A free-form rubric (no bullet lines) is always the LLM's."""
        return not self.criteria or any(not c.check for c in self.criteria)


def parse_rubric(text: str, known_checks: Iterable[str] | None = None) -> ParsedRubric:
    criteria: list[RubricCriterion] = []
    llm_lines: list[str] = []
    tests_lines: list[str] | None = None
    in_fence = in_tests = False
    for line in text.splitlines():
        if in_tests:
            if _FENCE.match(line):
                in_tests = False
            else:
                assert tests_lines is not None
                tests_lines.append(line)
            continue
        if _TESTS_FENCE.match(line) and not in_fence:
            in_tests, tests_lines = True, tests_lines or []
            continue
        if _FENCE.match(line):
            in_fence = not in_fence
            llm_lines.append(line)
            continue
        bullet = None if in_fence else _BULLET.match(line)
        if bullet is None:
            llm_lines.append(line)
            continue
        body = bullet.group("text")
        check = _CHECK.search(body)
        if check is None:
            criteria.append(RubricCriterion(name=body))
            llm_lines.append(line)
        else:
            name = body[: check.start()].strip() or check.group("name")
            criteria.append(RubricCriterion(name, check.group("name"), check.group("arg").strip()))
    tests = "\n".join(tests_lines) if tests_lines is not None else None
    problems = []
    known = set(known_checks) if known_checks is not None else None
    for criterion in criteria:
        if criterion.check and known is not None and criterion.check not in known:
            problems.append(
                f"criterion {criterion.name!r} names unknown check {criterion.check!r}; "
                f"known checks: {', '.join(sorted(known)) or '(none)'}"
            )
        if criterion.check == "run_python_tests" and not (tests and tests.strip()):
            problems.append(
                f"criterion {criterion.name!r} uses run_python_tests but the rubric has no "
                "```python tests block"
            )
    return ParsedRubric(criteria, "\n".join(llm_lines).strip(), tests, problems)


def code_blocks(text: str) -> str:
    """The Python code of an answer: its fenced code blocks, joined."""
    return "\n\n".join(m.group("body") for m in _CODE_BLOCK.finditer(text)).strip()


@dataclass(frozen=True)
class CheckContext:
    criterion: RubricCriterion
    rubric: ParsedRubric
    transcript: list[Message]
    answer: str


@dataclass(frozen=True)
class CheckOutcome:
    passed: bool
    detail: str = ""


Check = Callable[[CheckContext], Awaitable[CheckOutcome]]


class CheckRegistry:
    """Named checks. Register with `add(name, fn)` or `@registry.check("name")`."""

    def __init__(self, checks: dict[str, Check] | None = None) -> None:
        self._checks: dict[str, Check] = dict(checks or {})

    def add(self, name: str, fn: Check) -> None:
        if name in self._checks:
            raise ValueError(f"a check named {name!r} is already registered")
        self._checks[name] = fn

    def check(self, name: str) -> Callable[[Check], Check]:
        def register(fn: Check) -> Check:
            self.add(name, fn)
            return fn

        return register

    def names(self) -> list[str]:
        return sorted(self._checks)

    async def run(self, rubric: ParsedRubric, transcript: list[Message], answer: str) -> list[Criterion]:
        """Each check-backed criterion's verdict, computed by its check."""
        results = []
        for criterion in rubric.checked:
            assert criterion.check is not None
            fn = self._checks.get(criterion.check)
            if fn is None:
                outcome = CheckOutcome(False, f"unknown check {criterion.check!r}")
            else:
                outcome = await fn(CheckContext(criterion, rubric, transcript, answer))
            gap = None
            if not outcome.passed:
                detail = outcome.detail.strip() or f"check {criterion.check} failed"
                gap = detail[:MAX_GAP_CHARS]
            results.append(Criterion(name=criterion.name, passed=outcome.passed, gap=gap))
        return results


async def run_python_tests_check(context: CheckContext) -> CheckOutcome:
    """Built-in check: the answer's code against the rubric's tests, in the sandbox."""
    from rubricflow.activities.sandbox import run_python_tests

    code = code_blocks(context.answer)
    if not code:
        return CheckOutcome(False, "the final answer has no ```python code block to test")
    if not context.rubric.tests:
        return CheckOutcome(False, "the rubric has no ```python tests block")
    report = await run_python_tests(code, context.rubric.tests)
    return CheckOutcome(report.passed, "" if report.passed else report.summary())


def builtin_checks() -> dict[str, Check]:
    return {"run_python_tests": run_python_tests_check}


CHECKS_ENTRY_POINT_GROUP = "rubricflow.checks"
"""Installed packages add checks here: the entry point's name is the check's name, its
object an `async def check(context: CheckContext) -> CheckOutcome`."""


def default_checks() -> CheckRegistry:
    registry = CheckRegistry(builtin_checks())
    for entry in entry_points(group=CHECKS_ENTRY_POINT_GROUP):
        registry.add(entry.name, entry.load())
    return registry

"""Named checks: rubric criteria that code decides.

A rubric line may name a check: `- All tests pass [check: run_python_tests]`. The check
runs as code on the worker and its result is that criterion's verdict; the LLM grader
never sees the line and cannot override it. A rubric made only of checks needs no model
call at all. How a rubric is read (criteria, check names, tests block) is the
contract's, `rubricflow.workflows.rubric`, shared with the client.

`run_python_tests` (built in) takes the Python code blocks of the agent's final answer and
runs them, isolated, against the rubric's fenced tests block. Given a file, it tests a
file the agent wrote instead (a `deep` agent's virtual file, with or without the leading
slash): `- The solution passes [check: run_python_tests solution.py]`.

    ```python tests
    def test_triple():
        assert find_duplicates([1, 1, 1]) == [1]
    ```
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from importlib.metadata import entry_points

from rubricflow.activities.registries import CHECKS_ENTRY_POINT_GROUP
from rubricflow.workflows.files import AgentFile, file_path
from rubricflow.workflows.rubric import ParsedRubric, RubricCriterion, code_blocks
from rubricflow.workflows.types import Criterion, Message

MAX_GAP_CHARS = 2_000


@dataclass(frozen=True)
class CheckContext:
    criterion: RubricCriterion
    rubric: ParsedRubric
    transcript: list[Message]
    answer: str
    files: dict[str, AgentFile] = field(default_factory=dict)
    """The thread's files (what a `deep` agent wrote), by absolute path."""


@dataclass(frozen=True)
class CheckOutcome:
    passed: bool
    detail: str = ""
    isolation: str | None = None
    """How the check isolated the code it ran, if it ran any (goes on the criterion)."""


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

    async def run(
        self,
        rubric: ParsedRubric,
        transcript: list[Message],
        answer: str,
        files: dict[str, AgentFile] | None = None,
    ) -> list[Criterion]:
        """Each check-backed criterion's verdict, computed by its check."""
        results = []
        for criterion in rubric.checked:
            assert criterion.check is not None
            fn = self._checks.get(criterion.check)
            if fn is None:
                outcome = CheckOutcome(False, f"unknown check {criterion.check!r}")
            else:
                outcome = await fn(CheckContext(criterion, rubric, transcript, answer, dict(files or {})))
            gap = None
            if not outcome.passed:
                detail = outcome.detail.strip() or f"check {criterion.check} failed"
                gap = detail[:MAX_GAP_CHARS]
            results.append(Criterion(name=criterion.name, passed=outcome.passed, gap=gap, isolation=outcome.isolation))
        return results


def run_python_tests_check(*, allow_weak_sandbox: bool = False) -> Check:
    """Built-in check: the answer's code against the rubric's tests, in the sandbox
    (without bubblewrap it refuses unless `allow_weak_sandbox`)."""

    async def check(context: CheckContext) -> CheckOutcome:
        from rubricflow.activities.sandbox import run_python_tests

        if context.criterion.arg:
            # `[check: run_python_tests solution.py]`: a file the agent wrote.
            path = file_path(context.criterion.arg)
            data = context.files.get(path)
            if data is None:
                known = ", ".join(sorted(context.files)) or "(none)"
                return CheckOutcome(False, f"the agent wrote no file {path}; its files: {known}")
            code = data.content
        else:
            code = code_blocks(context.answer)
        if not code.strip():
            if context.criterion.arg:
                return CheckOutcome(False, f"the file {file_path(context.criterion.arg)} is empty")
            return CheckOutcome(False, "the final answer has no ```python code block to test")
        if not context.rubric.tests:
            return CheckOutcome(False, "the rubric has no ```python tests block")
        report = await run_python_tests(code, context.rubric.tests, allow_weak=allow_weak_sandbox)
        return CheckOutcome(report.passed, "" if report.passed else report.failures(), report.isolation)

    return check


def builtin_checks(*, allow_weak_sandbox: bool = False) -> dict[str, Check]:
    return {"run_python_tests": run_python_tests_check(allow_weak_sandbox=allow_weak_sandbox)}


def default_checks(*, allow_weak_sandbox: bool = False) -> CheckRegistry:
    registry = CheckRegistry(builtin_checks(allow_weak_sandbox=allow_weak_sandbox))
    # Installed packages add checks here: the entry point's name is the check's name,
    # its object an `async def check(context: CheckContext) -> CheckOutcome`.
    for entry in entry_points(group=CHECKS_ENTRY_POINT_GROUP):
        registry.add(entry.name, entry.load())
    return registry

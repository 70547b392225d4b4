"""Reading a rubric: its criteria, the checks they name, its tests block.

Pure and deterministic (no Temporal, no I/O), so the client refuses a rubric that
cannot be graded before a run starts, and the worker grades with the very same reading.

A rubric line may name a check: `- All tests pass [check: run_python_tests]`; its
verdict is then computed by code on the worker, not by the LLM grader. A fenced
`python tests` block holds the tests that `run_python_tests` runs:

    ```python tests
    def test_triple():
        assert find_duplicates([1, 1, 1]) == [1]
    ```
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

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
                f"criterion {criterion.name!r} uses run_python_tests but the rubric has no ```python tests block"
            )
    return ParsedRubric(criteria, "\n".join(llm_lines).strip(), tests, problems)


def code_blocks(text: str) -> str:
    """The Python code of an answer: its fenced code blocks, joined."""
    return "\n\n".join(m.group("body") for m in _CODE_BLOCK.finditer(text)).strip()

"""Reading a rubric: its criteria, the checks they name, their weights and scales, its
tests block.

Pure and deterministic (no Temporal, no I/O), so the client refuses a rubric that
cannot be graded before a run starts, and the worker grades with the very same reading.

A rubric line may name a check: `- All tests pass [check: run_python_tests]`; its
verdict is then computed by code on the worker, not by the LLM grader. A fenced
`python tests` block holds the tests that `run_python_tests` runs:

    ```python tests
    def test_triple():
        assert find_duplicates([1, 1, 1]) == [1]
    ```

A fenced `reference` block holds a reference answer: what a right answer looks like. The
grader is shown it apart from the rubric and the transcript (never as the agent's answer),
and the checks the grader writes may compare with it (`reference`):

    ```reference
    find_duplicates([1, 2, 1, 3, 2]) == [1, 2]
    ```

A line may also end with how it counts in a pass's weighted score (`workflows/scores.py`):
`[weight: 3]` (a number above 0; 1 without it), `[required]` (a pass score never ends a
run while it fails) and `[scale: 0-4]` (scored in whole points; met from its top, or from
`[scale: 0-4, pass: 3]`), the scale's points explained on the lines indented below it:

    - Explains the trade-off [scale: 0-4, pass: 3] [weight: 2]
      - 0: no trade-off named
      - 2: one side of it
      - 4: both sides, with what each costs

The grader is shown a criterion's line without its weight and `[required]` (how much a
criterion counts does not change whether it is met) and with its scale and points.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

_BULLET = re.compile(r"^(?P<indent>\s*)(?:[-*+]|\d+[.)])\s+(?P<text>\S.*?)\s*$")
_CHECK = re.compile(r"\s*\[check:\s*(?P<name>[A-Za-z_][\w.-]*)\s*(?P<arg>[^\]]*)\]\s*$", re.I)
_ANNOTATION = re.compile(r"\s*\[(?P<key>weight|required|scale)\s*(?::\s*(?P<value>[^\]]*))?\]\s*$", re.I)
_SCALE = re.compile(r"^(?P<low>\d+)\s*-\s*(?P<high>\d+)\s*(?:[,;]?\s*pass\s*(?::|at|>=|=)?\s*(?P<pass>\d+))?$", re.I)
_POINT = re.compile(r"^(?P<indent>\s+)(?:[-*+]\s+)?(?P<point>\d+)\s*[:=]\s*(?P<text>\S.*?)\s*$")
_FENCE = re.compile(r"^\s*```")
_TESTS_FENCE = re.compile(r"^\s*```\s*python\s+tests\s*$", re.I)
_REFERENCE_FENCE = re.compile(r"^\s*```\s*reference\s*$", re.I)
_CODE_BLOCK = re.compile(r"```[ \t]*(?:python|py)?[ \t]*\n(?P<body>.*?)```", re.S | re.I)

MAX_WEIGHT = 1000.0
MAX_SCALE_POINTS = 100
"""A scale spans at most this many points (`[scale: 0-100]`)."""


def normalize_name(name: str) -> str:
    """A criterion's name as names are compared: case, spacing and a trailing `.:;` aside."""
    return " ".join(name.casefold().split()).rstrip(".:;")


@dataclass(frozen=True)
class Scale:
    """A criterion scored in whole points from `low` to `high`, met from `pass_mark`."""

    low: int
    high: int
    pass_mark: int
    points: tuple[tuple[int, str], ...] = ()
    """What the rubric says each point means, for the points it explains."""

    def meaning(self, score: int) -> str | None:
        return next((text for point, text in self.points if point == score), None)

    def fraction(self, score: int) -> float:
        """Where `score` lies between the scale's ends: 0.0 at `low`, 1.0 at `high`."""
        return (score - self.low) / (self.high - self.low)

    def describe(self) -> str:
        mark = "" if self.pass_mark == self.high else f", met from {self.pass_mark}"
        return f"{self.low}-{self.high}{mark}"


@dataclass(frozen=True)
class RubricCriterion:
    name: str
    check: str | None = None
    arg: str = ""
    weight: float = 1.0
    required: bool = False
    scale: Scale | None = None


@dataclass(frozen=True)
class ParsedRubric:
    """A rubric split into its criteria (bullet lines), checks, tests block and the text
    the LLM grader is shown (the rubric without check lines, weights, `[required]` or the
    tests block)."""

    criteria: list[RubricCriterion]
    llm_rubric: str
    tests: str | None
    problems: list[str] = field(default_factory=list)
    reference: str | None = None
    """The rubric's reference answer (its ```reference block), if any."""

    @property
    def checked(self) -> list[RubricCriterion]:
        return [c for c in self.criteria if c.check]

    @property
    def needs_llm(self) -> bool:
        """False when the rubric lists criteria and every one is check-backed: then no
        model is called. A free-form rubric (no bullet lines) is always the LLM's."""
        return not self.criteria or any(not c.check for c in self.criteria)

    @property
    def scored(self) -> bool:
        """Whether a pass on this rubric records a weighted score: some criterion has a
        weight, `[required]` or a scale. Without any, the rubric is binary, as before."""
        return any(c.weight != 1.0 or c.required or c.scale is not None for c in self.criteria)

    @property
    def scales(self) -> dict[str, Scale]:
        """The scaled criteria's scales, by criterion name."""
        return {c.name: c.scale for c in self.criteria if c.scale is not None}

    def criterion(self, name: str) -> RubricCriterion | None:
        """The criterion of this name (compared as `normalize_name` does), if any."""
        wanted = normalize_name(name)
        return next((c for c in self.criteria if normalize_name(c.name) == wanted), None)


@dataclass
class _Line:
    """One bullet line read: its criterion's parts, and what to show the grader."""

    name: str
    check: re.Match[str] | None = None
    annotations: dict[str, str | None] = field(default_factory=dict)
    scale_text: str = ""
    problems: list[str] = field(default_factory=list)


def _read_bullet(body: str) -> _Line:
    """A bullet's text, with its trailing `[check: ...]`, `[weight: N]`, `[required]` and
    `[scale: ...]` taken off (in any order). A bracket of another kind stays in the name."""
    line = _Line(name="")
    while True:
        check = _CHECK.search(body) if line.check is None else None
        if check is not None:
            line.check, body = check, body[: check.start()]
            continue
        annotation = _ANNOTATION.search(body)
        if annotation is None:
            break
        key = annotation.group("key").lower()
        if key in line.annotations:
            line.problems.append(f"[{key}] is given twice")
        line.annotations[key] = annotation.group("value")
        if key == "scale":
            line.scale_text = annotation.group(0).strip()
        body = body[: annotation.start()]
    line.name = body.strip() or (line.check.group("name") if line.check else "")
    return line


def _weight(line: _Line) -> float:
    if "weight" not in line.annotations:
        return 1.0
    value = (line.annotations["weight"] or "").strip()
    try:
        weight = float(value)
    except ValueError:
        weight = -1.0
    if not 0 < weight <= MAX_WEIGHT:
        line.problems.append(
            f"weight must be a number above 0 and at most {MAX_WEIGHT:g} (e.g. [weight: 3]), got {value!r}"
        )
        return 1.0
    return weight


def _required(line: _Line) -> bool:
    if "required" not in line.annotations:
        return False
    if line.annotations["required"] is not None:
        line.problems.append("[required] takes no value")
    return True


def _scale(line: _Line) -> Scale | None:
    if "scale" not in line.annotations:
        return None
    value = (line.annotations["scale"] or "").strip()
    found = _SCALE.match(value)
    if found is None:
        line.problems.append(f"a scale is written [scale: 0-4] or [scale: 0-4, pass: 3], got {value!r}")
        return None
    low, high = int(found.group("low")), int(found.group("high"))
    mark = int(found.group("pass")) if found.group("pass") is not None else high
    if not low < high <= low + MAX_SCALE_POINTS:
        line.problems.append(
            f"a scale runs from a lower to a higher whole number, at most {MAX_SCALE_POINTS} apart; got {value!r}"
        )
        return None
    if not low < mark <= high:
        line.problems.append(f"the pass mark {mark} must lie above {low} and at most {high}")
        return None
    return Scale(low, high, mark)


def parse_rubric(text: str, known_checks: Iterable[str] | None = None) -> ParsedRubric:
    reader = _Reader()
    for line in text.splitlines():
        reader.read(line)
    return reader.parsed(known_checks)


class _Reader:
    """A rubric read line by line: fences, the tests block, criteria and their points."""

    def __init__(self) -> None:
        self.criteria: list[RubricCriterion] = []
        self.llm_lines: list[str] = []
        self.tests_lines: list[str] | None = None
        self.reference_lines: list[str] | None = None
        self.block: list[str] | None = None
        """The lines of the tests or reference block being read."""
        self.problems: list[str] = []
        self.in_fence = False
        self.scaled: tuple[int, int] | None = None
        """The last criterion while it is a scaled one: (its index, its bullet's indent)."""
        self.points: dict[int, dict[int, str]] = {}

    def read(self, line: str) -> None:
        if self.block is not None:
            if _FENCE.match(line):
                self.block = None
            else:
                self.block.append(line)
            return
        if _TESTS_FENCE.match(line) and not self.in_fence:
            self.tests_lines = self.block = self.tests_lines or []
            return
        if _REFERENCE_FENCE.match(line) and not self.in_fence:
            self.reference_lines = self.block = self.reference_lines or []
            return
        if _FENCE.match(line):
            self.in_fence, self.scaled = not self.in_fence, None
            self.llm_lines.append(line)
            return
        if self.in_fence:
            self.llm_lines.append(line)
        elif not self._point(line):
            bullet = _BULLET.match(line)
            if bullet is not None:
                self._criterion(line, bullet)
            else:
                self.llm_lines.append(line)
                self.scaled = self.scaled if not line.strip() else None

    def _point(self, line: str) -> bool:
        """A line that explains a point of the scaled criterion above it (indented below it)."""
        point = _POINT.match(line) if self.scaled is not None else None
        if point is None or self.scaled is None or len(point.group("indent")) <= self.scaled[1]:
            return False
        index, number = self.scaled[0], int(point.group("point"))
        explained = self.points.setdefault(index, {})
        if number in explained:
            self.problems.append(f"criterion {self.criteria[index].name!r}: point {number} is explained twice")
        explained[number] = point.group("text")
        self.llm_lines.append(line)
        return True

    def _criterion(self, line: str, bullet: re.Match[str]) -> None:
        read = _read_bullet(bullet.group("text"))
        criterion = RubricCriterion(
            read.name,
            read.check.group("name") if read.check else None,
            read.check.group("arg").strip() if read.check else "",
            weight=_weight(read),
            required=_required(read),
            scale=_scale(read),
        )
        self.problems += [f"criterion {criterion.name!r}: {problem}" for problem in read.problems]
        if criterion.check and criterion.scale is not None:
            self.problems.append(f"criterion {criterion.name!r}: a check decides pass or fail; it cannot score a scale")
        self.criteria.append(criterion)
        self.scaled = (len(self.criteria) - 1, len(bullet.group("indent"))) if criterion.scale else None
        if criterion.check is None:
            if read.annotations.keys() - {"scale"}:
                line = line[: bullet.start("text")] + " ".join(p for p in (criterion.name, read.scale_text) if p)
            self.llm_lines.append(line)

    def _with_points(self, index: int, explained: dict[int, str]) -> RubricCriterion:
        criterion = self.criteria[index]
        scale = criterion.scale
        assert scale is not None
        outside = sorted(p for p in explained if not scale.low <= p <= scale.high)
        if outside:
            self.problems.append(
                f"criterion {criterion.name!r}: points {outside} lie outside its scale {scale.low}-{scale.high}"
            )
        points = Scale(scale.low, scale.high, scale.pass_mark, tuple(sorted(explained.items())))
        return dataclasses.replace(criterion, scale=points)

    def parsed(self, known_checks: Iterable[str] | None) -> ParsedRubric:
        for index, explained in self.points.items():
            self.criteria[index] = self._with_points(index, explained)
        tests = "\n".join(self.tests_lines) if self.tests_lines is not None else None
        known = set(known_checks) if known_checks is not None else None
        for criterion in self.criteria:
            if criterion.check and known is not None and criterion.check not in known:
                self.problems.append(
                    f"criterion {criterion.name!r} names unknown check {criterion.check!r}; "
                    f"known checks: {', '.join(sorted(known)) or '(none)'}"
                )
            if criterion.check == "run_python_tests" and not (tests and tests.strip()):
                self.problems.append(
                    f"criterion {criterion.name!r} uses run_python_tests but the rubric has no ```python tests block"
                )
        reference = "\n".join(self.reference_lines).strip() if self.reference_lines is not None else None
        return ParsedRubric(self.criteria, "\n".join(self.llm_lines).strip(), tests, self.problems, reference or None)


def code_blocks(text: str) -> str:
    """The Python code of an answer: its fenced code blocks, joined."""
    return "\n\n".join(m.group("body") for m in _CODE_BLOCK.finditer(text)).strip()

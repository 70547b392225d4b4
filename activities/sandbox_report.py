"""What came back from a sandboxed run: the runner's results file and the child's
output, read with bounds (the child is untrusted), turned into a `PythonTestReport`."""

from __future__ import annotations

import json
import os
import signal
import stat
from dataclasses import dataclass
from typing import Any

from rubricflow.activities import sandbox_runner
from rubricflow.activities.sandbox_isolation import STDERR, STDOUT, SandboxLimits

ISOLATION_BWRAP = "bubblewrap"
ISOLATION_FALLBACK = "limits only"
"""Without bubblewrap, when the worker allows it (RUBRICFLOW_ALLOW_WEAK_SANDBOX=1): rlimits,
a private directory and a clean environment; no filesystem, network or /proc isolation."""
ISOLATION_REFUSED = "refused: no bubblewrap"
"""Without bubblewrap and without the weak setting: the code was not run."""

MAX_SUMMARY_CHARS = 4_000
MAX_DETAIL_CHARS = sandbox_runner.MAX_DETAIL
MAX_NAME_CHARS = 200
MAX_BRIEF_CHARS = sandbox_runner.MAX_BRIEF
_TRUNCATED = "\n[... truncated]"
_NOT_RUN = "not run:"


@dataclass(frozen=True)
class TestOutcome:
    """One test: `detail` is "" when it passed, else the exception and traceback tail;
    `brief` is "" when it passed, else the failure in one line: the call, what it returned
    and what was expected, or the exception it raised (`sandbox_runner.brief`)."""

    __test__ = False  # not a pytest class

    name: str
    passed: bool
    detail: str
    brief: str = ""


@dataclass(frozen=True)
class PythonTestReport:
    """What came back from one sandboxed run."""

    __test__ = False  # not a pytest class

    outcomes: list[TestOutcome]
    timed_out: bool
    killed: str | None
    """Which limit stopped the code: "wall-clock limit 10s", "cpu limit 10s",
    "memory limit 512 MiB", "output limit 1048576 bytes"; None when none did."""
    error: str | None
    """Why the tests could not run or finish: the candidate does not import, the
    tests do not compile, the process died in an unexplained way; None otherwise."""
    stdout: str
    stderr: str
    isolation: str
    error_brief: str | None = None
    """`error` in one line without a traceback, where the runner said it so."""

    @property
    def passed(self) -> bool:
        """True only when at least one test ran, all passed, and nothing was cut short."""
        return (
            bool(self.outcomes)
            and all(outcome.passed for outcome in self.outcomes)
            and not self.timed_out
            and self.killed is None
            and self.error is None
        )

    def summary(self) -> str:
        """A bounded, readable account: counts, what stopped the run, each failure."""
        passed = sum(1 for outcome in self.outcomes if outcome.passed)
        failed = len(self.outcomes) - passed
        lines = [f"{passed} passed, {failed} failed" if self.outcomes else "no test results"]
        if self.timed_out:
            lines.append(f"TIMED OUT: killed by the {self.killed or 'wall-clock limit'}")
        elif self.killed:
            lines.append(f"KILLED: {self.killed}")
        if self.error:
            lines.append(f"ERROR: {_truncate(self.error, 1_000)}")
        head = "\n".join(lines)
        failures = [outcome for outcome in self.outcomes if not outcome.passed]
        parts: list[str] = []
        used = len(head)
        for index, outcome in enumerate(failures):
            detail = _truncate(outcome.detail, 800).replace("\n", "\n    ")
            part = f"\nFAIL {outcome.name}: {detail}"
            more = f"\n... and {len(failures) - index} more failures"
            room = len(more) if index < len(failures) - 1 else 0
            if used + len(part) + room > MAX_SUMMARY_CHARS:
                parts.append(more)
                break
            parts.append(part)
            used += len(part)
        return _truncate(head + "".join(parts), MAX_SUMMARY_CHARS)

    def failures(self) -> str:
        """What failed, one line each and no traceback: what stopped the run, then each
        failing test's brief (`test_basic: f([1]) returned []; expected [1]`); bounded.
        The gap of a failing `run_python_tests` criterion, which the agent acts on."""
        failed = [outcome for outcome in self.outcomes if not outcome.passed]
        if self.outcomes:
            head = f"{len(failed)} of {len(self.outcomes)} tests failed"
        else:
            head = "no test ran"
        lines = []
        if self.timed_out:
            lines.append(f"the run was stopped by the {self.killed or 'wall-clock limit'}")
        elif self.killed:
            lines.append(f"the run was stopped by the {self.killed}")
        if self.error:
            lines.append(self.error_brief or _without_frames(self.error))
        not_run = [outcome for outcome in failed if outcome.detail.startswith(_NOT_RUN)]
        if not_run:
            failed = [outcome for outcome in failed if outcome not in not_run]
            why = not_run[0].detail.removeprefix(_NOT_RUN).strip()
            lines.append(_truncate(f"not run ({why}): " + ", ".join(o.name for o in not_run), MAX_BRIEF_CHARS))
        used = len(head) + sum(len(line) + 1 for line in lines)
        for index, outcome in enumerate(failed):
            line = f"{outcome.name}: {outcome.brief or _without_frames(outcome.detail)}"
            more = f"... and {len(failed) - index} more failing tests"
            room = len(more) + 1 if index < len(failed) - 1 else 0
            if used + len(line) + 1 + room > MAX_SUMMARY_CHARS:
                lines.append(more)
                break
            lines.append(line)
            used += len(line) + 1
        return _truncate("\n".join([head + (":" if lines else ""), *lines]), MAX_SUMMARY_CHARS)


def _read_bounded(path: str, max_bytes: int) -> tuple[bytes, int] | None:
    """At most max_bytes of a regular file (no symlinks, no FIFOs) and its size;
    None if there is no such file."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        chunks: list[bytes] = []
        remaining = max_bytes
        while remaining > 0:
            chunk = os.read(fd, min(remaining, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            remaining -= len(chunk)
        data = b"".join(chunks)
        return data, info.st_size
    except OSError:
        return None
    finally:
        os.close(fd)


def _read_text(path: str, max_chars: int) -> tuple[str, int]:
    """At most max_chars of a child's output file, and the file's size in bytes."""
    read = _read_bounded(path, max_chars * 4)  # UTF-8 needs at most 4 bytes a char
    if read is None:
        return "", 0
    data, size = read
    longer = size > len(data)
    text = data.decode("utf-8", errors="replace")
    if longer or len(text) > max_chars:
        marker = _TRUNCATED if max_chars > len(_TRUNCATED) else ""
        text = text[: max_chars - len(marker)] + marker
    return text, size


def _read_results(work: str, limits: SandboxLimits) -> dict[str, Any] | None:
    """The runner's last whole save: of its two results files, the one that parses with
    the higher "seq" (a kill during a write spoils only the file being written)."""
    best: dict[str, Any] | None = None
    for name in sandbox_runner.RESULTS:
        read = _read_bounded(os.path.join(work, name), limits.output_bytes + 1)
        if read is None:
            continue
        try:
            results = json.loads(read[0].decode("utf-8"))
        except (ValueError, RecursionError):
            continue
        if not isinstance(results, dict) or type(results.get("seq")) is not int:
            continue
        if best is None or results["seq"] > best["seq"]:
            best = results
    return best


def _signal_of(returncode: int, bwrap: bool) -> int | None:
    if returncode < 0:
        return -returncode
    if bwrap and returncode > 128:  # bwrap exits 128+N when its child dies of signal N
        return returncode - 128
    return None


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _how_it_ended(returncode: int, bwrap: bool) -> str:
    number = _signal_of(returncode, bwrap)
    if number is not None:
        return f"killed by {_signal_name(number)} (exit status {returncode})"
    return f"exit status {returncode}"


def _text(value: Any, limit: int) -> str:
    return _truncate(value, limit) if isinstance(value, str) else ""


def collect(
    work: str,
    limits: SandboxLimits,
    isolation: str,
    returncode: int,
    timed_out: bool,
    memory_killed: bool = False,
) -> PythonTestReport:
    """The report; `memory_killed`: the memory cgroup's limit killed one of the
    sandbox's processes (which counts only if the run did not finish)."""
    bwrap = isolation == ISOLATION_BWRAP
    stdout, stdout_size = _read_text(os.path.join(work, STDOUT), limits.max_report_chars)
    stderr, stderr_size = _read_text(os.path.join(work, STDERR), limits.max_report_chars)
    results = _read_results(work, limits)
    finished = results is not None and results.get("phase") == "done"

    number = None if timed_out else _signal_of(returncode, bwrap)
    memory = bool(results and results.get("memory_error") is True) or (
        not finished and ("MemoryError" in stderr or memory_killed)
    )
    killed = _limit_hit(limits, timed_out, number, max(stdout_size, stderr_size), memory)

    error: str | None = None
    error_brief: str | None = None
    outcomes: list[TestOutcome] = []
    if results is None:
        if not timed_out:
            last = stderr.strip().splitlines()[-1:] if stderr.strip() else []
            error = "the sandbox produced no results (" + _how_it_ended(returncode, bwrap) + ")"
            if last:
                error += ": " + _truncate(last[0], 300)
        else:
            error = "the sandbox was stopped before the runner started"
    else:
        outcomes, malformed = _outcomes(results.get("outcomes"))
        if malformed:
            error = "the results file is malformed"
        elif isinstance(results.get("error"), str):
            error = _truncate(results["error"], MAX_DETAIL_CHARS)
            said = results.get("error_brief")
            error_brief = _truncate(" ".join(said.split()), MAX_BRIEF_CHARS) if isinstance(said, str) else None
        phase = results.get("phase")
        if not finished:
            stopped_by = killed or _how_it_ended(returncode, bwrap)
            where = {
                "start": "before importing solution.py",
                "import": "while importing solution.py",
                "load": "while loading tests.py",
            }.get(phase if isinstance(phase, str) else "", "")
            if where and error is None:
                error = f"stopped {where} ({stopped_by})"
            elif not where and killed is None and error is None:
                error = f"the sandboxed process ended early ({stopped_by})"
            current = _text(results.get("current"), MAX_NAME_CHARS)
            if phase == "tests" and current:
                outcomes += _cut_off(outcomes, results.get("tests"), current, stopped_by)
        elif returncode != 0 and killed is None and error is None:
            ended = _how_it_ended(returncode, bwrap)
            error = f"the sandbox ended badly after the tests finished ({ended})"
    return PythonTestReport(outcomes, timed_out, killed, error, stdout, stderr, isolation, error_brief)


def _limit_hit(
    limits: SandboxLimits, timed_out: bool, signal_number: int | None, output: int, memory: bool
) -> str | None:
    """The limit that stopped the run, said as the limit it is; None when none did."""
    if timed_out:
        return f"wall-clock limit {limits.wall_clock_s:g}s"
    if signal_number == signal.SIGXCPU:
        return f"cpu limit {limits.cpu_s}s"
    if signal_number == signal.SIGXFSZ or output >= limits.output_bytes:
        return f"output limit {limits.output_bytes} bytes"
    if memory:
        return f"memory limit {limits.memory_bytes / (1024 * 1024):g} MiB"
    return None


def _cut_off(done: list[TestOutcome], tests: Any, current: str, stopped_by: str) -> list[TestOutcome]:
    """The test the run stopped in, failed, and every test after it, not run."""
    cut = [TestOutcome(current, False, f"did not finish: {stopped_by}")]
    seen = {outcome.name for outcome in done} | {current}
    for name in tests if isinstance(tests, list) else []:
        if isinstance(name, str) and name not in seen:
            cut.append(
                TestOutcome(_truncate(name, MAX_NAME_CHARS), False, f"{_NOT_RUN} the run stopped during {current}")
            )
    return cut


def _outcomes(raw: Any) -> tuple[list[TestOutcome], bool]:
    if not isinstance(raw, list):
        return [], True
    outcomes = []
    for item in raw:
        if not (
            isinstance(item, dict)
            and isinstance(item.get("name"), str)
            and isinstance(item.get("passed"), bool)
            and isinstance(item.get("detail"), str)
            and isinstance(item.get("brief", ""), str)
        ):
            return outcomes, True
        outcomes.append(
            TestOutcome(
                _truncate(item["name"], MAX_NAME_CHARS),
                item["passed"],
                _truncate(item["detail"], MAX_DETAIL_CHARS),
                _truncate(" ".join(item.get("brief", "").split()), MAX_BRIEF_CHARS),
            )
        )
    return outcomes, False


def _without_frames(text: str) -> str:
    """An error's account without its traceback frames, on one line."""
    kept = []
    for line in text.splitlines():
        if line.lstrip().startswith('File "'):
            break
        kept.append(line.strip())
    return _truncate(" ".join(part for part in kept if part), MAX_BRIEF_CHARS)


def _truncate(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[: max(0, limit - len(_TRUNCATED))] + _TRUNCATED

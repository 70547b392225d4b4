"""Run untrusted Python (an agent's candidate code) against tests, away from the worker.

`run_python_tests(code, tests)` writes `solution.py`, `tests.py` and a copy of the
runner (`sandbox_runner.py`, stdlib only) into a fresh private directory, runs the
worker's own interpreter on the runner by path in a child process and reads back one
JSON results file. The isolation lives in `sandbox_isolation.py`, the reading of what
came back in `sandbox_report.py`; this module ties them together. The child gets:

- with bubblewrap (`bwrap` on PATH): a read-only view of `/`, a private `/tmp`, the
  private directory as its only writable host path (`/tmp/work`), new user, pid,
  network, ipc and uts namespaces (no network at all), a new session and an empty
  environment (bwrap itself is started with one too, so no process in the sandbox's
  `/proc` shows the worker's); it dies with the worker, and everything it started
  dies with it (the pid namespace goes away when the runner ends). A `bwrap` that
  cannot create namespaces makes every run report an error; it is not silently
  traded for the fallback.
- without bubblewrap: the same child in the private directory with a clean
  environment and the same rlimits, but no filesystem, network or `/proc` isolation;
  `PythonTestReport.isolation` says so.

In both modes the child runs in its own process group under RLIMIT_AS, RLIMIT_CPU,
RLIMIT_FSIZE (stdout and stderr go to files, so an endless print is bounded) and
RLIMIT_CORE=0, and a wall-clock limit kills the whole group. Nothing the untrusted
code does makes `run_python_tests` raise or block the event loop; only a sandbox
that cannot be set up at all (no temporary directory, no interpreter, fork failing)
raises, so that the activity is retried rather than the candidate blamed.

What this does not do, by design or for lack of a tool:

- The grade is only as trustworthy as the candidate: the tests run in the candidate's
  own process, so hostile code can forge its results file. The sandbox protects the
  worker, not the verdict.
- With bubblewrap, home directories and the worker's working directory are hidden
  (empty tmpfs; only the interpreter is bound back), but the rest of the host that the
  worker's user can read stays readable (`--ro-bind / /`: system files, other
  services' directories). Its `/tmp` and private directory are bounded per file
  (RLIMIT_FSIZE) and by the wall clock, not in total. There is no process-count
  limit (RLIMIT_NPROC is per user and does not hold for root): the wall clock and,
  with bubblewrap, the pid namespace bound a fork storm.
- Without bubblewrap the child can read and write what the worker's user can, reach
  the network, read `/proc/<worker pid>/environ`, and escape the process group
  with `setsid`.
"""

from __future__ import annotations

import asyncio
import shutil
import sys

from rubricflow.activities.sandbox_isolation import SandboxLimits, execute, prepare, remove_tree
from rubricflow.activities.sandbox_report import (
    ISOLATION_BWRAP,
    ISOLATION_FALLBACK,
    MAX_SUMMARY_CHARS,
    PythonTestReport,
    TestOutcome,
    collect,
)

__all__ = [
    "ISOLATION_BWRAP",
    "ISOLATION_FALLBACK",
    "MAX_SUMMARY_CHARS",
    "PythonTestReport",
    "SandboxLimits",
    "TestOutcome",
    "bubblewrap_available",
    "run_python_tests",
]


def bubblewrap_available() -> bool:
    """Whether `bwrap` is on PATH; the sandbox then uses it."""
    return shutil.which("bwrap") is not None


async def run_python_tests(
    code: str, tests: str, limits: SandboxLimits = SandboxLimits()
) -> PythonTestReport:
    """Run `tests` (test_* functions, or top-level asserts) against `code` in a sandbox.

    The tests see `from solution import *` first and may `import solution`. Each
    top-level function whose name starts with "test" (and each test* method of a
    Test* class, called on a fresh instance), sync or async, is one outcome, in
    definition order, collected as pytest would; a module without any is one
    outcome, "inline_asserts". Fixtures and parametrize are not supported.
    """
    bwrap = shutil.which("bwrap") if bubblewrap_available() else None
    isolation = ISOLATION_BWRAP if bwrap else ISOLATION_FALLBACK
    if not tests.strip():
        return PythonTestReport([], False, None, "no tests given", "", "", isolation)
    if not sys.executable:
        raise OSError("no Python interpreter to run the sandbox with (sys.executable is empty)")

    work = await asyncio.to_thread(prepare, code, tests)
    try:
        outcome = await execute(work, limits, bwrap)
        return await asyncio.to_thread(collect, work, limits, isolation, *outcome)
    finally:
        await asyncio.to_thread(remove_tree, work)

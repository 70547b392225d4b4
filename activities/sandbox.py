"""Run untrusted Python (an agent's candidate code) against tests, away from the worker.

`run_python_tests(code, tests)` writes `solution.py`, `tests.py` and a copy of the
runner (`sandbox_runner.py`, stdlib only) into a fresh private directory, runs the
worker's own interpreter on the runner by path in a child process and reads back its
JSON results. The isolation lives in `sandbox_isolation.py`, the reading of what came
back in `sandbox_report.py`; this module ties them together. The child gets:

- with bubblewrap (`bwrap` on PATH): an allow-list of read-only paths (`/usr`, `/bin`,
  `/lib*`, `/sbin`, the dynamic loader's cache and `/etc/alternatives`, and the Python
  installation, never a virtualenv or the whole root), no capabilities (`--cap-drop
  ALL`, so nothing can be remounted; no nested user namespace, `--disable-userns`, where
  the bwrap has it), a read-only root, `/dev` and `/proc` (so no host sysctl), and one
  writable filesystem: a tmpfs of `SandboxLimits.disk_bytes` (64 MiB) holding `/tmp`,
  `/dev/shm` and its working directory `/tmp/work`, where copies of the three files are;
  no host path is writable. It has new user, pid (with its own `/proc`), network, ipc
  and uts namespaces (no network at all), a new session and an empty environment; it
  dies with the worker (`--die-with-parent`), everything it started dies with it (the
  pid namespace goes away when the runner ends), and it may run at most
  `SandboxLimits.max_processes` processes (RLIMIT_NPROC inside its user namespace, plus
  a pids cgroup where the worker may create one: as root only the cgroup holds) in at
  most `SandboxLimits.memory_bytes` of memory together (a memory cgroup, where the
  worker may create one, which counts the tmpfs too). Its stdout, stderr and two results
  files are files in the private directory that the worker opens and hands over as
  descriptors. A `bwrap` that cannot create namespaces makes every run report an error;
  it is not silently traded for the fallback.
- without bubblewrap: nothing runs. The report's error says why and the fix (`apt-get
  install bubblewrap`), its isolation is `ISOLATION_REFUSED`, and the check's criterion
  fails with it. Only a worker with RUBRICFLOW_ALLOW_WEAK_SANDBOX=1 (`allow_weak`) runs
  the child in the private directory with a clean environment and the same rlimits
  ("limits only"): no filesystem, network, `/proc`, process-count, total-memory or
  total-disk isolation.

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
- With bubblewrap, the allow-listed system paths stay readable (world-readable system
  files under `/usr`). A root worker's sandbox runs as uid 0 (without capabilities):
  it is uid 0 on the host to the kernel, so the read-only mounts, not file modes, keep
  it off the host's files. A worker running as root on a host without a writable pids
  cgroup has no process-count limit (the kernel exempts root from RLIMIT_NPROC); the
  wall clock and the pid namespace still bound a fork storm. Without a memory cgroup,
  memory is bounded per process (RLIMIT_AS) and the tmpfs by its size, not in total.
- With the weak setting the child can read and write what the worker's user can, reach
  the network, read `/proc/<worker pid>/environ`, and escape the process group
  with `setsid`; what it writes is bounded per file (RLIMIT_FSIZE) and by the wall
  clock only (nothing can mount it a private tmpfs without bubblewrap).
"""

from __future__ import annotations

import asyncio
import shutil
import sys

from rubricflow.activities.sandbox_isolation import SandboxLimits, execute, prepare, remove_tree
from rubricflow.activities.sandbox_report import (
    ISOLATION_BWRAP,
    ISOLATION_FALLBACK,
    ISOLATION_REFUSED,
    MAX_SUMMARY_CHARS,
    PythonTestReport,
    TestOutcome,
    collect,
)

__all__ = [
    "ISOLATION_BWRAP",
    "ISOLATION_FALLBACK",
    "ISOLATION_REFUSED",
    "NO_BUBBLEWRAP",
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


NO_BUBBLEWRAP = (
    "the sandbox refused to run the code: bubblewrap (`bwrap`) is not installed on this "
    "worker, so untrusted code would run with the worker's files, network and processes "
    "in reach. Fix: install it (`apt-get install bubblewrap`), or accept weaker isolation "
    "with RUBRICFLOW_ALLOW_WEAK_SANDBOX=1 on the worker (limits only)"
)


async def run_python_tests(
    code: str, tests: str, limits: SandboxLimits = SandboxLimits(), *, allow_weak: bool = False
) -> PythonTestReport:
    """Run `tests` (test_* functions, or top-level asserts) against `code` in a sandbox.

    The tests see `from solution import *` first and may `import solution`. Each
    top-level function whose name starts with "test" (and each test* method of a
    Test* class, called on a fresh instance), sync or async, is one outcome, in
    definition order, collected as pytest would; a module without any is one
    outcome, "inline_asserts". Fixtures and parametrize are not supported.

    Without bubblewrap nothing runs (the report's error says why and what to do)
    unless `allow_weak` (the worker's RUBRICFLOW_ALLOW_WEAK_SANDBOX=1).
    """
    bwrap = shutil.which("bwrap") if bubblewrap_available() else None
    if bwrap is None and not allow_weak:
        return PythonTestReport([], False, None, NO_BUBBLEWRAP, "", "", ISOLATION_REFUSED)
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

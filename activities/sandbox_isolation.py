"""The sandbox's child process: a private directory, the isolation around the child
(bubblewrap when present, else the fallback), its rlimits and its wall clock.

`prepare` writes the candidate, the tests and the runner (`sandbox_runner.py`, copied
and run by path) into a fresh private directory; `execute` runs the runner there and
kills everything it started when it ends or runs out of time; `remove_tree` deletes
the directory. What the child left behind is read by `sandbox_report.py`.
"""

from __future__ import annotations

import asyncio
import os
import resource
import shutil
import signal
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rubricflow.activities import sandbox_runner

SANDBOX_PATH = "/usr/bin:/bin"
"""The only PATH the child (and bwrap itself) sees."""

SANDBOX_WORKDIR = "/tmp/work"
"""Where the private directory appears inside bubblewrap."""

RUNNER = "_runner.py"
"""The name of the runner's copy in the private directory."""
STDOUT = "_stdout.txt"
STDERR = "_stderr.txt"


@dataclass(frozen=True)
class SandboxLimits:
    """Per-run limits. Memory is address space (RLIMIT_AS) of every process in the
    sandbox, cpu is seconds per process (RLIMIT_CPU), output is the largest file the
    sandbox may write (RLIMIT_FSIZE), which bounds its stdout and stderr."""

    wall_clock_s: float = 10.0
    cpu_s: int = 10
    memory_bytes: int = 512 * 1024 * 1024
    output_bytes: int = 1024 * 1024
    max_report_chars: int = 8_000

    def __post_init__(self) -> None:
        for name in ("wall_clock_s", "cpu_s", "memory_bytes", "output_bytes", "max_report_chars"):
            if getattr(self, name) <= 0:
                raise ValueError(f"SandboxLimits.{name} must be positive")


def prepare(code: str, tests: str) -> str:
    """A fresh private directory holding solution.py, tests.py and the runner."""
    work = tempfile.mkdtemp(prefix="rubricflow-sandbox-")
    try:
        os.chmod(work, 0o700)
        for name, text in ((sandbox_runner.SOLUTION, code), (sandbox_runner.TESTS, tests)):
            with open(os.path.join(work, name), "wb") as handle:
                # Lone surrogates from a model become bytes Python refuses to import,
                # which is reported like any other broken source.
                handle.write(text.encode("utf-8", errors="surrogatepass"))
        shutil.copyfile(sandbox_runner.__file__, os.path.join(work, RUNNER))
    except BaseException:
        remove_tree(work)
        raise
    return work


def _command(work: str, bwrap: str | None) -> list[str]:
    python = [sys.executable, "-I", "-B", RUNNER]
    if bwrap is None:
        return python
    command = [
        bwrap,
        "--ro-bind", "/", "/",
        "--dev", "/dev",
        "--proc", "/proc",
        "--tmpfs", "/tmp",
    ]
    hidden = ["/tmp", *_hidden_dirs()]
    for path in hidden[1:]:
        command += ["--tmpfs", path]
    # The interpreter may live under a hidden directory (a venv in the project, pyenv
    # under the home directory): bind just it back, read-only.
    for path in _interpreter_paths():
        if any(_is_under(path, root) for root in hidden) and not _is_under(path, SANDBOX_WORKDIR):
            command += ["--ro-bind", path, path]
    command += [
        "--bind", work, SANDBOX_WORKDIR,
        "--chdir", SANDBOX_WORKDIR,
        "--unshare-all",
        "--die-with-parent",
        "--new-session",
        "--clearenv",
        "--setenv", "PATH", SANDBOX_PATH,
        "--setenv", "HOME", SANDBOX_WORKDIR,
        "--setenv", "PYTHONDONTWRITEBYTECODE", "1",
    ]
    return command + python


_SYSTEM_DIRS = frozenset({"/", "/usr", "/bin", "/sbin", "/lib", "/lib64", "/etc", "/opt", "/var", "/tmp"})


def _hidden_dirs() -> list[str]:
    """Host directories the untrusted code must not read: home directories (keys,
    cloud credentials, shell history) and the worker's working directory (the project,
    its `.env`, the Temporal data). Each is replaced by an empty tmpfs."""
    candidates = {"/root", "/home", os.path.expanduser("~"), os.getcwd()}
    return sorted(
        path
        for path in (os.path.realpath(c) for c in candidates)
        if os.path.isdir(path) and path not in _SYSTEM_DIRS
    )


def _interpreter_paths() -> list[str]:
    paths = {
        os.path.realpath(os.path.dirname(sys.executable)),
        os.path.dirname(os.path.abspath(sys.executable)),
        os.path.realpath(sys.prefix),
        os.path.realpath(sys.base_prefix),
        os.path.realpath(sys.exec_prefix),
    }
    return sorted(path for path in paths if os.path.isdir(path))


def _is_under(path: str, root: str) -> bool:
    return os.path.commonpath([os.path.abspath(path), root]) == root


def _limiter(limits: SandboxLimits) -> Callable[[], None]:
    """The preexec_fn: rlimits for bwrap and everything it (or the runner) starts.

    Values are computed here, in the parent, so the child only makes syscalls."""
    wanted = {
        resource.RLIMIT_AS: (limits.memory_bytes, limits.memory_bytes),
        resource.RLIMIT_CPU: (limits.cpu_s, limits.cpu_s + 1),  # SIGXCPU, then SIGKILL
        resource.RLIMIT_FSIZE: (limits.output_bytes, limits.output_bytes),
        resource.RLIMIT_CORE: (0, 0),
    }
    settings: list[tuple[int, tuple[int, int]]] = []
    for which, (soft, hard) in wanted.items():
        _, current_hard = resource.getrlimit(which)
        if current_hard != resource.RLIM_INFINITY:
            hard = min(hard, current_hard)
            soft = min(soft, hard)
        settings.append((which, (soft, hard)))

    def apply() -> None:
        for which, pair in settings:
            resource.setrlimit(which, pair)

    return apply


async def execute(work: str, limits: SandboxLimits, bwrap: str | None) -> tuple[int, bool]:
    """Run the runner; return its exit status and whether the wall clock stopped it."""
    env = {"PATH": SANDBOX_PATH}
    if bwrap is None:
        env["HOME"] = work
    stdout_fd = os.open(os.path.join(work, STDOUT), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        stderr_fd = os.open(
            os.path.join(work, STDERR), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600
        )
        try:
            process = await asyncio.create_subprocess_exec(
                *_command(work, bwrap),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=stdout_fd,
                stderr=stderr_fd,
                cwd=work,
                env=env,
                start_new_session=True,
                preexec_fn=_limiter(limits),
            )
        finally:
            os.close(stderr_fd)
    finally:
        os.close(stdout_fd)

    timed_out = False
    try:
        try:
            await asyncio.wait_for(process.wait(), timeout=limits.wall_clock_s)
        except TimeoutError:
            timed_out = True
    finally:
        # Always: on timeout, on cancellation, and for stragglers after a normal exit
        # (children the runner left in its process group).
        _kill_group(process.pid)
        if process.returncode is None:
            await process.wait()
        await asyncio.to_thread(_wait_group_gone, process.pid, 2.0)
    assert process.returncode is not None
    return process.returncode, timed_out


def _kill_group(pgid: int) -> None:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _wait_group_gone(pgid: int, timeout_s: float) -> None:
    """Wait (bounded) until no live process is left in the group we just killed."""
    deadline = time.monotonic() + timeout_s
    while _live_group_members(pgid) and time.monotonic() < deadline:
        _kill_group(pgid)
        time.sleep(0.01)


def _live_group_members(pgid: int) -> list[int]:
    members = []
    try:
        entries = os.listdir("/proc")
    except OSError:
        return []
    for entry in entries:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as handle:
                raw = handle.read()
        except OSError:
            continue
        # pid (comm) state ppid pgrp ...; comm may contain spaces and parentheses.
        fields = raw[raw.rfind(b")") + 2 :].split()
        if len(fields) >= 3 and fields[0] != b"Z" and fields[2] == str(pgid).encode():
            members.append(int(entry))
    return members


def remove_tree(path: str) -> None:
    """Remove the private directory even if the child took permissions away."""

    def retry(function: Callable[..., Any], target: str, _info: Any) -> None:
        try:
            os.chmod(os.path.dirname(target), 0o700)
            if os.path.isdir(target) and not os.path.islink(target):
                os.chmod(target, 0o700)
                shutil.rmtree(target, ignore_errors=True)
            else:
                function(target)
        except OSError:
            pass

    shutil.rmtree(path, onerror=retry)

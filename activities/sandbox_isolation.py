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
import uuid
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
    max_processes: int = 64
    """Processes (and threads) the sandbox may run at once, under bubblewrap: RLIMIT_NPROC
    set inside its user namespace and, where the worker may create one, a pids cgroup."""

    def __post_init__(self) -> None:
        for name in (
            "wall_clock_s", "cpu_s", "memory_bytes", "output_bytes", "max_report_chars", "max_processes"
        ):
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


def _command(work: str, bwrap: str | None, limits: SandboxLimits) -> list[str]:
    if bwrap is None:
        return [sys.executable, "-I", "-B", RUNNER]
    interpreter = _base_interpreter()
    command = [
        bwrap,
        # Namespaces: own user, pid (with its own /proc below), network (none at all),
        # ipc, uts; the sandbox dies with the worker and has no controlling terminal.
        "--unshare-user",
        "--unshare-pid",
        "--unshare-net",
        "--unshare-ipc",
        "--unshare-uts",
        "--unshare-cgroup-try",
        "--die-with-parent",
        "--new-session",
    ]
    # An allow-list of read-only paths, never the whole root: the system's programs and
    # libraries and the Python installation; the worker's files stay invisible.
    for path in _readable_paths(interpreter):
        if os.path.islink(path):
            command += ["--symlink", os.readlink(path), path]
        else:
            command += ["--ro-bind", path, path]
    command += [
        "--dev", "/dev",
        "--proc", "/proc",
        "--tmpfs", "/tmp",
        "--bind", work, SANDBOX_WORKDIR,
        "--chdir", SANDBOX_WORKDIR,
        "--clearenv",
        "--setenv", "PATH", SANDBOX_PATH,
        "--setenv", "HOME", SANDBOX_WORKDIR,
        "--setenv", "PYTHONDONTWRITEBYTECODE", "1",
    ]
    return command + [
        interpreter, "-I", "-B", RUNNER, sandbox_runner.MAX_PROCESSES_FLAG, str(limits.max_processes)
    ]


SYSTEM_PATHS = (
    "/usr",
    "/bin",
    "/sbin",
    "/lib",
    "/lib32",
    "/lib64",
    "/libx32",
    "/etc/alternatives",
    "/etc/ld.so.cache",
    "/etc/ld.so.conf",
    "/etc/ld.so.conf.d",
    "/etc/localtime",
)
"""What bubblewrap shows of the host besides the Python installation (each when it
exists; a symlink such as merged-usr `/bin -> usr/bin` is recreated as a symlink)."""


def _base_interpreter() -> str:
    """The installation's own interpreter, not a virtualenv's: the venv (the worker's
    packages and, often, its checkout) stays out of the sandbox."""
    return os.path.realpath(getattr(sys, "_base_executable", None) or sys.executable)


def _readable_paths(interpreter: str) -> list[str]:
    paths = [path for path in SYSTEM_PATHS if os.path.lexists(path)]
    installation = {
        os.path.realpath(sys.base_prefix),
        os.path.realpath(sys.base_exec_prefix),
        os.path.dirname(interpreter),
    }
    for path in sorted(installation):
        inside = [root for root in installation | {"/usr"} if root != path and _is_under(path, root)]
        if os.path.isdir(path) and path != "/" and not inside:
            paths.append(path)
    return paths


def _is_under(path: str, root: str) -> bool:
    return os.path.commonpath([os.path.abspath(path), root]) == root


def _limiter(limits: SandboxLimits, cgroup_procs: str | None = None) -> Callable[[], None]:
    """The preexec_fn: rlimits for bwrap and everything it (or the runner) starts, and
    (when given) the move into the run's pids cgroup.

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
        if cgroup_procs is not None:
            fd = os.open(cgroup_procs, os.O_WRONLY)
            try:
                os.write(fd, b"0")  # "0": the writing process itself
            finally:
                os.close(fd)

    return apply


async def execute(work: str, limits: SandboxLimits, bwrap: str | None) -> tuple[int, bool]:
    """Run the runner; return its exit status and whether the wall clock stopped it."""
    env = {"PATH": SANDBOX_PATH}
    if bwrap is None:
        env["HOME"] = work
    group = PidsCgroup.create(limits.max_processes) if bwrap else None
    try:
        return await _execute(work, limits, bwrap, env, group)
    finally:
        if group:
            await asyncio.to_thread(group.remove)


async def _execute(
    work: str, limits: SandboxLimits, bwrap: str | None, env: dict[str, str], group: PidsCgroup | None
) -> tuple[int, bool]:
    stdout_fd = os.open(os.path.join(work, STDOUT), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        stderr_fd = os.open(
            os.path.join(work, STDERR), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600
        )
        try:
            process = await asyncio.create_subprocess_exec(
                *_command(work, bwrap, limits),
                stdin=asyncio.subprocess.DEVNULL,
                stdout=stdout_fd,
                stderr=stderr_fd,
                cwd=work,
                env=env,
                start_new_session=True,
                preexec_fn=_limiter(limits, group.procs if group else None),
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


class PidsCgroup:
    """A pids cgroup (v1 `pids` hierarchy, or v2 with the pids controller enabled) that
    caps the sandbox's process count, when the worker may create one; else None and
    RLIMIT_NPROC inside the sandbox's user namespace is the cap."""

    ROOTS = ("/sys/fs/cgroup/pids", "/sys/fs/cgroup")

    def __init__(self, path: str) -> None:
        self.path = path
        self.procs = os.path.join(path, "cgroup.procs")

    @classmethod
    def create(cls, max_processes: int) -> PidsCgroup | None:
        for root in cls.ROOTS:
            usable = os.path.isdir(root) if root.endswith("/pids") else _v2_has_pids(root)
            if not usable:
                continue
            path = os.path.join(root, f"rubricflow-sandbox-{os.getpid()}-{uuid.uuid4().hex[:12]}")
            try:
                os.mkdir(path, 0o700)
            except OSError:
                continue
            try:
                with open(os.path.join(path, "pids.max"), "w") as handle:
                    handle.write(str(max_processes))
            except OSError:
                os.rmdir(path)
                continue
            return cls(path)
        return None

    def remove(self) -> None:
        """Kill what is left in the group, then remove it (bounded)."""
        deadline = time.monotonic() + 2.0
        while True:
            try:
                os.rmdir(self.path)
                return
            except OSError:
                if time.monotonic() > deadline:
                    return
            try:
                with open(self.procs) as handle:
                    for line in handle:
                        try:
                            os.kill(int(line), signal.SIGKILL)
                        except (ProcessLookupError, ValueError):
                            pass
            except OSError:
                return
            time.sleep(0.01)


def _v2_has_pids(root: str) -> bool:
    try:
        with open(os.path.join(root, "cgroup.subtree_control")) as handle:
            return "pids" in handle.read().split()
    except OSError:
        return False


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

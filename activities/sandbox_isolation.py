"""The sandbox's child process: a private directory, the isolation around the child
(bubblewrap when present, else the fallback), its rlimits and its wall clock.

`prepare` writes the candidate, the tests and the runner (`sandbox_runner.py`, copied
and run by path) into a fresh private directory; `execute` runs the runner (under
bubblewrap on copies of them in the sandbox's own tmpfs, without it in the directory
itself) and kills everything it started when it ends or runs out of time;
`remove_tree` deletes the directory. The child's output and results files, which the
parent creates in the directory and hands over as descriptors, are read by
`sandbox_report.py`.
"""

from __future__ import annotations

import asyncio
import functools
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from rubricflow.activities import sandbox_runner
from rubricflow.activities.sandbox_cgroups import SandboxCgroups

SANDBOX_PATH = "/usr/bin:/bin"
"""The only PATH the child (and bwrap itself) sees."""

SANDBOX_TMPFS = "/dev/shm"
"""Inside bubblewrap, the one writable filesystem: a tmpfs of `SandboxLimits.disk_bytes`.
`/tmp` is a symlink to it, so `/tmp`, `/dev/shm` and the working directory share one
total; everything else the child sees is read-only."""
SANDBOX_WORKDIR = "/tmp/work"
"""The child's working directory (and HOME) inside bubblewrap, on that tmpfs."""

DISK_BYTES = 64 * 1024 * 1024
"""What the sandboxed code may write in total under bubblewrap, all files together."""

RUNNER = "_runner.py"
"""The name of the runner's copy in the private directory."""
STDOUT = "_stdout.txt"
STDERR = "_stderr.txt"
INPUTS = (sandbox_runner.SOLUTION, sandbox_runner.TESTS, RUNNER)
"""What `prepare` writes and bubblewrap copies into the child's working directory."""


@dataclass(frozen=True)
class SandboxLimits:
    """Per-run limits. Memory is the address space (RLIMIT_AS) of each process in the
    sandbox and, where the worker may create a memory cgroup, all of the sandbox's memory
    together (its processes and the tmpfs pages they write, no swap); cpu is seconds per
    process (RLIMIT_CPU); output is the largest file the sandbox may write (RLIMIT_FSIZE),
    which bounds its stdout, its stderr and each results file; disk is what it may write
    in total under bubblewrap (the size of its one tmpfs)."""

    wall_clock_s: float = 10.0
    cpu_s: int = 10
    memory_bytes: int = 512 * 1024 * 1024
    output_bytes: int = 1024 * 1024
    disk_bytes: int = DISK_BYTES
    max_report_chars: int = 8_000
    max_processes: int = 64
    """Processes (and threads) the sandbox may run at once, under bubblewrap: RLIMIT_NPROC
    set inside its user namespace and, where the worker may create one, a pids cgroup."""

    def __post_init__(self) -> None:
        for name in (
            "wall_clock_s",
            "cpu_s",
            "memory_bytes",
            "output_bytes",
            "disk_bytes",
            "max_report_chars",
            "max_processes",
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


@dataclass(frozen=True)
class _Descriptors:
    """What the parent opened for the child: the two results files (written by the
    runner through these descriptors) and, for bubblewrap to copy, the inputs."""

    results: tuple[int, int]
    inputs: dict[str, int]

    def passed(self) -> tuple[int, ...]:
        return (*self.results, *self.inputs.values())


def _command(bwrap: str | None, limits: SandboxLimits, fds: _Descriptors, disable_userns: bool) -> list[str]:
    """The command that runs the tests: bubblewrap's, or the bare interpreter without it.
    (long: bwrap's arguments are one sequence, kept in the order bwrap applies them, each
    with the rule it keeps.)"""
    runner_args = [RUNNER, sandbox_runner.RESULTS_FDS_FLAG, ",".join(str(fd) for fd in fds.results)]
    if bwrap is None:
        return [sys.executable, "-I", "-B", *runner_args]
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
        # No capabilities: a root worker's bwrap leaves the child every one of them
        # otherwise, enough to remount its read-only binds read-write. Nor any nested
        # user namespace (which would hand them back) where this bwrap can forbid it.
        "--cap-drop",
        "ALL",
        *(["--disable-userns"] if disable_userns else []),
    ]
    # An allow-list of read-only paths, never the whole root: the system's programs and
    # libraries and the Python installation; the worker's files stay invisible.
    for path in _readable_paths(interpreter):
        if os.path.islink(path):
            command += ["--symlink", os.readlink(path), path]
        else:
            command += ["--ro-bind", path, path]
    command += [
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "--size",
        str(limits.disk_bytes),
        "--tmpfs",
        SANDBOX_TMPFS,
        "--symlink",
        SANDBOX_TMPFS.lstrip("/"),
        "/tmp",  # relative: resolved in the sandbox
        "--dir",
        SANDBOX_WORKDIR,
    ]
    for name, fd in fds.inputs.items():
        command += ["--file", str(fd), f"{SANDBOX_WORKDIR}/{name}"]
    command += [
        # The rest read-only, each mount by itself (not the tmpfs above): bwrap's root
        # and /dev tmpfs, which have no size limit, and /proc, whose sysctls a uid 0
        # that is root on the host could write even without capabilities.
        "--remount-ro",
        "/dev",
        "--remount-ro",
        "/proc",
        "--remount-ro",
        "/",
        "--chdir",
        SANDBOX_WORKDIR,
        "--clearenv",
        "--setenv",
        "PATH",
        SANDBOX_PATH,
        "--setenv",
        "HOME",
        SANDBOX_WORKDIR,
        "--setenv",
        "PYTHONDONTWRITEBYTECODE",
        "1",
    ]
    return command + [
        interpreter,
        "-I",
        "-B",
        *runner_args,
        sandbox_runner.MAX_PROCESSES_FLAG,
        str(limits.max_processes),
    ]


@functools.cache
def _bwrap_can_disable_userns(bwrap: str) -> bool:
    """Whether this bwrap has --disable-userns (bubblewrap 0.8 and later)."""
    try:
        done = subprocess.run([bwrap, "--help"], capture_output=True, text=True, timeout=10, env={"PATH": SANDBOX_PATH})
    except (OSError, subprocess.SubprocessError):
        return False
    return "--disable-userns" in done.stdout + done.stderr


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


def _limiter(limits: SandboxLimits, cgroup_procs: list[str]) -> Callable[[], None]:
    """The preexec_fn: rlimits for bwrap and everything it (or the runner) starts, and
    the move into the run's cgroups (their `cgroup.procs` files).

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
        for procs in cgroup_procs:
            fd = os.open(procs, os.O_WRONLY)
            try:
                os.write(fd, b"0")  # "0": the writing process itself
            finally:
                os.close(fd)

    return apply


async def execute(work: str, limits: SandboxLimits, bwrap: str | None) -> tuple[int, bool, bool]:
    """Run the runner; return its exit status, whether the wall clock stopped it and
    whether the memory cgroup's limit killed one of its processes."""
    env = {"PATH": SANDBOX_PATH}
    if bwrap is None:
        env["HOME"] = work
    groups = await asyncio.to_thread(SandboxCgroups.create, limits) if bwrap else SandboxCgroups()
    try:
        disable_userns = bwrap is not None and await asyncio.to_thread(_bwrap_can_disable_userns, bwrap)
        returncode, timed_out = await _execute(work, limits, bwrap, disable_userns, env, groups)
        return returncode, timed_out, await asyncio.to_thread(groups.oom_kills) > 0
    finally:
        await asyncio.to_thread(groups.remove)


async def _execute(
    work: str,
    limits: SandboxLimits,
    bwrap: str | None,
    disable_userns: bool,
    env: dict[str, str],
    groups: SandboxCgroups,
) -> tuple[int, bool]:
    opened: list[int] = []

    def create(name: str) -> int:
        opened.append(os.open(os.path.join(work, name), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
        return opened[-1]

    try:
        stdout_fd, stderr_fd = create(STDOUT), create(STDERR)
        first, second = sandbox_runner.RESULTS
        inputs: dict[str, int] = {}
        for name in INPUTS if bwrap else ():
            opened.append(os.open(os.path.join(work, name), os.O_RDONLY))
            inputs[name] = opened[-1]
        fds = _Descriptors((create(first), create(second)), inputs)
        process = await asyncio.create_subprocess_exec(
            *_command(bwrap, limits, fds, disable_userns),
            stdin=asyncio.subprocess.DEVNULL,
            stdout=stdout_fd,
            stderr=stderr_fd,
            pass_fds=fds.passed(),
            cwd=work,
            env=env,
            start_new_session=True,
            preexec_fn=_limiter(limits, groups.procs()),
        )
    finally:
        for fd in opened:
            os.close(fd)

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

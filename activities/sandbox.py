"""Run untrusted Python (an agent's candidate code) against tests, away from the worker.

`run_python_tests(code, tests)` writes `solution.py`, `tests.py` and a small runner
into a fresh private directory, runs the worker's own interpreter on the runner in a
child process and reads back one JSON results file. The child gets:

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
import json
import os
import resource
import shutil
import signal
import stat
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

ISOLATION_BWRAP = "bubblewrap"
ISOLATION_FALLBACK = "fallback (rlimits, private dir, clean env; no filesystem/network isolation)"

SANDBOX_PATH = "/usr/bin:/bin"
"""The only PATH the child (and bwrap itself) sees."""

SANDBOX_WORKDIR = "/tmp/work"
"""Where the private directory appears inside bubblewrap."""

MAX_SUMMARY_CHARS = 4_000
MAX_DETAIL_CHARS = 2_000
MAX_NAME_CHARS = 200
_TRUNCATED = "\n[... truncated]"

_SOLUTION = "solution.py"
_TESTS = "tests.py"
_RUNNER = "_runner.py"
_RESULTS = "_results.json"
_STDOUT = "_stdout.txt"
_STDERR = "_stderr.txt"


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


@dataclass(frozen=True)
class TestOutcome:
    """One test: `detail` is "" when it passed, else the exception and traceback tail."""

    __test__ = False  # not a pytest class

    name: str
    passed: bool
    detail: str


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

    work = await asyncio.to_thread(_prepare, code, tests)
    try:
        outcome = await _execute(work, limits, bwrap)
        return await asyncio.to_thread(_collect, work, limits, isolation, *outcome)
    finally:
        await asyncio.to_thread(_remove_tree, work)


# The child ------------------------------------------------------------------------


_RUNNER_SOURCE = r'''
"""Runs tests.py against solution.py; written by rubricflow's sandbox. Results go to
_results.json after every step, so a killed run still reports how far it got."""
import ast
import json
import os
import sys
import traceback
import types

_WORK = os.path.dirname(os.path.abspath(__file__))
_RESULTS_PATH = os.path.join(_WORK, "_results.json")
_TESTS_PATH = os.path.join(_WORK, "tests.py")
_MAX_DETAIL = 2000
_dumps, _replace, _open, _exit = json.dumps, os.replace, open, os._exit

state = {
    "phase": "start",  # start, import, load, tests, done
    "tests": [],
    "outcomes": [],
    "current": None,
    "error": None,
    "memory_error": False,
}


def save():
    tmp = _RESULTS_PATH + ".tmp"
    try:
        with _open(tmp, "w", encoding="utf-8") as handle:
            handle.write(_dumps(state))
        _replace(tmp, _RESULTS_PATH)
    except Exception:
        pass  # the last good save stands


def describe(exc):
    try:
        if isinstance(exc, MemoryError):
            state["memory_error"] = True
            traceback.clear_frames(exc.__traceback__)  # free what the test held
        text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        frames = [
            frame for frame in traceback.extract_tb(exc.__traceback__)
            if frame.filename != _SELF
        ]
        if frames:
            text += "\n" + "".join(traceback.format_list(frames[-3:])).rstrip()
        text = text.replace(_WORK + os.sep, "")
    except Exception:
        text = type(exc).__name__
    if len(text) > _MAX_DETAIL:
        text = text[: _MAX_DETAIL - 16] + "\n[... truncated]"
    return text


_SELF = describe.__code__.co_filename


def collect(tree):
    names = []
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            if node.name.startswith("test") and node.name not in names:
                names.append(node.name)
        elif isinstance(node, ast.ClassDef) and node.name.startswith("Test"):
            for item in node.body:
                if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
                    full = node.name + "." + item.name
                    if item.name.startswith("test") and full not in names:
                        names.append(full)
    return names


def call_test(module, name):
    owner, _, attr = name.rpartition(".")
    if owner:
        function = getattr(module.__dict__[owner](), attr)
    else:
        function = module.__dict__[name]
    result = function()
    if hasattr(result, "__await__"):
        import asyncio

        async def wait():
            return await result

        asyncio.run(wait())


def run_one(name, thunk):
    state["current"] = name
    save()
    try:
        thunk()
    except BaseException as exc:
        outcome = {"name": name, "passed": False, "detail": describe(exc)}
    else:
        outcome = {"name": name, "passed": True, "detail": ""}
    state["outcomes"].append(outcome)
    state["current"] = None
    save()


def main():
    save()
    sys.path.insert(0, _WORK)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(line_buffering=True)
        except Exception:
            pass
    try:
        with _open(_TESTS_PATH, encoding="utf-8") as handle:
            source = handle.read()
        tree = ast.parse(source, _TESTS_PATH)
        code = compile(source, _TESTS_PATH, "exec")
    except Exception as exc:
        state["error"] = "tests.py does not compile: " + describe(exc)
        return
    names = collect(tree)
    state["tests"] = names or ["inline_asserts"]
    state["phase"] = "import"
    save()
    module = types.ModuleType("tests")
    module.__file__ = _TESTS_PATH
    sys.modules["tests"] = module
    try:
        import solution  # noqa: F401

        exec("from solution import *", module.__dict__)
    except BaseException as exc:
        state["error"] = "solution.py failed to import: " + describe(exc)
        return
    if not names:
        state["phase"] = "tests"
        run_one("inline_asserts", lambda: exec(code, module.__dict__))
        return
    state["phase"] = "load"
    save()
    try:
        exec(code, module.__dict__)
    except BaseException as exc:
        state["error"] = "tests.py raised while loading: " + describe(exc)
        return
    state["phase"] = "tests"
    for name in names:
        run_one(name, lambda name=name: call_test(module, name))


try:
    main()
except BaseException as exc:
    state["error"] = "runner crashed: " + describe(exc)
state["phase"] = "done"
state["current"] = None
save()
for stream in (sys.stdout, sys.stderr, sys.__stdout__, sys.__stderr__):
    try:
        stream.flush()
    except BaseException:
        pass
_exit(0)  # do not wait for threads or atexit handlers the candidate left behind
'''


# The parent -----------------------------------------------------------------------


def _prepare(code: str, tests: str) -> str:
    work = tempfile.mkdtemp(prefix="rubricflow-sandbox-")
    try:
        os.chmod(work, 0o700)
        for name, text in ((_SOLUTION, code), (_TESTS, tests), (_RUNNER, _RUNNER_SOURCE)):
            with open(os.path.join(work, name), "wb") as handle:
                # Lone surrogates from a model become bytes Python refuses to import,
                # which is reported like any other broken source.
                handle.write(text.encode("utf-8", errors="surrogatepass"))
    except BaseException:
        _remove_tree(work)
        raise
    return work


def _command(work: str, bwrap: str | None) -> list[str]:
    python = [sys.executable, "-I", "-B", _RUNNER]
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


async def _execute(work: str, limits: SandboxLimits, bwrap: str | None) -> tuple[int, bool]:
    """Run the runner; return its exit status and whether the wall clock stopped it."""
    env = {"PATH": SANDBOX_PATH}
    if bwrap is None:
        env["HOME"] = work
    stdout_fd = os.open(os.path.join(work, _STDOUT), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        stderr_fd = os.open(
            os.path.join(work, _STDERR), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600
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


def _read_results(path: str, limits: SandboxLimits) -> dict[str, Any] | None:
    read = _read_bounded(path, limits.output_bytes + 1)
    if read is None:
        return None
    try:
        results = json.loads(read[0].decode("utf-8"))
    except (ValueError, RecursionError):
        return None
    return results if isinstance(results, dict) else None


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


def _collect(
    work: str, limits: SandboxLimits, isolation: str, returncode: int, timed_out: bool
) -> PythonTestReport:
    bwrap = isolation == ISOLATION_BWRAP
    stdout, stdout_size = _read_text(os.path.join(work, _STDOUT), limits.max_report_chars)
    stderr, stderr_size = _read_text(os.path.join(work, _STDERR), limits.max_report_chars)
    results = _read_results(os.path.join(work, _RESULTS), limits)
    finished = results is not None and results.get("phase") == "done"

    number = None if timed_out else _signal_of(returncode, bwrap)
    memory = bool(results and results.get("memory_error") is True) or (
        not finished and "MemoryError" in stderr
    )
    killed: str | None = None
    if timed_out:
        killed = f"wall-clock limit {limits.wall_clock_s:g}s"
    elif number == signal.SIGXCPU:
        killed = f"cpu limit {limits.cpu_s}s"
    elif number == signal.SIGXFSZ or max(stdout_size, stderr_size) >= limits.output_bytes:
        killed = f"output limit {limits.output_bytes} bytes"
    elif memory:
        killed = f"memory limit {limits.memory_bytes / (1024 * 1024):g} MiB"

    error: str | None = None
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
                outcomes.append(TestOutcome(current, False, f"did not finish: {stopped_by}"))
                done = {outcome.name for outcome in outcomes}
                tests = results.get("tests")
                for name in tests if isinstance(tests, list) else []:
                    if isinstance(name, str) and name not in done:
                        name = _truncate(name, MAX_NAME_CHARS)
                        outcomes.append(
                            TestOutcome(name, False, f"not run: the run stopped during {current}")
                        )
        elif returncode != 0 and killed is None and error is None:
            ended = _how_it_ended(returncode, bwrap)
            error = f"the sandbox ended badly after the tests finished ({ended})"
    return PythonTestReport(outcomes, timed_out, killed, error, stdout, stderr, isolation)


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
        ):
            return outcomes, True
        outcomes.append(
            TestOutcome(
                _truncate(item["name"], MAX_NAME_CHARS),
                item["passed"],
                _truncate(item["detail"], MAX_DETAIL_CHARS),
            )
        )
    return outcomes, False


def _truncate(text: str, limit: int) -> str:
    if len(text) <= limit:
        return text
    return text[: max(0, limit - len(_TRUNCATED))] + _TRUNCATED


def _remove_tree(path: str) -> None:
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

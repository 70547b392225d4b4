"""The sandbox that runs agents' Python: plain results first, then hostile code kept in its box.

No Temporal server is needed here. The hostile tests that only bubblewrap can pass
(network, filesystem, /proc, escaped processes) fail, not skip, without `bwrap`.
"""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
import uuid
from pathlib import Path

import pytest

from rubricflow.activities import sandbox
from rubricflow.activities.sandbox import (
    ISOLATION_BWRAP,
    ISOLATION_FALLBACK,
    MAX_SUMMARY_CHARS,
    SandboxLimits,
    TestOutcome,
    bubblewrap_available,
    run_python_tests,
)
from rubricflow.activities.sandbox_isolation import remove_tree
from tests.helpers import until
from tests.reliability import REPORT

PROJECT_ROOT = Path(__file__).resolve().parents[1]

DUPLICATES = '''
def find_duplicates(items):
    """Each value that occurs more than once, in order of its second occurrence."""
    seen, duplicates = set(), []
    for item in items:
        if item in seen and item not in duplicates:
            duplicates.append(item)
        seen.add(item)
    return duplicates
'''

DUPLICATES_TESTS = """
def test_empty():
    assert find_duplicates([]) == []

def test_no_duplicates():
    assert find_duplicates([1, 2, 3]) == []

def test_duplicates_in_order():
    assert find_duplicates([3, 1, 3, 1, 1]) == [3, 1]
"""


def require_bubblewrap() -> None:
    if not bubblewrap_available():
        pytest.fail(
            "this test needs bubblewrap (`bwrap` on PATH) to isolate the sandbox: "
            "install it (e.g. `apt-get install bubblewrap`); CI installs it",
            pytrace=False,
        )


def live_processes(argv: list[str]) -> list[int]:
    """Pids of running (not zombie) processes whose command line is exactly argv."""
    wanted = ("\0".join(argv) + "\0").encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            cmdline = Path(f"/proc/{entry}/cmdline").read_bytes()
        except OSError:
            continue
        if cmdline == wanted:  # a zombie's cmdline is empty
            found.append(int(entry))
    return found


async def started_environ(pid: int, deadline_s: float = 30) -> bytes:
    """The environment /proc shows for pid, once the kernel has set it.

    The parent learns an exec succeeded before the new image's environment is laid out,
    so /proc/<pid>/environ can read empty for a moment after the spawn returns.
    """
    environ = Path(f"/proc/{pid}/environ")
    return await until(environ.read_bytes, f"{environ} laid out", deadline_s, every_s=0.01)


def unique_sleeper() -> list[str]:
    """`sleep N` with an N no other test run uses, to find the process by its cmdline."""
    sleeper = ["sleep", str(900_000 + uuid.uuid4().int % 99_999)]
    assert live_processes(sleeper) == [], f"`{' '.join(sleeper)}` is already running"
    return sleeper


def kill_all(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, 9)
        except ProcessLookupError:
            pass


class TestRunPythonTests:
    async def test_all_pass(self) -> None:
        report = await run_python_tests(DUPLICATES, DUPLICATES_TESTS)

        assert report.outcomes == [
            TestOutcome("test_empty", True, ""),
            TestOutcome("test_no_duplicates", True, ""),
            TestOutcome("test_duplicates_in_order", True, ""),
        ]
        assert report.passed
        assert (report.timed_out, report.killed, report.error) == (False, None, None)
        expected = ISOLATION_BWRAP if bubblewrap_available() else ISOLATION_FALLBACK
        assert report.isolation == expected
        assert report.summary() == "3 passed, 0 failed"

    async def test_one_failure_carries_its_detail(self) -> None:
        wrong = DUPLICATES.replace("return duplicates", "return sorted(duplicates)")

        report = await run_python_tests(wrong, DUPLICATES_TESTS)

        assert [(o.name, o.passed) for o in report.outcomes] == [
            ("test_empty", True),
            ("test_no_duplicates", True),
            ("test_duplicates_in_order", False),
        ]
        failure = report.outcomes[2]
        assert failure.detail.startswith("AssertionError")
        assert 'File "tests.py", line 9, in test_duplicates_in_order' in failure.detail
        assert "assert find_duplicates([3, 1, 3, 1, 1]) == [3, 1]" in failure.detail
        assert report.outcomes[0].detail == ""
        assert not report.passed
        assert report.error is None

    async def test_failure_message_and_candidate_frames_are_shown(self) -> None:
        code = "def divide(a, b):\n    return a / b\n"
        tests = (
            "def test_message():\n    assert divide(1, 1) == 2, 'one over one is one'\n"
            "def test_raises_in_candidate():\n    divide(1, 0)\n"
        )

        report = await run_python_tests(code, tests)

        message, raised = report.outcomes
        assert message.detail.startswith("AssertionError: one over one is one")
        assert raised.detail.startswith("ZeroDivisionError: division by zero")
        assert 'File "solution.py", line 2, in divide' in raised.detail

    async def test_outcomes_follow_definition_order_and_only_test_functions(self) -> None:
        code = "def test_helper_from_solution():\n    raise AssertionError\n\ndef one():\n    return 1\n"
        tests = """
def test_zeta():
    assert one() == 1

def check_not_a_test():
    raise AssertionError("helpers are not collected")

def test_alpha():
    assert one() == 1

class TestGroup:
    def test_method(self):
        assert one() == 1

async def test_async():
    assert one() == 1

def test_mid():
    assert one() == 2
"""
        report = await run_python_tests(code, tests)

        assert [o.name for o in report.outcomes] == [
            "test_zeta",
            "test_alpha",
            "TestGroup.test_method",
            "test_async",
            "test_mid",
        ]
        assert [o.passed for o in report.outcomes] == [True, True, True, True, False]

    async def test_inline_asserts_are_one_test(self) -> None:
        one = "assert find_duplicates([1, 1]) == [1]\n"
        passing = await run_python_tests(DUPLICATES, one + "assert find_duplicates([]) == []\n")
        failing = await run_python_tests(DUPLICATES, one + "assert find_duplicates([2, 2]) == []\n")

        assert passing.outcomes == [TestOutcome("inline_asserts", True, "")]
        assert passing.passed
        assert [(o.name, o.passed) for o in failing.outcomes] == [("inline_asserts", False)]
        assert 'File "tests.py", line 2' in failing.outcomes[0].detail
        assert not failing.passed

    async def test_tests_can_import_the_solution_module(self) -> None:
        tests = "import solution\n\ndef test_module():\n    assert solution.find_duplicates([5, 5]) == [5]\n"

        report = await run_python_tests(DUPLICATES, tests)

        assert report.passed, report.summary()

    async def test_candidate_with_syntax_error_is_an_error(self) -> None:
        broken = "def find_duplicates(items:\n    return []\n"

        report = await run_python_tests(broken, DUPLICATES_TESTS)

        assert report.outcomes == []
        assert report.error is not None
        assert report.error.startswith("solution.py failed to import")
        assert "SyntaxError" in report.error
        assert 'File "solution.py", line 1' in report.error
        assert not report.passed
        assert "ERROR: solution.py failed to import" in report.summary()

    async def test_candidate_raising_on_import_is_an_error(self) -> None:
        report = await run_python_tests("raise RuntimeError('boom at import')\n", DUPLICATES_TESTS)

        assert report.outcomes == []
        assert report.error is not None
        assert "RuntimeError: boom at import" in report.error
        assert not report.passed

    async def test_tests_that_do_not_compile_are_an_error(self) -> None:
        report = await run_python_tests(DUPLICATES, "def test_x(:\n    pass\n")

        assert report.outcomes == []
        assert report.error is not None
        assert report.error.startswith("tests.py does not compile")
        assert not report.passed

    async def test_empty_tests_are_an_error_not_a_pass(self) -> None:
        report = await run_python_tests(DUPLICATES, "  \n")

        assert report.error == "no tests given"
        assert not report.passed

    async def test_summary_counts_and_lists_failures(self) -> None:
        tests = (
            "def test_a():\n    pass\n"
            "def test_b():\n    assert find_duplicates([1, 1]) == [], 'one repeats'\n"
            "def test_c():\n    pass\n"
        )

        summary = (await run_python_tests(DUPLICATES, tests)).summary()

        assert summary.splitlines()[0] == "2 passed, 1 failed"
        assert "FAIL test_b: AssertionError: one repeats" in summary
        assert "test_a" not in summary and "test_c" not in summary

    async def test_a_failure_says_the_call_the_expected_and_the_actual_without_a_traceback(self) -> None:
        """Issue 40: what a failing test did, in one line a small model can act on (the seed's
        `test_basic: expected [2, 1], got [1, 2]`), is the gap of a failing tests criterion."""
        counting = (
            "def find_duplicates(lst):\n"
            "    count = {}\n"
            "    for element in lst:\n"
            "        count[element] = count.get(element, 0) + 1\n"
            "    return [e for e, n in count.items() if n > 1]\n"
        )
        tests = (
            "def test_basic():\n    assert find_duplicates([1, 2, 2, 3, 1]) == [2, 1]\n"
            "def test_empty():\n    assert find_duplicates([]) == []\n"
            "def test_unhashable():\n    assert find_duplicates([[1], [1], 2]) == [[1]]\n"
        )

        report = await run_python_tests(counting, tests)

        assert report.failures() == (
            "2 of 3 tests failed:\n"
            "test_basic: find_duplicates([1, 2, 2, 3, 1]) returned [1, 2]; expected [2, 1]\n"
            "test_unhashable: find_duplicates([[1], [1], 2]) raised TypeError: unhashable type: 'list' "
            "at `count[element] = count.get(element, 0) + 1`; expected [[1]]"
        )
        basic = report.outcomes[0]
        # The full account keeps the test's line for people and the tool's output.
        assert basic.detail.startswith("AssertionError: find_duplicates([1, 2, 2, 3, 1]) returned [1, 2]")
        assert 'File "tests.py", line 2, in test_basic' in basic.detail

    async def test_each_kind_of_failure_has_its_one_line(self) -> None:
        tests = (
            "def test_expected_first():\n    assert [9] == find_duplicates([1, 1])\n"
            "def test_message():\n    assert find_duplicates([1, 1]) == [], 'one repeats'\n"
            "def test_membership():\n    assert 5 in find_duplicates([1, 1])\n"
            "def test_truth():\n    assert find_duplicates([])\n"
            "def test_outside_an_assert():\n    found = find_duplicates(None)\n"
            "def test_a_passing_rewrite_passes():\n    assert find_duplicates([2, 2]) == [2]\n"
        )

        report = await run_python_tests(DUPLICATES, tests)

        assert [o.brief for o in report.outcomes] == [
            "find_duplicates([1, 1]) returned [1]; expected [9]",
            "find_duplicates([1, 1]) returned [1]; expected [] (one repeats)",
            "5 in find_duplicates([1, 1]) is false: find_duplicates([1, 1]) is [1]",
            "`assert find_duplicates([])` failed",
            "`found = find_duplicates(None)` raised TypeError: 'NoneType' object is not iterable "
            "at `for item in items:`",
            "",
        ]
        assert [o.passed for o in report.outcomes] == [False, False, False, False, False, True]
        assert report.outcomes[1].detail.startswith("AssertionError: one repeats")  # the test's own message

    async def test_code_that_does_not_import_is_said_in_one_line(self) -> None:
        report = await run_python_tests("def find_duplicates(items:\n    return []\n", DUPLICATES_TESTS)

        assert report.failures() == (
            "no test ran:\nthe code failed to import: SyntaxError: '(' was never closed "
            "at line 1: `def find_duplicates(items:`"
        )

    async def test_summary_is_bounded(self) -> None:
        tests = "".join(f"def test_{i}():\n    raise AssertionError('x' * 5000)\n" for i in range(200))

        report = await run_python_tests("", tests)
        summary = report.summary()

        assert len(report.outcomes) == 200
        assert summary.startswith("0 passed, 200 failed\nFAIL test_0: AssertionError: xxx")
        assert len(summary) <= MAX_SUMMARY_CHARS
        assert "more failures" in summary

    async def test_stdout_and_stderr_are_returned(self) -> None:
        code = "import sys\nprint('hello from the candidate')\nprint('to stderr', file=sys.stderr)\n"

        report = await run_python_tests(code, "def test_ok():\n    print('hello from a test')\n")

        assert report.passed
        assert "hello from the candidate" in report.stdout
        assert "hello from a test" in report.stdout
        assert "to stderr" in report.stderr

    async def test_private_directory_is_removed(self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
        monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
        code = "import os\nprint('cwd', os.getcwd(), sorted(os.listdir('.')))\n"

        tests = "def test_write():\n    open('scratch', 'w').write('x')\n"

        report = await run_python_tests(code, tests)

        assert report.passed, report.summary()
        assert "solution.py" in report.stdout  # it did run in a directory under tmp_path
        assert list(tmp_path.iterdir()) == []

    async def test_concurrent_runs_do_not_mix(self) -> None:
        runs = [run_python_tests(f"VALUE = {n}\n", f"def test_value():\n    assert VALUE == {n}\n") for n in range(4)]
        runs.append(run_python_tests("VALUE = 1\n", "def test_value():\n    assert VALUE == 2\n"))

        reports = await asyncio.gather(*runs)

        assert [report.passed for report in reports] == [True, True, True, True, False]

    async def test_fallback_without_bubblewrap_still_runs_with_a_clean_env(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(sandbox, "bubblewrap_available", lambda: False)
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-secret")
        tests = (
            "import os\n"
            "def test_env_is_clean():\n"
            "    assert 'OPENAI_API_KEY' not in os.environ\n"
            "    assert set(os.environ) <= {'PATH', 'HOME', 'LC_CTYPE'}, sorted(os.environ)\n"
            "def test_duplicates():\n"
            "    assert find_duplicates([2, 2]) == [2]\n"
        )

        report = await run_python_tests(DUPLICATES, tests, allow_weak=True)

        assert report.isolation == ISOLATION_FALLBACK
        assert report.passed, report.summary()


class TestHostileCode:
    async def test_infinite_loop_is_killed_by_the_wall_clock(
        self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
    ) -> None:
        monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
        tests = "def test_spin():\n    while True:\n        pass\n\ndef test_never_reached():\n    pass\n"

        report = await run_python_tests("", tests, SandboxLimits(wall_clock_s=2))

        assert report.timed_out
        assert report.killed == "wall-clock limit 2s"
        assert not report.passed
        assert [(o.name, o.passed) for o in report.outcomes] == [
            ("test_spin", False),
            ("test_never_reached", False),
        ]
        assert report.outcomes[0].detail == "did not finish: wall-clock limit 2s"
        assert "TIMED OUT" in report.summary()
        assert list(tmp_path.iterdir()) == []  # cleaned up after a kill too

    async def test_infinite_loop_at_import_is_killed(self) -> None:
        report = await run_python_tests("while True:\n    pass\n", DUPLICATES_TESTS, SandboxLimits(wall_clock_s=1))

        assert report.timed_out
        assert report.outcomes == []
        assert report.error is not None and "while importing solution.py" in report.error

    async def test_cpu_limit(self) -> None:
        tests = "def test_spin():\n    while True:\n        pass\n"

        report = await run_python_tests("", tests, SandboxLimits(wall_clock_s=15, cpu_s=1))

        assert not report.timed_out
        assert report.killed == "cpu limit 1s"
        assert not report.passed

    async def test_memory_hog(self) -> None:
        tests = "def test_hog():\n    hoard = []\n    while True:\n        hoard.append(bytearray(16 * 1024 * 1024))\n"

        report = await run_python_tests("", tests, SandboxLimits(memory_bytes=256 * 1024 * 1024))

        assert not report.passed
        assert not report.timed_out
        assert "memory" in (report.killed or "") + (report.error or "").lower()
        assert report.killed == "memory limit 256 MiB"
        assert report.outcomes[0].detail.startswith("MemoryError")

    async def test_worker_environment_is_not_inherited(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setenv("OPENAI_API_KEY", "sk-test-secret")
        code = "import os\nprint('ENV', dict(os.environ))\n"
        tests = (
            "import os\n"
            "def test_no_key():\n"
            "    assert 'OPENAI_API_KEY' not in os.environ\n"
            "def test_no_secret_in_any_variable():\n"
            "    assert not any('sk-test-secret' in value for value in os.environ.values())\n"
        )

        report = await run_python_tests(code, tests)

        assert report.passed, report.summary()
        assert "ENV {" in report.stdout and "'PATH'" in report.stdout  # it did print its env
        assert "sk-test-secret" not in report.stdout
        assert "sk-test-secret" not in report.stderr

    async def test_worker_environment_is_not_readable_through_proc(self) -> None:
        require_bubblewrap()
        # /proc/<pid>/environ shows the environment a process started with, so stand in
        # for a worker started with the key: a process of ours that has it from birth.
        holder_env = {"PATH": os.environ.get("PATH", ""), "OPENAI_API_KEY": "sk-test-secret"}
        holder = await asyncio.create_subprocess_exec("sleep", "60", env=holder_env)
        tests = f"""
import os

def test_no_process_environment_holds_the_secret():
    readable = 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{{entry}}/environ", "rb") as handle:
                    environ = handle.read()
            except OSError:
                continue
            readable += 1
            assert b"sk-test-secret" not in environ, f"pid {{entry}} shows the secret"
    assert readable >= 1  # at least our own environ was read
    # the sandbox has its own pid namespace (pids 1, 2, ...): the host process is not there
    assert not os.path.exists("/proc/{holder.pid}"), "the host's processes are visible"
    print("environ files read:", readable)
"""
        try:
            assert b"sk-test-secret" in await started_environ(holder.pid)
            report = await run_python_tests("", tests)
        finally:
            holder.kill()
            await holder.wait()

        assert report.passed, report.summary()
        assert "environ files read:" in report.stdout

    async def test_network_cannot_reach_the_worker(self) -> None:
        require_bubblewrap()
        peers: list[tuple[str, int]] = []
        arrived = asyncio.Event()

        async def on_connect(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            peers.append(writer.get_extra_info("peername"))
            arrived.set()
            writer.close()

        server = await asyncio.start_server(on_connect, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        tests = f"""
import socket

def test_cannot_connect_to_the_worker():
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(3)
    try:
        sock.connect(("127.0.0.1", {port}))
    except OSError as exc:
        print("connect failed:", type(exc).__name__, exc)
    else:
        raise AssertionError("connected to the worker's port {port}")
    finally:
        sock.close()
"""
        try:
            report = await run_python_tests("", tests)

            # The server does accept: a connection from the worker itself arrives, and
            # it is the first and only one (a sandbox connection would be queued before it).
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            own = writer.get_extra_info("sockname")
            await asyncio.wait_for(arrived.wait(), timeout=5)
            writer.close()
        finally:
            server.close()
            await server.wait_closed()

        assert report.passed, report.summary()
        assert "connect failed:" in report.stdout
        assert peers == [own]

    async def test_cannot_write_outside_its_directory(self) -> None:
        require_bubblewrap()
        marker = uuid.uuid4().hex[:12]
        in_project = PROJECT_ROOT / f"PWNED_BY_SANDBOX_{marker}"
        in_worker_tmp = Path(tempfile.gettempdir()) / f"pwned_{marker}"
        tests = f"""
def test_project_attempt():
    # The project directory is hidden behind a throwaway tmpfs: a write either fails
    # or lands there, never on the host (checked outside the sandbox).
    try:
        with open({str(in_project)!r}, "w") as handle:
            handle.write("pwned")
        print("project write stayed inside the sandbox")
    except OSError as exc:
        print("project write refused:", exc)

def test_worker_tmp_attempts():
    for path in ({str(in_worker_tmp)!r}, "../pwned_{marker}"):
        try:
            with open(path, "w") as handle:
                handle.write("pwned")
            print("wrote (inside the sandbox):", path)
        except OSError as exc:
            print("refused:", path, exc)

def test_own_directory_is_writable():
    with open("scratch.txt", "w") as handle:
        handle.write("ok")
    with open("scratch.txt") as handle:
        assert handle.read() == "ok"
"""
        try:
            report = await run_python_tests("", tests)

            assert report.passed, report.summary()
            assert "project write" in report.stdout
            assert not in_project.exists()
            assert not in_worker_tmp.exists()
        finally:
            in_project.unlink(missing_ok=True)
            in_worker_tmp.unlink(missing_ok=True)

    async def test_home_and_working_directory_are_hidden(self) -> None:
        require_bubblewrap()
        marker = uuid.uuid4().hex[:12]
        secrets = [Path.cwd() / f".sandbox-secret-{marker}", Path.home() / f".sandbox-secret-{marker}"]
        tests = "\n".join(
            f"""
def test_cannot_read_{i}():
    import os
    assert not os.path.exists({str(path)!r}), "host file visible in the sandbox"
"""
            for i, path in enumerate(secrets)
        )
        try:
            for path in secrets:
                path.write_text(f"OPENAI_API_KEY=sk-{marker}")
            report = await run_python_tests("", tests)
            assert report.passed, report.summary()
            assert f"sk-{marker}" not in report.stdout + report.stderr
        finally:
            for path in secrets:
                path.unlink(missing_ok=True)

    @pytest.mark.parametrize("new_session", [False, True], ids=["child", "daemonized"])
    async def test_spawned_process_does_not_outlive_the_run(self, new_session: bool) -> None:
        if new_session:
            require_bubblewrap()  # escaping the process group needs the pid namespace
        sleeper = unique_sleeper()
        tests = f"""
import subprocess

def test_spawn_and_leave():
    child = subprocess.Popen({sleeper!r}, start_new_session={new_session!r})
    assert child.poll() is None
    print("spawned", child.pid)
"""
        report = await run_python_tests("", tests)
        survivors = live_processes(sleeper)
        kill_all(survivors)

        assert report.passed, report.summary()
        assert "spawned" in report.stdout
        assert survivors == []

    async def test_huge_output_is_bounded(self) -> None:
        limits = SandboxLimits(wall_clock_s=10)
        tests = "def test_flood():\n    while True:\n        print('x' * 1000)\n"

        report = await run_python_tests("", tests, limits)

        assert not report.passed
        assert not report.timed_out  # the file size limit stopped it, not the clock
        assert report.killed == f"output limit {limits.output_bytes} bytes"
        assert "File too large" in report.outcomes[0].detail
        assert 0 < len(report.stdout) <= limits.max_report_chars

    async def test_output_files_swapped_for_symlink_and_fifo(
        self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
    ) -> None:
        # Only without bubblewrap are the output files in the child's reach.
        monkeypatch.setattr(sandbox, "bubblewrap_available", lambda: False)
        secret = tmp_path / "host-only.txt"
        secret.write_text("host-only-secret")
        tests = f"""
import os

def test_swap_output_files():
    os.remove("_stdout.txt")
    os.symlink({str(secret)!r}, "_stdout.txt")
    os.remove("_stderr.txt")
    os.mkfifo("_stderr.txt")
"""
        report = await run_python_tests("", tests, allow_weak=True)

        assert report.outcomes == [TestOutcome("test_swap_output_files", True, "")]
        assert "host-only-secret" not in report.stdout
        assert (report.stdout, report.stderr) == ("", "")

    async def test_output_and_results_files_are_out_of_reach_under_bubblewrap(self) -> None:
        require_bubblewrap()
        tests = (
            "import os\n"
            "def test_listing():\n"
            "    print('cwd', os.getcwd())\n"
            "    assert sorted(os.listdir('.')) == ['_runner.py', 'solution.py', 'tests.py']\n"
        )

        report = await run_python_tests("", tests)

        assert report.passed, report.summary()
        assert "cwd /" in report.stdout

    async def test_cancelled_run_kills_the_sandbox_and_cleans_up(
        self, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
    ) -> None:
        monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
        sleeper = unique_sleeper()
        tests = f"import subprocess\n\ndef test_wait_forever():\n    subprocess.run({sleeper!r})\n"
        task = asyncio.create_task(run_python_tests("", tests, SandboxLimits(wall_clock_s=60)))

        # Wait for the condition "the sandboxed test is running its child", bounded.
        deadline = asyncio.get_running_loop().time() + 10
        while not live_processes(sleeper) and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)
        started = live_processes(sleeper)
        task.cancel()
        done, _ = await asyncio.wait({task}, timeout=15)
        survivors = live_processes(sleeper)
        kill_all(survivors)

        assert started, "the sandboxed test never started its child"
        assert task in done, "the cancelled run did not come back"
        assert task.cancelled()
        assert survivors == []
        assert list(tmp_path.iterdir()) == []

    async def test_worker_is_unharmed_afterwards(self) -> None:
        loop = asyncio.get_running_loop()
        ticked = loop.create_future()
        loop.call_soon(ticked.set_result, "tick")
        assert await asyncio.wait_for(ticked, timeout=5) == "tick"

        report = await run_python_tests(DUPLICATES, DUPLICATES_TESTS)

        assert report.passed, report.summary()


class TestRunnerProgram:
    """The child's program is a real module: importable, stdlib only, run by path."""

    def test_importing_the_runner_runs_nothing(self) -> None:
        from rubricflow.activities import sandbox_runner

        assert sandbox_runner.state["phase"] == "start"
        here = os.path.dirname(sandbox_runner.__file__)
        assert not any(os.path.exists(os.path.join(here, name)) for name in sandbox_runner.RESULTS)

    def test_the_runner_imports_only_the_standard_library(self) -> None:
        import ast
        import sys

        from rubricflow.activities import sandbox_runner

        tree = ast.parse(Path(sandbox_runner.__file__).read_text(encoding="utf-8"))
        imported = {
            alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
        } | {node.module.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        assert imported - {"solution"} <= set(sys.stdlib_module_names)

    def test_the_private_directory_holds_a_copy_of_the_runner(self) -> None:
        from rubricflow.activities import sandbox_runner
        from rubricflow.activities.sandbox_isolation import RUNNER, prepare, remove_tree

        work = prepare("x = 1\n", "assert x == 1\n")
        try:
            assert sorted(os.listdir(work)) == sorted([RUNNER, sandbox_runner.SOLUTION, sandbox_runner.TESTS])
            assert Path(work, RUNNER).read_bytes() == Path(sandbox_runner.__file__).read_bytes()
        finally:
            remove_tree(work)
        assert not os.path.exists(work)


MIB = 1024 * 1024


def tree_bytes(root: str) -> int:
    """Bytes in the regular files under root (not following symlinks)."""
    total = 0
    for folder, _, files in os.walk(root):
        for name in files:
            path = os.path.join(folder, name)
            if os.path.isfile(path) and not os.path.islink(path):
                total += os.path.getsize(path)
    return total


def printed_number(stdout: str, label: str) -> int:
    """The number the candidate printed after `label` (the last such line)."""
    lines = [line for line in stdout.splitlines() if line.startswith(label + " ")]
    assert lines, f"the candidate never printed {label!r}; stdout: {stdout[-500:]!r}"
    return int(lines[-1].split()[1])


@pytest.mark.reliability
class TestNoPrivilegesAndBoundedResources:
    """Untrusted code runs with no capabilities and bounded resources: it cannot undo its
    read-only mounts or touch the host's kernel settings, and what it writes and allocates,
    summed over all its files and processes, stays under the sandbox's limits."""

    async def test_no_capabilities_so_read_only_binds_stay_read_only(self) -> None:
        require_bubblewrap()
        marker = f"PWNED_BY_SANDBOX_{uuid.uuid4().hex[:12]}"
        prefix = os.path.realpath(sys.base_prefix)
        targets = ["/usr", prefix]
        host_markers = [Path(target, marker) for target in targets]
        tests = f"""
import ctypes
import os
import sys

MS_REMOUNT, MS_BIND, CLONE_NEWUSER = 32, 4096, 0x10000000
libc = ctypes.CDLL(None, use_errno=True)

def test_no_capabilities():
    with open("/proc/self/status") as handle:
        caps = dict(line.split(":", 1) for line in handle if line.startswith("Cap"))
    print("CapEff", caps["CapEff"].strip(), "CapPrm", caps["CapPrm"].strip())
    assert int(caps["CapEff"], 16) == 0, caps
    assert int(caps["CapPrm"], 16) == 0, caps

def test_remount_and_write_are_refused():
    remounted, wrote = [], []
    for target in {targets!r}:
        rc = libc.mount(None, target.encode(), None, MS_REMOUNT | MS_BIND, None)
        print("remount", target, "rc", rc, os.strerror(ctypes.get_errno()) if rc else "")
        if rc == 0:
            remounted.append(target)
        try:
            with open(os.path.join(target, {marker!r}), "w") as handle:
                handle.write("escaped")
        except OSError as exc:
            print("write refused", target, exc)
        else:
            wrote.append(target)
    assert not remounted, "remounted read-write: " + ", ".join(remounted)
    assert not wrote, "wrote into " + ", ".join(wrote)

def test_no_new_user_namespace():
    # A nested user namespace would hand back every capability (and mounts of its own).
    rc = libc.unshare(CLONE_NEWUSER)
    print("unshare(CLONE_NEWUSER) rc", rc, os.strerror(ctypes.get_errno()) if rc else "")
    assert rc != 0, "made a new user namespace"

def test_host_kernel_settings_are_read_only():
    path = "/proc/sys/vm/overcommit_ratio"
    with open(path) as handle:
        value = handle.read()
    try:
        with open(path, "w") as handle:  # the value it has: harmless if it lands
            handle.write(value)
    except OSError as exc:
        print("sysctl refused", exc)
    else:
        raise AssertionError("wrote the host's " + path)
"""
        assert not any(path.exists() for path in host_markers)
        try:
            report = await run_python_tests("", tests)
            REPORT.refuse("sandbox: remount its read-only binds")

            assert report.isolation == ISOLATION_BWRAP
            assert [marker_path for marker_path in host_markers if marker_path.exists()] == []
            assert report.passed, report.summary() + "\n" + report.stdout
            assert "CapEff 0000000000000000" in report.stdout
            assert report.stdout.count("write refused") == len(targets)
        finally:
            for path in host_markers:
                path.unlink(missing_ok=True)

    async def test_what_it_writes_in_total_is_bounded(self, monkeypatch: pytest.MonkeyPatch) -> None:
        require_bubblewrap()
        disk_bytes = SandboxLimits().disk_bytes
        per_place = 96  # files of 1 MiB tried in each place: more than the whole limit
        held: list[int] = []

        def measure_then_remove(path: str) -> None:
            held.append(tree_bytes(path))
            remove_tree(path)

        monkeypatch.setattr(sandbox, "remove_tree", measure_then_remove)
        tests = f"""
import os

CHUNK = b"x" * {MIB}
PLACES = ["/tmp", ".", "/dev/shm", "/dev", "/", os.environ.get("HOME", ".")]

def fill(place, tag):
    written = 0
    for index in range({per_place}):
        try:
            with open(os.path.join(place, "fill-%d-%d" % (tag, index)), "wb") as handle:
                handle.write(CHUNK)
        except OSError as exc:
            return written, exc.strerror
        written += 1
    return written, "no error"

def test_fill_every_place_it_can_write():
    total = 0
    for tag, place in enumerate(PLACES):
        written, why = fill(place, tag)
        print("place", place, written, "MiB:", why)
        total += written
    print("TOTAL_MIB", total)

def test_writing_past_the_limit_fails_plainly():
    for index in range({per_place}):
        with open("/tmp/more-%d" % index, "wb") as handle:
            handle.write(CHUNK)
"""
        report = await run_python_tests("", tests)
        REPORT.refuse("sandbox: fill its disk")

        written = printed_number(report.stdout, "TOTAL_MIB") * MIB
        print(f"the candidate wrote {written // MIB} MiB in 1 MiB files; limit {disk_bytes // MIB} MiB")
        assert 0 < written <= disk_bytes, report.stdout
        # The working directory is not the host's disk: the private directory kept only
        # the child's output and results files.
        assert held and held[0] < 4 * MIB, f"the host's private directory held {held} bytes"
        first, second = report.outcomes
        assert first.passed, first.detail
        assert not second.passed and "No space left on device" in second.detail
        assert (report.error, report.timed_out, report.killed) == (None, False, None)
        assert "FAIL test_writing_past_the_limit_fails_plainly: OSError: [Errno 28]" in report.summary()

    async def test_memory_is_bounded_across_processes(self) -> None:
        require_bubblewrap()
        memory = 128 * MIB
        children, chunk = 6, 8 * MIB  # each may try 256 MiB; together far over the limit
        tests = f"""
import os
import time

def test_children_hold_memory_at_once():
    started = []
    for _ in range({children}):
        read_end, write_end = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read_end)
            hoard = []
            try:
                while len(hoard) < 32:
                    hoard.append(bytearray(b"\\x01") * {chunk})  # every page touched
                    os.write(write_end, b"+")
            except MemoryError:
                pass
            os.write(write_end, b".")
            time.sleep(60)  # hold it until the sandbox ends
            os._exit(0)
        os.close(write_end)
        started.append((pid, read_end))
    held = {{}}
    for pid, read_end in started:
        chunks = 0
        while True:
            byte = os.read(read_end, 1)
            if byte != b"+":
                break
            chunks += 1
        if byte == b".":  # b"": the child was killed before it finished, its memory freed
            held[pid] = chunks
    for pid in list(held):
        if os.waitpid(pid, os.WNOHANG) != (0, 0):  # killed after it finished: holds nothing
            del held[pid]
    print("HELD_MIB", sum(held.values()) * {chunk // MIB}, "in", len(held), "processes")
"""
        report = await run_python_tests("", tests, SandboxLimits(memory_bytes=memory))
        REPORT.refuse("sandbox: memory across processes")

        assert report.passed, report.summary() + "\n" + report.stdout
        held = printed_number(report.stdout, "HELD_MIB") * MIB
        print(f"the sandbox's processes held {held // MIB} MiB at once; limit {memory // MIB} MiB")
        assert held <= memory

    async def test_tmpfs_pages_count_against_the_memory_limit_and_a_kill_is_named(self) -> None:
        require_bubblewrap()
        limits = SandboxLimits(memory_bytes=96 * MIB)
        tests = f"""
def test_fill_tmp_then_allocate():
    for index in range(48):
        with open("/tmp/fill-%d" % index, "wb") as handle:
            handle.write(b"x" * {MIB})
    hoard = []
    try:
        while True:
            hoard.append(bytearray(b"\\x01") * {4 * MIB})
    except MemoryError:
        print("allocated", len(hoard) * 4, "MiB on top of 48 MiB in /tmp")
"""
        report = await run_python_tests("", tests, limits)
        REPORT.refuse("sandbox: memory plus tmpfs")

        assert not report.passed, report.stdout
        assert report.killed == "memory limit 96 MiB", report.summary()
        assert [(o.name, o.passed, o.detail) for o in report.outcomes] == [
            ("test_fill_tmp_then_allocate", False, "did not finish: memory limit 96 MiB")
        ]
        assert "KILLED: memory limit 96 MiB" in report.summary()

    async def test_sysv_shared_memory_counts_against_the_memory_limit(self) -> None:
        require_bubblewrap()
        limits = SandboxLimits(memory_bytes=128 * MIB)
        tests = f"""
import ctypes

libc = ctypes.CDLL(None, use_errno=True)
libc.shmat.restype = ctypes.c_void_p
libc.shmat.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_int]
libc.shmdt.argtypes = [ctypes.c_void_p]
IPC_PRIVATE, IPC_CREAT, SIZE = 0, 0o1000, {16 * MIB}

def test_segments_outlive_their_mapping():
    for made in range(1, 21):  # 320 MiB in all, no process holding more than 16 MiB
        segment = libc.shmget(IPC_PRIVATE, SIZE, IPC_CREAT | 0o600)
        assert segment >= 0, "shmget refused"
        address = libc.shmat(segment, None, 0)
        ctypes.memset(address, 1, SIZE)
        libc.shmdt(ctypes.c_void_p(address))
        print("SEGMENTS", made, flush=True)
"""
        report = await run_python_tests("", tests, limits)
        REPORT.refuse("sandbox: System V shared memory")

        assert report.killed == "memory limit 128 MiB", report.summary() + "\n" + report.stdout
        assert printed_number(report.stdout, "SEGMENTS") * 16 * MIB <= limits.memory_bytes

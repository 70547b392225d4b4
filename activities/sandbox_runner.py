"""The sandbox's child program: runs tests.py against solution.py.

`activities/sandbox_isolation.py` copies this file into the sandbox's private directory
(beside solution.py and tests.py) and runs it there by path, under the isolated
interpreter (`python -I -B`); it never runs inside the worker. It uses the standard
library only. Results go after every step to one of two files the parent opened and
handed over as descriptors (`--results-fds A,B`; inside bubblewrap the files are not
visible by any path), so a killed run still reports how far it got;
`activities/sandbox_report.py` reads them back.

Importing this module (the parent does, for the file names below) runs nothing.
"""

import ast
import json
import os
import sys
import traceback
import types

SOLUTION = "solution.py"
TESTS = "tests.py"
RESULTS = ("_results.0.json", "_results.1.json")
"""The two results files. Each save rewrites the older one (the state counts its saves
in "seq"), so a kill in the middle of a write leaves the other one whole; the reader
takes the whole one with the higher "seq"."""
RESULTS_FDS_FLAG = "--results-fds"
"""`--results-fds A,B`: the descriptors of the two results files, open for writing."""
MAX_DETAIL = 2000
"""Characters kept of one failure's description."""
MAX_PROCESSES_FLAG = "--max-processes"
"""`--max-processes N`: cap the processes this sandbox runs at once (RLIMIT_NPROC, set
here, inside bubblewrap's user namespace, where it counts only the sandbox's own)."""

_WORK = os.path.dirname(os.path.abspath(__file__))
_TESTS_PATH = os.path.join(_WORK, TESTS)
_dumps, _ftruncate, _pwrite, _open, _exit = json.dumps, os.ftruncate, os.pwrite, open, os._exit
_results_fds = []

state = {
    "seq": 0,
    "phase": "start",  # start, import, load, tests, done
    "tests": [],
    "outcomes": [],
    "current": None,
    "error": None,
    "memory_error": False,
}


def save():
    if not _results_fds:
        return
    state["seq"] += 1
    fd = _results_fds[state["seq"] % 2]
    try:
        data = _dumps(state).encode("utf-8")
        _ftruncate(fd, 0)
        _pwrite(fd, data, 0)
    except Exception:
        pass  # the last good save, in the other file, stands


def describe(exc):
    try:
        if isinstance(exc, MemoryError):
            state["memory_error"] = True
            traceback.clear_frames(exc.__traceback__)  # free what the test held
        text = "".join(traceback.format_exception_only(type(exc), exc)).strip()
        frames = [frame for frame in traceback.extract_tb(exc.__traceback__) if frame.filename != _SELF]
        if frames:
            text += "\n" + "".join(traceback.format_list(frames[-3:])).rstrip()
        text = text.replace(_WORK + os.sep, "")
    except Exception:
        text = type(exc).__name__
    if len(text) > MAX_DETAIL:
        text = text[: MAX_DETAIL - 16] + "\n[... truncated]"
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


def open_results(argv):
    if RESULTS_FDS_FLAG in argv:
        fds = argv[argv.index(RESULTS_FDS_FLAG) + 1].split(",")
        _results_fds[:] = [int(fd) for fd in fds[:2]]


def limit_processes(argv):
    if MAX_PROCESSES_FLAG in argv:
        import resource

        count = int(argv[argv.index(MAX_PROCESSES_FLAG) + 1])
        resource.setrlimit(resource.RLIMIT_NPROC, (count, count))


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


def run():
    try:
        open_results(sys.argv)
        limit_processes(sys.argv)
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


if __name__ == "__main__":
    run()

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
MAX_BRIEF = 600
"""Characters kept of one failure's one-line account."""
MAX_VALUE = 200
"""Characters kept of a value's repr in a failure's account."""
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
    "error_brief": None,
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

# What a failing test did, in one line -----------------------------------------------
# `assert CALL == EXPECTED` in tests.py is rewritten (as pytest rewrites asserts) into
# statements that keep both values, so a failure reads "find_duplicates([1, 2]) returned
# [1]; expected []" and an exception in the call reads "find_duplicates(x) raised
# TypeError: ...; expected [...]": what a model (or a person) can act on, without a
# traceback. Line numbers are kept, so tracebacks still point at the test's line.

LEFT, RIGHT = "__rubricflow_left__", "__rubricflow_right__"
FAILED, RAISED = "__rubricflow_failed__", "__rubricflow_raised__"
_OPS = {
    ast.Eq: "==",
    ast.NotEq: "!=",
    ast.Lt: "<",
    ast.LtE: "<=",
    ast.Gt: ">",
    ast.GtE: ">=",
    ast.Is: "is",
    ast.IsNot: "is not",
    ast.In: "in",
    ast.NotIn: "not in",
}
_raised = {}
"""The call whose exception is escaping the current test (set by `RAISED`)."""


def short(value):
    try:
        text = repr(value)
    except BaseException:
        text = "<" + type(value).__name__ + " whose repr raised>"
    if len(text) > MAX_VALUE:
        text = text[: MAX_VALUE - 3] + "..."
    return text


def one_line(text):
    text = " ".join(str(text).split())
    return text if len(text) <= MAX_BRIEF else text[: MAX_BRIEF - 3] + "..."


def literal(source):
    """Whether `source` is a literal (its value says nothing its text does not)."""
    try:
        ast.literal_eval(source)
    except Exception:
        return False
    return True


def _calls(node):
    return any(isinstance(sub, ast.Call) for sub in ast.walk(node))


def failed(left, right, op, left_source, right_source, message=None):
    """Raise the failure of `LEFT op RIGHT`, said as the call, what it returned and what
    was expected when one side calls something and the other does not."""
    if op in ("==", "!=") and right_source[1] and not left_source[1]:  # `assert EXPECTED == CALL`
        left, right, left_source, right_source = right, left, right_source, left_source
    if op == "==" and left_source[1]:
        brief = left_source[0] + " returned " + short(left) + "; expected " + short(right)
    elif op == "!=" and left_source[1]:
        brief = left_source[0] + " returned " + short(left) + "; expected anything else"
    else:
        brief = left_source[0] + " " + op + " " + right_source[0] + " is false"
        values = [
            s[0] + " is " + short(v) for s, v in ((left_source, left), (right_source, right)) if not literal(s[0])
        ]
        brief += (": " + ", ".join(values)) if values else ""
    if message is not None:
        brief += " (" + str(message) + ")"
    error = AssertionError(message if message is not None else brief)
    error.rubricflow_brief = one_line(brief)
    raise error


def raised(call_source, expected_source):
    """Note the call whose exception is escaping (the handler re-raises it)."""
    _raised["exc"] = sys.exc_info()[1]
    _raised["call"] = call_source
    _raised["expected"] = expected_source


class _Rewrite(ast.NodeTransformer):
    def __init__(self, source):
        self.source = source

    def segment(self, node):
        text = ast.get_source_segment(self.source, node) or ast.unparse(node)
        return " ".join(text.split())

    def visit_Assert(self, node):
        test = node.test
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and type(test.ops[0]) in _OPS):
            return node
        left, right = test.left, test.comparators[0]
        left_source = ast.Tuple([ast.Constant(self.segment(left)), ast.Constant(_calls(left))], ast.Load())
        right_source = ast.Tuple([ast.Constant(self.segment(right)), ast.Constant(_calls(right))], ast.Load())
        call_side, expected_side = (right, left) if _calls(right) and not _calls(left) else (left, right)
        expected = self.segment(expected_side) if isinstance(test.ops[0], ast.Eq) else None

        def name(text, store=False):
            return ast.Name(text, ast.Store() if store else ast.Load())

        def note(statement, side):
            """`statement`, noting `side`'s call when an exception escapes it."""
            if side is not call_side:
                return [statement]
            handler = ast.ExceptHandler(
                type=name("BaseException"),
                name=None,
                body=[
                    ast.Expr(
                        ast.Call(
                            name(RAISED),
                            [ast.Constant(self.segment(call_side)), ast.Constant(expected)],
                            [],
                        )
                    ),
                    ast.Raise(),
                ],
            )
            return [ast.Try(body=[statement], handlers=[handler], orelse=[], finalbody=[])]

        statements = [
            *note(ast.Assign([name(LEFT, True)], left), left),
            *note(ast.Assign([name(RIGHT, True)], right), right),
            ast.If(
                test=ast.UnaryOp(ast.Not(), ast.Compare(name(LEFT), [test.ops[0]], [name(RIGHT)])),
                body=[
                    ast.Expr(
                        ast.Call(
                            name(FAILED),
                            [
                                name(LEFT),
                                name(RIGHT),
                                ast.Constant(_OPS[type(test.ops[0])]),
                                left_source,
                                right_source,
                                node.msg if node.msg is not None else ast.Constant(None),
                            ],
                            [],
                        )
                    )
                ],
                orelse=[],
            ),
        ]
        for statement in statements:
            ast.copy_location(statement, node)
        return statements


def rewrite_asserts(tree, source):
    """`tree` with its comparing asserts rewritten to say their values when they fail."""
    tree = _Rewrite(source).visit(tree)
    return ast.fix_missing_locations(tree)


def brief(exc):
    """What a failing test did, in one line: a rewritten assert's own account, else the
    exception, with the call it escaped from (or the test's line) and the line of the
    candidate's code that raised it."""
    said_by_assert = getattr(exc, "rubricflow_brief", None)
    if isinstance(said_by_assert, str):
        return said_by_assert
    try:
        said = "".join(traceback.format_exception_only(type(exc), exc)).strip().splitlines()
        said = said[-1] if said else type(exc).__name__
        frames = [frame for frame in traceback.extract_tb(exc.__traceback__) if frame.filename != _SELF]
        in_tests = [frame for frame in frames if frame.filename == _TESTS_PATH]
        beyond = frames[frames.index(in_tests[-1]) + 1 :] if in_tests else frames
        where = " at `" + beyond[-1].line + "`" if beyond and beyond[-1].line else ""
        if isinstance(exc, SyntaxError) and exc.text:
            where = " at line " + str(exc.lineno) + ": `" + exc.text.strip() + "`"
        if _raised.get("exc") is exc:
            text = _raised["call"] + " raised " + said + where
            if _raised["expected"] is not None:
                text += "; expected " + _raised["expected"]
        elif in_tests and in_tests[-1].line and not isinstance(exc, AssertionError):
            text = "`" + in_tests[-1].line + "` raised " + said + where
        elif in_tests and in_tests[-1].line:
            text = "`" + in_tests[-1].line + "` failed" + (": " + said if said != "AssertionError" else "")
        else:
            text = said + where
    except Exception:
        text = type(exc).__name__
    return one_line(text)


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
    _raised.clear()
    try:
        thunk()
    except BaseException as exc:
        outcome = {"name": name, "passed": False, "detail": describe(exc), "brief": brief(exc)}
    else:
        outcome = {"name": name, "passed": True, "detail": "", "brief": ""}
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
        state["error_brief"] = "the tests do not compile: " + brief(exc)
        return
    try:
        code = compile(rewrite_asserts(ast.parse(source, _TESTS_PATH), source), _TESTS_PATH, "exec")
    except Exception:
        pass  # the tests as written, their failures said without values
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
        state["error_brief"] = "the code failed to import: " + brief(exc)
        return
    module.__dict__[FAILED], module.__dict__[RAISED] = failed, raised  # after the candidate's names
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
        state["error_brief"] = "the tests raised while loading: " + brief(exc)
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

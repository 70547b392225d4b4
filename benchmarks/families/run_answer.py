"""Runs an answer's Python code on probes: a child program, JSON in on stdin, JSON out on stdout.

Input: `{"code": str, "function": str, "probes": [probe, ...]}`. Each probe calls the
function on fresh copies of its `args` and answers one question with true or false:

- `returns`: the call returns a value equal to `expect` (`approx`: floats within 1e-9);
- `not_mutated`: after the call (whatever it returns or raises) the arguments still equal
  copies taken before it;
- `raises`: the call raises an instance of the built-in exception named by `error`;
- `no_repeats`: the call returns a list in which no element occurs twice.

A probe that cannot answer (the code does not define the function, the call raises where a
value was wanted) answers false. Output: `{"results": [bool, ...], "load_error": str | null}`.
Whatever the answer's code prints goes to stderr, never into the output.
"""

from __future__ import annotations

import builtins
import contextlib
import copy
import io
import json
import math
import sys
from collections.abc import Callable
from typing import Any


def _equal(got: Any, expect: Any, approx: bool) -> bool:
    if approx and isinstance(expect, list) and isinstance(got, list) and len(got) == len(expect):
        return all(_equal(g, e, approx) for g, e in zip(got, expect, strict=True))
    if approx and isinstance(expect, int | float) and isinstance(got, int | float):
        return math.isclose(got, expect, rel_tol=0, abs_tol=1e-9)
    if isinstance(expect, bool) or isinstance(got, bool):
        return got is expect
    return bool(got == expect)


def answer(function: Callable[..., Any] | None, probe: dict[str, Any]) -> bool:
    if function is None:
        return False
    args = copy.deepcopy(probe["args"])
    kind = probe["kind"]
    if kind == "not_mutated":
        before = copy.deepcopy(args)
        with contextlib.suppress(Exception):
            function(*args)
        return args == before
    if kind == "raises":
        error = getattr(builtins, probe["error"])
        try:
            function(*args)
        except error:
            return True
        except Exception:
            return False
        return False
    try:
        got = function(*args)
    except Exception:
        return False
    if kind == "returns":
        return _equal(got, probe["expect"], bool(probe.get("approx")))
    if kind == "no_repeats":
        return isinstance(got, list) and all(got.count(x) == 1 for x in got)
    raise ValueError(f"unknown probe kind {kind!r}")


def main() -> int:
    job = json.load(sys.stdin)
    namespace: dict[str, Any] = {"__name__": "answer"}
    load_error = None
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        try:
            exec(compile(job["code"], "<answer>", "exec"), namespace)  # our own fixture code, in this child only
        except Exception as error:
            load_error = f"{type(error).__name__}: {error}"
        function = namespace.get(job["function"])
        results = [answer(function if callable(function) else None, p) for p in job["probes"]]
    sys.stderr.write(printed.getvalue())
    json.dump({"results": results, "load_error": load_error}, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())

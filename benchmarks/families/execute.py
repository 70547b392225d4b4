"""Truth by running an answer's code: `run_answer.py` in a child process with a timeout.

The answers are the benchmark's own fixtures, but a bug in one (a loop that never ends, a
runaway allocation) must fail the generation with a message, never hang it: the child runs
in isolated mode (`python -I`, no site packages of the user, no environment), in an empty
temporary folder, with CPU-time and memory limits and a wall-clock timeout.
"""

from __future__ import annotations

import json
import re
import resource
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

RUNNER = Path(__file__).with_name("run_answer.py")
TIMEOUT_SECONDS = 30.0
CPU_SECONDS = 10
MEMORY_BYTES = 1 << 30


class AnswerCodeError(RuntimeError):
    """The answer's code could not be run to a result (timeout, crash of the child)."""


def python_blocks(answer: str) -> str:
    """The answer's code: its ```python blocks, joined."""
    return "\n\n".join(re.findall(r"```(?:python|py)[ \t]*\n(.*?)```", answer, flags=re.DOTALL))


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))


def run_probes(
    code: str, function: str, probes: list[dict[str, Any]], *, timeout: float = TIMEOUT_SECONDS
) -> list[bool]:
    """One boolean per probe (see run_answer.py), from the child's output."""
    job = json.dumps({"code": code, "function": function, "probes": probes})
    with tempfile.TemporaryDirectory(prefix="rubricflow-answer-") as folder:
        try:
            done = subprocess.run(
                [sys.executable, "-I", str(RUNNER)],
                input=job,
                capture_output=True,
                text=True,
                timeout=timeout,
                cwd=folder,
                env={"PYTHONHASHSEED": "0"},
                preexec_fn=_limits,
            )
        except subprocess.TimeoutExpired as error:
            raise AnswerCodeError(f"{function}: the answer's code ran past {timeout:.0f} s") from error
    if done.returncode != 0:
        raise AnswerCodeError(f"{function}: the runner exited {done.returncode}: {done.stderr[-1000:]}")
    results = json.loads(done.stdout)["results"]
    if len(results) != len(probes) or not all(isinstance(r, bool) for r in results):
        raise AnswerCodeError(f"{function}: the runner answered {results!r} for {len(probes)} probes")
    return results

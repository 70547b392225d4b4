"""A stand-in worker process for the sandbox tests: runs `run_python_tests` once and
prints the report as JSON.

Run by path: `python tests/sandbox_probe.py CODE_FILE TESTS_FILE`. `{WORKER_PID}` in the
tests is replaced by this process's pid, so hostile tests can aim at the process whose
environment (set by the test that starts this one) holds a fake secret.
"""

import asyncio
import json
import os
import sys
from pathlib import Path

from rubricflow.activities.sandbox import run_python_tests


async def main(code_file: str, tests_file: str) -> None:
    tests = Path(tests_file).read_text(encoding="utf-8").replace("{WORKER_PID}", str(os.getpid()))
    report = await run_python_tests(Path(code_file).read_text(encoding="utf-8"), tests)
    print(
        json.dumps(
            {
                "passed": report.passed,
                "summary": report.summary(),
                "isolation": report.isolation,
                "stdout": report.stdout,
                "stderr": report.stderr,
            }
        )
    )


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))

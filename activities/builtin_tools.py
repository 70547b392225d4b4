"""Built-in tools: `run_python_tests` (isolated) and `read_file` (one directory only)."""

from __future__ import annotations

from pathlib import Path

from langchain_core.tools import BaseTool, StructuredTool

MAX_READ_CHARS = 20_000


def run_python_tests_tool() -> BaseTool:
    async def run_python_tests_impl(code: str, tests: str) -> str:
        from rubricflow.activities.sandbox import run_python_tests

        report = await run_python_tests(code, tests)
        return report.summary()

    return StructuredTool.from_function(
        coroutine=run_python_tests_impl,
        name="run_python_tests",
        description=(
            "Run candidate Python code against tests and report each test's pass/fail and "
            "output. `code` is the module source (its names are importable by the tests); "
            "`tests` holds test_* functions or plain top-level asserts. The code runs "
            "isolated, with time and memory limits and no network."
        ),
    )


def read_file_tool(root: Path) -> BaseTool:
    base = root.resolve()

    def read_file(path: str) -> str:
        target = (base / path).resolve()
        if not target.is_relative_to(base):
            return f"error: {path!r} is outside the readable directory"
        if not target.is_file():
            return f"error: no file {path!r} in the readable directory"
        text = target.read_text(encoding="utf-8", errors="replace")
        if len(text) > MAX_READ_CHARS:
            text = text[:MAX_READ_CHARS] + "...(truncated)"
        return text

    return StructuredTool.from_function(
        func=read_file,
        name="read_file",
        description=(
            "Read a text file by its path relative to the readable directory "
            f"(at most {MAX_READ_CHARS} characters are returned)."
        ),
    )

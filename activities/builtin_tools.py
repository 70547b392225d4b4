"""Built-in tools: `run_python_tests` (isolated), `read_file` and `list_files` (one
directory only, or a thread's virtual files for the grader of a `deep` agent)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from langchain_core.tools import BaseTool, StructuredTool

MAX_READ_CHARS = 20_000
MAX_READ_BYTES = 4 * MAX_READ_CHARS
"""The most `read_file` reads of a file: enough for MAX_READ_CHARS of any UTF-8 text."""


def run_python_tests_tool(*, allow_weak_sandbox: bool = False) -> BaseTool:
    async def run_python_tests_impl(code: str, tests: str) -> str:
        from rubricflow.activities.sandbox import run_python_tests

        report = await run_python_tests(code, tests, allow_weak=allow_weak_sandbox)
        return f"{report.summary()}\n(isolation: {report.isolation})"

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
        # Read at most the cap (4 bytes per character, plus one to know there is more),
        # never the whole file: a huge file costs the worker no more than a small one.
        with target.open("rb") as handle:
            data = handle.read(MAX_READ_BYTES + 1)
        text = data[:MAX_READ_BYTES].decode("utf-8", errors="replace")
        if len(data) > MAX_READ_BYTES or len(text) > MAX_READ_CHARS:
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


def list_files_tool(root: Path) -> BaseTool:
    base = root.resolve()

    def list_files() -> str:
        if not base.is_dir():
            return "(no files)"
        paths = sorted(p for p in base.rglob("*") if p.is_file())
        return "\n".join(f"{p.relative_to(base)} ({p.stat().st_size} bytes)" for p in paths) or "(no files)"

    return StructuredTool.from_function(
        func=list_files,
        name="list_files",
        description="List the readable files, with their sizes in bytes.",
    )


def thread_file_tools(files: dict[str, Any]) -> list[BaseTool]:
    """`read_file` and `list_files` over a thread's virtual files (what a `deep` agent
    wrote), not the worker's disk. Paths with or without the leading slash."""
    from rubricflow.workflows.files import file_path

    def read_file(path: str) -> str:
        try:
            data = files.get(file_path(path))
        except ValueError as exc:
            return f"error: {exc}"
        if data is None:
            known = ", ".join(sorted(files)) or "(none)"
            return f"error: the agent wrote no file {path!r}; its files: {known}"
        text = data.content
        if len(text) > MAX_READ_CHARS:
            text = text[:MAX_READ_CHARS] + "...(truncated)"
        return text

    def list_files() -> str:
        return "\n".join(f"{p} ({f.size} bytes)" for p, f in sorted(files.items())) or "(no files)"

    return [
        StructuredTool.from_function(
            func=read_file,
            name="read_file",
            description=(
                "Read a file the agent wrote, by its path (e.g. /solution.py; at most "
                f"{MAX_READ_CHARS} characters are returned)."
            ),
        ),
        StructuredTool.from_function(
            func=list_files,
            name="list_files",
            description="List the files the agent wrote, with their sizes in bytes.",
        ),
    ]

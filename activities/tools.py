"""Tools by name: a tool is code, so it lives with the worker; a run only names it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from langchain_core.tools import BaseTool, tool as lc_tool

from rubricflow.workflows.registries import TOOLS_ENTRY_POINT_GROUP


class UnknownToolError(LookupError):
    """A run named a tool that this worker's registry does not hold."""


class ToolRegistry:
    """Maps names to LangChain tools. Register with `add` or the `tool` decorator."""

    def __init__(self, tools: Iterable[BaseTool] = ()) -> None:
        self._tools: dict[str, BaseTool] = {}
        for item in tools:
            self.add(item)

    def add(self, item: BaseTool | Callable[..., Any]) -> BaseTool:
        built = item if isinstance(item, BaseTool) else lc_tool(item)
        if built.name in self._tools:
            raise ValueError(f"a tool named {built.name!r} is already registered")
        self._tools[built.name] = built
        return built

    def tool(self, func: Callable[..., Any]) -> Callable[..., Any]:
        """Decorator: `@registry.tool` registers a function (its docstring is the description)."""
        self.add(func)
        return func

    def names(self) -> list[str]:
        return sorted(self._tools)

    def resolve(self, names: Iterable[str]) -> list[BaseTool]:
        names = list(names)
        missing = [n for n in names if n not in self._tools]
        if missing:
            known = ", ".join(self.names()) or "(none registered)"
            raise UnknownToolError(
                f"unknown tool(s) {missing}; this worker has: {known}"
            )
        return [self._tools[n] for n in names]


def default_registry(
    files_dir: Path = Path(".rubricflow/files"), *, allow_weak_sandbox: bool = False
) -> ToolRegistry:
    """Built-in tools plus those of the `rubricflow.tools` entry points.

    `read_file` reads only below `files_dir` (the worker passes `WorkerConfig.files_dir`,
    from `RUBRICFLOW_FILES_DIR`).
    """
    from rubricflow.activities.builtin_tools import list_files_tool, read_file_tool, run_python_tests_tool

    registry = ToolRegistry(
        [
            run_python_tests_tool(allow_weak_sandbox=allow_weak_sandbox),
            read_file_tool(files_dir),
            list_files_tool(files_dir),
        ]
    )
    # Installed packages add tools here: each entry point names a `BaseTool` or a function.
    for entry in entry_points(group=TOOLS_ENTRY_POINT_GROUP):
        registry.add(entry.load())
    return registry

"""Tools by name: a tool is code, so it lives with the worker; a run only names it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Any

from langchain_core.tools import BaseTool
from langchain_core.tools import tool as lc_tool

from rubricflow.activities.registries import TOOLS_ENTRY_POINT_GROUP

if TYPE_CHECKING:
    from rubricflow.activities.mcp_config import McpConfig

BUILT_IN = "built-in"


class UnknownToolError(LookupError):
    """A run named a tool that this worker's registry does not hold."""


@dataclass(frozen=True)
class ToolEntry:
    """What `rubricflow tools` shows of a registered tool."""

    name: str
    source: str
    """Where it comes from: `built-in`, `entry point (DIST)`, `MCP server NAME`, `worker`."""
    description: str


class ToolRegistry:
    """Maps names to LangChain tools. Register with `add` or the `tool` decorator."""

    def __init__(self, tools: Iterable[BaseTool] = (), *, source: str = "worker") -> None:
        self._tools: dict[str, BaseTool] = {}
        self._sources: dict[str, str] = {}
        for item in tools:
            self.add(item, source=source)

    def add(self, item: BaseTool | Callable[..., Any], *, source: str = "worker") -> BaseTool:
        built = item if isinstance(item, BaseTool) else lc_tool(item)
        if built.name in self._tools:
            raise ValueError(f"a tool named {built.name!r} is already registered")
        self._tools[built.name] = built
        self._sources[built.name] = source
        return built

    def source(self, name: str) -> str:
        return self._sources[name]

    def describe(self) -> list[ToolEntry]:
        """Every tool by name, with where it comes from and its description."""
        return [ToolEntry(n, self._sources[n], self._tools[n].description) for n in self.names()]

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
            raise UnknownToolError(f"unknown tool(s) {missing}; this worker has: {known}")
        return [self._tools[n] for n in names]


def default_registry(files_dir: Path = Path(".rubricflow/files"), *, allow_weak_sandbox: bool = False) -> ToolRegistry:
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
        ],
        source=BUILT_IN,
    )
    # Installed packages add tools here: each entry point names a `BaseTool` or a function.
    for entry in entry_points(group=TOOLS_ENTRY_POINT_GROUP):
        registry.add(entry.load(), source=f"entry point ({entry.dist.name})" if entry.dist else "entry point")
    return registry


async def worker_registry(
    files_dir: Path = Path(".rubricflow/files"),
    *,
    allow_weak_sandbox: bool = False,
    mcp: McpConfig | None = None,
) -> ToolRegistry:
    """`default_registry` plus the tools of the MCP servers in `mcp` (the worker's
    `RUBRICFLOW_MCP`), listed now: an `McpStartError` names a server that did not answer,
    a `ValueError` a server tool whose name another tool has."""
    registry = default_registry(files_dir, allow_weak_sandbox=allow_weak_sandbox)
    if mcp is None or not mcp.servers:
        return registry
    from rubricflow.activities.mcp import mcp_tools

    for server, tools in (await mcp_tools(mcp)).items():
        for item in tools:
            if item.name in registry.names():
                raise ValueError(
                    f"MCP server {server!r} offers {item.name}, a name this worker already has "
                    f"({registry.source(item.name)}); rename the server in RUBRICFLOW_MCP"
                )
            registry.add(item, source=f"MCP server {server}")
    return registry

"""Agent, tool and check names a default worker knows, as data.

A default worker registers the built-in tools and checks below, plus those that
installed packages declare under the entry-point groups below (the entry point's name
is the tool's or check's name). Clients read these names to refuse an unknown one
before a run starts, without importing the code that implements them.
"""

from __future__ import annotations

BUILTIN_TOOLS: tuple[str, ...] = ("list_files", "read_file", "run_python_tests")
BUILTIN_CHECKS: tuple[str, ...] = ("run_python_tests",)

TOOLS_ENTRY_POINT_GROUP = "rubricflow.tools"
CHECKS_ENTRY_POINT_GROUP = "rubricflow.checks"

BUILTIN_AGENTS: tuple[str, ...] = ("deep", "default")
"""`default`: LangChain's `create_agent`; `deep`: deepagents' `create_deep_agent`."""
AGENTS_ENTRY_POINT_GROUP = "rubricflow.agents"

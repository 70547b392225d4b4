"""The entry-point groups a worker reads its plugins' agents, tools and checks from.

A worker registers its built-in agents, tools and checks plus those that installed
packages declare under these groups (the entry point's name is the agent's, tool's or
check's name). What a worker knows, clients ask its workers (`rubricflow/ask_workers.py`);
they never read these groups on their own machine.
"""

from __future__ import annotations

TOOLS_ENTRY_POINT_GROUP = "rubricflow.tools"
CHECKS_ENTRY_POINT_GROUP = "rubricflow.checks"
AGENTS_ENTRY_POINT_GROUP = "rubricflow.agents"

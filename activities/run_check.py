"""What this worker would refuse of a run, known before the run starts
(`RunCheckWorkflow`): the same registries and model factory its steps resolve names with,
asked without running anything."""

from __future__ import annotations

from rubricflow.activities.agents import AgentRegistry, UnknownAgentError
from rubricflow.activities.builtin_tools import thread_file_tools
from rubricflow.activities.model_errors import ModelConfigError
from rubricflow.activities.models import ModelFactory
from rubricflow.activities.tools import ToolRegistry, UnknownToolError
from rubricflow.workflows.run_check_types import RunCheckInput, RunCheckResult
from rubricflow.workflows.types import ModelPrice


def run_check(
    input: RunCheckInput, *, tools: ToolRegistry, agents: AgentRegistry, checks: list[str], models: ModelFactory
) -> RunCheckResult:
    """Each model this worker could not build, the agent and tools it does not have, in
    the words its steps would fail with; the names of its checks; and the prices of the
    models its profiles price."""
    problems: list[str] = []
    prices: dict[str, ModelPrice] = {}
    for spec in dict.fromkeys(input.models):
        try:
            models.check(spec)
        except ModelConfigError as exc:
            problems.append(str(exc))
        if (price := models.price(spec)) is not None:
            prices[spec] = price
    try:
        agents.resolve(input.agent)
    except UnknownAgentError as exc:
        problems.append(str(exc))
    # A non-default agent's grader reads the thread's own files through tools of these names.
    on_thread = {t.name for t in thread_file_tools({})} if input.agent != "default" else set()
    named = [*input.tools, *(n for n in input.grader_tools if n not in on_thread)]
    try:
        tools.resolve(dict.fromkeys(named))
    except UnknownToolError as exc:
        problems.append(str(exc))
    return RunCheckResult(problems=problems, checks=checks, prices=prices)

"""Compiled agent graphs are built once per model, tools and prompt, not on every call."""

from __future__ import annotations

from rubricflow.activities.agents import AgentRegistry, default_agent
from rubricflow.activities.graph_cache import GraphCache
from rubricflow.client import Rubricflow
from rubricflow.worker import build_worker
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import thread_id, verdict


class TestGraphCache:
    def test_builds_once_per_key_and_evicts_the_least_recently_used(self):
        built: list[str] = []
        cache = GraphCache(size=2)

        def builder(key: str):
            return lambda: built.append(key) or f"graph {key}"

        assert cache.get("a", builder("a")) == "graph a"
        assert cache.get("a", builder("a")) == "graph a"
        cache.get("b", builder("b"))
        cache.get("a", builder("a"))  # a is now the most recent
        cache.get("c", builder("c"))  # evicts b
        cache.get("a", builder("a"))
        cache.get("b", builder("b"))
        assert built == ["a", "b", "c", "b"] and len(cache) == 2

    async def test_agent_turns_of_a_run_share_one_graph(self, client, task_queue, script):
        calls: list[str | None] = []

        def counting(model, tools, system_prompt):
            calls.append(system_prompt)
            return default_agent(model, tools, system_prompt)

        agent = script("v1", "v2", "v3")
        grader = script(
            verdict("needs_revision", "no", tests="fails"),
            verdict("needs_revision", "no", tests="fails"),
            verdict("satisfied", "ok", tests=True),
        )
        async with build_worker(client, queue=task_queue, agents=AgentRegistry({"default": counting})):
            result = await (
                await Rubricflow(client, task_queue).start(
                    RunInput(
                        message="go",
                        rubric="- tests",
                        agent=AgentSettings(model=agent, system_prompt="be brief"),
                        grader=GraderSettings(model=grader, max_iterations=3),
                    ),
                    thread_id(),
                )
            ).result()
        assert result.status == "satisfied" and result.answer == "v3"
        assert calls == ["be brief"]  # three turns, one graph

"""`RubricflowPlugin` on a Worker and Client of the user's own, beside a workflow of theirs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from temporalio.client import Client, WorkflowHistory
from temporalio.worker import Replayer, Worker

from rubricflow import RubricflowPlugin
from rubricflow.activities.config import WorkerConfig
from rubricflow.activities.tools import ToolRegistry
from rubricflow.client import Rubricflow
from rubricflow.converter import PayloadConverter
from rubricflow.errors import ConfigError
from rubricflow.workflows.names import AGENT_TURN_ACTIVITY
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import activity_attempts, thread_id, verdict
from tests.user_workflow import ShoutWorkflow, shout

HISTORIES = Path(__file__).parent / "histories"


def plugin() -> RubricflowPlugin:
    return RubricflowPlugin(WorkerConfig(allow_scripted=True), tools=ToolRegistry())


def thread(script) -> RunInput:
    return RunInput(
        message="Write find_duplicates(items).",
        rubric="- tests pass",
        agent=AgentSettings(model=script("v1", "v2")),
        grader=GraderSettings(
            model=script(
                verdict("needs_revision", "no", **{"tests pass": "fails"}),
                verdict("satisfied", "yes", **{"tests pass": True}),
            )
        ),
        idle_timeout_s=0,
    )


async def test_a_client_with_the_plugin_gives_its_workers_rubricflow_beside_their_own_workflows(
    client: Client, task_queue: str, script
):
    mine = await Client.connect(
        client.service_client.config.target_host, namespace=client.namespace, plugins=[plugin()]
    )
    assert mine.data_converter.payload_converter_class is PayloadConverter
    async with Worker(mine, task_queue=task_queue, workflows=[ShoutWorkflow], activities=[shout]):
        run = await Rubricflow(mine, task_queue).start(thread(script), thread_id())
        shouted = await mine.execute_workflow(ShoutWorkflow.run, "hello", id=thread_id(), task_queue=task_queue)
        result = await run.result()
    assert shouted == "HELLO"
    assert result.status == "satisfied"
    assert [e.result for e in result.evaluations] == ["needs_revision", "satisfied"]
    assert (AGENT_TURN_ACTIVITY, 1) in await activity_attempts(run.handle)


async def test_the_plugin_on_a_worker_alone_serves_threads_started_by_any_client(
    client: Client, task_queue: str, script
):
    async with Worker(client, task_queue=task_queue, workflows=[ShoutWorkflow], activities=[shout], plugins=[plugin()]):
        result = await (await Rubricflow(client, task_queue).start(thread(script), thread_id())).result()
        assert await client.execute_workflow(ShoutWorkflow.run, "a", id=thread_id(), task_queue=task_queue) == "A"
    assert result.status == "satisfied"


async def test_a_replayer_with_the_plugin_replays_a_recorded_thread():
    history = WorkflowHistory.from_json("h", json.loads((HISTORIES / "revision_then_satisfied.json").read_text()))
    await Replayer(workflows=[], plugins=[plugin()]).replay_workflow(history)


async def test_rubricflow_worker_is_built_on_the_plugin(client: Client):
    from rubricflow.worker import build_worker

    worker = build_worker(
        client, config=WorkerConfig(task_queue="q", max_concurrent_activities=3), tools=ToolRegistry()
    )
    active = worker.config(active_config=True)
    assert [type(p) for p in active["plugins"]] == [RubricflowPlugin]
    assert active["max_concurrent_activities"] == 3
    assert {w.__name__ for w in active["workflows"]} == {"RubricRunWorkflow", "BatchWorkflow"}


async def test_from_env_reads_the_workers_variables_and_refuses_a_bad_one():
    plugin = await RubricflowPlugin.from_env(
        {"RUBRICFLOW_ALLOW_SCRIPTED": "1", "RUBRICFLOW_TASK_QUEUE": "mine", "RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES": "4"}
    )
    assert (plugin.config.allow_scripted, plugin.config.task_queue, plugin.config.max_concurrent_activities) == (
        True,
        "mine",
        4,
    )
    with pytest.raises(ConfigError, match="RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES"):
        await RubricflowPlugin.from_env({"RUBRICFLOW_MAX_CONCURRENT_ACTIVITIES": "many"})

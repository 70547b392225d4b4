"""`RubricflowPlugin` on a Worker and Client of the user's own, beside a workflow of theirs."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from temporalio.api.common.v1 import Payload
from temporalio.client import Client, WorkflowHistory
from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.converter import DataConverter, DefaultPayloadConverter
from temporalio.worker import Replayer, Worker

from rubricflow import RubricflowPlugin
from rubricflow.activities.config import WorkerConfig
from rubricflow.activities.tools import ToolRegistry
from rubricflow.client import Rubricflow
from rubricflow.codec import EncryptionCodec
from rubricflow.converter import PayloadConverter
from rubricflow.errors import ConfigError, RubricflowError
from rubricflow.workflows.names import AGENT_TURN_ACTIVITY
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import activity_attempts, thread_id, verdict
from tests.host_app import HOST_ENCODING, GreetWorkflow, HostCodec, greet, host_plugin
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
    assert {w.__name__ for w in active["workflows"]} == {"RubricRunWorkflow", "BatchWorkflow", "RunCheckWorkflow"}


async def connect_host(client: Client, converter: DataConverter, *plugins: Any) -> Client:
    return await Client.connect(
        client.service_client.config.target_host,
        namespace=client.namespace,
        data_converter=converter,
        plugins=list(plugins),
    )


async def first_input(client: Client, workflow_id: str) -> Payload:
    async for event in client.get_workflow_handle(workflow_id).fetch_history_events():
        return event.workflow_execution_started_event_attributes.input.payloads[0]
    raise AssertionError("no history")


class TestAHostAppKeepsWhatItConfigured:
    """Issue 38: the plugin upgrades a default converter to pydantic JSON and keeps the
    host's codec; it refuses, in words, a converter it cannot work with."""

    async def test_its_own_codec_and_opentelemetry_beside_rubricflow(self, client: Client, task_queue: str, script):
        from temporalio.contrib.opentelemetry import OpenTelemetryPlugin

        from tests.test_telemetry import finished_trace, install_in_memory_providers

        install_in_memory_providers()  # the process's one tracer provider, replay-safe
        codec = HostCodec()
        host = await connect_host(
            client,
            dataclasses.replace(pydantic_data_converter, payload_codec=codec),
            OpenTelemetryPlugin(add_temporal_spans=True),
            host_plugin(),
        )
        assert host.data_converter.payload_codec is codec
        assert host.data_converter.payload_converter_class is PayloadConverter
        async with Worker(host, task_queue=task_queue, workflows=[GreetWorkflow], activities=[greet]):
            greeted = await host.execute_workflow(GreetWorkflow.run, "ana", id=thread_id(), task_queue=task_queue)
            run = await Rubricflow(host, task_queue).start(thread(script), thread_id())
            result = await run.result()
        assert greeted == "hello, ana" and result.status == "satisfied"
        assert (await first_input(client, run.thread_id)).metadata["encoding"] == HOST_ENCODING
        assert codec.encoded > 0
        spans = await finished_trace(run.thread_id)  # the tracing plugin beside rubricflow's traced the thread
        assert {"RunActivity:rubricflow.run_agent_turn", "RunActivity:rubricflow.grade_transcript"} <= {
            s.name for s in spans
        }

    async def test_a_one_file_app_that_imports_rubricflow_validates_in_the_sandbox(self, client: Client):
        """tests/host_app.py imports rubricflow and LangChain at the top, beside its own
        workflow: the SDK validates that workflow in the sandbox when the Worker is made,
        and the plugin's pass-through keeps those imports out of it."""
        worker = Worker(client, task_queue="validated-only", workflows=[GreetWorkflow], plugins=[host_plugin()])
        assert GreetWorkflow in worker.config(active_config=True)["workflows"]

    async def test_a_default_converter_is_upgraded_to_rubricflows(self, client: Client):
        host = await connect_host(client, DataConverter.default, plugin())
        assert host.data_converter.payload_converter_class is PayloadConverter
        assert host.data_converter.payload_codec is None

    async def test_a_foreign_converter_is_refused_in_words(self, client: Client):
        class Mine(DefaultPayloadConverter):
            pass

        with pytest.raises(ConfigError, match="payload converter .*Mine.* rubricflow needs pydantic JSON") as err:
            await connect_host(client, DataConverter(payload_converter_class=Mine), plugin())
        assert isinstance(err.value, RubricflowError)

    async def test_rubricflows_codec_goes_on_a_converter_without_one(self, client: Client):
        keys = EncryptionCodec({"k1": bytes(32)})
        host = await connect_host(
            client, DataConverter.default, RubricflowPlugin(WorkerConfig(codec=keys), tools=ToolRegistry())
        )
        assert host.data_converter.payload_codec is keys

    async def test_rubricflows_codec_beside_the_hosts_own_is_refused_in_words(self, client: Client):
        theirs = dataclasses.replace(pydantic_data_converter, payload_codec=HostCodec())
        ours = RubricflowPlugin(WorkerConfig(codec=EncryptionCodec({"k1": bytes(32)})), tools=ToolRegistry())
        with pytest.raises(ConfigError, match="already has a payload codec .*HostCodec.*RUBRICFLOW_CODEC_KEYS"):
            await connect_host(client, theirs, ours)


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

"""Worker Versioning on the embedded server: a run stays on the build it started on.

Build A serves a thread whose agent turn is still in flight when build B, with a changed
workflow, becomes the deployment's current version. The in-flight run finishes on A (every
workflow task of its history was completed by A), and a new run goes to B (B's change
answers it; A never completed a task of it).
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable

import pytest
from temporalio.api.deployment.v1 import WorkerDeploymentVersion
from temporalio.api.enums.v1 import TaskQueueType
from temporalio.api.workflowservice.v1 import (
    DescribeWorkerDeploymentVersionRequest,
    SetWorkerDeploymentCurrentVersionRequest,
)
from temporalio.client import Client, WorkflowHandle
from temporalio.common import VersioningBehavior
from temporalio.service import RPCError

from rubricflow.activities.config import WorkerConfig
from rubricflow.client import Rubricflow
from rubricflow.errors import ConfigError
from rubricflow.worker import build_worker
from rubricflow.worker_env import config_from_env
from rubricflow.workflows.types import AgentSettings, RunInput
from tests.changed_workflow import ChangedRubricRunWorkflow


async def make_current(client: Client, deployment: str, build_id: str) -> None:
    """Wait until the server has seen the build poll both its workflow and activity task
    queue, then make it current."""
    request = DescribeWorkerDeploymentVersionRequest(
        namespace=client.namespace,
        deployment_version=WorkerDeploymentVersion(deployment_name=deployment, build_id=build_id),
    )
    async with asyncio.timeout(30):
        while True:
            try:
                described = await client.workflow_service.describe_worker_deployment_version(request)
                kinds = {q.type for q in described.worker_deployment_version_info.task_queue_infos}
                if {TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW, TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY} <= kinds:
                    break
            except RPCError:
                pass  # the version appears once its first worker polls
            await asyncio.sleep(0.2)
    await client.workflow_service.set_worker_deployment_current_version(
        SetWorkerDeploymentCurrentVersionRequest(
            namespace=client.namespace, deployment_name=deployment, build_id=build_id
        )
    )


async def task_builds(handle: WorkflowHandle) -> list[str]:
    """The build id on every completed workflow task of the run."""
    builds = []
    async for event in handle.fetch_history_events():
        if event.HasField("workflow_task_completed_event_attributes"):
            attrs = event.workflow_task_completed_event_attributes
            builds.append(attrs.deployment_version.build_id)
    return builds


async def test_in_flight_run_finishes_on_its_build_and_a_new_run_goes_to_the_current_one(
    client: Client, task_queue: str, script: Callable[..., str]
) -> None:
    deployment = f"rf-{uuid.uuid4().hex[:8]}"

    def config(build_id: str) -> WorkerConfig:
        return WorkerConfig(task_queue=task_queue, deployment_name=deployment, build_id=build_id, allow_scripted=True)

    slow = script({"content": "answer from a slow turn", "delay_s": 4})
    quick = script("quick answer")
    rf = Rubricflow(client, task_queue)
    async with build_worker(client, config=config("A")):
        await make_current(client, deployment, "A")
        first = await rf.start(RunInput(message="task one", agent=AgentSettings(model=slow)))
        async with build_worker(client, config=config("B"), workflows=[ChangedRubricRunWorkflow]):
            # The first run's agent turn is in flight on A while B becomes current.
            await make_current(client, deployment, "B")
            assert (await first.progress()).status == "running"
            second = await rf.start(RunInput(message="task two", agent=AgentSettings(model=quick)))
            first_result = await first.result()
            second_result = await second.result()
            assert await second.handle.query("build_marker") == "B"
            with pytest.raises(Exception, match="build_marker"):
                # Pinned to A, whose workflow has no such query: the change never reached it.
                await first.handle.query("build_marker")

    assert first_result.status == "answered"
    assert first_result.answer == "answer from a slow turn"
    assert second_result.status == "answered"
    first_builds = await task_builds(first.handle)
    second_builds = await task_builds(second.handle)
    assert first_builds and set(first_builds) == {"A"}
    assert second_builds and set(second_builds) == {"B"}
    described = await first.handle.describe()
    info = described.raw_description.workflow_execution_info.versioning_info
    assert info.behavior == VersioningBehavior.PINNED.value
    assert info.deployment_version.build_id == "A"


def test_versioning_settings_come_in_pairs() -> None:
    with pytest.raises(ConfigError, match="both RUBRICFLOW_DEPLOYMENT_NAME and RUBRICFLOW_BUILD_ID"):
        config_from_env({"RUBRICFLOW_BUILD_ID": "b1"})
    with pytest.raises(ConfigError, match="RUBRICFLOW_BUILD_ID must be"):
        config_from_env({"RUBRICFLOW_DEPLOYMENT_NAME": "rf", "RUBRICFLOW_BUILD_ID": "has space"})
    config = config_from_env({"RUBRICFLOW_DEPLOYMENT_NAME": "rf", "RUBRICFLOW_BUILD_ID": "2026-11-30"})
    assert config.versioned and config.build_id == "2026-11-30"
    assert not config_from_env({}).versioned


def test_health_port_is_a_port() -> None:
    with pytest.raises(ConfigError, match="RUBRICFLOW_HEALTH_PORT must be a whole number from 0 to 65535"):
        config_from_env({"RUBRICFLOW_HEALTH_PORT": "http"})
    assert config_from_env({"RUBRICFLOW_HEALTH_PORT": "8080"}).health_port == 8080

"""A step gets the transcript by reference: only the messages its worker has not seen travel,
and a worker that has not seen them reads them from the thread, checked by digest."""

from __future__ import annotations

from typing import Any

from temporalio.worker import Worker

from rubricflow.activities.step_inputs import StepCache
from rubricflow.client import Rubricflow
from rubricflow.plugin import RubricflowPlugin
from rubricflow.worker_env import config_from_env
from rubricflow.workflows import names
from rubricflow.workflows.step_refs import TranscriptRef, transcript_digest, transcript_ref
from rubricflow.workflows.types import AgentSettings, AgentTurnInput, GraderSettings, Message, RunInput
from tests.helpers import activity_inputs, thread_id, verdict

REQUEST = Message(role="user", content="Write find_duplicates(items).", source="user")
ANSWER = Message(role="assistant", content="answer v1")


class TestTheReference:
    def test_a_step_after_another_is_sent_only_what_follows_what_its_worker_saw(self):
        ref = transcript_ref([REQUEST, ANSWER], shared=[REQUEST, ANSWER])
        assert ref == TranscriptRef(base_length=2, base=transcript_digest([REQUEST, ANSWER]))
        revision = Message(role="user", content="fix it", source="grader")
        assert transcript_ref([REQUEST, ANSWER, revision], shared=[REQUEST, ANSWER]).tail == [revision]

    def test_the_first_step_and_a_transcript_that_dropped_its_oldest_messages_travel_whole(self):
        assert transcript_ref([REQUEST], shared=[]) == TranscriptRef(tail=[REQUEST])
        later = Message(role="assistant", content="answer v2")
        assert transcript_ref([REQUEST, later], shared=[REQUEST, ANSWER]) == TranscriptRef(tail=[REQUEST, later])

    def test_equal_content_equal_digest(self):
        copy = Message.model_validate(ANSWER.model_dump())
        assert transcript_digest([REQUEST, copy]) == transcript_digest([REQUEST, ANSWER])
        assert transcript_digest([REQUEST]) != transcript_digest([REQUEST, ANSWER])


class Recording(StepCache):
    """A cache that keeps nothing (every step reads its base and settings from the thread)
    and records what each step was given."""

    def __init__(self) -> None:
        super().__init__(max_bytes=0)
        self.resolved: list[list[Message]] = []
        self.settings: list[Any] = []

    async def whole(self, step: Any) -> Any:
        self._settings.clear()
        step = await super().whole(step)
        self.resolved.append(step.messages if isinstance(step, AgentTurnInput) else step.transcript)
        self.settings.append(step.settings)
        return step


async def two_passes(client: Any, task_queue: str, script: Any) -> Any:
    run = RunInput(
        message=REQUEST.content,
        rubric="- tests",
        agent=AgentSettings(model=script("answer v1", "answer v2")),
        grader=GraderSettings(
            model=script(verdict("needs_revision", "no", tests="one fails"), verdict("satisfied", "yes", tests=True))
        ),
    )
    return await Rubricflow(client, task_queue).start(run, thread_id())


class TestTheWorkerRebuildsIt:
    async def test_a_worker_that_saw_nothing_reads_each_base_from_the_thread(self, client, task_queue, script):
        plugin = RubricflowPlugin(config_from_env())
        plugin.rubric_activities.steps = cache = Recording()
        async with Worker(client, task_queue=task_queue, plugins=[plugin]):
            run = await two_passes(client, task_queue, script)
            result = await run.result()
        assert result.status == "satisfied"
        # Every step but the first had a base (or settings by digest), and read it from the thread.
        assert cache.queries == 3
        turns = await activity_inputs(run.handle, names.AGENT_TURN_ACTIVITY)
        grades = await activity_inputs(run.handle, names.GRADER_PASS_ACTIVITY)
        seen = [turns[0]["messages"], grades[0]["transcript"], turns[1]["messages"], grades[1]["transcript"]]
        assert [[m.model_dump(mode="json") for m in r] for r in cache.resolved] == seen
        assert cache.resolved[-1] == result.transcript
        # Each step ran with its settings, read from the thread when the step was sent their digest.
        agent, grader = cache.settings[:2]
        assert isinstance(agent, AgentSettings) and isinstance(grader, GraderSettings)
        assert cache.settings == [agent, grader, agent, grader]
        # The second turn saw the revision.
        revision = result.transcript[2]
        assert revision.source == "grader" and cache.resolved[2][-1] == revision

    async def test_the_worker_that_ran_the_last_step_reads_nothing_from_the_thread(self, client, task_queue, script):
        plugin = RubricflowPlugin(config_from_env())
        async with Worker(client, task_queue=task_queue, plugins=[plugin]):
            run = await two_passes(client, task_queue, script)
            result = await run.result()
        assert result.status == "satisfied"
        assert plugin.rubric_activities.steps.queries == 0
        # No message travels twice: the first turn's input carried the request, and the
        # revision was foreseen by the worker that graded (the thread builds it the same way).
        tails, whole = [], []
        async for event in run.handle.fetch_history_events():
            if event.HasField("activity_task_scheduled_event_attributes"):
                [step] = client.data_converter.payload_converter.from_payloads(
                    event.activity_task_scheduled_event_attributes.input.payloads, [dict]
                )
                tails.append([m["content"] for m in step["transcript_ref"].get("tail", [])])
                whole.append("settings" in step)
        assert tails == [[REQUEST.content], [], [], []]
        # The settings travel to the first step of each kind; the others get their digest.
        assert whole == [True, True, False, False]

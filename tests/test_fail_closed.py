"""Fail closed, never stuck: invalid Unicode from a model, ids Temporal would refuse,
and payload encryption that cannot half-work."""

from __future__ import annotations

import pytest

from rubricflow.activities.messages import clean_text, from_langchain
from rubricflow.client import Rubricflow
from rubricflow.worker import build_worker
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput
from tests.helpers import activity_attempts, thread_id, verdict
from tests.reliability import REPORT

pytestmark = [pytest.mark.reliability]


class TestInvalidUnicode:
    def test_lone_surrogates_become_the_replacement_character(self):
        from langchain_core.messages import AIMessage

        message = from_langchain(AIMessage(
            content="ok \ud800 done",
            tool_calls=[{"name": "read_file", "args": {"path": "a\udfffb", "n": [1, "\ud800"]}, "id": "c1"}],
        ))
        assert message.content == "ok \ufffd done"
        assert message.tool_calls[0].args == {"path": "a\ufffdb", "n": [1, "\ufffd"]}
        assert clean_text("pair \ud83d\ude00 kept") == "pair \U0001f600 kept"
        assert clean_text("plain") == "plain"

    async def test_a_reply_with_a_lone_surrogate_finishes_the_run_in_one_attempt(self, client, task_queue, script):
        agent = script("answer \ud800 with a lone surrogate")
        grader = script(verdict("satisfied", "ok", tests=True))
        async with build_worker(client, queue=task_queue):
            run = await Rubricflow(client, task_queue).start(
                RunInput(message="go", rubric="- tests pass", agent=AgentSettings(model=agent),
                         grader=GraderSettings(model=grader), idle_timeout_s=0), thread_id())
            result = await run.result()
        assert result.status == "satisfied"
        assert result.answer == "answer \ufffd with a lone surrogate"
        assert [a for a in await activity_attempts(run.handle) if a[0] == "run_agent_turn"] == [("run_agent_turn", 1)]
        REPORT.fault("model reply with a lone surrogate")
        REPORT.run(run.thread_id, "satisfied", result.status)

"""Issue 13: the agent is a deep agent (deepagents), its virtual files are thread state,
and the grader and checks judge the files it wrote."""

from __future__ import annotations

import json
from typing import Any

import pytest
from temporalio.client import WorkflowFailureError
from temporalio.exceptions import ApplicationError

from rubricflow.activities.agents import AgentRegistry, UnknownAgentError, default_agents
from rubricflow.client import Rubricflow
from rubricflow.workflows.files import (
    MAX_FILES,
    MAX_FILES_BYTES,
    AgentFile,
    FileLimitError,
    apply_changes,
    changed_files,
    file_path,
)
from rubricflow.workflows.state import ThreadState, carried, take_turn_files
from rubricflow.workflows.types import AgentSettings, GraderSettings, Progress, RunInput, SubmitInput
from tests.helpers import activity_inputs, thread_id, verdict
from tests.reliability import REPORT

TESTS = """```python tests
from solution import find_duplicates

def test_triple():
    assert find_duplicates([1, 1, 1]) == [1]

def test_order():
    assert find_duplicates([3, 1, 3, 1]) == [3, 1]
```"""
RUBRIC = "- The solution passes its tests [check: run_python_tests solution.py]\n\n" + TESTS

BUGGY = "def find_duplicates(items):\n    return [x for i, x in enumerate(items) if x in items[:i]]\n"
FIX_OLD = "    return [x for i, x in enumerate(items) if x in items[:i]]\n"
FIX_NEW = (
    "    seen, dups = set(), []\n"
    "    for x in items:\n"
    "        if x in seen and x not in dups:\n"
    "            dups.append(x)\n"
    "        seen.add(x)\n"
    "    return dups\n"
)


def call(name: str, **args: Any) -> dict[str, Any]:
    return {"tool_calls": [{"name": name, "args": args}]}


def deep_script() -> list[Any]:
    """Turn 1: plan, write a buggy solution.py, answer. Turn 2 (after the failing check):
    edit the file, ask a subagent to review it, answer."""
    return [
        call("write_todos", todos=[{"content": "write find_duplicates", "status": "in_progress"}]),
        call("write_file", file_path="/solution.py", content=BUGGY),
        "I wrote /solution.py.",
        call("edit_file", file_path="/solution.py", old_string=FIX_OLD, new_string=FIX_NEW),
        call("task", description="Review /solution.py for duplicates handling.", subagent_type="general-purpose"),
        "The subagent found nothing else to fix.",
        call("write_todos", todos=[{"content": "write find_duplicates", "status": "completed"}]),
        "Fixed /solution.py: each duplicate once, in order of first repetition.",
    ]


def deep_run(agent_model: str, grader_model: str, **extra: Any) -> RunInput:
    return RunInput(
        message="Write find_duplicates(items) in solution.py.",
        rubric=RUBRIC,
        agent=AgentSettings(model=agent_model, agent="deep"),
        grader=GraderSettings(model=grader_model, max_iterations=3),
        **extra,
    )


class TestFiles:
    def test_paths_with_and_without_the_leading_slash_name_the_same_file(self):
        assert file_path("solution.py") == file_path("/solution.py") == "/solution.py"
        with pytest.raises(ValueError, match="file path is empty"):
            file_path("  ")

    def test_changes_apply_and_deletions_remove(self):
        files = apply_changes({}, {"a.py": AgentFile(content="x"), "/b.py": AgentFile(content="yy")})
        assert sorted(files) == ["/a.py", "/b.py"]
        after = apply_changes(files, {"/a.py": None})
        assert sorted(after) == ["/b.py"]
        assert changed_files(files, after) == {"/a.py": None}

    def test_too_many_files_are_refused_with_the_limit(self):
        many = {f"/f{i}.txt": AgentFile(content="x") for i in range(MAX_FILES + 1)}
        with pytest.raises(FileLimitError, match=f"at most {MAX_FILES} are allowed"):
            apply_changes({}, many)

    def test_too_many_bytes_are_refused_and_the_state_is_unchanged(self):
        from rubricflow.workflows.files import limit_problem
        from rubricflow.workflows.sizes import WORKFLOW_FILES_BYTES

        assert f"at most {MAX_FILES_BYTES} bytes" in (
            limit_problem({"/big.txt": AgentFile(content="x" * (MAX_FILES_BYTES + 1))}) or ""
        )
        state = ThreadState(files={"/keep.txt": AgentFile(content="k")})
        # The workflow's own check (the workers refuse sooner) is the one every history ran under.
        with pytest.raises(FileLimitError, match=f"at most {WORKFLOW_FILES_BYTES} bytes"):
            take_turn_files(state, {"/big.txt": AgentFile(content="x" * WORKFLOW_FILES_BYTES)}, None)
        assert list(state.files) == ["/keep.txt"]

    def test_files_are_carried_over_continue_as_new(self):
        state = ThreadState(files={"/solution.py": AgentFile(content=BUGGY)})
        take_turn_files(state, {}, [])
        assert carried(state).files == state.files
        # An old carried state without files still decodes.
        assert ThreadState.model_validate({"status": "running"}).files == {}


class TestAgentRegistry:
    def test_the_builtins(self):
        assert default_agents().names() == ["deep", "default"]

    def test_decorator_registers_and_unknown_names_are_refused(self):
        registry = AgentRegistry()

        @registry.agent("mine")
        def mine(model, tools, system_prompt):
            return None

        assert registry.resolve("mine") is mine
        with pytest.raises(UnknownAgentError, match="unknown agent 'nope'; this worker has: mine"):
            registry.resolve("nope")

    def test_a_worker_refuses_an_unknown_agent_before_the_run(self):
        from rubricflow.activities.grader import default_checks
        from rubricflow.activities.models import ModelFactory
        from rubricflow.activities.run_check import run_check
        from rubricflow.activities.tools import ToolRegistry
        from rubricflow.workflows.run_check_types import RunCheckInput

        answer = run_check(
            RunCheckInput(agent="nope"),
            tools=ToolRegistry(),
            agents=default_agents(),
            checks=default_checks().names(),
            models=ModelFactory(),
        )
        assert answer.problems == ["unknown agent 'nope'; this worker has: deep, default"]

    def test_an_empty_agent_name_is_refused(self):
        with pytest.raises(ValueError, match="agent must be an agent's name"):
            AgentSettings(model="scripted:x.json", agent=" ")


class TestDeepAgentRun:
    async def test_write_fail_edit_pass_satisfied(self, client, task_queue, worker, script):
        agent = script(*deep_script())
        grader = script(verdict("satisfied", "unused: the rubric is all checks"))
        rf = Rubricflow(client, task_queue)
        run = await rf.start(deep_run(agent, grader), thread_id())
        result = await run.result()

        assert result.status == "satisfied"
        assert [e.result for e in result.evaluations] == ["needs_revision", "satisfied"]
        gap = result.evaluations[0].criteria[0].gap or ""
        # The check ran the buggy file the agent wrote.
        assert "test_triple: find_duplicates([1, 1, 1]) returned [1, 1]; expected [1]" in gap
        assert [(f.path, f.size) for f in result.files] == [
            ("/solution.py", len(BUGGY.replace(FIX_OLD, FIX_NEW).encode()))
        ]
        assert [(t.content, t.status) for t in result.todos] == [("write find_duplicates", "completed")]
        tools_called = [c.name for m in result.transcript for c in m.tool_calls]
        assert tools_called == ["write_todos", "write_file", "edit_file", "task", "write_todos"]
        subagent = next(m for m in result.transcript if m.role == "tool" and m.name == "task")
        assert subagent.content == "The subagent found nothing else to fix."
        # The second turn started from the file the first one wrote.
        turns = await activity_inputs(run.handle, "rubricflow.run_agent_turn")
        assert turns[0]["files"] == {}
        assert turns[1]["files"]["/solution.py"]["content"] == BUGGY
        grades = await activity_inputs(run.handle, "rubricflow.grade_transcript")
        assert grades[1]["files"]["/solution.py"]["content"] == BUGGY.replace(FIX_OLD, FIX_NEW)

    async def test_an_oversized_write_is_refused_to_the_agent_with_the_limit(self, client, task_queue, worker, script):
        agent = script(
            call("write_file", file_path="big.txt", content="x" * (MAX_FILES_BYTES + 1)),
            "I could not write it.",
        )
        run = await Rubricflow(client, task_queue).start(
            RunInput(message="write a big file", agent=AgentSettings(model=agent, agent="deep")), thread_id()
        )
        result = await run.result()
        assert result.status == "answered"
        refusal = next(m for m in result.transcript if m.role == "tool")
        assert "write refused" in refusal.content and f"at most {MAX_FILES_BYTES} bytes" in refusal.content
        assert result.files == []

    @pytest.mark.reliability
    async def test_too_many_writes_in_one_reply_are_refused_to_the_agent(self, client, task_queue, worker, script):
        """The writes of one reply run side by side, each against the files before the
        reply: those past the thread's limit are refused to the agent, in order, each
        with the limit, and the run goes on."""
        writes = MAX_FILES + 10
        agent = script(
            {
                "tool_calls": [
                    {"name": "write_file", "args": {"file_path": f"/f{i}.txt", "content": "x"}} for i in range(writes)
                ]
            },
            "I wrote what I could.",
        )
        run = await Rubricflow(client, task_queue).start(
            RunInput(message="write many files", agent=AgentSettings(model=agent, agent="deep")), thread_id()
        )
        result = await run.result()
        assert result.status == "answered" and result.answer == "I wrote what I could."
        refusals = [m for m in result.transcript if m.role == "tool" and "write refused" in m.content]
        assert len(refusals) == writes - MAX_FILES
        assert all(f"at most {MAX_FILES} are allowed" in m.content for m in refusals)
        assert sorted(f.path for f in result.files) == sorted(f"/f{i}.txt" for i in range(MAX_FILES))
        REPORT.refuse("files past the thread's limit in one reply")

    async def test_an_unknown_agent_fails_on_the_first_activity_without_retries(
        self, client, task_queue, worker, script
    ):
        run = await Rubricflow(client, task_queue).start(
            RunInput(message="hi", agent=AgentSettings(model=script("never"), agent="nope")), thread_id()
        )
        with pytest.raises(WorkflowFailureError) as failure:
            await run.result()
        assert isinstance(failure.value.cause, ApplicationError)
        assert "unknown agent 'nope'" in str(failure.value.cause.message)
        from tests.helpers import activity_attempts

        assert await activity_attempts(run.handle) == [("rubricflow.run_agent_turn", 1)]


class TestCommandLine:
    async def test_run_status_and_files_show_what_the_deep_agent_wrote(
        self, client, task_queue, worker, script, tmp_path
    ):
        from tests.test_cli import rubricflow

        rubric = tmp_path / "rubric.md"
        rubric.write_text(RUBRIC, encoding="utf-8")
        tid = thread_id()
        code, out, err = await rubricflow(
            client,
            task_queue,
            "run",
            "Write find_duplicates in solution.py.",
            "--agent",
            "deep",
            "--model",
            script(*deep_script()),
            "--grader-model",
            script(verdict("satisfied", "unused")),
            "--rubric",
            f"@{rubric}",
            "--thread",
            tid,
            "--json",
        )
        assert code == 0, err
        assert json.loads(out)["status"] == "satisfied"

        code, out, err = await rubricflow(client, task_queue, "status", tid, "--json")
        assert code == 0, err
        fixed = BUGGY.replace(FIX_OLD, FIX_NEW)
        status = json.loads(out)
        assert status["files"] == [{"path": "/solution.py", "size": len(fixed.encode())}]
        assert status["todos"] == [{"content": "write find_duplicates", "status": "completed"}]
        code, out, err = await rubricflow(client, task_queue, "status", tid)
        assert f"/solution.py ({len(fixed.encode())} bytes)" in out and "[completed] write find_duplicates" in out

        for name in ("solution.py", "/solution.py"):
            code, out, err = await rubricflow(client, task_queue, "files", tid, name)
            assert (code, out) == (0, fixed), err
        code, out, err = await rubricflow(client, task_queue, "files", tid)
        assert (code, out) == (0, f"/solution.py\t{len(fixed.encode())} bytes\n"), err
        code, out, err = await rubricflow(client, task_queue, "files", tid, "nope.py")
        assert code == 2 and f"thread {tid} has no file /nope.py; its files: /solution.py" in err

    async def test_run_refuses_an_agent_its_worker_lacks_before_starting(self, client, task_queue, worker, script):
        from tests.test_cli import rubricflow

        code, out, err = await rubricflow(
            client, task_queue, "run", "hi", "--agent", "nope", "--model", script("never")
        )
        assert code == 2 and "unknown agent 'nope'; this worker has: deep, default" in err

    async def test_demo_with_a_deep_agent(self, client, task_queue, tmp_path):
        from tests.test_cli import rubricflow, server_port

        code, out, err = await rubricflow(
            client,
            task_queue,
            "demo",
            "--scripted",
            "--agent",
            "deep",
            "--port",
            server_port(client),
            "--data-dir",
            str(tmp_path / "data"),
        )
        assert code == 0, err
        assert "The agent is a deep agent" in out
        assert "[FAIL] find_duplicates passes the tests" in out  # the buggy /solution.py, tested
        assert "status: satisfied" in out


class TestDurableFiles:
    async def test_files_survive_continue_as_new(self, client, task_queue, worker, script):
        follow_ups = 30
        agent = script(
            call("write_file", file_path="/notes.md", content="remember: 42\n"),
            "noted",
            *[f"reply {i}" for i in range(1, follow_ups)],
            call("read_file", file_path="/notes.md"),
            "the note says 42",
        )
        rf = Rubricflow(client, task_queue)
        tid = thread_id()
        await rf.start(
            RunInput(message="take a note", agent=AgentSettings(model=agent, agent="deep"), idle_timeout_s=600), tid
        )
        for i in range(1, follow_ups):
            await rf.submit(tid, SubmitInput(message=f"follow-up {i}"))
        runs = [wf async for wf in client.list_workflows(f"WorkflowId = '{tid}'")]
        assert len(runs) >= 2, "the thread never continued as new"
        progress = await rf.submit(tid, SubmitInput(message="what does the note say?"))
        assert [(f.path, f.size) for f in progress.files] == [("/notes.md", 13)]
        read = [m for m in progress.transcript if m.role == "tool" and m.name == "read_file"]
        assert len(read) == 1 and "remember: 42" in read[0].content  # the new run's turn read it
        assert progress.answer == "the note says 42"
        # The turn that read the note ran in a later run than the one that wrote it, and
        # its input carried the file (the thread may have continued as new once more since).
        turns = []
        async for wf in client.list_workflows(f"WorkflowId = '{tid}'"):
            turns += await activity_inputs(
                client.get_workflow_handle(tid, run_id=wf.run_id), "rubricflow.run_agent_turn"
            )
        asked = [t for t in turns if t["messages"][-1]["content"] == "what does the note say?"]
        assert len(asked) == 1 and asked[0]["files"]["/notes.md"]["content"] == "remember: 42\n"
        written = [t for t in turns if t["messages"][-1]["content"] == "take a note"]
        assert len(written) == 1 and written[0]["files"] == {}
        await client.get_workflow_handle(tid).cancel()

    @pytest.mark.slow
    async def test_files_survive_a_sigkill_of_the_worker_mid_turn(self, client, task_queue, tmp_path):
        """The worker dies during the second turn: the file the first turn wrote is in the
        thread's state, the retried turn on a fresh worker starts from it."""
        import signal

        from tests.helpers import start_worker_process, until, wait_for_running_activity

        responses = deep_script()
        responses[3] = {**responses[3], "delay_s": 4}  # the edit_file reply: the kill lands here
        path = tmp_path / "deep.json"
        path.write_text(json.dumps({"responses": responses, "deterministic": True}), encoding="utf-8")
        grader = tmp_path / "grader.json"
        grader.write_text(json.dumps({"responses": ["unused"]}), encoding="utf-8")
        worker_env = {"RUBRICFLOW_DATA_DIR": str(tmp_path / "worker-data")}
        worker = await start_worker_process(client, task_queue, **worker_env)
        try:
            run = await Rubricflow(client, task_queue).start(
                deep_run(f"scripted:{path}", f"scripted:{grader}"), thread_id()
            )

            async def revising() -> Progress | None:
                progress = await run.progress()
                return progress if len(progress.evaluations) == 1 and progress.phase == "agent_turn" else None

            progress = await until(revising, "the first pass graded and the revision turn begun", 60, every_s=0.1)
            assert [f.path for f in progress.files] == ["/solution.py"]
            assert await wait_for_running_activity(run.handle) == "rubricflow.run_agent_turn"
            worker.send_signal(signal.SIGKILL)
            await worker.wait()
            assert worker.returncode == -signal.SIGKILL
            worker = await start_worker_process(client, task_queue, **worker_env)
            result = await run.result()
        finally:
            worker.send_signal(signal.SIGTERM)
            await worker.wait()
        assert result.status == "satisfied"
        assert [e.result for e in result.evaluations] == ["needs_revision", "satisfied"]
        turns = await activity_inputs(run.handle, "rubricflow.run_agent_turn")
        assert len(turns) == 2  # one scheduled turn per turn; the killed attempt was retried
        assert turns[1]["files"]["/solution.py"]["content"] == BUGGY
        from tests.helpers import activity_attempts

        assert ("rubricflow.run_agent_turn", 2) in await activity_attempts(run.handle)


class TestGraderSeesTheFiles:
    async def test_read_file_and_list_files_read_the_threads_files(self, client, task_queue, worker, tmp_path):
        agent = tmp_path / "agent.json"
        agent.write_text(
            json.dumps(
                {
                    "responses": [
                        call("write_file", file_path="/solution.py", content=BUGGY),
                        "Done: see /solution.py.",
                    ]
                }
            ),
            encoding="utf-8",
        )
        shown = tmp_path / "grader-saw.jsonl"
        grader = tmp_path / "grader.json"
        grader.write_text(
            json.dumps(
                {
                    "record_to": str(shown),
                    "responses": [
                        call("list_files"),
                        call("read_file", path="solution.py"),  # without the leading slash
                        verdict("satisfied", "the file is there", written=True),
                    ],
                }
            ),
            encoding="utf-8",
        )
        run = await Rubricflow(client, task_queue).start(
            RunInput(
                message="Write solution.py.",
                rubric="- written",
                agent=AgentSettings(model=f"scripted:{agent}", agent="deep"),
                grader=GraderSettings(model=f"scripted:{grader}", tools=["list_files", "read_file"]),
            ),
            thread_id(),
        )
        assert (await run.result()).status == "satisfied"
        last_view = json.loads(shown.read_text().splitlines()[-1])
        tool_results = [m["content"] for m in last_view if m["type"] == "tool"]
        assert tool_results == [f"/solution.py ({len(BUGGY.encode())} bytes)", BUGGY]


class TestBoundedTranscript:
    async def test_a_big_write_keeps_the_file_whole_and_the_transcript_small(self, client, task_queue, worker, script):
        from rubricflow.activities.turn_files import MAX_FILE_ARG_CHARS

        big = "x = 1\n" * (MAX_FILES_BYTES // 6)  # as big as the thread's limits allow
        agent = script(call("write_file", file_path="/big.py", content=big), "written")
        run = await Rubricflow(client, task_queue).start(
            RunInput(message="write big.py", agent=AgentSettings(model=agent, agent="deep")), thread_id()
        )
        result = await run.result()
        assert [(f.path, f.size) for f in result.files] == [("/big.py", len(big))]
        written = next(m for m in result.transcript if m.tool_calls).tool_calls[0].args["content"]
        assert written.startswith(big[:MAX_FILE_ARG_CHARS])
        assert written.endswith(f"...({len(big) - MAX_FILE_ARG_CHARS} more characters, in the thread's files)")

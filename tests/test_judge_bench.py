"""The judge benchmark: its labelled set is balanced and its truth is code; its figures add up."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

from rubricflow.bench import judge_cases
from rubricflow.bench.judge import pick, score
from rubricflow.bench.judge_cases import CASES

DOC = '```python\ndef f(xs: list) -> int:\n    """Return the count."""\n    return len(xs)\n```'
BARE = "```python\nimport numpy as np\n\ndef f(xs):\n    print(xs)\n    return len(xs)\n```"


class TestTheLabelledSet:
    def test_at_least_150_verdicts_about_half_unmet_over_code_and_prose(self):
        criteria = [c for case in CASES for c in case.criteria]
        assert len(criteria) >= 150
        unmet = sum(not c.met for c in criteria)
        assert 0.4 <= unmet / len(criteria) <= 0.6
        kinds = Counter(c.kind for c in criteria)
        assert {"docstring", "stdlib", "hints", "no_print"} <= set(kinds)  # code, by ast
        assert {"words_at_most", "sentences_exact", "items_exact", "prime"} <= set(kinds)  # prose, arithmetic
        assert len({case.id for case in CASES}) == len(CASES)

    def test_every_kind_has_met_and_unmet_cases(self):
        seen = Counter((c.kind, c.met) for case in CASES for c in case.criteria)
        for kind in {k for k, _ in seen}:
            assert seen[(kind, True)] and seen[(kind, False)], kind

    def test_the_truth_is_decided_by_code(self):
        assert judge_cases.truth_docstring(DOC) and not judge_cases.truth_docstring(BARE)
        assert judge_cases.truth_stdlib_only(DOC) and not judge_cases.truth_stdlib_only(BARE)
        assert judge_cases.truth_type_hints(DOC) and not judge_cases.truth_type_hints(BARE)
        assert judge_cases.truth_no_print(DOC) and not judge_cases.truth_no_print(BARE)
        assert judge_cases.is_prime(97) and not judge_cases.is_prime(91)
        assert judge_cases.word_count("one two three") == 3
        assert judge_cases.sentence_count("One. Two! Three?") == 3
        assert judge_cases.bullet_count("- a\n- b\n1. c\nplain") == 3

    def test_held_out_wordings_keep_the_answers_and_truths(self):
        held = judge_cases.build_cases("held_out")
        assert [c.answer for c in held] == [c.answer for c in CASES]
        assert [[x.met for x in c.criteria] for c in held] == [[x.met for x in c.criteria] for c in CASES]
        main_words = {x.text for c in CASES for x in c.criteria}
        assert not main_words & {x.text for c in held for x in c.criteria}

    def test_the_set_is_the_same_every_time(self):
        assert [c.answer for c in judge_cases.build_cases()] == [c.answer for c in CASES]

    def test_a_shorter_run_keeps_the_mix(self):
        picked = pick(CASES, 14)
        assert len(picked) == 14
        assert {c.id.split("-")[0] for c in picked} == {"code", "prose", "list", "number"}


class TestFigures:
    def test_rates_from_rows(self):
        rows = [
            {
                "seconds": 2.0,
                "tokens": 10,
                "error": False,
                "verdict_right": True,
                "criteria": [
                    {"kind": "k", "truth": True, "passed": True, "decided_by": "fact: x"},
                    {"kind": "k", "truth": False, "passed": True, "decided_by": None},
                ],
            },
            {
                "seconds": 4.0,
                "tokens": 30,
                "error": False,
                "verdict_right": False,
                "criteria": [
                    {"kind": "k", "truth": False, "passed": False, "decided_by": None},
                    {"kind": "j", "truth": True, "passed": False, "decided_by": None},
                ],
            },
        ]
        s = score(rows)
        assert s["criterion_accuracy"] == 0.5
        assert s["false_pass_rate"] == 0.5 and s["false_fail_rate"] == 0.5
        assert s["verdict_accuracy"] == 0.5
        assert s["seconds_per_pass_median"] == 3.0 and s["tokens_per_pass_median"] == 20
        assert s["decided_by_fact"] == 1
        assert s["by_kind"]["k"]["false_passes"] == 1


def test_a_grader_that_passes_everything_is_caught(tmp_path: Path):
    """Through real threads: a grader that says yes to every criterion scores every unmet
    criterion a false pass."""
    yes = tmp_path / "yes.json"
    yes.write_text(json.dumps({"responses": [{"structured": {"reason": "fine", "passed": True}}]}))
    out = tmp_path / "out"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "rubricflow.bench",
            "judge",
            "--model",
            f"scripted:{yes}",
            "--grading",
            "per_criterion",
            "--limit",
            "6",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    report = json.loads((out / "judge.json").read_text())
    (figures,) = report["results"].values()
    assert figures["cases"] == 6 and figures["unmet"] > 0
    assert figures["false_pass_rate"] == 1.0 and figures["false_fail_rate"] == 0.0
    assert (out / "judge.png").stat().st_size > 0
    assert "false+" in done.stdout

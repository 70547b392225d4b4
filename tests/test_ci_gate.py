"""The CI gate: `rubricflow batch ... --fail-under RATE --junit FILE` exits 1 below the pass
rate and writes JUnit XML that validates against the schema Jenkins reads JUnit XML with
(tests/schemas/junit-10.xsd, the Jenkins xUnit plugin's); the GitHub Actions example job
(deploy/github-actions/rubric-gate.yml) is a valid workflow whose commands parse."""

from __future__ import annotations

import json
import re
import shlex
import uuid
import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta
from importlib import resources
from pathlib import Path

import jsonschema
import pytest
import xmlschema
import yaml
from temporalio.client import Client

from rubricflow.batch_client import ThreadRecord
from rubricflow.cli.parser import build_parser
from rubricflow.junit import junit_xml
from rubricflow.workflows.types import Criterion, Evaluation, Progress
from tests.helpers import verdict

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = xmlschema.XMLSchema(str(Path(__file__).parent / "schemas" / "junit-10.xsd"))
WORKFLOW = ROOT / "deploy" / "github-actions" / "rubric-gate.yml"
RUBRIC = "- cites a source\n- under 50 words"
PASSES = verdict("satisfied", "ok", **{"cites a source": True, "under 50 words": True})


def record(item: str, status: str | None, *criteria: Criterion, explanation: str = "x") -> ThreadRecord:
    now = datetime(2026, 12, 3, 12, tzinfo=UTC)
    result = None
    if status is not None:
        evaluation = Evaluation(
            grading_run_id="r",
            iteration=0,
            result="satisfied" if status == "satisfied" and all(c.passed for c in criteria) else "needs_revision",
            explanation=explanation,
            criteria=list(criteria),
        )
        result = Progress(
            thread_id=f"b/{item}",
            phase="done",
            status=status,  # type: ignore[arg-type]
            rubric=RUBRIC,
            grading_run_id="r",
            iteration=1,
            max_iterations=1,
            evaluations=[evaluation] if criteria or status != "grader_error" else [],
            transcript=[],
            answer="a",
        )
    workflow = "completed" if result is not None else "failed"
    return ThreadRecord(item, f"b/{item}", workflow, now, now + timedelta(seconds=1.5), {}, result, "failed")


def met(name: str) -> Criterion:
    return Criterion(name=name, passed=True)


def unmet(name: str, gap: str) -> Criterion:
    return Criterion(name=name, passed=False, gap=gap)


class TestTheReport:
    records = [
        record("ok", "satisfied", met("cites a source"), met("under 50 words")),
        record("two-unmet", "max_iterations_reached", unmet("cites a source", "none"), unmet("under 50 words", "80")),
        record("broke", "grader_error"),
        record("lost", None),
        # satisfied at its pass score with a criterion let go: it passes, as it counts
        record("at-score", "satisfied", met("cites a source"), unmet("under 50 words", "52 words")),
        # model text is untrusted: markup, a CDATA end, and characters XML cannot hold
        record(
            "hostile",
            "max_iterations_reached",
            unmet("cites a source", "</failure><testcase name='x'/>]]>\x00\x1b[31m\ufffe"),
        ),
    ]

    def test_it_validates_against_the_junit_schema(self):
        document = junit_xml("b", self.records, properties={"pass_rate": "0.3333", "fail_under": "0.9"})
        SCHEMA.validate(document.decode("utf-8"))

    def test_a_test_case_per_item_and_a_failure_per_unmet_criterion(self):
        root = ET.fromstring(junit_xml("b", self.records))
        [suite] = root.findall("testsuite")
        cases = {case.get("name"): case for case in suite.findall("testcase")}
        assert list(cases) == sorted(r.item_id for r in self.records)
        assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("6", "2", "2")
        assert [f.get("message") for f in cases["two-unmet"].findall("failure")] == [
            "cites a source: none",
            "under 50 words: 80",
        ]
        assert cases["broke"].find("error").get("type") == "grader_error"
        assert cases["lost"].find("error").get("type") == "failed"
        assert not list(cases["ok"]) and cases["ok"].get("time") == "1.500"
        assert cases["at-score"].find("failure") is None
        assert "unmet: under 50 words: 52 words" in cases["at-score"].find("system-out").text
        hostile = cases["hostile"].find("failure")
        assert hostile.get("message") == "cites a source: </failure><testcase name='x'/>]]>[31m"
        assert len(suite.findall("testcase")) == 6, "the gap's markup stayed text"


def write_dataset(folder: Path, n: int, own_rubric_for: set[int] = frozenset()) -> Path:
    """`n` items; those in `own_rubric_for` carry a rubric the scripted grader never
    answers for (it is asked again, still misses it, and the pass is not verified)."""
    path = folder / "data.jsonl"
    with path.open("w", encoding="utf-8") as f:
        for i in range(n):
            item = {"id": f"q{i}", "prompt": f"question {i}"}
            if i in own_rubric_for:
                item["rubric"] = "- something else entirely"
            f.write(json.dumps(item) + "\n")
    return path


@pytest.mark.usefixtures("worker")
async def test_a_failing_batch_exits_1_and_its_junit_file_validates(
    client: Client, task_queue: str, script, tmp_path: Path
) -> None:
    from tests.test_cli import rubricflow

    data = write_dataset(tmp_path, 10, own_rubric_for={9})
    name = f"gate-{uuid.uuid4().hex[:6]}"
    common = ["--rubric", RUBRIC, "--model", script("an answer [1]"), "--grader-model", script(PASSES)]
    rc, out, err = await rubricflow(
        client, task_queue, "batch", str(data), *common, "--max-iterations", "1", "--name", name,
        "--fail-under", "0.95", "--junit", str(tmp_path / "report.xml"),
    )  # fmt: skip
    assert rc == 1, err
    assert "gate FAILED: pass rate 90.0% against --fail-under 95.0%" in out
    SCHEMA.validate(str(tmp_path / "report.xml"))
    suite = ET.parse(tmp_path / "report.xml").getroot().find("testsuite")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("10", "1", "0")
    [failing] = [c for c in suite.findall("testcase") if c.find("failure") is not None]
    assert failing.get("name") == "q9" and failing.find("failure").get("message").startswith("something else entirely")
    # The same batch against a lower bar passes, without running anything again.
    rc, out, err = await rubricflow(client, task_queue, "batch", "status", name, "--fail-under", "0.9")
    assert rc == 0, err
    assert "gate passed: pass rate 90.0% against --fail-under 90.0%" in out


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--fail-under", "1.5"], "--fail-under must be a pass rate from 0 to 1"),
        (["--fail-under", "most"], "--fail-under must be a pass rate from 0 to 1"),
        (["--junit", "r.xml", "--no-follow"], "drop --no-follow"),
    ],
)
async def test_bad_gate_flags_are_refused_before_anything_starts(client, task_queue, tmp_path, flags, said):
    from tests.test_cli import rubricflow

    data = write_dataset(tmp_path, 1)
    rc, _, err = await rubricflow(
        client, task_queue, "batch", str(data), "--rubric", "- ok", "--model", "scripted:a.json", *flags
    )
    assert rc == 2 and said in err and "Traceback" not in err


class TestTheGitHubActionsExample:
    def job(self) -> dict:
        document = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
        return document["jobs"]["rubric-gate"]

    def test_it_is_a_valid_github_workflow(self):
        schema_file = resources.files("check_jsonschema.builtin_schemas.vendor") / "github-workflows.json"
        schema = json.loads(schema_file.read_text(encoding="utf-8"))
        document = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
        # YAML 1.1 reads the `on:` key as True; GitHub reads it as "on".
        document["on"] = document.pop(True)
        errors = [e.message for e in jsonschema.Draft7Validator(schema).iter_errors(document)]
        assert errors == []
        broken = {**document, "jobs": {"rubric-gate": {**self.job(), "runs-on": None, "stepz": []}}}
        assert list(jsonschema.Draft7Validator(schema).iter_errors(broken)), "the schema check can fail"

    def rubricflow_commands(self) -> list[list[str]]:
        found = []
        for step in self.job()["steps"]:
            script = step.get("run", "").replace("\\\n", " ")
            script = re.sub(r"\$\{\{[^}]*\}\}", "X", script)  # an expression GitHub fills in
            for line in script.splitlines():
                words = shlex.split(line, comments=True)
                for start, word in enumerate(words):
                    if word == "rubricflow":
                        argv = words[start + 1 :]
                        cut = next((i for i, w in enumerate(argv) if w in (">", "2>&1", "&", "&&", ";")), len(argv))
                        found.append(argv[:cut])
        return found

    def test_its_rubricflow_commands_exist_and_parse(self):
        commands = self.rubricflow_commands()
        assert [argv[0] for argv in commands] == ["dev", "batch"]
        for argv in commands:
            build_parser().parse_args(argv)  # an unknown command or flag exits here (SystemExit)
        batch = build_parser().parse_args(commands[1])
        assert (batch.fail_under, batch.junit) == ("0.9", "rubric-report.xml")

    def test_the_report_the_batch_writes_is_the_one_shown_and_kept(self):
        steps = self.job()["steps"]
        reporter = next(s for s in steps if s.get("uses", "").startswith("mikepenz/action-junit-report@"))
        kept = next(s for s in steps if s.get("uses", "").startswith("actions/upload-artifact@"))
        assert reporter["with"]["report_paths"] == "rubric-report.xml"
        assert "rubric-report.xml" in kept["with"]["path"]
        assert all(re.search(r"@v\d+$", s["uses"]) for s in steps if "uses" in s), "actions pinned to a major version"

    def test_it_waits_for_the_line_dev_prints_once_its_worker_polls(self):
        from rubricflow.cli import servers

        start = next(s for s in self.job()["steps"] if "rubricflow dev" in s.get("run", ""))
        waited = re.search(r'grep -q "([^"]+)" dev.log', start["run"]).group(1)
        assert waited in Path(servers.__file__).read_text(encoding="utf-8")

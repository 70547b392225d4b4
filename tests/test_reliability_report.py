"""The reliability tally adds up across processes: a pytest-xdist worker's tally reaches
the controller as plain data and is merged into the one the session prints."""

from __future__ import annotations

import json

from tests.reliability import Report


def test_tallies_of_two_processes_merge_into_one_report():
    one, two = Report(), Report()
    one.kill("worker", 2), one.refuse("bad rubric"), one.run("t1", "satisfied", "satisfied"), one.pickup(1.0)
    two.kill("worker"), two.fault("grpc"), two.run("t2", "satisfied", "failed"), two.figure("a figure")
    merged = Report()
    for report in (one, two):
        merged.merge(json.loads(json.dumps(report.to_dict())))  # what xdist carries is JSON-like
    lines = merged.lines()
    assert lines[0] == "killed:  3 (worker: 3)"
    assert lines[1] == "faulted: 1 (grpc: 1)"
    assert lines[2] == "refused: 1 (bad rubric: 1)"
    assert "a figure" in lines
    assert lines[-1].startswith("runs: 2 checked, 1 reached their expected terminal status, 1 lost")
    assert "t2: expected satisfied, got failed" in lines[-1]

"""Load: 200 concurrent scripted runs on one worker process, then on two; none is lost.

Uses the benchmark's own harness (`python -m benchmarks`, which also draws the
plot): a throwaway dev server and real `python -m rubricflow.worker` processes per configuration.
"""

from __future__ import annotations

import pytest

from benchmarks.load import measure
from tests.reliability import REPORT

pytestmark = [pytest.mark.reliability, pytest.mark.slow]

RUNS = 200


@pytest.mark.parametrize("workers", [1, 2])
async def test_200_concurrent_runs_all_reach_satisfied(tmp_path, workers):
    result = await measure(RUNS, workers, tmp_path)
    REPORT.runs(f"load, {workers} worker(s)", RUNS, int(result["failures"]))
    REPORT.figure(
        f"load: {RUNS} concurrent runs on {workers} worker process(es): {result['wall_s']:.1f} s, "
        f"{result['runs_per_s']:.1f} runs/s, p95 {result['p95_s']:.1f} s, failures {int(result['failures'])}"
    )
    assert result["failures"] == 0

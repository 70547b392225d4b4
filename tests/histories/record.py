"""Record the histories that `test_recorded_histories_replay` replays.

Run after a deliberate, compatible workflow change that needs new reference histories
(`python -m tests.histories.record`); never to paper over a replay failure.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
import uuid
from pathlib import Path

from temporalio.contrib.pydantic import pydantic_data_converter
from temporalio.testing import WorkflowEnvironment

from rubricflow.client import Rubricflow
from rubricflow.devserver import temporal_binary
from tests.helpers import verdict
from rubricflow.worker import build_worker
from rubricflow.workflows.types import AgentSettings, GraderSettings, RunInput

HERE = Path(__file__).parent


def _script(folder: Path, name: str, *responses: object) -> str:
    path = folder / f"{name}.json"
    path.write_text(json.dumps({"responses": list(responses)}))
    return f"scripted:{path}"


async def main() -> None:
    env = await WorkflowEnvironment.start_local(
        dev_server_existing_path=temporal_binary(), data_converter=pydantic_data_converter
    )
    queue = f"record-{uuid.uuid4().hex[:8]}"
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        cases = {
            "revision_then_satisfied": RunInput(
                message="Write find_duplicates(items).",
                rubric="- tests pass\n- has a docstring",
                agent=AgentSettings(model=_script(folder, "a1", "v1", "v2")),
                grader=GraderSettings(model=_script(
                    folder, "g1",
                    verdict("needs_revision", "no", tests="fails", docstring=True),
                    verdict("satisfied", "yes", tests=True, docstring=True),
                )),
            ),
            "grader_error": RunInput(
                message="hi",
                rubric="- polite",
                agent=AgentSettings(model=_script(folder, "a2", "hello")),
                grader=GraderSettings(model=_script(folder, "g2", {"error": {"status": 401}})),
            ),
            "no_rubric": RunInput(
                message="hi", agent=AgentSettings(model=_script(folder, "a3", "hello"))
            ),
        }
        try:
            async with build_worker(env.client, queue=queue):
                rf = Rubricflow(env.client, queue)
                for name, run_in in cases.items():
                    run = await rf.start(run_in, f"recorded-{name}-{uuid.uuid4().hex[:6]}")
                    await run.result()
                    history = await run.handle.fetch_history()
                    (HERE / f"{name}.json").write_text(history.to_json())
                    print(f"recorded {name}")
        finally:
            await env.shutdown()


if __name__ == "__main__":
    asyncio.run(main())

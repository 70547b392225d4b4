"""Run by path from a user's project: what `import workflows` and rubricflow resolve to (JSON)."""

import json

import activities
import rubricflow
import rubricflow.worker
import worker
import workflows
from rubricflow.client import Rubricflow
from rubricflow.workflows.types import AgentSettings, RunInput

run = RunInput(message="hello", agent=AgentSettings(model="scripted:agent.json"))
print(
    json.dumps(
        {
            "user": [workflows.MARKER, activities.MARKER, worker.MARKER],
            "workflows": workflows.__file__,
            "rubricflow": rubricflow.__file__,
            "rubricflow.worker": rubricflow.worker.__file__,
            "client": Rubricflow.__module__,
            "run": run.model_dump(mode="json"),
        }
    )
)

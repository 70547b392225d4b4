"""Workflow classes and the pydantic contract of a grading run."""

# The contract first: `state` builds on `types`, and `types.RunInput` carries a `ThreadState`.
from rubricflow.workflows import types as _types  # noqa: F401

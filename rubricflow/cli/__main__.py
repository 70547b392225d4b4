"""`python -m rubricflow.cli`, the same as the `rubricflow` command."""

from rubricflow.cli import entrypoint

entrypoint()

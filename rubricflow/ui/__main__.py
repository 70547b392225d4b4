"""`python -m rubricflow.ui`: the web view (`rubricflow ui` runs this)."""

from rubricflow.ui.main import entrypoint

entrypoint()

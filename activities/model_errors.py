"""The error every model builder raises for a model string it cannot build."""

from __future__ import annotations


class ModelConfigError(ValueError):
    """A model string that cannot be built here; retrying will not help."""


class ModelOutputError(ValueError):
    """A model's output that cannot be used as given (a malformed tool call); another
    sample may be usable, so it is retried."""

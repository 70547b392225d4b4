"""The error every model builder raises for a model string it cannot build."""

from __future__ import annotations


class ModelConfigError(ValueError):
    """A model string that cannot be built here; retrying will not help."""

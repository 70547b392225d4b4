"""The base of every error rubricflow raises to a caller, below everything else of ours.

Library code raises these and never exits: a host application that runs rubricflow inside
its own process catches them (`except RubricflowError`, or `except ValueError` for the
ones that are bad values), and only a program's `main` turns them into an exit code.
"""

from __future__ import annotations


class RubricflowError(Exception):
    """Base of rubricflow's errors; the message says what happened and what to do."""


class ConfigError(RubricflowError, ValueError):
    """A setting rubricflow cannot use (an environment variable, a plugin argument, the
    namespace or address it was pointed at); the message names it and says what to fix."""


class RunRefused(RubricflowError, ValueError):
    """A run, message or decision that cannot go ahead as asked; the message says what to
    change or install."""


class NamespaceNotFound(ConfigError):
    """The Temporal namespace a client or worker was pointed at does not exist there."""

    def __init__(self, namespace: str, address: str) -> None:
        self.namespace, self.address = namespace, address
        super().__init__(
            f"namespace {namespace!r} does not exist on the Temporal server at {address}: set "
            "TEMPORAL_NAMESPACE to one it has (`temporal operator namespace list`), or create "
            f"it (`temporal operator namespace create --namespace {namespace}`)"
        )

"""The CLI's exit codes, one table, and the code a run's final status maps to."""

from __future__ import annotations

EXIT_OK, EXIT_NOT_SATISFIED, EXIT_BAD_INPUT, EXIT_UNREACHABLE = 0, 1, 2, 3
EXIT_INTERRUPTED, EXIT_BROKEN_PIPE = 130, 141
"""The exit codes, one table (documented in `rubricflow --help` and docs/cli.md)."""


def exit_code(status: str) -> int:
    return EXIT_OK if status in ("satisfied", "answered") else EXIT_NOT_SATISFIED


DEMO_VERDICTS = ("satisfied", "max_iterations_reached", "failed")
"""The endings of a demo that ran to a verdict (the grader's, or the cap on its passes):
exit 0. The demo shows the loop; which verdict it reaches is what it shows, not an error."""


def demo_exit_code(status: str) -> int:
    return EXIT_OK if status in DEMO_VERDICTS else EXIT_NOT_SATISFIED

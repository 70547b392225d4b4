"""What an agent turn leaves in the thread: its file changes and todos within the
thread's limits, and its transcript with long file-writing arguments cut short."""

from __future__ import annotations

from typing import Any

from temporalio.exceptions import ApplicationError

from rubricflow.activities.step_guards import refused_if_too_large
from rubricflow.workflows import errors
from rubricflow.workflows.failures import FailureDetails
from rubricflow.workflows.files import AgentFile, Todo, changed_files, file_path, limit_problem
from rubricflow.workflows.sizes import MAX_TODOS_BYTES, check_fits
from rubricflow.workflows.types import AgentTurnInput, Message

MAX_FILE_ARG_CHARS = 4_000
"""A `write_file` / `edit_file` call keeps at most this much of its text in the transcript:
the whole file is in the thread's files, and the transcript travels in every turn's input
beside them (Temporal's payload limit is 2 MiB)."""


def compact_file_args(message: Message) -> Message:
    if not message.tool_calls:
        return message
    calls = []
    for call in message.tool_calls:
        if call.name in ("write_file", "edit_file"):
            args = dict(call.args)
            for key in ("content", "old_string", "new_string"):
                value = args.get(key)
                if isinstance(value, str) and len(value) > MAX_FILE_ARG_CHARS:
                    args[key] = (
                        value[:MAX_FILE_ARG_CHARS]
                        + f"...({len(value) - MAX_FILE_ARG_CHARS} more characters, in the thread's files)"
                    )
            call = call.model_copy(update={"args": args})
        calls.append(call)
    return message.model_copy(update={"tool_calls": calls})


def turn_files(input: AgentTurnInput, state: dict[str, Any]) -> tuple[dict[str, AgentFile | None], list[Todo] | None]:
    """What the turn changed in the thread's files, and its todos; a non-retryable
    `FileLimitExceeded` when the files ended past the thread's limits, `PayloadTooLarge`
    when the todos did."""
    if input.settings.agent == "default":
        return {}, None
    after = {file_path(p): AgentFile.model_validate(f) for p, f in (state.get("files") or {}).items()}
    problem = limit_problem(after)
    if problem is not None:
        raise ApplicationError(
            f"agent {input.settings.agent!r}: {problem}",
            FailureDetails(exception_type="FileLimitError"),
            type=errors.FILE_LIMIT_EXCEEDED,
            non_retryable=True,
        )
    todos = state.get("todos")
    before = [t.model_dump() for t in input.todos]
    new_todos = None if todos is None or todos == before else [Todo.model_validate(t) for t in todos]
    with refused_if_too_large(input.settings.model):
        check_fits(new_todos, MAX_TODOS_BYTES, f"agent {input.settings.agent!r}'s todo list")
    return changed_files(dict(input.files), after), new_todos

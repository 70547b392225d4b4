"""An agent's virtual files and todos, as thread state.

A `deep` agent (deepagents) keeps a virtual filesystem and a todo list in its graph
state. Under rubricflow they are the thread's: each agent turn receives the thread's
files and returns what it changed; the workflow keeps them (within the limits below),
carries them over continue-as-new, hands them to the grader and shows them in
`progress`. Pure and deterministic: no Temporal, no I/O.

Paths are stored as deepagents writes them, absolute (`/solution.py`); every place
that names a file accepts it with or without the leading slash (`file_path`).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

MAX_FILES = 200
"""At most this many files per thread."""
MAX_FILES_BYTES = 1_000_000
"""At most this many bytes (UTF-8 content, all files together) per thread: the files
travel in every agent-turn and grader-pass input, under Temporal's 2 MiB payload limit."""


class AgentFile(BaseModel):
    """One virtual file: deepagents' `FileData` (content, encoding, timestamps)."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    content: str
    encoding: str = "utf-8"
    created_at: str | None = None
    modified_at: str | None = None

    @property
    def size(self) -> int:
        return len(self.content.encode("utf-8"))


class Todo(BaseModel):
    """One entry of a deep agent's `write_todos` list."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    content: str
    status: str = "pending"


class FileInfo(BaseModel):
    """A file as `progress` lists it: its path and size in bytes."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    path: str
    size: int = Field(ge=0)


class FileLimitError(ValueError):
    """The thread's files would pass `MAX_FILES` or `MAX_FILES_BYTES`."""


def file_path(path: str) -> str:
    """The stored form of a path: absolute, as deepagents writes it ("solution.py" and
    "/solution.py" name the same file)."""
    path = path.strip()
    if not path:
        raise ValueError("a file path is empty: name a file, e.g. solution.py")
    return path if path.startswith("/") else "/" + path


def limit_problem(files: dict[str, AgentFile]) -> str | None:
    """Why these files are over the thread's limits, or None when they fit."""
    return totals_problem(len(files), sum(f.size for f in files.values()))


def totals_problem(count: int, total: int) -> str | None:
    """`limit_problem` for files already counted: `count` of them, `total` bytes."""
    if count > MAX_FILES:
        return (
            f"the thread would hold {count} files; at most {MAX_FILES} are allowed: "
            "delete files you no longer need or merge small ones"
        )
    if total > MAX_FILES_BYTES:
        return (
            f"the thread's files would total {total} bytes; at most {MAX_FILES_BYTES} bytes "
            "are allowed: write smaller files or delete ones you no longer need"
        )
    return None


def apply_changes(files: dict[str, AgentFile], changes: dict[str, AgentFile | None]) -> dict[str, AgentFile]:
    """The files after a turn's changes (None deletes a file); `FileLimitError` past the limits."""
    result = dict(files)
    for path, data in changes.items():
        if data is None:
            result.pop(file_path(path), None)
        else:
            result[file_path(path)] = data
    problem = limit_problem(result)
    if problem is not None:
        raise FileLimitError(problem)
    return result


def changed_files(before: dict[str, AgentFile], after: dict[str, AgentFile]) -> dict[str, AgentFile | None]:
    """What a turn changed: new or modified files, and None for each deleted one."""
    changes: dict[str, AgentFile | None] = {p: f for p, f in after.items() if before.get(p) != f}
    changes.update({p: None for p in before if p not in after})
    return changes


def file_listing(files: dict[str, AgentFile]) -> list[FileInfo]:
    return [FileInfo(path=p, size=f.size) for p, f in sorted(files.items())]

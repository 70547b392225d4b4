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

from rubricflow.workflows.sizes import MAX_FILES_BYTES, MAX_PATH_BYTES, WORKFLOW_FILES_BYTES

MAX_FILES = 200
"""At most this many files per thread."""


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
    """The thread's files would pass their limits (`limit_problem`)."""


def file_path(path: str) -> str:
    """The stored form of a path: absolute, as deepagents writes it ("solution.py" and
    "/solution.py" name the same file)."""
    path = path.strip()
    if not path:
        raise ValueError("a file path is empty: name a file, e.g. solution.py")
    return path if path.startswith("/") else "/" + path


def limit_problem(files: dict[str, AgentFile]) -> str | None:
    """Why these files are over the limits the workers keep (`MAX_FILES`,
    `sizes.MAX_FILES_BYTES`, `sizes.MAX_PATH_BYTES`), or None when they fit."""
    long = next((p for p in files if len(p.encode("utf-8")) > MAX_PATH_BYTES), None)
    if long is not None:
        return path_problem(long)
    return totals_problem(len(files), sum(f.size for f in files.values()))


def path_problem(path: str) -> str | None:
    """Why a file path is too long to keep, or None."""
    size = len(path.encode("utf-8"))
    if size <= MAX_PATH_BYTES:
        return None
    return f"a file path has {size} bytes; at most {MAX_PATH_BYTES} are allowed: choose a shorter path"


def totals_problem(count: int, total: int, max_bytes: int = MAX_FILES_BYTES) -> str | None:
    """`limit_problem` for files already counted: `count` of them, `total` bytes."""
    if count > MAX_FILES:
        return (
            f"the thread would hold {count} files; at most {MAX_FILES} are allowed: "
            "delete files you no longer need or merge small ones"
        )
    if total > max_bytes:
        return (
            f"the thread's files would total {total} bytes; at most {max_bytes} bytes "
            "are allowed: write smaller files or delete ones you no longer need"
        )
    return None


def apply_changes(files: dict[str, AgentFile], changes: dict[str, AgentFile | None]) -> dict[str, AgentFile]:
    """The files after a turn's changes (None deletes a file); `FileLimitError` past the
    limits the workflow checks (`sizes.WORKFLOW_FILES_BYTES`: the workers refuse sooner)."""
    result = dict(files)
    for path, data in changes.items():
        if data is None:
            result.pop(file_path(path), None)
        else:
            result[file_path(path)] = data
    problem = totals_problem(len(result), sum(f.size for f in result.values()), WORKFLOW_FILES_BYTES)
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

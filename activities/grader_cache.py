"""The grader cache: a grader pass that would answer the same again is not paid for twice.

A pass is cacheable when its answer is a function of its input: the grader runs at
temperature 0 with one sample (`GraderSettings.samples`), calls no evidence tool (a tool
may read a world that changed), and the run has not turned the cache off
(`GraderSettings.cache`, `--no-cache`). Which models answer alike at temperature 0 the
model factory says (`ModelFactory.cache_identity`).

The key is the SHA-256 of everything the verdict depends on: the model's identity, the
strategy and the grader settings that shape a verdict, the rubric, the criteria frozen for
the run, the iteration (it is in the grader's prompt), the transcript, the thread's files
(checks run on them) and the worker's check names. The value is the pass's `GradeResult`.

Entries are files under a directory (`WorkerConfig.grader_cache_dir`, by default
`DATA_DIR/grader-cache`; several workers may share one): `KEY[:2]/KEY.json`, written to a
temporary file beside it and moved into place, so an entry is whole or absent. An entry
that does not read back (cut short, edited, another version's) is a miss and is removed,
never a failure. The directory is bounded (`grader_cache_max_bytes`): past it, the entries
used longest ago (a hit touches its file) are removed until it is at three quarters.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
import threading
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from rubricflow.workflows.types import GradeInput, GradeResult, Usage

CACHE_VERSION = 1
"""Part of every key: a new version of what an entry holds never reads an old one."""
DEFAULT_MAX_BYTES = 256 * 1024 * 1024
VERDICT_FIELDS = ("system_prompt", "tools", "grading", "samples", "max_grader_calls")
"""The grader settings that shape a pass's verdict (its model is in the key on its own).
The iteration cap, timeouts, prices, review and pass score shape what the thread does
with a verdict, not the verdict."""


def cache_key(input: GradeInput, model_identity: str, strategy: str, checks: list[str]) -> str:
    """The digest of everything a pass's verdict depends on."""
    settings = input.settings
    assert settings is not None, "a pass's settings are whole by the time it is keyed"
    parts: dict[str, Any] = {
        "version": CACHE_VERSION,
        "model": model_identity,
        "strategy": strategy,
        "settings": settings.model_dump(mode="json", include=set(VERDICT_FIELDS)),
        "rubric": input.rubric,
        "frozen": input.frozen_criteria,
        "iteration": input.iteration,
        "transcript": [m.model_dump(mode="json") for m in input.transcript],
        "files": {path: f.model_dump(mode="json") for path, f in sorted(input.files.items())},
        "agent": input.agent,
        "checks": sorted(checks),
    }
    canonical = json.dumps(parts, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class GraderCache:
    """Grade results by key, in files under `root`, within `max_bytes`.

    The methods do file I/O: the activity calls them in a thread (`asyncio.to_thread`)."""

    def __init__(self, root: Path, max_bytes: int = DEFAULT_MAX_BYTES) -> None:
        self.root = root
        self.max_bytes = max_bytes
        self._lock = threading.Lock()
        self._bytes: int | None = None
        """What this process believes the directory holds: counted once, then kept."""

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> GradeResult | None:
        """The cached result for `key`, marked as from the cache (no model calls, no
        tokens spent now); None on a miss, including an entry that does not read back."""
        path = self._path(key)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("key") != key:
                raise ValueError("not this key's entry")
            result = GradeResult.model_validate(data["result"])
        except FileNotFoundError:
            return None
        except (OSError, ValueError, KeyError, ValidationError):
            with contextlib.suppress(OSError):
                path.unlink()
            return None
        with contextlib.suppress(OSError):
            os.utime(path)  # used now: evicted last
        return result.model_copy(update={"from_cache": True, "model_calls": 0, "usage": Usage(), "hooks": None})

    def put(self, key: str, result: GradeResult) -> None:
        """Keep `result` under `key` (whole or not at all), then keep the directory within
        its bound. A failure to write is not the pass's failure: the entry is just absent."""
        entry = {"key": key, "result": result.model_copy(update={"hooks": None}).model_dump(mode="json")}
        data = json.dumps(entry, separators=(",", ":")).encode("utf-8")
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".", suffix=".tmp")
            try:
                with os.fdopen(fd, "wb") as handle:
                    handle.write(data)
                os.replace(temporary, path)
            except BaseException:
                with contextlib.suppress(OSError):
                    os.unlink(temporary)
                raise
        except OSError:
            return
        with self._lock:
            if self._bytes is None:
                self._bytes = self._measure()
            else:
                self._bytes += len(data)
            if self._bytes > self.max_bytes:
                self._bytes = self._evict(self.max_bytes * 3 // 4)

    def _entries(self) -> list[tuple[float, int, Path]]:
        entries = []
        for path in self.root.glob("*/*.json"):
            with contextlib.suppress(OSError):
                info = path.stat()
                entries.append((info.st_mtime, info.st_size, path))
        return entries

    def _measure(self) -> int:
        return sum(size for _, size, _ in self._entries())

    def _evict(self, target: int) -> int:
        """Remove the entries used longest ago until the directory holds at most `target`
        bytes; returns what it holds then."""
        entries = sorted(self._entries())
        total = sum(size for _, size, _ in entries)
        for _, size, path in entries:
            if total <= target:
                break
            with contextlib.suppress(OSError):
                path.unlink()
                total -= size
        return total

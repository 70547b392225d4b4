"""Per-evaluation hooks (the middleware's `on_evaluation`), delivered by an activity.

Hooks are configured on the worker, never in a payload: `RUBRICFLOW_HOOKS` (read by
`worker.py` into `WorkerConfig.hooks`) lists
`module:function` callables (sync or async, called with the `Evaluation` and the thread
id) and `http(s)://` webhook URLs (POSTed the evaluation as JSON, with an
`Idempotency-Key` header of `thread:grading_run_id:iteration`).

The workflow schedules one `deliver_evaluation` activity per evaluation, so replay never
fires a hook again (the activity's completion is in the history). A crash after a hook
was delivered but before the activity completed would retry it: a ledger of delivered
keys (one empty file each, in the worker's data directory) makes the retry skip what
was already delivered. A failing hook is logged and never stops the run.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib
import inspect
import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx

from rubricflow.workflows.types import HookInput

log = logging.getLogger("rubricflow.hooks")

WEBHOOK_TIMEOUT_S = 10.0


@dataclass(frozen=True)
class Hook:
    target: str
    """`module:function` or a webhook URL, as configured."""

    def is_webhook(self) -> bool:
        return self.target.startswith(("http://", "https://"))


def parse_hooks(spec: str | None) -> list[Hook]:
    """`RUBRICFLOW_HOOKS`: comma-separated `module:function` and webhook URLs."""
    hooks = []
    for raw in (spec or "").split(","):
        target = raw.strip()
        if not target:
            continue
        hook = Hook(target)
        if not hook.is_webhook() and ":" not in target:
            raise ValueError(
                f"hook {target!r} is neither 'module:function' nor an http(s) URL"
            )
        hooks.append(hook)
    return hooks


def _resolve(target: str) -> Callable[..., Any]:
    module, _, name = target.partition(":")
    fn = getattr(importlib.import_module(module), name, None)
    if not callable(fn):
        raise ValueError(f"hook {target!r} does not name a callable")
    return fn


class Ledger:
    """Keys of delivered (hook, evaluation) pairs, shared by a machine's workers."""

    def __init__(self, root: Path) -> None:
        self.root = root

    def _path(self, hook: Hook, key: str) -> Path:
        digest = hashlib.sha256(f"{hook.target}\0{key}".encode()).hexdigest()[:40]
        return self.root / digest

    def delivered(self, hook: Hook, key: str) -> bool:
        return self._path(hook, key).exists()

    def mark(self, hook: Hook, key: str) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        self._path(hook, key).touch()


async def deliver(hooks: Sequence[Hook], ledger: Ledger, input: HookInput) -> list[str]:
    """Deliver one evaluation to every hook; return the targets that failed."""
    key = f"{input.thread_id}:{input.evaluation.operation_id}"
    failed = []
    for hook in hooks:
        if ledger.delivered(hook, key):
            continue
        try:
            if hook.is_webhook():
                async with httpx.AsyncClient(timeout=WEBHOOK_TIMEOUT_S) as http:
                    response = await http.post(
                        hook.target,
                        json={"thread_id": input.thread_id, **input.evaluation.model_dump(mode="json")},
                        headers={"Idempotency-Key": key},
                    )
                    response.raise_for_status()
            else:
                fn = _resolve(hook.target)
                if inspect.iscoroutinefunction(fn):
                    await fn(input.evaluation, input.thread_id)
                else:  # a blocking hook must not stall the worker's event loop
                    result = await asyncio.to_thread(fn, input.evaluation, input.thread_id)
                    if inspect.isawaitable(result):
                        await result
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("hook %s failed for evaluation %s; the run goes on", hook.target, key)
            failed.append(hook.target)
            continue
        ledger.mark(hook, key)
    return failed

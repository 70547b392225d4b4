"""Per-evaluation hooks (the middleware's `on_evaluation`), delivered by an activity.

Hooks are configured on the worker, never in a payload: `RUBRICFLOW_HOOKS` (read by
`worker_env.py` into `WorkerConfig.hooks`) lists
`module:function` callables (sync or async, called with the `Evaluation` and the thread
id) and `http(s)://` webhook URLs (POSTed the evaluation as JSON, with an
`Idempotency-Key` header of `thread:grading_run_id:iteration`).

The workflow schedules one `deliver_evaluation` activity per evaluation, so replay never
fires a hook again (the activity's completion is in the history). A crash after a hook
was delivered but before the activity completed would retry it: a ledger of delivered
keys (one empty file each, in the worker's data directory) makes the retry skip what
was already delivered. A failing hook is logged and never stops the run.

Each webhook delivery has a total deadline (`WEBHOOK_DEADLINE_S`: connect, send and
read together), so a receiver that trickles bytes cannot hold a delivery. A 5xx answer,
a transport error or a missed deadline raises a retryable `HookDeliveryFailed`: the
activity's retry policy tries again with backoff, and the ledger skips the hooks that
already got it. On the last attempt (and at once for a 4xx answer or a failing callable)
the failure is logged in one line and returned, and the workflow records it.

With `RUBRICFLOW_WEBHOOK_SECRET` (`whsec_` + base64) set, every webhook delivery is
signed the Standard Webhooks way: `webhook-id` (the idempotency key),
`webhook-timestamp` (Unix seconds) and `webhook-signature`
(`v1,` + base64 HMAC-SHA256 of `id.timestamp.body`).
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import hashlib
import hmac
import importlib
import inspect
import json
import logging
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from temporalio.exceptions import ApplicationError, ApplicationErrorCategory

from rubricflow.workflows import errors
from rubricflow.workflows.types import HookInput

log = logging.getLogger("rubricflow.hooks")

WEBHOOK_TIMEOUT_S = 10.0
"""httpx's per-phase timeout (connect, write, each read)."""
WEBHOOK_DEADLINE_S = 15.0
"""One webhook delivery, connect + send + read, in total."""
SECRET_PREFIX = "whsec_"
_CALLABLE = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")


class HookUnavailable(Exception):
    """A delivery that may succeed later (5xx, transport error, deadline): retried."""


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
        if hook.is_webhook():
            if not urlsplit(target).hostname:
                raise ValueError(f"webhook {target!r} has no host")
        elif "://" in target:
            raise ValueError(f"hook {target!r}: only http:// and https:// webhooks are supported")
        elif not _CALLABLE.match(target):
            raise ValueError(f"hook {target!r} is neither 'module:function' nor an http(s) URL")
        hooks.append(hook)
    return hooks


def check_hooks(hooks: Sequence[Hook]) -> None:
    """At worker start: every `module:function` imports and names a callable (a
    `ValueError` saying which does not), so a typo stops the worker, not a delivery."""
    for hook in hooks:
        if hook.is_webhook():
            continue
        try:
            _resolve(hook.target)
        except ImportError as exc:
            raise ValueError(f"hook {hook.target!r}: cannot import its module ({exc})") from None


def parse_webhook_secret(raw: str | None) -> bytes | None:
    """`RUBRICFLOW_WEBHOOK_SECRET`: `whsec_` followed by base64 (Standard Webhooks)."""
    if not raw:
        return None
    if not raw.startswith(SECRET_PREFIX):
        raise ValueError("it must start with 'whsec_' followed by base64 bytes")
    try:
        secret = base64.b64decode(raw[len(SECRET_PREFIX) :], validate=True)
    except (binascii.Error, ValueError):
        raise ValueError("the part after 'whsec_' is not valid base64") from None
    if len(secret) < 16:
        raise ValueError(f"the secret has {len(secret)} bytes; use at least 16 (24 to 64 are usual)")
    return secret


def sign(secret: bytes, msg_id: str, timestamp: int, body: bytes) -> str:
    """The `webhook-signature` header of Standard Webhooks."""
    mac = hmac.new(secret, f"{msg_id}.{timestamp}.".encode() + body, hashlib.sha256).digest()
    return "v1," + base64.b64encode(mac).decode()


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

    def _path(self, hook: Hook, key: str, suffix: str = "") -> Path:
        digest = hashlib.sha256(f"{hook.target}\0{key}".encode()).hexdigest()[:40]
        return self.root / (digest + suffix)

    def delivered(self, hook: Hook, key: str) -> bool:
        return self._path(hook, key).exists()

    def mark(self, hook: Hook, key: str) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        self._path(hook, key).touch()

    def failed(self, hook: Hook, key: str) -> bool:
        """Failed for good on an earlier attempt (a retry for another hook neither runs
        nor logs it again; the final attempt still reports it)."""
        return self._path(hook, key, ".failed").exists()

    def mark_failed(self, hook: Hook, key: str) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        self._path(hook, key, ".failed").touch()


async def _post(url: str, key: str, body: bytes, secret: bytes | None) -> None:
    headers = {"Idempotency-Key": key, "Content-Type": "application/json"}
    if secret is not None:
        timestamp = int(time.time())
        headers |= {
            "webhook-id": key,
            "webhook-timestamp": str(timestamp),
            "webhook-signature": sign(secret, key, timestamp, body),
        }
    try:
        async with asyncio.timeout(WEBHOOK_DEADLINE_S):
            async with httpx.AsyncClient(timeout=WEBHOOK_TIMEOUT_S) as http:
                response = await http.post(url, content=body, headers=headers)
    except TimeoutError:
        raise HookUnavailable(f"no complete answer within {WEBHOOK_DEADLINE_S:.0f} s") from None
    except httpx.TransportError as exc:
        raise HookUnavailable(f"{type(exc).__name__}: {exc}") from None
    if response.status_code >= 500:
        raise HookUnavailable(f"HTTP {response.status_code}")
    if response.status_code >= 400:
        raise ValueError(f"HTTP {response.status_code}")


async def _call(hook: Hook, key: str, input: HookInput, secret: bytes | None) -> None:
    """One hook, once: a webhook POST, or the callable (a blocking one in a thread, so it
    cannot stall the worker's event loop)."""
    if hook.is_webhook():
        body = json.dumps({"thread_id": input.thread_id, **input.evaluation.model_dump(mode="json")}).encode()
        await _post(hook.target, key, body, secret)
        return
    fn = _resolve(hook.target)
    if inspect.iscoroutinefunction(fn):
        await fn(input.evaluation, input.thread_id)
        return
    result = await asyncio.to_thread(fn, input.evaluation, input.thread_id)
    if inspect.isawaitable(result):
        await result


async def deliver(
    hooks: Sequence[Hook],
    ledger: Ledger,
    input: HookInput,
    *,
    secret: bytes | None = None,
    final_attempt: bool = True,
) -> list[str]:
    """Deliver one evaluation to every hook; return the targets that failed for good.

    Unless this is the final attempt, a hook that may succeed later (5xx, transport
    error, deadline) makes it raise a retryable `ApplicationError` once every hook was
    tried; the ledger keeps the next attempt from repeating those that got it."""
    key = f"{input.thread_id}:{input.evaluation.operation_id}"
    failed: list[str] = []
    retry: list[str] = []
    for hook in hooks:
        if ledger.delivered(hook, key):
            continue
        if ledger.failed(hook, key):
            failed.append(hook.target)
            continue
        try:
            await _call(hook, key, input, secret)
        except asyncio.CancelledError:
            raise
        except HookUnavailable as exc:
            if not final_attempt:
                retry.append(f"{hook.target} ({exc})")
                continue
            log.warning(
                "hook %s failed for evaluation %s after its retries: %s; the run goes on", hook.target, key, exc
            )
            failed.append(hook.target)
            continue
        except Exception as exc:
            log.warning(
                "hook %s failed for evaluation %s: %s: %s; the run goes on", hook.target, key, type(exc).__name__, exc
            )
            failed.append(hook.target)
            ledger.mark_failed(hook, key)
            continue
        ledger.mark(hook, key)
    if retry:
        raise ApplicationError(
            f"hook delivery for {key} will be retried: " + "; ".join(retry),
            failed,
            type=errors.HOOK_UNAVAILABLE,
            category=ApplicationErrorCategory.BENIGN,  # expected, retried: no traceback in the log
        )
    return failed

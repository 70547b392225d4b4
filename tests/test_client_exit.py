"""A short-lived client process exits with its own exit code, never a CPython abort.

Temporal's Rust client hands each call's result back through the asyncio loop and then,
on one of its threads, drops its references to that loop's objects. If the interpreter is
already finalizing by then, CPython 3.11 ends that thread inside its GIL request and the
process aborts ("PyGILState_Release: thread state ... must be current when releasing",
temporalio/sdk-python#300). The README's Python example hit it in 5 of 40 exits.
"""

from __future__ import annotations

import asyncio
import sys
import weakref
from pathlib import Path

from rubricflow import bridge_exit
from tests.test_cli import cli_env

# One call into the Rust client as the process's last act: the exit races its tail.
SCRIPT = """
import asyncio
from rubricflow import Rubricflow

async def main() -> None:
    rf = await Rubricflow.connect()
    print(await rf.workers_polling())

asyncio.run(main())
"""

EXITS = 40  # without the exit wait, 5 of these 40 aborted (and 10 of 150 exits one at a time)
PARALLEL = 4


async def test_client_processes_exit_cleanly(client, task_queue, tmp_path: Path):
    script = tmp_path / "short_client.py"
    script.write_text(SCRIPT, encoding="utf-8")
    env = cli_env(client, task_queue)
    gate = asyncio.Semaphore(PARALLEL)

    async def one() -> tuple[int, str]:
        async with gate:
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                str(script),
                env=env,
                cwd=str(tmp_path),
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
            )
            out, err = await asyncio.wait_for(proc.communicate(), timeout=120)
            assert out.decode().strip() == "0", err.decode()  # the call itself answered
            return proc.returncode, err.decode()

    results = await asyncio.gather(*(one() for _ in range(EXITS)))
    failed = [(code, err.strip().splitlines()[:2]) for code, err in results if code != 0]
    assert not failed, f"{len(failed)} of {EXITS} client processes did not exit 0: {failed[:3]}"


def test_the_exit_wait_ends_when_the_loops_are_freed_and_at_its_bound_otherwise(monkeypatch):
    monkeypatch.setattr(bridge_exit, "_loops", weakref.WeakSet())
    assert bridge_exit.drain(deadline_s=30) is True  # nothing held: no wait

    loop = asyncio.new_event_loop()
    loop.run_until_complete(held())
    assert len(bridge_exit._loops) == 1
    assert bridge_exit.drain(deadline_s=0.05) is False  # still referenced: the bound ends it

    loop.close()
    del loop
    assert bridge_exit.drain(deadline_s=30) is True


async def held() -> None:
    bridge_exit.hold_exit_for_running_loop()


def test_holding_without_a_running_loop_holds_nothing(monkeypatch):
    monkeypatch.setattr(bridge_exit, "_loops", weakref.WeakSet())
    bridge_exit.hold_exit_for_running_loop()
    assert len(bridge_exit._loops) == 0

"""cgroups v2 for the sandbox: one memory group and one pids group per run, made where
the worker may write them, so every process of a run shares one memory and process cap."""

from __future__ import annotations

import os
import signal
import time
import uuid
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rubricflow.activities.sandbox_isolation import SandboxLimits


CGROUP_ROOT = "/sys/fs/cgroup"


class Cgroup:
    """One cgroup directory made for one run."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.procs = os.path.join(path, "cgroup.procs")

    @classmethod
    def make(cls, root: str, required: dict[str, str], optional: dict[str, str]) -> Cgroup | None:
        """A new group under root with its settings written (`optional` where the file
        exists), or None if it cannot be made or a required setting cannot be written."""
        path = os.path.join(root, f"rubricflow-sandbox-{os.getpid()}-{uuid.uuid4().hex[:12]}")
        try:
            os.mkdir(path, 0o700)
        except OSError:
            return None
        group = cls(path)
        try:
            for name, value in (*required.items(), *optional.items()):
                if name in required or os.path.exists(os.path.join(path, name)):
                    with open(os.path.join(path, name), "w") as handle:
                        handle.write(value)
        except OSError:
            group.remove()
            return None
        return group

    def counter(self, files: tuple[str, ...], key: str) -> int:
        """The `key N` line of the first of files that exists (0 if none says it)."""
        for name in files:
            try:
                with open(os.path.join(self.path, name)) as handle:
                    for line in handle:
                        if line.split()[:1] == [key]:
                            return int(line.split()[1])
            except (OSError, ValueError, IndexError):
                continue
        return 0

    def remove(self) -> None:
        """Kill what is left in the group, then remove it (bounded)."""
        deadline = time.monotonic() + 2.0
        while True:
            try:
                os.rmdir(self.path)
                return
            except OSError:
                if time.monotonic() > deadline:
                    return
            try:
                with open(self.procs) as handle:
                    for line in handle:
                        try:
                            os.kill(int(line), signal.SIGKILL)
                        except (ProcessLookupError, ValueError):
                            pass
            except OSError:
                return
            time.sleep(0.01)


class SandboxCgroups:
    """The run's pids and memory cgroups, each where the worker may create it (cgroup v2
    with the controller enabled at the root, else the v1 hierarchy of that name): at most
    `max_processes` processes, and `memory_bytes` of memory for all of the sandbox's
    processes and the tmpfs pages they write, with no swap. Without a pids group,
    RLIMIT_NPROC inside the sandbox's user namespace is the process cap (which the kernel
    does not apply to a root worker's sandbox); without a memory group, only each process
    is capped (RLIMIT_AS) and the tmpfs by its size."""

    def __init__(self, pids: Cgroup | None = None, memory: Cgroup | None = None) -> None:
        self.pids = pids
        self.memory = memory

    @classmethod
    def create(cls, limits: SandboxLimits) -> SandboxCgroups:
        pids = {"pids.max": str(limits.max_processes)}
        memory = str(limits.memory_bytes)
        unified = _v2_controllers(CGROUP_ROOT) & {"pids", "memory"}
        if unified:  # one v2 group holds both controllers
            required = {
                **(pids if "pids" in unified else {}),
                **({"memory.max": memory} if "memory" in unified else {}),
            }
            group = Cgroup.make(CGROUP_ROOT, required, {"memory.swap.max": "0"})
            return cls(group if "pids" in unified else None, group if "memory" in unified else None)
        v1 = {name: os.path.join(CGROUP_ROOT, name) for name in ("pids", "memory")}
        return cls(
            Cgroup.make(v1["pids"], pids, {}) if os.path.isdir(v1["pids"]) else None,
            # memsw (memory plus swap) must be set after the memory limit it may not undercut
            Cgroup.make(v1["memory"], {"memory.limit_in_bytes": memory}, {"memory.memsw.limit_in_bytes": memory})
            if os.path.isdir(v1["memory"])
            else None,
        )

    def _groups(self) -> list[Cgroup]:
        return list({id(group): group for group in (self.pids, self.memory) if group}.values())

    def procs(self) -> list[str]:
        return [group.procs for group in self._groups()]

    def oom_kills(self) -> int:
        """How many of the sandbox's processes the memory limit killed."""
        if self.memory is None:
            return 0
        return self.memory.counter(("memory.events", "memory.oom_control"), "oom_kill")

    def remove(self) -> None:
        for group in self._groups():
            group.remove()


def _v2_controllers(root: str) -> set[str]:
    try:
        with open(os.path.join(root, "cgroup.subtree_control")) as handle:
            return set(handle.read().split())
    except OSError:
        return set()

"""What the reliability suite did, printed at the end of the session.

Tests note each process they killed, each fault they injected, each bad input they had
refused and each run whose terminal status they checked; `pytest_terminal_summary` in
conftest prints the tally, so `pytest -m reliability` ends by saying what was done to
the system and that nothing was lost.
"""

from __future__ import annotations

import statistics
from collections import Counter
from dataclasses import dataclass, field


@dataclass
class Report:
    killed: Counter[str] = field(default_factory=Counter)
    faulted: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    runs_checked: int = 0
    runs_lost: list[str] = field(default_factory=list)
    pickups_s: list[float] = field(default_factory=list)
    figures: list[str] = field(default_factory=list)

    def kill(self, what: str, count: int = 1) -> None:
        self.killed[what] += count

    def fault(self, what: str, count: int = 1) -> None:
        self.faulted[what] += count

    def refuse(self, kind: str) -> None:
        """One hostile or bad input turned away; `kind` groups them in the tally."""
        self.refused[kind] += 1

    def run(self, thread: str, expected: str, got: str) -> None:
        """A run whose terminal status a test checked against what it expected."""
        self.runs_checked += 1
        if got != expected:
            self.runs_lost.append(f"{thread}: expected {expected}, got {got}")

    def runs(self, label: str, checked: int, failed: int) -> None:
        """A batch of runs checked elsewhere (the load harness), `failed` of them not as expected."""
        self.runs_checked += checked
        self.runs_lost += [f"{label}: a run did not reach its expected status"] * failed

    def pickup(self, seconds: float) -> None:
        """Seconds from a worker's death to its in-flight step running elsewhere."""
        self.pickups_s.append(seconds)

    def figure(self, line: str) -> None:
        self.figures.append(line)

    def to_dict(self) -> dict[str, object]:
        """The tally as plain data: what a pytest-xdist worker sends its controller."""
        return {name: dict(v) if isinstance(v, Counter) else v for name, v in vars(self).items()}

    def merge(self, data: dict[str, object]) -> None:
        """Add another process's tally (`to_dict`) to this one."""
        for name, value in data.items():
            mine = getattr(self, name)
            if isinstance(mine, Counter):
                mine.update(value)
            elif isinstance(mine, list):
                mine.extend(value)
            else:
                setattr(self, name, mine + value)

    def empty(self) -> bool:
        return not (self.killed or self.faulted or self.refused or self.runs_checked or self.figures)

    def lines(self) -> list[str]:
        def tally(counter: Counter[str]) -> str:
            if not counter:
                return "none"
            return f"{sum(counter.values())} (" + ", ".join(f"{k}: {v}" for k, v in sorted(counter.items())) + ")"

        out = [
            f"killed:  {tally(self.killed)}",
            f"faulted: {tally(self.faulted)}",
            f"refused: {tally(self.refused)}",
        ]
        if self.pickups_s:
            out.append(
                f"in-flight steps running again after SIGKILL: median {statistics.median(self.pickups_s):.1f} s, "
                f"max {max(self.pickups_s):.1f} s over {len(self.pickups_s)} in-flight steps"
            )
        out += self.figures
        lost = len(self.runs_lost)
        out.append(
            f"runs: {self.runs_checked} checked, {self.runs_checked - lost} reached their "
            f"expected terminal status, {lost} lost"
            + (": nothing was lost" if lost == 0 else ": " + "; ".join(self.runs_lost))
        )
        return out


REPORT = Report()

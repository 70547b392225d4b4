"""The client's price table: what a model's tokens cost, in USD per million.

`RUBRICFLOW_PRICES` names a JSON or TOML file (read when called, never at import):

    {"openai:gpt-4o-mini": {"input_usd_per_mtok": 0.15, "output_usd_per_mtok": 0.60}}

    ["openai:gpt-4o-mini"]
    input_usd_per_mtok = 0.15
    output_usd_per_mtok = 0.60

Clients use it twice: to show what a thread cost (`status`, `watch`, `--json`, from the
tokens per model the `progress` query reports), and to put the prices of a run's models
into its `GraderSettings.prices` when they start it, so that the workflow can hold a
`max_cost_usd` budget without reading any file.
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter, ValidationError

from rubricflow.errors import ConfigError
from rubricflow.workflows.types import GraderSettings, ModelPrice, Progress, RunInput, Usage

PRICES_ENV = "RUBRICFLOW_PRICES"
_TABLE = TypeAdapter(dict[str, ModelPrice])


class PriceTableError(ConfigError):
    """The price table cannot be read; the message says what to fix."""


def load_prices(path: str | Path) -> dict[str, ModelPrice]:
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise PriceTableError(f"cannot read the price table {str(file)!r} ({PRICES_ENV}): {exc.strerror}") from None
    try:
        raw: Any = tomllib.loads(text) if file.suffix == ".toml" else json.loads(text)
    except (json.JSONDecodeError, tomllib.TOMLDecodeError) as exc:
        kind = "TOML" if file.suffix == ".toml" else "JSON (name it .toml for TOML)"
        raise PriceTableError(f"the price table {str(file)!r} is not valid {kind}: {exc}") from None
    try:
        return _TABLE.validate_python(raw)
    except ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise PriceTableError(
            f"the price table {str(file)!r} is malformed ({problems}); expected per model "
            '{"input_usd_per_mtok": N, "output_usd_per_mtok": M}'
        ) from None


def price_table(environ: Mapping[str, str] | None = None) -> dict[str, ModelPrice]:
    """The table `RUBRICFLOW_PRICES` names; empty when it is not set. A worker's
    `profile:NAME` models are priced by its workers (`RunCheckResult.prices`)."""
    env = os.environ if environ is None else environ
    path = env.get(PRICES_ENV, "").strip()
    return load_prices(path) if path else {}


def priced_grader(grader: GraderSettings, agent_model: str, table: Mapping[str, ModelPrice]) -> GraderSettings:
    """`grader` with the prices of the agent's and its own model (those the table has);
    prices already there win."""
    wanted = {m: table[m] for m in (agent_model, grader.model) if m in table}
    if not wanted:
        return grader
    return GraderSettings.model_validate({**grader.model_dump(), "prices": {**wanted, **grader.prices}})


def with_prices(run: RunInput, table: Mapping[str, ModelPrice]) -> RunInput:
    """`run` with the prices of its agent and grader models (those the table has) in
    its grader settings; prices already there win."""
    if run.grader is None:
        return run
    grader = priced_grader(run.grader, run.agent.model, table)
    if grader is run.grader:
        return run
    return RunInput.model_validate({**run.model_dump(), "grader": grader.model_dump()})


def usd(amount: float, digits: int = 4) -> str:
    """A USD amount as every front shows one: `$0.0123` (`digits` after the point)."""
    return f"${amount:.{digits}f}"


def thread_cost(usage_by_model: Mapping[str, Usage], table: Mapping[str, ModelPrice]) -> tuple[float, list[str]]:
    """What the tokens cost, and the models the table has no price for."""
    cost = sum(table[m].cost(u) for m, u in usage_by_model.items() if m in table)
    return cost, sorted(m for m, u in usage_by_model.items() if m not in table and u.total_tokens)


def usage_json(progress: Progress, table: Mapping[str, ModelPrice]) -> dict[str, Any]:
    """Tokens, cost and budget as `--json` shows them."""
    cost, _ = thread_cost(progress.usage_by_model, table)
    return {
        "usage": progress.usage.model_dump() | {"total_tokens": progress.usage.total_tokens},
        "run_usage": progress.run_usage.model_dump() | {"total_tokens": progress.run_usage.total_tokens},
        "cost_usd": round(cost, 9) if table else None,
        "run_cost_usd": progress.run_cost_usd,
        "budget": progress.budget.model_dump() if progress.budget else None,
    }


def usage_line(progress: Progress, table: Mapping[str, ModelPrice]) -> str:
    """`tokens: 1150 in / 160 out (run: ...); cost: $0.002350`, for the terminal."""
    u, r = progress.usage, progress.run_usage
    line = f"tokens: {u.input_tokens} in / {u.output_tokens} out"
    if progress.grading_run_id and r != u:
        line += f" (this run: {r.input_tokens} in / {r.output_tokens} out)"
    cost, unpriced = thread_cost(progress.usage_by_model, table)
    if table:
        line += f"; cost: {usd(cost, 6)}" + (f" (no price for {', '.join(unpriced)})" if unpriced else "")
    elif progress.run_cost_usd is not None:
        line += f"; run cost: {usd(progress.run_cost_usd, 6)}"
    budget = progress.budget
    if budget is not None and budget.exhausted:
        line += f"; {budget.exhausted} budget exhausted (extend adds budget)"
    return line + "\n"

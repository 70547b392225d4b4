"""Building a run's input from the command line: every check here runs before anything
starts, and a refusal says what to fix."""

from __future__ import annotations

import argparse
import os
import stat
from collections.abc import Mapping
from pathlib import Path

from pydantic import ValidationError

from rubricflow.prices import PRICES_ENV, price_table, with_prices
from rubricflow.workflows.types import (
    DEFAULT_MAX_ITERATIONS,
    DEFAULT_STEP_TIMEOUT_S,
    MAX_BUDGET_TOKENS,
    MAX_BUDGET_WALL_S,
    MAX_GRADER_CALLS,
    MAX_GRADER_SAMPLES,
    MAX_IDLE_TIMEOUT_S,
    MAX_ITERATIONS,
    MAX_MESSAGE_CHARS,
    MAX_RUBRIC_CHARS,
    MAX_STEP_TIMEOUT_S,
    MIN_ITERATIONS,
    AgentSettings,
    Budget,
    GraderSettings,
    ModelPrice,
    RunInput,
    amount_from_text,
    score_fraction_from_text,
    whole_number_from_text,
)


class BadInput(Exception):
    """Refused before anything starts; the message says what to fix."""


class UnpricedModels(BadInput):
    """`--max-cost` names models with no price: the client's table lacks them, and the
    workers (which price their `profile:NAME` models) were not asked or do not price them."""

    def __init__(self, models: list[str]) -> None:
        self.models = models
        super().__init__(
            f"--max-cost needs a price for {', '.join(models)}: add it to the price table "
            f"{PRICES_ENV} names (JSON or TOML, USD per million input and output tokens), or, "
            "for profile:NAME, input_usd_per_mtok and output_usd_per_mtok in the worker's profile"
        )


MAX_FILE_CHARS = {"rubric": MAX_RUBRIC_CHARS}
"""The largest text each @FILE may hold: the field's own limit (default MAX_MESSAGE_CHARS)."""


def read_text_arg(value: str, what: str) -> str:
    """TEXT, or @FILE for the contents of FILE (a regular UTF-8 file within the field's
    limit; at most the limit's bytes plus one are read, so `@/dev/zero` or a huge file
    is refused at once)."""
    if not value.startswith("@"):
        return value
    path = Path(value[1:])
    max_chars = MAX_FILE_CHARS.get(what, MAX_MESSAGE_CHARS)
    max_bytes = 4 * max_chars  # a character is at most 4 bytes of UTF-8
    try:
        # O_NONBLOCK: opening a FIFO must not wait for a writer before it is refused.
        with os.fdopen(os.open(path, os.O_RDONLY | os.O_NONBLOCK), "rb") as handle:
            info = os.fstat(handle.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise BadInput(f"{what} file {str(path)!r} is not a regular file; give the path of a text file")
            if info.st_size > max_bytes:
                raise BadInput(_too_big(what, path, max_chars))
            data = handle.read(max_bytes + 1)
    except OSError as exc:
        raise BadInput(f"cannot read {what} file {str(path)!r}: {exc.strerror}") from exc
    if len(data) > max_bytes:
        raise BadInput(_too_big(what, path, max_chars))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise BadInput(
            f"{what} file {str(path)!r} is not valid UTF-8 (byte {exc.start}); save it as UTF-8 text"
        ) from None
    if len(text) > max_chars:
        raise BadInput(_too_big(what, path, max_chars))
    return text


def _too_big(what: str, path: Path, max_chars: int) -> str:
    return f"{what} file {str(path)!r} is too large: a {what} has at most {max_chars} characters"


def whole_flag(value: str, flag: str, low: int, high: int, unit: str = "a whole number") -> int:
    """A whole-number flag, read by the contract's one whole-number check."""
    try:
        return whole_number_from_text(value, flag, low, high, unit=unit)
    except ValueError as exc:
        raise BadInput(str(exc)) from None


def iterations(value: str, flag: str = "--max-iterations") -> int:
    return whole_flag(value, flag, MIN_ITERATIONS, MAX_ITERATIONS)


def temperature(value: str | None) -> float | None:
    """`--temperature`: a number from 0 to 2, or None (the model's own)."""
    if value is None:
        return None
    try:
        number = float(value)
    except ValueError:
        number = -1.0
    if not 0 <= number <= 2:
        raise BadInput(f"--temperature must be a number from 0 to 2, got {value!r}")
    return number


def seconds(value: str, flag: str) -> int:
    return whole_flag(value, flag, 0, MAX_IDLE_TIMEOUT_S, unit="whole seconds")


def grading_settings(args: argparse.Namespace) -> dict[str, object]:
    """`--grading`, `--grader-samples`, `--review-split`, `--review-unverified` as `GraderSettings` fields; their
    combinations are checked by the settings themselves (the caller turns a refusal into
    BadInput like every other settings error)."""
    settings: dict[str, object] = {}
    if getattr(args, "grading", None):
        settings["grading"] = args.grading
    if getattr(args, "grader_samples", None) is not None:
        settings["samples"] = whole_flag(args.grader_samples, "--grader-samples", 1, MAX_GRADER_SAMPLES)
    if getattr(args, "max_grader_calls", None) is not None:
        settings["max_grader_calls"] = whole_flag(args.max_grader_calls, "--max-grader-calls", 1, MAX_GRADER_CALLS)
    if getattr(args, "review_split", False):
        settings["review_split_votes"] = True
    if getattr(args, "review_unverified", False):
        settings["review_unverified"] = True
    if getattr(args, "pass_score", None) is not None:
        try:
            settings["pass_score"] = score_fraction_from_text(args.pass_score, "--pass-score")
        except ValueError as exc:
            raise BadInput(str(exc)) from None
    if getattr(args, "no_cache", False):
        settings["cache"] = False
    return settings


def budget_flags(args: argparse.Namespace) -> dict[str, object]:
    """`--max-tokens`, `--max-cost`, `--max-wall`, checked as the settings check them."""
    budget: dict[str, object] = {}
    if getattr(args, "max_tokens", None) is not None:
        budget["max_tokens"] = whole_flag(args.max_tokens, "--max-tokens", 1, MAX_BUDGET_TOKENS)
    if getattr(args, "max_cost", None) is not None:
        try:
            budget["max_cost_usd"] = amount_from_text(args.max_cost, "--max-cost")
        except ValueError as exc:
            raise BadInput(str(exc)) from None
    if getattr(args, "max_wall", None) is not None:
        budget["max_wall_s"] = whole_flag(args.max_wall, "--max-wall", 1, MAX_BUDGET_WALL_S, unit="whole seconds")
    return budget


def extra_budget(args: argparse.Namespace) -> dict[str, object]:
    """`extend`'s `--extra-tokens`, `--extra-cost`, `--extra-wall`."""
    extra: dict[str, object] = {}
    if args.extra_tokens is not None:
        extra["extra_tokens"] = whole_flag(args.extra_tokens, "--extra-tokens", 1, MAX_BUDGET_TOKENS)
    if args.extra_cost is not None:
        try:
            extra["extra_cost_usd"] = amount_from_text(args.extra_cost, "--extra-cost")
        except ValueError as exc:
            raise BadInput(str(exc)) from None
    if args.extra_wall is not None:
        extra["extra_wall_s"] = whole_flag(args.extra_wall, "--extra-wall", 1, MAX_BUDGET_WALL_S, unit="whole seconds")
    return extra


def validation_message(exc: ValidationError) -> str:
    lines = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"])
        message = err["msg"].removeprefix("Value error, ")
        lines.append(f"{where}: {message}" if where else message)
    return "; ".join(lines)


def build_run_input(args: argparse.Namespace, worker_prices: Mapping[str, ModelPrice] | None = None) -> RunInput:
    """The run the flags describe; `worker_prices`: what the workers said the run's
    `profile:` models cost (the client's own table wins)."""
    model = args.model or os.environ.get("RUBRICFLOW_AGENT_MODEL")
    if not model:
        raise BadInput(
            "no agent model: pass --model provider:model-id (e.g. scripted:agent.json) or set RUBRICFLOW_AGENT_MODEL"
        )
    rubric = read_text_arg(args.rubric, "rubric") if args.rubric is not None else None
    step_timeout = (
        whole_flag(args.step_timeout, "--step-timeout", 1, MAX_STEP_TIMEOUT_S)
        if args.step_timeout is not None
        else DEFAULT_STEP_TIMEOUT_S
    )
    grader = None
    budget = budget_flags(args)
    table = {**(worker_prices or {}), **price_table()}
    if rubric is not None:
        grader_model = args.grader_model or os.environ.get("RUBRICFLOW_GRADER_MODEL") or model
        grader = GraderSettings(
            model=grader_model,
            system_prompt=args.grader_prompt,
            tools=args.grader_tool or [],
            max_iterations=(
                iterations(args.max_iterations) if args.max_iterations is not None else DEFAULT_MAX_ITERATIONS
            ),
            timeout_s=step_timeout,
            prices=_prices_for(budget, table, model, grader_model),
            **grading_settings(args),
        )
    elif args.max_iterations is not None or args.grader_model or budget or grading_settings(args):
        raise BadInput(
            "--max-iterations, --grader-model, grading flags (--grading, --grader-samples, --review-split, --review-unverified, "
            "--pass-score, --no-cache) "
            "and budgets (--max-tokens, --max-cost, --max-wall) need a --rubric"
        )
    run = RunInput(
        message=read_text_arg(args.prompt, "prompt"),
        rubric=rubric,
        agent=AgentSettings(
            model=model,
            system_prompt=args.system_prompt,
            tools=args.tool or [],
            timeout_s=step_timeout,
            agent=getattr(args, "agent", None) or "default",
            temperature=temperature(getattr(args, "temperature", None)),
        ),
        grader=grader,
        budget=Budget(**budget),
        idle_timeout_s=seconds(args.idle_timeout, "--idle-timeout"),
    )
    return with_prices(run, table)


def _prices_for(budget: dict[str, object], table: Mapping[str, ModelPrice], *models: str) -> dict[str, object]:
    """With `--max-cost`, the run's models must be priced: say which are not."""
    if "max_cost_usd" not in budget:
        return {}
    missing = sorted({m for m in models if m not in table})
    if missing:
        raise UnpricedModels(missing)
    return {m: table[m] for m in models}

"""Building a run's input from the command line: every check here runs before anything
starts, and a refusal says what to fix."""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from pydantic import ValidationError

from rubricflow.workflows.types import (
    DEFAULT_MAX_ITERATIONS,
    DEFAULT_STEP_TIMEOUT_S,
    MAX_IDLE_TIMEOUT_S,
    MAX_ITERATIONS,
    MAX_STEP_TIMEOUT_S,
    MIN_ITERATIONS,
    AgentSettings,
    GraderSettings,
    RunInput,
    whole_number_from_text,
)


class BadInput(Exception):
    """Refused before anything starts; the message says what to fix."""


def read_text_arg(value: str, what: str) -> str:
    """TEXT, or @FILE for the contents of FILE."""
    if not value.startswith("@"):
        return value
    path = Path(value[1:])
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise BadInput(f"cannot read {what} file {str(path)!r}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise BadInput(
            f"{what} file {str(path)!r} is not valid UTF-8 (byte {exc.start}); save it as UTF-8"
        ) from None


def whole_flag(value: str, flag: str, low: int, high: int, unit: str = "a whole number") -> int:
    """A whole-number flag, read by the contract's one whole-number check."""
    try:
        return whole_number_from_text(value, flag, low, high, unit=unit)
    except ValueError as exc:
        raise BadInput(str(exc)) from None


def iterations(value: str, flag: str = "--max-iterations") -> int:
    return whole_flag(value, flag, MIN_ITERATIONS, MAX_ITERATIONS)


def seconds(value: str, flag: str) -> int:
    return whole_flag(value, flag, 0, MAX_IDLE_TIMEOUT_S, unit="whole seconds")


def validation_message(exc: ValidationError) -> str:
    lines = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"])
        message = err["msg"].removeprefix("Value error, ")
        lines.append(f"{where}: {message}" if where else message)
    return "; ".join(lines)


def build_run_input(args: argparse.Namespace) -> RunInput:
    model = args.model or os.environ.get("RUBRICFLOW_AGENT_MODEL")
    if not model:
        raise BadInput(
            "no agent model: pass --model provider:model-id (e.g. scripted:agent.json) "
            "or set RUBRICFLOW_AGENT_MODEL"
        )
    rubric = read_text_arg(args.rubric, "rubric") if args.rubric is not None else None
    step_timeout = (
        whole_flag(args.step_timeout, "--step-timeout", 1, MAX_STEP_TIMEOUT_S)
        if args.step_timeout is not None
        else DEFAULT_STEP_TIMEOUT_S
    )
    grader = None
    if rubric is not None:
        grader_model = args.grader_model or os.environ.get("RUBRICFLOW_GRADER_MODEL") or model
        grader = GraderSettings(
            model=grader_model,
            system_prompt=args.grader_prompt,
            tools=args.grader_tool or [],
            max_iterations=(
                iterations(args.max_iterations)
                if args.max_iterations is not None
                else DEFAULT_MAX_ITERATIONS
            ),
            timeout_s=step_timeout,
        )
    elif args.max_iterations is not None or args.grader_model:
        raise BadInput("--max-iterations and --grader-model need a --rubric")
    return RunInput(
        message=read_text_arg(args.prompt, "prompt"),
        rubric=rubric,
        agent=AgentSettings(
            model=model, system_prompt=args.system_prompt, tools=args.tool or [], timeout_s=step_timeout
        ),
        grader=grader,
        idle_timeout_s=seconds(args.idle_timeout, "--idle-timeout"),
    )

"""What the activities report to OpenTelemetry: a span per agent turn and grader pass,
and the per-step metrics (latency, tokens, cost, hook failures).

Only the OpenTelemetry API is used here: with no provider configured (no `OTEL_*`
variable set, see `rubricflow.telemetry`) every call is a no-op. Token usage is read
from what the model calls report (LangChain's `usage_metadata`, or the `token_usage`
that llama.cpp models put in their `llm_output`).
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator, Sequence
from typing import Any

from langchain_core.callbacks import BaseCallbackHandler
from langchain_core.outputs import ChatGeneration, LLMResult
from opentelemetry import metrics, trace
from opentelemetry.trace import Span, Status, StatusCode

from rubricflow.workflows.types import Criterion, Message, ModelPrice, Usage

TRACER_NAME = "rubricflow"
STEP_DURATION_METRIC = "rubricflow_step_duration_seconds"
TOKENS_METRIC = "rubricflow_tokens"
COST_METRIC = "rubricflow_cost_usd"
HOOK_FAILURES_METRIC = "rubricflow_hook_failures"


class UsageCounter(BaseCallbackHandler):
    """Sums the tokens every chat-model call under one `ainvoke` reports.

    Run inline and deaf to chain, agent, retriever and custom events: a sync handler is
    otherwise called through a thread-pool hop for every event of every graph node, and it
    only reads `on_llm_end`, which adds two integers."""

    run_inline = True
    ignore_chain = True
    ignore_agent = True
    ignore_retriever = True
    ignore_custom_event = True

    def __init__(self) -> None:
        self.input_tokens = 0
        self.output_tokens = 0

    @property
    def usage(self) -> Usage:
        return Usage(input_tokens=self.input_tokens, output_tokens=self.output_tokens)

    def on_chat_model_start(self, serialized: Any, messages: Any, **kwargs: Any) -> None:
        """Nothing to do; defined so that LangChain does not fall back to `on_llm_start`,
        which renders every message of the call as text first."""

    def on_llm_end(self, response: LLMResult, **kwargs: Any) -> None:
        counted = False
        for generations in response.generations:
            for generation in generations:
                usage = (
                    getattr(generation.message, "usage_metadata", None)
                    if isinstance(generation, ChatGeneration)
                    else None
                )
                if usage:
                    self.input_tokens += int(usage.get("input_tokens", 0))
                    self.output_tokens += int(usage.get("output_tokens", 0))
                    counted = True
        if not counted and response.llm_output:
            token_usage = response.llm_output.get("token_usage") or {}
            self.input_tokens += int(token_usage.get("prompt_tokens", 0) or 0)
            self.output_tokens += int(token_usage.get("completion_tokens", 0) or 0)


# Created once, on the global (proxy) meter and tracer: they forward to the providers
# `rubricflow.telemetry` installs later, and cost next to nothing while there are none.
_METER = metrics.get_meter(TRACER_NAME)
_TRACER = trace.get_tracer(TRACER_NAME)
_STEP_DURATION = _METER.create_histogram(
    STEP_DURATION_METRIC, unit="s", description="Agent turn and grader pass latency"
)
_TOKENS = _METER.create_counter(TOKENS_METRIC, unit="{token}", description="Tokens spent, by model, role and direction")
_COST = _METER.create_counter(COST_METRIC, unit="USD", description="USD spent, by model and role")
_HOOK_FAILURES = _METER.create_counter(HOOK_FAILURES_METRIC, description="Per-evaluation hook deliveries that failed")


@contextlib.contextmanager
def step_span(name: str, role: str, model: str, attributes: dict[str, Any]) -> Iterator[Span]:
    """A span for one agent turn or grader pass, and its latency on the step histogram."""
    started = time.monotonic()
    outcome = "ok"
    with _TRACER.start_as_current_span(
        name,
        attributes={"rubric.role": role, "gen_ai.request.model": model, **attributes},
        record_exception=True,
        set_status_on_exception=True,
    ) as span:
        try:
            yield span
        except BaseException:
            outcome = "error"
            raise
        finally:
            _STEP_DURATION.record(time.monotonic() - started, {"role": role, "model": model, "outcome": outcome})


def record_usage(span: Span, role: str, model: str, usage: Usage, price: ModelPrice | None) -> None:
    """Tokens (and cost, when the model is priced) on the span and the metrics."""
    span.set_attribute("gen_ai.usage.input_tokens", usage.input_tokens)
    span.set_attribute("gen_ai.usage.output_tokens", usage.output_tokens)
    _TOKENS.add(usage.input_tokens, {"model": model, "role": role, "direction": "input"})
    _TOKENS.add(usage.output_tokens, {"model": model, "role": role, "direction": "output"})
    if price is not None:
        cost = price.cost(usage)
        span.set_attribute("rubric.cost_usd", cost)
        _COST.add(cost, {"model": model, "role": role})


def tool_names(messages: Sequence[Message]) -> list[str]:
    """The tools a turn called, by name only (never their arguments)."""
    return [call.name for message in messages for call in message.tool_calls]


def record_verdict(span: Span, result: str, criteria: Sequence[Criterion], unverified: bool) -> None:
    span.set_attribute("rubric.result", result)
    span.set_attribute("rubric.criteria.passed", [c.name for c in criteria if c.passed])
    span.set_attribute("rubric.criteria.failed", [c.name for c in criteria if not c.passed])
    span.set_attribute("rubric.unverified", unverified)


def mark_failed(span: Span, message: str) -> None:
    span.set_status(Status(StatusCode.ERROR, message))


def record_hook_failures(failed: Sequence[str]) -> None:
    # Counted without the hook's target: a webhook URL may carry a token.
    if failed:
        _HOOK_FAILURES.add(len(failed))

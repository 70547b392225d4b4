"""The bounds of one grader pass, for every provider.

- Calls: at most `max_grader_calls` model calls per pass (evidence-tool rounds, the
  re-ask), or, for a strategy that asks about one criterion at a time, that many per
  criterion it asks about (`for_criteria`). The next call ends the pass with the named,
  non-retryable `GraderCallBudgetExceeded` (an `ApplicationError` raised by the callback
  itself), which the run records as a `grader_error`.
- Tool rounds: a whole-verdict grader with evidence tools may call them in at most
  `DEFAULT_TOOL_ROUNDS` replies; the model call after that is offered no evidence tool,
  so its only answer is the verdict. A local grader's first reply must call one.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from langchain.agents.middleware import AgentMiddleware
from langchain_core.callbacks import AsyncCallbackHandler
from langchain_core.messages import AIMessage, HumanMessage
from temporalio.exceptions import ApplicationError

from rubricflow.workflows import errors
from rubricflow.workflows.failures import FailureDetails

DEFAULT_TOOL_ROUNDS = 3
"""Replies in which a grader may call its evidence tools before the verdict is forced."""


class CallBudget(AsyncCallbackHandler):
    """Counts a pass's model calls and refuses the one past `budget` (before it runs) with
    the non-retryable `GraderCallBudgetExceeded`, naming `model`."""

    raise_error = True
    run_inline = True

    def __init__(self, budget: int, model: str) -> None:
        self.budget = budget
        self.model = model
        self.calls = 0
        self.tools: list[str] = []
        """The evidence tools the pass called, in order."""

    def for_criteria(self, count: int) -> None:
        """The budget of a pass that asks about `count` criteria one at a time: the same
        number of calls for each."""
        self.budget *= max(1, count)

    async def on_tool_start(self, serialized: Any, input_str: str, **kwargs: Any) -> None:
        self.tools.append(str((serialized or {}).get("name") or kwargs.get("name") or "tool"))

    async def on_chat_model_start(self, serialized: Any, messages: Any, **kwargs: Any) -> None:
        self.calls += 1
        if self.calls > self.budget:
            raise ApplicationError(
                f"the grader pass needed more than its max_grader_calls of {self.budget} model calls "
                f"(model {self.model!r}): raise max_grader_calls (--max-grader-calls), or give the "
                "grader fewer tools or criteria per pass",
                FailureDetails(exception_type=errors.GRADER_CALL_BUDGET_EXCEEDED, model=self.model),
                type=errors.GRADER_CALL_BUDGET_EXCEEDED,
                non_retryable=True,
            )

    async def on_llm_start(self, serialized: Any, prompts: Any, **kwargs: Any) -> None:
        await self.on_chat_model_start(serialized, prompts, **kwargs)


class ToolRoundsMiddleware(AgentMiddleware):
    """After `rounds` replies that called evidence tools, the grader is offered none: the
    structured verdict is all it can answer with."""

    def __init__(self, rounds: int = DEFAULT_TOOL_ROUNDS, *, evidence_first: bool = False) -> None:
        super().__init__()
        self.rounds = rounds
        self.evidence_first = evidence_first
        """The first reply must call an evidence tool (a small local grader otherwise
        answers at once, without looking)."""

    def wrap_model_call(self, request: Any, handler: Callable[[Any], Any]) -> Any:
        return handler(self._bounded(request))

    async def awrap_model_call(self, request: Any, handler: Callable[[Any], Awaitable[Any]]) -> Any:
        return await handler(self._bounded(request))

    def _bounded(self, request: Any) -> Any:
        if not request.tools:
            return request
        rounds = tool_rounds(request.messages)
        if rounds >= self.rounds:
            return request.override(tools=[])
        if rounds == 0 and self.evidence_first:
            return request.override(response_format=None, tool_choice="any")
        return request


def tool_rounds(messages: list[Any]) -> int:
    """Replies with tool calls since the last human message."""
    rounds = 0
    for message in reversed(messages):
        if isinstance(message, HumanMessage):
            break
        if isinstance(message, AIMessage) and message.tool_calls:
            rounds += 1
    return rounds

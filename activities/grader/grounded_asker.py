"""How the `grounded` strategy puts its questions to a LangChain chat model: the checks'
bodies (plain completions for a model that has them, else chat replies, kept in a
`CheckBook`), the example answers its checks must pass (kept there too) and the citations; a
model that answers several prompts together gets each kind in one call."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from langchain_core.messages import HumanMessage, SystemMessage

from rubricflow.activities.grader.own_examples import MAX_EXAMPLE_TOKENS
from rubricflow.activities.grader.quotes import MAX_QUOTE_TOKENS
from rubricflow.activities.grader.written_checks import MAX_CHECK_TOKENS, STOP

CHAT_CHECK_SYSTEM = (
    "You complete Python code. Reply with the body of the last function only, indented by four spaces, "
    "and nothing else: no explanation, no code fence."
)


class CheckBook:
    """The checks a worker's grader wrote, by model and prompt: a check depends only on the
    task and the criterion, never on the answer, so every later pass of a grading run (and
    any run with the same task and criterion) runs the same check without writing it again.
    Checks are written at temperature 0: the book holds what the model would write anyway."""

    def __init__(self, capacity: int = 4096) -> None:
        self.capacity = capacity
        self._bodies: OrderedDict[tuple[str, str], str] = OrderedDict()

    def get(self, model: str, prompt: str) -> str | None:
        key = (model, prompt)
        body = self._bodies.get(key)
        if body is not None:
            self._bodies.move_to_end(key)
        return body

    def put(self, model: str, prompt: str, body: str) -> None:
        self._bodies[(model, prompt)] = body
        self._bodies.move_to_end((model, prompt))
        while len(self._bodies) > self.capacity:
            self._bodies.popitem(last=False)


class Asker:
    """The pass's two kinds of question, on a LangChain chat model: checks' bodies (plain
    completions for a model that has them, else chat replies; from `book` when written
    before) and citations. A model that answers several prompts together (a `local:`
    one: `batched_completions`) gets each kind in one call."""

    def __init__(self, model: Any, config: dict[str, Any], label: str = "", book: CheckBook | None = None) -> None:
        self.model = model
        self.config = config
        self.label = label
        self.book = book if book is not None else CheckBook()
        self.plain = bool(getattr(model, "plain_completion", False))
        self.together = bool(getattr(model, "batched_completions", False))

    async def check_bodies(self, prompts: list[str]) -> list[str]:
        return await self._kept(prompts, self._bodies)

    async def _kept(self, keys: list[str], write: Callable[[list[str]], Awaitable[list[str]]]) -> list[str]:
        """The book's text for each key, `write` asked once for the keys it lacks."""
        missing = [key for key in dict.fromkeys(keys) if self.book.get(self.label, key) is None]
        if missing:
            for key, text in zip(missing, await write(missing), strict=True):
                self.book.put(self.label, key, text)
        return [self.book.get(self.label, key) or "" for key in keys]

    async def _bodies(self, prompts: list[str]) -> list[str]:
        if self.together:
            return await self._together(prompts, MAX_CHECK_TOKENS, STOP)
        return [await self._one_body(p) for p in prompts]

    async def _one_body(self, prompt: str) -> str:
        if self.plain:
            bound = self.model.bind(completion=True, max_tokens=MAX_CHECK_TOKENS, temperature=0.0, stop=STOP)
            return _text(await bound.ainvoke([HumanMessage(content=prompt)], config=self.config))
        bound = self.model.bind(max_tokens=MAX_CHECK_TOKENS, temperature=0.0)
        messages = [SystemMessage(content=CHAT_CHECK_SYSTEM), HumanMessage(content=prompt)]
        return _chat_body(_text(await bound.ainvoke(messages, config=self.config)))

    async def examples(self, questions: list[list[Any]]) -> list[str]:
        """The model's example answers (`own_examples.example_question`), from `book` when
        written before: like a check, an example depends on the task and criterion alone."""
        keys = ["example: " + "\n".join(str(m.content) for m in q) for q in questions]
        asked = dict(zip(keys, questions, strict=True))

        async def write(missing: list[str]) -> list[str]:
            return await self._replies([asked[key] for key in missing], MAX_EXAMPLE_TOKENS)

        return await self._kept(keys, write)

    async def quotes(self, questions: list[list[Any]]) -> list[str]:
        return await self._replies(questions, MAX_QUOTE_TOKENS)

    async def probabilities(self, questions: list[list[dict[str, str]]], choices: list[str]) -> list[float | None]:
        """For each question (chat messages), the model's probability of `choices[0]` as its
        reply's first word, against the others: asked of a model that answers several
        prompts together (`Batcher.choose`); None for each of a model that gives none."""
        if not questions or not self.together:
            return [None] * len(questions)
        bound = self.model.bind(completions=questions, max_tokens=1, stop=[], choices=choices)
        reply = await bound.ainvoke([HumanMessage(content=f"{len(questions)} prompts")], config=self.config)
        found = reply.additional_kwargs.get("probabilities")
        if not isinstance(found, list) or len(found) != len(questions):
            return [None] * len(questions)
        return [float(p[choices[0]]) for p in found]

    async def _replies(self, questions: list[list[Any]], max_tokens: int) -> list[str]:
        if not questions:
            return []
        if self.together:
            as_dicts = [[{"role": _ROLES[m.type], "content": str(m.content)} for m in q] for q in questions]
            return await self._together(as_dicts, max_tokens, [])
        bound = self.model.bind(max_tokens=max_tokens, temperature=0.0)
        return [_text(await bound.ainvoke(q, config=self.config)) for q in questions]

    async def _together(self, prompts: list[Any], max_tokens: int, stop: list[str]) -> list[str]:
        bound = self.model.bind(completions=prompts, max_tokens=max_tokens, stop=stop)
        reply = await bound.ainvoke([HumanMessage(content=f"{len(prompts)} prompts")], config=self.config)
        return [str(text) for text in reply.additional_kwargs["completions"]]


_ROLES = {"system": "system", "human": "user", "ai": "assistant"}


def _text(reply: Any) -> str:
    content = getattr(reply, "content", reply)
    if isinstance(content, list):
        content = "".join(b.get("text", "") if isinstance(b, dict) else str(b) for b in content)
    return str(content or "")


def _chat_body(text: str) -> str:
    """The body a chat model replied with: a code fence and a repeated header removed."""
    lines = [line for line in text.strip().splitlines() if not line.strip().startswith("```")]
    if lines and lines[0].lstrip().startswith("def check"):
        lines = lines[1:]
        if lines and lines[0].strip().startswith(('"""', "'''")):
            lines = lines[1:]
    return "\n".join(lines)

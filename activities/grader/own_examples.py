"""A check's False is evidence only when the check passes an answer that meets its criterion.

A check the grader wrote can return False on every answer (it reads the wrong part,
`line.startswith('1.')` for every line of a numbered list, `'owns' in item` for an owner):
its False on the agent's answer then says nothing of the answer. So before a measuring check's
False decides, the grader writes its own example of an answer to the task that meets the
criterion (from the task and the criterion alone, never the agent's answer, so the example,
like the check, is kept by prompt and written once) and the check runs on that example too. A
check that does not return True on it decides nothing: the criterion goes to its citation,
and without one that shows it, it is `unverified`. A rubric's reference answer (a right
answer from its author) is that example where the rubric has one: nothing is asked.
"""

from __future__ import annotations

from typing import Any

from langchain_core.messages import HumanMessage, SystemMessage

from rubricflow.activities.grader.facts import read_answer
from rubricflow.activities.grader.written_checks import CheckRun, run_checks

EXAMPLE_SYSTEM = "You write short example answers."
MAX_EXAMPLE_TOKENS = 260


def example_question(task: str, criterion: str) -> list[Any]:
    """What the model is asked for an example that meets `criterion` (the task first)."""
    return [
        SystemMessage(content=EXAMPLE_SYSTEM),
        HumanMessage(
            content=f"Task:\n{task}\n\nWrite an answer to this task that clearly meets this requirement: "
            f"{criterion}\nReply with the answer only."
        ),
    ]


async def on_examples(
    examples: list[str],
    checks: list[str],
    caseless: list[bool],
    *,
    task: str,
    reference: str = "",
    allow_weak: bool = False,
) -> list[CheckRun]:
    """Each check's verdict on its example; the checks that share an example (the rubric's
    reference) run in one sandboxed process, as a pass's checks do."""
    runs: dict[int, CheckRun] = {}
    for example in dict.fromkeys(examples):
        at = [i for i, e in enumerate(examples) if e == example]
        ran = await run_checks(
            example,
            read_answer(example).code,
            [checks[i] for i in at],
            task=task,
            reference=reference,
            caseless=[caseless[i] for i in at],
            allow_weak=allow_weak,
        )
        runs.update(zip(at, ran, strict=True))
    return [runs[i] for i in range(len(checks))]


def tested_false(run: CheckRun, on_example: CheckRun, *, by_reference: bool = False) -> CheckRun:
    """`run` (a False) as it stands once its check has met an answer that meets its
    criterion (`by_reference`: the rubric's reference answer, else the grader's own example):
    the False when the check returned True on that answer, else nothing decided."""
    if on_example.passed is True:
        return run
    which = "the rubric's reference answer" if by_reference else "the grader's own example of an answer that meets it"
    return CheckRun(None, f"it returned {_said(on_example)} on {which}, too")


def _said(run: CheckRun) -> str:
    return "False" if run.passed is False else f"nothing ({run.detail})"

"""The grader: how one grader pass forms its verdict.

`Grader.grade(input)` is the one entrance (`RubricActivities.grade_transcript` calls it).
Inside, one module a job:

- `prompt.py`: what a grader is shown (the bounded transcript between nonce-bracketed
  delimiters, the system prompt);
- `coverage.py`: which pinned criterion an answer covers, the re-ask, the `unverified`
  downgrade; `assembly.py`: the named checks' and the model's criteria as one verdict;
- `whole.py` (with `verdict_schema.py` and `single_call.py`): the `whole` strategy;
- `per_criterion.py`: the strategies that ask one question per criterion, with `judged.py`
  (the judged question), `facts.py` (what code measures on an answer) and
  `fact_choice.py` (the fact a criterion maps to);
- `grounded.py`: the `grounded` strategy, with `written_checks.py` (the checks the model
  writes, run in the sandbox by `check_harness.py` and `check_readings.py`), `check_kinds.py`
  (what a check tests, read from its code), `check_texts.py` (what the texts a check looks
  for say beside the criterion and the answer), `own_examples.py` (the grader's own examples a
  check's False is tried on), `quotes.py` (citations code verifies), `confirm.py` (a quote's
  pass read again, its lines alone) and `grounded_asker.py` (the questions, batched for a
  local model);
- `named_checks.py`: `[check: NAME]` criteria decided by code (`CheckRegistry`; a package
  adds its own under the `rubricflow.checks` entry-point group);
- `asking.py`: one structured question, by the model's structured-output method;
  `budget.py`: the pass's call budget and evidence-tool rounds.
"""

from rubricflow.activities.grader.grade import Grader
from rubricflow.activities.grader.named_checks import (
    Check,
    CheckContext,
    CheckOutcome,
    CheckRegistry,
    builtin_checks,
    default_checks,
    run_python_tests_check,
)
from rubricflow.activities.grader.per_criterion import resolve

__all__ = [
    "Check",
    "CheckContext",
    "CheckOutcome",
    "CheckRegistry",
    "Grader",
    "builtin_checks",
    "default_checks",
    "resolve",
    "run_python_tests_check",
]

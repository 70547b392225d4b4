"""The `grounded` strategy: every verdict rests on evidence the pass can show.

A criterion that names the words its answer's first or last line starts with ("Starts with
the event name, Fieldnote 2.0") is read off that line by code and asks the model nothing
(`openings.py`), and so are one asking one spelling of a name throughout (`spellings.py`), one
asking for no words in capitals for emphasis (`capitals.py`), one asking that a card number
not be shown in full (`card_numbers.py`) or a person's own phone number or date of birth be
kept out (`phone_numbers.py`, `birth_dates.py`), and
one asking that a weekday given beside a date be the day it falls on (`weekdays.py`), or a
percentage be right for the figures it is of (`percentages.py`), or a length of time for the
two times it runs between (`durations.py`), or a total be the sum of the figures listed
(`sums.py`), or each line multiply out (`products.py`), or a stated number of nights be
right for the stay's dates (`nights.py`), or one part stand before another
(`orders.py`), or a list run in the order of
its items' dates, times, amounts or names (`sequences.py`), or exactly so many of a thing
a heading names (`counts.py`), or one date be so many days from another (`date_spans.py`),
or each of several dates from its pair (`date_gaps.py`), or a text keep to so many words
or sentences (`lengths.py`), or a figure converted into another unit be right
(`conversions.py`), or a count it states match the list after it (`tallies.py`); one
naming a link, email address or path the answer does not hold whole (`addresses.py`), or a
figure it says the answer gives that the answer holds nowhere (`values.py`), is unmet. For each other criterion the grader model first writes a check without
seeing the answer (`written_checks.py`), and every check of the pass runs in the sandbox on
the answer. What decides then depends on what the check tests, read from its code
(`check_kinds.py`; how a check and a citation decide together is `citing.py`):

- it calls the answer's functions, or computes something (counts, numbers, parsed data),
  or tests that some text is absent: its result decides (`decided_by` says so and the
  check's source is on the record), a False of a computing or absence check only when the
  check returned True on the grader's own example of an answer that meets the criterion
  (`own_examples.py`: else it decides nothing);
- it only tests that some text is present, which a paraphrase escapes and a bare heading
  fakes: the model is also asked to cite the answer (`quotes.py`), and the two must agree;
  a cited line that code finds in the answer meets the criterion where the check missed it;
- it asks a reader (`return judge()`), or it did not run: the citation alone decides. A
  line that code finds in the answer meets the criterion; a bare heading, or a quote of the
  request, fails it; NONE decides nothing (one reading that found nothing: the small model
  replies NONE to many criteria that are met), and fails a criterion only beside a text
  check that found nothing either;
- a citation that is not in the answer, or a check and a citation that disagree, decide
  nothing: the criterion is `unverified`, recorded as not passed, and says why;
- a pass that rests on a quote stands only when the model, shown the quoted lines alone
  beside the criterion, says "yes" with a probability of at least `CONFIRMED`
  (`confirm.py`); below it the criterion is `unverified`.

A measured fact of the code's structure is a witness too (`fact_choice.py`): the model also
says which fact of the menu settles the criterion, or none. A docstring, the imports, type
hints, a `print`: the syntax tree shows them exactly, where a check written without the
answer guesses at its text, so such a fact decides, said beside the check or citation it
agrees with; one that disagrees with a check that ran the answer's functions leaves the
criterion `unverified`. The menu's counts and texts are no witness (chosen off the menu
they measure something else).

The questions share their prompt prefix: every check's prompt is the same module up to its
last lines, and every citation's is the same request and answer up to the criterion.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import get_args

from rubricflow.activities.grader.asking import Ask
from rubricflow.activities.grader.assembly import verdict_of
from rubricflow.activities.grader.check_kinds import CheckKind, Unrun, classify
from rubricflow.activities.grader.check_texts import looks_for_a_value_s_name, names_only_to_rule_out
from rubricflow.activities.grader.citing import ABSENCE, Evidence, decide, decided_by_check, shown_true
from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.confirm import CHOICES, CONFIRMED, confirm_question, unconfirmed
from rubricflow.activities.grader.fact_choice import FactChoice, map_question, map_schema
from rubricflow.activities.grader.facts import Answer, read_answer
from rubricflow.activities.grader.grounded_asker import Asker
from rubricflow.activities.grader.judged import evidence_text
from rubricflow.activities.grader.own_examples import example_question, on_examples, tested_false
from rubricflow.activities.grader.quotes import cite, quote_question
from rubricflow.activities.grader.written_checks import (
    CheckRun,
    answer_functions,
    caseless,
    check_prompt,
    check_source,
    run_checks,
)
from rubricflow.workflows.files import AgentFile
from rubricflow.workflows.types import Criterion, GraderVerdict, Message, last_answer, recent_with_request

UNRUN = get_args(Unrun)
"""Checks that are not run: one that asks a reader, one that reads nothing of the answer,
one that compares the whole answer with a literal text (it can only be right by copying),
one that compares it with a figure of the grader's own (its mental arithmetic), one that
tests that the answer leaves out words the task gives (it misreads what is to be left out),
one that counts characters, or sentences, lines or items, for a criterion that counts words."""


async def grade_grounded(
    asker: Asker,
    *,
    criteria: list[str],
    transcript: list[Message],
    nonce: str,
    files: Mapping[str, AgentFile] | None = None,
    allow_weak_sandbox: bool = False,
    leave_out: Iterable[str] = (),
    facts: Ask | None = None,
    reference: str | None = None,
) -> GraderVerdict:
    """The verdict, each criterion decided by a written check, a verified citation, or both,
    and, with `facts`, agreeing with the measured fact the model chose for it; what code
    reads alone (`code_reading.read_by_code`: the words of a line, an address the answer lacks) asks
    the model nothing."""
    answer = last_answer(transcript) or ""
    request = next((m.content for m in recent_with_request(transcript, 1) if m.role == "user"), "")
    read = {i: evidence for i, c in enumerate(criteria) if (evidence := read_by_code(answer, c, request)) is not None}
    asked = [c for i, c in enumerate(criteria) if i not in read]
    shown = iter(
        await _asked(
            asker, asked, request, answer, transcript, nonce, files, allow_weak_sandbox, leave_out, facts, reference
        )
        if asked
        else []
    )
    evidence = [read[i] if i in read else next(shown) for i in range(len(criteria))]
    return verdict_of([_criterion(name, e) for name, e in zip(criteria, evidence, strict=True)])


async def _asked(
    asker: Asker,
    criteria: list[str],
    request: str,
    answer: str,
    transcript: list[Message],
    nonce: str,
    files: Mapping[str, AgentFile] | None,
    allow_weak_sandbox: bool,
    leave_out: Iterable[str],
    facts: Ask | None,
    reference: str | None,
) -> list[Evidence]:
    """The evidence for the criteria the model's checks, citations and facts decide
    (`request` and `answer`: the transcript's last request and answer)."""
    measured = read_answer(evidence_text(transcript, files or {}))
    code = measured.code
    bodies = await asker.check_bodies([check_prompt(request, c, leave_out, reference) for c in criteria])
    sources = [check_source(b) for b in bodies]
    functions = answer_functions(code)
    kinds = [
        classify(s, functions, f"{request}\n{c}\n{reference or ''}", c) for s, c in zip(sources, criteria, strict=True)
    ]
    runnable = [i for i, k in enumerate(kinds) if k not in UNRUN]
    ran = await run_checks(
        answer,
        code,
        [sources[i] for i in runnable],
        task=request,
        reference=reference or "",
        caseless=[caseless(criteria[i]) for i in runnable],
        allow_weak=allow_weak_sandbox,
    )
    runs: dict[int, CheckRun] = {
        i: _value_unread(
            _ruled_out(_met_by_absence(run, criteria[i]), kinds[i], sources[i], answer),
            kinds[i],
            sources[i],
            criteria[i],
        )
        for i, run in zip(runnable, ran, strict=True)
    }
    runs.update(await _tested_falses(asker, request, criteria, sources, kinds, runs, reference, allow_weak_sandbox))
    cited = [i for i in range(len(criteria)) if not decided_by_check(kinds[i], runs.get(i))]
    replies = await asker.quotes([quote_question(request, answer, criteria[i], nonce) for i in cited])
    citations = {i: cite(reply, answer, criteria[i], request) for i, reply in zip(cited, replies, strict=True)}
    shown = [
        shown_true(criteria[i], decide(sources[i], kinds[i], runs.get(i), citations.get(i), criteria[i], answer))
        for i in range(len(criteria))
    ]
    shown = await _confirmed(asker, criteria, shown)
    if facts is not None:
        shown = [
            await _witnessed(facts, asker, name, evidence, measured, kind)
            for name, evidence, kind in zip(criteria, shown, kinds, strict=True)
        ]
    return shown


CODE_FACTS = frozenset(
    {
        "code_parses",
        "every_function_has_docstring",
        "only_standard_library_imports",
        "imports_third_party_packages",
        "fully_type_annotated",
        "calls_print",
        "uses_recursion",
    }
)
"""The facts read from the answer code's syntax tree: what a check written without seeing
the answer tests poorly (it guesses at source text) and the fact menu measures exactly. The
menu's counts and texts are no witness: chosen off the menu they measure something else
(so neither are the code's function count and function names: "at most 3 parameters" is
no count of functions, "names in snake_case" no function named `snake_case`)."""


async def _witnessed(
    facts: Ask, asker: Asker, criterion: str, evidence: Evidence, measured: Answer, kind: CheckKind
) -> Evidence:
    """`evidence` beside the fact the model chooses for `criterion`, when that fact is one
    of the code's structure (`CODE_FACTS`) and the answer has code: agreeing, both are
    said; else the fact decides (a citation or a text check guesses at what the syntax tree
    shows). A check that ran the answer's functions decides alone: the code's structure
    says nothing of what its functions do."""
    if not measured.code.strip() or (kind == "behaviour" and evidence.decided_by.startswith("check")):
        return evidence  # a fact of the code's structure is no witness to what its functions do
    choice = await _fact_choice(facts, asker, criterion)
    if choice is None or choice.fact.name not in CODE_FACTS:
        return evidence
    passed, fact, gap = choice.verdict(measured)
    if passed == evidence.passed:
        return replace(evidence, decided_by=f"{fact}; {evidence.decided_by} agrees")
    return Evidence(passed, gap or "", fact, check=evidence.check, quote=evidence.quote)


TESTED_FALSE = ("computed", "absent")
"""Checks whose False decides alone only once they have passed the grader's own example of
an answer that meets the criterion (a behaviour check calls functions an example lacks)."""


async def _tested_falses(
    asker: Asker,
    request: str,
    criteria: list[str],
    sources: list[str],
    kinds: list[CheckKind],
    runs: Mapping[int, CheckRun],
    reference: str | None,
    allow_weak: bool,
) -> dict[int, CheckRun]:
    """The measuring checks' Falses, each standing only if its check returned True on an
    answer that meets the criterion: the rubric's reference answer if it has one, else the
    grader's own example (`own_examples.py`)."""
    falses = [i for i, run in runs.items() if run.passed is False and kinds[i] in TESTED_FALSE]
    if not falses:
        return {}
    if reference:
        examples = [reference] * len(falses)
    else:
        examples = await asker.examples([example_question(request, criteria[i]) for i in falses])
    on_example = await on_examples(
        examples,
        [sources[i] for i in falses],
        [caseless(criteria[i]) for i in falses],
        task=request,
        reference=reference or "",
        allow_weak=allow_weak,
    )
    return {
        i: tested_false(runs[i], _met_by_absence(run, criteria[i]), by_reference=bool(reference))
        for i, run in zip(falses, on_example, strict=True)
    }


def _met_by_absence(run: CheckRun, criterion: str) -> CheckRun:
    """A check that found nothing of what it looked for and returned True decides only a
    criterion met by an absence ("Has no bullet points"): of any other, it measured nothing."""
    if run.empty and ABSENCE.search(criterion):
        return CheckRun(True, "the check returned True: the answer has none of what it looks for")
    return run


def _ruled_out(run: CheckRun, kind: CheckKind, source: str, answer: str) -> CheckRun:
    """An absence check's False where the answer holds what it looks for only to rule it
    out ("No overhead pressing anywhere") decides nothing: the answer names it, not does it."""
    if run.passed is False and kind == "absent" and names_only_to_rule_out(source, answer):
        return CheckRun(None, "the answer names what the check looks for only to rule it out")
    return run


def _value_unread(run: CheckRun, kind: CheckKind, source: str, criterion: str) -> CheckRun:
    """A check's True that looked only for the word naming a value the criterion keeps out
    ("age" for a runner's age) decides nothing: the value is written as itself."""
    if run.passed is True and kind in ("absent", "computed") and looks_for_a_value_s_name(source, criterion):
        return CheckRun(None, "the check looked only for the word that names the value, not for the value")
    return run


async def _confirmed(asker: Asker, criteria: list[str], shown: list[Evidence]) -> list[Evidence]:
    """Each pass that rests on a quote, read again: the quoted lines alone beside the
    criterion (`confirm.py`); below `CONFIRMED` the criterion is unverified."""
    asked = [i for i, e in enumerate(shown) if e.passed and e.quote and e.decided_by.startswith("quote:")]
    found = await asker.probabilities([confirm_question(shown[i].quote or "", criteria[i]) for i in asked], CHOICES)
    out = list(shown)
    for i, yes in zip(asked, found, strict=True):
        if yes is not None and yes < CONFIRMED:
            why = unconfirmed(shown[i].quote or "", yes)
            out[i] = replace(shown[i], passed=None, why=why, decided_by="unverified: the quote is not confirmed")
        elif yes is not None:
            out[i] = replace(shown[i], decided_by=f"{shown[i].decided_by}, confirmed (yes {yes:.2f})")
    return out


async def _fact_choice(facts: Ask, asker: Asker, criterion: str) -> FactChoice | None:
    """The model's fact for `criterion`, from the worker's book when chosen before (like a
    check, a choice depends on the criterion alone, asked at temperature 0)."""
    key = f"fact choice: {criterion}"
    raw = asker.book.get(asker.label, key)
    if raw is None:
        raw = json.dumps(await facts(map_question(criterion), map_schema(), 0.0))
        asker.book.put(asker.label, key, raw)
    return FactChoice.parse(json.loads(raw), criterion)


def _criterion(name: str, evidence: Evidence) -> Criterion:
    if evidence.passed is None:
        gap = f"not verified: {evidence.why}"
    elif evidence.passed:
        gap = None
    else:
        gap = evidence.why or "not met"
    return Criterion(
        name=name,
        passed=bool(evidence.passed),
        gap=gap,
        decided_by=evidence.decided_by,
        check=evidence.check,
        quote=evidence.quote,
        unverified=evidence.passed is None,
    )

"""The grounded strategy: checks the grader writes, citations code verifies, and an honest
"can't tell" (scripted graders; written checks run in the real sandbox)."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.outputs import ChatGeneration, ChatResult

from rubricflow.activities.grader.check_kinds import classify
from rubricflow.activities.grader.check_texts import looks_for_criterion_words, looks_in_one_place
from rubricflow.activities.grader.confirm import confirm_question
from rubricflow.activities.grader.grounded import Evidence, _confirmed, _criterion
from rubricflow.activities.grader.grounded_asker import Asker
from rubricflow.activities.grader.quotes import cite, is_heading
from rubricflow.activities.grader.written_checks import (
    EXAMPLES,
    answer_functions,
    check_prompt,
    check_source,
    run_checks,
)
from rubricflow.activities.sandbox import bubblewrap_available
from rubricflow.workflows.types import Evaluation, Message
from tests.test_grader import grade, grade_input, seen  # noqa: F401  (fixture)

needs_sandbox = pytest.mark.skipif(not bubblewrap_available(), reason="written checks run under bubblewrap")

SUBTRACT = "Here:\n\n```python\ndef add(a, b):\n    return a - b\n```\n\nIt adds two numbers."
INCIDENT = (
    "## Incident summary\n\nBetween 09:10 and 09:42 UTC checkout failed for about 3,400 customers.\n\n## Follow-up\n"
)


DOCUMENTED = '```python\ndef add(a, b):\n    """Return the sum of a and b."""\n    return a + b\n```'
"""The grader's own example of an answer whose functions have docstrings."""


def transcript(answer: str, request: str = "Write add(a, b).") -> list[Message]:
    return [Message(role="user", content=request), Message(role="assistant", content=answer)]


NO_FACT = {"structured": {"fact": "none"}}
"""The grader's fact choice for a criterion no measured fact settles."""


async def grounded(
    script: Any, answer: str, rubric: str, *replies: Any, request: str = "Write add(a, b).", facts: Any = None
) -> Any:
    """A grounded pass: `replies` are the checks' bodies, the grader's own examples (for the
    computing or absence checks that returned False), then the citations; the fact choices
    come last (`facts`, else none for every criterion)."""
    chosen = facts if facts is not None else [NO_FACT] * rubric.count("\n- ") + [NO_FACT]
    return await grade(
        grade_input(
            script(*replies, *chosen),
            rubric=rubric,
            transcript=transcript(answer, request),
            settings={"grading": "grounded"},
        )
    )


@needs_sandbox
class TestAWrittenCheckDecides:
    async def test_a_behaviour_check_runs_the_answers_code_and_decides(self, script, seen):
        result = await grounded(script, SUBTRACT, "- add(2, 3) returns 5", "    return add(2, 3) == 5")
        [criterion] = result.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, False)
        assert criterion.check == "def check(answer):\n    return add(2, 3) == 5\n"
        assert criterion.decided_by.startswith("check: returned False")
        assert result.verdict.result == "needs_revision" and not result.unverified
        # The check was written without the answer in front of the model: only the task.
        assert "a - b" not in str(seen[0][-1].content) and "Write add(a, b)." in str(seen[0][-1].content)
        # A behaviour check that decides needs no citation and no fact: one question in all.
        assert len(seen) == 1

    async def test_a_check_calling_the_answers_class_decides(self, script, seen):
        account = (
            "```python\nclass Account:\n    def __init__(self, balance):\n        self.balance = balance\n\n"
            "    def withdraw(self, amount):\n        self.balance -= amount\n```"
        )
        rubric = "- withdraw raises ValueError when the amount is more than the balance"
        body = (
            "    try:\n        Account(10).withdraw(20)\n    except ValueError:\n        return True\n    return False"
        )
        result = await grounded(script, account, rubric, body, request="Write the Account class.")
        [criterion] = result.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, False)
        assert criterion.decided_by.startswith("check: returned False")
        assert "Account(10).withdraw(20)" in (criterion.check or "")
        assert len(seen) == 1  # a check that ran the answer's code needs no citation, nor a fact

    async def test_a_fact_that_agrees_stands_beside_the_check(self, script, seen):
        result = await grounded(
            script,
            SUBTRACT,
            "- Every function has a docstring",
            "    return all(f.__doc__ for f in functions())",
            DOCUMENTED,
            facts=[{"structured": {"fact": "every_function_has_docstring", "expected": True}}],
        )
        [criterion] = result.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, False)
        assert "fact: every_function_has_docstring is true" in criterion.decided_by
        assert "agrees" in criterion.decided_by
        assert str(seen[-1][-1].content) == "Criterion: Every function has a docstring"

    async def test_a_computed_false_stands_once_its_check_passes_the_graders_own_example(self, script, seen):
        result = await grounded(
            script,
            SUBTRACT,
            "- Every function has a docstring",
            "    return all(f.__doc__ for f in functions())",
            DOCUMENTED,
        )
        [criterion] = result.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, False)
        assert criterion.decided_by.startswith("check: returned False")
        # The example was asked from the task and the criterion, never the agent's answer.
        asked = str(seen[1][-1].content)
        assert "Write add(a, b)." in asked and "Every function has a docstring" in asked and "a - b" not in asked
        assert len(seen) == 3  # the check, the example, the fact choice: no citation

    async def test_a_false_its_check_also_gives_on_the_graders_own_example_decides_nothing(self, script, seen):
        """`startswith('1.')` of every line is False of any numbered list: its False on
        the answer says nothing of the answer."""
        result = await grounded(
            script,
            "1. Heat the oven.\n2. Bake the bread.",
            "- Writes the method as a numbered list",
            "    return all(line.startswith('1.') for line in lines())",
            "1. Mix the flour.\n2. Knead the dough.",
            "NONE",
            request="Write the method for baking bread.",
        )
        [criterion] = result.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, True)
        assert criterion.decided_by == "unverified: the check did not run and nothing was cited"
        assert "own example" in (criterion.gap or "")
        assert criterion.check is not None and "startswith('1.')" in criterion.check

    async def test_an_absence_check_s_false_is_tested_on_the_example_too(self, script):
        result = await grounded(
            script,
            "db:\n  password: hunter2",
            "- Keeps the password out of the config",
            "    return 'password' not in answer",
            "db:\n  password_file: /run/secrets/db",
            "- `password: hunter2`",
            request="Write the service's YAML config.",
        )
        [criterion] = result.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, True)
        assert "own example" in (criterion.gap or "")

    async def test_a_count_or_text_fact_is_no_witness(self, script):
        """Chosen off the menu, a count or a text measures something else (primes for
        "greater than 3"): the check decides alone."""
        result = await grounded(
            script,
            "11, 13, 4",
            "- Every number listed is greater than 3",
            "    return all(n > 3 for n in numbers())",
            facts=[{"structured": {"fact": "numbers_are_prime", "expected": True}}],
            request="List three numbers greater than 3.",
        )
        [criterion] = result.verdict.criteria
        assert criterion.passed and criterion.decided_by == "check: returned True"

    @pytest.mark.parametrize(
        ("criterion", "fact"),
        [
            (
                "No function takes more than three parameters",
                {"fact": "function_count", "compare": "at_most", "expected": 3},
            ),
            ("Function names are in snake_case", {"fact": "defines_function", "expected": "snake_case"}),
        ],
    )
    async def test_a_code_fact_that_takes_the_models_argument_is_no_witness(self, script, criterion, fact):
        """A count of functions is no count of parameters, and a function named
        `snake_case` no naming style: the check that measured it decides."""
        answer = "```python\ndef add_all(a, b, c, d):\n    return a + b + c + d\n```"
        body = (
            "    return all(f.__code__.co_argcount <= 3 for f in functions())"
            if "parameters" in criterion
            else "    return all(re.fullmatch(r'[a-z_]+', f.__name__) for f in functions())"
        )
        example = () if "snake_case" in criterion else ("```python\ndef add(a, b):\n    return a + b\n```",)
        result = await grounded(script, answer, f"- {criterion}", body, *example, facts=[{"structured": fact}])
        [criterion_record] = result.verdict.criteria
        expected = "snake_case" in criterion  # four parameters: not met; add_all: snake_case
        assert (criterion_record.passed, criterion_record.unverified) == (expected, False)
        assert criterion_record.decided_by.startswith("check: returned")

    async def test_a_code_fact_that_measures_something_else_decides_nothing(self, script):
        """`calls_print` chosen for "Raises ValueError ...": no print call is no evidence
        about what the function raises, so the criterion stays as its own evidence left it."""
        answer = (
            "```python\ndef moving_average(xs, window):\n    if window <= 0:\n"
            "        raise ValueError('window must be positive')\n"
            "    return [sum(xs[i:i + window]) / window for i in range(len(xs) - window + 1)]\n```"
        )
        result = await grounded(
            script,
            answer,
            "- Raises ValueError when window is 0",
            "    return judge()",
            "NONE",
            facts=[{"structured": {"fact": "calls_print", "expected": True}}],
            request="Write moving_average(xs, window).",
        )
        [criterion] = result.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, True)
        assert "print" not in (criterion.decided_by or "") and "print" not in (criterion.gap or "")

    async def test_a_code_fact_decides_over_a_citation(self, script):
        """The syntax tree shows the docstring the grader could not cite."""
        answer = '```python\ndef add(a, b):\n    """Return the sum."""\n    return a + b\n```'
        result = await grounded(
            script,
            answer,
            "- Has a docstring",
            "    return judge()",
            "NONE",
            facts=[{"structured": {"fact": "every_function_has_docstring", "expected": True}}],
        )
        [criterion] = result.verdict.criteria
        assert criterion.passed and not criterion.unverified
        assert criterion.decided_by.startswith("fact: every_function_has_docstring is true")

    async def test_a_behaviour_check_decides_alone_whatever_fact_would_be_chosen(self, script, seen):
        """The code's structure (it parses, it defines a function) says nothing of what its
        functions do: a check that ran them is asked no fact."""
        result = await grounded(
            script,
            SUBTRACT,
            "- add(2, 3) returns 5",
            "    return add(2, 3) == 5",
            facts=[{"structured": {"fact": "code_parses", "expected": True}}],
        )
        [criterion] = result.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, False)
        assert criterion.decided_by.startswith("check: returned False") and "code_parses" not in criterion.decided_by
        assert len(seen) == 1

    async def test_a_check_that_returns_true_passes_and_the_pass_is_satisfied(self, script):
        result = await grounded(
            script, SUBTRACT, "- defines add", "    return 'add' in [f.__name__ for f in functions()]"
        )
        assert result.verdict.result == "satisfied" and result.verdict.criteria[0].passed

    async def test_the_answers_code_raising_under_the_check_is_a_false(self, script):
        result = await grounded(
            script, SUBTRACT, "- add(None, 1) raises no error", "    return add(None, 1) is not None"
        )
        [criterion] = result.verdict.criteria
        assert not criterion.passed and not criterion.unverified
        assert "the answer's code raised TypeError" in criterion.gap


@needs_sandbox
class TestWhatDecidesNothing:
    async def test_a_check_that_errors_is_no_verdict_and_the_citation_decides(self, script):
        result = await grounded(
            script,
            INCIDENT,
            "- says how many customers were affected",
            "    return len(undefined_helper(answer)) > 0",
            "checkout failed for about 3,400 customers",
            request="Write the incident summary.",
        )
        [criterion] = result.verdict.criteria
        assert (
            criterion.passed
            and criterion.quote == "Between 09:10 and 09:42 UTC checkout failed for about 3,400 customers."
        )
        assert "undefined_helper" in criterion.check
        assert criterion.decided_by.startswith("quote:")

    async def test_a_quote_that_is_not_in_the_answer_is_unverified(self, script):
        result = await grounded(
            script,
            INCIDENT,
            "- names the root cause",
            "    return judge()",
            "The cause was an expired TLS certificate.",
            request="Write the incident summary.",
        )
        [criterion] = result.verdict.criteria
        assert criterion.unverified and not criterion.passed
        assert criterion.gap.startswith("not verified: the grader's quote is not in the answer")
        assert result.verdict.result == "needs_revision" and result.unverified

    async def test_a_quote_that_rescues_a_text_check_must_speak_to_the_criterion(self, script):
        """The check found no "Subject:" line; the grader cites the greeting, which is in the
        answer but says nothing of a subject, so the check's False stands. A paraphrase the
        check missed ("Thanks" for 'thank you') shares the criterion's word and still meets it."""
        email = "Hi Marcus,\n\nThe flow is ready for review. Thanks for the sketches.\n\nBest regards,\nLena"
        off = await grounded(
            script, email, "- Starts with a subject line", "    return answer.startswith('Subject: ')", "Hi Marcus,"
        )
        [criterion] = off.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, False)
        assert "shares no word with the criterion" in criterion.gap
        assert criterion.decided_by == "check: returned False; the quote is about something else"
        rescued = await grounded(
            script,
            email,
            "- Thanks the recipient",
            "    return 'thank you' in answer.lower()",
            "Thanks for the sketches.",
        )
        [criterion] = rescued.verdict.criteria
        assert criterion.passed and criterion.decided_by.startswith("quote:")

    async def test_a_quote_that_holds_some_of_the_checks_texts_does_not_stand_for_one_the_answer_lacks(self, script):
        """The check looks for the three things the criterion names and the answer lacks one
        (the coordinator); the grader quotes the line that names the other two. The quote
        shows where the answer says part of it, not a paraphrase of the missing part, so the
        two disagree: unverified. A quote that holds none of the check's texts still stands
        for a paraphrase the check missed."""
        answer = (
            "Thank you for choosing Hartley Barn.\n\nIncluded: a tasting for two, the cake stand and knife, "
            "and the bridal suite.\n\nTotal: £9,800"
        )
        rubric = "- Names the tasting, the coordinator and the cake stand and knife as coming with the package"
        check = '    return "tasting" in answer and "coordinator" in answer and "cake stand and knife" in answer'
        quote = "Included: a tasting for two, the cake stand and knife, and the bridal suite."
        result = await grounded(script, answer, rubric, check, quote, request="Quote the wedding.")
        [criterion] = result.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, True), criterion
        assert (
            criterion.decided_by
            == "unverified: the quote holds part of what the check looked for, the answer lacks the rest"
        )
        assert "'coordinator'" in criterion.gap and criterion.quote == quote
        planner = answer.replace("the bridal suite", "a planner on the day")
        rescued = await grounded(
            script,
            planner,
            "- Names a coordinator for the day",
            '    return "coordinator" in answer',
            "Included: a tasting for two, the cake stand and knife, and a planner on the day.",
            request="Quote the wedding.",
        )
        [criterion] = rescued.verdict.criteria
        assert criterion.passed and criterion.decided_by.startswith("quote:"), criterion

    async def test_a_quote_that_holds_some_of_the_checks_texts_stands_for_none_the_answer_lacks_when_no_check_ran(
        self, script
    ):
        """The same when the check decided nothing (it called a reader of code on prose): its
        texts still say what the criterion names, and the answer lacks one (gloves), so a quote
        that names the other (goggles) is part of it: unverified, not a pass."""
        procedure = "SAFETY\n\nGoggles. KMnO4 is a strong oxidiser: keep it from paper.\n\nMETHOD\n\n1. Weigh 3.16 g."
        quote = "Goggles. KMnO4 is a strong oxidiser: keep it from paper."
        check = "    return 'goggles' in safety_items() and 'gloves' in safety_items()"
        result = await grounded(
            script,
            procedure,
            "- Lists both goggles and gloves as protective equipment",
            check,
            quote,
            request="Write the procedure.",
        )
        [criterion] = result.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, True), criterion
        assert (
            criterion.decided_by
            == "unverified: the quote holds part of what the check looked for, the answer lacks the rest"
        )
        assert "'gloves'" in criterion.gap and criterion.quote == quote

    async def test_the_heading_a_check_reads_under_is_not_a_text_the_quote_must_hold(self, script):
        """`section('Reporting')` says where the check looks, not what the answer must say: a
        quote of the address under "How to report" is not part of what the check looked for
        with the rest missing, and it meets the criterion."""
        code = "# Hollowbrook code of conduct\n\n## How to report\n\nTell a steward, or write to welfare@hollowbrook.org.uk."
        quote = "Tell a steward, or write to welfare@hollowbrook.org.uk."
        result = await grounded(
            script,
            code,
            "- Its reporting section tells people where to send a report (welfare@hollowbrook.org.uk)",
            "    return 'welfare@hollowbrook.org.uk' in section('Reporting')",
            quote,
            request="Write the code of conduct.",
        )
        [criterion] = result.verdict.criteria
        assert criterion.passed and criterion.decided_by.startswith("quote:"), criterion

    async def test_a_quote_about_something_else_meets_no_criterion(self, script):
        """Nothing but a citation decides "Says when the next meeting is", and the grader cites
        an action item that shares no word with it: unverified, not a pass."""
        notes = "We moved the launch.\n\n- @omar Book the press briefing room, due 28 April"
        result = await grounded(
            script,
            notes,
            "- Says when the next meeting is",
            "    return judge()",
            "- @omar Book the press briefing room",
        )
        [criterion] = result.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, True)
        assert criterion.decided_by == "unverified: the quote is about something else"
        assert criterion.quote == "- @omar Book the press briefing room, due 28 April" and criterion.check is None

    async def test_a_text_check_the_citation_does_not_back_is_unverified(self, script):
        """The check only found a word; the grader found nothing that meets the criterion:
        the two disagree, so the evidence decides nothing."""
        result = await grounded(
            script,
            INCIDENT,
            "- lists the follow-up actions",
            "    return 'follow-up' in answer.lower()",
            "NONE",
            request="Write the incident summary.",
        )
        [criterion] = result.verdict.criteria
        assert criterion.unverified and "disagree" in criterion.decided_by

    async def test_a_check_that_broke_and_nothing_cited_is_unverified(self, script):
        """The model judged that code decides this criterion; its check did not run, and a
        behaviour is not a sentence to cite: NONE shows nothing, so the criterion is unverified."""
        result = await grounded(
            script, SUBTRACT, "- add keeps its inputs unchanged", "    return add(xs) == xs", "NONE"
        )
        [criterion] = result.verdict.criteria
        assert criterion.unverified and not criterion.passed
        assert criterion.decided_by == "unverified: the check did not run and nothing was cited"

    async def test_a_check_that_does_not_read_the_answer_does_not_decide(self, script):
        """`return False` reads nothing of the answer: the citation decides (run as a
        computed check, it would have failed the criterion)."""
        result = await grounded(
            script,
            INCIDENT,
            "- says how many customers were affected",
            "    return False",
            "checkout failed for about 3,400 customers",
            request="Write the incident summary.",
        )
        [criterion] = result.verdict.criteria
        assert criterion.passed and criterion.decided_by.startswith("quote:")

    async def test_a_quote_cannot_show_that_a_claim_is_right(self, script):
        """The citation finds where the answer states its total; whether the total is right is
        what the criterion asks, and a quote cannot show it."""
        answer = "Q1 and Q2 sold 120 and 80 units.\n\nThe total was 210 units."
        result = await grounded(
            script,
            answer,
            "- States the correct total",
            "    return judge()",
            "The total was 210 units.",
            request="Add 120 and 80.",
        )
        [criterion] = result.verdict.criteria
        assert criterion.unverified and not criterion.passed and criterion.quote == "The total was 210 units."
        assert criterion.decided_by == "unverified: a quote shows the claim, not that it is right"

    async def test_a_quote_of_a_figure_cannot_show_that_it_adds_up(self, script):
        """A total, a share or a per-person figure that the criterion says agrees with other
        figures (the sum of the costs, the total divided by the guests, a formula written with
        × or ÷, the same figure in two places) is a claim of correctness: the quote shows the
        figure, not that the sum comes out."""
        answer = "Venue $1,200, catering $2,000, band $500.\n\nTotal: $3,700\n\nPer person (40 guests): $92.50"
        for said, quote in (
            ("The stated total equals the sum of the listed costs", "Total: $3,700"),
            ("Dividing the total by 40 guests gives the per-person figure it states", "Per person (40 guests): $92.50"),
            ("The week's total adds up the daily minutes", "Total: $3,700"),
            ("The per-person figure is the total ÷ 40, to the cent", "Per person (40 guests): $92.50"),
            ("The weekly band fee is $500 × 12 ÷ 52, to the cent", "Venue $1,200, catering $2,000, band $500."),
            (
                "The band fee is consistent between the costs and the total",
                "Venue $1,200, catering $2,000, band $500.",
            ),
            ("The total names the same band fee as the costs", "Venue $1,200, catering $2,000, band $500."),
        ):
            result = await grounded(script, answer, f"- {said}", "    return judge()", quote, request="Budget.")
            [criterion] = result.verdict.criteria
            assert criterion.unverified and not criterion.passed, said
            assert criterion.decided_by == "unverified: a quote shows the claim, not that it is right", said

    async def test_a_quote_cannot_show_that_a_weekday_really_falls_on_its_date(self, script):
        """ "The weekday it really falls on", "what it actually returns": the criterion asks that
        what the answer states is true, which a quote of the statement cannot show."""
        for said, answer, quote in (
            (
                "Gives the meeting's date with the weekday it really falls on",
                "Notice of meeting\n\n- Date: Friday, 23 April\n- Place: the club house",  # no year: no calendar
                "- Date: Friday, 23 April",
            ),
            (
                "Every value asserted is what parse_duration actually returns",
                'def test_parse():\n    assert parse_duration("1h30m") == 5400',
                'assert parse_duration("1h30m") == 5400',
            ),
        ):
            result = await grounded(script, answer, f"- {said}", "    return judge()", quote, request="Write it.")
            [criterion] = result.verdict.criteria
            assert criterion.unverified and not criterion.passed, said
            assert criterion.decided_by == "unverified: a quote shows the claim, not that it is right", said

    async def test_a_quote_shows_one_where_the_criterion_asks_of_each(self, script):
        """One example quoted shows that one term has an example, not that each has: a
        criterion about each or every one of something is not met by a quote alone."""
        answer = "**Commit**: a snapshot.\nExample: `git commit -m x`.\n\n**Branch**: a line of work."
        result = await grounded(
            script,
            answer,
            "- Gives an example for each term",
            "    return judge()",
            "Example: `git commit -m x`.",
            request="Write a glossary of Git terms with an example for each.",
        )
        [criterion] = result.verdict.criteria
        assert criterion.unverified and not criterion.passed and criterion.quote == "Example: `git commit -m x`."
        assert criterion.decided_by == "unverified: a quote shows one, the criterion asks it of each"

    async def test_a_quote_from_elsewhere_about_something_else_shows_nothing_of_the_last_line(self, script):
        """ "Ends with time for the candidate's questions", and the grader cites the guide's
        title: a line from elsewhere that shares no word with the criterion shows nothing
        of how the answer ends."""
        guide = "# Interview guide: Backend Engineer\n\n1. Tell me about a design you owned.\n\nClose: your questions for us."
        result = await grounded(
            script,
            guide,
            "- Ends with time for the candidate's own questions",
            "    return judge()",
            "# Interview guide: Backend Engineer",
            request="Write a 45-minute interview guide.",
        )
        [criterion] = result.verdict.criteria
        assert criterion.unverified and not criterion.passed
        assert criterion.decided_by == "unverified: the quote is about something else"

    async def test_a_bare_heading_meets_nothing_and_shows_nothing_unmet(self, script):
        """A quote of a heading alone points where the answer may say it, and shows neither
        that it does nor that it does not: unverified, as a NONE no check backs is."""
        result = await grounded(
            script,
            INCIDENT,
            "- lists the follow-up actions",
            "    return judge()",
            "## Follow-up",
            request="Write the incident summary.",
        )
        [criterion] = result.verdict.criteria
        assert not criterion.passed and criterion.unverified and "only a heading" in criterion.gap
        assert criterion.decided_by == "unverified: the quote is only a heading"

    async def test_nothing_cited_with_no_check_that_tested_it_is_unverified(self, script):
        """One reading that finds nothing is no verdict: the small grader replies NONE to
        criteria the answer meets about a third of the time, so a NONE that nothing else
        backs (the model said a reader must judge) leaves the criterion unverified."""
        result = await grounded(
            script,
            INCIDENT,
            "- says why checkout failed for the customers",
            "    return judge()",
            "NONE",
            request="Write the incident summary.",
        )
        [criterion] = result.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, True)
        assert criterion.decided_by == "unverified: nothing cited, and no check tested it"
        assert criterion.gap == "not verified: the grader cited nothing, and no check tested it"

    async def test_nothing_cited_where_the_answer_holds_none_of_the_criterion_s_words_fails_it(self, script):
        """A NONE beside an answer that holds no word the criterion names what it asks be said
        by (nor its figures) is two readings that agree: over every record, such pairs were
        unmet 34 times in 35."""
        result = await grounded(
            script, INCIDENT, "- offers a refund", "    return judge()", "NONE", request="Write the incident summary."
        )
        [criterion] = result.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, False)
        assert (
            criterion.decided_by == "quote: the grader found none, and the answer holds none of the criterion's words"
        )

    async def test_nothing_cited_beside_a_check_that_is_not_run_is_unverified(self, script):
        """A check that compares the whole answer with a literal is not run: it is no witness,
        so a NONE beside it stands alone."""
        result = await grounded(
            script,
            INCIDENT,
            "- says why checkout failed for the customers",
            "    return answer == 'The database failed over.'",
            "NONE",
        )
        [criterion] = result.verdict.criteria
        assert (criterion.passed, criterion.unverified) == (False, True)
        assert criterion.decided_by == "unverified: nothing cited, and no check tested it"
        assert "compares the whole answer with a literal" in (criterion.gap or "")


class TestTheRecordOfDoubt:
    def test_an_unverified_criterion_cannot_pass(self):
        from rubricflow.workflows.types import Criterion

        with pytest.raises(ValueError, match="unverified, so it cannot pass"):
            Criterion(name="x", passed=True, unverified=True)

    def test_the_revision_message_does_not_ask_to_change_what_was_not_verified(self):
        from rubricflow.workflows.types import Criterion

        evaluation = Evaluation(
            grading_run_id="r",
            iteration=0,
            result="needs_revision",
            explanation="1 of 2 criteria not met.",
            unverified=True,
            criteria=[
                Criterion(name="has tests", passed=False, gap="no tests"),
                Criterion(name="names the cause", passed=False, gap="not verified: quote not found", unverified=True),
            ],
        )
        message = evaluation.revision_message()
        still, _, doubted = message.partition("could not verify")
        assert "- has tests: no tests" in still and "names the cause" not in still
        assert "- names the cause: not verified" in doubted

    def test_only_set_fields_are_serialised(self):
        from rubricflow.workflows.types import Criterion

        assert Criterion(name="x", passed=True).model_dump(mode="json") == {"name": "x", "passed": True}
        dumped = Criterion(name="x", passed=False, gap="g", unverified=True, check="c", quote="q").model_dump()
        assert dumped["unverified"] is True and dumped["check"] == "c" and dumped["quote"] == "q"


class TestCitations:
    ANSWER = (
        "# Report\n\nBetween 09:10 and 09:42 UTC checkout failed.\n\nImpact:\nThe cause was an expired certificate."
    )

    def test_an_exact_quote_is_the_line_that_holds_it(self):
        found = cite('"checkout failed"', self.ANSWER)
        assert (found.found, found.line) == ("quoted", "Between 09:10 and 09:42 UTC checkout failed.")

    def test_a_quote_with_small_slips_is_found_by_its_words(self):
        found = cite("09:10 to 09:42 UTC, checkout failed", self.ANSWER)
        assert found.found == "quoted" and found.line.startswith("Between 09:10")

    def test_a_made_up_quote_is_not_found(self):
        assert cite("Refunds were issued to every customer", self.ANSWER).found == "not_found"

    def test_none_and_headings(self):
        assert cite("NONE", self.ANSWER).found == "none"
        assert cite("None.", self.ANSWER).found == "none"
        assert cite("Report", self.ANSWER).found == "heading"
        assert cite("Impact", self.ANSWER).found == "heading"
        assert is_heading("## Breaking changes") and not is_heading("The cause was an expired certificate.")

    def test_a_quote_of_several_lines_is_the_lines_it_spans(self):
        steps = "To send it back:\n1. Pack the kettle.\n2. Print the label.\n3. Post it."
        found = cite("1. Pack the kettle.\n2. Print the label.", steps)
        assert (found.found, found.line) == ("quoted", "1. Pack the kettle.\n2. Print the label.")

    def test_a_quote_meets_a_criterion_about_the_first_or_last_line_only_from_there(self):
        posting = "# Come build with us\n\nWe are hiring a Data Analyst.\n\nBest regards,\nAna"
        assert cite("We are hiring a Data Analyst", posting, "The first line is the job title").found == "misplaced"
        assert cite("We are hiring a Data Analyst", posting, "Names the role").found == "quoted"
        assert cite("Come build with us", posting, "The title line is under 72 characters").found == "quoted"
        assert cite("Best regards,", posting, "Ends with the sender's name").found == "misplaced"
        assert cite("Best regards, Ana", posting, "Signs off with the name Ana").found == "quoted"

    def test_the_first_line_of_a_document_in_a_code_block_is_its_first_line_not_the_lead_in(self):
        """ "The first line is a shebang": the script sits in a fenced block after a line that
        introduces it, and the block's fences are no lines of it."""
        script = 'Here is the script:\n\n```bash\n#!/usr/bin/env bash\nset -eu\ntar czf b.tgz "$1"\n```'
        assert cite("#!/usr/bin/env bash", script, "The first line is a shebang that runs bash").found == "quoted"
        assert cite("set -eu", script, "Starts with a shebang line").found == "misplaced"
        assert cite('tar czf b.tgz "$1"', script, "Ends with the tar command").found == "quoted"
        assert cite("Here is the script:", script, "Starts with a shebang line").found == "misplaced"

    def test_a_comment_in_a_code_block_is_no_heading(self):
        """`# Compress old logs` opens a bash comment inside the block, not a Markdown heading."""
        script = 'Here is the script:\n\n```bash\n# Compress old logs\ngzip "$1"\n```\n\n# Usage\n\nRun it.'
        found = cite("# Compress old logs", script, "Has a comment at the top explaining what the script does")
        assert (found.found, found.line) == ("quoted", "# Compress old logs")
        assert cite("# Usage", script, "Says how to run it").found == "heading"

    def test_a_criterion_about_the_first_sentence_is_met_only_by_the_first_sentence(self):
        """The cited line holds two sentences and the name only in the second: what is
        recorded (and read again) is the first sentence alone."""
        text = "Packing light should be easy. The Aero 30 opens flat like a suitcase.\n\n- 30 litres"
        criterion = "The first sentence mentions the product name (Aero 30)"
        assert cite("The Aero 30 opens flat like a suitcase", text, criterion).found == "misplaced"
        whole = cite("Packing light should be easy. The Aero 30 opens flat like a suitcase.", text, criterion)
        assert (whole.found, whole.line) == ("quoted", "Packing light should be easy.")
        first = cite("Packing light should be easy.", text, "Opens with a sentence about packing")
        assert (first.found, first.line) == (
            "quoted",
            "Packing light should be easy. The Aero 30 opens flat like a suitcase.",
        )
        assert cite("The Aero 30 opens flat", text, "Names the product").line == text.splitlines()[0]

    def test_a_criterion_about_the_first_paragraph_is_met_only_from_there(self):
        """A greeting and a lead-in are no paragraph of the letter's body: the opening
        paragraph is the first one under them."""
        letter = (
            "Here is the letter:\n\nDear Ms. Raman,\n\nI am applying for the analyst role.\nI know SQL well.\n\n"
            "I would love to join Northgate Logistics.\n\nBest,\nJo"
        )
        criterion = "Names Northgate Logistics in the opening paragraph"
        assert cite("I would love to join Northgate Logistics.", letter, criterion).found == "misplaced"
        assert cite("I know SQL well.", letter, "Says what the role is in the first paragraph").found == "quoted"
        assert cite("I would love to join Northgate Logistics.", letter, "Names the company").found == "quoted"

    def test_a_criterion_about_a_code_block_is_met_only_inside_one(self):
        readme = "## Install\n\nInstall it with `pipx install pgsnap`.\n\n```sh\npipx install pgsnap\n```"
        criterion = "Gives the install command in a fenced code block"
        assert cite("Install it with `pipx install pgsnap`", readme, criterion).found == "misplaced"
        assert cite("pipx install pgsnap", readme, criterion).line == "pipx install pgsnap"  # the block holds it too
        assert cite("```sh\npipx install pgsnap\n```", readme, criterion).found == "quoted"
        assert cite("Install it with `pipx install pgsnap`", readme, "Gives the install command").found == "quoted"

    def test_the_line_that_introduces_the_answer_is_none_of_it(self):
        poem = "Sure - here is an acrostic poem for OAK:\n\nOld roots hold\nAcorns fall\nKeep still"
        assert cite("Sure - here is an acrostic poem for OAK:", poem, "Has a title").found == "lead_in"
        assert cite("Old roots hold", poem, "Has a title").found == "quoted"
        assert cite("Here is the list:", "Here is the list:\n- a", "Has a title").found == "quoted"  # no blank line

    def test_a_quote_of_the_request_and_not_the_answer_is_no_quote_of_the_answer(self):
        request = "Write the job posting. Applications go to jobs@fernway.io by 31 March."
        answer = "# Backend Engineer\n\nApply on our careers site."
        assert cite("jobs@fernway.io", answer, request=request).found == "request"
        assert cite("jobs@fernway.io", answer).found == "not_found"
        assert cite("Apply on our careers site", answer, request=request).found == "quoted"
        files = "- `auth/routes.py`\n- `auth/session.py`\n- `docs/auth.md`"
        listed = "auth/routes.py, auth/session.py, docs/auth.md"
        copied = cite(listed, files, request=f"It changes {listed}.")
        assert copied.found == "not_found"  # the answer holds the same words, in other lines


def _kind_of_body(body: str, criterion: str) -> str:
    """What a check returning `body` tests, for `criterion` (which is also all it is given)."""
    return classify(f"def check(answer):\n    return {body}\n", [], criterion, criterion)


class TestChecksAsCode:
    def test_what_a_check_tests_is_read_from_its_code(self):
        functions = ["add"]
        assert classify("def check(answer):\n    return add(1, 2) == 3\n", functions) == "behaviour"
        assert classify("def check(answer):\n    return len(numbers()) == 3\n", functions, "Lists three") == "computed"
        assert classify("def check(answer):\n    return 'CSV' in answer\n", functions) == "present"
        assert classify("def check(answer):\n    return 'very' not in words()\n", functions) == "absent"
        assert classify("def check(answer):\n    return not re.search(r'\\bvery\\b', answer)\n", functions) == "absent"
        assert classify("def check(answer):\n    return judge()\n", functions) == "judge"

    def test_a_check_that_counts_characters_for_a_count_of_words_is_not_run(self):
        kind = _kind_of_body
        assert kind("len(answer) < 170", "Is under 170 words") == "characters"
        assert kind("all(len(s) < 45 for s in sentences())", "Keeps every answer under 45 words") == "characters"
        assert kind("len(lines()[0].strip()) <= 12", "The title is at most 12 words") == "characters"
        assert kind("len(prose()) < 60", "The summary is under 60 words") == "characters"
        assert kind("len(answer.split()) < 170", "Is under 170 words") == "computed"
        assert kind("len(words()) < 170", "Is under 170 words") == "computed"
        assert kind("all(len(line) < 80 for line in lines())", "Every line is under 80 characters") == "computed"

    def test_a_check_that_counts_sentences_lines_or_items_for_a_count_of_words_is_not_run(self):
        kind = _kind_of_body
        assert kind("len(sentences(answer)) <= 75", "The text for visitors runs to no more than 75 words") == "units"
        assert kind("len(lines()) <= 80", "Keeps the interpretive text within 80 words") == "units"
        assert kind("len(items(section('Summary'))) < 40", "The summary is under 40 words") == "units"
        # Words counted, or the criterion counts the same units too: the check measures it.
        assert kind("len(words(paragraphs()[0])) < 75", "The opening stays under 75 words") == "computed"
        assert kind("len(' '.join(lines()).split()) <= 75", "Under 75 words") == "computed"
        assert kind("len(sentences()) <= 3", "At most 3 sentences and 75 words") == "computed"
        assert kind("len(sentences()) <= 3", "Is at most 3 sentences long") == "computed"

    def test_every_kind_of_check_that_is_never_run_says_why(self):
        from rubricflow.activities.grader.citing import UNTESTED
        from rubricflow.activities.grader.grounded import UNRUN

        assert set(UNRUN) - {"judge"} == set(UNTESTED)

    def test_a_check_looks_for_the_criterions_words_or_for_its_own(self):
        thanks = "def check(answer):\n    return 'thank you' in answer.lower()\n"
        assert looks_for_criterion_words(thanks, "Includes a thank-you")
        user = "def check(answer):\n    return 'RUN useradd -m app' in answer\n"
        assert not looks_for_criterion_words(user, "Runs the app as a non-root user")
        assert not looks_for_criterion_words("def check(answer):\n    return '3,400' in answer\n", "Gives 3,400")

    @pytest.mark.parametrize(
        ("body", "answer", "elsewhere"),
        [
            ("answer.startswith('# tidyframe')", "```\n# Python .gitignore for tidyframe\n```", True),
            ("lines()[-1].endswith('Kind regards, Lena')", "Kind regards, Lena.", True),
            ("re.match(r'Nutrition Facts', answer)", "Here is the label:\n\nNutrition Facts", True),
            ("answer.startswith('# tidyframe')", "```\n# Python .gitignore\n```", False),  # not in it at all
            ("'tidyframe' in answer", "# tidyframe", False),  # asks whether, not where
            ("answer.startswith('')", "anything", False),  # no words to look for
        ],
    )
    def test_a_check_that_asks_where_its_words_stand_is_told_from_one_that_asks_whether(self, body, answer, elsewhere):
        assert looks_in_one_place(f"def check(answer):\n    return {body}\n", answer) is elsewhere

    def test_a_number_the_criterion_does_not_give_makes_the_words_the_checks_own(self):
        """`'fixes #123'` for "Links the issue it fixes" looks for an issue number the model
        made up, as `'### Step 10:'` does for "Includes a rollback step": not finding it
        says nothing of the criterion. A number the criterion gives is its own."""
        fixes = "def check(answer):\n    return 'fixes #123' in answer.lower()\n"
        assert not looks_for_criterion_words(fixes, "Links the issue it fixes")
        step = "def check(answer):\n    return '### Step 10:' in answer\n"
        assert not looks_for_criterion_words(step, "Includes a rollback step")
        given = "def check(answer):\n    return 'step 3' in answer.lower()\n"
        assert looks_for_criterion_words(given, "Says what to do at step 3")

    def test_a_check_that_uses_the_answers_classes_reads_the_answer(self):
        classes = ["Cart", "add"]
        called = "def check(answer):\n    return Cart().add('x', 2).total() == 2\n"
        assert classify(called, classes) == "behaviour"
        assert classify("def check(answer):\n    return Cart.from_dict({}).items == {}\n", classes) == "behaviour"
        named = "def check(answer):\n    return all(hasattr(Cart, m) for m in ['add', 'remove'])\n"
        assert classify(named, classes) == "computed"
        # A class the answer does not define reads nothing of it: the check cannot witness.
        assert classify(named.replace("Cart", "ShoppingCart"), classes) == "blind"

    def test_a_check_that_does_not_read_the_answer_or_compares_it_with_a_literal_decides_nothing(self):
        functions = ["add"]
        assert classify("def check(answer):\n    return True\n", functions) == "blind"
        assert classify("def check(answer):\n    return round(151 / 1010 * 100, 1) == 15.0\n", functions) == "blind"
        assert classify("def check(answer):\n    return task.startswith('List')\n", functions) == "blind"
        assert classify("def check(answer):\n    return rhymes(lines()[-1], lines()[-1])\n", functions) == "blind"
        # A helper's readings are always of its own type: testing that type reads nothing.
        typed = "def check(answer):\n    return all(isinstance(d, date) for d in dates())\n"
        assert classify(typed, functions, "", "All dates are written as YYYY-MM-DD") == "blind"
        assert classify(typed.replace("date)", "str)"), functions) == "blind"
        # numbers() gives ints and floats, data() whatever the JSON holds: their types are readings.
        whole = "def check(answer):\n    return all(isinstance(n, int) for n in numbers())\n"
        assert classify(whole, functions, "", "Every number is a whole number") != "blind"
        assert classify(whole.replace("numbers()", "data()"), functions) != "blind"
        mixed = "def check(answer):\n    return all(isinstance(s, str) and s.startswith('f') for s in lines())\n"
        assert classify(mixed, functions) != "blind"
        assert classify("def check(answer):\n    return isinstance(data(answer)['year'], int)\n", functions) != "blind"
        reads_task = "def check(answer):\n    return all(n in paragraphs(task) for n in ['Wen', 'Zoe'])\n"
        assert classify(reads_task, functions, "Wen Zoe", "Lists every attendee") == "blind"
        # A helper given a text the check writes reads that text: the grader's sum, not the answer's.
        own_sum = "def check(answer):\n    return arithmetic_correct('38 * 0.95 = 36.1')\n"
        assert classify(own_sum, functions, "", "Calculates the percentage discount correctly") == "blind"
        assert classify(own_sum.replace("'38 * 0.95 = 36.1'", "answer"), functions) != "blind"
        leaves_out = "def check(answer):\n    return not any(n in answer for n in ['Rosa', 'Uma'])\n"
        task = "Write the notes of the budget meeting with Rosa and Uma."
        assert (
            classify(
                leaves_out, functions, f"{task}\nDoes not comment on anyone absent", "Does not comment on anyone absent"
            )
            == "forbids_given"
        )
        named = "def check(answer):\n    return 'Acme' not in answer\n"
        assert classify(named, functions, "Compare us with Acme.\nDoes not name Acme", "Does not name Acme") == "absent"
        # A search that found nothing (`is None`) is the same test as `not in`.
        regex = "Give a regex HEX_COLOUR for colours such as #fff."
        for absent in ("re.search(r'HEX_COLOUR', answer) is None", "'HEX_COLOUR' not in answer"):
            written = f"def check(answer):\n    return {absent}\n"
            assert classify(written, functions, regex, "Rejects every invalid example") == "forbids_given"
        reads_both = "def check(answer):\n    return all(n in paragraphs(answer) for n in paragraphs(task))\n"
        assert classify(reads_both, functions, "", "Lists every attendee") != "blind"
        assert classify("def check(answer):\n    return answer == 'The total was 5,559.'\n", functions) == "literal"
        assert classify("def check(answer):\n    return '2028-10-17' == answer.strip()\n", functions) == "literal"
        given = "Report the total, 5,559."
        assert classify("def check(answer):\n    return '5,559' in answer\n", functions, given) == "present"
        one_of = "def check(answer):\n    return answer.strip() in ['1', '2', '3', '5', '8']\n"
        assert classify(one_of, functions, "", "Estimates on the 1, 2, 3, 5 or 8 scale") == "literal"
        assert classify("def check(answer):\n    return words()[-1] in ['1', '2', '3']\n", functions) != "literal"

    def test_a_check_that_looks_for_the_answers_own_parts_in_it_is_blind(self):
        """Every part a reading takes from the answer is in the answer: such a check cannot
        return False, so it reads nothing of whether the answer meets the criterion."""
        ids = "def check(answer):\n    return all(i in answer for i in re.findall(r'TC-\\d+', answer))\n"
        assert classify(ids, [], "", "Every test case ID it refers to exists in the plan") == "blind"
        same = "def check(answer):\n    return all(p in paragraphs() for p in paragraphs())\n"
        assert classify(same, [], "", "No test case is missing its expected result") == "blind"
        assert classify("def check(answer):\n    return all(w in answer for w in words())\n", []) == "blind"
        split = "def check(answer):\n    return all(part in answer for part in answer.split('; '))\n"
        assert classify(split, []) == "blind"
        cited = "def check(answer):\n    return all(e in answer for e in paragraphs(section('Deductions')))\n"
        assert classify(cited, [], "", "Every deduction cites its evidence") == "blind"
        # Looked for in another part, in another text, or values of the model's own: each can fail.
        part = "def check(answer):\n    return all(i in section('Cases') for i in re.findall(r'TC-\\d+', answer))\n"
        assert classify(part, [], "", "Every test case ID it refers to exists in the plan") != "blind"
        assert classify("def check(answer):\n    return all(n in answer for n in ['Wen', 'Zoe'])\n", []) != "blind"
        counted = "def check(answer):\n    return all(i in range(1, len(items()) + 1) for i in items())\n"
        assert classify(counted, [], "", "Numbers its steps from 1") != "blind"
        lowered = "def check(answer):\n    return all(w in answer.lower() for w in words())\n"
        assert classify(lowered, [], "", "Is written in lower case") != "blind"

    def test_a_number_looked_for_among_dates_or_texts_is_blind(self):
        """`dates()` reads only dates and `lines()` only texts: a number is never one of
        them, so `25 not in dates()` is True of every answer and `3 in lines()` False."""
        free = "def check(answer):\n    return 25 not in dates()\n"
        assert classify(free, [], "", "Leaves 25 October 2025 free of fixtures") == "blind"
        assert classify("def check(answer):\n    return 3 in lines()\n", []) == "blind"
        # Among numbers, a date's own values, or a text looked for among texts: each can fail.
        assert classify("def check(answer):\n    return 25 not in numbers()\n", []) != "blind"
        day = "def check(answer):\n    return date(2025, 10, 25) not in dates()\n"
        assert classify(day, [], "", "Leaves 25 October 2025 free of fixtures") != "blind"
        assert classify("def check(answer):\n    return '25' not in lines()\n", []) != "blind"

    def test_a_reading_compared_with_a_text_the_model_wrote_is_a_literal(self):
        """The model wrote the subject line it expects: only a copy of it could pass."""
        guessed = "def check(answer):\n    return answer.split('\\n')[0] == 'Stop the importer crashing.'\n"
        assert classify(guessed, [], "", "Separates the subject from the body with a blank line") == "literal"
        stated = "def check(answer):\n    return lines()[0] == 'Subject: Budget review'\n"
        assert classify(stated, [], "", "The first line is 'Subject: Budget review'") != "literal"
        assert classify("def check(answer):\n    return lines()[1] == ''\n", [], "", "A blank line") != "literal"
        starts = "def check(answer):\n    return answer.startswith('Add a retry to the payment webhook handler')\n"
        assert classify(starts, [], "", "The subject starts with a verb in the imperative") == "literal"
        ends = "def check(answer):\n    return lines()[-1].endswith('Best regards, Ana')\n"
        assert classify(ends, [], "", "Ends with 'Best regards, Ana'") != "literal"

    def test_the_body_the_model_continued_with_becomes_a_module(self):
        assert check_source("    return x\n\n") == "def check(answer):\n    return x\n"
        assert check_source("return x") == "def check(answer):\n    return x\n"
        assert check_source("") == "def check(answer):\n    return judge()\n"

    def test_the_prompt_leaves_out_the_examples_of_a_family(self):
        full = check_prompt("List two numbers.", "Gives two numbers")
        left = check_prompt("List two numbers.", "Gives two numbers", leave_out=["inline_numbers"])
        about_numbers = [e for e in EXAMPLES if "inline_numbers" in e.families]
        assert about_numbers and all(e.criterion in full and e.criterion not in left for e in about_numbers)
        assert full.endswith('def check(answer):\n    """Criterion: Gives two numbers"""\n')

    def test_the_answers_functions_are_its_top_level_definitions(self):
        defined = "def a():\n    def inner(): pass\nclass B:\n    def m(self): pass\nasync def c(): pass"
        assert answer_functions(defined) == ["a", "B", "c"]
        assert answer_functions("def broken(:") == []


@needs_sandbox
class TestTheSandboxedRun:
    async def test_helpers_and_outcomes(self):
        answer = "Paris, Madrid, 1,200 people\n\n```python\ndef f(xs):\n    xs.sort()\n    return xs\n```"
        code = "def f(xs):\n    xs.sort()\n    return xs\n"
        checks = [
            "def check(answer):\n    return numbers() == [1200]\n",
            "def check(answer):\n    xs = [2, 1]\n    f(xs)\n    return xs == [2, 1]\n",
            "def check(answer):\n    return missing() > 1\n",
            "def check(answer):\n    while True:\n        pass\n",
            "def check(answer):\n    return 'yes'\n",
            "def check(answer):\n    return task.startswith('List')\n",
        ]
        runs = await run_checks(answer, code, checks, task="List cities.")
        assert [r.passed for r in runs] == [True, False, None, None, None, True]
        assert "ran past" in runs[3].detail and "not a bool" in runs[4].detail


@needs_sandbox
async def test_a_check_that_measured_nothing_in_the_answer_decides_nothing():
    """`items()` of an inline list finds nothing: a False from it measures a thing the
    answer does not have (the check does not fit the criterion), so it is no verdict."""
    runs = await run_checks(
        "11, 13, 17",
        "",
        [
            "def check(answer):\n    return len(items()) == 3\n",
            "def check(answer):\n    return len(numbers()) == 3\n",
            "def check(answer):\n    return len(items()) == 0\n",
        ],
    )
    assert [r.passed for r in runs] == [None, True, None]
    assert "measured nothing: items() found none" in runs[0].detail
    assert runs[2].empty and not runs[0].empty and "returned True having measured nothing" in runs[2].detail


@needs_sandbox
async def test_a_later_pass_runs_the_checks_written_for_the_first(script, seen):
    """A check depends on the task and the criterion, not the answer: the second pass of
    the run runs the same check on the revised answer without asking the model again."""
    from temporalio.testing import ActivityEnvironment

    from rubricflow.activities.rubric_activities import RubricActivities
    from rubricflow.activities.tools import ToolRegistry
    from tests.test_grader import RecordingFactory

    activities = RubricActivities(models=RecordingFactory(), tools=ToolRegistry())
    grader = script("    return add(2, 3) == 5", NO_FACT)
    first = grade_input(grader, rubric="- add(2, 3) returns 5", transcript=transcript(SUBTRACT))
    first = first.model_copy(update={"settings": first.settings.model_copy(update={"grading": "grounded"})})
    fixed = SUBTRACT.replace("a - b", "a + b")
    second = first.model_copy(update={"iteration": 1, "transcript": transcript(fixed)})
    one = await ActivityEnvironment().run(activities.grade_transcript, first)
    two = await ActivityEnvironment().run(activities.grade_transcript, second)
    assert (one.verdict.result, two.verdict.result) == ("needs_revision", "satisfied")
    # The second pass asks nothing: the check is the first pass's.
    assert (one.model_calls, two.model_calls) == (1, 0) and len(seen) == 1
    assert one.verdict.criteria[0].check == two.verdict.criteria[0].check


@needs_sandbox
async def test_an_unverified_criterion_asks_a_person_when_the_run_says_so(client, task_queue, worker, script):
    """`review_unverified`: a pass with a criterion the grader could not verify, and an
    iteration left, waits for a person instead of sending the agent a revision; the
    person's approval ends the run satisfied."""
    from rubricflow.client import Rubricflow
    from rubricflow.workflows.types import AgentSettings, ApproveInput, GraderSettings, RunInput
    from tests.helpers import thread_id
    from tests.test_threads import run_end

    run = RunInput(
        message="Write the incident summary.",
        rubric="- names the root cause",
        agent=AgentSettings(model=script(INCIDENT)),
        grader=GraderSettings(
            model=script("    return judge()", "The cause was an expired TLS certificate."),
            grading="grounded",
            review_unverified=True,
            max_iterations=2,
        ),
        idle_timeout_s=600,
    )
    rf = Rubricflow(client, task_queue)
    tid = thread_id()
    await rf.start(run, tid)
    await run_end(rf, tid, 1)
    waiting = await rf.progress(tid)
    assert waiting.status == "awaiting_review"
    [evaluation] = waiting.evaluations
    [criterion] = evaluation.criteria
    assert criterion.unverified and not criterion.passed
    assert [m.role for m in waiting.transcript] == ["user", "assistant"]  # no revision was asked for
    approved = await rf.approve(tid, ApproveInput(reviewer="sam"))
    assert approved.status == "satisfied" and approved.evaluations[-1].reviewer == "sam"
    await rf.cancel(tid)


@needs_sandbox
async def test_an_answer_importing_what_is_not_installed_still_has_its_functions():
    """An answer that imports a package the sandbox lacks (`requests`) still defines its
    functions for the checks: a docstring check reads them; calling into the missing
    package is no verdict, not the answer's fault."""
    code = 'import requests\n\n\ndef fetch(url):\n    """Return the body."""\n    return requests.get(url).text\n'
    checks = [
        "def check(answer):\n    return all(f.__doc__ for f in functions())\n",
        "def check(answer):\n    return fetch('http://x') == ''\n",
    ]
    runs = await run_checks(f"```python\n{code}```", code, checks, task="Write fetch(url).")
    assert [r.passed for r in runs] == [True, None]
    assert "not installed" in runs[1].detail


@needs_sandbox
async def test_a_measuring_check_that_broke_leaves_a_property_to_no_quote(script):
    """ "The number is prime" is a property to measure: the check that was to measure it
    broke (it calls a helper there is none of), and the line that states the number shows
    the claim, not that it holds."""
    result = await grounded(
        script,
        "The answer is 63.",
        "- The number given is a prime number",
        "    return primality(int(numbers()[0]))",
        "The answer is 63.",
        request="Give a prime number.",
    )
    [criterion] = result.verdict.criteria
    assert criterion.unverified and not criterion.passed and criterion.quote == "The answer is 63."
    assert criterion.decided_by == "unverified: the check did not run, and a quote shows the claim only"


@needs_sandbox
async def test_a_heading_meets_a_criterion_about_the_title(script):
    result = await grounded(
        script,
        "# Review of PR 42\n\nlooks good to me.",
        "- Has a title",
        "    return judge()",
        "# Review of PR 42",
        request="Review the pull request.",
    )
    [criterion] = result.verdict.criteria
    assert criterion.passed and criterion.quote == "# Review of PR 42"


@needs_sandbox
async def test_a_check_that_seeks_its_own_answer_is_not_run_and_the_quote_cannot_show_it_right(script):
    """ "Names the right region" checked as `'West' in answer` is the grader's own reading
    of the table: not run; the quote shows what the answer claims, not that it is right."""
    result = await grounded(
        script,
        "West was the weakest region in Q1.",
        "- Names the right region as the weakest in Q1",
        "    return answer.lower().find('west') >= 0",
        "West was the weakest region in Q1.",
        request="Which region was weakest in Q1? North 120, West 90, East 95.",
    )
    [criterion] = result.verdict.criteria
    assert criterion.unverified and not criterion.passed and criterion.check is not None
    assert criterion.decided_by == "unverified: a quote shows the claim, not that it is right"


@needs_sandbox
class TestTheGradersOwnExamples:
    async def test_an_example_is_written_once_per_task_and_criterion(self, script, seen):
        """Like a check, an example depends on the task and criterion alone: the book keeps it."""
        from rubricflow.activities.grader.grounded_asker import Asker
        from rubricflow.activities.grader.own_examples import example_question
        from tests.test_grader import RecordingFactory

        model = RecordingFactory().get(script("1. Mix.\n2. Bake.", "a second reply"))
        asker = Asker(model, {}, "scripted")
        question = example_question("Write a bread recipe.", "Numbers the steps")
        assert await asker.examples([question]) == ["1. Mix.\n2. Bake."]
        assert await asker.examples([question]) == ["1. Mix.\n2. Bake."]
        assert len(seen) == 1

    async def test_a_check_that_raises_on_its_example_decides_nothing(self):
        from rubricflow.activities.grader.own_examples import on_examples, tested_false
        from rubricflow.activities.grader.written_checks import CheckRun

        [run] = await on_examples(
            ["no list here"], ["def check(answer):\n    return items()[0] == 'x'\n"], [True], task="t"
        )
        assert run.passed is None
        false = CheckRun(False, "the check returned False")
        assert tested_false(false, run).passed is None and "own example" in tested_false(false, run).detail
        assert tested_false(false, CheckRun(True, "")) is false

    async def test_checks_that_share_an_example_each_get_their_own_verdict_in_order(self):
        from rubricflow.activities.grader.own_examples import on_examples

        true, false = "def check(answer):\n    return 'a' in answer\n", "def check(answer):\n    return 'z' in answer\n"
        runs = await on_examples(["a b", "z", "a b"], [false, true, true], [True, True, True], task="t")
        assert [run.passed for run in runs] == [False, False, True]


@needs_sandbox
class TestACriterionMetByAnAbsence:
    @pytest.mark.parametrize(
        "criterion",
        [
            "Does not blame a named vendor",
            "Makes no promise about when service is back",
            "No line is over 79 characters",
        ],
    )
    async def test_nothing_cited_decides_nothing(self, script, criterion):
        """No words of an answer meet "does not blame": NONE shows neither way."""
        result = await grounded(script, INCIDENT, f"- {criterion}", "    return judge()", "NONE")
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, True)
        assert record.decided_by == "unverified: nothing cited for an absence"

    @pytest.mark.parametrize("criterion", ["The stated total is correct", "Gets the weekday right"])
    async def test_nothing_cited_for_a_claim_of_correctness_decides_nothing(self, script, criterion):
        """A quote shows where the answer makes a claim, not whether it is right (a quoted
        claim is unverified): nor does the grader finding nothing show that it is wrong."""
        result = await grounded(script, INCIDENT, f"- {criterion}", "    return judge()", "NONE")
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, True)
        assert record.decided_by == "unverified: nothing cited for a claim of correctness"

    @pytest.mark.parametrize(
        ("criterion", "check", "reply"),
        [
            (
                "Asks the patient to arrive 90 minutes before the appointment time",
                "    return '90 minutes before the appointment' in answer",
                "NONE",
            ),
            (
                "Sets the results 4 working days after receipt, counting Monday to Friday",
                "    return '4 working days after receipt' in answer",
                "Results 4 working days after receipt",
            ),
        ],
    )
    async def test_nothing_cited_for_a_span_from_something_decides_nothing(self, script, criterion, check, reply):
        """An answer meets "arrive 90 minutes before the appointment" with a time (arrive
        at 12:30), never with the span's words: finding those words nowhere, or only in the
        request, shows nothing, as for a claim of correctness."""
        result = await grounded(
            script, INCIDENT, f"- {criterion}", check, reply, request=f"Write it. {reply}. Arrive early."
        )
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, True)
        assert record.decided_by == "unverified: nothing cited for a span counted from something"

    async def test_a_check_that_found_none_of_what_it_looks_for_decides_only_an_absence(self, script):
        """`len(items()) == 0` of an answer with no list meets "Has no bullet points"; `< 40`
        words of a section the answer lacks measured nothing, so its True decides nothing."""
        absent = await grounded(
            script, INCIDENT, "- Has no bullet points", "    return len(items()) == 0", request="Write the summary."
        )
        [record] = absent.verdict.criteria
        assert (record.passed, record.unverified, record.decided_by) == (True, False, "check: returned True")
        measured_nothing = await grounded(
            script,
            INCIDENT,
            "- Keeps the Overview section under 40 words",
            "    return len(words(section('Overview'))) < 40",
            "NONE",
            request="Write the summary with an overview in under 40 words.",
        )
        [record] = measured_nothing.verdict.criteria
        assert (record.passed, record.unverified) == (False, True)
        assert "returned True having measured nothing" in record.gap

    async def test_an_absence_checks_false_stands_when_its_example_has_none_of_it(self, script):
        """ "Includes no code blocks": blocks found in the answer, none in the grader's own
        example (a True that measured nothing, which an absence criterion takes as met)."""
        result = await grounded(
            script,
            "Run it:\n\n```sh\nmake test\n```",
            "- Includes no code blocks",
            "    return len(blocks()) == 0",
            "Run the tests with make test.",
            request="Say how to run the tests.",
        )
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified, record.decided_by) == (
            False,
            False,
            "check: returned False (the check returned False)",
        )

    async def test_an_absence_checks_false_on_text_the_answer_rules_out_decides_nothing(self, script):
        """ "No overhead pressing anywhere" holds the words `'overhead pressing' not in
        answer` looks for, to say there is none: the check's False shows nothing."""
        result = await grounded(
            script,
            "Mon: squats 3x8.\nNo overhead pressing anywhere, to protect your shoulder.",
            "- Includes no overhead pressing",
            "    return 'overhead pressing' not in answer",
            "NONE",
            request="Write a week of training; my shoulder is hurt.",
        )
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, True)
        assert "only to rule it out" in (record.gap or "")

    @pytest.mark.parametrize(
        ("answer", "criterion", "check"),
        [
            (
                "| 1 | Amy Fox | 34 | 21:05 |\n| 2 | Ben Hale | 41 | 22:30 |",
                "- Does not give any runner's age",
                "    return not any('age' in s.lower() for s in paragraphs())",
            ),
            (
                "[db]\nhost = db.internal\npass = hunter2",
                "- Does not write the database password into the file",
                "    return 'password' not in answer",
            ),
            (
                "Key safe by the back door: 4471.",
                "- Leaves the side gate code out of the note",
                "    return 'side gate code' not in answer",
            ),
        ],
    )
    async def test_an_absence_checks_true_that_looks_only_for_the_word_naming_a_value_decides_nothing(
        self, script, answer, criterion, check
    ):
        """An age, a password or a code is written as its value, not under its name: a check
        that found no word "age" has not looked for an age."""
        result = await grounded(script, answer, criterion, check, "NONE", request="Write it.")
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, True)
        assert "the word that names the value" in (record.gap or "")

    async def test_an_absence_check_for_a_word_the_criterion_asks_be_unsaid_still_decides(self, script):
        result = await grounded(
            script,
            "I would love to join the team.",
            "- Does not mention salary",
            "    return 'salary' not in answer.lower()",
            "NONE",
            request="Write a cover letter.",
        )
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (True, False)

    @pytest.mark.parametrize(
        "answer",
        [
            "Hill Top is closed while its platform is rebuilt, so the train runs through without stopping.",
            "Hill Top isn't served this season.",
            "| Hill Top | closed | | |\nHill Top is not open until May.",
        ],
    )
    async def test_an_absence_checks_false_on_a_text_the_answer_says_is_closed_decides_nothing(self, script, answer):
        """ "Hill Top is closed ..." names the station to say the train does not call there:
        `"Hill Top" not in answer` returning False shows nothing of the criterion."""
        result = await grounded(
            script,
            "Wiveleigh dep 10:15\n" + answer,
            "- Does not show the train calling at Hill Top",
            '    return "Hill Top" not in answer',
            "NONE",
            request="Make the timetable; Hill Top is closed.",
        )
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, True)
        assert "only to rule it out" in (record.gap or "")

    async def test_an_absence_checks_false_stands_where_a_line_calls_at_the_text(self, script):
        """A line that gives a time at the station calls there, whatever another says."""
        result = await grounded(
            script,
            "Hill Top arr 10:20 dep 10:21\nHill Top is closed on Sundays.",
            "- Does not show the train calling at Hill Top",
            '    return "Hill Top" not in answer',
            "NONE",
            request="Make the timetable; Hill Top is closed.",
        )
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, False)

    async def test_an_absence_checks_false_stands_where_the_answer_does_it(self, script):
        result = await grounded(
            script,
            "Mon: squats 3x8.\nTue: overhead pressing 3x5, no more.",
            "- Includes no overhead pressing",
            "    return 'overhead pressing' not in answer",
            "Mon: squats 3x8.\nTue: rows 3x8.",
            request="Write a week of training; my shoulder is hurt.",
        )
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, False)
        assert record.decided_by.startswith("check: returned False")

    @pytest.mark.parametrize(
        ("criterion", "quote", "met"),
        [
            ("Sets NODE_ENV=production in the service's environment", "#Environment=NODE_ENV=production", None),
            ("Turns gzip compression on", "# gzip on;", None),
            ("Explains the NODE_ENV line in a comment", "#Environment=NODE_ENV=production", True),
        ],
    )
    async def test_a_commented_out_line_of_code_meets_only_a_criterion_about_comments(
        self, script, criterion, quote, met
    ):
        """A setting commented out in a config is one the program does not read: quoted,
        it shows neither that the answer sets it nor that it does not."""
        unit = (
            "The unit:\n\n```ini\n[Service]\nExecStart=/usr/bin/node app.js\n"
            "#Environment=NODE_ENV=production\n# gzip on;\n```"
        )
        result = await grounded(script, unit, f"- {criterion}", "    return judge()", quote)
        [record] = result.verdict.criteria
        if met:
            assert record.passed and not record.unverified
        else:
            assert (record.passed, record.unverified) == (False, True)
            assert record.decided_by == "unverified: the quote is a commented-out line"

    async def test_a_quote_of_the_request_fails_the_criterion(self, script):
        result = await grounded(
            script,
            INCIDENT,
            "- Says which region was affected",
            "    return judge()",
            "Frankfurt",
            request="Write the incident summary; it affected Frankfurt.",
        )
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, False)
        assert record.decided_by == "quote: the grader found none in the answer (it quoted the request)"

    async def test_a_check_that_forbids_the_tasks_words_is_not_run(self, script):
        """ "Does not comment on anyone absent", checked as no attendee of the task named: the
        check misreads what is to be left out, so it is not run and decides nothing."""
        result = await grounded(
            script,
            INCIDENT,
            "- Does not comment on anyone who was absent",
            "    return not any(name in answer for name in ['Rosa', 'Uma'])",
            "NONE",
            request="Write the notes of the meeting with Rosa and Uma.",
        )
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, True)
        assert "leaves out words the task gives" in record.gap

    async def test_nothing_cited_and_a_text_check_that_found_nothing_fail_a_criterion_met_by_a_presence(self, script):
        """Two witnesses agree: the check found none of the words it looks for, and the
        grader found no words that meet the criterion."""
        result = await grounded(
            script, INCIDENT, "- Names the vendor at fault", "    return 'vendor' in answer.lower()", "NONE"
        )
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, False)
        assert record.decided_by == "quote: the grader found none"
        assert record.gap == "the text the check looked for is not in the answer; no part of the answer meets it"

    async def test_a_check_that_found_the_criterions_words_decides_nothing_when_the_quote_is_not_found(self, script):
        """The check found some of the criterion's own words in the answer and the grader's
        quote is not in it: nothing shows where, or that the words meet the criterion (the
        name is there, the two goals are not), so neither decides."""
        report = (
            "FT: Eastgate 2-1 Kingsway.\n\n38' Chris Dunn levels for Eastgate with a volley.\n71' Sam Reid wins it."
        )
        result = await grounded(
            script,
            report,
            "- Credits Chris Dunn with two goals\n- Says what the final score was",
            "    return 'Chris Dunn' in answer",
            "    return 'final score' in answer",
            "Chris Dunn scored twice for Eastgate.",
            "The final score was 2-1.",
            request="Write the match report.",
        )
        found, own = result.verdict.criteria
        assert (found.passed, found.unverified) == (False, True)
        assert (
            found.decided_by
            == "unverified: the check found the criterion's words, the grader's quote is not in the answer"
        )
        assert "'Chris Dunn scored twice for Eastgate.'" in found.gap
        assert (own.passed, own.unverified) == (False, True)
        assert own.decided_by == "unverified: quote not found"

    async def test_a_quote_from_another_part_than_the_one_asked_about_decides_nothing(self, script):
        """The sign-off cited for "Starts with a title ...": the model looked at another line,
        which shows neither that the title meets the criterion nor that it does not."""
        notice = "**Bank holiday bin collections**\n\nHello,\n\nEvery collection moves a day later.\n\nHarrogate bin collections team"
        criterion = "- Starts with a title that says the notice is about bin collections"
        result = await grounded(script, notice, criterion, "    return judge()", "Harrogate bin collections team")
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, True)
        assert record.decided_by == "unverified: the quote is not in the part the criterion is about"
        assert "'Harrogate bin collections team'" in record.gap

    async def test_a_quote_of_the_lead_in_line_decides_nothing(self, script):
        poem = "Sure - here is an acrostic poem for OAK:\n\nOld roots hold\nAcorns fall\nKeep still"
        result = await grounded(
            script, poem, "- Gives the poem a title", "    return judge()", "Sure - here is an acrostic poem for OAK:"
        )
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, True)
        assert record.decided_by == "unverified: the quote is the lead-in line"

    async def test_an_absence_check_whose_words_stand_nearly_whole_in_the_answer_decides_nothing(self, script):
        """`"next year's renovation plans" not in answer` is True of "Next year we plan to
        renovate the hall": the phrase is absent, the thing is not. Over every record such
        checks were right 10 times and wrong 12; an absence whose words stand nowhere near
        whole in one sentence still decides."""
        said = "Opening times change in May.\nNext year we plan to renovate the hall."
        criterion = "- Keeps next year's renovation plans out of the notice"
        check = '    return "next year\'s renovation plans" not in answer'
        result = await grounded(script, said, criterion, check, "NONE")
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, True)
        assert record.decided_by == "unverified: the check's absent words stand nearly whole in the answer"
        assert "'Next year we plan to renovate the hall.'" in record.gap
        quiet = await grounded(script, "Opening times change in May.", criterion, check, "NONE")
        [kept] = quiet.verdict.criteria
        assert (kept.passed, kept.decided_by) == (True, "check: returned True")

    async def test_nothing_cited_beside_a_check_for_words_of_its_own_decides_nothing(self, script):
        """The check looked for the line the model expected, not the criterion's words: its
        missing them beside a NONE is two readings that missed, not a witness of absence."""
        result = await grounded(
            script,
            INCIDENT,
            "- Says how many customers were affected",
            "    return 'affected thousands of users' in answer",
            "NONE",
        )
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, True)
        assert record.decided_by == "unverified: nothing cited, and the check looked for words of its own"
        assert "affected thousands of users" in (record.check or "")

    async def test_nothing_cited_beside_a_check_that_looked_for_the_words_in_one_place_decides_nothing(self, script):
        """`answer.startswith('# tidyframe')` of a file set in a fence, whose first comment
        names tidyframe later in the line: the check found the words not where it looked,
        not missing from the answer, so beside a NONE nothing shows the criterion unmet."""
        ignore = "```\n# Python .gitignore for tidyframe\n__pycache__/\n.venv/\n```"
        criterion = "- Opens with a comment line that names the tidyframe project"
        result = await grounded(script, ignore, criterion, "    return answer.startswith('# tidyframe')", "NONE")
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, True)
        assert record.decided_by == "unverified: the check's words stand elsewhere in the answer, and nothing was cited"
        # Where the answer holds none of its words, the check and the NONE still agree.
        unnamed = "```\n# Python .gitignore\n__pycache__/\n```"
        result = await grounded(script, unnamed, criterion, "    return answer.startswith('# tidyframe')", "NONE")
        [record] = result.verdict.criteria
        assert (record.passed, record.unverified) == (False, False)
        assert record.decided_by == "quote: the grader found none"


class GivesProbabilities(BaseChatModel):
    """A model whose yes-or-no replies come with the probabilities it is given, as a local
    model's batcher reads them (`batched_completions`, bound with `choices`)."""

    batched_completions: ClassVar[bool] = True
    yes: list[float]
    asked: list[Any] = []

    def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kwargs: Any) -> ChatResult:
        prompts, choices = kwargs["completions"], kwargs["choices"]
        self.asked.extend(prompts)
        found = [{choices[0]: y, choices[1]: 1 - y} for y in self.yes[: len(prompts)]]
        texts = [max(p, key=p.__getitem__) for p in found]
        message = AIMessage(content="", additional_kwargs={"completions": texts, "probabilities": found})
        return ChatResult(generations=[ChatGeneration(message=message)])

    @property
    def _llm_type(self) -> str:
        return "gives-probabilities"


class TestAQuoteReadAgain:
    """A pass that rests on a quote stands only when the model, shown the quoted lines alone
    beside the criterion, says "yes" with a probability of at least `CONFIRMED`."""

    CRITERIA = ["Names all four people who attended", "Greets Jamal by name", "Says when the group meets next", "Adds"]
    SHOWN = [
        Evidence(
            True, "", "quote: 'Attendees: Maya, Noor, Owen' is in the answer", quote="Attendees: Maya, Noor, Owen"
        ),
        Evidence(True, "", "quote: 'Hi Jamal,' is in the answer", quote="Hi Jamal,"),
        Evidence(False, "no part of the answer meets it", "quote: the grader found none"),
        Evidence(True, "", "check: returned True", check="def check(answer):\n    return add(1, 2) == 3\n"),
    ]

    async def test_an_unconfirmed_quote_is_unverified_and_a_confirmed_one_says_so(self):
        model = GivesProbabilities(yes=[0.45, 0.91], asked=[])
        out = await _confirmed(Asker(model, {}), self.CRITERIA, self.SHOWN)
        assert (out[0].passed, out[0].decided_by) == (None, "unverified: the quote is not confirmed")
        assert "yes 0.45, below 0.6" in out[0].why and out[0].quote == "Attendees: Maya, Noor, Owen"
        assert out[1].passed and out[1].decided_by == "quote: 'Hi Jamal,' is in the answer, confirmed (yes 0.91)"
        assert out[2:] == self.SHOWN[2:]
        assert model.asked == [
            confirm_question("Attendees: Maya, Noor, Owen", self.CRITERIA[0]),
            confirm_question("Hi Jamal,", self.CRITERIA[1]),
        ]
        record = _criterion(self.CRITERIA[0], out[0])
        assert record.unverified and not record.passed and record.gap.startswith("not verified: the grader cited")

    async def test_a_model_that_gives_no_probabilities_is_not_asked(self):
        class Plain(GivesProbabilities):
            batched_completions: ClassVar[bool] = False

        model = Plain(yes=[0.1, 0.1], asked=[])
        assert await _confirmed(Asker(model, {}), self.CRITERIA, self.SHOWN) == self.SHOWN
        assert model.asked == []


@needs_sandbox
async def test_a_criterion_naming_the_words_a_line_starts_with_is_read_off_that_line(script, seen):
    """A quote of the first line ("Join us for Fieldnote 2.0 ...") names the event, but the
    line does not start with it; the last line starts with "Answer:" whatever a check
    written without the answer guessed (`answer.endswith('Answer:')`). Neither asks the
    model; the criterion beside them is graded as always."""
    post = "Join us for Fieldnote 2.0: it launches on Tuesday!\n\nAnswer: Tuesday"
    result = await grounded(
        script,
        post,
        "- Starts with the event name, Fieldnote 2.0\n"
        '- Ends with a line that begins "Answer:"\n'
        "- Names the day of the launch",
        "    return judge()",
        "it launches on Tuesday",
        request="Announce the launch.",
        facts=[NO_FACT],
    )
    opens, ends, names = result.verdict.criteria
    assert (opens.passed, opens.unverified) == (False, False)
    assert opens.decided_by == "line: the first line does not start with 'Fieldnote 2.0'"
    assert opens.quote == "Join us for Fieldnote 2.0: it launches on Tuesday!"
    assert (ends.passed, ends.decided_by, ends.quote) == (
        True,
        "line: the last line starts with 'Answer:'",
        "Answer: Tuesday",
    )
    assert names.passed and names.decided_by.startswith("quote:")
    asked = [str(messages[-1].content) for messages in seen]
    assert not any("Starts with the event name" in a or 'begins "Answer:"' in a for a in asked)
    assert any(a.endswith("Criterion: Names the day of the launch") for a in asked)


@needs_sandbox
async def test_an_address_the_answer_does_not_hold_whole_fails_without_a_question(script, seen):
    """`/launches` is another page than `/launch`: no quote or check can make it the one
    named. An address the answer does hold leaves a criterion asking more of it to the grader."""
    post = "Fieldnote 2.0 is out! See https://fieldnote.app/launches for the details."
    result = await grounded(
        script,
        post,
        "- Links to https://fieldnote.app/launch\n- Points readers to the details at https://fieldnote.app/launches",
        "    return 'https://fieldnote.app/launches' in answer",
        "See https://fieldnote.app/launches for the details.",
        request="Announce the launch.",
        facts=[NO_FACT],
    )
    named, held = result.verdict.criteria
    assert (named.passed, named.unverified) == (False, False)
    assert named.decided_by == "address: 'https://fieldnote.app/launch' is not in the answer"
    assert held.passed and not held.decided_by.startswith("address")
    asked = [str(messages[-1].content) for messages in seen]
    about = [a for a in asked if "Criterion: " in a]
    assert about and all(
        "Criterion: Points readers to the details at https://fieldnote.app/launches" in a for a in about
    )


@needs_sandbox
async def test_a_figure_the_answer_does_not_give_fails_without_a_question(script, seen):
    """ "Sets the port to 9090" of a config that sets 8080 is unmet whatever a quote says;
    a figure the answer does give leaves the criterion to the grader."""
    config = "```yaml\nserver:\n  port: 8080\n  workers: 4\n```"
    result = await grounded(
        script,
        config,
        "- Sets the port to 9090\n- Sets the number of workers to 4",
        "    return 'workers: 4' in answer",
        "  workers: 4",
        request="Write the service's config.",
        facts=[NO_FACT],
    )
    port, workers = result.verdict.criteria
    assert (port.passed, port.unverified) == (False, False)
    assert port.decided_by == "value: '9090' is not in the answer"
    assert workers.passed and not workers.decided_by.startswith("value")
    asked = [str(messages[-1].content) for messages in seen]
    assert not any("Criterion: Sets the port to 9090" in a for a in asked)

"""The helpers a written check calls, run as the grader runs them: in the sandbox, on an
answer, each check's outcome read back (True, False, or None when it decided nothing)."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.check_kinds import classify
from rubricflow.activities.grader.pronouncing import rhyme_table
from rubricflow.activities.grader.written_checks import caseless, run_checks
from rubricflow.activities.sandbox import bubblewrap_available

needs_sandbox = pytest.mark.skipif(not bubblewrap_available(), reason="written checks run under bubblewrap")

QUATRAIN = (
    "The evening air is sharp and cold,\n"
    "The last boat shows a single light,\n"
    "The harbour stories all are told,\n"
    "And gulls fall silent for the night."
)


def check(body: str) -> str:
    return "def check(answer):\n    " + body + "\n"


def test_the_rhyming_part_of_a_word_runs_from_its_last_stressed_vowel():
    table = rhyme_table("light night cold told")
    assert table["light"] == table["night"] == "AY T"
    assert table["cold"] == table["told"] != table["light"]


@needs_sandbox
async def test_lines_rhyme_by_their_last_words_sounds():
    runs = await run_checks(
        QUATRAIN,
        "",
        [
            check("return rhymes(lines()[1], lines()[3])"),
            check("return rhymes(lines()[0], lines()[2]) and rhymes(lines()[1], lines()[3])"),
            check("return rhymes(lines()[0], lines()[1])"),
            check("return rhymes('a sneeple', 'the gneeple')"),  # words no dictionary knows: by spelling
        ],
    )
    assert [r.passed for r in runs] == [True, True, False, True]


LIMERICK = (
    "A tabby who lived in Corfu\n"
    "Had nothing whatever to do;\n"
    "She napped on the mat\n"
    "Till she grew rather fat,\n"
    "Then the cat slept the whole evening through!"
)


@needs_sandbox
async def test_several_lines_rhyme_when_all_share_one_rhyme_and_an_unknown_word_leaves_it_open():
    """`rhymes(a, b, c)` asks whether all of them rhyme. A word the dictionary lacks is compared
    by spelling; where that spelling differs ("Corfu" and "do"), whether they rhyme is not
    known, so the check decides nothing rather than fail."""
    runs = await run_checks(
        LIMERICK,
        "",
        [
            check("return rhymes(lines()[1], lines()[4])"),  # do, through
            check("return rhymes(lines()[2], lines()[3])"),  # mat, fat
            check("return rhymes(lines()[1], lines()[2], lines()[4])"),  # do, mat, through
            check("return rhymes(lines()[0], lines()[1], lines()[4])"),  # Corfu, do, through
            check("return rhymes(lines()[0])"),
        ],
    )
    assert [r.passed for r in runs[:3]] == [True, True, False]
    assert runs[3].passed is None and "does not know 'corfu'" in runs[3].detail
    assert runs[4].passed is None


@needs_sandbox
async def test_a_helper_used_as_a_list_is_its_reading_of_the_answer():
    """`lines[0]` is `lines()[0]`; `"x" in lines()` is whether a line contains x."""
    runs = await run_checks(
        QUATRAIN + "\n\nSouth grew the most.",
        "",
        [
            check("return lines[0] == lines()[0] and len(lines) == 5"),
            check("return 'South' in paragraphs() and 'harbour' in lines"),
            check("return 'North' in paragraphs()"),
            check("return 'cold' in words() and 'col' not in words()"),
        ],
    )
    assert [r.passed for r in runs] == [True, True, False, True]


@needs_sandbox
async def test_worked_calculations_are_redone():
    right = "- Tax: 12% of $4,179.00 = $501.48\n- Total: $4,179.00 + $501.48 = $4,680.48\n- 151 / 1,010 × 100 = 15.0%"
    wrong = "Not converted: 1,010 - 151 = 869"
    runs = await run_checks(right + "\n" + wrong, "", [check("return arithmetic_correct()")])
    assert runs[0].passed is False
    runs = await run_checks(
        right,
        "",
        [
            check("return arithmetic_correct()"),
            check("return len(calculations()) == 3"),
            check("return arithmetic_correct('No working here.')"),
        ],
    )
    assert [r.passed for r in runs] == [True, True, None]
    assert "no calculation" in runs[2].detail


@needs_sandbox
async def test_a_check_can_ask_whether_a_number_is_prime():
    """The helper a coder model reaches for with "every number is prime" (it called it
    without defining it): whole numbers only, as `numbers()` reads them (11 is 11.0)."""
    primes = "Here you go: 11, 13, 17"
    body = "return all(is_prime(n) for n in numbers())"
    runs = await run_checks(
        primes, "", [check(body), check("return not any(is_prime(n) for n in [0, 1, 4, 9, -7, 2.5])")]
    )
    assert [r.passed for r in runs] == [True, True]
    [run] = await run_checks("Here you go: 11, 15, 17", "", [check(body)])
    assert run.passed is False
    assert classify(check(body), [], "List three primes.", "Every number listed is prime") == "computed"


@needs_sandbox
async def test_dates_are_read_in_the_common_forms():
    task = "How many days are there from 6 September 2027 to December 16, 2027?"
    runs = await run_checks(
        "16 December 2027 is 101 days after 2027-09-06, a Thursday.",
        "",
        [
            check("d = dates(task)\n    return (d[1] - d[0]).days in numbers()"),
            check("return dates()[0].strftime('%A') in answer"),
            check("return dates() == [date(2027, 12, 16), date(2027, 9, 6)]"),
            check("return len(dates('no date here')) == 1"),
        ],
        task=task,
    )
    assert [r.passed for r in runs] == [True, True, True, None]


@needs_sandbox
async def test_a_lead_in_line_is_not_part_of_the_content():
    """ "Here you go:" before a blank line introduces the poem: the poem's lines and
    paragraphs are counted without it."""
    runs = await run_checks(
        "Here you go:\n\n" + QUATRAIN,
        "",
        [
            check("return len(lines()) == 4 and rhymes(lines()[1], lines()[3])"),
            check("return len(paragraphs()) == 1"),
            check("return 'Here you go' in prose()"),
        ],
    )
    assert [r.passed for r in runs] == [True, True, True]


@needs_sandbox
async def test_a_heading_alone_is_no_paragraph():
    """ "Is written as a single paragraph" of an abstract under a `**Abstract**` line: the
    heading is no paragraph of it; a paragraph that starts with a heading keeps it."""
    abstract = "**Abstract**\n\nThis study tested calls. Readmission fell by 18%.\n\n## Notes\nFunded by X."
    runs = await run_checks(
        abstract,
        "",
        [
            check("return len(paragraphs()) == 2"),
            check("return paragraphs()[0].startswith('This study')"),
            check("return paragraphs()[-1] == '## Notes\\nFunded by X.'"),
        ],
    )
    assert [r.passed for r in runs] == [True, True, True]


def test_a_check_comparing_with_a_figure_of_its_own_decides_nothing():
    """A number the check compares with must be one the task, the criterion or the
    reference gives (in digits or words): a figure the grader worked out in its head is its
    mental arithmetic, no witness. Computing with the task's numbers is fine."""
    given = "Sales were 1,010 and 151 sign-ups converted. Criterion: The percentage is correct to one decimal."
    assert classify("def check(answer):\n    return round(numbers()[1], 1) == 14.9\n", [], given) == "guessed"
    assert classify("def check(answer):\n    return numbers() == [859, 15]\n", [], given) == "guessed"
    computed = "def check(answer):\n    return round(151 / 1010 * 100, 1) in numbers()\n"
    assert classify(computed, [], given) == "computed"
    assert (
        classify("def check(answer):\n    return len(numbers()) == 2\n", [], "Gives exactly two numbers") == "computed"
    )
    assert (
        classify("def check(answer):\n    return all(n > 10 for n in numbers())\n", [], "Each is over 10") == "computed"
    )
    assert classify("def check(answer):\n    return len(sentences()) <= 1\n", [], "One sentence") == "computed"


def test_a_check_that_looks_for_digits_nobody_gave_decides_nothing():
    """`not '079' in answer` for "Does not include the customer's mobile number", `'Fixes #123'
    in answer` for "References the issue number": digits the task and the criterion never give
    are the grader's guess at the answer's, no witness. Digits they give are fine, a part of a
    number they give too."""
    task = "Write up the report. Don't put her mobile number on it."
    mobile = "Does not include the customer's mobile number"
    assert (
        classify("def check(answer):\n    return not '079' in answer\n", [], f"{task}\n{mobile}", mobile) == "guessed"
    )
    issue = "References the issue number"
    assert classify("def check(answer):\n    return 'Fixes #123' in answer\n", [], issue, issue) == "guessed"
    given = "I'm Tom Hale, Gas Safe 512874; put my registration number on it."
    number = "Gives the engineer's Gas Safe registration number"
    assert classify("def check(answer):\n    return '512874' in answer\n", [], given, number) == "present"
    assert (
        classify("def check(answer):\n    return not '0791' in answer\n", [], "Mobile 07911 123456", mobile)
        != "guessed"
    )


def test_a_check_that_an_answer_lacks_a_shape_of_digits_it_guessed_decides_nothing():
    """`not re.search(r'\\d{3}-\\d{3}-\\d{4}', answer)` for "Does not include anyone's phone
    number": a UK number is another shape, so its absence shows nothing (over every record such
    checks were right 34 times and wrong 21)."""
    phone = "Does not include anyone's phone number"
    us = "def check(answer):\n    return not any(re.search(r'\\d{3}-\\d{3}-\\d{4}', line) for line in lines())\n"
    assert classify(us, [], phone, phone) == "shape"
    zip_code = "def check(answer):\n    return not re.search(r'\\b\\d{5}\\b', answer)\n"
    assert classify(zip_code, [], "", "Does not include a street address or postcode") == "shape"
    held = "def check(answer):\n    return re.search(r'\\d{2}:\\d{2}', answer) is not None\n"
    assert classify(held, [], "", "Gives the start time") != "shape"  # a shape looked for, not ruled out


def test_a_strict_bound_one_from_a_stated_number_is_that_number():
    """`< 80` is "at most 79" written strictly, `> 2` is "at least 3"; an equality one off
    is still a figure of the check's own."""
    longest = "No line is longer than 79 characters"
    strict = "def check(answer):\n    return all(len(l) < 80 for l in code().splitlines())\n"
    assert classify(strict, [], longest, longest) == "computed"
    assert classify("def check(answer):\n    return len(items()) > 2\n", [], "At least 3 items") == "computed"
    assert classify("def check(answer):\n    return len(items()) == 4\n", [], "At least 3 items") == "guessed"
    assert classify("def check(answer):\n    return len(items()) < 90\n", [], "At least 3 items") == "guessed"


def test_a_check_that_seeks_its_own_answer_to_a_question_of_right_decides_nothing():
    """ "Correctly names the region that grew most" checked as `'West' in answer` tests the
    grader's own reading of the table, not the answer's; a text the criterion names is
    fine, and a comparison of a reading with itself reads nothing."""
    table = "Region Q1 Q2\nWest 500 520\nEast 400 480"
    grew = "Correctly names the region that grew most"
    assert classify("def check(answer):\n    return 'East' in answer\n", [], table, grew) == "guessed"
    assert classify("def check(answer):\n    return 'East' in answer\n", [], table, "Mentions East") == "present"
    named = "Correctly says that East grew most"
    assert classify("def check(answer):\n    return 'East' in answer\n", [], table, named) == "present"
    itself = "def check(answer):\n    return abs(numbers()[0]) == abs(numbers()[0])\n"
    assert classify(itself, [], table, grew) == "blind"
    mixed = "def check(answer):\n    return 'West' in answer and 'East' not in answer\n"
    assert classify(mixed, [], table, "Correctly says which regions declined") == "guessed"


def test_the_whole_answer_compared_with_a_value_is_no_test():
    """`answer == chunk([1, 2])` compares the answer's text with a value, which it never
    equals: like a literal it is not run. A property of the text itself is a test."""
    functions = ["chunk"]
    assert classify("def check(answer):\n    return answer == chunk([1, 2], 1)\n", functions) == "literal"
    assert classify("def check(answer):\n    return answer.strip() != str(2)\n", functions) == "literal"
    assert (
        classify("def check(answer):\n    return answer.lower() == answer\n", functions, "", "All lowercase")
        == "computed"
    )
    assert classify("def check(answer):\n    return chunk([1, 2], 1) == [[1], [2]]\n", functions, "1 2") == "behaviour"


def test_any_word_a_check_writes_for_a_question_of_right_must_be_the_criterions():
    weakest = "Names the right region as the weakest in Q1"
    finds = "def check(answer):\n    return answer.lower().find('coastal') > answer.lower().find('north')\n"
    assert classify(finds, [], "", weakest) == "guessed"
    iso = "def check(answer):\n    return re.search(r'\\d{4}-\\d{2}-\\d{2}', answer) is not None\n"
    assert classify(iso, [], "", "Writes the date in the correct ISO format") == "present"


@needs_sandbox
async def test_a_texts_index_finds_the_text_that_contains_it():
    runs = await run_checks(
        "- Jupiter\n- Saturn\n- Earth",
        "",
        [
            check("return lines().index('Saturn') < lines().index('Earth')"),
            check("return lines().index('- Earth') == 2"),
            check("return lines().index('Pluto') >= 0"),
        ],
    )
    assert [r.passed for r in runs] == [True, True, None]


@needs_sandbox
async def test_a_word_in_a_text_is_a_whole_word():
    """`"very" not in answer` holds of an answer that says "every": a check tests the word,
    not letters inside another; a plural still holds its word (of three letters or more:
    "Is" holds no "I"), and lists keep `in`."""
    runs = await run_checks(
        "Every cat in the category sleeps; two cats purr. Is it dusk?",
        "",
        [
            check("return 'very' not in answer.lower()"),
            check("return 'cat' in answer and 'cats' in answer"),
            check("return 'dog' in answer"),
            check("return not any(w in answer for w in ['ego', 'leep'])"),
            check("return 3 in [1, 2, 3] and 'a' in {'a': 1} and 'sleeps;' in answer"),
            check("return 'I' not in answer and 'we' not in answer.lower()"),  # "Is" is not "I", "wes" no word
        ],
        caseless=[True] * 6,
    )
    assert [r.passed for r in runs] == [True, True, False, True, True, True]


@needs_sandbox
async def test_an_address_in_a_text_is_the_whole_address():
    """A plural holds its word, but `/ask` is no part of `/asks`: a link, a path or an
    address is found only whole."""
    runs = await run_checks(
        "Use [Ask us](https://example.org/asks) or write to help@example.org.uk; see /docs/setup.\nFROM python:3.12-slim",
        "",
        [
            check("return 'https://example.org/ask' in answer"),
            check("return 'https://example.org/asks' in answer and '/docs/setup' in answer"),
            check("return 'help@example.org' in answer"),
            check("return 'Ask us' in answer and 'ask' in answer.lower()"),
            check("return 'python:3.12' in answer"),  # a tag's variant (`-slim`) is the tag
        ],
    )
    assert [r.passed for r in runs] == [False, True, False, True, True]


@needs_sandbox
async def test_json_loads_reads_an_answer_that_is_one_fenced_block():
    fenced = '```json\n{"name": "Ada", "born": 1815}\n```'
    runs = await run_checks(
        fenced,
        "",
        [
            check("return json.loads(answer)['born'] == 1815"),
            check("import json as j\n    return j.loads(answer)['name'] == 'Ada'"),
        ],
    )
    assert [r.passed for r in runs] == [True, True]
    prose = await run_checks("Here it is: " + fenced, "", [check("return isinstance(json.loads(answer), dict)")])
    assert prose[0].passed is None  # prose around the block is no JSON: the check raised


@needs_sandbox
async def test_a_text_is_found_in_any_case_unless_the_criterion_speaks_of_case():
    """`'ORDER BY' in answer` holds of a query written `order by` for "Orders newest first",
    never for "Writes SQL keywords in upper case"; texts in a helper's list likewise."""
    answer = "Here is the query:\n\n```sql\nselect id from orders order by created_at desc;\n```\n\nThank you."
    criteria = ["Orders the results newest first", "Writes SQL keywords in upper case", "Thanks the reader"]
    assert [caseless(c) for c in criteria] == [True, False, True]
    checks = [
        check("return 'ORDER BY' in answer and 'DESC' in answer"),
        check("return 'ORDER BY' in answer"),
        check("return 'Thank you' in sentences() and 'ORDERS' not in answer"),
    ]
    runs = await run_checks(answer, "", checks, caseless=[caseless(c) for c in criteria])
    assert [r.passed for r in runs] == [True, False, False]
    runs = await run_checks(answer, "", checks)
    assert [r.passed for r in runs] == [False, False, True]


@needs_sandbox
async def test_a_pattern_of_plain_words_is_found_in_any_case_unless_the_criterion_speaks_of_case():
    """`re.search(r'\\bunderstand\\b', ...)` finds "Understand" where the criterion says nothing
    of case, as `in` would; a pattern with a character class keeps its case (`[A-Z]` is a
    capital), and a criterion about case keeps every pattern as written."""
    answer = "## Objectives\n\n1. Understand the water cycle.\n2. Label its four stages."
    checks = [
        check("return all(re.search(r'\\bunderstand\\b|\\bknow\\b', o) is None for o in items())"),
        check("return re.compile(r'water cycle').search(answer.upper()) is not None"),
        check("return all(re.match(r'[A-Z]', o) for o in items())"),
        check("return len(re.findall(r'\\bLABEL\\b', answer)) == 1"),
    ]
    runs = await run_checks(answer, "", checks, caseless=[True] * 4)
    assert [r.passed for r in runs] == [False, True, True, True]
    runs = await run_checks(answer, "", checks, caseless=[False] * 4)
    assert [r.passed for r in runs] == [True, False, True, False]


@needs_sandbox
async def test_an_answers_lines_are_its_codes_lines_and_its_prose_lines():
    """ "No line is longer than 79 characters", "Does not turn on autoindex": the lines of
    an answer are its code's lines too, whether or not prose stands around the block (a
    note after an nginx config had hidden the config from `lines()`); the lead-in and the
    fences are none. An answer with prose of its own keeps its prose's paragraphs."""
    query = "Here is the query:\n\n```sql\nSELECT id\nFROM orders;\n```"
    mixed = "Here is the query:\n\n```sql\nSELECT id\nFROM orders;\n```\n\nIt reads every order."
    checks = [
        check("return len(lines()) == 2 and lines()[-1].endswith(';')"),
        check("return paragraphs() == ['SELECT id\\nFROM orders;']"),
        check("return lines() == ['SELECT id', 'FROM orders;', 'It reads every order.']"),
        check("return not any('DELETE' in line for line in lines()) and any('FROM' in line for line in lines())"),
    ]
    assert [r.passed for r in await run_checks(query, "", checks)] == [True, True, False, True]
    assert [r.passed for r in await run_checks(mixed, "", checks)] == [False, False, True, True]


@needs_sandbox
async def test_a_markdown_tables_rows_are_read_by_their_headers():
    """`table()` gives the first table's rows; a header is found by its first words."""
    answer = (
        "Here is how they compare:\n\n| Model | Price (USD) | Weight (kg) |\n|---|---:|---|\n"
        "| **Beam** | $59 | 0.9 |\n| Lumen | $89 | 1.6 |\n\nI would pick the Beam."
    )
    checks = [
        check("return [row['Model'] for row in table()] == ['**Beam**', 'Lumen']"),
        check("return all(row['price'].startswith('$') for row in table())"),
        check("return [numbers(r['Weight'])[0] for r in table()] == [0.9, 1.6] and len(table) == 2"),
        check("return table()[0]['Colour'] == 'red'"),
        check("return len(table()) == 3"),
    ]
    assert [r.passed for r in await run_checks(answer, "", checks)] == [True, True, True, None, False]
    assert [r.passed for r in await run_checks("No table here.", "", checks[-1:])] == [None]


@needs_sandbox
async def test_all_of_nothing_measured_decides_nothing():
    """`all(...)` over dates the answer does not have is True of nothing: no verdict, as a
    False over nothing is none; `not any(...)` over nothing is a True that measured nothing,
    which only a criterion met by an absence takes as met (the grader decides that)."""
    checks = [
        check("return all(d.year >= 2026 for d in dates())"),
        check("return not any(d.year < 2026 for d in dates())"),
    ]
    all_of, none_of = await run_checks("Due 9 April and 14 April.", "", checks)
    assert (all_of.passed, all_of.empty, none_of.passed, none_of.empty) == (None, False, None, True)
    assert [r.passed for r in await run_checks("Due 2027-04-09.", "", checks)] == [True, True]
    [run] = await run_checks("Due 9 April.", "", checks[:1])
    assert run.detail == "the check's all() held of nothing: dates() found none in the answer"


@needs_sandbox
async def test_all_over_nothing_it_read_decides_nothing():
    """An `all(...)` given nothing (issue numbers looked for in a form the answer does not
    write) is True of nothing, whatever it went through; one given something decides."""
    checks = [
        check(r"return all(ref in answer for ref in re.findall(r'\[#\d+\]', answer))"),
        check(r"return all(re.search(r'#\d+', line) for line in items())"),
    ]
    [vacuous, items_linked] = await run_checks("- Fix a crash (#12)\n- Keep commas (#14)", "", checks)
    assert (vacuous.passed, items_linked.passed) == (None, True)
    assert vacuous.detail == "the check's all() held of nothing: it went through nothing of the answer"
    runs = await run_checks("- Fix a crash [#12]\n- Keep commas", "", checks)
    assert [r.passed for r in runs] == [True, False]


@needs_sandbox
async def test_a_section_is_the_text_under_its_heading():
    """`section(title)` reads a Markdown document by its headings (`#` levels, then a bold line
    or a short line ending in a colon, below every `#` level); a heading the answer does not
    have is nothing measured."""
    answer = (
        "# Release 2.4.0\n\n## Fixed\n\n- Uploads resume (#812)\n- Proxy settings\n\n### Details\n\nMore.\n\n"
        "## Breaking changes\n\n- `--legacy-auth` is gone\n\n**Upgrade notes**\n\nUse `--token`.\n\nKnown issues:\n- none"
    )
    checks = [
        check("return len(items(section('Fixed'))) == 2 and 'More.' in section('fixed')"),
        check("return 'legacy-auth' in section('Breaking') and 'Uploads' not in section('Breaking')"),
        check("return section('upgrade notes') == 'Use `--token`.' and items(section('Known issues')) == ['none']"),
        check("return all(re.search(r'#\\d+', item) for item in items(section('Fixed')))"),
        check("return len(items(section('Added'))) == 2"),
    ]
    assert [r.passed for r in await run_checks(answer, "", checks)] == [True, True, True, False, None]


@needs_sandbox
async def test_a_section_is_found_by_a_heading_holding_its_title_words_when_none_starts_with_it():
    """A title no heading starts with is the one heading holding each of its words ("Rules" is
    "Plot rules"); held by two headings, or by none, it is nothing measured."""
    answer = (
        "## Your plot\n\nPlot 14.\n\n## Plot rules\n\n- No bonfires\n- Keep paths clear\n\n"
        "## Tool shed rules\n\n- Lock it\n\n## In brief\n\nA short note."
    )
    checks = [
        check("return len(items(section('Plot rules'))) == 2"),
        check("return items(section('shed rules')) == ['Lock it']"),
        check("return len(items(section('Rules'))) == 2"),  # two headings hold "rules"
        check("return len(sentences(section('Summary'))) <= 3"),
        check("return len(items(section('Tool rules'))) == 1"),  # its words, not its phrase
    ]
    assert [r.passed for r in await run_checks(answer, "", checks)] == [True, True, None, None, True]

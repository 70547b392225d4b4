"""A criterion naming the words a line of the answer starts with is read off that line by
code: no check, quote or reading of the model decides it."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.openings import Opening, opening, opens_with


class TestWhichCriteriaNameAnOpening:
    @pytest.mark.parametrize(
        ("criterion", "expected"),
        [
            ("Starts with the event name, Fieldnote 2.0", Opening("first", "Fieldnote 2.0")),
            ('Opens with "Dear Hiring Manager,"', Opening("first", "Dear Hiring Manager,")),
            ('Starts with "Red or Green"', Opening("first", "Red or Green")),  # quoted: one phrase
            ("Begins with the product name (Aero 30)", Opening("first", "Aero 30")),
            ("The subject line starts with `fix:`", Opening("first", "fix:")),
            ("The post begins with Big news", Opening("first", "Big news")),
            ("Starts with #!/usr/bin/env bash", Opening("first", "#!/usr/bin/env bash")),
            ('Puts the final answer on its own last line, starting with "Answer:"', Opening("last", "Answer:")),
            ('Ends with a line that begins "Answer:"', Opening("last", "Answer:")),
            ('The last line starts with "Total"', Opening("last", "Total")),
            ('Ends with "Thanks for reading!"', Opening("last", "Thanks for reading!", "ends")),
            ("The last line ends with the word 'away'", Opening("last", "away", "ends")),
            ("Ends with the name Lena", Opening("last", "Lena", "holds")),
            ("The first line gives the status, Identified", Opening("first", "Identified", "holds")),
            ("Uses the word 'kettle' in the last line", Opening("last", "kettle", "holds")),
            ('Opens the letter with "Dear Mr. Lee,"', Opening("first", "Dear Mr. Lee,")),
            ('Starts the workflow with "name: Build"', Opening("first", "name: Build")),
            ("Ends with the full name Ana Ruiz under the closing", Opening("last", "Ana Ruiz", "holds")),
            ("Signs off with the writer's full name, Jo Park", Opening("last", "Jo Park", "holds")),
            ("Ends with the sweep's signature, Tom Ashby", Opening("last", "Tom Ashby", "holds")),
            ('The first line ends with "v2.0"', Opening("first", "v2.0", "ends")),
            ('Signs off with "Kind regards"', Opening("last", "Kind regards", "ends")),
        ],
    )
    def test_the_line_and_the_words(self, criterion, expected):
        assert opening(criterion) == expected

    @pytest.mark.parametrize(
        "criterion",
        [
            "Starts with a greeting",  # no words named: a reader's judgement
            "Starts with a shebang line",
            'Each bullet starts with "-"',  # every line, not one
            "Every step begins with a verb",
            'Does not start with "Hi"',  # a negation is another criterion
            'The docstring starts with "Return"',  # a part of the answer, not its first line
            "Names the event, Fieldnote 2.0",
            "Ends with a question",
            'Opens the second paragraph with "However"',  # a part of the answer, not its first line
            "Ends with the name of the person replying",
            "Keeps the date on the first line",  # what precedes "on the first line" names no words
            "Opens with an overall RAG status (Green, Amber or Red)",  # choices, not one phrase
            "Starts with Yes or No",
        ],
    )
    def test_criteria_that_name_no_opening(self, criterion):
        assert opening(criterion) is None


class TestTheLineDecides:
    POST = "Big news from our team: Fieldnote 2.0 launches on Tuesday!\n\n#notes #launch"

    def test_the_words_elsewhere_on_the_first_line_do_not_open_it(self):
        met, line = opens_with(self.POST, Opening("first", "Fieldnote 2.0"))
        assert (met, line) == (False, "Big news from our team: Fieldnote 2.0 launches on Tuesday!")
        assert opens_with("Fieldnote 2.0 launches on Tuesday!", Opening("first", "Fieldnote 2.0"))[0]

    def test_case_markup_and_a_lead_in_do_not_count(self):
        post = "Here is the post:\n\n**FIELDNOTE 2.0** launches on Tuesday! \U0001f680"
        assert opens_with(post, Opening("first", "Fieldnote 2.0")) == (
            True,
            "**FIELDNOTE 2.0** launches on Tuesday! \U0001f680",
        )
        assert opens_with("# Fieldnote 2.0 is here\n\nIt is.", Opening("first", "Fieldnote 2.0"))[0]
        assert opens_with("\U0001f680 Fieldnote 2.0 is here", Opening("first", "Fieldnote 2.0"))[0]

    def test_the_last_line_of_content(self):
        worked = "1. 3 x 4 = 12\n2. 12 + 5 = 17\n\n**Answer:** 17 apples"
        assert opens_with(worked, Opening("last", "Answer:")) == (True, "**Answer:** 17 apples")
        assert not opens_with(worked + "\n\nHope this helps!", Opening("last", "Answer:"))[0]
        assert not opens_with("The answer is 17.\nAnswer 17", Opening("last", "Answer:"))[0]

    def test_a_script_in_a_block_opens_at_its_first_line(self):
        script = "Here is the script:\n\n```bash\n#!/usr/bin/env bash\nset -eu\n```"
        assert opens_with(script, Opening("first", "#!/usr/bin/env bash"))[0]
        assert not opens_with("```bash\nset -eu\n```", Opening("first", "#!/usr/bin/env bash"))[0]

    def test_the_end_of_the_last_line_and_what_a_line_holds(self):
        letter = "Thanks for your time.\n\nBest,\nLena Fischer"
        assert opens_with(letter, Opening("last", "Lena", "holds")) == (True, "Lena Fischer")
        assert not opens_with(letter, Opening("last", "Lena", "ends"))[0]
        thanks = Opening("last", "Thanks for reading!", "ends")
        assert opens_with("See you there.\nThanks for reading! \U0001f680", thanks)[0]
        assert not opens_with("Thanks for reading!\nSee you there.", thanks)[0]
        poem = "an old silent pond\nthe kettle sings\n"
        assert opens_with(poem, Opening("last", "kettle", "holds"))[0]
        assert not opens_with(poem, Opening("last", "kettles", "holds"))[0]  # a word, not a part of one
        assert not opens_with(poem, Opening("last", "pond", "holds"))[0]

    def test_a_title_without_the_words_over_a_line_with_them_is_left_to_the_grader(self):
        """ "The first line mentions Peru" of a limerick under a title: whether the title is
        the first line is the criterion's to say, so code does not decide; a title that
        holds the words, or a first line that is no title, still decides."""
        limerick = "Here's one:\n\n**Nine Lives, One Nap**\n\nA tabby who lived in Peru\nHad nothing to do;"
        peru = Opening("first", "Peru", "holds")
        assert opens_with(limerick, peru) == (None, "**Nine Lives, One Nap**")
        assert read_by_code(limerick, "The first line mentions Peru") is None
        assert opens_with(limerick.replace("Nine Lives", "Peru"), peru)[0] is True
        assert opens_with(limerick.replace("**Nine Lives, One Nap**\n\n", ""), peru)[0] is True
        assert opens_with("Hi team,\n\nPeru ships today.", Opening("first", "Peru"))[0] is False  # a greeting

    def test_an_empty_answer_opens_with_nothing(self):
        assert opens_with("", Opening("first", "Hi")) == (False, "")


def test_the_record_says_what_the_line_was_read_for():
    """A line read for its end or for words it holds is recorded as such, not as its start."""
    letter = "Thanks for your time.\n\nBest,\nLena Fischer"
    held = read_by_code(letter, "Ends with the name Lena")
    assert (held.passed, held.decided_by, held.quote) == (True, "line: the last line holds 'Lena'", "Lena Fischer")
    ended = read_by_code(letter, 'Ends with "Thanks for reading!"')
    assert (ended.passed, ended.decided_by) == (False, "line: the last line does not end with 'Thanks for reading!'")
    started = read_by_code(letter, 'Opens with "Dear Lena,"')
    assert (started.passed, started.decided_by) == (False, "line: the first line does not start with 'Dear Lena,'")
    assert read_by_code(letter, "Thanks the reader") is None


def test_words_the_criterion_asks_for_beside_more_decide_only_when_missing():
    """ "The first line names Lily Evans and gives the date of birth": a first line without
    the name is unmet, but one with it may still lack the date, which is the grader's to say."""
    criterion = "The first line names Lily Evans and gives the date of birth"
    assert opening(criterion) == Opening("first", "Lily Evans", "holds", more=True)
    assert read_by_code("Vaccination record: Lily Evans\n\n- 2025-01-04 6-in-1", criterion) is None
    unmet = read_by_code("Vaccination record of L. Evans, born 2024-11-02\n\n- 2025-01-04 6-in-1", criterion)
    assert (unmet.passed, unmet.decided_by) == (False, "line: the first line does not hold 'Lily Evans'")
    assert opening("The first line gives the status, Identified") == Opening("first", "Identified", "holds")


def test_a_name_above_a_last_line_of_contact_details_is_a_sign_off_left_to_the_grader():
    """A name the answer is to end with, standing on one of the two lines above its last
    (a business's name and number under the signature): whether the sign-off is the end is
    the criterion's to say."""
    letter = "Thanks for your support!\n\nBest wishes,\nAsha Kaur\nClearview Windows, 0114 555 0392"
    assert read_by_code(letter, "Ends with the cleaner's name, Asha Kaur") is None
    assert read_by_code(letter, "Ends with the cleaner's name, Asha Khan").passed is False
    remark = "Best wishes,\nAsha Kaur\nPlease ring if you see smoke in the room."  # a closing remark is the end
    assert read_by_code(remark, "Ends with the cleaner's name, Asha Kaur").passed is False
    poem = "Grey tide\nthe kettle hums\nwaves"  # a word, not a name
    assert read_by_code(poem, "Uses the word 'kettle' in the last line").passed is False
    signed = "Sweep done.\n\nSigned: Tom Ashby, Guild of Master Chimney Sweeps member 1187"
    assert read_by_code(signed, "Ends with the sweep's signature, Tom Ashby").passed is True

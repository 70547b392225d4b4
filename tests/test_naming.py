"""The words a criterion names a thing by, as patterns a line holding them matches."""

from __future__ import annotations

from rubricflow.activities.grader.naming import named_stems, section_stems


def test_a_word_is_its_first_five_letters_and_a_hyphened_word_is_whole():
    stems = named_stems("The weekday given for the pick-up after arrival", {"the", "weekday", "given", "for", "after"})
    assert [s.pattern for s in stems] == [r"(?<!\w)pick[-\s]?up", r"(?<!\w)arriv"]
    line = "| Pick up | Arrived: Saturday 2 August 2026 |"
    assert all(s.search(line) for s in stems)
    assert not named_stems("it is an ox", set())  # words of two letters or fewer name nothing


def test_a_possessive_is_its_word():
    [stem] = named_stems("the employer's", {"the"})
    assert stem.search("Employer pension (4% of gross): $179.60") and not stem.search("unemployed")


def test_a_part_of_a_document_is_named_by_its_word_or_another_word_for_the_same_part():
    def names(part: str, heading: str) -> bool:
        return any(stem.search(heading) for stem in section_stems(part, {"the", "section", "on"}))

    assert names("the price", "Costs") and names("the price", "Payment summary") and names("the fines", "Charges")
    assert names("the timings", "Times") and names("the meeting dates", "Schedule")
    assert names("the findings", "What we found") and names("the work done", "Advice") is False
    assert names("the recommendations", "Advice") and names("the feeding notes", "Food and medicine")
    assert names("the summary", "Overview") and names("the request", "What we are asking for")
    assert names("the prices", "Your bill")
    # a word in no group is named by itself alone
    assert [s.pattern for s in section_stems("the design section", {"the", "section"})] == [r"(?<!\w)desig"]

"""A criterion asking one spelling of a name throughout is read by code: a word that is the
name misspelt, beside the name, fails it; the name and no such word meets it."""

from __future__ import annotations

import pytest

from rubricflow.activities.grader.code_reading import read_by_code
from rubricflow.activities.grader.spellings import misspelt, named_spellings, spelling


@pytest.mark.parametrize(
    ("criterion", "names"),
    [
        ("Spells the speaker's surname Okonkwo the same way throughout", ["Okonkwo"]),
        ("Okonkwo is written one way every time it appears", ["Okonkwo"]),
        ("Spells Biscuit's name the same way throughout", ["Biscuit"]),  # the name, not its possessive
        ("Spells the owner’s name, O'Donnell, one way", ["O'Donnell"]),
        ("Writes Tornell one way every time", ["Tornell"]),
        ("Gallagher is spelt one way every time", ["Gallagher"]),
        ("Keeps one spelling of 'Hollowbrook' throughout", ["Hollowbrook"]),
        ("Spells the candidate's name, Rhys Llewellyn, the same way throughout", ["Rhys", "Llewellyn"]),
        ("Spells the client's name Pryce consistently", ["Pryce"]),
        ("Spells every passenger's name exactly as given in the request", []),  # names none, asks no one way
        ("The first letters of the lines spell LANTERN", []),  # an acrostic, not one spelling throughout
        ("Mentions Okonkwo in the abstract", []),  # asks nothing of spelling
        ("Writes Jonah Whitfield consistently, with no misspelling", ["Jonah", "Whitfield"]),
        ("Never spells Okonkwo two different ways", []),  # negated: the grader's
        ("Uses the correct spelling of Zinnia everywhere", ["Zinnia"]),
        ("Spells Shimano correctly every time", ["Shimano"]),
        ("Uses the correct spelling of Vaughan Williams throughout", ["Vaughan", "Williams"]),
        ("Sticks to UK spellings, with no American ones", []),  # negated, and no name
        ("Uses one consistent spelling of Kieran", ["Kieran"]),
        ("Keeps a consistent spelling of Okonkwo", ["Okonkwo"]),
        ("Gets Hector's name right every time", ["Hector"]),
        ("Gets Mittens's name right every time it appears", ["Mittens"]),
        ("Spells Lanyon in the charity's name correctly", ["Lanyon"]),
        ("Gets the name right", []),  # names no name
    ],
)
def test_the_names_a_criterion_asks_one_spelling_of(criterion, names):
    assert named_spellings(criterion) == names


def test_a_word_a_letter_or_a_swap_from_the_name_is_it_misspelt():
    answer = "Amara Okonkwo leads the team.\nThe plan, by Amara Okonkow, ships soon. Okonkwos and OKONKWO agree."
    assert misspelt(answer, "Okonkwo") == ["Okonkow"]  # a plural and capitals are the name; a swap is not
    assert misspelt("Ferreira wrote it; Ferriera signed it.", "Ferreira") == ["Ferriera"]
    assert misspelt("Okonkwo’s talk, by Okonkwo, then O'Donell and O'Donnell.", "Okonkwo") == []
    assert misspelt("O'Donnell wrote; O'Donell signed.", "O'Donnell") == ["O'Donell"]
    assert misspelt("Whitfield and Whitfeild met Witfeild.", "Whitfield") == ["Whitfeild", "Witfeild"]
    assert misspelt("Tornell sells a tornel and a Tornado.", "Tornell") == []  # lower case is no name; two edits off


def test_a_mixed_spelling_fails_and_one_spelling_meets_it():
    criterion = "Spells the guest's surname Bakare the same way throughout"
    unmet = spelling("Guest: Dr Funmi Bakare\n\nThanks to Dr Bakkare for joining us.", criterion)
    assert unmet is not None and unmet.passed is False
    assert "'Bakkare'" in unmet.decided_by and unmet.quote == "Thanks to Dr Bakkare for joining us."
    met = spelling("Guest: Dr Funmi Bakare\n\nThanks to Dr Bakare for joining us.", criterion)
    assert met is not None and met.passed is True and met.quote == "Guest: Dr Funmi Bakare"


def test_a_short_name_is_left_to_the_grader_and_a_long_one_beside_it_fails_alone():
    """English is full of words a letter from a short name (Price beside Pryce, Rees beside Rhys)."""
    assert spelling("Sian Pryce, Price list attached.", "Spells the client's name Pryce consistently") is None
    criterion = "Spells the candidate's name, Rhys Llewellyn, the same way throughout"
    assert spelling("Rhys Llewellyn applied. I coordinated Rees for two years.", criterion) is None
    assert spelling("Rhys Llewellyn applied. This year Rhys ran it.", criterion) is None  # This: two from Rhys
    unmet = spelling("Rhys Llewellyn applied. I coordinated Rhys Lewellyn for two years.", criterion)
    assert unmet is not None and unmet.passed is False and "'Lewellyn'" in unmet.decided_by


def test_a_name_the_answer_never_holds_is_left_to_the_grader():
    criterion = "Spells the guest's surname Bakare the same way throughout"
    assert spelling("Thanks to Dr Bakkare for joining us, Dr Bakkare.", criterion) is None
    assert spelling("Thanks to our guest for joining us.", criterion) is None


def test_the_grounded_grader_reads_it_by_code_before_asking_the_model():
    evidence = read_by_code("Okonkwo spoke; Okonkow answered.", "Okonkwo is written one way every time it appears")
    assert evidence is not None and evidence.passed is False and evidence.decided_by.startswith("spelling:")
    assert read_by_code("Okonkwo spoke; Okonkow answered.", "Mentions Okonkwo") is None


def test_a_misspelt_plural_is_the_name_misspelt():
    answer = "- Zinnia 'Benary's Giant'\n- plant out the zinnias in June\nZinias sown in March flower in June.\n"
    read = spelling(answer, "Uses the correct spelling of Zinnia everywhere")
    assert read is not None and read.passed is False and read.decided_by == "spelling: 'Zinias' beside 'Zinnia'"


def test_a_word_of_a_name_of_several_is_misspelt_only_beside_another_of_them():
    criterion = "Uses the correct spelling of Vaughan Williams throughout"
    other = "1. Linden Lea - Ralph Vaughan Williams\nIt sets a poem by William Barnes.\n"
    assert spelling(other, criterion).passed is True  # William Barnes is another man
    wrong = "1. Linden Lea - Ralph Vaughan Williams\n2. The Turtle Dove - Ralph Vaughan Wiliams\n"
    assert spelling(wrong, criterion).passed is False


def test_a_word_of_a_name_of_several_misspelt_as_no_word_is_misspelt_wherever_it_stands():
    criterion = "Uses one spelling of the charity's name, Thornbury Foodbank, throughout"
    answer = "**Swim for Thornbury Foodbank**\n64 lengths of the Thornbery Leisure Centre pool.\n"
    read = spelling(answer, criterion)
    assert read is not None and read.passed is False  # "Thornbery" is no word: Thornbury misspelt
    hospice = "| Charity | Oakhaven Children's Hospice |\nI'll take it to the Oakhavan shop.\n"
    read = spelling(hospice, "Uses one spelling of the charity's name, Oakhaven Children's Hospice, throughout")
    assert read is not None and read.passed is False


def test_a_short_name_misspelt_as_no_word_fails_and_one_with_nothing_near_it_meets():
    """A short name's misspelling decides only where it is no word of the dictionary, and its one
    spelling only where no capitalised word stands within two letters of it."""
    criterion = "Spells Freya's name the same way every time"
    unmet = spelling("Thanks for looking after Freya and Oscar.\n1. Freyja can shower on her own.", criterion)
    assert unmet is not None and unmet.passed is False and "'Freyja'" in unmet.decided_by
    assert unmet.quote == "1. Freyja can shower on her own."
    met = spelling("Thanks for looking after Freya and Oscar.\n1. Freya can shower on her own.", criterion)
    assert met is not None and met.passed is True
    assert spelling("Freya and Oscar. Fred will drop in.", criterion) is None  # Fred: two from Freya
    assert spelling("Sian Pryce. Prices attached.", "Spells the client's name Pryce consistently") is None

"""The criteria code decides alone, before any model is asked: by the line a criterion names
(`openings.py`), unmet for an address (`addresses.py`) or a figure it gives (`values.py`) that
the answer lacks, else by the first of `READERS` that reads it (each module's docstring says
what it reads and what it leaves to the grader). Each returns the evidence, or None when code
cannot tell; the grounded grader asks the model only about the criteria none decides.
"""

from __future__ import annotations

from collections.abc import Callable

from rubricflow.activities.grader.access_codes import code_read
from rubricflow.activities.grader.addresses import missing_address
from rubricflow.activities.grader.birth_dates import birth_read
from rubricflow.activities.grader.capitals import capitals_read
from rubricflow.activities.grader.card_numbers import card_read
from rubricflow.activities.grader.citing import Evidence
from rubricflow.activities.grader.contact_details import contact_read
from rubricflow.activities.grader.content_said import said_read
from rubricflow.activities.grader.conversions import conversion_read
from rubricflow.activities.grader.counts import count_read
from rubricflow.activities.grader.date_gaps import date_gap_read
from rubricflow.activities.grader.date_spans import date_span_read
from rubricflow.activities.grader.durations import duration_read
from rubricflow.activities.grader.end_questions import question_read
from rubricflow.activities.grader.exact_wordings import exact_read
from rubricflow.activities.grader.exclamations import exclamation_read
from rubricflow.activities.grader.formats import format_read
from rubricflow.activities.grader.lengths import length_read
from rubricflow.activities.grader.named_absences import absence_read
from rubricflow.activities.grader.nights import nights_read
from rubricflow.activities.grader.openings import Opening, opening, opens_with
from rubricflow.activities.grader.orders import order_read
from rubricflow.activities.grader.own_headings import heading_read, last_heading_read
from rubricflow.activities.grader.percentages import percentage_read
from rubricflow.activities.grader.phone_numbers import phone_read
from rubricflow.activities.grader.postcodes import postcode_read
from rubricflow.activities.grader.products import product_read
from rubricflow.activities.grader.quoted_words import quoted_read
from rubricflow.activities.grader.rated_amounts import rated_read
from rubricflow.activities.grader.reference_formats import reference_read
from rubricflow.activities.grader.same_references import same_reference_read
from rubricflow.activities.grader.sequences import sequence_read
from rubricflow.activities.grader.spellings import spelling
from rubricflow.activities.grader.sums import sum_read
from rubricflow.activities.grader.tallies import tally_read
from rubricflow.activities.grader.values import missing_value
from rubricflow.activities.grader.weekdays import weekday_read
from rubricflow.activities.grader.worked_figures import worked_read


def read_by_code(answer: str, criterion: str, task: str = "") -> Evidence | None:
    """The criterion decided by code alone; None when no reader decides it (the readers of
    `TASK_READERS` read the task too)."""
    if (wanted := opening(criterion)) is not None:
        return _opening_read(answer, wanted)  # None: the first line is a title, and which is meant is unclear
    if (address := missing_address(answer, criterion)) is not None:
        why = f"the answer does not hold {address!r} (nor is another address the same one)"
        return Evidence(False, why, f"address: {address!r} is not in the answer")
    if (value := missing_value(answer, criterion)) is not None:
        why = f"the answer gives {value!r} nowhere (in digits, or as a word)"
        return Evidence(False, why, f"value: {value!r} is not in the answer")
    return next((read for reader in READERS if (read := _read(reader, answer, criterion, task)) is not None), None)


def _read(reader: Callable[..., Evidence | None], answer: str, criterion: str, task: str) -> Evidence | None:
    return reader(answer, criterion, task) if reader in _TASKREADERS else reader(answer, criterion)


READERS = (
    spelling,
    same_reference_read,
    capitals_read,
    exclamation_read,
    question_read,
    quoted_read,
    exact_read,
    absence_read,
    format_read,
    reference_read,
    card_read,
    code_read,
    phone_read,
    postcode_read,
    contact_read,
    birth_read,
    weekday_read,
    date_span_read,
    date_gap_read,
    nights_read,
    percentage_read,
    duration_read,
    sum_read,
    product_read,
    rated_read,
    order_read,
    heading_read,
    last_heading_read,
    sequence_read,
    count_read,
    length_read,
    conversion_read,
    tally_read,
    worked_read,
    said_read,
)
"""The readers that decide a criterion from the answer's words alone, or None, tried in turn."""
_TASKREADERS = frozenset({length_read, contact_read})
"""The readers that read the task too (the thing it asks be written)."""


def _opening_read(answer: str, wanted: Opening) -> Evidence | None:
    """The criterion decided by the line it names: it starts with, ends with or holds the
    words, or not; None when the first line is a title without them and the line under
    it has them, or holds the words of a criterion that asks more of it (the model's steps
    decide then)."""
    met, line = opens_with(answer, wanted)
    if met is None or (met and wanted.more):
        return None  # a title over the words, or words the criterion asks for beside more
    where = f"the {wanted.line} line"
    does, does_not = _LINE_DOES[wanted.how]
    if met:
        return Evidence(True, "", f"line: {where} {does} {wanted.words!r}", quote=line)
    why = f"{where} of the answer ({line[:120]!r}) {does_not} {wanted.words!r}"
    return Evidence(False, why, f"line: {where} {does_not} {wanted.words!r}", quote=line or None)


_LINE_DOES = {
    "starts": ("starts with", "does not start with"),
    "ends": ("ends with", "does not end with"),
    "holds": ("holds", "does not hold"),
}
"""What a line read for a criterion was found to do with its words, and not to do."""

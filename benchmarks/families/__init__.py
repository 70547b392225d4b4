"""The judge benchmark's families beyond the fact menu: kinds of criteria users write that no
measured fact settles, each with its truth decided by code (see each module's docstring).

Every family draws from its own seeded stream (`labelled.SEED` and its name), so the set is
the same on every machine and adding a family changes no other. Nothing in them was chosen by
how a grader did. The fresh sets, and `ALONE`, the sets run alone (`--set NAME`), are in
`benchmarks.fresh_sets`.
"""

from __future__ import annotations

from collections.abc import Callable

from benchmarks.families import (
    action_items,
    api_docs,
    arithmetic,
    behaviour,
    bug_report,
    code_style,
    commit_message,
    comparison_table,
    dates_units,
    email,
    incident_update,
    job_posting,
    json_output,
    meeting_notes,
    negation,
    numbers,
    ordering,
    pr_description,
    prose,
    recipe,
    release_notes,
    service_config,
    sql,
    substance,
    support_reply,
    table_claims,
    verse,
)
from benchmarks.labelled import JudgeCase

FAMILIES: dict[str, Callable[[], list[JudgeCase]]] = {
    module.FAMILY: module.cases
    for module in (
        behaviour,
        numbers,
        arithmetic,
        substance,
        prose,
        verse,
        negation,
        json_output,
        dates_units,
        table_claims,
        ordering,
    )
}
"""Family name -> the function that generates its cases."""


HELD_OUT: dict[str, Callable[[], list[JudgeCase]]] = {
    code_style.FAMILY: code_style.cases,
    email.FAMILY: email.cases,
    sql.FAMILY: sql.cases,
    commit_message.FAMILY: commit_message.cases,
    comparison_table.FAMILY: comparison_table.cases,
    action_items.FAMILY: action_items.cases,
    service_config.FAMILY: service_config.cases,
    release_notes.FAMILY: release_notes.cases,
    recipe.FAMILY: recipe.cases,
    api_docs.FAMILY: api_docs.cases,
    incident_update.FAMILY: incident_update.cases,
    bug_report.FAMILY: bug_report.cases,
}
"""Families written after the grader's last rule and never graded while it was written: run
alone (`--set held`) so that the `new` set, and every sample taken of it, stays as it was."""


DOCS: dict[str, Callable[[], list[JudgeCase]]] = {
    module.FAMILY: module.cases for module in (meeting_notes, support_reply, pr_description, job_posting)
}
"""Families of short documents, written (and committed) before the grader was tuned on them:
the `new` set holds few criteria about documents, and the held-out families, which are mostly
documents, must stay unseen. Run alone (`--set docs`)."""


def build_new_cases() -> list[JudgeCase]:
    return [case for build in FAMILIES.values() for case in build()]
